//! Trump modes: the rank order and the card points of each (003, "The rank and values of the
//! cards"; 004, the Obenabe/Undenufe tables).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, ParseError, Rank, Suit};
use crate::cardset::CardSet;

/// How the cards rank in a deal: a trump suit, Obenabe (no trump, ace high) or Undenufe (no trump,
/// six high). Games with further contracts (Misère, Slalom …) map each trick onto one of these.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// That suit is trump.
    Trump(Suit),
    /// No trump, natural order A K Q J 10 9 8 7 6.
    Obenabe,
    /// No trump, reversed order 6 7 8 9 10 J Q K A.
    Undenufe,
}

/// Which card is worth 11 in Undenufe: 003 prefers the ace, though "most people nowadays" give it
/// to the six (003); 004: "the point value of 11 may be transferred from Ace to the Six".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UndenufeEleven {
    /// The ace counts 11, the six 0 (003's preference; the default).
    #[default]
    Ace,
    /// The six counts 11, the ace 0 (003's "most people nowadays"; 004; JassWiki, "Grundregeln").
    Six,
}

/// Points for the last trick.
pub const LAST_TRICK_BONUS: u32 = 5;
/// The bonus for taking every trick (Match).
pub const MATCH_BONUS: u32 = 100;
/// Card points in one deal including the last trick.
pub const DEAL_POINTS: u32 = 157;

/// Rank strength within the trump suit, by natural rank index: J 9 A K Q 10 8 7 6.
const TRUMP_STRENGTH: [u8; 9] = [0, 1, 2, 7, 3, 8, 4, 5, 6];

/// For each trump rank (natural index), the lane bits of the trump ranks that beat it.
const TRUMP_HIGHER_LANE: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut r = 0;
    while r < 9 {
        let mut o = 0;
        while o < 9 {
            if TRUMP_STRENGTH[o] > TRUMP_STRENGTH[r] {
                t[r] |= 1 << o;
            }
            o += 1;
        }
        r += 1;
    }
    t
};

/// Card points by natural rank index for a plain suit in a trump game.
const PLAIN_POINTS: [u8; 9] = [0, 0, 0, 0, 10, 2, 3, 4, 11];
/// Card points by natural rank index for the trump suit.
const TRUMP_POINTS: [u8; 9] = [0, 0, 0, 14, 10, 20, 3, 4, 11];
/// Card points by natural rank index without trump (eights count 8).
const OBENABE_POINTS: [u8; 9] = [0, 0, 8, 0, 10, 2, 3, 4, 11];
/// Undenufe with the six worth 11 and the ace 0.
const UNDENUFE_SIX_POINTS: [u8; 9] = [11, 0, 8, 0, 10, 2, 3, 4, 0];

/// Index into the point tables: 0..4 trump suit, 4 obenabe, 5 undenufe (ace 11), 6 undenufe (six
/// 11); then the counts of the games that avoid (or seek) certain cards: one point for each card
/// of one suit (`PointTable::cards_of`), of one rank (`PointTable::cards_of_rank`), for one card
/// (`PointTable::only`), 004's fifth deal of Guggitaler (`PointTable::guggitaler_all`), and none
/// (`PointTable::nothing`).
const fn table_index(mode: Mode, eleven: UndenufeEleven) -> usize {
    match mode {
        Mode::Trump(s) => s as usize,
        Mode::Obenabe => 4,
        Mode::Undenufe => match eleven {
            UndenufeEleven::Ace => 5,
            UndenufeEleven::Six => 6,
        },
    }
}

/// The first of the tables that count the cards of one suit.
const SUIT_COUNT_TABLES: usize = 7;
/// The first of the tables that count the cards of one rank.
const RANK_COUNT_TABLES: usize = SUIT_COUNT_TABLES + 4;
/// The first of the tables that count one card (by its suit and rank, `suit * 9 + rank`).
const ONE_CARD_TABLES: usize = RANK_COUNT_TABLES + 9;
/// 004's fifth deal of Guggitaler: "all these scores are combined" (each rose 5, each Ober 20,
/// the Rose King 45; the tricks, 10 each, are counted apart).
const GUGGITALER_ALL_TABLE: usize = ONE_CARD_TABLES + 36;
/// A table that counts no card (a deal that counts its tricks alone).
const NOTHING_TABLE: usize = GUGGITALER_ALL_TABLE + 1;
/// Every table.
const TABLES: usize = NOTHING_TABLE + 1;

/// The points of the card of suit `s` and rank `r` (natural index) in table `k`.
const fn table_points(k: usize, s: usize, r: usize) -> u8 {
    if k >= NOTHING_TABLE {
        0
    } else if k >= GUGGITALER_ALL_TABLE {
        let rose = if s == Suit::H as usize { 5 } else { 0 };
        let ober = if r == Rank::Queen as usize { 20 } else { 0 };
        let king = if s == Suit::H as usize && r == Rank::King as usize {
            45
        } else {
            0
        };
        rose + ober + king
    } else if k >= ONE_CARD_TABLES {
        (k - ONE_CARD_TABLES == s * 9 + r) as u8
    } else if k >= RANK_COUNT_TABLES {
        (r == k - RANK_COUNT_TABLES) as u8
    } else if k >= SUIT_COUNT_TABLES {
        (s == k - SUIT_COUNT_TABLES) as u8
    } else if k < 4 {
        if s == k {
            TRUMP_POINTS[r]
        } else {
            PLAIN_POINTS[r]
        }
    } else if k == 6 {
        UNDENUFE_SIX_POINTS[r]
    } else {
        OBENABE_POINTS[r]
    }
}

static POINT_TABLES: [[u8; 64]; TABLES] = {
    let mut t = [[0u8; 64]; TABLES];
    let mut k = 0;
    while k < TABLES {
        let mut s = 0;
        while s < 4 {
            let mut r = 0;
            while r < 9 {
                t[k][s * 16 + r] = table_points(k, s, r);
                r += 1;
            }
            s += 1;
        }
        k += 1;
    }
    t
};

/// The card points of every card in one mode: a copyable handle to a static table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PointTable(u8);

impl PointTable {
    /// The table for a mode; `eleven` matters only in Undenufe.
    pub const fn new(mode: Mode, eleven: UndenufeEleven) -> PointTable {
        PointTable(table_index(mode, eleven) as u8)
    }

    /// One point for each card of `suit`, none for the others: the count of the games that
    /// avoid the cards of a suit (Schellenjass's bells), for the solver and the play-outs.
    pub const fn cards_of(suit: Suit) -> PointTable {
        PointTable((SUIT_COUNT_TABLES + suit as usize) as u8)
    }

    /// One point for each card of `rank` (Guggitaler's Obers).
    pub const fn cards_of_rank(rank: Rank) -> PointTable {
        PointTable((RANK_COUNT_TABLES + rank as usize) as u8)
    }

    /// One point for `card`, none for the others (Guggitaler's Rose King).
    pub const fn only(card: Card) -> PointTable {
        PointTable((ONE_CARD_TABLES + card.suit() as usize * 9 + card.rank() as usize) as u8)
    }

    /// 004's fifth deal of Guggitaler, "all these scores are combined": each rose (`H`) 5, each
    /// Ober 20, the Rose King 45 more (the tricks, 10 each, are counted apart).
    pub const fn guggitaler_all() -> PointTable {
        PointTable(GUGGITALER_ALL_TABLE as u8)
    }

    /// No point for any card (a deal that counts its tricks, or its last trick, alone).
    pub const fn nothing() -> PointTable {
        PointTable(NOTHING_TABLE as u8)
    }

    /// Points of one card.
    #[inline(always)]
    pub fn card(self, card: Card) -> u32 {
        POINT_TABLES[self.0 as usize][card.index()] as u32
    }

    /// The points of every card, by card index (for hot loops that keep the row).
    #[inline(always)]
    pub fn row(self) -> &'static [u8; 64] {
        &POINT_TABLES[self.0 as usize]
    }

    /// Sum of the points of a set of cards.
    #[inline]
    pub fn sum(self, cards: CardSet) -> u32 {
        let t = &POINT_TABLES[self.0 as usize];
        cards.iter().map(|c| t[c.index()] as u32).sum()
    }
}

impl Mode {
    /// The six modes in notation order.
    pub const ALL: [Mode; 6] = [
        Mode::Trump(Suit::D),
        Mode::Trump(Suit::H),
        Mode::Trump(Suit::S),
        Mode::Trump(Suit::C),
        Mode::Obenabe,
        Mode::Undenufe,
    ];

    /// The modes of a game that lets the trump be one of the four suits and, where it allows them
    /// (`obenabe_undenufe`), Obenabe and Undenufe; in notation order.
    pub fn suits_and(obenabe_undenufe: bool) -> impl Iterator<Item = Mode> {
        Mode::ALL
            .into_iter()
            .filter(move |m| obenabe_undenufe || m.trump().is_some())
    }

    /// The trump suit, if any.
    #[inline(always)]
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Mode::Trump(s) => Some(s),
            _ => None,
        }
    }

    /// The cards of the trump suit (empty without trump).
    #[inline(always)]
    pub const fn trumps(self) -> CardSet {
        match self {
            Mode::Trump(s) => CardSet::suit(s),
            _ => CardSet::EMPTY,
        }
    }

    /// Strength of a card within its own suit in this mode (higher wins; 0..9).
    #[inline(always)]
    pub const fn strength(self, card: Card) -> u8 {
        let r = card.rank() as usize;
        match self {
            Mode::Trump(t) if t as u8 == card.suit() as u8 => TRUMP_STRENGTH[r],
            Mode::Undenufe => 8 - r as u8,
            _ => r as u8,
        }
    }

    /// The trumps that beat `card` (itself a trump of this mode).
    #[inline(always)]
    pub const fn trumps_above(self, card: Card) -> CardSet {
        let lane = TRUMP_HIGHER_LANE[card.rank() as usize] as u64;
        CardSet(lane << (16 * card.suit() as u32))
    }

    /// The cards of the same suit that beat `card` in this mode (as a plain or trump card).
    #[inline]
    pub fn beaters_in_suit(self, card: Card) -> CardSet {
        let s = card.suit();
        let mut out = CardSet::EMPTY;
        for c in CardSet::suit(s) {
            if self.strength(c) > self.strength(card) {
                out.insert(c);
            }
        }
        out
    }

    /// True if `a` beats `b` when `b` currently wins a trick whose lead suit is `lead`.
    #[inline(always)]
    pub fn beats(self, a: Card, b: Card, lead: Suit) -> bool {
        self.trick_key(a, lead) > self.trick_key(b, lead)
    }

    /// Ordering key of a card within a trick led in `lead`: trumps above the led suit, other
    /// suits zero.
    #[inline(always)]
    pub const fn trick_key(self, card: Card, lead: Suit) -> u8 {
        let s = card.suit() as u8;
        match self {
            Mode::Trump(t) if t as u8 == s => 32 + TRUMP_STRENGTH[card.rank() as usize],
            _ if s == lead as u8 => 1 + self.strength(card),
            _ => 0,
        }
    }

    /// The lower-case name used in notation (`D`, `H`, `S`, `C`, `obenabe`, `undenufe`).
    pub const fn notation(self) -> &'static str {
        match self {
            Mode::Trump(Suit::D) => "D",
            Mode::Trump(Suit::H) => "H",
            Mode::Trump(Suit::S) => "S",
            Mode::Trump(Suit::C) => "C",
            Mode::Obenabe => "obenabe",
            Mode::Undenufe => "undenufe",
        }
    }

    /// A compact index 0..6 in the order of [`Mode::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Mode::Trump(s) => s as usize,
            Mode::Obenabe => 4,
            Mode::Undenufe => 5,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl FromStr for Mode {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "obenabe" | "obe" | "oben" => Ok(Mode::Obenabe),
            "undenufe" | "une" | "unde" => Ok(Mode::Undenufe),
            _ => t.parse::<Suit>().map(Mode::Trump).map_err(|_| {
                ParseError::new(format!(
                    "unknown trump mode `{s}`: expected D, H, S, C, obenabe or undenufe"
                ))
            }),
        }
    }
}

impl Serialize for Mode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.notation())
    }
}

impl<'de> Deserialize<'de> for Mode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The trump Under (the Puur) of a mode, if it has a trump suit.
pub const fn puur(mode: Mode) -> Option<Card> {
    match mode {
        Mode::Trump(s) => Some(Card::new(s, Rank::Jack)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn every_mode_totals_152_card_points() {
        // 003: "the total number of card points available is 157" with the 5 for the last trick.
        for m in Mode::ALL {
            for e in [UndenufeEleven::Ace, UndenufeEleven::Six] {
                assert_eq!(
                    PointTable::new(m, e).sum(CardSet::ALL) + LAST_TRICK_BONUS,
                    DEAL_POINTS
                );
            }
        }
    }

    #[test]
    fn a_suit_count_table_counts_the_cards_of_its_suit() {
        for suit in Suit::ALL {
            let t = PointTable::cards_of(suit);
            assert_eq!(t.sum(CardSet::ALL), 9);
            for card in CardSet::ALL.iter() {
                assert_eq!(t.card(card), u32::from(card.suit() == suit), "{card}");
            }
        }
        // The mode's tables are untouched.
        assert_eq!(
            PointTable::new(Mode::Obenabe, UndenufeEleven::Ace).card(c("D8")),
            8
        );
    }

    #[test]
    fn the_rank_card_and_guggitaler_tables_count_what_they_name() {
        for rank in Rank::ALL {
            let t = PointTable::cards_of_rank(rank);
            assert_eq!(t.sum(CardSet::ALL), 4);
            for card in CardSet::ALL.iter() {
                assert_eq!(t.card(card), u32::from(card.rank() == rank), "{card}");
            }
        }
        for only in CardSet::ALL.iter() {
            let t = PointTable::only(only);
            assert_eq!(t.sum(CardSet::ALL), 1);
            assert_eq!(t.card(only), 1);
        }
        // 004's fifth deal: 9 roses at 5, 4 Obers at 20, the Rose King 45 more.
        let all = PointTable::guggitaler_all();
        assert_eq!(all.sum(CardSet::ALL), 9 * 5 + 4 * 20 + 45);
        assert_eq!(
            (all.card(c("HK")), all.card(c("HQ")), all.card(c("SQ"))),
            (50, 25, 20)
        );
        assert_eq!(all.card(c("H6")) + all.card(c("SK")), 5);
        assert_eq!(PointTable::nothing().sum(CardSet::ALL), 0);
    }

    #[test]
    fn trump_order_and_values() {
        let m = Mode::Trump(Suit::H);
        let order = ["HJ", "H9", "HA", "HK", "HQ", "H10", "H8", "H7", "H6"];
        for w in order.windows(2) {
            assert!(
                m.strength(c(w[0])) > m.strength(c(w[1])),
                "{} > {}",
                w[0],
                w[1]
            );
        }
        let p = PointTable::new(m, UndenufeEleven::Ace);
        assert_eq!(p.card(c("HJ")), 20);
        assert_eq!(p.card(c("H9")), 14);
        assert_eq!(p.card(c("SJ")), 2);
        assert_eq!(p.card(c("S9")), 0);
        assert_eq!(m.trumps_above(c("HA")), "HJ H9".parse().unwrap());
    }

    #[test]
    fn undenufe_reverses_and_has_the_option_of_the_six() {
        let m = Mode::Undenufe;
        assert!(m.beats(c("S6"), c("SA"), Suit::S));
        assert!(!m.beats(c("HA"), c("S7"), Suit::S));
        assert_eq!(PointTable::new(m, UndenufeEleven::Ace).card(c("SA")), 11);
        assert_eq!(PointTable::new(m, UndenufeEleven::Six).card(c("SA")), 0);
        assert_eq!(PointTable::new(m, UndenufeEleven::Six).card(c("S6")), 11);
        assert_eq!(
            PointTable::new(Mode::Obenabe, UndenufeEleven::Six).card(c("S8")),
            8
        );
    }
}

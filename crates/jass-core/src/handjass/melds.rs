//! Weis (melds) of Handjass: 000's table (sequences in the natural order, four Unders 200, four
//! Aces, Kings, Obers or Banners 100, no card in two combinations) and 002's (sequences of the
//! trump suit in trump order, quartets of any rank above the eight, the marriage of King and
//! Queen of trumps as a meld), and 004's (000's with four Nines 150). 000's comparison: value,
//! cards, height (natural order), trump, then position; 002's: value, cards, trump, then who
//! declared first.
//!
//! [`crate::weis::Weis`] can only name natural-order runs, so Handjass keeps its own meld type: a
//! meld is simply its set of cards, classified under the deal's trump and the game's rules.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::mode::Mode;

use super::options::{HandjassOptions, Quartets, SequenceOrder};

/// The meld rules of a game, taken from its options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MeldRules {
    /// Natural or trump order for sequences in the trump suit.
    pub sequences: SequenceOrder,
    /// Which fours count.
    pub quartets: Quartets,
    /// The marriage (King and Queen of trumps) is a meld worth 20.
    pub marriage: bool,
    /// The married King and Queen may also serve in a sequence (004).
    pub marriage_in_sequence: bool,
    /// Equal value and length: the higher cards win (000); otherwise straight to trump (002).
    pub height: bool,
}

impl MeldRules {
    /// The rules that `opts` give.
    pub fn of(opts: &HandjassOptions) -> MeldRules {
        MeldRules {
            sequences: opts.sequences,
            quartets: opts.quartets,
            marriage: opts.marriage,
            marriage_in_sequence: opts.marriage_in_sequence,
            height: opts.weis_height,
        }
    }
}

/// What kind of meld a set of cards is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MeldKind {
    /// Three or more cards of one suit in sequence.
    Sequence,
    /// The four cards of one rank.
    Four,
    /// King and Queen (Ober) of trumps (002).
    Marriage,
}

/// One meld: its cards.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Meld(pub CardSet);

/// The position of a card of `suit` in the order used for sequences (0 = lowest).
fn seq_pos(card: Card, mode: Mode, rules: &MeldRules) -> u32 {
    if rules.sequences == SequenceOrder::Trump && mode.trump() == Some(card.suit()) {
        mode.strength(card) as u32
    } else {
        card.rank().index() as u32
    }
}

impl Meld {
    /// The kind of meld, or `None` if these cards are no meld under the rules.
    pub fn kind(self, mode: Mode, rules: &MeldRules) -> Option<MeldKind> {
        let cards = self.0;
        let n = cards.len();
        let first = cards.first()?;
        if rules.marriage && n == 2 {
            if let Some(t) = mode.trump() {
                if cards == crate::weis::stoeck_cards(t) {
                    return Some(MeldKind::Marriage);
                }
            }
        }
        if n == 4 && cards.iter().all(|c| c.rank() == first.rank()) {
            return Some(MeldKind::Four);
        }
        if n >= 3 && cards.of_suit(first.suit()) == cards {
            let mut bits = 0u32;
            for c in cards {
                bits |= 1 << seq_pos(c, mode, rules);
            }
            let low = bits.trailing_zeros();
            if bits >> low == (1 << n) - 1 {
                return Some(MeldKind::Sequence);
            }
        }
        None
    }

    /// Points (0 if no scoring meld).
    pub fn points(self, mode: Mode, rules: &MeldRules) -> u32 {
        match self.kind(mode, rules) {
            None => 0,
            Some(MeldKind::Marriage) => 20,
            Some(MeldKind::Sequence) => match self.0.len() {
                3 => 20,
                4 => 50,
                _ => 100,
            },
            Some(MeldKind::Four) => {
                let r = self.0.first().expect("four cards").rank();
                match rules.quartets {
                    // 000: four Unders 200; four Aces, Kings, Obers or Banners 100. 004's table
                    // adds "Four 9's: scores 150".
                    Quartets::Standard | Quartets::WithNines => match r {
                        Rank::Jack => 200,
                        Rank::Nine if rules.quartets == Quartets::WithNines => 150,
                        Rank::Ace | Rank::King | Rank::Queen | Rank::Ten => 100,
                        _ => 0,
                    },
                    // 002: "any four cards of the same rank so long as they are higher than 8";
                    // the only value it gives for a quartet is 100.
                    Quartets::AboveEight => {
                        if r > Rank::Eight {
                            100
                        } else {
                            0
                        }
                    }
                    // 002's value list: "Four Queens, Kings or Aces – 100 points".
                    Quartets::QueensKingsAces => match r {
                        Rank::Ace | Rank::King | Rank::Queen => 100,
                        _ => 0,
                    },
                }
            }
        }
    }

    /// Comparison key (higher is better); equal keys are settled by position.
    pub fn key(self, mode: Mode, rules: &MeldRules) -> u32 {
        let value = self.points(mode, rules);
        if value == 0 {
            return 0;
        }
        let len = self.0.len();
        let height = if rules.height {
            self.0
                .iter()
                .map(|c| c.rank().index() as u32)
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let trump = match self.kind(mode, rules) {
            Some(MeldKind::Sequence | MeldKind::Marriage) => {
                (mode.trump() == self.0.first().map(|c| c.suit())) as u32
            }
            _ => 0,
        };
        (value << 12) | (len << 6) | (height << 1) | trump
    }

    /// The cards from the highest in the meld's own order.
    pub fn cards_high_first(self, mode: Mode, rules: &MeldRules) -> Vec<Card> {
        let mut v: Vec<Card> = self.0.iter().collect();
        v.sort_by_key(|&c| std::cmp::Reverse((seq_pos(c, mode, rules), c.suit())));
        v
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v: Vec<String> = self
            .0
            .sorted_high_first()
            .iter()
            .map(|c| c.to_string())
            .collect();
        f.write_str(&v.join(" "))
    }
}

impl fmt::Debug for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Meld({self})")
    }
}

impl Serialize for Meld {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.sorted_high_first())
    }
}

impl<'de> Deserialize<'de> for Meld {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let set = CardSet::deserialize(d)?;
        if set.len() < 2 {
            return Err(serde::de::Error::custom(format!(
                "[{set}] is no meld: a meld has 2 (marriage), 3 or more cards"
            )));
        }
        Ok(Meld(set))
    }
}

/// The melds one player declares (at most five).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Melds {
    items: [Meld; 5],
    n: u8,
}

impl Melds {
    /// Declaring nothing.
    pub const NONE: Melds = Melds {
        items: [Meld(CardSet::EMPTY); 5],
        n: 0,
    };

    /// A declaration of these melds.
    pub fn new(items: &[Meld]) -> Result<Melds, String> {
        if items.len() > 5 {
            return Err(format!(
                "{} melds declared; a hand holds at most five",
                items.len()
            ));
        }
        let mut m = Melds::NONE;
        for (i, x) in items.iter().enumerate() {
            m.items[i] = *x;
        }
        m.n = items.len() as u8;
        Ok(m)
    }

    /// The melds.
    pub fn iter(&self) -> impl Iterator<Item = Meld> + '_ {
        self.items[..self.n as usize].iter().copied()
    }

    /// True if nothing is declared.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Total points.
    pub fn points(&self, mode: Mode, rules: &MeldRules) -> u32 {
        self.iter().map(|m| m.points(mode, rules)).sum()
    }

    /// Key of the best single meld (0 if none).
    pub fn best_key(&self, mode: Mode, rules: &MeldRules) -> u32 {
        self.iter().map(|m| m.key(mode, rules)).max().unwrap_or(0)
    }

    /// Value of the best single meld (what is announced), 0 if none.
    pub fn best_points(&self, mode: Mode, rules: &MeldRules) -> u32 {
        self.iter()
            .max_by_key(|m| m.key(mode, rules))
            .map(|m| m.points(mode, rules))
            .unwrap_or(0)
    }

    /// Checks that the hand holds every meld, each scores, and no card serves twice, except the
    /// married King and Queen of trumps: 002 "the King and Queen of Trumps may be counted in both
    /// a quartet and a marriage", and with `marriage_in_sequence` 004 "the trump King or Queen may
    /// belong to a meld in addition to being married".
    pub fn validate(&self, hand: CardSet, mode: Mode, rules: &MeldRules) -> Result<(), String> {
        let mut earlier = [(CardSet::EMPTY, None); 5];
        for (i, m) in self.iter().enumerate() {
            if !hand.contains_all(m.0) {
                return Err(format!(
                    "meld {m} is not in the hand (missing {})",
                    m.0 - hand
                ));
            }
            let kind = m.kind(mode, rules);
            if m.points(mode, rules) == 0 {
                return Err(format!("{m} is not a scoring Weis under these rules"));
            }
            for &(cards, other) in &earlier[..i] {
                let clash = m.0 & cards;
                if !clash.is_empty() && !may_share(kind, other, rules) {
                    return Err(format!("card(s) {clash} serve in two melds"));
                }
            }
            earlier[i] = (m.0, kind);
        }
        Ok(())
    }
}

/// Whether two melds of these kinds may share cards: only the marriage with a quartet, or with a
/// sequence under `marriage_in_sequence`.
fn may_share(a: Option<MeldKind>, b: Option<MeldKind>, rules: &MeldRules) -> bool {
    match (a, b) {
        (Some(MeldKind::Marriage), Some(other)) | (Some(other), Some(MeldKind::Marriage)) => {
            match other {
                MeldKind::Four => true,
                MeldKind::Sequence => rules.marriage_in_sequence,
                MeldKind::Marriage => false,
            }
        }
        _ => false,
    }
}

impl fmt::Debug for Melds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Melds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let v: Vec<String> = self.iter().map(|m| m.to_string()).collect();
        f.write_str(&v.join(", "))
    }
}

impl Serialize for Melds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Melds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<Meld>::deserialize(d)?;
        Melds::new(&v).map_err(serde::de::Error::custom)
    }
}

/// Every meld the hand holds (sequences of every length within its runs, fours, marriage).
fn candidates(hand: CardSet, mode: Mode, rules: &MeldRules, out: &mut Vec<Meld>) {
    for s in Suit::ALL {
        let cards = hand.of_suit(s);
        let mut by_pos = [None; 9];
        let mut bits = 0u32;
        for c in cards {
            let p = seq_pos(c, mode, rules);
            by_pos[p as usize] = Some(c);
            bits |= 1 << p;
        }
        for lo in 0..9u32 {
            for hi in lo + 2..9u32 {
                let mask = ((1u32 << (hi - lo + 1)) - 1) << lo;
                if bits & mask == mask {
                    let set = (lo..=hi)
                        .filter_map(|p| by_pos[p as usize])
                        .collect::<CardSet>();
                    out.push(Meld(set));
                }
            }
        }
    }
    for r in Rank::ALL {
        let four: CardSet = Suit::ALL.iter().map(|&s| Card::new(s, r)).collect();
        if hand.contains_all(four) && Meld(four).points(mode, rules) > 0 {
            out.push(Meld(four));
        }
    }
    if rules.marriage {
        if let Some(t) = mode.trump() {
            let m = crate::weis::stoeck_cards(t);
            if hand.contains_all(m) {
                out.push(Meld(m));
            }
        }
    }
}

/// True if the hand holds any scoring meld.
pub fn has_meld(hand: CardSet, mode: Mode, rules: &MeldRules) -> bool {
    let mut v = Vec::new();
    candidates(hand, mode, rules, &mut v);
    !v.is_empty()
}

/// The best declaration of a hand: the most points, then the best single meld.
pub fn best_melds(hand: CardSet, mode: Mode, rules: &MeldRules) -> Melds {
    let mut cands = Vec::new();
    candidates(hand, mode, rules, &mut cands);
    let mut best = (0u32, 0u32, Melds::NONE);
    let mut chosen: Vec<Meld> = Vec::new();
    fn go(
        i: usize,
        cands: &[Meld],
        hand: CardSet,
        mode: Mode,
        rules: &MeldRules,
        chosen: &mut Vec<Meld>,
        best: &mut (u32, u32, Melds),
    ) {
        if i == cands.len() {
            if let Ok(d) = Melds::new(chosen) {
                if d.validate(hand, mode, rules).is_ok() {
                    let score = (d.points(mode, rules), d.best_key(mode, rules));
                    if score > (best.0, best.1) {
                        *best = (score.0, score.1, d);
                    }
                }
            }
            return;
        }
        go(i + 1, cands, hand, mode, rules, chosen, best);
        if chosen.len() < 5 {
            chosen.push(cands[i]);
            if Melds::new(chosen).is_ok_and(|d| d.validate(hand, mode, rules).is_ok()) {
                go(i + 1, cands, hand, mode, rules, chosen, best);
            }
            chosen.pop();
        }
    }
    go(0, &cands, hand, mode, rules, &mut chosen, &mut best);
    best.2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }
    const H: Mode = Mode::Trump(Suit::H);
    const STD: MeldRules = MeldRules {
        sequences: SequenceOrder::Natural,
        quartets: Quartets::Standard,
        marriage: false,
        marriage_in_sequence: true,
        height: true,
    };
    const P002: MeldRules = MeldRules {
        sequences: SequenceOrder::Trump,
        quartets: Quartets::QueensKingsAces,
        marriage: true,
        marriage_in_sequence: true,
        height: false,
    };

    #[test]
    fn the_000_examples() {
        // Four Aces plus K-Q of a suit: 100; with the Under as well: 120.
        assert_eq!(
            best_melds(set("DA HA SA CA SK SQ D6 H7 C8"), H, &STD).points(H, &STD),
            100
        );
        assert_eq!(
            best_melds(set("DA HA SA CA SK SQ SJ H7 C8"), H, &STD).points(H, &STD),
            120
        );
        assert_eq!(
            best_melds(set("DJ HJ SJ CJ D6 H7 C8 S6 C10"), H, &STD).points(H, &STD),
            200
        );
        assert_eq!(
            best_melds(set("D9 H9 S9 C9 D6 H7 C8 S6 CA"), H, &STD).points(H, &STD),
            0
        );
    }

    #[test]
    fn trump_order_sequences_and_marriage_of_002() {
        // J 9 A of trumps is a sequence in trump order, not in the natural order.
        let m = Meld(set("HJ H9 HA"));
        assert_eq!(m.points(H, &P002), 20);
        assert_eq!(m.points(H, &STD), 0);
        // K Q J natural is no trump-order sequence (trump order: J 9 A K Q 10 …)
        assert_eq!(Meld(set("HK HQ HJ")).points(H, &P002), 0);
        assert_eq!(Meld(set("HK HQ H10")).points(H, &P002), 20);
        assert_eq!(Meld(set("HK HQ")).points(H, &P002), 20);
        // Marriage and a quartet may share the King of trumps.
        let d = best_melds(set("HK HQ DK SK CK D6 S7 C8 C6"), H, &P002);
        assert_eq!(d.points(H, &P002), 120);
    }

    #[test]
    fn four_nines_score_150_by_004s_table_only() {
        // 004: "Four Jacks: scores 200 / Four 9's: scores 150 / … / Four A, K, Q, 10: scores
        // 100"; 000's table has no four Nines.
        let w004 = MeldRules {
            quartets: Quartets::WithNines,
            ..STD
        };
        let nines = set("D9 H9 S9 C9 D6 H7 C8 S6 CA");
        assert!(!has_meld(nines, H, &STD));
        assert_eq!(best_melds(nines, H, &w004).points(H, &w004), 150);
        for (four, points) in [
            ("D6 H6 S6 C6", 0),
            ("D8 H8 S8 C8", 0),
            ("D9 H9 S9 C9", 150),
            ("D10 H10 S10 C10", 100),
            ("DJ HJ SJ CJ", 200),
            ("DA HA SA CA", 100),
        ] {
            assert_eq!(Meld(set(four)).points(H, &w004), points, "{four}");
        }
        // The pecking order is by value: four Nines beat four Aces, four Jacks beat them.
        let key = |four: &str| Meld(set(four)).key(H, &w004);
        assert!(key("D9 H9 S9 C9") > key("DA HA SA CA"));
        assert!(key("DJ HJ SJ CJ") > key("D9 H9 S9 C9"));
        // The 004 presets play by it.
        for name in ["004", "004-twelve"] {
            let o = HandjassOptions::preset(name).unwrap();
            assert_eq!(o.quartets, Quartets::WithNines, "{name}");
        }
    }

    #[test]
    fn quartets_of_002_by_its_value_list_or_by_its_definition() {
        // 002 defines quartets as "any four cards of the same rank so long as they are higher
        // than 8" and values "Four Queens, Kings or Aces – 100 points".
        let above_eight = MeldRules {
            quartets: Quartets::AboveEight,
            ..P002
        };
        for (four, by_values, by_definition) in [
            ("D8 H8 S8 C8", 0, 0),
            ("D9 H9 S9 C9", 0, 100),
            ("D10 H10 S10 C10", 0, 100),
            ("DJ HJ SJ CJ", 0, 100),
            ("DQ HQ SQ CQ", 100, 100),
            ("DK HK SK CK", 100, 100),
            ("DA HA SA CA", 100, 100),
        ] {
            assert_eq!(Meld(set(four)).points(H, &P002), by_values, "{four}");
            assert_eq!(
                Meld(set(four)).points(H, &above_eight),
                by_definition,
                "{four}"
            );
        }
        let hand = set("DJ HJ SJ CJ D6 S7 C8 C6 H7");
        assert!(!has_meld(hand, H, &P002));
        assert_eq!(
            best_melds(hand, H, &above_eight).points(H, &above_eight),
            100
        );
    }

    #[test]
    fn the_marriage_inside_a_trump_sequence() {
        // 004: "the trump King or Queen may belong to a meld in addition to being married"; 002
        // is silent. A-K-Q of trumps (a sequence in trump order J 9 A K Q 10) and the marriage.
        let hand = set("HA HK HQ D6 S7 C8 C6 D9 S10");
        assert_eq!(best_melds(hand, H, &P002).points(H, &P002), 40);
        let apart = MeldRules {
            marriage_in_sequence: false,
            ..P002
        };
        assert_eq!(best_melds(hand, H, &apart).points(H, &apart), 20);
        let both = Melds::new(&[Meld(set("HA HK HQ")), Meld(set("HK HQ"))]).unwrap();
        assert_eq!(both.validate(hand, H, &P002), Ok(()));
        assert!(both.validate(hand, H, &apart).is_err());
        // K-Q-J of trumps in the natural order, with the marriage: 20 + 20.
        let natural = MeldRules {
            marriage: true,
            ..STD
        };
        let hand = set("HK HQ HJ D6 S7 C8 C6 D9 S10");
        assert_eq!(best_melds(hand, H, &natural).points(H, &natural), 40);
        // Still no card in both a sequence and a quartet (002; 004: "four Kings and a sequence
        // of four to the Ace or King would count only 100 for Kings").
        let hand = set("HA HK HQ HJ DK SK CK D6 S7");
        let kings_and_run =
            Melds::new(&[Meld(set("HA HK HQ HJ")), Meld(set("DK SK CK HK"))]).unwrap();
        assert!(kings_and_run.validate(hand, H, &natural).is_err());
    }
}

//! Molotow's own part of a card-play game ([`CardPlayGame`]): deals of nine cards to each of four
//! players, each for himself, played without trump until the first card that does not follow
//! suit makes its suit trump (as in Mittlere); each player writes the card points he takes and
//! the table melds of his tricks, and the fewest points win. The base deals, plays the cards
//! through the one trick-play core under the rule of the negative games ([`TrickRules::Weak`])
//! and keeps the tricks; this module keeps the options, the trump once set, the table melds and
//! the totals.

use std::fmt;

use serde::Serialize;

use crate::card::{Card, Suit};
use crate::card_play_game::{CardPlayGame, CardPlayObservation, CardPlayRules, HandsDeal};
use crate::cardset::CardSet;
use crate::mittlere::{self, Mittlere, UNSET};
use crate::mode::Mode;
use crate::trick::TrickRules;
use crate::trick_play::AnyDealPlay;
use crate::weis::{Weis, WeisRules};

use super::options::{MolotowOptions, TableMelds, PLAYERS};

pub use crate::card_play_game::{CardPlayPhase as MolotowPhase, MAX_SEATS};

/// Undertrumping is allowed only to a player who holds no card of the suit led: the rule of the
/// negative games (003: "If it is a negative or mixed game … the **weaker** undertrumping rule
/// applies"; JassWiki names Molotow among the games "bei denen ein Stechverlust zum Vorteil des
/// fehlbaren Spielers ist").
pub const RULES: TrickRules = TrickRules::Weak;

/// The values of the melds four cards on the table can make: 004's table (three in sequence
/// 20, four 50; four Unders 200, four nines 150, four aces, kings, queens or tens 100).
const MELD_VALUES: WeisRules = WeisRules {
    four_nines: true,
    ..WeisRules::DEFAULT
};

/// The table meld the cards of a trick make, if they make one under `melds`: all four cards (a
/// sequence of four, or the four of a rank), else three of them in sequence. Four cards make
/// one meld at most (two sequences of three need six cards, a four of a rank and a sequence
/// share a suit only in one card).
pub fn table_meld(cards: CardSet, melds: TableMelds) -> Option<Weis> {
    let counts = |w: &Weis| match w {
        Weis::Four(_) => melds == TableMelds::All && w.points(UNSET, &MELD_VALUES) > 0,
        Weis::Sequence { .. } => true,
    };
    if let Some(w) = Weis::from_cards(cards).filter(counts) {
        return Some(w);
    }
    cards
        .iter()
        .filter_map(|c| Weis::from_cards(cards - CardSet::from_cards([c])))
        .find(counts)
}

/// The points of the table meld the cards of a trick make under `melds` (0: none).
pub fn table_meld_points(cards: CardSet, melds: TableMelds) -> u32 {
    table_meld(cards, melds).map_or(0, |w| w.points(UNSET, &MELD_VALUES))
}

/// How a finished deal was scored, per seat (seats beyond the table's players 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealScore {
    /// Card points each seat took, counted under the deal's trump, the last trick's 5 included
    /// (157 in all).
    pub card_points: [u32; MAX_SEATS],
    /// The points of the table melds in the tricks each seat took.
    pub table_melds: [u32; MAX_SEATS],
    /// What the deal writes to each seat: its card points and its table melds.
    pub points: [u32; MAX_SEATS],
    /// Tricks each seat took.
    pub tricks: [u8; MAX_SEATS],
    /// The deal's trump.
    pub trump: Option<Suit>,
}

/// How the last finished deal was scored, as every seat sees it: a value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastDeal {
    /// Card points each player took.
    pub card_points: Vec<u32>,
    /// Table melds each player took.
    pub table_melds: Vec<u32>,
    /// What the deal wrote to each player.
    pub points: Vec<u32>,
    /// Tricks each player took.
    pub tricks: Vec<u8>,
    /// The deal's trump.
    pub trump: Option<Mode>,
}

impl DealScore {
    /// As every seat sees it.
    pub fn view(&self) -> LastDeal {
        let n = PLAYERS as usize;
        LastDeal {
            card_points: self.card_points[..n].to_vec(),
            table_melds: self.table_melds[..n].to_vec(),
            points: self.points[..n].to_vec(),
            tricks: self.tricks[..n].to_vec(),
            trump: self.trump.map(Mode::Trump),
        }
    }
}

/// Molotow's own part of a game: its options, the trump once set, and the totals.
#[derive(Copy, Clone, Debug)]
pub struct MolotowRules {
    opts: MolotowOptions,
    /// The trump of this deal, once a card has set it.
    trump: Option<Suit>,
    /// Points written so far, per seat.
    total: [u32; MAX_SEATS],
    last: Option<DealScore>,
}

/// A Molotow game in progress.
pub type Molotow = CardPlayGame<MolotowRules>;

impl MolotowRules {
    /// Writes a deal that ended with these card points, table melds and tricks under `trump`;
    /// true when the game is over, after deal `number`.
    fn write_deal(
        &mut self,
        card_points: [u32; MAX_SEATS],
        table_melds: [u32; MAX_SEATS],
        tricks: [u8; MAX_SEATS],
        number: u32,
    ) -> bool {
        let points = std::array::from_fn(|s| card_points[s] + table_melds[s]);
        for (t, p) in self.total.iter_mut().zip(points) {
            *t += p;
        }
        self.last = Some(DealScore {
            card_points,
            table_melds,
            points,
            tricks,
            trump: self.trump,
        });
        number >= self.opts.deals
    }
}

impl MolotowRules {
    /// Card points (under the trump as it stands), table melds and tricks each seat has taken
    /// in `play` so far: what the view shows and a deal writes.
    fn taken(&self, play: &AnyDealPlay) -> ([u32; MAX_SEATS], [u32; MAX_SEATS], [u8; MAX_SEATS]) {
        let (points, tricks) = Mittlere::taken(play, self.trump);
        (
            points,
            Molotow::melds_taken(play, self.opts.table_melds),
            tricks,
        )
    }
}

impl CardPlayRules for MolotowRules {
    const NAME: &'static str = "molotow";
    const TRICK_RULES: TrickRules = RULES;
    type Options = MolotowOptions;
    type Deal = HandsDeal;
    type DealScore = DealScore;
    type View = MolotowView;

    fn new(opts: MolotowOptions) -> Result<Self, String> {
        opts.validate()?;
        Ok(MolotowRules {
            opts,
            trump: None,
            total: [0; MAX_SEATS],
            last: None,
        })
    }
    fn options(&self) -> &MolotowOptions {
        &self.opts
    }
    fn players(&self) -> u8 {
        PLAYERS
    }
    fn deal_of(&self, hands: [CardSet; MAX_SEATS], _pack: &[Card; 36]) -> HandsDeal {
        HandsDeal { hands }
    }
    fn hands(deal: &HandsDeal) -> [CardSet; MAX_SEATS] {
        deal.hands
    }
    fn start_deal(&mut self, _deal: &HandsDeal, _number: u32) {
        self.trump = None;
    }
    fn mode(&self) -> Mode {
        self.trump.map_or(UNSET, Mode::Trump)
    }
    /// The first card that does not follow suit makes its suit trump (004: "The trump card (in
    /// the 1st or 2nd round) is determined by the suit played by the first player who is unable
    /// to follow suit"), a trump in its own trick already, as in Mittlere.
    fn mode_change(&mut self, play: &AnyDealPlay, card: Card) -> Option<Mode> {
        mittlere::first_off_suit(&mut self.trump, play.current(), card)
    }
    fn play_rules(&self, mode: Mode, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match mode {
            Mode::Trump(t) => write!(
                f,
                "in Molotow (trump {t}: follow suit or trump; undertrump only without the suit led)"
            ),
            _ => write!(
                f,
                "in Molotow (no trump yet: follow suit; the first card that does not follow makes its suit trump)"
            ),
        }
    }
    /// Its card points under the trump as it stands (as Mittlere's), the last trick's 5 and
    /// its table meld included: what its taker writes.
    fn trick_points(&self, cards: &[Card], card_points: u32) -> u32 {
        mittlere::points_under(self.trump, cards, card_points)
            + table_meld_points(
                CardSet::from_cards(cards.iter().copied()),
                self.opts.table_melds,
            )
    }
    fn last_deal(&self) -> Option<&DealScore> {
        self.last.as_ref()
    }
    fn score_deal(&mut self, play: &AnyDealPlay, number: u32) -> bool {
        let (points, melds, tricks) = self.taken(play);
        self.write_deal(points, melds, tricks, number)
    }
    fn view(g: &Molotow) -> MolotowView {
        let own = g.own();
        let (points, melds, tricks) = own.taken(g.card_play());
        MolotowView {
            deals: own.opts.deals,
            table_melds: own.opts.table_melds,
            trump: own.trump.map(Mode::Trump),
            card_points: g.per_seat(points),
            melds_taken: g.per_seat(melds),
            tricks_taken: g.per_seat(tricks),
            totals: g.per_seat(own.total),
            last_deal: own.last.map(|d| d.view()),
        }
    }
}

impl Molotow {
    /// Card points (under the trump as it stands), table melds and tricks each seat has taken
    /// in this deal so far.
    pub fn taken(&self) -> ([u32; MAX_SEATS], [u32; MAX_SEATS], [u8; MAX_SEATS]) {
        self.own().taken(self.card_play())
    }

    /// The trump of this deal, once a card has set it.
    pub fn trump(&self) -> Option<Suit> {
        self.own().trump
    }

    /// Points written so far, per seat (the fewest win).
    pub fn total(&self) -> [u32; MAX_SEATS] {
        self.own().total
    }

    /// The points of the table melds in the tricks each seat has taken in this deal so far.
    pub fn melds_taken(play: &AnyDealPlay, melds: TableMelds) -> [u32; MAX_SEATS] {
        let mut taken = [0; MAX_SEATS];
        for i in 0..play.tricks_done() as usize {
            let (_, cards, winner, _) = play.completed(i);
            taken[winner as usize] +=
                table_meld_points(CardSet::from_cards(cards.iter().copied()), melds);
        }
        taken
    }

    /// The winners once the game is over: every seat with the fewest points (more than one
    /// share the win: 004 is silent on ties).
    pub fn winners(&self) -> Vec<u8> {
        if self.phase() != MolotowPhase::Over {
            return Vec::new();
        }
        let n = PLAYERS as usize;
        let total = self.total();
        let best = total[..n].iter().copied().min().unwrap_or(0);
        (0..n)
            .filter(|&s| total[s] == best)
            .map(|s| s as u8)
            .collect()
    }

    /// A game whose deals are given by the card points, table melds and tricks each seat took:
    /// the scoring alone, for tests and worked examples. Each deal is counted as dealt and
    /// played.
    pub fn scored(
        opts: MolotowOptions,
        deals: &[([u32; MAX_SEATS], [u32; MAX_SEATS], [u8; MAX_SEATS])],
    ) -> Result<Molotow, String> {
        let mut g = Molotow::new(opts)?;
        for &(points, melds, tricks) in deals {
            if g.phase() != MolotowPhase::Deal {
                return Err("the game is over".into());
            }
            g.score_unplayed_deal(|own, number| own.write_deal(points, melds, tricks, number));
        }
        Ok(g)
    }
}

/// Everything one seat may see (a spectator: no hand); a completed trick's `points` are its
/// points under the trump as it stands, its table meld included.
pub type MolotowObservation = CardPlayObservation<MolotowView>;

/// Molotow's part of a seat's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MolotowView {
    /// Deals in the game.
    pub deals: u32,
    /// Which table melds count.
    pub table_melds: TableMelds,
    /// The trump of this deal, once a card has set it (`null` before).
    pub trump: Option<Mode>,
    /// Card points each player has taken in this deal, under the trump as it stands.
    pub card_points: Vec<u32>,
    /// The table melds in the tricks each player has taken in this deal.
    pub melds_taken: Vec<u32>,
    /// Tricks each player has taken in this deal.
    pub tricks_taken: Vec<u8>,
    /// Points written so far (the fewest win).
    pub totals: Vec<u32>,
    /// How the last finished deal was scored.
    pub last_deal: Option<LastDeal>,
}

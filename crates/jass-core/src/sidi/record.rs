//! Sidi Barrani game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md`, this game's own
//! parts in `docs/sidi-barrani.md` (section "Record").

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Player;
use crate::mode::Mode;
use crate::record::{
    check, play_game, target_not_reached, CheckError, DealRecord, FourHands, GameRecord,
    GameResult, NoFields, RecordedGame, TrickRecord,
};
use crate::weis::Declaration;

use super::options::SidiOptions;
use super::state::Sidi;
use super::SidiAction;

/// One entry of a deal's action list (`{"seat":1,"action":"bid","points":120,"trump":"undenufe"}`).
pub type SidiEntry = crate::record::ActionEntry<SidiRecorded>;

/// What a seat did: a decision, or Stöck counted by the engine once both cards were seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum SidiRecorded {
    /// Passed (in the auction), or declined to double or redouble when asked.
    Pass {},
    /// Bid.
    Bid {
        /// The number.
        points: u32,
        /// The denomination.
        trump: Mode,
    },
    /// Doubled.
    Double {},
    /// Redoubled.
    Redouble {},
    /// Declared Weis (an empty list: declined).
    Weis {
        /// The combinations.
        weis: Declaration,
    },
    /// Stöck counted (both cards seen).
    Stoeck {},
    /// Played a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl From<SidiAction> for SidiRecorded {
    fn from(a: SidiAction) -> Self {
        match a {
            SidiAction::Pass => SidiRecorded::Pass {},
            SidiAction::Bid { points, trump } => SidiRecorded::Bid { points, trump },
            SidiAction::Double => SidiRecorded::Double {},
            SidiAction::Redouble => SidiRecorded::Redouble {},
            SidiAction::Weis { weis } => SidiRecorded::Weis { weis },
            SidiAction::Play { card } => SidiRecorded::Play { card },
        }
    }
}

impl SidiRecorded {
    /// The player's action, or `None` for the engine's Stöck entry.
    pub fn action(self) -> Option<SidiAction> {
        Some(match self {
            SidiRecorded::Pass {} => SidiAction::Pass,
            SidiRecorded::Bid { points, trump } => SidiAction::Bid { points, trump },
            SidiRecorded::Double {} => SidiAction::Double,
            SidiRecorded::Redouble {} => SidiAction::Redouble,
            SidiRecorded::Weis { weis } => SidiAction::Weis { weis },
            SidiRecorded::Play { card } => SidiAction::Play { card },
            SidiRecorded::Stoeck {} => return None,
        })
    }
}

/// The contract of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidiContract {
    /// The bid number.
    pub points: u32,
    /// The denomination.
    pub trump: Mode,
    /// The final bidder, who leads.
    pub declarer: u8,
    /// 1, 2 (doubled) or 4 (redoubled).
    pub factor: u32,
}

/// The outcome of one deal (nothing is multiplied except `bonus`, the bid times the factor).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidiDealResult {
    /// Card points per team (with the last-trick bonus).
    pub card_points: [u32; 2],
    /// Tricks per team.
    pub tricks: [u8; 2],
    /// Match bonus per team.
    pub match_bonus: [u32; 2],
    /// Weis per team.
    pub weis: [u32; 2],
    /// Stöck per team.
    pub stoeck: [u32; 2],
    /// Whether the contract was made (`null` for a thrown-in deal).
    pub made: Option<bool>,
    /// The bid times the factor, credited to the declarer's team (made) or the opponents.
    pub bonus: [u32; 2],
    /// Credited to each team in this deal.
    pub score: [u32; 2],
    /// Running totals after this deal.
    pub totals: [u32; 2],
}

/// What a Sidi Barrani deal's actions settled before the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidiSettled {
    /// The contract (`null`: thrown in after four passes).
    pub contract: Option<SidiContract>,
    /// The team whose Weis counted.
    pub weis_team: Option<u8>,
}

/// One deal of a Sidi Barrani record (the player on the dealer's right speaks first; there is
/// no forehand field).
pub type SidiDealRecord = DealRecord<Sidi>;

/// A whole Sidi Barrani game (the game's `result.schneider`: a double game, the losers under
/// `double_game_below`).
pub type SidiRecord = GameRecord<Sidi>;

fn contract_of(s: &Sidi) -> Option<SidiContract> {
    if s.thrown_in() {
        return None;
    }
    s.bid().map(|(points, trump, declarer)| SidiContract {
        points,
        trump,
        declarer,
        factor: s.factor(),
    })
}

fn deal_result(s: &Sidi) -> SidiDealResult {
    let t = s.tally();
    SidiDealResult {
        card_points: t.card_points,
        tricks: t.tricks,
        match_bonus: t.match_bonus,
        weis: t.weis,
        stoeck: t.stoeck,
        made: t.made,
        bonus: t.bonus,
        score: t.score,
        totals: s.totals(),
    }
}

fn tricks_of(s: &Sidi) -> Vec<TrickRecord> {
    TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i))
}

// A double game is recorded as Schneider: it counts as two games won.
fn game_result(s: &Sidi) -> GameResult {
    GameResult::of_teams(s.winner(), s.totals(), s.double_game(), None)
}

fn finish_deal(s: &Sidi, number: u32, actions: Vec<SidiEntry>) -> SidiDealRecord {
    DealRecord {
        number,
        dealer: s.dealer(),
        start: NoFields {},
        hands: s.dealt_hands(),
        cards: NoFields {},
        actions,
        settled: SidiSettled {
            contract: contract_of(s),
            weis_team: s.weis_team(),
        },
        tricks: tricks_of(s),
        result: deal_result(s),
    }
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: SidiOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Sidi>>],
) -> Result<SidiRecord, String> {
    play_recorded_from(
        options,
        Some(seed),
        players,
        &mut crate::deal::seeded_deals(seed),
        &mut |_| {},
    )
}

/// Plays a game with these players, calling `watch` before every step and at the end; each
/// deal's cards come from `next_deal` (asked when the cards are to be dealt; `None` stops the
/// game there, and the record then says it `stopped`). `seed` is written to the record as the
/// seed the deals came from, if they did.
pub fn play_recorded_from(
    options: SidiOptions,
    seed: Option<u64>,
    players: &mut [Box<dyn Player<Sidi>>],
    next_deal: &mut dyn FnMut(&Sidi) -> Option<[CardSet; 4]>,
    watch: &mut dyn FnMut(&Sidi),
) -> Result<SidiRecord, String> {
    let mut deal = |state: &Sidi| {
        // Thrown-in deals could go on forever: give up after 10000.
        if state.deals_started() >= 10_000 {
            return Err("no result after 10000 deals".to_string());
        }
        Ok(next_deal(state))
    };
    play_game(options, seed, players, &mut deal, watch)
}

impl RecordedGame for Sidi {
    const NAME: &'static str = "sidi-barrani";
    const ALIASES: &'static [&'static str] = &["sidi"];
    const TITLE: &'static str = "Sidi Barrani";
    type Options = SidiOptions;
    type Recorded = SidiRecorded;
    const STOECK: Option<SidiRecorded> = Some(SidiRecorded::Stoeck {});
    type DealStart = NoFields;
    type Hands = FourHands;
    type DealCards = NoFields;
    type Settled = SidiSettled;
    type DealResult = SidiDealResult;
    type GameResult = GameResult;
    type Opening = ();

    fn new_game(options: SidiOptions) -> Result<Self, String> {
        Sidi::new(options)
    }
    fn action_of(recorded: SidiRecorded) -> Option<SidiAction> {
        recorded.action()
    }
    fn opening(&self) {}
    fn deal_start(&self, (): ()) -> (u8, NoFields) {
        (self.dealer(), NoFields {})
    }
    fn stoeck_scored(&self, _seat: usize) -> Option<u8> {
        self.stoeck_just_announced()
            .then(|| self.stoeck_holder().expect("a holder"))
    }
    fn recorded_deal(&self, deal: &SidiDealRecord) -> Result<[CardSet; 4], String> {
        Ok(deal.hands)
    }
    fn deal_record(
        &self,
        number: u32,
        _dealer: u8,
        _start: NoFields,
        actions: Vec<SidiEntry>,
    ) -> SidiDealRecord {
        finish_deal(self, number, actions)
    }
    fn game_result(&self, stopped: bool) -> GameResult {
        GameResult {
            stopped,
            ..game_result(self)
        }
    }
    fn stopped(result: &GameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        target_not_reached(deals, self.totals(), self.options().target)
    }
}

/// Re-plays a record through the engine and reports the first illegal action or wrong figure.
pub fn check_record(rec: &SidiRecord) -> Result<(), CheckError> {
    check(rec)
}

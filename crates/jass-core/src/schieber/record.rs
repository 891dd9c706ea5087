//! Schieber game records: play a game into a record, and re-play a record through the engine to
//! find the first illegal action or wrong score. The format is documented in `docs/records.md`,
//! Schieber's own parts (its options, the deal that ends the game) in `docs/schieber.md` (section
//! "Record").

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{
    check, check_forehand, play_game, target_not_reached, CheckError, DealRecord, Forehand,
    FourHands, GameRecord, GameResult, NoFields, RecordedGame, TrickRecord,
};
use crate::weis::Declaration;

use super::options::SchieberOptions;
use super::state::Schieber;
use super::{Contract, SchieberAction};

/// One entry of a deal's action list: a player's decision, or the Stöck announcement that the
/// engine makes for the holder when the second card is played.
pub type ActionEntry = crate::record::ActionEntry<RecordedAction>;

/// What a seat did (`{"seat":0,"action":"play","card":"HA"}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum RecordedAction {
    /// Shoved the choice to the partner.
    Schieben {},
    /// Chose the contract.
    Contract {
        /// The contract.
        contract: Contract,
    },
    /// Declared Weis (an empty list: declined).
    Weis {
        /// The combinations.
        weis: Declaration,
    },
    /// Stöck (King and Ober of trumps) scored: on the second of the two cards, or claimed with
    /// the game. Made by the engine right after the action that scored it.
    Stoeck {},
    /// Played a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl From<SchieberAction> for RecordedAction {
    fn from(a: SchieberAction) -> Self {
        match a {
            SchieberAction::Schieben => RecordedAction::Schieben {},
            SchieberAction::Contract { contract } => RecordedAction::Contract { contract },
            SchieberAction::Weis { weis } => RecordedAction::Weis { weis },
            SchieberAction::Play { card } => RecordedAction::Play { card },
        }
    }
}

impl RecordedAction {
    /// The player's action, or `None` for the engine's Stöck announcement.
    pub fn action(self) -> Option<SchieberAction> {
        Some(match self {
            RecordedAction::Schieben {} => SchieberAction::Schieben,
            RecordedAction::Contract { contract } => SchieberAction::Contract { contract },
            RecordedAction::Weis { weis } => SchieberAction::Weis { weis },
            RecordedAction::Play { card } => SchieberAction::Play { card },
            RecordedAction::Stoeck {} => return None,
        })
    }
}

/// The outcome of one deal. `card_points`, `match_bonus`, `weis` and `stoeck` are unmultiplied;
/// `score` is what each team was credited, multiplied; `totals` are the running totals after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealResult {
    /// Card points each team took in tricks (with the last-trick bonus), unmultiplied.
    pub card_points: [u32; 2],
    /// Tricks each team took.
    pub tricks: [u8; 2],
    /// The team that took every trick, if one did.
    #[serde(rename = "match")]
    pub match_team: Option<u8>,
    /// Match bonus credited to each team (100; 157 for a counter-match), unmultiplied.
    pub match_bonus: [u32; 2],
    /// Weis scored by each team, unmultiplied.
    pub weis: [u32; 2],
    /// Stöck scored by each team, unmultiplied.
    pub stoeck: [u32; 2],
    /// The contract's multiplier.
    pub multiplier: u32,
    /// What each team was credited in this deal, multiplied.
    pub score: [u32; 2],
    /// Running totals after this deal.
    pub totals: [u32; 2],
    /// False if the game ended in this deal before its last card.
    pub complete: bool,
}

/// What a Schieber deal's actions settled before the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberSettled {
    /// The contract played (none if the game ended before it was chosen).
    pub contract: Option<Contract>,
    /// Who chose it.
    pub chooser: Option<u8>,
    /// Forehand shoved.
    pub schoben: bool,
    /// The team whose Weis counted.
    pub weis_team: Option<u8>,
}

/// One deal of a Schieber record.
pub type SchieberDealRecord = DealRecord<Schieber>;

/// A whole Schieber game.
pub type SchieberRecord = GameRecord<Schieber>;

fn deal_result(s: &Schieber) -> DealResult {
    let t = s.tally();
    DealResult {
        card_points: t.card_points,
        tricks: t.tricks,
        match_team: (0..2u8).find(|&i| t.tricks[i as usize] == 9),
        match_bonus: t.match_bonus,
        weis: t.weis,
        stoeck: t.stoeck,
        multiplier: s.multiplier(),
        score: t.score,
        totals: s.totals(),
        complete: s.tricks_done() == 9,
    }
}

fn tricks_of(s: &Schieber) -> Vec<TrickRecord> {
    TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i))
}

/// The game result of `s` as it stands (a record's `result`).
pub fn game_result(s: &Schieber) -> GameResult {
    GameResult::of_teams(s.winner(), s.totals(), s.schneider(), s.bergpreis())
}

/// The record of the deal `s` has just played (or is playing): deal `number`, dealt by `dealer`.
pub fn finish_deal(
    s: &Schieber,
    number: u32,
    dealer: u8,
    actions: Vec<ActionEntry>,
) -> SchieberDealRecord {
    let contract = s.contract();
    DealRecord {
        number,
        dealer,
        start: Forehand {
            forehand: s.forehand(),
        },
        hands: s.dealt_hands(),
        cards: NoFields {},
        actions,
        settled: SchieberSettled {
            contract: contract.map(|(c, _)| c),
            chooser: contract.map(|(_, p)| p),
            schoben: s.schoben(),
            weis_team: s.weis_team(),
        },
        tricks: tricks_of(s),
        result: deal_result(s),
    }
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`, and returns
/// its record.
pub fn play_recorded(
    options: SchieberOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Schieber>>],
) -> Result<SchieberRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

/// Plays a game with these players, calling `watch` before every step and at the end; each
/// deal's cards come from `next_deal` (asked when the cards are to be dealt; `None` stops the
/// game there, and the record then says it `stopped`). `seed` is written to the record as the
/// seed the deals came from, if they did.
pub fn play_recorded_from(
    options: SchieberOptions,
    seed: Option<u64>,
    players: &mut [Box<dyn Player<Schieber>>],
    next_deal: &mut dyn FnMut(&Schieber) -> Option<[CardSet; 4]>,
    watch: &mut dyn FnMut(&Schieber),
) -> Result<SchieberRecord, String> {
    play_game(options, seed, players, &mut |s| Ok(next_deal(s)), watch)
}

impl RecordedGame for Schieber {
    const NAME: &'static str = "schieber";
    const TITLE: &'static str = "Schieber";
    // Records written before `claim_counts_all` and `bergpreis_by_tricks` were played without them.
    const OPTIONS_ADDED_LATER: &'static [(&'static str, bool)] =
        &[("claim_counts_all", false), ("bergpreis_by_tricks", false)];
    type Options = SchieberOptions;
    type Recorded = RecordedAction;
    const STOECK: Option<RecordedAction> = Some(RecordedAction::Stoeck {});
    type DealStart = Forehand;
    type Hands = FourHands;
    type DealCards = NoFields;
    type Settled = SchieberSettled;
    type DealResult = DealResult;
    type GameResult = GameResult;
    type Opening = ();

    fn new_game(options: SchieberOptions) -> Result<Self, String> {
        Schieber::new(options)
    }
    fn action_of(recorded: RecordedAction) -> Option<SchieberAction> {
        recorded.action()
    }
    fn opening(&self) {}
    // The dealer is known once the cards are dealt: the first deal may name it only then.
    fn deal_start(&self, (): ()) -> (u8, Forehand) {
        let forehand = self.forehand();
        (self.dealer(), Forehand { forehand })
    }
    fn stoeck_scored(&self, _seat: usize) -> Option<u8> {
        self.stoeck_just_announced()
            .then(|| self.stoeck_holder().expect("Stöck has a holder"))
    }
    fn recorded_deal(&self, deal: &SchieberDealRecord) -> Result<[CardSet; 4], String> {
        Ok(deal.hands)
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        _start: Forehand,
        actions: Vec<ActionEntry>,
    ) -> SchieberDealRecord {
        finish_deal(self, number, dealer, actions)
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
    fn check_start(
        deal: usize,
        recorded: &SchieberDealRecord,
        dealer: u8,
        start: &Forehand,
    ) -> Result<(), CheckError> {
        check_forehand(deal, recorded, dealer, start)
    }
}

/// Re-plays a record through the engine and reports the first illegal action or wrong figure.
pub fn check_record(rec: &SchieberRecord) -> Result<(), CheckError> {
    check(rec)
}

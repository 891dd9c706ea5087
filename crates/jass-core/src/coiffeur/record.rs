//! Coiffeur records: Schieber's deal entries, plus each deal's list entry and the final lists
//! (`docs/coiffeur.md`, section "Record").

use serde::{Deserialize, Serialize};

use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{
    check, check_forehand, CheckError, DealRecord, Forehand, FourHands, GameRecord, GameResult,
    NoFields, RecordedGame, TrickRecord,
};
use crate::schieber::{ActionEntry, Contract, RecordedAction, SchieberAction};

use super::{Coiffeur, CoiffeurOptions};

/// The outcome of one deal. Everything is unmultiplied except `written`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurDealResult {
    /// Card points each team took in tricks (with the last-trick bonus).
    pub card_points: [u32; 2],
    /// Tricks per team.
    pub tricks: [u8; 2],
    /// Match bonus credited to each team.
    pub match_bonus: [u32; 2],
    /// Weis per team.
    pub weis: [u32; 2],
    /// Stöck per team.
    pub stoeck: [u32; 2],
    /// Each team's points of the deal (Misère: the trick points swapped), unmultiplied.
    pub points: [u32; 2],
    /// The contract's multiplier.
    pub multiplier: u32,
    /// The team that chose the contract.
    pub team: u8,
    /// What that team writes in the contract's row: its points times the multiplier.
    pub written: u32,
    /// The sum of each team's list after this deal.
    pub totals: [u32; 2],
}

/// What a Coiffeur deal's actions settled before the tricks (a deal is always played to its
/// end, so there is always a contract).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurSettled {
    /// The contract played.
    pub contract: Contract,
    /// Who chose it.
    pub chooser: u8,
    /// Forehand shoved.
    pub schoben: bool,
    /// The team whose Weis counted.
    pub weis_team: Option<u8>,
}

/// One deal of a Coiffeur record.
pub type CoiffeurDealRecord = DealRecord<Coiffeur>;

/// A whole Coiffeur game (the game's `result`: `winner` null on a tie).
pub type CoiffeurRecord = GameRecord<Coiffeur>;

fn deal_record(
    c: &Coiffeur,
    number: u32,
    dealer: u8,
    actions: Vec<ActionEntry>,
) -> CoiffeurDealRecord {
    let s = c.schieber();
    let t = s.tally();
    let (contract, chooser) = s.contract().expect("a contract");
    let (team, _, written) = c.last_written().expect("a written entry");
    DealRecord {
        number,
        dealer,
        start: Forehand {
            forehand: s.forehand(),
        },
        hands: s.dealt_hands(),
        cards: NoFields {},
        actions,
        settled: CoiffeurSettled {
            contract,
            chooser,
            schoben: s.schoben(),
            weis_team: s.weis_team(),
        },
        tricks: TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i)),
        result: CoiffeurDealResult {
            card_points: t.card_points,
            tricks: t.tricks,
            match_bonus: t.match_bonus,
            weis: t.weis,
            stoeck: t.stoeck,
            points: t.score,
            multiplier: c.options().multipliers.of(contract),
            team,
            written,
            totals: c.totals(),
        },
    }
}

fn game_result(c: &Coiffeur) -> GameResult {
    GameResult::of_teams(c.winner(), c.totals(), false, None)
}

/// Plays a whole game with these players, the deals drawn from `seed`.
pub fn play_recorded(
    options: CoiffeurOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Coiffeur>>],
) -> Result<CoiffeurRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl RecordedGame for Coiffeur {
    const NAME: &'static str = "coiffeur";
    const TITLE: &'static str = "Coiffeur";
    type Options = CoiffeurOptions;
    type Recorded = RecordedAction;
    const STOECK: Option<RecordedAction> = Some(RecordedAction::Stoeck {});
    type DealStart = Forehand;
    type Hands = FourHands;
    type DealCards = NoFields;
    type Settled = CoiffeurSettled;
    type DealResult = CoiffeurDealResult;
    type GameResult = GameResult;
    type Opening = ();

    fn new_game(options: CoiffeurOptions) -> Result<Self, String> {
        Coiffeur::new(options)
    }
    fn action_of(recorded: RecordedAction) -> Option<SchieberAction> {
        recorded.action()
    }
    fn opening(&self) {}
    // The dealer is known once the cards are dealt: the first deal names the seat before the
    // holder of `first_forehand`'s card only then.
    fn deal_start(&self, (): ()) -> (u8, Forehand) {
        let s = self.schieber();
        let forehand = s.forehand();
        (s.dealer(), Forehand { forehand })
    }
    // Stöck is scored by its holder's own card.
    fn stoeck_scored(&self, seat: usize) -> Option<u8> {
        self.schieber()
            .stoeck_just_announced()
            .then_some(seat as u8)
    }
    fn recorded_deal(&self, deal: &CoiffeurDealRecord) -> Result<[CardSet; 4], String> {
        Ok(deal.hands)
    }
    // Asked once the deal is over (a Coiffeur deal is always played to its last card), when its
    // entry in the lists is written.
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        _start: Forehand,
        actions: Vec<ActionEntry>,
    ) -> CoiffeurDealRecord {
        deal_record(self, number, dealer, actions)
    }
    fn game_result(&self, _stopped: bool) -> GameResult {
        game_result(self)
    }
    fn not_over(&self, deals: usize) -> String {
        format!("the record ends after {deals} deal(s) but the lists are not full")
    }
    fn check_start(
        deal: usize,
        recorded: &CoiffeurDealRecord,
        dealer: u8,
        start: &Forehand,
    ) -> Result<(), CheckError> {
        check_forehand(deal, recorded, dealer, start)
    }
    // Issue 39: deal 1 with `first_forehand` a card recorded seat 3 as the dealer.
    fn correct(record: &mut CoiffeurRecord) {
        for d in &mut record.deals {
            d.dealer = (d.start.forehand + 3) % 4;
        }
    }
}

/// Re-plays a record and reports the first illegal action or wrong figure.
pub fn check_record(rec: &CoiffeurRecord) -> Result<(), CheckError> {
    check(rec)
}

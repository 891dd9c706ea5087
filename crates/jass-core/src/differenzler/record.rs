//! Differenzler game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md`, this game's own
//! parts in `docs/differenzler.md` (section "Record").

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::game::Player;
use crate::mode::Mode;
use crate::record::{
    check, check_forehand, CheckError, DealRecord, Forehand, FourHands, GameRecord, RecordedGame,
    TrickRecord,
};
use crate::weis::Declaration;

use super::options::{DifferenzlerOptions, TrumpRule};
use super::state::{Differenzler, DifferenzlerDeal};
use super::DifferenzlerAction;

/// One entry of a deal's action list (`{"seat":1,"action":"announce","points":42}`).
pub type DifferenzlerEntry = crate::record::ActionEntry<DifferenzlerRecorded>;

/// What a seat did: a decision, or Stöck counted by the engine when its holder played the second
/// card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum DifferenzlerRecorded {
    /// Named the trump (`trump = chosen`).
    Trump {
        /// The trump mode.
        trump: Mode,
    },
    /// Announced.
    Announce {
        /// The announced points.
        points: u32,
    },
    /// Declared Weis (an empty list: declined).
    Weis {
        /// The combinations.
        weis: Declaration,
    },
    /// Stöck counted.
    Stoeck {},
    /// Played a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl From<DifferenzlerAction> for DifferenzlerRecorded {
    fn from(a: DifferenzlerAction) -> Self {
        match a {
            DifferenzlerAction::Trump { trump } => DifferenzlerRecorded::Trump { trump },
            DifferenzlerAction::Announce { points } => DifferenzlerRecorded::Announce { points },
            DifferenzlerAction::Weis { weis } => DifferenzlerRecorded::Weis { weis },
            DifferenzlerAction::Play { card } => DifferenzlerRecorded::Play { card },
        }
    }
}

impl DifferenzlerRecorded {
    /// The player's action, or `None` for the engine's Stöck entry.
    pub fn action(self) -> Option<DifferenzlerAction> {
        Some(match self {
            DifferenzlerRecorded::Trump { trump } => DifferenzlerAction::Trump { trump },
            DifferenzlerRecorded::Announce { points } => DifferenzlerAction::Announce { points },
            DifferenzlerRecorded::Weis { weis } => DifferenzlerAction::Weis { weis },
            DifferenzlerRecorded::Play { card } => DifferenzlerAction::Play { card },
            DifferenzlerRecorded::Stoeck {} => return None,
        })
    }
}

/// The figures of one deal, per seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerDealResult {
    /// Card points taken (with the last-trick bonus); they add up to 157.
    pub card_points: [u32; 4],
    /// Tricks taken.
    pub tricks: [u8; 4],
    /// Weis scored.
    pub weis: [u32; 4],
    /// Stöck scored.
    pub stoeck: [u32; 4],
    /// Card points + Weis + Stöck.
    pub taken: [u32; 4],
    /// |announced − taken|.
    pub difference: [u32; 4],
    /// The penalty of the deal (difference, plus `miss_penalty` on a miss, less `exact_bonus` on
    /// an exact hit).
    pub penalty: [i32; 4],
    /// Total penalties after this deal.
    pub totals: [i32; 4],
}

/// A Differenzler deal's cards beside the hands: the turned card and the trump.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerCards {
    /// The turned card (`trump = turned`), in the dealer's hand.
    pub trump_card: Option<Card>,
    /// The trump mode of the deal.
    pub trump: Mode,
}

/// What a Differenzler deal's actions settled before the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerSettled {
    /// Each seat's announcement.
    pub announcements: [u32; 4],
    /// The seat whose Weis counted.
    pub weis_seat: Option<u8>,
}

/// One deal of a Differenzler record (forehand names the trump if chosen, announces first,
/// leads).
pub type DifferenzlerDealRecord = DealRecord<Differenzler>;

/// How a Differenzler game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerGameResult {
    /// The seats with the lowest total penalty (more than one: a shared win).
    pub winners: Vec<u8>,
    /// Total penalties per seat.
    pub totals: [i32; 4],
}

/// A whole Differenzler game.
pub type DifferenzlerRecord = GameRecord<Differenzler>;

fn deal_result(s: &Differenzler) -> DifferenzlerDealResult {
    let t = s.tally();
    DifferenzlerDealResult {
        card_points: t.card_points,
        tricks: t.tricks,
        weis: t.weis,
        stoeck: t.stoeck,
        taken: t.taken,
        difference: t.difference,
        penalty: t.penalty,
        totals: s.totals(),
    }
}

fn tricks_of(s: &Differenzler) -> Vec<TrickRecord> {
    TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i))
}

fn game_result(s: &Differenzler) -> DifferenzlerGameResult {
    DifferenzlerGameResult {
        winners: s.winners(),
        totals: s.totals(),
    }
}

fn finish_deal(s: &Differenzler, actions: Vec<DifferenzlerEntry>) -> DifferenzlerDealRecord {
    DealRecord {
        number: s.deals_started(),
        dealer: s.dealer(),
        start: Forehand {
            forehand: s.forehand(),
        },
        hands: s.dealt_hands(),
        cards: DifferenzlerCards {
            trump_card: s.trump_card(),
            trump: s.mode().expect("a trump once the deal is played"),
        },
        actions,
        settled: DifferenzlerSettled {
            announcements: s.announcements().map(|a| a.expect("every seat announced")),
            weis_seat: s.weis_seat(),
        },
        tricks: tricks_of(s),
        result: deal_result(s),
    }
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: DifferenzlerOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Differenzler>>],
) -> Result<DifferenzlerRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl RecordedGame for Differenzler {
    const NAME: &'static str = "differenzler";
    const TITLE: &'static str = "Differenzler";
    type Options = DifferenzlerOptions;
    type Recorded = DifferenzlerRecorded;
    const STOECK: Option<DifferenzlerRecorded> = Some(DifferenzlerRecorded::Stoeck {});
    type DealStart = Forehand;
    type Hands = FourHands;
    type DealCards = DifferenzlerCards;
    type Settled = DifferenzlerSettled;
    type DealResult = DifferenzlerDealResult;
    type GameResult = DifferenzlerGameResult;
    type Opening = ();

    fn new_game(options: DifferenzlerOptions) -> Result<Self, String> {
        Differenzler::new(options)
    }
    fn action_of(recorded: DifferenzlerRecorded) -> Option<DifferenzlerAction> {
        recorded.action()
    }
    fn opening(&self) {}
    fn deal_start(&self, (): ()) -> (u8, Forehand) {
        let forehand = self.forehand();
        (self.dealer(), Forehand { forehand })
    }
    fn stoeck_scored(&self, _seat: usize) -> Option<u8> {
        self.stoeck_just_announced()
            .then(|| self.stoeck_holder().expect("a holder"))
    }
    // With `trump = random` the drawn trump is a chance outcome like the hands, so it is taken
    // from the record; with `rotation` and `turned` the engine derives it again.
    fn recorded_deal(&self, deal: &DifferenzlerDealRecord) -> Result<DifferenzlerDeal, String> {
        Ok(DifferenzlerDeal {
            hands: deal.hands,
            trump_card: deal.cards.trump_card,
            trump: (self.options().trump == TrumpRule::Random).then_some(deal.cards.trump),
        })
    }
    fn deal_record(
        &self,
        _number: u32,
        _dealer: u8,
        _start: Forehand,
        actions: Vec<DifferenzlerEntry>,
    ) -> DifferenzlerDealRecord {
        finish_deal(self, actions)
    }
    fn game_result(&self, _stopped: bool) -> DifferenzlerGameResult {
        game_result(self)
    }
    fn not_over(&self, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but the game has {} (totals {:?})",
            self.options().deals,
            self.totals()
        )
    }
    fn check_start(
        deal: usize,
        recorded: &DifferenzlerDealRecord,
        dealer: u8,
        start: &Forehand,
    ) -> Result<(), CheckError> {
        check_forehand(deal, recorded, dealer, start)
    }
}

/// Re-plays a record through the engine and reports the first illegal action or wrong figure.
pub fn check_record(rec: &DifferenzlerRecord) -> Result<(), CheckError> {
    check(rec)
}

//! Schafhauser records: play a set into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/schafhauser.md` (section "Record"): each deal names its Partie and King beside its
//! forehand, lists the three hands and the turned trump card; melds and Stöck are written by the
//! engine, shown in what the deal settled and in its result.

use serde::{Deserialize, Serialize};

use crate::bieter::BieterDeal;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{is_false, player_hands, ActionEntry, DealRecord, GameRecord, RecordedGame};
use crate::weis::ShownWeis;

use super::options::{SchafhauserOptions, PLAYERS};
use super::state::{Schafhauser, SchafhauserPartie};
use super::SchafhauserAction;

/// A whole Schafhauser set.
pub type SchafhauserRecord = GameRecord<Schafhauser>;

/// A deal's start: its Partie, its King, forehand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchafhauserStart {
    /// The Partie of the set, 1-based.
    pub partie: u8,
    /// Its King.
    pub king: u8,
    /// Who was forehand and led the first trick.
    pub forehand: u8,
}

/// The cards of a deal beside the hands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchafhauserCards {
    /// The turned trump card, the dealer's last.
    pub trump_card: Card,
}

/// What a deal's actions settled before the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchafhauserSettled {
    /// Whether the King played the deal (`null` in a record that stops before he said).
    pub stayed: Option<bool>,
    /// The melds shown after the first trick (the party of the best single meld).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub melds: Vec<ShownWeis>,
    /// The seat that scored Stöck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stoeck: Option<u8>,
}

/// The figures of one deal, by party: `[King, Bauern]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchafhauserDealResult {
    /// Card points written for the tricks.
    pub card_points: [u32; 2],
    /// Tricks taken.
    pub tricks: [u8; 2],
    /// Melds written.
    pub melds: [u32; 2],
    /// Stöck written.
    pub stoeck: [u32; 2],
    /// A Matsch (100 for taking every trick; 257 for a deal the King left to the Bauern).
    pub matsch: [u32; 2],
    /// Everything written this deal.
    pub written: [u32; 2],
    /// Each party's points in the Partie after this deal.
    pub totals: [u32; 2],
}

/// How a Schafhauser set ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchafhauserGameResult {
    /// Every Partie begun, in order.
    pub partien: Vec<SchafhauserPartie>,
    /// What each seat won or paid over the set, in stakes (`null` before the end).
    pub settlement: Option<[i64; 3]>,
    /// The record stops by choice after its last deal, before the set is over. Absent in the
    /// record of a whole set.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// Plays a whole set with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: SchafhauserOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Schafhauser>>],
) -> Result<SchafhauserRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl RecordedGame for Schafhauser {
    const NAME: &'static str = "schafhauser";
    const ALIASES: &'static [&'static str] = &["schaffhauser", "fischenthaler"];
    const TITLE: &'static str = "Schafhauser";
    type Options = SchafhauserOptions;
    type Recorded = SchafhauserAction;
    type DealStart = SchafhauserStart;
    type Hands = Vec<CardSet>;
    type DealCards = SchafhauserCards;
    type Settled = SchafhauserSettled;
    type DealResult = SchafhauserDealResult;
    type GameResult = SchafhauserGameResult;
    type Opening = ();

    fn new_game(options: SchafhauserOptions) -> Result<Self, String> {
        Schafhauser::new(options)
    }
    fn action_of(recorded: SchafhauserAction) -> Option<SchafhauserAction> {
        Some(recorded)
    }
    fn opening(&self) {}
    fn deal_start(&self, (): ()) -> (u8, SchafhauserStart) {
        (
            self.partie().dealer(),
            SchafhauserStart {
                partie: self.partie_number(),
                king: self.king(),
                forehand: self.partie().forehand(),
            },
        )
    }
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<BieterDeal, String> {
        Ok(BieterDeal {
            hands: player_hands(&deal.hands, PLAYERS as usize)?,
            table_hidden: CardSet::EMPTY,
            table_open: CardSet::EMPTY,
            trump_card: Some(deal.cards.trump_card),
        })
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: SchafhauserStart,
        actions: Vec<ActionEntry<SchafhauserAction>>,
    ) -> DealRecord<Self> {
        let p = self.partie();
        let t = p.tally();
        let d = p.dealt();
        DealRecord {
            number,
            dealer,
            start,
            hands: d.hands[..PLAYERS as usize].to_vec(),
            cards: SchafhauserCards {
                trump_card: d
                    .trump_card
                    .expect("every Schafhauser deal turns a trump card"),
            },
            actions,
            settled: SchafhauserSettled {
                stayed: p.stayed(),
                melds: p.shown_melds(),
                stoeck: p.stoeck_scored(),
            },
            tricks: p.trick_records(),
            result: SchafhauserDealResult {
                card_points: t.card_points,
                tricks: t.tricks,
                melds: t.melds,
                stoeck: t.stoeck,
                matsch: t.matsch,
                written: t.written,
                totals: p.totals(),
            },
        }
    }
    fn game_result(&self, stopped: bool) -> SchafhauserGameResult {
        SchafhauserGameResult {
            partien: self.partien(),
            settlement: self.settlement(),
            stopped,
        }
    }
    fn stopped(result: &SchafhauserGameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) in Partie {} of {}: the set is not over",
            self.partie_number(),
            self.options().partien
        )
    }
}

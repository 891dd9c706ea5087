//! Molotow game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/molotow.md` (section "Record"); Molotow has no Stöck, its actions are recorded as they
//! are played (`{"seat":0,"action":"play",...}`), its deal is the four hands alone.

use serde::{Deserialize, Serialize};

use crate::card_play_game::{CardPlayRecord, HandsDeal, MAX_SEATS};
use crate::cardset::CardSet;
use crate::game::Player;
use crate::mode::Mode;
use crate::record::{is_false, GameRecord, NoFields};

use super::options::MolotowOptions;
use super::state::{DealScore, Molotow, MolotowRules};

/// The figures of one deal, one value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MolotowDealResult {
    /// The deal's trump, set by the first card that did not follow suit.
    pub trump: Option<Mode>,
    /// Card points each player took under the trump, the last trick's 5 included; they add up
    /// to 157.
    pub card_points: Vec<u32>,
    /// The points of the table melds in the tricks each player took.
    pub table_melds: Vec<u32>,
    /// What the deal wrote to each player: card points and table melds.
    pub points: Vec<u32>,
    /// Tricks each player took.
    pub tricks: Vec<u8>,
    /// Each player's points after this deal.
    pub totals: Vec<u32>,
}

/// How a Molotow game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MolotowGameResult {
    /// The players with the fewest points: more than one is a shared win; none in a record that
    /// stopped early.
    pub winners: Vec<u8>,
    /// Each player's points.
    pub totals: Vec<u32>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// A whole Molotow game.
pub type MolotowRecord = GameRecord<Molotow>;

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: MolotowOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Molotow>>],
) -> Result<MolotowRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl CardPlayRecord for MolotowRules {
    const ALIASES: &'static [&'static str] = &[];
    const TITLE: &'static str = "Molotow";
    type DealCards = NoFields;
    type DealResult = MolotowDealResult;
    type GameResult = MolotowGameResult;

    fn recorded_deal(hands: [CardSet; MAX_SEATS], NoFields {}: &NoFields) -> HandsDeal {
        HandsDeal { hands }
    }
    fn deal_cards(_: &Molotow) -> NoFields {
        NoFields {}
    }
    fn deal_result(g: &Molotow, score: Option<&DealScore>) -> MolotowDealResult {
        let (card_points, melds, tricks) = match score {
            Some(d) => (d.card_points, d.table_melds, d.tricks),
            None => g.taken(),
        };
        MolotowDealResult {
            trump: g.trump().map(Mode::Trump),
            card_points: g.per_seat(card_points),
            table_melds: g.per_seat(melds),
            points: g.per_seat(std::array::from_fn(|s| card_points[s] + melds[s])),
            tricks: g.per_seat(tricks),
            totals: g.per_seat(g.total()),
        }
    }
    fn game_result(g: &Molotow, stopped: bool) -> MolotowGameResult {
        MolotowGameResult {
            winners: g.winners(),
            totals: g.per_seat(g.total()),
            stopped,
        }
    }
    fn stopped(result: &MolotowGameResult) -> bool {
        result.stopped
    }
    fn not_over(g: &Molotow, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but the game has {}",
            g.options().deals
        )
    }
}

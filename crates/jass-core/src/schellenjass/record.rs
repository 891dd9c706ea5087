//! Schellenjass game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/schellenjass.md` (section "Record"); Schellenjass has no Stöck, its actions are recorded
//! as they are played (`{"seat":0,"action":"play",...}`).

use serde::{Deserialize, Serialize};

use crate::card_play_game::{CardPlayRecord, HandsDeal, MAX_SEATS};
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{is_false, GameRecord, NoFields};

use super::options::SchellenjassOptions;
use super::state::{DealScore, Schellenjass, SchellenjassRules};

/// The figures of one deal, one value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchellenjassDealResult {
    /// Cards of the game's suit each player took; they add up to 9.
    pub bells: Vec<u8>,
    /// The player who took all nine (a Turi), if one did.
    pub turi: Option<u8>,
    /// Lines each player wrote for this deal.
    pub lines: Vec<u32>,
    /// Each player's lines after this deal.
    pub totals: Vec<u32>,
}

/// How a Schellenjass game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchellenjassGameResult {
    /// The player alone at the target (none in a record that stopped early).
    pub winner: Option<u8>,
    /// Each player's lines.
    pub totals: Vec<u32>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// A whole Schellenjass game.
pub type SchellenjassRecord = GameRecord<Schellenjass>;

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: SchellenjassOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Schellenjass>>],
) -> Result<SchellenjassRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl CardPlayRecord for SchellenjassRules {
    const ALIASES: &'static [&'static str] = &["herzjass"];
    const TITLE: &'static str = "Schellenjass";
    type DealCards = NoFields;
    type DealResult = SchellenjassDealResult;
    type GameResult = SchellenjassGameResult;

    fn recorded_deal(hands: [CardSet; MAX_SEATS], NoFields {}: &NoFields) -> HandsDeal {
        HandsDeal { hands }
    }
    fn deal_cards(_: &Schellenjass) -> NoFields {
        NoFields {}
    }
    fn deal_result(g: &Schellenjass, score: Option<&DealScore>) -> SchellenjassDealResult {
        SchellenjassDealResult {
            bells: g.per_seat(g.bells()),
            turi: score.and_then(|d| d.turi),
            lines: g.per_seat(score.map_or([0; MAX_SEATS], |d| d.lines)),
            totals: g.per_seat(g.lines()),
        }
    }
    fn game_result(g: &Schellenjass, stopped: bool) -> SchellenjassGameResult {
        SchellenjassGameResult {
            winner: g.winner(),
            totals: g.per_seat(g.lines()),
            stopped,
        }
    }
    fn stopped(result: &SchellenjassGameResult) -> bool {
        result.stopped
    }
    fn not_over(g: &Schellenjass, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but nobody is alone at {} lines (lines {:?})",
            g.options().target,
            g.per_seat(g.lines())
        )
    }
}

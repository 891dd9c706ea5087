//! Guggitaler game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/guggitaler.md` (section "Record"); Guggitaler has no Stöck, its actions are recorded as
//! they are played (`{"seat":0,"action":"play",...}`), its deal is the hands alone.

use serde::{Deserialize, Serialize};

use crate::card_play_game::{CardPlayRecord, HandsDeal, MAX_SEATS};
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{is_false, GameRecord, NoFields};

use super::options::GuggitalerOptions;
use super::state::{DealScore, Guggitaler, GuggitalerRules, Round};

/// The figures of one deal, one value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuggitalerDealResult {
    /// The deal of the list that was played: what it counts, how much, avoided or sought.
    pub round: Round,
    /// Points each player took by the deal's count.
    pub points: Vec<u32>,
    /// Tricks each player took.
    pub tricks: Vec<u8>,
    /// What the deal wrote to each player: the points, or less them in a deal that seeks them.
    pub written: Vec<i32>,
    /// Each player's points written after this deal.
    pub totals: Vec<i32>,
}

/// How a Guggitaler game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuggitalerGameResult {
    /// The players with the fewest points: more than one is a shared win; none in a record that
    /// stopped early.
    pub winners: Vec<u8>,
    /// Each player's points written.
    pub totals: Vec<i32>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// A whole Guggitaler game.
pub type GuggitalerRecord = GameRecord<Guggitaler>;

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: GuggitalerOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Guggitaler>>],
) -> Result<GuggitalerRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl CardPlayRecord for GuggitalerRules {
    const ALIASES: &'static [&'static str] = &["serienjass"];
    const TITLE: &'static str = "Guggitaler";
    type DealCards = NoFields;
    type DealResult = GuggitalerDealResult;
    type GameResult = GuggitalerGameResult;

    fn recorded_deal(hands: [CardSet; MAX_SEATS], NoFields {}: &NoFields) -> HandsDeal {
        HandsDeal { hands }
    }
    fn deal_cards(_: &Guggitaler) -> NoFields {
        NoFields {}
    }
    fn deal_result(g: &Guggitaler, score: Option<&DealScore>) -> GuggitalerDealResult {
        let round = score.map_or(g.round(), |d| d.round);
        let (points, tricks) = match score {
            Some(d) => (d.points, d.tricks),
            None => Guggitaler::taken(g.card_play(), &round),
        };
        GuggitalerDealResult {
            round,
            points: g.per_seat(points),
            tricks: g.per_seat(tricks),
            written: g.per_seat(score.map_or([0; MAX_SEATS], |d| d.written)),
            totals: g.per_seat(g.totals()),
        }
    }
    fn game_result(g: &Guggitaler, stopped: bool) -> GuggitalerGameResult {
        GuggitalerGameResult {
            winners: g.winners(),
            totals: g.per_seat(g.totals()),
            stopped,
        }
    }
    fn stopped(result: &GuggitalerGameResult) -> bool {
        result.stopped
    }
    fn not_over(g: &Guggitaler, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but the game has {}",
            g.options().list.deals()
        )
    }
}

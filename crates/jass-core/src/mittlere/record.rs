//! Mittlere game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/mittlere.md` (section "Record"); Mittlere has no Stöck, its actions are recorded as they
//! are played (`{"seat":0,"action":"play",...}`), its deal is the three hands alone.

use serde::{Deserialize, Serialize};

use crate::card_play_game::{CardPlayRecord, HandsDeal, MAX_SEATS};
use crate::cardset::CardSet;
use crate::game::Player;
use crate::mode::Mode;
use crate::record::{is_false, GameRecord, NoFields};

use super::options::MittlereOptions;
use super::state::{DealScore, Mittlere, MittlereRules, Outcome};

/// The figures of one deal, one value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MittlereDealResult {
    /// The deal's trump, set by the first card that did not follow suit; `null`: every card
    /// followed, the deal is annulled.
    pub trump: Option<Mode>,
    /// Points each player took under the trump, the last trick's 5 included; they add up to
    /// 157 (all 0 in an annulled deal).
    pub card_points: Vec<u32>,
    /// Tricks each player took.
    pub tricks: Vec<u8>,
    /// How the deal was marked: `annulled`, `match` (with `seat`), `penalty` or `middle`.
    pub outcome: Outcome,
    /// The Striche the deal wrote.
    pub striche: Vec<u32>,
    /// The Nuller the deal wrote.
    pub nuller: Vec<u32>,
    /// Each player's Striche after this deal.
    pub total_striche: Vec<u32>,
    /// Each player's Nuller after this deal.
    pub total_nuller: Vec<u32>,
}

/// How a Mittlere game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MittlereGameResult {
    /// The players with the best score: more than one is a shared win; none in a record that
    /// stopped early.
    pub winners: Vec<u8>,
    /// Each player's Striche.
    pub striche: Vec<u32>,
    /// Each player's Nuller.
    pub nuller: Vec<u32>,
    /// What ranks the players: Striche less Nuller (`ranking` `net`) or Striche (`striche`).
    pub score: Vec<i64>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// A whole Mittlere game.
pub type MittlereRecord = GameRecord<Mittlere>;

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: MittlereOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Mittlere>>],
) -> Result<MittlereRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl CardPlayRecord for MittlereRules {
    const ALIASES: &'static [&'static str] = &["mittlerejass"];
    const TITLE: &'static str = "Mittlere";
    type DealCards = NoFields;
    type DealResult = MittlereDealResult;
    type GameResult = MittlereGameResult;

    fn recorded_deal(hands: [CardSet; MAX_SEATS], NoFields {}: &NoFields) -> HandsDeal {
        HandsDeal { hands }
    }
    fn deal_cards(_: &Mittlere) -> NoFields {
        NoFields {}
    }
    fn deal_result(g: &Mittlere, score: Option<&DealScore>) -> MittlereDealResult {
        let (points, tricks) = match score {
            Some(d) => (d.card_points, d.tricks),
            None => Mittlere::taken(g.card_play(), g.trump()),
        };
        MittlereDealResult {
            trump: g.trump().map(Mode::Trump),
            card_points: g.per_seat(points),
            tricks: g.per_seat(tricks),
            outcome: score.map_or(Outcome::Annulled, |d| d.outcome),
            striche: g.per_seat(score.map_or([0; MAX_SEATS], |d| d.striche)),
            nuller: g.per_seat(score.map_or([0; MAX_SEATS], |d| d.nuller)),
            total_striche: g.per_seat(g.striche()),
            total_nuller: g.per_seat(g.nuller()),
        }
    }
    fn game_result(g: &Mittlere, stopped: bool) -> MittlereGameResult {
        MittlereGameResult {
            winners: g.winners(),
            striche: g.per_seat(g.striche()),
            nuller: g.per_seat(g.nuller()),
            score: g.per_seat(g.score()),
            stopped,
        }
    }
    fn stopped(result: &MittlereGameResult) -> bool {
        result.stopped
    }
    fn not_over(g: &Mittlere, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but the game has {}",
            g.options().deals
        )
    }
}

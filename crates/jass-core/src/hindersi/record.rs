//! Hindersi game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/hindersi.md` (section "Record"); Hindersi has no Stöck, its actions are recorded as they
//! are played (`{"seat":0,"action":"play",...}`).

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::card_play_game::{CardPlayRecord, MAX_SEATS};
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{is_false, GameRecord};

use super::options::HindersiOptions;
use super::state::{DealScore, Hindersi, HindersiDeal, HindersiRules};

/// A Hindersi deal's card beside the hands: the one turned for trump.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HindersiCards {
    /// The dealer's last card, turned for trump; it stays in his hand.
    pub trump_card: Card,
}

/// The marks written at the end of a Partie, one value per player (0 or 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HindersiMarks {
    /// A Strich to the lowest totals.
    pub striche: Vec<u32>,
    /// A Nuller to the highest.
    pub nuller: Vec<u32>,
}

/// The figures of one deal, one value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HindersiDealResult {
    /// Card points each player took, the last trick's 5 included; they add up to 157.
    pub card_points: Vec<u32>,
    /// The player who took every trick, if one did.
    pub all_tricks: Option<u8>,
    /// The points each player writes for the deal: the card points, or 0 to the player who took
    /// every trick and 157 to each other.
    pub points: Vec<u32>,
    /// The Partie's totals after this deal.
    pub partie: Vec<u32>,
    /// The marks, in the deal that ends a Partie; `null` in the others.
    pub marks: Option<HindersiMarks>,
    /// Each player's Striche after this deal.
    pub striche: Vec<u32>,
    /// Each player's Nuller after this deal.
    pub nuller: Vec<u32>,
}

/// How a Hindersi game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HindersiGameResult {
    /// The players with the best score (and then the fewest points): more than one is a shared
    /// win; none in a record that stopped early.
    pub winners: Vec<u8>,
    /// Each player's Striche.
    pub striche: Vec<u32>,
    /// Each player's Nuller.
    pub nuller: Vec<u32>,
    /// What ranks the players: Striche less Nuller (`ranking` `net`) or Striche (`striche`).
    pub score: Vec<i64>,
    /// Every point each player wrote over the game (the tie-break: the fewest).
    pub points: Vec<u32>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// A whole Hindersi game.
pub type HindersiRecord = GameRecord<Hindersi>;

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: HindersiOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Hindersi>>],
) -> Result<HindersiRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl CardPlayRecord for HindersiRules {
    const ALIASES: &'static [&'static str] = &["hintersich"];
    const TITLE: &'static str = "Hindersi";
    type DealCards = HindersiCards;
    type DealResult = HindersiDealResult;
    type GameResult = HindersiGameResult;

    fn recorded_deal(hands: [CardSet; MAX_SEATS], cards: &HindersiCards) -> HindersiDeal {
        HindersiDeal {
            hands,
            trump_card: cards.trump_card,
        }
    }
    fn deal_cards(g: &Hindersi) -> HindersiCards {
        HindersiCards {
            trump_card: g.trump_card().expect("a deal was dealt"),
        }
    }
    fn deal_result(g: &Hindersi, score: Option<&DealScore>) -> HindersiDealResult {
        HindersiDealResult {
            card_points: g.per_seat(g.card_points()),
            all_tricks: score.and_then(|d| d.all_tricks),
            points: g.per_seat(score.map_or([0; MAX_SEATS], |d| d.points)),
            partie: g.per_seat(g.partie_totals()),
            marks: score.and_then(|d| d.marks).map(|m| HindersiMarks {
                striche: g.per_seat(m.striche),
                nuller: g.per_seat(m.nuller),
            }),
            striche: g.per_seat(g.striche()),
            nuller: g.per_seat(g.nuller()),
        }
    }
    fn game_result(g: &Hindersi, stopped: bool) -> HindersiGameResult {
        HindersiGameResult {
            winners: g.winners(),
            striche: g.per_seat(g.striche()),
            nuller: g.per_seat(g.nuller()),
            score: g.per_seat(g.score()),
            points: g.per_seat(g.game_points()),
            stopped,
        }
    }
    fn stopped(result: &HindersiGameResult) -> bool {
        result.stopped
    }
    fn not_over(g: &Hindersi, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but the game has {} ({} Parties of {})",
            g.options().deals(),
            g.options().parties,
            g.options().deals_per_partie()
        )
    }
}

//! Hindersi (Hintersich-Jass; 004 "Hindersi-Jass", JassWiki "Hindersi"): a reverse Jass for four
//! or three players, each for himself, where the aim is "to score the fewest points; however a
//! player taking all tricks wins the deal, scoring zero, while the rest score 157 each". The rules
//! as implemented, with their sources and the choices where the texts are silent, are in
//! `docs/hindersi.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError};

pub use options::{HindersiOptions, Ranking, MAX_PARTIES};
pub use record::{
    play_recorded, HindersiCards, HindersiDealResult, HindersiGameResult, HindersiMarks,
    HindersiRecord,
};
pub use state::{
    DealScore, Hindersi, HindersiDeal, HindersiObservation, HindersiPhase, LastDeal, PartieMarks,
    DEAL_POINTS, MAX_SEATS, MAX_TRICKS, RULES,
};

/// A decision of a Hindersi player: the game has only card play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum HindersiAction {
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl crate::game::PlaysCard for HindersiAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            HindersiAction::Play { card } => Some(card),
        }
    }
}

impl fmt::Display for HindersiAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HindersiAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for HindersiAction {
    type Err = ParseError;
    /// `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let card = match t.split_once(char::is_whitespace) {
            Some((head, rest)) if head.eq_ignore_ascii_case("play") => rest.trim(),
            _ => t,
        };
        card.parse::<Card>()
            .map(|card| HindersiAction::Play { card })
            .map_err(|_| {
                ParseError::new(format!(
                    "unknown action `{t}`: Hindersi has only card play: play <card> (e.g. `play HA`)"
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_from_text_and_json() {
        let a: HindersiAction = "play D9".parse().unwrap();
        assert_eq!(a.to_string(), "play D9");
        assert_eq!("D9".parse::<HindersiAction>().unwrap(), a);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"{"action":"play","card":"D9"}"#);
        assert_eq!(serde_json::from_str::<HindersiAction>(&json).unwrap(), a);
        let err = "trump D".parse::<HindersiAction>().unwrap_err();
        assert!(err.to_string().contains("only card play"), "{err}");
    }
}

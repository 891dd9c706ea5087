//! Schellenjass, and Herzjass with French cards (004 "Schellenjass"): every player for himself,
//! no trump, and the aim "to avoid capturing Bells or to take all nine". The rules as implemented,
//! with their sources and the choices where the texts are silent, are in `docs/schellenjass.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError};

pub use options::{SchellenjassOptions, MAX_TARGET};
pub use record::{
    play_recorded, SchellenjassDealResult, SchellenjassGameResult, SchellenjassRecord,
};
pub use state::{
    DealScore, LastDeal, Schellenjass, SchellenjassDeal, SchellenjassObservation,
    SchellenjassPhase, MAX_SEATS, MAX_TRICKS,
};

/// A decision of a Schellenjass player: the game has only card play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum SchellenjassAction {
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl crate::game::PlaysCard for SchellenjassAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            SchellenjassAction::Play { card } => Some(card),
        }
    }
}

impl fmt::Display for SchellenjassAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchellenjassAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for SchellenjassAction {
    type Err = ParseError;
    /// `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let card = match t.split_once(char::is_whitespace) {
            Some((head, rest)) if head.eq_ignore_ascii_case("play") => rest.trim(),
            _ => t,
        };
        card.parse::<Card>()
            .map(|card| SchellenjassAction::Play { card })
            .map_err(|_| {
                ParseError::new(format!(
                    "unknown action `{t}`: Schellenjass has only card play: play <card> (e.g. `play HA`)"
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_from_text_and_json() {
        let a: SchellenjassAction = "play D9".parse().unwrap();
        assert_eq!(a.to_string(), "play D9");
        assert_eq!("D9".parse::<SchellenjassAction>().unwrap(), a);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"{"action":"play","card":"D9"}"#);
        assert_eq!(
            serde_json::from_str::<SchellenjassAction>(&json).unwrap(),
            a
        );
        let err = "trump D".parse::<SchellenjassAction>().unwrap_err();
        assert!(err.to_string().contains("only card play"), "{err}");
    }
}

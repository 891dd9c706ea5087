//! The action of a game whose players only play cards (Schellenjass, Hindersi): one type, its
//! notation (`play HA`, or the card alone) and its JSON (`{"action": "play", "card": "HA"}`),
//! written once. Such a game re-exports it under its own name (`HindersiAction`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError};
use crate::game::PlaysCard;

/// A decision of a player in a game that has only card play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum CardPlayAction {
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl PlaysCard for CardPlayAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            CardPlayAction::Play { card } => Some(card),
        }
    }
}

impl fmt::Display for CardPlayAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardPlayAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for CardPlayAction {
    type Err = ParseError;
    /// `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let card = match t.split_once(char::is_whitespace) {
            Some((head, rest)) if head.eq_ignore_ascii_case("play") => rest.trim(),
            _ => t,
        };
        card.parse::<Card>()
            .map(|card| CardPlayAction::Play { card })
            .map_err(|_| {
                ParseError::new(format!(
                    "unknown action `{t}`: this game has only card play: play <card> (e.g. `play HA`)"
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_from_text_and_json() {
        let a: CardPlayAction = "play D9".parse().unwrap();
        assert_eq!(a.to_string(), "play D9");
        assert_eq!("D9".parse::<CardPlayAction>().unwrap(), a);
        assert_eq!(" PLAY  D9 ".parse::<CardPlayAction>().unwrap(), a);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"{"action":"play","card":"D9"}"#);
        assert_eq!(serde_json::from_str::<CardPlayAction>(&json).unwrap(), a);
        assert!(
            serde_json::from_str::<CardPlayAction>(r#"{"action":"play","card":"D9","x":1}"#)
                .is_err()
        );
        let err = "trump D".parse::<CardPlayAction>().unwrap_err();
        assert!(err.to_string().contains("only card play"), "{err}");
        assert_eq!(a.played_card(), Some("D9".parse().unwrap()));
    }
}

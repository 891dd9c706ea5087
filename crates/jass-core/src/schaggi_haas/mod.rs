//! Schaggi Haas (004 "Schaggi Haas", JassWiki "Schaggi-Haas"): a game for two. Each gets twelve
//! cards, the next card is turned for trump and four more lie face down before each player, his
//! talon; the last three lie under the turned card. A player may take his talon for four cards of
//! his hand ("bessern"), or look at it and leave it; the holder of the trump six may rob the
//! turned card before his first card. Twelve tricks are played with the usual Weis and Stöck, the
//! last trick counting 5 and no Matsch bonus; the first to 1000 points wins. The dealer is cut
//! for every deal. The rules as implemented, with their sources and our readings, are in
//! `docs/schaggi-haas.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError};

pub use options::{SchaggiHaasOptions, MAX_TARGET};
pub use record::{
    play_recorded, SchaggiHaasCards, SchaggiHaasDealResult, SchaggiHaasGameResult,
    SchaggiHaasRecord, SchaggiHaasSettled,
};
pub use state::{
    cut, SchaggiHaas, SchaggiHaasDeal, SchaggiHaasObservation, SchaggiHaasPhase, SchaggiHaasTally,
    HAND, RULES, SEATS, STOCK, TALON,
};

/// A decision in Schaggi Haas.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SchaggiHaasAction {
    /// Take the talon for four cards of the hand: four `discard` actions follow, then the talon
    /// joins the hand (JassWiki: "wobei diese zuerst abgelegt werden müssen, bevor die «bessern»
    /// vier Karten aufgenommen werden").
    Bessern,
    /// Keep the hand; the talon is looked at and stays out of play (JassWiki: "Wer auf das
    /// «Bessern» verzichtet, kann die verdeckten Karten einsehen").
    KeepHand,
    /// Lay a card of the hand away for the talon.
    Discard {
        /// The card.
        card: Card,
    },
    /// Rob the turned card with the six of trumps, before the player's first card (004: "A
    /// player with the trump 6 may 'rob' the trump upcard").
    ExchangeSix,
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl crate::game::PlaysCard for SchaggiHaasAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            SchaggiHaasAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for SchaggiHaasAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchaggiHaasAction::Bessern => f.write_str("bessern"),
            SchaggiHaasAction::KeepHand => f.write_str("keep-hand"),
            SchaggiHaasAction::Discard { card } => write!(f, "discard {card}"),
            SchaggiHaasAction::ExchangeSix => f.write_str("exchange-six"),
            SchaggiHaasAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for SchaggiHaasAction {
    type Err = ParseError;
    /// `bessern`, `keep-hand`, `discard HA`, `exchange-six` (or `rob`), `play HA` or just `HA`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        Ok(match head.to_ascii_lowercase().as_str() {
            "bessern" => SchaggiHaasAction::Bessern,
            "keep-hand" | "keep" => SchaggiHaasAction::KeepHand,
            "discard" => SchaggiHaasAction::Discard {
                card: rest.trim().parse()?,
            },
            "exchange-six" | "rob" | "rauben" => SchaggiHaasAction::ExchangeSix,
            "play" => SchaggiHaasAction::Play {
                card: rest.trim().parse()?,
            },
            _ => match t.parse::<Card>() {
                Ok(card) => SchaggiHaasAction::Play { card },
                Err(_) => {
                    return Err(ParseError::new(format!(
                        "unknown action `{t}`: expected bessern, keep-hand, discard <card>, exchange-six, or play <card>"
                    )))
                }
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_from_text_and_json() {
        for (text, json) in [
            ("bessern", r#"{"action":"bessern"}"#),
            ("keep-hand", r#"{"action":"keep-hand"}"#),
            ("discard H6", r#"{"action":"discard","card":"H6"}"#),
            ("exchange-six", r#"{"action":"exchange-six"}"#),
            ("play SA", r#"{"action":"play","card":"SA"}"#),
        ] {
            let a: SchaggiHaasAction = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert_eq!(serde_json::to_string(&a).unwrap(), json);
            assert_eq!(serde_json::from_str::<SchaggiHaasAction>(json).unwrap(), a);
        }
        assert_eq!(
            "rob".parse::<SchaggiHaasAction>().unwrap(),
            SchaggiHaasAction::ExchangeSix
        );
        assert_eq!(
            "HA".parse::<SchaggiHaasAction>().unwrap(),
            SchaggiHaasAction::Play {
                card: "HA".parse().unwrap()
            }
        );
        let err = "pass".parse::<SchaggiHaasAction>().unwrap_err().to_string();
        assert!(err.contains("expected bessern, keep-hand"), "{err}");
        assert!("discard S5".parse::<SchaggiHaasAction>().is_err());
        assert!(serde_json::from_str::<SchaggiHaasAction>(r#"{"action":"pass"}"#).is_err());
    }
}

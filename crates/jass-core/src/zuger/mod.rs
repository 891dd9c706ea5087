//! Zuger (004 "Zuger", JassWiki "Zuger (3 Spieler)"): a cutthroat game of temporary alliances.
//! With four at the table the dealer sits out and is written 10; the three others get twelve
//! cards each, the last card dealt turned for trump. Each says whether he plays (`stay`), not
//! (`fold`) or only if another folds (`maybe`); whoever plays writes a tenth of his card points,
//! melds (the large Weis) and Stöck, or 10 less if he stays under 21 ("in the hole"); a lone
//! player or a Matsch writes 10 more, and with three playing a player without a trick gives the
//! holder of the trump Jack 8. The game ends when the points written add up to 100; the most win.
//! With three at the table (JassWiki) two play, to 150. The rules as implemented, with their
//! sources and our readings, are in `docs/zuger.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError};

pub use options::{Rounding, ZugerOptions};
pub use record::{
    play_recorded, ZugerCards, ZugerDealResult, ZugerGameResult, ZugerMelds, ZugerRecord,
    ZugerSettled,
};
pub use state::{Zuger, ZugerDeal, ZugerObservation, ZugerPhase, ZugerTally, HAND, WEIS_RULES};

/// What a player says before the play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ZugerCall {
    /// He plays.
    Stay,
    /// He does not: he writes nothing this deal and cannot fall into the hole.
    Fold,
    /// He plays only if another player folds (004: "meaning they play only if another player
    /// folds").
    Maybe,
}

/// A decision in Zuger.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ZugerAction {
    /// The player with the fewest points forces every active player to play (004: "The player
    /// with the fewest points may force all players to stay if another player is within 14
    /// points of winning").
    Force,
    /// He does not.
    NoForce,
    /// Play this deal.
    Stay,
    /// Sit this deal out.
    Fold,
    /// Play only if another player folds.
    Maybe,
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl ZugerAction {
    /// The call of a `stay`, `fold` or `maybe`.
    pub fn call(self) -> Option<ZugerCall> {
        match self {
            ZugerAction::Stay => Some(ZugerCall::Stay),
            ZugerAction::Fold => Some(ZugerCall::Fold),
            ZugerAction::Maybe => Some(ZugerCall::Maybe),
            _ => None,
        }
    }
}

impl crate::game::PlaysCard for ZugerAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            ZugerAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for ZugerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZugerAction::Force => f.write_str("force"),
            ZugerAction::NoForce => f.write_str("no-force"),
            ZugerAction::Stay => f.write_str("stay"),
            ZugerAction::Fold => f.write_str("fold"),
            ZugerAction::Maybe => f.write_str("maybe"),
            ZugerAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for ZugerAction {
    type Err = ParseError;
    /// `force`, `no-force`, `stay`, `fold`, `maybe`, `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        match head.to_ascii_lowercase().as_str() {
            "force" => Ok(ZugerAction::Force),
            "no-force" | "no_force" => Ok(ZugerAction::NoForce),
            "stay" => Ok(ZugerAction::Stay),
            "fold" | "drop" => Ok(ZugerAction::Fold),
            "maybe" => Ok(ZugerAction::Maybe),
            "play" => Ok(ZugerAction::Play {
                card: rest.trim().parse()?,
            }),
            _ => t
                .parse::<Card>()
                .map(|card| ZugerAction::Play { card })
                .map_err(|_| {
                    ParseError::new(format!(
                        "unknown action `{t}`: expected force, no-force, stay, fold, maybe, or play <card>"
                    ))
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_from_text_and_json() {
        for (text, json) in [
            ("force", r#"{"action":"force"}"#),
            ("no-force", r#"{"action":"no-force"}"#),
            ("stay", r#"{"action":"stay"}"#),
            ("fold", r#"{"action":"fold"}"#),
            ("maybe", r#"{"action":"maybe"}"#),
            ("play SA", r#"{"action":"play","card":"SA"}"#),
        ] {
            let a: ZugerAction = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert_eq!(serde_json::to_string(&a).unwrap(), json);
            assert_eq!(serde_json::from_str::<ZugerAction>(json).unwrap(), a);
        }
        assert_eq!("drop".parse::<ZugerAction>().unwrap(), ZugerAction::Fold);
        assert_eq!(
            "HA".parse::<ZugerAction>().unwrap(),
            ZugerAction::Play {
                card: "HA".parse().unwrap()
            }
        );
        assert_eq!(ZugerAction::Maybe.call(), Some(ZugerCall::Maybe));
        assert_eq!(ZugerAction::Force.call(), None);
        let err = "pass".parse::<ZugerAction>().unwrap_err().to_string();
        assert!(err.contains("expected force, no-force, stay"), "{err}");
        assert!(serde_json::from_str::<ZugerAction>(r#"{"action":"pass"}"#).is_err());
        assert!(serde_json::from_str::<ZugerAction>(r#"{"action":"play","card":"S5"}"#).is_err());
    }
}

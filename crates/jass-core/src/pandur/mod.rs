//! Pandur (004 "Pandur", JassWiki "Pandur", "Pandur (3 Spieler)"): a 24-card pack (the Nines to
//! the Aces), three active players of eight cards each (with four at the table the dealer sits
//! out), an auction for the right to play alone: a number of points (100 to 300) with a trump the
//! soloist names, or Misère (lose every trick) or Pandur (take every trick), each without trump
//! or with the suit of the soloist's first lead as trump. A made contract writes its value to the
//! soloist, a lost one to each opponent (and to the dealer who sits out); a player who reaches 15
//! drops out, safe, the game going on with three, then two; the last one left in loses.
//! The rules as implemented, with their sources and the choices where the texts are silent, are
//! in `docs/pandur.md`.

mod contract;
mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError, Suit};

pub use contract::PandurContract;
pub use options::PandurOptions;
pub use record::{
    play_recorded, PandurContractRecord, PandurDealResult, PandurGameResult, PandurRecord,
    PandurSettled, ShownMeldsRecord,
};
pub use state::{
    marriage, Pandur, PandurObservation, PandurPhase, PandurTally, ShownMelds, PACK, PLAYING,
    WEIS_RULES,
};

/// A decision in Pandur.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum PandurAction {
    /// Pass in the auction (a player who passed speaks no more).
    Pass,
    /// Bid a contract above the last one (`call`: Sidi Barrani's `bid` names points and a trump
    /// together; here the contract alone).
    Call {
        /// The contract: a number of points (100 … 300) or `misere`, `trump-misere`, `pandur`,
        /// `trump-pandur`.
        contract: PandurContract,
    },
    /// Name the trump suit (the soloist of a numerical bid, after the auction).
    Trump {
        /// The suit.
        trump: Suit,
    },
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl crate::game::PlaysCard for PandurAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            PandurAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for PandurAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PandurAction::Pass => f.write_str("pass"),
            PandurAction::Call { contract } => write!(f, "call {}", contract.notation()),
            PandurAction::Trump { trump } => write!(f, "trump {trump}"),
            PandurAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for PandurAction {
    type Err = ParseError;
    /// `pass`, `call 120` (or `bid 120`), `call misere`, `call trump-pandur`, `trump H`, `play HA`
    /// or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        match head.to_ascii_lowercase().as_str() {
            "pass" => Ok(PandurAction::Pass),
            "call" | "bid" => Ok(PandurAction::Call {
                contract: rest.parse()?,
            }),
            "trump" => Ok(PandurAction::Trump {
                trump: rest.parse()?,
            }),
            "play" => Ok(PandurAction::Play {
                card: rest.parse()?,
            }),
            _ => t
                .parse::<Card>()
                .map(|card| PandurAction::Play { card })
                .map_err(|_| {
                    ParseError::new(format!(
                        "unknown action `{t}`: expected pass, call <100 … 300 | misere | trump-misere | pandur | trump-pandur>, trump <D|H|S|C>, or play <card>"
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
            ("pass", r#"{"action":"pass"}"#),
            ("call 120", r#"{"action":"call","contract":120}"#),
            ("call misere", r#"{"action":"call","contract":"misere"}"#),
            (
                "call trump-pandur",
                r#"{"action":"call","contract":"trump-pandur"}"#,
            ),
            ("trump H", r#"{"action":"trump","trump":"H"}"#),
            ("play SA", r#"{"action":"play","card":"SA"}"#),
        ] {
            let a: PandurAction = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert_eq!(serde_json::to_string(&a).unwrap(), json);
            assert_eq!(serde_json::from_str::<PandurAction>(json).unwrap(), a);
        }
        assert_eq!(
            "SA".parse::<PandurAction>().unwrap(),
            PandurAction::Play {
                card: "SA".parse().unwrap()
            }
        );
        assert_eq!(
            "bid 130".parse::<PandurAction>().unwrap(),
            "call 130".parse::<PandurAction>().unwrap()
        );
        let err = "bid 125".parse::<PandurAction>().unwrap_err().to_string();
        assert!(err.contains("steps of 10"), "{err}");
        let err = "double".parse::<PandurAction>().unwrap_err().to_string();
        assert!(err.contains("expected pass, call"), "{err}");
        assert!(
            serde_json::from_str::<PandurAction>(r#"{"action":"call","contract":95}"#).is_err()
        );
        assert!(
            serde_json::from_str::<PandurAction>(r#"{"action":"call","contract":"grand"}"#)
                .is_err()
        );
    }
}

//! Schafhauser, also Fischenthaler (JassWiki "Schafhauser (3 Spieler)"; 004
//! "Schaffhauserjass"): a Königsspiel for three without an auction. A King plays alone against
//! the two others, the Bauernpartei: he must make 350, they 1000 together, whoever first reaches
//! his target wins the Partie, a loser short of half his own pays twice. In every deal twelve
//! cards each, the dealer's last card turned for trump; the King plays the deal or leaves it to
//! the Bauern, a Matsch. A set of three Partien gives each player one turn as King. Every deal
//! is played as Bieter's later deals are (`crate::bieter`, `Bieter::with_king`); the rules as
//! implemented, with their sources and our readings, are in `docs/schafhauser.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::bieter::BieterAction;
use crate::card::{Card, ParseError};

pub use options::{SchafhauserDealer, SchafhauserOptions};
pub use record::{
    play_recorded, SchafhauserCards, SchafhauserDealResult, SchafhauserGameResult,
    SchafhauserRecord, SchafhauserSettled, SchafhauserStart,
};
pub use state::{Schafhauser, SchafhauserObservation, SchafhauserPartie};

/// A decision in Schafhauser.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum SchafhauserAction {
    /// The King plays the deal.
    Stay,
    /// The King leaves the deal to the Bauern, who write a Matsch ("Verzichtet er auf das
    /// Spiel, erhält die Bauernpartei einen Matsch mit entsprechender Prämie").
    Drop,
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl SchafhauserAction {
    /// The same decision in the Bieter deal that carries it.
    pub fn in_bieter(self) -> BieterAction {
        match self {
            SchafhauserAction::Stay => BieterAction::Stay,
            SchafhauserAction::Drop => BieterAction::Drop,
            SchafhauserAction::Play { card } => BieterAction::Play { card },
        }
    }

    /// The Schafhauser decision of a Bieter deal's action (a later deal's: stay, drop, play).
    pub fn of_bieter(action: BieterAction) -> Option<Self> {
        match action {
            BieterAction::Stay => Some(SchafhauserAction::Stay),
            BieterAction::Drop => Some(SchafhauserAction::Drop),
            BieterAction::Play { card } => Some(SchafhauserAction::Play { card }),
            _ => None,
        }
    }
}

impl crate::game::PlaysCard for SchafhauserAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            SchafhauserAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for SchafhauserAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.in_bieter().fmt(f)
    }
}

impl FromStr for SchafhauserAction {
    type Err = ParseError;
    /// `stay`, `drop`, `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let unknown = || {
            ParseError::new(format!(
                "unknown action `{t}`: expected stay, drop, or play <card>"
            ))
        };
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        match head.to_ascii_lowercase().as_str() {
            "stay" if rest.trim().is_empty() => Ok(SchafhauserAction::Stay),
            "drop" if rest.trim().is_empty() => Ok(SchafhauserAction::Drop),
            "play" => Ok(SchafhauserAction::Play {
                card: rest.trim().parse()?,
            }),
            _ => t
                .parse::<Card>()
                .map(|card| SchafhauserAction::Play { card })
                .map_err(|_| unknown()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_from_text_and_json() {
        for (text, json) in [
            ("stay", r#"{"action":"stay"}"#),
            ("drop", r#"{"action":"drop"}"#),
            ("play SA", r#"{"action":"play","card":"SA"}"#),
        ] {
            let a: SchafhauserAction = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert_eq!(serde_json::to_string(&a).unwrap(), json);
            assert_eq!(serde_json::from_str::<SchafhauserAction>(json).unwrap(), a);
            assert_eq!(SchafhauserAction::of_bieter(a.in_bieter()), Some(a));
        }
        assert_eq!(
            "H6".parse::<SchafhauserAction>().unwrap(),
            SchafhauserAction::Play {
                card: "H6".parse().unwrap()
            }
        );
        let err = "bid 600"
            .parse::<SchafhauserAction>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected stay, drop"), "{err}");
        assert!(serde_json::from_str::<SchafhauserAction>(r#"{"action":"pass"}"#).is_err());
        assert_eq!(SchafhauserAction::of_bieter(BieterAction::Pass), None);
    }
}

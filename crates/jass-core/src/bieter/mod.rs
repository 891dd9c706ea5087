//! Bieter, also Steiger (JassWiki "Bieter", "Bieter (3 Spieler)", "Bieter (4 Spieler)"; 004
//! "Bieter"): a Königsspiel for three or four. In the first deal the players bid for the right
//! to play alone, as King, against the others, the Bauernpartei: the highest bid (600 or more
//! with three, 350 with four) is the King's target, the Bauern's is 1000 together. The King
//! takes the cards on the table, lays as many away and names the trump (a suit, Obenabe,
//! Undenufe or Hindersi, in which he must take no trick); in every later deal the dealer's last
//! card is trump and the King may play or leave the deal to the Bauern, a Matsch. Every point
//! is written as it falls due; whoever first reaches his target wins the Partie, a loser short
//! of half his own twice. The rules as implemented, with their sources and the choices where the
//! texts are silent, are in `docs/bieter.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, ParseError};
use crate::mode::Mode;

pub use options::{BieterOptions, Discards};
pub use record::{
    play_recorded, BieterCards, BieterDealResult, BieterGameResult, BieterRecord, BieterSettled,
};
pub use state::{
    Bieter, BieterDeal, BieterObservation, BieterPhase, BieterTally, BAUERN, KING, WEIS_RULES,
};

/// What the King plays in the first deal ("Er kann wählen zwischen einer Trumpffarbe, einem
/// Obenabe, einem Undenufe oder einem Hindersi ohne Trumpf").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BieterContract {
    /// A trump suit, Obenabe or Undenufe.
    Mode(Mode),
    /// Hindersi: no trump (the Obenabe order), the King must take no trick ("Beim Hindersi darf
    /// der König keinen Stich erzielen, sonst schreibt die Bauernpartei einen Matsch").
    Hindersi,
}

impl BieterContract {
    /// Every contract, the suits first.
    pub const ALL: [BieterContract; 7] = [
        BieterContract::Mode(Mode::ALL[0]),
        BieterContract::Mode(Mode::ALL[1]),
        BieterContract::Mode(Mode::ALL[2]),
        BieterContract::Mode(Mode::ALL[3]),
        BieterContract::Mode(Mode::Obenabe),
        BieterContract::Mode(Mode::Undenufe),
        BieterContract::Hindersi,
    ];

    /// The mode the tricks are played in (Hindersi: Obenabe, without trump).
    pub const fn mode(self) -> Mode {
        match self {
            BieterContract::Mode(m) => m,
            BieterContract::Hindersi => Mode::Obenabe,
        }
    }

    /// The contract in notation: `D`, `H`, `S`, `C`, `obenabe`, `undenufe`, `hindersi`.
    pub fn notation(self) -> &'static str {
        match self {
            BieterContract::Mode(m) => m.notation(),
            BieterContract::Hindersi => "hindersi",
        }
    }
}

impl fmt::Display for BieterContract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl FromStr for BieterContract {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("hindersi") || t.eq_ignore_ascii_case("misere") {
            return Ok(BieterContract::Hindersi);
        }
        t.parse::<Mode>().map(BieterContract::Mode).map_err(|_| {
            ParseError::new(format!(
                "unknown contract `{s}`: expected D, H, S, C, obenabe, undenufe or hindersi"
            ))
        })
    }
}

impl Serialize for BieterContract {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.notation())
    }
}

impl<'de> Deserialize<'de> for BieterContract {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A decision in Bieter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum BieterAction {
    /// Pass in the auction ("fort"; a player who passed speaks no more).
    Pass,
    /// Bid a number of points, at least the lowest bid and ten above the last.
    Bid {
        /// The points.
        points: u32,
    },
    /// The King lays a card away (as many as he took from the table, one at a time).
    Discard {
        /// The card.
        card: Card,
    },
    /// The King names what the first deal is played in.
    Contract {
        /// The trump suit, `obenabe`, `undenufe` or `hindersi`.
        contract: BieterContract,
    },
    /// The King plays a later deal.
    Stay,
    /// The King leaves a later deal to the Bauern, who write a Matsch.
    Drop,
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl crate::game::PlaysCard for BieterAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            BieterAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for BieterAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BieterAction::Pass => f.write_str("pass"),
            BieterAction::Bid { points } => write!(f, "bid {points}"),
            BieterAction::Discard { card } => write!(f, "discard {card}"),
            BieterAction::Contract { contract } => write!(f, "contract {contract}"),
            BieterAction::Stay => f.write_str("stay"),
            BieterAction::Drop => f.write_str("drop"),
            BieterAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for BieterAction {
    type Err = ParseError;
    /// `pass`, `bid 620`, `discard H6`, `contract S` (or `contract hindersi`), `stay`, `drop`,
    /// `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        match head.to_ascii_lowercase().as_str() {
            "pass" | "fort" => Ok(BieterAction::Pass),
            "bid" => rest
                .parse::<u32>()
                .map(|points| BieterAction::Bid { points })
                .map_err(|_| {
                    ParseError::new(format!("`{rest}` is not a bid: write bid and a number of points, e.g. bid 620"))
                }),
            "discard" => Ok(BieterAction::Discard {
                card: rest.parse()?,
            }),
            "contract" | "trump" => Ok(BieterAction::Contract {
                contract: rest.parse()?,
            }),
            "stay" => Ok(BieterAction::Stay),
            "drop" => Ok(BieterAction::Drop),
            "play" => Ok(BieterAction::Play {
                card: rest.parse()?,
            }),
            _ => t
                .parse::<Card>()
                .map(|card| BieterAction::Play { card })
                .map_err(|_| {
                    ParseError::new(format!(
                        "unknown action `{t}`: expected pass, bid <points>, discard <card>, contract <D|H|S|C|obenabe|undenufe|hindersi>, stay, drop, or play <card>"
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
            ("bid 620", r#"{"action":"bid","points":620}"#),
            ("discard H6", r#"{"action":"discard","card":"H6"}"#),
            ("contract S", r#"{"action":"contract","contract":"S"}"#),
            (
                "contract hindersi",
                r#"{"action":"contract","contract":"hindersi"}"#,
            ),
            (
                "contract obenabe",
                r#"{"action":"contract","contract":"obenabe"}"#,
            ),
            ("stay", r#"{"action":"stay"}"#),
            ("drop", r#"{"action":"drop"}"#),
            ("play SA", r#"{"action":"play","card":"SA"}"#),
        ] {
            let a: BieterAction = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert_eq!(serde_json::to_string(&a).unwrap(), json);
            assert_eq!(serde_json::from_str::<BieterAction>(json).unwrap(), a);
        }
        assert_eq!("fort".parse::<BieterAction>().unwrap(), BieterAction::Pass);
        let err = "bid many".parse::<BieterAction>().unwrap_err().to_string();
        assert!(err.contains("not a bid"), "{err}");
        let err = "contract grand"
            .parse::<BieterAction>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("hindersi"), "{err}");
        let err = "double".parse::<BieterAction>().unwrap_err().to_string();
        assert!(err.contains("expected pass, bid"), "{err}");
        assert!(serde_json::from_str::<BieterAction>(
            r#"{"action":"contract","contract":"slalom"}"#
        )
        .is_err());
    }
}

//! Differenzler: four players, each for himself. After seeing his cards (and the trump) every
//! player announces how many points he will take; the penalty of a deal is the difference between
//! the announced and the taken points, and after the last deal the lowest total penalty wins (004:
//! "players must announce an amount, which they have to get as close to as possible"). A mixed
//! game, so the weaker undertrumping rule applies (003). See `docs/differenzler.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError};
use crate::mode::Mode;
use crate::weis::Declaration;

pub use options::{Announcements, DifferenzlerOptions, TrumpRule, ZeroBonus, MAX_ANNOUNCEMENT};
pub use record::{
    check_record, play_recorded, DifferenzlerCards, DifferenzlerDealRecord, DifferenzlerDealResult,
    DifferenzlerEntry, DifferenzlerGameResult, DifferenzlerRecord, DifferenzlerRecorded,
    DifferenzlerSettled,
};
pub use state::{
    random_trump, Differenzler, DifferenzlerDeal, DifferenzlerObservation, DifferenzlerPhase,
    DifferenzlerTally,
};

/// A decision in Differenzler.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum DifferenzlerAction {
    /// Forehand names the trump (only with the option `trump = chosen`).
    Trump {
        /// A suit, or Obenabe/Undenufe when `obenabe_undenufe` is on.
        trump: Mode,
    },
    /// Announce the points one will take (0 to 157).
    Announce {
        /// The announced points.
        points: u32,
    },
    /// Declare Weis (possibly none) while playing to the first trick (only with `weis` on).
    Weis {
        /// The combinations declared; empty for none.
        weis: Declaration,
    },
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl crate::game::PlaysCard for DifferenzlerAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            DifferenzlerAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for DifferenzlerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DifferenzlerAction::Trump { trump } => write!(f, "trump {trump}"),
            DifferenzlerAction::Announce { points } => write!(f, "announce {points}"),
            DifferenzlerAction::Weis { weis } => weis.fmt_action(f),
            DifferenzlerAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for DifferenzlerAction {
    type Err = ParseError;
    /// `trump H`, `announce 42`, `weis none`, `weis HK HQ HJ`, `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        match head.to_ascii_lowercase().as_str() {
            "trump" => Ok(DifferenzlerAction::Trump { trump: rest.parse()? }),
            "announce" => {
                let points = rest.parse::<u32>().map_err(|_| ParseError::new(format!("announcement `{rest}` is not a number")))?;
                Ok(DifferenzlerAction::Announce { points })
            }
            "play" => Ok(DifferenzlerAction::Play { card: rest.parse()? }),
            "weis" => Ok(DifferenzlerAction::Weis {
                weis: Declaration::parse_action(rest)?,
            }),
            _ => t.parse::<Card>().map(|card| DifferenzlerAction::Play { card }).map_err(|_| {
                ParseError::new(format!(
                    "unknown action `{t}`: expected trump <D|H|S|C|obenabe|undenufe>, announce <points>, weis none, weis <cards>, or play <card>"
                ))
            }),
        }
    }
}

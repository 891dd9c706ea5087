//! Sidi Barrani: Schieber with an auction (001; 004 "Sidi Barani"). Four players, teams {0, 2}
//! and {1, 3}; the highest bidder names the trump (a suit, Obenabe or Undenufe) and undertakes to
//! take at least the bid in card points. See `docs/sidi-barrani.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError};
use crate::mode::Mode;
use crate::weis::Declaration;

pub use options::{Doubling, SidiOptions};
pub use record::{
    check_record, play_recorded, play_recorded_from, SidiContract, SidiDealRecord, SidiDealResult,
    SidiEntry, SidiRecord, SidiRecorded, SidiSettled,
};
pub use state::{deal_score, DealScore, Sidi, SidiObservation, SidiPhase, SidiTally};

/// A decision in Sidi Barrani.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum SidiAction {
    /// Pass in the auction; when asked whether to double or redouble: decline.
    Pass,
    /// Bid a number of card points and a denomination.
    Bid {
        /// The number (40 … 150, 157, 257).
        points: u32,
        /// A trump suit, Obenabe or Undenufe.
        trump: Mode,
    },
    /// Double the last bid (an opponent of the bidder).
    Double,
    /// Redouble (the doubled team, with the option `redouble`).
    Redouble,
    /// Declare Weis (possibly none) while playing to the first trick. Asked before the card.
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

impl crate::game::PlaysCard for SidiAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            SidiAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for SidiAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SidiAction::Pass => f.write_str("pass"),
            SidiAction::Bid { points, trump } => write!(f, "bid {points} {trump}"),
            SidiAction::Double => f.write_str("double"),
            SidiAction::Redouble => f.write_str("redouble"),
            SidiAction::Weis { weis } => weis.fmt_action(f),
            SidiAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for SidiAction {
    type Err = ParseError;
    /// `pass`, `bid 120 undenufe`, `double`, `redouble`, `weis none`, `weis HK HQ HJ`,
    /// `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        match head.to_ascii_lowercase().as_str() {
            "pass" => Ok(SidiAction::Pass),
            "double" => Ok(SidiAction::Double),
            "redouble" => Ok(SidiAction::Redouble),
            "bid" => {
                let (n, m) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                    ParseError::new(format!("bid `{rest}`: write bid <points> <D|H|S|C|obenabe|undenufe>"))
                })?;
                let points = n.trim().parse::<u32>().map_err(|_| ParseError::new(format!("bid number `{n}` is not a number")))?;
                Ok(SidiAction::Bid { points, trump: m.trim().parse()? })
            }
            "play" => Ok(SidiAction::Play { card: rest.parse()? }),
            "weis" => Ok(SidiAction::Weis {
                weis: Declaration::parse_action(rest)?,
            }),
            _ => t.parse::<Card>().map(|card| SidiAction::Play { card }).map_err(|_| {
                ParseError::new(format!(
                    "unknown action `{t}`: expected pass, bid <points> <trump>, double, redouble, weis none, weis <cards>, or play <card>"
                ))
            }),
        }
    }
}

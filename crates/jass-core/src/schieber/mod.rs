//! Schieber: the partnership game of 003 (and 004's "Schieber as commonly played"). Teams are
//! seats {0, 2} and {1, 3}.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, ParseError};
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::weis::Declaration;

// The record's parts Schieber shares with the other forehand games, under its name as before.
pub use crate::record::{Forehand, FourHands, TrickRecord};
pub use options::{
    FirstForehand, FirstLead, Multipliers, SchieberOptions, ScoreItem, ScoringOrder, WeisOption,
    MAX_MULTIPLIER, MAX_TARGET,
};
pub use record::{
    check_record, finish_deal, game_result, play_recorded, play_recorded_from, ActionEntry,
    DealResult, RecordedAction, SchieberDealRecord, SchieberRecord, SchieberSettled,
};
pub use state::{Phase, Schieber, SchieberObservation};
// What the Schieber observation shows of the tricks and the Weis, written once for every game.
pub use crate::record::ObservedTrick;
pub use crate::weis::{heard_weis_calls, weis_call_heard, ShownWeis, WeisCall};

/// A contract: a trump mode, Misère (004: played as Obenabe, trick points to the other team), or
/// Slalom (named by 003 and 004, defined by neither; we play the common definition: no trump, the
/// tricks alternate between Obenabe and Undenufe, the first in the mode the chooser names).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contract {
    /// Play in this mode.
    Mode(Mode),
    /// Misère.
    Misere,
    /// Slalom beginning Obenabe: tricks 1, 3, 5, 7, 9 Obenabe, tricks 2, 4, 6, 8 Undenufe
    /// (notation `slalom`, also read as `slalom-obenabe`).
    Slalom,
    /// Slalom beginning Undenufe: tricks 1, 3, 5, 7, 9 Undenufe, the others Obenabe (notation
    /// `slalom-undenufe`).
    SlalomUndenufe,
}

impl Contract {
    /// All contracts in notation order.
    pub const ALL: [Contract; 9] = [
        Contract::Mode(Mode::ALL[0]),
        Contract::Mode(Mode::ALL[1]),
        Contract::Mode(Mode::ALL[2]),
        Contract::Mode(Mode::ALL[3]),
        Contract::Mode(Mode::Obenabe),
        Contract::Mode(Mode::Undenufe),
        Contract::Misere,
        Contract::Slalom,
        Contract::SlalomUndenufe,
    ];

    /// The trick-taking mode of the contract; for Slalom, the mode of the first trick (in which
    /// the Weis is also compared).
    pub const fn mode(self) -> Mode {
        match self {
            Contract::Mode(m) => m,
            Contract::Misere | Contract::Slalom => Mode::Obenabe,
            Contract::SlalomUndenufe => Mode::Undenufe,
        }
    }

    /// The card points of the contract's tricks: its mode's (`eleven`: which card counts 11 in
    /// Undenufe). A Slalom counts the same table in both directions, Obenabe's (the ace 11, the
    /// eights 8, the six 0), so that every Slalom deal totals 157 like every other deal;
    /// `eleven` applies to Undenufe contracts only (our choice: the texts name Slalom without
    /// defining it; docs/schieber.md).
    pub const fn points(self, eleven: UndenufeEleven) -> PointTable {
        if self.is_slalom() {
            PointTable::new(Mode::Obenabe, UndenufeEleven::Ace)
        } else {
            PointTable::new(self.mode(), eleven)
        }
    }

    /// True for the two Slalom contracts, whose mode changes from trick to trick.
    #[inline(always)]
    pub const fn is_slalom(self) -> bool {
        matches!(self, Contract::Slalom | Contract::SlalomUndenufe)
    }

    /// The mode of trick `i` (0-based): [`Contract::mode`], except in Slalom, where the odd
    /// tricks (1st, 3rd, …) are played in the first mode and the even ones in the other.
    #[inline]
    pub const fn trick_mode(self, i: usize) -> Mode {
        match self {
            Contract::Slalom | Contract::SlalomUndenufe if i % 2 == 1 => match self.mode() {
                Mode::Obenabe => Mode::Undenufe,
                _ => Mode::Obenabe,
            },
            _ => self.mode(),
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contract::Mode(m) => write!(f, "{m}"),
            Contract::Misere => f.write_str("misere"),
            Contract::Slalom => f.write_str("slalom"),
            Contract::SlalomUndenufe => f.write_str("slalom-undenufe"),
        }
    }
}

impl FromStr for Contract {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "misere" | "misère" => return Ok(Contract::Misere),
            "slalom" | "slalom-obenabe" | "slalom-obe" => return Ok(Contract::Slalom),
            "slalom-undenufe" | "slalom-une" => return Ok(Contract::SlalomUndenufe),
            _ => {}
        }
        t.parse::<Mode>().map(Contract::Mode).map_err(|_| {
            ParseError::new(format!(
                "unknown contract `{s}`: expected D, H, S, C, obenabe, undenufe, misere, slalom (slalom-obenabe) or slalom-undenufe"
            ))
        })
    }
}

impl Serialize for Contract {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Contract {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// A decision in Schieber.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum SchieberAction {
    /// Pass the choice to the partner (or, with zurückschieben, back to forehand).
    Schieben,
    /// Choose the contract.
    Contract {
        /// The contract chosen.
        contract: Contract,
    },
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

impl crate::game::PlaysCard for SchieberAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            SchieberAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for SchieberAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchieberAction::Schieben => f.write_str("schieben"),
            SchieberAction::Contract { contract } => write!(f, "contract {contract}"),
            SchieberAction::Weis { weis } => weis.fmt_action(f),
            SchieberAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for SchieberAction {
    type Err = ParseError;
    /// `schieben`, `contract H`, `weis none`, `weis HK HQ HJ, DA HA SA CA`, `play HA`, or simply
    /// a card (`HA`) or a contract (`obenabe`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        match head.to_ascii_lowercase().as_str() {
            "schieben" | "schiebe" | "push" => Ok(SchieberAction::Schieben),
            "contract" | "trump" => Ok(SchieberAction::Contract {
                contract: rest.parse()?,
            }),
            "play" => Ok(SchieberAction::Play {
                card: rest.parse()?,
            }),
            "weis" => Ok(SchieberAction::Weis {
                weis: Declaration::parse_action(rest)?,
            }),
            _ => {
                if let Ok(card) = t.parse::<Card>() {
                    return Ok(SchieberAction::Play { card });
                }
                if let Ok(contract) = t.parse::<Contract>() {
                    return Ok(SchieberAction::Contract { contract });
                }
                Err(ParseError::new(format!(
                    "unknown action `{t}`: expected schieben, contract <D|H|S|C|obenabe|undenufe|misere|slalom|slalom-undenufe>, weis none, weis <cards>[, <cards>], or play <card>"
                )))
            }
        }
    }
}

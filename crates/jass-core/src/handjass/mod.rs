//! Handjass (Butzer, Sackjass, Schläger): every player for themself, for 2 to 5 players. The game
//! of 000 (take part or drop out, the blind, the six-of-trumps exchange, strokes and potatoes at
//! 26, retiring at 7, Vorhand rotation) with its variants, 004's five-player and 12-card games and
//! simple scoring, and 002's three-player Sackjass as the preset `parlett`. See
//! `docs/handjass.md`.

mod melds;
mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseError};

pub use melds::{best_melds, has_meld, Meld, MeldKind, MeldRules, Melds};
pub use options::{
    HandjassOptions, LonePlayer, Multipliers, Preset, Quartets, SackWindow, Scoring, SequenceOrder,
    SixExchange, SmallDeal, StrokeCount, TieRule,
};
pub use record::{
    check_record, play_recorded, play_recorded_from, ActionEntry, DealResult, HandjassCards,
    HandjassDealRecord, HandjassGameResult, HandjassRecord, HandjassStart, RecordedAction,
    TrickRecord,
};
pub use state::{
    pack_for, DealOutcome, Handjass, HandjassDeal, HandjassObservation, Layout, Phase, TieDraw,
    TurnedCardPlace, MAX_SEATS,
};
// What the observation shows of the tricks and the Weis calls, as in every game.
pub use crate::record::ObservedTrick;
pub use crate::weis::WeisCall;

/// A decision in Handjass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum HandjassAction {
    /// Take part with the cards held.
    Stay,
    /// Drop out of this deal.
    Drop,
    /// Discard the hand and take the blind (and then play).
    Blind,
    /// Give the six of trumps for the turned card.
    ExchangeSix,
    /// Keep the six of trumps.
    KeepSix,
    /// Exchange three cards for the Bessern (three `discard` actions follow).
    Bessern,
    /// Keep the hand (no Bessern).
    KeepHand,
    /// Discard one card for the Bessern.
    Discard {
        /// The card.
        card: Card,
    },
    /// Two players left: agree a stroke each without play.
    Agree,
    /// Two players left: play the cards.
    PlayOn,
    /// Declare Weis (possibly none) while playing to the first trick; asked before the card.
    Weis {
        /// The melds.
        melds: Melds,
    },
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl crate::game::PlaysCard for HandjassAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            HandjassAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for HandjassAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandjassAction::Stay => f.write_str("stay"),
            HandjassAction::Drop => f.write_str("drop"),
            HandjassAction::Blind => f.write_str("blind"),
            HandjassAction::ExchangeSix => f.write_str("exchange-six"),
            HandjassAction::KeepSix => f.write_str("keep-six"),
            HandjassAction::Bessern => f.write_str("bessern"),
            HandjassAction::KeepHand => f.write_str("keep-hand"),
            HandjassAction::Discard { card } => write!(f, "discard {card}"),
            HandjassAction::Agree => f.write_str("agree"),
            HandjassAction::PlayOn => f.write_str("play-on"),
            HandjassAction::Weis { melds } => write!(f, "weis {melds}"),
            HandjassAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for HandjassAction {
    type Err = ParseError;
    /// `stay`, `drop`, `blind`, `exchange-six`, `keep-six`, `bessern`, `keep-hand`, `discard HA`,
    /// `agree`, `play-on`, `weis none`, `weis HK HQ HJ, DA HA SA CA`, `play HA` or just `HA`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        Ok(match head.to_ascii_lowercase().as_str() {
            "stay" => HandjassAction::Stay,
            "drop" => HandjassAction::Drop,
            "blind" => HandjassAction::Blind,
            "exchange-six" => HandjassAction::ExchangeSix,
            "keep-six" => HandjassAction::KeepSix,
            "bessern" => HandjassAction::Bessern,
            "keep-hand" => HandjassAction::KeepHand,
            "discard" => HandjassAction::Discard { card: rest.parse()? },
            "agree" => HandjassAction::Agree,
            "play-on" => HandjassAction::PlayOn,
            "play" => HandjassAction::Play { card: rest.parse()? },
            "weis" => {
                if rest.is_empty() || rest.eq_ignore_ascii_case("none") {
                    HandjassAction::Weis { melds: Melds::NONE }
                } else {
                    let items = rest.split(',').map(|p| p.parse::<crate::CardSet>().map(Meld)).collect::<Result<Vec<_>, _>>()?;
                    HandjassAction::Weis { melds: Melds::new(&items).map_err(ParseError::new)? }
                }
            }
            _ => match t.parse::<Card>() {
                Ok(card) => HandjassAction::Play { card },
                Err(_) => {
                    return Err(ParseError::new(format!(
                        "unknown action `{t}`: expected stay, drop, blind, exchange-six, keep-six, bessern, keep-hand, discard <card>, agree, play-on, weis none, weis <cards>[, <cards>], or play <card>"
                    )))
                }
            },
        })
    }
}

//! Palette (004 "Palette Jass", JassWiki "Palette"): four players, an auction for the points the
//! declarer's party will take (110 to 157, above them a Matsch with a partner, then a Matsch
//! alone); the declarer names the trump (a suit, Obenabe or Undenufe, all counted single) and
//! asks for a card of the others: whoever holds it is his partner, unknown to the table until the
//! card is played. No Weis, no Stöck. Each deal is written on its own: the declarer wins or loses
//! 2 to 10 game points by the bid's level (12 for a Matsch with a partner, 20 alone), the partner
//! half. After two rounds (each dealing twice) the most game points win, the fewest lose. The
//! rules as implemented, with their sources and our readings, are in `docs/palette.md`.

mod options;
mod record;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, ParseError};
use crate::mode::Mode;

pub use options::{PaletteOptions, PaletteScoring};
pub use record::{
    play_recorded, PaletteDealResult, PaletteGameResult, PaletteRecord, PaletteSettled,
};
pub use state::{Palette, PaletteDealScore, PaletteObservation, PalettePhase, PLAYERS};

/// The lowest bid ("Das Mindestgebot beginnt bei 110 Punkten"; 004's scale starts at 110).
pub const MIN_BID: u32 = 110;
/// The highest bid of points: every card point of a deal.
pub const MAX_POINTS: u32 = 157;

/// What the declarer undertakes: card points for his party, a Matsch with his partner, or a
/// Matsch alone ("Ein «Matsch mit Partner» kann nur mit einem «Matsch alleine» überboten
/// werden; ein «Matsch alleine» kann nicht überboten werden").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PaletteBid {
    /// At least these card points for the declarer and his partner (110 to 157).
    Points(u32),
    /// Every trick, with the partner.
    Matsch,
    /// Every trick, alone (no card asked for).
    MatschAlone,
}

impl PaletteBid {
    /// The game points the declarer wins or loses (004): "110–119 = 2 game points, 120–129 = 4,
    /// 130–139 = 6, 140–149 = 8, 150–157 = 10. Matsch with partner = 12 game points, Matsch as
    /// soloist = 20 points".
    pub fn game_points(self) -> i64 {
        match self {
            PaletteBid::Points(p) => points_level(p),
            PaletteBid::Matsch => 12,
            PaletteBid::MatschAlone => 20,
        }
    }

    /// The lowest bid open after `high`, the highest so far: 110, one above a bid of points, a
    /// Matsch above 157, a Matsch alone above a Matsch; `None` after a Matsch alone.
    pub fn lowest_after(high: Option<PaletteBid>) -> Option<PaletteBid> {
        match high {
            None => Some(PaletteBid::Points(MIN_BID)),
            Some(PaletteBid::Points(p)) if p < MAX_POINTS => Some(PaletteBid::Points(p + 1)),
            Some(PaletteBid::Points(_)) => Some(PaletteBid::Matsch),
            Some(PaletteBid::Matsch) => Some(PaletteBid::MatschAlone),
            Some(PaletteBid::MatschAlone) => None,
        }
    }

    /// Whether the declarer plays with a partner (every bid but a Matsch alone).
    pub fn with_partner(self) -> bool {
        self != PaletteBid::MatschAlone
    }
}

/// 004's scale for card points 110 to 157: 2, 4, 6, 8, 10 by the tens (0 below 110).
pub fn points_level(points: u32) -> i64 {
    if points < MIN_BID {
        0
    } else {
        2 * (i64::from((points.min(MAX_POINTS) - MIN_BID) / 10).min(4) + 1)
    }
}

impl fmt::Display for PaletteBid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PaletteBid::Points(p) => write!(f, "{p}"),
            PaletteBid::Matsch => f.write_str("matsch"),
            PaletteBid::MatschAlone => f.write_str("matsch-alone"),
        }
    }
}

impl FromStr for PaletteBid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        match t.to_ascii_lowercase().as_str() {
            "matsch" => Ok(PaletteBid::Matsch),
            "matsch-alone" | "matsch_alone" => Ok(PaletteBid::MatschAlone),
            _ => t.parse::<u32>().map(PaletteBid::Points).map_err(|_| {
                ParseError::new(format!(
                    "`{t}` is not a bid: points from {MIN_BID} to {MAX_POINTS}, matsch or matsch-alone"
                ))
            }),
        }
    }
}

/// A bid in a record: its points as a number, `"matsch"`, `"matsch-alone"`.
impl Serialize for PaletteBid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PaletteBid::Points(p) => s.serialize_u32(*p),
            other => s.serialize_str(&other.to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for PaletteBid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Given {
            Points(u32),
            Word(String),
        }
        match Given::deserialize(d)? {
            Given::Points(p) => Ok(PaletteBid::Points(p)),
            Given::Word(w) => w.parse().map_err(serde::de::Error::custom),
        }
    }
}

/// A decision in Palette.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PaletteAction {
    /// Pass in the auction (a player who passed speaks no more).
    Pass,
    /// Bid card points for the declarer's party, at least 110 and one above the last bid.
    Bid {
        /// The points.
        points: u32,
    },
    /// Bid a Matsch with a partner (above every bid of points).
    Matsch,
    /// Bid a Matsch alone (above everything).
    MatschAlone,
    /// The declarer names the trump: a suit, `obenabe` or `undenufe`.
    Trump {
        /// The mode.
        trump: Mode,
    },
    /// The declarer asks for a card he does not hold ("kann eine Karte der Gegner verlangen"):
    /// its holder is his partner.
    Ask {
        /// The card.
        card: Card,
    },
    /// Play a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl PaletteAction {
    /// The bid of an auction action (`None` for a pass and the rest).
    pub fn bid(self) -> Option<PaletteBid> {
        match self {
            PaletteAction::Bid { points } => Some(PaletteBid::Points(points)),
            PaletteAction::Matsch => Some(PaletteBid::Matsch),
            PaletteAction::MatschAlone => Some(PaletteBid::MatschAlone),
            _ => None,
        }
    }

    /// The auction action of a bid.
    pub fn of_bid(bid: PaletteBid) -> Self {
        match bid {
            PaletteBid::Points(points) => PaletteAction::Bid { points },
            PaletteBid::Matsch => PaletteAction::Matsch,
            PaletteBid::MatschAlone => PaletteAction::MatschAlone,
        }
    }
}

impl crate::game::PlaysCard for PaletteAction {
    fn played_card(&self) -> Option<Card> {
        match *self {
            PaletteAction::Play { card } => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for PaletteAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PaletteAction::Pass => f.write_str("pass"),
            PaletteAction::Bid { points } => write!(f, "bid {points}"),
            PaletteAction::Matsch => f.write_str("matsch"),
            PaletteAction::MatschAlone => f.write_str("matsch-alone"),
            PaletteAction::Trump { trump } => write!(f, "trump {trump}"),
            PaletteAction::Ask { card } => write!(f, "ask {card}"),
            PaletteAction::Play { card } => write!(f, "play {card}"),
        }
    }
}

impl FromStr for PaletteAction {
    type Err = ParseError;
    /// `pass`, `bid 125`, `matsch`, `matsch-alone`, `trump H` (or `obenabe`, `undenufe`), `ask
    /// SA`, `play HA` or simply a card.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (head, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        match head.to_ascii_lowercase().as_str() {
            "pass" => Ok(PaletteAction::Pass),
            "bid" => match rest.parse::<PaletteBid>()? {
                PaletteBid::Points(points) => Ok(PaletteAction::Bid { points }),
                other => Ok(PaletteAction::of_bid(other)),
            },
            "matsch" => Ok(PaletteAction::Matsch),
            "matsch-alone" | "matsch_alone" => Ok(PaletteAction::MatschAlone),
            "trump" => Ok(PaletteAction::Trump {
                trump: rest.parse()?,
            }),
            "ask" => Ok(PaletteAction::Ask {
                card: rest.parse()?,
            }),
            "play" => Ok(PaletteAction::Play {
                card: rest.parse()?,
            }),
            _ => t
                .parse::<Card>()
                .map(|card| PaletteAction::Play { card })
                .map_err(|_| {
                    ParseError::new(format!(
                        "unknown action `{t}`: expected pass, bid <points>, matsch, matsch-alone, trump <D|H|S|C|obenabe|undenufe>, ask <card>, or play <card>"
                    ))
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bids_rank_and_score_as_004_gives_them() {
        assert!(PaletteBid::Points(157) < PaletteBid::Matsch);
        assert!(PaletteBid::Matsch < PaletteBid::MatschAlone);
        assert!(PaletteBid::Points(110) < PaletteBid::Points(111));
        for (p, v) in [
            (110, 2),
            (119, 2),
            (120, 4),
            (135, 6),
            (149, 8),
            (150, 10),
            (157, 10),
        ] {
            assert_eq!(PaletteBid::Points(p).game_points(), v, "{p}");
        }
        assert_eq!(points_level(109), 0);
        assert_eq!(PaletteBid::Matsch.game_points(), 12);
        assert_eq!(PaletteBid::MatschAlone.game_points(), 20);
        assert!(!PaletteBid::MatschAlone.with_partner() && PaletteBid::Matsch.with_partner());
        for (b, json) in [
            (PaletteBid::Points(125), "125"),
            (PaletteBid::Matsch, r#""matsch""#),
            (PaletteBid::MatschAlone, r#""matsch-alone""#),
        ] {
            assert_eq!(serde_json::to_string(&b).unwrap(), json);
            assert_eq!(serde_json::from_str::<PaletteBid>(json).unwrap(), b);
        }
        assert!(serde_json::from_str::<PaletteBid>(r#""slam""#).is_err());
    }

    #[test]
    fn actions_read_back_from_text_and_json() {
        for (text, json) in [
            ("pass", r#"{"action":"pass"}"#),
            ("bid 125", r#"{"action":"bid","points":125}"#),
            ("matsch", r#"{"action":"matsch"}"#),
            ("matsch-alone", r#"{"action":"matsch-alone"}"#),
            ("trump H", r#"{"action":"trump","trump":"H"}"#),
            ("trump obenabe", r#"{"action":"trump","trump":"obenabe"}"#),
            ("ask SA", r#"{"action":"ask","card":"SA"}"#),
            ("play SA", r#"{"action":"play","card":"SA"}"#),
        ] {
            let a: PaletteAction = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert_eq!(serde_json::to_string(&a).unwrap(), json);
            assert_eq!(serde_json::from_str::<PaletteAction>(json).unwrap(), a);
        }
        assert_eq!(
            "bid matsch".parse::<PaletteAction>().unwrap(),
            PaletteAction::Matsch
        );
        let err = "bid lots".parse::<PaletteAction>().unwrap_err().to_string();
        assert!(err.contains("not a bid"), "{err}");
        let err = "double".parse::<PaletteAction>().unwrap_err().to_string();
        assert!(err.contains("expected pass, bid"), "{err}");
    }
}

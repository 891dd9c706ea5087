//! Pandur's contracts and their order in the auction (004 "Pandur"): "The lowest bid is 100 and
//! higher bids must be multiple of 10. ... A bid of 200 is overcalled by misère, then trumps
//! misère, then 210 etc. ... A bid of 250 is over called by Pandur, and 300 by Trump Pandur."

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::ParseError;

/// The lowest numerical bid.
pub const LOWEST_BID: u32 = 100;
/// The highest numerical bid.
pub const HIGHEST_BID: u32 = 300;

/// A contract of the auction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PandurContract {
    /// At least this many points in "marriages, melds and tricks" (100 … 300 in steps of 10),
    /// the soloist naming the trump suit.
    Points(u32),
    /// Lose every trick, without trump (between 200 and 210).
    Misere,
    /// Lose every trick, the suit of the soloist's first lead trump (above Misère).
    TrumpMisere,
    /// Take every trick, without trump (between 250 and 260).
    Pandur,
    /// Take every trick, the suit of the soloist's first lead trump (above 300, the highest).
    TrumpPandur,
}

impl PandurContract {
    /// Every contract in the order of the auction, the lowest first.
    pub fn ladder() -> impl Iterator<Item = PandurContract> {
        (LOWEST_BID..=HIGHEST_BID).step_by(10).flat_map(|n| {
            let after: &[PandurContract] = match n {
                200 => &[PandurContract::Misere, PandurContract::TrumpMisere],
                250 => &[PandurContract::Pandur],
                300 => &[PandurContract::TrumpPandur],
                _ => &[],
            };
            std::iter::once(PandurContract::Points(n)).chain(after.iter().copied())
        })
    }

    /// The contract's place in the auction: a bid must be higher than the last.
    pub fn level(self) -> u32 {
        match self {
            PandurContract::Points(n) => n * 4,
            PandurContract::Misere => 200 * 4 + 1,
            PandurContract::TrumpMisere => 200 * 4 + 2,
            PandurContract::Pandur => 250 * 4 + 1,
            PandurContract::TrumpPandur => 300 * 4 + 1,
        }
    }

    /// The game points the contract is worth (004: "the bid divided by 50 (maximum 6). Misère
    /// count 4, Pandur 5, Trump Pandur 6"; the trump Misère, which 004 does not value, 4 as its
    /// place between 200 and 210 gives; our reading, docs/pandur.md).
    pub fn value(self) -> u32 {
        match self {
            PandurContract::Points(n) => (n / 50).min(6),
            PandurContract::Misere | PandurContract::TrumpMisere => 4,
            PandurContract::Pandur => 5,
            PandurContract::TrumpPandur => 6,
        }
    }

    /// Whether the soloist's first lead names the trump.
    pub fn trump_by_lead(self) -> bool {
        matches!(
            self,
            PandurContract::TrumpMisere | PandurContract::TrumpPandur
        )
    }

    /// Whether the soloist must lose every trick.
    pub fn is_misere(self) -> bool {
        matches!(self, PandurContract::Misere | PandurContract::TrumpMisere)
    }

    /// Whether the soloist must take every trick.
    pub fn is_pandur(self) -> bool {
        matches!(self, PandurContract::Pandur | PandurContract::TrumpPandur)
    }

    /// The contract in notation: `120`, `misere`, `trump-misere`, `pandur`, `trump-pandur`.
    pub fn notation(self) -> String {
        match self {
            PandurContract::Points(n) => n.to_string(),
            PandurContract::Misere => "misere".into(),
            PandurContract::TrumpMisere => "trump-misere".into(),
            PandurContract::Pandur => "pandur".into(),
            PandurContract::TrumpPandur => "trump-pandur".into(),
        }
    }

    /// A numerical bid, or why it is none.
    pub fn points(n: u32) -> Result<PandurContract, String> {
        if (LOWEST_BID..=HIGHEST_BID).contains(&n) && n.is_multiple_of(10) {
            Ok(PandurContract::Points(n))
        } else {
            Err(format!(
                "{n} is not a bid: numerical bids are {LOWEST_BID} to {HIGHEST_BID} in steps of 10 (004: \"The lowest bid is 100 and higher bids must be multiple of 10\"); else misere, trump-misere, pandur, trump-pandur"
            ))
        }
    }
}

impl fmt::Display for PandurContract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl FromStr for PandurContract {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if let Ok(n) = t.parse::<u32>() {
            return PandurContract::points(n).map_err(ParseError::new);
        }
        match t.replace(['_', ' '], "-").replace('è', "e").as_str() {
            "misere" => Ok(PandurContract::Misere),
            "trump-misere" => Ok(PandurContract::TrumpMisere),
            "pandur" => Ok(PandurContract::Pandur),
            "trump-pandur" => Ok(PandurContract::TrumpPandur),
            _ => Err(ParseError::new(format!(
                "`{s}` is not a Pandur bid: write a number (100 … 300 in steps of 10) or misere, trump-misere, pandur, trump-pandur"
            ))),
        }
    }
}

/// A numerical bid as its number, the others by name.
impl Serialize for PandurContract {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PandurContract::Points(n) => s.serialize_u32(*n),
            other => s.serialize_str(&other.notation()),
        }
    }
}

impl<'de> Deserialize<'de> for PandurContract {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(u32),
            Name(String),
        }
        match Raw::deserialize(d)? {
            Raw::Number(n) => PandurContract::points(n).map_err(serde::de::Error::custom),
            Raw::Name(s) => s.parse().map_err(serde::de::Error::custom),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_follows_004s_order_and_values() {
        let ladder: Vec<PandurContract> = PandurContract::ladder().collect();
        // 21 numbers, two Misères, two Pandurs.
        assert_eq!(ladder.len(), 25);
        assert!(ladder.windows(2).all(|w| w[0].level() < w[1].level()));
        let at = |c| ladder.iter().position(|&x| x == c).unwrap();
        use PandurContract::*;
        assert_eq!(at(Misere), at(Points(200)) + 1);
        assert_eq!(at(TrumpMisere), at(Misere) + 1);
        assert_eq!(at(Points(210)), at(TrumpMisere) + 1);
        assert_eq!(at(Pandur), at(Points(250)) + 1);
        assert_eq!(at(Points(260)), at(Pandur) + 1);
        assert_eq!(*ladder.last().unwrap(), TrumpPandur);
        assert_eq!(ladder[0], Points(100));
        // "the bid divided by 50 (maximum 6)": 100 … 140 two, 300 six.
        assert_eq!(
            [100, 140, 150, 190, 200, 250, 300].map(|n| Points(n).value()),
            [2, 2, 3, 3, 4, 5, 6]
        );
        assert_eq!(
            [Misere, TrumpMisere, Pandur, TrumpPandur].map(|c| c.value()),
            [4, 4, 5, 6]
        );
    }
}

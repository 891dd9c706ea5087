//! Mittlere's rule options, as data. 004 ("Mittlerejass") and JassWiki ("Mittlere") give the
//! rules; where they differ (is exactly 100 too many?) JassWiki's reading is the default and
//! 004's an option; what they leave open (how long a game is) is our choice. All of it is
//! documented in docs/mittlere.md. Records write all options out.

use serde::{Deserialize, Serialize};

use crate::hindersi::Ranking;

/// Players at the table: Mittlere is a game for three (JassWiki: "Diese Jassart kann nur zu
/// dritt gespielt werden"; 004: "12 cards are dealt to three players").
pub const PLAYERS: u8 = 3;
/// The most deals a game may be played to (keeps every game finite and every total small).
pub const MAX_DEALS: u32 = 999;

/// When a player's points of a deal are too many (he is marked as the middle one).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hundred {
    /// 100 points or more (JassWiki: "Wer 100 und mehr Kartenpunkte erreicht"; the default).
    #[serde(rename = "100-or-more")]
    OrMore,
    /// More than 100 (004: "Going over 100 card-pts").
    #[serde(rename = "over-100")]
    Over,
}

impl Hundred {
    /// Whether `points` are too many.
    pub fn too_many(self, points: u32) -> bool {
        match self {
            Hundred::OrMore => points >= 100,
            Hundred::Over => points > 100,
        }
    }
}

/// Every option of Mittlere. `Default` is the game documented in `docs/mittlere.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MittlereOptions {
    /// Deals to play (the sources name none: our choice, 12, each player dealing four times).
    pub deals: u32,
    /// When a deal's points are too many: `100-or-more` (JassWiki, the default) or `over-100`
    /// (004).
    pub hundred: Hundred,
    /// How the marks rank the players at the end: `net` (Striche less Nuller: 004's "-2 game
    /// points" and "+1", the default) or `striche` (004's "without negative points").
    pub ranking: Ranking,
}

impl Default for MittlereOptions {
    fn default() -> Self {
        MittlereOptions {
            deals: 12,
            hundred: Hundred::OrMore,
            ranking: Ranking::Net,
        }
    }
}

impl MittlereOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if self.deals == 0 || self.deals > MAX_DEALS {
            return Err(format!(
                "deals must be 1 to {MAX_DEALS}, not {} (default 12: each of the three players deals four times)",
                self.deals
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_with_defaults_and_refuse_what_cannot_be_played() {
        let o: MittlereOptions = serde_json::from_str(r#"{"hundred":"over-100"}"#).unwrap();
        assert_eq!(
            (o.deals, o.hundred, o.ranking),
            (12, Hundred::Over, Ranking::Net)
        );
        assert!(o.validate().is_ok());
        let json = serde_json::to_value(MittlereOptions::default()).unwrap();
        assert_eq!(json["hundred"], "100-or-more");
        assert_eq!(json["ranking"], "net");
        assert!(Hundred::OrMore.too_many(100) && !Hundred::Over.too_many(100));
        assert!(Hundred::Over.too_many(101));
        let zero = MittlereOptions {
            deals: 0,
            ..Default::default()
        };
        assert!(zero.validate().unwrap_err().contains("deals"));
        assert!(serde_json::from_str::<MittlereOptions>(r#"{"players":4}"#).is_err());
        assert!(serde_json::from_str::<MittlereOptions>(r#"{"hundred":"99"}"#).is_err());
    }
}

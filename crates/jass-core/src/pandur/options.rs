//! Pandur's rule options, as data (docs/pandur.md, "Options"). Records write all options out.

use serde::{Deserialize, Serialize};

/// Every option of Pandur. `Default` is the game documented in `docs/pandur.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PandurOptions {
    /// Players at the table: 4 (004: "four players usually play, but only three are active in
    /// the game, and each in turn sits out the hand to which he deals") or 3 (JassWiki "Pandur
    /// (3 Spieler)": "Der Spielgeber spielt aktiv mit"). `seats` is read as another name of it.
    #[serde(alias = "seats")]
    pub players: u8,
    /// The game points at which a player drops out, safe (004: "Game is 15 points or any other
    /// agreed target. ... Each player drops out upon reaching the target").
    pub target: u32,
    /// With four players, the dealer who sits out is credited with a lost contract's value as
    /// the opponents are (004: "If four play, the dealer gets the value of a failed bid, but not
    /// if he stands at 13 or 14 points"; JassWiki: "erben"), unless he stands within two of the
    /// target.
    pub dealer_inherits: bool,
}

impl Default for PandurOptions {
    fn default() -> Self {
        PandurOptions {
            players: 4,
            target: 15,
            dealer_inherits: true,
        }
    }
}

impl PandurOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(3..=4).contains(&self.players) {
            return Err(format!(
                "players (seats) must be 4 or 3 (004: four, three of them active; JassWiki: three; the two-player Pandur is not implemented), not {}",
                self.players
            ));
        }
        if !(1..=1000).contains(&self.target) {
            return Err(format!(
                "target must be 1 to 1000 game points (004: 15), not {}",
                self.target
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
        let o: PandurOptions = serde_json::from_str(r#"{"seats":3}"#).unwrap();
        assert_eq!((o.players, o.target, o.dealer_inherits), (3, 15, true));
        assert!(o.validate().is_ok());
        let json = serde_json::to_value(PandurOptions::default()).unwrap();
        assert_eq!(json["players"], 4);
        assert_eq!(json["target"], 15);
        let two = PandurOptions {
            players: 2,
            ..Default::default()
        };
        assert!(two.validate().unwrap_err().contains("4 or 3"));
        let none = PandurOptions {
            target: 0,
            ..Default::default()
        };
        assert!(none.validate().unwrap_err().contains("target"));
        assert!(serde_json::from_str::<PandurOptions>(r#"{"weis":false}"#).is_err());
    }
}

//! Zuger's rule options, as data (docs/zuger.md, "Options"). Records write all options out.

use serde::{Deserialize, Serialize};

/// How a player's points are written in tenths (004: "Zuger uses simple scoring where the ones
/// unit is dropped, e.g., 123 = 12"; "Odd numbers are further rounded or the difference is given
/// to the player holding the Bauer").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rounding {
    /// The ones dropped: 127 writes 12.
    Down,
    /// Rounded to the nearest ten, five up: 125 writes 13, 124 writes 12.
    Nearest,
    /// The ones dropped, and the tens they add up to given to the holder of the trump Jack (the
    /// Bauer) when he plays: 67, 58 and 32 write 6, 5 and 3 and one more to the Bauer.
    Bauer,
}

/// Every option of Zuger. `Default` is 004's game for four (docs/zuger.md).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ZugerOptions {
    /// Players at the table: 4 (004: "If 4 players are participating, the dealer sits out the
    /// round"; three play) or 3 (JassWiki "Zuger (3 Spieler)": "Der dritte Spieler ist der
    /// Spielgeber und erhält keine Karten"; two play). `seats` is read as another name of it.
    #[serde(alias = "seats")]
    pub players: u8,
    /// The game ends when the points written add up to this (004: "The game is over when the
    /// sum of all points equals 100"; JassWiki for three: "Gespielt wird auf 150
    /// Schreibpunkte").
    pub target: u32,
    /// How points are written in tenths.
    pub rounding: Rounding,
    /// A player may answer `maybe` (004: "Players may also announce 'maybe'").
    pub maybe: bool,
    /// The player with the fewest points may force everyone to play near the game's end (004).
    pub force: bool,
    /// A player who plays and counts fewer points than this falls into the hole (JassWiki: "Wer
    /// unter 21 Punkte bleibt, fällt herunter und erhält 10 Minuspunkte").
    pub hole: u32,
}

impl Default for ZugerOptions {
    fn default() -> Self {
        ZugerOptions {
            players: 4,
            target: 100,
            rounding: Rounding::Down,
            maybe: true,
            force: true,
            hole: 21,
        }
    }
}

impl ZugerOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(3..=4).contains(&self.players) {
            return Err(format!(
                "players (seats) must be 4 or 3 (004: four, the dealer sitting out; JassWiki: three, two of them playing), not {}",
                self.players
            ));
        }
        if !(10..=10_000).contains(&self.target) {
            return Err(format!(
                "target must be 10 to 10000 points written by all players together (004: 100; JassWiki for three: 150), not {}",
                self.target
            ));
        }
        if self.hole > 157 {
            return Err(format!(
                "hole must be 0 to 157 points (JassWiki: under 21 falls into the hole), not {}",
                self.hole
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
        let o = ZugerOptions::default();
        assert_eq!((o.players, o.target, o.hole), (4, 100, 21));
        assert_eq!(o.rounding, Rounding::Down);
        let given: ZugerOptions =
            serde_json::from_str(r#"{"seats":3,"target":150,"rounding":"bauer"}"#).unwrap();
        assert_eq!(
            (given.players, given.target, given.rounding),
            (3, 150, Rounding::Bauer)
        );
        let json = serde_json::to_value(o).unwrap();
        assert_eq!(serde_json::from_value::<ZugerOptions>(json).unwrap(), o);
        assert!(o.validate().is_ok());
        for (bad, word) in [
            (ZugerOptions { players: 2, ..o }, "4 or 3"),
            (ZugerOptions { target: 0, ..o }, "target"),
            (ZugerOptions { hole: 200, ..o }, "hole"),
        ] {
            assert!(bad.validate().unwrap_err().contains(word), "{word}");
        }
        assert!(serde_json::from_str::<ZugerOptions>(r#"{"weis":false}"#).is_err());
        assert!(serde_json::from_str::<ZugerOptions>(r#"{"rounding":"up"}"#).is_err());
    }
}

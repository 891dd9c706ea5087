//! Schafhauser's rule options, as data (docs/schafhauser.md, "Options"). Records write all
//! options out.

use serde::{Deserialize, Serialize};

use crate::bieter::{BieterOptions, Discards};
use crate::mode::UndenufeEleven;

/// Who deals.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SchafhauserDealer {
    /// The King deals the first deal of his Partie, then the deal passes to the left and the
    /// turned card stays with the dealer, as in Bieter's later deals (004: "The solo player
    /// begins the game as the dealer", "the dealer turns up the last card to make trump";
    /// JassWiki: "In den folgenden Spielen wechselt das Geben reihum in Spielrichtung").
    Rotating,
    /// The King deals every deal of his Partie, so the turned trump card is always his
    /// (JassWiki: "Diese Trumpfkarte gehört dem König und kann von niemandem geraubt werden").
    King,
}

/// Every option of Schafhauser. `Default` is the game documented in `docs/schafhauser.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SchafhauserOptions {
    /// What the King must make ("Der König hat stets 350 Punkte zu erreichen"; 004: "The solo
    /// player must score 350 points").
    pub king_target: u32,
    /// What the Bauern must make together ("während die Bauernpartei gemeinsam 1000 Punkte
    /// erzielen muss"; 004: "the two-player team 1,000").
    pub farmers_target: u32,
    /// Partien in the set, the King passing to the left after each: three give each player one
    /// turn ("über drei Runden jeder Spieler genau einmal die Rolle des Königs übernimmt"; 004:
    /// "typically played in sets of three games").
    pub partien: u8,
    /// Who deals.
    pub dealer: SchafhauserDealer,
}

impl Default for SchafhauserOptions {
    fn default() -> Self {
        SchafhauserOptions {
            king_target: 350,
            farmers_target: 1000,
            partien: 3,
            dealer: SchafhauserDealer::Rotating,
        }
    }
}

/// Players at the table: three, "ein König ... gegen eine Bauernpartei aus zwei Spielern".
pub const PLAYERS: u8 = 3;

impl SchafhauserOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        for (name, v, source) in [
            ("king_target", self.king_target, "350"),
            ("farmers_target", self.farmers_target, "1000"),
        ] {
            if !(100..=10_000).contains(&v) {
                return Err(format!(
                    "{name} must be 100 to 10000 points (JassWiki and 004: {source}), not {v}"
                ));
            }
        }
        if !(1..=9).contains(&self.partien) {
            return Err(format!(
                "partien must be 1 to 9 (three give each player one turn as King), not {}",
                self.partien
            ));
        }
        Ok(())
    }

    /// The options of the Bieter Partie that carries each of the set's Partien: three players,
    /// the Bauern's target; the rest is the first deal's, which a Schafhauser Partie never
    /// plays.
    pub fn bieter(&self) -> BieterOptions {
        BieterOptions {
            players: PLAYERS,
            min_bid: BieterOptions::min_bid_for(PLAYERS),
            max_bid: 1000,
            farmers_target: self.farmers_target,
            hindersi: false,
            show_hidden: true,
            discards: Discards::King,
            undenufe_eleven: UndenufeEleven::Six,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_with_defaults_and_refuse_what_cannot_be_played() {
        let o = SchafhauserOptions::default();
        assert_eq!((o.king_target, o.farmers_target, o.partien), (350, 1000, 3));
        let given: SchafhauserOptions =
            serde_json::from_str(r#"{"partien":1,"dealer":"king"}"#).unwrap();
        assert_eq!(
            (given.partien, given.dealer, given.king_target),
            (1, SchafhauserDealer::King, 350)
        );
        let json = serde_json::to_value(o).unwrap();
        assert_eq!(json["dealer"], "rotating");
        assert_eq!(
            serde_json::from_value::<SchafhauserOptions>(json).unwrap(),
            o
        );
        assert!(o.validate().is_ok() && o.bieter().validate().is_ok());
        let none = SchafhauserOptions { partien: 0, ..o };
        assert!(none.validate().unwrap_err().contains("partien"));
        let low = SchafhauserOptions {
            king_target: 50,
            ..o
        };
        assert!(low.validate().unwrap_err().contains("king_target"));
        assert!(serde_json::from_str::<SchafhauserOptions>(r#"{"players":4}"#).is_err());
    }
}

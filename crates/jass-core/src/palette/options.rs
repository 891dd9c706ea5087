//! Palette's rule options, as data (docs/palette.md, "Options"). Records write all options out.

use serde::{Deserialize, Serialize};

use crate::mode::UndenufeEleven;

/// What a bid of points made is worth on 004's scale.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PaletteScoring {
    /// The bid's level, won or lost ("If the target is missed by the declarer, he scores the
    /// same amount in minus points": the amount of the target).
    Bid,
    /// When the bid is made, the level of the points the party took (a bid of 110 made with 152
    /// writes 10); when it is missed, the bid's level lost.
    Taken,
}

/// Every option of Palette. `Default` is the game documented in `docs/palette.md` (004
/// "Palette Jass", JassWiki "Palette").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PaletteOptions {
    /// Deals in a game: 8, "two rounds (with everyone dealing twice)" (004); JassWiki: "Nach
    /// zwölf Spielen ist die Partie zu Ende" (12). A deal thrown in counts (everyone deals
    /// twice).
    pub deals: u32,
    /// Which card counts 11 in Undenufe: the six (JassWiki: "beim Undenufe die Sechser (11
    /// Punkte)"; 004: "Undenufe six worth 11") or the ace (003's preference).
    pub undenufe_eleven: UndenufeEleven,
    /// What a bid of points made is worth (004's scale is keyed to points, not said whether
    /// bid or taken): `bid` (our default) or `taken`.
    pub scoring: PaletteScoring,
}

impl Default for PaletteOptions {
    fn default() -> Self {
        PaletteOptions {
            deals: 8,
            undenufe_eleven: UndenufeEleven::Six,
            scoring: PaletteScoring::Bid,
        }
    }
}

impl PaletteOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=100).contains(&self.deals) {
            return Err(format!(
                "deals must be 1 to 100 (004: 8, everyone dealing twice; JassWiki: 12), not {}",
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
        let o = PaletteOptions::default();
        assert_eq!((o.deals, o.undenufe_eleven), (8, UndenufeEleven::Six));
        let given: PaletteOptions = serde_json::from_str(r#"{"deals":12}"#).unwrap();
        assert_eq!(given.deals, 12);
        let json = serde_json::to_value(o).unwrap();
        assert_eq!(serde_json::from_value::<PaletteOptions>(json).unwrap(), o);
        assert!(o.validate().is_ok());
        assert!(PaletteOptions { deals: 0, ..o }
            .validate()
            .unwrap_err()
            .contains("deals"));
        assert!(serde_json::from_str::<PaletteOptions>(r#"{"players":5}"#).is_err());
    }
}

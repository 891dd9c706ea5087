//! Molotow's rule options, as data. 004 ("Molotow") gives the rules in a paragraph; what it leaves
//! open (how long a game is, which cards on the table make a meld) is our choice, documented in
//! docs/molotow.md. Records write all options out.

use serde::{Deserialize, Serialize};

/// Players at the table: 004's Molotow "is a type of Jass for 4 players".
pub const PLAYERS: u8 = 4;
/// The most deals a game may be played to (keeps every game finite and every total small).
pub const MAX_DEALS: u32 = 999;

/// Which cards of a trick make a table meld (004: "If there is a meld on the table at the end of
/// the round, the player who takes the trick scores the points for the meld as well").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableMelds {
    /// Every meld four cards can make: three or four in sequence of a suit (20, 50) and the four
    /// cards of a rank (Unders 200, nines 150, aces, kings, queens and tens 100: 004's table).
    /// The default: 004 says "a meld".
    All,
    /// Only three or four in sequence of a suit (the four of a rank not counted), as other
    /// descriptions of the game have it.
    Sequences,
}

/// Every option of Molotow. `Default` is the game documented in `docs/molotow.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MolotowOptions {
    /// Deals to play (004 names none: our choice, 8, each player dealing twice).
    pub deals: u32,
    /// Which table melds count: `all` (the default) or `sequences`.
    pub table_melds: TableMelds,
}

impl Default for MolotowOptions {
    fn default() -> Self {
        MolotowOptions {
            deals: 8,
            table_melds: TableMelds::All,
        }
    }
}

impl MolotowOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if self.deals == 0 || self.deals > MAX_DEALS {
            return Err(format!(
                "deals must be 1 to {MAX_DEALS}, not {} (default 8: each of the four players deals twice)",
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
        let o: MolotowOptions = serde_json::from_str(r#"{"table_melds":"sequences"}"#).unwrap();
        assert_eq!((o.deals, o.table_melds), (8, TableMelds::Sequences));
        assert!(o.validate().is_ok());
        let json = serde_json::to_value(MolotowOptions::default()).unwrap();
        assert_eq!(json["table_melds"], "all");
        assert_eq!(json["deals"], 8);
        let zero = MolotowOptions {
            deals: 0,
            ..Default::default()
        };
        assert!(zero.validate().unwrap_err().contains("deals"));
        assert!(serde_json::from_str::<MolotowOptions>(r#"{"players":3}"#).is_err());
        assert!(serde_json::from_str::<MolotowOptions>(r#"{"table_melds":"none"}"#).is_err());
    }
}

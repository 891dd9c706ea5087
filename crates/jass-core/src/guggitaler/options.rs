//! Guggitaler's rule options, as data. 004 ("Guggitaler") and JassWiki ("Serienjass: Taktiken")
//! give two lists of deals with different counts; 004's is the default (the project's rule: where
//! 004 and JassWiki disagree, 004 is the default and JassWiki's reading an option). What the
//! texts leave open is our choice. All of it is documented in docs/guggitaler.md. Records write
//! all options out.

use serde::{Deserialize, Serialize};

/// Which source's list of deals the game plays (docs/guggitaler.md, "The deals").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum List {
    /// 004: five deals, the fewest points: each rose 5, each trick 10, each Ober 20, the Rose
    /// King 45, then all of these together; no rose led in the first, fourth and fifth deal
    /// while the hand holds another card (the default).
    #[serde(rename = "004")]
    Encyclopedia,
    /// JassWiki: five deals, the fewest points: each trick 1, each Schellen card 2, each Ober
    /// 4, the Rosen-König 8, the last trick 10 (the Partie "mit Karten-Domino", the Domino
    /// left out).
    #[serde(rename = "jasswiki")]
    JassWiki,
    /// JassWiki "ohne Karten-Domino": the same five, then five deals that seek the same cards
    /// (the most tricks, Schellen, Obers, the Rosen-König's trick, the last trick), each written
    /// as a credit (our reading: the same count, less).
    #[serde(rename = "jasswiki-ten")]
    JassWikiTen,
}

/// Every option of Guggitaler. `Default` is the game documented in `docs/guggitaler.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GuggitalerOptions {
    /// Players at the table, 4 or 3 (004: "for 3 to 5 players"; JassWiki: three or four). All 36
    /// cards are dealt: 9 each in packets of three, or 12 each in packets of four (JassWiki).
    /// `seats` is read as another name of it.
    #[serde(alias = "seats")]
    pub players: u8,
    /// The list of deals: `004` (the default), `jasswiki` or `jasswiki-ten`.
    pub list: List,
}

impl Default for GuggitalerOptions {
    fn default() -> Self {
        GuggitalerOptions {
            players: 4,
            list: List::Encyclopedia,
        }
    }
}

impl GuggitalerOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(3..=4).contains(&self.players) {
            return Err(format!(
                "players (seats) must be 3 or 4 (JassWiki: three or four; 004's five players, who leave a six out, are not implemented), not {}",
                self.players
            ));
        }
        Ok(())
    }

    /// Cards in each packet of the deal: three with four players, four with three (JassWiki:
    /// "in drei Runden zu je drei Karten", "in drei Runden zu je vier Karten").
    pub fn packet(&self) -> usize {
        crate::card_play_game::packet_for(self.players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_with_defaults_and_refuse_what_cannot_be_played() {
        let o: GuggitalerOptions = serde_json::from_str(r#"{"seats":3}"#).unwrap();
        assert_eq!((o.players, o.list, o.packet()), (3, List::Encyclopedia, 4));
        assert!(o.validate().is_ok());
        let o: GuggitalerOptions = serde_json::from_str(r#"{"list":"jasswiki-ten"}"#).unwrap();
        assert_eq!((o.players, o.list, o.packet()), (4, List::JassWikiTen, 3));
        let json = serde_json::to_value(GuggitalerOptions::default()).unwrap();
        assert_eq!(json["list"], "004");
        assert_eq!(json["players"], 4);
        let five = GuggitalerOptions {
            players: 5,
            ..Default::default()
        };
        assert!(five.validate().unwrap_err().contains("3 or 4"));
        assert!(serde_json::from_str::<GuggitalerOptions>(r#"{"list":"005"}"#).is_err());
        assert!(serde_json::from_str::<GuggitalerOptions>(r#"{"deals":4}"#).is_err());
    }
}

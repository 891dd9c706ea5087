//! Bieter's rule options, as data (docs/bieter.md, "Options"). Records write all options out.

use serde::{Deserialize, Serialize};

use crate::mode::UndenufeEleven;

/// Who counts the card points of the King's discards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Discards {
    /// The King, at the end of the deal (our choice, as in Skat, "the version most like Skat"
    /// (004), whose discards count for the declarer): every deal counts 157.
    King,
    /// Nobody (as 004's Schaggi Haas: "The discards do not count to their score").
    Nobody,
}

/// Every option of Bieter. `Default` is the game documented in `docs/bieter.md` (JassWiki
/// "Bieter", "Bieter (3 Spieler)").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "GivenOptions", deny_unknown_fields)]
pub struct BieterOptions {
    /// Players: 3 (JassWiki "Bieter (3 Spieler)": the King against two) or 4 ("Bieter (4
    /// Spieler)": the King against three). `seats` is read as another name of it.
    pub players: u8,
    /// The lowest bid: 600 with three players ("bietet er mindestens 600 Punkte an"), 350 with
    /// four ("Das Mindestgebot liegt bei 350 Punkten"); unless given, the one for `players`.
    pub min_bid: u32,
    /// The highest bid offered (the texts set none: "beliebig um mindestens 10 Punkte
    /// überbieten"; our cap, the Bauern's own target).
    pub max_bid: u32,
    /// What the Bauernpartei must make together ("Die Bauernpartei muss gemeinsam 1000 Punkte
    /// erzielen").
    pub farmers_target: u32,
    /// Whether the King may play Hindersi (no trump, the King to take no trick) in the first
    /// deal ("einem Hindersi ohne Trumpf").
    pub hindersi: bool,
    /// The face-down table cards are shown to the Bauern when the King takes them ("wobei er auf
    /// Wunsch die 3 verdeckten Karten der Bauernpartei zeigen muss": a Bauer always wishes to).
    pub show_hidden: bool,
    /// Who counts the King's discards.
    pub discards: Discards,
    /// Which card counts 11 in Undenufe: the six (JassWiki, "Grundregeln": "Sechser: 11
    /// Punkte"; 004: "Undenufe six worth 11"; both sources agree) or the ace (003's preference).
    pub undenufe_eleven: UndenufeEleven,
}

impl BieterOptions {
    /// The lowest bid the sources give for `players`: 600 for three, 350 for four.
    pub fn min_bid_for(players: u8) -> u32 {
        if players == 4 {
            350
        } else {
            600
        }
    }

    /// Cards on the table in the first deal: six with three players ("je 3 Karten verdeckt und
    /// offen"), four with four ("2 Karten verdeckt und 2 Karten offen").
    pub fn table_cards(&self) -> u32 {
        if self.players == 4 {
            4
        } else {
            6
        }
    }

    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(3..=4).contains(&self.players) {
            return Err(format!(
                "players (seats) must be 3 or 4 (JassWiki's Bieter for three and for four; the five-player Bieter with a called partner is not implemented), not {}",
                self.players
            ));
        }
        if self.min_bid == 0 || !self.min_bid.is_multiple_of(10) {
            return Err(format!(
                "min_bid must be a positive multiple of 10 (bids go up in tens), not {}",
                self.min_bid
            ));
        }
        if self.max_bid < self.min_bid || !self.max_bid.is_multiple_of(10) {
            return Err(format!(
                "max_bid must be a multiple of 10 and at least min_bid ({}), not {}",
                self.min_bid, self.max_bid
            ));
        }
        // Every bid open is offered at once, with the pass (`Game::legal_actions` fills an
        // `ActionList`), and the view keeps the whole auction: the bids must fit.
        let most = 10 * (crate::game::ActionList::<()>::CAPACITY as u32 - 2);
        if self.max_bid - self.min_bid > most {
            return Err(format!(
                "max_bid may be at most {most} above min_bid (every bid from the lowest is offered at once), not {} above {}",
                self.max_bid - self.min_bid,
                self.min_bid
            ));
        }
        if !(100..=10_000).contains(&self.farmers_target) {
            return Err(format!(
                "farmers_target must be 100 to 10000 points (JassWiki: 1000), not {}",
                self.farmers_target
            ));
        }
        if self.max_bid > 10_000 {
            return Err(format!(
                "max_bid must be at most 10000, not {}",
                self.max_bid
            ));
        }
        Ok(())
    }
}

impl Default for BieterOptions {
    fn default() -> Self {
        GivenOptions::default().into()
    }
}

/// The options as given: the lowest bid follows the players unless given.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct GivenOptions {
    #[serde(alias = "seats")]
    players: u8,
    min_bid: Option<u32>,
    max_bid: u32,
    farmers_target: u32,
    hindersi: bool,
    show_hidden: bool,
    discards: Discards,
    undenufe_eleven: UndenufeEleven,
}

impl Default for GivenOptions {
    fn default() -> Self {
        GivenOptions {
            players: 3,
            min_bid: None,
            max_bid: 1000,
            farmers_target: 1000,
            hindersi: true,
            show_hidden: true,
            discards: Discards::King,
            undenufe_eleven: UndenufeEleven::Six,
        }
    }
}

impl From<GivenOptions> for BieterOptions {
    fn from(g: GivenOptions) -> Self {
        BieterOptions {
            players: g.players,
            min_bid: g.min_bid.unwrap_or(BieterOptions::min_bid_for(g.players)),
            max_bid: g.max_bid,
            farmers_target: g.farmers_target,
            hindersi: g.hindersi,
            show_hidden: g.show_hidden,
            discards: g.discards,
            undenufe_eleven: g.undenufe_eleven,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_with_defaults_by_players_and_refuse_what_cannot_be_played() {
        let o = BieterOptions::default();
        assert_eq!((o.players, o.min_bid, o.farmers_target), (3, 600, 1000));
        assert_eq!(o.table_cards(), 6);
        let four: BieterOptions = serde_json::from_str(r#"{"seats":4}"#).unwrap();
        assert_eq!(
            (four.players, four.min_bid, four.table_cards()),
            (4, 350, 4)
        );
        let given: BieterOptions =
            serde_json::from_str(r#"{"players":4,"min_bid":400,"discards":"nobody"}"#).unwrap();
        assert_eq!((given.min_bid, given.discards), (400, Discards::Nobody));
        let json = serde_json::to_value(four).unwrap();
        assert_eq!(json["min_bid"], 350);
        assert_eq!(json["undenufe_eleven"], "six");
        assert_eq!(serde_json::from_value::<BieterOptions>(json).unwrap(), four);
        assert!(o.validate().is_ok() && four.validate().is_ok());
        let five = BieterOptions { players: 5, ..o };
        assert!(five.validate().unwrap_err().contains("3 or 4"));
        let odd = BieterOptions { min_bid: 605, ..o };
        assert!(odd.validate().unwrap_err().contains("multiple of 10"));
        let low = BieterOptions { max_bid: 500, ..o };
        assert!(low.validate().unwrap_err().contains("at least min_bid"));
        assert!(serde_json::from_str::<BieterOptions>(r#"{"weis":false}"#).is_err());
    }
}

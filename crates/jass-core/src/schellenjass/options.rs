//! Schellenjass's rule options, as data. 004 gives the rules ("to avoid capturing Bells or to
//! take all nine", the Turi worth three lines, no trumps, Herzjass with French cards); what it
//! leaves open (the target) is our choice, documented in docs/schellenjass.md. Records write all
//! options out.

use serde::{Deserialize, Serialize};

use crate::card::Suit;

/// The most lines a game may be played to (keeps every game finite and every total small).
pub const MAX_TARGET: u32 = 99;

/// Every option of Schellenjass. `Default` is the game documented in `docs/schellenjass.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SchellenjassOptions {
    /// Players at the table, 2 to 4 (004: "a variant for 2 to 4 players"). All 36 cards are
    /// dealt: 18, 12 or 9 each.
    pub players: u8,
    /// The suit to avoid: `D`, Schellen (bells); `H`, hearts, is Herzjass (004: "If Schellenjass
    /// is played with French-suited cards, Hearts are chosen as the relevant suit").
    #[serde(deserialize_with = "suit_letter::deserialize")]
    pub suit: Suit,
    /// Lines to win: the first player alone at this many wins. 004 names no target; 7 is our
    /// default, as in the other line games of the sources (JassWiki, "Aucho": "Gespielt wird bis
    /// ein Spieler sieben Striche erreicht hat"; 000's Handjass: seven strokes).
    pub target: u32,
    /// Lines written for a Turi, all nine cards of the suit in one player's tricks (004: "he is
    /// credited with three lines on the slate, while the other three players are
    /// empty-handed").
    pub turi_lines: u32,
}

impl Default for SchellenjassOptions {
    fn default() -> Self {
        SchellenjassOptions {
            players: 4,
            suit: Suit::D,
            target: 7,
            turi_lines: 3,
        }
    }
}

impl SchellenjassOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(2..=4).contains(&self.players) {
            return Err(format!(
                "players must be 2, 3 or 4 (004: \"a variant for 2 to 4 players\"), not {}",
                self.players
            ));
        }
        if !matches!(self.suit, Suit::D | Suit::H) {
            return Err(format!(
                "suit must be D (Schellen) or H (hearts: Herzjass), not {}",
                self.suit.letter()
            ));
        }
        if self.target == 0 || self.target > MAX_TARGET {
            return Err(format!(
                "target must be 1 to {MAX_TARGET} lines, not {}",
                self.target
            ));
        }
        if self.turi_lines > MAX_TARGET {
            return Err(format!(
                "turi_lines must be 0 to {MAX_TARGET}, not {}",
                self.turi_lines
            ));
        }
        Ok(())
    }

    /// Cards in each hand: all 36 dealt.
    pub fn hand_size(&self) -> usize {
        36 / self.players as usize
    }
}

/// The suit to avoid read from its letter (`"D"`), refused with the game's two suits named
/// unless it is one of them (a suit writes as its letter by itself).
mod suit_letter {
    use serde::{Deserialize, Deserializer};

    use crate::card::Suit;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let text = String::deserialize(d)?;
        match text.parse::<Suit>() {
            Ok(suit @ (Suit::D | Suit::H)) => Ok(suit),
            _ => Err(serde::de::Error::custom(format!(
                "suit must be D (Schellen) or H (hearts: Herzjass), not `{text}`"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_with_defaults_and_refuse_what_cannot_be_played() {
        let o: SchellenjassOptions = serde_json::from_str(r#"{"suit":"H","players":3}"#).unwrap();
        assert_eq!(o.suit, Suit::H);
        assert_eq!(o.players, 3);
        assert_eq!(o.hand_size(), 12);
        assert_eq!(o.target, 7);
        assert!(o.validate().is_ok());
        let json = serde_json::to_value(o).unwrap();
        assert_eq!(json["suit"], "H");
        let bad = SchellenjassOptions {
            players: 5,
            ..Default::default()
        };
        assert!(bad.validate().unwrap_err().contains("2, 3 or 4"));
        let spades = SchellenjassOptions {
            suit: Suit::S,
            ..Default::default()
        };
        assert!(spades.validate().is_err());
        for suit in [r#"{"suit":"X"}"#, r#"{"suit":"S"}"#] {
            let err = serde_json::from_str::<SchellenjassOptions>(suit).unwrap_err();
            assert!(err.to_string().contains("Herzjass"), "{err}");
        }
        assert!(serde_json::from_str::<SchellenjassOptions>(r#"{"trump":"D"}"#).is_err());
    }
}

//! Hindersi's rule options, as data. 004 ("Hindersi-Jass") and JassWiki ("Hindersi (4 Spieler)",
//! "Hindersi (3 Spieler)", "Hindersi (Allgemein)") give the rules; where they differ (does a Nuller
//! count against its player?) 004's reading is the default and JassWiki's an option; what they
//! leave open is our choice. All of it is documented in docs/hindersi.md. Records write all
//! options out.

use serde::{Deserialize, Serialize};

/// The most Parties a game may be played to (keeps every game finite and every total small).
pub const MAX_PARTIES: u32 = 99;

/// How the players are ranked at the end, by the marks of their Parties.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ranking {
    /// Striche less Nuller (004: the Nuller is a "minus mark (Nuller or Minusstrich)", and "the
    /// winner is the player with the most marks").
    Net,
    /// Striche alone, the Nuller only written (JassWiki: "Gewinner ist der Spieler mit den
    /// meisten Strichen").
    Striche,
}

impl Ranking {
    /// What ranks a player with these marks at the end: Striche less Nuller, or Striche alone.
    pub fn score(self, striche: u32, nuller: u32) -> i64 {
        match self {
            Ranking::Net => i64::from(striche) - i64::from(nuller),
            Ranking::Striche => i64::from(striche),
        }
    }
}

/// Every option of Hindersi. `Default` is the game documented in `docs/hindersi.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HindersiOptions {
    /// Players at the table, 4 or 3 (004: "for four players … There is also a variant for three
    /// players"). All 36 cards are dealt: 9 or 12 each. `seats` is read as another name of it.
    #[serde(alias = "seats")]
    pub players: u8,
    /// Parties to play, a Partie being one round of deals (as many deals as players). 004: "After
    /// 4 or 8 parties"; JassWiki: "Nach einer vereinbarten Anzahl von Partien, beispielsweise
    /// vier oder acht". Default 4.
    pub parties: u32,
    /// How the marks rank the players at the end: `net` (Striche less Nuller, 004's "minus
    /// mark", the default) or `striche` (Striche alone, JassWiki).
    pub ranking: Ranking,
}

impl Default for HindersiOptions {
    fn default() -> Self {
        HindersiOptions {
            players: 4,
            parties: 4,
            ranking: Ranking::Net,
        }
    }
}

impl HindersiOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(3..=4).contains(&self.players) {
            return Err(format!(
                "players (seats) must be 3 or 4 (004: for four players, \"also a variant for three players\"), not {}",
                self.players
            ));
        }
        if self.parties == 0 || self.parties > MAX_PARTIES {
            return Err(format!(
                "parties must be 1 to {MAX_PARTIES}, not {}",
                self.parties
            ));
        }
        Ok(())
    }

    /// Cards in each hand: all 36 dealt.
    pub fn hand_size(&self) -> usize {
        36 / self.players as usize
    }

    /// Deals in a Partie: one round, every player dealing once (JassWiki: "Ein Umgang besteht
    /// aus vier Spielen und entspricht einer Partie"; with three players "Ein Umgang, also 3
    /// Spiele").
    pub fn deals_per_partie(&self) -> u32 {
        u32::from(self.players)
    }

    /// Deals in the whole game.
    pub fn deals(&self) -> u32 {
        self.parties * self.deals_per_partie()
    }

    /// Cards in each packet of the deal: three with four players (004: "dealt 9 cards each in
    /// packets of three"), four with three (JassWiki: "Jedem Spieler werden 12 Karten (3 x 4
    /// Karten) verteilt").
    pub fn packet(&self) -> usize {
        crate::card_play_game::packet_for(self.players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_with_defaults_and_refuse_what_cannot_be_played() {
        let o: HindersiOptions = serde_json::from_str(r#"{"seats":3}"#).unwrap();
        assert_eq!(o.players, 3);
        assert_eq!(o.hand_size(), 12);
        assert_eq!(o.packet(), 4);
        assert_eq!(o.deals(), 12);
        assert_eq!(o.ranking, Ranking::Net);
        assert!(o.validate().is_ok());
        let o: HindersiOptions =
            serde_json::from_str(r#"{"players":4,"parties":8,"ranking":"striche"}"#).unwrap();
        assert_eq!((o.deals(), o.ranking), (32, Ranking::Striche));
        let json = serde_json::to_value(o).unwrap();
        assert_eq!(json["players"], 4);
        assert_eq!(json["ranking"], "striche");
        for bad in [
            HindersiOptions {
                players: 2,
                ..Default::default()
            },
            HindersiOptions {
                parties: 0,
                ..Default::default()
            },
        ] {
            assert!(bad.validate().is_err());
        }
        assert!(serde_json::from_str::<HindersiOptions>(r#"{"ranking":"most"}"#).is_err());
        assert!(serde_json::from_str::<HindersiOptions>(r#"{"target":7}"#).is_err());
    }
}

//! Schaggi Haas's rule options, as data (docs/schaggi-haas.md, "Options"). Records write all
//! options out.

use serde::{Deserialize, Serialize};

use crate::schieber::WeisOption;
use crate::weis::{WeisRules, WeisStyle, WeisTie};

/// The highest target a table may set.
pub const MAX_TARGET: u32 = 10_000;

/// Every option of Schaggi Haas. `Default` is the game of 004 and JassWiki (docs/schaggi-haas.md).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SchaggiHaasOptions {
    /// The first player to reach this many points wins (004: "game is 1000"; JassWiki: "Eine
    /// Partie geht auf 1000 Punkte. Wer diese Punktzahl zuerst erreicht, hat gewonnen").
    pub target: u32,
    /// The melds (004: "Melding and play are as per normal"): the small Weis of 003, the large,
    /// or none.
    pub weis: WeisOption,
    /// Four nines count 150 (004's table of melds; 003: "Some allow four 9s … Most do not").
    pub four_nines: bool,
    /// King and Queen of trumps in one hand write 20 (Stöck, 003 and 004).
    pub stoeck: bool,
}

impl Default for SchaggiHaasOptions {
    fn default() -> Self {
        SchaggiHaasOptions {
            target: 1000,
            weis: WeisOption::Small,
            four_nines: true,
            stoeck: true,
        }
    }
}

impl SchaggiHaasOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(100..=MAX_TARGET).contains(&self.target) {
            return Err(format!(
                "target must be 100 to {MAX_TARGET} points (004 and JassWiki: 1000), not {}",
                self.target
            ));
        }
        Ok(())
    }

    /// The Weis rules these options give, or `None` without Weis: a meld's value, then its
    /// length, height and trump decide between two (004: "value, length, height, trump").
    pub fn weis_rules(&self) -> Option<WeisRules> {
        let style = match self.weis {
            WeisOption::None => return None,
            WeisOption::Small => WeisStyle::Small,
            WeisOption::Large => WeisStyle::Large,
        };
        Some(WeisRules {
            style,
            four_nines: self.four_nines,
            fours_any_rank: false,
            undenufe_four_sixes: false,
            tie: WeisTie::MoreCards,
            large_step: 50,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_with_defaults_and_refuse_what_cannot_be_played() {
        let o = SchaggiHaasOptions::default();
        assert_eq!(
            (o.target, o.weis, o.four_nines, o.stoeck),
            (1000, WeisOption::Small, true, true)
        );
        let given: SchaggiHaasOptions =
            serde_json::from_str(r#"{"target":1500,"weis":"none"}"#).unwrap();
        assert_eq!((given.target, given.weis), (1500, WeisOption::None));
        assert!(given.weis_rules().is_none());
        assert_eq!(o.weis_rules().unwrap().style, WeisStyle::Small);
        let json = serde_json::to_value(o).unwrap();
        assert_eq!(
            serde_json::from_value::<SchaggiHaasOptions>(json).unwrap(),
            o
        );
        assert!(o.validate().is_ok());
        for bad in [99, 10_001] {
            let err = SchaggiHaasOptions { target: bad, ..o }
                .validate()
                .unwrap_err();
            assert!(err.contains("target"), "{err}");
        }
        assert!(serde_json::from_str::<SchaggiHaasOptions>(r#"{"players":3}"#).is_err());
        assert!(serde_json::from_str::<SchaggiHaasOptions>(r#"{"weis":"big"}"#).is_err());
    }
}

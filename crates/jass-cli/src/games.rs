//! The games the command knows, and how to set each one up from options.

use std::str::FromStr;

use anyhow::{anyhow, Result};
use jass_core::schieber::SchieberOptions;
use serde_json::Value;

/// A game the command can play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameKind {
    /// Schieber.
    Schieber,
    /// Handjass (2 to 5 players).
    Handjass,
    /// Sidi Barrani.
    Sidi,
    /// Coiffeur.
    Coiffeur,
    /// Differenzler.
    Differenzler,
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::Schieber,
        GameKind::Handjass,
        GameKind::Sidi,
        GameKind::Coiffeur,
        GameKind::Differenzler,
    ];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Schieber => "schieber",
            GameKind::Handjass => "handjass",
            GameKind::Sidi => "sidi-barrani",
            GameKind::Coiffeur => "coiffeur",
            GameKind::Differenzler => "differenzler",
        }
    }

    pub fn default_options(self) -> Value {
        match self {
            GameKind::Schieber => {
                serde_json::to_value(SchieberOptions::default()).expect("options serialize")
            }
            GameKind::Handjass => {
                serde_json::to_value(jass_core::handjass::HandjassOptions::default())
                    .expect("options serialize")
            }
            GameKind::Sidi => serde_json::to_value(jass_core::sidi::SidiOptions::default())
                .expect("options serialize"),
            GameKind::Coiffeur => {
                serde_json::to_value(jass_core::coiffeur::CoiffeurOptions::default())
                    .expect("options serialize")
            }
            GameKind::Differenzler => {
                serde_json::to_value(jass_core::differenzler::DifferenzlerOptions::default())
                    .expect("options serialize")
            }
        }
    }

    pub fn options_help(self) -> &'static str {
        match self {
            GameKind::Schieber => concat!(
                "  target: points to win (1000, 1500, 2500, 3000)\n",
                "  multipliers: standard | french-red | french-black | single | {\"D\":2,\"H\":1,...}\n",
                "  obenabe_undenufe, misere, slalom, zurueckschieben, counter_match, stoeck, schneider, bergpreis: true | false\n",
                "  (slalom: contracts slalom / slalom-undenufe, no trump, the tricks alternate Obenabe and Undenufe;\n",
                "   its multiplier is \"slalom\" in the table, 1 in every preset)\n",
                "  undenufe_eleven: ace | six;  weis: none | small | large;  weis_tie: more-cards | list-order\n",
                "  four_nines, fours_any_rank, undenufe_four_sixes: true | false;  large_weis_step: 50 | 20\n",
                "  scoring_order: stoeck-weis-stich or another order of the three words\n",
                "  first_forehand: a card whose holder leads first (H7) or seat0 .. seat3\n",
                "  See docs/schieber.md for the source of every option."
            ),
            GameKind::Sidi => crate::sidi_cli::SIDI_HELP,
            GameKind::Handjass => crate::handjass_cli::HELP,
            GameKind::Coiffeur => crate::coiffeur_cli::HELP,
            GameKind::Differenzler => crate::differenzler_cli::HELP,
        }
    }

    /// Schieber options from `-o` pairs (as JSON), with a clear error for a wrong one.
    pub fn schieber_options(options: &Value) -> Result<SchieberOptions> {
        let o: SchieberOptions = serde_json::from_value(options.clone()).map_err(|e| {
            // Name the option at fault: try each one alone.
            if let Value::Object(map) = options {
                for (k, v) in map {
                    let one = Value::Object([(k.clone(), v.clone())].into_iter().collect());
                    if let Err(e1) = serde_json::from_value::<SchieberOptions>(one) {
                        return anyhow!("bad schieber option `{k}={v}`: {e1} (`jass options schieber` lists them)");
                    }
                }
            }
            anyhow!("bad schieber option: {e}")
        })?;
        o.validate()
            .map_err(|e| anyhow!("bad schieber option: {e}"))?;
        Ok(o)
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "schieber" => Ok(GameKind::Schieber),
            "handjass" | "sackjass" | "butzer" | "schlaeger" => Ok(GameKind::Handjass),
            "sidi-barrani" | "sidi" => Ok(GameKind::Sidi),
            "coiffeur" => Ok(GameKind::Coiffeur),
            "differenzler" => Ok(GameKind::Differenzler),
            other => Err(format!("unknown game `{other}`: known games are schieber, handjass, sidi-barrani, coiffeur, differenzler")),
        }
    }
}

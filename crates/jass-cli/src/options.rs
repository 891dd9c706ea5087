//! Game options from the command line: `-o key=value`, checked against the game's option type.

use anyhow::{anyhow, Result};
use serde_json::Value;
use std::process::ExitCode;

use crate::games::GameKind;

/// Turns `key=value` pairs into a JSON object (see [`jass_table::options_from_pairs`]).
pub fn to_json(pairs: &[String]) -> Result<Value> {
    Ok(jass_table::options_from_pairs(pairs)?)
}

/// `jass options [GAME]`: every option with its default value.
pub fn list(game: Option<&str>) -> Result<ExitCode> {
    let games: Vec<GameKind> = match game {
        Some(g) => vec![g.parse().map_err(|e: String| anyhow!(e))?],
        None => GameKind::ALL.to_vec(),
    };
    for g in games {
        println!("{} (defaults; change with -o key=value):", g.name());
        let defaults = g.default_options();
        if let Value::Object(m) = defaults {
            for (k, v) in m {
                println!("  {k} = {v}");
            }
        }
        println!("{}", g.info().options_help);
    }
    Ok(ExitCode::SUCCESS)
}

//! `jass options`: every game's options with their defaults and what their values mean.

use anyhow::{anyhow, Result};
use clap::Args;
use serde_json::Value;
use std::process::ExitCode;

use jass_table::GameKind;

/// Arguments of `jass options`.
#[derive(Args)]
pub struct OptionsArgs {
    /// The game (default: all).
    game: Option<String>,
}

/// `jass options [GAME]`: every option with its default value.
pub fn run(args: OptionsArgs) -> Result<ExitCode> {
    let games: Vec<GameKind> = match args.game.as_deref() {
        Some(g) => vec![g.parse().map_err(|e: String| anyhow!(e))?],
        None => GameKind::ALL.to_vec(),
    };
    for g in games {
        // A game called by one of its presets' names (`herzjass`) starts from that preset.
        let named = args
            .game
            .as_deref()
            .map(|name| g.named_options(name, &Value::Object(Default::default())));
        let defaults = match named.as_ref().and_then(|o| o.get("preset")) {
            Some(preset) => {
                println!(
                    "{} with preset {preset} (defaults; change with -o key=value):",
                    g.name()
                );
                g.spec(named.as_ref().expect("named"))
                    .map_err(|e| anyhow!(e.0))?
                    .options
            }
            None => {
                println!("{} (defaults; change with -o key=value):", g.name());
                g.default_options()
            }
        };
        // The options records write only when set are options too.
        if let Value::Object(m) = g.with_unwritten(defaults) {
            for (k, v) in m {
                println!("  {k} = {v}");
            }
        }
        println!("{}", g.info().options_help);
    }
    Ok(ExitCode::SUCCESS)
}

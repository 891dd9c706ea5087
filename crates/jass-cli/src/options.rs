//! Game options from the command line: `-o key=value`, checked against the game's option type.

use anyhow::{anyhow, bail, Result};
use serde_json::{Map, Value};
use std::process::ExitCode;

use crate::games::GameKind;

/// Turns `key=value` pairs into a JSON object; values are read as JSON where they parse
/// (numbers, true/false, objects) and as strings otherwise.
pub fn to_json(pairs: &[String]) -> Result<Value> {
    let mut map = Map::new();
    for p in pairs {
        let Some((k, v)) = p.split_once('=') else {
            bail!("option `{p}` has no value: write it as key=value, e.g. -o target=2500");
        };
        let k = k.trim().replace('-', "_");
        if k.is_empty() {
            bail!("option `{p}` has no name: write it as key=value, e.g. -o target=2500");
        }
        let v = v.trim();
        let value =
            serde_json::from_str::<Value>(v).unwrap_or_else(|_| Value::String(v.to_string()));
        if map.insert(k.clone(), value).is_some() {
            bail!("option `{k}` is given twice");
        }
    }
    Ok(Value::Object(map))
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
        println!("{}", g.options_help());
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_become_typed_json() {
        let v = to_json(&[
            "target=2500".into(),
            "weis=large".into(),
            "misere=true".into(),
        ])
        .unwrap();
        assert_eq!(v["target"], 2500);
        assert_eq!(v["weis"], "large");
        assert_eq!(v["misere"], true);
        assert!(to_json(&["target".into()])
            .unwrap_err()
            .to_string()
            .contains("key=value"));
        assert!(to_json(&["a=1".into(), "a=2".into()]).is_err());
    }
}

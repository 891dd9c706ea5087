//! The journal of a terminal game in progress: what `jass play --resume FILE` needs to go on
//! after the game was left with `q`, Ctrl-C, a closed terminal or a crash. It is rewritten after
//! every action (to a temporary file, then renamed, so a crash leaves the previous version) and
//! removed once the game's record is saved.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use jass_table::{GameKind, GameSpec};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The format tag of a journal file.
pub const FORMAT: &str = "jass-play-journal/1";

/// A game in progress.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Journal {
    /// Always [`FORMAT`].
    pub format: String,
    /// The game's name (`schieber`, …).
    pub game: String,
    /// Every option of the game, written out in full.
    pub options: Value,
    /// The seed of the deals.
    pub seed: u64,
    /// The person's seat.
    pub seat: usize,
    /// The player of every seat (`you` at the person's seat).
    pub players: Vec<String>,
    /// Where the record is saved at the end.
    pub out: PathBuf,
    /// Every decision taken so far, in record notation (what `run_table` resumes from).
    pub actions: Vec<Value>,
}

impl Journal {
    /// A journal of a game that has not started yet.
    pub fn new(
        spec: &GameSpec,
        seed: u64,
        seat: usize,
        players: Vec<String>,
        out: &Path,
    ) -> Journal {
        Journal {
            format: FORMAT.into(),
            game: spec.kind.name().into(),
            options: spec.options.clone(),
            seed,
            seat,
            players,
            out: std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf()),
            actions: Vec::new(),
        }
    }

    /// The journal file that goes with the record file `out`: `NAME.json` → `NAME.resume.json`.
    pub fn path_for(out: &Path) -> PathBuf {
        let stem = out
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "jass".into());
        out.with_file_name(format!("{stem}.resume.json"))
    }

    /// The game's spec (checked again: the file may have been edited).
    pub fn spec(&self) -> Result<GameSpec> {
        let kind: GameKind = self
            .game
            .parse()
            .map_err(|e: String| anyhow::anyhow!("{e}"))?;
        Ok(kind.spec(&self.options)?)
    }

    /// Writes the journal to `path` (a temporary file renamed over it: never half written).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let tmp = path.with_extension("json.tmp");
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| format!("cannot write the game's journal {}: {e}", path.display()))
    }

    /// Reads a journal, with an error that says what is wrong with the file.
    pub fn load(path: &Path) -> Result<Journal> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the journal {}", path.display()))?;
        let value: Value = serde_json::from_str(&text).with_context(|| {
            format!(
                "{} is not a journal of `jass play` (not JSON)",
                path.display()
            )
        })?;
        if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
            bail!(
                "{} is not a journal of `jass play` (expected \"format\": \"{FORMAT}\"; --resume takes the NAME.resume.json file that an unfinished game leaves beside its record)",
                path.display()
            );
        }
        let journal: Journal = serde_json::from_value(value)
            .with_context(|| format!("the journal {} is damaged", path.display()))?;
        let spec = journal
            .spec()
            .with_context(|| format!("the journal {} is damaged", path.display()))?;
        if journal.players.len() != spec.seats() || journal.seat >= spec.seats() {
            bail!(
                "the journal {} is damaged: {} players and seat {} for a table of {} seats",
                path.display(),
                journal.players.len(),
                journal.seat,
                spec.seats()
            );
        }
        // The players and the actions are checked now, not on the screen half-way through.
        for (s, name) in journal.players.iter().enumerate() {
            let ok = if s == journal.seat {
                name == "you"
            } else {
                name != "you" && jass_table::seat_spec::parse_one(name).is_ok()
            };
            if !ok {
                bail!(
                    "the journal {} is damaged: seat {s} is `{name}` (your seat {} must be `you`, the others computer players)",
                    path.display(),
                    journal.seat
                );
            }
        }
        jass_table::suggest(&spec, journal.seed, &journal.actions, "random")
            .map_err(|e| anyhow::anyhow!("the journal {} is damaged: {e}", path.display()))?;
        Ok(journal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(dir: &Path) -> Journal {
        let spec = GameSpec::parse("schieber", &["target=300".into()]).unwrap();
        let mut j = Journal::new(
            &spec,
            7,
            0,
            vec!["you".into(), "rule".into(), "rule".into(), "rule".into()],
            &dir.join("game.json"),
        );
        j.actions.push(serde_json::json!({"action": "schieben"}));
        j
    }

    #[test]
    fn a_journal_round_trips_and_sits_beside_its_record() {
        let dir = tempfile::tempdir().unwrap();
        let j = sample(dir.path());
        let path = Journal::path_for(&dir.path().join("game.json"));
        assert_eq!(path, dir.path().join("game.resume.json"));
        j.save(&path).unwrap();
        assert_eq!(Journal::load(&path).unwrap(), j);
        assert!(!path.with_extension("json.tmp").exists());
    }

    #[test]
    fn a_wrong_file_gets_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.json");
        let err = |text: &str| {
            std::fs::write(&path, text).unwrap();
            format!("{:#}", Journal::load(&path).unwrap_err())
        };
        assert!(err("not json").contains("not JSON"));
        assert!(err(r#"{"game":"schieber"}"#).contains("expected \"format\""));
        let mut j = serde_json::to_value(sample(dir.path())).unwrap();
        j["options"]["target"] = serde_json::json!("many");
        assert!(err(&j.to_string()).contains("damaged"));
        let mut j = serde_json::to_value(sample(dir.path())).unwrap();
        j["players"] = serde_json::json!(["you", "rule"]);
        assert!(err(&j.to_string()).contains("2 players"));
        // Players and actions are checked when the journal is read, not on the screen.
        let mut j = serde_json::to_value(sample(dir.path())).unwrap();
        j["players"] = serde_json::json!(["rule", "you", "rule", "rule"]);
        let e = err(&j.to_string());
        assert!(e.contains("damaged: seat 0 is `rule`"), "{e}");
        let mut j = serde_json::to_value(sample(dir.path())).unwrap();
        j["players"][2] = serde_json::json!("nobody");
        assert!(err(&j.to_string()).contains("seat 2 is `nobody`"));
        let mut j = serde_json::to_value(sample(dir.path())).unwrap();
        j["actions"] = serde_json::json!([{"action": "play", "card": "HA"}]);
        let e = err(&j.to_string());
        assert!(
            e.contains("damaged") && e.contains("not a legal action"),
            "{e}"
        );
        let missing = format!(
            "{:#}",
            Journal::load(&dir.path().join("none.json")).unwrap_err()
        );
        assert!(missing.contains("cannot read"), "{missing}");
    }
}

//! `jass players`: the settings reference in docs/player-settings.md is the command's own output,
//! the text and JSON forms list the same settings, and a wrong game is refused.

mod common;

use std::path::PathBuf;

use common::{jass, stdout_of};

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/player-settings.md")
}

#[test]
fn the_settings_reference_is_the_commands_output() {
    let out = String::from_utf8(stdout_of(["players", "--markdown"])).unwrap();
    let doc = std::fs::read_to_string(doc_path()).unwrap();
    assert!(
        doc == out,
        "docs/player-settings.md is not what `jass players --markdown` prints now: regenerate it with \
         `cargo run -p jass-cli -- players --markdown > docs/player-settings.md`"
    );
}

#[test]
fn text_and_json_list_every_players_settings_with_defaults() {
    let json: serde_json::Value =
        serde_json::from_slice(&stdout_of(["players", "schieber", "--json"])).unwrap();
    let players = json[0]["players"].as_array().unwrap();
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["random", "rule", "sampling", "mcts"]);
    let sampling = players[2]["settings"].as_array().unwrap();
    assert!(sampling.len() > 20, "{sampling:?}");
    let text = String::from_utf8(stdout_of(["players", "schieber"])).unwrap();
    // The sampling player's lines: from its heading to the next player's.
    let text = text.split("\n  sampling:\n").nth(1).unwrap();
    let text = text.split("\n  mcts:\n").next().unwrap();
    for s in sampling {
        let key = s["key"].as_str().unwrap();
        let default = s["default"].as_u64().unwrap();
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(key))
            .unwrap_or_else(|| panic!("`{key}` is missing from the text:\n{text}"));
        assert_eq!(
            line.split_whitespace().nth(1),
            Some(default.to_string().as_str())
        );
    }
    // The games without the MCTS yardstick list three players.
    let json: serde_json::Value =
        serde_json::from_slice(&stdout_of(["players", "hindersi", "--json"])).unwrap();
    assert_eq!(json[0]["players"].as_array().unwrap().len(), 3);
    let out = jass().args(["players", "skat"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("skat"), "{err}");
}

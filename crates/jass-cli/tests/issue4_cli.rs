//! The command line for the issue-4 games: simulate, check, show and options.

use predicates::prelude::*;
use predicates::str::contains;

mod common;
use common::{assert_consistent, jass};

#[test]
fn sidi_barrani_simulate_check_show_options() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sidi.jsonl");
    jass()
        .args([
            "simulate",
            "-g",
            "sidi-barrani",
            "-n",
            "4",
            "--seed",
            "3",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout(contains("4 game(s) of sidi-barrani"));
    assert_consistent(&out, 4);
    jass()
        .arg("show")
        .arg(&out)
        .args(["--game", "2", "--hands"])
        .assert()
        .success()
        .stdout(contains("Sidi Barrani · ").and(contains("target=2000")));
    jass()
        .args(["options", "sidi"])
        .assert()
        .success()
        .stdout(contains("doubling = \"next-call\""));
    jass()
        .args(["simulate", "-g", "sidi", "-o", "bid_step=7"])
        .assert()
        .failure()
        .stderr(contains("bid_step"));
    // A tampered record is reported.
    let text = std::fs::read_to_string(&out).unwrap();
    let first = text
        .lines()
        .next()
        .unwrap()
        .replacen("\"made\":true", "\"made\":false", 1)
        .replacen("\"made\":false", "\"made\":true", 1);
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, first).unwrap();
    jass()
        .arg("check")
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(contains("with problems"));
}

#[test]
fn coiffeur_simulate_check_show_options() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.json");
    jass()
        .args([
            "simulate",
            "-g",
            "coiffeur",
            "--seed",
            "4",
            "-o",
            "misere=true",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout(contains("deals: 14"));
    assert_consistent(&out, 1);
    jass()
        .arg("show")
        .arg(&out)
        .assert()
        .success()
        .stdout(contains("Coiffeur").and(contains("Game over")));
    jass()
        .args(["options", "coiffeur"])
        .assert()
        .success()
        .stdout(contains("multipliers"));
}

/// `jass show` reports a record that its game's engine does not accept (short or out-of-range
/// arrays, as a hand edit leaves them) with the record's number and exit code 1, shows the good
/// records of the same file, and never panics.
#[test]
fn show_reports_broken_records_and_shows_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let simulate = |game: &str| {
        let out = dir.path().join(format!("{game}.jsonl"));
        jass()
            .args(["simulate", "-g", game, "--seed", "2", "--out"])
            .arg(&out)
            .assert()
            .success();
        let text = std::fs::read_to_string(&out).unwrap();
        serde_json::from_str::<serde_json::Value>(text.lines().next().unwrap()).unwrap()
    };
    let coiffeur = simulate("coiffeur");
    let handjass = simulate("handjass");
    let edits: [(&serde_json::Value, &str, serde_json::Value); 5] = [
        (&coiffeur, "/result/totals", serde_json::json!([])),
        (&coiffeur, "/deals/0/result/team", serde_json::json!(2)),
        (&coiffeur, "/deals/0/result/totals", serde_json::json!([1])),
        (&handjass, "/deals/0/result/strokes", serde_json::json!([])),
        (&handjass, "/deals/0/result/playing/0", serde_json::json!(7)),
    ];
    for (i, (good, at, value)) in edits.into_iter().enumerate() {
        let mut bad = good.clone();
        *bad.pointer_mut(at).unwrap_or_else(|| panic!("{at}")) = value;
        let file = dir.path().join(format!("bad{i}.jsonl"));
        let text = format!("{good}\n{bad}\n");
        std::fs::write(&file, text).unwrap();
        jass()
            .arg("show")
            .arg(&file)
            .assert()
            .code(1)
            .stdout(contains("Game over"))
            .stderr(contains("record 2").and(contains("panicked").not()));
    }
}

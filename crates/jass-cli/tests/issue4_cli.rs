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
        .stdout(contains("Sidi Barrani to 2000"));
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

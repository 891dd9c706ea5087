//! `jass` with Handjass: simulate for 2 to 5 players and every preset, then check and show.

use predicates::prelude::*;

mod common;
use common::jass;

#[test]
fn simulate_check_show_for_every_number_of_players_and_preset() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[&str]; 9] = [
        &["-o", "players=2"],
        &["-o", "players=3"],
        &["-o", "players=4"],
        &["-o", "players=5", "-o", "preset=004"],
        &["-o", "preset=parlett"],
        &["-o", "preset=004-twelve", "-o", "players=3"],
        &[
            "-o",
            "players=3",
            "-o",
            "small_deal=bessern",
            "-o",
            "tie=abeyance",
        ],
        &[
            "-o",
            "players=2",
            "-o",
            "tie=draw-always",
            "-o",
            "last_trick_bonus=0",
        ],
        &["-o", "preset=parlett", "-o", "sack_window=until-cancelled"],
    ];
    for (i, extra) in cases.iter().enumerate() {
        let file = dir.path().join(format!("hj{i}.jsonl"));
        jass()
            .args(["simulate", "-g", "handjass", "-n", "3", "--seed", "5"])
            .args(*extra)
            .arg("--out")
            .arg(&file)
            .assert()
            .success()
            .stdout(predicate::str::contains("3 game(s) of handjass, seed 5"));
        jass()
            .arg("check")
            .arg(&file)
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "3 record(s) consistent, 0 with problems",
            ));
        jass()
            .args(["show", "--hands", "--cards", "french", "--game", "1"])
            .arg(&file)
            .assert()
            .success()
            .stdout(
                predicate::str::contains("Handjass · ")
                    .and(predicate::str::contains("Deal 1"))
                    .and(predicate::str::contains("Game over")),
            );
    }
}

#[test]
fn options_are_listed_and_bad_ones_explained() {
    jass()
        .args(["options", "handjass"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("threshold = 26")
                .and(predicate::str::contains("preset"))
                .and(predicate::str::contains("docs/handjass.md"))
                .and(predicate::str::contains("last_trick_bonus"))
                .and(predicate::str::contains("sack_window"))
                .and(predicate::str::contains("draw-always")),
        );
    jass()
        .args(["simulate", "-g", "handjass", "-o", "players=7"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("2 to 5 players"));
    jass()
        .args(["simulate", "-g", "handjass", "-o", "preset=nope"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown preset"));
    jass()
        .args(["simulate", "-g", "handjass", "-o", "tie=coin"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("tie"));
}

#[test]
fn a_tampered_handjass_record_fails_the_check() {
    let out = jass()
        .args([
            "simulate",
            "-g",
            "handjass",
            "-o",
            "players=3",
            "--seed",
            "2",
            "--out",
            "-",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["deals"][0]["result"]["slate"][0] = serde_json::json!(99);
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.json");
    std::fs::write(&f, serde_json::to_string(&v).unwrap()).unwrap();
    jass()
        .arg("check")
        .arg(&f)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("deal 1"));
}

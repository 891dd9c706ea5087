//! Slalom on the command line: Schieber and Coiffeur games with the option on simulate, check and
//! show; `jass options` names it.

use predicates::prelude::*;
use predicates::str::contains;

mod common;
use common::{assert_consistent, jass};

#[test]
fn schieber_with_misere_and_slalom() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.jsonl");
    jass()
        .args([
            "simulate",
            "-n",
            "3",
            "--seed",
            "5",
            "-o",
            "misere=true",
            "-o",
            "slalom=true",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout(contains("3 game(s) of schieber"));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("\"contract\":\"slalom") && text.contains("\"contract\":\"misere\""),
        "random players choose both"
    );
    assert_consistent(&out, 3);
    jass()
        .arg("show")
        .arg(&out)
        .args(["--game", "1"])
        .assert()
        .success()
        .stdout(contains("Slalom ("));
    // The rule players too.
    jass()
        .args([
            "simulate",
            "-n",
            "2",
            "--seed",
            "5",
            "--players",
            "rule",
            "-o",
            "misere=true",
            "-o",
            "slalom=true",
        ])
        .assert()
        .success();
    jass()
        .args(["options", "schieber"])
        .assert()
        .success()
        .stdout(contains("slalom = false"));
}

#[test]
fn coiffeur_with_the_slalom_row() {
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
            "-o",
            "slalom=true",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout(contains("deals: 16"));
    assert_consistent(&out, 1);
    jass()
        .arg("show")
        .arg(&out)
        .assert()
        .success()
        .stdout(contains("slalom=true").and(contains("×7 in the Slalom")));
    jass()
        .args(["options", "coiffeur"])
        .assert()
        .success()
        .stdout(contains("slalom"));
}

//! The command line for Differenzler: simulate, check, show and options.

use predicates::prelude::*;
use predicates::str::contains;

mod common;
use common::{assert_consistent, jass};

#[test]
fn differenzler_simulate_check_show_options() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d.jsonl");
    jass()
        .args([
            "simulate",
            "-g",
            "differenzler",
            "-n",
            "3",
            "--seed",
            "3",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout(contains("3 game(s) of differenzler").and(contains("deals: 36 (12.0 per game)")));
    assert_consistent(&out, 3);
    jass()
        .arg("show")
        .arg(&out)
        .args(["--game", "2", "--hands", "--cards", "french"])
        .assert()
        .success()
        .stdout(
            contains("Differenzler · 12 deals")
                .and(contains("announce "))
                .and(contains("forecast"))
                .and(contains("Game over")),
        );
    // Options: listed with their defaults, given with -o, wrong ones named.
    jass()
        .args(["options", "differenzler"])
        .assert()
        .success()
        .stdout(contains("trump = \"turned\"").and(contains("announcements = \"hidden\"")));
    let one = dir.path().join("open.json");
    jass()
        .args([
            "simulate",
            "-g",
            "differenzler",
            "--seed",
            "9",
            "-o",
            "announcements=open",
            "-o",
            "trump=chosen",
            "-o",
            "obenabe_undenufe=true",
        ])
        .args([
            "-o",
            "weis=true",
            "-o",
            "stoeck=true",
            "-o",
            "deals=4",
            "--out",
        ])
        .arg(&one)
        .assert()
        .success()
        .stdout(contains("deals: 4"));
    assert_consistent(&one, 1);
    jass()
        .arg("show")
        .arg(&one)
        .assert()
        .success()
        // Forehand chose the trump (trump=chosen): its choice among the actions.
        .stdout(predicates::str::is_match(r"seat \d: (Trumpf|Obenabe|Undenufe)").unwrap());
    jass()
        .args(["simulate", "-g", "differenzler", "-o", "trump=dealer"])
        .assert()
        .failure()
        .stderr(contains("trump"));
    jass()
        .args(["simulate", "-g", "differenzler", "-o", "deals=0"])
        .assert()
        .failure()
        .stderr(contains("deals"));
    // A tampered record is reported.
    let text = std::fs::read_to_string(&out).unwrap();
    let v: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let mut v2 = v;
    let p = v2["deals"][0]["result"]["penalty"][0].as_i64().unwrap();
    v2["deals"][0]["result"]["penalty"][0] = (p + 1).into();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, v2.to_string()).unwrap();
    jass()
        .arg("check")
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(contains("deal 1").and(contains("with problems")));
}

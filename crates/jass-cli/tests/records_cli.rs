//! Records say what docs/records.md documents, and `jass check` finds those that do not (issue
//! 39: records written before its fixes, names the format does not allow, damaged files).

use std::path::{Path, PathBuf};

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::jass;

/// A record file kept from before the fixes of issue 39.
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The records `jass simulate ARGS --out -` writes, one per line.
fn simulate(args: &[&str]) -> Vec<Value> {
    let out = jass()
        .arg("simulate")
        .args(args)
        .args(["--out", "-"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn seats(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect()
}

#[test]
fn handjass_seat_lists_start_at_vorhand() {
    let mut lists = 0;
    for players in ["2", "3", "4", "5"] {
        let opt = format!("players={players}");
        for rec in simulate(&["-g", "handjass", "-o", &opt, "-n", "3", "--seed", "1"]) {
            for d in rec["deals"].as_array().unwrap() {
                // `active` is the table from Vorhand, which it must start with.
                let active = seats(&d["active"]);
                assert_eq!(active[0], d["vorhand"].as_u64().unwrap(), "{d}");
                for field in ["playing", "dropped", "bessern"] {
                    let list = seats(&d["result"][field]);
                    let from_vorhand: Vec<u64> = active
                        .iter()
                        .copied()
                        .filter(|s| list.contains(s))
                        .collect();
                    assert_eq!(list, from_vorhand, "deal {}: {field}", d["number"]);
                    lists += (list.len() > 1) as usize;
                }
            }
        }
    }
    assert!(lists > 50, "only {lists} lists of two seats or more");
}

#[test]
fn check_names_the_handjass_list_written_before_the_fix() {
    jass()
        .arg("check")
        .arg(data("handjass_before_issue39.json"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "record 1 (handjass): deal 1: result.playing is recorded as [1, 2, 0]; write [0, 1, 2]",
        ));
}

#[test]
fn coiffeur_forehand_is_the_seat_after_the_dealer() {
    for seed in ["1", "20"] {
        for rec in simulate(&["-g", "coiffeur", "-n", "4", "--seed", seed]) {
            for d in rec["deals"].as_array().unwrap() {
                let (dealer, forehand) = (d["dealer"].as_u64(), d["forehand"].as_u64());
                assert_eq!(forehand, dealer.map(|s| (s + 1) % 4), "deal {}", d["number"]);
            }
            // The first forehand holds the first_forehand card, H7.
            let first = &rec["deals"][0];
            let hand = &first["hands"][first["forehand"].as_u64().unwrap() as usize];
            assert!(hand.as_array().unwrap().contains(&"H7".into()), "{hand}");
        }
    }
}

#[test]
fn check_names_the_coiffeur_dealer_written_before_the_fix() {
    jass()
        .arg("check")
        .arg(data("coiffeur_before_issue39.json"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "record 1 (coiffeur): deal 1: dealer and forehand are recorded as seats 3 and 3, but by the rules seat 2 deals and seat 3 is forehand",
        ));
}

//! Records say what docs/records.md documents, and `jass check` finds those that do not (issue
//! 39: records written before its fixes, names the format does not allow, damaged files).

use std::path::{Path, PathBuf};

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{check_says, jass, stdout_of};

/// A record file kept from before the fixes of issue 39.
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The records `jass simulate ARGS --out -` writes, one per line.
fn simulate(args: &[&str]) -> Vec<Value> {
    let args = ["simulate"].iter().chain(args).chain(&["--out", "-"]);
    // One game is written pretty, more as JSON Lines.
    serde_json::Deserializer::from_slice(&stdout_of(args))
        .into_iter()
        .map(Result::unwrap)
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
    check_says(
        &data("handjass_before_issue39.json"),
        "record 1 (handjass): deal 1: result.playing is recorded as [1, 2, 0]; write [0, 1, 2]",
    );
}

#[test]
fn coiffeur_forehand_is_the_seat_after_the_dealer() {
    for seed in ["1", "20"] {
        for rec in simulate(&["-g", "coiffeur", "-n", "4", "--seed", seed]) {
            for d in rec["deals"].as_array().unwrap() {
                let (dealer, forehand) = (d["dealer"].as_u64(), d["forehand"].as_u64());
                assert_eq!(
                    forehand,
                    dealer.map(|s| (s + 1) % 4),
                    "deal {}",
                    d["number"]
                );
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
    check_says(
        &data("coiffeur_before_issue39.json"),
        "record 1 (coiffeur): deal 1: dealer and forehand are recorded as seats 3 and 3, but by the rules seat 2 deals and seat 3 is forehand",
    );
}

/// `record` written to `dir/name` as one line of JSON.
fn write(dir: &Path, name: &str, record: &Value) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, format!("{record}\n")).unwrap();
    file
}

#[test]
fn check_refuses_card_names_the_format_does_not_allow() {
    let dir = tempfile::tempdir().unwrap();
    let rec = simulate(&["-n", "1", "--seed", "4"]).remove(0);
    let card = rec["deals"][0]["hands"][0][0].as_str().unwrap().to_string();
    let (suit, rank) = card.split_at(1);
    let spellings = [
        card.to_lowercase(),
        format!(" {card}"),
        format!("{card} "),
        format!("{suit} {rank}"),
    ];
    for spelling in spellings {
        let mut bad = rec.clone();
        bad["deals"][0]["hands"][0][0] = spelling.as_str().into();
        check_says(
            &write(dir.path(), "bad.json", &bad),
            &format!("record 1 (line 1): card `{spelling}` at deals[0].hands[0][0] (deal 1) is not written as the format says: write `{card}`"),
        );
    }
    // A ten as T, in a trick: the same.
    let tricks = rec["deals"][0]["tricks"].as_array().unwrap();
    let (k, i, ten) = (0..tricks.len())
        .flat_map(|k| (0..4).map(move |i| (k, i)))
        .map(|(k, i)| (k, i, tricks[k]["cards"][i].as_str().unwrap()))
        .find(|(_, _, c)| c.ends_with("10"))
        .expect("a ten in the tricks of deal 1");
    let mut bad = rec.clone();
    let t = format!("{}T", &ten[..1]);
    bad["deals"][0]["tricks"][k]["cards"][i] = t.as_str().into();
    check_says(
        &write(dir.path(), "t.json", &bad),
        &format!("card `{t}` at deals[0].tricks[{k}].cards[{i}] (deal 1) is not written as the format says: write `{ten}`"),
    );
    // The record as written passes.
    jass()
        .arg("check")
        .arg(write(dir.path(), "good.json", &rec))
        .assert()
        .success();
}

/// Three Schieber records, each as one line of JSON.
fn three_lines() -> Vec<String> {
    let records = simulate(&["-n", "3", "--seed", "4"]);
    records.iter().map(Value::to_string).collect()
}

#[test]
fn check_reads_the_records_around_one_that_is_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let lines = three_lines();
    let mut bytes = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if i == 1 {
            // One byte that is never UTF-8, inside the first seat's name.
            let at = line.find("\"name\":\"random\"").unwrap() + 11;
            bytes.extend_from_slice(&line.as_bytes()[..at]);
            bytes.push(0xff);
            bytes.extend_from_slice(&line.as_bytes()[at..]);
        } else {
            bytes.extend_from_slice(line.as_bytes());
        }
        bytes.push(b'\n');
    }
    let file = dir.path().join("three.jsonl");
    std::fs::write(&file, bytes).unwrap();
    check_says(
        &file,
        "record 2 (line 2): not valid UTF-8: byte 0xff at line 2",
    );
    check_says(&file, "2 record(s) consistent, 1 with problems");
}

#[test]
fn check_reports_the_line_of_a_json_error_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let lines = three_lines();
    let broken = lines[2].replacen("\"format\"", "\"format\" x", 1);
    let file = dir.path().join("three.jsonl");
    std::fs::write(&file, format!("{}\n{}\n{broken}\n", lines[0], lines[1])).unwrap();
    check_says(
        &file,
        "record 3 (line 3): not valid JSON: expected `:` at line 3",
    );
}

#[test]
fn check_draws_the_handjass_ties_again_from_the_tie_seed() {
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for mut rec in simulate(&["-g", "handjass", "-n", "20", "--seed", "5"]) {
        let deals = rec["deals"].as_array().unwrap();
        let Some(i) = deals
            .iter()
            .position(|d| !d["result"]["tie_draws"].as_array().unwrap().is_empty())
        else {
            continue;
        };
        let deal = &mut rec["deals"][i];
        let seed = deal["tie_seed"].as_u64().unwrap();
        deal["tie_seed"] = (seed ^ 1).into();
        let file = write(dir.path(), "tie.json", &rec);
        check_says(
            &file,
            &format!("deal {}: result.tie_draws is recorded as", i + 1),
        );
        check_says(
            &file,
            &format!("but the pack of tie_seed {} gives", seed ^ 1),
        );
        checked += 1;
    }
    assert!(checked > 0, "no tie was drawn in 20 games");
}

#[test]
fn show_escapes_control_and_invisible_characters_in_names() {
    let dir = tempfile::tempdir().unwrap();
    let mut rec = simulate(&["-n", "1", "--seed", "4"]).remove(0);
    rec["seats"][0]["name"] = "red\u{1b}[31m".into();
    rec["seats"][1]["name"] = "two\r\nlines".into();
    rec["seats"][2]["name"] = "rule\u{200b}".into();
    rec["seats"][3]["name"] = "\u{202e}elur".into();
    let out = jass()
        .arg("show")
        .arg(write(dir.path(), "names.json", &rec))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first
            .contains(r"seats 0: red\u{1b}[31m, 1: two\r\nlines, 2: rule\u{200b}, 3: \u{202e}elur"),
        "{first}"
    );
    assert!(
        !text.contains(['\u{1b}', '\r', '\u{200b}', '\u{202e}']),
        "{text:?}"
    );
}

#[test]
fn player_names_with_invisible_characters_are_refused_and_quoted_escaped() {
    for (name, says) in [
        ("rule\u{200b}", r"unknown player `rule\u{200b}`"),
        ("random\u{1b}[2J", r"unknown player `random\u{1b}[2J`"),
        (
            "cmd:python3 bot.py \u{202e}",
            r"player holds a control or invisible character (\u{202e}, character 20",
        ),
    ] {
        let out = jass()
            .args(["simulate", "-n", "1", "--players", name, "--out", "-"])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{name:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{err}");
        assert!(!err.contains(['\u{1b}', '\u{200b}', '\u{202e}']), "{err:?}");
    }
}

#[test]
fn show_corrects_records_written_before_the_fixes() {
    for (file, says) in [
        ("handjass_before_issue39.json", "players=3"),
        (
            "coiffeur_before_issue39.json",
            "Deal 1 · dealer seat 2 · forehand seat 3",
        ),
    ] {
        jass()
            .arg("show")
            .arg(data(file))
            .assert()
            .success()
            .stdout(predicate::str::contains(says))
            .stderr(predicate::str::contains(
                "record 1: written by an engine before the fixes of issue 39, shown corrected",
            ));
    }
}

//! `jass import` / `jass export`: jass-kit game logs ↔ our records, both ways, on rounds jass-kit
//! itself played (tests/data/jasskit_logs.txt, written by tools/jasskit/gen_logs.py with jass-kit
//! 2.0.5; `.ci/run` checks that jass-kit still writes exactly this file) and on our own games.

use jass_table::Record;
use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::jass;

const LOG: &str = "tests/data/jasskit_logs.txt";
const DATE: &str = "01.08.20 12:00:00";

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn jasskit_logs_import_to_consistent_records_and_export_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("imported.jsonl");
    jass()
        .args(["import", LOG, "--out", records.to_str().unwrap()])
        .assert()
        .success()
        .stderr(predicate::str::contains("imported 40 round(s)"));
    // Every imported record re-plays through the engine.
    jass()
        .args(["check", records.to_str().unwrap()])
        .assert()
        .success();
    let text = std::fs::read_to_string(&records).unwrap();
    let recs: Vec<Record> = Record::read_all(&text)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(recs.len(), 40);
    for r in &recs {
        r.check().unwrap();
    }
    // Export gives back jass-kit's own entries (the date is not kept in a record: given here).
    let out = jass()
        .args(["export", records.to_str().unwrap(), "--date", DATE])
        .output()
        .unwrap();
    assert!(out.status.success());
    let original = lines(&std::fs::read_to_string(LOG).unwrap());
    let mut exported = lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(exported.len(), original.len());
    for (e, o) in exported.iter_mut().zip(&original) {
        e["date"] = o["date"].clone();
        assert_eq!(e, o);
    }
}

#[test]
fn our_games_export_and_import_back() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.jsonl");
    // Under jass-kit's rules every complete deal survives the round trip.
    jass()
        .args([
            "simulate",
            "-n",
            "3",
            "--seed",
            "5",
            "-o",
            "weis=none",
            "-o",
            "stoeck=false",
            "-o",
            "undenufe_eleven=six",
            "-o",
            "target=1500",
            "--players",
            "rule,random",
            "--out",
        ])
        .arg(&games)
        .assert()
        .success();
    let log = dir.path().join("log.txt");
    jass()
        .args(["export", games.to_str().unwrap(), "--date", DATE, "--out"])
        .arg(&log)
        .assert()
        .success();
    let back = jass().args(["import"]).arg(&log).output().unwrap();
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    let imported: Vec<Record> = Record::read_all(&String::from_utf8(back.stdout).unwrap())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let ours: Vec<Record> = Record::read_all(&std::fs::read_to_string(&games).unwrap())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let mut deals = Vec::new();
    for r in &ours {
        let Record::Schieber(r) = r else { panic!() };
        deals.extend(r.deals.iter().filter(|d| d.tricks.len() == 9).cloned());
    }
    assert_eq!(imported.len(), deals.len());
    for (i, d) in imported.iter().zip(&deals) {
        let Record::Schieber(i) = i else { panic!() };
        let got = &i.deals[0];
        assert_eq!(got.hands, d.hands);
        assert_eq!(got.start.forehand, d.start.forehand);
        assert_eq!(got.settled.contract, d.settled.contract);
        assert_eq!(got.settled.schoben, d.settled.schoben);
        assert_eq!(got.actions, d.actions);
        assert_eq!(got.tricks, d.tricks);
        assert_eq!(got.result.card_points, d.result.card_points);
    }

    // Under our default rules (Weis, Stöck) the export says what it leaves out.
    let plain = dir.path().join("plain.json");
    jass()
        .args(["simulate", "--seed", "2", "--out"])
        .arg(&plain)
        .assert()
        .success();
    jass()
        .args(["export", plain.to_str().unwrap(), "--date", DATE])
        .assert()
        .success()
        .stderr(predicate::str::contains("Weis and Stöck have no place"));

    // Under our default Undenufe (the ace counts 11) the export recounts Undenufe tricks as
    // jass-kit counts them (the six 11), so that the log imports again: same cards, same
    // winners, 157 points a deal.
    let aces = dir.path().join("aces.jsonl");
    jass()
        .args([
            "simulate",
            "-n",
            "6",
            "--seed",
            "4",
            "--players",
            "rule",
            "--out",
        ])
        .arg(&aces)
        .assert()
        .success();
    let log = dir.path().join("aces.txt");
    jass()
        .args(["export", aces.to_str().unwrap(), "--date", DATE, "--out"])
        .arg(&log)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "Undenufe recounted with the six as 11",
        ));
    let back = jass().args(["import"]).arg(&log).output().unwrap();
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    let mut deals = Vec::new();
    for r in Record::read_all(&std::fs::read_to_string(&aces).unwrap()) {
        let Ok(Record::Schieber(r)) = r else { panic!() };
        deals.extend(r.deals.into_iter().filter(|d| {
            d.tricks.len() == 9
                && !(d.settled.schoben && d.settled.chooser == Some(d.start.forehand))
        }));
    }
    let imported: Vec<Record> = Record::read_all(&String::from_utf8(back.stdout).unwrap())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(imported.len(), deals.len());
    let mut undenufe = 0;
    for (i, d) in imported.iter().zip(&deals) {
        let Record::Schieber(i) = i else { panic!() };
        let got = &i.deals[0];
        assert_eq!(got.settled.contract, d.settled.contract);
        // (Weis and Stöck have no place in the log.)
        let cards = |ts: &[jass_core::record::TrickRecord]| {
            ts.iter().map(|t| t.cards.clone()).collect::<Vec<_>>()
        };
        assert_eq!(cards(&got.tricks), cards(&d.tricks));
        let total: u32 = got.tricks.iter().map(|t| t.points).sum();
        assert_eq!(total, 157);
        let winners =
            |ts: &[jass_core::record::TrickRecord]| ts.iter().map(|t| t.winner).collect::<Vec<_>>();
        assert_eq!(winners(&got.tricks), winners(&d.tricks));
        if got.settled.contract.map(|c| c.mode()) == Some(jass_core::Mode::Undenufe) {
            undenufe += 1;
            // The six's trick gains 11, the ace's loses 11 (unless the same trick holds both).
            assert_ne!(got.tricks, d.tricks);
        } else {
            assert_eq!(got.tricks, d.tricks);
        }
    }
    assert!(undenufe > 0, "no Undenufe deal among {} deals", deals.len());
}

#[test]
fn malformed_logs_name_the_entry_and_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let original = std::fs::read_to_string(LOG).unwrap();
    let mut entries: Vec<&str> = original.lines().take(3).collect();
    let broken = entries[1].replacen("\"trump\":", "\"trump\":9,\"x\":", 1);
    entries[1] = &broken;
    entries.push("{\"date\": \"01.08.20 12:00:00\"}");
    entries.push("not json at all");
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, entries.join("\n")).unwrap();
    jass()
        .args(["import"])
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("entry 2: `game.trump` is 9"))
        .stderr(predicate::str::contains("entry 4: no `game` field"))
        .stderr(predicate::str::contains("entry 5: not valid JSON"))
        .stderr(predicate::str::contains("imported 2 round(s)"));
    jass()
        .args(["export", LOG])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("record 1"));
    jass()
        .args(["export", LOG, "--date", "yesterday"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("DD.MM.YY HH:MM:SS"));
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "\n").unwrap();
    jass()
        .args(["import"])
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is empty"));
    jass()
        .args(["export"])
        .arg(&empty)
        .args(["--date", DATE])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds no records"));
    // The input as --out: refused, the file untouched.
    let own = dir.path().join("own.txt");
    std::fs::copy(LOG, &own).unwrap();
    for cmd in ["import", "export"] {
        jass()
            .args([cmd, own.to_str().unwrap(), "--out", own.to_str().unwrap()])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is the input file"));
        assert_eq!(std::fs::read_to_string(&own).unwrap(), original);
    }
    jass()
        .args(["import", "/no/such/log"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read /no/such/log"));
}

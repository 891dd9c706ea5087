//! The command line for each game and its options: simulate, check, show and options, game by
//! game (Schieber's own round trip is in `cli.rs`), a tampered record reported, and broken
//! records shown around. One test binary for all games: each binary costs CI a link.

use std::path::{Path, PathBuf};

use predicates::prelude::*;
use predicates::str::contains;

mod common;
use common::{assert_consistent, jass};

/// `jass simulate ARGS --out DIR/NAME` succeeds saying `says` and `jass check` accepts its
/// `records` records; the file.
fn simulate_consistent(
    dir: &Path,
    name: &str,
    args: &[&str],
    says: &str,
    records: usize,
) -> PathBuf {
    let out = dir.join(name);
    jass()
        .arg("simulate")
        .args(args)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stdout(contains(says.to_string()));
    assert_consistent(&out, records);
    out
}

/// `jass show FILE ARGS` succeeds and prints every one of `says`.
fn show_says(file: &Path, args: &[&str], says: &[&str]) {
    let out = jass().arg("show").arg(file).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for s in says {
        assert!(text.contains(s), "`jass show` does not say {s:?}:\n{text}");
    }
}

/// `jass options GAME` lists every one of `says`.
fn options_say(game: &str, says: &[&str]) {
    let out = jass().args(["options", game]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for s in says {
        assert!(
            text.contains(s),
            "`jass options {game}` does not say {s:?}:\n{text}"
        );
    }
}

/// `jass simulate ARGS` is refused, naming `says` in its error.
fn simulate_refuses(args: &[&str], says: &str) {
    jass()
        .arg("simulate")
        .args(args)
        .assert()
        .failure()
        .stderr(contains(says.to_string()));
}

/// The first record of `file` with `edit` applied, written alone to DIR/bad.json, fails `jass
/// check` (exit code 1) saying `says`.
fn tampered_fails(dir: &Path, file: &Path, edit: impl FnOnce(&mut serde_json::Value), says: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    edit(&mut record);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, record.to_string()).unwrap();
    jass()
        .arg("check")
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(contains(says.to_string()).and(contains("with problems")));
}

#[test]
fn sidi_barrani_simulate_check_show_options() {
    let dir = tempfile::tempdir().unwrap();
    let out = simulate_consistent(
        dir.path(),
        "sidi.jsonl",
        &["-g", "sidi-barrani", "-n", "4", "--seed", "3"],
        "4 game(s) of sidi-barrani",
        4,
    );
    show_says(
        &out,
        &["--game", "2", "--hands"],
        &["Sidi Barrani · ", "target=2000"],
    );
    options_say("sidi", &["doubling = \"next-call\""]);
    simulate_refuses(&["-g", "sidi", "-o", "bid_step=7"], "bid_step");
    // A deal's verdict turned round.
    tampered_fails(
        dir.path(),
        &out,
        |record| {
            let made = &mut record["deals"][0]["result"]["made"];
            *made = serde_json::Value::Bool(!made.as_bool().unwrap());
        },
        "deal 1",
    );
}

#[test]
fn coiffeur_simulate_check_show_options() {
    let dir = tempfile::tempdir().unwrap();
    let out = simulate_consistent(
        dir.path(),
        "c.json",
        &["-g", "coiffeur", "--seed", "4", "-o", "misere=true"],
        "deals: 14",
        1,
    );
    show_says(&out, &[], &["Coiffeur", "Game over"]);
    options_say("coiffeur", &["multipliers"]);
}

#[test]
fn differenzler_simulate_check_show_options() {
    let dir = tempfile::tempdir().unwrap();
    let out = simulate_consistent(
        dir.path(),
        "d.jsonl",
        &["-g", "differenzler", "-n", "3", "--seed", "3"],
        "deals: 36 (12.0 per game)",
        3,
    );
    show_says(
        &out,
        &["--game", "2", "--hands", "--cards", "french"],
        &[
            "Differenzler · 12 deals",
            "announce ",
            "forecast",
            "Game over",
        ],
    );
    // Options: listed with their defaults, given with -o, wrong ones named.
    options_say(
        "differenzler",
        &["trump = \"turned\"", "announcements = \"hidden\""],
    );
    let open = simulate_consistent(
        dir.path(),
        "open.json",
        &[
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
            "-o",
            "weis=true",
            "-o",
            "stoeck=true",
            "-o",
            "deals=4",
        ],
        "deals: 4",
        1,
    );
    jass()
        .arg("show")
        .arg(&open)
        .assert()
        .success()
        // Forehand chose the trump (trump=chosen): its choice among the actions.
        .stdout(predicates::str::is_match(r"seat \d: (Trumpf|Obenabe|Undenufe)").unwrap());
    simulate_refuses(&["-g", "differenzler", "-o", "trump=dealer"], "trump");
    simulate_refuses(&["-g", "differenzler", "-o", "deals=0"], "deals");
    tampered_fails(
        dir.path(),
        &out,
        |record| {
            let penalty = &mut record["deals"][0]["result"]["penalty"][0];
            *penalty = (penalty.as_i64().unwrap() + 1).into();
        },
        "deal 1",
    );
}

#[test]
fn handjass_for_every_number_of_players_and_preset() {
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
        let mut args = vec!["-g", "handjass", "-n", "3", "--seed", "5"];
        args.extend_from_slice(extra);
        let file = simulate_consistent(
            dir.path(),
            &format!("hj{i}.jsonl"),
            &args,
            "3 game(s) of handjass, seed 5",
            3,
        );
        show_says(
            &file,
            &["--hands", "--cards", "french", "--game", "1"],
            &["Handjass · ", "Deal 1", "Game over"],
        );
    }
    options_say(
        "handjass",
        &[
            "threshold = 26",
            "preset",
            "docs/handjass.md",
            "last_trick_bonus",
            "sack_window",
            "draw-always",
        ],
    );
    simulate_refuses(&["-g", "handjass", "-o", "players=7"], "2 to 5 players");
    simulate_refuses(&["-g", "handjass", "-o", "preset=nope"], "unknown preset");
    simulate_refuses(&["-g", "handjass", "-o", "tie=coin"], "tie");
    tampered_fails(
        dir.path(),
        &dir.path().join("hj1.jsonl"),
        |record| record["deals"][0]["result"]["slate"][0] = serde_json::json!(99),
        "deal 1",
    );
}

#[test]
fn schieber_with_misere_and_slalom() {
    let dir = tempfile::tempdir().unwrap();
    let out = simulate_consistent(
        dir.path(),
        "s.jsonl",
        &[
            "-n",
            "3",
            "--seed",
            "5",
            "-o",
            "misere=true",
            "-o",
            "slalom=true",
        ],
        "3 game(s) of schieber",
        3,
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("\"contract\":\"slalom") && text.contains("\"contract\":\"misere\""),
        "random players choose both"
    );
    show_says(&out, &["--game", "1"], &["Slalom ("]);
    // The rule players too.
    jass()
        .args(["simulate", "-n", "2", "--seed", "5", "--players", "rule"])
        .args(["-o", "misere=true", "-o", "slalom=true"])
        .assert()
        .success();
    options_say("schieber", &["slalom = false"]);
}

#[test]
fn coiffeur_with_the_slalom_row() {
    let dir = tempfile::tempdir().unwrap();
    let out = simulate_consistent(
        dir.path(),
        "c.json",
        &[
            "-g",
            "coiffeur",
            "--seed",
            "4",
            "-o",
            "misere=true",
            "-o",
            "slalom=true",
        ],
        "deals: 16",
        1,
    );
    show_says(&out, &[], &["slalom=true", "×7 in the Slalom"]);
    options_say("coiffeur", &["slalom"]);
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

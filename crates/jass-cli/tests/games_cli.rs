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

/// `command` succeeds and prints every one of `says`.
fn prints(mut command: assert_cmd::Command, says: &[&str]) {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for s in says {
        assert!(
            text.contains(s),
            "{command:?} does not print {s:?}:\n{text}"
        );
    }
}

/// `jass show FILE ARGS` succeeds and prints every one of `says`.
fn show_says(file: &Path, args: &[&str], says: &[&str]) {
    let mut show = jass();
    show.arg("show").arg(file).args(args);
    prints(show, says);
}

/// `jass options GAME` lists every one of `says`.
fn options_say(game: &str, says: &[&str]) {
    let mut options = jass();
    options.args(["options", game]);
    prints(options, says);
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

/// One game's round trip: `jass simulate ARGS` (split at spaces) saying `says` with `records`
/// records that `jass check` accepts, `jass show FILE SHOW` printing each of `shown`, and `jass
/// options GAME` listing each of `options`.
struct RoundTrip {
    file: &'static str,
    simulate: &'static str,
    says: &'static str,
    records: usize,
    show: &'static str,
    shown: &'static [&'static str],
    game: &'static str,
    options: &'static [&'static str],
}

const ROUND_TRIPS: [RoundTrip; 6] = [
    RoundTrip {
        file: "sidi.jsonl",
        simulate: "-g sidi-barrani -n 4 --seed 3",
        says: "4 game(s) of sidi-barrani",
        records: 4,
        show: "--game 2 --hands",
        shown: &["Sidi Barrani · ", "target=2000"],
        game: "sidi",
        options: &["doubling = \"next-call\""],
    },
    RoundTrip {
        file: "coiffeur.json",
        simulate: "-g coiffeur --seed 4 -o misere=true",
        says: "deals: 14",
        records: 1,
        show: "",
        shown: &["Coiffeur", "Game over"],
        game: "coiffeur",
        options: &["multipliers"],
    },
    RoundTrip {
        file: "coiffeur-slalom.json",
        simulate: "-g coiffeur --seed 4 -o misere=true -o slalom=true",
        says: "deals: 16",
        records: 1,
        show: "",
        shown: &["slalom=true", "×7 in the Slalom"],
        game: "coiffeur",
        options: &["slalom"],
    },
    RoundTrip {
        file: "differenzler.jsonl",
        simulate: "-g differenzler -n 3 --seed 3",
        says: "deals: 48 (16.0 per game)",
        records: 3,
        show: "--game 2 --hands --cards french",
        shown: &[
            "Differenzler · 16 deals",
            "announce ",
            "forecast",
            "Game over",
        ],
        game: "differenzler",
        options: &["trump = \"turned\"", "announcements = \"hidden\""],
    },
    RoundTrip {
        file: "differenzler-open.json",
        simulate: "-g differenzler --seed 9 -o announcements=open -o trump=chosen \
                   -o obenabe_undenufe=true -o weis=true -o stoeck=true -o deals=4",
        says: "deals: 4",
        records: 1,
        show: "",
        // Forehand chose the trump (trump=chosen): its choice among the actions.
        shown: &["Game over"],
        game: "differenzler",
        options: &["weis", "stoeck"],
    },
    RoundTrip {
        file: "schieber-slalom.jsonl",
        simulate: "-n 3 --seed 5 -o misere=true -o slalom=true",
        says: "3 game(s) of schieber",
        records: 3,
        show: "--game 1",
        shown: &["Slalom ("],
        game: "schieber",
        options: &["slalom = false"],
    },
];

/// Each game's round trip; the file of each.
fn round_trips(dir: &Path) -> Vec<PathBuf> {
    ROUND_TRIPS
        .iter()
        .map(|t| {
            let args: Vec<&str> = t.simulate.split_whitespace().collect();
            let out = simulate_consistent(dir, t.file, &args, t.says, t.records);
            let show: Vec<&str> = t.show.split_whitespace().collect();
            show_says(&out, &show, t.shown);
            options_say(t.game, t.options);
            out
        })
        .collect()
}

#[test]
fn every_game_simulates_checks_shows_and_lists_its_options() {
    let dir = tempfile::tempdir().unwrap();
    let files = round_trips(dir.path());
    // Forehand chose the trump in the Differenzler game with trump=chosen.
    jass()
        .arg("show")
        .arg(&files[4])
        .assert()
        .success()
        .stdout(predicates::str::is_match(r"seat \d: (Trumpf|Obenabe|Undenufe)").unwrap());
    // The random players choose both Slalom and Misère in Schieber.
    let text = std::fs::read_to_string(&files[5]).unwrap();
    assert!(text.contains("\"contract\":\"slalom") && text.contains("\"contract\":\"misere\""));
    // A deal's verdict turned round (Sidi Barrani), a penalty changed (Differenzler).
    tampered_fails(
        dir.path(),
        &files[0],
        |record| {
            let made = &mut record["deals"][0]["result"]["made"];
            *made = serde_json::Value::Bool(!made.as_bool().unwrap());
        },
        "deal 1",
    );
    tampered_fails(
        dir.path(),
        &files[3],
        |record| {
            let penalty = &mut record["deals"][0]["result"]["penalty"][0];
            *penalty = (penalty.as_i64().unwrap() + 1).into();
        },
        "deal 1",
    );
    // The rule players play Slalom and Misère too.
    jass()
        .args(["simulate", "-n", "2", "--seed", "5", "--players", "rule"])
        .args(["-o", "misere=true", "-o", "slalom=true"])
        .assert()
        .success();
}

#[test]
fn wrong_options_are_named() {
    for (args, says) in [
        ("-g sidi -o bid_step=7", "bid_step"),
        ("-g differenzler -o trump=dealer", "trump"),
        ("-g differenzler -o deals=0", "deals"),
        ("-g handjass -o players=7", "2 to 5 players"),
        ("-g handjass -o preset=nope", "unknown preset"),
        ("-g handjass -o tie=coin", "tie"),
    ] {
        simulate_refuses(&args.split_whitespace().collect::<Vec<_>>(), says);
    }
}

#[test]
fn handjass_for_every_number_of_players_and_preset() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        "-o players=2",
        "-o players=3",
        "-o players=4",
        "-o players=5 -o preset=004",
        "-o preset=parlett",
        "-o preset=004-twelve -o players=3",
        "-o players=3 -o small_deal=bessern -o tie=abeyance",
        "-o players=2 -o tie=draw-always -o last_trick_bonus=0",
        "-o preset=parlett -o sack_window=until-cancelled",
    ];
    for (i, extra) in cases.iter().enumerate() {
        let mut args = vec!["-g", "handjass", "-n", "3", "--seed", "5"];
        args.extend(extra.split_whitespace());
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
    tampered_fails(
        dir.path(),
        &dir.path().join("hj1.jsonl"),
        |record| record["deals"][0]["result"]["slate"][0] = serde_json::json!(99),
        "deal 1",
    );
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

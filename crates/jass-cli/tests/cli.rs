//! The `jass` command end to end: simulate writes records that check and show; wrong input gets a
//! clear message and a non-zero exit, never a panic.

use predicates::prelude::*;

mod common;
use common::{jass, solve_json};

#[test]
fn simulate_check_show_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    jass()
        .args([
            "simulate",
            "--games",
            "5",
            "--seed",
            "7",
            "-o",
            "target=1500",
            "-o",
            "weis=large",
            "--out",
        ])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("5 game(s) of schieber, seed 7"));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 5);
    jass()
        .arg("check")
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "5 record(s) consistent, 0 with problems",
        ));
    jass()
        .args(["show", "--cards", "french", "--game", "2", "--hands"])
        .arg(&file)
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Deal 1")
                .and(predicate::str::contains("Game over"))
                .and(predicate::str::contains("hand 0:")),
        );
    jass().arg("show").arg(&file).assert().success().stdout(
        predicate::str::contains("Schieber · ").and(predicate::str::contains("target=1500")),
    );
}

#[test]
fn show_speaks_german_by_flag_or_locale_and_refuses_an_unknown_language() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    jass()
        .args(["simulate", "--seed", "4", "-o", "target=500", "--out"])
        .arg(&file)
        .assert()
        .success();
    let german = || {
        predicate::str::contains("Runde 1 · Geber Platz")
            .and(predicate::str::contains("Stich 1 (Platz"))
            .and(predicate::str::contains("Kartenpunkte"))
            .and(predicate::str::contains("Spiel vorbei: Sieger: Plätze"))
            .and(predicate::str::contains("Deal 1").not())
    };
    jass()
        .args(["show", "--lang", "de"])
        .arg(&file)
        .assert()
        .success()
        .stdout(german());
    jass()
        .arg("show")
        .arg(&file)
        .env("LC_ALL", "de_CH.UTF-8")
        .assert()
        .success()
        .stdout(german());
    // The flag wins over the locale; English is the default.
    for env in ["de_CH.UTF-8", "C"] {
        jass()
            .args(["show", "--lang", "en"])
            .arg(&file)
            .env("LC_ALL", env)
            .assert()
            .success()
            .stdout(
                predicate::str::contains("Deal 1 · dealer seat")
                    .and(predicate::str::contains("Game over: Won by")),
            );
    }
    jass()
        .args(["show", "--lang", "fr"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no phrase book for `fr`: the languages are en, de",
        ));
    jass()
        .args(["play", "--lang", "xx"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no phrase book for `xx`"));
}

#[test]
fn the_same_seed_gives_the_same_games() {
    let a = jass()
        .args(["simulate", "-n", "2", "--seed", "3", "--out", "-"])
        .output()
        .unwrap();
    let b = jass()
        .args(["simulate", "-n", "2", "--seed", "3", "--out", "-"])
        .output()
        .unwrap();
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert!(!a.stdout.is_empty());
}

#[test]
fn check_reports_a_tampered_record_with_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.json");
    jass()
        .args(["simulate", "--seed", "9", "--out"])
        .arg(&file)
        .assert()
        .success();
    let text = std::fs::read_to_string(&file).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["deals"][0]["result"]["card_points"][0] = serde_json::json!(999);
    std::fs::write(&file, serde_json::to_string(&v).unwrap()).unwrap();
    jass()
        .arg("check")
        .arg(&file)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("deal 1: result"));
}

#[test]
fn wrong_input_is_explained() {
    jass()
        .args(["simulate", "-g", "poker"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown game `poker`"));
    jass()
        .args(["simulate", "-o", "targt=100"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown field `targt`"));
    jass()
        .args(["simulate", "-o", "weis=huge"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("weis"));
    jass()
        .args(["simulate", "-o", "target"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("key=value"));
    jass()
        .args(["simulate", "-o", "multipliers=double"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown multipliers"));
    jass()
        .args(["simulate", "--players", "random,genius"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("players"));
    jass()
        .args(["check", "/nonexistent/file.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"game\":\"schieber\",\"format\":\"jass-record\"").unwrap();
    jass()
        .arg("check")
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("not valid JSON"));
    std::fs::write(&bad, "{\"game\":\"jassopoly\"}").unwrap();
    jass()
        .arg("check")
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("unknown game `jassopoly`"));
    std::fs::write(
        &bad,
        "{\"game\":\"schieber\",\"deals\":[{\"hands\":[[\"H5\"]]}]}",
    )
    .unwrap();
    jass()
        .arg("show")
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a valid schieber record"));
}

#[test]
fn bench_prints_json() {
    let out = jass()
        .args([
            "bench",
            "--deals",
            "2000",
            "--no-weis-deals",
            "2000",
            "--legal",
            "100000",
            "--solver-positions",
            "3",
            "--solver-deals",
            "1",
            "--solver-chosen-deals",
            "1",
            "--sampling-deals",
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["schieber_random_deals_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["legal_card_generations_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(v["schieber_deals_checksum"].as_str().unwrap().len(), 16);
    assert!(
        v["schieber_random_deals_no_weis_per_second"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert_eq!(
        v["schieber_deals_no_weis_checksum"].as_str().unwrap().len(),
        16
    );
    assert!(v["solver_24_cards_median_ms"].as_f64().unwrap() > 0.0);
    assert!(v["solver_24_cards_mean_nodes"].as_u64().unwrap() > 0);
    // The first bench deal (Diamonds) is solved well within the node cap.
    assert_eq!(v["solver_whole_deals"], 1);
    assert_eq!(v["solver_whole_deals_over_node_cap"], 0);
    assert!(v["solver_whole_deal_median_ms"].as_f64().unwrap() > 0.0);
    // The first deal in the mode its leader's hand is best for (Diamonds, 0.55 M nodes) is
    // solved within the cap, and its nodes are the median's.
    assert_eq!(v["solver_chosen_deals"], 1);
    assert_eq!(v["solver_chosen_deals_over_node_cap"], 0);
    assert!(v["solver_chosen_deal_median_ms"].as_f64().unwrap() > 0.0);
    assert!(v["solver_chosen_deal_ns_per_node"].as_f64().unwrap() > 0.0);
    assert!(v["solver_chosen_deal_median_nodes"].as_u64().unwrap() > 0);
    // Issue 42's figures: with one deal solved, it is the p99 and the longest, and none is
    // listed as not solved.
    assert_eq!(v["solver_chosen_deal_node_cap"], 20_000_000);
    assert_eq!(
        v["solver_chosen_deal_p99_ms"],
        v["solver_chosen_deal_median_ms"]
    );
    assert_eq!(
        v["solver_chosen_deal_max_ms"],
        v["solver_chosen_deal_median_ms"]
    );
    let longest = &v["solver_chosen_deal_longest"];
    assert_eq!((&longest["seed"], &longest["deal"]), (&1.into(), &0.into()));
    assert_eq!(longest["nodes"], v["solver_chosen_deal_median_nodes"]);
    assert_eq!(v["solver_chosen_deals_unsolved"], serde_json::json!([]));
    // The sampling player's time per card over its card decisions with a choice.
    assert_eq!(v["sampling_schieber_deals"], 2);
    assert!(v["sampling_schieber_card_decisions"].as_u64().unwrap() >= 2);
    let ms = |k: &str| v[k].as_f64().unwrap();
    assert!(ms("sampling_schieber_card_mean_ms") > 0.0);
    assert!(ms("sampling_schieber_card_median_ms") <= ms("sampling_schieber_card_max_ms"));
    assert!(ms("sampling_schieber_card_p99_ms") <= ms("sampling_schieber_card_max_ms"));
}

/// `jass bench` plays exactly the counts asked for, and a figure it did not measure is null,
/// never a 0 that reads as a measurement.
#[test]
fn bench_counts_are_exact_and_unmeasured_figures_are_null() {
    let bench = |args: &[&str]| -> serde_json::Value {
        let out = jass().arg("bench").args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let zero = [
        "--deals",
        "0",
        "--no-weis-deals",
        "0",
        "--legal",
        "0",
        "--solver-positions",
        "0",
        "--solver-deals",
        "0",
        "--solver-chosen-deals",
        "0",
        "--sampling-deals",
        "0",
    ];
    let v = bench(&zero);
    for k in [
        "schieber_random_deals_per_second",
        "schieber_deals_checksum",
        "schieber_random_deals_no_weis_per_second",
        "schieber_deals_no_weis_checksum",
        "legal_card_generations_per_second",
        "solver_24_cards_median_ms",
        "solver_24_cards_p90_ms",
        "solver_24_cards_mean_nodes",
        "solver_whole_deal_median_ms",
        "solver_whole_deal_mean_nodes",
        "solver_chosen_deal_median_ms",
        "solver_chosen_deal_median_nodes",
        "solver_chosen_deal_ns_per_node",
        "solver_chosen_deal_p99_ms",
        "solver_chosen_deal_max_ms",
        "solver_chosen_deal_longest",
        "solver_checksum",
        "sampling_schieber_card_mean_ms",
        "sampling_schieber_card_median_ms",
    ] {
        assert!(v[k].is_null(), "{k} = {} with nothing measured", v[k]);
    }
    assert_eq!(v["schieber_random_deals"], 0);
    assert_eq!(v["schieber_random_deals_no_weis"], 0);
    // A deal over the node cap is listed as not solved, and no figure falls on it as a time.
    let mut capped = zero.to_vec();
    capped[11] = "1";
    capped.extend(["--solver-node-cap", "1000"]);
    let v = bench(&capped);
    assert_eq!(v["solver_chosen_deals_over_node_cap"], 1);
    assert_eq!(
        v["solver_chosen_deals_unsolved"],
        serde_json::json!([{"seed": 1, "deal": 0, "mode": "D"}])
    );
    for k in [
        "solver_chosen_deal_median_ms",
        "solver_chosen_deal_p99_ms",
        "solver_chosen_deal_longest",
    ] {
        assert!(v[k].is_null(), "{k} = {} with no deal solved", v[k]);
    }
    let mut seven = zero;
    seven[1] = "7";
    seven[3] = "9";
    let v = bench(&seven);
    assert_eq!(v["schieber_random_deals"], 7);
    assert!(v["schieber_random_deals_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(v["schieber_random_deals_no_weis"], 9);
    assert!(
        v["schieber_random_deals_no_weis_per_second"]
            .as_f64()
            .unwrap()
            > 0.0
    );
}

#[test]
fn options_lists_every_option() {
    jass()
        .args(["options", "schieber"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("target = 3000")
                .and(predicate::str::contains("zurueckschieben = false"))
                // Options records write only when set are listed too.
                .and(predicate::str::contains("first_lead = \"forehand\""))
                .and(predicate::str::contains("schneider_line = null")),
        );
}

#[test]
fn solve_values_every_legal_card_of_a_record_position() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.json");
    jass()
        .args(["simulate", "--seed", "5", "--players", "rule", "--out"])
        .arg(&file)
        .assert()
        .success();
    let v = solve_json([
        "--deal",
        "1",
        "--cards",
        "20",
        "--record",
        file.to_str().unwrap(),
    ]);
    assert_eq!(v["cards_left"], 16);
    let values = v["values"].as_array().unwrap();
    assert!(!values.is_empty());
    let best = values
        .iter()
        .map(|x| x["value"].as_u64().unwrap())
        .max()
        .unwrap();
    assert_eq!(v["best"]["value"].as_u64().unwrap(), best);
    // A node cap: the first card of the deal gives up after 500 nodes (exit 1), the position
    // with 16 cards left is solved within 10 million and has the same values.
    jass()
        .args([
            "solve",
            "--deal",
            "1",
            "--cards",
            "0",
            "--max-nodes",
            "500",
            "--record",
        ])
        .arg(&file)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("gave up after"));
    let capped = jass()
        .args([
            "solve",
            "--deal",
            "1",
            "--cards",
            "20",
            "--json",
            "--max-nodes",
            "10000000",
            "--record",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(capped.status.success());
    let w: serde_json::Value = serde_json::from_slice(&capped.stdout).unwrap();
    assert_eq!(w["values"], v["values"]);
    jass()
        .args(["solve", "--deal", "1", "--cards", "99", "--record"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--cards 99"));
    jass()
        .args(["solve", "--hands", "HA|SA"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("four hands"));
}

/// `jass solve --trump misere` (004: Obenabe, the trick points go to the other team): seat 0
/// holds the three top cards of Rosen, Schilten and Eicheln and takes every trick whatever it
/// leads, so in Misère its team is credited nothing for any card (in Obenabe each is worth the
/// Match, 257); seat 1 with all nine Schellen likewise. The race is refused in Misère. In a
/// Slalom seat 1, on lead, takes every trick in either direction (nobody else holds a Schellen):
/// every card is worth the Match, 257.
#[test]
fn solve_plays_misere_for_the_other_teams_points() {
    let hands = "HA HK HQ SA SK SQ CA CK CQ | D6 D7 D8 D9 D10 DJ DQ DK DA | \
                 HJ H10 H9 H8 H7 H6 SJ S10 S9 | S8 S7 S6 CJ C10 C9 C8 C7 C6";
    let values = |trump: &str, leader: &str| {
        solve_json(["--hands", hands, "--trump", trump, "--leader", leader])
    };
    for leader in ["0", "1"] {
        let v = values("misere", leader);
        assert_eq!(v["misere"], true);
        let cards = v["values"].as_array().unwrap();
        assert_eq!(cards.len(), 9);
        assert!(cards.iter().all(|c| c["value"] == 0), "{v}");
        let o = values("obenabe", leader);
        assert_eq!(o["misere"], false);
        assert!(
            o["values"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c["value"] == 257),
            "{o}"
        );
    }
    jass()
        .args([
            "solve", "--hands", hands, "--trump", "misere", "--race", "20,20",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "leave --race out for a Misère deal",
        ));
    for (trump, mode) in [("slalom", "obenabe"), ("slalom-undenufe", "undenufe")] {
        let v = values(trump, "1");
        assert_eq!(
            (v["slalom"].clone(), v["mode"].clone()),
            (true.into(), mode.into())
        );
        let cards = v["values"].as_array().unwrap();
        assert_eq!(cards.len(), 9);
        assert!(cards.iter().all(|c| c["value"] == 257), "{v}");
    }
}

/// `jass solve --race NEED,OTHER`: the worked example of the solver's race tests, reached from a
/// whole deal (Clubs trump; after seven tricks seat 3 leads with D10 and CJ; team 1 needs 21,
/// team 0 needs 10). D10 brings team 1 more points (39) but gives team 0 the next trick and the
/// game; the Puur takes 34 at once.
#[test]
fn solve_shows_the_race_to_the_target() {
    let args = |race: &str, json: bool| {
        let mut a: Vec<String> = [
            "solve",
            "--hands",
            "DJ H7 H8 HJ HK S8 S10 SJ CQ|D7 D8 DQ H6 HA S6 SQ C7 CK|D9 DK HQ S7 S9 SK SA C9 CA|D6 D10 DA H9 H10 C6 C8 C10 CJ",
            "--trump",
            "C",
            "--played",
            "HJ C7 CA H10 SA H9 S8 CK H6 C9 D6 H8 S7 DA CQ SQ S10 S6 S9 C10 C6 SJ D8 SK C8 DJ D7 D9",
            "--race",
            race,
        ]
        .map(String::from)
        .to_vec();
        if json {
            a.push("--json".into());
        }
        a
    };
    jass()
        .args(args("21,10", false))
        .assert()
        .success()
        .stdout(predicate::str::contains("D10   39  loses the race"))
        .stdout(predicate::str::contains("CJ   34  wins the race"));
    let out = jass().args(args("21,10", true)).output().unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["race"]["wins"], serde_json::json!(["CJ"]));
    assert_eq!(v["race"]["loses"], serde_json::json!(["D10"]));
    // If team 0 needed 25, no first trick brings it that much: both cards win for team 1.
    let out = jass().args(args("21,25", true)).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["race"]["wins"], serde_json::json!(["D10", "CJ"]));
    jass()
        .args(args("21", false))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("e.g. --race 40,25"));
    jass()
        .args(args("21,0", false))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a positive number"));
}

#[test]
fn players_per_team_and_the_sampling_player() {
    jass()
        .args([
            "simulate",
            "-n",
            "3",
            "--seed",
            "2",
            "--players",
            "rule,random",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("players rule,random"));
    jass()
        .args([
            "simulate",
            "-n",
            "1",
            "--seed",
            "2",
            "--players",
            "sampling,rule",
        ])
        .assert()
        .success();
    jass()
        .args(["arena", "sampling", "random", "-n", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("point share of sampling"));
    jass()
        .args(["simulate", "--players", "a,b,c"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("one per team"));
}

#[cfg(unix)]
#[test]
fn a_bot_that_closes_its_input_is_replaced_and_the_run_goes_on() {
    // `true` exits at once: the engine's first write to it meets a closed pipe. The fallback
    // plays its seat (docs/protocol.md), the game ends and its record checks; SIGPIPE must not
    // end the run (it did, with an empty record, while `jass` restored SIGPIPE for every command).
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("closed.json");
    jass()
        .args([
            "simulate",
            "--seed",
            "1",
            "--players",
            "rule,cmd:true,rule,rule",
            "--out",
        ])
        .arg(&file)
        .assert()
        .success()
        .stderr(predicate::str::contains("seat 1 (cmd:true)"));
    common::assert_consistent(&file, 1);
}

#[cfg(unix)]
#[test]
fn output_that_cannot_be_written_is_an_error_not_a_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full here
    };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jass"))
        .arg("options")
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(74), "{err}");
    assert!(
        err.contains("cannot write the output") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn a_bot_time_limit_that_is_not_a_number_is_an_error() {
    jass()
        .env("JASS_BOT_DEADLINE_MS", "1e3")
        .args(["simulate", "--players", "rule,cmd:true,rule,rule"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "JASS_BOT_DEADLINE_MS=1e3 is not a whole number of milliseconds",
        ));
}

#[test]
fn a_target_the_game_cannot_reach_is_refused_up_front() {
    for (game, option, says) in [
        ("handjass", "target=1000000", "1 to 100 strokes"),
        ("sidi-barrani", "target=100000000", "1 to 100000 points"),
    ] {
        jass()
            .args(["simulate", "-g", game, "-o", option])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
}

/// `jass play` checks what it can before it needs a terminal: a new game does not overwrite the
/// journal of an unfinished one of the same name, and a record place that cannot be written
/// is refused before a game is played into it (`--out` also moves a resumed game's record).
#[test]
fn play_keeps_unfinished_games_and_checks_the_record_place_first() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("g.json");
    let journal = dir.path().join("g.resume.json");
    let text = serde_json::json!({
        "format": "jass-play-journal/1",
        "game": "schieber",
        "options": {"target": 300},
        "seed": 7,
        "seat": 0,
        "players": ["you", "rule", "rule", "rule"],
        "out": record,
        "actions": [{"action": "schieben"}],
    });
    std::fs::write(&journal, text.to_string()).unwrap();
    let load = jass()
        .args(["play", "--resume"])
        .arg(&journal)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&load.stderr).to_string();
    assert!(
        stderr.contains("needs a terminal"),
        "the journal is good (the format name is the real one): {stderr}"
    );
    jass()
        .args(["play", "--seed", "7", "--out"])
        .arg(&record)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "holds an unfinished game (1 actions)",
        ));
    assert_eq!(
        std::fs::read_to_string(&journal).unwrap(),
        text.to_string(),
        "the journal is untouched"
    );
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    for args in [
        vec![
            "play".to_string(),
            "--out".into(),
            folder.display().to_string(),
        ],
        vec![
            "play".to_string(),
            "--resume".into(),
            journal.display().to_string(),
            "--out".into(),
            folder.display().to_string(),
        ],
    ] {
        jass()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot write the record to"));
    }
}

/// `jass train play-model` fits the play model to saved card decisions, writes weights that
/// name the command and the fit, and saves what it played for a refit; a damaged samples file
/// is refused with its line.
#[test]
fn train_fits_the_play_model_and_refuses_a_damaged_samples_file() {
    let dir = tempfile::tempdir().unwrap();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let samples = data.join("play_model_samples.txt");
    let out = dir.path().join("weights.rs");
    let run = jass()
        .args(["train", "play-model", "--steps", "100", "--samples"])
        .arg(&samples)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&run.get_output().stdout).unwrap();
    // Six deals: the second is held out, the other five are fitted.
    let held_out = std::fs::read_to_string(&samples)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("1|"))
        .count();
    assert_eq!(report["test_decisions"], held_out);
    // The fit predicts the cards played better than chance on the deals it fitted.
    let ll = report["test_log_likelihood"].as_f64().unwrap();
    assert!(ll < 0.0 && ll.is_finite(), "{report}");
    let weights = std::fs::read_to_string(&out).unwrap();
    assert!(
        weights.contains("pub const WEIGHTS: [f32; 128] = ["),
        "{weights}"
    );
    assert!(weights.contains("jass train play-model"), "{weights}");

    // Playing deals: two, saved, and the saved file read back gives the same weights.
    let saved = dir.path().join("saved.txt");
    let (out2, out3) = (dir.path().join("w2.rs"), dir.path().join("w3.rs"));
    jass()
        .args([
            "train",
            "play-model",
            "--deals",
            "5",
            "--steps",
            "20",
            "--save-samples",
        ])
        .arg(&saved)
        .arg("--out")
        .arg(&out2)
        .assert()
        .success();
    jass()
        .args([
            "train",
            "play-model",
            "--steps",
            "20",
            "--deals",
            "5",
            "--samples",
        ])
        .arg(&saved)
        .arg("--out")
        .arg(&out3)
        .assert()
        .success();
    let body = |p: &std::path::Path| {
        let t = std::fs::read_to_string(p).unwrap();
        t[t.find("pub const").unwrap()..].to_string()
    };
    assert_eq!(body(&out2), body(&out3));

    // A damaged line: refused with the file and line, nothing written.
    let bad = dir.path().join("bad.txt");
    let mut text = std::fs::read_to_string(&samples).unwrap();
    text.push_str("6|0|D6 D9|D6 D9|0|||undenufe|ace|1|0|D6\n");
    std::fs::write(&bad, text).unwrap();
    let none = dir.path().join("none.rs");
    jass()
        .args(["train", "play-model", "--samples"])
        .arg(&bad)
        .arg("--out")
        .arg(&none)
        .assert()
        .failure()
        .stderr(predicate::str::contains("line 164").and(predicate::str::contains("12 fields")));
    assert!(!none.exists());

    // Today's sampling player as the training player: its command is written with the
    // weights; refused for a game whose training player is fixed, nothing written.
    let current = dir.path().join("current.rs");
    jass()
        .args([
            "train",
            "play-model",
            "--current",
            "--deals",
            "5",
            "--steps",
            "20",
            "--out",
        ])
        .arg(&current)
        .assert()
        .success();
    let weights = std::fs::read_to_string(&current).unwrap();
    assert!(
        weights.contains("--deals 5 --seed 1 --current"),
        "{weights}"
    );
    jass()
        .args([
            "train",
            "play-model",
            "--game",
            "handjass",
            "--current",
            "--out",
        ])
        .arg(&none)
        .assert()
        .failure()
        .stderr(predicate::str::contains("--current").and(predicate::str::contains("handjass")));
    assert!(!none.exists());
}

/// `jass train contract-model` decides seeded deals' contracts with sampling players, writes
/// the contract model's weights with the command, refits the same weights from what it saved,
/// and refuses a damaged samples file with its line, nothing written.
#[test]
fn train_fits_the_contract_model() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.txt");
    let (out, refit) = (dir.path().join("w.rs"), dir.path().join("refit.rs"));
    let run = jass()
        .args([
            "train",
            "contract-model",
            "--deals",
            "10",
            "--steps",
            "30",
            "--threads",
            "1",
            "--save-samples",
        ])
        .arg(&saved)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&run.get_output().stdout).unwrap();
    let lines = std::fs::read_to_string(&saved).unwrap();
    // Deals 1 and 6 are held out: forehand's decision, and the partner's after a shove.
    let held_out = lines
        .lines()
        .filter(|l| l.starts_with("1|") || l.starts_with("6|"))
        .count();
    assert_eq!(report["test_decisions"], held_out, "{report}");
    let weights = std::fs::read_to_string(&out).unwrap();
    let declared = format!(
        "pub const WEIGHTS: [f32; {}] = [",
        jass_bots::contract_model::CONTRACT_FEATURES
    );
    assert!(weights.contains(&declared), "{weights}");
    assert!(
        weights.contains("jass train contract-model --deals 10 --seed 1 --steps 30"),
        "{weights}"
    );
    jass()
        .args(["train", "contract-model", "--steps", "30", "--samples"])
        .arg(&saved)
        .arg("--out")
        .arg(&refit)
        .assert()
        .success();
    let body = |p: &std::path::Path| {
        let t = std::fs::read_to_string(p).unwrap();
        t[t.find("pub const").unwrap()..].to_string()
    };
    assert_eq!(body(&out), body(&refit));

    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, format!("{lines}3|HA HK|0|contract H|contract H\n")).unwrap();
    let none = dir.path().join("none.rs");
    let line = lines.lines().count() + 1;
    jass()
        .args(["train", "contract-model", "--samples"])
        .arg(&bad)
        .arg("--out")
        .arg(&none)
        .assert()
        .failure()
        .stderr(
            predicate::str::contains(format!("line {line}"))
                .and(predicate::str::contains("5 fields")),
        );
    assert!(!none.exists());
}

/// `jass train play-model --game differenzler` plays Differenzler deals, writes the
/// Differenzler model's weights, and refits the same weights from what it saved; a Differenzler
/// samples file is refused for the Schieber model with the flag to use, and a Schieber one for
/// the Differenzler model.
#[test]
fn train_fits_the_differenzler_play_model() {
    fits_and_refits("differenzler", "Differenzler", 400);
}

/// `jass train play-model --game handjass` likewise, with first deals of two to five players.
#[test]
fn train_fits_the_handjass_play_model() {
    fits_and_refits("handjass", "Handjass", 2 * 128 + 4 * 6);
}

/// Trains `game`'s model (`name` in the weights' description, `weights` of them) on five deals,
/// refits it from the saved samples, and checks that a file of another game is refused.
fn fits_and_refits(game: &str, name: &str, weights: usize) {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.txt");
    let (out, refit) = (dir.path().join("w.rs"), dir.path().join("w2.rs"));
    let train = |extra: &[&str], out: &std::path::Path| {
        let mut cmd = jass();
        cmd.args(["train", "play-model", "--game", game, "--steps", "20"])
            .args(extra)
            .arg("--out")
            .arg(out);
        cmd
    };
    let saved_arg = saved.display().to_string();
    let run = train(&["--deals", "5", "--save-samples", &saved_arg], &out)
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&run.get_output().stdout).unwrap();
    let held_out = std::fs::read_to_string(&saved)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("1|"))
        .count();
    assert!(held_out > 0);
    assert_eq!(report["test_decisions"], held_out);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains(&format!("pub const WEIGHTS: [f32; {weights}] = ["))
            && written.contains(&format!("{name} play model"))
            && written.contains(&format!("jass train play-model --game {game} --deals 5")),
        "{written}"
    );
    train(&["--samples", &saved_arg], &refit).assert().success();
    let body = |p: &std::path::Path| {
        let t = std::fs::read_to_string(p).unwrap();
        t[t.find("pub const").unwrap()..].to_string()
    };
    assert_eq!(body(&out), body(&refit));

    // The wrong model for a file: refused with the flag to use, nothing written.
    let none = dir.path().join("none.rs");
    jass()
        .args(["train", "play-model", "--samples"])
        .arg(&saved)
        .arg("--out")
        .arg(&none)
        .assert()
        .failure()
        .stderr(predicate::str::contains(format!("use --game {game}")));
    let schieber = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/play_model_samples.txt")
        .display()
        .to_string();
    train(&["--samples", &schieber], &none)
        .assert()
        .failure()
        .stderr(predicate::str::contains("use --game schieber"));
    assert!(!none.exists());
}

//! `--players` with bot programs on the command line: the summary counts replaced answers, the
//! reasons go to standard error, wrong specs are clear errors. Needs python3.

use predicates::prelude::*;

mod common;
use common::jass;

#[test]
fn simulate_seats_a_bot_program_and_counts_fallbacks() {
    jass()
        .args([
            "simulate",
            "--seed",
            "3",
            "-o",
            "target=1000",
            "--players",
            "rule,cmd:python3 ../../examples/random_bot.py 1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("fallbacks: 0 answer(s)"))
        .stderr(predicate::str::contains("info: playing schieber at seat 1"));
    jass()
        .args([
            "simulate",
            "-g",
            "differenzler",
            "-o",
            "deals=2",
            "--seed",
            "3",
            "--players",
            "rule,rule,rule,cmd:python3 ../jass-table/tests/bots/crash_bot.py",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("fallbacks: ")
                .and(predicate::str::contains("fallbacks: 0").not()),
        )
        .stderr(predicate::str::contains(
            "exited (exit status: 3) while asked request 11",
        ));
}

#[test]
fn wrong_player_specs_are_clear_errors() {
    jass()
        .args(["simulate", "--players", "rule,cmd:/no/such/bot"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot start bot `/no/such/bot`"));
    jass()
        .args(["simulate", "--players", "rule,cmd:python3 'unclosed"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unclosed"));
    jass()
        .args([
            "simulate",
            "-g",
            "sidi",
            "--players",
            "rule,http://127.0.0.1:9/jass/players/x",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Schieber only"));
}

/// A jass-kit URL is checked with one request before the first game: one that does not answer
/// is an error (exit 2), not a game of fallbacks.
#[test]
fn a_jasskit_url_that_does_not_answer_is_refused_before_the_game() {
    jass()
        .args(["simulate", "--seed", "1"])
        .args(["-o", "weis=none", "-o", "stoeck=false", "-o", "target=1000"])
        .args(["--players", "rule,deadline_ms=500:http://127.0.0.1:9/jass/players/x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the first request, before the game (a trump choice), failed: no answer from http://127.0.0.1:9",
        ));
}

#[test]
fn records_show_which_actions_the_fallback_made() {
    let dir = std::env::temp_dir().join(format!("jass-fallback-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("games.jsonl");
    jass()
        .args([
            "simulate",
            "-g",
            "differenzler",
            "-o",
            "deals=1",
            "--seed",
            "4",
            "--out",
            out.to_str().unwrap(),
            "--players",
            "rule,rule,rule,cmd:python3 ../jass-table/tests/bots/illegal_bot.py",
        ])
        .assert()
        .success();
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("\"fallback\":\""), "{text}");
    jass()
        .args(["check", out.to_str().unwrap()])
        .assert()
        .success();
    jass()
        .args(["show", out.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("by seat 3 was the fallback's"))
        .stdout(predicate::str::contains("by seat 0 was the fallback's").not());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `jass simulate` and `jass arena` tell a bot program the game is over (`game_over` with the
/// record, then `bye`), as the tables of `jass play` and `jass serve` do; an arena game is one
/// deal.
#[test]
fn simulate_and_arena_send_game_over() {
    let dir = std::env::temp_dir().join(format!("jass-game-over-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let messages = |log: &std::path::Path| -> Vec<serde_json::Value> {
        std::fs::read_to_string(log)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let log = dir.join("simulate.jsonl");
    let bot = format!(
        "cmd:python3 ../jass-table/tests/bots/transcript_bot.py {}",
        log.display()
    );
    jass()
        .args([
            "simulate",
            "-g",
            "differenzler",
            "-o",
            "deals=2",
            "--seed",
            "4",
        ])
        .args(["--players", &format!("rule,rule,rule,{bot}")])
        .assert()
        .success();
    let m = messages(&log);
    let n = m.len();
    assert_eq!(m[n - 2]["type"], "game_over", "{:?}", m[n - 2]);
    assert_eq!(m[n - 2]["record"]["game"], "differenzler");
    assert_eq!(m[n - 2]["record"]["deals"].as_array().unwrap().len(), 2);
    assert_eq!(m[n - 1]["type"], "bye");

    // The arena starts a process per seat of each play: each writes its own transcript.
    let arena_dir = dir.join("arena");
    std::fs::create_dir_all(&arena_dir).unwrap();
    let script = per_process_transcript_bot(&dir);
    let bot = format!("cmd:python3 {} {}", script.display(), arena_dir.display());
    jass()
        .args([
            "arena",
            "rule",
            &bot,
            "-n",
            "1",
            "--seed",
            "2",
            "--threads",
            "1",
        ])
        .assert()
        .success();
    let logs: Vec<_> = std::fs::read_dir(&arena_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    // (One more process may have been started and stopped at once: the arena checks its
    // players before the first deal.)
    let mut played = 0;
    for log in logs {
        let m = messages(&log);
        let n = m.len();
        if m.iter().any(|x| x["type"] == "request") {
            assert_eq!(m[n - 1]["type"], "bye");
            played += 1;
            assert_eq!(m[n - 2]["type"], "game_over", "{:?}", m[n - 2]);
            assert_eq!(m[n - 2]["record"]["deals"].as_array().unwrap().len(), 1);
        }
    }
    assert_eq!(played, 4, "two seats in each of the two plays of the deal");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every command tells a bot program its own seat and the table's seat count in `new_game`, in
/// every game and at every Handjass table size: the seat of every request, of every view and of
/// `new_game` agree, and over a run the bot plays every seat.
#[test]
fn simulate_and_arena_tell_a_bot_its_own_seat_and_the_seat_count() {
    let dir = std::env::temp_dir().join(format!("jass-new-game-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = per_process_transcript_bot(&dir);
    let tables: [(&str, &[&str], usize); 8] = [
        ("schieber", &[], 4),
        ("sidi-barrani", &[], 4),
        ("coiffeur", &[], 4),
        ("differenzler", &["deals=1"], 4),
        ("handjass", &["players=2"], 2),
        ("handjass", &["players=3"], 3),
        ("handjass", &["players=4"], 4),
        ("handjass", &["players=5"], 5),
    ];
    for (game, options, seats) in tables {
        for command in ["arena", "simulate"] {
            let logs = dir.join(format!("{game}-{seats}-{command}"));
            std::fs::create_dir_all(&logs).unwrap();
            let bot = format!("cmd:python3 {} {}", script.display(), logs.display());
            let mut run = jass();
            run.args([command, "-g", game, "--seed", "3"]);
            for o in options {
                run.args(["-o", o]);
            }
            if command == "arena" {
                run.args(["rule", &bot, "-n", "1", "--threads", "1"]);
            } else {
                run.args(["--players", &bot]);
                if matches!(game, "schieber" | "sidi-barrani") {
                    run.args(["-o", "target=1000"]);
                }
            }
            run.assert().success();
            let mut seats_played = std::collections::BTreeSet::new();
            for log in std::fs::read_dir(&logs).unwrap() {
                let text = std::fs::read_to_string(log.unwrap().path()).unwrap();
                let msgs: Vec<serde_json::Value> = text
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect();
                let Some(new_game) = msgs.iter().find(|m| m["type"] == "new_game") else {
                    continue; // the check of the players before the first game
                };
                let seat = &new_game["seat"];
                assert_eq!(new_game["seats"], seats, "{game} {command}: {new_game}");
                for r in msgs.iter().filter(|m| m["type"] == "request") {
                    assert_eq!(&r["seat"], seat, "{game} {command}: new_game said {seat}");
                    assert_eq!(&r["view"]["seat"], seat, "{game} {command}");
                }
                seats_played.insert(seat.as_u64().unwrap());
            }
            assert_eq!(
                seats_played,
                (0..seats as u64).collect(),
                "{game} {command}: the bot plays every seat"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bot program that runs the transcript bot with a log of its own per process (the folder given
/// as its argument), for commands that start one process per seat.
fn per_process_transcript_bot(dir: &std::path::Path) -> std::path::PathBuf {
    let script = dir.join("per_process_transcript.py");
    std::fs::write(
        &script,
        "import os, subprocess, sys\n\
         log = os.path.join(sys.argv[1], f'{os.getpid()}.jsonl')\n\
         sys.exit(subprocess.call([sys.executable, '../jass-table/tests/bots/transcript_bot.py', log]))\n",
    )
    .unwrap();
    script
}

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

//! `jass arena` in every game, end to end: a few duplicate units, the text and JSON summaries, the
//! records (which re-play with `jass check`), and clear errors with exit code 2 for bad input.

use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use serde_json::Value;

mod common;
use common::jass;

/// Runs `jass` with these arguments and checks that it refuses them (exit 2) saying `message`.
fn refused(args: &[&str], message: &str) {
    jass().args(args).assert().code(2).stderr(contains(message));
}

fn arena_json(args: &[&str]) -> Value {
    let out = jass()
        .arg("arena")
        .args(args)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).expect("--json prints JSON")
}

/// The measure of each game, as a JSON field, and the records per unit.
const GAMES: [(&str, &[&str], &str, usize); 6] = [
    ("schieber", &[], "point_share_a", 2),
    ("sidi-barrani", &[], "point_share_a", 2),
    ("coiffeur", &[], "point_share_a", 2),
    ("differenzler", &[], "penalty_per_deal_a", 4),
    ("handjass", &[], "strokes_per_deal_a", 4),
    ("handjass", &["-o", "players=3"], "strokes_per_deal_a", 3),
];

/// Runs `jass arena ARGS --out FILE --json`, checks that it wrote a record per play and that
/// they all re-play, and gives the JSON summary.
fn plays_with_records_that_replay(args: &[&str], out: &std::path::Path) -> Value {
    let mut args = args.to_vec();
    args.extend_from_slice(&["--out", out.to_str().unwrap()]);
    let v = arena_json(&args);
    let plays = v["plays"].as_u64().unwrap_or_else(|| panic!("{v}"));
    let text = std::fs::read_to_string(out).unwrap();
    assert_eq!(
        text.lines().count() as u64,
        plays,
        "one record per play: {v}"
    );
    jass()
        .arg("check")
        .arg(out)
        .assert()
        .success()
        .stdout(contains(format!(
            "{plays} record(s) consistent, 0 with problems"
        )));
    v
}

#[test]
fn every_game_plays_duplicate_units_and_writes_records_that_replay() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (game, extra, field, plays)) in GAMES.iter().enumerate() {
        let units = if *game == "coiffeur" { 2 } else { 6 };
        let n = units.to_string();
        let mut args = vec!["rule", "random", "-g", game, "-n", &n];
        args.extend_from_slice(extra);
        let v = plays_with_records_that_replay(&args, &dir.path().join(format!("{i}.jsonl")));
        assert_eq!(v["game"], *game, "{v}");
        assert_eq!(v["plays"], (units * plays) as u64, "{game}: {v}");
        let x = v[*field].as_f64().unwrap_or_else(|| panic!("{game}: {v}"));
        assert!(x.is_finite(), "{game}: {v}");
    }
}

/// Every game of the registry plays in the arena (the arena its entry declares, or the default
/// one), with the players of the command line's examples: at least two plays per unit, and the
/// record of every play re-plays.
#[test]
fn every_registered_game_plays_in_the_arena() {
    let dir = tempfile::tempdir().unwrap();
    for kind in jass_table::GameKind::ALL {
        let game = kind.name();
        let out = dir.path().join(format!("{game}.jsonl"));
        let v = plays_with_records_that_replay(&["rule", "random", "-g", game, "-n", "2"], &out);
        assert_eq!(v["game"], game, "{v}");
        assert!(v["plays"].as_u64() >= Some(4), "{game}: {v}");
        assert!(
            v["scheme"].as_str().is_some_and(|s| !s.is_empty()),
            "{game}: {v}"
        );
    }
}

#[test]
fn the_rule_player_beats_random_in_every_game() {
    // Few units, but the margins are large (docs/players.md has the 2000-deal figures).
    let v = arena_json(&["rule", "random", "-g", "schieber", "-n", "40"]);
    assert!(v["point_share_a"].as_f64().unwrap() > 0.6, "{v}");
    let v = arena_json(&["rule", "random", "-g", "sidi", "-n", "40"]);
    assert!(v["point_share_a"].as_f64().unwrap() > 0.7, "{v}");
    let v = arena_json(&["rule", "random", "-g", "coiffeur", "-n", "4"]);
    assert!(v["point_share_a"].as_f64().unwrap() > 0.6, "{v}");
    let v = arena_json(&["rule", "random", "-g", "differenzler", "-n", "40"]);
    assert!(v["penalty_difference"].as_f64().unwrap() < -20.0, "{v}");
    let v = arena_json(&["rule", "random", "-g", "handjass", "-n", "40"]);
    assert!(v["net_difference"].as_f64().unwrap() > 0.2, "{v}");
    // The same player on both sides of a duplicate Schieber deal: exactly even, deal by deal.
    let v = arena_json(&["rule", "rule", "-n", "20"]);
    assert_eq!(v["point_share_a"].as_f64().unwrap(), 0.5, "{v}");
}

#[test]
fn differenzler_games_count_their_wins() {
    // The same player in all four seats: each game is won once (ties share the win) and A
    // sits in every seat once, so A wins exactly a quarter.
    let v = arena_json(&[
        "rule",
        "rule",
        "-g",
        "differenzler",
        "-o",
        "deals=4",
        "-n",
        "6",
    ]);
    assert_eq!(v["duplicate_games"], 6, "{v}");
    assert_eq!(v["games_won_a"].as_f64().unwrap(), 0.25, "{v}");
    // The rule player against random wins far more than its quarter.
    let v = arena_json(&[
        "rule",
        "random",
        "-g",
        "differenzler",
        "-o",
        "deals=4",
        "-n",
        "10",
    ]);
    assert!(v["games_won_a"].as_f64().unwrap() > 0.6, "{v}");
}

/// Sidi Barrani's arena counts each side's contracts, the made ones, the doubled ones and the
/// doubled ones made, consistently with each other; rule players double some bids, and a
/// duplicate deal between equal players gives both sides the same counts.
#[test]
fn the_sidi_arena_counts_doubled_contracts() {
    let v = arena_json(&[
        "rule",
        "rule",
        "-g",
        "sidi-barrani",
        "-n",
        "20",
        "--seed",
        "3",
    ]);
    let n = |k: &str| v[k].as_u64().unwrap_or_else(|| panic!("{k} in {v}"));
    for side in ["a", "b"] {
        let (declared, made) = (
            n(&format!("contracts_{side}")),
            n(&format!("contracts_made_{side}")),
        );
        let doubled = n(&format!("contracts_doubled_{side}"));
        let doubled_made = n(&format!("contracts_doubled_made_{side}"));
        assert!(made <= declared && doubled <= declared, "{v}");
        assert!(doubled_made <= doubled && doubled_made <= made, "{v}");
    }
    assert!(n("contracts_doubled_a") > 0, "{v}");
    assert_eq!(n("contracts_doubled_a"), n("contracts_doubled_b"), "{v}");
    assert_eq!(
        n("contracts_doubled_made_a"),
        n("contracts_doubled_made_b"),
        "{v}"
    );
}

#[test]
fn the_text_summary_names_the_measure_of_each_game() {
    for (game, want) in [
        ("schieber", "point share of rule"),
        ("sidi-barrani", "contracts: rule declared"),
        ("coiffeur", "games won by rule"),
        ("differenzler", "mean penalty per deal: rule"),
        ("handjass", "strokes − potatoes"),
    ] {
        jass()
            .args(["arena", "rule", "random", "-g", game, "-n", "2"])
            .assert()
            .success()
            .stdout(contains(want))
            .stdout(contains("duplicate"));
    }
}

#[test]
fn the_same_seed_gives_the_same_figures_on_any_number_of_threads() {
    let a = arena_json(&[
        "rule",
        "random",
        "-g",
        "differenzler",
        "-n",
        "8",
        "--seed",
        "5",
    ]);
    let b = arena_json(&[
        "rule",
        "random",
        "-g",
        "differenzler",
        "-n",
        "8",
        "--seed",
        "5",
        "--threads",
        "1",
    ]);
    assert_eq!(a["penalty_per_deal_a"], b["penalty_per_deal_a"]);
    assert_eq!(a["penalty_per_deal_b"], b["penalty_per_deal_b"]);
}

/// Each side's decisions with a choice are timed, cards apart from the others (issue 42: "per-card
/// time mean, p99, max"), and each time is the side's own: the sampling player, which solves
/// worlds for every card, thinks longer per card than the rule player on whichever side it sits.
#[test]
fn the_arena_times_each_sides_cards_and_other_decisions() {
    let spread_is_ordered = |s: &Value| {
        let f = |k: &str| s[k].as_f64().unwrap_or_else(|| panic!("{k} in {s}"));
        assert!(
            0.0 <= f("median_ms") && f("median_ms") <= f("p99_ms") && f("p99_ms") <= f("max_ms")
        );
        assert!(f("mean_ms") <= f("max_ms"), "{s}");
    };
    for (a, b, slow) in [("sampling", "rule", "a"), ("rule", "sampling", "b")] {
        let v = arena_json(&[a, b, "-n", "2", "--seed", "3", "--threads", "1"]);
        let times = &v["decision_times"];
        for side in ["a", "b"] {
            let cards = &times[side]["cards"];
            // At most 36 cards of a deal in each of the 2 plays of each of the 2 deals, about
            // half of them this side's; the last trick's cards have no choice.
            let decisions = cards["decisions"].as_u64().unwrap_or_else(|| panic!("{v}"));
            assert!((10..=2 * 2 * 18).contains(&decisions), "{v}");
            spread_is_ordered(&cards["cpu"]);
            spread_is_ordered(&cards["wall"]);
        }
        let fast = if slow == "a" { "b" } else { "a" };
        let mean = |side: &str| times[side]["cards"]["cpu"]["mean_ms"].as_f64().unwrap();
        assert!(
            mean(slow) > 5.0 * mean(fast),
            "the sampling side ({slow}) thinks longer: {v}"
        );
    }
}

#[test]
fn bad_input_is_a_clear_error_with_exit_code_2() {
    jass()
        .args(["arena", "rule", "random", "-g", "poker", "-n", "2"])
        .assert()
        .code(2)
        .stderr(contains("unknown game `poker`"))
        .stderr(contains("known games are"));
    for game in ["schieber", "handjass", "sidi", "coiffeur", "differenzler"] {
        jass()
            .args(["arena", "rule", "genius", "-g", game, "-n", "2"])
            .assert()
            .code(2)
            .stderr(contains("unknown player `genius`"))
            .stderr(contains("random, rule, sampling"));
    }
    // Schieber's arena names the players only it seats too; a game without them does not.
    jass()
        .args(["arena", "sampling+orakel", "sampling", "-n", "2"])
        .assert()
        .code(2)
        .stderr(contains("unknown player `orakel`"))
        .stderr(contains(
            "the arena also seats oracle, partner-seer, oracle-from-32",
        ));
    jass()
        .args(["arena", "genius", "rule", "-g", "differenzler", "-n", "2"])
        .assert()
        .code(2)
        .stderr(contains("unknown player `genius`"))
        .stderr(contains("also seats").not());
    refused(
        &[
            "arena",
            "rule",
            "random",
            "-g",
            "handjass",
            "-o",
            "players=7",
        ],
        "players",
    );
    refused(
        &["arena", "rule", "random", "-g", "sidi", "-o", "bid_step=7"],
        "bid_step",
    );
    refused(
        &["arena", "rule", "random", "-n", "0"],
        "--deals 0: give 1 to 1000000000",
    );
    refused(
        &["arena", "rule", "random", "-o", "target=1500"],
        "-o target does not apply to the Schieber arena",
    );
    refused(
        &["arena", "sampling:samples=1:samples=2", "rule"],
        "player setting `samples` is given twice",
    );
    // Settings whose time would make a game last hours are refused with the usable range.
    refused(
        &[
            "arena",
            "sampling:exact_tricks=5",
            "rule",
            "-g",
            "differenzler",
        ],
        "`exact_tricks=5`: use 0 .. 4",
    );
    refused(
        &[
            "arena",
            "sampling:reply_tricks=10",
            "rule",
            "-g",
            "handjass",
        ],
        "`reply_tricks=10`: use 0 .. 5",
    );
    refused(
        &["arena", "rule", "random", "-n", "2", "--json", "--out", "-"],
        "standard output",
    );
}

#[test]
fn the_sampling_player_plays_in_every_game_in_arena_and_simulate() {
    let dir = tempfile::tempdir().unwrap();
    for (game, n) in [
        ("schieber", "3"),
        ("sidi-barrani", "3"),
        ("coiffeur", "1"),
        ("differenzler", "3"),
        ("handjass", "3"),
        ("hindersi", "1"),
        ("schellenjass", "1"),
    ] {
        let v = arena_json(&["sampling", "rule", "-g", game, "-n", n]);
        assert_eq!(v["a"], "sampling", "{v}");
        let out = dir.path().join(format!("{game}.jsonl"));
        jass()
            .args([
                "simulate",
                "-g",
                game,
                "-n",
                "1",
                "--seed",
                "4",
                "--players",
                "sampling",
            ])
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        jass().arg("check").arg(&out).assert().success();
    }
    // Settings after colons; a wrong one is a clear error.
    let v = arena_json(&[
        "sampling:samples=4:max_cards=12",
        "rule",
        "-g",
        "sidi",
        "-n",
        "2",
    ]);
    assert_eq!(v["a"], "sampling:samples=4:max_cards=12");
    // Sidi Barrani's auction settings; only Sidi Barrani knows them.
    let sidi_bids = "sampling:contract_samples=8:bid_blend=50:bid_shift=10:last_call=0:\
                     competitive=0:read_auction=0";
    let v = arena_json(&[sidi_bids, "rule", "-g", "sidi", "-n", "2"]);
    assert_eq!(v["a"], sidi_bids);
    refused(
        &[
            "arena",
            "sampling:bid_shift=10",
            "rule",
            "-g",
            "coiffeur",
            "-n",
            "1",
        ],
        "unknown sampling setting `bid_shift`",
    );
    refused(
        &[
            "arena",
            "sampling:read_auction=2",
            "rule",
            "-g",
            "sidi",
            "-n",
            "1",
        ],
        "sampling setting `read_auction=2`: use 0 .. 1",
    );
    refused(
        &[
            "arena",
            "sampling:bid_blend=101",
            "rule",
            "-g",
            "sidi",
            "-n",
            "1",
        ],
        "use 0 .. 100",
    );
    refused(
        &[
            "arena",
            "sampling:last_call=2",
            "rule",
            "-g",
            "sidi",
            "-n",
            "1",
        ],
        "sampling setting `last_call=2`: use 0 .. 1",
    );
    refused(
        &["arena", "sampling:depth=3", "rule", "-g", "sidi", "-n", "2"],
        "unknown sampling setting `depth`",
    );
    // Coiffeur's row choice: its play-outs and the outlook on the rows left (0 or 1 only).
    let v = arena_json(&[
        "sampling:contract_samples=8:row_outlook=0",
        "rule",
        "-g",
        "coiffeur",
        "-n",
        "1",
    ]);
    assert_eq!(v["a"], "sampling:contract_samples=8:row_outlook=0");
    refused(
        &[
            "arena",
            "sampling:row_outlook=2",
            "rule",
            "-g",
            "coiffeur",
            "-n",
            "1",
        ],
        "sampling setting `row_outlook=2`: use 0 .. 1",
    );
    // The card-play games' reading and exact last tricks (at most four tricks).
    for game in ["hindersi", "schellenjass"] {
        let spec = "sampling:samples=6:infer=10:infer_pool=2:exact_tricks=2";
        let v = arena_json(&[spec, "rule", "-g", game, "-n", "1"]);
        assert_eq!(v["a"], spec, "{v}");
        refused(
            &[
                "arena",
                "sampling:exact_tricks=5",
                "rule",
                "-g",
                game,
                "-n",
                "1",
            ],
            "sampling setting `exact_tricks=5`: use 0 .. 4",
        );
    }
    // The Sidi Barrani rule player's conservative auction, for comparisons.
    let v = arena_json(&["rule", "rule:competitive=0", "-g", "sidi", "-n", "2"]);
    assert_eq!(v["b"], "rule:competitive=0");
    refused(
        &[
            "arena",
            "rule",
            "rule:competitive=2",
            "-g",
            "sidi",
            "-n",
            "1",
        ],
        "rule setting `competitive=2`: use 0 .. 1",
    );
    refused(
        &["arena", "rule:competitive=0", "rule", "-n", "1"],
        "unknown rule setting `competitive`",
    );
    // Schieber's play-outs of the cards it does not solve: their worlds and hand-off.
    let v = arena_json(&[
        "sampling:early_samples=4:early_handoff=16",
        "rule",
        "-n",
        "1",
    ]);
    assert_eq!(v["a"], "sampling:early_samples=4:early_handoff=16");
    refused(
        &["arena", "sampling:early_handoff=40", "rule", "-n", "1"],
        "sampling setting `early_handoff=40`: use 0 .. 36",
    );
    refused(
        &[
            "arena",
            "sampling:early_handoff=16",
            "rule",
            "-g",
            "coiffeur",
            "-n",
            "1",
        ],
        "unknown sampling setting `early_handoff`",
    );
    jass()
        .args(["arena", "rule:samples=3", "rule", "-n", "2"])
        .assert()
        .code(2)
        .stderr(contains(
            "unknown rule setting `samples`: this game's rule player knows signals",
        ));
    // The rule players' switches for comparisons: Schieber's and Sidi Barrani's signals, Sidi
    // Barrani's last call; the other games' rule players take none.
    let v = arena_json(&["rule:signals=0", "rule", "-n", "2"]);
    assert_eq!(v["a"], "rule:signals=0");
    let v = arena_json(&[
        "rule:signals=0:last_call=0",
        "rule",
        "-g",
        "sidi",
        "-n",
        "2",
    ]);
    assert_eq!(v["a"], "rule:signals=0:last_call=0");
    refused(
        &[
            "arena",
            "rule:signals=0",
            "rule",
            "-g",
            "coiffeur",
            "-n",
            "1",
        ],
        "this game's rule player takes no settings",
    );
    refused(
        &["arena", "random:signals=0", "rule", "-n", "1"],
        "only rule, sampling and mcts do",
    );
}

/// The MCTS yardstick plays Schieber with its settings; other games and unknown settings are
/// refused with what to use instead.
#[test]
fn the_mcts_player_plays_schieber_only() {
    let v = arena_json(&["mcts:worlds=2:iterations=50", "rule", "-n", "2"]);
    assert_eq!(v["a"], "mcts:worlds=2:iterations=50");
    let share = v["point_share_a"].as_f64().expect("a point share");
    assert!((0.0..=1.0).contains(&share), "share {share}");
    refused(
        &["arena", "mcts", "rule", "-g", "handjass", "-n", "1"],
        "player `mcts` plays Schieber only",
    );
    refused(
        &["arena", "mcts:samples=4", "rule", "-n", "1"],
        "this game's mcts player knows worlds, iterations, exploration",
    );
    refused(
        &["arena", "mcts:exploration=0", "rule", "-n", "1"],
        "mcts setting `exploration=0`: use 1 .. 1000",
    );
}

#[test]
fn records_to_standard_output_put_the_summary_on_standard_error() {
    let out = jass()
        .args([
            "arena",
            "rule",
            "random",
            "-g",
            "differenzler",
            "-n",
            "2",
            "--out",
            "-",
        ])
        .assert()
        .success()
        .stderr(contains("mean penalty per deal"))
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 8, "two units of four plays");
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).expect("one record per line");
        assert_eq!(v["game"], "differenzler");
        assert_eq!(v["options"]["deals"], 1);
    }
}

/// One unit has no standard error (its spread is unknown): "n/a" in the text, null in JSON, in
/// every game. A unit count out of range is refused before anything is played or written, and an
/// existing `--out` file survives a refused run of `arena` or `simulate`.
#[test]
fn one_unit_has_no_standard_error_and_refused_runs_keep_the_output_file() {
    for (game, extra, field, _) in GAMES {
        let mut args = vec!["rule", "random", "-g", game, "-n", "1"];
        args.extend_from_slice(extra);
        let v = arena_json(&args);
        assert!(v[field].is_number(), "{game}: {v}");
        let errors: Vec<&String> = v
            .as_object()
            .unwrap()
            .keys()
            .filter(|k| k.ends_with("standard_error"))
            .collect();
        assert!(!errors.is_empty(), "{game}: {v}");
        for k in errors {
            assert!(v[k].is_null(), "{game}: {k} = {}", v[k]);
        }
        let text = jass().arg("arena").args(&args).assert().success();
        let out = String::from_utf8(text.get_output().stdout.clone()).unwrap();
        assert!(out.contains("± n/a"), "{game}: {out}");
        assert!(!out.contains("NaN"), "{game}: {out}");
    }
    // (`-n 0` is refused in bad_input_is_a_clear_error_with_exit_code_2.)
    refused(
        &["arena", "rule", "random", "-n", "18446744073709551615"],
        "--deals 18446744073709551615: give 1 to 1000000000",
    );
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("keep.jsonl");
    let check_kept = |args: &[&str], message: &str| {
        std::fs::write(&keep, "precious\n").unwrap();
        jass()
            .args(args)
            .arg("--out")
            .arg(&keep)
            .assert()
            .code(2)
            .stderr(contains(message));
        assert_eq!(
            std::fs::read_to_string(&keep).unwrap(),
            "precious\n",
            "{args:?}"
        );
    };
    check_kept(&["arena", "rule", "random", "-n", "0"], "--deals 0");
    check_kept(&["arena", "rule", "nobody"], "nobody");
    for game in [
        "schieber",
        "sidi-barrani",
        "coiffeur",
        "differenzler",
        "handjass",
    ] {
        check_kept(&["simulate", "-g", game, "-o", "nonsense=1"], "nonsense");
        check_kept(&["simulate", "-g", game, "--players", "nobody"], "nobody");
    }
}

/// `-o first_forehand` fixes the Schieber arena's forehand (it rotates with the deal without it).
#[test]
fn a_fixed_first_forehand_is_kept_in_the_schieber_arena() {
    let dir = tempfile::tempdir().unwrap();
    for (extra, expect) in [
        (Some("first_forehand=seat2"), [2, 2, 2, 2]),
        (None, [0, 1, 2, 3]),
    ] {
        let out = dir.path().join("f.jsonl");
        let mut args = vec!["rule", "random", "-n", "4"];
        if let Some(o) = extra {
            args.extend(["-o", o]);
        }
        args.extend(["--out", out.to_str().unwrap()]);
        arena_json(&args);
        let forehands: Vec<u64> = std::fs::read_to_string(&out)
            .unwrap()
            .lines()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["deals"][0]["forehand"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        // Each deal is played twice (the players swapped).
        let expected: Vec<u64> = expect.iter().flat_map(|&f| [f, f]).collect();
        assert_eq!(forehands, expected, "{extra:?}");
    }
}

/// The oracle (told every hand) against the rule player's card play behind the same contracts:
/// its records replay, it takes more than half the points on these seeds, and it is refused
/// where it cannot sit (other games). As the decision side of a split seat (`oracle+rule`: its
/// contracts on the true hands, the rule player's cards) it plays too.
#[test]
fn the_oracle_plays_the_cards_with_every_hand_open_and_takes_more() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("oracle.jsonl");
    let v = arena_json(&[
        "rule+oracle",
        "rule",
        "-n",
        "4",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(v["point_share_a"].as_f64().unwrap() > 0.5, "{v}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("\"rule+oracle\""), "the seat is named");
    jass().arg("check").arg(&out).assert().success();
    let v = arena_json(&["oracle+rule", "rule", "-n", "4", "--threads", "1"]);
    assert!(v["point_share_a"].as_f64().unwrap() > 0.5, "{v}");
    refused(
        &["arena", "oracle", "rule", "-g", "differenzler", "-n", "1"],
        "unknown player `oracle`",
    );
}

/// The sampling player told its partner's hand plays the cards behind the rule player's
/// contracts (`rule+partner-seer`): its records replay, it takes more than half the points from
/// the rule player on these seeds, and it is refused where it cannot sit.
#[test]
fn the_partner_seer_plays_the_cards_told_its_partners_hand() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("partner.jsonl");
    let v = arena_json(&[
        "rule+partner-seer",
        "rule",
        "-n",
        "3",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(v["point_share_a"].as_f64().unwrap() > 0.5, "{v}");
    jass().arg("check").arg(&out).assert().success();
    refused(
        &["arena", "partner-seer", "rule", "-g", "coiffeur", "-n", "1"],
        "unknown player `partner-seer`",
    );
}

//! `jass advise` end to end: a scripted deal on standard input, advice with expected points on
//! your turn, and refused lines reported with a non-zero exit code.

use assert_cmd::Command;

const DEAL: &str = "\
# me: seat 0; seat 3 holds all the Schellen
hand HA HK HQ SA SK SQ CA CK CQ
obenabe
seat 0
play HA
play H10
play HJ
play D6
SA
S10
SJ
D7
p CA
p C10
p CJ
p D8
show
";

/// What `jass advise --worlds N` prints for `script`; it must succeed.
fn advise(worlds: &str, script: impl Into<Vec<u8>>) -> String {
    let out = Command::cargo_bin("jass")
        .unwrap()
        .args(["advise", "--worlds", worlds])
        .write_stdin(script)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_scripted_deal_gets_advice_with_expected_points() {
    let text = advise("8", DEAL);
    // The first lead (36 cards left): values from play-outs.
    assert!(text.contains("your turn (trick 1): play"), "{text}");
    assert!(
        text.contains("64 sampled deals, played on by the rule players to 12 cards left"),
        "{text}"
    );
    // After three tricks (24 cards left): expected points for every card in the hand.
    assert!(text.contains("your turn (trick 4): play"), "{text}");
    assert!(text.contains("expected points for you & partner"), "{text}");
    assert!(text.contains("trick 3 won by seat 0 (you)"), "{text}");
    for card in ["HK", "HQ", "SK", "SQ", "CK", "CQ"] {
        assert!(
            text.contains(&format!("\n  {card:<5}")),
            "{card} valued\n{text}"
        );
    }
    assert!(text.contains("points: you & partner"), "{text}");
}

/// Without play-outs (`--early-worlds 0`) the first lead gets the rule player's card and the
/// reason why there are no values yet.
#[test]
fn without_play_outs_the_first_lead_is_the_rule_players_card() {
    let out = Command::cargo_bin("jass")
        .unwrap()
        .args(["advise", "--worlds", "4", "--early-worlds", "0"])
        .write_stdin(DEAL)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("rule player's choice"), "{text}");
    assert!(
        text.contains("expected points from 24 cards left on"),
        "{text}"
    );
}

#[test]
fn wrong_lines_are_refused_and_the_exit_code_says_so() {
    let script = "hand HA HK HQ SA SK SQ CA CK CQ\ntrump H\nseat 0\nplay HA\nplay HA\nplay SK\nfly away\nplay H6\n";
    let assert = Command::cargo_bin("jass")
        .unwrap()
        .args(["advise", "--worlds", "4"])
        .write_stdin(script)
        .assert()
        .code(1);
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("error: HA (Rosen Ass) was already played"),
        "{text}"
    );
    assert!(
        text.contains("error: SK (Schilten König) is in your hand, but it is seat 1's turn"),
        "{text}"
    );
    assert!(text.contains("error: unknown command `fly`"), "{text}");
    assert!(
        text.contains("seat 1: H6"),
        "the session goes on after errors\n{text}"
    );
    // The sample counts are bounded as `sampling:samples=` is: no silent 0 → 1, no hang.
    for (flag, value) in [
        ("--worlds", "0"),
        ("--worlds", "4000000000"),
        ("--early-worlds", "10001"),
    ] {
        Command::cargo_bin("jass")
            .unwrap()
            .args(["advise", flag, value])
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicates::str::contains(format!("{value} is not in")));
    }
}

/// Real deals (simulated with the rule player) entered card by card from every seat: the advisor
/// accepts every card and advises at each of that seat's nine turns.
#[test]
fn simulated_deals_are_accepted_from_every_seat() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("game.json");
    Command::cargo_bin("jass")
        .unwrap()
        .args(["simulate", "--seed", "2", "--players", "rule", "--out"])
        .arg(&rec)
        .assert()
        .success();
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    for deal in record["deals"].as_array().unwrap().iter().take(2) {
        let forehand = deal["forehand"].as_u64().unwrap() as usize;
        let contract = deal["contract"].as_str().unwrap();
        let plays: Vec<&str> = deal["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["action"] == "play")
            .map(|a| a["card"].as_str().unwrap())
            .collect();
        for rel in 0..4 {
            let real = (forehand + rel) % 4;
            let hand: Vec<&str> = deal["hands"][real]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            let mut script = format!("hand {}\ntrump {contract}\nseat {rel}\n", hand.join(" "));
            for p in &plays {
                script += &format!("play {p}\n");
            }
            let text = advise("2", script);
            assert!(!text.contains("error"), "{text}");
            assert_eq!(text.matches("your turn (trick").count(), 9, "{text}");
            assert!(text.contains("the deal is over"), "{text}");
        }
    }
}

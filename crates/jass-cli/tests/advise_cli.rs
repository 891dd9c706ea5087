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

#[test]
fn a_scripted_deal_gets_advice_with_expected_points() {
    let out = Command::cargo_bin("jass")
        .unwrap()
        .args(["advise", "--worlds", "8"])
        .write_stdin(DEAL)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    // The first lead (36 cards left): the rule player's card, no values yet.
    assert!(text.contains("your turn (trick 1): play"), "{text}");
    assert!(text.contains("rule player's choice"), "{text}");
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
}

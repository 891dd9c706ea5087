//! `jass solve`'s whole output, text and JSON, for a position of every game's record, typed-in
//! positions and its refusals, against `data/solve_snapshot.txt`: what it prints stays the same
//! when the code behind it moves. The seconds are masked (they vary); the node counts are not
//! (the search is deterministic).
//!
//! After a deliberate change of the output: `UPDATE_SNAPSHOT=1 cargo test -p jass-cli --test
//! solve_snapshot`, and read the difference before committing it.

mod common;
use common::jass;

const RECORDS: &str = "tests/data/solve_records.jsonl";
const SNAPSHOT: &str = "tests/data/solve_snapshot.txt";

/// The hands of a typed-in position (seats 0..3).
const HANDS: &str = "HA HK HQ HJ H10 H9 H8 H7 H6 | SA SK SQ SJ S10 S9 S8 S7 S6 | DA DK DQ DJ D10 D9 D8 D7 D6 | CA CK CQ CJ C10 C9 C8 C7 C6";

/// Each case: the arguments after `jass solve` (`RECORDS` stands for the records' file).
fn cases() -> Vec<Vec<&'static str>> {
    let rec = |args: &[&'static str]| {
        let mut all = vec!["--record", RECORDS];
        all.extend_from_slice(args);
        all
    };
    vec![
        // Schieber.
        rec(&["--game", "1", "--deal", "2", "--cards", "20"]),
        rec(&["--game", "1", "--deal", "2", "--cards", "20", "--json"]),
        rec(&[
            "--game", "1", "--deal", "1", "--cards", "22", "--race", "40,30",
        ]),
        rec(&[
            "--game", "1", "--deal", "1", "--cards", "22", "--race", "40,30", "--json",
        ]),
        rec(&[
            "--game",
            "1",
            "--deal",
            "1",
            "--cards",
            "0",
            "--max-nodes",
            "10",
        ]),
        rec(&[
            "--game",
            "1",
            "--deal",
            "1",
            "--cards",
            "0",
            "--max-nodes",
            "10",
            "--json",
        ]),
        rec(&["--game", "1", "--deal", "3"]),
        rec(&["--game", "1", "--deal", "1", "--cards", "36"]),
        rec(&["--game", "1", "--trump", "H", "--leader", "1"]),
        rec(&["--game", "1", "--race", "40"]),
        rec(&["--game", "9"]),
        // Handjass (three players).
        rec(&["--game", "2", "--deal", "2", "--cards", "15"]),
        rec(&["--game", "2", "--deal", "2", "--cards", "15", "--json"]),
        rec(&[
            "--game",
            "2",
            "--deal",
            "2",
            "--cards",
            "3",
            "--max-nodes",
            "100",
        ]),
        rec(&[
            "--game",
            "2",
            "--deal",
            "2",
            "--cards",
            "3",
            "--max-nodes",
            "100",
            "--json",
        ]),
        rec(&["--game", "2", "--deal", "1"]),
        rec(&["--game", "2", "--race", "40,30"]),
        // Sidi Barrani.
        rec(&["--game", "3", "--deal", "1", "--cards", "20"]),
        rec(&["--game", "3", "--deal", "2", "--cards", "21", "--json"]),
        rec(&["--game", "3", "--race", "40,30"]),
        // Coiffeur.
        rec(&["--game", "4", "--deal", "5", "--cards", "22"]),
        rec(&["--game", "4", "--deal", "5", "--cards", "22", "--json"]),
        rec(&["--game", "4", "--race", "40,30"]),
        // Differenzler.
        rec(&["--game", "5", "--deal", "2", "--cards", "24"]),
        rec(&["--game", "5", "--deal", "2", "--cards", "25", "--json"]),
        rec(&["--game", "5", "--deal", "2", "--cards", "40"]),
        // Schellenjass.
        rec(&["--game", "6", "--deal", "1", "--cards", "20"]),
        rec(&["--game", "6", "--deal", "1", "--cards", "24", "--json"]),
        rec(&[
            "--game", "6", "--deal", "1", "--cards", "24", "--race", "3,4",
        ]),
        // Typed in.
        vec![
            "--hands",
            HANDS,
            "--trump",
            "H",
            "--played",
            "HA SA DA CA HK",
        ],
        vec![
            "--hands", HANDS, "--trump", "misere", "--played", "HA SA", "--json",
        ],
        vec![
            "--hands", HANDS, "--trump", "slalom", "--leader", "2", "--rules", "weak",
        ],
        vec![
            "--hands",
            HANDS,
            "--trump",
            "undenufe",
            "--undenufe-eleven",
            "six",
            "--race",
            "30,50",
        ],
        vec!["--hands", HANDS, "--trump", "misere", "--race", "30,50"],
        vec!["--hands", "HA | SA"],
        vec!["--hands", HANDS, "--played", "HA HA"],
        vec![],
    ]
}

/// `n` (digits and a point) before each " s," and " s)" replaced by `T`.
fn mask_seconds(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("\"seconds\":") {
            let indent = &line[..line.len() - line.trim_start().len()];
            out.push_str(&format!("{indent}\"seconds\": T,\n"));
            continue;
        }
        let mut masked = line.to_string();
        for end in [" s,", " s)"] {
            if let Some(at) = masked.find(end) {
                let start = masked[..at]
                    .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .map_or(0, |i| i + 1);
                masked.replace_range(start..at, "T");
            }
        }
        out.push_str(&masked);
        out.push('\n');
    }
    out
}

#[test]
fn solve_prints_what_it_printed() {
    let mut transcript = String::new();
    for args in cases() {
        let out = jass().arg("solve").args(&args).output().unwrap();
        transcript.push_str(&format!(
            "$ jass solve {}\nexit {}\n--- stdout\n{}--- stderr\n{}\n",
            args.join(" "),
            out.status.code().unwrap_or(-1),
            mask_seconds(&String::from_utf8_lossy(&out.stdout)),
            mask_seconds(&String::from_utf8_lossy(&out.stderr)),
        ));
    }
    if std::env::var_os("UPDATE_SNAPSHOT").is_some() {
        std::fs::write(SNAPSHOT, &transcript).unwrap();
        return;
    }
    let want = std::fs::read_to_string(SNAPSHOT).unwrap();
    // Line by line, so that a failure names the first line that differs.
    for (i, (got, want)) in transcript.lines().zip(want.lines()).enumerate() {
        assert_eq!(got, want, "line {} of {SNAPSHOT} differs", i + 1);
    }
    assert_eq!(
        transcript.lines().count(),
        want.lines().count(),
        "{SNAPSHOT} has another number of lines"
    );
}

//! `jass solve --record` on the team games besides Schieber: a Coiffeur position gives the same
//! values as the same position typed in, and a Sidi Barrani position says with each card whether
//! the declarer's team makes its bid, which agrees with the engine's own scoring at the last
//! card and with the cards' values when the declarer's side is to move.

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{jass, solve_json as solve, solve_refuses};

/// A simulated game of `game` (rule players, `seed`) as a JSON record in `dir`.
fn record(dir: &tempfile::TempDir, game: &str, seed: &str) -> (std::path::PathBuf, Value) {
    let file = dir.path().join(format!("{game}.json"));
    jass()
        .args([
            "simulate",
            "-g",
            game,
            "--seed",
            seed,
            "--players",
            "rule",
            "--out",
        ])
        .arg(&file)
        .assert()
        .success();
    let rec = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    (file, rec)
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

/// The cards of a record's deal played in order (`play` actions).
fn played(deal: &Value) -> Vec<String> {
    deal["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["action"] == "play")
        .map(|a| a["card"].as_str().unwrap().to_string())
        .collect()
}

/// `jass solve --record` at deal `deal` (1-based) of the record in `file`, `n` cards played.
fn from_record(file: &std::path::Path, deal: usize, n: usize) -> Value {
    solve(&[
        "--record".into(),
        file.to_str().unwrap().into(),
        "--deal".into(),
        deal.to_string(),
        "--cards".into(),
        n.to_string(),
    ])
}

/// `jass solve` on a record's deal typed in: its hands and contract, `leader` leading the first
/// trick, its first `n` cards played.
fn typed_in(deal: &Value, leader: &Value, n: usize) -> Value {
    let hands: Vec<String> = deal["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| strings(h).join(" "))
        .collect();
    solve(&[
        "--hands".into(),
        hands.join("|"),
        "--trump".into(),
        deal["contract"].as_str().unwrap().into(),
        "--leader".into(),
        leader.to_string(),
        "--played".into(),
        played(deal)[..n].join(" "),
    ])
}

#[test]
fn a_coiffeur_position_has_the_values_of_the_same_position_typed_in() {
    let dir = tempfile::tempdir().unwrap();
    let (file, rec) = record(&dir, "coiffeur", "3");
    let deals = rec["deals"].as_array().unwrap();
    assert!(deals.len() >= 3);
    for (i, d) in deals.iter().enumerate().take(3) {
        for n in [16, 23] {
            let from_record = from_record(&file, i + 1, n);
            let typed = typed_in(d, &d["forehand"], n);
            assert_eq!(
                from_record["values"],
                typed["values"],
                "deal {} at {n}",
                i + 1
            );
            assert_eq!(from_record["cards_left"], 36 - n as u64);
            assert!(from_record.get("bid").is_none());
        }
    }
}

#[test]
fn a_sidi_barrani_position_says_which_cards_make_the_bid() {
    let dir = tempfile::tempdir().unwrap();
    let (file, rec) = record(&dir, "sidi-barrani", "4");
    let path = file.to_str().unwrap().to_string();
    let at = |deal: usize, cards: usize| {
        solve(&[
            "--record".into(),
            path.clone(),
            "--deal".into(),
            deal.to_string(),
            "--cards".into(),
            cards.to_string(),
        ])
    };
    let mut checked = [0; 2];
    for (i, d) in rec["deals"].as_array().unwrap().iter().enumerate() {
        if d["contract"].is_null() {
            continue;
        }
        let declarer_team = d["contract"]["declarer"].as_u64().unwrap() % 2;
        // The last card is forced: whether it makes the bid is the engine's verdict on the deal.
        let last = at(i + 1, 35);
        let bid = &last["bid"];
        assert_eq!(bid["declarer_team"].as_u64().unwrap(), declarer_team);
        assert_eq!(bid["points"], d["contract"]["points"]);
        let makes = !bid["makes"].as_array().unwrap().is_empty();
        assert_eq!(Some(makes), d["result"]["made"].as_bool(), "deal {}", i + 1);
        checked[0] += 1;
        // When the declarer's side is to move, a card makes the bid exactly when its value (the
        // most points that side can be sure of) reaches what the side still needs: two searches
        // of another kind (a threshold; the values) that must agree.
        for cards in [12, 17, 22] {
            let v = at(i + 1, cards);
            if v["team"].as_u64().unwrap() != declarer_team {
                continue;
            }
            let need = v["bid"]["need"].as_u64().unwrap();
            let makes = strings(&v["bid"]["makes"]);
            let down = strings(&v["bid"]["goes_down"]);
            for c in v["values"].as_array().unwrap() {
                let card = c["card"].as_str().unwrap().to_string();
                let reaches = c["value"].as_u64().unwrap() >= need;
                assert_eq!(
                    makes.contains(&card),
                    reaches,
                    "deal {} at {cards}: {v}",
                    i + 1
                );
                assert_eq!(down.contains(&card), !reaches);
            }
            checked[1] += 1;
        }
    }
    assert!(checked[0] >= 3 && checked[1] >= 3, "{checked:?}");
    jass()
        .args(["solve", "--race", "40,30", "--record", &path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("leave --race out"));
    jass()
        .args(["solve", "--deal", "999", "--record", &path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--deal 999"));
}

/// A team-game record is checked as `jass check` checks it before a position is taken from it,
/// and the options that describe a position by hand are refused: a hand missing a card, a
/// contract its auction does not give or an unknown version is an error with exit code 2, never
/// a panic or a silently wrong position.
#[test]
fn team_records_are_checked_and_refuse_hand_options() {
    let dir = tempfile::tempdir().unwrap();
    let fails = solve_refuses;
    let write = |name: &str, rec: &Value| {
        let file = dir.path().join(name);
        std::fs::write(&file, serde_json::to_string(rec).unwrap()).unwrap();
        file
    };
    let (sidi, sidi_rec) = record(&dir, "sidi", "4");
    // Seat 2 loses a card it played late in the first deal.
    let mut broken = sidi_rec.clone();
    let last = played(&broken["deals"][0]).pop().unwrap();
    for hand in broken["deals"][0]["hands"].as_array_mut().unwrap() {
        let cards = hand.as_array_mut().unwrap();
        cards.retain(|c| c.as_str() != Some(last.as_str()));
    }
    let f = write("sidi_missing.json", &broken);
    fails(&f, &["--cards", "32"], "the record is inconsistent");
    let mut bid = sidi_rec.clone();
    let points = bid["deals"][0]["contract"]["points"].as_u64().unwrap();
    bid["deals"][0]["contract"]["points"] = (points + 10).into();
    fails(
        &write("sidi_bid.json", &bid),
        &[],
        "the record is inconsistent",
    );
    let mut version = sidi_rec.clone();
    version["version"] = 99.into();
    fails(&write("sidi_v99.json", &version), &[], "version 99");
    fails(
        &sidi,
        &["--trump", "H"],
        "--trump does not apply to a Sidi Barrani record",
    );

    let (coiffeur, _) = record(&dir, "coiffeur", "3");
    fails(&coiffeur, &["--race", "40,30"], "--race: a Coiffeur deal");
    fails(
        &coiffeur,
        &["--leader", "2", "--rules", "weak"],
        "--leader and --rules do not apply to a Coiffeur record",
    );
    let (schieber, _) = record(&dir, "schieber", "5");
    fails(
        &schieber,
        &["--played", "HA", "--undenufe-eleven", "six"],
        "--played and --undenufe-eleven do not apply to a Schieber record",
    );
    fails(
        &schieber,
        &["--cards", "36"],
        "--cards 36: deal 1 has 36 cards of card play; give 0 to 35",
    );
    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "").unwrap();
    fails(&empty, &[], "holds no records");
}

#[test]
fn a_shoved_deal_whose_chooser_leads_is_solved_from_the_chooser() {
    // `first_lead=chooser` (JassWiki, "Ausspiel"): after schieben the partner who chose leads,
    // and the record's position must start from that seat, not from forehand.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("schieber.json");
    jass()
        .args(["simulate", "-g", "schieber", "--seed", "7", "-n", "1"])
        .args(["-o", "first_lead=chooser", "-o", "target=1000"])
        .args(["--players", "rule", "--out"])
        .arg(&file)
        .assert()
        .success();
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let deals = rec["deals"].as_array().unwrap();
    let (i, d) = deals
        .iter()
        .enumerate()
        .find(|(_, d)| d["schoben"] == true && d["tricks"].as_array().unwrap().len() == 9)
        .expect("a whole shoved deal");
    assert_eq!(d["tricks"][0]["leader"], d["chooser"]);
    assert_ne!(d["chooser"], d["forehand"]);
    let from_record = from_record(&file, i + 1, 22);
    let typed = typed_in(d, &d["chooser"], 22);
    assert_eq!(from_record["values"], typed["values"]);
    assert_eq!(from_record["seat"], typed["seat"]);
}

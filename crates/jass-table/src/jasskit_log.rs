//! jass-kit and Swisslos game logs ↔ our Schieber records (`jass import`, `jass export`).
//!
//! A log is JSON Lines, one entry per round (deal), as jass-kit's `LogEntryFileGenerator` writes
//! `GameLogEntry.to_json()`: `{"game": STATE, "date": "DD.MM.YY HH:MM:SS", "player_ids": [4 ints]}`
//! where STATE is `GameState.to_json()` of a finished round (`version` `"V0.2"`, `dealer`,
//! `trump`, `forehand`, `currentPlayer`, nine `tricks` of `cards`/`points`/`win`/`first`, four
//! empty `player` hands, `jassTyp`). A bare STATE per line is read too, and so are older states
//! without `version`/`forehand` (then `tss: 1` means pushed), as jass-kit reads them.
//!
//! Each logged round becomes one record of one deal, played through our engine under jass-kit's
//! rules (no Weis, no Stöck, the six counts 11 in Undenufe, every multiplier 1) and checked, so an
//! imported record is always consistent; its game is not over (`result.winner` null,
//! `docs/records.md`). jass-kit player `p` is our seat `(4 - p) % 4` (see `jasskit_http`). Seats are
//! named `jass-kit player ID` from `player_ids`.
//!
//! Export writes each complete deal of a Schieber record as one entry; deals jass-kit cannot hold
//! (Misère, Slalom, shoved back, ended by a claim) are left out with a note. Weis and Stöck have no
//! place in a jass-kit log and are left out with a note; trick points are written as recorded,
//! except in Undenufe played with the ace as 11, recounted with the six as 11 as jass-kit counts.

use jass_core::record::{check_format, GameResult, SeatRecord, FORMAT, VERSION};
use jass_core::schieber::{
    check_record, finish_deal, game_result, ActionEntry, RecordedAction, Schieber, SchieberOptions,
    SchieberRecord, MAX_TARGET,
};
use jass_core::{Card, CardSet, Game, Mode, PointTable, ToMove, UndenufeEleven};
use serde_json::{json, Value};

use crate::jasskit_http::{contract_of, kit_player, trump_code};

/// The `GameState` format version jass-kit 2.0.5 writes.
pub const STATE_VERSION: &str = "V0.2";

/// Our options for an imported round: jass-kit's rules.
pub fn import_options(forehand_seat: u8) -> SchieberOptions {
    crate::checked_options::<jass_core::schieber::Schieber>(&json!({
        "target": MAX_TARGET,
        "multipliers": "single",
        "weis": "none",
        "stoeck": false,
        "undenufe_eleven": "six",
        "first_forehand": format!("seat{forehand_seat}"),
    }))
    .expect("jass-kit's rules are valid options")
}

/// One problem of one log entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    /// 1-based entry (line) number.
    pub entry: usize,
    /// What is wrong, naming the field.
    pub message: String,
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "entry {}: {}", self.entry, self.message)
    }
}

/// Reads a log (JSON Lines; empty lines are skipped): one record per entry, or why not.
pub fn import_log(text: &str) -> Vec<Result<SchieberRecord, LogError>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            let entry = i + 1;
            serde_json::from_str::<Value>(line)
                .map_err(|e| format!("not valid JSON: {e}"))
                .and_then(|v| import_entry(&v))
                .map_err(|message| LogError { entry, message })
        })
        .collect()
}

fn int(v: &Value, path: &str, field: &str, lo: i64, hi: i64) -> Result<i64, String> {
    match v.get(field) {
        None | Some(Value::Null) => Err(format!("`{path}.{field}` is missing")),
        Some(x) => match x.as_i64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(format!("`{path}.{field}` is {x}, expected {lo} to {hi}")),
        },
    }
}

/// One log entry (a `GameLogEntry` or a bare `GameState`) as a record of one deal.
pub fn import_entry(entry: &Value) -> Result<SchieberRecord, String> {
    let game = match entry.get("game") {
        Some(g) => g,
        None if entry.get("tricks").is_some() => entry,
        None => return Err(
            "no `game` field (a GameLogEntry is {\"game\": {…}, \"date\": …, \"player_ids\": […]})"
                .into(),
        ),
    };
    if !game.is_object() {
        return Err("`game` is not a JSON object".into());
    }
    if let Some(v) = game.get("version") {
        if v != STATE_VERSION {
            return Err(format!(
                "`game.version` is {v}, this reader knows \"{STATE_VERSION}\" (and states without a version)"
            ));
        }
    }
    if let Some(t) = game
        .get("jassTyp")
        .filter(|t| t.as_str() != Some("SCHIEBER"))
    {
        return Err(format!(
            "`game.jassTyp` is {t}: only Schieber rounds (\"SCHIEBER\") can be imported"
        ));
    }
    let dealer = int(game, "game", "dealer", 0, 3)?;
    let trump = int(game, "game", "trump", -1, 10)?;
    let Some(contract_name) = contract_of(trump) else {
        return Err(format!(
            "`game.trump` is {trump}: a finished round has a trump 0 to 5 (D H S C obenabe undenufe)"
        ));
    };
    let pushed = match game.get("forehand") {
        Some(_) => match int(game, "game", "forehand", -1, 1)? {
            0 => true,
            1 => false,
            _ => return Err("`game.forehand` is -1: trump was not declared".into()),
        },
        None => game.get("tss").and_then(Value::as_i64) == Some(1),
    };
    if let Some(players) = game.get("player").and_then(Value::as_array) {
        for (p, pd) in players.iter().enumerate() {
            if pd["hand"].as_array().is_some_and(|h| !h.is_empty()) {
                return Err(format!(
                    "`game.player[{p}].hand` still holds cards: only finished rounds (36 cards played) can be imported"
                ));
            }
        }
    }
    let tricks = game
        .get("tricks")
        .and_then(Value::as_array)
        .ok_or("`game.tricks` is missing or not a list")?;
    if tricks.len() != 9 {
        return Err(format!(
            "`game.tricks` has {} tricks: only finished rounds (9 tricks of 4 cards) can be imported",
            tricks.len()
        ));
    }
    // The cards in play order, with their seats (ours).
    let mut plays: Vec<Vec<(u8, Card)>> = Vec::with_capacity(9);
    let mut hands = [CardSet::EMPTY; 4];
    for (t, trick) in tricks.iter().enumerate() {
        let at = |m: String| format!("`game.tricks[{t}]`: {m}");
        let first = int(trick, &format!("game.tricks[{t}]"), "first", 0, 3)?;
        let cards = trick
            .get("cards")
            .and_then(Value::as_array)
            .filter(|c| c.len() == 4)
            .ok_or_else(|| at("`cards` must be a list of 4 cards".into()))?;
        let leader = kit_player(first) as u8;
        let mut trick_plays = Vec::with_capacity(4);
        for (j, c) in cards.iter().enumerate() {
            let card: Card = serde_json::from_value(c.clone())
                .map_err(|_| at(format!("card {j} is {c}, not a card (DA … C6)")))?;
            let seat = (leader + j as u8) % 4;
            if hands.iter().any(|h| h.contains(card)) {
                return Err(at(format!("{card} is played twice in the round")));
            }
            hands[seat as usize].insert(card);
            trick_plays.push((seat, card));
        }
        plays.push(trick_plays);
    }
    let forehand = kit_player((dealer + 3) % 4) as u8; // jass-kit's next_player[dealer]
    let options = import_options(forehand);
    let mut s = Schieber::new(options)?;
    s.deal(hands)
        .map_err(|e| format!("the hands do not make a deal: {e}"))?;
    let mut actions = Vec::new();
    let mut act = |s: &mut Schieber, action: RecordedAction, what: &str| -> Result<(), String> {
        let ToMove::Seat(seat) = s.to_move() else {
            return Err(format!("{what}: nobody is to act"));
        };
        let a = match action {
            RecordedAction::Schieben {} => jass_core::schieber::SchieberAction::Schieben,
            RecordedAction::Contract { contract } => {
                jass_core::schieber::SchieberAction::Contract { contract }
            }
            RecordedAction::Play { card } => jass_core::schieber::SchieberAction::Play { card },
            _ => unreachable!("import makes no Weis or Stöck"),
        };
        s.apply(a)
            .map_err(|e| format!("{what} (jass-kit player {}): {e}", kit_player(seat as i64)))?;
        actions.push(ActionEntry {
            seat: seat as u8,
            action,
            fallback: None,
        });
        Ok(())
    };
    if pushed {
        act(&mut s, RecordedAction::Schieben {}, "schieben")?;
    }
    let contract = serde_json::from_value(json!(contract_name)).expect("a contract name");
    act(&mut s, RecordedAction::Contract { contract }, "the trump")?;
    for (t, trick) in plays.iter().enumerate() {
        for (j, &(seat, card)) in trick.iter().enumerate() {
            if s.to_move() != ToMove::Seat(seat as usize) {
                return Err(format!(
                    "`game.tricks[{t}].first` is {}, but by the rules jass-kit player {} leads trick {t}",
                    kit_player(trick[0].0 as i64),
                    match s.to_move() {
                        ToMove::Seat(p) => kit_player((p as i64 + 4 - j as i64) % 4),
                        _ => -1,
                    }
                ));
            }
            act(
                &mut s,
                RecordedAction::Play { card },
                &format!("`game.tricks[{t}].cards[{j}]` {card}"),
            )?;
        }
        let (_, _, winner, points) = s.completed_trick(t);
        let logged = &tricks[t];
        // `win` and `points` may be left out; given, they must be right (a string, a fraction,
        // a negative number is an error too, not skipped).
        let given = |field: &str, hi: i64| -> Result<Option<i64>, String> {
            match logged.get(field) {
                None => Ok(None),
                Some(_) => int(logged, &format!("game.tricks[{t}]"), field, 0, hi).map(Some),
            }
        };
        if let Some(w) = given("win", 3)? {
            if w != kit_player(winner as i64) {
                return Err(format!(
                    "`game.tricks[{t}].win` is {w}, but by the rules jass-kit player {} takes the trick",
                    kit_player(winner as i64)
                ));
            }
        }
        if let Some(p) = given("points", 257)? {
            if p != points as i64 {
                return Err(format!(
                    "`game.tricks[{t}].points` is {p}, but the trick is worth {points} (six = 11 in Undenufe, 5 for the last trick)"
                ));
            }
        }
    }
    let ids: Vec<String> = match entry.get("player_ids") {
        None => vec!["?".into(); 4],
        Some(Value::Array(a)) if a.len() == 4 && a.iter().all(Value::is_i64) => {
            a.iter().map(Value::to_string).collect()
        }
        Some(other) => {
            return Err(format!(
                "`player_ids` is {}: four whole numbers, one per jass-kit player",
                crate::request::clip_to(&other.to_string(), 80)
            ))
        }
    };
    let seats = (0..4)
        .map(|seat| SeatRecord {
            name: format!("jass-kit player {}", ids[kit_player(seat) as usize]),
        })
        .collect();
    let record = SchieberRecord {
        game: Default::default(),
        format: FORMAT.into(),
        version: VERSION,
        options,
        seats,
        seed: None,
        deals: vec![finish_deal(&s, s.deals_started(), s.dealer(), actions)],
        result: GameResult {
            // One logged round is a record of one deal, stopped before the game is over
            // (unless that deal reached the target).
            stopped: s.winner().is_none(),
            ..game_result(&s)
        },
    };
    check_record(&record).map_err(|e| format!("the imported round does not check: {e}"))?;
    Ok(record)
}

/// The jass-kit player id of a seat named `jass-kit player ID` (else 0).
fn player_id(name: &str) -> Value {
    name.strip_prefix("jass-kit player ")
        .and_then(|id| serde_json::from_str::<Value>(id).ok())
        .filter(Value::is_i64)
        .unwrap_or(json!(0))
}

/// Every complete deal of a Schieber record as a jass-kit log entry dated `date`
/// (`DD.MM.YY HH:MM:SS`), and notes on what was left out.
pub fn export_record(
    rec: &SchieberRecord,
    date: &str,
) -> Result<(Vec<Value>, Vec<String>), String> {
    check_format(&rec.format, rec.version).map_err(|e| e.to_string())?;
    let mut notes = Vec::new();
    if rec.options.weis != jass_core::schieber::WeisOption::None || rec.options.stoeck {
        notes.push(
            "Weis and Stöck have no place in a jass-kit log: they are left out (trick points are kept)"
                .to_string(),
        );
    }
    let mut player_ids = vec![json!(0); 4];
    for (seat, s) in rec.seats.iter().enumerate().take(4) {
        player_ids[kit_player(seat as i64) as usize] = player_id(&s.name);
    }
    let mut out = Vec::new();
    for d in &rec.deals {
        let skip = |why: &str| format!("deal {} left out: {why}", d.number);
        let Some(contract) = d.settled.contract else {
            notes.push(skip("no contract"));
            continue;
        };
        let name = serde_json::to_value(contract).expect("contracts serialize");
        let Some(trump) = name.as_str().and_then(trump_code) else {
            notes.push(skip(&format!("jass-kit has no contract {name}")));
            continue;
        };
        if d.tricks.len() != 9 {
            notes.push(skip(&format!(
                "the game ended during it ({} tricks): jass-kit logs hold whole rounds",
                d.tricks.len()
            )));
            continue;
        }
        if d.settled.schoben && d.settled.chooser == Some(d.start.forehand) {
            notes.push(skip(
                "shoved back (zurueckschieben): jass-kit has no such move",
            ));
            continue;
        }
        // jass-kit counts the six 11 in Undenufe (the ace 0): a deal played with the ace's 11
        // gets its trick points recounted, so that the log adds up as jass-kit and `jass import`
        // add it (the last trick's 5 stays).
        let mode = contract.mode();
        let recount = mode == Mode::Undenufe && rec.options.undenufe_eleven != UndenufeEleven::Six;
        if recount {
            notes.push(format!(
                "deal {}: Undenufe recounted with the six as 11, as jass-kit counts (the record counts the ace 11)",
                d.number
            ));
        }
        let (ours, kits) = (
            PointTable::new(mode, rec.options.undenufe_eleven),
            PointTable::new(mode, UndenufeEleven::Six),
        );
        let tricks: Vec<Value> = d
            .tricks
            .iter()
            .map(|t| {
                let points = if recount {
                    let cards = || t.cards.iter().copied();
                    t.points + cards().map(|c| kits.card(c)).sum::<u32>()
                        - cards().map(|c| ours.card(c)).sum::<u32>()
                } else {
                    t.points
                };
                json!({
                    "cards": t.cards,
                    "points": points,
                    "win": kit_player(t.winner as i64),
                    "first": kit_player(t.leader as i64),
                })
            })
            .collect();
        out.push(json!({
            "game": {
                "version": STATE_VERSION,
                "trump": trump,
                "dealer": kit_player(d.dealer as i64),
                "currentPlayer": -1,
                "forehand": if d.settled.schoben { 0 } else { 1 },
                "tricks": tricks,
                "player": [{"hand": []}, {"hand": []}, {"hand": []}, {"hand": []}],
                "jassTyp": "SCHIEBER",
            },
            "date": date,
            "player_ids": player_ids,
        }));
    }
    Ok((out, notes))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = r#"{"game":{"version":"V0.2","trump":1,"dealer":1,"currentPlayer":-1,"forehand":1,"tricks":[{"cards":["DA","D9","DQ","H7"],"points":14,"win":1,"first":0},{"cards":["S10","HA","SA","S7"],"points":32,"win":0,"first":1},{"cards":["S8","H10","S6","HQ"],"points":13,"win":1,"first":0},{"cards":["C10","H8","HJ","CK"],"points":34,"win":3,"first":1},{"cards":["D6","C8","DK","D8"],"points":4,"win":1,"first":3},{"cards":["CA","H6","HK","C7"],"points":15,"win":3,"first":1},{"cards":["SK","SJ","S9","C6"],"points":6,"win":3,"first":3},{"cards":["D10","H9","CQ","D7"],"points":27,"win":2,"first":3},{"cards":["CJ","SQ","DJ","C9"],"points":12,"win":2,"first":2}],"player":[{"hand":[]},{"hand":[]},{"hand":[]},{"hand":[]}],"jassTyp":"SCHIEBER"},"date":"01.08.20 12:00:00","player_ids":[100,200,300,400]}"#;

    #[test]
    fn a_logged_round_imports_and_exports_unchanged() {
        let v: Value = serde_json::from_str(LINE).unwrap();
        let rec = import_entry(&v).unwrap();
        assert_eq!(
            rec.deals[0].start.forehand, 0,
            "jass-kit's next_player[1] = 0"
        );
        assert_eq!(rec.seats[1].name, "jass-kit player 400");
        let (entries, notes) = export_record(&rec, "01.08.20 12:00:00").unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(entries, vec![v]);
    }

    #[test]
    fn wrong_entries_name_the_field() {
        let v: Value = serde_json::from_str(LINE).unwrap();
        let mut bad = v.clone();
        bad["game"]["trump"] = json!(9);
        assert!(import_entry(&bad)
            .unwrap_err()
            .contains("`game.trump` is 9"));
        let mut bad = v.clone();
        bad["game"]["tricks"][2]["cards"][1] = json!("X1");
        let e = import_entry(&bad).unwrap_err();
        assert!(e.contains("`game.tricks[2]`") && e.contains("X1"), "{e}");
        let mut bad = v.clone();
        bad["game"]["tricks"][4]["win"] = json!(0);
        let e = import_entry(&bad).unwrap_err();
        assert!(e.contains("`game.tricks[4].win` is 0"), "{e}");
        let mut bad = v.clone();
        bad["game"]["tricks"][0]["points"] = json!(99);
        assert!(import_entry(&bad).unwrap_err().contains("points` is 99"));
        // Given in the wrong form, a field is an error, not skipped.
        for (field, value) in [
            ("points", json!("14")),
            ("points", json!(-1)),
            ("points", json!(14.5)),
            ("win", json!("1")),
            ("win", json!(null)),
        ] {
            let mut bad = v.clone();
            bad["game"]["tricks"][0][field] = value.clone();
            let e = import_entry(&bad).unwrap_err();
            assert!(
                e.contains(&format!("`game.tricks[0].{field}`")),
                "{field} {value}: {e}"
            );
        }
        let mut bad = v.clone();
        bad["game"]["jassTyp"] = json!("DIFFERENZLER");
        assert!(import_entry(&bad).unwrap_err().contains("`game.jassTyp`"));
        for ids in [
            json!([1, 2, 3, 4, 5]),
            json!(["a", "b", "c", "d"]),
            json!(7),
        ] {
            let mut bad = v.clone();
            bad["player_ids"] = ids;
            assert!(import_entry(&bad).unwrap_err().contains("`player_ids`"));
        }
        let mut bad = v.clone();
        bad["game"]["tricks"].as_array_mut().unwrap().pop();
        assert!(import_entry(&bad).unwrap_err().contains("8 tricks"));
        let mut bad = v.clone();
        bad["game"]["dealer"] = json!(null);
        assert!(import_entry(&bad)
            .unwrap_err()
            .contains("`game.dealer` is missing"));
        let mut bad = v;
        // Swap two cards between tricks: a revoke or a wrong leader follows.
        bad["game"]["tricks"][0]["cards"][0] = json!("CJ");
        bad["game"]["tricks"][8]["cards"][0] = json!("DA");
        assert!(import_entry(&bad).is_err());
        let errs = import_log("{\"game\": 1}\nnot json\n");
        assert_eq!(errs.len(), 2);
        assert!(errs[0]
            .as_ref()
            .unwrap_err()
            .to_string()
            .starts_with("entry 1: "));
        assert!(errs[1]
            .as_ref()
            .unwrap_err()
            .message
            .contains("not valid JSON"));
    }
}

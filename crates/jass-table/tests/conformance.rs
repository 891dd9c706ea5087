//! The conformance suite: what every registered game must do, run for every game of the registry
//! and every option set it declares (`TableGame::presets`), in the spirit of OpenSpiel's
//! `RandomSimTest`. Registering a game enrols it.
//!
//! For random, rule and mixed tables, seeded: the game plays to its end; at every decision the
//! legal actions are offered, each written in record notation is told apart from the others and
//! read back as itself (what a bot or a browser answers); every seat's view and the spectators'
//! view serialize, the spectators' without a hand; the deal's score lines add up, every deal has
//! them, and what they write adds up to the verdict's totals; every phrase of the table view and
//! the verdict, and the words of every legal action, are in the phrase book; the record checks, reads back from its JSON unchanged, names
//! the game's seats and deals as its verdict does; the same seed plays the same game.

use jass_core::{ActionList, Player, ToMove};
use jass_table::Record;
use jass_table::{
    bot, match_answer, GameKind, GameVisitor, LineRole, Phrase, PhraseBook, TableGame,
};
use serde_json::Value;

/// What went wrong, naming the game, the option set and the table.
type Outcome = Result<usize, String>;

struct Conformance {
    seed: u64,
}

impl GameVisitor for Conformance {
    type Output = Vec<Outcome>;
    fn visit<G: TableGame>(self) -> Vec<Outcome> {
        let presets = G::presets();
        assert!(!presets.is_empty(), "{} declares no option set", G::NAME);
        let mut outcomes = Vec::new();
        for (name, options) in presets {
            let o = match G::read_options(&options) {
                Ok(o) => o,
                Err(e) => {
                    outcomes.push(Err(format!(
                        "{} `{name}`: its options are refused: {e}",
                        G::NAME
                    )));
                    continue;
                }
            };
            let spec = G::KIND.spec(&options).expect("read_options accepted them");
            let seats = G::seat_count(&o);
            if spec.seats() != seats {
                outcomes.push(Err(format!(
                    "{} `{name}`: the spec says {} seats, the options {seats}",
                    G::NAME,
                    spec.seats()
                )));
            }
            for table in [["random"; 2], ["rule"; 2], ["rule", "random"]] {
                let label = format!("{} `{name}` {table:?}", G::NAME);
                outcomes.push(
                    play_one::<G>(o, seats, &table, self.seed).map_err(|e| format!("{label}: {e}")),
                );
            }
        }
        outcomes
    }
}

/// The players of a table: `names` alternate over the seats.
fn players<G: TableGame>(
    o: &G::Options,
    seats: usize,
    names: &[&str],
    seed: u64,
) -> Vec<Box<dyn Player<G>>> {
    (0..seats)
        .map(|s| bot::<G>(names[s % names.len()], o, s, seed).expect("computer players exist"))
        .collect()
}

/// Plays one seeded game and checks it; the number of decisions taken.
fn play_one<G: TableGame>(o: G::Options, seats: usize, names: &[&str], seed: u64) -> Outcome {
    let mut problems: Vec<String> = Vec::new();
    let mut decisions = 0usize;
    let mut legal = ActionList::new();
    // Each deal's score lines, taken once as the deal ends.
    let mut deals_lines: Vec<Vec<jass_table::ScoreLine>> = Vec::new();
    let mut lines_before = false;
    let mut watch = |state: &G| {
        if problems.len() > 3 {
            return;
        }
        let view = state.table_view(seats);
        if !view.deal_lines.is_empty() && !lines_before {
            deals_lines.push(view.deal_lines.clone());
        }
        lines_before = !view.deal_lines.is_empty();
        let phrases = view
            .deal_lines
            .iter()
            .map(|l| &l.label)
            .chain(&view.facts)
            .chain(&view.slate.columns)
            .chain(&view.slate.notes)
            .chain(view.slate.rows.iter().map(|r| &r.label));
        if let Some(p) = phrases.into_iter().find(|p| !in_book(p)) {
            problems.push(format!("the phrase `{}` is not in the phrase book", p.key));
        }
        for s in 0..seats {
            if !state.view_json(s).is_object() {
                problems.push(format!("the view of seat {s} is not a JSON object"));
            }
        }
        if let Err(e) = jass_table::ScoreLine::check(&state.deal_lines()) {
            problems.push(format!("the deal's score lines do not add up: {e}"));
        }
        let public = state.public_view_json();
        if public
            .get("hand")
            .is_some_and(|h| h.as_array().is_some_and(|a| !a.is_empty()))
        {
            problems.push(format!("the spectators' view shows a hand: {public}"));
        }
        let ToMove::Seat(seat) = state.to_move() else {
            return;
        };
        decisions += 1;
        state.legal_actions(&mut legal);
        if legal.is_empty() {
            problems.push(format!("seat {seat} is to move with no legal action"));
            return;
        }
        let written: Vec<Value> = legal.iter().map(G::action_json).collect();
        if let Some(key) = written.iter().find_map(action_words_missing) {
            problems.push(format!(
                "the action's words `{key}` are not in the phrase book"
            ));
        }
        for (i, json) in written.iter().enumerate() {
            match match_answer(json, &written) {
                Ok(j) if j == i => {}
                Ok(j) => problems.push(format!(
                    "legal action {i} ({}) is written {json}, which reads as action {j} ({})",
                    legal.get(i),
                    legal.get(j)
                )),
                Err(e) => problems.push(format!("legal action {json} does not read back: {e}")),
            }
        }
    };
    let record = G::play(
        o,
        seed,
        &mut players::<G>(&o, seats, names, seed),
        &mut watch,
    )?;
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    check_record::<G>(&record, seats)?;
    check_lines::<G>(&record, &deals_lines)?;
    let again = G::play(
        o,
        seed,
        &mut players::<G>(&o, seats, names, seed),
        &mut |_| {},
    )?;
    if again.to_json_line() != record.to_json_line() {
        return Err(format!(
            "seed {seed} played twice gives two different games"
        ));
    }
    Ok(decisions)
}

/// Whether the phrase and the phrases in its arguments are in every book (English, German).
fn in_book(p: &Phrase) -> bool {
    let json = serde_json::to_value(p).unwrap();
    fn keys(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if let Some(k) = m.get("key").and_then(Value::as_str) {
                    out.push(k.to_string());
                }
                m.values().for_each(|x| keys(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    keys(&json, &mut all);
    PhraseBook::languages()
        .map(|lang| PhraseBook::language(lang).expect("a book of every language"))
        .all(|book| all.iter().all(|k| book.has(k)))
}

/// The first key missing from a book of the words the front ends name `action` by, if any: an
/// action worded by its kind alone (all but the ones every front end words itself: a card played,
/// a contract or trump, Weis, Stöck, a bid, an announcement) needs `act_<kind>` (the terminal,
/// `jass show`), `ui_act_<kind>` (the browser's table talk) and, without a card, `ui_btn_<kind>`
/// (its button): in the common books, or in the game's `phrases.json` if only it has the kind.
fn action_words_missing(action: &Value) -> Option<String> {
    let kind = action["action"].as_str().unwrap_or("?");
    if matches!(
        kind,
        "play" | "contract" | "trump" | "weis" | "stoeck" | "bid" | "announce"
    ) {
        return None;
    }
    let mut keys = vec![format!("act_{kind}"), format!("ui_act_{kind}")];
    if action.get("card").is_none() {
        keys.push(format!("ui_btn_{kind}"));
    }
    keys.into_iter().find(|key| {
        !PhraseBook::languages().all(|lang| PhraseBook::language(lang).unwrap().has(key))
    })
}

/// Every deal of the record has its score lines, and what they write adds up, deal by deal, to
/// the verdict's totals; the verdict's own phrases are in the book.
fn check_lines<G: TableGame>(
    record: &Record,
    deals_lines: &[Vec<jass_table::ScoreLine>],
) -> Result<(), String> {
    let verdict = G::verdict(record);
    if deals_lines.len() != verdict.deals {
        return Err(format!(
            "{} deals have score lines, the record holds {}",
            deals_lines.len(),
            verdict.deals
        ));
    }
    let mut written = vec![0i64; verdict.totals.len()];
    for (d, lines) in deals_lines.iter().enumerate() {
        let Some(last) = lines.last().filter(|l| l.role == LineRole::Written) else {
            return Err(format!(
                "deal {}: the score lines end in no written line",
                d + 1
            ));
        };
        if last.values.len() != written.len() {
            return Err(format!(
                "deal {}: {} sides written, {} in the verdict",
                d + 1,
                last.values.len(),
                written.len()
            ));
        }
        for (w, v) in written.iter_mut().zip(&last.values) {
            *w += v;
        }
    }
    if written != verdict.totals {
        return Err(format!(
            "the deals' written lines add up to {written:?}, the verdict's totals are {:?}",
            verdict.totals
        ));
    }
    if verdict.lines.is_empty() || !verdict.lines.iter().all(in_book) {
        return Err(format!(
            "the verdict's phrases are missing or not in the book: {:?}",
            verdict.lines
        ));
    }
    Ok(())
}

/// The record checks, reads back from its JSON, and agrees with the game's verdict.
fn check_record<G: TableGame>(record: &Record, seats: usize) -> Result<(), String> {
    if record.game() != G::NAME {
        return Err(format!("the record names the game `{}`", record.game()));
    }
    record
        .check()
        .map_err(|e| format!("the record does not check: {e}"))?;
    let json: Value = serde_json::from_str(&record.to_json_line()).map_err(|e| e.to_string())?;
    let read = Record::from_value(json.clone())
        .map_err(|e| format!("the record does not read back: {e}"))?;
    if read.to_json_line() != record.to_json_line() {
        return Err("the record reads back as another record".into());
    }
    let recorded_seats = json["seats"].as_array().map_or(0, Vec::len);
    if recorded_seats != seats {
        return Err(format!(
            "the record names {recorded_seats} seats, the table has {seats}"
        ));
    }
    let deals = json["deals"].as_array().map_or(0, Vec::len);
    let verdict = G::verdict(record);
    if verdict.deals != deals || deals == 0 {
        return Err(format!(
            "the verdict counts {} deals, the record holds {deals}",
            verdict.deals
        ));
    }
    let sides = if G::TEAMS { 2 } else { seats };
    if verdict.winner.is_some_and(|w| w >= sides) || verdict.loser.is_some_and(|l| l >= seats) {
        return Err(format!(
            "the verdict names a side that is not at the table: {verdict:?}"
        ));
    }
    Ok(())
}

#[test]
fn every_registered_game_conforms_with_every_option_set() {
    let mut failures = Vec::new();
    let mut decisions = 0;
    for kind in GameKind::ALL {
        for (i, outcome) in kind
            .visit(Conformance {
                seed: 40 + kind as u64,
            })
            .into_iter()
            .enumerate()
        {
            match outcome {
                Ok(n) => decisions += n,
                Err(e) => failures.push(format!("{} #{i}: {e}", kind.name())),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every game is played with decisions to take (a game that ends at once tests nothing).
    assert!(decisions > 10_000, "only {decisions} decisions were taken");
}

#[test]
fn a_wrong_record_is_caught_by_the_suites_check() {
    // The suite's own check must be able to fail: a record whose seats were cut.
    let o = jass_table::checked_options::<jass_core::schieber::Schieber>(
        &serde_json::json!({"target": 1000}),
    )
    .unwrap();
    let record = <jass_core::schieber::Schieber as TableGame>::play(
        o,
        3,
        &mut players::<jass_core::schieber::Schieber>(&o, 4, &["rule"], 3),
        &mut |_| {},
    )
    .unwrap();
    assert!(check_record::<jass_core::schieber::Schieber>(&record, 4).is_ok());
    let e = check_record::<jass_core::schieber::Schieber>(&record, 3).unwrap_err();
    assert!(e.contains("names 4 seats"), "{e}");
    let e = check_record::<jass_core::handjass::Handjass>(&record, 4).unwrap_err();
    assert!(e.contains("names the game `schieber`"), "{e}");
}

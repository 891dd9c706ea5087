//! Records that stop by choice after a deal (`result.stopped`), as `jass arena --out` writes them:
//! they re-play, they match the schema, and the flag cannot hide a wrong ending.

use jass_core::deal::SeededDealer;
use jass_core::game::{Decision, Game, Player};
use jass_core::handjass::{self, Handjass, HandjassOptions};
use jass_core::schieber::{self, Schieber, SchieberOptions};
use jass_core::sidi::{self, Sidi, SidiOptions};
use jass_table::Record;
use serde_json::Value;

const SCHEMA: &str = include_str!("../../../docs/record.schema.json");

/// The first legal action every time (deterministic, any game).
struct First;

impl<G: Game> Player<G> for First {
    fn name(&self) -> String {
        "first".into()
    }
    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        decision.legal.get(0)
    }
}

fn players<G: Game + 'static>(n: usize) -> Vec<Box<dyn Player<G>>> {
    (0..n)
        .map(|_| Box::new(First) as Box<dyn Player<G>>)
        .collect()
}

fn schema_problems(record: &Record) -> Vec<String> {
    let schema: Value = serde_json::from_str(SCHEMA).expect("schema is JSON");
    let v = jsonschema::draft202012::new(&schema).expect("schema compiles");
    let instance = serde_json::to_value(record).expect("serializes");
    v.iter_errors(&instance).map(|e| e.to_string()).collect()
}

/// One deal of each game, stopped after it.
fn one_deal_records() -> Vec<Record> {
    let mut out = Vec::new();
    for seed in 0..3u64 {
        let mut dealer = SeededDealer::new(seed);
        let mut given = 0;
        let rec = schieber::play_recorded_from(
            SchieberOptions::default(),
            None,
            &mut players::<Schieber>(4),
            &mut |s: &Schieber| {
                given += 1;
                (given == 1).then(|| s.deal_from_pack(&dealer.next_pack()))
            },
            &mut |_| {},
        )
        .expect("plays");
        assert_eq!(rec.deals.len(), 1);
        assert!(rec.result.stopped);
        out.push(Record::Schieber(rec));

        let mut dealer = SeededDealer::new(seed);
        let mut given = 0;
        let rec = sidi::play_recorded_from(
            SidiOptions::default(),
            Some(seed),
            &mut players::<Sidi>(4),
            &mut |s: &Sidi| {
                given += 1;
                (given == 1).then(|| s.deal_from_pack(&dealer.next_pack()))
            },
            &mut |_| {},
        )
        .expect("plays");
        assert_eq!(rec.deals.len(), 1);
        assert!(rec.result.stopped);
        out.push(Record::Sidi(rec));

        let o = HandjassOptions {
            players: 3,
            ..HandjassOptions::default()
        };
        let mut dealer = SeededDealer::new(seed);
        let mut given = 0;
        let rec = handjass::play_recorded_from(
            o,
            Some(seed),
            &mut players::<Handjass>(3),
            &mut |s: &Handjass| {
                given += 1;
                (given == 1).then(|| s.deal_from_pack(&dealer.next_pack()))
            },
            &mut |_| {},
        )
        .expect("plays");
        assert_eq!(rec.deals.len(), 1);
        assert!(rec.result.stopped);
        out.push(Record::Handjass(rec));
    }
    out
}

#[test]
fn a_stopped_record_replays_and_matches_the_schema() {
    for r in one_deal_records() {
        r.check()
            .unwrap_or_else(|e| panic!("{}: {e}", r.to_json_line()));
        let p = schema_problems(&r);
        assert!(p.is_empty(), "{}: {p:?}", r.game());
        assert!(r.to_json_line().contains("\"stopped\":true"));
        // Read back from its JSON.
        let back = Record::from_value(serde_json::from_str(&r.to_json_line()).unwrap()).unwrap();
        assert_eq!(back, r);
    }
}

#[test]
fn without_the_flag_a_one_deal_record_is_unfinished() {
    for r in one_deal_records() {
        let mut v: Value = serde_json::to_value(&r).unwrap();
        v["result"]
            .as_object_mut()
            .unwrap()
            .remove("stopped")
            .expect("the flag is written");
        let r2 = Record::from_value(v).unwrap();
        let e = r2.check().expect_err("an unfinished game without the flag");
        assert!(e.to_string().contains("not over"), "{e}");
    }
}

#[test]
fn the_flag_on_a_finished_game_or_in_the_middle_of_a_deal_is_refused() {
    let rec = schieber::play_recorded(SchieberOptions::default(), 5, &mut players::<Schieber>(4))
        .expect("plays");
    assert!(!rec.result.stopped);
    assert!(!Record::Schieber(rec.clone())
        .to_json_line()
        .contains("stopped"));
    let mut finished = rec.clone();
    finished.result.stopped = true;
    let e = Record::Schieber(finished).check().unwrap_err();
    assert!(e.to_string().contains("game is over"), "{e}");

    // A stopped one-deal record whose last card is cut off.
    let mut r = match one_deal_records().remove(0) {
        Record::Schieber(r) => r,
        _ => unreachable!(),
    };
    let d = r.deals.last_mut().unwrap();
    let last_play = d
        .actions
        .iter()
        .rposition(|e| matches!(e.action, schieber::RecordedAction::Play { .. }))
        .unwrap();
    d.actions.truncate(last_play);
    assert!(Record::Schieber(r).check().is_err());
}

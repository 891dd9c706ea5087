//! The table plays every game with any mix of seats, reports every step, replaces wrong answers,
//! resumes from a log, and never shows a seat a card it may not see.

use jass_table::Record;
use jass_table::{run_table, Event, GameKind, GameSpec, JsonPlayer, Request, SeatPlayer};
use serde_json::{json, Value};

/// Answers with the last legal action: deterministic, so resumed games can be compared.
struct LastLegal;
impl JsonPlayer for LastLegal {
    fn name(&self) -> String {
        "last-legal".into()
    }
    fn act(&mut self, request: &Request) -> Result<Value, String> {
        Ok(request.legal.last().cloned().expect("legal is never empty"))
    }
}

/// Answers wrongly in turn: garbage, an index out of range, an action that is not legal, no answer.
struct Wrong(usize);
impl JsonPlayer for Wrong {
    fn name(&self) -> String {
        "wrong".into()
    }
    fn act(&mut self, request: &Request) -> Result<Value, String> {
        self.0 += 1;
        match self.0 % 4 {
            0 => Ok(json!("garbage")),
            1 => Ok(json!(request.legal.len())),
            2 => Ok(json!({"action": "play", "card": "XX"})),
            _ => Err("no answer within the deadline".into()),
        }
    }
}

fn seats(spec: &GameSpec, json_seat: Option<(usize, Box<dyn JsonPlayer>)>) -> Vec<SeatPlayer> {
    let mut v: Vec<SeatPlayer> = (0..spec.seats())
        .map(|_| SeatPlayer::Bot("rule".into()))
        .collect();
    if let Some((s, p)) = json_seat {
        v[s] = SeatPlayer::Json(p);
    }
    v
}

fn short_spec(kind: GameKind) -> GameSpec {
    let pairs: Vec<String> = match kind {
        GameKind::Schieber | GameKind::Sidi => vec!["target=1000".into()],
        GameKind::Differenzler => vec!["deals=4".into()],
        _ => vec![],
    };
    GameSpec::parse(kind.name(), &pairs).unwrap()
}

#[test]
fn every_game_plays_to_a_consistent_record_with_a_json_seat() {
    for kind in GameKind::ALL {
        let spec = short_spec(kind);
        let mut snapshots = 0;
        let mut acted = 0;
        let out = run_table(
            &spec,
            7,
            seats(&spec, Some((1, Box::new(LastLegal)))),
            &[],
            &mut |e| match e {
                Event::Snapshot(s) => {
                    snapshots += 1;
                    assert_eq!(s.views.len(), spec.seats());
                    assert_eq!(s.to_move.is_some(), !s.legal.is_empty());
                }
                Event::Acted { .. } => acted += 1,
                Event::Fallback(f) => panic!("unexpected fallback {f:?}"),
            },
        )
        .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
        assert_eq!(out.record.game(), kind.name());
        out.record
            .check()
            .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
        assert_eq!(acted, out.actions.len());
        assert!(
            snapshots > acted,
            "{}: a snapshot before every step",
            kind.name()
        );
        assert!(out.fallbacks.is_empty());
        let rec = serde_json::to_value(&out.record).unwrap();
        assert_eq!(rec["seats"][1]["name"], "last-legal");
        assert_eq!(rec["seats"][0]["name"], "rule");
    }
}

#[test]
fn wrong_answers_are_replaced_and_the_game_goes_on() {
    for kind in GameKind::ALL {
        let spec = short_spec(kind);
        let mut fallback_events = 0;
        let out = run_table(
            &spec,
            3,
            seats(&spec, Some((0, Box::new(Wrong(0))))),
            &[],
            &mut |e| {
                if let Event::Fallback(f) = e {
                    assert_eq!(f.seat, 0);
                    assert!(!f.reason.is_empty());
                    fallback_events += 1;
                }
            },
        )
        .unwrap();
        out.record.check().unwrap();
        assert!(!out.fallbacks.is_empty(), "{}", kind.name());
        assert_eq!(fallback_events, out.fallbacks.len());
        let reasons: Vec<&str> = out.fallbacks.iter().map(|f| f.reason.as_str()).collect();
        assert!(reasons.iter().any(|r| r.contains("not a legal action")));
        assert!(reasons.iter().any(|r| r.contains("out of range")));
        assert!(reasons.iter().any(|r| r.contains("deadline")));
    }
}

#[test]
fn a_game_resumes_from_its_actions() {
    for kind in GameKind::ALL {
        let spec = short_spec(kind);
        // The JSON seat: seat 2, or the last seat of a game for two.
        let json_seat = 2.min(spec.seats() - 1);
        let full = run_table(
            &spec,
            11,
            seats(&spec, Some((json_seat, Box::new(LastLegal)))),
            &[],
            &mut |_| {},
        )
        .unwrap();
        let half = full.actions.len() / 2;
        let mut first_snapshot_step = None;
        let resumed = run_table(
            &spec,
            11,
            seats(&spec, Some((json_seat, Box::new(LastLegal)))),
            &full.actions[..half],
            &mut |e| {
                if let Event::Snapshot(s) = e {
                    first_snapshot_step.get_or_insert(s.step);
                }
            },
        )
        .unwrap();
        assert_eq!(resumed.record, full.record, "{}", kind.name());
        assert_eq!(resumed.actions, full.actions);
        assert_eq!(
            first_snapshot_step,
            Some(half),
            "snapshots start after the resumed part"
        );
    }
}

#[test]
fn a_wrong_resume_log_or_table_is_refused() {
    let spec = short_spec(GameKind::Schieber);
    let bad = vec![json!({"action": "play", "card": "HA"}); 3];
    let e = run_table(&spec, 1, seats(&spec, None), &bad, &mut |_| {}).unwrap_err();
    assert!(e.contains("cannot resume"), "{e}");
    // A damaged entry in the middle of a log: the game stops there, before any seat is asked
    // or anything is reported (it used to play on with the first legal action and fail at the
    // end).
    let full = run_table(&spec, 3, seats(&spec, None), &[], &mut |_| {}).unwrap();
    let mut log = full.actions.clone();
    let half = log.len() / 2;
    log[half] = json!({"action": "play", "card": "XX"});
    let mut events = 0;
    let e = run_table(
        &spec,
        3,
        seats(&spec, Some((0, Box::new(Wrong(0))))),
        &log,
        &mut |_| events += 1,
    )
    .unwrap_err();
    assert!(e.contains(&format!("resume entry {half}")), "{e}");
    assert_eq!(events, 0, "nothing is reported past a damaged entry");
    let e = run_table(
        &spec,
        1,
        vec![SeatPlayer::Bot("rule".into())],
        &[],
        &mut |_| {},
    )
    .unwrap_err();
    assert!(e.contains("4 seats"), "{e}");
    let mut s = seats(&spec, None);
    s[3] = SeatPlayer::Bot("genius".into());
    let e = run_table(&spec, 1, s, &[], &mut |_| {}).unwrap_err();
    assert!(e.contains("unknown player `genius`"), "{e}");
}

/// The cards of `view["hand"]` as strings.
fn hand(view: &Value) -> Vec<String> {
    view["hand"]
        .as_array()
        .expect("a hand")
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_seat_sees_only_its_own_hand() {
    for kind in [
        GameKind::Schieber,
        GameKind::Sidi,
        GameKind::Differenzler,
        GameKind::Coiffeur,
    ] {
        let spec = short_spec(kind);
        let mut views: Vec<Vec<Value>> = Vec::new();
        let out = run_table(&spec, 5, seats(&spec, None), &[], &mut |e| {
            if let Event::Snapshot(s) = e {
                views.push(s.views);
            }
        })
        .unwrap();
        let rec = serde_json::to_value(&out.record).unwrap();
        let dealt: Vec<Vec<Vec<String>>> = rec["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                d["hands"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|h| {
                        h.as_array()
                            .unwrap()
                            .iter()
                            .map(|c| c.as_str().unwrap().to_string())
                            .collect()
                    })
                    .collect()
            })
            .collect();
        for vs in &views {
            for (seat, v) in vs.iter().enumerate() {
                assert_eq!(v["seat"], seat);
                let h = hand(v);
                // Every card the seat holds was dealt to it in some deal, and no other seat's
                // view holds it at the same time.
                assert!(h.iter().all(|c| dealt.iter().any(|d| d[seat].contains(c))));
                for (other, w) in vs.iter().enumerate() {
                    if other != seat {
                        assert!(hand(w).iter().all(|c| !h.contains(c)), "{}", kind.name());
                    }
                }
            }
        }
        assert!(!views.is_empty());
    }
}

#[test]
fn records_of_the_table_equal_the_games_own_recorder() {
    // All-rule tables give the same record as the game's own play_recorded.
    let spec = short_spec(GameKind::Schieber);
    let out = run_table(&spec, 9, seats(&spec, None), &[], &mut |_| {}).unwrap();
    let o = jass_table::checked_options::<jass_core::schieber::Schieber>(&spec.options).unwrap();
    let mut players: Vec<Box<dyn jass_core::Player<jass_core::schieber::Schieber>>> = (0..4)
        .map(|_| Box::new(jass_bots::RuleSchieber::new(o)) as Box<dyn jass_core::Player<_>>)
        .collect();
    let own = jass_core::schieber::play_recorded(o, 9, &mut players).unwrap();
    assert_eq!(out.record, Record::Schieber(own));
}

#[test]
fn the_others_learn_of_each_action_as_the_game_says() {
    // Weis on where the game has it, random players (who keep a Weis to themselves half the
    // time), so that every kind of visibility comes up.
    let (mut all_silent, mut all_kind_only) = (0, 0);
    for kind in GameKind::ALL {
        let pairs: Vec<String> = match kind {
            GameKind::Schieber | GameKind::Sidi => vec!["target=1000".into()],
            GameKind::Differenzler => vec!["deals=4".into(), "weis=true".into()],
            _ => vec![],
        };
        let spec = GameSpec::parse(kind.name(), &pairs).unwrap();
        for seed in 0..3 {
            let mut silent = 0;
            let mut public_steps = 0;
            let mut snapshots_checked = 0;
            let random = (0..spec.seats())
                .map(|_| SeatPlayer::Bot("random".into()))
                .collect();
            run_table(&spec, seed, random, &[], &mut |e| match e {
                Event::Acted {
                    step,
                    public_step,
                    action,
                    public,
                    ..
                } => {
                    assert_eq!(public_step, step - silent, "{}", kind.name());
                    match public {
                        None => {
                            // Only a Weis stays with its seat: one not declared, or (Schieber,
                            // Coiffeur, Differenzler) a call the others do not hear (003), as
                            // jass-core's weis_visibility tests check call by call.
                            assert_eq!(action["action"], "weis", "{}: {action}", kind.name());
                            let list = action.get("weis").or_else(|| action.get("melds"));
                            let declared = list
                                .and_then(Value::as_array)
                                .is_some_and(|l| !l.is_empty());
                            assert!(
                                !declared
                                    || matches!(
                                        kind,
                                        GameKind::Schieber
                                            | GameKind::Coiffeur
                                            | GameKind::Differenzler
                                    ),
                                "{}: {action}",
                                kind.name()
                            );
                            silent += 1;
                        }
                        Some(p) if p != action => {
                            // Otherwise only its kind: never a card of it.
                            assert_eq!(p, json!({"action": action["action"]}), "{}", kind.name());
                            assert!(
                                ["weis", "discard", "announce"]
                                    .contains(&action["action"].as_str().unwrap()),
                                "{}: {action}",
                                kind.name()
                            );
                            all_kind_only += 1;
                        }
                        Some(_) => {}
                    }
                }
                Event::Snapshot(s) => {
                    assert_eq!(s.public_step, s.step - silent, "{}", kind.name());
                    public_steps = s.public_step;
                    snapshots_checked += 1;
                }
                Event::Fallback(_) => {}
            })
            .unwrap();
            assert!(snapshots_checked > 0 && public_steps > 0);
            all_silent += silent;
        }
    }
    assert!(
        all_silent > 0 && all_kind_only > 0,
        "{all_silent} {all_kind_only}"
    );
}

/// `suggest` rebuilds the game from its actions and asks the seat to act once: the rule player
/// (which draws nothing at random) suggests at every step exactly what it played there in a
/// whole game; after the last action there is nothing to suggest; a wrong action or bot is an
/// error.
#[test]
fn suggest_asks_the_seat_to_act_once_after_the_actions() {
    for kind in GameKind::ALL {
        let spec = short_spec(kind);
        let game = run_table(&spec, 8, seats(&spec, None), &[], &mut |_| {}).unwrap();
        let n = game.actions.len();
        for step in (0..n).step_by(n / 12 + 1) {
            let got = jass_table::suggest(&spec, 8, &game.actions[..step], "rule").unwrap();
            assert_eq!(
                got.as_ref(),
                Some(&game.actions[step]),
                "{} step {step}",
                kind.name()
            );
        }
        assert_eq!(
            jass_table::suggest(&spec, 8, &game.actions, "rule"),
            Ok(None)
        );
        let sampled = jass_table::suggest(&spec, 8, &game.actions[..n / 2], "sampling")
            .unwrap()
            .expect("a decision in the middle of the game");
        let mut legal_there = None;
        run_table(
            &spec,
            8,
            seats(&spec, None),
            &game.actions[..n / 2],
            &mut |e| {
                // (The first snapshot may be the end of a deal, with nobody to act.)
                if let Event::Snapshot(s) = e {
                    if !s.legal.is_empty() {
                        legal_there.get_or_insert(s.legal);
                    }
                }
            },
        )
        .unwrap();
        assert!(
            legal_there.unwrap().contains(&sampled),
            "{}: {sampled}",
            kind.name()
        );
        let wrong = [json!({"action": "nonsense"})];
        let e = jass_table::suggest(&spec, 8, &wrong, "rule").unwrap_err();
        assert!(e.contains("cannot resume"), "{e}");
        let e = jass_table::suggest(&spec, 8, &[], "grandmaster").unwrap_err();
        assert!(e.contains("unknown player"), "{e}");
    }
}

#[test]
fn the_deal_summary_lines_end_in_what_the_record_writes() {
    // Schieber with every contract (Misère credits the other team, a multiplier per contract),
    // ended inside a deal at a short target; Coiffeur writes only the choosing team, times the row;
    // Sidi Barrani credits the bid, doubled or not, to the declarers or the defenders.
    let cases = [
        (
            "schieber",
            vec![
                "target=1000".to_string(),
                "misere=true".into(),
                "slalom=true".into(),
            ],
        ),
        (
            "schieber",
            vec!["target=300".to_string(), "counter_match=true".into()],
        ),
        ("coiffeur", vec!["misere=true".to_string()]),
        ("sidi-barrani", vec!["target=1000".to_string()]),
    ];
    for (game, pairs) in cases {
        for seed in 1..4 {
            let spec = GameSpec::parse(game, &pairs).unwrap();
            let mut written: Vec<Value> = Vec::new();
            let outcome = run_table(&spec, seed, seats(&spec, None), &[], &mut |e| {
                if let Event::Snapshot(s) = e {
                    if let Some(last) = s.table.deal_lines.last() {
                        jass_table::ScoreLine::check(&s.table.deal_lines).unwrap();
                        written.push(json!(last.values));
                    }
                }
            })
            .unwrap();
            let record = serde_json::to_value(&outcome.record).unwrap();
            let deals = record["deals"].as_array().unwrap();
            let expected: Vec<Value> = deals
                .iter()
                // Sidi Barrani: a deal all four passed is thrown in, with nothing to score.
                .filter(|d| !d["contract"].is_null() || game != "sidi-barrani")
                .map(|d| match game {
                    "coiffeur" => {
                        let r = &d["result"];
                        let team = r["team"].as_u64().unwrap() as usize;
                        let mut v = [0u64; 2];
                        v[team] = r["written"].as_u64().unwrap();
                        json!(v)
                    }
                    _ => d["result"]["score"].clone(),
                })
                .collect();
            assert_eq!(written, expected, "{game} {pairs:?} seed {seed}");
        }
    }
}

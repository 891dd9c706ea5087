//! Real game records against `docs/record.schema.json`: seeded Schieber games played by a trivial
//! random player under several option sets must validate, as one document and as JSON Lines, and
//! hand-broken records must not. The format itself is described in `docs/records.md`.

use jass_core::record::Record;
use jass_core::schieber::{
    play_recorded, FirstForehand, Multipliers, Schieber, SchieberAction, SchieberOptions,
    ScoringOrder, WeisOption,
};
use jass_core::weis::WeisTie;
use jass_core::{Card, Decision, Player, UndenufeEleven};
use serde_json::{json, Value};

const SCHEMA: &str = include_str!("../../../docs/record.schema.json");

/// Chooses uniformly among the legal actions (xorshift64).
struct RandomPlayer(u64);

impl RandomPlayer {
    fn new(seed: u64) -> Self {
        // Any non-zero state; mix the seed so neighbouring seeds differ at once.
        RandomPlayer(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
}

impl Player<Schieber> for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schieber>) -> SchieberAction {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        decision
            .legal
            .get((self.0 % decision.legal.len() as u64) as usize)
    }
}

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(SCHEMA).expect("docs/record.schema.json is JSON");
    jsonschema::draft202012::new(&schema).expect("docs/record.schema.json compiles")
}

/// The schema's complaints about one instance, one line each (empty: valid).
fn problems(v: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    v.iter_errors(instance)
        .map(|e| format!("at `{}`: {e}", e.instance_path))
        .collect()
}

fn play(options: SchieberOptions, seed: u64) -> Record {
    let mut players: Vec<Box<dyn Player<Schieber>>> = (0..4u64)
        .map(|s| {
            Box::new(RandomPlayer::new(seed.wrapping_mul(4).wrapping_add(s)))
                as Box<dyn Player<Schieber>>
        })
        .collect();
    let rec = play_recorded(options, seed, &mut players).expect("a random game plays to the end");
    Record::Schieber(rec)
}

/// The option sets the records are drawn from, with a name for messages.
fn option_sets() -> Vec<(&'static str, SchieberOptions)> {
    let default = SchieberOptions::default();
    let rich = SchieberOptions {
        weis: WeisOption::Large,
        zurueckschieben: true,
        misere: true,
        counter_match: true,
        bergpreis: true,
        ..default
    };
    let single = SchieberOptions {
        multipliers: Multipliers::SINGLE,
        target: 1000,
        ..default
    };
    let no_weis = SchieberOptions {
        weis: WeisOption::None,
        ..default
    };
    // Every other value of the enumerated options, so each spelling is written at least once.
    let unusual = SchieberOptions {
        target: 1500,
        multipliers: Multipliers::FRENCH_BLACK,
        obenabe_undenufe: false,
        undenufe_eleven: UndenufeEleven::Six,
        four_nines: true,
        fours_any_rank: true,
        undenufe_four_sixes: true,
        weis_tie: WeisTie::ListOrder,
        stoeck: false,
        scoring_order: "stich-weis-stoeck"
            .parse::<ScoringOrder>()
            .expect("a scoring order"),
        schneider: false,
        first_forehand: FirstForehand::Seat(2),
        ..default
    };
    let other_card = SchieberOptions {
        first_forehand: FirstForehand::Holder("D7".parse::<Card>().expect("a card")),
        undenufe_eleven: UndenufeEleven::Six,
        large_weis_step: 20,
        ..rich
    };
    vec![
        ("default", default),
        (
            "large weis, zurueckschieben, misere, counter-match, bergpreis",
            rich,
        ),
        ("single multipliers, target 1000", single),
        ("no weis", no_weis),
        ("unusual options", unusual),
        ("rich options, D7 forehand", other_card),
    ]
}

/// What the records exercised, so the test knows it saw every kind of entry.
#[derive(Default, Debug)]
struct Seen {
    games: usize,
    deals: usize,
    actions: [usize; 5],
    weis_declared: usize,
    weis_four: usize,
    weis_several: usize,
    shoved_back: usize,
    misere: usize,
    matches: usize,
    incomplete: usize,
    bergpreis: usize,
    schneider: usize,
}

const ACTIONS: [&str; 5] = ["schieben", "contract", "weis", "stoeck", "play"];

fn tally(seen: &mut Seen, rec: &Value) {
    seen.games += 1;
    seen.bergpreis += rec["result"]["bergpreis"].is_number() as usize;
    seen.schneider += (rec["result"]["schneider"] == true) as usize;
    for deal in rec["deals"].as_array().expect("deals") {
        seen.deals += 1;
        let actions = deal["actions"].as_array().expect("actions");
        for (i, a) in actions.iter().enumerate() {
            let kind = a["action"].as_str().expect("action");
            seen.actions[ACTIONS
                .iter()
                .position(|k| *k == kind)
                .expect("known action")] += 1;
            if kind == "weis" {
                let weis = a["weis"].as_array().expect("weis list");
                seen.weis_declared += !weis.is_empty() as usize;
                seen.weis_several += (weis.len() > 1) as usize;
                seen.weis_four += weis.iter().any(|w| {
                    let cards = w.as_array().expect("weis cards");
                    cards.len() == 4
                        && cards
                            .iter()
                            .all(|c| c.as_str().unwrap()[1..] == cards[0].as_str().unwrap()[1..])
                }) as usize;
            }
            if kind == "stoeck" {
                // The engine's entry follows the action that scored Stöck: normally the holder's
                // card that completes it; in the deal that ends the game also a claim made by any
                // action (docs/records.md).
                let before = &actions[i - 1];
                assert_ne!(before["action"], "stoeck", "one stoeck entry per Stöck: {a}");
                let ends_game = i + 1 == actions.len();
                if !ends_game {
                    assert_eq!(before["action"], "play", "a stoeck entry follows a play entry: {a}");
                    assert_eq!(before["seat"], a["seat"], "a stoeck entry is by the seat that just played: {a}");
                }
            }
        }
        seen.shoved_back +=
            (actions.iter().filter(|a| a["action"] == "schieben").count() == 2) as usize;
        seen.misere += (deal["contract"] == "misere") as usize;
        seen.matches += deal["result"]["match"].is_number() as usize;
        seen.incomplete += (deal["result"]["complete"] == false) as usize;
    }
}

/// The arithmetic and the order that `docs/records.md` promises, on one record.
fn check_documented_figures(rec: &Value) {
    let n = |v: &Value| v.as_u64().expect("a number");
    let pair = |v: &Value| [n(&v[0]), n(&v[1])];
    let deals = rec["deals"].as_array().expect("deals");
    let winner = n(&rec["result"]["winner"]) as usize;
    let mut totals = [0u64; 2];
    let mut forehand = None;
    for (i, deal) in deals.iter().enumerate() {
        let at = format!("deal {}", i + 1);
        let last = i + 1 == deals.len();
        assert_eq!(
            n(&deal["number"]),
            i as u64 + 1,
            "{at}: deals are numbered from 1"
        );
        // Whoever was forehand deals next; forehand sits after the dealer (from the second deal).
        if let Some(f) = forehand {
            assert_eq!(n(&deal["dealer"]), f, "{at}: the last forehand deals");
            assert_eq!(
                n(&deal["forehand"]),
                (f + 1) % 4,
                "{at}: forehand sits after the dealer"
            );
        }
        forehand = Some(n(&deal["forehand"]));
        let r = &deal["result"];
        let m = n(&r["multiplier"]);
        let tricks = deal["tricks"].as_array().expect("tricks");
        let card_points = pair(&r["card_points"]);
        let misere = deal["contract"] == "misere";
        // Card points per team are the sum of its tricks' points; trick counts agree.
        for t in 0..2 {
            let won: Vec<&Value> = tricks.iter().filter(|k| n(&k["winner"]) % 2 == t).collect();
            assert_eq!(
                won.iter().map(|k| n(&k["points"])).sum::<u64>(),
                card_points[t as usize],
                "{at}: card points"
            );
            assert_eq!(
                won.len() as u64,
                n(&r["tricks"][t as usize]),
                "{at}: tricks"
            );
        }
        let complete = r["complete"] == true;
        assert_eq!(
            complete,
            tricks.len() == 9,
            "{at}: complete means nine tricks"
        );
        assert!(
            complete || last,
            "{at}: only the last deal may be incomplete"
        );
        if complete {
            assert_eq!(
                card_points[0] + card_points[1],
                157,
                "{at}: a whole deal has 157 card points"
            );
        }
        let stoeck_entries = deal["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["action"] == "stoeck")
            .count();
        let stoeck_scored = pair(&r["stoeck"]).iter().filter(|&&p| p > 0).count();
        assert_eq!(stoeck_entries, stoeck_scored, "{at}: every Stöck scored has its entry");
        // score = multiplier × (card points credited + match bonus + Weis + Stöck); in Misère a
        // team is credited the other team's card points. In the last deal the losers' card
        // points are never written, and the winners' may lack the trick that was completing
        // when Stöck or Weis (earlier in the scoring order) took them to the target.
        let score = pair(&r["score"]);
        for t in 0..2 {
            let credited = card_points[if misere { 1 - t } else { t }];
            let rest = n(&r["match_bonus"][t]) + n(&r["weis"][t]) + n(&r["stoeck"][t]);
            let full = m * (credited + rest);
            let ok = if !last {
                score[t] == full
            } else if t != winner {
                score[t] == m * (n(&r["weis"][t]) + n(&r["stoeck"][t]))
            } else {
                score[t] == full
                    || tricks.last().is_some_and(|k| {
                        let took = (n(&k["winner"]) % 2) as usize;
                        (if misere { 1 - took } else { took }) == t
                            && score[t] == m * (credited - n(&k["points"]) + rest)
                    })
            };
            assert!(
                ok,
                "{at}: score of team {t} is {}, which the documented rule does not give ({r})",
                score[t]
            );
        }
        for t in 0..2 {
            totals[t] += score[t];
        }
        assert_eq!(
            pair(&r["totals"]),
            totals,
            "{at}: totals are the running sum of the scores"
        );
    }
    assert_eq!(
        pair(&rec["result"]["totals"]),
        totals,
        "the game's totals are the last deal's"
    );
    let target = n(&rec["options"]["target"]);
    assert!(totals[winner] >= target, "the winners reached the target");
    assert!(
        totals[1 - winner] < target || totals[1 - winner] <= totals[winner],
        "one winner"
    );
}

#[test]
fn the_schema_is_a_valid_draft_2020_12_schema() {
    let schema: Value = serde_json::from_str(SCHEMA).expect("docs/record.schema.json is JSON");
    if let Err(e) = jsonschema::draft202012::meta::validate(&schema) {
        panic!(
            "docs/record.schema.json is not a valid draft 2020-12 schema: {e} at `{}`",
            e.instance_path
        );
    }
}

#[test]
fn generated_records_validate() {
    let v = validator();
    let mut seen = Seen::default();
    let mut lines = Vec::new();
    for (name, options) in option_sets() {
        for seed in [
            0,
            1,
            2,
            3,
            5,
            8,
            13,
            21,
            34,
            55,
            89,
            144,
            233,
            377,
            610,
            987,
            1597,
            2584,
            4181,
            6765,
            u64::MAX,
        ] {
            let record = play(options, seed);
            if let Err(e) = record.check() {
                panic!("{name}, seed {seed}: the engine's own record does not check: {e}");
            }
            // Both written forms: the pretty document and the JSON Lines line.
            let pretty: Value =
                serde_json::from_str(&record.to_json_pretty()).expect("records are JSON");
            let line = record.to_json_line();
            assert!(!line.contains('\n'), "a JSON Lines record is one line");
            let compact: Value = serde_json::from_str(&line).expect("records are JSON");
            assert_eq!(pretty, compact);
            let errors = problems(&v, &pretty);
            assert!(
                errors.is_empty(),
                "{name}, seed {seed}: the record does not match the schema:\n{}",
                errors.join("\n")
            );
            tally(&mut seen, &pretty);
            lines.push(line);
        }
    }
    // A JSON Lines file: every line is one record that validates on its own.
    let file = lines.join("\n") + "\n";
    let mut n = 0;
    for line in file.lines() {
        let value: Value = serde_json::from_str(line).expect("each line is JSON");
        assert!(v.is_valid(&value));
        n += 1;
    }
    assert_eq!(n, seen.games);

    // The games must have exercised every kind of entry and the rarer outcomes.
    let [schieben, contract, weis, stoeck, play] = seen.actions;
    assert!(
        schieben > 0 && contract > 0 && weis > 0 && stoeck > 0 && play > 0,
        "{seen:?}"
    );
    assert!(
        seen.weis_declared > 0 && seen.weis_four > 0 && seen.weis_several > 0,
        "{seen:?}"
    );
    assert!(
        seen.shoved_back > 0 && seen.misere > 0 && seen.matches > 0,
        "{seen:?}"
    );
    assert!(
        seen.incomplete > 0 && seen.bergpreis > 0 && seen.schneider > 0,
        "{seen:?}"
    );
}

#[test]
fn generated_records_add_up_as_documented() {
    for (name, options) in option_sets() {
        for seed in 0..60u64 {
            let record = serde_json::to_value(play(options, seed)).expect("records are JSON");
            let result = std::panic::catch_unwind(|| check_documented_figures(&record));
            assert!(
                result.is_ok(),
                "{name}, seed {seed}: docs/records.md does not describe this record's figures"
            );
        }
    }
}

/// The records kept as golden files are real records too.
#[test]
fn golden_records_validate() {
    let v = validator();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut checked = 0;
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext != "json" && ext != "jsonl" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let values: Vec<Value> = serde_json::Deserializer::from_str(&text)
            .into_iter::<Value>()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (i, value) in values.iter().enumerate() {
            if value.get("format") != Some(&json!("jass-record")) {
                continue;
            }
            let errors = problems(&v, value);
            assert!(
                errors.is_empty(),
                "{} record {}: {}",
                path.display(),
                i + 1,
                errors.join("\n")
            );
            check_documented_figures(value);
            checked += 1;
        }
    }
    assert!(checked > 0, "{dir} holds no record");
}

/// One hand-broken record: what was done, and the JSON pointer of the place that is wrong.
struct Breakage {
    what: &'static str,
    at: &'static str,
    edit: fn(&mut Value),
}

fn breakages() -> Vec<Breakage> {
    fn first_play(rec: &mut Value) -> &mut Value {
        rec["deals"][0]["actions"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|a| a["action"] == "play")
            .unwrap()
    }
    fn first_entry<'a>(rec: &'a mut Value, kind: &str) -> &'a mut Value {
        rec["deals"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .flat_map(|d| d["actions"].as_array_mut().unwrap().iter_mut())
            .find(|a| a["action"] == kind)
            .unwrap_or_else(|| panic!("the sample record has a {kind} entry"))
    }
    vec![
        Breakage {
            what: "a card H5 in a hand",
            at: "/deals/0/hands/0/0",
            edit: |r| r["deals"][0]["hands"][0][0] = json!("H5"),
        },
        Breakage {
            what: "a lower-case card",
            at: "/deals/0/hands/1/0",
            edit: |r| {
                let c = r["deals"][0]["hands"][1][0]
                    .as_str()
                    .unwrap()
                    .to_lowercase();
                r["deals"][0]["hands"][1][0] = json!(c);
            },
        },
        Breakage {
            what: "a card in Swiss letters (HO)",
            at: "/deals/0/tricks/0/cards/0",
            edit: |r| r["deals"][0]["tricks"][0]["cards"][0] = json!("HO"),
        },
        Breakage {
            what: "no deals",
            at: "",
            edit: |r| {
                r.as_object_mut().unwrap().remove("deals");
            },
        },
        Breakage {
            what: "no deals at all (empty list)",
            at: "/deals",
            edit: |r| r["deals"] = json!([]),
        },
        Breakage {
            what: "an unknown action",
            at: "/deals/0/actions/0",
            edit: |r| r["deals"][0]["actions"][0] = json!({"seat": 0, "action": "pass"}),
        },
        Breakage {
            what: "a play entry without its card",
            at: "/deals/0/actions",
            edit: |r| {
                first_play(r).as_object_mut().unwrap().remove("card");
            },
        },
        Breakage {
            what: "a play entry with an extra field",
            at: "/deals/0/actions",
            edit: |r| {
                first_play(r)["points"] = json!(11);
            },
        },
        Breakage {
            what: "a stoeck entry with a card",
            at: "/deals",
            edit: |r| {
                first_entry(r, "stoeck")["card"] = json!("HK");
            },
        },
        Breakage {
            what: "a schieben entry with a contract",
            at: "/deals",
            edit: |r| {
                first_entry(r, "schieben")["contract"] = json!("H");
            },
        },
        Breakage {
            what: "an unknown contract",
            at: "/deals/0/contract",
            edit: |r| r["deals"][0]["contract"] = json!("slalom"),
        },
        Breakage {
            what: "seat 4",
            at: "/deals/0/actions/0/seat",
            edit: |r| r["deals"][0]["actions"][0]["seat"] = json!(4),
        },
        Breakage {
            what: "a hand of eight cards",
            at: "/deals/0/hands/2",
            edit: |r| {
                r["deals"][0]["hands"][2].as_array_mut().unwrap().pop();
            },
        },
        Breakage {
            what: "a card twice in a hand",
            at: "/deals/0/hands/3",
            edit: |r| {
                let c = r["deals"][0]["hands"][3][0].clone();
                r["deals"][0]["hands"][3][1] = c;
            },
        },
        Breakage {
            what: "a trick of three cards",
            at: "/deals/0/tricks/0/cards",
            edit: |r| {
                r["deals"][0]["tricks"][0]["cards"]
                    .as_array_mut()
                    .unwrap()
                    .pop();
            },
        },
        Breakage {
            what: "a Weis that is no combination",
            at: "/deals",
            edit: |r| {
                first_entry(r, "weis")["weis"] = json!([["HA", "HK", "HJ"]]);
            },
        },
        Breakage {
            what: "a sequence written from its lowest card",
            at: "/deals",
            edit: |r| {
                first_entry(r, "weis")["weis"] = json!([["HJ", "HQ", "HK"]]);
            },
        },
        Breakage {
            what: "an unknown top-level field",
            at: "",
            edit: |r| r["comment"] = json!("hello"),
        },
        Breakage {
            what: "an unknown option",
            at: "/options",
            edit: |r| r["options"]["slalom"] = json!(true),
        },
        Breakage {
            what: "a missing option",
            at: "/options",
            edit: |r| {
                r["options"].as_object_mut().unwrap().remove("weis");
            },
        },
        Breakage {
            what: "multipliers as a preset name",
            at: "/options/multipliers",
            edit: |r| r["options"]["multipliers"] = json!("standard"),
        },
        Breakage {
            what: "a multiplier of 0",
            at: "/options/multipliers/D",
            edit: |r| r["options"]["multipliers"]["D"] = json!(0),
        },
        Breakage {
            what: "an unknown scoring order",
            at: "/options/scoring_order",
            edit: |r| r["options"]["scoring_order"] = json!("stich-stich-weis"),
        },
        Breakage {
            what: "first forehand seat4",
            at: "/options/first_forehand",
            edit: |r| r["options"]["first_forehand"] = json!("seat4"),
        },
        Breakage {
            what: "version 2",
            at: "/version",
            edit: |r| r["version"] = json!(2),
        },
        Breakage {
            what: "another format",
            at: "/format",
            edit: |r| r["format"] = json!("jass-log"),
        },
        Breakage {
            what: "an unknown game",
            at: "/game",
            edit: |r| r["game"] = json!("handjass"),
        },
        Breakage {
            what: "no game",
            at: "",
            edit: |r| {
                r.as_object_mut().unwrap().remove("game");
            },
        },
        Breakage {
            what: "three seats",
            at: "/seats",
            edit: |r| {
                r["seats"].as_array_mut().unwrap().pop();
            },
        },
        Breakage {
            what: "team 2",
            at: "/deals/0/result/match",
            edit: |r| r["deals"][0]["result"]["match"] = json!(2),
        },
        Breakage {
            what: "three teams' scores",
            at: "/deals/0/result/score",
            edit: |r| {
                r["deals"][0]["result"]["score"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!(0));
            },
        },
        Breakage {
            what: "a negative seed",
            at: "/seed",
            edit: |r| r["seed"] = json!(-1),
        },
        Breakage {
            what: "a seed as a string",
            at: "/seed",
            edit: |r| r["seed"] = json!("42"),
        },
        Breakage {
            what: "a missing seed (null must be written)",
            at: "",
            edit: |r| {
                r.as_object_mut().unwrap().remove("seed");
            },
        },
        Breakage {
            what: "a deal result without `complete`",
            at: "/deals/0/result",
            edit: |r| {
                r["deals"][0]["result"]
                    .as_object_mut()
                    .unwrap()
                    .remove("complete");
            },
        },
        Breakage {
            what: "a game winner 2",
            at: "/result/winner",
            edit: |r| r["result"]["winner"] = json!(2),
        },
    ]
}

#[test]
fn broken_records_are_rejected() {
    let v = validator();
    // A sample that has every kind of entry (the rich options, zurückschieben, Weis, Stöck).
    let sample = (0..200u64)
        .map(|seed| serde_json::to_value(play(option_sets()[1].1, seed)).expect("records are JSON"))
        .find(|r| {
            let kinds: Vec<&str> = r["deals"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|d| d["actions"].as_array().unwrap())
                .map(|a| a["action"].as_str().unwrap())
                .collect();
            ACTIONS.iter().all(|k| kinds.contains(k))
        })
        .expect("a game with every kind of action");
    assert!(
        problems(&v, &sample).is_empty(),
        "the unbroken sample validates"
    );
    for b in breakages() {
        let mut broken = sample.clone();
        (b.edit)(&mut broken);
        assert_ne!(broken, sample, "{}: the edit changed nothing", b.what);
        let errors: Vec<String> = v
            .iter_errors(&broken)
            .map(|e| e.instance_path.to_string())
            .collect();
        assert!(!errors.is_empty(), "{}: the schema accepts it", b.what);
        // The complaint is about the broken place (or a value that contains it).
        assert!(
            errors
                .iter()
                .any(|p| b.at.starts_with(p.as_str()) || p.starts_with(b.at)),
            "{}: rejected, but at {errors:?} rather than at `{}`",
            b.what,
            b.at
        );
    }
}

/// Records read back into the same record and re-play cleanly (what `jass check` does), one
/// document at a time and as JSON Lines.
#[test]
fn generated_records_read_back() {
    let mut lines = Vec::new();
    let mut records = Vec::new();
    for (name, options) in option_sets() {
        for seed in 0..5u64 {
            let record = play(options, seed);
            let read = Record::read_all(&record.to_json_pretty());
            assert_eq!(read.len(), 1, "{name}, seed {seed}");
            match &read[0] {
                Ok(r) => assert_eq!(
                    r, &record,
                    "{name}, seed {seed}: the record reads back differently"
                ),
                Err(e) => panic!("{name}, seed {seed}: {e}"),
            }
            lines.push(record.to_json_line());
            records.push(record);
        }
    }
    let read = Record::read_all(&(lines.join("\n") + "\n"));
    assert_eq!(read.len(), records.len());
    for (i, (r, want)) in read.into_iter().zip(&records).enumerate() {
        let r = r.unwrap_or_else(|e| panic!("JSON Lines record {}: {e}", i + 1));
        assert_eq!(&r, want);
        if let Err(e) = r.check() {
            panic!("JSON Lines record {}: {e}", i + 1);
        }
    }
}

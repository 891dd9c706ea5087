//! Real game records against `docs/record.schema.json`: seeded games of every recorded game
//! (Schieber, Handjass, Sidi Barrani, Coiffeur, Differenzler) played by a trivial random player under several
//! option sets must validate, as one document and as JSON Lines, and read back into the same
//! record; the golden records must validate; hand-broken records must not. The format itself is
//! described in `docs/records.md`.

use jass_core::coiffeur::{self, CoiffeurOptions};
use jass_core::differenzler::{self, Announcements, DifferenzlerOptions, TrumpRule};
use jass_core::handjass::{self, HandjassOptions, Preset};
use jass_core::schieber::{
    play_recorded, FirstForehand, FirstLead, Multipliers, Schieber, SchieberOptions, ScoringOrder,
    WeisOption,
};
use jass_core::sidi::{self, Doubling, SidiOptions};
use jass_core::weis::WeisTie;
use jass_core::{Card, Decision, Game, Player, UndenufeEleven};
use jass_table::Record;
use serde_json::{json, Value};

const SCHEMA: &str = include_str!("../../../docs/record.schema.json");
/// Every game a record may hold, as the record's `game` names it.
const GAMES: [&str; 5] = [
    "schieber",
    "handjass",
    "sidi-barrani",
    "coiffeur",
    "differenzler",
];

/// Chooses uniformly among the legal actions (xorshift64), in any game; a player with a
/// preference takes that action (by its notation, e.g. `pass`) three times in four when legal.
struct RandomPlayer(u64, Option<&'static str>);

impl RandomPlayer {
    fn new(seed: u64) -> Self {
        // Any non-zero state; mix the seed so neighbouring seeds differ at once.
        RandomPlayer(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1, None)
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if let Some(p) = self.1 {
            if self.0 >> 62 != 0 {
                if let Some(a) = decision.legal.iter().find(|a| a.to_string() == p) {
                    return a;
                }
            }
        }
        decision
            .legal
            .get((self.0 % decision.legal.len() as u64) as usize)
    }
}

/// `n` random players for a game drawn from `seed`.
fn random_players<G: Game + 'static>(n: usize, seed: u64) -> Vec<Box<dyn Player<G>>> {
    (0..n as u64)
        .map(|s| {
            Box::new(RandomPlayer::new(
                seed.wrapping_mul(n as u64).wrapping_add(s),
            )) as Box<dyn Player<G>>
        })
        .collect()
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
    let mut players = random_players::<Schieber>(4, seed);
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
        slalom: true,
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
        match_bonus: false,
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
        first_lead: FirstLead::Chooser,
        ..default
    };
    let other_card = SchieberOptions {
        first_forehand: FirstForehand::Holder("D7".parse::<Card>().expect("a card")),
        undenufe_eleven: UndenufeEleven::Six,
        large_weis_step: 20,
        schneider_line: Some(1000),
        bergpreis_line: Some(1200),
        bergpreis_stoeck: true,
        ..rich
    };
    vec![
        ("default", default),
        (
            "large weis, zurueckschieben, misere, slalom, counter-match, bergpreis",
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
    slalom: usize,
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
                assert_ne!(
                    before["action"], "stoeck",
                    "one stoeck entry per Stöck: {a}"
                );
                let ends_game = i + 1 == actions.len();
                if !ends_game {
                    assert_eq!(
                        before["action"], "play",
                        "a stoeck entry follows a play entry: {a}"
                    );
                    assert_eq!(
                        before["seat"], a["seat"],
                        "a stoeck entry is by the seat that just played: {a}"
                    );
                }
            }
        }
        seen.shoved_back +=
            (actions.iter().filter(|a| a["action"] == "schieben").count() == 2) as usize;
        seen.misere += (deal["contract"] == "misere") as usize;
        seen.slalom += deal["contract"]
            .as_str()
            .is_some_and(|c| c.starts_with("slalom")) as usize;
        seen.matches += deal["result"]["match"].is_number() as usize;
        seen.incomplete += (deal["result"]["complete"] == false) as usize;
    }
}

/// The card points of a whole deal, counted from its dealt hands with the tables of
/// docs/schieber.md: a trump suit's Under 20 and nine 14; without trump (Obenabe, Misère, both
/// Slaloms, Undenufe) the eights 8, and in Undenufe with `undenufe_eleven=six` the six 11 in place
/// of the ace; otherwise A 11, 10 10, K 4, Q 3, J 2; and 5 for the last trick.
fn whole_deal_card_points(rec: &Value, deal: &Value) -> u64 {
    let contract = deal["contract"].as_str().expect("a contract");
    let six_eleven =
        contract == "undenufe" && rec["options"]["undenufe_eleven"].as_str() == Some("six");
    let no_trump = !["D", "H", "S", "C"].contains(&contract);
    let value = |card: &str| -> u64 {
        let (suit, rank) = card.split_at(1);
        let trump = suit == contract;
        match rank {
            "J" if trump => 20,
            "9" if trump => 14,
            "A" if six_eleven => 0,
            "6" if six_eleven => 11,
            "8" if no_trump => 8,
            "A" => 11,
            "10" => 10,
            "K" => 4,
            "Q" => 3,
            "J" => 2,
            _ => 0,
        }
    };
    let hands = deal["hands"].as_array().expect("hands");
    let cards = hands
        .iter()
        .flat_map(|h| h.as_array().expect("a hand"))
        .map(|c| value(c.as_str().expect("a card")));
    cards.sum::<u64>() + 5
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
                whole_deal_card_points(rec, deal),
                "{at}: a whole deal has the card points of all its cards by the contract's table, 157"
            );
        }
        let stoeck_entries = deal["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["action"] == "stoeck")
            .count();
        let stoeck_scored = pair(&r["stoeck"]).iter().filter(|&&p| p > 0).count();
        assert_eq!(
            stoeck_entries, stoeck_scored,
            "{at}: every Stöck scored has its entry"
        );
        // score = multiplier × (card points credited + match bonus + Weis + Stöck); in Misère a
        // team is credited the other team's card points. In the last deal the losers' card
        // points are never written; with `claim_counts_all=false` the winners' may lack the
        // trick that was completing when Stöck or Weis (earlier in the scoring order) took them
        // to the target.
        let counts_all = rec["options"]["claim_counts_all"]
            .as_bool()
            .unwrap_or(false);
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
                    || !counts_all
                        && tricks.last().is_some_and(|k| {
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
        seen.shoved_back > 0 && seen.misere > 0 && seen.slalom > 0 && seen.matches > 0,
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

/// Every `.json` and `.jsonl` file under `dir`, recursively, in a stable order.
fn record_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries
        .map(|e| e.expect("a directory entry").path())
        .collect();
    paths.sort();
    for path in paths {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if path.is_dir() {
            record_files(&path, out);
        } else if ext == "json" || ext == "jsonl" {
            out.push(path);
        }
    }
}

/// The records kept as golden files (every game, every subdirectory) are real records too: they
/// validate, and they read back into a record of their game.
#[test]
fn golden_records_validate() {
    let v = validator();
    let dir = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../jass-core/tests/data/golden"
    ));
    let mut files = Vec::new();
    record_files(dir, &mut files);
    let mut checked = std::collections::BTreeMap::<String, usize>::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
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
            let game = value["game"].as_str().expect("a game").to_string();
            let record = Record::from_value(value.clone())
                .unwrap_or_else(|e| panic!("{} record {}: {e}", path.display(), i + 1));
            assert_eq!(
                serde_json::to_value(&record).expect("records are JSON"),
                *value,
                "{} record {}: reads back into a different record",
                path.display(),
                i + 1
            );
            if game == "schieber" {
                check_documented_figures(value);
            }
            *checked.entry(game).or_default() += 1;
        }
    }
    assert!(!checked.is_empty(), "{} holds no record", dir.display());
    // The golden records of every game with golden files are seen (a file moved out of reach of
    // this test would otherwise go unnoticed).
    for game in GAMES {
        assert!(
            checked.contains_key(game),
            "no golden {game} record found: {checked:?}"
        );
    }
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
            edit: |r| r["deals"][0]["contract"] = json!("gusti"),
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
            edit: |r| r["options"]["gusti"] = json!(true),
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
            edit: |r| r["game"] = json!("bridge"),
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

// ------------------------------------------------------------------------------------------------
// Every game: generated records validate and read back; hand-broken records are rejected.

/// The checks every generated record of any game must pass: it re-plays cleanly, both written
/// forms are the same JSON, it validates, and it reads back (as a document and as a line) into the
/// same record. Returns its JSON and its JSON Lines line.
fn validate_generated(v: &jsonschema::Validator, name: &str, record: &Record) -> (Value, String) {
    if let Err(e) = record.check() {
        panic!("{name}: the engine's own record does not check: {e}");
    }
    let pretty_text = record.to_json_pretty();
    let pretty: Value = serde_json::from_str(&pretty_text).expect("records are JSON");
    let line = record.to_json_line();
    assert!(
        !line.contains('\n'),
        "{name}: a JSON Lines record is one line"
    );
    let compact: Value = serde_json::from_str(&line).expect("records are JSON");
    assert_eq!(pretty, compact, "{name}");
    let errors = problems(v, &pretty);
    assert!(
        errors.is_empty(),
        "{name}: the record does not match the schema:\n{}",
        errors.join("\n")
    );
    for text in [&pretty_text, &line] {
        let read = Record::read_all(text);
        assert_eq!(read.len(), 1, "{name}");
        match &read[0] {
            Ok(r) => assert_eq!(r, record, "{name}: the record reads back differently"),
            Err(e) => panic!("{name}: the record does not read back: {e}"),
        }
    }
    (pretty, line)
}

/// A JSON Lines file of these lines: every line validates on its own and reads back.
fn validate_lines(v: &jsonschema::Validator, lines: &[String], records: &[Record]) {
    let file = lines.join("\n") + "\n";
    for line in file.lines() {
        let value: Value = serde_json::from_str(line).expect("each line is JSON");
        assert!(v.is_valid(&value));
    }
    let read = Record::read_all(&file);
    assert_eq!(read.len(), records.len());
    for (i, (r, want)) in read.into_iter().zip(records).enumerate() {
        let r = r.unwrap_or_else(|e| panic!("JSON Lines record {}: {e}", i + 1));
        assert_eq!(&r, want, "JSON Lines record {}", i + 1);
    }
}

/// The kinds of action entries in a record, with their counts.
fn action_kinds(rec: &Value) -> std::collections::BTreeMap<String, usize> {
    let mut kinds = std::collections::BTreeMap::new();
    for deal in rec["deals"].as_array().expect("deals") {
        for a in deal["actions"].as_array().expect("actions") {
            *kinds
                .entry(a["action"].as_str().expect("an action").to_string())
                .or_default() += 1;
        }
    }
    kinds
}

/// One hand-broken record of any game: what was done, the JSON pointer of the place that is
/// wrong, and the edit (which may look into the record to find its place).
struct Broken {
    what: &'static str,
    at: String,
    edit: Box<dyn Fn(&mut Value)>,
}

fn broken(what: &'static str, at: &str, edit: impl Fn(&mut Value) + 'static) -> Broken {
    Broken {
        what,
        at: at.to_string(),
        edit: Box::new(edit),
    }
}

/// Every breakage must be rejected, and at (or above, or below) the place it broke.
fn assert_rejected(v: &jsonschema::Validator, game: &str, sample: &Value, breakages: Vec<Broken>) {
    assert!(
        problems(v, sample).is_empty(),
        "{game}: the unbroken sample validates"
    );
    for b in breakages {
        let mut rec = sample.clone();
        (b.edit)(&mut rec);
        assert_ne!(rec, *sample, "{game}, {}: the edit changed nothing", b.what);
        let errors: Vec<String> = v
            .iter_errors(&rec)
            .map(|e| e.instance_path.to_string())
            .collect();
        assert!(
            !errors.is_empty(),
            "{game}, {}: the schema accepts it",
            b.what
        );
        assert!(
            errors
                .iter()
                .any(|p| b.at.starts_with(p.as_str()) || p.starts_with(b.at.as_str())),
            "{game}, {}: rejected, but at {errors:?} rather than at `{}`",
            b.what,
            b.at
        );
    }
}

/// The JSON pointer of the first action entry of this kind (`/deals/d/actions/a`).
fn entry_at(rec: &Value, kind: &str) -> String {
    for (d, deal) in rec["deals"].as_array().unwrap().iter().enumerate() {
        for (a, entry) in deal["actions"].as_array().unwrap().iter().enumerate() {
            if entry["action"] == kind {
                return format!("/deals/{d}/actions/{a}");
            }
        }
    }
    panic!("the sample has no {kind} entry")
}

// ---- Handjass

fn handjass_option_sets() -> Vec<(String, HandjassOptions)> {
    let mut sets = Vec::new();
    // Every preset at its own number of players, and the main presets at every number.
    for (name, preset) in Preset::ALL {
        let o = HandjassOptions::of_preset(preset);
        sets.push((format!("preset {name}"), o));
    }
    for (name, players) in [
        ("000", 2),
        ("000", 3),
        ("000", 5),
        ("004", 2),
        ("004", 3),
        ("004", 4),
        ("004", 5),
    ] {
        let o = HandjassOptions {
            players,
            ..HandjassOptions::preset(name).expect("a preset")
        };
        sets.push((format!("preset {name}, {players} players"), o));
    }
    for players in [2, 3] {
        let o = HandjassOptions {
            players,
            ..HandjassOptions::preset("must-play").expect("a preset")
        };
        sets.push((format!("preset must-play, {players} players"), o));
        let o = HandjassOptions {
            players,
            ..HandjassOptions::preset("004-twelve").expect("a preset")
        };
        sets.push((format!("preset 004-twelve, {players} players"), o));
        let o = HandjassOptions {
            players,
            small_deal: handjass::SmallDeal::Bessern,
            ..HandjassOptions::default()
        };
        sets.push((format!("bessern, {players} players"), o));
    }
    // The other values of the enumerated options.
    let d = HandjassOptions::default();
    sets.push((
        "5 players, abeyance, players-minus-one strokes, null stakes and extra strokes, berner-swiss".into(),
        HandjassOptions {
            players: 5,
            tie: handjass::TieRule::Abeyance,
            strokes: handjass::StrokeCount::PlayersMinusOne,
            null_extra_strokes: true,
            null_stake: 1,
            multipliers: handjass::Multipliers::BernerSwiss,
            target: 9,
            ..d
        },
    ));
    sets.push((
        "3 players, no tie stroke, first-wins, six before, weak tricks, sack until cancelled, marriage".into(),
        HandjassOptions {
            players: 3,
            tie: handjass::TieRule::None,
            scoring: handjass::Scoring::FirstWins,
            six_exchange: handjass::SixExchange::Before,
            trick_rules: jass_core::TrickRules::Weak,
            sack: true,
            sack_window: handjass::SackWindow::UntilCancelled,
            sequences: handjass::SequenceOrder::Trump,
            quartets: handjass::Quartets::AboveEight,
            marriage: true,
            marriage_in_sequence: false,
            ..d
        },
    ));
    sets.push((
        "2 players, draw always, last trick 20, no six exchange, no Weis, no Stöck, no agreement, twelve_threshold".into(),
        HandjassOptions {
            players: 2,
            tie: handjass::TieRule::DrawAlways,
            last_trick_bonus: 20,
            six_exchange: handjass::SixExchange::Never,
            weis: false,
            stoeck: false,
            agreement: false,
            twelve_threshold: Some(30),
            weis_height: false,
            sole_takes_all: false,
            ..d
        },
    ));
    sets
}

fn play_handjass(options: HandjassOptions, seed: u64) -> Record {
    let mut players = random_players::<handjass::Handjass>(options.players as usize, seed);
    let rec = handjass::play_recorded(options, seed, &mut players)
        .expect("a random Handjass game plays to the end");
    Record::Handjass(rec)
}

const HANDJASS_ACTIONS: [&str; 13] = [
    "stay",
    "drop",
    "blind",
    "exchange-six",
    "keep-six",
    "bessern",
    "keep-hand",
    "discard",
    "agree",
    "play-on",
    "weis",
    "stoeck",
    "play",
];

#[test]
fn handjass_records_validate() {
    let v = validator();
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    let mut layouts = std::collections::BTreeSet::new();
    let (mut lines, mut records) = (Vec::new(), Vec::new());
    let (mut melds, mut tie_draws, mut retired_hands, mut players_seen) = (0, 0, 0, [0usize; 6]);
    for (name, options) in handjass_option_sets() {
        // Few seeds: the agreement's exact two-player search makes some games slow.
        for seed in 0..4u64 {
            let record = play_handjass(options, seed);
            let (value, line) =
                validate_generated(&v, &format!("handjass {name}, seed {seed}"), &record);
            for (k, n) in action_kinds(&value) {
                *kinds.entry(k).or_default() += n;
            }
            players_seen[options.players as usize] += 1;
            for deal in value["deals"].as_array().unwrap() {
                layouts.insert(deal["layout"].as_str().unwrap().to_string());
                tie_draws += deal["result"]["tie_draws"].as_array().unwrap().len();
                retired_hands += deal["hands"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|h| h.is_null())
                    .count();
                melds += deal["actions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|a| a["action"] == "weis" && a["melds"] != json!([]))
                    .count();
            }
            if seed < 2 {
                lines.push(line);
                records.push(record);
            }
        }
    }
    validate_lines(&v, &lines, &records);
    for k in HANDJASS_ACTIONS {
        assert!(
            kinds.contains_key(k),
            "no Handjass record has a {k} entry: {kinds:?}"
        );
    }
    assert_eq!(layouts.len(), 7, "every layout is exercised: {layouts:?}");
    assert!(
        melds > 0 && tie_draws > 0 && retired_hands > 0,
        "{melds} {tie_draws} {retired_hands}"
    );
    assert!(players_seen[2..=5].iter().all(|&n| n > 0));
}

#[test]
fn broken_handjass_records_are_rejected() {
    let v = validator();
    // A three-player game with melds declared and a blind.
    let sample = (0..200u64)
        .map(|seed| {
            serde_json::to_value(play_handjass(
                HandjassOptions {
                    players: 3,
                    ..Default::default()
                },
                seed,
            ))
            .unwrap()
        })
        .find(|r| {
            let k = action_kinds(r);
            ["weis", "stoeck", "blind", "drop"]
                .iter()
                .all(|x| k.contains_key(*x))
                && r["deals"][0]["layout"] == "blind3"
        })
        .expect("a game with Weis, Stöck, a blind and a drop");
    let play = entry_at(&sample, "play");
    let weis = entry_at(&sample, "weis");
    let stay = entry_at(&sample, "stay");
    let b = vec![
        broken("an unknown action", "/deals/0/actions/0", |r| {
            r["deals"][0]["actions"][0]["action"] = json!("pass")
        }),
        broken("a play entry without its card", &play.clone(), {
            let p = play.clone();
            move |r| {
                r.pointer_mut(&p)
                    .unwrap()
                    .as_object_mut()
                    .unwrap()
                    .remove("card");
            }
        }),
        broken("a play entry with an extra field", &play.clone(), {
            let p = play.clone();
            move |r| r.pointer_mut(&p).unwrap()["points"] = json!(11)
        }),
        broken("a stay entry with a card", &stay.clone(), {
            let p = stay.clone();
            move |r| r.pointer_mut(&p).unwrap()["card"] = json!("HA")
        }),
        broken("a meld that is no meld", &weis.clone(), {
            let p = weis.clone();
            move |r| r.pointer_mut(&p).unwrap()["melds"] = json!([["HA", "HK", "HJ"]])
        }),
        broken("a sequence written from its lowest card", &weis.clone(), {
            let p = weis.clone();
            move |r| r.pointer_mut(&p).unwrap()["melds"] = json!([["H6", "H7", "H8"]])
        }),
        broken(
            "Schieber's weis field in a Handjass entry",
            &weis.clone(),
            {
                let p = weis.clone();
                move |r| {
                    let e = r.pointer_mut(&p).unwrap().as_object_mut().unwrap();
                    let m = e.remove("melds").unwrap();
                    e.insert("weis".into(), m);
                }
            },
        ),
        broken("seat 5", "/deals/0/dealer", |r| {
            r["deals"][0]["dealer"] = json!(5)
        }),
        broken("an unknown layout", "/deals/0/layout", |r| {
            r["deals"][0]["layout"] = json!("blind4")
        }),
        broken("a hand of eight cards", "/deals/0/hands/0", |r| {
            r["deals"][0]["hands"][0].as_array_mut().unwrap().pop();
        }),
        broken("no blind in a blind layout", "/deals/0/blind", |r| {
            r["deals"][0]["blind"] = json!(null)
        }),
        broken(
            "a missing bessern (null must be written)",
            "/deals/0",
            |r| {
                r["deals"][0].as_object_mut().unwrap().remove("bessern");
            },
        ),
        broken("obenabe as the Handjass trump", "/deals/0/trump", |r| {
            r["deals"][0]["trump"] = json!("obenabe")
        }),
        broken("a negative tie seed", "/deals/0/tie_seed", |r| {
            r["deals"][0]["tie_seed"] = json!(-1)
        }),
        broken(
            "a seat twice among the playing",
            "/deals/0/result/playing",
            |r| {
                r["deals"][0]["result"]["playing"] = json!([0, 0]);
            },
        ),
        broken(
            "a stroke list one seat short",
            "/deals/0/result/strokes",
            |r| {
                r["deals"][0]["result"]["strokes"]
                    .as_array_mut()
                    .unwrap()
                    .pop();
            },
        ),
        broken("a slate one seat long", "/result/slate", |r| {
            r["result"]["slate"].as_array_mut().unwrap().push(json!(0));
        }),
        broken("four seats in a three-player game", "/seats", |r| {
            r["seats"]
                .as_array_mut()
                .unwrap()
                .push(json!({"name": "random"}));
        }),
        broken(
            "a tie draw with an extra field",
            "/deals/0/result/tie_draws/0",
            |r| {
                r["deals"][0]["result"]["tie_draws"] =
                    json!([{"seat": 0, "card": "HA", "rank": 9}]);
            },
        ),
        broken("a multiplier of 5", "/deals/0/result/multiplier", |r| {
            r["deals"][0]["result"]["multiplier"] = json!(5)
        }),
        broken("a Schieber field in the deal", "/deals/0", |r| {
            r["deals"][0]["forehand"] = json!(0)
        }),
        broken("an unknown option", "/options", |r| {
            r["options"]["slalom"] = json!(true)
        }),
        broken("a missing option", "/options", |r| {
            r["options"].as_object_mut().unwrap().remove("players");
        }),
        broken("six players", "/options/players", |r| {
            r["options"]["players"] = json!(6)
        }),
        broken("the preset alias 002", "/options/preset", |r| {
            r["options"]["preset"] = json!("002")
        }),
        broken("an unknown tie rule", "/options/tie", |r| {
            r["options"]["tie"] = json!("coin")
        }),
        broken("a threshold above 252", "/options/threshold", |r| {
            r["options"]["threshold"] = json!(253)
        }),
        broken(
            "a last trick bonus above 100",
            "/options/last_trick_bonus",
            |r| r["options"]["last_trick_bonus"] = json!(101),
        ),
        broken("an unknown sack window", "/options/sack_window", |r| {
            r["options"]["sack_window"] = json!("forever")
        }),
        broken("Schieber's game result", "/result", |r| {
            r["result"] = json!({"winner": 0, "totals": [0, 0, 0], "schneider": false, "bergpreis": null, "games_won": 1});
        }),
        broken("version 2", "/version", |r| r["version"] = json!(2)),
    ];
    assert_rejected(&v, "handjass", &sample, b);
}

// ---- Sidi Barrani

fn sidi_option_sets() -> Vec<(&'static str, SidiOptions)> {
    let d = SidiOptions::default();
    vec![
        ("default (001)", d),
        (
            "redouble, steps of 5, min bid 50, target 1500",
            SidiOptions {
                redouble: true,
                bid_step: 5,
                min_bid: 50,
                target: 1500,
                ..d
            },
        ),
        (
            "double at the first lead, redouble",
            SidiOptions {
                doubling: Doubling::FirstLead,
                redouble: true,
                ..d
            },
        ),
        (
            "no doubling, no Obenabe/Undenufe, no Weis, no Stöck, dealer 0",
            SidiOptions {
                doubling: Doubling::None,
                obenabe_undenufe: false,
                weis: false,
                stoeck: false,
                first_dealer: 0,
                ..d
            },
        ),
        (
            "four nines, undenufe six, no double game, min bid 60, target 1000",
            SidiOptions {
                four_nines: true,
                undenufe_eleven: UndenufeEleven::Six,
                double_game: false,
                min_bid: 60,
                target: 1000,
                ..d
            },
        ),
        (
            "double game below 1500, target 2500",
            SidiOptions {
                double_game_below: 1500,
                target: 2500,
                ..d
            },
        ),
    ]
}

fn play_sidi(options: SidiOptions, seed: u64) -> Record {
    let mut players = random_players::<sidi::Sidi>(4, seed);
    if seed % 3 == 2 {
        // Players who mostly pass: thrown-in deals, and passes when asked to double.
        players = (0..4u64)
            .map(|s| {
                let mut p = RandomPlayer::new(seed.wrapping_mul(4).wrapping_add(s));
                p.1 = Some("pass");
                Box::new(p) as Box<dyn Player<sidi::Sidi>>
            })
            .collect();
    }
    let rec = sidi::play_recorded(options, seed, &mut players)
        .expect("a random Sidi Barrani game plays to the end");
    Record::Sidi(rec)
}

#[test]
fn sidi_records_validate() {
    let v = validator();
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    let (mut lines, mut records) = (Vec::new(), Vec::new());
    let (mut thrown_in, mut factors, mut made, mut failed) =
        (0, std::collections::BTreeSet::new(), 0, 0);
    for (name, options) in sidi_option_sets() {
        for seed in 0..12u64 {
            let record = play_sidi(options, seed);
            let (value, line) =
                validate_generated(&v, &format!("sidi {name}, seed {seed}"), &record);
            for (k, n) in action_kinds(&value) {
                *kinds.entry(k).or_default() += n;
            }
            for deal in value["deals"].as_array().unwrap() {
                if deal["contract"].is_null() {
                    thrown_in += 1;
                } else {
                    factors.insert(deal["contract"]["factor"].as_u64().unwrap());
                }
                made += (deal["result"]["made"] == true) as usize;
                failed += (deal["result"]["made"] == false) as usize;
            }
            if seed < 2 {
                lines.push(line);
                records.push(record);
            }
        }
    }
    validate_lines(&v, &lines, &records);
    for k in [
        "pass", "bid", "double", "redouble", "weis", "stoeck", "play",
    ] {
        assert!(
            kinds.contains_key(k),
            "no Sidi Barrani record has a {k} entry: {kinds:?}"
        );
    }
    assert!(
        thrown_in > 0 && made > 0 && failed > 0,
        "{thrown_in} {made} {failed}"
    );
    assert_eq!(factors.len(), 3, "factors 1, 2 and 4: {factors:?}");
}

/// Readers accept `"game": "sidi"`; so does the schema.
#[test]
fn sidi_alias_validates_and_reads() {
    let v = validator();
    let record = play_sidi(SidiOptions::default(), 3);
    let mut value = serde_json::to_value(&record).unwrap();
    assert_eq!(value["game"], "sidi-barrani");
    value["game"] = json!("sidi");
    assert!(
        problems(&v, &value).is_empty(),
        "{:?}",
        problems(&v, &value)
    );
    let read = Record::from_value(value).expect("the alias reads");
    assert_eq!(read, record);
}

#[test]
fn broken_sidi_records_are_rejected() {
    let v = validator();
    let options = SidiOptions {
        redouble: true,
        ..SidiOptions::default()
    };
    let sample = (0..200u64)
        .map(|seed| serde_json::to_value(play_sidi(options, seed)).unwrap())
        .find(|r| {
            let k = action_kinds(r);
            ["bid", "double", "weis", "stoeck"]
                .iter()
                .all(|x| k.contains_key(*x))
                && !r["deals"][0]["contract"].is_null()
        })
        .expect("a game with a double, Weis and Stöck");
    let bid = entry_at(&sample, "bid");
    let double = entry_at(&sample, "double");
    let b = vec![
        broken("a Schieber action", "/deals/0/actions/0", |r| {
            r["deals"][0]["actions"][0] = json!({"seat": 0, "action": "schieben"})
        }),
        broken("a bid of 41", &format!("{bid}/points"), {
            let p = bid.clone();
            move |r| r.pointer_mut(&p).unwrap()["points"] = json!(41)
        }),
        broken("a bid of 160", &format!("{bid}/points"), {
            let p = bid.clone();
            move |r| r.pointer_mut(&p).unwrap()["points"] = json!(160)
        }),
        broken("a misère bid", &format!("{bid}/trump"), {
            let p = bid.clone();
            move |r| r.pointer_mut(&p).unwrap()["trump"] = json!("misere")
        }),
        broken("a bid without its trump", &bid.clone(), {
            let p = bid.clone();
            move |r| {
                r.pointer_mut(&p)
                    .unwrap()
                    .as_object_mut()
                    .unwrap()
                    .remove("trump");
            }
        }),
        broken("a double with points", &double.clone(), {
            let p = double.clone();
            move |r| r.pointer_mut(&p).unwrap()["points"] = json!(100)
        }),
        broken("a factor of 3", "/deals/0/contract/factor", |r| {
            r["deals"][0]["contract"]["factor"] = json!(3)
        }),
        broken("a contract without declarer", "/deals/0/contract", |r| {
            r["deals"][0]["contract"]
                .as_object_mut()
                .unwrap()
                .remove("declarer");
        }),
        broken("made as a string", "/deals/0/result/made", |r| {
            r["deals"][0]["result"]["made"] = json!("yes")
        }),
        broken(
            "a match bonus of 157",
            "/deals/0/result/match_bonus/0",
            |r| r["deals"][0]["result"]["match_bonus"][0] = json!(157),
        ),
        broken("a forehand field", "/deals/0", |r| {
            r["deals"][0]["forehand"] = json!(0)
        }),
        broken("a hand of ten cards", "/deals/0/hands/0", |r| {
            let extra = r["deals"][0]["hands"][1][0].clone();
            r["deals"][0]["hands"][0]
                .as_array_mut()
                .unwrap()
                .push(extra);
        }),
        broken("an unknown doubling", "/options/doubling", |r| {
            r["options"]["doubling"] = json!("always")
        }),
        broken("a bid step of 7", "/options/bid_step", |r| {
            r["options"]["bid_step"] = json!(7)
        }),
        broken(
            "a min bid of 45 with steps of 10",
            "/options/min_bid",
            |r| {
                r["options"]["bid_step"] = json!(10);
                r["options"]["min_bid"] = json!(45);
            },
        ),
        broken("first dealer 4", "/options/first_dealer", |r| {
            r["options"]["first_dealer"] = json!(4)
        }),
        broken("a missing double game threshold", "/options", |r| {
            r["options"]
                .as_object_mut()
                .unwrap()
                .remove("double_game_below");
        }),
        broken("a Schieber option", "/options", |r| {
            r["options"]["multipliers"] = json!("standard")
        }),
        broken("a bergpreis", "/result/bergpreis", |r| {
            r["result"]["bergpreis"] = json!(0)
        }),
        broken("three teams' totals", "/result/totals", |r| {
            r["result"]["totals"].as_array_mut().unwrap().push(json!(0));
        }),
        broken("another game name", "/game", |r| {
            r["game"] = json!("sidibarrani")
        }),
    ];
    assert_rejected(&v, "sidi-barrani", &sample, b);
}

// ---- Coiffeur

fn coiffeur_option_sets() -> Vec<(&'static str, CoiffeurOptions)> {
    let d = CoiffeurOptions::default();
    vec![
        ("default", d),
        (
            "misère, slalom, zurückschieben, large Weis",
            CoiffeurOptions {
                misere: true,
                slalom: true,
                zurueckschieben: true,
                weis: WeisOption::Large,
                ..d
            },
        ),
        (
            "no Weis, no Stöck, undenufe six, slalom, seat 1 forehand, single multipliers",
            CoiffeurOptions {
                slalom: true,
                weis: WeisOption::None,
                stoeck: false,
                undenufe_eleven: UndenufeEleven::Six,
                first_forehand: FirstForehand::Seat(1),
                first_lead: FirstLead::Chooser,
                multipliers: Multipliers::SINGLE,
                ..d
            },
        ),
        (
            "four nines, list order, D7 forehand, misère",
            CoiffeurOptions {
                four_nines: true,
                weis_tie: WeisTie::ListOrder,
                first_forehand: FirstForehand::Holder("D7".parse::<Card>().unwrap()),
                misere: true,
                ..d
            },
        ),
    ]
}

fn play_coiffeur(options: CoiffeurOptions, seed: u64) -> Record {
    let mut players = random_players::<coiffeur::Coiffeur>(4, seed);
    let rec = coiffeur::play_recorded(options, seed, &mut players)
        .expect("a random Coiffeur game plays to the end");
    Record::Coiffeur(rec)
}

#[test]
fn coiffeur_records_validate() {
    let v = validator();
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    let (mut lines, mut records) = (Vec::new(), Vec::new());
    let mut contracts = std::collections::BTreeSet::new();
    for (name, options) in coiffeur_option_sets() {
        for seed in 0..8u64 {
            let record = play_coiffeur(options, seed);
            let (value, line) =
                validate_generated(&v, &format!("coiffeur {name}, seed {seed}"), &record);
            for (k, n) in action_kinds(&value) {
                *kinds.entry(k).or_default() += n;
            }
            for deal in value["deals"].as_array().unwrap() {
                contracts.insert(deal["contract"].as_str().unwrap().to_string());
                let r = &deal["result"];
                let team = r["team"].as_u64().unwrap() as usize;
                assert_eq!(
                    r["written"].as_u64().unwrap(),
                    r["points"][team].as_u64().unwrap() * r["multiplier"].as_u64().unwrap(),
                    "coiffeur {name}, seed {seed}: written = points[team] × multiplier (docs/coiffeur.md, Record)"
                );
            }
            if seed < 2 {
                lines.push(line);
                records.push(record);
            }
        }
    }
    validate_lines(&v, &lines, &records);
    for k in ["schieben", "contract", "weis", "stoeck", "play"] {
        assert!(
            kinds.contains_key(k),
            "no Coiffeur record has a {k} entry: {kinds:?}"
        );
    }
    assert_eq!(
        contracts.len(),
        9,
        "every contract is played: {contracts:?}"
    );
}

#[test]
fn broken_coiffeur_records_are_rejected() {
    let v = validator();
    let sample = (0..100u64)
        .map(|seed| {
            serde_json::to_value(play_coiffeur(
                CoiffeurOptions {
                    misere: true,
                    ..Default::default()
                },
                seed,
            ))
            .unwrap()
        })
        .find(|r| {
            let k = action_kinds(r);
            ["schieben", "weis", "stoeck"]
                .iter()
                .all(|x| k.contains_key(*x))
        })
        .expect("a game with schieben, Weis and Stöck");
    let schieben = entry_at(&sample, "schieben");
    let b = vec![
        broken("no contract", "/deals/0/contract", |r| {
            r["deals"][0]["contract"] = json!(null)
        }),
        broken("no chooser", "/deals/0/chooser", |r| {
            r["deals"][0]["chooser"] = json!(null)
        }),
        broken("a Sidi bid", "/deals/0/actions/0", |r| {
            r["deals"][0]["actions"][0] =
                json!({"seat": 0, "action": "bid", "points": 40, "trump": "H"});
        }),
        broken("a schieben entry with a contract", &schieben.clone(), {
            let p = schieben.clone();
            move |r| r.pointer_mut(&p).unwrap()["contract"] = json!("H")
        }),
        broken("eight tricks", "/deals/0/tricks", |r| {
            r["deals"][0]["tricks"].as_array_mut().unwrap().pop();
        }),
        broken("a result without written", "/deals/0/result", |r| {
            r["deals"][0]["result"]
                .as_object_mut()
                .unwrap()
                .remove("written");
        }),
        broken("Schieber's deal result field", "/deals/0/result", |r| {
            r["deals"][0]["result"]["complete"] = json!(true)
        }),
        broken("team 2", "/deals/0/result/team", |r| {
            r["deals"][0]["result"]["team"] = json!(2)
        }),
        broken(
            "a multiplier of 0 in the options",
            "/options/multipliers/D",
            |r| r["options"]["multipliers"]["D"] = json!(0),
        ),
        broken(
            "multipliers as a preset name",
            "/options/multipliers",
            |r| r["options"]["multipliers"] = json!("standard"),
        ),
        broken("a multiplier of 101", "/options/multipliers/H", |r| {
            r["options"]["multipliers"]["H"] = json!(101)
        }),
        broken("a Schieber option (target)", "/options", |r| {
            r["options"]["target"] = json!(1000)
        }),
        broken("a missing option", "/options", |r| {
            r["options"].as_object_mut().unwrap().remove("misere");
        }),
        broken("an unknown Weis option", "/options/weis", |r| {
            r["options"]["weis"] = json!("huge")
        }),
        broken("schneider", "/result/schneider", |r| {
            r["result"]["schneider"] = json!(true)
        }),
        broken("two games won", "/result/games_won", |r| {
            r["result"]["games_won"] = json!(2)
        }),
        broken("three seats", "/seats", |r| {
            r["seats"].as_array_mut().unwrap().pop();
        }),
    ];
    assert_rejected(&v, "coiffeur", &sample, b);
}

// ---- Differenzler

fn differenzler_option_sets() -> Vec<(&'static str, DifferenzlerOptions)> {
    let d = DifferenzlerOptions::default();
    vec![
        ("default", d),
        (
            "chosen trump with Obenabe/Undenufe, open announcements, Weis, Stöck, penalties",
            DifferenzlerOptions {
                trump: TrumpRule::Chosen,
                obenabe_undenufe: true,
                announcements: Announcements::Open,
                weis: true,
                stoeck: true,
                miss_penalty: 5,
                exact_bonus: 10,
                deals: 4,
                ..d
            },
        ),
        (
            "random trump, strict tricks, undenufe six, the bonus for every exact 0, dealer 0",
            DifferenzlerOptions {
                trump: TrumpRule::Random,
                obenabe_undenufe: true,
                trick_rules: jass_core::TrickRules::Strict,
                undenufe_eleven: UndenufeEleven::Six,
                zero_bonus: jass_core::differenzler::ZeroBonus::Always,
                exact_bonus: 1000,
                first_dealer: 0,
                deals: 8,
                ..d
            },
        ),
        (
            "rotation without Obenabe/Undenufe, Weis",
            DifferenzlerOptions {
                trump: TrumpRule::Rotation,
                weis: true,
                stoeck: true,
                deals: 6,
                ..d
            },
        ),
    ]
}

fn play_differenzler(options: DifferenzlerOptions, seed: u64) -> Record {
    let mut players = random_players::<differenzler::Differenzler>(4, seed);
    let rec = differenzler::play_recorded(options, seed, &mut players)
        .expect("a random Differenzler game plays to the end");
    Record::Differenzler(rec)
}

#[test]
fn differenzler_records_validate() {
    let v = validator();
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    let (mut lines, mut records) = (Vec::new(), Vec::new());
    let mut trumps = std::collections::BTreeSet::new();
    let mut negative = 0;
    for (name, options) in differenzler_option_sets() {
        for seed in 0..8u64 {
            let record = play_differenzler(options, seed);
            let (value, line) =
                validate_generated(&v, &format!("differenzler {name}, seed {seed}"), &record);
            for (k, n) in action_kinds(&value) {
                *kinds.entry(k).or_default() += n;
            }
            for deal in value["deals"].as_array().unwrap() {
                trumps.insert(deal["trump"].as_str().unwrap().to_string());
                negative += deal["result"]["penalty"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|p| p.as_i64().unwrap() < 0)
                    .count();
            }
            if seed < 2 {
                lines.push(line);
                records.push(record);
            }
        }
    }
    validate_lines(&v, &lines, &records);
    for k in ["trump", "announce", "weis", "stoeck", "play"] {
        assert!(
            kinds.contains_key(k),
            "no Differenzler record has a {k} entry: {kinds:?}"
        );
    }
    assert_eq!(trumps.len(), 6, "every trump mode: {trumps:?}");
    assert!(negative > 0, "a negative penalty (exact bonus) is written");
}

#[test]
fn broken_differenzler_records_are_rejected() {
    let v = validator();
    let options = DifferenzlerOptions {
        trump: TrumpRule::Chosen,
        obenabe_undenufe: true,
        weis: true,
        stoeck: true,
        deals: 4,
        ..DifferenzlerOptions::default()
    };
    let sample = (0..100u64)
        .map(|seed| serde_json::to_value(play_differenzler(options, seed)).unwrap())
        .find(|r| {
            let k = action_kinds(r);
            ["trump", "weis", "stoeck"]
                .iter()
                .all(|x| k.contains_key(*x))
        })
        .expect("a game with a trump choice, Weis and Stöck");
    let announce = entry_at(&sample, "announce");
    let trump = entry_at(&sample, "trump");
    let turned =
        serde_json::to_value(play_differenzler(DifferenzlerOptions::default(), 1)).unwrap();
    let b = vec![
        broken("an announcement of 158", &format!("{announce}/points"), {
            let p = announce.clone();
            move |r| r.pointer_mut(&p).unwrap()["points"] = json!(158)
        }),
        broken("an announcement without points", &announce.clone(), {
            let p = announce.clone();
            move |r| {
                r.pointer_mut(&p)
                    .unwrap()
                    .as_object_mut()
                    .unwrap()
                    .remove("points");
            }
        }),
        broken("misère as trump", &format!("{trump}/trump"), {
            let p = trump.clone();
            move |r| r.pointer_mut(&p).unwrap()["trump"] = json!("misere")
        }),
        broken("a Sidi bid", "/deals/0/actions/0", |r| {
            r["deals"][0]["actions"][0] =
                json!({"seat": 0, "action": "bid", "points": 40, "trump": "H"});
        }),
        broken(
            "a turned card with a chosen trump",
            "/deals/0/trump_card",
            |r| r["deals"][0]["trump_card"] = json!("H7"),
        ),
        broken(
            "announcements of three seats",
            "/deals/0/announcements",
            |r| {
                r["deals"][0]["announcements"].as_array_mut().unwrap().pop();
            },
        ),
        broken("eight tricks", "/deals/0/tricks", |r| {
            r["deals"][0]["tricks"].as_array_mut().unwrap().pop();
        }),
        broken("a result without penalty", "/deals/0/result", |r| {
            r["deals"][0]["result"]
                .as_object_mut()
                .unwrap()
                .remove("penalty");
        }),
        broken("a team result", "/result", |r| {
            r["result"] = json!({"winner": 0, "totals": [0, 0], "schneider": false, "bergpreis": null, "games_won": 1});
        }),
        broken("no winner", "/result/winners", |r| {
            r["result"]["winners"] = json!([])
        }),
        broken("a winner twice", "/result/winners", |r| {
            r["result"]["winners"] = json!([1, 1])
        }),
        broken("heading trick rules", "/options/trick_rules", |r| {
            r["options"]["trick_rules"] = json!("heading")
        }),
        broken("no deals", "/options/deals", |r| {
            r["options"]["deals"] = json!(0)
        }),
        broken("an exact bonus above 1000", "/options/exact_bonus", |r| {
            r["options"]["exact_bonus"] = json!(1001)
        }),
        broken("Obenabe/Undenufe with a turned trump", "/options", |r| {
            r["options"]["trump"] = json!("turned")
        }),
        broken("an unknown trump rule", "/options/trump", |r| {
            r["options"]["trump"] = json!("auction")
        }),
        broken("a missing option", "/options", |r| {
            r["options"]
                .as_object_mut()
                .unwrap()
                .remove("announcements");
        }),
    ];
    assert_rejected(&v, "differenzler", &sample, b);
    let b = vec![
        broken(
            "no turned card with trump = turned",
            "/deals/0/trump_card",
            |r| r["deals"][0]["trump_card"] = json!(null),
        ),
        broken("Obenabe with trump = turned", "/deals/0/trump", |r| {
            r["deals"][0]["trump"] = json!("obenabe")
        }),
    ];
    assert_rejected(&v, "differenzler", &turned, b);
}

/// An action its player's fallback made carries the reason (`"fallback": "…"`), in every game's
/// records; the schema takes it on decisions, not on the engine's Stöck entries or as a
/// non-string, and the record reads back with it.
#[test]
fn fallback_marks_validate_and_read_back() {
    let v = validator();
    let samples = [
        play(SchieberOptions::default(), 1),
        play_handjass(HandjassOptions::default(), 1),
        Record::Sidi(
            sidi::play_recorded(SidiOptions::default(), 1, &mut random_players(4, 1)).unwrap(),
        ),
        Record::Differenzler(
            differenzler::play_recorded(
                DifferenzlerOptions::default(),
                1,
                &mut random_players(4, 1),
            )
            .unwrap(),
        ),
        Record::Coiffeur(
            coiffeur::play_recorded(CoiffeurOptions::default(), 1, &mut random_players(4, 1))
                .unwrap(),
        ),
    ];
    for record in samples {
        let mut rec = serde_json::to_value(&record).unwrap();
        let game = rec["game"].as_str().unwrap().to_string();
        let entry = rec["deals"][0]["actions"][0].clone();
        assert!(
            entry.get("fallback").is_none(),
            "{game}: unmarked by default"
        );
        rec["deals"][0]["actions"][0]["fallback"] = json!("request 1: no answer within 5000 ms");
        assert!(
            problems(&v, &rec).is_empty(),
            "{game}: {:?}",
            problems(&v, &rec)
        );
        let back: Record = serde_json::from_value(rec.clone()).unwrap();
        assert_eq!(serde_json::to_value(&back).unwrap(), rec, "{game}");
        assert_ne!(back, record, "{game}: the mark is part of the record");
        let mut wrong = rec.clone();
        wrong["deals"][0]["actions"][0]["fallback"] = json!(3);
        assert!(
            !problems(&v, &wrong).is_empty(),
            "{game}: a number is refused"
        );
    }
    // The engine's own Stöck entry is never a fallback.
    let mut players = random_players::<Schieber>(4, 0);
    let stoeck = (0..200u64)
        .map(|seed| {
            serde_json::to_value(Record::Schieber(
                play_recorded(SchieberOptions::default(), seed, &mut players).unwrap(),
            ))
            .unwrap()
        })
        .find(|r| action_kinds(r).contains_key("stoeck"))
        .expect("a record with Stöck");
    let mut rec = stoeck;
    let at = entry_at(&rec, "stoeck");
    rec.pointer_mut(&at).unwrap()["fallback"] = json!("no");
    assert!(!problems(&v, &rec).is_empty());
}

/// `options` must be an object in every game: serde would read a list by position (an empty list
/// as the defaults), which the format does not allow.
#[test]
fn options_given_as_a_list_are_refused_in_every_game() {
    for game in GAMES {
        for options in [json!([]), json!([1, 2]), json!("target=1000")] {
            let v =
                json!({"game": game, "format": "jass-record", "version": 1, "options": options});
            let e = jass_table::Record::from_value(v).unwrap_err();
            assert!(
                e.contains("`options` is") && e.contains("must be an object"),
                "{game}: {e}"
            );
        }
    }
}

/// Every registered game, under every option set it declares (`TableGame::presets`), played by
/// random players with a few seeds: its records validate and read back. Registering a game
/// enrols it, so that a new game's records are held to the schema from its first commit.
#[test]
fn every_registered_game_and_preset_gives_records_that_validate() {
    use jass_table::{GameKind, GameVisitor, TableGame};
    struct Validate<'a>(&'a jsonschema::Validator);
    impl GameVisitor for Validate<'_> {
        type Output = usize;
        fn visit<G: TableGame>(self) -> usize {
            let mut n = 0;
            for (name, options) in G::presets() {
                let o = G::read_options(&options).expect("a preset's options are accepted");
                for seed in 1..=3 {
                    let mut players = random_players::<G>(G::seat_count(&o), seed);
                    let record = G::play(o, seed, &mut players, &mut |_| {})
                        .unwrap_or_else(|e| panic!("{} `{name}`, seed {seed}: {e}", G::NAME));
                    validate_generated(self.0, &format!("{} `{name}`", G::NAME), &record);
                    n += 1;
                }
            }
            n
        }
    }
    let v = validator();
    for kind in GameKind::ALL {
        assert!(kind.visit(Validate(&v)) > 0, "{}: no records", kind.name());
    }
}

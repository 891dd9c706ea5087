//! `jass solve` on Differenzler, Handjass and Hindersi records (every player for himself): the position
//! rebuilt from the record, the mover's legal cards as the engine lists them, the guarantees
//! against a plain minimax computed here, the outcome against the record's own scoring, and
//! the errors.

use std::path::{Path, PathBuf};

use jass_core::differenzler::{
    Differenzler, DifferenzlerAction, DifferenzlerDeal, DifferenzlerRecord, DifferenzlerRecorded,
    TrumpRule,
};
use jass_core::handjass::{Handjass, HandjassRecord, RecordedAction};
use jass_core::trick::{legal_cards, trick_points, trick_winner};
use jass_core::{ActionList, Card, CardSet, Game, Mode, PointTable, ToMove, TrickRules};
use jass_table::Record;

mod common;
use common::{jass, solve_json, solve_refuses};

/// `jass simulate ARGS --out FILE` in `dir`: the one record it writes.
fn simulate(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, Record) {
    let file = dir.join(name);
    jass()
        .arg("simulate")
        .args(args)
        .arg("--out")
        .arg(&file)
        .assert()
        .success();
    let text = std::fs::read_to_string(&file).unwrap();
    let rec = Record::read_all(&text).remove(0).unwrap();
    (file, rec)
}

/// `jass solve --json --record FILE --deal D --cards K`; it must succeed.
fn solve(file: &Path, deal: usize, cards: usize) -> serde_json::Value {
    let (deal, cards) = (deal.to_string(), cards.to_string());
    solve_json([
        "--record".as_ref(),
        file.as_os_str(),
        "--deal".as_ref(),
        deal.as_ref(),
        "--cards".as_ref(),
        cards.as_ref(),
    ])
}

/// The cards of `v["cards"]` with their `guarantee[key]`.
fn guarantees(v: &serde_json::Value, key: &str) -> Vec<(Card, i64)> {
    let mut out: Vec<(Card, i64)> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["card"].as_str().unwrap().parse().unwrap(),
                c["guarantee"][key].as_i64().unwrap(),
            )
        })
        .collect();
    out.sort_by_key(|x| x.0.index());
    out
}

/// A card-play position for the plain minimax: the players at the table in playing order.
#[derive(Clone)]
struct Plain {
    hands: Vec<CardSet>,
    trick: Vec<Card>,
    leader: usize,
    mode: Mode,
    points: PointTable,
    rules: TrickRules,
    bonus: u32,
    /// Card points the player `me` has taken.
    mine: u32,
}

impl Plain {
    fn mover(&self) -> usize {
        (self.leader + self.trick.len()) % self.hands.len()
    }

    fn play(&mut self, c: Card, me: usize) {
        let p = self.mover();
        self.hands[p].remove(c);
        self.trick.push(c);
        if self.trick.len() == self.hands.len() {
            let w = (self.leader + trick_winner(&self.trick, self.mode)) % self.hands.len();
            let mut pts = trick_points(&self.trick, self.points);
            if self.hands.iter().all(|h| h.is_empty()) {
                pts += self.bonus;
            }
            if w == me {
                self.mine += pts;
            }
            self.leader = w;
            self.trick.clear();
        }
    }

    /// Plain minimax, no pruning: `me` maximises `score` of his final card points, everybody
    /// else minimises it.
    fn minimax(&self, me: usize, score: &dyn Fn(u32) -> i64) -> i64 {
        if self.trick.is_empty() && self.hands.iter().all(|h| h.is_empty()) {
            return score(self.mine);
        }
        let p = self.mover();
        let vals = legal_cards(self.hands[p], &self.trick, self.mode, self.rules)
            .iter()
            .map(|c| {
                let mut next = self.clone();
                next.play(c, me);
                next.minimax(me, score)
            });
        if p == me {
            vals.max().unwrap()
        } else {
            vals.min().unwrap()
        }
    }
}

/// The legal cards among an engine's legal actions.
fn legal_plays<A: Copy>(list: &ActionList<A>, card: impl Fn(A) -> Option<Card>) -> CardSet {
    list.iter().filter_map(card).collect()
}

// ----- Differenzler -----

/// The engine after the first `cards` cards of deal `deal` (1-based) of `rec` (and the
/// mover's Weis declaration, which comes before his card).
fn differenzler_at(rec: &DifferenzlerRecord, deal: usize, cards: usize) -> Differenzler {
    let mut g = Differenzler::new(rec.options).unwrap();
    for (i, d) in rec.deals.iter().enumerate().take(deal) {
        let trump = (rec.options.trump == TrumpRule::Random).then_some(d.cards.trump);
        g.deal(DifferenzlerDeal {
            hands: d.hands,
            trump_card: d.cards.trump_card,
            trump,
        })
        .unwrap();
        let mut played = 0;
        for e in &d.actions {
            let action = match e.action {
                DifferenzlerRecorded::Trump { trump } => DifferenzlerAction::Trump { trump },
                DifferenzlerRecorded::Announce { points } => {
                    DifferenzlerAction::Announce { points }
                }
                DifferenzlerRecorded::Weis { weis } => DifferenzlerAction::Weis { weis },
                DifferenzlerRecorded::Play { card } => DifferenzlerAction::Play { card },
                DifferenzlerRecorded::Stoeck {} => continue,
            };
            if i + 1 == deal && matches!(action, DifferenzlerAction::Play { .. }) {
                if played == cards {
                    break;
                }
                played += 1;
            }
            g.apply(action).unwrap();
        }
    }
    g
}

#[test]
fn differenzler_positions_match_the_engine_and_a_plain_minimax() {
    let dir = tempfile::tempdir().unwrap();
    // Weis and Stöck on, and a miss penalty and exact bonus, so every part of the scoring counts.
    let (file, rec) = simulate(
        dir.path(),
        "d.json",
        &[
            "-g",
            "differenzler",
            "--seed",
            "11",
            "--players",
            "random",
            "-o",
            "weis=true",
            "-o",
            "stoeck=true",
            "-o",
            "exact_bonus=10",
            "-o",
            "miss_penalty=3",
        ],
    );
    let Record::Differenzler(rec) = rec else {
        panic!("a Differenzler record")
    };
    let mut checked = 0;
    for deal in 1..=rec.deals.len() {
        let d = &rec.deals[deal - 1];
        // 12 cards left at a trick's start, 10 in the middle of one.
        for cards in [24, 26] {
            let g = differenzler_at(&rec, deal, cards);
            let ToMove::Seat(me) = g.to_move() else {
                panic!("someone to play")
            };
            let v = solve(&file, deal, cards);
            assert_eq!(v["seat"], me);
            assert_eq!(v["cards_left"], 36 - cards);
            let mut list = ActionList::new();
            g.legal_actions(&mut list);
            let legal = legal_plays(&list, |a| match a {
                DifferenzlerAction::Play { card } => Some(card),
                _ => None,
            });
            let got = guarantees(&v, "distance");
            assert_eq!(got.iter().map(|x| x.0).collect::<CardSet>(), legal);
            assert_eq!(got.len(), legal.len() as usize);
            // The plain minimax: the mover's miss counts the deal's Weis and Stöck (from the
            // record's result).
            let mode = g.mode().unwrap();
            let obs = g.observation(me);
            let plain = Plain {
                hands: g.hands().to_vec(),
                trick: g.current_trick().to_vec(),
                leader: obs.trick_leader as usize,
                mode,
                points: PointTable::new(mode, rec.options.undenufe_eleven),
                rules: rec.options.trick_rules,
                bonus: 5,
                mine: g.tally().card_points[me],
            };
            let extra = d.result.weis[me] + d.result.stoeck[me];
            let ann = d.settled.announcements[me] as i64;
            let miss = |mine: u32| -((mine + extra) as i64 - ann).abs();
            for &(card, distance) in &got {
                let mut child = plain.clone();
                child.play(card, me);
                assert_eq!(
                    -child.minimax(me, &miss),
                    distance,
                    "deal {deal}, {cards} cards, {card}"
                );
            }
            checked += 1;
        }
        // At the last card the outcome is the record's own end of the deal.
        let v = solve(&file, deal, 35);
        let outcome = v["cards"][0]["outcome"].as_array().unwrap();
        for o in outcome {
            let s = o["seat"].as_u64().unwrap() as usize;
            assert_eq!(o["points"], d.result.taken[s], "deal {deal}");
            assert_eq!(o["penalty"], d.result.penalty[s], "deal {deal}");
        }
    }
    assert_eq!(checked, 2 * rec.deals.len());
}

// ----- Handjass -----

/// The engine after the first `cards` cards of deal `deal` (1-based) of `rec`.
fn handjass_at(rec: &HandjassRecord, deal: usize, cards: usize) -> Handjass {
    let mut g = Handjass::new(rec.options).unwrap();
    for (i, d) in rec.deals.iter().enumerate().take(deal) {
        g.deal(d.engine_deal()).unwrap();
        let mut played = 0;
        for e in &d.actions {
            let Some(action) = e.action.action() else {
                continue;
            };
            if i + 1 == deal && matches!(e.action, RecordedAction::Play { .. }) {
                if played == cards {
                    break;
                }
                played += 1;
            }
            g.apply(action).unwrap();
        }
    }
    g
}

/// Cards played in each deal of a Handjass record.
fn plays(rec: &HandjassRecord) -> Vec<usize> {
    rec.deals
        .iter()
        .map(|d| {
            d.actions
                .iter()
                .filter(|e| matches!(e.action, RecordedAction::Play { .. }))
                .count()
        })
        .collect()
}

/// A three-player Handjass record (random players, a seed from `seeds`) with a deal that
/// `wanted` accepts (by its cards played): the file, the record and that deal (1-based).
fn handjass_with(
    dir: &Path,
    seeds: std::ops::Range<u64>,
    wanted: impl Fn(usize) -> bool,
) -> (PathBuf, HandjassRecord, usize) {
    for seed in seeds {
        let (file, rec) = simulate(
            dir,
            &format!("h{seed}.json"),
            &[
                "-g",
                "handjass",
                "-o",
                "players=3",
                "--seed",
                &seed.to_string(),
                "--players",
                "random",
            ],
        );
        let Record::Handjass(rec) = rec else {
            panic!("a Handjass record")
        };
        if let Some(i) = plays(&rec).into_iter().position(&wanted) {
            return (file, rec, i + 1);
        }
    }
    panic!("no such deal in these seeds");
}

#[test]
fn handjass_three_players_match_the_engine_and_a_plain_minimax() {
    let dir = tempfile::tempdir().unwrap();
    // All three players play the cards: 27 of them.
    let (file, rec, deal) = handjass_with(dir.path(), 1..40, |n| n == 27);
    let d = &rec.deals[deal - 1];
    for cards in [15, 17] {
        let g = handjass_at(&rec, deal, cards);
        let ToMove::Seat(me) = g.to_move() else {
            panic!("someone to play")
        };
        let v = solve(&file, deal, cards);
        assert_eq!(v["seat"], me);
        assert_eq!(v["cards_left"], 27 - cards);
        assert_eq!(v["players"].as_array().unwrap().len(), 3);
        assert_eq!(v["threshold"], g.threshold());
        let mut list = ActionList::new();
        g.legal_actions(&mut list);
        let legal = legal_plays(&list, |a| match a {
            jass_core::handjass::HandjassAction::Play { card } => Some(card),
            _ => None,
        });
        let got = guarantees(&v, "points");
        assert_eq!(got.iter().map(|x| x.0).collect::<CardSet>(), legal);
        assert_eq!(got.len(), legal.len() as usize);
        // The players in playing order from seat 0 (all three play this deal).
        let obs = g.observation(me);
        let plain = Plain {
            hands: g.hands()[..3].to_vec(),
            trick: g.current_trick().to_vec(),
            leader: obs.trick_leader as usize,
            mode: g.mode(),
            points: g.point_table(),
            rules: rec.options.trick_rules,
            bonus: rec.options.last_trick_bonus,
            mine: g.card_points()[me],
        };
        let extra = d.result.weis[me] + d.result.stoeck[me];
        let most = |mine: u32| (mine + extra) as i64;
        for &(card, points) in &got {
            let mut child = plain.clone();
            child.play(card, me);
            assert_eq!(child.minimax(me, &most), points, "{cards} cards, {card}");
        }
        for c in v["cards"].as_array().unwrap() {
            let sure = c["guarantee"]["points"].as_u64().unwrap();
            assert_eq!(c["guarantee"]["safe"], sure >= g.threshold() as u64);
        }
    }
    // At the last card the outcome is the record's own end of the deal.
    let v = solve(&file, deal, 26);
    for o in v["cards"][0]["outcome"].as_array().unwrap() {
        let s = o["seat"].as_u64().unwrap() as usize;
        assert_eq!(o["points"], d.result.points[s]);
        assert_eq!(o["strokes"], d.result.strokes[s]);
        assert_eq!(o["potatoes"], d.result.potatoes[s]);
    }
}

#[test]
fn handjass_text_output_and_node_budget() {
    // The text names the game and what the values mean; the node budget gives up cleanly on
    // a whole deal (exit 1, `gave_up` in JSON).
    let dir = tempfile::tempdir().unwrap();
    let (file, _, deal) = handjass_with(dir.path(), 1..40, |n| n == 27);
    let out = jass()
        .args(["solve", "--record"])
        .arg(&file)
        .args(["--deal", &deal.to_string(), "--cards", "21"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("Handjass, deal"), "{text}");
    assert!(text.contains("the most points seat"), "{text}");
    let out = jass()
        .args(["solve", "--json", "--max-nodes", "1000", "--record"])
        .arg(&file)
        .args(["--deal", &deal.to_string(), "--cards", "0"])
        .assert()
        .code(1);
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["gave_up"], true);
    assert!(v["cards"].is_null());
}

#[test]
fn hindersi_text_and_json() {
    // Three players, the last two tricks: the text names the game, the aim and the sweep rule;
    // in JSON every card's guarantee is at most the points the mover ends with when every player
    // plays for himself (he can be sure of no fewer than the best he may hope for), and the
    // players' deal points add up to the 157 of the deal.
    let dir = tempfile::tempdir().unwrap();
    let (file, _) = simulate(
        dir.path(),
        "h.json",
        &[
            "-g",
            "hindersi",
            "-o",
            "players=3",
            "--seed",
            "4",
            "--players",
            "rule",
        ],
    );
    let out = jass()
        .args(["solve", "--record"])
        .arg(&file)
        .args(["--deal", "1", "--cards", "30"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("Hindersi, deal 1, 30 cards played"), "{text}");
    assert!(text.contains("the fewest points seat"), "{text}");
    assert!(text.contains("the others 157 each"), "{text}");
    for cards in 27..33 {
        let v = solve(&file, 1, cards);
        assert_eq!(v["sweep"], 157);
        let mover = v["seat"].as_u64().unwrap() as usize;
        let list = v["cards"].as_array().unwrap();
        assert!(!list.is_empty());
        for c in list {
            let sure = c["guarantee"]["points"].as_u64().unwrap();
            let end = c["outcome"].as_array().unwrap();
            let points: Vec<u64> = end.iter().map(|e| e["points"].as_u64().unwrap()).collect();
            assert!(sure >= points[mover], "{c}");
            let swept = points.contains(&0) && points.iter().filter(|&&p| p == 157).count() == 2;
            assert!(swept || points.iter().sum::<u64>() == 157, "{c}");
        }
    }
}

// ----- errors -----

#[test]
fn solo_records_give_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (dfile, _) = simulate(
        dir.path(),
        "d.json",
        &[
            "-g",
            "differenzler",
            "-o",
            "deals=4",
            "--seed",
            "2",
            "--players",
            "random",
        ],
    );
    let fails = solve_refuses;
    fails(
        &dfile,
        &["--deal", "5"],
        "--deal 5: the game has 4 deal(s); give 1 to 4",
    );
    fails(
        &dfile,
        &["--deal", "2", "--cards", "36"],
        "--cards 36: deal 2 has 36 cards of card play; give 0 to 35",
    );
    fails(
        &dfile,
        &["--cards", "30", "--trump", "H", "--leader", "1"],
        "--trump and --leader do not apply to a Differenzler record",
    );
    fails(&dfile, &["--race", "40,20"], "--race: a Differenzler deal");
    // A Handjass deal without card play: everybody else dropped out, or the two left agreed.
    let (hfile, _, deal) = handjass_with(dir.path(), 1..60, |n| n == 0);
    fails(
        &hfile,
        &["--deal", &deal.to_string()],
        &format!("deal {deal} has no card play"),
    );
}

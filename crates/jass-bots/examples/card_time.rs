//! Time per decision of the sampling players at their default settings: every card decision (and
//! Differenzler's announcement, Sidi Barrani's bids and doubles, Handjass's Bessern and discards,
//! stay/drop/blind, six and agreement) of a sampling seat, measured in the thread's CPU time (so that other work on a
//! shared machine does not count), against rule players.
//!
//! `cargo run --release -p jass-bots --example card_time -- [GAME|all] [DEALS] [SEED] [SAMPLES]
//! [MAX_CARDS]`: GAME schieber, schieber-end (the last deal of a game: a small target, so that
//! the race to it is searched), sidi, coiffeur, differenzler, handjass, handjass3,
//! handjass3-bessern, handjass2-bessern, handjass3-twelve, or mcts (the MCTS yardstick, not in
//! all; SAMPLES its iterations per world, MAX_CARDS its worlds) (default all;
//! DEALS default 40); SAMPLES and MAX_CARDS override the defaults (MAX_CARDS: the cards from
//! which the solver-based players solve; for Differenzler and Handjass the tricks left from
//! which they finish their play-outs with the exact solo solver, `exact_tricks`). For
//! `schieber` only, further arguments READ_CARDS READ_PLAYS DECISION_NODES NODE_LIMIT set the
//! solver's reading of the others' cards (`read_cards`, `read_plays`, 0: off) and the node caps.

use jass_bots::{
    DifferenzlerSettings, MctsSchieber, MctsSettings, RuleCoiffeur, RuleDifferenzler, RuleHandjass,
    RuleSchieber, RuleSidi, SamplingCoiffeur, SamplingDifferenzler, SamplingHandjass,
    SamplingSchieber, SamplingSettings, SamplingSidi, SolverReading,
};
use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::deal::SeededDealer;
use jass_core::differenzler::{Differenzler, DifferenzlerOptions};
use jass_core::game::{Decision, Game, Player};
use jass_core::handjass::{Handjass, HandjassOptions, SmallDeal};
use jass_core::schieber::{Schieber, SchieberOptions};
use jass_core::sidi::{Sidi, SidiOptions};

/// Times every decision of the inner player, by the kind of decision (`play`, `announce`, …).
struct Timed<G: Game> {
    inner: Box<dyn Player<G>>,
    play: Vec<f64>,
    announce: Vec<f64>,
}

impl<G: Game> Timed<G> {
    fn new(inner: Box<dyn Player<G>>) -> Self {
        Timed {
            inner,
            play: Vec::new(),
            announce: Vec::new(),
        }
    }

    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        let kind = d.legal.get(0).to_string();
        let t = jass_bots::timing::thread_cpu_ms();
        let a = self.inner.act(d);
        let dt = jass_bots::timing::thread_cpu_ms() - t;
        // Handjass's decisions before the card play (stay, the six, agreement) and Sidi
        // Barrani's bids and doubles go with the announcements.
        let before_play = matches!(
            kind.as_str(),
            "stay" | "exchange-six" | "play-on" | "pass" | "keep-hand"
        ) || kind.starts_with("bid ")
            || kind.starts_with("discard ");
        if kind.starts_with("play ") && d.legal.len() > 1 {
            self.play.push(dt);
        } else if kind.starts_with("announce") || (before_play && d.legal.len() > 1) {
            self.announce.push(dt);
        }
        a
    }
}

/// Plays `deals` deals (fresh games, one deal each) with the timed player at seat `deal % n`.
fn run<G: Game>(
    name: &str,
    deals: u64,
    seed: u64,
    new_game: &dyn Fn(u64) -> G,
    sampling: &mut dyn FnMut(u64) -> Box<dyn Player<G>>,
    rule: &dyn Fn() -> Box<dyn Player<G>>,
) {
    let mut timed = Timed::new(sampling(seed));
    for i in 0..deals {
        let mut g = new_game(i);
        let n = g.seats();
        let me = (i as usize) % n;
        timed.inner = sampling(seed.wrapping_add(i));
        let mut others: Vec<Box<dyn Player<G>>> = (0..n).map(|_| rule()).collect();
        SeededDealer::new(seed.wrapping_add(i)).play_one_deal(&mut g, |g, s, legal| {
            let d = Decision::new(g, s, legal);
            if s == me {
                timed.act(&d)
            } else {
                others[s].act(&d)
            }
        });
    }
    report(name, "card", &mut timed.play);
    if !timed.announce.is_empty() {
        let what = if name.starts_with("handjass") {
            "before play"
        } else if name.starts_with("sidi") {
            "bid/double"
        } else {
            "announcement"
        };
        report(name, what, &mut timed.announce);
    }
}

fn report(game: &str, what: &str, xs: &mut [f64]) {
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    if n == 0 {
        println!("{game}: no {what} decisions");
        return;
    }
    let q = |p: f64| xs[((n as f64 - 1.0) * p).round() as usize];
    let mean = xs.iter().sum::<f64>() / n as f64;
    println!(
        "{game:<12} {what:<12} n {n:>5}  mean {mean:>7.2} ms  median {:>7.2}  p90 {:>7.2}  p99 {:>7.2}  max {:>7.2}",
        q(0.5),
        q(0.9),
        q(0.99),
        xs[n - 1]
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map(String::as_str).unwrap_or("all");
    let deals: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(40);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let samples: Option<usize> = args.get(4).and_then(|s| s.parse().ok());
    let max_cards: Option<u32> = args.get(5).and_then(|s| s.parse().ok());
    let arg = |i: usize| args.get(i).and_then(|s| s.parse::<u64>().ok());
    let solver = |d: SamplingSettings| SamplingSettings {
        samples: samples.unwrap_or(d.samples),
        max_cards: max_cards.unwrap_or(d.max_cards),
        ..d
    };
    let reading = SolverReading {
        cards: arg(6).map_or(SolverReading::OFF.cards, |x| x as u32),
        plays: arg(7).map_or(SolverReading::OFF.plays, |x| x as usize),
        ..SolverReading::OFF
    };
    let schieber_settings = SamplingSettings {
        decision_nodes: arg(8).unwrap_or(SamplingSettings::default().decision_nodes),
        node_limit: arg(9).unwrap_or(SamplingSettings::default().node_limit),
        ..solver(SamplingSettings::default())
    };
    let all = game == "all";
    if all || game == "schieber" {
        let o = SchieberOptions::default();
        run::<Schieber>(
            "schieber",
            deals,
            seed,
            &|_| Schieber::new(o).unwrap(),
            &mut |s| {
                Box::new(
                    SamplingSchieber::new(o, schieber_settings, s).with_solver_reading(reading),
                )
            },
            &|| Box::new(RuleSchieber::new(o)),
        );
    }
    if game == "mcts" {
        // The MCTS yardstick (not in `all`): SAMPLES is its iterations per world, MAX_CARDS its
        // worlds.
        let o = SchieberOptions::default();
        let d = MctsSettings::default();
        let settings = MctsSettings {
            iterations: samples.unwrap_or(d.iterations),
            worlds: max_cards.map_or(d.worlds, |w| w as usize),
            ..d
        };
        run::<Schieber>(
            "mcts",
            deals,
            seed,
            &|_| Schieber::new(o).unwrap(),
            &mut |s| Box::new(MctsSchieber::new(o, settings, s)),
            &|| Box::new(RuleSchieber::new(o)),
        );
    }
    if all || game == "schieber-end" {
        // The last deal of a game: a target of 100 to 290 that both teams can reach in the deal,
        // so that the race to the target (docs/players.md) is searched.
        let o = |i: u64| SchieberOptions {
            target: 100 + (i * 37 % 191) as u32,
            ..SchieberOptions::default()
        };
        run::<Schieber>(
            "schieber-end",
            deals,
            seed,
            &|i| Schieber::new(o(i)).unwrap(),
            &mut |s| {
                Box::new(SamplingSchieber::new(
                    o(s.wrapping_sub(seed)),
                    solver(SamplingSettings::default()),
                    s,
                ))
            },
            &|| Box::new(RuleSchieber::new(o(0))),
        );
    }
    if all || game == "sidi" {
        let o = SidiOptions::default();
        run::<Sidi>(
            "sidi-barrani",
            deals,
            seed,
            &|i| {
                Sidi::new(SidiOptions {
                    first_dealer: (i % 4) as u8,
                    ..o
                })
                .unwrap()
            },
            &mut |s| {
                Box::new(SamplingSidi::with_settings(
                    o,
                    solver(SamplingSidi::DEFAULT),
                    s,
                ))
            },
            &|| Box::new(RuleSidi::new(o)),
        );
    }
    if all || game == "coiffeur" {
        let o = CoiffeurOptions::default();
        run::<Coiffeur>(
            "coiffeur",
            deals,
            seed,
            &|_| Coiffeur::new(o).unwrap(),
            &mut |s| {
                Box::new(SamplingCoiffeur::with_settings(
                    o,
                    solver(SamplingCoiffeur::DEFAULT),
                    s,
                ))
            },
            &|| Box::new(RuleCoiffeur::new(o)),
        );
    }
    if all || game == "differenzler" {
        let o = DifferenzlerOptions::default();
        run::<Differenzler>(
            "differenzler",
            deals,
            seed,
            &|i| {
                Differenzler::new(DifferenzlerOptions {
                    first_dealer: (i % 4) as u8,
                    ..o
                })
                .unwrap()
            },
            &mut |s| {
                Box::new(SamplingDifferenzler::with_settings(
                    o,
                    DifferenzlerSettings {
                        samples: samples.unwrap_or(DifferenzlerSettings::default().samples),
                        exact_tricks: max_cards
                            .unwrap_or(DifferenzlerSettings::default().exact_tricks),
                        ..DifferenzlerSettings::default()
                    },
                    s,
                ))
            },
            &|| Box::new(RuleDifferenzler::new(o)),
        );
    }
    for (name, players, small_deal) in [
        ("handjass", 4u8, SmallDeal::Blind),
        ("handjass3", 3, SmallDeal::Blind),
        ("handjass3-bessern", 3, SmallDeal::Bessern),
        ("handjass2-bessern", 2, SmallDeal::Bessern),
        ("handjass3-twelve", 3, SmallDeal::Twelve),
    ] {
        if all || game == name {
            let o = HandjassOptions {
                players,
                small_deal,
                ..HandjassOptions::default()
            };
            run::<Handjass>(
                name,
                deals,
                seed,
                &|_| Handjass::new(o).unwrap(),
                &mut |s| {
                    Box::new(
                        SamplingHandjass::with_samples(
                            o,
                            samples.unwrap_or(SamplingHandjass::DEFAULT_SAMPLES),
                            s,
                        )
                        .with_exact_tricks(max_cards.unwrap_or(0)),
                    )
                },
                &|| Box::new(RuleHandjass::new(o)),
            );
        }
    }
}

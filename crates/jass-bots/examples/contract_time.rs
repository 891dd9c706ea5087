//! How long the contract choice takes, on random deals (seed 1):
//!
//! * `contract_time solve N`: every contract of the default options solved from the first card
//!   (forehand seat 0) in N deals; the time and nodes of each solve, and their median, p90, p99
//!   and maximum (the oracle's contract choice and `contract_handoff=36` solve so).
//! * `contract_time sampling N HANDOFF`: the sampling player's contract decision as forehand in
//!   N deals, with its solved contract choice handing over at HANDOFF cards (0: the default rule
//!   play-outs); median, p99 and maximum of a decision.
//!
//! `cargo run --release -p jass-bots --example contract_time -- sampling 200 20`

use std::time::Instant;

use jass_bots::{SamplingSchieber, SamplingSettings};
use jass_core::game::{ActionList, Game};
use jass_core::schieber::{Contract, FirstForehand, Schieber, SchieberOptions};
use jass_core::{Card, CardSet, Decision, Player};
use jass_solver::{Solver, SolverConfig};
use rand_core::SeedableRng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what = args.first().map(String::as_str).unwrap_or("sampling");
    let deals: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let handoff: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let o = SchieberOptions {
        first_forehand: FirstForehand::Seat(0),
        ..SchieberOptions::default()
    };
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let mut solver = Solver::new(SolverConfig::default());
    let mut player =
        SamplingSchieber::new(o, SamplingSettings::default(), 1).with_contract_play(handoff, 0);
    let mut times = Vec::new();
    for _ in 0..deals {
        let mut cards: Vec<Card> = CardSet::ALL.iter().collect();
        let mut hands = jass_bots::worlds::deal_unseen(&mut rng, &mut cards, CardSet::EMPTY, 0);
        hands[0] = CardSet::ALL - (hands[1] | hands[2] | hands[3]);
        if what == "solve" {
            let mut line = String::new();
            for c in &Contract::ALL[..6] {
                let state = jass_bots::pimc::PlayState::new(
                    c.trick_mode(0),
                    c.points(o.undenufe_eleven),
                    jass_core::TrickRules::Strict,
                    std::iter::empty(),
                    0,
                    &[],
                );
                solver.set_objective(state.objective());
                solver.reset_nodes();
                let t = Instant::now();
                let v = solver.solve_for(&state.position(hands), 0);
                let ms = t.elapsed().as_secs_f64() * 1e3;
                times.push(ms);
                line += &format!(" {c}:{v} {ms:.0}ms {}k", solver.nodes() / 1000);
            }
            println!("{line}");
        } else {
            let mut g = Schieber::new(o).unwrap();
            g.deal(hands).unwrap();
            let mut list = ActionList::new();
            g.legal_actions(&mut list);
            let t = Instant::now();
            let a = player.act(&Decision::new(&g, 0, &list));
            std::hint::black_box(a);
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "{what} {} decisions/solves: median {:.1} ms, p90 {:.1}, p99 {:.1}, max {:.1}",
        times.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        q(1.0)
    );
}

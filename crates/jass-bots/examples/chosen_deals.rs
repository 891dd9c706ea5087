//! `cargo run --release -p jass-bots --example chosen_deals -- [DEALS] [SEED] [TT_BITS] [MAX_NODES]`:
//! solves whole Schieber deals from the first card as they come up in play: seat 0 (on lead)
//! names the mode its hand is best for by the rule player's hand evaluation
//! (`rule_schieber::hand_value`, no schieben), instead of the modes in turn of
//! `jass-solver`'s `full_deals` example. Prints the time and nodes of each deal and the median;
//! a deal over `MAX_NODES` nodes is given up and counted as slower than every solved one.
use jass_bots::hand_value;
use jass_core::deal::{four_hands, SeededDealer};
use jass_core::schieber::Contract;
use jass_core::{Mode, UndenufeEleven};
use jass_solver::{Position, Solver, SolverConfig};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let deals = args.first().copied().unwrap_or(30) as usize;
    let seed = args.get(1).copied().unwrap_or(1);
    let bits = args.get(2).copied().unwrap_or(20) as u32;
    let cap = args.get(3).copied().unwrap_or(u64::MAX);
    let mut solver = Solver::new(SolverConfig {
        tt_bits: bits,
        ..SolverConfig::default()
    });
    let mut dealer = SeededDealer::new(seed);
    let mut times = Vec::new();
    for i in 0..deals {
        let hands = four_hands(&dealer.next_pack(), 0);
        let mode = Mode::ALL
            .into_iter()
            .max_by(|&a, &b| {
                hand_value(hands[0], Contract::Mode(a))
                    .total_cmp(&hand_value(hands[0], Contract::Mode(b)))
            })
            .expect("six modes");
        let pos = Position::new_deal(hands, 0, mode, UndenufeEleven::Ace);
        solver.clear();
        solver.reset_nodes();
        let t0 = Instant::now();
        let v = solver.try_solve_for(&pos, 0, cap);
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        times.push(if v.is_some() { ms } else { f64::INFINITY });
        let value = v.map_or("over the node cap".to_string(), |v| format!("value {v}"));
        println!(
            "deal {i} {mode}: {value}, {ms:.1} ms, {} nodes",
            solver.nodes()
        );
    }
    times.sort_by(f64::total_cmp);
    if !times.is_empty() {
        println!(
            "median {:.1} ms over {} deals ({} over the cap)",
            times[times.len() / 2],
            times.len(),
            times.iter().filter(|t| t.is_infinite()).count()
        );
    }
}

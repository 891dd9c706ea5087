//! `cargo run --release -p jass-solver --example full_deals -- [DEALS] [SEED] [TT_BITS]`: solves
//! whole Schieber deals from the first card (the deals of `bench_figures`: the seeded dealer
//! `SEED`, the six modes in turn, seat 0 leading, team 0's value) and prints the time and the
//! nodes of each, then the median time.
use jass_core::deal::{four_hands, SeededDealer};
use jass_core::{Mode, UndenufeEleven};
use jass_solver::{Position, Solver, SolverConfig};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let deals = args.first().copied().unwrap_or(6) as usize;
    let seed = args.get(1).copied().unwrap_or(1);
    let bits = args.get(2).copied().unwrap_or(20) as u32;
    let mut solver = Solver::new(SolverConfig {
        tt_bits: bits,
        ..SolverConfig::default()
    });
    let mut dealer = SeededDealer::new(seed);
    let mut times = Vec::new();
    for i in 0..deals {
        let mode = Mode::ALL[i % 6];
        let pos = Position::new_deal(
            four_hands(&dealer.next_pack(), 0),
            0,
            mode,
            UndenufeEleven::Ace,
        );
        solver.clear();
        solver.reset_nodes();
        let t0 = Instant::now();
        let v = solver.solve_for(&pos, 0);
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        println!(
            "deal {i} {mode}: value {v}, {ms:.1} ms, {} nodes",
            solver.nodes()
        );
    }
    times.sort_by(f64::total_cmp);
    if !times.is_empty() {
        println!(
            "median {:.1} ms over {} deals",
            times[times.len() / 2],
            times.len()
        );
    }
}

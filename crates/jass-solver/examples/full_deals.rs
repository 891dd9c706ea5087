//! `cargo run --release -p jass-solver --example full_deals -- [DEALS] [SEED] [TT_BITS] [MAX_NODES]`:
//! solves whole Schieber deals from the first card (the deals of `bench_figures`: the seeded
//! dealer `SEED`, the six modes in turn, seat 0 leading, team 0's value) and prints the time and
//! the nodes of each, then the median time. A deal that needs more than `MAX_NODES` nodes
//! (default: no cap) is given up and counted as slower than every solved deal. `JS_HIST=1`
//! prints the nodes by cards left.
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
    let cap = args.get(3).copied().unwrap_or(u64::MAX);
    let mut solver = Solver::new(SolverConfig {
        tt_bits: bits,
        ..SolverConfig::default()
    });
    let mut dealer = SeededDealer::new(seed);
    let mut times = Vec::new();
    let mut total_nodes = 0u64;
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
        let v = solver.try_solve_for(&pos, 0, cap);
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        total_nodes += solver.nodes();
        times.push(if v.is_some() { ms } else { f64::INFINITY });
        let value = v.map_or("over the node cap".to_string(), |v| format!("value {v}"));
        println!(
            "deal {i} {mode}: {value}, {ms:.1} ms, {} nodes, {} zero-window searches",
            solver.nodes(),
            solver.stats()[0]
        );
        if std::env::var_os("JS_HIST").is_some() {
            println!("  nodes by cards left {:?}", &solver.histogram()[..]);
            println!("  searches, bound cuts, table cuts, probes, cuts at leads (first card), at follows (first card) {:?}", solver.stats());
        }
    }
    times.sort_by(f64::total_cmp);
    if !times.is_empty() {
        println!(
            "median {:.1} ms over {} deals ({} over the cap), {} nodes in all",
            times[times.len() / 2],
            times.len(),
            times.iter().filter(|t| t.is_infinite()).count(),
            total_nodes
        );
    }
}

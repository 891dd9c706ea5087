//! `cargo run --release -p jass-solver --example full_deals -- [DEALS] [SEED] [TT_BITS] [MAX_NODES]`:
//! solves whole Schieber deals from the first card (the deals of `bench_figures`: the seeded
//! dealer `SEED`, the six modes in turn, seat 0 leading, team 0's value) and prints the time and
//! the nodes of each, then the median time. A deal that needs more than `MAX_NODES` nodes
//! (default: no cap) is given up and counted as slower than every solved deal. `JS_HIST=1`
//! prints the nodes by cards left.
use jass_solver::bench::{bench_deals, example_args, print_whole_deals};

fn main() {
    let [deals, seed, bits, cap] = example_args([
        6,
        1,
        jass_solver::SolverConfig::default().tt_bits as u64,
        u64::MAX,
    ]);
    print_whole_deals(bench_deals(seed, deals as usize), bits as u32, cap);
}

//! `cargo run --release -p jass-bots --example chosen_deals -- [DEALS] [SEED] [TT_BITS] [MAX_NODES]`:
//! solves whole Schieber deals from the first card as they come up in play
//! (`jass_bots::chosen_deals`: seat 0, on lead, names the mode its hand is best for), instead of
//! the modes in turn of `jass-solver`'s `full_deals` example (the same deals otherwise). Prints the time and nodes of
//! each deal and the median; a deal over `MAX_NODES` nodes is given up and counted as slower
//! than every solved one.
use jass_bots::chosen_deals::chosen_deals;
use jass_solver::bench::{example_args, print_whole_deals};

fn main() {
    let [deals, seed, bits, cap] = example_args([
        30,
        1,
        jass_solver::SolverConfig::default().tt_bits as u64,
        u64::MAX,
    ]);
    print_whole_deals(chosen_deals(seed, deals as usize), bits as u32, cap);
}

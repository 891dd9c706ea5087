//! `cargo run --release -p jass-bots --example chosen_deals -- [DEALS] [SEED] [TT_BITS] [MAX_NODES]`:
//! solves whole Schieber deals from the first card as they come up in play: seat 0 (on lead)
//! names the mode its hand is best for by the rule player's hand evaluation
//! (`rule_schieber::hand_value`, no schieben), instead of the modes in turn of
//! `jass-solver`'s `full_deals` example (the same deals otherwise). Prints the time and nodes of
//! each deal and the median; a deal over `MAX_NODES` nodes is given up and counted as slower
//! than every solved one.
use jass_bots::hand_value;
use jass_core::schieber::Contract;
use jass_core::{Mode, UndenufeEleven};
use jass_solver::bench::{bench_deals, example_args, print_whole_deals};
use jass_solver::Position;

fn main() {
    let [deals, seed, bits, cap] = example_args([30, 1, 20, u64::MAX]);
    let chosen = bench_deals(seed, deals as usize).map(|pos| {
        let hand = pos.hands[0];
        let mode = Mode::ALL
            .into_iter()
            .max_by(|&a, &b| {
                hand_value(hand, Contract::Mode(a)).total_cmp(&hand_value(hand, Contract::Mode(b)))
            })
            .expect("six modes");
        // A new deal, not `..pos`: the point table goes with the mode.
        Position::new_deal(pos.hands, 0, mode, UndenufeEleven::Ace)
    });
    print_whole_deals(chosen, bits as u32, cap);
}

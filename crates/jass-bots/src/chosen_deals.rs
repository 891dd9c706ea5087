//! Whole Schieber deals as they come up in play, for the solver's whole-deal figures (the
//! issue's target: a deal from the first card, trump given, under 30 ms at the median): seat 0,
//! on lead, names the mode its hand is best for by the rule player's hand evaluation
//! ([`hand_value`], no schieben). The same hands as `jass_solver::bench::bench_deals`, which
//! takes the six modes in turn instead (and so gives the hard trump deals to weak hands too).

use jass_core::schieber::Contract;
use jass_core::{Mode, UndenufeEleven};
use jass_solver::bench::bench_deals;
use jass_solver::Position;

use crate::hand_value;

/// Whole deals solved for these figures are given up after this many nodes (a quarter of a
/// second on one core; about a third of the deals need more) and count as slower than every
/// solved one.
pub const CHOSEN_DEAL_NODE_CAP: u64 = 4_000_000;

/// The first-card positions of `count` deals of the seeded dealer `seed`, each in the mode seat
/// 0's hand is best for.
pub fn chosen_deals(seed: u64, count: usize) -> impl Iterator<Item = Position> {
    bench_deals(seed, count).map(|pos| {
        let hand = pos.hands[0];
        let mode = Mode::ALL
            .into_iter()
            .max_by(|&a, &b| {
                hand_value(hand, Contract::Mode(a)).total_cmp(&hand_value(hand, Contract::Mode(b)))
            })
            .expect("six modes");
        // A new deal, not `..pos`: the point table goes with the mode.
        Position::new_deal(pos.hands, 0, mode, UndenufeEleven::Ace)
    })
}

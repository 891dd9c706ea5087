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

/// The seeds of [`chosen_deal_sample`].
pub const SAMPLE_SEEDS: [u64; 4] = [1, 2, 3, 4];

/// `jass bench`'s whole-deal sample: `count` deals of [`chosen_deals`], an equal share (the first
/// deals) from each of [`SAMPLE_SEEDS`]. The first deals of a single seed can be easier or harder
/// than most: the first 100 of seed 1 have a median of 20 ms, of seed 4 71 ms.
pub fn chosen_deal_sample(count: usize) -> impl Iterator<Item = Position> {
    SAMPLE_SEEDS
        .into_iter()
        .enumerate()
        .flat_map(move |(i, seed)| {
            // The remainder goes to the first seeds.
            let seeds = SAMPLE_SEEDS.len();
            let n = count / seeds + usize::from(i < count % seeds);
            chosen_deals(seed, n)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_takes_its_deals_from_four_seeds() {
        let sample: Vec<Position> = chosen_deal_sample(6).collect();
        assert_eq!(sample.len(), 6);
        let firsts: Vec<Position> = SAMPLE_SEEDS
            .into_iter()
            .flat_map(|seed| chosen_deals(seed, 2))
            .collect();
        // Two deals of seeds 1 and 2, one of seeds 3 and 4.
        let expected = [
            &firsts[0], &firsts[1], &firsts[2], &firsts[3], &firsts[4], &firsts[6],
        ];
        for (got, want) in sample.iter().zip(expected) {
            assert_eq!(got, want);
        }
        assert_ne!(
            firsts[0].hands, firsts[2].hands,
            "the seeds deal different hands"
        );
    }
}

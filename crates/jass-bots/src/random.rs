//! A player that picks uniformly among the legal actions of every decision.

use jass_core::deal::uniform_below;
use jass_core::{Decision, Game, Player};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Uniformly random legal actions, reproducible from a seed (Xoshiro256++, a portable generator).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Xoshiro256PlusPlus,
}

impl RandomPlayer {
    /// A random player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let n = decision.legal.len() as u32;
        decision.legal.get(uniform_below(&mut self.rng, n) as usize)
    }
}

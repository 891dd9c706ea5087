//! Computer players: the random player and the rule-based Schieber player. The sampling player
//! with the exact solver joins here.
#![deny(missing_docs)]

mod random;
mod rule_schieber;
pub mod worlds;

pub use random::RandomPlayer;
pub use rule_schieber::{hand_value, RuleSchieber};

//! Computer players: the random player and the rule-based players of every game (Schieber,
//! Handjass, Sidi Barrani, Coiffeur, Differenzler), with their shared card-play rules in
//! [`play_common`]. The sampling player with the exact solver joins here.
#![deny(missing_docs)]

pub mod play_common;
mod random;
mod rule_coiffeur;
mod rule_differenzler;
mod rule_handjass;
mod rule_schieber;
mod rule_sidi;
mod sampling_schieber;
pub mod worlds;

pub use random::RandomPlayer;
pub use rule_coiffeur::RuleCoiffeur;
pub use rule_differenzler::RuleDifferenzler;
pub use rule_handjass::RuleHandjass;
pub use rule_schieber::{hand_value, RuleSchieber};
pub use rule_sidi::RuleSidi;
pub use sampling_schieber::{SamplingSchieber, SamplingSettings};

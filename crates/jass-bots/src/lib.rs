//! Computer players: the random player and the rule-based players of every game (Schieber,
//! Handjass, Sidi Barrani, Coiffeur, Differenzler), with their shared card-play rules in
//! [`play_common`], and the sampling players (perfect-information Monte Carlo: sampled worlds, the
//! exact solver where the game's card play fits it, rule-player rollouts where it does not).
#![deny(missing_docs)]

pub mod card_play_sampling;
pub mod chosen_deals;
mod coiffeur_rows;
pub mod contract_model;
pub mod contract_model_train;
mod contract_model_weights;
mod contract_value;
mod discard_signals;
mod fusion;
mod handjass_game_end;
mod inference;
mod mcts_schieber;
mod oracle_schieber;
pub mod pimc;
pub mod play_common;
pub mod play_model;
pub mod play_model_differenzler;
mod play_model_differenzler_weights;
pub mod play_model_handjass;
mod play_model_handjass_weights;
pub mod play_model_train;
mod play_model_weights;
mod random;
mod rollout;
mod rule_coiffeur;
mod rule_differenzler;
mod rule_handjass;
mod rule_schieber;
mod rule_sidi;
mod sampling_coiffeur;
mod sampling_differenzler;
mod sampling_handjass;
mod sampling_schieber;
mod sampling_sidi;
mod sidi_game_end;
pub mod solo_card;
mod solver_reading;
#[cfg(test)]
mod test_games;
pub mod timing;
pub mod worlds;

pub use mcts_schieber::{MctsSchieber, MctsSettings};
pub use oracle_schieber::{LateOracle, OracleSchieber};
pub use random::RandomPlayer;
pub use rule_coiffeur::RuleCoiffeur;
pub use rule_differenzler::RuleDifferenzler;
/// Handjass's estimate of a hand's points, its spread and the normal distribution function
/// (Zuger's rule player weighs its hole by them).
pub mod handjass_estimate {
    pub use crate::rule_handjass::{phi, points_estimate, SPREAD};
}
pub use rule_handjass::RuleHandjass;
pub use rule_schieber::{hand_value, RuleSchieber};
pub use rule_sidi::{RuleSidi, SidiBidding};
pub use sampling_coiffeur::SamplingCoiffeur;
pub use sampling_differenzler::{DifferenzlerSettings, SamplingDifferenzler};
pub use sampling_handjass::SamplingHandjass;
pub use sampling_schieber::{ContractReading, SamplingSchieber, SamplingSettings};
pub use sampling_sidi::SamplingSidi;
pub use solver_reading::SolverReading;

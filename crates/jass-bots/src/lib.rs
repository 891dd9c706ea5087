//! Computer players. For now the random player; the rule-based and sampling players join here.
#![deny(missing_docs)]

mod random;

pub use random::RandomPlayer;

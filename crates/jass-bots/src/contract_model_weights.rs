//! The weights of the Schieber contract decision model ([`crate::contract_model`]), written by
//! `jass train contract-model --deals 10000 --seed 1 --steps 500 --out crates/jass-bots/src/contract_model_weights.rs`.
//! Fitted on 12110 contract decisions of the sampling players; on 3012 held out: mean
//! log-likelihood -0.7305 a decision (uniform among the open decisions -1.8941), the likeliest
//! decision made in 71.8% (the rule player's in 71.3%).

/// One weight per feature ([`crate::contract_model::CONTRACT_FEATURES`]).
#[rustfmt::skip]
pub const WEIGHTS: [f32; 20] = [
    2.474709, 1.3499086, 1.5008377, 0.63211334, -2.1532001,
    -1.5099283, -0.689013, 0.0, 2.7302167, -1.8863742,
    1.7014792, 4.454644, 1.7014792, 0.28308666, 0.20747934,
    0.30075762, -0.40836215, 0.0, 0.0, 0.0,
];

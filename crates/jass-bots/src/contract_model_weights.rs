//! The weights of the Schieber contract decision model ([`crate::contract_model`]), written by
//! `jass train contract-model --deals 10000 --seed 1 --steps 1500 --out crates/jass-bots/src/contract_model_weights.rs`.
//! Fitted on 12110 contract decisions of the sampling players; on 3012 held out: mean
//! log-likelihood -0.5511 a decision (uniform among the open decisions -1.8941), the likeliest
//! decision made in 78.5% (the rule player's in 71.3%).

/// One weight per feature ([`crate::contract_model::CONTRACT_FEATURES`]).
#[rustfmt::skip]
pub const WEIGHTS: [f32; 56] = [
    1.694724, 5.9571013, 3.234374, 0.0, -2.3670628,
    -2.4015357, 1.7375239, 0.0, -3.6018603, 2.9062796,
    0.43901467, 2.8737664, -5.509689, 1.3435583, 2.4072216,
    1.0771618, 3.1574588, 2.7601523, 3.0983055, -5.025804,
    3.5973673, -0.57697266, 5.482394, 4.3567777, 1.0285195,
    -0.9951764, 2.907856, -1.4340476, 1.210792, 2.3581233,
    -0.12696745, 0.0, 0.21895176, -1.0370448, 0.82153165,
    0.0, -1.670359, 2.3517222, 0.17875503, 0.0,
    0.0, 7.4061856, 1.7735401, 0.46736267, 1.7980386,
    9.284995, 3.1786795, 5.8468065, 4.511287, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0,
    0.0,
];

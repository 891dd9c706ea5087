//! A learned model of a Schieber contract decision: how likely a seat holding a hand is to
//! shove or to choose each contract open to it, fitted to the sampling players' own decisions
//! (`jass train contract-model`, [`crate::contract_model_train`]). The card play's reading of
//! the others' contract decisions weighs a world by it (`sampling:contract_evidence=2`,
//! [`crate::inference::ContractEvidence::learned`]) instead of asking whether the rule player
//! would have decided the same: the sampling player's contracts come from play-outs, and the
//! rule player's choices describe them badly (issue 42, docs/players.md).
//!
//! The model is a softmax over the decisions open to the seat. Each contract is described by
//! the rule player's hand evaluation ([`hand_value`]) and its score (the value above the base
//! times the contract's multiplier, what the rule player compares) by kind of contract, its gap
//! to the best contract's score, its kind, and the cards that make it (a trump contract: the
//! trumps, the Puur, the Nell, the aces; Obenabe the aces and kings; Undenufe the sixes and
//! sevens); schieben by the best contract's score and the hand's jacks, nines, aces, kings,
//! sevens, sixes and longest suit. Forehand's first decision (schieben open) and a decision
//! after a shove have their own weights. The features were chosen by the held-out fit
//! (docs/lab/2026-12-05-contract-model.md).

use jass_core::game::ActionList;
use jass_core::schieber::{Contract, SchieberAction, SchieberOptions};
use jass_core::{Card, CardSet, Mode, Rank, Suit};

use crate::rule_schieber::{hand_value, CONTRACT_BASE};

/// Features of one decision at one stage.
pub const STAGE_FEATURES: usize = 28;

/// Features of one decision: those of a first decision (schieben open) in the first half,
/// those of a decision after a shove in the second (the other half zero).
pub const CONTRACT_FEATURES: usize = 2 * STAGE_FEATURES;

/// The most decisions open at once: every contract, and schieben.
const OPEN_MAX: usize = Contract::ALL.len() + 1;

/// Points the scores are divided by, so that the weights stay near one.
const SCALE: f64 = 100.0;

/// The shipped model's weights ([`crate::contract_model_weights`]).
pub static CONTRACT_MODEL: ContractModel = ContractModel {
    weights: crate::contract_model_weights::WEIGHTS,
};

/// Weights of a contract decision model.
#[derive(Clone, Debug)]
pub struct ContractModel {
    weights: [f32; CONTRACT_FEATURES],
}

/// One contract decision as seen by the model: the hand, the decisions open (schieben and the
/// contracts), and whether it came after a shove.
#[derive(Clone, Copy, Debug)]
pub struct ContractSituation<'a> {
    /// The rules (the contracts' multipliers).
    pub options: &'a SchieberOptions,
    /// The deciding seat's hand.
    pub hand: CardSet,
    /// The decisions open to it.
    pub legal: &'a [SchieberAction],
    /// After a shove (the partner's choice, or forehand's after zurückschieben).
    pub schoben: bool,
}

impl ContractSituation<'_> {
    /// The features of deciding `action` (one of `legal`).
    pub fn features(&self, action: SchieberAction) -> [f32; CONTRACT_FEATURES] {
        self.features_given(action, self.best_score())
    }

    /// [`Self::features`] with the best contract's score (`best`) already known: a decision's
    /// features are computed for every open decision, the best score once.
    fn features_given(&self, action: SchieberAction, best: f64) -> [f32; CONTRACT_FEATURES] {
        let mut f = [0f32; CONTRACT_FEATURES];
        let at = if self.schoben { STAGE_FEATURES } else { 0 };
        let stage = &mut f[at..at + STAGE_FEATURES];
        // The share of the four cards of rank `r` in the hand.
        let count = |r: Rank| {
            Suit::ALL
                .iter()
                .filter(|&&s| self.hand.contains(Card::new(s, r)))
                .count() as f32
                / 4.0
        };
        match action {
            SchieberAction::Contract { contract } => {
                let value = hand_value(self.hand, contract);
                let score = self.score_of(contract, value);
                let k = kind(contract);
                stage[k] = (score / SCALE) as f32;
                stage[4 + k] = 1.0;
                stage[8] = (value / SCALE) as f32;
                stage[9] = ((score - best) / SCALE) as f32;
                stage[10] = (score >= best) as u8 as f32;
                match contract {
                    Contract::Mode(Mode::Trump(t)) => {
                        let trumps = self.hand.of_suit(t);
                        stage[13] = trumps.len() as f32 / 9.0;
                        stage[14] = trumps.contains(Card::new(t, Rank::Jack)) as u8 as f32;
                        stage[15] = trumps.contains(Card::new(t, Rank::Nine)) as u8 as f32;
                        stage[16] = count(Rank::Ace);
                    }
                    Contract::Mode(Mode::Obenabe) => {
                        stage[17] = count(Rank::Ace);
                        stage[18] = count(Rank::King);
                    }
                    Contract::Mode(Mode::Undenufe) => {
                        stage[19] = count(Rank::Six);
                        stage[20] = count(Rank::Seven);
                    }
                    _ => {}
                }
            }
            // Schieben: its own bias, and the best contract's score it gives up.
            _ => {
                stage[11] = 1.0;
                stage[12] = (best / SCALE) as f32;
                stage[21] = count(Rank::Jack);
                stage[22] = count(Rank::Ace);
                stage[23] = count(Rank::Six);
                stage[24] = count(Rank::King);
                stage[25] = count(Rank::Nine);
                stage[26] = count(Rank::Seven);
                let longest = Suit::ALL.iter().map(|&s| self.hand.of_suit(s).len()).max();
                stage[27] = longest.unwrap_or(0) as f32 / 9.0;
            }
        }
        f
    }

    /// The rule player's score of `contract` for this hand, whose value for it is `value`.
    fn score_of(&self, contract: Contract, value: f64) -> f64 {
        let m = self.options.multipliers.of(contract) as f64;
        (value - CONTRACT_BASE) * m
    }

    /// The best score among the contracts open (0 if none).
    fn best_score(&self) -> f64 {
        self.legal
            .iter()
            .filter_map(|a| match a {
                SchieberAction::Contract { contract } => {
                    Some(self.score_of(*contract, hand_value(self.hand, *contract)))
                }
                _ => None,
            })
            .fold(None, |b: Option<f64>, s| Some(b.map_or(s, |b| b.max(s))))
            .unwrap_or(0.0)
    }
}

/// The kind of a contract (0 trump, 1 Obenabe, 2 Undenufe, 3 the others: Misère, Slalom).
fn kind(contract: Contract) -> usize {
    match contract {
        Contract::Mode(Mode::Trump(_)) => 0,
        Contract::Mode(Mode::Obenabe) => 1,
        Contract::Mode(Mode::Undenufe) => 2,
        _ => 3,
    }
}

/// The decisions open in a contract decision's `list` of legal actions, copied to an array (at
/// most every contract and schieben), and how many: a [`ContractSituation`]'s `legal` without
/// allocating.
pub fn open_decisions(list: &ActionList<SchieberAction>) -> ([SchieberAction; OPEN_MAX], usize) {
    let mut open = [SchieberAction::Schieben; OPEN_MAX];
    let mut n = 0;
    for (slot, a) in open.iter_mut().zip(list.iter()) {
        *slot = a;
        n += 1;
    }
    (open, n)
}

impl ContractModel {
    /// A model with these weights (the fit's).
    pub fn new(weights: [f32; CONTRACT_FEATURES]) -> ContractModel {
        ContractModel { weights }
    }

    /// Each open decision's utility (the weights times its features), in the order of
    /// `situation.legal`, and how many there are.
    fn utilities(&self, situation: &ContractSituation<'_>) -> ([f64; OPEN_MAX], usize) {
        let best = situation.best_score();
        let mut utilities = [0f64; OPEN_MAX];
        let n = situation.legal.len().min(OPEN_MAX);
        for (u, &a) in utilities.iter_mut().zip(&situation.legal[..n]) {
            let f = situation.features_given(a, best);
            *u = self
                .weights
                .iter()
                .zip(&f)
                .map(|(w, x)| (w * x) as f64)
                .sum();
        }
        (utilities, n)
    }

    /// The log-probability that a seat in `situation` decides `did` (one of its legal
    /// decisions; `-inf` if it is not one).
    pub fn log_probability(&self, situation: &ContractSituation<'_>, did: SchieberAction) -> f64 {
        let (utilities, n) = self.utilities(situation);
        let utilities = &utilities[..n];
        let top = utilities.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let chosen = situation.legal[..n]
            .iter()
            .position(|&a| a == did)
            .map_or(f64::NEG_INFINITY, |i| utilities[i]);
        let sum: f64 = utilities.iter().map(|u| (u - top).exp()).sum();
        chosen - top - sum.ln()
    }

    /// The decision the model finds likeliest in `situation` (the first of equals).
    pub fn likeliest(&self, situation: &ContractSituation<'_>) -> Option<SchieberAction> {
        let (utilities, n) = self.utilities(situation);
        (0..n)
            .fold(None, |best: Option<usize>, i| match best {
                Some(b) if utilities[b] >= utilities[i] => best,
                _ => Some(i),
            })
            .map(|i| situation.legal[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(options: &SchieberOptions, shove: bool) -> Vec<SchieberAction> {
        let mut list: Vec<SchieberAction> = options
            .contracts()
            .map(|contract| SchieberAction::Contract { contract })
            .collect();
        if shove {
            list.push(SchieberAction::Schieben);
        }
        list
    }

    #[test]
    fn the_probabilities_of_the_open_decisions_sum_to_one() {
        let options = SchieberOptions::default();
        let hand: CardSet = "HJ H9 HA HK S6 S7 C8 D6 DA".parse().unwrap();
        for shove in [true, false] {
            let legal = legal(&options, shove);
            let s = ContractSituation {
                options: &options,
                hand,
                legal: &legal,
                schoben: !shove,
            };
            let total: f64 = legal
                .iter()
                .map(|&a| CONTRACT_MODEL.log_probability(&s, a).exp())
                .sum();
            assert!((total - 1.0).abs() < 1e-9, "{total}");
            // A decision that is not open has no chance.
            if !shove {
                assert_eq!(
                    CONTRACT_MODEL.log_probability(&s, SchieberAction::Schieben),
                    f64::NEG_INFINITY
                );
            }
        }
    }

    /// The shipped model reads the hands as a Jass player would: the Puur, the Nell and the ace
    /// of spades (spades count twice) make spades the likeliest contract, and a hand without a
    /// contract is shoved more often than a strong one.
    #[test]
    fn the_shipped_model_names_the_trump_of_a_strong_trump_hand() {
        let options = SchieberOptions::default();
        let legal = legal(&options, true);
        let strong: CardSet = "SJ S9 SA SK S10 H6 C8 D6 D7".parse().unwrap();
        let weak: CardSet = "H6 S8 S9 C7 C10 CQ D7 D8 DQ".parse().unwrap();
        let situation = |hand| ContractSituation {
            options: &options,
            hand,
            legal: &legal,
            schoben: false,
        };
        let spades = SchieberAction::Contract {
            contract: Contract::Mode(Mode::Trump(jass_core::Suit::S)),
        };
        assert_eq!(CONTRACT_MODEL.likeliest(&situation(strong)), Some(spades));
        let shove =
            |hand| CONTRACT_MODEL.log_probability(&situation(hand), SchieberAction::Schieben);
        assert!(
            shove(weak) > shove(strong),
            "{} {}",
            shove(weak),
            shove(strong)
        );
    }
}

//! Fitting the contract decision model ([`crate::contract_model`]) to the sampling players' own
//! contract decisions (`jass train contract-model`): seeded Schieber deals (default rules) in
//! which four of today's default sampling players decide schieben and the contract, every such
//! decision kept as it was seen ([`ContractSample`]; the card play is not played), and the
//! weights fitted by maximum likelihood as the play model's are
//! ([`crate::play_model_train::fit_examples`]) on four fifths of the deals; the fifth left out
//! measures how well the model predicts the decisions, beside the rule player's choices, which
//! the reading used before. Everything is fixed by the seed, also with several threads.

use jass_core::deal::SeededDealer;
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::schieber::{Schieber, SchieberAction, SchieberOptions};
use jass_core::{CardSet, Decision, Player};

use crate::contract_model::{ContractSituation, CONTRACT_FEATURES};
use crate::play_model_train::{
    by_deal_on_threads, fit_examples, weights_const, Example, TrainReport,
};
use crate::{RuleSchieber, SamplingSchieber, SamplingSettings};

/// One contract decision of a sampling player.
#[derive(Clone, Debug, PartialEq)]
pub struct ContractSample {
    /// The deciding seat's hand.
    pub hand: CardSet,
    /// After a shove.
    pub schoben: bool,
    /// The decisions open.
    pub legal: Vec<SchieberAction>,
    /// What the sampling player decided.
    pub did: SchieberAction,
    /// What the rule player would have decided.
    pub rule_did: SchieberAction,
}

impl ContractSample {
    /// One line: `HAND|SCHOBEN|DID|RULE|LEGAL,LEGAL,…` (hand in card notation, 0 or 1, the
    /// decisions as the engine writes them).
    pub fn to_line(&self) -> String {
        let legal: Vec<String> = self.legal.iter().map(|a| a.to_string()).collect();
        format!(
            "{}|{}|{}|{}|{}",
            self.hand,
            self.schoben as u8,
            self.did,
            self.rule_did,
            legal.join(",")
        )
    }

    /// Reads a line of [`Self::to_line`].
    pub fn from_line(line: &str) -> Result<ContractSample, String> {
        let parts: Vec<&str> = line.split('|').collect();
        let [hand, schoben, did, rule_did, legal] = parts[..] else {
            return Err(format!(
                "expected HAND|SCHOBEN|DID|RULE|LEGAL (5 fields), found {} in {line:?}",
                parts.len()
            ));
        };
        let action = |s: &str| {
            s.parse::<SchieberAction>()
                .map_err(|e| format!("decision {s:?}: {e}"))
        };
        let sample = ContractSample {
            hand: hand.parse().map_err(|e| format!("hand {hand:?}: {e}"))?,
            schoben: match schoben {
                "0" => false,
                "1" => true,
                _ => return Err(format!("after a shove {schoben:?}: expected 0 or 1")),
            },
            did: action(did)?,
            rule_did: action(rule_did)?,
            legal: legal.split(',').map(action).collect::<Result<_, _>>()?,
        };
        if !sample.legal.contains(&sample.did) || !sample.legal.contains(&sample.rule_did) {
            return Err(format!("a decision that is not open in {line:?}"));
        }
        Ok(sample)
    }

    fn example(&self, options: &SchieberOptions) -> Example {
        let situation = ContractSituation {
            options,
            hand: self.hand,
            legal: &self.legal,
            schoben: self.schoben,
        };
        Example {
            cards: self
                .legal
                .iter()
                .map(|&a| situation.features(a).to_vec())
                .collect(),
            chosen: self.legal.iter().position(|&a| a == self.did).unwrap_or(0),
            rule_agrees: self.rule_did == self.did,
        }
    }
}

/// The contract decisions of `deals` seeded deals (default rules; deal `i` dealt from `seed`
/// and `i`, its players seeded from them and the seat) decided by four of today's default
/// sampling players, by deal, on `threads` threads (the same for any number).
pub fn collect(deals: usize, seed: u64, threads: usize) -> Vec<Vec<ContractSample>> {
    let options = SchieberOptions::default();
    by_deal_on_threads(deals, threads, |i| contract_decisions(options, seed, i))
}

/// The contract decisions of deal `i` (played until the contract stands).
fn contract_decisions(options: SchieberOptions, seed: u64, i: usize) -> Vec<ContractSample> {
    let base = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i as u64;
    let mut players: Vec<SamplingSchieber> = (0..4)
        .map(|s| {
            SamplingSchieber::new(
                options,
                SamplingSettings::default(),
                base.wrapping_add(1 + s),
            )
        })
        .collect();
    let rule = RuleSchieber::new(options);
    let mut g = Schieber::new(options).expect("the default rules are valid");
    let mut dealer = SeededDealer::new(base);
    let mut list = ActionList::new();
    let mut out = Vec::new();
    loop {
        match g.to_move() {
            ToMove::Deal if out.is_empty() => {
                let d = g.deal_from_pack(&dealer.next_pack());
                g.apply_deal(d).expect("a deal of the game's own pack");
            }
            ToMove::Seat(seat) => {
                g.legal_actions(&mut list);
                let legal: Vec<SchieberAction> = list.iter().collect();
                if !legal
                    .iter()
                    .any(|a| matches!(a, SchieberAction::Contract { .. }))
                {
                    return out;
                }
                let did = players[seat].act(&Decision::new(&g, seat, &list));
                let obs = g.observe(seat);
                out.push(ContractSample {
                    hand: obs.hand,
                    schoben: obs.schoben,
                    rule_did: rule.choose_contract(obs.hand, &legal),
                    legal,
                    did,
                });
                g.apply(did)
                    .expect("the sampling player decides among the open decisions");
            }
            _ => return out,
        }
    }
}

/// Fits the model to the decisions of `per_deal` in `steps` gradient steps (every fifth deal,
/// from the second, held out to measure the fit).
pub fn fit(per_deal: &[Vec<ContractSample>], steps: usize) -> TrainReport {
    let options = SchieberOptions::default();
    let examples = |held_out: bool| -> Vec<Example> {
        per_deal
            .iter()
            .enumerate()
            .filter(|(i, _)| (i % 5 == 1) == held_out)
            .flat_map(|(_, d)| d.iter().map(|s| s.example(&options)))
            .collect()
    };
    fit_examples(&examples(false), &examples(true), CONTRACT_FEATURES, steps)
}

/// The Rust source of `contract_model_weights.rs` for these weights, with how they were made.
pub fn weights_source(r: &TrainReport, command: &str) -> String {
    let mut s = String::new();
    s.push_str("//! The weights of the Schieber contract decision model ([`crate::contract_model`]), written by\n");
    s.push_str(&format!("//! `{command}`.\n"));
    s.push_str(&format!(
        "//! Fitted on {} contract decisions of the sampling players; on {} held out: mean\n//! log-likelihood {:.4} a decision (uniform among the open decisions {:.4}), the likeliest\n//! decision made in {:.1}% (the rule player's in {:.1}%).\n\n",
        r.train_decisions,
        r.test_decisions,
        r.test_log_likelihood,
        r.uniform_log_likelihood,
        100.0 * r.test_top1,
        100.0 * r.rule_top1
    ));
    s.push_str("/// One weight per feature ([`crate::contract_model::CONTRACT_FEATURES`]).\n");
    s.push_str(&weights_const(&r.weights, 5));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two deals' decisions: each deal has forehand's decision, and the partner's after a
    /// shove; the lines read back as written; a fit on them learns something.
    #[test]
    fn contract_decisions_are_collected_written_and_fitted() {
        let per_deal = collect(6, 3, 2);
        assert_eq!(
            per_deal,
            collect(6, 3, 1),
            "the same for any number of threads"
        );
        for d in &per_deal {
            assert!(!d.is_empty() && d.len() <= 3, "{d:?}");
            assert!(!d[0].schoben && d[0].legal.contains(&SchieberAction::Schieben));
            let shoved = d[0].did == SchieberAction::Schieben;
            assert_eq!(d.len() >= 2, shoved, "{d:?}");
            for s in d {
                assert_eq!(s.hand.len(), 9);
                assert_eq!(ContractSample::from_line(&s.to_line()).unwrap(), *s);
            }
        }
        let bad = ContractSample::from_line("HA|2|schieben|schieben|schieben").unwrap_err();
        assert!(bad.contains("expected 0 or 1"), "{bad}");
        let r = fit(&per_deal, 50);
        assert!(r.train_decisions > 0 && r.test_decisions > 0);
        assert!(r.weights.iter().any(|&w| w != 0.0));
        let source = weights_source(&r, "jass train contract-model --deals 6");
        let declared = format!("pub const WEIGHTS: [f32; {CONTRACT_FEATURES}]");
        assert!(source.contains(&declared), "{source}");
    }
}

//! A Schieber card player that sees every hand: each card decision solved exactly on the true
//! deal. Not a player for a table (it is told the hands, which no seat may see): a measuring rod
//! for the cost of hidden information (issue 42). The arena seats it with the deal's hands; how
//! much it takes from a player that must guess the hands is what guessing costs. It also chooses
//! the contract on the true hands (as the decision side of a split seat, `oracle+sampling`, it
//! measures how much the contract choice could still gain).

use jass_core::schieber::{Schieber, SchieberAction, SchieberOptions};
use jass_core::{CardSet, Decision, Player};
use jass_solver::{Solver, SolverConfig};

use crate::contract_value::{contract_margin, ContractPlay};
use crate::pimc::PlayState;
use crate::RuleSchieber;

/// The oracle: card play solved on the true hands; the contract too: the one whose deal, solved
/// exactly on the true hands from the first card, brings its team the best score minus the other
/// team's (multiplied, with the Weis and Stöck the hands hold; it never shoves, since its partner
/// could do no better on the same hands). Weis calls are the rule player's. Best measured as one
/// side of a split seat: `sampling+oracle` against `sampling` (the same contracts, the card play
/// compared) or `oracle+sampling` against `sampling` (the same card play, the contracts compared).
pub struct OracleSchieber {
    options: SchieberOptions,
    /// Each seat's nine cards as dealt.
    dealt: [CardSet; 4],
    solver: Solver,
    rule: RuleSchieber,
}

impl OracleSchieber {
    /// An oracle for a deal whose hands are `dealt` (seat-indexed, as dealt).
    pub fn new(options: SchieberOptions, dealt: [CardSet; 4]) -> Self {
        OracleSchieber {
            options,
            dealt,
            solver: Solver::new(SolverConfig::default()),
            rule: RuleSchieber::new(options),
        }
    }

    /// The most nodes of one whole-deal solve for the contract; beyond, the rule players play the
    /// first three tricks and the solver the rest.
    const CONTRACT_NODES: u64 = 20_000_000;

    /// The contract with the best margin on the true hands, if a contract may be chosen here.
    fn contract(&mut self, decision: &Decision<'_, Schieber>) -> Option<SchieberAction> {
        let obs = decision.observation();
        assert_eq!(
            self.dealt[obs.seat as usize], obs.hand,
            "the oracle was told the hands of another deal"
        );
        let team = obs.seat % 2;
        let mut best: Option<(i64, SchieberAction)> = None;
        for a in decision.legal.iter() {
            let SchieberAction::Contract { contract } = a else {
                continue;
            };
            let margin = |solver: &mut Solver, play| {
                contract_margin(
                    solver,
                    self.dealt,
                    obs.forehand,
                    obs.seat,
                    contract,
                    team,
                    &self.options,
                    play,
                )
            };
            let v = margin(
                &mut self.solver,
                ContractPlay {
                    handoff: 36,
                    node_limit: Self::CONTRACT_NODES,
                },
            )
            .or_else(|| {
                margin(
                    &mut self.solver,
                    ContractPlay {
                        handoff: 24,
                        node_limit: u64::MAX,
                    },
                )
            })?;
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, a));
            }
        }
        best.map(|(_, a)| a)
    }
}

impl Player<Schieber> for OracleSchieber {
    fn name(&self) -> String {
        "oracle".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schieber>) -> SchieberAction {
        if matches!(
            decision.legal.get(0),
            SchieberAction::Contract { .. } | SchieberAction::Schieben
        ) {
            if let Some(a) = self.contract(decision) {
                return a;
            }
        }
        let cards = decision.legal.played_cards();
        let obs = decision.observation();
        let Some(contract) = obs.contract.filter(|_| cards.len() > 1) else {
            return self.rule.act(decision);
        };
        // The true hands now: as dealt, less every card played in the deal.
        let played = obs
            .tricks
            .iter()
            .flat_map(|t| t.cards.iter())
            .chain(obs.trick.iter())
            .fold(CardSet::EMPTY, |all, &c| all | CardSet::single(c));
        let hands = self.dealt.map(|h| CardSet(h.0 & !played.0));
        assert_eq!(
            hands[obs.seat as usize], obs.hand,
            "the oracle was told the hands of another deal"
        );
        let state = PlayState::of_schieber(&obs, contract, self.options.undenufe_eleven);
        let team = state.counted_team(obs.seat % 2);
        self.solver.set_objective(state.objective());
        let values = self.solver.solve_moves_for(&state.position(hands), team);
        let card = cards
            .iter()
            .max_by_key(|&c| values.iter().find(|&(m, _)| m == c).map(|(_, v)| v))
            .expect("a legal card");
        SchieberAction::Play { card }
    }
}

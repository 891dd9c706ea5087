//! A Schieber card player that sees every hand: each card decision solved exactly on the true
//! deal. Not a player for a table (it is told the hands, which no seat may see): a measuring rod
//! for the cost of hidden information (issue 42). The arena seats it with the deal's hands; how
//! much it takes from a player that must guess the hands is what guessing costs.

use jass_core::schieber::{Schieber, SchieberAction, SchieberOptions};
use jass_core::{CardSet, Decision, Player};
use jass_solver::{Solver, SolverConfig};

use crate::pimc::PlayState;
use crate::RuleSchieber;

/// The oracle: card play solved on the true hands; every other decision (contract, schieben,
/// Weis) the rule player's, so that it is best measured as the card player of a split seat
/// (`sampling+oracle` against `sampling`: the same contracts, the card play compared).
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
}

impl Player<Schieber> for OracleSchieber {
    fn name(&self) -> String {
        "oracle".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schieber>) -> SchieberAction {
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

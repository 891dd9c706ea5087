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
/// exactly on the true hands from the first card (or, when that is beyond half a million nodes,
/// after the rule players' first tricks: [`OracleSchieber::CONTRACT_PLAYS`]), brings its team the best score minus the other
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

    /// The solves of a contract's value, most exact first: from the first card, or after the
    /// rule players' first one, two or three tricks, each within `CONTRACT_NODES` nodes (the
    /// last without a cap). Whole deals from the first card take a median of about 0.2 s and up
    /// to tens of seconds (examples/contract_time.rs), too slow for a thousand deals.
    const CONTRACT_PLAYS: [u32; 4] = [36, 32, 28, 24];

    /// The most nodes of each but the last solve of [`Self::CONTRACT_PLAYS`].
    const CONTRACT_NODES: u64 = 500_000;

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
            let last = Self::CONTRACT_PLAYS.len() - 1;
            let v = Self::CONTRACT_PLAYS
                .iter()
                .enumerate()
                .find_map(|(i, &handoff)| {
                    let play = ContractPlay {
                        handoff,
                        node_limit: if i == last {
                            u64::MAX
                        } else {
                            Self::CONTRACT_NODES
                        },
                    };
                    contract_margin(
                        &mut self.solver,
                        self.dealt,
                        obs.forehand,
                        obs.seat,
                        contract,
                        team,
                        &self.options,
                        play,
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

/// A measuring rod for where the oracle's gain lies in a deal: the sampling player's cards
/// (and every other decision) while more than `from` cards are in the four hands, the oracle's
/// from then on. `from` 32: the oracle from the second trick; the difference from the whole
/// oracle is what seeing the hands is worth in the first trick, where a seat has seen at most
/// three cards (docs/lab/2026-12-06-oracle-by-trick.md).
pub struct LateOracle {
    sampling: crate::SamplingSchieber,
    oracle: OracleSchieber,
    from: u32,
}

impl LateOracle {
    /// The sampling player `sampling` until `from` cards are left, then the oracle for `dealt`.
    pub fn new(
        sampling: crate::SamplingSchieber,
        options: SchieberOptions,
        dealt: [CardSet; 4],
        from: u32,
    ) -> Self {
        LateOracle {
            sampling,
            oracle: OracleSchieber::new(options, dealt),
            from,
        }
    }
}

impl Player<Schieber> for LateOracle {
    fn name(&self) -> String {
        format!("oracle-from-{}", self.from)
    }

    fn act(&mut self, decision: &Decision<'_, Schieber>) -> SchieberAction {
        let obs = decision.observation();
        let played = 4 * obs.tricks.len() + obs.trick.len();
        let left = 36 - played as u32;
        if decision.legal.played_cards().is_empty() || left > self.from {
            self.sampling.act(decision)
        } else {
            self.oracle.act(decision)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::game::{ActionList, Game};
    use jass_core::schieber::{Contract, FirstForehand};
    use jass_core::Mode;

    /// Told a deal in which every seat holds a whole suit, the oracle as forehand makes Match in
    /// every contract and takes the one that counts most: Undenufe (four times; the default
    /// multipliers), at seat 0 and at seat 1. With every contract single and no Weis, seat 0
    /// (all the hearts) makes Match in hearts, spades, Obenabe and Undenufe but not where an
    /// opponent holds the trumps (bells, acorns): it takes hearts, the first of the best.
    #[test]
    fn the_oracle_chooses_the_contract_the_true_hands_are_worth_most_in() {
        let hands: [CardSet; 4] = [
            "H6 H7 H8 H9 H10 HJ HQ HK HA",
            "D6 D7 D8 D9 D10 DJ DQ DK DA",
            "S6 S7 S8 S9 S10 SJ SQ SK SA",
            "C6 C7 C8 C9 C10 CJ CQ CK CA",
        ]
        .map(|h| h.parse().unwrap());
        for (forehand, single) in [(0u8, false), (1, false), (0, true)] {
            let o = SchieberOptions {
                first_forehand: FirstForehand::Seat(forehand),
                ..SchieberOptions::default()
            };
            let o = if single {
                SchieberOptions {
                    multipliers: jass_core::schieber::Multipliers::SINGLE,
                    weis: jass_core::schieber::WeisOption::None,
                    stoeck: false,
                    ..o
                }
            } else {
                o
            };
            let mut g = Schieber::new(o).unwrap();
            g.deal(hands).unwrap();
            let mut list = ActionList::new();
            g.legal_actions(&mut list);
            assert!(list.iter().any(|a| matches!(a, SchieberAction::Schieben)));
            let mut oracle = OracleSchieber::new(o, hands);
            let a = oracle.act(&Decision::new(&g, forehand as usize, &list));
            let want = SchieberAction::Contract {
                contract: Contract::Mode(if single {
                    Mode::Trump(jass_core::Suit::H)
                } else {
                    Mode::Undenufe
                }),
            };
            assert_eq!(a, want, "forehand {forehand}");
        }
    }

    /// The late oracle plays the sampling player's card while more than `from` cards are in
    /// the hands and the oracle's from then on: on a seeded deal, at every card decision, the
    /// same card as a sampling player with its seed asked the same decisions, or as the oracle.
    #[test]
    fn the_late_oracle_hands_over_from_the_sampling_player_to_the_oracle() {
        use crate::{SamplingSchieber, SamplingSettings};
        use jass_core::{PlaysCard, ToMove};
        use rand_core::SeedableRng;
        let o = SchieberOptions {
            first_forehand: FirstForehand::Seat(0),
            ..SchieberOptions::default()
        };
        let settings = SamplingSettings {
            samples: 4,
            ..SamplingSettings::default()
        };
        let sampling = |seed| SamplingSchieber::new(o, settings, seed).with_early_samples(8, 12);
        let mut g = Schieber::new(o).unwrap();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        let hands = jass_core::deal::shuffled_four_hands(&mut rng, 0);
        g.deal(hands).unwrap();
        let mut list = ActionList::new();
        let mut late = LateOracle::new(sampling(5), o, hands, 32);
        // The same sampling player asked the same decisions (its random draws go on from one
        // decision to the next).
        let mut twin = sampling(5);
        let mut oracle = OracleSchieber::new(o, hands);
        let mut rule = RuleSchieber::new(o);
        let (mut from_sampling, mut from_oracle) = (0, 0);
        let mut played = 0;
        while let ToMove::Seat(seat) = g.to_move() {
            g.legal_actions(&mut list);
            let decision = Decision::new(&g, seat, &list);
            let action = if list.played_cards().len() > 1 {
                let a = late.act(&decision);
                if played < 4 {
                    assert_eq!(a, twin.act(&decision), "card {played}");
                    from_sampling += 1;
                } else {
                    assert_eq!(a, oracle.act(&decision), "card {played}");
                    from_oracle += 1;
                }
                a
            } else {
                rule.act(&decision)
            };
            played += usize::from(action.played_card().is_some());
            g.apply(action).unwrap();
            if played == 36 {
                break;
            }
        }
        assert!(
            from_sampling > 0 && from_oracle > 10,
            "{from_sampling} {from_oracle}"
        );
    }
}

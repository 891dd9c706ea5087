//! Reading the others' cards with the solver (issue 42, opt-in): a sampled world in which another
//! seat's recent card was one of its best by the exact solver, that world's hands open, is
//! likelier than one in which that card gave away points. Players that decide by solving sampled
//! worlds (the sampling player, the tree search) mostly play such cards once few cards are left,
//! a model the rule player's habits ([`crate::inference`]) do not give.
//!
//! Only the last `plays` cards of the other seats with at most `cards` cards left in the hands
//! are judged: the solver is quick there, and older cards were judged at earlier decisions in
//! the rule player's terms.

use jass_core::schieber::{Contract, SchieberObservation};
use jass_core::{Card, CardSet, TrickRules, UndenufeEleven};
use jass_solver::{Objective, Solver};

use crate::pimc::PlayState;
use crate::worlds::seen_tricks;

/// How the solver reads the others' cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolverReading {
    /// Judge past cards played with at most this many cards left in the hands (0: off).
    pub cards: u32,
    /// The most recent cards of the other seats judged.
    pub plays: usize,
    /// A card is explained when its value is within this many points of the seat's best.
    pub tolerance: u32,
    /// Misses counted for each card not explained (each divides the world's weight by the
    /// inference's factor again).
    pub weight: u32,
    /// The most search nodes per card judged; a card the cap does not reach counts no miss.
    pub nodes: u64,
}

impl SolverReading {
    /// Off.
    pub const OFF: SolverReading = SolverReading {
        cards: 0,
        plays: 4,
        tolerance: 0,
        weight: 1,
        nodes: 20_000,
    };
}

/// One past card of another seat, to judge in each world.
struct Judged {
    seat: u8,
    card: Card,
    /// The card play just before it, without hands.
    state: PlayState,
    /// What each seat has played from this card on (the card included): added to a world's
    /// hands now, the hands then.
    since: [CardSet; 4],
}

/// The recent cards of the other seats seen in `obs`, judged in the worlds of one decision.
pub struct PastCards {
    judged: Vec<Judged>,
    reading: SolverReading,
}

impl PastCards {
    /// The cards to judge at the decision seen in `obs` (`None`: nothing to judge, reading off,
    /// or a Misère, whose objective the others may read otherwise).
    pub fn of(
        obs: &SchieberObservation,
        reading: SolverReading,
        eleven: UndenufeEleven,
    ) -> Option<PastCards> {
        let contract = obs.contract?;
        if reading.cards == 0 || reading.plays == 0 || contract == Contract::Misere {
            return None;
        }
        let tricks: Vec<(u8, &[Card])> =
            seen_tricks(&obs.tricks, obs.trick_leader, &obs.trick).collect();
        let mut judged = Vec::new();
        // Newest first: the last `plays` cards of the others with few enough cards left.
        'outer: for t in (0..tricks.len()).rev() {
            let (leader, cards) = tricks[t];
            for i in (0..cards.len()).rev() {
                let seat = (leader + i as u8) % 4;
                let left = 36 - (4 * t + i) as u32;
                if left > reading.cards {
                    break 'outer;
                }
                if seat == obs.seat {
                    continue;
                }
                let mut since = [CardSet::EMPTY; 4];
                for (u, &(l, cs)) in tricks.iter().enumerate().skip(t) {
                    let from = if u == t { i } else { 0 };
                    for (j, &c) in cs.iter().enumerate().skip(from) {
                        since[((l as usize) + j) % 4].insert(c);
                    }
                }
                let state = PlayState::new(
                    contract.trick_mode(t),
                    contract.points(eleven),
                    TrickRules::Strict,
                    obs.tricks[..t].iter().map(|tr| tr.winner),
                    leader,
                    &cards[..i],
                );
                judged.push(Judged {
                    seat,
                    card: cards[i],
                    state: PlayState {
                        slalom: contract.is_slalom(),
                        ..state
                    },
                    since,
                });
                if judged.len() >= reading.plays {
                    break 'outer;
                }
            }
        }
        (!judged.is_empty()).then_some(PastCards { judged, reading })
    }

    /// How many of the judged cards were not among their seat's best (within the tolerance) in
    /// the world `hands` (the hands now), times the reading's weight.
    pub fn misses(&self, solver: &mut Solver, hands: &[CardSet; 4]) -> u32 {
        solver.set_objective(Objective::MostPoints);
        let mut misses = 0;
        for j in &self.judged {
            let then: [CardSet; 4] = std::array::from_fn(|s| hands[s] | j.since[s]);
            let pos = j.state.position(then);
            if pos.legal_cards().len() < 2 || !pos.legal_cards().contains(j.card) {
                continue;
            }
            // From an empty table: the answer does not depend on the worlds judged before.
            solver.clear();
            let Some(values) = solver.try_solve_moves_for(&pos, j.seat % 2, self.reading.nodes)
            else {
                continue;
            };
            let best = values.best().map_or(0, |(_, v)| v);
            let played = values.value(j.card).unwrap_or(best);
            if played + self.reading.tolerance < best {
                misses += self.reading.weight;
            }
        }
        misses
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::test_games::games;
    use crate::worlds::{knowledge, sample_world_retry};
    use crate::RuleSchieber;
    use jass_core::game::{ActionList, Game};
    use jass_core::schieber::{Schieber, SchieberAction, SchieberOptions};
    use jass_core::{Decision, Player};
    use jass_solver::SolverConfig;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Every card decision of seeded games in which every seat plays the solver's best card on
    /// the true hands from 20 cards left (before, and the contracts, the rule player's; solving
    /// whole deals would make the test slow): `at(state, seat)` before each card.
    pub(crate) fn solver_played_games(seeds: u64, mut at: impl FnMut(&Schieber, usize)) {
        let o = SchieberOptions::default();
        let mut rule = RuleSchieber::new(o);
        let mut solver = Solver::new(SolverConfig::default());
        games(
            || Schieber::new(o).unwrap(),
            seeds,
            45,
            |g, seat, list: &ActionList<SchieberAction>, _| {
                if matches!(list.get(0), SchieberAction::Play { .. }) {
                    at(g, seat);
                }
            },
            |g, seat, list| {
                let obs = g.observe(seat);
                let played = obs.tricks.len() * 4 + obs.trick.len();
                let (SchieberAction::Play { .. }, Some(contract), true) =
                    (list.get(0), obs.contract, played >= 16)
                else {
                    return rule.act(&Decision::new(g, seat, list));
                };
                let state = PlayState::of_schieber(&obs, contract, o.undenufe_eleven);
                solver.set_objective(state.objective());
                let values = solver
                    .solve_moves_for(&state.position(g.hands()), state.counted_team(seat as u8));
                SchieberAction::Play {
                    card: values.best().unwrap().0,
                }
            },
        );
    }

    /// Where every seat plays the solver's best card on the true hands, the true hands explain
    /// every card judged; worlds drawn from what the seat has seen do not.
    #[test]
    fn the_true_hands_explain_best_cards() {
        let o = SchieberOptions::default();
        let reading = SolverReading {
            cards: 20,
            ..SolverReading::OFF
        };
        let mut solver = Solver::new(SolverConfig::default());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut judged, mut drawn_misses) = (0, 0);
        solver_played_games(4, |g, seat| {
            let obs = g.observe(seat);
            let Some(past) = PastCards::of(&obs, reading, o.undenufe_eleven) else {
                return;
            };
            judged += 1;
            assert_eq!(past.misses(&mut solver, &g.hands()), 0);
            let k = knowledge(&obs);
            if let Some(w) = sample_world_retry(&k, &mut rng, 20) {
                drawn_misses += past.misses(&mut solver, &w);
            }
        });
        assert!(judged > 40, "{judged}");
        assert!(drawn_misses > 10, "{drawn_misses}");
    }

    /// Only the last `plays` cards of the others, and only with few enough cards left.
    #[test]
    fn judges_the_recent_cards_of_the_others() {
        let o = SchieberOptions::default();
        let reading = SolverReading {
            cards: 12,
            plays: 2,
            ..SolverReading::OFF
        };
        solver_played_games(2, |g, seat| {
            let obs = g.observe(seat);
            let played = obs.tricks.len() * 4 + obs.trick.len();
            let past = PastCards::of(&obs, reading, o.undenufe_eleven);
            // The first card played with 12 cards left is the 25th.
            match &past {
                None => assert!(played <= 25 || obs.contract.is_none(), "{played}"),
                Some(p) => {
                    assert!(played > 24);
                    assert!(!p.judged.is_empty() && p.judged.len() <= 2);
                    assert!(p.judged.iter().all(|j| j.seat != obs.seat));
                }
            }
        });
    }
}

//! A sampling Schieber player (perfect-information Monte Carlo): deal the hidden cards in ways that
//! agree with everything the seat has seen ([`crate::worlds`]), solve each world exactly with the
//! solver, and play the card with the best average. Until few enough cards are left for the
//! solver to be quick, and for every decision other than card play, it plays like
//! [`RuleSchieber`].

use jass_core::schieber::{Contract, Schieber, SchieberAction, SchieberOptions};
use jass_core::{Card, CardSet, Decision, Player, PointTable, TrickRules};
use jass_solver::{Position, Solver, SolverConfig};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::rule_schieber::RuleSchieber;
use crate::worlds::{knowledge, sample_world_retry};

/// Settings of the sampling player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SamplingSettings {
    /// Worlds per decision.
    pub samples: usize,
    /// Sample only with at most this many cards left in the hands (the solver's time grows
    /// quickly with the cards left; see docs/solver.md).
    pub max_cards: u32,
}

impl Default for SamplingSettings {
    fn default() -> Self {
        SamplingSettings {
            samples: 24,
            max_cards: 20,
        }
    }
}

/// The sampling player.
pub struct SamplingSchieber {
    options: SchieberOptions,
    settings: SamplingSettings,
    rule: RuleSchieber,
    solver: Solver,
    rng: Xoshiro256PlusPlus,
}

impl SamplingSchieber {
    /// A sampling player for a game with these options; `seed` fixes its sampled worlds.
    pub fn new(options: SchieberOptions, settings: SamplingSettings, seed: u64) -> Self {
        SamplingSchieber {
            options,
            settings,
            rule: RuleSchieber::new(options),
            solver: Solver::new(SolverConfig {
                tt_bits: 16,
                ..SolverConfig::default()
            }),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// The card with the best average value over sampled worlds, if sampling applies here.
    fn sampled_card(&mut self, decision: &Decision<'_, Schieber>, legal: CardSet) -> Option<Card> {
        let obs = decision.observation();
        let contract = obs.contract?;
        // The solver maximises the team's card points in one mode: not for Misère or Slalom.
        if contract == Contract::Misere || contract.is_slalom() {
            return None;
        }
        let played: u32 = obs.tricks.len() as u32 * 4 + obs.trick.len() as u32;
        if 36 - played > self.settings.max_cards || legal.len() < 2 {
            return None;
        }
        let k = knowledge(&obs);
        let mode = contract.mode();
        let team = obs.seat % 2;
        let mut tricks_won = [0u8; 2];
        for t in &obs.tricks {
            tricks_won[(t.winner % 2) as usize] += 1;
        }
        let mut trick = [Card::from_dense(0); 4];
        for (i, &c) in obs.trick.iter().enumerate() {
            trick[i] = c;
        }
        let mut totals = [0u64; 64];
        let mut worlds = 0;
        for _ in 0..self.settings.samples {
            let Some(hands) = sample_world_retry(&k, &mut self.rng, 20) else {
                continue;
            };
            let pos = Position {
                hands,
                trick,
                trick_len: obs.trick.len() as u8,
                leader: obs.trick_leader,
                mode,
                points: PointTable::new(mode, self.options.undenufe_eleven),
                rules: TrickRules::Strict,
                tricks_done: obs.tricks.len() as u8,
                tricks_won,
                match_bonus: jass_core::mode::MATCH_BONUS,
            };
            let values = self.solver.solve_moves_for(&pos, team);
            for (c, v) in values.iter() {
                totals[c.index()] += v as u64;
            }
            worlds += 1;
        }
        if worlds == 0 {
            return None;
        }
        legal.iter().max_by_key(|c| totals[c.index()])
    }
}

impl Player<Schieber> for SamplingSchieber {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schieber>) -> SchieberAction {
        let cards: CardSet = decision
            .legal
            .iter()
            .filter_map(|a| match a {
                SchieberAction::Play { card } => Some(card),
                _ => None,
            })
            .collect();
        if !cards.is_empty() {
            if let Some(card) = self.sampled_card(decision, cards) {
                return SchieberAction::Play { card };
            }
        }
        self.rule.act(decision)
    }
}

//! A sampling Sidi Barrani player (perfect-information Monte Carlo). During card play it deals the
//! hidden cards in ways that agree with what the seat has seen (cards played, voids and
//! undertrumps under the strict rules, the scoring team's Weis shown after the first trick) and
//! solves every legal card exactly in each world for the declaring team. The objective is the
//! deal's point difference between the teams: twice the declarers' points (cards, last trick,
//! Match) plus the bid (times the doubling factor) to whichever side it goes — to the declarers if
//! their points reach the bid in that world (the exact value reaches the bid exactly when the
//! contract can be forced), else to the defenders. The declarers play the card with the best
//! average, the defenders the card with the worst. Bidding, doubling, Weis and the first cards
//! (before `max_cards` are left) are played like [`RuleSidi`].

use jass_core::sidi::{Sidi, SidiAction, SidiOptions};
use jass_core::{Card, CardSet, Decision, Player, PointTable, TrickRules};

use crate::pimc::{four_seat_knowledge, PartnershipSampler, PlayState};
use crate::rule_sidi::RuleSidi;
use crate::SamplingSettings;

/// The sampling Sidi Barrani player.
pub struct SamplingSidi {
    options: SidiOptions,
    rule: RuleSidi,
    sampler: PartnershipSampler,
}

impl SamplingSidi {
    /// Default settings: every world solved exactly from 12 cards left, in 24 worlds per card.
    pub const DEFAULT: SamplingSettings = SamplingSettings::solving(24, 12);

    /// A player for a game with these options; `seed` fixes its sampled worlds.
    pub fn new(options: SidiOptions, seed: u64) -> Self {
        Self::with_settings(options, Self::DEFAULT, seed)
    }

    /// A player with other settings.
    pub fn with_settings(options: SidiOptions, settings: SamplingSettings, seed: u64) -> Self {
        SamplingSidi {
            options,
            rule: RuleSidi::new(options),
            sampler: PartnershipSampler::new(settings, Self::DEFAULT_EARLY, seed),
        }
    }

    /// Worlds per card decision before `max_cards` are left, by default.
    pub const DEFAULT_EARLY: usize = 64;

    /// The same player judging the cards before `max_cards` are left in `n` worlds each (rule
    /// play to `max_cards` cards, then the solver; 0: the rule player's card).
    pub fn with_early_samples(mut self, n: usize) -> Self {
        self.sampler.early_samples = n;
        self
    }

    /// How many decisions this player has made by sampling (the others were the rule player's).
    pub fn sampled(&self) -> u64 {
        self.sampler.sampled()
    }

    fn sampled_card(&mut self, decision: &Decision<'_, Sidi>, legal: CardSet) -> Option<Card> {
        let obs = decision.observation();
        let (bid, mode, declarer) = obs.bid?;
        let played = obs.tricks.len() as u32 * 4 + obs.trick.len() as u32;
        if !self.sampler.samples_at(played, legal) {
            return None;
        }
        let d_team = declarer % 2;
        // Card points (with Match) the declarers still need to make the bid.
        let taken: u32 = obs
            .tricks
            .iter()
            .filter(|t| t.winner % 2 == d_team)
            .map(|t| t.points)
            .sum();
        let need = bid.saturating_sub(taken);
        let stake = (bid * obs.factor) as i64;
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        let shown: Vec<(u8, CardSet)> = obs
            .weis_shown
            .iter()
            .map(|w| (w.seat, w.weis.cards()))
            .collect();
        let k = four_seat_knowledge(
            obs.seat as usize,
            obs.hand,
            &completed,
            (obs.trick_leader, &obs.trick),
            &shown,
            mode,
            TrickRules::Strict,
        );
        let state = PlayState::new(
            mode,
            PointTable::new(mode, self.options.undenufe_eleven),
            TrickRules::Strict,
            obs.tricks.iter().map(|t| t.winner),
            obs.trick_leader,
            &obs.trick,
        );
        // Twice the points taken, plus or minus the stake as the bid is made or broken.
        let score = |v: u32| 2 * v as i64 + if v >= need { stake } else { -stake };
        self.sampler
            .choose(&k, &state, legal, played, obs.seat, d_team, declarer, score)
    }
}

impl Player<Sidi> for SamplingSidi {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Sidi>) -> SidiAction {
        let cards: CardSet = decision
            .legal
            .iter()
            .filter_map(|a| match a {
                SidiAction::Play { card } => Some(card),
                _ => None,
            })
            .collect();
        if !cards.is_empty() {
            if let Some(card) = self.sampled_card(decision, cards) {
                return SidiAction::Play { card };
            }
        }
        self.rule.act(decision)
    }
}

//! A sampling Coiffeur player (perfect-information Monte Carlo). Coiffeur plays Schieber deals, so
//! the hidden hands are sampled as in Schieber ([`crate::worlds`]) and every legal card is solved
//! exactly in each world. Only the team that chose the contract writes its points, so both sides
//! count the chooser's points: the chooser's team plays the card with the highest total, the other
//! team the card with the lowest (in Misère the chooser writes the other team's points, which
//! that team keeps low: the solver's fewest-points objective). Before `max_cards` are left the
//! cards are judged by rule play-outs handed over to the solver. Slalom (the solver plays one
//! mode), the contract, schieben and Weis are played like [`RuleCoiffeur`].

use jass_core::coiffeur::{Coiffeur, CoiffeurAction, CoiffeurOptions};
use jass_core::{Card, CardSet, Decision, Player};

use crate::pimc::{PartnershipSampler, PlayState};
use crate::rule_coiffeur::RuleCoiffeur;
use crate::worlds::knowledge;
use crate::SamplingSettings;

/// The sampling Coiffeur player.
pub struct SamplingCoiffeur {
    options: CoiffeurOptions,
    rule: RuleCoiffeur,
    sampler: PartnershipSampler,
}

impl SamplingCoiffeur {
    /// Default settings: every world solved exactly from 12 cards left, in 24 worlds per card.
    pub const DEFAULT: SamplingSettings = SamplingSettings::solving(24, 12);

    /// A player for a game with these options; `seed` fixes its sampled worlds.
    pub fn new(options: CoiffeurOptions, seed: u64) -> Self {
        Self::with_settings(options, Self::DEFAULT, seed)
    }

    /// A player with other settings.
    pub fn with_settings(options: CoiffeurOptions, settings: SamplingSettings, seed: u64) -> Self {
        SamplingCoiffeur {
            options,
            rule: RuleCoiffeur::new(options),
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

    fn sampled_card(&mut self, decision: &Decision<'_, Coiffeur>, legal: CardSet) -> Option<Card> {
        let obs = decision.observation();
        let contract = obs.contract?;
        // Slalom changes the mode every trick: the solver plays one.
        if contract.is_slalom() {
            return None;
        }
        let played = obs.tricks.len() as u32 * 4 + obs.trick.len() as u32;
        if !self.sampler.samples_at(played, legal) {
            return None;
        }
        let chooser = obs.chooser?;
        // The chooser's team writes what the deal brings it: the points of its own tricks, or
        // in Misère those of the other team's (004: "all points won from Stich are given to the
        // opposite teams"), which that team then wants to keep low.
        let state = PlayState::of_schieber(&obs, contract, self.options.undenufe_eleven);
        let counted = state.counted_team(chooser % 2);
        let k = knowledge(&obs);
        self.sampler
            .choose(&k, &state, legal, played, obs.seat, counted, chooser, |v| {
                v as i64
            })
    }
}

impl Player<Coiffeur> for SamplingCoiffeur {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Coiffeur>) -> CoiffeurAction {
        let cards: CardSet = decision
            .legal
            .iter()
            .filter_map(|a| match a {
                CoiffeurAction::Play { card } => Some(card),
                _ => None,
            })
            .collect();
        if !cards.is_empty() {
            if let Some(card) = self.sampled_card(decision, cards) {
                return CoiffeurAction::Play { card };
            }
        }
        self.rule.act(decision)
    }
}

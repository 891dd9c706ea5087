//! A sampling Coiffeur player (perfect-information Monte Carlo). Coiffeur plays Schieber deals, so
//! the hidden hands are sampled as in Schieber ([`crate::worlds`]) and every legal card is solved
//! exactly in each world. Only the team that chose the contract writes its points, so both sides
//! count the chooser's points: the chooser's team plays the card with the highest total, the other
//! team the card with the lowest (in Misère the chooser writes the other team's points, which
//! that team keeps low: the solver's fewest-points objective). Before `max_cards` are left the
//! cards are judged by play-outs handed over to the solver, each other seat played by the
//! learned play model unless the rule card play explains its cards so far `adapt_odds` times
//! better (the adaptive reading, as Schieber's), this seat by the model. In the game's last deal both
//! sides play for the game instead (the worlds in which the chooser's list ends above the
//! other's, then the points: [`LastDeal`]). The contract, schieben and Weis are played like
//! [`RuleCoiffeur`].

use jass_core::coiffeur::{Coiffeur, CoiffeurAction, CoiffeurObservation, CoiffeurOptions};
use jass_core::schieber::Contract;
use jass_core::weis::{stoeck_cards, STOECK_POINTS};
use jass_core::{Card, CardSet, Decision, Player};

use crate::inference::{draw_worlds, ContractEvidence, Inference};
use crate::pimc::{PartnershipSampler, PlayState};
use crate::rule_coiffeur::RuleCoiffeur;
use crate::worlds::{knowledge, played_by_seat, seen_tricks};
use crate::{SamplingSchieber, SamplingSettings};

/// The sampling Coiffeur player.
pub struct SamplingCoiffeur {
    options: CoiffeurOptions,
    rule: RuleCoiffeur,
    sampler: PartnershipSampler,
    game_end: bool,
    /// Reading the others' cards from their play ([`crate::inference`]).
    inference: Inference,
}

/// The game's last deal as the chooser's team's list sees it: the game is decided by the points
/// this deal writes, so a world counts as won, tied or lost before its points count.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LastDeal {
    /// The chooser's team's sum minus the other team's, before this deal's row.
    pub lead: i64,
    /// The row's multiplier.
    pub multiplier: u32,
    /// What the chooser's team has for its row already (unmultiplied): the trick points
    /// credited to it in the tricks done, its Weis and Stöck scored, and Stöck the seat itself
    /// will still score for it.
    pub already: u32,
}

impl LastDeal {
    /// The last deal's figures, or `None` before it.
    pub fn of(obs: &CoiffeurObservation, options: &CoiffeurOptions) -> Option<LastDeal> {
        let (contract, chooser) = (obs.contract?, obs.chooser?);
        if !obs.last_deal() {
            return None;
        }
        let t = (chooser % 2) as usize;
        // Trick points go to the team that won them, in Misère to the other (004).
        let credited = t ^ (contract == Contract::Misere) as usize;
        let tricks: u32 = obs
            .tricks
            .iter()
            .filter(|tr| tr.winner as usize % 2 == credited)
            .map(|tr| tr.points)
            .sum();
        // Stöck this seat holds (it knows; its partner's or the opponents' it cannot).
        let mut stoeck = 0;
        if let (Some(trump), true, None) = (contract.mode().trump(), options.stoeck, obs.stoeck) {
            let played = played_by_seat(seen_tricks(&obs.tricks, obs.trick_leader, &obs.trick));
            let held = obs.hand | played[obs.seat as usize];
            if obs.seat as usize % 2 == t && held.contains_all(stoeck_cards(trump)) {
                stoeck = STOECK_POINTS;
            }
        }
        Some(LastDeal {
            lead: obs.written[t] as i64 - obs.written[1 - t] as i64,
            multiplier: options.multipliers.of(contract),
            already: obs.deal_score[t] + tricks + stoeck,
        })
    }

    /// The game for the chooser's team when its counted team takes `v` more points: 2 won, 1
    /// tied, 0 lost.
    pub fn outcome(&self, v: u32) -> i64 {
        let end = self.lead + self.multiplier as i64 * (self.already + v) as i64;
        end.signum() + 1
    }
}

impl SamplingCoiffeur {
    /// Default settings: every world solved exactly from 12 cards left, in 24 worlds per card.
    pub const DEFAULT: SamplingSettings = SamplingSettings::solving(24, 12);

    /// The early cards' play-outs by the learned Schieber play model, by default
    /// ([`Self::with_playout_model`]; 2026-12-04, issue 42: 51.70% ± 0.09% of the points written
    /// and 59.3% of the games against the player without it on 1,000 duplicate games, but
    /// 59.56% against the rule player instead of 60.45%; with [`Self::DEFAULT_ADAPT`] 60.23%;
    /// docs/lab/2026-12-04-coiffeur-model.md).
    pub const DEFAULT_PLAYOUT_MODEL: bool = true;

    /// The others read and played out seat by seat as rule-like or by the model, by default
    /// ([`Self::with_adapt`]; with the model's play-outs 50.17% ± 0.09% of the points against
    /// the player with the play-outs alone, and back to the rule player's level, above).
    pub const DEFAULT_ADAPT: bool = true;

    /// A player for a game with these options; `seed` fixes its sampled worlds.
    pub fn new(options: CoiffeurOptions, seed: u64) -> Self {
        Self::with_settings(options, Self::DEFAULT, seed)
    }

    /// A player with other settings.
    pub fn with_settings(options: CoiffeurOptions, settings: SamplingSettings, seed: u64) -> Self {
        let mut sampler = PartnershipSampler::new(settings, Self::DEFAULT_EARLY, seed);
        sampler.playout_model = Self::DEFAULT_PLAYOUT_MODEL;
        SamplingCoiffeur {
            options,
            rule: RuleCoiffeur::new(options),
            sampler,
            game_end: true,
            inference: Inference {
                percent: SamplingSchieber::DEFAULT_INFER,
                pool: SamplingSchieber::DEFAULT_INFER_POOL,
                eleven: options.undenufe_eleven,
                belief: SamplingSchieber::DEFAULT_BELIEF,
                adapt: Self::DEFAULT_ADAPT,
                adapt_odds: SamplingSchieber::DEFAULT_ADAPT_ODDS,
                model: &crate::inference::PLAY_MODEL,
            },
        }
    }

    /// The same player reading the others' cards as the Schieber player does
    /// ([`SamplingSchieber::with_inference`]; 100: off).
    pub fn with_inference(mut self, percent: u32, pool: usize) -> Self {
        self.inference.percent = percent.min(100);
        self.inference.pool = pool.max(1);
        self
    }

    /// The same player reading the others' cards by the learned play model as the Schieber
    /// player does ([`SamplingSchieber::with_belief`]; the same default since 2026-12-03, issue
    /// 42: 50.24% ± 0.08% of the points written against the rule player's habits alone, 0, on
    /// 1,000 duplicate games).
    pub fn with_belief(mut self, percent: u32) -> Self {
        self.inference.belief = percent;
        self
    }

    /// The same player telling rule-like players from the others, seat by seat, as the Schieber
    /// player does ([`SamplingSchieber::with_adapt`]).
    pub fn with_adapt(mut self, on: bool) -> Self {
        self.inference.adapt = on;
        self
    }

    /// The same player reading a seat as rule-like only when the rule card play explains its
    /// cards `odds` times better than the model ([`SamplingSchieber::with_adapt_odds`]).
    pub fn with_adapt_odds(mut self, odds: u32) -> Self {
        self.inference.adapt_odds = odds.max(1);
        self
    }

    /// The same player playing out its early cards' worlds with the learned play model's
    /// likeliest cards ([`crate::pimc::model_card`]) when `on` (the default), instead of the
    /// rule players'.
    pub fn with_playout_model(mut self, on: bool) -> Self {
        self.sampler.playout_model = on;
        self
    }

    /// The same player with the game's last deal played for its points only (`false`) or, as by
    /// default, for the game (`true`).
    pub fn with_game_end(mut self, on: bool) -> Self {
        self.game_end = on;
        self
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
        // In the last deal a won world outweighs any points (2^20 > the points of every world).
        let last = LastDeal::of(&obs, &self.options).filter(|_| self.game_end);
        let inference = self.inference;
        let weis = self.options.schieber().weis_rules();
        let draw = |rng: &mut _, n| {
            let contract = ContractEvidence::of_coiffeur(&obs, &self.rule);
            draw_worlds(rng, &k, &obs, n, &inference, contract, weis, None)
        };
        self.sampler.choose_drawn(
            draw,
            &state,
            legal,
            played,
            obs.seat,
            counted,
            chooser,
            |v| last.map_or(0, |l| l.outcome(v) << 20) + v as i64,
        )
    }
}

impl Player<Coiffeur> for SamplingCoiffeur {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Coiffeur>) -> CoiffeurAction {
        let cards: CardSet = decision.legal.played_cards();
        if !cards.is_empty() {
            if let Some(card) = self.sampled_card(decision, cards) {
                return CoiffeurAction::Play { card };
            }
        }
        self.rule.act(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::random_games;
    use jass_core::game::Game;
    use jass_core::schieber::{Phase, WeisOption};
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn the_last_deal_is_won_tied_or_lost_by_the_points_it_writes() {
        // The chooser's team is 30 behind and plays a row times 2: 15 more points tie, 16 win.
        let l = LastDeal {
            lead: -30,
            multiplier: 2,
            already: 10,
        };
        assert_eq!([l.outcome(4), l.outcome(5), l.outcome(6)], [0, 1, 2]);
        let ahead = LastDeal { lead: 5, ..l };
        assert_eq!(ahead.outcome(0), 2);
    }

    /// In seeded random games: no `LastDeal` before the game's last deal; in it, at the first
    /// card of the last trick, what the chooser's team has already plus what the last trick
    /// brings it is exactly what its row gets (Weis on, Stöck off: another seat's Stöck still to
    /// come is not known to the seat).
    #[test]
    fn the_last_deal_counts_what_the_row_will_get() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut checked = 0;
        for misere in [false, true] {
            let o = CoiffeurOptions {
                misere,
                stoeck: false,
                weis: WeisOption::Small,
                ..CoiffeurOptions::default()
            };
            random_games(
                || Coiffeur::new(o).unwrap(),
                8,
                usize::MAX,
                &mut rng,
                |g, seat, _, _| {
                    let obs = g.observe(seat);
                    let last = LastDeal::of(&obs, &o);
                    if obs.phase != Phase::Play || !obs.last_deal() {
                        assert_eq!(last, None);
                        return;
                    }
                    let l = last.expect("the last deal's card play");
                    if obs.tricks.len() != 8 || !obs.trick.is_empty() {
                        return;
                    }
                    let (contract, chooser) = (obs.contract.unwrap(), obs.chooser.unwrap());
                    let t = chooser % 2;
                    let credited = t ^ (contract == Contract::Misere) as u8;
                    // Play the last trick with the first legal cards.
                    let mut end = *g;
                    let mut list = jass_core::ActionList::new();
                    while !end.finished() {
                        end.legal_actions(&mut list);
                        end.apply(list.get(0)).unwrap();
                    }
                    let (team, played, entry) = end.last_written().unwrap();
                    assert_eq!((team, played), (t, contract));
                    // What the last trick brings the chooser's row: its points if the credited
                    // team won it, and the Match bonus if that team won all nine.
                    let done = end.schieber().observation(seat);
                    assert_eq!(done.tricks.len(), 9);
                    let won = |tr: &&jass_core::schieber::ObservedTrick| tr.winner % 2 == credited;
                    let last_trick = &done.tricks[8];
                    let gained = if won(&last_trick) {
                        let all = done.tricks.iter().filter(won).count() == 9;
                        last_trick.points + if all { jass_core::mode::MATCH_BONUS } else { 0 }
                    } else {
                        0
                    };
                    assert_eq!(entry, l.multiplier * (l.already + gained), "{obs:?}");
                    assert_eq!(
                        l.lead,
                        obs.written[t as usize] as i64 - obs.written[1 - t as usize] as i64
                    );
                    checked += 1;
                },
            );
        }
        assert!(checked >= 16, "{checked}");
    }
}

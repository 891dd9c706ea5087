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
//! other's, then the points: [`LastDeal`]). The row and schieben: each open row (and schieben)
//! is played out in `contract_samples` dealt worlds and valued by its multiplier times the
//! points plus what the rows left open bring later ([`SamplingCoiffeur::sampled_row`],
//! [`RowOutlook`]). Weis is played like [`RuleCoiffeur`].

use jass_core::coiffeur::{Coiffeur, CoiffeurAction, CoiffeurObservation, CoiffeurOptions};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::schieber::{Contract, FirstForehand, Phase, Schieber, SchieberOptions, MAX_TARGET};
use jass_core::weis::{stoeck_cards, STOECK_POINTS};
use jass_core::{Card, CardSet, Decision, Player};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::coiffeur_rows::RowOutlook;
use crate::inference::{draw_worlds, ContractEvidence, Inference};
use crate::pimc::{PartnershipSampler, PlayState};
use crate::rule_coiffeur::{row_baseline, RuleCoiffeur};
use crate::sampling_schieber::play_out;
use crate::worlds::{deal_unseen, knowledge, played_by_seat, seen_tricks};
use crate::{SamplingSchieber, SamplingSettings};

/// The sampling Coiffeur player.
pub struct SamplingCoiffeur {
    options: CoiffeurOptions,
    rule: RuleCoiffeur,
    sampler: PartnershipSampler,
    game_end: bool,
    /// Reading the others' cards from their play ([`crate::inference`]).
    inference: Inference,
    /// Worlds per candidate of the row choice (0: the rule player's row and schieben).
    contract_samples: usize,
    /// The row choice's worlds (apart from the card play's, whose worlds it leaves as they were).
    row_rng: Xoshiro256PlusPlus,
    /// The sampled row choice weighs the rows left by what they bring later on the play-outs'
    /// scale ([`RowOutlook`]) instead of the rule player's baseline.
    row_outlook: bool,
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
    /// Default settings: every world solved exactly from 12 cards left, in 24 worlds per card;
    /// the row and schieben by 96 play-outs each (2026-12-05, issue 42, with
    /// [`Self::DEFAULT_ROW_OUTLOOK`]; docs/lab/2026-12-05-coiffeur-rows.md).
    pub const DEFAULT: SamplingSettings = SamplingSettings {
        contract_samples: 96,
        ..SamplingSettings::solving(24, 12)
    };

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

    /// The sampled row choice values the rows left on the play-outs' own scale
    /// ([`Self::with_row_outlook`]), by default (2026-12-05, issue 42: with 96 play-outs a row,
    /// 50.60% ± 0.16% and 50.44% ± 0.17% of the points written against the rule player's row
    /// choice on 500 duplicate games each of two seeds, where the rule player's baseline with
    /// the same play-outs is level, 49.97% ± 0.18%; docs/lab/2026-12-05-coiffeur-rows.md).
    pub const DEFAULT_ROW_OUTLOOK: bool = true;

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
            contract_samples: settings.contract_samples,
            row_rng: Xoshiro256PlusPlus::seed_from_u64(seed ^ Self::ROW_SEED),
            row_outlook: Self::DEFAULT_ROW_OUTLOOK,
        }
    }

    /// The same player weighing, in its sampled row choice (`contract_samples`), the rows left
    /// open by what they bring in the team's deals to come on the play-outs' own scale
    /// ([`RowOutlook`]) when `on` (the default), instead of the rule player's baseline.
    pub fn with_row_outlook(mut self, on: bool) -> Self {
        self.row_outlook = on;
        self
    }

    /// Mixed into the seed for the row choice's worlds.
    const ROW_SEED: u64 = 0x636f_6966_6675_7273;

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

    /// After a shove, the worlds of the row choice are drawn again up to this many times until
    /// forehand's hand is one the rule player shoves (as Schieber's `contract_read`).
    const ROW_READ: usize = 30;

    /// The row (or schieben) with the best average over `contract_samples` worlds: the unseen
    /// cards dealt at random, each candidate played out to the end of the deal by four rule
    /// players (the learned play model's cards with `playout_model`, as the early cards'
    /// play-outs), schieben by the partner's row as the rule player chooses it with the world's
    /// hand. A row is worth its multiplier times the points written plus what the rows left
    /// open bring in the team's deals to come ([`RowOutlook`], on the play-outs' scale), or,
    /// without the outlook, as the rule player values it ([`crate::rule_coiffeur::best_row`]):
    /// its multiplier times the points over [`row_baseline`]. `None`: the rule player decides
    /// (no sampling, a single choice, or a world the game refuses).
    pub(crate) fn sampled_row(
        &mut self,
        obs: &CoiffeurObservation,
        legal: &[CoiffeurAction],
    ) -> Option<CoiffeurAction> {
        if self.contract_samples == 0 || legal.len() < 2 {
            return None;
        }
        let me = obs.seat;
        let team = (me % 2) as usize;
        let open = &obs.choices[team];
        let schieber = SchieberOptions {
            target: MAX_TARGET,
            first_forehand: FirstForehand::Seat(obs.forehand),
            ..self.options.schieber()
        };
        let base = Schieber::new(schieber).ok()?;
        let model = self.sampler.playout_model.then_some(self.inference.model);
        let mut unseen: Vec<Card> = (CardSet::ALL - obs.hand).iter().collect();
        let mut list = ActionList::new();
        let mut sums = vec![0f64; legal.len()];
        let outlook = self
            .row_outlook
            .then(|| RowOutlook::shared(&self.options, model));
        // The rule player's row or schieben for another seat of the team in a world.
        let rule_choice = |s: &Schieber, seat: usize, list: &mut ActionList<CoiffeurAction>| {
            s.legal_actions(list);
            let choices: Vec<CoiffeurAction> = list
                .iter()
                .filter(|a| match a {
                    CoiffeurAction::Contract { contract } => open.contains(contract),
                    _ => true,
                })
                .collect();
            let hand = s.hands()[seat];
            let schoben = seat as u8 != obs.forehand;
            self.rule.choose_action(hand, schoben, &choices)
        };
        // Shoved to (forehand's partner), or shoved back to (forehand, with zurückschieben).
        let shoves = if !obs.schoben {
            0
        } else if me == obs.forehand {
            2
        } else {
            1
        };
        for _ in 0..self.contract_samples {
            let mut tries = 0;
            let dealt = loop {
                let hands = deal_unseen(&mut self.row_rng, &mut unseen, obs.hand, me);
                let mut dealt = base;
                dealt.deal(hands).ok()?;
                if shoves != 1 || tries == Self::ROW_READ {
                    break dealt;
                }
                tries += 1;
                // Forehand shoved to us: keep the worlds in which the rule player would.
                if rule_choice(&dealt, obs.forehand as usize, &mut list) == CoiffeurAction::Schieben
                {
                    break dealt;
                }
            };
            let mut dealt = dealt;
            for _ in 0..shoves {
                dealt.apply(CoiffeurAction::Schieben).ok()?;
            }
            if dealt.to_move() != ToMove::Seat(me as usize) {
                return None;
            }
            for (i, &a) in legal.iter().enumerate() {
                let mut s = dealt;
                s.apply(a).ok()?;
                // After schieben (and, with zurückschieben, back) the team's other seat
                // chooses as the rule player would.
                while s.phase() == Phase::Contract {
                    let ToMove::Seat(seat) = s.to_move() else {
                        return None;
                    };
                    let choice = rule_choice(&s, seat, &mut list);
                    s.apply(choice).ok()?;
                }
                let (contract, _) = s.contract()?;
                let points = play_out(&mut s, &schieber, model)[team] as f64;
                let m = self.options.multipliers.of(contract) as f64;
                sums[i] += match &outlook {
                    Some(o) => m * points + o.future(open, Some(contract)),
                    None => m * (points - row_baseline(open.len())),
                };
            }
        }
        let best = (0..legal.len()).max_by(|&x, &y| sums[x].total_cmp(&sums[y]).then(y.cmp(&x)))?;
        Some(legal[best])
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
        let contract_choice = matches!(
            decision.legal.get(0),
            CoiffeurAction::Contract { .. } | CoiffeurAction::Schieben
        );
        if contract_choice {
            let legal = decision.legal.to_vec();
            if let Some(a) = self.sampled_row(&decision.observation(), &legal) {
                return a;
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

    /// Forehand (seat 0) of a fresh game holding `hand`, the other cards dealt in order.
    fn first_choice(o: CoiffeurOptions, hand: &str) -> (Coiffeur, Vec<CoiffeurAction>) {
        let hand: CardSet = hand.parse().unwrap();
        let rest: Vec<Card> = (CardSet::ALL - hand).iter().collect();
        let mut hands = [hand; 4];
        for (i, h) in hands.iter_mut().skip(1).enumerate() {
            *h = rest[9 * i..9 * i + 9].iter().copied().collect();
        }
        let o = CoiffeurOptions {
            first_forehand: jass_core::schieber::FirstForehand::Seat(0),
            ..o
        };
        let mut g = Coiffeur::new(o).unwrap();
        g.deal(hands).unwrap();
        let mut list = jass_core::ActionList::new();
        g.legal_actions(&mut list);
        (g, list.to_vec())
    }

    /// The row choice by play-outs, with the outlook on the rows left and with the rule
    /// player's baseline: a hand of low cards takes the Undenufe row (×6), a hand that fills no
    /// row well is shoved, and in seeded random games every answer is one of the legal rows or
    /// schieben (after a shove: one of the team's open rows). Without worlds the rule player
    /// decides.
    #[test]
    fn the_sampled_row_plays_the_open_rows_out() {
        let o = CoiffeurOptions::default();
        let settings = SamplingSettings {
            contract_samples: 24,
            ..SamplingCoiffeur::DEFAULT
        };
        // With the outlook (the default) and with the rule player's baseline for the rows left.
        for outlook in [true, false] {
            let mut p = SamplingCoiffeur::with_settings(o, settings, 3).with_row_outlook(outlook);
            let undenufe = Contract::Mode(jass_core::Mode::Undenufe);
            for (hand, choice) in [
                (
                    "H6 H7 H8 S6 S7 D6 D7 C6 C7",
                    CoiffeurAction::Contract { contract: undenufe },
                ),
                ("H10 H8 SQ S9 D10 D8 C7 C9 CQ", CoiffeurAction::Schieben),
            ] {
                let (g, legal) = first_choice(o, hand);
                let chosen = p.sampled_row(&g.observation(0), &legal);
                assert_eq!(chosen, Some(choice), "{hand}, outlook {outlook}");
            }
        }
        let (g, legal) = first_choice(o, "H10 H8 SQ S9 D10 D8 C7 C9 CQ");
        let no_worlds = SamplingSettings {
            contract_samples: 0,
            ..settings
        };
        let mut off = SamplingCoiffeur::with_settings(o, no_worlds, 3);
        assert_eq!(off.sampled_row(&g.observation(0), &legal), None);

        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let (mut checked, mut shoved) = (0, 0);
        for (misere, slalom, zurueckschieben) in [(false, false, false), (true, true, true)] {
            let o = CoiffeurOptions {
                misere,
                slalom,
                zurueckschieben,
                ..CoiffeurOptions::default()
            };
            let mut p = SamplingCoiffeur::with_settings(
                o,
                SamplingSettings {
                    contract_samples: 4,
                    ..SamplingCoiffeur::DEFAULT
                },
                5,
            );
            random_games(
                || Coiffeur::new(o).unwrap(),
                3,
                usize::MAX,
                &mut rng,
                |g, seat, list, _| {
                    let obs = g.observe(seat);
                    if obs.phase != Phase::Contract {
                        return;
                    }
                    let legal = list.to_vec();
                    let a = p.sampled_row(&obs, &legal);
                    if legal.len() < 2 {
                        assert_eq!(a, None);
                        return;
                    }
                    let a = a.expect("a row or schieben");
                    assert!(legal.contains(&a), "{a:?} not in {legal:?}");
                    if let CoiffeurAction::Contract { contract } = a {
                        assert!(obs.choices[seat % 2].contains(&contract));
                    }
                    shoved += obs.schoben as u32;
                    checked += 1;
                },
            );
        }
        assert!(checked >= 80 && shoved >= 10, "{checked} {shoved}");
    }

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

//! A sampling Differenzler player (perfect-information Monte Carlo with rollouts). Four players
//! each for himself with a target do not fit the two-team solver, so every legal card is judged by
//! playing the deal out in sampled worlds with the rule player's card play for all four seats
//! (each aiming at its announcement: the known ones, and for hidden announcements the rule
//! player's estimate from the seat's hand in that world). The card with the lowest average penalty
//! of its own seat is played. The worlds agree with what the seat has seen: cards played, voids
//! (and under the strict rule undertrumps), the turned card the dealer holds, the scoring Weis.
//! By default (`adapt`) each other seat whose cards the learned play model
//! ([`crate::play_model_differenzler`]) explains better than the rule card play is read and
//! played out by the model instead, and this seat's own play-outs are the model's.
//!
//! The announcement is sampled too: the deal is played out in sampled worlds (everyone by the rule
//! card play, this seat aiming at the rule estimate), and the seat announces the median of what it
//! took (the median minimises the expected difference). The trump choice and Weis are the rule
//! player's.

use jass_core::differenzler::{
    Differenzler, DifferenzlerAction, DifferenzlerObservation, DifferenzlerOptions,
    DifferenzlerPhase, MAX_ANNOUNCEMENT,
};
use jass_core::weis::STOECK_POINTS;
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::inference::{
    draw_read, keep_adapted, read_worlds_weighed, Inference, PlayHistory, SeatFit,
};
use crate::pimc::{observed_knowledge, MAX_SEATS};
use crate::play_model_differenzler::{DifferenzlerPlayModel, DifferenzlerSituation};
use crate::rollout::{Rollout, RolloutTable};
use crate::rule_differenzler::{announcement, differenzler_card, RuleDifferenzler};
use crate::worlds::{played_by_seat, sample_world_retry, seen_tricks, stoeck_holder, Knowledge};
use jass_solver::SoloSolver;

/// Settings of the sampling Differenzler player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DifferenzlerSettings {
    /// Worlds per card decision (every legal card is played out in each).
    pub samples: usize,
    /// Worlds for the announcement (0: the rule player's announcement).
    pub announce_samples: usize,
    /// In the last deal of a game of several deals, play and announce for the chance to win the
    /// game (the lowest total) instead of the deal's penalty.
    pub game_end: bool,
    /// Reading the others' cards (`crate::inference`): a world's weight in percent for each
    /// past card of another seat the rule card play would not have chosen in it (100: off).
    pub infer: u32,
    /// Worlds drawn per world kept when reading the cards.
    pub infer_pool: usize,
    /// Reading the others' cards by the learned Differenzler play model
    /// ([`crate::play_model_differenzler`]) instead of the rule card play: a world weighs the
    /// model's probability of every past card of another seat, holding that world's hands and
    /// aiming at that world's targets, to the power `belief` percent, the announcement
    /// evidence `infer` percent a miss as before (0: off; reading needs `infer` below 100).
    pub belief: u32,
    /// The card decisions' play-outs play the learned Differenzler play model's likeliest card
    /// for every seat (until the seat's best reply or the exact finish) instead of the rule card
    /// play (the announcement's play-outs keep the rule card play).
    pub playout_model: bool,
    /// Tells rule-like players from the others: each other seat's past cards are explained
    /// both by the rule card play and by the learned play model over the drawn worlds, and the
    /// likelier explanation reads that seat's cards (rule misses at `infer` percent, or the
    /// model's probabilities) and plays its cards in the play-outs; this seat's play-outs by
    /// the model (a seat with no card yet: the model). Needs `infer` below 100; in place of
    /// `belief` and `playout_model` for the card decisions. On by default since 2026-12-03.
    pub adapt: bool,
    /// In the adaptive reading, a seat is read as rule-like only when the rule card play
    /// explains its cards this many times better than the model ([`Inference::adapt_odds`]; 1:
    /// whichever explains them better).
    pub adapt_odds: u32,
    /// Reading the others' open announcements: a world counts one unexplained card more for
    /// every this many points between a seat's announcement and the rule player's for its
    /// hand in the world (0: not read).
    pub infer_announcement: u32,
    /// Tricks left from which a world's play-out is finished by the exact solo solver (every
    /// seat playing its best for its own penalty with all hands open, max^n) instead of the
    /// rule card play (0: rule play to the end).
    pub exact_tricks: u32,
    /// Tricks left from which this seat's cards in a world's play-out are its best reply to the
    /// others' rule card play with all hands open (tried one by one, the others' cards given by
    /// the rule play) instead of its own rule card play (0: off; before `exact_tricks`).
    pub reply_tricks: u32,
    /// Threads that play out the worlds of one decision (1: the calling thread only; the
    /// choices are those of one thread).
    pub threads: usize,
    /// An optional cap on the time of one decision: once reached, the worlds played out so far
    /// decide (the first always counts). Off by default: it makes play depend on the machine.
    pub time_budget: Option<std::time::Duration>,
}

impl Default for DifferenzlerSettings {
    fn default() -> Self {
        DifferenzlerSettings {
            samples: 400,
            announce_samples: 200,
            game_end: true,
            infer: crate::SamplingSchieber::DEFAULT_INFER,
            infer_pool: crate::SamplingSchieber::DEFAULT_INFER_POOL,
            belief: 0,
            playout_model: false,
            // −1.56 ± 0.13 penalty a deal against the player without it, −10.18 against the
            // rule player (−10.35 without; docs/lab/2026-12-03-differenzler-adapt.md).
            adapt: true,
            adapt_odds: 1,
            infer_announcement: 10,
            exact_tricks: 0,
            // −10.35 against the rule player instead of −9.72 (2000 deals; docs/players.md).
            reply_tricks: 3,
            threads: 1,
            time_budget: None,
        }
    }
}

/// The sampling Differenzler player.
pub struct SamplingDifferenzler {
    options: DifferenzlerOptions,
    settings: DifferenzlerSettings,
    rule: RuleDifferenzler,
    rng: Xoshiro256PlusPlus,
    sampled: u64,
}

/// The shipped Differenzler play model.
static PLAY_MODEL: DifferenzlerPlayModel = crate::play_model_differenzler::builtin();

/// This seat's share of the game's win (in twelfths: 12, or 12/k when k seats tie for the lowest
/// total; 0 otherwise) with these totals after the last deal.
fn win_share(totals: &[i32; 4], me: usize) -> i64 {
    let lowest = *totals.iter().min().expect("four seats");
    if totals[me] != lowest {
        return 0;
    }
    12 / totals.iter().filter(|&&t| t == lowest).count() as i64
}

/// One sampled world ready for rollouts: the card play, what each seat aims at, and the points
/// each seat counts beyond its tricks (Weis scored, Stöck).
struct World {
    play: Rollout,
    targets: [i32; 4],
    extra: [u32; 4],
}

/// How a world's play-out ends: `me` is the deciding seat; from `reply_tricks` tricks left its
/// cards are its best reply to the others' rule play, from `exact_tricks` every seat plays its
/// best (max^n); before that (or with both 0) the rule card play for everyone.
#[derive(Copy, Clone, Debug)]
struct Endgame {
    me: u8,
    exact_tricks: u32,
    reply_tricks: u32,
    /// The seats (bit `s` for seat `s`, `me`'s before its best reply) whose cards are the
    /// learned play model's likeliest card instead of the rule card play.
    model_seats: u8,
}

impl Endgame {
    /// The play-outs' card for the seat to play in `r`, which still needs `need` points.
    fn card(&self, r: &Rollout, need: i32) -> Card {
        if self.model_seats & (1 << r.mover()) == 0 {
            return differenzler_card(&r.view(), need);
        }
        let legal = r.legal();
        if legal.len() < 2 {
            return legal.iter().next().expect("the seat to play holds a card");
        }
        PLAY_MODEL.likeliest(&DifferenzlerSituation {
            play: r.situation(),
            need,
        })
    }
}

impl World {
    /// Plays the deal out with the rule card play for everyone, and its last tricks as
    /// `endgame` says (`solver`: the exact solver, its table this world's, for the same hands
    /// and targets).
    fn finish(
        mut self,
        o: &DifferenzlerOptions,
        endgame: Endgame,
        solver: &mut SoloSolver,
    ) -> ([u32; 4], [u8; 4]) {
        while !self.play.done() {
            if self.play.cards_left() <= 4 * endgame.reply_tricks {
                // `me`'s best reply to the others' rule play, all hands open.
                let (targets, extra, me) = (self.targets, self.extra, endgame.me as usize);
                let policy = |r: &Rollout| {
                    let s = r.mover();
                    let need = targets[s as usize] - (r.taken(s) + extra[s as usize]) as i32;
                    endgame.card(r, need)
                };
                let aimed = targets[me].max(0) as u32;
                let m = endgame.me;
                let score =
                    |r: &Rollout| -o.penalty(aimed, r.taken(m) + extra[me], r.tricks(m)) as i64;
                self.play.finish_best_reply(endgame.me, &policy, &score);
                break;
            }
            if self.play.cards_left() <= 4 * endgame.exact_tricks {
                let (targets, extra) = (self.targets, self.extra);
                let finished = self.play.finish_exact(solver, |taken, tricks| {
                    std::array::from_fn(|s| {
                        if s < 4 {
                            let aimed = targets[s].max(0) as u32;
                            -o.penalty(aimed, taken[s] + extra[s], tricks[s])
                        } else {
                            0
                        }
                    })
                });
                if finished {
                    break;
                }
            }
            let s = self.play.mover();
            let need =
                self.targets[s as usize] - (self.play.taken(s) + self.extra[s as usize]) as i32;
            let c = endgame.card(&self.play, need);
            self.play.play(c);
        }
        let mut taken = [0u32; 4];
        let mut tricks = [0u8; 4];
        for s in 0..4 {
            taken[s] = self.play.taken(s as u8) + self.extra[s];
            tricks[s] = self.play.tricks(s as u8);
        }
        (taken, tricks)
    }
}

impl SamplingDifferenzler {
    /// How many of the others' past cards the rule card play would have chosen otherwise in a
    /// world (the hands now `hands`; each seat aiming at `targets`, counting `extra` beyond its
    /// tricks, as in the rollouts): the deal replayed from its first card with the world's hands.
    fn misses(
        &self,
        obs: &DifferenzlerObservation,
        history: &PlayHistory,
        hands: &[CardSet; 4],
        world: &World,
    ) -> u32 {
        let mut played = 0;
        let dealt = Self::replay_others(obs, history, hands, world, |r, need, c| {
            played += (differenzler_card(&r.view(), need) != c) as u32;
        });
        played + self.announcement_misses(obs, &dealt)
    }

    /// Replays the deal from its first card with the world's hands (the hands now `hands`) and
    /// calls `f` with the rollout before each past card of another seat that had two or more
    /// legal cards, the points that seat needed then (aiming at the world's targets, counting
    /// its `extra`), and the card; returns the hands as dealt in the world.
    fn replay_others(
        obs: &DifferenzlerObservation,
        history: &PlayHistory,
        hands: &[CardSet; 4],
        world: &World,
        mut f: impl FnMut(&Rollout, i32, Card),
    ) -> [CardSet; 4] {
        let dealt = history.dealt(hands);
        let mut seats = [CardSet::EMPTY; MAX_SEATS];
        seats[..4].copy_from_slice(&dealt);
        let first_leader = obs.tricks.first().map_or(obs.trick_leader, |t| t.leader);
        let replay = world.play.table().rollout(&seats, first_leader, &[]);
        let seen = seen_tricks(&obs.tricks, obs.trick_leader, &obs.trick);
        let cards = seen.flat_map(|(_, cards)| cards.iter().copied());
        replay.replay_each(cards, obs.seat, |r, c| {
            let s = r.mover() as usize;
            f(
                r,
                world.targets[s] - (r.taken(s as u8) + world.extra[s]) as i32,
                c,
            )
        });
        dealt
    }

    /// The log-probability, by the learned play model, of the others' past cards in a world
    /// (the hands now `hands`; each seat aiming at `targets`, counting `extra` beyond its tricks,
    /// as in the rollouts), with the announcement evidence's misses `ln_eps` each: the deal
    /// replayed from its first card with the world's hands.
    fn log_weight(
        &self,
        obs: &DifferenzlerObservation,
        history: &PlayHistory,
        hands: &[CardSet; 4],
        world: &World,
        ln_eps: f64,
    ) -> f64 {
        let mut sum = 0.0;
        let dealt = Self::replay_others(obs, history, hands, world, |r, need, c| {
            let situation = DifferenzlerSituation {
                play: r.situation(),
                need,
            };
            sum += PLAY_MODEL.log_prob(&situation, c);
        });
        let beta = self.settings.belief as f64 / 100.0;
        beta * sum + ln_eps * self.announcement_misses(obs, &dealt) as f64
    }

    /// How well the rule card play and the learned model explain each other seat's past cards
    /// in a world (the hands now `hands`, aiming at the world's targets), and the announcement
    /// evidence's misses.
    fn seat_fits(
        &self,
        obs: &DifferenzlerObservation,
        history: &PlayHistory,
        hands: &[CardSet; 4],
        world: &World,
    ) -> ([SeatFit; 4], u32) {
        let mut fits = [SeatFit::default(); 4];
        let dealt = Self::replay_others(obs, history, hands, world, |r, need, c| {
            let situation = DifferenzlerSituation {
                play: r.situation(),
                need,
            };
            fits[r.mover() as usize].add(
                differenzler_card(&r.view(), need) == c,
                r.legal().len(),
                PLAY_MODEL.log_prob(&situation, c),
            );
        });
        (fits, self.announcement_misses(obs, &dealt))
    }

    /// The worlds for a card decision read seat by seat ([`DifferenzlerSettings::adapt`]), and
    /// the seats whose play-outs the learned model plays (this seat's always).
    fn read_adapting(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        k: &Knowledge,
        obs: &DifferenzlerObservation,
        mode: Mode,
        history: &PlayHistory,
    ) -> (Vec<[CardSet; 4]>, u8) {
        let me = obs.seat as usize;
        let n = self.settings.samples;
        let pool: Vec<[CardSet; 4]> = (0..n * self.settings.infer_pool.max(1))
            .filter_map(|_| sample_world_retry(k, rng, 20))
            .collect();
        let ln_eps = (self.settings.infer as f64 / 100.0).ln();
        let fits: Vec<([SeatFit; 4], f64)> = pool
            .iter()
            .map(|h| {
                let (fits, misses) =
                    self.seat_fits(obs, history, h, &self.world(obs, mode, *h, None));
                (fits, ln_eps * misses as f64)
            })
            .collect();
        keep_adapted(rng, &pool, &fits, n, me, self.settings.adapt_odds, ln_eps)
    }

    /// The others' open announcements as evidence: a miss for every full
    /// [`DifferenzlerSettings::infer_announcement`] points between a seat's announcement and
    /// the rule player's for its hand as dealt in the world (none while the announcements are
    /// hidden).
    fn announcement_misses(&self, obs: &DifferenzlerObservation, dealt: &[CardSet]) -> u32 {
        let Some(mode) = obs.trump else {
            return 0;
        };
        let step = self.settings.infer_announcement;
        if step == 0 {
            return 0;
        }
        (0..4)
            .filter(|&s| s != obs.seat as usize)
            .filter_map(|s| {
                let said = obs.announcements[s]?;
                Some(announcement(dealt[s], mode, &self.options).abs_diff(said) / step)
            })
            .sum()
    }

    /// True if this decision belongs to the last deal of a game of several deals and the game's
    /// win is played for ([`DifferenzlerSettings::game_end`]).
    fn plays_for_the_game(&self, obs: &DifferenzlerObservation) -> bool {
        self.settings.game_end && obs.deals > 1 && obs.deal_number == obs.deals
    }

    /// Every seat's total after the deal in a world played out: the totals so far plus each
    /// seat's penalty against the target it aimed at (its announcement, or the estimate of a
    /// hidden one), this seat's against `own`.
    fn totals_after(
        &self,
        obs: &DifferenzlerObservation,
        targets: &[i32; 4],
        own: u32,
        taken: &[u32; 4],
        tricks: &[u8; 4],
    ) -> [i32; 4] {
        let me = obs.seat as usize;
        std::array::from_fn(|s| {
            let aimed = if s == me {
                own
            } else {
                targets[s].max(0) as u32
            };
            obs.totals[s] + self.options.penalty(aimed, taken[s], tricks[s])
        })
    }

    /// A player for a game with these options; `seed` fixes its sampled worlds.
    pub fn new(options: DifferenzlerOptions, seed: u64) -> Self {
        Self::with_settings(options, DifferenzlerSettings::default(), seed)
    }

    /// A player with other settings.
    pub fn with_settings(
        options: DifferenzlerOptions,
        settings: DifferenzlerSettings,
        seed: u64,
    ) -> Self {
        SamplingDifferenzler {
            options,
            settings,
            rule: RuleDifferenzler::new(options),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            sampled: 0,
        }
    }

    /// How the play-outs of seat `me` end, the cards of `model_seats` by the learned model.
    fn endgame(&self, me: usize, model_seats: u8) -> Endgame {
        Endgame {
            me: me as u8,
            exact_tricks: self.settings.exact_tricks,
            reply_tricks: self.settings.reply_tricks,
            model_seats,
        }
    }

    /// How many decisions this player has made by sampling (the others were the rule player's).
    pub fn sampled(&self) -> u64 {
        self.sampled
    }

    /// `judge(i)` for the worlds `0..n` of one decision on the player's threads within its time
    /// budget ([`crate::worlds::judge_each`]): the results of the worlds reached, in order.
    fn judge<T: Send>(&self, n: usize, judge: impl Fn(usize) -> T + Sync) -> Vec<T> {
        let s = &self.settings;
        crate::worlds::judge_each(s.threads, s.time_budget, n, judge)
    }

    /// What the seat knows of the hidden hands.
    fn knowledge(&self, obs: &DifferenzlerObservation, mode: Mode) -> Knowledge {
        // The turned card stays with the dealer until he plays it.
        let turned = obs.trump_card.map(|c| (obs.dealer, CardSet::single(c)));
        observed_knowledge(obs, turned, mode, self.options.trick_rules)
    }

    /// A world ready for rollouts from the observation and sampled `hands` (the hands now).
    fn world(
        &self,
        obs: &DifferenzlerObservation,
        mode: Mode,
        hands: [CardSet; 4],
        own_target: Option<u32>,
    ) -> World {
        let me = obs.seat as usize;
        let mut taken = [0u32; MAX_SEATS];
        let mut tricks = [0u8; MAX_SEATS];
        for t in &obs.tricks {
            taken[t.winner as usize] += t.points;
            tricks[t.winner as usize] += 1;
        }
        let by_seat = played_by_seat(seen_tricks(&obs.tricks, obs.trick_leader, &obs.trick));
        let played = by_seat.iter().fold(CardSet::EMPTY, |a, &s| a | s);
        let dealt: [CardSet; 4] = std::array::from_fn(|s| hands[s] | by_seat[s]);
        // Points beyond the tricks: the Weis scored, and Stöck (scored, or held in this world).
        let tally = &obs.deal_tally;
        let mut extra: [u32; 4] = std::array::from_fn(|s| tally.weis[s] + tally.stoeck[s]);
        if let (Some(t), true, None) = (mode.trump(), self.options.stoeck, obs.stoeck) {
            if let Some(h) = stoeck_holder(&dealt, t) {
                extra[h] += STOECK_POINTS;
            }
        }
        let mut targets = [0i32; 4];
        for s in 0..4 {
            targets[s] = match (s == me, own_target, obs.announcements[s]) {
                (true, Some(t), _) => t as i32,
                (_, _, Some(a)) => a as i32,
                _ => announcement(dealt[s], mode, &self.options) as i32,
            };
        }
        let mut hands5 = [CardSet::EMPTY; MAX_SEATS];
        hands5[..4].copy_from_slice(&hands);
        World {
            play: RolloutTable::new(
                &[0, 1, 2, 3],
                mode,
                PointTable::new(mode, self.options.undenufe_eleven),
                self.options.trick_rules,
                jass_core::mode::LAST_TRICK_BONUS,
            )
            .rollout(&hands5, obs.trick_leader, &obs.trick)
            .with_taken(&taken, &tricks)
            .with_played(played),
            targets,
            extra,
        }
    }

    fn sampled_card(&mut self, obs: &DifferenzlerObservation, legal: CardSet) -> Option<Card> {
        if legal.len() < 2 {
            return legal.iter().next();
        }
        let mode = obs.trump?;
        let me = obs.seat as usize;
        let announced = obs.announcements[me]?;
        let for_the_game = self.plays_for_the_game(obs);
        let k = self.knowledge(obs, mode);
        // The worlds, read against the rule card play of the others.
        let history = PlayHistory::new(obs.seat, &obs.tricks, obs.trick_leader, &obs.trick);
        let inference = Inference {
            percent: self.settings.infer,
            pool: self.settings.infer_pool,
            eleven: self.options.undenufe_eleven,
            belief: 0,
            adapt: self.settings.adapt,
            adapt_odds: self.settings.adapt_odds,
            model: &crate::inference::PLAY_MODEL,
        };
        let mut rng = self.rng.clone();
        let evidence = !history.is_empty()
            || (self.settings.infer_announcement > 0
                && (0..4).any(|s| s != me && obs.announcements[s].is_some()));
        let all_model = if self.settings.playout_model {
            0b1111
        } else {
            0
        };
        let (drawn, model_seats) = if inference.adapt && inference.percent < 100 && evidence {
            self.read_adapting(&mut rng, &k, obs, mode, &history)
        } else if self.settings.belief > 0 && inference.percent < 100 && evidence {
            let ln_eps = (inference.percent as f64 / 100.0).ln();
            let draw = |rng: &mut Xoshiro256PlusPlus| sample_world_retry(&k, rng, 20);
            let drawn =
                read_worlds_weighed(&mut rng, self.settings.samples, &inference, draw, |hands| {
                    let world = self.world(obs, mode, *hands, None);
                    self.log_weight(obs, &history, hands, &world, ln_eps)
                });
            (drawn, all_model)
        } else {
            let drawn = draw_read(
                &mut rng,
                &k,
                self.settings.samples,
                &inference,
                evidence,
                |hands| self.misses(obs, &history, hands, &self.world(obs, mode, *hands, None)),
            );
            let model_seats = if inference.adapt { 0b1111 } else { all_model };
            (drawn, model_seats)
        };
        self.rng = rng;
        // Per card of each world: the penalty, and in the last deal the game's win.
        let per_world = self.judge(drawn.len(), |i| {
            let base = self.world(obs, mode, drawn[i], None);
            // One table for the cards of this world (the same hands and targets).
            let mut solver = SoloSolver::new();
            legal
                .iter()
                .map(|c| {
                    let mut w = World {
                        play: base.play,
                        targets: base.targets,
                        extra: base.extra,
                    };
                    w.play.play(c);
                    let (taken, tricks) =
                        w.finish(&self.options, self.endgame(me, model_seats), &mut solver);
                    let p = self.options.penalty(announced, taken[me], tricks[me]) as i64;
                    let win = if for_the_game {
                        let after =
                            self.totals_after(obs, &base.targets, announced, &taken, &tricks);
                        win_share(&after, me)
                    } else {
                        0
                    };
                    (c, p, win)
                })
                .collect::<Vec<_>>()
        });
        // Summed over the worlds.
        let mut penalties = [0i64; 64];
        let mut wins = [0i64; 64];
        for (c, p, win) in per_world.iter().flatten() {
            penalties[c.index()] += p;
            wins[c.index()] += win;
        }
        if per_world.is_empty() {
            return None;
        }
        // The most wins (all zero before the last deal), then the lowest penalty.
        legal
            .iter()
            .max_by_key(|c| (wins[c.index()], -penalties[c.index()]))
    }

    /// The median of the points taken in rollouts of sampled worlds (`None` if none could be
    /// drawn).
    fn sampled_announcement(&mut self, obs: &DifferenzlerObservation) -> Option<u32> {
        let mode = obs.trump?;
        let me = obs.seat as usize;
        let guess = announcement(obs.hand, mode, &self.options);
        let k = self.knowledge(obs, mode);
        let drawn: Vec<[CardSet; 4]> = (0..self.settings.announce_samples)
            .filter_map(|_| sample_world_retry(&k, &mut self.rng, 20))
            .collect();
        // Per world: what this seat took, and the others' totals after the deal.
        let outcomes: Vec<(u32, u8, [i32; 4])> = self.judge(drawn.len(), |i| {
            // Forehand leads the first trick.
            let mut w = self.world(obs, mode, drawn[i], Some(guess));
            w.play = w.play.led_by(obs.forehand);
            let targets = w.targets;
            let mut solver = SoloSolver::new();
            // The rule card play for everyone: the model's play-outs, fitted to sampling
            // players, misjudge what a seat takes at a table of others (docs/players.md).
            let endgame = self.endgame(me, 0);
            let (taken, tricks) = w.finish(&self.options, endgame, &mut solver);
            let after = self.totals_after(obs, &targets, guess, &taken, &tricks);
            (taken[me], tricks[me], after)
        });
        if outcomes.is_empty() {
            return None;
        }
        let mut taken: Vec<u32> = outcomes.iter().map(|o| o.0).collect();
        taken.sort_unstable();
        let median = taken[taken.len() / 2];
        if !self.plays_for_the_game(obs) {
            return Some(median);
        }
        Some(announcement_for_the_game(
            &self.options,
            &outcomes,
            me,
            obs.totals[me],
            median,
        ))
    }
}

/// The announcement for the last deal of a game: the one that wins the game in the most worlds,
/// then the one nearest `median`. Each outcome is what the seat took in a world, its tricks, and
/// every seat's total after the deal; the seat's own total is recomputed from `total` (before
/// the deal) for each candidate. What the seat takes is taken as independent of the number it
/// announces, as for the median.
fn announcement_for_the_game(
    options: &DifferenzlerOptions,
    outcomes: &[(u32, u8, [i32; 4])],
    me: usize,
    total: i32,
    median: u32,
) -> u32 {
    let key = |points: u32| -> (i64, i64) {
        let wins = outcomes
            .iter()
            .map(|&(taken, tricks, after)| {
                let mut after = after;
                after[me] = total + options.penalty(points, taken, tricks);
                win_share(&after, me)
            })
            .sum();
        (wins, -(points as i64 - median as i64).abs())
    };
    // Ties in both: the lower number.
    (0..=MAX_ANNOUNCEMENT)
        .rev()
        .max_by_key(|&p| key(p))
        .expect("announcements from 0")
}

impl Player<Differenzler> for SamplingDifferenzler {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Differenzler>) -> DifferenzlerAction {
        let obs = decision.observation();
        match obs.phase {
            DifferenzlerPhase::Announce if self.settings.announce_samples > 0 => {
                if let Some(points) = self.sampled_announcement(&obs) {
                    let a = DifferenzlerAction::Announce { points };
                    if decision.legal.contains(&a) {
                        self.sampled += 1;
                        return a;
                    }
                }
            }
            DifferenzlerPhase::Play => {
                let cards: CardSet = decision.legal.played_cards();
                if !cards.is_empty() {
                    if let Some(card) = self.sampled_card(&obs, cards) {
                        self.sampled += 1;
                        return DifferenzlerAction::Play { card };
                    }
                }
            }
            _ => {}
        }
        self.rule.act(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::random_games;
    use jass_core::differenzler::TrumpRule;
    use jass_core::game::Game;
    use jass_core::TrickRules;

    /// At every card decision of seeded random games the true hands fit what the seat knows, and
    /// a rollout from the true position deals out every point.
    #[test]
    fn the_truth_is_always_a_possible_world() {
        let variants = [
            DifferenzlerOptions::default(),
            DifferenzlerOptions {
                trick_rules: TrickRules::Strict,
                weis: true,
                stoeck: true,
                ..DifferenzlerOptions::default()
            },
            DifferenzlerOptions {
                trump: TrumpRule::Rotation,
                obenabe_undenufe: true,
                ..DifferenzlerOptions::default()
            },
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut checked = 0;
        for o in variants {
            let player = SamplingDifferenzler::new(o, 0);
            random_games(
                || Differenzler::new(o).unwrap(),
                6,
                usize::MAX,
                &mut rng,
                |s, seat, list, seed| {
                    let obs = s.observe(seat);
                    if matches!(list.get(0), DifferenzlerAction::Play { .. }) {
                        let mode = obs.trump.unwrap();
                        let k = player.knowledge(&obs, mode);
                        let truth = s.hands();
                        for (p, &held) in truth.iter().enumerate() {
                            assert!(held.contains_all(k.known[p]));
                            assert!(
                                k.possible[p].contains_all(held),
                                "{o:?} seed {seed}: seat {seat} about {p}"
                            );
                            assert_eq!(k.counts[p], held.len());
                        }
                        let w = player.world(&obs, mode, truth, None);
                        // A third of the worlds finished by the exact solver from 3 tricks
                        // left, a third by the seat's best reply.
                        let endgame = Endgame {
                            me: seat as u8,
                            exact_tricks: [0, 3, 0][checked % 3],
                            reply_tricks: [0, 0, 3][checked % 3],
                            model_seats: [0, 0b1111, 0b0101][checked / 3 % 3],
                        };
                        let (taken, _) = w.finish(&o, endgame, &mut SoloSolver::new());
                        let cards: u32 = taken.iter().sum::<u32>()
                            - obs.deal_tally.weis.iter().sum::<u32>()
                            - obs.deal_tally.stoeck.iter().sum::<u32>();
                        assert!(cards == 157 || cards == 177, "{cards}");
                        checked += 1;
                    }
                },
            );
        }
        assert!(checked > 3000, "{checked}");
    }

    /// The shipped Differenzler play model finds the others' cards likelier with the true hands
    /// than with worlds drawn at random that agree with everything seen (in seeded games of rule
    /// players, whose cards it was not fitted to; with untrained weights every world is alike).
    #[test]
    fn the_learned_model_prefers_the_true_hands() {
        use crate::test_games::played_games;
        let o = DifferenzlerOptions::default();
        let player = SamplingDifferenzler::with_settings(
            o,
            DifferenzlerSettings {
                belief: 100,
                ..DifferenzlerSettings::default()
            },
            0,
        );
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut better, mut judged, mut sum_true, mut sum_random) = (0, 0, 0.0, 0.0);
        played_games(
            || Differenzler::new(o).unwrap(),
            &mut RuleDifferenzler::new(o),
            4,
            usize::MAX,
            |g, seat, _| {
                let obs = g.observe(seat);
                if obs.phase != DifferenzlerPhase::Play || obs.tricks.is_empty() {
                    return;
                }
                let mode = obs.trump.unwrap();
                let history = PlayHistory::new(obs.seat, &obs.tricks, obs.trick_leader, &obs.trick);
                let k = player.knowledge(&obs, mode);
                let Some(world) = sample_world_retry(&k, &mut rng, 20) else {
                    return;
                };
                let truth = g.hands();
                let weight = |hands: &[CardSet; 4]| {
                    let w = player.world(&obs, mode, *hands, None);
                    player.log_weight(&obs, &history, hands, &w, 0.0)
                };
                let (t, r) = (weight(&truth), weight(&world));
                judged += 1;
                better += (t > r) as u32;
                sum_true += t;
                sum_random += r;
            },
        );
        assert!(judged > 300, "{judged}");
        // Rule players' cards, not the sampling players' the model was fitted to: 57% of the
        // decisions and 0.69 nats a decision on average when written.
        assert!(better * 100 > judged * 54, "{better} of {judged}");
        assert!(
            sum_true > sum_random + judged as f64 * 0.4,
            "{sum_true} {sum_random}"
        );
    }

    /// The adaptive reading tells the seats that play by the rule card play from those that play
    /// the learned model's likeliest card, from the third trick on (in seeded games where seats
    /// 1 and 3 are rule players and seats 0 and 2 play by the model; the rule players always
    /// match their rule card in the true world, the model players rarely more than half).
    #[test]
    fn the_adaptive_reading_tells_rule_players_from_model_players() {
        use crate::test_games::games;
        let o = DifferenzlerOptions::default();
        let settings = DifferenzlerSettings {
            samples: 24,
            adapt: true,
            ..DifferenzlerSettings::default()
        };
        let player = SamplingDifferenzler::with_settings(o, settings, 0);
        let mut rule = RuleDifferenzler::new(o);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let (mut judged, mut right) = (0, 0);
        games(
            || Differenzler::new(o).unwrap(),
            4,
            usize::MAX,
            |g, seat, list, _| {
                let obs = g.observe(seat);
                if seat != 0 || obs.tricks.len() < 2 || list.len() < 2 {
                    return;
                }
                let history = PlayHistory::new(obs.seat, &obs.tricks, obs.trick_leader, &obs.trick);
                let k = player.knowledge(&obs, obs.trump.unwrap());
                let (worlds, model_seats) =
                    player.read_adapting(&mut rng, &k, &obs, obs.trump.unwrap(), &history);
                assert_eq!(worlds.len(), settings.samples);
                assert_ne!(model_seats & 1, 0, "this seat's play-outs are the model's");
                for s in 1..4 {
                    judged += 1;
                    right += ((model_seats >> s & 1 == 1) == (s == 2)) as u32;
                }
            },
            |g, seat, list| {
                let obs = g.observe(seat);
                let legal = list.played_cards();
                if seat % 2 == 1 || obs.phase != DifferenzlerPhase::Play || legal.len() < 2 {
                    return rule.act(&Decision::new(g, seat, list));
                }
                let trick = obs.trick.clone();
                let gone = obs.tricks.iter().flat_map(|t| t.cards.iter().copied());
                let mode = obs.trump.unwrap();
                let situation = DifferenzlerSituation {
                    play: crate::play_model::PlaySituation {
                        seat: seat as u8,
                        hand: obs.hand,
                        legal,
                        leader: obs.trick_leader,
                        trick: &trick,
                        gone: gone.chain(trick.iter().copied()).collect(),
                        mode,
                        points: PointTable::new(mode, o.undenufe_eleven),
                        choosers: false,
                        partners: false,
                        tricks_done: obs.tricks.len(),
                        seats: 4,
                    },
                    need: crate::rule_differenzler::need(&obs, &o),
                };
                DifferenzlerAction::Play {
                    card: PLAY_MODEL.likeliest(&situation),
                }
            },
        );
        assert!(judged > 100, "{judged}");
        // 778 of 816 (95%) when written.
        assert!(right * 100 > judged * 85, "{right} of {judged}");
    }

    /// In games of rule players the true hands explain (nearly) every card the others played.
    #[test]
    fn the_rule_players_own_cards_are_explained() {
        use crate::test_games::played_games;
        for o in [
            DifferenzlerOptions::default(),
            DifferenzlerOptions {
                weis: true,
                stoeck: true,
                trick_rules: TrickRules::Strict,
                ..DifferenzlerOptions::default()
            },
            DifferenzlerOptions {
                announcements: jass_core::differenzler::Announcements::Open,
                ..DifferenzlerOptions::default()
            },
        ] {
            let player = SamplingDifferenzler::new(o, 0);
            let (mut misses, mut judged, mut open) = (0, 0, 0);
            played_games(
                || Differenzler::new(o).unwrap(),
                &mut RuleDifferenzler::new(o),
                6,
                2000,
                |g, seat, _| {
                    let obs = g.observe(seat);
                    if obs.phase == DifferenzlerPhase::Play && !obs.tricks.is_empty() {
                        let truth = g.hands();
                        let w = player.world(&obs, obs.trump.unwrap(), truth, None);
                        let history =
                            PlayHistory::new(obs.seat, &obs.tricks, obs.trick_leader, &obs.trick);
                        misses += player.misses(&obs, &history, &truth, &w);
                        judged += obs.tricks.len() as u32 * 3;
                        // The open announcements are the rule player's for the hands dealt.
                        let dealt = history.dealt(&truth);
                        assert_eq!(player.announcement_misses(&obs, &dealt), 0);
                        open += obs.announcements.iter().flatten().count() - 1;
                    }
                },
            );
            assert!(judged > 3000, "{judged}");
            assert!(misses * 50 < judged, "{misses} of {judged}");
            if o.announcements == jass_core::differenzler::Announcements::Open {
                assert!(open > 1000, "{open}");
            }
        }
    }

    #[test]
    fn the_last_announcement_plays_for_the_game() {
        let o = DifferenzlerOptions::default();
        // Three worlds in which the seat takes 40 and two in which it takes 70; the best of the
        // others ends the game at 20 and the seat has 0 so far: it wins with a penalty under 20.
        let world = |taken| (taken, 3u8, [0, 20, 25, 30]);
        let outcomes = [world(40), world(40), world(40), world(70), world(70)];
        // The median, 40, wins only the three worlds; 51 to 59 win all five, 51 is nearest.
        assert_eq!(announcement_for_the_game(&o, &outcomes, 0, 0, 40), 51);
        // Far ahead every number wins: the median stays.
        assert_eq!(announcement_for_the_game(&o, &outcomes, 0, -500, 40), 40);
        // Hopelessly behind nothing wins: the median stays.
        assert_eq!(announcement_for_the_game(&o, &outcomes, 0, 500, 40), 40);
        // A tie for the lowest total shares the win.
        assert_eq!(win_share(&[10, 10, 12, 30], 0), 6);
        assert_eq!(win_share(&[10, 10, 12, 30], 2), 0);
        assert_eq!(win_share(&[9, 10, 12, 30], 0), 12);
    }
}

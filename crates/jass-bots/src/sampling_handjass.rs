//! A sampling Handjass player (perfect-information Monte Carlo with rollouts). Every player is for
//! himself, and some cards lie out of play (the blind, the stock, discards, dropped hands), so the
//! exact two-team solver does not fit: every legal card is judged by playing the deal out in
//! sampled worlds with the rule player's card play or the learned model's (below) for everyone at
//! the table, and scoring the deal
//! as the engine does (the two best scores at or above the threshold a stroke each, the whole
//! strokes to a sole player above it, a potato below it; equal scores share the strokes they
//! contest). The card with the best average of the deal's worth to its own seat is played: the
//! chance of a good end of the game after the deal (not to be the last one short of the target,
//! or with 004's scoring to be the first there; [`crate::handjass_game_end`]), or with
//! `game_end` off the seat's strokes minus potatoes.
//!
//! The others are read and played out seat by seat (`adapt`, on by default since 2026-12-04):
//! each by whichever of the rule card play and the learned Handjass play model
//! ([`crate::play_model_handjass`]) explains its cards so far, this seat's play-outs by the
//! model.
//!
//! The worlds agree with what the seat has seen: the cards played, voids and the other inferences
//! of the trick rules (strict, or 002's heading rules), where the turned card lies, and the scoring
//! Weis shown after the first trick; every card it has not seen is in a hand at the table or out of
//! play, in the right numbers.
//!
//! The decisions before the card play are sampled too (`decision_samples` worlds, 0 = the rule
//! player's choice): stay, drop out or take the blind, the six exchange and agreement (not in the
//! 12-card deal), and with `bessern_samples` worlds (default 0: the rule player's) Bessern or the
//! hand kept and each of the three discards. In each world the unseen cards are dealt where they
//! may lie, the deal is rebuilt in the engine (a game of the seats at the table, numbered from
//! Vorhand) with the decisions so far made again (the other seats' Bessern discards at random),
//! and every option is played out by the engine, the card play by the learned model for every
//! seat (`decision_model`, on by default since 2026-12-05; off: the rule card play) and the other
//! decisions by the rule player, and scored by the engine's outcome (the chance of a good end of
//! the game from the slate it leaves, or strokes minus potatoes). Weis is the rule player's.

use jass_core::deal::{shuffle, uniform_below};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::handjass::{
    pack_for, Handjass, HandjassAction, HandjassDeal, HandjassObservation, HandjassOptions, Layout,
    Phase, SixExchange, SmallDeal, StrokeCount, TurnedCardPlace,
};
use jass_core::weis::STOECK_POINTS;
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, Rank, UndenufeEleven};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::handjass_game_end::GameEnd;
use crate::inference::{keep_adapted, read_worlds, read_worlds_weighed, Inference, SeatFit};
use crate::pimc::{deal_unknown, excluded_by_play, MAX_SEATS};
use crate::play_common::take_points;
use crate::play_model::PlaySituation;
use crate::play_model_handjass::{HandjassPlayModel, HandjassSituation};
use crate::rollout::{Rollout, RolloutTable};
use crate::rule_handjass::RuleHandjass;
use crate::worlds::stoeck_holder;
use jass_solver::SoloSolver;
use std::collections::HashMap;
use std::sync::Mutex;

/// The sampling Handjass player.
pub struct SamplingHandjass {
    options: HandjassOptions,
    samples: usize,
    rule: RuleHandjass,
    rng: Xoshiro256PlusPlus,
    sampled: u64,
    decision_samples: usize,
    bessern_samples: usize,
    sampled_before_play: u64,
    /// Reading the others' cards from their play ([`crate::inference`]).
    inference: Inference,
    /// Threads that play out the worlds of one decision, and an optional cap on its time
    /// ([`SamplingHandjass::with_threads`]).
    threads: usize,
    time_budget: Option<std::time::Duration>,
    /// Judge a deal by the chance of a good end of the game it leaves ([`GameEnd`]) instead of
    /// its strokes minus potatoes.
    game_end: bool,
    /// Tricks left from which a world's play-out is solved exactly (0: rule play to the end).
    exact_tricks: u32,
    /// Tricks left from which this seat's cards in a play-out are its best reply to the others'
    /// rule play (0: off; before `exact_tricks`).
    reply_tricks: u32,
    /// The play-outs play the learned Handjass play model's likeliest card for every seat
    /// instead of the rule card play ([`SamplingHandjass::with_playout_model`]).
    playout_model: bool,
    /// The play-outs of the decisions before the card play play the learned model's likeliest
    /// card for every seat instead of the rule card play
    /// ([`SamplingHandjass::with_decision_model`]).
    decision_model: bool,
}

/// The shipped Handjass play model.
static PLAY_MODEL: HandjassPlayModel = crate::play_model_handjass::builtin();

/// The learned model's view of the seat to play in `r`: its need to reach `threshold` and its
/// lead over the best of the others, by their trick points so far.
fn rollout_situation(r: &Rollout, threshold: u32) -> HandjassSituation<'_> {
    let me = r.mover();
    let t = r.table();
    let mine = r.taken(me) as i32;
    let best_other = t
        .seats
        .seats()
        .iter()
        .filter(|&&s| s != me)
        .map(|&s| r.taken(s) as i32)
        .max()
        .unwrap_or(0);
    HandjassSituation {
        play: r.situation(),
        need: threshold as i32 - mine,
        ahead: mine - best_other,
    }
}

/// The points a stroke needs in the deal of `obs` (the 12-card deal's own threshold, if any).
fn deal_threshold(options: &HandjassOptions, obs: &HandjassObservation) -> u32 {
    if options.small_deal == SmallDeal::Twelve && obs.table.len() <= 3 {
        options.twelve_threshold.unwrap_or(options.threshold)
    } else {
        options.threshold
    }
}

/// What the learned model reads of the observing seat's standing in the card play of `obs`, as
/// [`rollout_situation`] does in a play-out: the trick points it still needs to reach the
/// threshold, and its trick points minus the most another seat at the table has taken.
fn need_and_lead(obs: &HandjassObservation, options: &HandjassOptions) -> (i32, i32) {
    let taken = takings(obs).0.map(|p| p as i32);
    let mine = taken[obs.seat as usize];
    let best_other = obs
        .playing
        .iter()
        .filter(|&&s| s != obs.seat)
        .map(|&s| taken[s as usize])
        .max()
        .unwrap_or(0);
    (
        deal_threshold(options, obs) as i32 - mine,
        mine - best_other,
    )
}

/// Every card played in the deal of `obs` so far, in order (the trick in progress last).
fn played_in(obs: &HandjassObservation) -> impl Iterator<Item = Card> + '_ {
    let done = obs.tricks.iter().flat_map(|t| t.cards.iter().copied());
    done.chain(obs.trick.iter().copied())
}

/// The learned model's view of the observing seat's card decision in `obs` with these `legal`
/// cards (two or more) in a trick of mode `mode`, as [`rollout_situation`] reads it in a
/// play-out and the training read it ([`crate::play_model_train`]).
pub(crate) fn observed_situation<'a>(
    obs: &'a HandjassObservation,
    legal: CardSet,
    mode: Mode,
    options: &HandjassOptions,
) -> HandjassSituation<'a> {
    let (need, ahead) = need_and_lead(obs, options);
    let gone = played_in(obs).collect();
    HandjassSituation {
        play: PlaySituation {
            seat: obs.seat,
            hand: obs.hand,
            legal,
            leader: obs.trick_leader,
            trick: &obs.trick,
            gone,
            mode,
            points: PointTable::new(mode, UndenufeEleven::Ace),
            choosers: false,
            partners: false,
            tricks_done: obs.tricks.len(),
            seats: obs.playing.len() as u8,
        },
        need,
        ahead,
    }
}

/// The learned model's likeliest card for `seat` in the engine's state `g` of a play-out (its
/// own view), if it is the card play and `legal` holds two or more cards.
fn model_card_in(
    g: &Handjass,
    seat: usize,
    legal: CardSet,
    options: &HandjassOptions,
) -> Option<Card> {
    if legal.len() < 2 {
        return None;
    }
    let obs = g.observe(seat);
    let mode = obs.trump.filter(|_| obs.phase == Phase::Play)?;
    Some(PLAY_MODEL.likeliest(&observed_situation(&obs, legal, mode, options)))
}

/// The trick points and the tricks each seat has taken so far in `obs`.
fn takings(obs: &HandjassObservation) -> ([u32; MAX_SEATS], [u8; MAX_SEATS]) {
    let mut taken = [0u32; MAX_SEATS];
    let mut tricks = [0u8; MAX_SEATS];
    for t in &obs.tricks {
        taken[t.winner as usize] += t.points;
        tricks[t.winner as usize] += 1;
    }
    (taken, tricks)
}

/// Every seat's bit: all play-outs by the learned model.
const ALL_SEATS: u8 = (1 << MAX_SEATS) - 1;

/// The play-outs' card for the seat to play in `r`: the learned model's likeliest card if its
/// bit is in `model_seats`, else the rule card play's.
fn playout_card(r: &Rollout, model_seats: u8, threshold: u32) -> Card {
    let legal = r.legal();
    if model_seats & (1 << r.mover()) == 0 || legal.len() < 2 {
        return take_points(&r.view());
    }
    PLAY_MODEL.likeliest(&rollout_situation(r, threshold))
}

/// One world of a decision before the card play: the engine's state at this seat's decision, with
/// the unseen cards dealt at random and the earlier decisions of the deal made again.
struct PrePlayWorld {
    state: Handjass,
    /// This seat in the world's game.
    me: u8,
}

/// What a seat knows of a deal's cards before the card play, as dealt: its hand and the cards
/// it laid away, with the six of trumps and the turned card swapped back if the six was
/// exchanged (the exchange swapped just these two cards), and, when another seat exchanged it,
/// that seat's world seat and the six; and the world seats that took their Bessern (bit mask).
struct Seen {
    hand: CardSet,
    laid_away: CardSet,
    turned: Card,
    six_at: Option<(usize, Card)>,
    took_bessern: u8,
}

/// The card play of a deal so far, to judge a world by: how many of the others' cards would the
/// rule player (`take_points`) have chosen otherwise, holding that world's hands?
struct PlayRead {
    /// The seats, mode and rules of the deal's card play.
    table: RolloutTable,
    /// Who led the deal's first card.
    first_leader: u8,
    /// The cards played so far, in order.
    cards: Vec<Card>,
    /// Each seat's cards among them.
    played_by: [CardSet; MAX_SEATS],
    /// The observer (its own cards are not judged).
    me: u8,
    /// The turned card when everyone saw it go out of play.
    public: CardSet,
    /// The deal's first card was led by the blind's taker, who may not lead the blind's
    /// face-up card (000; the engine's `first_lead_withheld`).
    withheld_lead: bool,
}

impl PlayRead {
    /// The card play seen in `obs`, among the seats of `order` (in playing order); `None` if a
    /// trick's leader is not among them.
    fn new(
        obs: &HandjassObservation,
        options: &HandjassOptions,
        order: &[u8],
        mode: Mode,
    ) -> Option<Self> {
        let mut played_by = [CardSet::EMPTY; MAX_SEATS];
        let led = obs.tricks.iter().map(|t| (t.leader, &t.cards[..]));
        for (leader, cards) in led.chain([(obs.trick_leader, &obs.trick[..])]) {
            let first = order.iter().position(|&s| s == leader)?;
            for (i, &c) in cards.iter().enumerate() {
                played_by[order[(first + i) % order.len()] as usize].insert(c);
            }
        }
        let table = RolloutTable::new(
            order,
            mode,
            PointTable::new(mode, UndenufeEleven::Ace),
            options.trick_rules,
            options.last_trick_bonus,
        );
        let first_leader = obs.tricks.first().map_or(obs.trick_leader, |t| t.leader);
        let cards = played_in(obs).collect();
        Some(PlayRead {
            table,
            first_leader,
            cards,
            played_by,
            me: obs.seat,
            public: RuleHandjass::out_of_play_seen(obs),
            withheld_lead: options.withhold_indicator
                && obs.blind_taker.is_some_and(|t| t == first_leader),
        })
    }

    /// The others' cards the rule player would have chosen otherwise in the world `hands` (the
    /// hands now).
    fn misses(&self, hands: &[CardSet; MAX_SEATS]) -> u32 {
        let mut misses = 0;
        self.replay_others(hands, |r, c| {
            if self.rule_card(r) != c {
                misses += 1;
            }
        });
        misses
    }

    /// The rule card play's card for the seat to play in a replay (seeing the cards everyone
    /// saw go out of play).
    fn rule_card(&self, r: &Rollout) -> Card {
        let mut v = r.view();
        v.seen |= self.public;
        take_points(&v)
    }

    /// The log-probability, by the learned play model, of the others' past cards in the world
    /// `hands` (the hands now), each seat aiming at `threshold`: the deal replayed from its
    /// first card with the world's hands.
    fn log_likelihood(&self, hands: &[CardSet; MAX_SEATS], threshold: u32) -> f64 {
        let mut sum = 0.0;
        self.replay_others(hands, |r, c| {
            sum += PLAY_MODEL.log_prob(&rollout_situation(r, threshold), c);
        });
        sum
    }

    /// How well the rule card play and the learned model explain each other seat's past cards
    /// in the world `hands` (the hands now), each seat aiming at `threshold` (the adaptive
    /// reading, [`SamplingHandjass::with_adapt`]).
    fn seat_fits(&self, hands: &[CardSet; MAX_SEATS], threshold: u32) -> [SeatFit; MAX_SEATS] {
        let mut fits = [SeatFit::default(); MAX_SEATS];
        self.replay_others(hands, |r, c| {
            fits[r.mover() as usize].add(
                self.rule_card(r) == c,
                r.legal().len(),
                PLAY_MODEL.log_prob(&rollout_situation(r, threshold), c),
            );
        });
        fits
    }

    /// Replays the deal from its first card with the world's hands (the hands now `hands`) and
    /// calls `f` with the replay before each past card of another seat that had two or more
    /// legal cards, and that card.
    fn replay_others(&self, hands: &[CardSet; MAX_SEATS], f: impl FnMut(&Rollout, Card)) {
        let dealt = std::array::from_fn(|s| hands[s] | self.played_by[s]);
        let mut replay = self.table.rollout(&dealt, self.first_leader, &[]);
        let mut cards = self.cards.iter().copied();
        if self.withheld_lead {
            // Not judged: the card withheld from the first lead narrowed the choice.
            if let Some(first) = cards.next() {
                replay.play(first);
            }
        }
        replay.replay_each(cards, self.me, f);
    }
}

/// What a seat knows of the cards it cannot see, in the form the sampler deals from.
struct Hidden {
    /// Seats at the table in playing order.
    order: Vec<u8>,
    /// Cards known to be in each seat's hand (its own hand, shown Weis, the turned card).
    known: [CardSet; MAX_SEATS],
    /// Holders of unknown cards: the other playing seats, then the cards out of play.
    holders: Vec<u8>,
    possible: Vec<CardSet>,
    need: Vec<u32>,
    unknown: CardSet,
}

impl Hidden {
    /// A world: the unknown cards dealt at random where they may lie (20 tries), and each
    /// playing seat's hand (the cards out of play are left out).
    fn world<R: RngCore>(&self, rng: &mut R) -> Option<[CardSet; MAX_SEATS]> {
        let got =
            (0..20).find_map(|_| deal_unknown(self.unknown, &self.possible, &self.need, rng))?;
        let mut hands = self.known;
        for (i, &s) in self.holders.iter().enumerate() {
            if s != u8::MAX {
                hands[s as usize] |= got[i];
            }
        }
        Some(hands)
    }
}

/// What a deal is worth to the deciding seat when the end of the game counts: the chance of a
/// good end from everyone's net strokes after it ([`GameEnd`]), remembered by the deal's
/// strokes (a decision's worlds end in few different ones).
struct GameJudge {
    model: GameEnd,
    /// The seats still in the game and their net strokes before the deal.
    seats: Vec<u8>,
    nets: Vec<i32>,
    /// The deciding seat's place in `seats`.
    me: usize,
    /// The multiplier of this deal's strokes and potatoes (Berner Handjass).
    multiplier: i32,
    memo: Mutex<HashMap<[i8; MAX_SEATS], f64>>,
}

impl GameJudge {
    /// `None` if the deciding seat is not in the game (then the deal's strokes count).
    fn new(options: &HandjassOptions, obs: &HandjassObservation) -> Option<GameJudge> {
        let seats = obs.active.clone();
        let me = seats.iter().position(|&s| s == obs.seat)?;
        let nets = seats
            .iter()
            .map(|&s| obs.slate.get(s as usize).copied())
            .collect::<Option<Vec<i32>>>()?;
        let multiplier = obs
            .trump
            .and_then(|m| m.trump())
            .map_or(1, |t| options.multipliers.of(t)) as i32;
        Some(GameJudge {
            model: GameEnd::new(options, obs.table.len(), seats.len()),
            seats,
            nets,
            me,
            multiplier,
            memo: Mutex::new(HashMap::new()),
        })
    }

    /// The chance of a good end after a deal that gives each seat `strokes` (a potato -1).
    fn after_strokes(&self, strokes: &[i32; MAX_SEATS]) -> f64 {
        let key: [i8; MAX_SEATS] = std::array::from_fn(|s| strokes[s] as i8);
        if let Some(&v) = self.memo.lock().expect("not poisoned").get(&key) {
            return v;
        }
        let nets: Vec<i32> = self
            .seats
            .iter()
            .zip(&self.nets)
            .map(|(&s, &n)| n + self.multiplier * strokes[s as usize])
            .collect();
        let v = self.model.good_chance(&nets, self.me);
        self.memo.lock().expect("not poisoned").insert(key, v);
        v
    }

    /// The chance of a good end after the deal a world's game has just finished (the engine's
    /// slate: seat `w` of the world is `table[w]`; the seats not at the table keep theirs).
    fn after_world(&self, state: &Handjass, table: &[u8]) -> f64 {
        let world = state.slate();
        let nets: Vec<i32> = self
            .seats
            .iter()
            .zip(&self.nets)
            .map(|(&s, &n)| match table.iter().position(|&t| t == s) {
                Some(w) => world.get(w).copied().unwrap_or(n),
                None => n,
            })
            .collect();
        self.model.good_chance(&nets, self.me)
    }
}

impl SamplingHandjass {
    /// Worlds per card decision by default.
    pub const DEFAULT_SAMPLES: usize = 400;

    /// Worlds per decision before the card play by default.
    pub const DEFAULT_DECISION_SAMPLES: usize = 32;

    /// A player for a game with these options; `seed` fixes its worlds.
    pub fn new(options: HandjassOptions, seed: u64) -> Self {
        Self::with_samples(options, Self::DEFAULT_SAMPLES, seed)
    }

    /// A player drawing `samples` worlds per card decision.
    pub fn with_samples(options: HandjassOptions, samples: usize, seed: u64) -> Self {
        SamplingHandjass {
            options,
            samples,
            rule: RuleHandjass::new(options),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            sampled: 0,
            decision_samples: Self::DEFAULT_DECISION_SAMPLES,
            bessern_samples: 0,
            sampled_before_play: 0,
            inference: Inference {
                percent: Self::DEFAULT_INFER,
                pool: Self::DEFAULT_INFER_POOL,
                eleven: UndenufeEleven::Ace,
                belief: 0,
                adapt: Self::DEFAULT_ADAPT,
                adapt_odds: 1,
                model: &crate::inference::PLAY_MODEL,
            },
            threads: 1,
            time_budget: None,
            game_end: true,
            exact_tricks: 0,
            reply_tricks: Self::DEFAULT_REPLY_TRICKS,
            playout_model: false,
            decision_model: Self::DEFAULT_DECISION_MODEL,
        }
    }

    /// The same player playing out its card decisions' worlds with the learned Handjass play
    /// model's likeliest card for every seat ([`crate::play_model_handjass`]; until this seat's
    /// best reply, where the others' cards stay the model's) instead of the rule card play
    /// (without the adaptive reading, which chooses the seats played out by the model).
    pub fn with_playout_model(mut self, on: bool) -> Self {
        self.playout_model = on;
        self
    }

    /// The play-outs of the decisions before the card play by the learned model, by default
    /// (2026-12-05, issue 42: against the player without it +0.028 ± 0.009 strokes minus
    /// potatoes a deal with four players, +0.043 ± 0.009 with five, +0.040 ± 0.013 with two,
    /// +0.000 ± 0.014 with three; against the rule player level; docs/lab/2026-12-05-handjass-decisions.md).
    pub const DEFAULT_DECISION_MODEL: bool = true;

    /// The same player playing out the worlds of its decisions before the card play (stay, drop
    /// out or take the blind, the six of trumps, agreement, Bessern) with the learned Handjass
    /// play model's likeliest card for every seat, itself included, instead of the rule card
    /// play (Weis and the others' decisions before the play stay the rule player's).
    pub fn with_decision_model(mut self, on: bool) -> Self {
        self.decision_model = on;
        self
    }

    /// The adaptive reading ([`Self::with_adapt`]) by default (2026-12-04, issue 42: +0.079 ±
    /// 0.009 strokes minus potatoes a deal against the player without it, four players; against
    /// the rule player +0.412 as without it; docs/lab/2026-12-04-handjass-model.md).
    pub const DEFAULT_ADAPT: bool = true;

    /// The same player telling rule-like players from the others
    /// ([`crate::DifferenzlerSettings::adapt`]): each other seat's past cards are explained
    /// both by the rule card play and by the learned Handjass play model over the drawn worlds,
    /// and the likelier explanation (the rule card play only when `odds` times likelier) reads
    /// that seat's cards and plays its cards in the play-outs; this seat's play-outs by the
    /// model. Needs `infer` below 100; in place of `belief` and `playout_model`.
    pub fn with_adapt(mut self, on: bool, odds: u32) -> Self {
        self.inference.adapt = on;
        self.inference.adapt_odds = odds.max(1);
        self
    }

    /// The same player reading the others' cards by the learned Handjass play model instead of
    /// the rule card play's misses: a world weighs the model's probability of every past card of
    /// another seat, holding that world's hands, to the power `percent` percent (0: off;
    /// reading needs `infer` below 100; the adaptive reading, on by default, reads in its
    /// place).
    pub fn with_belief(mut self, percent: u32) -> Self {
        self.inference.belief = percent;
        self
    }

    /// Tricks left from which the seat's own cards in a play-out are its best reply, by
    /// default (three players: +0.634 strokes minus potatoes a deal against the rule player
    /// instead of +0.586; docs/players.md).
    pub const DEFAULT_REPLY_TRICKS: u32 = 3;

    /// The same player playing the last `n` tricks of each world's play-out as its best reply
    /// to the others' rule card play with all hands open (each of its cards tried at each of its
    /// turns, the others' cards given by the rule play) instead of by its own rule play (0: off).
    pub fn with_reply_tricks(mut self, n: u32) -> Self {
        self.reply_tricks = n;
        self
    }

    /// The same player finishing each world's play-out with the exact solo solver from `n`
    /// tricks left (every seat playing its best for its own strokes and potatoes
    /// of the deal with all hands open, max^n) instead of the rule card play (0: rule play to
    /// the end).
    pub fn with_exact_tricks(mut self, n: u32) -> Self {
        self.exact_tricks = n;
        self
    }

    /// The same player judging a deal by the chance of a good end of the game it leaves (on by
    /// default; off: by its strokes minus potatoes, as if the game had no end).
    pub fn with_game_end(mut self, on: bool) -> Self {
        self.game_end = on;
        self
    }

    /// The same player judging the worlds of a decision on `threads` threads (the choices are
    /// those of one thread) and, with a `budget`, only those it reaches in that time (the first
    /// always; off by default, since it makes play depend on the machine).
    pub fn with_threads(mut self, threads: usize, budget: Option<std::time::Duration>) -> Self {
        self.threads = threads.max(1);
        self.time_budget = budget;
        self
    }

    /// Reading the others' cards, by default: a world's weight in percent per card of another
    /// seat the rule player would not have chosen in it.
    pub const DEFAULT_INFER: u32 = 10;

    /// Reading the others' cards, by default: worlds drawn per world kept.
    pub const DEFAULT_INFER_POOL: usize = 4;

    /// The same player reading the others' cards from their play: a world weighs `percent`
    /// percent less for each past card of another seat that the rule player would not have
    /// chosen in it, and `pool` times the worlds needed are drawn to keep those needed by
    /// weight (100: off).
    pub fn with_inference(mut self, percent: u32, pool: usize) -> Self {
        self.inference.percent = percent.min(100);
        self.inference.pool = pool.max(1);
        self
    }

    /// The same player with `n` worlds per decision before the card play (stay, drop out or take
    /// the blind, the six of trumps, agreement); 0 leaves those decisions to the rule player.
    pub fn with_decision_samples(mut self, n: usize) -> Self {
        self.decision_samples = n;
        self
    }

    /// The same player with `n` worlds for the Bessern choice and each discard (default 0: the
    /// rule player's, which took Bessern and discarded as well as sampling did in 2000 deals,
    /// at a sixth of the time with three players; docs/players.md).
    pub fn with_bessern_samples(mut self, n: usize) -> Self {
        self.bessern_samples = n;
        self
    }

    /// `judge(i)` for the worlds `0..n` of one decision on the player's threads within its time
    /// budget ([`crate::worlds::judge_each`]): the results of the worlds reached, in order.
    fn judge<T: Send>(&self, n: usize, judge: impl Fn(usize) -> T + Sync) -> Vec<T> {
        crate::worlds::judge_each(self.threads, self.time_budget, n, judge)
    }

    /// How many decisions before the card play this player has made by sampling.
    pub fn sampled_before_play(&self) -> u64 {
        self.sampled_before_play
    }

    /// How many decisions this player has made by sampling (the others were the rule player's).
    pub fn sampled(&self) -> u64 {
        self.sampled
    }

    fn threshold(&self, obs: &HandjassObservation) -> u32 {
        deal_threshold(&self.options, obs)
    }

    fn strokes(&self, obs: &HandjassObservation) -> u32 {
        let m = obs.table.len() as u32;
        if m == 2 {
            1
        } else {
            match self.options.strokes {
                StrokeCount::Two => 2,
                StrokeCount::PlayersMinusOne => m - 1,
            }
        }
    }

    /// The seat's knowledge, or `None` if the observation does not add up (then the rule player
    /// decides).
    fn hidden(&self, obs: &HandjassObservation, mode: Mode) -> Option<Hidden> {
        let me = obs.seat;
        let order = obs.playing.clone();
        let mut tricks: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        if !obs.trick.is_empty() {
            tricks.push((obs.trick_leader, obs.trick.as_slice()));
        }
        let ex = excluded_by_play(&order, &tricks, mode, self.options.trick_rules);
        let mut played = CardSet::EMPTY;
        let mut played_by = [0u32; MAX_SEATS];
        for &(leader, cards) in &tricks {
            let start = order.iter().position(|&s| s == leader)?;
            for (i, &c) in cards.iter().enumerate() {
                played.insert(c);
                played_by[order[(start + i) % order.len()] as usize] += 1;
            }
        }
        let size = obs.hand.len() + played_by[me as usize];
        let mut known = [CardSet::EMPTY; MAX_SEATS];
        known[me as usize] = obs.hand;
        // The cards this seat laid away itself (Bessern discards, the hand given up for the
        // blind) are out of play, and it knows which.
        let mut dead_known = obs.laid_away;
        // The turned card only in the dealer's hand or among his discards.
        let mut only_with: Option<(Card, u8)> = None;
        if let (Some(c), Some(at)) = (obs.turned_card, obs.turned_card_at) {
            if !played.contains(c) && !obs.hand.contains(c) && !obs.laid_away.contains(c) {
                match at {
                    TurnedCardPlace::BlindTaker { seat } | TurnedCardPlace::Hand { seat } => {
                        if order.contains(&seat) {
                            known[seat as usize].insert(c);
                        } else {
                            dead_known.insert(c);
                        }
                    }
                    TurnedCardPlace::HandOrDiscards { seat } => only_with = Some((c, seat)),
                    TurnedCardPlace::Blind
                    | TurnedCardPlace::Stock
                    | TurnedCardPlace::Table
                    | TurnedCardPlace::Discarded { .. } => dead_known.insert(c),
                    TurnedCardPlace::Played => {}
                }
            }
        }
        if let Some((seat, melds)) = obs.weis_shown {
            if seat != me && order.contains(&seat) {
                for m in melds.iter() {
                    known[seat as usize] |= m.0 - played;
                }
            }
        }
        let all_known = known.iter().fold(dead_known, |a, &b| a | b);
        let unknown = CardSet::ALL - played - all_known;
        let mut holders = Vec::new();
        let mut possible = Vec::new();
        let mut need = Vec::new();
        for &s in &order {
            if s == me {
                continue;
            }
            let count = size.checked_sub(played_by[s as usize])?;
            let n = count.checked_sub(known[s as usize].len())?;
            let mut p = (CardSet::ALL - ex[s as usize]) & unknown;
            if let Some((c, holder)) = only_with {
                if holder != s {
                    p.remove(c);
                }
            }
            holders.push(s);
            possible.push(p);
            need.push(n);
        }
        let in_hands: u32 = need.iter().sum();
        let dead = unknown.len().checked_sub(in_hands)?;
        holders.push(u8::MAX);
        possible.push(unknown);
        need.push(dead);
        Some(Hidden {
            order,
            known,
            holders,
            possible,
            need,
            unknown,
        })
    }

    /// The places of a deal as the card play scores it, for these deal totals of the playing
    /// seats: the seats at or above the threshold from the highest total down, and the strokes
    /// of each place (the deal's strokes to the first places, the whole strokes to a sole
    /// player above the threshold with `sole_takes_all`; equal totals contest the strokes of
    /// their places). The other seats take a potato.
    fn stroke_places(
        &self,
        obs: &HandjassObservation,
        totals: &[(u8, u32)],
    ) -> (Vec<(u8, u32)>, Vec<i32>) {
        let thr = self.threshold(obs);
        let mut ok: Vec<(u8, u32)> = totals.iter().copied().filter(|t| t.1 >= thr).collect();
        ok.sort_by_key(|t| std::cmp::Reverse(t.1));
        let big_s = self.strokes(obs) as usize;
        let mut alloc = vec![0i32; ok.len()];
        for a in alloc.iter_mut().take(big_s) {
            *a = 1;
        }
        if !ok.is_empty() && ok.len() < big_s && self.options.sole_takes_all {
            alloc[0] += (big_s - ok.len()) as i32;
        }
        (ok, alloc)
    }

    /// Strokes minus potatoes of `me` for these deal totals of the playing seats (equal totals
    /// share the strokes they contest).
    fn slate_value(&self, obs: &HandjassObservation, totals: &[(u8, u32)], me: u8) -> f64 {
        let (ok, alloc) = self.stroke_places(obs, totals);
        let Some(mine) = ok.iter().find(|t| t.0 == me).map(|t| t.1) else {
            return -1.0;
        };
        // My places: those with my total.
        let places: Vec<usize> = (0..ok.len()).filter(|&i| ok[i].1 == mine).collect();
        places.iter().map(|&i| alloc[i] as f64).sum::<f64>() / places.len() as f64
    }

    /// Every seat's strokes of the deal (a potato -1) for these deal totals of the playing
    /// seats, scored as [`SamplingHandjass::slate_value`] scores one seat's, with the strokes
    /// that equal totals contest going round among them (each way equally likely): the
    /// outcomes and their chances.
    fn deal_strokes(
        &self,
        obs: &HandjassObservation,
        totals: &[(u8, u32)],
    ) -> Vec<([i32; MAX_SEATS], f64)> {
        let (ok, alloc) = self.stroke_places(obs, totals);
        let mut base = [0i32; MAX_SEATS];
        for &(s, _) in totals {
            if !ok.iter().any(|t| t.0 == s) {
                base[s as usize] = -1;
            }
        }
        let mut outcomes = vec![(base, 1.0)];
        let mut i = 0;
        while i < ok.len() {
            let j = i + ok[i..].iter().take_while(|t| t.1 == ok[i].1).count();
            let g = j - i;
            let turns = if alloc[i..j].iter().all(|&a| a == alloc[i]) {
                1
            } else {
                g
            };
            let mut next = Vec::with_capacity(outcomes.len() * turns);
            for (o, w) in &outcomes {
                for r in 0..turns {
                    let mut o2 = *o;
                    for x in 0..g {
                        o2[ok[i + x].0 as usize] = alloc[i + (x + r) % g];
                    }
                    next.push((o2, w / turns as f64));
                }
            }
            outcomes = next;
            i = j;
        }
        outcomes
    }

    fn sampled_card(&mut self, obs: &HandjassObservation, legal: CardSet) -> Option<Card> {
        if legal.len() < 2 {
            return legal.iter().next();
        }
        let mode = obs.trump?;
        let me = obs.seat;
        let h = self.hidden(obs, mode)?;
        let n = h.order.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return None;
        }
        let rules = self.options.meld_rules();
        let weis = obs.weis_shown.map(|(s, m)| (s, m.points(mode, &rules)));
        let (taken, tricks) = takings(obs);
        let read = PlayRead::new(obs, &self.options, &h.order, mode)?;
        let played_by = read.played_by;
        let played = CardSet::from_cards(read.cards.iter().copied());
        let game = self
            .game_end
            .then(|| GameJudge::new(&self.options, obs))
            .flatten();
        // The worlds: drawn at random, or `pool` times as many kept by how well the rule
        // player's card play explains the others' cards in them.
        let threshold = self.threshold(obs);
        let evidence = !played.is_empty();
        let inference = self.inference;
        let reading = inference.percent < 100 && evidence;
        let all_model = if self.playout_model { ALL_SEATS } else { 0 };
        // The worlds, and the seats whose play-outs the learned model plays.
        let (worlds_kept, model_seats) = if inference.adapt && reading {
            // Each other seat read and played out by whichever of the rule card play and the
            // model explains its cards (the rule card play only when `adapt_odds` times better).
            let pool: Vec<[CardSet; MAX_SEATS]> = (0..self.samples * inference.pool.max(1))
                .filter_map(|_| h.world(&mut self.rng))
                .collect();
            let fits: Vec<([SeatFit; MAX_SEATS], f64)> = pool
                .iter()
                .map(|w| (read.seat_fits(w, threshold), 0.0))
                .collect();
            let ln_eps = (inference.percent as f64 / 100.0).ln();
            let (odds, n) = (inference.adapt_odds, self.samples);
            keep_adapted(&mut self.rng, &pool, &fits, n, me as usize, odds, ln_eps)
        } else if inference.belief > 0 && reading {
            let beta = inference.belief as f64 / 100.0;
            let kept = read_worlds_weighed(
                &mut self.rng,
                self.samples,
                &inference,
                |rng| h.world(rng),
                |hands| beta * read.log_likelihood(hands, threshold),
            );
            (kept, all_model)
        } else {
            let kept = read_worlds(
                &mut self.rng,
                self.samples,
                &inference,
                evidence,
                |rng| h.world(rng),
                |hands| read.misses(hands),
            );
            // Adapting without a card of the others yet: every seat the model's.
            (
                kept,
                if inference.adapt {
                    ALL_SEATS
                } else {
                    all_model
                },
            )
        };
        let per_world = self.judge(worlds_kept.len(), |i| {
            let hands = worlds_kept[i];
            // Points beyond the tricks: the scoring Weis, and Stöck (scored or held).
            let mut extra = [0u32; MAX_SEATS];
            if let Some((s, p)) = weis {
                extra[s as usize] += p;
            }
            if self.options.stoeck {
                if let Some(s) = obs.stoeck {
                    extra[s as usize] += STOECK_POINTS;
                } else if let Some(t) = mode.trump() {
                    let held: [CardSet; MAX_SEATS] =
                        std::array::from_fn(|s| hands[s] | played_by[s]);
                    if let Some(s) = stoeck_holder(&held, t) {
                        extra[s] += STOECK_POINTS;
                    }
                }
            }
            let base = read
                .table
                .rollout(&hands, obs.trick_leader, &obs.trick)
                .with_taken(&taken, &tricks)
                .with_played(played);
            // One table for the cards of this world (the same hands and measures).
            let mut solver = SoloSolver::new();
            // Each seat's measure of a deal's end when solved exactly: its strokes minus
            // potatoes (equal totals share what they contest), in thousandths.
            // (Many lines end with the same points: each is scored once.)
            let scored = std::cell::RefCell::new(rustc_hash::FxHashMap::default());
            let measure = |taken: &[u32; MAX_SEATS], _: &[u8; MAX_SEATS]| {
                *scored.borrow_mut().entry(*taken).or_insert_with(|| {
                    let finals: Vec<(u8, u32)> = h
                        .order
                        .iter()
                        .map(|&s| (s, taken[s as usize] + extra[s as usize]))
                        .collect();
                    let mut u = [0i32; MAX_SEATS];
                    for &s in &h.order {
                        u[s as usize] = (1000.0 * self.slate_value(obs, &finals, s)).round() as i32;
                    }
                    u
                })
            };
            // What the end of a play-out is worth to this seat: the chance of a good end of
            // the game, or its strokes minus potatoes.
            let worth = |r: &Rollout| -> f64 {
                let finals: Vec<(u8, u32)> = h
                    .order
                    .iter()
                    .map(|&s| (s, r.taken(s) + extra[s as usize]))
                    .collect();
                match &game {
                    Some(j) => self
                        .deal_strokes(obs, &finals)
                        .iter()
                        .map(|(o, w)| w * j.after_strokes(o))
                        .sum(),
                    None => self.slate_value(obs, &finals, me),
                }
            };
            legal
                .iter()
                .map(|c| {
                    let mut r = base;
                    r.play(c);
                    while !r.done() {
                        if r.cards_left() <= self.reply_tricks * n as u32 {
                            // This seat's best reply to the others' rule play, all hands open
                            // (the worth in millionths, to compare the lines).
                            let policy = |r: &Rollout| playout_card(r, model_seats, threshold);
                            let score = |r: &Rollout| (worth(r) * 1e6).round() as i64;
                            r.finish_best_reply(me, &policy, &score);
                            break;
                        }
                        if r.cards_left() <= self.exact_tricks * n as u32
                            && r.finish_exact(&mut solver, measure)
                        {
                            break;
                        }
                        let card = playout_card(&r, model_seats, threshold);
                        r.play(card);
                    }
                    (c, worth(&r))
                })
                .collect::<Vec<_>>()
        });
        if per_world.is_empty() {
            return None;
        }
        // Summed in the order of the worlds, as one thread would.
        let mut totals = [0f64; 64];
        for (c, v) in per_world.into_iter().flatten() {
            totals[c.index()] += v;
        }
        legal
            .iter()
            .max_by(|a, b| totals[a.index()].total_cmp(&totals[b.index()]))
    }

    /// The options of a world's game: the seats at the table, numbered from Vorhand (seat 0 of the
    /// world is this deal's Vorhand), with this game's rules.
    fn world_options(&self, m: usize) -> HandjassOptions {
        HandjassOptions {
            players: m as u8,
            ..self.options
        }
    }

    /// A world for a decision before the card play: the engine's state of the deal at this
    /// seat's decision, the cards it has not seen dealt at random where they may lie, and the
    /// earlier decisions of the deal made again (Bessern taken or kept, with the discards, the
    /// choices to stay, drop out or take the blind, the six of trumps kept or exchanged,
    /// agreement). `None` in the 12-card deal, or if the observation does not fit a deal (then
    /// the rule player decides).
    fn pre_play_world(&mut self, obs: &HandjassObservation) -> Option<PrePlayWorld> {
        if !obs.tricks.is_empty() || !obs.trick.is_empty() {
            return None;
        }
        let m = obs.table.len();
        if !(2..=MAX_SEATS).contains(&m) {
            return None;
        }
        let layout = Layout::of(m, self.options.small_deal);
        if matches!(layout, Layout::Twelve3 | Layout::Twelve2) {
            // The 12-card deal is the rule player's: sampled, three players gained a little
            // but one decision took up to half a second (000's agreement is checked by an
            // exact play-out of two 12-card hands), and two players lost (docs/players.md).
            return None;
        }
        let me_real = obs.seat;
        let me = obs.table.iter().position(|&s| s == me_real)? as u8;
        let turned = obs.turned_card?;
        let mut seen = Seen {
            hand: obs.hand,
            laid_away: obs.laid_away,
            turned,
            six_at: None,
            took_bessern: obs
                .table
                .iter()
                .enumerate()
                .filter(|(_, s)| obs.bessern.contains(s))
                .fold(0, |a, (i, _)| a | 1 << i),
        };
        if let Some(x) = obs.six_by {
            let six = Card::new(turned.suit(), Rank::Six);
            let swap = |set: CardSet| match (set.contains(turned), set.contains(six)) {
                (true, false) => (set - CardSet::single(turned)) | CardSet::single(six),
                (false, true) => (set - CardSet::single(six)) | CardSet::single(turned),
                _ => set,
            };
            seen.hand = swap(obs.hand);
            seen.laid_away = swap(obs.laid_away);
            if x != me_real {
                seen.six_at = Some((obs.table.iter().position(|&s| s == x)?, six));
            }
        }
        let world = if layout.bessern() {
            self.bessern_deal(obs, &seen, layout, me as usize)?
        } else {
            self.plain_deal(obs, &seen, layout, me as usize)?
        };
        let mut state = Handjass::new(self.world_options(m)).ok()?;
        let slate: Vec<i32> = obs
            .table
            .iter()
            .map(|&s| obs.slate.get(s as usize).copied().unwrap_or(0))
            .collect();
        state.set_slate(&slate).ok()?;
        state.deal(world).ok()?;
        let took_mask = seen.took_bessern;
        // The earlier decisions of this deal, as they were made.
        let mut list = ActionList::new();
        for _ in 0..8 * MAX_SEATS {
            let ToMove::Seat(s) = state.to_move() else {
                return None;
            };
            let phase = state.phase();
            if s == me as usize
                && phase == obs.phase
                && (phase != Phase::Bessern
                    || state.hands()[s] == obs.hand
                        && state.bessern_mask() & (1 << s) == took_mask & (1 << s))
            {
                return Some(PrePlayWorld { state, me });
            }
            let real = obs.table[s];
            state.legal_actions(&mut list);
            let a = match phase {
                Phase::Bessern => match list.get(0) {
                    // This seat's discards as it made them, the others' at random: their hands
                    // are not inferred from their choices (as the rule player would discard,
                    // their hands came out stronger than the play shows: measured weaker).
                    HandjassAction::Discard { .. } => {
                        let hand = state.hands()[s];
                        let card = if s == me as usize {
                            (seen.laid_away & hand).iter().next()?
                        } else {
                            hand.nth(uniform_below(&mut self.rng, hand.len()))
                        };
                        HandjassAction::Discard { card }
                    }
                    _ if took_mask & (1 << s) != 0 => HandjassAction::Bessern,
                    _ => HandjassAction::KeepHand,
                },
                Phase::Six if obs.six_by == Some(real) => HandjassAction::ExchangeSix,
                Phase::Six => HandjassAction::KeepSix,
                Phase::Decide if obs.dropped.contains(&real) => HandjassAction::Drop,
                Phase::Decide if obs.blind_taker == Some(real) => HandjassAction::Blind,
                Phase::Decide if obs.playing.contains(&real) => HandjassAction::Stay,
                Phase::Agree => HandjassAction::Agree,
                _ => return None,
            };
            if !list.contains(&a) {
                return None;
            }
            state.apply(a).ok()?;
        }
        None
    }

    /// `cards` in a random order.
    fn shuffled(&mut self, cards: CardSet) -> Vec<Card> {
        let mut v: Vec<Card> = cards.iter().collect();
        shuffle(&mut self.rng, &mut v);
        v
    }

    /// Fills `places` (with the cards already fixed in them) up to `sizes` with the other cards
    /// of `pack`, at random, in order. `None` if the fixed cards overlap, lie outside the pack or
    /// overfill a place, or the sizes do not take the whole pack.
    fn fill_at_random(
        &mut self,
        places: &mut [CardSet],
        sizes: &[u32],
        pack: CardSet,
    ) -> Option<()> {
        let mut placed = CardSet::EMPTY;
        let mut want = 0;
        for (p, &n) in places.iter().zip(sizes) {
            if p.len() > n || !(placed & *p).is_empty() || !pack.contains_all(*p) {
                return None;
            }
            placed |= *p;
            want += n - p.len();
        }
        let unknown = self.shuffled(pack - placed);
        if unknown.len() as u32 != want {
            return None;
        }
        let mut rest = unknown.into_iter();
        for (p, &n) in places.iter_mut().zip(sizes) {
            while p.len() < n {
                p.insert(rest.next()?);
            }
        }
        Some(())
    }

    /// A world's deal without Bessern (four and five players, the blind):
    /// this seat's hand (or, if it took the blind, the blind and the hand it gave up), the
    /// turned card where the layout turns it, an exchanged six where its exchanger held it, the
    /// rest at random.
    fn plain_deal(
        &mut self,
        obs: &HandjassObservation,
        seen: &Seen,
        layout: Layout,
        me: usize,
    ) -> Option<HandjassDeal> {
        let m = obs.table.len();
        let turned = seen.turned;
        let size = layout.hand_size(m) as u32;
        let taker = obs.blind_taker == Some(obs.seat);
        // Cards fixed in place, and how many unknown cards each place gets: the hands of the
        // world's seats, then the blind, then the stock.
        let places = m + 2;
        let mut fixed = vec![CardSet::EMPTY; places];
        let mut sizes = vec![0u32; places];
        for w in sizes.iter_mut().take(m) {
            *w = size;
        }
        let (blind, stock) = (m, m + 1);
        match layout {
            Layout::Blind3 => sizes[blind] = 9,
            Layout::Blind2 => {
                sizes[blind] = 9;
                sizes[stock] = 9;
            }
            _ => {}
        }
        if taker {
            fixed[blind] = seen.hand;
            fixed[me] = seen.laid_away;
        } else {
            fixed[me] = seen.hand;
        }
        let turned_at = match layout {
            Layout::Full => m - 1,
            Layout::Blind3 => blind,
            _ => stock,
        };
        fixed[turned_at].insert(turned);
        if let Some((x, six)) = seen.six_at {
            // The exchanger's hand held the six; the blind, if he had taken it before the
            // exchange (000's order: the choice first).
            let after = self.options.six_exchange == SixExchange::After;
            let place = if after && obs.blind_taker == Some(obs.table[x]) {
                blind
            } else {
                x
            };
            fixed[place].insert(six);
        }
        self.fill_at_random(&mut fixed, &sizes, pack_for(m))?;
        let mut deal = HandjassDeal {
            hands: [CardSet::EMPTY; MAX_SEATS],
            blind: fixed[blind],
            stock: fixed[stock],
            bessern: [CardSet::EMPTY; MAX_SEATS],
            trump_card: turned,
            tie_seed: self.rng.next_u64(),
        };
        deal.hands[..m].copy_from_slice(&fixed[..m]);
        Some(deal)
    }

    /// A world's deal with Bessern (000: three cards face down for each player, to take for
    /// three discards or to leave). This seat's hand and the cards it laid away are known (if
    /// it took its Bessern, three cards of its hand came from them: which three does not matter
    /// to the world); the other seats' hands and every packet are dealt at random, the turned
    /// card in the dealer's hand (three players) or on the table (two players, with 11 cards
    /// out of play), an exchanged six in its exchanger's hand (in his packet if he took it).
    /// The other seats' discards are not drawn here: they are made at random when the
    /// decisions are made again.
    fn bessern_deal(
        &mut self,
        obs: &HandjassObservation,
        seen: &Seen,
        layout: Layout,
        me: usize,
    ) -> Option<HandjassDeal> {
        let m = obs.table.len();
        let turned = seen.turned;
        let took = |i: usize| seen.took_bessern & (1 << i) != 0;
        let dealer = m - 1;
        // The places: the hands, then the packets, then the cards out of play.
        let (hands, packets, stock) = (0, m, 2 * m);
        let mut places = [CardSet::EMPTY; 2 * MAX_SEATS + 1];
        let mut sizes = [0u32; 2 * MAX_SEATS + 1];
        sizes[..m].fill(9);
        sizes[packets..packets + m].fill(3);
        if layout == Layout::Bessern2 {
            sizes[stock] = 11;
        }
        if layout == Layout::Bessern3 && me != dealer {
            places[hands + dealer].insert(turned);
        }
        if let Some((x, six)) = seen.six_at {
            if took(x) {
                places[packets + x].insert(six);
            } else {
                places[hands + x].insert(six);
            }
        }
        let me_done = took(me) && seen.laid_away.len() == 3;
        if me_done {
            // Three cards of the hand came from the packet (never the turned card, which the
            // dealer was dealt).
            let mut v = self.shuffled(seen.hand - CardSet::single(turned));
            v.truncate(3);
            let packet: CardSet = v.into_iter().collect();
            places[packets + me] = packet;
            places[hands + me] = (seen.hand - packet) | seen.laid_away;
        } else {
            places[hands + me] = seen.hand | seen.laid_away;
        }
        // With two players the turned card lies on the table, in no place.
        let pack = pack_for(m)
            - if layout == Layout::Bessern2 {
                CardSet::single(turned)
            } else {
                CardSet::EMPTY
            };
        self.fill_at_random(&mut places, &sizes, pack)?;
        let mut deal = HandjassDeal {
            hands: [CardSet::EMPTY; MAX_SEATS],
            blind: CardSet::EMPTY,
            stock: places[stock],
            bessern: [CardSet::EMPTY; MAX_SEATS],
            trump_card: turned,
            tie_seed: self.rng.next_u64(),
        };
        deal.hands[..m].copy_from_slice(&places[hands..hands + m]);
        deal.bessern[..m].copy_from_slice(&places[packets..packets + m]);
        Some(deal)
    }

    /// Strokes minus potatoes of `seat` in the deal the state has just finished (the engine's
    /// outcome; a sack of 002 counts as a potato, a stroke that cancels one as a stroke).
    fn outcome_value(state: &Handjass, seat: u8) -> f64 {
        let o = state.outcome();
        let s = seat as usize;
        let sacked = if o.sacked & (1 << seat) != 0 {
            1.0
        } else {
            0.0
        };
        (o.strokes[s] + o.sacks_cancelled[s]) as f64 - o.potatoes[s] as f64 - sacked
    }

    /// A decision before the card play by sampling: every legal action is played out in the same
    /// worlds by the engine after it (every seat's cards the learned model's with
    /// `decision_model`, else the rule player's; the other decisions the rule player's), and the
    /// action with the best average worth (the chance of a good end, or strokes minus potatoes)
    /// is chosen.
    /// `None` if no world could be built.
    fn sampled_pre_play(
        &mut self,
        obs: &HandjassObservation,
        legal: &[HandjassAction],
    ) -> Option<HandjassAction> {
        let n = if obs.phase == Phase::Bessern {
            self.bessern_samples
        } else {
            self.decision_samples
        };
        if n == 0 || legal.len() < 2 {
            return None;
        }
        let m = obs.table.len();
        let opts = self.world_options(m.max(2));
        let mut worlds: Vec<PrePlayWorld> = Vec::with_capacity(n);
        let mut failed = 0;
        for _ in 0..8 * n {
            if worlds.len() == n {
                break;
            }
            match self.pre_play_world(obs) {
                Some(w) => worlds.push(w),
                None => {
                    failed += 1;
                    if failed >= 4 && worlds.is_empty() {
                        return None;
                    }
                }
            }
        }
        if worlds.is_empty() {
            return None;
        }
        let game = self
            .game_end
            .then(|| GameJudge::new(&self.options, obs))
            .flatten();
        let model = self.decision_model;
        // Each world's value of every action (`None`: the engine refused a step).
        let per_world = self.judge(worlds.len(), |k| {
            let w = &worlds[k];
            let mut rule = RuleHandjass::new(opts);
            let mut list = ActionList::new();
            legal
                .iter()
                .map(|&a| {
                    let mut g = w.state;
                    g.apply(a).ok()?;
                    let deal = g.deals_started();
                    while let ToMove::Seat(s) = g.to_move() {
                        if g.deals_started() != deal {
                            break;
                        }
                        g.legal_actions(&mut list);
                        let card = model
                            .then(|| model_card_in(&g, s, list.played_cards(), &opts))
                            .flatten();
                        let b = match card {
                            Some(card) => HandjassAction::Play { card },
                            None => rule.act(&Decision::new(&g, s, &list)),
                        };
                        g.apply(b).ok()?;
                    }
                    Some(match &game {
                        Some(j) => j.after_world(&g, &obs.table),
                        None => Self::outcome_value(&g, w.me),
                    })
                })
                .collect::<Option<Vec<f64>>>()
        });
        // Summed in the order of the worlds, as one thread would.
        let mut totals = vec![0f64; legal.len()];
        for values in per_world {
            for (t, v) in totals.iter_mut().zip(values?) {
                *t += v;
            }
        }
        let best = (0..legal.len()).max_by(|&a, &b| totals[a].total_cmp(&totals[b]))?;
        Some(legal[best])
    }
}

impl Player<Handjass> for SamplingHandjass {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Handjass>) -> HandjassAction {
        let obs = decision.observation();
        if matches!(
            obs.phase,
            Phase::Bessern | Phase::Decide | Phase::Six | Phase::Agree
        ) {
            let legal = decision.legal.to_vec();
            if let Some(a) = self.sampled_pre_play(&obs, &legal) {
                self.sampled += 1;
                self.sampled_before_play += 1;
                return a;
            }
        }
        if obs.phase == Phase::Play {
            let cards: CardSet = decision.legal.played_cards();
            if !cards.is_empty() {
                if let Some(card) = self.sampled_card(&obs, cards) {
                    self.sampled += 1;
                    return HandjassAction::Play { card };
                }
            }
        }
        self.rule.act(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inference::keep_read;
    use crate::test_games::random_games;

    /// At every card decision of seeded random games, the true hands fit what the seat knows:
    /// the known cards are there, every other card of a seat at the table is possible for it, and
    /// the numbers (in each hand and out of play) are right.
    #[test]
    fn the_truth_is_always_a_possible_world() {
        let mut variants: Vec<HandjassOptions> = Vec::new();
        for players in 2..=5u8 {
            variants.push(HandjassOptions {
                players,
                ..HandjassOptions::default()
            });
        }
        for preset in ["parlett", "004-twelve", "must-play"] {
            variants.push(HandjassOptions::preset(preset).unwrap());
        }
        for players in [2u8, 3] {
            variants.push(HandjassOptions {
                players,
                small_deal: SmallDeal::Bessern,
                ..HandjassOptions::default()
            });
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut checked = 0;
        let mut laid_away_seen = 0;
        for o in variants {
            let player = SamplingHandjass::new(o, 0);
            random_games(
                || Handjass::new(o).unwrap(),
                12,
                3000,
                &mut rng,
                |s, seat, list, seed| {
                    let obs = s.observe(seat);
                    if obs.phase == Phase::Play
                        && matches!(list.get(0), HandjassAction::Play { .. })
                    {
                        let h = player
                            .hidden(&obs, obs.trump.unwrap())
                            .expect("the observation adds up");
                        let truth = s.hands();
                        let mut in_hands = CardSet::EMPTY;
                        for (i, &p) in h.holders.iter().enumerate() {
                            if p == u8::MAX {
                                continue;
                            }
                            let t = truth[p as usize];
                            assert!(t.contains_all(h.known[p as usize]), "{o:?} seed {seed}");
                            let rest = t - h.known[p as usize];
                            assert!(
                                h.possible[i].contains_all(rest),
                                "{o:?} seed {seed} seat {seat} about {p}: {rest} not within {}",
                                h.possible[i]
                            );
                            assert_eq!(h.need[i], rest.len());
                            in_hands |= rest;
                        }
                        assert_eq!(h.unknown.len() - in_hands.len(), *h.need.last().unwrap());
                        // The cards the seat laid away itself are out of play in every world.
                        assert!((h.unknown & obs.laid_away).is_empty());
                        laid_away_seen += !obs.laid_away.is_empty() as u32;
                        assert_eq!(truth[seat], obs.hand);
                        checked += 1;
                    }
                },
            );
        }
        assert!(checked > 2000, "{checked}");
        assert!(laid_away_seen > 100, "{laid_away_seen}");
    }

    /// Reading the others' cards: in games of rule players the true hands explain every card of
    /// the others (no misses), in random games they do not; the worlds kept with inference
    /// explain the play better than worlds drawn without it.
    #[test]
    fn the_rule_players_own_games_have_no_misses() {
        for players in [3u8, 4] {
            let o = table_of(players);
            let mut reader = SamplingHandjass::new(o, 5);
            let mut judged = 0;
            let (mut kept, mut plain) = (0, 0);
            rule_games(o, 8, 3000, |s, seat, list| {
                let obs = s.observe(seat);
                if !matches!(list.get(0), HandjassAction::Play { .. }) || obs.tricks.is_empty() {
                    return;
                }
                let mode = obs.trump.unwrap();
                let h = reader.hidden(&obs, mode).unwrap();
                let read = PlayRead::new(&obs, &o, &h.order, mode).unwrap();
                let mut truth = [CardSet::EMPTY; MAX_SEATS];
                truth[..s.hands().len()].copy_from_slice(&s.hands());
                assert_eq!(read.misses(&truth), 0, "{players} players, seat {seat}");
                judged += 1;
                // Worlds kept by weight against worlds drawn at random.
                let pool: Vec<_> = (0..64).filter_map(|_| h.world(&mut reader.rng)).collect();
                plain += pool[..16].iter().map(|w| read.misses(w)).sum::<u32>();
                let inference = reader.inference;
                let chosen = keep_read(&mut reader.rng, pool, 16, &inference, |w| read.misses(w));
                kept += chosen.iter().map(|w| read.misses(w)).sum::<u32>();
            });
            assert!(judged > 300, "{judged}");
            assert!(
                2 * kept < plain,
                "{players} players: {kept} against {plain}"
            );
        }
        // In random games the rule player often would have chosen otherwise.
        let o = HandjassOptions::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let player = SamplingHandjass::new(o, 0);
        let mut misses = 0;
        random_games(
            || Handjass::new(o).unwrap(),
            4,
            3000,
            &mut rng,
            |s, seat, list, _| {
                let obs = s.observe(seat);
                if matches!(list.get(0), HandjassAction::Play { .. }) {
                    let mode = obs.trump.unwrap();
                    let h = player.hidden(&obs, mode).unwrap();
                    let read = PlayRead::new(&obs, &o, &h.order, mode).unwrap();
                    let mut truth = [CardSet::EMPTY; MAX_SEATS];
                    truth[..s.hands().len()].copy_from_slice(&s.hands());
                    misses += read.misses(&truth);
                }
            },
        );
        assert!(misses > 100, "{misses}");
    }

    /// The learned model sees the same in a play-out as in play (where its training samples
    /// are read): at every card decision of seeded games of rule players, two to five at the
    /// table, the play-out of the true hands from there gives the model the seat, its hand and
    /// legal cards (more only at the first lead, below), the trick, the cards gone, the seats, the tricks done, the points needed and
    /// the lead that [`need_and_lead`] and the observation give.
    #[test]
    fn the_model_sees_the_same_in_play_outs_and_in_play() {
        for players in 2u8..=5 {
            let o = table_of(players);
            let reader = SamplingHandjass::new(o, 5);
            let mut checked = 0;
            rule_games(o, 4, 3000, |s, seat, list| {
                let obs = s.observe(seat);
                let legal = list.played_cards();
                if obs.phase != Phase::Play || legal.len() < 2 {
                    return;
                }
                let mode = obs.trump.unwrap();
                let h = reader.hidden(&obs, mode).unwrap();
                let read = PlayRead::new(&obs, &o, &h.order, mode).unwrap();
                let (mut taken, mut tricks) = ([0u32; MAX_SEATS], [0u8; MAX_SEATS]);
                for t in &obs.tricks {
                    taken[t.winner as usize] += t.points;
                    tricks[t.winner as usize] += 1;
                }
                let mut truth = [CardSet::EMPTY; MAX_SEATS];
                truth[..s.hands().len()].copy_from_slice(&s.hands());
                let played = CardSet::from_cards(read.cards.iter().copied());
                let r = read
                    .table
                    .rollout(&truth, obs.trick_leader, &obs.trick)
                    .with_taken(&taken, &tricks)
                    .with_played(played);
                let m = rollout_situation(&r, reader.threshold(&obs));
                // What the pre-play decisions' play-outs read from the engine's state.
                let e = observed_situation(&obs, legal, mode, &o);
                assert_eq!((m.need, m.ahead), (e.need, e.ahead), "{players} players");
                assert_eq!(m.play.seat as usize, seat);
                assert_eq!((e.play.seat, e.play.hand), (m.play.seat, obs.hand));
                assert_eq!(m.play.hand, obs.hand);
                // The engine withholds the blind's face-up card from its taker's first lead
                // (000); the play-outs do not know it.
                let first_lead = obs.tricks.is_empty() && obs.trick.is_empty();
                assert!(legal - m.play.legal == CardSet::EMPTY);
                assert!(first_lead || legal == m.play.legal, "{players} players");
                assert_eq!(
                    (m.play.leader, m.play.trick),
                    (obs.trick_leader, &obs.trick[..])
                );
                assert_eq!((e.play.leader, e.play.trick), (m.play.leader, m.play.trick));
                assert_eq!(m.play.gone, played);
                assert_eq!(e.play.gone, played);
                assert_eq!(m.play.seats as usize, obs.playing.len());
                assert_eq!(e.play.seats, m.play.seats);
                assert_eq!(m.play.tricks_done, obs.tricks.len());
                assert_eq!(e.play.tricks_done, m.play.tricks_done);
                assert_eq!(
                    (e.play.mode, e.play.partners),
                    (m.play.mode, m.play.partners)
                );
                checked += 1;
            });
            assert!(checked > 40, "{players} players: {checked}");
        }
    }

    /// Players with the model's play-outs and its reading, and with the adaptive reading, play
    /// seeded games to their end and decide their cards by sampling; the adaptive reading reads
    /// the rule players at the table as rule-like once they have played (a rule player's cards
    /// are all its rule card play's, which the model explains less well).
    #[test]
    fn players_with_the_model_play_whole_games() {
        let o = HandjassOptions {
            players: 3,
            ..HandjassOptions::default()
        };
        let mut p = SamplingHandjass::with_samples(o, 16, 1)
            .with_adapt(false, 1)
            .with_playout_model(true)
            .with_belief(100);
        crate::test_games::played_games(
            || Handjass::new(o).unwrap(),
            &mut p,
            2,
            3000,
            |_, _, _| {},
        );
        assert!(p.sampled() > 20, "{}", p.sampled());
        let reader = SamplingHandjass::with_samples(o, 16, 1);
        let (mut rule_like, mut read) = (0, 0);
        crate::test_games::played_games(
            || Handjass::new(o).unwrap(),
            &mut RuleHandjass::new(o),
            3,
            3000,
            |s, seat, list| {
                let obs = s.observe(seat);
                if obs.phase != Phase::Play || obs.tricks.len() < 3 || list.len() < 2 {
                    return;
                }
                let mode = obs.trump.unwrap();
                let h = reader.hidden(&obs, mode).unwrap();
                let r = PlayRead::new(&obs, &o, &h.order, mode).unwrap();
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(read);
                let pool: Vec<_> = (0..32).filter_map(|_| h.world(&mut rng)).collect();
                let fits: Vec<_> = pool.iter().map(|w| (r.seat_fits(w, 26), 0.0)).collect();
                let (_, seats) = keep_adapted(&mut rng, &pool, &fits, 8, seat, 1, 0.1f64.ln());
                read += 1;
                if h.order
                    .iter()
                    .all(|&s| s as usize == seat || seats & (1 << s) == 0)
                {
                    rule_like += 1;
                }
            },
        );
        assert!(read > 20 && 2 * rule_like > read, "{rule_like} of {read}");
        let mut p = SamplingHandjass::with_samples(o, 16, 2).with_adapt(true, 1);
        crate::test_games::played_games(
            || Handjass::new(o).unwrap(),
            &mut p,
            2,
            3000,
            |_, _, _| {},
        );
        assert!(p.sampled() > 20, "{}", p.sampled());
    }

    /// At every decision before the card play of seeded random games (four and five players,
    /// three and two with the blind and with Bessern, the six exchanged before or after, no
    /// drop-out), the worlds are the engine's state at this seat's decision: the same
    /// phase and legal actions, this seat's hand and the cards it laid away, the turned card
    /// where it lies, the same seats playing, dropped, taking the blind and taking Bessern; and
    /// a random world's rebuilt deal is consistent with the real cards as far as the seat knows
    /// them.
    #[test]
    fn pre_play_worlds_rebuild_the_decision() {
        let mut variants: Vec<HandjassOptions> = (2..=5u8)
            .map(|players| HandjassOptions {
                players,
                ..HandjassOptions::default()
            })
            .collect();
        variants.push(HandjassOptions::preset("parlett").unwrap());
        variants.push(HandjassOptions {
            players: 3,
            six_exchange: jass_core::handjass::SixExchange::Before,
            ..HandjassOptions::default()
        });
        for players in [2u8, 3] {
            variants.push(HandjassOptions {
                players,
                small_deal: SmallDeal::Bessern,
                ..HandjassOptions::default()
            });
            variants.push(HandjassOptions {
                players,
                small_deal: SmallDeal::Bessern,
                six_exchange: jass_core::handjass::SixExchange::Before,
                ..HandjassOptions::default()
            });
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut wlist = ActionList::new();
        let (mut checked, mut by_phase, mut exchanged) = (0, [0; 4], 0);
        for o in variants {
            let mut player = SamplingHandjass::new(o, 1);
            random_games(
                || Handjass::new(o).unwrap(),
                10,
                3000,
                &mut rng,
                |s, seat, list, seed| {
                    let obs = s.observe(seat);
                    let phase = obs.phase;
                    if matches!(
                        phase,
                        Phase::Bessern | Phase::Decide | Phase::Six | Phase::Agree
                    ) {
                        let w = player
                            .pre_play_world(&obs)
                            .expect("a world for this decision");
                        let wobs = w.state.observe(w.me as usize);
                        let map = |v: &[u8]| -> Vec<u8> {
                            v.iter().map(|&x| obs.table[x as usize]).collect()
                        };
                        assert_eq!(obs.table[w.me as usize] as usize, seat);
                        assert_eq!(wobs.phase, phase, "{o:?} seed {seed}");
                        assert_eq!(wobs.hand, obs.hand);
                        assert_eq!(wobs.laid_away, obs.laid_away);
                        assert_eq!(map(&wobs.bessern), obs.bessern);
                        assert_eq!(wobs.turned_card, obs.turned_card);
                        assert_eq!(map(&wobs.playing), obs.playing);
                        assert_eq!(map(&wobs.dropped), obs.dropped);
                        assert_eq!(
                            wobs.blind_taker.map(|x| obs.table[x as usize]),
                            obs.blind_taker
                        );
                        assert_eq!(wobs.six_by.map(|x| obs.table[x as usize]), obs.six_by);
                        exchanged += obs.six_by.is_some() as u32;
                        let place = |p: TurnedCardPlace| match p {
                            TurnedCardPlace::Hand { seat } => TurnedCardPlace::Hand {
                                seat: obs.table[seat as usize],
                            },
                            TurnedCardPlace::BlindTaker { seat } => TurnedCardPlace::BlindTaker {
                                seat: obs.table[seat as usize],
                            },
                            TurnedCardPlace::HandOrDiscards { seat } => {
                                TurnedCardPlace::HandOrDiscards {
                                    seat: obs.table[seat as usize],
                                }
                            }
                            TurnedCardPlace::Discarded { seat } => TurnedCardPlace::Discarded {
                                seat: obs.table[seat as usize],
                            },
                            p => p,
                        };
                        assert_eq!(wobs.turned_card_at.map(place), obs.turned_card_at);
                        w.state.legal_actions(&mut wlist);
                        assert_eq!(wlist.to_vec(), list.to_vec(), "{o:?} seed {seed}");
                        // The cards of the world's hands at the table and out of play are
                        // the deal's cards.
                        let dealt = w.state.dealt();
                        let mut all = dealt.blind | dealt.stock;
                        for (h, b) in dealt.hands.iter().zip(dealt.bessern) {
                            all |= *h | b;
                        }
                        if w.state.layout() == Layout::Bessern2 {
                            all.insert(dealt.trump_card);
                        }
                        assert_eq!(all, pack_for(obs.table.len()));
                        by_phase[match phase {
                            Phase::Decide => 0,
                            Phase::Six => 1,
                            Phase::Agree => 2,
                            _ => 3,
                        }] += 1;
                        checked += 1;
                    }
                },
            );
        }
        assert!(checked > 500, "{checked}");
        assert!(by_phase.iter().all(|&n| n > 10), "{by_phase:?}");
        assert!(exchanged > 10, "{exchanged}");
    }

    /// 000's rules with `players` at the table.
    fn table_of(players: u8) -> HandjassOptions {
        HandjassOptions {
            players,
            ..HandjassOptions::default()
        }
    }

    /// `at(state, seat, legal)` at every decision of `seeds` seeded games of rule players
    /// with options `o` (at most `max_steps` decisions a game).
    fn rule_games(
        o: HandjassOptions,
        seeds: u64,
        max_steps: usize,
        at: impl FnMut(&Handjass, usize, &ActionList<HandjassAction>),
    ) {
        let new_game = || Handjass::new(o).unwrap();
        crate::test_games::played_games(new_game, &mut RuleHandjass::new(o), seeds, max_steps, at);
    }

    /// A deal for four players from Vorhand (seat 0) on, the turned card the dealer's last.
    fn four_player_decision(vorhand: &str, turned: &str) -> (Handjass, Card) {
        four_player_decision_on_slate(vorhand, turned, &[0; 4])
    }

    /// The same with these net strokes on the slate before the deal.
    fn four_player_decision_on_slate(
        vorhand: &str,
        turned: &str,
        slate: &[i32],
    ) -> (Handjass, Card) {
        let o = HandjassOptions::default();
        let mut s = Handjass::new(o).unwrap();
        s.set_slate(slate).unwrap();
        let mine: CardSet = vorhand.parse().unwrap();
        let t: Card = turned.parse().unwrap();
        let mut rest: Vec<Card> = (CardSet::ALL - mine - CardSet::single(t)).iter().collect();
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        hands[0] = mine;
        for h in hands.iter_mut().take(3).skip(1) {
            *h = rest.drain(..9).collect();
        }
        hands[3] = rest.drain(..8).collect::<CardSet>() | CardSet::single(t);
        s.deal(HandjassDeal {
            hands,
            blind: CardSet::EMPTY,
            stock: CardSet::EMPTY,
            bessern: [CardSet::EMPTY; MAX_SEATS],
            trump_card: t,
            tie_seed: 1,
        })
        .unwrap();
        (s, t)
    }

    fn decide(s: &Handjass, samples: usize, model: bool) -> (HandjassAction, u64) {
        let mut p = SamplingHandjass::new(*s.options(), 5)
            .with_decision_samples(samples)
            .with_decision_model(model);
        let mut list = ActionList::new();
        s.legal_actions(&mut list);
        let a = p.act(&Decision::new(s, 0, &list));
        (a, p.sampled_before_play())
    }

    /// In the Bessern layouts the choice to stay or drop is sampled by default, the Bessern
    /// choice and the discards with `bessern_samples` worlds (else the rule player's), and
    /// every sampled choice is legal.
    #[test]
    fn bessern_layouts_sample_their_decisions() {
        let mut list = ActionList::new();
        for players in [2u8, 3] {
            let o = HandjassOptions {
                players,
                small_deal: SmallDeal::Bessern,
                ..HandjassOptions::default()
            };
            let mut s = Handjass::new(o).unwrap();
            let d = s.deal_from_pack(&jass_core::deal::SeededDealer::new(4).next_pack());
            s.apply_deal(d).unwrap();
            let mut rule = RuleHandjass::new(o);
            let mut seen = [0u32; 3]; // Bessern choice, discard, stay or drop
            while let ToMove::Seat(seat) = s.to_move() {
                if s.phase() == Phase::Play {
                    break;
                }
                s.legal_actions(&mut list);
                let kind = match (s.phase(), list.get(0)) {
                    (Phase::Bessern, HandjassAction::Discard { .. }) => 1,
                    (Phase::Bessern, _) => 0,
                    (Phase::Decide, _) => 2,
                    _ => 3,
                };
                if kind < 3 {
                    let decision = Decision::new(&s, seat, &list);
                    let mut default = SamplingHandjass::new(o, 9);
                    let a = default.act(&decision);
                    assert!(list.contains(&a));
                    assert_eq!(default.sampled_before_play(), (kind == 2) as u64);
                    let mut with = SamplingHandjass::new(o, 9).with_bessern_samples(8);
                    let a = with.act(&decision);
                    assert!(list.contains(&a), "{a}");
                    assert_eq!(with.sampled_before_play(), 1, "{players} players, {kind}");
                    seen[kind] += 1;
                }
                let a = rule.act(&Decision::new(&s, seat, &list));
                s.apply(a).unwrap();
            }
            assert!(seen.iter().all(|&n| n > 0), "{players} players: {seen:?}");
        }
    }

    /// Every seat's strokes of a deal, the contested strokes going round among equal totals,
    /// average to that seat's strokes minus potatoes as the card play scores them, for two to
    /// five seats at the table, with and without the sole player taking every stroke.
    #[test]
    fn deal_strokes_average_to_the_slate_value() {
        let (s, _) = four_player_decision("CJ C9 CA CK HA SA DA HK H10", "C6");
        let base = s.observation(0);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut contested = 0;
        for players in 2..=5u8 {
            for sole_takes_all in [false, true] {
                let o = HandjassOptions {
                    sole_takes_all,
                    ..HandjassOptions::default()
                };
                let p = SamplingHandjass::new(o, 0);
                let mut obs = base.clone();
                obs.table = (0..players).collect();
                for _ in 0..300 {
                    // Few different totals, so that ties are common (the threshold is 26).
                    let totals: Vec<(u8, u32)> = (0..players)
                        .map(|s| (s, [0, 20, 26, 40, 40, 60][rng.next_u32() as usize % 6]))
                        .collect();
                    let outcomes = p.deal_strokes(&obs, &totals);
                    let weight: f64 = outcomes.iter().map(|o| o.1).sum();
                    assert!((weight - 1.0).abs() < 1e-9, "{totals:?}");
                    contested += (outcomes.len() > 1) as u32;
                    for &(seat, _) in &totals {
                        let mean: f64 = outcomes
                            .iter()
                            .map(|(o, w)| w * o[seat as usize] as f64)
                            .sum();
                        let want = p.slate_value(&obs, &totals, seat);
                        assert!((mean - want).abs() < 1e-9, "{totals:?} seat {seat}");
                    }
                }
            }
        }
        assert!(contested > 100, "{contested}");
    }

    /// Judged by the end of the game (seat 0 one stroke short of 7): the stroke that reaches
    /// the target is a sure good end, a potato is worse than nothing, another seat's stroke is
    /// worse for seat 0; and a deal the engine plays to its end is judged by its slate as by
    /// its strokes and potatoes.
    #[test]
    fn the_game_end_judges_a_deal_by_the_slates_it_leaves() {
        let (mut s, _) =
            four_player_decision_on_slate("CJ C9 CA CK HA SA DA HK H10", "C6", &[6, 2, 0, -1]);
        let o = *s.options();
        let obs = s.observation(0);
        let judge = GameJudge::new(&o, &obs).unwrap();
        let after = |strokes: [i32; 4]| {
            let mut all = [0; MAX_SEATS];
            all[..4].copy_from_slice(&strokes);
            judge.after_strokes(&all)
        };
        let nothing = after([0, 0, 0, 0]);
        assert_eq!(after([1, 0, 0, 0]), 1.0);
        assert!(nothing < 1.0 && nothing > 0.5, "{nothing}");
        assert!(after([-1, 0, 0, 0]) < nothing);
        for other in 1..4 {
            let mut strokes = [0; 4];
            strokes[other] = 1;
            assert!(after(strokes) < nothing, "{other}");
        }
        // Remembered: the same again.
        assert_eq!(after([0, 0, 0, 0]), nothing);
        // The deal played to its end by rule players.
        let mut rule = RuleHandjass::new(o);
        let mut list = ActionList::new();
        while let ToMove::Seat(seat) = s.to_move() {
            if s.deals_started() != 1 {
                break;
            }
            s.legal_actions(&mut list);
            let a = rule.act(&Decision::new(&s, seat, &list));
            s.apply(a).unwrap();
        }
        let out = s.outcome();
        let strokes: [i32; 4] =
            std::array::from_fn(|k| out.strokes[k] as i32 - out.potatoes[k] as i32);
        assert_eq!(judge.after_world(&s, &obs.table), after(strokes));
    }

    /// A hand without a point drops out, a strong hand stays, by sampling, with the worlds
    /// played out by the rule card play or by the learned model; with `decision_samples` 0 the
    /// rule player decides.
    #[test]
    fn sampled_stay_or_drop() {
        let (weak, _) = four_player_decision("H6 H7 H8 S6 S7 S8 D7 D8 D9", "C10");
        assert_eq!(weak.phase(), Phase::Decide);
        let (strong, _) = four_player_decision("CJ C9 CA CK HA SA DA HK H10", "C6");
        for model in [false, true] {
            assert_eq!(decide(&weak, 32, model), (HandjassAction::Drop, 1));
            assert_eq!(decide(&strong, 32, model), (HandjassAction::Stay, 1));
        }
        let (a, n) = decide(&strong, 0, false);
        assert_eq!((a, n), (HandjassAction::Stay, 0));
    }

    /// The pre-play decisions' play-outs ask the model for the card play only: in seeded games
    /// of rule players, two to five at the table, `model_card_in` gives the model's likeliest
    /// card of the seat's own view at every card decision with a choice, and nothing before
    /// the card play or with a single legal card.
    #[test]
    fn the_pre_play_play_outs_ask_the_model_for_cards_only() {
        for players in 2u8..=5 {
            let o = table_of(players);
            let (mut asked, mut before, mut rule_differs) = (0, 0, 0);
            let mut rule = RuleHandjass::new(o);
            rule_games(o, 3, 4000, |s, seat, list| {
                let legal = list.played_cards();
                let card = model_card_in(s, seat, legal, &o);
                let obs = s.observe(seat);
                if obs.phase != Phase::Play || legal.len() < 2 {
                    assert_eq!(card, None, "{:?}", obs.phase);
                    before += usize::from(obs.phase != Phase::Play);
                    return;
                }
                let mode = obs.trump.unwrap();
                let want = PLAY_MODEL.likeliest(&observed_situation(&obs, legal, mode, &o));
                assert_eq!(card, Some(want));
                assert!(legal.contains(want));
                asked += 1;
                let r = rule.act(&Decision::new(s, seat, list));
                rule_differs += usize::from(r != HandjassAction::Play { card: want });
            });
            assert!(asked > 30 && before > 0, "{players}: {asked} {before}");
            assert!(
                rule_differs > 0,
                "{players}: the model played as the rule player"
            );
        }
    }
}

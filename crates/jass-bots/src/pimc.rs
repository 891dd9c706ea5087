//! Shared pieces of the sampling players (perfect-information Monte Carlo) for the games beyond
//! Schieber: what the card play tells about the hidden hands under any of the trick rules
//! ([`excluded_by_play`]), the hidden-card knowledge of a four-seat game ([`seat_knowledge`],
//! the same form as [`crate::worlds::Knowledge`], so [`crate::worlds::sample_world`] deals its
//! worlds), and the exact values of every legal card in sampled worlds of a partnership deal
//! ([`partnership_values`], with the solver).

use jass_core::schieber::{ObservedTrick, ShownWeis};
use jass_core::{Card, CardSet, Mode, PointTable, Rank, TrickRules};
use jass_solver::{MoveValues, Objective, Position, Solver};
use rand_core::RngCore;

use crate::play_model::{PlayModel, PlaySituation};
use crate::worlds::{sample_world_retry, Knowledge};

/// Most seats of any game (Handjass: 5).
pub const MAX_SEATS: usize = 5;

/// The cards each seat has shown it does not hold, by the way it followed to the tricks. `tricks`
/// are the completed tricks and the current one as (leader, cards in play order); `order` lists
/// the seats at the table in playing order (the i-th card of a trick is played by the i-th seat
/// from the leader on).
///
/// * A player who does not follow a plain suit has none of it (every rule set).
/// * On a trump lead a player who plays no trump holds none but perhaps the Puur (strict and weak,
///   003: the Puur is never forced); under the heading rules (002) none at all.
/// * An undertrump on a plain lead shows no card of the suit led, and under the strict rule a
///   hand of nothing but trumps (003).
/// * Heading rules: a follower who does not head the trick has no higher card of the suit led;
///   a void player who does not trump over has no trump above the winning one (none at all if no
///   trump lies in the trick).
pub fn excluded_by_play(
    order: &[u8],
    tricks: &[(u8, &[Card])],
    mode: Mode,
    rules: TrickRules,
) -> [CardSet; MAX_SEATS] {
    let mut ex = [CardSet::EMPTY; MAX_SEATS];
    let trumps = mode.trumps();
    let trump = mode.trump();
    for &(leader, cards) in tricks {
        let Some(start) = order.iter().position(|&s| s == leader) else {
            continue;
        };
        let lead = match cards.first() {
            Some(&c) => c,
            None => continue,
        };
        let ls = lead.suit();
        let mut winner = lead;
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let p = order[(start + i) % order.len()] as usize;
            let followed = c.suit() == ls;
            match rules {
                TrickRules::Heading => {
                    if followed {
                        if winner.suit() == ls && !mode.beats(c, winner, ls) {
                            ex[p] |= mode.beaters_in_suit(winner) & CardSet::suit(ls);
                        }
                    } else {
                        ex[p] |= CardSet::suit(ls);
                        if let Some(t) = trump {
                            let is_higher_trump =
                                c.suit() == t && (winner.suit() != t || mode.beats(c, winner, ls));
                            if !is_higher_trump {
                                ex[p] |= if winner.suit() == t {
                                    mode.trumps_above(winner)
                                } else {
                                    CardSet::suit(t)
                                };
                            }
                        }
                    }
                }
                TrickRules::Strict | TrickRules::Weak | TrickRules::MustTrump => match trump {
                    Some(t) if ls == t => {
                        if !followed {
                            let puur = CardSet::single(Card::new(t, Rank::Jack));
                            ex[p] |= trumps - puur;
                        }
                    }
                    Some(t) => {
                        if !followed && c.suit() != t {
                            ex[p] |= CardSet::suit(ls);
                            // Pandur's trump Misère: void, it would have trumped.
                            if rules == TrickRules::MustTrump {
                                ex[p] |= trumps;
                            }
                        }
                        if c.suit() == t && winner.suit() == t && !mode.beats(c, winner, ls) {
                            // An undertrump: void in the suit led; strict: nothing but trumps.
                            ex[p] |= CardSet::suit(ls);
                            if rules == TrickRules::Strict {
                                ex[p] |= CardSet::ALL - trumps;
                            }
                        }
                    }
                    None => {
                        if !followed {
                            ex[p] |= CardSet::suit(ls);
                        }
                    }
                },
            }
            if mode.beats(c, winner, ls) {
                winner = c;
            }
        }
    }
    ex
}

/// The parts of a four-seat game's observation that tell where the hidden cards may be.
pub struct PlaySeen<'a> {
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// The completed tricks.
    pub tricks: &'a [ObservedTrick],
    /// The trick in progress: its leader and cards.
    pub current: (u8, &'a [Card]),
    /// The scored Weis shown.
    pub weis_shown: &'a [ShownWeis],
}

/// An observation that holds a [`PlaySeen`].
pub trait SeesPlay {
    /// Its parts that tell where the hidden cards may be.
    fn play_seen(&self) -> PlaySeen<'_>;
}

/// The observations with these fields, alike in every four-seat game.
macro_rules! sees_play {
    ($($t:ty),*) => {$(
        impl SeesPlay for $t {
            fn play_seen(&self) -> PlaySeen<'_> {
                PlaySeen {
                    seat: self.seat,
                    hand: self.hand,
                    tricks: &self.tricks,
                    current: (self.trick_leader, &self.trick),
                    weis_shown: &self.weis_shown,
                }
            }
        }
    )*};
}
sees_play!(
    jass_core::sidi::SidiObservation,
    jass_core::differenzler::DifferenzlerObservation
);

/// [`seat_knowledge`] from an observation, with `also_shown` (a seat and cards it was seen
/// to keep, e.g. the turned trump card the dealer holds) besides the scored Weis.
pub fn observed_knowledge(
    obs: &impl SeesPlay,
    also_shown: Option<(u8, CardSet)>,
    mode: Mode,
    rules: TrickRules,
) -> Knowledge {
    let seen = obs.play_seen();
    let completed: Vec<(u8, &[Card])> = seen
        .tricks
        .iter()
        .map(|t| (t.leader, t.cards.as_slice()))
        .collect();
    let shown: Vec<(u8, CardSet)> = seen
        .weis_shown
        .iter()
        .map(|w| (w.seat, w.weis.cards()))
        .chain(also_shown)
        .collect();
    seat_knowledge(
        4,
        seen.seat as usize,
        seen.hand,
        &completed,
        seen.current,
        &shown,
        mode,
        rules,
    )
}

/// What a seat knows of the hidden hands during the card play of a game of `seats` seats (two
/// to four, `0..seats` in playing order, the whole pack dealt out evenly): its own hand, cards
/// of other seats it has been shown (`shown`: seat and cards, e.g. a scored Weis or the turned
/// card the dealer keeps; cards already played are ignored), the cards played, and what the
/// play excludes.
#[allow(clippy::too_many_arguments)]
pub fn seat_knowledge(
    seats: usize,
    seat: usize,
    hand: CardSet,
    completed: &[(u8, &[Card])],
    current: (u8, &[Card]),
    shown: &[(u8, CardSet)],
    mode: Mode,
    rules: TrickRules,
) -> Knowledge {
    let mut tricks: Vec<(u8, &[Card])> = completed.to_vec();
    if !current.1.is_empty() {
        tricks.push(current);
    }
    debug_assert!((2..=4).contains(&seats));
    let ex = excluded_by_play(&[0, 1, 2, 3][..seats], &tricks, mode, rules);
    let mut played = CardSet::EMPTY;
    let mut counts = [0u32; 4];
    counts[..seats].fill(36 / seats as u32);
    for &(leader, cards) in &tricks {
        for (i, &c) in cards.iter().enumerate() {
            played.insert(c);
            counts[(leader as usize + i) % seats] -= 1;
        }
    }
    let mut known = [CardSet::EMPTY; 4];
    known[seat] = hand;
    for &(s, cards) in shown {
        if s as usize != seat {
            known[s as usize] |= cards - played - hand;
        }
    }
    let all_known = known.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    let unknown = CardSet::ALL - played - all_known;
    let mut possible = [CardSet::EMPTY; 4];
    for p in 0..seats {
        possible[p] = ((CardSet::ALL - ex[p]) & unknown) | known[p];
    }
    Knowledge {
        seat,
        known,
        possible,
        counts,
        unknown,
    }
}

/// A partnership card-play decision as the solver sees it, without the hidden hands.
#[derive(Copy, Clone, Debug)]
pub struct PlayState {
    /// The trump mode (in a Slalom the current trick's).
    pub mode: Mode,
    /// Its card points.
    pub points: PointTable,
    /// The trick rules.
    pub rules: TrickRules,
    /// Who led the current trick.
    pub leader: u8,
    /// The cards of the current trick.
    pub trick: [Card; 4],
    /// How many lie in it.
    pub trick_len: u8,
    /// Completed tricks.
    pub tricks_done: u8,
    /// Completed tricks won by each team.
    pub tricks_won: [u8; 2],
    /// The Match bonus (100).
    pub match_bonus: u32,
    /// Misère (004): every seat wants to take as few points as it can, so the play-outs duck
    /// and the counted team gets the fewest points it can ([`Objective::FewestPoints`]).
    pub misere: bool,
    /// A Slalom: the direction changes after every trick ([`Position::with_slalom`]).
    pub slalom: bool,
}

impl PlayState {
    /// The state of a deal whose completed tricks were led and won as in `tricks` (leader,
    /// winner) and whose current trick is `current` led by `leader`.
    pub fn new(
        mode: Mode,
        points: PointTable,
        rules: TrickRules,
        winners: impl Iterator<Item = u8>,
        leader: u8,
        current: &[Card],
    ) -> PlayState {
        let mut tricks_won = [0u8; 2];
        let mut tricks_done = 0;
        for w in winners {
            tricks_won[(w % 2) as usize] += 1;
            tricks_done += 1;
        }
        let mut trick = [Card::from_dense(0); 4];
        for (i, &c) in current.iter().enumerate().take(3) {
            trick[i] = c;
        }
        PlayState {
            mode,
            points,
            rules,
            leader,
            trick,
            trick_len: current.len().min(3) as u8,
            tricks_done,
            tricks_won,
            match_bonus: jass_core::mode::MATCH_BONUS,
            misere: false,
            slalom: false,
        }
    }

    /// The card play of a Schieber (or Coiffeur) deal as `obs` sees it, in `contract`'s mode
    /// (strict trick rules; Misère marked, see [`PlayState::misere`]; a Slalom in the current
    /// trick's direction, see [`PlayState::slalom`]).
    pub fn of_schieber(
        obs: &jass_core::schieber::SchieberObservation,
        contract: jass_core::schieber::Contract,
        eleven: jass_core::UndenufeEleven,
    ) -> PlayState {
        let mode = contract.trick_mode(obs.tricks.len());
        let state = PlayState::new(
            mode,
            contract.points(eleven),
            TrickRules::Strict,
            obs.tricks.iter().map(|t| t.winner),
            obs.trick_leader,
            &obs.trick,
        )
        .with_misere(contract == jass_core::schieber::Contract::Misere);
        PlayState {
            slalom: contract.is_slalom(),
            ..state
        }
    }

    /// The same state for a Misère deal (see [`PlayState::misere`]).
    pub fn with_misere(self, misere: bool) -> PlayState {
        PlayState { misere, ..self }
    }

    /// The team whose trick points are credited to `team`: itself, or in Misère the other
    /// team (004: "all points won from Stich are given to the opposite teams than that won
    /// them"). That is the team the solver counts for `team`.
    pub fn counted_team(&self, team: u8) -> u8 {
        (team & 1) ^ self.misere as u8
    }

    /// What the counted team of the solver plays for here.
    pub fn objective(&self) -> Objective {
        if self.misere {
            Objective::FewestPoints
        } else {
            Objective::MostPoints
        }
    }

    /// The solver's position with these hands.
    pub fn position(&self, hands: [CardSet; 4]) -> Position {
        Position {
            hands,
            trick: self.trick,
            trick_len: self.trick_len,
            leader: self.leader,
            mode: self.mode,
            points: self.points,
            rules: self.rules,
            tricks_done: self.tricks_done,
            tricks_won: self.tricks_won,
            match_bonus: self.match_bonus,
            slalom: self.slalom,
        }
    }
}

/// Draws up to `samples` worlds from `k` and calls `f` with the exact values, for `team`, of every
/// legal card of the seat to move in each (the points `team` takes from here on, `team` playing
/// for the state's objective). Returns the number of worlds solved.
pub fn partnership_values<R: RngCore>(
    solver: &mut Solver,
    rng: &mut R,
    k: &Knowledge,
    state: &PlayState,
    team: u8,
    samples: usize,
    f: impl FnMut(&MoveValues),
) -> usize {
    let worlds: Vec<[CardSet; 4]> = (0..samples)
        .filter_map(|_| sample_world_retry(k, rng, 20))
        .collect();
    partnership_worlds(solver, &worlds, state, team, f)
}

/// [`partnership_values`] in the given worlds (the hands now).
pub fn partnership_worlds(
    solver: &mut Solver,
    worlds: &[[CardSet; 4]],
    state: &PlayState,
    team: u8,
    mut f: impl FnMut(&MoveValues),
) -> usize {
    solver.set_objective(state.objective());
    let mut n = 0;
    for &hands in worlds {
        let pos = state.position(hands);
        if pos.validate().is_err() {
            continue;
        }
        let values = solver.solve_moves_for(&pos, team);
        f(&values);
        n += 1;
    }
    n
}

/// The rule players' card (the point-taking play of `play_common`, partners and the choosing team
/// known) for the seat to move in a position where every hand is known.
pub fn rule_card(pos: &Position, chooser: u8) -> Card {
    crate::play_common::take_points(&position_view(pos, chooser))
}

/// The play-outs' cards by a learned play model for some seats (the others' by the rule
/// players' card play).
#[derive(Copy, Clone, Debug)]
pub struct ModelPlay<'a> {
    /// The model.
    pub model: &'a PlayModel,
    /// The seats whose cards are the model's likeliest, a bit per seat.
    pub seats: u8,
}

impl<'a> ModelPlay<'a> {
    /// Every seat's play-out cards by `model`.
    pub fn all(model: &'a PlayModel) -> Self {
        ModelPlay {
            model,
            seats: 0b1111,
        }
    }
}

/// The card of a play-out: Misère's ducking play ([`crate::RuleSchieber`]'s), the play model's
/// likeliest card when the play-out follows a model for the seat to move ([`model_card`]), or
/// the rule players' point-taking play.
fn play_out_card(pos: &Position, chooser: u8, misere: bool, model: Option<ModelPlay>) -> Card {
    match (misere, model) {
        (true, _) => crate::rule_schieber::misere_card(&position_view(pos, chooser)),
        (false, Some(m)) if m.seats & (1 << pos.to_move()) != 0 => {
            model_card(m.model, pos, chooser)
        }
        (false, _) => rule_card(pos, chooser),
    }
}

/// The likeliest card of the play model ([`PlayModel::likeliest`]) for the seat to move in a
/// position where every hand is known, judged from what that seat sees (its hand, the cards
/// gone), as the model was fitted.
pub fn model_card(model: &PlayModel, pos: &Position, chooser: u8) -> Card {
    let legal = pos.legal_cards();
    if legal.len() < 2 {
        return legal.iter().next().expect("the seat to move holds a card");
    }
    model.likeliest(&model_situation(pos, legal, chooser))
}

/// The card decision of the seat to move in `pos` with these `legal` cards, as the play model
/// sees it: only that seat's hand and the cards gone, never the others' hands.
pub(crate) fn model_situation(pos: &Position, legal: CardSet, chooser: u8) -> PlaySituation<'_> {
    let seat = pos.to_move();
    let in_hands = pos.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    let gone = CardSet::ALL - in_hands;
    let completed = gone.len() as usize - pos.trick_len as usize;
    PlaySituation {
        seat,
        hand: pos.hands[seat as usize],
        legal,
        leader: pos.leader,
        trick: pos.trick_cards(),
        gone,
        mode: pos.mode,
        points: pos.points,
        choosers: chooser % 2 == seat % 2,
        partners: true,
        tricks_done: completed / 4,
        seats: 4,
    }
}

/// What the seat to move sees of a position where every hand is known, for the rule players.
fn position_view(pos: &Position, chooser: u8) -> crate::play_common::PlayView {
    let s = pos.to_move();
    let hand = pos.hands[s as usize];
    let in_hands = pos.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    let n = pos.trick_len as usize;
    crate::play_common::PlayView {
        seat: s,
        partner: Some((s + 2) % 4),
        hand,
        legal: pos.legal_cards(),
        mode: pos.mode,
        points: pos.points,
        trick: pos.trick_cards().to_vec(),
        trick_seats: (0..n).map(|i| (pos.leader + i as u8) % 4).collect(),
        after_me: 3 - n,
        seen: hand | (CardSet::ALL - in_hands),
        we_chose: chooser % 2 == s % 2,
        partner_chose: chooser == (s + 2) % 4,
        // The play-outs keep the plain discards (a position has no history to read signals).
        partner_discard: None,
        signal: false,
    }
}

/// Plays card `c` at `pos`: the points `team` takes with it (a trick it completes, with the last
/// trick's and the Match bonus), 0 otherwise.
pub(crate) fn team_points(pos: &mut Position, c: Card, team: u8) -> u32 {
    match pos.play_unchecked(c) {
        Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
        _ => 0,
    }
}

/// Plays `pos` on with the rule players' cards ([`rule_card`], `chooser`'s team having chosen
/// the contract) until the deal is over or, at the end of a trick, at most `handoff` cards are
/// left; returns the points `team` took on the way (cards, last trick, Match).
pub fn rule_play_on(pos: &mut Position, team: u8, chooser: u8, handoff: u32) -> u32 {
    play_on(pos, team, chooser, handoff, false, None)
}

/// [`rule_play_on`], with Misère's ducking play for every seat when `misere`, and otherwise the
/// play model's likeliest cards instead of the rule players' when `model` is given.
pub(crate) fn play_on(
    pos: &mut Position,
    team: u8,
    chooser: u8,
    handoff: u32,
    misere: bool,
    model: Option<ModelPlay>,
) -> u32 {
    let mut got = 0;
    let handed_off = |pos: &Position| pos.trick_len == 0 && pos.cards_left() <= handoff;
    while !(pos.is_over() || handed_off(pos)) {
        let c = play_out_card(pos, chooser, misere, model);
        got += team_points(pos, c, team);
    }
    got
}

/// For a decision with more cards left than the solver handles quickly: in each of up to
/// `samples` worlds every legal card is played, the deal goes on with the rule players' card play
/// for all four seats ([`rule_card`]; in Misère the ducking play) until at most `handoff` cards
/// are left at the end of a trick, and the rest is solved exactly (`team` playing for the state's
/// objective). Calls `f(card, value)` with the points `team` takes from here on (cards, last
/// trick, Match). Returns the number of worlds.
#[allow(clippy::too_many_arguments)]
pub fn rollout_values<R: RngCore>(
    solver: &mut Solver,
    rng: &mut R,
    k: &Knowledge,
    state: &PlayState,
    legal: CardSet,
    team: u8,
    chooser: u8,
    samples: usize,
    handoff: u32,
    f: impl FnMut(Card, u32),
) -> usize {
    let worlds: Vec<[CardSet; 4]> = (0..samples)
        .filter_map(|_| sample_world_retry(k, rng, 20))
        .collect();
    rollout_worlds(
        solver, &worlds, state, legal, team, chooser, handoff, None, f,
    )
}

/// [`rollout_values`] in the given worlds (the hands now); with `model`, the play-outs play the
/// play model's likeliest cards ([`model_card`]) instead of the rule players'.
#[allow(clippy::too_many_arguments)]
pub fn rollout_worlds(
    solver: &mut Solver,
    worlds: &[[CardSet; 4]],
    state: &PlayState,
    legal: CardSet,
    team: u8,
    chooser: u8,
    handoff: u32,
    model: Option<ModelPlay>,
    mut f: impl FnMut(Card, u32),
) -> usize {
    solver.set_objective(state.objective());
    let mut n = 0;
    for &hands in worlds {
        let start = state.position(hands);
        if start.validate().is_err() {
            continue;
        }
        for c in legal {
            let mut pos = start;
            let mut got = team_points(&mut pos, c, team);
            got += play_on(&mut pos, team, chooser, handoff, state.misere, model);
            f(c, got + solver.solve_for(&pos, team));
        }
        n += 1;
    }
    n
}

/// Deals the `unknown` cards among holders: holder `i` receives `need[i]` of them, each card only
/// to a holder whose `possible` set contains it (a dead pile — blind, stock, dropped hands — is
/// just one more holder). Returns what each holder receives, or `None` if the draw ran into a
/// dead end (draw again). The needs must add up to the unknown cards.
pub fn deal_unknown<R: RngCore>(
    unknown: CardSet,
    possible: &[CardSet],
    need: &[u32],
    rng: &mut R,
) -> Option<Vec<CardSet>> {
    let h = possible.len();
    let mut need = need.to_vec();
    let mut got = vec![CardSet::EMPTY; h];
    let mut cards: Vec<Card> = unknown.iter().collect();
    jass_core::deal::shuffle(rng, &mut cards);
    // Most constrained cards first.
    cards.sort_by_key(|&c| (0..h).filter(|&p| possible[p].contains(c)).count());
    for c in cards {
        let weight: u32 = (0..h)
            .filter(|&p| need[p] > 0 && possible[p].contains(c))
            .map(|p| need[p])
            .sum();
        if weight == 0 {
            return None;
        }
        let mut r = jass_core::deal::uniform_below(rng, weight);
        for p in 0..h {
            if need[p] > 0 && possible[p].contains(c) {
                if r < need[p] {
                    got[p].insert(c);
                    need[p] -= 1;
                    break;
                }
                r -= need[p];
            }
        }
    }
    Some(got)
}

/// Every legal card's value in one world.
type CardValues = Vec<(Card, u32)>;

/// The worlds drawn for a decision (the hands now) and the seats whose early play-outs follow
/// the learned play model when [`PartnershipSampler::playout_model`] is on (a bit per seat).
pub type DrawnWorlds = (Vec<[CardSet; 4]>, u8);

/// What the partnership sampling players (Sidi Barrani, Coiffeur) share: their settings, solver,
/// random worlds and the choice of a card from the worlds' values.
pub struct PartnershipSampler {
    /// Worlds per card and the cards left from which every world is solved exactly.
    pub settings: crate::SamplingSettings,
    /// Worlds per card before `max_cards` are left (rule play to the hand-off, then the solver;
    /// 0: the rule player's card).
    pub early_samples: usize,
    /// The early play-outs play the learned play model's likeliest cards ([`model_card`])
    /// instead of the rule players' (false by default).
    pub playout_model: bool,
    /// One solver per thread (`settings.threads`), the others made when first needed.
    solvers: Vec<Solver>,
    rng: rand_xoshiro::Xoshiro256PlusPlus,
    sampled: u64,
}

impl PartnershipSampler {
    /// A sampler with these settings; `seed` fixes its worlds.
    pub fn new(settings: crate::SamplingSettings, early_samples: usize, seed: u64) -> Self {
        use rand_core::SeedableRng;
        PartnershipSampler {
            settings,
            early_samples,
            playout_model: false,
            solvers: vec![Self::new_solver()],
            rng: rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed),
            sampled: 0,
        }
    }

    /// How many decisions were made by sampling.
    pub fn sampled(&self) -> u64 {
        self.sampled
    }

    fn new_solver() -> Solver {
        Solver::new(jass_solver::SolverConfig {
            tt_bits: 16,
            ..jass_solver::SolverConfig::default()
        })
    }

    /// Every legal card's value in each of the `worlds` (`None`: a world the time budget did
    /// not reach; an empty list: a world that cannot be played), by `eval` with one world, on
    /// `settings.threads` threads ([`crate::worlds::judge_worlds`]; every value is exact, so the
    /// threads give the values one thread gives). The first world is always evaluated.
    fn world_values(
        &mut self,
        worlds: &[[CardSet; 4]],
        eval: impl Fn(&mut Solver, &[[CardSet; 4]], &mut CardValues) + Sync,
    ) -> Vec<Option<CardValues>> {
        let s = &self.settings;
        let (threads, budget) = (s.threads, s.time_budget);
        crate::worlds::judge_worlds(
            &mut self.solvers,
            Self::new_solver,
            threads,
            budget,
            worlds.len(),
            |solver, i| {
                let mut v = Vec::new();
                eval(solver, &worlds[i..i + 1], &mut v);
                v
            },
        )
    }

    /// True if a card decision with `played` cards gone and these legal cards is sampled (else
    /// the rule player decides).
    pub fn samples_at(&self, played: u32, legal: CardSet) -> bool {
        let early = 36 - played > self.settings.max_cards;
        !(early && self.early_samples == 0) && legal.len() >= 2
    }

    /// The card for `seat`: every legal card's `score` of the points `team` takes from here is
    /// summed over the sampled worlds (rule play for all seats to `max_cards` cards left, with
    /// `chooser` choosing for the team, then solved exactly; or solved exactly at once when no
    /// more cards are left); `team` takes the highest total, the other side the lowest. `None`
    /// when no world could be drawn.
    #[allow(clippy::too_many_arguments)]
    pub fn choose(
        &mut self,
        k: &Knowledge,
        state: &PlayState,
        legal: CardSet,
        played: u32,
        seat: u8,
        team: u8,
        chooser: u8,
        score: impl FnMut(u32) -> i64,
    ) -> Option<Card> {
        let draw = |rng: &mut rand_xoshiro::Xoshiro256PlusPlus, n: usize| {
            let worlds = (0..n)
                .filter_map(|_| sample_world_retry(k, rng, 20))
                .collect();
            (worlds, 0b1111)
        };
        self.choose_drawn(draw, state, legal, played, seat, team, chooser, score)
    }

    /// [`Self::choose`] in the worlds `draw(rng, n)` gives for `n` worlds (the hands now), e.g.
    /// worlds weighted by how well they explain the others' past cards.
    #[allow(clippy::too_many_arguments)]
    pub fn choose_drawn(
        &mut self,
        draw: impl FnOnce(&mut rand_xoshiro::Xoshiro256PlusPlus, usize) -> DrawnWorlds,
        state: &PlayState,
        legal: CardSet,
        played: u32,
        seat: u8,
        team: u8,
        chooser: u8,
        mut score: impl FnMut(u32) -> i64,
    ) -> Option<Card> {
        let mut totals = [0i64; 64];
        let early = 36 - played > self.settings.max_cards;
        let (worlds, model_seats) = draw(
            &mut self.rng,
            if early {
                self.early_samples
            } else {
                self.settings.samples
            },
        );
        let handoff = self.settings.max_cards;
        let model = self.playout_model.then_some(ModelPlay {
            model: &crate::inference::PLAY_MODEL,
            seats: model_seats,
        });
        let values = self.world_values(&worlds, |solver, world, out| {
            if early {
                rollout_worlds(
                    solver,
                    world,
                    state,
                    legal,
                    team,
                    chooser,
                    handoff,
                    model,
                    |c, v| out.push((c, v)),
                );
            } else {
                partnership_worlds(solver, world, state, team, |values| {
                    out.extend(values.iter())
                });
            }
        });
        // In the order of the worlds, as one thread would (the scores may depend on it).
        let mut n = 0;
        for v in values.into_iter().flatten().filter(|v| !v.is_empty()) {
            for (c, x) in v {
                totals[c.index()] += score(x);
            }
            n += 1;
        }
        if n == 0 {
            return None;
        }
        self.sampled += 1;
        // The counted team takes its objective's best total, the other team the opposite.
        if (seat % 2 == team) != state.misere {
            legal.iter().max_by_key(|c| totals[c.index()])
        } else {
            legal.iter().min_by_key(|c| totals[c.index()])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::Suit;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn a_discard_shows_a_void_and_an_undertrump_a_hand_of_trumps() {
        let h = Mode::Trump(Suit::H);
        // Seat 0 leads S6; seat 1 trumps with H9, seat 2 undertrumps H6, seat 3 discards D7.
        let t = cards("S6 H9 H6 D7");
        let ex = excluded_by_play(&[0, 1, 2, 3], &[(0, &t)], h, TrickRules::Strict);
        assert!(ex[1].is_empty(), "trumping says nothing");
        assert_eq!(ex[2], CardSet::ALL - h.trumps());
        assert_eq!(ex[3], CardSet::suit(Suit::S));
        // Weak: the undertrump shows only the void.
        let ex = excluded_by_play(&[0, 1, 2, 3], &[(0, &t)], h, TrickRules::Weak);
        assert_eq!(ex[2], CardSet::suit(Suit::S));
    }

    #[test]
    fn a_trump_lead_leaves_the_puur_possible() {
        let h = Mode::Trump(Suit::H);
        let t = cards("H6 S7");
        let ex = excluded_by_play(&[0, 1, 2, 3], &[(3, &t)], h, TrickRules::Strict);
        assert_eq!(ex[0], h.trumps() - CardSet::single("HJ".parse().unwrap()));
        let ex = excluded_by_play(&[0, 1, 2, 3], &[(3, &t)], h, TrickRules::Heading);
        assert!(ex[0].contains("HJ".parse().unwrap()));
    }

    #[test]
    fn heading_rules_show_missing_higher_cards() {
        let h = Mode::Trump(Suit::H);
        // Three players 0, 1, 3 at the table: 1 leads S10, 3 plays S6 (not heading), 0 plays
        // D7 (void in spades, and no trump at all since none lies in the trick).
        let t = cards("S10 S6 D7");
        let ex = excluded_by_play(&[0, 1, 3], &[(1, &t)], h, TrickRules::Heading);
        assert!(ex[3].contains("SA".parse().unwrap()));
        assert!(!ex[3].contains("S9".parse().unwrap()));
        assert!(ex[0].contains_all(CardSet::suit(Suit::S) | CardSet::suit(Suit::H)));
    }

    #[test]
    fn unknown_cards_are_dealt_within_what_each_holder_may_hold() {
        use rand_core::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
        let unknown: CardSet = "HA HK HQ S6 S7 S8 D9 D10".parse().unwrap();
        let hearts = CardSet::suit(Suit::H);
        // Holder 0 holds no hearts; holder 1 may hold anything; the dead pile anything.
        let possible = [CardSet::ALL - hearts, CardSet::ALL, CardSet::ALL];
        for _ in 0..50 {
            let got = (0..10)
                .find_map(|_| deal_unknown(unknown, &possible, &[3, 3, 2], &mut rng))
                .expect("a deal");
            assert_eq!(got.iter().map(|g| g.len()).collect::<Vec<_>>(), [3, 3, 2]);
            assert!((got[0] & hearts).is_empty());
            assert_eq!(got[0] | got[1] | got[2], unknown);
        }
        // Impossible: holder 0 must take 6 cards but may hold only 5.
        assert!(deal_unknown(unknown, &possible, &[6, 1, 1], &mut rng).is_none());
    }

    /// With every hand known, a Misère state's values are exact for the fewest-points objective:
    /// each card's value is the points the counted team takes when it plays for the fewest and
    /// the other team gives it the most (the plain minimax with that objective), solved at once
    /// or from play-outs (the card completes the trick, so they hand over before any rule card);
    /// and the counted team takes the smallest total, the other team the largest.
    /// A play-out by the play model plays a legal card at every turn, the two teams' points add
    /// up to the deal's, and it is not the rule players' play-out.
    #[test]
    fn model_play_outs_play_legal_cards_to_the_end() {
        use jass_solver::bench::{random_position, SplitMix};
        let model = PlayModel::builtin();
        let mut rng = SplitMix::new(5);
        let mut other_than_rule = 0;
        for i in 0..30 {
            let mode = [Mode::Trump(Suit::H), Mode::Obenabe, Mode::Undenufe][i % 3];
            let start = random_position(
                &mut rng,
                36,
                mode,
                jass_core::UndenufeEleven::Ace,
                TrickRules::Strict,
            );
            let mut pos = start;
            while !pos.is_over() {
                let c = model_card(&model, &pos, 0);
                assert!(pos.legal_cards().contains(c), "{c} is not legal");
                pos.play_unchecked(c);
            }
            let got = |team, model| play_on(&mut start.clone(), team, 0, 0, false, model);
            let all_model = Some(ModelPlay::all(&model));
            let (ours, theirs) = (got(0, all_model), got(1, all_model));
            let all = start.remaining_points() + start.match_bonus;
            if ours == 0 || theirs == 0 {
                assert_eq!(ours + theirs, all, "a Match takes its bonus");
            } else {
                assert_eq!(ours + theirs, start.remaining_points());
            }
            other_than_rule += (ours != got(0, None)) as u32;
        }
        assert!(
            other_than_rule > 0,
            "the model played as the rule players in every deal"
        );
    }

    #[test]
    fn misere_values_play_for_the_fewest_points() {
        use jass_solver::bench::{random_position, SplitMix};
        use jass_solver::reference::minimax_for;
        use rand_core::SeedableRng;
        let mut rng = SplitMix::new(3);
        let mut worlds = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut solver = Solver::default();
        for i in 0..60 {
            let mut pos = random_position(
                &mut rng,
                8 + (i % 3) * 2,
                Mode::Obenabe,
                jass_core::UndenufeEleven::Ace,
                TrickRules::Strict,
            );
            while pos.trick_len != 3 {
                let c = pos.legal_cards().iter().next().expect("a card");
                pos.play(c);
            }
            let seat = pos.to_move() as usize;
            let k = Knowledge {
                seat,
                known: pos.hands,
                possible: pos.hands,
                counts: pos.hands.map(|h| h.len()),
                unknown: CardSet::EMPTY,
            };
            let mut state = PlayState::new(
                pos.mode,
                pos.points,
                pos.rules,
                std::iter::empty(),
                pos.leader,
                pos.trick_cards(),
            )
            .with_misere(true);
            state.tricks_done = pos.tricks_done;
            state.tricks_won = pos.tricks_won;
            let counted = (seat % 2) as u8 ^ (i % 2) as u8;
            let want = |c: Card| {
                let mut p = pos;
                let gain = match p.play(c) {
                    Some(r) if r.winner % 2 == counted => r.points + r.match_bonus,
                    _ => 0,
                };
                gain + minimax_for(&p, counted, Objective::FewestPoints)
            };
            let legal = pos.legal_cards();
            let n = partnership_values(&mut solver, &mut worlds, &k, &state, counted, 1, |v| {
                for (c, x) in v.iter() {
                    assert_eq!(x, want(c), "{c}\n{pos}");
                }
            });
            assert_eq!(n, 1);
            let handoff = 36;
            let n = rollout_values(
                &mut solver,
                &mut worlds,
                &k,
                &state,
                legal,
                counted,
                0,
                1,
                handoff,
                |c, x| assert_eq!(x, want(c), "{c}\n{pos}"),
            );
            assert_eq!(n, 1);
            let mut sampler =
                PartnershipSampler::new(crate::SamplingSettings::solving(1, 36), 0, 1);
            let played = 36 - pos.cards_left();
            let best = sampler
                .choose(&k, &state, legal, played, seat as u8, counted, 0, |v| {
                    v as i64
                })
                .unwrap();
            let values: Vec<u32> = legal.iter().map(want).collect();
            let pick = if seat as u8 % 2 == counted {
                values.iter().min()
            } else {
                values.iter().max()
            };
            assert_eq!(
                want(best),
                *pick.unwrap(),
                "seat {seat}, counted {counted}\n{pos}"
            );
        }
    }

    #[test]
    fn knowledge_keeps_the_truth_possible() {
        use jass_core::deal::{four_hands, SeededDealer};
        let mode = Mode::Trump(Suit::D);
        let mut d = SeededDealer::new(9);
        let hands = four_hands(&d.next_pack(), 0);
        // Play two tricks by the first legal card each time, then check seat 1's view.
        let mut pos = Position::new_deal(hands, 0, mode, jass_core::UndenufeEleven::Ace);
        let mut tricks: Vec<(u8, Vec<Card>)> = Vec::new();
        let mut cur: Vec<Card> = Vec::new();
        let mut leader = 0;
        for _ in 0..9 {
            let c = pos.legal_cards().iter().next().unwrap();
            cur.push(c);
            if let Some(r) = pos.play(c) {
                tricks.push((leader, std::mem::take(&mut cur)));
                leader = r.winner;
            }
        }
        let done: Vec<(u8, &[Card])> = tricks.iter().map(|(l, c)| (*l, c.as_slice())).collect();
        for seat in 0..4 {
            let k = seat_knowledge(
                4,
                seat,
                pos.hands[seat],
                &done,
                (leader, &cur),
                &[],
                mode,
                TrickRules::Strict,
            );
            for p in 0..4 {
                assert!(
                    k.possible[p].contains_all(pos.hands[p]),
                    "seat {seat} on {p}"
                );
                assert_eq!(k.counts[p], pos.hands[p].len());
            }
        }
    }

    /// With two and three seats (the whole pack dealt out evenly, played by the trick rules
    /// through the core), every seat's knowledge at every card admits the true hands and counts
    /// them right.
    #[test]
    fn knowledge_of_two_and_three_seats_admits_the_true_deal() {
        use jass_core::deal::SeededDealer;
        use jass_core::trick_play::AnyTrickPlay;
        use jass_core::UndenufeEleven;
        let mut dealer = SeededDealer::new(77);
        for i in 0..200usize {
            let seats = 2 + i % 2;
            let size = 36 / seats;
            let mode = Mode::ALL[i % 6];
            let rules = [
                TrickRules::Strict,
                TrickRules::Weak,
                TrickRules::Heading,
                TrickRules::MustTrump,
            ][i / 2 % 4];
            let pack = dealer.next_pack();
            let hands: Vec<CardSet> = (0..seats)
                .map(|s| pack[s * size..(s + 1) * size].iter().copied().collect())
                .collect();
            let mut play = AnyTrickPlay::with_rules(
                &hands,
                mode,
                PointTable::new(mode, UndenufeEleven::Ace),
                rules,
                (i % seats) as u8,
            );
            let mut tricks: Vec<(u8, Vec<Card>)> = Vec::new();
            let mut cur: Vec<Card> = Vec::new();
            let mut leader = play.leader();
            let mut k = 0usize;
            while !play.is_over() {
                let done: Vec<(u8, &[Card])> =
                    tricks.iter().map(|(l, c)| (*l, c.as_slice())).collect();
                for seat in 0..seats {
                    let know = seat_knowledge(
                        seats,
                        seat,
                        play.hand(seat as u8),
                        &done,
                        (leader, &cur),
                        &[],
                        mode,
                        rules,
                    );
                    for p in 0..seats {
                        let hand = play.hand(p as u8);
                        assert!(
                            know.possible[p].contains_all(hand),
                            "deal {i}, seat {seat} of {seats}, seat {p}"
                        );
                        assert_eq!(know.counts[p], hand.len(), "deal {i}, seat {p}");
                    }
                }
                let legal = play.legal_cards();
                let c = legal.nth((k * 7 + i) as u32 % legal.len());
                k += 1;
                cur.push(c);
                if let Some(end) = play.play(c) {
                    tricks.push((leader, std::mem::take(&mut cur)));
                    leader = end.winner;
                }
            }
        }
    }
}

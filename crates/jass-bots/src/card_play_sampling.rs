//! The sampling card choice of a game whose deal is card play alone (no Weis or auction left to
//! read), for two to four seats, written once: every legal card is played out in worlds that
//! agree with what the seat has seen ([`seat_knowledge`]), read from the others' cards (a world
//! in which the rule card play explains their cards weighs more), everyone by the game's rule
//! card and, in the last tricks, every seat by its best card for its own measure with all hands
//! open; the card whose play-outs the game values best is kept. A game gives its rule card
//! ([`RuleCard`]), its objective (a value of a [`PlayedOut`] deal for the deciding seat) and,
//! where its measure is the card points and tricks, every seat's measure ([`Utility`]). The
//! sampling players of the card-play games ([`jass_core::card_play_game`]) are a
//! [`CardPlaySampler`] with these hooks: Schellenjass's values its lines, Hindersi's its points.

use jass_core::card_play_action::CardPlayAction;
use jass_core::card_play_game::{CardPlayGame, CardPlayObservation, CardPlayRules};
use jass_core::deal::SeededDealer;
use jass_core::game::{play_turn, ActionList, Game, Player, ToMove};
use jass_core::mode::LAST_TRICK_BONUS;
use jass_core::trick::{legal_cards, mode_after_card, trick_winner};
use jass_core::trick_play::AnyTrickPlay;
use jass_core::{Card, CardSet, Mode, PointTable, TrickRules, UndenufeEleven};
use jass_solver::{SoloOutcome, SoloPosition, SoloSolver, SOLO_SEATS};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::inference::{read_worlds, Inference};
use crate::pimc::seat_knowledge;
use crate::worlds::sample_world_retry;

/// The card a seat plays by the game's rules of thumb: `(the seat, its hand, trick so far (lead
/// first), every card played in the deal (the trick's included), whether the seat plays last to
/// the trick, the trump mode as it stands)`. The seat tells a game whose seats play for
/// different aims (Pandur's soloist and opponents) who plays.
pub type RuleCard<'a> = &'a dyn Fn(usize, CardSet, &[Card], CardSet, bool, Mode) -> Card;

/// Every seat's measure of how a deal ends (higher is better), from the points (by the deal's
/// [`Counting`], the last trick's included) and the tricks each seat took, by seat: what each
/// seat plays for in the exact last tricks ([`CardPlaySettings::exact_tricks`]).
pub type Utility<'a> = &'a dyn Fn(&[u32; 4], &[u8; 4]) -> [i32; 4];

/// What a deal's cards count: its trump mode, a point table and the points of the last trick.
#[derive(Clone, Copy, Debug)]
pub struct Counting {
    /// The trump mode (as it stands, with [`Counting::until_trump`]).
    pub mode: Mode,
    /// `Some(m)`: the deal is played in `m` until the first card that does not follow suit makes
    /// its suit trump (Mittlere), and then counted by that trump's card points (`points` is
    /// then unused; a deal in which no trump is set counts nothing). `None`: `mode` holds for
    /// the whole deal.
    pub until_trump: Option<Mode>,
    /// The points of each card (the mode's card points, or a count such as Schellenjass's
    /// bells: [`PointTable::cards_of`]).
    pub points: PointTable,
    /// The points of the last trick.
    pub last_bonus: u32,
    /// What a trick's cards write to its taker beyond their points, if the game counts more
    /// (Molotow's table melds); a play-out is then played card by card to its end (the exact
    /// last tricks count points alone).
    pub trick_bonus: Option<fn(CardSet) -> u32>,
}

impl Counting {
    /// The card points of `mode` (the ace 11 in Undenufe) and the last trick's 5.
    pub fn card_points(mode: Mode) -> Counting {
        Counting::card_points_with(mode, UndenufeEleven::Ace)
    }

    /// The card points of `mode`, `eleven` counting 11 in Undenufe, and the last trick's 5.
    pub fn card_points_with(mode: Mode, eleven: UndenufeEleven) -> Counting {
        Counting {
            mode,
            until_trump: None,
            points: PointTable::new(mode, eleven),
            last_bonus: LAST_TRICK_BONUS,
            trick_bonus: None,
        }
    }

    /// The mode of the deal's first trick.
    fn first_mode(&self) -> Mode {
        self.until_trump.unwrap_or(self.mode)
    }

    /// The mode once `card` is played to `trick` (lead first) in `mode`: the suit of the first
    /// card that does not follow becomes trump under [`Counting::until_trump`].
    fn mode_after(&self, mode: Mode, trick: &[Card], card: Card) -> Mode {
        match self.until_trump {
            Some(unset) => mode_after_card(unset, mode, trick, card),
            None => mode,
        }
    }

    /// The point table of a deal that ended (or stands) in `mode`; `None`: it counts nothing
    /// (no trump was set under [`Counting::until_trump`]).
    fn points_in(&self, mode: Mode) -> Option<PointTable> {
        match self.until_trump {
            Some(unset) if mode == unset => None,
            Some(_) => Some(PointTable::new(mode, UndenufeEleven::Ace)),
            None => Some(self.points),
        }
    }
}

/// The card play as the deciding seat sees it.
#[derive(Clone, Copy, Debug)]
pub struct CardPlayView<'a> {
    /// Seats at the table (two to four), `0..seats` in playing order.
    pub seats: usize,
    /// The deciding seat.
    pub seat: usize,
    /// Its hand.
    pub hand: CardSet,
    /// The completed tricks of the deal: leader and cards, in playing order.
    pub completed: &'a [(u8, &'a [Card])],
    /// The seat that led the trick in progress.
    pub trick_leader: u8,
    /// The trick in progress, lead first.
    pub trick: &'a [Card],
    /// Cards of other seats the deciding seat has been shown (the turned card the dealer keeps).
    pub shown: &'a [(u8, CardSet)],
    /// Cards other seats cannot hold by the game's own rules, beyond what following suit tells
    /// (Guggitaler: a rose led where roses may lead only from a hand of roses alone).
    pub ruled_out: &'a [(u8, CardSet)],
    /// The trump mode and what the cards count.
    pub counting: Counting,
    /// Who must follow, trump and may undertrump.
    pub rules: TrickRules,
    /// The cards in play: the whole pack ([`CardSet::ALL`]) but in a game of a short pack
    /// (Pandur's 24 cards, the Nines to the Aces).
    pub pack: CardSet,
    /// The cards each seat was dealt (`36 / seats` when the whole pack is dealt out); those of
    /// `pack` beyond them lie aside, unseen (Pandur's eight when two play).
    pub per_seat: u32,
}

impl CardPlayView<'static> {
    /// The view at a deal's first card: `leader` about to lead from `hand`, nothing played yet
    /// (the start of a play-out that values a contract).
    pub fn opening(
        seats: usize,
        leader: usize,
        hand: CardSet,
        counting: Counting,
        rules: TrickRules,
        pack: CardSet,
        per_seat: u32,
    ) -> Self {
        CardPlayView {
            seats,
            seat: leader,
            hand,
            completed: &[],
            trick_leader: leader as u8,
            trick: &[],
            shown: &[],
            ruled_out: &[],
            counting,
            rules,
            pack,
            per_seat,
        }
    }
}

/// A deal played to its end in one world: what each seat took in the whole deal, the completed
/// tricks before the play-out included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedOut {
    /// The cards each seat took in the tricks played card by card: every trick of the deal, but
    /// for a play-out finished exactly ([`CardPlaySettings::exact_tricks`]) only those before.
    pub taken: [CardSet; 4],
    /// The points each seat took in the whole deal by the view's [`Counting`], the last
    /// trick's and the tricks' bonus ([`Counting::trick_bonus`]) included.
    pub points: [u32; 4],
    /// The tricks each seat won in the whole deal.
    pub tricks: [u8; 4],
    /// The trump mode at the deal's end (with [`Counting::until_trump`], still that mode when
    /// no trump was set).
    pub mode: Mode,
}

/// How the sampling card choice draws, reads and plays out its worlds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CardPlaySettings {
    /// Worlds per card decision (every legal card is played out in each).
    pub samples: usize,
    /// Reading the others' cards: a world weighs `infer` percent for each past card of another
    /// seat that the rule card play would have chosen otherwise in it (100: off, the worlds
    /// drawn alike).
    pub infer: u32,
    /// Worlds drawn per world kept when reading.
    pub infer_pool: usize,
    /// From this many tricks left in a play-out every seat plays its best card for its own
    /// measure ([`Utility`]) with all hands open (max^n by the exact solo solver); before, the
    /// rule card play (0: the rule card play to the end; only for a game that gives a measure).
    pub exact_tricks: u32,
}

/// The card the sampling choice keeps among `legal` (the seat's legal cards), played out in
/// `worlds` (the hands now, by seat); `None` when every card is valued alike (the caller then
/// plays its rule card). `value` values a played-out deal for the deciding seat: higher is
/// better. With `exact`, the last tricks of every play-out are played by the solver.
pub fn sampled_card(
    view: &CardPlayView<'_>,
    legal: &[Card],
    worlds: &[[CardSet; 4]],
    rule: RuleCard<'_>,
    value: &dyn Fn(&PlayedOut) -> i64,
    exact: Option<&Exact<'_>>,
) -> Option<Card> {
    match legal {
        [] => return None,
        [only] => return Some(*only),
        _ => {}
    }
    let mut total = vec![0i64; legal.len()];
    for &world in worlds {
        // One table for the play-outs of a world (the same hands and measures).
        let mut solver = SoloSolver::new();
        for (i, &card) in legal.iter().enumerate() {
            let finish = exact.map(|e| (e, &mut solver));
            total[i] += value(&play_out(view, world, card, rule, finish));
        }
    }
    let best = (0..legal.len())
        .max_by_key(|&i| (total[i], std::cmp::Reverse(i)))
        .expect("a card");
    (!total.iter().all(|&v| v == total[best])).then_some(legal[best])
}

/// The exact last tricks of the play-outs: from `tricks` tricks left every seat plays for its
/// `utility` (max^n, by the exact solo solver).
#[derive(Clone, Copy)]
pub struct Exact<'a> {
    /// Tricks left at which the solver takes over.
    pub tricks: u32,
    /// Every seat's measure.
    pub utility: Utility<'a>,
}

/// The worlds of a card decision (the hands now, by seat): `n` drawn at random among the deals
/// that agree with what the seat has seen in `view`, or, when reading (`infer` below 100 and a
/// card of another seat seen), `n` of `n * infer_pool` kept by how well `rule` explains the
/// others' cards in each ([`misses`]).
pub fn card_worlds(
    view: &CardPlayView<'_>,
    settings: &CardPlaySettings,
    rng: &mut impl RngCore,
    rule: RuleCard<'_>,
) -> Vec<[CardSet; 4]> {
    let mut knowledge = seat_knowledge(
        view.seats,
        view.seat,
        view.hand,
        view.completed,
        (view.trick_leader, view.trick),
        view.shown,
        view.counting.mode,
        view.rules,
    );
    if view.pack != CardSet::ALL || view.per_seat * view.seats as u32 != 36 {
        // A short pack, or cards aside: the cards outside the pack are nowhere, each seat holds
        // what it was dealt less what it played, and the cards aside go to a seat of their own
        // beyond the table's, which never plays.
        debug_assert!(view.per_seat * view.seats as u32 <= view.pack.len());
        let missing = (36 / view.seats as u32).saturating_sub(view.per_seat);
        knowledge.unknown &= view.pack;
        for s in 0..view.seats {
            knowledge.possible[s] &= view.pack;
            knowledge.counts[s] = knowledge.counts[s].saturating_sub(missing);
        }
        let aside = view.pack.len() - view.per_seat * view.seats as u32;
        if aside > 0 && view.seats < 4 {
            knowledge.possible[view.seats] = knowledge.unknown;
            knowledge.counts[view.seats] = aside;
        }
    }
    for &(s, cards) in view.ruled_out {
        let s = s as usize;
        if s != view.seat && s < view.seats {
            knowledge.possible[s] = knowledge.possible[s] - (cards - knowledge.known[s]);
        }
    }
    let inference = Inference::by_rule_misses(settings.infer, settings.infer_pool);
    let evidence = !view.completed.is_empty() || !view.trick.is_empty();
    read_worlds(
        rng,
        settings.samples,
        &inference,
        evidence,
        |rng| sample_world_retry(&knowledge, rng, 20),
        |world| misses(view, world, rule),
    )
}

/// The others' cards played so far in the deal that `rule` would have chosen otherwise in the
/// world `world` (the hands now): the deal replayed from its first card with the world's hands,
/// a card counted only where its seat had two or more legal cards.
pub fn misses(view: &CardPlayView<'_>, world: &[CardSet; 4], rule: RuleCard<'_>) -> u32 {
    let n = view.seats;
    let tricks = || {
        view.completed
            .iter()
            .copied()
            .chain(std::iter::once((view.trick_leader, view.trick)))
    };
    // The hands as dealt: every card played given back to its seat.
    let mut hands = *world;
    for (leader, cards) in tricks() {
        for (k, &c) in cards.iter().enumerate() {
            hands[(leader as usize + k) % n].insert(c);
        }
    }
    let mut gone = CardSet::EMPTY;
    let mut missed = 0;
    let mut mode = view.counting.first_mode();
    for (leader, cards) in tricks() {
        for (k, &c) in cards.iter().enumerate() {
            let seat = (leader as usize + k) % n;
            let before = &cards[..k];
            if seat != view.seat
                && legal_cards(hands[seat], before, mode, view.rules).len() > 1
                && rule(seat, hands[seat], before, gone, k + 1 == n, mode) != c
            {
                missed += 1;
            }
            mode = view.counting.mode_after(mode, before, c);
            hands[seat].remove(c);
            gone.insert(c);
        }
    }
    missed
}

/// Plays the deal out from `view`'s position in the world `world` (the hands still held), the
/// seat's own card `first` played first, everyone else by `rule`, through the one trick-play core;
/// with `exact`, its last tricks by the solver (its table one for this world's hands).
pub fn play_out(
    view: &CardPlayView<'_>,
    world: [CardSet; 4],
    first: Card,
    rule: RuleCard<'_>,
    mut exact: Option<(&Exact<'_>, &mut SoloSolver)>,
) -> PlayedOut {
    let n = view.seats;
    let mut out = PlayedOut {
        taken: [CardSet::EMPTY; 4],
        points: [0; 4],
        tricks: [0; 4],
        mode: view.counting.mode,
    };
    let counting = &view.counting;
    let mut gone = view.trick.iter().copied().collect::<CardSet>();
    // What the tricks write beyond their points, by seat.
    let mut bonus = [0u32; 4];
    let trick_bonus = |cards: CardSet| counting.trick_bonus.map_or(0, |f| f(cards));
    // The mode trick by trick (it changes within a trick under `until_trump`).
    let mut mode = counting.first_mode();
    for &(leader, cards) in view.completed {
        for (k, &c) in cards.iter().enumerate() {
            mode = counting.mode_after(mode, &cards[..k], c);
        }
        let winner = (leader as usize + trick_winner(cards, mode)) % n;
        let cards = cards.iter().copied().collect::<CardSet>();
        bonus[winner] += trick_bonus(cards);
        out.taken[winner] |= cards;
        out.tricks[winner] += 1;
        gone |= cards;
    }
    // The world as the trick in progress began: its cards back in their players' hands, and
    // played again.
    let mut hands = world;
    let leader = view.trick_leader as usize;
    for (i, &c) in view.trick.iter().enumerate() {
        hands[(leader + i) % n].insert(c);
    }
    let mut play =
        AnyTrickPlay::with_rules(&hands[..n], mode, counting.points, view.rules, leader as u8)
            .with_tricks(hands[leader].len() as u8);
    let mut trick = CardSet::EMPTY;
    let mut last = 0;
    let mut take = |out: &mut PlayedOut, trick: &mut CardSet, winner: u8| {
        bonus[winner as usize] += trick_bonus(*trick);
        out.taken[winner as usize] |= *trick;
        out.tricks[winner as usize] += 1;
        last = winner;
        *trick = CardSet::EMPTY;
    };
    for c in view.trick.iter().copied().chain(std::iter::once(first)) {
        trick.insert(c);
        let now = counting.mode_after(mode, play.current(), c);
        if now != mode {
            mode = now;
            play.set_mode(mode);
        }
        // The last of these may complete the trick (the first card is the seat's own).
        if let Some(end) = play.play(c) {
            take(&mut out, &mut trick, end.winner);
        }
    }
    gone.insert(first);
    while !play.is_over() {
        let current = play.current();
        if let Some((x, solver)) = exact.as_mut() {
            let left: u32 = (0..n as u8).map(|s| play.hand(s).len()).sum();
            // (Not while a trump is still to be set: the solver plays one mode; nor when the
            // tricks count more than their points, which the solver does not know.)
            let points = counting
                .points_in(mode)
                .filter(|_| counting.trick_bonus.is_none());
            if let Some(points) =
                points.filter(|_| current.is_empty() && left <= x.tricks * n as u32)
            {
                let counted = Counting {
                    mode,
                    until_trump: None,
                    points,
                    ..*counting
                };
                if let Some(end) = finish_exact(view, &counted, &play, &out, x, solver) {
                    return PlayedOut {
                        points: end.taken[..4].try_into().expect("four seats"),
                        tricks: end.tricks[..4].try_into().expect("four seats"),
                        mode,
                        ..out
                    };
                }
            }
        }
        let seat = play.to_play();
        let c = rule(
            seat as usize,
            play.hand(seat),
            current,
            gone,
            current.len() + 1 == n,
            mode,
        );
        let now = counting.mode_after(mode, current, c);
        if now != mode {
            mode = now;
            play.set_mode(mode);
        }
        gone.insert(c);
        trick.insert(c);
        if let Some(end) = play.play(c) {
            take(&mut out, &mut trick, end.winner);
        }
    }
    out.mode = mode;
    if let Some(points) = counting.points_in(mode) {
        for ((p, &taken), &b) in out.points.iter_mut().zip(&out.taken).zip(&bonus).take(n) {
            *p = points.sum(taken) + b;
        }
        out.points[last as usize] += counting.last_bonus;
    }
    out
}

/// How the deal of `play` (at a trick boundary; `out` what each seat took before) ends when
/// every seat plays for `exact`'s measure with all hands open, the cards counted by `counting`
/// (`None`: the solver gave up).
fn finish_exact(
    view: &CardPlayView<'_>,
    counting: &Counting,
    play: &AnyTrickPlay,
    out: &PlayedOut,
    exact: &Exact<'_>,
    solver: &mut SoloSolver,
) -> Option<SoloOutcome> {
    let n = view.seats;
    let hands: Vec<CardSet> = (0..n as u8).map(|s| play.hand(s)).collect();
    let mut pos = SoloPosition::new_deal(
        &hands,
        play.leader() as usize,
        counting.mode,
        counting.points,
        view.rules,
    );
    pos.last_bonus = counting.last_bonus;
    for s in 0..n {
        pos.taken[s] = counting.points.sum(out.taken[s]);
        pos.tricks[s] = out.tricks[s];
    }
    let utility = |o: &SoloOutcome| -> [i32; SOLO_SEATS] {
        let points: [u32; 4] = o.taken[..4].try_into().expect("four seats");
        let tricks: [u8; 4] = o.tricks[..4].try_into().expect("four seats");
        let u = (exact.utility)(&points, &tricks);
        std::array::from_fn(|i| if i < n { u[i] } else { 0 })
    };
    solver.outcome(&pos, &utility)
}

/// The sampling player of a card-play game, written once: its settings, the random source of its
/// worlds and the deal's trick rules; the game gives the deal's trump, what the seat was shown,
/// its rule card, its objective and every seat's measure at each decision.
#[derive(Clone, Debug)]
pub struct CardPlaySampler {
    settings: CardPlaySettings,
    rules: TrickRules,
    rng: Xoshiro256PlusPlus,
}

impl CardPlaySampler {
    /// A sampler with `settings`, its worlds drawn from `seed`, the cards played under `rules`.
    pub fn new(settings: CardPlaySettings, rules: TrickRules, seed: u64) -> Self {
        CardPlaySampler {
            settings,
            rules,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// The card for the seat to play in `obs` among `legal`, the deal counted by `counting` with
    /// the cards of others in `shown` and those they cannot hold in `ruled_out`, everyone by
    /// `rule` (and, given `utility` and [`CardPlaySettings::exact_tricks`], the last tricks by
    /// every seat's best for its `utility`), each play-out valued by `value` (higher is better);
    /// the rule card when every card is valued alike.
    #[allow(clippy::too_many_arguments)]
    pub fn card<V>(
        &mut self,
        obs: &CardPlayObservation<V>,
        legal: &ActionList<CardPlayAction>,
        counting: Counting,
        shown: &[(u8, CardSet)],
        ruled_out: &[(u8, CardSet)],
        rule: RuleCard<'_>,
        value: &dyn Fn(&PlayedOut) -> i64,
        utility: Option<Utility<'_>>,
    ) -> Card {
        let cards: Vec<Card> = legal
            .iter()
            .map(|a| match a {
                CardPlayAction::Play { card } => card,
            })
            .collect();
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        let view = CardPlayView {
            seats: obs.players as usize,
            seat: obs.seat as usize,
            hand: obs.hand,
            completed: &completed,
            trick_leader: obs.trick_leader,
            trick: &obs.trick,
            shown,
            ruled_out,
            counting,
            rules: self.rules,
            pack: CardSet::ALL,
            per_seat: 36 / u32::from(obs.players),
        };
        let rule_card = || {
            rule(
                obs.seat as usize,
                obs.hand,
                &obs.trick,
                obs.played_cards(),
                obs.plays_last(),
                counting.mode,
            )
        };
        if cards.len() < 2 {
            return cards.first().copied().unwrap_or_else(rule_card);
        }
        let worlds = card_worlds(&view, &self.settings, &mut self.rng, rule);
        let exact = utility
            .filter(|_| self.settings.exact_tricks > 0)
            .map(|utility| Exact {
                tricks: self.settings.exact_tricks,
                utility,
            });
        sampled_card(&view, &cards, &worlds, rule, value, exact.as_ref()).unwrap_or_else(rule_card)
    }
}

/// Plays `deals` deals of a card-play game under `options` with these players (seat-indexed),
/// the packs drawn from `seed`, a new game begun whenever one ends, and sums seat by seat what
/// `figure` reads of each deal (its lines, its points). For measuring players deal by deal; an
/// illegal card is an error.
pub fn sum_over_deals<R: CardPlayRules>(
    players: &mut [Box<dyn Player<CardPlayGame<R>>>],
    options: R::Options,
    deals: usize,
    seed: u64,
    figure: impl Fn(&R::DealScore) -> [u32; 4],
) -> Result<Vec<u32>, String> {
    let mut dealer = SeededDealer::new(seed);
    let mut game = CardPlayGame::<R>::new(options)?;
    let mut total = vec![0; game.seats()];
    let mut legal = ActionList::new();
    for _ in 0..deals {
        if game.to_move() == ToMove::Over {
            game = CardPlayGame::new(options)?;
        }
        game.apply_deal(game.deal_from_pack(&dealer.next_pack()))
            .map_err(|e| e.to_string())?;
        while let ToMove::Seat(seat) = game.to_move() {
            play_turn(&mut game, seat, players[seat].as_mut(), &mut legal)?;
        }
        let score = game.last_deal().ok_or("a played deal is scored")?;
        for (t, x) in total.iter_mut().zip(figure(score)) {
            *t += x;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::trick::legal_cards;
    use jass_core::Suit;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace()
            .map(|c| c.parse::<Card>().unwrap())
            .collect()
    }

    /// Cards in the order written (a trick).
    fn seq(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    /// The lowest legal card.
    fn lowest(
        _seat: usize,
        hand: CardSet,
        trick: &[Card],
        _gone: CardSet,
        _last: bool,
        mode: Mode,
    ) -> Card {
        legal_cards(hand, trick, mode, TrickRules::Strict)
            .first()
            .unwrap()
    }

    fn view<'a>(
        hand: CardSet,
        completed: &'a [(u8, &'a [Card])],
        trick: &'a [Card],
    ) -> CardPlayView<'a> {
        CardPlayView {
            seats: 3,
            seat: 0,
            hand,
            completed,
            trick_leader: 0,
            trick,
            shown: &[],
            ruled_out: &[],
            counting: Counting::card_points(Mode::Obenabe),
            rules: TrickRules::Strict,
            pack: CardSet::ALL,
            per_seat: 12,
        }
    }

    #[test]
    fn a_play_out_gives_every_card_to_a_trick_winner_and_counts_the_completed_tricks() {
        // Three seats, one trick done (seat 1 led, seat 2 won it with the ace), the rest played
        // out from a world of 11 cards each.
        let done = seq("H6 HA H7");
        let completed = [(1u8, done.as_slice())];
        let pack = CardSet::ALL - done.iter().copied().collect::<CardSet>();
        let mut rest = pack.iter();
        let mut world = [CardSet::EMPTY; 4];
        for hand in world.iter_mut().take(3) {
            *hand = (&mut rest).take(11).collect();
        }
        let mut v = view(world[2], &completed, &[]);
        // Seat 2 won the first trick: it leads the second and decides.
        (v.seat, v.trick_leader) = (2, 2);
        let first = lowest(2, world[2], &[], CardSet::EMPTY, false, Mode::Obenabe);
        let out = play_out(&v, world, first, &lowest, None);
        let all = out.taken[0] | out.taken[1] | out.taken[2];
        assert_eq!(all, CardSet::ALL, "every card was taken");
        assert_eq!(out.tricks.iter().map(|&t| u32::from(t)).sum::<u32>(), 12);
        assert!(out.taken[2].contains("HA".parse().unwrap()));
        let points: u32 = (0..3).map(|s| v.counting.points.sum(out.taken[s])).sum();
        assert_eq!(
            points + 5,
            157,
            "the deal's card points and the last trick's 5"
        );
        let by_cards: Vec<u32> = (0..3)
            .map(|s| v.counting.points.sum(out.taken[s]))
            .collect();
        let last: Vec<usize> = (0..3)
            .filter(|&s| out.points[s] == by_cards[s] + 5)
            .collect();
        assert_eq!(last.len(), 1, "one seat has the last trick's 5: {out:?}");
        assert!(out.tricks[last[0]] > 0);
        for (s, &cards) in by_cards.iter().enumerate() {
            assert!(out.points[s] == cards || s == last[0]);
        }
    }

    #[test]
    fn a_play_out_sets_the_trump_at_the_first_card_off_suit_and_counts_by_it() {
        // Mittlere's counting: no trump (Obenabe) until a card off suit sets it. Seat 0 leads the
        // ace of hearts; seat 1 has no heart and plays the six of spades: spades are trump, and
        // the six takes the trick. Every card is then counted by the spades' points.
        let hands = [
            cards("HA HK HQ HJ H10 H9 H8 H7 H6 DA DK DQ"),
            cards("S6 S7 S8 S9 S10 SJ SQ SK SA CJ C10 C9"),
            cards("C6 C7 C8 CQ CK CA DJ D10 D9 D8 D7 D6"),
            CardSet::EMPTY,
        ];
        let mut v = view(hands[0], &[], &[]);
        v.counting.until_trump = Some(Mode::Obenabe);
        v.rules = TrickRules::Weak;
        let first = "HA".parse().unwrap();
        // Every seat plays its lowest legal card in the mode as it stands.
        let weak = |_: usize, hand: CardSet, trick: &[Card], _: CardSet, _: bool, mode: Mode| {
            legal_cards(hand, trick, mode, TrickRules::Weak)
                .first()
                .unwrap()
        };
        let out = play_out(&v, hands, first, &weak, None);
        assert_eq!(out.mode, Mode::Trump(Suit::S));
        assert!(out.taken[1].contains("HA".parse().unwrap()), "{out:?}");
        let spades = PointTable::new(Mode::Trump(Suit::S), UndenufeEleven::Ace);
        assert_eq!(out.points.iter().sum::<u32>(), 157);
        for s in 0..3 {
            let bonus = out.points[s] - spades.sum(out.taken[s]);
            assert!(bonus == 0 || bonus == 5, "{out:?}");
        }
    }

    #[test]
    fn the_choice_avoids_a_trick_it_can_duck() {
        // Seat 0 plays last to a trick of the hearts 7 and 8 and holds the king and the 6 of
        // hearts; the objective is to take as few card points as possible: ducking with the 6
        // is better in every world.
        let trick = seq("H7 H8");
        let hand = cards("HK H6 S6 S7 S8 S9 C6 C7 C8 C9 D6 D7");
        let mut v = view(hand, &[], &trick);
        v.trick_leader = 1;
        let legal: Vec<Card> = legal_cards(hand, &trick, Mode::Obenabe, TrickRules::Strict)
            .iter()
            .collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let me = 0usize;
        let settings = CardPlaySettings {
            samples: 20,
            infer: 100,
            infer_pool: 1,
            exact_tricks: 0,
        };
        let worlds = card_worlds(&v, &settings, &mut rng, &lowest);
        assert_eq!(worlds.len(), 20);
        let fewest = |out: &PlayedOut| -(v.counting.points.sum(out.taken[me]) as i64);
        let chosen = sampled_card(&v, &legal, &worlds, &lowest, &fewest, None);
        assert_eq!(chosen, Some("H6".parse().unwrap()));
        // With one legal card there is nothing to sample.
        let only: [Card; 1] = ["H6".parse().unwrap()];
        assert_eq!(
            sampled_card(&v, &only, &worlds, &lowest, &|_| 0, None),
            Some(only[0])
        );
    }

    #[test]
    fn the_worlds_keep_what_a_seat_cannot_hold() {
        // Three seats of twelve cards; seat 1 led the ace of hearts, and the game's rules say it
        // can hold no spade or club (eleven cards of the seven hearts and six diamonds out): in
        // every world it holds hearts and diamonds only.
        let trick = seq("HA");
        let hand = cards("HK S6 S7 S8 S9 C6 C7 C8 C9 D6 D7 D8");
        let mut v = view(hand, &[], &trick);
        v.trick_leader = 1;
        let red = CardSet::suit(Suit::H) | CardSet::suit(Suit::D);
        let ruled_out = [(1u8, CardSet::ALL - red)];
        v.ruled_out = &ruled_out;
        let settings = CardPlaySettings {
            samples: 20,
            infer: 100,
            infer_pool: 1,
            exact_tricks: 0,
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let worlds = card_worlds(&v, &settings, &mut rng, &lowest);
        assert_eq!(worlds.len(), 20);
        for w in &worlds {
            assert_eq!(w[1].len(), 11, "{w:?}");
            assert!((w[1] - red).is_empty(), "{w:?}");
        }
        // Without the rule, some world gives it another suit.
        v.ruled_out = &[];
        let worlds = card_worlds(&v, &settings, &mut rng, &lowest);
        assert!(worlds.iter().any(|w| !(w[1] - red).is_empty()));
    }

    /// A world counts the others' past cards the rule card play would not have played with the
    /// hands it deals them, not a card that was the only legal one; reading keeps the worlds
    /// that explain more.
    #[test]
    fn a_world_misses_the_cards_its_hands_do_not_explain() {
        // Seat 1 led the first trick with the spades 7, seat 2 followed with the spades 8 and
        // seat 0 (deciding now, to lead the second trick) with the ace; `lowest` leads and
        // follows with the lowest legal card.
        let done = seq("S7 S8 SA");
        let completed = [(1u8, done.as_slice())];
        let mut v = view(cards("HA HK HQ HJ H10 H9 H8 H7 H6 D6 D7"), &completed, &[]);
        (v.seat, v.trick_leader) = (0, 0);
        // Explained: seat 1 held no lower card than the spades 7 (its six elsewhere), seat 2
        // nothing lower than the 8 in spades.
        let rest = CardSet::ALL - v.hand - done.iter().copied().collect::<CardSet>();
        let seat1 = cards("S9 S10 SJ SQ SK C6 C7 C8 C9 C10 CJ");
        let seat2 = rest - seat1;
        assert!(seat2.contains("S6".parse().unwrap()));
        // Seat 2 held the six of spades and followed with the eight: one miss.
        assert_eq!(
            misses(&v, &[v.hand, seat1, seat2, CardSet::EMPTY], &lowest),
            1
        );
        // Swap the six into seat 1's hand: it led the seven holding the six (a miss), and seat 2
        // followed with its only spade (no choice, no miss): one miss again, now seat 1's.
        let six: CardSet = cards("S6");
        let c6: CardSet = cards("C6");
        let (s1, s2) = ((seat1 - c6) | six, (seat2 - six) | c6);
        assert_eq!(misses(&v, &[v.hand, s1, s2, CardSet::EMPTY], &lowest), 1);
        // With infer 100 the worlds are drawn alike; reading keeps the explained ones first.
        let reading = CardPlaySettings {
            samples: 30,
            infer: 1,
            infer_pool: 8,
            exact_tricks: 0,
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let read = card_worlds(&v, &reading, &mut rng, &lowest);
        let plain = card_worlds(
            &v,
            &CardPlaySettings {
                infer: 100,
                ..reading
            },
            &mut rng,
            &lowest,
        );
        let mean = |w: &[[CardSet; 4]]| {
            w.iter().map(|x| misses(&v, x, &lowest)).sum::<u32>() as f64 / w.len() as f64
        };
        assert_eq!((read.len(), plain.len()), (30, 30));
        assert!(
            mean(&read) < mean(&plain),
            "read worlds {} misses against {} drawn alike",
            mean(&read),
            mean(&plain)
        );
    }

    /// The exact last tricks carry over what was taken before: with the last trick left (its
    /// cards forced) the play-out ends as the rule card play's; with more, every card and point
    /// is still counted once.
    #[test]
    fn the_exact_last_tricks_end_the_deal_with_every_point_counted() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        // Each seat wants the fewest card points.
        let fewest = |points: &[u32; 4], _: &[u8; 4]| -> [i32; 4] {
            std::array::from_fn(|s| -(points[s] as i32))
        };
        for round in 0..40 {
            // Three seats, twelve cards each, the deciding seat leads the first trick.
            let mut pack: Vec<Card> = CardSet::ALL.iter().collect();
            for i in (1..pack.len()).rev() {
                pack.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            let mut world = [CardSet::EMPTY; 4];
            for (i, &c) in pack.iter().enumerate() {
                world[i % 3].insert(c);
            }
            let mut v = view(world[0], &[], &[]);
            v.seat = 0;
            let first = lowest(0, world[0], &[], CardSet::EMPTY, false, Mode::Obenabe);
            let plain = play_out(&v, world, first, &lowest, None);
            let tricks = [1, 1 + round % 4][(round % 2) as usize];
            let exact = Exact {
                tricks,
                utility: &fewest,
            };
            let mut solver = SoloSolver::new();
            let solved = play_out(&v, world, first, &lowest, Some((&exact, &mut solver)));
            assert_eq!(solved.points.iter().sum::<u32>(), 157, "{solved:?}");
            assert_eq!(solved.tricks.iter().map(|&t| u32::from(t)).sum::<u32>(), 12);
            for s in 0..3 {
                assert!(v.counting.points.sum(solved.taken[s]) <= solved.points[s]);
            }
            if tricks == 1 {
                assert_eq!((solved.points, solved.tricks), (plain.points, plain.tricks));
            }
        }
    }
}

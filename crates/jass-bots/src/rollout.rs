//! A light card-play simulator for rollouts of the games without partners (Differenzler,
//! Handjass): the seats at the table with all hands known (a sampled world), the trick in
//! progress, and the card points each seat has taken. The cards are played by the trick-play
//! core ([`AnyTrickPlay`], its places `0..n` the seats of [`RolloutTable::seats`]); this keeps
//! the seat numbers, what was taken before the play-out began and the cards seen played.
//! Allocation-free and `Copy`, apart from the [`PlayView`] it builds for the rule policies.

use jass_core::trick_play::AnyTrickPlay;
use jass_core::{Card, CardSet, Mode, PointTable, TrickRules};
use jass_solver::{SoloOutcome, SoloPosition, SoloSolver, SOLO_SEATS};

use jass_core::playing_seats::PlayingSeats;

use crate::pimc::MAX_SEATS;
use crate::play_common::PlayView;
use crate::play_model::PlaySituation;

/// The place of a seat not at the table.
const NO_PLACE: u8 = u8::MAX;

/// What every rollout of a deal shares: the seats at the table in playing order, the mode and
/// its card points, the trick rules and the last trick's bonus.
#[derive(Copy, Clone, Debug)]
pub struct RolloutTable {
    /// Seats at the table in playing order, the core's places (two to [`MAX_SEATS`]).
    pub seats: PlayingSeats,
    /// The trump mode.
    pub mode: Mode,
    /// Its card points.
    pub points: PointTable,
    /// Trick rules.
    pub rules: TrickRules,
    /// Points for the last trick.
    pub last_bonus: u32,
}

impl RolloutTable {
    /// The table of the seats `order` (in playing order, two to [`MAX_SEATS`]).
    pub fn new(
        order: &[u8],
        mode: Mode,
        points: PointTable,
        rules: TrickRules,
        last_bonus: u32,
    ) -> Self {
        RolloutTable {
            seats: PlayingSeats::new(order),
            mode,
            points,
            rules,
            last_bonus,
        }
    }

    /// The place (in playing order) of `seat`, the first if it is not at the table.
    fn place_of(&self, seat: u8) -> usize {
        self.seats.place_of(seat).map_or(0, usize::from)
    }

    /// The seat at `place` (in playing order).
    fn seat_at(&self, place: usize) -> u8 {
        self.seats.seats()[place]
    }

    /// How many seats play.
    pub fn n(&self) -> usize {
        self.seats.len()
    }

    /// The card play from the trick that `leader` leads, with the hands (by seat number) now:
    /// `trick` its cards played so far (in no hand any more), every seat's hand as many cards
    /// as tricks are left once the trick's cards are given back. Nothing is taken yet
    /// ([`Rollout::with_taken`]); the trick's cards count as played.
    pub fn rollout(&self, hands: &[CardSet; MAX_SEATS], leader: u8, trick: &[Card]) -> Rollout {
        let n = self.n();
        let first = self.place_of(leader);
        let mut by_place = [CardSet::EMPTY; MAX_SEATS];
        for (i, h) in by_place[..n].iter_mut().enumerate() {
            *h = hands[self.seat_at(i) as usize];
        }
        for (k, &c) in trick.iter().enumerate() {
            by_place[(first + k) % n].insert(c);
        }
        let tricks = by_place[..n].iter().map(|h| h.len()).max().unwrap_or(0);
        let mut place = [NO_PLACE; MAX_SEATS];
        for (i, &s) in self.seats.seats().iter().enumerate() {
            place[s as usize] = i as u8;
        }
        let deal = AnyTrickPlay::with_rules(
            &by_place[..n],
            self.mode,
            self.points,
            self.rules,
            first as u8,
        )
        .with_tricks(tricks as u8)
        .with_last_trick_bonus(self.last_bonus);
        let mut r = Rollout {
            table: *self,
            place,
            deal,
            before_taken: [0; MAX_SEATS],
            before_tricks: [0; MAX_SEATS],
            played: CardSet::EMPTY,
        };
        for &c in trick {
            r.play(c);
        }
        r
    }
}

/// Nine (or fewer) tricks in progress among the seats of a [`RolloutTable`].
#[derive(Copy, Clone, Debug)]
pub struct Rollout {
    table: RolloutTable,
    /// Each seat's place in playing order ([`NO_PLACE`] if it is not at the table).
    place: [u8; MAX_SEATS],
    /// The card play, its seats the places.
    deal: AnyTrickPlay,
    /// Card points (with the last-trick bonus) and tricks each seat took before `deal` began
    /// (by seat number).
    before_taken: [u32; MAX_SEATS],
    before_tricks: [u8; MAX_SEATS],
    /// Every card played so far (seen by everyone).
    played: CardSet,
}

impl Rollout {
    /// The same play-out with these card points and tricks (by seat number) taken before it,
    /// in the tricks already completed.
    pub fn with_taken(mut self, taken: &[u32; MAX_SEATS], tricks: &[u8; MAX_SEATS]) -> Self {
        for s in 0..MAX_SEATS {
            self.before_taken[s] += taken[s];
            self.before_tricks[s] += tricks[s];
        }
        self
    }

    /// The same play-out with these cards also seen played (the completed tricks).
    pub fn with_played(mut self, played: CardSet) -> Self {
        self.played |= played;
        self
    }

    /// The same play-out before its first card with `leader` to lead instead.
    pub fn led_by(self, leader: u8) -> Self {
        debug_assert!(self.deal.tricks_done() == 0 && self.deal.current().is_empty());
        let hands = std::array::from_fn(|s| self.hand(s as u8));
        Rollout {
            before_taken: self.before_taken,
            before_tricks: self.before_tricks,
            played: self.played,
            ..self.table.rollout(&hands, leader, &[])
        }
    }

    /// The table.
    pub fn table(&self) -> &RolloutTable {
        &self.table
    }

    /// The seat to play.
    #[inline]
    pub fn mover(&self) -> u8 {
        self.table.seat_at(self.deal.to_play() as usize)
    }

    /// True once every card is played.
    #[inline]
    pub fn done(&self) -> bool {
        self.deal.is_over()
    }

    /// The legal cards of the seat to play.
    #[inline]
    pub fn legal(&self) -> CardSet {
        self.deal.legal_cards()
    }

    /// The cards `seat` holds.
    #[inline]
    pub fn hand(&self, seat: u8) -> CardSet {
        match self.place[seat as usize] {
            NO_PLACE => CardSet::EMPTY,
            p => self.deal.hand(p),
        }
    }

    /// Card points `seat` has taken (with the last-trick bonus).
    #[inline]
    pub fn taken(&self, seat: u8) -> u32 {
        let s = seat as usize;
        match self.place[s] {
            NO_PLACE => self.before_taken[s],
            p => self.before_taken[s] + self.deal.taken(p),
        }
    }

    /// Tricks `seat` has taken.
    #[inline]
    pub fn tricks(&self, seat: u8) -> u8 {
        let s = seat as usize;
        match self.place[s] {
            NO_PLACE => self.before_tricks[s],
            p => self.before_tricks[s] + self.deal.seat_tricks(p),
        }
    }

    /// Plays a card of the seat to play (the caller keeps it legal).
    #[inline]
    pub fn play(&mut self, c: Card) {
        self.played.insert(c);
        self.deal.play(c);
    }

    /// Plays `cards` (the deal's card play so far, in order, from this rollout's start) and
    /// calls `f` with the rollout before each card of a seat other than `me` that had two or
    /// more legal cards, and that card.
    pub fn replay_each(
        mut self,
        cards: impl IntoIterator<Item = Card>,
        me: u8,
        mut f: impl FnMut(&Rollout, Card),
    ) {
        for c in cards {
            if self.mover() != me && self.legal().len() >= 2 {
                f(&self, c);
            }
            self.play(c);
        }
    }

    /// The seat to play's card decision for the learned play models: what it sees (its hand,
    /// the trick, every card gone), each seat for itself.
    pub fn situation(&self) -> PlaySituation<'_> {
        let trick = self.deal.current();
        PlaySituation {
            seat: self.mover(),
            hand: self.deal.hand(self.deal.to_play()),
            legal: self.legal(),
            leader: self.table.seat_at(self.deal.leader() as usize),
            trick,
            gone: self.played,
            mode: self.table.mode,
            points: self.table.points,
            choosers: false,
            partners: false,
            tricks_done: (self.played.len() as usize - trick.len()) / self.table.n(),
            seats: self.table.n() as u8,
        }
    }

    /// The cards still in the hands.
    pub fn cards_left(&self) -> u32 {
        (0..self.table.n() as u8)
            .map(|p| self.deal.hand(p).len())
            .sum()
    }

    /// The position for the exact solo solver: the seats in playing order as its players.
    pub fn solo_position(&self) -> SoloPosition {
        let n = self.table.n();
        let at = |i: usize| self.table.seat_at(i);
        let current = self.deal.current();
        let mut trick = [Card::from_dense(0); SOLO_SEATS];
        trick[..current.len()].copy_from_slice(current);
        SoloPosition {
            n,
            hands: std::array::from_fn(|i| {
                if i < n {
                    self.deal.hand(i as u8)
                } else {
                    CardSet::EMPTY
                }
            }),
            mode: self.table.mode,
            points: self.table.points,
            rules: self.table.rules,
            leader: self.deal.leader() as usize,
            trick,
            trick_len: current.len(),
            taken: std::array::from_fn(|i| if i < n { self.taken(at(i)) } else { 0 }),
            tricks: std::array::from_fn(|i| if i < n { self.tricks(at(i)) } else { 0 }),
            last_bonus: self.table.last_bonus,
        }
    }

    /// Plays the deal to its end as the exact solver does when every seat plays for its own
    /// measure with all hands open (max^n, [`SoloSolver::outcome`]): `utility` gives every
    /// seat's measure (by seat number) of the points and tricks (by seat number) at the end.
    /// Returns false, the rollout unchanged, if the solver's node budget ran out.
    pub fn finish_exact(
        &mut self,
        solver: &mut SoloSolver,
        utility: impl Fn(&[u32; MAX_SEATS], &[u8; MAX_SEATS]) -> [i32; MAX_SEATS],
    ) -> bool {
        let order = self.table.seats.seats();
        let n = self.table.n();
        // The solver numbers the players in playing order; the measures are by seat.
        let by_seat = |o: &SoloOutcome| {
            let mut taken = [0u32; MAX_SEATS];
            let mut tricks = [0u8; MAX_SEATS];
            for i in 0..n {
                taken[order[i] as usize] = o.taken[i];
                tricks[order[i] as usize] = o.tricks[i];
            }
            (taken, tricks)
        };
        let per_player = |o: &SoloOutcome| -> [i32; SOLO_SEATS] {
            let (taken, tricks) = by_seat(o);
            let u = utility(&taken, &tricks);
            std::array::from_fn(|i| if i < n { u[order[i] as usize] } else { 0 })
        };
        let Some(o) = solver.outcome(&self.solo_position(), &per_player) else {
            return false;
        };
        let (taken, tricks) = by_seat(&o);
        // The outcome counts every trick: the play ends with nothing left, all taken before.
        for p in 0..n as u8 {
            self.played |= self.deal.hand(p);
        }
        for &c in self.deal.current() {
            self.played.insert(c);
        }
        for &s in &order[..n] {
            self.before_taken[s as usize] = taken[s as usize];
            self.before_tricks[s as usize] = tricks[s as usize];
        }
        let t = &self.table;
        self.deal = AnyTrickPlay::with_rules(
            &[CardSet::EMPTY; MAX_SEATS][..n],
            t.mode,
            t.points,
            t.rules,
            self.deal.leader(),
        )
        .with_tricks(0)
        .with_last_trick_bonus(t.last_bonus);
        true
    }

    /// Plays the deal to its end with `policy`'s card for every seat but `me`, and for `me` the
    /// cards that end it best by `score` (higher is better) with all hands open: `me`'s best
    /// reply to the others' play, found by trying each of its legal cards at each of its turns
    /// (the others' cards follow from the policy, so the search branches on `me`'s cards only).
    pub fn finish_best_reply(
        &mut self,
        me: u8,
        policy: &impl Fn(&Rollout) -> Card,
        score: &impl Fn(&Rollout) -> i64,
    ) {
        *self = best_reply(*self, me, policy, score).1;
    }

    /// The rule players' view of the seat to play: its hand, the legal cards, the trick, and as
    /// seen every card played so far.
    pub fn view(&self) -> PlayView {
        let n = self.table.n();
        let to_play = self.deal.to_play();
        let s = self.table.seat_at(to_play as usize);
        let hand = self.deal.hand(to_play);
        let trick = self.deal.current();
        let first = self.deal.leader() as usize;
        PlayView {
            seat: s,
            partner: None,
            hand,
            legal: self.legal(),
            mode: self.table.mode,
            points: self.table.points,
            trick: trick.to_vec(),
            trick_seats: (0..trick.len())
                .map(|k| self.table.seat_at((first + k) % n))
                .collect(),
            after_me: n - 1 - trick.len(),
            seen: hand | self.played,
            we_chose: false,
            partner_chose: false,
            partner_discard: None,
            signal: false,
        }
    }
}

/// The end of `r` with `me`'s best reply to `policy`, and its score.
fn best_reply(
    mut r: Rollout,
    me: u8,
    policy: &impl Fn(&Rollout) -> Card,
    score: &impl Fn(&Rollout) -> i64,
) -> (i64, Rollout) {
    while !r.done() {
        if r.mover() != me {
            let c = policy(&r);
            r.play(c);
            continue;
        }
        let legal = r.legal();
        if legal.len() == 1 {
            r.play(legal.iter().next().expect("one card"));
            continue;
        }
        let mut best: Option<(i64, Rollout)> = None;
        for c in legal {
            let mut child = r;
            child.play(c);
            let end = best_reply(child, me, policy, score);
            if !matches!(best, Some((b, _)) if b >= end.0) {
                best = Some(end);
            }
        }
        return best.expect("a legal card");
    }
    (score(&r), r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::{four_hands, SeededDealer};
    use jass_core::trick::{legal_cards, trick_points, trick_winner};
    use jass_core::{Suit, UndenufeEleven};

    /// A four-seat deal of `seed` in `mode` under the weak trick rules, `leader` to lead.
    fn four_seats(seed: u64, mode: Mode, leader: u8) -> Rollout {
        let hands = four_hands(&SeededDealer::new(seed).next_pack(), 0);
        let table = RolloutTable::new(
            &[0, 1, 2, 3],
            mode,
            PointTable::new(mode, UndenufeEleven::Ace),
            TrickRules::Weak,
            5,
        );
        table.rollout(
            &[hands[0], hands[1], hands[2], hands[3], CardSet::EMPTY],
            leader,
            &[],
        )
    }

    /// Every seat's points (by seat number), summed.
    fn all_taken(r: &Rollout) -> u32 {
        (0..MAX_SEATS as u8).map(|s| r.taken(s)).sum()
    }

    /// Every seat's tricks (by seat number), summed.
    fn all_tricks(r: &Rollout) -> u32 {
        (0..MAX_SEATS as u8).map(|s| u32::from(r.tricks(s))).sum()
    }

    #[test]
    fn a_rollout_deals_out_every_point() {
        let mut r = four_seats(4, Mode::Trump(Suit::S), 2);
        while !r.done() {
            let legal = r.legal();
            assert!(!legal.is_empty());
            let v = r.view();
            assert_eq!(v.legal, legal);
            r.play(crate::play_common::take_points(&v));
        }
        assert_eq!(all_taken(&r), 157);
        assert_eq!(all_tricks(&r), 9);
        assert_eq!(r.played, CardSet::ALL);
    }

    /// Seats other than `0..n` in playing order (two to five of them, some seats not at the
    /// table), from a trick under way with points taken before: every step as the trick rules
    /// say, played out by hand here with the seat numbers (the simulator this one replaced).
    #[test]
    fn seats_in_any_order_play_by_the_trick_rules() {
        let orders: [&[u8]; 4] = [&[1, 0], &[3, 0, 1], &[2, 3, 0, 1], &[4, 2, 0, 3, 1]];
        let rule_sets = [
            TrickRules::Strict,
            TrickRules::Weak,
            TrickRules::Heading,
            TrickRules::MustTrump,
        ];
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |below: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % u64::from(below)) as u32
        };
        for i in 0..600u64 {
            let order = orders[(i % 4) as usize];
            let n = order.len();
            let rules = rule_sets[(i / 4 % 4) as usize];
            let mode = Mode::ALL[(i / 12 % 6) as usize];
            let points = PointTable::new(mode, UndenufeEleven::Ace);
            let tricks = (36 / n).min(7);
            let pack = SeededDealer::new(i).next_pack();
            let mut hands = [CardSet::EMPTY; MAX_SEATS];
            for (k, &s) in order.iter().enumerate() {
                hands[s as usize] = pack[k * tricks..(k + 1) * tricks].iter().copied().collect();
            }
            let leader = order[(i % n as u64) as usize];
            // Some cards of the first trick played before the rollout starts.
            let first = order.iter().position(|&s| s == leader).unwrap();
            let mut trick = Vec::new();
            for k in 0..(i as usize / 3) % n {
                let s = order[(first + k) % n] as usize;
                let legal = legal_cards(hands[s], &trick, mode, rules);
                let c = legal.nth(next(legal.len()));
                hands[s].remove(c);
                trick.push(c);
            }
            let before: [u32; MAX_SEATS] = std::array::from_fn(|s| s as u32 * 3);
            let before_tricks: [u8; MAX_SEATS] = std::array::from_fn(|s| s as u8 % 2);
            let table = RolloutTable::new(order, mode, points, rules, 10);
            let mut r = table
                .rollout(&hands, leader, &trick)
                .with_taken(&before, &before_tricks);
            // The reference: seat numbers, the trick's cards, the trick rules' functions.
            let mut taken = before;
            let mut won = before_tricks;
            let mut lead_at = first;
            while !r.done() {
                let s = order[(lead_at + trick.len()) % n];
                assert_eq!(r.mover(), s, "deal {i}");
                let legal = legal_cards(hands[s as usize], &trick, mode, rules);
                assert_eq!(r.legal(), legal, "deal {i}, {rules:?}, {mode}");
                let v = r.view();
                assert_eq!(v.trick, trick);
                assert_eq!(v.hand, hands[s as usize]);
                let seats: Vec<u8> = (0..trick.len()).map(|k| order[(lead_at + k) % n]).collect();
                assert_eq!(v.trick_seats, seats);
                let c = legal.nth(next(legal.len()));
                r.play(c);
                hands[s as usize].remove(c);
                trick.push(c);
                if trick.len() == n {
                    let w = (lead_at + trick_winner(&trick, mode)) % n;
                    let mut p = trick_points(&trick, points);
                    if hands.iter().all(|h| h.is_empty()) {
                        p += 10;
                    }
                    taken[order[w] as usize] += p;
                    won[order[w] as usize] += 1;
                    lead_at = w;
                    trick.clear();
                }
                for seat in 0..MAX_SEATS as u8 {
                    assert_eq!(r.taken(seat), taken[seat as usize], "deal {i}");
                    assert_eq!(r.tricks(seat), won[seat as usize], "deal {i}");
                    assert_eq!(r.hand(seat), hands[seat as usize]);
                }
            }
            assert!(hands.iter().all(|h| h.is_empty()));
            assert_eq!(r.cards_left(), 0);
        }
    }

    #[test]
    fn the_best_reply_is_at_least_as_good_as_any_line_of_the_own_cards() {
        for seed in 0..30 {
            let mut r = four_seats(seed, Mode::Obenabe, (seed % 4) as u8);
            // Random play to 12 cards left (three tricks).
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            while r.cards_left() > 12 {
                let legal = r.legal();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                r.play(legal.nth((x % legal.len() as u64) as u32));
            }
            let me = (seed % 4) as u8;
            let policy = |r: &Rollout| crate::play_common::take_points(&r.view());
            // Seat `me` aims at 20 more points.
            let target = r.taken(me) as i64 + 20;
            let score = |r: &Rollout| -(r.taken(me) as i64 - target).abs();
            let mut best = r;
            best.finish_best_reply(me, &policy, &score);
            assert!(best.done());
            assert_eq!(all_taken(&best), 157);
            // Every one of `me`'s lines (the others by the policy) scores no better.
            fn all_lines(
                r: Rollout,
                me: u8,
                policy: &impl Fn(&Rollout) -> Card,
                out: &mut Vec<Rollout>,
            ) {
                if r.done() {
                    out.push(r);
                    return;
                }
                if r.mover() == me {
                    for c in r.legal() {
                        let mut child = r;
                        child.play(c);
                        all_lines(child, me, policy, out);
                    }
                } else {
                    let mut child = r;
                    child.play(policy(&r));
                    all_lines(child, me, policy, out);
                }
            }
            let mut ends = Vec::new();
            all_lines(r, me, &policy, &mut ends);
            let top = ends.iter().map(score).max().unwrap();
            assert_eq!(score(&best), top, "seed {seed}");
            // … and the rule play of `me` is one of those lines.
            let mut rule = r;
            while !rule.done() {
                rule.play(policy(&rule));
            }
            assert!(score(&rule) <= top);
        }
    }

    #[test]
    fn an_exact_finish_deals_out_every_point_and_keeps_the_seats() {
        // Three seats at the table (seat 2 out), in the order 3, 0, 1.
        let mode = Mode::Trump(Suit::H);
        let pack = SeededDealer::new(9).next_pack();
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for (i, &c) in pack.iter().take(12).enumerate() {
            hands[[3, 0, 1][i % 3]].insert(c);
        }
        let table = RolloutTable::new(
            &[3, 0, 1],
            mode,
            PointTable::new(mode, UndenufeEleven::Ace),
            TrickRules::Strict,
            5,
        );
        let mut r = table
            .rollout(&hands, 0, &[])
            .with_taken(&[0, 7, 0, 3, 0], &[0, 1, 0, 1, 0]);
        let left = r.solo_position().remaining_points();
        r.play(r.legal().iter().next().unwrap());
        let mut solver = SoloSolver::new();
        // Every seat wants as many points as it can get.
        assert!(r.finish_exact(&mut solver, |taken, _| taken.map(|t| t as i32)));
        assert!(r.done());
        assert_eq!(r.cards_left(), 0);
        assert_eq!(all_taken(&r), 10 + left);
        assert_eq!(r.taken(2), 0);
        assert_eq!(all_tricks(&r), 2 + 4);
        // The cards of the hands and the trick are played.
        assert_eq!(r.played.len(), 12);
    }
}

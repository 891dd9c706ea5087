//! A light card-play simulator for rollouts of the games without partners (Differenzler,
//! Handjass): the seats at the table with all hands known (a sampled world), the trick in
//! progress, and the card points each seat has taken. Allocation-free apart from the
//! [`PlayView`] it builds for the rule policies.

use jass_core::trick::{legal_cards, trick_points, trick_winner};
use jass_core::{Card, CardSet, Mode, PointTable, TrickRules};
use jass_solver::{SoloOutcome, SoloPosition, SoloSolver, SOLO_SEATS};

use crate::pimc::MAX_SEATS;
use crate::play_common::PlayView;

/// Nine (or fewer) tricks in progress among the seats of `order`.
#[derive(Copy, Clone, Debug)]
pub struct Rollout {
    /// Seats at the table in playing order.
    pub order: [u8; MAX_SEATS],
    /// How many seats play.
    pub n: usize,
    /// The cards each seat holds (by seat number).
    pub hands: [CardSet; MAX_SEATS],
    /// The trump mode.
    pub mode: Mode,
    /// Its card points.
    pub points: PointTable,
    /// Trick rules.
    pub rules: TrickRules,
    /// Who led the current trick.
    pub leader: u8,
    /// The cards of the current trick.
    pub trick: [Card; MAX_SEATS],
    /// How many lie in it.
    pub trick_len: usize,
    /// Card points taken by each seat (with the last-trick bonus).
    pub taken: [u32; MAX_SEATS],
    /// Tricks taken by each seat.
    pub tricks: [u8; MAX_SEATS],
    /// Every card played so far (seen by everyone).
    pub played: CardSet,
    /// Points for the last trick.
    pub last_bonus: u32,
}

impl Rollout {
    /// The seat to play.
    pub fn mover(&self) -> u8 {
        let i = self.order[..self.n]
            .iter()
            .position(|&s| s == self.leader)
            .unwrap_or(0);
        self.order[(i + self.trick_len) % self.n]
    }

    /// True once every card is played.
    pub fn done(&self) -> bool {
        self.trick_len == 0
            && self.order[..self.n]
                .iter()
                .all(|&s| self.hands[s as usize].is_empty())
    }

    /// The legal cards of the seat to play.
    pub fn legal(&self) -> CardSet {
        legal_cards(
            self.hands[self.mover() as usize],
            &self.trick[..self.trick_len],
            self.mode,
            self.rules,
        )
    }

    /// Plays a card of the seat to play (the caller keeps it legal).
    pub fn play(&mut self, c: Card) {
        let s = self.mover();
        self.hands[s as usize].remove(c);
        self.played.insert(c);
        self.trick[self.trick_len] = c;
        self.trick_len += 1;
        if self.trick_len < self.n {
            return;
        }
        let cards = &self.trick[..self.n];
        let i = self.order[..self.n]
            .iter()
            .position(|&x| x == self.leader)
            .unwrap_or(0);
        let w = self.order[(i + trick_winner(cards, self.mode)) % self.n];
        let mut p = trick_points(cards, self.points);
        self.trick_len = 0;
        self.leader = w;
        if self.order[..self.n]
            .iter()
            .all(|&x| self.hands[x as usize].is_empty())
        {
            p += self.last_bonus;
        }
        self.taken[w as usize] += p;
        self.tricks[w as usize] += 1;
    }

    /// Plays `cards` (the deal's card play so far, in order, from this rollout's start) and
    /// counts those of seats other than `me` that `policy` would have chosen otherwise when
    /// they had two or more legal cards (reading the others' cards, [`crate::inference`]).
    pub fn replay_misses(
        mut self,
        cards: impl IntoIterator<Item = Card>,
        me: u8,
        mut policy: impl FnMut(&Rollout) -> Card,
    ) -> u32 {
        let mut misses = 0;
        for c in cards {
            if self.mover() != me && self.legal().len() >= 2 && policy(&self) != c {
                misses += 1;
            }
            self.play(c);
        }
        misses
    }

    /// The cards still in the hands.
    pub fn cards_left(&self) -> u32 {
        self.order[..self.n]
            .iter()
            .map(|&s| self.hands[s as usize].len())
            .sum()
    }

    /// The position for the exact solo solver: the seats in playing order as its players.
    pub fn solo_position(&self) -> SoloPosition {
        let at = |i: usize| self.order[i] as usize;
        SoloPosition {
            n: self.n,
            hands: std::array::from_fn(|i| {
                if i < self.n {
                    self.hands[at(i)]
                } else {
                    CardSet::EMPTY
                }
            }),
            mode: self.mode,
            points: self.points,
            rules: self.rules,
            leader: self.order[..self.n]
                .iter()
                .position(|&s| s == self.leader)
                .unwrap_or(0),
            trick: self.trick,
            trick_len: self.trick_len,
            taken: std::array::from_fn(|i| if i < self.n { self.taken[at(i)] } else { 0 }),
            tricks: std::array::from_fn(|i| if i < self.n { self.tricks[at(i)] } else { 0 }),
            last_bonus: self.last_bonus,
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
        let order = self.order;
        let n = self.n;
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
        for &s in &order[..n] {
            let s = s as usize;
            self.played |= self.hands[s];
            self.hands[s] = CardSet::EMPTY;
            self.taken[s] = taken[s];
            self.tricks[s] = tricks[s];
        }
        for &c in &self.trick[..self.trick_len] {
            self.played.insert(c);
        }
        self.trick_len = 0;
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
        let s = self.mover();
        let hand = self.hands[s as usize];
        let i = self.order[..self.n]
            .iter()
            .position(|&x| x == self.leader)
            .unwrap_or(0);
        PlayView {
            seat: s,
            partner: None,
            hand,
            legal: self.legal(),
            mode: self.mode,
            points: self.points,
            trick: self.trick[..self.trick_len].to_vec(),
            trick_seats: (0..self.trick_len)
                .map(|k| self.order[(i + k) % self.n])
                .collect(),
            after_me: self.n - 1 - self.trick_len,
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
    use jass_core::{Suit, UndenufeEleven};

    /// A four-seat deal of `seed` in `mode` under the weak trick rules, `leader` to lead.
    fn four_seats(seed: u64, mode: Mode, leader: u8) -> Rollout {
        let hands = four_hands(&SeededDealer::new(seed).next_pack(), 0);
        Rollout {
            order: [0, 1, 2, 3, 0],
            n: 4,
            hands: [hands[0], hands[1], hands[2], hands[3], CardSet::EMPTY],
            mode,
            points: PointTable::new(mode, UndenufeEleven::Ace),
            rules: TrickRules::Weak,
            leader,
            trick: [Card::from_dense(0); MAX_SEATS],
            trick_len: 0,
            taken: [0; MAX_SEATS],
            tricks: [0; MAX_SEATS],
            played: CardSet::EMPTY,
            last_bonus: 5,
        }
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
        assert_eq!(r.taken.iter().sum::<u32>(), 157);
        assert_eq!(r.tricks.iter().map(|&t| t as u32).sum::<u32>(), 9);
        assert_eq!(r.played, CardSet::ALL);
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
            let target = r.taken[me as usize] as i64 + 20;
            let score = |r: &Rollout| -(r.taken[me as usize] as i64 - target).abs();
            let mut best = r;
            best.finish_best_reply(me, &policy, &score);
            assert!(best.done());
            assert_eq!(best.taken.iter().sum::<u32>(), 157);
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
        let mut r = Rollout {
            order: [3, 0, 1, 0, 0],
            n: 3,
            hands,
            mode,
            points: PointTable::new(mode, UndenufeEleven::Ace),
            rules: TrickRules::Strict,
            leader: 0,
            trick: [Card::from_dense(0); MAX_SEATS],
            trick_len: 0,
            taken: [0, 7, 0, 3, 0],
            tricks: [0, 1, 0, 1, 0],
            played: CardSet::EMPTY,
            last_bonus: 5,
        };
        let left = r.solo_position().remaining_points();
        r.play(r.legal().iter().next().unwrap());
        let mut solver = SoloSolver::new();
        // Every seat wants as many points as it can get.
        assert!(r.finish_exact(&mut solver, |taken, _| taken.map(|t| t as i32)));
        assert!(r.done());
        assert_eq!(r.taken.iter().sum::<u32>(), 10 + left);
        assert_eq!(r.taken[2], 0);
        assert_eq!(r.tricks.iter().map(|&t| t as u32).sum::<u32>(), 2 + 4);
        // The cards of the hands and the trick are played.
        assert_eq!(r.played.len(), 12);
    }
}

//! A light card-play simulator for rollouts of the games without partners (Differenzler,
//! Handjass): the seats at the table with all hands known (a sampled world), the trick in
//! progress, and the card points each seat has taken. Allocation-free apart from the
//! [`PlayView`] it builds for the rule policies.

use jass_core::trick::{legal_cards, trick_points, trick_winner};
use jass_core::{Card, CardSet, Mode, PointTable, TrickRules};

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

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::{four_hands, SeededDealer};
    use jass_core::{Suit, UndenufeEleven};

    #[test]
    fn a_rollout_deals_out_every_point() {
        let mode = Mode::Trump(Suit::S);
        let hands = four_hands(&SeededDealer::new(4).next_pack(), 0);
        let mut r = Rollout {
            order: [0, 1, 2, 3, 0],
            n: 4,
            hands: [hands[0], hands[1], hands[2], hands[3], CardSet::EMPTY],
            mode,
            points: PointTable::new(mode, UndenufeEleven::Ace),
            rules: TrickRules::Weak,
            leader: 2,
            trick: [Card::from_dense(0); MAX_SEATS],
            trick_len: 0,
            taken: [0; MAX_SEATS],
            tricks: [0; MAX_SEATS],
            played: CardSet::EMPTY,
            last_bonus: 5,
        };
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
}

//! The card play of one deal: nine tricks of four cards, without Weis, Stöck or scoring. Shared by
//! Sidi Barrani and Differenzler (crate-internal). Copyable and allocation-free.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::IllegalAction;
use crate::mode::{Mode, PointTable, LAST_TRICK_BONUS};
use crate::trick::{check_play, legal_cards_after, trick_points, trick_winner, TrickRules};

/// Nine tricks in progress.
#[derive(Copy, Clone, Debug)]
pub(crate) struct TrickPlay {
    pub hands: [CardSet; 4],
    pub mode: Mode,
    pub points: PointTable,
    pub rules: TrickRules,
    pub leader: u8,
    pub trick: [Card; 4],
    pub trick_len: u8,
    win_idx: u8,
    win_key: u8,
    pub tricks_done: u8,
    played: [Card; 36],
    leaders: [u8; 9],
    /// Card points (with the last-trick bonus) taken by each seat.
    pub taken: [u32; 4],
    /// Tricks taken by each seat.
    pub tricks: [u8; 4],
}

impl TrickPlay {
    pub fn new(
        hands: [CardSet; 4],
        mode: Mode,
        points: PointTable,
        rules: TrickRules,
        leader: u8,
    ) -> TrickPlay {
        let c = Card::from_dense(0);
        TrickPlay {
            hands,
            mode,
            points,
            rules,
            leader,
            trick: [c; 4],
            trick_len: 0,
            win_idx: 0,
            win_key: 0,
            tricks_done: 0,
            played: [c; 36],
            leaders: [0; 9],
            taken: [0; 4],
            tricks: [0; 4],
        }
    }

    /// The seat to play.
    #[inline]
    pub fn player(&self) -> u8 {
        (self.leader + self.trick_len) & 3
    }

    /// True after the ninth trick.
    pub fn done(&self) -> bool {
        self.tricks_done == 9
    }

    /// Whether `seat`, the seat to play, may play `card`: it holds it and the trick allows it
    /// (the reason if not).
    pub fn check_card(&self, seat: u8, card: Card) -> Result<(), IllegalAction> {
        check_play(
            seat,
            card,
            self.hands[seat as usize],
            self.legal(),
            self.current(),
            format_args!("in {}", self.mode),
        )
    }

    /// The legal cards of the seat to play.
    pub fn legal(&self) -> CardSet {
        let hand = self.hands[self.player() as usize];
        if self.trick_len == 0 {
            return hand;
        }
        legal_cards_after(
            hand,
            self.trick[0],
            self.trick[self.win_idx as usize],
            self.mode,
            self.rules,
        )
    }

    /// Plays a legal card for the seat to play. Returns the completed trick's winner and points
    /// (with the last-trick bonus) when this card completes a trick.
    pub fn play(&mut self, card: Card) -> Option<(u8, u32)> {
        let seat = self.player();
        let len = self.trick_len as usize;
        self.hands[seat as usize].remove(card);
        let lead = if len == 0 { card } else { self.trick[0] };
        let key = self.mode.trick_key(card, lead.suit());
        if len == 0 || key > self.win_key {
            self.win_idx = len as u8;
            self.win_key = key;
        }
        self.trick[len] = card;
        self.played[self.tricks_done as usize * 4 + len] = card;
        self.trick_len += 1;
        if self.trick_len < 4 {
            return None;
        }
        let w = (self.leader + self.win_idx) & 3;
        let mut p = trick_points(&self.trick, self.points);
        self.leaders[self.tricks_done as usize] = self.leader;
        self.tricks_done += 1;
        if self.tricks_done == 9 {
            p += LAST_TRICK_BONUS;
        }
        self.taken[w as usize] += p;
        self.tricks[w as usize] += 1;
        self.trick_len = 0;
        self.leader = w;
        Some((w, p))
    }

    /// The cards of the trick in progress.
    pub fn current(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// Completed trick `i`: leader, cards in play order, winner, points (with the last-trick bonus).
    pub fn completed(&self, i: usize) -> (u8, [Card; 4], u8, u32) {
        let mut cards = [self.played[0]; 4];
        cards.copy_from_slice(&self.played[i * 4..i * 4 + 4]);
        let leader = self.leaders[i];
        let w = trick_winner(&cards, self.mode);
        let mut p = trick_points(&cards, self.points);
        if i == 8 {
            p += LAST_TRICK_BONUS;
        }
        (leader, cards, (leader + w as u8) % 4, p)
    }
}

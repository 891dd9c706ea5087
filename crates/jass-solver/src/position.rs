//! A copyable card-play position of a four-seat partnership deal.

use std::fmt;

use jass_core::mode::{LAST_TRICK_BONUS, MATCH_BONUS};
use jass_core::schieber::Contract;
use jass_core::trick::{legal_cards, trick_points, trick_winner};
use jass_core::{Card, CardSet, Mode, PointTable, TrickRules, UndenufeEleven};

/// Number of seats (four, in two teams `seat % 2`).
pub const SEATS: usize = 4;

/// A card-play position: who holds what, the trick on the table, and what the rules are.
///
/// Seats are numbered in playing order; teams are `seat % 2`. Every field is public so that a
/// caller can build any position; [`Position::validate`] checks that it is consistent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The cards each seat still holds.
    pub hands: [CardSet; SEATS],
    /// The cards of the current trick in the order they were played; only the first
    /// `trick_len` are meaningful.
    pub trick: [Card; SEATS],
    /// How many cards lie in the current trick (0..4; 0 at a trick boundary).
    pub trick_len: u8,
    /// The seat that led (or is to lead) the current trick.
    pub leader: u8,
    /// The trump mode (in a Slalom, the mode of the current trick).
    pub mode: Mode,
    /// The card points (with the Undenufe eleven option).
    pub points: PointTable,
    /// How players must follow: [`TrickRules::Strict`] in positive games, [`TrickRules::Weak`] in
    /// negative and mixed ones.
    pub rules: TrickRules,
    /// Completed tricks of the deal.
    pub tricks_done: u8,
    /// Completed tricks won by each team (they add up to `tricks_done`). A team makes Match when
    /// the other has won none by the end of the deal.
    pub tricks_won: [u8; 2],
    /// The bonus for taking every trick (100; a game may set another, e.g. 0 to ignore Match).
    pub match_bonus: u32,
    /// A Slalom: the mode changes between Obenabe and Undenufe after every trick (`mode` is the
    /// current trick's); the card points stay those of Obenabe (see [`Position::with_slalom`]).
    pub slalom: bool,
}

/// What a completed trick gave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrickResult {
    /// The seat that won it (and leads next).
    pub winner: u8,
    /// Card points of the trick, with the 5 for the last trick.
    pub points: u32,
    /// The Match bonus credited with this trick (only on the last trick of a Match).
    pub match_bonus: u32,
}

/// A card that may not be played now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalCard(pub String);

impl fmt::Display for IllegalCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IllegalCard {}

impl Position {
    /// The position at the first card of a deal: `hands` (9 cards each), `leader` leads, strict
    /// rules, Match worth 100.
    pub fn new_deal(
        hands: [CardSet; SEATS],
        leader: u8,
        mode: Mode,
        eleven: UndenufeEleven,
    ) -> Position {
        Position {
            hands,
            trick: [Card::from_dense(0); SEATS],
            trick_len: 0,
            leader: leader % SEATS as u8,
            mode,
            points: PointTable::new(mode, eleven),
            rules: TrickRules::Strict,
            tricks_done: 0,
            tricks_won: [0, 0],
            match_bonus: MATCH_BONUS,
            slalom: false,
        }
    }

    /// The same position as a Slalom: the current trick is played in `mode` (Obenabe or
    /// Undenufe: the contract's first mode if no trick is done yet), and the mode changes after
    /// every trick. The card points are the same in both directions, as the rules core counts
    /// Slalom ([`Contract::points`]).
    pub fn with_slalom(mut self, mode: Mode) -> Position {
        self.slalom = true;
        self.mode = mode;
        self.points = Contract::Slalom.points(UndenufeEleven::Ace);
        self
    }

    /// The same position with other trick rules.
    pub fn with_rules(mut self, rules: TrickRules) -> Position {
        self.rules = rules;
        self
    }

    /// The seat to play.
    #[inline]
    pub fn to_move(&self) -> u8 {
        (self.leader + self.trick_len) % SEATS as u8
    }

    /// The cards of the current trick.
    pub fn trick_cards(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// Cards still in the hands.
    pub fn cards_left(&self) -> u32 {
        self.hands.iter().map(|h| h.len()).sum()
    }

    /// True if every card has been played.
    pub fn is_over(&self) -> bool {
        self.cards_left() == 0 && self.trick_len == 0
    }

    /// The cards the seat to move may play.
    pub fn legal_cards(&self) -> CardSet {
        legal_cards(
            self.hands[self.to_move() as usize],
            self.trick_cards(),
            self.mode,
            self.rules,
        )
    }

    /// Card points still to be won: the cards in the hands and in the current trick, and the 5 for
    /// the last trick (not counting Match).
    pub fn remaining_points(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        let mut in_play = self.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        for &c in self.trick_cards() {
            in_play.insert(c);
        }
        self.points.sum(in_play) + LAST_TRICK_BONUS
    }

    /// True if `team` can still make Match (it has lost no trick so far).
    pub fn can_make_match(&self, team: u8) -> bool {
        self.match_bonus > 0 && self.tricks_won[1 - (team as usize & 1)] == 0
    }

    /// The most `team` can take from here on.
    pub fn max_value(&self, team: u8) -> u32 {
        self.remaining_points()
            + if self.can_make_match(team) && !self.is_over() {
                self.match_bonus
            } else {
                0
            }
    }

    /// Checks that the position is one a deal can reach: no card twice, hand sizes that fit the
    /// trick on the table, 36 cards in all, tricks won adding up to the tricks done.
    pub fn validate(&self) -> Result<(), String> {
        let mut seen = CardSet::EMPTY;
        for (s, h) in self.hands.iter().enumerate() {
            if !(seen & *h).is_empty() {
                return Err(format!(
                    "seat {s} holds a card another seat holds: {}",
                    seen & *h
                ));
            }
            seen |= *h;
        }
        if self.trick_len as usize >= SEATS {
            return Err(format!(
                "a trick holds at most 3 cards between tricks, not {}",
                self.trick_len
            ));
        }
        if self.leader as usize >= SEATS {
            return Err(format!("leader {} is not a seat", self.leader));
        }
        for &c in self.trick_cards() {
            if seen.contains(c) {
                return Err(format!("card {c} is both in the trick and in a hand"));
            }
            seen.insert(c);
        }
        // Seats that have played to the current trick hold one card fewer than those still to play.
        let n = self.hands[self.leader as usize].len();
        for i in 0..SEATS as u8 {
            let s = (self.leader + i) as usize % SEATS;
            let expected = if i < self.trick_len || self.trick_len == 0 {
                n
            } else {
                n + 1
            };
            if self.hands[s].len() != expected {
                return Err(format!(
                    "seat {s} holds {} cards but should hold {expected} (the leader holds {n}, {} in the trick)",
                    self.hands[s].len(),
                    self.trick_len
                ));
            }
        }
        let total = self.tricks_done as u32 * 4 + self.trick_len as u32 + self.cards_left();
        if total != 36 {
            return Err(format!(
                "{} tricks done, {} cards in the trick and {} in the hands make {total} cards, not 36",
                self.tricks_done,
                self.trick_len,
                self.cards_left()
            ));
        }
        if self.slalom
            && (self.mode.trump().is_some()
                || self.points != Contract::Slalom.points(UndenufeEleven::Ace))
        {
            return Err(format!(
                "a Slalom is played Obenabe and Undenufe with Obenabe's card points, not {} with \
                 other points (use Position::with_slalom)",
                self.mode
            ));
        }
        if self.tricks_won[0] + self.tricks_won[1] != self.tricks_done {
            return Err(format!(
                "tricks won {:?} do not add up to the {} tricks done",
                self.tricks_won, self.tricks_done
            ));
        }
        Ok(())
    }

    /// Plays a card of the seat to move; returns the result when the card completes a trick.
    /// An illegal card is refused and changes nothing.
    pub fn try_play(&mut self, card: Card) -> Result<Option<TrickResult>, IllegalCard> {
        if self.is_over() {
            return Err(IllegalCard("the deal is over".into()));
        }
        if !self.legal_cards().contains(card) {
            return Err(IllegalCard(format!(
                "seat {} may not play {card}; legal: {}",
                self.to_move(),
                self.legal_cards()
            )));
        }
        Ok(self.play_unchecked(card))
    }

    /// As [`Position::try_play`]; panics on an illegal card.
    pub fn play(&mut self, card: Card) -> Option<TrickResult> {
        self.try_play(card).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Plays a card without checking it is legal.
    pub fn play_unchecked(&mut self, card: Card) -> Option<TrickResult> {
        let s = self.to_move() as usize;
        self.hands[s].remove(card);
        self.trick[self.trick_len as usize] = card;
        self.trick_len += 1;
        if (self.trick_len as usize) < SEATS {
            return None;
        }
        let w = (self.leader as usize + trick_winner(&self.trick, self.mode)) % SEATS;
        let mut points = trick_points(&self.trick, self.points);
        self.tricks_done += 1;
        self.tricks_won[w % 2] += 1;
        self.trick_len = 0;
        self.leader = w as u8;
        if self.slalom {
            // The next trick in the other direction.
            self.mode = match self.mode {
                Mode::Obenabe => Mode::Undenufe,
                _ => Mode::Obenabe,
            };
        }
        let mut bonus = 0;
        if self.cards_left() == 0 {
            points += LAST_TRICK_BONUS;
            if self.tricks_won[1 - w % 2] == 0 {
                bonus = self.match_bonus;
            }
        }
        Some(TrickResult {
            winner: w as u8,
            points,
            match_bonus: bonus,
        })
    }

    /// The same position with the seats renumbered so that seat `s` becomes `(s + k) % 4`.
    /// With an odd `k` the teams swap; values for team `t` become values for team `(t + k) % 2`.
    pub fn rotated(&self, k: u8) -> Position {
        let mut p = *self;
        for s in 0..SEATS {
            p.hands[(s + k as usize) % SEATS] = self.hands[s];
        }
        p.leader = (self.leader + k) % SEATS as u8;
        if k % 2 == 1 {
            p.tricks_won = [self.tricks_won[1], self.tricks_won[0]];
        }
        p
    }
}

impl fmt::Display for Position {
    /// One line per seat, then the trick, e.g. `0: HA H6 ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "mode {}{} rules {:?} leader {} tricks {} won {:?}",
            self.mode,
            if self.slalom { " (Slalom)" } else { "" },
            self.rules,
            self.leader,
            self.tricks_done,
            self.tricks_won
        )?;
        for (s, h) in self.hands.iter().enumerate() {
            writeln!(f, "{s}: {h}")?;
        }
        write!(f, "trick:")?;
        for c in self.trick_cards() {
            write!(f, " {c}")?;
        }
        Ok(())
    }
}

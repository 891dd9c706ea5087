//! The race to the target in the last deal of a game: does a team take the points it still needs
//! before the other team takes its own?
//!
//! In Schieber a team wins the game as soon as its written points reach the target (003: "any
//! player may at any time claim to have won"); the points of a trick count when the trick is
//! complete. Near the end of a game both teams can often reach the target in the same deal, and
//! then the order of the tricks decides, not the deal's total: taking 40 points early can win a
//! game that 60 points later would lose. [`race_cards`] answers, for every legal card, whether
//! `team` wins that race against any defence.
//!
//! The search is a plain AND/OR search over the cards (the points needed by each team are part
//! of the state, so the value is a yes or no). As soon as the two teams together need more than
//! the points left, at most one of them can still get there and the race is a threshold: the
//! solver's zero-window test [`Solver::reaches`] answers it with its table. Races are therefore
//! short: they are decided by one of the first tricks or become a threshold.

use std::collections::HashMap;

use jass_core::{Card, CardSet};

use crate::position::Position;
use crate::search::Solver;

/// The cards of the seat to move after which `team` wins the race: it takes at least `need`
/// points from here on (the cards of the tricks it wins, the current trick's included, 5 for the
/// last trick and the Match bonus, each trick counted once complete) before the other team takes
/// at least `other_need`. A race that neither team wins by the end of the deal is not won.
///
/// `None` when the search would take more than `node_limit` nodes (the race's own nodes and the
/// solver's together).
pub fn race_cards(
    solver: &mut Solver,
    pos: &Position,
    team: u8,
    need: u32,
    other_need: u32,
    node_limit: u64,
) -> Option<CardSet> {
    let mut race = Race {
        solver,
        team: team & 1,
        left: node_limit,
        table: HashMap::new(),
    };
    let mut won = CardSet::EMPTY;
    for c in pos.legal_cards() {
        if race.after(pos, c, need, other_need)? {
            won.insert(c);
        }
    }
    Some(won)
}

/// Whether `team` wins the race from `pos` (see [`race_cards`]), or `None` over `node_limit`.
pub fn race_wins(
    solver: &mut Solver,
    pos: &Position,
    team: u8,
    need: u32,
    other_need: u32,
    node_limit: u64,
) -> Option<bool> {
    let mut race = Race {
        solver,
        team: team & 1,
        left: node_limit,
        table: HashMap::new(),
    };
    race.wins(pos, need, other_need)
}

/// A trick boundary with the points each team still needs: the hands, the leader, the needs.
type Key = ([u64; 4], u8, u32, u32);

struct Race<'a> {
    solver: &'a mut Solver,
    team: u8,
    /// Nodes left in the budget.
    left: u64,
    /// Results at trick boundaries.
    table: HashMap<Key, bool>,
}

impl Race<'_> {
    /// Does the team win from `pos`, needing `need` while the others need `other`?
    fn wins(&mut self, pos: &Position, need: u32, other: u32) -> Option<bool> {
        if need == 0 {
            return Some(true);
        }
        if other == 0 || pos.is_over() {
            return Some(false);
        }
        self.left = self.left.checked_sub(1)?;
        let boundary = pos.trick_len == 0;
        let key: Key = (pos.hands.map(|h| h.0), pos.leader, need, other);
        if boundary {
            // Both teams taking tricks share the points left (no Match then): if together they
            // need more, at most one gets there, and the team wins exactly when it takes `need`
            // by the end of the deal.
            if need + other > pos.remaining_points() {
                let before = self.solver.nodes();
                let r = self.solver.try_reaches(pos, self.team, need, self.left);
                self.left = self
                    .left
                    .saturating_sub(self.solver.nodes().saturating_sub(before));
                return r;
            }
            if let Some(&v) = self.table.get(&key) {
                return Some(v);
            }
        }
        let maxing = pos.to_move() % 2 == self.team;
        let legal = pos.legal_cards();
        let Some(first) = legal.iter().next() else {
            return Some(false);
        };
        let mut cards = [first; 9];
        let n = legal.len() as usize;
        for (slot, c) in cards.iter_mut().zip(legal.iter()) {
            *slot = c;
        }
        order(pos, &mut cards[..n]);
        let mut result = !maxing;
        for &c in &cards[..n] {
            if self.after(pos, c, need, other)? == maxing {
                result = maxing;
                break;
            }
        }
        if boundary {
            self.table.insert(key, result);
        }
        Some(result)
    }

    /// Does the team win after card `c` is played at `pos`?
    fn after(&mut self, pos: &Position, c: Card, need: u32, other: u32) -> Option<bool> {
        let mut p = *pos;
        match p.play_unchecked(c) {
            None => self.wins(&p, need, other),
            Some(t) => {
                let gain = t.points + t.match_bonus;
                if t.winner % 2 == self.team {
                    self.wins(&p, need.saturating_sub(gain), other)
                } else {
                    self.wins(&p, need, other.saturating_sub(gain))
                }
            }
        }
    }
}

/// Cards to try first: those that take the lead of the trick, the ones with more points first,
/// then the others, cheapest first (a race is about taking points early).
fn order(pos: &Position, cards: &mut [Card]) {
    let trick = pos.trick_cards();
    let (lead, best) = match trick.first() {
        Some(&l) => {
            let lead = l.suit();
            let w = trick[jass_core::trick::trick_winner(trick, pos.mode)];
            (Some(lead), pos.mode.trick_key(w, lead))
        }
        None => (None, 0),
    };
    cards.sort_by_key(|&c| {
        let pts = pos.points.card(c) as i32;
        let key = pos.mode.trick_key(c, lead.unwrap_or_else(|| c.suit())) as i32;
        if lead.is_none() {
            // Leads: the strongest first.
            -key
        } else if key > best as i32 {
            -1000 - pts
        } else {
            pts
        }
    });
}

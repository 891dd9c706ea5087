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
//! of the state, so the value is a yes or no), with the solver's zero-window tests
//! ([`Solver::reaches`], with its table) at every trick boundary: a team that cannot take what it
//! needs by the end of the deal does not win, one that can keep the others below what they need
//! to the end does, and as soon as the two teams together need more than the points left, at
//! most one of them can still get there and the test decides. So the search goes on only while
//! both can still get there first.

use std::collections::HashMap;

use jass_core::{Card, CardSet};

use crate::position::Position;
use crate::search::Solver;

/// The cards of the seat to move after which `team` wins the race: it takes at least `need`
/// points from here on (the cards of the tricks it wins, the current trick's included, 5 for the
/// last trick and the Match bonus, each trick counted once complete) before the other team takes
/// at least `other_need`. A race that neither team wins by the end of the deal is not won.
///
/// `budget` is the work it may do, in search nodes (the race's own, which cost about
/// `RACE_NODE_COST` of the solver's, and the solver's); what it used is taken off. `None` when
/// the budget does not suffice.
pub fn race_cards(
    solver: &mut Solver,
    pos: &Position,
    team: u8,
    need: u32,
    other_need: u32,
    budget: &mut u64,
) -> Option<CardSet> {
    Race::run(solver, team, budget, |race| {
        let mut won = CardSet::EMPTY;
        for c in pos.legal_cards() {
            if race.after(pos, c, need, other_need)? {
                won.insert(c);
            }
        }
        Some(won)
    })
}

/// Whether `team` wins the race from `pos` (see [`race_cards`]), or `None` when `budget` does
/// not suffice (what it used is taken off).
pub fn race_wins(
    solver: &mut Solver,
    pos: &Position,
    team: u8,
    need: u32,
    other_need: u32,
    budget: &mut u64,
) -> Option<bool> {
    Race::run(solver, team, budget, |race| {
        race.wins(pos, need, other_need)
    })
}

/// One node of the race's own search counts as this many solver nodes in the budget (it copies
/// a [`Position`] and asks the rules core for the legal cards: several times a solver node).
pub const RACE_NODE_COST: u64 = 8;

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

impl<'a> Race<'a> {
    /// Runs `f` on a race for `team` within `budget`, taking off what it used.
    fn run<T>(
        solver: &'a mut Solver,
        team: u8,
        budget: &mut u64,
        f: impl FnOnce(&mut Race<'a>) -> Option<T>,
    ) -> Option<T> {
        let mut race = Race {
            solver,
            team: team & 1,
            left: *budget,
            table: HashMap::new(),
        };
        let r = f(&mut race);
        *budget = race.left;
        r
    }

    /// Does `team` take at least `target` from `pos` on by the end of the deal? The solver's
    /// threshold test, its nodes taken off the budget.
    fn reaches(&mut self, pos: &Position, team: u8, target: u32) -> Option<bool> {
        let before = self.solver.nodes();
        let r = self.solver.try_reaches(pos, team, target, self.left);
        let used = self.solver.nodes().saturating_sub(before);
        self.left = self.left.saturating_sub(used);
        r
    }

    /// Does the team win from `pos`, needing `need` while the others need `other`?
    fn wins(&mut self, pos: &Position, need: u32, other: u32) -> Option<bool> {
        if need == 0 {
            return Some(true);
        }
        if other == 0 || pos.is_over() {
            return Some(false);
        }
        self.left = self.left.checked_sub(RACE_NODE_COST)?;
        if pos.trick_len == 0 {
            let key: Key = (pos.hands.map(|h| h.0), pos.leader, need, other);
            if let Some(&v) = self.table.get(&key) {
                return Some(v);
            }
            // The team must at least take `need` by the end of the deal. Both teams taking
            // tricks share the points left (no Match then): if together they need more, at most
            // one gets there, and the team wins exactly when it takes `need` by the end.
            // Otherwise, if the team can keep the others below `other` to the end, it wins too:
            // that play leaves it more than the points left minus `other`, at least `need`.
            let mut result = self.reaches(pos, self.team, need)?;
            if result && need + other <= pos.remaining_points() {
                result =
                    !self.reaches(pos, 1 - self.team, other)? || self.search(pos, need, other)?;
            }
            self.table.insert(key, result);
            return Some(result);
        }
        self.search(pos, need, other)
    }

    /// The race from `pos` by trying the cards of the seat to move.
    fn search(&mut self, pos: &Position, need: u32, other: u32) -> Option<bool> {
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
        for &c in &cards[..n] {
            if self.after(pos, c, need, other)? == maxing {
                return Some(maxing);
            }
        }
        Some(!maxing)
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

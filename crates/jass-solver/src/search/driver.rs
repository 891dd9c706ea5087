//! The driver: the value from zero-window tests ("does the team take at least β?"), by
//! bisection on the point scale, or, from a fresh table and many cards, by stepping out from an
//! estimate of the value (docs/solver.md, "The estimate first").
//!
//! Every test near the value costs about as much as a whole search, and a fail-soft result
//! rarely lands more than a point from its test: what a deal costs is the number of tests
//! near its value. An estimate a few points off needs three or four of them; bisection from
//! half the points needs those and the ones on the way.

use super::{tables, Node, Solver};
use crate::position::Position;

impl Solver {
    /// Bounds `lo <= value <= hi` on the points `team` takes from here on, from a search that
    /// stops once the interval is at most `tolerance` points wide (0: the exact value, `lo ==
    /// hi`). Cheaper than the exact value when a rough figure is enough.
    pub fn solve_within(
        &mut self,
        pos: &Position,
        team: u8,
        tolerance: u32,
        guess: Option<u32>,
    ) -> (u32, u32) {
        if pos.is_over() {
            return (0, 0);
        }
        let team = team & 1;
        let fresh = self.prepare(pos, team);
        let root = self.root_node(pos);
        let max = pos.max_value(team) as i32;
        let tol = tolerance as i32;
        let horizon = self.core.config.estimate_horizon;
        let (lo, hi) = match guess {
            None if fresh && horizon > 0 && pos.cards_left() > horizon as u32 + 4 => {
                let estimate =
                    self.estimate(&root, max, pos.remaining_points() as i32 / 2, horizon);
                self.step_out(&root, 0, max, estimate, tol)
            }
            // A first guess near half the card points unless given: the zero-window searches
            // then close in on the value from both sides.
            _ => {
                let g = guess.map_or(pos.remaining_points() as i32 / 2, |g| g as i32);
                self.bisect(&root, 0, max, g.clamp(0, max), tol)
            }
        };
        (lo as u32, hi as u32)
    }

    /// The value of `root` when every node with at most `horizon` cards left plays the move
    /// order's first card only (one line to the end instead of the tree): a few percent of the
    /// exact search's nodes, within a few points of its value on most deals (a Match one way or
    /// the other is the large miss). Its table entries are forgotten afterwards; the refutation
    /// memory and the killer leads keep what it found.
    fn estimate(&mut self, root: &Node, max: i32, first: i32, horizon: u8) -> i32 {
        self.core.single_line = horizon;
        let (lo, _) = self.bisect(root, 0, max, first, 0);
        self.core.single_line = 0;
        if self.core.config.use_tt {
            self.core.forget_estimate();
        }
        lo
    }

    /// Bisection on the value in `[lo, hi]`, the first test at `g`: every zero-window search
    /// halves the interval at least (fail-soft results often cut more). Stops once the
    /// interval is at most `tol` wide, or when the node cap cut a search short.
    fn bisect(
        &mut self,
        root: &Node,
        mut lo: i32,
        mut hi: i32,
        mut g: i32,
        tol: i32,
    ) -> (i32, i32) {
        while hi - lo > tol {
            let beta = if g > lo && g <= hi {
                g
            } else {
                lo + (hi - lo + 1) / 2
            };
            let Some(r) = self.test(root, beta) else {
                break;
            };
            if r < beta {
                hi = r;
            } else {
                lo = r;
            }
            g = lo + (hi - lo + 1) / 2;
        }
        (lo, hi)
    }

    /// The value in `[lo, hi]` from an estimate `g`: the first test at `g`, then tests 1, 2,
    /// 4, … points beyond the last bound in the direction the tests point, until one comes
    /// back the other way; then bisection between the two bounds.
    fn step_out(&mut self, root: &Node, mut lo: i32, mut hi: i32, g: i32, tol: i32) -> (i32, i32) {
        let mut beta = g;
        let mut step = 1;
        // Which side the tests have bounded so far.
        let (mut above, mut below) = (false, false);
        while hi - lo > tol {
            beta = beta.clamp(lo + 1, hi);
            let Some(r) = self.test(root, beta) else {
                break;
            };
            if r < beta {
                hi = r;
                below = true;
                beta = hi + 1 - step;
            } else {
                lo = r;
                above = true;
                beta = lo + step;
            }
            step *= 2;
            if above && below {
                return self.bisect(root, lo, hi, lo + (hi - lo + 1) / 2, tol);
            }
        }
        (lo, hi)
    }

    /// One zero-window test: the fail-soft value of "at least `beta`?" (below `beta`: an upper
    /// bound; else a lower bound), `None` when the node cap cut it short.
    fn test(&mut self, root: &Node, beta: i32) -> Option<i32> {
        self.core.stats[0] += 1;
        let (t, tw) = tables(&self.tables, &self.twin, self.on_twin);
        let r = self.core.search(t, tw, root, beta - 1, beta);
        (!self.core.aborted).then_some(r)
    }
}

//! The driver: the value from zero-window tests ("does the team take at least β?"), by
//! bisection on the point scale, or, from a fresh table and many cards, by stepping out from an
//! estimate of the value (docs/solver.md, "The estimate first").
//!
//! A test near the value costs far more than one a few points away, and a fail-soft result
//! rarely lands more than a point from its test: what a deal costs is the number of tests near
//! its value, and a test above the value (a proof that the other team holds the points below
//! it) three to four times one below it. Bisection from half the points makes several such
//! tests on its way; stepping out from an estimate a few points off makes one or two.

use super::{tables, Node, Solver, ESTIMATES};
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
        // Without a guess, bisection (and the coarsest estimate) starts at half the card
        // points: the zero-window searches then close in on the value from both sides.
        let half = pos.remaining_points() as i32 / 2;
        let (lo, hi) = match guess {
            None if fresh && horizon > 0 && pos.cards_left() > horizon as u32 + 4 => {
                let estimate = self.estimate(&root, max, half, horizon, pos.cards_left());
                self.step_out(&root, 0, max, estimate, tol)
            }
            _ => {
                let g = guess.map_or(half, |g| g as i32);
                self.bisect(&root, 0, max, g.clamp(0, max), tol)
            }
        };
        (lo as u32, hi as u32)
    }

    /// An estimate of the value of `root`, `left` cards in the hands: the value when every
    /// node with at most `horizon` cards left plays the move order's first card only (one line
    /// to the end instead of the tree), found by stepping out from the same estimate with
    /// single lines one trick earlier (when `root` has a trick more above that), itself found
    /// by bisection from `first`. Together they cost about a twelfth of the exact search's
    /// nodes; the finer one is 4 points off at the median (6 on the harder half of the deals;
    /// a Match one way or the other is the large miss). Their table entries are forgotten
    /// afterwards; the refutation
    /// memory and the killer leads keep what they found (an order, never a value).
    fn estimate(&mut self, root: &Node, max: i32, first: i32, horizon: u8, left: u32) -> i32 {
        let mut estimate = None;
        // As many estimates as the table reserves generations for.
        let horizons: [u8; ESTIMATES as usize] = [horizon.saturating_add(4), horizon];
        for h in horizons {
            if left <= h as u32 + 4 {
                continue;
            }
            self.core.single_line = h;
            let (e, _) = match estimate {
                None => self.bisect(root, 0, max, first, 0),
                Some(e) => self.step_out(root, 0, max, e, 0),
            };
            self.core.single_line = 0;
            if self.core.config.use_tt {
                self.core.forget_estimate();
            }
            estimate = Some(e);
        }
        estimate.unwrap_or(first)
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

    /// The value in `[lo, hi]` from an estimate `g`: the first test at `g`; after a test that
    /// holds (the value is at least its bound) the next one 1, 1, 1, 2, 4, … points above the
    /// bound, after one that fails 6, 12, 24, … points below it, since the tests above the
    /// value are the dear ones: well below and climbing a point at a time, the driver meets
    /// the value with cheap tests and fails once. Once the value lies between two bounds, it
    /// climbs a point at a time from the lower one while they are at most 8 points apart, and
    /// halves the interval otherwise.
    fn step_out(&mut self, root: &Node, mut lo: i32, mut hi: i32, g: i32, tol: i32) -> (i32, i32) {
        let (mut held, mut failed) = (0u32, 0u32);
        let mut beta = g;
        while hi - lo > tol {
            beta = beta.clamp(lo + 1, hi);
            let Some(r) = self.test(root, beta) else {
                break;
            };
            if r < beta {
                hi = r;
                beta = hi + 1 - (6 << failed.min(8));
                failed += 1;
            } else {
                lo = r;
                beta = lo + (1 << held.saturating_sub(2).min(8));
                held += 1;
            }
            if held > 0 && failed > 0 {
                beta = if hi - lo <= 8 {
                    lo + 1
                } else {
                    lo + (hi - lo + 1) / 2
                };
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

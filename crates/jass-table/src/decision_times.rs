//! How long players think, as `jass arena` reports it (issue 42: "per-card time mean, p99,
//! max"): a player wrapped in [`TimedPlayer`] logs the time of each of its decisions with a
//! choice (more than one legal action), card plays apart from the other decisions, and
//! [`TimeSummary`] sums a log up.
//!
//! The time is the CPU time of the deciding thread (what the decision costs on a shared machine,
//! as `jass bench` measures the sampling player), and the wall-clock time beside it: a program
//! seated by `cmd:` or `http://` thinks in another process, so only the wall-clock time shows its
//! thinking, and a player with `threads=N` thinks on other threads too.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use jass_bots::timing::thread_cpu_ms;
use jass_core::{Decision, Game, Player, PlaysCard};
use serde::Serialize;

/// One decision's time.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct DecisionTime {
    /// Whether the decision played a card.
    pub card: bool,
    /// CPU time of the deciding thread, milliseconds.
    pub cpu_ms: f64,
    /// Wall-clock time, milliseconds.
    pub wall_ms: f64,
}

/// A log of decision times that several players of one play may share (one per side).
pub type TimeLog = Rc<RefCell<Vec<DecisionTime>>>;

/// A player whose decisions with a choice are timed into a log.
pub struct TimedPlayer<G: Game> {
    inner: Box<dyn Player<G>>,
    log: TimeLog,
}

impl<G: Game> TimedPlayer<G> {
    /// `inner`, its decisions logged into `log`.
    pub fn new(inner: Box<dyn Player<G>>, log: TimeLog) -> Self {
        TimedPlayer { inner, log }
    }
}

impl<G: Game> Player<G> for TimedPlayer<G> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        if decision.legal.len() < 2 {
            return self.inner.act(decision);
        }
        let (wall, cpu) = (Instant::now(), thread_cpu_ms());
        let action = self.inner.act(decision);
        let cpu_ms = thread_cpu_ms() - cpu;
        let wall_ms = wall.elapsed().as_secs_f64() * 1e3;
        self.log.borrow_mut().push(DecisionTime {
            card: action.played_card().is_some(),
            cpu_ms,
            wall_ms,
        });
        action
    }

    fn take_fallback(&mut self) -> Option<String> {
        self.inner.take_fallback()
    }

    fn game_over(&mut self, record: &serde_json::Value) {
        self.inner.game_over(record)
    }

    fn wants_game_over(&self) -> bool {
        self.inner.wants_game_over()
    }
}

/// Mean, median, 99th percentile and longest of some times, in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// The mean.
    pub mean_ms: f64,
    /// The median.
    pub median_ms: f64,
    /// The 99th percentile (nearest rank, as `jass bench`).
    pub p99_ms: f64,
    /// The longest.
    pub max_ms: f64,
}

impl Spread {
    /// The spread of `times`, or `None` if there are none.
    pub fn of(mut times: Vec<f64>) -> Option<Spread> {
        if times.is_empty() {
            return None;
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        Some(Spread {
            mean_ms: times.iter().sum::<f64>() / times.len() as f64,
            median_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: at(1.0),
        })
    }
}

/// The times of one kind of decision (cards, or the others) of one side.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct TimeSummary {
    /// Decisions with a choice.
    pub decisions: usize,
    /// CPU time of the deciding thread.
    pub cpu: Spread,
    /// Wall-clock time.
    pub wall: Spread,
}

impl TimeSummary {
    /// The summary of the decisions in `log` that play a card (`cards`) or of the others; `None`
    /// if there are none.
    pub fn of(log: &[DecisionTime], cards: bool) -> Option<TimeSummary> {
        let kind = || log.iter().filter(move |t| t.card == cards);
        Some(TimeSummary {
            decisions: kind().count(),
            cpu: Spread::of(kind().map(|t| t.cpu_ms).collect())?,
            wall: Spread::of(kind().map(|t| t.wall_ms).collect())?,
        })
    }

    /// One line for people: `what: mean …, p99 …, longest … ms of CPU (wall …) over N decisions`.
    pub fn line(&self, what: &str) -> String {
        format!(
            "{what}: CPU mean {:.2} ms, median {:.2}, p99 {:.2}, longest {:.2} (wall mean {:.2}, p99 {:.2}, longest {:.2}) over {} decisions",
            self.cpu.mean_ms,
            self.cpu.median_ms,
            self.cpu.p99_ms,
            self.cpu.max_ms,
            self.wall.mean_ms,
            self.wall.p99_ms,
            self.wall.max_ms,
            self.decisions
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spread_is_read_from_the_sorted_times() {
        let times: Vec<f64> = (1..=200).rev().map(f64::from).collect();
        let s = Spread::of(times).unwrap();
        assert_eq!(s.mean_ms, 100.5);
        // Nearest rank on 0..=199: the median at index 100 (round(99.5)), p99 at 197.
        assert_eq!((s.median_ms, s.p99_ms, s.max_ms), (101.0, 198.0, 200.0));
        assert_eq!(Spread::of(Vec::new()), None);
    }

    #[test]
    fn cards_and_other_decisions_are_summed_apart() {
        let t = |card, ms| DecisionTime {
            card,
            cpu_ms: ms,
            wall_ms: 2.0 * ms,
        };
        let log = [t(true, 1.0), t(false, 5.0), t(true, 3.0)];
        let cards = TimeSummary::of(&log, true).unwrap();
        assert_eq!(cards.decisions, 2);
        assert_eq!((cards.cpu.mean_ms, cards.cpu.max_ms), (2.0, 3.0));
        assert_eq!(cards.wall.max_ms, 6.0);
        let other = TimeSummary::of(&log, false).unwrap();
        assert_eq!((other.decisions, other.cpu.median_ms), (1, 5.0));
        assert_eq!(TimeSummary::of(&log[..1], false), None);
    }
}

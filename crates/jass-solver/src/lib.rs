//! # jass-solver
//!
//! The exact value of a Jass card-play position when all hands are known (a double-dummy solver):
//! alpha-beta over card points in zero-window (MTD(f)) searches, a transposition table at trick
//! boundaries shared by quasi-symmetric positions (equal up to relabelling cards by rank, the
//! bounds widened by the points relabelled), quick-trick bounds, the last two tricks evaluated
//! directly, move ordering (killer leads), and equivalent cards merged where that is
//! exact.
//!
//! * [`Position`]: a copyable card-play position for four seats in two teams (`seat % 2`).
//! * [`Solver`]: a reusable search object holding the transposition table.
//!   [`Solver::solve`] gives the points the team to move takes from here on, [`Solver::solve_for`]
//!   those of a given team, [`Solver::solve_moves`] the value of every legal card, and
//!   [`Solver::reaches`] answers a threshold ("does this team take at least `T` more points?") with
//!   one zero-window search.
//! * [`SoloSolver`]: the games where every player is for himself (Differenzler, Handjass with 2
//!   to 5 players, cards out of play): how a [`SoloPosition`] ends when every player plays for
//!   his own measure (max^n), and the best a player can be sure of against all the others.
//! * [`race_cards`] / [`race_wins`]: the race to the target in a game's last deal (who takes
//!   the points it needs first), for the end of a game.
//! * [`reference::minimax`]: a plain minimax without pruning, the oracle of the tests.
//! * [`bench::bench_figures`]: speed figures as JSON (for `jass bench-solver`).
//!
//! ## The value
//! The value of a position for team `t` is the number of points `t` takes **from here on**: the
//! card points of the tricks it wins (including the cards already lying in the current trick), 5
//! for the last trick, and the Match bonus (100) if `t` takes every trick of the deal. The other
//! team plays to minimise that number. Points taken in earlier tricks are not included, so the value
//! of a position at the first card is the team's whole score of the deal (157 or 257 at most).
#![deny(missing_docs)]

pub mod bench;
mod position;
mod race;
pub mod reference;
mod search;
mod solo;

pub use position::{IllegalCard, Position, TrickResult};
pub use race::{race_cards, race_wins};
pub use search::{MoveOrder, MoveValues, Objective, Solver, SolverConfig, DIAGNOSTICS};
pub use solo::{SoloGoal, SoloOutcome, SoloPosition, SoloSolver, SOLO_SEATS};

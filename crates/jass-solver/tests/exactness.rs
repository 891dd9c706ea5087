//! Issue 42's exactness check: the search as it runs on the hard deals (the transposition table
//! that grows in the middle of a deal, `SolverConfig::tt_grow_bits`) gives the plain minimax's
//! values, and the same values as the search without the growth (the search before issue 42),
//! on a few hundred positions of every mode: the four trump suits, Obenabe, Undenufe and Slalom
//! begun either way, inside tricks and at their boundaries, the last trick's 5 points and Match
//! (open for one team on a quarter of them) counted. Weis and Stöck are scored outside the
//! solver (they do not depend on the card play's value), so they are not part of it.

use jass_core::{Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_position, random_slalom_position, SplitMix};
use jass_solver::reference::minimax;
use jass_solver::{Position, Solver, SolverConfig};

/// Positions per mode (and per Slalom direction).
const PER_MODE: usize = 150;

/// A solver whose table grows after a few nodes: almost every search crosses the growth (and
/// the refutation memory and the transposition cut-off check with it).
fn growing() -> Solver {
    Solver::new(SolverConfig {
        tt_bits: 8,
        tt_grow_bits: 12,
        tt_grow_nodes: 10,
        // The refutation memory grows with it, and the transposition cut-offs are checked at
        // every fourth card from then on.
        refutation_grow_bits: 20,
        etc_grow_min_cards: 4,
        ..SolverConfig::default()
    })
}

/// The search without the growth (the table of `tt_bits` entries throughout).
fn fixed() -> Solver {
    Solver::new(SolverConfig {
        tt_grow_bits: 0,
        ..SolverConfig::default()
    })
}

/// The `j`-th position of kind `kind` (0–5: `Mode::ALL`; 6, 7: Slalom begun Obenabe, Undenufe)
/// with `left` cards in the hands; the trick rules turn with `j`.
fn position(rng: &mut SplitMix, kind: usize, j: usize, left: u32) -> Position {
    let rules = [TrickRules::Strict, TrickRules::Weak, TrickRules::Heading][j % 3];
    let mut pos = match kind {
        6 => random_slalom_position(rng, left, Mode::Obenabe, rules),
        7 => random_slalom_position(rng, left, Mode::Undenufe, rules),
        k => {
            let eleven = [UndenufeEleven::Ace, UndenufeEleven::Six][j / 3 % 2];
            random_position(rng, left, Mode::ALL[k], eleven, rules)
        }
    };
    if j.is_multiple_of(4) {
        // Match still open for one team.
        let t = j / 4 % 2;
        pos.tricks_won = [0, 0];
        pos.tricks_won[t] = pos.tricks_done;
    }
    pos.validate().unwrap();
    pos
}

#[test]
fn every_mode_equals_minimax_with_the_table_growing() {
    let mut rng = SplitMix::new(42);
    let (mut grow, mut fix) = (growing(), fixed());
    let (mut grew, mut matches) = (0, 0);
    for kind in 0..8 {
        for j in 0..PER_MODE {
            let left = 8 + rng.below(7) as u32;
            let pos = position(&mut rng, kind, j, left);
            for team in 0..2 {
                let want = minimax(&pos, team);
                matches += (want > 157) as u32;
                assert_eq!(grow.solve_for(&pos, team), want, "team {team}\n{pos}");
                grew += (grow.table_entries() > 256) as u32;
                assert_eq!(fix.solve_for(&pos, team), want, "team {team}\n{pos}");
            }
            if j.is_multiple_of(10) {
                // Every legal card's value, the card's own trick included.
                let team = pos.to_move() % 2;
                let moves = grow.solve_moves(&pos);
                assert_eq!(moves.len() as u32, pos.legal_cards().len());
                for (c, v) in moves.iter() {
                    let mut p = pos;
                    let gain = match p.play(c) {
                        Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
                        _ => 0,
                    };
                    assert_eq!(v, gain + minimax(&p, team), "card {c}\n{pos}");
                }
            }
        }
    }
    // The growth happened in many searches, and some values hold a Match.
    assert!(grew > 4 * PER_MODE as u32, "grew in {grew} searches");
    assert!(matches > 0, "no Match among the values");
}

/// Larger positions (16 to 24 cards, too many for the minimax): the growing table and the fixed
/// one agree, every mode.
#[test]
fn growing_table_equals_fixed_table_on_larger_positions() {
    let mut rng = SplitMix::new(4242);
    let (mut grow, mut fix) = (growing(), fixed());
    for kind in 0..8 {
        for j in 0..20 {
            let left = 16 + rng.below(9) as u32;
            let pos = position(&mut rng, kind, j, left);
            for team in 0..2 {
                assert_eq!(
                    grow.solve_for(&pos, team),
                    fix.solve_for(&pos, team),
                    "team {team}\n{pos}"
                );
            }
        }
    }
}

/// The driver as it runs on whole deals (an estimate from single lines, then zero-window tests
/// stepping out from it: `SolverConfig::estimate_horizon`, which the default makes only above
/// 27 cards), here with horizons low enough for positions the minimax can check: every mode and
/// Slalom, estimates above and below the value, both teams; and the bisection from any guess.
#[test]
fn the_driver_from_an_estimate_or_a_guess_equals_minimax() {
    let mut rng = SplitMix::new(4343);
    let mut solvers: Vec<Solver> = (1..=9)
        .map(|h| {
            Solver::new(SolverConfig {
                estimate_horizon: h,
                tt_bits: 12,
                ..SolverConfig::default()
            })
        })
        .collect();
    let mut guessing = fixed();
    let (mut above, mut below) = (0, 0);
    for kind in 0..8 {
        for j in 0..PER_MODE {
            let left = 9 + rng.below(6) as u32;
            let pos = position(&mut rng, kind, j, left);
            let h = 1 + rng.below(left as u64 - 5) as usize;
            let s = &mut solvers[h - 1];
            for team in 0..2 {
                let want = minimax(&pos, team);
                // A fresh table: the estimate first.
                s.clear();
                s.reset_nodes();
                assert_eq!(
                    s.solve_for(&pos, team),
                    want,
                    "horizon {h}, team {team}\n{pos}"
                );
                let guess = rng.below(pos.max_value(team) as u64 + 1) as u32;
                above += (guess > want) as u32;
                below += (guess < want) as u32;
                guessing.clear();
                assert_eq!(
                    guessing.solve_with_guess(&pos, team, guess),
                    want,
                    "guess {guess}, team {team}\n{pos}"
                );
            }
        }
    }
    assert!(
        above > 100 && below > 100,
        "guesses above {above}, below {below}"
    );
}

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

/// A solver whose table grows after a few nodes: almost every search crosses the growth.
fn growing() -> Solver {
    Solver::new(SolverConfig {
        tt_bits: 8,
        tt_grow_bits: 12,
        tt_grow_nodes: 10,
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

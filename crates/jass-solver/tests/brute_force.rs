//! The solver against a plain minimax (no pruning, no table, no merging) on random endgames with
//! 8 to 16 cards left, in all six modes, both Undenufe options, strict and weak rules.

use jass_core::{Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_position, SplitMix};
use jass_solver::reference::minimax;
use jass_solver::{MoveOrder, Solver, SolverConfig};

const POSITIONS: usize = 3000;

#[test]
fn solver_equals_minimax_on_random_endgames() {
    let mut rng = SplitMix::new(7);
    // A small table, so that replacement is exercised too.
    let mut solver = Solver::new(SolverConfig {
        tt_bits: 12,
        ..SolverConfig::default()
    });
    let mut checked = 0;
    for i in 0..POSITIONS {
        let mode = Mode::ALL[i % 6];
        let rules = if (i / 6) % 2 == 0 {
            TrickRules::Strict
        } else {
            TrickRules::Weak
        };
        let eleven = if (i / 12) % 2 == 0 {
            UndenufeEleven::Ace
        } else {
            UndenufeEleven::Six
        };
        let left = 8 + rng.below(9) as u32;
        let pos = random_position(&mut rng, left, mode, eleven, rules);
        pos.validate().unwrap();
        for team in 0..2 {
            let want = minimax(&pos, team);
            assert_eq!(solver.solve_for(&pos, team), want, "team {team}\n{pos}");
            // Threshold queries agree with the value.
            assert!(solver.reaches(&pos, team, want));
            assert!(!solver.reaches(&pos, team, want + 1));
            checked += 1;
        }
        // Every legal card's value, on some of them.
        if i % 10 == 0 && left <= 12 {
            let team = pos.to_move() % 2;
            let moves = solver.solve_moves(&pos);
            assert_eq!(moves.len() as u32, pos.legal_cards().len());
            for (c, v) in moves.iter() {
                let mut p = pos;
                let gain = match p.play(c) {
                    Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
                    _ => 0,
                };
                assert_eq!(v, gain + minimax(&p, team), "card {c}\n{pos}");
            }
            assert_eq!(moves.best().unwrap().1, solver.solve(&pos));
        }
    }
    assert_eq!(checked, 2 * POSITIONS);
}

#[test]
fn value_does_not_depend_on_move_order_or_enhancements() {
    let mut rng = SplitMix::new(11);
    let configs = [
        SolverConfig::default(),
        SolverConfig {
            order: MoveOrder::Reversed,
            ..SolverConfig::default()
        },
        SolverConfig {
            order: MoveOrder::Shuffled(1),
            ..SolverConfig::default()
        },
        SolverConfig {
            order: MoveOrder::Shuffled(99),
            tt_bits: 10,
            ..SolverConfig::default()
        },
        SolverConfig {
            merge_equivalent: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            use_tt: false,
            order: MoveOrder::Reversed,
            ..SolverConfig::default()
        },
    ];
    let mut solvers: Vec<Solver> = configs.iter().map(|&c| Solver::new(c)).collect();
    for i in 0..240 {
        let mode = Mode::ALL[i % 6];
        let rules = if i % 2 == 0 {
            TrickRules::Strict
        } else {
            TrickRules::Weak
        };
        let left = 12 + rng.below(9) as u32; // 12..20 cards left
        let pos = random_position(&mut rng, left, mode, UndenufeEleven::Ace, rules);
        let team = (i / 6 % 2) as u8;
        let want = solvers[0].solve_for(&pos, team);
        for (k, s) in solvers.iter_mut().enumerate().skip(1) {
            assert_eq!(
                s.solve_for(&pos, team),
                want,
                "config {:?}\n{pos}",
                configs[k]
            );
        }
    }
}

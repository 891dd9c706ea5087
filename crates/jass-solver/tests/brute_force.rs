//! The solver against a plain minimax (no pruning, no table, no merging) on random endgames with
//! 8 to 16 cards left, in all six modes and Slalom, both Undenufe options, strict and weak rules.

use jass_core::{Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_position, random_slalom_position, SplitMix};
use jass_solver::reference::minimax;
use jass_solver::{MoveOrder, Position, Solver, SolverConfig};

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
        let left = 8 + rng.below(9) as u32;
        let pos = variant(i).position(&mut rng, left);
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
        SolverConfig {
            bounds: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            partner_tricks: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            quasi_symmetry: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            qs_sure_trumps: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            etc_min_cards: 4,
            ..SolverConfig::default()
        },
        SolverConfig {
            etc_min_cards: 37,
            ..SolverConfig::default()
        },
        // Without the refutation memory, and with one of 16 slots (every node overwriting
        // another's card) under another order.
        SolverConfig {
            refutation_bits: 0,
            ..SolverConfig::default()
        },
        SolverConfig {
            refutation_bits: 4,
            order: MoveOrder::Shuffled(7),
            ..SolverConfig::default()
        },
    ];
    let mut solvers: Vec<Solver> = configs.iter().map(|&c| Solver::new(c)).collect();
    for i in 0..280 {
        let left = 12 + rng.below(9) as u32; // 12..20 cards left
        let pos = variant(i).position(&mut rng, left);
        let team = (i / 7 % 2) as u8;
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

/// Quasi-symmetric table entries (boundaries equal up to relabelling cards by rank, the bound
/// widened by the points relabelled) give the same values as exact ones: every rule set
/// (heading rules too), Match still open on some positions, both teams, a small table shared by
/// many positions (and so hash collisions of the keys above 20 cards), every legal card's value
/// on some.
#[test]
fn quasi_symmetry_keeps_values_exact() {
    let mut rng = SplitMix::new(41);
    let mut on = Solver::new(SolverConfig {
        tt_bits: 14,
        ..SolverConfig::default()
    });
    let mut off = Solver::new(SolverConfig {
        quasi_symmetry: false,
        ..SolverConfig::default()
    });
    for i in 0..350 {
        let left = 12 + rng.below(13) as u32; // 12..24 cards left (hashed keys above 20)
        let mut pos = variant(i).position(&mut rng, left);
        if i % 4 == 0 {
            pos.tricks_won = [pos.tricks_done, 0];
        }
        let team = (i / 3 % 2) as u8;
        assert_eq!(
            on.solve_for(&pos, team),
            off.solve_for(&pos, team),
            "team {team}\n{pos}"
        );
        if i % 10 == 0 {
            assert_eq!(
                on.solve_moves_for(&pos, team),
                off.solve_moves_for(&pos, team),
                "{pos}"
            );
        }
    }
}

/// The quick bounds the search prunes with (top trumps, quick tricks of the side on lead, the
/// points left) hold on random trick-boundary positions: `lo <= minimax <= hi`, and they are
/// not vacuous (they decide a good share of the positions by themselves somewhere).
#[test]
fn quick_bounds_hold() {
    let mut rng = SplitMix::new(23);
    let mut solver = Solver::default();
    let (mut tight_lo, mut tight_hi) = (0, 0);
    for i in 0..3000 {
        let left = 4 * (1 + rng.below(4) as u32); // 4, 8, 12, 16 cards, at a boundary
        let mut pos = variant(i).position(&mut rng, left);
        if i % 5 == 0 {
            // Match still possible for one team.
            pos.tricks_won = [pos.tricks_done, 0];
        }
        let team = (i % 2) as u8;
        let (lo, hi) = solver.quick_bounds(&pos, team).expect("a boundary");
        let v = if left <= 12 {
            minimax(&pos, team)
        } else {
            Solver::new(SolverConfig {
                bounds: false,
                tt_bits: 12,
                ..SolverConfig::default()
            })
            .solve_for(&pos, team)
        };
        assert!(
            lo <= v && v <= hi,
            "bounds {lo}..{hi}, value {v}, team {team}\n{pos}"
        );
        tight_lo += (lo == v) as u32;
        tight_hi += (hi == v) as u32;
    }
    assert!(tight_lo > 100 && tight_hi > 100, "{tight_lo} {tight_hi}");
}

/// A search cut short by the node cap gives no answer and leaves the table sound: the same
/// solver then still finds the exact values.
#[test]
fn node_cap_gives_up_cleanly() {
    let mut rng = SplitMix::new(31);
    let mut solver = Solver::new(SolverConfig {
        tt_bits: 14,
        ..SolverConfig::default()
    });
    let mut fresh = Solver::default();
    let mut gave_up = 0;
    for i in 0..120 {
        let left = 12 + rng.below(9) as u32;
        let pos = variant(i).position(&mut rng, left);
        let team = (i % 2) as u8;
        let want = fresh.solve_moves_for(&pos, team);
        // A cap of a few nodes gives up; a generous one answers exactly.
        if solver
            .try_solve_moves_for(&pos, team, 1 + (i as u64 % 7) * 40)
            .is_none()
        {
            gave_up += 1;
        }
        assert_eq!(
            solver.try_solve_moves_for(&pos, team, u64::MAX / 2),
            Some(want)
        );
        assert_eq!(solver.solve_moves_for(&pos, team), want, "{pos}");
    }
    assert!(gave_up > 60, "{gave_up}");
}

/// The long check behind the quasi-symmetric table (run by hand after changing it: `cargo test
/// --release -p jass-solver --test brute_force -- --ignored`): 24,000 positions with 8–28 cards
/// left, every mode and rule set, Match open on a quarter, solved by solvers that share small
/// tables (2^12 and 2^16 entries) with and without the sure trumps, against a solver without
/// quasi-symmetry.
#[test]
#[ignore]
fn quasi_symmetry_long_check() {
    let mut rng = SplitMix::new(97);
    let variants = [(true, 12), (false, 12), (true, 16), (false, 16)];
    let mut on: Vec<Solver> = variants
        .iter()
        .map(|&(sure, bits)| {
            Solver::new(SolverConfig {
                tt_bits: bits,
                qs_sure_trumps: sure,
                ..SolverConfig::default()
            })
        })
        .collect();
    let mut off = Solver::new(SolverConfig {
        quasi_symmetry: false,
        ..SolverConfig::default()
    });
    for i in 0..24_000 {
        let left = 8 + rng.below(21) as u32;
        let mut pos = variant(i).position(&mut rng, left);
        if i % 4 == 0 {
            pos.tricks_won = [pos.tricks_done, 0];
        }
        let team = (i / 3 % 2) as u8;
        let want = off.solve_for(&pos, team);
        let s = &mut on[i % variants.len()];
        assert_eq!(s.solve_for(&pos, team), want, "variant {}\n{pos}", i % 4);
    }
}

/// The rules of a test position: a mode (in a Slalom the first trick's), the trick rules, the
/// Undenufe option.
struct Variant {
    mode: Mode,
    slalom: bool,
    rules: TrickRules,
    eleven: UndenufeEleven,
}

/// The rules of the `i`-th test position: the six modes and Slalom in turn (Slalom begun
/// Obenabe and Undenufe by turns), then the three trick rules, then both Undenufe options.
fn variant(i: usize) -> Variant {
    let kind = i % 7;
    let (mode, slalom) = if kind == 6 {
        ([Mode::Obenabe, Mode::Undenufe][i / 7 % 2], true)
    } else {
        (Mode::ALL[kind], false)
    };
    Variant {
        mode,
        slalom,
        rules: [TrickRules::Strict, TrickRules::Weak, TrickRules::Heading][(i / 7) % 3],
        eleven: [UndenufeEleven::Ace, UndenufeEleven::Six][(i / 21) % 2],
    }
}

impl Variant {
    /// A random position of these rules with `left` cards in the hands.
    fn position(&self, rng: &mut SplitMix, left: u32) -> Position {
        if self.slalom {
            random_slalom_position(rng, left, self.mode, self.rules)
        } else {
            random_position(rng, left, self.mode, self.eleven, self.rules)
        }
    }
}

/// The fewest-points objective (Misère: the counted team wants as few points as it can get, the
/// other team gives it as many as it can) against the plain minimax with the same objective, on
/// random endgames of every mode and trick rule, both teams, the threshold queries, every legal
/// card's value on some, and the value the same under other move orders and without the table;
/// the same solver switching back to the most points agrees with the plain minimax too.
#[test]
fn fewest_points_equal_minimax_on_random_endgames() {
    use jass_solver::reference::minimax_for;
    use jass_solver::Objective;
    let fewest = |cfg: SolverConfig| {
        Solver::new(SolverConfig {
            objective: Objective::FewestPoints,
            tt_bits: 12,
            ..cfg
        })
    };
    let mut solver = fewest(SolverConfig::default());
    let mut others = [
        fewest(SolverConfig {
            order: MoveOrder::Reversed,
            ..SolverConfig::default()
        }),
        fewest(SolverConfig {
            order: MoveOrder::Shuffled(5),
            use_tt: false,
            ..SolverConfig::default()
        }),
    ];
    let mut rng = SplitMix::new(23);
    let (mut differs, mut sweeps) = (0, 0);
    for i in 0..1200 {
        let left = 8 + rng.below(9) as u32;
        let pos = variant(i).position(&mut rng, left);
        pos.validate().unwrap();
        for team in 0..2 {
            let want = minimax_for(&pos, team, Objective::FewestPoints);
            differs += (want != minimax(&pos, team)) as u32;
            assert_eq!(solver.solve_for(&pos, team), want, "team {team}\n{pos}");
            assert!(solver.reaches(&pos, team, want));
            assert!(!solver.reaches(&pos, team, want + 1));
            // The bounds of this objective (a leader that must win every trick) hold.
            if let Some((lo, hi)) = solver.quick_bounds(&pos, team) {
                assert!(lo <= want && want <= hi, "{lo} {want} {hi}\n{pos}");
                sweeps += (lo == hi) as u32;
            }
            if i % 4 == 0 {
                for o in &mut others {
                    assert_eq!(o.solve_for(&pos, team), want, "{:?}\n{pos}", o.config());
                }
            }
        }
        if i % 10 == 0 && left <= 12 {
            let team = pos.to_move() % 2;
            let moves = solver.solve_moves_for(&pos, team);
            for (c, v) in moves.iter() {
                let mut p = pos;
                let gain = match p.play(c) {
                    Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
                    _ => 0,
                };
                let want = gain + minimax_for(&p, team, Objective::FewestPoints);
                assert_eq!(v, want, "card {c}\n{pos}");
            }
            // The counted team to move takes the card with the fewest points.
            assert_eq!(moves.worst().unwrap().1, solver.solve_for(&pos, team));
        }
        if i % 50 == 0 {
            solver.set_objective(Objective::MostPoints);
            assert_eq!(solver.solve_for(&pos, 0), minimax(&pos, 0), "{pos}");
            solver.set_objective(Objective::FewestPoints);
        }
    }
    // The objective matters in most of these positions.
    assert!(
        differs > 1200,
        "{differs} of 2400 values differ from the most points'"
    );
    assert!(sweeps > 0, "no position decided by its bounds");
}

//! Slalom (no trump, the direction changes every trick: Obenabe, Undenufe, …): the solver against
//! a plain minimax on random endgames, under every setting that must not change a value, with
//! quasi-symmetric entries shared by many positions, and on a two-trick endgame worked by hand.

use jass_core::{Card, CardSet, Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_slalom_position, SplitMix};
use jass_solver::reference::minimax;
use jass_solver::{MoveOrder, Position, Solver, SolverConfig};

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}
fn c(s: &str) -> Card {
    s.parse().unwrap()
}

/// The `i`-th test position's first direction and trick rules (both directions, strict and weak).
fn variant(i: usize) -> (Mode, TrickRules) {
    let first = [Mode::Obenabe, Mode::Undenufe][i % 2];
    let rules = [TrickRules::Strict, TrickRules::Weak][(i / 2) % 2];
    (first, rules)
}

#[test]
fn two_tricks_worked_by_hand() {
    // A Slalom begun Obenabe, seven tricks done (team 1 has one of them: no Match): the eighth
    // trick is played Undenufe (6 7 8 9 10 J Q K A from the top), the ninth Obenabe again.
    // Seat 0 leads. Points (Obenabe's in both directions): ace 11, ten 10, eight 8, king 4,
    // the sixes 0; 44 in the hands, 49 with the last trick.
    let mut pos = Position::new_deal(
        [set("H6 HA"), set("H10 S8"), set("HK D6"), set("S6 SA")],
        0,
        Mode::Undenufe,
        UndenufeEleven::Ace,
    )
    .with_slalom(Mode::Undenufe);
    pos.tricks_done = 7;
    pos.tricks_won = [6, 1];
    pos.validate().unwrap();
    // Lead H6, the top heart in Undenufe: H10 and HK must follow, seat 3 discards a spade;
    // seat 0 wins and leads HA in the Obenabe last trick, which wins it too (S8, D6 and the
    // other spade cannot beat it). Team 0 takes every card: 44 + 5 = 49.
    assert_eq!(minimax(&pos, 0), 49);
    let mut solver = Solver::default();
    assert_eq!(solver.solve_for(&pos, 0), 49);
    let moves = solver.solve_moves_for(&pos, 0);
    assert_eq!(moves.value(c("H6")), Some(49));
    // Lead HA, the lowest heart in Undenufe: H10 (seat 1) beats HK and HA, team 1 takes the
    // trick and seat 1 leads S8 in the Obenabe last trick: seat 3's SA beats it, or S8 wins
    // if seat 3 kept S6. Team 0 takes nothing.
    assert_eq!(moves.value(c("HA")), Some(0));
    // The direction changes after the trick in the position too.
    let mut p = pos;
    for card in ["H6", "H10", "HK", "S6"] {
        p.play(c(card));
    }
    assert_eq!(p.mode, Mode::Obenabe);
    assert_eq!(p.leader, 0);
}

#[test]
fn solver_equals_minimax_on_random_slalom_endgames() {
    let mut rng = SplitMix::new(17);
    let mut solver = Solver::new(SolverConfig {
        tt_bits: 12,
        ..SolverConfig::default()
    });
    for i in 0..600 {
        let (first, rules) = variant(i);
        let left = 8 + rng.below(9) as u32;
        let mut pos = random_slalom_position(&mut rng, left, first, rules);
        if i % 5 == 0 {
            // Match still open for team 0.
            pos.tricks_won = [pos.tricks_done, 0];
        }
        pos.validate().unwrap();
        for team in 0..2 {
            let want = minimax(&pos, team);
            assert_eq!(solver.solve_for(&pos, team), want, "team {team}\n{pos}");
            assert!(solver.reaches(&pos, team, want));
            assert!(!solver.reaches(&pos, team, want + 1));
        }
        if i % 10 == 0 && left <= 12 {
            let team = pos.to_move() % 2;
            for (card, v) in solver.solve_moves(&pos).iter() {
                let mut p = pos;
                let gain = match p.play(card) {
                    Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
                    _ => 0,
                };
                assert_eq!(v, gain + minimax(&p, team), "card {card}\n{pos}");
            }
        }
    }
}

#[test]
fn slalom_values_do_not_depend_on_settings() {
    let mut rng = SplitMix::new(23);
    let configs = [
        SolverConfig::default(),
        SolverConfig {
            order: MoveOrder::Reversed,
            ..SolverConfig::default()
        },
        SolverConfig {
            order: MoveOrder::Shuffled(5),
            tt_bits: 10,
            ..SolverConfig::default()
        },
        SolverConfig {
            merge_equivalent: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            use_tt: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            bounds: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            quasi_symmetry: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            etc_min_cards: 4,
            ..SolverConfig::default()
        },
    ];
    let mut solvers: Vec<Solver> = configs.iter().map(|&c| Solver::new(c)).collect();
    for i in 0..120 {
        let (first, rules) = variant(i);
        let left = 12 + rng.below(9) as u32; // 12..20 cards left
        let pos = random_slalom_position(&mut rng, left, first, rules);
        let team = (i / 4 % 2) as u8;
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

/// Quasi-symmetric entries in both directions (a small table shared by many positions, hashed
/// keys above 20 cards) give the values of a solver without them.
#[test]
fn slalom_quasi_symmetry_keeps_values_exact() {
    let mut rng = SplitMix::new(29);
    let mut on = Solver::new(SolverConfig {
        tt_bits: 14,
        ..SolverConfig::default()
    });
    let mut off = Solver::new(SolverConfig {
        quasi_symmetry: false,
        ..SolverConfig::default()
    });
    for i in 0..120 {
        let (first, rules) = variant(i);
        let left = 12 + rng.below(13) as u32; // 12..24 cards left
        let pos = random_slalom_position(&mut rng, left, first, rules);
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

/// A Slalom position is refused with another mode or point table than a Slalom's.
#[test]
fn slalom_positions_are_checked() {
    let mut rng = SplitMix::new(3);
    let mut pos = random_slalom_position(&mut rng, 20, Mode::Obenabe, TrickRules::Strict);
    assert!(pos.validate().is_ok());
    pos.points = jass_core::PointTable::new(Mode::Undenufe, UndenufeEleven::Six);
    let e = pos.validate().unwrap_err();
    assert!(e.contains("Slalom"), "{e}");
}

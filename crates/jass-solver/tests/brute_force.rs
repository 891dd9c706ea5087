//! The solver against a plain minimax on random endgames.

use jass_core::{Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_position, SplitMix};
use jass_solver::reference::minimax;
use jass_solver::{Solver, SolverConfig};

#[test]
fn solver_equals_minimax_on_random_endgames() {
    let mut rng = SplitMix::new(7);
    let mut solver = Solver::new(SolverConfig { tt_bits: 16, ..SolverConfig::default() });
    let mut n = 0;
    for i in 0..600 {
        let mode = Mode::ALL[i % 6];
        let rules = if i % 2 == 0 { TrickRules::Strict } else { TrickRules::Weak };
        let eleven = if i % 3 == 0 { UndenufeEleven::Six } else { UndenufeEleven::Ace };
        let left = 8 + rng.below(9) as u32;
        let pos = random_position(&mut rng, left, mode, eleven, rules);
        pos.validate().unwrap();
        for team in 0..2 {
            let want = minimax(&pos, team);
            let got = solver.solve_for(&pos, team);
            assert_eq!(got, want, "team {team}\n{pos}");
            n += 1;
        }
    }
    assert!(n > 0);
}

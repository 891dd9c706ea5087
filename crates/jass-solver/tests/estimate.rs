//! The estimate first (`SolverConfig::estimate_horizon`): with many cards left, a fresh solver
//! estimates the value by a search that plays single lines below the horizon, forgets what
//! that search stored, and steps out from the estimate. It must change the work only: the
//! values, the bounds of `solve_within`, the node cap and the reproducibility of node counts
//! are checked here on positions with enough cards for an estimate, in every mode, under both
//! trick rules, in Slalom and for Misère's objective.

use jass_core::{Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{deal_position, random_position, random_slalom_position, SplitMix};
use jass_solver::{Objective, Position, Solver, SolverConfig};

/// Position `i` of a varied sample: the modes in turn, strict and weak rules, every seventh a
/// Slalom, with one to four cards more than the estimate needs (28 to 31 cards left by
/// default, some inside a trick).
fn position(rng: &mut SplitMix, i: usize) -> Position {
    let least = SolverConfig::default().estimate_horizon as u32 + 5;
    let left = least + rng.below(4) as u32;
    let rules = if i.is_multiple_of(2) {
        TrickRules::Strict
    } else {
        TrickRules::Weak
    };
    if i % 7 == 6 {
        let first = if i.is_multiple_of(2) {
            Mode::Obenabe
        } else {
            Mode::Undenufe
        };
        random_slalom_position(rng, left, first, rules)
    } else {
        random_position(rng, left, Mode::ALL[i % 6], UndenufeEleven::Ace, rules)
    }
}

/// A solver with the default estimate or none.
fn solver(estimate: bool, objective: Objective) -> Solver {
    Solver::new(SolverConfig {
        estimate_horizon: if estimate {
            SolverConfig::default().estimate_horizon
        } else {
            0
        },
        objective,
        ..SolverConfig::default()
    })
}

#[test]
fn the_estimate_changes_no_value() {
    let mut rng = SplitMix::new(41);
    let mut other_work = 0;
    for i in 0..42 {
        let pos = position(&mut rng, i);
        let objective = if i % 5 == 4 {
            Objective::FewestPoints
        } else {
            Objective::MostPoints
        };
        let team = (i % 2) as u8;
        let mut plain = solver(false, objective);
        let mut with = solver(true, objective);
        let want = plain.solve_for(&pos, team);
        assert_eq!(with.solve_for(&pos, team), want, "position {i}\n{pos}");
        // (The estimate ran: the two solvers took different paths to the value.)
        other_work += usize::from(with.nodes() != plain.nodes());
        with.clear();
        let (lo, hi) = with.solve_within(&pos, team, 8, None);
        assert!(
            lo <= want && want <= hi && hi - lo <= 8,
            "position {i}: {lo}..{hi}, {want}"
        );
    }
    assert!(
        other_work >= 35,
        "the estimate ran on {other_work} of 42 positions"
    );
}

/// From the first card (and the first trick's other cards) there is room for the coarser
/// estimate too, one trick earlier: the two estimates, then the exact search.
#[test]
fn whole_deals_keep_their_values() {
    let mut rng = SplitMix::new(59);
    let mut solved = 0;
    for i in 0..16u64 {
        let mut pos = deal_position(59, i, Mode::ALL[i as usize % 6]);
        // The first card or the first two of the deal.
        for _ in 0..rng.below(3) {
            let legal = pos.legal_cards();
            pos.play(legal.nth(rng.below(legal.len() as u64) as u32));
        }
        let mut plain = solver(false, Objective::MostPoints);
        // (A few deals need hundreds of millions of nodes: those are left out here.)
        let Some(want) = plain.try_solve_for(&pos, 0, 3_000_000) else {
            continue;
        };
        let mut with = solver(true, Objective::MostPoints);
        assert_eq!(with.solve_for(&pos, 0), want, "deal {i}\n{pos}");
        assert_ne!(with.nodes(), plain.nodes(), "deal {i}: no estimate?");
        solved += 1;
    }
    assert!(
        solved >= 8,
        "only {solved} of 16 deals solved under the cap"
    );
}

#[test]
fn every_card_keeps_its_value() {
    let mut rng = SplitMix::new(43);
    for i in 0..12 {
        let pos = position(&mut rng, i);
        let mut plain = solver(false, Objective::MostPoints);
        let mut with = solver(true, Objective::MostPoints);
        assert_eq!(
            with.solve_moves(&pos),
            plain.solve_moves(&pos),
            "position {i}\n{pos}"
        );
    }
}

/// A search cut short by the node cap, in the estimate or after it, gives up and leaves a table
/// from which the exact value still comes out.
#[test]
fn the_node_cap_cuts_the_estimate_cleanly() {
    let mut rng = SplitMix::new(47);
    for i in 0..10 {
        let pos = position(&mut rng, i);
        let mut fresh = solver(true, Objective::MostPoints);
        let want = fresh.solve_for(&pos, 0);
        let needed = fresh.nodes();
        for cap in [50, needed / 20, needed / 2, needed - 1] {
            let mut s = solver(true, Objective::MostPoints);
            assert_eq!(
                s.try_solve_for(&pos, 0, cap),
                None,
                "position {i}, cap {cap}"
            );
            assert_eq!(s.solve_for(&pos, 0), want, "position {i}, cap {cap}");
        }
        let mut s = solver(true, Objective::MostPoints);
        assert_eq!(s.try_solve_for(&pos, 0, needed), Some(want), "position {i}");
    }
}

/// Each deal takes two of the table's generations with the estimate (one for the estimate's
/// results, forgotten); across the table's wrap-around (every 64 generations) a solver that
/// solved other deals before still does the same work as a fresh one.
#[test]
fn node_counts_do_not_depend_on_earlier_deals() {
    let mut rng = SplitMix::new(53);
    let mut used = solver(true, Objective::MostPoints);
    for i in 0..80 {
        let pos = position(&mut rng, i);
        let mut fresh = solver(true, Objective::MostPoints);
        let want = fresh.solve_for(&pos, 0);
        used.reset_nodes();
        assert_eq!(used.solve_for(&pos, 0), want, "position {i}");
        assert_eq!(used.nodes(), fresh.nodes(), "position {i}");
    }
}

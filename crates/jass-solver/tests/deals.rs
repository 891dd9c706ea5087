//! Whole deals: playing the solver's own line keeps the value, team 0 ends with exactly the
//! points it was promised, and every deal adds up to 157 or 257.

use jass_core::{Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{deal_position, SplitMix};
use jass_solver::{Position, Solver};

/// Plays random legal cards from the first card until `left` cards are in the hands; returns the
/// position and the points (with Match) each team has taken.
fn random_prefix(mut pos: Position, left: u32, rng: &mut SplitMix) -> (Position, [u32; 2]) {
    let mut taken = [0u32; 2];
    while pos.cards_left() > left {
        let legal = pos.legal_cards();
        if let Some(r) = pos.play(legal.nth(rng.below(legal.len() as u64) as u32)) {
            taken[r.winner as usize % 2] += r.points + r.match_bonus;
        }
    }
    (pos, taken)
}

fn check_deals(rules: TrickRules, eleven: UndenufeEleven, seed: u64) {
    let mut rng = SplitMix::new(seed);
    let mut solver = Solver::default();
    for i in 0..48 {
        let mode = Mode::ALL[i % 6];
        let mut start = deal_position(seed, i as u64, mode).with_rules(rules);
        start.points = jass_core::PointTable::new(mode, eleven);
        let left = 14 + rng.below(7) as u32; // 14..20 cards left
        let (mut pos, mut taken) = random_prefix(start, left, &mut rng);
        let promised = taken[0] + solver.solve_for(&pos, 0);
        assert!(promised - taken[0] <= pos.max_value(0));
        // Both sides play the solver's best card for their side (team 0 maximises its points,
        // team 1 minimises them).
        while !pos.is_over() {
            let moves = solver.solve_moves_for(&pos, 0);
            let (card, v) = if pos.to_move() % 2 == 0 {
                moves.best()
            } else {
                moves.worst()
            }
            .unwrap();
            assert_eq!(taken[0] + v, promised, "deal {i}\n{pos}");
            if let Some(r) = pos.play(card) {
                taken[r.winner as usize % 2] += r.points + r.match_bonus;
            }
            assert_eq!(
                taken[0] + solver.solve_for(&pos, 0),
                promised,
                "deal {i}\n{pos}"
            );
        }
        assert_eq!(taken[0], promised);
        let total = taken[0] + taken[1];
        assert!(total == 157 || total == 257, "deal {i}: {taken:?}");
        assert_eq!(
            total == 257,
            taken[0] == 0 || taken[1] == 0,
            "deal {i}: {taken:?}"
        );
    }
}

#[test]
fn principal_variation_keeps_the_value_strict() {
    check_deals(TrickRules::Strict, UndenufeEleven::Ace, 17);
}

#[test]
fn principal_variation_keeps_the_value_weak_six() {
    check_deals(TrickRules::Weak, UndenufeEleven::Six, 23);
}

#[test]
fn match_deal_from_the_first_card() {
    // Seat 0 holds the nine hearts, hearts trump, seat 0 leads: every trick falls to seat 0
    // (157 + 100 Match = 257), team 1 gets nothing.
    let hands = [
        "H6 H7 H8 H9 H10 HJ HQ HK HA",
        "D6 D7 D8 D9 D10 DJ DQ DK DA",
        "S6 S7 S8 S9 S10 SJ SQ SK SA",
        "C6 C7 C8 C9 C10 CJ CQ CK CA",
    ]
    .map(|h| h.parse().unwrap());
    let pos = Position::new_deal(
        hands,
        0,
        Mode::Trump(jass_core::Suit::H),
        UndenufeEleven::Ace,
    );
    let mut solver = Solver::default();
    assert_eq!(solver.solve_for(&pos, 0), 257);
    assert_eq!(solver.solve_for(&pos, 1), 0);
    assert!(solver.reaches(&pos, 0, 257));
}

/// The solver's work on a position does not depend on what it solved before in other deals:
/// a new deal starts with an empty table, no killer cards and an empty refutation memory, so
/// the nodes are the same as for a fresh solver (the sampling players' node budgets, and so
/// their choices, stay reproducible).
#[test]
fn a_new_deal_starts_from_scratch() {
    let mut rng = SplitMix::new(5);
    let positions: Vec<Position> = (0..6)
        .map(|i| {
            let start = deal_position(5, i, Mode::ALL[i as usize % 6]);
            random_prefix(start, 20, &mut rng).0
        })
        .collect();
    let mut used = Solver::default();
    for (i, pos) in positions.iter().enumerate() {
        let mut fresh = Solver::default();
        let want = fresh.solve_for(pos, 0);
        used.reset_nodes();
        assert_eq!(used.solve_for(pos, 0), want);
        assert_eq!(used.nodes(), fresh.nodes(), "position {i}");
    }
    // The same deal again after the others: its memory is gone too.
    let mut fresh = Solver::default();
    fresh.solve_for(&positions[0], 0);
    used.reset_nodes();
    used.solve_for(&positions[0], 0);
    assert_eq!(used.nodes(), fresh.nodes());
}

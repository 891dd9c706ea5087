//! Slalom (no trump, the direction changes every trick: Obenabe, Undenufe, …): a two-trick
//! endgame worked by hand, and the positions checked. (The random endgames of `brute_force.rs`
//! include Slalom positions: against the plain minimax, under every setting, with the
//! quasi-symmetric table.)

use jass_core::{Card, CardSet, Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_slalom_position, SplitMix};
use jass_solver::reference::minimax;
use jass_solver::{Position, Solver};

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}
fn c(s: &str) -> Card {
    s.parse().unwrap()
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

/// Every card turned upside down in its suit (the six for the ace, the seven for the king, …).
fn mirrored(c: Card) -> Card {
    Card::new(c.suit(), jass_core::Rank::from_index(8 - c.rank().index()))
}

/// One solver for a Slalom and its mirror image (every card turned upside down, the other first
/// direction: the same game up to the points, with the same table keys) and a trump game in
/// between: the table's entries hold for one first direction only, so each answer is a fresh
/// solver's.
#[test]
fn one_solver_for_both_first_directions() {
    let mut rng = SplitMix::new(11);
    let mut shared = Solver::default();
    for i in 0..24 {
        let first = [Mode::Obenabe, Mode::Undenufe][i % 2];
        let left = 12 + (i as u32 % 3) * 4;
        let pos = random_slalom_position(&mut rng, left, first, TrickRules::Strict);
        let mut mirror = Position {
            hands: pos.hands.map(|h| h.iter().map(mirrored).collect()),
            mode: if pos.mode == Mode::Obenabe {
                Mode::Undenufe
            } else {
                Mode::Obenabe
            },
            ..pos
        };
        mirror.trick = pos.trick.map(mirrored);
        let hearts = Mode::Trump(jass_core::Suit::H);
        let trump = Position {
            slalom: false,
            mode: hearts,
            points: jass_core::PointTable::new(hearts, UndenufeEleven::Ace),
            ..pos
        };
        for p in [pos, mirror, trump, pos, mirror] {
            p.validate().unwrap();
            let want = Solver::default().solve_moves_for(&p, 0);
            assert_eq!(shared.solve_moves_for(&p, 0), want, "{p}");
        }
    }
}

//! Small endgames whose values are worked out by hand in the comments.

use jass_core::{Card, CardSet, Mode, Suit, TrickRules, UndenufeEleven};
use jass_solver::reference::minimax;
use jass_solver::{Position, Solver};

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}
fn c(s: &str) -> Card {
    s.parse().unwrap()
}

/// A position after `tricks_won` tricks, `leader` to lead, hands as given.
fn endgame(
    hands: [&str; 4],
    leader: u8,
    mode: Mode,
    eleven: UndenufeEleven,
    tricks_won: [u8; 2],
) -> Position {
    let mut p = Position::new_deal(hands.map(set), leader, mode, eleven);
    p.tricks_won = tricks_won;
    p.tricks_done = tricks_won[0] + tricks_won[1];
    p.validate().unwrap();
    p
}

#[test]
fn two_tricks_hearts_trump() {
    // Hearts trump, seat 0 to lead, team 1 has won tricks (no Match). Points: HJ 20, H9 14,
    // SA 11, S10 10, the sixes 0.
    let pos = endgame(
        ["HJ S6", "H6 SA", "S10 D6", "H9 C6"],
        0,
        Mode::Trump(Suit::H),
        UndenufeEleven::Ace,
        [4, 3],
    );
    // Lead HJ: seat 1 must follow with H6, seat 3 with H9 (not the Puur, so forced); seat 2 smears
    // S10: HJ wins 20 + 0 + 10 + 14 = 44. Last trick S6 SA D6 C6 goes to seat 1 (SA).
    // Team 0: 44. (Had seat 2 kept S10, the trick gives 34 and S10 falls to SA: 34.)
    // Lead S6: seat 1 SA, seat 2 S10, seat 3 trumps H9 (team 1 wins 11 + 10 + 14); last trick
    // C6 HJ H6 D6 to seat 0: 20 + 5 = 25. (Seat 1 trumping H6 instead gives team 0 at least 36;
    // seat 3 discarding C6 after SA gives 39.) So S6 is worth 25.
    let mut solver = Solver::default();
    assert_eq!(solver.solve_for(&pos, 0), 44);
    let moves = solver.solve_moves(&pos);
    assert_eq!(moves.value(c("HJ")), Some(44));
    assert_eq!(moves.value(c("S6")), Some(25));
    assert_eq!(moves.best(), Some((c("HJ"), 44)));
    // Team 1's points: 157-point deals are not zero-sum move by move, so check with minimax.
    assert_eq!(solver.solve_for(&pos, 1), minimax(&pos, 1));
    assert!(solver.reaches(&pos, 0, 44));
    assert!(!solver.reaches(&pos, 0, 45));
}

#[test]
fn match_on_the_last_trick() {
    // Obenabe, team 0 has won all eight tricks; last trick SA S6 D6 C8: SA wins,
    // 11 + 0 + 0 + 8 (eights count 8 without trump) + 5 = 24, plus Match 100 = 124.
    let pos = endgame(
        ["SA", "S6", "D6", "C8"],
        0,
        Mode::Obenabe,
        UndenufeEleven::Ace,
        [8, 0],
    );
    let mut solver = Solver::default();
    assert_eq!(solver.solve_for(&pos, 0), 124);
    assert_eq!(solver.solve_for(&pos, 1), 0);
    // Without Match (team 1 has a trick) it is just 24.
    let pos = endgame(
        ["SA", "S6", "D6", "C8"],
        0,
        Mode::Obenabe,
        UndenufeEleven::Ace,
        [7, 1],
    );
    assert_eq!(solver.solve_for(&pos, 0), 24);
}

#[test]
fn undenufe_eleven_option() {
    // Undenufe, seat 2 leads H6 (the highest heart), HA, H8, CA follow: seat 2 wins.
    // Ace worth 11: 0 + 11 + 8 + 11 + 5 = 35. Six worth 11: 11 + 0 + 8 + 0 + 5 = 24.
    let hands = ["H8", "CA", "H6", "HA"];
    let mut solver = Solver::default();
    let pos = endgame(hands, 2, Mode::Undenufe, UndenufeEleven::Ace, [4, 4]);
    assert_eq!(solver.solve_for(&pos, 0), 35);
    let pos = endgame(hands, 2, Mode::Undenufe, UndenufeEleven::Six, [4, 4]);
    assert_eq!(solver.solve_for(&pos, 0), 24);
}

#[test]
fn undertrumping_rules() {
    // Hearts trump (plain eights count 0), seat 0 leads. Seat 2 holds H7 and C10, no spade or
    // diamond. Points left: HA 11, C10 10, the rest 0, and 5 for the last trick.
    // Strict:
    //   Lead S6. Seat 1 trumps HA: seat 2 may not undertrump and must give C10 (team 1 takes
    //   21); last trick D6 H7 D7 D8 goes to H7: 5. Seat 1 discards D6: whatever seat 2 does,
    //   HA takes the last trick with C10 in it: 0. So S6 is worth min(5, 0) = 0.
    //   Lead D8. Seat 1 follows D6: seat 2 discards C10 onto D8's trick (10), HA then takes
    //   the last trick: 10. Seat 1 trumps HA: seat 2 must give C10, then H7 wins the last trick:
    //   5. So D8 is worth min(10, 5) = 5.
    //   Value: max(0, 5) = 5.
    // Weak (seat 2, void, may undertrump):
    //   S6 HA: seat 2 plays H7 and keeps C10 for D8's last trick: 10 + 5 = 15 (C10: 5); but seat
    //   1 answers S6 with D6 (0). D8 HA: H7 would leave D6 to win the last trick (0), C10 gives 5;
    //   D8 D6 gives 10. Value: max(min(15, 0), min(10, 5)) = 5.
    let hands = ["S6 D8", "HA D6", "H7 C10", "S8 D7"];
    let mut solver = Solver::default();
    let pos = endgame(hands, 0, Mode::Trump(Suit::H), UndenufeEleven::Ace, [3, 4]);
    assert_eq!(solver.solve_for(&pos, 0), 5);
    let moves = solver.solve_moves(&pos);
    assert_eq!(moves.value(c("S6")), Some(0));
    assert_eq!(moves.value(c("D8")), Some(5));
    let weak = pos.with_rules(TrickRules::Weak);
    assert_eq!(solver.solve_for(&weak, 0), 5);
    // After S6 HA the strict rule leaves seat 2 only C10; the weak rule also allows H7.
    let mut p = pos;
    p.play(c("S6"));
    p.play(c("HA"));
    assert_eq!(p.legal_cards(), set("C10"));
    assert_eq!(solver.solve_for(&p, 0), 5);
    let mut w = weak;
    w.play(c("S6"));
    w.play(c("HA"));
    assert_eq!(w.legal_cards(), set("H7 C10"));
    let moves = solver.solve_moves_for(&w, 0);
    assert_eq!(moves.value(c("H7")), Some(15));
    assert_eq!(moves.value(c("C10")), Some(5));
    assert_eq!(minimax(&w, 0), 15);
}

#[test]
fn a_trick_on_the_table() {
    // Clubs trump; seat 3 led CJ (the Puur), seat 0 must follow C6; seats 1, 2 to play one card
    // each, then the last trick. Position mid-trick: 8 tricks done, won [4, 4].
    let mut pos = endgame(
        ["C6 DA", "DK SQ", "S10 D6", "CJ H6"],
        3,
        Mode::Trump(Suit::C),
        UndenufeEleven::Ace,
        [4, 3],
    );
    pos.play(c("CJ"));
    pos.play(c("C6"));
    // Seat 1 (team 1, partner of the winner) smears SQ (3) or DK (4); seat 2 gives D6 or S10.
    // The Puur wins: 20 + 0 + card of seat 1 + card of seat 2. Last trick led by seat 3: H6, then
    // seat 0 DA, seat 1 leftover, seat 2 leftover: H6 is led, nobody follows hearts, H6 wins:
    // everything goes to team 1. So team 0 gets 0, whatever happens.
    let mut solver = Solver::default();
    assert_eq!(solver.solve_for(&pos, 0), 0);
    // Team 1 takes both tricks: every card point left, CJ 20 + DA 11 + DK 4 + SQ 3 + S10 10,
    // and 5 for the last trick = 53 (no Match: team 0 has won tricks).
    assert_eq!(solver.solve_for(&pos, 1), 53);
    assert_eq!(solver.solve_for(&pos, 1), minimax(&pos, 1));
}

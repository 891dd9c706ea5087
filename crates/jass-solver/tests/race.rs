//! The race to the target against a plain search over every line (no table, no threshold
//! shortcut) on random endgames of every mode and trick rule.

use jass_core::{Card, CardSet, Mode, Suit, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_position, SplitMix};
use jass_solver::{race_cards, race_wins, Position, Solver, SolverConfig};

#[test]
fn the_race_can_want_another_card_than_the_points() {
    // Clubs trump, two tricks left, seat 3 to lead; team 1 (seats 1 and 3) needs 20 more
    // points for the target, team 0 needs 10. Points: CJ (the Puur) 20, HA 11, D10 10, DK HK 4,
    // DQ HQ 3, H7 0.
    let hands = ["H7 HK", "DQ HA", "DK HQ", "D10 CJ"].map(|h| h.parse::<CardSet>().unwrap());
    let mut pos = Position::new_deal(hands, 3, Mode::Trump(Suit::C), UndenufeEleven::Ace);
    pos.tricks_won = [2, 5];
    pos.tricks_done = 7;
    pos.validate().unwrap();
    let c = |s: &str| s.parse::<Card>().unwrap();
    // By points D10 is best: seat 0 cannot follow and throws HK, DQ and DK must follow, DK
    // takes 10 + 4 + 3 + 4 = 21 for team 0; the last trick HQ CJ H7 HA goes to the Puur:
    // 3 + 20 + 0 + 11 + 5 = 39 for team 1. CJ first gives team 1 only 34 (20 + H7 0 + HA 11 +
    // HQ 3), and D10 then falls to DK.
    let mut solver = Solver::default();
    let moves = solver.solve_moves(&pos);
    assert_eq!(moves.best(), Some((c("D10"), 39)));
    assert_eq!(moves.value(c("CJ")), Some(34));
    // But with D10 team 0 takes at least 17 in the first trick and reaches its 10 first; with CJ
    // team 1 takes 34 at once and reaches its 20: CJ is the only card that wins the game.
    let won = race_cards(&mut solver, &pos, 1, 20, 10, &mut u64::MAX.clone()).unwrap();
    assert_eq!(won, CardSet::single(c("CJ")));
    assert_eq!(
        race_wins(&mut solver, &pos, 1, 20, 10, &mut u64::MAX.clone()),
        Some(true)
    );
    // Team 0's side of it: it wins only if team 1 leads D10.
    assert!(
        race_cards(&mut solver, &pos, 0, 10, 20, &mut u64::MAX.clone()).unwrap()
            == CardSet::single(c("D10"))
    );
    // Had team 0 needed 25 (more than any first trick brings it), D10 would win for team 1
    // too: team 1's 39 all come in the last trick, and team 0 cannot reach 25 before that.
    let won = race_cards(&mut solver, &pos, 1, 20, 25, &mut u64::MAX.clone()).unwrap();
    assert!(won.contains(c("D10")) && won.contains(c("CJ")));
}

/// Does `team` take `need` points before the others take `other`, trick by trick, against any
/// defence? Every line visited.
fn race_by_every_line(pos: &Position, team: u8, need: u32, other: u32) -> bool {
    if need == 0 {
        return true;
    }
    if other == 0 || pos.is_over() {
        return false;
    }
    let maxing = pos.to_move() % 2 == team;
    let mut any = false;
    let mut all = true;
    for c in pos.legal_cards() {
        let won = after_card(pos, c, team, need, other);
        any |= won;
        all &= won;
    }
    if maxing {
        any
    } else {
        all
    }
}

/// [`race_by_every_line`] after card `c` is played at `pos`.
fn after_card(pos: &Position, c: Card, team: u8, need: u32, other: u32) -> bool {
    let mut p = *pos;
    match p.play(c) {
        None => race_by_every_line(&p, team, need, other),
        Some(t) if t.winner % 2 == team => race_by_every_line(
            &p,
            team,
            need.saturating_sub(t.points + t.match_bonus),
            other,
        ),
        Some(t) => race_by_every_line(
            &p,
            team,
            need,
            other.saturating_sub(t.points + t.match_bonus),
        ),
    }
}

#[test]
fn race_equals_every_line_on_random_endgames() {
    let mut rng = SplitMix::new(11);
    let mut solver = Solver::new(SolverConfig {
        tt_bits: 12,
        ..SolverConfig::default()
    });
    let (mut races, mut won, mut lost) = (0, 0, 0);
    for i in 0..900 {
        let mode = Mode::ALL[i % 6];
        let rules = [TrickRules::Strict, TrickRules::Weak, TrickRules::Heading][(i / 6) % 3];
        let left = 4 + rng.below(13) as u32;
        let mut pos = random_position(&mut rng, left, mode, UndenufeEleven::Ace, rules);
        // Some positions inside a trick.
        for _ in 0..rng.below(3) {
            let legal = pos.legal_cards();
            pos.play(legal.nth(rng.below(legal.len() as u64) as u32));
        }
        let left_pts = pos.remaining_points();
        let team = rng.below(2) as u8;
        // Needs that make a race (both can get there) most of the time.
        let need = 1 + rng.below(left_pts as u64 * 3 / 4) as u32;
        // A quarter of them exactly at the edge: together they need every point left, so
        // both get there in the lines where the points are shared just so.
        let other = if i % 4 == 0 && need < left_pts {
            left_pts - need
        } else {
            1 + rng.below(left_pts as u64 * 3 / 4) as u32
        };
        if need + other <= left_pts {
            races += 1;
        }
        let cards =
            race_cards(&mut solver, &pos, team, need, other, &mut u64::MAX.clone()).unwrap();
        for c in pos.legal_cards() {
            let want = after_card(&pos, c, team, need, other);
            assert_eq!(
                cards.contains(c),
                want,
                "card {c}, team {team}, needs {need}/{other}\n{pos}"
            );
        }
        let want = race_by_every_line(&pos, team, need, other);
        assert_eq!(
            race_wins(&mut solver, &pos, team, need, other, &mut u64::MAX.clone()),
            Some(want)
        );
        if want {
            won += 1;
        } else {
            lost += 1;
        }
    }
    // The sample has real races, won and lost ones.
    assert!(
        races > 300 && won > 100 && lost > 100,
        "{races} races, {won} won, {lost} lost"
    );
}

#[test]
fn race_gives_up_over_the_node_cap() {
    let mut rng = SplitMix::new(5);
    let mut solver = Solver::default();
    let pos = random_position(
        &mut rng,
        24,
        Mode::ALL[0],
        UndenufeEleven::Ace,
        TrickRules::Strict,
    );
    let left = pos.remaining_points();
    let mut budget = 10;
    assert_eq!(
        race_cards(&mut solver, &pos, 0, left / 2, left / 3, &mut budget),
        None
    );
    assert!(budget < 10);
    // With room it answers, the same again, and takes off what it used.
    let mut budget = u64::MAX;
    let a = race_cards(&mut solver, &pos, 0, left / 2, left / 3, &mut budget);
    assert!(a.is_some() && budget < u64::MAX);
    let used = u64::MAX - budget;
    let mut budget = used;
    assert_eq!(
        race_cards(&mut solver, &pos, 0, left / 2, left / 3, &mut budget),
        a
    );
}

//! The lemma behind the solver's dominated cards (docs/solver.md, "Dominated cards"), checked
//! with the plain minimax alone (no solver code): two legal cards of one suit with no card of
//! the other hands between them in rank (never the Puur), both beating the trick's card so far
//! or neither, differ only in where their points go. When the mover's side surely takes the
//! trick (whatever the seats after it play, found here by trying every way the trick can end),
//! playing the richer card is worth at least as much to the mover's side as playing the poorer
//! one; when the other side surely takes it, at most as much. Under either objective (the
//! counted team's points decide both), every mode, Slalom, every trick rule, every seat.

use jass_core::trick::trick_winner;
use jass_core::{Card, Mode, Rank, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_position, random_slalom_position, SplitMix};
use jass_solver::reference::minimax_for;
use jass_solver::{Objective, Position};

/// The value of playing `c` for team `team` (the card's own trick included).
fn value_of(pos: &Position, c: Card, team: u8, objective: Objective) -> u32 {
    let mut p = *pos;
    let gain = match p.play(c) {
        Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
        _ => 0,
    };
    gain + minimax_for(&p, team, objective)
}

/// The teams that can take the current trick once `c` is played at `pos` (bit `t` for team
/// `t`), by trying every way the trick can end.
fn taken_by(pos: &Position, c: Card) -> u8 {
    let mut p = *pos;
    match p.play(c) {
        Some(r) => 1 << (r.winner % 2),
        None => p.legal_cards().iter().fold(0, |a, d| a | taken_by(&p, d)),
    }
}

#[test]
fn a_run_is_ordered_by_its_points_when_the_tricks_taker_is_sure() {
    let mut rng = SplitMix::new(2026);
    let (mut pairs, mut unequal) = (0, 0);
    let mut seats = [0u32; 4];
    for i in 0..3000 {
        // 6 to 13 cards in the hands: every seat of a trick.
        let left = 6 + (i % 8) as u32;
        let rules = [TrickRules::Strict, TrickRules::Weak, TrickRules::Heading][i / 2 % 3];
        let pos = if i % 7 == 6 {
            random_slalom_position(
                &mut rng,
                left,
                [Mode::Obenabe, Mode::Undenufe][i / 7 % 2],
                rules,
            )
        } else {
            random_position(&mut rng, left, Mode::ALL[i % 7], UndenufeEleven::Ace, rules)
        };
        let me = pos.to_move();
        let others = (0..4u8)
            .filter(|&s| s != me)
            .fold(jass_core::CardSet::EMPTY, |a, s| a | pos.hands[s as usize]);
        let legal: Vec<Card> = pos.legal_cards().iter().collect();
        let puur =
            |c: Card| matches!(pos.mode, Mode::Trump(t) if t == c.suit()) && c.rank() == Rank::Jack;
        // Does `c` beat the trick's card so far (a lead does)?
        let len = pos.trick_len as usize;
        let beats = |c: Card| {
            let mut trick = pos.trick;
            trick[len] = c;
            trick_winner(&trick[..=len], pos.mode) == len
        };
        for &a in &legal {
            for &b in &legal {
                if a.suit() != b.suit() || a == b || puur(a) || puur(b) {
                    continue;
                }
                // `a` the stronger; no card of the other hands between them.
                let s = a.suit();
                if !pos.mode.beats(a, b, s) {
                    continue;
                }
                if others
                    .iter()
                    .any(|x| x.suit() == s && pos.mode.beats(a, x, s) && pos.mode.beats(x, b, s))
                {
                    continue;
                }
                if beats(a) != beats(b) {
                    continue;
                }
                let (ta, tb) = (taken_by(&pos, a), taken_by(&pos, b));
                assert_eq!(ta, tb, "{a} {b}\n{pos}");
                if ta != 1 && ta != 2 {
                    continue;
                }
                let mine = ta == 1 << (me % 2);
                seats[len] += 1;
                let (pa, pb) = (pos.points.card(a), pos.points.card(b));
                pairs += 1;
                unequal += (pa != pb) as u32;
                for objective in [Objective::MostPoints, Objective::FewestPoints] {
                    let team = me % 2;
                    let (va, vb) = (
                        value_of(&pos, a, team, objective),
                        value_of(&pos, b, team, objective),
                    );
                    // The richer card's value is at least (mine) or at most (theirs) the other's.
                    let (rich, poor) = if pa >= pb { (va, vb) } else { (vb, va) };
                    if pa == pb {
                        assert_eq!(va, vb, "{a} {b} {objective:?}\n{pos}");
                    } else if mine {
                        assert!(rich >= poor, "{a} {b} {objective:?}\n{pos}");
                    } else {
                        assert!(rich <= poor, "{a} {b} {objective:?}\n{pos}");
                    }
                }
            }
        }
    }
    // The check is not empty: many runs, most of them with cards of different points.
    eprintln!("{pairs} pairs, {unequal} unequal, by seat {seats:?}");
    assert!(
        pairs > 300 && unequal > 150,
        "{pairs} pairs, {unequal} unequal"
    );
    assert!(seats.iter().all(|&k| k > 20), "by seat {seats:?}");
}

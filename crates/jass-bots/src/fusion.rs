//! Less strategy fusion at the seat's next card (issue 42), for the sampling Schieber player.
//!
//! Perfect-information Monte Carlo values a card by solving each sampled world as if every hand
//! were open, so it assumes that the seat will later play the best card *for each world*, even
//! where it cannot tell those worlds apart: "strategy fusion" (Frank and Basin; the αμ search
//! of Cazenave and Ventos fixes it by choosing the seat's own later moves once for all the worlds
//! it cannot distinguish). This module does that for one more step: for each card the seat may
//! play now, each world is played on by the other three seats as the solver plays them (the
//! partner for the team's most points, the opponents for its fewest, the assumption of the
//! solved values themselves), up to the seat's next card; the worlds in which the others played
//! the same cards in between (three to six) are the ones the seat cannot tell apart then, so it
//! must choose one card for all of them: the one with the best sum over them. A card's value is
//! the sum over those groups of their best sums; never more than the plain sum of the worlds'
//! solved values, and equal to it when every group holds one world or agrees on its best card.

use jass_core::CardSet;
use jass_solver::{Position, Solver};

use crate::pimc::team_points;

/// The worlds' value of each legal card of the seat to move (by card index), its own next card
/// chosen once for the worlds that look alike to it then; `None` if a search needed more than
/// `node_limit` nodes (the caller then keeps the plain sums). `worlds` are the sampled positions
/// (the same seat to move in each, the same legal cards), `team` the seat's team, whose points
/// count (most points wanted: not for Misère).
pub fn fused_values(
    solver: &mut Solver,
    worlds: &[&Position],
    legal: CardSet,
    team: u8,
    node_limit: u64,
) -> Option<[u64; 64]> {
    let team = team & 1;
    // The table's results hold for one team's points: start from an empty one.
    solver.clear();
    let mut out = [0u64; 64];
    for card in legal {
        // The groups: the others' cards in between, and the sums over its worlds of the value of
        // each card the seat may play next (by card index).
        let mut groups: Vec<(u64, [u64; 64])> = Vec::new();
        for world in worlds {
            let mut pos = **world;
            let me = pos.to_move();
            let mut gain = team_points(&mut pos, card, team);
            // Three to six cards of the others until the seat's next (six when it led and
            // the seat after it wins the trick); at most 36^6 keys.
            let mut key = 0u64;
            while !pos.is_over() && pos.to_move() != me {
                let moves = solver.try_solve_moves_for(&pos, team, node_limit)?;
                let partner = pos.to_move() % 2 == team;
                let (played, _) = if partner {
                    moves.best()?
                } else {
                    moves.worst()?
                };
                key = key * 37 + played.index() as u64 + 1;
                gain += team_points(&mut pos, played, team);
            }
            let at = match groups.iter().position(|(k, _)| *k == key) {
                Some(i) => i,
                None => {
                    groups.push((key, [0; 64]));
                    groups.len() - 1
                }
            };
            let sums = &mut groups[at].1;
            if pos.is_over() {
                // The seat's card was its last: nothing left to choose.
                sums[0] += u64::from(gain);
            } else {
                let next = solver.try_solve_moves_for(&pos, team, node_limit)?;
                for (c, v) in next.iter() {
                    sums[c.index()] += u64::from(gain + v);
                }
            }
        }
        // Every world of a group has the same legal cards next (the same hand, the same trick),
        // so the best sum is a card the seat can play in all of them.
        out[card.index()] = groups
            .iter()
            .map(|(_, sums)| sums.iter().copied().max().unwrap_or(0))
            .sum();
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::SeededDealer;
    use jass_core::{Mode, Suit, UndenufeEleven};
    use jass_solver::Objective;

    /// A deal of `seed` in Hearts, each seat playing its lowest legal card (by index) until
    /// `left` cards are left.
    fn played_to(seed: u64, left: u32) -> Position {
        let pack = SeededDealer::new(seed).next_pack();
        let hands =
            std::array::from_fn(|s| CardSet::from_iter(pack[s * 9..s * 9 + 9].iter().copied()));
        let mut pos = Position::new_deal(hands, 0, Mode::Trump(Suit::H), UndenufeEleven::Ace);
        while pos.cards_left() > left {
            pos.play(pos.legal_cards().iter().next().unwrap());
        }
        pos
    }

    /// `n` worlds of the view of the seat to move in `pos`: its hand and the cards played kept,
    /// the others' cards dealt anew among them (the same number each), one order per seed.
    fn worlds(pos: &Position, n: u64) -> Vec<Position> {
        let me = pos.to_move() as usize;
        let unseen = CardSet::from_iter(
            (0..4)
                .filter(|&s| s != me)
                .flat_map(|s| pos.hands[s].iter()),
        );
        (0..n)
            .map(|w| {
                let mut order = SeededDealer::new(100 + w)
                    .next_pack()
                    .into_iter()
                    .filter(|c| unseen.contains(*c));
                let mut world = *pos;
                for s in (0..4).filter(|&s| s != me) {
                    let size = pos.hands[s].len() as usize;
                    world.hands[s] = CardSet::from_iter(order.by_ref().take(size));
                }
                world
            })
            .collect()
    }

    #[test]
    fn one_world_is_valued_as_the_solver_values_it() {
        let mut solver = Solver::new(Default::default());
        solver.set_objective(Objective::MostPoints);
        for left in [20, 15, 9, 4] {
            let pos = played_to(7, left);
            let team = pos.to_move() % 2;
            let fused =
                fused_values(&mut solver, &[&pos], pos.legal_cards(), team, 10_000_000).unwrap();
            solver.clear();
            let plain = solver.solve_moves_for(&pos, team);
            assert!(!plain.is_empty());
            for (c, v) in plain.iter() {
                assert_eq!(fused[c.index()], u64::from(v), "{c} with {left} cards left");
            }
        }
    }

    #[test]
    fn many_worlds_are_never_valued_above_their_plain_sums() {
        let mut solver = Solver::new(Default::default());
        solver.set_objective(Objective::MostPoints);
        let mut below = 0;
        for (seed, left) in [(7, 16), (8, 16), (9, 14), (10, 12), (11, 10)] {
            let pos = played_to(seed, left);
            let all = worlds(&pos, 16);
            let positions: Vec<&Position> = all.iter().collect();
            let (legal, team) = (pos.legal_cards(), pos.to_move() % 2);
            let fused = fused_values(&mut solver, &positions, legal, team, 10_000_000).unwrap();
            solver.clear();
            for c in legal {
                let plain: u64 = all
                    .iter()
                    .map(|p| u64::from(solver.solve_moves_for(p, team).value(c).unwrap()))
                    .sum();
                let f = fused[c.index()];
                assert!(f <= plain, "{c}: {f} > {plain} (seed {seed}, {left} left)");
                below += usize::from(f < plain);
            }
        }
        // In worlds where the others hold different cards, some card's next choice is made
        // blind in a group of worlds that want different cards.
        assert!(below > 0, "no fusion found");
    }
}

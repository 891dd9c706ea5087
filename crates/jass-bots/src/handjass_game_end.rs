//! The end of a Handjass game, for the sampling player's judgement of a deal. 000: "Anyone who
//! achieves a net score of 7 strokes is safe and retires from the game: the loser is the last
//! remaining player who fails to reach 7 strokes" (the engine's `Scoring::LastLoser`); 004's
//! simple scoring: the first to reach the target wins (`Scoring::FirstWins`). So a deal's strokes
//! and potatoes are worth what they do to a player's chance of a good end, and that depends on
//! everyone's slate: one stroke short of the target a stroke is worth more than a potato costs,
//! and a stroke taken from the player who trails matters more than one taken from a player about
//! to retire.
//!
//! The rest of the game is a rough model, not a search: in every later deal each player still in
//! the game takes a stroke with the chance `p` (the strokes of a deal over the players in the
//! game) and a potato with the chance `q` (the rule players' potatoes per deal, docs/players.md),
//! each times the multiplier of a random trump suit (Berner Handjass), independently of the
//! others. The number of deals a player needs to the target is then a random walk's first
//! passage, and the players' finishing deals are compared: not the last to finish (ties
//! half), or the first.

use jass_core::handjass::{HandjassOptions, Scoring, StrokeCount};
use jass_core::Suit;

/// Deals looked ahead; a player who needs more counts as finishing after all of them.
const HORIZON: usize = 120;

/// Distances to the target beyond this (deep in potatoes) count as this.
const EXTRA_DISTANCE: i32 = 40;

/// The chance of a good end of the game from the slates, for one table size.
pub struct GameEnd {
    target: i32,
    scoring: Scoring,
    /// The largest distance to the target in `reached`.
    max_distance: i32,
    /// `reached[d * (HORIZON + 1) + t]`: the chance that a player `d` strokes short of the
    /// target has reached it within `t` more deals.
    reached: Vec<f64>,
}

impl GameEnd {
    /// The model for a game with `options`, `at_table` players dealt in and `in_game` players
    /// still in the game.
    pub fn new(options: &HandjassOptions, at_table: usize, in_game: usize) -> GameEnd {
        let m = at_table.max(2);
        let strokes = if m == 2 {
            1.0
        } else {
            match options.strokes {
                StrokeCount::Two => 2.0,
                StrokeCount::PlayersMinusOne => (m - 1) as f64,
            }
        };
        // Potatoes per deal of the rule players (docs/players.md's arena rows, rounded).
        let potato = if m >= 4 { 0.1 } else { 0.18 };
        let share = m as f64 / in_game.max(m) as f64;
        let p = strokes / m as f64 * share;
        let q = potato * share;
        let ks: Vec<i32> = [Suit::C, Suit::D, Suit::H, Suit::S]
            .iter()
            .map(|&s| options.multipliers.of(s) as i32)
            .collect();
        let max_distance = options.target + EXTRA_DISTANCE;
        let w = HORIZON + 1;
        let at = |d: i32| d.clamp(0, max_distance) as usize;
        let mut reached = vec![0.0; (max_distance as usize + 1) * w];
        reached[0] = 1.0;
        for t in 1..w {
            for d in 0..=max_distance {
                let v = if d == 0 {
                    1.0
                } else {
                    let before = |d2: i32| reached[at(d2) * w + t - 1];
                    let moved: f64 = ks
                        .iter()
                        .map(|&k| p * before(d - k) + q * before(d + k))
                        .sum::<f64>()
                        / ks.len() as f64;
                    moved + (1.0 - p - q) * before(d)
                };
                reached[d as usize * w + t] = v;
            }
        }
        GameEnd {
            target: options.target,
            scoring: options.scoring,
            max_distance,
            reached,
        }
    }

    /// The chance that a player `d` strokes short has reached the target within `t` deals.
    fn within(&self, d: i32, t: usize) -> f64 {
        self.reached[d.clamp(0, self.max_distance) as usize * (HORIZON + 1) + t.min(HORIZON)]
    }

    /// The chance that a player `d` strokes short reaches the target in deal `t` (after
    /// `HORIZON`: every later deal at once).
    fn at(&self, d: i32, t: usize) -> f64 {
        if t > HORIZON {
            1.0 - self.within(d, HORIZON)
        } else {
            self.within(d, t) - self.within(d, t - 1)
        }
    }

    /// The chance of a good end for player `me` (an index into `nets`) when a deal leaves the
    /// players still in the game before it with the net strokes `nets`: not to lose the game
    /// (the last to reach the target loses), or with 004's scoring to win it.
    pub fn good_chance(&self, nets: &[i32], me: usize) -> f64 {
        let d: Vec<i32> = nets.iter().map(|&n| self.target - n).collect();
        let reached = |i: usize| d[i] <= 0;
        match self.scoring {
            Scoring::LastLoser => {
                if d.iter().all(|&x| x <= 0) {
                    // Everyone left reached it at once: the lowest net loses (a tie: no loser),
                    // as the engine decides (the sources do not say).
                    let worst = *d.iter().max().expect("players");
                    let tied = d.iter().filter(|&&x| x == worst).count();
                    return if d[me] < worst || tied > 1 { 1.0 } else { 0.0 };
                }
                if reached(me) {
                    return 1.0;
                }
                let others: Vec<i32> = (0..d.len())
                    .filter(|&i| i != me && !reached(i))
                    .map(|i| d[i])
                    .collect();
                if others.is_empty() {
                    return 0.0;
                }
                // Last to finish: everyone else finishes before (a tie counted half).
                let last: f64 = (1..=HORIZON + 1)
                    .map(|t| {
                        let before = |x: i32| {
                            if t > HORIZON {
                                self.within(x, HORIZON) + 0.5 * self.at(x, t)
                            } else {
                                self.within(x, t - 1) + 0.5 * self.at(x, t)
                            }
                        };
                        self.at(d[me], t) * others.iter().map(|&x| before(x)).product::<f64>()
                    })
                    .sum();
                1.0 - last
            }
            Scoring::FirstWins => {
                if (0..d.len()).any(reached) {
                    // The highest net among those who reached it wins (equal nets share).
                    let best = *d.iter().min().expect("players");
                    let tied = d.iter().filter(|&&x| x == best).count();
                    return if d[me] == best {
                        1.0 / tied as f64
                    } else {
                        0.0
                    };
                }
                (1..=HORIZON + 1)
                    .map(|t| {
                        let after = |x: i32| 1.0 - self.within(x, t) + 0.5 * self.at(x, t);
                        self.at(d[me], t)
                            * (0..d.len())
                                .filter(|&i| i != me)
                                .map(|i| after(d[i]))
                                .product::<f64>()
                    })
                    .sum()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(scoring: Scoring, at_table: usize) -> GameEnd {
        let options = HandjassOptions {
            scoring,
            ..HandjassOptions::default()
        };
        GameEnd::new(&options, at_table, at_table)
    }

    #[test]
    fn the_walk_reaches_the_target_surely_in_time_and_sooner_from_nearer() {
        let g = model(Scoring::LastLoser, 4);
        for d in 1..=g.max_distance {
            // Nearer players get there sooner.
            assert!(g.within(d - 1, 10) >= g.within(d, 10));
            // Chances, growing with time.
            for t in 1..=HORIZON {
                assert!(g.within(d, t) >= g.within(d, t - 1) - 1e-12);
                assert!((0.0..=1.0 + 1e-12).contains(&g.within(d, t)));
            }
        }
        // Two strokes a deal among four players: a player 7 short is there within 120 deals.
        assert!(g.within(7, HORIZON) > 0.99);
        assert_eq!(g.within(1, 0), 0.0);
    }

    #[test]
    fn equal_slates_share_the_chances() {
        for players in 2..=4 {
            let g = model(Scoring::LastLoser, players);
            let nets = vec![3; players];
            let fair = 1.0 - 1.0 / players as f64;
            for me in 0..players {
                let v = g.good_chance(&nets, me);
                assert!(
                    (v - fair).abs() < 0.02,
                    "{players} players: {v} against {fair}"
                );
            }
            let g = model(Scoring::FirstWins, players);
            let total: f64 = (0..players).map(|me| g.good_chance(&nets, me)).sum();
            assert!((total - 1.0).abs() < 0.02, "{players} players: {total}");
        }
    }

    #[test]
    fn the_ends_that_are_decided() {
        let g = model(Scoring::LastLoser, 3);
        // Retired by this deal: safe; the only one left: lost.
        assert_eq!(g.good_chance(&[7, 2, 3], 0), 1.0);
        assert_eq!(g.good_chance(&[2, 7, 8], 0), 0.0);
        // Everyone there at once: the lowest net loses, a tie for it has no loser.
        assert_eq!(g.good_chance(&[7, 8, 9], 0), 0.0);
        assert_eq!(g.good_chance(&[7, 8, 9], 1), 1.0);
        assert_eq!(g.good_chance(&[7, 7, 9], 0), 1.0);
        let g = model(Scoring::FirstWins, 3);
        assert_eq!(g.good_chance(&[7, 2, 3], 0), 1.0);
        assert_eq!(g.good_chance(&[7, 8, 3], 0), 0.0);
        assert_eq!(g.good_chance(&[8, 8, 3], 1), 0.5);
    }

    #[test]
    fn a_stroke_is_worth_more_nearer_the_end_and_the_trailing_player_matters() {
        let g = model(Scoring::LastLoser, 4);
        // More strokes, better chances, for me and against the others.
        for n in -3..7 {
            assert!(g.good_chance(&[n + 1, 3, 3, 3], 0) > g.good_chance(&[n, 3, 3, 3], 0));
            assert!(g.good_chance(&[3, n + 1, 3, 3], 0) < g.good_chance(&[3, n, 3, 3], 0));
        }
        // With two players about to retire, a stroke off the trailing one helps me more than a
        // stroke off a leader.
        let base = g.good_chance(&[2, 6, 6, 1], 0);
        let off_leader = g.good_chance(&[2, 5, 6, 1], 0);
        let off_trailer = g.good_chance(&[2, 6, 6, 0], 0);
        assert!(off_trailer - base > off_leader - base);
    }
}

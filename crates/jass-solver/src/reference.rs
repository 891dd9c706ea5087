//! A plain minimax over every legal card, without pruning, transposition table or merged cards:
//! slow, obviously right, and the oracle the solver is tested against.

use crate::position::Position;
use crate::search::Objective;

/// The points `team` takes from `pos` on (cards, last trick, Match), the other team minimising
/// them, by visiting every legal line of play. Exponential: use it only for small endgames.
pub fn minimax(pos: &Position, team: u8) -> u32 {
    minimax_for(pos, team, Objective::MostPoints)
}

/// As [`minimax`], for either objective: with [`Objective::FewestPoints`] `team` minimises the
/// points it takes and the other team maximises them.
pub fn minimax_for(pos: &Position, team: u8, objective: Objective) -> u32 {
    if pos.is_over() {
        return 0;
    }
    let team = team & 1;
    let maxing = (pos.to_move() % 2 == team) == (objective == Objective::MostPoints);
    let mut best: Option<u32> = None;
    for c in pos.legal_cards() {
        let mut p = *pos;
        let gain = match p.play(c) {
            Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
            _ => 0,
        };
        let v = gain + minimax_for(&p, team, objective);
        best = Some(match best {
            None => v,
            Some(b) if maxing => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.unwrap_or(0)
}

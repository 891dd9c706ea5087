//! Slalom with the solver: the position the sampling players build from a seat's observation
//! follows the rules core trick by trick (the direction changes after every trick), and the
//! solver's value of a Slalom deal is what the rules core scores when all four seats play the
//! solver's line from there.

use jass_bots::pimc::PlayState;
use jass_core::deal::SeededDealer;
use jass_core::game::{Game, ToMove};
use jass_core::schieber::{
    Contract, FirstForehand, Schieber, SchieberAction, SchieberOptions, WeisOption, MAX_TARGET,
};
use jass_core::UndenufeEleven;
use jass_solver::Solver;

#[test]
fn the_solvers_slalom_line_scores_its_value_in_the_rules_core() {
    let mut solver = Solver::default();
    for seed in 0..6u64 {
        for contract in [Contract::Slalom, Contract::SlalomUndenufe] {
            // The six worth eleven changes nothing in a Slalom (the rules core's table).
            let eleven = [UndenufeEleven::Ace, UndenufeEleven::Six][seed as usize % 2];
            let options = SchieberOptions {
                slalom: true,
                weis: WeisOption::None,
                target: MAX_TARGET,
                undenufe_eleven: eleven,
                first_forehand: FirstForehand::Seat(0),
                ..SchieberOptions::default()
            };
            let mut s = Schieber::new(options).unwrap();
            let hands = s.deal_from_pack(&SeededDealer::new(seed).next_pack());
            s.deal(hands).unwrap();
            s.apply(SchieberAction::Contract { contract }).unwrap();
            // Team 0's points promised at each card: taken so far plus the value from there.
            let mut promised = None;
            let mut cards = 0;
            while let ToMove::Seat(seat) = s.to_move() {
                let obs = s.observation(seat);
                if obs.contract.is_none() || obs.tricks.len() == 9 {
                    break;
                }
                let state = PlayState::of_schieber(&obs, contract, eleven);
                let pos = state.position(s.hands());
                pos.validate().unwrap();
                assert!(pos.slalom);
                assert_eq!(pos.mode, s.mode(), "trick {}", obs.tricks.len() + 1);
                let taken: u32 = obs
                    .tricks
                    .iter()
                    .filter(|t| t.winner % 2 == 0)
                    .map(|t| t.points)
                    .sum();
                let v = taken + solver.solve_for(&pos, 0);
                assert_eq!(*promised.get_or_insert(v), v, "seed {seed} card {cards}");
                // Team 0 plays its best card, team 1 the worst for team 0.
                let moves = solver.solve_moves_for(&pos, 0);
                let (card, _) = if seat % 2 == 0 {
                    moves.best()
                } else {
                    moves.worst()
                }
                .unwrap();
                s.apply(SchieberAction::Play { card }).unwrap();
                cards += 1;
            }
            assert_eq!(cards, 36);
            let t = s.tally();
            assert_eq!(t.card_points[0] + t.card_points[1], 157);
            assert_eq!(
                Some(t.card_points[0] + t.match_bonus[0]),
                promised,
                "seed {seed} {contract}"
            );
        }
    }
}

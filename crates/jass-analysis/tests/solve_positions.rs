//! Every game's positions as its entry gives them (`TableGame::deal_position`): the seat to move
//! and its legal cards are the record's, at every point of a deal late enough to solve quickly,
//! and the solvers value every legal card there. A game whose entry gives no position says so.

use jass_analysis::solve::{
    deal_position, race_refused, solve_team, DealPoint, DealPosition, SoloAnalysis, TeamPosition,
};
use jass_core::{Card, Player};
use jass_table::{GameKind, GameVisitor, Record, TableGame};
use serde_json::Value;

/// A game of `G` played by its rule players.
struct Play(u64);
impl GameVisitor for Play {
    type Output = Record;
    fn visit<G: TableGame>(self) -> Record {
        let options = G::read_options(&Value::Object(Default::default())).unwrap();
        let mut players: Vec<Box<dyn Player<G>>> = (0..G::seat_count(&options))
            .map(|_| G::rule_player(&options))
            .collect();
        G::play(options, self.0, &mut players, &mut |_| {}).unwrap()
    }
}

/// The cards played in deal `deal` (0-based) of the record, with their seats.
fn plays(record: &Record, deal: usize) -> Vec<(u8, Card)> {
    let v = serde_json::to_value(record).unwrap();
    v["deals"][deal]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["action"] == "play")
        .map(|a| {
            let seat = a["seat"].as_u64().unwrap() as u8;
            (seat, a["card"].as_str().unwrap().parse().unwrap())
        })
        .collect()
}

#[test]
fn every_games_positions_are_its_records() {
    for kind in GameKind::ALL {
        let record = kind.visit(Play(11));
        let deals = serde_json::to_value(&record).unwrap()["deals"]
            .as_array()
            .unwrap()
            .len();
        let (mut solved, mut refused) = (0, false);
        // Three deals with card play (a Handjass deal may end before its first card).
        let with_play = (0..deals).filter(|&d| !plays(&record, d).is_empty());
        for deal in with_play.take(3).collect::<Vec<_>>() {
            let played = plays(&record, deal);
            // The last eight cards: quick to solve for either solver.
            let late = played.len().saturating_sub(8);
            for (cards, &(seat, card)) in played.iter().enumerate().skip(late) {
                let at = DealPoint {
                    game: 1,
                    deal: deal + 1,
                    cards,
                };
                match deal_position(&record, at) {
                    Ok(DealPosition::Teams(d)) => {
                        let p = TeamPosition::new(&d).unwrap();
                        assert_eq!(p.seat(), seat, "{kind:?} deal {deal} after {cards}");
                        let legal = p.pos.legal_cards();
                        assert!(legal.contains(card), "{kind:?}: {card} not legal");
                        let values = solve_team(&p, None, 0).values.unwrap();
                        assert_eq!(values.iter().count(), legal.len() as usize);
                    }
                    Ok(DealPosition::Solo(d)) => {
                        let an = SoloAnalysis::new(d).unwrap();
                        assert_eq!(an.seat(), seat, "{kind:?} deal {deal} after {cards}");
                        assert!(an.deal.legal.contains(card), "{kind:?}: {card} not legal");
                        let values = an.solve(0).cards.unwrap();
                        assert_eq!(values.len(), an.deal.legal.len() as usize);
                        assert!(
                            race_refused(kind).is_some(),
                            "{kind:?}: a race in a solo game"
                        );
                    }
                    Err(e) => {
                        assert!(e.contains("does not solve"), "{kind:?}: {e}");
                        refused = true;
                        continue;
                    }
                }
                solved += 1;
            }
        }
        // A game either refuses every position or gives some to solve.
        assert!(solved > 0 || refused, "{kind:?}: no position was tried");
        assert!(solved == 0 || !refused, "{kind:?}: some positions refused");
    }
}

/// The deals before the one asked for and the cards are checked against the record.
#[test]
fn points_outside_the_record_are_refused() {
    let record = GameKind::Schieber.visit(Play(3));
    let deals = serde_json::to_value(&record).unwrap()["deals"]
        .as_array()
        .unwrap()
        .len();
    let at = |deal, cards| DealPoint {
        game: 1,
        deal,
        cards,
    };
    let err = |p| deal_position(&record, p).err().unwrap();
    assert!(err(at(0, 0)).starts_with("--deal 0"));
    assert!(err(at(deals + 1, 0)).contains(&format!("give 1 to {deals}")));
    assert!(err(at(1, 36)).contains("give 0 to 35"));
}

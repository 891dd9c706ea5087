//! Every game's positions as its entry gives them (`TableGame::deal_position`): the seat to move
//! and its legal cards are the record's, at every point of a deal late enough to solve quickly,
//! and the solvers value every legal card there. A game whose entry gives no position says so.

use jass_analysis::solve::{
    deal_position, race_refused, solve_team, DealPoint, DealPosition, SoloAnalysis, SoloCard,
    TeamPosition,
};
use jass_core::{Card, Player};
use jass_table::{GameKind, GameVisitor, Record, TableGame};
use serde_json::Value;

/// A game of `G` from seed `.0` played by its rule players, with its default options.
struct Play(u64);
impl GameVisitor for Play {
    type Output = Record;
    fn visit<G: TableGame>(self) -> Record {
        play_rule_game::<G>(self.0, Value::Object(Default::default()))
    }
}

/// A game of `G` from seed `.0` played by `.1` rule players.
struct PlayN(u64, u64);
impl GameVisitor for PlayN {
    type Output = Record;
    fn visit<G: TableGame>(self) -> Record {
        play_rule_game::<G>(self.0, serde_json::json!({ "players": self.1 }))
    }
}

/// A game of `G` with these options, from `seed`, played by its rule players.
fn play_rule_game<G: TableGame>(seed: u64, options: Value) -> Record {
    let options = G::read_options(&options).unwrap();
    let mut players: Vec<Box<dyn Player<G>>> = (0..G::seat_count(&options))
        .map(|_| G::rule_player(&options))
        .collect();
    G::play(options, seed, &mut players, &mut |_| {}).unwrap()
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

/// The first card of every deal's last trick in a game of `kind` from `seed` with `players` rule
/// players, where every card is forced: each deal's result in the record, the one legal card's
/// values, and the mover.
fn last_trick_cards(kind: GameKind, seed: u64, players: u64) -> Vec<(Value, SoloCard, usize)> {
    let record = kind.visit(PlayN(seed, players));
    let v = serde_json::to_value(&record).unwrap();
    let deals = v["deals"].as_array().unwrap();
    let mut out = Vec::new();
    for (d, deal) in deals.iter().enumerate() {
        let at = DealPoint {
            game: 1,
            deal: d + 1,
            cards: 36 - players as usize,
        };
        let Ok(DealPosition::Solo(pos)) = deal_position(&record, at) else {
            panic!("{kind:?} deal {}: no solo position", d + 1);
        };
        let an = SoloAnalysis::new(pos).unwrap();
        let mut cards = an.solve(0).cards.unwrap();
        assert_eq!(cards.len(), 1, "one card left to play");
        out.push((deal["result"].clone(), cards.remove(0), an.seat() as usize));
    }
    out
}

/// The numbers of a JSON array.
fn numbers(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// Hindersi (004: "the aim is to score the fewest points; however a player taking all tricks
/// wins the deal, scoring zero, while the rest score 157 each"): at the first card of every
/// deal's last trick, where every card is forced, the solver's end of the deal is the record's
/// points for it, seat by seat, and each card's guarantee is the mover's.
#[test]
fn hindersi_last_tricks_end_as_the_record_scored_them() {
    for (seed, players) in [(3, 4), (8, 3)] {
        for (d, (result, card, mover)) in last_trick_cards(GameKind::Hindersi, seed, players)
            .into_iter()
            .enumerate()
        {
            let points: Vec<u64> = card.end.iter().map(|e| e.points as u64).collect();
            let want = numbers(&result["points"]);
            assert_eq!(points, want, "seed {seed} deal {}", d + 1);
            assert_eq!(u64::from(card.guarantee), want[mover]);
            assert_eq!(card.end[mover].score, -(want[mover] as i32));
        }
    }
}

/// A Hindersi sweep: the player who takes every trick scores nothing, each other 157, and the
/// solver sees it coming: the sweeper is sure of 0, the others of being charged 157.
#[test]
fn a_hindersi_sweep_scores_nothing_and_charges_the_others() {
    use jass_analysis::solve::{SoloAim, SoloDeal};
    use jass_core::{CardSet, Mode, PointTable, Suit, TrickRules, UndenufeEleven};
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    // Diamonds trump, three cards each, seat 0 to lead with the two top trumps and the Ace of
    // hearts; seat 3 has the only other trump and no heart. Leading a trump draws it and sweeps;
    // the Ace first lets seat 3 trump it.
    let mode = Mode::Trump(Suit::D);
    let hands = vec![
        hand("DJ D9 HA"),
        hand("H6 S7 C8"),
        hand("S6 C6 C7"),
        hand("DK SA CA"),
    ];
    let deal = SoloDeal {
        seats: vec![0, 1, 2, 3],
        legal: hands[0],
        hands,
        leader: 0,
        mode,
        points: PointTable::new(mode, UndenufeEleven::Ace),
        rules: TrickRules::Weak,
        last_bonus: 5,
        trick: Vec::new(),
        taken: vec![40, 0, 0, 0],
        tricks: vec![6, 0, 0, 0],
        extra: vec![0; 4],
        aim: SoloAim::Fewest { sweep: Some(157) },
    };
    let an = SoloAnalysis::new(deal).unwrap();
    let cards = an.solve(0).cards.unwrap();
    let card = |c: &str| cards.iter().find(|r| r.card.to_string() == c).unwrap();
    for lead in ["DJ", "D9"] {
        assert_eq!(card(lead).guarantee, 0, "{lead}: seat 0 sweeps");
        let points: Vec<u32> = card(lead).end.iter().map(|e| e.points).collect();
        assert_eq!(points, [0, 157, 157, 157]);
    }
    // After the Ace seat 3 may trump: seat 0 can no longer be sure of the sweep, and the
    // others play for themselves, so nobody sweeps.
    assert!(card("HA").guarantee > 40, "{}", card("HA").guarantee);
    assert!(card("HA").end.iter().all(|e| e.points < 157));
    assert_eq!(
        cards.last().unwrap().card.to_string(),
        "HA",
        "the worst card last"
    );
}

/// Schellenjass (004: "to avoid capturing Bells or to take all nine"): at the first card of
/// every deal's last trick, where every card is forced, the solver's end of the deal is the
/// record's bells and lines, seat by seat, for two, three and four players.
#[test]
fn schellenjass_last_tricks_end_as_the_record_scored_them() {
    for (seed, players) in [(3, 4), (8, 3), (5, 2)] {
        for (d, (result, card, mover)) in last_trick_cards(GameKind::Schellenjass, seed, players)
            .into_iter()
            .enumerate()
        {
            let bells: Vec<u64> = card.end.iter().map(|e| e.points as u64).collect();
            let lines: Vec<u64> = card.end.iter().map(|e| e.lines.unwrap() as u64).collect();
            assert_eq!(
                bells,
                numbers(&result["bells"]),
                "seed {seed} deal {}",
                d + 1
            );
            assert_eq!(
                lines,
                numbers(&result["lines"]),
                "seed {seed} deal {}",
                d + 1
            );
            assert_eq!(u64::from(card.guarantee), bells[mover]);
        }
    }
}

/// A Schellenjass Turi: the player with eight bells can take the ninth (three lines for him,
/// none for the others, 004) or give it away (then he has the most and writes nothing, the
/// others one each). The solver ranks the Turi first although it takes a bell more.
#[test]
fn a_schellenjass_turi_is_worth_its_ninth_bell() {
    use jass_analysis::solve::{SoloAim, SoloDeal};
    use jass_core::schellenjass::{Schellenjass, SchellenjassOptions};
    use jass_core::{CardSet, Mode, PointTable, Suit, TrickRules};
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    let opts = SchellenjassOptions::default();
    let lines = move |counts: &[u32]| Schellenjass::lines_of_counts(&opts, counts);
    // Seat 0 leads with the last bell and a low spade; seat 1 wins the spade and leads a
    // club, on which seat 0, without clubs, must throw the bell to seat 3's eight.
    let hands = vec![hand("DA S6"), hand("SA C6"), hand("S7 C7"), hand("S8 C8")];
    let deal = SoloDeal {
        seats: vec![0, 1, 2, 3],
        legal: hands[0],
        hands,
        leader: 0,
        mode: Mode::Obenabe,
        points: PointTable::cards_of(Suit::D),
        rules: TrickRules::Strict,
        last_bonus: 0,
        trick: Vec::new(),
        taken: vec![8, 0, 0, 0],
        tricks: vec![7, 0, 0, 0],
        extra: vec![0; 4],
        aim: SoloAim::Lines {
            lines: Box::new(lines),
        },
    };
    let an = SoloAnalysis::new(deal).unwrap();
    let cards = an.solve(0).cards.unwrap();
    let row = |c: &SoloCard| -> (String, u32, Vec<u32>, Vec<u32>) {
        let bells = c.end.iter().map(|e| e.points).collect();
        let lines = c.end.iter().map(|e| e.lines.unwrap()).collect();
        (c.card.to_string(), c.guarantee, bells, lines)
    };
    let rows: Vec<_> = cards.iter().map(row).collect();
    assert_eq!(
        rows,
        vec![
            ("DA".into(), 9, vec![9, 0, 0, 0], vec![3, 0, 0, 0]),
            ("S6".into(), 8, vec![8, 0, 0, 1], vec![0, 1, 1, 1]),
        ]
    );
}

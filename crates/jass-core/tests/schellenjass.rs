//! Schellenjass (004 "Schellenjass", the scoring of docs/schellenjass.md): tricks worked by
//! hand, a Turi, records played and checked, and properties over many seeded games of 2, 3 and 4 players: every legal card is in the
//! hand, every deal gives out the nine cards of the suit and writes the lines the rule says, no
//! view shows a card its seat may not see, and the game ends with one player alone at the target.

mod common;

use common::{card, play, players, random_game, read_back};
use jass_core::deal::SeededDealer;
use jass_core::game::Game;
use jass_core::record::GameRecord;
use jass_core::schellenjass::{
    play_recorded, Schellenjass, SchellenjassAction, SchellenjassDeal, SchellenjassOptions,
    SchellenjassRules,
};
use jass_core::{CardSet, Suit};
use proptest::prelude::*;

/// Four hands of nine: seat 0 all clubs, seat 1 all hearts, seat 2 all spades, seat 3 all bells.
fn suits_apart() -> SchellenjassDeal {
    let hands = [Suit::C, Suit::H, Suit::S, Suit::D].map(CardSet::suit);
    let mut all = [CardSet::EMPTY; 4];
    all.copy_from_slice(&hands);
    SchellenjassDeal { hands: all }
}

#[test]
fn a_void_player_throws_a_bell_onto_the_trick_of_the_player_who_heads_it() {
    let mut g = Schellenjass::new(SchellenjassOptions::default()).unwrap();
    g.apply_deal(suits_apart()).unwrap();
    assert_eq!(g.forehand(), 0, "seat 3 deals first, seat 0 leads");
    // Nobody can follow clubs: every card may go, and the lead wins.
    play(&mut g, "C6 HA SA DA");
    let (leader, _, winner, bells) = g.completed_trick(0);
    assert_eq!((leader, winner, bells), (0, 0, 1));
    assert_eq!(g.bells(), [1, 0, 0, 0]);
    // Seat 0 leads again; all nine tricks go to it: a Turi.
    for _ in 1..9 {
        let [c, h, s, d] = [0, 1, 2, 3].map(|seat| g.hand(seat).first().unwrap());
        play(&mut g, &format!("{c} {h} {s} {d}"));
    }
    let score = g.last_deal().unwrap();
    assert_eq!(score.turi, Some(0));
    assert_eq!(g.lines(), [3, 0, 0, 0]);
}

#[test]
fn whoever_can_follow_suit_must_and_the_ace_heads_its_suit() {
    let mut g = Schellenjass::new(SchellenjassOptions::default()).unwrap();
    let hands = [
        "C6 C7 C8 D6 D7 D8 H6 H7 H8",
        "CA C9 D9 D10 DJ H9 H10 HJ S6",
        "CK CQ CJ C10 DQ DK DA HQ S7",
        "HK HA S8 S9 S10 SJ SQ SK SA",
    ]
    .map(|h| h.parse::<CardSet>().unwrap());
    g.apply_deal(SchellenjassDeal { hands }).unwrap();
    play(&mut g, "C6");
    // Seat 1 holds clubs: a bell is refused.
    let refused = g.apply(SchellenjassAction::Play { card: card("D9") });
    assert!(refused.is_err());
    play(&mut g, "CA CK HK");
    let (_, _, winner, bells) = g.completed_trick(0);
    assert_eq!((winner, bells), (1, 0));
    // Seat 1 leads a bell; seat 2's ace of bells heads it and takes the three bells.
    play(&mut g, "D9 DA HA D6");
    let (_, _, winner, bells) = g.completed_trick(1);
    assert_eq!((winner, bells), (2, 3));
    assert_eq!(g.bells(), [0, 0, 3, 0]);
}

/// Plays a whole game with uniformly random legal cards, checking every step and every deal's
/// lines.
fn random_schellenjass(opts: SchellenjassOptions, seed: u64) -> Schellenjass {
    let n = opts.players as usize;
    let mut lines_before = [0; 4];
    let (g, _) = random_game::<SchellenjassRules>(
        opts,
        seed,
        |_| CardSet::EMPTY,
        |g| {
            let score = g.last_deal().unwrap();
            assert_eq!(score.bells[..n].iter().sum::<u8>(), 9);
            let written: u32 = score.lines[..n].iter().sum();
            match score.turi {
                Some(t) => assert_eq!(written, score.lines[t as usize]),
                None => assert!(written < n as u32, "the most bells write nothing"),
            }
            let summed: [u32; 4] = std::array::from_fn(|s| lines_before[s] + score.lines[s]);
            assert_eq!(
                g.lines(),
                summed,
                "the deal's lines are added to the totals"
            );
            lines_before = g.lines();
        },
    );
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_end_with_one_player_alone_at_the_target(
        seed in 0u64..1_000_000,
        players in 2u8..=4,
        hearts in any::<bool>(),
    ) {
        let opts = SchellenjassOptions {
            players,
            suit: if hearts { Suit::H } else { Suit::D },
            target: 3,
            ..Default::default()
        };
        let g = random_schellenjass(opts, seed);
        let winner = g.winner().expect("over") as usize;
        let lines = g.lines();
        prop_assert!(lines[winner] >= 3);
        for s in (0..players as usize).filter(|&s| s != winner) {
            prop_assert!(lines[s] < lines[winner]);
        }
    }
}

#[test]
fn a_deal_with_the_wrong_number_of_cards_is_refused() {
    let mut g = Schellenjass::new(SchellenjassOptions {
        players: 3,
        ..Default::default()
    })
    .unwrap();
    let err = g.apply_deal(suits_apart()).unwrap_err();
    assert!(err.to_string().contains("deals 12 to each"), "{err}");
    let ok = g.deal_from_pack(&SeededDealer::new(1).next_pack());
    assert!(ok.hands[..3].iter().all(|h| h.len() == 12));
    assert!(ok.hands[3].is_empty());
    g.apply_deal(ok).unwrap();
}

#[test]
fn whole_seeded_games_are_recorded_checked_and_read_back() {
    for (players_at_table, suit) in [(4u8, Suit::D), (3, Suit::H), (2, Suit::D)] {
        let opts = SchellenjassOptions {
            players: players_at_table,
            suit,
            ..Default::default()
        };
        let n = players_at_table as usize;
        let rec = play_recorded(opts, 17, &mut players(players_at_table, 17)).unwrap();
        rec.check().unwrap_or_else(|e| panic!("{n} players: {e}"));
        // Every deal: the hands one per player, the suit's nine cards taken, the lines as the
        // rule says, the totals the running sum.
        let mut totals = vec![0u32; n];
        for d in &rec.deals {
            assert_eq!(d.hands.len(), n);
            assert_eq!(d.tricks.len(), 36 / n);
            let r = &d.result;
            assert_eq!(r.bells.iter().map(|&b| u32::from(b)).sum::<u32>(), 9);
            let by_tricks: u32 = d.tricks.iter().map(|t| t.points).sum();
            assert_eq!(by_tricks, 9, "a trick's points are its cards of the suit");
            let most = *r.bells.iter().max().unwrap();
            for (s, total) in totals.iter_mut().enumerate() {
                let want = match r.turi {
                    Some(t) => {
                        if s == t as usize {
                            3
                        } else {
                            0
                        }
                    }
                    None => u32::from(r.bells[s] < most),
                };
                assert_eq!(r.lines[s], want, "deal {}: seat {s}", d.number);
                *total += r.lines[s];
            }
            assert_eq!(r.totals, totals);
            assert_eq!(d.dealer as usize, (d.number as usize + n - 2) % n);
        }
        assert_eq!(rec.result.totals, totals);
        let w = rec.result.winner.expect("a whole game has a winner") as usize;
        assert!(totals[w] >= 7 && (0..n).all(|s| s == w || totals[s] < totals[w]));
        // Written and read back alike; a wrong figure is caught.
        let json = read_back(&rec, "schellenjass");
        let mut wrong = rec.clone();
        wrong.deals[0].result.lines[0] += 1;
        let err = wrong.check().unwrap_err().to_string();
        assert!(err.contains("result.lines"), "{err}");
        let mut stoeck: serde_json::Value = serde_json::from_str(&json).unwrap();
        stoeck["deals"][0]["actions"][0] = serde_json::json!({"seat": 0, "action": "stoeck"});
        assert!(
            GameRecord::<Schellenjass>::from_value(stoeck).is_err(),
            "no Stöck here"
        );
    }
}

#[test]
fn a_herzjass_record_is_read_by_its_other_name() {
    let opts = SchellenjassOptions {
        suit: Suit::H,
        ..Default::default()
    };
    let rec = play_recorded(opts, 3, &mut players(4, 3)).unwrap();
    let mut v = serde_json::to_value(&rec).unwrap();
    assert_eq!(v["options"]["suit"], "H");
    v["game"] = "herzjass".into();
    let back = GameRecord::<Schellenjass>::from_value(v).unwrap();
    assert_eq!(back, rec);
    // In Herzjass the hearts count: a trick's points are its hearts.
    for d in &rec.deals {
        for t in &d.tricks {
            let hearts = t.cards.iter().filter(|c| c.suit() == Suit::H).count() as u32;
            assert_eq!(t.points, hearts);
        }
    }
}

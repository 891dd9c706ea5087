//! The sampling Schieber player plays only legal cards, on seeded deals, and takes more points
//! than the random player.

use jass_bots::{RandomPlayer, SamplingSchieber, SamplingSettings};
use jass_core::deal::SeededDealer;
use jass_core::game::{ActionList, Decision, Game, Player, ToMove};
use jass_core::schieber::{FirstForehand, Schieber, SchieberOptions};

#[test]
fn sampling_plays_legally_and_beats_random() {
    let options = SchieberOptions {
        target: jass_core::schieber::MAX_TARGET,
        first_forehand: FirstForehand::Seat(0),
        ..Default::default()
    };
    let settings = SamplingSettings {
        samples: 8,
        max_cards: 16,
        contract_samples: 4,
        ..Default::default()
    };
    let mut points = [0u64; 2];
    let mut list = ActionList::new();
    for seed in 0..20u64 {
        let mut s = Schieber::new(options).unwrap();
        let mut dealer = SeededDealer::new(seed);
        let hands = s.deal_from_pack(&dealer.next_pack());
        s.deal(hands).unwrap();
        let mut players: Vec<Box<dyn Player<Schieber>>> = vec![
            Box::new(SamplingSchieber::new(options, settings, seed)),
            Box::new(RandomPlayer::new(seed * 4 + 1)),
            Box::new(SamplingSchieber::new(options, settings, seed + 100)),
            Box::new(RandomPlayer::new(seed * 4 + 3)),
        ];
        while let ToMove::Seat(seat) = s.to_move() {
            s.legal_actions(&mut list);
            let a = players[seat].act(&Decision::new(&s, seat, &list));
            assert!(
                list.contains(&a),
                "seat {seat} chose {a}, not among {list:?}"
            );
            s.apply(a).unwrap();
        }
        let t = s.tally();
        points[0] += t.score[0] as u64;
        points[1] += t.score[1] as u64;
    }
    assert!(
        points[0] > points[1] * 3 / 2,
        "sampling {} vs random {}",
        points[0],
        points[1]
    );
}

/// The same seed gives the same play, on one thread or on several (each world is solved from
/// an empty table, so the node caps cut the same worlds), also when the decision's node budget
/// ends the worlds early.
#[test]
fn sampling_is_deterministic_across_thread_counts() {
    let options = SchieberOptions {
        target: jass_core::schieber::MAX_TARGET,
        first_forehand: FirstForehand::Seat(1),
        ..Default::default()
    };
    let play = |threads: usize, decision_nodes: u64| -> Vec<String> {
        let settings = SamplingSettings {
            samples: 6,
            max_cards: 20,
            contract_samples: 3,
            threads,
            node_limit: 20_000,
            decision_nodes,
            ..Default::default()
        };
        let mut out = Vec::new();
        let mut list = ActionList::new();
        for seed in 0..3u64 {
            let mut s = Schieber::new(options).unwrap();
            let mut dealer = SeededDealer::new(seed + 50);
            let hands = s.deal_from_pack(&dealer.next_pack());
            s.deal(hands).unwrap();
            let mut players: Vec<SamplingSchieber> = (0..4)
                .map(|k| SamplingSchieber::new(options, settings, seed * 4 + k))
                .collect();
            while let ToMove::Seat(seat) = s.to_move() {
                s.legal_actions(&mut list);
                let a = players[seat].act(&Decision::new(&s, seat, &list));
                out.push(a.to_string());
                s.apply(a).unwrap();
            }
        }
        out
    };
    let unbounded = play(1, u64::MAX);
    assert_eq!(unbounded, play(2, u64::MAX));
    // A budget below one world's cap: decisions keep fewer worlds (or none), and play changes.
    let bounded = play(1, 8_000);
    assert_eq!(bounded, play(2, 8_000));
    assert_ne!(
        bounded, unbounded,
        "the decision budget should change some choices"
    );
}

/// With every contract allowed (Misère, Slalom) and shoving back, the sampling player still
/// makes only legal choices (its play-outs and its fallbacks cover every phase).
#[test]
fn sampling_plays_legally_with_every_contract_and_shoving_back() {
    let options = SchieberOptions {
        target: 1000,
        misere: true,
        slalom: true,
        zurueckschieben: true,
        first_forehand: FirstForehand::Seat(2),
        ..Default::default()
    };
    let settings = SamplingSettings {
        samples: 4,
        max_cards: 16,
        contract_samples: 3,
        ..Default::default()
    };
    let mut list = ActionList::new();
    let mut s = Schieber::new(options).unwrap();
    let mut players: Vec<SamplingSchieber> = (0..4)
        .map(|k| SamplingSchieber::new(options, settings, 70 + k))
        .collect();
    let mut dealer = SeededDealer::new(9);
    let mut deals = 0;
    loop {
        match s.to_move() {
            ToMove::Seat(seat) => {
                s.legal_actions(&mut list);
                let a = players[seat].act(&Decision::new(&s, seat, &list));
                assert!(
                    list.contains(&a),
                    "seat {seat} chose {a}, not among {list:?}"
                );
                s.apply(a).unwrap();
            }
            ToMove::Deal if deals < 8 => {
                let hands = s.deal_from_pack(&dealer.next_pack());
                s.deal(hands).unwrap();
                deals += 1;
            }
            _ => break,
        }
    }
    assert!(deals >= 1);
}

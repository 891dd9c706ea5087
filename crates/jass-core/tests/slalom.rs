//! Slalom (docs/schieber.md): no trump, the tricks alternate between Obenabe and Undenufe, the
//! first in the mode the chooser names. A hand-made deal worked by hand, the whole-deal total over
//! many random deals, the Weis in the first trick's mode, Coiffeur's Slalom row, old records.

use jass_core::coiffeur::CoiffeurRecord;
use jass_core::coiffeur::{self, Coiffeur, CoiffeurOptions};
use jass_core::game::{ActionList, Game, Player, ToMove};
use jass_core::schieber::SchieberRecord;
use jass_core::schieber::{
    check_record, play_recorded, Contract, Schieber, SchieberOptions, WeisOption,
};
use jass_core::{CardSet, Mode, UndenufeEleven};

mod common;
use common::{hands, random_players, run};

fn players<G: Game + 'static>(seed: u64) -> Vec<Box<dyn Player<G>>> {
    random_players(4, seed * 4)
}

fn opts() -> SchieberOptions {
    SchieberOptions {
        slalom: true,
        weis: WeisOption::None,
        first_forehand: "seat0".parse().unwrap(),
        ..SchieberOptions::default()
    }
}

/// The hand-made deal: every trick follows suit or discards, and its winner depends on its mode.
const HANDS: [&str; 4] = [
    "D6 DQ H8 H9 S8 SQ SK C10 CA",
    "D9 DK DA HQ HA S6 S9 C6 CJ",
    "D7 D10 H6 H10 HK S7 S10 C7 CQ",
    "D8 DJ H7 HJ SA SJ C8 C9 CK",
];

/// The nine tricks of the hand-made deal, each in play order from its leader.
const PLAY: [&str; 36] = [
    // 1 Obenabe, seat 0 leads: the ace wins (seat 1). 0 + 11 + 0 + 8 = 19.
    "D6", "DA", "D7", "D8",
    // 2 Undenufe, seat 1 leads: the nine, the lowest diamond, wins (seat 1). 0 + 10 + 2 + 3 = 15.
    "D9", "D10", "DJ", "DQ",
    // 3 Obenabe, seat 1 leads the last diamond; the others discard hearts (seat 1). 4 + 0 + 0 + 8 = 12.
    "DK", "H6", "H7", "H8",
    // 4 Undenufe, seat 1 leads: the six wins over the ace (seat 1). 0 + 0 + 11 + 8 = 19.
    "S6", "S7", "SA", "S8",
    // 5 Obenabe, seat 1 leads: the queen, the highest spade, wins (seat 0). 0 + 10 + 2 + 3 = 15.
    "S9", "S10", "SJ", "SQ",
    // 6 Undenufe, seat 0 leads the last spade, the others discard clubs (seat 0). 4 + 0 + 0 + 8 = 12.
    "SK", "C6", "C7", "C8",
    // 7 Obenabe, seat 0 leads: the ace wins (seat 1). 0 + 11 + 10 + 2 = 23.
    "H9", "HA", "H10", "HJ",
    // 8 Undenufe, seat 1 leads: the queen beats the king (seat 1). 3 + 4 + 0 + 10 = 17.
    "HQ", "HK", "C9", "C10",
    // 9 Obenabe, seat 1 leads: the ace wins (seat 0). 2 + 3 + 4 + 11 + 5 for the last trick = 25.
    "CJ", "CQ", "CK", "CA",
];

fn hand_made_hands() -> [CardSet; 4] {
    hands(HANDS)
}

#[test]
fn a_hand_made_slalom_deal_worked_by_hand() {
    let mut s = Schieber::new(opts()).unwrap();
    s.deal(hand_made_hands()).unwrap();
    run(&mut s, &["contract slalom"]);
    assert_eq!(s.contract(), Some((Contract::Slalom, 0)));
    assert_eq!(s.mode(), Mode::Obenabe);
    for (i, card) in PLAY.iter().enumerate() {
        if i % 4 == 0 {
            // Trick i / 4 is played in its own mode.
            let want = if i / 4 % 2 == 0 {
                Mode::Obenabe
            } else {
                Mode::Undenufe
            };
            assert_eq!(s.mode(), want, "trick {}", i / 4 + 1);
        }
        run(&mut s, &[card]);
    }
    let want: [(u8, u32); 9] = [
        (1, 19),
        (1, 15),
        (1, 12),
        (1, 19),
        (0, 15),
        (0, 12),
        (1, 23),
        (1, 17),
        (0, 25),
    ];
    for (i, &(winner, points)) in want.iter().enumerate() {
        let (_, _, w, p) = s.completed_trick(i);
        assert_eq!((w, p), (winner, points), "trick {}", i + 1);
    }
    // Team 0 (seats 0, 2): 15 + 12 + 25; team 1: 19 + 15 + 12 + 19 + 23 + 17. Standard ×1 for Slalom.
    assert_eq!(s.tally().card_points, [52, 105]);
    assert_eq!(s.tally().tricks, [3, 6]);
    assert_eq!(s.tally().score, [52, 105]);
    assert_eq!(s.totals(), [52, 105]);
    // What the players saw: the same winners and points, and the contract by name.
    let obs = s.observation(2);
    assert_eq!(obs.contract, Some(Contract::Slalom));
    let seen: Vec<(u8, u32)> = obs.tricks.iter().map(|t| (t.winner, t.points)).collect();
    assert_eq!(seen, want.to_vec());
}

#[test]
fn the_six_worth_eleven_does_not_change_slalom() {
    // Slalom counts the same table in both directions (the ace 11), so that every deal totals
    // 157: `undenufe_eleven` applies to Undenufe contracts only.
    let mut s = Schieber::new(SchieberOptions {
        undenufe_eleven: UndenufeEleven::Six,
        ..opts()
    })
    .unwrap();
    s.deal(hand_made_hands()).unwrap();
    run(&mut s, &["contract slalom-obenabe"]);
    run(&mut s, &PLAY);
    let points: Vec<u32> = (0..9).map(|i| s.completed_trick(i).3).collect();
    assert_eq!(points, [19, 15, 12, 19, 15, 12, 23, 17, 25]);
    assert_eq!(s.tally().card_points, [52, 105]);
}

#[test]
fn slalom_undenufe_plays_the_first_trick_undenufe() {
    let mut s = Schieber::new(opts()).unwrap();
    s.deal(hand_made_hands()).unwrap();
    run(&mut s, &["contract slalom-undenufe"]);
    assert_eq!(s.mode(), Mode::Undenufe);
    run(&mut s, &PLAY[..4]);
    // D6 DA D7 D8 in Undenufe: the six wins (seat 0); then Obenabe.
    assert_eq!(s.completed_trick(0).2, 0);
    assert_eq!(s.mode(), Mode::Obenabe);
    assert_eq!(s.observation(0).contract, Some(Contract::SlalomUndenufe));
    assert_eq!(
        "slalom-undenufe".parse::<Contract>().unwrap().to_string(),
        "slalom-undenufe"
    );
    assert_eq!(
        "slalom-obenabe".parse::<Contract>().unwrap().to_string(),
        "slalom"
    );
}

#[test]
fn slalom_is_off_by_default_and_priced_by_its_multiplier() {
    let mut s = Schieber::new(SchieberOptions {
        slalom: false,
        ..opts()
    })
    .unwrap();
    s.deal(hand_made_hands()).unwrap();
    assert!(s.apply("contract slalom".parse().unwrap()).is_err());
    assert!(!SchieberOptions::default().slalom);
    let mut o = opts();
    o.multipliers.slalom = 5;
    let mut s = Schieber::new(o).unwrap();
    s.deal(hand_made_hands()).unwrap();
    run(&mut s, &["contract slalom"]);
    run(&mut s, &PLAY);
    assert_eq!(s.tally().score, [52 * 5, 105 * 5]);
}

#[test]
fn the_weis_is_compared_in_the_first_tricks_mode() {
    // Four sixes count 100 in Undenufe with undenufe_four_sixes: so in slalom-undenufe, not in
    // slalom, and they still count after the second trick has turned to Obenabe.
    let h = hands([
        "D6 H6 S6 C6 D8 H10 SQ CA DK",
        "D7 H7 S7 C7 D10 HQ SA C9 DJ",
        "D9 H8 S8 C8 DQ HK S10 CJ HJ",
        "DA H9 S9 C10 HA SJ SK CQ CK",
    ]);
    let o = SchieberOptions {
        weis: WeisOption::Small,
        undenufe_four_sixes: true,
        ..opts()
    };
    let mut s = Schieber::new(o).unwrap();
    s.deal(h).unwrap();
    run(&mut s, &["contract slalom"]);
    assert!(s.apply("weis D6 H6 S6 C6".parse().unwrap()).is_err());
    let mut s = Schieber::new(o).unwrap();
    s.deal(h).unwrap();
    run(&mut s, &["contract slalom-undenufe", "weis D6 H6 S6 C6"]);
    let mut l = ActionList::new();
    while let ToMove::Seat(_) = s.to_move() {
        s.legal_actions(&mut l);
        s.apply(l.get(0)).unwrap(); // the others declare nothing
    }
    assert_eq!(s.tally().weis, [100, 0]);
    let c = s.tally().card_points;
    assert_eq!(c[0] + c[1], 157);
}

/// Every deal, Slalom included, totals 157 card points.
fn whole_deal(
    _contract: Contract,
    _tricks: &[Vec<jass_core::Card>],
    _eleven: UndenufeEleven,
) -> u32 {
    157
}

#[test]
fn every_slalom_deal_has_157_card_points() {
    let mut slaloms = 0;
    for eleven in [UndenufeEleven::Ace, UndenufeEleven::Six] {
        for seed in 0..40u64 {
            let o = SchieberOptions {
                slalom: true,
                misere: true,
                undenufe_eleven: eleven,
                ..SchieberOptions::default()
            };
            let rec = play_recorded(o, seed, &mut players::<Schieber>(seed)).unwrap();
            check_record(&rec).unwrap();
            for d in rec.deals.iter().filter(|d| d.tricks.len() == 9) {
                let contract = d.settled.contract.expect("a played deal has a contract");
                let cards: Vec<_> = d.tricks.iter().map(|t| t.cards.clone()).collect();
                let sum = d.result.card_points[0] + d.result.card_points[1];
                assert_eq!(
                    sum,
                    whole_deal(contract, &cards, eleven),
                    "seed {seed}, deal {}",
                    d.number
                );
                if contract.is_slalom() {
                    slaloms += 1;
                    // Each trick's winner by its own mode.
                    for (i, t) in d.tricks.iter().enumerate() {
                        let w = jass_core::trick::trick_winner(&t.cards, contract.trick_mode(i));
                        assert_eq!(t.winner, (t.leader + w as u8) % 4);
                    }
                }
            }
            let back = SchieberRecord::read_all(&rec.to_json_line())
                .pop()
                .unwrap()
                .unwrap();
            back.check().unwrap();
        }
    }
    assert!(slaloms > 20, "only {slaloms} Slalom deals");
}

#[test]
fn coiffeur_with_the_slalom_row() {
    let o = CoiffeurOptions {
        slalom: true,
        misere: true,
        ..CoiffeurOptions::default()
    };
    assert_eq!(o.multipliers.slalom, 7);
    assert_eq!(o.rows().len(), 8);
    assert!(!CoiffeurOptions::default().slalom);
    for seed in 0..10u64 {
        let rec = coiffeur::play_recorded(o, seed, &mut players::<Coiffeur>(seed)).unwrap();
        coiffeur::check_record(&rec).unwrap();
        assert_eq!(rec.deals.len(), 16, "eight rows for each team");
        for t in 0..2u8 {
            let slaloms: Vec<_> = rec
                .deals
                .iter()
                .filter(|d| d.result.team == t && d.settled.contract.is_slalom())
                .collect();
            assert_eq!(slaloms.len(), 1, "team {t} plays its Slalom row once");
            assert_eq!(slaloms[0].result.multiplier, 7);
            assert_eq!(
                slaloms[0].result.written,
                slaloms[0].result.points[t as usize] * 7
            );
        }
        let back = CoiffeurRecord::read_all(&rec.to_json_line())
            .pop()
            .unwrap()
            .unwrap();
        back.check().unwrap();
    }
    // Either direction fills the one row.
    let mut c = Coiffeur::new(CoiffeurOptions {
        slalom: true,
        first_forehand: "seat0".parse().unwrap(),
        ..CoiffeurOptions::default()
    })
    .unwrap();
    c.deal(hand_made_hands()).unwrap();
    c.apply("contract slalom-undenufe".parse().unwrap())
        .unwrap();
    let mut l = ActionList::new();
    while let ToMove::Seat(_) = c.to_move() {
        c.legal_actions(&mut l);
        c.apply(l.get(0)).unwrap();
    }
    assert!(c.entry(0, Contract::Slalom).is_some());
    assert!(!c.open(0, Contract::Slalom) && !c.open(0, Contract::SlalomUndenufe));
    assert!(c.open(1, Contract::Slalom));
}

#[test]
fn records_from_before_slalom_still_read() {
    // The golden records as written before Slalom: no `slalom` option, no `slalom` multiplier.
    let dir = format!("{}/tests/data/golden", env!("CARGO_MANIFEST_DIR"));
    for path in [
        "schieber_default_seed1.json",
        "schieber_large_weis_seed2.json",
        "issue4/coiffeur_misere_seed2.json",
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{path}")).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["options"]
            .as_object_mut()
            .unwrap()
            .remove("slalom")
            .expect("written now");
        v["options"]["multipliers"]
            .as_object_mut()
            .unwrap()
            .remove("slalom")
            .expect("written now");
        let old = serde_json::to_string(&v).unwrap();
        let checked = match v["game"].as_str() {
            Some("coiffeur") => CoiffeurRecord::read_all(&old)
                .pop()
                .unwrap()
                .map(|r| r.check()),
            _ => SchieberRecord::read_all(&old)
                .pop()
                .unwrap()
                .map(|r| r.check()),
        };
        checked
            .unwrap_or_else(|e| panic!("{path}: {e:?}"))
            .unwrap_or_else(|e| panic!("{path}: {e:?}"));
    }
}

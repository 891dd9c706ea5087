//! Schieber as a whole: worked examples, properties over many seeded games, golden records.

use jass_core::deal::{four_hands, SeededDealer};
use jass_core::game::{ActionList, Decision, Game, Player, ToMove};
use jass_core::schieber::{
    check_record, play_recorded, FirstLead, Multipliers, Phase, Schieber, SchieberAction,
    SchieberOptions, SchieberRecord, ScoringOrder, WeisOption,
};
use jass_core::weis::Declaration;
use jass_core::{Card, CardSet};

mod common;
use common::{cards_in, golden, hands, play_first_legal, run};

fn players(seed: u64) -> Vec<Box<dyn Player<Schieber>>> {
    common::random_players(4, seed * 4)
}

/// As `play_first_legal` (the first legal card each time, declining Weis), but every seat
/// declares its best Weis.
fn play_out_declaring(state: &mut Schieber) {
    let mut l = ActionList::new();
    while let ToMove::Seat(_) = state.to_move() {
        state.legal_actions(&mut l);
        let a = match l.get(0) {
            SchieberAction::Weis { .. } => l.get(l.len() - 1),
            a => a,
        };
        state.apply(a).unwrap();
    }
}

// Seat 0 holds all hearts; the others split the rest.
const ALL_HEARTS: [&str; 4] = [
    "H6 H7 H8 H9 H10 HJ HQ HK HA",
    "D6 D7 D8 D9 D10 DJ DQ DK DA",
    "S6 S7 S8 S9 S10 SJ SQ SK SA",
    "C6 C7 C8 C9 C10 CJ CQ CK CA",
];

fn opts() -> SchieberOptions {
    SchieberOptions {
        first_forehand: "seat0".parse().unwrap(),
        ..SchieberOptions::default()
    }
}

#[test]
fn match_in_undenufe_is_257_times_four_plus_weis() {
    // 003: match = 157 + 100; Undenufe scores quadruple, tricks, Weis and Stöck alike.
    let mut s = Schieber::new(opts()).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract undenufe"]);
    play_out_declaring(&mut s);
    let t = s.tally();
    assert_eq!(t.tricks, [9, 0]);
    assert_eq!(t.card_points, [157, 0]);
    assert_eq!(t.match_bonus, [100, 0]);
    // Every player holds a whole suit: nine in a row, under the small Weis five and four (150),
    // the five taken from the six up as it ranks best in Undenufe. The four best fives are equal
    // and without trump, so the earliest from forehand (seat 0) wins: team 0, and partner seat 2
    // adds its 150.
    assert_eq!(s.weis_team(), Some(0));
    assert_eq!(t.weis, [300, 0]);
    assert_eq!(t.score, [(257 + 300) * 4, 0]);
}

#[test]
fn stoeck_is_scored_with_the_second_card_and_multiplied() {
    let mut s = Schieber::new(SchieberOptions {
        weis: WeisOption::None,
        ..opts()
    })
    .unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract H", "HK"]);
    assert!(!s.stoeck_scored());
    run(&mut s, &["D6", "S6", "C6", "HQ"]);
    assert!(s.stoeck_just_announced());
    assert_eq!(s.tally().stoeck, [20, 0]);
    assert_eq!(
        s.totals(),
        [20, 0],
        "Stöck goes on the slate at once (×1 for H); tricks at the end of the hand"
    );
}

#[test]
fn schieben_and_zurueckschieben() {
    let mut s = Schieber::new(opts()).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["schieben"]);
    assert_eq!(s.to_move(), ToMove::Seat(2));
    let err = s.apply(SchieberAction::Schieben).unwrap_err();
    assert!(err.to_string().contains("must choose"), "{err}");
    let mut z = Schieber::new(SchieberOptions {
        zurueckschieben: true,
        ..opts()
    })
    .unwrap();
    z.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut z, &["schieben", "schieben"]);
    assert_eq!(z.to_move(), ToMove::Seat(0));
    assert!(z.apply(SchieberAction::Schieben).is_err());
    run(&mut z, &["contract S"]);
    assert_eq!(z.contract().unwrap().1, 0);
}

// Seat 0 and seat 3 hold the two equal best Weis (nine in a row); seats 1 and 2 hold none.
const TWO_NINES: [&str; 4] = [
    "H6 H7 H8 H9 H10 HJ HQ HK HA",
    "D6 D8 D10 DQ DA S7 S9 SJ SK",
    "D7 D9 DJ DK S6 S8 S10 SQ SA",
    "C6 C7 C8 C9 C10 CJ CQ CK CA",
];

#[test]
fn with_first_lead_chooser_the_partner_who_chose_leads_and_the_weis_go_in_that_order() {
    // JassWiki, "Ausspiel": "Schieber oder Coiffeur-Schieber: Spielübernehmer spielt statt
    // Vorhand aus". Forehand (seat 0) shoves, seat 2 chooses Obenabe.
    let shoved = |first_lead| {
        let mut s = Schieber::new(SchieberOptions {
            first_lead,
            ..opts()
        })
        .unwrap();
        s.deal(hands(TWO_NINES)).unwrap();
        run(&mut s, &["schieben", "contract obenabe"]);
        s
    };
    // 003: forehand leads, and of two equal Weis the earlier player from forehand wins: seat 0.
    let mut s = shoved(FirstLead::Forehand);
    assert_eq!(s.to_move(), ToMove::Seat(0));
    assert_eq!(s.first_leader(), 0);
    play_out_declaring(&mut s);
    assert_eq!(s.weis_team(), Some(0));
    assert_eq!(s.tally().weis, [150, 0]);
    // The chooser leads: seat 2, then 3, 0, 1; seat 3's equal Weis now comes first.
    let mut s = shoved(FirstLead::Chooser);
    assert_eq!(s.to_move(), ToMove::Seat(2));
    assert_eq!(s.first_leader(), 2);
    assert_eq!(s.observation(1).first_leader(), 2);
    run(&mut s, &["SA"]); // seat 2 holds no Weis, so it is not asked
    assert_eq!(s.to_move(), ToMove::Seat(3));
    play_out_declaring(&mut s);
    assert_eq!(s.completed_trick(0).0, 2, "the first trick's leader");
    assert_eq!(s.weis_team(), Some(1));
    assert_eq!(s.tally().weis, [0, 150]);
    // Without schieben forehand chooses, and so leads, under either rule.
    let mut s = Schieber::new(SchieberOptions {
        first_lead: FirstLead::Chooser,
        ..opts()
    })
    .unwrap();
    s.deal(hands(TWO_NINES)).unwrap();
    run(&mut s, &["contract obenabe"]);
    assert_eq!(s.to_move(), ToMove::Seat(0));
    // Shoved back (zurückschieben), forehand chooses and leads.
    let mut z = Schieber::new(SchieberOptions {
        first_lead: FirstLead::Chooser,
        zurueckschieben: true,
        ..opts()
    })
    .unwrap();
    z.deal(hands(TWO_NINES)).unwrap();
    run(&mut z, &["schieben", "schieben", "contract H"]);
    assert_eq!(z.to_move(), ToMove::Seat(0));
}

#[test]
fn first_lead_is_written_to_records_only_when_the_chooser_leads() {
    let usual = play_recorded(opts(), 3, &mut players(3)).unwrap();
    let v = serde_json::to_value(&usual).unwrap();
    assert!(v["options"].get("first_lead").is_none(), "{}", v["options"]);
    let o = SchieberOptions {
        first_lead: FirstLead::Chooser,
        target: 1000,
        ..opts()
    };
    // A game with a shoved deal, so that the rule changes who leads.
    let rec = (0..50u64)
        .map(|seed| play_recorded(o, seed, &mut players(seed)).unwrap())
        .find(|r| r.deals.iter().any(|d| d.settled.schoben))
        .expect("a game with a shoved deal");
    let v = serde_json::to_value(&rec).unwrap();
    assert_eq!(v["options"]["first_lead"], "chooser");
    let shoved = rec.deals.iter().find(|d| d.settled.schoben).unwrap();
    assert_eq!(Some(shoved.tricks[0].leader), shoved.settled.chooser);
    assert_ne!(shoved.tricks[0].leader, shoved.start.forehand);
    let back: SchieberRecord = serde_json::from_value(v).unwrap();
    check_record(&back).unwrap();
    // Read as if forehand had led, the same record no longer checks.
    let mut wrong = back.clone();
    wrong.options.first_lead = FirstLead::Forehand;
    assert!(check_record(&wrong).is_err());
}

#[test]
fn illegal_actions_change_nothing_and_say_why() {
    let mut s = Schieber::new(opts()).unwrap();
    assert!(s
        .apply(SchieberAction::Schieben)
        .unwrap_err()
        .to_string()
        .contains("dealt"));
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract D", "weis none", "H6", "weis none"]);
    let before = format!("{:?}", s);
    // Seat 1 holds diamonds (trump) only: it may play any; seat 1 tries a card it does not hold.
    let e = s.apply("play HA".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("does not hold"), "{e}");
    let e = s.apply("contract H".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("not possible"), "{e}");
    assert_eq!(before, format!("{:?}", s));
    assert!(s.deal(hands(ALL_HEARTS)).is_err());
}

#[test]
fn misere_gives_the_trick_points_to_the_other_team() {
    let mut s = Schieber::new(SchieberOptions {
        misere: true,
        weis: WeisOption::None,
        ..opts()
    })
    .unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract misere"]);
    play_first_legal(&mut s);
    // Seat 0 leads hearts every time and takes all nine tricks: 257 go to team 1, unmultiplied.
    assert_eq!(s.tally().tricks, [9, 0]);
    assert_eq!(s.tally().score, [0, 257]);
}

#[test]
fn counter_match_doubles_the_stich() {
    let o = SchieberOptions {
        counter_match: true,
        weis: WeisOption::None,
        stoeck: false,
        ..opts()
    };
    let mut s = Schieber::new(o).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    // Seat 0 shoves, seat 2 (same team) chooses: team 0 chose, so this is an ordinary match.
    run(&mut s, &["schieben", "contract H"]);
    play_first_legal(&mut s);
    assert_eq!(s.tally().score, [257, 0]);
    // Seat 1 holds all hearts; team 0 chooses hearts, team 1 takes every trick: 157 doubled.
    let rotated = [ALL_HEARTS[3], ALL_HEARTS[0], ALL_HEARTS[1], ALL_HEARTS[2]];
    let mut s = Schieber::new(o).unwrap();
    s.deal(hands(rotated)).unwrap();
    run(&mut s, &["contract H"]);
    play_first_legal(&mut s);
    assert_eq!(s.tally().tricks, [0, 9]);
    assert_eq!(s.tally().score, [0, 314]);
}

#[test]
fn without_the_match_bonus_a_match_is_its_trick_points() {
    let o = SchieberOptions {
        match_bonus: false,
        weis: WeisOption::None,
        stoeck: false,
        ..opts()
    };
    let mut s = Schieber::new(o).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract H"]);
    play_first_legal(&mut s);
    assert_eq!(s.tally().tricks, [9, 0]);
    assert_eq!(s.tally().match_bonus, [0, 0]);
    assert_eq!(s.tally().score, [157, 0]);
    // Written only when false; absent (records written before the option) it reads as true.
    let written = serde_json::to_value(o).unwrap();
    assert_eq!(written["match_bonus"], false);
    assert_eq!(
        serde_json::from_value::<SchieberOptions>(written).unwrap(),
        o
    );
    let usual = serde_json::to_value(SchieberOptions::default()).unwrap();
    assert!(usual.get("match_bonus").is_none());
    let read: SchieberOptions = serde_json::from_value(usual).unwrap();
    assert!(read.match_bonus);
}

#[test]
fn the_game_ends_the_moment_a_team_reaches_the_target_stoeck_first() {
    // Team 0 holds Stöck (seat 0: all hearts), team 1 needs only its first trick... Target 20:
    // the Stöck claim comes before any card (003: Stöck may be claimed "at any earlier time if the
    // player thereby gets enough points to win the game").
    let o = SchieberOptions {
        target: 20,
        weis: WeisOption::None,
        schneider: false,
        ..opts()
    };
    let mut s = Schieber::new(o).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract H"]);
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.winner(), Some(0));
    assert_eq!(s.totals(), [20, 0]);
}

#[test]
fn with_weis_before_stoeck_the_first_trick_decides() {
    // Order weis-stoeck-stich: no claim of Stöck alone during the first trick; team 1's Weis
    // (seat 1 holds nine diamonds: 150) comes first at the end of the trick and wins.
    let o = SchieberOptions {
        target: 100,
        scoring_order: "weis-stoeck-stich".parse::<ScoringOrder>().unwrap(),
        multipliers: Multipliers::SINGLE,
        schneider: false,
        ..opts()
    };
    let mut s = Schieber::new(o).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract H"]);
    assert_eq!(s.phase(), Phase::Play);
    run(&mut s, &["weis none", "HA"]);
    let best1 = s.observation(1);
    assert!(best1.weis_calls.is_empty());
    let mut l = ActionList::new();
    s.legal_actions(&mut l);
    let declare = l
        .iter()
        .find(|a| matches!(a, SchieberAction::Weis { weis } if !weis.is_empty()))
        .unwrap();
    s.apply(declare).unwrap();
    run(&mut s, &["D6", "weis none", "S6", "weis none", "C6"]);
    assert_eq!(s.winner(), Some(1));
    assert_eq!(s.tally().weis, [0, 150]);
}

#[test]
fn schneider_counts_only_the_claiming_teams_tricks() {
    // 003: on a claim "the tricks made by the claiming partnership are counted and scored".
    let o = SchieberOptions {
        target: 50,
        weis: WeisOption::None,
        stoeck: false,
        multipliers: Multipliers::SINGLE,
        ..opts()
    };
    let mut s = Schieber::new(o).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract H"]);
    play_first_legal(&mut s);
    assert_eq!(s.winner(), Some(0));
    assert_eq!(s.totals()[1], 0);
    assert!(s.schneider());
    assert!(s.tricks_done() < 9, "the game stops in mid-deal");
}

/// Plays the first trick of ALL_HEARTS under hearts (HA D6 S6 C6, 11 points to team 0), every
/// seat declaring its best Weis: team 0's nine trumps and nine spades (150 each) beat team 1's.
fn first_trick_of_all_hearts(o: SchieberOptions) -> Schieber {
    let mut s = Schieber::new(o).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract H"]);
    let mut l = ActionList::new();
    for card in ["HA", "D6", "S6", "C6"] {
        s.legal_actions(&mut l);
        if let SchieberAction::Weis { .. } = l.get(0) {
            s.apply(l.get(l.len() - 1)).unwrap();
        }
        run(&mut s, &[card]);
    }
    s
}

#[test]
fn a_claim_at_the_end_of_the_first_trick_counts_the_claimants_trick() {
    // 003: when a claim is made "the tricks made by the claiming partnership are counted and
    // scored". Target 200: at the end of the first trick team 0's Stöck (20) and Weis (300) take
    // it to the target before the Stich; the trick it made (11) is counted as well.
    let o = SchieberOptions {
        target: 200,
        multipliers: Multipliers::SINGLE,
        schneider: false,
        ..opts()
    };
    assert!(o.claim_counts_all);
    let s = first_trick_of_all_hearts(o);
    assert_eq!(s.winner(), Some(0));
    assert_eq!(s.tally().weis, [300, 0]);
    assert_eq!(s.tally().stoeck, [20, 0]);
    assert_eq!(s.totals(), [20 + 300 + 11, 0]);
    // Order stoeck-stich-weis: Stöck and the trick reach the target first; the claimants' Weis,
    // due at the same moment, is written too.
    let o = SchieberOptions {
        target: 30,
        scoring_order: "stoeck-stich-weis".parse().unwrap(),
        ..o
    };
    let s = first_trick_of_all_hearts(o);
    assert_eq!(s.totals(), [20 + 11 + 300, 0]);
    // `claim_counts_all=false` (records written before the option): scoring stops at the item
    // that reaches the target.
    let s = first_trick_of_all_hearts(SchieberOptions {
        claim_counts_all: false,
        ..o
    });
    assert_eq!(s.totals(), [20 + 11, 0]);
}

/// A record played with option `field` off (as every record before the option) lacks the field;
/// read, it takes the value it was played under, so it still checks, while today's default
/// (`on` sets it) would not. `o` has the option off; `what` names the game looked for.
fn records_before_an_option_still_check(
    o: SchieberOptions,
    field: &str,
    on: fn(&mut SchieberOptions),
    is_on: fn(&SchieberOptions) -> bool,
    what: &str,
) {
    assert!(!is_on(&o));
    let differs = (0..200u64)
        .map(|seed| play_recorded(o, seed, &mut players(seed)).unwrap())
        .find(|rec| {
            let mut today = rec.clone();
            on(&mut today.options);
            check_record(&today).is_err()
        })
        .unwrap_or_else(|| panic!("{what}"));
    let mut v = serde_json::to_value(&differs).unwrap();
    v["options"].as_object_mut().unwrap().remove(field);
    let old: SchieberRecord = serde_json::from_value(v).unwrap();
    assert!(!is_on(&old.options), "{field}");
    check_record(&old).unwrap();
}

#[test]
fn records_written_before_claim_counts_all_still_check() {
    let o = SchieberOptions {
        target: 150,
        multipliers: Multipliers::SINGLE,
        claim_counts_all: false,
        ..SchieberOptions::default()
    };
    records_before_an_option_still_check(
        o,
        "claim_counts_all",
        |o| o.claim_counts_all = true,
        |o| o.claim_counts_all,
        "a game whose claim leaves points out",
    );
}

#[test]
fn records_written_before_bergpreis_by_tricks_still_check() {
    let o = SchieberOptions {
        target: 1000,
        multipliers: Multipliers::SINGLE,
        bergpreis: true,
        bergpreis_by_tricks: false,
        ..SchieberOptions::default()
    };
    records_before_an_option_still_check(
        o,
        "bergpreis_by_tricks",
        |o| o.bergpreis_by_tricks = true,
        |o| o.bergpreis_by_tricks,
        "a game whose Bergpreis the slate gives to the later team",
    );
}

#[test]
fn first_forehand_is_the_holder_of_the_rose_seven_and_then_the_deal_rotates() {
    let mut s = Schieber::new(SchieberOptions::default()).unwrap();
    let mut dealer = SeededDealer::new(11);
    let h = s.deal_from_pack(&dealer.next_pack());
    let holder = (0..4)
        .find(|&i| h[i].contains("H7".parse::<Card>().unwrap()))
        .unwrap() as u8;
    s.deal(h).unwrap();
    assert_eq!(s.forehand(), holder);
    assert_eq!(s.to_move(), ToMove::Seat(holder as usize));
    play_first_legal(&mut s);
    // 003: the first forehand "deals the second hand".
    assert_eq!(s.next_dealer(), holder);
    s.deal(four_hands(&dealer.next_pack(), 0)).unwrap();
    assert_eq!(s.dealer(), holder);
    assert_eq!(s.forehand(), (holder + 1) % 4);
}

#[test]
fn weis_calls_hide_lower_weis() {
    // Seat 0 (forehand) calls 100 with four aces; seat 1's 20 stays silent for the others.
    let mut s = Schieber::new(opts()).unwrap();
    s.deal(hands([
        "DA HA SA CA H6 H8 S7 C7 D9",
        "D6 D7 D8 H9 H10 S8 S9 C8 C9",
        "DK DQ DJ D10 HK HQ HJ SK SQ",
        "H7 S6 S10 SJ C6 C10 CJ CQ CK",
    ]))
    .unwrap();
    run(
        &mut s,
        &[
            "contract obenabe",
            "weis DA HA SA CA",
            "H6",
            "weis D8 D7 D6",
        ],
    );
    let seen_by_2 = s.observation(2);
    assert_eq!(seen_by_2.weis_calls.len(), 1);
    assert_eq!(seen_by_2.weis_calls[0].points, 100);
}

#[test]
fn properties_over_many_seeded_games() {
    let variants = [
        SchieberOptions::default(),
        SchieberOptions {
            weis: WeisOption::Large,
            zurueckschieben: true,
            misere: true,
            counter_match: true,
            bergpreis: true,
            bergpreis_stoeck: true,
            first_lead: FirstLead::Chooser,
            ..Default::default()
        },
        SchieberOptions {
            multipliers: Multipliers::SINGLE,
            target: 1000,
            weis: WeisOption::None,
            undenufe_eleven: jass_core::UndenufeEleven::Six,
            ..Default::default()
        },
        SchieberOptions {
            scoring_order: "stich-weis-stoeck".parse().unwrap(),
            four_nines: true,
            fours_any_rank: true,
            undenufe_four_sixes: true,
            ..Default::default()
        },
    ];
    let mut list = ActionList::new();
    let mut deals = 0;
    for (vi, o) in variants.iter().enumerate() {
        for g in 0..25u64 {
            let seed = 1000 * vi as u64 + g;
            let mut ps = players(seed);
            let mut s = Schieber::new(*o).unwrap();
            let mut dealer = SeededDealer::new(seed);
            loop {
                match s.to_move() {
                    ToMove::Over => break,
                    ToMove::Deal => {
                        if s.deals_started() > 0 {
                            deals += 1;
                            let t = s.tally();
                            // Every complete deal: 157 card points, +100 for Match.
                            assert_eq!(t.card_points[0] + t.card_points[1], 157);
                            assert_eq!(t.tricks[0] + t.tricks[1], 9);
                            assert_eq!(
                                t.match_bonus[0] + t.match_bonus[1] > 0,
                                t.tricks.contains(&9)
                            );
                        }
                        let h = s.deal_from_pack(&dealer.next_pack());
                        s.deal(h).unwrap();
                    }
                    ToMove::Seat(seat) => {
                        s.legal_actions(&mut list);
                        assert!(!list.is_empty());
                        let hand = s.hands()[seat];
                        for a in list.iter() {
                            if let SchieberAction::Play { card } = a {
                                assert!(
                                    hand.contains(card),
                                    "legal card {card} not in hand {hand}"
                                );
                            }
                        }
                        // No observation shows a card its seat may not see.
                        for viewer in 0..4 {
                            let obs = serde_json::to_value(s.observation(viewer)).unwrap();
                            let mut seen = CardSet::EMPTY;
                            cards_in(&obs, &mut seen);
                            let mut allowed = s.hands()[viewer];
                            for i in 0..s.tricks_done() as usize {
                                allowed |= CardSet::from_cards(s.completed_trick(i).1);
                            }
                            allowed |= CardSet::from_cards(s.current_trick().iter().copied());
                            for d in s.declarations() {
                                allowed |= d.cards(); // only the scoring team's are shown; checked below
                            }
                            assert!(
                                allowed.contains_all(seen),
                                "seat {viewer} sees {}",
                                seen - allowed
                            );
                            let shown: CardSet = obs["weis_shown"]
                                .as_array()
                                .unwrap()
                                .iter()
                                .map(|w| {
                                    let mut c = CardSet::EMPTY;
                                    cards_in(w, &mut c);
                                    c
                                })
                                .fold(CardSet::EMPTY, |a, b| a | b);
                            if s.weis_team().is_none() {
                                assert!(shown.is_empty());
                            }
                        }
                        let d = Decision::new(&s, seat, &list);
                        let a = ps[seat].act(&d);
                        s.apply(a).unwrap();
                    }
                }
            }
            assert!(s.winner().is_some());
            // The game is played the same way into a record, which re-plays cleanly.
            let rec = play_recorded(*o, seed, &mut players(seed)).unwrap();
            check_record(&rec).unwrap();
            let text = rec.to_json_line();
            let back = SchieberRecord::read_all(&text);
            assert_eq!(back.len(), 1);
            back[0].as_ref().unwrap().check().unwrap();
        }
    }
    assert!(deals > 500, "{deals}");
}

#[test]
fn a_tampered_record_is_caught() {
    let mut rec = play_recorded(SchieberOptions::default(), 5, &mut players(5)).unwrap();
    let good = rec.clone();
    // A wrong score.
    rec.deals[0].result.score[0] += 1;
    let e = check_record(&rec).unwrap_err();
    assert_eq!(e.deal, Some(1));
    assert!(e.message.contains("result"), "{e}");
    // An illegal card: swap two plays of the first trick.
    let mut rec = good.clone();
    let plays: Vec<usize> = rec.deals[0]
        .actions
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a.action, jass_core::schieber::RecordedAction::Play { .. }))
        .map(|(i, _)| i)
        .collect();
    let (i, j) = (plays[0], plays[1]);
    let a = rec.deals[0].actions[i].action;
    rec.deals[0].actions[i].action = rec.deals[0].actions[j].action;
    rec.deals[0].actions[j].action = a;
    let e = check_record(&rec).unwrap_err();
    assert_eq!(e.deal, Some(1));
    assert!(e.entry.is_some(), "{e}");
    // A card dealt twice.
    let mut rec = good.clone();
    let c = rec.deals[0].hands[0].first().unwrap();
    rec.deals[0].hands[1].insert(c);
    assert!(check_record(&rec).unwrap_err().message.contains("dealt"));
    // A missing deal.
    let mut rec = good;
    rec.deals.pop();
    assert!(check_record(&rec).unwrap_err().message.contains("not over"));
}

#[test]
fn golden_records_do_not_drift() {
    // Seeded games written once; any change in rules, dealing or record format shows here.
    // To accept a deliberate change: UPDATE_GOLDEN=1 cargo test -p jass-core --test schieber
    let cases: [(&str, SchieberOptions, u64); 2] = [
        ("schieber_default_seed1.json", SchieberOptions::default(), 1),
        (
            "schieber_large_weis_seed2.json",
            SchieberOptions {
                weis: WeisOption::Large,
                zurueckschieben: true,
                misere: true,
                target: 1500,
                ..Default::default()
            },
            2,
        ),
    ];
    for (name, o, seed) in cases {
        let rec = play_recorded(o, seed, &mut players(seed)).unwrap();
        golden(name, &rec);
    }
}

#[test]
fn declarations_are_validated() {
    let mut s = Schieber::new(opts()).unwrap();
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract D"]);
    let bogus = Declaration::new(&["DA DK DQ".parse().unwrap()]).unwrap();
    let e = s.apply(SchieberAction::Weis { weis: bogus }).unwrap_err();
    assert!(e.to_string().contains("not in the hand"), "{e}");
    let e = s.apply("HA".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("Weis"), "{e}");
}

#[test]
fn a_game_started_at_a_score_ends_once_a_team_has_the_target() {
    // Seat 0 holds every heart, Stöck among them, and chooses hearts at 990 to 900 (target
    // 1000). 003: "Stöck can be claimed and scored at any earlier time if the player thereby
    // gets enough points to win the game": 990 + 20 = 1010 as soon as seat 0 has played.
    let to_1000 = SchieberOptions {
        target: 1000,
        ..opts()
    };
    let mut s = Schieber::new(to_1000).unwrap();
    s.start_at([990, 900]).unwrap();
    assert_eq!(s.totals(), [990, 900]);
    s.deal(hands(ALL_HEARTS)).unwrap();
    run(&mut s, &["contract H"]);
    play_first_legal(&mut s);
    assert_eq!(s.winner(), Some(0));
    assert_eq!(s.totals(), [1010, 900]);
    assert_eq!(s.tricks_done(), 0);
    // Only before the first deal, below the target, without the Bergpreis.
    let e = s.start_at([0, 0]).unwrap_err().to_string();
    assert!(e.contains("before its first deal"), "{e}");
    let mut t = Schieber::new(to_1000).unwrap();
    let e = t.start_at([400, 1000]).unwrap_err().to_string();
    assert!(e.contains("below the target"), "{e}");
    let mut b = Schieber::new(SchieberOptions {
        bergpreis: true,
        ..to_1000
    })
    .unwrap();
    assert!(b.start_at([10, 0]).is_err());
}

#[test]
fn the_schneider_and_bergpreis_lines_may_be_set_by_table_rule() {
    // JassWiki, "Schneider": "die Hälfte der Punkte (oder Punkte gemäss Tischregel)". Seat 0
    // (every heart) wins at 990 to 400 (target 1000): below half, so Schneider; a table line at
    // 300 leaves the losers out of it.
    let finished = |schneider_line| {
        let mut s = Schieber::new(SchieberOptions {
            target: 1000,
            schneider_line,
            ..opts()
        })
        .unwrap();
        s.start_at([990, 400]).unwrap();
        s.deal(hands(ALL_HEARTS)).unwrap();
        run(&mut s, &["contract H"]);
        play_first_legal(&mut s);
        assert_eq!(s.winner(), Some(0));
        s.schneider()
    };
    assert!(finished(None));
    assert!(!finished(Some(300)));
    assert!(finished(Some(401)));
    // JassWiki, "Bergpreis": "bei der Hälfte des vereinbarten Spielziels, falls nicht anders
    // abgemacht". A hearts Match with Stöck (277, no Weis) reaches a line at 200, not half of 1000.
    let first_deal = |bergpreis_line| {
        let mut s = Schieber::new(SchieberOptions {
            target: 1000,
            weis: WeisOption::None,
            bergpreis: true,
            bergpreis_line,
            ..opts()
        })
        .unwrap();
        s.deal(hands(ALL_HEARTS)).unwrap();
        run(&mut s, &["contract H"]);
        play_first_legal(&mut s);
        assert_eq!(s.totals(), [277, 0]);
        s.bergpreis()
    };
    assert_eq!(first_deal(None), None);
    assert_eq!(first_deal(Some(200)), Some(0));
    assert_eq!(first_deal(Some(278)), None);
    // A line must lie within the target; records write one only when set.
    for (key, v) in [("schneider_line", 0), ("bergpreis_line", 1001)] {
        let o: SchieberOptions =
            serde_json::from_value(serde_json::json!({ "target": 1000, key: v })).unwrap();
        let e = o.validate().unwrap_err();
        assert!(
            e.contains(key) && e.contains("1 .. the target (1000)"),
            "{e}"
        );
    }
    let usual = serde_json::to_value(SchieberOptions::default()).unwrap();
    assert!(usual.get("schneider_line").is_none() && usual.get("bergpreis_line").is_none());
    let set = SchieberOptions {
        schneider_line: Some(700),
        ..SchieberOptions::default()
    };
    let v = serde_json::to_value(set).unwrap();
    assert_eq!(v["schneider_line"], 700);
    assert_eq!(serde_json::from_value::<SchieberOptions>(v).unwrap(), set);
}

#[test]
fn with_bergpreis_stoeck_the_holder_shows_stoeck_to_take_the_bergpreis_first() {
    // JassWiki, "Stöcke": Stöck "können zu jedem Zeitpunkt vorgewiesen werden, vorausgesetzt die
    // 20 Punkte reichen zum Erreichen des Ziels aus. Gleiches gilt auch bei der Wertung für den
    // Bergpreis". A Bergpreis line of 20: seat 0's Puur takes the first trick (20 points) while
    // seat 1 holds the Stöck (HK HQ), not yet played.
    const HANDS: [&str; 4] = [
        "HJ H9 HA H10 D6 D7 D8 S6 S7",
        "HK HQ H6 D9 D10 DJ S8 S9 S10",
        "H7 H8 DQ DK DA SJ SQ SK SA",
        "C6 C7 C8 C9 C10 CJ CQ CK CA",
    ];
    let first_trick = |bergpreis_stoeck| {
        let mut s = Schieber::new(SchieberOptions {
            target: 100,
            weis: WeisOption::None,
            bergpreis: true,
            bergpreis_line: Some(20),
            bergpreis_stoeck,
            ..opts()
        })
        .unwrap();
        s.deal(hands(HANDS)).unwrap();
        run(&mut s, &["contract H", "HJ", "H6", "H7"]);
        assert_eq!(s.bergpreis(), None);
        assert!(!s.stoeck_scored());
        run(&mut s, &["C6"]);
        s
    };
    // 003: Stöck is claimed early only to win the game; seat 0's trick reaches the line first.
    let s = first_trick(false);
    assert_eq!(s.bergpreis(), Some(0));
    assert!(!s.stoeck_scored());
    // Shown first (Stöck - Weis - Stich), the 20 take team 1 to the line.
    let s = first_trick(true);
    assert_eq!(s.bergpreis(), Some(1));
    assert!(s.stoeck_scored());
    assert_eq!(s.tally().stoeck, [0, 20]);
    assert_eq!(s.totals(), [0, 20]);
}

#[test]
fn a_wrong_multipliers_option_says_what_is_wrong() {
    let err = |v: serde_json::Value| {
        serde_json::from_value::<SchieberOptions>(serde_json::json!({ "multipliers": v }))
            .unwrap_err()
            .to_string()
    };
    assert!(err(serde_json::json!("foo")).contains("unknown multipliers `foo`"));
    assert!(err(serde_json::json!({"D": 2})).contains("missing field `H`"));
    let mut table =
        serde_json::json!({"D":2,"H":1,"S":2,"C":1,"obenabe":3,"undenufe":4,"misere":1,"slalom":1});
    table["D"] = serde_json::json!(-1);
    assert!(err(table.clone()).contains("invalid value: integer `-1`"));
    table["D"] = serde_json::json!(2);
    table["x"] = serde_json::json!(2);
    assert!(err(table.clone()).contains("unknown field `x`"));
    assert!(err(serde_json::json!([1, 2])).contains("not [1,2]"));
    table.as_object_mut().unwrap().remove("x");
    let o: SchieberOptions =
        serde_json::from_value(serde_json::json!({ "multipliers": table })).unwrap();
    assert_eq!(o.multipliers, jass_core::schieber::Multipliers::STANDARD);
    let o: SchieberOptions =
        serde_json::from_value(serde_json::json!({ "multipliers": "French-Red" })).unwrap();
    assert_eq!(o.multipliers, jass_core::schieber::Multipliers::FRENCH_RED);
}

/// Plays a seeded game of random players and returns the engine's Bergpreis and the one a plain
/// model of 003's rule gives: the first team whose slate plus its tricks of the hand so far
/// reaches half the target, trick by trick (no Weis, no Stöck, single multipliers, so that the
/// tricks and the Match are all that is scored).
fn bergpreis_by_model(o: SchieberOptions, seed: u64) -> (Option<u8>, Option<u8>) {
    let half = o.target.div_ceil(2);
    let mut ps = players(seed);
    let mut s = Schieber::new(o).unwrap();
    let mut dealer = SeededDealer::new(seed);
    let mut list = ActionList::new();
    let mut slate = [0u32; 2];
    let mut model = None;
    loop {
        match s.to_move() {
            ToMove::Over => break,
            ToMove::Deal => {
                slate = s.totals();
                let h = s.deal_from_pack(&dealer.next_pack());
                s.deal(h).unwrap();
            }
            ToMove::Seat(seat) => {
                let before = s.tricks_done();
                s.legal_actions(&mut list);
                let d = Decision::new(&s, seat, &list);
                let a = ps[seat].act(&d);
                s.apply(a).unwrap();
                // A trick was completed.
                let done = s.tricks_done();
                if done == before || model.is_some() {
                    continue;
                }
                let (_, _, winner, points) = s.completed_trick(done as usize - 1);
                slate[winner as usize % 2] += points;
                if done == 9 {
                    // The Match: every trick to one team.
                    let firsts: Vec<u8> = (0..9).map(|i| s.completed_trick(i).2 % 2).collect();
                    if firsts.iter().all(|&t| t == firsts[0]) {
                        slate[firsts[0] as usize] += 100;
                    }
                }
                if let Some(t) = (0..2u8).find(|&t| slate[t as usize] >= half) {
                    model = Some(t);
                }
            }
        }
    }
    (s.bergpreis(), model)
}

#[test]
fn the_bergpreis_goes_to_the_first_team_to_half_by_its_tricks() {
    // 003: "the partnership that first gets to 1500 is first to the summit"; the tricks count as
    // they are made, as for the target ("This may happen in the middle of a hand").
    let o = SchieberOptions {
        bergpreis: true,
        weis: WeisOption::None,
        stoeck: false,
        multipliers: Multipliers::SINGLE,
        target: 1000,
        ..Default::default()
    };
    assert!(o.bergpreis_by_tricks, "the default");
    let slate_only = SchieberOptions {
        bergpreis_by_tricks: false,
        ..o
    };
    let mut differ = 0;
    for seed in 0..150 {
        let (engine, model) = bergpreis_by_model(o, seed);
        assert!(model.is_some(), "seed {seed}: a game of 1000 passes 500");
        assert_eq!(engine, model, "seed {seed}");
        // Records played before the option judged on the slate alone.
        let (old, _) = bergpreis_by_model(slate_only, seed);
        assert!(old.is_some(), "seed {seed}");
        differ += (old != engine) as u32;
    }
    // On the slate a team that passed half during a hand loses it to one that ends the hand
    // higher, or that claims the game while the first team's tricks are still unwritten.
    assert!(differ > 0, "{differ}");
}

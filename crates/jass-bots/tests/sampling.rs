//! The sampling Schieber player plays only legal cards, on seeded deals, and takes more points
//! than the random player.

use jass_bots::{RandomPlayer, RuleSchieber, SamplingSchieber, SamplingSettings};
use jass_core::deal::SeededDealer;
use jass_core::game::{ActionList, Decision, Game, Player, ToMove};
use jass_core::schieber::{FirstForehand, Schieber, SchieberAction, SchieberOptions};

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
            // Without play-outs, so that a decision the budget cuts short is the rule
            // player's card and shows.
            let mut players: Vec<SamplingSchieber> = (0..4)
                .map(|k| {
                    SamplingSchieber::new(options, settings, seed * 4 + k).with_early_samples(0, 12)
                })
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
    let bounded = play(1, 1_000);
    assert_eq!(bounded, play(2, 1_000));
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
    let mut s = Schieber::new(options).unwrap();
    let deals = play_game(&mut s, options, settings, 70, 9, 8);
    assert!(deals >= 1);
}

/// Plays `s` with four sampling players (seeds `seed..seed + 4`) on the deals of `deal_seed` until
/// the game is over or `max_deals` deals have been played, checking that every choice is legal;
/// the deals dealt.
fn play_game(
    s: &mut Schieber,
    options: SchieberOptions,
    settings: SamplingSettings,
    seed: u64,
    deal_seed: u64,
    max_deals: usize,
) -> usize {
    let mut list = ActionList::new();
    let mut players: Vec<SamplingSchieber> = (0..4)
        .map(|k| SamplingSchieber::new(options, settings, seed + k))
        .collect();
    let mut dealer = SeededDealer::new(deal_seed);
    let mut deals = 0;
    loop {
        match s.to_move() {
            ToMove::Seat(seat) => {
                s.legal_actions(&mut list);
                let a = players[seat].act(&Decision::new(s, seat, &list));
                assert!(
                    list.contains(&a),
                    "seat {seat} chose {a}, not among {list:?}"
                );
                s.apply(a).unwrap();
            }
            ToMove::Deal if deals < max_deals => {
                let hands = s.deal_from_pack(&dealer.next_pack());
                s.deal(hands).unwrap();
                deals += 1;
            }
            _ => return deals,
        }
    }
}

/// Near the end of a game the race to the target counts, not the deal's points (003: a team wins
/// as soon as it has the target). A deal to 64 with Clubs trump: after seven tricks team 0 has 54
/// card points and needs 10, team 1 has 43 and needs 21; seat 3 leads with D10 and CJ (the
/// Puur) in hand, the others hold H7 HK, DQ HA and DK HQ. By points D10 is best (team 1 gets 39
/// of the last two tricks, 34 after CJ), but DK takes the D10 trick with at least 17 and team 0
/// wins the game; CJ takes at least 20 + 11 + 3 = 34 at once and wins it for team 1.
#[test]
fn sampling_plays_for_the_race_to_the_target() {
    let options = SchieberOptions {
        target: 64,
        first_forehand: FirstForehand::Seat(0),
        ..Default::default()
    };
    let hands = [
        "DJ H7 H8 HJ HK S8 S10 SJ CQ",
        "D7 D8 DQ H6 HA S6 SQ C7 CK",
        "D9 DK HQ S7 S9 SK SA C9 CA",
        "D6 D10 DA H9 H10 C6 C8 C10 CJ",
    ]
    .map(|h| h.parse().unwrap());
    let actions = "contract C, play HJ, play C7, play CA, play H10, play SA, play H9, play S8, \
                   play CK, play H6, play C9, play D6, play H8, play S7, play DA, play CQ, \
                   play SQ, play S10, play S6, play S9, play C10, play C6, play SJ, play D8, \
                   play SK, play C8, play DJ, play D7, play D9";
    let mut s = Schieber::new(options).unwrap();
    s.deal(hands).unwrap();
    for a in actions.split(", ") {
        s.apply(a.parse().unwrap()).unwrap();
    }
    assert_eq!(s.tally().card_points, [54, 43]);
    assert_eq!(s.to_move(), ToMove::Seat(3));
    let play = |c: &str| -> SchieberAction { format!("play {c}").parse().unwrap() };
    // The rest of the deal by rule players; who wins the game.
    let play_on = |mut g: Schieber| {
        let mut rule = RuleSchieber::new(options);
        let mut list = ActionList::new();
        while let ToMove::Seat(seat) = g.to_move() {
            g.legal_actions(&mut list);
            g.apply(rule.act(&Decision::new(&g, seat, &list))).unwrap();
        }
        g.winner()
    };
    let mut after_d10 = s;
    after_d10.apply(play("D10")).unwrap();
    assert_eq!(play_on(after_d10), Some(0), "D10 loses the game");
    let mut list = ActionList::new();
    s.legal_actions(&mut list);
    for seed in 0..6 {
        let mut player = SamplingSchieber::new(options, SamplingSettings::default(), seed);
        let a = player.act(&Decision::new(&s, 3, &list));
        assert_eq!(a, play("CJ"), "seed {seed}");
        let mut g = s;
        g.apply(a).unwrap();
        assert_eq!(play_on(g), Some(1), "CJ wins the game");
    }
}

/// Last deals of games (started close to the target with `start_at`): the race to the target is
/// searched in card play; every decision is legal and each game ends with a team at the target,
/// as the engine scores it.
#[test]
fn sampling_plays_legally_at_the_end_of_games() {
    let mut ended_inside = 0;
    for seed in 0..12u64 {
        let options = SchieberOptions {
            target: 1000,
            first_forehand: FirstForehand::Seat((seed % 4) as u8),
            ..Default::default()
        };
        let settings = SamplingSettings {
            samples: 6,
            contract_samples: 6,
            ..Default::default()
        };
        let start = [
            820 + (seed as u32 * 13) % 150,
            860 + (seed as u32 * 29) % 130,
        ];
        let mut s = Schieber::new(options).unwrap();
        s.start_at(start).unwrap();
        play_game(&mut s, options, settings, seed * 4, seed, usize::MAX);
        let w = s.winner().expect("a winner") as usize;
        assert!(s.totals()[w] >= 1000, "seed {seed}: {:?}", s.totals());
        if s.tricks_done() < 9 {
            ended_inside += 1;
        }
    }
    // Most of these games end inside a deal, when a team gets there.
    assert!(
        ended_inside >= 6,
        "{ended_inside} of 12 ended inside a deal"
    );
}

/// Every card decision with a choice is sampled: solved in worlds from the card on, or, before
/// `max_cards` are left and when the worlds are beyond the node budget, judged by play-outs (rule
/// play for all four seats, then the solver). Without play-outs those decisions are the rule
/// player's. The play-outs do not just repeat the rule player's card.
#[test]
fn cards_not_solved_are_judged_by_play_outs() {
    let options = SchieberOptions {
        target: jass_core::schieber::MAX_TARGET,
        first_forehand: FirstForehand::Seat(0),
        ..Default::default()
    };
    let settings = SamplingSettings {
        samples: 6,
        contract_samples: 4,
        ..Default::default()
    };
    let run = |early: usize| {
        let mut list = ActionList::new();
        let mut player = SamplingSchieber::new(options, settings, 7).with_early_samples(early, 12);
        let mut rule = RuleSchieber::new(options);
        let (mut choices, mut early_choices, mut unlike_rule) = (0, 0, 0);
        for seed in 0..6u64 {
            let mut s = Schieber::new(options).unwrap();
            let hands = s.deal_from_pack(&SeededDealer::new(300 + seed).next_pack());
            s.deal(hands).unwrap();
            let mut others = RuleSchieber::new(options);
            while let ToMove::Seat(seat) = s.to_move() {
                s.legal_actions(&mut list);
                let d = Decision::new(&s, seat, &list);
                let a = if seat == 0 {
                    let a = player.act(&d);
                    let is_card = matches!(a, SchieberAction::Play { .. });
                    if is_card && list.len() > 1 {
                        choices += 1;
                        if s.tricks_done() < 2 {
                            early_choices += 1;
                            unlike_rule += (rule.act(&d) != a) as u32;
                        }
                    }
                    a
                } else {
                    others.act(&d)
                };
                assert!(list.contains(&a));
                s.apply(a).unwrap();
            }
        }
        (
            player.solved(),
            player.rolled_out(),
            choices,
            early_choices,
            unlike_rule,
        )
    };
    let (solved, rolled_out, choices, early, unlike_rule) = run(16);
    assert_eq!(solved + rolled_out, choices);
    assert!(
        rolled_out >= early,
        "{rolled_out} play-outs, {early} early choices"
    );
    assert!(
        unlike_rule > 0,
        "the play-outs chose as the rule player every time"
    );
    let (solved0, rolled_out0, choices0, _, _) = run(0);
    assert_eq!(rolled_out0, 0);
    assert!(solved0 < choices0);
}

/// Misère (004: the trick points go to the other team) is sampled too: every card decision of
/// the sampling player with a choice is solved in its worlds (for the fewest points) or judged
/// by play-outs with the ducking play, and it gives the other team more of the deal's points
/// than a rule player in its seat does on the same deals.
#[test]
fn misere_cards_are_sampled_and_duck_better_than_the_rule_player() {
    let options = SchieberOptions {
        target: jass_core::schieber::MAX_TARGET,
        misere: true,
        first_forehand: FirstForehand::Seat(0),
        ..Default::default()
    };
    let settings = SamplingSettings {
        samples: 8,
        ..Default::default()
    };
    let misere: SchieberAction = "contract misere".parse().unwrap();
    // Team 0's Misère score over the deals (the points of team 1's tricks), with seat 0 played
    // by the sampling or the rule player.
    let run = |sampling: bool| {
        let mut list = ActionList::new();
        let mut player = SamplingSchieber::new(options, settings, 5);
        let mut others = RuleSchieber::new(options);
        let (mut score, mut choices) = (0u64, 0u64);
        for seed in 0..16u64 {
            let mut s = Schieber::new(options).unwrap();
            let hands = s.deal_from_pack(&SeededDealer::new(500 + seed).next_pack());
            s.deal(hands).unwrap();
            s.apply(misere).unwrap();
            while let ToMove::Seat(seat) = s.to_move() {
                s.legal_actions(&mut list);
                let d = Decision::new(&s, seat, &list);
                let a = if seat == 0 && sampling {
                    let a = player.act(&d);
                    choices += (list.len() > 1 && matches!(a, SchieberAction::Play { .. })) as u64;
                    a
                } else {
                    others.act(&d)
                };
                assert!(list.contains(&a), "{a} not among {list:?}");
                s.apply(a).unwrap();
            }
            score += s.tally().score[0] as u64;
        }
        (score, player.solved() + player.rolled_out(), choices)
    };
    let (with_sampling, sampled, choices) = run(true);
    assert_eq!(
        sampled, choices,
        "every Misère card with a choice is sampled"
    );
    let (with_rule, _, _) = run(false);
    assert!(
        with_sampling > with_rule,
        "team 0 scored {with_sampling} with the sampling player, {with_rule} with the rule player"
    );
}

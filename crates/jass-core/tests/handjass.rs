//! Handjass as a whole: the worked examples of 000, properties over many seeded games for 2 to 5
//! players and every preset, golden records.

use jass_core::deal::SeededDealer;
use jass_core::game::{ActionList, Decision, Game, Player, ToMove};
use jass_core::handjass::{
    check_record, pack_for, play_recorded, Handjass, HandjassAction, HandjassDeal,
    HandjassObservation, HandjassOptions, HandjassRecord, Layout, LonePlayer, Multipliers, Phase,
    Quartets, SackWindow, SixExchange, SmallDeal, TieRule, TurnedCardPlace, MAX_SEATS,
};
use jass_core::mode::{Mode, PointTable, UndenufeEleven};
use jass_core::{Card, CardSet};

mod common;
use common::{golden, run, set};

fn players(n: usize, seed: u64) -> Vec<Box<dyn Player<Handjass>>> {
    common::random_players(n, seed * 8)
}

/// Four-player deal from explicit hands (seat 3 deals; its hand holds the turned card).
fn four(hands: [&str; 4], trump_card: &str) -> HandjassDeal {
    let mut h = [CardSet::EMPTY; MAX_SEATS];
    for (i, x) in hands.iter().enumerate() {
        h[i] = set(x);
    }
    HandjassDeal {
        hands: h,
        blind: CardSet::EMPTY,
        stock: CardSet::EMPTY,
        bessern: [CardSet::EMPTY; MAX_SEATS],
        trump_card: trump_card.parse().unwrap(),
        tie_seed: 1,
    }
}

fn play_out(state: &mut Handjass, declare: bool) {
    let mut l = ActionList::new();
    while let ToMove::Seat(_) = state.to_move() {
        state.legal_actions(&mut l);
        let a = match l.get(0) {
            HandjassAction::Weis { .. } if declare => l.get(l.len() - 1),
            a => a,
        };
        state.apply(a).unwrap();
    }
}

fn deal_next(state: &mut Handjass, dealer: &mut SeededDealer) {
    let d = state.deal_from_pack(&dealer.next_pack());
    state.deal(d).unwrap();
}

// The Weis dialogue of 000: A (seat 0) and C (seat 2) both announce 50 with K-O-U-B; C's is in
// trumps and wins; C also has 8-7-6 and Stöck: 90 in all.
const WEIS_HANDS: [&str; 4] = [
    "SK SQ SJ S10 D6 D9 CA C7 H6",
    "D7 D10 DQ DA S9 C6 C8 H7 CJ",
    "HK HQ HJ H10 S8 S7 S6 CK C10",
    "D8 DJ DK H8 H9 HA SA C9 CQ",
];

#[test]
fn the_weis_dialogue_of_000() {
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    s.deal(four(WEIS_HANDS, "HA")).unwrap();
    run(&mut s, &["stay", "stay", "stay", "stay"]);
    assert_eq!(s.phase(), Phase::Play);
    play_out(&mut s, true);
    assert_eq!(s.weis_winner(), Some(2));
    assert_eq!(s.weis_points()[2], 70);
    assert_eq!(s.weis_points()[0], 0);
    assert_eq!(s.stoeck_points()[2], 20);
    assert_eq!(s.weis_points()[2] + s.stoeck_points()[2], 90);
}

#[test]
fn no_weis_after_a_higher_one() {
    // Seat 0 announces 100 (five spades); seat 1's 20 may no longer be declared.
    let fixed = [
        "SA SK SQ SJ S10 D6 D9 C7 H6",
        "D7 D8 D10 DQ S9 C6 C8 H7 CJ",
        "HK HQ HJ H10 S8 S7 S6 CK C10",
        "DJ DK H8 H9 HA DA C9 CQ CA",
    ];
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    s.deal(four(fixed, "HA")).unwrap();
    run(
        &mut s,
        &["stay", "stay", "stay", "stay", "weis SA SK SQ SJ S10", "D6"],
    );
    // Seat 1 holds D7 D8 (no run), so it is asked no Weis; seat 2 holds a 50 and a 20.
    run(&mut s, &["D7"]);
    let e = s.apply("weis HK HQ HJ H10".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("already been announced"), "{e}");
    run(&mut s, &["weis none"]);
}

#[test]
fn the_slate_example_of_000() {
    // A 6, B -1, C 7 (8 minus 1) retires, D 3: the other three keep their scores and go on with
    // a three-player game.
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    s.set_slate(&[6, -1, 7, 3]).unwrap();
    assert_eq!(s.active_seats(), vec![0, 1, 3]);
    assert_eq!(s.retired(), vec![2]);
    assert_eq!(s.slate(), vec![6, -1, 7, 3]);
    let mut dealer = SeededDealer::new(5);
    deal_next(&mut s, &mut dealer);
    assert_eq!(s.layout(), Layout::Blind3);
    assert_eq!(s.table_seats(), vec![0, 1, 3]);
    assert!(s.dealt().hands[2].is_empty() && s.dealt().blind.len() == 9);
}

/// Plays a four-player deal in which everyone but `survivor` drops out.
fn only(s: &mut Handjass, survivor: u8, dealer: &mut SeededDealer) {
    deal_next(s, dealer);
    while let ToMove::Seat(p) = s.to_move() {
        let a = if p as u8 == survivor { "stay" } else { "drop" };
        run(s, &[a]);
    }
}

#[test]
fn all_others_drop_out_two_strokes_without_play() {
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    let mut d = SeededDealer::new(1);
    only(&mut s, 2, &mut d);
    assert_eq!(s.slate(), vec![0, 0, 2, 0]);
    assert_eq!(s.outcome().survivor, Some(2));
}

#[test]
fn with_lone_player_redeal_a_deal_nobody_else_comes_to_is_void() {
    // JassWiki, "Handjass": "Kommen nicht mindestens zwei Spieler zusammen, wird das Spiel vom
    // nachfolgenden Spieler neu gegeben" (000: the one left scores two strokes, above).
    let o = HandjassOptions {
        lone_player: LonePlayer::Redeal,
        ..HandjassOptions::default()
    };
    let mut s = Handjass::new(o).unwrap();
    let mut d = SeededDealer::new(1);
    only(&mut s, 2, &mut d);
    assert_eq!(s.slate(), vec![0, 0, 0, 0]);
    assert_eq!(s.outcome().survivor, Some(2));
    assert!(s.outcome().redealt);
    assert_eq!(s.outcome().potatoes, [0; MAX_SEATS]);
    // The next dealer deals, as after any deal.
    assert_eq!((s.dealer(), s.vorhand()), (0, 1));
    assert_eq!(s.to_move(), ToMove::Deal);
    // Two players: one dropping out voids the deal too (000: the other "simply scores a stroke").
    let mut two = Handjass::new(HandjassOptions { players: 2, ..o }).unwrap();
    deal_next(&mut two, &mut d);
    while let ToMove::Seat(_) = two.to_move() {
        run(&mut two, &["drop"]);
    }
    assert_eq!(two.slate(), vec![0, 0]);
    assert!(two.outcome().redealt);
    // A sack stays open through a void deal: no hand was played (our reading).
    let sacked = HandjassOptions { sack: true, ..o };
    let mut g = Handjass::new(sacked).unwrap();
    let mut seed = 0;
    while g.sacks().iter().all(|&x| x == 0) {
        seed += 1;
        assert!(seed < 200, "no sack in 200 deals");
        g = Handjass::new(sacked).unwrap();
        let mut dd = SeededDealer::new(seed);
        deal_next(&mut g, &mut dd);
        while let ToMove::Seat(_) = g.to_move() {
            let mut l = ActionList::new();
            g.legal_actions(&mut l);
            // Everyone stays, then plays the first legal card.
            let a = (0..l.len())
                .map(|i| l.get(i))
                .find(|a| *a == HandjassAction::Stay)
                .unwrap_or(l.get(0));
            g.apply(a).unwrap();
        }
    }
    let before = g.sacks();
    only(&mut g, 0, &mut d);
    assert!(g.outcome().redealt);
    assert_eq!(g.sacks(), before);
    // Records say so, only when it happened, and re-play under the option.
    let rec = (0..40u64)
        .map(|seed| play_recorded(o, seed, &mut players(4, seed)).unwrap())
        .find(|r| r.deals.iter().any(|d| d.result.redealt))
        .expect("a game with a void deal");
    check_record(&rec).unwrap();
    let v = serde_json::to_value(&rec).unwrap();
    assert_eq!(v["options"]["lone_player"], "redeal");
    let void = rec.deals.iter().position(|d| d.result.redealt).unwrap();
    assert_eq!(v["deals"][void]["result"]["redealt"], true);
    assert!(v["deals"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["result"].get("redealt").is_none()));
    let usual = serde_json::to_value(HandjassOptions::default()).unwrap();
    assert!(usual.get("lone_player").is_none());
}

#[test]
fn vorhand_rotation_when_players_retire() {
    let mut d = SeededDealer::new(9);
    // Normal rotation: the Vorhand deals next.
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    assert_eq!((s.dealer(), s.vorhand()), (3, 0));
    only(&mut s, 1, &mut d);
    assert_eq!((s.dealer(), s.vorhand()), (0, 1));

    // Vorhand retires: "the same dealer will need to deal again".
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    s.set_slate(&[6, 0, 0, 0]).unwrap();
    only(&mut s, 0, &mut d);
    assert_eq!(s.retired(), vec![0]);
    assert_eq!((s.dealer(), s.vorhand()), (3, 1));

    // Another player retires: the turn to be Vorhand passes on, the previous Vorhand deals.
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    s.set_slate(&[0, 0, 0, 6]).unwrap();
    only(&mut s, 3, &mut d);
    assert_eq!(s.retired(), vec![3]);
    assert_eq!((s.dealer(), s.vorhand()), (0, 1));
    // The one after the Vorhand retires: the turn skips the retired seat.
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    s.set_slate(&[0, 6, 0, 0]).unwrap();
    only(&mut s, 1, &mut d);
    assert_eq!((s.dealer(), s.vorhand()), (0, 2));

    // Three to two: the next Vorhand is the one whose turn came earliest; the other deals.
    let mut s = Handjass::new(HandjassOptions {
        players: 3,
        ..Default::default()
    })
    .unwrap();
    s.set_slate(&[0, 6, 0]).unwrap();
    deal_next(&mut s, &mut d);
    while let ToMove::Seat(p) = s.to_move() {
        run(&mut s, &[if p == 1 { "stay" } else { "drop" }]);
    }
    assert_eq!(s.retired(), vec![1]);
    assert_eq!((s.dealer(), s.vorhand()), (0, 2));
    deal_next(&mut s, &mut d);
    assert_eq!(s.layout(), Layout::Blind2);
    assert_eq!(s.table_seats(), vec![2, 0]);
}

#[test]
fn two_players_one_stroke_and_the_last_one_loses() {
    let mut s = Handjass::new(HandjassOptions {
        players: 2,
        ..Default::default()
    })
    .unwrap();
    s.set_slate(&[6, 3]).unwrap();
    let mut d = SeededDealer::new(2);
    deal_next(&mut s, &mut d);
    assert_eq!(s.dealt().stock.len(), 9);
    // The non-dealer (Vorhand, seat 0) chooses first; seat 1 drops: seat 0 scores one stroke.
    run(&mut s, &["stay", "drop"]);
    assert_eq!(s.slate(), vec![7, 3]);
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.loser(), Some(1));
}

#[test]
fn blind_and_six_exchange_in_the_three_player_game() {
    let mut d = SeededDealer::new(11);
    for _ in 0..200 {
        let mut s = Handjass::new(HandjassOptions {
            players: 3,
            ..Default::default()
        })
        .unwrap();
        deal_next(&mut s, &mut d);
        let deal = s.dealt();
        let trump = deal.trump_card;
        let six = Card::new(trump.suit(), jass_core::Rank::Six);
        run(&mut s, &["blind", "stay", "stay"]);
        assert_eq!(s.blind_taker(), Some(0));
        // The blind taker holds the blind; only one player may take it.
        assert_eq!(s.hands()[0], deal.blind);
        if trump == six {
            continue;
        }
        // Every player is asked in turn from Vorhand; only the holder may exchange.
        assert_eq!(s.phase(), Phase::Six);
        let holder = (0..3).find(|&x| s.hands()[x].contains(six) && !s.hands()[x].contains(trump));
        while s.phase() == Phase::Six {
            let ToMove::Seat(p) = s.to_move() else {
                unreachable!()
            };
            if Some(p) == holder {
                run(&mut s, &["exchange-six"]);
                let h = holder.unwrap();
                assert!(s.hands()[h].contains(trump) && s.hands()[0].contains(six));
                assert_eq!(
                    s.observation(1).turned_card_at,
                    Some(TurnedCardPlace::Hand { seat: h as u8 })
                );
                return;
            }
            assert!(s.apply(HandjassAction::ExchangeSix).is_err());
            run(&mut s, &["keep-six"]);
        }
    }
    panic!("no deal with the six of trumps outside the blind");
}

#[test]
fn bessern_discards_three_then_decides() {
    let o = HandjassOptions {
        players: 3,
        small_deal: SmallDeal::Bessern,
        ..Default::default()
    };
    let mut s = Handjass::new(o).unwrap();
    deal_next(&mut s, &mut SeededDealer::new(4));
    assert_eq!(s.phase(), Phase::Bessern);
    let deal = s.dealt();
    let h0 = deal.hands[0];
    let three: Vec<Card> = h0.iter().take(3).collect();
    run(&mut s, &["bessern"]);
    assert!(s.apply(HandjassAction::Stay).is_err());
    for c in &three {
        s.apply(HandjassAction::Discard { card: *c }).unwrap();
    }
    assert_eq!(
        s.hands()[0],
        (h0 - three.iter().copied().collect()) | deal.bessern[0]
    );
    run(&mut s, &["keep-hand", "keep-hand"]);
    assert_eq!(s.phase(), Phase::Decide);
}

#[test]
fn parlett_preset_is_002() {
    let o = HandjassOptions::preset("parlett").unwrap();
    assert_eq!(
        (o.players, o.target, o.threshold, o.drop_out, o.sack),
        (3, 5, 21, false, true)
    );
    assert_eq!(o.trick_rules, jass_core::TrickRules::Heading);
    // 002's value list, "Four Queens, Kings or Aces – 100 points", and 004's marriage inside a
    // sequence.
    assert_eq!(o.quartets, Quartets::QueensKingsAces);
    assert!(o.marriage && o.marriage_in_sequence);
    let from_json =
        HandjassOptions::from_json(&serde_json::json!({"preset": "002", "target": 7})).unwrap();
    assert_eq!(from_json.target, 7);
    assert_eq!(from_json.threshold, 21);
    assert!(HandjassOptions::from_json(&serde_json::json!({"preset": "nope"})).is_err());
    assert!(HandjassOptions::from_json(&serde_json::json!({"players": 6})).is_err());
}

#[test]
fn illegal_actions_change_nothing() {
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    assert!(s.apply(HandjassAction::Stay).is_err());
    s.deal(four(WEIS_HANDS, "HA")).unwrap();
    let before = format!("{:?}", s);
    assert!(s
        .apply(HandjassAction::Blind)
        .unwrap_err()
        .to_string()
        .contains("no blind"));
    assert!(s.apply("play HA".parse().unwrap()).is_err());
    assert_eq!(before, format!("{:?}", s));
    // A bad deal is refused.
    let mut t = Handjass::new(HandjassOptions::default()).unwrap();
    let mut bad = four(WEIS_HANDS, "HA");
    bad.hands[0] = bad.hands[1];
    assert!(t.deal(bad).unwrap_err().to_string().contains("twice"));
    let bad = four(WEIS_HANDS, "SK");
    assert!(t.deal(bad).is_err());
}

// ----- properties over many games -----

fn option_sets() -> Vec<(&'static str, HandjassOptions)> {
    let d = HandjassOptions::default();
    let mut v = vec![
        ("2p", HandjassOptions { players: 2, ..d }),
        ("3p", HandjassOptions { players: 3, ..d }),
        ("4p", d),
        (
            "5p",
            HandjassOptions {
                players: 5,
                ..HandjassOptions::preset("004").unwrap()
            },
        ),
        ("parlett", HandjassOptions::preset("parlett").unwrap()),
        ("004-twelve", HandjassOptions::preset("004-twelve").unwrap()),
        ("berner", HandjassOptions::preset("berner").unwrap()),
        (
            "must-play",
            HandjassOptions {
                players: 3,
                ..HandjassOptions::preset("must-play").unwrap()
            },
        ),
        (
            "bessern",
            HandjassOptions {
                players: 3,
                small_deal: SmallDeal::Bessern,
                ..d
            },
        ),
        (
            "abeyance",
            HandjassOptions {
                tie: TieRule::Abeyance,
                null_extra_strokes: true,
                null_stake: 1,
                ..d
            },
        ),
    ];
    v.push((
        "first-wins",
        HandjassOptions {
            scoring: jass_core::handjass::Scoring::FirstWins,
            players: 5,
            ..d
        },
    ));
    v.push((
        "2p-draw-always",
        HandjassOptions {
            players: 2,
            tie: TieRule::DrawAlways,
            ..d
        },
    ));
    v.push((
        "2p-abeyance",
        HandjassOptions {
            players: 2,
            tie: TieRule::Abeyance,
            ..d
        },
    ));
    v.push((
        "3p-six-before",
        HandjassOptions {
            players: 3,
            six_exchange: SixExchange::Before,
            ..d
        },
    ));
    v.push((
        "2p-bessern",
        HandjassOptions {
            players: 2,
            small_deal: SmallDeal::Bessern,
            ..d
        },
    ));
    v.push((
        "parlett-until-cancelled",
        HandjassOptions {
            sack_window: SackWindow::UntilCancelled,
            ..HandjassOptions::preset("parlett").unwrap()
        },
    ));
    v.push((
        "redeal",
        HandjassOptions {
            lone_player: LonePlayer::Redeal,
            ..d
        },
    ));
    v.push((
        "3p-redeal",
        HandjassOptions {
            players: 3,
            lone_player: LonePlayer::Redeal,
            ..d
        },
    ));
    v.push((
        "no-last-trick-bonus",
        HandjassOptions {
            last_trick_bonus: 0,
            ..d
        },
    ));
    v
}

fn check_deal_rules(o: &HandjassOptions, rec: &HandjassRecord) {
    let n = o.players as usize;
    for d in &rec.deals {
        let r = &d.result;
        // No card dealt twice, and the deal is the whole pack.
        let mut all = CardSet::EMPTY;
        let mut count = 0;
        let piles = d
            .hands
            .iter()
            .flatten()
            .copied()
            .chain(d.cards.blind)
            .chain(d.cards.stock)
            .chain(d.cards.bessern.iter().flatten().flatten().copied());
        for p in piles {
            assert!(
                (all & p).is_empty(),
                "card dealt twice in deal {}",
                d.number
            );
            all |= p;
            count += p.len();
        }
        if d.start.layout == Layout::Bessern2 {
            all.insert(d.cards.trump_card);
            count += 1;
        }
        assert_eq!(all, pack_for(d.start.active.len()));
        assert_eq!(count, pack_for(d.start.active.len()).len());
        // Dropped players never act after dropping out (Bessern come before the decision).
        for &x in &r.dropped {
            let at = d
                .actions
                .iter()
                .position(|e| {
                    e.seat == x && matches!(e.action, jass_core::handjass::RecordedAction::Drop {})
                })
                .expect("a drop entry");
            assert!(
                d.actions[at + 1..].iter().all(|e| e.seat != x),
                "dropped seat {x} acts later in deal {}",
                d.number
            );
            assert!(d.tricks.iter().all(|t| t.cards.len() == r.playing.len()));
        }
        // Card points of the players and the dead cards make 152 and the last-trick bonus (157).
        assert_eq!(
            r.card_points.iter().sum::<u32>() + r.dead_points,
            152 + o.last_trick_bonus,
            "deal {}",
            d.number
        );
        let pt = PointTable::new(Mode::Trump(d.cards.trump_card.suit()), UndenufeEleven::Ace);
        let played: u32 = d.tricks.iter().map(|t| t.points).sum();
        assert_eq!(played, r.card_points.iter().sum::<u32>());
        let _ = pt;
        // Strokes and potatoes.
        if r.survivor.is_some() || r.agreed {
            assert!(r.potatoes.iter().all(|&p| p == 0));
            // A void deal (`lone_player=redeal`) gives nobody anything.
            assert_eq!(
                r.redealt,
                o.lone_player == LonePlayer::Redeal && r.survivor.is_some()
            );
            if r.redealt {
                assert!(r.strokes.iter().all(|&x| x == 0));
            }
            continue;
        }
        assert!(!r.redealt);
        let m = r.multiplier;
        for &s in &r.playing {
            let i = s as usize;
            let null = r.points[i] < r.threshold;
            if o.sack {
                assert_eq!(null, r.sacked.contains(&s));
            } else {
                assert_eq!(
                    null,
                    r.potatoes[i] == m,
                    "deal {} seat {s}: {r:?}",
                    d.number
                );
            }
            if null {
                assert_eq!(
                    r.strokes[i], 0,
                    "never both a stroke and a potato (deal {}: {r:?})",
                    d.number
                );
                assert_eq!(
                    r.from_abeyance[i], 0,
                    "no stroke from abeyance with a potato"
                );
            }
        }
        for i in 0..n {
            if !r.playing.contains(&(i as u8)) {
                assert_eq!(
                    (r.strokes[i], r.potatoes[i]),
                    (0, 0),
                    "seat {i} did not play"
                );
            }
        }
        if o.tie == TieRule::Draw
            && !o.null_extra_strokes
            && !o.sack
            && o.strokes == jass_core::handjass::StrokeCount::Two
        {
            let ok: Vec<usize> = r
                .playing
                .iter()
                .map(|&s| s as usize)
                .filter(|&i| r.points[i] >= r.threshold + u32::from(o.stroke_above_threshold))
                .collect();
            let total: u32 = r.strokes.iter().sum();
            let base = if d.start.active.len() == 2 { 1 } else { 2 };
            // Two players at the table with equal points: no stroke (000's draw is for "the second
            // stroke").
            let two_tie =
                d.start.active.len() == 2 && ok.len() == 2 && r.points[ok[0]] == r.points[ok[1]];
            let want = if ok.is_empty() || two_tie {
                0
            } else if ok.len() == 1 && !o.sole_takes_all {
                1
            } else {
                base
            };
            assert_eq!(total, want * m, "deal {}: {r:?}", d.number);
            // Every stroke winner has at least the points of every player without one.
            for &a in &ok {
                for &b in &ok {
                    if r.strokes[a] > 0 && r.strokes[b] == 0 {
                        assert!(r.points[a] >= r.points[b]);
                        if r.points[a] == r.points[b] {
                            assert!(!r.tie_draws.is_empty(), "a tie needs a draw");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn properties_over_many_games() {
    for (name, o) in option_sets() {
        for seed in 0..6u64 {
            let rec = play_recorded(o, seed, &mut players(o.players as usize, seed))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            check_record(&rec).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            check_deal_rules(&o, &rec);
            match o.scoring {
                jass_core::handjass::Scoring::LastLoser => assert!(
                    rec.result.loser.is_some() || rec.result.retired.len() == o.players as usize,
                    "{name}"
                ),
                jass_core::handjass::Scoring::FirstWins => assert!(rec.result.winner.is_some()),
            }
            // Records survive JSON.
            let text = rec.to_json_line();
            let back = HandjassRecord::read_all(&text).remove(0).unwrap();
            back.check().unwrap();
        }
    }
}

#[test]
fn observations_never_show_a_hidden_card() {
    let mut laid_away_seen = 0;
    for (name, o) in option_sets() {
        let n = o.players as usize;
        let mut s = Handjass::new(o).unwrap();
        let mut dealer = SeededDealer::new(77);
        let mut ps = players(n, 3);
        let mut l = ActionList::new();
        let mut steps = 0;
        while s.to_move() != ToMove::Over && steps < 3000 {
            steps += 1;
            if s.to_move() == ToMove::Deal {
                deal_next(&mut s, &mut dealer);
                continue;
            }
            for seat in 0..n {
                let obs = s.observation(seat);
                let json = serde_json::to_string(&obs).unwrap();
                let mut public: CardSet = obs.trick.iter().copied().collect();
                for t in &obs.tricks {
                    public |= t.cards.iter().copied().collect::<CardSet>();
                }
                if let Some(c) = obs.turned_card {
                    public.insert(c);
                }
                if let Some((_, m)) = obs.weis_shown {
                    for x in m.iter() {
                        public |= x.0;
                    }
                }
                // The seat's own discards (Bessern, the hand given up for the blind) it knows:
                // cards it was dealt (or took with the blind or Bessern), none in any hand now.
                let dealt = s.dealt();
                let had = dealt.hands[seat] | dealt.bessern[seat] | dealt.blind;
                assert!(had.contains_all(obs.laid_away), "{name}: seat {seat}");
                laid_away_seen += !obs.laid_away.is_empty() as u32;
                for h in s.hands() {
                    assert!((h & obs.laid_away).is_empty(), "{name}: seat {seat}");
                }
                let hidden = CardSet::ALL - s.hands()[seat] - obs.laid_away - public;
                for c in hidden {
                    assert!(
                        !json.contains(&format!("\"{c}\"")),
                        "{name}: seat {seat} sees {c}: {json}"
                    );
                }
                assert!(
                    s.hands()[seat].is_empty()
                        || obs.hand == s.hands()[seat]
                        || !s.table_seats().contains(&(seat as u8))
                );
            }
            let ToMove::Seat(p) = s.to_move() else {
                unreachable!()
            };
            s.legal_actions(&mut l);
            let a = ps[p].act(&Decision::new(&s, p, &l));
            s.apply(a).unwrap();
        }
    }
    assert!(laid_away_seen > 100, "{laid_away_seen}");
}

#[test]
fn golden_records() {
    // To accept a deliberate change: UPDATE_GOLDEN=1 cargo test -p jass-core --test handjass
    let d = HandjassOptions::default();
    let cases: Vec<(&str, HandjassOptions, u64)> = vec![
        (
            "handjass_2p_seed1.json",
            HandjassOptions { players: 2, ..d },
            1,
        ),
        (
            "handjass_3p_seed2.json",
            HandjassOptions { players: 3, ..d },
            2,
        ),
        ("handjass_4p_seed3.json", d, 3),
        (
            "handjass_5p_004_seed4.json",
            HandjassOptions {
                players: 5,
                ..HandjassOptions::preset("004").unwrap()
            },
            4,
        ),
        (
            "handjass_parlett_seed5.json",
            HandjassOptions::preset("parlett").unwrap(),
            5,
        ),
    ];
    for (name, o, seed) in cases {
        let rec = play_recorded(o, seed, &mut players(o.players as usize, seed)).unwrap();
        golden(&format!("handjass/{name}"), &rec);
    }
}

#[test]
fn a_tampered_record_is_caught() {
    let o = HandjassOptions {
        players: 3,
        ..Default::default()
    };
    let rec = play_recorded(o, 8, &mut players(3, 8)).unwrap();
    let mut bad = rec.clone();
    bad.deals[0].result.slate[0] += 1;
    assert!(check_record(&bad).is_err());
    let mut bad = rec.clone();
    let i = bad.deals[0].actions.len() - 1;
    bad.deals[0].actions.remove(i);
    let e = check_record(&bad).unwrap_err();
    assert_eq!(e.deal, Some(1), "{e}");
}

// ----- the review fixes -----

/// The decision before the cards under a fixed policy: keep the hand, `decide` for the choice,
/// keep the six, play on.
fn pre_play_policy(s: &Handjass, decide: &str) -> HandjassAction {
    match s.phase() {
        Phase::Bessern => "keep-hand".parse().unwrap(),
        Phase::Six => HandjassAction::KeepSix,
        Phase::Decide => decide.parse().unwrap(),
        Phase::Agree => HandjassAction::PlayOn,
        p => panic!("no policy for {p:?}"),
    }
}

/// The same deal with the six of trumps moved from `holder` to a pile nobody holds (the blind, or
/// the stock / cards out of play).
fn without_six(d: &HandjassDeal, holder: usize, six: Card) -> Option<HandjassDeal> {
    let mut e = d.clone();
    let pile = if !(d.blind - CardSet::single(d.trump_card)).is_empty() {
        &mut e.blind
    } else {
        &mut e.stock
    };
    let x = (*pile - CardSet::single(d.trump_card)).iter().next()?;
    pile.remove(x);
    pile.insert(six);
    e.hands[holder].remove(six);
    e.hands[holder].insert(x);
    Some(e)
}

/// A seat's observation; without its hand if the hand differs between the two deals compared (a
/// blind taker holds the blind, where the six was moved).
fn public(s: &Handjass, seat: usize) -> HandjassObservation {
    let mut o = s.observation(seat);
    o.hand = CardSet::EMPTY;
    o
}

#[test]
fn the_six_phase_does_not_reveal_the_holder() {
    // 000: "a player holding the six of trumps is allowed to exchange it": a holder who keeps it
    // must not be revealed. The same deal with and without the six in a seat's hand looks the
    // same to every other seat up to the first card.
    let d = HandjassOptions::default();
    let cases = [
        HandjassOptions { players: 3, ..d },
        HandjassOptions {
            players: 3,
            six_exchange: SixExchange::Before,
            ..d
        },
        HandjassOptions { players: 2, ..d },
        HandjassOptions {
            players: 2,
            small_deal: SmallDeal::Bessern,
            ..d
        },
        HandjassOptions::preset("parlett").unwrap(),
    ];
    let mut asked_holders = 0;
    for o in cases {
        let mut dealer = SeededDealer::new(31);
        for round in 0..40 {
            let base = Handjass::new(o).unwrap();
            let deal = base.deal_from_pack(&dealer.next_pack());
            let six = Card::new(deal.trump_card.suit(), jass_core::Rank::Six);
            let Some(holder) = (0..MAX_SEATS).find(|&x| deal.hands[x].contains(six)) else {
                continue;
            };
            let Some(other) = without_six(&deal, holder, six) else {
                continue;
            };
            let (mut a, mut b) = (base, base);
            a.deal(deal.clone()).unwrap();
            b.deal(other).unwrap();
            let decide = ["stay", "blind", "drop"][round % 3];
            let mut la = ActionList::new();
            let mut lb = ActionList::new();
            while a.phase() != Phase::Play && a.to_move() != ToMove::Deal {
                assert_eq!(a.to_move(), b.to_move(), "{o:?}");
                assert_eq!(a.phase(), b.phase());
                for seat in (0..o.players as usize).filter(|&x| x != holder) {
                    assert_eq!(
                        public(&a, seat),
                        public(&b, seat),
                        "seat {seat} learns who holds the six"
                    );
                }
                let ToMove::Seat(p) = a.to_move() else {
                    unreachable!()
                };
                a.legal_actions(&mut la);
                b.legal_actions(&mut lb);
                if a.phase() == Phase::Six {
                    // Only a seat holding the six (and not the turned card) may exchange.
                    let can = |s: &Handjass| {
                        s.hands()[p].contains(six) && !s.hands()[p].contains(deal.trump_card)
                    };
                    assert_eq!(la.iter().any(|x| x == HandjassAction::ExchangeSix), can(&a));
                    assert_eq!(lb.iter().any(|x| x == HandjassAction::ExchangeSix), can(&b));
                    assert!(
                        la.iter().any(|x| x == HandjassAction::KeepSix)
                            && lb.iter().any(|x| x == HandjassAction::KeepSix)
                    );
                    if p == holder && can(&a) && !can(&b) {
                        asked_holders += 1;
                    }
                }
                if a.hands()[p] == b.hands()[p] {
                    assert_eq!(la.iter().collect::<Vec<_>>(), lb.iter().collect::<Vec<_>>());
                }
                // Only one blind taker: later seats stay.
                let want = pre_play_policy(&a, decide);
                let act_a = if la.iter().any(|x| x == want) {
                    want
                } else {
                    HandjassAction::Stay
                };
                let act_b = if lb.iter().any(|x| x == want) {
                    want
                } else {
                    HandjassAction::Stay
                };
                a.apply(act_a).unwrap();
                b.apply(act_b).unwrap();
            }
            assert_eq!(a.to_move(), b.to_move());
            for seat in (0..o.players as usize).filter(|&x| x != holder) {
                assert_eq!(public(&a, seat), public(&b, seat));
            }
        }
    }
    assert!(
        asked_holders > 20,
        "the holder was asked only {asked_holders} times"
    );
}

#[test]
fn a_stroke_from_abeyance_never_comes_with_a_potato() {
    // 000: "It is not possible to score both a potato and a stroke on the same deal": a held
    // stroke goes to the tied player with more points only if that player reaches the threshold;
    // otherwise it stays held.
    let (mut kept, mut given) = (0, 0);
    for seed in 0..3000u64 {
        let o = HandjassOptions {
            tie: TieRule::Abeyance,
            players: 2 + (seed % 3) as u8,
            target: 12,
            ..Default::default()
        };
        let seats = o.players as usize;
        let mut s = Handjass::new(o).unwrap();
        let mut dealer = SeededDealer::new(seed);
        let mut ps = players(seats, seed);
        let mut l = ActionList::new();
        let mut held_before = Vec::new();
        loop {
            match s.to_move() {
                ToMove::Over => break,
                ToMove::Deal => {
                    held_before = s.abeyance();
                    deal_next(&mut s, &mut dealer);
                }
                ToMove::Seat(p) => {
                    s.legal_actions(&mut l);
                    let a = ps[p].act(&Decision::new(&s, p, &l));
                    s.apply(a).unwrap();
                    if !matches!(s.to_move(), ToMove::Seat(_))
                        && s.tricks_done() == s.tricks_in_deal()
                    {
                        let out = s.outcome();
                        for &(mask, n) in &held_before {
                            if mask & !s.playing_mask() != 0 || out.retired != 0 {
                                continue;
                            }
                            let members: Vec<usize> =
                                (0..seats).filter(|&x| mask & (1u8 << x) != 0).collect();
                            let max = members.iter().map(|&x| out.totals[x]).max().unwrap();
                            let top: Vec<usize> = members
                                .iter()
                                .copied()
                                .filter(|&x| out.totals[x] == max)
                                .collect();
                            if top.len() == 1 && max < s.stroke_minimum() {
                                kept += 1;
                                assert_eq!(out.from_abeyance[top[0]], 0);
                                assert!(out.potatoes[top[0]] > 0 && out.strokes[top[0]] == 0);
                                assert!(s.abeyance().contains(&(mask, n)), "the stroke stays held");
                            } else if top.len() == 1 {
                                given += 1;
                                assert!(out.from_abeyance[top[0]] >= n);
                            }
                        }
                    }
                }
            }
        }
        if kept > 0 && given > 0 {
            break;
        }
    }
    assert!(kept > 0 && given > 0, "kept {kept}, given {given}");
}

#[test]
#[allow(clippy::needless_range_loop)]
fn a_sack_lasts_for_the_next_hand_only() {
    // 002: "If at the end of the next hand, a player who was 'in the sack' turns out to be one of
    // the top two players … their victory merely cancels out their sack." Not cancelled there,
    // the sack lapses (a 0 mark).
    let o = HandjassOptions::preset("parlett").unwrap();
    assert_eq!(o.sack_window, SackWindow::NextHand);
    let (mut cancelled, mut lapsed) = (0, 0);
    for seed in 0..40u64 {
        let rec = play_recorded(o, seed, &mut players(3, seed)).unwrap();
        check_record(&rec).unwrap();
        let mut open = [0u32; 3];
        for d in &rec.deals {
            let r = &d.result;
            for s in 0..3 {
                assert!(
                    r.sacks_cancelled[s] <= open[s],
                    "deal {}: a sack older than one deal is cancelled",
                    d.number
                );
                if open[s] > 0 {
                    if r.sacks_cancelled[s] > 0 {
                        cancelled += 1;
                        assert_eq!(r.strokes[s], 0);
                    } else {
                        lapsed += 1;
                    }
                }
                open[s] = u32::from(r.sacked.contains(&(s as u8)));
            }
        }
        assert_eq!(rec.result.sacks, open.to_vec());
    }
    assert!(
        cancelled > 0 && lapsed > 0,
        "cancelled {cancelled}, lapsed {lapsed}"
    );
    // `until-cancelled`: sacks stack until strokes cancel them.
    let o = HandjassOptions {
        sack_window: SackWindow::UntilCancelled,
        ..o
    };
    let mut stacked = false;
    for seed in 0..40u64 {
        let rec = play_recorded(o, seed, &mut players(3, seed)).unwrap();
        check_record(&rec).unwrap();
        let mut open = [0u32; 3];
        for d in &rec.deals {
            for s in 0..3 {
                open[s] -= d.result.sacks_cancelled[s];
                open[s] += u32::from(d.result.sacked.contains(&(s as u8)));
                stacked |= open[s] > 1;
            }
        }
        assert_eq!(rec.result.sacks, open.to_vec());
    }
    assert!(stacked);
}

#[test]
fn the_last_trick_bonus_is_an_option() {
    // 002's schedule has no 5 for the last trick: 152 points.
    assert_eq!(
        HandjassOptions::preset("parlett").unwrap().last_trick_bonus,
        0
    );
    assert_eq!(HandjassOptions::default().last_trick_bonus, 5);
    for bonus in [0, 5, 10] {
        let o = HandjassOptions {
            last_trick_bonus: bonus,
            drop_out: false,
            players: 4,
            ..Default::default()
        };
        let mut s = Handjass::new(o).unwrap();
        s.deal(four(WEIS_HANDS, "HA")).unwrap();
        play_out(&mut s, false);
        let taken: u32 = s.card_points().iter().sum();
        assert_eq!(taken, 152 + bonus);
        let (_, _, _, last) = s.completed_trick(8);
        let pts = PointTable::new(Mode::Trump(jass_core::Suit::H), UndenufeEleven::Ace);
        let (_, cards, _, _) = s.completed_trick(8);
        assert_eq!(
            last,
            cards.iter().map(|&c| pts.card(c)).sum::<u32>() + bonus
        );
    }
    assert!(HandjassOptions::from_json(
        &serde_json::json!({"last_trick_bonus": 0, "threshold": 153})
    )
    .is_err());
    // Thresholds at most half the card points (78 with the last trick's 5, 76 without it), the
    // twelve-card one too.
    let check = |v: serde_json::Value| HandjassOptions::from_json(&v).map(|_| ());
    assert_eq!(check(serde_json::json!({"threshold": 78})), Ok(()));
    let e = check(serde_json::json!({"threshold": 79})).unwrap_err();
    assert!(e.contains("threshold is 79: at most 78"), "{e}");
    let e = check(serde_json::json!({"last_trick_bonus": 0, "threshold": 77})).unwrap_err();
    assert!(e.contains("at most 76"), "{e}");
    let e =
        check(serde_json::json!({"preset": "004-twelve", "twelve_threshold": 200})).unwrap_err();
    assert!(e.contains("twelve_threshold is 200"), "{e}");
}

/// A two-player game (seed) with a deal that both play and that ends with equal points at or
/// above the threshold, and the number of that deal.
fn two_player_tie() -> (u64, usize) {
    let o = HandjassOptions {
        players: 2,
        ..Default::default()
    };
    for seed in 0..2000u64 {
        let rec = play_recorded(o, seed, &mut players(2, seed)).unwrap();
        for (i, d) in rec.deals.iter().enumerate() {
            let r = &d.result;
            if r.playing.len() == 2
                && r.survivor.is_none()
                && r.points[0] == r.points[1]
                && r.points[0] >= r.threshold
            {
                return (seed, i);
            }
        }
    }
    panic!("no two-player tie found");
}

#[test]
fn two_players_tied_score_no_stroke() {
    // 000: "the player with more points scores a stroke"; the draw is for "the second stroke".
    // Default (`tie = draw`): no stroke, no potato; `draw-always`: the draw settles it.
    let (seed, i) = two_player_tie();
    let o = HandjassOptions {
        players: 2,
        ..Default::default()
    };
    let rec = play_recorded(o, seed, &mut players(2, seed)).unwrap();
    let r = &rec.deals[i].result;
    assert_eq!(
        (r.strokes.clone(), r.potatoes.clone()),
        (vec![0, 0], vec![0, 0])
    );
    assert!(r.tie_draws.is_empty());
    let o = HandjassOptions {
        players: 2,
        tie: TieRule::DrawAlways,
        ..Default::default()
    };
    let rec = play_recorded(o, seed, &mut players(2, seed)).unwrap();
    let r = &rec.deals[i].result;
    assert_eq!(r.strokes.iter().sum::<u32>(), 1);
    assert!(r.tie_draws.len() >= 2);
    let o = HandjassOptions {
        players: 2,
        tie: TieRule::Abeyance,
        ..Default::default()
    };
    let rec = play_recorded(o, seed, &mut players(2, seed)).unwrap();
    let r = &rec.deals[i].result;
    assert_eq!((r.strokes.iter().sum::<u32>(), r.to_abeyance), (0, 1));
    // Three at the table: a tie for the second stroke is still drawn.
    let o: HandjassOptions =
        serde_json::from_value(serde_json::json!({"tie": "draw-always"})).unwrap();
    assert_eq!(o.tie, TieRule::DrawAlways);
}

#[test]
fn the_blind_taker_may_not_lead_the_turned_card() {
    // 000: the turned card stays "face up on the table until the lead to the first trick, after
    // which it is added to their hand".
    let o = HandjassOptions {
        players: 3,
        six_exchange: SixExchange::Never,
        ..Default::default()
    };
    let mut dealer = SeededDealer::new(3);
    let mut s = Handjass::new(o).unwrap();
    deal_next(&mut s, &mut dealer);
    let t = s.dealt().trump_card;
    assert_eq!(
        s.observation(1).turned_card_at,
        Some(TurnedCardPlace::Blind)
    );
    run(&mut s, &["blind", "stay", "drop"]);
    assert_eq!(s.phase(), Phase::Agree);
    assert_eq!(
        s.observation(2).turned_card_at,
        Some(TurnedCardPlace::BlindTaker { seat: 0 })
    );
    run(&mut s, &["play-on"]);
    if s.legal_cards().is_empty() {
        run(&mut s, &["weis none"]);
    }
    assert!(s.hands()[0].contains(t));
    assert!(
        !s.legal_cards().contains(t),
        "Vorhand took the blind and leads"
    );
    assert_eq!(s.legal_cards(), s.hands()[0] - CardSet::single(t));
    assert!(s
        .apply(HandjassAction::Play { card: t })
        .unwrap_err()
        .to_string()
        .contains("may not be played"));
    let lead = s.legal_cards().iter().next().unwrap();
    s.apply(HandjassAction::Play { card: lead }).unwrap();
    // After the lead it is an ordinary card of the hand.
    assert_eq!(
        s.observation(1).turned_card_at,
        Some(TurnedCardPlace::Hand { seat: 0 })
    );
    assert_eq!(s.observation(1).turned_card, Some(t));
}

#[test]
fn without_withhold_indicator_the_spare_is_taken_as_it_lies() {
    // 002 has the spare taken "site unseen" as it lies, the faced card with it: the taker may
    // lead it at once (the option `withhold_indicator`, off in the `parlett` preset).
    assert!(
        !HandjassOptions::preset("parlett")
            .unwrap()
            .withhold_indicator
    );
    assert!(HandjassOptions::default().withhold_indicator);
    let o = HandjassOptions {
        players: 3,
        six_exchange: SixExchange::Never,
        withhold_indicator: false,
        ..Default::default()
    };
    let mut dealer = SeededDealer::new(3);
    let mut s = Handjass::new(o).unwrap();
    deal_next(&mut s, &mut dealer);
    let t = s.dealt().trump_card;
    run(&mut s, &["blind", "stay", "drop"]);
    assert_eq!(
        s.observation(2).turned_card_at,
        Some(TurnedCardPlace::Hand { seat: 0 }),
        "everyone saw the card go into the taker's hand"
    );
    run(&mut s, &["play-on"]);
    if s.legal_cards().is_empty() {
        run(&mut s, &["weis none"]);
    }
    assert_eq!(s.legal_cards(), s.hands()[0]);
    s.apply(HandjassAction::Play { card: t }).unwrap();
}

#[test]
fn the_004_preset_offers_the_six_before_the_choice() {
    // 004: "The player holding the six of trump may rob (exchange) the turned up trump. A player
    // may exchange their hand with the blind".
    let o = HandjassOptions {
        players: 3,
        ..HandjassOptions::preset("004").unwrap()
    };
    assert_eq!(o.six_exchange, SixExchange::Before);
    let mut d = SeededDealer::new(11);
    let mut asked_first = 0;
    for _ in 0..20 {
        let mut s = Handjass::new(o).unwrap();
        deal_next(&mut s, &mut d);
        if s.dealt().trump_card.rank() != jass_core::Rank::Six {
            assert_eq!(
                s.phase(),
                Phase::Six,
                "the six is offered before anyone chooses"
            );
            asked_first += 1;
        }
    }
    assert!(asked_first > 0);
}

#[test]
fn observations_say_where_the_turned_card_lies_and_who_took_bessern() {
    // Four players: the dealer's last card, in the dealer's hand, public for the whole deal.
    let mut s = Handjass::new(HandjassOptions::default()).unwrap();
    s.deal(four(WEIS_HANDS, "HA")).unwrap();
    run(&mut s, &["stay", "stay", "stay", "stay"]);
    play_out(&mut s, false);
    let obs: HandjassObservation = s.observation(0);
    assert_eq!(obs.turned_card, Some("HA".parse().unwrap()));
    assert_eq!(obs.turned_card_at, Some(TurnedCardPlace::Played));
    // Two players: the stock's top card; after a six exchange it is in the exchanger's hand.
    let o = HandjassOptions {
        players: 2,
        ..Default::default()
    };
    let mut dealer = SeededDealer::new(8);
    let mut seen = false;
    for _ in 0..100 {
        let mut s = Handjass::new(o).unwrap();
        deal_next(&mut s, &mut dealer);
        let t = s.dealt().trump_card;
        assert_eq!(
            s.observation(0).turned_card_at,
            Some(TurnedCardPlace::Stock)
        );
        run(&mut s, &["stay", "stay"]);
        while s.phase() == Phase::Six {
            let ToMove::Seat(p) = s.to_move() else {
                unreachable!()
            };
            let mut l = ActionList::new();
            s.legal_actions(&mut l);
            if l.len() == 2 {
                run(&mut s, &["exchange-six"]);
                let obs = s.observation(1 - p);
                assert_eq!(obs.turned_card, Some(t));
                assert_eq!(
                    obs.turned_card_at,
                    Some(TurnedCardPlace::Hand { seat: p as u8 })
                );
                assert_eq!(obs.six_by, Some(p as u8));
                seen = true;
            } else {
                run(&mut s, &["keep-six"]);
            }
        }
        if seen {
            break;
        }
    }
    assert!(seen);
    // Bessern for three: who took them is public; the dealer's turned card may be discarded.
    let o = HandjassOptions {
        players: 3,
        small_deal: SmallDeal::Bessern,
        ..Default::default()
    };
    let mut s = Handjass::new(o).unwrap();
    deal_next(&mut s, &mut SeededDealer::new(4));
    assert_eq!(
        s.observation(0).turned_card_at,
        Some(TurnedCardPlace::Hand { seat: 2 })
    );
    run(&mut s, &["keep-hand", "bessern"]);
    let h1: Vec<Card> = s.hands()[1].iter().take(3).collect();
    for c in h1 {
        s.apply(HandjassAction::Discard { card: c }).unwrap();
    }
    run(&mut s, &["bessern"]);
    let h2: Vec<Card> = s.hands()[2].iter().take(3).collect();
    for c in h2 {
        s.apply(HandjassAction::Discard { card: c }).unwrap();
    }
    let obs = s.observation(0);
    assert_eq!(obs.bessern, vec![1, 2]);
    assert_eq!(
        obs.turned_card_at,
        Some(TurnedCardPlace::HandOrDiscards { seat: 2 })
    );
}

#[test]
fn agreement_is_offered_with_twelve_cards() {
    // The exact check is fast enough for two 12-card hands.
    let o = HandjassOptions::preset("004-twelve").unwrap();
    assert!(o.agreement);
    let mut dealer = SeededDealer::new(12);
    let (mut agreed, mut played) = (0, 0);
    let start = std::time::Instant::now();
    for i in 0..30 {
        let mut s = Handjass::new(o).unwrap();
        deal_next(&mut s, &mut dealer);
        assert_eq!(s.layout(), Layout::Twelve3);
        let dropper = i % 3;
        while s.phase() == Phase::Decide {
            let ToMove::Seat(p) = s.to_move() else {
                unreachable!()
            };
            run(&mut s, &[if p == dropper { "drop" } else { "stay" }]);
        }
        assert_eq!(s.phase(), Phase::Agree);
        run(&mut s, &["agree", "agree"]);
        if s.outcome().agreed {
            agreed += 1;
            assert_eq!(s.outcome().strokes.iter().sum::<u32>(), 2);
        } else {
            assert_eq!(s.phase(), Phase::Play);
            played += 1;
        }
    }
    assert!(agreed > 0 && played > 0, "agreed {agreed}, played {played}");
    assert!(start.elapsed().as_secs() < 60);
}

/// Plays these cards in turn, declaring no Weis when asked.
fn play_cards(state: &mut Handjass, cards: &[&str]) {
    let mut l = ActionList::new();
    for c in cards {
        state.legal_actions(&mut l);
        if matches!(l.get(0), HandjassAction::Weis { .. }) {
            run(state, &["weis none"]);
        }
        run(state, &[c]);
    }
}

// Seat 0 takes one trick, DA D7 D10 C6 (21 card points); seat 1 holds eight trumps and takes
// every other trick (136 and Stöck); seats 2 and 3 take nothing.
const TWENTY_ONE_HANDS: [&str; 4] = [
    "DA CA CK CQ CJ C10 SA SK SQ",
    "HJ H9 HA HK HQ H10 H8 H7 D7",
    "D10 D6 D8 D9 DJ DQ DK SJ S10",
    "C6 C7 C8 C9 S6 S7 S8 S9 H6",
];
const TWENTY_ONE_PLAY: [&str; 36] = [
    "DA", "D7", "D10", "C6", // seat 0 wins 21
    "CA", "H7", "D6", "C7", // seat 1 trumps, and then leads trumps
    "HJ", "D8", "H6", "CK", "H9", "D9", "C8", "CQ", "HA", "DJ", "C9", "CJ", "HK", "DQ", "S6",
    "C10", "HQ", "DK", "S7", "SA", "H10", "SJ", "S8", "SK", "H8", "S10", "S9", "SQ",
];

#[test]
fn with_004_exactly_21_points_is_neither_in_the_hole_nor_a_stroke() {
    // 004: "If only one player scores greater than 21 points (or if all but one player folds),
    // that player is awarded two game points. If a player scores fewer than 21 points in a round,
    // they are said to be 'in the hole'". Seat 0 has exactly 21: no stroke, no potato.
    let o = HandjassOptions::preset("004").unwrap();
    assert!(o.stroke_above_threshold);
    let mut s = Handjass::new(o).unwrap();
    s.deal(four(TWENTY_ONE_HANDS, "H6")).unwrap();
    run(&mut s, &["stay", "stay", "stay", "stay"]);
    play_cards(&mut s, &TWENTY_ONE_PLAY);
    let out = s.outcome();
    assert_eq!(&out.totals[..4], &[21, 156, 0, 0]);
    assert_eq!(&out.strokes[..4], &[0, 2, 0, 0]);
    assert_eq!(&out.potatoes[..4], &[0, 0, 1, 1]);
    // 000's reading with the same threshold: "the player with 26 or more points" — at least the
    // threshold is enough, so seat 0 takes the second stroke.
    let o = HandjassOptions {
        threshold: 21,
        ..HandjassOptions::default()
    };
    assert!(!o.stroke_above_threshold);
    let mut s = Handjass::new(o).unwrap();
    s.deal(four(TWENTY_ONE_HANDS, "H6")).unwrap();
    run(&mut s, &["stay", "stay", "stay", "stay"]);
    play_cards(&mut s, &TWENTY_ONE_PLAY);
    assert_eq!(&s.outcome().strokes[..4], &[1, 1, 0, 0]);
}

#[test]
fn berner_with_shields_trump_gives_three_strokes_each() {
    // 000: "The multiplier for hearts / bells is 4, for diamonds / shields 3, for clubs / roses 2
    // and for acorns / spades 1. So for example with shields trump in the three-player game the
    // two highest scorers score 3 strokes each, and a player who takes less than 26 points scores
    // three nulls." Shields are `S` (shared/conventions.md).
    let o = HandjassOptions {
        players: 3,
        six_exchange: SixExchange::Never,
        ..HandjassOptions::preset("berner").unwrap()
    };
    assert_eq!(o.multipliers, Multipliers::BernerSwiss);
    let mut dealer = SeededDealer::new(3);
    let mut s = Handjass::new(o).unwrap();
    let (mut worked, mut with_null) = (0, 0);
    while worked < 5 || with_null == 0 {
        s = Handjass::new(o).unwrap();
        deal_next(&mut s, &mut dealer);
        if s.dealt().trump_card.suit() != jass_core::Suit::S {
            continue;
        }
        run(&mut s, &["stay", "stay", "stay"]);
        play_out(&mut s, false);
        let out = s.outcome();
        let mut by_points: Vec<usize> = (0..3).collect();
        by_points.sort_by_key(|&p| std::cmp::Reverse(out.totals[p]));
        let [first, second, third] = [by_points[0], by_points[1], by_points[2]];
        if out.totals[second] == out.totals[third] || out.totals[second] < 26 {
            continue; // a tie for the second stroke, or a sole taker: not the example
        }
        assert_eq!(out.multiplier, 3);
        assert_eq!((out.strokes[first], out.strokes[second]), (3, 3));
        let null = if out.totals[third] < 26 { 3 } else { 0 };
        assert_eq!((out.strokes[third], out.potatoes[third]), (0, null));
        worked += 1;
        with_null += usize::from(null > 0);
    }
    assert_eq!(s.slate().iter().filter(|&&x| x == 3).count(), 2);
    // The French names' reading gives spades 1.
    assert_eq!(Multipliers::BernerFrench.of(jass_core::Suit::S), 1);
}

#[test]
fn records_written_before_the_new_meld_and_stroke_options_still_check() {
    // Such records lack `stroke_above_threshold` and `marriage_in_sequence`; read, they take the
    // values they were played under (both false), so a 004 game still checks although the 004
    // preset now scores exactly 21 differently.
    let o = HandjassOptions {
        stroke_above_threshold: false,
        players: 3,
        ..HandjassOptions::preset("004").unwrap()
    };
    let differs = (0..100u64)
        .map(|seed| play_recorded(o, seed, &mut players(3, seed)).unwrap())
        .find(|rec| {
            let mut today = rec.clone();
            today.options.stroke_above_threshold = true;
            check_record(&today).is_err()
        })
        .expect("a game with exactly 21 points that decides a stroke");
    let mut v = serde_json::to_value(&differs).unwrap();
    let options = v["options"].as_object_mut().unwrap();
    options.remove("stroke_above_threshold");
    options.remove("marriage_in_sequence");
    let old: HandjassRecord = serde_json::from_value(v).unwrap();
    assert!(!old.options.stroke_above_threshold && !old.options.marriage_in_sequence);
    check_record(&old).unwrap();
}

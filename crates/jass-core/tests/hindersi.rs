//! Hindersi (004 "Hindersi-Jass", JassWiki "Hindersi"; the rules of docs/hindersi.md): deals
//! worked by hand (one player takes every trick, the trump turned from the dealer's last card, an
//! undertrump refused while holding the suit led and allowed when void of it), the marks of a
//! Partie with four and three players and their ties, the final ranking under both readings,
//! records played and checked, and properties over many seeded games of 3 and 4 players: every
//! deal writes 157 card points, no view shows a hidden card, the game ends after its Parties.

mod common;

use common::{card, legal, play, players, random_game, read_back};
use jass_core::deal::SeededDealer;
use jass_core::game::Game;
use jass_core::hindersi::{
    play_recorded, Hindersi, HindersiAction, HindersiDeal, HindersiOptions, HindersiRules, Ranking,
    MAX_SEATS,
};
use jass_core::record::GameRecord;
use jass_core::{CardSet, Mode};
use proptest::prelude::*;

fn hands(h: [&str; 4]) -> [CardSet; MAX_SEATS] {
    h.map(|h| h.parse::<CardSet>().unwrap())
}

fn four() -> HindersiOptions {
    HindersiOptions::default()
}

fn three() -> HindersiOptions {
    HindersiOptions {
        players: 3,
        ..Default::default()
    }
}

#[test]
fn the_trump_is_the_dealers_last_card_turned_and_he_keeps_it() {
    let pack = SeededDealer::new(8).next_pack();
    for opts in [four(), three()] {
        let mut g = Hindersi::new(opts).unwrap();
        let deal = g.deal_from_pack(&pack);
        let dealer = opts.players as usize - 1;
        // The bottom card of the pack is the dealer's (004: "the last card is turned for
        // trump"; JassWiki: "Die unterste Karte des Stapels bestimmt die Trumpffarbe").
        assert_eq!(deal.trump_card, pack[35]);
        assert!(deal.hands[dealer].contains(pack[35]));
        g.apply_deal(deal).unwrap();
        assert_eq!(g.dealer() as usize, dealer);
        assert_eq!(g.forehand(), 0, "Vorhand, the seat after the dealer, leads");
        assert_eq!(g.mode(), Some(Mode::Trump(pack[35].suit())));
        // Everyone sees the turned card; the dealer keeps it in his hand ("kann nicht geraubt
        // werden": nobody may exchange it).
        let public = g.public_view_json();
        assert_eq!(public["trump_card"], pack[35].to_string());
        assert_eq!(public["trump"], pack[35].suit().letter().to_string());
        assert!(g.hand(dealer).contains(pack[35]));
    }
    // A deal whose turned card is not the dealer's is refused.
    let mut g = Hindersi::new(four()).unwrap();
    let mut deal = g.deal_from_pack(&pack);
    deal.trump_card = deal.hands[0].first().unwrap();
    let err = g.apply_deal(deal).unwrap_err();
    assert!(err.to_string().contains("dealer"), "{err}");
}

#[test]
fn a_player_who_takes_every_trick_writes_0_and_every_other_157() {
    let mut g = Hindersi::new(four()).unwrap();
    // Bells are trump (the dealer, seat 3, holds the turned six). Seat 0 holds every other
    // trump and the ace of clubs.
    let deal = HindersiDeal {
        hands: hands([
            "D7 D8 D9 D10 DJ DQ DK DA CA",
            "H6 H7 H8 H9 H10 HJ HQ HK HA",
            "S6 S7 S8 S9 S10 SJ SQ SK SA",
            "D6 C6 C7 C8 C9 C10 CJ CQ CK",
        ]),
        trump_card: card("D6"),
    };
    g.apply_deal(deal).unwrap();
    // Trumps are led: seat 3 must follow with its only trump, the six.
    play(&mut g, "DJ H6 S6");
    assert_eq!(legal(&g), CardSet::single(card("D6")));
    play(&mut g, "D6");
    for lead in ["D9", "DA", "DK", "DQ", "D10", "D8", "D7", "CA"] {
        play(&mut g, lead);
        for _ in 1..4 {
            let c = legal(&g).first().unwrap();
            play(&mut g, &c.to_string());
        }
    }
    let d = g.last_deal().unwrap();
    assert_eq!(d.card_points, [157, 0, 0, 0]);
    assert_eq!(d.all_tricks, Some(0));
    assert_eq!(d.points, [0, 157, 157, 157]);
    assert_eq!(g.partie_totals(), [0, 157, 157, 157]);
    assert!(d.marks.is_none(), "the Partie has three deals to go");
}

#[test]
fn undertrumping_is_refused_while_holding_the_suit_led_and_allowed_when_void_of_it() {
    let mut g = Hindersi::new(four()).unwrap();
    // Hearts are trump (the dealer, seat 3, holds the turned eight).
    let deal = HindersiDeal {
        hands: hands([
            "C6 C7 C8 S6 S7 S8 S9 S10 SJ",
            "HA D6 D7 D8 D9 D10 DJ DQ DK",
            "C9 C10 CJ CQ CK CA H6 DA SA",
            "H7 H8 H9 H10 HJ HQ HK SQ SK",
        ]),
        trump_card: card("H8"),
    };
    g.apply_deal(deal).unwrap();
    // Seat 1 has no club and trumps with the ace.
    play(&mut g, "C6 HA");
    // Seat 2 holds clubs: it must follow; its six of trumps would go under the ace (004:
    // "Undertrumping is only permitted if the led suit is not held").
    assert_eq!(legal(&g), "C9 C10 CJ CQ CK CA".parse::<CardSet>().unwrap());
    let err = g
        .apply(HindersiAction::Play { card: card("H6") })
        .unwrap_err();
    assert!(err.to_string().contains("may not be played"), "{err}");
    play(&mut g, "CA");
    // Seat 3 holds no club: any card, the seven of trumps under the ace too (JassWiki:
    // "Untertrumpfen ist erlaubt, sofern man keine Karte der ausgespielten Farbe besitzt"),
    // though it also holds spades (the positive games' strict rule would refuse it).
    assert_eq!(legal(&g), g.hand(3));
    play(&mut g, "H7");
    let (leader, _, winner, points) = g.completed_trick(0);
    assert_eq!((leader, winner), (0, 1));
    // C6 0, HA 11, CA 11, H7 0.
    assert_eq!(points, 22);
}

/// 004: "players may either follow suit or trump, but may only discard if unable to follow":
/// a player holding the suit led may trump, not discard; over a trump he may overtrump but not
/// undertrump while he holds the suit led.
#[test]
fn a_player_holding_the_suit_led_may_trump_but_not_discard() {
    let mut g = Hindersi::new(four()).unwrap();
    let deal = HindersiDeal {
        hands: hands([
            "C6 C7 S6 S7 S8 S9 S10 SJ SQ",
            "C8 H8 D6 D8 D9 D10 DJ DQ DK",
            "C9 CK CA H6 HA D7 DA SK SA",
            "H7 H9 H10 HJ HQ HK C10 CJ CQ",
        ]),
        trump_card: card("H7"),
    };
    g.apply_deal(deal).unwrap();
    play(&mut g, "C6");
    // Seat 1 holds the eight of clubs: it follows or trumps, its diamonds stay.
    assert_eq!(legal(&g), "C8 H8".parse::<CardSet>().unwrap());
    play(&mut g, "H8");
    // Seat 2 holds clubs: follow, or trump over the eight; the six would go under it.
    assert_eq!(legal(&g), "C9 CK CA HA".parse::<CardSet>().unwrap());
}

/// The Puur (the Under of trumps) is never forced (003), under Hindersi's weak rule too: a
/// player whose only trump is the Puur may play any card on a trump lead.
#[test]
fn the_puur_is_not_forced_on_a_trump_lead() {
    let mut g = Hindersi::new(four()).unwrap();
    let deal = HindersiDeal {
        hands: hands([
            "H6 C6 C7 S6 S7 S8 S9 S10 SJ",
            "HJ D6 D7 D8 D9 D10 DJ DQ DK",
            "C8 C9 C10 CK CA SQ SK SA DA",
            "H7 H8 H9 H10 HQ HK HA CJ CQ",
        ]),
        trump_card: card("H7"),
    };
    g.apply_deal(deal).unwrap();
    play(&mut g, "H6");
    assert_eq!(legal(&g), g.hand(1));
    play(&mut g, "D6");
    assert_eq!(legal(&g), g.hand(2), "void in trumps: any card");
}

#[test]
fn a_partie_of_four_gives_the_two_lowest_a_strich_and_the_two_highest_a_nuller() {
    let g = Hindersi::scored(
        four(),
        &[
            ([10, 40, 50, 57], None),
            ([20, 30, 50, 57], None),
            ([30, 40, 40, 47], None),
        ],
    )
    .unwrap();
    assert_eq!(g.striche(), [0; 4], "no marks before the Partie ends");
    let g = Hindersi::scored(
        four(),
        &[
            ([10, 40, 50, 57], None),
            ([20, 30, 50, 57], None),
            ([30, 40, 40, 47], None),
            ([157, 0, 0, 0], Some(0)),
        ],
    )
    .unwrap();
    // Seat 0 took every trick in deal 4: 0 to it, 157 to each other.
    assert_eq!(g.partie_totals(), [60, 267, 297, 318]);
    assert_eq!(g.striche(), [1, 1, 0, 0]);
    assert_eq!(g.nuller(), [0, 0, 1, 1]);
    let marks = g.last_deal().unwrap().marks.unwrap();
    assert_eq!((marks.striche, marks.nuller), ([1, 1, 0, 0], [0, 0, 1, 1]));
    // The next deal starts a new Partie from nothing.
    let g = Hindersi::scored(
        four(),
        &[
            ([10, 40, 50, 57], None),
            ([20, 30, 50, 57], None),
            ([30, 40, 40, 47], None),
            ([157, 0, 0, 0], Some(0)),
            ([57, 50, 40, 10], None),
        ],
    )
    .unwrap();
    assert_eq!(g.partie_totals(), [57, 50, 40, 10]);
    assert_eq!(g.partie_number(), 2);
}

#[test]
fn a_partie_of_three_gives_the_lowest_a_strich_the_highest_a_nuller_and_the_middle_nothing() {
    let g = Hindersi::scored(
        three(),
        &[
            ([50, 20, 87], None),
            ([50, 20, 87], None),
            ([50, 20, 87], None),
        ]
        .map(|(p, a)| ([p[0], p[1], p[2], 0], a)),
    )
    .unwrap();
    assert_eq!(g.partie_totals(), [150, 60, 261, 0]);
    assert_eq!(g.striche(), [0, 1, 0, 0]);
    assert_eq!(g.nuller(), [0, 0, 1, 0]);
    // Seat 0 takes all twelve tricks of the third deal: 0 to it, 157 to each other.
    let g = Hindersi::scored(
        three(),
        &[
            ([50, 50, 57, 0], None),
            ([50, 50, 57, 0], None),
            ([157, 0, 0, 0], Some(0)),
        ],
    )
    .unwrap();
    assert_eq!(g.partie_totals(), [100, 257, 271, 0]);
    assert_eq!(g.striche(), [1, 0, 0, 0]);
    assert_eq!(g.nuller(), [0, 0, 1, 0]);
}

#[test]
fn a_tie_across_the_line_between_the_marks_gives_the_tied_players_neither() {
    // Four players: 10, 20, 20, 30: the two 20s share the second Strich and the second Nuller.
    let m = Hindersi::marks_for(4, &[10, 20, 20, 30]);
    assert_eq!((m.striche, m.nuller), ([1, 0, 0, 0], [0, 0, 0, 1]));
    // A tie inside the lowest two or the highest two changes nothing.
    let m = Hindersi::marks_for(4, &[10, 10, 30, 30]);
    assert_eq!((m.striche, m.nuller), ([1, 1, 0, 0], [0, 0, 1, 1]));
    // Three tied for the lowest: none is among the two lowest alone, so no Strich.
    let m = Hindersi::marks_for(4, &[10, 10, 10, 30]);
    assert_eq!((m.striche, m.nuller), ([0; 4], [0, 0, 0, 1]));
    // All equal: no marks.
    let m = Hindersi::marks_for(4, &[40, 40, 40, 40]);
    assert_eq!((m.striche, m.nuller), ([0; 4], [0; 4]));
    // Three players: a tie for the lowest writes no Strich, a tie for the highest no Nuller.
    let m = Hindersi::marks_for(3, &[10, 10, 30, 0]);
    assert_eq!((m.striche, m.nuller), ([0; 4], [0, 0, 1, 0]));
    let m = Hindersi::marks_for(3, &[10, 30, 30, 0]);
    assert_eq!((m.striche, m.nuller), ([1, 0, 0, 0], [0; 4]));
    // Through a whole Partie.
    let g = Hindersi::scored(
        four(),
        &[
            ([10, 40, 50, 57], None),
            ([20, 30, 40, 67], None),
            ([30, 40, 40, 47], None),
            ([0, 0, 0, 157], Some(3)),
        ],
    )
    .unwrap();
    assert_eq!(g.partie_totals(), [217, 267, 287, 171]);
    let g = Hindersi::scored(
        four(),
        &[
            ([40, 40, 20, 57], None),
            ([20, 20, 60, 57], None),
            ([60, 60, 20, 17], None),
            ([37, 37, 40, 43], None),
        ],
    )
    .unwrap();
    assert_eq!(g.partie_totals(), [157, 157, 140, 174]);
    assert_eq!(g.striche(), [0, 0, 1, 0]);
    assert_eq!(g.nuller(), [0, 0, 0, 1]);
}

/// Three Parties of three players written as whole deals: `lowest`, `middle`, `highest` of each.
fn three_player_game(ranking: Ranking, parties: &[[usize; 3]]) -> Hindersi {
    let opts = HindersiOptions {
        players: 3,
        parties: parties.len() as u32,
        ranking,
    };
    let mut deals = Vec::new();
    for order in parties {
        let mut p = [0u32; MAX_SEATS];
        // 20 to the lowest, 50 to the middle, 87 to the highest, in each of the three deals.
        for (place, &seat) in order.iter().enumerate() {
            p[seat] = [20, 50, 87][place];
        }
        for _ in 0..3 {
            deals.push((p, None));
        }
    }
    Hindersi::scored(opts, &deals).unwrap()
}

#[test]
fn the_ranking_counts_striche_less_nuller_by_default_and_striche_alone_as_jasswiki_reads_it() {
    // Seat 0: Strich, Strich, Nuller, Nuller; seat 1: one Strich, no Nuller; seat 2: one Strich,
    // two Nuller.
    let parties = [[0, 1, 2], [0, 1, 2], [1, 2, 0], [2, 1, 0]];
    let net = three_player_game(Ranking::Net, &parties);
    assert_eq!(net.striche()[..3], [2, 1, 1]);
    assert_eq!(net.nuller()[..3], [2, 0, 2]);
    assert_eq!(net.score()[..3], [0, 1, -1]);
    assert_eq!(net.winners(), vec![1], "004: the Nuller is a minus mark");
    let striche = three_player_game(Ranking::Striche, &parties);
    assert_eq!(striche.score()[..3], [2, 1, 1]);
    assert_eq!(striche.winners(), vec![0], "JassWiki: the most Striche win");
}

#[test]
fn equal_marks_are_decided_by_the_fewest_points_and_else_shared() {
    let one = HindersiOptions {
        parties: 1,
        ..Default::default()
    };
    let deal = |p: [u32; 4]| (p, None);
    // Seats 0 and 1 both get a Strich; seat 0 has fewer points.
    let g = Hindersi::scored(
        one,
        &[
            deal([29, 31, 40, 57]),
            deal([40, 40, 40, 37]),
            deal([40, 40, 40, 37]),
            deal([40, 40, 40, 37]),
        ],
    )
    .unwrap();
    assert_eq!(g.score(), [1, 1, -1, -1]);
    assert_eq!(g.game_points(), [149, 151, 160, 168]);
    assert_eq!(g.winners(), vec![0]);
    // Equal in both: a shared win.
    let g = Hindersi::scored(
        one,
        &[
            deal([30, 30, 40, 57]),
            deal([40, 40, 40, 37]),
            deal([40, 40, 40, 37]),
            deal([40, 40, 40, 37]),
        ],
    )
    .unwrap();
    assert_eq!(g.winners(), vec![0, 1]);
}

#[test]
fn whole_seeded_games_are_recorded_checked_and_read_back() {
    for opts in [
        four(),
        three(),
        HindersiOptions {
            parties: 2,
            ranking: Ranking::Striche,
            ..Default::default()
        },
    ] {
        let n = opts.players as usize;
        let rec = play_recorded(opts, 17, &mut players(opts.players, 17)).unwrap();
        rec.check().unwrap_or_else(|e| panic!("{n} players: {e}"));
        assert_eq!(rec.deals.len() as u32, opts.deals());
        let (mut striche, mut nuller, mut points) = (vec![0u32; n], vec![0u32; n], vec![0u32; n]);
        let mut partie = vec![0u32; n];
        for d in &rec.deals {
            assert_eq!(d.hands.len(), n);
            assert_eq!(d.tricks.len(), 36 / n);
            assert_eq!(d.dealer as usize, (d.number as usize + n - 2) % n);
            assert!(d.hands[d.dealer as usize].contains(d.cards.trump_card));
            let r = &d.result;
            assert_eq!(r.card_points.iter().sum::<u32>(), 157);
            let by_tricks: u32 = d.tricks.iter().map(|t| t.points).sum();
            assert_eq!(by_tricks, 157, "a trick's points are its card points");
            match r.all_tricks {
                Some(t) => {
                    for s in 0..n {
                        assert_eq!(r.points[s], if s == t as usize { 0 } else { 157 });
                    }
                }
                None => assert_eq!(r.points, r.card_points),
            }
            if (d.number as usize - 1).is_multiple_of(n) {
                partie = vec![0; n];
            }
            for s in 0..n {
                partie[s] += r.points[s];
                points[s] += r.points[s];
            }
            assert_eq!(r.partie, partie);
            let ends = (d.number as usize).is_multiple_of(n);
            assert_eq!(r.marks.is_some(), ends, "deal {}", d.number);
            if let Some(m) = &r.marks {
                for s in 0..n {
                    striche[s] += m.striche[s];
                    nuller[s] += m.nuller[s];
                }
                let written: u32 = m.striche.iter().chain(&m.nuller).sum();
                assert!(written <= if n == 4 { 4 } else { 2 });
            }
            assert_eq!((&r.striche, &r.nuller), (&striche, &nuller));
        }
        let res = &rec.result;
        assert_eq!(
            (&res.striche, &res.nuller, &res.points),
            (&striche, &nuller, &points)
        );
        let score: Vec<i64> = (0..n)
            .map(|s| match opts.ranking {
                Ranking::Net => i64::from(striche[s]) - i64::from(nuller[s]),
                Ranking::Striche => i64::from(striche[s]),
            })
            .collect();
        assert_eq!(res.score, score);
        let best = *score.iter().max().unwrap();
        assert!(!res.winners.is_empty());
        for &w in &res.winners {
            assert_eq!(score[w as usize], best);
        }
        // Written and read back alike; a wrong figure is caught.
        let json = read_back(&rec, "hindersi");
        let mut wrong = rec.clone();
        wrong.deals[0].result.points[0] += 1;
        let err = wrong.check().unwrap_err().to_string();
        assert!(err.contains("result.points"), "{err}");
        let mut turned = rec.clone();
        let other = turned.deals[0].hands[0].first().unwrap();
        turned.deals[0].cards.trump_card = other;
        assert!(
            turned.check().is_err(),
            "the turned card must be the dealer's"
        );
        let mut stoeck: serde_json::Value = serde_json::from_str(&json).unwrap();
        stoeck["deals"][0]["actions"][0] = serde_json::json!({"seat": 0, "action": "stoeck"});
        assert!(
            GameRecord::<Hindersi>::from_value(stoeck).is_err(),
            "no Stöck here"
        );
    }
}

/// Plays a whole game with uniformly random legal cards, checking every step (the turned trump
/// card, which all have seen, may show in every view) and that every deal writes 157 card
/// points.
fn random_hindersi(opts: HindersiOptions, seed: u64) -> Hindersi {
    let n = opts.players as usize;
    let turned = |g: &Hindersi| CardSet::from_cards(g.trump_card());
    let (g, deals) = random_game::<HindersiRules>(opts, seed, turned, |g| {
        let d = g.last_deal().unwrap();
        assert_eq!(d.card_points[..n].iter().sum::<u32>(), 157);
    });
    assert_eq!(deals, opts.deals());
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn random_games_end_after_their_parties_with_the_best_score_winning(
        seed in 0u64..1_000_000,
        players in 3u8..=4,
        striche in any::<bool>(),
    ) {
        let opts = HindersiOptions {
            players,
            parties: 2,
            ranking: if striche { Ranking::Striche } else { Ranking::Net },
        };
        let g = random_hindersi(opts, seed);
        let n = players as usize;
        let score = g.score();
        let best = score[..n].iter().copied().max().unwrap();
        let winners = g.winners();
        prop_assert!(!winners.is_empty());
        for &w in &winners {
            prop_assert_eq!(score[w as usize], best);
        }
        // With four players every Partie writes two Striche and two Nuller but for ties.
        let marks: u32 = g.striche()[..n].iter().sum::<u32>() + g.nuller()[..n].iter().sum::<u32>();
        let most = if n == 4 { 4 } else { 2 };
        prop_assert!(marks <= 2 * most);
    }
}

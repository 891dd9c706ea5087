//! Mittlere (004 "Mittlerejass", JassWiki "Mittlere"; the rules of docs/mittlere.md): a deal
//! worked by hand (no trump until the first card that does not follow suit, which is a trump in
//! its own trick; then a trump may be played instead of following, but not under another while
//! holding the suit led), a deal in which every card follows and no trump is set, the marks of
//! a deal (the middle, too many points under both readings, no trick, every trick, ties), the
//! ranking, records played and checked, and properties over many seeded games: every deal with
//! a trump counts 157 points, no view shows a hidden card, the game ends after its deals.

mod common;

use common::{card, legal, play, players, random_game, read_back, set};
use jass_core::card_play_game::HandsDeal;
use jass_core::game::Game;
use jass_core::mittlere::{
    card_value, play_recorded, Hundred, Mittlere, MittlereOptions, MittlereRules, Outcome, Ranking,
    MAX_SEATS,
};
use jass_core::{CardSet, Mode, Suit};
use proptest::prelude::*;

fn hands(h: [&str; 3]) -> [CardSet; MAX_SEATS] {
    let mut out = [CardSet::EMPTY; MAX_SEATS];
    for (s, h) in h.iter().enumerate() {
        out[s] = h.parse().unwrap();
    }
    out
}

#[test]
fn the_first_card_that_does_not_follow_suit_sets_trump_and_is_a_trump_in_its_own_trick() {
    let mut g = Mittlere::new(MittlereOptions::default()).unwrap();
    g.apply_deal(HandsDeal {
        hands: hands([
            "HA HK HQ HJ H10 H9 D6 D7 D8 C6 C7 S7",
            "H6 S6 C8 S8 S9 S10 SJ SQ SK SA D9 D10",
            "H7 H8 DJ DQ DK DA CJ CQ CK CA C9 C10",
        ]),
    })
    .unwrap();
    assert_eq!(
        (g.dealer(), g.forehand()),
        (2, 0),
        "seat 2 deals first, forehand leads"
    );
    assert_eq!(g.trump(), None);
    assert_eq!(g.public_view_json()["trump"], serde_json::Value::Null);
    // No trump yet: who holds the suit led must follow it (JassWiki: "Wer im laufenden Stich eine
    // oder mehrere Karten von der ausgespielten Farbe hat, muss diese spielen").
    play(&mut g, "HA");
    assert_eq!(legal(&g), set("H6"));
    play(&mut g, "H6");
    assert_eq!(legal(&g), set("H7 H8"));
    play(&mut g, "H7");
    assert_eq!(g.completed_trick(0).2, 0, "the ace heads the hearts");
    assert_eq!(g.trump(), None, "every card followed");
    // Seat 1 has no heart left: any card, and the first that does not follow makes its suit
    // trump (004: "First card to break suit sets trump"), a trump already: it takes the trick.
    play(&mut g, "HK");
    assert_eq!(legal(&g), g.hand(1));
    play(&mut g, "S9");
    assert_eq!(g.trump(), Some(Suit::S));
    assert_eq!(g.public_view_json()["trump"], "S");
    play(&mut g, "H8");
    let (_, _, winner, points) = g.completed_trick(1);
    assert_eq!(
        winner, 1,
        "the Nell of the new trump takes the king of hearts"
    );
    assert_eq!(points, 4 + 14, "the king 4, the Nell of trump 14");
    // A plain lead: seat 2 follows, seat 0 may follow or trump (003: "either follow suit or play
    // a trump").
    play(&mut g, "D9 DA");
    assert_eq!(legal(&g), set("D6 D7 D8 S7"));
    play(&mut g, "D6");
    assert_eq!(g.completed_trick(2).2, 2);
    // Seat 0 trumps a club lead; seat 1 holds a club and a lower trump than the seven: the
    // lower trump is refused while he holds the suit led (003's weaker rule, which names
    // Mittlere), the club and the higher trumps are not.
    play(&mut g, "C9 S7");
    let l = legal(&g);
    assert!(!l.contains(card("S6")), "{l}");
    assert!(l.contains(card("C8")) && l.contains(card("S8")) && l.contains(card("SJ")));
    let err = g
        .apply(jass_core::card_play_action::CardPlayAction::Play { card: card("S6") })
        .unwrap_err()
        .to_string();
    assert!(err.contains("trump S"), "{err}");
    play(&mut g, "C8");
    assert_eq!(
        g.completed_trick(3).2,
        0,
        "the seven of trump takes the clubs"
    );
}

#[test]
fn a_trick_counts_under_the_trump_once_set_even_if_taken_before() {
    // The trump suit's Under and Nell count 20 and 14 in every trick of the deal, those taken
    // before the trump was set too (JassWiki: "Die Kartenwerte zählen dabei jedoch wie bei
    // einem Trumpfspiel"); before the trump is set they count as a plain suit's.
    assert_eq!(card_value(card("HJ"), None), 2);
    assert_eq!(card_value(card("H9"), None), 0);
    assert_eq!(
        card_value(card("H8"), None),
        0,
        "no eight counts, as in a trump game"
    );
    assert_eq!(card_value(card("HJ"), Some(Suit::H)), 20);
    assert_eq!(card_value(card("H9"), Some(Suit::H)), 14);
    assert_eq!(card_value(card("SJ"), Some(Suit::H)), 2);
    let mut g = Mittlere::new(MittlereOptions::default()).unwrap();
    g.apply_deal(HandsDeal {
        hands: hands([
            "HJ HA D6 D7 D8 D9 D10 DJ DQ DK DA C6",
            "H6 H7 H8 H9 C7 C8 C9 C10 CJ CQ CK CA",
            "H10 HQ HK S6 S7 S8 S9 S10 SJ SQ SK SA",
        ]),
    })
    .unwrap();
    // No trump: the Under heads the ten (the aces high) and counts 2.
    play(&mut g, "HJ H6 H10");
    assert_eq!(g.completed_trick(0).2, 0);
    assert_eq!(g.completed_trick(0).3, 2 + 10);
    // Seat 1 has no diamond: its Nell of hearts makes hearts trump and takes the trick; seat 2,
    // void too, may play anything.
    play(&mut g, "D6 H9");
    assert_eq!(legal(&g), g.hand(2));
    play(&mut g, "S6");
    assert_eq!(g.trump(), Some(Suit::H));
    assert_eq!(g.completed_trick(1).2, 1);
    assert_eq!(g.completed_trick(1).3, 14);
    // The first trick now counts its Under as the trump's.
    assert_eq!(g.completed_trick(0).3, 20 + 10);
    assert_eq!(
        g.public_view_json()["card_points"],
        serde_json::json!([30, 14, 0])
    );
}

#[test]
fn a_deal_in_which_every_card_follows_sets_no_trump_and_is_annulled() {
    // Three cards of every suit in every hand: whatever is led, everyone holds it, so every card
    // follows and no trump is ever set (JassWiki: "Können alle Spieler in allen 12 Stichen
    // farben und kann deswegen keine Trumpffarbe bestimmt werden, wird das Spiel annulliert").
    let mut g = Mittlere::new(MittlereOptions {
        deals: 2,
        ..Default::default()
    })
    .unwrap();
    g.apply_deal(HandsDeal {
        hands: hands([
            "D6 D7 D8 H6 H7 H8 S6 S7 S8 C6 C7 C8",
            "D9 D10 DJ H9 H10 HJ S9 S10 SJ C9 C10 CJ",
            "DQ DK DA HQ HK HA SQ SK SA CQ CK CA",
        ]),
    })
    .unwrap();
    while let jass_core::game::ToMove::Seat(_) = g.to_move() {
        let l = legal(&g);
        if let Some(&lead) = g.current_trick().first() {
            assert!(l.iter().all(|c| c.suit() == lead.suit()), "{l}");
        }
        let c = l.first().unwrap();
        g.apply(jass_core::card_play_action::CardPlayAction::Play { card: c })
            .unwrap();
    }
    let d = g.last_deal().unwrap();
    assert_eq!(d.outcome, Outcome::Annulled);
    assert_eq!(d.trump, None);
    assert_eq!((d.striche, d.nuller), ([0; MAX_SEATS], [0; MAX_SEATS]));
    assert_eq!(d.card_points, [0; MAX_SEATS]);
    assert_eq!(g.deals_started(), 1);
    assert_eq!(
        g.to_move(),
        jass_core::game::ToMove::Deal,
        "the annulled deal counts"
    );
}

const P: [u8; MAX_SEATS] = [4, 4, 4, 0];

#[test]
fn the_middle_score_gets_two_nuller_and_the_highest_and_lowest_a_strich() {
    let o = Hundred::OrMore;
    // 004: "Middle player gets -2 game points, and highest and lowest pt total gets +1 game
    // points apiece"; JassWiki: "Die beiden Spieler mit der höchsten und der niedrigsten
    // Punktzahl erhalten nach jedem Spiel je 1 Strich / Der Spieler mit der mittleren Punktzahl
    // erhält 2 Nuller".
    let (out, s, n) = Mittlere::marks(&[70, 50, 37, 0], &P, o);
    assert_eq!((out, s, n), (Outcome::Middle, [1, 0, 1, 0], [0, 2, 0, 0]));
    // Two players level with the middle score are both the middle (our choice).
    let (out, s, n) = Mittlere::marks(&[60, 60, 37, 0], &P, o);
    assert_eq!((out, s, n), (Outcome::Middle, [0, 0, 1, 0], [2, 2, 0, 0]));
    let (_, s, n) = Mittlere::marks(&[75, 41, 41, 0], &P, o);
    assert_eq!((s, n), ([1, 0, 0, 0], [0, 2, 2, 0]));
}

#[test]
fn too_many_points_or_no_trick_gets_two_nuller_and_each_other_player_a_strich() {
    // JassWiki: "Wer 100 und mehr Kartenpunkte erreicht, muss sich 2 Nuller notieren lassen und
    // seine Mitspieler erhalten je 1 Strich"; 004: "Going over 100 card-pts".
    let exactly = [100, 40, 17, 0];
    let (out, s, n) = Mittlere::marks(&exactly, &P, Hundred::OrMore);
    assert_eq!((out, s, n), (Outcome::Penalty, [0, 1, 1, 0], [2, 0, 0, 0]));
    let (out, s, n) = Mittlere::marks(&exactly, &P, Hundred::Over);
    assert_eq!(
        (out, s, n),
        (Outcome::Middle, [1, 0, 1, 0], [0, 2, 0, 0]),
        "100 is not over 100: 40 is the middle"
    );
    let (out, ..) = Mittlere::marks(&[101, 40, 16, 0], &P, Hundred::Over);
    assert_eq!(out, Outcome::Penalty);
    // JassWiki: "Wer nicht mindestens 1 Stich erzielt, erhält 2 Nuller"; 004: "or getting no
    // tricks": here seat 2, though its 0 points would be the lowest.
    let (out, s, n) = Mittlere::marks(&[80, 77, 0, 0], &[6, 6, 0, 0], Hundred::OrMore);
    assert_eq!((out, s, n), (Outcome::Penalty, [1, 1, 0, 0], [0, 0, 2, 0]));
    // Both at once: two Nuller to each of them, a Strich to the third.
    let (out, s, n) = Mittlere::marks(&[110, 47, 0, 0], &[8, 4, 0, 0], Hundred::OrMore);
    assert_eq!((out, s, n), (Outcome::Penalty, [0, 1, 0, 0], [2, 0, 2, 0]));
}

#[test]
fn every_trick_to_one_player_is_a_match_with_two_striche() {
    // JassWiki: "Ein Matschspiel wird mit 2 Strichen belohnt"; a Nuller to each other player
    // (our choice: "Pro Spiel werden immer 2 Striche und 2 Nuller verteilt").
    let (out, s, n) = Mittlere::marks(&[0, 157, 0, 0], &[0, 12, 0, 0], Hundred::OrMore);
    assert_eq!(
        (out, s, n),
        (Outcome::Match { seat: 1 }, [0, 2, 0, 0], [1, 0, 1, 0])
    );
}

#[test]
fn the_ranking_counts_striche_less_nuller_by_default_or_striche_alone() {
    let deals = [
        ([70, 50, 37, 0], P, Some(Suit::H)),
        ([30, 57, 70, 0], P, Some(Suit::D)),
        ([0, 0, 0, 0], [4, 4, 4, 0], None),
    ];
    let g = Mittlere::scored(
        MittlereOptions {
            deals: 3,
            ..Default::default()
        },
        &deals,
    )
    .unwrap();
    assert_eq!(g.striche()[..3], [2, 0, 2]);
    assert_eq!(g.nuller()[..3], [0, 4, 0]);
    assert_eq!(g.score()[..3], [2, -4, 2]);
    assert_eq!(g.winners(), vec![0, 2], "a shared win");
    let g = Mittlere::scored(
        MittlereOptions {
            deals: 3,
            ranking: Ranking::Striche,
            ..Default::default()
        },
        &deals,
    )
    .unwrap();
    assert_eq!(g.score()[..3], [2, 0, 2]);
    assert!(Mittlere::scored(
        MittlereOptions {
            deals: 1,
            ..Default::default()
        },
        &deals
    )
    .is_err());
}

#[test]
fn whole_seeded_games_are_recorded_checked_and_read_back() {
    for opts in [
        MittlereOptions::default(),
        MittlereOptions {
            deals: 4,
            hundred: Hundred::Over,
            ranking: Ranking::Striche,
        },
    ] {
        let rec = play_recorded(opts, 17, &mut players(3, 17)).unwrap();
        rec.check().unwrap();
        assert_eq!(rec.deals.len() as u32, opts.deals);
        let (mut striche, mut nuller) = (vec![0u32; 3], vec![0u32; 3]);
        for d in &rec.deals {
            assert_eq!(d.hands.len(), 3);
            assert!(d.hands.iter().all(|h| h.len() == 12));
            assert_eq!(d.tricks.len(), 12);
            assert_eq!(d.dealer as usize, (d.number as usize + 1) % 3);
            let r = &d.result;
            let by_tricks: u32 = d.tricks.iter().map(|t| t.points).sum();
            match r.trump {
                Some(Mode::Trump(_)) => {
                    assert_eq!(r.card_points.iter().sum::<u32>(), 157);
                    assert_eq!(by_tricks, 157, "every trick counted under the deal's trump");
                }
                _ => assert_eq!(r.outcome, Outcome::Annulled),
            }
            for s in 0..3 {
                striche[s] += r.striche[s];
                nuller[s] += r.nuller[s];
            }
            assert_eq!((&r.total_striche, &r.total_nuller), (&striche, &nuller));
        }
        let res = &rec.result;
        assert_eq!((&res.striche, &res.nuller), (&striche, &nuller));
        read_back(&rec, "mittlere");
        let mut wrong = rec.clone();
        wrong.deals[0].result.nuller[0] += 1;
        let err = wrong.check().unwrap_err().to_string();
        assert!(err.contains("result.nuller"), "{err}");
        let mut wrong = rec.clone();
        wrong.deals[0].result.trump = Some(Mode::Obenabe);
        assert!(wrong.check().is_err(), "the trump is the engine's");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn random_games_count_157_a_deal_show_no_hidden_card_and_end_after_their_deals(
        seed in 0u64..1_000_000,
        striche in any::<bool>(),
    ) {
        let opts = MittlereOptions {
            deals: 6,
            ranking: if striche { Ranking::Striche } else { Ranking::Net },
            ..Default::default()
        };
        let (g, deals) = random_game::<MittlereRules>(opts, seed, |_| CardSet::EMPTY, |g| {
            let d = g.last_deal().unwrap();
            let total: u32 = d.card_points.iter().sum();
            let marks: u32 = d.striche.iter().chain(&d.nuller).sum();
            match d.trump {
                Some(_) => {
                    assert_eq!(total, 157);
                    // Every player is marked, up or down, never both: a Strich (two for a
                    // Match) or two Nuller (one each beside a Match).
                    for s in 0..3 {
                        let (up, down) = (d.striche[s], d.nuller[s]);
                        assert!((up > 0) != (down > 0), "{d:?}");
                        match d.outcome {
                            Outcome::Match { .. } => assert!(up == 2 || down == 1, "{d:?}"),
                            _ => assert!(up == 1 || down == 2, "{d:?}"),
                        }
                    }
                    assert!(d.nuller.iter().sum::<u32>() >= 2, "someone is marked down: {d:?}");
                }
                None => assert_eq!((total, marks), (0, 0)),
            }
            assert_eq!(d.tricks.iter().sum::<u8>(), 12);
        });
        prop_assert_eq!(deals, opts.deals);
        let score = g.score();
        let best = score[..3].iter().copied().max().unwrap();
        let winners = g.winners();
        prop_assert!(!winners.is_empty());
        for &w in &winners {
            prop_assert_eq!(score[w as usize], best);
        }
    }
}

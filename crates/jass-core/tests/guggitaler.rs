//! Guggitaler (004 "Guggitaler", JassWiki "Serienjass: Taktiken"; the rules of
//! docs/guggitaler.md): a deal worked by hand (no trump, a card off suit never takes a trick, no
//! rose led while the hand holds another suit, the roses counted 5 each), the lists of both
//! sources deal by deal, the credits of the deals that seek their cards, the fewest points
//! winning, records played and checked, and properties over many seeded games: every deal counts
//! what its list says, every lead keeps the roses back where it must, no view shows a hidden
//! card, the game ends after its list.

mod common;

use common::{legal, play, players, random_game, read_back, set};
use jass_core::card_play_game::HandsDeal;
use jass_core::game::Game;
use jass_core::guggitaler::GuggitalerAction as CardPlayAction;
use jass_core::guggitaler::{
    play_recorded, Count, Guggitaler, GuggitalerOptions, GuggitalerRules, List, MAX_SEATS,
};
use jass_core::{Card, CardSet, Suit};
use proptest::prelude::*;

fn hands(h: &[&str]) -> [CardSet; MAX_SEATS] {
    let mut out = [CardSet::EMPTY; MAX_SEATS];
    for (s, h) in h.iter().enumerate() {
        out[s] = h.parse().unwrap();
    }
    out
}

/// What a deal of `list` counts in all, `players` at the table (each card, trick and the last
/// trick counted once), from the sources' figures: 9 roses, 4 Obers, one Rose King, one last
/// trick, 36 / players tricks.
fn deal_total(list: List, number: u32, players: u8) -> i32 {
    let tricks = 36 / i32::from(players);
    let avoided = match (list, (number - 1) % 5) {
        // 004: "each rose scores 5 points", "each trick is worth 10", "each Ober scores 20",
        // "the Rose King scores 45", "all these scores are combined".
        (List::Encyclopedia, 0) => 9 * 5,
        (List::Encyclopedia, 1) => tricks * 10,
        (List::Encyclopedia, 2) => 4 * 20,
        (List::Encyclopedia, 3) => 45,
        (List::Encyclopedia, _) => 9 * 5 + tricks * 10 + 4 * 20 + 45,
        // JassWiki: "1 Punkt pro Stich", "2 Punkte pro Karte" (Schellen), "4 Punkte pro
        // Ober/Dame", the Rosen-König "8 Punkte", the last trick "10 Punkte".
        (_, 0) => tricks,
        (_, 1) => 9 * 2,
        (_, 2) => 4 * 4,
        (_, 3) => 8,
        (_, _) => 10,
    };
    if number > 5 {
        -avoided
    } else {
        avoided
    }
}

#[test]
fn a_rose_deal_worked_by_hand() {
    let mut g = Guggitaler::new(GuggitalerOptions::default()).unwrap();
    g.apply_deal(HandsDeal {
        hands: hands(&[
            "H6 H7 S6 S7 S8 D6 D7 D8 C6",
            "HA HK HQ HJ H10 H9 H8 SA SK",
            "SQ SJ S10 S9 DA DK DQ DJ D10",
            "D9 CA CK CQ CJ C10 C9 C8 C7",
        ]),
    })
    .unwrap();
    assert_eq!((g.dealer(), g.forehand()), (3, 0));
    let round = g.round();
    assert_eq!(
        (round.count, round.suit, round.value, round.seek),
        (Count::Cards, Some(Suit::H), 5, false)
    );
    // 004: "no Roses may be led as long as you have other cards in your hand".
    assert_eq!(legal(&g), set("S6 S7 S8 D6 D7 D8 C6"));
    let err = g
        .apply(CardPlayAction::Play {
            card: "H6".parse().unwrap(),
        })
        .unwrap_err()
        .to_string();
    assert!(err.contains("no H led"), "{err}");
    // No trump (004: "It is played without trumps"): follow suit, else any card, and a card off
    // suit never takes the trick.
    play(&mut g, "S6");
    assert_eq!(legal(&g), set("SA SK"));
    play(&mut g, "SK SQ");
    assert_eq!(legal(&g), g.hand(3), "void of spades: any card");
    play(&mut g, "CA");
    let (_, _, winner, points) = g.completed_trick(0);
    assert_eq!((winner, points), (1, 0), "the king heads, no rose in it");
    // Seat 1 holds a spade beside its roses: it must lead the spade.
    assert_eq!(legal(&g), set("SA"));
    play(&mut g, "SA SJ C7 S7");
    // Now it holds roses alone: a rose may lead.
    assert_eq!(legal(&g), g.hand(1));
    play(&mut g, "HA DA CK H6");
    let (_, _, winner, points) = g.completed_trick(2);
    assert_eq!((winner, points), (1, 10), "two roses, 5 each");
    assert_eq!(
        g.public_view_json()["points"],
        serde_json::json!([0, 10, 0, 0])
    );
    // The view says what the deal counts and what it keeps from the lead.
    let public = g.public_view_json();
    assert_eq!(public["round"]["count"], "cards");
    assert_eq!(public["round"]["suit"], "H");
    assert_eq!(public["round"]["no_lead"], "H");
    assert_eq!(public["last_deal"], serde_json::Value::Null);
    // The rest by the first legal card: the deal counts its nine roses, 45.
    while g.phase() == jass_core::guggitaler::GuggitalerPhase::Play {
        let c = legal(&g).iter().next().unwrap();
        g.apply(CardPlayAction::Play { card: c }).unwrap();
    }
    let d = g.last_deal().unwrap();
    assert_eq!(d.points.iter().sum::<u32>(), 45);
    assert_eq!(
        d.written.map(|w| w as u32),
        d.points,
        "avoided: written as taken"
    );
    assert_eq!(g.totals(), d.written);
    assert_eq!(
        g.round().count,
        Count::Cards,
        "the deal's count until the next is dealt"
    );
    let last = &g.public_view_json()["last_deal"];
    assert_eq!(last["written"].as_array().unwrap().len(), 4);
    assert_eq!(last["round"]["value"], 5);
}

#[test]
fn the_pack_is_dealt_in_packets_from_forehand_and_the_deal_turns() {
    let pack: [Card; 36] = std::array::from_fn(|i| CardSet::ALL.iter().nth(i).unwrap());
    for (players, packet) in [(4u8, 3usize), (3, 4)] {
        let mut g = Guggitaler::new(GuggitalerOptions {
            players,
            ..Default::default()
        })
        .unwrap();
        let n = usize::from(players);
        for number in 1..=2usize {
            let deal = g.deal_from_pack(&pack);
            // Forehand (the seat after the dealer; the last seat deals first) gets the first
            // packet, the next seat the next (JassWiki: "in drei Runden zu je drei Karten", "zu
            // je vier Karten").
            let forehand = (number - 1) % n;
            for (i, &c) in pack.iter().enumerate() {
                assert!(deal.hands[(forehand + i / packet) % n].contains(c), "{c}");
            }
            g.apply_deal(deal).unwrap();
            assert_eq!(usize::from(g.forehand()), forehand);
            assert_eq!(usize::from(g.dealer()), (forehand + n - 1) % n);
            while g.phase() == jass_core::guggitaler::GuggitalerPhase::Play {
                let c = legal(&g).iter().next().unwrap();
                g.apply(CardPlayAction::Play { card: c }).unwrap();
            }
        }
    }
}

#[test]
fn each_list_counts_its_deals_as_the_sources_give_them() {
    for (list, deals) in [
        (List::Encyclopedia, 5),
        (List::JassWiki, 5),
        (List::JassWikiTen, 10),
    ] {
        assert_eq!(list.deals(), deals);
        for players in [3u8, 4] {
            for number in 1..=deals {
                let round = list.round(number);
                // Every card once, every trick once, the last trick once.
                let all = CardSet::ALL;
                let tally = round.tally();
                let tricks = 36 / u32::from(players);
                let counted = tally.per_point * (tally.table.sum(all) + tally.last)
                    + tally.per_trick * tricks;
                assert_eq!(
                    round.written(counted),
                    deal_total(list, number, players),
                    "{list:?} deal {number}, {players} players"
                );
                assert_eq!(round.seek, number > 5);
            }
        }
    }
    // 004 keeps the roses from the lead in its first, fourth and fifth deal only.
    let no_lead: Vec<bool> = (1..=5)
        .map(|n| List::Encyclopedia.round(n).no_lead == Some(Suit::H))
        .collect();
    assert_eq!(no_lead, [true, false, false, true, true]);
    assert!((1..=10).all(|n| List::JassWikiTen.round(n).no_lead.is_none()));
    // The Rose King of both lists is the king of hearts (Rosen); JassWiki's second deal counts
    // the Schellen (D).
    assert_eq!(List::JassWiki.round(2).suit, Some(Suit::D));
    let king = List::Encyclopedia.round(4).tally();
    assert_eq!(king.table.sum(set("HK")), 1);
    assert_eq!(king.table.sum(CardSet::ALL - set("HK")), 0);
}

#[test]
fn the_fewest_points_win_and_a_credit_is_written_less() {
    // JassWiki's ten: five deals avoided, five sought. Points by each deal's count per seat.
    let opts = GuggitalerOptions {
        players: 3,
        list: List::JassWikiTen,
    };
    let t = [0u8; MAX_SEATS];
    let deals = [
        ([4, 5, 3, 0], t),
        ([6, 8, 4, 0], t),
        ([4, 8, 4, 0], t),
        ([8, 0, 0, 0], t),
        ([0, 10, 0, 0], t),
        ([5, 4, 3, 0], t),
        ([2, 10, 6, 0], t),
        ([0, 12, 4, 0], t),
        ([8, 0, 0, 0], t),
        ([10, 0, 0, 0], t),
    ];
    let g = Guggitaler::scored(opts, &deals).unwrap();
    // Avoided: 22, 31, 11; sought, less: 25, 26, 13.
    assert_eq!(g.totals()[..3], [22 - 25, 31 - 26, 11 - 13]);
    assert_eq!(g.winners(), vec![0]);
    assert!(Guggitaler::scored(opts, &[deals, deals].concat()).is_err());
    // The fewest alone win (two level with each other above it share nothing).
    let tied = Guggitaler::scored(
        GuggitalerOptions::default(),
        &[
            ([20, 25, 0, 0], t),
            ([30, 20, 20, 20], t),
            ([20, 20, 20, 20], t),
            ([0, 0, 45, 0], t),
            ([50, 50, 80, 80], t),
        ],
    )
    .unwrap();
    assert_eq!(tied.totals(), [120, 115, 165, 120]);
    assert_eq!(tied.winners(), vec![1]);
    // A tie for the fewest is a shared win.
    let shared =
        Guggitaler::scored(GuggitalerOptions::default(), &[([10, 10, 10, 15], t); 5]).unwrap();
    assert_eq!(shared.winners(), vec![0, 1, 2]);
}

#[test]
fn whole_seeded_games_are_recorded_checked_and_read_back() {
    for opts in [
        GuggitalerOptions::default(),
        GuggitalerOptions {
            players: 3,
            list: List::JassWikiTen,
        },
    ] {
        let n = usize::from(opts.players);
        let rec = play_recorded(opts, 17, &mut players(opts.players, 17)).unwrap();
        rec.check().unwrap();
        assert_eq!(rec.deals.len() as u32, opts.list.deals());
        let mut totals = vec![0i32; n];
        for d in &rec.deals {
            assert_eq!(d.hands.len(), n);
            assert!(d.hands.iter().all(|h| h.len() as usize == 36 / n));
            assert_eq!(d.tricks.len(), 36 / n);
            let r = &d.result;
            assert_eq!(r.round, opts.list.round(d.number));
            let by_tricks: u32 = d.tricks.iter().map(|t| t.points).sum();
            assert_eq!(by_tricks, r.points.iter().sum::<u32>());
            assert_eq!(
                r.written.iter().sum::<i32>(),
                deal_total(opts.list, d.number, opts.players)
            );
            for (total, w) in totals.iter_mut().zip(&r.written) {
                *total += w;
            }
            assert_eq!(r.totals, totals);
        }
        assert_eq!(rec.result.totals, totals);
        read_back(&rec, "guggitaler");
        let mut wrong = rec.clone();
        wrong.deals[0].result.written[0] += 1;
        let err = wrong.check().unwrap_err().to_string();
        assert!(err.contains("result.written"), "{err}");
        let mut wrong = rec.clone();
        wrong.deals[1].result.round.value += 1;
        assert!(wrong.check().is_err(), "the deal's count is the list's");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn random_games_count_their_lists_keep_roses_from_the_lead_and_end_after_their_deals(
        seed in 0u64..1_000_000,
        three in any::<bool>(),
        list in prop_oneof![Just(List::Encyclopedia), Just(List::JassWiki), Just(List::JassWikiTen)],
    ) {
        let opts = GuggitalerOptions { players: if three { 3 } else { 4 }, list };
        let (g, deals) = random_game::<GuggitalerRules>(opts, seed, |_| CardSet::EMPTY, |g| {
            let d = g.last_deal().unwrap();
            let number = g.deals_started();
            assert_eq!(d.round, list.round(number));
            assert_eq!(d.written.iter().sum::<i32>(), deal_total(list, number, opts.players));
            assert_eq!(d.tricks.iter().sum::<u8>() as usize, 36 / usize::from(opts.players));
            // Each trick counts its cards, itself and, the last, the last trick.
            let tally = d.round.tally();
            let done = g.tricks_done();
            for t in 0..done {
                let (_, cards, _, points) = g.completed_trick(t);
                assert_eq!(points, tally.trick(&cards, t + 1 == done));
                if d.round.count == Count::LastTrick {
                    assert_eq!(points, if t + 1 == done { d.round.value } else { 0 });
                }
            }
            // Every lead of a rose was made from a hand of roses alone, where the list says so.
            if let Some(suit) = d.round.no_lead {
                let n = usize::from(opts.players);
                let mut held: Vec<CardSet> = g.dealt_hands()[..n].to_vec();
                for t in 0..g.tricks_done() {
                    let (leader, cards, _, _) = g.completed_trick(t);
                    let lead: Card = cards[0];
                    let hand = held[usize::from(leader)];
                    assert!(lead.suit() != suit || hand == hand.of_suit(suit), "{lead} led from {hand}");
                    for (k, &c) in cards.iter().enumerate() {
                        held[(usize::from(leader) + k) % n].remove(c);
                    }
                }
            }
        });
        prop_assert_eq!(deals, list.deals());
        let totals = g.totals();
        let n = usize::from(opts.players);
        let fewest = totals[..n].iter().copied().min().unwrap();
        let winners = g.winners();
        prop_assert!(!winners.is_empty());
        for (s, &total) in totals[..n].iter().enumerate() {
            prop_assert_eq!(winners.contains(&(s as u8)), total == fewest);
        }
    }
}

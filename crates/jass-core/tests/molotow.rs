//! Molotow (004 "Molotow"): four players each for himself, nine cards each; no trump until the
//! first card that does not follow suit makes its suit trump (a trump in its own trick already);
//! the weaker undertrumping rule; card points counted as a trump game under the deal's trump (157
//! with the last trick's 5, the tricks taken before the trump counted by it at the end); the
//! table melds (the four cards of a trick make at most one meld, written by the trick's taker);
//! the fewest total points win. Tested here: the table melds worked by hand, the options, a deal
//! worked card by card, the legal cards against a rule written out independently, the scoring of
//! the game's end, records, and properties over many seeded random games.

mod common;

use common::{
    card, drive, hands, legal, packs, play_first_legal, players, random_game, read_back, refused,
    refused_deal, run, seat_to_move, set, value, view_cards, Driver,
};
use jass_core::card_play_action::CardPlayAction;
use jass_core::card_play_game::HandsDeal;
use jass_core::deal::{uniform_below, SeededDealer};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::molotow::{
    play_recorded, table_meld, table_meld_points, Molotow, MolotowOptions, MolotowPhase,
    MolotowRules, TableMelds, MAX_DEALS, MAX_SEATS,
};
use jass_core::record::GameRecord;
use jass_core::trick::legal_cards;
use jass_core::weis::Weis;
use jass_core::{Card, CardSet, Mode, Rank, Suit, TrickRules};
use proptest::prelude::*;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::json;

// ---------------------------------------------------------------------------------------------
// The rules written out independently of the engine.

/// A trump's rank, highest first: Under, Nell, Ace, King, Queen, Ten, 8, 7, 6.
fn trump_order(r: Rank) -> u32 {
    match r {
        Rank::Jack => 8,
        Rank::Nine => 7,
        Rank::Ace => 6,
        Rank::King => 5,
        Rank::Queen => 4,
        Rank::Ten => 3,
        Rank::Eight => 2,
        Rank::Seven => 1,
        Rank::Six => 0,
    }
}

/// The natural order (6 lowest, Ace highest), in which sequences run and a plain suit ranks.
fn natural(r: Rank) -> u32 {
    match r {
        Rank::Six => 0,
        Rank::Seven => 1,
        Rank::Eight => 2,
        Rank::Nine => 3,
        Rank::Ten => 4,
        Rank::Jack => 5,
        Rank::Queen => 6,
        Rank::King => 7,
        Rank::Ace => 8,
    }
}

/// The table meld of a trick's four cards as the brief states 004's table: four Unders 200, four
/// nines 150, four aces, kings, queens or tens 100, four of another rank nothing (the four of a
/// rank only under `all`); else four in sequence of one suit 50, three 20.
fn ref_meld(cards: &[Card], melds: TableMelds) -> u32 {
    let r = cards[0].rank();
    if cards.len() == 4 && cards.iter().all(|c| c.rank() == r) {
        if melds == TableMelds::Sequences {
            return 0;
        }
        return match r {
            Rank::Jack => 200,
            Rank::Nine => 150,
            Rank::Ace | Rank::King | Rank::Queen | Rank::Ten => 100,
            _ => 0,
        };
    }
    let mut longest = 0;
    for suit in Suit::ALL {
        let mut ranks: Vec<u32> = cards
            .iter()
            .filter(|c| c.suit() == suit)
            .map(|c| natural(c.rank()))
            .collect();
        ranks.sort_unstable();
        let mut run = 1;
        for w in ranks.windows(2) {
            run = if w[1] == w[0] + 1 { run + 1 } else { 1 };
            longest = longest.max(run);
        }
    }
    match longest {
        3 => 20,
        4 => 50,
        _ => 0,
    }
}

/// Index in play order of the card that takes `cards`, `trump` the trump in force for the trick.
fn ref_winner(cards: &[Card], trump: Option<Suit>) -> usize {
    let lead = cards[0].suit();
    let key = |c: &Card| -> i32 {
        if Some(c.suit()) == trump {
            100 + trump_order(c.rank()) as i32
        } else if c.suit() == lead {
            natural(c.rank()) as i32
        } else {
            -1
        }
    };
    (0..cards.len()).max_by_key(|&i| key(&cards[i])).unwrap()
}

/// The cards `hand` may play to `trick` (lead first), `trump` the trump set so far: without a
/// trump follow suit if you can; on a trump lead follow with a trump (the Puur alone is not
/// forced); on a plain lead follow or trump, but a trump under one in the trick only without the
/// suit led (the weaker rule), and without the suit led any card.
fn ref_legal(hand: CardSet, trick: &[Card], trump: Option<Suit>) -> CardSet {
    let Some(lead) = trick.first() else {
        return hand;
    };
    let follow = hand.of_suit(lead.suit());
    let Some(t) = trump else {
        return if follow.is_empty() { hand } else { follow };
    };
    let trumps = hand.of_suit(t);
    if lead.suit() == t {
        let puur = CardSet::single(Card::new(t, Rank::Jack));
        return if trumps.is_empty() || trumps == puur {
            hand
        } else {
            trumps
        };
    }
    if follow.is_empty() {
        return hand;
    }
    let top = trick
        .iter()
        .filter(|c| c.suit() == t)
        .map(|c| trump_order(c.rank()))
        .max();
    let over: CardSet = trumps
        .iter()
        .filter(|c| top.is_none_or(|m| trump_order(c.rank()) > m))
        .collect();
    follow | over
}

/// The suit of the first card of the deal that does not follow the suit led, and the trick it is
/// in.
fn first_off_suit(tricks: &[(u8, Vec<Card>, u8, u32)]) -> Option<(usize, Suit)> {
    tricks.iter().enumerate().find_map(|(i, (_, cards, _, _))| {
        cards
            .iter()
            .find(|c| c.suit() != cards[0].suit())
            .map(|c| (i, c.suit()))
    })
}

/// Cards from text, in the order written.
fn set_vec(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

fn deals(n: u32) -> MolotowOptions {
    MolotowOptions {
        deals: n,
        ..Default::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Table melds.

#[test]
fn the_four_cards_of_a_trick_make_at_most_one_table_meld_by_004s_table() {
    let all = TableMelds::All;
    // Three in sequence among four cards, in the natural order whatever the trump: 9 10 J.
    let w = table_meld(set("S6 SJ S9 S10"), all);
    assert_eq!(
        w,
        Some(Weis::Sequence {
            suit: Suit::S,
            top: Rank::Jack,
            len: 3
        })
    );
    assert_eq!(table_meld_points(set("S6 SJ S9 S10"), all), 20);
    // Three in sequence with a card of another suit; the ace ends a sequence (no wrap to the 6).
    assert_eq!(table_meld_points(set("H6 H7 H8 CA"), all), 20);
    assert_eq!(table_meld_points(set("DQ DK DA D6"), all), 20);
    assert_eq!(table_meld_points(set("HK HA H6 H7"), all), 0, "no wrap");
    // Four in sequence: 50 (one meld, not also the three inside it).
    assert_eq!(table_meld_points(set("C6 C7 C8 C9"), all), 50);
    assert_eq!(table_meld_points(set("HJ HQ HK HA"), all), 50);
    assert_eq!(
        table_meld(set("D10 DJ DQ DK"), all),
        Some(Weis::Sequence {
            suit: Suit::D,
            top: Rank::King,
            len: 4
        })
    );
    // The four of a rank.
    assert_eq!(
        table_meld(set("HJ DJ SJ CJ"), all),
        Some(Weis::Four(Rank::Jack))
    );
    assert_eq!(table_meld_points(set("HJ DJ SJ CJ"), all), 200);
    assert_eq!(table_meld_points(set("H9 D9 S9 C9"), all), 150);
    for rank in ["A", "K", "Q", "10"] {
        let four = set(&format!("H{rank} D{rank} S{rank} C{rank}"));
        assert_eq!(table_meld_points(four, all), 100, "four {rank}");
    }
    for rank in ["8", "7", "6"] {
        let four = set(&format!("H{rank} D{rank} S{rank} C{rank}"));
        assert_eq!(table_meld(four, all), None, "four {rank} make nothing");
        assert_eq!(table_meld_points(four, all), 0);
    }
    // No meld; three of a suit with a gap; two pairs in sequence; three of a rank.
    assert_eq!(table_meld(set("HA DK S6 C9"), all), None);
    assert_eq!(table_meld_points(set("D6 D7 D9 SA"), all), 0, "6 7 _ 9");
    assert_eq!(table_meld_points(set("H6 H7 H9 H10"), all), 0);
    assert_eq!(table_meld_points(set("H6 H7 S6 S7"), all), 0);
    assert_eq!(table_meld_points(set("HA DA SA C6"), all), 0, "three aces");
    // The table written out agrees, on these tricks and on the four of every rank.
    let fours = Rank::ALL.map(|r| Suit::ALL.map(|s| Card::new(s, r)).to_vec());
    let tricks = [
        ("S6 SJ S9 S10", 20),
        ("C6 C7 C8 C9", 50),
        ("HJ DJ SJ CJ", 200),
        ("H9 D9 S9 C9", 150),
        ("HQ DQ SQ CQ", 100),
        ("D8 C8 H8 S8", 0),
        ("H6 H8 HQ HA", 0),
    ];
    for (cards, points) in tricks {
        let c: Vec<Card> = set(cards).iter().collect();
        assert_eq!(ref_meld(&c, TableMelds::All), points, "{cards}");
    }
    let all_tricks = tricks.map(|(c, _)| set(c).iter().collect::<Vec<Card>>());
    for c in fours.iter().chain(&all_tricks) {
        for melds in [TableMelds::All, TableMelds::Sequences] {
            let cards = CardSet::from_cards(c.iter().copied());
            assert_eq!(
                table_meld_points(cards, melds),
                ref_meld(c, melds),
                "{cards}"
            );
        }
    }
}

#[test]
fn every_four_cards_of_the_pack_make_the_meld_the_table_written_out_gives() {
    // All 58,905 sets of four cards, under both options: the engine's meld is worth what the
    // table written out gives, and is made of cards on the table.
    let pack: Vec<Card> = CardSet::ALL.iter().collect();
    let mut counted = [0u32; 2];
    for a in 0..36 {
        for b in a + 1..36 {
            for c in b + 1..36 {
                for d in c + 1..36 {
                    let four = [pack[a], pack[b], pack[c], pack[d]];
                    let cards = CardSet::from_cards(four);
                    for (i, melds) in [TableMelds::All, TableMelds::Sequences]
                        .into_iter()
                        .enumerate()
                    {
                        let want = ref_meld(&four, melds);
                        assert_eq!(table_meld_points(cards, melds), want, "{cards} {melds:?}");
                        match table_meld(cards, melds) {
                            Some(w) => {
                                assert!(cards.contains_all(w.cards()), "{cards}: {w:?}");
                                assert!(want > 0, "{cards}: {w:?} counts nothing");
                                counted[i] += 1;
                            }
                            None => assert_eq!(want, 0, "{cards}"),
                        }
                    }
                }
            }
        }
    }
    assert_eq!(counted[0] - counted[1], 6, "the fours of J 9 A K Q 10");
}

#[test]
fn under_the_sequences_option_only_sequences_make_a_table_meld() {
    let seq = TableMelds::Sequences;
    for rank in ["J", "9", "A", "K", "Q", "10", "8"] {
        let four = set(&format!("H{rank} D{rank} S{rank} C{rank}"));
        assert_eq!(table_meld(four, seq), None, "four {rank} under sequences");
        assert_eq!(table_meld_points(four, seq), 0);
    }
    assert_eq!(table_meld_points(set("S6 SJ S9 S10"), seq), 20);
    assert_eq!(table_meld_points(set("C6 C7 C8 C9"), seq), 50);
    assert_eq!(table_meld_points(set("HA DK S6 C9"), seq), 0);
}

#[test]
fn options_default_to_eight_deals_and_every_meld_and_refuse_what_cannot_be_played() {
    let d = MolotowOptions::default();
    assert_eq!((d.deals, d.table_melds), (8, TableMelds::All));
    let read: MolotowOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(read, d, "an empty object is the default game");
    assert_eq!(
        serde_json::to_value(d).unwrap(),
        json!({"deals": 8, "table_melds": "all"})
    );
    let seq: MolotowOptions = serde_json::from_str(r#"{"table_melds":"sequences"}"#).unwrap();
    assert_eq!(seq.table_melds, TableMelds::Sequences);
    for bad in [
        r#"{"table_melds":"none"}"#,
        r#"{"players":3}"#,
        r#"{"deals":-1}"#,
    ] {
        assert!(
            serde_json::from_str::<MolotowOptions>(bad).is_err(),
            "{bad}"
        );
    }
    for n in [0, MAX_DEALS + 1] {
        let err = Molotow::new(deals(n)).unwrap_err();
        assert!(err.contains("deals"), "{err}");
    }
    assert!(Molotow::new(deals(1)).is_ok());
    assert!(Molotow::new(deals(MAX_DEALS)).is_ok());
    // A view names the options.
    let g = Molotow::new(seq).unwrap();
    let v = g.public_view_json();
    assert_eq!(
        (&v["deals"], &v["table_melds"]),
        (&json!(8), &json!("sequences"))
    );
    assert_eq!(v["trump"], serde_json::Value::Null);
    assert_eq!(v["totals"], json!([0, 0, 0, 0]));
    assert_eq!(g.players(), 4);
}

// ---------------------------------------------------------------------------------------------
// Dealing.

#[test]
fn nine_cards_are_dealt_in_packets_of_three_from_forehand_and_the_deal_passes_on() {
    let mut dealer = SeededDealer::new(5);
    let mut g = Molotow::new(MolotowOptions::default()).unwrap();
    assert_eq!(refused(&mut g, "play HA"), "no card may be played now");
    let pack = dealer.next_pack();
    let deal = g.deal_from_pack(&pack);
    for s in 0..4 {
        let p = 3 * s;
        assert_eq!(
            deal.hands[s],
            packs(&pack, &[p..p + 3, 12 + p..15 + p, 24 + p..27 + p]),
            "seat {s}, forehand first"
        );
    }
    // Each hand of nine, no card twice: a hand of eight is refused.
    let mut short = deal;
    let c = short.hands[0].first().unwrap();
    short.hands[0].remove(c);
    short.hands[1].insert(c);
    refused_deal(&mut g, short);
    g.apply_deal(deal).unwrap();
    assert_eq!((g.dealer(), g.forehand(), seat_to_move(&g)), (3, 0, 0));
    assert_eq!(g.phase(), MolotowPhase::Play);
    let err = refused_deal(&mut g, deal);
    assert!(err.contains("between deals"), "{err}");
    let not_held = CardSet::ALL - g.hand(0);
    let err = refused(&mut g, &format!("play {}", not_held.first().unwrap()));
    assert!(err.contains("does not hold"), "{err}");
    play_first_legal(&mut g);
    assert_eq!(g.to_move(), ToMove::Deal);
    let pack = dealer.next_pack();
    let deal = g.deal_from_pack(&pack);
    assert_eq!(deal.hands[1], packs(&pack, &[0..3, 12..15, 24..27]));
    g.apply_deal(deal).unwrap();
    assert_eq!((g.dealer(), g.forehand(), seat_to_move(&g)), (0, 1, 1));
    assert_eq!(g.trump(), None, "every deal starts without a trump");
    assert_eq!(g.deals_started(), 2);
}

// ---------------------------------------------------------------------------------------------
// A deal worked card by card.

/// Seat 0 holds no spade, seat 1 no diamond, seat 2 no spade.
const WORKED: [&str; 4] = [
    "HA H10 D6 D9 D10 C9 C10 CJ CQ",
    "HJ H9 HQ S6 S7 S8 S9 C6 C7",
    "H6 HK D7 DJ DQ DK DA CK CA",
    "H7 H8 D8 S10 SJ SQ SK SA C8",
];

/// Plays the first three tricks of the worked deal, checking each.
fn worked_first_tricks(opts: MolotowOptions) -> Molotow {
    let mut g = Molotow::new(opts).unwrap();
    g.apply_deal(HandsDeal {
        hands: hands(WORKED),
    })
    .unwrap();
    // Trick 1: every card follows; no trump; the ace heads the hearts. Under no trump the Under
    // counts 2: HA 11 + HJ 2 = 13.
    assert_eq!(legal(&g), g.hand(0));
    run(&mut g, &["play HA"]);
    assert_eq!(legal(&g), set("HJ H9 HQ"), "no trump yet: follow suit");
    let err = refused(&mut g, "play S6");
    assert!(err.contains("no trump yet: follow suit"), "{err}");
    run(&mut g, &["play HJ", "play H6", "play H7"]);
    assert_eq!(g.trump(), None);
    assert_eq!(g.completed_trick(0), (0, set_vec("HA HJ H6 H7"), 0, 13));
    let v = g.public_view_json();
    assert_eq!(v["trump"], serde_json::Value::Null);
    assert_eq!(v["card_points"], json!([13, 0, 0, 0]));

    // Trick 2: seat 1 has no diamond: any card; its Nell makes hearts trump and takes the trick
    // as a trump. Seats 2 and 3 hold diamonds and lower trumps (HK, H8): a trump under the Nell
    // is refused while holding the suit led.
    run(&mut g, &["play D6"]);
    assert_eq!(legal(&g), g.hand(1), "void, no trump yet: any card");
    run(&mut g, &["play H9"]);
    assert_eq!(g.trump(), Some(Suit::H));
    assert_eq!(g.public_view_json()["trump"], "H");
    assert_eq!(legal(&g), set("D7 DJ DQ DK DA"));
    let err = refused(&mut g, "play HK");
    assert!(err.contains("trump H"), "{err}");
    run(&mut g, &["play D7"]);
    assert_eq!(legal(&g), set("D8"));
    refused(&mut g, "play H8");
    run(&mut g, &["play D8"]);
    // D6 D7 D8 on the table: three in sequence, 20 to the taker; the Nell of trump 14.
    let (leader, cards, winner, points) = g.completed_trick(1);
    assert_eq!((leader, winner), (0, 1), "the new trump takes the diamonds");
    assert_eq!(ref_meld(&cards, opts.table_melds), 20);
    assert_eq!(points, 14 + 20, "the Nell 14 and the table meld 20");
    // The first trick, taken before the trump was set, now counts its Under as the trump's: 31.
    assert_eq!(g.completed_trick(0).3, 11 + 20);
    let v = g.public_view_json();
    assert_eq!(v["tricks"][0]["points"], 31);
    assert_eq!(v["tricks"][1]["points"], 34);
    assert_eq!(v["card_points"], json!([31, 14, 0, 0]));
    assert_eq!(v["melds_taken"], json!([0, 20, 0, 0]));

    // Trick 3: seat 2 has no spade and trumps with the king. Seat 3 holds spades and a lower
    // trump (H8): spades only. Seat 0 has no spade: any card, the ten of trump under the king
    // too (003's weaker rule; the strict rule would refuse it while he holds other suits).
    run(&mut g, &["play S6"]);
    assert_eq!(legal(&g), g.hand(2));
    run(&mut g, &["play HK"]);
    assert_eq!(legal(&g), set("S10 SJ SQ SK SA"));
    refused(&mut g, "play H8");
    refused(&mut g, "play C8");
    run(&mut g, &["play SQ"]);
    let hand0 = g.hand(0);
    assert_eq!(legal(&g), hand0);
    assert!(hand0.contains(card("H10")));
    let trick = g.current_trick().to_vec();
    let strict = legal_cards(hand0, &trick, Mode::Trump(Suit::H), TrickRules::Strict);
    assert!(
        !strict.contains(card("H10")),
        "the strict rule differs here"
    );
    run(&mut g, &["play H10"]);
    // S6 0, HK 4, SQ 3, H10 10.
    assert_eq!(g.completed_trick(2), (1, set_vec("S6 HK SQ H10"), 2, 17));
    let v = g.public_view_json();
    assert_eq!(v["card_points"], json!([31, 14, 17, 0]));
    assert_eq!(v["melds_taken"], json!([0, 20, 0, 0]));
    assert_eq!(v["tricks_taken"], json!([1, 1, 1, 0]));
    g
}

/// The rest of the worked deal, trick by trick from seat 2's lead: (cards in play order, leader,
/// winner, points).
const REST: [(&str, u8, u8, u32); 6] = [
    // HQ trumps the clubs: CA 11 + HQ 3.
    ("CA C8 C9 HQ", 2, 1, 14),
    ("S7 DA SA D9", 1, 3, 22),
    // A trump lead nobody else can follow: H8 0, C10 10, DK 4.
    ("H8 C10 S8 DK", 3, 3, 14),
    ("SK D10 S9 CK", 3, 3, 18),
    ("S10 CJ C6 DJ", 3, 3, 14),
    // The last trick's 5: SJ 2, CQ 3, DQ 3.
    ("SJ CQ C7 DQ", 3, 3, 13),
];

fn worked_deal(opts: MolotowOptions) -> Molotow {
    let mut g = worked_first_tricks(opts);
    for (i, &(cards, leader, winner, points)) in REST.iter().enumerate() {
        assert_eq!(seat_to_move(&g), leader);
        for c in cards.split_whitespace() {
            run(&mut g, &[&format!("play {c}")]);
        }
        let (l, _, w, p) = g.completed_trick(3 + i);
        assert_eq!((l, w, p), (leader, winner, points), "trick {}", 4 + i);
    }
    assert!(g.deal_played());
    g
}

#[test]
fn a_worked_deal_sets_the_trump_by_the_first_card_off_suit_and_writes_card_points_and_melds() {
    let g = worked_deal(MolotowOptions::default());
    // Card points: seat 0 31; seat 1 14 + 14; seat 2 17; seat 3 22 + 14 + 18 + 14 + 13.
    let d = *g.last_deal().unwrap();
    assert_eq!(d.trump, Some(Suit::H));
    assert_eq!(d.card_points, [31, 28, 17, 81]);
    assert_eq!(d.card_points.iter().sum::<u32>(), 157);
    assert_eq!(d.table_melds, [0, 20, 0, 0]);
    assert_eq!(d.points, [31, 48, 17, 81]);
    assert_eq!(d.tricks, [1, 2, 1, 5]);
    assert_eq!(g.total(), [31, 48, 17, 81]);
    // Each trick's points under the deal's trump, worked from the card values.
    let mut by_winner = [0u32; MAX_SEATS];
    for i in 0..9 {
        let (_, cards, winner, points) = g.completed_trick(i);
        let cv: u32 = cards.iter().map(|&c| value(c, Mode::Trump(Suit::H))).sum();
        let last = if i == 8 { 5 } else { 0 };
        assert_eq!(
            points,
            cv + last + ref_meld(&cards, TableMelds::All),
            "trick {i}"
        );
        by_winner[winner as usize] += points;
    }
    assert_eq!(
        by_winner, d.points,
        "the tricks' points are what each wrote"
    );
    // Every seat sees the deal's score; the game goes on to the next deal.
    let v = g.view_json(2);
    assert_eq!(
        v["last_deal"],
        json!({
            "card_points": [31, 28, 17, 81],
            "table_melds": [0, 20, 0, 0],
            "points": [31, 48, 17, 81],
            "tricks": [1, 2, 1, 5],
            "trump": "H",
        })
    );
    assert_eq!(v["totals"], json!([31, 48, 17, 81]));
    assert_eq!(v["melds_taken"], json!([0, 20, 0, 0]));
    assert_eq!(g.phase(), MolotowPhase::Deal);
    assert!(g.winners().is_empty(), "no winner before the last deal");
    // Played as a game of one deal: over, the fewest points win.
    let g = worked_deal(deals(1));
    assert_eq!(g.phase(), MolotowPhase::Over);
    assert_eq!(g.winners(), vec![2]);
    // Under `sequences` the sequence on the table counts the same.
    let g = worked_deal(MolotowOptions {
        table_melds: TableMelds::Sequences,
        ..Default::default()
    });
    assert_eq!(g.last_deal().unwrap().points, [31, 48, 17, 81]);
}

#[test]
fn the_four_of_a_rank_on_the_table_is_written_under_all_and_not_under_sequences() {
    // Each seat holds a whole suit: the four Unders fall in the first trick.
    let h = [
        "DJ D6 D7 D8 D9 D10 DQ DK DA",
        "HJ H6 H7 H8 H9 H10 HQ HK HA",
        "SJ S6 S7 S8 S9 S10 SQ SK SA",
        "CJ C6 C7 C8 C9 C10 CQ CK CA",
    ];
    for (melds, meld) in [(TableMelds::All, 200), (TableMelds::Sequences, 0)] {
        let mut g = Molotow::new(MolotowOptions {
            table_melds: melds,
            ..Default::default()
        })
        .unwrap();
        g.apply_deal(HandsDeal { hands: hands(h) }).unwrap();
        // Seat 0 leads the Under of diamonds; seat 1 has no diamond: its Under makes hearts
        // trump (the Puur, 20) and takes; seats 2 and 3, void too, add theirs (2 each).
        run(&mut g, &["play DJ", "play HJ", "play SJ", "play CJ"]);
        assert_eq!(g.trump(), Some(Suit::H));
        let (_, _, winner, points) = g.completed_trick(0);
        assert_eq!(winner, 1);
        assert_eq!(points, 2 + 20 + 2 + 2 + meld, "{melds:?}");
        assert_eq!(g.public_view_json()["melds_taken"], json!([0, meld, 0, 0]));
        play_first_legal(&mut g);
        let d = g.last_deal().unwrap();
        assert_eq!(d.card_points.iter().sum::<u32>(), 157);
        assert!(d.table_melds[1] >= meld);
        for s in 0..4 {
            assert_eq!(d.points[s], d.card_points[s] + d.table_melds[s]);
        }
    }
}

#[test]
fn a_trump_set_in_the_last_trick_counts_every_trick_before_it_by_the_trump() {
    // Seat 0 holds the ace and king of every suit; each seat holds two cards of every suit and
    // one more: seat 0 a diamond, seat 1 a heart, seat 2 a spade, seat 3 a club. Seat 0 leads
    // its aces and kings and everyone follows: no trump for eight tricks.
    let mut g = Molotow::new(MolotowOptions::default()).unwrap();
    g.apply_deal(HandsDeal {
        hands: hands([
            "HA HK DA DK SA SK CA CK D6",
            "HQ HJ DQ DJ SQ SJ CQ CJ H6",
            "H10 H9 D10 D9 S10 S9 C10 C9 S6",
            "H8 H7 D8 D7 S8 S7 C8 C7 C6",
        ]),
    })
    .unwrap();
    let leads = [
        "HA HJ H9 H7",
        "HK HQ H10 H8",
        "DA DQ D10 D8",
        "DK DJ D9 D7",
        "SA SQ S10 S8",
        "SK SJ S9 S7",
        "CA CQ C10 C8",
        "CK CJ C9 C7",
    ];
    for t in leads {
        assert_eq!(seat_to_move(&g), 0);
        for c in t.split_whitespace() {
            run(&mut g, &[&format!("play {c}")]);
        }
    }
    assert_eq!(g.trump(), None, "every card followed");
    // Without a trump the ace of hearts took the Under and the nine: 11 + 2 + 0 + 0.
    assert_eq!(g.completed_trick(0).2, 0);
    assert_eq!(g.completed_trick(0).3, 13);
    // The suits as plain suits: 30 each, the eights nothing.
    assert_eq!(g.public_view_json()["card_points"], json!([120, 0, 0, 0]));
    // The last trick: seat 1 has no diamond; its six of hearts makes hearts trump and takes the
    // trick (four sixes on the table: nothing). Only the 5 of the last trick.
    run(&mut g, &["play D6", "play H6"]);
    assert_eq!(g.trump(), Some(Suit::H));
    run(&mut g, &["play S6", "play C6"]);
    assert_eq!(g.completed_trick(8), (0, set_vec("D6 H6 S6 C6"), 1, 5));
    // The first trick keeps its taker but counts the Puur 20 and the Nell 14: 11 + 20 + 14.
    assert_eq!(g.completed_trick(0).2, 0);
    assert_eq!(g.completed_trick(0).3, 45);
    // Hearts as trump 62, the other suits 30 each: 152 to seat 0, 5 to seat 1.
    let d = g.last_deal().unwrap();
    assert_eq!(d.trump, Some(Suit::H));
    assert_eq!(d.card_points, [152, 5, 0, 0]);
    assert_eq!(d.table_melds, [0; 4]);
    assert_eq!(d.points, [152, 5, 0, 0]);
    assert_eq!(d.tricks, [8, 1, 0, 0]);
    assert_eq!(g.public_view_json()["card_points"], json!([152, 5, 0, 0]));
}

#[test]
fn once_a_trump_is_set_a_player_holding_the_suit_led_may_not_undertrump_and_one_without_may() {
    let mut g = Molotow::new(MolotowOptions::default()).unwrap();
    g.apply_deal(HandsDeal {
        hands: hands([
            "D6 S10 DJ DQ DK C6 C7 C8 C9",
            "H6 H8 H9 HJ S9 SJ C10 CJ CQ",
            "SA SQ S8 DA D10 D9 D8 CK CA",
            "SK S7 S6 D7 H7 H10 HQ HK HA",
        ]),
    })
    .unwrap();
    let spades = Mode::Trump(Suit::S);
    // The legal cards of the seat to move: as the rule written out, and as the core's weaker
    // rule.
    let check = |g: &Molotow| -> CardSet {
        let seat = seat_to_move(g) as usize;
        let l = legal(g);
        assert_eq!(l, ref_legal(g.hand(seat), g.current_trick(), g.trump()));
        if let Some(t) = g.trump() {
            let weak = legal_cards(
                g.hand(seat),
                g.current_trick(),
                Mode::Trump(t),
                TrickRules::Weak,
            );
            assert_eq!(l, weak);
        }
        l
    };
    // Trick 1: the Nell of spades, off suit, makes spades trump. Seats 2 and 3 hold diamonds and
    // only trumps under the Nell: diamonds only.
    run(&mut g, &["play D6"]);
    assert_eq!(check(&g), g.hand(1));
    run(&mut g, &["play S9"]);
    assert_eq!(g.trump(), Some(Suit::S));
    assert_eq!(check(&g), set("DA D10 D9 D8"));
    for c in ["SA", "SQ", "S8", "CK"] {
        refused(&mut g, &format!("play {c}"));
    }
    run(&mut g, &["play DA"]);
    assert_eq!(check(&g), set("D7"));
    run(&mut g, &["play D7"]);
    assert_eq!(g.completed_trick(0).2, 1, "the Nell takes");
    // Trick 2: seat 2 has no heart and trumps with the ace. Seat 3 holds hearts and only lower
    // trumps (SK S7 S6): hearts only. Seat 0 has no heart: any card, the ten of trump under the
    // ace too, though he holds diamonds and clubs (the strict rule would refuse it).
    run(&mut g, &["play H6"]);
    assert_eq!(check(&g), g.hand(2));
    run(&mut g, &["play SA"]);
    assert_eq!(check(&g), set("H7 H10 HQ HK HA"));
    refused(&mut g, "play SK");
    refused(&mut g, "play S6");
    run(&mut g, &["play H7"]);
    assert_eq!(check(&g), g.hand(0));
    let strict = legal_cards(g.hand(0), g.current_trick(), spades, TrickRules::Strict);
    assert!(!strict.contains(card("S10")));
    run(&mut g, &["play S10"]);
    // H6 0, SA 11, H7 0, S10 10.
    assert_eq!(g.completed_trick(1), (1, set_vec("H6 SA H7 S10"), 2, 21));
    // Trick 3, a trump lead: follow with a trump; seat 0 has none; seat 1's only trump is the
    // Puur, which is never forced: any card.
    run(&mut g, &["play SQ"]);
    assert_eq!(check(&g), set("SK S7 S6"));
    refused(&mut g, "play HA");
    run(&mut g, &["play S6"]);
    assert_eq!(check(&g), g.hand(0));
    run(&mut g, &["play C6"]);
    assert_eq!(check(&g), g.hand(1));
    assert!(g.hand(1).contains(card("SJ")));
    run(&mut g, &["play H8"]);
    assert_eq!(g.completed_trick(2).2, 2);
}

// ---------------------------------------------------------------------------------------------
// The game's end.

#[test]
fn the_fewest_total_points_win_ties_share_and_there_is_no_winner_before_the_end() {
    let two = deals(2);
    // Deal 1 writes [60, 30, 50, 187] (seat 3: four nines on the table), deal 2 [50, 80, 107,
    // 20] (seat 2: four aces).
    let d1 = ([40, 30, 50, 37], [20, 0, 0, 150], [2, 2, 3, 2]);
    let d2 = ([50, 80, 7, 20], [0, 0, 100, 0], [3, 3, 1, 2]);
    let g = Molotow::scored(two, &[d1]).unwrap();
    assert_eq!(g.phase(), MolotowPhase::Deal);
    assert_eq!(g.total(), [60, 30, 50, 187]);
    assert!(g.winners().is_empty(), "winners only at the end");
    let g = Molotow::scored(two, &[d1, d2]).unwrap();
    assert_eq!(g.phase(), MolotowPhase::Over);
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.total(), [110, 110, 157, 207]);
    assert_eq!(
        g.winners(),
        vec![0, 1],
        "a tie for the fewest shares the win"
    );
    let d = g.last_deal().unwrap();
    assert_eq!(d.points, [50, 80, 107, 20]);
    let v = g.public_view_json();
    assert_eq!(v["totals"], json!([110, 110, 157, 207]));
    assert_eq!(v["last_deal"]["points"], json!([50, 80, 107, 20]));
    assert_eq!(v["last_deal"]["table_melds"], json!([0, 0, 100, 0]));
    let err = Molotow::scored(two, &[d1, d2, d1]).unwrap_err();
    assert!(err.contains("over"), "{err}");
    // The melds decide: fewest card points, but a meld puts seat 0 above seat 1.
    let g = Molotow::scored(deals(1), &[([10, 40, 50, 57], [0; 4], [1, 2, 3, 3])]).unwrap();
    assert_eq!(g.winners(), vec![0]);
    let g = Molotow::scored(deals(1), &[([10, 40, 50, 57], [50, 0, 0, 0], [1, 2, 3, 3])]).unwrap();
    assert_eq!(g.winners(), vec![1]);
    // All equal: all four win.
    let g = Molotow::scored(deals(1), &[([40, 40, 40, 37], [0, 0, 0, 3], [2; 4])]).unwrap();
    assert_eq!(g.winners(), vec![0, 1, 2, 3]);
}

// ---------------------------------------------------------------------------------------------
// Records.

#[test]
fn whole_seeded_games_are_recorded_checked_and_read_back() {
    for (opts, seed) in [
        (MolotowOptions::default(), 17),
        (
            MolotowOptions {
                deals: 3,
                table_melds: TableMelds::Sequences,
            },
            29,
        ),
    ] {
        let rec = play_recorded(opts, seed, &mut players(4, seed)).unwrap();
        rec.check().unwrap();
        assert_eq!(rec.deals.len() as u32, opts.deals);
        let mut totals = vec![0u32; 4];
        for d in &rec.deals {
            assert_eq!(d.hands.len(), 4);
            assert!(d.hands.iter().all(|h| h.len() == 9));
            assert_eq!(d.tricks.len(), 9);
            assert_eq!(d.dealer as usize, (d.number as usize + 2) % 4);
            let r = &d.result;
            assert!(
                matches!(r.trump, Some(Mode::Trump(_))),
                "every deal has a trump"
            );
            assert_eq!(r.card_points.iter().sum::<u32>(), 157);
            for (s, total) in totals.iter_mut().enumerate() {
                assert_eq!(r.points[s], r.card_points[s] + r.table_melds[s]);
                *total += r.points[s];
            }
            assert_eq!(r.totals, totals);
            assert_eq!(r.tricks.iter().map(|&t| u32::from(t)).sum::<u32>(), 9);
            let by_tricks: u32 = d.tricks.iter().map(|t| t.points).sum();
            let melds: u32 = d
                .tricks
                .iter()
                .map(|t| ref_meld(&t.cards, opts.table_melds))
                .sum();
            assert_eq!(r.table_melds.iter().sum::<u32>(), melds);
            assert_eq!(by_tricks, 157 + melds, "a trick's points include its meld");
        }
        assert_eq!(rec.result.totals, totals);
        let best = *totals.iter().min().unwrap();
        let winners: Vec<u8> = (0..4)
            .filter(|&s| totals[s] == best)
            .map(|s| s as u8)
            .collect();
        assert_eq!(rec.result.winners, winners);
        assert!(!rec.result.stopped);
        // Written and read back alike; a wrong figure is caught.
        let json = read_back(&rec, "molotow");
        let mut wrong = rec.clone();
        wrong.deals[0].result.table_melds[0] += 20;
        let err = wrong.check().unwrap_err().to_string();
        assert!(err.contains("table_melds"), "{err}");
        let mut wrong = rec.clone();
        let t = wrong.deals[0].result.trump;
        wrong.deals[0].result.trump = if t == Some(Mode::Trump(Suit::D)) {
            Some(Mode::Trump(Suit::C))
        } else {
            Some(Mode::Trump(Suit::D))
        };
        assert!(wrong.check().is_err(), "the trump is the engine's");
        let mut wrong = rec.clone();
        wrong.result.winners = vec![0, 1, 2, 3];
        assert!(wrong.check().is_err() || winners == vec![0, 1, 2, 3]);
        let mut stoeck: serde_json::Value = serde_json::from_str(&json).unwrap();
        stoeck["deals"][0]["actions"][0] = json!({"seat": 0, "action": "stoeck"});
        assert!(
            GameRecord::<Molotow>::from_value(stoeck).is_err(),
            "no Stöck in Molotow"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Properties over seeded random games.

/// Checks every deal of a random game against the rules written out: the trump is the first
/// card off suit, each trick is taken and counted as the rules say, the deal writes card points
/// (157) and melds, the totals add up.
fn random_molotow(opts: MolotowOptions, seed: u64) -> (Molotow, u32) {
    let mut totals = [0u32; MAX_SEATS];
    random_game::<MolotowRules>(
        opts,
        seed,
        |_| CardSet::EMPTY,
        move |g: &Molotow| {
            let d = *g.last_deal().unwrap();
            let tricks: Vec<_> = (0..9).map(|i| g.completed_trick(i)).collect();
            // Four players can never all follow suit in all nine tricks (nine cards of a suit do not
            // fall four to a trick): every deal has a trump.
            let (set_at, t) = first_off_suit(&tricks).expect("a card off suit");
            assert_eq!(d.trump, Some(t), "the first card off suit sets the trump");
            let (mut cp, mut melds, mut count) = ([0u32; 4], [0u32; 4], [0u8; 4]);
            for (i, (leader, cards, winner, points)) in tricks.iter().enumerate() {
                let in_force = (i >= set_at).then_some(t);
                let w = (*leader as usize + ref_winner(cards, in_force)) % 4;
                assert_eq!(*winner as usize, w, "trick {i}: {cards:?}");
                let c = cards.iter().map(|&c| value(c, Mode::Trump(t))).sum::<u32>()
                    + if i == 8 { 5 } else { 0 };
                let m = ref_meld(cards, opts.table_melds);
                assert_eq!(*points, c + m, "trick {i}: {cards:?}");
                cp[w] += c;
                melds[w] += m;
                count[w] += 1;
            }
            assert_eq!(d.card_points, cp);
            assert_eq!(cp.iter().sum::<u32>(), 157);
            assert_eq!(d.table_melds, melds);
            assert_eq!(d.tricks, count);
            for s in 0..4 {
                assert_eq!(d.points[s], cp[s] + melds[s]);
                totals[s] += d.points[s];
            }
            assert_eq!(g.total(), totals, "the totals are the sums of the deals");
            let v = g.public_view_json();
            assert_eq!(v["totals"], json!(totals));
            assert_eq!(v["last_deal"]["points"], json!(d.points));
            assert_eq!(
                v["card_points"],
                json!(cp),
                "the view counts by the trump too"
            );
            assert_eq!(v["melds_taken"], json!(melds));
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_write_157_and_the_melds_a_deal_and_the_fewest_points_win(
        seed in 0u64..1_000_000,
        sequences in any::<bool>(),
        n in 1u32..=4,
    ) {
        let opts = MolotowOptions {
            deals: n,
            table_melds: if sequences { TableMelds::Sequences } else { TableMelds::All },
        };
        let (g, played) = random_molotow(opts, seed);
        prop_assert_eq!(played, n, "the game ends after its deals");
        prop_assert_eq!(g.phase(), MolotowPhase::Over);
        let total = g.total();
        let best = *total.iter().min().unwrap();
        let winners: Vec<u8> = (0..4).filter(|&s| total[s] == best).map(|s| s as u8).collect();
        prop_assert_eq!(g.winners(), winners);
    }
}

#[test]
fn a_default_game_at_random_ends_after_eight_deals() {
    let (g, played) = random_molotow(MolotowOptions::default(), 4242);
    assert_eq!(played, 8);
    assert_eq!(g.deals_started(), 8);
    assert!(!g.winners().is_empty());
}

/// Checks the legal cards at every step against [`ref_legal`] and what every view names; counts
/// the steps where a player without the suit led could go under a trump in the trick.
#[derive(Default)]
struct LegalChecks {
    steps: u32,
    undertrumps_allowed: u32,
    undertrumps_refused: u32,
}

impl Driver<Molotow> for LegalChecks {
    fn choose(
        &mut self,
        g: &Molotow,
        seat: usize,
        legal: &ActionList<CardPlayAction>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> CardPlayAction {
        let cards = legal.played_cards();
        assert_eq!(cards.len() as usize, legal.len(), "only cards are played");
        let hand = g.hand(seat);
        assert!(hand.contains_all(cards), "every legal card is in the hand");
        let trick = g.current_trick();
        assert_eq!(
            cards,
            ref_legal(hand, trick, g.trump()),
            "{hand} to {trick:?}"
        );
        if let (Some(t), Some(lead)) = (g.trump(), trick.first()) {
            let top = trick
                .iter()
                .filter(|c| c.suit() == t)
                .map(|c| trump_order(c.rank()))
                .max();
            let lower = hand
                .of_suit(t)
                .iter()
                .any(|c| top.is_some_and(|m| trump_order(c.rank()) < m));
            if lead.suit() != t && lower {
                if hand.of_suit(lead.suit()).is_empty() {
                    self.undertrumps_allowed += 1;
                } else {
                    self.undertrumps_refused += 1;
                }
            }
        }
        // No view names a card of another hand: only the seat's own and the cards played.
        let played: CardSet = trick
            .iter()
            .copied()
            .chain((0..g.tricks_done()).flat_map(|i| g.completed_trick(i).1))
            .collect();
        for s in 0..4 {
            let seen = view_cards(&g.view_json(s));
            assert!(
                (g.hand(s) | played).contains_all(seen),
                "seat {s} sees {seen}"
            );
        }
        let public = view_cards(&g.public_view_json());
        assert!(played.contains_all(public), "spectators see {public}");
        self.steps += 1;
        legal.get(uniform_below(rng, legal.len() as u32) as usize)
    }
}

#[test]
fn every_legal_card_follows_the_weaker_undertrumping_rule_in_many_random_games() {
    let mut checks = LegalChecks::default();
    for seed in 0..40 {
        let mut g = Molotow::new(deals(2)).unwrap();
        let played = drive(&mut g, seed, seed + 1000, 2, &mut checks);
        assert_eq!(played, 2);
    }
    assert_eq!(checks.steps, 40 * 2 * 36);
    // Both sides of the rule came up.
    assert!(
        checks.undertrumps_allowed > 0,
        "{}",
        checks.undertrumps_allowed
    );
    assert!(
        checks.undertrumps_refused > 0,
        "{}",
        checks.undertrumps_refused
    );
}

//! Bieter (JassWiki "Bieter", "Bieter (3 Spieler)", "Bieter (4 Spieler)", "Schafhauser (3
//! Spieler)"; 004 "Bieter"). What is tested:
//!
//! - deals worked by hand, every figure added up here from the card values (trump J 20, 9 14,
//!   A 11, 10 10, K 4, Q 3; plain A 11, 10 10, K 4, Q 3, J 2; Obenabe's 8s 8; the last trick 5):
//!   - a first deal for three: the auction from forehand (600 at least, overbids of ten or more,
//!     a pass final), the King taking the six table cards (the face-down ones shown to the
//!     Bauern), laying six away, naming trump; the melds of the party of the best single meld
//!     (both Bauern's counting, the King's not) written after the first trick, before its
//!     points; Stöck when the second card falls; each trick when taken; the discards for the
//!     King at the end; a Matsch of 100;
//!   - a later deal: the dealer's last card for trump, in his hand; the King staying (points
//!     for both parties trick by trick, the King's melds, a Bauer's Stöck), dropping (a Matsch of
//!     257 for the Bauern and a Bauer's Stöck, the King's Stöck never);
//!   - Hindersi lost at the first trick the King takes (the deal ends there, 257 to the Bauern)
//!     and made (257 to the King), the melds compared by height as in JassWiki's "ein Dreiblatt
//!     von einem König ist besser als ein Dreiblatt von einem Neuner";
//!   - four Nines scoring 150 (004 and JassWiki), the two Bauern's melds adding up;
//!   - the Partie ending the moment a target is reached (on a Bauer's Stöck in mid-trick; on
//!     the King's melds before the first trick's points), the cards left unplayed, Schneider and
//!     the settlement for three and for four;
//!   - the four-player game: eight cards and four on the table, 350 at least, Obenabe, nine
//!     cards a seat in a later deal;
//! - `deal_from_pack`: the packets of a first deal (5, 3 face down, 3 face up, 5 from forehand;
//!   with four 4, 2, 2, 4) and of a later deal (12 in packets of four, 9 in packets of three,
//!   the last card, the dealer's, turned), the dealer turning every deal, all passing throwing
//!   the cards in and the next dealer dealing a first deal again;
//! - refusals: every illegal action and every wrong deal is refused with its reason and changes
//!   nothing; options that would offer more bids than a list of actions holds are refused;
//! - properties over many seeded random Partien (three and four players, several option sets):
//!   every legal card is held and is what `trick::legal_cards` allows under the strict rules;
//!   every deal played out in a trump suit, Obenabe or Undenufe writes 157 with the discards,
//!   each trick's points to its party, the Matsch, the Stöck and the melds as they should; the
//!   Hindersi and the dropped deals as they should; the totals add up deal by deal; no view (a
//!   seat's, the spectators') shows a card of another seat, the King's discards (but to him) or
//!   the face-down table cards (before the auction ends, and never to a Bauer without
//!   `show_hidden`);
//! - records played, `check()`ed and read back equal; a record with a card or a figure changed
//!   is refused.

mod common;

use common::{
    assert_worked, card, check_legal_cards, drive, legal_actions, packs, play_first_legal,
    play_trick, points_of, random_players, read_back, refused, refused_deal, run, seat_to_move,
    set, stoeck_holder, view_cards, Driver,
};
use jass_core::bieter::{
    play_recorded, Bieter, BieterAction, BieterContract, BieterDeal, BieterOptions, BieterPhase,
    BieterTally, Discards, BAUERN, KING, WEIS_RULES,
};
use jass_core::deal::{ordered_pack, uniform_below, SeededDealer};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::{Card, CardSet, Mode, Suit, UndenufeEleven};
use rand_xoshiro::Xoshiro256PlusPlus;

// ---------------------------------------------------------------------------------------------
// Helpers.

fn game(opts: BieterOptions) -> Bieter {
    Bieter::new(opts).unwrap()
}

fn four_players() -> BieterOptions {
    BieterOptions {
        players: 4,
        min_bid: 350,
        ..BieterOptions::default()
    }
}

/// Plays one trick, each seat its card (`by_seat[s]`, played when the game asks that seat), and
/// checks who took it. Returns the engine's points of the trick.
fn trick_to(g: &mut Bieter, by_seat: &[&str], winner: u8) -> u32 {
    let n = g.players() as usize;
    assert_eq!(by_seat.len(), n);
    let done = g.card_play().tricks_done();
    play_trick(g, n, |s| by_seat[s]);
    assert_eq!(g.card_play().tricks_done(), done + 1);
    let (_, cards, w, p) = g.completed_trick(done as usize);
    assert_eq!(cards.len(), n);
    assert_eq!(w, winner, "trick {} {by_seat:?}", done + 1);
    p
}

/// As `trick_to`, and the trick's points: `points` is worked out by hand in the test's comments,
/// checked here against the card values, then against the engine.
fn trick(g: &mut Bieter, by_seat: &[&str], winner: u8, points: u32) {
    let mode = g.card_play().mode();
    let last = g.card_play().tricks_done() + 1 == g.card_play().tricks_in_deal();
    assert_worked(by_seat, mode, UndenufeEleven::Six, last, points);
    assert_eq!(trick_to(g, by_seat, winner), points, "{by_seat:?}");
}

/// A tally, field by field: `[King, Bauern]` each but the discards.
struct Tally {
    card_points: [u32; 2],
    tricks: [u8; 2],
    melds: [u32; 2],
    stoeck: [u32; 2],
    discards: u32,
    matsch: [u32; 2],
    written: [u32; 2],
}

fn assert_tally(t: BieterTally, want: Tally) {
    assert_eq!(t.card_points, want.card_points, "card points");
    assert_eq!(t.tricks, want.tricks, "tricks");
    assert_eq!(t.melds, want.melds, "melds");
    assert_eq!(t.stoeck, want.stoeck, "Stöck");
    assert_eq!(t.discards, want.discards, "discards");
    assert_eq!(t.matsch, want.matsch, "Matsch");
    assert_eq!(t.written, want.written, "written");
    for p in [KING, BAUERN] {
        let discards = if p == KING { want.discards } else { 0 };
        assert_eq!(
            want.written[p],
            want.card_points[p] + want.melds[p] + want.stoeck[p] + want.matsch[p] + discards,
            "the figures of party {p} add up"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The worked Partie for three: dealer seat 2, forehand seat 0, the King seat 1.

/// The first deal. Seat 1 takes the table (HQ CK S9 face down, HK D6 D10 face up) and lays
/// away DQ S8 CK S9 D6 D10 (3 + 0 + 4 + 0 + 0 + 10 = 17 points in hearts), keeping HJ H9 HA HK
/// HQ DA DK SA SK CA: four Aces (100) with hearts K Q J (20), and Stöck. Seat 0 holds clubs 10 9
/// 8 7 6 (100, five cards: longer than four Aces), seat 2 spades Q J 10 (20).
fn first_deal_cards() -> BieterDeal {
    BieterDeal {
        hands: [
            set("C6 C7 C8 C9 C10 H10 H8 D7 S7 D8"),
            set("HJ H9 HA DA DK SA SK CA DQ S8"),
            set("H7 H6 D9 DJ SJ SQ S10 CJ CQ S6"),
            CardSet::EMPTY,
        ],
        table_hidden: set("HQ CK S9"),
        table_open: set("HK D6 D10"),
        trump_card: None,
    }
}

const KING_DISCARDS: [&str; 6] = [
    "discard DQ",
    "discard S8",
    "discard CK",
    "discard S9",
    "discard D6",
    "discard D10",
];

/// The first deal's tricks in hearts, by seat `[0, 1, 2]`, with the winner and the points worked
/// by hand. The King takes every trick: forehand leads a low diamond, then the King draws the
/// trumps and cashes his Aces and Kings, Stöck falling with HQ in the last trick.
const FIRST_TRICKS: [([&str; 3], u8, u32); 10] = [
    (["D7", "DA", "D9"], 1, 11),  // 0 + 11 + 0
    (["H8", "HJ", "H6"], 1, 20),  // 0 + 20 + 0
    (["H10", "H9", "H7"], 1, 24), // 10 + 14 + 0
    (["S7", "HA", "CQ"], 1, 14),  // 0 + 11 + 3
    (["D8", "DK", "DJ"], 1, 6),   // 0 + 4 + 2
    (["C6", "SA", "S6"], 1, 11),  // 0 + 11 + 0
    (["C7", "SK", "S10"], 1, 14), // 0 + 4 + 10
    (["C8", "CA", "CJ"], 1, 13),  // 0 + 11 + 2
    (["C9", "HK", "SJ"], 1, 6),   // 0 + 4 + 2
    (["C10", "HQ", "SQ"], 1, 21), // 10 + 3 + 3 + 5 (last trick)
];

/// The default auction of the worked Partie: the King bids 640.
const AUCTION: [&str; 6] = ["bid 600", "bid 620", "pass", "bid 630", "bid 640", "pass"];

/// The worked first deal played with `auction` (seat 1 must become King): afterwards the King
/// has 140 + 17 + 20 + 100 = 277, the Bauern 120.
fn after_first_deal(opts: BieterOptions, auction: &[&str]) -> Bieter {
    let mut g = game(opts);
    g.apply_deal(first_deal_cards()).unwrap();
    run(&mut g, auction);
    assert_eq!(g.king(), Some(1));
    run(&mut g, &KING_DISCARDS);
    run(&mut g, &["contract H"]);
    for (cards, w, p) in FIRST_TRICKS {
        trick(&mut g, &cards, w, p);
    }
    assert_eq!(g.totals(), [277, 120]);
    assert_eq!(g.phase(), BieterPhase::Deal);
    g
}

/// The second deal (dealer seat 0, forehand seat 1, the King): twelve cards each, `trump_card`
/// the dealer's. With spades trump: the King holds diamonds A K Q and hearts 8 7 6 (20 + 20),
/// seat 0 diamonds 10 9 8 (20, lower), seat 2 Stöck (SK SQ).
fn later_deal(trump_card: &str) -> BieterDeal {
    BieterDeal {
        hands: [
            set("D10 D9 D8 HA HK HJ CK CQ C7 SA S10 S8"),
            set("DA DK DQ H6 H7 H8 CA C10 C6 SJ S9 S6"),
            set("DJ D7 D6 HQ H10 H9 CJ C9 C8 SK SQ S7"),
            CardSet::EMPTY,
        ],
        table_hidden: CardSet::EMPTY,
        table_open: CardSet::EMPTY,
        trump_card: Some(card(trump_card)),
    }
}

/// The second deal's tricks in spades (trump card S8), by seat `[0, 1, 2]`.
const SECOND_TRICKS: [([&str; 3], u8, u32); 12] = [
    (["D8", "DA", "D6"], 1, 11),  // 0 + 11 + 0
    (["D9", "DK", "D7"], 1, 4),   // 0 + 4 + 0
    (["D10", "DQ", "DJ"], 1, 15), // 10 + 3 + 2
    (["HA", "H6", "H9"], 0, 11),  // 11 + 0 + 0 (hearts are plain: the 9 counts nothing)
    (["HK", "H7", "H10"], 0, 14), // 4 + 0 + 10
    (["HJ", "H8", "HQ"], 2, 5),   // 2 + 0 + 3
    (["S8", "S6", "SQ"], 2, 3),   // 0 + 0 + 3: seat 2 leads the first of its Stöck
    (["S10", "SJ", "SK"], 1, 34), // 10 + 20 + 4: seat 2 leads the second, Stöck 20
    (["SA", "S9", "S7"], 1, 25),  // 11 + 14 + 0
    (["C7", "CA", "C8"], 1, 11),  // 0 + 11 + 0
    (["CQ", "C10", "C9"], 0, 13), // 3 + 10 + 0
    (["CK", "C6", "CJ"], 0, 11),  // 4 + 0 + 2 + 5 (last trick)
];

// ---------------------------------------------------------------------------------------------
// Worked deals.

#[test]
fn a_first_deal_worked_by_hand_auction_table_discards_melds_stoeck_tricks_and_matsch() {
    let mut g = game(BieterOptions::default());
    assert_eq!((g.phase(), g.to_move()), (BieterPhase::Deal, ToMove::Deal));
    g.apply_deal(first_deal_cards()).unwrap();
    assert_eq!((g.dealer(), g.forehand(), g.deals_started()), (2, 0, 1));
    assert!(g.is_first_deal());
    assert_eq!(g.phase(), BieterPhase::Auction);

    // Before the auction ends nobody sees the face-down cards; everyone the face-up ones.
    let hidden = set("HQ CK S9");
    let open = set("HK D6 D10");
    for s in 0..3 {
        let seen = view_cards(&g.view_json(s));
        assert!((seen & hidden).is_empty(), "seat {s} sees a face-down card");
        assert_eq!(
            seen,
            g.hand(s as u8) | open,
            "seat {s}: its hand and the open cards"
        );
    }
    assert_eq!(view_cards(&g.public_view_json()), open);

    // The auction from forehand: 600 at least, then ten above the last or more; a pass is final.
    assert_eq!(seat_to_move(&g), 0);
    let offered = legal_actions(&g);
    assert_eq!(offered.first(), Some(&BieterAction::Bid { points: 600 }));
    assert_eq!(offered.len(), 41 + 1, "600 to 1000 in tens, and pass");
    assert_eq!(offered.last(), Some(&BieterAction::Pass));
    run(&mut g, &["bid 600"]);
    assert_eq!(seat_to_move(&g), 1);
    run(&mut g, &["bid 620"]);
    assert_eq!(seat_to_move(&g), 2);
    run(&mut g, &["pass"]);
    assert_eq!(seat_to_move(&g), 0);
    assert_eq!(
        legal_actions(&g).first(),
        Some(&BieterAction::Bid { points: 630 })
    );
    run(&mut g, &["bid 630"]);
    assert_eq!(seat_to_move(&g), 1, "seat 2 passed and speaks no more");
    run(&mut g, &["bid 640"]);
    assert_eq!(seat_to_move(&g), 0);
    run(&mut g, &["pass"]);
    assert_eq!(g.king(), Some(1));
    assert_eq!(g.high_bid(), Some((640, 1)));
    assert_eq!(g.targets(), [640, 1000]);
    let bid = |points| BieterAction::Bid { points };
    assert_eq!(
        g.auction(),
        vec![
            (0, bid(600)),
            (1, bid(620)),
            (2, BieterAction::Pass),
            (0, bid(630)),
            (1, bid(640)),
            (0, BieterAction::Pass)
        ]
    );

    // The King takes the six table cards; the face-down ones are shown to all.
    assert_eq!(g.phase(), BieterPhase::Discard);
    assert_eq!(seat_to_move(&g), 1);
    let dealt_king = first_deal_cards().hands[1];
    assert_eq!(g.hand(1), dealt_king | hidden | open);
    assert_eq!(g.hand(1).len(), 16);
    assert_eq!(legal_actions(&g).len(), 16, "any of his sixteen cards");
    assert_eq!(
        view_cards(&g.public_view_json()),
        open | hidden,
        "the face-down cards shown"
    );
    assert_eq!(
        serde_json::to_value(hidden).unwrap(),
        g.view_json(0)["table_hidden"]
    );

    // He lays six away, one at a time; the Bauern learn only how many.
    run(&mut g, &KING_DISCARDS);
    let laid_away = set("DQ S8 CK S9 D6 D10");
    assert_eq!(g.laid_away(), laid_away);
    assert_eq!(g.phase(), BieterPhase::Contract);
    let king_view = g.view_json(1);
    assert_eq!(
        king_view["laid_away"],
        serde_json::to_value(laid_away).unwrap()
    );
    for v in [g.view_json(0), g.view_json(2), g.public_view_json()] {
        assert_eq!(v["discards"], 6);
        assert!(
            (view_cards(&v) & set("DQ S8")).is_empty(),
            "the King's own discards are his"
        );
    }
    let final_king = set("HJ H9 HA HK HQ DA DK SA SK CA");
    assert_eq!(g.hand(1), final_king);
    assert_eq!(
        legal_actions(&g).len(),
        7,
        "four suits, obenabe, undenufe, hindersi"
    );

    // Hearts trump; forehand leads.
    run(&mut g, &["contract H"]);
    assert_eq!(
        g.contract(),
        Some(BieterContract::Mode(Mode::Trump(Suit::H)))
    );
    assert_eq!(g.phase(), BieterPhase::Play);
    assert_eq!(seat_to_move(&g), 0);
    assert_eq!(g.start_hands()[1], final_king);

    // The first trick; then the melds: seat 0's five clubs (100, five cards) is the best single
    // meld, above the King's four Aces (100, four cards), so the Bauern write it with seat 2's
    // three spades (20); the King's 120 nothing. The melds are written before the trick's
    // points, the trick's 11 to the King.
    let (cards, w, p) = FIRST_TRICKS[0];
    trick(&mut g, &cards, w, p);
    let shown: Vec<(u8, CardSet, u32)> = g
        .shown_melds()
        .iter()
        .map(|m| {
            (
                m.seat,
                m.weis.cards(),
                m.weis.points(Mode::Trump(Suit::H), &WEIS_RULES),
            )
        })
        .collect();
    assert_eq!(
        shown,
        vec![(0, set("C6 C7 C8 C9 C10"), 100), (2, set("S10 SJ SQ"), 20)]
    );
    assert_eq!(g.tally().melds, [0, 120]);
    assert_eq!(g.totals(), [11, 120]);
    for s in 0..3 {
        assert_eq!(g.view_json(s)["melds"].as_array().unwrap().len(), 2);
    }

    // Each trick is written when taken.
    let mut king = 11;
    for &(cards, w, p) in &FIRST_TRICKS[1..9] {
        trick(&mut g, &cards, w, p);
        king += p;
        assert_eq!(g.totals(), [king, 120]);
    }
    assert_eq!(king, 119);
    // The last trick: the King's HQ, his second Stöck card, writes 20 at once.
    assert_eq!(g.stoeck_scored(), None);
    assert_eq!(seat_to_move(&g), 1);
    run(&mut g, &["play HQ"]);
    assert_eq!(g.stoeck_scored(), Some(1));
    assert_eq!(g.totals(), [139, 120]);
    run(&mut g, &["play SQ", "play C10"]);
    // The trick (21), the discards (17) and the Matsch (100).
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_eq!(g.completed_trick(9).3, 21);
    assert_eq!(points_of(laid_away, Mode::Trump(Suit::H)), 17);
    assert_tally(
        g.tally(),
        Tally {
            card_points: [140, 0],
            tricks: [10, 0],
            melds: [0, 120],
            stoeck: [20, 0],
            discards: 17,
            matsch: [100, 0],
            written: [277, 120],
        },
    );
    assert_eq!(140 + 17, 157, "the tricks and the discards make the deal");
    assert_eq!(g.totals(), [277, 120]);
    assert_eq!(g.trick_records().len(), 10);
    assert!(g.trick_records().iter().all(|t| t.winner == 1));
    assert_eq!(g.winner(), None);
    assert_eq!(g.settlement(), None);
}

#[test]
fn a_later_deal_turns_the_dealers_last_card_and_the_king_stays() {
    let mut g = after_first_deal(BieterOptions::default(), &AUCTION);
    g.apply_deal(later_deal("S8")).unwrap();
    assert_eq!((g.dealer(), g.forehand(), g.deals_started()), (0, 1, 2));
    assert!(!g.is_first_deal());
    assert_eq!(g.phase(), BieterPhase::Decide);
    assert_eq!(seat_to_move(&g), 1, "the King decides");
    assert_eq!(
        legal_actions(&g),
        vec![BieterAction::Stay, BieterAction::Drop]
    );
    assert_eq!(
        g.contract(),
        Some(BieterContract::Mode(Mode::Trump(Suit::S)))
    );
    assert!(
        g.hand(0).contains(card("S8")),
        "the trump card stays in the dealer's hand"
    );
    for v in [
        g.view_json(0),
        g.view_json(1),
        g.view_json(2),
        g.public_view_json(),
    ] {
        assert_eq!(v["trump_card"], "S8");
        assert_eq!(v["auction"], serde_json::json!([]));
    }
    assert!(!view_cards(&g.view_json(2)).contains(card("SA")));

    run(&mut g, &["stay"]);
    assert_eq!(g.stayed(), Some(true));
    assert_eq!(g.phase(), BieterPhase::Play);
    assert_eq!(seat_to_move(&g), 1, "forehand leads");
    // Trick 1, then the melds: the King's diamonds A K Q beat seat 0's 10 9 8 (same value and
    // length, higher), so he writes them with his hearts 8 7 6: 40; seat 0's 20 is not written.
    let (cards, w, p) = SECOND_TRICKS[0];
    trick(&mut g, &cards, w, p);
    assert_eq!(g.tally().melds, [40, 0]);
    let shown: Vec<u8> = g.shown_melds().iter().map(|m| m.seat).collect();
    assert_eq!(shown, vec![1]);
    assert_eq!(g.totals(), [277 + 40 + 11, 120]);
    let mut totals = g.totals();
    for (i, &(cards, w, p)) in SECOND_TRICKS.iter().enumerate().skip(1) {
        trick(&mut g, &cards, w, p);
        totals[if w == 1 { KING } else { BAUERN }] += p;
        if i == 7 {
            // Seat 2 led SK, its second Stöck card: 20 for the Bauern.
            totals[BAUERN] += 20;
            assert_eq!(g.stoeck_scored(), Some(2));
        }
        assert_eq!(g.totals(), totals, "after trick {}", i + 1);
    }
    assert_eq!(g.phase(), BieterPhase::Deal);
    // King: 11 + 4 + 15 + 34 + 25 + 11 = 100; Bauern: 11 + 14 + 5 + 3 + 13 + 11 = 57.
    assert_tally(
        g.tally(),
        Tally {
            card_points: [100, 57],
            tricks: [6, 6],
            melds: [40, 0],
            stoeck: [0, 20],
            discards: 0,
            matsch: [0, 0],
            written: [140, 77],
        },
    );
    assert_eq!(g.totals(), [277 + 140, 120 + 77]);
    assert_eq!(g.winner(), None);
}

#[test]
fn the_king_drops_a_later_deal_the_bauern_write_a_matsch_and_a_bauers_stoeck() {
    // Spades trump: seat 2, a Bauer, holds SK SQ: 257 and 20.
    let mut g = after_first_deal(BieterOptions::default(), &AUCTION);
    g.apply_deal(later_deal("S8")).unwrap();
    run(&mut g, &["drop"]);
    assert_eq!(g.stayed(), Some(false));
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_eq!(g.stoeck_scored(), Some(2));
    assert_tally(
        g.tally(),
        Tally {
            card_points: [0, 0],
            tricks: [0, 0],
            melds: [0, 0],
            stoeck: [0, 20],
            discards: 0,
            matsch: [0, 257],
            written: [0, 277],
        },
    );
    assert_eq!(g.totals(), [277, 120 + 277]);
    assert!(g.trick_records().is_empty());
    assert_eq!(g.card_play().tricks_done(), 0, "no card is played");

    // Diamonds trump (the dealer's D8): the King's own Stöck (DK DQ) counts nothing when he does
    // not play: 257 alone.
    let mut g = after_first_deal(BieterOptions::default(), &AUCTION);
    g.apply_deal(later_deal("D8")).unwrap();
    assert_eq!(
        g.contract(),
        Some(BieterContract::Mode(Mode::Trump(Suit::D)))
    );
    run(&mut g, &["drop"]);
    assert_eq!(g.stoeck_scored(), None);
    assert_eq!(g.tally().stoeck, [0, 0]);
    assert_eq!(g.tally().written, [0, 257]);
    assert_eq!(g.totals(), [277, 120 + 257]);
    // The next deal is dealt by seat 1 and is again a later deal.
    let mut next = later_deal("S8");
    next.hands.swap(0, 1);
    next.trump_card = Some(card("S10"));
    g.apply_deal(next).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (1, 2));
    assert_eq!(g.phase(), BieterPhase::Decide);
    assert_eq!(
        g.contract(),
        Some(BieterContract::Mode(Mode::Trump(Suit::S)))
    );
}

#[test]
fn hindersi_lost_at_the_kings_first_trick_ends_the_deal_with_a_matsch_for_the_bauern() {
    let mut g = game(BieterOptions::default());
    g.apply_deal(first_deal_cards()).unwrap();
    run(&mut g, &AUCTION);
    run(&mut g, &KING_DISCARDS);
    run(&mut g, &["contract hindersi"]);
    assert_eq!(g.contract(), Some(BieterContract::Hindersi));
    assert_eq!(g.card_play().mode(), Mode::Obenabe);
    // The King must follow diamonds and takes the first trick.
    trick_to(&mut g, &["D7", "DA", "D9"], 1);
    // The melds (seat 0's five clubs are the best: 100 + 20 for the Bauern), then the Matsch.
    assert_eq!(
        g.phase(),
        BieterPhase::Deal,
        "the deal ends at the King's trick"
    );
    assert_tally(
        g.tally(),
        Tally {
            card_points: [0, 0],
            tricks: [1, 0],
            melds: [0, 120],
            stoeck: [0, 0],
            discards: 0,
            matsch: [0, 257],
            written: [0, 377],
        },
    );
    assert_eq!(g.totals(), [0, 377]);
    assert_eq!(g.trick_records().len(), 1);
    assert_eq!(g.hand(0).len(), 9, "the other cards are not played");
    // The next deal is a later one.
    g.apply_deal(later_deal("S8")).unwrap();
    assert_eq!(g.phase(), BieterPhase::Decide);
}

/// A Hindersi the King makes: he keeps the lowest cards. Seat 1 takes S10 H9 C6 and SK CJ D6
/// and lays away S10 SJ SK C10 CJ CQ, keeping D6 D7 D8 H7 H8 H9 S6 S7 C6 C7.
fn hindersi_cards() -> BieterDeal {
    BieterDeal {
        hands: [
            set("DK DQ DJ HA HQ H6 SA S8 CA C9"),
            set("D7 D8 H7 H8 S6 S7 C7 SJ C10 CQ"),
            set("DA D10 D9 HK HJ H10 S9 SQ C8 CK"),
            CardSet::EMPTY,
        ],
        table_hidden: set("S10 H9 C6"),
        table_open: set("SK CJ D6"),
        trump_card: None,
    }
}

#[test]
fn hindersi_made_the_king_writes_a_matsch_and_melds_compare_by_the_higher_card() {
    let mut g = game(BieterOptions::default());
    g.apply_deal(hindersi_cards()).unwrap();
    // Forehand passes, seat 1 bids the least, seat 2 passes: the auction is over.
    run(&mut g, &["pass", "bid 600", "pass"]);
    assert_eq!((g.king(), g.high_bid()), (Some(1), Some((600, 1))));
    run(
        &mut g,
        &[
            "discard S10",
            "discard SJ",
            "discard SK",
            "discard C10",
            "discard CJ",
            "discard CQ",
            "contract hindersi",
        ],
    );
    assert_eq!(g.hand(1), set("D6 D7 D8 H7 H8 H9 S6 S7 C6 C7"));
    // By seat [0, 1, 2]; the King always plays under.
    trick_to(&mut g, &["DK", "D8", "DA"], 2);
    // "Ein Dreiblatt von einem König ist besser als ein Dreiblatt von einem Neuner": seat 0's
    // diamonds K Q J beat the King's hearts 9 8 7 (and diamonds 8 7 6): 20 for the Bauern.
    let shown: Vec<(u8, CardSet)> = g
        .shown_melds()
        .iter()
        .map(|m| (m.seat, m.weis.cards()))
        .collect();
    assert_eq!(shown, vec![(0, set("DK DQ DJ"))]);
    assert_eq!(g.totals(), [0, 20]);
    for (cards, w) in [
        (["DQ", "D7", "D10"], 0),
        (["DJ", "D6", "D9"], 0),
        (["HA", "H9", "H10"], 0),
        (["HQ", "H8", "HK"], 2),
        (["H6", "H7", "HJ"], 2),
        (["S8", "S7", "SQ"], 2),
        (["SA", "S6", "S9"], 0),
        (["CA", "C7", "C8"], 0),
    ] {
        trick_to(&mut g, &cards, w);
        assert_eq!(g.totals(), [0, 20], "no card points in Hindersi");
    }
    assert_eq!(g.phase(), BieterPhase::Play);
    trick_to(&mut g, &["C9", "C6", "CK"], 2);
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_tally(
        g.tally(),
        Tally {
            card_points: [0, 0],
            tricks: [0, 10],
            melds: [0, 20],
            stoeck: [0, 0],
            discards: 0,
            matsch: [257, 0],
            written: [257, 20],
        },
    );
    assert_eq!(g.totals(), [257, 20]);
}

/// After the worked first deal, a later deal (hearts trump, the dealer's H9) in which seat 0
/// holds four Nines (150, 004: "Four 9's: scores 150"; JassWiki: "Vier Neuner: 150
/// Weispunkte"), seat 2 four Tens (100) and the King diamonds A K Q J (50): the Bauern write
/// 250 after the first trick.
#[test]
fn four_nines_score_150_and_both_bauern_melds_are_written() {
    let mut g = after_first_deal(BieterOptions::default(), &AUCTION);
    g.apply_deal(BieterDeal {
        hands: [
            set("D9 H9 S9 C9 HA HQ SK SJ CK CJ D6 H8"),
            set("DA DK DQ DJ H6 H7 S6 S7 SA C6 C7 CA"),
            set("D10 D8 D7 HK HJ H10 S8 S10 SQ C8 C10 CQ"),
            CardSet::EMPTY,
        ],
        table_hidden: CardSet::EMPTY,
        table_open: CardSet::EMPTY,
        trump_card: Some(card("H9")),
    })
    .unwrap();
    run(&mut g, &["stay"]);
    // DA 11 + D7 0 + D6 0, the King's.
    trick(&mut g, &["D6", "DA", "D7"], 1, 11);
    let shown: Vec<(u8, CardSet)> = g
        .shown_melds()
        .iter()
        .map(|m| (m.seat, m.weis.cards()))
        .collect();
    assert_eq!(
        shown,
        vec![(0, set("D9 H9 S9 C9")), (2, set("D10 H10 S10 C10"))]
    );
    assert_eq!(g.tally().melds, [0, 150 + 100]);
    assert_eq!(g.totals(), [277 + 11, 120 + 250]);
}

// ---------------------------------------------------------------------------------------------
// The end of the Partie.

#[test]
fn the_partie_ends_on_a_bauers_stoeck_in_mid_trick_schneider_and_settlement() {
    // The Bauern play to 170: after the first deal they have 120; in the second 11 + 14 + 5 + 3
    // bring them to 153, and seat 2's Stöck, as it leads SK, to 173. The King has 277 + 40 +
    // 11 + 4 + 15 = 347: short of half of 1000 he is Schneider, not of half of 640.
    for (auction, bid, schneider, settlement) in [
        (&["bid 600", "bid 1000"][..], 1000, true, vec![2i64, -4, 2]),
        (&AUCTION[..], 640, false, vec![1, -2, 1]),
    ] {
        let opts = BieterOptions {
            farmers_target: 170,
            ..BieterOptions::default()
        };
        let mut g = game(opts);
        g.apply_deal(first_deal_cards()).unwrap();
        run(&mut g, auction);
        assert_eq!(
            g.high_bid(),
            Some((bid, 1)),
            "1000 (max_bid) ends the auction at once"
        );
        run(&mut g, &KING_DISCARDS);
        run(&mut g, &["contract H"]);
        for (cards, w, p) in FIRST_TRICKS {
            trick(&mut g, &cards, w, p);
        }
        assert_eq!(g.totals(), [277, 120]);
        g.apply_deal(later_deal("S8")).unwrap();
        run(&mut g, &["stay"]);
        for &(cards, w, p) in &SECOND_TRICKS[..7] {
            trick(&mut g, &cards, w, p);
        }
        assert_eq!(g.totals(), [347, 153]);
        assert_eq!(seat_to_move(&g), 2);
        run(&mut g, &["play SK"]);
        assert_eq!(g.phase(), BieterPhase::Over);
        assert_eq!(g.to_move(), ToMove::Over);
        assert_eq!(g.totals(), [347, 173]);
        assert_eq!(g.winner(), Some(BAUERN));
        assert_eq!(
            g.card_play().current(),
            &[card("SK")][..],
            "the trick stays unfinished"
        );
        assert_eq!(g.hand(0).len(), 5, "the remaining cards are not played");
        assert_eq!(g.hand(1).len(), 5);
        assert_eq!(g.tally().written, [40 + 30, 33 + 20]);
        assert!(legal_actions(&g).is_empty());
        let e = refused(&mut g, "play S10");
        assert!(e.contains("over"), "{e}");
        assert_eq!(g.schneider(), schneider, "347 against half of {bid}");
        assert_eq!(g.settlement(), Some(settlement));
    }
}

#[test]
fn the_king_reaches_his_bid_with_his_melds_before_the_first_tricks_points() {
    // Lowest bid 300: forehand passes, seat 1 bids 300, seat 2 passes. After the first deal the
    // King has 277; the melds after the second deal's first trick (40) make 317, which ends the
    // Partie before the trick's 11 are written ("Stöck – Weis – Stich"). The Bauern, 120, are
    // short of half their 1000: Schneider, a double stake from each.
    let opts = BieterOptions {
        min_bid: 300,
        ..BieterOptions::default()
    };
    let mut g = after_first_deal(opts, &["pass", "bid 300", "pass"]);
    assert_eq!(g.targets(), [300, 1000]);
    g.apply_deal(later_deal("S8")).unwrap();
    run(&mut g, &["stay"]);
    let (cards, w, p) = SECOND_TRICKS[0];
    trick(&mut g, &cards, w, p);
    assert_eq!(g.phase(), BieterPhase::Over);
    assert_eq!(g.totals(), [317, 120]);
    assert_eq!(
        g.tally().card_points,
        [0, 0],
        "the trick's points come after the melds"
    );
    assert_eq!(g.tally().written, [40, 0]);
    assert_eq!(g.winner(), Some(KING));
    assert!(g.schneider());
    assert_eq!(g.settlement(), Some(vec![-2, 4, -2]));
}

// ---------------------------------------------------------------------------------------------
// Four players.

/// Dealer seat 3, forehand seat 0, the King seat 2: he takes H8 SA (face down) and D6 CK (face
/// up) and lays away D6 H8 S6 C6 (8 in Obenabe).
fn four_player_cards() -> BieterDeal {
    BieterDeal {
        hands: [
            set("HA HK DQ DJ S9 SK C8 CQ"),
            set("HQ HJ D10 D9 S8 SQ C10 CJ"),
            set("H6 H7 DA DK S10 CA S6 C6"),
            set("H10 H9 D8 D7 S7 SJ C7 C9"),
        ],
        table_hidden: set("H8 SA"),
        table_open: set("D6 CK"),
        trump_card: None,
    }
}

#[test]
fn four_players_eight_cards_four_on_the_table_350_obenabe_then_nine_cards() {
    let opts = BieterOptions {
        farmers_target: 310,
        ..four_players()
    };
    assert_eq!(opts.min_bid, BieterOptions::min_bid_for(4));
    let mut g = game(opts);
    // A first deal of nine cards a seat is refused: eight, and four on the table.
    let mut wrong = four_player_cards();
    wrong.hands[0].insert(card("H8"));
    wrong.table_hidden.remove(card("H8"));
    let e = refused_deal(&mut g, wrong);
    assert!(e.contains("gives 8 to each of the 4 players"), "{e}");
    g.apply_deal(four_player_cards()).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (3, 0));
    let e = refused(&mut g, "bid 340");
    assert!(e.contains("350"), "{e}");
    run(&mut g, &["bid 350"]);
    assert_eq!(seat_to_move(&g), 1);
    run(&mut g, &["pass", "bid 360", "pass"]);
    assert_eq!(seat_to_move(&g), 0);
    run(&mut g, &["pass"]);
    assert_eq!((g.king(), g.targets()), (Some(2), [360, 310]));
    assert_eq!(g.hand(2).len(), 12);
    run(
        &mut g,
        &["discard D6", "discard H8", "discard S6", "discard C6"],
    );
    assert_eq!(g.phase(), BieterPhase::Contract, "four cards laid away");
    run(&mut g, &["contract obenabe"]);
    assert_eq!(seat_to_move(&g), 0);
    // By seat [0, 1, 2, 3]; the 8s count 8 without trump.
    for (cards, w, p) in [
        (["HA", "HQ", "H6", "H10"], 0, 24), // 11 + 3 + 0 + 10
        (["HK", "HJ", "H7", "H9"], 0, 6),   // 4 + 2 + 0 + 0
        (["DQ", "D10", "DA", "D8"], 2, 32), // 3 + 10 + 11 + 8
        (["DJ", "D9", "DK", "D7"], 2, 6),   // 2 + 0 + 4 + 0
        (["S9", "S8", "SA", "S7"], 2, 19),  // 0 + 8 + 11 + 0
        (["SK", "SQ", "S10", "SJ"], 0, 19), // 4 + 3 + 10 + 2
        (["C8", "C10", "CA", "C7"], 2, 29), // 8 + 10 + 11 + 0
        (["CQ", "CJ", "CK", "C9"], 2, 14),  // 3 + 2 + 4 + 0 + 5
    ] {
        trick(&mut g, &cards, w, p);
    }
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_eq!(points_of(set("D6 H8 S6 C6"), Mode::Obenabe), 8);
    // King: 32 + 6 + 19 + 29 + 14 = 100 and the discards 8; Bauern: 24 + 6 + 19 = 49.
    assert_tally(
        g.tally(),
        Tally {
            card_points: [100, 49],
            tricks: [5, 3],
            melds: [0, 0],
            stoeck: [0, 0],
            discards: 8,
            matsch: [0, 0],
            written: [108, 49],
        },
    );
    assert_eq!(100 + 49 + 8, 157);

    // The second deal from the pack in order: dealer seat 0, nine cards each in packets of three
    // from forehand (seat 1), the last card (CA) the dealer's and trump.
    let pack = ordered_pack();
    let deal = g.deal_from_pack(&pack);
    let packets = |ks: [usize; 3]| -> CardSet {
        ks.iter()
            .flat_map(|&k| pack[k..k + 3].iter().copied())
            .collect()
    };
    assert_eq!(deal.hands[1], packets([0, 12, 24]));
    assert_eq!(deal.hands[1], set("D6 D7 D8 H9 H10 HJ SQ SK SA"));
    assert_eq!(deal.hands[2], packets([3, 15, 27]));
    assert_eq!(deal.hands[3], packets([6, 18, 30]));
    assert_eq!(deal.hands[0], packets([9, 21, 33]));
    assert_eq!(deal.hands[0], set("H6 H7 H8 S9 S10 SJ CQ CK CA"));
    assert_eq!(deal.trump_card, Some(card("CA")));
    assert!((deal.table_hidden | deal.table_open).is_empty());
    g.apply_deal(deal).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (0, 1));
    assert_eq!(seat_to_move(&g), 2);
    // The King drops: 257 bring the Bauern to 306, seat 0's Stöck (CK CQ) to 326, past 310.
    run(&mut g, &["drop"]);
    assert_eq!(g.phase(), BieterPhase::Over);
    assert_eq!(g.stoeck_scored(), Some(0));
    assert_eq!(g.tally().written, [0, 277]);
    assert_eq!(g.totals(), [108, 49 + 277]);
    assert_eq!(g.winner(), Some(BAUERN));
    // 108 is short of half of 360: the King pays each of the three a double stake.
    assert!(g.schneider());
    assert_eq!(g.settlement(), Some(vec![2, 2, -6, 2]));
}

// ---------------------------------------------------------------------------------------------
// Dealing.

/// The cards of `pack` in this index range.
fn cut(pack: &[Card; 36], range: std::ops::Range<usize>) -> CardSet {
    pack[range].iter().copied().collect()
}

#[test]
fn the_packets_of_each_deal_from_forehand_and_the_dealer_turns() {
    // A shuffled pack, so that each packet is its own.
    let pack = SeededDealer::new(7).next_pack();
    let mut g = game(BieterOptions::default());
    // First deal, dealer seat 2: five each from seat 0, three face down, three face up, five
    // each again.
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[0], packs(&pack, &[0..5, 21..26]));
    assert_eq!(d.hands[1], packs(&pack, &[5..10, 26..31]));
    assert_eq!(d.hands[2], packs(&pack, &[10..15, 31..36]));
    assert_eq!(d.table_hidden, cut(&pack, 15..18));
    assert_eq!(d.table_open, cut(&pack, 18..21));
    assert_eq!((d.hands[3], d.trump_card), (CardSet::EMPTY, None));
    g.apply_deal(d).unwrap();
    assert_eq!(g.dealer(), 2);
    // Everyone passes: the cards are thrown in, nothing is written, and the next dealer (seat 0)
    // deals a first deal again, the auction from seat 1.
    run(&mut g, &["pass", "pass", "pass"]);
    assert!(g.thrown_in());
    assert_eq!(
        (g.phase(), g.king(), g.totals()),
        (BieterPhase::Deal, None, [0, 0])
    );
    assert_eq!(g.tally().written, [0, 0]);
    assert_eq!(g.view_json(0)["table_hidden"], serde_json::json!([]));
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[1], packs(&pack, &[0..5, 21..26]));
    assert_eq!(d.hands[2], packs(&pack, &[5..10, 26..31]));
    assert_eq!(d.hands[0], packs(&pack, &[10..15, 31..36]));
    assert_eq!(d.table_hidden, cut(&pack, 15..18));
    assert_eq!(d.table_open, cut(&pack, 18..21));
    assert_eq!(d.trump_card, None);
    g.apply_deal(d).unwrap();
    assert_eq!((g.dealer(), g.forehand(), g.deals_started()), (0, 1, 2));
    assert_eq!(g.phase(), BieterPhase::Auction);
    assert_eq!(seat_to_move(&g), 1);
    run(&mut g, &["bid 700", "pass", "pass"]);
    assert_eq!(g.king(), Some(1));
    play_first_legal(&mut g);
    // A later deal, dealer seat 1: twelve each in packets of four from seat 2, the last card the
    // dealer's and trump.
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[2], packs(&pack, &[0..4, 12..16, 24..28]));
    assert_eq!(d.hands[0], packs(&pack, &[4..8, 16..20, 28..32]));
    assert_eq!(d.hands[1], packs(&pack, &[8..12, 20..24, 32..36]));
    assert_eq!(d.trump_card, Some(pack[35]));
    assert!((d.table_hidden | d.table_open).is_empty());
    g.apply_deal(d).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (1, 2));
    assert_eq!(
        g.contract(),
        Some(BieterContract::Mode(Mode::Trump(pack[35].suit())))
    );
    run(&mut g, &["drop"]);
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[0], packs(&pack, &[0..4, 12..16, 24..28]));
    assert_eq!(d.hands[2], packs(&pack, &[8..12, 20..24, 32..36]));
    g.apply_deal(d).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (2, 0));

    // Four players: four each, two face down, two face up, four each; dealer seat 3.
    let mut g = game(four_players());
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[0], packs(&pack, &[0..4, 20..24]));
    assert_eq!(d.hands[1], packs(&pack, &[4..8, 24..28]));
    assert_eq!(d.hands[2], packs(&pack, &[8..12, 28..32]));
    assert_eq!(d.hands[3], packs(&pack, &[12..16, 32..36]));
    assert_eq!(d.table_hidden, cut(&pack, 16..18));
    assert_eq!(d.table_open, cut(&pack, 18..20));
    g.apply_deal(d).unwrap();
    assert_eq!(g.dealer(), 3);
    run(&mut g, &["pass", "pass", "pass", "pass"]);
    assert!(g.thrown_in());
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[1], packs(&pack, &[0..4, 20..24]));
    assert_eq!(d.hands[0], packs(&pack, &[12..16, 32..36]));
    g.apply_deal(d).unwrap();
    assert_eq!((g.dealer(), g.forehand(), seat_to_move(&g)), (0, 1, 1));
    run(&mut g, &["bid 350", "pass", "pass", "pass"]);
    play_first_legal(&mut g);
    // Later: nine each in packets of three from forehand (seat 2); dealer seat 1.
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[2], packs(&pack, &[0..3, 12..15, 24..27]));
    assert_eq!(d.hands[3], packs(&pack, &[3..6, 15..18, 27..30]));
    assert_eq!(d.hands[0], packs(&pack, &[6..9, 18..21, 30..33]));
    assert_eq!(d.hands[1], packs(&pack, &[9..12, 21..24, 33..36]));
    assert_eq!(d.trump_card, Some(pack[35]));
    g.apply_deal(d).unwrap();
    assert_eq!(g.phase(), BieterPhase::Decide);
}

// ---------------------------------------------------------------------------------------------
// Refusals.

#[test]
fn illegal_actions_are_refused_with_the_reason_and_change_nothing() {
    let mut g = game(BieterOptions {
        hindersi: false,
        ..BieterOptions::default()
    });
    let e = refused(&mut g, "pass");
    assert!(e.contains("dealt first"), "{e}");

    // Wrong first deals.
    let mut d = first_deal_cards();
    d.hands[0].remove(card("C10"));
    d.table_open.insert(card("C10"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("seat 0 was dealt 9 cards"), "{e}");
    let mut d = first_deal_cards();
    d.hands[1].remove(card("DQ"));
    d.hands[1].insert(card("C10"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("another seat holds too"), "{e}");
    let mut d = first_deal_cards();
    d.trump_card = Some(card("HJ"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("first deal turns no trump card"), "{e}");
    let mut d = first_deal_cards();
    d.table_open.remove(card("HK"));
    d.table_hidden.insert(card("HK"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("3 cards face down and 3 face up"), "{e}");
    let mut d = first_deal_cards();
    d.table_open.remove(card("HK"));
    d.table_open.insert(card("C10"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("in a hand or twice"), "{e}");
    let mut d = first_deal_cards();
    d.hands[3] = set("HK");
    let e = refused_deal(&mut g, d);
    assert!(e.contains("seat 3 was dealt 1 cards"), "{e}");

    g.apply_deal(first_deal_cards()).unwrap();
    let e = refused_deal(&mut g, first_deal_cards());
    assert!(e.contains("cannot deal now"), "{e}");

    // The auction.
    for bid in ["bid 590", "bid 605", "bid 1010", "bid 0"] {
        let e = refused(&mut g, bid);
        assert!(
            e.contains("is not a bid now") && e.contains("600 to 1000"),
            "{bid}: {e}"
        );
    }
    for a in ["discard D10", "contract H", "stay", "drop", "play D10"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Auction phase"), "{a}: {e}");
    }
    run(&mut g, &["bid 600"]);
    for bid in ["bid 600", "bid 605", "bid 615", "bid 590"] {
        let e = refused(&mut g, bid);
        assert!(e.contains("bid 610 to 1000"), "{bid}: {e}");
    }
    run(&mut g, &["bid 610", "pass", "pass"]);
    assert_eq!(g.king(), Some(1));

    // Laying away.
    let e = refused(&mut g, "discard C10");
    assert!(e.contains("does not hold C10"), "{e}");
    for a in ["pass", "bid 700", "contract H", "play HJ", "stay"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Discard phase"), "{a}: {e}");
    }
    run(&mut g, &KING_DISCARDS[..5]);
    let e = refused(&mut g, "discard DQ");
    assert!(e.contains("does not hold DQ"), "laid away already: {e}");
    run(&mut g, &KING_DISCARDS[5..]);

    // The contract: no Hindersi with the option off.
    let e = refused(&mut g, "contract hindersi");
    assert!(e.contains("Hindersi is not played here"), "{e}");
    assert!(!legal_actions(&g).contains(&BieterAction::Contract {
        contract: BieterContract::Hindersi
    }));
    assert_eq!(legal_actions(&g).len(), 6);
    for a in ["discard HJ", "stay", "drop", "play HJ"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Contract phase"), "{a}: {e}");
    }
    run(&mut g, &["contract H"]);

    // The play: a card not held, a card not allowed, other actions.
    let e = refused(&mut g, "play HJ");
    assert!(e.contains("seat 0 does not hold HJ"), "{e}");
    run(&mut g, &["play D7"]);
    let e = refused(&mut g, "play SA");
    assert!(
        e.contains("may not be played"),
        "the King must follow diamonds: {e}"
    );
    for a in [
        "stay",
        "drop",
        "discard DA",
        "contract S",
        "bid 700",
        "pass",
    ] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Play phase"), "{a}: {e}");
    }
    run(&mut g, &["play DA", "play D9"]);
    for &(cards, w, p) in &FIRST_TRICKS[1..] {
        trick(&mut g, &cards, w, p);
    }
    assert_eq!(g.phase(), BieterPhase::Deal);
    let e = refused(&mut g, "stay");
    assert!(e.contains("dealt first"), "{e}");

    // Wrong later deals (dealer seat 0).
    let mut d = later_deal("S8");
    d.trump_card = None;
    let e = refused_deal(&mut g, d);
    assert!(e.contains("give trump_card"), "{e}");
    let e = refused_deal(&mut g, later_deal("SJ"));
    assert!(e.contains("seat 0 must hold it"), "{e}");
    let mut d = later_deal("S8");
    d.hands[2].remove(card("S7"));
    d.table_open.insert(card("S7"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("seat 2 was dealt 11 cards"), "{e}");
    let mut d = later_deal("S8");
    d.hands[2].remove(card("S7"));
    d.hands[2].insert(card("S8"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("another seat holds too"), "{e}");
    let e = refused_deal(&mut g, first_deal_cards());
    assert!(e.contains("this deal gives 12"), "{e}");
    let mut d = later_deal("S8");
    d.table_open = set("S7");
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains("only the first deal lays cards on the table"),
        "{e}"
    );

    // Deciding.
    g.apply_deal(later_deal("S8")).unwrap();
    for a in ["play DA", "discard DA", "contract S", "bid 700", "pass"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Decide phase"), "{a}: {e}");
    }
    run(&mut g, &["stay"]);
    let e = refused(&mut g, "stay");
    assert!(e.contains("not possible in the Play phase"), "{e}");
}

#[test]
fn options_that_offer_more_bids_than_an_action_list_holds_are_refused() {
    // Every bid from the lowest is offered at once, with the pass: 158 bids at most.
    let at_most = BieterOptions {
        max_bid: 350 + 1570,
        ..four_players()
    };
    at_most.validate().unwrap();
    let mut g = game(at_most);
    g.apply_deal(g.deal_from_pack(&ordered_pack())).unwrap();
    assert_eq!(legal_actions(&g).len(), 158 + 1);
    let widest = BieterOptions {
        max_bid: 350 + 1580,
        ..four_players()
    };
    widest.validate().unwrap();
    let too_wide = BieterOptions {
        max_bid: 350 + 1590,
        ..four_players()
    };
    let e = too_wide.validate().unwrap_err();
    assert!(e.contains("at most 1580 above min_bid"), "{e}");
    assert!(Bieter::new(too_wide).is_err());
    let json: Result<BieterOptions, _> = serde_json::from_str(r#"{"players":4,"max_bid":2000}"#);
    assert!(json.unwrap().validate().is_err());
}

// ---------------------------------------------------------------------------------------------
// Properties over many seeded games.

#[derive(Default, Debug)]
struct Seen {
    thrown_in: u32,
    dropped: u32,
    stayed: u32,
    full_mode_deals: u32,
    matsch: u32,
    hindersi_lost: u32,
    hindersi_made: u32,
    stoeck: u32,
    melds: u32,
    won: [u32; 2],
    schneider: u32,
    ended_mid_deal: u32,
    discards_nobody: u32,
    hidden_kept: u32,
}

/// The cards everyone may know: the trump card of a later deal, the face-up table cards of a
/// first, the face-down ones once the King shows them, the melds shown.
fn public_cards(g: &Bieter) -> CardSet {
    let d = g.dealt();
    let mut public = d.table_open;
    if let Some(c) = d.trump_card {
        public.insert(c);
    }
    if g.king().is_some() && g.is_first_deal() && g.options().show_hidden {
        public |= d.table_hidden;
    }
    for m in g.shown_melds() {
        public |= m.weis.cards();
    }
    public
}

/// No view shows a card its seat may not know.
fn check_views(g: &Bieter, seen: &mut Seen) {
    let n = g.players();
    let d = g.dealt();
    // Cards played are seen by all.
    let played: CardSet = g
        .trick_records()
        .iter()
        .flat_map(|r| r.cards.iter().copied())
        .chain(g.card_play().current().iter().copied())
        .collect();
    let public = public_cards(g) | played;
    let taken = g.king().is_some() && g.is_first_deal();
    let mut all_hands = CardSet::EMPTY;
    for s in 0..n {
        all_hands |= g.hand(s);
    }
    for s in 0..n {
        let is_king = g.king() == Some(s);
        let mut secret = all_hands - g.hand(s);
        if !is_king {
            secret |= g.laid_away();
        }
        if !(taken && (g.options().show_hidden || is_king)) {
            secret |= d.table_hidden;
        }
        secret = secret - public;
        let view = g.view_json(s as usize);
        let shown = view_cards(&view);
        assert!(
            (shown & secret).is_empty(),
            "seat {s} sees {} in {:?}",
            shown & secret,
            g.phase()
        );
        assert_eq!(g.observation(s as usize).hand, g.hand(s));
        if is_king && g.is_first_deal() {
            assert!(
                shown.contains_all(g.laid_away()),
                "the King sees his discards"
            );
        }
        if taken && !g.options().show_hidden && !is_king && !d.table_hidden.is_empty() {
            seen.hidden_kept += 1;
        }
    }
    let mut secret = all_hands | g.laid_away();
    if !(taken && g.options().show_hidden) {
        secret |= d.table_hidden;
    }
    secret = secret - public;
    let shown = view_cards(&g.public_view_json());
    assert!(
        (shown & secret).is_empty(),
        "spectators see {}",
        shown & secret
    );
}

/// The legal cards are held and are `trick::legal_cards` under the strict rules.
fn check_legal(g: &Bieter, seat: u8, legal: &ActionList<BieterAction>) {
    let cards = legal.played_cards();
    if g.phase() != BieterPhase::Play {
        assert!(cards.is_empty());
        return;
    }
    let p = g.card_play();
    check_legal_cards(legal, g.hand(seat), p.current(), p.mode());
    assert_eq!(cards, g.legal_cards());
}

/// A deal just over: its figures, against `start` (the totals when it was dealt).
fn check_deal(g: &Bieter, start: [u32; 2], seen: &mut Seen) {
    let t = g.tally();
    let over = g.phase() == BieterPhase::Over;
    let n = g.players() as usize;
    for p in [KING, BAUERN] {
        assert_eq!(g.totals()[p], start[p] + t.written[p], "the totals add up");
        let discards = if p == KING { t.discards } else { 0 };
        assert_eq!(
            t.written[p],
            t.card_points[p] + t.melds[p] + t.stoeck[p] + t.matsch[p] + discards,
            "{t:?}"
        );
    }
    if over {
        let w = g.winner().expect("a winner");
        assert!(g.totals()[w] >= g.targets()[w]);
        assert!(g.totals()[1 - w] < g.targets()[1 - w]);
        // It ended when a figure was written: before it the winner was short.
        seen.won[w] += 1;
        if !g.card_play().is_over() && g.stayed() != Some(false) {
            seen.ended_mid_deal += 1;
        }
    }
    if g.thrown_in() {
        seen.thrown_in += 1;
        assert_eq!(g.king(), None);
        assert_eq!(t.written, [0, 0]);
        let auction = g.auction();
        assert_eq!(auction.len(), n);
        assert!(auction.iter().all(|&(_, a)| a == BieterAction::Pass));
        return;
    }
    let king = g.king().expect("a King");
    let party = |s: u8| if s == king { KING } else { BAUERN };
    let records = g.trick_records();
    let contract = g.contract().expect("a contract");
    if g.stayed() == Some(false) {
        seen.dropped += 1;
        assert!(records.is_empty());
        assert_eq!(t.matsch, [0, 257]);
        let mode = contract.mode();
        let bauer_stoeck = stoeck_holder(&g.dealt().hands[..n], mode).filter(|&s| s != king);
        let ended_on_matsch = over && start[BAUERN] + 257 >= g.targets()[BAUERN];
        let want = if bauer_stoeck.is_some() && !ended_on_matsch {
            seen.stoeck += 1;
            20
        } else {
            0
        };
        assert_eq!(t.stoeck, [0, want]);
        assert_eq!(t.card_points, [0, 0]);
        assert_eq!(t.melds, [0, 0]);
        return;
    }
    if g.stayed() == Some(true) {
        seen.stayed += 1;
    }
    // The melds: one party at most, those shown, from the seats' hands.
    let mode = g.card_play().mode();
    if t.melds != [0, 0] {
        seen.melds += 1;
    }
    assert!(t.melds[KING] == 0 || t.melds[BAUERN] == 0);
    let mut shown = [0u32; 2];
    for m in g.shown_melds() {
        m.weis
            .validate(g.start_hands()[m.seat as usize], mode, &WEIS_RULES)
            .unwrap();
        shown[party(m.seat)] += m.weis.points(mode, &WEIS_RULES);
    }
    assert_eq!(shown, t.melds);
    // Every trick's points from the card values.
    let all = g.card_play().tricks_in_deal() as usize;
    let mut by_party = [0u32; 2];
    let mut tricks = [0u8; 2];
    for (i, r) in records.iter().enumerate() {
        let cards: CardSet = r.cards.iter().copied().collect();
        let bonus = if i + 1 == all { 5 } else { 0 };
        assert_eq!(r.points, points_of(cards, mode) + bonus, "{r:?} in {mode}");
        by_party[party(r.winner)] += r.points;
        tricks[party(r.winner)] += 1;
    }
    if contract == BieterContract::Hindersi {
        assert_eq!(t.card_points, [0, 0]);
        assert_eq!(t.discards, 0);
        assert_eq!(t.stoeck, [0, 0]);
        let first_king_trick = records.iter().position(|r| r.winner == king);
        match first_king_trick {
            Some(i) => {
                seen.hindersi_lost += 1;
                assert_eq!(
                    i + 1,
                    records.len(),
                    "the deal ends at the King's first trick"
                );
                assert!(
                    t.matsch == [0, 257] || (over && t.matsch == [0, 0]),
                    "{t:?}"
                );
            }
            None if records.len() == all => {
                seen.hindersi_made += 1;
                assert!(
                    t.matsch == [257, 0] || (over && t.matsch == [0, 0]),
                    "{t:?}"
                );
            }
            None => assert!(over, "a Hindersi stops early only at the Partie's end"),
        }
        return;
    }
    if over && !g.card_play().is_over() {
        for p in [KING, BAUERN] {
            assert!(t.card_points[p] <= by_party[p]);
        }
        return;
    }
    // A deal played out: 157 with the discards.
    assert_eq!(records.len(), all);
    let laid_away = points_of(g.laid_away(), mode);
    match g.options().discards {
        Discards::King => assert_eq!(t.discards, laid_away),
        Discards::Nobody => {
            seen.discards_nobody += 1;
            assert_eq!(t.discards, 0);
        }
    }
    if over {
        // The Partie may have ended at the last trick's points, before the discards or Matsch.
        return;
    }
    seen.full_mode_deals += 1;
    assert_eq!(t.card_points, by_party);
    assert_eq!(t.tricks, tricks);
    assert_eq!(
        t.card_points[KING] + t.card_points[BAUERN] + laid_away,
        157,
        "{t:?}"
    );
    if g.options().discards == Discards::King {
        assert_eq!(
            t.card_points[KING] + t.card_points[BAUERN] + t.discards,
            157
        );
    }
    for p in [KING, BAUERN] {
        let want = if tricks[p] as usize == all { 100 } else { 0 };
        if want > 0 {
            seen.matsch += 1;
        }
        assert_eq!(t.matsch[p], want);
    }
    let want_stoeck = stoeck_holder(&g.start_hands()[..n], mode).map(party);
    if want_stoeck.is_some() {
        seen.stoeck += 1;
    }
    for p in [KING, BAUERN] {
        let want = if want_stoeck == Some(p) { 20 } else { 0 };
        assert_eq!(t.stoeck[p], want);
    }
}

/// A random Partie's checks and choices, `start` the totals when the deal was dealt.
struct Partie<'a> {
    seen: &'a mut Seen,
    start: [u32; 2],
}

impl Driver<Bieter> for Partie<'_> {
    fn step(&mut self, g: &Bieter) {
        check_views(g, self.seen);
    }

    fn dealing(&mut self, g: &Bieter, d: &BieterDeal) {
        let first = g.king().is_none();
        let want = g.hand_size(first);
        for s in 0..g.players() as usize {
            assert_eq!(d.hands[s].len(), want);
        }
        assert_eq!(d.trump_card.is_some(), !first);
    }

    fn dealt(&mut self, g: &Bieter, _: u32) {
        self.start = g.totals();
    }

    fn choose(
        &mut self,
        g: &Bieter,
        seat: usize,
        legal: &ActionList<BieterAction>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> BieterAction {
        check_legal(g, seat as u8, legal);
        let r = uniform_below(rng, 100);
        match g.phase() {
            // Pass often enough that cards are thrown in now and then; bid low mostly.
            BieterPhase::Auction if r < 45 => BieterAction::Pass,
            BieterPhase::Auction if r < 80 => legal.get(0),
            BieterPhase::Contract if r < 25 && g.options().hindersi => BieterAction::Contract {
                contract: BieterContract::Hindersi,
            },
            _ => legal.get(uniform_below(rng, legal.len() as u32) as usize),
        }
    }

    /// A deal just over: the phase is `Deal` or `Over`.
    fn deal_over(&mut self, g: &Bieter) {
        assert!(matches!(g.phase(), BieterPhase::Deal | BieterPhase::Over));
        check_deal(g, self.start, self.seen);
    }
}

fn random_partie(opts: BieterOptions, seed: u64, seen: &mut Seen) {
    let mut g = game(opts);
    let mut partie = Partie {
        seen,
        start: [0; 2],
    };
    drive(&mut g, seed, seed ^ 0x5eed, 299, &mut partie);
    let seen = partie.seen;
    // The end of the Partie: the winner reached its target first, the settlement adds up.
    let w = g.winner().unwrap();
    let loser = 1 - w;
    assert_eq!(g.schneider(), 2 * g.totals()[loser] < g.targets()[loser]);
    if g.schneider() {
        seen.schneider += 1;
    }
    let settlement = g.settlement().unwrap();
    assert_eq!(settlement.len(), g.players() as usize);
    assert_eq!(settlement.iter().sum::<i64>(), 0);
    let stake = if g.schneider() { 2 } else { 1 };
    let sign = if w == KING { 1 } else { -1 };
    let king = g.king().unwrap();
    for (s, &v) in settlement.iter().enumerate() {
        let want = if s as u8 == king {
            sign * stake * (g.players() as i64 - 1)
        } else {
            -sign * stake
        };
        assert_eq!(v, want);
    }
}

fn option_sets(players: u8) -> Vec<BieterOptions> {
    let base = BieterOptions {
        players,
        min_bid: BieterOptions::min_bid_for(players),
        ..BieterOptions::default()
    };
    vec![
        base,
        BieterOptions {
            discards: Discards::Nobody,
            ..base
        },
        BieterOptions {
            show_hidden: false,
            ..base
        },
        BieterOptions {
            hindersi: false,
            ..base
        },
        BieterOptions {
            min_bid: 200,
            max_bid: 400,
            farmers_target: 400,
            discards: Discards::Nobody,
            show_hidden: false,
            ..base
        },
    ]
}

#[test]
fn properties_over_many_seeded_games() {
    let mut seen = Seen::default();
    for players in [3u8, 4] {
        for (k, opts) in option_sets(players).into_iter().enumerate() {
            for seed in 0..24u64 {
                random_partie(
                    opts,
                    seed * 31 + k as u64 * 1000 + players as u64,
                    &mut seen,
                );
            }
        }
    }
    // The games reached every case checked above.
    assert!(seen.thrown_in > 0, "{seen:?}");
    assert!(seen.dropped > 0 && seen.stayed > 0, "{seen:?}");
    assert!(seen.full_mode_deals > 100, "{seen:?}");
    assert!(seen.hindersi_lost > 0, "{seen:?}");
    assert!(seen.stoeck > 0 && seen.melds > 0, "{seen:?}");
    assert!(seen.won[KING] > 0 && seen.won[BAUERN] > 0, "{seen:?}");
    assert!(seen.schneider > 0 && seen.ended_mid_deal > 0, "{seen:?}");
    assert!(seen.discards_nobody > 0 && seen.hidden_kept > 0, "{seen:?}");
}

// ---------------------------------------------------------------------------------------------
// Records.

#[test]
fn random_partien_end_and_their_records_check_and_read_back() {
    for players in [3u8, 4] {
        for (k, opts) in option_sets(players).into_iter().enumerate() {
            for seed in 0..8u64 {
                let seed = seed + 100 * k as u64;
                let mut ps = random_players(players as usize, seed * 7);
                let rec = play_recorded(opts, seed, &mut ps).unwrap();
                rec.check()
                    .unwrap_or_else(|e| panic!("players {players} seed {seed}: {e}"));
                read_back(&rec, "bieter");
                let res = &rec.result;
                let w = res.winner.expect("a winner");
                let targets = [res.bid.unwrap(), opts.farmers_target];
                assert!(res.totals[w] >= targets[w], "{res:?}");
                assert!(res.totals[1 - w] < targets[1 - w], "{res:?}");
                let settled: i64 = res.settlement.as_ref().unwrap().iter().sum();
                assert_eq!(settled, 0);
                // The deals add up to the totals; a first deal has its table cards, a later one
                // its trump card in the dealer's hand.
                let mut totals = [0u32; 2];
                for d in &rec.deals {
                    totals[0] += d.result.written[0];
                    totals[1] += d.result.written[1];
                    assert_eq!(d.result.totals, totals);
                    assert_eq!(d.hands.len(), players as usize);
                    match d.cards.trump_card {
                        Some(c) => {
                            assert!(d.hands[d.dealer as usize].contains(c));
                            assert!(d.cards.table_hidden.is_empty());
                        }
                        None => assert_eq!(
                            d.cards.table_hidden.len() + d.cards.table_open.len(),
                            if players == 3 { 6 } else { 4 }
                        ),
                    }
                }
                assert_eq!(res.totals, totals);
            }
        }
    }
}

#[test]
fn a_tampered_record_is_refused() {
    let mut checked = 0;
    for (players, seed) in [(3u8, 5u64), (4, 6), (3, 7), (4, 8), (3, 9)] {
        let opts = BieterOptions {
            players,
            min_bid: BieterOptions::min_bid_for(players),
            ..BieterOptions::default()
        };
        let rec = play_recorded(opts, seed, &mut random_players(players as usize, seed)).unwrap();
        rec.check().unwrap();
        let Some(i) = rec.deals.iter().position(|d| !d.tricks.is_empty()) else {
            continue;
        };
        checked += 1;
        // A card played changed for one the seat does not hold.
        let mut wrong = rec.clone();
        let d = &mut wrong.deals[i];
        let j = d
            .actions
            .iter()
            .position(|a| matches!(a.action, BieterAction::Play { .. }))
            .unwrap();
        let seat = d.actions[j].seat as usize;
        let other = d.hands[(seat + 1) % players as usize].first().unwrap();
        d.actions[j].action = BieterAction::Play { card: other };
        assert!(wrong.check().is_err(), "a card another seat holds");
        // The cards of a trick recorded in another order.
        let mut wrong = rec.clone();
        wrong.deals[i].tricks[0].cards.swap(0, 1);
        assert!(wrong.check().is_err(), "a trick's cards");
        // Figures.
        let mut wrong = rec.clone();
        wrong.deals[i].result.written[0] += 1;
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("written"), "{e}");
        let mut wrong = rec.clone();
        wrong.deals[i].result.card_points[1] += 10;
        assert!(wrong.check().is_err(), "card points");
        let mut wrong = rec.clone();
        wrong.deals[i].result.discards += 1;
        assert!(wrong.check().is_err(), "discards");
        let mut wrong = rec.clone();
        wrong.deals[i].tricks[0].points += 1;
        assert!(wrong.check().is_err(), "a trick's points");
        let mut wrong = rec.clone();
        wrong.result.totals[1] += 1;
        assert!(wrong.check().is_err(), "the totals");
        let mut wrong = rec.clone();
        wrong.result.schneider = !wrong.result.schneider;
        assert!(wrong.check().is_err(), "Schneider");
        let mut wrong = rec.clone();
        wrong.result.winner = wrong.result.winner.map(|w| 1 - w);
        assert!(wrong.check().is_err(), "the winner");
        let mut wrong = rec.clone();
        wrong.result.settlement.as_mut().unwrap()[0] += 1;
        assert!(wrong.check().is_err(), "the settlement");
        let mut wrong = rec.clone();
        let k = wrong.deals[i].settled.king.unwrap();
        wrong.deals[i].settled.king = Some((k + 1) % players);
        assert!(wrong.check().is_err(), "the King");
        // A bid off the tens.
        let mut wrong = rec.clone();
        let first = wrong
            .deals
            .iter_mut()
            .flat_map(|d| d.actions.iter_mut())
            .find(|a| matches!(a.action, BieterAction::Bid { .. }))
            .unwrap();
        if let BieterAction::Bid { points } = first.action {
            first.action = BieterAction::Bid { points: points + 5 };
        }
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("not a bid"), "{e}");
        // A later deal without its trump card.
        if let Some(l) = rec.deals.iter().position(|d| d.cards.trump_card.is_some()) {
            let mut wrong = rec.clone();
            wrong.deals[l].cards.trump_card = None;
            let e = wrong.check().unwrap_err().to_string();
            assert!(e.contains("trump_card"), "{e}");
        }
    }
    assert!(checked >= 3);
}

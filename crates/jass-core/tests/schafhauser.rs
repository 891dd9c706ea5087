//! Schafhauser (JassWiki "Schafhauser (3 Spieler)"; 004 "Schaffhauserjass"): a set of Partien,
//! each a Bieter Partie without an auction (`Bieter::with_king`). What is tested:
//!
//! - `deal_from_pack` with the pack in order and shuffled: twelve cards each in packets of three
//!   from forehand, the last card, the dealer's, turned for trump and kept in his hand; with
//!   `dealer` `king` the King (seat 0) deals every deal of Partie 1 and seat 1 every deal of
//!   Partie 2; with `rotating` the King deals the first deal of his Partie, then the deal passes
//!   to the left, the turned card the dealer's;
//! - deals worked by hand, every figure added up here from the card values (trump J 20, 9 14,
//!   A 11, 10 10, K 4, Q 3; plain A 11, 10 10, K 4, Q 3, J 2; the last trick 5):
//!   - the King stays, the tricks are shared: the melds of the party of the best single meld
//!     (both Bauern's) written after the first trick, the King's own not; his Stöck when the
//!     second card falls; each trick to the party of its winner; 157 in all;
//!   - the King stays and takes every trick: his melds, 157 and a Matsch of 100;
//!   - the King drops: 257 for the Bauern and a Bauer's Stöck (20), his own Stöck never; the
//!     Stöck not written when the 257 already end the Partie;
//! - a set worked by hand: Partie 1 ending the moment the King reaches 350 (on a trick's points,
//!   in mid-deal), the next deal starting Partie 2 with seat 1 King and dealer, Partie 2 won by
//!   the Bauern on dropped deals, Partie 3 ending on the King's melds before the first trick's
//!   points; Schneider doubling the stake (both ways) and not without it; the settlement the sum
//!   of the Partien's stakes, zero-sum;
//! - refusals: wrong deals (hand sizes, the trump card not the dealer's or missing, a card twice,
//!   cards on the table, a deal at the wrong time, a deal for the next Partie with the old
//!   dealer) and illegal actions (a card when stay or drop is asked, a card not held or not
//!   allowed, stay in the card play, anything before the deal, between Partien, after the set)
//!   are refused with their reason and change nothing; options that cannot be played;
//! - properties over 100 seeded random sets (both `dealer` options): the dealer of every deal;
//!   every legal card is held and is `trick::legal_cards` under the strict rules; every stayed
//!   deal played out writes 157 card points and the Matsch, the melds, the Stöck; every dropped
//!   deal 257 and a Bauer's Stöck; the totals add up deal by deal and Partie by Partie; no
//!   Partie goes on once a party reached its target, and the loser is below its own; no view (a
//!   seat's, the spectators') shows a card of another seat's hand but the turned trump card, the
//!   cards played and the melds shown; the stakes and the settlement as they should, zero-sum;
//! - records played, `check()`ed and read back equal (also under the game's other names); a
//!   record with a card or a figure changed, or cut short, is refused.

mod common;

use common::{
    assert_worked, card, check_legal_cards, drive, legal_actions, play_trick, points_of,
    random_players, read_back, refused, refused_deal, run, seat_to_move, set, stoeck_holder,
    view_cards, Driver,
};
use jass_core::bieter::{Bieter, BieterDeal, BieterPhase, BieterTally, BAUERN, KING, WEIS_RULES};
use jass_core::deal::{ordered_pack, uniform_below, SeededDealer};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::record::play_seeded;
use jass_core::schafhauser::{
    play_recorded, Schafhauser, SchafhauserAction, SchafhauserDealer, SchafhauserOptions,
    SchafhauserPartie, SchafhauserRecord,
};
use jass_core::{Card, CardSet, Mode, Suit, UndenufeEleven};
use rand_xoshiro::Xoshiro256PlusPlus;

// ---------------------------------------------------------------------------------------------
// Helpers.

fn game(opts: SchafhauserOptions) -> Schafhauser {
    Schafhauser::new(opts).unwrap()
}

/// The options with the King dealing every deal of his Partie (`dealer` `king`).
fn king_deals() -> SchafhauserOptions {
    SchafhauserOptions {
        dealer: SchafhauserDealer::King,
        ..SchafhauserOptions::default()
    }
}

fn rotating() -> SchafhauserOptions {
    SchafhauserOptions {
        dealer: SchafhauserDealer::Rotating,
        ..SchafhauserOptions::default()
    }
}

/// The seat `k` places to the left of the King (0 the King, 1 forehand, 2 middlehand: with
/// `dealer` `king` the King deals, so forehand sits at his left).
fn seat_of(king: u8, k: usize) -> usize {
    (king as usize + k) % 3
}

/// A deal for the King `king`, who deals it: `by_place[k]` is the hand of the seat `k` places to
/// his left, `trump` the turned card (his).
fn deal_for(king: u8, by_place: [&str; 3], trump: &str) -> BieterDeal {
    let mut hands = [CardSet::EMPTY; 4];
    for (k, h) in by_place.iter().enumerate() {
        hands[seat_of(king, k)] = set(h);
        assert_eq!(hands[seat_of(king, k)].len(), 12, "{h}");
    }
    assert_eq!(
        hands.iter().fold(CardSet::EMPTY, |a, &b| a | b),
        CardSet::ALL,
        "the hands make the pack"
    );
    BieterDeal {
        hands,
        table_hidden: CardSet::EMPTY,
        table_open: CardSet::EMPTY,
        trump_card: Some(card(trump)),
    }
}

/// Plays one trick, `by_place[k]` the card of the seat `k` places to the left of the King
/// (played when the game asks that seat), and checks its winner (a place too) and its points:
/// `points` is worked out by hand in the test's comments, checked here against the card values,
/// then against the engine.
fn trick(g: &mut Schafhauser, by_place: [&str; 3], winner: usize, points: u32) {
    let king = g.king();
    let p = g.partie().card_play();
    let mode = p.mode();
    assert!(
        mode.trump().is_some(),
        "Schafhauser is always played in a trump suit"
    );
    let done = p.tricks_done();
    let last = done + 1 == p.tricks_in_deal();
    assert_worked(&by_place, mode, UndenufeEleven::Six, last, points);
    play_trick(g, 3, |s| by_place[(s + 3 - king as usize) % 3]);
    assert_eq!(g.partie().card_play().tricks_done(), done + 1);
    let (_, cards, w, engine_points) = g.partie().completed_trick(done as usize);
    assert_eq!(cards.len(), 3);
    assert_eq!(
        w as usize,
        seat_of(king, winner),
        "trick {} {by_place:?}",
        done + 1
    );
    assert_eq!(engine_points, points, "{by_place:?}");
}

/// A tally, field by field: `[King, Bauern]` each.
struct Tally {
    card_points: [u32; 2],
    tricks: [u8; 2],
    melds: [u32; 2],
    stoeck: [u32; 2],
    matsch: [u32; 2],
    written: [u32; 2],
}

fn assert_tally(t: BieterTally, want: Tally) {
    assert_eq!(t.card_points, want.card_points, "card points");
    assert_eq!(t.tricks, want.tricks, "tricks");
    assert_eq!(t.melds, want.melds, "melds");
    assert_eq!(t.stoeck, want.stoeck, "Stöck");
    assert_eq!(t.discards, 0, "no discards in Schafhauser");
    assert_eq!(t.matsch, want.matsch, "Matsch");
    assert_eq!(t.written, want.written, "written");
    for p in [KING, BAUERN] {
        assert_eq!(
            want.written[p],
            want.card_points[p] + want.melds[p] + want.stoeck[p] + want.matsch[p],
            "the figures of party {p} add up"
        );
    }
}

/// The shown melds: seat, cards, points.
fn shown_melds(g: &Schafhauser) -> Vec<(u8, CardSet, u32)> {
    let mode = g.partie().card_play().mode();
    g.partie()
        .shown_melds()
        .iter()
        .map(|m| (m.seat, m.weis.cards(), m.weis.points(mode, &WEIS_RULES)))
        .collect()
}

fn partie(king: u8, winner: usize, schneider: bool, totals: [u32; 2]) -> SchafhauserPartie {
    let stake = if schneider { 2 } else { 1 };
    let sign = if winner == KING { 1 } else { -1 };
    let mut stakes = [-sign * stake; 3];
    stakes[king as usize] = 2 * sign * stake;
    SchafhauserPartie {
        king,
        winner: Some(winner),
        schneider,
        totals,
        stakes,
    }
}

/// Deals the next deal from the pack in order and the King drops it; returns the dealer.
fn drop_ordered(g: &mut Schafhauser) -> u8 {
    let d = g.deal_from_pack(&ordered_pack());
    g.apply_deal(d).unwrap();
    let dealer = g.partie().dealer();
    assert_eq!(g.phase(), BieterPhase::Decide);
    run(g, &["drop"]);
    dealer
}

// ---------------------------------------------------------------------------------------------
// The worked deals, by place from the King (who deals them): [King, forehand, middlehand].

/// Spades trump, the turned card the King's S7 (another of his cards for other trumps). The King
/// holds spades J 9 K Q 7 (Stöck; J Q K 20) and diamonds A K Q (20); forehand clubs 10 J Q K
/// (50), middlehand diamonds 9 10 J and hearts 7 8 9 (20 + 20), and hearts K Q (Stöck in
/// hearts); forehand clubs K Q (Stöck in clubs).
const SHARED: [&str; 3] = [
    "SJ S9 SK SQ S7 DA DK DQ HA CA C6 H6",
    "C10 CJ CQ CK C7 C8 S6 S10 D6 D8 H10 HJ",
    "D7 D9 D10 DJ H7 H8 H9 HQ HK S8 SA C9",
];

/// The shared deal's tricks in spades, by place [King, forehand, middlehand], the winner's place
/// and the points worked by hand. Forehand leads trick 1.
const SHARED_TRICKS: [([&str; 3], usize, u32); 12] = [
    (["CA", "CK", "C9"], 0, 15),   // 11 + 4 + 0
    (["SJ", "S6", "S8"], 0, 20),   // 20 + 0 + 0
    (["S9", "S10", "SA"], 0, 35),  // 14 + 10 + 11: the Nine above the Ace
    (["SK", "C7", "H7"], 0, 4),    // 4 + 0 + 0: the Bauern have no trump left
    (["SQ", "C8", "H8"], 0, 3),    // 3 + 0 + 0: the King's second Stöck card
    (["DA", "D6", "D7"], 0, 11),   // 11 + 0 + 0
    (["H6", "H10", "HK"], 2, 14),  // 0 + 10 + 4: middlehand's King
    (["HA", "HJ", "HQ"], 0, 16),   // 11 + 2 + 3: middlehand led the Queen
    (["C6", "CQ", "H9"], 1, 3),    // 0 + 3 + 0: forehand's Queen
    (["DQ", "CJ", "D9"], 1, 5),    // 3 + 2 + 0: the King discards
    (["S7", "C10", "D10"], 0, 20), // 0 + 10 + 10: the King trumps
    (["DK", "D8", "DJ"], 0, 11),   // 4 + 0 + 2 + 5 (last trick)
];

/// Hearts trump, the turned card the King's H7. The King holds hearts J 9 A K 10 7, diamonds and
/// spades A K Q (melds: hearts 9 10 J, diamonds Q K A, spades Q K A: 60); the Bauern no meld
/// (forehand's four Eights count nothing).
const MATSCH: [&str; 3] = [
    "HJ H9 HA HK H10 H7 DA DK DQ SA SK SQ",
    "C6 C8 C10 CQ CA D6 D8 D10 S6 S8 S10 H8",
    "C7 C9 CJ CK D7 D9 DJ S7 S9 SJ H6 HQ",
];

/// The Matsch deal's tricks in hearts: the King trumps forehand's CA, draws the trumps and
/// cashes his diamonds and spades.
const MATSCH_TRICKS: [([&str; 3], usize, u32); 12] = [
    (["H7", "CA", "CK"], 0, 15),  // 0 + 11 + 4
    (["HJ", "H8", "H6"], 0, 20),  // 20 + 0 + 0
    (["H9", "C6", "HQ"], 0, 17),  // 14 + 0 + 3
    (["HA", "C8", "C7"], 0, 11),  // 11 + 0 + 0
    (["HK", "C10", "C9"], 0, 14), // 4 + 10 + 0
    (["H10", "CQ", "CJ"], 0, 15), // 10 + 3 + 2
    (["DA", "D6", "D7"], 0, 11),  // 11 + 0 + 0
    (["DK", "D8", "D9"], 0, 4),   // 4 + 0 + 0
    (["DQ", "D10", "DJ"], 0, 15), // 3 + 10 + 2
    (["SA", "S6", "S7"], 0, 11),  // 11 + 0 + 0
    (["SK", "S8", "S9"], 0, 4),   // 4 + 0 + 0
    (["SQ", "S10", "SJ"], 0, 20), // 3 + 10 + 2 + 5 (last trick)
];

// ---------------------------------------------------------------------------------------------
// Dealing.

/// The cards of `pack` in these packets of three (packet `k`: cards `3k .. 3k + 3`).
fn packets(pack: &[Card; 36], ks: &[usize]) -> CardSet {
    ks.iter()
        .flat_map(|&k| pack[3 * k..3 * k + 3].iter().copied())
        .collect()
}

#[test]
fn the_packets_of_three_from_forehand_the_dealers_last_card_turned_and_the_king_dealing() {
    // The pack in order (D6 .. DA, H6 .. HA, S6 .. SA, C6 .. CA), dealer seat 0: forehand seat 1
    // takes packets 0, 3, 6, 9, seat 2 packets 1, 4, 7, 10, the dealer 2, 5, 8, 11 and with the
    // last the turned card CA.
    let pack = ordered_pack();
    let mut g = game(king_deals());
    assert_eq!((g.phase(), g.to_move()), (BieterPhase::Deal, ToMove::Deal));
    assert_eq!((g.king(), g.partie_number(), g.deals_started()), (0, 1, 0));
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[1], set("D6 D7 D8 H6 H7 H8 S6 S7 S8 C6 C7 C8"));
    assert_eq!(d.hands[2], set("D9 D10 DJ H9 H10 HJ S9 S10 SJ C9 C10 CJ"));
    assert_eq!(d.hands[0], set("DQ DK DA HQ HK HA SQ SK SA CQ CK CA"));
    assert_eq!(d.hands[3], CardSet::EMPTY);
    assert_eq!(d.trump_card, Some(card("CA")));
    assert!((d.table_hidden | d.table_open).is_empty());
    g.apply_deal(d).unwrap();
    assert_eq!((g.partie().dealer(), g.partie().forehand()), (0, 1));
    assert_eq!(g.phase(), BieterPhase::Decide);
    assert_eq!(seat_to_move(&g), 0, "the King decides");
    assert_eq!(
        legal_actions(&g),
        vec![SchafhauserAction::Stay, SchafhauserAction::Drop]
    );
    assert!(
        g.partie().hand(0).contains(card("CA")),
        "the turned card stays with the dealer"
    );
    for v in [
        g.view_json(0),
        g.view_json(1),
        g.view_json(2),
        g.public_view_json(),
    ] {
        assert_eq!(v["trump_card"], "CA");
        assert_eq!(
            v["trump"],
            serde_json::to_value(Mode::Trump(Suit::C)).unwrap()
        );
        assert_eq!(
            (v["king"].as_u64(), v["dealer"].as_u64()),
            (Some(0), Some(0))
        );
        assert_eq!(v["targets"], serde_json::json!([350, 1000]));
        assert_eq!(
            (v["partie"].as_u64(), v["partien"].as_u64()),
            (Some(1), Some(3))
        );
        assert_eq!(v["phase"], "decide");
    }

    // The King deals every deal of his Partie: the same packets again. He drops each deal
    // (holding CK CQ, his Stöck counts nothing): 257 a deal, the Bauern reach 1000 with the
    // fourth (1028), the King Schneider with 0.
    run(&mut g, &["drop"]);
    for n in 2..=4 {
        let d = g.deal_from_pack(&pack);
        assert_eq!(d.hands[0], set("DQ DK DA HQ HK HA SQ SK SA CQ CK CA"));
        assert_eq!(d.hands[1], set("D6 D7 D8 H6 H7 H8 S6 S7 S8 C6 C7 C8"));
        g.apply_deal(d).unwrap();
        assert_eq!(
            (g.partie().dealer(), g.partie().forehand()),
            (0, 1),
            "deal {n}"
        );
        run(&mut g, &["drop"]);
        assert_eq!(g.partie().totals(), [0, 257 * n]);
    }
    assert_eq!(g.partie().phase(), BieterPhase::Over);
    assert_eq!((g.phase(), g.to_move()), (BieterPhase::Deal, ToMove::Deal));
    assert_eq!(g.partien(), vec![partie(0, BAUERN, true, [0, 1028])]);

    // Partie 2: seat 1 is King and deals, seat 2 forehand.
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[2], set("D6 D7 D8 H6 H7 H8 S6 S7 S8 C6 C7 C8"));
    assert_eq!(d.hands[0], set("D9 D10 DJ H9 H10 HJ S9 S10 SJ C9 C10 CJ"));
    assert_eq!(d.hands[1], set("DQ DK DA HQ HK HA SQ SK SA CQ CK CA"));
    assert_eq!(d.trump_card, Some(card("CA")));
    g.apply_deal(d).unwrap();
    assert_eq!((g.partie_number(), g.king(), g.deals_started()), (2, 1, 5));
    assert_eq!((g.partie().dealer(), g.partie().forehand()), (1, 2));
    assert_eq!(g.partie().totals(), [0, 0]);
    assert_eq!(seat_to_move(&g), 1, "the new King decides");
    // And keeps dealing.
    run(&mut g, &["drop"]);
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_eq!(g.partie().next_dealer(), 1);
    assert_eq!(
        g.deal_from_pack(&pack).hands[1],
        set("DQ DK DA HQ HK HA SQ SK SA CQ CK CA")
    );

    // A shuffled pack: every packet its own.
    let pack = SeededDealer::new(11).next_pack();
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[2], packets(&pack, &[0, 3, 6, 9]));
    assert_eq!(d.hands[0], packets(&pack, &[1, 4, 7, 10]));
    assert_eq!(d.hands[1], packets(&pack, &[2, 5, 8, 11]));
    assert_eq!(d.trump_card, Some(pack[35]));
    g.apply_deal(d).unwrap();
    assert_eq!((g.partie().dealer(), g.king()), (1, 1));
    assert_eq!(
        g.partie().contract().map(|c| c.mode()),
        Some(Mode::Trump(pack[35].suit()))
    );
}

#[test]
fn with_a_rotating_dealer_the_king_deals_first_then_the_deal_passes_to_the_left() {
    // Bauern to 800: the ordered pack's CA and its Stöck CK CQ go to each dealer. Deal 1: the
    // King (seat 0) deals and drops, his Stöck counts nothing: 257. Deal 2: seat 1 deals, the
    // trump card and the Stöck are a Bauer's: 257 + 20 = 534. Deal 3: seat 2, a Bauer: 791,
    // and the Stöck 811, past 800.
    let opts = SchafhauserOptions {
        farmers_target: 800,
        ..rotating()
    };
    let pack = ordered_pack();
    let mut g = game(opts);
    let mut dealers = Vec::new();
    let mut totals = Vec::new();
    for _ in 0..3 {
        let dealer = g.partie().next_dealer();
        let d = g.deal_from_pack(&pack);
        assert_eq!(
            d.hands[dealer as usize],
            set("DQ DK DA HQ HK HA SQ SK SA CQ CK CA"),
            "the dealer takes the last packets"
        );
        assert_eq!(
            d.hands[(dealer as usize + 1) % 3],
            packets(&pack, &[0, 3, 6, 9])
        );
        assert_eq!(d.trump_card, Some(card("CA")));
        g.apply_deal(d).unwrap();
        assert_eq!(g.partie().dealer(), dealer);
        assert_eq!(g.partie().forehand(), (dealer + 1) % 3);
        assert_eq!(seat_to_move(&g), 0, "the King decides, whoever deals");
        run(&mut g, &["drop"]);
        dealers.push(dealer);
        totals.push(g.partie().totals()[BAUERN]);
        let stoeck = g.partie().stoeck_scored();
        assert_eq!(
            stoeck,
            (dealer != 0).then_some(dealer),
            "a Bauer's Stöck only"
        );
    }
    assert_eq!(dealers, vec![0, 1, 2]);
    assert_eq!(totals, vec![257, 534, 811]);
    assert_eq!(g.partie().winner(), Some(BAUERN));
    // Partie 2: its King, seat 1, deals its first deal (not seat 0, next in turn), then seat 2.
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_eq!(drop_ordered(&mut g), 1);
    assert_eq!((g.partie_number(), g.king()), (2, 1));
    assert_eq!(drop_ordered(&mut g), 2);
    assert_eq!(drop_ordered(&mut g), 0);
    assert_eq!(g.partie().totals(), [0, 257 + 277 + 277]);
    assert_eq!(g.partie().phase(), BieterPhase::Over);
    // Partie 3: seat 2 deals.
    assert_eq!(drop_ordered(&mut g), 2);
    assert_eq!((g.partie_number(), g.king(), g.deals_started()), (3, 2, 7));
}

// ---------------------------------------------------------------------------------------------
// Worked deals.

#[test]
fn the_king_stays_melds_of_the_best_party_his_stoeck_and_every_trick_written_as_taken() {
    let mut g = game(king_deals());
    g.apply_deal(deal_for(0, SHARED, "S7")).unwrap();
    assert_eq!((g.partie().dealer(), g.partie().forehand()), (0, 1));
    assert_eq!(
        g.partie().contract().map(|c| c.mode()),
        Some(Mode::Trump(Suit::S))
    );
    // Each seat sees its own hand and the turned card, nothing of the others'.
    for s in 0..3 {
        let seen = view_cards(&g.view_json(s));
        assert_eq!(seen, g.partie().hand(s as u8) | set("S7"), "seat {s}");
        assert_eq!(g.observe(s).hand, g.partie().hand(s as u8));
    }
    assert_eq!(view_cards(&g.public_view_json()), set("S7"));

    run(&mut g, &["stay"]);
    assert_eq!(g.partie().stayed(), Some(true));
    assert_eq!(g.phase(), BieterPhase::Play);
    assert_eq!(seat_to_move(&g), 1, "forehand leads");
    // The first trick, then the melds: forehand's clubs 10 J Q K (50, four cards) is the best
    // single meld, above the King's two of three cards (20 each); the Bauern write it with
    // middlehand's diamonds 9 10 J and hearts 7 8 9 (20 + 20): 90. The King's 40 is not written.
    let (cards, w, p) = SHARED_TRICKS[0];
    trick(&mut g, cards, w, p);
    assert_eq!(
        shown_melds(&g),
        vec![
            (1, set("C10 CJ CQ CK"), 50),
            (2, set("D9 D10 DJ H7 H8 H9"), 40)
        ]
    );
    assert_eq!(g.partie().tally().melds, [0, 90]);
    assert_eq!(g.partie().totals(), [15, 90]);
    for s in 0..3 {
        assert_eq!(g.view_json(s)["melds"].as_array().unwrap().len(), 2);
    }
    // Each trick written to its party when taken; the Stöck when the King plays SQ, his second.
    let mut totals = [15, 90];
    for (i, &(cards, w, p)) in SHARED_TRICKS.iter().enumerate().skip(1) {
        if i == 4 {
            assert_eq!(g.partie().stoeck_scored(), None);
            assert_eq!(seat_to_move(&g), 0);
            run(&mut g, &["play SQ"]);
            assert_eq!(g.partie().stoeck_scored(), Some(0));
            totals[KING] += 20;
            assert_eq!(g.partie().totals(), totals, "Stöck at once");
            run(&mut g, &["play C8", "play H8"]);
            assert_eq!(g.partie().completed_trick(4).3, p);
        } else {
            trick(&mut g, cards, w, p);
        }
        totals[if w == 0 { KING } else { BAUERN }] += p;
        assert_eq!(g.partie().totals(), totals, "after trick {}", i + 1);
    }
    // King: 15 + 20 + 35 + 4 + 3 + 11 + 16 + 20 + 11 = 135; Bauern: 14 + 3 + 5 = 22; 157.
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_tally(
        g.partie().tally(),
        Tally {
            card_points: [135, 22],
            tricks: [9, 3],
            melds: [0, 90],
            stoeck: [20, 0],
            matsch: [0, 0],
            written: [155, 112],
        },
    );
    assert_eq!(135 + 22, 157);
    assert_eq!(g.partie().totals(), [155, 112]);
    assert_eq!(g.partie().trick_records().len(), 12);
    assert_eq!(g.partie().winner(), None);
    assert_eq!(
        g.partien(),
        vec![SchafhauserPartie {
            king: 0,
            winner: None,
            schneider: false,
            totals: [155, 112],
            stakes: [0, 0, 0],
        }]
    );
    assert_eq!((g.stakes(), g.settlement()), ([0, 0, 0], None));
    // The next deal is the King's again.
    assert_eq!(g.partie().next_dealer(), 0);
}

#[test]
fn the_king_takes_every_trick_157_his_melds_and_a_matsch_of_100() {
    let mut g = game(king_deals());
    g.apply_deal(deal_for(0, MATSCH, "H7")).unwrap();
    run(&mut g, &["stay"]);
    // The melds after the first trick: the King's three sequences of three (60); the Bauern have
    // none (four Eights count nothing). The trick's 15 after them.
    let (cards, w, p) = MATSCH_TRICKS[0];
    trick(&mut g, cards, w, p);
    assert_eq!(
        shown_melds(&g),
        vec![(0, set("H9 H10 HJ DQ DK DA SQ SK SA"), 60)]
    );
    assert_eq!(g.partie().totals(), [75, 0]);
    let mut king = 75;
    for &(cards, w, p) in &MATSCH_TRICKS[1..] {
        trick(&mut g, cards, w, p);
        king += p;
        if g.phase() == BieterPhase::Play {
            assert_eq!(g.partie().totals(), [king, 0]);
        }
    }
    // 15 + 20 + 17 + 11 + 14 + 15 + 11 + 4 + 15 + 11 + 4 + 20 = 157, then the Matsch.
    assert_eq!(king, 60 + 157);
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_tally(
        g.partie().tally(),
        Tally {
            card_points: [157, 0],
            tricks: [12, 0],
            melds: [60, 0],
            stoeck: [0, 0],
            matsch: [100, 0],
            written: [317, 0],
        },
    );
    assert_eq!(g.partie().totals(), [317, 0]);
    assert_eq!(g.partie().stoeck_scored(), None);
}

#[test]
fn the_king_drops_257_and_a_bauers_stoeck_for_the_bauern_his_own_stoeck_never() {
    // Spades (S7): the King's own SK SQ count nothing when he does not play: 257 alone.
    let mut g = game(king_deals());
    g.apply_deal(deal_for(0, SHARED, "S7")).unwrap();
    run(&mut g, &["drop"]);
    assert_eq!(g.partie().stayed(), Some(false));
    assert_eq!(g.phase(), BieterPhase::Deal);
    assert_eq!(g.partie().stoeck_scored(), None);
    assert_tally(
        g.partie().tally(),
        Tally {
            card_points: [0, 0],
            tricks: [0, 0],
            melds: [0, 0],
            stoeck: [0, 0],
            matsch: [0, 257],
            written: [0, 257],
        },
    );
    assert_eq!(g.partie().totals(), [0, 257]);
    assert!(g.partie().trick_records().is_empty());
    assert!(
        g.partie().shown_melds().is_empty(),
        "no melds in a deal not played"
    );
    assert_eq!(g.partie().hand(1).len(), 12, "no card is played");
    assert_eq!(g.partie().next_dealer(), 0);

    // Hearts (the King's H6): middlehand (seat 2) holds HK HQ: 257 + 20. Clubs (C6): forehand
    // (seat 1) holds CK CQ. Diamonds (DA): the King's DK DQ again nothing.
    for (trump, holder, written) in [
        ("H6", Some(2), 277),
        ("C6", Some(1), 277),
        ("DA", None, 257),
    ] {
        let mut g = game(king_deals());
        g.apply_deal(deal_for(0, SHARED, trump)).unwrap();
        run(&mut g, &["drop"]);
        assert_eq!(g.partie().stoeck_scored(), holder, "{trump}");
        let stoeck = if holder.is_some() { 20 } else { 0 };
        assert_eq!(g.partie().tally().stoeck, [0, stoeck], "{trump}");
        assert_eq!(g.partie().tally().matsch, [0, 257]);
        assert_eq!(g.partie().totals(), [0, written], "{trump}");
        assert_eq!(g.view_json(0)["stoeck"].as_u64(), holder.map(u64::from));
    }

    // With the Bauern's target at 250 the 257 end the Partie at once: the Stöck is not written.
    let mut g = game(SchafhauserOptions {
        farmers_target: 250,
        partien: 1,
        ..king_deals()
    });
    g.apply_deal(deal_for(0, SHARED, "H6")).unwrap();
    run(&mut g, &["drop"]);
    assert_eq!((g.phase(), g.to_move()), (BieterPhase::Over, ToMove::Over));
    assert_eq!(g.partie().tally().written, [0, 257]);
    assert_eq!(g.partie().tally().stoeck, [0, 0]);
    assert_eq!(g.partie().stoeck_scored(), None);
    // 0 is short of half of 350: the King pays each Bauer a double stake.
    assert_eq!(g.partien(), vec![partie(0, BAUERN, true, [0, 257])]);
    assert_eq!(g.settlement(), Some([-4, 2, 2]));
}

// ---------------------------------------------------------------------------------------------
// A whole set.

#[test]
fn a_set_of_three_partien_each_ending_the_moment_a_target_is_reached_and_the_stakes_summed() {
    let mut g = game(king_deals());

    // Partie 1, King seat 0. The Matsch deal: 317. The shared deal: after trick 1 the Bauern's
    // melds (90) and the King's 15 (332); trick 2 brings him 20, to 352: the Partie is over at
    // once, ten cards a seat unplayed.
    g.apply_deal(deal_for(0, MATSCH, "H7")).unwrap();
    run(&mut g, &["stay"]);
    for (cards, w, p) in MATSCH_TRICKS {
        trick(&mut g, cards, w, p);
    }
    assert_eq!(g.partie().totals(), [317, 0]);
    g.apply_deal(deal_for(0, SHARED, "S7")).unwrap();
    assert_eq!(g.deals_started(), 2);
    run(&mut g, &["stay"]);
    let (cards, w, p) = SHARED_TRICKS[0];
    trick(&mut g, cards, w, p);
    assert_eq!(g.partie().totals(), [332, 90]);
    assert_eq!(g.phase(), BieterPhase::Play);
    let (cards, w, p) = SHARED_TRICKS[1];
    trick(&mut g, cards, w, p);
    assert_eq!(g.partie().totals(), [352, 90]);
    assert_eq!(g.partie().phase(), BieterPhase::Over);
    assert_eq!(g.partie().winner(), Some(KING));
    assert_eq!(
        g.partie().hand(0).len(),
        10,
        "the other cards are not played"
    );
    // The set goes on: the next deal starts Partie 2.
    assert_eq!((g.phase(), g.to_move()), (BieterPhase::Deal, ToMove::Deal));
    assert!(legal_actions(&g).is_empty());
    // The Bauern's 90 are short of half of 1000: each pays the King a double stake.
    let first = partie(0, KING, true, [352, 90]);
    assert_eq!(first.stakes, [4, -2, -2]);
    assert_eq!(g.partien(), vec![first]);
    assert_eq!((g.stakes(), g.settlement()), ([4, -2, -2], None));
    let v = g.view_json(1);
    assert_eq!(v["results"], serde_json::to_value(vec![first]).unwrap());
    assert_eq!(v["stakes"], serde_json::json!([4, -2, -2]));
    assert_eq!(v["winner"], 0);

    // Partie 2, King seat 1, who deals: he drops four deals (his Stöck CK CQ counting nothing),
    // 4 x 257 = 1028 for the Bauern; his 0 is short of half of 350: he pays each a double stake.
    for n in 1..=4u32 {
        assert_eq!(drop_ordered(&mut g), 1);
        assert_eq!((g.partie_number(), g.king()), (2, 1));
        assert_eq!(g.partie().totals(), [0, 257 * n]);
    }
    assert_eq!(g.deals_started(), 6);
    let second = partie(1, BAUERN, true, [0, 1028]);
    assert_eq!(second.stakes, [2, -4, 2]);
    assert_eq!(g.partien(), vec![first, second]);
    assert_eq!(g.stakes(), [6, -6, 0]);

    // Partie 3, King seat 2: two dropped deals (514 for the Bauern), the Matsch deal (317), then
    // the Matsch deal again: after its first trick the King's melds (60) make 377, which ends the
    // Partie before the trick's 15 are written. 514 is not short of half of 1000: a single stake.
    assert_eq!(drop_ordered(&mut g), 2);
    assert_eq!((g.partie_number(), g.king()), (3, 2));
    assert_eq!(drop_ordered(&mut g), 2);
    assert_eq!(g.partie().totals(), [0, 514]);
    g.apply_deal(deal_for(2, MATSCH, "H7")).unwrap();
    assert_eq!((g.partie().dealer(), g.partie().forehand()), (2, 0));
    run(&mut g, &["stay"]);
    for (cards, w, p) in MATSCH_TRICKS {
        trick(&mut g, cards, w, p);
    }
    assert_eq!(g.partie().tally().written, [317, 0]);
    assert_eq!(g.partie().totals(), [317, 514]);
    g.apply_deal(deal_for(2, MATSCH, "H7")).unwrap();
    run(&mut g, &["stay"]);
    let (cards, w, p) = MATSCH_TRICKS[0];
    trick(&mut g, cards, w, p);
    assert_eq!(g.partie().totals(), [377, 514]);
    assert_eq!(
        g.partie().tally().card_points,
        [0, 0],
        "the melds come first"
    );
    assert_eq!(g.partie().tally().written, [60, 0]);
    assert_eq!((g.phase(), g.to_move()), (BieterPhase::Over, ToMove::Over));
    let third = partie(2, KING, false, [377, 514]);
    assert_eq!(third.stakes, [-1, -1, 2]);
    assert_eq!(g.partien(), vec![first, second, third]);
    // The settlement: 4 + 2 - 1, -2 - 4 - 1, -2 + 2 + 2.
    assert_eq!(g.settlement(), Some([5, -7, 2]));
    assert_eq!(g.settlement().unwrap().iter().sum::<i64>(), 0);
    assert_eq!(g.deals_started(), 10);
    assert!(g.is_terminal());
    assert!(legal_actions(&g).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Refusals.

#[test]
fn wrong_deals_and_illegal_actions_are_refused_with_the_reason_and_change_nothing() {
    for (opts, what) in [
        (
            SchafhauserOptions {
                partien: 0,
                ..king_deals()
            },
            "partien",
        ),
        (
            SchafhauserOptions {
                partien: 10,
                ..king_deals()
            },
            "partien",
        ),
        (
            SchafhauserOptions {
                king_target: 50,
                ..king_deals()
            },
            "king_target",
        ),
        (
            SchafhauserOptions {
                farmers_target: 20_000,
                ..king_deals()
            },
            "farmers_target",
        ),
    ] {
        let e = Schafhauser::new(opts).unwrap_err();
        assert!(e.contains(what), "{e}");
    }

    let opts = SchafhauserOptions {
        farmers_target: 250,
        partien: 2,
        ..king_deals()
    };
    let mut g = game(opts);
    let e = refused(&mut g, "stay");
    assert!(e.contains("dealt first"), "{e}");

    // Wrong deals (dealer seat 0).
    let good = deal_for(0, SHARED, "S7");
    let mut d = good;
    d.hands[2].remove(card("C9"));
    d.hands[1].insert(card("C9"));
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains("seat 1 was dealt 13 cards; this deal gives 12 to each of the 3 players"),
        "{e}"
    );
    let mut d = good;
    d.trump_card = Some(card("CK"));
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains("the trump card CK is the dealer's last card: seat 0 must hold it"),
        "{e}"
    );
    let mut d = good;
    d.trump_card = None;
    let e = refused_deal(&mut g, d);
    assert!(e.contains("give trump_card"), "{e}");
    let mut d = good;
    d.hands[1].remove(card("C7"));
    d.hands[1].insert(card("CA"));
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains("seat 1 was dealt CA, which another seat holds too"),
        "{e}"
    );
    let mut d = good;
    d.hands[3] = set("C9");
    let e = refused_deal(&mut g, d);
    assert!(e.contains("seat 3 was dealt 1 cards"), "{e}");
    let mut d = good;
    d.table_open = set("C9");
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains("only the first deal lays cards on the table"),
        "{e}"
    );
    // Cards dealt as by seat 1 (the turned card his): the King, seat 0, deals the first deal.
    let e = refused_deal(&mut g, deal_for(1, SHARED, "S7"));
    assert!(e.contains("seat 0 must hold it"), "{e}");

    g.apply_deal(good).unwrap();
    let e = refused_deal(&mut g, good);
    assert!(
        e.contains("cannot deal now: the game is in the Decide phase"),
        "{e}"
    );

    // Deciding: no card yet.
    assert_eq!(seat_to_move(&g), 0);
    for a in ["play CA", "play SJ"] {
        let e = refused(&mut g, a);
        assert!(
            e.contains("not possible in the Decide phase: the King plays the deal (stay) or leaves it to the Bauern (drop)"),
            "{a}: {e}"
        );
    }
    run(&mut g, &["stay"]);

    // The play: a card not held, a card not allowed, stay or drop.
    assert_eq!(seat_to_move(&g), 1);
    let e = refused(&mut g, "play CA");
    assert!(e.contains("seat 1 does not hold CA"), "{e}");
    for a in ["stay", "drop"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Play phase"), "{a}: {e}");
    }
    run(&mut g, &["play CK"]);
    // Middlehand holds C9: it must follow clubs or trump, not throw a heart.
    let e = refused(&mut g, "play H7");
    assert!(e.contains("H7 may not be played"), "{e}");
    let mut legal = legal_actions(&g)
        .iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>();
    legal.sort();
    assert_eq!(legal, vec!["play C9", "play S8", "play SA"]);
    run(&mut g, &["play C9", "play CA"]);
    for &(cards, w, p) in &SHARED_TRICKS[1..] {
        trick(&mut g, cards, w, p);
    }
    assert_eq!(g.partie().totals(), [155, 112]);

    // The King drops the next deal: 257 end Partie 1 (the Bauern past 250).
    g.apply_deal(good).unwrap();
    run(&mut g, &["drop"]);
    assert_eq!(g.partie().winner(), Some(BAUERN));
    assert_eq!(g.phase(), BieterPhase::Deal);
    // Between two Partien nobody acts; the next Partie's cards are dealt by its King, seat 1.
    for a in ["stay", "drop", "play CA"] {
        let e = refused(&mut g, a);
        assert!(
            e.contains(&format!("`{a}` is not possible now: Partie 1 is over, the cards of the next are to be dealt")),
            "{a}: {e}"
        );
    }
    let e = refused_deal(&mut g, good);
    assert!(e.contains("seat 1 must hold it"), "{e}");
    assert_eq!(g.partie_number(), 1);
    let mut d = deal_for(1, SHARED, "S7");
    d.hands[0].remove(card("C9"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("was dealt 11 cards"), "{e}");
    assert_eq!((g.partie_number(), g.king()), (1, 0));

    // Partie 2 (King seat 1): one drop ends it and the set.
    g.apply_deal(deal_for(1, SHARED, "S7")).unwrap();
    assert_eq!(
        (g.partie_number(), g.king(), g.partie().dealer()),
        (2, 1, 1)
    );
    run(&mut g, &["drop"]);
    assert_eq!((g.phase(), g.to_move()), (BieterPhase::Over, ToMove::Over));
    // Partie 1: the King's 155 is short of half of 350 (175), as is his 0 in Partie 2: double
    // stakes both times.
    assert_eq!(
        g.partien(),
        vec![
            partie(0, BAUERN, true, [155, 112 + 257]),
            partie(1, BAUERN, true, [0, 257])
        ]
    );
    assert_eq!(g.settlement(), Some([-4 + 2, 2 - 4, 2 + 2]));
    for a in ["stay", "play CA"] {
        let e = refused(&mut g, a);
        assert!(e.contains("the game is over"), "{a}: {e}");
    }
    let e = refused_deal(&mut g, deal_for(2, SHARED, "S7"));
    assert!(e.contains("cannot deal now"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Properties over many seeded sets.

#[derive(Default, Debug)]
struct Seen {
    dropped: u32,
    bauer_stoeck_on_drop: u32,
    full_deals: u32,
    matsch: u32,
    stoeck: u32,
    melds: [u32; 2],
    won: [u32; 2],
    schneider: u32,
    ended_mid_deal: u32,
    rotated: u32,
}

/// No view shows a card of another seat's hand, but what all may know: the turned card, the
/// cards played, the melds shown.
fn check_views(g: &Schafhauser) {
    let b = g.partie();
    let mut public: CardSet = b
        .trick_records()
        .iter()
        .flat_map(|r| r.cards.iter().copied())
        .collect();
    if b.phase() == BieterPhase::Play {
        public |= b.card_play().current().iter().copied().collect::<CardSet>();
    }
    if let Some(c) = b.dealt().trump_card {
        public.insert(c);
    }
    for m in b.shown_melds() {
        public |= m.weis.cards();
    }
    let hands: Vec<CardSet> = (0..3).map(|s| b.hand(s)).collect();
    let all = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    for (s, &hand) in hands.iter().enumerate() {
        let secret = (all - hand) - public;
        let view = g.view_json(s);
        let shown = view_cards(&view);
        assert!(
            (shown & secret).is_empty(),
            "seat {s} sees {} in {:?}",
            shown & secret,
            g.phase()
        );
        assert_eq!(g.observe(s).hand, hand);
        assert_eq!(view["hand"], serde_json::to_value(hand).unwrap());
    }
    let public_view = g.public_view_json();
    assert!(public_view.get("hand").is_none());
    let shown = view_cards(&public_view);
    assert!(
        (shown & (all - public)).is_empty(),
        "spectators see {}",
        shown & (all - public)
    );
}

/// The legal cards are held and are `trick::legal_cards` under the strict rules.
fn check_legal(g: &Schafhauser, seat: u8, legal: &ActionList<SchafhauserAction>) {
    let b = g.partie();
    let cards = legal.played_cards();
    match b.phase() {
        BieterPhase::Decide => {
            assert_eq!(seat, g.king(), "the King decides");
            assert_eq!(
                legal.to_vec(),
                vec![SchafhauserAction::Stay, SchafhauserAction::Drop]
            );
        }
        BieterPhase::Play => {
            let p = b.card_play();
            check_legal_cards(legal, b.hand(seat), p.current(), p.mode());
            assert_eq!(cards, b.legal_cards());
        }
        ph => panic!("seat {seat} to act in the {ph:?} phase"),
    }
}

/// A deal just over (the Partie in `b`): its figures, against `start` (the totals when it was
/// dealt).
fn check_deal(b: &Bieter, start: [u32; 2], seen: &mut Seen) {
    let t = b.tally();
    let over = b.phase() == BieterPhase::Over;
    let king = b.king().unwrap();
    let party = |s: u8| if s == king { KING } else { BAUERN };
    assert_eq!(t.discards, 0);
    for p in [KING, BAUERN] {
        assert_eq!(b.totals()[p], start[p] + t.written[p], "the totals add up");
        assert_eq!(
            t.written[p],
            t.card_points[p] + t.melds[p] + t.stoeck[p] + t.matsch[p],
            "{t:?}"
        );
    }
    let targets = b.targets();
    if over {
        let w = b.winner().expect("a winner");
        assert!(b.totals()[w] >= targets[w]);
        assert!(b.totals()[1 - w] < targets[1 - w]);
        seen.won[w] += 1;
        if b.stayed() == Some(true) && !b.card_play().is_over() {
            seen.ended_mid_deal += 1;
        }
    } else {
        assert_eq!(b.winner(), None);
    }
    let mode = b.contract().expect("a trump").mode();
    assert_eq!(mode.trump(), Some(b.dealt().trump_card.unwrap().suit()));
    let records = b.trick_records();
    if b.stayed() == Some(false) {
        seen.dropped += 1;
        assert!(records.is_empty());
        assert_eq!(t.matsch, [0, 257]);
        assert_eq!((t.card_points, t.tricks, t.melds), ([0, 0], [0, 0], [0, 0]));
        let bauer = stoeck_holder(&b.dealt().hands[..3], mode).filter(|&s| s != king);
        let ended_on_matsch = over && start[BAUERN] + 257 >= targets[BAUERN];
        let want = if bauer.is_some() && !ended_on_matsch {
            seen.bauer_stoeck_on_drop += 1;
            20
        } else {
            0
        };
        assert_eq!(t.stoeck, [0, want]);
        assert_eq!(b.stoeck_scored(), bauer.filter(|_| want > 0));
        return;
    }
    assert_eq!(b.stayed(), Some(true));
    // The melds: one party at most, those shown, from the hands as dealt.
    assert!(t.melds[KING] == 0 || t.melds[BAUERN] == 0);
    let mut shown = [0u32; 2];
    for m in b.shown_melds() {
        m.weis
            .validate(b.start_hands()[m.seat as usize], mode, &WEIS_RULES)
            .unwrap();
        shown[party(m.seat)] += m.weis.points(mode, &WEIS_RULES);
    }
    assert_eq!(shown, t.melds);
    for p in [KING, BAUERN] {
        if t.melds[p] > 0 {
            seen.melds[p] += 1;
        }
    }
    // Every trick's points from the card values.
    let mut by_party = [0u32; 2];
    let mut tricks = [0u8; 2];
    for (i, r) in records.iter().enumerate() {
        let cards: CardSet = r.cards.iter().copied().collect();
        let bonus = if i + 1 == 12 { 5 } else { 0 };
        assert_eq!(r.points, points_of(cards, mode) + bonus, "{r:?} in {mode}");
        by_party[party(r.winner)] += r.points;
        tricks[party(r.winner)] += 1;
    }
    if over {
        // The Partie may have ended at any figure: nothing more than the tricks taken.
        for p in [KING, BAUERN] {
            assert!(t.card_points[p] <= by_party[p]);
        }
        return;
    }
    // A deal played out: 157, the Matsch, the Stöck of its holder's party.
    seen.full_deals += 1;
    assert_eq!(records.len(), 12);
    assert_eq!(t.card_points, by_party);
    assert_eq!(t.tricks, tricks);
    assert_eq!(t.card_points[KING] + t.card_points[BAUERN], 157, "{t:?}");
    for p in [KING, BAUERN] {
        let want = if tricks[p] == 12 { 100 } else { 0 };
        if want > 0 {
            seen.matsch += 1;
        }
        assert_eq!(t.matsch[p], want);
    }
    let holder = stoeck_holder(&b.start_hands()[..3], mode);
    if holder.is_some() {
        seen.stoeck += 1;
    }
    for p in [KING, BAUERN] {
        let want = if holder.map(party) == Some(p) { 20 } else { 0 };
        assert_eq!(t.stoeck[p], want);
    }
    assert_eq!(b.stoeck_scored(), holder);
}

/// A random set's checks and choices.
struct Set<'a> {
    opts: SchafhauserOptions,
    seen: &'a mut Seen,
    /// The totals of the Partie when the deal was dealt.
    start: [u32; 2],
    /// Each Partie's totals, added up deal by deal.
    partie_sums: Vec<[u32; 2]>,
    /// The deal being dealt: whether it starts a Partie, its King and dealer.
    new_partie: bool,
    king: u8,
    want_dealer: u8,
}

impl Driver<Schafhauser> for Set<'_> {
    fn step(&mut self, g: &Schafhauser) {
        check_views(g);
        // No Partie goes on once a party has reached its target.
        let b = g.partie();
        if b.phase() != BieterPhase::Over {
            for p in [KING, BAUERN] {
                assert!(b.totals()[p] < b.targets()[p], "{:?}", b.totals());
            }
        }
        assert_eq!(
            b.targets(),
            [self.opts.king_target, self.opts.farmers_target]
        );
    }

    fn dealing(&mut self, g: &Schafhauser, d: &BieterDeal) {
        let b = g.partie();
        self.new_partie = b.deals_started() == 0 || b.phase() == BieterPhase::Over;
        (self.king, self.want_dealer) = if self.new_partie {
            let k = if b.deals_started() == 0 {
                0
            } else {
                g.partie_number() % 3
            };
            (k, k)
        } else if self.opts.dealer == SchafhauserDealer::King {
            (g.king(), g.king())
        } else {
            (g.king(), (b.dealer() + 1) % 3)
        };
        for s in 0..3 {
            assert_eq!(d.hands[s].len(), 12);
        }
        assert_eq!(d.hands[3], CardSet::EMPTY);
        let trump = d.trump_card.expect("a turned card");
        assert!(d.hands[self.want_dealer as usize].contains(trump));
    }

    fn dealt(&mut self, g: &Schafhauser, deals: u32) {
        let (king, want_dealer) = (self.king, self.want_dealer);
        assert_eq!((g.king(), g.partie().dealer()), (king, want_dealer));
        if want_dealer != king {
            self.seen.rotated += 1;
        }
        assert_eq!(g.partie().forehand(), (want_dealer + 1) % 3);
        assert_eq!(g.deals_started(), deals);
        if self.new_partie {
            self.partie_sums.push([0, 0]);
            assert_eq!(g.partie_number() as usize, self.partie_sums.len());
            assert_eq!(g.partie().totals(), [0, 0]);
        }
        self.start = g.partie().totals();
        assert_eq!(g.phase(), BieterPhase::Decide);
    }

    fn choose(
        &mut self,
        g: &Schafhauser,
        seat: usize,
        legal: &ActionList<SchafhauserAction>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> SchafhauserAction {
        check_legal(g, seat as u8, legal);
        // The King stays three times in four; the cards at random.
        if g.phase() == BieterPhase::Decide {
            if uniform_below(rng, 4) < 3 {
                SchafhauserAction::Stay
            } else {
                SchafhauserAction::Drop
            }
        } else {
            legal.get(uniform_below(rng, legal.len() as u32) as usize)
        }
    }

    /// A deal just over: the Partie's phase is `Deal` or `Over`.
    fn deal_over(&mut self, g: &Schafhauser) {
        let b = g.partie();
        assert!(matches!(b.phase(), BieterPhase::Deal | BieterPhase::Over));
        check_deal(b, self.start, self.seen);
        let sum = self.partie_sums.last_mut().unwrap();
        sum[KING] += b.tally().written[KING];
        sum[BAUERN] += b.tally().written[BAUERN];
        assert_eq!(*sum, b.totals());
    }
}

fn random_set(opts: SchafhauserOptions, seed: u64, seen: &mut Seen) {
    let mut g = game(opts);
    let mut checks = Set {
        opts,
        seen,
        start: [0; 2],
        partie_sums: Vec::new(),
        new_partie: false,
        king: 0,
        want_dealer: 0,
    };
    drive(&mut g, seed, seed ^ 0x5eed, 199, &mut checks);
    let Set {
        seen, partie_sums, ..
    } = checks;
    // The end of the set: every Partie played, its King in turn, the stakes as they should.
    let partien = g.partien();
    assert_eq!(partien.len(), opts.partien as usize);
    let mut settlement = [0i64; 3];
    for (i, p) in partien.iter().enumerate() {
        assert_eq!(p.king as usize, i % 3);
        assert_eq!(p.totals, partie_sums[i], "Partie {}", i + 1);
        let targets = [opts.king_target, opts.farmers_target];
        let w = p.winner.expect("a winner");
        assert!(p.totals[w] >= targets[w]);
        let loser = 1 - w;
        assert!(p.totals[loser] < targets[loser]);
        assert_eq!(p.schneider, 2 * p.totals[loser] < targets[loser]);
        if p.schneider {
            seen.schneider += 1;
        }
        assert_eq!(*p, partie(p.king, w, p.schneider, p.totals));
        assert_eq!(p.stakes.iter().sum::<i64>(), 0);
        for (t, v) in settlement.iter_mut().zip(p.stakes) {
            *t += v;
        }
    }
    assert_eq!(g.settlement(), Some(settlement));
    assert_eq!(settlement.iter().sum::<i64>(), 0);
    assert_eq!(g.stakes(), settlement);
    assert_eq!(g.phase(), BieterPhase::Over);
    let v = g.public_view_json();
    assert_eq!(v["results"], serde_json::to_value(&partien).unwrap());
    assert_eq!(v["stakes"], serde_json::to_value(settlement).unwrap());
}

#[test]
fn properties_over_many_seeded_sets() {
    let mut seen = Seen::default();
    for (k, dealer) in [SchafhauserDealer::King, SchafhauserDealer::Rotating]
        .into_iter()
        .enumerate()
    {
        for seed in 0..50u64 {
            let opts = SchafhauserOptions {
                dealer,
                ..king_deals()
            };
            random_set(opts, seed * 37 + k as u64 * 1000, &mut seen);
        }
    }
    // Other options: one Partie, four Partien, other targets.
    for seed in 0..10u64 {
        let opts = SchafhauserOptions {
            king_target: 200,
            farmers_target: 600,
            partien: if seed % 2 == 0 { 1 } else { 4 },
            dealer: if seed % 3 == 0 {
                SchafhauserDealer::Rotating
            } else {
                SchafhauserDealer::King
            },
        };
        random_set(opts, seed + 5000, &mut seen);
    }
    // The sets reached every case checked above.
    assert!(
        seen.dropped > 0 && seen.bauer_stoeck_on_drop > 0,
        "{seen:?}"
    );
    assert!(seen.full_deals > 300 && seen.matsch > 0, "{seen:?}");
    assert!(
        seen.stoeck > 0 && seen.melds[KING] > 0 && seen.melds[BAUERN] > 0,
        "{seen:?}"
    );
    assert!(seen.won[KING] > 0 && seen.won[BAUERN] > 0, "{seen:?}");
    assert!(seen.schneider > 0 && seen.ended_mid_deal > 0, "{seen:?}");
    assert!(seen.rotated > 0, "{seen:?}");
}

// ---------------------------------------------------------------------------------------------
// Records.

#[test]
fn random_sets_end_and_their_records_check_and_read_back() {
    for dealer in [SchafhauserDealer::King, SchafhauserDealer::Rotating] {
        let opts = SchafhauserOptions {
            dealer,
            ..king_deals()
        };
        for seed in 0..8u64 {
            let mut ps = random_players(3, seed * 7);
            // The views are checked at every step on the way.
            let rec =
                play_seeded(opts, seed, &mut ps, &mut |g: &Schafhauser| check_views(g)).unwrap();
            assert_eq!(
                rec,
                play_recorded(opts, seed, &mut random_players(3, seed * 7)).unwrap(),
                "play_recorded plays the same set"
            );
            jass_core::record::check(&rec).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let json = read_back(&rec, "schafhauser");
            // The game's other names read too.
            for name in ["schaffhauser", "fischenthaler"] {
                let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
                v["game"] = serde_json::json!(name);
                assert_eq!(SchafhauserRecord::from_value(v).unwrap(), rec);
            }
            let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
            v["game"] = serde_json::json!("bieter");
            assert!(SchafhauserRecord::from_value(v).is_err());

            // The set's result: three Partien, the stakes summed, zero-sum.
            let res = &rec.result;
            assert!(!res.stopped);
            assert_eq!(res.partien.len(), 3);
            let settlement = res.settlement.expect("the set is over");
            assert_eq!(settlement.iter().sum::<i64>(), 0);
            let mut sum = [0i64; 3];
            for p in &res.partien {
                for (t, v) in sum.iter_mut().zip(p.stakes) {
                    *t += v;
                }
            }
            assert_eq!(sum, settlement);
            // The deals: their Partie and King, the dealer, the turned card in his hand, the
            // figures adding up to each Partie's totals.
            let mut totals = [0u32; 2];
            let mut partie_no = 0;
            let mut last_dealer = 0;
            for (i, d) in rec.deals.iter().enumerate() {
                assert_eq!(d.number as usize, i + 1);
                assert_eq!(d.start.king, (d.start.partie - 1) % 3);
                let first_of_partie = d.start.partie != partie_no;
                if first_of_partie {
                    assert_eq!(d.start.partie, partie_no + 1);
                    if partie_no > 0 {
                        assert_eq!(res.partien[partie_no as usize - 1].totals, totals);
                    }
                    partie_no = d.start.partie;
                    totals = [0, 0];
                }
                let want_dealer = if first_of_partie || dealer == SchafhauserDealer::King {
                    d.start.king
                } else {
                    (last_dealer + 1) % 3
                };
                assert_eq!(d.dealer, want_dealer, "deal {}", d.number);
                last_dealer = d.dealer;
                assert_eq!(d.start.forehand, (d.dealer + 1) % 3);
                assert_eq!(d.hands.len(), 3);
                assert!(d.hands.iter().all(|h| h.len() == 12));
                assert!(d.hands[d.dealer as usize].contains(d.cards.trump_card));
                let r = &d.result;
                for p in [KING, BAUERN] {
                    assert_eq!(
                        r.written[p],
                        r.card_points[p] + r.melds[p] + r.stoeck[p] + r.matsch[p]
                    );
                    totals[p] += r.written[p];
                }
                assert_eq!(r.totals, totals);
                if d.settled.stayed == Some(false) {
                    assert!(d.tricks.is_empty());
                    assert_eq!(r.matsch, [0, 257]);
                }
            }
            assert_eq!(partie_no, 3);
            assert_eq!(res.partien[2].totals, totals);
        }
    }
}

#[test]
fn a_tampered_record_is_refused() {
    let mut checked = 0;
    for seed in [3u64, 4, 5, 6, 7] {
        let opts = SchafhauserOptions {
            dealer: if seed % 2 == 0 {
                SchafhauserDealer::Rotating
            } else {
                SchafhauserDealer::King
            },
            ..king_deals()
        };
        let rec = play_recorded(opts, seed, &mut random_players(3, seed)).unwrap();
        rec.check().unwrap();
        let Some(i) = rec.deals.iter().position(|d| d.tricks.len() >= 2) else {
            continue;
        };
        checked += 1;
        // A card played changed for one another seat holds.
        let mut wrong = rec.clone();
        let d = &mut wrong.deals[i];
        let j = d
            .actions
            .iter()
            .position(|a| matches!(a.action, SchafhauserAction::Play { .. }))
            .unwrap();
        let seat = d.actions[j].seat as usize;
        let other = d.hands[(seat + 1) % 3].first().unwrap();
        d.actions[j].action = SchafhauserAction::Play { card: other };
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("does not hold"), "{e}");
        // A card moved from one hand to another.
        let mut wrong = rec.clone();
        let c = wrong.deals[i].hands[0].first().unwrap();
        wrong.deals[i].hands[0].remove(c);
        wrong.deals[i].hands[1].insert(c);
        assert!(wrong.check().is_err(), "hands of 11 and 13");
        // The King's decision changed.
        let mut wrong = rec.clone();
        let first = &mut wrong.deals[i].actions[0];
        assert_eq!(first.action, SchafhauserAction::Stay);
        first.action = SchafhauserAction::Drop;
        assert!(wrong.check().is_err(), "drop, then cards played");
        let mut wrong = rec.clone();
        wrong.deals[i].settled.stayed = Some(false);
        assert!(wrong.check().is_err(), "stayed");
        // The cards of a trick recorded in another order.
        let mut wrong = rec.clone();
        wrong.deals[i].tricks[1].cards.swap(0, 1);
        assert!(wrong.check().is_err(), "a trick's cards");
        // The turned card not the dealer's.
        let mut wrong = rec.clone();
        let dealer = wrong.deals[i].dealer as usize;
        wrong.deals[i].cards.trump_card = wrong.deals[i].hands[(dealer + 1) % 3].first().unwrap();
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("must hold it"), "{e}");
        // Figures.
        let mut wrong = rec.clone();
        wrong.deals[i].result.written[0] += 1;
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("written"), "{e}");
        let mut wrong = rec.clone();
        wrong.deals[i].result.card_points[1] += 10;
        assert!(wrong.check().is_err(), "card points");
        let mut wrong = rec.clone();
        wrong.deals[i].result.matsch[0] += 100;
        assert!(wrong.check().is_err(), "Matsch");
        let mut wrong = rec.clone();
        wrong.deals[i].result.totals[1] += 1;
        assert!(wrong.check().is_err(), "the totals");
        let mut wrong = rec.clone();
        wrong.deals[i].tricks[0].points += 1;
        assert!(wrong.check().is_err(), "a trick's points");
        let mut wrong = rec.clone();
        wrong.deals[i].start.king = (wrong.deals[i].start.king + 1) % 3;
        assert!(wrong.check().is_err(), "the King");
        let mut wrong = rec.clone();
        wrong.deals[i].start.partie += 1;
        assert!(wrong.check().is_err(), "the Partie");
        let mut wrong = rec.clone();
        wrong.deals[i].dealer = (wrong.deals[i].dealer + 1) % 3;
        assert!(wrong.check().is_err(), "the dealer");
        // The set's result.
        let mut wrong = rec.clone();
        wrong.result.partien[0].winner = wrong.result.partien[0].winner.map(|w| 1 - w);
        assert!(wrong.check().is_err(), "the winner");
        let mut wrong = rec.clone();
        wrong.result.partien[1].schneider = !wrong.result.partien[1].schneider;
        assert!(wrong.check().is_err(), "Schneider");
        let mut wrong = rec.clone();
        wrong.result.partien[2].stakes[0] += 1;
        assert!(wrong.check().is_err(), "a Partie's stakes");
        let mut wrong = rec.clone();
        wrong.result.settlement.as_mut().unwrap()[0] += 1;
        assert!(wrong.check().is_err(), "the settlement");
        let mut wrong = rec.clone();
        wrong.result.partien.pop();
        assert!(wrong.check().is_err(), "a Partie left out");
        // A record cut short: the set is not over.
        let mut wrong = rec.clone();
        wrong.deals.pop();
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("the set is not over"), "{e}");
    }
    assert!(checked >= 3);
}

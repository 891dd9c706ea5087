//! Zuger (004 "Zuger", JassWiki "Zuger (3 Spieler)"). What is tested:
//!
//! - `deal_from_pack`: twelve cards to each active seat in packets of four from forehand, none
//!   to the dealer, the trump card the last card dealt and in the last active seat's hand; the
//!   table of three (two active, twelve cards aside); the deal passes to the left; wrong deals
//!   (a count, cards to the dealer or a seat not at the table, the trump card elsewhere, a card
//!   twice, a deal out of turn) refused with the reason, changing nothing;
//! - a deal worked by hand with three playing: the large Weis (four Jacks and a sequence of six
//!   sharing the spade Jack, 350, against a rival's 120 that is not written), Stöck counting
//!   toward the hole but not lifting its holder out of it (20 < 21), tenths with the ones
//!   dropped (469 → 46, 38 → 3), the hole (−10), the Bauer's 8 for a player without a trick,
//!   the dealer's 10; the same deal rounded to the nearest ten and with the remainder to the
//!   Bauer;
//! - a Matsch by one of two players (+10, no Bauer's 8 with two) and by one of three (+10 and
//!   the Bauer's 8, the taker holding the Bauer), a lone player (+10 without a card played), the
//!   calls (`maybe` plays only if someone folded; all `maybe`: nobody plays), at both tables;
//! - the force: offered near the end only (the boundary worked by hand), to the fewest (ties:
//!   the first from forehand, the dealer last; the dealer himself may be asked), forcing every
//!   active seat to play; `no-force` going on to the calls; option `force` off never offering
//!   it; option `maybe` off refusing `maybe`;
//! - the game's end (the points written by all reaching the target) and its winners;
//! - properties over 320 seeded random games (both tables, eight option sets): the actions
//!   offered are the rules' and every one is accepted, cards not offered refused; the dealer
//!   turns; every deal's figures recomputed here (card points from the tricks, 157 with three
//!   playing, the two players' 24 cards + 5 with two; melds, Stöck, hole, tenths, bonuses,
//!   remainder, dealer) and every written line adding up; totals the sum of what was written;
//!   no view (a seat's, `observe`, the spectators') ever shows a card of another seat's hand but
//!   the trump card and the melds shown; before the play the view names forehand as the leader;
//!   the force offered exactly when the sum is within 14 of the target, to the fewest; the
//!   winners the most;
//! - records: `play_recorded` → `check()` passes and the record reads back from JSON; records
//!   with a written figure, a card, a call, the trump card or the melds changed are refused.

mod common;

use common::{
    assert_worked, check_legal_cards, drive, legal, legal_actions, packs, play_trick, points_of,
    random_players, read_back, refused, refused_deal, run, seat_to_move, set, value, view_cards,
    Driver,
};
use jass_core::deal::{uniform_below, SeededDealer};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::weis::{best_declaration, stoeck_cards, Weis};
use jass_core::zuger::{
    play_recorded, Rounding, Zuger, ZugerAction, ZugerCall, ZugerDeal, ZugerOptions, ZugerPhase,
    ZugerRecord, WEIS_RULES,
};
use jass_core::{Card, CardSet, Mode, Rank, Suit, UndenufeEleven};
use rand_xoshiro::Xoshiro256PlusPlus;

// ---------------------------------------------------------------------------------------------
// Helpers.

/// Hands by seat from text; `""` for a seat dealt nothing.
fn dealt(h: [&str; 4]) -> [CardSet; 4] {
    h.map(|s| if s.is_empty() { CardSet::EMPTY } else { set(s) })
}

fn game(opts: ZugerOptions) -> Zuger {
    Zuger::new(opts).unwrap()
}

fn four() -> ZugerOptions {
    ZugerOptions::default()
}

fn three() -> ZugerOptions {
    ZugerOptions {
        players: 3,
        target: 150,
        ..ZugerOptions::default()
    }
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A new game of these options with these cards dealt.
fn dealt_game(opts: ZugerOptions, hands: [CardSet; 4], trump_card: &str) -> Zuger {
    let mut g = game(opts);
    g.apply_deal(ZugerDeal {
        hands,
        trump_card: card(trump_card),
    })
    .unwrap();
    g
}

/// Deals the next pack of `dealer` (as `deal_from_pack` deals it).
fn deal_next(g: &mut Zuger, dealer: &mut SeededDealer) {
    let d = g.deal_from_pack(&dealer.next_pack());
    g.apply_deal(d).unwrap();
}

/// Plays one trick, each seat its card of `by_seat` when asked; checks the winner and the points
/// worked by hand (against the card values: trump J 20, 9 14, A 11, K 4, Q 3, 10 10; plain A 11,
/// K 4, Q 3, J 2, 10 10; the last trick 5 more).
fn trick(g: &mut Zuger, by_seat: [&str; 4], winner: u8, points: u32) {
    let i = g.card_play().tricks_done() as usize;
    let n = g.playing().len();
    let order: Vec<&str> = {
        // The cards in the order they are played: from the seat to lead, round the players.
        let lead = seat_to_move(g);
        let p = g.place_of(lead).unwrap() as usize;
        (0..n)
            .map(|k| by_seat[g.playing()[(p + k) % n] as usize])
            .collect()
    };
    play_trick(g, n, |s| by_seat[s]);
    let (_, cards, w, p) = g.completed_trick(i);
    let played: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    assert_eq!(played, order, "trick {}", i + 1);
    assert_eq!((w, p), (winner, points), "trick {}: winner, points", i + 1);
    assert_worked(
        &order,
        Mode::Trump(g.trump()),
        UndenufeEleven::Ace,
        i == 11,
        points,
    );
}

/// A dealt game with the calls made.
fn called(opts: ZugerOptions, hands: [CardSet; 4], trump: &str, calls: &[&str]) -> Zuger {
    let mut g = dealt_game(opts, hands, trump);
    run(&mut g, calls);
    g
}

// ---------------------------------------------------------------------------------------------
// Dealing.

#[test]
fn deal_from_pack_gives_twelve_in_packets_of_four_from_forehand_none_to_the_dealer() {
    let mut g = game(four());
    let mut dealer = SeededDealer::new(7);
    // Deal 1: seat 3 deals, seats 0 1 2 get packets 0-3 4-7 8-11, 12-15 16-19 20-23, 24-27
    // 28-31 32-35; the last card (index 35) is seat 2's, turned for trump.
    let pack = dealer.next_pack();
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[0], packs(&pack, &[0..4, 12..16, 24..28]));
    assert_eq!(d.hands[1], packs(&pack, &[4..8, 16..20, 28..32]));
    assert_eq!(d.hands[2], packs(&pack, &[8..12, 20..24, 32..36]));
    assert_eq!(d.hands[3], CardSet::EMPTY);
    assert_eq!(d.trump_card, pack[35]);
    assert!(d.hands[2].contains(d.trump_card));
    g.apply_deal(d).unwrap();
    assert_eq!(
        (g.dealer(), g.forehand(), g.active()),
        (3, 0, &[0u8, 1, 2][..])
    );
    assert_eq!(g.trump(), pack[35].suit());
    assert_eq!(g.hand(3), CardSet::EMPTY, "the dealer holds nothing");
    assert_eq!(seat_to_move(&g), 0, "forehand speaks first");
    run(&mut g, &["maybe", "maybe", "maybe"]);
    // Deal 2: seat 0 deals, seats 1 2 3 get the packets, seat 3 the last card.
    let pack = dealer.next_pack();
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[1], packs(&pack, &[0..4, 12..16, 24..28]));
    assert_eq!(d.hands[2], packs(&pack, &[4..8, 16..20, 28..32]));
    assert_eq!(d.hands[3], packs(&pack, &[8..12, 20..24, 32..36]));
    assert_eq!(d.hands[0], CardSet::EMPTY);
    assert_eq!(d.trump_card, pack[35]);
    g.apply_deal(d).unwrap();
    assert_eq!(
        (g.dealer(), g.forehand(), g.active()),
        (0, 1, &[1u8, 2, 3][..])
    );
    run(&mut g, &["maybe", "maybe", "maybe"]);
    // Deals 3, 4, 5: seats 1, 2, 3 deal.
    for (by, want) in [(1u8, [2u8, 3, 0]), (2, [3, 0, 1]), (3, [0, 1, 2])] {
        deal_next(&mut g, &mut dealer);
        assert_eq!(g.dealer(), by);
        assert_eq!(g.active(), &want[..]);
        assert_eq!(g.hand(g.dealer()), CardSet::EMPTY);
        for &s in &want {
            assert_eq!(g.hand(s).len(), 12);
        }
        assert!(g.hand(want[2]).contains(g.dealt().trump_card));
        run(&mut g, &["maybe", "maybe", "maybe"]);
    }
    assert_eq!(g.deals_started(), 5);
    assert_eq!(g.totals(), [10, 10, 10, 20], "each dealer's 10");
}

#[test]
fn with_three_at_the_table_two_get_twelve_and_twelve_lie_aside() {
    let mut g = game(three());
    let mut dealer = SeededDealer::new(11);
    // Deal 1: seat 2 deals; seats 0 and 1 get packets 0-3 4-7, 8-11 12-15, 16-19 20-23 (JassWiki
    // "3 x 4 Karten"); the last card dealt, index 23, is seat 1's and trump; 24-35 lie aside.
    let pack = dealer.next_pack();
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[0], packs(&pack, &[0..4, 8..12, 16..20]));
    assert_eq!(d.hands[1], packs(&pack, &[4..8, 12..16, 20..24]));
    assert_eq!((d.hands[2], d.hands[3]), (CardSet::EMPTY, CardSet::EMPTY));
    assert_eq!(d.trump_card, pack[23]);
    let aside: CardSet = pack[24..].iter().copied().collect();
    assert_eq!(aside.len(), 12);
    assert!((d.hands[0] | d.hands[1]) & aside == CardSet::EMPTY);
    g.apply_deal(d).unwrap();
    assert_eq!(
        (g.dealer(), g.forehand(), g.active()),
        (2, 0, &[0u8, 1][..])
    );
    assert_eq!(g.seats(), 3);
    run(&mut g, &["fold", "fold"]);
    assert_eq!(g.playing(), &[] as &[u8]);
    assert_eq!(g.totals(), [0, 0, 10, 0], "only the Papagei's 10");
    // Deal 2: seat 0 deals to seats 1 and 2, seat 2 holding the trump card.
    let pack = dealer.next_pack();
    let d = g.deal_from_pack(&pack);
    assert_eq!(d.hands[1], packs(&pack, &[0..4, 8..12, 16..20]));
    assert_eq!(d.hands[2], packs(&pack, &[4..8, 12..16, 20..24]));
    assert_eq!((d.hands[0], d.trump_card), (CardSet::EMPTY, pack[23]));
    g.apply_deal(d).unwrap();
    assert_eq!((g.dealer(), g.active()), (0, &[1u8, 2][..]));
    run(&mut g, &["fold", "fold"]);
    // Deal 3: seat 1; deal 4: seat 2 again.
    deal_next(&mut g, &mut dealer);
    assert_eq!((g.dealer(), g.active()), (1, &[2u8, 0][..]));
    run(&mut g, &["fold", "fold"]);
    deal_next(&mut g, &mut dealer);
    assert_eq!((g.dealer(), g.active()), (2, &[0u8, 1][..]));
}

#[test]
fn wrong_deals_are_refused_with_the_reason_and_change_nothing() {
    let mut g = game(four());
    let pack = SeededDealer::new(3).next_pack();
    let good = g.deal_from_pack(&pack);
    let (c0, c1) = (
        good.hands[0].first().unwrap(),
        good.hands[1].first().unwrap(),
    );
    // Eleven cards to seat 0.
    let mut d = good;
    d.hands[0].remove(c0);
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains("seat 0 was dealt 11 cards") && e.contains("12 to each of seats [0, 1, 2]"),
        "{e}"
    );
    // A card to the dealer.
    let mut d = good;
    d.hands[3].insert(c0);
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains("seat 3 was dealt 1 cards") && e.contains("none to the dealer, seat 3"),
        "{e}"
    );
    // The trump card in another hand than the last seat's.
    let mut d = good;
    d.trump_card = c0;
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains(&format!("the trump card {c0} is not in the hand of seat 2")),
        "{e}"
    );
    // A card twice (seat 1 holds seat 0's first card in place of its own).
    let mut d = good;
    d.hands[1].remove(c1);
    d.hands[1].insert(c0);
    let e = refused_deal(&mut g, d);
    assert!(e.contains(&format!("card(s) {c0} dealt twice")), "{e}");
    // No action before the cards.
    let e = refused(&mut g, "stay");
    assert!(e.contains("dealt first"), "{e}");
    // The good deal, then a deal out of turn.
    g.apply_deal(good).unwrap();
    let e = refused_deal(&mut g, good);
    assert!(e.contains("cannot deal now") && e.contains("Decide"), "{e}");

    // Three at the table: seat 2 deals and gets nothing, seat 3 is not at the table.
    let mut g = game(three());
    let pack = SeededDealer::new(4).next_pack();
    let good = g.deal_from_pack(&pack);
    let aside = pack[30];
    let mut d = good;
    d.hands[3].insert(aside);
    let e = refused_deal(&mut g, d);
    assert!(
        e.contains("seat 3 was dealt 1 cards") && e.contains("beyond the table's players"),
        "{e}"
    );
    let mut d = good;
    d.hands[2].insert(aside);
    let e = refused_deal(&mut g, d);
    assert!(e.contains("none to the dealer, seat 2"), "{e}");
    let mut d = good;
    d.trump_card = good.hands[0].first().unwrap();
    let e = refused_deal(&mut g, d);
    assert!(e.contains("not in the hand of seat 1"), "{e}");
    g.apply_deal(good).unwrap();
}

// ---------------------------------------------------------------------------------------------
// A deal worked by hand, three playing.

/// Seat 3 deals; hearts are trump, the H6 turned in seat 2's hand.
///
/// - Seat 0: HJ H9 HA, SA SK SQ SJ S10 S9, DJ, CJ C7. Melds under the large Weis: four Jacks
///   (200) and the spades S9-SA, a sequence of six (150), sharing the SJ (004: "kreuzweis is
///   valid"): 350. The Bauer (HJ).
/// - Seat 1: HK HQ H7, S8 S7 S6, C8 C9 C10 CQ CK CA. Stöck (HK HQ: 20); melds S6-S8, C8-C10,
///   CQ-CA, three of three (60), best single 20.
/// - Seat 2: H10 H8 H6, DA DK DQ D10 D9 D8 D7 D6, C6. Melds D6-D10 (100) and DQ-DA (20): 120,
///   best single 100 — less than seat 0's four Jacks, so only seat 0 writes melds.
fn worked_hands() -> [CardSet; 4] {
    dealt([
        "HJ H9 HA SA SK SQ SJ S10 S9 DJ CJ C7",
        "HK HQ H7 S8 S7 S6 C8 C9 C10 CQ CK CA",
        "H10 H8 H6 DA DK DQ D10 D9 D8 D7 D6 C6",
        "",
    ])
}

/// The worked deal played to its end under `opts` (all three stay).
fn worked_deal(opts: ZugerOptions) -> Zuger {
    let mut g = called(opts, worked_hands(), "H6", &["stay", "stay", "stay"]);
    assert_eq!(g.playing(), &[0, 1, 2]);
    assert_eq!(g.phase(), ZugerPhase::Play);
    // Seat 0 draws the trumps: each must follow (strict rules, the trump led). HJ 20; H9 14 +
    // HQ 3; HA 11 + HK 4 + H10 10.
    trick(&mut g, ["HJ", "H7", "H6", ""], 0, 20);
    trick(&mut g, ["H9", "HQ", "H8", ""], 0, 17);
    trick(&mut g, ["HA", "HK", "H10", ""], 0, 25);
    // His six spades: seat 1 follows while he can, then throws clubs; seat 2 has no spade. SA
    // 11; SK 4; SQ 3; SJ 2 + CK 4; S10 10 + CQ 3 + D10 10; C10 10.
    trick(&mut g, ["SA", "S8", "D6", ""], 0, 11);
    trick(&mut g, ["SK", "S7", "D7", ""], 0, 4);
    trick(&mut g, ["SQ", "S6", "D8", ""], 0, 3);
    trick(&mut g, ["SJ", "CK", "D9", ""], 0, 6);
    trick(&mut g, ["S10", "CQ", "D10", ""], 0, 23);
    trick(&mut g, ["S9", "C10", "C6", ""], 0, 10);
    // Seat 2's diamonds take the rest.
    trick(&mut g, ["DJ", "CA", "DA", ""], 2, 24); // 2 + 11 + 11
    trick(&mut g, ["C7", "C9", "DK", ""], 2, 4); // seat 2 leads: 4
    trick(&mut g, ["CJ", "C8", "DQ", ""], 2, 10); // 2 + 3 + 5 for the last
    g
}

#[test]
fn the_worked_deal_melds_stoeck_tenths_hole_bauer_and_dealer() {
    // The melds as worked out above, by the engine's declarations under Zuger's Weis rules.
    let mode = Mode::Trump(Suit::H);
    let h = worked_hands();
    let points = |s: usize| best_declaration(h[s], mode, &WEIS_RULES).points(mode, &WEIS_RULES);
    assert_eq!([points(0), points(1), points(2)], [350, 60, 120]);

    let mut g = called(four(), worked_hands(), "H6", &["stay", "stay", "stay"]);
    assert!(
        g.shown_melds().is_none(),
        "melds are shown after the first trick"
    );
    trick(&mut g, ["HJ", "H7", "H6", ""], 0, 20);
    let shown = g.shown_melds().unwrap();
    assert_eq!(shown.seat, 0);
    let mut items: Vec<Weis> = shown.weis.iter().collect();
    items.sort_by_key(|w| w.len());
    assert_eq!(
        items,
        vec![
            "DJ HJ SJ CJ".parse::<Weis>().unwrap(),
            "SA SK SQ SJ S10 S9".parse().unwrap()
        ]
    );
    // Everyone sees them: the four Jacks in the spectators' view.
    let public = view_cards(&g.public_view_json());
    assert!(public.contains_all(set("DJ SJ CJ SA S9")), "{public}");

    let g = worked_deal(four());
    // Seat 0 took tricks 1-9: 20 + 17 + 25 + 11 + 4 + 3 + 6 + 23 + 10 = 119; seat 2 tricks
    // 10-12: 24 + 4 + 10 = 38; 119 + 38 = 157. Seat 1 took none.
    let t = g.tally();
    assert_eq!(t.card_points, [119, 0, 38, 0]);
    assert_eq!(t.tricks, [9, 0, 3, 0]);
    assert_eq!(t.melds, [350, 0, 0, 0], "seat 2's 120 is not written");
    assert_eq!(t.stoeck, [0, 20, 0, 0]);
    assert_eq!(g.stoeck_seat(), Some(1));
    // Seat 0: 119 + 350 = 469, written 46 (the 9 dropped); seat 1: 0 + 20 = 20, under 21: in
    // the hole, −10 and no tenths; seat 2: 38, written 3.
    assert_eq!(t.counted, [469, 20, 38, 0]);
    assert_eq!(t.tenths, [46, 0, 3, 0]);
    assert_eq!(t.hole, [0, -10, 0, 0]);
    // Three played and seat 1 took no trick: the Bauer's holder, seat 0, writes 8 more.
    assert_eq!(g.bauer_seat(), Some(0));
    assert_eq!(t.bauer, [8, 0, 0, 0]);
    assert_eq!(t.bonus, [0; 4], "no Matsch, nobody alone");
    assert_eq!(t.remainder, [0; 4], "rounding down");
    assert_eq!(t.dealer, [0, 0, 0, 10]);
    // 46 + 8 = 54; −10; 3; the dealer's 10.
    assert_eq!(t.written, [54, -10, 3, 10]);
    assert_eq!(g.totals(), [54, -10, 3, 10]);
    assert_eq!(g.total_written(), 57);
    assert_eq!(g.phase(), ZugerPhase::Deal, "57 < 100: the game goes on");
    assert!(g.winners().is_empty());
    assert_eq!(g.hand(0), CardSet::EMPTY, "every card played");
    assert_eq!(g.trick_records().len(), 12);
}

#[test]
fn the_worked_deal_rounded_to_the_nearest_and_with_the_remainder_to_the_bauer() {
    // Nearest: 469 → 47, 38 → 4 (five and more up); seat 1 still in the hole.
    let g = worked_deal(ZugerOptions {
        rounding: Rounding::Nearest,
        ..four()
    });
    let t = g.tally();
    assert_eq!(t.tenths, [47, 0, 4, 0]);
    assert_eq!(t.remainder, [0; 4]);
    assert_eq!(t.written, [55, -10, 4, 10]);
    // Bauer: 469 → 46 and 38 → 3, the ones dropped 9 + 8 = 17 make one ten (469 + 38 = 507,
    // 50 tens against 46 + 3 = 49 written): the Bauer's holder, seat 0, who plays, writes it.
    // Seat 1's 20 in the hole is not counted.
    let g = worked_deal(ZugerOptions {
        rounding: Rounding::Bauer,
        ..four()
    });
    let t = g.tally();
    assert_eq!(t.tenths, [46, 0, 3, 0]);
    assert_eq!(t.remainder, [1, 0, 0, 0]);
    assert_eq!(t.written, [55, -10, 3, 10]);
    assert_eq!(g.totals(), [55, -10, 3, 10]);
    // The hole moved to 31 (the Handjass of twelve cards): seat 1 is still in it; so is nobody
    // else.
    let g = worked_deal(ZugerOptions { hole: 31, ..four() });
    assert_eq!(g.tally().hole, [0, -10, 0, 0]);
    // At 39 seat 2's 38 falls in too: −10 in place of 3.
    let g = worked_deal(ZugerOptions { hole: 39, ..four() });
    assert_eq!(g.tally().hole, [0, -10, -10, 0]);
    assert_eq!(g.tally().written, [54, -10, -10, 10]);
}

// ---------------------------------------------------------------------------------------------
// Matsch, lone player, the calls.

/// Seat 3 deals, hearts trump (the H6 in seat 2's hand). Seat 0: the eight hearts H7-HA, SA SK,
/// DA, CA (99 card points: 20 + 14 + 11 + 4 + 3 + 10 in trumps, 11 + 4 + 11 + 11); melds: the
/// sequence of eight H7-HA, 250 under the large Weis, and the four Aces, 100, the HA serving in
/// both: 350; Stöck. Seat 1: the Sixes to Nines of
/// spades, diamonds and clubs (no point, folds). Seat 2: H6, SQ SJ S10, DK DQ DJ D10, CK CQ CJ
/// C10 (53 points; melds 20 + 50 + 50, best single 50).
fn matsch_hands() -> [CardSet; 4] {
    dealt([
        "HA HK HQ HJ H10 H9 H8 H7 SA SK DA CA",
        "S6 S7 S8 S9 D6 D7 D8 D9 C6 C7 C8 C9",
        "H6 SQ SJ S10 DK DQ DJ D10 CK CQ CJ C10",
        "",
    ])
}

#[test]
fn a_matsch_by_one_of_two_players_writes_ten_more() {
    let h = matsch_hands();
    let mode = Mode::Trump(Suit::H);
    assert_eq!(points_of(h[0], mode), 99);
    assert_eq!(points_of(h[2], mode), 53);
    let melds = |s: usize| best_declaration(h[s], mode, &WEIS_RULES).points(mode, &WEIS_RULES);
    assert_eq!([melds(0), melds(1), melds(2)], [350, 150, 120]);
    let mut g = called(four(), h, "H6", &["stay", "fold", "stay"]);
    assert_eq!(g.playing(), &[0, 2]);
    // The folded seat keeps his cards: nobody else sees them, and no trick holds three cards.
    assert_eq!(g.hand(1), h[1]);
    trick(&mut g, ["HJ", "", "H6", ""], 0, 20); // seat 2 must give his only trump
    trick(&mut g, ["H9", "", "DK", ""], 0, 18); // 14 + 4
    trick(&mut g, ["HA", "", "DQ", ""], 0, 14); // 11 + 3
    trick(&mut g, ["HK", "", "DJ", ""], 0, 6); // 4 + 2
    trick(&mut g, ["HQ", "", "D10", ""], 0, 13); // 3 + 10
    trick(&mut g, ["H10", "", "CK", ""], 0, 14); // 10 + 4
    trick(&mut g, ["H8", "", "CQ", ""], 0, 3);
    trick(&mut g, ["H7", "", "CJ", ""], 0, 2);
    trick(&mut g, ["SA", "", "S10", ""], 0, 21); // 11 + 10
    trick(&mut g, ["SK", "", "SJ", ""], 0, 6); // 4 + 2
    trick(&mut g, ["DA", "", "SQ", ""], 0, 14); // 11 + 3
    trick(&mut g, ["CA", "", "C10", ""], 0, 26); // 11 + 10 + 5
    let t = g.tally();
    // 20 + 18 + 14 + 6 + 13 + 14 + 3 + 2 + 21 + 6 + 14 + 26 = 157 = 99 + 53 + 5: the two
    // players' 24 cards and the last trick.
    assert_eq!(t.card_points, [157, 0, 0, 0]);
    assert_eq!(t.tricks, [12, 0, 0, 0]);
    assert_eq!(t.melds, [350, 0, 0, 0]);
    assert_eq!(t.stoeck, [20, 0, 0, 0]);
    // 157 + 350 + 20 = 527 → 52, and 10 for the Matsch: 62. Seat 2 took nothing: in the hole.
    // Two played: no Bauer's 8 though seat 2 took no trick.
    assert_eq!(t.counted, [527, 0, 0, 0]);
    assert_eq!(t.tenths, [52, 0, 0, 0]);
    assert_eq!(t.bonus, [10, 0, 0, 0]);
    assert_eq!(t.hole, [0, 0, -10, 0]);
    assert_eq!(t.bauer, [0; 4]);
    assert_eq!(t.written, [62, 0, -10, 10]);
    assert_eq!(g.totals(), [62, 0, -10, 10]);
}

#[test]
fn a_matsch_with_three_playing_writes_the_matsch_and_the_bauer() {
    // The same cards, all three stay. Seat 0 draws the H6 with the HJ, then leads his hearts and
    // his Aces and the SK (the SA gone, the highest spade; nobody else has a trump left): he
    // takes the twelve tricks, every card of the pack, 157.
    let mut g = called(four(), matsch_hands(), "H6", &["stay", "stay", "stay"]);
    for lead in [
        "HJ", "H9", "HA", "HK", "HQ", "H10", "H8", "H7", "SA", "SK", "DA", "CA",
    ] {
        for k in 0..3 {
            let s = seat_to_move(&g);
            let c = if k == 0 {
                assert_eq!(s, 0, "seat 0 leads");
                card(lead)
            } else {
                legal(&g).first().unwrap()
            };
            g.apply(ZugerAction::Play { card: c }).unwrap();
        }
        let i = g.card_play().tricks_done() as usize - 1;
        assert_eq!(g.completed_trick(i).2, 0, "seat 0 takes trick {}", i + 1);
    }
    let t = g.tally();
    assert_eq!(t.card_points, [157, 0, 0, 0]);
    assert_eq!(t.tricks, [12, 0, 0, 0]);
    // Seat 1's three sequences of four (150, best single 50) and seat 2's 120 lose to seat 0's
    // eight: 157 + 350 + 20 = 527 → 52; the Matsch's 10; and, three playing and two without a
    // trick, the Bauer's 8 to its holder, the taker himself: 70. The two others in the hole.
    assert_eq!(t.melds, [350, 0, 0, 0]);
    assert_eq!(t.counted, [527, 0, 0, 0]);
    assert_eq!(t.bonus, [10, 0, 0, 0]);
    assert_eq!(t.bauer, [8, 0, 0, 0]);
    assert_eq!(t.hole, [0, -10, -10, 0]);
    assert_eq!(t.written, [70, -10, -10, 10]);
}

#[test]
fn a_lone_player_writes_ten_without_play() {
    let mut g = called(four(), worked_hands(), "H6", &["fold", "stay", "fold"]);
    assert_eq!(g.playing(), &[1]);
    assert_eq!(g.phase(), ZugerPhase::Deal, "no card is played");
    let t = g.tally();
    assert_eq!(t.bonus, [0, 10, 0, 0]);
    assert_eq!(t.card_points, [0; 4]);
    assert_eq!(t.melds, [0; 4], "nothing else is written, not even Stöck");
    assert_eq!(t.stoeck, [0; 4]);
    assert_eq!(t.written, [0, 10, 0, 10]);
    assert!(g.trick_records().is_empty());
    // The hands stay hidden: the spectators see only the trump card.
    let public = view_cards(&g.public_view_json());
    assert_eq!(public, set("H6"));
    // The next deal: seat 0 deals.
    deal_next(&mut g, &mut SeededDealer::new(1));
    assert_eq!(g.dealer(), 0);
    assert_eq!(g.playing(), &[] as &[u8]);
    assert_eq!(
        g.tally().written,
        [0; 4],
        "the new deal's figures start empty"
    );
}

#[test]
fn maybe_plays_only_if_someone_folded() {
    let h = worked_hands();
    let playing = |calls: &[&str]| called(four(), h, "H6", calls).playing().to_vec();
    // stay, maybe, fold: seat 2 folded, so seat 1's maybe plays.
    assert_eq!(playing(&["stay", "maybe", "fold"]), [0, 1]);
    assert_eq!(playing(&["fold", "maybe", "maybe"]), [1, 2]);
    assert_eq!(playing(&["maybe", "fold", "stay"]), [0, 2]);
    // stay, stay, maybe: nobody folded, seat 2 sits out.
    let g = called(four(), h, "H6", &["stay", "stay", "maybe"]);
    assert_eq!(g.playing(), &[0, 1]);
    assert_eq!(g.phase(), ZugerPhase::Play);
    // All maybe: nobody folded, nobody plays; only the dealer writes.
    let g = called(four(), h, "H6", &["maybe", "maybe", "maybe"]);
    assert_eq!(g.playing(), &[] as &[u8]);
    assert_eq!(g.phase(), ZugerPhase::Deal);
    assert_eq!(g.tally().written, [0, 0, 0, 10]);
    // A maybe with two folds plays, alone: he writes the lone player's 10.
    let g = called(four(), h, "H6", &["fold", "fold", "maybe"]);
    assert_eq!(g.playing(), &[2]);
    assert_eq!(g.tally().written, [0, 0, 10, 10]);
    // Read literally, one stay and two maybes leave the stayer alone (nobody folded).
    let g = called(four(), h, "H6", &["stay", "maybe", "maybe"]);
    assert_eq!(g.playing(), &[0]);
    assert_eq!(g.tally().written, [10, 0, 0, 10]);
    // The calls are heard by all, in order from forehand.
    let g = called(four(), h, "H6", &["stay", "maybe"]);
    let v = g.public_view_json();
    assert_eq!(v["calls"], serde_json::json!([[0, "stay"], [1, "maybe"]]));
    assert_eq!(seat_to_move(&g), 2);
}

#[test]
fn with_three_at_the_table_the_calls_of_two() {
    // Seat 2 deals, seats 0 and 1 hold twelve each, seat 1 the trump card.
    let h = dealt([
        "HJ H9 HA SA SK SQ SJ S10 S9 DJ CJ C7",
        "HK HQ H7 S8 S7 S6 C8 C9 C10 CQ CK CA",
        "",
        "",
    ]);
    let g = called(three(), h, "H7", &["stay", "stay"]);
    assert_eq!(g.playing(), &[0, 1]);
    assert_eq!(g.phase(), ZugerPhase::Play);
    let g = called(three(), h, "H7", &["stay", "fold"]);
    assert_eq!(g.playing(), &[0]);
    assert_eq!(g.tally().written, [10, 0, 10, 0]);
    let g = called(three(), h, "H7", &["maybe", "fold"]);
    assert_eq!(g.playing(), &[0]);
    let g = called(three(), h, "H7", &["stay", "maybe"]);
    assert_eq!(g.playing(), &[0], "nobody folded: the maybe sits out");
    let g = called(three(), h, "H7", &["fold", "fold"]);
    assert_eq!(g.tally().written, [0, 0, 10, 0]);
}

// ---------------------------------------------------------------------------------------------
// The force.

#[test]
fn the_force_is_offered_near_the_end_to_the_fewest_and_makes_everyone_play() {
    // Target 70: at the first deal 0 + 14 < 70, no force.
    let opts = ZugerOptions {
        target: 70,
        ..four()
    };
    let g = dealt_game(opts, worked_hands(), "H6");
    assert_eq!(g.phase(), ZugerPhase::Decide);
    assert_eq!(g.forcer(), None);
    // After the worked deal 57 are written: 57 + 14 = 71 >= 70. Seat 1 has the fewest (−10).
    let mut g = worked_deal(opts);
    assert_eq!(g.totals(), [54, -10, 3, 10]);
    deal_next(&mut g, &mut SeededDealer::new(5));
    assert_eq!(g.phase(), ZugerPhase::Force);
    assert_eq!(g.forcer(), Some(1));
    assert_eq!(seat_to_move(&g), 1);
    assert_eq!(
        legal_actions(&g),
        [ZugerAction::NoForce, ZugerAction::Force]
    );
    let e = refused(&mut g, "stay");
    assert!(e.contains("Force phase") && e.contains("no-force"), "{e}");
    let mut forced = g;
    run(&mut forced, &["force"]);
    assert_eq!(forced.forced(), Some(true));
    assert_eq!(forced.phase(), ZugerPhase::Play, "no call is asked");
    assert_eq!(forced.playing(), &[1, 2, 3], "every active seat plays");
    assert!(forced.calls().is_empty());
    assert_eq!(forced.public_view_json()["forced"], true);
    // No force: the calls, from forehand.
    run(&mut g, &["no-force"]);
    assert_eq!(g.forced(), Some(false));
    assert_eq!(g.phase(), ZugerPhase::Decide);
    assert_eq!(seat_to_move(&g), 1);
    run(&mut g, &["fold", "stay", "maybe"]);
    assert_eq!(g.playing(), &[2, 3]);

    // The boundary: at target 71, 57 + 14 = 71 still offers it; at 72 it does not.
    for (target, offered) in [(71, true), (72, false)] {
        let mut g = worked_deal(ZugerOptions { target, ..four() });
        deal_next(&mut g, &mut SeededDealer::new(5));
        assert_eq!(g.phase() == ZugerPhase::Force, offered, "target {target}");
    }
}

#[test]
fn the_force_goes_to_the_first_of_the_fewest_from_forehand_and_may_be_the_dealer() {
    let opts = ZugerOptions {
        target: 30,
        ..four()
    };
    let mut dealer = SeededDealer::new(9);
    // Deal 1 (seat 3 deals): seat 1 alone writes 10, the dealer 10: [0, 10, 0, 10], 20 written.
    let mut g = game(opts);
    deal_next(&mut g, &mut dealer);
    run(&mut g, &["fold", "stay", "fold"]);
    assert_eq!(g.totals(), [0, 10, 0, 10]);
    // Deal 2 (seat 0 deals): 20 + 14 >= 30. From forehand: seat 1 (10), seat 2 (0), seat 3 (10),
    // the dealer seat 0 (0) last: seat 2 is the first of the fewest.
    deal_next(&mut g, &mut dealer);
    assert_eq!((g.phase(), g.forcer()), (ZugerPhase::Force, Some(2)));
    run(&mut g, &["force"]);
    assert_eq!(g.playing(), &[1, 2, 3]);

    // All maybe at the first deal: [0, 0, 0, 10]; target 20: at deal 2 seats 1, 2 and the
    // dealer seat 0 have none: forehand, seat 1, is asked.
    let mut g = game(ZugerOptions {
        target: 20,
        ..four()
    });
    let mut dealer = SeededDealer::new(9);
    deal_next(&mut g, &mut dealer);
    run(&mut g, &["maybe", "maybe", "maybe"]);
    deal_next(&mut g, &mut dealer);
    assert_eq!(g.forcer(), Some(1));

    // The dealer himself may be the fewest: after the worked deal ([54, −10, 3, 10]) and an
    // all-maybe deal dealt by seat 0 ([64, −10, 3, 10], 67 written), seat 1 deals the third;
    // target 75: 67 + 14 >= 75 (but 57 + 14 < 75 at the second). Seat 1, who sits out, is asked;
    // his force makes the three others play.
    let mut g = worked_deal(ZugerOptions {
        target: 75,
        ..four()
    });
    let mut dealer = SeededDealer::new(9);
    deal_next(&mut g, &mut dealer);
    assert_eq!(g.phase(), ZugerPhase::Decide);
    run(&mut g, &["maybe", "maybe", "maybe"]);
    assert_eq!(g.totals(), [64, -10, 3, 10]);
    deal_next(&mut g, &mut dealer);
    assert_eq!(g.dealer(), 1);
    assert_eq!((g.phase(), g.forcer()), (ZugerPhase::Force, Some(1)));
    run(&mut g, &["force"]);
    assert_eq!(g.playing(), &[2, 3, 0]);
}

#[test]
fn without_the_force_option_it_is_never_offered_and_without_maybe_maybe_is_refused() {
    let opts = ZugerOptions {
        target: 30,
        force: false,
        ..four()
    };
    let mut g = game(opts);
    let mut dealer = SeededDealer::new(9);
    deal_next(&mut g, &mut dealer);
    run(&mut g, &["fold", "stay", "fold"]);
    deal_next(&mut g, &mut dealer);
    assert_eq!(g.phase(), ZugerPhase::Decide, "20 + 14 >= 30, but no force");
    assert_eq!(g.forcer(), None);
    assert!(!legal_actions(&g).contains(&ZugerAction::Force));
    let e = refused(&mut g, "force");
    assert!(e.contains("Decide phase"), "{e}");

    let mut g = game(ZugerOptions {
        maybe: false,
        ..four()
    });
    deal_next(&mut g, &mut SeededDealer::new(9));
    assert_eq!(legal_actions(&g), [ZugerAction::Stay, ZugerAction::Fold]);
    let e = refused(&mut g, "maybe");
    assert!(
        e.contains("maybe=false") && e.contains("stay or fold"),
        "{e}"
    );
    let e = refused(&mut g, "play HA");
    assert!(e.contains("stay or fold"), "{e}");
    run(&mut g, &["stay", "stay", "fold"]);
    assert_eq!(g.playing(), &[0, 1]);
    let e = refused(&mut g, "stay");
    assert!(e.contains("Play phase") && e.contains("play a card"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// The end.

#[test]
fn the_game_ends_when_the_points_written_reach_the_target_and_the_most_win() {
    // Target 20: seat 0 alone (10) and the dealer (10) write 20: over, a shared win.
    let mut g = game(ZugerOptions {
        target: 20,
        force: false,
        ..four()
    });
    let mut dealer = SeededDealer::new(2);
    deal_next(&mut g, &mut dealer);
    run(&mut g, &["stay", "fold", "fold"]);
    assert_eq!(g.phase(), ZugerPhase::Over);
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.winners(), [0, 3]);
    let next = g.deal_from_pack(&dealer.next_pack());
    let e = refused_deal(&mut g, next);
    assert!(e.contains("cannot deal now") && e.contains("Over"), "{e}");
    assert!(refused(&mut g, "stay").contains("the game is over"));
    // Target 25: 20 after the first deal goes on; seat 1 alone at the second (seat 0 deals):
    // [20, 10, 0, 10], 40 >= 25: seat 0 wins alone.
    let mut g = game(ZugerOptions {
        target: 25,
        force: false,
        ..four()
    });
    let mut dealer = SeededDealer::new(2);
    deal_next(&mut g, &mut dealer);
    run(&mut g, &["stay", "fold", "fold"]);
    assert_eq!(g.phase(), ZugerPhase::Deal);
    assert!(g.winners().is_empty());
    deal_next(&mut g, &mut dealer);
    run(&mut g, &["stay", "fold", "fold"]);
    assert_eq!(g.totals(), [20, 10, 0, 10]);
    assert_eq!(g.phase(), ZugerPhase::Over);
    assert_eq!(g.winners(), [0]);
    assert_eq!(
        g.public_view_json()["totals"],
        serde_json::json!([20, 10, 0, 10])
    );
    // Three at the table, the third seat's points only.
    let mut g = game(ZugerOptions {
        players: 3,
        target: 20,
        force: false,
        ..four()
    });
    deal_next(&mut g, &mut dealer);
    run(&mut g, &["fold", "stay"]);
    assert_eq!(g.phase(), ZugerPhase::Over);
    assert_eq!(g.winners(), [1, 2]);
    assert_eq!(g.observe(0).totals, [0, 10, 10]);
}

// ---------------------------------------------------------------------------------------------
// Properties over seeded random games.

/// What the random games met (so that the properties are known to have been exercised).
#[derive(Default, Debug)]
struct Seen {
    games: u32,
    deals: u32,
    three_played: u32,
    two_played: u32,
    lone: u32,
    nobody: u32,
    offered: u32,
    forced: u32,
    holes: u32,
    bauer_bonus: u32,
    remainders: u32,
    melds: u32,
    stoeck: u32,
    matsch: u32,
}

struct Checks<'a> {
    seen: &'a mut Seen,
}

/// A seat's cards everyone has seen: the trump card and the melds shown.
fn seen_by_all(g: &Zuger) -> CardSet {
    let mut s = CardSet::single(g.dealt().trump_card);
    if let Some(m) = g.shown_melds() {
        s |= m.weis.cards();
    }
    s
}

/// Whether `a` beats `b` (played later) in a trick led in `led` with `trump` (trumps J 9 A K Q
/// 10 8 7 6; else A K Q J 10 9 8 7 6; a card neither trump nor of the suit led never wins).
fn beats(b: Card, a: Card, led: Suit, trump: Suit) -> bool {
    let trump_order = |r: Rank| match r {
        Rank::Jack => 10,
        Rank::Nine => 9,
        r => r as u32,
    };
    match (a.suit() == trump, b.suit() == trump) {
        (true, true) => trump_order(b.rank()) > trump_order(a.rank()),
        (true, false) => false,
        (false, true) => true,
        (false, false) => b.suit() == led && b.rank() > a.rank(),
    }
}

/// No view (a seat's, `observe`, the spectators') shows another seat's card but those all have
/// seen; each seat sees its own hand.
fn check_views(g: &Zuger) {
    let n = g.seats();
    let public = view_cards(&g.public_view_json());
    let shown = seen_by_all(g);
    for s in 0..n {
        let view = view_cards(&g.view_json(s));
        let observed = view_cards(&serde_json::to_value(g.observe(s)).unwrap());
        assert_eq!(view, observed);
        assert!(view.contains_all(g.hand(s as u8)), "seat {s} sees its hand");
        for o in (0..n).filter(|&o| o != s) {
            let hidden = g.hand(o as u8) - shown;
            assert!(
                view & hidden == CardSet::EMPTY,
                "seat {s} sees {} of seat {o}",
                view & hidden
            );
            assert!(
                public & hidden == CardSet::EMPTY,
                "spectators see {}",
                public & hidden
            );
        }
    }
}

impl Driver<Zuger> for Checks<'_> {
    fn dealing(&mut self, g: &Zuger, deal: &ZugerDeal) {
        let n = g.players();
        let dealer = if g.deals_started() == 0 {
            n - 1
        } else {
            (g.dealer() + 1) % n
        };
        let active: Vec<u8> = (1..n).map(|k| (dealer + k) % n).collect();
        let mut all = CardSet::EMPTY;
        for s in 0..4u8 {
            let want = if active.contains(&s) { 12 } else { 0 };
            assert_eq!(deal.hands[s as usize].len(), want, "seat {s}");
            assert!(all & deal.hands[s as usize] == CardSet::EMPTY);
            all |= deal.hands[s as usize];
        }
        assert!(deal.hands[*active.last().unwrap() as usize].contains(deal.trump_card));
    }

    fn dealt(&mut self, g: &Zuger, k: u32) {
        let n = g.players();
        self.seen.deals += 1;
        let want = (u32::from(n) - 1 + k - 1) % u32::from(n);
        assert_eq!(u32::from(g.dealer()), want, "the deal turns");
        assert_eq!(g.forehand(), (g.dealer() + 1) % n);
        let o = g.options();
        let near = g.total_written() + 14 >= i64::from(o.target);
        if o.force && near {
            self.seen.offered += 1;
            // The fewest, first from forehand, the dealer last.
            let order: Vec<u8> = (1..=n).map(|k| (g.dealer() + k) % n).collect();
            let least = order.iter().map(|&s| g.totals()[s as usize]).min().unwrap();
            let first = *order
                .iter()
                .find(|&&s| g.totals()[s as usize] == least)
                .unwrap();
            assert_eq!((g.phase(), g.forcer()), (ZugerPhase::Force, Some(first)));
        } else {
            assert_eq!((g.phase(), g.forcer()), (ZugerPhase::Decide, None));
        }
    }

    fn choose(
        &mut self,
        g: &Zuger,
        seat: usize,
        legal: &ActionList<ZugerAction>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> ZugerAction {
        // The actions offered are the rules'; before the play forehand is shown as the leader.
        let leader = g.observe(seat).trick_leader;
        match g.phase() {
            ZugerPhase::Force => {
                assert_eq!(Some(seat as u8), g.forcer());
                assert_eq!(legal.to_vec(), [ZugerAction::NoForce, ZugerAction::Force]);
                assert_eq!(leader, g.forehand());
            }
            ZugerPhase::Decide => {
                let k = g.calls().len();
                assert_eq!(seat as u8, g.active()[k], "the calls go from forehand");
                let mut want = vec![ZugerAction::Stay, ZugerAction::Fold];
                if g.options().maybe {
                    want.push(ZugerAction::Maybe);
                }
                assert_eq!(legal.to_vec(), want);
                assert_eq!(leader, g.forehand());
            }
            ZugerPhase::Play => {
                assert!(g.place_of(seat as u8).is_some(), "only players play");
                if g.current_trick().is_empty() {
                    assert_eq!(leader, seat as u8, "the seat to lead");
                }
                let cards = check_legal_cards(
                    legal,
                    g.hand(seat as u8),
                    g.current_trick(),
                    Mode::Trump(g.trump()),
                );
                // Any other card is refused (the first one changing nothing).
                for (i, c) in (CardSet::ALL - cards).iter().enumerate() {
                    let mut t = *g;
                    assert!(t.apply(ZugerAction::Play { card: c }).is_err(), "{c}");
                    if i == 0 {
                        assert_eq!(format!("{t:?}"), format!("{g:?}"));
                    }
                }
            }
            p => panic!("a seat acts in the {p:?} phase"),
        }
        // Every legal action is accepted.
        for a in legal.iter() {
            let mut t = *g;
            t.apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
        legal.get(uniform_below(rng, legal.len() as u32) as usize)
    }

    fn acted(&mut self, before: &Zuger, g: &Zuger) {
        if before.phase() == ZugerPhase::Force {
            assert!(g.forced().is_some());
            if g.forced() == Some(true) {
                self.seen.forced += 1;
                assert_eq!(
                    g.playing(),
                    g.active(),
                    "a force makes every active seat play"
                );
            }
        }
        let scored = matches!(g.phase(), ZugerPhase::Deal | ZugerPhase::Over);
        if scored {
            check_scored(before, g, self.seen);
        }
    }

    fn step(&mut self, g: &Zuger) {
        // Before every step: while a seat acts, between deals (a folded hand stays hidden) and
        // at the end.
        check_views(g);
        if g.phase() == ZugerPhase::Over {
            let n = g.players() as usize;
            let best = g.totals()[..n].iter().max().copied().unwrap();
            let want: Vec<u8> = (0..n as u8)
                .filter(|&s| g.totals()[s as usize] == best)
                .collect();
            assert_eq!(g.winners(), want);
            assert!(g.total_written() >= i64::from(g.options().target));
        }
    }
}

/// Every figure of the deal just scored, recomputed from the rules.
fn check_scored(before: &Zuger, g: &Zuger, seen: &mut Seen) {
    let t = g.tally();
    let o = g.options();
    let mode = Mode::Trump(g.trump());
    let hands = g.dealt().hands;
    let playing = g.playing().to_vec();
    let calls = g.calls();
    // Who plays: with a force every active seat; else those who stayed and, if someone folded,
    // those who said maybe.
    if g.forced() == Some(true) {
        assert!(calls.is_empty());
        assert_eq!(playing, g.active());
    } else {
        let folded = calls.iter().any(|&(_, c)| c == ZugerCall::Fold);
        let want: Vec<u8> = calls
            .iter()
            .filter(|&&(_, c)| match c {
                ZugerCall::Stay => true,
                ZugerCall::Maybe => folded,
                ZugerCall::Fold => false,
            })
            .map(|&(s, _)| s)
            .collect();
        assert_eq!(calls.len(), g.active().len());
        assert_eq!(playing, want);
    }
    let plays = |s: u8| playing.contains(&s);
    let mut card_points = [0u32; 4];
    let mut tricks = [0u8; 4];
    let mut melds = [0u32; 4];
    let mut stoeck = [0u32; 4];
    let mut counted = [0u32; 4];
    let mut tenths = [0i64; 4];
    let mut hole = [0i64; 4];
    let mut bonus = [0i64; 4];
    let mut bauer = [0i64; 4];
    let mut remainder = [0i64; 4];
    let mut dealer = [0i64; 4];
    dealer[g.dealer() as usize] = 10;
    assert!(!plays(g.dealer()));
    match playing.len() {
        0 => {
            seen.nobody += 1;
            assert!(g.trick_records().is_empty());
        }
        1 => {
            seen.lone += 1;
            bonus[playing[0] as usize] = 10;
            assert!(g.trick_records().is_empty());
        }
        k => {
            if k == 3 {
                seen.three_played += 1;
            } else {
                seen.two_played += 1;
            }
            let records = g.trick_records();
            assert_eq!(records.len(), 12);
            for (i, r) in records.iter().enumerate() {
                assert_eq!(r.cards.len(), k);
                let led = r.cards[0].suit();
                let mut win = 0;
                for j in 1..k {
                    if beats(r.cards[j], r.cards[win], led, g.trump()) {
                        win = j;
                    }
                }
                let p = playing.iter().position(|&s| s == r.leader).unwrap();
                assert_eq!(r.winner, playing[(p + win) % k], "trick {}", i + 1);
                if i > 0 {
                    assert_eq!(r.leader, records[i - 1].winner);
                } else {
                    assert_eq!(r.leader, playing[0], "the first after the dealer leads");
                }
                let pts: u32 = r.cards.iter().map(|&c| value(c, mode)).sum::<u32>()
                    + if i == 11 { 5 } else { 0 };
                assert_eq!(r.points, pts);
                card_points[r.winner as usize] += pts;
                tricks[r.winner as usize] += 1;
            }
            let total: u32 = card_points.iter().sum();
            if k == 3 {
                assert_eq!(total, 157);
            } else {
                let theirs = playing
                    .iter()
                    .fold(CardSet::EMPTY, |a, &s| a | hands[s as usize]);
                assert_eq!(total, points_of(theirs, mode) + 5);
            }
            // Melds: the player whose best single meld is best (the first from the leader on
            // equal ones) writes all his.
            let decl: Vec<_> = playing
                .iter()
                .map(|&s| best_declaration(hands[s as usize], mode, &WEIS_RULES))
                .collect();
            let keys: Vec<u32> = decl.iter().map(|d| d.best_key(mode, &WEIS_RULES)).collect();
            let top = keys.iter().copied().max().unwrap();
            if top > 0 {
                let p = keys.iter().position(|&k| k == top).unwrap();
                melds[playing[p] as usize] = decl[p].points(mode, &WEIS_RULES);
                let shown = g.shown_melds().unwrap();
                assert_eq!((shown.seat, shown.weis), (playing[p], decl[p]));
                assert!(hands[playing[p] as usize].contains_all(shown.weis.cards()));
                seen.melds += 1;
            } else {
                assert!(g.shown_melds().is_none());
            }
            for &s in &playing {
                let s = s as usize;
                if hands[s].contains_all(stoeck_cards(g.trump())) {
                    stoeck[s] = 20;
                    seen.stoeck += 1;
                }
                counted[s] = card_points[s] + melds[s] + stoeck[s];
                if counted[s] < o.hole {
                    hole[s] = -10;
                    seen.holes += 1;
                } else {
                    tenths[s] = i64::from(match o.rounding {
                        Rounding::Nearest => (counted[s] + 5) / 10,
                        _ => counted[s] / 10,
                    });
                }
                if tricks[s] == 12 {
                    bonus[s] = 10;
                    seen.matsch += 1;
                }
            }
            let jack = Card::new(g.trump(), Rank::Jack);
            let holder = playing
                .iter()
                .copied()
                .find(|&s| hands[s as usize].contains(jack));
            if let Some(b) = holder {
                if k == 3 && playing.iter().any(|&s| tricks[s as usize] == 0) {
                    bauer[b as usize] = 8;
                    seen.bauer_bonus += 1;
                }
                if o.rounding == Rounding::Bauer {
                    let kept: u32 = playing
                        .iter()
                        .filter(|&&s| hole[s as usize] == 0)
                        .map(|&s| counted[s as usize])
                        .sum();
                    remainder[b as usize] = i64::from(kept / 10) - tenths.iter().sum::<i64>();
                    assert!((0..=2).contains(&remainder[b as usize]));
                    if remainder[b as usize] > 0 {
                        seen.remainders += 1;
                    }
                }
            }
        }
    }
    assert_eq!(t.card_points, card_points);
    assert_eq!(t.tricks, tricks);
    assert_eq!(t.melds, melds);
    assert_eq!(t.stoeck, stoeck);
    assert_eq!(t.counted, counted);
    assert_eq!(t.tenths, tenths);
    assert_eq!(t.hole, hole);
    assert_eq!(t.bonus, bonus);
    assert_eq!(t.bauer, bauer);
    assert_eq!(t.remainder, remainder);
    assert_eq!(t.dealer, dealer);
    for s in 0..4 {
        // Every written line adds up, and the totals are the sums of what was written.
        let line = t.tenths[s] + t.hole[s] + t.bonus[s] + t.bauer[s] + t.remainder[s] + t.dealer[s];
        assert_eq!(t.written[s], line, "seat {s}");
        assert_eq!(g.totals()[s], before.totals()[s] + t.written[s]);
        if s >= g.players() as usize {
            assert_eq!((t.written[s], g.totals()[s]), (0, 0));
        }
    }
    assert_eq!(
        g.phase() == ZugerPhase::Over,
        g.total_written() >= i64::from(o.target)
    );
}

/// The option sets of the random games.
fn option_sets() -> Vec<ZugerOptions> {
    vec![
        four(),
        ZugerOptions {
            rounding: Rounding::Nearest,
            ..four()
        },
        ZugerOptions {
            rounding: Rounding::Bauer,
            force: false,
            ..four()
        },
        ZugerOptions {
            maybe: false,
            hole: 31,
            target: 60,
            ..four()
        },
        three(),
        ZugerOptions {
            rounding: Rounding::Bauer,
            ..three()
        },
        ZugerOptions {
            rounding: Rounding::Nearest,
            maybe: false,
            target: 100,
            ..three()
        },
        ZugerOptions {
            force: false,
            hole: 0,
            ..three()
        },
    ]
}

#[test]
fn properties_over_many_seeded_games() {
    let mut seen = Seen::default();
    for (k, opts) in option_sets().into_iter().enumerate() {
        for i in 0..40u64 {
            let seed = 1000 * k as u64 + i;
            let mut g = game(opts);
            let mut checks = Checks { seen: &mut seen };
            drive(&mut g, seed, seed, 200, &mut checks);
            assert_eq!(g.phase(), ZugerPhase::Over);
            seen.games += 1;
        }
    }
    println!("{seen:?}");
    assert_eq!(seen.games, 320);
    for (what, n) in [
        ("three played", seen.three_played),
        ("two played", seen.two_played),
        ("lone", seen.lone),
        ("nobody", seen.nobody),
        ("force offered", seen.offered),
        ("forced", seen.forced),
        ("holes", seen.holes),
        ("Bauer's 8", seen.bauer_bonus),
        ("remainders", seen.remainders),
        ("melds", seen.melds),
        ("Stöck", seen.stoeck),
    ] {
        assert!(n > 0, "no {what} in {seen:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Records.

fn record(opts: ZugerOptions, seed: u64) -> ZugerRecord {
    let n = opts.players as usize;
    play_recorded(opts, seed, &mut random_players(n, seed)).unwrap()
}

#[test]
fn random_games_are_recorded_checked_and_read_back() {
    for (k, opts) in option_sets().into_iter().enumerate() {
        for i in 0..4u64 {
            let rec = record(opts, 500 + 10 * k as u64 + i);
            jass_core::record::check(&rec).unwrap_or_else(|e| panic!("{e}"));
            let json = read_back(&rec, "zuger");
            assert!(json.contains(r#""trump_card""#), "{json}");
            let n = opts.players as usize;
            assert_eq!(rec.seats.len(), n);
            let mut totals = vec![0i64; n];
            for (j, d) in rec.deals.iter().enumerate() {
                assert_eq!(d.number as usize, j + 1);
                assert_eq!(d.hands.len(), n);
                assert_eq!(d.dealer as usize, (n - 1 + j) % n);
                assert!(d.hands[d.dealer as usize].is_empty());
                for (total, written) in totals.iter_mut().zip(&d.result.written) {
                    *total += written;
                }
                assert_eq!(d.result.totals, totals);
            }
            assert_eq!(rec.result.totals, totals);
            let sum: i64 = totals.iter().sum();
            assert!(sum >= i64::from(opts.target));
            let best = *totals.iter().max().unwrap();
            let winners: Vec<u8> = (0..n as u8)
                .filter(|&s| totals[s as usize] == best)
                .collect();
            assert_eq!(rec.result.winners, winners);
        }
    }
}

#[test]
fn a_tampered_record_is_refused() {
    // A record with a deal played by cards (and one not), to tamper with.
    let (rec, i) = (0..100u64)
        .find_map(|seed| {
            let rec = record(four(), seed);
            let i = rec.deals.iter().position(|d| {
                d.tricks.len() == 12 && d.actions.iter().any(|a| a.action.call().is_some())
            })?;
            rec.deals
                .iter()
                .any(|d| d.tricks.is_empty())
                .then_some((rec, i))
        })
        .unwrap();
    rec.check().unwrap();
    // A written figure.
    let mut wrong = rec.clone();
    wrong.deals[i].result.written[0] += 1;
    let e = wrong.check().unwrap_err().to_string();
    assert!(
        e.contains(&format!("deal {}", i + 1)) && e.contains("written"),
        "{e}"
    );
    let mut wrong = rec.clone();
    let first = wrong.deals[i].settled.playing[0] as usize;
    wrong.deals[i].result.tenths[first] += 1;
    assert!(wrong.check().unwrap_err().to_string().contains("tenths"));
    let mut wrong = rec.clone();
    wrong.deals[i].result.totals[1] -= 1;
    assert!(wrong.check().is_err(), "a deal's totals");
    let mut wrong = rec.clone();
    wrong.result.totals[2] += 10;
    assert!(wrong.check().is_err(), "the game's totals");
    let mut wrong = rec.clone();
    wrong.result.winners = vec![9];
    assert!(wrong.check().is_err(), "the winners");
    // An illegal card: the first card played replaced by one of another player's.
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    let j = d
        .actions
        .iter()
        .position(|a| matches!(a.action, ZugerAction::Play { .. }))
        .unwrap();
    let seat = d.actions[j].seat;
    let other = *d.settled.playing.iter().find(|&&s| s != seat).unwrap();
    let theirs = d.hands[other as usize].first().unwrap();
    d.actions[j].action = ZugerAction::Play { card: theirs };
    let e = wrong.check().unwrap_err().to_string();
    assert!(
        e.contains(&format!("deal {}, action {}", i + 1, j + 1)) && e.contains("illegal action"),
        "{e}"
    );
    // A trick's points.
    let mut wrong = rec.clone();
    wrong.deals[i].tricks[0].points += 1;
    assert!(wrong.check().is_err(), "a trick's points");
    // A call changed: who plays differs, or the actions no longer fit.
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    let c = d
        .actions
        .iter()
        .position(|a| a.action.call().is_some())
        .unwrap();
    // He plays after the change if and only if he did not before.
    let played = d.settled.playing.contains(&d.actions[c].seat);
    d.actions[c].action = if played {
        ZugerAction::Fold
    } else {
        ZugerAction::Stay
    };
    assert!(wrong.check().is_err(), "a call");
    // The settled melds' seat, the trump card, a card of the hands.
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    if let Some(m) = d.settled.melds.as_mut() {
        m.seat = (m.seat + 1) % 4;
    } else {
        d.settled.stoeck = Some(d.settled.stoeck.map_or(0, |s| (s + 1) % 4));
    }
    assert!(wrong.check().is_err(), "the melds or Stöck");
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    let last = (d.dealer + 3) % 4;
    // A card of the same hand in another suit: the trump changes.
    let other = (d.hands[last as usize] - CardSet::suit(d.cards.trump_card.suit()))
        .first()
        .unwrap();
    d.cards.trump_card = other;
    assert!(wrong.check().is_err(), "the trump card");
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    let first = (d.dealer + 1) % 4;
    let c = d.hands[first as usize].first().unwrap();
    d.hands[first as usize].remove(c);
    d.hands[d.dealer as usize].insert(c);
    let e = wrong.check().unwrap_err().to_string();
    assert!(
        e.contains("the cards: seat ") && e.contains("was dealt"),
        "{e}"
    );
    // A deal left out at the end: the game is not over.
    let mut wrong = rec.clone();
    wrong.deals.pop();
    let e = wrong.check().unwrap_err().to_string();
    assert!(e.contains("the game ends at 100"), "{e}");
}

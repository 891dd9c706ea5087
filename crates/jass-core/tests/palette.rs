//! Palette (004 "Palette Jass", JassWiki "Palette"). What is tested:
//!
//! - `deal_from_pack`: nine cards a seat in packets of three from forehand; seat 3 deals the
//!   first deal, then the deal passes to the left (a deal thrown in counts);
//! - the auction from forehand: the bids offered (the lowest open bid to 157, `matsch`,
//!   `matsch-alone`, pass; after 157 the two Matsch bids and pass; after a Matsch `matsch-alone`
//!   and pass), a pass final, the auction over when only the highest bidder is left, a Matsch
//!   alone ending it at once (no card asked for), all four passing throwing the cards in (the
//!   deal counts toward `deals`, nothing is written, the next seat deals);
//! - deals worked by hand, every figure added up here from the card values (trump J 20, 9 14,
//!   A 11, 10 10, K 4, Q 3; plain A 11, 10 10, K 4, Q 3, J 2; Obenabe's 8s 8; Undenufe's 6 11 and
//!   8s 8; the last trick 5): the declarer's trump and ask, his partner the holder of the called
//!   card, the declarer leading, each card chosen and legal; the party's points against bids of
//!   125 (made: 4 by the bid, 6 by `taken`), 139 (made on the mark), 140 (missed by one: -8),
//!   a Matsch missed (-12) and a Matsch alone missed (-20); a Matsch made in Obenabe (12, the
//!   partner 6) and a Matsch alone made in Undenufe (20; the Six's 11, or the Ace's with
//!   `undenufe_eleven` `ace`); the partner half of the declarer's figure, won or lost; a whole
//!   game of one and of two deals, its winner and loser (none on a tie);
//! - the views: the partner is hidden from the declarer, the two others and the spectators
//!   until the called card is played (named from the end of the trick it falls in, as
//!   docs/palette.md says; the card itself is in the trick in progress before that), known to
//!   the partner himself from the ask on; no view (a seat's, `public_view_json`) shows another
//!   seat's card not yet played (the called card's name is public: everyone hears the ask);
//! - refusals: bids not open (109, 158, equal to or below the last, points or a Matsch after a
//!   Matsch), asking for a card the declarer holds, actions out of phase, actions before the
//!   deal and after the end, wrong deals (8 or 10 cards, a card twice, a deal in mid-game) —
//!   each refused with its reason and changing nothing;
//! - properties over 200 seeded random games (four option sets): the actions offered are the
//!   rules' (every legal card held and equal to `trick::legal_cards` under the strict rules);
//!   the dealer turns; every deal played totals 157 over the four seats, each trick its cards'
//!   points; the party's points, `made` and the written game points follow the rules; the
//!   totals add up deal by deal; the game ends after exactly `deals` deals with the unique most
//!   as winner and the unique fewest as loser; the views as above at every step;
//! - records: `play_recorded` → `check()` passes, the JSON round trip is equal, the figures add
//!   up; a record with a card, the called card, the partner, a bid or a figure changed is
//!   refused.

mod common;

use common::{
    assert_worked, card, check_legal_cards, drive, hands, legal_actions, packs, play_trick,
    random_players, read_back, refused, refused_deal, run, seat_to_move, set, value_with,
    view_cards, Driver,
};
use jass_core::deal::{ordered_pack, uniform_below, SeededDealer};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::palette::{
    play_recorded, Palette, PaletteAction, PaletteBid, PaletteOptions, PalettePhase, PaletteRecord,
    PaletteScoring,
};
use jass_core::record::GameRecord;
use jass_core::{CardSet, Mode, Suit, UndenufeEleven};
use rand_xoshiro::Xoshiro256PlusPlus;

// ---------------------------------------------------------------------------------------------
// Helpers.

fn game(opts: PaletteOptions) -> Palette {
    Palette::new(opts).unwrap()
}

fn opts_with(deals: u32, scoring: PaletteScoring) -> PaletteOptions {
    PaletteOptions {
        deals,
        scoring,
        ..PaletteOptions::default()
    }
}

fn bid(points: u32) -> PaletteAction {
    PaletteAction::Bid { points }
}

/// 004's scale, written out: 110–119 2, 120–129 4, 130–139 6, 140–149 8, 150–157 10.
fn level(points: u32) -> i64 {
    match points {
        110..=119 => 2,
        120..=129 => 4,
        130..=139 => 6,
        140..=149 => 8,
        150..=157 => 10,
        _ => panic!("{points} is not on 004's scale"),
    }
}

/// Plays one trick, each seat its card (`by_seat[s]`, played when the game asks that seat),
/// checks who took it, and its points: `points` is worked out by hand in the test's comments,
/// checked here against the card values, then against the engine.
fn trick(g: &mut Palette, by_seat: [&str; 4], winner: u8, points: u32) {
    let mode = g.card_play().mode();
    let eleven = g.options().undenufe_eleven;
    let done = g.card_play().tricks_done();
    assert_worked(&by_seat, mode, eleven, done + 1 == 9, points);
    play_trick(g, 4, |s| by_seat[s]);
    assert_eq!(g.card_play().tricks_done(), done + 1);
    let (_, cards, w, p) = g.card_play().completed(done as usize);
    assert_eq!(cards.len(), 4);
    assert_eq!(w, winner, "trick {} {by_seat:?}", done + 1);
    assert_eq!(p, points, "trick {} {by_seat:?}", done + 1);
}

/// The partner as a view shows it (`null` while unknown to the viewer).
fn shown_partner(v: &serde_json::Value) -> Option<u8> {
    v["partner"].as_u64().map(|p| p as u8)
}

/// The four views' and the spectators' partner: `[seat 0, 1, 2, 3, public]`.
fn partners_shown(g: &Palette) -> [Option<u8>; 5] {
    let mut out = [None; 5];
    for (s, o) in out.iter_mut().enumerate().take(4) {
        *o = shown_partner(&g.view_json(s));
        assert_eq!(*o, g.observation(s).partner);
    }
    out[4] = shown_partner(&g.public_view_json());
    out
}

// ---------------------------------------------------------------------------------------------
// The worked deal: dealer seat 3, forehand seat 0; seat 1 the declarer in hearts, asking for
// HJ, which seat 3 holds.

/// Seat 1 holds hearts A 10 K Q 9 without the Jack, DA D10, SA and CQ; seat 3 HJ H6.
fn worked_hands() -> [CardSet; 4] {
    hands([
        "H8 H7 D8 D7 D6 S9 S8 S7 C7",
        "HA H10 HK HQ H9 DA D10 SA CQ",
        "DJ DQ S6 SJ SQ C9 C8 CJ CA",
        "HJ H6 DK D9 S10 SK C10 CK C6",
    ])
}

/// The worked deal's tricks in hearts, by seat `[0, 1, 2, 3]`, with the winner and the points
/// worked by hand. Seat 1 leads the first; seat 3 plays the called HJ in the second.
const WORKED_TRICKS: [([&str; 4], u8, u32); 9] = [
    (["H7", "H9", "C8", "H6"], 1, 14),   // 0 + 14 + 0 + 0
    (["H8", "HA", "C9", "HJ"], 3, 31),   // 0 + 11 + 0 + 20: the Puur
    (["C7", "CQ", "CA", "CK"], 2, 18),   // 0 + 3 + 11 + 4 (seat 3 leads)
    (["D6", "HQ", "CJ", "C6"], 1, 5),    // 0 + 3 + 2 + 0 (seat 2 leads, seat 1 trumps)
    (["D7", "DA", "DQ", "D9"], 1, 14),   // 0 + 11 + 3 + 0
    (["D8", "D10", "DJ", "DK"], 3, 16),  // 0 + 10 + 2 + 4
    (["S7", "SA", "S6", "SK"], 1, 15),   // 0 + 11 + 0 + 4 (seat 3 leads)
    (["S8", "HK", "SQ", "C10"], 1, 17),  // 0 + 4 + 3 + 10
    (["S9", "H10", "SJ", "S10"], 1, 27), // 0 + 10 + 2 + 10 + 5 (last trick)
];

/// Seat 1 takes 14 + 5 + 14 + 15 + 17 + 27 = 92, his partner seat 3 31 + 16 = 47: the party
/// 139 in eight tricks; seat 2 18 in one (139 + 18 = 157).
const PARTY_POINTS: u32 = 139;

/// The auction of the worked deal up to seat 1's last bid: seats 0, 1, 2 (pass), 3, 0 (pass).
const AUCTION_START: [&str; 5] = ["bid 110", "bid 120", "pass", "bid 121", "pass"];

/// The worked deal with seat 1's last call `last` (`bid 125`, `matsch`, …), seat 3 passing
/// after it unless the call ends the auction; trump hearts, HJ asked for unless a Matsch alone;
/// the nine tricks played.
fn worked_deal(opts: PaletteOptions, last: &str) -> Palette {
    let mut g = game(opts);
    g.apply_deal(worked_hands()).unwrap();
    run(&mut g, &AUCTION_START);
    run(&mut g, &[last]);
    if g.phase() == PalettePhase::Auction {
        run(&mut g, &["pass"]);
    }
    assert_eq!(g.declarer(), Some(1));
    run(&mut g, &["trump H"]);
    if g.phase() == PalettePhase::Ask {
        run(&mut g, &["ask HJ"]);
        assert_eq!(g.partner(), Some(3));
    }
    for (cards, w, p) in WORKED_TRICKS {
        trick(&mut g, cards, w, p);
    }
    assert!(g.card_play().is_over());
    g
}

// ---------------------------------------------------------------------------------------------
// Dealing.

#[test]
fn deal_from_pack_gives_packets_of_three_from_forehand_and_the_deal_passes_left() {
    // A shuffled pack, so that each packet is its own.
    let pack = SeededDealer::new(11).next_pack();
    let mut g = game(opts_with(6, PaletteScoring::Bid));
    assert_eq!((g.phase(), g.to_move()), (PalettePhase::Deal, ToMove::Deal));
    assert_eq!(g.next_dealer(), 3, "seat 3 deals first");
    // First deal, dealer seat 3: forehand seat 0 gets the first packet of three, then seats 1,
    // 2, 3 (the dealer last), three rounds.
    let d = g.deal_from_pack(&pack);
    assert_eq!(d[0], packs(&pack, &[0..3, 12..15, 24..27]));
    assert_eq!(d[1], packs(&pack, &[3..6, 15..18, 27..30]));
    assert_eq!(d[2], packs(&pack, &[6..9, 18..21, 30..33]));
    assert_eq!(d[3], packs(&pack, &[9..12, 21..24, 33..36]));
    // The pack in order (diamonds, hearts, spades, clubs, each from the Six up): seat 0 gets
    // D6 D7 D8, H9 H10 HJ, SQ SK SA; seat 3 H6 H7 H8, S9 S10 SJ, CQ CK CA.
    let ordered = g.deal_from_pack(&ordered_pack());
    assert_eq!(ordered[0], set("D6 D7 D8 H9 H10 HJ SQ SK SA"));
    assert_eq!(ordered[3], set("H6 H7 H8 S9 S10 SJ CQ CK CA"));
    g.apply_deal(d).unwrap();
    assert_eq!((g.dealer(), g.forehand(), g.deals_started()), (3, 0, 1));
    assert_eq!(g.dealt(), d);
    for s in 0..4 {
        assert_eq!(g.hand(s), d[s as usize]);
    }
    assert_eq!(seat_to_move(&g), 0, "forehand speaks first");
    // Everyone passes: thrown in; the next deal is seat 0's, forehand seat 1 gets the first
    // packet; and so on around the table, to the left.
    for k in 1..6u8 {
        run(&mut g, &["pass", "pass", "pass", "pass"]);
        assert!(g.thrown_in());
        assert_eq!(g.phase(), PalettePhase::Deal);
        let dealer = (3 + k) % 4;
        assert_eq!(g.next_dealer(), dealer);
        let d = g.deal_from_pack(&pack);
        for j in 0..4u8 {
            let seat = (dealer + 1 + j) % 4;
            let j = j as usize * 3;
            assert_eq!(
                d[seat as usize],
                packs(&pack, &[j..j + 3, j + 12..j + 15, j + 24..j + 27]),
                "deal {}, seat {seat}",
                k + 1
            );
        }
        g.apply_deal(d).unwrap();
        assert_eq!(g.dealer(), dealer);
        assert_eq!(g.forehand(), (dealer + 1) % 4);
        assert_eq!(seat_to_move(&g), (dealer + 1) % 4);
        assert_eq!(g.deals_started(), u32::from(k) + 1);
    }
    // The sixth deal thrown in ends the game of six deals.
    run(&mut g, &["pass", "pass", "pass", "pass"]);
    assert_eq!(g.phase(), PalettePhase::Over);
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.totals(), [0; 4]);
    assert_eq!((g.winner(), g.loser()), (None, None), "all four share 0");
}

// ---------------------------------------------------------------------------------------------
// The auction.

/// Every bid of points from `from` to 157.
fn points_from(from: u32) -> Vec<PaletteAction> {
    (from..=157).map(bid).collect()
}

#[test]
fn the_auction_offers_the_open_bids_and_a_pass_is_final() {
    let mut g = game(PaletteOptions::default());
    g.apply_deal(worked_hands()).unwrap();
    assert_eq!(g.phase(), PalettePhase::Auction);
    assert_eq!(g.lowest_bid(), Some(PaletteBid::Points(110)));
    // Forehand first: 110 to 157, then the Matsch bids, then pass.
    assert_eq!(seat_to_move(&g), 0);
    let mut want = points_from(110);
    want.extend([
        PaletteAction::Matsch,
        PaletteAction::MatschAlone,
        PaletteAction::Pass,
    ]);
    assert_eq!(legal_actions(&g), want);
    assert_eq!(want.len(), 48 + 3);
    run(&mut g, &["bid 110"]);
    assert_eq!(seat_to_move(&g), 1);
    // One above the last at least; a jump is fine.
    let mut want = points_from(111);
    want.extend([
        PaletteAction::Matsch,
        PaletteAction::MatschAlone,
        PaletteAction::Pass,
    ]);
    assert_eq!(legal_actions(&g), want);
    run(&mut g, &["bid 120", "pass"]);
    assert_eq!(seat_to_move(&g), 3);
    assert_eq!(legal_actions(&g).first(), Some(&bid(121)));
    assert_eq!(legal_actions(&g).len(), 37 + 3);
    run(&mut g, &["bid 121"]);
    assert_eq!(seat_to_move(&g), 0);
    run(&mut g, &["pass"]);
    // Seats 0 and 2 passed and speak no more: seat 1, then seat 3.
    assert_eq!(seat_to_move(&g), 1);
    run(&mut g, &["bid 157"]);
    assert_eq!(seat_to_move(&g), 3, "seat 2 passed");
    assert_eq!(g.lowest_bid(), Some(PaletteBid::Matsch));
    assert_eq!(
        legal_actions(&g),
        vec![
            PaletteAction::Matsch,
            PaletteAction::MatschAlone,
            PaletteAction::Pass
        ]
    );
    run(&mut g, &["matsch"]);
    assert_eq!(seat_to_move(&g), 1);
    assert_eq!(g.lowest_bid(), Some(PaletteBid::MatschAlone));
    assert_eq!(
        legal_actions(&g),
        vec![PaletteAction::MatschAlone, PaletteAction::Pass]
    );
    assert_eq!(g.declarer(), None, "no declarer during the auction");
    assert_eq!(g.high_bid(), Some((PaletteBid::Matsch, 3)));
    run(&mut g, &["pass"]);
    // Only the highest bidder is left: seat 3 declares a Matsch with a partner.
    assert_eq!(g.phase(), PalettePhase::Trump);
    assert_eq!(g.declarer(), Some(3));
    assert_eq!(g.high_bid(), Some((PaletteBid::Matsch, 3)));
    assert_eq!(seat_to_move(&g), 3);
    assert_eq!(
        g.auction(),
        vec![
            (0, bid(110)),
            (1, bid(120)),
            (2, PaletteAction::Pass),
            (3, bid(121)),
            (0, PaletteAction::Pass),
            (1, bid(157)),
            (3, PaletteAction::Matsch),
            (1, PaletteAction::Pass),
        ]
    );
    // The trump: a suit, Obenabe or Undenufe.
    let trumps: Vec<PaletteAction> = Mode::ALL
        .iter()
        .map(|&trump| PaletteAction::Trump { trump })
        .collect();
    assert_eq!(legal_actions(&g), trumps);
    assert_eq!(trumps.len(), 6);
    run(&mut g, &["trump obenabe"]);
    // The ask: any of the 27 cards the declarer does not hold.
    assert_eq!(g.phase(), PalettePhase::Ask);
    assert_eq!(seat_to_move(&g), 3);
    let asks: Vec<PaletteAction> = (CardSet::ALL - worked_hands()[3])
        .iter()
        .map(|card| PaletteAction::Ask { card })
        .collect();
    assert_eq!(asks.len(), 27);
    assert_eq!(legal_actions(&g), asks);
    run(&mut g, &["ask SA"]);
    assert_eq!((g.called(), g.partner()), (Some(card("SA")), Some(1)));
    // The declarer leads the first trick, whatever the seat of forehand.
    assert_eq!(g.phase(), PalettePhase::Play);
    assert_eq!(seat_to_move(&g), 3);
    assert_eq!(g.card_play().mode(), Mode::Obenabe);
}

#[test]
fn the_auction_ends_when_only_the_highest_bidder_is_left() {
    // Three passes after forehand's bid.
    let mut g = game(PaletteOptions::default());
    g.apply_deal(worked_hands()).unwrap();
    run(&mut g, &["bid 110", "pass", "pass"]);
    assert_eq!(g.phase(), PalettePhase::Auction);
    run(&mut g, &["pass"]);
    assert_eq!(g.phase(), PalettePhase::Trump);
    assert_eq!(g.high_bid(), Some((PaletteBid::Points(110), 0)));
    // Three passes, then the dealer bids: nobody is left to outbid him.
    let mut g = game(PaletteOptions::default());
    g.apply_deal(worked_hands()).unwrap();
    run(&mut g, &["pass", "pass", "pass"]);
    assert_eq!(seat_to_move(&g), 3);
    run(&mut g, &["bid 133"]);
    assert_eq!(g.phase(), PalettePhase::Trump);
    assert_eq!(g.declarer(), Some(3));
    assert_eq!(g.high_bid(), Some((PaletteBid::Points(133), 3)));
}

#[test]
fn a_matsch_alone_ends_the_auction_at_once_and_no_card_is_asked_for() {
    let mut g = game(PaletteOptions::default());
    g.apply_deal(worked_hands()).unwrap();
    run(&mut g, &["pass", "matsch-alone"]);
    // Seats 2 and 3 have not spoken: nothing is above a Matsch alone.
    assert_eq!(g.phase(), PalettePhase::Trump);
    assert_eq!(g.declarer(), Some(1));
    assert_eq!(g.high_bid(), Some((PaletteBid::MatschAlone, 1)));
    assert_eq!(g.lowest_bid(), None);
    assert_eq!(g.auction().len(), 2);
    run(&mut g, &["trump H"]);
    // No ask: he plays at once, and leads.
    assert_eq!(g.phase(), PalettePhase::Play);
    assert_eq!(seat_to_move(&g), 1);
    assert_eq!((g.called(), g.partner()), (None, None));
    let e = refused(&mut g, "ask HJ");
    assert!(e.contains("not possible in the Play phase"), "{e}");
    // A Matsch alone also overbids a Matsch.
    let mut g = game(PaletteOptions::default());
    g.apply_deal(worked_hands()).unwrap();
    run(&mut g, &["matsch", "matsch-alone"]);
    assert_eq!(g.phase(), PalettePhase::Trump);
    assert_eq!(g.high_bid(), Some((PaletteBid::MatschAlone, 1)));
}

#[test]
fn all_passing_throws_the_cards_in_the_deal_counts_and_the_next_seat_deals() {
    let mut g = game(opts_with(2, PaletteScoring::Bid));
    g.apply_deal(worked_hands()).unwrap();
    run(&mut g, &["pass", "pass", "pass"]);
    assert_eq!(g.phase(), PalettePhase::Auction, "the dealer may still bid");
    assert_eq!(seat_to_move(&g), 3);
    run(&mut g, &["pass"]);
    assert!(g.thrown_in());
    assert_eq!(g.phase(), PalettePhase::Deal);
    assert_eq!(g.deals_started(), 1, "the deal counts");
    assert_eq!((g.high_bid(), g.declarer()), (None, None));
    assert_eq!(g.deal_score(), None);
    assert_eq!(g.totals(), [0; 4]);
    assert!(g.trick_records().is_empty());
    assert_eq!(g.auction().len(), 4);
    assert!(g.auction().iter().all(|&(_, a)| a == PaletteAction::Pass));
    // Each seat sees its own thrown-in cards only.
    for s in 0..4 {
        assert_eq!(view_cards(&g.view_json(s)), worked_hands()[s]);
    }
    assert_eq!(view_cards(&g.public_view_json()), CardSet::EMPTY);
    // Seat 0 deals the second deal; seat 1 speaks first; it is the last of two.
    assert_eq!(g.next_dealer(), 0);
    g.apply_deal(worked_hands()).unwrap();
    assert!(!g.thrown_in());
    assert_eq!((g.dealer(), g.forehand(), g.deals_started()), (0, 1, 2));
    assert_eq!(seat_to_move(&g), 1);
    assert!(g.auction().is_empty());
    run(&mut g, &["pass", "pass", "pass", "pass"]);
    assert_eq!(g.phase(), PalettePhase::Over);
    assert_eq!((g.winner(), g.loser()), (None, None));
    let e = refused(&mut g, "pass");
    assert!(e.contains("the game is over"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Deals worked by hand.

#[test]
fn a_worked_deal_in_hearts_the_partner_found_bid_125_made() {
    let mut g = game(PaletteOptions::default());
    g.apply_deal(worked_hands()).unwrap();
    run(&mut g, &AUCTION_START);
    run(&mut g, &["bid 125", "pass"]);
    assert_eq!(g.phase(), PalettePhase::Trump);
    assert_eq!(g.declarer(), Some(1));
    assert_eq!(g.high_bid(), Some((PaletteBid::Points(125), 1)));
    run(&mut g, &["trump H"]);
    assert_eq!(g.trump(), Some(Mode::Trump(Suit::H)));
    assert_eq!(g.phase(), PalettePhase::Ask);
    assert_eq!(seat_to_move(&g), 1);
    assert_eq!(g.partner(), None);
    // He lacks the Puur and asks for it: seat 3 holds it and is his partner.
    run(&mut g, &["ask HJ"]);
    assert_eq!(g.called(), Some(card("HJ")));
    assert_eq!(g.partner(), Some(3));
    assert!(!g.partner_revealed());
    assert_eq!(g.phase(), PalettePhase::Play);
    assert_eq!(seat_to_move(&g), 1, "the declarer leads");
    assert_eq!(g.card_play().mode(), Mode::Trump(Suit::H));

    let mut taken = [0u32; 4];
    for (i, (cards, w, p)) in WORKED_TRICKS.into_iter().enumerate() {
        trick(&mut g, cards, w, p);
        taken[w as usize] += p;
        assert_eq!(g.card_play().taken(), taken, "after trick {}", i + 1);
        // The called card falls in the second trick.
        assert_eq!(g.partner_revealed(), i >= 1, "after trick {}", i + 1);
    }
    assert_eq!(taken, [0, 92, 18, 47]);
    assert_eq!(92 + 47, PARTY_POINTS);
    assert_eq!(taken.iter().sum::<u32>(), 157);
    assert_eq!(g.trick_records().len(), 9);
    assert_eq!(g.trick_records()[0].leader, 1);
    // 139 >= 125: made; 125 is on the 120–129 step: 4 for seat 1, 2 for his partner.
    let sc = g.deal_score().unwrap();
    assert_eq!(
        (sc.party_points, sc.party_tricks, sc.made),
        (PARTY_POINTS, 8, true)
    );
    assert_eq!(sc.written, [0, 4, 0, 2]);
    assert_eq!(g.totals(), [0, 4, 0, 2]);
    assert_eq!(g.phase(), PalettePhase::Deal);
    assert_eq!(g.next_dealer(), 0);
    assert_eq!((g.winner(), g.loser()), (None, None), "not over yet");
}

/// A case of the worked deal: seat 1's last call, the scoring, the party's points and tricks,
/// made, the game points written.
type Case = (&'static str, PaletteScoring, u32, u8, bool, [i64; 4]);

#[test]
fn the_game_points_of_the_worked_deal_made_and_missed_by_bid_and_by_taken() {
    let cases: [Case; 10] = [
        // 139 >= 125: the bid's 120–129 step, 4 and half of it 2.
        ("bid 125", PaletteScoring::Bid, 139, 8, true, [0, 4, 0, 2]),
        // `taken`: the 139 taken are on the 130–139 step: 6 and 3.
        ("bid 125", PaletteScoring::Taken, 139, 8, true, [0, 6, 0, 3]),
        // Made on the mark: 139 >= 139.
        ("bid 139", PaletteScoring::Bid, 139, 8, true, [0, 6, 0, 3]),
        ("bid 139", PaletteScoring::Taken, 139, 8, true, [0, 6, 0, 3]),
        // Missed by one: 139 < 140, the 140–149 step lost, the partner losing half.
        (
            "bid 140",
            PaletteScoring::Bid,
            139,
            8,
            false,
            [0, -8, 0, -4],
        ),
        // Missed, `taken` too loses the bid's step.
        (
            "bid 140",
            PaletteScoring::Taken,
            139,
            8,
            false,
            [0, -8, 0, -4],
        ),
        // A Matsch with the partner: seat 2's trick (CA) spoils it: -12 and -6.
        (
            "matsch",
            PaletteScoring::Bid,
            139,
            8,
            false,
            [0, -12, 0, -6],
        ),
        (
            "matsch",
            PaletteScoring::Taken,
            139,
            8,
            false,
            [0, -12, 0, -6],
        ),
        // A Matsch alone (no ask: seat 3 plays against him): seat 1's own 92 in six tricks;
        // -20, nobody else writes.
        (
            "matsch-alone",
            PaletteScoring::Bid,
            92,
            6,
            false,
            [0, -20, 0, 0],
        ),
        (
            "matsch-alone",
            PaletteScoring::Taken,
            92,
            6,
            false,
            [0, -20, 0, 0],
        ),
    ];
    for (last, scoring, points, tricks, made, written) in cases {
        let g = worked_deal(opts_with(8, scoring), last);
        let sc = g.deal_score().unwrap();
        let what = format!("{last} {scoring:?}");
        assert_eq!(sc.party_points, points, "{what}");
        assert_eq!(sc.party_tricks, tricks, "{what}");
        assert_eq!(sc.made, made, "{what}");
        assert_eq!(sc.written, written, "{what}");
        assert_eq!(g.totals(), written, "{what}");
        let alone = last == "matsch-alone";
        assert_eq!(g.partner(), if alone { None } else { Some(3) }, "{what}");
        assert_eq!(g.called().is_none(), alone, "{what}");
    }
}

/// Each seat one suit: seat 0 the diamonds, seat 1 the hearts, seat 2 the spades, seat 3 the
/// clubs. Whoever leads keeps the lead: nobody can follow.
fn suit_hands() -> [CardSet; 4] {
    hands([
        "D6 D7 D8 D9 D10 DJ DQ DK DA",
        "H6 H7 H8 H9 H10 HJ HQ HK HA",
        "S6 S7 S8 S9 S10 SJ SQ SK SA",
        "C6 C7 C8 C9 C10 CJ CQ CK CA",
    ])
}

#[test]
fn a_matsch_made_in_obenabe_writes_12_and_6() {
    let mut g = game(PaletteOptions::default());
    g.apply_deal(suit_hands()).unwrap();
    run(&mut g, &["bid 150", "matsch", "pass", "pass", "pass"]);
    assert_eq!(g.high_bid(), Some((PaletteBid::Matsch, 1)));
    run(&mut g, &["trump obenabe", "ask SA"]);
    assert_eq!(g.partner(), Some(2));
    // Seat 1 leads his hearts from the Ace down; the others throw the same rank (by seat
    // [0, 1, 2, 3]). Obenabe: A 11, K 4, Q 3, J 2, 10 10, 8 8, 9 7 6 none.
    let tricks: [([&str; 4], u8, u32); 9] = [
        (["DA", "HA", "SA", "CA"], 1, 44),     // 4 × 11
        (["DK", "HK", "SK", "CK"], 1, 16),     // 4 × 4
        (["DQ", "HQ", "SQ", "CQ"], 1, 12),     // 4 × 3
        (["DJ", "HJ", "SJ", "CJ"], 1, 8),      // 4 × 2
        (["D10", "H10", "S10", "C10"], 1, 40), // 4 × 10
        (["D9", "H9", "S9", "C9"], 1, 0),      // 4 × 0
        (["D8", "H8", "S8", "C8"], 1, 32),     // 4 × 8
        (["D7", "H7", "S7", "C7"], 1, 0),      // 4 × 0
        (["D6", "H6", "S6", "C6"], 1, 5),      // 4 × 0 + 5 (last trick)
    ];
    assert_eq!(44 + 16 + 12 + 8 + 40 + 32 + 5, 157);
    for (i, (cards, w, p)) in tricks.into_iter().enumerate() {
        trick(&mut g, cards, w, p);
        // SA, the called card, falls in the first trick.
        assert!(g.partner_revealed(), "after trick {}", i + 1);
    }
    let sc = g.deal_score().unwrap();
    assert_eq!((sc.party_points, sc.party_tricks, sc.made), (157, 9, true));
    // The partner took no trick and still writes half.
    assert_eq!(sc.written, [0, 12, 6, 0]);
    assert_eq!(g.card_play().taken(), [0, 157, 0, 0]);
}

/// A Matsch alone in Undenufe with the suit hands, seat 1 leading his hearts from the Six up,
/// each seat throwing the same rank; `eleven` the Undenufe option. Returns the game after it.
fn matsch_alone_in_undenufe(eleven: UndenufeEleven, tricks: [u32; 9]) -> Palette {
    let mut g = game(PaletteOptions {
        undenufe_eleven: eleven,
        ..PaletteOptions::default()
    });
    g.apply_deal(suit_hands()).unwrap();
    run(&mut g, &["bid 110", "matsch-alone", "trump undenufe"]);
    assert_eq!(g.phase(), PalettePhase::Play);
    let ranks = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    for (r, p) in ranks.iter().zip(tricks) {
        let cards = ["D", "H", "S", "C"].map(|s| format!("{s}{r}"));
        trick(&mut g, cards.each_ref().map(|c| c.as_str()), 1, p);
    }
    g
}

#[test]
fn a_matsch_alone_made_in_undenufe_writes_20_and_the_six_or_the_ace_counts_11() {
    // The Six 11 (default): 6s 4 × 11 = 44, 7s 0, 8s 4 × 8 = 32, 9s 0, 10s 40, Js 8, Qs 12,
    // Ks 16, Aces 0 + 5 (last trick).
    let per_trick = [44, 0, 32, 0, 40, 8, 12, 16, 5];
    assert_eq!(per_trick.iter().sum::<u32>(), 157);
    let g = matsch_alone_in_undenufe(UndenufeEleven::Six, per_trick);
    let sc = g.deal_score().unwrap();
    assert_eq!((sc.party_points, sc.party_tricks, sc.made), (157, 9, true));
    assert_eq!(sc.written, [0, 20, 0, 0]);
    assert_eq!((g.called(), g.partner()), (None, None));
    // `undenufe_eleven` `ace`: the Sixes count nothing, the Aces 4 × 11 + 5 in the last trick.
    let per_trick = [0, 0, 32, 0, 40, 8, 12, 16, 49];
    assert_eq!(per_trick.iter().sum::<u32>(), 157);
    let g = matsch_alone_in_undenufe(UndenufeEleven::Ace, per_trick);
    assert_eq!(g.deal_score().unwrap().written, [0, 20, 0, 0]);
}

#[test]
fn a_whole_game_ends_after_its_deals_with_the_unique_most_and_fewest() {
    // One deal: seat 1's 125 made writes [0, 4, 0, 2]; the game is over; seats 0 and 2 share
    // the fewest: no loser.
    let g = worked_deal(opts_with(1, PaletteScoring::Bid), "bid 125");
    assert_eq!(g.phase(), PalettePhase::Over);
    assert_eq!(g.totals(), [0, 4, 0, 2]);
    assert_eq!((g.winner(), g.loser()), (Some(1), None));
    assert_eq!(g.observation(0).winner, Some(1));
    assert_eq!(g.public_view_json()["loser"], serde_json::Value::Null);

    // Two deals: the second dealt by seat 0, seat 1 forehand. Seat 2 bids 110 in spades and asks
    // for DA: seat 0 his partner. He leads his spades and takes all nine tricks: 157 >= 110, the
    // 110–119 step: 2 for seat 2, 1 for seat 0.
    let mut g = worked_deal(opts_with(2, PaletteScoring::Bid), "bid 125");
    g.apply_deal(suit_hands()).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (0, 1));
    run(&mut g, &["pass", "bid 110", "pass", "pass"]);
    assert_eq!(g.declarer(), Some(2));
    run(&mut g, &["trump S", "ask DA"]);
    assert_eq!(g.partner(), Some(0));
    assert_eq!(seat_to_move(&g), 2);
    // Spades trump: J 20, 9 14, A 11, 10 10, K 4, Q 3 = 62 in spades, 30 in each other suit.
    let by_rank: [(&str, u32); 9] = [
        ("J", 20 + 3 * 2),
        ("9", 14),
        ("A", 4 * 11),
        ("10", 4 * 10),
        ("K", 4 * 4),
        ("Q", 4 * 3),
        ("8", 0),
        ("7", 0),
        ("6", 5),
    ];
    assert_eq!(by_rank.iter().map(|&(_, p)| p).sum::<u32>(), 157);
    for (r, p) in by_rank {
        let cards = ["D", "H", "S", "C"].map(|s| format!("{s}{r}"));
        trick(&mut g, cards.each_ref().map(|c| c.as_str()), 2, p);
    }
    let sc = g.deal_score().unwrap();
    assert_eq!((sc.party_points, sc.party_tricks, sc.made), (157, 9, true));
    assert_eq!(sc.written, [1, 0, 2, 0]);
    assert_eq!(g.totals(), [1, 4, 2, 2]);
    assert_eq!(g.phase(), PalettePhase::Over);
    assert_eq!(g.deals_started(), 2);
    assert_eq!((g.winner(), g.loser()), (Some(1), Some(0)));
    let e = refused_deal(&mut g, suit_hands());
    assert!(e.contains("cannot deal now"), "{e}");
    let e = refused(&mut g, "play DA");
    assert!(e.contains("the game is over"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// The views.

#[test]
fn the_partner_is_hidden_until_the_called_card_falls_but_known_to_himself() {
    let mut g = game(PaletteOptions::default());
    g.apply_deal(worked_hands()).unwrap();
    run(&mut g, &AUCTION_START);
    run(&mut g, &["bid 125", "pass", "trump H"]);
    assert_eq!(partners_shown(&g), [None; 5], "no partner before the ask");
    run(&mut g, &["ask HJ"]);
    // From the ask on seat 3 knows (he holds HJ); the declarer, seats 0 and 2 and the
    // spectators do not.
    assert_eq!(partners_shown(&g), [None, None, None, Some(3), None]);
    for s in 0..4 {
        assert_eq!(g.view_json(s)["called"], "HJ", "everyone hears the ask");
        assert_eq!(g.view_json(s)["declarer"], 1);
    }
    assert_eq!(g.public_view_json()["called"], "HJ");
    // The first trick: HJ stays in seat 3's hand.
    let (cards, w, p) = WORKED_TRICKS[0];
    trick(&mut g, cards, w, p);
    assert_eq!(partners_shown(&g), [None, None, None, Some(3), None]);
    // The second trick: HA, C9 — still hidden.
    run(&mut g, &["play HA", "play C9"]);
    assert_eq!(partners_shown(&g), [None, None, None, Some(3), None]);
    // HJ falls: everyone sees it in the trick in progress, and every view names the partner
    // from that card on (004: "it is only clear when this card is played who is playing with
    // whom").
    run(&mut g, &["play HJ"]);
    for v in [
        g.view_json(0),
        g.view_json(1),
        g.view_json(2),
        g.view_json(3),
        g.public_view_json(),
    ] {
        assert!(view_cards(&v["trick"]).contains(card("HJ")));
    }
    assert!(g.partner_revealed());
    assert_eq!(partners_shown(&g), [Some(3); 5]);
    run(&mut g, &["play H8"]);
    assert!(g.partner_revealed());
    assert_eq!(partners_shown(&g), [Some(3); 5]);
    for (cards, w, p) in WORKED_TRICKS.into_iter().skip(2) {
        trick(&mut g, cards, w, p);
        assert_eq!(partners_shown(&g), [Some(3); 5]);
    }
    // After the deal too.
    assert_eq!(g.phase(), PalettePhase::Deal);
    assert_eq!(partners_shown(&g), [Some(3); 5]);
}

#[test]
fn no_view_shows_a_card_of_another_seat_not_yet_played() {
    let mut g = game(PaletteOptions::default());
    let dealt = worked_hands();
    g.apply_deal(dealt).unwrap();
    let actions: Vec<String> = AUCTION_START
        .iter()
        .map(|s| s.to_string())
        .chain(["bid 125", "pass", "trump H", "ask HJ"].map(String::from))
        .collect();
    let step = |g: &Palette| {
        let played: CardSet = g
            .trick_records()
            .iter()
            .flat_map(|t| t.cards.iter().copied())
            .chain(g.card_play().current().iter().copied())
            .collect();
        let called: CardSet = g.called().into_iter().collect();
        for s in 0..4usize {
            let seen = view_cards(&g.view_json(s));
            // Its own hand, the cards played, the called card's name: nothing else.
            assert_eq!(
                seen - g.hand(s as u8) - played - called,
                CardSet::EMPTY,
                "seat {s} in {:?}",
                g.phase()
            );
            assert!(seen.contains_all(g.hand(s as u8)), "seat {s} sees its hand");
            assert_eq!(g.observation(s).hand, g.hand(s as u8));
        }
        let public = view_cards(&g.public_view_json());
        assert_eq!(public - played - called, CardSet::EMPTY, "{:?}", g.phase());
        assert!(g.public_view_json().get("hand").is_none());
    };
    step(&g);
    for a in &actions {
        run(&mut g, &[a.as_str()]);
        step(&g);
    }
    for (by_seat, _, _) in WORKED_TRICKS {
        for _ in 0..4 {
            let s = seat_to_move(&g) as usize;
            run(&mut g, &[&format!("play {}", by_seat[s])]);
            step(&g);
        }
    }
    assert_eq!(g.phase(), PalettePhase::Deal);
}

// ---------------------------------------------------------------------------------------------
// Refusals.

#[test]
fn illegal_actions_and_wrong_deals_are_refused_with_the_reason_and_change_nothing() {
    let mut g = game(PaletteOptions::default());
    // Before the deal.
    for a in ["pass", "bid 110", "trump H", "ask HJ", "play HA"] {
        let e = refused(&mut g, a);
        assert!(e.contains("the cards must be dealt first"), "{a}: {e}");
    }
    // Wrong deals: eight cards (and ten), a card twice.
    let mut d = worked_hands();
    d[2].remove(card("CA"));
    d[3].insert(card("CA"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("seat 2 was dealt 8 cards"), "{e}");
    assert!(e.contains("nine"), "{e}");
    let mut d = worked_hands();
    d[3].remove(card("CK"));
    d[0].insert(card("CK"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("seat 0 was dealt 10 cards"), "{e}");
    let mut d = worked_hands();
    d[1].remove(card("CQ"));
    d[1].insert(card("CA"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("seat 2 was dealt CA"), "{e}");
    assert!(e.contains("another seat holds too"), "{e}");
    let e = refused_deal(&mut g, [CardSet::EMPTY; 4]);
    assert!(e.contains("seat 0 was dealt 0 cards"), "{e}");
    assert_eq!(g.deals_started(), 0);
    assert_eq!(g.phase(), PalettePhase::Deal);

    g.apply_deal(worked_hands()).unwrap();
    let e = refused_deal(&mut g, worked_hands());
    assert!(
        e.contains("cannot deal now: the game is in the Auction phase"),
        "{e}"
    );

    // The auction: bids not open.
    for b in ["bid 109", "bid 158", "bid 0", "bid 1000"] {
        let e = refused(&mut g, b);
        assert!(
            e.contains("is not a bid now") && e.contains("bid 110 to 157 points"),
            "{b}: {e}"
        );
    }
    for a in ["trump H", "ask HJ", "play H7"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Auction phase"), "{a}: {e}");
    }
    run(&mut g, &["bid 120"]);
    for b in ["bid 120", "bid 119", "bid 110", "bid 158"] {
        let e = refused(&mut g, b);
        assert!(e.contains("bid 121 to 157"), "{b}: {e}");
    }
    run(&mut g, &["bid 157"]);
    for b in ["bid 157", "bid 150", "bid 158"] {
        let e = refused(&mut g, b);
        assert!(e.contains("bid matsch or matsch-alone"), "{b}: {e}");
    }
    run(&mut g, &["matsch"]);
    for b in ["bid 157", "bid 130", "bid 110", "matsch"] {
        let e = refused(&mut g, b);
        assert!(
            e.contains("is not a bid now: bid matsch-alone, or pass"),
            "{b}: {e}"
        );
    }
    // Seat 3 passes, seat 0 and seat 1 pass: seat 2's Matsch.
    run(&mut g, &["pass", "pass", "pass"]);
    assert_eq!(g.high_bid(), Some((PaletteBid::Matsch, 2)));

    // The trump.
    assert_eq!(g.phase(), PalettePhase::Trump);
    for a in ["pass", "bid 130", "matsch-alone", "ask HJ", "play DJ"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Trump phase"), "{a}: {e}");
        assert!(e.contains("names the trump"), "{a}: {e}");
    }
    run(&mut g, &["trump C"]);

    // The ask: a card he holds; other actions.
    assert_eq!(g.phase(), PalettePhase::Ask);
    for c in ["CA", "DJ", "S6"] {
        let e = refused(&mut g, &format!("ask {c}"));
        assert!(
            e.contains(&format!("the declarer (seat 2) holds {c} himself")),
            "{c}: {e}"
        );
    }
    for a in ["pass", "trump H", "play DJ", "matsch-alone"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Ask phase"), "{a}: {e}");
    }
    run(&mut g, &["ask CK"]);
    assert_eq!(g.partner(), Some(3));

    // The play: a card not held, a card not allowed, other actions.
    assert_eq!(seat_to_move(&g), 2);
    let e = refused(&mut g, "play HA");
    assert!(e.contains("seat 2 does not hold HA"), "{e}");
    run(&mut g, &["play DQ"]);
    // Seat 3 holds DK and D9: he must follow diamonds (or trump, clubs).
    let e = refused(&mut g, "play S10");
    assert!(e.contains("may not be played"), "{e}");
    for a in ["pass", "bid 130", "trump H", "ask HA"] {
        let e = refused(&mut g, a);
        assert!(e.contains("not possible in the Play phase"), "{a}: {e}");
    }
    run(&mut g, &["play DK"]);
    assert_eq!(seat_to_move(&g), 0);
}

// ---------------------------------------------------------------------------------------------
// Properties over many seeded games.

#[derive(Default, Debug)]
struct Seen {
    deals: u32,
    thrown_in: u32,
    points_made: u32,
    points_missed: u32,
    taken_above_bid: u32,
    matsch_missed: u32,
    matsch_made: u32,
    alone: u32,
    modes: [u32; 6],
    revealed_mid_deal: u32,
    winners: u32,
    no_winner: u32,
    losers: u32,
}

/// The views at every step: no card of another seat not yet played (the called card's name is
/// public), each seat its own hand; the partner shown to everyone once the called card lies in a
/// completed trick, to himself from the ask on, to no one else before it is played.
fn check_views(g: &Palette, seen: &mut Seen) {
    let mut all = CardSet::EMPTY;
    for s in 0..4 {
        all |= g.hand(s);
    }
    let called: CardSet = g.called().into_iter().collect();
    let completed: CardSet = g
        .trick_records()
        .iter()
        .flat_map(|t| t.cards.iter().copied())
        .collect();
    let current: CardSet = g.card_play().current().iter().copied().collect();
    let partner = g.partner();
    let c = g.called();
    let in_completed = c.is_some_and(|c| completed.contains(c));
    let in_current = c.is_some_and(|c| current.contains(c));
    if in_completed && g.phase() == PalettePhase::Play {
        seen.revealed_mid_deal += 1;
    }
    for s in 0..4u8 {
        let view = g.view_json(s as usize);
        let secret = all - g.hand(s) - called;
        let shown = view_cards(&view);
        assert!(
            (shown & secret).is_empty(),
            "seat {s} sees {} in {:?}",
            shown & secret,
            g.phase()
        );
        assert_eq!(g.observation(s as usize).hand, g.hand(s));
        let p = shown_partner(&view);
        if in_completed {
            assert_eq!(p, partner, "seat {s}");
        } else if !in_current {
            let want = if partner == Some(s) { partner } else { None };
            assert_eq!(p, want, "seat {s} in {:?}", g.phase());
        }
    }
    let public = g.public_view_json();
    let shown = view_cards(&public);
    assert!(
        (shown & (all - called)).is_empty(),
        "spectators see {}",
        shown & (all - called)
    );
    if in_completed {
        assert_eq!(shown_partner(&public), partner);
    } else if !in_current {
        assert_eq!(shown_partner(&public), None);
    }
}

/// The actions offered are the rules': the open bids and pass from a seat still in the auction;
/// the six trumps; every card the declarer lacks; the legal cards, held, as `trick::legal_cards`
/// under the strict rules gives them.
fn check_legal(g: &Palette, seat: u8, legal: &ActionList<PaletteAction>) {
    let cards = legal.played_cards();
    let actions = legal.to_vec();
    match g.phase() {
        PalettePhase::Auction => {
            let auction = g.auction();
            assert!(
                !auction
                    .iter()
                    .any(|&(s, a)| s == seat && a == PaletteAction::Pass),
                "seat {seat} passed already"
            );
            let expected_first = match auction.last() {
                None => g.forehand(),
                Some(&(last, _)) => (1..=4)
                    .map(|k| (last + k) % 4)
                    .find(|&s| {
                        !auction
                            .iter()
                            .any(|&(x, a)| x == s && a == PaletteAction::Pass)
                    })
                    .unwrap(),
            };
            assert_eq!(seat, expected_first, "the next seat still in the auction");
            let mut want: Vec<PaletteAction> = match g.high_bid().map(|(b, _)| b) {
                None => points_from(110),
                Some(PaletteBid::Points(p)) => points_from(p + 1),
                Some(_) => Vec::new(),
            };
            if !matches!(g.high_bid(), Some((PaletteBid::Matsch, _))) {
                want.push(PaletteAction::Matsch);
            }
            want.extend([PaletteAction::MatschAlone, PaletteAction::Pass]);
            assert_eq!(actions, want);
        }
        PalettePhase::Trump => {
            assert_eq!(Some(seat), g.declarer());
            assert_eq!(actions.len(), 6);
        }
        PalettePhase::Ask => {
            assert_eq!(Some(seat), g.declarer());
            let asks: CardSet = actions
                .iter()
                .map(|a| match a {
                    PaletteAction::Ask { card } => *card,
                    a => panic!("{a} in the Ask phase"),
                })
                .collect();
            assert_eq!(asks, CardSet::ALL - g.hand(seat));
            assert_eq!(asks.len(), 27);
        }
        PalettePhase::Play => {
            let p = g.card_play();
            check_legal_cards(legal, g.hand(seat), p.current(), p.mode());
        }
        ph => panic!("a seat to move in the {ph:?} phase"),
    }
    if g.phase() != PalettePhase::Play {
        assert!(cards.is_empty());
    }
}

/// A deal just over: its figures, against `start` (the totals when it was dealt).
fn check_deal(g: &Palette, start: [i64; 4], seen: &mut Seen) {
    seen.deals += 1;
    if g.thrown_in() {
        seen.thrown_in += 1;
        assert_eq!((g.high_bid(), g.declarer()), (None, None));
        assert_eq!(g.deal_score(), None);
        assert_eq!(g.totals(), start, "a deal thrown in writes nothing");
        let auction = g.auction();
        assert_eq!(auction.len(), 4);
        assert!(auction.iter().all(|&(_, a)| a == PaletteAction::Pass));
        return;
    }
    let (bid, declarer) = g.high_bid().expect("a declarer");
    assert_eq!(g.declarer(), Some(declarer));
    let dealt = g.dealt();
    let partner = g.partner();
    if bid == PaletteBid::MatschAlone {
        seen.alone += 1;
        assert_eq!((g.called(), partner), (None, None));
    } else {
        let c = g.called().expect("a card asked for");
        assert!(!dealt[declarer as usize].contains(c));
        let holder = (0..4u8).find(|&s| dealt[s as usize].contains(c));
        assert_eq!(partner, holder);
        assert_ne!(partner, Some(declarer));
    }
    let mode = g.trump().expect("a trump");
    seen.modes[mode.index()] += 1;
    assert_eq!(g.card_play().mode(), mode);
    let eleven = g.options().undenufe_eleven;
    // Every trick's points from its cards; the declarer leads the first, the winner the next.
    let records = g.trick_records();
    assert_eq!(records.len(), 9);
    assert_eq!(records[0].leader, declarer);
    let mut taken = [0u32; 4];
    let mut tricks = [0u8; 4];
    let mut cards = CardSet::EMPTY;
    for (i, r) in records.iter().enumerate() {
        if i > 0 {
            assert_eq!(r.leader, records[i - 1].winner);
        }
        assert_eq!(r.cards.len(), 4);
        let bonus = if i == 8 { 5 } else { 0 };
        let by_values: u32 = r.cards.iter().map(|&c| value_with(c, mode, eleven)).sum();
        assert_eq!(r.points, by_values + bonus, "{r:?} in {mode}");
        taken[r.winner as usize] += r.points;
        tricks[r.winner as usize] += 1;
        cards |= r.cards.iter().copied().collect::<CardSet>();
    }
    assert_eq!(cards, CardSet::ALL);
    assert_eq!(
        taken.iter().sum::<u32>(),
        157,
        "every played deal makes 157"
    );
    assert_eq!(g.card_play().taken(), taken);
    // The party: the declarer and the holder of the called card.
    let party = |s: u8| s == declarer || Some(s) == partner;
    let party_points: u32 = (0..4u8)
        .filter(|&s| party(s))
        .map(|s| taken[s as usize])
        .sum();
    let party_tricks: u8 = (0..4u8)
        .filter(|&s| party(s))
        .map(|s| tricks[s as usize])
        .sum();
    let sc = g.deal_score().expect("a score");
    assert_eq!(sc.party_points, party_points);
    assert_eq!(sc.party_tricks, party_tricks);
    let made = match bid {
        PaletteBid::Points(p) => party_points >= p,
        _ => party_tricks == 9,
    };
    assert_eq!(sc.made, made, "{bid} with {party_points} in {party_tricks}");
    let worth = match bid {
        PaletteBid::Points(p) => {
            if made {
                seen.points_made += 1;
            } else {
                seen.points_missed += 1;
            }
            if made && g.options().scoring == PaletteScoring::Taken {
                if level(party_points) > level(p) {
                    seen.taken_above_bid += 1;
                }
                level(party_points)
            } else {
                level(p)
            }
        }
        PaletteBid::Matsch => {
            if made {
                seen.matsch_made += 1;
            } else {
                seen.matsch_missed += 1;
            }
            12
        }
        PaletteBid::MatschAlone => 20,
    };
    let signed = if made { worth } else { -worth };
    let mut want = [0i64; 4];
    want[declarer as usize] = signed;
    if let Some(p) = partner {
        assert_eq!(signed % 2, 0);
        want[p as usize] = signed / 2;
    }
    assert_eq!(sc.written, want, "{bid} with {party_points}");
    for s in 0..4 {
        assert_eq!(g.totals()[s], start[s] + want[s], "the totals add up");
    }
}

/// The unique seat with the most (by `key`) of `totals`, if any.
fn unique_best(totals: [i64; 4], key: impl Fn(i64) -> i64) -> Option<u8> {
    let best = totals.iter().map(|&t| key(t)).max().unwrap();
    let at: Vec<u8> = (0..4u8)
        .filter(|&s| key(totals[s as usize]) == best)
        .collect();
    (at.len() == 1).then(|| at[0])
}

/// A random game's checks and choices, `start` the totals when the deal was dealt.
struct RandomGame<'a> {
    seen: &'a mut Seen,
    start: [i64; 4],
}

impl Driver<Palette> for RandomGame<'_> {
    fn step(&mut self, g: &Palette) {
        check_views(g, self.seen);
    }

    fn dealing(&mut self, _: &Palette, d: &[CardSet; 4]) {
        let all = d.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        assert_eq!(all, CardSet::ALL);
        assert!(d.iter().all(|h| h.len() == 9));
    }

    fn dealt(&mut self, g: &Palette, deals: u32) {
        assert_eq!(g.deals_started(), deals);
        assert_eq!(
            u32::from(g.dealer()),
            (2 + deals) % 4,
            "seat 3 first, to the left"
        );
        assert_eq!(seat_to_move(g), g.forehand());
        self.start = g.totals();
    }

    fn choose(
        &mut self,
        g: &Palette,
        seat: usize,
        legal: &ActionList<PaletteAction>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> PaletteAction {
        check_legal(g, seat as u8, legal);
        let r = uniform_below(rng, 100);
        let random = legal.get(uniform_below(rng, legal.len() as u32) as usize);
        let has = |a: PaletteAction| legal.contains(&a);
        let lowest = legal.get(0);
        match g.phase() {
            // Pass often enough that cards are thrown in now and then; bid low mostly, a Matsch
            // now and then, a Matsch alone seldom.
            PalettePhase::Auction if r < 45 => PaletteAction::Pass,
            PalettePhase::Auction if r < 80 && matches!(lowest, PaletteAction::Bid { .. }) => {
                lowest
            }
            PalettePhase::Auction if r < 94 => random,
            PalettePhase::Auction if r < 98 && has(PaletteAction::Matsch) => PaletteAction::Matsch,
            PalettePhase::Auction if r >= 98 => PaletteAction::MatschAlone,
            PalettePhase::Auction => PaletteAction::Pass,
            // The declarer's party plays its strongest card half the time (in its suit, trumps
            // above), so that bids are made too.
            PalettePhase::Play
                if r < 50
                    && (g.declarer() == Some(seat as u8) || g.partner() == Some(seat as u8)) =>
            {
                let mode = g.card_play().mode();
                let lead = g.card_play().current().first().map(|c| c.suit());
                legal
                    .iter()
                    .max_by_key(|a| match a {
                        PaletteAction::Play { card } => {
                            mode.trick_key(*card, lead.unwrap_or(card.suit()))
                        }
                        _ => 0,
                    })
                    .unwrap()
            }
            _ => random,
        }
    }

    /// A deal just over: the phase is `Deal` or `Over`.
    fn deal_over(&mut self, g: &Palette) {
        assert!(matches!(g.phase(), PalettePhase::Deal | PalettePhase::Over));
        check_deal(g, self.start, self.seen);
    }
}

fn random_game(opts: PaletteOptions, seed: u64, seen: &mut Seen) {
    let mut g = game(opts);
    let mut checks = RandomGame {
        seen,
        start: [0; 4],
    };
    let deals = drive(&mut g, seed, seed ^ 0x09a1_e77e, opts.deals, &mut checks);
    let seen = checks.seen;
    // The end: exactly `deals` deals; the unique most wins, the unique fewest loses.
    assert_eq!(deals, opts.deals);
    assert_eq!(g.deals_started(), opts.deals);
    assert!(g.is_terminal());
    let totals = g.totals();
    assert_eq!(g.winner(), unique_best(totals, |t| t));
    assert_eq!(g.loser(), unique_best(totals, |t| -t));
    match g.winner() {
        Some(_) => seen.winners += 1,
        None => seen.no_winner += 1,
    }
    if g.loser().is_some() {
        seen.losers += 1;
    }
}

fn option_sets() -> Vec<PaletteOptions> {
    let base = PaletteOptions::default();
    vec![
        base,
        PaletteOptions {
            scoring: PaletteScoring::Taken,
            ..base
        },
        PaletteOptions {
            deals: 12,
            undenufe_eleven: UndenufeEleven::Ace,
            ..base
        },
        PaletteOptions {
            deals: 3,
            scoring: PaletteScoring::Taken,
            undenufe_eleven: UndenufeEleven::Ace,
        },
    ]
}

#[test]
fn properties_over_many_seeded_games() {
    let mut seen = Seen::default();
    for (k, opts) in option_sets().into_iter().enumerate() {
        for seed in 0..50u64 {
            random_game(opts, seed * 37 + k as u64 * 10_000, &mut seen);
        }
    }
    // The games reached every case checked above.
    assert!(seen.deals > 1000, "{seen:?}");
    assert!(seen.thrown_in > 0, "{seen:?}");
    assert!(seen.points_made > 20 && seen.points_missed > 20, "{seen:?}");
    assert!(seen.taken_above_bid > 0, "{seen:?}");
    assert!(
        seen.matsch_missed > 0 && seen.matsch_made > 0 && seen.alone > 0,
        "{seen:?}"
    );
    assert!(seen.modes.iter().all(|&n| n > 0), "{seen:?}");
    assert!(seen.revealed_mid_deal > 0, "{seen:?}");
    assert!(seen.winners > 0 && seen.losers > 0, "{seen:?}");
}

// ---------------------------------------------------------------------------------------------
// Records.

#[test]
fn random_games_are_recorded_checked_and_read_back() {
    let mut seen_alone = 0;
    for (k, opts) in option_sets().into_iter().enumerate() {
        for seed in 0..6u64 {
            let seed = seed + 100 * k as u64;
            let mut ps = random_players(4, seed * 7);
            let rec = play_recorded(opts, seed, &mut ps).unwrap();
            rec.check()
                .unwrap_or_else(|e| panic!("options {k} seed {seed}: {e}"));
            read_back(&rec, "palette");
            let pretty: PaletteRecord =
                GameRecord::from_value(serde_json::from_str(&rec.to_json_pretty()).unwrap())
                    .unwrap();
            assert_eq!(pretty, rec);
            // The deals: dealer seat 3 first and to the left; the figures add up.
            assert_eq!(rec.deals.len() as u32, opts.deals);
            let mut totals = [0i64; 4];
            for (i, d) in rec.deals.iter().enumerate() {
                assert_eq!(d.number as usize, i + 1);
                assert_eq!(d.dealer as usize, (3 + i) % 4);
                assert_eq!(d.start.forehand, (d.dealer + 1) % 4);
                for (t, w) in totals.iter_mut().zip(d.result.written) {
                    *t += w;
                }
                assert_eq!(d.result.totals, totals);
                match d.settled.declarer {
                    None => {
                        assert!(d.tricks.is_empty());
                        assert_eq!(d.result.written, [0; 4]);
                        assert_eq!(d.result.party_points, None);
                    }
                    Some(decl) => {
                        assert_eq!(d.tricks.len(), 9);
                        let sum: u32 = d.tricks.iter().map(|t| t.points).sum();
                        assert_eq!(sum, 157);
                        if d.settled.bid == Some(PaletteBid::MatschAlone) {
                            seen_alone += 1;
                            assert_eq!(d.settled.partner, None);
                        } else {
                            let c = d.settled.called.unwrap();
                            let p = d.settled.partner.unwrap();
                            assert!(d.hands[p as usize].contains(c));
                            assert_ne!(p, decl);
                        }
                    }
                }
            }
            assert_eq!(rec.result.totals, totals);
            assert_eq!(rec.result.winner, unique_best(totals, |t| t));
            assert_eq!(rec.result.loser, unique_best(totals, |t| -t));
        }
    }
    assert!(
        seen_alone > 0,
        "random players bid a Matsch alone now and then"
    );
}

/// A record of a random game of three deals, one of them played with a partner, to tamper with.
fn worked_record() -> PaletteRecord {
    let opts = opts_with(3, PaletteScoring::Bid);
    for seed in 0..50u64 {
        let rec = play_recorded(opts, seed, &mut random_players(4, seed)).unwrap();
        if rec
            .deals
            .iter()
            .any(|d| d.settled.partner.is_some() && !d.tricks.is_empty())
        {
            return rec;
        }
    }
    panic!("no record with a partner");
}

#[test]
fn a_tampered_record_is_refused() {
    let rec = worked_record();
    rec.check().unwrap();
    let i = rec
        .deals
        .iter()
        .position(|d| d.settled.partner.is_some())
        .unwrap();
    // A card played changed for one another seat holds.
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    let j = d
        .actions
        .iter()
        .position(|a| matches!(a.action, PaletteAction::Play { .. }))
        .unwrap();
    let seat = d.actions[j].seat as usize;
    let other = d.hands[(seat + 1) % 4].first().unwrap();
    d.actions[j].action = PaletteAction::Play { card: other };
    let e = wrong.check().unwrap_err().to_string();
    assert!(e.contains(&format!("deal {}", i + 1)), "{e}");
    // A card of the hands swapped between two seats.
    let mut wrong = rec.clone();
    let (a, b) = (
        wrong.deals[i].hands[0].first().unwrap(),
        wrong.deals[i].hands[1].first().unwrap(),
    );
    wrong.deals[i].hands[0].remove(a);
    wrong.deals[i].hands[0].insert(b);
    wrong.deals[i].hands[1].remove(b);
    wrong.deals[i].hands[1].insert(a);
    assert!(wrong.check().is_err(), "a card of the hands");
    // The cards of a trick recorded in another order.
    let mut wrong = rec.clone();
    wrong.deals[i].tricks[0].cards.swap(0, 1);
    assert!(wrong.check().is_err(), "a trick's cards");
    // The partner.
    let mut wrong = rec.clone();
    let p = wrong.deals[i].settled.partner.unwrap();
    wrong.deals[i].settled.partner = Some((p + 1) % 4);
    let e = wrong.check().unwrap_err().to_string();
    assert!(e.contains("partner"), "{e}");
    let mut wrong = rec.clone();
    wrong.deals[i].settled.partner = None;
    assert!(wrong.check().is_err(), "the partner left out");
    // The called card: a card the declarer holds is refused where it is asked.
    let mut wrong = rec.clone();
    let decl = wrong.deals[i].settled.declarer.unwrap();
    let own = wrong.deals[i].hands[decl as usize].first().unwrap();
    let k = wrong.deals[i]
        .actions
        .iter()
        .position(|a| matches!(a.action, PaletteAction::Ask { .. }))
        .unwrap();
    wrong.deals[i].actions[k].action = PaletteAction::Ask { card: own };
    let e = wrong.check().unwrap_err().to_string();
    assert!(e.contains("holds") && e.contains("himself"), "{e}");
    let mut wrong = rec.clone();
    let c = wrong.deals[i].settled.called.unwrap();
    let other = (CardSet::ALL - CardSet::single(c)).first().unwrap();
    wrong.deals[i].settled.called = Some(other);
    assert!(wrong.check().is_err(), "the called card");
    // A bid not open.
    let mut wrong = rec.clone();
    let first = wrong
        .deals
        .iter_mut()
        .flat_map(|d| d.actions.iter_mut())
        .find(|a| matches!(a.action, PaletteAction::Bid { .. }))
        .unwrap();
    first.action = bid(109);
    let e = wrong.check().unwrap_err().to_string();
    assert!(e.contains("not a bid"), "{e}");
    // Figures.
    let mut wrong = rec.clone();
    wrong.deals[i].result.written[0] += 1;
    let e = wrong.check().unwrap_err().to_string();
    assert!(e.contains("written"), "{e}");
    let mut wrong = rec.clone();
    wrong.deals[i].result.party_points = wrong.deals[i].result.party_points.map(|p| p + 1);
    assert!(wrong.check().is_err(), "the party's points");
    let mut wrong = rec.clone();
    wrong.deals[i].result.party_tricks = wrong.deals[i].result.party_tricks.map(|t| t - 1);
    assert!(wrong.check().is_err(), "the party's tricks");
    let mut wrong = rec.clone();
    wrong.deals[i].result.made = wrong.deals[i].result.made.map(|m| !m);
    assert!(wrong.check().is_err(), "made");
    let mut wrong = rec.clone();
    wrong.deals[i].result.totals[2] -= 2;
    assert!(wrong.check().is_err(), "a deal's totals");
    let mut wrong = rec.clone();
    wrong.deals[i].tricks[0].points += 1;
    assert!(wrong.check().is_err(), "a trick's points");
    let mut wrong = rec.clone();
    wrong.result.totals[1] += 1;
    assert!(wrong.check().is_err(), "the totals");
    let mut wrong = rec.clone();
    wrong.result.winner = Some(wrong.result.winner.map_or(0, |w| (w + 1) % 4));
    assert!(wrong.check().is_err(), "the winner");
    let mut wrong = rec.clone();
    wrong.result.loser = Some(wrong.result.loser.map_or(0, |l| (l + 1) % 4));
    assert!(wrong.check().is_err(), "the loser");
    // The dealer.
    let mut wrong = rec.clone();
    wrong.deals[0].dealer = 0;
    wrong.deals[0].start.forehand = 1;
    let e = wrong.check().unwrap_err().to_string();
    assert!(
        e.contains("dealer is recorded as 0, the engine finds 3"),
        "{e}"
    );
    // A deal left out: the game is not over.
    let mut wrong = rec.clone();
    wrong.deals.pop();
    let e = wrong.check().unwrap_err().to_string();
    assert!(e.contains("the game has 3"), "{e}");
}

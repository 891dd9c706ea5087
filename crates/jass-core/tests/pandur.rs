//! Pandur (004 "Pandur"; JassWiki "Pandur", "Pandur (3 Spieler)"): two deals worked by hand (the
//! auction from forehand, the trump named, the melds after the first trick, the marriage, a
//! contract made and one lost, credited to the opponents and the dealer who sits out), the ladder
//! of bids, Misère and Pandur with and without trump (the trump Misère's duty to trump), cards
//! thrown in, three players and four, the dealing, the dealer's inheritance near the target,
//! 004's ending (each player drops out, safe, upon reaching the target, the game going on by
//! three, then two with eight cards aside, until the last one left in loses), properties over
//! many seeded games and records played, checked and read back.

mod common;

use common::{
    cards_in, drive, legal, legal_actions, play, points_of, random_players, read_back, refused,
    refused_action, run, set, Driver,
};
use jass_core::deal::{uniform_below, SeededDealer};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::pandur::{
    play_recorded, Pandur, PandurAction, PandurContract, PandurOptions, PandurPhase, PandurRecord,
    ShownMelds, PACK,
};
use jass_core::record::GameRecord;
use jass_core::trick::legal_cards;
use jass_core::weis::Weis;
use jass_core::{Card, CardSet, Mode, Rank, Suit, TrickRules};
use rand_xoshiro::Xoshiro256PlusPlus;

// ---------------------------------------------------------------------------------------------
// Helpers.

/// Hands by seat from text; `""` for a seat dealt nothing.
fn hands(h: [&str; 4]) -> [CardSet; 4] {
    h.map(|s| if s.is_empty() { CardSet::EMPTY } else { set(s) })
}

fn game(opts: PandurOptions) -> Pandur {
    Pandur::new(opts).unwrap()
}

fn with_target(target: u32) -> PandurOptions {
    PandurOptions {
        target,
        ..PandurOptions::default()
    }
}

/// Plays the deal to its end, every seat its first legal card; the seats that played, in turn.
fn play_out(g: &mut Pandur) -> Vec<u8> {
    let mut seats = Vec::new();
    while g.phase() == PandurPhase::Play {
        let ToMove::Seat(s) = g.to_move() else {
            panic!("a seat plays")
        };
        seats.push(s as u8);
        let c = legal(g).first().unwrap();
        g.apply(PandurAction::Play { card: c }).unwrap();
    }
    seats
}

/// The active seats of a deal dealt by `dealer`, forehand first.
fn active(players: u8, dealer: u8) -> [u8; 3] {
    [1, 2, 3].map(|k| (dealer + k) % players)
}

/// Seat `strong` holds the six diamonds and the Aces of hearts and spades (it takes every trick
/// leading its cards from the lowest, whatever the contract); the two other active seats hold
/// the rest of the pack, the dealer who sits out nothing.
fn strong_deal(players: u8, dealer: u8, strong: u8) -> [CardSet; 4] {
    strong_hands(&active(players, dealer), strong)
}

/// As `strong_deal`, to the seats `seats` (two or three; `strong` among them): the others hold
/// the rest of the pack eight by eight, in pack order (with two, the last eight lie aside), the
/// seats not listed nothing.
fn strong_hands(seats: &[u8], strong: u8) -> [CardSet; 4] {
    let cards = set("D9 D10 DJ DQ DK DA HA SA");
    let rest: Vec<Card> = (PACK - cards).iter().collect();
    let mut h = [CardSet::EMPTY; 4];
    h[strong as usize] = cards;
    for (k, &s) in seats.iter().filter(|&&s| s != strong).enumerate() {
        h[s as usize] = rest[8 * k..8 * (k + 1)].iter().copied().collect();
    }
    h
}

/// The two Nines and Tens of every suit (the lowest cards of the pack at no trump) for `low`, the
/// Jacks and Queens for the next active seat, the Kings and Aces for the last: every seat holds
/// two cards of each suit, so every trick is of one suit and the low seat never takes one.
fn low_deal(players: u8, dealer: u8, low: u8) -> [CardSet; 4] {
    let seats = active(players, dealer);
    let at = seats.iter().position(|&s| s == low).unwrap();
    let mut h = [CardSet::EMPTY; 4];
    for (k, cards) in [
        "D9 D10 H9 H10 S9 S10 C9 C10",
        "DJ DQ HJ HQ SJ SQ CJ CQ",
        "DK DA HK HA SK SA CK CA",
    ]
    .iter()
    .enumerate()
    {
        h[seats[(at + k) % 3] as usize] = set(cards);
    }
    h
}

/// 004's game value of a contract: "the bid divided by 50 (maximum 6). Misère count 4, Pandur
/// 5, Trump Pandur 6"; the trump Misère, which 004 does not value, as the Misère.
fn value_004(c: PandurContract) -> u32 {
    match c {
        PandurContract::Points(n) => (n / 50).min(6),
        PandurContract::Misere | PandurContract::TrumpMisere => 4,
        PandurContract::Pandur => 5,
        PandurContract::TrumpPandur => 6,
    }
}

/// The points of these cards (as in Schieber: `common::points_of`) under `trump`; without trump
/// at Obenabe's values (the 24-card pack has no Six, Seven or Eight): every suit A 11, K 4, Q 3,
/// J 2, 10 10, 9 0.
fn card_points(cards: CardSet, trump: Option<Suit>) -> u32 {
    points_of(cards, trump.map_or(Mode::Obenabe, Mode::Trump))
}

/// A meld's comparison key by 004's "pecking order … value, length, height, trump" (position
/// decides the rest).
type MeldKey = (u32, u32, u32, bool);

/// 004's melds of a hand of the 24-card pack under `trump`: "Four Jacks: scores 200, Four 9's:
/// 150, Five or more in suit sequence: 100, Four A, K, Q, 10: 100, Four in suit sequence: 50,
/// Three in suit sequence: 20" with Pandur's "sequence of six … counting 150", and "A card may
/// not be used in two melds at once": the most the hand scores, and the key of its best meld.
fn melds_004(hand: CardSet, trump: Suit) -> (u32, MeldKey) {
    let run_value = |len: u32| match len {
        3 => 20,
        4 => 50,
        5 => 100,
        6 => 150,
        _ => 0,
    };
    let four_value = |r: Rank| match r {
        Rank::Jack => 200,
        Rank::Nine => 150,
        _ => 100,
    };
    let ranks = [
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];
    let fours: Vec<Rank> = ranks
        .iter()
        .copied()
        .filter(|&r| Suit::ALL.iter().all(|&s| hand.contains(Card::new(s, r))))
        .collect();
    // The maximal runs of each suit in `cards`: (suit, length, top rank index).
    let runs = |cards: CardSet| {
        let mut out = Vec::new();
        for s in Suit::ALL {
            let mut len = 0u32;
            for (i, &r) in ranks.iter().enumerate() {
                if cards.contains(Card::new(s, r)) {
                    len += 1;
                }
                let ends = i + 1 == ranks.len() || !cards.contains(Card::new(s, ranks[i + 1]));
                if len > 0 && ends {
                    if len >= 3 {
                        out.push((s, len, r as u32));
                    }
                    len = 0;
                }
            }
        }
        out
    };
    let mut best_total = 0;
    for mask in 0..(1u32 << fours.len()) {
        let mut rest = hand;
        let mut total = 0;
        for (i, &r) in fours.iter().enumerate() {
            if mask & (1 << i) != 0 {
                total += four_value(r);
                for s in Suit::ALL {
                    rest.remove(Card::new(s, r));
                }
            }
        }
        total += runs(rest)
            .iter()
            .map(|&(_, len, _)| run_value(len))
            .sum::<u32>();
        best_total = best_total.max(total);
    }
    let mut best_key: MeldKey = (0, 0, 0, false);
    for &r in &fours {
        best_key = best_key.max((four_value(r), 4, r as u32, false));
    }
    for (s, len, top) in runs(hand) {
        best_key = best_key.max((run_value(len), len, top, s == trump));
    }
    (best_total, best_key)
}

// ---------------------------------------------------------------------------------------------
// Two deals worked by hand.

/// Deal 1 (seat 3 deals and sits out): seat 0 holds the Jack to the Ace of hearts (50) with the
/// King and Queen (the marriage) and the Nine; seat 1 and seat 2 hold sequences of three (20).
const DEAL_1: [&str; 4] = [
    "HJ H9 HA HK HQ SA SK D9",
    "H10 S9 S10 C9 C10 CJ DA DJ",
    "SJ SQ CQ CK CA D10 DQ DK",
    "",
];

/// Deal 2 (seat 0 deals and sits out): seat 1 holds the four Aces (100), seat 2 (the soloist)
/// the Nine to the Queen of spades (50), seat 3 the Nine to the Queen of clubs (50).
const DEAL_2: [&str; 4] = [
    "",
    "HA HK H10 DA D10 SA SK CA",
    "S9 S10 SJ SQ DJ D9 H9 CK",
    "C9 C10 CJ CQ HJ HQ DQ DK",
];

/// Deal 1 to its end: 150 in hearts by seat 0, made with 142 card points, 50 for the melds and
/// 20 for the marriage.
fn worked_deal_1(g: &mut Pandur) {
    g.apply_deal(hands(DEAL_1)).unwrap();
    run(
        g,
        &["bid 100", "bid 110", "pass", "bid 150", "pass", "trump H"],
    );
    play(g, "HJ H10 D10");
    play(g, "H9 C9 CQ");
    play(g, "D9 DA DK");
    play(g, "C10 CA HK");
    play(g, "HA DJ DQ");
    play(g, "SA S9 SJ");
    play(g, "SK S10 SQ");
    play(g, "HQ CJ CK");
}

/// Deal 2 to its end: 100 in diamonds by seat 2, lost with 62 card points (the four Aces of
/// seat 1 stop the soloist's melds).
fn worked_deal_2(g: &mut Pandur) {
    g.apply_deal(hands(DEAL_2)).unwrap();
    run(g, &["pass", "bid 100", "pass", "trump D"]);
    play(g, "DJ DK D10");
    play(g, "D9 DQ DA");
    play(g, "S9 C9 SA");
    play(g, "HA H9 HJ");
    play(g, "HK SJ HQ");
    play(g, "CA CK C10");
    play(g, "SK S10 CJ");
    play(g, "H10 SQ CQ");
}

/// 004: "Each in turn, starting with eldest, may bid or pass, and having passed may not come in
/// again. The lowest bid is 100 and higher bids must be multiple of 10. A numerical bid is the
/// minimum amount the soloist undertakes to make for "marriages, melds and tricks" in return
/// for nominating trumps and leading to the first trick." "Only the soloist may score for
/// melds, provided that he has the best." "If successful, the soloist wins a number of game
/// points equivalent to the bid divided by 50."
#[test]
fn a_numerical_contract_worked_by_hand_is_made_with_melds_and_marriage() {
    let mut g = game(PandurOptions::default());
    g.apply_deal(hands(DEAL_1)).unwrap();
    // "The scorekeeper deals first … each in turn sits out the hand to which he deals": seat 3
    // deals, seat 0 (forehand, eldest) speaks first.
    assert_eq!((g.dealer(), g.forehand()), (3, 0));
    assert_eq!(g.active(), [0, 1, 2]);
    assert_eq!(g.phase(), PandurPhase::Auction);
    assert_eq!(g.to_move(), ToMove::Seat(0));
    let e = "bid 90".parse::<PandurAction>().unwrap_err().to_string();
    assert!(e.contains("90 is not a bid"), "{e}");
    let e = refused_action(
        &mut g,
        PandurAction::Call {
            contract: PandurContract::Points(90),
        },
    );
    assert!(e.contains("90 is not a bid"), "{e}");
    let e = refused_action(
        &mut g,
        PandurAction::Call {
            contract: PandurContract::Points(105),
        },
    );
    assert!(e.contains("steps of 10"), "{e}");
    run(&mut g, &["bid 100"]);
    assert_eq!(g.to_move(), ToMove::Seat(1));
    let e = refused(&mut g, "bid 100");
    assert!(
        e.contains("is not above the last bid, 100 by seat 0"),
        "{e}"
    );
    let e = refused(&mut g, "trump H");
    assert!(e.contains("not possible in the Auction phase"), "{e}");
    run(&mut g, &["bid 110"]);
    assert_eq!(g.to_move(), ToMove::Seat(2));
    run(&mut g, &["pass"]);
    // Seat 2 passed and speaks no more; the dealer, seat 3, never speaks.
    assert_eq!(g.to_move(), ToMove::Seat(0));
    run(&mut g, &["bid 150"]);
    assert_eq!(
        g.to_move(),
        ToMove::Seat(1),
        "seat 2, who passed, is skipped"
    );
    assert_eq!(g.bid(), Some((PandurContract::Points(150), 0)));
    run(&mut g, &["pass"]);
    // The auction is over: the soloist names the trump.
    assert_eq!(g.phase(), PandurPhase::Trump);
    assert_eq!(g.to_move(), ToMove::Seat(0));
    assert_eq!(
        g.auction()
            .iter()
            .map(|&(s, a)| format!("{s}:{a}"))
            .collect::<Vec<_>>(),
        ["0:call 100", "1:call 110", "2:pass", "0:call 150", "1:pass"]
    );
    let e = refused(&mut g, "play HJ");
    assert!(e.contains("not possible in the Trump phase"), "{e}");
    assert_eq!(legal_actions(&g).len(), 4, "any of the four suits");
    run(&mut g, &["trump H"]);
    assert_eq!(g.trump(), Some(Suit::H));
    assert_eq!(g.phase(), PandurPhase::Play);
    // "leading to the first trick".
    assert_eq!(g.to_move(), ToMove::Seat(0));
    assert_eq!(legal(&g), g.hand(0));
    play(&mut g, "HJ");
    // Trumps led: seat 1 must follow with its one trump (not the Puur).
    assert_eq!(legal(&g), set("H10"));
    let e = refused(&mut g, "play S9");
    assert!(e.contains("may not be played"), "{e}");
    play(&mut g, "H10");
    assert_eq!(legal(&g), g.hand(2), "void in trumps: any card");
    assert!(
        g.shown_melds().is_none(),
        "melds are resolved after the first trick"
    );
    play(&mut g, "D10");
    // After the first trick: seat 0's Jack to Ace of hearts (50) beats the opponents' best (20
    // each) and scores.
    // The soloist's Jack takes 40: Jack 20, Ten of trumps 10, Ten of diamonds 10.
    assert_eq!(
        g.completed_trick(0),
        (0, ["HJ", "H10", "D10"].map(common::card).to_vec(), 0, 40)
    );
    let shown = g.shown_melds().unwrap();
    assert_eq!(
        shown,
        ShownMelds {
            seat: 0,
            weis: shown.weis,
            scored: true
        }
    );
    assert_eq!(
        shown.weis.iter().collect::<Vec<_>>(),
        vec!["HJ HQ HK HA".parse::<Weis>().unwrap()]
    );
    assert_eq!(g.tally().melds, 50);
    let public = g.public_view_json();
    assert_eq!(public["melds"]["seat"], 0);
    assert_eq!(public["melds"]["scored"], true);
    play(&mut g, "H9 C9 CQ");
    // A plain suit led: follow suit (no trump in hand).
    play(&mut g, "D9");
    assert_eq!(legal(&g), set("DA DJ"));
    play(&mut g, "DA");
    assert_eq!(legal(&g), set("DQ DK"));
    play(&mut g, "DK");
    assert_eq!(g.completed_trick(2).2, 1, "the Ace heads its suit");
    // Seat 1 leads clubs; seat 0, void, may trump or throw any card.
    play(&mut g, "C10 CA");
    assert_eq!(legal(&g), g.hand(0));
    play(&mut g, "HK");
    play(&mut g, "HA DJ DQ");
    play(&mut g, "SA S9 SJ");
    play(&mut g, "SK S10 SQ");
    play(&mut g, "HQ CJ CK");
    assert_eq!(g.phase(), PandurPhase::Deal);
    let t = g.tally();
    assert_eq!(t.card_points, [142, 15, 0, 0]);
    assert_eq!(t.tricks, [7, 1, 0, 0]);
    assert_eq!(t.melds, 50);
    assert_eq!(
        t.stoeck, 20,
        "the trump King and Queen dealt to the soloist"
    );
    assert_eq!(t.counted, 142 + 50 + 20);
    assert_eq!(t.made, Some(true));
    // 150 / 50 = 3, to the soloist alone.
    assert_eq!(t.written, [3, 0, 0, 0]);
    assert_eq!(g.totals(), [3, 0, 0, 0]);
}

/// 004: "if an opponent has a better meld, it does not score itself but only prevents the
/// soloist from scoring"; "For a failed bid, the game value is credited to each opponent. …
/// If four play, the dealer gets the value of a failed bid, but not if he stands at 13 or 14
/// points."
#[test]
fn a_numerical_contract_worked_by_hand_is_lost_and_credited_to_the_opponents_and_the_dealer() {
    let mut g = game(PandurOptions::default());
    worked_deal_1(&mut g);
    g.apply_deal(hands(DEAL_2)).unwrap();
    // The deal turns: seat 0 deals and sits out, seat 1 speaks first.
    assert_eq!((g.dealer(), g.forehand()), (0, 1));
    assert_eq!(g.active(), [1, 2, 3]);
    assert_eq!(g.hand(0), CardSet::EMPTY);
    assert_eq!(g.observation(0).hand, CardSet::EMPTY);
    assert_eq!(g.to_move(), ToMove::Seat(1));
    run(&mut g, &["pass", "bid 100"]);
    assert_eq!(
        g.to_move(),
        ToMove::Seat(3),
        "after seat 3 comes seat 1, not the dealer"
    );
    run(&mut g, &["pass"]);
    assert_eq!(g.phase(), PandurPhase::Trump);
    run(&mut g, &["trump D"]);
    // The soloist leads, though seat 1 is forehand.
    assert_eq!(g.to_move(), ToMove::Seat(2));
    play(&mut g, "DJ");
    assert_eq!(legal(&g), set("DQ DK"));
    play(&mut g, "DK");
    assert_eq!(legal(&g), set("DA D10"));
    play(&mut g, "D10");
    // Seat 1's four Aces (100) beat the soloist's sequence of four (50): shown, not scored.
    let shown = g.shown_melds().unwrap();
    assert_eq!((shown.seat, shown.scored), (1, false));
    assert_eq!(
        shown.weis.iter().collect::<Vec<_>>(),
        vec![Weis::Four(Rank::Ace)]
    );
    assert_eq!(g.tally().melds, 0);
    play(&mut g, "D9 DQ DA");
    play(&mut g, "S9 C9");
    assert_eq!(legal(&g), set("SA SK"));
    play(&mut g, "SA");
    play(&mut g, "HA H9 HJ");
    play(&mut g, "HK");
    assert_eq!(legal(&g), g.hand(2), "void in hearts and trumps: any card");
    play(&mut g, "SJ HQ");
    play(&mut g, "CA CK C10");
    play(&mut g, "SK S10 CJ");
    play(&mut g, "H10 SQ CQ");
    let t = g.tally();
    assert_eq!(t.card_points, [0, 95, 62, 0]);
    assert_eq!(t.tricks, [0, 6, 2, 0]);
    assert_eq!(
        (t.melds, t.stoeck),
        (0, 0),
        "the marriage is seat 3's, no soloist's"
    );
    assert_eq!(t.counted, 62);
    assert_eq!(t.made, Some(false));
    // 100 / 50 = 2 to each opponent and to the dealer who sits out (he stands at 3).
    assert_eq!(t.written, [2, 2, 0, 2]);
    assert_eq!(g.totals(), [5, 2, 0, 2]);
    assert_eq!(g.phase(), PandurPhase::Deal);
}

/// 004: "the dealer gets the value of a failed bid, but not if he stands at 13 or 14 points"
/// with the target of 15: with another target, not within two of it. The option
/// `dealer_inherits` (JassWiki "Pandur (3 Spieler)": "erben") turns it off.
#[test]
fn the_dealer_inherits_a_failed_bid_unless_within_two_of_the_target() {
    for (opts, dealer_written) in [
        (with_target(6), 2),
        (with_target(5), 0),
        (
            PandurOptions {
                dealer_inherits: false,
                ..PandurOptions::default()
            },
            0,
        ),
    ] {
        let mut g = game(opts);
        worked_deal_1(&mut g);
        assert_eq!(g.totals(), [3, 0, 0, 0]);
        worked_deal_2(&mut g);
        assert_eq!(
            g.tally().written,
            [dealer_written, 2, 0, 2],
            "the dealer at 3, target {}, inherits {}",
            opts.target,
            opts.dealer_inherits
        );
        assert_eq!(g.phase(), PandurPhase::Deal);
    }
}

/// 004: "If four play, the dealer gets the value of a failed bid, but not if he stands at 13 or
/// 14 points"; "Game is 15 points", "Each player drops out upon reaching the target, the game
/// being played by three": the first to reach 15 drops out, safe, and the three others play on;
/// trump Pandur, the highest bid ("300 by Trump Pandur"), ends the auction at once.
#[test]
fn the_dealer_at_13_inherits_nothing_and_the_first_to_15_drops_out() {
    let mut g = game(PandurOptions::default());
    // Deal 1 (seat 3 deals): seat 0's trump Pandur, made: 6.
    g.apply_deal(strong_deal(4, 3, 0)).unwrap();
    run(&mut g, &["bid trump-pandur"]);
    assert_eq!(
        g.phase(),
        PandurPhase::Play,
        "nothing is above trump Pandur"
    );
    play_out(&mut g);
    assert_eq!(g.trump(), Some(Suit::D), "the suit of the first lead");
    assert_eq!(g.tally().written, [6, 0, 0, 0]);
    // Deal 2 (seat 0 deals): thrown in.
    g.apply_deal(strong_deal(4, 0, 1)).unwrap();
    run(&mut g, &["pass", "pass", "pass"]);
    assert!(g.thrown_in());
    // Deal 3 (seat 1 deals): seat 0's 150 in diamonds, made: 3.
    g.apply_deal(strong_deal(4, 1, 0)).unwrap();
    run(&mut g, &["pass", "pass", "bid 150", "trump D"]);
    play_out(&mut g);
    assert_eq!(g.tally().written, [3, 0, 0, 0]);
    // Deal 4 (seat 2 deals): seat 0's 200, made: 4. Seat 0 stands at 13.
    g.apply_deal(strong_deal(4, 2, 0)).unwrap();
    run(&mut g, &["pass", "bid 200", "pass", "trump D"]);
    play_out(&mut g);
    assert_eq!(g.totals(), [13, 0, 0, 0]);
    // Deal 5 (seat 3 deals): thrown in. Deal 6 (seat 0 deals, at 13): seat 1's Misère, lost.
    g.apply_deal(strong_deal(4, 3, 1)).unwrap();
    run(&mut g, &["pass", "pass", "pass"]);
    g.apply_deal(strong_deal(4, 0, 1)).unwrap();
    assert_eq!(g.dealer(), 0);
    run(&mut g, &["bid misere", "pass", "pass"]);
    play_out(&mut g);
    assert_eq!(g.tally().made, Some(false));
    assert_eq!(
        g.tally().written,
        [0, 0, 4, 4],
        "the dealer at 13 inherits nothing"
    );
    assert_eq!(g.totals(), [13, 0, 4, 4]);
    assert_eq!(g.phase(), PandurPhase::Deal);
    assert!(g.safe().is_empty(), "nobody has reached the target yet");
    assert_eq!(g.loser(), None);
    // Deal 7 (seat 1 deals): seat 0's 100, made: 2; at 15 he drops out, safe.
    g.apply_deal(strong_deal(4, 1, 0)).unwrap();
    run(&mut g, &["pass", "pass", "bid 100", "trump D"]);
    play_out(&mut g);
    assert_eq!(g.totals(), [15, 0, 4, 4]);
    assert_eq!(g.safe(), [0]);
    assert!(g.is_safe(0) && !g.is_safe(1));
    // Three are left: the game goes on, nobody has lost yet.
    assert_eq!(g.phase(), PandurPhase::Deal);
    assert_eq!(g.to_move(), ToMove::Deal);
    assert_eq!(g.loser(), None);
    assert_eq!(g.deals_started(), 7);
    // Deal 8: seat 2 deals and, three being left, plays; seat 0 gets no cards.
    g.apply_deal(strong_hands(&[3, 1, 2], 3)).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (2, 3));
    assert_eq!(g.active(), [3, 1, 2]);
    assert_eq!(g.hand(0), CardSet::EMPTY);
}

/// 004: "A bid of 200 is overcalled by misère, then trumps misère, then 210 etc. … A bid of 250
/// is over called by Pandur, and 300 by Trump Pandur"; "having passed may not come in again".
#[test]
fn the_auction_climbs_004s_ladder_and_a_pass_is_final() {
    let ladder: Vec<String> = PandurContract::ladder().map(|c| c.notation()).collect();
    let mut want: Vec<String> = (100..=200).step_by(10).map(|n| n.to_string()).collect();
    want.extend(["misere".into(), "trump-misere".into()]);
    want.extend((210..=250).step_by(10).map(|n| n.to_string()));
    want.push("pandur".into());
    want.extend((260..=300).step_by(10).map(|n| n.to_string()));
    want.push("trump-pandur".into());
    assert_eq!(ladder, want);
    for c in PandurContract::ladder() {
        assert_eq!(c.value(), value_004(c), "{c}");
    }
    let mut g = game(PandurOptions::default());
    g.apply_deal(hands(DEAL_1)).unwrap();
    // Before any bid: any contract of the ladder, from the lowest, or pass.
    let first = legal_actions(&g);
    assert_eq!(first.last(), Some(&PandurAction::Pass));
    assert_eq!(
        first[0],
        PandurAction::Call {
            contract: PandurContract::Points(100)
        }
    );
    assert_eq!(first.len(), 1 + ladder.len());
    run(&mut g, &["bid 200"]);
    run(&mut g, &["bid misere"]);
    let e = refused(&mut g, "bid 200");
    assert!(
        e.contains("200 is not above the last bid, misere by seat 1"),
        "{e}"
    );
    assert!(
        e.contains("100 … 200, misere, trump-misere, 210 … 250, pandur, 260 … 300, trump-pandur"),
        "{e}"
    );
    let e = refused(&mut g, "bid misere");
    assert!(e.contains("not above the last bid"), "{e}");
    run(&mut g, &["bid trump-misere"]);
    assert_eq!(g.to_move(), ToMove::Seat(0));
    // The next above the trump Misère is 210.
    assert_eq!(
        legal_actions(&g)[0],
        PandurAction::Call {
            contract: PandurContract::Points(210)
        }
    );
    run(&mut g, &["bid 250", "bid pandur"]);
    let e = refused(&mut g, "bid 250");
    assert!(
        e.contains("not above the last bid, pandur by seat 1"),
        "{e}"
    );
    run(&mut g, &["pass"]);
    // Seat 2 passed: it is never asked again; seats 0 and 1 go on alone.
    assert_eq!(g.to_move(), ToMove::Seat(0));
    run(&mut g, &["bid 260", "bid 300"]);
    assert_eq!(g.to_move(), ToMove::Seat(0));
    let after_300: Vec<PandurAction> = legal_actions(&g);
    assert_eq!(
        after_300,
        vec![
            PandurAction::Call {
                contract: PandurContract::TrumpPandur
            },
            PandurAction::Pass,
        ]
    );
    run(&mut g, &["pass"]);
    // Only seat 1, the last bidder, is left: its 300 stands.
    assert_eq!(g.phase(), PandurPhase::Trump);
    assert_eq!(g.to_move(), ToMove::Seat(1));
    assert_eq!(g.bid(), Some((PandurContract::Points(300), 1)));
    // Seat 2 spoke twice: the trump Misère, then its pass, its last word.
    let seat_2: Vec<String> = g
        .auction()
        .iter()
        .filter(|(s, _)| *s == 2)
        .map(|(_, a)| a.to_string())
        .collect();
    assert_eq!(seat_2, ["call trump-misere", "pass"]);
}

/// 004: "In misère, the soloist must lose every trick, playing at no trump"; "In Pandur, the
/// soloist must win every trick, playing at no trump and in Trump Pandur, the suit of the card
/// he leads is automatically trump"; "Misère count 4, Pandur 5, Trump Pandur 6"; "For a failed
/// bid, the game value is credited to each opponent".
#[test]
fn misere_and_pandur_are_made_iff_the_soloist_takes_no_trick_or_every_trick() {
    // (deal, contract, made, tricks of the soloist)
    let cases = [
        (strong_deal(4, 3, 0), "pandur", true, 8),
        (strong_deal(4, 3, 0), "trump-pandur", true, 8),
        (strong_deal(4, 3, 0), "misere", false, 8),
        (low_deal(4, 3, 0), "misere", true, 0),
        (low_deal(4, 3, 0), "pandur", false, 0),
        // The Nine of diamonds led makes diamonds trump; the Jack beats it.
        (low_deal(4, 3, 0), "trump-pandur", false, 0),
    ];
    for (deal, contract, made, tricks) in cases {
        let mut g = game(PandurOptions::default());
        g.apply_deal(deal).unwrap();
        run(&mut g, &[&format!("bid {contract}")]);
        if contract != "trump-pandur" {
            run(&mut g, &["pass", "pass"]);
        }
        let c: PandurContract = contract.parse().unwrap();
        // No trump named: the play starts at once, the soloist leading.
        assert_eq!(g.phase(), PandurPhase::Play, "{contract}");
        assert_eq!(g.to_move(), ToMove::Seat(0));
        assert_eq!(g.trump(), None);
        let lead = g.hand(0).first().unwrap().to_string();
        play(&mut g, &lead);
        if c.trump_by_lead() {
            assert_eq!(g.trump(), Some(Suit::D), "{contract}: the suit led");
            assert_eq!(g.card_play().mode(), Mode::Trump(Suit::D));
        } else {
            assert_eq!(g.trump(), None, "{contract}");
            assert_eq!(
                g.card_play().mode(),
                Mode::Obenabe,
                "no trump, the Ace high"
            );
        }
        play_out(&mut g);
        let t = g.tally();
        assert_eq!(t.tricks[0], tricks, "{contract}");
        assert_eq!(t.made, Some(made), "{contract}");
        let v = value_004(c);
        let written = if made { [v, 0, 0, 0] } else { [0, v, v, v] };
        assert_eq!(t.written, written, "{contract}");
        let total: u32 = t.card_points.iter().sum();
        assert_eq!(
            total,
            if c.trump_by_lead() { 157 } else { 125 },
            "{contract}"
        );
        assert_eq!(
            (t.melds, t.stoeck),
            (0, 0),
            "melds only in a numerical contract"
        );
        assert!(g.shown_melds().is_none());
    }
}

/// 004: "In trump misère, the suit of the card he leads is automatically trump. Players are
/// still required to trump when unable to follow suit, but are not obliged to overtrump"
/// (JassWiki "Ausspiel": "Bei Pandur mit Trumpf oder Misère mit Trumpf muss mit Trumpfkarte
/// eröffnet werden": the first lead is the trump). A player void in a plain suit led must play
/// a trump, any of them, a lower one under a trump in the trick included; a lead is free.
#[test]
fn trump_misere_the_first_lead_names_trump_and_a_void_player_must_trump() {
    let mut g = game(PandurOptions::default());
    g.apply_deal(hands([
        "SQ S10 C9 C10 CJ D9 D10 H9",
        "SK HQ HK HA DJ DQ CQ CK",
        "SJ S9 SA H10 HJ DK DA CA",
        "",
    ]))
    .unwrap();
    run(&mut g, &["bid trump-misere", "pass", "pass"]);
    assert_eq!(g.phase(), PandurPhase::Play);
    assert_eq!(
        Pandur::trick_rules(PandurContract::TrumpMisere),
        TrickRules::MustTrump
    );
    assert_eq!(legal(&g), g.hand(0), "the soloist leads any card");
    play(&mut g, "SQ");
    assert_eq!(g.trump(), Some(Suit::S));
    assert_eq!(g.observation(1).trump, Some(Suit::S));
    assert_eq!(legal(&g), set("SK"), "trumps led: follow with a trump");
    play(&mut g, "SK");
    assert_eq!(legal(&g), set("SJ S9 SA"));
    play(&mut g, "SA");
    // Seat 2 took the trick and leads: any card, not only a trump.
    assert_eq!(g.to_move(), ToMove::Seat(2));
    assert_eq!(legal(&g), g.hand(2), "a lead is free in the trump Misère");
    play(&mut g, "H10");
    // Seat 0 can follow: the suit led or a trump.
    assert_eq!(legal(&g), set("H9 S10"));
    play(&mut g, "H9");
    play(&mut g, "HA");
    assert_eq!(legal(&g), g.hand(1), "a lead is free in the trump Misère");
    play(&mut g, "HK");
    // Seat 2 may trump over following suit.
    assert_eq!(legal(&g), set("HJ SJ S9"));
    play(&mut g, "SJ");
    // Seat 0 is void in hearts: it must trump, under the Jack (not obliged to overtrump).
    assert_eq!(legal(&g), set("S10"), "void: a trump, a lower one included");
    let e = refused(&mut g, "play C9");
    assert!(e.contains("must trump"), "{e}");
    play(&mut g, "S10");
    assert_eq!(g.completed_trick(2).2, 2);
    play(&mut g, "S9");
    assert_eq!(legal(&g), g.hand(0), "void, no trump: any card");
    play(&mut g, "C9 CK");
    play(&mut g, "DA D10 DQ");
    play(&mut g, "HJ");
    assert_eq!(
        legal(&g),
        g.hand(0),
        "void in hearts without a trump: any card"
    );
    play(&mut g, "CJ HQ");
    play(&mut g, "CQ CA C10");
    play(&mut g, "DK D9 DJ");
    let t = g.tally();
    assert_eq!(t.tricks, [0, 2, 6, 0]);
    assert_eq!(t.card_points.iter().sum::<u32>(), 157, "with a trump, 157");
    assert_eq!(t.made, Some(true));
    assert_eq!(t.written, [4, 0, 0, 0]);
}

/// 004 does not say what happens when all pass; we throw the cards in, nothing is written and
/// the next dealer deals (docs/pandur.md).
#[test]
fn three_passes_throw_the_cards_in_and_the_next_dealer_deals() {
    let mut g = game(PandurOptions::default());
    g.apply_deal(hands(DEAL_1)).unwrap();
    run(&mut g, &["pass", "pass", "pass"]);
    assert!(g.thrown_in());
    assert_eq!(g.to_move(), ToMove::Deal);
    assert_eq!(g.totals(), [0; 4]);
    assert_eq!(g.tally().written, [0; 4]);
    assert_eq!(g.tally().made, None);
    let obs = g.observation(1);
    assert_eq!((obs.contract, obs.soloist), (None, None));
    assert!(g.apply(PandurAction::Pass).is_err(), "nobody is to act");
    // The next dealer is seat 0: he sits out, seat 1 speaks first.
    let e = g.apply_deal(hands(DEAL_1)).unwrap_err().to_string();
    assert!(
        e.contains(
            "seat 0 was dealt 8 cards; this deal gives 8 to each of seats [1, 2, 3] and none to the dealer, who sits out while four are in"
        ),
        "{e}"
    );
    g.apply_deal(hands(DEAL_2)).unwrap();
    assert_eq!((g.dealer(), g.forehand(), g.deals_started()), (0, 1, 2));
    assert!(!g.thrown_in());
    assert_eq!(g.to_move(), ToMove::Seat(1));
    // A bid after two passes ends the auction.
    run(&mut g, &["pass", "pass", "bid 100"]);
    assert_eq!(g.phase(), PandurPhase::Trump);
    assert_eq!(g.to_move(), ToMove::Seat(3));
}

/// 004: "four players usually play, but only three are active in the game, and each in turn
/// sits out the hand to which he deals"; JassWiki "Pandur (3 Spieler)": "Der Spielgeber spielt
/// aktiv mit, womit das «Erben» wegfällt", "Der Spielübernehmer erhält die entsprechenden
/// Punkte bei Erfolg, bei Misserfolg die beiden Gegner".
#[test]
fn with_three_players_the_dealer_plays_and_with_four_he_sits_out() {
    let three = PandurOptions {
        players: 3,
        ..PandurOptions::default()
    };
    let mut g = game(three);
    assert_eq!(g.seats(), 3);
    // Seat 2 deals first and plays: seat 0 is forehand.
    let e = g
        .apply_deal(hands([DEAL_1[0], DEAL_1[1], "", ""]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("seat 2 was dealt 0 cards"), "{e}");
    g.apply_deal(strong_deal(3, 2, 2)).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (2, 0));
    assert_eq!(g.active(), [0, 1, 2]);
    assert_eq!(g.hand(2).len(), 8, "the dealer holds cards");
    run(&mut g, &["pass", "pass"]);
    assert_eq!(g.to_move(), ToMove::Seat(2), "the dealer bids");
    run(&mut g, &["bid misere"]);
    assert_eq!(g.to_move(), ToMove::Seat(2), "and leads as the soloist");
    play_out(&mut g);
    assert_eq!(g.tally().made, Some(false));
    // Lost: each of the two opponents; no fourth seat to inherit.
    assert_eq!(g.tally().written, [4, 4, 0, 0]);
    assert_eq!(g.observation(0).totals, vec![4, 4, 0]);
    // The deal turns: seat 0 deals and plays, seat 1 is forehand.
    g.apply_deal(strong_deal(3, 0, 0)).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (0, 1));
    assert_eq!(g.active(), [1, 2, 0]);

    // Four players: the dealer gets no cards and never acts.
    let mut g = game(PandurOptions::default());
    assert_eq!(g.seats(), 4);
    g.apply_deal(hands(DEAL_1)).unwrap();
    let mut seen = Vec::new();
    while let ToMove::Seat(s) = g.to_move() {
        seen.push(s);
        g.apply(PandurAction::Pass).unwrap();
    }
    assert!(!seen.contains(&3), "the dealer never acts");
    assert_eq!(seen, [0, 1, 2], "three passes");
}

/// 004: "giving 8 cards to each player in batches of 4s from a 24-card pack made by stripping
/// out all ranks below Nine".
#[test]
fn the_pack_of_nines_to_aces_is_dealt_in_packets_of_four_from_forehand() {
    assert_eq!(PACK.len(), 24);
    assert!(PACK.iter().all(|c| matches!(
        c.rank(),
        Rank::Nine | Rank::Ten | Rank::Jack | Rank::Queen | Rank::King | Rank::Ace
    )));
    let mut dealer = SeededDealer::new(5);
    for players in [4u8, 3] {
        let mut g = game(PandurOptions {
            players,
            ..PandurOptions::default()
        });
        for number in 0..3u8 {
            let pack = dealer.next_pack();
            let deal = g.deal_from_pack(&pack);
            let dealer_seat = (players - 1 + number) % players;
            let forehand = (dealer_seat + 1) % players;
            // The cards of the short pack in the order they come, four to forehand, four to the
            // next, four to the third, and again.
            let short: Vec<Card> = pack.iter().copied().filter(|&c| PACK.contains(c)).collect();
            assert_eq!(short.len(), 24);
            for (i, &c) in short.iter().enumerate() {
                let s = (forehand + (i / 4 % 3) as u8) % players;
                assert!(
                    deal[s as usize].contains(c),
                    "{c}: packet {} to seat {s}",
                    i / 4
                );
            }
            let all = deal.iter().fold(CardSet::EMPTY, |a, &h| a | h);
            assert_eq!(all, PACK, "no Six, Seven or Eight dealt");
            for s in 0..4u8 {
                let sits_out = s >= players || (players == 4 && s == dealer_seat);
                assert_eq!(deal[s as usize].len(), if sits_out { 0 } else { 8 });
            }
            g.apply_deal(deal).unwrap();
            assert_eq!(g.dealer(), dealer_seat);
            assert_eq!(g.dealt_hands(), deal);
            // Throw the cards in for the next deal.
            while let ToMove::Seat(_) = g.to_move() {
                g.apply(PandurAction::Pass).unwrap();
            }
        }
    }
}

/// The hands must be eight cards of the 24-card pack to each of three active seats and none to
/// the dealer who sits out (004), each card once; anything else is refused with the reason.
#[test]
fn wrong_hands_are_refused_with_the_reason() {
    let g = game(PandurOptions::default());
    let check = |h: [CardSet; 4], words: &str| {
        let mut g2 = g;
        let e = g2.apply_deal(h).unwrap_err().to_string();
        assert!(e.contains(words), "{e}");
        assert_eq!(g2.phase(), PandurPhase::Deal);
        assert_eq!(g2.deals_started(), 0);
    };
    // A Six for a Nine.
    let mut six = hands(DEAL_1);
    six[0] = set("HJ H6 HA HK HQ SA SK D9");
    check(
        six,
        "seat 0 was dealt H6: Pandur's pack has only the Nines to the Aces",
    );
    // Cards to the dealer who sits out.
    let mut dealer = hands(DEAL_1);
    dealer[3] = set("D6 D7");
    check(
        dealer,
        "seat 3 was dealt 2 cards; this deal gives 8 to each of seats [0, 1, 2] and none to the dealer, who sits out while four are in",
    );
    // Seven cards.
    let mut seven = hands(DEAL_1);
    seven[1] = set("H10 S9 S10 C9 C10 CJ DA");
    check(seven, "seat 1 was dealt 7 cards");
    // A card twice.
    let mut twice = hands(DEAL_1);
    twice[1] = set("HJ S9 S10 C9 C10 CJ DA D10");
    check(twice, "card(s) HJ dealt twice");
    // Not while a deal is in play.
    let mut g = g;
    g.apply_deal(hands(DEAL_1)).unwrap();
    let e = g.apply_deal(hands(DEAL_1)).unwrap_err().to_string();
    assert!(e.contains("cannot deal now"), "{e}");
}

/// 004's melds ("the usual melds", "a sequence of six or a quartet of Nines, each counting 150
/// points"; "A card may not be used in two melds at once"; "the pecking order is: value,
/// length, height, trump, position") are compared after the first trick: the soloist scores
/// them all if his best beats every opponent's, ties going to him as the first to play.
#[test]
fn melds_are_004s_and_the_soloist_scores_them_only_with_the_best() {
    // (hands, trump, expected: (seat shown, scored, soloist's melds))
    let equal = [
        "D10 DJ DQ HJ HA S9 CA CK",
        "C9 C10 CJ D9 DA HK SK SA",
        "S10 SJ SQ DK H9 H10 HQ CQ",
        "",
    ];
    type Case = ([&'static str; 4], Suit, (u8, bool, u32));
    let cases: [Case; 4] = [
        // Equal sequences of three to the Queen, neither trump: the soloist, first, wins.
        (equal, Suit::H, (0, true, 20)),
        // The same, seat 2's in trumps: "in trumps" wins; shown, not scored.
        (equal, Suit::S, (2, false, 0)),
        // Four Nines (150) and a sequence of three (20) against four Tens (100).
        (
            [
                "D9 H9 S9 C9 HJ HQ HK CA",
                "DA HA SA D10 S10 C10 H10 CK",
                "DJ DQ DK SJ SQ SK CJ CQ",
                "",
            ],
            Suit::C,
            (0, true, 170),
        ),
        // Four Aces and the Queen, King, Ace of hearts: no card in two melds, 100 (not 120).
        (
            [
                "DA HA SA CA HK HQ C9 D10",
                "D9 DQ H9 HJ S10 SQ CJ CK",
                "DJ DK H10 S9 SJ SK C10 CQ",
                "",
            ],
            Suit::H,
            (0, true, 100),
        ),
    ];
    for (h, trump, (seat, scored, melds)) in cases {
        let mut g = game(PandurOptions::default());
        g.apply_deal(hands(h)).unwrap();
        run(
            &mut g,
            &["bid 100", "pass", "pass", &format!("trump {trump}")],
        );
        for _ in 0..3 {
            let c = legal(&g).first().unwrap();
            g.apply(PandurAction::Play { card: c }).unwrap();
        }
        let shown = g.shown_melds().expect("melds shown");
        assert_eq!(
            (shown.seat, shown.scored, g.tally().melds),
            (seat, scored, melds),
            "{h:?} in {trump}"
        );
        let (total, _) = melds_004(hands(h)[0], trump);
        if scored {
            assert_eq!(total, melds, "the evaluator agrees");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 004's ending: "Each player drops out upon reaching the target, the game being played by three,
// then two. The last one left in loses the game."

/// The seats that acted in the current deal: those of its auction (`g.auction()`), then those
/// that played its cards (`played`, as `play_out` returns them).
fn movers(g: &Pandur, played: &[u8]) -> Vec<u8> {
    let mut seats: Vec<u8> = g.auction().iter().map(|&(s, _)| s).collect();
    seats.extend(played);
    seats
}

/// The packets of four of a pack's Nines to Aces, in pack order.
fn short_pack(pack: &[Card; 36]) -> Vec<Card> {
    pack.iter().copied().filter(|&c| PACK.contains(c)).collect()
}

/// 004's whole ending, worked by hand with four players and a target of 6: seat 0 reaches it in
/// deal 1 and drops out, safe; the three left play on, the dealer among them (004: "the game
/// being played by three"), seat 0 passed over as dealer and never dealt a card; seat 3 drops
/// out in deal 3; the last two play with eight cards each, eight aside (004: "When only two
/// players remain, so that eight cards are out of play"), speaking in turn, a lost contract
/// credited to the one opponent; seat 2 reaches the target in deal 5 and seat 1, the last one
/// left in, loses.
#[test]
fn players_drop_out_at_the_target_the_game_goes_on_by_three_then_two_and_the_last_one_loses() {
    let mut g = game(with_target(6));
    let mut dealer = SeededDealer::new(21);

    // Deal 1 (seat 3 deals and sits out): seat 0's trump Pandur, made: 6, the target.
    g.apply_deal(strong_deal(4, 3, 0)).unwrap();
    assert_eq!(g.active(), [0, 1, 2]);
    run(&mut g, &["bid trump-pandur"]);
    play_out(&mut g);
    assert_eq!(g.tally().written, [6, 0, 0, 0]);
    assert_eq!(g.totals(), [6, 0, 0, 0]);
    assert_eq!(g.safe(), [0], "seat 0 reached the target: out, safe");
    assert!(g.is_safe(0));
    assert_eq!(
        g.phase(),
        PandurPhase::Deal,
        "three are left: the game goes on"
    );
    assert_eq!(g.to_move(), ToMove::Deal);
    assert_eq!(g.loser(), None);
    assert_eq!(g.observation(1).safe, vec![0]);
    assert_eq!(g.public_view_json()["safe"], serde_json::json!([0]));

    // (a) Deal 2: seat 0 would deal; he is out and passed over: seat 1 deals and, three being
    // left, plays with eight cards (the dealer last); seat 0 gets none.
    let pack = dealer.next_pack();
    let deal = g.deal_from_pack(&pack);
    assert_eq!(deal.map(|h| h.len()), [0, 8, 8, 8]);
    let short = short_pack(&pack);
    for (i, &c) in short.iter().enumerate() {
        let seat = [2, 3, 1][i / 4 % 3];
        assert!(
            deal[seat].contains(c),
            "{c}: packet {} to seat {seat}",
            i / 4
        );
    }
    let e = g
        .apply_deal(strong_hands(&[0, 2, 3], 2))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("seat 0 was dealt 8 cards; this deal gives 8 to each of seats [2, 3, 1] and none to a player who dropped out"),
        "{e}"
    );
    let e = g
        .apply_deal(strong_hands(&[2, 3], 2))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("seat 1 was dealt 0 cards; this deal gives 8 to each of seats [2, 3, 1]"),
        "{e}"
    );
    assert_eq!(g.deals_started(), 1, "a refused deal changes nothing");
    g.apply_deal(strong_hands(&[2, 3, 1], 1)).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (1, 2));
    assert_eq!(g.active(), [2, 3, 1], "all three left, the dealer last");
    assert_eq!(g.observation(0).active, vec![2, 3, 1]);
    assert_eq!(g.hand(1).len(), 8, "the dealer holds eight cards");
    assert_eq!(g.observation(1).hand.len(), 8);
    assert_eq!(g.hand(0), CardSet::EMPTY);
    assert_eq!(g.observation(0).hand, CardSet::EMPTY);
    assert_eq!(g.to_move(), ToMove::Seat(2));
    run(&mut g, &["pass", "pass"]);
    assert_eq!(g.to_move(), ToMove::Seat(1), "the dealer speaks last");
    run(&mut g, &["bid misere"]);
    assert_eq!(g.to_move(), ToMove::Seat(1), "and leads as the soloist");
    let played = play_out(&mut g);
    assert!(!movers(&g, &played).contains(&0), "seat 0, out, never acts");
    assert_eq!(g.tally().made, Some(false));
    // Lost: each of the two opponents; nobody sits out to inherit, seat 0 gets nothing.
    assert_eq!(g.tally().written, [0, 0, 4, 4]);
    assert_eq!(g.totals(), [6, 0, 4, 4]);
    assert_eq!(g.safe(), [0]);
    assert_eq!(g.phase(), PandurPhase::Deal);

    // Deal 3: seat 2 deals, seat 3 is forehand: his trump Pandur, made: 6, and he is out at 10.
    g.apply_deal(strong_hands(&[3, 1, 2], 3)).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (2, 3));
    assert_eq!(g.active(), [3, 1, 2]);
    run(&mut g, &["bid trump-pandur"]);
    let played = play_out(&mut g);
    assert!(!movers(&g, &played).contains(&0));
    assert_eq!(g.totals(), [6, 0, 4, 10]);
    assert_eq!(g.safe(), [0, 3]);
    assert_eq!(g.observation(2).safe, vec![0, 3]);
    assert_eq!(
        g.phase(),
        PandurPhase::Deal,
        "two are left: the game goes on"
    );
    assert_eq!(g.loser(), None);

    // (b) Deal 4: after seat 2 come seats 3 and 0, both out: seat 1 deals. The last two play,
    // eight cards each, packets of four in turn from forehand; the last eight lie aside.
    let pack = dealer.next_pack();
    let deal = g.deal_from_pack(&pack);
    assert_eq!(deal.map(|h| h.len()), [0, 8, 8, 0]);
    let short = short_pack(&pack);
    for (i, &c) in short.iter().enumerate() {
        let seat = if i >= 16 {
            None
        } else {
            Some([2, 1][i / 4 % 2])
        };
        for (s, hand) in deal.iter().enumerate() {
            assert_eq!(
                hand.contains(c),
                seat == Some(s),
                "{c}, card {i} of the short pack"
            );
        }
    }
    let e = g
        .apply_deal(strong_hands(&[2, 1, 3], 2))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("seat 3 was dealt 8 cards; this deal gives 8 to each of seats [2, 1] and none to a player who dropped out"),
        "{e}"
    );
    g.apply_deal(strong_hands(&[2, 1], 2)).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (1, 2));
    assert_eq!(g.active(), [2, 1]);
    assert_eq!(g.observation(3).active, vec![2, 1]);
    let dealt = g.dealt_hands();
    assert_eq!(dealt.map(|h| h.len()), [0, 8, 8, 0]);
    assert_eq!((dealt[1] | dealt[2]).len(), 16, "eight cards out of play");
    for out in [0, 3] {
        assert_eq!(g.hand(out), CardSet::EMPTY);
        assert_eq!(g.place_of(out), None);
    }
    // Both pass: the cards are thrown in.
    assert_eq!(g.to_move(), ToMove::Seat(2));
    run(&mut g, &["pass"]);
    assert_eq!(g.to_move(), ToMove::Seat(1));
    run(&mut g, &["pass"]);
    assert!(g.thrown_in());
    assert_eq!(g.phase(), PandurPhase::Deal);
    assert_eq!(g.totals(), [6, 0, 4, 10]);

    // Deal 5: the deal alternates between the two: seat 2 deals, seat 1 is forehand. The
    // auction goes to and fro until one passes.
    let e = g
        .apply_deal(strong_hands(&[1, 3], 3))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("seat 2 was dealt 0 cards; this deal gives 8 to each of seats [1, 2]"),
        "{e}"
    );
    g.apply_deal(strong_hands(&[1, 2], 2)).unwrap();
    assert_eq!((g.dealer(), g.forehand()), (2, 1));
    assert_eq!(g.active(), [1, 2]);
    for (seat, bid) in [(1, "bid 100"), (2, "bid 110"), (1, "bid 120")] {
        assert_eq!(g.to_move(), ToMove::Seat(seat));
        run(&mut g, &[bid]);
    }
    assert_eq!(g.to_move(), ToMove::Seat(2));
    run(&mut g, &["pass"]);
    // One pass ends the auction: seat 1's 120 stands.
    assert_eq!(g.phase(), PandurPhase::Trump);
    assert_eq!(g.bid(), Some((PandurContract::Points(120), 1)));
    assert_eq!(g.to_move(), ToMove::Seat(1));
    run(&mut g, &["trump D"]);
    // Seat 2 holds every diamond and the Aces of hearts and spades: he takes every trick.
    let played = play_out(&mut g);
    let seats = movers(&g, &played);
    assert!(seats.iter().all(|&s| s == 1 || s == 2), "{seats:?}");
    assert_eq!(played.len(), 16, "eight tricks of two cards");
    for i in 0..8 {
        assert_eq!(g.completed_trick(i).1.len(), 2);
    }
    let t = g.tally();
    assert_eq!(t.tricks, [0, 0, 8, 0]);
    let in_play = dealt_in_play(&g);
    let worth = card_points(in_play, Some(Suit::D));
    assert_eq!(t.card_points, [0, 0, worth + 5, 0]);
    assert!(worth + 5 < 157, "eight cards are out of play");
    assert_eq!(t.made, Some(false));
    // Lost: 120 / 50 = 2 to the one opponent; seat 2 reaches 6 and drops out.
    assert_eq!(t.written, [0, 0, 2, 0]);
    assert_eq!(g.totals(), [6, 0, 6, 10]);
    // (c) Seat 1 is the last one left in: he loses.
    assert_eq!(g.safe(), [0, 3, 2]);
    assert_eq!(g.phase(), PandurPhase::Over);
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.loser(), Some(1));
    assert_eq!(g.observation(1).safe, vec![0, 3, 2]);
    assert!(
        g.apply_deal(strong_hands(&[1, 2], 2)).is_err(),
        "no more deals"
    );
}

/// The cards the active seats were dealt.
fn dealt_in_play(g: &Pandur) -> CardSet {
    g.active()
        .iter()
        .fold(CardSet::EMPTY, |a, &s| a | g.dealt_hands()[s as usize])
}

/// (d) 004: "For a failed bid, the game value is credited to each opponent. … If four play,
/// the dealer gets the value of a failed bid": a lost contract can carry both opponents and the
/// dealer who sits out past the target at once. All drop out, in seat order from the seat after
/// the dealer; if only the soloist is left, he loses at once.
#[test]
fn several_players_reaching_the_target_at_once_all_drop_out() {
    for (inherits, safe) in [(true, vec![2, 0, 1]), (false, vec![2, 0])] {
        let mut g = game(PandurOptions {
            target: 4,
            dealer_inherits: inherits,
            ..PandurOptions::default()
        });
        // Deals 1 and 2 thrown in (seats 3 and 0 deal).
        for d in [3, 0] {
            g.apply_deal(strong_deal(4, d, (d + 1) % 4)).unwrap();
            run(&mut g, &["pass", "pass", "pass"]);
        }
        // Deal 3: seat 1 deals and sits out; seat 3's Misère is lost: 4 to seats 2 and 0, and
        // to seat 1, the dealer, if he inherits.
        g.apply_deal(strong_deal(4, 1, 3)).unwrap();
        assert_eq!(g.active(), [2, 3, 0]);
        run(&mut g, &["pass", "bid misere", "pass"]);
        play_out(&mut g);
        assert_eq!(g.tally().made, Some(false));
        let d = if inherits { 4 } else { 0 };
        assert_eq!(g.totals(), [4, d, 4, 0]);
        assert_eq!(
            g.safe(),
            safe,
            "from seat 2, after the dealer, round the table"
        );
        if inherits {
            // Only the soloist is left: he loses.
            assert_eq!(g.phase(), PandurPhase::Over);
            assert_eq!(g.loser(), Some(3));
            continue;
        }
        // Seats 1 and 3 are left: seat 3 deals (seat 2 is passed over), seat 1 is forehand.
        assert_eq!(g.phase(), PandurPhase::Deal);
        assert_eq!(g.loser(), None);
        g.apply_deal(strong_hands(&[1, 3], 3)).unwrap();
        assert_eq!((g.dealer(), g.forehand()), (3, 1));
        assert_eq!(g.active(), [1, 3]);
        // Seat 1's Pandur: seat 3 takes the first trick, lost: 5 to seat 3, out; seat 1 loses.
        run(&mut g, &["bid pandur", "pass"]);
        play_out(&mut g);
        assert_eq!(g.tally().made, Some(false));
        assert_eq!(g.tally().written, [0, 0, 0, 5]);
        assert_eq!(g.safe(), [2, 0, 3]);
        assert_eq!(g.loser(), Some(1));
        assert_eq!(g.totals(), [4, 0, 4, 5]);
    }
}

/// (e) A player who dropped out is never dealt a card, never acts, and is passed over as dealer:
/// with three at the table (JassWiki "Pandur (3 Spieler)") and a target of 5, seat 1 drops out
/// after deal 1; seats 0 and 2 deal in turn and play alone; a deal that gives seat 1 cards is
/// refused, and so is one to a seat beyond the table.
#[test]
fn a_player_out_is_never_dealt_cards_never_acts_and_never_deals() {
    let mut g = game(PandurOptions {
        players: 3,
        target: 5,
        ..PandurOptions::default()
    });
    // Deal 1 (seat 2 deals and plays): seat 1's Pandur, made: 5.
    g.apply_deal(strong_deal(3, 2, 1)).unwrap();
    run(&mut g, &["pass", "bid pandur", "pass"]);
    play_out(&mut g);
    assert_eq!(g.totals(), [0, 5, 0, 0]);
    assert_eq!(g.safe(), [1]);
    let mut dealers = vec![g.dealer()];
    let mut seeded = SeededDealer::new(8);
    while g.phase() == PandurPhase::Deal {
        let next = if g.dealer() == 2 { 0 } else { 2 };
        let e = g
            .apply_deal(strong_hands(&[0, 1, 2], 0))
            .unwrap_err()
            .to_string();
        assert!(e.contains("seat 1 was dealt 8 cards"), "{e}");
        assert!(e.contains("none to a player who dropped out"), "{e}");
        let mut beyond = strong_hands(&[0, 2], 0);
        beyond[3] = set("D6");
        let e = g.apply_deal(beyond).unwrap_err().to_string();
        assert!(e.contains("seat 3 was dealt 1 cards"), "{e}");
        assert!(
            e.contains("none to a seat beyond the table's players"),
            "{e}"
        );
        let deal = g.deal_from_pack(&seeded.next_pack());
        assert_eq!(deal[1], CardSet::EMPTY);
        g.apply_deal(deal).unwrap();
        dealers.push(g.dealer());
        assert_eq!(g.dealer(), next, "seat 1 is passed over");
        assert_eq!(g.active(), [2 - next, next]);
        assert_eq!(g.dealt_hands()[1], CardSet::EMPTY);
        let mut seats = Vec::new();
        while let ToMove::Seat(s) = g.to_move() {
            seats.push(s as u8);
            assert_eq!(g.hand(1), CardSet::EMPTY);
            assert_eq!(g.observation(1).hand, CardSet::EMPTY);
            // Bid the lowest contract, or pass, or play the first legal card.
            let a = legal_actions(&g);
            let pick = if g.phase() == PandurPhase::Auction && g.bid().is_some() {
                PandurAction::Pass
            } else {
                a[a.len().min(2) - 1]
            };
            g.apply(pick).unwrap();
        }
        assert!(!seats.contains(&1), "seat 1, out, never acts: {seats:?}");
        assert!(dealers.len() < 40, "the game ends");
    }
    assert_eq!(g.phase(), PandurPhase::Over);
    assert_eq!(dealers[..3], [2, 0, 2]);
    let loser = g.loser().unwrap();
    assert!(loser == 0 || loser == 2);
    let winner = 2 - loser;
    assert_eq!(g.safe(), [1, winner]);
    assert!(g.totals()[winner as usize] >= 5 && g.totals()[loser as usize] < 5);
}

// ---------------------------------------------------------------------------------------------
// Properties over many seeded games.

#[derive(Default)]
struct Seen {
    contracts: std::collections::BTreeSet<String>,
    made: [u32; 2],
    thrown_in: u32,
    blocked: u32,
    scored: u32,
    dealer_skipped: u32,
    /// Deals played by three of four players still in, the dealer among them.
    three_of_four: u32,
    /// Deals played by the last two.
    two_left: u32,
    /// Deals after which several players dropped out at once.
    several_out: u32,
    /// Deals dealt by a seat after one or more players who dropped out, skipped.
    dealer_passed_over: u32,
}

/// The seats still in after `seat`, round the table (`seat` last if still in).
fn in_after(n: usize, seat: u8, safe: &[u8]) -> Vec<u8> {
    (1..=n as u8)
        .map(|k| (seat + k) % n as u8)
        .filter(|s| !safe.contains(s))
        .collect()
}

/// Plays a whole game by random legal actions (passing half the time in the auction) and checks
/// every step and every deal against the sources' rules, 004's ending included: a player drops
/// out, safe, after the deal in which he reaches the target; the players still in deal in turn
/// and play, three of four (the dealer sitting out), three or two; the last one left loses.
/// A random game's checks and choices.
struct RandomGame<'a> {
    opts: PandurOptions,
    n: usize,
    seen: &'a mut Seen,
    steps: u32,
    /// Each seat's points written, deal by deal.
    written: [u32; 4],
    /// The seats out, in the order they dropped out, as 004 has it; the last dealer.
    safe: Vec<u8>,
    last_dealer: Option<u8>,
    /// The deal being dealt: the seats still in, the cards.
    still_in: Vec<u8>,
    deal: [CardSet; 4],
}

impl Driver<Pandur> for RandomGame<'_> {
    fn step(&mut self, g: &Pandur) {
        self.steps += 1;
        assert!(self.steps < 100_000, "the game ends");
        assert_eq!(g.safe(), self.safe, "the seats out, in order");
        assert_eq!(g.observation(0).safe, self.safe);
        for s in 0..self.n as u8 {
            assert_eq!(g.is_safe(s), self.safe.contains(&s));
        }
    }

    fn dealing(&mut self, g: &Pandur, deal: &[CardSet; 4]) {
        assert_eq!(g.loser(), None, "no loser before the end");
        self.still_in = (0..self.n as u8)
            .filter(|s| !self.safe.contains(s))
            .collect();
        assert!(self.still_in.len() >= 2, "two or more are still in");
        for &s in &self.still_in {
            assert!(
                g.totals()[s as usize] < self.opts.target,
                "seat {s}, still in, is below the target"
            );
        }
        self.deal = *deal;
    }

    fn dealt(&mut self, g: &Pandur, _: u32) {
        let (n, safe, still_in, deal) = (self.n, &self.safe, &self.still_in, self.deal);
        // The dealer: the first seat still in after the last dealer (the last seat first).
        let d = match self.last_dealer {
            None => n as u8 - 1,
            Some(last) => in_after(n, last, safe)[0],
        };
        assert_eq!(g.dealer(), d);
        assert!(!safe.contains(&d), "a seat out never deals");
        if let Some(last) = self.last_dealer {
            if d != (last + 1) % n as u8 {
                self.seen.dealer_passed_over += 1;
            }
        }
        self.last_dealer = Some(d);
        // The active seats: of four still in, the three after the dealer; of three or two, all,
        // the dealer last.
        let want: Vec<u8> = in_after(n, d, safe)
            .into_iter()
            .filter(|&s| still_in.len() < 4 || s != d)
            .collect();
        assert_eq!(g.active(), want);
        assert_eq!(g.active().len(), still_in.len().min(3));
        assert_eq!(g.forehand(), want[0]);
        match (n, still_in.len()) {
            (4, 3) => self.seen.three_of_four += 1,
            (_, 2) => self.seen.two_left += 1,
            _ => {}
        }
        let mut all = CardSet::EMPTY;
        for s in 0..4u8 {
            let plays = want.contains(&s);
            assert_eq!(deal[s as usize].len(), if plays { 8 } else { 0 });
            assert!(PACK.contains_all(deal[s as usize]));
            assert_eq!(g.hand(s), deal[s as usize]);
            all |= deal[s as usize];
        }
        // With two left, eight cards lie aside.
        assert_eq!(all.len() as usize, 8 * want.len());
    }

    fn choose(
        &mut self,
        g: &Pandur,
        s: usize,
        l: &ActionList<PandurAction>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> PandurAction {
        let s8 = s as u8;
        assert!(s < self.n);
        assert!(!self.safe.contains(&s8), "a seat out never acts");
        assert!(
            g.active().contains(&g.dealer()) || s8 != g.dealer(),
            "the dealer who sits out never acts"
        );
        assert!(g.place_of(s8).is_some());
        for &out in &self.safe {
            assert_eq!(g.hand(out), CardSet::EMPTY, "a seat out holds no card");
            assert_eq!(g.place_of(out), None);
        }
        let hand = g.hand(s8);
        assert!(
            hand.contains_all(l.played_cards()),
            "every legal card is in the hand"
        );
        if g.phase() == PandurPhase::Play {
            check_legal_cards(g, hand, l.played_cards());
        }
        check_views(g, self.n);
        if g.phase() == PandurPhase::Auction && rng_bool(rng) {
            PandurAction::Pass
        } else {
            l.get(uniform_below(rng, l.len() as u32) as usize)
        }
    }

    fn acted(&mut self, before: &Pandur, g: &Pandur) {
        let (n, opts) = (self.n, self.opts);
        if before.phase() == PandurPhase::Auction && g.phase() == PandurPhase::Deal {
            assert!(g.thrown_in());
            assert_eq!(g.totals(), before.totals(), "nothing is written");
            assert_eq!(g.safe(), self.safe, "nobody drops out");
            self.seen.thrown_in += 1;
        }
        if before.phase() == PandurPhase::Play && g.phase() != PandurPhase::Play {
            check_deal(g, before, opts, self.seen);
            for (w, x) in self.written.iter_mut().zip(g.tally().written) {
                *w += x;
            }
            let written = self.written;
            assert_eq!(g.totals(), written, "the totals are the sum of the written");
            // 004: "Each player drops out upon reaching the target": every seat still in that
            // reached it, in seat order from the seat after the dealer.
            let out: Vec<u8> = in_after(n, g.dealer(), &self.safe)
                .into_iter()
                .filter(|&s| written[s as usize] >= opts.target)
                .collect();
            if out.len() > 1 {
                self.seen.several_out += 1;
            }
            self.safe.extend(out);
            assert_eq!(g.safe(), self.safe);
            // "The last one left in loses the game."
            let left = n - self.safe.len();
            assert!(left >= 1, "someone is left in");
            assert_eq!(g.phase() == PandurPhase::Over, left == 1);
        }
    }
}

fn random_game(opts: PandurOptions, seed: u64, seen: &mut Seen) {
    let mut g = game(opts);
    let n = opts.players as usize;
    let mut checks = RandomGame {
        opts,
        n,
        seen,
        steps: 0,
        written: [0; 4],
        safe: Vec::new(),
        last_dealer: None,
        still_in: Vec::new(),
        deal: [CardSet::EMPTY; 4],
    };
    // The step bound (100 000) bounds the deals too.
    drive(&mut g, seed, seed, 100_000, &mut checks);
    let safe = checks.safe;
    // The game is over when one player is left in: he loses; every other player is safe, at or
    // above the target, the loser below it (each deal's drop-outs take every seat that reached
    // it).
    let totals = g.totals();
    assert!(totals[n..].iter().all(|&t| t == 0));
    assert_eq!(safe.len(), n - 1);
    let mut distinct = safe.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), n - 1, "each seat drops out once");
    let loser = g.loser().expect("a loser at the end");
    assert!(!safe.contains(&loser));
    assert_eq!(
        (0..n as u8).filter(|s| !g.is_safe(*s)).collect::<Vec<_>>(),
        [loser],
        "the loser is the only one not safe"
    );
    for &s in &safe {
        assert!(totals[s as usize] >= opts.target, "seat {s} is safe");
    }
    assert!(totals[loser as usize] < opts.target, "the loser is short");
    assert_eq!(g.observation(loser as usize).safe, safe);
    assert_eq!(g.to_move(), ToMove::Over);
}

fn rng_bool(rng: &mut Xoshiro256PlusPlus) -> bool {
    uniform_below(rng, 2) == 1
}

/// The legal cards are those of the trick rules (003's strict rule; the trump Misère's: void in
/// a plain suit led, any trump), checked against `jass_core::trick::legal_cards` and, for the
/// trump Misère, literally.
fn check_legal_cards(g: &Pandur, hand: CardSet, legal: CardSet) {
    let (contract, _) = g.bid().unwrap();
    let mode = match g.trump() {
        Some(t) => Mode::Trump(t),
        None => Mode::Obenabe,
    };
    assert_eq!(g.card_play().mode(), mode);
    let rules = Pandur::trick_rules(contract);
    let trick = g.current_trick();
    assert_eq!(
        legal,
        legal_cards(hand, trick, mode, rules),
        "{contract}: hand {hand}, trick {trick:?}"
    );
    if contract != PandurContract::TrumpMisere {
        return;
    }
    match (trick.first(), g.trump()) {
        (None, _) => assert_eq!(legal, hand, "a lead is free: hand {hand}"),
        (Some(lead), Some(t)) if lead.suit() != t => {
            let (follow, trumps) = (hand.of_suit(lead.suit()), hand.of_suit(t));
            if follow.is_empty() && !trumps.is_empty() {
                assert_eq!(legal, trumps, "void in {}: any trump", lead.suit());
            }
            if follow.is_empty() && trumps.is_empty() {
                assert_eq!(legal, hand);
            }
        }
        _ => {}
    }
}

/// No seat's view and no spectator's shows a card another seat holds, but melds shown to all.
fn check_views(g: &Pandur, n: usize) {
    let shown = g.shown_melds().map_or(CardSet::EMPTY, |m| m.weis.cards());
    let all_hands = (0..n as u8).fold(CardSet::EMPTY, |a, s| a | g.hand(s));
    let mut public = CardSet::EMPTY;
    cards_in(&g.public_view_json(), &mut public);
    assert!(
        (public & (all_hands - shown)).is_empty(),
        "spectators see {}",
        public & (all_hands - shown)
    );
    for s in 0..n {
        let obs = g.observation(s);
        assert_eq!(obs.hand, g.hand(s as u8), "seat {s}'s own cards");
        let mut seen = CardSet::EMPTY;
        cards_in(&g.view_json(s), &mut seen);
        let others = all_hands - g.hand(s as u8);
        assert!(
            (seen & (others - shown)).is_empty(),
            "seat {s} sees {}",
            seen & (others - shown)
        );
    }
}

/// A deal just scored (`g`), from the game before its last card (`before`).
fn check_deal(g: &Pandur, before: &Pandur, opts: PandurOptions, seen: &mut Seen) {
    let t = g.tally();
    let (contract, soloist) = g.bid().unwrap();
    let solo = soloist as usize;
    seen.contracts.insert(match contract {
        PandurContract::Points(_) => "points".into(),
        c => c.notation(),
    });
    // Card points: of three hands, 157 with a trump suit, 125 without (the 24 cards at
    // Obenabe's values: 30 a suit, and 5 for the last trick); of two, those of the 16 cards in
    // play and 5.
    let total: u32 = t.card_points.iter().sum();
    let with_trump = !matches!(contract, PandurContract::Misere | PandurContract::Pandur);
    assert_eq!(g.trump().is_some(), with_trump);
    let in_play = g
        .active()
        .iter()
        .fold(CardSet::EMPTY, |a, &s| a | g.dealt_hands()[s as usize]);
    assert_eq!(in_play.len() as usize, 8 * g.active().len());
    let worth = card_points(in_play, g.trump());
    assert_eq!(total, worth + 5, "{contract}");
    if g.active().len() == 3 {
        assert_eq!(total, if with_trump { 157 } else { 125 }, "{contract}");
    }
    let by_tricks: u32 = (0..8).map(|i| g.completed_trick(i).3).sum();
    assert_eq!(by_tricks, total);
    for i in 0..8 {
        assert_eq!(
            g.completed_trick(i).1.len(),
            g.active().len(),
            "one card each"
        );
    }
    assert_eq!(t.tricks.iter().map(|&x| x as u32).sum::<u32>(), 8);
    for s in 0..4u8 {
        if !g.active().contains(&s) {
            assert_eq!(
                (t.card_points[s as usize], t.tricks[s as usize]),
                (0, 0),
                "seat {s} does not play"
            );
        }
    }
    // The dealer sits out exactly while four are in.
    let four_in = (0..opts.players).filter(|&s| !before.is_safe(s)).count() == 4;
    assert_eq!(!g.active().contains(&g.dealer()), four_in);
    let made = match contract {
        PandurContract::Points(n) => {
            let trump = g.trump().unwrap();
            let dealt = g.dealt_hands()[solo];
            let marriage = dealt.contains(Card::new(trump, Rank::King))
                && dealt.contains(Card::new(trump, Rank::Queen));
            assert_eq!(t.stoeck, if marriage { 20 } else { 0 });
            // The melds by 004's table and pecking order, the soloist first on a tie.
            let (solo_total, solo_key) = melds_004(dealt, trump);
            let best_other = g
                .active()
                .iter()
                .filter(|&&s| s != soloist)
                .map(|&s| melds_004(g.dealt_hands()[s as usize], trump).1)
                .max()
                .unwrap();
            let scores = solo_key.0 > 0 && solo_key >= best_other;
            assert_eq!(
                t.melds,
                if scores { solo_total } else { 0 },
                "soloist {dealt} against {best_other:?} in {trump}"
            );
            match g.shown_melds() {
                Some(m) if m.scored => {
                    assert_eq!(m.seat, soloist);
                    seen.scored += 1;
                }
                Some(m) => {
                    assert_ne!(m.seat, soloist);
                    assert_eq!(t.melds, 0);
                    assert!(g.dealt_hands()[m.seat as usize].contains_all(m.weis.cards()));
                    seen.blocked += 1;
                }
                None => assert_eq!((solo_key.0, best_other.0), (0, 0)),
            }
            assert_eq!(t.counted, t.card_points[solo] + t.melds + t.stoeck);
            t.counted >= n
        }
        c if c.is_misere() => {
            assert!(g.shown_melds().is_none());
            t.tricks[solo] == 0
        }
        _ => {
            assert!(g.shown_melds().is_none());
            t.tricks[solo] == 8
        }
    };
    assert_eq!(t.made, Some(made), "{contract}");
    seen.made[made as usize] += 1;
    let value = value_004(contract);
    for s in 0..4u8 {
        let sits_out = four_in && s == g.dealer();
        let want = if s as usize >= opts.players as usize || before.is_safe(s) {
            // A seat beyond the table, or out: nothing.
            0
        } else if made {
            if s == soloist {
                value
            } else {
                0
            }
        } else if sits_out {
            let inherits = opts.dealer_inherits && before.totals()[s as usize] + 2 < opts.target;
            if !inherits && opts.dealer_inherits {
                seen.dealer_skipped += 1;
            }
            if inherits {
                value
            } else {
                0
            }
        } else if s == soloist {
            0
        } else {
            // Each opponent: with two left, the one.
            assert!(g.active().contains(&s));
            value
        };
        assert_eq!(
            t.written[s as usize], want,
            "seat {s}, {contract} made {made}"
        );
    }
}

/// Random legal play over many seeded games of three and four players, each to its end (one
/// player left in): the checks of `random_game` at every step and deal, every kind of contract
/// met, and every stage of 004's ending: three of four playing with the dealer, the last two,
/// several dropping out at once, a dealer out passed over.
#[test]
fn properties_over_many_seeded_games() {
    let mut seen = Seen::default();
    for seed in 0..150u64 {
        for opts in [
            PandurOptions::default(),
            PandurOptions {
                players: 3,
                ..PandurOptions::default()
            },
            PandurOptions {
                target: 9,
                dealer_inherits: seed % 2 == 0,
                ..PandurOptions::default()
            },
        ] {
            random_game(opts, seed * 3 + u64::from(opts.players), &mut seen);
        }
    }
    let kinds: Vec<&str> = seen.contracts.iter().map(|s| s.as_str()).collect();
    assert_eq!(
        kinds,
        ["misere", "pandur", "points", "trump-misere", "trump-pandur"]
    );
    assert!(seen.made[0] > 0 && seen.made[1] > 0, "made and lost");
    assert!(seen.thrown_in > 0, "thrown in");
    assert!(
        seen.blocked > 0 && seen.scored > 0,
        "melds scored and blocked"
    );
    assert!(
        seen.dealer_skipped > 0,
        "a dealer near the target inherits nothing"
    );
    assert!(seen.three_of_four > 0, "three of four play, the dealer too");
    assert!(seen.two_left > 0, "the last two play");
    assert!(seen.several_out > 0, "several drop out at once");
    assert!(
        seen.dealer_passed_over > 0,
        "a seat out is passed over as dealer"
    );
}

// ---------------------------------------------------------------------------------------------
// Records.

/// A seeded game is recorded, checked by `record::check` and read back from JSON; a tampered
/// figure is refused.
#[test]
fn seeded_games_are_recorded_checked_and_read_back_and_tampering_is_refused() {
    for (players, seed) in [(4u8, 11u64), (3, 12), (4, 13)] {
        let opts = PandurOptions {
            players,
            ..PandurOptions::default()
        };
        let rec: PandurRecord =
            play_recorded(opts, seed, &mut random_players(players as usize, seed * 10)).unwrap();
        jass_core::record::check(&rec).unwrap();
        assert_eq!(rec.seats.len(), players as usize);
        read_back(&rec, "pandur");
        let pretty = GameRecord::<Pandur>::read_all(&rec.to_json_pretty())
            .pop()
            .unwrap()
            .unwrap();
        assert_eq!(pretty, rec);
        // Every deal lists one hand per seat: eight to each seat that plays, none to the dealer
        // who sits out while four are in nor to a player who dropped out. A player drops out
        // after the deal in which he reaches the target.
        let n = players as usize;
        let mut totals = vec![0u32; n];
        let mut safe: Vec<u8> = Vec::new();
        for d in &rec.deals {
            assert_eq!(d.hands.len(), n);
            assert!(!safe.contains(&d.dealer), "a seat out never deals");
            let still_in = n - safe.len();
            for (s, h) in d.hands.iter().enumerate() {
                let s = s as u8;
                let out = safe.contains(&s) || (still_in == 4 && s == d.dealer);
                assert_eq!(h.len(), if out { 0 } else { 8 }, "deal {}", d.number);
            }
            for (t, w) in totals.iter_mut().zip(&d.result.written) {
                *t += w;
            }
            assert_eq!(d.result.totals, totals);
            for k in 1..=players {
                let s = (d.dealer + k) % players;
                if !safe.contains(&s) && totals[s as usize] >= opts.target {
                    safe.push(s);
                }
            }
        }
        assert_eq!(rec.result.totals, totals);
        // The game result: the seats out in order, the one left in the loser.
        assert_eq!(rec.result.safe, safe);
        assert_eq!(safe.len(), n - 1);
        let loser = rec.result.loser.expect("a loser");
        assert!(!safe.contains(&loser) && loser < players);
        assert!(totals[loser as usize] < opts.target);
        let result = serde_json::to_value(&rec.result).unwrap();
        assert_eq!(result["loser"], loser);
        assert_eq!(result["safe"], serde_json::json!(safe));
        assert!(result.get("winners").is_none() && result.get("stopped").is_none());
        let i = rec
            .deals
            .iter()
            .position(|d| d.settled.contract.is_some())
            .expect("a deal played");
        let mut wrong = rec.clone();
        wrong.deals[i].result.written[0] += 1;
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("written"), "{e}");
        let mut wrong = rec.clone();
        let made = wrong.deals[i].result.made.unwrap();
        wrong.deals[i].result.made = Some(!made);
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("made"), "{e}");
        let mut wrong = rec.clone();
        wrong.deals[i].settled.contract.as_mut().unwrap().soloist += 1;
        assert!(wrong.check().is_err(), "the soloist is the last bidder");
        let mut wrong = rec.clone();
        wrong.result.loser = Some(safe[0]);
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("loser"), "{e}");
        let mut wrong = rec.clone();
        wrong.result.safe.reverse();
        let e = wrong.check().unwrap_err().to_string();
        assert!(e.contains("safe"), "{e}");
        let mut wrong = rec;
        wrong.result.totals[0] += 1;
        assert!(wrong.check().is_err());
    }
}

/// 004: "The leader declares the value of his best meld … Only the holder of the best meld may
/// score for it, but he may also score for any other melds he holds involving entirely different
/// cards": the contest compares each hand's strongest single meld (an Ace-high five beats a
/// King-high five, though four Aces and a four would score more together), and the winner scores
/// it with the melds of his other cards.
#[test]
fn the_meld_contest_compares_each_hands_strongest_meld() {
    let contest = |hands: &[CardSet], mode| {
        let rules = &jass_core::pandur::WEIS_RULES;
        jass_core::meld_contest::meld_contest(hands, 0, mode, rules, |a, b| a == b)
            .map(|c| (c.winner, c.written))
    };
    let hands: Vec<CardSet> = [
        "HA HK HQ HJ H10 SA DA CA",
        "SK SQ SJ S10 S9 D10 C10 CJ",
        "H9 D9 DJ DQ DK C9 CQ CK",
    ]
    .iter()
    .map(|h| h.parse().unwrap())
    .collect();
    let mode = Mode::Trump(Suit::C);
    let (best, shown) = contest(&hands, mode).expect("melds");
    assert_eq!(best, 0, "the Ace-high five beats the King-high five");
    assert_eq!(shown.cards(), "HA HK HQ HJ H10".parse::<CardSet>().unwrap());
    assert_eq!(shown.points(mode, &jass_core::pandur::WEIS_RULES), 100);
    // Without the Ace-high five the King-high five wins: the soloist's three of a kind and his
    // three in sequence do not count.
    let weaker: Vec<CardSet> = [
        "HK HQ HJ SA DA CA H9 D10",
        "SK SQ SJ S10 S9 D9 C10 CJ",
        "HA H10 DJ DQ DK C9 CQ CK",
    ]
    .iter()
    .map(|h| h.parse().unwrap())
    .collect();
    let (best, shown) = contest(&weaker, mode).expect("melds");
    assert_eq!(best, 1);
    assert_eq!(shown.points(mode, &jass_core::pandur::WEIS_RULES), 100);
    // Four Aces and a sequence of other cards: both scored by the winner (100 + 20).
    let both: Vec<CardSet> = [
        "HA SA DA CA DK DQ DJ C9",
        "SK SQ SJ S9 H9 D9 C10 CJ",
        "D10 H10 HJ HQ HK S10 CQ CK",
    ]
    .iter()
    .map(|h| h.parse().unwrap())
    .collect();
    let (best, shown) = contest(&both, mode).expect("melds");
    assert_eq!(best, 0);
    assert_eq!(shown.points(mode, &jass_core::pandur::WEIS_RULES), 120);
}

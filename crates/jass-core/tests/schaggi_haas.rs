//! Schaggi Haas (004 "Schaggi Haas", JassWiki "Schaggi-Haas"; the trick rules of 003). The rules
//! are re-stated in this file (card values, the trick's winner, the legal cards, the melds and
//! their order, the cut) and the engine is checked against them, never against its own helpers.
//! What is tested:
//!
//! - the cut (`schaggi_haas::cut`): seat 0 and seat 1 draw, the lower rank deals, equal ranks
//!   draw again; over many seeds every draw but the last ties and the last does not;
//! - `deal_from_pack`: twelve to each in packets of four from forehand (the non-dealer), the 25th
//!   card turned, a talon of four to each (forehand's first), the last three the stock; the
//!   dealer the loser of the deal's cut; wrong deals refused;
//! - Bessern: forehand decides first, then the dealer; `bessern` then exactly four `discard`s of
//!   cards in the hand, then the talon joins the hand; `keep-hand` shows the talon to that seat
//!   only (`laid_away`); illegal actions in every phase refused with a message, changing nothing;
//! - robbing (`exchange-six`): only the holder of the trump six, only before his own first card
//!   (the dealer after forehand's lead), never when the six is turned, once; the turned card then
//!   in the robber's hand, the six in none, the led card still on the table;
//! - melds: after the first trick, the best single meld's holder writes all his melds (value,
//!   length, height, trump, position), none with `weis: none`; Stöck at the end of the trick in
//!   which its holder has played King and Queen of trumps, none with `stoeck: false`; the
//!   holder's best meld wins even when another layout of his hand would count more;
//! - scoring: 157 = both players' card points + the dead cards (discards, talons left, stock, the
//!   turned card or the robbed six); no Matsch bonus for twelve tricks;
//! - the game's end: the first to reach the target wins at once, mid-deal, the items of a trick
//!   checked in the order Stöck, Weis, Stich (positions built near a target of 100);
//! - a whole deal worked by hand (Bessern, robbing, melds, Stöck, the 157);
//! - properties over many seeded random games: the legal actions are the rules', every one
//!   accepted and others refused without change; every trick, meld, Stöck, total and the game's
//!   end recomputed; no view shows another seat's hand, talon or discards, nor the stock;
//! - records: `play_seeded` → `check` passes, reads back from JSON; tampered records refused.

mod common;

use common::{
    assert_worked, card, drive, legal_actions, packs, points_of, random_players, read_back,
    refused, refused_action, refused_deal, run, seat_to_move, set, value, view_cards, Driver,
};
use jass_core::deal::{uniform_below, SeededDealer};
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::record::GameRecord;
use jass_core::schaggi_haas::{
    cut, SchaggiHaas, SchaggiHaasAction, SchaggiHaasDeal, SchaggiHaasOptions, SchaggiHaasPhase,
};
use jass_core::schieber::WeisOption;
use jass_core::{Card, CardSet, Mode, Rank, Suit, UndenufeEleven};
use rand_xoshiro::Xoshiro256PlusPlus;

type A = SchaggiHaasAction;
type Phase = SchaggiHaasPhase;

// ---------------------------------------------------------------------------------------------
// The rules written out independently of the engine.

/// The natural order (6 lowest, Ace highest): the cut, plain suits and sequences.
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

/// The rank of natural index `i`.
fn rank_at(i: u32) -> Rank {
    [
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ][i as usize]
}

/// A trump's rank (003): Under, Nell, Ace, King, Queen, Ten, 8, 7, 6.
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

/// Index in play order of the card that takes `cards` (003: the highest trump, else the highest
/// card of the suit led).
fn ref_winner(cards: &[Card], trump: Suit) -> usize {
    let lead = cards[0].suit();
    let key = |c: &Card| -> i32 {
        if c.suit() == trump {
            100 + trump_order(c.rank()) as i32
        } else if c.suit() == lead {
            natural(c.rank()) as i32
        } else {
            -1
        }
    };
    (0..cards.len()).max_by_key(|&i| key(&cards[i])).unwrap()
}

/// The cards `hand` may play to `trick` under the strict rule of a positive game (003; JassWiki:
/// "Ist mit Trumpf eingestochen worden, darf nur untertrumpft werden, wenn man nur noch
/// Trumpfkarten hat"): a trump led must be followed with a trump (the Puur alone is not forced);
/// a plain suit led: follow or trump, without it any card; a trump under one in the trick only
/// with nothing but trumps.
fn ref_legal(hand: CardSet, trick: &[Card], trump: Suit) -> CardSet {
    let Some(lead) = trick.first() else {
        return hand;
    };
    let trumps = hand.of_suit(trump);
    if lead.suit() == trump {
        let puur = CardSet::single(Card::new(trump, Rank::Jack));
        return if trumps.is_empty() || trumps == puur {
            hand
        } else {
            trumps
        };
    }
    let top = trick
        .iter()
        .filter(|c| c.suit() == trump)
        .map(|c| trump_order(c.rank()))
        .max();
    let over: CardSet = trumps
        .iter()
        .filter(|c| top.is_none_or(|m| trump_order(c.rank()) > m))
        .collect();
    let may_trump = if hand == trumps { trumps } else { over };
    let follow = hand.of_suit(lead.suit());
    if follow.is_empty() {
        (hand - trumps) | may_trump
    } else {
        follow | may_trump
    }
}

/// The six of `trump`.
fn six_of(trump: Suit) -> Card {
    Card::new(trump, Rank::Six)
}

/// Options of the melds as the tests read them.
#[derive(Copy, Clone)]
struct MeldRules {
    large: bool,
    four_nines: bool,
}

impl MeldRules {
    fn of(o: &SchaggiHaasOptions) -> Option<MeldRules> {
        match o.weis {
            WeisOption::None => None,
            WeisOption::Small => Some(MeldRules {
                large: false,
                four_nines: o.four_nines,
            }),
            WeisOption::Large => Some(MeldRules {
                large: true,
                four_nines: o.four_nines,
            }),
        }
    }
}

/// One meld: a run of `len` cards of `suit` up to natural index `top`, or the four of a rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Meld {
    Run { suit: Suit, top: u32, len: u32 },
    Four(Rank),
}

impl Meld {
    fn cards(self) -> CardSet {
        match self {
            Meld::Run { suit, top, len } => (top + 1 - len..=top)
                .map(|i| Card::new(suit, rank_at(i)))
                .collect(),
            Meld::Four(r) => Suit::ALL.iter().map(|&s| Card::new(s, r)).collect(),
        }
    }

    /// 004's table (003's small Weis): four Jacks 200, four nines 150 (option), four A K Q 10
    /// 100, five or more in sequence 100, four 50, three 20; the large Weis (003): six 150, seven
    /// 200, eight 250, nine 300.
    fn value(self, r: MeldRules) -> u32 {
        match self {
            Meld::Run { len, .. } => match len {
                0..=2 => 0,
                3 => 20,
                4 => 50,
                l if r.large => 100 + 50 * (l - 5),
                _ => 100,
            },
            Meld::Four(rank) => match rank {
                Rank::Jack => 200,
                Rank::Nine if r.four_nines => 150,
                Rank::Ace | Rank::King | Rank::Queen | Rank::Ten => 100,
                _ => 0,
            },
        }
    }

    /// What decides between two melds (004: "value, length, height, trump"; position after).
    fn key(self, r: MeldRules, trump: Suit) -> (u32, u32, u32, bool) {
        match self {
            Meld::Run { suit, top, len } => (self.value(r), len, top, suit == trump),
            Meld::Four(rank) => (self.value(r), 4, natural(rank), false),
        }
    }
}

/// The runs of three or more in `hand`, each suit's maximal runs; with the small Weis a run of
/// eight or nine is a run of five (the top) and one of three or four (003: "A sequence of eight
/// (or nine) cards may be regarded as a sequence of five and a sequence of three (or four)").
fn runs(hand: CardSet, r: MeldRules) -> Vec<Meld> {
    let mut out = Vec::new();
    for suit in Suit::ALL {
        let mut len = 0;
        for i in 0..=9u32 {
            if i < 9 && hand.contains(Card::new(suit, rank_at(i))) {
                len += 1;
                continue;
            }
            if len >= 3 {
                let top = i - 1;
                if !r.large && len >= 8 {
                    out.push(Meld::Run { suit, top, len: 5 });
                    out.push(Meld::Run {
                        suit,
                        top: top - 5,
                        len: len - 5,
                    });
                } else {
                    out.push(Meld::Run { suit, top, len });
                }
            }
            len = 0;
        }
    }
    out
}

/// The scoring fours of `hand`.
fn fours(hand: CardSet, r: MeldRules) -> Vec<Meld> {
    Rank::ALL
        .iter()
        .map(|&rank| Meld::Four(rank))
        .filter(|m| hand.contains_all(m.cards()) && m.value(r) > 0)
        .collect()
}

/// The ways `hand` may declare its melds: with the large Weis every four and every run together
/// (a card may serve in both); with the small Weis no card twice: a choice of fours, with the
/// runs of the rest (003).
fn declarations(hand: CardSet, r: MeldRules) -> Vec<Vec<Meld>> {
    let fs = fours(hand, r);
    if r.large {
        return vec![fs.iter().copied().chain(runs(hand, r)).collect()];
    }
    (0..1u32 << fs.len())
        .map(|mask| {
            let chosen: Vec<Meld> = (0..fs.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| fs[i])
                .collect();
            let rest = chosen.iter().fold(hand, |h, m| h - m.cards());
            chosen.iter().copied().chain(runs(rest, r)).collect()
        })
        .collect()
}

/// The best single meld of `hand`, as its key.
fn ref_best_single(hand: CardSet, r: MeldRules, trump: Suit) -> Option<(u32, u32, u32, bool)> {
    declarations(hand, r)
        .into_iter()
        .flatten()
        .map(|m| m.key(r, trump))
        .max()
}

/// Who writes melds after the first trick and how much (004: "Only the holder of the best meld
/// may score for it, but he may also score for any other melds he holds involving entirely
/// different cards"; equal melds: "the previous player wins by prior position", forehand). The
/// holder writes the most he can declare with a meld that still beats the other's best.
fn ref_melds(
    hands: [CardSet; 2],
    forehand: u8,
    trump: Suit,
    o: &SchaggiHaasOptions,
) -> Option<(u8, u32)> {
    let r = MeldRules::of(o)?;
    let best = |s: u8| ref_best_single(hands[s as usize], r, trump);
    let dealer = 1 - forehand;
    let holder = match (best(forehand), best(dealer)) {
        (None, None) => return None,
        (Some(_), None) => forehand,
        (None, Some(_)) => dealer,
        (Some(a), Some(b)) => {
            if b > a {
                dealer
            } else {
                forehand
            }
        }
    };
    let rival = best(1 - holder);
    let beats = |k| match rival {
        None => true,
        Some(b) => k > b || (k == b && holder == forehand),
    };
    let points = declarations(hands[holder as usize], r)
        .into_iter()
        .filter(|d| d.iter().map(|m| m.key(r, trump)).max().is_some_and(beats))
        .map(|d| d.iter().map(|m| m.value(r)).sum::<u32>())
        .max()
        .unwrap();
    Some((holder, points))
}

/// The seat holding King and Queen of trumps in `hands`.
fn ref_stoeck_holder(hands: [CardSet; 2], trump: Suit) -> Option<u8> {
    let kq = set_of(&[Card::new(trump, Rank::King), Card::new(trump, Rank::Queen)]);
    (0..2u8).find(|&s| hands[s as usize].contains_all(kq))
}

fn set_of(cards: &[Card]) -> CardSet {
    cards.iter().copied().collect()
}

// ---------------------------------------------------------------------------------------------
// Helpers.

fn opts() -> SchaggiHaasOptions {
    SchaggiHaasOptions::default()
}

fn game(o: SchaggiHaasOptions) -> SchaggiHaas {
    SchaggiHaas::new(o).unwrap()
}

/// The first seed whose cut makes `dealer` deal.
fn seed_with_dealer(dealer: u8) -> u64 {
    (0..).find(|&s| cut(s).1 == dealer).unwrap()
}

/// A hand-made deal: the hands, talons, turned card and stock by seat, `dealer` dealing (a cut
/// seed that makes him deal). Together they must make the pack.
fn deal_of(
    hands: [&str; 2],
    talons: [&str; 2],
    trump_card: &str,
    stock: &str,
    dealer: u8,
) -> SchaggiHaasDeal {
    let d = SchaggiHaasDeal {
        hands: hands.map(set),
        talons: talons.map(set),
        trump_card: card(trump_card),
        stock: set(stock),
        cut_seed: seed_with_dealer(dealer),
    };
    let all = d.hands[0] | d.hands[1] | d.talons[0] | d.talons[1] | d.stock;
    assert_eq!(all.len() + 1, 36, "the test's deal has 36 different cards");
    assert!(!all.contains(d.trump_card));
    d
}

/// A game of these options with this deal dealt.
fn dealt_game(o: SchaggiHaasOptions, d: SchaggiHaasDeal) -> SchaggiHaas {
    let mut g = game(o);
    g.apply_deal(d).unwrap();
    g
}

/// Plays one trick from the seat to lead, `lead` then `second`; checks the cards, the winner and
/// the points worked by hand (against the card values; the last trick 5 more).
fn trick(g: &mut SchaggiHaas, lead: &str, second: &str, winner: u8, points: u32) {
    let i = g.card_play().tricks_done() as usize;
    run(g, &[&format!("play {lead}"), &format!("play {second}")]);
    let (_, cards, w, p) = g.completed_trick(i);
    assert_eq!(cards, vec![card(lead), card(second)], "trick {}", i + 1);
    assert_eq!((w, p), (winner, points), "trick {}: winner, points", i + 1);
    assert_worked(
        &[lead, second],
        Mode::Trump(g.trump()),
        UndenufeEleven::Ace,
        i == 11,
        points,
    );
}

/// Whether `exchange-six` is among the legal actions.
fn offers_rob(g: &SchaggiHaas) -> bool {
    legal_actions(g).contains(&A::ExchangeSix)
}

/// Whether `actions` are `bessern` and `keep-hand`, in any order.
fn only_the_choice(actions: &[A]) -> bool {
    actions.len() == 2 && actions.contains(&A::Bessern) && actions.contains(&A::KeepHand)
}

/// Plays the first legal card (never robbing).
fn play_first_card(g: &mut SchaggiHaas) {
    let a = legal_actions(g)
        .into_iter()
        .find(|a| matches!(a, A::Play { .. }))
        .unwrap();
    g.apply(a).unwrap();
}

/// The cards a view names, but for the cut's draws: those come from a pack shuffled for the cut
/// alone and tell nothing of the deal's cards (they are checked to be the cut's).
fn cards_of_view(mut v: serde_json::Value) -> CardSet {
    if let Some(draws) = v.as_object_mut().and_then(|m| m.remove("cut")) {
        assert!(draws.is_array());
    }
    view_cards(&v)
}

/// The cards in a seat's view (`observe`, serialized), but for the cut's draws.
fn seen_by(g: &SchaggiHaas, seat: usize) -> CardSet {
    let v = serde_json::to_value(g.observe(seat)).unwrap();
    if g.deals_started() > 0 {
        assert_eq!(
            v["cut"],
            serde_json::to_value(cut(g.dealt().cut_seed).0).unwrap()
        );
    }
    cards_of_view(v)
}

// ---------------------------------------------------------------------------------------------
// The cut and the deal.

#[test]
fn the_cut_draws_pairs_until_the_ranks_differ_and_the_lower_rank_deals() {
    let mut dealers = [0u32; 2];
    let mut redrawn = 0;
    let mut longest = 0;
    for seed in 0..5000u64 {
        let (draws, dealer) = cut(seed);
        assert_eq!(
            cut(seed),
            (draws.clone(), dealer),
            "the same seed, the same cut"
        );
        let (last, ties) = draws.split_last().expect("at least one draw");
        for [a, b] in ties {
            assert_eq!(
                natural(a.rank()),
                natural(b.rank()),
                "seed {seed}: only equal ranks draw again ({draws:?})"
            );
        }
        assert_ne!(
            natural(last[0].rank()),
            natural(last[1].rank()),
            "seed {seed}"
        );
        // 004: "the player with the lowest card deals"; seat 0's card is first.
        let want = if natural(last[0].rank()) < natural(last[1].rank()) {
            0
        } else {
            1
        };
        assert_eq!(dealer, want, "seed {seed}: {draws:?}");
        // The draws come from a shuffled pack: within a pack (18 draws) no card twice.
        for pack in draws.chunks(18) {
            let cards: CardSet = pack.iter().flatten().copied().collect();
            assert_eq!(
                cards.len() as usize,
                2 * pack.len(),
                "seed {seed}: {draws:?}"
            );
        }
        dealers[dealer as usize] += 1;
        if draws.len() > 1 {
            redrawn += 1;
        }
        longest = longest.max(draws.len());
    }
    // Equal ranks come up 3 times in 35: some cuts are drawn again, some more than once; the
    // dealer is either seat about as often.
    assert!(redrawn > 200, "{redrawn}");
    assert!(longest >= 3, "{longest}");
    assert!(dealers.iter().all(|&n| n > 2200), "{dealers:?}");
}

#[test]
fn every_view_shows_the_whole_cut_however_many_draws_it_took() {
    // The game keeps a cut's first draws and draws a long cut again for the view: a cut of one
    // draw, of two, and of five or more (equal ranks four times running) all show every draw.
    let long = |n: usize| (0..1_000_000u64).find(|&s| cut(s).0.len() >= n).unwrap();
    for seed in [long(1), long(2), long(5)] {
        let mut g = game(opts());
        let mut d = g.deal_from_pack(&SeededDealer::new(seed).next_pack());
        d.cut_seed = seed;
        g.apply_deal(d).unwrap();
        let (draws, dealer) = cut(seed);
        assert_eq!(g.observation_as(Some(0)).cut, draws, "seed {seed}");
        assert_eq!(g.observation_as(None).cut, draws, "seed {seed}");
        assert_eq!(g.observation_as(Some(0)).dealer, dealer, "seed {seed}");
    }
}

#[test]
fn deal_from_pack_gives_twelve_in_fours_from_forehand_the_25th_turned_talons_and_stock() {
    let g = game(opts());
    let mut packs_src = SeededDealer::new(5);
    let mut dealt_by = [0; 2];
    let mut seeds = Vec::new();
    for _ in 0..60 {
        let pack = packs_src.next_pack();
        let d = g.deal_from_pack(&pack);
        // The dealer is the loser of the deal's cut (the lower rank of its last draw).
        let (draws, _) = cut(d.cut_seed);
        let last = draws.last().unwrap();
        let dealer = usize::from(natural(last[1].rank()) < natural(last[0].rank()));
        let fh = 1 - dealer;
        // 004: "deals 12 cards each in packets of 4, turns the next for trump and then deals one
        // more packet of 4, face down as a personal talon. The remaining 3 cards ...".
        assert_eq!(d.hands[fh], packs(&pack, &[0..4, 8..12, 16..20]));
        assert_eq!(d.hands[dealer], packs(&pack, &[4..8, 12..16, 20..24]));
        assert_eq!(d.trump_card, pack[24], "the 25th card is turned");
        assert_eq!(
            d.talons[fh],
            set_of(&pack[25..29]),
            "forehand's talon first"
        );
        assert_eq!(d.talons[dealer], set_of(&pack[29..33]));
        assert_eq!(d.stock, set_of(&pack[33..36]));
        let mut g2 = g;
        g2.apply_deal(d).unwrap();
        assert_eq!(g2.dealer() as usize, dealer);
        assert_eq!(g2.forehand() as usize, fh);
        assert_eq!(g2.trump(), pack[24].suit());
        assert_eq!(g2.phase(), Phase::Bessern);
        assert_eq!(seat_to_move(&g2) as usize, fh, "forehand decides first");
        for s in 0..2 {
            assert_eq!(g2.hand(s as u8), d.hands[s]);
            assert_eq!(g2.observe(s).hand, d.hands[s]);
            assert_eq!(g2.observe(s).laid_away, CardSet::EMPTY);
        }
        dealt_by[dealer] += 1;
        seeds.push(d.cut_seed);
    }
    assert!(dealt_by.iter().all(|&n| n >= 15), "{dealt_by:?}");
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 60, "a new cut for every deal");
}

#[test]
fn the_dealer_of_a_hand_made_deal_is_the_loser_of_its_cut() {
    for dealer in [0u8, 1] {
        let g = dealt_game(opts(), worked_deal_by(dealer));
        assert_eq!((g.dealer(), g.forehand()), (dealer, 1 - dealer));
        assert_eq!(seat_to_move(&g), 1 - dealer);
        assert_eq!(g.observe(0).cut, cut(seed_with_dealer(dealer)).0);
    }
}

#[test]
fn wrong_deals_and_actions_out_of_turn_are_refused_and_change_nothing() {
    let mut g = game(opts());
    let good = worked_deal();
    // No action before the cards.
    for a in [
        "bessern",
        "keep-hand",
        "play HA",
        "discard HA",
        "exchange-six",
    ] {
        let e = refused(&mut g, a);
        assert!(!e.is_empty());
    }
    // Eleven cards in a hand.
    let mut d = good;
    d.hands[0].remove(card("S6"));
    d.stock.insert(card("S6"));
    assert!(!refused_deal(&mut g, d).is_empty());
    // A talon of three.
    let mut d = good;
    d.talons[1].remove(card("CA"));
    d.stock.insert(card("CA"));
    assert!(!refused_deal(&mut g, d).is_empty());
    // A card twice (the turned card also in a hand).
    let mut d = good;
    d.hands[0].remove(card("S6"));
    d.hands[0].insert(card("SK"));
    let e = refused_deal(&mut g, d);
    assert!(e.contains("SK"), "{e}");
    // The good deal, then a deal out of turn.
    g.apply_deal(good).unwrap();
    assert!(!refused_deal(&mut g, good).is_empty());
}

// ---------------------------------------------------------------------------------------------
// The deal worked by hand below; its cards serve the Bessern and robbing tests too.

/// Spades trump, the SK turned. Seat 0 deals (in `worked_deal`), seat 1 is forehand.
///
/// - Seat 0: S6 S7 S10 SQ, H9 HK, DK DA, C6 C7 C8 CQ; talon S8 SA HJ D6.
/// - Seat 1: S9 SJ, H6 H7 H8 HQ HA, D7 DQ, C10 CJ CK; talon D8 D9 D10 CA.
/// - Stock: H10 DJ C9.
fn worked_deal_by(dealer: u8) -> SchaggiHaasDeal {
    deal_of(
        [
            "S6 S7 S10 SQ H9 HK DK DA C6 C7 C8 CQ",
            "S9 SJ H6 H7 H8 HQ HA D7 DQ C10 CJ CK",
        ],
        ["S8 SA HJ D6", "D8 D9 D10 CA"],
        "SK",
        "H10 DJ C9",
        dealer,
    )
}

fn worked_deal() -> SchaggiHaasDeal {
    worked_deal_by(0)
}

// ---------------------------------------------------------------------------------------------
// Bessern.

#[test]
fn bessern_forehand_first_four_discards_then_the_talon_and_the_dealer_keeps_his_hand() {
    let d = worked_deal();
    let mut g = dealt_game(opts(), d);
    // Forehand (seat 1) decides first; only `bessern` and `keep-hand` are offered.
    assert_eq!((g.phase(), seat_to_move(&g)), (Phase::Bessern, 1));
    assert!(only_the_choice(&legal_actions(&g)));
    assert_eq!(g.legal_cards(), CardSet::EMPTY);
    // Nobody sees a talon before deciding (JassWiki: "die jedoch noch nicht eingesehen werden
    // dürfen").
    for s in 0..2 {
        assert!(seen_by(&g, s) & (d.talons[0] | d.talons[1]) == CardSet::EMPTY);
    }
    for a in ["discard HQ", "play HA", "exchange-six", "discard S6"] {
        assert!(!refused(&mut g, a).is_empty(), "{a}");
    }
    run(&mut g, &["bessern"]);
    assert_eq!((g.phase(), seat_to_move(&g)), (Phase::Discard, 1));
    assert_eq!(g.bessern(), [None, Some(true)]);
    // Any card of the hand may be laid away, nothing else (not yet the talon's cards).
    let offered: CardSet = legal_actions(&g)
        .into_iter()
        .map(|a| match a {
            A::Discard { card } => card,
            a => panic!("{a} offered while laying away"),
        })
        .collect();
    assert_eq!(offered, d.hands[1]);
    for a in [
        "discard D8", // of his talon
        "discard S6", // of the other's hand
        "discard SK", // the turned card
        "bessern",
        "keep-hand",
        "play HA",
        "exchange-six",
    ] {
        assert!(!refused(&mut g, a).is_empty(), "{a}");
    }
    let mut left = d.hands[1];
    for (k, c) in ["HQ", "DQ", "C10", "CJ"].into_iter().enumerate() {
        if k > 0 {
            // Still laying away: the talon has not joined the hand, nobody sees it.
            assert_eq!((g.phase(), seat_to_move(&g)), (Phase::Discard, 1));
            assert!(seen_by(&g, 1) & d.talons[1] == CardSet::EMPTY);
            assert!(
                !refused(&mut g, "discard HQ").is_empty(),
                "laid away already"
            );
        }
        run(&mut g, &[&format!("discard {c}")]);
        left.remove(card(c));
        if k < 3 {
            assert_eq!(g.observe(1).hand, left);
            assert_eq!(g.observe(1).hand.len(), 11 - k as u32);
        }
    }
    // The talon joins the hand: twelve again; the four laid away are the seat's `laid_away`.
    let discards = set("HQ DQ C10 CJ");
    let new_hand = (d.hands[1] - discards) | d.talons[1];
    assert_eq!(g.hand(1), new_hand);
    assert_eq!(g.observe(1).hand, new_hand);
    assert_eq!(new_hand.len(), 12);
    assert_eq!(g.observe(1).laid_away, discards);
    assert_eq!(g.observe(0).laid_away, CardSet::EMPTY);
    // Now the dealer decides.
    assert_eq!((g.phase(), seat_to_move(&g)), (Phase::Bessern, 0));
    assert!(only_the_choice(&legal_actions(&g)));
    assert!(seen_by(&g, 0) & (discards | d.talons[1] | d.talons[0]) == CardSet::EMPTY);
    for a in ["discard S6", "play S6", "exchange-six"] {
        assert!(!refused(&mut g, a).is_empty(), "{a}");
    }
    run(&mut g, &["keep-hand"]);
    // Keeping the hand: the hand is unchanged, the talon shown to that seat only.
    assert_eq!(g.bessern(), [Some(false), Some(true)]);
    assert_eq!(g.hand(0), d.hands[0]);
    assert_eq!(g.observe(0).laid_away, d.talons[0]);
    assert!(seen_by(&g, 0).contains_all(d.talons[0]));
    assert!(seen_by(&g, 1) & (d.talons[0] | d.hands[0]) == CardSet::EMPTY);
    assert!(seen_by(&g, 0) & (discards | new_hand) == CardSet::EMPTY);
    let public = cards_of_view(g.public_view_json());
    assert_eq!(
        public,
        CardSet::single(card("SK")),
        "spectators see the turned card only"
    );
    // The play: forehand leads; Bessern is over.
    assert_eq!((g.phase(), seat_to_move(&g)), (Phase::Play, 1));
    for a in ["bessern", "keep-hand", "discard HA", "exchange-six"] {
        assert!(!refused(&mut g, a).is_empty(), "{a}");
    }
    assert_eq!(g.legal_cards(), new_hand);
}

#[test]
fn when_forehand_keeps_his_hand_the_dealer_may_take_his_talon() {
    let d = worked_deal();
    let mut g = dealt_game(opts(), d);
    run(&mut g, &["keep-hand"]);
    assert_eq!(g.observe(1).laid_away, d.talons[1]);
    assert_eq!(g.observe(1).hand, d.hands[1]);
    assert_eq!((g.phase(), seat_to_move(&g)), (Phase::Bessern, 0));
    run(&mut g, &["bessern"]);
    assert_eq!((g.phase(), seat_to_move(&g)), (Phase::Discard, 0));
    // The dealer may lay away the trump six too; then he cannot rob (below).
    run(
        &mut g,
        &["discard C6", "discard C7", "discard C8", "discard CQ"],
    );
    let hand = (d.hands[0] - set("C6 C7 C8 CQ")) | d.talons[0];
    assert_eq!(g.hand(0), hand);
    assert_eq!(g.observe(0).laid_away, set("C6 C7 C8 CQ"));
    assert!(seen_by(&g, 1) & (set("C6 C7 C8 CQ") | d.talons[0]) == CardSet::EMPTY);
    assert!(seen_by(&g, 0) & d.talons[1] == CardSet::EMPTY);
    assert_eq!((g.phase(), seat_to_move(&g)), (Phase::Play, 1));
}

// ---------------------------------------------------------------------------------------------
// Robbing the turned card.

#[test]
fn the_dealer_robs_after_forehands_lead_and_the_led_card_stays() {
    let d = worked_deal();
    let mut g = dealt_game(opts(), d);
    // Not before the play, nor out of turn.
    assert!(!refused(&mut g, "exchange-six").is_empty());
    run(&mut g, &["keep-hand"]);
    assert!(!refused(&mut g, "exchange-six").is_empty());
    run(&mut g, &["keep-hand"]);
    // Forehand (seat 1) leads; he has no six; the dealer's turn has not come.
    assert!(!offers_rob(&g));
    assert!(!refused(&mut g, "exchange-six").is_empty());
    run(&mut g, &["play HA"]);
    // The dealer holds the S6: before his first card he may rob the SK.
    assert_eq!(seat_to_move(&g), 0);
    assert!(offers_rob(&g));
    run(&mut g, &["exchange-six"]);
    assert_eq!(g.robbed(), Some(0));
    assert_eq!(g.hand(0), (d.hands[0] - set("S6")) | set("SK"));
    assert!(!g.hand(1).contains(card("S6")) && !g.hand(0).contains(card("S6")));
    assert_eq!(
        g.current_trick(),
        &[card("HA")],
        "the led card is still on the table"
    );
    assert_eq!(g.observe(0).trick, vec![card("HA")]);
    assert_eq!(seat_to_move(&g), 0, "the robber still plays to the trick");
    // Once only.
    assert!(!offers_rob(&g));
    assert!(!refused(&mut g, "exchange-six").is_empty());
    // He may play the robbed card to this trick.
    assert!(g.legal_cards().contains(card("SK")));
    run(&mut g, &["play SK"]);
    let (leader, cards, winner, points) = g.completed_trick(0);
    assert_eq!(
        (leader, cards, winner),
        (1, vec![card("HA"), card("SK")], 0)
    );
    assert_eq!(points, 11 + 4);
    assert!(!refused(&mut g, "exchange-six").is_empty());
}

#[test]
fn forehand_robs_before_his_lead_never_after_it() {
    // The same cards, seat 1 dealing: seat 0, holding the S6, is forehand.
    let d = worked_deal_by(1);
    let mut g = dealt_game(opts(), d);
    run(&mut g, &["keep-hand", "keep-hand"]);
    assert_eq!(seat_to_move(&g), 0);
    assert!(offers_rob(&g));
    run(&mut g, &["exchange-six"]);
    assert_eq!(g.robbed(), Some(0));
    assert_eq!(seat_to_move(&g), 0, "he still leads");
    assert!(g.current_trick().is_empty());
    assert_eq!(g.hand(0), (d.hands[0] - set("S6")) | set("SK"));
    assert!(!offers_rob(&g));
    assert!(!refused(&mut g, "exchange-six").is_empty());
    run(&mut g, &["play SK"]);
    assert!(!offers_rob(&g), "seat 1 holds no six");

    // Not robbing before his lead, he cannot rob later.
    let mut g = dealt_game(opts(), d);
    run(&mut g, &["keep-hand", "keep-hand"]);
    assert!(offers_rob(&g));
    run(&mut g, &["play S10"]);
    assert!(!refused(&mut g, "exchange-six").is_empty());
    run(&mut g, &["play S9"]); // seat 1 follows with a trump and takes the trick
    assert_eq!(seat_to_move(&g), 1);
    run(&mut g, &["play HA"]);
    assert_eq!(seat_to_move(&g), 0);
    assert!(g.hand(0).contains(card("S6")));
    assert!(!offers_rob(&g), "after his first card");
    assert!(!refused(&mut g, "exchange-six").is_empty());
    assert_eq!(g.robbed(), None);
}

#[test]
fn the_dealer_who_played_his_first_card_cannot_rob_later() {
    let mut g = dealt_game(opts(), worked_deal());
    run(&mut g, &["keep-hand", "keep-hand", "play HA"]);
    assert!(offers_rob(&g));
    run(&mut g, &["play S7"]); // trumps the ace without robbing
    assert_eq!(seat_to_move(&g), 0);
    assert!(g.hand(0).contains(card("S6")));
    assert!(!offers_rob(&g));
    assert!(!refused(&mut g, "exchange-six").is_empty());
}

#[test]
fn no_robbing_when_the_six_is_turned_laid_away_or_absent_but_from_a_taken_talon() {
    // The S6 turned (the SK in seat 0's hand instead): nobody may rob, ever.
    let mut d = worked_deal();
    d.hands[0].remove(card("S6"));
    d.hands[0].insert(card("SK"));
    d.trump_card = card("S6");
    let mut g = dealt_game(opts(), d);
    run(&mut g, &["keep-hand", "keep-hand"]);
    for _ in 0..4 {
        assert!(!offers_rob(&g));
        assert!(!refused(&mut g, "exchange-six").is_empty());
        play_first_card(&mut g);
    }

    // The dealer lays the S6 away: he cannot rob.
    let mut g = dealt_game(opts(), worked_deal());
    run(
        &mut g,
        &[
            "keep-hand",
            "bessern",
            "discard S6",
            "discard C6",
            "discard C7",
            "discard C8",
            "play HA",
        ],
    );
    assert_eq!(seat_to_move(&g), 0);
    assert!(!offers_rob(&g));
    assert!(!refused(&mut g, "exchange-six").is_empty());

    // The S6 in the dealer's talon (the D6 in his hand): taking the talon, he may rob.
    let mut d = worked_deal();
    d.hands[0].remove(card("S6"));
    d.hands[0].insert(card("D6"));
    d.talons[0].remove(card("D6"));
    d.talons[0].insert(card("S6"));
    let mut g = dealt_game(opts(), d);
    run(&mut g, &["keep-hand", "keep-hand", "play HA"]);
    assert!(!offers_rob(&g), "the six lies in the talon he left");
    let mut g = dealt_game(opts(), d);
    run(
        &mut g,
        &[
            "keep-hand",
            "bessern",
            "discard C6",
            "discard C7",
            "discard C8",
            "discard CQ",
            "play HA",
        ],
    );
    assert!(offers_rob(&g));
    run(&mut g, &["exchange-six"]);
    assert!(g.hand(0).contains(card("SK")) && !g.hand(0).contains(card("S6")));
}

// ---------------------------------------------------------------------------------------------
// The worked deal.

/// The worked deal played to its end. Seat 1 (forehand) takes his talon, laying away HQ DQ C10
/// CJ (18 points, dead); seat 0 (dealer) keeps his hand (his talon S8 SA HJ D6, 13 points, dead)
/// and robs the SK with the S6 after forehand's lead (the S6, 0, dead). Stock H10 DJ C9: 12
/// points, dead. Dead: 18 + 13 + 12 + 0 = 43.
///
/// Hands in play: seat 0 SK S7 S10 SQ H9 HK DK DA C6 C7 C8 CQ (39 points); seat 1 S9 SJ H6 H7
/// H8 HA D7 D8 D9 D10 CK CA (70 points). 39 + 70 + 43 = 152.
///
/// Melds (004's table): seat 1 D7-D10 (50) and H6-H8 (20); seat 0 C6-C8 (20) only (SQ SK after
/// the robbing are two). Seat 1's 50 is the best single meld: seat 1 writes 70, seat 0 nothing.
/// Stöck: seat 0 holds SQ and the robbed SK.
fn worked(o: SchaggiHaasOptions) -> SchaggiHaas {
    let mut g = dealt_game(o, worked_deal());
    run(
        &mut g,
        &[
            "bessern",
            "discard HQ",
            "discard DQ",
            "discard C10",
            "discard CJ",
            "keep-hand",
        ],
    );
    // Trick 1: seat 1 leads HA; seat 0 robs, then trumps with S7: 11.
    run(&mut g, &["play HA", "exchange-six"]);
    assert_eq!(g.tally().melds, [0, 0], "melds only after the first trick");
    run(&mut g, &["play S7"]);
    let (_, _, w, p) = g.completed_trick(0);
    assert_eq!((w, p), (0, 11));
    assert_worked(
        &["HA", "S7"],
        Mode::Trump(Suit::S),
        UndenufeEleven::Ace,
        false,
        11,
    );
    // Seat 0 leads his diamonds: DA + D7 = 11; DK + D8 = 4.
    trick(&mut g, "DA", "D7", 0, 11);
    trick(&mut g, "DK", "D8", 0, 4);
    // SQ led (Stöck's first card); S9 (14) beats it: 17 to seat 1.
    trick(&mut g, "SQ", "S9", 1, 17);
    assert_eq!(g.tally().stoeck, [0, 0], "the King is still in the hand");
    // SJ (20) draws the SK (4): 24 to seat 1; seat 0 has now played King and Queen.
    trick(&mut g, "SJ", "SK", 1, 24);
    // Seat 1's clubs: CA + C6 = 11, CK + CQ = 7.
    trick(&mut g, "CA", "C6", 1, 11);
    trick(&mut g, "CK", "CQ", 1, 7);
    // D9 led; seat 0 has no diamond and trumps with S10: 10.
    trick(&mut g, "D9", "S10", 0, 10);
    // Seat 0 leads H9 (H8 follows: 0), C7 (seat 1 throws H7: 0), C8 (seat 1 throws D10: 10),
    // HK (H6: 4 + 5 for the last trick).
    trick(&mut g, "H9", "H8", 0, 0);
    trick(&mut g, "C7", "H7", 0, 0);
    trick(&mut g, "C8", "D10", 0, 10);
    trick(&mut g, "HK", "H6", 0, 9);
    g
}

#[test]
fn the_worked_deal_bessern_robbing_melds_stoeck_and_the_157() {
    let g = worked(opts());
    let t = g.tally();
    // Card points: seat 0 11 + 11 + 4 + 10 + 0 + 0 + 10 + 9 = 55 in 8 tricks; seat 1 17 + 24 +
    // 11 + 7 = 59 in 4. 55 + 59 + the dead 43 = 157.
    assert_eq!(t.card_points, [55, 59]);
    assert_eq!(t.tricks, [8, 4]);
    assert_eq!(55 + 59 + 43, 157);
    let dead = set("HQ DQ C10 CJ S8 SA HJ D6 H10 DJ C9 S6");
    assert_eq!(points_of(dead, Mode::Trump(Suit::S)), 43);
    assert_eq!(t.melds, [0, 70]);
    let shown = g.shown_melds().unwrap();
    assert_eq!(shown.seat, 1);
    assert_eq!(shown.weis.cards(), set("D7 D8 D9 D10 H6 H7 H8"));
    assert_eq!(t.stoeck, [20, 0]);
    assert_eq!(g.stoeck_seat(), Some(0));
    // Written: seat 0 55 + 20 = 75, seat 1 59 + 70 = 129.
    assert_eq!(t.written, [75, 129]);
    assert_eq!(g.totals(), [75, 129]);
    assert_eq!((g.phase(), g.winner()), (Phase::Deal, None));
    assert_eq!(g.to_move(), ToMove::Deal);
    assert_eq!(g.robbed(), Some(0));
    // After the deal each still sees only what it laid away or looked at.
    assert_eq!(g.observe(1).laid_away, set("HQ DQ C10 CJ"));
    assert_eq!(g.observe(0).laid_away, set("S8 SA HJ D6"));
    assert!(seen_by(&g, 0) & set("HQ DQ C10 CJ H10 DJ C9") == CardSet::EMPTY);
    assert!(seen_by(&g, 1) & set("S8 SA HJ D6 H10 DJ C9") == CardSet::EMPTY);
    let public = cards_of_view(g.public_view_json());
    assert!(public & (dead - set("S6")) == CardSet::EMPTY, "{public}");
}

#[test]
fn the_worked_deal_without_stoeck_or_melds_writes_neither() {
    let g = worked(SchaggiHaasOptions {
        stoeck: false,
        ..opts()
    });
    assert_eq!(g.tally().stoeck, [0, 0]);
    assert_eq!(g.stoeck_seat(), None);
    assert_eq!(g.totals(), [55, 129]);
    let g = worked(SchaggiHaasOptions {
        weis: WeisOption::None,
        ..opts()
    });
    assert_eq!(g.tally().melds, [0, 0]);
    assert_eq!(g.shown_melds(), None);
    assert_eq!(g.totals(), [75, 59]);
}

// ---------------------------------------------------------------------------------------------
// Melds.

/// Melds that may form in `hand`: every run of three or more and every four of a kind (scoring
/// or not), to keep the fillers of the meld cases from adding any.
fn raw_melds(hand: CardSet) -> (Vec<Meld>, Vec<Rank>) {
    let all = MeldRules {
        large: true,
        four_nines: true,
    };
    let fours = Rank::ALL
        .iter()
        .copied()
        .filter(|&r| Suit::ALL.iter().all(|&s| hand.contains(Card::new(s, r))))
        .collect();
    (runs(hand, all), fours)
}

/// A deal for a meld case: forehand's and the dealer's meld cards, each hand filled to twelve
/// with cards that add no run or four; hearts trump, the turned card `turned`.
fn meld_deal(fh: &str, dl: &str, turned: &str, dealer: u8) -> SchaggiHaasDeal {
    let mut hands = [CardSet::EMPTY; 2];
    hands[1 - dealer as usize] = set(fh);
    hands[dealer as usize] = set(dl);
    let turned = card(turned);
    let mut pool = CardSet::ALL - hands[0] - hands[1] - CardSet::single(turned);
    for s in [1 - dealer as usize, dealer as usize] {
        let want = raw_melds(hands[s]);
        for c in pool {
            if hands[s].len() == 12 {
                break;
            }
            let mut h = hands[s];
            h.insert(c);
            let (runs_now, fours_now) = raw_melds(h);
            // The same runs and fours (a longer run is another run).
            if runs_now == want.0 && fours_now == want.1 {
                hands[s] = h;
                pool.remove(c);
            }
        }
        assert_eq!(hands[s].len(), 12, "fillers for {hands:?}");
    }
    let rest: Vec<Card> = pool.iter().collect();
    let mut talons = [CardSet::EMPTY; 2];
    talons[1 - dealer as usize] = rest[..4].iter().copied().collect();
    talons[dealer as usize] = rest[4..8].iter().copied().collect();
    SchaggiHaasDeal {
        hands,
        talons,
        trump_card: turned,
        stock: rest[8..].iter().copied().collect(),
        cut_seed: seed_with_dealer(dealer),
    }
}

#[test]
fn the_best_single_meld_writes_all_its_holders_melds_after_the_first_trick() {
    let small = opts();
    let large = SchaggiHaasOptions {
        weis: WeisOption::Large,
        ..opts()
    };
    let no_nines = SchaggiHaasOptions {
        four_nines: false,
        ..opts()
    };
    let none = SchaggiHaasOptions {
        weis: WeisOption::None,
        ..opts()
    };
    // (why, options, forehand's melds, the dealer's, the turned card, who writes: 'f' forehand
    // 'd' the dealer, how much). Hearts are trump.
    type Case<'a> = (
        &'a str,
        SchaggiHaasOptions,
        &'a str,
        &'a str,
        &'a str,
        Option<(char, u32)>,
    );
    let cases: &[Case] = &[
        (
            "50 beats 20; the holder also writes his other 20",
            small,
            "D6 D7 D8 D9 C6 C7 C8",
            "S6 S7 S8",
            "HA",
            Some(('f', 70)),
        ),
        (
            "equal plain sequences: forehand by position",
            small,
            "D6 D7 D8",
            "C6 C7 C8",
            "HA",
            Some(('f', 20)),
        ),
        (
            "equal sequences: the one in trumps",
            small,
            "D6 D7 D8",
            "H6 H7 H8",
            "HA",
            Some(('d', 20)),
        ),
        (
            "equal length: the higher",
            small,
            "D6 D7 D8",
            "C7 C8 C9",
            "HA",
            Some(('d', 20)),
        ),
        (
            "equal value 100: the longer (five in sequence over four Kings)",
            small,
            "DK HK SK CK",
            "S6 S7 S8 S9 S10",
            "HA",
            Some(('d', 100)),
        ),
        (
            "four Jacks 200 over five in sequence",
            small,
            "D6 D7 D8 D9 D10",
            "DJ HJ SJ CJ",
            "HA",
            Some(('d', 200)),
        ),
        (
            "four nines 150 over five in sequence",
            small,
            "D9 H9 S9 C9",
            "C10 CJ CQ CK CA",
            "HA",
            Some(('f', 150)),
        ),
        (
            "without four nines, the sequence",
            no_nines,
            "D9 H9 S9 C9",
            "C10 CJ CQ CK CA",
            "HA",
            Some(('d', 100)),
        ),
        (
            "small Weis: no card in two melds (four Kings, not also SJ SQ SK)",
            small,
            "DK HK SK CK SQ SJ",
            "C6 C7 C8",
            "HA",
            Some(('f', 100)),
        ),
        (
            "large Weis: four Kings and SJ SQ SK",
            large,
            "DK HK SK CK SQ SJ",
            "C6 C7 C8",
            "HA",
            Some(('f', 120)),
        ),
        (
            "large Weis: six in sequence 150",
            large,
            "S6 S7 S8 S9 S10 SJ",
            "DA HA SA CA",
            "HK",
            Some(('f', 150)),
        ),
        (
            "small Weis: six in sequence 100, longer than four Aces",
            small,
            "S6 S7 S8 S9 S10 SJ",
            "DA HA SA CA",
            "HK",
            Some(('f', 100)),
        ),
        (
            "small Weis: eight in sequence count as five and three (003), 120",
            small,
            "S6 S7 S8 S9 S10 SJ SQ SK",
            "C6 C7 C8",
            "HA",
            Some(('f', 120)),
        ),
        (
            "large Weis: eight in sequence 250",
            large,
            "S6 S7 S8 S9 S10 SJ SQ SK",
            "C6 C7 C8",
            "HA",
            Some(('f', 250)),
        ),
        ("no melds", small, "", "", "HA", None),
        (
            "weis: none writes nothing",
            none,
            "D6 D7 D8 D9 C6 C7 C8",
            "S6 S7 S8",
            "HA",
            None,
        ),
    ];
    for &(why, o, fh, dl, turned, want) in cases {
        for dealer in [0u8, 1] {
            let fhs = 1 - dealer;
            let d = meld_deal(fh, dl, turned, dealer);
            let want_seat = want.map(|(who, p)| (if who == 'f' { fhs } else { dealer }, p));
            // The test's own rules agree with the case as worked by hand.
            assert_eq!(
                ref_melds(d.hands, fhs, Suit::H, &o),
                want_seat,
                "{why}: the reference"
            );
            let mut g = dealt_game(o, d);
            run(&mut g, &["keep-hand", "keep-hand"]);
            play_first_card(&mut g);
            assert_eq!(
                g.tally().melds,
                [0, 0],
                "{why}: not before the trick is over"
            );
            play_first_card(&mut g);
            let mut melds = [0, 0];
            if let Some((s, p)) = want_seat {
                melds[s as usize] = p;
            }
            assert_eq!(g.tally().melds, melds, "{why} (dealer {dealer})");
            assert_eq!(
                g.shown_melds().map(|m| m.seat),
                want_seat.map(|w| w.0),
                "{why}"
            );
            let (_, _, w, p) = g.completed_trick(0);
            let mut written = melds;
            written[w as usize] += p;
            assert_eq!(g.totals(), written, "{why}");
            // Nothing more is written for melds later.
            play_first_card(&mut g);
            play_first_card(&mut g);
            assert_eq!(g.tally().melds, melds, "{why}");
        }
    }
}

#[test]
fn the_winning_meld_is_written_with_the_others_of_entirely_different_cards() {
    // Hearts trump. One player holds D10 DJ DQ DK DA (five in sequence, 100) and HA SA CA; the
    // other S6-S10 (five in sequence, 100). With the DA in four Aces he would declare four Aces
    // (100) and D10-DK (50), 150, but four Aces (four cards) lose to S6-S10 (five): his best
    // meld is D10-DA, which beats S6-S10 by height (004: "value, length, height"), and with it
    // he may write only "other melds he holds involving entirely different cards": HA SA CA make
    // none. He writes 100, the other nothing.
    for dealer in [0u8, 1] {
        for holder_is_forehand in [true, false] {
            let (fh, dl) = if holder_is_forehand {
                ("D10 DJ DQ DK DA HA SA CA", "S6 S7 S8 S9 S10")
            } else {
                ("S6 S7 S8 S9 S10", "D10 DJ DQ DK DA HA SA CA")
            };
            let d = meld_deal(fh, dl, "HK", dealer);
            let holder = if holder_is_forehand {
                1 - dealer
            } else {
                dealer
            };
            assert_eq!(
                ref_melds(d.hands, 1 - dealer, Suit::H, &opts()),
                Some((holder, 100))
            );
            let mut g = dealt_game(opts(), d);
            run(&mut g, &["keep-hand", "keep-hand"]);
            play_first_card(&mut g);
            play_first_card(&mut g);
            let mut want = [0, 0];
            want[holder as usize] = 100;
            assert_eq!(
                g.tally().melds,
                want,
                "dealer {dealer}, the holder {}",
                if holder_is_forehand {
                    "forehand"
                } else {
                    "the dealer"
                }
            );
        }
    }
}

#[test]
fn stoeck_is_written_when_its_holders_second_card_ends_its_trick() {
    // Seat 1 deals; seat 0 (forehand) holds HK HQ, hearts trump (the game-end deal below).
    let d = stoeck_deal();
    for stoeck in [true, false] {
        let o = SchaggiHaasOptions { stoeck, ..opts() };
        let mut g = dealt_game(o, d);
        run(&mut g, &["keep-hand", "keep-hand"]);
        trick(&mut g, "S6", "SA", 1, 11);
        trick(&mut g, "H7", "HK", 0, 4);
        assert_eq!(g.tally().stoeck, [0, 0], "the Queen is still in the hand");
        run(&mut g, &["play HQ"]);
        assert_eq!(g.tally().stoeck, [0, 0], "written when the trick is over");
        run(&mut g, &["play HJ"]);
        let want = if stoeck { [20, 0] } else { [0, 0] };
        assert_eq!(g.tally().stoeck, want);
        // Seat 0: S6-S8 20 + HK 4 + Stöck; seat 1: 11 + 23.
        assert_eq!(g.tally().written, [24 + want[0], 34]);
        // Once only.
        while g.phase() == Phase::Play {
            play_first_card(&mut g);
        }
        assert_eq!(g.tally().stoeck, want);
    }
}

// ---------------------------------------------------------------------------------------------
// No Matsch bonus.

#[test]
fn twelve_tricks_write_no_matsch_bonus() {
    // Hearts trump, the H6 turned (nobody robs). Forehand (seat 1) holds the other eight hearts
    // and SA SK DA DK; the dealer S6-S9 D6-D9 C6-C9. Without melds and Stöck (options), to see
    // the card points alone.
    let d = deal_of(
        [
            "S6 S7 S8 S9 D6 D7 D8 D9 C6 C7 C8 C9",
            "H7 H8 H9 H10 HJ HQ HK HA SA SK DA DK",
        ],
        ["DJ DQ C10 CJ", "S10 SJ SQ D10"],
        "H6",
        "CQ CK CA",
        0,
    );
    let o = SchaggiHaasOptions {
        weis: WeisOption::None,
        stoeck: false,
        ..opts()
    };
    let mut g = dealt_game(o, d);
    run(&mut g, &["keep-hand", "keep-hand"]);
    // The eight trumps (the dealer has none and throws what he likes): HA 11, HK 4, HQ 3, HJ 20,
    // H10 10, H9 14, H8 0, H7 0; then SA 11, SK 4, DA 11, DK 4 (+5 the last), the dealer
    // following with nothing.
    for (lead, second, p) in [
        ("HA", "C6", 11),
        ("HK", "C7", 4),
        ("HQ", "C8", 3),
        ("HJ", "C9", 20),
        ("H10", "S6", 10),
        ("H9", "S7", 14),
        ("H8", "D6", 0),
        ("H7", "D7", 0),
        ("SA", "S8", 11),
        ("SK", "S9", 4),
        ("DA", "D8", 11),
        ("DK", "D9", 9),
    ] {
        trick(&mut g, lead, second, 1, p);
    }
    // 62 trumps + 30 + 5 = 97; the dead cards (talons, stock, H6) 60: 97 + 60 = 157, and no 100.
    let dead = set("DJ DQ C10 CJ S10 SJ SQ D10 CQ CK CA H6");
    assert_eq!(points_of(dead, Mode::Trump(Suit::H)), 60);
    assert_eq!(g.tally().tricks, [0, 12]);
    assert_eq!(g.tally().card_points, [0, 97]);
    assert_eq!(g.tally().written, [0, 97]);
    assert_eq!(g.totals(), [0, 97]);
}

// ---------------------------------------------------------------------------------------------
// The game's end.

/// Deal 1 of the game-end positions: diamonds trump, the D6 turned; seat 1 deals, both keep.
/// No melds, no Stöck (DK with seat 0, DQ with seat 1). Dead: the talons HA HK H6 H7 and CA CK
/// C6 C7 (30 points) and the stock S6 S7 S8: 122 points in play, 127 with the last trick.
fn deal_one() -> SchaggiHaasDeal {
    deal_of(
        [
            "D7 D9 DJ DK H8 H10 S9 SJ SK C8 C10 CQ",
            "D8 D10 DQ DA H9 HJ HQ S10 SQ SA C9 CJ",
        ],
        ["HA HK H6 H7", "CA CK C6 C7"],
        "D6",
        "S6 S7 S8",
        1,
    )
}

/// A game to 100 after deal 1, at 61 to 66.
fn after_deal_one(o: SchaggiHaasOptions) -> SchaggiHaas {
    let mut g = dealt_game(o, deal_one());
    assert_eq!(g.forehand(), 0);
    run(&mut g, &["keep-hand", "keep-hand"]);
    trick(&mut g, "H10", "DA", 1, 21); // trumped: 10 + 11
    trick(&mut g, "SA", "SK", 1, 15);
    trick(&mut g, "HQ", "H8", 1, 3);
    trick(&mut g, "HJ", "C10", 1, 12); // seat 0 has no heart left
    trick(&mut g, "H9", "D7", 0, 0); // trumped
    trick(&mut g, "SJ", "SQ", 1, 5);
    trick(&mut g, "S10", "S9", 1, 10);
    trick(&mut g, "CJ", "CQ", 0, 5);
    trick(&mut g, "C8", "C9", 1, 0);
    trick(&mut g, "DQ", "DK", 0, 7);
    trick(&mut g, "DJ", "D10", 0, 30);
    trick(&mut g, "D9", "D8", 0, 19); // 14 + 5 for the last trick

    // Seat 0: 0 + 5 + 7 + 30 + 19 = 61; seat 1: 21 + 15 + 3 + 12 + 5 + 10 + 0 = 66; 127.
    assert_eq!(g.tally().melds, [0, 0]);
    assert_eq!(g.tally().stoeck, [0, 0]);
    assert_eq!(g.totals(), [61, 66]);
    assert_eq!(g.phase(), Phase::Deal);
    g
}

/// Deal 2 for Stöck against the trick: hearts trump, the H6 turned; seat 1 deals again. Seat 0
/// holds HK HQ and S6-S8 (20), no other meld; seat 1 no meld.
fn stoeck_deal() -> SchaggiHaasDeal {
    deal_of(
        [
            "S6 S7 S8 HK HQ D6 D8 D10 DQ C6 C8 C10",
            "SA SQ H7 H9 HJ D7 D9 DJ DK C7 C9 CJ",
        ],
        ["H8 H10 HA S9", "S10 SJ SK DA"],
        "H6",
        "CQ CK CA",
        1,
    )
}

/// Deal 2 for the melds against the trick: as the Stöck deal, but seat 0 holds S6-S9 (50) and
/// H9, seat 1 HJ HK H7.
fn weis_deal() -> SchaggiHaasDeal {
    deal_of(
        [
            "S6 S7 S8 S9 H9 D6 D8 D10 DQ C6 C8 C10",
            "SA SQ H7 HJ HK D7 D9 DJ DK C7 C9 CJ",
        ],
        ["H8 H10 HQ HA", "S10 SJ SK DA"],
        "H6",
        "CQ CK CA",
        1,
    )
}

/// The game is over: nothing more is accepted.
fn assert_over(g: &mut SchaggiHaas) {
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.to_move(), ToMove::Over);
    assert!(legal_actions(g).is_empty());
    let c = g.hand(0).first().or(g.hand(1).first()).unwrap();
    assert!(!refused_action(g, A::Play { card: c }).is_empty());
    assert!(!refused_deal(g, weis_deal()).is_empty());
}

#[test]
fn stoeck_is_claimed_before_its_second_card_when_it_wins_the_game() {
    // Target 100, at 61 to 66; seat 0 holds HK HQ (Stöck) and S6-S8 (20).
    let mut g = after_deal_one(SchaggiHaasOptions {
        target: 100,
        ..opts()
    });
    g.apply_deal(stoeck_deal()).unwrap();
    run(&mut g, &["keep-hand"]);
    // 61 + 20 is short of 100: no claim when the play starts.
    run(&mut g, &["keep-hand"]);
    assert_eq!((g.stoeck_seat(), g.totals()), (None, [61, 66]));
    // Trick 1: S6, SA: 11 to seat 1. With its items, Stöck (81) and the melds (101) take seat 0
    // to the target before the trick's points: he claims Stöck (003: "at any earlier time if
    // the player thereby gets enough points to win the game") and wins, HK and HQ unplayed.
    trick(&mut g, "S6", "SA", 1, 11);
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.stoeck_seat(), Some(0));
    assert_eq!(g.totals(), [101, 66]);
    assert_eq!(g.tally().stoeck, [20, 0]);
    assert_eq!(g.card_play().tricks_done(), 1, "mid-deal");
    assert_over(&mut g);
}

#[test]
fn stoeck_waits_for_its_second_card_unless_it_wins_and_then_comes_before_the_trick() {
    // As above without melds: Stöck wins no trick's items for seat 0 before the third trick.
    let mut g = after_deal_one(SchaggiHaasOptions {
        target: 100,
        weis: WeisOption::None,
        ..opts()
    });
    g.apply_deal(stoeck_deal()).unwrap();
    run(&mut g, &["keep-hand", "keep-hand"]);
    // Trick 1: S6, SA: 11 to seat 1 (77); 61 + 20 would not win: no claim.
    trick(&mut g, "S6", "SA", 1, 11);
    assert_eq!((g.stoeck_seat(), g.totals()), (None, [61, 77]));
    // Trick 2: H7 led, HK takes it: 61 + 20 + 4 = 85 would not win: 4 to seat 0 (65).
    trick(&mut g, "H7", "HK", 0, 4);
    assert_eq!((g.stoeck_seat(), g.totals()), (None, [65, 77]));
    // Trick 3: HQ led, HJ takes it (23). Seat 0 has played HK and HQ: Stöck first (003:
    // "Stöck-Weis-Stich"), 85, then the trick brings seat 1 to 100 and the game.
    trick(&mut g, "HQ", "HJ", 1, 23);
    assert_eq!(g.stoeck_seat(), Some(0));
    assert_eq!(g.winner(), Some(1));
    assert_eq!(g.totals(), [85, 100]);
    assert_over(&mut g);
}

#[test]
fn without_stoeck_the_trick_reaching_the_target_exactly_wins_mid_deal() {
    let mut g = after_deal_one(SchaggiHaasOptions {
        target: 100,
        stoeck: false,
        ..opts()
    });
    g.apply_deal(stoeck_deal()).unwrap();
    run(&mut g, &["keep-hand", "keep-hand"]);
    trick(&mut g, "S6", "SA", 1, 11);
    trick(&mut g, "H7", "HK", 0, 4);
    trick(&mut g, "HQ", "HJ", 1, 23);
    // 77 + 23 = 100: the target reached.
    assert_eq!(g.winner(), Some(1));
    assert_eq!(g.totals(), [85, 100]);
    assert_over(&mut g);
}

#[test]
fn melds_are_counted_before_the_first_trick_and_win_at_once() {
    let mut g = after_deal_one(SchaggiHaasOptions {
        target: 100,
        ..opts()
    });
    g.apply_deal(weis_deal()).unwrap();
    run(&mut g, &["keep-hand", "keep-hand"]);
    // Trick 1: H9 led, HJ takes it: 34 would bring seat 1 to 100, but seat 0's S6-S9 (50) come
    // first (Weis before Stich) and bring him to 111.
    trick(&mut g, "H9", "HJ", 1, 34);
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.totals()[0], 111);
    assert!(g.totals()[1] < 100, "{:?}", g.totals());
    assert_eq!(g.card_play().tricks_done(), 1);
    assert_over(&mut g);

    // Without melds the trick wins: 66 + 34 = 100.
    let mut g = after_deal_one(SchaggiHaasOptions {
        target: 100,
        weis: WeisOption::None,
        ..opts()
    });
    g.apply_deal(weis_deal()).unwrap();
    run(&mut g, &["keep-hand", "keep-hand"]);
    trick(&mut g, "H9", "HJ", 1, 34);
    assert_eq!(g.winner(), Some(1));
    assert_eq!(g.totals(), [61, 100]);
    assert_over(&mut g);
}

// ---------------------------------------------------------------------------------------------
// Properties over many seeded random games.

/// How often what the properties look at came up.
#[derive(Default, Debug)]
struct Seen {
    games: u32,
    deals: u32,
    bessern: u32,
    kept: u32,
    robbed_by_forehand: u32,
    robbed_by_dealer: u32,
    six_turned: u32,
    melds_forehand: u32,
    melds_dealer: u32,
    stoeck: u32,
    ended_mid_deal: u32,
    ended_by_melds_or_stoeck: u32,
    stoeck_claimed: u32,
    refusals: u32,
}

struct Checks<'a> {
    seen: &'a mut Seen,
    totals_before: [u32; 2],
}

/// The cards played this deal by each seat (completed tricks and the trick in progress).
fn played_by(g: &SchaggiHaas) -> [CardSet; 2] {
    let mut out = [CardSet::EMPTY; 2];
    if g.deals_started() == 0 || matches!(g.phase(), Phase::Bessern | Phase::Discard) {
        return out;
    }
    let n = g.card_play().tricks_done() as usize;
    let mut next_leader = g.forehand();
    for i in 0..n {
        let (leader, cards, winner, _) = g.completed_trick(i);
        assert_eq!(
            leader,
            next_leader,
            "trick {} led by the last winner",
            i + 1
        );
        out[leader as usize].insert(cards[0]);
        out[1 - leader as usize].insert(cards[1]);
        next_leader = winner;
    }
    if g.phase() == Phase::Play {
        if let Some(&c) = g.current_trick().first() {
            out[next_leader as usize].insert(c);
        }
    }
    out
}

/// The cards `seat` may not see now (`None`: a spectator): the other's hand (but the melds
/// shown), discards and talon (unless played), the stock; its own talon until it joins the hand
/// or is looked at.
fn hidden_from(g: &SchaggiHaas, seat: Option<usize>) -> CardSet {
    if g.deals_started() == 0 {
        return CardSet::EMPTY;
    }
    let d = g.dealt();
    let played = {
        let p = played_by(g);
        p[0] | p[1]
    };
    let mut hidden = d.stock;
    for o in 0..2usize {
        if Some(o) == seat {
            let looked = match g.bessern()[o] {
                None => false,
                Some(false) => true,
                Some(true) => g.discards(o as u8).len() == 4,
            };
            if !looked {
                hidden |= d.talons[o];
            }
        } else {
            hidden |= g.hand(o as u8) | g.discards(o as u8) | d.talons[o];
        }
    }
    // Seen by all: the turned card, and the melds written (003: "Once an item of weis has been
    // scored for, any player other than the one holding it may ask to see it").
    hidden = hidden - played - CardSet::single(d.trump_card);
    if let Some(m) = g.shown_melds() {
        hidden = hidden - m.weis.cards();
    }
    if g.robbed().is_some() {
        hidden.remove(six_of(g.trump()));
    }
    hidden
}

fn check_views(g: &SchaggiHaas) {
    let public = cards_of_view(g.public_view_json());
    let leak = public & hidden_from(g, None);
    assert!(leak.is_empty(), "spectators see {leak}");
    for s in 0..2usize {
        let view = cards_of_view(g.view_json(s));
        let observed = seen_by(g, s);
        assert_eq!(view, observed);
        let leak = view & hidden_from(g, Some(s));
        assert!(leak.is_empty(), "seat {s} sees {leak} in {:?}", g.phase());
        assert!(view.contains_all(g.hand(s as u8)), "seat {s} sees its hand");
        assert_eq!(g.observe(s).hand, g.hand(s as u8));
    }
}

/// Whether `seat` may rob now by the rules: it holds the trump six, the six is not the turned
/// card, nobody robbed, and the seat has not played a card this deal.
fn ref_may_rob(g: &SchaggiHaas, seat: u8) -> bool {
    let six = six_of(g.trump());
    let not_played =
        g.card_play().tricks_done() == 0 && (g.current_trick().is_empty() || seat == g.dealer());
    g.dealt().trump_card != six && g.robbed().is_none() && not_played && g.hand(seat).contains(six)
}

impl Checks<'_> {
    /// Refused actions change nothing; a few per step, the rest only refused.
    fn refuse(&mut self, g: &SchaggiHaas, actions: &[A]) {
        for (i, &a) in actions.iter().enumerate() {
            let mut t = *g;
            if i < 3 {
                let e = refused_action(&mut t, a);
                assert!(!e.is_empty(), "{a}");
            } else {
                assert!(t.apply(a).is_err(), "{a} accepted");
            }
            self.seen.refusals += 1;
        }
    }

    /// A trick just completed (trick `k`, from `before`): its winner and points by the rules,
    /// then what falls due in the order Stöck, Weis, Stich, the first to reach the target
    /// winning at once.
    fn trick_done(&mut self, before: &SchaggiHaas, g: &SchaggiHaas, k: usize) {
        let o = *g.options();
        let trump = g.trump();
        let mode = Mode::Trump(trump);
        let (_, cards, winner, points) = g.completed_trick(k);
        assert_eq!(cards.len(), 2);
        let leader = before.card_play().leader();
        assert_eq!(
            winner,
            if ref_winner(&cards, trump) == 0 {
                leader
            } else {
                1 - leader
            },
            "the winner of {cards:?}"
        );
        let want = cards.iter().map(|&c| value(c, mode)).sum::<u32>() + if k == 11 { 5 } else { 0 };
        assert_eq!(points, want, "the points of {cards:?}");
        // The hands the deal is played with (after Bessern and robbing).
        let played = played_by(g);
        let start = [g.hand(0) | played[0], g.hand(1) | played[1]];
        assert_eq!((start[0].len(), start[1].len()), (12, 12));
        let mut items: Vec<(u8, u32, &str)> = Vec::new();
        if k == 0 {
            if let Some((h, p)) = ref_melds(start, g.forehand(), trump, &o) {
                items.push((h, p, "melds"));
            }
        }
        items.push((winner, points, "stich"));
        if o.stoeck && before.stoeck_seat().is_none() {
            if let Some(h) = ref_stoeck_holder(start, trump) {
                let kq = set_of(&[Card::new(trump, Rank::King), Card::new(trump, Rank::Queen)]);
                // Stöck first (Stöck-Weis-Stich) once both cards are played; before, only if
                // with the trick's items it wins the game (003: "at any earlier time if the
                // player thereby gets enough points to win the game").
                let mut with: Vec<(u8, u32, &str)> = vec![(h, 20, "stoeck")];
                with.extend(items.iter().copied());
                let mut totals = before.totals();
                let first_to_target = with.iter().find_map(|&(s, p, _)| {
                    totals[s as usize] += p;
                    (totals[s as usize] >= o.target).then_some(s)
                });
                if played[h as usize].contains_all(kq) || first_to_target == Some(h) {
                    if !played[h as usize].contains_all(kq) {
                        self.seen.stoeck_claimed += 1;
                    }
                    items = with;
                }
            }
        }
        let mut totals = before.totals();
        let mut winner_want = None;
        for &(s, p, what) in &items {
            totals[s as usize] += p;
            match what {
                "stoeck" => {
                    assert_eq!(g.tally().stoeck[s as usize], 20);
                    assert_eq!(g.stoeck_seat(), Some(s));
                    self.seen.stoeck += 1;
                }
                "melds" => {
                    assert_eq!(g.tally().melds[s as usize], p, "melds of {start:?}");
                    assert_eq!(g.tally().melds[1 - s as usize], 0);
                    assert_eq!(g.shown_melds().map(|m| m.seat), Some(s));
                    if s == g.forehand() {
                        self.seen.melds_forehand += 1;
                    } else {
                        self.seen.melds_dealer += 1;
                    }
                }
                _ => {}
            }
            if totals[s as usize] >= o.target {
                winner_want = Some(s);
                if what != "stich" {
                    self.seen.ended_by_melds_or_stoeck += 1;
                }
                break;
            }
        }
        if k == 0 && !items.iter().any(|i| i.2 == "melds") {
            assert_eq!(g.tally().melds, [0, 0]);
            assert!(g.shown_melds().is_none());
        }
        if !items.iter().any(|i| i.2 == "stoeck") {
            assert_eq!(g.stoeck_seat(), before.stoeck_seat());
        }
        assert_eq!(g.totals(), totals, "trick {}: {items:?}", k + 1);
        assert_eq!(g.winner(), winner_want);
        let phase = if winner_want.is_some() {
            if k < 11 {
                self.seen.ended_mid_deal += 1;
            }
            Phase::Over
        } else if k == 11 {
            Phase::Deal
        } else {
            Phase::Play
        };
        assert_eq!(g.phase(), phase);
        if k == 11 {
            self.deal_end(g, start);
        }
    }

    /// The play has started or the turned card was robbed: Stöck that takes its holder to the
    /// target now is written at once (003: "at any earlier time"), nothing otherwise.
    fn stoeck_claim_now(&mut self, before: &SchaggiHaas, g: &SchaggiHaas) {
        let o = *g.options();
        let played = played_by(g);
        let start = [g.hand(0) | played[0], g.hand(1) | played[1]];
        let claim = ref_stoeck_holder(start, g.trump())
            .filter(|&h| o.stoeck && before.totals()[h as usize] + 20 >= o.target);
        let mut totals = before.totals();
        if let Some(h) = claim {
            totals[h as usize] += 20;
            assert_eq!((g.stoeck_seat(), g.winner()), (Some(h), Some(h)));
            assert_eq!(g.phase(), Phase::Over);
            self.seen.stoeck_claimed += 1;
        } else {
            assert_eq!((g.stoeck_seat(), g.winner()), (None, None));
            assert_eq!(g.phase(), Phase::Play);
        }
        assert_eq!(g.totals(), totals);
    }

    /// A deal played out: the dead cards are exactly the discards, the talons left, the stock and
    /// the turned card or the robbed six, and 157 is all: the card points taken and the dead
    /// cards' points; written is card points, melds and Stöck (no Matsch bonus).
    fn deal_end(&mut self, g: &SchaggiHaas, start: [CardSet; 2]) {
        let d = g.dealt();
        let mode = Mode::Trump(g.trump());
        let mut dead = d.stock | g.discards(0) | g.discards(1);
        for s in 0..2 {
            if g.bessern()[s] == Some(false) {
                dead |= d.talons[s];
            }
        }
        dead.insert(if g.robbed().is_some() {
            six_of(g.trump())
        } else {
            d.trump_card
        });
        assert_eq!(dead.len(), 12);
        assert_eq!(dead, CardSet::ALL - start[0] - start[1]);
        let taken: u32 = (0..12).map(|i| g.completed_trick(i).3).sum();
        assert_eq!(taken + points_of(dead, mode), 157);
        let t = g.tally();
        if g.phase() == Phase::Deal {
            assert_eq!(t.card_points[0] + t.card_points[1], taken);
            assert_eq!(t.tricks[0] + t.tricks[1], 12);
            for s in 0..2 {
                assert_eq!(t.written[s], t.card_points[s] + t.melds[s] + t.stoeck[s]);
            }
        }
    }
}

impl Driver<SchaggiHaas> for Checks<'_> {
    fn step(&mut self, g: &SchaggiHaas) {
        check_views(g);
        let target = g.options().target;
        if g.phase() == Phase::Over {
            let w = g.winner().expect("a winner") as usize;
            assert!(g.totals()[w] >= target);
            assert!(g.totals()[1 - w] < target, "the first to reach the target");
        } else {
            assert!(g.winner().is_none());
            assert!(g.totals().iter().all(|&t| t < target), "{:?}", g.totals());
        }
    }

    fn dealing(&mut self, g: &SchaggiHaas, d: &SchaggiHaasDeal) {
        let mut all = CardSet::EMPTY;
        for (cards, n) in [
            (d.hands[0], 12),
            (d.hands[1], 12),
            (d.talons[0], 4),
            (d.talons[1], 4),
            (d.stock, 3),
            (CardSet::single(d.trump_card), 1),
        ] {
            assert_eq!(cards.len(), n);
            assert!((all & cards).is_empty());
            all |= cards;
        }
        assert_eq!(all, CardSet::ALL);
        self.totals_before = g.totals();
    }

    fn dealt(&mut self, g: &SchaggiHaas, _n: u32) {
        self.seen.deals += 1;
        let d = g.dealt();
        let (draws, _) = cut(d.cut_seed);
        let last = draws.last().unwrap();
        let dealer = u8::from(natural(last[1].rank()) < natural(last[0].rank()));
        assert_eq!((g.dealer(), g.forehand()), (dealer, 1 - dealer));
        assert_eq!(g.phase(), Phase::Bessern);
        assert_eq!(g.totals(), self.totals_before, "a deal writes nothing yet");
        assert_eq!(g.tally().written, [0, 0]);
        assert_eq!(g.bessern(), [None, None]);
        assert_eq!(g.robbed(), None);
        if d.trump_card == six_of(g.trump()) {
            self.seen.six_turned += 1;
        }
    }

    fn choose(
        &mut self,
        g: &SchaggiHaas,
        seat: usize,
        legal: &ActionList<A>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> A {
        let s = seat as u8;
        let other = 1 - s;
        let offered = legal.to_vec();
        let any_card = g.hand(s).first().unwrap();
        match g.phase() {
            Phase::Bessern => {
                let fh = g.forehand();
                let want = if g.bessern()[fh as usize].is_none() {
                    fh
                } else {
                    g.dealer()
                };
                assert_eq!(s, want, "forehand first, then the dealer");
                assert_eq!(g.bessern()[s as usize], None);
                assert!(only_the_choice(&offered), "{offered:?}");
                self.refuse(
                    g,
                    &[
                        A::Discard { card: any_card },
                        A::Play { card: any_card },
                        A::ExchangeSix,
                    ],
                );
            }
            Phase::Discard => {
                assert_eq!(g.bessern()[s as usize], Some(true));
                assert!(g.discards(s).len() < 4);
                let cards: CardSet = offered
                    .iter()
                    .map(|a| match *a {
                        A::Discard { card } => card,
                        a => panic!("{a} offered while laying away"),
                    })
                    .collect();
                assert_eq!(cards, g.hand(s));
                assert_eq!(g.hand(s), g.dealt().hands[seat] - g.discards(s));
                let mut bad = vec![
                    A::Bessern,
                    A::KeepHand,
                    A::Play { card: any_card },
                    A::ExchangeSix,
                ];
                if let Some(c) = g.hand(other).first() {
                    bad.push(A::Discard { card: c });
                }
                if let Some(c) = g.dealt().talons[seat].first() {
                    bad.push(A::Discard { card: c });
                }
                if let Some(c) = g.discards(s).first() {
                    bad.push(A::Discard { card: c });
                }
                self.refuse(g, &bad);
            }
            Phase::Play => {
                let hand = g.hand(s);
                let cards = legal.played_cards();
                assert!(hand.contains_all(cards), "every legal card is in the hand");
                assert_eq!(cards, ref_legal(hand, g.current_trick(), g.trump()));
                let rob = ref_may_rob(g, s);
                assert_eq!(offered.contains(&A::ExchangeSix), rob);
                assert_eq!(
                    offered.len(),
                    cards.len() as usize + usize::from(rob),
                    "only cards and the robbing"
                );
                let mut bad = vec![A::Bessern, A::KeepHand, A::Discard { card: any_card }];
                if !rob {
                    bad.push(A::ExchangeSix);
                }
                // The cards held but not legal, and two not held.
                bad.extend((hand - cards).iter().map(|c| A::Play { card: c }));
                bad.extend(
                    (CardSet::ALL - hand)
                        .iter()
                        .take(2)
                        .map(|c| A::Play { card: c }),
                );
                self.refuse(g, &bad);
            }
            p => panic!("a seat acts in the {p:?} phase"),
        }
        for a in legal.iter() {
            let mut t = *g;
            t.apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
        // Rob more often than at random, to see it.
        if legal.contains(&A::ExchangeSix) && uniform_below(rng, 2) == 0 {
            return A::ExchangeSix;
        }
        legal.get(uniform_below(rng, legal.len() as u32) as usize)
    }

    fn acted(&mut self, before: &SchaggiHaas, g: &SchaggiHaas) {
        if matches!(before.phase(), Phase::Bessern | Phase::Discard)
            && matches!(g.phase(), Phase::Play | Phase::Over)
        {
            self.stoeck_claim_now(before, g);
        }
        match before.phase() {
            Phase::Bessern => {
                let s = seat_to_move(before) as usize;
                match g.bessern()[s] {
                    Some(true) => {
                        self.seen.bessern += 1;
                        assert_eq!(g.phase(), Phase::Discard);
                    }
                    Some(false) => {
                        self.seen.kept += 1;
                        assert_eq!(g.hand(s as u8), g.dealt().hands[s]);
                        assert_eq!(g.observe(s).laid_away, g.dealt().talons[s]);
                    }
                    None => panic!("no answer"),
                }
            }
            Phase::Discard => {
                let s = seat_to_move(before);
                if g.discards(s).len() == 4 {
                    let d = g.dealt();
                    assert_eq!(
                        g.hand(s),
                        (d.hands[s as usize] - g.discards(s)) | d.talons[s as usize]
                    );
                    assert_eq!(g.hand(s).len(), 12);
                    assert_eq!(g.observe(s as usize).laid_away, g.discards(s));
                }
            }
            Phase::Play => {
                let s = seat_to_move(before);
                if g.robbed() != before.robbed() {
                    let six = six_of(g.trump());
                    let turned = g.dealt().trump_card;
                    assert_eq!(g.robbed(), Some(s));
                    assert_eq!(
                        g.hand(s),
                        (before.hand(s) - CardSet::single(six)) | CardSet::single(turned)
                    );
                    assert!(!g.hand(0).contains(six) && !g.hand(1).contains(six));
                    assert_eq!(g.current_trick(), before.current_trick());
                    self.stoeck_claim_now(before, g);
                    if g.phase() == Phase::Over {
                        return;
                    }
                    assert_eq!(seat_to_move(g), s);
                    if s == g.forehand() {
                        self.seen.robbed_by_forehand += 1;
                    } else {
                        self.seen.robbed_by_dealer += 1;
                    }
                    return;
                }
                let k = before.card_play().tricks_done() as usize;
                if g.card_play().tricks_done() as usize == k + 1 {
                    self.trick_done(before, g, k);
                } else {
                    assert_eq!(g.totals(), before.totals(), "nothing written mid-trick");
                }
            }
            p => panic!("an action in the {p:?} phase"),
        }
    }
}

fn option_sets() -> Vec<SchaggiHaasOptions> {
    vec![
        opts(),
        SchaggiHaasOptions {
            weis: WeisOption::None,
            ..opts()
        },
        SchaggiHaasOptions {
            weis: WeisOption::Large,
            four_nines: false,
            ..opts()
        },
        SchaggiHaasOptions {
            stoeck: false,
            target: 1500,
            ..opts()
        },
        SchaggiHaasOptions {
            target: 100,
            ..opts()
        },
        SchaggiHaasOptions {
            target: 300,
            ..opts()
        },
    ]
}

#[test]
fn properties_over_many_seeded_games() {
    let mut seen = Seen::default();
    for (k, o) in option_sets().into_iter().enumerate() {
        for i in 0..40u64 {
            let seed = 1000 * k as u64 + i;
            let mut g = game(o);
            let mut checks = Checks {
                seen: &mut seen,
                totals_before: [0, 0],
            };
            drive(&mut g, seed, seed, 100, &mut checks);
            assert_eq!(g.phase(), Phase::Over);
            seen.games += 1;
        }
    }
    println!("{seen:?}");
    for (what, n) in [
        ("bessern", seen.bessern),
        ("kept", seen.kept),
        ("robbed by forehand", seen.robbed_by_forehand),
        ("robbed by the dealer", seen.robbed_by_dealer),
        ("six turned", seen.six_turned),
        ("melds of forehand", seen.melds_forehand),
        ("melds of the dealer", seen.melds_dealer),
        ("stoeck", seen.stoeck),
        ("ended mid-deal", seen.ended_mid_deal),
        ("ended by melds or Stöck", seen.ended_by_melds_or_stoeck),
        ("Stöck claimed before its second card", seen.stoeck_claimed),
    ] {
        assert!(n > 0, "no {what} in {seen:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Records.

fn record(o: SchaggiHaasOptions, seed: u64) -> GameRecord<SchaggiHaas> {
    jass_core::record::play_seeded(o, seed, &mut random_players(2, seed), &mut |_| {}).unwrap()
}

#[test]
fn random_games_are_recorded_checked_and_read_back() {
    for (k, o) in option_sets().into_iter().enumerate() {
        for i in 0..5u64 {
            let rec = record(o, 500 + 10 * k as u64 + i);
            jass_core::record::check(&rec).unwrap_or_else(|e| panic!("{e}"));
            let json = read_back(&rec, "schaggi-haas");
            assert!(json.contains(r#""cut_seed""#), "{json}");
            let mut totals = [0u32; 2];
            for (j, d) in rec.deals.iter().enumerate() {
                assert_eq!(d.number as usize, j + 1);
                let (draws, dealer) = cut(d.cards.cut_seed);
                assert_eq!(d.cards.cut, draws);
                assert_eq!(d.dealer, dealer);
                assert_eq!(d.hands.len(), 2);
                for (total, written) in totals.iter_mut().zip(&d.result.written) {
                    *total += written;
                }
                assert_eq!(d.result.totals, totals.to_vec());
            }
            assert_eq!(rec.result.totals, totals.to_vec());
            let w = rec.result.winner.expect("a winner") as usize;
            assert!(totals[w] >= o.target && totals[1 - w] < o.target);
        }
    }
}

#[test]
fn a_tampered_record_is_refused() {
    let (rec, i) = (0..50u64)
        .find_map(|seed| {
            let rec = record(opts(), seed);
            let i = rec
                .deals
                .iter()
                .position(|d| d.actions.iter().any(|a| a.action == A::Bessern))?;
            Some((rec, i))
        })
        .unwrap();
    rec.check().unwrap();
    // A written figure, a total, the winner.
    let mut wrong = rec.clone();
    wrong.deals[i].result.written[0] += 1;
    assert!(wrong.check().is_err(), "a written figure");
    let mut wrong = rec.clone();
    wrong.result.totals[1] += 1;
    assert!(wrong.check().is_err(), "the game's totals");
    let mut wrong = rec.clone();
    wrong.result.winner = Some(1 - rec.result.winner.unwrap());
    assert!(wrong.check().is_err(), "the winner");
    // The cut: another seed (the dealer or the draws no longer fit), or other draws.
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    d.cards.cut_seed = (0..)
        .map(|k| d.cards.cut_seed.wrapping_add(k + 1))
        .find(|&s| cut(s).1 != d.dealer)
        .unwrap();
    assert!(wrong.check().is_err(), "the cut seed");
    let mut wrong = rec.clone();
    wrong.deals[i].cards.cut[0].swap(0, 1);
    if wrong.deals[i].cards.cut != rec.deals[i].cards.cut {
        assert!(wrong.check().is_err(), "the cut's draws");
    }
    // A discard of a card not in the hand: a talon card.
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    let j = d
        .actions
        .iter()
        .position(|a| matches!(a.action, A::Discard { .. }))
        .unwrap();
    let seat = d.actions[j].seat as usize;
    let c = d.cards.talons[seat].first().unwrap();
    d.actions[j].action = A::Discard { card: c };
    let e = wrong.check().unwrap_err().to_string();
    assert!(
        e.contains("illegal action") || e.contains("cannot lay"),
        "{e}"
    );
    // The turned card: another card of the stock (the trump changes, or the cards no longer fit).
    let mut wrong = rec.clone();
    let d = &mut wrong.deals[i];
    let s = d.cards.stock.first().unwrap();
    d.cards.stock.remove(s);
    d.cards.stock.insert(d.cards.trump_card);
    d.cards.trump_card = s;
    if s.suit() != rec.deals[i].cards.trump_card.suit() {
        assert!(wrong.check().is_err(), "the turned card");
    }
    // A deal left out at the end: the game is not over.
    let mut wrong = rec.clone();
    wrong.deals.pop();
    assert!(wrong.check().is_err(), "a deal left out");
}

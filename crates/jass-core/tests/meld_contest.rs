//! The meld contest of the games where the engine finds the melds (`jass_core::meld_contest`;
//! docs/melds.md), checked against a brute force written here from the sources alone:
//!
//! - every meld a hand holds: every run of three or more inside a suit (003's natural order
//!   6 7 8 9 10 J Q K A), every four of a kind that scores (004's table: Jacks 200, Nines 150 when
//!   played, Aces, Kings, Queens, Tens 100);
//! - under the small Weis a sequence of three 20, four 50, five or more 100 (003), no card in two
//!   melds (004: "A card may not be used in two melds at once");
//! - the pecking order "value, length, height, trump, position" (004), height reversed in
//!   Undenufe (003);
//! - the winner holds the strongest single meld (the earlier seat from the first on equal ones);
//!   he writes the most points of any set of disjoint melds of his hand that holds one meld beating
//!   every opponent's strongest (our reading, docs/melds.md);
//!
//! over many seeded random hands of nine and twelve cards for two to four seats, and over hands
//! built to hold a four crossing a sequence (where the layouts conflict).

use jass_core::deal::uniform_below;
use jass_core::meld_contest::{meld_contest, no_partners};
use jass_core::weis::WeisRules;
use jass_core::{Card, CardSet, Mode, Rank, Suit};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const RULES: WeisRules = WeisRules {
    four_nines: true,
    ..WeisRules::DEFAULT
};

/// A meld of the reference: its cards, value, length, (natural) lowest and highest index, suit.
#[derive(Clone, Copy, Debug)]
struct Meld {
    cards: CardSet,
    value: u32,
    len: u32,
    low: u32,
    high: u32,
    suit: Option<Suit>,
}

/// The ranks in the natural order, the six lowest.
const RANKS: [Rank; 9] = Rank::ALL;

fn four_value(r: Rank) -> u32 {
    match r {
        Rank::Jack => 200,
        Rank::Nine => 150,
        Rank::Ace | Rank::King | Rank::Queen | Rank::Ten => 100,
        _ => 0,
    }
}

/// Every meld `hand` holds.
fn melds(hand: CardSet) -> Vec<Meld> {
    let mut out = Vec::new();
    for (i, &r) in RANKS.iter().enumerate() {
        let four: CardSet = Suit::ALL.iter().map(|&s| Card::new(s, r)).collect();
        if hand.contains_all(four) && four_value(r) > 0 {
            out.push(Meld {
                cards: four,
                value: four_value(r),
                len: 4,
                low: i as u32,
                high: i as u32,
                suit: None,
            });
        }
    }
    for s in Suit::ALL {
        for low in 0..9 {
            for high in low + 2..9 {
                let cards: CardSet = (low..=high).map(|i| Card::new(s, RANKS[i])).collect();
                if !hand.contains_all(cards) {
                    continue;
                }
                let len = (high - low + 1) as u32;
                out.push(Meld {
                    cards,
                    value: match len {
                        3 => 20,
                        4 => 50,
                        _ => 100,
                    },
                    len,
                    low: low as u32,
                    high: high as u32,
                    suit: Some(s),
                });
            }
        }
    }
    out
}

/// The pecking order: value, length, height (the lower cards in Undenufe), trump.
fn key(m: &Meld, mode: Mode) -> (u32, u32, u32, bool) {
    let height = if mode == Mode::Undenufe {
        8 - m.low
    } else {
        m.high
    };
    (
        m.value,
        m.len,
        height,
        m.suit.is_some() && mode.trump() == m.suit,
    )
}

/// The most points of a set of disjoint melds among `ms` from index `i` on, not using `used`,
/// holding a meld that `wins` (or already holding one: `have`). `None`: no such set.
fn best_set(
    ms: &[Meld],
    i: usize,
    used: CardSet,
    have: bool,
    wins: &dyn Fn(&Meld) -> bool,
) -> Option<u32> {
    if i == ms.len() {
        return have.then_some(0);
    }
    let skip = best_set(ms, i + 1, used, have, wins);
    let m = ms[i];
    let take = if (used & m.cards).is_empty() {
        best_set(ms, i + 1, used | m.cards, have || wins(&m), wins).map(|p| p + m.value)
    } else {
        None
    };
    skip.max(take)
}

/// The reference's contest: the winner and what he writes.
fn reference(hands: &[CardSet], first: usize, mode: Mode) -> Option<(u8, u32)> {
    let n = hands.len();
    let all: Vec<Vec<Meld>> = hands.iter().map(|&h| melds(h)).collect();
    let best: Vec<Option<(u32, u32, u32, bool)>> = all
        .iter()
        .map(|ms| ms.iter().map(|m| key(m, mode)).max())
        .collect();
    let order: Vec<usize> = (0..n).map(|i| (first + i) % n).collect();
    let mut winner: Option<(usize, usize)> = None; // (place, seat)
    for (place, &seat) in order.iter().enumerate() {
        if let Some(k) = best[seat] {
            if winner.is_none_or(|(_, w)| k > best[w].unwrap()) {
                winner = Some((place, seat));
            }
        }
    }
    let (place, seat) = winner?;
    let wins = |m: &Meld| {
        let k = key(m, mode);
        order.iter().enumerate().all(|(p, &s)| {
            s == seat || best[s].is_none_or(|b| if p < place { k > b } else { k >= b })
        })
    };
    let points = best_set(&all[seat], 0, CardSet::EMPTY, false, &wins).expect("his best wins");
    Some((seat as u8, points))
}

fn engine(hands: &[CardSet], first: usize, mode: Mode) -> Option<(u8, u32)> {
    meld_contest(hands, first as u8, mode, &RULES, no_partners)
        .map(|c| (c.winner, c.written.points(mode, &RULES)))
}

/// A shuffled pack.
fn shuffled(rng: &mut Xoshiro256PlusPlus) -> Vec<Card> {
    let mut pack: Vec<Card> = CardSet::ALL.iter().collect();
    for i in (1..pack.len()).rev() {
        let j = uniform_below(rng, i as u32 + 1) as usize;
        pack.swap(i, j);
    }
    pack
}

const MODES: [Mode; 4] = [
    Mode::Trump(Suit::H),
    Mode::Trump(Suit::C),
    Mode::Obenabe,
    Mode::Undenufe,
];

#[test]
fn random_hands_agree_with_the_brute_force() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let mut contested = 0;
    for deal in 0..6000u32 {
        let (seats, size) = [(2, 12), (3, 12), (4, 9), (3, 9)][deal as usize % 4];
        let pack = shuffled(&mut rng);
        let hands: Vec<CardSet> = (0..seats)
            .map(|s| pack[s * size..(s + 1) * size].iter().copied().collect())
            .collect();
        let mode = MODES[(deal / 4) as usize % 4];
        let first = deal as usize % seats;
        let want = reference(&hands, first, mode);
        contested += want.is_some() as u32;
        assert_eq!(
            engine(&hands, first, mode),
            want,
            "{hands:?} from {first} in {mode:?}"
        );
    }
    assert!(contested > 3000, "most deals hold a meld ({contested})");
}

#[test]
fn hands_with_a_four_across_a_sequence_agree_with_the_brute_force() {
    // Each deal gives seat 0 a four of a kind and a run through one of its cards, the other
    // seats runs of their own from what is left: the layouts of seat 0 conflict.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut conflicts = 0;
    for deal in 0..4000u32 {
        let r = [
            Rank::Ace,
            Rank::King,
            Rank::Queen,
            Rank::Jack,
            Rank::Ten,
            Rank::Nine,
        ][uniform_below(&mut rng, 6) as usize];
        let ri = RANKS.iter().position(|&x| x == r).unwrap();
        let suit = Suit::ALL[uniform_below(&mut rng, 4) as usize];
        let len = 3 + uniform_below(&mut rng, 4) as usize;
        let low = (ri + 1).saturating_sub(1 + uniform_below(&mut rng, len as u32) as usize);
        let low = low.min(9 - len);
        let mut seat0: CardSet = Suit::ALL.iter().map(|&s| Card::new(s, r)).collect();
        seat0 |= (low..low + len)
            .map(|i| Card::new(suit, RANKS[i]))
            .collect::<CardSet>();
        let seats = 2 + deal as usize % 3;
        let size = if seats == 4 { 9 } else { 12 };
        let mut rest: Vec<Card> = shuffled(&mut rng)
            .into_iter()
            .filter(|c| !seat0.contains(*c))
            .collect();
        // Another seat holds a long run more often than chance gives it.
        let mut hands = vec![seat0];
        for _ in 1..seats {
            let mut h = CardSet::EMPTY;
            if uniform_below(&mut rng, 2) == 0 {
                let su = Suit::ALL[uniform_below(&mut rng, 4) as usize];
                let l = 3 + uniform_below(&mut rng, 5) as usize;
                let lo = uniform_below(&mut rng, (10 - l) as u32) as usize;
                for &r in &RANKS[lo..lo + l] {
                    let c = Card::new(su, r);
                    if rest.contains(&c) && h.len() < size as u32 {
                        h.insert(c);
                        rest.retain(|&x| x != c);
                    }
                }
            }
            while h.len() < size as u32 && !rest.is_empty() {
                h.insert(rest.pop().unwrap());
            }
            hands.push(h);
        }
        while hands[0].len() < size as u32 && !rest.is_empty() {
            hands[0].insert(rest.pop().unwrap());
        }
        let mode = MODES[deal as usize % 4];
        let first = (deal as usize / 3) % seats;
        let want = reference(&hands, first, mode);
        if seat0.len() < 4 + len as u32 {
            conflicts += 1;
        }
        assert_eq!(
            engine(&hands, first, mode),
            want,
            "{hands:?} from {first} in {mode:?}"
        );
    }
    assert!(
        conflicts > 1000,
        "the four crosses the run often ({conflicts})"
    );
}

//! Shuffling and dealing. Seeded deals are portable: the pack is shuffled by our own
//! Fisher-Yates over ChaCha8 (a specified stream cipher), with our own unbiased bounded sampling,
//! so the same seed gives the same deal on every machine and every release.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::card::Card;
use crate::cardset::CardSet;

/// A uniformly random integer in `0..n` (n > 0), by Lemire's multiply-and-reject method on 32-bit
/// draws. Fixed here (not taken from a library) so that seeded deals never change.
#[inline]
pub fn uniform_below<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = (rng.next_u32() as u64) * (n as u64);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = (rng.next_u32() as u64) * (n as u64);
        }
    }
    (m >> 32) as u32
}

/// Shuffles `cards` in place by Fisher-Yates with [`uniform_below`] (one draw per place, from
/// the last down): the shuffle of the sampled worlds.
pub fn shuffle<R: RngCore + ?Sized>(rng: &mut R, cards: &mut [Card]) {
    for i in (1..cards.len()).rev() {
        let j = uniform_below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// A seed drawn from the order of a shuffled `pack` (FNV-1a over its cards): what a deal draws
/// beside its cards comes from it (Handjass's draws for a tie, Schaggi Haas's cut), so the same
/// pack gives the same draws on every machine.
pub fn pack_seed(pack: &[Card; 36]) -> u64 {
    let mut seed: u64 = 0xcbf2_9ce4_8422_2325;
    for c in pack {
        seed = (seed ^ c.dense() as u64).wrapping_mul(0x100_0000_01b3);
    }
    seed
}

/// The 36 cards in dense order (D6 … DA, H6 … CA).
pub fn ordered_pack() -> [Card; 36] {
    std::array::from_fn(Card::from_dense)
}

/// The pack shuffled by Fisher-Yates with `rng`. Each 64-bit draw serves two 32-bit samples
/// (high half first), so a shuffle costs about 18 draws.
#[inline]
pub fn shuffled_pack<R: RngCore + ?Sized>(rng: &mut R) -> [Card; 36] {
    let mut pack = ordered_pack();
    let mut halves = HalfDraws::new();
    for i in (1..36).rev() {
        let j = halves.below(rng, i as u32 + 1) as usize;
        pack.swap(i, j);
    }
    pack
}

/// Each card's bit (`1 << index`) in dense order: the ordered pack as card sets of one card.
const PACK_BITS: [u64; 36] = {
    let mut t = [0u64; 36];
    let mut d = 0;
    while d < 36 {
        t[d] = 1 << Card::from_dense(d).index();
        d += 1;
    }
    t
};

/// The four hands of `four_hands(&shuffled_pack(rng), forehand)`, drawn the same way (the same
/// draws, the same deal) but dealt as the shuffle goes: Fisher-Yates fixes place `i` of the pack
/// at step `i`, and the place says whose hand the card goes to. Unrolled, with each 64-bit draw
/// split into its two samples without a counter; a sample rejected by Lemire's method (about one
/// in 2^27) hands the rest of the shuffle to the plain loop.
#[inline]
pub fn shuffled_four_hands<R: RngCore + ?Sized>(rng: &mut R, forehand: usize) -> [CardSet; 4] {
    let mut pack = PACK_BITS;
    // Hands in dealing order: `h[k]` is the hand of seat `forehand + k`.
    let h = match shuffle_deal_fast(rng, &mut pack) {
        Ok(h) => h,
        Err((h, place, halves)) => shuffle_deal_rest(rng, &mut pack, h, place, halves),
    };
    let mut out = [CardSet::EMPTY; 4];
    for (k, bits) in h.into_iter().enumerate() {
        out[(forehand + k) & 3] = CardSet(bits);
    }
    out
}

/// The hand (in dealing order) that place `i` of the pack goes to: packets of three.
const fn packet_hand(i: u32) -> usize {
    (i as usize / 3) % 4
}

/// The shuffle-and-deal of [`shuffled_four_hands`] while no sample is rejected: the hands, or
/// the hands so far, the place whose sample was rejected and the samples left of the draw.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn shuffle_deal_fast<R: RngCore + ?Sized>(
    rng: &mut R,
    pack: &mut [u64; 36],
) -> Result<[u64; 4], ([u64; 4], u32, HalfDraws)> {
    let mut h = [0u64; 4];
    // Place `i` from one sample: Lemire's method with the bound `i + 1` known, so that its
    // rejection threshold is a constant.
    macro_rules! place {
        ($i:expr, $sample:expr, $left:expr) => {{
            const N: u32 = $i + 1;
            const THRESHOLD: u32 = N.wrapping_neg() % N;
            let m = u64::from($sample) * u64::from(N);
            if (m as u32) < THRESHOLD {
                return Err((h, $i, $left));
            }
            let j = (m >> 32) as usize;
            let card = pack[j];
            pack[j] = pack[$i];
            h[packet_hand($i)] |= card;
        }};
    }
    macro_rules! pair {
        ($($i:expr),*) => {$({
            let w = rng.next_u64();
            place!($i, (w >> 32) as u32, HalfDraws { word: w, left: 1 });
            place!($i - 1, w as u32, HalfDraws::new());
        })*};
    }
    pair!(35, 33, 31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3);
    // Place 1 takes the high half of one more draw (the low half is not used).
    let w = rng.next_u64();
    place!(1, (w >> 32) as u32, HalfDraws::new());
    h[0] |= pack[0];
    Ok(h)
}

/// The rest of [`shuffle_deal_fast`] from the place whose sample was rejected, by the plain
/// loop of [`shuffled_pack`] on the samples left.
#[cold]
#[inline(never)]
fn shuffle_deal_rest<R: RngCore + ?Sized>(
    rng: &mut R,
    pack: &mut [u64; 36],
    mut h: [u64; 4],
    place: u32,
    mut halves: HalfDraws,
) -> [u64; 4] {
    for i in (1..=place).rev() {
        let j = halves.below(rng, i + 1) as usize;
        let card = pack[j];
        pack[j] = pack[i as usize];
        h[packet_hand(i)] |= card;
    }
    h[0] |= pack[0];
    h
}

/// 32-bit samples cut from 64-bit draws (high half first): half the generator calls of
/// [`uniform_below`], for play-outs that draw once a card.
#[derive(Clone, Debug, Default)]
pub struct HalfDraws {
    /// The last draw; its low half is the next sample if `left` is 1.
    word: u64,
    left: u8,
}

impl HalfDraws {
    /// No half left over: the next sample takes a fresh draw.
    pub const fn new() -> Self {
        HalfDraws { word: 0, left: 0 }
    }

    /// The next sample: the low half of the last draw if it is left, else the high half of a
    /// new draw (whose low half is then left).
    #[inline(always)]
    fn next<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        if self.left != 0 {
            self.left = 0;
            self.word as u32
        } else {
            self.word = rng.next_u64();
            self.left = 1;
            (self.word >> 32) as u32
        }
    }

    /// A uniformly random integer in `0..n` (n > 0): Lemire's method as in [`uniform_below`],
    /// on these samples.
    #[inline(always)]
    pub fn below<R: RngCore + ?Sized>(&mut self, rng: &mut R, n: u32) -> u32 {
        let mut m = (self.next(rng) as u64) * (n as u64);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next(rng) as u64) * (n as u64);
            }
        }
        (m >> 32) as u32
    }
}

/// Deals `pack` in packets of `packet` cards to `seats` players, `per_seat` cards each, the first
/// packet to `first` (forehand), going round in playing order. Returns the hands (indexed by
/// seat) and the cards left over (a blind or stock, in pack order).
pub fn deal_in_packets(
    pack: &[Card],
    seats: usize,
    per_seat: usize,
    packet: usize,
    first: usize,
) -> (Vec<CardSet>, Vec<Card>) {
    let mut hands = vec![CardSet::EMPTY; seats];
    let mut pos = 0;
    let mut dealt = vec![0usize; seats];
    let mut seat = first % seats;
    while dealt.iter().any(|&d| d < per_seat) {
        let take = packet.min(per_seat - dealt[seat]);
        for &c in &pack[pos..pos + take] {
            hands[seat].insert(c);
        }
        pos += take;
        dealt[seat] += take;
        seat = (seat + 1) % seats;
    }
    (hands, pack[pos..].to_vec())
}

/// A seeded source of deals for one game: deal after deal from one ChaCha8 stream.
#[derive(Clone, Debug)]
pub struct SeededDealer {
    rng: ChaCha8Rng,
}

impl SeededDealer {
    /// A dealer whose deals are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        SeededDealer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The next shuffled pack.
    pub fn next_pack(&mut self) -> [Card; 36] {
        shuffled_pack(&mut self.rng)
    }

    /// Plays `game`'s coming deal to its end (or the game's): deals it from the next pack and
    /// takes every decision from `act` (the game, the seat to act, its legal actions); stops
    /// where the deal after it would be dealt. For simulations whose players are trusted to
    /// answer with a legal action (a wrong one panics, naming it).
    pub fn play_one_deal<G: crate::Game>(
        &mut self,
        game: &mut G,
        mut act: impl FnMut(&G, usize, &crate::ActionList<G::Action>) -> G::Action,
    ) {
        let mut legal = crate::ActionList::new();
        let mut dealt = false;
        loop {
            match game.to_move() {
                crate::ToMove::Over => return,
                crate::ToMove::Deal if dealt => return,
                crate::ToMove::Deal => {
                    let d = game.deal_from_pack(&self.next_pack());
                    game.apply_deal(d).expect("a deal of the game's own pack");
                    dealt = true;
                }
                crate::ToMove::Seat(seat) => {
                    game.legal_actions(&mut legal);
                    let a = act(game, seat, &legal);
                    if let Err(e) = game.apply(a) {
                        panic!("seat {seat} chose {a}, which is not legal: {e}");
                    }
                }
            }
        }
    }
}

/// Four 9-card hands from a shuffled pack, dealt in threes starting with `forehand`
/// (allocation-free; the same result as [`deal_in_packets`] with 4 seats, 9 cards, packets of 3).
#[inline]
pub fn four_hands(pack: &[Card; 36], forehand: usize) -> [CardSet; 4] {
    // Packet k (cards 3k .. 3k+3) goes to seat forehand + k.
    const PACKET_SEAT: [u8; 36] = {
        let mut t = [0u8; 36];
        let mut i = 0;
        while i < 36 {
            t[i] = ((i / 3) % 4) as u8;
            i += 1;
        }
        t
    };
    let mut bits = [0u64; 4];
    for (i, &c) in pack.iter().enumerate() {
        bits[(forehand + PACKET_SEAT[i] as usize) & 3] |= 1 << c.index();
    }
    bits.map(CardSet)
}

/// Checks the four hands of a deal given to a four-seat game (`game`, its name in messages): nine
/// cards each, no card twice.
pub fn check_four_hands(
    hands: &[CardSet; 4],
    game: &str,
) -> Result<(), crate::game::IllegalAction> {
    check_hands(hands, 4, game)
}

/// Checks the hands of a deal of the whole pack to `players` players (`game`, its name in
/// messages): `36 / players` cards to each seat at the table, none to a seat beyond it, no card
/// twice.
pub fn check_hands(
    hands: &[CardSet],
    players: usize,
    game: &str,
) -> Result<(), crate::game::IllegalAction> {
    use crate::game::IllegalAction;
    let size = 36 / players as u32;
    let mut all = CardSet::EMPTY;
    for (s, h) in hands.iter().enumerate() {
        if s >= players && !h.is_empty() {
            return Err(IllegalAction::new(format!(
                "seat {s} was dealt cards; {game} has {players} players (seats 0 to {})",
                players - 1
            )));
        }
        if s < players && h.len() != size {
            return Err(IllegalAction::new(format!(
                "seat {s} was dealt {} cards; {game} deals {size} to each",
                h.len()
            )));
        }
        if !(all & *h).is_empty() {
            return Err(IllegalAction::new(format!(
                "card(s) {} dealt twice",
                all & *h
            )));
        }
        all |= *h;
    }
    Ok(())
}

/// The deals of game `G` drawn from `seed`, one shuffled pack each, as a recorder's `next_deal`
/// (every game's `play_recorded` uses this).
pub fn seeded_deals<G: crate::Game>(seed: u64) -> impl FnMut(&G) -> Option<G::Deal> {
    let mut dealer = SeededDealer::new(seed);
    move |state: &G| Some(state.deal_from_pack(&dealer.next_pack()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_are_checked_for_size_seats_and_cards_dealt_twice() {
        let pack = SeededDealer::new(7).next_pack();
        let mut hands = [CardSet::EMPTY; 5];
        for (i, &c) in pack.iter().enumerate() {
            hands[i % 3].insert(c);
        }
        assert!(check_hands(&hands, 3, "hindersi").is_ok());
        let err = |h: &[CardSet], n| check_hands(h, n, "hindersi").unwrap_err().to_string();
        // Three players' hands to a four-player game: seat 0 has 12 cards, not 9.
        assert!(err(&hands, 4).contains("seat 0 was dealt 12 cards; hindersi deals 9 to each"));
        // A card moved to a seat beyond the table.
        let mut beyond = hands;
        let c = beyond[0].first().unwrap();
        beyond[0].remove(c);
        beyond[3].insert(c);
        assert!(err(&beyond, 3).contains("seat 0 was dealt 11 cards"));
        beyond[0].insert(c);
        assert!(err(&beyond, 3).contains("seat 3 was dealt cards; hindersi has 3 players"));
        // A card in two hands (and one missing).
        let mut twice = hands;
        let (a, b) = (twice[1].first().unwrap(), twice[0].first().unwrap());
        twice[1].remove(a);
        twice[1].insert(b);
        assert!(err(&twice, 3).contains(&format!("card(s) {b} dealt twice")));
    }

    #[test]
    fn play_one_deal_plays_one_deal_and_stops_before_the_next() {
        use crate::schieber::{Schieber, SchieberOptions};
        use crate::{Game, ToMove};
        let mut g = Schieber::new(SchieberOptions::default()).unwrap();
        let mut dealer = SeededDealer::new(7);
        let mut decisions = 0;
        dealer.play_one_deal(&mut g, |_, seat, legal| {
            decisions += 1;
            assert!(seat < 4);
            legal.iter().next().unwrap()
        });
        assert_eq!(g.deals_started(), 1);
        assert_eq!(g.to_move(), ToMove::Deal, "the game goes on with a deal");
        // A contract, 36 cards, and whatever Weis and schieben the first legal actions are.
        assert!(decisions >= 37, "{decisions}");
        let total: u32 = g.totals().iter().sum();
        assert!(total >= 157, "{total}: the deal was scored");
        dealer.play_one_deal(&mut g, |_, _, legal| legal.iter().next().unwrap());
        assert_eq!(g.deals_started(), 2);
    }

    #[test]
    fn seeded_deal_is_fixed_forever() {
        // Golden: if this changes, every recorded seed in the world deals differently.
        let mut d = SeededDealer::new(42);
        let pack = d.next_pack();
        let hands = four_hands(&pack, 1);
        let shown: Vec<String> = hands.iter().map(|h| h.to_string()).collect();
        insta_like(
            &shown.join(" | "),
            include_str!("../tests/data/seed42_deal.txt").trim(),
        );
    }

    fn insta_like(got: &str, want: &str) {
        assert_eq!(got, want, "the seeded deal changed");
    }

    #[test]
    fn four_hands_matches_the_general_dealer() {
        let mut d = SeededDealer::new(3);
        for f in 0..4 {
            let pack = d.next_pack();
            let (general, rest) = deal_in_packets(&pack, 4, 9, 3, f);
            assert!(rest.is_empty());
            assert_eq!(four_hands(&pack, f).to_vec(), general);
        }
    }

    #[test]
    fn hands_partition_the_pack() {
        let mut d = SeededDealer::new(7);
        for _ in 0..100 {
            let hands = four_hands(&d.next_pack(), 0);
            let mut all = CardSet::EMPTY;
            for h in hands {
                assert_eq!(h.len(), 9);
                assert!((all & h).is_empty());
                all |= h;
            }
            assert_eq!(all, CardSet::ALL);
        }
    }

    #[test]
    fn uniform_below_is_in_range_and_covers() {
        let mut r = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[uniform_below(&mut r, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800 && n < 1200), "{seen:?}");
    }

    /// The direct deal is the deal of the shuffled pack, draw for draw (and leaves the
    /// generator where the shuffle does), on many seeds and forehands.
    #[test]
    fn shuffled_four_hands_deals_the_shuffled_pack() {
        for seed in 0..300u64 {
            let mut a = ChaCha8Rng::seed_from_u64(seed);
            let mut b = a.clone();
            for k in 0..40 {
                let forehand = (seed as usize + k) % 4;
                let want = four_hands(&shuffled_pack(&mut a), forehand);
                assert_eq!(shuffled_four_hands(&mut b, forehand), want);
                assert_eq!(a.next_u64(), b.next_u64());
            }
        }
    }

    /// A generator whose draws have, now and then, a zero half: Lemire's method rejects such a
    /// sample for most bounds, so the direct deal's hand-over to the plain loop is exercised at
    /// every place and with either half rejected.
    struct Rejecting {
        inner: ChaCha8Rng,
        count: u64,
    }

    impl RngCore for Rejecting {
        fn next_u32(&mut self) -> u32 {
            self.next_u64() as u32
        }
        fn next_u64(&mut self) -> u64 {
            self.count += 1;
            let w = self.inner.next_u64();
            match w % 7 {
                0 => w & 0xFFFF_FFFF,
                1 => w & !0xFFFF_FFFF,
                2 => 0,
                _ => w,
            }
        }
        fn fill_bytes(&mut self, dest: &mut [u8]) {
            self.inner.fill_bytes(dest)
        }
        fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_chacha::rand_core::Error> {
            self.inner.try_fill_bytes(dest)
        }
    }

    #[test]
    fn shuffled_four_hands_after_rejected_samples() {
        let mut a = Rejecting {
            inner: ChaCha8Rng::seed_from_u64(5),
            count: 0,
        };
        let mut b = Rejecting {
            inner: ChaCha8Rng::seed_from_u64(5),
            count: 0,
        };
        for k in 0..5000 {
            let want = four_hands(&shuffled_pack(&mut a), k % 4);
            assert_eq!(shuffled_four_hands(&mut b, k % 4), want, "deal {k}");
            assert_eq!(a.count, b.count);
        }
        // More draws than a shuffle without rejections takes (18 a deal): rejections happened.
        assert!(a.count > 5000 * 18 + 1000, "{}", a.count);
    }

    /// `HalfDraws` gives the high half of a draw, then its low half.
    #[test]
    fn half_draws_take_the_high_half_first() {
        let mut a = ChaCha8Rng::seed_from_u64(9);
        let mut b = a.clone();
        let mut halves = HalfDraws::new();
        for _ in 0..1000 {
            let w = a.next_u64();
            assert_eq!(halves.below(&mut b, 1 << 31) as u64, w >> 33);
            assert_eq!(halves.below(&mut b, 1 << 31) as u64, (w & 0xFFFF_FFFF) >> 1);
        }
    }

    #[test]
    fn packets_with_a_blind() {
        let pack = ordered_pack();
        let (hands, rest) = deal_in_packets(&pack, 3, 9, 3, 0);
        assert_eq!(rest.len(), 9);
        assert_eq!(hands[0].len(), 9);
        assert!(hands[0].contains(pack[0]) && hands[1].contains(pack[3]));
    }
}

//! A set of cards as one `u64`: bit `suit * 16 + rank`. Each suit is a 16-bit lane whose low nine
//! bits hold the ranks from the six (bit 0) to the ace (bit 8).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, ParseError, Suit};

/// A set of cards (a hand, the cards of a trick, the cards played so far …).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

/// The nine bits of one suit lane.
pub const LANE: u64 = 0x1FF;

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The whole 36-card pack.
    pub const ALL: CardSet = CardSet(LANE | LANE << 16 | LANE << 32 | LANE << 48);

    /// All nine cards of a suit.
    #[inline(always)]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(LANE << (16 * suit as u32))
    }

    /// The set holding one card.
    #[inline(always)]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The set of the given cards.
    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        cards
            .into_iter()
            .fold(CardSet::EMPTY, |s, c| s | CardSet::single(c))
    }

    /// Number of cards.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True if no card is in the set.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if `card` is in the set.
    #[inline(always)]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// True if every card of `other` is in this set.
    #[inline(always)]
    pub const fn contains_all(self, other: CardSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// Adds a card.
    #[inline(always)]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    /// Removes a card.
    #[inline(always)]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    /// The cards of one suit in this set.
    #[inline(always)]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (LANE << (16 * suit as u32)))
    }

    /// The nine-bit lane of one suit (bit 0 = six … bit 8 = ace).
    #[inline(always)]
    pub const fn lane(self, suit: Suit) -> u32 {
        ((self.0 >> (16 * suit as u32)) & LANE) as u32
    }

    /// The card with the lowest index, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The `n`-th card (0-based) in index order. Panics if `n >= len`.
    ///
    /// Branch-free: two halving steps by hardware `popcnt` (which half, then which lane of it
    /// holds the card, each by a compare and selects), then a table for the nine-bit lane. About
    /// 20 instructions, so that random play neither loops nor pays for mispredicted branches.
    #[inline]
    pub fn nth(self, n: u32) -> Card {
        let x = self.0;
        assert!(n < x.count_ones(), "CardSet::nth out of range");
        // The low half (diamonds, hearts) or the high half (spades, clubs)?
        let low = (x as u32).count_ones();
        let high_half = n >= low;
        let half = if high_half {
            (x >> 32) as u32
        } else {
            x as u32
        };
        let n = if high_half { n - low } else { n };
        let base = if high_half { 32 } else { 0 };
        // Its low lane or its high lane?
        let first = (half & 0xFFFF).count_ones();
        let high_lane = n >= first;
        let lane = if high_lane { half >> 16 } else { half } & LANE as u32;
        let n = if high_lane { n - first } else { n };
        let base = if high_lane { base + 16 } else { base };
        let bit = SELECT_IN_LANE[lane as usize][n as usize & 15] as u32 + base;
        debug_assert!(
            Card::from_index(bit as u8).is_some(),
            "set holds only cards"
        );
        Card::from_index_unchecked(bit as u8)
    }

    /// [`CardSet::nth`] by BMI2's `pdep` (deposit the bit `1 << n` at the set's `n`-th card,
    /// then count the zeros below it): four instructions. Only for code compiled with BMI2,
    /// which the workspace's `x86-64-v2` target does not assume: call it from a function with
    /// `#[target_feature(enable = "bmi1,bmi2")]` entered after [`bmi2_is_fast`].
    ///
    /// # Safety
    ///
    /// Called from code not compiled with BMI1 and BMI2, the CPU must have them.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2")]
    #[inline]
    pub fn nth_bmi2(self, n: u32) -> Card {
        let x = self.0;
        assert!(n < x.count_ones(), "CardSet::nth out of range");
        let bit = std::arch::x86_64::_pdep_u64(1 << n, x).trailing_zeros();
        debug_assert!(
            Card::from_index(bit as u8).is_some(),
            "set holds only cards"
        );
        Card::from_index_unchecked(bit as u8)
    }

    /// The cards in index order (suit D H S C, each from the six up to the ace).
    #[inline(always)]
    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }

    /// The cards sorted as people read a hand: suit D H S C, each from the ace down.
    pub fn sorted_high_first(self) -> Vec<Card> {
        let mut v: Vec<Card> = Vec::with_capacity(self.len() as usize);
        for s in Suit::ALL {
            let mut lane = self.of_suit(s).iter().collect::<Vec<_>>();
            lane.reverse();
            v.extend(lane);
        }
        v
    }
}

/// True if this CPU has BMI2 and its `pdep` is fast: not on AMD (or Hygon) before Zen 3
/// (family 0x19), where it is microcoded and takes a cycle or more per set bit. Checked once per
/// call of a hot loop that then runs a `#[target_feature(enable = "bmi1,bmi2")]` copy of itself
/// with [`CardSet::nth_bmi2`].
#[cfg(target_arch = "x86_64")]
pub fn bmi2_is_fast() -> bool {
    use std::arch::x86_64::__cpuid;
    if !(std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2")) {
        return false;
    }
    // The vendor string (EBX, EDX, ECX of leaf 0) and the family (leaf 1).
    let vendor = __cpuid(0);
    let amd_like = matches!(
        (vendor.ebx, vendor.edx, vendor.ecx),
        (0x6874_7541, 0x6974_6E65, 0x444D_4163) | (0x6F67_7948, 0x6E65_476E, 0x656E_6975)
    );
    if !amd_like {
        return true;
    }
    let eax = __cpuid(1).eax;
    let base = (eax >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((eax >> 20) & 0xFF)
    } else {
        base
    };
    family >= 0x19
}

/// For every nine-bit lane, the position of its k-th set bit (0 where there is none; rows of 16
/// so that the index needs no bounds check).
static SELECT_IN_LANE: [[u8; 16]; 512] = {
    let mut t = [[0u8; 16]; 512];
    let mut b = 0;
    while b < 512 {
        let mut k = 0;
        let mut i = 0;
        while i < 9 {
            if b & (1 << i) != 0 {
                t[b][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Iterator over the cards of a set.
#[derive(Clone)]
pub struct CardIter(u64);

impl Iterator for CardIter {
    type Item = Card;
    #[inline(always)]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;
    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        CardSet::from_cards(iter)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $op:tt) => {
        impl $tr for CardSet {
            type Output = CardSet;
            #[inline(always)]
            fn $f(self, o: CardSet) -> CardSet {
                CardSet(self.0 $op o.0)
            }
        }
    };
}
binop!(BitAnd, bitand, &);
binop!(BitOr, bitor, |);
binop!(BitXor, bitxor, ^);

impl Sub for CardSet {
    type Output = CardSet;
    #[inline(always)]
    fn sub(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    #[inline(always)]
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL.0)
    }
}

impl BitOrAssign for CardSet {
    #[inline(always)]
    fn bitor_assign(&mut self, o: CardSet) {
        self.0 |= o.0;
    }
}

impl BitAndAssign for CardSet {
    #[inline(always)]
    fn bitand_assign(&mut self, o: CardSet) {
        self.0 &= o.0;
    }
}

impl fmt::Display for CardSet {
    /// Space-separated cards in index order, e.g. `D6 DA H10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

impl FromStr for CardSet {
    type Err = ParseError;
    /// Cards separated by spaces or commas. A card given twice is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut set = CardSet::EMPTY;
        for tok in s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let c: Card = tok.parse()?;
            if set.contains(c) {
                return Err(ParseError::new(format!("card {c} is given twice")));
            }
            set.insert(c);
        }
        Ok(set)
    }
}

impl Serialize for CardSet {
    /// A list of card strings, e.g. `["D6","DA"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for c in cards {
            if set.contains(c) {
                return Err(serde::de::Error::custom(format!("card {c} is given twice")));
            }
            set.insert(c);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;

    #[test]
    fn pack_has_36_cards_nine_per_suit() {
        assert_eq!(CardSet::ALL.len(), 36);
        for s in Suit::ALL {
            assert_eq!(CardSet::suit(s).len(), 9);
            assert!(CardSet::suit(s).iter().all(|c| c.suit() == s));
        }
    }

    #[test]
    fn parse_display_round_trip_and_errors() {
        let s: CardSet = "HA d10, SU c6".parse().unwrap();
        assert_eq!(s.len(), 4);
        assert!(s.contains(Card::new(Suit::S, Rank::Jack)));
        assert_eq!(s.to_string().parse::<CardSet>().unwrap(), s);
        assert!("HA HA"
            .parse::<CardSet>()
            .unwrap_err()
            .to_string()
            .contains("twice"));
        assert_eq!(!CardSet::EMPTY, CardSet::ALL);
        assert_eq!(s.nth(0), s.first().unwrap());
    }

    #[test]
    fn nth_agrees_with_iteration() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let set = CardSet(x) & CardSet::ALL;
            for (i, c) in set.iter().enumerate() {
                assert_eq!(set.nth(i as u32), c, "{set:?} #{i}");
            }
        }
        assert_eq!(CardSet::ALL.nth(35).to_string(), "CA");
    }

    /// The select before 2026-11-28 (SWAR byte counts, their prefix sums, a byte table): the
    /// reference for the new ones.
    fn nth_swar(set: CardSet, n: u32) -> u32 {
        let x = set.0;
        let mut c = x - ((x >> 1) & 0x5555_5555_5555_5555);
        c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
        c = (c + (c >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        let prefix = c.wrapping_mul(0x0101_0101_0101_0101);
        assert!(u64::from(n) < prefix >> 56);
        let nn = (n as u64).wrapping_mul(0x0101_0101_0101_0101);
        let before_mask = ((nn | 0x8080_8080_8080_8080) - prefix) & 0x8080_8080_8080_8080;
        let byte = before_mask.count_ones();
        let before = ((prefix << 8) >> (8 * byte)) as u32 & 0xFF;
        let in_byte = (x >> (8 * byte)) & 0xFF;
        let mut k = n - before;
        for i in 0..8 {
            if in_byte & (1 << i) != 0 {
                if k == 0 {
                    return 8 * byte + i;
                }
                k -= 1;
            }
        }
        unreachable!()
    }

    /// The halving select and the `pdep` one (where the CPU has BMI2) agree with the old select
    /// on every card of many sets: random ones of every size, every lane alone and full packs.
    #[test]
    fn nth_agrees_with_the_old_select() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut sets = vec![CardSet::ALL, CardSet::EMPTY];
        for lane in 0..512u64 {
            for suit in 0..4 {
                sets.push(CardSet(lane << (16 * suit)));
            }
        }
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse and dense sets alike: a random mask thinned by a second draw now and then.
            let y = x.rotate_left(23) | x.rotate_left(41);
            let set = CardSet(if x & 1 == 0 { x & y } else { x | y }) & CardSet::ALL;
            sets.push(set);
        }
        #[cfg(target_arch = "x86_64")]
        let bmi2 = std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2");
        for set in sets {
            for n in 0..set.len() {
                let want = nth_swar(set, n);
                assert_eq!(set.nth(n).index() as u32, want, "{set:?} #{n}");
                #[cfg(target_arch = "x86_64")]
                if bmi2 {
                    // SAFETY: the CPU has BMI1 and BMI2, checked above.
                    let got = unsafe { set.nth_bmi2(n) };
                    assert_eq!(got.index() as u32, want, "{set:?} #{n}");
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "out of range")]
    fn nth_past_the_end_panics() {
        let set: CardSet = "HA D10".parse().unwrap();
        set.nth(2);
    }
}

//! The transposition table: entries of bounds at trick boundaries in buckets of four (one cache
//! line), keyed by the quasi-symmetry class of the position (the owners of each suit's cards in
//! rank order), the margins by which a quasi-symmetric entry's bounds are widened, the probe and
//! the store (docs/solver.md, "Transposition table" and "Quasi-symmetry").

use super::*;
/// One transposition-table entry: bounds on the points the searching team takes from a trick
/// boundary on. `key`: the table key (62 bits), the low two bits of the generation above it;
/// `data`: the cards left (36 bits, four nine-bit lanes), the lower and the upper bound (nine
/// bits each, [`HI_NONE`]: none), the best lead (six bits, [`MV_NONE`]: none), the high four
/// bits of the generation.
#[derive(Copy, Clone, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) data: u64,
}

pub(super) const CARDS36: u64 = (1 << 36) - 1;
pub(super) const HI_NONE: u64 = 0x1FF;
pub(super) const MV_NONE: u64 = 0x3F;
/// Generations wrap (and the table is cleared) after `2^GEN_BITS`.
pub(super) const GEN_BITS: u32 = 6;
/// The estimates a deal may make before its exact search (each in a generation of its own).
pub(super) const ESTIMATES: u16 = 2;
/// The key of a boundary with this many cards left or fewer is the quasi-symmetric one (when
/// `SolverConfig::quasi_symmetry` is on): it fits in 61 bits up to 20 cards. With more cards
/// the key is a hash of it and a table hit is checked against the cards the entry holds.
pub(super) const QS_MAX_LEFT: u8 = 20;
/// The bits of the hash in a key above 20 cards (four in the unit tests, so that collisions
/// happen and the check against the entry's cards is exercised).
pub(super) const HASH_MASK: u64 = if cfg!(test) { 0xF } else { (1 << 56) - 1 };
/// Marks an exact key (the cards themselves) or a hashed quasi-symmetric one, so that it never
/// equals a quasi-symmetric one of at most 20 cards.
pub(super) const EXACT_KIND: u64 = 1 << 61;

impl Entry {
    #[inline(always)]
    fn lo(&self) -> i32 {
        ((self.data >> 36) & 0x1FF) as i32
    }
    #[inline(always)]
    fn hi(&self) -> i32 {
        let h = (self.data >> 45) & 0x1FF;
        if h == HI_NONE {
            1 << 20
        } else {
            h as i32
        }
    }
    #[inline(always)]
    fn mv(&self) -> u8 {
        let m = (self.data >> 54) & 0x3F;
        if m == MV_NONE {
            NONE
        } else {
            m as u8
        }
    }
    #[inline(always)]
    fn cards(&self) -> u64 {
        self.data & CARDS36
    }
}

/// The cards of a node's hands as 36 bits (four nine-bit lanes).
#[inline(always)]
pub(super) fn pack36(cards: u64) -> u64 {
    (cards & LANE)
        | (cards >> 16 & LANE) << 9
        | (cards >> 32 & LANE) << 18
        | (cards >> 48 & LANE) << 27
}

/// The bits of `a` and of `b` at the places of the bits of `mask`, each gathered to the low bits
/// (BMI2's `pext`; a loop over the bits of `mask` where the processor lacks it).
#[inline(always)]
pub(super) fn pext2(mask: u64, a: u64, b: u64) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        if has_bmi2() {
            // SAFETY: the processor has BMI2 (checked at run time).
            return unsafe { pext2_bmi2(mask, a, b) };
        }
    }
    pext2_soft(mask, a, b)
}

#[inline(always)]
pub(super) fn pext2_soft(mask: u64, a: u64, b: u64) -> (u64, u64) {
    let (mut x, mut y) = (0, 0);
    let mut m = mask;
    let mut j = 0;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        x |= ((a & bit != 0) as u64) << j;
        y |= ((b & bit != 0) as u64) << j;
        j += 1;
        m ^= bit;
    }
    (x, y)
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn has_bmi2() -> bool {
    std::is_x86_feature_detected!("bmi2")
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
pub(super) unsafe fn pext2_bmi2(mask: u64, a: u64, b: u64) -> (u64, u64) {
    use std::arch::x86_64::_pext_u64;
    (_pext_u64(a, mask), _pext_u64(b, mask))
}

/// The inverse of [`pack36`].
#[inline(always)]
pub(super) fn unpack36(c36: u64) -> u64 {
    (c36 & LANE) | (c36 >> 9 & LANE) << 16 | (c36 >> 18 & LANE) << 32 | (c36 >> 27 & LANE) << 48
}

#[inline(always)]
pub(super) fn lane36(c36: u64, s: usize) -> u32 {
    ((c36 >> (9 * s)) & LANE) as u32
}

/// Card points `a` and `b` paired place by place (`a` the current position's, `b` a stored
/// one's), the first `skip` places set apart: the sums of the positive and of the negative
/// differences `a - b` after them, as `(plus, minus)` (both at least 0), and the sum of
/// the differences before them.
#[inline(always)]
pub(super) fn pair_diffs(a: &[u8; 16], b: &[u8; 16], skip: u32) -> (i32, i32, i32) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        /// Sixteen zeros, then sixteen ones: loaded from place `16 - skip`, a mask of the places
        /// from `skip` on.
        static AFTER: [u8; 32] = {
            let mut m = [0u8; 32];
            let mut i = 16;
            while i < 32 {
                m[i] = 0xFF;
                i += 1;
            }
            m
        };
        // SAFETY: SSE2 is part of x86_64; every load reads 16 bytes inside its array (`skip` is
        // at most 9).
        unsafe {
            let va = _mm_loadu_si128(a.as_ptr() as *const __m128i);
            let vb = _mm_loadu_si128(b.as_ptr() as *const __m128i);
            let zero = _mm_setzero_si128();
            let sum = |v: __m128i| -> i32 {
                let s = _mm_sad_epu8(v, zero);
                _mm_cvtsi128_si32(s) + _mm_extract_epi16::<4>(s)
            };
            if skip == 0 {
                return (sum(_mm_subs_epu8(va, vb)), sum(_mm_subs_epu8(vb, va)), 0);
            }
            let m = _mm_loadu_si128(AFTER.as_ptr().add(16 - skip as usize) as *const __m128i);
            let (ta, tb) = (_mm_and_si128(va, m), _mm_and_si128(vb, m));
            let shift = sum(_mm_andnot_si128(m, va)) - sum(_mm_andnot_si128(m, vb));
            (
                sum(_mm_subs_epu8(ta, tb)),
                sum(_mm_subs_epu8(tb, ta)),
                shift,
            )
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    pair_diffs_soft(a, b, skip)
}

#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(super) fn pair_diffs_soft(a: &[u8; 16], b: &[u8; 16], skip: u32) -> (i32, i32, i32) {
    let (mut plus, mut minus, mut shift) = (0, 0, 0);
    for i in 0..16 {
        let d = a[i] as i32 - b[i] as i32;
        if i < skip as usize {
            shift += d;
        } else if d > 0 {
            plus += d;
        } else {
            minus -= d;
        }
    }
    (plus, minus, shift)
}

/// Four entries in one cache line.
#[derive(Copy, Clone, Default)]
#[repr(align(64))]
pub(super) struct Bucket(pub(super) [Entry; WAYS]);

pub(super) const WAYS: usize = 4;

/// A table of `buckets` empty buckets. On Linux the memory is given to the kernel as a
/// candidate for huge pages before it is first written: a probe then rarely misses the TLB as
/// well as the cache (measured: about 15% of the time of whole deals).
pub(super) fn new_table(buckets: usize) -> Vec<Bucket> {
    let mut tt: Vec<Bucket> = Vec::with_capacity(buckets);
    #[cfg(target_os = "linux")]
    {
        let bytes = buckets * std::mem::size_of::<Bucket>();
        if bytes >= 4 << 20 {
            const PAGE: usize = 4096;
            let start = (tt.as_ptr() as usize).next_multiple_of(PAGE);
            let end = (tt.as_ptr() as usize + bytes) & !(PAGE - 1);
            if end > start {
                // SAFETY: the range lies inside the vector's own allocation (page-aligned
                // inwards); madvise only advises the kernel and changes no content (the memory is
                // not written yet). A failure just means no huge pages.
                unsafe {
                    libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
                }
            }
        }
    }
    tt.resize(buckets, Bucket::default());
    tt
}

impl Core {
    /// Asks the processor to load the table bucket of `key` into the cache (a hint, no effect
    /// on any value; nothing where there is no such instruction).
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = &self.tt[self.tt_index(key)] as *const Bucket as *const i8;
            // SAFETY: a prefetch only hints the cache; the address is that of a live bucket.
            unsafe { std::arch::x86_64::_mm_prefetch(bucket, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline(always)]
    pub(super) fn tt_index(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize) & self.mask
    }

    /// The table key of trick boundary `n`: the cards left (or, with quasi-symmetry and at most
    /// 20 cards left, the owners of the cards of each suit in rank order and whether the Puur
    /// is in play), the seat on lead, whether the searching team still has every trick, the
    /// searching team.
    #[inline(always)]
    pub(super) fn tt_key(&self, t: &Tables, n: &Node) -> u64 {
        let (cards, left) = (n.in_play, n.left);
        let tail = (n.to_move as u64) | (n.m_all as u64) << 2 | (self.team as u64) << 3;
        if !self.config.quasi_symmetry {
            return EXACT_KIND | cards | tail << 9;
        }
        let puur = (cards & t.puur != 0) as u64;
        if left > QS_MAX_LEFT {
            // A hash of the owners in rank order; the tail exactly.
            let k = t.owner_ranks(cards);
            let h = ((k as u64) ^ ((k >> 64) as u64).wrapping_mul(0xFF51_AFD7_ED55_8CCD))
                .wrapping_mul(0xC4CE_B9FE_1A85_EC53);
            return EXACT_KIND | (tail << 1 | puur) << 56 | (h ^ h >> 29) & HASH_MASK;
        }
        // At most 20 cards: each owner plane fits in 20 bits, the counts above them.
        let r = t.owner_ranks(cards);
        let k = (r >> 72) as u64 & 0xFFFF;
        let o = (r >> 36) as u64 & 0xF_FFFF;
        (k << 40 | o << 20 | r as u64 & 0xF_FFFF) << 5 | tail << 1 | puur
    }

    /// How far the value of a boundary with cards `cur` (36 bits) can lie from that of a
    /// quasi-symmetric one with cards `stored`: `(pos, neg)`, the points the relabelling adds
    /// and takes away (each card maps to the card of the same rank among the cards in play of
    /// its suit; every line of play maps one to one and keeps its trick winners, so the
    /// searching team's points change by at most these sums). The highest trumps, while one
    /// team holds them, go to that team in every line (see [`Core::bounds`]): the searching
    /// team's shift the value exactly, the other team's not at all.
    #[inline]
    pub(super) fn qs_diff(&self, t: &Tables, n: &Node, stored: u64, cur: u64) -> (i32, i32) {
        let (mut pos, mut neg) = (0, 0);
        for s in 0..4 {
            let x = lane36(cur, s);
            let y = lane36(stored, s);
            if x == y {
                continue;
            }
            // The cards pair off by rank; the first `sure` of them are sure top trumps.
            let (mut sure, mut mine) = (0, false);
            if s == t.trump && self.config.qs_sure_trumps {
                let me = self.team as usize;
                let m = lane(n.hands[me] | n.hands[me + 2], s);
                let theirs = x & !m;
                mine = m > theirs;
                sure = if mine {
                    above_top(x, theirs)
                } else {
                    above_top(x, m)
                }
                .count_ones();
            }
            let (p, q, shift) =
                pair_diffs(&t.rank_pts[s][x as usize], &t.rank_pts[s][y as usize], sure);
            pos += p;
            neg += q;
            if mine {
                // The searching team's points in every line: shifted exactly.
                pos += shift;
                neg -= shift;
            }
        }
        (pos, neg)
    }

    /// The key with the low bits of the generation (what an entry holds), and the high bits
    /// (in its data).
    #[inline(always)]
    pub(super) fn gen_key(&self, key: u64) -> (u64, u64) {
        (key | ((self.gen as u64) & 3) << 62, (self.gen as u64) >> 2)
    }

    /// The table entries of boundary `n` (key `key`): `Some(value)` if they decide it against
    /// the window (a fail-soft bound), else the best lead they suggest.
    #[inline]
    pub(super) fn probe(
        &mut self,
        t: &Tables,
        n: &Node,
        key: u64,
        alpha: i32,
        beta: i32,
    ) -> (Option<i32>, u8) {
        let mut tt_mv = NONE;
        let (kg, gh) = self.gen_key(key);
        let cur = pack36(n.in_play);
        let i = self.tt_index(key);
        // Every entry of the bucket with this key: this position's own (the same cards)
        // and quasi-symmetric ones (other cards, their bounds widened).
        for e in &self.tt[i].0 {
            if e.key == kg && e.data >> 60 == gh {
                let (mut lo, mut hi) = (e.lo(), e.hi());
                let stored = e.cards();
                let exact = stored == cur;
                if !exact
                    && n.left > QS_MAX_LEFT
                    && t.owner_ranks(unpack36(stored)) != t.owner_ranks(unpack36(cur))
                {
                    // A hash collision: another position.
                    count!(self, 9);
                    continue;
                }
                if !exact {
                    let (pos, neg) = self.qs_diff(t, n, stored, cur);
                    lo -= neg;
                    hi += pos;
                }
                if lo >= beta || hi <= alpha || lo == hi {
                    count!(self, 2);
                    if !exact {
                        count!(self, 8);
                    }
                    return (Some(if lo >= beta { lo } else { hi }), NONE);
                }
                if exact {
                    tt_mv = e.mv();
                } else if e.mv() != NONE && tt_mv == NONE {
                    // The lead of the same rank among the cards in play of its suit.
                    let m = e.mv();
                    let s = (m >> 4) as usize;
                    let above = (lane36(stored, s) >> ((m & 15) + 1)).count_ones();
                    let mut l = lane36(cur, s);
                    for _ in 0..above {
                        l &= !(1 << (31 - l.leading_zeros()));
                    }
                    if l != 0 {
                        tt_mv = (s * 16) as u8 + (31 - l.leading_zeros()) as u8;
                    }
                }
            }
        }
        (None, tt_mv)
    }

    #[inline]
    pub(super) fn store(&mut self, key: u64, n: &Node, v: i32, alpha: i32, beta: i32, mv: u8) {
        if self.aborted {
            return;
        }
        let (mut lo, mut hi) = if v <= alpha {
            (0, v)
        } else if v >= beta {
            (v, 1 << 20)
        } else {
            (v, v)
        };
        let cur = pack36(n.in_play);
        let (kg, gh) = self.gen_key(key);
        let i = self.tt_index(key);
        let b = &mut self.tt[i].0;
        // This position's own entry (quasi-symmetric positions keep theirs alongside).
        let mut slot = WAYS;
        for (j, e) in b.iter().enumerate() {
            if e.key == kg && e.data >> 60 == gh && e.cards() == cur {
                slot = j;
                break;
            }
        }
        if slot == WAYS {
            // Replace a stale entry, else the one with the smallest subtree.
            let mut victim = 0;
            for j in 0..WAYS {
                if b[j].key >> 62 != kg >> 62 || b[j].data >> 60 != gh {
                    victim = j;
                    break;
                }
                if b[j].cards().count_ones() < b[victim].cards().count_ones() {
                    victim = j;
                }
            }
            slot = victim;
        } else {
            lo = lo.max(b[slot].lo());
            hi = hi.min(b[slot].hi());
        }
        // Nine bits per bound: a lower bound is lowered, an upper bound dropped, if they do not
        // fit (sound either way).
        let lo = lo.clamp(0, HI_NONE as i32 - 1) as u64;
        let hi = if hi >= HI_NONE as i32 {
            HI_NONE
        } else {
            hi.max(0) as u64
        };
        let m = if mv == NONE { MV_NONE } else { mv as u64 };
        b[slot] = Entry {
            key: kg,
            data: cur | lo << 36 | hi << 45 | m << 54 | gh << 60,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{random_position, SplitMix};
    use jass_core::UndenufeEleven;

    /// With a four-bit hash in the keys above 20 cards (unit tests only), most hits of such a
    /// key are collisions; the check against the entry's cards keeps the values exact.
    #[test]
    fn hash_collisions_above_20_cards_are_caught() {
        let mut rng = SplitMix::new(17);
        let mut on = Solver::new(SolverConfig {
            tt_bits: 10,
            ..SolverConfig::default()
        });
        let mut off = Solver::new(SolverConfig {
            quasi_symmetry: false,
            ..SolverConfig::default()
        });
        for i in 0..60 {
            let mode = Mode::ALL[i % 6];
            let rules = [
                TrickRules::Strict,
                TrickRules::Weak,
                TrickRules::Heading,
                TrickRules::MustTrump,
            ][(i / 6) % 4];
            let left = 24 + rng.below(5) as u32;
            let pos = random_position(&mut rng, left, mode, UndenufeEleven::Ace, rules);
            let team = (i / 2 % 2) as u8;
            assert_eq!(on.solve_for(&pos, team), off.solve_for(&pos, team), "{pos}");
        }
        assert!(on.stats()[9] > 20, "collisions caught: {}", on.stats()[9]);
    }

    #[test]
    fn paired_point_differences_with_and_without_sse2() {
        let mut rng = SplitMix::new(17);
        for _ in 0..20_000 {
            let mut a = [0u8; 16];
            let mut b = [0u8; 16];
            let len = rng.below(10) as usize;
            for i in 0..len {
                a[i] = rng.below(21) as u8;
                b[i] = rng.below(21) as u8;
            }
            let skip = rng.below(len as u64 + 1) as u32;
            assert_eq!(
                pair_diffs(&a, &b, skip),
                pair_diffs_soft(&a, &b, skip),
                "{a:?} {b:?} {skip}"
            );
        }
    }

    #[test]
    fn pext_with_and_without_bmi2() {
        let mut rng = SplitMix::new(9);
        for _ in 0..10_000 {
            let (m, a, b) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
            let (x, y) = pext2_soft(m, a, b);
            assert_eq!(pext2(m, a, b), (x, y));
            // The definition: bit j of the result is the bit of `a` at the j-th bit of `m`.
            let mut j = 0;
            for i in 0..64 {
                if m >> i & 1 != 0 {
                    assert_eq!(x >> j & 1, a >> i & 1);
                    assert_eq!(y >> j & 1, b >> i & 1);
                    j += 1;
                }
            }
        }
    }
}

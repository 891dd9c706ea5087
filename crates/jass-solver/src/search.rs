//! The search: fail-soft alpha-beta on the points one team takes, driven by zero-window
//! searches, with a transposition table at trick boundaries (keyed by the quasi-symmetry class
//! of the position), quick-trick bounds, the last two tricks evaluated directly, and equivalent
//! cards merged.
//!
//! Inside the search a card is `suit * 16 + strength` (strength 0..9 in the mode, higher wins),
//! so that the cards of a suit form a nine-bit lane in strength order: "the cards above this
//! one", "the top card in play" and "who holds it" are a few bit operations.

use jass_core::mode::LAST_TRICK_BONUS;
use jass_core::trick::trick_winner;
use jass_core::{Card, Mode, PointTable, TrickRules};

use crate::position::{Position, SEATS};

mod driver;

/// The order in which the search tries the cards. Every order gives the same values; only the
/// time differs. The other orders exist to test that.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveOrder {
    /// Transposition-table card first, then sure winners and cards that win the trick, points
    /// smeared onto the partner's trick, cheap discards (the default).
    Heuristic,
    /// The heuristic order reversed (the worst cards first).
    Reversed,
    /// A pseudo-random order at every node, from this seed.
    Shuffled(u64),
}

/// Who plays for the points the search counts (those of the team given to the search).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Objective {
    /// The counted team takes as many as it can, the other team gives it as few as it can (the
    /// default: every game that scores the points one takes).
    #[default]
    MostPoints,
    /// The counted team takes as few as it can, the other team gives it as many as it can:
    /// Misère (004: "all points won from Stich are given to the opposite teams"), where the
    /// other team scores what the counted team takes. The quick-trick bounds (which assume the
    /// side on lead wants its winners) are left out; everything else is the same search.
    FewestPoints,
}

/// Settings of a [`Solver`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The transposition table holds `2^tt_bits` entries of 16 bytes (default 17: 2 MiB, so
    /// that the table and the refutation memory stay near a core's 2 MiB second-level cache:
    /// 10% less time for whole deals than 16 MiB there for 1% more nodes, docs/solver.md).
    pub tt_bits: u32,
    /// The move order.
    pub order: MoveOrder,
    /// Merge equivalent cards (adjacent in rank among the cards in play, with equal points).
    pub merge_equivalent: bool,
    /// Use the transposition table.
    pub use_tt: bool,
    /// Quasi-symmetry (Kupferschmid and Helmert): boundaries with at most 20 cards left that are
    /// equal up to relabelling the cards of each suit by their rank among the cards in play
    /// share a table slot; a stored bound then holds up to the points of the relabelled cards
    /// (default true).
    pub quasi_symmetry: bool,
    /// With quasi-symmetry: the top trumps one team holds move the value by exactly their
    /// points (their team's) or not at all (the other team's) instead of widening the bounds
    /// (default true).
    pub qs_sure_trumps: bool,
    /// Use the quick-trick bounds at trick boundaries and evaluate the last two tricks
    /// directly (default true; false leaves plain alpha-beta, for the tests).
    pub bounds: bool,
    /// The quick tricks of the side on lead count the partner's winners too, reached by a low
    /// lead to one of them (default true).
    pub partner_tricks: bool,
    /// Enhanced transposition cut-offs: at the fourth card of a trick that leaves at least this
    /// many cards, the quick bounds and table entries of every child boundary are looked at
    /// before any subtree is searched (default 16; above 32: never).
    pub etc_min_cards: u8,
    /// Whether the counted team wants the most points or the fewest (default the most).
    pub objective: Objective,
    /// The refutation memory holds `2^refutation_bits` cards (4 bytes each; default 18: 1 MiB;
    /// at most 26; 0: none): at a node where a card other than the first tried cut the search
    /// off, that card is remembered under the hand to move and the cards of the trick so far,
    /// and tried first the next time that hand meets that trick (docs/solver.md, "The
    /// refutation memory"). It changes the order only, never a value.
    pub refutation_bits: u32,
    /// The estimate's horizon (default 23; 0: no estimate). A value asked for without a guess,
    /// from a table that holds nothing yet, at a position with more than `estimate_horizon + 4`
    /// cards left, is first estimated by a search that plays a single line (the move order's
    /// first card) at every node with at most this many cards left (from a coarser estimate
    /// with single lines one trick earlier, when there is room); the exact search then starts
    /// at that estimate and steps out from it (docs/solver.md, "The estimate first"). It
    /// changes the time only, never a value.
    pub estimate_horizon: u8,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            tt_bits: 17,
            order: MoveOrder::Heuristic,
            merge_equivalent: true,
            use_tt: true,
            bounds: true,
            partner_tricks: true,
            quasi_symmetry: true,
            qs_sure_trumps: true,
            etc_min_cards: 16,
            objective: Objective::MostPoints,
            refutation_bits: 18,
            estimate_horizon: 23,
        }
    }
}

/// The values of the legal cards of the seat to move (allocation-free, at most 9).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveValues {
    cards: [Card; 9],
    values: [u32; 9],
    len: usize,
    /// The team whose points the values count.
    pub team: u8,
}

impl MoveValues {
    /// The cards and their values, in card order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u32)> + '_ {
        self.cards[..self.len]
            .iter()
            .copied()
            .zip(self.values[..self.len].iter().copied())
    }
    /// Number of legal cards.
    pub fn len(&self) -> usize {
        self.len
    }
    /// True if there is no legal card (the deal is over).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The value of one card, if it is legal.
    pub fn value(&self, card: Card) -> Option<u32> {
        self.iter().find(|&(c, _)| c == card).map(|(_, v)| v)
    }
    /// The highest value and a card that reaches it.
    pub fn best(&self) -> Option<(Card, u32)> {
        self.iter().fold(None, |b, (c, v)| match b {
            Some((_, bv)) if bv >= v => b,
            _ => Some((c, v)),
        })
    }
    /// The lowest value and a card that reaches it.
    pub fn worst(&self) -> Option<(Card, u32)> {
        self.iter().fold(None, |b, (c, v)| match b {
            Some((_, bv)) if bv <= v => b,
            _ => Some((c, v)),
        })
    }
}

/// One transposition-table entry: bounds on the points the searching team takes from a trick
/// boundary on. `key`: the table key (62 bits), the low two bits of the generation above it;
/// `data`: the cards left (36 bits, four nine-bit lanes), the lower and the upper bound (nine
/// bits each, [`HI_NONE`]: none), the best lead (six bits, [`MV_NONE`]: none), the high four
/// bits of the generation.
#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    data: u64,
}

const CARDS36: u64 = (1 << 36) - 1;
const HI_NONE: u64 = 0x1FF;
const MV_NONE: u64 = 0x3F;
/// Generations wrap (and the table is cleared) after `2^GEN_BITS`.
const GEN_BITS: u32 = 6;
/// The estimates a deal may make before its exact search (each in a generation of its own).
const ESTIMATES: u16 = 2;
/// The key of a boundary with this many cards left or fewer is the quasi-symmetric one (when
/// `SolverConfig::quasi_symmetry` is on): it fits in 61 bits up to 20 cards. With more cards
/// the key is a hash of it and a table hit is checked against the cards the entry holds.
const QS_MAX_LEFT: u8 = 20;
/// The bits of the hash in a key above 20 cards (four in the unit tests, so that collisions
/// happen and the check against the entry's cards is exercised).
const HASH_MASK: u64 = if cfg!(test) { 0xF } else { (1 << 56) - 1 };
/// Marks an exact key (the cards themselves) or a hashed quasi-symmetric one, so that it never
/// equals a quasi-symmetric one of at most 20 cards.
const EXACT_KIND: u64 = 1 << 61;

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
fn pack36(cards: u64) -> u64 {
    (cards & LANE)
        | (cards >> 16 & LANE) << 9
        | (cards >> 32 & LANE) << 18
        | (cards >> 48 & LANE) << 27
}

/// The bits of `a` and of `b` at the places of the bits of `mask`, each gathered to the low bits
/// (BMI2's `pext`; a loop over the bits of `mask` where the processor lacks it).
#[inline(always)]
fn pext2(mask: u64, a: u64, b: u64) -> (u64, u64) {
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
fn pext2_soft(mask: u64, a: u64, b: u64) -> (u64, u64) {
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
fn has_bmi2() -> bool {
    std::is_x86_feature_detected!("bmi2")
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn pext2_bmi2(mask: u64, a: u64, b: u64) -> (u64, u64) {
    use std::arch::x86_64::_pext_u64;
    (_pext_u64(a, mask), _pext_u64(b, mask))
}

/// The inverse of [`pack36`].
#[inline(always)]
fn unpack36(c36: u64) -> u64 {
    (c36 & LANE) | (c36 >> 9 & LANE) << 16 | (c36 >> 18 & LANE) << 32 | (c36 >> 27 & LANE) << 48
}

#[inline(always)]
fn lane36(c36: u64, s: usize) -> u32 {
    ((c36 >> (9 * s)) & LANE) as u32
}

/// Card points `a` and `b` paired place by place (`a` the current position's, `b` a stored
/// one's), the first `skip` places set apart: the sums of the positive and of the negative
/// differences `a - b` after them, as `(plus, minus)` (both at least 0), and the sum of
/// the differences before them.
#[inline(always)]
fn pair_diffs(a: &[u8; 16], b: &[u8; 16], skip: u32) -> (i32, i32, i32) {
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
fn pair_diffs_soft(a: &[u8; 16], b: &[u8; 16], skip: u32) -> (i32, i32, i32) {
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
struct Bucket([Entry; WAYS]);

const WAYS: usize = 4;

const NONE: u8 = 0xFF;
const LANE: u64 = 0x1FF;

/// Tables that depend on the mode and the point table, precomputed once per mode.
#[derive(Clone)]
struct Tables {
    mode: Mode,
    /// A Slalom's tables: the next trick is played with the other direction's (see
    /// [`flip_lanes`]).
    slalom: bool,
    /// The owners of the cards of the deal being solved (internal cards) as two bit planes:
    /// seats 1 and 3, seats 2 and 3 (set by [`Solver::prepare`]).
    owner_planes: [u64; 2],
    points: PointTable,
    rules: TrickRules,
    match_bonus: u32,
    /// Card points by internal card.
    pts: [u8; 64],
    /// Internal card by natural card index.
    to_int: [u8; 64],
    /// Natural card index by internal card.
    to_nat: [u8; 64],
    /// The trump suit (4 without trump).
    trump: usize,
    /// The trump lane as a mask (0 without trump).
    trump_mask: u64,
    /// The Puur (the Jack of trumps, the top trump) as a bit (0 without trump).
    puur: u64,
    /// The ordering key of each internal card in a trick led in each suit.
    keys: [[u8; 64]; 4],
    /// Per suit: the card points of the cards of a strength lane.
    lane_pts: [[u8; 512]; 4],
    /// Per suit: the sum of the `m` smallest card points of a strength lane (`m` 0..=9; all
    /// of them for `m` above the number of cards, so callers need not clamp `m`).
    min_pts: [[[u8; 10]; 512]; 4],
    /// By internal card: the cards of its suit above it.
    above: [u64; 64],
    /// By internal card: the trumps that beat it (all trumps if it is no trump; none without
    /// trump).
    over_trump: [u64; 64],
    /// Per suit: the card points of the cards of a strength lane from the strongest down,
    /// padded with zeros (for [`Core::qs_diff`]).
    rank_pts: Box<[[[u8; 16]; 512]; 4]>,
}

#[inline(always)]
fn lane(x: u64, s: usize) -> u32 {
    ((x >> (16 * s)) & LANE) as u32
}

/// The cards of `x` in the other direction of a Slalom: each suit's strength lane reversed
/// (strength `i` becomes `8 - i`; Undenufe's order is Obenabe's upside down).
#[inline(always)]
fn flip_lanes(x: u64) -> u64 {
    // Bit 16 L + i goes to 16 (3 - L) + 15 - i, the lanes back in place, then down by seven.
    let r = x.reverse_bits().rotate_left(32);
    ((r & 0x0000_FFFF_0000_FFFF) << 16 | (r >> 16) & 0x0000_FFFF_0000_FFFF) >> 7
}

/// One card in the other direction of a Slalom (see [`flip_lanes`]).
#[inline(always)]
fn flip_card(c: u8) -> u8 {
    (c & 0x30) | (8 - (c & 15))
}

/// The bits of `x` strictly above the highest bit of `y` (`x` if `y` is zero).
#[inline(always)]
fn above_top(x: u32, y: u32) -> u32 {
    if y == 0 {
        x
    } else {
        x & !((2u32 << (31 - y.leading_zeros())) - 1)
    }
}

impl Tables {
    fn new(
        mode: Mode,
        slalom: bool,
        points: PointTable,
        rules: TrickRules,
        match_bonus: u32,
    ) -> Box<Tables> {
        let trump = mode.trump().map_or(4, |s| s.index());
        let mut t = Box::new(Tables {
            mode,
            slalom,
            owner_planes: [0; 2],
            points,
            rules,
            match_bonus,
            pts: [0; 64],
            to_int: [NONE; 64],
            to_nat: [NONE; 64],
            trump,
            trump_mask: if trump < 4 { LANE << (16 * trump) } else { 0 },
            puur: if trump < 4 { 1 << (16 * trump + 8) } else { 0 },
            keys: [[0; 64]; 4],
            lane_pts: [[0; 512]; 4],
            min_pts: [[[0; 10]; 512]; 4],
            above: [0; 64],
            over_trump: [0; 64],
            rank_pts: Box::new([[[0; 16]; 512]; 4]),
        });
        for i in 0..36 {
            let c = Card::from_dense(i);
            let int = c.suit().index() * 16 + mode.strength(c) as usize;
            t.to_int[c.index()] = int as u8;
            t.to_nat[int] = c.index() as u8;
            t.pts[int] = points.card(c) as u8;
        }
        for c in 0..64usize {
            let s = c >> 4;
            t.above[c] = (!0u64).checked_shl(c as u32 + 1).unwrap_or(0) & (LANE << (16 * s));
            t.over_trump[c] = if s == trump { t.above[c] } else { t.trump_mask };
        }
        for ls in 0..4 {
            for c in 0..64usize {
                let s = c >> 4;
                t.keys[ls][c] = if s == trump {
                    32 + (c & 15) as u8
                } else if s == ls {
                    16 + (c & 15) as u8
                } else {
                    0
                };
            }
        }
        for s in 0..4 {
            for l in 0..512usize {
                // The points of the lane's cards, sorted (insertion sort of at most nine).
                let mut v = [0u8; 9];
                let mut len = 0;
                for st in 0..9 {
                    if l & (1 << st) != 0 {
                        let p = t.pts[s * 16 + st];
                        let mut j = len;
                        while j > 0 && v[j - 1] > p {
                            v[j] = v[j - 1];
                            j -= 1;
                        }
                        v[j] = p;
                        len += 1;
                    }
                }
                let mut acc = 0u8;
                for m in 1..10 {
                    if m <= len {
                        acc += v[m - 1];
                    }
                    t.min_pts[s][l][m] = acc;
                }
                t.lane_pts[s][l] = acc;
                let mut k = 0;
                for st in (0..9).rev() {
                    if l & (1 << st) != 0 {
                        t.rank_pts[s][l][k] = t.pts[s * 16 + st];
                        k += 1;
                    }
                }
            }
        }
        t
    }

    /// The owners of `cards` in rank order: the number of cards of each suit (four bits per
    /// suit, bits 72 and up) and, below, the two bit planes of the owners (seats 1 and 3; 2 and
    /// 3) of the cards in card order, each gathered to the low bits (`pext`), the second from
    /// bit 36 on (from bit 20 on at most 20 cards: see [`Core::tt_key`]). One to one: the counts
    /// say which bits belong to which suit.
    #[inline(always)]
    fn owner_ranks(&self, cards: u64) -> u128 {
        let [p0, p1] = self.owner_planes;
        let mut counts = 0u128;
        for s in 0..4 {
            counts = counts << 4 | lane(cards, s).count_ones() as u128;
        }
        let (o0, o1) = pext2(cards, p0, p1);
        counts << 72 | (o1 as u128) << 36 | o0 as u128
    }

    /// Ordering key of internal card `c` in a trick led in suit `ls`.
    #[inline(always)]
    fn key(&self, c: u8, ls: u8) -> u8 {
        self.keys[ls as usize & 3][c as usize & 63]
    }

    /// The cards of `hand` that may be played to a trick led in suit `ls` and won so far by
    /// internal card `win` (the rules of `jass_core::trick::legal_cards_after`, on internal
    /// cards).
    #[inline(always)]
    fn legal(&self, hand: u64, ls: u8, win: u8) -> u64 {
        let follow = hand & LANE << (16 * ls as u32);
        // The trumps that beat `win` (none without trump).
        let over = hand & self.over_trump[win as usize & 63];
        if self.rules == TrickRules::Heading {
            if follow != 0 {
                // Cards above `win` if it is of the suit led (else there are none).
                let higher = follow & self.above[win as usize & 63];
                return if higher != 0 { higher } else { follow };
            }
            return if over == 0 { hand } else { over };
        }
        let trumps = hand & self.trump_mask;
        if ls as usize == self.trump {
            return if trumps == 0 || trumps == self.puur {
                hand
            } else {
                trumps
            };
        }
        if follow != 0 {
            return follow | over;
        }
        if self.rules == TrickRules::Weak || trumps == hand {
            hand
        } else {
            (hand & !self.trump_mask) | over
        }
    }

    fn int_set(&self, cards: jass_core::CardSet) -> u64 {
        cards
            .iter()
            .fold(0, |a, c| a | 1u64 << self.to_int[c.index()])
    }
}

/// The search state at one node (copied to each child; about 64 bytes).
#[derive(Copy, Clone)]
struct Node {
    /// The hands, as internal cards.
    hands: [u64; SEATS],
    /// The cards in the hands and in the current trick (at a boundary: the cards left).
    in_play: u64,
    /// Card points of the cards still in the hands.
    rem_pts: u16,
    /// Suit of the lead (valid inside a trick).
    lead_suit: u8,
    win_seat: u8,
    win_card: u8,
    win_key: u8,
    trick_pts: u8,
    len: u8,
    to_move: u8,
    /// Cards still in the hands.
    left: u8,
    /// The searching team has won every completed trick of the deal.
    m_all: bool,
}

/// A reusable exact solver. It holds the transposition table (allocated once) and reuses its
/// entries across calls on positions of the same deal, with the same rules and team.
pub struct Solver {
    core: Core,
    /// The rule tables (in a Slalom, Obenabe's).
    tables: Option<Box<Tables>>,
    /// A Slalom's tables for Undenufe (`None` otherwise).
    twin: Option<Box<Tables>>,
    /// The position being solved starts in the twin's direction (a Slalom's Undenufe trick).
    on_twin: bool,
    /// A Slalom's first direction: the table's entries are encoded in the direction of their
    /// trick, so they hold only for deals begun the same way.
    slalom_first: Option<Mode>,
    owners: [u64; SEATS],
    /// The table holds nothing yet (since [`Solver::clear`]): a value asked for now may be
    /// estimated first ([`SolverConfig::estimate_horizon`]).
    fresh: bool,
}

/// The search proper: the table and the counters (apart from the rule tables, so that the
/// search can borrow both).
struct Core {
    config: SolverConfig,
    tt: Vec<Bucket>,
    mask: usize,
    gen: u16,
    team: u8,
    nodes: u64,
    rng: u64,
    /// Nodes by cards left (diagnostics).
    hist: [u64; 37],
    /// Diagnostics: zero-window searches, cut-offs by the quick bounds, by the table.
    stats: [u64; 11],
    /// Stop once `nodes` passes this (a search cut short stores nothing and its result is
    /// thrown away).
    node_limit: u64,
    /// The current search passed `node_limit`.
    aborted: bool,
    /// Killer cards: the last card that caused a cut-off, by cards left.
    killer: [[u8; 4]; 37],
    /// The refutation memory (see [`SolverConfig::refutation_bits`], [`Core::refutation_slot`]):
    /// per slot the tag of its key (with `deal_gen`, so that a new deal starts with an empty
    /// memory as with an empty table) and the card.
    refutations: Vec<u32>,
    /// The table's generation when this deal began: the refutation memory's generation, kept
    /// when the table forgets the estimate's results ([`Core::forget_estimate`]).
    deal_gen: u16,
    /// At nodes with at most this many cards left only the first card is tried (the estimate's
    /// single line, [`SolverConfig::estimate_horizon`]); 0 in the exact search.
    single_line: u8,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(SolverConfig::default())
    }
}

impl Solver {
    /// A solver with these settings.
    pub fn new(config: SolverConfig) -> Solver {
        let bits = config.tt_bits.clamp(4, 30);
        let size = 1usize << bits;
        let seed = match config.order {
            MoveOrder::Shuffled(s) => s | 1,
            _ => 0x9E37_79B9_7F4A_7C15,
        };
        Solver {
            core: Core {
                config,
                tt: new_table(if config.use_tt {
                    (size / WAYS).max(1)
                } else {
                    1
                }),
                mask: if config.use_tt {
                    (size / WAYS).max(1) - 1
                } else {
                    0
                },
                gen: 1,
                team: 0,
                nodes: 0,
                rng: seed,
                hist: [0; 37],
                stats: [0; 11],
                killer: [[NONE; 4]; 37],
                refutations: if config.refutation_bits == 0 {
                    Vec::new()
                } else {
                    vec![0; 1 << config.refutation_bits.min(26)]
                },
                node_limit: u64::MAX,
                aborted: false,
                deal_gen: 1,
                single_line: 0,
            },
            tables: None,
            twin: None,
            on_twin: false,
            slalom_first: None,
            owners: [0; SEATS],
            fresh: true,
        }
    }

    /// The settings.
    pub fn config(&self) -> &SolverConfig {
        &self.core.config
    }

    /// Plays for this objective from now on; a change forgets the stored results (they hold
    /// for one objective).
    pub fn set_objective(&mut self, objective: Objective) {
        if objective != self.core.config.objective {
            self.core.config.objective = objective;
            self.clear();
        }
    }

    /// Nodes searched since the solver was made or [`Solver::reset_nodes`] was called.
    pub fn nodes(&self) -> u64 {
        self.core.nodes
    }

    /// Nodes by cards left (diagnostics: counted only with the `diagnostics` feature, see
    /// [`DIAGNOSTICS`]).
    pub fn histogram(&self) -> [u64; 37] {
        self.core.hist
    }

    /// Diagnostics: zero-window searches, cut-offs by the quick bounds, by the table, table
    /// probes, cut nodes at leads (cut by the first card), at follows (by the first card),
    /// table cut-offs by quasi-symmetric entries, hash collisions caught, enhanced
    /// transposition cut-offs. All but the searches are counted only with the `diagnostics`
    /// feature ([`DIAGNOSTICS`]).
    #[doc(hidden)]
    pub fn stats(&self) -> [u64; 11] {
        self.core.stats
    }

    /// Sets the node counter and the diagnostics (histogram, stats) to zero.
    pub fn reset_nodes(&mut self) {
        self.core.nodes = 0;
        self.core.hist = [0; 37];
        self.core.stats = [0; 11];
    }

    /// Forgets every stored result (the next search starts with an empty table).
    pub fn clear(&mut self) {
        self.core.new_generation();
        self.core.killer = [[NONE; 4]; 37];
        self.owners = [0; SEATS];
        self.fresh = true;
    }

    /// The points the team of the seat to move takes from here on (cards, last trick, Match),
    /// the other team minimising them.
    pub fn solve(&mut self, pos: &Position) -> u32 {
        self.solve_for(pos, pos.to_move() % 2)
    }

    /// The points `team` takes from here on (cards, last trick, Match), the other team minimising
    /// them. Team 0's value of a deal at its first card is team 0's score of that deal.
    pub fn solve_for(&mut self, pos: &Position, team: u8) -> u32 {
        self.solve_guess(pos, team, None)
    }

    /// As [`Solver::solve_for`], starting the search at a guess of the value (for example the
    /// value of a sibling or of the previous position of the deal). A good guess saves time; any
    /// guess gives the same value.
    pub fn solve_with_guess(&mut self, pos: &Position, team: u8, guess: u32) -> u32 {
        self.solve_guess(pos, team, Some(guess))
    }

    fn solve_guess(&mut self, pos: &Position, team: u8, guess: Option<u32>) -> u32 {
        self.solve_within(pos, team, 0, guess).0
    }

    /// True if `team` takes at least `target` points from here on against any defence: one
    /// zero-window search. This answers bids ("does the declarer reach 100?") and thresholds such
    /// as a potato limit.
    pub fn reaches(&mut self, pos: &Position, team: u8, target: u32) -> bool {
        if target == 0 {
            return true;
        }
        let team = team & 1;
        if target > pos.max_value(team) {
            return false;
        }
        self.prepare(pos, team);
        let root = self.root_node(pos);
        let v = target as i32;
        let (t, tw) = tables(&self.tables, &self.twin, self.on_twin);
        self.core.search(t, tw, &root, v - 1, v) >= v
    }

    /// As [`Solver::reaches`], but gives up (`None`) once the search has visited `node_limit`
    /// more nodes (results stored before the cap stay valid).
    pub fn try_reaches(
        &mut self,
        pos: &Position,
        team: u8,
        target: u32,
        node_limit: u64,
    ) -> Option<bool> {
        self.capped(node_limit, |s| s.reaches(pos, team, target))
    }

    /// Runs `search` with at most `node_limit` more nodes: `None` if it was cut short (what it
    /// stored before stays valid).
    fn capped<T>(&mut self, node_limit: u64, search: impl FnOnce(&mut Self) -> T) -> Option<T> {
        self.core.node_limit = self.core.nodes.saturating_add(node_limit);
        self.core.aborted = false;
        let v = search(self);
        let ok = !self.core.aborted;
        self.core.node_limit = u64::MAX;
        self.core.aborted = false;
        ok.then_some(v)
    }

    /// The exact value of every legal card of the seat to move, for the team of that seat.
    pub fn solve_moves(&mut self, pos: &Position) -> MoveValues {
        self.solve_moves_for(pos, pos.to_move() % 2)
    }

    /// The exact value of every legal card of the seat to move, counted as the points `team`
    /// takes from here on (the card's own trick included).
    pub fn solve_moves_for(&mut self, pos: &Position, team: u8) -> MoveValues {
        self.solve_moves_within(pos, team, 0).0
    }

    /// The value of every legal card of the seat to move for `team`, each known to within
    /// `tolerance` points: returns the lower bounds and the upper bounds (equal when `tolerance`
    /// is 0).
    pub fn solve_moves_within(
        &mut self,
        pos: &Position,
        team: u8,
        tolerance: u32,
    ) -> (MoveValues, MoveValues) {
        let team = team & 1;
        let mut lo = MoveValues {
            cards: [Card::from_dense(0); 9],
            values: [0; 9],
            len: 0,
            team,
        };
        let mut hi = lo;
        let mut guess = None;
        for c in pos.legal_cards() {
            let mut child = *pos;
            let gain = match child.play_unchecked(c) {
                Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
                _ => 0,
            };
            let (l, h) = self.solve_within(&child, team, tolerance, guess);
            guess = Some((l + h) / 2);
            lo.cards[lo.len] = c;
            lo.values[lo.len] = gain + l;
            lo.len += 1;
            hi.cards[hi.len] = c;
            hi.values[hi.len] = gain + h;
            hi.len += 1;
        }
        (lo, hi)
    }

    /// As [`Solver::solve_moves_for`], but gives up (`None`) once the search has visited
    /// `node_limit` more nodes: a deterministic cap on the work (same position, same table,
    /// same answer), unlike a time limit. Results stored before the cap stay valid.
    pub fn try_solve_moves_for(
        &mut self,
        pos: &Position,
        team: u8,
        node_limit: u64,
    ) -> Option<MoveValues> {
        self.capped(node_limit, |s| s.solve_moves_within(pos, team, 0).0)
    }

    /// As [`Solver::solve_for`], but gives up (`None`) once the search has visited
    /// `node_limit` more nodes (a deterministic cap on the work; results stored before the cap
    /// stay valid).
    pub fn try_solve_for(&mut self, pos: &Position, team: u8, node_limit: u64) -> Option<u32> {
        self.capped(node_limit, |s| s.solve_within(pos, team, 0, None).0)
    }

    /// The quick bounds the search uses at a trick boundary: `(lo, hi)` with `lo <= value <=
    /// hi` for `team`. For the tests; `None` inside a trick.
    #[doc(hidden)]
    pub fn quick_bounds(&mut self, pos: &Position, team: u8) -> Option<(u32, u32)> {
        if pos.trick_len != 0 || pos.is_over() {
            return None;
        }
        // (The bounds store nothing: a fresh table stays fresh.)
        self.fresh = self.prepare(pos, team & 1);
        let root = self.root_node(pos);
        let t = tables(&self.tables, &self.twin, self.on_twin).0;
        let (lo, hi) = if t.slalom {
            self.core.bounds::<true>(t, &root)
        } else {
            self.core.bounds::<false>(t, &root)
        };
        Some((lo as u32, hi as u32))
    }

    /// Loads the tables for the position's rules and decides whether stored results still hold:
    /// they do while every card keeps one owner (positions of one deal) and the rules are the same.
    ///
    /// Returns whether the table held nothing yet (for this deal), and marks it in use.
    fn prepare(&mut self, pos: &Position, team: u8) -> bool {
        // A Slalom keeps Obenabe's tables first and Undenufe's as the twin, whichever
        // direction the position is in: table entries hold for both.
        let mode = if pos.slalom { Mode::Obenabe } else { pos.mode };
        let first = pos.slalom.then_some(match (pos.mode, pos.tricks_done % 2) {
            (m, 0) => m,
            (Mode::Obenabe, _) => Mode::Undenufe,
            _ => Mode::Obenabe,
        });
        let same_rules = matches!(&self.tables, Some(t) if t.mode == mode && t.slalom == pos.slalom
            && t.points == pos.points && t.rules == pos.rules && t.match_bonus == pos.match_bonus)
            && first == self.slalom_first;
        if !same_rules {
            self.slalom_first = first;
            let new = |mode| Tables::new(mode, pos.slalom, pos.points, pos.rules, pos.match_bonus);
            self.tables = Some(new(mode));
            self.twin = pos.slalom.then(|| new(Mode::Undenufe));
            self.clear();
        }
        self.on_twin = pos.slalom && pos.mode == Mode::Undenufe;
        let mut consistent = true;
        for s in 0..SEATS {
            let others = self
                .owners
                .iter()
                .enumerate()
                .filter(|&(o, _)| o != s)
                .fold(0, |a, (_, &h)| a | h);
            if pos.hands[s].0 & others != 0 {
                consistent = false;
            }
        }
        if !consistent {
            self.clear();
        }
        for s in 0..SEATS {
            self.owners[s] |= pos.hands[s].0;
        }
        self.core.team = team;
        for t in self.tables.iter_mut().chain(&mut self.twin) {
            let o = self.owners.map(|h| t.int_set(jass_core::CardSet(h)));
            t.owner_planes = [o[1] | o[3], o[2] | o[3]];
        }
        std::mem::replace(&mut self.fresh, false)
    }

    fn root_node(&self, pos: &Position) -> Node {
        let t = tables(&self.tables, &self.twin, self.on_twin).0;
        let mut n = Node {
            hands: pos.hands.map(|h| t.int_set(h)),
            in_play: 0,
            rem_pts: 0,
            lead_suit: 0,
            win_seat: pos.leader,
            win_card: 0,
            win_key: 0,
            trick_pts: 0,
            len: pos.trick_len,
            to_move: pos.to_move(),
            left: pos.cards_left() as u8,
            m_all: pos.match_bonus > 0 && pos.tricks_won[1 - self.core.team as usize] == 0,
        };
        n.in_play = n.hands[0] | n.hands[1] | n.hands[2] | n.hands[3];
        for h in pos.hands {
            for c in h {
                n.rem_pts += t.pts[t.to_int[c.index()] as usize] as u16;
            }
        }
        let trick = pos.trick_cards();
        if let Some(&lead) = trick.first() {
            let w = trick_winner(trick, pos.mode);
            n.lead_suit = lead.suit().index() as u8;
            n.win_seat = (pos.leader + w as u8) % SEATS as u8;
            n.win_card = t.to_int[trick[w].index()];
            n.win_key = t.key(n.win_card, n.lead_suit);
            for &c in trick {
                let i = t.to_int[c.index()];
                n.in_play |= 1 << i;
                n.trick_pts += t.pts[i as usize];
            }
        }
        n
    }
}

/// The rule tables of the position being solved and those of the trick after it (the same
/// tables but in a Slalom, whose direction changes every trick).
fn tables<'a>(
    tables: &'a Option<Box<Tables>>,
    twin: &'a Option<Box<Tables>>,
    on_twin: bool,
) -> (&'a Tables, &'a Tables) {
    let t = tables.as_deref().expect("prepared");
    match twin.as_deref() {
        Some(w) if on_twin => (w, t),
        Some(w) => (t, w),
        None => (t, t),
    }
}

/// A table of `buckets` empty buckets. On Linux the memory is given to the kernel as a
/// candidate for huge pages before it is first written: a probe then rarely misses the TLB as
/// well as the cache (measured: about 15% of the time of whole deals).
fn new_table(buckets: usize) -> Vec<Bucket> {
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

/// The per-node diagnostics ([`Solver::histogram`], [`Solver::stats`] but the searches) are
/// counted in tests and with the crate's `diagnostics` feature (`cargo run --release -p
/// jass-solver --features diagnostics --example probe`); without, the search skips them (2.5%
/// fewer instructions).
pub const DIAGNOSTICS: bool = cfg!(any(test, feature = "diagnostics"));

/// Counts diagnostic event `i` of [`Solver::stats`] on core `c` ([`DIAGNOSTICS`]; a macro, so
/// that it borrows the counters only, also while the table is borrowed).
macro_rules! count {
    ($c:expr, $i:expr) => {
        if DIAGNOSTICS {
            $c.stats[$i] += 1;
        }
    };
}

/// The room for the cards to try at a node (at most nine; a power of two, so that indices
/// masked with `MOVES - 1` need no bounds check).
const MOVES: usize = 16;
/// A child value not known yet (see [`Core::transposition_cutoff`]).
const UNKNOWN: i32 = i32::MIN;

/// Where a card's score lies in a sort key of [`Core::gen_moves`] (above six bits of card).
const SCORE_SHIFT: u32 = 6;
/// The sort-key scores of the table's best lead and of the killer lead: above every other.
const TABLE_MOVE_SCORE: u32 = 511;
const KILLER_SCORE: u32 = 510;

/// The card of a sort key of [`Core::gen_moves`]: its low six bits hold `card ^ 0x30`.
#[inline(always)]
fn key_card(k: u32) -> u8 {
    (k & 63) as u8 ^ 0x30
}

/// Does the searching side maximise at seat `p`?
#[inline(always)]
fn team_of(p: usize) -> u8 {
    (p & 1) as u8
}

impl Core {
    /// The counted team minimises ([`Objective::FewestPoints`]).
    #[inline(always)]
    fn fewest(&self) -> bool {
        self.config.objective == Objective::FewestPoints
    }

    /// A new deal: the table and the refutation memory forget what they hold (cleared for
    /// real every `2^GEN_BITS` generations, with room for the estimates' generations of the
    /// deal, so that the memory is never cleared in the middle of a deal).
    fn new_generation(&mut self) {
        self.gen += 1;
        if self.gen + ESTIMATES >= 1 << GEN_BITS {
            self.tt.iter_mut().for_each(|b| *b = Bucket::default());
            self.refutations.iter_mut().for_each(|r| *r = 0);
            self.gen = 1;
        }
        self.deal_gen = self.gen;
    }

    /// After an estimate: the table forgets its results (values of single lines, not of the
    /// game), the refutation memory keeps its cards (an order, never a value). At most
    /// [`ESTIMATES`] times per deal (once per deal, [`Solver::fresh`]), which
    /// [`Core::new_generation`] leaves room for.
    fn forget_estimate(&mut self) {
        debug_assert!(self.gen < self.deal_gen + ESTIMATES && self.gen + 1 < 1 << GEN_BITS);
        self.gen += 1;
    }

    /// The refutation memory's slot for the hand to move at `n` (seat `p`) and the cards of
    /// `n`'s trick so far (with the seat, the trick's length and the card winning it), and the
    /// tag an entry there has for them: 20 bits of the key's hash and the table's generation
    /// (never 0), above the six bits of the card.
    ///
    /// The card that refuted a line there tends to refute it again when the other hands differ
    /// (other cards played earlier, or another zero-window test of the bisection): tried first,
    /// it saves the subtrees of the cards the static order puts before it. Keyed by the whole
    /// position instead, the memory hardly carries over within a solve (3% fewer nodes); this
    /// key saves a fifth to a third of the nodes of the median whole deal (docs/solver.md). At
    /// a lead the card winning "the trick" is the last trick's winner, which keys leads finer.
    #[inline(always)]
    fn refutation_slot(&self, n: &Node, p: usize) -> (usize, u32) {
        let trick = n.in_play & !(n.hands[0] | n.hands[1] | n.hands[2] | n.hands[3]);
        // Internal cards use bits 0..57 (suit * 16 + strength): the rest carries the seat and
        // the trick's length.
        let meta = (p as u64) | (n.len as u64) << 2;
        let h = n.hands[p]
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add((trick | meta << 58).wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .wrapping_add((n.win_card as u64 | 0x100).wrapping_mul(0xFF51_AFD7_ED55_8CCD));
        let h = h ^ (h >> 29);
        (
            (h as usize) & (self.refutations.len() - 1),
            ((h >> 40) as u32) << 12 | (self.deal_gen as u32 & 63) << 6,
        )
    }

    /// Asks the processor to load the table bucket of `key` into the cache (a hint, no effect
    /// on any value; nothing where there is no such instruction).
    #[inline(always)]
    fn prefetch(&self, key: u64) {
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
    fn tt_index(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize) & self.mask
    }

    /// The table key of trick boundary `n`: the cards left (or, with quasi-symmetry and at most
    /// 20 cards left, the owners of the cards of each suit in rank order and whether the Puur
    /// is in play), the seat on lead, whether the searching team still has every trick, the
    /// searching team.
    #[inline(always)]
    fn tt_key(&self, t: &Tables, n: &Node) -> u64 {
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
    fn qs_diff(&self, t: &Tables, n: &Node, stored: u64, cur: u64) -> (i32, i32) {
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
    fn gen_key(&self, key: u64) -> (u64, u64) {
        (key | ((self.gen as u64) & 3) << 62, (self.gen as u64) >> 2)
    }

    /// The value of the last trick, when each seat holds one card.
    #[inline]
    fn last_trick(&self, t: &Tables, n: &Node) -> i32 {
        let l = n.to_move as usize;
        let lead = n.hands[l].trailing_zeros() as u8;
        let ls = lead >> 4;
        let mut win = l;
        let mut wk = t.key(lead, ls);
        let mut p = t.pts[lead as usize] as i32;
        for i in 1..SEATS {
            let s = (l + i) & 3;
            let c = n.hands[s].trailing_zeros() as u8;
            p += t.pts[c as usize] as i32;
            let k = t.key(c, ls);
            if k > wk {
                wk = k;
                win = s;
            }
        }
        if team_of(win) == self.team {
            p + LAST_TRICK_BONUS as i32 + if n.m_all { t.match_bonus as i32 } else { 0 }
        } else {
            0
        }
    }

    /// The exact value of the last two tricks (each seat holds two cards, `n` at the boundary):
    /// every line of the first of them (fail-soft alpha-beta, cards in index order), the last
    /// one forced. Four nested loops, no recursion.
    fn two_tricks<const SLALOM: bool>(
        &self,
        t: &Tables,
        tw: &Tables,
        n: &Node,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let l = n.to_move as usize;
        let seats = [l, (l + 1) & 3, (l + 2) & 3, (l + 3) & 3];
        let me = self.team;
        let maxing = seats.map(|s| (team_of(s) == me) != self.fewest());
        let all = n.in_play;
        let total = n.rem_pts as i32;
        let mb = if n.m_all { t.match_bonus as i32 } else { 0 };
        // The value once the first trick is complete: won by `ws` with `p1` points, `rest` the
        // four last cards.
        // The last trick's order: `tw`'s (in a Slalom the other direction, its cards flipped).
        let last_key = |c: u8, ls: u8| tw.key(if SLALOM { flip_card(c) } else { c }, ls);
        let leaf = |ws: usize, p1: i32, rest: u64| -> i32 {
            let lead = (n.hands[ws] & rest).trailing_zeros() as u8;
            let ls2 = lead >> 4;
            let mut win2 = ws;
            let mut wk = last_key(lead, ls2);
            for k in 1..4 {
                let s = (ws + k) & 3;
                let c = (n.hands[s] & rest).trailing_zeros() as u8;
                let kk = last_key(c, ls2);
                if kk > wk {
                    wk = kk;
                    win2 = s;
                }
            }
            let first_mine = team_of(ws) == me;
            let mut v = if first_mine { p1 } else { 0 };
            if team_of(win2) == me {
                v += total - p1 + LAST_TRICK_BONUS as i32 + if first_mine { mb } else { 0 };
            }
            v
        };
        // One level of the search: `$max` maximises; the body gives each card's value.
        macro_rules! level {
            ($max:expr, $cards:expr, $alpha:expr, $beta:expr, |$c:ident, $a:ident, $b:ident| $body:expr) => {{
                let maxing: bool = $max;
                let mut best = if maxing { -1 } else { i32::MAX };
                let (mut $a, mut $b) = ($alpha, $beta);
                let mut m: u64 = $cards;
                while m != 0 {
                    let $c = m.trailing_zeros() as u8;
                    m &= m - 1;
                    let v: i32 = $body;
                    if maxing {
                        if v > best {
                            best = v;
                            $a = $a.max(v);
                        }
                    } else if v < best {
                        best = v;
                        $b = $b.min(v);
                    }
                    if $a >= $b {
                        break;
                    }
                }
                best
            }};
        }
        level!(maxing[0], n.hands[l], alpha, beta, |c0, a0, b0| {
            let ls = c0 >> 4;
            let k0 = t.key(c0, ls);
            let p0 = t.pts[c0 as usize] as i32;
            let legal1 = t.legal(n.hands[seats[1]], ls, c0);
            level!(maxing[1], legal1, a0, b0, |c1, a1, b1| {
                let k1 = t.key(c1, ls);
                let (ws1, wc1, wk1) = if k1 > k0 { (1, c1, k1) } else { (0, c0, k0) };
                let p1 = p0 + t.pts[c1 as usize] as i32;
                let legal2 = t.legal(n.hands[seats[2]], ls, wc1);
                level!(maxing[2], legal2, a1, b1, |c2, a2, b2| {
                    let k2 = t.key(c2, ls);
                    let (ws2, wc2, wk2) = if k2 > wk1 {
                        (2, c2, k2)
                    } else {
                        (ws1, wc1, wk1)
                    };
                    let p2 = p1 + t.pts[c2 as usize] as i32;
                    let legal3 = t.legal(n.hands[seats[3]], ls, wc2);
                    level!(maxing[3], legal3, a2, b2, |c3, _a3, _b3| {
                        let ws3 = if t.key(c3, ls) > wk2 { 3 } else { ws2 };
                        let played = 1u64 << c0 | 1u64 << c1 | 1u64 << c2 | 1u64 << c3;
                        leaf(seats[ws3], p2 + t.pts[c3 as usize] as i32, all & !played)
                    })
                })
            })
        })
    }

    /// Points the team of seat `l`, leading now, takes for sure by cashing winners from `l`'s
    /// hand (apart from the points of its own trumps, which [`Core::bounds`] counts), and the
    /// number of tricks cashed.
    ///
    /// `l` leads, in turn, its trumps above every other trump in play (the opponents must
    /// follow with theirs), then, when the opponents hold no trump any more (or in a game
    /// without trump), its cards above every other card of a plain suit. The team wins those
    /// tricks, and with them the points of the winners and at least the smallest cards the
    /// others must follow with. If the partner has to trump a winner, the partner holds only
    /// trumps, none of the opponents any, and the team takes every trick that remains.
    #[inline]
    fn quick_tricks(&self, t: &Tables, n: &Node, l: usize, all: u64) -> (i32, u32) {
        let me = n.hands[l];
        let (o1, o2, p) = (
            n.hands[(l + 1) & 3],
            n.hands[(l + 3) & 3],
            n.hands[(l + 2) & 3],
        );
        // `min_pts` saturates (and is 0 for no card), so the counts index it unclamped.
        let mut k = 0u32;
        let mut pts = 0i32;
        if t.trump < 4 {
            let ts = t.trump;
            let a = lane(all, ts);
            let m = lane(me, ts);
            let run = above_top(m, a & !m);
            let kt = run.count_ones();
            let (t1, t2) = (lane(o1, ts), lane(o2, ts));
            k = kt;
            pts = t.min_pts[ts][t1 as usize][kt as usize] as i32
                + t.min_pts[ts][t2 as usize][kt as usize] as i32;
            if t1.count_ones() > kt || t2.count_ones() > kt {
                return (pts, k);
            }
            // Under 002's heading rules a partner void in the suit led must trump: the lead
            // would change hands.
            if t.rules == TrickRules::Heading && p & t.trump_mask != 0 {
                return (pts, k);
            }
        }
        // Then a low card to the partner's winner (an entry), and the partner cashes its cards
        // above every other card of each plain suit (the opponents hold no trump any more). The
        // partner discards its other cards on the leader's winners, so this needs the tricks
        // cashed to fit in a hand. Both in one pass over the suits.
        let partner = self.config.partner_tricks
            && !(t.rules == TrickRules::Heading && (me | p) & t.trump_mask != 0);
        let mut kp = 0;
        let mut ppts = 0;
        let mut entry = false;
        // Only the plain suits the two hold cards of can hold their winners.
        let mut suits = (if partner { me | p } else { me }) & !t.trump_mask;
        while suits != 0 {
            let s = (suits.trailing_zeros() / 16) as usize;
            suits &= !(LANE << (16 * s));
            let a = lane(all, s);
            let m = lane(me, s);
            let ps = lane(p, s);
            // The holder of the suit's top card cashes its cards above the others'.
            let top = 1u32 << (31 - a.leading_zeros());
            let (own, other, leader) = if m & top != 0 {
                (m, ps, true)
            } else if partner && ps & top != 0 {
                (ps, m, false)
            } else {
                continue;
            };
            let (x1, x2) = (lane(o1, s), lane(o2, s));
            let run = above_top(own, a & !own);
            let ks = run.count_ones() as usize;
            let v = t.lane_pts[s][run as usize] as i32
                + t.min_pts[s][x1 as usize][ks] as i32
                + t.min_pts[s][x2 as usize][ks] as i32
                + t.min_pts[s][other as usize][ks] as i32;
            if leader {
                k += ks as u32;
                pts += v;
            } else {
                entry |= m != 0;
                kp += ks as u32;
                ppts += v;
            }
        }
        if partner && entry && k + kp <= (n.left / 4) as u32 {
            (pts + ppts, k + kp)
        } else {
            (pts, k)
        }
    }

    /// True if seat `l`, on lead, wins every trick left whatever anyone plays: each of its cards
    /// is above every other card of its suit in play, and nobody else can trump one (its cards
    /// are all trumps, or the others hold none). It wins the trick it leads and leads again
    /// with cards that are still on top.
    #[inline]
    fn sweeps(t: &Tables, n: &Node, l: usize) -> bool {
        let me = n.hands[l];
        let others = n.in_play & !me;
        if t.trump < 4 && others & t.trump_mask != 0 && me & !t.trump_mask != 0 {
            return false;
        }
        (0..4).all(|s| {
            let m = lane(me, s);
            above_top(m, lane(others, s)) == m
        })
    }

    /// Bounds on the value of a trick-boundary node: the points left (with the last trick and
    /// Match), the top trumps held by one team (they win their tricks or fall to a higher trump
    /// of the same team), and the quick tricks of the team on lead.
    /// `SLALOM` is `t.slalom`.
    #[inline]
    fn bounds<const SLALOM: bool>(&self, t: &Tables, n: &Node) -> (i32, i32) {
        let me = (self.team & 1) as usize;
        let total = n.rem_pts as i32 + LAST_TRICK_BONUS as i32;
        let mut lo = 0;
        let mut lost = 0;
        let mut match_possible = n.m_all;
        let all = n.in_play;
        if t.trump < 4 {
            // The highest trumps in play, as long as one team holds them, win their tricks
            // or fall to a higher trump of the same team: their points are that team's.
            let ts = t.trump;
            let all_t = lane(all, ts);
            if all_t != 0 {
                let mine = lane(n.hands[me] | n.hands[me + 2], ts);
                let theirs = all_t & !mine;
                if mine > theirs {
                    lo += t.lane_pts[ts][above_top(all_t, theirs) as usize] as i32;
                } else {
                    lost += t.lane_pts[ts][above_top(all_t, mine) as usize] as i32;
                    match_possible = false;
                }
            }
        }
        // (A Slalom's winners change every trick: no quick tricks there.)
        if self.config.bounds && !SLALOM {
            let l = (n.to_move & 3) as usize;
            let tricks = (n.left / 4) as u32;
            // The quick tricks are what the side on lead can take if it wants them: no bound
            // when the counted team wants the fewest points. (The top trumps above win whatever
            // either side wants: a card above every other trump wins its trick when it is
            // played.) Then only a leader that must win every trick left counts: all of them.
            let (q, k) = if !self.fewest() {
                self.quick_tricks(t, n, l, all)
            } else if Self::sweeps(t, n, l) {
                (0, tricks)
            } else {
                (0, 0)
            };
            if team_of(l) == self.team {
                if k >= tricks {
                    let all = total + if n.m_all { t.match_bonus as i32 } else { 0 };
                    return (all, all);
                }
                lo += q;
            } else {
                if k >= tricks {
                    return (0, 0);
                }
                lost += q;
                if k > 0 {
                    match_possible = false;
                }
            }
        }
        let hi = total - lost
            + if match_possible {
                t.match_bonus as i32
            } else {
                0
            };
        (lo, hi)
    }

    /// [`Core::ab`] from the root `n`, with `t` and `tw` as there.
    fn search(&mut self, t: &Tables, tw: &Tables, n: &Node, alpha: i32, beta: i32) -> i32 {
        if t.slalom {
            match n.len {
                0 => self.ab::<true, 0>(t, tw, n, alpha, beta),
                1 => self.ab::<true, 1>(t, tw, n, alpha, beta),
                2 => self.ab::<true, 2>(t, tw, n, alpha, beta),
                _ => self.ab::<true, 3>(t, tw, n, alpha, beta),
            }
        } else {
            match n.len {
                0 => self.ab::<false, 0>(t, tw, n, alpha, beta),
                1 => self.ab::<false, 1>(t, tw, n, alpha, beta),
                2 => self.ab::<false, 2>(t, tw, n, alpha, beta),
                _ => self.ab::<false, 3>(t, tw, n, alpha, beta),
            }
        }
    }

    /// Fail-soft alpha-beta: the points the searching team takes from node `n` on (the cards
    /// already in the current trick included).
    ///
    /// `t`: the rule tables of `n`'s trick; `tw`: those of the next trick (the same but in a
    /// Slalom).
    /// `SLALOM` is `t.slalom` (a constant, so that other games pay nothing for it); `LEN` is
    /// `n.len`, the cards of the trick already played (a constant too: each seat's node keeps
    /// only its own code, 6% fewer instructions than one function for all four).
    fn ab<const SLALOM: bool, const LEN: u8>(
        &mut self,
        t: &Tables,
        tw: &Tables,
        n: &Node,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        debug_assert_eq!(n.len, LEN);
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
            return 0;
        }
        if DIAGNOSTICS {
            self.hist[n.left as usize] += 1;
        }
        let mut key = 0u64;
        let mut tt_mv = NONE;
        let boundary = LEN == 0;
        if boundary {
            if n.left == 4 {
                return self.last_trick(t, n);
            }
            if self.config.use_tt {
                // The key first, and the bucket fetched while the bounds are computed: the
                // table's cache misses were a sixth of the time (the key is wasted on the half
                // of the boundaries the bounds decide, which costs less).
                key = self.tt_key(t, n);
                self.prefetch(key);
            }
            let (lo, hi) = self.bounds::<SLALOM>(t, n);
            if hi <= alpha {
                count!(self, 1);
                return hi;
            }
            if lo >= beta {
                count!(self, 1);
                return lo;
            }
            count!(self, 3);
            if self.config.use_tt {
                match self.probe(t, n, key, alpha, beta) {
                    (Some(v), _) => return v,
                    (None, mv) => tt_mv = mv,
                }
            }
            if n.left == 8 && self.config.bounds {
                let v = self.two_tricks::<SLALOM>(t, tw, n, alpha, beta);
                if self.config.use_tt {
                    self.store(key, n, v, alpha, beta, NONE);
                }
                return v;
            }
        } else {
            // Inside a trick: the searching team takes at most every point still in play.
            let max = n.trick_pts as i32
                + n.rem_pts as i32
                + LAST_TRICK_BONUS as i32
                + if n.m_all { t.match_bonus as i32 } else { 0 };
            if max <= alpha {
                return max;
            }
        }
        let (a0, b0) = (alpha, beta);
        // (`& 3`, `& 63` below: no bounds checks; the values are in range anyway.)
        let p = (n.to_move & 3) as usize;
        let hand = n.hands[p];
        let legal = if LEN == 0 {
            hand
        } else {
            t.legal(hand, n.lead_suit, n.win_card)
        };
        let mut moves = [0u32; MOVES];
        let mut cnt = self.gen_moves::<LEN>(t, n, legal, tt_mv, &mut moves);
        if n.left <= self.single_line {
            // The estimate's single line (0 in the exact search).
            cnt = 1;
        }
        // The refutation memory's card for this hand and trick, tried first.
        let (slot, tag) = if cnt > 1 && !self.refutations.is_empty() {
            self.refutation_slot(n, p)
        } else {
            (0, 0)
        };
        if tag != 0 {
            let r = self.refutations[slot];
            if r & !63 == tag {
                let c = (r & 63) as u8;
                if let Some(j) = moves[1..cnt].iter().position(|&k| key_card(k) == c) {
                    moves[..j + 2].rotate_right(1);
                }
            }
        }
        let maxing = (team_of(p) == self.team) != self.fewest();
        // The children the transposition cut-off check already decided (their fail-soft
        // values, the trick's points included): they are not searched again.
        let mut known = [UNKNOWN; MOVES];
        if LEN == 3 && n.left > self.config.etc_min_cards && self.config.use_tt && cnt > 1 {
            if let Some(v) = self.transposition_cutoff::<SLALOM>(
                t,
                tw,
                n,
                &moves[..cnt],
                maxing,
                alpha,
                beta,
                &mut known,
            ) {
                count!(self, 10);
                return v;
            }
        }
        let mut best = if maxing { -1 } else { i32::MAX };
        let mut best_mv = key_card(moves[0]);
        let hidx = (LEN > 0) as usize;
        let mut tried = 0;
        for (i, &k) in moves[..cnt].iter().enumerate() {
            let c = key_card(k);
            tried += 1;
            let v = match known[i & (MOVES - 1)] {
                UNKNOWN => self.child::<SLALOM, LEN>(t, tw, n, c, alpha, beta),
                v => v,
            };
            if if maxing { v > best } else { v < best } {
                best = v;
                best_mv = c;
                if maxing {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    self.killer[n.left as usize][p] = c;
                    if tried > 1 && tag != 0 {
                        self.refutations[slot] = tag | c as u32;
                    }
                    break;
                }
            }
        }
        if (maxing && best >= b0) || (!maxing && best <= a0) {
            // a cut node
            count!(self, 4 + 2 * hidx);
            if tried == 1 {
                count!(self, 5 + 2 * hidx);
            }
        }
        if boundary && self.config.use_tt {
            self.store(key, n, best, a0, b0, best_mv);
        }
        best
    }

    /// The table entries of boundary `n` (key `key`): `Some(value)` if they decide it against
    /// the window (a fail-soft bound), else the best lead they suggest.
    #[inline]
    fn probe(
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
    fn store(&mut self, key: u64, n: &Node, v: i32, alpha: i32, beta: i32, mv: u8) {
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

    /// Enhanced transposition cut-off at the fourth card `n` of a trick: a child boundary whose
    /// quick bounds or table entries already refute the window ends `n` before any subtree is
    /// searched (a child the heuristic order would try later may be known to cut). Returns the
    /// fail-soft value then. The children decided the other way (they cannot refute the
    /// window) get their fail-soft values in `known`, so that the search does not look them up
    /// again. Costs the bounds and a probe per child: worth it only with enough cards left.
    /// `moves`: the sort keys of [`Core::gen_moves`].
    #[allow(clippy::too_many_arguments)]
    fn transposition_cutoff<const SLALOM: bool>(
        &mut self,
        t: &Tables,
        tw: &Tables,
        n: &Node,
        moves: &[u32],
        maxing: bool,
        alpha: i32,
        beta: i32,
        known: &mut [i32; MOVES],
    ) -> Option<i32> {
        for (i, &k) in moves.iter().enumerate() {
            let c = key_card(k);
            let mut ch = self.follow(t, n, c);
            let gain = self.close_trick::<SLALOM>(&mut ch);
            let (a1, b1) = (alpha - gain, beta - gain);
            let (lo, hi) = self.bounds::<SLALOM>(tw, &ch);
            if lo >= b1 || hi <= a1 {
                let v = if lo >= b1 { lo } else { hi };
                if maxing == (lo >= b1) {
                    return Some(gain + v);
                }
                known[i & (MOVES - 1)] = gain + v;
                continue;
            }
            let key = self.tt_key(tw, &ch);
            if let (Some(v), _) = self.probe(tw, &ch, key, a1, b1) {
                if (maxing && v >= b1) || (!maxing && v <= a1) {
                    return Some(gain + v);
                }
                known[i & (MOVES - 1)] = gain + v;
            }
        }
        None
    }

    /// Node `n` (inside a trick) after card `c` follows: the trick's winner and points. (The
    /// transposition cut-offs use it; [`Core::child`] does the same inline, because calling this
    /// from there measured 13% slower on whole deals.)
    #[inline(always)]
    fn follow(&self, t: &Tables, n: &Node, c: u8) -> Node {
        let mut ch = *n;
        let p = (n.to_move & 3) as usize;
        ch.hands[p] &= !(1u64 << c);
        ch.left -= 1;
        let cp = t.pts[c as usize & 63];
        ch.rem_pts -= cp as u16;
        ch.to_move = ((p + 1) & 3) as u8;
        let k = t.key(c, n.lead_suit);
        if k > n.win_key {
            ch.win_key = k;
            ch.win_card = c;
            ch.win_seat = n.to_move;
        }
        ch.trick_pts += cp;
        ch.len += 1;
        ch
    }

    /// Closes the complete trick of `ch` (a trick before the last, played with tables `t`): its
    /// winner leads at the new boundary (in a Slalom its cards are turned to the other
    /// direction). Returns the points the searching team takes with the trick.
    #[inline(always)]
    fn close_trick<const SLALOM: bool>(&self, ch: &mut Node) -> i32 {
        let mine = team_of(ch.win_seat as usize) == self.team;
        let gain = if mine { ch.trick_pts as i32 } else { 0 };
        ch.m_all &= mine;
        ch.len = 0;
        ch.to_move = ch.win_seat;
        if SLALOM {
            ch.hands = ch.hands.map(flip_lanes);
        }
        ch.in_play = ch.hands[0] | ch.hands[1] | ch.hands[2] | ch.hands[3];
        ch.trick_pts = 0;
        gain
    }

    /// The value of playing card `c` at node `n`.
    #[inline(always)]
    fn child<const SLALOM: bool, const LEN: u8>(
        &mut self,
        t: &Tables,
        tw: &Tables,
        n: &Node,
        c: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut ch = *n;
        let p = (n.to_move & 3) as usize;
        let bit = 1u64 << c;
        ch.hands[p] &= !bit;
        ch.left -= 1;
        let cp = t.pts[c as usize & 63];
        ch.rem_pts -= cp as u16;
        ch.to_move = ((p + 1) & 3) as u8;
        if LEN == 0 {
            ch.lead_suit = c >> 4;
            ch.win_card = c;
            ch.win_seat = p as u8;
            ch.win_key = t.key(c, c >> 4);
            ch.trick_pts = cp;
            ch.len = 1;
            return self.ab::<SLALOM, 1>(t, tw, &ch, alpha, beta);
        }
        let k = t.key(c, n.lead_suit);
        if k > n.win_key {
            ch.win_key = k;
            ch.win_card = c;
            ch.win_seat = p as u8;
        }
        ch.trick_pts += cp;
        if LEN == 1 {
            ch.len = 2;
            return self.ab::<SLALOM, 2>(t, tw, &ch, alpha, beta);
        }
        if LEN == 2 {
            ch.len = 3;
            return self.ab::<SLALOM, 3>(t, tw, &ch, alpha, beta);
        }
        if ch.left == 0 {
            return if team_of(ch.win_seat as usize) == self.team {
                ch.trick_pts as i32
                    + LAST_TRICK_BONUS as i32
                    + if n.m_all { t.match_bonus as i32 } else { 0 }
            } else {
                0
            };
        }
        let gain = self.close_trick::<SLALOM>(&mut ch);
        gain + self.ab::<SLALOM, 0>(tw, t, &ch, alpha - gain, beta - gain)
    }

    /// The cards to try at node `n`, equivalent ones merged, best first, as sort keys (see
    /// [`key_card`]). Returns their number.
    #[inline(always)]
    fn gen_moves<const LEN: u8>(
        &mut self,
        t: &Tables,
        n: &Node,
        legal: u64,
        tt_mv: u8,
        out: &mut [u32; MOVES],
    ) -> usize {
        if legal & (legal - 1) == 0 {
            // One card: nothing to order.
            out[0] = legal.trailing_zeros() ^ 0x30;
            return 1;
        }
        let in_play = n.in_play;
        let p = (n.to_move & 3) as usize;
        let merge = self.config.merge_equivalent;
        // Each card's sort key: its score (nine bits) and a tie-break that is higher for the cards
        // generated first (lower suit, then stronger card: `c ^ 0x30`), so that sorting the
        // distinct keys keeps ties in generation order. (A history heuristic as the tie-break
        // cost nodes: 1-4% more over the 100 deals of `chosen_deals 100 SEED`, seeds 1-4.)
        let keys = out;
        let mut cnt = 0;
        let mut push = |c: u8, score: u32| {
            keys[cnt & (MOVES - 1)] = score << SCORE_SHIFT | (c ^ 0x30) as u32;
            cnt += 1;
        };
        // The cards of lane `l` of suit `s` from the strongest down, one of each run of
        // equivalent cards: `$body` with `c`, `i`, `cp`. A run's cards are adjacent in rank
        // among the cards in the hands (the trick's cards leave play with it) and all beat the
        // trick's card so far or none does, so they win or lose every trick alike. `$side(c)`
        // says which side surely takes the trick whichever card of `c`'s run is played
        // (`Some(true)`: the mover's), if that is known. Then the run's cards differ only in
        // where their points go: swapping two of them maps every line that follows to one
        // with the same trick winners, and the card kept goes to whoever takes it later. So
        // when the mover's side takes this trick, its value can only grow with the points
        // played (and only fall when the other side takes it): the richest card (or the
        // poorest) of the run dominates the others, which need no search. When the taker is
        // not known, only cards of equal points merge. Never the Puur: "if trumps are led ...
        // except when the only trump in your hand is the Under (Puur), in which case you may
        // play anything" (003), so holding it is not holding the trump beside it.
        let held = n.hands[0] | n.hands[1] | n.hands[2] | n.hands[3];
        // Does card `c` beat the trick's card so far (inside a trick)?
        let beats = |c: u8| t.key(c, n.lead_suit) > n.win_key;
        macro_rules! cards {
            ($s:expr, $l:expr, $side:expr, |$c:ident, $i:ident, $cp:ident| $body:expr) => {{
                let s: usize = $s;
                let ps_bits = lane(held, s);
                let mut bits: u32 = $l;
                while bits != 0 {
                    let i = 31 - bits.leading_zeros();
                    bits ^= 1 << i;
                    let c = (s * 16) as u8 + i as u8;
                    let cp = t.pts[c as usize & 63];
                    // The cards of the run below `c` (none for the Puur).
                    let mut run = 0u32;
                    if merge && t.puur >> c & 1 == 0 {
                        let mut prev = i;
                        let c_beats = LEN > 0 && beats(c);
                        while bits != 0 {
                            let j = 31 - bits.leading_zeros();
                            if ps_bits & ((1 << prev) - (1 << (j + 1))) != 0
                                || (LEN > 0 && c_beats != beats((s * 16) as u8 + j as u8))
                            {
                                break;
                            }
                            run |= 1 << j;
                            bits ^= 1 << j;
                            prev = j;
                        }
                    }
                    if run == 0 {
                        let ($c, $i, $cp) = (c, i, cp);
                        $body
                        continue;
                    }
                    let side: Option<bool> = $side(c);
                    match side {
                        Some(mine) => {
                            // The richest card of the run (or the poorest), the strongest of equals.
                            let rich = mine != self.fewest();
                            let (mut bc, mut bi, mut bp) = (c, i, cp);
                            while run != 0 {
                                let j = 31 - run.leading_zeros();
                                run ^= 1 << j;
                                let d = (s * 16) as u8 + j as u8;
                                let dp = t.pts[d as usize & 63];
                                if if rich { dp > bp } else { dp < bp } {
                                    (bc, bi, bp) = (d, j, dp);
                                }
                            }
                            let ($c, $i, $cp) = (bc, bi, bp);
                            $body
                        }
                        None => {
                            // Each card but those with the points of the card above them.
                            let mut prev_pts = cp;
                            {
                                let ($c, $i, $cp) = (c, i, cp);
                                $body
                            }
                            while run != 0 {
                                let j = 31 - run.leading_zeros();
                                run ^= 1 << j;
                                let d = (s * 16) as u8 + j as u8;
                                let dp = t.pts[d as usize & 63];
                                if dp != prev_pts {
                                    prev_pts = dp;
                                    let ($c, $i, $cp) = (d, j, dp);
                                    $body
                                }
                            }
                        }
                    }
                }
            }};
        }
        // Can seat `x` beat card `c` (a card of its suit above it, or a trump that beats it)?
        let can_beat =
            |x: usize, c: usize| n.hands[x & 3] & (t.above[c & 63] | t.over_trump[c & 63]) != 0;
        // The suits of the legal cards, in order.
        let mut suits = legal;
        if LEN == 0 {
            let opp = n.hands[(p + 1) & 3] | n.hands[(p + 3) & 3];
            let partner = n.hands[(p + 2) & 3];
            let opp_trumps = opp & t.trump_mask != 0;
            let killer = self.killer[n.left as usize][p];
            while suits != 0 {
                let s = (suits.trailing_zeros() / 16) as usize;
                suits &= !(LANE << (16 * s));
                let top = 31 - lane(in_play, s).leading_zeros();
                // Lead: sure winners first (highest points first), then low cards to the
                // partner's winner, then low cards. The table card and the killer before all.
                let top_base = if s == t.trump || t.trump == 4 || !opp_trumps {
                    400
                } else {
                    200
                };
                let low_base = if lane(partner, s) >> top & 1 != 0 && lane(opp, s) != 0 {
                    300
                } else {
                    100
                };
                // A lead neither opponent can beat is the leader's side's trick: they cannot
                // beat a card that beats it either (the partner's).
                let side = |c: u8| {
                    (!can_beat(p + 1, c as usize) && !can_beat(p + 3, c as usize)).then_some(true)
                };
                cards!(s, lane(legal, s), side, |c, i, cp| {
                    let score = if c == tt_mv {
                        TABLE_MOVE_SCORE
                    } else if c == killer {
                        KILLER_SCORE
                    } else if i == top {
                        top_base + cp as u32
                    } else {
                        low_base - cp as u32 - i
                    };
                    push(c, score);
                });
            }
        } else {
            // Follow (no table card, no killer inside a trick).
            let last = LEN == 3;
            // The partner's card wins the trick so far, and the next player cannot beat it
            // (or there is none): points smeared on it are safe.
            let w = n.win_card as usize & 63;
            let partner_now = ((n.win_seat as usize ^ p) & 1) == 0;
            let partner_wins = partner_now && (last || !can_beat(p + 1, w));
            // Second seat: the partner, who plays last, holds the top card of the suit led and
            // the third seat no trump: the partner will most likely take the trick.
            let ls = n.lead_suit as usize & 3;
            let partner_top = LEN == 1
                && (t.trump_mask & n.hands[(p + 1) & 3] == 0 || ls == t.trump)
                && lane(n.hands[(p + 2) & 3], ls) >> (31 - lane(in_play, ls).leading_zeros()) & 1
                    != 0;
            let follow_score = |c: u8, i: u32, cp: u8| {
                let k = t.key(c, n.lead_suit);
                let wins = k > n.win_key;
                if partner_wins {
                    if wins {
                        50 - i
                    } else {
                        150 + cp as u32
                    }
                } else if wins {
                    if last {
                        300 + cp as u32
                    } else {
                        300 + k as u32
                    }
                } else if partner_top {
                    150 + cp as u32
                } else {
                    100 - cp as u32 - i
                }
            };
            // Who surely takes the trick if `c`'s run is played (see `cards!`).
            let side = |c: u8| -> Option<bool> {
                let wins = beats(c);
                match LEN {
                    // The trick is complete.
                    3 => Some(wins || partner_now),
                    // The fourth seat, an opponent, alone can change it.
                    2 if wins => (!can_beat(p + 1, c as usize)).then_some(true),
                    2 if partner_now => (!can_beat(p + 1, w)).then_some(true),
                    2 => Some(false),
                    // The third seat (an opponent) cannot beat the card: the mover's side
                    // keeps it. The leader wins and the partner, last, cannot beat it: the
                    // other side's (a higher card of the third seat is beyond it too).
                    _ if wins => (!can_beat(p + 1, c as usize)).then_some(true),
                    _ => (!can_beat(p + 2, w)).then_some(false),
                }
            };
            while suits != 0 {
                let s = (suits.trailing_zeros() / 16) as usize;
                suits &= !(LANE << (16 * s));
                cards!(s, lane(legal, s), side, |c, i, cp| {
                    push(c, follow_score(c, i, cp));
                });
            }
        }
        // Insertion sort, best first (the keys are distinct).
        for i in 1..cnt {
            let k = keys[i];
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = k;
        }
        match self.config.order {
            MoveOrder::Heuristic if self.fewest() => {
                // Everyone ducks (Misère): the cards that win tricks last, but the table card
                // and the killer lead (at the end once reversed) first.
                keys[..cnt].reverse();
                let first = keys[..cnt]
                    .iter()
                    .filter(|&&k| k >> SCORE_SHIFT >= KILLER_SCORE)
                    .count();
                keys[..cnt].rotate_right(first);
                keys[..first].reverse();
            }
            MoveOrder::Heuristic => {}
            MoveOrder::Reversed => keys[..cnt].reverse(),
            MoveOrder::Shuffled(_) => {
                for i in (1..cnt).rev() {
                    self.rng ^= self.rng << 13;
                    self.rng ^= self.rng >> 7;
                    self.rng ^= self.rng << 17;
                    let j = (self.rng % (i as u64 + 1)) as usize;
                    keys.swap(i, j);
                }
            }
        }
        cnt
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{random_position, SplitMix};
    use jass_core::trick::legal_cards;
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
            let rules = [TrickRules::Strict, TrickRules::Weak, TrickRules::Heading][(i / 6) % 3];
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

    /// A Slalom's change of direction turns every card of a set as it turns one card, and
    /// turning twice gives the set back.
    #[test]
    fn flipped_lanes_are_flipped_cards() {
        let cards: Vec<u8> = (0..4)
            .flat_map(|s| (0..9).map(move |i| s * 16 + i))
            .collect();
        for &c in &cards {
            assert_eq!(flip_lanes(1 << c), 1 << flip_card(c), "card {c}");
            assert_eq!(flip_card(flip_card(c)), c);
        }
        let mut rng = SplitMix::new(5);
        for _ in 0..1000 {
            let set = cards
                .iter()
                .filter(|_| rng.below(2) == 1)
                .fold(0u64, |a, &c| a | 1 << c);
            let flipped = cards
                .iter()
                .filter(|&&c| set >> c & 1 == 1)
                .fold(0u64, |a, &c| a | 1 << flip_card(c));
            assert_eq!(flip_lanes(set), flipped);
            assert_eq!(flip_lanes(flip_lanes(set)), set);
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

    #[test]
    fn internal_legal_cards_agree_with_the_rules_core() {
        let mut rng = SplitMix::new(5);
        for i in 0..6000 {
            let mode = Mode::ALL[i % 6];
            let rules = [TrickRules::Strict, TrickRules::Weak, TrickRules::Heading][i / 6 % 3];
            let left = 1 + rng.below(35) as u32;
            let pos = random_position(&mut rng, left, mode, UndenufeEleven::Ace, rules);
            if pos.trick_len == 0 {
                continue;
            }
            let t = Tables::new(mode, false, pos.points, rules, 100);
            let trick = pos.trick_cards();
            let w = trick_winner(trick, mode);
            let hand = pos.hands[pos.to_move() as usize];
            let want = legal_cards(hand, trick, mode, rules);
            let got = t.legal(
                t.int_set(hand),
                trick[0].suit().index() as u8,
                t.to_int[trick[w].index()],
            );
            assert_eq!(got, t.int_set(want), "{pos}");
        }
    }
}

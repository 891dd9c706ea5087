//! The rule tables on strength lanes: inside the search a card is `suit * 16 + strength`, so
//! that the cards of a suit form a nine-bit lane in strength order; the legal cards, the trick's
//! ordering keys, the card points of a lane and the cards that beat a card are table lookups
//! and bit operations, built once per mode.

use super::*;
/// Tables that depend on the mode and the point table, precomputed once per mode.
#[derive(Clone)]
pub(super) struct Tables {
    pub(super) mode: Mode,
    /// A Slalom's tables: the next trick is played with the other direction's (see
    /// [`flip_lanes`]).
    pub(super) slalom: bool,
    /// The owners of the cards of the deal being solved (internal cards) as two bit planes:
    /// seats 1 and 3, seats 2 and 3 (set by [`Solver::prepare`]).
    pub(super) owner_planes: [u64; 2],
    pub(super) points: PointTable,
    pub(super) rules: TrickRules,
    pub(super) match_bonus: u32,
    /// Card points by internal card.
    pub(super) pts: [u8; 64],
    /// Internal card by natural card index.
    pub(super) to_int: [u8; 64],
    /// Natural card index by internal card.
    pub(super) to_nat: [u8; 64],
    /// The trump suit (4 without trump).
    pub(super) trump: usize,
    /// The trump lane as a mask (0 without trump).
    pub(super) trump_mask: u64,
    /// The Puur (the Jack of trumps, the top trump) as a bit (0 without trump).
    pub(super) puur: u64,
    /// The ordering key of each internal card in a trick led in each suit.
    pub(super) keys: [[u8; 64]; 4],
    /// Per suit: the card points of the cards of a strength lane.
    pub(super) lane_pts: [[u8; 512]; 4],
    /// Per suit: the sum of the `m` smallest card points of a strength lane (`m` 0..=9; all
    /// of them for `m` above the number of cards, so callers need not clamp `m`).
    pub(super) min_pts: [[[u8; 10]; 512]; 4],
    /// By internal card: the cards of its suit above it.
    pub(super) above: [u64; 64],
    /// By internal card: the trumps that beat it (all trumps if it is no trump; none without
    /// trump).
    pub(super) over_trump: [u64; 64],
    /// Per suit: the card points of the cards of a strength lane from the strongest down,
    /// padded with zeros (for [`Core::qs_diff`]).
    pub(super) rank_pts: Box<[[[u8; 16]; 512]; 4]>,
}

#[inline(always)]
pub(super) fn lane(x: u64, s: usize) -> u32 {
    ((x >> (16 * s)) & LANE) as u32
}

/// The cards of `x` in the other direction of a Slalom: each suit's strength lane reversed
/// (strength `i` becomes `8 - i`; Undenufe's order is Obenabe's upside down).
#[inline(always)]
pub(super) fn flip_lanes(x: u64) -> u64 {
    // Bit 16 L + i goes to 16 (3 - L) + 15 - i, the lanes back in place, then down by seven.
    let r = x.reverse_bits().rotate_left(32);
    ((r & 0x0000_FFFF_0000_FFFF) << 16 | (r >> 16) & 0x0000_FFFF_0000_FFFF) >> 7
}

/// One card in the other direction of a Slalom (see [`flip_lanes`]).
#[inline(always)]
pub(super) fn flip_card(c: u8) -> u8 {
    (c & 0x30) | (8 - (c & 15))
}

/// The bits of `x` strictly above the highest bit of `y` (`x` if `y` is zero).
#[inline(always)]
pub(super) fn above_top(x: u32, y: u32) -> u32 {
    if y == 0 {
        x
    } else {
        x & !((2u32 << (31 - y.leading_zeros())) - 1)
    }
}

impl Tables {
    pub(super) fn new(
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
    pub(super) fn owner_ranks(&self, cards: u64) -> u128 {
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
    pub(super) fn key(&self, c: u8, ls: u8) -> u8 {
        self.keys[ls as usize & 3][c as usize & 63]
    }

    /// The cards of `hand` that may be played to a trick led in suit `ls` and won so far by
    /// internal card `win` (the rules of `jass_core::trick::legal_cards_after`, on internal
    /// cards).
    #[inline(always)]
    pub(super) fn legal(&self, hand: u64, ls: u8, win: u8) -> u64 {
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
        if self.rules == TrickRules::MustTrump {
            // Pandur's trump Misère: any trump when void, any card without one.
            return if trumps != 0 { trumps } else { hand };
        }
        if self.rules == TrickRules::Weak || trumps == hand {
            hand
        } else {
            (hand & !self.trump_mask) | over
        }
    }

    pub(super) fn int_set(&self, cards: jass_core::CardSet) -> u64 {
        cards
            .iter()
            .fold(0, |a, c| a | 1u64 << self.to_int[c.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{random_position, SplitMix};
    use jass_core::trick::legal_cards;
    use jass_core::UndenufeEleven;

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
    fn internal_legal_cards_agree_with_the_rules_core() {
        let mut rng = SplitMix::new(5);
        for i in 0..6000 {
            let mode = Mode::ALL[i % 6];
            let rules = [
                TrickRules::Strict,
                TrickRules::Weak,
                TrickRules::Heading,
                TrickRules::MustTrump,
            ][i / 6 % 4];
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

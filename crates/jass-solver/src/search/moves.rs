//! The cards to try at a node and their order: equivalent cards merged (adjacent in rank, the
//! same points), dominated ones left out (a run whose trick's taker is sure: the richest or
//! the poorest card of it), then sorted by the table's card, the killer lead and static scores.

use super::*;

/// Where a card's score lies in a sort key of [`Core::gen_moves`] (above six bits of card).
pub(super) const SCORE_SHIFT: u32 = 6;
/// The sort-key scores of the table's best lead and of the killer lead: above every other.
pub(super) const TABLE_MOVE_SCORE: u32 = 511;
pub(super) const KILLER_SCORE: u32 = 510;

/// At the second and third seat, a trump that wins a trick of another suit while the mover
/// holds that suit (001: players may trump "when holding the suit led") is tried after the
/// suit's own winning cards when the trick holds fewer than this many points so far: trumping in
/// first was the commonest card that failed to cut, a card of the suit led the one that cut. The
/// threshold and its figures: docs/lab/2026-12-06-solver-ordering.md (docs/solver.md, "Move
/// ordering").
pub(super) const CHEAP_TRICK_POINTS: u8 = 8;

/// The card of a sort key of [`Core::gen_moves`]: its low six bits hold `card ^ 0x30`.
#[inline(always)]
pub(super) fn key_card(k: u32) -> u8 {
    (k & 63) as u8 ^ 0x30
}

impl Core {
    /// The cards to try at node `n`, equivalent ones merged, best first, as sort keys (see
    /// [`key_card`]). Returns their number.
    #[inline(always)]
    pub(super) fn gen_moves<const LEN: u8>(
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
            // A cheap trick of a plain suit the mover holds: a trump that wins it is a trump-in
            // (see `CHEAP_TRICK_POINTS`; once per node, not per card).
            let cheap_trump_in = !last
                && n.trick_pts < CHEAP_TRICK_POINTS
                && ls != t.trump
                && lane(n.hands[p & 3], ls) != 0;
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
                    } else if cheap_trump_in && (t.trump_mask >> c) & 1 == 1 {
                        // Trumping in while holding the suit led, on a cheap trick: after
                        // the suit's own winners.
                        250 + k as u32
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

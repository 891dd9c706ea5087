//! The last two tricks without recursion: the last trick scored directly, the one before it
//! enumerated (at most sixteen lines, alpha-beta inside).

use super::*;

impl Core {
    /// The value of the last trick, when each seat holds one card.
    #[inline]
    pub(super) fn last_trick(&self, t: &Tables, n: &Node) -> i32 {
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
    pub(super) fn two_tricks<const SLALOM: bool>(
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
}

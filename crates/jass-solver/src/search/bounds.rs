//! Bounds on the value of a trick boundary before it is searched: the points left, the top
//! trumps one team holds, and the quick tricks of the side on lead (with the partner's tricks
//! after an entry). Checked against the exact values in `tests/brute_force.rs`.

use super::*;

impl Core {
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
    pub(super) fn quick_tricks(&self, t: &Tables, n: &Node, l: usize, all: u64) -> (i32, u32) {
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
            if matches!(t.rules, TrickRules::Heading | TrickRules::MustTrump)
                && p & t.trump_mask != 0
            {
                return (pts, k);
            }
        }
        // Then a low card to the partner's winner (an entry), and the partner cashes its cards
        // above every other card of each plain suit (the opponents hold no trump any more). The
        // partner discards its other cards on the leader's winners, so this needs the tricks
        // cashed to fit in a hand. Both in one pass over the suits.
        let partner = self.config.partner_tricks
            && !(matches!(t.rules, TrickRules::Heading | TrickRules::MustTrump)
                && (me | p) & t.trump_mask != 0);
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
    pub(super) fn sweeps(t: &Tables, n: &Node, l: usize) -> bool {
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
    pub(super) fn bounds<const SLALOM: bool>(&self, t: &Tables, n: &Node) -> (i32, i32) {
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
}

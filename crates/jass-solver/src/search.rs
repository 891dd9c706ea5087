//! The search: fail-soft alpha-beta on the points one team takes, driven by zero-window (MTD(f))
//! searches, with a transposition table at trick boundaries and equivalent cards merged.

use jass_core::mode::LAST_TRICK_BONUS;
use jass_core::trick::{legal_cards_after, trick_winner};
use jass_core::{Card, CardSet, Mode, PointTable, Suit, TrickRules};

use crate::position::{Position, SEATS};

/// The order in which the search tries the cards. Every order gives the same values; only the
/// time differs. The other orders exist to test that.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveOrder {
    /// Transposition-table card first, then cards that win the trick (most points first), points
    /// smeared onto the partner's trick, cheap discards (the default).
    Heuristic,
    /// The heuristic order reversed (the worst cards first).
    Reversed,
    /// A pseudo-random order at every node, from this seed.
    Shuffled(u64),
}

/// Settings of a [`Solver`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The transposition table holds `2^tt_bits` entries of 16 bytes (default 20: 16 MiB).
    pub tt_bits: u32,
    /// The move order.
    pub order: MoveOrder,
    /// Merge equivalent cards (adjacent in rank among the cards in play, with equal points).
    pub merge_equivalent: bool,
    /// Use the transposition table.
    pub use_tt: bool,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            tt_bits: 20,
            order: MoveOrder::Heuristic,
            merge_equivalent: true,
            use_tt: true,
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
/// boundary on.
#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    lo: u16,
    hi: u16,
    gen: u16,
    mv: u8,
    left: u8,
}

/// Tables that depend on the mode and the point table, precomputed once per mode.
#[derive(Clone)]
struct Tables {
    mode: Mode,
    points: PointTable,
    rules: TrickRules,
    match_bonus: u32,
    /// Card points by card index.
    pts: [u8; 64],
    /// `Mode::trick_key` by lead suit and card index.
    key: [[u8; 64]; 4],
    /// Strength within the suit by card index.
    strength: [u8; 64],
    /// Per suit: a nine-bit lane (natural order) to the same cards as a strength-ordered lane.
    lane_str: [[u16; 512]; 4],
    /// Per suit: strength 0..9 to the card index.
    str_card: [[u8; 9]; 4],
    /// The trump suit (4 without trump).
    trump: usize,
    /// For the trump suit: a strength-ordered lane to the card points of its cards.
    trump_lane_pts: [u16; 512],
}

impl Tables {
    fn new(mode: Mode, points: PointTable, rules: TrickRules, match_bonus: u32) -> Box<Tables> {
        let mut t = Box::new(Tables {
            mode,
            points,
            rules,
            match_bonus,
            pts: [0; 64],
            key: [[0; 64]; 4],
            strength: [0; 64],
            lane_str: [[0; 512]; 4],
            str_card: [[0; 9]; 4],
            trump: mode.trump().map_or(4, |s| s.index()),
            trump_lane_pts: [0; 512],
        });
        for i in 0..36 {
            let c = Card::from_dense(i);
            t.pts[c.index()] = points.card(c) as u8;
            t.strength[c.index()] = mode.strength(c);
            for s in Suit::ALL {
                t.key[s.index()][c.index()] = mode.trick_key(c, s);
            }
            t.str_card[c.suit().index()][mode.strength(c) as usize] = c.index() as u8;
        }
        for s in 0..4 {
            for lane in 0..512usize {
                let mut m = 0u16;
                for r in 0..9 {
                    if lane & (1 << r) != 0 {
                        m |= 1 << t.strength[s * 16 + r];
                    }
                }
                t.lane_str[s][lane] = m;
            }
        }
        if t.trump < 4 {
            for m in 0..512usize {
                let mut p = 0u16;
                for st in 0..9 {
                    if m & (1 << st) != 0 {
                        p += t.pts[t.str_card[t.trump][st] as usize] as u16;
                    }
                }
                t.trump_lane_pts[m] = p;
            }
        }
        t
    }
}

/// The search state at one node (copied to each child; about 64 bytes).
#[derive(Copy, Clone)]
struct Node {
    hands: [u64; SEATS],
    /// Cards of the current trick.
    trick_mask: u64,
    /// Card points of the cards still in the hands.
    rem_pts: u16,
    lead: u8,
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
    tables: Option<Box<Tables>>,
    owners: [u64; SEATS],
}

/// The search proper: the table and the counters (apart from the rule tables, so that the
/// search can borrow both).
struct Core {
    config: SolverConfig,
    tt: Vec<Entry>,
    mask: usize,
    gen: u16,
    team: u8,
    nodes: u64,
    rng: u64,
    /// Nodes by cards left (diagnostics).
    hist: [u64; 37],
    /// History heuristic: how often each card caused a cut-off (as a lead, as a follow), weighted
    /// by the cards left.
    history: [[u32; 64]; 2],
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(SolverConfig::default())
    }
}

#[inline(always)]
fn lane(x: u64, s: usize) -> usize {
    ((x >> (16 * s)) & 0x1FF) as usize
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
                tt: vec![Entry::default(); if config.use_tt { size } else { 2 }],
                mask: if config.use_tt { size - 1 } else { 1 },
                gen: 1,
                team: 0,
                nodes: 0,
                rng: seed,
                hist: [0; 37],
                history: [[0; 64]; 2],
            },
            tables: None,
            owners: [0; SEATS],
        }
    }

    /// The settings.
    pub fn config(&self) -> &SolverConfig {
        &self.core.config
    }

    /// Nodes searched since the solver was made or [`Solver::reset_nodes`] was called.
    pub fn nodes(&self) -> u64 {
        self.core.nodes
    }

    /// Nodes by cards left (diagnostics).
    pub fn histogram(&self) -> [u64; 37] {
        self.core.hist
    }

    /// Sets the node counter to zero.
    pub fn reset_nodes(&mut self) {
        self.core.nodes = 0;
    }

    /// Forgets every stored result (the next search starts with an empty table).
    pub fn clear(&mut self) {
        self.core.new_generation();
        self.core.history = [[0; 64]; 2];
        self.owners = [0; SEATS];
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

    fn solve_guess(&mut self, pos: &Position, team: u8, guess: Option<u32>) -> u32 {
        if pos.is_over() {
            return 0;
        }
        let team = team & 1;
        self.prepare(pos, team);
        let root = self.root_node(pos);
        let max = pos.max_value(team) as i32;
        let mut lo = 0i32;
        let mut hi = max;
        // A first guess near half the card points: the zero-window searches then close in on the
        // value from both sides.
        let mut g = guess
            .map(|g| g as i32)
            .unwrap_or((pos.remaining_points() as i32) / 2)
            .clamp(lo, hi);
        while lo < hi {
            // Bisection on the value, starting at the guess: every zero-window search halves
            // the interval at least (fail-soft results often cut more).
            let beta = if g > lo && g <= hi {
                g
            } else {
                lo + (hi - lo + 1) / 2
            };
            let r = self.core.ab(
                self.tables.as_deref().expect("prepared"),
                &root,
                beta - 1,
                beta,
            );
            if r < beta {
                hi = r;
            } else {
                lo = r;
            }
            g = lo + (hi - lo + 1) / 2;
        }
        lo as u32
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
        let t = target as i32;
        self.core
            .ab(self.tables.as_deref().expect("prepared"), &root, t - 1, t)
            >= t
    }

    /// The exact value of every legal card of the seat to move, for the team of that seat.
    pub fn solve_moves(&mut self, pos: &Position) -> MoveValues {
        self.solve_moves_for(pos, pos.to_move() % 2)
    }

    /// The exact value of every legal card of the seat to move, counted as the points `team`
    /// takes from here on (the card's own trick included).
    pub fn solve_moves_for(&mut self, pos: &Position, team: u8) -> MoveValues {
        let team = team & 1;
        let mut out = MoveValues {
            cards: [Card::from_dense(0); 9],
            values: [0; 9],
            len: 0,
            team,
        };
        let mut guess = None;
        for c in pos.legal_cards() {
            let mut child = *pos;
            let gain = match child.play_unchecked(c) {
                Some(r) if r.winner % 2 == team => r.points + r.match_bonus,
                _ => 0,
            };
            let v = gain + self.solve_guess(&child, team, guess);
            guess = Some(v - gain);
            out.cards[out.len] = c;
            out.values[out.len] = v;
            out.len += 1;
        }
        out
    }

    /// Loads the tables for the position's rules and decides whether stored results still hold:
    /// they do while every card keeps one owner (positions of one deal) and the rules are the same.
    fn prepare(&mut self, pos: &Position, team: u8) {
        let same_rules = matches!(&self.tables, Some(t) if t.mode == pos.mode && t.points == pos.points
            && t.rules == pos.rules && t.match_bonus == pos.match_bonus);
        if !same_rules {
            self.tables = Some(Tables::new(
                pos.mode,
                pos.points,
                pos.rules,
                pos.match_bonus,
            ));
            self.clear();
        }
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
    }

    fn root_node(&self, pos: &Position) -> Node {
        let t = self.tables.as_ref().expect("prepared");
        let mut n = Node {
            hands: pos.hands.map(|h| h.0),
            trick_mask: 0,
            rem_pts: 0,
            lead: 0,
            win_seat: pos.leader,
            win_card: 0,
            win_key: 0,
            trick_pts: 0,
            len: pos.trick_len,
            to_move: pos.to_move(),
            left: pos.cards_left() as u8,
            m_all: pos.match_bonus > 0 && pos.tricks_won[1 - self.core.team as usize] == 0,
        };
        for h in pos.hands {
            for c in h {
                n.rem_pts += t.pts[c.index()] as u16;
            }
        }
        let trick = pos.trick_cards();
        if let Some(&lead) = trick.first() {
            let w = trick_winner(trick, pos.mode);
            n.lead = lead.index() as u8;
            n.win_seat = (pos.leader + w as u8) % SEATS as u8;
            n.win_card = trick[w].index() as u8;
            n.win_key = t.key[lead.suit().index()][trick[w].index()];
            for &c in trick {
                n.trick_mask |= 1 << c.index();
                n.trick_pts += t.pts[c.index()];
            }
        }
        n
    }
}

impl Core {
    fn new_generation(&mut self) {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.tt.iter_mut().for_each(|e| *e = Entry::default());
            self.gen = 1;
        }
    }

    #[inline(always)]
    fn tt_index(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize) & self.mask & !1
    }

    /// The value of the last trick, when each seat holds one card.
    #[inline]
    fn last_trick(&self, t: &Tables, n: &Node) -> i32 {
        let l = n.to_move as usize;
        let lead = n.hands[l].trailing_zeros() as usize;
        let ls = lead >> 4;
        let mut win = l;
        let mut wk = t.key[ls][lead];
        let mut p = t.pts[lead] as i32;
        for i in 1..SEATS {
            let s = (l + i) & 3;
            let c = n.hands[s].trailing_zeros() as usize;
            p += t.pts[c] as i32;
            let k = t.key[ls][c];
            if k > wk {
                wk = k;
                win = s;
            }
        }
        if (win as u8 & 1) == self.team {
            p + LAST_TRICK_BONUS as i32 + if n.m_all { t.match_bonus as i32 } else { 0 }
        } else {
            0
        }
    }

    /// Fail-soft alpha-beta: the points the searching team takes from node `n` on (the cards
    /// already in the current trick included).
    fn ab(&mut self, t: &Tables, n: &Node, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        self.hist[n.left as usize] += 1;
        let mut key = 0u64;
        let mut tt_mv = 0xFFu8;
        let boundary = n.len == 0;
        if boundary {
            if n.left == 4 {
                return self.last_trick(t, n);
            }
            let mut max = n.rem_pts as i32 + LAST_TRICK_BONUS as i32;
            let mut min = 0;
            let mut match_possible = n.m_all;
            if t.trump < 4 {
                // The highest trumps in play, as long as one team holds them, win their tricks
                // or fall to a higher trump of the same team: their points are that team's.
                let ts = t.trump;
                let me = self.team as usize;
                let all_t = t.lane_str[ts]
                    [lane(n.hands[0] | n.hands[1] | n.hands[2] | n.hands[3], ts)]
                    as u32;
                if all_t != 0 {
                    let mine = t.lane_str[ts][lane(n.hands[me] | n.hands[me + 2], ts)] as u32;
                    let theirs = all_t & !mine;
                    let top = 31 - all_t.leading_zeros();
                    if mine & (1 << top) != 0 {
                        let run = if theirs == 0 {
                            all_t
                        } else {
                            all_t & !((2u32 << (31 - theirs.leading_zeros())) - 1)
                        };
                        min = t.trump_lane_pts[run as usize] as i32;
                    } else {
                        let run = if mine == 0 {
                            all_t
                        } else {
                            all_t & !((2u32 << (31 - mine.leading_zeros())) - 1)
                        };
                        max -= t.trump_lane_pts[run as usize] as i32;
                        match_possible = false;
                    }
                }
            }
            if match_possible {
                max += t.match_bonus as i32;
            }
            if max <= alpha {
                return max;
            }
            if min >= beta {
                return min;
            }
            if self.config.use_tt {
                key = (n.hands[0] | n.hands[1] | n.hands[2] | n.hands[3])
                    | (n.to_move as u64) << 9
                    | (n.m_all as u64) << 11
                    | (self.team as u64) << 12;
                let i = self.tt_index(key);
                for e in &self.tt[i..i + 2] {
                    if e.key == key && e.gen == self.gen {
                        let (lo, hi) = (e.lo as i32, e.hi as i32);
                        if lo >= beta {
                            return lo;
                        }
                        if hi <= alpha {
                            return hi;
                        }
                        if lo == hi {
                            return lo;
                        }
                        tt_mv = e.mv;
                        break;
                    }
                }
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
        let p = n.to_move as usize;
        let hand = n.hands[p];
        let legal = if n.len == 0 {
            hand
        } else {
            let lead = Card::from_index(n.lead).expect("card");
            let win = Card::from_index(n.win_card).expect("card");
            legal_cards_after(CardSet(hand), lead, win, t.mode, t.rules).0
        };
        let mut moves = [0u8; 9];
        let cnt = self.gen_moves(t, n, legal, tt_mv, &mut moves);
        let maxing = (p as u8 & 1) == self.team;
        let mut best = if maxing { -1 } else { i32::MAX };
        let mut best_mv = moves[0];
        for &c in &moves[..cnt] {
            let v = self.child(t, n, c, alpha, beta);
            if maxing {
                if v > best {
                    best = v;
                    best_mv = c;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            self.history[(n.len > 0) as usize][c as usize] = self.history
                                [(n.len > 0) as usize][c as usize]
                                .saturating_add(n.left as u32)
                                .min(1 << 20);
                            break;
                        }
                    }
                }
            } else if v < best {
                best = v;
                best_mv = c;
                if v < beta {
                    beta = v;
                    if alpha >= beta {
                        self.history[(n.len > 0) as usize][c as usize] = self.history
                            [(n.len > 0) as usize][c as usize]
                            .saturating_add(n.left as u32)
                            .min(1 << 20);
                        break;
                    }
                }
            }
        }
        if boundary && self.config.use_tt {
            self.store(key, best, a0, b0, best_mv, n.left);
        }
        best
    }

    #[inline]
    fn store(&mut self, key: u64, v: i32, alpha: i32, beta: i32, mv: u8, left: u8) {
        let (mut lo, mut hi) = if v <= alpha {
            (0, v)
        } else if v >= beta {
            (v, u16::MAX as i32)
        } else {
            (v, v)
        };
        let i = self.tt_index(key);
        let gen = self.gen;
        let slot = if self.tt[i].key == key && self.tt[i].gen == gen {
            i
        } else if self.tt[i + 1].key == key && self.tt[i + 1].gen == gen {
            i + 1
        } else {
            // Keep the entry with the larger subtree; replace stale entries first.
            let (a, b) = (&self.tt[i], &self.tt[i + 1]);
            let victim = if a.gen != gen {
                i
            } else if b.gen != gen {
                i + 1
            } else if a.left <= b.left {
                i
            } else {
                i + 1
            };
            self.tt[victim] = Entry {
                key,
                lo: lo as u16,
                hi: hi as u16,
                gen,
                mv,
                left,
            };
            return;
        };
        let e = &mut self.tt[slot];
        lo = lo.max(e.lo as i32);
        hi = hi.min(e.hi as i32);
        e.lo = lo as u16;
        e.hi = hi as u16;
        e.mv = mv;
    }

    /// The value of playing card `c` at node `n`.
    #[inline(always)]
    fn child(&mut self, t: &Tables, n: &Node, c: u8, alpha: i32, beta: i32) -> i32 {
        let mut ch = *n;
        let p = n.to_move as usize;
        let bit = 1u64 << c;
        ch.hands[p] &= !bit;
        ch.left -= 1;
        let cp = t.pts[c as usize];
        ch.rem_pts -= cp as u16;
        ch.to_move = ((p + 1) & 3) as u8;
        if n.len == 0 {
            ch.lead = c;
            ch.win_card = c;
            ch.win_seat = p as u8;
            ch.win_key = t.key[(c >> 4) as usize][c as usize];
            ch.trick_pts = cp;
            ch.trick_mask = bit;
            ch.len = 1;
            return self.ab(t, &ch, alpha, beta);
        }
        let k = t.key[(n.lead >> 4) as usize][c as usize];
        if k > n.win_key {
            ch.win_key = k;
            ch.win_card = c;
            ch.win_seat = p as u8;
        }
        ch.trick_pts += cp;
        if n.len < 3 {
            ch.trick_mask |= bit;
            ch.len += 1;
            return self.ab(t, &ch, alpha, beta);
        }
        // The trick is complete.
        let mine = (ch.win_seat & 1) == self.team;
        let last = ch.left == 0;
        let mut gain = 0i32;
        if mine {
            gain = ch.trick_pts as i32;
            if last {
                gain += LAST_TRICK_BONUS as i32 + if n.m_all { t.match_bonus as i32 } else { 0 };
            }
        }
        if last {
            return gain;
        }
        ch.m_all = n.m_all && mine;
        ch.len = 0;
        ch.to_move = ch.win_seat;
        ch.trick_mask = 0;
        ch.trick_pts = 0;
        gain + self.ab(t, &ch, alpha - gain, beta - gain)
    }

    /// The cards to try at node `n`, equivalent ones merged, best first. Returns their number.
    #[inline]
    fn gen_moves(
        &mut self,
        t: &Tables,
        n: &Node,
        legal: u64,
        tt_mv: u8,
        out: &mut [u8; 9],
    ) -> usize {
        let in_play = n.hands[0] | n.hands[1] | n.hands[2] | n.hands[3] | n.trick_mask;
        let p = n.to_move;
        let mut scores = [0i32; 9];
        let mut cnt = 0;
        let partner_wins = n.len > 0 && ((n.win_seat ^ p) & 1) == 0;
        let last = n.len == 3;
        let ls = (n.lead >> 4) as usize;
        let merge = self.config.merge_equivalent;
        for s in 0..4 {
            let l = lane(legal, s);
            if l == 0 {
                continue;
            }
            let ls_bits = t.lane_str[s][l] as u32;
            let ps_bits = t.lane_str[s][lane(in_play, s)] as u32;
            let top = 31 - ps_bits.leading_zeros();
            let mut bits = ls_bits;
            let mut prev = 32u32;
            let mut prev_pts = 0u8;
            while bits != 0 {
                let i = 31 - bits.leading_zeros();
                bits ^= 1 << i;
                let c = t.str_card[s][i as usize];
                let cp = t.pts[c as usize];
                if merge
                    && prev < 32
                    && cp == prev_pts
                    && ps_bits & ((1 << prev) - (1 << (i + 1))) == 0
                {
                    prev = i;
                    continue;
                }
                prev = i;
                prev_pts = cp;
                let st = i as i32;
                let score = if c == tt_mv {
                    10_000
                } else if n.len == 0 {
                    // Lead: sure winners in their suit first (highest points first), else low cards.
                    if i == top {
                        200 + cp as i32 + if t.key[s][c as usize] >= 32 { 40 } else { 0 }
                    } else {
                        100 - cp as i32 - st
                    }
                } else {
                    let k = t.key[ls][c as usize];
                    let wins = k > n.win_key;
                    if partner_wins {
                        if wins {
                            50 - st
                        } else {
                            150 + cp as i32
                        }
                    } else if wins {
                        if last {
                            300 + cp as i32
                        } else {
                            300 + k as i32
                        }
                    } else {
                        100 - cp as i32 - st
                    }
                };
                out[cnt] = c;
                let h = self.history[(n.len > 0) as usize][c as usize] as i32;
                // Leads by the history heuristic (the table card first); follows by the static
                // score, history breaking ties.
                scores[cnt] = if n.len == 0 && c != tt_mv {
                    h
                } else {
                    score * 4096 + h.min(4095)
                };
                cnt += 1;
            }
        }
        // Insertion sort, best first.
        for i in 1..cnt {
            let (c, sc) = (out[i], scores[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < sc {
                out[j] = out[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            out[j] = c;
            scores[j] = sc;
        }
        match self.config.order {
            MoveOrder::Heuristic => {}
            MoveOrder::Reversed => out[..cnt].reverse(),
            MoveOrder::Shuffled(_) => {
                for i in (1..cnt).rev() {
                    self.rng ^= self.rng << 13;
                    self.rng ^= self.rng >> 7;
                    self.rng ^= self.rng << 17;
                    let j = (self.rng % (i as u64 + 1)) as usize;
                    out.swap(i, j);
                }
            }
        }
        cnt
    }
}

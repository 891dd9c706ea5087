//! The exact solver for the games in which every player is for himself (Differenzler, Handjass
//! with 2 to 5 players): all hands open, any number of seats, cards out of play allowed (the
//! blind, the stock, dropped hands).
//!
//! Without teams a position has no single value, so the solver gives two:
//!
//! * **Every player for himself** ([`SoloSolver::outcome`], max^n after Luckhardt and Irani):
//!   each player, when on turn, plays the card that ends the deal best for himself by his own
//!   measure (a Differenzler penalty, the Handjass strokes and potatoes, …), knowing that the
//!   others will do the same. The result is the points and tricks every player ends with. Where
//!   a player is indifferent between cards the first in card order is taken (a fixed tie-break,
//!   so the result is reproducible).
//! * **A guarantee** ([`SoloSolver::guarantee`], the "paranoid" reduction of Sturtevant and
//!   Korf): the best a player can be sure of whatever the others play, as if they all played
//!   against him: the most points he can be sure to take (so whether he is safe from a potato
//!   or reaches a bid), or the smallest Differenzler penalty he can be sure of. This is a
//!   two-sided game, searched with fail-soft alpha-beta.
//!
//! Both keep a table of the trick boundaries already solved (keyed by who holds which card,
//! who leads, and what decides the measure so far) and try two cards of one hand once when they
//! are equivalent: adjacent in rank among every card still in play, with equal points (every
//! line of play with one maps to a line with the other with the same tricks and points). The
//! trick rules are `jass_core::trick`'s own, so strict, weak and 002's heading rules all hold.
//! A node budget ([`SoloSolver::with_node_limit`]) makes a search give up cleanly.

use jass_core::trick::{legal_cards, trick_points, trick_winner};
use jass_core::{Card, CardSet, Mode, PointTable, TrickRules};
use rustc_hash::FxHashMap;

/// The most players at a table of a solo game (Handjass with five).
pub const SOLO_SEATS: usize = 5;

/// A card-play position of a solo game: the players numbered `0..n` in playing order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SoloPosition {
    /// Players at the table (2..=5).
    pub n: usize,
    /// The cards each player holds (players `n..` hold nothing).
    pub hands: [CardSet; SOLO_SEATS],
    /// The trump mode.
    pub mode: Mode,
    /// Its card points.
    pub points: PointTable,
    /// The trick rules.
    pub rules: TrickRules,
    /// The player who led the trick in progress, or leads the next one.
    pub leader: usize,
    /// The cards of the trick in progress, in the order played.
    pub trick: [Card; SOLO_SEATS],
    /// How many cards lie in it.
    pub trick_len: usize,
    /// Card points each player has taken so far (the last-trick bonus included once taken).
    pub taken: [u32; SOLO_SEATS],
    /// Tricks each player has taken so far.
    pub tricks: [u8; SOLO_SEATS],
    /// The points for the last trick (5).
    pub last_bonus: u32,
}

/// How a solo deal ends: the points and tricks of every player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SoloOutcome {
    /// Card points each player took (with the last-trick bonus), earlier tricks included.
    pub taken: [u32; SOLO_SEATS],
    /// Tricks each player took, earlier tricks included.
    pub tricks: [u8; SOLO_SEATS],
}

impl SoloPosition {
    /// The start of a deal: `hands` of the `n` players in playing order, `leader` to lead.
    pub fn new_deal(
        hands: &[CardSet],
        leader: usize,
        mode: Mode,
        points: PointTable,
        rules: TrickRules,
    ) -> SoloPosition {
        assert!(
            (2..=SOLO_SEATS).contains(&hands.len()),
            "a solo game has 2 to 5 players"
        );
        let mut h = [CardSet::EMPTY; SOLO_SEATS];
        h[..hands.len()].copy_from_slice(hands);
        SoloPosition {
            n: hands.len(),
            hands: h,
            mode,
            points,
            rules,
            leader: leader % hands.len(),
            trick: [Card::from_dense(0); SOLO_SEATS],
            trick_len: 0,
            taken: [0; SOLO_SEATS],
            tricks: [0; SOLO_SEATS],
            last_bonus: jass_core::mode::LAST_TRICK_BONUS,
        }
    }

    /// The player to play.
    pub fn mover(&self) -> usize {
        (self.leader + self.trick_len) % self.n
    }

    /// True once every card in the hands is played.
    pub fn is_over(&self) -> bool {
        self.trick_len == 0 && self.in_hands().is_empty()
    }

    /// Every card still in a hand.
    pub fn in_hands(&self) -> CardSet {
        self.hands[..self.n]
            .iter()
            .fold(CardSet::EMPTY, |a, &h| a | h)
    }

    /// The cards still in the hands.
    pub fn cards_left(&self) -> u32 {
        self.in_hands().len()
    }

    /// The legal cards of the player to play.
    pub fn legal(&self) -> CardSet {
        legal_cards(
            self.hands[self.mover()],
            &self.trick[..self.trick_len],
            self.mode,
            self.rules,
        )
    }

    /// The points still to be taken: the hands, the trick on the table and the last trick's.
    pub fn remaining_points(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        self.points.sum(self.in_hands())
            + trick_points(&self.trick[..self.trick_len], self.points)
            + self.last_bonus
    }

    /// Plays `card` for the player to play. The caller keeps it legal (see [`Self::legal`]).
    pub fn play(&mut self, card: Card) {
        let p = self.mover();
        self.hands[p].remove(card);
        self.trick[self.trick_len] = card;
        self.trick_len += 1;
        if self.trick_len < self.n {
            return;
        }
        let cards = &self.trick[..self.n];
        let w = (self.leader + trick_winner(cards, self.mode)) % self.n;
        let mut pts = trick_points(cards, self.points);
        self.trick_len = 0;
        self.leader = w;
        if self.in_hands().is_empty() {
            pts += self.last_bonus;
        }
        self.taken[w] += pts;
        self.tricks[w] += 1;
    }

    /// The outcome of a finished position.
    fn outcome(&self) -> SoloOutcome {
        SoloOutcome {
            taken: self.taken,
            tricks: self.tricks,
        }
    }

    /// The legal cards, a card left out when the next stronger card of its suit among every
    /// card in play is also legal for this player and worth the same points (equivalent; never
    /// the Puur, whose rules are its own).
    fn distinct_moves(&self) -> CardSet {
        let legal = self.legal();
        if legal.len() < 2 {
            return legal;
        }
        let mut in_play = self.in_hands();
        for &c in &self.trick[..self.trick_len] {
            in_play.insert(c);
        }
        let puur = self.mode.trump().map_or(CardSet::EMPTY, |t| {
            CardSet::single(Card::new(t, jass_core::Rank::Jack))
        });
        let mut out = legal;
        for s in jass_core::Suit::ALL {
            let mine = legal & CardSet::suit(s);
            if mine.len() < 2 {
                continue;
            }
            // The cards in play of this suit by strength (bit = strength, 0..9).
            let mut by_strength = [None; 9];
            let mut strengths = 0u32;
            for c in in_play & CardSet::suit(s) {
                let k = self.mode.strength(c) as usize;
                by_strength[k] = Some(c);
                strengths |= 1 << k;
            }
            for c in mine {
                let k = self.mode.strength(c) as u32;
                let above = strengths >> (k + 1);
                if above == 0 {
                    continue;
                }
                let next = by_strength[(k + 1 + above.trailing_zeros()) as usize];
                if let Some(x) = next {
                    if mine.contains(x)
                        && self.points.card(x) == self.points.card(c)
                        && !puur.contains(c)
                        && !puur.contains(x)
                    {
                        out.remove(c);
                    }
                }
            }
        }
        out
    }

    /// Who holds each card, three bits a card (0: nobody), and who leads: an exact key of a
    /// trick boundary's cards.
    fn owners(&self) -> u128 {
        let mut k = 0u128;
        for (p, h) in self.hands[..self.n].iter().enumerate() {
            for c in *h {
                k |= ((p + 1) as u128) << (3 * c.dense());
            }
        }
        k | (self.leader as u128) << 110
    }
}

/// What a player measures a deal by in [`SoloSolver::guarantee`]: his own points and tricks at
/// the end, to a score he wants as high as possible.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SoloGoal {
    /// As many points as possible (a Handjass threshold is reached when the guarantee is at
    /// least the threshold).
    MostPoints,
    /// As close to an announcement as possible: the score is minus the distance, `-|points -
    /// target|` (Differenzler).
    Target(u32),
    /// As few points as possible: the score is minus the points (Hindersi). With `sweep`, a
    /// player who takes every trick scores 0 and every other player `sweep` (004, Hindersi: "a
    /// player taking all tricks wins the deal, scoring zero, while the rest score 157 each").
    FewestPoints {
        /// What every other player scores when one takes every trick.
        sweep: Option<u32>,
    },
}

/// Who has taken every trick of the deal so far: what a sweep needs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Sweeper {
    /// No trick is complete: anybody may still take them all.
    Anybody,
    /// This player has taken every trick so far.
    Only(usize),
    /// Two players or more have tricks: nobody can take them all.
    Nobody,
}

impl Sweeper {
    fn of(pos: &SoloPosition) -> Sweeper {
        let mut with_tricks = (0..pos.n).filter(|&p| pos.tricks[p] > 0);
        match (with_tricks.next(), with_tricks.next()) {
            (None, _) => Sweeper::Anybody,
            (Some(p), None) => Sweeper::Only(p),
            _ => Sweeper::Nobody,
        }
    }

    /// Part of a table key (four bits).
    fn tag(self) -> u64 {
        match self {
            Sweeper::Nobody => 0,
            Sweeper::Anybody => 1,
            Sweeper::Only(p) => 2 + p as u64,
        }
    }
}

impl SoloGoal {
    /// The score of `seat`'s final `points` at a deal's end, where `sweeper` took every trick
    /// (if one did).
    fn score(self, points: u32, seat: usize, sweeper: Sweeper) -> i32 {
        match self {
            SoloGoal::MostPoints => points as i32,
            SoloGoal::Target(t) => -(points.abs_diff(t) as i32),
            SoloGoal::FewestPoints { sweep } => match (sweep, sweeper) {
                (Some(_), Sweeper::Only(p)) if p == seat => 0,
                (Some(others), Sweeper::Only(_)) => -(others as i32),
                _ => -(points as i32),
            },
        }
    }

    /// The lowest and highest score of `seat` with final points in `lo..=hi`, where `sweeper`
    /// has taken every trick so far.
    fn range(self, lo: u32, hi: u32, seat: usize, sweeper: Sweeper) -> (i32, i32) {
        match self {
            SoloGoal::MostPoints => (lo as i32, hi as i32),
            SoloGoal::Target(t) => {
                // The distance from the target to the nearest reachable total.
                let best = lo.saturating_sub(t) + t.saturating_sub(hi);
                let worst = t.abs_diff(lo).max(t.abs_diff(hi));
                (-(worst as i32), -(best as i32))
            }
            SoloGoal::FewestPoints { sweep: None } => (-(hi as i32), -(lo as i32)),
            SoloGoal::FewestPoints {
                sweep: Some(others),
            } => {
                let (mine, theirs) = match sweeper {
                    Sweeper::Anybody => (true, true),
                    Sweeper::Only(p) => (p == seat, p != seat),
                    Sweeper::Nobody => (false, false),
                };
                let worst = if theirs { hi.max(others) } else { hi };
                let best = if mine { 0 } else { lo };
                (-(worst as i32), -(best as i32))
            }
        }
    }

    /// The goal's part of a table key (the target or sweep in the high bits), with what decides
    /// a sweep so far where the goal knows one.
    fn tag(self, sweeper: Sweeper) -> u64 {
        match self {
            SoloGoal::MostPoints => 0,
            SoloGoal::Target(t) => 1 | (t as u64) << 20,
            SoloGoal::FewestPoints { sweep: None } => 2,
            SoloGoal::FewestPoints { sweep: Some(x) } => 3 | sweeper.tag() << 20 | (x as u64) << 24,
        }
    }

    /// Whether the score depends on who took the tricks (not only on the points).
    fn counts_sweeps(self) -> bool {
        matches!(self, SoloGoal::FewestPoints { sweep: Some(_) })
    }
}

/// The solver of solo games, with its table of solved trick boundaries (kept between calls on
/// the same deal; [`SoloSolver::clear`] frees it).
#[derive(Default)]
pub struct SoloSolver {
    outcomes: FxHashMap<(u128, u128), (SoloOutcome, [i32; SOLO_SEATS])>,
    bounds: FxHashMap<(u128, u64), (i32, i32)>,
    nodes: u64,
    node_limit: Option<u64>,
    aborted: bool,
}

impl SoloSolver {
    /// A solver without a node budget.
    pub fn new() -> SoloSolver {
        SoloSolver::default()
    }

    /// A solver that gives up (`None`) once a search has visited `limit` nodes.
    pub fn with_node_limit(limit: u64) -> SoloSolver {
        SoloSolver {
            node_limit: Some(limit),
            ..SoloSolver::default()
        }
    }

    /// Nodes visited since the solver was made (or cleared).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every solved position (and the node count).
    pub fn clear(&mut self) {
        self.outcomes.clear();
        self.bounds.clear();
        self.nodes = 0;
    }

    /// How the deal ends when every player plays for himself (max^n): `utility` gives each
    /// player's measure of an outcome (higher is better; players `n..` are ignored). The
    /// table of outcomes belongs to one utility: call [`Self::clear`] before solving with
    /// another. `None` if the node budget ran out.
    pub fn outcome<F>(&mut self, pos: &SoloPosition, utility: &F) -> Option<SoloOutcome>
    where
        F: Fn(&SoloOutcome) -> [i32; SOLO_SEATS],
    {
        self.aborted = false;
        let (o, _) = self.maxn(pos, utility);
        (!self.aborted).then_some(o)
    }

    /// [`Self::outcome`] after each legal card of the player to play (in card order).
    pub fn outcome_moves<F>(
        &mut self,
        pos: &SoloPosition,
        utility: &F,
    ) -> Option<Vec<(Card, SoloOutcome)>>
    where
        F: Fn(&SoloOutcome) -> [i32; SOLO_SEATS],
    {
        pos.legal()
            .iter()
            .map(|c| {
                let mut child = *pos;
                child.play(c);
                self.outcome(&child, utility).map(|o| (c, o))
            })
            .collect()
    }

    /// The best score `seat` can be sure of by `goal` whatever the others play (as if they all
    /// played against it). `None` if the node budget ran out.
    pub fn guarantee(&mut self, pos: &SoloPosition, seat: usize, goal: SoloGoal) -> Option<i32> {
        self.aborted = false;
        let v = self.paranoid(pos, seat, goal, i32::MIN + 1, i32::MAX);
        (!self.aborted).then_some(v)
    }

    /// [`Self::guarantee`] after each legal card of the player to play (in card order).
    pub fn guarantee_moves(
        &mut self,
        pos: &SoloPosition,
        seat: usize,
        goal: SoloGoal,
    ) -> Option<Vec<(Card, i32)>> {
        pos.legal()
            .iter()
            .map(|c| {
                let mut child = *pos;
                child.play(c);
                self.guarantee(&child, seat, goal).map(|v| (c, v))
            })
            .collect()
    }

    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.node_limit.is_some_and(|l| self.nodes > l) {
            self.aborted = true;
        }
        self.aborted
    }

    /// The outcome from `pos` and every player's utility of it.
    fn maxn<F>(&mut self, pos: &SoloPosition, utility: &F) -> (SoloOutcome, [i32; SOLO_SEATS])
    where
        F: Fn(&SoloOutcome) -> [i32; SOLO_SEATS],
    {
        // (`is_over`, with the cards left counted once.)
        let left = pos.cards_left();
        if (left == 0 && pos.trick_len == 0) || self.count_node() {
            let o = pos.outcome();
            return (o, utility(&o));
        }
        if pos.trick_len == 0 && left == pos.n as u32 {
            // The last trick: every card is forced.
            let mut last = *pos;
            for _ in 0..pos.n {
                let c = last.hands[last.mover()].first().expect("one card each");
                last.play(c);
            }
            let o = last.outcome();
            return (o, utility(&o));
        }
        // The outcome from a boundary depends on the points and tricks so far (the measures
        // are of the whole deal), so they are part of the key. Two tricks before the end the
        // table is not worth its cost (the subtrees are tiny and seldom met twice).
        let key = (pos.trick_len == 0 && left > 2 * pos.n as u32).then(|| {
            let mut so_far = 0u128;
            for p in 0..pos.n {
                so_far = so_far << 16 | (pos.taken[p] as u128) << 8 | pos.tricks[p] as u128;
            }
            (pos.owners(), so_far)
        });
        if let Some(k) = key {
            if let Some(&o) = self.outcomes.get(&k) {
                return o;
            }
        }
        let me = pos.mover();
        let mut best: Option<(SoloOutcome, [i32; SOLO_SEATS])> = None;
        for c in pos.distinct_moves() {
            let mut child = *pos;
            child.play(c);
            let r = self.maxn(&child, utility);
            if self.aborted {
                return r;
            }
            if !matches!(best, Some((_, u)) if u[me] >= r.1[me]) {
                best = Some(r);
            }
        }
        let r = best.expect("a player with cards has a legal card");
        if let Some(k) = key {
            self.outcomes.insert(k, r);
        }
        r
    }

    fn paranoid(
        &mut self,
        pos: &SoloPosition,
        seat: usize,
        goal: SoloGoal,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let own = pos.taken[seat];
        let sweeper = if goal.counts_sweeps() {
            Sweeper::of(pos)
        } else {
            Sweeper::Nobody
        };
        if pos.is_over() {
            return goal.score(own, seat, sweeper);
        }
        if self.count_node() {
            return 0;
        }
        // The score lies between those of taking nothing more and everything left.
        let (lo, hi) = goal.range(own, own + pos.remaining_points(), seat, sweeper);
        if lo == hi || hi <= alpha || lo >= beta {
            return if hi <= alpha { hi } else { lo };
        }
        let key = (pos.trick_len == 0).then(|| {
            (
                pos.owners(),
                (own as u64) << 8 | (seat as u64) << 4 | goal.tag(sweeper),
            )
        });
        if let Some(k) = key {
            if let Some(&(l, h)) = self.bounds.get(&k) {
                if l >= beta || h <= alpha || l == h {
                    return if l >= beta || l == h { l } else { h };
                }
                alpha = alpha.max(l);
                beta = beta.min(h);
            }
        }
        let (a0, b0) = (alpha, beta);
        let maxing = pos.mover() == seat;
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        for c in pos.distinct_moves() {
            let mut child = *pos;
            child.play(c);
            let v = self.paranoid(&child, seat, goal, alpha, beta);
            if self.aborted {
                return 0;
            }
            if maxing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(k) = key {
            let e = self.bounds.entry(k).or_insert((i32::MIN, i32::MAX));
            if best <= a0 {
                e.1 = e.1.min(best);
            } else if best >= b0 {
                e.0 = e.0.max(best);
            } else {
                *e = (best, best);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::SeededDealer;
    use jass_core::{Suit, UndenufeEleven};

    /// Plain max^n, no table (the cards tried and the tie-break are the definition's own:
    /// equivalent cards merged, the first best card in card order).
    fn brute_outcome<F: Fn(&SoloOutcome) -> [i32; SOLO_SEATS]>(
        pos: &SoloPosition,
        utility: &F,
    ) -> SoloOutcome {
        if pos.is_over() {
            return pos.outcome();
        }
        let me = pos.mover();
        let mut best: Option<(i32, SoloOutcome)> = None;
        for c in pos.distinct_moves() {
            let mut child = *pos;
            child.play(c);
            let o = brute_outcome(&child, utility);
            let u = utility(&o)[me];
            if !matches!(best, Some((b, _)) if b >= u) {
                best = Some((u, o));
            }
        }
        best.unwrap().1
    }

    /// Plain minimax of the paranoid game, no pruning, no table.
    fn brute_guarantee(pos: &SoloPosition, seat: usize, goal: SoloGoal) -> i32 {
        if pos.is_over() {
            return goal.score(pos.taken[seat], seat, Sweeper::of(pos));
        }
        let vals = pos.legal().iter().map(|c| {
            let mut child = *pos;
            child.play(c);
            brute_guarantee(&child, seat, goal)
        });
        if pos.mover() == seat {
            vals.max().unwrap()
        } else {
            vals.min().unwrap()
        }
    }

    /// A random deal of `n` players with `per` cards each (the rest out of play), played on at
    /// random to `left` cards in the hands.
    fn random_position(
        seed: u64,
        n: usize,
        per: usize,
        left: u32,
        rules: TrickRules,
    ) -> SoloPosition {
        let pack = SeededDealer::new(seed).next_pack();
        let mut hands = vec![CardSet::EMPTY; n];
        for (i, &c) in pack.iter().take(n * per).enumerate() {
            hands[i % n].insert(c);
        }
        let mode = Mode::ALL[(seed % 6) as usize];
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        let mut pos =
            SoloPosition::new_deal(&hands, (seed % n as u64) as usize, mode, points, rules);
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while pos.cards_left() > left {
            let legal = pos.legal();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            pos.play(legal.nth((x % legal.len() as u64) as u32));
        }
        pos
    }

    /// Each player's utility: his points (with a Handjass-like threshold bonus for the test).
    fn most_points(o: &SoloOutcome) -> [i32; SOLO_SEATS] {
        o.taken.map(|t| t as i32 + if t >= 40 { 100 } else { 0 })
    }

    const RULES: [TrickRules; 3] = [TrickRules::Strict, TrickRules::Weak, TrickRules::Heading];

    #[test]
    fn outcomes_equal_plain_maxn_on_random_endgames() {
        for seed in 0..120u64 {
            let n = 2 + (seed % 4) as usize;
            let per = 36 / n;
            let left = (n as u32) * (1 + (seed % 3) as u32);
            let pos = random_position(seed, n, per, left, RULES[(seed % 3) as usize]);
            let targets = [30u32, 12, 50, 0, 20];
            let penalty = |o: &SoloOutcome| -> [i32; SOLO_SEATS] {
                std::array::from_fn(|p| -(o.taken[p] as i32 - targets[p] as i32).abs())
            };
            let mut s = SoloSolver::new();
            let got = s.outcome(&pos, &most_points).unwrap();
            assert_eq!(got, brute_outcome(&pos, &most_points), "seed {seed}");
            s.clear();
            let got = s.outcome(&pos, &penalty).unwrap();
            assert_eq!(got, brute_outcome(&pos, &penalty), "seed {seed}");
            let total: u32 = got.taken.iter().sum();
            assert_eq!(
                total,
                pos.taken.iter().sum::<u32>() + pos.remaining_points()
            );
        }
    }

    #[test]
    fn guarantees_equal_plain_minimax_on_random_endgames() {
        for seed in 0..150u64 {
            let n = 2 + (seed % 4) as usize;
            let per = 36 / n;
            let left = (n as u32) * (1 + (seed % 4) as u32).min(3);
            let pos = random_position(seed, n, per, left, RULES[(seed % 3) as usize]);
            let seat = (seed as usize / 3) % n;
            let mut s = SoloSolver::new();
            for goal in [
                SoloGoal::MostPoints,
                SoloGoal::Target(25),
                SoloGoal::Target(0),
            ] {
                let got = s.guarantee(&pos, seat, goal).unwrap();
                assert_eq!(
                    got,
                    brute_guarantee(&pos, seat, goal),
                    "seed {seed} {goal:?}"
                );
            }
        }
    }

    #[test]
    fn fewest_points_guarantees_equal_plain_minimax_with_sweeps() {
        // Short deals (two or three cards each, the rest out of play) from their first card
        // or after one trick, so that a player can still take every trick.
        let mut sweeps = 0;
        for seed in 0..160u64 {
            let n = 2 + (seed % 4) as usize;
            let per = 2 + (seed % 2) as usize;
            let played = (seed / 4 % 2) as u32 * n as u32;
            let pos = random_position(seed, n, per, (n * per) as u32 - played, TrickRules::Weak);
            let seat = (seed as usize / 3) % n;
            let mut s = SoloSolver::new();
            for goal in [
                SoloGoal::FewestPoints { sweep: None },
                SoloGoal::FewestPoints { sweep: Some(157) },
            ] {
                let got = s.guarantee(&pos, seat, goal).unwrap();
                assert_eq!(
                    got,
                    brute_guarantee(&pos, seat, goal),
                    "seed {seed} {goal:?}"
                );
                if goal.counts_sweeps() && (got == 0 || got == -157) {
                    sweeps += 1;
                }
            }
        }
        // The sweep decided some of them (a guarantee of 0 points or of being charged 157).
        assert!(sweeps > 5, "only {sweeps} guarantees decided by a sweep");
    }

    #[test]
    fn a_sweep_scores_nothing_and_charges_the_others() {
        // Hearts trump, two players with two cards each, player 0 to lead: he holds both top
        // trumps and takes both tricks whatever he plays, 20 + 14 + 11 + 0 + 5 = 50 points.
        let hands = [cards("HJ H9"), cards("HA H6")];
        let mode = Mode::Trump(Suit::H);
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        let pos = SoloPosition::new_deal(&hands, 0, mode, points, TrickRules::Weak);
        let mut s = SoloSolver::new();
        let plain = SoloGoal::FewestPoints { sweep: None };
        let sweep = SoloGoal::FewestPoints { sweep: Some(157) };
        assert_eq!(s.guarantee(&pos, 0, plain), Some(-50));
        assert_eq!(s.guarantee(&pos, 0, sweep), Some(0));
        assert_eq!(s.guarantee(&pos, 1, plain), Some(0));
        assert_eq!(s.guarantee(&pos, 1, sweep), Some(-157));
    }

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn a_hand_made_three_player_endgame() {
        // Hearts trump, three players with two cards each, player 0 to lead.
        // 0: HJ (Puur, 20) and SA (11); 1: H6 (trump, 0) and S10 (10); 2: SK (4) and D6 (0).
        // Player 0 leads the Puur: 1 must follow with H6 (a trump lead, not the Puur), 2
        // discards; 0 wins 20, then leads SA: 1 follows S10, 2 SK: 0 wins 11 + 10 + 4 + 5.
        // Leading SA first, player 1 can trump it with H6 (void? no: it holds S10 and must
        // follow), so 0 wins both tricks either way: 0 takes everything, 50 points.
        let mode = Mode::Trump(Suit::H);
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        let hands = [cards("HJ SA"), cards("H6 S10"), cards("SK D6")];
        let pos = SoloPosition::new_deal(&hands, 0, mode, points, TrickRules::Strict);
        assert_eq!(pos.remaining_points(), 20 + 11 + 10 + 4 + 5);
        let mut s = SoloSolver::new();
        assert_eq!(s.guarantee(&pos, 0, SoloGoal::MostPoints), Some(50));
        // Player 1 can be sure of nothing, player 2 neither.
        assert_eq!(s.guarantee(&pos, 1, SoloGoal::MostPoints), Some(0));
        // Aiming at 20, player 0 can be sure only of taking both tricks (30 too many).
        assert_eq!(s.guarantee(&pos, 0, SoloGoal::Target(20)), Some(-30));
        let o = s.outcome(&pos, &most_points).unwrap();
        assert_eq!(o.taken[..3], [50, 0, 0]);
        assert_eq!(o.tricks[..3], [2, 0, 0]);
    }

    #[test]
    fn a_player_aiming_low_gives_the_trick_away() {
        // Obenabe, two players, one card each left after a trick: player 0 holds SA and D6,
        // player 1 S6 and DA; player 0 leads. Aiming at 0 points, player 0 leads D6 (player 1
        // must follow with DA and wins 11), then player 1 leads S6 and player 0 must take it with
        // SA (11 + 5): at best 16. Leading SA first takes 11 at once, then D6 loses to DA: 11.
        let mode = Mode::Obenabe;
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        let hands = [cards("SA D6"), cards("S6 DA")];
        let pos = SoloPosition::new_deal(&hands, 0, mode, points, TrickRules::Weak);
        let mut s = SoloSolver::new();
        let moves = s.guarantee_moves(&pos, 0, SoloGoal::Target(0)).unwrap();
        let d6 = Card::new(Suit::D, jass_core::Rank::Six);
        let sa = Card::new(Suit::S, jass_core::Rank::Ace);
        assert_eq!(moves, vec![(d6, -16), (sa, -11)]);
        // Aiming at most points it makes no difference: 11 either way... or 16.
        let moves = s.guarantee_moves(&pos, 0, SoloGoal::MostPoints).unwrap();
        assert_eq!(moves, vec![(d6, 16), (sa, 11)]);
    }

    #[test]
    fn the_node_budget_gives_up_cleanly() {
        let pos = random_position(7, 4, 9, 36, TrickRules::Weak);
        let mut s = SoloSolver::with_node_limit(1000);
        assert_eq!(s.guarantee(&pos, 0, SoloGoal::MostPoints), None);
        assert_eq!(s.outcome(&pos, &most_points), None);
        // A small endgame within the budget still solves.
        let small = random_position(7, 4, 9, 8, TrickRules::Weak);
        let mut s = SoloSolver::with_node_limit(100_000);
        assert_eq!(
            s.guarantee(&small, 0, SoloGoal::MostPoints),
            Some(brute_guarantee(&small, 0, SoloGoal::MostPoints))
        );
    }
}

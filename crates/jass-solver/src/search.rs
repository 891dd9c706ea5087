//! The search: fail-soft alpha-beta on the points one team takes, driven by zero-window
//! searches, with a transposition table at trick boundaries (keyed by the quasi-symmetry class
//! of the position), quick-trick bounds, the last two tricks evaluated directly, and equivalent
//! cards merged.
//!
//! Inside the search a card is `suit * 16 + strength` (strength 0..9 in the mode, higher wins),
//! so that the cards of a suit form a nine-bit lane in strength order: "the cards above this
//! one", "the top card in play" and "who holds it" are a few bit operations.
//!
//! Here: the settings, the solver's API and the node function (`Core::ab`, the recursion over
//! the cards of a trick, with the transposition cut-offs and the refutation memory). Beside it:
//! `driver` (the zero-window tests and the estimate), `rules` (the rule tables on strength
//! lanes), `table` (the transposition table and quasi-symmetry), `bounds` (the quick bounds of
//! a boundary), `endgame` (the last two tricks) and `moves` (the cards to try and their order).

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
    /// 10% less time for whole deals than 16 MiB there for 1% more nodes, docs/lab/solver-history.md).
    pub tt_bits: u32,
    /// A deal that needs more than `tt_grow_nodes` nodes moves to a table of `2^tt_grow_bits`
    /// entries (its entries carried over) for the rest of the deal; the next deal starts in
    /// the small table again (default 20 bits after 1 M nodes: the hard deals need a quarter
    /// fewer nodes, the median ones keep the small table's cache; 0 or at most `tt_bits`:
    /// never). The growth depends on the node count only, so node counts stay deterministic.
    pub tt_grow_bits: u32,
    /// See [`SolverConfig::tt_grow_bits`].
    pub tt_grow_nodes: u64,
    /// When the table grows, the refutation memory grows to `2^refutation_grow_bits` slots
    /// too (default 20: 4 MiB; 0, or at most `refutation_bits`: it keeps its size), for the
    /// rest of the deal: a hard deal's hands and tricks overflow the small memory (6% fewer
    /// nodes on 22 hard deals, docs/lab/2026-11-27-solver-tail-2.md).
    pub refutation_grow_bits: u32,
    /// When the table grows, the transposition cut-off check starts at this many cards instead
    /// of [`SolverConfig::etc_min_cards`], for the rest of the deal (default 8: every fourth
    /// card whose trick leaves at least 8 cards). On a hard deal the check saves more nodes
    /// than its cost in instructions (20% fewer nodes, 1% fewer instructions on top of the
    /// memory's growth); on the median deal, which never grows, it did not pay.
    pub etc_grow_min_cards: u8,
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
            tt_grow_bits: 20,
            tt_grow_nodes: 1_000_000,
            refutation_grow_bits: 20,
            etc_grow_min_cards: 8,
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

const NONE: u8 = 0xFF;
const LANE: u64 = 0x1FF;

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
    /// The other table: the large one while the small one is in use (empty until the first
    /// deal that grows, [`SolverConfig::tt_grow_bits`]), or the small one while the large one is.
    spare: Vec<Bucket>,
    mask: usize,
    /// The node count at which the deal moves to the large table (`u64::MAX`: never, or done).
    grow_at: u64,
    /// The smaller of `node_limit` and `grow_at`: the one comparison per node.
    event_at: u64,
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
    /// The other refutation memory (as `spare` for the table; empty until a deal grows).
    ref_spare: Vec<u32>,
    /// The transposition cut-off check's threshold for this deal
    /// ([`SolverConfig::etc_min_cards`], [`SolverConfig::etc_grow_min_cards`] once it grew).
    etc_min: u8,
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
                spare: Vec::new(),
                mask: if config.use_tt {
                    (size / WAYS).max(1) - 1
                } else {
                    0
                },
                grow_at: u64::MAX,
                event_at: u64::MAX,
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
                ref_spare: Vec::new(),
                etc_min: config.etc_min_cards,
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

    /// The entries of the table in use (`2^tt_bits`, or `2^tt_grow_bits` once the deal grew
    /// it). For the tests.
    #[doc(hidden)]
    pub fn table_entries(&self) -> usize {
        self.core.tt.len() * WAYS
    }

    /// Sets the node counter and the diagnostics (histogram, stats) to zero.
    pub fn reset_nodes(&mut self) {
        if self.core.grow_at != u64::MAX {
            // The deal's growth counts from here.
            self.core.grow_at = self.core.grow_at.saturating_sub(self.core.nodes);
            self.core.event_at = self.core.grow_at.min(self.core.node_limit);
        }
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
        self.core.event_at = self.core.grow_at.min(self.core.node_limit);
        self.core.aborted = false;
        let v = search(self);
        let ok = !self.core.aborted;
        self.core.node_limit = u64::MAX;
        self.core.event_at = self.core.grow_at;
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

// (Declared after `count!`, which they use.)
mod bounds;
mod endgame;
mod moves;
mod rules;
mod table;
use moves::*;
use rules::*;
use table::*;

/// The room for the cards to try at a node (at most nine; a power of two, so that indices
/// masked with `MOVES - 1` need no bounds check).
const MOVES: usize = 16;
/// A child value not known yet (see [`Core::transposition_cutoff`]).
const UNKNOWN: i32 = i32::MIN;

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
        if self.tt.len() > self.spare.len() && !self.spare.is_empty() {
            // Back to the small table (its entries are of an earlier generation).
            std::mem::swap(&mut self.tt, &mut self.spare);
            self.mask = self.tt.len() - 1;
        }
        if self.refutations.len() > self.ref_spare.len() && !self.ref_spare.is_empty() {
            std::mem::swap(&mut self.refutations, &mut self.ref_spare);
        }
        self.etc_min = self.config.etc_min_cards;
        if self.gen + ESTIMATES >= 1 << GEN_BITS {
            self.tt.iter_mut().for_each(|b| *b = Bucket::default());
            self.refutations.iter_mut().for_each(|r| *r = 0);
            self.gen = 1;
        }
        self.deal_gen = self.gen;
        let c = &self.config;
        self.grow_at = if c.use_tt && c.tt_grow_bits > c.tt_bits.clamp(4, 30) {
            self.nodes.saturating_add(c.tt_grow_nodes)
        } else {
            u64::MAX
        };
        self.event_at = self.grow_at.min(self.node_limit);
    }

    /// The node count reached `event_at`: past the cap the search is cut short (true), else
    /// the deal moves to the large table.
    #[cold]
    #[inline(never)]
    fn node_event(&mut self) -> bool {
        if self.nodes > self.node_limit {
            self.aborted = true;
            return true;
        }
        if self.nodes > self.grow_at {
            self.grow_table();
        }
        false
    }

    /// Moves to the table of `2^tt_grow_bits` entries, with every entry of the current
    /// generation of the small one (the others are stale).
    fn grow_table(&mut self) {
        self.grow_at = u64::MAX;
        self.event_at = self.node_limit;
        let buckets = (1usize << self.config.tt_grow_bits.min(30)) / WAYS;
        let mut big = std::mem::take(&mut self.spare);
        if big.len() == buckets {
            big.iter_mut().for_each(|b| *b = Bucket::default());
        } else {
            big = new_table(buckets);
        }
        let small = std::mem::replace(&mut self.tt, big);
        self.mask = buckets - 1;
        let (kg, gh) = self.gen_key(0);
        for b in &small {
            for e in &b.0 {
                if e.key >> 62 == kg >> 62 && e.data >> 60 == gh && e.key != 0 {
                    let i = self.tt_index(e.key & !(3 << 62));
                    let slot = &mut self.tt[i].0;
                    if let Some(f) = slot.iter_mut().find(|f| f.key == 0 && f.data == 0) {
                        *f = *e;
                    }
                }
            }
        }
        self.spare = small;
        self.etc_min = self.config.etc_grow_min_cards;
        let slots = 1usize << self.config.refutation_grow_bits.min(26);
        let had = self.refutations.len();
        if had > 0 && slots > had {
            let mut big = std::mem::take(&mut self.ref_spare);
            big.resize(slots, 0);
            // Each slot of the small memory in every slot of the large one with the same low
            // bits of the hash (the others are not kept: a card kept where its key does not
            // belong only changes an order, the tag still checks most of the key).
            for (i, r) in big.iter_mut().enumerate() {
                *r = self.refutations[i & (had - 1)];
            }
            self.ref_spare = std::mem::replace(&mut self.refutations, big);
        }
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
        if self.nodes > self.event_at && self.node_event() {
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
                    // Moved to the front (a loop: the library's rotation was a call).
                    let k = moves[(j + 1) & (MOVES - 1)];
                    for i in (1..j + 2).rev() {
                        moves[i & (MOVES - 1)] = moves[(i - 1) & (MOVES - 1)];
                    }
                    moves[0] = k;
                }
            }
        }
        let maxing = (team_of(p) == self.team) != self.fewest();
        // The children the transposition cut-off check already decided (their fail-soft
        // values, the trick's points included): they are not searched again.
        let mut known = [UNKNOWN; MOVES];
        if LEN == 3 && n.left > self.etc_min && self.config.use_tt && cnt > 1 {
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
}

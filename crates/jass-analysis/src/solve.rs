//! The exact value of every legal card at a point of a deal with all hands open: the position of
//! a record's deal (each game's entry gives it, [`deal_position`]) or one typed in, solved by
//! the team solver ([`solve_team`]: points, a race to a target, a bid) or the solo solver
//! ([`SoloAnalysis`]: what the mover can be sure of, and the end when every player plays for
//! himself). Data only: the front ends word it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;

use jass_core::{Card, CardSet};
use jass_solver::{
    race_cards, MoveValues, Objective, Position, SoloGoal, SoloOutcome, SoloPosition, SoloSolver,
    Solver, SolverConfig, SOLO_SEATS,
};
use jass_table::{GameKind, GameVisitor, Record, TableGame};

pub use jass_table::{Bid, DealPoint, DealPosition, SoloAim, SoloDeal, TeamDeal};

/// The position of `record`'s deal at `at`, as its game's entry gives it
/// ([`TableGame::deal_position`]); `record` should be checked first (`Record::check`), so that
/// replaying it cannot fail half-way.
pub fn deal_position(record: &Record, at: DealPoint) -> Result<DealPosition, String> {
    struct Of<'a>(&'a Record, DealPoint);
    impl GameVisitor for Of<'_> {
        type Output = Result<DealPosition, String>;
        fn visit<G: TableGame>(self) -> Self::Output {
            G::deal_position(self.0, self.1)
        }
    }
    record.kind().visit(Of(record, at))
}

/// Why a race to a target does not apply to the deals of `kind`, or `None` if it does
/// ([`TableGame::SOLVE_RACE_REFUSED`]).
pub fn race_refused(kind: GameKind) -> Option<&'static str> {
    kind.info().solve_race_refused
}

// ----- two teams -----

/// A team deal at its position: the cards before it played.
pub struct TeamPosition {
    /// The position.
    pub pos: Position,
    /// A Misère: the points of each team's tricks go to the other team.
    pub misere: bool,
    /// The bid and what the declarer's team still needs of it.
    pub bid: Option<BidNeed>,
}

/// Where a bid stands at the position: the points the declarer's team still needs from here on
/// (the cards of the current trick count once it is complete, as the solver's values do).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidNeed {
    /// The bid.
    pub bid: Bid,
    /// The card points still needed.
    pub need: u32,
}

impl TeamPosition {
    /// The deal's start, checked, and its cards played; an error names a card that cannot be
    /// played, or says that none is left to play.
    pub fn new(deal: &TeamDeal) -> Result<TeamPosition, String> {
        let mut p = TeamPosition::start(deal)?;
        p.play(&deal.played)?;
        Ok(p)
    }

    /// The deal's first card, checked (the hands).
    pub fn start(deal: &TeamDeal) -> Result<TeamPosition, String> {
        let pos = Position::new_deal(deal.hands, deal.leader, deal.mode, deal.eleven);
        let pos = if deal.slalom {
            pos.with_slalom(deal.mode)
        } else {
            pos
        }
        .with_rules(deal.rules);
        pos.validate().map_err(|e| format!("the hands: {e}"))?;
        Ok(TeamPosition {
            pos,
            misere: deal.misere,
            bid: deal.bid.map(|bid| BidNeed {
                bid,
                need: bid.points,
            }),
        })
    }

    /// Plays `cards` in order; an error names a card that cannot be played, or says that none
    /// is left to play.
    pub fn play(&mut self, cards: &[Card]) -> Result<(), String> {
        for (i, &c) in cards.iter().enumerate() {
            let done = self
                .pos
                .try_play(c)
                .map_err(|e| format!("played card {} ({c}): {e}", i + 1))?;
            // The declarer's team's points of a completed trick count towards its bid.
            if let (Some(t), Some(b)) = (done, self.bid.as_mut()) {
                if t.winner % 2 == b.bid.team {
                    b.need = b.need.saturating_sub(t.points + t.match_bonus);
                }
            }
        }
        if self.pos.is_over() {
            return Err("every card has been played: nothing to solve".into());
        }
        Ok(())
    }

    /// The seat to move.
    pub fn seat(&self) -> u8 {
        self.pos.to_move()
    }

    /// The team whose points the values count: the mover's, or in a Misère (004) the other
    /// one, whose points the mover's team scores (and keeps low).
    pub fn counted_team(&self) -> u8 {
        (self.seat() % 2) ^ self.misere as u8
    }
}

/// The end of a game: which cards win the race to the target for the team to move (it takes
/// `need` points before the other team takes `other`; 003: a team wins as soon as it has the
/// target), and which lose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    /// The points the team to move needs.
    pub need: u32,
    /// The points the other team needs.
    pub other: u32,
    /// The cards after which the team to move gets there first.
    pub wins: CardSet,
    /// The cards after which the other team does.
    pub loses: CardSet,
}

/// What the team solver found.
pub struct TeamSolution {
    /// The points of the counted team from here on after each legal card, with best play on both
    /// sides; `None` if the node limit cut the search short.
    pub values: Option<MoveValues>,
    /// The race, if asked (and the search finished).
    pub race: Option<Race>,
    /// The bid and the cards after which the declarer's team makes it against the best defence.
    pub bid: Option<(BidNeed, CardSet)>,
    /// The time it took.
    pub seconds: f64,
    /// The search nodes it took.
    pub nodes: u64,
}

/// Solves every legal card of `p`, and the race `(need, other)` if given, within `max_nodes`
/// search nodes (0: no limit).
pub fn solve_team(p: &TeamPosition, race: Option<(u32, u32)>, max_nodes: u64) -> TeamSolution {
    // One position at a time, perhaps a whole hard deal: the 16 MiB table, which needs up to a
    // third fewer nodes than the default 2 MiB one on deals of tens of millions of nodes
    // (docs/lab/solver-history.md, "Figures").
    let mut solver = Solver::new(SolverConfig {
        tt_bits: 20,
        ..SolverConfig::default()
    });
    let pos = &p.pos;
    let start = Instant::now();
    let team = p.seat() % 2;
    if p.misere {
        solver.set_objective(Objective::FewestPoints);
    }
    let nodes_left = |solver: &Solver| match max_nodes {
        0 => u64::MAX,
        n => n.saturating_sub(solver.nodes()),
    };
    let values = if max_nodes > 0 {
        solver.try_solve_moves_for(pos, p.counted_team(), max_nodes)
    } else {
        Some(solver.solve_moves_for(pos, p.counted_team()))
    };
    // The race and the bid within what is left of the nodes; over it, no values at all.
    let (values, race) = match (values, race) {
        (Some(v), Some((need, other))) => {
            let mut budget = nodes_left(&solver);
            let wins = race_cards(&mut solver, pos, team, need, other, &mut budget);
            let loses = race_cards(&mut solver, pos, 1 - team, other, need, &mut budget);
            match wins.zip(loses) {
                Some((wins, loses)) => (
                    Some(v),
                    Some(Race {
                        need,
                        other,
                        wins,
                        loses,
                    }),
                ),
                None => (None, None),
            }
        }
        (values, _) => (values, None),
    };
    let (values, bid) = match (values, p.bid) {
        (Some(v), Some(b)) => {
            let mut budget = nodes_left(&solver);
            match bid_cards(&mut solver, pos, b, &mut budget) {
                Some(made) => (Some(v), Some((b, made))),
                None => (None, None),
            }
        }
        (values, _) => (values, None),
    };
    TeamSolution {
        values,
        race,
        bid,
        seconds: start.elapsed().as_secs_f64(),
        nodes: solver.nodes(),
    }
}

/// The legal cards of the seat to move after which the declarer's team of `b` takes the points
/// it still needs by the end of the deal, whatever the defence does (one zero-window search per
/// card: a threshold, not the most points). `None` when `budget` (search nodes, what is used is
/// taken off) does not suffice.
fn bid_cards(solver: &mut Solver, pos: &Position, b: BidNeed, budget: &mut u64) -> Option<CardSet> {
    let mut made = CardSet::EMPTY;
    for c in pos.legal_cards().iter() {
        let mut child = *pos;
        let mut need = b.need;
        if let Some(t) = child.play(c) {
            if t.winner % 2 == b.bid.team {
                need = need.saturating_sub(t.points + t.match_bonus);
            }
        }
        let makes = if child.is_over() {
            need == 0
        } else {
            let before = solver.nodes();
            let r = solver.try_reaches(&child, b.bid.team, need, *budget)?;
            *budget = budget.saturating_sub(solver.nodes() - before);
            r
        };
        if makes {
            made.insert(c);
        }
    }
    Some(made)
}

// ----- every player for himself -----

/// A solo deal at its position, ready for the solo solver.
pub struct SoloAnalysis {
    /// The deal as its game's entry gave it.
    pub deal: SoloDeal,
    /// The solver's position.
    pub pos: SoloPosition,
    extra: [u32; SOLO_SEATS],
}

/// One legal card's values.
pub struct SoloCard {
    /// The card.
    pub card: Card,
    /// What the mover can be sure of against all the others: with [`SoloAim::Announced`] the
    /// smallest miss of his announcement, with [`SoloAim::Marks`] the most points (cards, Weis,
    /// Stöck), with [`SoloAim::Fewest`] the fewest points (a sweep's 0 or its charge included),
    /// with [`SoloAim::Lines`] the fewest cards of the suit.
    pub guarantee: u32,
    /// How the deal ends when every player plays for himself (max^n), per player.
    pub end: Vec<SoloEnd>,
}

/// A player's end of the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloEnd {
    /// His real seat.
    pub seat: u8,
    /// His final points: cards, Weis and Stöck ([`SoloAim::Fewest`]: the deal's points, a
    /// sweep's 0 or its charge instead of the cards; [`SoloAim::Lines`]: the cards of the suit).
    pub points: u32,
    /// His tricks.
    pub tricks: u8,
    /// His measure (higher is better): minus the penalty ([`SoloAim::Announced`]), strokes minus
    /// potatoes ([`SoloAim::Marks`]), minus the points ([`SoloAim::Fewest`]), his lines
    /// times the others' number less their lines ([`SoloAim::Lines`]).
    pub score: i32,
    /// His strokes and potatoes ([`SoloAim::Marks`]).
    pub marks: Option<(u32, u32)>,
    /// His lines ([`SoloAim::Lines`]).
    pub lines: Option<u32>,
}

/// What the solo solver found.
pub struct SoloSolution {
    /// Every legal card, best first (the smallest sure miss, the most or the fewest sure points;
    /// in lines the mover's lines against the others' when every player plays for himself); `None` if
    /// the node limit cut the search short.
    pub cards: Option<Vec<SoloCard>>,
    /// The time it took.
    pub seconds: f64,
    /// The search nodes it took.
    pub nodes: u64,
}

impl SoloAnalysis {
    /// The solver's position of `deal`; an error if the engine's legal cards are not all cards
    /// the solver can play (a guard, never expected).
    pub fn new(deal: SoloDeal) -> Result<SoloAnalysis, String> {
        let n = deal.seats.len();
        if !(2..=SOLO_SEATS).contains(&n) {
            return Err(format!(
                "{n} players: the solo solver takes 2 to {SOLO_SEATS}"
            ));
        }
        let mut pos =
            SoloPosition::new_deal(&deal.hands, deal.leader, deal.mode, deal.points, deal.rules);
        pos.last_bonus = deal.last_bonus;
        pos.trick[..deal.trick.len()].copy_from_slice(&deal.trick);
        pos.trick_len = deal.trick.len();
        pos.taken[..n].copy_from_slice(&deal.taken);
        pos.tricks[..n].copy_from_slice(&deal.tricks);
        let mut extra = [0; SOLO_SEATS];
        extra[..n].copy_from_slice(&deal.extra);
        let seat = deal.seats[pos.mover()];
        if deal.legal.is_empty() || !(deal.legal - pos.legal()).is_empty() {
            return Err(format!(
                "the solver and the engine disagree on the legal cards of seat {seat} ({} against {})",
                pos.legal(),
                deal.legal
            ));
        }
        Ok(SoloAnalysis { deal, pos, extra })
    }

    /// The real seat to move.
    pub fn seat(&self) -> u8 {
        self.deal.seats[self.pos.mover()]
    }

    /// The real seat that led the trick in progress or leads the next one.
    pub fn trick_leader(&self) -> u8 {
        self.deal.seats[self.deal.leader]
    }

    /// Solves every legal card within `max_nodes` search nodes (0: no limit).
    pub fn solve(&self, max_nodes: u64) -> SoloSolution {
        let mut solver = match max_nodes {
            0 => SoloSolver::new(),
            n => SoloSolver::with_node_limit(n),
        };
        let utility = Utility {
            analysis: self,
            cache: RefCell::new(HashMap::new()),
        };
        let start = Instant::now();
        let mut cards = Some(Vec::new());
        for card in self.deal.legal {
            let mut child = self.pos;
            child.play(card);
            let g = self.guarantee(&mut solver, &child);
            let o = g.and_then(|_| solver.outcome(&child, &|o: &SoloOutcome| utility.of(o)));
            let (Some(guarantee), Some(outcome), Some(list)) = (g, o, cards.as_mut()) else {
                cards = None;
                break;
            };
            list.push(SoloCard {
                card,
                guarantee,
                end: utility.end(&outcome),
            });
        }
        let seconds = start.elapsed().as_secs_f64();
        if let Some(list) = cards.as_mut() {
            match self.deal.aim {
                SoloAim::Announced { .. } | SoloAim::Fewest { .. } => {
                    list.sort_by_key(|r| r.guarantee)
                }
                // The fewest cards of the suit is not the aim (all nine make the Turi): the
                // lines when every player plays for himself first.
                SoloAim::Lines { .. } => {
                    let me = self.pos.mover();
                    list.sort_by_key(|r| (std::cmp::Reverse(r.end[me].score), r.guarantee))
                }
                SoloAim::Marks { .. } => list.sort_by_key(|r| std::cmp::Reverse(r.guarantee)),
            }
        }
        SoloSolution {
            cards,
            seconds,
            nodes: solver.nodes(),
        }
    }

    /// The guarantee of the mover after `child`: see [`SoloCard::guarantee`].
    fn guarantee(&self, solver: &mut SoloSolver, child: &SoloPosition) -> Option<u32> {
        let me = self.pos.mover();
        let extra = self.extra[me];
        match &self.deal.aim {
            SoloAim::Announced { announced, .. } => {
                let ann = announced[me];
                if ann >= extra {
                    // |cards + extra − ann| = |cards − (ann − extra)|.
                    let v = solver.guarantee(child, me, SoloGoal::Target(ann - extra))?;
                    Some(v.unsigned_abs())
                } else {
                    // Weis and Stöck alone pass the announcement: the fewest card points is
                    // best, and Target(0) scores exactly minus the card points.
                    let v = solver.guarantee(child, me, SoloGoal::Target(0))?;
                    Some(v.unsigned_abs() + (extra - ann))
                }
            }
            SoloAim::Marks { .. } => {
                let v = solver.guarantee(child, me, SoloGoal::MostPoints)?;
                Some(v as u32 + extra)
            }
            &SoloAim::Fewest { sweep } => {
                let v = solver.guarantee(child, me, SoloGoal::FewestPoints { sweep })?;
                Some(v.unsigned_abs() + extra)
            }
            SoloAim::Lines { .. } => {
                let v = solver.guarantee(child, me, SoloGoal::FewestPoints { sweep: None })?;
                Some(v.unsigned_abs())
            }
        }
    }
}

/// Each player's measure of an outcome (higher is better), memoised by the points where the
/// engine scores them (its scoring runs on a copy of its state).
struct Utility<'a> {
    analysis: &'a SoloAnalysis,
    cache: RefCell<HashMap<[u32; SOLO_SEATS], [i32; SOLO_SEATS]>>,
}

impl Utility<'_> {
    /// Final points of each player: card points and the deal's Weis and Stöck; with
    /// [`SoloAim::Fewest`] and a sweep, 0 to the player who took every trick and the charge to
    /// every other.
    fn points(&self, o: &SoloOutcome) -> [u32; SOLO_SEATS] {
        let n = self.analysis.pos.n;
        let all: u8 = o.tricks[..n].iter().sum();
        let swept = match self.analysis.deal.aim {
            SoloAim::Fewest { sweep: Some(x) } => {
                (0..n).find(|&i| o.tricks[i] == all).map(|i| (i, x))
            }
            _ => None,
        };
        std::array::from_fn(|i| match swept {
            Some((p, _)) if p == i => 0,
            Some((_, x)) if i < n => x,
            _ => o.taken[i] + self.analysis.extra[i],
        })
    }

    /// Strokes and potatoes of each player, if the aim is the most points.
    fn marks(&self, o: &SoloOutcome) -> Option<Vec<(u32, u32)>> {
        let SoloAim::Marks { marks, .. } = &self.analysis.deal.aim else {
            return None;
        };
        Some(marks(&self.points(o)[..self.analysis.pos.n]))
    }

    /// Lines of each player, if the aim is lines.
    fn lines(&self, o: &SoloOutcome) -> Option<Vec<u32>> {
        let SoloAim::Lines { lines } = &self.analysis.deal.aim else {
            return None;
        };
        Some(lines(&self.points(o)[..self.analysis.pos.n]))
    }

    fn of(&self, o: &SoloOutcome) -> [i32; SOLO_SEATS] {
        let points = self.points(o);
        let n = self.analysis.pos.n;
        match &self.analysis.deal.aim {
            SoloAim::Announced { announced, penalty } => std::array::from_fn(|i| {
                if i < n {
                    -penalty(announced[i], points[i], o.tricks[i])
                } else {
                    0
                }
            }),
            SoloAim::Fewest { .. } => {
                std::array::from_fn(|i| if i < n { -(points[i] as i32) } else { 0 })
            }
            SoloAim::Lines { .. } => {
                // His lines against the others', as the sampling player plays for them.
                let lines = self.lines(o).unwrap_or_default();
                let all: i32 = lines.iter().map(|&l| l as i32).sum();
                std::array::from_fn(|i| match lines.get(i) {
                    Some(&l) => l as i32 * (n as i32 - 1) - (all - l as i32),
                    None => 0,
                })
            }
            SoloAim::Marks { .. } => {
                if let Some(u) = self.cache.borrow().get(&o.taken) {
                    return *u;
                }
                let mut u = [0; SOLO_SEATS];
                for (i, (strokes, potatoes)) in
                    self.marks(o).unwrap_or_default().into_iter().enumerate()
                {
                    u[i] = strokes as i32 - potatoes as i32;
                }
                self.cache.borrow_mut().insert(o.taken, u);
                u
            }
        }
    }

    fn end(&self, o: &SoloOutcome) -> Vec<SoloEnd> {
        let points = self.points(o);
        let score = self.of(o);
        let marks = self.marks(o);
        let lines = self.lines(o);
        self.analysis
            .deal
            .seats
            .iter()
            .enumerate()
            .map(|(i, &seat)| SoloEnd {
                seat,
                points: points[i],
                tricks: o.tricks[i],
                score: score[i],
                marks: marks.as_ref().map(|m| m[i]),
                lines: lines.as_ref().map(|l| l[i]),
            })
            .collect()
    }
}

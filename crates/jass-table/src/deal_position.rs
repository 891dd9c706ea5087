//! A point of a recorded deal as the double-dummy solvers see it ([`DealPosition`]): what each
//! game's entry gives `jass solve` and any front end's analysis ([`TableGame::deal_position`];
//! `jass_analysis::solve` solves it). In the rules core's terms, so that the table needs no
//! solver.
//!
//! [`TableGame::deal_position`]: crate::TableGame::deal_position

use jass_core::card_play_game::{CardPlayGame, CardPlayRecord};
use jass_core::mode::LAST_TRICK_BONUS;
use jass_core::record::{ActionEntry, GameRecord, RecordedGame};
use jass_core::{Card, CardSet, Mode, PlaysCard, PointTable, ToMove, TrickRules, UndenufeEleven};

/// Which point of which record: record `game` of a file, its deal `deal` (both 1-based) after
/// `cards` cards of its card play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealPoint {
    /// The record in the file (1-based), for messages.
    pub game: usize,
    /// The deal in the record (1-based).
    pub deal: usize,
    /// The cards of the deal's card play played before the position.
    pub cards: usize,
}

/// A point of a deal's card play, as one of the two solvers sees it.
pub enum DealPosition {
    /// Two teams, seats `s` and `s + 2`, each taking card points (Schieber's card play).
    Teams(TeamDeal),
    /// Every player for himself (2 to 5 players), each measured by his game's own aim.
    Solo(SoloDeal),
}

/// A deal of two teams from its first card, and the cards played since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamDeal {
    /// The hands as dealt, seats 0..3.
    pub hands: [CardSet; 4],
    /// The seat that leads the first trick.
    pub leader: u8,
    /// The trump mode (a Slalom's first direction).
    pub mode: Mode,
    /// A Slalom: the direction changes every trick.
    pub slalom: bool,
    /// A Misère (004): the points of each team's tricks go to the other team.
    pub misere: bool,
    /// Which card counts 11 in Undenufe.
    pub eleven: UndenufeEleven,
    /// The trick rules.
    pub rules: TrickRules,
    /// The cards played before the position, in order.
    pub played: Vec<Card>,
    /// A bid the declarer's team must make (Sidi Barrani).
    pub bid: Option<Bid>,
}

/// A bid: the declarer's team makes it with at least `points` card points in the deal. 001
/// (Sidi Barrani): "The 5 points for the last trick and the 100-point Match bonus for winning all
/// nine tricks count towards fulfilling the bid, but points for Weis and Stöck do not."
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bid {
    /// The declarer's team.
    pub team: u8,
    /// The card points it bid.
    pub points: u32,
}

/// A deal where every player is for himself, at the position, with what the game's engine knows
/// beyond the cards. Per player: index `i` is the `i`-th player in playing order, at real seat
/// `seats[i]`.
pub struct SoloDeal {
    /// The real seat of each player who plays the cards, in playing order.
    pub seats: Vec<u8>,
    /// The cards each player holds.
    pub hands: Vec<CardSet>,
    /// The player who led the trick in progress or leads the next one.
    pub leader: usize,
    /// The trump mode.
    pub mode: Mode,
    /// Its card points.
    pub points: PointTable,
    /// The trick rules.
    pub rules: TrickRules,
    /// The points for the last trick.
    pub last_bonus: u32,
    /// The cards of the trick in progress.
    pub trick: Vec<Card>,
    /// Card points each player has taken so far.
    pub taken: Vec<u32>,
    /// Tricks each player has taken so far.
    pub tricks: Vec<u8>,
    /// Weis and Stöck each player scores in this deal beyond his card points.
    pub extra: Vec<u32>,
    /// The engine's legal cards of the player to move (the engine may know rules the solver
    /// does not: in Handjass the blind taker may not lead the face-up card).
    pub legal: CardSet,
    /// What each player aims at.
    pub aim: SoloAim,
}

/// Each player's strokes and potatoes for every player's final points.
pub type MarksOf = Box<dyn Fn(&[u32]) -> Vec<(u32, u32)>>;

/// How a solo deal's end is measured, for every player.
pub enum SoloAim {
    /// Each player announced his points (Differenzler); `penalty(announced, points, tricks)`
    /// scores his miss, the fewest best.
    Announced {
        /// Each player's announcement.
        announced: Vec<u32>,
        /// The penalty of a player's final points and tricks.
        penalty: Box<dyn Fn(u32, u32, u8) -> i32>,
    },
    /// The most points (Handjass): `marks(points)` gives each player's strokes and potatoes for
    /// every player's final points (cards, Weis, Stöck), as the engine scores the deal.
    Marks {
        /// Below it a player gets a potato.
        threshold: u32,
        /// Each player's strokes and potatoes.
        marks: MarksOf,
    },
    /// The fewest points (Hindersi). With `sweep`, a player who takes every trick scores 0 and
    /// every other player `sweep`.
    Fewest {
        /// What every other player scores when one takes every trick.
        sweep: Option<u32>,
    },
    /// Lines for the cards of one suit taken (Schellenjass): the deal's points count those
    /// cards (its point table), and `lines(counts)` gives each player's lines for every
    /// player's count, as the engine writes them; each player plays for his lines against the
    /// others', and can be sure of taking at most so many of the cards.
    Lines {
        /// Each player's lines.
        lines: LinesOf,
    },
}

/// Each player's lines for every player's count of the cards of the suit.
pub type LinesOf = Box<dyn Fn(&[u32]) -> Vec<u32>>;

/// The index of `at.deal` among a record's `count` deals.
pub(crate) fn deal_index(at: DealPoint, count: usize) -> Result<usize, String> {
    if count == 0 {
        return Err(format!("record {} has no deals: nothing to solve", at.game));
    }
    at.deal
        .checked_sub(1)
        .filter(|&i| i < count)
        .ok_or_else(|| {
            format!(
                "--deal {}: the game has {count} deal(s); give 1 to {count}",
                at.deal
            )
        })
}

/// `at.cards` for a deal with `played` cards of card play: it must leave a card to play.
pub(crate) fn check_cards(at: DealPoint, played: usize) -> Result<(), String> {
    match played {
        0 => Err(format!(
            "deal {} has no card play (no card was played)",
            at.deal
        )),
        _ if at.cards >= played => Err(format!(
            "--cards {}: deal {} has {played} cards of card play; give 0 to {}",
            at.cards,
            at.deal,
            played - 1
        )),
        _ => Ok(()),
    }
}

/// The first `at.cards` of the cards played in a deal, in order.
pub(crate) fn first_cards(
    at: DealPoint,
    played: impl Iterator<Item = Card>,
) -> Result<Vec<Card>, String> {
    let played: Vec<Card> = played.collect();
    check_cards(at, played.len())?;
    Ok(played[..at.cards].to_vec())
}

/// A record replayed through its engine to a point of a deal.
pub(crate) struct ReplayedTo<G> {
    /// The state at the point.
    pub now: G,
    /// The state at the deal's end in the record (what the deal's declarations give).
    pub end: G,
    /// The seat to play.
    pub mover: u8,
}

/// Replays `rec` through its engine: the deals before `at.deal`, then that deal's entries before
/// its (`at.cards` + 1)-th card (the mover's Weis declaration comes before his card), checking
/// `at` against the record.
pub(crate) fn replay_to_card<G: RecordedGame>(
    rec: &GameRecord<G>,
    at: DealPoint,
) -> Result<ReplayedTo<G>, String> {
    let di = deal_index(at, rec.deals.len())?;
    let mut g = G::new_game(rec.options).map_err(|e| format!("options: {e}"))?;
    let apply = |g: &mut G, e: &ActionEntry<G::Recorded>| -> Result<(), String> {
        // `None`: the Stöck the engine counts itself.
        match G::action_of(e.action) {
            Some(a) => g.apply(a).map_err(|e| format!("replaying the record: {e}")),
            None => Ok(()),
        }
    };
    for (i, d) in rec.deals.iter().enumerate().take(di + 1) {
        let cards = g
            .recorded_deal(d)
            .and_then(|cards| g.apply_deal(cards).map_err(|e| e.to_string()))
            .map_err(|e| format!("replaying deal {}: {e}", i + 1));
        cards?;
        if i < di {
            for e in &d.actions {
                apply(&mut g, e)?;
            }
        }
    }
    let is_play = |e: &&ActionEntry<G::Recorded>| {
        G::action_of(e.action).is_some_and(|a| a.played_card().is_some())
    };
    let entries = &rec.deals[di].actions;
    check_cards(at, entries.iter().filter(is_play).count())?;
    let mut seen = 0;
    let mut rest = entries.iter().peekable();
    while let Some(e) = rest.peek() {
        if is_play(e) {
            if seen == at.cards {
                break;
            }
            seen += 1;
        }
        apply(&mut g, e)?;
        rest.next();
    }
    let mut end = g.clone();
    for e in rest {
        apply(&mut end, e)?;
    }
    let ToMove::Seat(mover) = g.to_move() else {
        return Err(format!(
            "deal {}: nobody is to play after {} cards",
            at.deal, at.cards
        ));
    };
    Ok(ReplayedTo {
        now: g,
        end,
        mover: mover as u8,
    })
}

/// The index among `seats` (in playing order) of the player who led the trick in progress, of
/// which `trick_len` cards lie, `mover` to play.
pub(crate) fn leader_index(seats: &[u8], mover: u8, trick_len: usize) -> Result<usize, String> {
    let i = seats
        .iter()
        .position(|&s| s == mover)
        .ok_or_else(|| format!("seat {mover} is to play but does not play this deal"))?;
    Ok((i + seats.len() * 2 - trick_len) % seats.len())
}

/// A point of a card-play game's deal ([`CardPlayGame`]: every seat plays, each for himself),
/// the record replayed through the engine: the state there, and the deal as the solo solver takes
/// it: the seats, hands, trick, leader, tricks taken, legal cards and the game's trick rules.
/// What it counts is the game's to give (`mode`, `points`, `last_bonus`, `taken`, `aim`); until it
/// does, the card points of Obenabe with the last trick's 5, nothing taken, the fewest best.
pub(crate) fn card_play_point<R: CardPlayRecord>(
    rec: &GameRecord<CardPlayGame<R>>,
    at: DealPoint,
) -> Result<(CardPlayGame<R>, SoloDeal), String> {
    let ReplayedTo { now: g, mover, .. } = replay_to_card(rec, at)?;
    let n = g.players() as usize;
    let seats: Vec<u8> = (0..n as u8).collect();
    let trick = g.current_trick().to_vec();
    let leader = leader_index(&seats, mover, trick.len())?;
    let mut tricks = vec![0u8; n];
    for t in 0..g.tricks_done() {
        tricks[g.completed_trick(t).2 as usize] += 1;
    }
    let deal = SoloDeal {
        hands: (0..n).map(|s| g.hand(s)).collect(),
        leader,
        mode: Mode::Obenabe,
        points: PointTable::new(Mode::Obenabe, UndenufeEleven::Ace),
        rules: R::TRICK_RULES,
        last_bonus: LAST_TRICK_BONUS,
        trick,
        taken: vec![0; n],
        tricks,
        extra: vec![0; n],
        legal: g.legal_cards(),
        seats,
        aim: SoloAim::Fewest { sweep: None },
    };
    Ok((g, deal))
}

//! Plays one whole game at a table: any mix of computer players and JSON seats, every step reported
//! to a watcher, resumable from the actions already taken, the record at the end.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use crate::Record;
use jass_core::{ActionList, Decision, Player, ToMove, Visibility};
use serde::Serialize;
use serde_json::Value;

use crate::adapter::TableGame;
use crate::bots::bot;
use crate::external::GameInfo;
use crate::kind::GameSpec;
use crate::registry::GameVisitor;
use crate::request::{match_answer, JsonPlayer, JsonSeat};
use crate::view::TableView;

/// Who plays a seat.
pub enum SeatPlayer {
    /// A computer player by name (`random`, `rule`, `sampling`).
    Bot(String),
    /// Anything that answers JSON requests (a person, a program, a remote client).
    Json(Box<dyn JsonPlayer>),
}

/// The table as it stands before a step: what every seat sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    /// Decisions taken so far in the game.
    pub step: usize,
    /// The decisions taken so far that the other seats learned of (all but the
    /// [`Visibility::Silent`] ones): the step to show at a table, where a gap would tell that a
    /// seat was asked something it keeps to itself.
    pub public_step: usize,
    /// The seat to act, if a seat is to act.
    pub to_move: Option<usize>,
    /// The decisions each seat has taken so far (index = seat; a seat may be told only its
    /// own): the seat to act is asked its decision number `decisions[seat] + 1`, which a
    /// client echoes so that an answer meant for an earlier decision is not taken for this one.
    pub decisions: Vec<usize>,
    /// The legal actions of the seat to act (empty otherwise).
    pub legal: Vec<Value>,
    /// The view of every seat (index = seat).
    pub views: Vec<Value>,
    /// What every player at the table sees (no hand): the spectators' view
    /// ([`jass_core::Game::public_view_json`]).
    pub public: Value,
    /// What every front end draws beside the cards: the sides and what each has taken so far
    /// in the deal (public).
    pub table: TableView,
    /// True once the game is over.
    pub over: bool,
}

/// A JSON seat's answer that could not be used, and what was played instead.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fallback {
    /// The decision's number in the game.
    pub step: usize,
    /// Its number as the table shows it ([`Snapshot::public_step`]).
    pub public_step: usize,
    /// The seat.
    pub seat: usize,
    /// What was wrong.
    pub reason: String,
    /// The action played in its place (the rule player's choice).
    pub played: Value,
    /// `played` as the other seats learn of it (see [`Event::Acted`]'s `public`).
    pub played_public: Option<Value>,
}

/// What the watcher of a table is told.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Event {
    /// The state before the next step (after a deal or an action), and at the end.
    Snapshot(Snapshot),
    /// A seat acted (in order; `step` counts from 0).
    Acted {
        /// The decision's number in the game.
        step: usize,
        /// Its number as the table shows it ([`Snapshot::public_step`]; a silent action shares
        /// it with the next one).
        public_step: usize,
        /// Who acted.
        seat: usize,
        /// What was done, in record notation.
        action: Value,
        /// What the other seats learn of it ([`jass_core::Game::action_visibility`]): the action,
        /// only its kind (`{"action":"weis"}`), or nothing (`None`).
        public: Option<Value>,
    },
    /// A JSON seat's answer was replaced.
    Fallback(Fallback),
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct TableOutcome {
    /// The game's record.
    pub record: Record,
    /// Every decision in order (what [`run_table`] takes to resume).
    pub actions: Vec<Value>,
    /// Every answer that was replaced.
    pub fallbacks: Vec<Fallback>,
}

/// Plays a game of `spec` with the deals drawn from `seed`, one player per seat. The first
/// `resume.len()` decisions are taken from `resume` (the `actions` of an earlier, interrupted run
/// with the same spec and seed) without asking anyone; snapshots start after them. `on_event` sees
/// every step. Fails, changing nothing outside, on a wrong seat count, an unknown bot or a resume
/// entry that is not legal where it stands.
pub fn run_table(
    spec: &GameSpec,
    seed: u64,
    seats: Vec<SeatPlayer>,
    resume: &[Value],
    on_event: &mut dyn FnMut(Event),
) -> Result<TableOutcome, String> {
    match run_kind(spec, seed, seats, resume, on_event, false)? {
        Ending::Over(outcome) => Ok(*outcome),
        Ending::Suggested(_) => Err("the table stopped before the game was over".into()),
    }
}

/// What computer player `bot` would do at the decision after `actions` in a game of `spec` dealt
/// from `seed` (a hint): the game is rebuilt from `actions` without asking anyone, the seat to act
/// is asked once, and nothing is played past it. `Ok(None)` when the game is over after
/// `actions`; an error for an unknown bot or an action that is not legal where it stands.
pub fn suggest(
    spec: &GameSpec,
    seed: u64,
    actions: &[Value],
    bot: &str,
) -> Result<Option<Value>, String> {
    let seats = (0..spec.seats())
        .map(|_| SeatPlayer::Bot(bot.to_string()))
        .collect();
    match run_kind(spec, seed, seats, actions, &mut |_| {}, true)? {
        Ending::Over(_) => Ok(None),
        Ending::Suggested(action) => Ok(Some(action)),
    }
}

/// How [`run`] ended: the game played out, or stopped at [`suggest`]'s decision.
enum Ending {
    Over(Box<TableOutcome>),
    Suggested(Value),
}

fn run_kind(
    spec: &GameSpec,
    seed: u64,
    seats: Vec<SeatPlayer>,
    resume: &[Value],
    on_event: &mut dyn FnMut(Event),
    stop_after_resume: bool,
) -> Result<Ending, String> {
    struct Run<'a> {
        spec: &'a GameSpec,
        seed: u64,
        seats: Vec<SeatPlayer>,
        resume: &'a [Value],
        on_event: &'a mut dyn FnMut(Event),
        stop_after_resume: bool,
    }
    impl GameVisitor for Run<'_> {
        type Output = Result<Ending, String>;
        fn visit<G: TableGame>(self) -> Self::Output {
            run::<G>(
                self.spec,
                self.seed,
                self.seats,
                self.resume,
                self.on_event,
                self.stop_after_resume,
            )
        }
    }
    spec.kind.visit(Run {
        spec,
        seed,
        seats,
        resume,
        on_event,
        stop_after_resume,
    })
}

/// What the seats of one table share while the game runs (one thread: `Rc<RefCell<…>>`).
#[derive(Default)]
struct Shared {
    resume: VecDeque<Value>,
    resume_error: Option<String>,
    step: usize,
    /// The steps the other seats learned of ([`Snapshot::public_step`]).
    public_step: usize,
    /// The decisions each seat has taken ([`Snapshot::decisions`]).
    decisions: Vec<usize>,
    pending: Vec<Event>,
    actions: Vec<Value>,
    fallbacks: Vec<Fallback>,
    /// [`suggest`]: the first decision not in `resume` is asked and the game stops there.
    stop_after_resume: bool,
    /// That decision's action.
    suggested: Option<Value>,
}

enum Inner<G: TableGame> {
    Native(Box<dyn Player<G>>),
    Json(JsonSeat<G>),
}

/// An action (`json`, in record notation) as the other seats learn of it: in full, only its
/// kind, or not at all.
fn seen_by_others(visibility: Visibility, json: &Value) -> Option<Value> {
    match visibility {
        Visibility::Public => Some(json.clone()),
        Visibility::KindOnly => Some(match json.get("action") {
            Some(kind) => serde_json::json!({ "action": kind }),
            None => serde_json::json!({}),
        }),
        Visibility::Silent => None,
    }
}

/// Unwinds [`run`]'s game at a resume entry that is not a legal action (not a panic: no hook
/// runs).
struct ResumeFailed;

/// Unwinds [`run`]'s game after [`suggest`]'s decision (nothing is played past it).
struct Suggested;

/// One seat at the table: answers from the resume log first, then from its player.
struct TableSeat<G: TableGame> {
    seat: usize,
    inner: Inner<G>,
    shared: Rc<RefCell<Shared>>,
    /// Why the last action was the fallback's, until the record takes it.
    replaced: Option<String>,
}

impl<G: TableGame> Player<G> for TableSeat<G> {
    fn name(&self) -> String {
        match &self.inner {
            Inner::Native(p) => p.name(),
            Inner::Json(seat) => seat.name(),
        }
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let (step, public_step) = {
            let sh = self.shared.borrow();
            (sh.step, sh.public_step)
        };
        let resumed = self.shared.borrow_mut().resume.pop_front();
        let asked = resumed.is_none();
        let mut replaced = None;
        let action = if let Some(entry) = resumed {
            let legal: Vec<Value> = decision.legal.iter().map(G::action_json).collect();
            match match_answer(&entry, &legal) {
                Ok(i) => decision.legal.get(i),
                Err(e) => {
                    let mut sh = self.shared.borrow_mut();
                    sh.resume_error = Some(format!("resume entry {step}: {e}"));
                    sh.resume.clear();
                    drop(sh);
                    // The game stops here: nothing is played past the damaged entry, nobody
                    // is asked, nothing is reported (`run` turns this into its error).
                    std::panic::resume_unwind(Box::new(ResumeFailed));
                }
            }
        } else {
            match &mut self.inner {
                Inner::Native(p) => p.act(decision),
                Inner::Json(seat) => {
                    let (a, why) = seat.decide(decision);
                    replaced = why;
                    a
                }
            }
        };
        let json = G::action_json(action);
        if asked && self.shared.borrow().stop_after_resume {
            self.shared.borrow_mut().suggested = Some(json);
            std::panic::resume_unwind(Box::new(Suggested));
        }
        let public = seen_by_others(decision.visibility(action), &json);
        let mut sh = self.shared.borrow_mut();
        if let Some(reason) = replaced {
            let fb = Fallback {
                step,
                public_step,
                seat: self.seat,
                reason: reason.clone(),
                played: json.clone(),
                played_public: public.clone(),
            };
            sh.fallbacks.push(fb.clone());
            sh.pending.push(Event::Fallback(fb));
            self.replaced = Some(reason);
        }
        sh.actions.push(json.clone());
        if public.is_some() {
            sh.public_step += 1;
        }
        sh.pending.push(Event::Acted {
            step,
            public_step,
            seat: self.seat,
            action: json,
            public,
        });
        sh.step += 1;
        sh.decisions[self.seat] += 1;
        action
    }

    fn take_fallback(&mut self) -> Option<String> {
        self.replaced.take()
    }

    fn game_over(&mut self, record: &Value) {
        match &mut self.inner {
            Inner::Native(p) => p.game_over(record),
            Inner::Json(seat) => seat.game_over(record),
        }
    }

    fn wants_game_over(&self) -> bool {
        match &self.inner {
            Inner::Native(p) => p.wants_game_over(),
            Inner::Json(seat) => seat.wants_game_over(),
        }
    }
}

/// Tells `players` that the game is over ([`Player::game_over`]: a bot program hears
/// `game_over` with the record, then `bye`); `record` is built only if one of them listens.
pub fn tell_game_over<G: jass_core::Game>(
    players: &mut [Box<dyn Player<G>>],
    record: impl FnOnce() -> Record,
) {
    if players.iter().any(|p| p.wants_game_over()) {
        let json = serde_json::to_value(record()).unwrap_or(Value::Null);
        for p in players.iter_mut() {
            p.game_over(&json);
        }
    }
}

fn run<G: TableGame>(
    spec: &GameSpec,
    seed: u64,
    seats: Vec<SeatPlayer>,
    resume: &[Value],
    on_event: &mut dyn FnMut(Event),
    stop_after_resume: bool,
) -> Result<Ending, String> {
    let options = G::options(spec).map_err(|e| e.0)?;
    if seats.len() != spec.seats() {
        return Err(format!(
            "a {} table has {} seats, got {} players",
            G::KIND.name(),
            spec.seats(),
            seats.len()
        ));
    }
    let shared = Rc::new(RefCell::new(Shared {
        resume: resume.iter().cloned().collect(),
        stop_after_resume,
        decisions: vec![0; seats.len()],
        ..Shared::default()
    }));
    let mut players: Vec<Box<dyn Player<G>>> = Vec::with_capacity(seats.len());
    for (seat, sp) in seats.into_iter().enumerate() {
        let inner = match sp {
            SeatPlayer::Bot(name) => Inner::Native(bot::<G>(&name, &options, seat, seed)?),
            SeatPlayer::Json(mut player) => {
                player.start(&GameInfo::new(G::KIND, spec.options.clone(), seat));
                Inner::Json(JsonSeat::new(player, &options))
            }
        };
        players.push(Box::new(TableSeat {
            seat,
            inner,
            shared: Rc::clone(&shared),
            replaced: None,
        }));
    }
    let n = players.len();
    let mut legal = ActionList::new();
    let watch_shared = Rc::clone(&shared);
    let mut watch = |state: &G| {
        let mut sh = watch_shared.borrow_mut();
        for e in sh.pending.drain(..).collect::<Vec<_>>() {
            if sh.resume.is_empty() {
                on_event(e);
            }
        }
        if !sh.resume.is_empty() {
            return;
        }
        let to_move = match state.to_move() {
            ToMove::Seat(s) => Some(s),
            _ => None,
        };
        state.legal_actions(&mut legal);
        let public = state.public_view_json();
        let snapshot = Snapshot {
            step: sh.step,
            public_step: sh.public_step,
            to_move,
            decisions: sh.decisions.clone(),
            legal: if to_move.is_some() {
                legal.iter().map(G::action_json).collect()
            } else {
                Vec::new()
            },
            views: (0..n).map(|s| state.view_json(s)).collect(),
            table: state.table_view(n),
            public,
            over: state.is_terminal(),
        };
        drop(sh);
        on_event(Event::Snapshot(snapshot));
    };
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        G::play(options, seed, &mut players, &mut watch)
    }));
    let record = match played {
        Ok(record) => record,
        Err(p) if p.is::<ResumeFailed>() => {
            let e = shared.borrow_mut().resume_error.take().unwrap_or_default();
            return Err(format!("cannot resume this game: {e}"));
        }
        Err(p) if p.is::<Suggested>() => {
            let action = shared.borrow_mut().suggested.take();
            return action
                .map(Ending::Suggested)
                .ok_or_else(|| "no action was suggested".to_string());
        }
        // Not ours (a caller's own unwinding, such as a server stopping its tables).
        Err(p) => std::panic::resume_unwind(p),
    };
    drop(watch_shared);
    let record = record?;
    tell_game_over(&mut players, || record.clone());
    drop(players);
    let sh = Rc::try_unwrap(shared)
        .map_err(|_| "table state still shared".to_string())?
        .into_inner();
    if !sh.resume.is_empty() {
        return Err(format!(
            "cannot resume this game: {} actions are left over after the game ended",
            sh.resume.len()
        ));
    }
    Ok(Ending::Over(Box::new(TableOutcome {
        record,
        actions: sh.actions,
        fallbacks: sh.fallbacks,
    })))
}

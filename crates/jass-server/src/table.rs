//! A running table: its seats, its latest state, the answers waiting for its seats, and the task
//! that plays it.
//!
//! A table is a Tokio task, not an OS thread. The game engine (`jass_table::run_table`) is
//! synchronous, so the task runs it on Tokio's blocking pool in *segments*: a segment replays the
//! stored actions (without asking anyone), plays on while answers are at hand (computer players,
//! answers that came in), and when a person's or bot's seat is to act and has not answered, it
//! waits a moment ([`GRACE`]) and then unwinds, giving its thread back. The task then waits
//! (asynchronously, holding no thread) for the answer, the seat's deadline or a stop, and starts
//! the next segment from the stored actions. Replaying a game's actions takes a fraction of a
//! millisecond, far less than a person's thinking.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use jass_table::{match_answer, run_table, Event, GameSpec, JsonPlayer, Request, SeatPlayer};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::{broadcast, Notify};

use crate::store::{Store, StoredTable};

/// One seat as stored and listed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatInfo {
    /// `human` (a person or an external bot, with a token) or `bot` (a computer player).
    pub kind: String,
    /// The player's name (the bot's name for computer players; empty while open).
    pub name: String,
    /// For `bot` seats: which computer player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// For `human` seats: whether someone took the seat.
    #[serde(default)]
    pub joined: bool,
    /// SHA-256 of the seat's token (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_hash: Option<String>,
}

/// What a table's watchers are told (the clients build their own messages from it).
#[derive(Clone, Debug)]
pub enum TableEvent {
    /// A new state (after a step), and until when (Unix ms) its seat to act has to answer
    /// before the rule player plays for it (`None`: no turn timer runs).
    State(Arc<jass_table::Snapshot>, Option<u64>),
    /// A seat acted.
    Acted {
        /// The step as the table shows it ([`jass_table::Snapshot::public_step`]).
        public_step: usize,
        /// The seat.
        seat: usize,
        /// The action (for its own seat).
        action: Value,
        /// What the other seats and spectators learn of it (`None`: nothing).
        public: Option<Value>,
    },
    /// A seat's answer was replaced by the rule player's (a seat taken over).
    Fallback(jass_table::Fallback),
    /// Seats changed (joined, connected, taken over) or the status changed.
    Seats,
    /// The game is over.
    Over,
    /// Storing the last action failed (`Some`: why; the table takes no action until it is
    /// stored) or works again (`None`).
    Paused(Option<String>),
    /// Another server instance took the table over (this one's lease ran out): this instance
    /// stops it, and its clients connect again (to be served by the new owner).
    Moved,
}

/// The turn of the seat to act: since when it is asked (the same across decisions the other
/// seats do not see, such as a Weis not declared, so that the clock tells nobody of them).
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    /// (the public step, the seat to act).
    key: (usize, usize),
    /// When the seat was asked.
    asked: Instant,
    /// When the turn timer runs out (Unix ms), if it runs for this seat.
    pub deadline_ms: Option<u64>,
}

/// The mutable part of a table.
pub struct TableState {
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// `waiting`, `playing`, `over`, `error` or `closed` (by a player, or abandoned).
    pub status: String,
    /// Why the table failed (status `error`).
    pub error: Option<String>,
    /// Why the table was closed (status `closed`; not kept across a restart).
    pub closed_why: Option<String>,
    /// Why the table takes no action now: its last one could not be stored (it is retried).
    pub paused: Option<String>,
    /// Connected clients per seat.
    pub connected: Vec<usize>,
    /// Of those, the bots (over the bot WebSocket), which must answer within the table's
    /// `takeover_secs`.
    pub bots: Vec<usize>,
    /// Since when each seat has had no client.
    pub away_since: Vec<Instant>,
    /// Seats played by the rule player while their person is away (not connected, or missed
    /// [`MISSES_AWAY`] turns in a row).
    pub taken_over: Vec<bool>,
    /// Turns missed in a row per seat (the turn timer ran out).
    pub misses: Vec<u32>,
    /// The latest state.
    pub snapshot: Option<Arc<jass_table::Snapshot>>,
    /// The turn of the latest state's seat to act.
    pub turn: Option<Turn>,
    /// An accepted answer per seat: (step, index into the legal actions).
    pub answers: Vec<Option<(usize, usize)>>,
    /// The step whose answer was given up (and why): the rule player plays it. Kept so that the
    /// task and the segment after it agree, and a miss is counted once.
    pub gave_up: Option<(usize, String)>,
    /// Every action stored so far, in order (what the next segment replays).
    pub actions: Vec<Value>,
    /// How the game ended (its verdict as JSON), once over.
    pub verdict: Option<Value>,
    /// When the table stopped being played (over, closed, error): it leaves the memory
    /// [`crate::Limits::keep_finished`] later (the database keeps it).
    pub finished: Option<Instant>,
}

impl TableState {
    /// Whether a seat counts as connected: a computer seat always, else while a client is.
    fn seat_connected(&self, seat: usize) -> bool {
        self.seats[seat].kind == "bot" || self.connected[seat] > 0
    }
}

/// The server's own limits a table needs.
#[derive(Clone, Copy, Debug)]
pub struct TableLimits {
    /// The most decisions a table of computer players only plays (then it is closed).
    pub bot_table_steps: usize,
}

/// A table of the server.
pub struct Table {
    /// Its id.
    pub id: String,
    /// Its game.
    pub spec: GameSpec,
    /// The deals' seed.
    pub seed: u64,
    /// The creator chose the seed (see [`StoredTable::seed_chosen`]).
    pub seed_chosen: bool,
    /// Seconds a seat may stay away before the rule player takes it over (0: never).
    pub takeover_secs: u64,
    /// Seconds a person has for each decision (0: no limit).
    pub turn_secs: u64,
    /// A friends' table (joined by its link; not offered in the lobby).
    pub friends: bool,
    /// SHA-256 of the creator's token (closes the table, and counts towards the creator's
    /// limit of unfinished tables).
    pub creator_hash: Option<String>,
    /// The address the table was created from (counts towards its limit).
    pub creator_addr: Option<String>,
    /// Creation time.
    pub created: String,
    limits: TableLimits,
    state: Mutex<TableState>,
    /// Wakes a segment waiting for an answer, or for storage to work again.
    wake: Condvar,
    /// Wakes the task waiting for an answer (or a deadline, a connect, a stop).
    notify: Notify,
    /// Events for the connected clients.
    pub events: broadcast::Sender<TableEvent>,
    shutdown: AtomicBool,
    /// Another instance runs the table now ([`Table::moved`]).
    moved: AtomicBool,
    task: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// PostgreSQL: where the table's id is sent when its seats change, so that their presence is
    /// stored for the other instances' lists ([`crate::cluster::presence`]).
    pub(crate) presence_changed: OnceLock<UnboundedSender<String>>,
}

/// Unwinds a segment when the table stops or is closed (not a failure: nothing is written after
/// it).
struct Shutdown;

/// Unwinds a segment whose seat to act has no answer yet: the table's task waits for it
/// without holding a thread.
struct Suspend;

/// A refused answer: what was wrong.
pub type Refusal = String;

/// The events a table keeps for clients that read them late (see [`Table::from_stored`]).
const EVENTS: usize = 64;

/// How long a table whose action could not be stored waits before trying again.
const STORAGE_RETRY: Duration = Duration::from_millis(500);

/// How long a segment keeps its thread waiting for an answer before it gives it back (an answer
/// within it needs no replay: bots that answer at once play at full speed).
pub const GRACE: Duration = Duration::from_millis(250);

/// The most segments waiting within [`GRACE`] at once (beyond, a segment gives its thread
/// back at once: the blocking pool stays free for the tables that compute).
const MAX_HOT: usize = 64;
static HOT: AtomicUsize = AtomicUsize::new(0);

/// Turns missed in a row after which a seat counts as away (the rule player plays it until its
/// person acts again).
pub const MISSES_AWAY: u32 = 3;

/// What a seat to act is due now.
enum Due {
    /// Its accepted answer (index into the legal actions).
    Answer(usize),
    /// The rule player plays for it (why).
    GiveUp(String),
    /// Nothing yet; something changes at this instant at the latest (`None`: only an answer, a
    /// connect or a stop changes anything).
    Wait(Option<Instant>),
}

/// Why a table was not closed.
#[derive(Debug)]
pub enum CloseError {
    /// It cannot be closed (over, closed already, …).
    Refused(String),
    /// The database did not take the change: nothing changed.
    Storage(String),
}

/// Now as Unix milliseconds.
pub(crate) fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

impl Table {
    /// A table from its stored form.
    pub fn from_stored(t: &StoredTable, limits: TableLimits) -> Result<Table, String> {
        let kind: jass_table::GameKind = t.game.parse()?;
        let spec = kind.spec(&t.options).map_err(|e| e.0)?;
        let seats: Vec<SeatInfo> =
            serde_json::from_value(t.seats.clone()).map_err(|e| format!("seats: {e}"))?;
        let n = seats.len();
        // The channel keeps its last EVENTS values, and each state holds every seat's view: a
        // short ring keeps a table's memory small; a client that falls further behind catches
        // up from the table's snapshot (`RecvError::Lagged`).
        let (events, _) = broadcast::channel(EVENTS);
        let finished = (!matches!(t.status.as_str(), "waiting" | "playing")).then(Instant::now);
        Ok(Table {
            id: t.id.clone(),
            spec,
            seed: t.seed,
            seed_chosen: t.seed_chosen,
            takeover_secs: t.takeover_secs,
            turn_secs: t.turn_secs,
            friends: t.friends,
            creator_hash: t.creator_hash.clone(),
            creator_addr: t.creator_addr.clone(),
            created: t.created.clone(),
            limits,
            state: Mutex::new(TableState {
                seats,
                status: t.status.clone(),
                error: None,
                closed_why: None,
                paused: None,
                connected: vec![0; n],
                bots: vec![0; n],
                away_since: vec![Instant::now(); n],
                taken_over: vec![false; n],
                misses: vec![0; n],
                snapshot: None,
                turn: None,
                answers: vec![None; n],
                gave_up: None,
                actions: Vec::new(),
                verdict: None,
                finished,
            }),
            wake: Condvar::new(),
            notify: Notify::new(),
            events,
            shutdown: AtomicBool::new(false),
            moved: AtomicBool::new(false),
            task: Mutex::new(None),
            presence_changed: OnceLock::new(),
        })
    }

    /// The table's state, locked.
    pub fn lock(&self) -> MutexGuard<'_, TableState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Wakes whoever waits for a change of the table (the segment and the task).
    fn wake_all(&self) {
        self.wake.notify_all();
        // One task waits per table: a stored permit wakes it even if it is not waiting yet.
        self.notify.notify_one();
    }

    /// The seats as stored (JSON).
    pub fn seats_json(st: &TableState) -> Value {
        serde_json::to_value(&st.seats).expect("seats serialize")
    }

    /// Whether no seat is a person's or an external bot's (a table of computer players only).
    pub fn computers_only(st: &TableState) -> bool {
        st.seats.iter().all(|s| s.kind == "bot")
    }

    /// The seats as listed: kind, name, connected, taken over (never a token).
    pub fn public_seats(&self, st: &TableState) -> Value {
        Value::Array(
            st.seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    json!({
                        "kind": s.kind,
                        "name": s.name,
                        "open": s.kind == "human" && !s.joined,
                        "connected": st.seat_connected(i),
                        "taken_over": st.taken_over[i],
                    })
                })
                .collect(),
        )
    }

    /// Each seat's presence as listed (`connected`, `taken_over`), stored for the other
    /// instances' lists ([`crate::Store::set_presence`]).
    pub fn presence(&self) -> Value {
        let st = self.lock();
        Value::Array(
            (0..st.seats.len())
                .map(|i| {
                    json!({
                        "connected": st.seat_connected(i),
                        "taken_over": st.taken_over[i],
                    })
                })
                .collect(),
        )
    }

    /// Shows the presence another instance stored ([`Table::presence`]) on a table that is only
    /// shown here (listed, never run: its counts of connections are made up from it).
    pub(crate) fn show_presence(&self, presence: &Value) {
        let Some(seats) = presence.as_array() else {
            return;
        };
        let mut st = self.lock();
        if !matches!(st.status.as_str(), "waiting" | "playing") || seats.len() != st.seats.len() {
            return;
        }
        for (i, p) in seats.iter().enumerate() {
            st.connected[i] = usize::from(p["connected"] == true);
            st.taken_over[i] = p["taken_over"] == true;
        }
    }

    /// The table as listed.
    pub fn info(&self) -> Value {
        let st = self.lock();
        self.info_locked(&st)
    }

    /// The table as listed, with the state already locked.
    pub fn info_locked(&self, st: &TableState) -> Value {
        let mut v = json!({
            "id": self.id,
            "game": self.spec.kind.name(),
            "options": self.spec.options,
            "seats": self.public_seats(st),
            "status": st.status,
            "created": self.created,
            "takeover_secs": self.takeover_secs,
            "turn_secs": self.turn_secs,
            "friends": self.friends,
            // Whoever chose the seed can compute every hand (`jass simulate --seed`).
            "seed_chosen": self.seed_chosen,
        });
        if let Some(e) = &st.error {
            v["error"] = json!(e);
        }
        if let (Some(why), "closed") = (&st.closed_why, st.status.as_str()) {
            v["closed_why"] = json!(why);
        }
        if let Some(why) = &st.paused {
            v["paused"] = json!(why);
        }
        if st.status == "over" {
            v["record_url"] = json!(format!("/api/tables/{}/record", self.id));
        }
        v
    }

    /// Tells the clients that seats or status changed (and, on PostgreSQL, has their presence
    /// stored for the other instances' lists).
    pub fn seats_changed(&self) {
        let _ = self.events.send(TableEvent::Seats);
        if let Some(tx) = self.presence_changed.get() {
            let _ = tx.send(self.id.clone());
        }
    }

    /// A client connected to `seat`: the seat is the person's again.
    pub fn connect(&self, seat: usize, bot: bool) {
        let mut st = self.lock();
        st.connected[seat] += 1;
        st.bots[seat] += usize::from(bot);
        st.taken_over[seat] = false;
        st.misses[seat] = 0;
        drop(st);
        self.wake_all();
        self.seats_changed();
    }

    /// A client of `seat` went away.
    pub fn disconnect(&self, seat: usize, bot: bool) {
        let mut st = self.lock();
        st.connected[seat] = st.connected[seat].saturating_sub(1);
        st.bots[seat] = st.bots[seat].saturating_sub(usize::from(bot));
        if st.connected[seat] == 0 {
            st.away_since[seat] = Instant::now();
        }
        drop(st);
        self.wake_all();
        self.seats_changed();
    }

    /// The person of `seat` is back (acted, or said so): a seat that counted as away after
    /// missed turns is the person's again.
    pub fn back(&self, seat: usize) {
        let mut st = self.lock();
        st.misses[seat] = 0;
        if st.taken_over[seat] && st.connected[seat] > 0 {
            st.taken_over[seat] = false;
            drop(st);
            self.wake_all();
            self.seats_changed();
        }
    }

    /// Takes `answer` (an action or `{"index": n}`) as `seat`'s answer at `step` (the current one
    /// when `None`), or says why not; the game is unchanged by a refusal.
    pub fn answer(
        &self,
        seat: usize,
        step: Option<usize>,
        decision: Option<u64>,
        answer: &Value,
    ) -> Result<(), Refusal> {
        let mut st = self.lock();
        if st.status != "playing" {
            return Err(format!(
                "the table is {}: there is nothing to play",
                st.status
            ));
        }
        if let Some(why) = &st.paused {
            return Err(format!(
                "{why}: your answer was not taken; send it again when the table resumes"
            ));
        }
        let Some(snap) = st.snapshot.clone() else {
            return Err("the game has not started yet: wait for the first state".into());
        };
        if snap.over {
            return Err("the game is over".into());
        }
        if snap.to_move != Some(seat) {
            return Err(match snap.to_move {
                Some(s) => format!("not your turn: seat {s} is to act (you are seat {seat})"),
                None => "not your turn: nobody is to act now".into(),
            });
        }
        // (No step numbers in the message: the table's steps count decisions the seat must not
        // learn of, such as another seat's Weis not declared.)
        if step.is_some_and(|step| step != snap.step)
            || st.gave_up.as_ref().is_some_and(|(s, _)| *s == snap.step)
        {
            return Err(
                "this request is no longer open (it was answered, or the seat was played for you): answer the newest request"
                    .into(),
            );
        }
        // A person's answer names the decision of the state it answers: an answer sent twice, or
        // meant for a state that has passed, is not taken for the next decision.
        let current = snap.decisions[seat] as u64 + 1;
        if let Some(d) = decision.filter(|&d| d != current) {
            return Err(format!(
                "this answer is for your decision {d}, but you are asked decision {current} now: answer the newest state"
            ));
        }
        if matches!(st.answers[seat], Some((s, _)) if s == snap.step) {
            return Err("you already answered this request".into());
        }
        let i = match_answer(answer, &snap.legal)?;
        st.answers[seat] = Some((snap.step, i));
        st.misses[seat] = 0;
        drop(st);
        self.wake_all();
        Ok(())
    }

    /// What the seat to act is due now (its answer, the rule player, or a wait), by its answer,
    /// its connections and the table's deadlines. Counts a missed turn once.
    fn due(&self, st: &mut TableState) -> (Due, bool) {
        let (Some(snap), Some(turn)) = (st.snapshot.clone(), st.turn) else {
            return (Due::Wait(None), false);
        };
        let Some(seat) = snap.to_move else {
            return (Due::Wait(None), false);
        };
        if let Some((s, i)) = st.answers[seat] {
            if s == snap.step {
                return (Due::Answer(i), false);
            }
        }
        if let Some((s, why)) = &st.gave_up {
            if *s == snap.step {
                return (Due::GiveUp(why.clone()), false);
            }
        }
        let now = Instant::now();
        let mut changed = false;
        let mut until: Option<Instant> = None;
        let mut give_up = None;
        let takeover = Duration::from_secs(self.takeover_secs);
        if st.taken_over[seat] {
            give_up = Some(format!(
                "seat {seat} is away: the rule player plays it until its player returns"
            ));
        } else if st.bots[seat] > 0 {
            // A connected bot that does not answer within `takeover_secs` is played for this
            // decision.
            if self.takeover_secs > 0 {
                let d = turn.asked + takeover;
                if now >= d {
                    give_up = Some(format!(
                        "the bot did not answer within {} s (the table's takeover_secs)",
                        self.takeover_secs
                    ));
                } else {
                    until = Some(d);
                }
            }
        } else {
            if st.connected[seat] == 0 && self.takeover_secs > 0 {
                let d = st.away_since[seat] + takeover;
                if now >= d {
                    st.taken_over[seat] = true;
                    changed = true;
                    give_up = Some(format!(
                        "seat {seat} is away: the rule player plays it until its player returns"
                    ));
                } else {
                    until = Some(d);
                }
            }
            // A person (connected or not) who does not act within `turn_secs` is played for
            // this decision; after a few misses in a row the seat counts as away.
            if give_up.is_none() && self.turn_secs > 0 {
                let d = turn.asked + Duration::from_secs(self.turn_secs);
                if now >= d {
                    st.misses[seat] += 1;
                    if st.misses[seat] >= MISSES_AWAY && !st.taken_over[seat] {
                        st.taken_over[seat] = true;
                        changed = true;
                    }
                    give_up = Some(format!(
                        "no answer within {} s (the table's turn_secs)",
                        self.turn_secs
                    ));
                } else {
                    until = Some(until.map_or(d, |u| u.min(d)));
                }
            }
        }
        match give_up {
            Some(why) => {
                st.gave_up = Some((snap.step, why.clone()));
                (Due::GiveUp(why), changed)
            }
            None => (Due::Wait(until), changed),
        }
    }

    /// Starts the table's task: plays the game (resuming from `resume`, the stored actions),
    /// writing every action to `store`. Must be called inside the Tokio runtime.
    pub fn start(self: &Arc<Self>, store: Arc<Store>, resume: Vec<Value>) {
        self.lock().actions = resume;
        let table = Arc::clone(self);
        let handle = tokio::spawn(async move { table.run(store).await });
        *self.task.lock().unwrap_or_else(|p| p.into_inner()) = Some(handle);
    }

    /// The table's task: segments on the blocking pool, and waits without a thread between them.
    async fn run(self: Arc<Self>, store: Arc<Store>) {
        loop {
            if self.shutdown.load(Ordering::SeqCst) {
                return;
            }
            let table = Arc::clone(&self);
            let s = Arc::clone(&store);
            let segment = tokio::task::spawn_blocking(move || {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| table.segment(&s)))
            })
            .await;
            match segment {
                Ok(Ok(())) => return,
                Ok(Err(p)) if p.is::<Suspend>() => {}
                Ok(Err(p)) if p.is::<Shutdown>() => return,
                Ok(Err(_)) | Err(_) => {
                    self.fail(&store, "the table's game failed".into());
                    return;
                }
            }
            // Wait for what the seat to act is due: an answer, a deadline, a connect, a stop.
            loop {
                let until = {
                    let mut st = self.lock();
                    if self.shutdown.load(Ordering::SeqCst) {
                        return;
                    }
                    let (due, changed) = self.due(&mut st);
                    drop(st);
                    if changed {
                        self.seats_changed();
                    }
                    match due {
                        Due::Answer(_) | Due::GiveUp(_) => break,
                        Due::Wait(until) => until,
                    }
                };
                match until {
                    Some(u) => {
                        let _ = tokio::time::timeout_at(u.into(), self.notify.notified()).await;
                    }
                    None => self.notify.notified().await,
                }
            }
        }
    }

    fn check_shutdown(&self) {
        if self.shutdown.load(Ordering::SeqCst) {
            std::panic::resume_unwind(Box::new(Shutdown));
        }
    }

    /// One segment (on a blocking thread): replays the stored actions and plays on until the
    /// game is over, or unwinds with [`Suspend`] (an answer is awaited) or [`Shutdown`].
    fn segment(self: &Arc<Self>, store: &Store) {
        let (seats, resume, computers_only) = {
            let st = self.lock();
            let seats: Vec<SeatPlayer> = st
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| match (&s.bot, s.kind.as_str()) {
                    (Some(b), "bot") => SeatPlayer::Bot(b.clone()),
                    _ => SeatPlayer::Json(Box::new(RemoteSeat {
                        table: Arc::clone(self),
                        seat: i,
                        name: s.name.clone(),
                    })),
                })
                .collect();
            (seats, st.actions.clone(), Table::computers_only(&st))
        };
        let mut fallback = None;
        // A segment after the first replays the game up to the state the last one stopped at:
        // the states on the way (such as a deal's start before its first decision) were told
        // already, and that one too.
        let mut replaying = self.lock().snapshot.is_some();
        let mut on_event = |e: Event| {
            self.check_shutdown();
            match e {
                Event::Snapshot(s) => {
                    let mut st = self.lock();
                    if replaying {
                        if st.snapshot.as_ref().is_some_and(|o| **o == s) {
                            replaying = false;
                        }
                        return;
                    }
                    let s = Arc::new(s);
                    st.snapshot = Some(Arc::clone(&s));
                    let key = s.to_move.map(|seat| (s.public_step, seat));
                    let same_turn = st.turn.is_some_and(|t| Some(t.key) == key);
                    if !same_turn {
                        st.turn = key.map(|key| {
                            let person = st.seats[key.1].kind == "human" && st.bots[key.1] == 0;
                            Turn {
                                key,
                                asked: Instant::now(),
                                deadline_ms: (person && self.turn_secs > 0)
                                    .then(|| unix_ms() + self.turn_secs * 1000),
                            }
                        });
                    }
                    let deadline = st.turn.and_then(|t| t.deadline_ms);
                    drop(st);
                    self.wake.notify_all();
                    let _ = self.events.send(TableEvent::State(s, deadline));
                }
                Event::Acted {
                    step,
                    public_step,
                    seat,
                    action,
                    public,
                } => {
                    // A replayed segment reports the last stored action again: told once.
                    if step < self.lock().actions.len() {
                        return;
                    }
                    replaying = false;
                    let note = fallback
                        .as_ref()
                        .map(|f: &jass_table::Fallback| f.reason.clone());
                    // Nobody hears of an action (nor of the seat played for) before it is
                    // stored: an acknowledged move survives a crash.
                    let limit_hit = self.store_durably(|st| {
                        store.add_action(&self.id, step, &action, note.as_deref())?;
                        st.actions.push(action.clone());
                        Ok(computers_only && st.actions.len() >= self.limits.bot_table_steps)
                    });
                    if let Some(f) = fallback.take() {
                        let _ = self.events.send(TableEvent::Fallback(f));
                    }
                    let _ = self.events.send(TableEvent::Acted {
                        public_step,
                        seat,
                        action,
                        public,
                    });
                    if limit_hit {
                        // A table of computer players only is bounded: nobody can hold the
                        // server with a game to a huge target.
                        let why = format!(
                            "a table of computer players only plays at most {} decisions",
                            self.limits.bot_table_steps
                        );
                        let _ = self.close(store, &why);
                        std::panic::resume_unwind(Box::new(Shutdown));
                    }
                }
                // Told with its action (it comes just before it), once that is stored.
                Event::Fallback(f) => fallback = Some(f),
            }
        };
        let result = run_table(&self.spec, self.seed, seats, &resume, &mut on_event);
        self.check_shutdown();
        match result {
            Ok(outcome) => {
                let mut record = serde_json::to_value(&outcome.record).expect("records serialize");
                // The fallbacks of earlier segments (and of runs before a restart) are in the
                // stored actions' notes, not in this run's record.
                match store.notes(&self.id) {
                    Ok(notes) => note_fallbacks(&mut record, &notes),
                    Err(e) => eprintln!("table {}: the fallback notes: {e}", self.id),
                }
                let verdict = serde_json::to_value(jass_table::GameKind::verdict(&outcome.record))
                    .unwrap_or(Value::Null);
                // The record is stored before the table says "over": whoever sees the status
                // (a bot's game_over, GET .../record) then finds it. Under the table's lock, so
                // that a close meanwhile either comes first (nothing is finished) or finds the
                // table over.
                let finished = self.store_durably(|st| {
                    if st.status != "playing" {
                        return Ok(false);
                    }
                    store.finish(&self.id, &record, &Table::seats_json(st))?;
                    st.verdict = Some(verdict.clone());
                    st.status = "over".into();
                    st.finished = Some(Instant::now());
                    Ok(true)
                });
                if finished {
                    let _ = self.events.send(TableEvent::Over);
                }
            }
            Err(e) => self.fail(store, e),
        }
    }

    /// Closes the table for good: status `closed` (stored, so it does not resume at a restart),
    /// nothing more played or written (a segment still running stops at its next step, and
    /// writes nothing: it finds the table closed). Only a table still waiting or playing. When
    /// the status cannot be stored, nothing changes.
    pub fn close(&self, store: &Store, why: &str) -> Result<(), CloseError> {
        {
            let mut st = self.lock();
            if !matches!(st.status.as_str(), "waiting" | "playing") {
                return Err(CloseError::Refused(format!(
                    "the table is {}: there is nothing to close",
                    st.status
                )));
            }
            // Stored and changed under the lock: no join, no action, no finished game and no
            // other close comes between (actions and the end are written only while playing).
            if let Err(e) = store.update_table(&self.id, &Table::seats_json(&st), "closed") {
                drop(st);
                if e.starts_with(crate::store::LEASE_LOST) {
                    self.moved(&e);
                }
                return Err(CloseError::Storage(e));
            }
            st.status = "closed".into();
            st.closed_why = Some(why.to_string());
            st.finished = Some(Instant::now());
        }
        self.stop();
        self.seats_changed();
        Ok(())
    }

    /// Turns the table to `error` with `why` (stored if the database takes it; the game cannot
    /// go on either way).
    fn fail(&self, store: &Store, why: String) {
        eprintln!("table {}: {why}", self.id);
        let mut st = self.lock();
        if let Err(e) = store.update_table(&self.id, &Table::seats_json(&st), "error") {
            if e.starts_with(crate::store::LEASE_LOST) {
                // Another instance runs it now: not this one's to fail.
                drop(st);
                self.moved(&e);
                return;
            }
            eprintln!("table {}: {e}", self.id);
        }
        st.status = "error".into();
        st.error = Some(why);
        st.finished = Some(Instant::now());
        drop(st);
        self.seats_changed();
    }

    /// Marks a table whose stored rows cannot be read: status `error` with `why`; the rows are
    /// kept as they are, for whoever repairs them (the table loads again then).
    pub fn mark_damaged(&self, why: String, quiet: bool) {
        if !quiet {
            eprintln!("table {} cannot be loaded: {why}", self.id);
        }
        let mut st = self.lock();
        st.status = "error".into();
        st.error = Some(format!("table {} cannot be loaded: {why}", self.id));
    }

    /// Runs `write` under the table's lock until it succeeds and returns what it returns. While
    /// it fails, the table is paused: it takes no answer, tells its clients why, and tries again
    /// (a full disk may get space, a broken one may be replaced); it never plays on unstored.
    /// Nothing is written once the table is closed or stopped.
    fn store_durably<T>(&self, mut write: impl FnMut(&mut TableState) -> Result<T, String>) -> T {
        loop {
            let mut st = self.lock();
            if self.shutdown.load(Ordering::SeqCst) || st.status != "playing" {
                drop(st);
                std::panic::resume_unwind(Box::new(Shutdown));
            }
            match write(&mut st) {
                Ok(done) => {
                    if st.paused.take().is_some() {
                        drop(st);
                        eprintln!("table {}: storing works again, the game goes on", self.id);
                        let _ = self.events.send(TableEvent::Paused(None));
                        self.seats_changed();
                    }
                    return done;
                }
                Err(e) if e.starts_with(crate::store::LEASE_LOST) => {
                    drop(st);
                    self.moved(&e);
                    std::panic::resume_unwind(Box::new(Shutdown));
                }
                Err(e) => {
                    if st.paused.is_none() {
                        let why = format!(
                            "the table is paused: the server cannot store its last action ({e})"
                        );
                        eprintln!("table {}: {why}; retrying", self.id);
                        st.paused = Some(why.clone());
                        drop(st);
                        let _ = self.events.send(TableEvent::Paused(Some(why)));
                        self.seats_changed();
                        st = self.lock();
                    }
                    // Woken early by a stop.
                    drop(
                        self.wake
                            .wait_timeout(st, STORAGE_RETRY)
                            .unwrap_or_else(|p| p.into_inner()),
                    );
                }
            }
        }
    }

    /// Unfinished with no seat connected for `limit` (an abandoned table; spectators do not
    /// count): a table waiting for players, or one the computer plays alone (people gone, or
    /// computer players only).
    pub fn abandoned(&self, limit: Duration) -> bool {
        let st = self.lock();
        matches!(st.status.as_str(), "waiting" | "playing")
            && (0..st.seats.len())
                .all(|i| st.connected[i] == 0 && st.away_since[i].elapsed() >= limit)
    }

    /// Another instance took the table over (`why`): it stops here, writing nothing more, and
    /// its clients are told to connect again (the server forgets it at its next lease check).
    pub fn moved(&self, why: &str) {
        if !self.moved.swap(true, Ordering::SeqCst) {
            eprintln!("table {}: {why}; stopped here", self.id);
            self.stop();
            let _ = self.events.send(TableEvent::Moved);
        }
    }

    /// Whether another instance took the table over ([`Table::moved`]).
    pub fn is_moved(&self) -> bool {
        self.moved.load(Ordering::SeqCst)
    }

    /// Stops the table's task (nothing more is written; a segment stops at its next step).
    pub fn stop(&self) {
        self.shutdown.store(true, Ordering::SeqCst);
        self.wake_all();
    }

    /// Stops the table and waits for its task to end.
    pub async fn stopped(&self) {
        self.stop();
        let task = self.task.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(t) = task {
            let _ = t.await;
        }
    }
}

/// Writes each stored fallback note (step, why) into the record's entry of that step, where the
/// record lacks it: the k-th entry that is a decision (not the engine's `stoeck`) is step k.
/// Left as it is if the record's decisions do not line up with the steps.
fn note_fallbacks(record: &mut Value, notes: &[(usize, String)]) {
    if notes.is_empty() {
        return;
    }
    let Some(deals) = record.get_mut("deals").and_then(Value::as_array_mut) else {
        return;
    };
    let mut entries: Vec<&mut Value> = deals
        .iter_mut()
        .filter_map(|d| d.get_mut("actions").and_then(Value::as_array_mut))
        .flat_map(|a| a.iter_mut())
        .filter(|e| e.get("action").and_then(Value::as_str) != Some("stoeck"))
        .collect();
    if notes.iter().any(|(step, _)| *step >= entries.len()) {
        return;
    }
    for (step, why) in notes {
        if let Some(e) = entries[*step].as_object_mut() {
            e.entry("fallback").or_insert_with(|| json!(why));
        }
    }
}

/// A seat played from outside (a person in a browser, a bot over the bot WebSocket): `act` takes
/// the answer a client gave through [`Table::answer`], or gives the decision to the rule player
/// when the seat is due that ([`Table::due`]); with neither, it waits up to [`GRACE`] and then
/// gives the segment's thread back ([`Suspend`]).
struct RemoteSeat {
    table: Arc<Table>,
    seat: usize,
    name: String,
}

/// A place among the segments waiting within their grace ([`MAX_HOT`]).
struct Hot;

impl Hot {
    fn take() -> Option<Hot> {
        HOT.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
            (n < MAX_HOT).then_some(n + 1)
        })
        .ok()
        .map(|_| Hot)
    }
}

impl Drop for Hot {
    fn drop(&mut self) {
        HOT.fetch_sub(1, Ordering::SeqCst);
    }
}

impl JsonPlayer for RemoteSeat {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, request: &Request) -> Result<Value, String> {
        let t = &self.table;
        let start = Instant::now();
        let mut hot: Option<Hot> = None;
        let mut st = t.lock();
        loop {
            if t.shutdown.load(Ordering::SeqCst) {
                drop(st);
                std::panic::resume_unwind(Box::new(Shutdown));
            }
            // (The state shown is always this decision's: the engine shows it before asking.)
            if st.snapshot.as_ref().and_then(|s| s.to_move) != Some(self.seat) {
                return Err(format!("seat {} was asked out of turn", self.seat));
            }
            let (due, changed) = t.due(&mut st);
            if changed {
                drop(st);
                t.seats_changed();
                st = t.lock();
            }
            match due {
                // The answer stays (its step passes with this decision) so that a second one
                // sent before the next state is refused as "already answered", not dropped.
                Due::Answer(i) => {
                    return request
                        .legal
                        .get(i)
                        .cloned()
                        .ok_or_else(|| "answer out of range".to_string())
                }
                Due::GiveUp(why) => return Err(why),
                Due::Wait(until) => {
                    if hot.is_none() && start.elapsed() < GRACE {
                        hot = Hot::take();
                    }
                    let left = GRACE.saturating_sub(start.elapsed());
                    if hot.is_none() || left.is_zero() {
                        drop(st);
                        std::panic::resume_unwind(Box::new(Suspend));
                    }
                    let wait = until.map_or(left, |u| {
                        left.min(u.saturating_duration_since(Instant::now()))
                    });
                    st = t
                        .wake
                        .wait_timeout(st, wait.max(Duration::from_millis(1)))
                        .unwrap_or_else(|p| p.into_inner())
                        .0;
                }
            }
        }
    }
}

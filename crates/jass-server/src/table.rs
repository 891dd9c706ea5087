//! A running table: its seats, its latest state, the answers waiting for its seats, and the thread
//! that plays it (`jass_table::run_table`, one OS thread per table).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use jass_table::{match_answer, run_table, Event, GameSpec, JsonPlayer, Request, SeatPlayer};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::broadcast;

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
    /// A new state (after a step).
    State(Arc<jass_table::Snapshot>),
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
}

/// The mutable part of a table.
pub struct TableState {
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// `waiting`, `playing`, `over`, `error` or `closed` (by a player, or abandoned).
    pub status: String,
    /// Why the table failed (status `error`).
    pub error: Option<String>,
    /// Why the table takes no action now: its last one could not be stored (it is retried).
    pub paused: Option<String>,
    /// Connected clients per seat.
    pub connected: Vec<usize>,
    /// Of those, the bots (over the bot WebSocket), which must answer within the table's
    /// `takeover_secs`.
    pub bots: Vec<usize>,
    /// Since when each seat has had no client.
    pub away_since: Vec<Instant>,
    /// Seats played by the rule player while their person is away.
    pub taken_over: Vec<bool>,
    /// The latest state.
    pub snapshot: Option<Arc<jass_table::Snapshot>>,
    /// An accepted answer per seat: (step, index into the legal actions).
    pub answers: Vec<Option<(usize, usize)>>,
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
    /// Creation time.
    pub created: String,
    state: Mutex<TableState>,
    wake: Condvar,
    /// Events for the connected clients.
    pub events: broadcast::Sender<TableEvent>,
    shutdown: AtomicBool,
    thread: Mutex<Option<JoinHandle<()>>>,
    /// The record, once the game is over.
    pub record: Mutex<Option<Value>>,
}

/// Unwinds a table thread when the server stops (not a failure: nothing is written after it).
struct Shutdown;

/// A refused answer: what was wrong.
pub type Refusal = String;

/// How long a table whose action could not be stored waits before trying again.
const STORAGE_RETRY: Duration = Duration::from_millis(500);

/// Why a table was not closed.
#[derive(Debug)]
pub enum CloseError {
    /// It cannot be closed (over, closed already, …).
    Refused(String),
    /// The database did not take the change: nothing changed.
    Storage(String),
}

impl Table {
    /// A table from its stored form.
    pub fn from_stored(t: &StoredTable) -> Result<Table, String> {
        let kind: jass_table::GameKind = t.game.parse()?;
        let spec = kind.spec(&t.options).map_err(|e| e.0)?;
        let seats: Vec<SeatInfo> =
            serde_json::from_value(t.seats.clone()).map_err(|e| format!("seats: {e}"))?;
        let n = seats.len();
        let (events, _) = broadcast::channel(1024);
        Ok(Table {
            id: t.id.clone(),
            spec,
            seed: t.seed,
            seed_chosen: t.seed_chosen,
            takeover_secs: t.takeover_secs,
            created: t.created.clone(),
            state: Mutex::new(TableState {
                seats,
                status: t.status.clone(),
                error: None,
                paused: None,
                connected: vec![0; n],
                bots: vec![0; n],
                away_since: vec![Instant::now(); n],
                taken_over: vec![false; n],
                snapshot: None,
                answers: vec![None; n],
            }),
            wake: Condvar::new(),
            events,
            shutdown: AtomicBool::new(false),
            thread: Mutex::new(None),
            record: Mutex::new(None),
        })
    }

    /// The table's state, locked.
    pub fn lock(&self) -> MutexGuard<'_, TableState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The seats as stored (JSON).
    pub fn seats_json(st: &TableState) -> Value {
        serde_json::to_value(&st.seats).expect("seats serialize")
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
                        "connected": s.kind == "bot" || st.connected[i] > 0,
                        "taken_over": st.taken_over[i],
                    })
                })
                .collect(),
        )
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
            // Whoever chose the seed can compute every hand (`jass simulate --seed`).
            "seed_chosen": self.seed_chosen,
        });
        if let Some(e) = &st.error {
            v["error"] = json!(e);
        }
        if let Some(why) = &st.paused {
            v["paused"] = json!(why);
        }
        if st.status == "over" {
            v["record_url"] = json!(format!("/api/tables/{}/record", self.id));
        }
        v
    }

    /// Tells the clients that seats or status changed.
    pub fn seats_changed(&self) {
        let _ = self.events.send(TableEvent::Seats);
    }

    /// A client connected to `seat`: the seat is the person's again.
    pub fn connect(&self, seat: usize, bot: bool) {
        let mut st = self.lock();
        st.connected[seat] += 1;
        st.bots[seat] += usize::from(bot);
        st.taken_over[seat] = false;
        drop(st);
        self.wake.notify_all();
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
        self.wake.notify_all();
        self.seats_changed();
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
        if step.is_some_and(|step| step != snap.step) {
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
        drop(st);
        self.wake.notify_all();
        Ok(())
    }

    /// Starts the table's thread: plays the game (resuming from `resume`), writing every action to
    /// `store`.
    pub fn start(self: &Arc<Self>, store: Arc<Store>, resume: Vec<Value>) {
        let table = Arc::clone(self);
        let handle = std::thread::Builder::new()
            .name(format!("table-{}", self.id))
            .spawn(move || {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    table.play(&store, &resume)
                }));
                match result {
                    Ok(()) => {}
                    Err(p) if p.is::<Shutdown>() => {}
                    Err(_) => table.fail(&store, "the table's thread failed".into()),
                }
            })
            .expect("spawn a table thread");
        *self.thread.lock().unwrap_or_else(|p| p.into_inner()) = Some(handle);
    }

    fn check_shutdown(&self) {
        if self.shutdown.load(Ordering::SeqCst) {
            std::panic::resume_unwind(Box::new(Shutdown));
        }
    }

    fn play(self: &Arc<Self>, store: &Store, resume: &[Value]) {
        let seats: Vec<SeatPlayer> = {
            let st = self.lock();
            st.seats
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
                .collect()
        };
        let mut fallback = None;
        let mut on_event = |e: Event| {
            self.check_shutdown();
            match e {
                Event::Snapshot(s) => {
                    let s = Arc::new(s);
                    self.lock().snapshot = Some(Arc::clone(&s));
                    self.wake.notify_all();
                    let _ = self.events.send(TableEvent::State(s));
                }
                Event::Acted {
                    step,
                    public_step,
                    seat,
                    action,
                    public,
                } => {
                    // Nobody hears of an action (nor of the seat played for) before it is
                    // stored: an acknowledged move survives a crash.
                    self.store_durably(|_| store.add_action(&self.id, step, &action));
                    if let Some(f) = fallback.take() {
                        let _ = self.events.send(TableEvent::Fallback(f));
                    }
                    let _ = self.events.send(TableEvent::Acted {
                        public_step,
                        seat,
                        action,
                        public,
                    });
                }
                // Told with its action (it comes just before it), once that is stored.
                Event::Fallback(f) => fallback = Some(f),
            }
        };
        let result = run_table(&self.spec, self.seed, seats, resume, &mut on_event);
        self.check_shutdown();
        match result {
            Ok(outcome) => {
                let record = serde_json::to_value(&outcome.record).expect("records serialize");
                // The record is stored and kept before the table says "over": whoever sees
                // the status (a bot's game_over, GET .../record) then finds the record. Under
                // the table's lock, so that a close meanwhile either comes first (nothing is
                // finished) or finds the table over.
                let finished = self.store_durably(|st| {
                    if st.status != "playing" {
                        return Ok(false);
                    }
                    store.finish(&self.id, &record, &Table::seats_json(st))?;
                    *self.record.lock().unwrap_or_else(|p| p.into_inner()) = Some(record.clone());
                    st.status = "over".into();
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
    /// its thread stopped, nothing more played or written. Only a table still waiting or playing;
    /// blocks until the thread has stopped. When the status cannot be stored, nothing changes.
    pub fn close(&self, store: &Store) -> Result<(), CloseError> {
        {
            let mut st = self.lock();
            if !matches!(st.status.as_str(), "waiting" | "playing") {
                return Err(CloseError::Refused(format!(
                    "the table is {}: there is nothing to close",
                    st.status
                )));
            }
            // Stored and changed under the lock: no join, no finished game and no other close
            // comes between (the game's thread finishes only a table still playing).
            store
                .update_table(&self.id, &Table::seats_json(&st), "closed")
                .map_err(CloseError::Storage)?;
            st.status = "closed".into();
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
            eprintln!("table {}: {e}", self.id);
        }
        st.status = "error".into();
        st.error = Some(why);
        drop(st);
        self.seats_changed();
    }

    /// Marks a table whose stored rows cannot be read (at the start): status `error` with `why`;
    /// the rows are kept as they are, for whoever repairs them (the table loads again then).
    pub fn mark_damaged(&self, why: String) {
        eprintln!("table {} cannot be loaded: {why}", self.id);
        let mut st = self.lock();
        st.status = "error".into();
        st.error = Some(format!("table {} cannot be loaded: {why}", self.id));
    }

    /// Runs `write` under the table's lock until it succeeds and returns what it returns. While
    /// it fails, the table is paused: it takes no answer, tells its clients why, and tries again
    /// (a full disk may get space, a broken one may be replaced); it never plays on unstored.
    fn store_durably<T>(&self, mut write: impl FnMut(&mut TableState) -> Result<T, String>) -> T {
        loop {
            self.check_shutdown();
            let mut st = self.lock();
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

    /// Waiting for players with nobody connected to it for `stale` (an abandoned table).
    pub fn stale_waiting(&self, stale: Duration) -> bool {
        let st = self.lock();
        st.status == "waiting"
            && (0..st.seats.len()).all(|i| {
                st.seats[i].kind != "human"
                    || (st.connected[i] == 0 && st.away_since[i].elapsed() >= stale)
            })
    }

    /// Stops the table's thread (nothing more is written) and waits for it.
    pub fn stop(&self) {
        self.shutdown.store(true, Ordering::SeqCst);
        self.wake.notify_all();
        let handle = self.thread.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(h) = handle {
            let _ = h.join();
        }
    }
}

/// A seat played from outside (a person in a browser, a bot over the bot WebSocket): `act` waits
/// for the answer a client gives through [`Table::answer`]; a seat with nobody connected for the
/// table's `takeover_secs` is played by the rule player until someone connects again.
struct RemoteSeat {
    table: Arc<Table>,
    seat: usize,
    name: String,
}

impl JsonPlayer for RemoteSeat {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, request: &Request) -> Result<Value, String> {
        let t = &self.table;
        let asked = Instant::now();
        let mut st = t.lock();
        loop {
            t.check_shutdown_locked(&st);
            let step = st.snapshot.as_ref().map(|s| s.step);
            if let (Some((s, i)), Some(step)) = (st.answers[self.seat], step) {
                // The answer stays (its step passes with this decision) so that a second one
                // sent before the next state is refused as "already answered", not dropped.
                if s == step {
                    return request
                        .legal
                        .get(i)
                        .cloned()
                        .ok_or_else(|| "answer out of range".to_string());
                }
            }
            // A connected bot that does not answer within `takeover_secs` is played for this
            // decision (a person may think as long as he likes while connected).
            if st.bots[self.seat] > 0
                && t.takeover_secs > 0
                && asked.elapsed() >= Duration::from_secs(t.takeover_secs)
            {
                return Err(format!(
                    "the bot did not answer within {} s (the table's takeover_secs)",
                    t.takeover_secs
                ));
            }
            if st.connected[self.seat] == 0 && t.takeover_secs > 0 {
                let away = st.away_since[self.seat].elapsed();
                if st.taken_over[self.seat] || away >= Duration::from_secs(t.takeover_secs) {
                    if !st.taken_over[self.seat] {
                        st.taken_over[self.seat] = true;
                        drop(st);
                        t.seats_changed();
                    }
                    return Err(format!(
                        "seat {} is away: the rule player plays it until its player returns",
                        self.seat
                    ));
                }
            }
            st = t
                .wake
                .wait_timeout(st, Duration::from_millis(250))
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }
}

impl Table {
    fn check_shutdown_locked(&self, st: &MutexGuard<'_, TableState>) {
        if self.shutdown.load(Ordering::SeqCst) {
            let _ = st;
            std::panic::resume_unwind(Box::new(Shutdown));
        }
    }
}

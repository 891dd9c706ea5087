//! The WebSockets: people and spectators (`/api/tables/{id}/ws`), external bots speaking the bot
//! protocol v1 (`/api/tables/{id}/bot`). A client only ever gets what its seat may see.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use jass_table::Snapshot;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use crate::api::{not_found, ApiError};
use crate::http::ConnectionSlot;
use crate::table::{Table, TableEvent};
use crate::App;

type Sink = SplitSink<WebSocket, Message>;

/// The seat whose token is `token`, or an error for the client.
pub(crate) fn seat_of(table: &Table, token: &str) -> Result<usize, ApiError> {
    let hash = crate::token_hash(token);
    let st = table.lock();
    st.seats
        .iter()
        .position(|s| s.token_hash.as_deref() == Some(hash.as_str()))
        .ok_or_else(|| {
            ApiError(
                StatusCode::FORBIDDEN,
                format!(
                    "the token is not one of table {}'s seats: use the token from creating or joining the table, or connect without a token to watch",
                    table.id
                ),
            )
        })
}

fn not_websocket() -> Response {
    ApiError(
        StatusCode::BAD_REQUEST,
        "this is a WebSocket endpoint: connect with a WebSocket client (ws://…)".into(),
    )
    .into_response()
}

async fn send(sink: &mut Sink, v: Value) -> bool {
    sink.send(Message::Text(v.to_string())).await.is_ok()
}

/// The `state` message for `seat` (`None`: a spectator, who gets the public view); `deadline`:
/// until when (Unix ms) the seat to act has to answer (the turn timer), if it runs.
fn state_msg(table: &Table, snap: &Snapshot, seat: Option<usize>, deadline: Option<u64>) -> Value {
    let seats = {
        let st = table.lock();
        table.public_seats(&st)
    };
    let mine = seat.is_some() && seat == snap.to_move;
    json!({
        "type": "state",
        // The steps the others learn of: no gap tells that a seat kept a Weis to itself.
        "step": snap.public_step,
        "to_move": snap.to_move,
        // The number of the decision asked of this seat (its own decisions only), for `act`.
        "decision": seat.filter(|_| mine).map(|s| snap.decisions[s] + 1),
        "legal": if mine { Value::Array(snap.legal.clone()) } else { json!([]) },
        "view": match seat {
            Some(s) => snap.views[s].clone(),
            None => snap.public.clone(),
        },
        // What every front end draws beside the cards: public, the same for everyone.
        "table": snap.table,
        "seats": seats,
        "over": snap.over,
        // The turn timer, for every client's countdown: the deadline and what is left of it
        // now (a browser counts down from `left_ms`: its clock may differ from the server's).
        "turn": deadline.filter(|_| !snap.over).map(|d| json!({
            "seat": snap.to_move,
            "deadline_ms": d,
            "left_ms": d.saturating_sub(crate::table::unix_ms()),
            "secs": table.turn_secs,
        })),
    })
}

/// The game is over: where its record is, and how it ended (its game's verdict; read from the
/// stored record for a table finished before this server started).
fn over_msg(app: &App, table: &Table) -> Value {
    let verdict = table.lock().verdict.clone().or_else(|| {
        app.store
            .record(&table.id)
            .ok()
            .flatten()
            .and_then(|r| jass_table::Record::from_value(r).ok())
            .map(|r| serde_json::to_value(jass_table::GameKind::verdict(&r)).unwrap_or(Value::Null))
    });
    json!({
        "type": "over",
        "record_url": format!("/api/tables/{}/record", table.id),
        "verdict": verdict,
    })
}

/// `GET /api/tables/{id}/ws[?token=T]`: a person's seat (with its token) or a spectator.
pub(crate) async fn player_ws(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    slot: Option<Extension<Arc<ConnectionSlot>>>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let Some(table) = app.table(&id) else {
        return not_found(&id).into_response();
    };
    let seat = match q.get("token").filter(|t| !t.is_empty()) {
        Some(t) => match seat_of(&table, t) {
            Ok(s) => Some(s),
            Err(e) => return e.into_response(),
        },
        None => None,
    };
    let ws = match ws {
        Ok(ws) => ws,
        Err(_) => return not_websocket(),
    };
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            // The WebSocket counts as its address's connection until it ends.
            let _slot = slot;
            player_session(app, table, seat, socket).await
        })
}

async fn player_session(app: Arc<App>, table: Arc<Table>, seat: Option<usize>, socket: WebSocket) {
    if let Some(s) = seat {
        table.connect(s, false);
    }
    let (mut sink, mut stream) = socket.split();
    let mut stopping = app.stopping.clone();
    let mut live = Liveness::new(app.limits.idle);
    let ok = player_loop(
        &app,
        &table,
        seat,
        &mut sink,
        &mut stream,
        &mut stopping,
        &mut live,
    )
    .await;
    let _ = ok;
    if let Some(s) = seat {
        table.disconnect(s, false);
    }
    let _ = sink.send(Message::Close(None)).await;
}

/// `paused` with the reason while the table cannot store its moves, `resumed` when it can again.
fn paused_msg(why: Option<String>) -> Value {
    match why {
        Some(reason) => json!({"type": "paused", "reason": reason}),
        None => json!({"type": "resumed"}),
    }
}

#[allow(clippy::too_many_arguments)]
async fn player_loop(
    app: &App,
    table: &Arc<Table>,
    seat: Option<usize>,
    sink: &mut Sink,
    stream: &mut SplitStream<WebSocket>,
    stopping: &mut tokio::sync::watch::Receiver<bool>,
    live: &mut Liveness,
) -> Option<()> {
    let (mut events, snap, status, deadline, paused) = {
        let st = table.lock();
        (
            // Subscribed under the lock the state is read under: every event that comes is
            // newer than that state (the table changes its state under the lock and then tells
            // of it). Subscribed earlier, the events of the moments between were sent after
            // the newest state: the game stepped back, and a person was asked again for a
            // decision already answered (test
            // `a_client_connecting_mid_game_never_sees_the_game_step_back`).
            table.events.subscribe(),
            st.snapshot.clone(),
            st.status.clone(),
            st.turn.and_then(|t| t.deadline_ms),
            // A client that comes while the table is paused is told so after the state, as
            // one that was there when it paused.
            st.paused.clone(),
        )
    };
    send_ok(
        sink,
        json!({"type": "welcome", "table": table.info(), "seat": seat}),
    )
    .await?;
    // The last state sent, without its step: a state that shows this seat nothing new (another
    // seat's silent decision, such as a Weis not declared) is not sent, so that the seats do not
    // learn that there was a decision (the steps shown leave such decisions out).
    let mut last_state: Option<Value> = None;
    if let Some(s) = &snap {
        let msg = state_msg(table, s, seat, deadline);
        last_state = Some(without_step(&msg));
        send_ok(sink, msg).await?;
    }
    // The state just sent may also be waiting in the events: send each state once.
    let mut last_sent = snap;
    if status == "over" {
        send_ok(sink, over_msg(app, table)).await?;
    }
    let mut told_paused = paused.is_some();
    if told_paused {
        send_ok(sink, paused_msg(paused)).await?;
    }
    loop {
        tokio::select! {
            ev = events.recv() => match ev {
                Ok(TableEvent::State(s, deadline)) => {
                    if !last_sent.as_ref().is_some_and(|l| Arc::ptr_eq(l, &s)) {
                        let msg = state_msg(table, &s, seat, deadline);
                        let shown = without_step(&msg);
                        if last_state.as_ref() != Some(&shown) {
                            send_ok(sink, msg).await?;
                            last_state = Some(shown);
                        }
                    }
                    last_sent = Some(s);
                }
                Ok(TableEvent::Acted { public_step, seat: who, action, public }) => {
                    if let Some(action) = if seat == Some(who) { Some(action) } else { public } {
                        send_ok(sink, json!({"type": "acted", "step": public_step, "seat": who, "action": action})).await?
                    }
                }
                Ok(TableEvent::Fallback(f)) => {
                    // The action the computer chose for the seat, as `acted` shows it.
                    let played = if seat == Some(f.seat) { Some(f.played) } else { f.played_public };
                    if let Some(played) = played {
                        send_ok(sink, json!({"type": "fallback", "step": f.public_step, "seat": f.seat, "reason": f.reason, "played": played})).await?
                    }
                }
                Ok(TableEvent::Seats) => send_ok(sink, json!({"type": "table", "table": table.info()})).await?,
                Ok(TableEvent::Over) => send_ok(sink, over_msg(app, table)).await?,
                Ok(TableEvent::Paused(why)) => {
                    told_paused = why.is_some();
                    send_ok(sink, paused_msg(why)).await?
                }
                Ok(TableEvent::Moved) => return close_moved(sink).await,
                Err(RecvError::Lagged(_)) => {
                    // Behind: the seats and the newest state, and only the events after them
                    // (those still queued are older). A change of seats (one taken over, or
                    // back), the end of the game, and a pause or resume among the events
                    // missed are told again: the client would show a seat's old state, wait
                    // for a game that is over, or not know why its answer is refused.
                    let (info, snap, deadline, paused, over) = {
                        let st = table.lock();
                        events = table.events.subscribe();
                        (table.info_locked(&st), st.snapshot.clone(), st.turn.and_then(|t| t.deadline_ms), st.paused.clone(), st.status == "over")
                    };
                    send_ok(sink, json!({"type": "table", "table": info})).await?;
                    if let Some(s) = snap {
                        let msg = state_msg(table, &s, seat, deadline);
                        last_state = Some(without_step(&msg));
                        send_ok(sink, msg).await?;
                        last_sent = Some(s);
                    }
                    if over {
                        send_ok(sink, over_msg(app, table)).await?;
                    }
                    if paused.is_some() != told_paused {
                        told_paused = paused.is_some();
                        send_ok(sink, paused_msg(paused)).await?;
                    }
                }
                Err(RecvError::Closed) => return None,
            },
            _ = live.tick() => live.ping(sink).await?,
            msg = stream.next() => match live.heard(msg) {
                Some(Ok(Message::Text(text))) => {
                    let reply = player_message(table, seat, &text);
                    if let Some(r) = reply {
                        send_ok(sink, r).await?;
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    send_ok(sink, error_msg("binary messages are not understood: send JSON text")).await?
                }
                Some(Err(e)) => return refuse_frame(sink, e).await,
                Some(Ok(Message::Close(_))) | None => return None,
                Some(Ok(_)) => {}
            },
            _ = stopping.changed() => return None,
        }
    }
}

/// The longest message a client or bot may send (the longest real one, a bot's answer with its
/// notes, is a few hundred bytes).
pub(crate) const MAX_MESSAGE: usize = 64 * 1024;

/// A frame that could not be read (too long, or not WebSocket): the connection closes with the
/// reason in its close frame (1009 "message too big" or 1002 "protocol error"). Returns `None`.
async fn refuse_frame(sink: &mut Sink, e: axum::Error) -> Option<()> {
    let text = e.to_string();
    let (code, reason) = if text.contains("too long") || text.contains("Space limit") {
        (
            1009,
            format!("a message is at most {MAX_MESSAGE} bytes; this connection is closed"),
        )
    } else {
        (
            1002,
            "not a valid WebSocket frame; this connection is closed".to_string(),
        )
    };
    let frame = axum::extract::ws::CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = sink.send(Message::Close(Some(frame))).await;
    None
}

/// The close code that asks a client to connect again (1012, "service restart").
pub(crate) const RECONNECT: u16 = 1012;

/// The table moved to another server instance: the connection closes with [`RECONNECT`] and
/// why; connecting again (to any instance) reaches the new owner. Returns `None`.
async fn close_moved(sink: &mut Sink) -> Option<()> {
    let frame = axum::extract::ws::CloseFrame {
        code: RECONNECT,
        reason: "the table moved to another server: connect again".into(),
    };
    let _ = sink.send(Message::Close(Some(frame))).await;
    None
}

/// Whether a WebSocket is still there: the server pings it every third of `idle`, and a
/// connection from which nothing (not even a pong) arrived for `idle` is given up, so that a
/// seat whose connection vanished without a goodbye counts as away (`Limits::idle`).
pub(crate) struct Liveness {
    idle: Duration,
    last: tokio::time::Instant,
    ticks: tokio::time::Interval,
}

impl Liveness {
    pub(crate) fn new(idle: Duration) -> Liveness {
        let every = (idle / 3).max(Duration::from_millis(10));
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Liveness {
            idle,
            last: tokio::time::Instant::now(),
            ticks,
        }
    }

    pub(crate) async fn tick(&mut self) {
        self.ticks.tick().await;
    }

    /// Notes that the connection spoke (any frame, a pong included); passes the message on.
    pub(crate) fn heard<T, E>(&mut self, msg: Option<Result<T, E>>) -> Option<Result<T, E>> {
        if matches!(msg, Some(Ok(_))) {
            self.last = tokio::time::Instant::now();
        }
        msg
    }

    /// At a tick: `None` (close) if the connection has been silent for `idle`, else a ping.
    pub(crate) async fn ping(&mut self, sink: &mut Sink) -> Option<()> {
        if self.last.elapsed() >= self.idle {
            return None;
        }
        sink.send(Message::Ping(Vec::new())).await.ok()
    }
}

/// A state message without its step (to tell whether it shows anything new).
fn without_step(msg: &Value) -> Value {
    let mut m = msg.clone();
    if let Some(o) = m.as_object_mut() {
        o.remove("step");
    }
    m
}

async fn send_ok(sink: &mut Sink, v: Value) -> Option<()> {
    send(sink, v).await.then_some(())
}

fn error_msg(message: impl Into<String>) -> Value {
    json!({"type": "error", "message": message.into()})
}

const PLAYER_HELP: &str = r#"send {"type":"act","action":{…one of legal…},"decision":n} or {"type":"act","index":i,"decision":n} (n: the state's `decision`), {"type":"back"} or {"type":"ping"}"#;

/// The reply to one client message (`None`: no reply; an accepted action is answered by the next
/// state).
fn player_message(table: &Table, seat: Option<usize>, text: &str) -> Option<Value> {
    let msg: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Some(error_msg(format!("not JSON ({e}): {PLAYER_HELP}"))),
    };
    match msg.get("type").and_then(Value::as_str) {
        Some("ping") => Some(json!({"type": "pong"})),
        Some("back") => {
            // A seat that counted as away after missed turns is its person's again.
            if let Some(seat) = seat {
                table.back(seat);
            }
            None
        }
        Some("act") => {
            let Some(seat) = seat else {
                return Some(error_msg(format!(
                    "spectators cannot act: join an open seat (POST /api/tables/{}/join) and connect with its token",
                    table.id
                )));
            };
            let answer = match (msg.get("action"), msg.get("index")) {
                (Some(a), _) => a.clone(),
                (None, Some(i)) => json!({ "index": i }),
                (None, None) => {
                    return Some(error_msg(format!(
                        "an act message needs `action` or `index`: {PLAYER_HELP}"
                    )))
                }
            };
            let decision = match msg.get("decision") {
                None | Some(Value::Null) => None,
                Some(d) => match d.as_u64() {
                    Some(d) => Some(d),
                    None => {
                        return Some(error_msg(format!(
                            "`decision` is {d}: give the `decision` number of the state you answer (or leave it out)"
                        )))
                    }
                },
            };
            // Acting is being back: a seat away after missed turns is the person's again.
            table.back(seat);
            match table.answer(seat, None, decision, &answer) {
                Ok(()) => None,
                Err(reason) => Some(error_msg(reason)),
            }
        }
        Some(other) => Some(error_msg(format!(
            "unknown message type `{other}`: {PLAYER_HELP}"
        ))),
        None => Some(error_msg(format!(
            "a message needs a `type`: {PLAYER_HELP}"
        ))),
    }
}

/// `GET /api/tables/{id}/bot?token=T`: an external bot on a seat, speaking the bot protocol v1.
pub(crate) async fn bot_ws(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    slot: Option<Extension<Arc<ConnectionSlot>>>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let Some(table) = app.table(&id) else {
        return not_found(&id).into_response();
    };
    let Some(token) = q.get("token").filter(|t| !t.is_empty()) else {
        return ApiError(
            StatusCode::UNAUTHORIZED,
            format!("a bot needs its seat's token: join a seat (POST /api/tables/{id}/join) and connect to /api/tables/{id}/bot?token=…"),
        )
        .into_response();
    };
    let seat = match seat_of(&table, token) {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let ws = match ws {
        Ok(ws) => ws,
        Err(_) => return not_websocket(),
    };
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            let _slot = slot;
            bot_session(app, table, seat, socket).await
        })
}

fn bot_error(id: Option<u64>, message: impl Into<String>) -> Value {
    json!({"type": "error", "id": id, "message": message.into()})
}

async fn bot_session(app: Arc<App>, table: Arc<Table>, seat: usize, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let mut stopping = app.stopping.clone();
    let mut live = Liveness::new(app.limits.idle);
    let _ = bot_loop(
        &app,
        &table,
        seat,
        &mut sink,
        &mut stream,
        &mut stopping,
        &mut live,
    )
    .await;
    let _ = sink.send(Message::Close(None)).await;
}

async fn bot_loop(
    app: &App,
    table: &Arc<Table>,
    seat: usize,
    sink: &mut Sink,
    stream: &mut SplitStream<WebSocket>,
    stopping: &mut tokio::sync::watch::Receiver<bool>,
    live: &mut Liveness,
) -> Option<()> {
    send_ok(
        sink,
        json!({"type": "hello", "protocol": "jass-bot", "version": 1,
               "engine": format!("jass {}", env!("CARGO_PKG_VERSION"))}),
    )
    .await?;
    // The bot's hello first.
    let hello = tokio::time::timeout(Duration::from_secs(30), stream.next()).await;
    let text = match hello {
        Ok(Some(Ok(Message::Text(t)))) => t,
        Ok(Some(Ok(Message::Binary(_)))) => {
            send_ok(sink, bot_error(None, "binary messages are not understood: send the hello as JSON text, {\"type\":\"hello\",\"name\":…,\"version\":1}")).await?;
            send_ok(sink, json!({"type": "bye"})).await?;
            return None;
        }
        Ok(_) => return None,
        Err(_) => {
            send_ok(sink, bot_error(None, "no hello within 30 seconds")).await?;
            send_ok(sink, json!({"type": "bye"})).await?;
            return None;
        }
    };
    let hello: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    if hello.get("type").and_then(Value::as_str) != Some("hello") {
        send_ok(
            sink,
            bot_error(
                None,
                r#"the first message must be {"type":"hello","name":"…","version":1}"#,
            ),
        )
        .await?;
        send_ok(sink, json!({"type": "bye"})).await?;
        return None;
    }
    if hello.get("version").and_then(Value::as_u64) != Some(1) {
        send_ok(
            sink,
            bot_error(
                None,
                "this engine speaks version 1 of the bot protocol: say \"version\":1",
            ),
        )
        .await?;
        send_ok(sink, json!({"type": "bye"})).await?;
        return None;
    }
    let mut events = table.events.subscribe();
    table.connect(seat, true);
    let r = bot_play(app, table, seat, sink, stream, stopping, &mut events, live).await;
    table.disconnect(seat, true);
    r
}

#[allow(clippy::too_many_arguments)]
async fn bot_play(
    app: &App,
    table: &Arc<Table>,
    seat: usize,
    sink: &mut Sink,
    stream: &mut SplitStream<WebSocket>,
    stopping: &mut tokio::sync::watch::Receiver<bool>,
    events: &mut tokio::sync::broadcast::Receiver<TableEvent>,
    live: &mut Liveness,
) -> Option<()> {
    let mut started = false;
    // The open request: its number for the bot (counting up from 1, as in the local protocol:
    // the table's step would tell the bot how many decisions it did not see, such as a Weis not
    // declared) and the table's step it stands for.
    let mut last_request: Option<(u64, usize)> = None;
    // Sends new_game once the table plays, the request when it is this seat's turn, game_over
    // at the end; returns false once the game is over.
    async fn catch_up(
        app: &App,
        table: &Table,
        seat: usize,
        sink: &mut Sink,
        started: &mut bool,
        last_request: &mut Option<(u64, usize)>,
    ) -> Option<bool> {
        let (status, snap, names) = {
            let st = table.lock();
            (
                st.status.clone(),
                st.snapshot.clone(),
                st.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
            )
        };
        if status == "waiting" {
            return Some(true);
        }
        if !*started {
            *started = true;
            send_ok(
                sink,
                json!({"type": "new_game", "game": table.spec.kind.name(), "options": table.spec.options,
                       "seat": seat, "seats": names}),
            )
            .await?;
        }
        if status == "over" || status == "error" || status == "closed" {
            let record = if status == "over" {
                app.store.record(&table.id).ok().flatten()
            } else {
                None
            };
            let result = snap
                .as_ref()
                .map(|s| s.public.clone())
                .unwrap_or(Value::Null);
            send_ok(
                sink,
                json!({"type": "game_over", "result": result, "record": record}),
            )
            .await?;
            send_ok(sink, json!({"type": "bye"})).await?;
            return Some(false);
        }
        if let Some(s) = snap {
            if !s.over && s.to_move == Some(seat) && last_request.map(|r| r.1) != Some(s.step) {
                let id = last_request.map_or(1, |r| r.0 + 1);
                *last_request = Some((id, s.step));
                send_ok(
                    sink,
                    json!({"type": "request", "id": id, "game": table.spec.kind.name(), "seat": seat,
                           "view": s.views[seat], "legal": s.legal,
                           "deadline_ms": (table.takeover_secs > 0).then(|| table.takeover_secs * 1000)}),
                )
                .await?;
            }
        }
        Some(true)
    }
    if !catch_up(app, table, seat, sink, &mut started, &mut last_request).await? {
        return Some(());
    }
    loop {
        tokio::select! {
            ev = events.recv() => match ev {
                Ok(TableEvent::State(..)) | Ok(TableEvent::Seats) | Ok(TableEvent::Over) | Err(RecvError::Lagged(_)) => {
                    if !catch_up(app, table, seat, sink, &mut started, &mut last_request).await? {
                        return Some(());
                    }
                }
                Ok(TableEvent::Moved) => return close_moved(sink).await,
                Ok(_) => {}
                Err(RecvError::Closed) => return None,
            },
            _ = live.tick() => live.ping(sink).await?,
            msg = stream.next() => match live.heard(msg) {
                Some(Ok(Message::Text(text))) => {
                    let v: Value = match serde_json::from_str(&text) {
                        Ok(v) => v,
                        Err(e) => { send_ok(sink, bot_error(None, format!("not JSON: {e}"))).await?; continue; }
                    };
                    match v.get("type").and_then(Value::as_str) {
                        Some("action") => {
                            let id = v.get("id").and_then(Value::as_u64);
                            let answer = match (v.get("action"), v.get("index")) {
                                (Some(a), _) => a.clone(),
                                (None, Some(i)) => json!({ "index": i }),
                                (None, None) => {
                                    send_ok(sink, bot_error(id, "an action message needs `action` or `index`")).await?;
                                    continue;
                                }
                            };
                            let Some(id) = id else {
                                send_ok(sink, bot_error(None, "an action message needs the request's `id`")).await?;
                                continue;
                            };
                            let step = match last_request {
                                Some((open, step)) if open == id => step,
                                Some((open, _)) => {
                                    send_ok(sink, bot_error(Some(id), format!("request {id} is not the open one: answer request {open}"))).await?;
                                    continue;
                                }
                                None => {
                                    send_ok(sink, bot_error(Some(id), "there is no open request: wait for one")).await?;
                                    continue;
                                }
                            };
                            if let Err(reason) = table.answer(seat, Some(step), None, &answer) {
                                send_ok(sink, bot_error(Some(id), reason)).await?;
                            }
                        }
                        Some("info") => {}
                        Some("ping") => send_ok(sink, json!({"type": "pong"})).await?,
                        Some("bye") => return Some(()),
                        Some("hello") => send_ok(sink, bot_error(None, "hello was already said")).await?,
                        other => {
                            send_ok(sink, bot_error(None, match other {
                                Some(t) => format!("unknown message type `{t}`: send action, info or bye"),
                                None => "a message needs a `type`: send action, info or bye".to_string(),
                            })).await?
                        }
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    send_ok(sink, bot_error(None, "binary messages are not understood: send JSON text")).await?
                }
                Some(Err(e)) => return refuse_frame(sink, e).await,
                Some(Ok(Message::Close(_))) | None => return None,
                Some(Ok(_)) => {}
            },
            _ = stopping.changed() => return None,
        }
    }
}

//! Several server instances on one PostgreSQL database.
//!
//! Each unfinished table is run by one instance at a time: the one holding its lease in the
//! database (`tables.owner`, `tables.lease_until`). An instance renews its leases every
//! [`crate::Limits::lease_renew`]; one that stops renewing (killed, cut off) loses its tables
//! when their leases run out ([`crate::Limits::lease`]), and the next instance to look takes
//! them over, loading each from its stored actions as at a restart. Every write of a table is
//! fenced by its lease ([`crate::Store::add_action`]): an old owner that wakes up after the
//! takeover cannot write a step, and stops the table ([`crate::table::Table::moved`]).
//!
//! A client may connect to any instance: a request about an unfinished table that another
//! instance runs (its page's API calls, its WebSockets) is forwarded to that instance, at the
//! address it registered (`instances.url`), and the answer relayed back; a table whose lease ran
//! out is taken over by the instance the client reached. On SQLite the one server runs every
//! table and nothing here applies.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite;

use crate::api::ApiError;
use crate::store::StoredTable;
use crate::table::Table;
use crate::App;

/// The header on a forwarded request: an instance that gets one for a table it does not run
/// does not forward it again (no loops while a table moves).
const FORWARDED: &str = "x-jass-forwarded";

/// The headers on a forwarded request that name the client's address (as the forwarding
/// instance counted it) and carry the instances' shared key ([`crate::Store::forward_key`]):
/// the owner counts the request and its connection against that address for its per-address
/// limits when the key is right; without it (a client sending the header itself) the header is
/// ignored.
pub(crate) const CLIENT: &str = "x-jass-client";
pub(crate) const KEY: &str = "x-jass-key";

/// The rows of instances not heard from for this many leases (killed, never deregistered) are
/// deleted by the live instances, unless they still hold a lease that has not run out.
pub(crate) const PRUNE_AFTER_LEASES: u32 = 20;

/// Puts a stored table in memory and starts it if it is being played (the tables of an instance
/// at its start, and those it takes over); returns the table in memory (the one there already,
/// if another request loaded it first).
pub(crate) fn load(app: &App, stored: &StoredTable) -> Option<Arc<Table>> {
    let table = match Table::from_stored(stored, app.limits.table()) {
        Ok(t) => Arc::new(t),
        Err(e) => {
            eprintln!("table {} cannot be loaded: {e}", stored.id);
            return None;
        }
    };
    {
        let mut map = app.tables.write().unwrap_or_else(|p| p.into_inner());
        if let Some(t) = map.get(&stored.id).filter(|t| !t.is_moved()) {
            return Some(Arc::clone(t));
        }
        // Not once the server stops: its stop has listed the tables to stop (under this lock)
        // and would leave a table loaded now running, with nobody to stop it.
        if *app.stopping.borrow() {
            return None;
        }
        map.insert(stored.id.clone(), Arc::clone(&table));
    }
    app.watch_presence(&table);
    // A table whose rows cannot be read is marked `error` (with why); the others load.
    if stored.status == "playing" {
        match app.store.actions(&stored.id) {
            Ok(actions) => table.start(Arc::clone(&app.store), actions),
            Err(e) => table.mark_damaged(e, false),
        }
    }
    Some(table)
}

/// Takes the lease of every unfinished table nobody holds and loads it.
pub(crate) fn take_over(app: &App) -> Result<(), String> {
    loop {
        let claimed = app.store.claim(None)?;
        for (id, before) in &claimed {
            load_claimed(app, id, before.as_deref());
        }
        // The claims come 100 at a time.
        if claimed.len() < 100 {
            return Ok(());
        }
    }
}

/// Loads table `id`, whose lease this instance just took from `before` (`None`: nobody held
/// it, as after a clean stop).
fn load_claimed(app: &App, id: &str, before: Option<&str>) -> Option<Arc<Table>> {
    if let Some(b) = before {
        eprintln!(
            "instance {}: took table {id} over from instance {b}, which stopped renewing its lease",
            app.store.instance()
        );
    }
    match app.store.table(id) {
        Ok(Some(stored)) => load(app, &stored),
        Ok(None) => None,
        Err(e) => {
            eprintln!("{e}");
            None
        }
    }
}

/// Every [`crate::Limits::lease_renew`]: renews this instance's leases (and stops the tables
/// another instance took over meanwhile), and takes over the tables whose lease ran out.
pub(crate) async fn leases(app: Arc<App>, mut stop: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            _ = tokio::time::sleep(app.limits.lease_renew) => {}
            _ = crate::stopped(&mut stop) => return,
        }
        check_leases(&app);
    }
}

/// Stores the presence of the seats of the tables this instance runs whenever it changes (their
/// ids come from [`crate::table::Table::seats_changed`]), for the other instances' lists:
/// one `UPDATE` per table and change, none when nothing shown changed.
pub(crate) async fn presence(
    app: Arc<App>,
    mut changed: tokio::sync::mpsc::UnboundedReceiver<String>,
    mut stop: watch::Receiver<bool>,
) {
    // What was stored last, per table.
    let mut stored: std::collections::HashMap<String, serde_json::Value> = Default::default();
    loop {
        let first = tokio::select! {
            id = changed.recv() => match id {
                Some(id) => id,
                None => return,
            },
            _ = crate::stopped(&mut stop) => return,
        };
        let mut ids = HashSet::from([first]);
        while let Ok(id) = changed.try_recv() {
            ids.insert(id);
        }
        for id in ids {
            let table = app.live(&id).filter(|t| {
                !t.is_moved() && matches!(t.lock().status.as_str(), "waiting" | "playing")
            });
            let Some(table) = table else {
                stored.remove(&id);
                continue;
            };
            let now = table.presence();
            if stored.get(&id) == Some(&now) {
                continue;
            }
            match app.store.set_presence(&id, &now) {
                Ok(()) => {
                    stored.insert(id, now);
                }
                // Shown a little wrong elsewhere until the next change: not worth more.
                Err(e) => eprintln!("table {id}: storing who is connected: {e}"),
            }
        }
        // The tables that finished or moved meanwhile are forgotten now and then.
        let live = app.tables.read().unwrap_or_else(|p| p.into_inner()).len();
        if stored.len() > 2 * live + 64 {
            stored.retain(|id, _| app.live(id).is_some());
        }
    }
}

fn check_leases(app: &App) {
    // The tables it runs, listed before the renewal: each was stored with this instance's lease
    // before it was put in memory.
    let running: Vec<Arc<Table>> = app
        .tables
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .values()
        .filter(|t| !t.is_moved() && matches!(t.lock().status.as_str(), "waiting" | "playing"))
        .cloned()
        .collect();
    if let Err(e) = app.store.register(&app.url) {
        eprintln!("instance {}: {e}", app.store.instance());
    }
    match app.store.renew() {
        Ok(Some(held)) => {
            let held: HashSet<String> = held.into_iter().collect();
            for t in running {
                // (A table that finished or closed meanwhile gave its lease up.)
                if !held.contains(&t.id)
                    && matches!(t.lock().status.as_str(), "waiting" | "playing")
                {
                    t.moved(&format!(
                        "{}: this server's lease ran out and another took it over",
                        crate::store::LEASE_LOST
                    ));
                }
            }
        }
        Ok(None) => {}
        Err(e) => eprintln!(
            "instance {}: the leases could not be renewed ({e}); another instance takes the tables over if this goes on for {} s",
            app.store.instance(),
            app.limits.lease.as_secs_f64()
        ),
    }
    app.tables
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|_, t| !t.is_moved());
    match app
        .store
        .prune_instances(app.limits.lease * PRUNE_AFTER_LEASES)
    {
        Ok(gone) => {
            for id in gone {
                eprintln!(
                    "instance {}: removed instance {id}, which had not renewed for {} s and holds no lease",
                    app.store.instance(),
                    (app.limits.lease * PRUNE_AFTER_LEASES).as_secs()
                );
            }
        }
        Err(e) => eprintln!(
            "instance {}: pruning the instances: {e}",
            app.store.instance()
        ),
    }
    if let Err(e) = take_over(app) {
        eprintln!(
            "instance {}: looking for tables to take over: {e}",
            app.store.instance()
        );
    }
}

/// `(id, rest)` of a path about one table: `/api/tables/{id}` or `/api/tables/{id}/{rest}`.
fn table_path(path: &str) -> Option<(&str, &str)> {
    let tail = path.strip_prefix("/api/tables/")?;
    let (id, rest) = tail.split_once('/').unwrap_or((tail, ""));
    (!id.is_empty()).then_some((id, rest))
}

fn unavailable(msg: String) -> Response {
    ApiError(StatusCode::SERVICE_UNAVAILABLE, msg).into_response()
}

/// Sends each request about an unfinished table to the instance that runs it: served here if
/// this instance runs it (or takes it over now, its lease having run out), else forwarded to its
/// owner. Everything else (the lobby, the lists, finished tables, new tables) is served here.
pub(crate) async fn route(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    if !app.store.leased() {
        return next.run(req).await;
    }
    let Some((id, rest)) =
        table_path(req.uri().path()).map(|(i, r)| (i.to_string(), r.to_string()))
    else {
        return next.run(req).await;
    };
    // A record is read from the database, wherever.
    if rest == "record" || app.live(&id).is_some_and(|t| !t.is_moved()) {
        return next.run(req).await;
    }
    let lease = match app.store.lease_of(&id) {
        Ok(Some(l)) if matches!(l.status.as_str(), "waiting" | "playing") => l,
        // No such table (the route says so), or a finished one (read from the database).
        Ok(_) => return next.run(req).await,
        Err(e) => {
            return unavailable(format!(
                "the server cannot read table {id} now ({e}); try again"
            ))
        }
    };
    let me = app.store.instance();
    if lease.owner.as_deref() == Some(me) {
        // Taken by this instance a moment ago and being loaded.
        if let Ok(Some(stored)) = app.store.table(&id) {
            load(&app, &stored);
        }
        return next.run(req).await;
    }
    let held = lease.owner.is_some() && lease.left_ms > 0;
    if !held {
        // Its owner stopped renewing (or gave it up): this instance runs it from now on.
        match app.store.claim(Some(&id)) {
            Ok(claimed) if !claimed.is_empty() => {
                load_claimed(&app, &id, claimed[0].1.as_deref());
                return next.run(req).await;
            }
            Ok(_) => {}
            Err(e) => {
                return unavailable(format!(
                    "the server cannot take table {id} over now ({e}); try again"
                ))
            }
        }
    }
    let retry = format!(
        "table {id} is moving to another server: try again in {} s",
        app.limits.lease.as_secs().max(1)
    );
    if req.headers().contains_key(FORWARDED) || !held {
        return unavailable(retry);
    }
    let Some(url) = lease.url else {
        return unavailable(retry);
    };
    let owner = lease.owner.unwrap_or_default();
    let websocket = (rest == "ws" || rest == "bot").then_some((id.as_str(), owner.as_str()));
    forward(&app, &url, req, websocket, &retry).await
}

/// Forwards a request to the instance at `url` and relays its answer (for a WebSocket,
/// `Some((table, owner))`: every message both ways while `owner` holds the table's lease).
async fn forward(
    app: &Arc<App>,
    url: &str,
    req: Request,
    websocket: Option<(&str, &str)>,
    retry: &str,
) -> Response {
    let authority = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let path = req
        .uri()
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_default();
    let gone = |e: String| {
        unavailable(format!(
            "the server running this table ({url}) does not answer ({e}); {retry}"
        ))
    };
    if let Some((id, owner)) = websocket {
        let (id, owner) = (id.to_string(), owner.to_string());
        let (mut parts, _) = req.into_parts();
        let slot = parts
            .extensions
            .get::<Arc<crate::http::ConnectionSlot>>()
            .cloned();
        let ws = match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
            Ok(ws) => ws,
            Err(r) => return r.into_response(),
        };
        let mut upstream_req = match tungstenite::client::IntoClientRequest::into_client_request(
            format!("ws://{authority}{path}"),
        ) {
            Ok(r) => r,
            Err(e) => return gone(e.to_string()),
        };
        upstream_req
            .headers_mut()
            .insert(FORWARDED, HeaderValue::from_static("1"));
        for (name, value) in client_headers(app, &parts.extensions) {
            upstream_req.headers_mut().insert(name, value);
        }
        let connect = tokio_tungstenite::connect_async(upstream_req);
        let upstream = match tokio::time::timeout(Duration::from_secs(5), connect).await {
            Ok(Ok((s, _))) => s,
            // The owner refused it (a wrong token, …): its answer as it is.
            Ok(Err(tungstenite::Error::Http(resp))) => {
                let status = resp.status();
                let body = resp.into_body().unwrap_or_default();
                return (
                    status,
                    [(header::CONTENT_TYPE, "application/json")],
                    Bytes::from(body),
                )
                    .into_response();
            }
            Ok(Err(e)) => return gone(e.to_string()),
            Err(_) => return gone("no answer within 5 s".into()),
        };
        let app = Arc::clone(app);
        return ws
            .max_message_size(crate::ws::MAX_MESSAGE)
            .max_frame_size(crate::ws::MAX_MESSAGE)
            .on_upgrade(move |socket| async move {
                let _slot = slot;
                relay(app, socket, upstream, &id, &owner).await
            });
    }
    let (parts, body) = req.into_parts();
    let body = match axum::body::to_bytes(body, crate::http::MAX_BODY).await {
        Ok(b) => b,
        Err(e) => {
            return ApiError(
                StatusCode::BAD_REQUEST,
                format!("the request body cannot be read: {e}"),
            )
            .into_response()
        }
    };
    match tokio::time::timeout(
        Duration::from_secs(10),
        http_forward(app, &authority, &path, parts, body),
    )
    .await
    {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => gone(e),
        Err(_) => gone("no answer within 10 s".into()),
    }
}

/// The [`CLIENT`] and [`KEY`] headers for a request this instance forwards: the address it
/// counted it against, and the key that makes the owner believe it.
fn client_headers(
    app: &App,
    extensions: &axum::http::Extensions,
) -> Vec<(&'static str, HeaderValue)> {
    let ip = extensions.get::<crate::http::ClientAddr>();
    let key = app.store.forward_key();
    match (ip, key) {
        (Some(crate::http::ClientAddr(ip)), Some(key)) => {
            match (
                HeaderValue::from_str(&ip.to_string()),
                HeaderValue::from_str(key),
            ) {
                (Ok(ip), Ok(key)) => vec![(CLIENT, ip), (KEY, key)],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}

/// One HTTP request to the owner, on a connection of its own.
async fn http_forward(
    app: &App,
    authority: &str,
    path: &str,
    parts: axum::http::request::Parts,
    body: Bytes,
) -> Result<Response, String> {
    use http_body_util::BodyExt;
    let stream = tokio::net::TcpStream::connect(authority)
        .await
        .map_err(|e| e.to_string())?;
    let (mut sender, conn) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .map_err(|e| e.to_string())?;
    tokio::spawn(conn);
    let mut out = axum::http::Request::builder()
        .method(parts.method)
        .uri(path)
        .header(header::HOST, authority)
        .header(FORWARDED, "1");
    for (name, value) in client_headers(app, &parts.extensions) {
        out = out.header(name, value);
    }
    if let Some(ct) = parts.headers.get(header::CONTENT_TYPE) {
        out = out.header(header::CONTENT_TYPE, ct);
    }
    let out = out
        .body(http_body_util::Full::new(body))
        .map_err(|e| e.to_string())?;
    let resp = sender.send_request(out).await.map_err(|e| e.to_string())?;
    let (rparts, rbody) = resp.into_parts();
    let bytes = rbody.collect().await.map_err(|e| e.to_string())?.to_bytes();
    let mut r = (rparts.status, bytes).into_response();
    for h in [
        header::CONTENT_TYPE,
        header::CONTENT_DISPOSITION,
        header::ALLOW,
    ] {
        if let Some(v) = rparts.headers.get(&h) {
            r.headers_mut().insert(h, v.clone());
        }
    }
    Ok(r)
}

type Upstream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Relays a client's WebSocket to the owner's and back, message by message. When the owner's
/// side ends without saying why (the instance stopped or died), or the owner no longer holds
/// the table's lease (it hangs, or is cut off: its connection may stay open and silent), the
/// client is told to connect again ([`crate::ws::RECONNECT`]): it then reaches the table's next
/// owner.
async fn relay(app: Arc<App>, client: WebSocket, upstream: Upstream, id: &str, owner: &str) {
    let (mut csink, mut cstream) = client.split();
    let (mut usink, mut ustream) = upstream.split();
    let mut stopping = app.stopping.clone();
    // The owner pings this instance; the client's liveness is checked here (as for a client
    // of this instance), and its going away ends the owner's connection.
    let mut live = crate::ws::Liveness::new(app.limits.idle);
    let reconnect = Message::Close(Some(CloseFrame {
        code: crate::ws::RECONNECT,
        reason: "the table's server went away: connect again".into(),
    }));
    let mut check = tokio::time::interval(app.limits.lease_renew);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = check.tick() => {
                let held = match app.store.lease_of(id) {
                    // (A finished table has no owner: its end is relayed as it comes.)
                    Ok(Some(l)) => {
                        !matches!(l.status.as_str(), "waiting" | "playing")
                            || (l.owner.as_deref() == Some(owner) && l.left_ms > 0)
                    }
                    Ok(None) => false,
                    // The database cannot say now: the owner's side tells soon enough.
                    Err(_) => true,
                };
                if !held {
                    let _ = usink.send(tungstenite::Message::Close(None)).await;
                    let _ = csink.send(reconnect).await;
                    return;
                }
            }
            m = cstream.next() => match live.heard(m) {
                Some(Ok(Message::Text(t))) => {
                    if usink.send(tungstenite::Message::Text(t)).await.is_err() {
                        let _ = csink.send(reconnect).await;
                        return;
                    }
                }
                Some(Ok(Message::Binary(b))) => {
                    if usink.send(tungstenite::Message::Binary(b)).await.is_err() {
                        let _ = csink.send(reconnect).await;
                        return;
                    }
                }
                Some(Ok(Message::Close(f))) => {
                    let f = f.map(|f| tungstenite::protocol::CloseFrame {
                        code: f.code.into(),
                        reason: f.reason,
                    });
                    let _ = usink.send(tungstenite::Message::Close(f)).await;
                    return;
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => {
                    let _ = usink.send(tungstenite::Message::Close(None)).await;
                    return;
                }
            },
            m = ustream.next() => match m {
                Some(Ok(tungstenite::Message::Text(t))) => {
                    if csink.send(Message::Text(t)).await.is_err() {
                        let _ = usink.send(tungstenite::Message::Close(None)).await;
                        return;
                    }
                }
                Some(Ok(tungstenite::Message::Binary(b))) => {
                    if csink.send(Message::Binary(b)).await.is_err() {
                        let _ = usink.send(tungstenite::Message::Close(None)).await;
                        return;
                    }
                }
                Some(Ok(tungstenite::Message::Close(Some(f)))) => {
                    let _ = csink
                        .send(Message::Close(Some(CloseFrame {
                            code: f.code.into(),
                            reason: f.reason.into_owned().into(),
                        })))
                        .await;
                    return;
                }
                Some(Ok(tungstenite::Message::Close(None))) | Some(Err(_)) | None => {
                    let _ = csink.send(reconnect).await;
                    return;
                }
                Some(Ok(_)) => {}
            },
            _ = live.tick() => {
                if live.ping(&mut csink).await.is_none() {
                    let _ = usink.send(tungstenite::Message::Close(None)).await;
                    return;
                }
            }
            _ = stopping.changed() => {
                let _ = usink.send(tungstenite::Message::Close(None)).await;
                let _ = csink.send(Message::Close(None)).await;
                return;
            }
        }
    }
}

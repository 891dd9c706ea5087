//! The HTTP API (JSON), the WebSocket routes and the embedded web client.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use jass_table::{GameKind, BOT_NAMES};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::http::{Body, ClientAddr};
use crate::store::{ListQuery, StoredTable};
use crate::table::{CloseError, SeatInfo, Table};
use crate::App;

/// An API error: a status and what was wrong and how to fix it.
pub(crate) struct ApiError(pub StatusCode, pub String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

pub(crate) fn not_found(id: &str) -> ApiError {
    ApiError(
        StatusCode::NOT_FOUND,
        format!("no table `{id}`: GET /api/tables lists the tables"),
    )
}

fn internal(msg: String) -> ApiError {
    ApiError(StatusCode::INTERNAL_SERVER_ERROR, msg)
}

/// The database did not take a change (a full or broken disk): nothing changed, the request may
/// be sent again.
fn storage_failed(what: &str, e: String) -> ApiError {
    ApiError(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("the server cannot store {what} now ({e}): nothing changed; try again later"),
    )
}

type ApiResult = Result<Response, ApiError>;

pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/:id", get(one_table))
        .route("/api/tables/:id/join", post(join_table))
        .route("/api/tables/:id/close", post(close_table))
        .route("/api/tables/:id/record", get(record))
        .route("/api/tables/:id/ws", get(crate::ws::player_ws))
        .route("/api/tables/:id/bot", get(crate::ws::bot_ws))
        .route("/api/*rest", get(api_unknown).post(api_unknown))
        .route("/", get(index))
        .route("/table/:id", get(index))
        .route("/assets/*path", get(asset))
        .fallback(unknown)
        // Requests about a table another instance runs go there (PostgreSQL only).
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            crate::cluster::route,
        ))
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            crate::http::rate_limit,
        ))
        // (Outermost: the address the limits count, for the rate above and the connections.)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            crate::http::client_addr,
        ))
        .with_state(app)
}

/// Errors that axum answers itself (a method a route does not take, a body over the size
/// limit, a body that is not what the route reads) get a JSON body like every other error of
/// the API, with what to do.
async fn json_errors(method: Method, uri: Uri, resp: Response) -> Response {
    let status = resp.status();
    let is_json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return resp;
    }
    let path = uri.path();
    let message = match status {
        StatusCode::BAD_REQUEST if uri.query().is_some() => format!(
            "{method} {path}: the query cannot be read: see docs/server.md for the route's parameters"
        ),
        StatusCode::METHOD_NOT_ALLOWED => format!(
            "{method} is not allowed on {path}: see docs/server.md for each route's methods (GET reads, POST creates and joins)"
        ),
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request body for {path} is too large: the API's bodies are small JSON documents")
        }
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            format!("{path} reads a JSON body: send it with Content-Type: application/json")
        }
        s => format!(
            "{method} {path}: {}",
            s.canonical_reason().unwrap_or("the request failed")
        ),
    };
    let mut out = ApiError(status, message).into_response();
    // Keep what axum said about the allowed methods.
    if let Some(allow) = resp.headers().get(header::ALLOW) {
        out.headers_mut().insert(header::ALLOW, allow.clone());
    }
    out
}

async fn api_unknown(Path(rest): Path<String>) -> ApiError {
    ApiError(
        StatusCode::NOT_FOUND,
        format!("no API route /api/{rest}: see docs/server.md for the routes"),
    )
}

async fn unknown() -> ApiError {
    ApiError(
        StatusCode::NOT_FOUND,
        "no such page: the lobby is at /, a table at /table/{id}".into(),
    )
}

/// Every game, its seats, every option with its default (those records write only when set
/// too) and the computer players.
async fn games() -> Json<Value> {
    Json(Value::Array(
        GameKind::ALL
            .iter()
            .map(|&k| {
                let spec = k.spec(&json!({})).expect("defaults are valid");
                let info = k.info();
                json!({
                    "game": info.name,
                    "title": info.title,
                    "teams": info.teams,
                    "seats": spec.seats(),
                    "options": k.listed_options(),
                    "bots": BOT_NAMES,
                })
            })
            .collect(),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateTable {
    game: String,
    #[serde(default)]
    options: Option<Value>,
    #[serde(default)]
    seats: Option<Vec<String>>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    takeover_secs: Option<u64>,
    #[serde(default)]
    turn_secs: Option<u64>,
    #[serde(default)]
    friends: bool,
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

/// The turn timer of a friends' table, unless the creator chooses: generous (people who know
/// each other wait for each other).
pub(crate) const FRIENDS_TURN_SECS: u64 = 300;
/// The turn timer of a table offered in the lobby, unless the creator chooses: a stranger who
/// stops playing does not hold the others for long.
pub(crate) const OPEN_TURN_SECS: u64 = 60;

fn parse_body<T: for<'de> Deserialize<'de>>(body: &[u8], example: &str) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        bad(format!(
            "bad request body: {e}; expected JSON like {example}"
        ))
    })
}

fn clean_name(name: Option<String>, fallback: &str) -> Result<String, ApiError> {
    let n = name.unwrap_or_default().trim().to_string();
    if n.chars().count() > 40 {
        return Err(bad("the name is too long: at most 40 characters"));
    }
    // A line break or an escape sequence in a name would garble every table list and the
    // terminal of whoever reads the logs; an invisible character would let it pass for another.
    jass_core::text::refuse_unsafe(&n).map_err(|e| bad(format!("the name {e}")))?;
    Ok(if n.is_empty() {
        fallback.to_string()
    } else {
        n
    })
}

async fn create_table(
    State(app): State<Arc<App>>,
    client: Option<Extension<ClientAddr>>,
    Body(body): Body,
) -> ApiResult {
    let example = r#"{"game":"schieber","options":{"target":1000},"seats":["me","rule","open","rule"],"name":"Anna","takeover_secs":60,"turn_secs":60}"#;
    let req: CreateTable = parse_body(&body, example)?;
    let kind: GameKind = req.game.parse().map_err(bad)?;
    let options = req.options.unwrap_or_else(|| json!({}));
    if !options.is_object() {
        return Err(bad(
            "`options` must be a JSON object, e.g. {\"target\":1000}",
        ));
    }
    let spec = kind
        .spec(&kind.named_options(&req.game, &options))
        .map_err(|e| bad(e.0))?;
    let n = spec.seats();
    let seat_names = req.seats.unwrap_or_else(|| {
        std::iter::once("me".to_string())
            .chain(std::iter::repeat_n("rule".to_string(), n - 1))
            .collect()
    });
    if seat_names.len() != n {
        return Err(bad(format!(
            "a {} table with these options has {n} seats, but `seats` lists {}: give one entry per seat (\"me\", \"open\" or a computer player: {})",
            kind.name(),
            seat_names.len(),
            BOT_NAMES.join(", ")
        )));
    }
    let creator = clean_name(req.name, "me")?;
    // Every table has a creator token (the "me" seat's, or one only for closing the table): a
    // token given is reused, so that one client's tables count together.
    let token = match req.token {
        Some(t)
            if t.len() < 16
                || t.len() > 128
                || !t
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
        {
            return Err(bad("`token` (your creator token from an earlier table) has 16 to 128 letters, digits, - or _; leave it out to get a new one"));
        }
        Some(t) => t,
        None => crate::random_hex(16),
    };
    let creator_hash = crate::token_hash(&token);
    let mut seats = Vec::with_capacity(n);
    let mut my_seat = None;
    for (i, s) in seat_names.iter().enumerate() {
        let s = s.trim().to_ascii_lowercase();
        match s.as_str() {
            "me" => {
                if my_seat.is_some() {
                    return Err(bad("`seats` names \"me\" more than once: the creator takes one seat; use \"open\" for the others"));
                }
                seats.push(SeatInfo {
                    kind: "human".into(),
                    name: creator.clone(),
                    bot: None,
                    joined: true,
                    token_hash: Some(creator_hash.clone()),
                });
                my_seat = Some(i);
            }
            "open" => seats.push(SeatInfo {
                kind: "human".into(),
                name: String::new(),
                bot: None,
                joined: false,
                token_hash: None,
            }),
            // Every game has each of these players (`GET /api/games` offers them all).
            b if BOT_NAMES.contains(&b) => seats.push(SeatInfo {
                kind: "bot".into(),
                name: b.to_string(),
                bot: Some(b.to_string()),
                joined: true,
                token_hash: None,
            }),
            other => {
                let other = jass_core::text::escape_unsafe(other);
                return Err(bad(format!(
                    "seat {i}: unknown `{other}`: write \"me\" (your seat), \"open\" (for a person or an external bot to join) or a computer player: {}",
                    BOT_NAMES.join(", ")
                )));
            }
        }
    }
    let takeover_secs = req.takeover_secs.unwrap_or(60);
    if takeover_secs > 7 * 86_400 {
        return Err(bad(
            "`takeover_secs` is at most 604800 (a week); 0 means never",
        ));
    }
    let turn_secs = match req.turn_secs {
        Some(t) if t > 86_400 => {
            return Err(bad(
                "`turn_secs` is at most 86400 (a day); 0 means no turn timer",
            ))
        }
        Some(t) => t,
        None if req.friends => FRIENDS_TURN_SECS,
        None => OPEN_TURN_SECS,
    };
    let all_joined = seats.iter().all(|s| s.joined);
    // The client's address (through a trusted reverse proxy, the one the proxy names).
    let addr = client.map(|Extension(ClientAddr(ip))| ip.to_string());
    let stored = StoredTable {
        id: crate::random_hex(6),
        game: kind.name().into(),
        options: spec.options.clone(),
        seed: req.seed.unwrap_or_else(crate::random_seed),
        seed_chosen: req.seed.is_some(),
        seats: serde_json::to_value(&seats).expect("seats serialize"),
        takeover_secs,
        status: if all_joined { "playing" } else { "waiting" }.into(),
        created: crate::now_iso(),
        turn_secs,
        friends: req.friends,
        creator_hash: Some(creator_hash.clone()),
        creator_addr: addr.clone(),
        record_ok: None,
        presence: None,
    };
    let table = Arc::new(Table::from_stored(&stored, app.limits.table()).map_err(internal)?);
    {
        // Counted and added under one lock: creates at the same moment cannot exceed a limit.
        let _creating = app.create_lock.lock().unwrap_or_else(|p| p.into_inner());
        let (mut all, mut by_addr, mut by_token) = (0, 0, 0);
        for t in app
            .tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
        {
            if !matches!(t.lock().status.as_str(), "playing" | "waiting") {
                continue;
            }
            all += 1;
            by_addr += usize::from(addr.is_some() && t.creator_addr == addr);
            by_token += usize::from(t.creator_hash.as_deref() == Some(creator_hash.as_str()));
        }
        let limits = &app.limits;
        if by_addr >= limits.tables_per_address {
            return Err(ApiError(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "this address has {by_addr} unfinished tables, the most one address may have: finish or close one (POST /api/tables/{{id}}/close with its token) first"
                ),
            ));
        }
        if by_token >= limits.tables_per_token {
            return Err(ApiError(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "this creator token has {by_token} unfinished tables, the most one token may have: finish or close one (POST /api/tables/{{id}}/close with its token) first"
                ),
            ));
        }
        if all >= limits.max_tables {
            return Err(ApiError(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server has {all} unfinished tables, the most it keeps: join one of them (GET /api/tables?status=waiting) or try again when one has ended"
                ),
            ));
        }
        app.store
            .insert_table(&stored)
            .map_err(|e| storage_failed("the new table", e))?;
        app.tables
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(stored.id.clone(), Arc::clone(&table));
    }
    app.watch_presence(&table);
    if all_joined {
        table.start(Arc::clone(&app.store), Vec::new());
    }
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": stored.id, "seat": my_seat, "token": token })),
    )
        .into_response())
}

/// The most tables one page of the list holds (and its default size).
const LIST_MAX: usize = 200;
const LIST_DEFAULT: usize = 50;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListParams {
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    limit: Option<String>,
    #[serde(default)]
    before: Option<String>,
}

/// `GET /api/tables?status=waiting,playing&limit=50&before=ID`: a page of the tables, newest
/// first, read from the database (finished tables are not kept in memory).
async fn list_tables(
    State(app): State<Arc<App>>,
    params: Result<Query<ListParams>, axum::extract::rejection::QueryRejection>,
) -> ApiResult {
    let Query(p) = params.map_err(|e| {
        bad(format!(
            "{e}: the list takes status (waiting, playing, over, closed, error; several with commas), limit (1 to {LIST_MAX}) and before (the id of the last table of the previous page)"
        ))
    })?;
    let status: Vec<String> = p
        .status
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if let Some(s) = status.iter().find(|s| {
        !matches!(
            s.as_str(),
            "waiting" | "playing" | "over" | "closed" | "error"
        )
    }) {
        let s = jass_core::text::escape_unsafe(s);
        return Err(bad(format!(
            "unknown status `{s}`: give waiting, playing, over, closed or error (several with commas)"
        )));
    }
    let limit = match p.limit.as_deref() {
        None => LIST_DEFAULT,
        Some(l) => match l.parse::<usize>() {
            Ok(n) if (1..=LIST_MAX).contains(&n) => n,
            _ => {
                return Err(bad(format!(
                    "limit is a number from 1 to {LIST_MAX} (default {LIST_DEFAULT})"
                )))
            }
        },
    };
    let rows = app
        .store
        .list(&ListQuery {
            status,
            limit,
            before: p.before,
        })
        .map_err(internal)?;
    let list: Vec<Value> = rows
        .iter()
        .filter_map(|row| match app.live(&row.id) {
            Some(t) => Some(t.info()),
            // Another instance's (PostgreSQL): who is connected, as that instance stored it.
            None => app.stored_table(row).map(|t| {
                if let Some(p) = &row.presence {
                    t.show_presence(p);
                }
                t.info()
            }),
        })
        .collect();
    Ok(Json(Value::Array(list)).into_response())
}

async fn one_table(State(app): State<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    let t = app.table(&id).ok_or_else(|| not_found(&id))?;
    Ok(Json(t.info()).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinTable {
    seat: usize,
    #[serde(default)]
    name: Option<String>,
}

async fn join_table(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Body(body): Body,
) -> ApiResult {
    let req: JoinTable = parse_body(&body, r#"{"seat":2,"name":"Beat"}"#)?;
    let t = app.table(&id).ok_or_else(|| not_found(&id))?;
    let name = clean_name(req.name, &format!("player {}", req.seat))?;
    let mut st = t.lock();
    // (A table playing has no open seat: that is said below.)
    if !matches!(st.status.as_str(), "waiting" | "playing") {
        return Err(ApiError(
            StatusCode::CONFLICT,
            format!(
                "table {id} is {}: create a new table or join another",
                st.status
            ),
        ));
    }
    let n = st.seats.len();
    let Some(seat) = st.seats.get(req.seat) else {
        return Err(bad(format!(
            "seat {} does not exist: this table has seats 0 to {}",
            req.seat,
            n - 1
        )));
    };
    if seat.kind != "human" || seat.joined {
        let open: Vec<String> = st
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == "human" && !s.joined)
            .map(|(i, _)| i.to_string())
            .collect();
        return Err(ApiError(
            StatusCode::CONFLICT,
            format!(
                "seat {} is taken: {}",
                req.seat,
                if open.is_empty() {
                    "the table has no open seat (watch it instead)".to_string()
                } else {
                    format!("open seats are {}", open.join(", "))
                }
            ),
        ));
    }
    let token = crate::random_hex(16);
    let mut seats = st.seats.clone();
    let s = &mut seats[req.seat];
    s.joined = true;
    s.name = name;
    s.token_hash = Some(crate::token_hash(&token));
    let all_joined = seats.iter().all(|s| s.joined);
    let status = if all_joined { "playing" } else { "waiting" };
    // Stored before it is changed in memory, under the table's lock: joins at the same moment
    // are stored in the order they are made, and a join the database refuses changes nothing.
    let stored = app.store.update_table(
        &id,
        &serde_json::to_value(&seats).expect("seats serialize"),
        status,
    );
    if let Err(e) = stored {
        drop(st);
        if e.starts_with(crate::store::LEASE_LOST) {
            t.moved(&e);
            return Err(ApiError(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("{e}: nothing changed; send the join again"),
            ));
        }
        return Err(storage_failed("the join", e));
    }
    st.seats = seats;
    st.status = status.into();
    drop(st);
    if all_joined {
        t.start(Arc::clone(&app.store), Vec::new());
    }
    t.seats_changed();
    Ok(Json(json!({ "seat": req.seat, "token": token })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CloseTable {
    token: String,
}

/// Closes a table for good, asked by one of its seats (its token): one still waiting for players,
/// or one being played when no other person is connected to it (a game others are playing is
/// not taken from them).
async fn close_table(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Body(body): Body,
) -> ApiResult {
    let req: CloseTable = parse_body(&body, r#"{"token":"…the token of your seat…"}"#)?;
    let t = app.table(&id).ok_or_else(|| not_found(&id))?;
    // A seat's token, or the creator's (a table of computer players has no seat with a token).
    let seat = if t.creator_hash.as_deref() == Some(crate::token_hash(&req.token).as_str()) {
        crate::ws::seat_of(&t, &req.token).ok()
    } else {
        Some(crate::ws::seat_of(&t, &req.token)?)
    };
    {
        let st = t.lock();
        if st.status == "playing" {
            let others: Vec<String> = (0..st.seats.len())
                .filter(|&i| Some(i) != seat && st.connected[i] > st.bots[i])
                .map(|i| i.to_string())
                .collect();
            if !others.is_empty() {
                let who = match others.as_slice() {
                    [one] => format!("seat {one} is"),
                    more => format!("seats {} are", more.join(", ")),
                };
                return Err(ApiError(
                    StatusCode::CONFLICT,
                    format!(
                        "{who} connected and playing: a game others play is not closed; leave it instead (a computer player takes your seat after the table's takeover_secs)"
                    ),
                ));
            }
        }
    }
    let store = Arc::clone(&app.store);
    let table = Arc::clone(&t);
    tokio::task::spawn_blocking(move || table.close(&store, "closed by a seat or its creator"))
        .await
        .map_err(|e| internal(format!("closing table {id}: {e}")))?
        .map_err(|e| match e {
            CloseError::Refused(e) => ApiError(StatusCode::CONFLICT, format!("table {id}: {e}")),
            CloseError::Storage(e) => storage_failed("the close", e),
        })?;
    Ok(Json(t.info()).into_response())
}

async fn record(State(app): State<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    let t = app.table(&id).ok_or_else(|| not_found(&id))?;
    let status = t.lock().status.clone();
    if status != "over" {
        return Err(ApiError(
            StatusCode::CONFLICT,
            format!("table {id} is {status}: its record is ready once the game is over"),
        ));
    }
    let rec = app
        .store
        .record(&id)
        .map_err(internal)?
        .ok_or_else(|| internal(format!("the record of table {id} is missing")))?;
    let body = serde_json::to_string_pretty(&rec).expect("records serialize");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&format!(
                    "attachment; filename=\"jass-{}-{id}.json\"",
                    t.spec.kind.name()
                ))
                .expect("ascii"),
            ),
        ],
        body,
    )
        .into_response())
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

fn serve_asset(path: &str) -> Response {
    // The phrase books of the table view (`phrases/en.json`) live with the registry, which the
    // terminal reads too: each the common book with every game's own phrases, merged and written
    // as JSON once (jass_table::phrases).
    let book = path
        .strip_prefix("phrases/")
        .and_then(|f| f.strip_suffix(".json"))
        .and_then(jass_table::PhraseBook::language)
        .map(|book| (path, book.json().as_bytes()));
    match book.or_else(|| {
        crate::assets()
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(p, b)| (*p, *b))
    }) {
        Some((p, bytes)) => (
            [
                (header::CONTENT_TYPE, content_type(p)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        None => ApiError(
            StatusCode::NOT_FOUND,
            format!("no file `{path}` in this build's web client (crates/jass-server/web/)"),
        )
        .into_response(),
    }
}

async fn index() -> Response {
    serve_asset("index.html")
}

async fn asset(Path(path): Path<String>) -> Response {
    serve_asset(&path)
}

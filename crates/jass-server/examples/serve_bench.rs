//! Load benchmark (not a test) of `jass serve`: N concurrent Schieber tables for a fixed time.
//!
//! ```sh
//! # (a) people who think: four person WebSockets a table, each decision after a random 1-3 s
//! cargo run --release -p jass-server --example serve_bench -- --addr 127.0.0.1:8080 \
//!     --server-pid PID --tables 1000 --think 1000-3000 --secs 120
//! # (b) saturation: four bots a table on the bot WebSocket, answering at once
//! cargo run --release -p jass-server --example serve_bench -- --addr 127.0.0.1:8080 --tables 100 --secs 60
//! # (c) idle connections: N spectators held open (pinging as the browser does) for the time
//! cargo run --release -p jass-server --example serve_bench -- --addr 127.0.0.1:8080 \
//!     --server-pid PID --tables 0 --spectators 10000 --secs 120
//! ```
//!
//! Move latency: from a client sending its action to the next message that shows the game went
//! on (people: the next `state` on the same socket; bots: the next `request` at the table). It
//! includes applying the action, storing it durably, the views and the messages. Latencies are
//! counted once every table has started (the ramp-up is left out). With `--server-pid` the
//! server's resident memory is read before and during the run (`/proc/PID/status`), which gives
//! the memory a table (or a spectator) costs. Without `--addr` a server runs in this process, on a
//! temporary data folder, on the same cores as the clients. Docs: docs/server.md, "Load".

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// What the run asks for, from the command line.
struct Settings {
    addr: Option<SocketAddr>,
    tables: usize,
    secs: u64,
    /// People who think `min..=max` ms a decision on the person WebSocket; `None`: bots at once.
    think_ms: Option<(u64, u64)>,
    spectators: usize,
    server_pid: Option<u32>,
}

const USAGE: &str = "usage: serve_bench [--addr HOST:PORT] [--tables N] [--secs N] \
[--think MIN-MAX (ms)] [--spectators N] [--server-pid PID]";

impl Settings {
    fn parse(args: &[String]) -> Result<Settings, String> {
        let mut s = Settings {
            addr: None,
            tables: 100,
            secs: 60,
            think_ms: None,
            spectators: 0,
            server_pid: None,
        };
        let mut it = args.iter().skip(1);
        while let Some(flag) = it.next() {
            let value = it
                .next()
                .ok_or_else(|| format!("{flag} needs a value; {USAGE}"))?;
            let bad = |what: &str| format!("{flag} {value}: expected {what}; {USAGE}");
            match flag.as_str() {
                "--addr" => s.addr = Some(value.parse().map_err(|_| bad("HOST:PORT"))?),
                "--tables" => s.tables = value.parse().map_err(|_| bad("a whole number"))?,
                "--secs" => s.secs = value.parse().map_err(|_| bad("a whole number"))?,
                "--spectators" => {
                    s.spectators = value.parse().map_err(|_| bad("a whole number"))?
                }
                "--server-pid" => s.server_pid = Some(value.parse().map_err(|_| bad("a pid"))?),
                "--think" => {
                    let (lo, hi) = value
                        .split_once('-')
                        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                        .filter(|(lo, hi)| lo <= hi)
                        .ok_or_else(|| bad("MIN-MAX in milliseconds, e.g. 1000-3000"))?;
                    s.think_ms = Some((lo, hi));
                }
                _ => return Err(format!("unknown flag {flag}; {USAGE}")),
            }
        }
        Ok(s)
    }
}

/// The counts every client adds to.
struct Stats {
    latencies_us: Mutex<Vec<u32>>,
    moves: AtomicU64,
    games: AtomicU64,
    /// Tables whose clients are all connected; latencies count once every table is.
    started: AtomicUsize,
    /// Refusals, lost connections and anything else that should not happen.
    errors: AtomicU64,
    first_error: Mutex<Option<String>>,
    spectators_open: AtomicUsize,
}

impl Stats {
    fn measuring(&self, tables: usize) -> bool {
        self.started.load(Ordering::Relaxed) >= tables
    }

    /// Counts the latency since `since`, once all `tables` have started.
    fn latency(&self, tables: usize, since: Instant) {
        if !self.measuring(tables) {
            return;
        }
        let us = since.elapsed().as_micros().min(u32::MAX as u128) as u32;
        self.latencies_us.lock().unwrap().push(us);
    }

    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        self.first_error.lock().unwrap().get_or_insert(what);
    }
}

/// A small generator for think times and choices (splitmix64).
struct Draws(u64);

impl Draws {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n.max(1)
    }
}

async fn post(
    client: &reqwest::Client,
    addr: SocketAddr,
    path: &str,
    body: Value,
) -> Result<Value, String> {
    let answer = client
        .post(format!("http://{addr}{path}"))
        .json(&body)
        .send()
        .await
        .map_err(|e| format!("POST {path}: {e}"))?;
    let status = answer.status();
    let v: Value = answer
        .json()
        .await
        .map_err(|e| format!("POST {path}: {e}"))?;
    if !status.is_success() {
        return Err(format!("POST {path}: {status} {v}"));
    }
    Ok(v)
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(url: String) -> Result<Ws, String> {
    tokio_tungstenite::connect_async(&url)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| format!("{url}: {e}"))
}

/// The next JSON message before `end`; `None` when the socket closes, the time is up, or it
/// sends something that is not JSON (an error).
async fn next_json(ws: &mut Ws, end: tokio::time::Instant, stats: &Stats) -> Option<Value> {
    loop {
        let Ok(Some(Ok(msg))) = tokio::time::timeout_at(end, ws.next()).await else {
            return None;
        };
        let Message::Text(t) = msg else { continue };
        return match serde_json::from_str(&t) {
            Ok(v) => Some(v),
            Err(_) => {
                stats.error(format!("not JSON: {t}"));
                None
            }
        };
    }
}

fn text(v: Value) -> Message {
    Message::Text(v.to_string())
}

/// One bot on one seat: answers every request at once with the first legal action.
async fn bot(
    mut ws: Ws,
    last_sent: Arc<Mutex<Option<Instant>>>,
    stats: Arc<Stats>,
    tables: usize,
    deadline: Instant,
) {
    if ws
        .send(text(
            json!({"type": "hello", "name": "bench", "version": 1}),
        ))
        .await
        .is_err()
    {
        return stats.error("a bot's hello was not sent".into());
    }
    let end = tokio::time::Instant::from_std(deadline + Duration::from_secs(1));
    while let Some(v) = next_json(&mut ws, end, &stats).await {
        match v["type"].as_str() {
            Some("request") => {
                if Instant::now() > deadline {
                    return;
                }
                if let Some(t) = last_sent.lock().unwrap().take() {
                    stats.latency(tables, t);
                }
                *last_sent.lock().unwrap() = Some(Instant::now());
                stats.moves.fetch_add(1, Ordering::Relaxed);
                let a = json!({"type": "action", "id": v["id"], "action": v["legal"][0]});
                if ws.send(text(a)).await.is_err() {
                    return stats.error("a bot's action was not sent".into());
                }
            }
            Some("game_over") => return,
            Some("error") => return stats.error(format!("the server refused a bot's action: {v}")),
            _ => {}
        }
    }
}

/// One person on one seat: on its turn it thinks a random time, then acts; the latency runs from
/// its action to the next `state` it receives.
async fn person(
    mut ws: Ws,
    seat: u64,
    (lo, hi): (u64, u64),
    stats: Arc<Stats>,
    tables: usize,
    deadline: Instant,
) {
    // Every person its own sequence of think times and choices.
    static PEOPLE: AtomicU64 = AtomicU64::new(0);
    let mut draws = Draws(PEOPLE.fetch_add(1, Ordering::Relaxed) * 4 + seat);
    let mut sent: Option<Instant> = None;
    let end = tokio::time::Instant::from_std(deadline + Duration::from_secs(1));
    while let Some(v) = next_json(&mut ws, end, &stats).await {
        match v["type"].as_str() {
            Some("state") => {
                if let Some(t) = sent.take() {
                    stats.latency(tables, t);
                }
                let legal = v["legal"].as_array().map_or(0, |l| l.len()) as u64;
                if legal == 0 || v["over"] == true {
                    continue;
                }
                let think = lo + draws.below(hi - lo + 1);
                tokio::time::sleep(Duration::from_millis(think)).await;
                if Instant::now() > deadline {
                    return;
                }
                let act =
                    json!({"type": "act", "index": draws.below(legal), "decision": v["decision"]});
                sent = Some(Instant::now());
                stats.moves.fetch_add(1, Ordering::Relaxed);
                if ws.send(text(act)).await.is_err() {
                    return stats.error("a person's action was not sent".into());
                }
            }
            Some("over") => return,
            Some("error") => {
                return stats.error(format!("the server refused a person's action: {v}"))
            }
            Some("paused") => stats.error(format!("a table paused: {v}")),
            _ => {}
        }
    }
}

/// Plays games on one table slot until the deadline, then closes its last table.
async fn table_slot(
    addr: SocketAddr,
    settings: Arc<Settings>,
    stats: Arc<Stats>,
    deadline: Instant,
) {
    let client = reqwest::Client::new();
    let mut counted = false;
    while Instant::now() < deadline {
        let people = settings.think_ms.is_some();
        let created = post(
            &client,
            addr,
            "/api/tables",
            json!({"game": "schieber", "options": {"target": 1000},
                   "seats": ["me", "open", "open", "open"], "name": "bench0",
                   "takeover_secs": 600, "turn_secs": 600}),
        )
        .await;
        let created = match created {
            Ok(v) => v,
            Err(e) => return stats.error(e),
        };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let mut tokens = vec![created["token"].as_str().unwrap_or_default().to_string()];
        for seat in 1..4 {
            let path = format!("/api/tables/{id}/join");
            match post(
                &client,
                addr,
                &path,
                json!({"seat": seat, "name": format!("bench{seat}")}),
            )
            .await
            {
                Ok(j) => tokens.push(j["token"].as_str().unwrap_or_default().to_string()),
                Err(e) => return stats.error(e),
            }
        }
        let mut sockets = Vec::new();
        for tok in &tokens {
            let route = if people { "ws" } else { "bot" };
            match connect(format!("ws://{addr}/api/tables/{id}/{route}?token={tok}")).await {
                Ok(ws) => sockets.push(ws),
                Err(e) => return stats.error(e),
            }
        }
        if !counted {
            counted = true;
            stats.started.fetch_add(1, Ordering::Relaxed);
        }
        let last = Arc::new(Mutex::new(None));
        let clients: Vec<_> = sockets
            .into_iter()
            .enumerate()
            .map(|(seat, ws)| {
                let stats = Arc::clone(&stats);
                match settings.think_ms {
                    Some(think) => tokio::spawn(person(
                        ws,
                        seat as u64,
                        think,
                        stats,
                        settings.tables,
                        deadline,
                    )),
                    None => {
                        tokio::spawn(bot(ws, Arc::clone(&last), stats, settings.tables, deadline))
                    }
                }
            })
            .collect();
        for c in clients {
            let _ = c.await;
        }
        if Instant::now() < deadline {
            stats.games.fetch_add(1, Ordering::Relaxed);
        } else {
            // Leave the server as found: the unfinished table is closed by its creator.
            let _ = post(
                &client,
                addr,
                &format!("/api/tables/{id}/close"),
                json!({"token": tokens[0]}),
            )
            .await;
        }
    }
}

/// Spectators held open on tables waiting for players, pinging every 30 s as the browser does.
async fn spectators(
    addr: SocketAddr,
    n: usize,
    stats: Arc<Stats>,
    deadline: Instant,
) -> Vec<tokio::task::JoinHandle<()>> {
    let client = reqwest::Client::new();
    let per_table = 100;
    let mut handles = Vec::new();
    let mut creators = Vec::new();
    for chunk in 0..n.div_ceil(per_table) {
        let created = post(
            &client,
            addr,
            "/api/tables",
            json!({"game": "schieber", "seats": ["me", "open", "open", "open"], "name": "host", "takeover_secs": 600}),
        )
        .await;
        let created = match created {
            Ok(v) => v,
            Err(e) => {
                stats.error(e);
                break;
            }
        };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        creators.push((
            id.clone(),
            created["token"].as_str().unwrap_or_default().to_string(),
        ));
        for _ in 0..per_table.min(n - chunk * per_table) {
            let ws = match connect(format!("ws://{addr}/api/tables/{id}/ws")).await {
                Ok(ws) => ws,
                Err(e) => {
                    stats.error(e);
                    continue;
                }
            };
            let stats = Arc::clone(&stats);
            stats.spectators_open.fetch_add(1, Ordering::Relaxed);
            handles.push(tokio::spawn(spectator(ws, stats, deadline)));
        }
    }
    let closer = tokio::spawn(async move {
        tokio::time::sleep_until(tokio::time::Instant::from_std(
            deadline + Duration::from_secs(2),
        ))
        .await;
        for (id, token) in creators {
            let _ = post(
                &client,
                addr,
                &format!("/api/tables/{id}/close"),
                json!({"token": token}),
            )
            .await;
        }
    });
    handles.push(closer);
    handles
}

async fn spectator(mut ws: Ws, stats: Arc<Stats>, deadline: Instant) {
    let mut ping = tokio::time::interval(Duration::from_secs(30));
    ping.tick().await;
    let end = tokio::time::Instant::from_std(deadline);
    loop {
        tokio::select! {
            _ = tokio::time::sleep_until(end) => break,
            _ = ping.tick() => {
                if ws.send(text(json!({"type": "ping"}))).await.is_err() {
                    stats.error("a spectator's ping was not sent".into());
                    break;
                }
            }
            msg = ws.next() => match msg {
                Some(Ok(_)) => {}
                other => {
                    stats.error(format!("a spectator lost its connection: {other:?}"));
                    break;
                }
            },
        }
    }
    stats.spectators_open.fetch_sub(1, Ordering::Relaxed);
    let _ = ws.close(None).await;
}

/// The resident memory of a process in KiB (Linux), if it can be read.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let settings = match Settings::parse(&args) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("serve_bench: {e}");
            std::process::exit(2);
        }
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (addr, server) = match settings.addr {
        Some(a) => (a, None),
        None => {
            // All the tables come from this one address: no per-address limits.
            let s = jass_server::Server::start_with(
                dir.path(),
                "127.0.0.1:0".parse().unwrap(),
                jass_server::Limits::unlimited_clients(),
            )
            .await
            .expect("server starts");
            (s.addr(), Some(s))
        }
    };
    let pid = settings
        .server_pid
        .or(server.as_ref().map(|_| std::process::id()));
    let rss_before = pid.and_then(rss_kib);
    let stats = Arc::new(Stats {
        latencies_us: Mutex::new(Vec::new()),
        moves: AtomicU64::new(0),
        games: AtomicU64::new(0),
        started: AtomicUsize::new(0),
        errors: AtomicU64::new(0),
        first_error: Mutex::new(None),
        spectators_open: AtomicUsize::new(0),
    });
    let start = Instant::now();
    let deadline = start + Duration::from_secs(settings.secs);
    let mut tasks = spectators(addr, settings.spectators, Arc::clone(&stats), deadline).await;
    let spectators_ready = start.elapsed().as_secs_f64();
    tasks.extend((0..settings.tables).map(|_| {
        tokio::spawn(table_slot(
            addr,
            Arc::clone(&settings),
            Arc::clone(&stats),
            deadline,
        ))
    }));
    // Memory while every table plays: sampled at two thirds of the run.
    let probe_at = start + Duration::from_secs(settings.secs * 2 / 3);
    let probe = tokio::spawn(async move {
        tokio::time::sleep_until(tokio::time::Instant::from_std(probe_at)).await;
        pid.and_then(rss_kib)
    });
    let rss_during = probe.await.ok().flatten();
    let started_at = stats.started.load(Ordering::Relaxed);
    let spectators_held = stats.spectators_open.load(Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut l = stats.latencies_us.lock().unwrap().clone();
    l.sort_unstable();
    let pct = |p: f64| -> Option<f64> {
        let i = ((l.len().checked_sub(1)?) as f64 * p).round() as usize;
        Some((l[i] as f64 / 10.0).round() / 100.0)
    };
    let moves = stats.moves.load(Ordering::Relaxed);
    let grown = rss_before.zip(rss_during).map(|(a, b)| b.saturating_sub(a));
    let per = |n: usize| {
        grown
            .filter(|_| n > 0)
            .map(|g| (g as f64 / n as f64 * 10.0).round() / 10.0)
    };
    println!(
        "{}",
        json!({
            "tables": settings.tables,
            "clients": match settings.think_ms { Some(_) => "people (person WebSocket)", None => "bots (bot WebSocket, at once)" },
            "think_ms": settings.think_ms.map(|(a, b)| [a, b]),
            "seconds": (elapsed * 10.0).round() / 10.0,
            "tables_started_at_two_thirds": started_at,
            "games_finished": stats.games.load(Ordering::Relaxed),
            "moves": moves,
            "moves_per_second": (moves as f64 / elapsed).round(),
            "latency_samples": l.len(),
            "latency_ms_median": pct(0.5),
            "latency_ms_p99": pct(0.99),
            "latency_ms_max": pct(1.0),
            "spectators": settings.spectators,
            "spectators_ready_after_s": (spectators_ready * 10.0).round() / 10.0,
            "spectators_open_at_two_thirds": spectators_held,
            "errors": stats.errors.load(Ordering::Relaxed),
            "first_error": *stats.first_error.lock().unwrap(),
            "server_rss_mib_before": rss_before.map(|k| k / 1024),
            "server_rss_mib_during": rss_during.map(|k| k / 1024),
            // Bots finish games: their finished tables stay in memory for a while
            // (`JASS_KEEP_FINISHED_SECS`), so memory a table is only read with people.
            "server_kib_per_table": if settings.think_ms.is_some() { per(settings.tables) } else { None },
            "server_kib_per_spectator": if settings.tables == 0 { per(settings.spectators) } else { None },
            "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            "server": if server.is_some() { "in this process" } else { "external" },
        })
    );
    if let Some(s) = server {
        s.stop().await;
    }
}

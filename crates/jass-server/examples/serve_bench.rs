//! Load benchmark (not a test): N concurrent Schieber tables, each with four external bots on the
//! bot WebSocket over loopback, for a fixed time; prints the move latency (an action sent by one
//! bot until the next request arrives at the table's next bot) as median and 99th percentile.
//!
//! ```sh
//! cargo run --release -p jass-server --example serve_bench -- --tables 100 --secs 60
//! ```
//! Without `--addr` the server runs in this process (same cores as the clients) on a temporary
//! data folder; with `--addr 127.0.0.1:8080` it loads a running `jass serve`.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

struct Stats {
    latencies_us: Mutex<Vec<u32>>,
    moves: AtomicU64,
    games: AtomicU64,
}

async fn post(client: &reqwest::Client, addr: SocketAddr, path: &str, body: Value) -> Value {
    client
        .post(format!("http://{addr}{path}"))
        .json(&body)
        .send()
        .await
        .expect("the server answers")
        .json()
        .await
        .expect("JSON")
}

/// One bot on one seat: answers every request with the first legal action.
async fn bot(
    addr: SocketAddr,
    id: String,
    token: String,
    last_sent: Arc<Mutex<Option<Instant>>>,
    stats: Arc<Stats>,
    deadline: Instant,
) {
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{id}/bot?token={token}"))
            .await
            .expect("bot connects");
    let send = |v: Value| Message::Text(v.to_string());
    if ws
        .send(send(
            json!({"type": "hello", "name": "bench", "version": 1}),
        ))
        .await
        .is_err()
    {
        return;
    }
    let end = tokio::time::Instant::from_std(deadline + Duration::from_secs(1));
    while let Ok(Some(Ok(msg))) = tokio::time::timeout_at(end, ws.next()).await {
        let Message::Text(text) = msg else { continue };
        let v: Value = serde_json::from_str(&text).expect("JSON");
        match v["type"].as_str() {
            Some("request") => {
                let now = Instant::now();
                if now > deadline {
                    return;
                }
                if let Some(t) = last_sent.lock().unwrap().take() {
                    stats
                        .latencies_us
                        .lock()
                        .unwrap()
                        .push(now.duration_since(t).as_micros() as u32);
                }
                *last_sent.lock().unwrap() = Some(Instant::now());
                stats.moves.fetch_add(1, Ordering::Relaxed);
                let a = json!({"type": "action", "id": v["id"], "action": v["legal"][0]});
                if ws.send(send(a)).await.is_err() {
                    return;
                }
            }
            Some("game_over") => {
                return;
            }
            Some("error") => panic!("the server refused an action: {v}"),
            _ => {}
        }
    }
}

/// Plays games on one table slot until the deadline.
async fn table_slot(addr: SocketAddr, stats: Arc<Stats>, deadline: Instant) {
    let client = reqwest::Client::new();
    while Instant::now() < deadline {
        let t = post(
            &client,
            addr,
            "/api/tables",
            json!({"game": "schieber", "options": {"target": 1000}, "seats": ["open", "open", "open", "open"], "takeover_secs": 0}),
        )
        .await;
        let id = t["id"].as_str().expect("a table id").to_string();
        let mut tokens = Vec::new();
        for seat in 0..4 {
            let j = post(
                &client,
                addr,
                &format!("/api/tables/{id}/join"),
                json!({"seat": seat, "name": format!("bench{seat}")}),
            )
            .await;
            tokens.push(j["token"].as_str().expect("a token").to_string());
        }
        let last = Arc::new(Mutex::new(None));
        let bots: Vec<_> = tokens
            .into_iter()
            .map(|tok| {
                tokio::spawn(bot(
                    addr,
                    id.clone(),
                    tok,
                    Arc::clone(&last),
                    Arc::clone(&stats),
                    deadline,
                ))
            })
            .collect();
        for b in bots {
            let _ = b.await;
        }
        if Instant::now() < deadline {
            stats.games.fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let tables: usize = arg(&args, "--tables").map_or(100, |s| s.parse().expect("--tables N"));
    let secs: u64 = arg(&args, "--secs").map_or(60, |s| s.parse().expect("--secs N"));
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (addr, server) = match arg(&args, "--addr") {
        Some(a) => (a.parse().expect("--addr HOST:PORT"), None),
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
    let stats = Arc::new(Stats {
        latencies_us: Mutex::new(Vec::new()),
        moves: AtomicU64::new(0),
        games: AtomicU64::new(0),
    });
    let start = Instant::now();
    let deadline = start + Duration::from_secs(secs);
    let slots: Vec<_> = (0..tables)
        .map(|_| tokio::spawn(table_slot(addr, Arc::clone(&stats), deadline)))
        .collect();
    for s in slots {
        let _ = s.await;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut l = stats.latencies_us.lock().unwrap().clone();
    l.sort_unstable();
    let pct = |p: f64| -> f64 {
        if l.is_empty() {
            return f64::NAN;
        }
        l[((l.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
    };
    let moves = stats.moves.load(Ordering::Relaxed);
    println!(
        "{}",
        json!({
            "tables": tables,
            "seconds": (elapsed * 10.0).round() / 10.0,
            "games_finished": stats.games.load(Ordering::Relaxed),
            "moves": moves,
            "moves_per_second": (moves as f64 / elapsed).round(),
            "latency_ms_median": (pct(0.5) * 100.0).round() / 100.0,
            "latency_ms_p99": (pct(0.99) * 100.0).round() / 100.0,
            "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            "server": if server.is_some() { "in this process" } else { "external" },
        })
    );
    if let Some(s) = server {
        s.stop().await;
    }
}

//! `jass serve` killed with SIGKILL (`kill -9`) in the middle of a burst of moves loses no
//! acknowledged move (issue 41, items 1 and 6): the real binary as a child process on loopback,
//! people's seats playing over WebSockets as fast as they can, the kill at a seeded moment.
//!
//! - On SQLite: killed and restarted on the same data folder several times; each time every
//!   move acknowledged before the kill is stored, the restored table asks each seat for the
//!   decision after its last acknowledged one, and the games go on to records that
//!   `jass check` accepts and that hold every acknowledged move.
//! - On PostgreSQL (when `JASS_TEST_POSTGRES` names a server): two instances on one database,
//!   the tables owned by B, their clients on A; B is killed mid-burst, A takes the tables over
//!   once B's lease runs out, and the games go on likewise.

#![cfg(unix)]

mod common;
#[path = "../../jass-server/tests/common/mod.rs"]
mod server;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use jass_server::{Database, Store};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Value};
use server::{create, decisions_of, get, join, postgres, try_player, Ws};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

/// A `jass serve` child process on a free loopback port.
struct Serve {
    child: Child,
    addr: SocketAddr,
    /// Its instance id (on PostgreSQL; the `owner` of the tables it runs).
    instance: Option<String>,
    /// Its standard error so far, for the failure messages.
    log: Arc<Mutex<String>>,
}

impl Serve {
    /// Starts `jass serve` on `data` (and PostgreSQL at `database`) and waits until it listens.
    fn start(data: &Path, database: Option<&str>) -> Serve {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_jass"));
        cmd.args(["serve", "--addr", "127.0.0.1:0", "--data"])
            .arg(data);
        if let Some(url) = database {
            cmd.args(["--database", url]);
        }
        // Short leases: a killed owner's tables are taken over within 3 s.
        let mut child = cmd
            .env("JASS_LEASE_SECS", "2")
            .env("JASS_LEASE_RENEW_SECS", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("jass serve starts");
        let log = Arc::new(Mutex::new(String::new()));
        let (line_tx, lines) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        let written = Arc::clone(&log);
        // Read to the end, so that the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                written.lock().unwrap().push_str(&format!("{line}\n"));
                let _ = line_tx.send(line);
            }
        });
        let said = |start: &str| loop {
            match lines.recv_timeout(Duration::from_secs(30)) {
                Ok(line) if line.starts_with(start) => return line[start.len()..].to_string(),
                Ok(_) => {}
                Err(_) => panic!(
                    "jass serve did not say `{start}…` within 30 s:\n{}",
                    log.lock().unwrap()
                ),
            }
        };
        let addr = said("jass server on http://")
            .split(' ')
            .next()
            .and_then(|a| a.parse().ok())
            .expect("the address it listens on");
        let instance = database.map(|_| said("instance ").split(' ').next().unwrap().to_string());
        Serve {
            child,
            addr,
            instance,
            log,
        }
    }

    /// `kill -9`, and waits until the process is gone.
    fn kill9(mut self) {
        // SAFETY: `kill` only sends a signal to the child we started and have not waited for.
        let rc = unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGKILL) };
        assert_eq!(rc, 0);
        let status = self.child.wait().unwrap();
        assert_eq!(
            status.signal(),
            Some(libc::SIGKILL),
            "jass serve had stopped before the kill:\n{}",
            self.log.lock().unwrap()
        );
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        // A failed test leaves no server behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A Schieber table of four people, and what their clients were acknowledged.
struct PeopleTable {
    id: String,
    tokens: Vec<String>,
    /// Per seat: the action of each of its decisions (by number, from 1) that its `acted`
    /// acknowledged.
    acked: Vec<BTreeMap<u64, Value>>,
    /// Per seat: the number of the last decision it answered, acknowledged or not (0: none).
    answered: Vec<u64>,
    over: bool,
}

impl PeopleTable {
    /// Created on `creator`, its seats joined through `joined_at` (takeover and turn timer off:
    /// only the people play, whoever is connected).
    async fn new(creator: SocketAddr, joined_at: SocketAddr, seed: u64) -> PeopleTable {
        let (id, _, token) = create(
            creator,
            json!({"game": "schieber", "options": {"target": 1000}, "seed": seed,
                   "seats": ["me", "open", "open", "open"], "takeover_secs": 0, "turn_secs": 0}),
        )
        .await;
        let mut tokens = vec![token.expect("the creator's seat token")];
        for seat in 1..4 {
            tokens.push(join(joined_at, &id, seat).await);
        }
        PeopleTable {
            id,
            tokens,
            acked: vec![BTreeMap::new(); 4],
            answered: vec![0; 4],
            over: false,
        }
    }

    fn acked_moves(&self) -> usize {
        self.acked.iter().map(BTreeMap::len).sum()
    }

    /// The number of `seat`'s last acknowledged decision (0: none).
    fn last_acked(&self, seat: usize) -> u64 {
        self.acked[seat].keys().next_back().copied().unwrap_or(0)
    }
}

/// What one seat's connection saw.
#[derive(Default)]
struct SeatRun {
    /// The actions `acted` acknowledged, by decision number.
    acked: BTreeMap<u64, Value>,
    /// The first decision it was asked.
    first_asked: Option<u64>,
    /// The last decision it answered.
    last_answered: Option<u64>,
    over: bool,
}

/// One seat plays a random legal action as soon as it is asked, until the game is over or its
/// connection ends (the server killed); `acks` counts the acknowledged moves of all seats.
async fn play_seat(mut ws: Ws, seat: usize, seed: u64, acks: Arc<watch::Sender<usize>>) -> SeatRun {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut run = SeatRun::default();
    let mut answered: Option<u64> = None;
    while let Some(m) = ws.try_next().await {
        match m["type"].as_str() {
            Some("state") => {
                let Some(decision) = m["decision"].as_u64() else {
                    continue;
                };
                run.first_asked.get_or_insert(decision);
                let legal = m["legal"].as_array().unwrap().len() as u64;
                let act =
                    json!({"type": "act", "index": rng.next_u64() % legal, "decision": decision});
                // The server may be killed meanwhile: the connection's end says so.
                let _ = ws.ws.send(Message::Text(act.to_string())).await;
                answered = Some(decision);
                run.last_answered = Some(decision);
            }
            Some("acted") if m["seat"] == seat => {
                let decision = answered
                    .take()
                    .unwrap_or_else(|| panic!("seat {seat}: {m} for no answer sent"));
                run.acked.insert(decision, m["action"].clone());
                acks.send_modify(|n| *n += 1);
            }
            Some("over") => {
                run.over = true;
                break;
            }
            Some("error" | "paused" | "fallback") => panic!("seat {seat}: {m}"),
            _ => {}
        }
    }
    run
}

/// A seat's WebSocket on `addr`, waiting while the table moves to another instance (503).
async fn connect_seat(addr: SocketAddr, id: &str, token: &str) -> Ws {
    let since = Instant::now();
    loop {
        match try_player(addr, id, token).await {
            Ok(ws) => return ws,
            Err(503) if since.elapsed() < Duration::from_secs(30) => {
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            Err(status) => panic!("table {id} refused its seat: {status}"),
        }
    }
}

/// Every seat of the unfinished `tables` connects to `addr` and plays as fast as it can. With
/// `kill`, `(n, server)`: the server is killed with SIGKILL once `n` moves in all were
/// acknowledged (or every game is over); else the games are played to their end. Then what
/// each seat was acknowledged is added to its table, after checking that the table asked it
/// first for a decision after its last acknowledged one (none lost) and at most the one after
/// its last answer (none made up: answers stored but killed before their acknowledgement
/// count).
async fn burst(
    addr: SocketAddr,
    tables: &mut [PeopleTable],
    seed: u64,
    kill: Option<(usize, Serve)>,
) {
    let (acks, mut acked) = watch::channel(0);
    let acks = Arc::new(acks);
    let mut seats = Vec::new();
    for (t, table) in tables.iter().enumerate().filter(|(_, t)| !t.over) {
        for (seat, token) in table.tokens.iter().enumerate() {
            let mut ws = connect_seat(addr, &table.id, token).await;
            assert_eq!(ws.next().await["type"], "welcome");
            let seed = seed ^ (t * 4 + seat) as u64;
            seats.push((
                t,
                seat,
                tokio::spawn(play_seat(ws, seat, seed, Arc::clone(&acks))),
            ));
        }
    }
    // Only the seats hold the counter now: it closes when every game is over.
    drop(acks);
    if let Some((moves, server)) = kill {
        let log = Arc::clone(&server.log);
        let counted =
            tokio::time::timeout(Duration::from_secs(60), acked.wait_for(|n| *n >= moves));
        if counted.await.is_err() {
            panic!(
                "{moves} moves were not acknowledged within 60 s:\n{}",
                log.lock().unwrap()
            );
        }
        server.kill9();
    }
    for (t, seat, run) in seats {
        let run = tokio::time::timeout(Duration::from_secs(120), run)
            .await
            .expect("the seat's game ends, or its connection with the server, within 120 s")
            .expect("the seat's client");
        let table = &mut tables[t];
        if let Some(first) = run.first_asked {
            let (acked, answered) = (table.last_acked(seat), table.answered[seat]);
            assert!(
                acked < first && first <= answered + 1,
                "table {}, seat {seat}: asked decision {first} after decision {acked} was acknowledged and {answered} answered",
                table.id
            );
        }
        if let Some(last) = run.last_answered {
            table.answered[seat] = last;
        }
        table.acked[seat].extend(run.acked);
        table.over |= run.over;
    }
}

/// Every move acknowledged at `tables` is stored.
fn assert_stored(store: &Store, tables: &[PeopleTable]) {
    for t in tables {
        let stored = store.actions(&t.id).expect("the table's actions").len();
        eprintln!(
            "table {}: {} moves acknowledged, {stored} stored",
            t.id,
            t.acked_moves()
        );
        assert!(
            stored >= t.acked_moves(),
            "table {}: {} moves acknowledged, {stored} stored",
            t.id,
            t.acked_moves()
        );
    }
}

/// The finished records of `tables` (asked of `addr`) pass `jass check` and hold every
/// acknowledged move as the decision it answered.
async fn assert_records(addr: SocketAddr, tables: &[PeopleTable], dir: &Path) {
    let mut lines = String::new();
    for t in tables {
        assert!(t.over, "table {} is over", t.id);
        let (status, record) = get(addr, &format!("/api/tables/{}/record", t.id)).await;
        assert_eq!(status, 200, "{record}");
        for (seat, acked) in t.acked.iter().enumerate() {
            let decisions = decisions_of(&record, seat);
            for (&decision, action) in acked {
                assert_eq!(
                    decisions.get(decision as usize - 1),
                    Some(action),
                    "table {}, seat {seat}: decision {decision} as acknowledged",
                    t.id
                );
            }
        }
        lines.push_str(&format!("{record}\n"));
    }
    let file = dir.join("records.jsonl");
    std::fs::write(&file, lines).unwrap();
    common::assert_consistent(&file, tables.len());
}

/// How many times the SQLite server is killed.
const KILLS: usize = 8;

/// The seed of the kill moments and the moves: `JASS_KILL_SEED` (to try other moments), else
/// `default`.
fn kill_seed(default: u64) -> Xoshiro256PlusPlus {
    let seed = std::env::var("JASS_KILL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    eprintln!("kill moments of seed {seed} (JASS_KILL_SEED)");
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_during_bursts_loses_no_acknowledged_move_on_sqlite() {
    tokio::time::timeout(Duration::from_secs(150), kills_on_sqlite())
        .await
        .expect("the kills and the games end within 150 s");
}

async fn kills_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut rng = kill_seed(41);
    let mut server = Serve::start(&data, None);
    let mut tables = Vec::new();
    for seed in [1, 2] {
        tables.push(PeopleTable::new(server.addr, server.addr, seed).await);
    }
    for _ in 0..KILLS {
        let moves = 1 + (rng.next_u64() % 40) as usize;
        let addr = server.addr;
        burst(addr, &mut tables, rng.next_u64(), Some((moves, server))).await;
        {
            let store = Store::open(&Database::sqlite(&data)).await.unwrap();
            assert_stored(&store, &tables);
        }
        server = Serve::start(&data, None);
    }
    burst(server.addr, &mut tables, rng.next_u64(), None).await;
    assert_records(server.addr, &tables, dir.path()).await;
}

/// The URL of `db`, a test's own database beside the one `JASS_TEST_POSTGRES` names.
fn url_of(db: &Database) -> String {
    let base = std::env::var("JASS_TEST_POSTGRES").unwrap();
    let name = db.scratch_name().expect("a test database");
    let (scheme, rest) = base.split_once("://").unwrap();
    let authority = &rest[..rest.find('/').unwrap_or(rest.len())];
    let query = rest.find('?').map_or("", |q| &rest[q..]);
    format!("{scheme}://{authority}/{name}{query}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_of_the_owning_instance_moves_its_tables_and_loses_nothing_on_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        eprintln!("skipped: set JASS_TEST_POSTGRES to run two instances on PostgreSQL");
        return;
    };
    tokio::time::timeout(Duration::from_secs(120), owner_killed(&db, dir.path()))
        .await
        .expect("the takeover and the games end within 120 s");
}

async fn owner_killed(db: &Database, dir: &Path) {
    let url = url_of(db);
    let a = Serve::start(&dir.join("a"), Some(&url));
    let b = Serve::start(&dir.join("b"), Some(&url));
    let store = Store::open(db).await.unwrap();
    // Created on B (B runs them), joined and played through A (which forwards to B).
    let mut tables = Vec::new();
    for seed in [3, 4] {
        tables.push(PeopleTable::new(b.addr, a.addr, seed).await);
    }
    for t in &tables {
        let lease = store.lease_of(&t.id).unwrap().unwrap();
        assert_eq!(lease.owner, b.instance);
    }
    let b_instance = b.instance.clone().expect("B's instance id");
    let mut rng = kill_seed(6);
    let moves = 10 + (rng.next_u64() % 30) as usize;
    burst(a.addr, &mut tables, rng.next_u64(), Some((moves, b))).await;
    assert!(tables.iter().all(|t| !t.over), "B was killed mid-game");
    assert_stored(&store, &tables);
    // A takes the tables over once B's lease runs out (its clients meanwhile answered 503).
    burst(a.addr, &mut tables, rng.next_u64(), None).await;
    let a_log = a.log.lock().unwrap().clone();
    for t in &tables {
        let took = format!("took table {} over from instance {b_instance}", t.id);
        assert!(a_log.contains(&took), "A says `{took}`:\n{a_log}");
    }
    assert_records(a.addr, &tables, dir).await;
}

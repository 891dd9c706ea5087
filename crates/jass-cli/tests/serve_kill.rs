//! `jass serve` killed with SIGKILL (`kill -9`) in the middle of a burst of moves, joins or
//! closes loses nothing it answered (issue 41, items 1 and 6): the real binary as a child
//! process on loopback, people's seats playing over WebSockets as fast as they can, the kill at
//! a seeded moment (`JASS_KILL_SEED` tries others).
//!
//! - On SQLite: killed and restarted on the same data folder several times; each time every
//!   move acknowledged before the kill is stored, the restored table asks each seat for the
//!   decision after its last acknowledged one, and the games go on to records that
//!   `jass check` accepts and that hold every acknowledged move.
//! - On PostgreSQL (when `JASS_TEST_POSTGRES` names a server): two instances on one database,
//!   the tables owned by B, their clients on A; B is killed mid-burst, A takes the tables over
//!   once B's lease runs out, a new instance serves the clients, A is killed in its turn, and
//!   so on three times; the games go on likewise.
//! - Joins and closes (on SQLite, and on PostgreSQL with one instance killed and a new one
//!   taking its tables over): a five-seat Handjass table and two Schieber tables whose open
//!   seats two clients each race to join, one of them closed by its creator meanwhile, and a
//!   game being played closed by its creator, all requests at once and the server killed once a
//!   seeded number is answered, three times. Then in the database every seat is joined wholly
//!   or not at all, every join answered is stored with its token, no seat went to two clients,
//!   a join refused as taken was refused for a taken seat, a table is `playing` exactly when
//!   every seat is joined, and every close answered is stored; after the restart the tables are
//!   as stored, the answered tokens play their seats, the seats still open are joined by
//!   others, the game being played goes on after its last acknowledged move, and every game
//!   ends in a record `jass check` accepts.

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
use jass_server::{Database, SeatInfo, Store};
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

/// A table of people, and what their clients were acknowledged.
struct PeopleTable {
    id: String,
    /// Per seat: its token (`None`: a computer player's seat, or one whose join the server
    /// stored but was killed before answering; the rule player plays it once it is away).
    tokens: Vec<Option<String>>,
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
        let mut tokens = vec![Some(token.expect("the creator's seat token"))];
        for seat in 1..4 {
            tokens.push(Some(join(joined_at, &id, seat).await));
        }
        PeopleTable::of(id, tokens)
    }

    /// Table `id` with these seats' `tokens`, nothing played yet.
    fn of(id: String, tokens: Vec<Option<String>>) -> PeopleTable {
        let n = tokens.len();
        PeopleTable {
            id,
            tokens,
            acked: vec![BTreeMap::new(); n],
            answered: vec![0; n],
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
            Some("error" | "paused") => panic!("seat {seat}: {m}"),
            // The rule player plays only seats nobody holds (a join stored but never answered).
            Some("fallback") if m["seat"] == seat => panic!("seat {seat}: {m}"),
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
            let Some(token) = token else { continue };
            let mut ws = connect_seat(addr, &table.id, token).await;
            let welcome = ws.next().await;
            assert_eq!(welcome["type"], "welcome");
            assert_eq!(welcome["seat"], seat, "table {}: {welcome}", table.id);
            let seed = seed ^ (t * 8 + seat) as u64;
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
fn assert_stored<'a>(store: &Store, tables: impl IntoIterator<Item = &'a PeopleTable>) {
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

/// How many times the PostgreSQL test kills the instance that owns the tables.
const OWNER_KILLS: usize = 3;

async fn owner_killed(db: &Database, dir: &Path) {
    let url = url_of(db);
    // `other` serves the clients (forwarding to the owner) and takes the tables over when the
    // owner is killed; a new instance then serves the clients, and the new owner is killed.
    let mut other = Serve::start(&dir.join("a"), Some(&url));
    let mut owner = Serve::start(&dir.join("b"), Some(&url));
    let store = Store::open(db).await.unwrap();
    // Created on B (B runs them), joined and played through A (which forwards to B).
    let mut tables = Vec::new();
    for seed in [3, 4] {
        tables.push(PeopleTable::new(owner.addr, other.addr, seed).await);
    }
    let mut rng = kill_seed(6);
    for kill in 0..OWNER_KILLS {
        let killed = owner.instance.clone().expect("the owner's instance id");
        for t in &tables {
            let lease = store.lease_of(&t.id).unwrap().unwrap();
            assert_eq!(lease.owner.as_ref(), Some(&killed), "kill {kill}");
        }
        let moves = 10 + (rng.next_u64() % 30) as usize;
        eprintln!("kill {kill}: instance {killed} after {moves} moves");
        burst(
            other.addr,
            &mut tables,
            rng.next_u64(),
            Some((moves, owner)),
        )
        .await;
        assert!(
            tables.iter().all(|t| !t.over),
            "the owner was killed mid-game"
        );
        assert_stored(&store, &tables);
        // The other takes the tables over once the killed owner's lease runs out (a client
        // meanwhile answered 503), and runs them from their stored actions.
        for t in &tables {
            let token = t.tokens[0].as_deref().expect("seat 0's token");
            let mut ws = connect_seat(other.addr, &t.id, token).await;
            assert_eq!(ws.next().await["type"], "welcome");
            let _ = ws.ws.close(None).await;
        }
        let taker = other.instance.clone().expect("its instance id");
        let took = |t: &PeopleTable| {
            store.lease_of(&t.id).unwrap().unwrap().owner.as_ref() == Some(&taker)
                && other
                    .log
                    .lock()
                    .unwrap()
                    .contains(&format!("took table {} over from instance {killed}", t.id))
        };
        let since = Instant::now();
        while !tables.iter().all(took) {
            assert!(
                since.elapsed() < Duration::from_secs(20),
                "instance {taker} takes the tables over from {killed} within 20 s and says so:\n{}",
                other.log.lock().unwrap()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        owner = other;
        other = Serve::start(&dir.join(format!("{kill}")), Some(&url));
    }
    // The games go on through the new instance, forwarded to the last owner.
    burst(other.addr, &mut tables, rng.next_u64(), None).await;
    assert_records(other.addr, &tables, dir).await;
}

/// How many times the join and close test kills the server (a new set of tables each time).
const JOIN_KILLS: usize = 3;

/// Clients racing for each open seat in the join and close test.
const RACERS: usize = 2;

/// One request of the join and close burst.
#[derive(Clone, Copy, Debug)]
enum Ask {
    /// Table `.0`'s seat `.1`, by racer `.2`.
    Join(usize, usize, usize),
    /// Table `.0` closed by its creator.
    Close(usize),
}

/// A table of the join and close test and what its requests were answered.
struct Contested {
    people: PeopleTable,
    /// The creator's token (seat 0's).
    creator: String,
    /// The seats open at its creation.
    open: Vec<usize>,
    /// Its creator closes it in the burst.
    close: bool,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_during_joins_and_closes_keeps_every_answered_one_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::sqlite(&dir.path().join("data"));
    tokio::time::timeout(
        Duration::from_secs(150),
        joins_and_closes_killed(&db, dir.path()),
    )
    .await
    .expect("the kills and the games end within 150 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_during_joins_and_closes_keeps_every_answered_one_on_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        eprintln!("skipped: set JASS_TEST_POSTGRES to run it on PostgreSQL");
        return;
    };
    tokio::time::timeout(
        Duration::from_secs(150),
        joins_and_closes_killed(&db, dir.path()),
    )
    .await
    .expect("the kills and the games end within 150 s");
}

/// The join and close test on `db`: one `jass serve` killed and started again (on PostgreSQL a
/// new instance, which takes the tables over once the killed one's leases run out).
async fn joins_and_closes_killed(db: &Database, dir: &Path) {
    let data = dir.join("data");
    let url = db.is_postgres().then(|| url_of(db));
    let mut rng = kill_seed(43);
    let mut server = Serve::start(&data, url.as_deref());
    for round in 0..JOIN_KILLS {
        let addr = server.addr;
        let mut tables = Vec::new();
        // A game being played, its creator the only person (the others computer players): it
        // plays a few moves, leaves, and closes the table in the burst.
        let body = json!({"game": "schieber", "options": {"target": 1000}, "seed": rng.next_u64(),
                          "seats": ["me", "rule", "rule", "rule"], "takeover_secs": 0, "turn_secs": 0});
        let (id, _, token) = create(addr, body).await;
        let creator = token.expect("the creator's token");
        let mut played = PeopleTable::of(id, vec![Some(creator.clone()), None, None, None]);
        play_some(
            addr,
            &mut played,
            1 + (rng.next_u64() % 8) as usize,
            rng.next_u64(),
        )
        .await;
        tables.push(Contested {
            people: played,
            creator,
            open: Vec::new(),
            close: true,
        });
        // Tables waiting for people: a five-seat Handjass table and two Schieber tables, one of
        // them closed by its creator while its seats are being joined. (A join stored but never
        // answered leaves a seat nobody holds: the rule player takes it over after 5 s.)
        for (game, options, seats, close) in [
            ("handjass", json!({"players": 5, "target": 2}), 5, false),
            ("schieber", json!({"target": 300}), 4, false),
            ("schieber", json!({"target": 300}), 4, true),
        ] {
            let mut names = vec!["me"];
            names.resize(seats, "open");
            let body = json!({"game": game, "options": options, "seed": rng.next_u64(),
                              "seats": names, "takeover_secs": 5, "turn_secs": 0});
            let (id, _, token) = create(addr, body).await;
            let creator = token.expect("the creator's token");
            let mut tokens = vec![None; seats];
            tokens[0] = Some(creator.clone());
            tables.push(Contested {
                people: PeopleTable::of(id, tokens),
                creator,
                open: (1..seats).collect(),
                close,
            });
        }
        let mut asks = Vec::new();
        for (t, table) in tables.iter().enumerate() {
            for &seat in &table.open {
                asks.extend((0..RACERS).map(|racer| Ask::Join(t, seat, racer)));
            }
            if table.close {
                asks.push(Ask::Close(t));
            }
        }
        // In a seeded order, all at once; the kill once a seeded number of them is answered.
        for i in (1..asks.len()).rev() {
            asks.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let kill_after = (rng.next_u64() % asks.len() as u64) as usize;
        eprintln!(
            "round {round}: {} requests, killed after {kill_after} answers",
            asks.len()
        );
        let answers = ask_all(&tables, &asks, kill_after, server).await;
        let store = Store::open(db).await.unwrap();
        assert_joins_stored(&store, &tables, &answers);
        assert_stored(&store, [&tables[0].people]);
        server = Serve::start(&data, url.as_deref());
        if let Some(me) = &server.instance {
            // The unfinished tables are the new instance's once the killed one's leases ran out.
            let since = Instant::now();
            for t in &tables {
                loop {
                    let stored = store.table(&t.people.id).unwrap().unwrap();
                    let lease = store.lease_of(&t.people.id).unwrap().unwrap();
                    if stored.status == "closed" || lease.owner.as_ref() == Some(me) {
                        break;
                    }
                    assert!(
                        since.elapsed() < Duration::from_secs(20),
                        "instance {me} takes table {} over within 20 s:\n{}",
                        t.people.id,
                        server.log.lock().unwrap()
                    );
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
        drop(store);
        let mut people = seats_after_restart(server.addr, &mut tables, &answers).await;
        burst(server.addr, &mut people, rng.next_u64(), None).await;
        assert_records(server.addr, &people, dir).await;
    }
}

/// Seat 0 of `table` plays `moves` moves (random legal actions, each acknowledged) through
/// `addr`, and leaves.
async fn play_some(addr: SocketAddr, table: &mut PeopleTable, moves: usize, seed: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let token = table.tokens[0].clone().expect("seat 0's token");
    let mut ws = connect_seat(addr, &table.id, &token).await;
    let mut answered = None;
    while table.acked[0].len() < moves {
        let m = ws.next().await;
        match m["type"].as_str() {
            Some("state") => {
                let Some(decision) = m["decision"].as_u64() else {
                    continue;
                };
                let legal = m["legal"].as_array().unwrap().len() as u64;
                ws.send(
                    json!({"type": "act", "index": rng.next_u64() % legal, "decision": decision}),
                )
                .await;
                answered = Some(decision);
                table.answered[0] = decision;
            }
            Some("acted") if m["seat"] == 0 => {
                let decision = answered.take().expect("an answer sent");
                table.acked[0].insert(decision, m["action"].clone());
            }
            Some("over" | "error" | "paused" | "fallback") => panic!("table {}: {m}", table.id),
            _ => {}
        }
    }
    let _ = ws.ws.close(None).await;
}

/// Sends every request of `asks` at once, each by a client of its own, and kills `server` with
/// SIGKILL once `kill_after` of them are answered; returns each request with its answer
/// (`None`: no whole answer came, the server died first).
async fn ask_all(
    tables: &[Contested],
    asks: &[Ask],
    kill_after: usize,
    server: Serve,
) -> Vec<(Ask, Option<(u16, Value)>)> {
    let addr = server.addr;
    let (answered, mut count) = watch::channel(0);
    let answered = Arc::new(answered);
    let mut sent = Vec::new();
    for &ask in asks {
        let (path, body) = match ask {
            Ask::Join(t, seat, racer) => (
                format!("/api/tables/{}/join", tables[t].people.id),
                json!({"seat": seat, "name": format!("p{seat}-{racer}")}),
            ),
            Ask::Close(t) => (
                format!("/api/tables/{}/close", tables[t].people.id),
                json!({"token": tables[t].creator}),
            ),
        };
        let answered = Arc::clone(&answered);
        sent.push((
            ask,
            tokio::spawn(async move {
                let answer = server::try_post(addr, &path, body).await.ok();
                if answer.is_some() {
                    answered.send_modify(|n| *n += 1);
                }
                answer
            }),
        ));
    }
    drop(answered);
    let log = Arc::clone(&server.log);
    if tokio::time::timeout(
        Duration::from_secs(60),
        count.wait_for(|n| *n >= kill_after),
    )
    .await
    .is_err()
    {
        panic!(
            "{kill_after} requests were not answered within 60 s:\n{}",
            log.lock().unwrap()
        );
    }
    server.kill9();
    let mut answers = Vec::new();
    for (ask, answer) in sent {
        answers.push((ask, answer.await.expect("the request's client")));
    }
    answers
}

/// The hex SHA-256 of a seat token, as the server stores it.
fn token_hash(token: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(token.as_bytes())
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// After the kill, in the database: every seat joined wholly (with its token's hash) or not at
/// all, every join answered with a token stored with that token, every join refused as taken
/// refused for a seat that is taken, no seat given to two clients, a table `playing` exactly
/// when every seat is joined, and every close answered stored.
fn assert_joins_stored(
    store: &Store,
    tables: &[Contested],
    answers: &[(Ask, Option<(u16, Value)>)],
) {
    for (t, table) in tables.iter().enumerate() {
        let id = &table.people.id;
        let stored = store.table(id).unwrap().expect("the table is stored");
        let seats: Vec<SeatInfo> = serde_json::from_value(stored.seats).unwrap();
        for (seat, s) in seats.iter().enumerate().filter(|(_, s)| s.kind == "human") {
            assert_eq!(
                s.joined,
                s.token_hash.is_some(),
                "table {id}, seat {seat}: half a join stored: {s:?}"
            );
        }
        let closed = answers.iter().any(|(ask, answer)| {
            matches!(ask, Ask::Close(c) if *c == t) && answer.as_ref().is_some_and(|a| a.0 == 200)
        });
        if closed {
            assert_eq!(
                stored.status, "closed",
                "table {id}: its close was answered"
            );
        } else if stored.status == "closed" {
            assert!(table.close, "table {id} closed by nobody");
        } else {
            let all = seats.iter().all(|s| s.joined);
            let status = if all { "playing" } else { "waiting" };
            assert_eq!(stored.status, status, "table {id}: {seats:?}");
        }
        let mut given = vec![0; seats.len()];
        for (ask, answer) in answers {
            match (ask, answer) {
                (Ask::Join(j, seat, _), Some((200, v))) if *j == t => {
                    assert_eq!(v["seat"], *seat, "table {id}: {v}");
                    let token = v["token"].as_str().expect("the seat's token");
                    assert_eq!(
                        seats[*seat].token_hash.as_deref(),
                        Some(token_hash(token).as_str()),
                        "table {id}, seat {seat}: the join answered is stored"
                    );
                    given[*seat] += 1;
                }
                (Ask::Join(j, seat, _), Some((409, v))) if *j == t => assert!(
                    seats[*seat].joined || stored.status == "closed",
                    "table {id}, seat {seat}: refused ({v}), but open in the database"
                ),
                (Ask::Join(j, ..), Some(answer)) if *j == t => {
                    panic!("table {id}: {ask:?} answered {answer:?}")
                }
                (Ask::Close(c), Some(answer)) if *c == t => {
                    assert_eq!(answer.0, 200, "table {id}: {ask:?} answered {answer:?}")
                }
                _ => {}
            }
        }
        assert!(
            given.iter().all(|&n| n <= 1),
            "table {id}: a seat given to two clients ({given:?})"
        );
        let unanswered = answers
            .iter()
            .filter(|(ask, answer)| {
                answer.is_none() && matches!(ask, Ask::Join(j, ..) | Ask::Close(j) if *j == t)
            })
            .count();
        let held = table
            .open
            .iter()
            .filter(|&&s| seats[s].joined && given[s] == 0)
            .count();
        eprintln!(
            "table {id}: {}, seats given {given:?}, {unanswered} requests unanswered, {held} seats joined without an answer",
            stored.status
        );
    }
}

/// After the restart: every table as stored (its status, its open seats), a closed table
/// refusing joins, and the tables still unfinished with their seats' tokens: the answered joins',
/// the creator's, and those of new joins of the seats still open (the unanswered joins that were
/// not stored left them open). Returns those tables.
async fn seats_after_restart(
    addr: SocketAddr,
    tables: &mut [Contested],
    answers: &[(Ask, Option<(u16, Value)>)],
) -> Vec<PeopleTable> {
    let mut people = Vec::new();
    for (t, table) in tables.iter_mut().enumerate() {
        let id = table.people.id.clone();
        let (status, info) = get(addr, &format!("/api/tables/{id}")).await;
        assert_eq!(status, 200, "{info}");
        let closed = answers.iter().any(|(ask, answer)| {
            matches!(ask, Ask::Close(c) if *c == t) && answer.as_ref().is_some_and(|a| a.0 == 200)
        });
        if info["status"] == "closed" {
            let (status, v) = server::post(
                addr,
                &format!("/api/tables/{id}/join"),
                json!({"seat": 1, "name": "late"}),
            )
            .await;
            assert_eq!(status, 409, "table {id} is closed: {v}");
            continue;
        }
        assert!(
            !closed,
            "table {id}: its close was answered, and it is {info}"
        );
        let open = info["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["open"] == true);
        let status = if open { "waiting" } else { "playing" };
        assert_eq!(info["status"], status, "table {id}: {info}");
        for (ask, answer) in answers {
            if let (Ask::Join(j, seat, _), Some((200, v))) = (ask, answer) {
                if *j == t {
                    table.people.tokens[*seat] = v["token"].as_str().map(String::from);
                }
            }
        }
        for &seat in &table.open {
            let s = &info["seats"][seat];
            if s["open"] == true {
                assert!(
                    table.people.tokens[seat].is_none(),
                    "table {id}: seat {seat} was joined, and it is open: {info}"
                );
                table.people.tokens[seat] = Some(join(addr, &id, seat).await);
            }
        }
        people.push(std::mem::replace(
            &mut table.people,
            PeopleTable::of(id, Vec::new()),
        ));
    }
    people
}

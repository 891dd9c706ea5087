//! Several servers on one PostgreSQL database (runs when `JASS_TEST_POSTGRES` names a server;
//! in CI, `CI=true`, a missing one fails, see `Database::for_tests`).

mod common;

use std::time::{Duration, Instant};

use common::*;
use jass_server::{Database, Limits, Server};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite;

/// Short leases, so that a takeover takes a second or two.
fn limits() -> Limits {
    Limits {
        lease: Duration::from_millis(1500),
        lease_renew: Duration::from_millis(300),
        ..Limits::default()
    }
}

async fn instance(db: &Database) -> Server {
    Server::start_on(db.clone(), "127.0.0.1:0".parse().unwrap(), limits())
        .await
        .expect("server starts")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_table_moves_when_its_instance_dies_and_loses_nothing() {
    on_postgres_within_90_s(moves).await;
}

/// Runs `test` on PostgreSQL (nothing without `JASS_TEST_POSTGRES`), failing it if its game
/// has not ended within 90 s.
async fn on_postgres_within_90_s<F: std::future::Future<Output = ()>>(test: fn(Database) -> F) {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        return;
    };
    tokio::time::timeout(Duration::from_secs(90), test(db))
        .await
        .expect("the game ends within 90 s");
}

async fn moves(db: Database) {
    let a = instance(&db).await;
    let b = instance(&db).await;
    let store = a.store();
    // The table is created on B: B runs it.
    let (id, seat, token) = create(
        b.addr(),
        json!({"game": "schieber", "options": {"target": 300}, "seed": 41,
               "seats": ["me", "rule", "rule", "rule"], "turn_secs": 0}),
    )
    .await;
    assert_eq!(seat, Some(0));
    let token = token.unwrap();
    let lease = store.lease_of(&id).unwrap().unwrap();
    assert_eq!(lease.owner.as_deref(), Some(b.instance()));
    assert_eq!(lease.url, Some(format!("http://{}", b.addr())));

    // The client plays on A, which forwards it to B; every answer is acknowledged (`acted`,
    // sent once stored) before the next is sent.
    let mut ws = try_player(a.addr(), &id, &token)
        .await
        .expect("A takes the client");
    let welcome = ws.next().await;
    assert_eq!(
        (welcome["type"].as_str(), welcome["seat"].as_u64()),
        (Some("welcome"), Some(0))
    );
    let (_, info) = get(a.addr(), &format!("/api/tables/{id}")).await;
    assert_eq!(info["seats"][0]["connected"], true, "B, through A: {info}");
    let mut acked: Vec<Value> = Vec::new();
    while acked.len() < 6 {
        let state = ws.my_turn().await.expect("the game goes on");
        assert_eq!(state["decision"], acked.len() + 1);
        ws.send(json!({"type": "act", "index": 0, "decision": state["decision"]}))
            .await;
        let acted = ws.until("acted").await;
        assert_eq!(acted["seat"], 0, "{acted}");
        acked.push(acted["action"].clone());
    }
    assert!(
        store.actions(&id).unwrap().len() >= acked.len(),
        "stored as played"
    );

    // B dies (its leases are not given up); A's client is told to connect again.
    let died = Instant::now();
    b.crash().await;
    let frame = ws.closing().await.expect("the socket closes");
    assert_eq!(frame.map(|f| u16::from(f.code)), Some(1012));

    // Until B's lease runs out, A says to try again; then it takes the table over.
    let mut refused = 0;
    let mut ws = loop {
        match try_player(a.addr(), &id, &token).await {
            Ok(ws) => break ws,
            Err(status) => {
                assert_eq!(status, 503);
                refused += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    };
    let took = died.elapsed();
    assert!(refused > 0, "B's lease still held right after it died");
    assert!(
        took < limits().lease + limits().lease_renew + Duration::from_secs(2),
        "taken over in {took:?}"
    );
    let lease = store.lease_of(&id).unwrap().unwrap();
    assert_eq!(
        lease.owner.as_deref(),
        Some(a.instance()),
        "the table moved to A"
    );

    // The game goes on where it was: the next decision asked is the one after the last
    // acknowledged, and the client plays to the end.
    assert_eq!(ws.next().await["type"], "welcome");
    let state = ws.my_turn().await.expect("the game goes on");
    assert_eq!(
        state["decision"],
        acked.len() + 1,
        "no acknowledged answer lost"
    );
    ws.send(json!({"type": "act", "index": 0, "decision": state["decision"]}))
        .await;
    let mut played = acked.len() + 1;
    while let Some(state) = ws.my_turn().await {
        ws.send(json!({"type": "act", "index": 0, "decision": state["decision"]}))
            .await;
        played += 1;
    }
    let (status, record) = get(a.addr(), &format!("/api/tables/{id}/record")).await;
    assert_eq!(status, 200, "{record}");
    jass_table::Record::from_value(record.clone())
        .unwrap()
        .check()
        .unwrap();
    let mine = decisions_of(&record, 0);
    assert_eq!(mine.len(), played);
    assert_eq!(
        mine[..acked.len()],
        acked[..],
        "the acknowledged answers, as stored"
    );
    // A finished table has no owner.
    let lease = store.lease_of(&id).unwrap().unwrap();
    assert_eq!((lease.status.as_str(), lease.owner), ("over", None));
    a.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn any_instance_serves_a_table_and_a_clean_stop_hands_it_over_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        return;
    };
    let a = instance(&db).await;
    let b = instance(&db).await;
    // Created on A with an open seat; joined, watched and closed through B.
    let (id, _, token) = create(
        a.addr(),
        json!({"game": "schieber", "seats": ["me", "open", "rule", "rule"]}),
    )
    .await;
    let token = token.unwrap();
    let t1 = join(b.addr(), &id, 1).await;
    let (status, info) = get(b.addr(), &format!("/api/tables/{id}")).await;
    assert_eq!((status, info["status"].as_str()), (200, Some("playing")));
    let mut watcher = Ws::player(b.addr(), &id, None).await;
    assert_eq!(watcher.next().await["seat"], Value::Null);
    // A wrong token is refused by the owner, and the refusal relayed.
    assert_eq!(try_player(b.addr(), &id, "nope").await.err(), Some(403));
    assert_eq!(
        a.store().lease_of(&id).unwrap().unwrap().owner.as_deref(),
        Some(a.instance())
    );
    // A stops cleanly: its lease is given up, and B runs the table at once.
    a.stop().await;
    let (status, info) = get(b.addr(), &format!("/api/tables/{id}")).await;
    assert_eq!(
        (status, info["status"].as_str()),
        (200, Some("playing")),
        "{info}"
    );
    assert_eq!(
        b.store().lease_of(&id).unwrap().unwrap().owner.as_deref(),
        Some(b.instance())
    );
    let (status, v) = post(
        b.addr(),
        &format!("/api/tables/{id}/close"),
        json!({"token": token}),
    )
    .await;
    assert_eq!((status, v["status"].as_str()), (200, Some("closed")), "{v}");
    let _ = t1;
    b.stop().await;
}

/// The joins of a waiting table survive the death of the instance that ran it: B runs a table
/// with two open seats, one joined through A before B is killed; the other is joined through A
/// once A has taken the table over (503 until B's lease runs out), and every seat's token plays
/// on A to the end. The seat joined before the death stays taken (F1 reopened such seats).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn joins_go_on_when_the_instance_running_the_table_dies() {
    on_postgres_within_90_s(joins_after_a_death).await;
}

async fn joins_after_a_death(db: Database) {
    let a = instance(&db).await;
    let b = instance(&db).await;
    let store = a.store();
    let (id, seat, token) = create(
        b.addr(),
        json!({"game": "schieber", "options": {"target": 300}, "seed": 7,
               "seats": ["me", "open", "open", "rule"], "turn_secs": 0}),
    )
    .await;
    assert_eq!(seat, Some(0));
    let creator = token.unwrap();
    let first = join(a.addr(), &id, 1).await;
    let lease = store.lease_of(&id).unwrap().unwrap();
    assert_eq!(lease.owner.as_deref(), Some(b.instance()), "B runs it");

    let died = Instant::now();
    b.crash().await;
    // A join through A: refused (and nothing changed) until B's lease runs out, then served by A.
    let mut refused = 0;
    let second = loop {
        let (status, v) = post(
            a.addr(),
            &format!("/api/tables/{id}/join"),
            json!({"seat": 2, "name": "p2"}),
        )
        .await;
        match status {
            200 => break v["token"].as_str().unwrap().to_string(),
            503 => {
                assert!(v["error"].is_string(), "{v}");
                refused += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            _ => panic!("join answered {status}: {v}"),
        }
    };
    assert!(refused > 0, "B's lease still held right after it died");
    assert!(
        died.elapsed() < limits().lease + limits().lease_renew + Duration::from_secs(2),
        "taken over in {:?}",
        died.elapsed()
    );
    assert_eq!(
        store.lease_of(&id).unwrap().unwrap().owner.as_deref(),
        Some(a.instance()),
        "the table moved to A"
    );
    let (status, info) = get(a.addr(), &format!("/api/tables/{id}")).await;
    assert_eq!(
        (status, info["status"].as_str()),
        (200, Some("playing")),
        "{info}"
    );
    // The seat joined on B before its death is still taken; every seat is.
    let (status, v) = post(
        a.addr(),
        &format!("/api/tables/{id}/join"),
        json!({"seat": 1, "name": "stranger"}),
    )
    .await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("no open seat"), "{v}");

    // Each token plays its seat on A, to the end of the game.
    let mut players = Vec::new();
    for t in [&creator, &first, &second] {
        let ws = try_player(a.addr(), &id, t)
            .await
            .expect("A takes the seat's client");
        players.push(tokio::spawn(play_first_legal(ws)));
    }
    for p in players {
        assert!(p.await.unwrap() > 0, "every seat played");
    }
    let (status, record) = get(a.addr(), &format!("/api/tables/{id}/record")).await;
    assert_eq!(status, 200, "{record}");
    jass_table::Record::from_value(record.clone())
        .unwrap()
        .check()
        .unwrap();
    let names: Vec<&str> = record["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(names[1..3], ["p1", "p2"], "{names:?}");
    a.stop().await;
}

/// Reads until the socket closes: the close code, and whether an `acted` came first.
async fn close_code(ws: &mut Ws) -> (Option<u16>, bool) {
    use futures_util::StreamExt;
    let mut acted = false;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let m = tokio::time::timeout_at(deadline, ws.ws.next())
            .await
            .expect("the socket closes within 10 s");
        match m {
            Some(Ok(tungstenite::Message::Text(t))) => {
                acted |= serde_json::from_str::<Value>(&t).unwrap()["type"] == "acted";
            }
            Some(Ok(tungstenite::Message::Close(f))) => {
                return (f.map(|f| u16::from(f.code)), acted)
            }
            None | Some(Err(_)) => return (None, acted),
            Some(Ok(_)) => {}
        }
    }
}

/// Gives table `id`'s lease to another instance (one that has no address), as a takeover while
/// this one was paused would.
fn taken_by_another(store: &jass_server::Store, id: &str) {
    let n = store
        .execute(
            "UPDATE tables SET owner = 'another',
                 lease_until = (extract(epoch from clock_timestamp()) * 1000)::bigint + 60000
             WHERE id = $1",
            id,
        )
        .unwrap();
    assert_eq!(n, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_instance_that_lost_a_lease_writes_no_step_and_sends_its_clients_on() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        return;
    };
    // Renewals far apart: the refused write, not the renewal, finds the lease gone.
    let slow = Limits {
        lease: Duration::from_secs(60),
        lease_renew: Duration::from_secs(20),
        ..Limits::default()
    };
    let a = Server::start_on(db.clone(), "127.0.0.1:0".parse().unwrap(), slow)
        .await
        .unwrap();
    let store = a.store();
    let (id, _, token) = create(
        a.addr(),
        json!({"game": "schieber", "seed": 5, "seats": ["me", "rule", "rule", "rule"], "turn_secs": 0}),
    )
    .await;
    let token = token.unwrap();
    let mut ws = try_player(a.addr(), &id, &token).await.unwrap();
    let state = ws.my_turn().await.unwrap();
    let before = store.actions(&id).unwrap().len();
    taken_by_another(&store, &id);
    ws.send(json!({"type": "act", "index": 0, "decision": state["decision"]}))
        .await;
    assert_eq!(
        close_code(&mut ws).await,
        (Some(1012), false),
        "told to connect again, nothing acknowledged"
    );
    assert_eq!(store.actions(&id).unwrap().len(), before, "no step written");
    // The table is the other instance's now: A forwards its clients there (it has no address
    // here: A says to try again).
    assert_eq!(try_player(a.addr(), &id, &token).await.err(), Some(503));
    a.stop().await;
    assert_eq!(
        store.lease_of(&id).unwrap().unwrap().owner.as_deref(),
        Some("another"),
        "a stop gives up only the leases it holds"
    );

    // A table that writes nothing (waiting for a player) learns it at the next renewal.
    let b = instance(&db).await;
    let (id, _, _) = create(
        b.addr(),
        json!({"game": "schieber", "seats": ["me", "open", "rule", "rule"]}),
    )
    .await;
    let mut watcher = Ws::player(b.addr(), &id, None).await;
    assert_eq!(watcher.next().await["type"], "welcome");
    taken_by_another(&b.store(), &id);
    assert_eq!(close_code(&mut watcher).await, (Some(1012), false));
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_forwarded_client_is_sent_on_when_the_owner_loses_the_lease_without_a_word() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        return;
    };
    let a = instance(&db).await;
    // B renews rarely: it does not notice within the test that its lease is gone (as a hung
    // or cut-off instance, whose connections stay open and silent).
    let slow = Limits {
        lease: Duration::from_secs(60),
        lease_renew: Duration::from_secs(20),
        ..Limits::default()
    };
    let b = Server::start_on(db.clone(), "127.0.0.1:0".parse().unwrap(), slow)
        .await
        .unwrap();
    let (id, _, _) = create(
        b.addr(),
        json!({"game": "schieber", "seats": ["me", "open", "rule", "rule"]}),
    )
    .await;
    let mut watcher = Ws::player(a.addr(), &id, None).await;
    assert_eq!(watcher.next().await["type"], "welcome");
    let since = Instant::now();
    taken_by_another(&a.store(), &id);
    assert_eq!(close_code(&mut watcher).await, (Some(1012), false));
    assert!(
        since.elapsed() < Duration::from_secs(5),
        "{:?}",
        since.elapsed()
    );
    a.stop().await;
    b.stop().await;
}

/// A stopping instance takes no table over: its lease check, running as often as the limits
/// allow, ends before its tables are stopped and its leases given up, so nothing it gave up is
/// claimed again by it (and played on with nobody to stop it) after the stop.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_stopped_instance_takes_no_table_over() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        return;
    };
    let busy = Limits {
        lease: Duration::from_millis(1000),
        lease_renew: Duration::from_millis(5),
        ..Limits::default()
    };
    let mut ids = Vec::new();
    for round in 0..12 {
        let s = Server::start_on(db.clone(), "127.0.0.1:0".parse().unwrap(), busy.clone())
            .await
            .expect("server starts");
        let store = s.store();
        let (id, _, _) = create(
            s.addr(),
            json!({"game": "schieber", "seats": ["me", "rule", "rule", "rule"]}),
        )
        .await;
        ids.push(id);
        tokio::time::sleep(Duration::from_millis(3 * round)).await;
        s.stop().await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        for id in &ids {
            let lease = store.lease_of(id).unwrap().expect("the table is stored");
            assert_eq!(
                lease.owner, None,
                "round {round}: table {id} claimed after the stop"
            );
        }
    }
}

/// Table `id`'s seats as `addr` lists them (`GET /api/tables`).
async fn listed_seats(addr: std::net::SocketAddr, id: &str) -> Value {
    let (status, list) = get(addr, "/api/tables?status=waiting,playing").await;
    assert_eq!(status, 200, "{list}");
    list.as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .map(|t| t["seats"].clone())
        .unwrap_or(Value::Null)
}

/// Polls `addr`'s list until `done` holds for table `id`'s seats (at most 15 s).
async fn listed_until(
    addr: std::net::SocketAddr,
    id: &str,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let since = Instant::now();
    loop {
        let seats = listed_seats(addr, id).await;
        if done(&seats) {
            return seats;
        }
        assert!(
            since.elapsed() < Duration::from_secs(15),
            "{addr} never listed {what}: {seats}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_instance_lists_who_is_connected_at_a_table_another_runs() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        return;
    };
    let a = instance(&db).await;
    let b = instance(&db).await;
    // Run by B.
    let (id, _, token) = create(
        b.addr(),
        json!({"game": "schieber", "seats": ["me", "open", "rule", "rule"], "takeover_secs": 0}),
    )
    .await;
    let token = token.unwrap();
    let connected = |seats: &Value, seat: usize| seats[seat]["connected"] == true;
    for addr in [a.addr(), b.addr()] {
        let seats = listed_seats(addr, &id).await;
        assert!(!connected(&seats, 0) && connected(&seats, 2), "{seats}");
    }
    // Seat 0 connects through A (forwarded to B): both instances list it connected.
    let mut me = try_player(a.addr(), &id, &token).await.unwrap();
    assert_eq!(me.next().await["type"], "welcome");
    for addr in [a.addr(), b.addr()] {
        listed_until(addr, &id, "seat 0 connected", |s| connected(s, 0)).await;
    }
    // Seat 1 joins through A and connects to B directly.
    let t1 = join(a.addr(), &id, 1).await;
    let mut p1 = try_player(b.addr(), &id, &t1).await.unwrap();
    assert_eq!(p1.next().await["type"], "welcome");
    let seats = listed_until(a.addr(), &id, "seat 1 connected", |s| connected(s, 1)).await;
    assert!(connected(&seats, 0), "{seats}");
    // Seat 0 leaves: A's list says so.
    me.ws.close(None).await.unwrap();
    drop(me);
    let seats = listed_until(a.addr(), &id, "seat 0 gone", |s| !connected(s, 0)).await;
    assert!(connected(&seats, 1) && !connected(&seats, 0), "{seats}");
    assert_eq!(
        listed_seats(b.addr(), &id).await,
        seats,
        "both list the same"
    );

    // B dies with seat 1 connected: once its lease has run out, nobody lists seat 1 as
    // connected (the presence B stored is not shown without its lease), and after the
    // takeover A shows its own.
    b.crash().await;
    let _ = p1.closing().await;
    listed_until(a.addr(), &id, "seat 1 gone with B", |s| !connected(s, 1)).await;
    let c = instance(&db).await;
    let seats = listed_seats(c.addr(), &id).await;
    assert!(!connected(&seats, 0) && !connected(&seats, 1), "{seats}");
    a.stop().await;
    c.stop().await;
}

/// A WebSocket to `addr`'s `path` from the local address `from` (a loopback address of its
/// own: 127.0.0.2, 127.0.0.3, … are clients of different addresses), with more `headers`; or
/// the HTTP status that refused it.
async fn ws_from(
    from: &str,
    addr: std::net::SocketAddr,
    path: &str,
    headers: &[(&'static str, &str)],
) -> Result<Ws, u16> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let mut req = format!("ws://{addr}{path}").into_client_request().unwrap();
    for (k, v) in headers {
        req.headers_mut()
            .insert(*k, tungstenite::http::HeaderValue::from_str(v).unwrap());
    }
    let plain = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    match tokio_tungstenite::client_async(req, plain).await {
        Ok((ws, _)) => Ok(Ws { ws }),
        Err(tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        // Refused at its accept: the answer may come before the request is read.
        Err(tungstenite::Error::Io(_)) | Err(tungstenite::Error::Protocol(_)) => Err(0),
        Err(e) => panic!("{addr} does not answer: {e}"),
    }
}

/// `GET path` on `addr` from the local address `from`: the status.
async fn get_from(from: &str, addr: std::net::SocketAddr, path: &str) -> u16 {
    reqwest::Client::builder()
        .local_address(from.parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap()
        .get(url(addr, path))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_owner_counts_a_forwarded_client_against_the_clients_own_address() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        return;
    };
    // A forwards and limits nobody; B, which runs the table, takes two connections and five
    // requests (never refilled) from each address.
    let a = Server::start_on(
        db.clone(),
        "127.0.0.1:0".parse().unwrap(),
        Limits {
            lease: limits().lease,
            lease_renew: limits().lease_renew,
            ..Limits::unlimited_clients()
        },
    )
    .await
    .unwrap();
    let b = Server::start_on(
        db.clone(),
        "127.0.0.1:0".parse().unwrap(),
        Limits {
            connections_per_address: 2,
            requests_per_second: 0,
            request_burst: 5,
            ..limits()
        },
    )
    .await
    .unwrap();
    // Created on B from an address of its own.
    let (status, v) = {
        let r = reqwest::Client::builder()
            .local_address("127.0.0.9".parse::<std::net::IpAddr>().unwrap())
            .build()
            .unwrap()
            .post(url(b.addr(), "/api/tables"))
            .json(&json!({"game": "schieber", "seats": ["me", "open", "rule", "rule"]}))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json::<Value>().await.unwrap())
    };
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let watch = format!("/api/tables/{id}/ws");

    // Client X watches twice through A: B counts both as X's.
    let mut x1 = ws_from("127.0.0.2", a.addr(), &watch, &[]).await.unwrap();
    let mut x2 = ws_from("127.0.0.2", a.addr(), &watch, &[]).await.unwrap();
    assert_eq!(x1.next().await["type"], "welcome");
    assert_eq!(x2.next().await["type"], "welcome");
    // A third of X's is refused by B, through A or directly.
    assert_eq!(
        ws_from("127.0.0.2", a.addr(), &watch, &[]).await.err(),
        Some(429)
    );
    assert!(ws_from("127.0.0.2", b.addr(), &watch, &[]).await.is_err());
    // Client Y, through the same A, has its own count at B.
    let mut y = ws_from("127.0.0.3", a.addr(), &watch, &[])
        .await
        .expect("B counts Y's connection as Y's, not as A's");
    assert_eq!(y.next().await["type"], "welcome");
    // A client that names an address itself is not believed (it has not the instances' key):
    // Z's own address is counted, not X's.
    let mut z = ws_from(
        "127.0.0.4",
        b.addr(),
        &watch,
        &[("x-jass-client", "127.0.0.2"), ("x-jass-forwarded", "1")],
    )
    .await
    .expect("counted as Z's");
    assert_eq!(z.next().await["type"], "welcome");
    let mut z2 = ws_from(
        "127.0.0.4",
        b.addr(),
        &watch,
        &[("x-jass-client", "127.0.0.2"), ("x-jass-key", "guessed")],
    )
    .await
    .expect("counted as Z's");
    assert_eq!(z2.next().await["type"], "welcome");
    // Z holds two: Z's third is refused, whatever it names.
    assert!(ws_from(
        "127.0.0.4",
        b.addr(),
        &watch,
        &[("x-jass-client", "127.0.0.8")]
    )
    .await
    .is_err());
    // When X's connections end, B counts them no more.
    drop(x1);
    drop(x2);
    let since = Instant::now();
    let mut x3 = loop {
        match ws_from("127.0.0.2", a.addr(), &watch, &[]).await {
            Ok(ws) => break ws,
            Err(_) => {
                assert!(since.elapsed() < Duration::from_secs(10), "X's count stays");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    };
    assert_eq!(x3.next().await["type"], "welcome");

    // The request rate likewise: V's requests through A are V's at B, and W's are W's.
    let info = format!("/api/tables/{id}");
    for _ in 0..5 {
        assert_eq!(get_from("127.0.0.6", a.addr(), &info).await, 200);
    }
    assert_eq!(get_from("127.0.0.6", a.addr(), &info).await, 429);
    assert_eq!(get_from("127.0.0.7", a.addr(), &info).await, 200);
    drop((y, z, z2, x3));
    a.stop().await;
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_dead_instance_is_forgotten_once_it_holds_no_lease() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = postgres(dir.path()).await else {
        return;
    };
    let longer = Limits {
        lease: Duration::from_secs(4),
        lease_renew: Duration::from_millis(300),
        ..Limits::default()
    };
    let start = || Server::start_on(db.clone(), "127.0.0.1:0".parse().unwrap(), longer.clone());
    let a = start().await.unwrap();
    let b = start().await.unwrap();
    let store = a.store();
    let (id, _, _) = create(
        b.addr(),
        json!({"game": "schieber", "seats": ["me", "open", "rule", "rule"]}),
    )
    .await;
    let (a_url, b_url) = (
        format!("http://{}", a.addr()),
        format!("http://{}", b.addr()),
    );
    let b_id = b.instance().to_string();
    b.crash().await;
    // As if B had been dead for an hour (the rows go after 20 leases without a renewal): its
    // row stays while its table's lease holds, and goes once A took the table over.
    store
        .execute(
            "UPDATE instances SET seen = seen - 3600000 WHERE id = $1",
            &b_id,
        )
        .unwrap();
    tokio::time::sleep(longer.lease_renew * 3).await;
    let urls = store.instance_urls().unwrap();
    assert!(urls.contains(&b_url), "B holds a lease: {urls:?}");
    let since = Instant::now();
    while store.instance_urls().unwrap().contains(&b_url) {
        assert!(since.elapsed() < Duration::from_secs(20), "B's row stays");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        store.lease_of(&id).unwrap().unwrap().owner.as_deref(),
        Some(a.instance()),
        "B's table moved to A before B's row went"
    );
    assert_eq!(
        store.instance_urls().unwrap(),
        vec![a_url],
        "A's own row stays"
    );
    a.stop().await;
}

//! Issue 41's findings F4–F8, each a test on loopback, bounded in time: tables as tasks with
//! limits per client, abandoned and computer-only tables ending, finished tables out of memory
//! and the list paged, slow clients timed out and every refusal in JSON, the turn timer.

mod common;

use std::time::Duration;

use common::*;
use jass_server::Limits;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn waiting() -> Value {
    json!({"game": "schieber", "seats": ["me", "open", "rule", "rule"], "takeover_secs": 0})
}

async fn status_of(a: std::net::SocketAddr, id: &str) -> Value {
    get(a, &format!("/api/tables/{id}")).await.1
}

/// Polls the table until `done` (at most 20 s).
async fn wait_until(a: std::net::SocketAddr, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..400 {
        let t = status_of(a, id).await;
        if done(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("table {id} did not get there: {}", status_of(a, id).await);
}

/// F4: tables created and left (waiting for players, or playing with nobody connected) no
/// longer lock out table creation: one address may hold only its limit of unfinished tables,
/// and an abandoned table is closed after the limit, so that its creator may create again.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn abandoned_tables_expire_and_one_address_cannot_lock_out_creation() {
    let d = dir();
    let abandoned = Duration::from_millis(1500);
    let s = start_with(
        d.path(),
        Limits {
            tables_per_address: 3,
            abandoned,
            ..Limits::default()
        },
    )
    .await;
    let a = s.addr();
    let (kept, _, kept_token) = create(a, waiting()).await;
    let (left_waiting, _, _) = create(a, waiting()).await;
    // Playing, with its only person never connected and no takeover: it would wait forever.
    let (left_playing, _, _) = create(
        a,
        json!({"game": "schieber", "seats": ["me", "rule", "rule", "rule"], "takeover_secs": 0, "turn_secs": 0}),
    )
    .await;
    let (status, v) = post(a, "/api/tables", waiting()).await;
    assert_eq!(status, 429, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("this address has 3 unfinished tables"),
        "{v}"
    );
    // Somebody waits at the first table: it is not abandoned.
    let mut present = Ws::player(a, &kept, kept_token.as_deref()).await;
    present.until("welcome").await;
    for id in [&left_waiting, &left_playing] {
        let t = wait_until(a, id, |t| t["status"] == "closed").await;
        assert!(
            t["closed_why"].as_str().unwrap().contains("abandoned"),
            "{t}"
        );
    }
    assert_eq!(status_of(a, &kept).await["status"], "waiting");
    create(a, waiting()).await;
    // Closed stays closed across a restart, and the limit counts the same.
    s.stop().await;
    let s = start_with(
        d.path(),
        Limits {
            tables_per_address: 3,
            ..Limits::default()
        },
    )
    .await;
    let a = s.addr();
    assert_eq!(status_of(a, &left_playing).await["status"], "closed");
    create(a, waiting()).await;
    let (status, v) = post(a, "/api/tables", waiting()).await;
    assert_eq!(status, 429, "{v}");
    s.stop().await;
}

/// F4: a table of computer players only gets a token from its creation, which closes it; and it
/// plays at most `Limits::bot_table_steps` decisions (a huge target does not run for a day).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn computer_only_tables_are_bounded_and_closed_by_their_creator() {
    let bots = json!({"game": "schieber", "options": {"target": 100000}, "seats": ["rule", "rule", "rule", "rule"]});
    let d = dir();
    let s = start_with(
        d.path(),
        Limits {
            bot_table_steps: 1_000_000,
            ..Limits::default()
        },
    )
    .await;
    let a = s.addr();
    let (id, seat, token) = create(a, bots.clone()).await;
    assert_eq!(seat, None);
    let token = token.expect("every created table returns a token");
    let (st, v) = post(
        a,
        &format!("/api/tables/{id}/close"),
        json!({"token": "not-the-token-0123456789"}),
    )
    .await;
    assert_eq!(st, 403, "{v}");
    let (st, v) = post(
        a,
        &format!("/api/tables/{id}/close"),
        json!({"token": token}),
    )
    .await;
    assert_eq!((st, v["status"].as_str()), (200, Some("closed")), "{v}");
    let stored = s.store().actions(&id).unwrap().len();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        s.store().actions(&id).unwrap().len(),
        stored,
        "nothing is played after the close"
    );
    s.stop().await;

    let d = dir();
    let s = start_with(
        d.path(),
        Limits {
            bot_table_steps: 150,
            ..Limits::default()
        },
    )
    .await;
    let a = s.addr();
    let (id, _, _) = create(a, bots).await;
    let t = wait_until(a, &id, |t| t["status"] == "closed").await;
    assert!(
        t["closed_why"]
            .as_str()
            .unwrap()
            .contains("at most 150 decisions"),
        "{t}"
    );
    assert_eq!(s.store().actions(&id).unwrap().len(), 150);
    s.stop().await;
}

/// F5: finished tables leave the memory (their records are read from the database when asked
/// for, and are not loaded at a restart), and the list is paged and filtered.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn finished_tables_leave_memory_and_the_list_is_paged() {
    let d = dir();
    let limits = Limits {
        keep_finished: Duration::from_millis(300),
        ..Limits::unlimited_clients()
    };
    let s = start_with(d.path(), limits.clone()).await;
    let a = s.addr();
    let short = json!({"game": "schieber", "options": {"target": 100}, "seats": ["rule", "rule", "rule", "rule"]});
    let mut finished = Vec::new();
    for _ in 0..5 {
        finished.push(create(a, short.clone()).await.0);
    }
    let (w1, _, _) = create(a, waiting()).await;
    let (w2, _, _) = create(a, waiting()).await;
    for id in &finished {
        wait_until(a, id, |t| t["status"] == "over").await;
    }
    for _ in 0..100 {
        if s.tables_in_memory() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        s.tables_in_memory(),
        2,
        "only the waiting tables stay in memory"
    );
    // Read from the database when asked for.
    let t = status_of(a, &finished[0]).await;
    assert_eq!(t["status"], "over", "{t}");
    let (st, rec) = get(a, &format!("/api/tables/{}/record", finished[0])).await;
    assert_eq!(st, 200);
    jass_table::Record::from_value(rec).unwrap();
    // The list: filtered by status, newest first, paged.
    let ids = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|t| t["id"].as_str().unwrap().to_string())
            .collect()
    };
    let (_, open) = get(a, "/api/tables?status=waiting").await;
    assert_eq!(ids(&open), vec![w2.clone(), w1.clone()]);
    let (_, page1) = get(a, "/api/tables?limit=3").await;
    let page1 = ids(&page1);
    assert_eq!(page1, vec![w2, w1, finished[4].clone()]);
    let (_, page2) = get(a, &format!("/api/tables?limit=3&before={}", page1[2])).await;
    assert_eq!(
        ids(&page2),
        vec![
            finished[3].clone(),
            finished[2].clone(),
            finished[1].clone()
        ]
    );
    let (_, over) = get(a, "/api/tables?status=over,closed&limit=200").await;
    assert_eq!(ids(&over).len(), 5);
    for bad in ["status=nope", "limit=0", "limit=1000", "colour=red"] {
        let (st, v) = get(a, &format!("/api/tables?{bad}")).await;
        assert_eq!(st, 400, "{bad}: {v}");
        assert!(v["error"].as_str().is_some(), "{bad}: {v}");
    }
    s.stop().await;
    let s = start_with(d.path(), limits).await;
    assert_eq!(
        s.tables_in_memory(),
        2,
        "finished tables are not loaded at a start"
    );
    assert_eq!(status_of(s.addr(), &finished[4]).await["status"], "over");
    s.stop().await;
}

/// F4/F5: a table waiting for a person holds no thread (tables are tasks): 300 tables at a
/// person's turn, and the process has far fewer threads than tables.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn tables_waiting_for_people_hold_no_threads() {
    let d = dir();
    let s = start_with(d.path(), Limits::unlimited_clients()).await;
    let a = s.addr();
    let mut ids = Vec::new();
    for _ in 0..300 {
        let (id, _, _) = create(
            a,
            json!({"game": "schieber", "seats": ["me", "rule", "rule", "rule"], "takeover_secs": 0, "turn_secs": 0}),
        )
        .await;
        ids.push(id);
    }
    // Every table has played up to its person's first decision (or is waiting for it).
    for id in &ids {
        wait_until(a, id, |t| t["status"] == "playing").await;
    }
    tokio::time::sleep(jass_server::GRACE * 3).await;
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let threads: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        threads < 150,
        "{threads} threads for 300 tables waiting for a person"
    );
    assert_eq!(s.tables_in_memory(), 300);
    s.stop().await;
}

/// Sends `request` on a new connection; returns the status and body of the answer (the server
/// closes the connection within `within`).
async fn raw(a: std::net::SocketAddr, request: &[u8], within: Duration) -> (u16, String) {
    let mut conn = tokio::net::TcpStream::connect(a).await.unwrap();
    conn.write_all(request).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(within, conn.read_to_end(&mut response))
        .await
        .expect("the server answers and closes in time")
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&response).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn json_error(body: &str) -> String {
    let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body:?}"));
    v["error"].as_str().unwrap().to_string()
}

/// F6: a request head that does not arrive (slowloris), a body shorter than its
/// Content-Length, connections held open and requests sent too fast are each cut off, with a
/// JSON error where there is an answer; the server keeps answering others.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn slow_and_greedy_clients_are_cut_off() {
    let d = dir();
    let s = start_with(
        d.path(),
        Limits {
            header_read: Duration::from_secs(1),
            body_read: Duration::from_secs(1),
            connections_per_address: 8,
            ..Limits::default()
        },
    )
    .await;
    let a = s.addr();
    // A head never finished: the connection is closed.
    let (st, _) = raw(
        a,
        b"GET /api/games HTTP/1.1\r\nHost: x\r\n",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(st, 0, "no answer to half a head, only the close");
    // A body shorter than its Content-Length: 408 with the reason, not a hang.
    let (st, body) = raw(
        a,
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"game\":",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(st, 408, "{body}");
    assert!(
        json_error(&body).contains("did not arrive within"),
        "{body}"
    );
    // Eight half-open connections: the ninth is refused with a reason, at once.
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut c = tokio::net::TcpStream::connect(a).await.unwrap();
        c.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        held.push(c);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (st, body) = raw(
        a,
        b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(st, 429, "{body}");
    assert!(json_error(&body).contains("connections open"), "{body}");
    // They time out; then the address is served again.
    for mut c in held {
        let mut buf = Vec::new();
        tokio::time::timeout(Duration::from_secs(10), c.read_to_end(&mut buf))
            .await
            .expect("a half-open connection is closed after the head limit")
            .unwrap_or_default();
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(get(a, "/api/games").await.0, 200);
    s.stop().await;

    // Requests beyond the rate: 429 with Retry-After and the reason.
    let d = dir();
    let s = start_with(
        d.path(),
        Limits {
            requests_per_second: 1,
            request_burst: 5,
            ..Limits::default()
        },
    )
    .await;
    let a = s.addr();
    for _ in 0..5 {
        assert_eq!(get(a, "/api/games").await.0, 200);
    }
    // The sixth is refused on a quick machine; on a loaded one, where the five took more than a
    // second, a token has come back meanwhile: one of the next few is refused all the same.
    let mut answered = 0;
    let r = loop {
        let r = reqwest::get(url(a, "/api/games")).await.unwrap();
        if r.status().as_u16() != 200 || answered == 20 {
            break r;
        }
        answered += 1;
    };
    assert_eq!(r.status().as_u16(), 429, "after {answered} more answered");
    assert!(r.headers().contains_key("retry-after"));
    let v: Value = r.json().await.unwrap();
    assert!(
        v["error"].as_str().unwrap().contains("too many requests"),
        "{v}"
    );
    s.stop().await;
}

/// A body over the limit is read to its end before the 413 (a client still sending when the
/// connection closes would get a reset, not the answer), so the connection stays usable; a
/// body declared far too long is refused at once, unread.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_too_large_body_is_answered_and_the_connection_kept() {
    let d = dir();
    let s = start(d.path()).await;
    let a = s.addr();
    let body = vec![b' '; 3 << 20];
    let mut request = format!(
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(&body);
    request.extend_from_slice(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let (mut reader, mut writer) = tokio::net::TcpStream::connect(a)
        .await
        .unwrap()
        .into_split();
    let sent = tokio::spawn(async move { writer.write_all(&request).await.map(|_| writer) });
    let mut response = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), reader.read_to_end(&mut response))
        .await
        .expect("both answers within 30 s")
        .expect("no reset");
    assert!(sent.await.unwrap().is_ok(), "the whole request was taken");
    let text = String::from_utf8_lossy(&response);
    let first = text.find("HTTP/1.1 413").expect("the 413 first");
    let second = text
        .find("HTTP/1.1 200")
        .expect("then the games, on the same connection");
    assert!(first < second, "{text}");
    assert!(text.contains("the request body is too large"), "{text}");

    let (st, body) = raw(
        a,
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\nConnection: close\r\n\r\n",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(st, 413, "{body}");
    assert!(json_error(&body).contains("too large"), "{body}");
    s.stop().await;
}

/// F7: a person connected but not acting is played by the rule player when the turn timer runs
/// out (every client sees the deadline; the record notes it as a fallback); after a few misses
/// in a row the seat counts as away until the person is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_idle_player_is_played_by_the_turn_timer_and_then_counts_as_away() {
    let d = dir();
    let s = start(d.path()).await;
    let a = s.addr();
    // The game starts only once the seat's person and the spectator are connected (seat 1,
    // joined then, is never connected: the rule player plays it): however slow the machine, they
    // see every state from the first, and seat 0 is never away for want of a connection. No
    // Weis, no Stöck and single contracts: no deal brings more than 257, so the game lasts past
    // the first deal and seat 0's misses (with the default rules a first trick's Weis could reach
    // the target before the third miss, and the seat would never count as away).
    let (id, _, token) = create(
        a,
        json!({"game": "schieber", "options": {"target": 300, "multipliers": "single", "weis": "none", "stoeck": false},
               "seats": ["me", "open", "rule", "rule"],
               "turn_secs": 1, "takeover_secs": 1}),
    )
    .await;
    let mut me = Ws::player(a, &id, token.as_deref()).await;
    assert_eq!(me.next().await["type"], "welcome");
    let mut spectator = Ws::player(a, &id, None).await;
    assert_eq!(spectator.next().await["type"], "welcome");
    join(a, &id, 1).await;
    // The state asking seat 0 carries its deadline, for the seat and for everyone else.
    let mine = me.my_turn().await.unwrap();
    assert_eq!(mine["turn"]["seat"], 0, "{mine}");
    assert!(mine["turn"]["left_ms"].as_u64().unwrap() <= 1000, "{mine}");
    assert_eq!(mine["turn"]["secs"], 1);
    loop {
        let m = spectator.until("state").await;
        if m["to_move"] == 0 {
            assert_eq!(m["step"], mine["step"], "the same state: {m}");
            assert_eq!(m["turn"]["deadline_ms"], mine["turn"]["deadline_ms"], "{m}");
            break;
        }
    }
    // Never acting: played for, then away while still connected.
    let mut misses = 0;
    loop {
        let m = me.next().await;
        if m["type"] == "fallback" && m["seat"] == 0 {
            assert!(m["reason"].as_str().unwrap().contains("turn_secs"), "{m}");
            misses += 1;
        }
        if m["type"] == "table" && m["table"]["seats"][0]["taken_over"] == true {
            break;
        }
    }
    // (The last miss's fallback may follow the seat's change.)
    assert!(misses + 1 >= jass_server::MISSES_AWAY, "{misses}");
    // Back: the seat is the person's again.
    me.send(json!({"type": "back"})).await;
    loop {
        let m = me.next().await;
        if m["type"] == "table" && m["table"]["seats"][0]["taken_over"] == false {
            break;
        }
    }
    // Gone (the connection closed): taken over after takeover_secs, and the game ends (as the
    // spectator sees it, however long the machine takes: the states keep coming).
    drop(me);
    spectator.until("over").await;
    assert_eq!(status_of(a, &id).await["status"], "over");
    // The record notes every decision the timer gave to the rule player, also those of
    // earlier segments of the table's task.
    let (_, rec) = get(a, &format!("/api/tables/{id}/record")).await;
    let timed_out = rec["deals"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["actions"].as_array().unwrap().iter())
        .filter(|e| {
            e["seat"] == 0
                && e["fallback"]
                    .as_str()
                    .is_some_and(|f| f.contains("turn_secs"))
        })
        .count();
    assert!(
        timed_out >= jass_server::MISSES_AWAY as usize,
        "{timed_out}"
    );
    jass_table::Record::from_value(rec)
        .unwrap()
        .check()
        .unwrap();
    s.stop().await;
}

/// F8: 150 creates at the same moment from one address never exceed its limit (nor do creates
/// with one creator token exceed the token's).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_creates_never_exceed_the_limits() {
    let d = dir();
    let s = start_with(
        d.path(),
        Limits {
            tables_per_address: 10,
            tables_per_token: 3,
            requests_per_second: 10_000,
            request_burst: 10_000,
            ..Limits::default()
        },
    )
    .await;
    let a = s.addr();
    let client = reqwest::Client::new();
    let send = |body: Value| {
        let client = client.clone();
        async move {
            client
                .post(url(a, "/api/tables"))
                .json(&body)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }
    };
    let token = "creator-token-0123456789";
    let mut with_token = waiting();
    with_token["token"] = json!(token);
    let tries: Vec<_> = (0..20)
        .map(|_| tokio::spawn(send(with_token.clone())))
        .collect();
    let mut created = 0;
    for t in tries {
        match t.await.unwrap() {
            201 => created += 1,
            429 => {}
            other => panic!("status {other}"),
        }
    }
    assert_eq!(created, 3, "one token's limit");
    let tries: Vec<_> = (0..150).map(|_| tokio::spawn(send(waiting()))).collect();
    for t in tries {
        match t.await.unwrap() {
            201 => created += 1,
            429 => {}
            other => panic!("status {other}"),
        }
    }
    assert_eq!(created, 10, "one address's limit");
    let (_, list) = get(a, "/api/tables?status=waiting,playing&limit=200").await;
    assert_eq!(list.as_array().unwrap().len(), 10);
    s.stop().await;
}

/// A person who thinks longer than the grace of a segment: every answer is taken by a new
/// segment that replays the game (in every game), and the game goes on as if played at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn slow_answers_are_taken_after_a_replay_in_every_game() {
    let d = dir();
    let s = start_with(d.path(), Limits::unlimited_clients()).await;
    let a = s.addr();
    for game in [
        "schieber",
        "sidi-barrani",
        "differenzler",
        "handjass",
        "coiffeur",
    ] {
        let (id, _, token) = create(
            a,
            json!({"game": game, "seats": ["me", "rule", "rule", "rule"]}),
        )
        .await;
        let mut ws = Ws::player(a, &id, token.as_deref()).await;
        let mut answered = 0;
        let mut last_decision = 0;
        let mut last_step = 0;
        while answered < 12 {
            // Every decision is asked once, and the states only move forward: a replay shows
            // nothing again.
            let m = ws.next().await;
            assert_ne!(m["type"], "error", "{game}: {m}");
            assert_ne!(m["type"], "fallback", "{game}: {m}");
            if m["type"] != "state" {
                continue;
            }
            let step = m["step"].as_u64().unwrap();
            assert!(step >= last_step, "{game}: step {step} after {last_step}");
            last_step = step;
            if m["legal"].as_array().unwrap().is_empty() {
                continue;
            }
            let state = m;
            let decision = state["decision"].as_u64().unwrap();
            assert!(
                decision > last_decision,
                "{game}: decision {decision} asked again"
            );
            last_decision = decision;
            tokio::time::sleep(jass_server::GRACE + Duration::from_millis(100)).await;
            ws.send(
                json!({"type": "act", "action": state["legal"][0], "decision": state["decision"]}),
            )
            .await;
            answered += 1;
        }
        assert_eq!(answered, 12, "{game}");
        let t = status_of(a, &id).await;
        assert_eq!(t["seats"][0]["taken_over"], false, "{game}: {t}");
        assert_eq!(t["status"], "playing", "{game}: {t}");
    }
    s.stop().await;
}

/// `method path` on `addr` from the local address `from` (127.0.0.2, 127.0.0.3, … are clients of
/// different addresses) with `X-Forwarded-For: xff` if given: the status and the JSON answer.
async fn from_with_xff(
    from: &str,
    addr: std::net::SocketAddr,
    path: &str,
    body: Option<Value>,
    xff: Option<&str>,
) -> (u16, Value) {
    let client = reqwest::Client::builder()
        .local_address(from.parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap();
    let mut req = match body {
        Some(b) => client.post(url(addr, path)).json(&b),
        None => client.get(url(addr, path)),
    };
    if let Some(x) = xff {
        req = req.header("x-forwarded-for", x);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Behind a trusted reverse proxy (a TLS front), each client counts as the address the proxy
/// names in `X-Forwarded-For` (its last entry: what the client wrote before it is not
/// believed), for the tables one address may create and for the request rate; a peer that is
/// not a trusted proxy counts as itself whatever it writes there.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_trusted_proxy_names_its_clients_and_others_cannot() {
    let d = dir();
    let s = start_with(
        d.path(),
        Limits {
            tables_per_address: 1,
            request_burst: 4,
            requests_per_second: 1,
            trusted_proxies: vec!["127.0.0.2".parse().unwrap()],
            ..Limits::default()
        },
    )
    .await;
    let a = s.addr();
    let proxy = "127.0.0.2";
    let create = |from: &'static str, xff: Option<&'static str>| async move {
        from_with_xff(from, a, "/api/tables", Some(waiting()), xff).await
    };
    // Through the proxy: one table per client, each client its own address.
    assert_eq!(create(proxy, Some("10.0.0.1")).await.0, 201);
    let (status, v) = create(proxy, Some("10.0.0.1")).await;
    assert_eq!(status, 429, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("this address has 1"),
        "{v}"
    );
    assert_eq!(create(proxy, Some("10.0.0.2")).await.0, 201);
    // A client that writes an address of its own is still the address the proxy added last.
    let (status, v) = create(proxy, Some("10.0.0.9, 10.0.0.1")).await;
    assert_eq!(status, 429, "counted as 10.0.0.1: {v}");
    // Another peer is not believed: both its creates count against 127.0.0.3 itself.
    assert_eq!(create("127.0.0.3", Some("10.0.0.5")).await.0, 201);
    assert_eq!(create("127.0.0.3", Some("10.0.0.6")).await.0, 429);
    // The request rate too, per client behind the proxy (4 at once, then 1 a second).
    let get = |xff: &'static str| async move {
        from_with_xff(proxy, a, "/api/games", None, Some(xff))
            .await
            .0
    };
    let mut first = Vec::new();
    for _ in 0..6 {
        first.push(get("10.0.0.7").await);
    }
    assert!(first.contains(&429), "{first:?}");
    assert_eq!(
        get("10.0.0.8").await,
        200,
        "another client is not held back"
    );
    s.stop().await;
}

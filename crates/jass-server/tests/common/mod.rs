//! Helpers: a server on 127.0.0.1:0 with a temporary data folder, HTTP and WebSocket clients.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use jass_server::{Database, Server};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub async fn start(dir: &Path) -> Server {
    start_on(&Database::sqlite(dir)).await
}

/// A server on `db` (SQLite or PostgreSQL).
pub async fn start_on(db: &Database) -> Server {
    start_on_with(db, jass_server::Limits::default()).await
}

/// A server on `db` with other limits.
pub async fn start_on_with(db: &Database, limits: jass_server::Limits) -> Server {
    Server::start_on(db.clone(), "127.0.0.1:0".parse().unwrap(), limits)
        .await
        .expect("server starts")
}

pub fn url(addr: SocketAddr, path: &str) -> String {
    format!("http://{addr}{path}")
}

pub async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let r = reqwest::get(url(addr, path)).await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

pub async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    try_post(addr, path, body)
        .await
        .expect("the server answers")
}

/// `post`, or why no whole answer came (the connection refused, cut before the answer's end:
/// the server killed meanwhile).
pub async fn try_post(addr: SocketAddr, path: &str, body: Value) -> Result<(u16, Value), String> {
    let r = reqwest::Client::new()
        .post(url(addr, path))
        .json(&body)
        .timeout(Duration::from_secs(30))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = r.status().as_u16();
    let body = r.bytes().await.map_err(|e| e.to_string())?;
    Ok((status, serde_json::from_slice(&body).unwrap_or(Value::Null)))
}

/// Creates a table; returns (id, seat, token).
pub async fn create(addr: SocketAddr, body: Value) -> (String, Option<u64>, Option<String>) {
    let (s, v) = post(addr, "/api/tables", body).await;
    assert_eq!(s, 201, "{v}");
    (
        v["id"].as_str().unwrap().to_string(),
        v["seat"].as_u64(),
        v["token"].as_str().map(String::from),
    )
}

pub async fn join(addr: SocketAddr, id: &str, seat: usize) -> String {
    let (s, v) = post(
        addr,
        &format!("/api/tables/{id}/join"),
        json!({"seat": seat, "name": format!("p{seat}")}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    v["token"].as_str().unwrap().to_string()
}

pub struct Ws {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Ws {
    pub async fn connect(addr: SocketAddr, path: &str) -> Ws {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
            .await
            .expect("websocket connects");
        Ws { ws }
    }
    pub async fn player(addr: SocketAddr, id: &str, token: Option<&str>) -> Ws {
        match token {
            Some(t) => Ws::connect(addr, &format!("/api/tables/{id}/ws?token={t}")).await,
            None => Ws::connect(addr, &format!("/api/tables/{id}/ws")).await,
        }
    }
    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::Text(v.to_string())).await.unwrap();
    }
    pub async fn send_binary(&mut self, b: &[u8]) {
        self.ws.send(Message::Binary(b.to_vec())).await.unwrap();
    }
    pub async fn send_text(&mut self, t: &str) {
        self.ws.send(Message::Text(t.to_string())).await.unwrap();
    }
    /// The next JSON message (panics after 20 s or on close).
    pub async fn next(&mut self) -> Value {
        self.try_next()
            .await
            .expect("a message before the socket closed")
    }
    pub async fn try_next(&mut self) -> Option<Value> {
        // One deadline for the message, not for each frame: the server's pings would renew it
        // (a table that never speaks again would hang the test). Generous: a loaded machine.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let m = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .expect("a message within 60 s");
            match m {
                Some(Ok(Message::Text(t))) => return Some(serde_json::from_str(&t).unwrap()),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }
    /// Reads until the connection ends (within 10 s, else `None`): `Some(frame)`, the close
    /// frame's code and reason if the server sent one.
    pub async fn closing(&mut self) -> Option<Option<CloseFrame<'static>>> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Err(_) => return None,
                Ok(Some(Ok(Message::Close(f)))) => return Some(f),
                Ok(None | Some(Err(_))) => return Some(None),
                Ok(Some(Ok(_))) => {}
            }
        }
    }
    /// Reads until a message of `kind`; returns it.
    pub async fn until(&mut self, kind: &str) -> Value {
        loop {
            let m = self.next().await;
            if m["type"] == kind {
                return m;
            }
        }
    }
    /// Reads until a state where this seat must act (returns it) or the game is over (None).
    pub async fn my_turn(&mut self) -> Option<Value> {
        loop {
            let m = self.next().await;
            if m["type"] == "state" && !m["legal"].as_array().unwrap().is_empty() {
                return Some(m);
            }
            if m["type"] == "over" {
                return None;
            }
        }
    }
}

/// A seat's WebSocket on `addr`, or the HTTP status that refused it (503 while the table moves
/// to another instance).
pub async fn try_player(addr: SocketAddr, id: &str, token: &str) -> Result<Ws, u16> {
    let url = format!("ws://{addr}/api/tables/{id}/ws?token={token}");
    match tokio_tungstenite::connect_async(url).await {
        Ok((ws, _)) => Ok(Ws { ws }),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("the instance does not answer: {e}"),
    }
}

/// A seat's decisions in a record (without their seat), in order: the `decision` numbers of
/// its `state` messages count them from 1.
pub fn decisions_of(record: &Value, seat: usize) -> Vec<Value> {
    record["deals"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["actions"].as_array().unwrap().clone())
        .filter(|e| e["seat"] == seat && e["action"] != "stoeck")
        .map(|mut e| {
            e.as_object_mut().unwrap().remove("seat");
            e
        })
        .collect()
}

/// Plays the first legal action whenever it is this client's turn, to the end of the game;
/// returns the number of actions it played.
pub async fn play_first_legal(mut ws: Ws) -> usize {
    let mut n = 0;
    while let Some(state) = ws.my_turn().await {
        ws.send(json!({"type": "act", "action": state["legal"][0]}))
            .await;
        n += 1;
    }
    n
}

/// A server with other time limits.
pub async fn start_with(dir: &Path, limits: jass_server::Limits) -> Server {
    start_on_with(&Database::sqlite(dir), limits).await
}

/// A fresh PostgreSQL database, or `None` (the note says why) when none is configured
/// ([`Database::for_tests`]).
pub async fn postgres(dir: &Path) -> Option<Database> {
    Database::for_tests(dir)
        .await
        .into_iter()
        .find(Database::is_postgres)
}

/// Runs `test` on SQLite and, when `JASS_TEST_POSTGRES` names a server, on PostgreSQL
/// ([`Database::for_tests`]).
pub async fn on_each_database<F: std::future::Future<Output = ()>>(test: impl Fn(Database) -> F) {
    let d = tempfile::tempdir().unwrap();
    for db in Database::for_tests(d.path()).await {
        eprintln!("on {db}");
        test(db).await;
    }
}

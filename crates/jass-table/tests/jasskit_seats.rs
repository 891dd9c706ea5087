//! jass-kit seats before the game: a URL is checked with one request before the first deal and
//! refused with the reason (a wrong path answers 404 or 400 on every decision), and a seat may
//! have a deadline of its own (`deadline_ms=N:URL`). A small HTTP server stands in for the
//! service, so no jass-kit is needed.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use jass_core::schieber::Schieber;
use jass_table::external::BotLimits;
use jass_table::jasskit_http::JASSKIT_OPTIONS;
use jass_table::seat_spec::{self, SeatReport};
use jass_table::GameSpec;

/// A server on a free loopback port that answers every request with `status` and `body` after
/// `delay`; its URL and the number of requests it got.
fn server(status: u16, body: &'static str, delay: Duration) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let count = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&count);
    thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            seen.fetch_add(1, Ordering::SeqCst);
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut request_body = vec![0; length];
            let _ = reader.read_exact(&mut request_body);
            thread::sleep(delay);
            let _ = write!(
                stream,
                "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    (url, count)
}

fn limits() -> BotLimits {
    BotLimits {
        hello_ms: 1_000,
        deadline_ms: 1_000,
    }
}

/// A Schieber seat for `spec` under jass-kit's options, as `jass simulate` makes it.
fn seat(spec: &str, limits: BotLimits) -> Result<(), String> {
    let pairs: Vec<String> = JASSKIT_OPTIONS.iter().map(|s| s.to_string()).collect();
    let spec_options = GameSpec::parse("schieber", &pairs).unwrap().options;
    let options = serde_json::from_value(spec_options).unwrap();
    let seat = seat_spec::parse_one(spec)?;
    seat_spec::typed_player::<Schieber>(&seat, &options, 1, 1, limits, &SeatReport::default())
        .map(|_| ())
}

#[test]
fn a_url_that_answers_an_http_error_is_refused_before_the_game() {
    for (status, body) in [(404, "<h1>Not Found</h1>"), (400, "player not found")] {
        let (base, requests) = server(status, body, Duration::ZERO);
        let url = format!("{base}/jass/players/random");
        let e = seat(&url, limits()).unwrap_err();
        assert!(
            e.contains(&format!("HTTP {status}"))
                && e.contains("before the game")
                && e.contains("http://HOST:PORT/NAME"),
            "{e}"
        );
        assert_eq!(
            requests.load(Ordering::SeqCst),
            1,
            "one request, then no game"
        );
        // The same from a table's seat (`jass play`).
        let log = Arc::new(|_: &str| {});
        let e = seat_spec::seat_player(&seat_spec::parse_one(&url).unwrap(), limits(), log)
            .err()
            .unwrap();
        assert!(e.contains(&format!("HTTP {status}")), "{e}");
    }
}

#[test]
fn a_service_that_answers_is_checked_once() {
    let (base, requests) = server(200, r#"{"trump": 10}"#, Duration::ZERO);
    let url = format!("{base}/random");
    seat(&url, limits()).unwrap();
    seat(&url, limits()).unwrap();
    assert_eq!(requests.load(Ordering::SeqCst), 1, "checked once per run");
}

#[test]
fn a_seat_has_a_deadline_of_its_own() {
    // A service that takes 600 ms a decision (jass-kit's MCTS bots take about 10 s a card).
    let (base, _) = server(200, r#"{"trump": 1}"#, Duration::from_millis(600));
    let url = format!("{base}/slow");
    let e = seat(&url, limits().with_deadline(200)).unwrap_err();
    assert!(e.contains("no answer from"), "{e}");
    seat(
        &format!("deadline_ms=3000:{url}"),
        limits().with_deadline(200),
    )
    .unwrap();
}

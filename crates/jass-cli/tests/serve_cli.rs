//! `jass serve` stops cleanly on SIGTERM (what service managers and containers send), as it does
//! on Ctrl-C: it says so and exits with success, and the database stays usable.

#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn serve_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_jass"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(dir.path())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(line.contains("jass server on http://127.0.0.1:"), "{line}");
    // SAFETY: `kill` only sends a signal to the child we started and still own.
    let rc = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(rc, 0);
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("jass serve did not stop within 30 s of SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    assert!(rest.contains("stopping"), "{rest}");
    assert!(
        dir.path().read_dir().unwrap().next().is_some(),
        "the database is written"
    );
}

/// A `--database` that is not a PostgreSQL URL, or a database that cannot be reached, stops
/// `jass serve` at once with exit code 2 and what is wrong, never showing the password.
#[test]
fn serve_names_a_wrong_or_unreachable_database() {
    let dir = tempfile::tempdir().unwrap();
    for (url, why) in [
        (
            "mysql://jass:secret@localhost/jass",
            "give a PostgreSQL URL",
        ),
        (
            // Nothing listens on port 1.
            "postgres://jass:secret@127.0.0.1:1/jass",
            "cannot connect to the database postgres://jass:***@127.0.0.1:1/jass",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_jass"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--database",
                url,
                "--data",
            ])
            .arg(dir.path())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(why) && !err.contains("secret"), "{err}");
    }
}

//! Helpers shared by the `jass` command's integration tests (each test file that uses them
//! declares `mod common;`).
#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::Path;

use assert_cmd::Command;
use predicates::str::contains;

/// The `jass` binary of this build, in English whatever the machine's locale (`jass play` and
/// `jass show` speak German where LC_ALL, LC_MESSAGES or LANG starts with `de`).
pub fn jass() -> Command {
    let mut jass = Command::cargo_bin("jass").unwrap();
    jass.env("LC_ALL", "C");
    jass
}

/// `jass check FILE` accepts every one of the `records` records in `file`.
pub fn assert_consistent(file: &Path, records: usize) {
    jass()
        .arg("check")
        .arg(file)
        .assert()
        .success()
        .stdout(contains(format!(
            "{records} record(s) consistent, 0 with problems"
        )));
}

/// `jass solve --record FILE ARGS` refuses (exit code 2) saying `message`.
pub fn solve_refuses(file: &Path, args: &[&str], message: &str) {
    jass()
        .args(["solve", "--record"])
        .arg(file)
        .args(args)
        .assert()
        .code(2)
        .stderr(contains(message.to_string()));
}

/// `jass solve --json ARGS`; it must succeed. Its JSON.
pub fn solve_json<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> serde_json::Value {
    let mut all = vec!["solve".into(), "--json".into()];
    all.extend(args.into_iter().map(|a| a.as_ref().to_owned()));
    serde_json::from_slice(&stdout_of(all)).unwrap()
}

/// The standard output of `jass ARGS`, which must succeed (else its standard error is shown).
pub fn stdout_of<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> Vec<u8> {
    let out = jass().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `jass check FILE` finds a problem (exit code 1) and says `says`.
pub fn check_says(file: &Path, says: &str) {
    jass()
        .arg("check")
        .arg(file)
        .assert()
        .code(1)
        .stdout(contains(says.to_string()));
}

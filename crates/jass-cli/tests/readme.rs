//! README's examples run as written (issue 40: "every example runs as written on a fresh clone,
//! tested"): every `jass …` line of README's shell blocks, in order, in one fresh folder (so a
//! line may use the files an earlier line wrote), each must exit 0. `cargo run --release -p
//! jass-cli -- CMD` stands for `jass CMD`. Needs python3 (the bot examples).
//!
//! Left out, each tested where it lives: `jass play` (a full-screen terminal table: the tmux
//! tests of `play_tmux.rs`), `jass serve` (a server that runs until stopped: `serve_cli.rs` and
//! the browser's e2e), `jass bench` (minutes of timing: its parts in the bench's own tests).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The commands README's examples run that this test leaves out (see above).
const NOT_RUN: [&str; 3] = ["play", "serve", "bench"];

/// README's example lines: the `jass` commands of its shell blocks, without their comments.
fn example_lines(readme: &str) -> Vec<String> {
    let mut in_block = false;
    let mut lines = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        let line = line
            .strip_prefix("cargo run --release -p jass-cli -- ")
            .map(|rest| format!("jass {rest}"))
            .unwrap_or_else(|| line.to_string());
        if !line.starts_with("jass ") {
            continue;
        }
        // A comment starts at a `#` after blanks (no example has a `#` of its own).
        let command = match line.find(" #") {
            Some(i) => line[..i].trim_end().to_string(),
            None => line.trim_end().to_string(),
        };
        lines.push(command);
    }
    lines
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn readme_examples_run_as_written() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let lines = example_lines(&readme);
    let run: Vec<&String> = lines
        .iter()
        .filter(|l| !NOT_RUN.contains(&l.split_whitespace().nth(1).unwrap_or("")))
        .collect();
    // The examples are there (a README without them, or a parse that finds none, fails).
    assert!(run.len() >= 15, "README's examples: {lines:?}");
    for cmd in [
        "simulate", "show", "check", "arena", "solve", "options", "import", "export",
    ] {
        assert!(
            run.iter().any(|l| l.split_whitespace().nth(1) == Some(cmd)),
            "README has no runnable example of `jass {cmd}`: {run:?}"
        );
    }

    let dir = tempfile::tempdir().unwrap();
    // The examples name the bot of `examples/` by its path from the repository's root.
    std::os::unix::fs::symlink(repo_root().join("examples"), dir.path().join("examples")).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_jass"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for line in run {
        let out = Command::new("sh")
            .arg("-c")
            .arg(line)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "README's example `{line}` failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn example_lines_are_read_without_their_comments() {
    let readme = "text\n```sh\ncargo run --release -p jass-cli -- play   # play\njass show a.json --hands  # a record\ncargo test --workspace\n```\njass outside\n";
    assert_eq!(
        example_lines(readme),
        vec![
            "jass play".to_string(),
            "jass show a.json --hands".to_string()
        ]
    );
}

/// README's table of games names every game of the registry, with a link to its rules page
/// (which exists), and the list of rules pages under "Documentation" links it too: a game added
/// to the registry cannot be left out of README.
#[test]
fn readme_lists_every_game_with_its_page() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let documentation = readme
        .split("## Documentation")
        .nth(1)
        .expect("README has a section Documentation");
    for kind in jass_table::GameKind::ALL {
        let name = kind.name();
        let page = format!("docs/{name}.md");
        assert!(
            repo_root().join(&page).is_file(),
            "{page}: the rules page of {name} is missing"
        );
        let row = format!("| `{name}` |");
        let row_line = readme.lines().find(|l| l.starts_with(&row));
        assert!(
            row_line.is_some_and(|l| l.contains(&format!("({page})"))),
            "README's games table has no row {row} … ({page})"
        );
        assert!(
            documentation.contains(&format!("]({page})")),
            "README's Documentation does not link {page}"
        );
    }
}

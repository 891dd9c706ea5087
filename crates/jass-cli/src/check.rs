//! `jass check`: re-play records through the engine.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use jass_core::text::escape_unsafe;
use jass_table::Record;

/// The bytes of a record file (`-`: standard input). They are not required to be UTF-8 here:
/// the readers report each record that is not, and read the others.
pub fn read_input(path: &Path) -> Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .context("cannot read standard input")?;
        Ok(bytes)
    } else {
        std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
    }
}

/// A problem on one line of the output: what it quotes from the record (a name, a string serde
/// could not read) is escaped.
fn report(line: &str) {
    println!("{}", escape_unsafe(line));
}

/// Exit code 0: every record is consistent; 1: some record is inconsistent or unreadable;
/// 2: a file could not be read at all.
pub fn run(files: &[PathBuf]) -> Result<ExitCode> {
    let mut ok = 0usize;
    let mut bad = 0usize;
    for f in files {
        let records = Record::read_canonical(&read_input(f)?);
        if records.is_empty() {
            println!("{}: no record found", f.display());
            bad += 1;
        }
        for (i, r) in records.into_iter().enumerate() {
            match r {
                Err(e) => {
                    report(&format!("{}: {e}", f.display()));
                    bad += 1;
                }
                Ok(rec) => match rec.check() {
                    Ok(()) => ok += 1,
                    Err(e) => {
                        let game = rec.game();
                        report(&format!("{}: record {} ({game}): {e}", f.display(), i + 1));
                        bad += 1;
                    }
                },
            }
        }
    }
    println!("{ok} record(s) consistent, {bad} with problems");
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

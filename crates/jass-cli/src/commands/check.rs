//! `jass check`: re-play records through the engine.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use jass_core::text::escape_unsafe;
use jass_table::Record;

use crate::input::read_input;

/// A problem on one line of the output: what it quotes from the record (a name, a string serde
/// could not read) is escaped.
fn report(line: &str) {
    println!("{}", escape_unsafe(line));
}

/// Exit code 0: every record is consistent; 1: some record is inconsistent or unreadable;
/// 2: a file could not be read at all.
/// Arguments of `jass check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Record files (JSON or JSON Lines); `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(args: CheckArgs) -> Result<ExitCode> {
    let files = &args.files;
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

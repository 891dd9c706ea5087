//! `jass check`: re-play records through the engine.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use jass_core::record::Record;

pub fn read_text(path: &Path) -> Result<String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .context("cannot read standard input")?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
    }
}

/// Exit code 0: every record is consistent; 1: some record is inconsistent or unreadable;
/// 2: a file could not be read at all.
pub fn run(files: &[PathBuf]) -> Result<ExitCode> {
    let mut ok = 0usize;
    let mut bad = 0usize;
    for f in files {
        let text = read_text(f)?;
        let records = Record::read_all(&text);
        if records.is_empty() {
            println!("{}: no record found", f.display());
            bad += 1;
        }
        for (i, r) in records.into_iter().enumerate() {
            match r {
                Err(e) => {
                    println!("{}: {e}", f.display());
                    bad += 1;
                }
                Ok(rec) => match rec.check() {
                    Ok(()) => ok += 1,
                    Err(e) => {
                        println!("{}: record {} ({}): {e}", f.display(), i + 1, rec.game());
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

//! `jass import` and `jass export`: jass-kit / Swisslos game logs ↔ our records
//! (`jass_table::jasskit_log`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;
use jass_table::jasskit_log::{export_record, import_log};
use jass_table::Record;

use crate::input::read_input;

#[derive(Args)]
pub struct ImportArgs {
    /// A jass-kit / Swisslos log: one GameLogEntry (or GameState) JSON per line; `-` reads
    /// standard input.
    file: PathBuf,
    /// Write the records here (JSON Lines; `-`, the default, is standard output).
    #[arg(long, default_value = "-")]
    out: PathBuf,
}

#[derive(Args)]
pub struct ExportArgs {
    /// Schieber records (one JSON document or JSON Lines); `-` reads standard input.
    file: PathBuf,
    /// Write the jass-kit log here (one GameLogEntry per line; `-`, the default, is standard
    /// output).
    #[arg(long, default_value = "-")]
    out: PathBuf,
    /// The `date` of every entry, as jass-kit writes it (`DD.MM.YY HH:MM:SS`); default: now (UTC).
    #[arg(long)]
    date: Option<String>,
}

/// A log as text (`-`: standard input); it must be UTF-8, as jass-kit writes it.
fn read(file: &Path) -> Result<String> {
    String::from_utf8(read_input(file)?).map_err(|_| {
        let what = if file.as_os_str() == "-" {
            "standard input".to_string()
        } else {
            file.display().to_string()
        };
        anyhow::anyhow!("cannot read {what}: stream did not contain valid UTF-8")
    })
}

/// `--out` must not be the input file: it would be emptied before it was converted.
fn not_the_input(file: &Path, out: &Path) -> Result<()> {
    let same = file.as_os_str() != "-"
        && out.as_os_str() != "-"
        && std::fs::canonicalize(file)
            .ok()
            .zip(std::fs::canonicalize(out).ok())
            .is_some_and(|(a, b)| a == b);
    if same {
        bail!(
            "--out {} is the input file: write the output to another file",
            out.display()
        );
    }
    Ok(())
}

/// `jass import`: every entry that can be read becomes a record; the others are reported with
/// their entry number and the field at fault. Exit code 1 if any entry was refused.
pub fn import(args: ImportArgs) -> Result<ExitCode> {
    not_the_input(&args.file, &args.out)?;
    let text = read(&args.file)?;
    if text.trim().is_empty() {
        bail!(
            "{} is empty: a jass-kit log holds one JSON entry per line",
            args.file.display()
        );
    }
    let mut w = crate::output::writer(&args.out)?;
    let (mut ok, mut bad) = (0, 0);
    for r in import_log(&text) {
        match r {
            Ok(rec) => {
                writeln!(w, "{}", Record::Schieber(rec).to_json_line())
                    .context("cannot write the records")?;
                ok += 1;
            }
            Err(e) => {
                eprintln!("{}: {e}", args.file.display());
                bad += 1;
            }
        }
    }
    w.flush().context("cannot write the records")?;
    eprintln!(
        "imported {ok} round(s) as records of one deal each{}",
        if bad > 0 {
            format!("; {bad} entr(y/ies) refused (reasons above)")
        } else {
            String::new()
        }
    );
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Today's date and time (UTC) in jass-kit's format `DD.MM.YY HH:MM:SS`.
fn now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0) as i64;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{d:02}.{m:02}.{:02} {:02}:{:02}:{:02}",
        y % 100,
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// `jass export`: every complete deal of every Schieber record as one jass-kit log entry.
pub fn export(args: ExportArgs) -> Result<ExitCode> {
    not_the_input(&args.file, &args.out)?;
    let text = read(&args.file)?;
    let date = args.date.unwrap_or_else(now);
    let valid = date.len() == 17
        && date.chars().enumerate().all(|(i, c)| match i {
            2 | 5 => c == '.',
            8 => c == ' ',
            11 | 14 => c == ':',
            _ => c.is_ascii_digit(),
        });
    if !valid {
        bail!(
            "--date `{date}` is not jass-kit's format DD.MM.YY HH:MM:SS (e.g. 01.08.20 12:00:00)"
        );
    }
    let records = Record::read_all(&text);
    if records.is_empty() {
        bail!(
            "{} holds no records: give Schieber records (one JSON document or JSON Lines)",
            args.file.display()
        );
    }
    let mut w = crate::output::writer(&args.out)?;
    let (mut entries, mut bad) = (0, 0);
    for (i, r) in records.into_iter().enumerate() {
        let rec = match r {
            Ok(Record::Schieber(rec)) => rec,
            Ok(other) => {
                eprintln!(
                    "{}: record {}: a {} record; jass-kit logs hold Schieber only",
                    args.file.display(),
                    i + 1,
                    other.game()
                );
                bad += 1;
                continue;
            }
            Err(e) => {
                eprintln!("{}: {e}", args.file.display());
                bad += 1;
                continue;
            }
        };
        match export_record(&rec, &date) {
            Ok((lines, notes)) => {
                for n in notes {
                    eprintln!("{}: record {}: {n}", args.file.display(), i + 1);
                }
                for l in lines {
                    writeln!(w, "{}", serde_json::to_string(&l)?)
                        .context("cannot write the log")?;
                    entries += 1;
                }
            }
            Err(e) => {
                eprintln!("{}: record {}: {e}", args.file.display(), i + 1);
                bad += 1;
            }
        }
    }
    w.flush().context("cannot write the log")?;
    eprintln!("exported {entries} round(s)");
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_in_jasskit_format() {
        let d = super::now();
        assert_eq!(d.len(), 17, "{d}");
        assert_eq!(&d[2..3], ".");
    }
}

//! `jass show`: a record for a person, in Swiss-German or French card names.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use jass_core::schieber::RecordedAction;
use jass_core::schieber::{SchieberDealRecord, SchieberRecord};
use jass_core::text::escape_unsafe;
use jass_core::{Card, CardStyle};
use jass_table::Record;
use serde_json::Value;

use crate::check::read_input;
use crate::record_text::{cards, contract, fallback_lines, hand, trick_line, weis_line};

pub fn run(path: &Path, style: CardStyle, game: Option<usize>, hands: bool) -> Result<ExitCode> {
    let records = Record::read_bytes(&read_input(path)?);
    if records.is_empty() {
        bail!("{}: no record found", path.display());
    }
    if let Some(n) = game {
        if n == 0 || n > records.len() {
            bail!(
                "--game {n}: the file holds {} record(s), numbered from 1",
                records.len()
            );
        }
    }
    let mut failed = false;
    for (i, r) in records.into_iter().enumerate() {
        if game.is_some_and(|n| n != i + 1) {
            continue;
        }
        // A record is shown only once it is consistent (as `jass check` finds): the views index
        // its seats, teams and totals, which a hand-edited record may leave short.
        // A record written before the fixes of issue 39 is shown corrected, with a note.
        let r = r.map(|rec| match rec.check().map_err(|_| rec.corrected()) {
            Err(Some(fixed)) if fixed.check().is_ok() => {
                eprintln!("{}: record {}: written by an engine before the fixes of issue 39, shown corrected; `jass check` names the fields", path.display(), i + 1);
                fixed
            }
            _ => rec,
        });
        let checked = match &r {
            Ok(rec) => rec.check(),
            Err(_) => Ok(()),
        };
        if let Err(e) = checked {
            let message = format!("{}: record {}: {e}", path.display(), i + 1);
            eprintln!("{}; `jass check` tells more", escape_unsafe(&message));
            failed = true;
            continue;
        }
        match r.map(escaped) {
            Ok(Record::Schieber(rec)) => print!("{}", schieber(&rec, style, hands)),
            Ok(Record::Handjass(rec)) => {
                print!("{}", crate::handjass_cli::show(&rec, style, hands))
            }
            Ok(Record::Sidi(rec)) => print!("{}", crate::sidi_cli::show_sidi(&rec, style, hands)),
            Ok(Record::Coiffeur(rec)) => {
                print!("{}", crate::coiffeur_cli::show(&rec, style, hands))
            }
            Ok(Record::Differenzler(rec)) => {
                print!("{}", crate::differenzler_cli::show(&rec, style, hands))
            }
            Err(e) => {
                eprintln!("{}", escape_unsafe(&format!("{}: {e}", path.display())));
                failed = true;
            }
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The record with every string in it escaped ([`escape_unsafe`]): seat names and fallback
/// reasons come from outside, and a line break or an escape sequence in them must not garble the
/// listing or drive the terminal. (Cards and option values never hold such characters.)
fn escaped(rec: Record) -> Record {
    fn escape_strings(v: &mut Value) {
        match v {
            Value::String(s) => *s = escape_unsafe(s),
            Value::Array(items) => items.iter_mut().for_each(escape_strings),
            Value::Object(fields) => fields.values_mut().for_each(escape_strings),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(&rec).expect("records serialize");
    escape_strings(&mut value);
    Record::from_value(value).unwrap_or(rec)
}

fn schieber(rec: &SchieberRecord, style: CardStyle, show_hands: bool) -> String {
    let mut o = String::new();
    let seats: Vec<&str> = rec.seats.iter().map(|s| s.name.as_str()).collect();
    let _ = writeln!(
        o,
        "Schieber to {} · seed {} · seats 0: {}, 1: {}, 2: {}, 3: {} · teams 0+2 and 1+3",
        rec.options.target,
        rec.seed
            .map(|s| s.to_string())
            .unwrap_or_else(|| "none".into()),
        seats.first().unwrap_or(&"?"),
        seats.get(1).unwrap_or(&"?"),
        seats.get(2).unwrap_or(&"?"),
        seats.get(3).unwrap_or(&"?"),
    );
    for d in &rec.deals {
        deal(&mut o, d, style, show_hands);
    }
    let r = &rec.result;
    match r.winner {
        Some(w) => {
            let _ = writeln!(
                o,
                "Game over: team {w} (seats {}+{}) wins {}:{}{}{}",
                w,
                w + 2,
                r.totals.first().unwrap_or(&0),
                r.totals.get(1).unwrap_or(&0),
                if r.schneider {
                    " · Schneider (counts two games)"
                } else {
                    ""
                },
                r.bergpreis
                    .map(|b| format!(" · Bergpreis to team {b}"))
                    .unwrap_or_default()
            );
        }
        None => {
            let _ = writeln!(o, "The game is not finished: {:?}", r.totals);
        }
    }
    o
}

fn deal(o: &mut String, d: &SchieberDealRecord, style: CardStyle, show_hands: bool) {
    let _ = writeln!(
        o,
        "\nDeal {} · dealer seat {} · forehand seat {}",
        d.number, d.dealer, d.start.forehand
    );
    if show_hands {
        for (s, h) in d.hands.iter().enumerate() {
            let _ = writeln!(o, "  hand {s}: {}", hand(*h, style));
        }
    }
    let mut trick_cards: Vec<Card> = Vec::new();
    let mut trick_no = 0;
    for e in &d.actions {
        match e.action {
            RecordedAction::Schieben {} => {
                let _ = writeln!(o, "  seat {} schiebt", e.seat);
            }
            RecordedAction::Contract { contract: c } => {
                let _ = writeln!(
                    o,
                    "  seat {} chooses {} (×{})",
                    e.seat,
                    contract(c, style),
                    d.result.multiplier
                );
            }
            RecordedAction::Weis { weis } => {
                let items = weis.iter().map(|w| w.cards());
                let _ = writeln!(o, "  {}", weis_line(e.seat, items, style));
            }
            RecordedAction::Stoeck {} => {
                let _ = writeln!(o, "    seat {} announces Stöck", e.seat);
            }
            RecordedAction::Play { card: c } => {
                trick_cards.push(c);
                if trick_cards.len() == 4 {
                    if let Some(t) = d.tricks.get(trick_no) {
                        let _ = writeln!(o, "  {}", trick_line(trick_no + 1, t, style));
                    }
                    trick_cards.clear();
                    trick_no += 1;
                }
            }
        }
    }
    if !trick_cards.is_empty() {
        let _ = writeln!(o, "  unfinished trick: {}", cards(&trick_cards, style));
    }
    fallback_lines(o, &d.actions);
    if let Some(t) = d.settled.weis_team {
        let _ = writeln!(o, "  Weis counts for team {t}");
    }
    let r = &d.result;
    let _ = writeln!(
        o,
        "  result: card points {}:{}{} · Weis {}:{} · Stöck {}:{} · ×{} → {}:{} · totals {}:{}{}",
        r.card_points[0],
        r.card_points[1],
        match r.match_team {
            Some(t) => format!(
                " (Match for team {t}, bonus {}:{})",
                r.match_bonus[0], r.match_bonus[1]
            ),
            None => String::new(),
        },
        r.weis[0],
        r.weis[1],
        r.stoeck[0],
        r.stoeck[1],
        r.multiplier,
        r.score[0],
        r.score[1],
        r.totals[0],
        r.totals[1],
        if r.complete {
            ""
        } else {
            " (the game ended during this deal)"
        }
    );
}

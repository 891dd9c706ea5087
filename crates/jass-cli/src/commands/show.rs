//! `jass show`: a record for a person, in Swiss-German or French card names, the same text for
//! every game: the record's actions and tricks, and what its game says of each deal when the
//! record is played again (`jass_table::replay`): the table's facts and the deal's score lines,
//! worded by the phrase book; at the end the verdict.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use jass_core::record::TrickRecord;
use jass_core::text::escape_unsafe;
use jass_core::{Card, CardSet, CardStyle};
use jass_table::{replay, GameKind, Phrase, PhraseBook, Record, TableView};
use serde_json::Value;

use crate::input::read_input;
use crate::record_text::{cards, fallback_lines, hand, trick_line};
use crate::score_grid::{score_grid, widest};
use crate::table::labels::{action_label, card_text, contract_label, Words};

/// Arguments of `jass show`.
#[derive(Args)]
pub struct ShowArgs {
    /// A record file (one JSON document or JSON Lines); `-` reads standard input.
    file: PathBuf,
    /// Card names: `swiss` (Schellen, Rosen, Schilten, Eicheln) or `french`.
    #[arg(long, default_value = "swiss", value_parser = crate::language::parse_style)]
    cards: CardStyle,
    /// Show only the N-th record of the file (1-based).
    #[arg(long)]
    game: Option<usize>,
    /// Also list every hand as dealt.
    #[arg(long)]
    hands: bool,
    /// The language: `de` or `en` (default: German if LC_ALL, LC_MESSAGES or LANG starts
    /// with `de`, else English).
    #[arg(long, value_name = "LANG", value_parser = crate::language::parse)]
    lang: Option<&'static PhraseBook>,
}

pub fn run(args: ShowArgs) -> Result<ExitCode> {
    let ShowArgs {
        file,
        cards: style,
        game,
        hands,
        lang,
    } = args;
    let (path, book) = (file.as_path(), crate::language::book(lang));
    let words = Words { book, style };
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
            Ok(rec) => print!("{}", show(&rec, words, hands)),
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

/// A record as text: a header (the game, its seed, seats and options), each deal (the hands with
/// `--hands`, the facts of the table, every action but the cards, the tricks, the score lines)
/// and the verdict.
fn show(rec: &Record, words: Words, show_hands: bool) -> String {
    let kind = GameKind::of_record(rec);
    let info = kind.info();
    // The record's shape is read here only, through its JSON (game-independent fields).
    let json = serde_json::to_value(rec).expect("records serialize");
    let replayed = replay(rec);
    let mut o = String::new();
    let deals = json["deals"].as_array().cloned().unwrap_or_default();
    let seats: Vec<String> = json["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, s)| format!("{i}: {}", s["name"].as_str().unwrap_or("?")))
        .collect();
    let seed = json["seed"]
        .as_u64()
        .map_or_else(|| words.t("show_no_seed", &[]), |s| s.to_string());
    let teams = words.t(
        if info.teams {
            "show_teams"
        } else {
            "show_solo"
        },
        &[],
    );
    let header = words.t(
        "show_header",
        &[
            ("game", &info.title),
            ("deals", &deals.len()),
            ("seed", &seed),
            ("list", &seats.join(", ")),
            ("teams", &teams),
        ],
    );
    let _ = writeln!(o, "{header}");
    let options: Vec<String> = json["options"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, v)| match v {
            Value::String(s) => format!("{k}={s}"),
            other => format!("{k}={other}"),
        })
        .collect();
    let _ = writeln!(
        o,
        "{}",
        words.t("show_options", &[("list", &options.join(", "))])
    );
    let say = |phrase: &Phrase| {
        words
            .book
            .say(phrase, &|arg, v| name(info.teams, words, arg, v))
    };
    for (i, d) in deals.iter().enumerate() {
        deal(
            &mut o,
            d,
            replayed.views.get(i),
            words,
            show_hands,
            &say,
            info.teams,
        );
    }
    let verdict = GameKind::verdict(rec);
    let unfinished = replayed.finished == Some(false)
        || (replayed.finished.is_none() && verdict.winner.is_none() && verdict.loser.is_none());
    let totals = format!("{:?}", verdict.totals);
    let end = if unfinished {
        words.t("show_unfinished", &[("totals", &totals)])
    } else {
        let lines: Vec<String> = verdict.lines.iter().map(&say).collect();
        words.t(
            "show_game_over",
            &[("lines", &lines.join(". ")), ("totals", &totals)],
        )
    };
    let _ = writeln!(o, "\n{end}");
    o
}

/// How `jass show` names a phrase's argument: seats by number, teams by their seats, modes and
/// cards in the chosen card names.
fn name(teams: bool, words: Words, arg: &str, value: &Value) -> Option<String> {
    match arg {
        "mode" => value.as_str().map(|m| contract_label(m, words)),
        "card" | "cards" => value.as_str().map(|c| card_text(c, words.style)),
        "action" => Some(action_label(value, words)),
        "seat" | "seats" => value.as_u64().map(|s| words.t("tty_seat", &[("n", &s)])),
        "side" => value.as_u64().map(|s| side_name(teams, s as usize, words)),
        _ => None,
    }
}

/// A side: a team by its seats, or a seat.
fn side_name(teams: bool, side: usize, words: Words) -> String {
    if teams {
        words.t("show_team", &[("a", &side), ("b", &(side + 2))])
    } else {
        words.t("tty_seat", &[("n", &side)])
    }
}

fn deal(
    o: &mut String,
    d: &Value,
    view: Option<&TableView>,
    words: Words,
    show_hands: bool,
    say: &dyn Fn(&Phrase) -> String,
    teams: bool,
) {
    let style = words.style;
    // Forehand (Handjass: Vorhand) leads the first trick.
    let forehand = d["forehand"].as_u64().or(d["vorhand"].as_u64());
    let title = words.t(
        "show_deal",
        &[
            ("n", &d["number"].as_u64().unwrap_or(0)),
            ("dealer", &d["dealer"].as_u64().unwrap_or(0)),
        ],
    );
    let forehand = forehand.map_or(String::new(), |f| {
        format!(" · {}", words.t("show_forehand", &[("n", &f)]))
    });
    let _ = writeln!(o, "\n{title}{forehand}");
    if show_hands {
        for (s, h) in d["hands"].as_array().into_iter().flatten().enumerate() {
            let cards: CardSet = h
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c.as_str()?.parse::<Card>().ok())
                .collect();
            let cards = hand(cards, style);
            let _ = writeln!(
                o,
                "  {}",
                words.t("show_hand", &[("n", &s), ("cards", &cards)])
            );
        }
    }
    for fact in view.map(|v| v.facts.as_slice()).unwrap_or_default() {
        let _ = writeln!(o, "  {}", say(fact));
    }
    let tricks: Vec<TrickRecord> = d["tricks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| serde_json::from_value(t.clone()).ok())
        .collect();
    let entries = d["actions"].as_array().cloned().unwrap_or_default();
    let mut in_trick: Vec<Card> = Vec::new();
    let mut trick_no = 0;
    for e in &entries {
        let seat = e["seat"].as_u64().unwrap_or(0);
        if e["action"] != "play" {
            let what = action_label(e, words);
            let _ = writeln!(
                o,
                "  {}",
                words.t("show_action", &[("n", &seat), ("what", &what)])
            );
            continue;
        }
        in_trick.extend(e["card"].as_str().and_then(|c| c.parse::<Card>().ok()));
        // A trick is done when its cards are all played (as many as the record's trick holds).
        if let Some(t) = tricks
            .get(trick_no)
            .filter(|t| t.cards.len() == in_trick.len())
        {
            let _ = writeln!(o, "  {}", trick_line(trick_no + 1, t, words));
            in_trick.clear();
            trick_no += 1;
        }
    }
    if !in_trick.is_empty() {
        let cards = cards(&in_trick, style);
        let _ = writeln!(
            o,
            "  {}",
            words.t("show_unfinished_trick", &[("cards", &cards)])
        );
    }
    fallback_lines(o, &entries, words);
    match view {
        Some(view) => score_lines(o, view, say, teams, words),
        // A record its game cannot replay (an imported log has no seed): its own figures.
        None => {
            let figures: Vec<String> = d["result"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            let figures = figures.join(" · ");
            let _ = writeln!(o, "  {}", words.t("show_result", &[("list", &figures)]));
        }
    }
}

/// The deal's score lines as a table: a column per side.
fn score_lines(
    o: &mut String,
    view: &TableView,
    say: &dyn Fn(&Phrase) -> String,
    teams: bool,
    words: Words,
) {
    let rows: Vec<(String, &Vec<i64>)> = view
        .deal_lines
        .iter()
        .map(|l| (say(&l.label), &l.values))
        .collect();
    let sides: Vec<String> = (0..view.sides.len())
        .map(|s| side_name(teams, s, words))
        .collect();
    let cell = widest(&sides).unwrap_or(6) + 2;
    for line in score_grid(&sides, &rows, cell) {
        let _ = writeln!(o, "  {line}");
    }
}

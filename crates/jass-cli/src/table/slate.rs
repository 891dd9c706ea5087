//! What the terminal table shows beside the cards (the table's facts, Weis and Stöck, the trick
//! and the last trick), the slate, and the summaries at the end of a deal and of the game. The
//! facts, the slate, the deal's score lines and the verdict come from the table view
//! (`jass_table::TableView`), worded by the phrase book: one drawing for every game. The rest is
//! read from the person's view (`Game::view_json`), so nothing hidden can show.

use jass_table::{Cell, Phrase, ScoreLine, SlateRow, TableView, Verdict};
use ratatui::text::Line;
use serde_json::Value;

use super::labels::{action_label, card_text, cards_text, contract_label};
use super::model::Model;
use crate::score_grid::{score_grid, widest};

fn arr(v: &Value, key: &str) -> Vec<Value> {
    v.get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

fn num(v: &Value, key: &str) -> Option<u64> {
    v.get(key).and_then(Value::as_u64)
}

/// A phrase in words, with the seats and sides named from the person's side and the modes and
/// cards in the chosen card names.
pub fn say(model: &Model, phrase: &Phrase) -> String {
    model
        .words
        .book
        .say(phrase, &|arg, value| name_argument(model, arg, value))
}

/// How the terminal names a phrase's argument (see `jass_table::phrases`).
fn name_argument(model: &Model, arg: &str, value: &Value) -> Option<String> {
    let words = model.words;
    match arg {
        "mode" => value.as_str().map(|m| contract_label(m, words)),
        "card" | "cards" => value.as_str().map(|c| card_text(c, words.style)),
        "action" => Some(action_label(value, words)),
        "seat" | "seats" => value.as_u64().map(|s| model.seat_name(s as usize)),
        "side" => value.as_u64().map(|s| side_name(model, s as usize)),
        _ => None,
    }
}

/// A side's name from the person's side: a team (short, for the slate's columns), or a seat.
fn side_name(model: &Model, side: usize) -> String {
    if !model.partners() {
        model.seat_name(side)
    } else if side == model.human % 2 {
        model.t("tty_us", &[])
    } else {
        model.t("tty_them", &[])
    }
}

/// The lines of the table panel.
pub fn table_lines(model: &Model) -> Vec<Line<'static>> {
    let v = &model.view;
    let style = model.words.style;
    let mut out: Vec<String> = Vec::new();
    if v.is_null() {
        return vec![Line::from(model.t("tty_dealing", &[]))];
    }
    if let Some(phase) = v.get("phase").and_then(Value::as_str) {
        out.push(model.t("tty_phase", &[("phase", &phase)]));
    }
    out.extend(model.table.facts.iter().map(|f| say(model, f)));
    // The cards this seat put out of play itself (Handjass: Bessern discards, the hand given up
    // for the blind): in its own view only.
    let laid_away = v
        .get("laid_away")
        .filter(|l| l.as_array().is_some_and(|a| !a.is_empty()));
    if let Some(laid) = laid_away {
        out.push(model.t("tty_laid_away", &[("cards", &cards_text(laid, style))]));
    }
    for call in arr(v, "weis_calls") {
        if let (Some(s), Some(p)) = (num(&call, "seat"), num(&call, "points")) {
            let who = model.seat_name(s as usize);
            out.push(model.t("tty_weis_call", &[("who", &who), ("points", &p)]));
        }
    }
    for shown in weis_shown(v) {
        if let Some(s) = num(&shown, "seat") {
            let melds: Vec<String> = arr(&shown, "weis")
                .iter()
                .chain(arr(&shown, "melds").iter())
                .map(|m| cards_text(m, style))
                .collect();
            let who = model.seat_name(s as usize);
            out.push(model.t(
                "tty_weis_shown",
                &[("who", &who), ("melds", &melds.join(" + "))],
            ));
        }
    }
    if let Some(s) = num(v, "stoeck") {
        out.push(model.t("tty_stoeck", &[("who", &model.seat_name(s as usize))]));
    }
    out.push(String::new());
    let tricks = arr(v, "tricks");
    let trick = arr(v, "trick");
    let leader = num(v, "trick_leader").unwrap_or(0) as usize;
    let order = play_order(v, model.seats);
    let in_play = v
        .get("phase")
        .and_then(Value::as_str)
        .is_none_or(|p| p == "play");
    if !trick.is_empty() || (in_play && model.to_move.is_some()) {
        out.push(model.t(
            "tty_trick_led",
            &[
                ("n", &(tricks.len() + 1)),
                ("who", &model.seat_name(leader)),
            ],
        ));
        let start = order.iter().position(|&s| s == leader).unwrap_or(0);
        for (i, c) in trick.iter().enumerate() {
            let seat = order[(start + i) % order.len().max(1)];
            out.push(format!(
                "  {:<18} {}",
                model.seat_name(seat),
                card_text(c.as_str().unwrap_or("?"), style)
            ));
        }
        match model.to_move {
            Some(s) if s == model.human => out.push(format!("  {}", model.t("tty_your_turn", &[]))),
            Some(s) => {
                let who = model.seat_name(s);
                out.push(format!(
                    "  {}",
                    model.t("tty_arrow_to_act", &[("who", &who)])
                ));
            }
            None => {}
        }
    }
    if let Some(last) = tricks.last() {
        out.push(model.t(
            "tty_last_trick",
            &[
                (
                    "who",
                    &model.seat_name(num(last, "winner").unwrap_or(0) as usize),
                ),
                ("points", &num(last, "points").unwrap_or(0)),
                (
                    "cards",
                    &cards_text(last.get("cards").unwrap_or(&Value::Null), style),
                ),
                (
                    "leader",
                    &model.seat_name(num(last, "leader").unwrap_or(0) as usize),
                ),
            ],
        ));
    }
    out.into_iter().map(Line::from).collect()
}

/// The Weis shown, each `{seat, weis | melds}` (Handjass shows one, as `[seat, melds]`).
fn weis_shown(v: &Value) -> Vec<Value> {
    match v.get("weis_shown") {
        Some(Value::Array(a)) if a.len() == 2 && a[0].is_u64() => {
            vec![serde_json::json!({"seat": a[0], "melds": a[1]})]
        }
        Some(Value::Array(a)) => a.iter().filter(|x| x.is_object()).cloned().collect(),
        _ => Vec::new(),
    }
}

/// The seats that play cards this deal, in playing order (Handjass: the players still in).
fn play_order(v: &Value, seats: usize) -> Vec<usize> {
    let playing: Vec<usize> = arr(v, "playing")
        .iter()
        .filter_map(Value::as_u64)
        .map(|s| s as usize)
        .collect();
    if playing.is_empty() {
        (0..seats).collect()
    } else {
        playing
    }
}

/// The lines of the slate panel (running scores).
pub fn slate_lines(model: &Model) -> Vec<Line<'static>> {
    slate_text(model).into_iter().map(Line::from).collect()
}

/// A slate cell in words: a hidden value the person knows (its own forecast) is shown to it.
fn cell_text(model: &Model, row: &SlateRow, column: usize) -> String {
    match &row.cells[column] {
        Cell::Number(n) => n.to_string(),
        Cell::Empty => "·".into(),
        Cell::Hidden => row
            .own
            .filter(|_| row.side == Some(model.human) && !model.partners())
            .and_then(|field| model.view[field][model.human].as_i64())
            .map_or("✓".into(), |n| n.to_string()),
    }
}

/// The slate of the table view as a text table: the row labels, then a column each.
fn slate_text(model: &Model) -> Vec<String> {
    let slate = &model.table.slate;
    if model.view.is_null() || slate.rows.is_empty() {
        return Vec::new();
    }
    let labels: Vec<String> = slate.rows.iter().map(|r| say(model, &r.label)).collect();
    let columns: Vec<String> = slate.columns.iter().map(|c| say(model, c)).collect();
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns.len())
        .map(|c| {
            let cells = slate
                .rows
                .iter()
                .map(|r| cell_text(model, r, c).chars().count());
            cells.chain([columns[c].chars().count()]).max().unwrap_or(1)
        })
        .collect();
    let mut out = vec![format!(
        "{:<label_width$}{}",
        "",
        columns
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!(" {c:>w$}"))
            .collect::<String>()
    )];
    for (row, label) in slate.rows.iter().zip(&labels) {
        let cells: String = widths
            .iter()
            .enumerate()
            .map(|(c, w)| format!(" {:>w$}", cell_text(model, row, c)))
            .collect();
        out.push(format!("{label:<label_width$}{cells}"));
    }
    out.extend(slate.notes.iter().map(|n| say(model, n)));
    out
}

/// The summary of the deal that just ended: the tricks each side took and how the deal was
/// scored, then the slate.
pub fn deal_summary(model: &Model) -> Vec<String> {
    let mut out = vec![model.t("tty_deal_n_over", &[("n", &(model.deals_done + 1))])];
    out.extend(score_lines(model, &model.table));
    out.extend(slate_text(model));
    out
}

/// The tricks and the deal's score lines as a table, one column per side.
fn score_lines(model: &Model, table: &TableView) -> Vec<String> {
    let lines = &table.deal_lines;
    if lines.is_empty() {
        return Vec::new();
    }
    let tricks = ScoreLine::part(
        Phrase::new("tricks"),
        table.deal_tricks.iter().map(|&t| i64::from(t)).collect(),
    );
    let rows: Vec<(String, &Vec<i64>)> = std::iter::once(&tricks)
        .chain(lines)
        .map(|l| (say(model, &l.label), &l.values))
        .collect();
    let sides: Vec<String> = (0..table.sides.len())
        .map(|s| side_name(model, s))
        .collect();
    let cell = widest(&sides).unwrap_or(0).max(5) + 1;
    score_grid(&sides, &rows, cell)
}

/// How the game ended, in words from the person's side.
pub fn verdict_lines(model: &Model, verdict: &Verdict) -> Vec<String> {
    verdict.lines.iter().map(|p| say(model, p)).collect()
}

/// The summary at the end of the game (`verdict`: how it ended, when it was played to its end).
pub fn game_summary(model: &Model, verdict: Option<&Verdict>, saved: &str) -> Vec<String> {
    let mut out = vec![model.t(
        "tty_game_n_over",
        &[
            ("game", &model.kind.info().title),
            ("n", &(model.deals_done + 1)),
        ],
    )];
    if let Some(v) = verdict {
        out.extend(verdict_lines(model, v));
    }
    out.extend(slate_text(model));
    let players: Vec<String> = (0..model.seats)
        .filter(|&s| s != model.human)
        .map(|s| format!("{} {}", model.seat_name(s), model.names[s]))
        .collect();
    out.push(model.t("tty_computer_players", &[("list", &players.join(", "))]));
    out.push(String::new());
    out.push(saved.to_string());
    out
}

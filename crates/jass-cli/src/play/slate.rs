//! What each game shows on the table (the trick, the last trick, Weis and Stöck, the auction) and
//! on the slate (running scores), and the summaries at the end of a deal and of the game. Everything
//! is read from the person's view (`Game::view_json`), so nothing hidden can show.

use jass_table::{GameKind, Verdict};
use ratatui::text::Line;
use serde_json::Value;

use super::labels::{action_label, card_text, cards_text, contract_label};
use super::model::Model;

fn arr(v: &Value, key: &str) -> Vec<Value> {
    v.get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

fn num(v: &Value, key: &str) -> Option<u64> {
    v.get(key).and_then(Value::as_u64)
}

fn nums(v: &Value, key: &str) -> Vec<i64> {
    arr(v, key)
        .iter()
        .map(|x| x.as_i64().unwrap_or(0))
        .collect()
}

/// The lines of the table panel.
pub fn table_lines(model: &Model) -> Vec<Line<'static>> {
    let v = &model.view;
    let style = model.style;
    let mut out: Vec<String> = Vec::new();
    if v.is_null() {
        return vec![Line::from("dealing…")];
    }
    if let Some(phase) = v.get("phase").and_then(Value::as_str) {
        out.push(format!("phase: {phase}"));
    }
    match model.kind {
        GameKind::Schieber | GameKind::Coiffeur => {
            if let (Some(c), Some(by)) =
                (v.get("contract").and_then(Value::as_str), num(v, "chooser"))
            {
                let shoved = if v.get("schoben").and_then(Value::as_bool) == Some(true) {
                    " (geschoben)"
                } else {
                    ""
                };
                out.push(format!(
                    "contract: {} by {}{shoved}",
                    contract_label(c, style),
                    model.seat_name(by as usize)
                ));
            }
        }
        GameKind::Sidi => {
            let auction = arr(v, "auction");
            if !auction.is_empty() {
                let start = auction.len().saturating_sub(6);
                let calls: Vec<String> = auction[start..]
                    .iter()
                    .filter_map(|e| {
                        let seat = e.get(0)?.as_u64()? as usize;
                        Some(format!(
                            "{} {}",
                            model.seat_name(seat),
                            action_label(e.get(1)?, style)
                        ))
                    })
                    .collect();
                out.push(format!("auction: {}", calls.join(" · ")));
            }
            if let Some(f) = num(v, "factor") {
                if f > 1 {
                    out.push(format!("doubled: ×{f}"));
                }
            }
        }
        GameKind::Differenzler => {
            if let Some(t) = v.get("trump").and_then(Value::as_str) {
                let card = v
                    .get("trump_card")
                    .and_then(Value::as_str)
                    .map(|c| format!(" (turned: {})", card_text(c, style)))
                    .unwrap_or_default();
                out.push(format!("trump: {}{card}", contract_label(t, style)));
            }
            let ann = arr(v, "announcements");
            let parts: Vec<String> = ann
                .iter()
                .enumerate()
                .map(|(s, a)| match a.as_u64() {
                    Some(p) => format!("{} {p}", model.seat_name(s)),
                    None => format!("{} ?", model.seat_name(s)),
                })
                .collect();
            if !parts.is_empty() {
                out.push(format!("announced: {}", parts.join(", ")));
            }
        }
        GameKind::Handjass => {
            if let Some(t) = v.get("trump").and_then(Value::as_str) {
                let card = v
                    .get("turned_card")
                    .and_then(Value::as_str)
                    .map(|c| format!(" (turned: {})", card_text(c, style)))
                    .unwrap_or_default();
                out.push(format!("trump: {}{card}", contract_label(t, style)));
            }
            let dropped = arr(v, "dropped");
            if !dropped.is_empty() {
                let names: Vec<String> = dropped
                    .iter()
                    .filter_map(Value::as_u64)
                    .map(|s| model.seat_name(s as usize))
                    .collect();
                out.push(format!("dropped out: {}", names.join(", ")));
            }
            if let Some(b) = num(v, "blind_taker") {
                out.push(format!("playing blind: {}", model.seat_name(b as usize)));
            }
            if let Some(s) = num(v, "six_by") {
                out.push(format!("six exchanged by {}", model.seat_name(s as usize)));
            }
            let bessern = arr(v, "bessern");
            if !bessern.is_empty() {
                out.push(format!("bessern: {}", Value::Array(bessern)));
            }
            // The cards this seat put out of play itself (Bessern discards, the hand given
            // up for the blind).
            let laid_away = v
                .get("laid_away")
                .filter(|l| l.as_array().is_some_and(|a| !a.is_empty()));
            if let Some(laid) = laid_away {
                out.push(format!("you laid away: {}", cards_text(laid, style)));
            }
        }
    }
    for call in arr(v, "weis_calls") {
        if let (Some(s), Some(p)) = (num(&call, "seat"), num(&call, "points")) {
            out.push(format!(
                "Weis: {} announces {p}",
                model.seat_name(s as usize)
            ));
        }
    }
    for shown in arr(v, "weis_shown") {
        if let Some(s) = num(&shown, "seat") {
            let melds: Vec<String> = arr(&shown, "weis")
                .iter()
                .chain(arr(&shown, "melds").iter())
                .map(|m| cards_text(m, style))
                .collect();
            out.push(format!(
                "Weis shown by {}: {}",
                model.seat_name(s as usize),
                melds.join(" + ")
            ));
        }
    }
    if let Some(s) = num(v, "stoeck") {
        out.push(format!("Stöck: {}", model.seat_name(s as usize)));
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
        out.push(format!(
            "trick {}, led by {}:",
            tricks.len() + 1,
            model.seat_name(leader)
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
            Some(s) if s == model.human => out.push("  → your turn".into()),
            Some(s) => out.push(format!("  → {} to act", model.seat_name(s))),
            None => {}
        }
    }
    if let Some(last) = tricks.last() {
        out.push(format!(
            "last trick: {} won {} points ({}; led by {})",
            model.seat_name(num(last, "winner").unwrap_or(0) as usize),
            num(last, "points").unwrap_or(0),
            cards_text(last.get("cards").unwrap_or(&Value::Null), style),
            model.seat_name(num(last, "leader").unwrap_or(0) as usize),
        ));
    }
    out.into_iter().map(Line::from).collect()
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

/// The width of the longest seat name.
fn name_width(model: &Model) -> usize {
    (0..model.seats)
        .map(|s| model.seat_name(s).chars().count())
        .max()
        .unwrap_or(6)
}

/// Team names from the person's side.
fn team_name(model: &Model, team: usize) -> &'static str {
    if team == model.human % 2 {
        "you & partner"
    } else {
        "opponents"
    }
}

/// The lines of the slate panel (running scores).
pub fn slate_lines(model: &Model) -> Vec<Line<'static>> {
    slate_text(model).into_iter().map(Line::from).collect()
}

fn slate_text(model: &Model) -> Vec<String> {
    let v = &model.view;
    let mut out = Vec::new();
    if v.is_null() {
        return out;
    }
    match model.kind {
        GameKind::Schieber | GameKind::Sidi => {
            // The totals, and the card points each team has taken so far in this deal (the
            // deal's score, multiplied with Weis, Stöck and Match, is in the deal's summary).
            let totals = nums(v, "totals");
            out.push(format!("{:<14}{:>6}{:>11}", "", "total", "this deal"));
            for (t, total) in totals.iter().enumerate().take(2) {
                let taken = model.table.deal_points.get(t).copied().unwrap_or(0);
                out.push(format!("{:<14}{total:>6}{taken:>11}", team_name(model, t)));
            }
            if let Some(t) = num(v, "target") {
                out.push(format!("target {t}"));
            }
        }
        GameKind::Coiffeur => {
            if let Some(c) = v.get("coiffeur") {
                out.push(format!(
                    "{:<20} {:>7} {:>7}",
                    "",
                    if model.human.is_multiple_of(2) {
                        "you"
                    } else {
                        "them"
                    },
                    if model.human.is_multiple_of(2) {
                        "them"
                    } else {
                        "you"
                    }
                ));
                for row in arr(c, "rows") {
                    let name = contract_label(
                        row.get("contract").and_then(Value::as_str).unwrap_or("?"),
                        model.style,
                    );
                    let m = num(&row, "multiplier").unwrap_or(1);
                    let entries = arr(&row, "entries");
                    let cell = |i: usize| match entries.get(i).and_then(Value::as_i64) {
                        Some(x) => x.to_string(),
                        None => "·".into(),
                    };
                    out.push(format!(
                        "{:<20} {:>7} {:>7}",
                        format!("{name} ×{m}"),
                        cell(0),
                        cell(1)
                    ));
                }
                let totals = nums(c, "totals");
                if totals.len() == 2 {
                    out.push(format!("{:<20} {:>7} {:>7}", "total", totals[0], totals[1]));
                }
            }
            let taken = &model.table.deal_points;
            if taken.len() == 2 {
                out.push(format!(
                    "this deal: {} : {} card points",
                    taken[0], taken[1]
                ));
            }
        }
        GameKind::Differenzler => {
            let totals = nums(v, "totals");
            let ann = arr(v, "announcements");
            // Card points taken so far this deal, as the tricks are won.
            let taken = &model.table.deal_points;
            let w = name_width(model);
            out.push(format!(
                "{:<w$} {:>5} {:>6} {:>8}",
                "", "said", "taken", "penalty"
            ));
            for (s, total) in totals.iter().enumerate() {
                let said = ann
                    .get(s)
                    .and_then(Value::as_u64)
                    .map(|x| x.to_string())
                    .unwrap_or_else(|| "?".into());
                out.push(format!(
                    "{:<w$} {:>5} {:>6} {:>8}",
                    model.seat_name(s),
                    said,
                    taken.get(s).copied().unwrap_or(0),
                    total
                ));
            }
            if let (Some(d), Some(n)) = (num(v, "deal_number"), num(v, "deals")) {
                out.push(format!("deal {d} of {n}"));
            }
        }
        GameKind::Handjass => {
            let slate = nums(v, "slate");
            let sacks = nums(v, "sacks");
            let w = name_width(model);
            out.push(format!("{:<w$} {:>7} {:>6}", "", "strokes", "sacks"));
            for (s, strokes) in slate.iter().enumerate() {
                out.push(format!(
                    "{:<w$} {:>7} {:>6}",
                    model.seat_name(s),
                    strokes,
                    sacks.get(s).copied().unwrap_or(0)
                ));
            }
            if let Some(t) = num(v, "target") {
                out.push(format!("out at {t} strokes"));
            }
        }
    }
    out
}

/// The summary of the deal that just ended, from the person's view at its end.
pub fn deal_summary(model: &Model) -> Vec<String> {
    let mut out = vec![format!("deal {} is over", model.deals_done + 1)];
    let v = &model.view;
    let tricks = arr(v, "tricks");
    if !tricks.is_empty() {
        let mut won = vec![0u32; model.seats];
        for t in &tricks {
            if let Some(w) = num(t, "winner") {
                if let Some(x) = won.get_mut(w as usize) {
                    *x += 1;
                }
            }
        }
        let parts: Vec<String> = (0..model.seats)
            .filter(|&s| won[s] > 0)
            .map(|s| format!("{} {}", model.seat_name(s), won[s]))
            .collect();
        out.push(format!("tricks: {}", parts.join(", ")));
    }
    out.extend(score_lines(model));
    out.extend(slate_text(model));
    out
}

/// How the deal was scored, as the game gives it: labelled lines that add up, one column per
/// side (none where the game shows its own tally).
fn score_lines(model: &Model) -> Vec<String> {
    let lines = &model.table.deal_lines;
    if lines.is_empty() {
        return Vec::new();
    }
    let sides: Vec<String> = model
        .table
        .sides
        .iter()
        .enumerate()
        .map(|(i, seats)| match seats.as_slice() {
            [s] => model.seat_name(*s),
            _ => team_name(model, i).to_string(),
        })
        .collect();
    let width = lines
        .iter()
        .map(|l| l.label.chars().count())
        .max()
        .unwrap_or(0);
    let cell = |text: &str| format!("{text:>14}");
    let mut out = vec![format!(
        "{:<width$}{}",
        "",
        sides.iter().map(|s| cell(s)).collect::<String>()
    )];
    for l in lines {
        out.push(format!(
            "{:<width$}{}",
            l.label,
            l.values
                .iter()
                .map(|v| cell(&v.to_string()))
                .collect::<String>()
        ));
    }
    out
}

/// How the game ended, in words from the person's side.
pub fn verdict_lines(model: &Model, verdict: &Verdict) -> Vec<String> {
    let teams = model.kind.info().teams;
    let total = |side: usize| verdict.totals.get(side).copied().unwrap_or(0);
    let mut out = Vec::new();
    match (verdict.winner, verdict.loser) {
        (Some(w), _) if teams => {
            let who = if w == model.human % 2 {
                "you & partner win"
            } else {
                "the opponents win"
            };
            out.push(format!(
                "{who}, {} to {} {}",
                total(w),
                total(1 - w),
                verdict.unit
            ));
        }
        (Some(w), _) => out.push(format!(
            "{} {} with {} {}",
            model.seat_name(w),
            if w == model.human { "win" } else { "wins" },
            total(w),
            verdict.unit
        )),
        (None, Some(l)) => {
            out.push(format!(
                "{} {} the game",
                model.seat_name(l),
                if l == model.human { "lose" } else { "loses" }
            ));
            if !verdict.safe.is_empty() {
                let safe: Vec<String> = verdict.safe.iter().map(|&s| model.seat_name(s)).collect();
                out.push(format!("safe, in this order: {}", safe.join(", ")));
            }
        }
        (None, None) => out.push("nobody wins or loses alone: a shared result".into()),
    }
    if verdict.schneider {
        out.push("Schneider: the losers stayed under half the target".into());
    }
    out
}

/// The summary at the end of the game (`verdict`: how it ended, when it was played to its end).
pub fn game_summary(model: &Model, verdict: Option<&Verdict>, saved: &str) -> Vec<String> {
    let mut out = vec![format!(
        "{} is over (in deal {})",
        model.kind.info().title,
        model.deals_done + 1
    )];
    if let Some(v) = verdict {
        out.extend(verdict_lines(model, v));
    }
    out.extend(slate_text(model));
    let players: Vec<String> = (0..model.seats)
        .filter(|&s| s != model.human)
        .map(|s| format!("{} {}", model.seat_name(s), model.names[s]))
        .collect();
    out.push(format!("computer players: {}", players.join(", ")));
    out.push(String::new());
    out.push(saved.to_string());
    out
}

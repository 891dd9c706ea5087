//! Draws the terminal table from the [`Model`]: header, table (trick, last trick, announcements,
//! auction), slate, hand or choices, log, message and keys. Layout only; what each game shows on
//! the table and the slate comes from [`super::slate`].

use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use serde_json::Value;

use super::labels::{action_label, card_label, contract_label};
use super::model::{Model, CARD_KEYS, MENU_KEYS};
use super::slate::{slate_lines, table_lines};

/// The smallest terminal the table fits in.
pub const MIN_WIDTH: u16 = 80;
/// The smallest height.
pub const MIN_HEIGHT: u16 = 24;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, model: &Model) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        draw_too_small(frame, area, model);
        return;
    }
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            Constraint::Min(9),
            Constraint::Length(7),
            Constraint::Length(2),
            Constraint::Length(1),
        ])
        .split(area);
    frame.render_widget(Paragraph::new(header(model)), rows[0]);
    let middle = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Percentage(58), Constraint::Percentage(42)])
        .split(rows[1]);
    let table = Paragraph::new(table_lines(model))
        .wrap(Wrap { trim: false })
        .block(titled(model.t("tty_table", &[])));
    frame.render_widget(table, middle[0]);
    let right = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Percentage(60), Constraint::Percentage(40)])
        .split(middle[1]);
    let slate = Paragraph::new(slate_lines(model))
        .wrap(Wrap { trim: false })
        .block(titled(model.t("ui_slate", &[])));
    frame.render_widget(slate, right[0]);
    let log_height = right[1].height.saturating_sub(2) as usize;
    let log: Vec<Line> = model
        .log
        .iter()
        .skip(model.log.len().saturating_sub(log_height))
        .map(|l| Line::from(l.clone()))
        .collect();
    frame.render_widget(
        Paragraph::new(log)
            .wrap(Wrap { trim: false })
            .block(titled(model.t("tty_moves", &[]))),
        right[1],
    );
    draw_hand(frame, model, rows[2]);
    let msg = match &model.hint {
        Some(h) if !model.message.is_empty() => format!("{} · {h}", model.message),
        Some(h) => h.clone(),
        None => model.message.clone(),
    };
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(
            msg,
            Style::default().add_modifier(Modifier::BOLD),
        )))
        .wrap(Wrap { trim: true }),
        rows[3],
    );
    frame.render_widget(Paragraph::new(keys_line(model)), rows[4]);
    if let Some(lines) = model.finished.as_ref().or(model.deal_summary.as_ref()) {
        draw_summary(frame, area, model, lines);
    }
}

/// A framed box titled ` title `.
fn titled(title: String) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .title(format!(" {title} "))
}

fn draw_too_small(frame: &mut Frame, area: Rect, model: &Model) {
    let need = format!("{MIN_WIDTH}×{MIN_HEIGHT}");
    let have = format!("{}×{}", area.width, area.height);
    let text = vec![
        Line::from(model.t("tty_too_small", &[])),
        Line::from(model.t("tty_needs_size", &[("need", &need), ("have", &have)])),
        Line::from(model.t("tty_enlarge", &[])),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

fn header(model: &Model) -> String {
    let v = &model.view;
    // The seed deals every hand (`jass simulate --seed`): shown once the game is over only.
    let seed = match model.finished {
        Some(_) => format!(" · {}", model.t("tty_seed", &[("seed", &model.seed)])),
        None => String::new(),
    };
    let mut s = format!(
        "Jass · {}{seed} · {}",
        model.kind.name(),
        model.t("tty_you_are_seat", &[("n", &model.human)])
    );
    let contract = v
        .get("contract")
        .or_else(|| v.get("trump"))
        .and_then(Value::as_str);
    if let Some(c) = contract {
        s += &format!(" · {}", contract_label(c, model.words));
    }
    if let Some(bid) = v.get("bid").and_then(Value::as_array) {
        if let (Some(p), Some(t), Some(by)) = (bid[0].as_u64(), bid[1].as_str(), bid[2].as_u64()) {
            let mode = contract_label(t, model.words);
            let who = model.seat_name(by as usize);
            let bid = model.t(
                "tty_bid_by",
                &[("points", &p), ("mode", &mode), ("who", &who)],
            );
            s += &format!(" · {bid}");
        }
    }
    s
}

fn keys_line(model: &Model) -> String {
    let key = if model.finished.is_some() {
        "tty_keys_over"
    } else if model.quit_asked {
        "tty_keys_quit"
    } else if model.deal_summary.is_some() {
        "tty_keys_deal"
    } else if model.is_card_play() {
        CARD_KEYS
    } else if model.request.is_some() {
        MENU_KEYS
    } else {
        "tty_keys_wait"
    };
    model.t(key, &[])
}

fn draw_hand(frame: &mut Frame, model: &Model, area: Rect) {
    let hand = model.hand();
    let card_play = model.is_card_play();
    let legal = model.legal_cards();
    let menu = model.request.is_some() && !card_play;
    let cols = if menu {
        Layout::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Percentage(55), Constraint::Percentage(45)])
            .split(area)
    } else {
        Layout::default()
            .constraints([Constraint::Percentage(100)])
            .split(area)
    };
    // As many columns as fit (at least two, so nine cards take five rows), each `x ▶ Name`.
    let longest = hand
        .iter()
        .map(|&c| card_label(c, model.words.style).chars().count())
        .max()
        .unwrap_or(10)
        + 6;
    let inner = cols[0].width.saturating_sub(2) as usize;
    let per_row = (inner / longest).clamp(2, 4);
    let width = inner / per_row;
    let mut lines = Vec::new();
    for row in hand.chunks(per_row).enumerate() {
        let mut spans = Vec::new();
        for (j, &c) in row.1.iter().enumerate() {
            let i = row.0 * per_row + j;
            let letter = (b'a' + i as u8) as char;
            let playable = card_play && legal.contains(&c);
            let mark = if playable { "▶" } else { " " };
            let text = format!("{letter} {mark} {}", card_label(c, model.words.style));
            let mut style = Style::default();
            if card_play && !playable {
                style = style.add_modifier(Modifier::DIM);
            }
            if card_play && i == model.selected {
                style = style.add_modifier(Modifier::REVERSED);
            }
            let padded: String = format!("{text:<width$}").chars().take(width).collect();
            spans.push(Span::styled(padded, style));
        }
        lines.push(Line::from(spans));
    }
    if hand.is_empty() {
        lines.push(Line::from(model.t("tty_no_cards", &[])));
    }
    let title = model.t(
        if card_play {
            "tty_hand_turn"
        } else {
            "tty_hand"
        },
        &[],
    );
    frame.render_widget(Paragraph::new(lines).block(titled(title)), cols[0]);
    if menu {
        let r = model.request.as_ref().expect("menu has a request");
        let height = cols[1].height.saturating_sub(2) as usize;
        let first = model
            .selected
            .saturating_sub(height.saturating_sub(1) / 2)
            .min(r.legal.len().saturating_sub(height));
        let lines: Vec<Line> = r
            .legal
            .iter()
            .enumerate()
            .skip(first)
            .take(height)
            .map(|(i, a)| {
                let text = format!("{:>3} {}", i + 1, action_label(a, model.words));
                if i == model.selected {
                    Line::from(Span::styled(
                        text,
                        Style::default().add_modifier(Modifier::REVERSED),
                    ))
                } else {
                    Line::from(text)
                }
            })
            .collect();
        let title = if model.typed.is_empty() {
            model.t("tty_choose_title", &[])
        } else {
            model.t("tty_choose_typed", &[("typed", &model.typed)])
        };
        frame.render_widget(Paragraph::new(lines).block(titled(title)), cols[1]);
    }
}

fn draw_summary(frame: &mut Frame, area: Rect, model: &Model, lines: &[String]) {
    let height = (lines.len() as u16 + 4).min(area.height);
    let width = 64.min(area.width);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    let (title, keys) = if model.finished.is_some() {
        ("tty_game_over_title", "tty_q_leave")
    } else {
        ("tty_deal_over_title", "tty_next_deal")
    };
    let mut text: Vec<Line> = lines.iter().map(|l| Line::from(l.clone())).collect();
    text.push(Line::from(""));
    text.push(Line::from(model.t(keys, &[])));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(titled(model.t(title, &[]))),
        rect,
    );
}

/// The screen as text (for tests): every cell of a `width`×`height` test terminal.
#[cfg(test)]
pub fn screen_text(model: &Model, width: u16, height: u16) -> String {
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|f| draw(f, model)).expect("draw");
    let buffer = terminal.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..height {
        for x in 0..width {
            out += buffer[(x, y)].symbol();
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::CardStyle;
    use jass_table::{run_table, Event, GameKind, GameSpec, Request, SeatPlayer};

    /// A model of seat 0 at a rule-played game of `kind`, stopped at seat 0's `nth` decision of
    /// the wanted sort (card play or not).
    fn model_at(kind: GameKind, card_play: bool, style: CardStyle) -> Model {
        let pairs: Vec<String> = match kind {
            GameKind::Differenzler => vec!["deals=2".into()],
            _ => vec![],
        };
        model_with(kind, &pairs, card_play, style)
    }

    /// [`model_at`] with these game options.
    fn model_with(kind: GameKind, pairs: &[String], card_play: bool, style: CardStyle) -> Model {
        let spec = GameSpec::parse(kind.name(), pairs).unwrap();
        let seats = (0..spec.seats())
            .map(|_| SeatPlayer::Bot("rule".into()))
            .collect();
        let names = (0..spec.seats()).map(|_| "rule".to_string()).collect();
        let mut model = Model::new(kind, 0, names, style, 7);
        let mut done = false;
        let mut request = None;
        run_table(&spec, 7, seats, &[], &mut |e| {
            if done {
                return;
            }
            if let Event::Snapshot(s) = &e {
                let plays = !s.legal.is_empty() && s.legal.iter().all(|a| a["action"] == "play");
                let late = s.views[0]["tricks"]
                    .as_array()
                    .is_some_and(|t| !t.is_empty());
                if s.to_move == Some(0) && plays == card_play && (!card_play || late) {
                    request = Some(Request {
                        game: kind.name().into(),
                        seat: 0,
                        view: s.views[0].clone(),
                        legal: s.legal.clone(),
                    });
                    done = true;
                }
            }
            model.on_event(e);
        })
        .unwrap();
        model.on_request(request.expect("seat 0 decides"));
        model
    }

    #[test]
    fn the_slate_shows_the_points_taken_so_far_in_the_deal() {
        for kind in GameKind::ALL {
            let m = model_at(kind, true, CardStyle::Swiss);
            // What the tricks of the deal so far hold, by the view the person has.
            let teams = kind.info().teams;
            let mut taken = vec![0u64; m.table.sides.len()];
            for t in m.view["tricks"].as_array().unwrap() {
                let w = t["winner"].as_u64().unwrap() as usize;
                taken[if teams { w % 2 } else { w }] += t["points"].as_u64().unwrap();
            }
            assert!(
                m.table.deal_tricks.iter().sum::<u32>() > 0,
                "{}: tricks were played",
                kind.name()
            );
            let slate: Vec<String> = super::super::slate::slate_lines(&m)
                .iter()
                .map(|l| l.to_string())
                .collect();
            let screen = screen_text(&m, 100, 30);
            // The column of this deal's points ("this deal", Differenzler's "taken"), or
            // Coiffeur's row of them.
            let column = m
                .table
                .slate
                .columns
                .iter()
                .position(|c| c.key == "col_this_deal" || c.key == "col_taken");
            let shown = match column {
                Some(c) => (0..taken.len()).all(|side| {
                    let name = if teams {
                        if side == 0 { "us" } else { "them" }.to_string()
                    } else {
                        m.seat_name(side)
                    };
                    slate.iter().any(|l| {
                        l.starts_with(&name)
                            && screen.contains(l.trim_end())
                            && l[name.len()..].split_whitespace().nth(c)
                                == Some(&taken[side].to_string())
                    })
                }),
                None => slate.iter().any(|l| {
                    l.starts_with("this deal")
                        && screen.contains(l.trim_end())
                        && l["this deal".len()..]
                            .split_whitespace()
                            .collect::<Vec<_>>()
                            == [taken[0].to_string(), taken[1].to_string()]
                }),
            };
            assert!(
                shown,
                "{}: taken {taken:?}\n{}\n{screen}",
                kind.name(),
                slate.join("\n")
            );
        }
    }

    /// Differenzler's column of the points taken grows trick by trick during the deal.
    #[test]
    fn differenzler_taken_grows_during_the_deal() {
        let spec = GameSpec::parse("differenzler", &["deals=1".to_string()]).unwrap();
        let seats = (0..4).map(|_| SeatPlayer::Bot("rule".into())).collect();
        let names = (0..4).map(|_| "rule".to_string()).collect();
        let mut model = Model::new(GameKind::Differenzler, 0, names, CardStyle::Swiss, 3);
        let mut seen = Vec::new();
        run_table(&spec, 3, seats, &[], &mut |e| {
            model.on_event(e);
            let tricks = model.view["tricks"].as_array().map_or(0, Vec::len);
            if (1..9).contains(&tricks) && seen.last().map(|(t, _)| *t) != Some(tricks) {
                let slate = super::super::slate::slate_lines(&model)
                    .iter()
                    .map(|l| l.to_string())
                    .collect::<Vec<_>>();
                let taken: u64 = (0..4)
                    .map(|s| {
                        let row = slate
                            .iter()
                            .find(|l| l.starts_with(&model.seat_name(s)))
                            .unwrap();
                        let cells: Vec<&str> =
                            row[model.seat_name(s).len()..].split_whitespace().collect();
                        cells[1].parse::<u64>().unwrap()
                    })
                    .sum();
                seen.push((tricks, taken));
            }
        })
        .unwrap();
        assert_eq!(seen.len(), 8, "{seen:?}");
        assert!(
            seen.windows(2)
                .all(|w| w[0].1 < w[1].1 || w[1].1 == w[0].1 && w[1].1 > 0),
            "{seen:?}"
        );
        assert!(seen[7].1 > seen[0].1, "{seen:?}");
    }

    #[test]
    fn the_deal_summary_gives_the_scores_lines_up_to_what_is_written() {
        for (game, pairs, label) in [
            ("schieber", vec!["misere=true".to_string()], "deal"),
            ("coiffeur", vec![], "written"),
            ("differenzler", vec![], "penalty"),
            ("handjass", vec![], "on the slate"),
        ] {
            let spec = GameSpec::parse(game, &pairs).unwrap();
            let kind = spec.kind;
            let n = spec.seats();
            let seats = (0..n).map(|_| SeatPlayer::Bot("rule".into())).collect();
            let names = (0..n).map(|_| "rule".to_string()).collect();
            let mut model = Model::new(kind, 0, names, CardStyle::Swiss, 5);
            let mut summary = None;
            let outcome = run_table(&spec, 5, seats, &[], &mut |e| {
                let at_end = matches!(&e, Event::Snapshot(s) if !s.table.deal_lines.is_empty());
                model.on_event(e);
                if at_end && summary.is_none() {
                    summary = Some(super::super::slate::deal_summary(&model));
                }
            })
            .unwrap();
            let summary = summary.expect("a deal ended").join("\n");
            let record = serde_json::to_value(&outcome.record).unwrap();
            let first = &record["deals"][0]["result"];
            // The line labelled as written: its label, then one number per side.
            let values: Vec<i64> = summary
                .lines()
                .filter_map(|l| {
                    let rest = l.strip_prefix(label)?;
                    rest.split_whitespace()
                        .map(str::parse)
                        .collect::<Result<Vec<i64>, _>>()
                        .ok()
                })
                .find(|v| !v.is_empty())
                .unwrap_or_else(|| panic!("{game}: no written line\n{summary}"));
            let field = |key: &str| -> Vec<i64> {
                first[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_i64().unwrap())
                    .collect()
            };
            let expected: Vec<i64> = match game {
                "coiffeur" => {
                    let team = first["team"].as_u64().unwrap() as usize;
                    let written = first["written"].as_i64().unwrap();
                    (0..2)
                        .map(|t| if t == team { written } else { 0 })
                        .collect()
                }
                "differenzler" => field("penalty"),
                "handjass" => {
                    let (strokes, potatoes) = (field("strokes"), field("potatoes"));
                    strokes.iter().zip(&potatoes).map(|(s, p)| s - p).collect()
                }
                _ => field("score"),
            };
            assert_eq!(values, expected, "{game}\n{summary}");
            assert!(summary.contains("card points"), "{summary}");
            assert!(
                summary.lines().any(|l| l.starts_with("tricks")),
                "{summary}"
            );
        }
    }

    #[test]
    fn the_game_over_box_says_who_won_or_lost() {
        let mut named_a_loser = false;
        for kind in GameKind::ALL {
            let pairs: Vec<String> = match kind {
                GameKind::Schieber | GameKind::Sidi => vec!["target=1000".into()],
                GameKind::Differenzler => vec!["deals=2".into()],
                _ => vec![],
            };
            let spec = GameSpec::parse(kind.name(), &pairs).unwrap();
            let seats = (0..spec.seats())
                .map(|s| SeatPlayer::Bot(if s % 2 == 0 { "rule" } else { "random" }.into()))
                .collect();
            let names = (0..spec.seats()).map(|_| "rule".to_string()).collect();
            let mut model = Model::new(kind, 0, names, CardStyle::Swiss, 11);
            let outcome = run_table(&spec, 11, seats, &[], &mut |e| model.on_event(e)).unwrap();
            let verdict = GameKind::verdict(&outcome.record);
            model.finished = Some(super::super::slate::game_summary(
                &model,
                Some(&verdict),
                "saved",
            ));
            let text = screen_text(&model, 100, 30);
            let said = match (verdict.winner, verdict.loser) {
                (Some(w), _) if kind.info().teams => {
                    let who = if w == 0 { "us" } else { "them" };
                    let l = verdict.totals[1 - w];
                    text.contains(&format!(
                        "Won by {who}: {} to {l} points",
                        verdict.totals[w]
                    ))
                }
                (Some(w), _) => text.contains(&format!("Won by {} with", model.seat_name(w))),
                (None, Some(l)) => {
                    named_a_loser = true;
                    text.contains(&format!("Lost by {}", model.seat_name(l)))
                        && (verdict.safe.is_empty() || text.contains("Safe, in this order"))
                }
                (None, None) => text.contains("Nobody wins or loses alone"),
            };
            assert!(said, "{}: {verdict:?}\n{text}", kind.name());
            assert!(text.contains("Game over"), "{text}");
            assert_eq!(text.contains("Schneider"), verdict.schneider, "{text}");
        }
        assert!(named_a_loser, "Handjass names its loser");
    }

    /// A Schneider is said in the game-over box.
    #[test]
    fn the_game_over_box_mentions_schneider() {
        let mut model = model_at(GameKind::Schieber, true, CardStyle::Swiss);
        let verdict = jass_table::Verdict {
            winner: Some(1),
            schneider: true,
            totals: vec![400, 1000],
            unit: "points",
            deals: 6,
            ..jass_table::Verdict::default()
        }
        .worded(true);
        model.finished = Some(super::super::slate::game_summary(
            &model,
            Some(&verdict),
            "saved",
        ));
        let screen = screen_text(&model, 100, 30);
        assert!(
            screen.contains("Won by them: 1000 to 400 points"),
            "{screen}"
        );
        assert!(
            screen.contains("Schneider: the losers stayed under the Schneider line"),
            "{screen}"
        );
    }

    #[test]
    fn every_game_renders_its_table_slate_and_hand() {
        let cases = [
            (GameKind::Schieber, "this deal"),
            (GameKind::Coiffeur, "×"),
            (GameKind::Sidi, "this deal"),
            (GameKind::Differenzler, "penalty"),
            (GameKind::Handjass, "strokes"),
        ];
        for (kind, slate_word) in cases {
            let m = model_at(kind, true, CardStyle::Swiss);
            let screen = screen_text(&m, 100, 30);
            assert!(
                screen.contains(&format!("Jass · {}", kind.name())),
                "{screen}"
            );
            assert!(screen.contains("Your hand — your turn"), "{screen}");
            assert!(
                screen.contains(slate_word),
                "{}: {slate_word}\n{screen}",
                kind.name()
            );
            assert!(screen.contains("last trick:"), "{screen}");
            assert!(screen.contains("▶"), "legal cards marked\n{screen}");
            let first = m.hand()[0].long_name(CardStyle::Swiss);
            assert!(screen.contains(&first), "{first}\n{screen}");
            assert!(screen.contains("a–i or 1–9"), "keys shown\n{screen}");
        }
    }

    /// A Handjass seat that took its Bessern sees the three cards it discarded (the rule player
    /// always takes them), and no other seat's.
    #[test]
    fn handjass_shows_the_cards_laid_away() {
        let pairs = ["players=3".to_string(), "small_deal=bessern".to_string()];
        let m = model_with(GameKind::Handjass, &pairs, true, CardStyle::French);
        let screen = screen_text(&m, 100, 30);
        let line = screen
            .lines()
            .find(|l| l.contains("you laid away:"))
            .unwrap_or_else(|| panic!("no laid-away line\n{screen}"));
        assert_eq!(line.matches(['♦', '♥', '♠', '♣']).count(), 3, "{line}");
    }

    #[test]
    fn decisions_show_a_menu_in_every_game() {
        let cases = [
            (GameKind::Schieber, "Trumpf"),
            (GameKind::Coiffeur, "Trumpf"),
            (GameKind::Sidi, "bid"),
            (GameKind::Differenzler, "announce"),
            (GameKind::Handjass, "stay in"),
        ];
        for (kind, word) in cases {
            let m = model_at(kind, false, CardStyle::French);
            let screen = screen_text(&m, 100, 30);
            assert!(screen.contains(" Choose "), "{}\n{screen}", kind.name());
            assert!(screen.contains(word), "{}: {word}\n{screen}", kind.name());
            assert!(
                ["♦", "♥", "♠", "♣"].iter().any(|s| screen.contains(s)),
                "French symbols\n{screen}"
            );
        }
    }

    /// With the German book the whole screen is German: the boxes, the menu, the slate, the
    /// keys; no key of the book shows as it is.
    #[test]
    fn the_german_book_words_the_whole_screen() {
        let german = jass_table::PhraseBook::language("de").unwrap();
        for card_play in [false, true] {
            let mut m = model_at(GameKind::Schieber, card_play, CardStyle::Swiss);
            m.words.book = german;
            m.on_request(m.request.clone().unwrap());
            let screen = screen_text(&m, 100, 30);
            for word in [
                "du bist Platz 0",
                "Tisch",
                "Tafel",
                "Züge",
                "Deine Hand",
                "verlassen",
            ] {
                assert!(screen.contains(word), "`{word}`\n{screen}");
            }
            let wanted = if card_play {
                "letzter Stich:"
            } else {
                " Wähle "
            };
            assert!(screen.contains(wanted), "`{wanted}`\n{screen}");
            assert!(
                !["tty_", "act_", "col_", "row_", "ui_"]
                    .iter()
                    .any(|k| screen.contains(k)),
                "a raw key\n{screen}"
            );
        }
    }

    #[test]
    fn a_small_window_says_so_and_summaries_overlay() {
        let mut m = model_at(GameKind::Schieber, true, CardStyle::Swiss);
        let small = screen_text(&m, 60, 20);
        assert!(small.contains("Window too small"), "{small}");
        assert!(small.contains("80×24"), "{small}");
        m.on_deal_over(vec!["deal 1 is over".into(), "you & partner 100".into()]);
        let s = screen_text(&m, 80, 24);
        assert!(
            s.contains("Deal over") && s.contains("Enter: next deal"),
            "{s}"
        );
        m.deal_summary = None;
        m.finished = Some(vec![
            "schieber is over".into(),
            "record saved to x.json".into(),
        ]);
        let s = screen_text(&m, 80, 24);
        assert!(
            s.contains("Game over") && s.contains("record saved to x.json"),
            "{s}"
        );
    }
}

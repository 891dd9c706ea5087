//! The terminal table of `jass play`: the full screen, its keys and its loop ([`screen_loop`]),
//! the [`model::Model`] it draws ([`render`], [`slate`]), card and action names ([`labels`], also
//! for `jass show`), the person's seat ([`human`]) and the journal an unfinished game goes on from
//! ([`journal`]). The `play` command (`commands/play.rs`) sets the game up and runs it.

pub mod human;
pub mod journal;
pub mod labels;
pub mod model;
pub mod render;
pub mod slate;

use std::io::{self, Stdout};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use anyhow::{Context, Result};
use jass_table::GameSpec;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self as term_event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::Terminal;
use serde_json::{json, Value};

use human::{Finish, ToScreen};
use jass_analysis::hint::{table_hint, HintSettings};
use labels::{action_label, card_label, Words};
use model::{Command, Key, Model};

/// How the person left the screen.
pub enum Left {
    /// Before the game thread ended.
    Early,
    /// After it ended (or stopped), as it reported.
    Ended(Finish),
}

/// The terminal in full-screen mode; restored when dropped (also on panic, by the hook).
pub struct Screen {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

impl Screen {
    pub fn open() -> Result<Screen> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
        enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        let mut stdout = io::stdout();
        if let Err(e) = execute!(stdout, EnterAlternateScreen) {
            restore_terminal();
            return Err(e).context("cannot open the full screen");
        }
        let terminal = match Terminal::new(CrosstermBackend::new(stdout)) {
            Ok(t) => t,
            Err(e) => {
                restore_terminal();
                return Err(e).context("cannot open the terminal");
            }
        };
        Ok(Screen { terminal })
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore_terminal();
    }
}

fn key_of(k: term_event::KeyEvent) -> Option<Key> {
    if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
        return Some(Key::CtrlC);
    }
    Some(match k.code {
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Esc => Key::Esc,
        _ => return None,
    })
}

/// The screen's loop: game messages, keys, drawing. Returns the saved-record message when the
/// game ended and the person left, `None` when the person left early.
pub fn screen_loop(
    mut screen: Screen,
    model: &mut Model,
    spec: &GameSpec,
    from_game: Receiver<ToScreen>,
    answers: Sender<Value>,
    go_on: Sender<()>,
) -> Result<Left> {
    let mut ended: Option<Finish> = None;
    loop {
        loop {
            let msg = match from_game.try_recv() {
                Ok(msg) => msg,
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    if model.finished.is_none() {
                        model.finished = Some(vec![model.t("tty_stopped", &[])]);
                        ended = Some(Finish::Failed("the game stopped unexpectedly".into()));
                    }
                    break;
                }
            };
            match msg {
                ToScreen::Event(e) => model.on_event(e),
                ToScreen::Request(r) => {
                    model.on_request(r);
                    if model.auto_hint {
                        screen.terminal.draw(|f| render::draw(f, model))?;
                        give_hint(model, spec);
                    }
                }
                ToScreen::DealOver => {
                    let lines = slate::deal_summary(model);
                    model.on_deal_over(lines);
                }
                ToScreen::Finished(finish, verdict) => {
                    let text = match &finish {
                        Finish::Saved(s) => s.clone(),
                        Finish::NotWritten(e) | Finish::Failed(e) => {
                            model.t("tty_error", &[("error", e)])
                        }
                    };
                    ended = Some(finish);
                    let lines = slate::game_summary(model, verdict.as_ref(), &text);
                    model.finished = Some(lines);
                    model.message = model.t("tty_game_over_q", &[]);
                }
            }
        }
        screen.terminal.draw(|f| render::draw(f, model))?;
        if !term_event::poll(Duration::from_millis(40))? {
            continue;
        }
        let key = match term_event::read()? {
            term_event::Event::Key(k) if k.kind != KeyEventKind::Release => key_of(k),
            _ => None, // a resize redraws on the next turn of the loop
        };
        let Some(key) = key else { continue };
        // Below the minimum size only leaving works.
        match model.on_key(key) {
            Command::None => {}
            Command::Answer(i) => {
                let _ = answers.send(json!(i));
            }
            Command::Continue => {
                let _ = go_on.send(());
            }
            Command::Hint => {
                screen.terminal.draw(|f| render::draw(f, model))?;
                give_hint(model, spec);
            }
            Command::Quit => {
                return Ok(ended.map_or(Left::Early, Left::Ended));
            }
        }
    }
}

/// Computes the hint for the pending request and puts it on the message line.
fn give_hint(model: &mut Model, spec: &GameSpec) {
    let Some(r) = model.request.as_ref() else {
        return;
    };
    let settings = HintSettings {
        seed: model.seed ^ model.actions.len() as u64,
        ..HintSettings::default()
    };
    let text = match table_hint(
        spec,
        model.seed,
        &model.actions,
        &r.view,
        &r.legal,
        settings,
    ) {
        Some(h) => hint_text(&h, model.words),
        None => model.t("tty_no_hint", &[]),
    };
    model.message = String::new();
    model.hint = Some(text);
}

/// A hint as one line: the suggestion, and the expected points where known.
pub fn hint_text(h: &jass_analysis::hint::Hint, words: Words) -> String {
    let what = action_label(&h.action, words);
    match &h.values {
        Ok(v) => {
            let parts: Vec<String> = v
                .values
                .iter()
                .map(|(c, p)| format!("{} {:.1}", card_label(*c, words.style), p))
                .collect();
            let how = match v.played_out_to {
                Some(n) => words.t(
                    "tty_hint_worlds_playout",
                    &[("n", &v.worlds), ("cards", &n)],
                ),
                None => words.t("tty_hint_worlds", &[("n", &v.worlds)]),
            };
            words.t(
                "tty_hint",
                &[
                    ("what", &what),
                    ("how", &how),
                    ("values", &parts.join(", ")),
                ],
            )
        }
        Err(why) => words.t(
            "tty_hint_by",
            &[
                ("by", &h.by.unwrap_or("rule")),
                ("what", &what),
                ("why", why),
            ],
        ),
    }
}

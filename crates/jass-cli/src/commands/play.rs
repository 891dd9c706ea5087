//! `jass play`: a full-screen terminal table against computer players, in every game.
//!
//! The game runs with [`jass_table::run_table`] on a worker thread. The person's seat is a
//! [`HumanSeat`], which sends each request to the screen and waits for the answer; every table
//! event reaches the screen over the same channel. The screen thread owns the terminal (the
//! terminal table, [`crate::table`]: its model, keys and drawing). A [`Journal`] beside the
//! record keeps every action taken, so that an unfinished game goes on with `--resume`.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::Args;
use jass_core::CardStyle;
use jass_table::{run_table, Event, GameKind, GameSpec, SeatPlayer, BOT_NAMES};
use serde_json::Value;

use crate::table::human::{Finish, HumanSeat, ToScreen};
use crate::table::journal::Journal;
use crate::table::labels::Words;
use crate::table::model::Model;
use crate::table::{screen_loop, Left, Screen};

/// Arguments of `jass play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The game, by its name (`jass options` lists every game).
    #[arg(long, short = 'g', default_value = "schieber")]
    game: String,
    /// A game option as key=value (repeatable; `jass options GAME` lists them).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Your seat (0 is forehand of the first deal in most games).
    #[arg(long, default_value_t = 0)]
    seat: usize,
    /// The computer players at the other seats: random, rule or sampling.
    #[arg(long, default_value = "rule")]
    opponents: String,
    /// One player per seat, comma-separated, `you` at your seat (e.g. `you,rule,sampling,rule`);
    /// a seat may also be a bot program (`cmd:COMMAND`, docs/protocol.md) or a jass-kit player
    /// service (`http://…`); overrides --opponents.
    #[arg(long)]
    players: Option<String>,
    /// Seed of the deals (drawn from the clock if not given; shown on screen).
    #[arg(long)]
    seed: Option<u64>,
    /// Card names: `swiss` (Schellen, Rosen, Schilten, Eicheln) or `french` (♦♥♠♣).
    #[arg(long, default_value = "swiss", value_parser = crate::language::parse_style)]
    cards: CardStyle,
    /// The language of the table: `de` or `en` (default: German if LC_ALL, LC_MESSAGES or LANG
    /// starts with `de`, else English).
    #[arg(long, value_name = "LANG", value_parser = crate::language::parse)]
    lang: Option<&'static jass_table::PhraseBook>,
    /// Show a hint at every decision of yours (the `?` key asks for one at any time).
    #[arg(long)]
    hint: bool,
    /// Pause after each computer move, in milliseconds.
    #[arg(long, default_value_t = 400)]
    delay_ms: u64,
    /// Where to save the record (default: jass-GAME-SEED.json in the current directory). Until
    /// the game ends, NAME.resume.json beside it keeps every action taken.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Go on with an unfinished game: the NAME.resume.json file it left (the game, options, seed,
    /// seats and record file come from it; --out writes the record elsewhere).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "options", "seat", "opponents", "players", "seed"])]
    resume: Option<PathBuf>,
}

/// The players of every seat, by name (`you` at the person's seat), from the arguments.
fn seat_names(args: &PlayArgs, seats: usize) -> Result<Vec<String>> {
    if args.seat >= seats {
        bail!(
            "--seat {} does not exist: this table has seats 0 to {}",
            args.seat,
            seats - 1
        );
    }
    let names: Vec<String> = match &args.players {
        Some(list) => {
            let names = crate::players::split_list(list);
            if names.len() != seats {
                bail!("--players lists {} players; this table has {seats} seats (write `you` at your seat, e.g. you,rule,rule,rule)", names.len());
            }
            names
        }
        None => (0..seats).map(|_| args.opponents.clone()).collect(),
    };
    let mut out = Vec::with_capacity(seats);
    for (s, n) in names.into_iter().enumerate() {
        if s == args.seat {
            if n != "you" && n != "human" && args.players.is_some() {
                bail!(
                    "--players: seat {s} is your seat (--seat {}); write `you` there",
                    args.seat
                );
            }
            out.push("you".to_string());
        } else if n == "you" || n == "human" {
            bail!("--players: only your seat ({}) can be `you`; seat {s} needs a computer player ({})", args.seat, BOT_NAMES.join(", "));
        } else {
            // A computer player by name or a program (cmd:…, http://…).
            jass_table::seat_spec::parse_one(&n).map_err(|e| anyhow::anyhow!(e))?;
            out.push(n);
        }
    }
    Ok(out)
}

/// The game to play: a new one from the arguments, or the unfinished one of `--resume`, with
/// the path of its journal.
fn journal_of(args: &PlayArgs) -> Result<(Journal, PathBuf)> {
    if let Some(path) = &args.resume {
        let mut journal = Journal::load(path)?;
        if let Some(out) = &args.out {
            journal.out = std::path::absolute(out).unwrap_or_else(|_| out.clone());
        }
        return Ok((journal, path.clone()));
    }
    let spec = GameSpec::parse(&args.game, &args.options)?;
    let names = seat_names(args, spec.seats())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("jass-{}-{seed}.json", spec.kind.name())));
    let path = Journal::path_for(&out);
    // A journal of an unfinished game is not overwritten by a new game of the same name.
    if let Ok(old) = Journal::load(&path) {
        if !old.actions.is_empty() {
            bail!(
                "{} holds an unfinished game ({} actions): go on with `jass play --resume {}`, or start anew with another --seed or --out (or delete that file)",
                path.display(),
                old.actions.len(),
                path.display()
            );
        }
    }
    Ok((Journal::new(&spec, seed, args.seat, names, &out), path))
}

/// Runs `jass play`.
pub fn run(args: PlayArgs) -> Result<std::process::ExitCode> {
    let (journal, journal_path) = journal_of(&args)?;
    let spec = journal.spec()?;
    let names = journal.players.clone();
    let seed = journal.seed;
    // The record's place is checked first: a game played to its end must not be lost there.
    writable(&journal.out)?;
    if !io_is_terminal() {
        bail!("jass play needs a terminal (standard input and output must be a terminal); for scripts use `jass advise` or `jass simulate`");
    }
    // Written before the screen opens: a folder that cannot take it fails now, not mid-game.
    journal
        .save(&journal_path)
        .map_err(|e| anyhow::anyhow!("{e} (choose another place with --out)"))?;

    let journal_error: Arc<Mutex<Option<String>>> = Arc::default();

    let (to_screen, from_game) = mpsc::channel::<ToScreen>();
    let (answers_tx, answers_rx) = mpsc::channel::<Value>();
    let (go_on_tx, go_on_rx) = mpsc::channel::<()>();
    let human = journal.seat;
    let delay = Duration::from_millis(args.delay_ms);
    let words = Words {
        book: crate::language::book(args.lang),
        style: args.cards,
    };
    {
        let spec = spec.clone();
        let keep = Keep {
            journal,
            path: journal_path.clone(),
            error: Arc::clone(&journal_error),
        };
        thread::spawn(move || {
            game_thread(spec, delay, keep, words, to_screen, answers_rx, go_on_rx)
        });
    }

    let mut model = Model::new(spec.kind, human, names, args.cards, seed);
    model.words = words;
    model.message = model.t("tty_dealing", &[]);
    model.auto_hint = args.hint;
    let screen = Screen::open()?;
    let result = screen_loop(screen, &mut model, &spec, from_game, answers_tx, go_on_tx);
    // The screen is restored by now (Screen's Drop), so this prints on the normal terminal.
    if let Some(e) = journal_error
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take()
    {
        eprintln!("warning: {e}; the game cannot be resumed past that point");
    }
    match result? {
        Left::Ended(Finish::Saved(saved)) => {
            println!("{saved}");
            Ok(std::process::ExitCode::SUCCESS)
        }
        Left::Early => {
            let file = journal_path.display();
            println!(
                "{}",
                words.t("tty_left", &[("seed", &seed), ("file", &file)])
            );
            Ok(std::process::ExitCode::SUCCESS)
        }
        // The journal stays (the game thread removes it only once the record is written), so
        // the game is not lost: resuming it replays every action and writes the record again.
        Left::Ended(Finish::NotWritten(e)) => bail!(
            "{e}\nthe game (seed {seed}) is kept in {0}: jass play --resume {0} --out OTHER.json writes its record elsewhere",
            journal_path.display()
        ),
        Left::Ended(Finish::Failed(e)) => bail!(
            "{e}\nthe game (seed {seed}) is kept as far as it went in {}",
            journal_path.display()
        ),
    }
}

/// Whether the record can be written to `out` (without changing a file already there).
fn writable(out: &Path) -> Result<()> {
    let existed = out.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(out)
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot write the record to {} ({e}): choose another place with --out",
                out.display()
            )
        })?;
    if !existed {
        let _ = std::fs::remove_file(out);
    }
    Ok(())
}

/// The journal of the game being played, kept up to date by the game thread.
struct Keep {
    journal: Journal,
    path: PathBuf,
    /// The first failure to write it (shown after the screen closes).
    error: Arc<Mutex<Option<String>>>,
}

impl Keep {
    /// Adds the action of decision `step` (run_table repeats the last resumed one) and saves.
    fn acted(&mut self, step: usize, action: &Value) {
        if step != self.journal.actions.len() {
            return;
        }
        self.journal.actions.push(action.clone());
        if let Err(e) = self.journal.save(&self.path) {
            self.error
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert(e);
        }
    }

    /// The game is over and its record saved: the journal is not needed any more.
    fn done(&self) {
        let _ = std::fs::remove_file(&self.path);
    }

    /// Where the record goes (absolute in the journal; shown relative to the current folder
    /// when it lies inside).
    fn out(&self) -> &Path {
        &self.journal.out
    }

    fn out_shown(&self) -> PathBuf {
        std::env::current_dir()
            .ok()
            .and_then(|d| self.journal.out.strip_prefix(d).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| self.journal.out.clone())
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(1)
}

fn io_is_terminal() -> bool {
    use std::io::IsTerminal;
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

fn game_thread(
    spec: GameSpec,
    delay: Duration,
    mut keep: Keep,
    words: Words,
    to_screen: Sender<ToScreen>,
    answers: Receiver<Value>,
    go_on: Receiver<()>,
) {
    let human = keep.journal.seat;
    let seed = keep.journal.seed;
    let names = keep.journal.players.clone();
    let resume = keep.journal.actions.clone();
    let mut answers = Some(answers);
    // A program's own notes would break the full screen; its replaced answers still reach the
    // screen as fallback events.
    let quiet: jass_table::external::BotLog = std::sync::Arc::new(|_: &str| {});
    let seats: Result<Vec<SeatPlayer>, String> = names
        .iter()
        .enumerate()
        .map(|(s, n)| match answers.take_if(|_| s == human) {
            Some(answers) => Ok(SeatPlayer::Json(Box::new(HumanSeat {
                to_screen: to_screen.clone(),
                answers,
            }))),
            None => jass_table::seat_spec::seat_player(
                &jass_table::seat_spec::parse_one(n)?,
                crate::seats::limits()?,
                quiet.clone(),
            ),
        })
        .collect();
    let seats = match seats {
        Ok(seats) => seats,
        Err(e) => {
            let _ = to_screen.send(ToScreen::Finished(Finish::Failed(e), None));
            return;
        }
    };
    let screen = to_screen.clone();
    let keep_events = &mut keep;
    let mut on_event = move |e: Event| {
        if let Event::Acted { step, action, .. } = &e {
            keep_events.acted(*step, action);
        }
        let pause = match &e {
            Event::Acted { seat, .. } => *seat != human,
            _ => false,
        };
        let deal_over =
            matches!(&e, Event::Snapshot(s) if s.to_move.is_none() && !s.over && s.step > 0);
        let _ = screen.send(ToScreen::Event(e));
        if deal_over {
            let _ = screen.send(ToScreen::DealOver);
            let _ = go_on.recv();
        } else if pause && !delay.is_zero() {
            thread::sleep(delay);
        }
    };
    let mut verdict = None;
    let finish = match run_table(&spec, seed, seats, &resume, &mut on_event) {
        Err(e) => Finish::Failed(e),
        Ok(outcome) => match outcome.record.check() {
            Err(e) => Finish::Failed(format!("the record does not re-play: {e}")),
            Ok(_) => {
                verdict = Some(GameKind::verdict(&outcome.record));
                let out = keep.out();
                match std::fs::write(out, outcome.record.to_json_pretty()) {
                    Err(e) => Finish::NotWritten(format!(
                        "cannot write the record to {}: {e}",
                        out.display()
                    )),
                    Ok(()) => {
                        keep.done();
                        let file = keep.out_shown();
                        Finish::Saved(words.t("tty_saved", &[("file", &file.display())]))
                    }
                }
            }
        },
    };
    let _ = to_screen.send(ToScreen::Finished(finish, verdict));
}

//! `jass`: simulate, show, check and benchmark Swiss Jass games.

mod advise;
mod arena;
mod arena_games;
mod bench;
mod check;
mod games;
mod import_export;
mod language;
mod options;
mod output;
mod play;
mod players;
mod record_text;
mod seats;
mod show;
mod simulate;
mod solve;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use jass_core::CardStyle;

/// Swiss Jass: the rules engine, computer opponents and tools.
#[derive(Parser)]
#[command(name = "jass", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play at a full-screen terminal table against computer players (every game).
    Play(play::PlayArgs),
    /// Advise on a Schieber deal at a real table: enter your hand, the contract and the cards
    /// played, line by line (scriptable); it names the card to play and every card's expected points.
    Advise(advise::AdviseArgs),
    /// Play games between computer players and write their records.
    Simulate(simulate::SimulateArgs),
    /// Play two players (or teams) against each other on duplicate deals, in any game.
    Arena(arena::ArenaArgs),
    /// The exact value of every legal card in a position with all hands open (the solver).
    Solve(solve::SolveArgs),
    /// Print a record for a person.
    Show {
        /// A record file (one JSON document or JSON Lines); `-` reads standard input.
        file: PathBuf,
        /// Card names: `swiss` (Schellen, Rosen, Schilten, Eicheln) or `french`.
        #[arg(long, default_value = "swiss", value_parser = parse_style)]
        cards: CardStyle,
        /// Show only the N-th record of the file (1-based).
        #[arg(long)]
        game: Option<usize>,
        /// Also list every hand as dealt.
        #[arg(long)]
        hands: bool,
        /// The language: `de` or `en` (default: German if LC_ALL, LC_MESSAGES or LANG starts
        /// with `de`, else English).
        #[arg(long, value_name = "LANG", value_parser = language::parse)]
        lang: Option<&'static jass_table::PhraseBook>,
    },
    /// Re-play records through the engine and report the first inconsistency of each.
    Check {
        /// Record files (JSON or JSON Lines); `-` reads standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print speed figures as JSON (random full Schieber deals per second, legal-card generations
    /// per second), measured on one core.
    Bench(bench::BenchArgs),
    /// Read a jass-kit / Swisslos game log (one round per line) into records (one deal each).
    Import(import_export::ImportArgs),
    /// Write the complete deals of Schieber records as a jass-kit game log (one round per line).
    Export(import_export::ExportArgs),
    /// Serve tables in the browser (and to external bots over WebSockets) until Ctrl-C.
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// Folder of the database (tables, actions, records); created if missing.
        #[arg(long, default_value = "./jass-data")]
        data: PathBuf,
        /// Keep the tables in this PostgreSQL database instead of SQLite in the data folder
        /// (postgres://user:password@host:5432/dbname; the password may come from PGPASSWORD).
        #[arg(long)]
        database: Option<String>,
    },
    /// List the games and their options with defaults.
    Options {
        /// The game (default: all).
        game: Option<String>,
    },
}

fn parse_style(s: &str) -> Result<CardStyle, String> {
    s.parse::<CardStyle>().map_err(|e| e.to_string())
}

/// Restores the default action of SIGPIPE, so that `jass show games.jsonl | head` ends quietly
/// instead of panicking on a closed pipe (Rust ignores SIGPIPE by default). Not for the commands
/// that talk to other programs (external bots on pipes, browsers and bots on sockets): there a
/// bot that closes its input would end the whole run, record and all, instead of being replaced
/// by the fallback player.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread is spawned; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// A write to standard output that fails (a full disk, or a closed pipe where SIGPIPE is
/// ignored) ends `jass` with a message and exit code 74 instead of a panic (`println!` panics
/// when it cannot write).
fn quiet_on_failed_output() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(why) = msg.strip_prefix("failed printing to stdout: ") {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: cannot write the output: {why}");
            std::process::exit(74);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_failed_output();
    let cli = Cli::parse();
    let talks_to_programs = matches!(
        cli.command,
        Command::Play(_) | Command::Simulate(_) | Command::Arena(_) | Command::Serve { .. }
    );
    if !talks_to_programs {
        quiet_on_closed_pipe();
    }
    let result = match cli.command {
        Command::Play(args) => play::run(args),
        Command::Advise(args) => advise::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Arena(args) => arena::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Show {
            file,
            cards,
            game,
            hands,
            lang,
        } => show::run(&file, cards, language::book(lang), game, hands),
        Command::Check { files } => check::run(&files),
        Command::Bench(args) => bench::run(args),
        Command::Import(args) => import_export::import(args),
        Command::Export(args) => import_export::export(args),
        Command::Options { game } => options::list(game.as_deref()),
        Command::Serve {
            addr,
            data,
            database,
        } => jass_server::serve(addr, data, database)
            .map(|()| ExitCode::SUCCESS)
            .map_err(anyhow::Error::msg),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            // An error may quote what came from outside (a name, a file): shown escaped, line by line.
            let lines: Vec<String> = format!("{e:#}")
                .split('\n')
                .map(jass_core::text::escape_unsafe)
                .collect();
            eprintln!("error: {}", lines.join("\n"));
            ExitCode::from(2)
        }
    }
}

//! `jass`: play, advise, simulate, solve, measure and serve Swiss Jass games. This file reads
//! the command line and hands it to the command (`commands/`).

mod commands;

/// mimalloc rather than glibc's allocator: the server's tables allocate and free their views on
/// many threads, where glibc's arenas fragment (1,000 tables of people held about 700 KB of memory
/// each with it; docs/server.md, "Load").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
mod input;
mod language;
mod output;
mod players;
mod record_text;
mod score_grid;
mod seats;
mod table;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::*;

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
    Show(show::ShowArgs),
    /// Re-play records through the engine and report the first inconsistency of each.
    Check(check::CheckArgs),
    /// Print speed figures as JSON, measured on one core: random full Schieber deals and
    /// legal-card generations per second, the exact solver (positions, whole deals, the 400
    /// chosen deals' median, p99 and the deals over the node cap) and the sampling player's time
    /// a card.
    Bench(bench::BenchArgs),
    /// Read a jass-kit / Swisslos game log (one round per line) into records (one deal each).
    Import(import_export::ImportArgs),
    /// Write the complete deals of Schieber records as a jass-kit game log (one round per line).
    Export(import_export::ExportArgs),
    /// Serve tables in the browser (and to external bots over WebSockets) until Ctrl-C.
    Serve(serve::ServeArgs),
    /// List the games and their options with defaults.
    Options(options::OptionsArgs),
    /// List each game's computer players and their settings with defaults, ranges and meanings.
    Players(player_settings::PlayersArgs),
    /// Fit a learned model from seeded self-play (`jass train play-model`: the Schieber play
    /// model that the sampling player's `belief` setting reads the others' cards with).
    Train(train::TrainArgs),
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
        Command::Play(_) | Command::Simulate(_) | Command::Arena(_) | Command::Serve(_)
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
        Command::Show(args) => show::run(args),
        Command::Check(args) => check::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Import(args) => import_export::import(args),
        Command::Export(args) => import_export::export(args),
        Command::Options(args) => options::run(args),
        Command::Players(args) => player_settings::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Train(args) => train::run(args),
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

//! `jass simulate`: play games between computer players, write records, print a summary.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use jass_table::{GameVisitor, TableGame, Verdict};

use crate::players;
use jass_table::GameKind;

#[derive(Args)]
pub struct SimulateArgs {
    /// The game to play.
    #[arg(long, short = 'g', default_value = "schieber")]
    game: String,
    /// Number of games.
    #[arg(long, short = 'n', default_value_t = 1)]
    games: u64,
    /// Seed of the first game (game i uses seed + i). Without it a seed is drawn from the clock
    /// and printed, so every run can be repeated.
    #[arg(long)]
    seed: Option<u64>,
    /// A game option as key=value (repeatable); `jass options` lists them.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// The players, comma-separated: one for all seats, two that alternate at a table of four
    /// (seats 0 and 2, then 1 and 3: the teams; in a game where each plays for himself, the same
    /// seats), or one per seat.
    /// Known: random, rule, sampling (Schieber also mcts, a yardstick); `A+B`: B plays the cards, A decides the rest.
    #[arg(long, default_value = "random")]
    players: String,
    /// Write the records here: one JSON document for one game, JSON Lines otherwise (or if the
    /// name ends in .jsonl). `-` writes to standard output and the summary to standard error.
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: SimulateArgs) -> Result<ExitCode> {
    let kind: GameKind = args.game.parse().map_err(|e: String| anyhow!(e))?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    kind.visit(Simulate(args))
}

/// `jass simulate` for any game of the registry.
struct Simulate(SimulateArgs);

impl GameVisitor for Simulate {
    type Output = Result<ExitCode>;
    fn visit<G: TableGame>(self) -> Result<ExitCode> {
        let args = self.0;
        let given = jass_table::options_from_pairs(&args.options)?;
        let options = jass_table::checked_options::<G>(&G::KIND.named_options(&args.game, &given))?;
        let seats = G::seat_count(&options);
        let seed = args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(1)
        });
        let to_stdout = args.out.as_deref().is_some_and(|p| p.as_os_str() == "-");
        let jsonl = args.games > 1
            || args
                .out
                .as_ref()
                .is_some_and(|p| p.extension().is_some_and(|e| e == "jsonl"));
        // The players are checked before the first game (a program is started and greeted).
        players::seated::<G>(&args.players, &options, seats, seed)?;
        // Only now, with the options and players accepted, is an existing output file replaced.
        let mut out: Option<Box<dyn Write>> =
            args.out.as_deref().map(crate::output::writer).transpose()?;

        let bar = if args.games >= 20 && !to_stdout {
            let b = ProgressBar::new(args.games);
            b.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
                    .expect("template"),
            );
            b
        } else {
            ProgressBar::hidden()
        };
        let start = Instant::now();
        let mut sum = Summary::new(seats);
        for i in 0..args.games {
            let game_seed = seed.wrapping_add(i);
            let mut players = players::seated::<G>(&args.players, &options, seats, game_seed)?;
            let record =
                G::play(options, game_seed, &mut players, &mut |_| {}).map_err(|e| anyhow!(e))?;
            jass_table::tell_game_over(&mut players, || record.clone());
            sum.add(&G::verdict(&record));
            if let Some(w) = out.as_mut() {
                let text = if jsonl {
                    record.to_json_line()
                } else {
                    record.to_json_pretty()
                };
                writeln!(w, "{text}").context("cannot write the record")?;
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        if let Some(mut w) = out {
            w.flush().context("cannot write the records")?;
        }
        let secs = start.elapsed().as_secs_f64();
        let report = format!(
            "{} game(s) of {}, seed {seed}, players {}, {seats} seats\n{}\n\
             deals: {} ({:.1} per game)\n\
             time: {:.2} s ({:.0} games/s){}{}",
            sum.games,
            G::NAME,
            args.players,
            sum.outcomes(G::TEAMS),
            sum.deals,
            sum.deals as f64 / sum.games as f64,
            secs,
            sum.games as f64 / secs.max(1e-9),
            crate::seats::summary(&args.players),
            match &args.out {
                Some(p) if !to_stdout => format!("\nrecords: {}", p.display()),
                _ => String::new(),
            }
        );
        if to_stdout {
            eprintln!("{report}");
        } else {
            println!("{report}");
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// What the summary counts over the games played.
struct Summary {
    games: u64,
    deals: u64,
    /// Games won, per side (team or seat).
    wins: Vec<u64>,
    /// Games lost, per seat (in games that name a loser).
    losses: Vec<u64>,
    /// Games won by Schneider.
    schneider: u64,
}

impl Summary {
    fn new(seats: usize) -> Summary {
        Summary {
            games: 0,
            deals: 0,
            wins: vec![0; seats],
            losses: vec![0; seats],
            schneider: 0,
        }
    }

    fn add(&mut self, verdict: &Verdict) {
        self.games += 1;
        self.deals += verdict.deals as u64;
        if let Some(w) = verdict.winner {
            self.wins[w] += 1;
        }
        if let Some(l) = verdict.loser {
            self.losses[l] += 1;
        }
        self.schneider += verdict.schneider as u64;
    }

    /// The wins per team or seat, the losses per seat, the Schneider games: what happened.
    fn outcomes(&self, teams: bool) -> String {
        let per = |counts: &[u64], side: &str| {
            counts
                .iter()
                .enumerate()
                .map(|(i, n)| match (teams, side) {
                    (true, "team") => format!("team {i} (seats {i}+{}) {n}", i + 2),
                    _ => format!("{side} {i} {n}"),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut lines = Vec::new();
        let nobody = self.games - self.wins.iter().sum::<u64>();
        if teams {
            lines.push(format!("wins: {}", per(&self.wins[..2], "team")));
        } else if self.wins.iter().any(|&n| n > 0) {
            lines.push(format!("wins: {}", per(&self.wins, "seat")));
        }
        if self.losses.iter().any(|&n| n > 0) {
            lines.push(format!("losses: {}", per(&self.losses, "seat")));
        } else if nobody > 0 {
            lines.push(format!("games without a single winner: {nobody}"));
        }
        if self.schneider > 0 {
            lines.push(format!("won by Schneider: {}", self.schneider));
        }
        lines.join("\n")
    }
}

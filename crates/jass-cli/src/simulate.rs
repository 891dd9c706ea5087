//! `jass simulate`: play games between computer players, write records, print a summary.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use jass_core::record::Record;
use jass_core::schieber::{play_recorded, Schieber, SchieberOptions};
use jass_core::Player;

use crate::games::GameKind;
use crate::options::to_json;
use crate::players::{self, splitmix};

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
    /// The players, comma-separated: one for all seats, two that alternate (seats 0 and 2, then 1
    /// and 3: the teams; in Differenzler, where each plays for himself, the same seats), or one
    /// per seat. Handjass: one for all or one per player.
    /// Known: random, rule, sampling (Schieber also mcts, a yardstick).
    #[arg(long, default_value = "random")]
    players: String,
    /// Write the records here: one JSON document for one game, JSON Lines otherwise (or if the
    /// name ends in .jsonl). `-` writes to standard output and the summary to standard error.
    #[arg(long)]
    out: Option<PathBuf>,
}

fn make_players(
    spec: &str,
    seats: usize,
    game_seed: u64,
    options: &SchieberOptions,
) -> Result<Vec<Box<dyn Player<Schieber>>>> {
    let names = players::split_list(spec);
    // One name for all seats, one per team (seats 0+2, then 1+3), or one per seat.
    if names.len() != 1 && names.len() != 2 && names.len() != seats {
        bail!("--players lists {} players; give one for all seats, one per team (e.g. rule,random), or one for every seat ({seats})", names.len());
    }
    (0..seats)
        .map(|s| {
            let name = match names.len() {
                1 => &names[0],
                2 => &names[s % 2],
                _ => &names[s],
            };
            let seed = if name.starts_with("sampling") {
                splitmix(game_seed ^ 0x5A5A).wrapping_add(s as u64)
            } else {
                splitmix(game_seed.wrapping_mul(8).wrapping_add(s as u64))
            };
            players::player::<Schieber>(name, options, s, seed)
        })
        .collect()
}

#[derive(Default)]
struct Summary {
    games: u64,
    wins: [u64; 2],
    schneider: u64,
    deals: u64,
    points: [u64; 2],
}

pub fn run(args: SimulateArgs) -> Result<ExitCode> {
    let kind: GameKind = args.game.parse().map_err(|e: String| anyhow!(e))?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if kind == GameKind::Handjass {
        return crate::handjass_cli::simulate_run(
            args.games,
            args.seed,
            &args.options,
            &args.players,
            args.out.as_deref(),
        );
    }
    if kind != GameKind::Schieber {
        return crate::sidi_cli::simulate_run(
            kind.name(),
            args.games,
            args.seed,
            &args.options,
            &args.players,
            args.out.as_deref(),
        );
    }
    let opts_json = to_json(&args.options)?;
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
    // Validate options and players before the first game.
    let options = match kind {
        GameKind::Schieber => GameKind::schieber_options(&opts_json)?,
        _ => unreachable!("other games return above"),
    };
    make_players(&args.players, 4, seed, &options)?;
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
    let mut sum = Summary::default();
    for i in 0..args.games {
        let game_seed = seed.wrapping_add(i);
        let mut players = make_players(&args.players, 4, game_seed, &options)?;
        let rec = play_recorded(options, game_seed, &mut players).map_err(|e| anyhow!(e))?;
        jass_table::tell_game_over(&mut players, || Record::Schieber(rec.clone()));
        sum.games += 1;
        if let Some(w) = rec.result.winner {
            sum.wins[w as usize] += 1;
        }
        sum.schneider += rec.result.schneider as u64;
        sum.deals += rec.deals.len() as u64;
        for d in &rec.deals {
            for t in 0..2 {
                sum.points[t] += d.result.score[t] as u64;
            }
        }
        if let Some(w) = out.as_mut() {
            let record = Record::Schieber(rec);
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
        "{} game(s) of {}, seed {seed}, players {}\n\
         wins: team 0 (seats 0+2) {}, team 1 (seats 1+3) {}; Schneider {}\n\
         deals: {} ({:.1} per game); points per deal: team 0 {:.1}, team 1 {:.1}\n\
         time: {:.2} s ({:.0} games/s){}{}",
        sum.games,
        kind.name(),
        args.players,
        sum.wins[0],
        sum.wins[1],
        sum.schneider,
        sum.deals,
        sum.deals as f64 / sum.games as f64,
        sum.points[0] as f64 / sum.deals as f64,
        sum.points[1] as f64 / sum.deals as f64,
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

//! `jass arena`: two players (or teams) against each other on duplicate deals, in any game. Each
//! unit (a deal, or a whole game of Coiffeur) is played several times with the same cards, the
//! players swapped or rotated between the seats, so that the luck of the cards cancels
//! (each game's entry in jass-table declares its scheme and measure, `TableGame::arena`;
//! `arena/games.rs` plays any of them). Units run in parallel on all cores.

mod games;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde_json::{json, Map, Value};

use games::Unit;
use jass_table::decision_times::{DecisionTime, TimeSummary};
use jass_table::GameKind;

#[derive(Args)]
pub struct ArenaArgs {
    /// The first player (in Schieber, Sidi Barrani and Coiffeur seats 0 and 2 in the first play
    /// of each unit): random, rule, sampling (with settings, e.g. sampling:samples=32), Schieber
    /// also mcts, two joined by `+` (rule+sampling: the second plays the cards, the first decides
    /// the rest), or a program (cmd:…, http://…). Schieber also `oracle`, told every hand, to
    /// measure what hidden cards cost (its cards: `sampling+oracle`; its contracts:
    /// `oracle+sampling`), and `partner-seer`, the sampling card player told its partner's hand
    /// (`sampling+partner-seer`: what the partner's hidden cards cost), and `oracle-from-32` and
    /// `oracle-from-28`, the sampling player until that many cards are left and the oracle then
    /// (`sampling+oracle-from-32`: how much of the oracle's gain lies after the first trick).
    a: String,
    /// The second player.
    b: String,
    /// The game, by its name (`jass options` lists every game).
    #[arg(long, short = 'g', default_value = "schieber")]
    game: String,
    /// Number of duplicate units: deals (a whole game in Coiffeur), each played several times.
    #[arg(long, short = 'n', default_value_t = 2000)]
    deals: u64,
    /// Seed of the deals (unit i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game option as key=value (repeatable); `jass options GAME` lists them.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Write the record of every play here (JSON Lines; `-` for standard output, the summary then
    /// goes to standard error).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: all cores; 1 to 1024).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
}

/// The most duplicate units one run plays (a billion: years of the sampling player's time).
const MAX_UNITS: u64 = 1_000_000_000;

pub fn run(args: ArenaArgs) -> Result<ExitCode> {
    let kind: GameKind = args.game.parse().map_err(|e: String| anyhow!(e))?;
    if !(1..=MAX_UNITS).contains(&args.deals) {
        bail!("--deals {}: give 1 to {MAX_UNITS}", args.deals);
    }
    let opts = kind.named_options(&args.game, &jass_table::options_from_pairs(&args.options)?);
    let game = games::build(kind, &opts, &args.a, &args.b)?;
    let to_stdout = args.out.as_deref().is_some_and(|p| p.as_os_str() == "-");
    if to_stdout && args.json {
        bail!("--out - and --json both write to standard output: write the records to a file");
    }
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t as usize)
            .build_global()
            .ok();
    }
    let mut out: Option<Box<dyn Write>> =
        args.out.as_deref().map(crate::output::writer).transpose()?;
    let bar = ProgressBar::new(args.deals);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {}s  {{per_sec}}  eta {{eta}}",
            game.unit_name()
        ))
        .expect("template"),
    );
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let start = Instant::now();
    // Units in chunks, so that records can be written in order as they come without holding all.
    let chunk = 32 * rayon::current_num_threads().max(1) as u64;
    let mut values: Vec<Vec<Vec<f64>>> = Vec::new();
    let mut times: [Vec<DecisionTime>; 2] = Default::default();
    let record = out.is_some();
    let mut first = 0;
    while first < args.deals {
        let last = (first + chunk).min(args.deals);
        let units: Vec<Result<Unit>> = (first..last)
            .into_par_iter()
            .map(|i| {
                let u = game.play_unit(i, args.seed.wrapping_add(i), record);
                bar.inc(1);
                u
            })
            .collect();
        for u in units {
            let u = u?;
            values.push(u.figures);
            for (all, unit) in times.iter_mut().zip(u.times) {
                all.extend(unit);
            }
            if let Some(w) = out.as_mut() {
                for r in u.records {
                    writeln!(w, "{}", r.to_json_line()).context("cannot write the records")?;
                }
            }
        }
        first = last;
    }
    bar.finish_and_clear();
    if let Some(mut w) = out {
        w.flush().context("cannot write the records")?;
    }
    let secs = start.elapsed().as_secs_f64();
    let report = game.report(&values);
    let plays = args.deals * game.plays_per_unit() as u64;
    // Each side's time per card and per other decision with a choice (issue 42).
    let summaries = |cards: bool| times.each_ref().map(|log| TimeSummary::of(log, cards));
    let (card_times, other_times) = (summaries(true), summaries(false));
    if args.json {
        let mut m = Map::new();
        m.insert("game".into(), json!(kind.name()));
        m.insert("a".into(), json!(args.a));
        m.insert("b".into(), json!(args.b));
        m.insert("options".into(), opts.clone());
        m.insert(
            if game.unit_name() == "deal" {
                "duplicate_deals"
            } else {
                "duplicate_games"
            }
            .into(),
            json!(args.deals),
        );
        m.insert("plays".into(), json!(plays));
        m.insert("scheme".into(), json!(game.scheme()));
        m.insert("seed".into(), json!(args.seed));
        for (k, v) in report.fields {
            m.insert(k, v);
        }
        m.insert(
            "decision_times".into(),
            json!({
                "a": {"cards": card_times[0], "other": other_times[0]},
                "b": {"cards": card_times[1], "other": other_times[1]},
            }),
        );
        m.insert("seconds".into(), json!(secs));
        m.insert(
            "fallbacks".into(),
            json!(crate::seats::report().fallbacks()),
        );
        println!("{}", serde_json::to_string_pretty(&Value::Object(m))?);
    } else {
        let mut text = format!(
            "arena: {} vs {} · {} · {} duplicate {}s ({} plays) · seed {}\n",
            args.a,
            args.b,
            kind.name(),
            args.deals,
            game.unit_name(),
            plays,
            args.seed
        );
        for l in report.lines {
            text.push_str(&l);
            text.push('\n');
        }
        for (side, name) in [&args.a, &args.b].into_iter().enumerate() {
            let kinds = [
                (card_times[side], "cards"),
                (other_times[side], "other decisions"),
            ];
            for (summary, what) in kinds {
                if let Some(s) = summary {
                    text.push_str(&s.line(&format!("time of {name}'s {what}")));
                    text.push('\n');
                }
            }
        }
        text.push_str(&format!("time: {secs:.1} s"));
        text.push_str(&crate::seats::summary(&format!("{},{}", args.a, args.b)));
        if let Some(p) = args.out.as_ref().filter(|_| !to_stdout) {
            text.push_str(&format!("\nrecords: {}", p.display()));
        }
        if to_stdout {
            eprintln!("{text}");
        } else {
            println!("{text}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

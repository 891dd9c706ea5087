//! `jass train play-model`: fits the Schieber play model that the sampling player's reading of
//! the others' cards can use (`sampling:belief=N`; crates/jass-bots/src/play_model.rs) to the
//! sampling players' own card play, from a fixed seed, and writes its weights as Rust source;
//! with `--game differenzler` the Differenzler play model
//! (crates/jass-bots/src/play_model_differenzler.rs) and with `--game handjass` the Handjass
//! play model (crates/jass-bots/src/play_model_handjass.rs) the same way. `jass train
//! contract-model` fits the Schieber contract model (crates/jass-bots/src/contract_model.rs) to
//! the sampling players' contract decisions.

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

use jass_bots::contract_model_train::{self, ContractSample};
use jass_bots::play_model_train::{
    collect, fit, weights_source, Sample, TrainGame, TrainReport, TrainSettings,
};

/// Arguments of `jass train`.
#[derive(Args)]
pub struct TrainArgs {
    #[command(subcommand)]
    what: TrainWhat,
}

/// What `jass train` fits.
#[derive(Subcommand)]
enum TrainWhat {
    /// A play model: how likely a player is to play each legal card (default rules).
    PlayModel(PlayModelArgs),
    /// The Schieber contract model: how likely a player is to shove or to choose each contract
    /// (default rules; read by `sampling:contract_evidence=2`, the default).
    ContractModel(ContractModelArgs),
}

/// Arguments of `jass train play-model`.
#[derive(Args)]
struct PlayModelArgs {
    /// The game: schieber (crates/jass-bots/src/play_model_weights.rs), differenzler
    /// (play_model_differenzler_weights.rs; each deal a game of one deal) or handjass
    /// (play_model_handjass_weights.rs; the first deal of a game, two to five players in
    /// turn).
    #[arg(long, default_value = "schieber", value_parser = TrainGame::from_name)]
    game: TrainGame,
    /// Deals played by sampling players (every fifth held out to measure the fit).
    #[arg(long, default_value_t = 2000)]
    deals: usize,
    /// The playing sampling players' own reading by the shipped model (`belief`, percent;
    /// the shipped model was fitted to players with 0).
    #[arg(long, default_value_t = 0)]
    belief: u32,
    /// Schieber: the playing players are today's default sampling player (its own reading
    /// and play-outs by the shipped model) instead of the one the shipped weights were
    /// fitted to.
    #[arg(long, conflicts_with = "belief")]
    current: bool,
    /// Gradient steps of the fit.
    #[arg(long, default_value_t = 300)]
    steps: usize,
    #[command(flatten)]
    fit: FitArgs,
}

/// Arguments of `jass train contract-model`.
#[derive(Args)]
struct ContractModelArgs {
    /// Deals whose contract decisions today's sampling players make (every fifth held out
    /// to measure the fit; the card play is not played).
    #[arg(long, default_value_t = 10000)]
    deals: usize,
    /// Gradient steps of the fit.
    #[arg(long, default_value_t = 1500)]
    steps: usize,
    #[command(flatten)]
    fit: FitArgs,
}

/// The arguments both models' training takes: the seed, the threads, where the weights go,
/// and the decisions saved or read back.
#[derive(Args)]
struct FitArgs {
    /// The seed of the deals and the players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads playing the deals (the result is the same for any number).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Where to write the weights (Rust source; the shipped weights are in crates/jass-bots/src/,
    /// play_model_weights.rs and the like, contract_model_weights.rs, used after a rebuild).
    #[arg(long)]
    out: PathBuf,
    /// Also write the decisions, one a line (`DEAL|...`), to refit from later.
    #[arg(long)]
    save_samples: Option<PathBuf>,
    /// Fit on the decisions of this file (written by --save-samples) instead of playing
    /// deals (--deals, --seed and --threads are then not used).
    #[arg(long, conflicts_with = "save_samples")]
    samples: Option<PathBuf>,
}

impl FitArgs {
    /// The decisions by deal: read back from `--samples`, or from the deals `play` plays;
    /// written to `--save-samples` when asked (each decision by `line`).
    fn decisions<S>(
        &self,
        read: impl FnOnce(&std::path::Path) -> Result<Vec<Vec<S>>>,
        play: impl FnOnce() -> Vec<Vec<S>>,
        line: impl Fn(&S) -> String,
    ) -> Result<Vec<Vec<S>>> {
        let per_deal = match &self.samples {
            Some(path) => read(path)?,
            None => play(),
        };
        if let Some(path) = &self.save_samples {
            save_by_deal(path, &per_deal, line)?;
        }
        Ok(per_deal)
    }

    /// Where the decisions came from, as the command's flags: `--samples FILE`, or `--deals N
    /// --seed S` and the playing flags `played` (with its leading space).
    fn source(&self, deals: usize, played: &str) -> String {
        match &self.samples {
            Some(path) => format!("--samples {}", path.display()),
            None => format!("--deals {deals} --seed {}{played}", self.seed),
        }
    }
}

/// `jass train play-model` or `contract-model`: plays the deals, fits, prints the fit's
/// figures as JSON.
pub fn run(args: TrainArgs) -> Result<ExitCode> {
    match args.what {
        TrainWhat::PlayModel(a) => run_play_model(a),
        TrainWhat::ContractModel(a) => run_contract_model(a),
    }
}

/// `jass train play-model`: plays the deals, fits, prints the fit's figures.
fn run_play_model(args: PlayModelArgs) -> Result<ExitCode> {
    let PlayModelArgs {
        game,
        deals,
        belief,
        current,
        steps,
        fit: fit_args,
    } = args;
    if current && !game.plays_current() {
        bail!("--current: only the Schieber training players can be today's player so far (leave --current out for --game {})", game.name());
    }
    enough_deals(deals)?;
    let t = TrainSettings {
        deals,
        seed: fit_args.seed,
        threads: fit_args.threads.max(1),
        players: TrainSettings::FITTED_PLAYERS,
        belief,
        game,
        current,
    };
    let started = std::time::Instant::now();
    let per_deal = fit_args.decisions(
        |path| read_samples(path, t.game),
        || collect(&t),
        |s| s.to_line(),
    )?;
    // Read back, the deals are the file's.
    let deals = if fit_args.samples.is_some() {
        per_deal.len()
    } else {
        deals
    };
    let played = started.elapsed().as_secs_f64();
    let report = fit(&per_deal, steps);
    let game_flag = game.flag();
    let playing = if current {
        " --current".to_string()
    } else if belief > 0 {
        format!(" --belief {belief}")
    } else {
        String::new()
    };
    let source = fit_args.source(deals, &playing);
    let command = format!(
        "jass train play-model {game_flag}{source} --steps {steps} --out {}",
        fit_args.out.display()
    );
    let source = weights_source(t.game, &report, &command);
    write_and_report(
        &fit_args.out,
        &source,
        &report,
        (deals, fit_args.seed),
        played,
        started,
    )
}

/// `--deals`: every fifth deal is held out to measure the fit, so at least five.
fn enough_deals(deals: usize) -> Result<()> {
    if deals < 5 {
        bail!("--deals {deals}: at least 5 deals are needed (every fifth is held out to measure the fit)");
    }
    Ok(())
}

/// Writes the weights' `source` to `out` and prints the fit's figures as JSON.
fn write_and_report(
    out: &std::path::Path,
    source: &str,
    report: &TrainReport,
    (deals, seed): (usize, u64),
    played: f64,
    started: std::time::Instant,
) -> Result<ExitCode> {
    std::fs::write(out, source)
        .with_context(|| format!("cannot write the weights to {}", out.display()))?;
    println!(
        "{}",
        serde_json::to_string_pretty(&json!({
            "deals": deals,
            "seed": seed,
            "train_decisions": report.train_decisions,
            "test_decisions": report.test_decisions,
            "test_log_likelihood": report.test_log_likelihood,
            "uniform_log_likelihood": report.uniform_log_likelihood,
            "test_top1": report.test_top1,
            "rule_top1": report.rule_top1,
            "seconds_playing": played,
            "seconds_total": started.elapsed().as_secs_f64(),
            "out": out.display().to_string(),
        }))?
    );
    Ok(ExitCode::SUCCESS)
}

/// `jass train contract-model`: decides the deals' contracts, fits, prints the fit's figures.
fn run_contract_model(args: ContractModelArgs) -> Result<ExitCode> {
    let ContractModelArgs {
        deals,
        steps,
        fit: fit_args,
    } = args;
    enough_deals(deals)?;
    let started = std::time::Instant::now();
    let per_deal = fit_args.decisions(
        |path| by_deal(path, ContractSample::from_line),
        || contract_model_train::collect(deals, fit_args.seed, fit_args.threads.max(1)),
        |s| s.to_line(),
    )?;
    let played = started.elapsed().as_secs_f64();
    let report = contract_model_train::fit(&per_deal, steps);
    let source = fit_args.source(deals, "");
    let command = format!(
        "jass train contract-model {source} --steps {steps} --out {}",
        fit_args.out.display()
    );
    let source = contract_model_train::weights_source(&report, &command);
    write_and_report(
        &fit_args.out,
        &source,
        &report,
        (per_deal.len(), fit_args.seed),
        played,
        started,
    )
}

/// Writes the samples of every deal to `path`, one a line (`DEAL|` and `line` of it).
fn save_by_deal<T>(
    path: &std::path::Path,
    per_deal: &[Vec<T>],
    line: impl Fn(&T) -> String,
) -> Result<()> {
    let mut text = String::new();
    for (i, d) in per_deal.iter().enumerate() {
        for s in d {
            text.push_str(&format!("{i}|{}\n", line(s)));
        }
    }
    std::fs::write(path, text)
        .with_context(|| format!("cannot write the samples to {}", path.display()))
}

/// The samples of a file written by `--save-samples` (`DEAL|…` a line), by deal, each read
/// by `read`; at least five deals.
fn by_deal<T: Clone>(
    path: &std::path::Path,
    read: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<Vec<T>>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the samples from {}", path.display()))?;
    let mut per_deal: Vec<Vec<T>> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = |e: String| anyhow::anyhow!("{}, line {}: {e}", path.display(), n + 1);
        let (deal, rest) = line
            .split_once('|')
            .ok_or_else(|| bad("expected DEAL|... (a line written by --save-samples)".into()))?;
        let deal: usize = deal
            .parse()
            .map_err(|e| bad(format!("deal {deal:?}: {e}")))?;
        if deal >= per_deal.len() {
            per_deal.resize(deal + 1, Vec::new());
        }
        per_deal[deal].push(read(rest).map_err(bad)?);
    }
    if per_deal.len() < 5 {
        bail!(
            "{}: {} deals; at least 5 are needed",
            path.display(),
            per_deal.len()
        );
    }
    Ok(per_deal)
}

/// The card decisions of `game` in a file written by `--save-samples`, by deal.
fn read_samples(path: &std::path::Path, game: TrainGame) -> Result<Vec<Vec<Sample>>> {
    by_deal(path, |line| {
        let sample = Sample::from_line(line)?;
        if sample.game() != game {
            let name = sample.game().name();
            return Err(format!(
                "a {name} card decision: use --game {name} for this file"
            ));
        }
        Ok(sample)
    })
}

//! `jass arena`: two players (teams) on duplicate Schieber deals. Every deal is played twice with
//! the same hands in the same seats, the players swapped between the two teams, so the luck of
//! the cards cancels. Reports the point share of the first player with its standard error.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use jass_bots::{RandomPlayer, RuleSchieber, SamplingSchieber, SamplingSettings};
use jass_core::deal::SeededDealer;
use jass_core::game::{ActionList, Decision, Game, Player, ToMove};
use jass_core::schieber::{FirstForehand, Phase, Schieber, SchieberOptions, MAX_TARGET};
use rayon::prelude::*;
use serde_json::json;

use crate::games::GameKind;
use crate::options::to_json;

#[derive(Args)]
pub struct ArenaArgs {
    /// The first player (seats 0 and 2 in the first play of each deal).
    a: String,
    /// The second player.
    b: String,
    /// The game (Schieber for now).
    #[arg(long, short = 'g', default_value = "schieber")]
    game: String,
    /// Number of duplicate deals (each is played twice).
    #[arg(long, short = 'n', default_value_t = 2000)]
    deals: u64,
    /// Seed of the deals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game option as key=value (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
}

fn player(
    name: &str,
    options: &SchieberOptions,
    seed: u64,
    seat: usize,
) -> Result<Box<dyn Player<Schieber>>> {
    match name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "rule" => Ok(Box::new(RuleSchieber::new(*options))),
        "sampling" => Ok(Box::new(SamplingSchieber::new(
            *options,
            SamplingSettings::default(),
            seed,
        ))),
        // A bot program (cmd:…) or a jass-kit service (http://…), or an error naming them all.
        other => crate::seats::one::<Schieber>(other, options, seat, seed),
    }
}

/// Plays one deal; `a_seats_even` puts player A in seats 0 and 2. Returns the multiplied points of
/// A's team and B's team.
fn play_deal(
    options: &SchieberOptions,
    hands: [jass_core::CardSet; 4],
    forehand: u8,
    a: &str,
    b: &str,
    a_even: bool,
    seed: u64,
) -> Result<[u64; 2]> {
    let o = SchieberOptions {
        target: MAX_TARGET,
        first_forehand: FirstForehand::Seat(forehand),
        ..*options
    };
    let mut s = Schieber::new(o).map_err(|e| anyhow!(e))?;
    s.deal(hands).map_err(|e| anyhow!(e.to_string()))?;
    let mut players: Vec<Box<dyn Player<Schieber>>> = (0..4u64)
        .map(|seat| {
            let is_a = (seat % 2 == 0) == a_even;
            player(
                if is_a { a } else { b },
                options,
                seed.wrapping_mul(4).wrapping_add(seat),
                seat as usize,
            )
        })
        .collect::<Result<_>>()?;
    let mut legal = ActionList::new();
    while let ToMove::Seat(seat) = s.to_move() {
        s.legal_actions(&mut legal);
        let action = players[seat].act(&Decision::new(&s, seat, &legal));
        s.apply(action)
            .map_err(|e| anyhow!("player at seat {seat}: {e}"))?;
    }
    debug_assert!(s.phase() == Phase::Deal);
    let score = s.tally().score;
    let (a_team, b_team) = if a_even { (0, 1) } else { (1, 0) };
    Ok([score[a_team] as u64, score[b_team] as u64])
}

pub fn run(args: ArenaArgs) -> Result<ExitCode> {
    let kind: GameKind = args.game.parse().map_err(|e: String| anyhow!(e))?;
    if kind != GameKind::Schieber {
        bail!(
            "the arena plays schieber for now; {} follows with its computer opponents",
            kind.name()
        );
    }
    if args.deals == 0 {
        bail!("--deals must be at least 1");
    }
    let options = GameKind::schieber_options(&to_json(&args.options)?)?;
    player(&args.a, &options, 0, 0)?;
    player(&args.b, &options, 0, 1)?;
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build_global()
            .ok();
    }
    let bar = ProgressBar::new(args.deals);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals  {per_sec}  eta {eta}")
            .expect("template"),
    );
    if args.json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let start = Instant::now();
    let results: Vec<Result<[u64; 4]>> = (0..args.deals)
        .into_par_iter()
        .map(|i| {
            let seed = args.seed.wrapping_add(i);
            let mut dealer = SeededDealer::new(seed);
            let pack = dealer.next_pack();
            let hands = jass_core::deal::four_hands(&pack, 0);
            let forehand = (i % 4) as u8;
            let first = play_deal(&options, hands, forehand, &args.a, &args.b, true, seed)?;
            let second = play_deal(&options, hands, forehand, &args.a, &args.b, false, seed)?;
            bar.inc(1);
            Ok([first[0], first[1], second[0], second[1]])
        })
        .collect();
    bar.finish_and_clear();
    let mut shares = Vec::with_capacity(results.len());
    let (mut a_total, mut b_total) = (0u64, 0u64);
    for r in results {
        let [a1, b1, a2, b2] = r?;
        a_total += a1 + a2;
        b_total += b1 + b2;
        let sum = (a1 + b1 + a2 + b2) as f64;
        shares.push(if sum > 0.0 {
            (a1 + a2) as f64 / sum
        } else {
            0.5
        });
    }
    let n = shares.len() as f64;
    let mean = shares.iter().sum::<f64>() / n;
    let var = shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let se = (var / n).sqrt();
    let secs = start.elapsed().as_secs_f64();
    if args.json {
        let v = json!({
            "game": kind.name(),
            "a": args.a, "b": args.b,
            "duplicate_deals": args.deals,
            "seed": args.seed,
            "point_share_a": mean,
            "standard_error": se,
            "points_per_deal_a": a_total as f64 / (2.0 * n),
            "points_per_deal_b": b_total as f64 / (2.0 * n),
            "seconds": secs,
            "fallbacks": crate::seats::report().fallbacks(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "arena: {} vs {} · {} · {} duplicate deals ({} plays) · seed {}",
            args.a,
            args.b,
            kind.name(),
            args.deals,
            2 * args.deals,
            args.seed
        );
        println!(
            "point share of {}: {:.1}% ± {:.1}% (standard error)",
            args.a,
            100.0 * mean,
            100.0 * se
        );
        println!(
            "points per deal (multiplied): {} {:.1}, {} {:.1}",
            args.a,
            a_total as f64 / (2.0 * n),
            args.b,
            b_total as f64 / (2.0 * n)
        );
        println!("time: {secs:.1} s");
        let fallbacks = crate::seats::summary(&format!("{},{}", args.a, args.b));
        if !fallbacks.is_empty() {
            println!("{}", fallbacks.trim_start());
        }
    }
    Ok(ExitCode::SUCCESS)
}

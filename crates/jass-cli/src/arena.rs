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

const KNOWN: &str = "random, rule, sampling (or sampling:key=value,… with samples, max_cards, contract_samples, threads, budget_ms, tt_bits, node_limit)";

/// Settings of the sampling player from `sampling:key=value,…`.
pub fn sampling_settings(spec: &str) -> Result<SamplingSettings> {
    let mut s = SamplingSettings::default();
    for kv in spec.split(',').filter(|x| !x.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| anyhow!("sampling setting `{kv}`: write key=value"))?;
        let n: u64 = v
            .parse()
            .map_err(|_| anyhow!("sampling setting `{k}`: `{v}` is not a number"))?;
        match k {
            "samples" => s.samples = n.max(1) as usize,
            "max_cards" => s.max_cards = n as u32,
            "contract_samples" => s.contract_samples = n as usize,
            "threads" => s.threads = n.max(1) as usize,
            "budget_ms" => s.time_budget = Some(std::time::Duration::from_millis(n)),
            "tt_bits" => s.tt_bits = n.clamp(10, 26) as u32,
            "node_limit" => s.node_limit = n.max(1),
            other => bail!("unknown sampling setting `{other}`: known are samples, max_cards, contract_samples, threads, budget_ms, tt_bits, node_limit"),
        }
    }
    Ok(s)
}

fn player(name: &str, options: &SchieberOptions, seed: u64) -> Result<Box<dyn Player<Schieber>>> {
    match name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "rule" => Ok(Box::new(RuleSchieber::new(*options))),
        "sampling" => Ok(Box::new(SamplingSchieber::new(
            *options,
            SamplingSettings::default(),
            seed,
        ))),
        other if other.starts_with("sampling:") => Ok(Box::new(SamplingSchieber::new(
            *options,
            sampling_settings(&other["sampling:".len()..])?,
            seed,
        ))),
        other => Err(anyhow!(
            "unknown player `{other}`: known players are {KNOWN}"
        )),
    }
}

/// Time spent in decisions: per player (A, B) and kind (card, other): seconds, count, the
/// longest.
#[derive(Clone, Copy, Default)]
struct Timing {
    secs: [[f64; 2]; 2],
    count: [[u64; 2]; 2],
    max: [[f64; 2]; 2],
}

impl Timing {
    fn add(&mut self, other: &Timing) {
        for p in 0..2 {
            for k in 0..2 {
                self.secs[p][k] += other.secs[p][k];
                self.count[p][k] += other.count[p][k];
                self.max[p][k] = self.max[p][k].max(other.max[p][k]);
            }
        }
    }
    fn mean_ms(&self, p: usize, k: usize) -> f64 {
        1e3 * self.secs[p][k] / self.count[p][k].max(1) as f64
    }
}

/// Plays one deal; `a_seats_even` puts player A in seats 0 and 2. Returns the multiplied points of
/// A's team and B's team.
#[allow(clippy::too_many_arguments)]
fn play_deal(
    options: &SchieberOptions,
    hands: [jass_core::CardSet; 4],
    forehand: u8,
    a: &str,
    b: &str,
    a_even: bool,
    seed: u64,
    timing: &mut Timing,
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
            )
        })
        .collect::<Result<_>>()?;
    let mut legal = ActionList::new();
    while let ToMove::Seat(seat) = s.to_move() {
        s.legal_actions(&mut legal);
        let t0 = Instant::now();
        let action = players[seat].act(&Decision::new(&s, seat, &legal));
        let dt = t0.elapsed().as_secs_f64();
        let p = if (seat % 2 == 0) == a_even { 0 } else { 1 };
        let k = if matches!(action, jass_core::schieber::SchieberAction::Play { .. }) {
            0
        } else {
            1
        };
        timing.secs[p][k] += dt;
        timing.count[p][k] += 1;
        timing.max[p][k] = timing.max[p][k].max(dt);
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
    player(&args.a, &options, 0)?;
    player(&args.b, &options, 0)?;
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
    let results: Vec<Result<([u64; 4], Timing)>> = (0..args.deals)
        .into_par_iter()
        .map(|i| {
            let seed = args.seed.wrapping_add(i);
            let mut dealer = SeededDealer::new(seed);
            let pack = dealer.next_pack();
            let hands = jass_core::deal::four_hands(&pack, 0);
            let forehand = (i % 4) as u8;
            let mut timing = Timing::default();
            let first = play_deal(
                &options,
                hands,
                forehand,
                &args.a,
                &args.b,
                true,
                seed,
                &mut timing,
            )?;
            let second = play_deal(
                &options,
                hands,
                forehand,
                &args.a,
                &args.b,
                false,
                seed,
                &mut timing,
            )?;
            bar.inc(1);
            Ok(([first[0], first[1], second[0], second[1]], timing))
        })
        .collect();
    bar.finish_and_clear();
    let mut shares = Vec::with_capacity(results.len());
    let (mut a_total, mut b_total) = (0u64, 0u64);
    let mut timing = Timing::default();
    for r in results {
        let ([a1, b1, a2, b2], t) = r?;
        timing.add(&t);
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
            "ms_per_card_a": timing.mean_ms(0, 0),
            "ms_per_card_b": timing.mean_ms(1, 0),
            "max_ms_per_card_a": 1e3 * timing.max[0][0],
            "max_ms_per_card_b": 1e3 * timing.max[1][0],
            "ms_per_other_decision_a": timing.mean_ms(0, 1),
            "ms_per_other_decision_b": timing.mean_ms(1, 1),
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
        for (p, name) in [(0, &args.a), (1, &args.b)] {
            println!(
                "time per decision of {name}: card {:.2} ms (longest {:.1} ms), contract/schieben/Weis {:.2} ms (longest {:.1} ms)",
                timing.mean_ms(p, 0),
                1e3 * timing.max[p][0],
                timing.mean_ms(p, 1),
                1e3 * timing.max[p][1],
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

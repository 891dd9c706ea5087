//! Random positions and speed figures for `jass bench-solver` and the benchmarks.

use std::time::Instant;

use jass_core::deal::{four_hands, SeededDealer};
use jass_core::{Mode, TrickRules, UndenufeEleven};
use serde_json::{json, Value};

use crate::position::Position;
use crate::search::{Solver, SolverConfig};

/// A small seeded generator (SplitMix64) for random positions: portable and dependency-free.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator fixed by `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (n > 0; the tiny modulo bias does not matter here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// The first-card position of deal number `index` of the seeded dealer `seed` (jass-core's
/// portable shuffle), seat 0 leading, strict rules.
pub fn deal_position(seed: u64, index: u64, mode: Mode) -> Position {
    let mut dealer = SeededDealer::new(seed);
    let mut pack = dealer.next_pack();
    for _ in 0..index {
        pack = dealer.next_pack();
    }
    Position::new_deal(four_hands(&pack, 0), 0, mode, UndenufeEleven::Ace)
}

/// A position with `cards_left` cards in the hands (0..=36), reached from a random deal by
/// random legal cards; the leader of the deal, the mode and the rules as given.
pub fn random_position(
    rng: &mut SplitMix,
    cards_left: u32,
    mode: Mode,
    eleven: UndenufeEleven,
    rules: TrickRules,
) -> Position {
    random_play(rng, cards_left, |p| {
        Position::new_deal(p.hands, p.leader, mode, eleven).with_rules(rules)
    })
}

/// As [`random_position`] for a Slalom whose first trick is played in `first` (Obenabe or
/// Undenufe; the direction changes every trick).
pub fn random_slalom_position(
    rng: &mut SplitMix,
    cards_left: u32,
    first: Mode,
    rules: TrickRules,
) -> Position {
    random_play(rng, cards_left, |p| p.with_rules(rules).with_slalom(first))
}

/// A random deal with a random leader, its rules set by `rules`, played on by random legal
/// cards until `cards_left` are in the hands.
fn random_play(
    rng: &mut SplitMix,
    cards_left: u32,
    rules: impl FnOnce(Position) -> Position,
) -> Position {
    let mut dealer = SeededDealer::new(rng.next_u64());
    let pack = dealer.next_pack();
    let leader = rng.below(4) as u8;
    let deal = Position::new_deal(
        four_hands(&pack, 0),
        leader,
        Mode::Obenabe,
        UndenufeEleven::Ace,
    );
    let mut pos = rules(deal);
    while pos.cards_left() > cards_left {
        let legal = pos.legal_cards();
        let c = legal.nth(rng.below(legal.len() as u64) as u32);
        pos.play(c);
    }
    pos
}

/// Whole deals in [`bench_figures`] are given up after this many nodes (about a second or two on
/// one core): the hardest deals take minutes (docs/lab/solver-history.md).
pub const WHOLE_DEAL_NODE_CAP: u64 = 20_000_000;

/// The `q` quantile of times in milliseconds (`None` when it is a deal given up, stored as
/// infinity, or when there are no times: nothing was measured). `q = 0.5` is the median (the
/// upper one of an even count).
pub fn percentile_ms(mut v: Vec<f64>, q: f64) -> Option<f64> {
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        return None;
    }
    Some(v[((v.len() - 1) as f64 * q).round() as usize]).filter(|t| t.is_finite())
}

/// The whole deals of the benchmarks: the first-card positions of the seeded dealer `seed`, the
/// six modes in turn, seat 0 leading.
pub fn bench_deals(seed: u64, count: usize) -> impl Iterator<Item = Position> {
    let mut dealer = SeededDealer::new(seed);
    (0..count).map(move |i| {
        Position::new_deal(
            four_hands(&dealer.next_pack(), 0),
            0,
            Mode::ALL[i % 6],
            UndenufeEleven::Ace,
        )
    })
}

/// One whole deal solved for team 0 from an empty table.
#[derive(Copy, Clone, Debug)]
pub struct WholeDeal {
    /// The value, `None` when the deal was given up at the node cap.
    pub value: Option<u32>,
    /// Wall time in milliseconds.
    pub ms: f64,
    /// Nodes searched.
    pub nodes: u64,
}

impl WholeDeal {
    /// The time, infinite for a deal given up (slower than every solved one).
    pub fn ms_or_infinity(&self) -> f64 {
        if self.value.is_some() {
            self.ms
        } else {
            f64::INFINITY
        }
    }
}

/// Solves `pos` for team 0 from an empty table, giving up after `cap` nodes.
pub fn solve_whole_deal(solver: &mut Solver, pos: &Position, cap: u64) -> WholeDeal {
    solver.clear();
    solver.reset_nodes();
    let t0 = Instant::now();
    let value = solver.try_solve_for(pos, 0, cap);
    WholeDeal {
        value,
        ms: t0.elapsed().as_secs_f64() * 1e3,
        nodes: solver.nodes(),
    }
}

/// The examples' whole-deal run (`full_deals`, `chosen_deals`): solves every position with a
/// `2^tt_bits`-entry table, at most `cap` nodes each, and prints a line per deal (with
/// `JS_HIST=1` also the nodes by cards left and the search statistics; `JS_ETC=N` sets
/// [`SolverConfig::etc_min_cards`], `JS_REF=N` [`SolverConfig::refutation_bits`], `JS_EST=N`
/// [`SolverConfig::estimate_horizon`], `JS_GROW=N` [`SolverConfig::tt_grow_bits`] (0: never),
/// `JS_GROW_NODES=N` [`SolverConfig::tt_grow_nodes`], `JS_GROW_REF=N`
/// [`SolverConfig::refutation_grow_bits`], `JS_GROW_ETC=N` [`SolverConfig::etc_grow_min_cards`]),
/// then the median, the 99th percentile and
/// the longest time.
pub fn print_whole_deals(positions: impl Iterator<Item = Position>, tt_bits: u32, cap: u64) {
    let mut solver = Solver::new(SolverConfig {
        tt_bits,
        etc_min_cards: env_number("JS_ETC", SolverConfig::default().etc_min_cards),
        refutation_bits: env_number("JS_REF", SolverConfig::default().refutation_bits),
        estimate_horizon: env_number("JS_EST", SolverConfig::default().estimate_horizon),
        tt_grow_bits: env_number("JS_GROW", SolverConfig::default().tt_grow_bits),
        tt_grow_nodes: env_number("JS_GROW_NODES", SolverConfig::default().tt_grow_nodes),
        refutation_grow_bits: env_number(
            "JS_GROW_REF",
            SolverConfig::default().refutation_grow_bits,
        ),
        etc_grow_min_cards: env_number("JS_GROW_ETC", SolverConfig::default().etc_grow_min_cards),
        ..SolverConfig::default()
    });
    let mut times = Vec::new();
    let mut total_nodes = 0u64;
    for (i, pos) in positions.enumerate() {
        let d = solve_whole_deal(&mut solver, &pos, cap);
        total_nodes += d.nodes;
        times.push(d.ms_or_infinity());
        let value = d
            .value
            .map_or("over the node cap".to_string(), |v| format!("value {v}"));
        println!(
            "deal {i} {}: {value}, {:.1} ms, {} nodes, {} zero-window searches",
            pos.mode,
            d.ms,
            d.nodes,
            solver.stats()[0]
        );
        if std::env::var_os("JS_HIST").is_some() {
            if !crate::DIAGNOSTICS {
                println!("  (counted with --features jass-solver/diagnostics)");
            }
            println!("  nodes by cards left {:?}", &solver.histogram()[..]);
            println!("  searches, bound cuts, table cuts, probes, cuts at leads (first card), at follows (first card), quasi-symmetric cuts, collisions, enhanced transposition cuts {:?}", solver.stats());
        }
    }
    if !times.is_empty() {
        let at = |q: f64| {
            percentile_ms(times.clone(), q)
                .map_or("over the node cap".to_string(), |m| format!("{m:.1} ms"))
        };
        println!(
            "median {} (p99 {}, longest {}) over {} deals ({} over the cap), {total_nodes} nodes in all",
            at(0.5),
            at(0.99),
            at(1.0),
            times.len(),
            times.iter().filter(|t| t.is_infinite()).count(),
        );
    }
}

/// The number in environment variable `name` (the examples' settings, e.g. `JS_REF=0`), or
/// `default` when it is not set; a value that is not such a number ends the example with a
/// message.
pub fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Err(_) => default,
        Ok(v) => v.parse().unwrap_or_else(|_| {
            eprintln!("{name}={v} is not a number of the right size (see the example's docs)");
            std::process::exit(2)
        }),
    }
}

/// The numbers on an example's command line, `defaults` where one is missing; a word that is
/// not a number ends the example with a message.
pub fn example_args<const N: usize>(defaults: [u64; N]) -> [u64; N] {
    let mut out = defaults;
    for (i, a) in std::env::args().skip(1).take(N).enumerate() {
        out[i] = a.parse().unwrap_or_else(|_| {
            eprintln!("`{a}` is not a number (the arguments are numbers: see the example's docs)");
            std::process::exit(2)
        });
    }
    out
}

/// Solves each of `positions` for team 0 from an empty table, giving up after `cap` nodes: the
/// figures as JSON (`count`, `median_ms`, `p90_ms`, `p99_ms`, `max_ms`, `mean_nodes`,
/// `median_nodes`, `over_node_cap`, `node_cap`, `ns_per_node`; a median or percentile that
/// falls on a deal given up is `null`; `longest`: the number (in the order given), time and
/// nodes of the slowest deal solved; `unsolved`: the numbers of the deals given up) and each
/// deal's value (`None`: given up). `ns_per_node` (the time of every deal, those given up too,
/// over their nodes) tells the machine's speed apart from the search's work: on a shared
/// machine it moves from day to day while the nodes stay the same.
pub fn whole_deal_figures(
    solver: &mut Solver,
    positions: impl Iterator<Item = Position>,
    cap: u64,
) -> (Value, Vec<Option<u32>>) {
    let deals: Vec<WholeDeal> = positions
        .map(|pos| solve_whole_deal(solver, &pos, cap))
        .collect();
    let count = deals.len();
    let times: Vec<f64> = deals.iter().map(WholeDeal::ms_or_infinity).collect();
    let nodes: u64 = deals.iter().map(|d| d.nodes).sum();
    // The nodes of the median deal (the one `percentile_ms` takes), a deal given up last.
    let mut by_nodes: Vec<u64> = deals
        .iter()
        .map(|d| d.value.map_or(u64::MAX, |_| d.nodes))
        .collect();
    by_nodes.sort_unstable();
    let median_nodes = by_nodes
        .get((count.saturating_sub(1) as f64 * 0.5).round() as usize)
        .copied()
        .filter(|&n| n != u64::MAX);
    let mut figures = timing_figures(times, nodes);
    figures.insert("median_nodes".into(), json!(median_nodes));
    let over = deals.iter().filter(|d| d.value.is_none()).count();
    figures.insert("over_node_cap".into(), json!(over));
    figures.insert("node_cap".into(), json!(cap));
    let ms: f64 = deals.iter().map(|d| d.ms).sum();
    let ns_per_node = (nodes > 0).then(|| (ms * 1e6 / nodes as f64 * 10.0).round() / 10.0);
    figures.insert("ns_per_node".into(), json!(ns_per_node));
    let longest = deals
        .iter()
        .enumerate()
        .filter(|(_, d)| d.value.is_some())
        .max_by(|a, b| a.1.ms.total_cmp(&b.1.ms))
        .map(|(i, d)| json!({"deal": i, "ms": d.ms, "nodes": d.nodes}));
    figures.insert("longest".into(), json!(longest));
    let unsolved: Vec<usize> = (0..count).filter(|&i| deals[i].value.is_none()).collect();
    figures.insert("unsolved".into(), json!(unsolved));
    (
        Value::Object(figures),
        deals.iter().map(|d| d.value).collect(),
    )
}

/// The figures of a run of solves with these times (milliseconds) and `nodes` in all: `count`,
/// `median_ms`, `p90_ms`, `p99_ms`, `max_ms` (`null` where an infinite time falls) and
/// `mean_nodes`.
fn timing_figures(times: Vec<f64>, nodes: u64) -> serde_json::Map<String, Value> {
    let count = times.len();
    let mut figures = serde_json::Map::new();
    figures.insert("count".into(), json!(count));
    figures.insert("median_ms".into(), json!(percentile_ms(times.clone(), 0.5)));
    figures.insert("p90_ms".into(), json!(percentile_ms(times.clone(), 0.9)));
    figures.insert("p99_ms".into(), json!(percentile_ms(times.clone(), 0.99)));
    figures.insert("max_ms".into(), json!(percentile_ms(times, 1.0)));
    let mean = (count > 0).then(|| nodes / count as u64);
    figures.insert("mean_nodes".into(), json!(mean));
    figures
}

/// Speed figures on one core, as JSON: the time to solve `deals` full Schieber deals from the
/// first card (trump given: the modes in turn, seat 0 leading; a deal over
/// [`WHOLE_DEAL_NODE_CAP`] nodes is given up, counted in `over_node_cap` and as slower than every
/// solved deal, so a median or percentile that falls on it is `null`) and `positions` random
/// positions with 24 cards left, with medians, 90th percentiles, the mean node count and a
/// checksum of the values (which changes only if the values change).
pub fn bench_figures(deals: usize, positions: usize, seed: u64) -> Value {
    let mut solver = Solver::new(SolverConfig::default());
    let (full_deal, values) =
        whole_deal_figures(&mut solver, bench_deals(seed, deals), WHOLE_DEAL_NODE_CAP);
    let mut checksum = 0u64;
    for v in values {
        checksum = checksum
            .wrapping_mul(1_000_003)
            .wrapping_add(v.map_or(u64::MAX, u64::from));
    }
    let mut rng = SplitMix::new(seed ^ 0x5EED);
    let mut ptimes = Vec::with_capacity(positions);
    let mut pnodes = 0u64;
    for i in 0..positions {
        let pos = random_position(
            &mut rng,
            24,
            Mode::ALL[i % 6],
            UndenufeEleven::Ace,
            TrickRules::Strict,
        );
        solver.clear();
        solver.reset_nodes();
        let t0 = Instant::now();
        let v = solver.solve_for(&pos, 0);
        ptimes.push(t0.elapsed().as_secs_f64() * 1e3);
        pnodes += solver.nodes();
        checksum = checksum.wrapping_mul(1_000_003).wrapping_add(v as u64);
    }
    json!({
        "full_deal": full_deal,
        "cards_left_24": timing_figures(ptimes, pnodes),
        "checksum": checksum,
        "seed": seed,
        "tt_entries": 1u64 << SolverConfig::default().tt_bits,
    })
}

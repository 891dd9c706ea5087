//! `cargo run --release -p jass-solver --example probe -- CARDS_LEFT COUNT [SKIP]`: solves COUNT
//! random positions (the six modes in turn, strict rules) and prints time and nodes for each, the
//! nodes by cards left, the mean and the median. Knobs: JS_ORDER=rev|shuf, JS_NOTT, JS_NOMERGE,
//! JS_BITS (table size, log2), JS_GROW / JS_GROW_NODES (the table's growth: its size, log2, 0 off; after how many nodes), JS_ETC (enhanced transposition cut-offs from this many cards
//! left, 37: off), JS_REF (the refutation memory's size, log2; 0: off), JS_EST (the estimate's horizon; 0: off), JS_FEWEST (the
//! fewest-points objective of Misère), JS_SLALOM (Slalom positions instead, begun Obenabe and
//! Undenufe in turn).
use jass_core::{Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{random_position, random_slalom_position, SplitMix};
use jass_solver::{Solver, SolverConfig};
use std::time::Instant;

fn main() {
    let left: u32 = std::env::args()
        .nth(1)
        .map(|a| a.parse().unwrap())
        .unwrap_or(24);
    let count: usize = std::env::args()
        .nth(2)
        .map(|a| a.parse().unwrap())
        .unwrap_or(20);
    let skip: usize = std::env::args()
        .nth(3)
        .map(|a| a.parse().unwrap())
        .unwrap_or(0);
    let mut rng = SplitMix::new(3);
    let order = match std::env::var("JS_ORDER").as_deref() {
        Ok("rev") => jass_solver::MoveOrder::Reversed,
        Ok("shuf") => jass_solver::MoveOrder::Shuffled(5),
        _ => jass_solver::MoveOrder::Heuristic,
    };
    let use_tt = std::env::var_os("JS_NOTT").is_none();
    let merge_equivalent = std::env::var_os("JS_NOMERGE").is_none();
    let mut solver = Solver::new(SolverConfig {
        order,
        use_tt,
        merge_equivalent,
        tt_bits: jass_solver::bench::env_number("JS_BITS", SolverConfig::default().tt_bits),
        tt_grow_bits: jass_solver::bench::env_number(
            "JS_GROW",
            SolverConfig::default().tt_grow_bits,
        ),
        tt_grow_nodes: jass_solver::bench::env_number(
            "JS_GROW_NODES",
            SolverConfig::default().tt_grow_nodes,
        ),
        refutation_grow_bits: jass_solver::bench::env_number(
            "JS_GROW_REF",
            SolverConfig::default().refutation_grow_bits,
        ),
        etc_grow_min_cards: jass_solver::bench::env_number(
            "JS_GROW_ETC",
            SolverConfig::default().etc_grow_min_cards,
        ),
        bounds: std::env::var_os("JS_NOBOUNDS").is_none(),
        partner_tricks: std::env::var_os("JS_NOPARTNER").is_none(),
        quasi_symmetry: std::env::var_os("JS_NOQS").is_none(),
        qs_sure_trumps: std::env::var_os("JS_NOSURE").is_none(),
        refutation_bits: jass_solver::bench::env_number(
            "JS_REF",
            SolverConfig::default().refutation_bits,
        ),
        // Misère's objective: the counted team wants the fewest points.
        objective: if std::env::var_os("JS_FEWEST").is_some() {
            jass_solver::Objective::FewestPoints
        } else {
            jass_solver::Objective::MostPoints
        },
        etc_min_cards: jass_solver::bench::env_number(
            "JS_ETC",
            SolverConfig::default().etc_min_cards,
        ),
        estimate_horizon: jass_solver::bench::env_number(
            "JS_EST",
            SolverConfig::default().estimate_horizon,
        ),
    });
    let mut tot = 0.0;
    let mut nodes = 0;
    let mut times = vec![];
    let slalom = std::env::var_os("JS_SLALOM").is_some();
    for i in 0..count {
        let pos = if slalom {
            let first = [Mode::Obenabe, Mode::Undenufe][i % 2];
            random_slalom_position(&mut rng, left, first, TrickRules::Strict)
        } else {
            random_position(
                &mut rng,
                left,
                Mode::ALL[i % 6],
                UndenufeEleven::Ace,
                TrickRules::Strict,
            )
        };
        if i < skip {
            continue;
        }
        solver.clear();
        solver.reset_nodes();
        let t0 = Instant::now();
        let v = solver.solve_for(&pos, 0);
        let dt = t0.elapsed().as_secs_f64() * 1e3;
        tot += dt;
        times.push(dt);
        nodes += solver.nodes();
        println!(
            "{i} {} v={v} {:.2} ms nodes {}",
            pos.mode,
            dt,
            solver.nodes()
        );
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if !jass_solver::DIAGNOSTICS {
        println!("(hist and stats are counted with --features jass-solver/diagnostics)");
    }
    println!("hist {:?}", &solver.histogram()[..=left as usize]);
    println!(
        "stats (searches, bound cuts, table cuts, probes) {:?}",
        solver.stats()
    );
    println!(
        "mean {:.2} ms median {:.2} ms nodes/pos {}",
        tot / count as f64,
        times[count / 2],
        nodes / count as u64
    );
}

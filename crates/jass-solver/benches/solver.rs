//! Criterion benchmarks of the solver (one core).
//!
//! * `solve/cards_left_24`: random Schieber positions with 24 cards left (strict rules, the six
//!   modes in turn), solved from an empty table.
//! * `solve/full_deal`: a whole Schieber deal from the first card, trump given (set
//!   `JASS_BENCH_FULL=1`; the current figures are in docs/benchmarks.md).

use criterion::{criterion_group, criterion_main, Criterion};
use jass_core::{Mode, TrickRules, UndenufeEleven};
use jass_solver::bench::{deal_position, random_position, SplitMix};
use jass_solver::{Solver, SolverConfig};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    g.sample_size(20);
    let mut rng = SplitMix::new(1);
    let positions: Vec<_> = (0..24)
        .map(|i| {
            random_position(
                &mut rng,
                24,
                Mode::ALL[i % 6],
                UndenufeEleven::Ace,
                TrickRules::Strict,
            )
        })
        .collect();
    let mut solver = Solver::new(SolverConfig::default());
    g.bench_function("cards_left_24 (24 positions)", |b| {
        b.iter(|| {
            let mut sum = 0;
            for p in &positions {
                solver.clear();
                sum += solver.solve_for(p, 0);
            }
            sum
        })
    });
    if std::env::var_os("JASS_BENCH_FULL").is_some() {
        g.sample_size(10);
        let deals: Vec<_> = (0..6)
            .map(|i| deal_position(1, i, Mode::ALL[i as usize % 6]))
            .collect();
        g.bench_function("full_deal (6 deals)", |b| {
            b.iter(|| {
                let mut sum = 0;
                for p in &deals {
                    solver.clear();
                    sum += solver.solve_for(p, 0);
                }
                sum
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

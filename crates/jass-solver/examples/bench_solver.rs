//! `cargo run --release -p jass-solver --example bench_solver [deals] [positions] [seed]`:
//! prints the speed figures of `jass_solver::bench::bench_figures` as JSON.

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let deals = args.first().copied().unwrap_or(60) as usize;
    let positions = args.get(1).copied().unwrap_or(300) as usize;
    let seed = args.get(2).copied().unwrap_or(1);
    let v = jass_solver::bench::bench_figures(deals, positions, seed);
    println!("{}", serde_json::to_string_pretty(&v).expect("json"));
}

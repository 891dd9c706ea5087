//! `cargo run --release -p jass-solver --example tail -- FILE [TT_BITS] [MAX_NODES] [FIRST] [COUNT]`:
//! solves the whole deals listed in FILE (lines `SEED INDEX MODE`: deal INDEX of the seeded
//! dealer SEED, seat 0 leading, in MODE; e.g. the modes `chosen_deals` names) from the first
//! card, with the knobs of `print_whole_deals` (`JS_GROW`, `JS_REF`, …); `JS_ONLY=3,17,…` keeps
//! only the deals on those lines (counted from 0). The list of `jass bench`'s 400 chosen deals:
//! `for s in 1 2 3 4; do chosen_deals 100 $s 17 1 | grep '^deal' | awk -v s=$s '{print s, $2,
//! $3}' | tr -d ':'; done` (a cap of one node prints the modes at once).
use jass_core::Mode;
use jass_solver::bench::{deal_position, print_whole_deals};

fn main() {
    let file = std::env::args().nth(1).expect("a file of deals");
    let text = std::fs::read_to_string(&file).expect("readable");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).map_or(d, |a| a.parse().expect("a number"));
    let bits = num(1, jass_solver::SolverConfig::default().tt_bits as u64);
    let cap = num(2, u64::MAX);
    let first = num(3, 0) as usize;
    let count = num(4, u64::MAX) as usize;
    let only: Option<Vec<usize>> = std::env::var("JS_ONLY")
        .ok()
        .map(|s| s.split(',').map(|x| x.parse().expect("a number")).collect());
    let positions: Vec<_> = text
        .lines()
        .enumerate()
        .filter(|(i, _)| only.as_ref().is_none_or(|o| o.contains(i)))
        .skip(first)
        .take(count)
        .map(|(_, l)| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let mode: Mode = w[2].parse().expect("a mode");
            deal_position(w[0].parse().unwrap(), w[1].parse().unwrap(), mode)
        })
        .collect();
    print_whole_deals(positions.into_iter(), bits as u32, cap);
}

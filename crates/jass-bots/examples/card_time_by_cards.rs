//! Where the sampling Schieber player's card time goes: its card decisions (more than one legal
//! card) by the cards played before them in the deal, in the thread's CPU time, with the same
//! deals and seats as `jass bench`'s sampling figure (the sampling player in seat `deal % 4`,
//! rule players in the others, forehand rotating every four deals).
//!
//! `cargo run --release -p jass-bots --example card_time_by_cards -- [DEALS] [SEED] [SETTINGS]`
//! (default 40 deals from seed 1, the default settings; SETTINGS `samples=N,max_cards=N,
//! decision_nodes=N,early_samples=N` override those). Prints, for each count of cards played,
//! the decisions, their median, mean and longest time, and the 99th percentile of all.

use jass_bots::{RuleSchieber, SamplingSchieber, SamplingSettings};
use jass_core::deal::SeededDealer;
use jass_core::game::{ActionList, Decision, Game, Player, ToMove};
use jass_core::schieber::{FirstForehand, Phase, Schieber, SchieberOptions, MAX_TARGET};
use jass_solver::bench::percentile_ms;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i).map_or(default, |a| {
            a.parse()
                .unwrap_or_else(|_| panic!("argument {}: a number, not {a}", i + 1))
        })
    };
    let (deals, seed) = (number(0, 40), number(1, 1));
    let mut settings = SamplingSettings::default();
    let mut early = SamplingSchieber::DEFAULT_EARLY;
    for kv in args
        .get(2)
        .map_or("", String::as_str)
        .split(',')
        .filter(|s| !s.is_empty())
    {
        let (key, value) = kv.split_once('=').expect("SETTINGS: key=value,…");
        let value: u64 = value.parse().expect("SETTINGS: a number after =");
        match key {
            "samples" => settings.samples = value as usize,
            "max_cards" => settings.max_cards = value as u32,
            "decision_nodes" => settings.decision_nodes = value,
            "early_samples" => early = value as usize,
            _ => panic!("SETTINGS: samples, max_cards, decision_nodes or early_samples, not {key}"),
        }
    }
    let mut list = ActionList::new();
    let mut by_played: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
    for d in 0..deals {
        let options = SchieberOptions {
            target: MAX_TARGET,
            first_forehand: FirstForehand::Seat((d / 4 % 4) as u8),
            ..SchieberOptions::default()
        };
        let me = (d % 4) as usize;
        let mut sampling = SamplingSchieber::new(options, settings, seed + d)
            .with_early_samples(early, SamplingSchieber::DEFAULT_HANDOFF);
        let mut rule = RuleSchieber::new(options);
        let mut s = Schieber::new(options).expect("valid options");
        let hands = s.deal_from_pack(&SeededDealer::new(seed + d).next_pack());
        s.deal(hands).expect("a full deal");
        let mut played = 0;
        while let ToMove::Seat(seat) = s.to_move() {
            s.legal_actions(&mut list);
            let decision = Decision::new(&s, seat, &list);
            let card = s.phase() == Phase::Play;
            let a = if seat == me {
                let t = jass_bots::timing::thread_cpu_ms();
                let a = sampling.act(&decision);
                if card && list.len() > 1 {
                    let ms = jass_bots::timing::thread_cpu_ms() - t;
                    by_played.entry(played).or_default().push(ms);
                }
                a
            } else {
                rule.act(&decision)
            };
            played += u32::from(card);
            s.apply(a).expect("a legal action");
        }
    }
    let ms = |v: &[f64], q| percentile_ms(v.to_vec(), q).unwrap_or(f64::NAN);
    println!("cards played  decisions  median ms  mean ms  longest ms");
    for (played, v) in &by_played {
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        let (median, longest) = (ms(v, 0.5), ms(v, 1.0));
        println!(
            "{played:12}  {:9}  {median:9.1}  {mean:7.1}  {longest:10.1}",
            v.len()
        );
    }
    let all: Vec<f64> = by_played.into_values().flatten().collect();
    let (p99, longest) = (ms(&all, 0.99), ms(&all, 1.0));
    println!(
        "all: {} decisions, p99 {p99:.1} ms, longest {longest:.1} ms",
        all.len()
    );
}

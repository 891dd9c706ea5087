//! The open-hand regret of the card play in records of a team game (Schieber, Coiffeur, Sidi
//! Barrani): for every card played, the exact value of the best legal card with every hand open
//! less the value of the card played, for the mover's team (in a Misère the other way round), in
//! card points with the last trick and the Match. Summed per deal by trick, by the place in the
//! trick and the side (the team that chose the contract or not), and by the player named in the
//! record's seat. A measure of how far a player's cards are from open-hand play: the oracle's are
//! at zero, and what a player gives away here is what the hidden cards (or its own errors) cost
//! it (docs/lab/2026-12-05-worlds-posterior.md).
//!
//! ```text
//! jass simulate -n 8 --seed 101 --players sampling --out s.jsonl
//! cargo run --release -p jass-analysis --example open_hand_regret -- s.jsonl [MAX_NODES]
//! ```
//!
//! Positions over `MAX_NODES` search nodes (20 million by default) are left out and counted.

use std::collections::BTreeMap;

use jass_analysis::solve::{deal_position, solve_team, DealPoint, DealPosition, TeamPosition};
use jass_core::Card;
use jass_table::Record;
use serde_json::Value;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: open_hand_regret RECORDS [MAX_NODES]");
        std::process::exit(2);
    };
    let cap: u64 = match args.get(2).map(|s| s.parse()) {
        None => 20_000_000,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("MAX_NODES: give a whole number of search nodes");
            std::process::exit(2);
        }
    };
    let bytes = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let mut sums = Sums::default();
    for (g, record) in Record::read_bytes(&bytes).into_iter().enumerate() {
        let record = record.unwrap_or_else(|e| {
            eprintln!("{path}, record {}: {e}", g + 1);
            std::process::exit(2);
        });
        let v = serde_json::to_value(&record).expect("a record is JSON");
        let names: Vec<String> = v["seats"]
            .as_array()
            .map(|s| {
                s.iter()
                    .map(|x| x["name"].as_str().unwrap_or("?").to_string())
                    .collect()
            })
            .unwrap_or_default();
        for (d, deal) in v["deals"].as_array().into_iter().flatten().enumerate() {
            regret_of_deal(&record, g, d, deal, &names, cap, &mut sums);
        }
    }
    sums.print();
}

/// The regret of every card of deal `d` of record `g`, added to `sums`.
fn regret_of_deal(
    record: &Record,
    g: usize,
    d: usize,
    deal: &Value,
    names: &[String],
    cap: u64,
    sums: &mut Sums,
) {
    let actions = deal["actions"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    let plays: Vec<Card> = actions
        .iter()
        .filter(|a| a["action"] == "play")
        .filter_map(|a| a["card"].as_str()?.parse().ok())
        .collect();
    // The team that chose the contract (Schieber, Coiffeur), if the record says.
    let chooser_team = actions
        .iter()
        .find(|a| a["action"] == "contract")
        .and_then(|a| a["seat"].as_u64())
        .map(|s| s % 2);
    let mut counted = false;
    for (k, &card) in plays.iter().enumerate() {
        let at = DealPoint {
            game: g + 1,
            deal: d + 1,
            cards: k,
        };
        let Ok(DealPosition::Teams(team_deal)) = deal_position(record, at) else {
            return;
        };
        let Ok(p) = TeamPosition::new(&team_deal) else {
            return;
        };
        let Some(values) = solve_team(&p, None, cap).values else {
            sums.over_cap += 1;
            continue;
        };
        // The counted team's points: the mover's team wants them high, in a Misère low.
        let best = if p.misere {
            values.worst()
        } else {
            values.best()
        };
        let (Some((_, best)), Some(played)) = (best, values.value(card)) else {
            continue;
        };
        let regret = f64::from(best.abs_diff(played));
        let seat = p.seat();
        let side = match chooser_team {
            Some(t) if u64::from(seat % 2) == t => "chose",
            Some(_) => "other",
            None => "-",
        };
        let name = names.get(seat as usize).cloned().unwrap_or_default();
        *sums.by_trick.entry(k / 4 + 1).or_default() += regret;
        *sums.by_place.entry((k % 4 + 1, side)).or_default() += regret;
        *sums.by_name.entry(name).or_default() += regret;
        sums.decisions += 1;
        counted = true;
    }
    sums.deals += u32::from(counted);
}

/// The regret summed over the deals.
#[derive(Default)]
struct Sums {
    deals: u32,
    decisions: u32,
    over_cap: u32,
    by_trick: BTreeMap<usize, f64>,
    by_place: BTreeMap<(usize, &'static str), f64>,
    by_name: BTreeMap<String, f64>,
}

impl Sums {
    fn print(&self) {
        let n = f64::from(self.deals.max(1));
        let all: f64 = self.by_trick.values().sum();
        println!(
            "{} deals, {} card decisions solved, {} over the node cap; regret a deal (all seats): {:.1}",
            self.deals,
            self.decisions,
            self.over_cap,
            all / n
        );
        println!("by trick:");
        for (t, r) in &self.by_trick {
            println!("  {t}: {:6.2} ({:4.1}%)", r / n, 100.0 * r / all.max(1.0));
        }
        println!(
            "by place in the trick (1: the lead) and side (the team that chose the contract):"
        );
        for ((place, side), r) in &self.by_place {
            println!(
                "  {place} {side:>5}: {:6.2} ({:4.1}%)",
                r / n,
                100.0 * r / all.max(1.0)
            );
        }
        println!("by the player in the seat (its seats together):");
        for (name, r) in &self.by_name {
            println!("  {name}: {:6.2}", r / n);
        }
    }
}

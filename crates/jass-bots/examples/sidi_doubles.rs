//! How well the sampling Sidi Barrani player's doubling play-outs
//! (`SamplingSidi::double_share`) foretell whether a bid is made: games of four default
//! sampling players (seeds 0 to GAMES-1); at every decision that may double a bid from 90 to
//! 250, the share of SAMPLES play-outs (auction calls read at INFER percent) in which the bid is
//! made, and, for the bids that became the contract, whether it was made and whether the
//! default player doubled it. Prints the made rate per band of the foretold share.
//!
//! `cargo run --release -p jass-bots --example sidi_doubles -- GAMES SAMPLES INFER`

use jass_bots::SamplingSidi;
use jass_core::deal::SeededDealer;
use jass_core::game::{ActionList, Game, ToMove};
use jass_core::sidi::{Sidi, SidiAction, SidiOptions};
use jass_core::{Decision, Mode, Player};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (games, samples, infer) = (arg(0, 20), arg(1, 64) as usize, arg(2, 10) as u32);
    let o = SidiOptions::default();
    let mut judge = SamplingSidi::new(o, 99)
        .with_double_samples(samples, 50)
        .with_double_infer(infer);
    // (foretold share, made, doubled) of each judged bid that became the contract.
    let mut seen: Vec<(f64, bool, bool)> = Vec::new();
    let mut list = ActionList::new();
    for seed in 0..games {
        let mut players: Vec<SamplingSidi> =
            (0..4).map(|s| SamplingSidi::new(o, seed * 4 + s)).collect();
        let mut g = Sidi::new(o).expect("default options");
        let mut dealer = SeededDealer::new(seed);
        // The bids judged in this deal: (bid, foretold share).
        let mut judged: Vec<((u32, Mode, u8), f64)> = Vec::new();
        loop {
            match g.to_move() {
                ToMove::Over => break,
                ToMove::Deal => {
                    settle(&g, &mut judged, &mut seen);
                    let d = g.deal_from_pack(&dealer.next_pack());
                    g.apply_deal(d).expect("a deal");
                }
                ToMove::Seat(seat) => {
                    g.legal_actions(&mut list);
                    let obs = g.observe(seat);
                    if let Some(bid) = obs.bid.filter(|b| (90..257).contains(&b.0)) {
                        if list.contains(&SidiAction::Double) {
                            if let Some(share) = judge.double_share(&obs) {
                                judged.push((bid, share));
                            }
                        }
                    }
                    let a = players[seat].act(&Decision::new(&g, seat, &list));
                    g.apply(a).expect("a legal action");
                }
            }
        }
        settle(&g, &mut judged, &mut seen);
        eprintln!("game {seed}: {} judged bids so far", seen.len());
    }
    println!("foretold share | bids | made | doubled by the default player");
    for band in 0..10 {
        let (lo, hi) = (band as f64 / 10.0, (band + 1) as f64 / 10.0);
        let b: Vec<_> = seen
            .iter()
            .filter(|s| s.0 >= lo && (s.0 < hi || band == 9))
            .collect();
        if b.is_empty() {
            continue;
        }
        let made = b.iter().filter(|s| s.1).count();
        let doubled = b.iter().filter(|s| s.2).count();
        println!(
            "{:.0}–{:.0}% | {} | {:.1}% | {:.1}%",
            lo * 100.0,
            hi * 100.0,
            b.len(),
            100.0 * made as f64 / b.len() as f64,
            100.0 * doubled as f64 / b.len() as f64
        );
    }
    let mean = |f: &dyn Fn(&(f64, bool, bool)) -> f64| {
        seen.iter().map(f).sum::<f64>() / seen.len().max(1) as f64
    };
    println!(
        "all: {} bids, foretold {:.1}%, made {:.1}%",
        seen.len(),
        100.0 * mean(&|s| s.0),
        100.0 * mean(&|s| s.1 as u8 as f64)
    );
}

/// The judged bids of the deal just scored that became its contract: their foretold share, and
/// whether the contract was made and doubled.
fn settle(g: &Sidi, judged: &mut Vec<((u32, Mode, u8), f64)>, seen: &mut Vec<(f64, bool, bool)>) {
    if let (Some(contract), Some(made)) = (g.bid(), g.tally().made) {
        for &(bid, share) in judged.iter() {
            if bid == contract {
                seen.push((share, made, g.factor() > 1));
            }
        }
    }
    judged.clear();
}

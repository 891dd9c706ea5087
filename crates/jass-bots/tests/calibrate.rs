//! Calibration of the rule players' hand estimates (not a test: `cargo test -p jass-bots --release
//! --test calibrate -- --ignored --nocapture` prints linear fits of the points taken on the
//! Schieber hand value, with rule players at every seat).

use jass_bots::{hand_value, RuleCoiffeur, RuleDifferenzler, RuleHandjass, RuleSidi};
use jass_core::coiffeur::{self, Coiffeur, CoiffeurOptions};
use jass_core::differenzler::{self, Differenzler, DifferenzlerOptions};
use jass_core::handjass::{self, Handjass, HandjassOptions};
use jass_core::schieber::Contract;
use jass_core::sidi::{self, Sidi, SidiOptions};
use jass_core::Player;

fn fit(name: &str, xs: &[(f64, f64)]) {
    let n = xs.len() as f64;
    let (mx, my) = (
        xs.iter().map(|p| p.0).sum::<f64>() / n,
        xs.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxy: f64 = xs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = xs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let b = sxy / sxx;
    let a = my - b * mx;
    let res = (xs.iter().map(|p| (p.1 - a - b * p.0).powi(2)).sum::<f64>() / n).sqrt();
    println!(
        "{name}: n {n} mean x {mx:.1} mean y {my:.1}: y = {a:.1} + {b:.3} x, residual sd {res:.1}"
    );
}

#[test]
#[ignore]
fn calibrate() {
    let mut sd = Vec::new();
    let mut sd_est = Vec::new();
    for seed in 0..60 {
        let o = SidiOptions::default();
        let mut ps: Vec<Box<dyn Player<Sidi>>> = (0..4)
            .map(|_| Box::new(RuleSidi::new(o)) as Box<dyn Player<Sidi>>)
            .collect();
        let rec = sidi::play_recorded(o, seed, &mut ps).unwrap();
        for d in &rec.deals {
            if let Some(c) = d.settled.contract {
                let t = (c.declarer % 2) as usize;
                let x = hand_value(d.hands[c.declarer as usize], Contract::Mode(c.trump));
                let y = (d.result.card_points[t] + d.result.match_bonus[t]) as f64;
                sd.push((x, y));
                sd_est.push((c.points as f64, y));
            }
        }
    }
    fit("sidi declarer hand value -> team card points", &sd);
    fit("sidi bid -> team card points", &sd_est);
    let mut co = Vec::new();
    for seed in 0..60 {
        let o = CoiffeurOptions::default();
        let mut ps: Vec<Box<dyn Player<Coiffeur>>> = (0..4)
            .map(|_| Box::new(RuleCoiffeur::new(o)) as Box<dyn Player<Coiffeur>>)
            .collect();
        let rec = coiffeur::play_recorded(o, seed, &mut ps).unwrap();
        for d in &rec.deals {
            if d.settled.contract != Contract::Misere {
                let t = (d.settled.chooser % 2) as usize;
                co.push((
                    hand_value(d.hands[d.settled.chooser as usize], d.settled.contract),
                    d.result.card_points[t] as f64,
                ));
            }
        }
    }
    fit("coiffeur chooser hand value -> team card points", &co);
    let mut di = Vec::new();
    let mut di_ann = Vec::new();
    for seed in 0..60 {
        let o = DifferenzlerOptions::default();
        let mut ps: Vec<Box<dyn Player<Differenzler>>> = (0..4)
            .map(|_| Box::new(RuleDifferenzler::new(o)) as Box<dyn Player<Differenzler>>)
            .collect();
        let rec = differenzler::play_recorded(o, seed, &mut ps).unwrap();
        for d in &rec.deals {
            for s in 0..4 {
                di.push((
                    hand_value(d.hands[s], Contract::Mode(d.cards.trump)),
                    d.result.card_points[s] as f64,
                ));
                di_ann.push((
                    d.settled.announcements[s] as f64,
                    d.result.difference[s] as f64,
                ));
            }
        }
    }
    fit("differenzler hand value -> card points", &di);
    let mean_diff = di_ann.iter().map(|p| p.1).sum::<f64>() / di_ann.len() as f64;
    println!("differenzler mean difference (rule x4): {mean_diff:.1}");
    let mut hj = Vec::new();
    for seed in 0..60 {
        let o = HandjassOptions::default();
        let mut ps: Vec<Box<dyn Player<Handjass>>> = (0..4)
            .map(|_| Box::new(RuleHandjass::new(o)) as Box<dyn Player<Handjass>>)
            .collect();
        let rec = handjass::play_recorded(o, seed, &mut ps).unwrap();
        for d in &rec.deals {
            if d.result.agreed || d.result.survivor.is_some() {
                continue;
            }
            for &s in &d.result.playing {
                if let Some(h) = d.hands[s as usize] {
                    if d.result.blind_taker != Some(s) {
                        hj.push((
                            hand_value(h, Contract::Mode(d.cards.trump)),
                            d.result.card_points[s as usize] as f64,
                        ));
                    }
                }
            }
        }
    }
    fit("handjass hand value -> card points (4 players)", &hj);
}

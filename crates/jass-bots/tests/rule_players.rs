//! Long seeded runs of every game's rule player against random players: the rule player only ever
//! chooses legal actions (`play_recorded` refuses an illegal one, which fails the run) and beats the
//! random players by a clear margin. `--nocapture` prints the figures quoted in the docs.

use jass_bots::{RandomPlayer, RuleCoiffeur, RuleDifferenzler, RuleHandjass, RuleSidi};
use jass_core::coiffeur::{self, Coiffeur, CoiffeurOptions};
use jass_core::differenzler::{self, Differenzler, DifferenzlerOptions, TrumpRule};
use jass_core::handjass::{self, Handjass, HandjassOptions, SixExchange, SmallDeal};
use jass_core::sidi::{self, Sidi, SidiOptions};
use jass_core::Player;

const GAMES: u64 = 200;

/// Per deal at the table: strokes and potatoes of the rule seat and of an average random seat.
fn handjass_figures(options: HandjassOptions) -> ([f64; 2], [f64; 2]) {
    let n = options.players as usize;
    let (mut rule, mut random) = ([0u64; 2], [0u64; 2]);
    let (mut rule_deals, mut random_deals) = (0u64, 0u64);
    for g in 0..GAMES {
        let rule_seat = (g as usize) % n;
        let mut ps: Vec<Box<dyn Player<Handjass>>> = (0..n)
            .map(|s| {
                if s == rule_seat {
                    Box::new(RuleHandjass::new(options)) as Box<dyn Player<Handjass>>
                } else {
                    Box::new(RandomPlayer::new(g * 16 + s as u64))
                }
            })
            .collect();
        let rec = handjass::play_recorded(options, 1000 + g, &mut ps).expect("legal actions only");
        for d in &rec.deals {
            for &s in &d.start.active {
                let s = s as usize;
                let (st, po) = (d.result.strokes[s] as u64, d.result.potatoes[s] as u64);
                if s == rule_seat {
                    rule[0] += st;
                    rule[1] += po;
                    rule_deals += 1;
                } else {
                    random[0] += st;
                    random[1] += po;
                    random_deals += 1;
                }
            }
        }
    }
    let per = |x: [u64; 2], d: u64| [x[0] as f64 / d as f64, x[1] as f64 / d as f64];
    (per(rule, rule_deals), per(random, random_deals))
}

#[test]
fn handjass_rule_player_scores_more_strokes_and_fewer_potatoes_than_random() {
    for players in [4u8, 3] {
        let o = HandjassOptions {
            players,
            ..HandjassOptions::default()
        };
        let (rule, random) = handjass_figures(o);
        println!(
            "handjass {players} players, {GAMES} games: strokes/potatoes per deal at the table: rule {:.3}/{:.3}, random {:.3}/{:.3}",
            rule[0], rule[1], random[0], random[1]
        );
        assert!(
            rule[0] > random[0] + 0.15,
            "strokes: rule {rule:?} random {random:?}"
        );
        assert!(
            rule[1] < random[1] * 0.6,
            "potatoes: rule {rule:?} random {random:?}"
        );
    }
}

#[test]
fn handjass_rule_players_finish_every_preset() {
    for preset in ["parlett", "004", "004-twelve", "berner", "must-play"] {
        let mut o = HandjassOptions::preset(preset).expect("preset");
        if preset == "berner" {
            o.target = 9;
        }
        for g in 0..10 {
            let n = o.players as usize;
            let mut ps: Vec<Box<dyn Player<Handjass>>> = (0..n)
                .map(|_| Box::new(RuleHandjass::new(o)) as Box<dyn Player<Handjass>>)
                .collect();
            handjass::play_recorded(o, g, &mut ps).unwrap_or_else(|e| panic!("{preset}: {e}"));
        }
    }
    for (players, small) in [
        (2u8, SmallDeal::Blind),
        (3, SmallDeal::Bessern),
        (2, SmallDeal::Bessern),
        (5, SmallDeal::Blind),
        (3, SmallDeal::Blind),
    ] {
        let o = HandjassOptions {
            players,
            small_deal: small,
            six_exchange: SixExchange::Before,
            ..HandjassOptions::default()
        };
        for g in 0..10 {
            let mut ps: Vec<Box<dyn Player<Handjass>>> = (0..players as usize)
                .map(|s| {
                    if s == 0 {
                        Box::new(RandomPlayer::new(g)) as Box<dyn Player<Handjass>>
                    } else {
                        Box::new(RuleHandjass::new(o))
                    }
                })
                .collect();
            handjass::play_recorded(o, g, &mut ps)
                .unwrap_or_else(|e| panic!("{players} {small:?}: {e}"));
        }
    }
}

/// Points per deal of the rule team and the random team (team 0 = rule in even games).
fn team_games<G, F>(mut play: F) -> [f64; 2]
where
    F: FnMut(u64, &mut Vec<Box<dyn Player<G>>>, bool) -> (Vec<[u32; 2]>, usize),
    G: jass_core::Game,
{
    let (mut rule, mut random, mut deals) = (0u64, 0u64, 0usize);
    for g in 0..GAMES {
        let rule_even = g % 2 == 0;
        let mut ps = Vec::new();
        let (per_deal, n) = play(g, &mut ps, rule_even);
        for p in per_deal {
            let (r, x) = if rule_even {
                (p[0], p[1])
            } else {
                (p[1], p[0])
            };
            rule += r as u64;
            random += x as u64;
        }
        deals += n;
    }
    [rule as f64 / deals as f64, random as f64 / deals as f64]
}

#[test]
fn sidi_rule_team_takes_most_of_the_points() {
    let o = SidiOptions::default();
    let mut made = [0u64; 2];
    let mut contracts = 0u64;
    let figs = team_games::<Sidi, _>(|g, ps, rule_even| {
        *ps = (0..4)
            .map(|s| {
                if (s % 2 == 0) == rule_even {
                    Box::new(RuleSidi::new(o)) as Box<dyn Player<Sidi>>
                } else {
                    Box::new(RandomPlayer::new(g * 8 + s))
                }
            })
            .collect();
        let rec = sidi::play_recorded(o, 2000 + g, ps).expect("legal actions only");
        for d in &rec.deals {
            if let (Some(c), Some(m)) = (d.settled.contract, d.result.made) {
                if (c.declarer % 2 == 0) == rule_even {
                    contracts += 1;
                    made[0] += m as u64;
                    made[1] += 1;
                }
            }
        }
        (
            rec.deals.iter().map(|d| d.result.score).collect(),
            rec.deals.len(),
        )
    });
    let share = figs[0] / (figs[0] + figs[1]);
    println!(
        "sidi-barrani {GAMES} games: points per deal rule {:.1}, random {:.1} (share {:.1}%); rule team declared {contracts} contracts, made {:.1}%",
        figs[0],
        figs[1],
        100.0 * share,
        100.0 * made[0] as f64 / made[1].max(1) as f64
    );
    assert!(share > 0.65, "{figs:?}");
}

#[test]
fn coiffeur_rule_team_writes_far_more_than_random() {
    for (misere, slalom) in [(false, false), (true, true)] {
        let o = CoiffeurOptions {
            misere,
            slalom,
            ..CoiffeurOptions::default()
        };
        let mut wins = 0;
        let figs = team_games::<Coiffeur, _>(|g, ps, rule_even| {
            *ps = (0..4)
                .map(|s| {
                    if (s % 2 == 0) == rule_even {
                        Box::new(RuleCoiffeur::new(o)) as Box<dyn Player<Coiffeur>>
                    } else {
                        Box::new(RandomPlayer::new(g * 8 + s))
                    }
                })
                .collect();
            let rec = coiffeur::play_recorded(o, 3000 + g, ps).expect("legal actions only");
            if rec.result.winner == Some(if rule_even { 0 } else { 1 }) {
                wins += 1;
            }
            (
                vec![[rec.result.totals[0], rec.result.totals[1]]],
                rec.deals.len(),
            )
        });
        let share = figs[0] / (figs[0] + figs[1]);
        println!(
            "coiffeur (misere and slalom {misere}) {GAMES} games: written per deal rule {:.1}, random {:.1} (share {:.1}%), rule wins {wins} of {GAMES}",
            figs[0],
            figs[1],
            100.0 * share
        );
        assert!(share > 0.65, "{figs:?}");
    }
}

#[test]
fn differenzler_rule_player_misses_its_announcement_by_less_than_random() {
    for (name, o) in [
        ("turned", DifferenzlerOptions::default()),
        (
            "chosen+obenabe",
            DifferenzlerOptions {
                trump: TrumpRule::Chosen,
                obenabe_undenufe: true,
                weis: true,
                stoeck: true,
                ..DifferenzlerOptions::default()
            },
        ),
    ] {
        let (mut rule, mut random, mut rule_n, mut random_n, mut wins) =
            (0i64, 0i64, 0u64, 0u64, 0);
        for g in 0..GAMES {
            let rule_seat = (g % 4) as usize;
            let mut ps: Vec<Box<dyn Player<Differenzler>>> = (0..4)
                .map(|s| {
                    if s == rule_seat {
                        Box::new(RuleDifferenzler::new(o)) as Box<dyn Player<Differenzler>>
                    } else {
                        Box::new(RandomPlayer::new(g * 8 + s as u64))
                    }
                })
                .collect();
            let rec =
                differenzler::play_recorded(o, 4000 + g, &mut ps).expect("legal actions only");
            for d in &rec.deals {
                for s in 0..4 {
                    if s == rule_seat {
                        rule += d.result.penalty[s] as i64;
                        rule_n += 1;
                    } else {
                        random += d.result.penalty[s] as i64;
                        random_n += 1;
                    }
                }
            }
            if rec.result.winners == vec![rule_seat as u8] {
                wins += 1;
            }
        }
        let (r, x) = (rule as f64 / rule_n as f64, random as f64 / random_n as f64);
        println!("differenzler ({name}) {GAMES} games: penalty per deal rule {r:.1}, random {x:.1}; rule wins {wins} of {GAMES}");
        assert!(r < x * 0.6, "rule {r} random {x}");
    }
}

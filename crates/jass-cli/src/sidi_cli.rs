//! Sidi Barrani (and the other issue-4 games) on the command line: options, simulation, display.

use std::fmt::Write as _;

use anyhow::{anyhow, bail, Result};
use jass_core::record::Record;
use jass_core::sidi::{play_recorded, Sidi, SidiOptions, SidiRecord, SidiRecorded};
use jass_core::{CardStyle, Game, Player};

use crate::players::splitmix;
use crate::record_text::{fallback_lines, hand, mode, trick_line, weis_line};
use serde_json::Value;

pub const SIDI_HELP: &str = concat!(
    "  target: points to win (2000; 1500, 2500);  double_game: true | false;  double_game_below: 1000 (losers under it: a double game)\n",
    "  min_bid: 40 | 50 | 60;  bid_step: 10 | 5;  obenabe_undenufe, weis, stoeck, four_nines, redouble: true | false\n",
    "  doubling: next-call (001) | first-lead (004) | none;  undenufe_eleven: ace | six;  first_dealer: 0 .. 3\n",
    "  See docs/sidi-barrani.md for the source of every option."
);

/// Sidi Barrani options from `-o` pairs (checked, naming the option at fault).
pub fn sidi_options(options: &Value) -> Result<SidiOptions> {
    Ok(jass_table::checked_options::<Sidi>(options)?)
}

/// The players of `spec` for any four-seat game: one name for all seats or one per seat, each made
/// by `make(name, seed)` (`crate::players`).
#[allow(clippy::type_complexity)]
pub fn players<G: Game>(
    spec: &str,
    seed: u64,
    make: &dyn Fn(&str, usize, u64) -> Result<Box<dyn Player<G>>>,
) -> Result<Vec<Box<dyn Player<G>>>> {
    let names = crate::players::split_list(spec);
    if names.len() != 1 && names.len() != 2 && names.len() != 4 {
        bail!(
            "--players lists {} players; give one for all seats, one per team (seats 0+2, then 1+3) or one for every seat (4)",
            names.len()
        );
    }
    (0..4)
        .map(|s| {
            let name = match names.len() {
                1 => &names[0],
                2 => &names[s % 2],
                _ => &names[s],
            };
            make(
                name,
                s,
                splitmix(seed.wrapping_mul(8).wrapping_add(s as u64)),
            )
        })
        .collect()
}

/// Plays one game of an issue-4 game: the record, the winner (team or seat) and the deals played.
pub fn simulate_one(
    game: &str,
    options: &Value,
    players: &str,
    seed: u64,
) -> Result<(Record, Option<u8>, usize)> {
    match game {
        "sidi-barrani" => {
            let o = sidi_options(options)?;
            let mut p = self::players::<Sidi>(players, seed, &|n, s, x| {
                crate::players::player::<Sidi>(n, &o, s, x)
            })?;
            let rec = play_recorded(o, seed, &mut p).map_err(|e| anyhow!(e))?;
            jass_table::tell_game_over(&mut p, || Record::Sidi(rec.clone()));
            let (w, n) = (rec.result.winner, rec.deals.len());
            Ok((Record::Sidi(rec), w, n))
        }
        "coiffeur" => crate::coiffeur_cli::simulate_one(options, players, seed),
        "differenzler" => crate::differenzler_cli::simulate_one(options, players, seed),
        other => bail!("unknown game `{other}`"),
    }
}

/// `jass show` for a Sidi Barrani record.
pub fn show_sidi(rec: &SidiRecord, style: CardStyle, show_hands: bool) -> String {
    let mut o = String::new();
    let seats: Vec<&str> = rec.seats.iter().map(|s| s.name.as_str()).collect();
    let _ = writeln!(
        o,
        "Sidi Barrani to {} · seed {} · seats {} · teams 0+2 and 1+3",
        rec.options.target,
        rec.seed
            .map(|s| s.to_string())
            .unwrap_or_else(|| "none".into()),
        seats
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{i}: {s}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for d in &rec.deals {
        let _ = writeln!(o, "\nDeal {} · dealer seat {}", d.number, d.dealer);
        if show_hands {
            for (s, h) in d.hands.iter().enumerate() {
                let _ = writeln!(o, "  hand {s}: {}", hand(*h, style));
            }
        }
        let mut in_trick = 0;
        let mut trick_no = 0;
        for e in &d.actions {
            let line = match e.action {
                SidiRecorded::Pass {} => format!("seat {} passes", e.seat),
                SidiRecorded::Bid { points, trump } => {
                    format!("seat {} bids {points} {}", e.seat, mode(trump, style))
                }
                SidiRecorded::Double {} => format!("seat {} doubles", e.seat),
                SidiRecorded::Redouble {} => format!("seat {} redoubles", e.seat),
                SidiRecorded::Weis { weis } => {
                    weis_line(e.seat, weis.iter().map(|w| w.cards()), style)
                }
                SidiRecorded::Stoeck {} => format!("  seat {} scores Stöck", e.seat),
                SidiRecorded::Play { .. } => {
                    in_trick += 1;
                    if in_trick == 4 {
                        in_trick = 0;
                        trick_no += 1;
                        if let Some(t) = d.tricks.get(trick_no - 1) {
                            let _ = writeln!(o, "  {}", trick_line(trick_no, t, style));
                        }
                    }
                    continue;
                }
            };
            let _ = writeln!(o, "  {line}");
        }
        fallback_lines(&mut o, &d.actions);
        let r = &d.result;
        match d.contract {
            None => {
                let _ = writeln!(o, "  all four passed: the cards are thrown in");
            }
            Some(c) => {
                let _ = writeln!(
                    o,
                    "  contract {} {} by seat {}{} · {} · card points {}:{} (Match {}:{}) · Weis {}:{} · Stöck {}:{} · bid {}:{} → {}:{} · totals {}:{}",
                    c.points,
                    mode(c.trump, style),
                    c.declarer,
                    match c.factor {
                        2 => " doubled",
                        4 => " redoubled",
                        _ => "",
                    },
                    if r.made == Some(true) { "made" } else { "failed" },
                    r.card_points[0],
                    r.card_points[1],
                    r.match_bonus[0],
                    r.match_bonus[1],
                    r.weis[0],
                    r.weis[1],
                    r.stoeck[0],
                    r.stoeck[1],
                    r.bonus[0],
                    r.bonus[1],
                    r.score[0],
                    r.score[1],
                    r.totals[0],
                    r.totals[1]
                );
            }
        }
    }
    let r = &rec.result;
    match r.winner {
        Some(w) => {
            let _ = writeln!(
                o,
                "Game over: team {w} (seats {}+{}) wins {}:{}{}",
                w,
                w + 2,
                r.totals.first().unwrap_or(&0),
                r.totals.get(1).unwrap_or(&0),
                if r.schneider {
                    " · double game (the losers are under double_game_below)"
                } else {
                    ""
                }
            );
        }
        None => {
            let _ = writeln!(o, "The game is not finished: {:?}", r.totals);
        }
    }
    o
}

/// `jass simulate` for the issue-4 games: the same flags and summary style as for Schieber.
pub fn simulate_run(
    game: &str,
    games: u64,
    seed: Option<u64>,
    pairs: &[String],
    players: &str,
    out: Option<&std::path::Path>,
) -> Result<std::process::ExitCode> {
    use anyhow::Context;
    use std::io::Write;
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let opts = crate::options::to_json(pairs)?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let to_stdout = out.is_some_and(|p| p.as_os_str() == "-");
    let jsonl = games > 1 || out.is_some_and(|p| p.extension().is_some_and(|e| e == "jsonl"));
    // The output is opened once the first game has been played, that is once the options and
    // the players have been accepted: a mistyped option never empties an existing file.
    let open = || out.map(crate::output::writer).transpose();
    let mut w: Option<Box<dyn Write>> = None;
    let start = std::time::Instant::now();
    let mut wins: std::collections::BTreeMap<u8, u64> = Default::default();
    let mut deals = 0usize;
    for i in 0..games {
        let (rec, winner, n) = simulate_one(game, &opts, players, seed.wrapping_add(i))?;
        if i == 0 {
            w = open()?;
        }
        if let Some(x) = winner {
            *wins.entry(x).or_default() += 1;
        }
        deals += n;
        if let Some(w) = w.as_mut() {
            let text = if jsonl {
                rec.to_json_line()
            } else {
                rec.to_json_pretty()
            };
            writeln!(w, "{text}").context("cannot write the record")?;
        }
    }
    if let Some(mut w) = w {
        w.flush().context("cannot write the records")?;
    }
    let who = if game == "differenzler" {
        "seat"
    } else {
        "team"
    };
    let report = format!(
        "{games} game(s) of {game}, seed {seed}, players {players}\nwins: {}\ndeals: {deals} ({:.1} per game)\ntime: {:.2} s{}{}",
        wins.iter().map(|(k, v)| format!("{who} {k}: {v}")).collect::<Vec<_>>().join(", "),
        deals as f64 / games as f64,
        start.elapsed().as_secs_f64(),
        crate::seats::summary(players),
        match out {
            Some(p) if !to_stdout => format!("\nrecords: {}", p.display()),
            _ => String::new(),
        }
    );
    if to_stdout {
        eprintln!("{report}");
    } else {
        println!("{report}");
    }
    Ok(std::process::ExitCode::SUCCESS)
}

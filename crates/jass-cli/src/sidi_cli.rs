//! Sidi Barrani on the command line: `jass show` for its records.

use std::fmt::Write as _;

use jass_core::sidi::{SidiRecord, SidiRecorded};
use jass_core::CardStyle;

use crate::record_text::{fallback_lines, hand, mode, trick_line, weis_line};

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
        match d.settled.contract {
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

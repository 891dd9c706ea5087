//! Differenzler on the command line: `jass show` for its records.

use std::fmt::Write as _;

use jass_core::differenzler::{DifferenzlerRecord, DifferenzlerRecorded};
use jass_core::CardStyle;

use crate::record_text::{card, fallback_lines, hand, mode, trick_line, weis_line};

pub fn show(rec: &DifferenzlerRecord, style: CardStyle, show_hands: bool) -> String {
    let mut o = String::new();
    let seats: Vec<&str> = rec.seats.iter().map(|s| s.name.as_str()).collect();
    let _ = writeln!(
        o,
        "Differenzler · {} deals · seed {} · seats {} · each for himself, {} announcements",
        rec.options.deals,
        rec.seed
            .map(|s| s.to_string())
            .unwrap_or_else(|| "none".into()),
        seats
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{i}: {s}"))
            .collect::<Vec<_>>()
            .join(", "),
        serde_json::to_value(rec.options.announcements)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    );
    for d in &rec.deals {
        let _ = writeln!(
            o,
            "\nDeal {} · dealer seat {} · forehand seat {} · trump {}{}",
            d.number,
            d.dealer,
            d.start.forehand,
            mode(d.cards.trump, style),
            d.cards
                .trump_card
                .map(|c| format!(" (turned card {})", card(c, style)))
                .unwrap_or_default()
        );
        if show_hands {
            for (s, h) in d.hands.iter().enumerate() {
                let _ = writeln!(o, "  hand {s}: {}", hand(*h, style));
            }
        }
        let mut in_trick = 0;
        let mut trick_no = 0;
        for e in &d.actions {
            let line = match e.action {
                DifferenzlerRecorded::Trump { trump } => {
                    format!("seat {} chooses {}", e.seat, mode(trump, style))
                }
                DifferenzlerRecorded::Announce { points } => {
                    format!("seat {} announces {points}", e.seat)
                }
                DifferenzlerRecorded::Weis { weis } => {
                    weis_line(e.seat, weis.iter().map(|w| w.cards()), style)
                }
                DifferenzlerRecorded::Stoeck {} => format!("  seat {} scores Stöck", e.seat),
                DifferenzlerRecorded::Play { .. } => {
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
        if let Some(s) = d.settled.weis_seat {
            let _ = writeln!(o, "  Weis counts for seat {s}");
        }
        let r = &d.result;
        for s in 0..4 {
            let _ = writeln!(
                o,
                "  seat {s}: announced {:>3}, took {:>3} (cards {}{}{}) → difference {:>3}, penalty {:>3}, total {:>4}",
                d.settled.announcements[s],
                r.taken[s],
                r.card_points[s],
                if r.weis[s] > 0 { format!(", Weis {}", r.weis[s]) } else { String::new() },
                if r.stoeck[s] > 0 { format!(", Stöck {}", r.stoeck[s]) } else { String::new() },
                r.difference[s],
                r.penalty[s],
                r.totals[s]
            );
        }
    }
    let r = &rec.result;
    let totals = r
        .totals
        .iter()
        .enumerate()
        .map(|(s, t)| format!("seat {s} {t}"))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = match r.winners.as_slice() {
        [] => writeln!(o, "The game is not finished: {totals}"),
        [w] => writeln!(
            o,
            "Game over: seat {w} wins with the lowest penalty · {totals}"
        ),
        ws => writeln!(
            o,
            "Game over: seats {} share the win with the lowest penalty · {totals}",
            ws.iter()
                .map(|w| w.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    o
}

//! Coiffeur on the command line: `jass show` for its records.

use std::fmt::Write as _;

use jass_core::coiffeur::CoiffeurRecord;
use jass_core::schieber::RecordedAction;
use jass_core::CardStyle;

use crate::record_text::{contract, fallback_lines, hand, trick_line, weis_line};

pub fn show(rec: &CoiffeurRecord, style: CardStyle, show_hands: bool) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Coiffeur · seed {} · teams 0+2 and 1+3 · {} contracts each",
        rec.seed
            .map(|s| s.to_string())
            .unwrap_or_else(|| "none".into()),
        rec.options.rows().len()
    );
    for d in &rec.deals {
        let _ = writeln!(
            o,
            "\nDeal {} · dealer seat {} · forehand seat {}",
            d.number, d.dealer, d.start.forehand
        );
        if show_hands {
            for (s, h) in d.hands.iter().enumerate() {
                let _ = writeln!(o, "  hand {s}: {}", hand(*h, style));
            }
        }
        for e in &d.actions {
            match e.action {
                RecordedAction::Schieben {} => {
                    let _ = writeln!(o, "  seat {} schiebt", e.seat);
                }
                RecordedAction::Contract { contract: c } => {
                    let _ = writeln!(
                        o,
                        "  seat {} chooses {} (×{})",
                        e.seat,
                        contract(c, style),
                        d.result.multiplier
                    );
                }
                RecordedAction::Weis { weis } if !weis.is_empty() => {
                    let items = weis.iter().map(|w| w.cards());
                    let _ = writeln!(o, "  {}", weis_line(e.seat, items, style));
                }
                RecordedAction::Stoeck {} => {
                    let _ = writeln!(o, "  seat {} announces Stöck", e.seat);
                }
                _ => {}
            }
        }
        fallback_lines(&mut o, &d.actions);
        for (i, t) in d.tricks.iter().enumerate() {
            let _ = writeln!(o, "  {}", trick_line(i + 1, t, style));
        }
        let r = &d.result;
        let _ = writeln!(
            o,
            "  points {}:{} (cards {}:{}, Weis {}:{}, Stöck {}:{}) → team {} writes {} × {} = {} for {} · lists {}:{}",
            r.points[0], r.points[1], r.card_points[0], r.card_points[1], r.weis[0], r.weis[1], r.stoeck[0], r.stoeck[1],
            r.team, r.points[r.team as usize], r.multiplier, r.written, contract(d.settled.contract, style), r.totals[0], r.totals[1]
        );
    }
    let r = &rec.result;
    let _ = match r.winner {
        Some(w) => writeln!(
            o,
            "Game over: team {w} wins {}:{}",
            r.totals[0], r.totals[1]
        ),
        None => writeln!(o, "Game over: a tie {}:{}", r.totals[0], r.totals[1]),
    };
    o
}

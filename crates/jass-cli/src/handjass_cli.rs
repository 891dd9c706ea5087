//! Handjass on the command line: `jass show` for its records.

use std::fmt::Write as _;

use jass_core::handjass::{HandjassDealRecord, HandjassRecord, RecordedAction};
use jass_core::CardStyle;

use crate::record_text::{card, fallback_lines, hand, trick_line, weis_line};

/// `jass show` for a Handjass record.
pub fn show(rec: &HandjassRecord, style: CardStyle, show_hands: bool) -> String {
    let mut o = String::new();
    let seats: Vec<String> = rec
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{i}: {}", s.name))
        .collect();
    let _ = writeln!(
        o,
        "Handjass for {} ({}) · to {} strokes, potato below {} · seed {} · seats {}",
        rec.options.players,
        serde_json::to_value(rec.options.preset)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        rec.options.target,
        rec.options.threshold,
        rec.seed
            .map(|s| s.to_string())
            .unwrap_or_else(|| "none".into()),
        seats.join(", ")
    );
    for d in &rec.deals {
        deal(&mut o, d, style, show_hands);
    }
    let r = &rec.result;
    let retired: Vec<String> = r.retired.iter().map(|s| s.to_string()).collect();
    match (r.loser, r.winner) {
        (_, Some(w)) => {
            let _ = writeln!(o, "\nGame over: seat {w} wins · slate {:?}", r.slate);
        }
        (Some(l), _) => {
            let _ = writeln!(
                o,
                "\nGame over: seat {l} loses · retired in order: {} · slate {:?}",
                retired.join(", "),
                r.slate
            );
        }
        (None, None) => {
            let _ = writeln!(
                o,
                "\nGame over without a single loser · slate {:?}",
                r.slate
            );
        }
    }
    o
}

fn deal(o: &mut String, d: &HandjassDealRecord, style: CardStyle, show_hands: bool) {
    let _ = writeln!(
        o,
        "\nDeal {} · dealer seat {} · Vorhand seat {} · at the table {:?} · {:?} · turned {} ({} trump)",
        d.number,
        d.dealer,
        d.start.vorhand,
        d.start.active,
        d.start.layout,
        card(d.cards.trump_card, style),
        d.cards.trump_card.suit().name(style)
    );
    if show_hands {
        for (s, h) in d.hands.iter().enumerate() {
            if let Some(h) = h {
                let _ = writeln!(o, "  hand {s}: {}", hand(*h, style));
            }
        }
        if let Some(b) = d.cards.blind {
            let _ = writeln!(o, "  blind: {}", hand(b, style));
        }
        if let Some(b) = d.cards.stock {
            let _ = writeln!(o, "  stock: {}", hand(b, style));
        }
        if let Some(bs) = &d.cards.bessern {
            for (s, b) in bs.iter().enumerate() {
                if let Some(b) = b {
                    let _ = writeln!(o, "  Bessern {s}: {}", hand(*b, style));
                }
            }
        }
    }
    let m = d.result.playing.len().max(1);
    let mut in_trick = 0;
    let mut trick_no = 0;
    for e in &d.actions {
        let line = match e.action {
            RecordedAction::Stay {} => format!("seat {} plays", e.seat),
            RecordedAction::Drop {} => format!("seat {} drops out", e.seat),
            RecordedAction::Blind {} => format!("seat {} takes the blind", e.seat),
            RecordedAction::ExchangeSix {} => format!(
                "seat {} exchanges the six of trumps for {}",
                e.seat,
                card(d.cards.trump_card, style)
            ),
            // Every eligible seat is asked, holder or not: the record does not say who held it.
            RecordedAction::KeepSix {} => format!("seat {} passes on the six exchange", e.seat),
            RecordedAction::Bessern {} => {
                format!("seat {} exchanges three cards for the Bessern", e.seat)
            }
            RecordedAction::KeepHand {} => format!("seat {} keeps the hand", e.seat),
            RecordedAction::Discard { card: c } => {
                format!("  seat {} discards {}", e.seat, card(c, style))
            }
            RecordedAction::Agree {} => format!("seat {} agrees to a stroke each", e.seat),
            RecordedAction::PlayOn {} => format!("seat {} wants the cards played", e.seat),
            RecordedAction::Weis { melds } => weis_line(e.seat, melds.iter().map(|m| m.0), style),
            RecordedAction::Stoeck {} => format!("  seat {} announces Stöck", e.seat),
            RecordedAction::Play { .. } => {
                in_trick += 1;
                if in_trick == m {
                    in_trick = 0;
                    trick_no += 1;
                    if let Some(t) = d.tricks.get(trick_no - 1) {
                        trick_line(trick_no, t, style)
                    } else {
                        continue;
                    }
                } else {
                    continue;
                }
            }
        };
        let _ = writeln!(o, "  {line}");
    }
    fallback_lines(o, &d.actions);
    let r = &d.result;
    if let Some(s) = r.survivor {
        let _ = writeln!(
            o,
            "  everyone else dropped out: seat {s} scores without play"
        );
    }
    if r.agreed {
        let _ = writeln!(o, "  the two players agreed a stroke each");
    }
    if let Some(w) = r.weis_seat {
        let _ = writeln!(o, "  Weis counts for seat {w}: {}", r.weis[w as usize]);
    }
    for t in &r.tie_draws {
        let _ = writeln!(o, "  tie: seat {} draws {}", t.seat, card(t.card, style));
    }
    let per: Vec<String> = r
        .playing
        .iter()
        .map(|&s| {
            let i = s as usize;
            let mut x = format!("seat {s}: {} points", r.points[i]);
            if r.strokes[i] > 0 {
                let _ = write!(x, ", {} stroke(s)", r.strokes[i]);
            }
            if r.potatoes[i] > 0 {
                let _ = write!(x, ", {} potato(es)", r.potatoes[i]);
            }
            if r.sacked.contains(&s) {
                x.push_str(", in the sack");
            }
            x
        })
        .collect();
    let _ = writeln!(
        o,
        "  result: {} · out of play {} · slate {:?}{}",
        per.join(" · "),
        r.dead_points,
        r.slate,
        if r.retired.is_empty() {
            String::new()
        } else {
            format!(" · retired: {:?}", r.retired)
        }
    );
}

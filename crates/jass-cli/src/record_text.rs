//! The text pieces of `jass show` that every game's record shares: cards and hands in the chosen
//! card style, a trick, and the actions a bot's fallback made.

use std::fmt::Write as _;

use jass_core::record::TrickRecord;
use jass_core::{Card, CardSet, CardStyle, Suit};

use crate::table::labels::Words;

/// A card by its long name: `Schellen Ass`, `Ace of diamonds`, ….
pub fn card(c: Card, style: CardStyle) -> String {
    c.long_name(style)
}

/// Cards by their long names, separated by commas.
pub fn cards(cs: &[Card], style: CardStyle) -> String {
    cs.iter()
        .map(|&c| card(c, style))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A hand grouped by suit, high cards first: `Schellen Ass König 9 | Rosen …`.
pub fn hand(h: CardSet, style: CardStyle) -> String {
    Suit::ALL
        .iter()
        .filter(|&&s| !h.of_suit(s).is_empty())
        .map(|&s| {
            let mut ranks: Vec<&str> = h.of_suit(s).iter().map(|c| c.rank().name(style)).collect();
            ranks.reverse();
            format!("{} {}", s.name(style), ranks.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Trick `number` (1-based) of a deal: who led, the cards, who took it and its points.
pub fn trick_line(number: usize, t: &TrickRecord, words: Words) -> String {
    words.t(
        "show_trick",
        &[
            ("n", &number),
            ("leader", &t.leader),
            ("cards", &cards(&t.cards, words.style)),
            ("winner", &t.winner),
            ("points", &t.points),
        ],
    )
}

/// One line for each action of a deal that a bot program's fallback made (the record marks them
/// with the reason): which entry, whose, what was played and why.
pub fn fallback_lines<E: serde::Serialize>(o: &mut String, entries: &[E], words: Words) {
    for (i, e) in entries.iter().enumerate() {
        let Ok(serde_json::Value::Object(mut m)) = serde_json::to_value(e) else {
            continue;
        };
        let Some(serde_json::Value::String(reason)) = m.remove("fallback") else {
            continue;
        };
        let seat = m.remove("seat").unwrap_or_default();
        let line = words.t(
            "show_fallback",
            &[
                ("n", &(i + 1)),
                ("seat_n", &seat),
                ("what", &serde_json::Value::Object(m)),
                ("reason", &reason),
            ],
        );
        let _ = writeln!(o, "  {line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn set(cards: &str) -> CardSet {
        CardSet::from_cards(cards.split_whitespace().map(c))
    }

    #[test]
    fn hands_group_by_suit_high_first_in_both_styles() {
        let h = set("D6 DA DJ HT C9");
        assert_eq!(
            hand(h, CardStyle::Swiss),
            "Schellen Ass Under 6 | Rosen Banner | Eicheln 9"
        );
        assert_eq!(
            hand(h, CardStyle::French),
            "Karo Ass Bube 6 | Herz 10 | Kreuz 9"
        );
        assert_eq!(hand(CardSet::EMPTY, CardStyle::Swiss), "");
    }

    #[test]
    fn a_trick_names_its_leader_cards_taker_and_points() {
        let t = TrickRecord {
            leader: 2,
            cards: vec![c("HA"), c("H6"), c("HT"), c("DJ")],
            winner: 2,
            points: 21,
        };
        assert_eq!(
            trick_line(4, &t, Words::english(CardStyle::Swiss)),
            "trick 4 (seat 2 leads): Rosen Ass, Rosen 6, Rosen Banner, Schellen Under → seat 2 takes 21 points"
        );
    }
}

//! The text pieces of `jass show` that every game's record shares: cards, hands and modes in the
//! chosen card style, a Weis declaration, a trick, and the actions a bot's fallback made.

use std::fmt::Write as _;

use jass_core::record::TrickRecord;
use jass_core::schieber::Contract;
use jass_core::{Card, CardSet, CardStyle, Mode, Suit};

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

/// A trump mode: the suit's name, `Obenabe` or `Undenufe`.
pub fn mode(m: Mode, style: CardStyle) -> String {
    match m {
        Mode::Trump(s) => s.name(style).to_string(),
        Mode::Obenabe => "Obenabe".into(),
        Mode::Undenufe => "Undenufe".into(),
    }
}

/// A Schieber or Coiffeur contract: `Schellen trump`, `Obenabe`, `Misère`, `Slalom (…)`.
pub fn contract(c: Contract, style: CardStyle) -> String {
    match c {
        Contract::Mode(Mode::Trump(s)) => format!("{} trump", s.name(style)),
        Contract::Mode(Mode::Obenabe) => "Obenabe".into(),
        Contract::Mode(Mode::Undenufe) => "Undenufe".into(),
        Contract::Misere => "Misère".into(),
        Contract::Slalom => "Slalom (Obenabe first)".into(),
        Contract::SlalomUndenufe => "Slalom (Undenufe first)".into(),
    }
}

/// A seat's Weis declaration, each item's cards high first: `seat 2 declares Weis: … + …`, or
/// `seat 2 declares no Weis`.
pub fn weis_line(seat: u8, items: impl IntoIterator<Item = CardSet>, style: CardStyle) -> String {
    let parts: Vec<String> = items
        .into_iter()
        .map(|set| cards(&set.sorted_high_first(), style))
        .collect();
    if parts.is_empty() {
        format!("seat {seat} declares no Weis")
    } else {
        format!("seat {seat} declares Weis: {}", parts.join(" + "))
    }
}

/// Trick `number` (1-based) of a deal: who led, the cards, who took it and its points.
pub fn trick_line(number: usize, t: &TrickRecord, style: CardStyle) -> String {
    format!(
        "trick {number} (seat {} leads): {} → seat {} takes {} points",
        t.leader,
        cards(&t.cards, style),
        t.winner,
        t.points
    )
}

/// One line for each action of a deal that a bot program's fallback made (the record marks them
/// with the reason): which entry, whose, what was played and why.
pub fn fallback_lines<E: serde::Serialize>(o: &mut String, entries: &[E]) {
    for (i, e) in entries.iter().enumerate() {
        let Ok(serde_json::Value::Object(mut m)) = serde_json::to_value(e) else {
            continue;
        };
        let Some(serde_json::Value::String(reason)) = m.remove("fallback") else {
            continue;
        };
        let seat = m.remove("seat").unwrap_or_default();
        let _ = writeln!(
            o,
            "  action {} by seat {seat} was the fallback's ({}): {reason}",
            i + 1,
            serde_json::Value::Object(m)
        );
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
    fn a_weis_names_each_item_high_first_or_says_there_is_none() {
        let items = [set("S8 S6 S7"), set("DJ HJ SJ CJ")];
        assert_eq!(
            weis_line(1, items, CardStyle::French),
            "seat 1 declares Weis: Pik 8, Pik 7, Pik 6 + Karo Bube, Herz Bube, Pik Bube, Kreuz Bube"
        );
        assert_eq!(
            weis_line(3, [], CardStyle::Swiss),
            "seat 3 declares no Weis"
        );
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
            trick_line(4, &t, CardStyle::Swiss),
            "trick 4 (seat 2 leads): Rosen Ass, Rosen 6, Rosen Banner, Schellen Under → seat 2 takes 21 points"
        );
        assert_eq!(mode(Mode::Trump(Suit::S), CardStyle::Swiss), "Schilten");
        assert_eq!(
            contract(Contract::Mode(Mode::Trump(Suit::H)), CardStyle::French),
            "Herz trump"
        );
        assert_eq!(
            contract(Contract::SlalomUndenufe, CardStyle::Swiss),
            "Slalom (Undenufe first)"
        );
        assert_eq!(mode(Mode::Undenufe, CardStyle::French), "Undenufe");
    }
}

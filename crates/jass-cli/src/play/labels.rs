//! How cards, contracts and actions read on the terminal table, in Swiss-German or French style.

use jass_core::{Card, CardStyle, Mode, Suit};
use serde_json::Value;

/// A card for people: `Rosen Ass` (Swiss) or `♥ Herz Ass` (French, with its symbol).
pub fn card_label(card: Card, style: CardStyle) -> String {
    match style {
        CardStyle::Swiss => card.long_name(style),
        CardStyle::French => format!("{} {}", card.suit().symbol(style), card.long_name(style)),
    }
}

/// A card given in notation (`"HA"`), or the text itself if it is not a card.
pub fn card_text(card: &str, style: CardStyle) -> String {
    card.parse::<Card>()
        .map(|c| card_label(c, style))
        .unwrap_or_else(|_| card.to_string())
}

/// A list of cards in notation.
pub fn cards_text(cards: &Value, style: CardStyle) -> String {
    match cards.as_array() {
        Some(list) => list
            .iter()
            .filter_map(Value::as_str)
            .map(|c| card_text(c, style))
            .collect::<Vec<_>>()
            .join(", "),
        None => String::new(),
    }
}

/// A trump mode or contract (`H`, `obenabe`, `misere`, …): `Trumpf Rosen`, `Obenabe`, ….
pub fn contract_label(contract: &str, style: CardStyle) -> String {
    match contract.parse::<Mode>() {
        Ok(Mode::Trump(s)) => format!("Trumpf {}", suit_label(s, style)),
        Ok(Mode::Obenabe) => "Obenabe".into(),
        Ok(Mode::Undenufe) => "Undenufe".into(),
        Err(_) => match contract {
            "misere" => "Misère".into(),
            "slalom" => "Slalom (Obenabe first)".into(),
            "slalom-undenufe" => "Slalom (Undenufe first)".into(),
            other => other.to_string(),
        },
    }
}

/// A suit: `Rosen` or `♥ Herz`.
pub fn suit_label(suit: Suit, style: CardStyle) -> String {
    match style {
        CardStyle::Swiss => suit.name(style).to_string(),
        CardStyle::French => format!("{} {}", suit.symbol(style), suit.name(style)),
    }
}

/// An action in record notation, as a person reads it.
pub fn action_label(action: &Value, style: CardStyle) -> String {
    let kind = action.get("action").and_then(Value::as_str).unwrap_or("?");
    let s = |k: &str| action.get(k).and_then(Value::as_str).unwrap_or("");
    let n = |k: &str| action.get(k).and_then(Value::as_u64).unwrap_or(0);
    match kind {
        "play" => card_text(s("card"), style),
        "discard" => format!("discard {}", card_text(s("card"), style)),
        "contract" => contract_label(s("contract"), style),
        "trump" => contract_label(s("trump"), style),
        "schieben" => "Schieben (partner chooses)".into(),
        "weis" => {
            let melds = action
                .get("weis")
                .or_else(|| action.get("melds"))
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            if melds.is_empty() {
                "no Weis".into()
            } else {
                let parts: Vec<String> = melds.iter().map(|m| cards_text(m, style)).collect();
                format!("Weis: {}", parts.join(" + "))
            }
        }
        "stoeck" => "Stöck".into(),
        "bid" => format!("bid {} {}", n("points"), contract_label(s("trump"), style)),
        "pass" => "pass".into(),
        "double" => "double".into(),
        "redouble" => "redouble".into(),
        "announce" => format!("announce {} points", n("points")),
        "stay" => "stay in".into(),
        "drop" => "drop out".into(),
        "blind" => "play blind".into(),
        "exchange-six" => "exchange the six for the turned card".into(),
        "keep-six" => "keep the six".into(),
        "bessern" => "bessern (exchange cards)".into(),
        "keep-hand" => "keep the hand".into(),
        "agree" => "agree".into(),
        "play-on" => "play on".into(),
        other => {
            let mut rest = action.clone();
            if let Some(m) = rest.as_object_mut() {
                m.remove("action");
            }
            if rest.as_object().is_some_and(|m| m.is_empty()) {
                other.to_string()
            } else {
                format!("{other} {rest}")
            }
        }
    }
}

/// A seat as the human sees it: `you`, `partner`, or `seat N`.
pub fn seat_label(seat: usize, human: usize, partners: bool) -> String {
    if seat == human {
        "you".into()
    } else if partners && seat % 2 == human % 2 {
        format!("partner (seat {seat})")
    } else {
        format!("seat {seat}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cards_and_actions_read_in_both_styles() {
        let ha: Card = "HA".parse().unwrap();
        assert_eq!(card_label(ha, CardStyle::Swiss), "Rosen Ass");
        assert!(card_label(ha, CardStyle::French).starts_with("♥ Herz"));
        assert_eq!(
            action_label(&json!({"action":"play","card":"S10"}), CardStyle::Swiss),
            "Schilten Banner"
        );
        assert_eq!(
            action_label(
                &json!({"action":"contract","contract":"D"}),
                CardStyle::Swiss
            ),
            "Trumpf Schellen"
        );
        assert_eq!(
            action_label(
                &json!({"action":"bid","points":60,"trump":"C"}),
                CardStyle::French
            ),
            "bid 60 Trumpf ♣ Kreuz"
        );
        assert_eq!(
            action_label(&json!({"action":"weis","weis":[]}), CardStyle::Swiss),
            "no Weis"
        );
        assert_eq!(
            action_label(&json!({"action":"announce","points":45}), CardStyle::Swiss),
            "announce 45 points"
        );
        assert_eq!(
            action_label(&json!({"action":"mystery","x":1}), CardStyle::Swiss),
            "mystery {\"x\":1}"
        );
        assert_eq!(seat_label(2, 0, true), "partner (seat 2)");
        assert_eq!(seat_label(2, 0, false), "seat 2");
    }
}

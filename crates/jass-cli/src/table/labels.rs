//! How cards, contracts and actions read on the terminal table and in `jass show`, in
//! Swiss-German or French card names, in the words of the chosen phrase book
//! (`crates/jass-table/phrases/<language>.json` with each game's phrases, `jass_table::phrases`).

use std::fmt::Display;

use jass_core::{Card, CardStyle, Mode, Suit};
use jass_table::PhraseBook;
use serde_json::Value;

/// The words of the terminal and of `jass show`: the phrase book of the chosen language and the
/// card names.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// The phrase book.
    pub book: &'static PhraseBook,
    /// The card names.
    pub style: CardStyle,
}

impl Words {
    /// English words (the tests' and the default when no German is asked for).
    pub fn english(style: CardStyle) -> Words {
        Words {
            book: PhraseBook::english(),
            style,
        }
    }

    /// `key` of the book, its `{name}`s filled by `args` (already in words, or numbers).
    pub fn t(&self, key: &str, args: &[(&str, &dyn Display)]) -> String {
        let mut phrase = serde_json::Map::new();
        phrase.insert("key".into(), key.into());
        for (name, value) in args {
            debug_assert!(*name != "key", "`key` names the phrase, not an argument");
            phrase.insert((*name).into(), Value::String(value.to_string()));
        }
        self.book.say_json(&Value::Object(phrase), &|_, _| None)
    }
}

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
pub fn contract_label(contract: &str, words: Words) -> String {
    match contract.parse::<Mode>() {
        Ok(Mode::Trump(s)) => words.t("tty_trump_suit", &[("suit", &suit_label(s, words.style))]),
        _ if words.book.has(&format!("mode_{contract}")) => {
            words.t(&format!("mode_{contract}"), &[])
        }
        _ => contract.to_string(),
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
pub fn action_label(action: &Value, words: Words) -> String {
    let style = words.style;
    let kind = action.get("action").and_then(Value::as_str).unwrap_or("?");
    let s = |k: &str| action.get(k).and_then(Value::as_str).unwrap_or("");
    let n = |k: &str| action.get(k).and_then(Value::as_u64).unwrap_or(0);
    match kind {
        "play" => card_text(s("card"), style),
        "contract" => contract_label(s("contract"), words),
        "trump" => contract_label(s("trump"), words),
        "weis" => {
            let melds = action
                .get("weis")
                .or_else(|| action.get("melds"))
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            if melds.is_empty() {
                words.t("act_no_weis", &[])
            } else {
                let parts: Vec<String> = melds.iter().map(|m| cards_text(m, style)).collect();
                words.t("act_weis", &[("melds", &parts.join(" + "))])
            }
        }
        "stoeck" => words.t("stoeck", &[]),
        // A bid names its points and trump (Sidi Barrani) or its points alone (Bieter).
        "bid" if action.get("trump").is_none() => {
            words.t("act_bid_points", &[("points", &n("points"))])
        }
        "bid" => words.t(
            "act_bid",
            &[
                ("points", &n("points")),
                ("mode", &contract_label(s("trump"), words)),
            ],
        ),
        "announce" => words.t("act_announce", &[("points", &n("points"))]),
        // Every other action by its phrase `act_<kind>`, its fields the phrase's arguments, cards
        // and modes in words (`discard {card}`): a game's new action needs only its phrase.
        other if words.book.has(&format!("act_{other}")) => {
            let mut phrase = action.as_object().cloned().unwrap_or_default();
            phrase.remove("action");
            phrase.insert("key".into(), format!("act_{other}").into());
            words
                .book
                .say_json(&Value::Object(phrase), &|name, value| match name {
                    "card" => value.as_str().map(|c| card_text(c, style)),
                    "cards" => Some(cards_text(value, style)),
                    "mode" | "contract" | "trump" => {
                        value.as_str().map(|m| contract_label(m, words))
                    }
                    _ => None,
                })
        }
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
pub fn seat_label(seat: usize, human: usize, partners: bool, words: Words) -> String {
    if seat == human {
        words.t("tty_you", &[])
    } else if partners && seat % 2 == human % 2 {
        words.t("tty_partner", &[("n", &seat)])
    } else {
        words.t("tty_seat", &[("n", &seat)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn en(style: CardStyle) -> Words {
        Words::english(style)
    }

    #[test]
    fn cards_and_actions_read_in_both_styles() {
        let ha: Card = "HA".parse().unwrap();
        assert_eq!(card_label(ha, CardStyle::Swiss), "Rosen Ass");
        assert!(card_label(ha, CardStyle::French).starts_with("♥ Herz"));
        assert_eq!(
            action_label(&json!({"action":"play","card":"S10"}), en(CardStyle::Swiss)),
            "Schilten Banner"
        );
        assert_eq!(
            action_label(
                &json!({"action":"contract","contract":"D"}),
                en(CardStyle::Swiss)
            ),
            "Trumpf Schellen"
        );
        assert_eq!(
            action_label(
                &json!({"action":"bid","points":60,"trump":"C"}),
                en(CardStyle::French)
            ),
            "bid 60 Trumpf ♣ Kreuz"
        );
        assert_eq!(
            action_label(&json!({"action":"weis","weis":[]}), en(CardStyle::Swiss)),
            "no Weis"
        );
        assert_eq!(
            action_label(
                &json!({"action":"announce","points":45}),
                en(CardStyle::Swiss)
            ),
            "announce 45 points"
        );
        assert_eq!(
            action_label(&json!({"action":"mystery","x":1}), en(CardStyle::Swiss)),
            "mystery {\"x\":1}"
        );
        assert_eq!(
            seat_label(2, 0, true, en(CardStyle::Swiss)),
            "partner (seat 2)"
        );
        assert_eq!(seat_label(2, 0, false, en(CardStyle::Swiss)), "seat 2");
    }

    #[test]
    fn an_action_with_fields_reads_by_its_phrase_alone() {
        let swiss = en(CardStyle::Swiss);
        assert_eq!(
            action_label(&json!({"action":"discard","card":"S10"}), swiss),
            "discard Schilten Banner"
        );
        // A game's own action: its phrase names the fields, cards and modes worded.
        let book: &'static PhraseBook = Box::leak(Box::new(
            PhraseBook::parse(r#"{"act_swap": "swap {card} for {cards}, {mode}, {n}"}"#).unwrap(),
        ));
        let words = Words {
            book,
            style: CardStyle::Swiss,
        };
        assert_eq!(
            action_label(
                &json!({"action":"swap","card":"HA","cards":["S6","C7"],"mode":"obenabe","n":2}),
                words
            ),
            "swap Rosen Ass for Schilten 6, Eicheln 7, obenabe, 2"
        );
    }

    #[test]
    fn the_german_book_words_the_actions_and_seats() {
        let de = Words {
            book: PhraseBook::language("de").unwrap(),
            style: CardStyle::Swiss,
        };
        let label = |a: Value| action_label(&a, de);
        assert_eq!(
            label(json!({"action":"schieben"})),
            "Schieben (der Partner wählt)"
        );
        assert_eq!(label(json!({"action":"weis","weis":[]})), "kein Weis");
        assert_eq!(
            label(json!({"action":"bid","points":60,"trump":"C"})),
            "60 Trumpf Eicheln bieten"
        );
        assert_eq!(label(json!({"action":"stay"})), "drinbleiben");
        assert_eq!(
            label(json!({"action":"contract","contract":"slalom"})),
            "Slalom (Obenabe zuerst)"
        );
        assert_eq!(seat_label(0, 0, true, de), "du");
        assert_eq!(seat_label(2, 0, true, de), "Partner (Platz 2)");
    }
}

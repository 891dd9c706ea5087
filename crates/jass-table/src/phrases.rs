//! The phrase books: every word the table view ([`crate::view`]) and the verdict say, and every
//! other text of the browser, the terminal table and `jass show`, written once per language in
//! `crates/jass-table/phrases/<language>.json` (a flat object, key → template; English and
//! German, with the same keys and placeholders).
//! The terminal and `jass show` read it here; the server serves the same files to the browser
//! (`/assets/phrases/<language>.json`), whose `app.js` fills them by the same rules:
//!
//! - `{name}` in a template is the phrase's argument `name`;
//! - an argument that is a phrase (an object with a `key`) is worded first, from the same book;
//! - the front end words the arguments it knows how to name, by name: `mode` (a trump mode or
//!   contract, in the chosen card names), `card`, `seat` and `seats` (seat names), `side` (a team
//!   or a seat, from the viewer's side); every other argument is written as it is, a list joined
//!   by commas;
//! - a key missing from the book is written as the key (the conformance suite checks that every
//!   key the games use is in every book).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde_json::Value;

use crate::view::Phrase;

/// The books: (language, the JSON text). English first: the book of the tests and machines.
/// A language is added by its book here (with every key of `en.json` and the same placeholders,
/// which a test checks) and in the language switch of the browser (`LANGUAGES` in `app.js`).
pub const BOOKS: &[(&str, &str)] = &[
    ("en", include_str!("../phrases/en.json")),
    ("de", include_str!("../phrases/de.json")),
];

/// One language's phrases.
#[derive(Debug)]
pub struct PhraseBook {
    templates: BTreeMap<String, String>,
}

impl PhraseBook {
    /// The English book (of the tests and machines; the default of the front ends).
    pub fn english() -> &'static PhraseBook {
        PhraseBook::language("en").expect("the English book is built in")
    }

    /// The book of `language` (`en`, `de`), if there is one.
    pub fn language(language: &str) -> Option<&'static PhraseBook> {
        static LOADED: OnceLock<Vec<PhraseBook>> = OnceLock::new();
        let books = LOADED.get_or_init(|| {
            BOOKS
                .iter()
                .map(|(lang, text)| {
                    PhraseBook::parse(text)
                        .unwrap_or_else(|e| panic!("phrases/{lang}.json is not valid: {e}"))
                })
                .collect()
        });
        let i = BOOKS.iter().position(|(lang, _)| *lang == language)?;
        Some(&books[i])
    }

    /// The languages of the books, in their order (`en` first).
    pub fn languages() -> impl Iterator<Item = &'static str> {
        BOOKS.iter().map(|(lang, _)| *lang)
    }

    /// A book from its JSON text.
    pub fn parse(text: &str) -> Result<PhraseBook, String> {
        let templates: BTreeMap<String, String> =
            serde_json::from_str(text).map_err(|e| format!("a phrase book: {e}"))?;
        Ok(PhraseBook { templates })
    }

    /// Whether the book has `key`.
    pub fn has(&self, key: &str) -> bool {
        self.templates.contains_key(key)
    }

    /// The keys of the book.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.templates.keys().map(String::as_str)
    }

    /// The template of `key`, as written in the book.
    pub fn template(&self, key: &str) -> Option<&str> {
        self.templates.get(key).map(String::as_str)
    }

    /// `phrase` in words; `name(arg, value)` words the arguments the front end knows (modes,
    /// cards, seats, sides), `None` for the rest.
    pub fn say(&self, phrase: &Phrase, name: &dyn Fn(&str, &Value) -> Option<String>) -> String {
        let value = serde_json::to_value(phrase).expect("phrases serialize");
        self.say_json(&value, name)
    }

    /// A phrase given as JSON (`{"key": …, args…}`) in words.
    pub fn say_json(
        &self,
        phrase: &Value,
        name: &dyn Fn(&str, &Value) -> Option<String>,
    ) -> String {
        let key = phrase["key"].as_str().unwrap_or("?");
        let Some(template) = self.templates.get(key) else {
            return key.to_string();
        };
        let mut out = String::new();
        let mut rest = template.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let Some(close) = rest[open..].find('}') else {
                break;
            };
            let arg = &rest[open + 1..open + close];
            out.push_str(&self.argument(arg, &phrase[arg], name));
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        out
    }

    fn argument(
        &self,
        arg: &str,
        value: &Value,
        name: &dyn Fn(&str, &Value) -> Option<String>,
    ) -> String {
        if value.get("key").is_some() {
            return self.say_json(value, name);
        }
        if let Some(words) = name(arg, value) {
            return words;
        }
        match value {
            Value::String(s) => s.clone(),
            Value::Array(items) => items
                .iter()
                .map(|v| self.argument(arg, v, name))
                .collect::<Vec<_>>()
                .join(", "),
            Value::Null => "?".into(),
            other => other.to_string(),
        }
    }
}

/// Plain names for the arguments: seats as `seat N`, sides as `team N` or `seat N`, modes and
/// cards in notation (for tests and machines; the front ends name them for people).
pub fn plain_names(teams: bool) -> impl Fn(&str, &Value) -> Option<String> {
    move |arg, value| {
        let n = value.as_u64();
        match (arg, n) {
            ("seat" | "seats", Some(s)) => Some(format!("seat {s}")),
            ("side", Some(s)) if teams => Some(format!("team {s}")),
            ("side", Some(s)) => Some(format!("seat {s}")),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The placeholders of a template, `{name}`, sorted, each once.
    fn placeholders(template: &str) -> Vec<&str> {
        let mut names: Vec<&str> = template
            .split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}').map(|(name, _)| name))
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    #[test]
    fn every_book_has_the_english_keys_with_their_placeholders() {
        let english = PhraseBook::english();
        for lang in PhraseBook::languages() {
            let book = PhraseBook::language(lang).unwrap();
            for key in english.keys() {
                let (Some(en), Some(other)) = (english.template(key), book.template(key)) else {
                    panic!("phrases/{lang}.json lacks `{key}`");
                };
                assert!(
                    !placeholders(en).contains(&"key"),
                    "`{key}`: `{{key}}` is the phrase's key, not an argument"
                );
                assert_eq!(
                    placeholders(en),
                    placeholders(other),
                    "`{key}`: the placeholders of phrases/{lang}.json are not those of en.json"
                );
            }
            let extra: Vec<&str> = book.keys().filter(|k| !english.has(k)).collect();
            assert!(
                extra.is_empty(),
                "phrases/{lang}.json has keys en.json lacks: {extra:?}"
            );
        }
        assert_eq!(placeholders("{a} x {b}{a}"), ["a", "b"]);
        assert!(PhraseBook::language("xx").is_none());
    }

    #[test]
    fn arguments_and_nested_phrases_are_filled_in() {
        let book = PhraseBook::parse(
            r#"{"won": "won by {side}: {total} {unit}", "unit_points": "points", "safe": "safe: {seats}"}"#,
        )
        .unwrap();
        let p = Phrase::new("won")
            .with("side", 1)
            .with("total", 1012)
            .with_phrase("unit", Phrase::new("unit_points"));
        assert_eq!(
            book.say(&p, &plain_names(true)),
            "won by team 1: 1012 points"
        );
        let safe = Phrase::new("safe").with("seats", vec![2, 0]);
        assert_eq!(book.say(&safe, &plain_names(false)), "safe: seat 2, seat 0");
        assert_eq!(book.say(&Phrase::new("nope"), &plain_names(false)), "nope");
    }
}

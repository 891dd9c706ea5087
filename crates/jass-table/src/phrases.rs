//! The phrase books: every word the table view ([`crate::view`]) and the verdict say, and every
//! other text of the browser, the terminal table and `jass show`, one book per language (English
//! and German, with the same keys and placeholders). A language's book is merged from two kinds
//! of files:
//!
//! - the common book, `crates/jass-table/phrases/<language>.json` (a flat object, key →
//!   template): the words of the code written once for every game (the verdict, the helpers of
//!   `games/mod.rs`, the page, the terminal table, `jass show`, card, suit and mode names, the
//!   actions more than one game has);
//! - each game's own phrases, beside its registry entry: `games/<game>/phrases.json`, declared by
//!   the entry as [`TableGame::PHRASES`], of the form `{"en": {key: template, …}, "de": {…}}`
//!   (both languages in one file, every language with the same keys and placeholders): the words
//!   of its facts, score lines and slate that no other game says, and the names of the actions
//!   only it has (`act_<kind>`, `ui_act_<kind>`, `ui_btn_<kind>`, `ui_prompt_<kind>`). A game
//!   without words of its own declares nothing.
//!
//! A key is a game's own when only its entry (`games/<game>.rs` and its folder) says it, or when
//! it is built from an action kind only that game has (Handjass's `act_bessern`, Sidi Barrani's
//! `ui_btn_redouble`). A key that code shared by the games names stays common, even where one
//! game alone says it today (`games/mod.rs`, `adapter.rs`, jass-cli's table and labels, `app.js`
//! by name: `act_bid`, `act_discard`, `ui_act_announce`, `col_taken`, `row_total`, …); so do the
//! words of an action kind two games have (`schieben`: Schieber and Coiffeur).
//!
//! A key belongs to one file. The merge ([`merge`]) refuses a key that two files (the common
//! book and a game, or two games) word differently in a language; the same key worded alike in
//! both is taken once (two games may share a word that is not common), but a key is best kept in
//! one place: a word two games need belongs in the common book. A game may not add a language
//! the common books do not have. Tests check that the merged books have the same keys and
//! placeholders in every language, and so does every game's file.
//!
//! The terminal and `jass show` read the merged books here; the server serves the same merged
//! books to the browser (`/assets/phrases/<language>.json`, [`PhraseBook::json`]), whose `app.js`
//! fills them by the same rules:
//!
//! - `{name}` in a template is the phrase's argument `name`;
//! - an argument that is a phrase (an object with a `key`) is worded first, from the same book;
//! - the front end words the arguments it knows how to name, by name: `mode` (a trump mode or
//!   contract, in the chosen card names), `card` and `cards` (a card or a list of them in the
//!   chosen card names), `seat` and `seats` (seat names), `side` (a team
//!   or a seat, from the viewer's side); every other argument is written as it is, a list joined
//!   by commas;
//! - a key missing from the book is written as the key (the conformance suite checks that every
//!   key the games use, and the words of every legal action, are in every book).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde_json::Value;

use crate::adapter::TableGame;
use crate::registry::{GameKind, GameVisitor};
use crate::view::Phrase;

/// The common books: (language, the JSON text). English first: the book of the tests and
/// machines. A language is added by its book here (with every key of `en.json` and the same
/// placeholders, which a test checks), by its part in every game's `phrases.json`, and in the
/// language switch of the browser (`LANGUAGES` in `app.js`). What the front ends read is the
/// merged book, [`PhraseBook::language`].
pub const COMMON_BOOKS: &[(&str, &str)] = &[
    ("en", include_str!("../phrases/en.json")),
    ("de", include_str!("../phrases/de.json")),
];

/// Every registered game's own phrases: (the game's name, its [`TableGame::PHRASES`]), in the
/// registry's order.
pub fn game_phrases() -> Vec<(&'static str, &'static str)> {
    struct Of;
    impl GameVisitor for Of {
        type Output = (&'static str, &'static str);
        fn visit<G: TableGame>(self) -> Self::Output {
            (G::NAME, G::PHRASES)
        }
    }
    GameKind::ALL.iter().map(|kind| kind.visit(Of)).collect()
}

/// A book's phrases: key → template.
pub type Templates = BTreeMap<String, String>;

/// The book of every language: its common book (`common`: language, JSON text) with the phrases
/// of every game of `games` (the game's name, its phrases' JSON text: `{language: {key:
/// template}}`) of that language, in the order of `common`. An error names a file that is not
/// valid, a game's language no common book has, or a key two files word differently.
pub fn merge<'a>(
    common: &[(&'a str, &str)],
    games: &[(&str, &str)],
) -> Result<Vec<(&'a str, Templates)>, String> {
    let mut books = Vec::new();
    // Per language: the file each key comes from.
    let mut sources: Vec<BTreeMap<String, String>> = Vec::new();
    for (lang, text) in common {
        let book: Templates = serde_json::from_str(text)
            .map_err(|e| format!("phrases/{lang}.json is not valid: {e}"))?;
        let source = format!("phrases/{lang}.json");
        sources.push(book.keys().map(|k| (k.clone(), source.clone())).collect());
        books.push((*lang, book));
    }
    for (game, text) in games {
        let file = format!("{game}'s phrases.json");
        let langs: BTreeMap<String, Templates> =
            serde_json::from_str(text).map_err(|e| format!("{file} is not valid: {e}"))?;
        for (lang, phrases) in langs {
            let Some(i) = books.iter().position(|(l, _)| *l == lang) else {
                return Err(format!(
                    "{file} has the language `{lang}`, which has no common book (phrases/{lang}.json)"
                ));
            };
            for (key, template) in phrases {
                if let Some(before) = books[i].1.get(&key) {
                    if *before != template {
                        return Err(format!(
                            "`{key}` ({lang}) is worded twice, differently: `{before}` in {} and `{template}` in {file}",
                            sources[i][&key]
                        ));
                    }
                    continue;
                }
                sources[i].insert(key.clone(), file.clone());
                books[i].1.insert(key, template);
            }
        }
    }
    Ok(books)
}

/// One language's phrases.
#[derive(Debug)]
pub struct PhraseBook {
    templates: Templates,
    json: OnceLock<String>,
}

impl PhraseBook {
    /// The English book (of the tests and machines; the default of the front ends).
    pub fn english() -> &'static PhraseBook {
        PhraseBook::language("en").expect("the English book is built in")
    }

    /// The book of `language` (`en`, `de`), if there is one: its common book with every game's
    /// phrases of the language ([`merge`]).
    pub fn language(language: &str) -> Option<&'static PhraseBook> {
        static LOADED: OnceLock<Vec<(&'static str, PhraseBook)>> = OnceLock::new();
        let books = LOADED.get_or_init(|| {
            merge(COMMON_BOOKS, &game_phrases())
                .unwrap_or_else(|e| panic!("the phrase books do not merge: {e}"))
                .into_iter()
                .map(|(lang, templates)| (lang, PhraseBook::of(templates)))
                .collect()
        });
        books
            .iter()
            .find(|(lang, _)| *lang == language)
            .map(|(_, book)| book)
    }

    /// The languages of the books, in their order (`en` first).
    pub fn languages() -> impl Iterator<Item = &'static str> {
        COMMON_BOOKS.iter().map(|(lang, _)| *lang)
    }

    /// A book from its JSON text.
    pub fn parse(text: &str) -> Result<PhraseBook, String> {
        let templates: Templates =
            serde_json::from_str(text).map_err(|e| format!("a phrase book: {e}"))?;
        Ok(PhraseBook::of(templates))
    }

    fn of(templates: Templates) -> PhraseBook {
        PhraseBook {
            templates,
            json: OnceLock::new(),
        }
    }

    /// The book as one JSON object (key → template), as the server serves it to the browser
    /// (`/assets/phrases/<language>.json`): written once, when first asked for.
    pub fn json(&self) -> &str {
        self.json
            .get_or_init(|| serde_json::to_string(&self.templates).expect("phrases serialize"))
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

    /// Whether the books of `file` (language, key → template; English first) have the same keys
    /// with the same placeholders in every language, and no `{key}` placeholder.
    fn agreement(file: &str, books: &[(&str, &Templates)]) -> Result<(), String> {
        let Some((first, english)) = books.first() else {
            return Ok(());
        };
        for (lang, book) in books {
            for (key, en) in *english {
                let Some(other) = book.get(key) else {
                    return Err(format!("{file}: `{lang}` lacks `{key}`"));
                };
                if placeholders(en).contains(&"key") {
                    return Err(format!(
                        "{file}: `{key}`: `{{key}}` is the phrase's key, not an argument"
                    ));
                }
                if placeholders(en) != placeholders(other) {
                    return Err(format!(
                        "{file}: `{key}`: the placeholders of `{lang}` are not those of `{first}`"
                    ));
                }
            }
            let extra: Vec<&String> = book.keys().filter(|k| !english.contains_key(*k)).collect();
            if !extra.is_empty() {
                return Err(format!(
                    "{file}: `{lang}` has keys `{first}` lacks: {extra:?}"
                ));
            }
        }
        Ok(())
    }

    /// A game's phrases by language, in the order of the common books.
    fn game_books(text: &str) -> Vec<(&'static str, Templates)> {
        let mut langs: BTreeMap<String, Templates> = serde_json::from_str(text).unwrap();
        PhraseBook::languages()
            .filter_map(|lang| langs.remove(lang).map(|book| (lang, book)))
            .collect()
    }

    #[test]
    fn every_book_has_the_english_keys_with_their_placeholders() {
        let books: Vec<(&str, Templates)> = PhraseBook::languages()
            .map(|lang| {
                let book = PhraseBook::language(lang).unwrap();
                let templates = book
                    .keys()
                    .map(|k| (k.to_string(), book.template(k).unwrap().to_string()))
                    .collect();
                (lang, templates)
            })
            .collect();
        let refs: Vec<(&str, &Templates)> = books.iter().map(|(l, b)| (*l, b)).collect();
        agreement("the merged books", &refs).unwrap();
        assert_eq!(PhraseBook::languages().next(), Some("en"));
        assert_eq!(placeholders("{a} x {b}{a}"), ["a", "b"]);
        assert!(PhraseBook::language("xx").is_none());
    }

    /// Every game's `phrases.json` has no language or every language, each with the same keys
    /// and placeholders; its keys are in the merged books with its templates.
    #[test]
    fn every_game_words_its_phrases_in_every_language() {
        let languages: Vec<&str> = PhraseBook::languages().collect();
        for (game, text) in game_phrases() {
            let books = game_books(text);
            let all: BTreeMap<String, Value> = serde_json::from_str(text).unwrap();
            assert_eq!(
                all.len(),
                books.len(),
                "{game}'s phrases.json has a language without a common book"
            );
            if books.is_empty() {
                continue;
            }
            let langs: Vec<&str> = books.iter().map(|(l, _)| *l).collect();
            assert_eq!(
                langs, languages,
                "{game}'s phrases.json words its phrases in {langs:?}, the books are {languages:?}"
            );
            let refs: Vec<(&str, &Templates)> = books.iter().map(|(l, b)| (*l, b)).collect();
            agreement(&format!("{game}'s phrases.json"), &refs).unwrap();
            for (lang, book) in &books {
                let merged = PhraseBook::language(lang).unwrap();
                for (key, template) in book {
                    assert_eq!(
                        merged.template(key),
                        Some(template.as_str()),
                        "{game}: {key}"
                    );
                }
            }
        }
        // The games' keys are not in the common books (each key in one file).
        let english = PhraseBook::english();
        assert!(english.has("sidi_bid_made") && english.has("act_bessern"));
        assert!(!COMMON_BOOKS[0].1.contains("\"sidi_bid_made\""));
    }

    #[test]
    fn a_language_that_lacks_a_key_or_a_placeholder_is_found() {
        let book = |pairs: &[(&str, &str)]| -> Templates {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let en = book(&[("won", "won by {side}"), ("pass", "pass")]);
        let de = book(&[("won", "gewonnen von {side}"), ("pass", "passen")]);
        assert!(agreement("x", &[("en", &en), ("de", &de)]).is_ok());
        let lacking = book(&[("won", "gewonnen von {side}")]);
        let e = agreement("x", &[("en", &en), ("de", &lacking)]).unwrap_err();
        assert!(e.contains("`de` lacks `pass`"), "{e}");
        let extra = book(&[("won", "von {side}"), ("pass", "passen"), ("x", "x")]);
        let e = agreement("x", &[("en", &en), ("de", &extra)]).unwrap_err();
        assert!(e.contains("has keys `en` lacks"), "{e}");
        let other = book(&[("won", "gewonnen von {seat}"), ("pass", "passen")]);
        let e = agreement("x", &[("en", &en), ("de", &other)]).unwrap_err();
        assert!(e.contains("placeholders"), "{e}");
        // The same on a game's file, as the test of every game reads it.
        let file = r#"{"en": {"won": "won by {side}"}, "de": {"won": "gewonnen"}}"#;
        let books = game_books(file);
        let refs: Vec<(&str, &Templates)> = books.iter().map(|(l, b)| (*l, b)).collect();
        assert!(agreement("g", &refs).is_err());
    }

    #[test]
    fn a_key_worded_twice_differently_is_refused() {
        let common = [
            ("en", r#"{"side": "{side}"}"#),
            ("de", r#"{"side": "{side}"}"#),
        ];
        let ok = merge(
            &common,
            &[
                ("a", r#"{"en": {"a_x": "x"}, "de": {"a_x": "X"}}"#),
                ("b", "{}"),
                // Worded alike: taken once.
                ("c", r#"{"en": {"a_x": "x", "side": "{side}"}}"#),
            ],
        )
        .unwrap();
        assert_eq!(ok[0].0, "en");
        assert_eq!(ok[0].1.len(), 2);
        assert_eq!(ok[1].1["a_x"], "X");
        // A game against the common book.
        let e = merge(&common, &[("a", r#"{"en": {"side": "the {side}"}}"#)]).unwrap_err();
        assert!(
            e.contains("`side` (en)") && e.contains("phrases/en.json"),
            "{e}"
        );
        // Two games.
        let e = merge(
            &common,
            &[
                ("a", r#"{"de": {"x": "eins"}}"#),
                ("b", r#"{"de": {"x": "zwei"}}"#),
            ],
        )
        .unwrap_err();
        assert!(
            e.contains("`x` (de)") && e.contains("a's phrases.json"),
            "{e}"
        );
        // A language without a common book, and a file that is not valid.
        assert!(merge(&common, &[("a", r#"{"fr": {"x": "x"}}"#)])
            .unwrap_err()
            .contains("`fr`"));
        assert!(merge(&common, &[("a", r#"{"en": ["x"]}"#)]).is_err());
        // The registry's books merge (what `PhraseBook::language` does).
        assert!(merge(COMMON_BOOKS, &game_phrases()).is_ok());
    }

    #[test]
    fn the_served_json_is_the_merged_book() {
        for lang in PhraseBook::languages() {
            let book = PhraseBook::language(lang).unwrap();
            let served: Templates = serde_json::from_str(book.json()).unwrap();
            assert_eq!(served.len(), book.keys().count());
            assert!(served.iter().all(|(k, v)| book.template(k) == Some(v)));
            assert!(std::ptr::eq(book.json(), book.json()));
        }
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

//! The language of the terminal table (`jass play`) and of `jass show` (and their card names,
//! `--cards`): `--lang de|en`, else the
//! locale of the environment (the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set: German
//! if it starts with `de`), else English. Every language is a phrase book of the registry
//! (`crates/jass-table/phrases/<language>.json` with each game's phrases, `jass_table::phrases`).

use jass_core::CardStyle;
use jass_table::PhraseBook;

/// `--cards`: the card names, `swiss` or `french`.
pub fn parse_style(s: &str) -> Result<CardStyle, String> {
    s.parse::<CardStyle>().map_err(|e| e.to_string())
}

/// `--lang`: a language that has a phrase book.
pub fn parse(s: &str) -> Result<&'static PhraseBook, String> {
    PhraseBook::language(s).ok_or_else(|| {
        let known: Vec<&str> = PhraseBook::languages().collect();
        format!(
            "no phrase book for `{s}`: the languages are {}",
            known.join(", ")
        )
    })
}

/// The book of `--lang` if given, else the one of the environment's locale.
pub fn book(flag: Option<&'static PhraseBook>) -> &'static PhraseBook {
    flag.unwrap_or_else(|| {
        let lang = of_locale(|k| std::env::var(k).ok());
        PhraseBook::language(lang).unwrap_or_else(PhraseBook::english)
    })
}

/// The language the locale variables ask for (`var` reads them): `de` when the first of
/// `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty starts with `de`, else `en`.
pub fn of_locale(var: impl Fn(&str) -> Option<String>) -> &'static str {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| var(k).filter(|v| !v.is_empty()));
    match locale {
        Some(l) if l.starts_with("de") => "de",
        _ => "en",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(vars: &[(&str, &str)]) -> &'static str {
        of_locale(|k| {
            vars.iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_locale_chooses_german_or_english() {
        assert_eq!(with(&[]), "en");
        assert_eq!(with(&[("LANG", "de_CH.UTF-8")]), "de");
        assert_eq!(with(&[("LANG", "C.UTF-8")]), "en");
        assert_eq!(with(&[("LANG", "de_CH.UTF-8"), ("LC_ALL", "C")]), "en");
        assert_eq!(with(&[("LANG", "en_GB"), ("LC_MESSAGES", "de_DE")]), "de");
        assert_eq!(with(&[("LC_ALL", ""), ("LANG", "de_AT")]), "de");
        assert!(parse("de").is_ok() && parse("en").is_ok());
        assert_eq!(
            parse("fr").unwrap_err(),
            "no phrase book for `fr`: the languages are en, de"
        );
    }
}

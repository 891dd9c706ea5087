//! Text from outside (players' names, bot programs' answers, records) on a terminal, in logs and
//! in lists of seats: the characters that must not pass raw, for every place that shows or takes
//! such text.

/// A character that must not be shown raw: a control character (a line break, an escape
/// sequence) garbles a line or drives the terminal; a bidirectional override or an invisible
/// character (U+202E, U+200B) makes a name look like another (`rule` + U+200B for the computer
/// player `rule`).
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

/// `s` with every [unsafe](is_unsafe) character written escaped (`\u{1b}`, `\r`, `\u{202e}`), so
/// that it shows as one line of visible characters.
pub fn escape_unsafe(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if is_unsafe(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Refuses a name that holds an [unsafe](is_unsafe) character: the error says which and where,
/// to follow "the name …" or "player `…` ".
pub fn refuse_unsafe(name: &str) -> Result<(), String> {
    match name.chars().enumerate().find(|&(_, c)| is_unsafe(c)) {
        None => Ok(()),
        Some((i, c)) => Err(format!(
            "holds a control or invisible character ({}, character {} of `{}`): use letters, digits, spaces and punctuation",
            c.escape_unicode(),
            i + 1,
            escape_unsafe(name)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_bidi_and_invisible_characters_are_escaped_and_refused() {
        let name = "a\u{1b}[31mb\r\nc\u{202e}d\u{200b}";
        assert_eq!(
            escape_unsafe(name),
            "a\\u{1b}[31mb\\r\\nc\\u{202e}d\\u{200b}"
        );
        assert!(!escape_unsafe(name).chars().any(is_unsafe));
        for bad in ["rule\u{200b}", "\u{202e}elur", "x\ty", "a\u{feff}"] {
            assert!(refuse_unsafe(bad).is_err(), "{bad:?}");
        }
        let e = refuse_unsafe("rule\u{200b}").unwrap_err();
        assert!(
            e.contains("\\u{200b}, character 5 of `rule\\u{200b}`"),
            "{e}"
        );
        for good in ["Anna", "Zoë Müller", "José", "李雷", "a-b_c (1)", "🂡"] {
            assert_eq!(refuse_unsafe(good), Ok(()), "{good}");
            assert_eq!(escape_unsafe(good), good);
        }
    }
}

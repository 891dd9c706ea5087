//! Which game, with which options: parsed from `key=value` pairs or JSON, checked by the game's own
//! option type, and written out in full (so a record or a table keeps its meaning).

use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::adapter::TableGame;
use crate::registry::{GameKind, GameVisitor};

/// A wrong game name or option: what was wrong and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

impl GameKind {
    /// The name in notation and in records.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Every option with its default, as JSON.
    pub fn default_options(self) -> Value {
        struct Defaults;
        impl GameVisitor for Defaults {
            type Output = Value;
            fn visit<G: TableGame>(self) -> Value {
                json_of(
                    &G::read_options(&Value::Object(Map::new())).expect("the defaults are valid"),
                )
            }
        }
        self.visit(Defaults)
    }

    /// The options records write only when set, with their defaults
    /// ([`TableGame::unwritten_defaults`]).
    pub fn unwritten_defaults(self) -> Vec<(&'static str, Value)> {
        struct Unwritten;
        impl GameVisitor for Unwritten {
            type Output = Vec<(&'static str, Value)>;
            fn visit<G: TableGame>(self) -> Self::Output {
                G::unwritten_defaults()
            }
        }
        self.visit(Unwritten)
    }

    /// Every option with its default, as JSON: [`GameKind::default_options`] and the options
    /// records write only when set ([`TableGame::unwritten_defaults`]). What `jass options` and
    /// the lobby's form list.
    pub fn listed_options(self) -> Value {
        self.with_unwritten(self.default_options())
    }

    /// `options` (as JSON, a preset's or the defaults) with every option records write only
    /// when set that they leave out, at its default.
    pub fn with_unwritten(self, mut options: Value) -> Value {
        if let Value::Object(map) = &mut options {
            for (key, value) in self.unwritten_defaults() {
                map.entry(key).or_insert(value);
            }
        }
        options
    }

    /// The game's named option sets ([`TableGame::presets`]).
    pub fn presets(self) -> Vec<(&'static str, Value)> {
        struct Presets;
        impl GameVisitor for Presets {
            type Output = Vec<(&'static str, Value)>;
            fn visit<G: TableGame>(self) -> Self::Output {
                G::presets()
            }
        }
        self.visit(Presets)
    }

    /// The option sets beyond the presets that open the game's rarer decisions
    /// ([`TableGame::coverage_options`]).
    pub fn coverage_options(self) -> Vec<Value> {
        struct Coverage;
        impl GameVisitor for Coverage {
            type Output = Vec<Value>;
            fn visit<G: TableGame>(self) -> Self::Output {
                G::coverage_options()
            }
        }
        self.visit(Coverage)
    }

    /// This game with these options (the keys given; the rest default), checked by the game.
    pub fn spec(self, options: &Value) -> Result<GameSpec, OptionsError> {
        struct Checked<'a>(&'a Value);
        impl GameVisitor for Checked<'_> {
            type Output = Result<Value, OptionsError>;
            fn visit<G: TableGame>(self) -> Self::Output {
                Ok(json_of(&G::read_options(self.0)?))
            }
        }
        Ok(GameSpec {
            kind: self,
            options: self.visit(Checked(options))?,
        })
    }
}

fn json_of<T: Serialize>(t: &T) -> Value {
    serde_json::to_value(t).expect("options serialize")
}

/// The options of game `G` from JSON (the keys given; the rest default), checked by the game.
pub fn checked_options<G: crate::TableGame>(options: &Value) -> Result<G::Options, OptionsError> {
    G::read_options(options)
}

/// Reads game `G`'s options from JSON (the keys given; the rest default) and checks them with the
/// type's own `validate`. `preset=NAME` starts from the named set of [`TableGame::presets`] (e.g.
/// Schieber's `tournament`), which the other keys given then override.
pub(crate) fn read_validated<G: TableGame>(
    options: &Value,
    validate: impl Fn(&G::Options) -> Result<(), String>,
) -> Result<G::Options, OptionsError> {
    let options = with_preset(G::NAME, options, &G::presets())?;
    let o: G::Options = parse_named(G::NAME, &options)?;
    validate(&o).map_err(|e| OptionsError(format!("bad {} option: {e}", G::NAME)))?;
    Ok(o)
}

/// `options` with its `preset` key (if any) replaced by that preset's options, under the keys
/// given beside it.
fn with_preset(
    game: &str,
    options: &Value,
    presets: &[(&'static str, Value)],
) -> Result<Value, OptionsError> {
    let Value::Object(given) = options else {
        return Ok(options.clone());
    };
    let Some(name) = given.get("preset") else {
        return Ok(options.clone());
    };
    let names = || {
        presets
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(name) = name.as_str() else {
        return Err(OptionsError(format!(
            "bad {game} option `preset={name}`: a preset is a name, one of {}",
            names()
        )));
    };
    let Some((_, preset)) = presets.iter().find(|(n, _)| *n == name) else {
        return Err(OptionsError(format!(
            "unknown {game} preset `{name}`: the presets are {}",
            names()
        )));
    };
    let mut merged = preset.as_object().cloned().unwrap_or_default();
    for (k, v) in given.iter().filter(|(k, _)| *k != "preset") {
        merged.insert(k.clone(), v.clone());
    }
    Ok(Value::Object(merged))
}

/// Reads a game's option type from JSON, naming the option at fault when one is wrong.
fn parse_named<T: DeserializeOwned>(game: &str, options: &Value) -> Result<T, OptionsError> {
    serde_json::from_value::<T>(options.clone()).map_err(|e| {
        if let Value::Object(map) = options {
            for (k, v) in map {
                let alone = |v: Value| {
                    serde_json::from_value::<T>(Value::Object(
                        [(k.clone(), v)].into_iter().collect(),
                    ))
                };
                if let Err(e1) = alone(v.clone()) {
                    // A name given as a number (`hundred=99`, read as JSON): the error of the
                    // name says what the names are ("unknown variant `99`, expected ..."), the
                    // number's only that a string was expected.
                    let named = match v {
                        Value::Number(_) | Value::Bool(_) => {
                            alone(Value::String(v.to_string())).err()
                        }
                        _ => None,
                    };
                    let why = named
                        .filter(|e| e.to_string().contains("variant"))
                        .unwrap_or(e1);
                    return OptionsError(format!(
                        "bad {game} option `{k}={v}`: {why} (`jass options {game}` lists them)"
                    ));
                }
            }
        }
        OptionsError(format!("bad {game} option: {e}"))
    })
}

impl GameKind {
    /// The options of the game called `name` (any of its names): a game called by the name of
    /// one of its presets starts from that preset unless `options` names one (`herzjass`:
    /// Schellenjass with hearts, 004: "If Schellenjass is played with French-suited cards,
    /// Hearts are chosen as the relevant suit, the game is then called Herzjass").
    pub fn named_options(self, name: &str, options: &Value) -> Value {
        let name = name.trim().to_ascii_lowercase();
        let mut options = options.clone();
        if name != self.name() && self.presets().iter().any(|(p, _)| *p == name) {
            if let Value::Object(given) = &mut options {
                given.entry("preset").or_insert(Value::String(name));
            }
        }
        options
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| {
                let info = k.info();
                info.name == s || info.aliases.contains(&s.as_str())
            })
            .ok_or_else(|| {
                let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
                format!("unknown game `{s}`: known games are {}", names.join(", "))
            })
    }
}

/// A game and its options, checked and written out in full.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSpec {
    /// The game.
    pub kind: GameKind,
    /// Every option of the game (JSON object of the game's option type).
    pub options: Value,
}

impl GameSpec {
    /// The game from its name and `key=value` pairs (a game named by one of its presets starts
    /// from that preset: [`GameKind::named_options`]).
    pub fn parse(game: &str, pairs: &[String]) -> Result<GameSpec, OptionsError> {
        let kind: GameKind = game.parse().map_err(OptionsError)?;
        kind.spec(&kind.named_options(game, &options_from_pairs(pairs)?))
    }

    /// The number of seats at the table under these options.
    pub fn seats(&self) -> usize {
        struct Seats<'a>(&'a GameSpec);
        impl GameVisitor for Seats<'_> {
            type Output = usize;
            fn visit<G: TableGame>(self) -> usize {
                G::options(self.0).map_or(4, |o| G::seat_count(&o))
            }
        }
        self.kind.visit(Seats(self))
    }
}

/// Turns `key=value` pairs into a JSON object; values are read as JSON where they parse
/// (numbers, true/false, objects) and as strings otherwise.
pub fn options_from_pairs(pairs: &[String]) -> Result<Value, OptionsError> {
    let mut map = Map::new();
    for p in pairs {
        let Some((k, v)) = p.split_once('=') else {
            return Err(OptionsError(format!(
                "option `{p}` has no value: write it as key=value, e.g. -o target=2500"
            )));
        };
        let k = k.trim().replace('-', "_");
        if k.is_empty() {
            return Err(OptionsError(format!(
                "option `{p}` has no name: write it as key=value, e.g. -o target=2500"
            )));
        }
        let v = v.trim();
        if let Some(dup) = duplicate_key(v) {
            return Err(OptionsError(format!(
                "option `{k}`: the key `{dup}` is given twice in {v}; give each key once"
            )));
        }
        let value =
            serde_json::from_str::<Value>(v).unwrap_or_else(|_| Value::String(v.to_string()));
        if map.insert(k.clone(), value).is_some() {
            return Err(OptionsError(format!("option `{k}` is given twice")));
        }
    }
    Ok(Value::Object(map))
}

/// The first key given twice in one object of the JSON `text` (at any depth), which parsing into
/// a `Value` would silently drop (the last one wins); `None` for anything else, JSON or not.
fn duplicate_key(text: &str) -> Option<String> {
    use serde::de::{Deserialize, Deserializer, Error, MapAccess, SeqAccess, Visitor};
    struct Unique;
    impl<'de> Deserialize<'de> for Unique {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(UniqueVisitor)
        }
    }
    struct UniqueVisitor;
    impl<'de> Visitor<'de> for UniqueVisitor {
        type Value = Unique;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Unique, A::Error> {
            let mut seen = std::collections::HashSet::new();
            while let Some(k) = m.next_key::<String>()? {
                if !seen.insert(k.clone()) {
                    return Err(A::Error::custom(format!("\u{0}{k}")));
                }
                m.next_value::<Unique>()?;
            }
            Ok(Unique)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Unique, A::Error> {
            while s.next_element::<Unique>()?.is_some() {}
            Ok(Unique)
        }
        fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_f64<E>(self, _: f64) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_unit<E>(self) -> Result<Unique, E> {
            Ok(Unique)
        }
    }
    let e = serde_json::from_str::<Unique>(text).err()?;
    let message = e.to_string();
    let key = message.strip_prefix('\u{0}')?;
    // serde_json appends " at line L column C".
    Some(
        key.rsplit_once(" at line ")
            .map_or(key, |(k, _)| k)
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_key_given_twice_in_an_option_value_is_refused() {
        let e = options_from_pairs(&[
            r#"multipliers={"D":2,"H":1,"S":2,"C":1,"obenabe":3,"undenufe":4,"misere":1,"slalom":1,"D":5}"#.into(),
        ])
        .unwrap_err();
        assert!(e.0.contains("the key `D` is given twice"), "{}", e.0);
        assert_eq!(duplicate_key(r#"{"a":{"b":1,"b":2}}"#), Some("b".into()));
        assert_eq!(duplicate_key(r#"[{"a":1},{"a":2}]"#), None);
        assert_eq!(duplicate_key("standard"), None);
        assert_eq!(duplicate_key(r#"{"a":1}"#), None);
    }

    /// 004: "If Schellenjass is played with French-suited cards, Hearts are chosen as the
    /// relevant suit, the game is then called Herzjass": the game called `herzjass` plays
    /// hearts unless its options say otherwise; by its own name it plays bells.
    #[test]
    fn a_game_called_by_a_presets_name_starts_from_that_preset() {
        let suit = |game: &str, pairs: &[&str]| {
            let pairs: Vec<String> = pairs.iter().map(|p| p.to_string()).collect();
            let spec = GameSpec::parse(game, &pairs).unwrap();
            assert_eq!(spec.kind, GameKind::Schellenjass);
            spec.options["suit"].as_str().unwrap().to_string()
        };
        assert_eq!(suit("herzjass", &[]), "H");
        assert_eq!(suit(" HerzJass", &["players=3"]), "H");
        assert_eq!(suit("herzjass", &["suit=D"]), "D");
        assert_eq!(suit("herzjass", &["preset=default"]), "D");
        assert_eq!(suit("schellenjass", &[]), "D");
        // A game's own name or an alias that names no preset changes nothing.
        let sidi = GameKind::Sidi;
        assert_eq!(sidi.named_options("sidi", &json!({})), json!({}));
        assert_eq!(
            sidi.named_options("sidi-barrani", &json!({"target": 1000})),
            json!({"target": 1000})
        );
    }

    #[test]
    fn a_preset_gives_the_keys_not_given() {
        let spec = GameSpec::parse(
            "schieber",
            &["preset=tournament".into(), "undenufe_eleven=ace".into()],
        )
        .unwrap();
        let o = &spec.options;
        assert_eq!(o["weis"], "none");
        assert_eq!(o["stoeck"], false);
        assert_eq!(o["target"], 1000);
        assert_eq!(o["multipliers"]["obenabe"], 1);
        assert_eq!(o["multipliers"]["D"], 1);
        // The key given beside the preset wins over the preset's.
        assert_eq!(o["undenufe_eleven"], "ace");
        assert_eq!(
            GameSpec::parse("schieber", &["preset=tournament".into()])
                .unwrap()
                .options["undenufe_eleven"],
            "six"
        );
        // Every preset that has a name (not a label such as Handjass's "000, four players":
        // Handjass names its presets in its core options, 000, parlett, …) is taken by it.
        for kind in GameKind::ALL {
            for (name, preset) in kind.presets() {
                if name.contains(' ') {
                    continue;
                }
                let by_name = kind.spec(&serde_json::json!({ "preset": name }));
                assert_eq!(
                    by_name.unwrap(),
                    kind.spec(&preset).unwrap(),
                    "{} {name}",
                    kind.name()
                );
            }
        }
    }

    #[test]
    fn a_name_given_as_a_number_is_refused_with_the_names() {
        // `-o hundred=99` reads 99 as a number: the message names the values, not a type.
        let e = GameSpec::parse("mittlere", &["hundred=99".into()]).unwrap_err();
        assert!(e.0.contains("unknown variant `99`"), "{}", e.0);
        assert!(e.0.contains("`100-or-more` or `over-100`"), "{}", e.0);
        // A number where a number is wanted is still told as its type.
        let e = GameSpec::parse("mittlere", &["deals=true".into()]).unwrap_err();
        assert!(e.0.contains("expected u32"), "{}", e.0);
    }

    #[test]
    fn an_unknown_preset_is_refused_with_the_known_ones() {
        let e = GameSpec::parse("schieber", &["preset=turnier".into()]).unwrap_err();
        assert!(e.0.contains("unknown schieber preset `turnier`"), "{}", e.0);
        assert!(e.0.contains("tournament"), "{}", e.0);
        let e = GameSpec::parse("sidi", &["preset=3".into()]).unwrap_err();
        assert!(e.0.contains("a preset is a name"), "{}", e.0);
    }

    #[test]
    fn pairs_become_typed_json() {
        let v = options_from_pairs(&[
            "target=2500".into(),
            "weis=large".into(),
            "misere=true".into(),
        ])
        .unwrap();
        assert_eq!(v["target"], 2500);
        assert_eq!(v["weis"], "large");
        assert_eq!(v["misere"], true);
        assert!(options_from_pairs(&["target".into()])
            .unwrap_err()
            .to_string()
            .contains("key=value"));
        assert!(options_from_pairs(&["a=1".into(), "a=2".into()]).is_err());
    }

    #[test]
    fn every_option_is_listed_and_the_unwritten_ones_at_their_defaults() {
        for kind in GameKind::ALL {
            let defaults = kind.default_options();
            let listed = kind.listed_options();
            for (key, value) in kind.unwritten_defaults() {
                let name = kind.name();
                assert!(
                    defaults.get(key).is_none(),
                    "{name}: {key} is written anyway"
                );
                assert_eq!(listed[key], value, "{name}: {key}");
                // The key is an option, and its listed value is the default: set to it, the
                // options are the defaults.
                let spec = kind
                    .spec(&serde_json::json!({ key: value }))
                    .unwrap_or_else(|e| panic!("{name}: {key} = {value}: {e}"));
                assert_eq!(spec.options, defaults, "{name}: {key} = {value}");
            }
            for (key, value) in defaults.as_object().unwrap() {
                assert_eq!(&listed[key], value, "{}: {key}", kind.name());
            }
        }
        // The options Schieber writes only when set are listed (the lines have no number of
        // their own: half the target).
        let listed = GameKind::Schieber.listed_options();
        assert_eq!(listed["first_lead"], "forehand");
        assert_eq!(listed["schneider_line"], Value::Null);
        assert_eq!(
            GameKind::Handjass.listed_options()["lone_player"],
            "strokes"
        );
    }

    #[test]
    fn specs_are_checked_and_written_out() {
        for kind in GameKind::ALL {
            let spec = kind.spec(&serde_json::json!({})).unwrap();
            assert_eq!(spec.options, kind.default_options(), "{}", kind.name());
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
        }
        let e = GameSpec::parse("schieber", &["target=abc".into()]).unwrap_err();
        assert!(e.0.contains("target"), "{e}");
        let e = GameSpec::parse("schieber", &["nonsense=1".into()]).unwrap_err();
        assert!(e.0.contains("nonsense"), "{e}");
        assert!(GameSpec::parse("poker", &[])
            .unwrap_err()
            .0
            .contains("known games"));
        let three = GameSpec::parse("handjass", &["players=3".into()]).unwrap();
        assert_eq!(three.seats(), 3);
        assert_eq!(GameSpec::parse("sidi", &[]).unwrap().seats(), 4);
    }
}

//! The registry of games: every game of the project, listed once, in [`games!`]'s one
//! invocation in `games/mod.rs`. Each game declares what the front ends need to know in its [`TableGame`]
//! impl (`games/*.rs`) and what its records hold in its `jass_core::record::RecordedGame` impl;
//! the list generates [`GameKind`] (which names it), [`GameKind::ALL`], [`GameKind::visit`] (the
//! one place that turns the name into the game's type, so that commands, the table and the
//! server are written once, generically over [`TableGame`]) and [`Record`], the record of any
//! game, read by its `game` field.
//!
//! A new game: its core module, its entry in `games/` (`games/<game>.rs`, with its players and
//! phrases in `games/<game>/`), and its line in the list in `games/mod.rs`
//! (docs/adding-a-game.md).

use serde::Deserialize;

use jass_core::record::{read_records, ReadError};

use crate::adapter::{TableGame, Verdict};

/// Code written once for every game: [`GameKind::visit`] calls [`GameVisitor::visit`] with the
/// game's type.
pub trait GameVisitor {
    /// What the visit gives.
    type Output;
    /// The work, for game `G`.
    fn visit<G: TableGame>(self) -> Self::Output;
}

/// Generates, from the one list of games in `games/mod.rs` (`Variant(module: Type)`, in the order
/// users see them), the entry modules (`mod module;`), the game's name ([`GameKind`]), the list
/// ([`GameKind::ALL`]), the dispatch to its type ([`GameKind::visit`]) and the record of any game
/// ([`Record`]).
macro_rules! games {
    ($($(#[$doc:meta])* $kind:ident($module:ident: $game:ty),)*) => {
        $(mod $module;)*

        /// A game of the project.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($(#[$doc])* $kind,)*
        }

        impl GameKind {
            /// Every game, in the order they are listed to users.
            pub const ALL: [GameKind; [$(stringify!($kind)),*].len()] = [$(GameKind::$kind),*];

            /// Runs `visitor` with this game's type.
            pub fn visit<V: $crate::registry::GameVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(GameKind::$kind => visitor.visit::<$game>(),)*
                }
            }
        }

        /// A record of any game: the game's own record (`jass_core::record::GameRecord`), told
        /// apart by its `game` field.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Record {
            $($(#[$doc])* $kind(::jass_core::record::GameRecord<$game>),)*
        }

        impl Record {
            /// Which game the record is of.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(Record::$kind(_) => GameKind::$kind,)*
                }
            }

            /// Re-plays the record through the engine (`jass_core::record::check`).
            pub fn check(&self) -> Result<(), ::jass_core::record::CheckError> {
                match self {
                    $(Record::$kind(r) => r.check(),)*
                }
            }

            /// The record with what engines before the fixes of issue 39 wrote otherwise than
            /// docs/records.md says put right, or `None` if nothing needed it: how such a
            /// record can still be shown. `jass check` names those fields.
            pub fn corrected(&self) -> Option<Record> {
                match self {
                    $(Record::$kind(r) => r.corrected().map(Record::$kind),)*
                }
            }

            /// Reads the record of game `kind` from a JSON value.
            pub(crate) fn of_kind(
                kind: GameKind,
                value: serde_json::Value,
            ) -> Result<Record, String> {
                match kind {
                    $(GameKind::$kind => {
                        ::jass_core::record::GameRecord::<$game>::from_value(value)
                            .map(Record::$kind)
                    })*
                }
            }
        }

        impl ::serde::Serialize for Record {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(Record::$kind(r) => r.serialize(s),)*
                }
            }
        }

        #[cfg(test)]
        mod listed_names {
            use super::GameKind;
            use $crate::TableGame;

            /// The name a record is read by is the name the registry gives the game.
            #[test]
            fn records_and_the_registry_name_every_game_alike() {
                use jass_core::record::RecordedGame;
                $(
                    assert_eq!(<$game as RecordedGame>::NAME, <$game as TableGame>::NAME);
                    // A record's other names are a subset of the command line's (`sidi`).
                    for alias in <$game as RecordedGame>::ALIASES {
                        assert!(<$game as TableGame>::ALIASES.contains(alias));
                    }
                    assert_eq!(<$game as TableGame>::KIND, GameKind::$kind);
                )*
            }
        }
    };
}
pub(crate) use games;

pub use crate::games::{GameKind, Record};

impl Record {
    /// The game's name (`sidi-barrani`).
    pub fn game(&self) -> &'static str {
        self.kind().name()
    }

    /// The record as one pretty JSON document.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }

    /// The record as one line of JSON.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("records serialize")
    }

    /// Reads one JSON document or many (JSON Lines, or documents one after another). Every record
    /// that cannot be read is reported with its position and the reason; the others are returned.
    pub fn read_all(text: &str) -> Vec<Result<Record, ReadError>> {
        Self::read_bytes(text.as_bytes())
    }

    /// Like [`Record::read_all`], from bytes that should be UTF-8 text: a record holding bytes
    /// that are not UTF-8 is reported, and the others are read.
    pub fn read_bytes(bytes: &[u8]) -> Vec<Result<Record, ReadError>> {
        read_records(bytes, false, Record::from_value)
    }

    /// Like [`Record::read_bytes`], refusing also what readers accept from people but the format
    /// does not allow: a card written otherwise than in its canonical form (`d10`, `DT`, `" D10"`
    /// for `D10`). For `jass check`.
    pub fn read_canonical(bytes: &[u8]) -> Vec<Result<Record, ReadError>> {
        read_records(bytes, true, Record::from_value)
    }

    /// Reads a record from a JSON value by its `game` field, with a clear message for what is
    /// wrong.
    pub fn from_value(value: serde_json::Value) -> Result<Record, String> {
        let kind = match value.get("game") {
            None => return Err("no `game` field: a record starts with {\"game\": \"schieber\", \"format\": \"jass-record\", ...}".into()),
            Some(serde_json::Value::String(game)) => game.parse::<GameKind>().map_err(|_| {
                let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
                format!("unknown game `{game}`: this engine knows {}", names.join(", "))
            })?,
            Some(other) => return Err(format!("`game` is {other}: it must be a game's name, e.g. \"schieber\"")),
        };
        Record::of_kind(kind, value)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Record::from_value(serde_json::Value::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// What the registry says of one game, without its types: for lists and help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameFacts {
    /// The name in notation ([`TableGame::NAME`]).
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// The name for people.
    pub title: &'static str,
    /// True if the game is played in teams of seats `s`, `s + 2`.
    pub teams: bool,
    /// What each option's values mean ([`TableGame::OPTIONS_HELP`]).
    pub options_help: &'static str,
    /// Whether hints can value every card ([`TableGame::SCHIEBER_CARD_PLAY`]).
    pub schieber_card_play: bool,
    /// Why `jass solve --race` does not apply to the game's deals, if it does not
    /// ([`TableGame::SOLVE_RACE_REFUSED`]).
    pub solve_race_refused: Option<&'static str>,
}

struct Info;
impl GameVisitor for Info {
    type Output = GameFacts;
    fn visit<G: TableGame>(self) -> GameFacts {
        GameFacts {
            name: G::NAME,
            aliases: G::ALIASES,
            title: G::TITLE,
            teams: G::TEAMS,
            options_help: G::OPTIONS_HELP,
            schieber_card_play: G::SCHIEBER_CARD_PLAY,
            solve_race_refused: G::SOLVE_RACE_REFUSED,
        }
    }
}

impl GameKind {
    /// The game's names, title and teams.
    pub fn info(self) -> GameFacts {
        self.visit(Info)
    }

    /// The game a record is of.
    pub fn of_record(record: &Record) -> GameKind {
        record.kind()
    }

    /// How the game of `record` ended, by its game's entry.
    pub fn verdict(record: &Record) -> Verdict {
        struct Of<'a>(&'a Record);
        impl GameVisitor for Of<'_> {
            type Output = Verdict;
            fn visit<G: TableGame>(self) -> Verdict {
                G::verdict(self.0)
            }
        }
        GameKind::of_record(record).visit(Of(record))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Kind;
    impl GameVisitor for Kind {
        type Output = GameKind;
        fn visit<G: TableGame>(self) -> GameKind {
            G::KIND
        }
    }

    #[test]
    fn every_game_is_visited_as_itself_and_named_once() {
        let mut names = Vec::new();
        for kind in GameKind::ALL {
            assert_eq!(kind.visit(Kind), kind);
            let info = kind.info();
            names.push(info.name);
            names.extend(info.aliases);
        }
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            names.len(),
            "a name is given twice: {names:?}"
        );
    }
}

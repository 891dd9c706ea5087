//! The registry of games: every game of the project, listed once. Each game declares what the
//! front ends need to know in its [`TableGame`] impl (`games/*.rs`); [`GameKind`] names it and
//! [`GameKind::visit`] is the one place that turns the name into the game's type, so that
//! commands, the table and the server are written once, generically over [`TableGame`].
//!
//! A new game: its core module, its file in `games/`, its variant in [`GameKind`] and its line
//! in [`GameKind::ALL`] and [`GameKind::visit`] (docs/adding-a-game.md).

use jass_core::coiffeur::Coiffeur;
use jass_core::differenzler::Differenzler;
use jass_core::handjass::Handjass;
use jass_core::schieber::Schieber;
use jass_core::sidi::Sidi;

use jass_core::record::Record;

use crate::adapter::{TableGame, Verdict};
use crate::kind::GameKind;

/// Code written once for every game: [`GameKind::visit`] calls [`GameVisitor::visit`] with the
/// game's type.
pub trait GameVisitor {
    /// What the visit gives.
    type Output;
    /// The work, for game `G`.
    fn visit<G: TableGame>(self) -> Self::Output;
}

impl GameKind {
    /// Every game, in the order they are listed to users.
    pub const ALL: [GameKind; 5] = [
        GameKind::Schieber,
        GameKind::Handjass,
        GameKind::Sidi,
        GameKind::Coiffeur,
        GameKind::Differenzler,
    ];

    /// Runs `visitor` with this game's type.
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        match self {
            GameKind::Schieber => visitor.visit::<Schieber>(),
            GameKind::Handjass => visitor.visit::<Handjass>(),
            GameKind::Sidi => visitor.visit::<Sidi>(),
            GameKind::Coiffeur => visitor.visit::<Coiffeur>(),
            GameKind::Differenzler => visitor.visit::<Differenzler>(),
        }
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
        record
            .game()
            .parse()
            .expect("every record is of a registered game")
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

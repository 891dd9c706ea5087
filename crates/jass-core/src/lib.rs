//! # jass-core
//!
//! The rules of Swiss Jass with no I/O: cards as bit sets ([`CardSet`]), the trump modes
//! ([`Mode`]), the trick rules ([`trick`]), Weis and Stöck ([`weis`]), seeded deals ([`deal`]),
//! the shape every game shares ([`Game`]), the games themselves (one module each: [`schieber`]),
//! and game records ([`record`]).
//!
//! The notation is that of `shared/conventions.md`: seats `0..n` in playing order, cards `HA`,
//! `D10`, trump modes `D H S C obenabe undenufe`.
#![deny(missing_docs)]

pub mod auction;
pub mod bieter;
pub mod card;
pub mod card_play_action;
pub mod card_play_game;
pub mod cardset;
pub mod coiffeur;
pub mod deal;
pub mod differenzler;
pub mod first_trick_weis;
pub mod game;
pub mod guggitaler;
pub mod handjass;
pub mod hindersi;
pub mod meld_contest;
pub mod mittlere;
pub mod mode;
pub mod molotow;
pub mod palette;
pub mod pandur;
pub mod playing_seats;
pub mod record;
pub mod schafhauser;
pub mod schaggi_haas;
pub mod schellenjass;
pub mod schieber;
pub mod sidi;
pub mod text;
pub mod trick;
pub mod trick_play;
pub mod weis;
pub mod zuger;

pub use card::{Card, CardStyle, ParseError, Rank, Suit};
pub use cardset::CardSet;
pub use game::{ActionList, Decision, Game, IllegalAction, Player, PlaysCard, ToMove, Visibility};
pub use mode::{Mode, PointTable, UndenufeEleven};
pub use trick::TrickRules;

//! A Jass table for any game of the project: what the terminal table (`jass play`), the bot
//! protocol and the server share.
//!
//! - [`GameKind`] and [`GameSpec`]: which game, with which options (checked, written out in full);
//!   [`Record`]: the record of any game, read by its `game` field through the registry.
//! - [`TableGame`]: what each game declares once (its file in `games/`): names, seats and teams,
//!   options, computer players and their settings ([`PlayerSpec`]), recorded play, [`Verdict`];
//!   [`GameKind::visit`] (the registry) runs code written once for every game with its type.
//! - [`arena`]: how `jass arena` plays each game on duplicate cards and what it measures
//!   ([`TableGame::arena`]; a default for a game that declares nothing).
//! - [`DealPosition`]: a point of a recorded deal as the solvers see it
//!   ([`TableGame::deal_position`]; `jass solve` and `jass_analysis::solve`).
//! - [`Request`] and [`JsonPlayer`]: a seat played by anything that reads a JSON view and answers
//!   with a JSON action (a person at a screen, a program over standard input, a browser over a
//!   WebSocket). A wrong answer never breaks a game: it is reported and replaced by the rule
//!   player's choice.
//! - [`external`]: a bot program speaking the bot protocol (`docs/protocol.md`) as a JSON player;
//!   [`jasskit_http`]: a jass-kit player service as one; [`seat_spec`]: players as written on the
//!   command line (`rule`, `cmd:python3 bot.py`, `http://…/jass/players/NAME`); [`jasskit_log`]:
//!   jass-kit / Swisslos game logs to and from records.
//! - [`run_table`]: plays a whole game with any mix of seats, reports every step to a watcher, can
//!   resume from the actions already taken, and returns the record; [`suggest`]: what a computer
//!   player would do at a point of a game (the hints of `jass play`).
#![deny(missing_docs)]

mod adapter;
pub mod arena;
mod bots;
mod deal_position;
pub mod decision_times;
pub mod external;
mod games;
pub mod jasskit_http;
pub mod jasskit_log;
mod kind;
pub mod phrases;
mod player_settings;
mod registry;
mod replay;
mod request;
pub mod seat_spec;
mod table;
mod view;

pub use adapter::{TableGame, Verdict};
pub use bots::{
    bot, bot_seeded, check_bot_name, seat_seed, split_name, split_player, splitmix, BOT_NAMES,
};
pub use deal_position::{Bid, DealPoint, DealPosition, MarksOf, SoloAim, SoloDeal, TeamDeal};
pub use kind::{checked_options, options_from_pairs, GameSpec, OptionsError};
pub use phrases::PhraseBook;
pub use player_settings::{PlayerSettings, PlayerSpec, SettingDefault, SETTINGS};
pub use registry::{GameFacts, GameKind, GameVisitor, Record};
pub use replay::{replay, Replayed};
pub use request::{match_answer, GameOverHook, JsonPlayer, JsonSeat, Request};
pub use table::{
    run_table, suggest, tell_game_over, Event, Fallback, SeatPlayer, Snapshot, TableOutcome,
};
pub use view::{Cell, LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

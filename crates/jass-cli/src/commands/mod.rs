//! The commands of `jass`, one file each: its arguments (clap) and its work. They share the
//! helpers beside this folder (input, output, players and seats, language, record text) and the
//! terminal table (`table/`), never one another.

pub mod advise;
pub mod arena;
pub mod bench;
pub mod check;
pub mod import_export;
pub mod options;
pub mod play;
pub mod player_settings;
pub mod serve;
pub mod show;
pub mod simulate;
pub mod solve;
pub mod train;

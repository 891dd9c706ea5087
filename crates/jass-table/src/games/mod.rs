//! Each game's entry: its [`TableGame`](crate::TableGame) impl (names, seats, options, players
//! and their settings, recorded play, verdict). A new game adds one file here and one line in
//! `registry.rs`.

mod coiffeur;
mod differenzler;
mod handjass;
pub(crate) mod schieber;
mod sidi;

//! The players by name, for every game: the computer players `random`, `rule` (the game's rule
//! player) and `sampling` (the game's sampling player), and programs: `cmd:COMMAND` (a bot program
//! speaking docs/protocol.md) and `http://…/jass/players/NAME` (a jass-kit player service). One
//! place for `simulate` and `arena`; the computer players come from `jass_table::bot_seeded`.

use anyhow::{anyhow, Result};
use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::differenzler::{Differenzler, DifferenzlerOptions};
use jass_core::handjass::{Handjass, HandjassOptions};
use jass_core::schieber::{Schieber, SchieberOptions};
use jass_core::sidi::{Sidi, SidiOptions};
use jass_core::Player;
use jass_table::seat_spec::{self, SeatSpec};
use jass_table::TableGame;

pub use jass_table::splitmix;

/// Checks a player without building it (a program is not started).
pub fn check_name(name: &str) -> Result<()> {
    seat_spec::parse_one(name)
        .map(|_| ())
        .map_err(|e| anyhow!(e))
}

/// The comma-separated entries of a `--players` list (a command may hold quoted commas).
pub fn split_list(list: &str) -> Vec<String> {
    seat_spec::split_list(list)
        .into_iter()
        .map(|s| s.trim().to_string())
        .collect()
}

/// The player `name` of game `G` for `seat`; `seed` fixes a computer player's random choices.
pub fn player<G: TableGame>(
    name: &str,
    o: &G::Options,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<G>>> {
    match seat_spec::parse_one(name).map_err(|e| anyhow!(e))? {
        SeatSpec::Bot(bot) => jass_table::bot_seeded::<G>(&bot, o, seed).map_err(|e| anyhow!(e)),
        _ => crate::seats::one::<G>(name, o, seat, seed),
    }
}

/// A Schieber player.
pub fn schieber(name: &str, o: &SchieberOptions, seed: u64) -> Result<Box<dyn Player<Schieber>>> {
    player::<Schieber>(name, o, 0, seed)
}

/// A Sidi Barrani player.
pub fn sidi(name: &str, o: &SidiOptions, seed: u64) -> Result<Box<dyn Player<Sidi>>> {
    player::<Sidi>(name, o, 0, seed)
}

/// A Coiffeur player.
pub fn coiffeur(name: &str, o: &CoiffeurOptions, seed: u64) -> Result<Box<dyn Player<Coiffeur>>> {
    player::<Coiffeur>(name, o, 0, seed)
}

/// A Differenzler player.
pub fn differenzler(
    name: &str,
    o: &DifferenzlerOptions,
    seed: u64,
) -> Result<Box<dyn Player<Differenzler>>> {
    player::<Differenzler>(name, o, 0, seed)
}

/// A Handjass player.
pub fn handjass(name: &str, o: &HandjassOptions, seed: u64) -> Result<Box<dyn Player<Handjass>>> {
    player::<Handjass>(name, o, 0, seed)
}

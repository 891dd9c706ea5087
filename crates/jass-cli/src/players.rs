//! The players by name, for every game: the computer players `random`, `rule` (the game's rule
//! player), `sampling` (the game's sampling player) and Schieber's `mcts`, each with optional
//! settings after colons (`sampling:samples=48:max_cards=24`; each game's entry in jass-table
//! says which it knows), and programs: `cmd:COMMAND` (a bot program speaking docs/protocol.md)
//! and `http://…/jass/players/NAME` (a jass-kit player service). One place for `simulate`,
//! `arena` and `play`.

use anyhow::{anyhow, Result};
use jass_core::Player;
use jass_table::seat_spec;
use jass_table::TableGame;

/// The player `name` of game `G` at `seat`: a computer player (its random choices from exactly
/// `seed`), or a program (started now).
pub fn player<G: TableGame>(
    name: &str,
    o: &G::Options,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<G>>> {
    if seat_spec::is_program(name) {
        crate::seats::one::<G>(name, o, seat, seed)
    } else {
        jass_table::bot_seeded::<G>(name, o, seed).map_err(|e| anyhow!(e))
    }
}

/// The comma-separated entries of a `--players` list (a command may hold quoted commas).
pub fn split_list(list: &str) -> Vec<String> {
    seat_spec::split_list(list)
        .into_iter()
        .map(|s| s.trim().to_string())
        .collect()
}

/// Checks a player (and its settings' form) without building it; a program is not started.
pub fn check_name(spec: &str) -> Result<()> {
    if seat_spec::is_program(spec) {
        return seat_spec::parse_one(spec)
            .map(|_| ())
            .map_err(|e| anyhow!(e));
    }
    jass_table::check_bot_name(spec).map_err(|e| anyhow!(e))
}

/// The players of a `--players` list for a table of `seats`: one name for all seats, two that
/// alternate at a table of four (seats 0+2, then 1+3: the teams, where the game has them), or one
/// per seat; each seated with its own seed ([`jass_table::seat_seed`]).
pub fn seated<G: TableGame>(
    list: &str,
    options: &G::Options,
    seats: usize,
    game_seed: u64,
) -> Result<Vec<Box<dyn Player<G>>>> {
    let names = split_list(list);
    let alternate = seats == 4 && names.len() == 2;
    if names.len() != 1 && names.len() != seats && !alternate {
        let two = match (seats, G::TEAMS) {
            (4, true) => ", one per team (seats 0+2, then 1+3: e.g. rule,random)",
            (4, false) => ", two that alternate (seats 0+2, then 1+3)",
            _ => "",
        };
        anyhow::bail!(
            "--players lists {} players; give one for all seats{two} or one for every seat ({seats})",
            names.len()
        );
    }
    (0..seats)
        .map(|s| {
            let name = if alternate {
                &names[s % 2]
            } else if names.len() == 1 {
                &names[0]
            } else {
                &names[s]
            };
            player::<G>(name, options, s, jass_table::seat_seed(game_seed, s))
        })
        .collect()
}

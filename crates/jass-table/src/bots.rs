//! The computer players of every game, by name: what `--players`, the protocol and the server's
//! lobby offer, each with its settings after colons (`sampling:samples=48`).

use jass_bots::RandomPlayer;
use jass_core::Player;

use crate::adapter::TableGame;
use crate::player_settings::PlayerSpec;

/// The names of the computer players every game has, weakest first.
pub const BOT_NAMES: [&str; 3] = ["random", "rule", "sampling"];

/// The seed of the player at `seat` in a game whose deals come from `game_seed`: the one
/// derivation of every command and the server, so that the same seed gives the same bots
/// everywhere.
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    splitmix(game_seed ^ splitmix(seat as u64 + 1))
}

/// The computer player `name` (with settings) for `seat` of game `G`. Its random choices (if
/// any) come from `seed` and the seat ([`seat_seed`]), so a game can be repeated.
pub fn bot<G: TableGame>(
    name: &str,
    options: &G::Options,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<G>>, String> {
    bot_seeded::<G>(name, options, seat_seed(seed, seat))
}

/// The computer player `name` (with settings) of game `G` whose random choices come from
/// exactly `seed`.
pub fn bot_seeded<G: TableGame>(
    name: &str,
    options: &G::Options,
    seed: u64,
) -> Result<Box<dyn Player<G>>, String> {
    let spec = PlayerSpec::parse(name)?;
    let plain = spec.is_plain();
    match spec.name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "rule" if plain => Ok(G::rule_player(options)),
        "rule" => G::rule_with(&spec, options, seed),
        "sampling" if plain => Ok(G::sampling_player(options, seed)),
        "sampling" => G::sampling_with(&spec, options, seed),
        "mcts" => G::mcts_with(&spec, options, seed),
        other => Err(unknown_player(other)),
    }
}

/// Checks a computer player's name and the form of its settings without building it (the
/// settings themselves are checked against the game when it is built).
pub fn check_bot_name(name: &str) -> Result<(), String> {
    match PlayerSpec::parse(name)?.name {
        "random" | "rule" | "sampling" | "mcts" => Ok(()),
        other => Err(unknown_player(other)),
    }
}

fn unknown_player(name: &str) -> String {
    format!(
        "unknown player `{name}`: known players are {} (Schieber also mcts)",
        BOT_NAMES.join(", ")
    )
}

/// SplitMix64: decorrelates seeds.
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

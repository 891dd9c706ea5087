//! The computer players of every game, by name: what `--players`, the protocol and the server's
//! lobby offer.

use jass_bots::RandomPlayer;
use jass_core::Player;

use crate::adapter::TableGame;

/// The names of the computer players, weakest first.
pub const BOT_NAMES: [&str; 3] = ["random", "rule", "sampling"];

/// The computer player `name` for `seat` of game `G`. Its random choices (if any) come from
/// `seed` and the seat, so a game can be repeated.
pub fn bot<G: TableGame>(
    name: &str,
    options: &G::Options,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<G>>, String> {
    bot_seeded::<G>(name, options, splitmix(seed ^ splitmix(seat as u64 + 1)))
}

/// The computer player `name` of game `G` whose random choices come from exactly `seed`.
pub fn bot_seeded<G: TableGame>(
    name: &str,
    options: &G::Options,
    seed: u64,
) -> Result<Box<dyn Player<G>>, String> {
    match name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "rule" => Ok(G::rule_player(options)),
        "sampling" => G::sampling_player(options, seed).ok_or_else(|| {
            format!(
                "{} has no sampling player yet: choose random or rule",
                G::KIND.name()
            )
        }),
        other => Err(format!(
            "unknown player `{other}`: known players are {}",
            BOT_NAMES.join(", ")
        )),
    }
}

/// SplitMix64: decorrelates seeds.
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

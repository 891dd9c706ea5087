//! The computer players by name, for every game: `random`, `rule` (the game's rule player) and
//! `sampling` (the game's sampling player). One place for `simulate` and `arena`.

use anyhow::{anyhow, Result};
use jass_bots::{
    RandomPlayer, RuleCoiffeur, RuleDifferenzler, RuleHandjass, RuleSchieber, RuleSidi,
    SamplingCoiffeur, SamplingDifferenzler, SamplingHandjass, SamplingSchieber, SamplingSettings,
    SamplingSidi,
};
use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::differenzler::{Differenzler, DifferenzlerOptions};
use jass_core::handjass::{Handjass, HandjassOptions};
use jass_core::schieber::{Schieber, SchieberOptions};
use jass_core::sidi::{Sidi, SidiOptions};
use jass_core::Player;

/// The player names every game knows.
pub const KNOWN: &str = "random, rule, sampling";

fn unknown(name: &str) -> anyhow::Error {
    anyhow!("unknown player `{name}`: known players are {KNOWN}")
}

/// Checks a name without building a player.
pub fn check_name(name: &str) -> Result<()> {
    match name {
        "random" | "rule" | "sampling" => Ok(()),
        other => Err(unknown(other)),
    }
}

/// A Schieber player; `seed` fixes its random choices.
pub fn schieber(name: &str, o: &SchieberOptions, seed: u64) -> Result<Box<dyn Player<Schieber>>> {
    Ok(match name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleSchieber::new(*o)),
        "sampling" => Box::new(SamplingSchieber::new(*o, SamplingSettings::default(), seed)),
        other => return Err(unknown(other)),
    })
}

/// A Sidi Barrani player.
pub fn sidi(name: &str, o: &SidiOptions, seed: u64) -> Result<Box<dyn Player<Sidi>>> {
    Ok(match name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleSidi::new(*o)),
        "sampling" => Box::new(SamplingSidi::new(*o, seed)),
        other => return Err(unknown(other)),
    })
}

/// A Coiffeur player.
pub fn coiffeur(name: &str, o: &CoiffeurOptions, seed: u64) -> Result<Box<dyn Player<Coiffeur>>> {
    Ok(match name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleCoiffeur::new(*o)),
        "sampling" => Box::new(SamplingCoiffeur::new(*o, seed)),
        other => return Err(unknown(other)),
    })
}

/// A Differenzler player.
pub fn differenzler(
    name: &str,
    o: &DifferenzlerOptions,
    seed: u64,
) -> Result<Box<dyn Player<Differenzler>>> {
    Ok(match name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleDifferenzler::new(*o)),
        "sampling" => Box::new(SamplingDifferenzler::new(*o, seed)),
        other => return Err(unknown(other)),
    })
}

/// A Handjass player.
pub fn handjass(name: &str, o: &HandjassOptions, seed: u64) -> Result<Box<dyn Player<Handjass>>> {
    Ok(match name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleHandjass::new(*o)),
        "sampling" => Box::new(SamplingHandjass::new(*o, seed)),
        other => return Err(unknown(other)),
    })
}

/// SplitMix64: decorrelates player seeds from deal seeds.
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

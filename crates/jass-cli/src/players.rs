//! The computer players by name, for every game: `random`, `rule` (the game's rule player) and
//! `sampling` (the game's sampling player), the last with optional settings after colons:
//! `sampling:samples=48:max_cards=24`. One place for `simulate` and `arena`.

use anyhow::{anyhow, bail, Result};
use jass_bots::{
    DifferenzlerSettings, RandomPlayer, RuleCoiffeur, RuleDifferenzler, RuleHandjass, RuleSchieber,
    RuleSidi, SamplingCoiffeur, SamplingDifferenzler, SamplingHandjass, SamplingSchieber,
    SamplingSettings, SamplingSidi,
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

/// The settings of the Sidi Barrani and Coiffeur sampling players.
const EARLY_KNOWN: [&str; 3] = ["samples", "max_cards", "early_samples"];

/// A player name and its settings (`sampling:samples=48:max_cards=24`).
struct Spec<'a> {
    name: &'a str,
    settings: Vec<(&'a str, usize)>,
}

impl<'a> Spec<'a> {
    fn parse(spec: &'a str) -> Result<Spec<'a>> {
        let mut parts = spec.split(':');
        let name = parts.next().unwrap_or("").trim();
        let mut settings = Vec::new();
        for p in parts {
            let Some((k, v)) = p.split_once('=') else {
                bail!("player setting `{p}` in `{spec}` has no value: write it as key=value, e.g. sampling:samples=48");
            };
            let v: usize = v.trim().parse().map_err(|_| {
                anyhow!("player setting `{p}` in `{spec}`: the value must be a whole number")
            })?;
            settings.push((k.trim(), v));
        }
        if !settings.is_empty() && name != "sampling" {
            bail!("player `{name}` takes no settings (only sampling does: `{spec}`)");
        }
        Ok(Spec { name, settings })
    }

    /// The value of `key` (checked against `known`, the settings this game's player has; 1 to
    /// 10000, `announce_samples` also 0: the rule player's announcement).
    fn get(&self, known: &[&str], key: &str, default: usize) -> Result<usize> {
        for (k, v) in &self.settings {
            if !known.contains(k) {
                bail!(
                    "unknown sampling setting `{k}`: this game's sampling player knows {}",
                    known.join(", ")
                );
            }
            let min = if matches!(*k, "announce_samples" | "early_samples") {
                0
            } else {
                1
            };
            if *v < min || *v > 10_000 {
                bail!("sampling setting `{k}={v}`: use {min} .. 10000");
            }
        }
        Ok(self
            .settings
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|&(_, v)| v)
            .unwrap_or(default))
    }

    /// Samples and cards left for the solver-based players (Schieber: no `early_samples`).
    fn solver_settings(&self, default: SamplingSettings) -> Result<SamplingSettings> {
        self.solver_settings_with(&["samples", "max_cards"], default)
    }

    /// Worlds per card before the solver's cards (Sidi Barrani, Coiffeur).
    fn early_samples(&self, default: usize) -> Result<usize> {
        self.get(&EARLY_KNOWN, "early_samples", default)
    }

    fn solver_settings_with(
        &self,
        known: &[&str],
        default: SamplingSettings,
    ) -> Result<SamplingSettings> {
        Ok(SamplingSettings {
            samples: self.get(known, "samples", default.samples)?,
            max_cards: self
                .get(known, "max_cards", default.max_cards as usize)?
                .min(36) as u32,
        })
    }
}

/// Checks a name (and its settings' form) without building a player.
pub fn check_name(spec: &str) -> Result<()> {
    match Spec::parse(spec)?.name {
        "random" | "rule" | "sampling" => Ok(()),
        other => Err(unknown(other)),
    }
}

/// A Schieber player; `seed` fixes its random choices.
pub fn schieber(name: &str, o: &SchieberOptions, seed: u64) -> Result<Box<dyn Player<Schieber>>> {
    let spec = Spec::parse(name)?;
    Ok(match spec.name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleSchieber::new(*o)),
        "sampling" => Box::new(SamplingSchieber::new(
            *o,
            spec.solver_settings(SamplingSettings::default())?,
            seed,
        )),
        other => return Err(unknown(other)),
    })
}

/// A Sidi Barrani player.
pub fn sidi(name: &str, o: &SidiOptions, seed: u64) -> Result<Box<dyn Player<Sidi>>> {
    let spec = Spec::parse(name)?;
    Ok(match spec.name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleSidi::new(*o)),
        "sampling" => Box::new(
            SamplingSidi::with_settings(
                *o,
                spec.solver_settings_with(&EARLY_KNOWN, SamplingSidi::DEFAULT)?,
                seed,
            )
            .with_early_samples(spec.early_samples(SamplingSidi::DEFAULT_EARLY)?),
        ),
        other => return Err(unknown(other)),
    })
}

/// A Coiffeur player.
pub fn coiffeur(name: &str, o: &CoiffeurOptions, seed: u64) -> Result<Box<dyn Player<Coiffeur>>> {
    let spec = Spec::parse(name)?;
    Ok(match spec.name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleCoiffeur::new(*o)),
        "sampling" => Box::new(
            SamplingCoiffeur::with_settings(
                *o,
                spec.solver_settings_with(&EARLY_KNOWN, SamplingCoiffeur::DEFAULT)?,
                seed,
            )
            .with_early_samples(spec.early_samples(SamplingCoiffeur::DEFAULT_EARLY)?),
        ),
        other => return Err(unknown(other)),
    })
}

/// A Differenzler player.
pub fn differenzler(
    name: &str,
    o: &DifferenzlerOptions,
    seed: u64,
) -> Result<Box<dyn Player<Differenzler>>> {
    let spec = Spec::parse(name)?;
    Ok(match spec.name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleDifferenzler::new(*o)),
        "sampling" => {
            let known = ["samples", "announce_samples"];
            let d = DifferenzlerSettings::default();
            let settings = DifferenzlerSettings {
                samples: spec.get(&known, "samples", d.samples)?,
                announce_samples: spec.get(&known, "announce_samples", d.announce_samples)?,
            };
            Box::new(SamplingDifferenzler::with_settings(*o, settings, seed))
        }
        other => return Err(unknown(other)),
    })
}

/// A Handjass player.
pub fn handjass(name: &str, o: &HandjassOptions, seed: u64) -> Result<Box<dyn Player<Handjass>>> {
    let spec = Spec::parse(name)?;
    Ok(match spec.name {
        "random" => Box::new(RandomPlayer::new(seed)),
        "rule" => Box::new(RuleHandjass::new(*o)),
        "sampling" => {
            let n = spec.get(&["samples"], "samples", SamplingHandjass::DEFAULT_SAMPLES)?;
            Box::new(SamplingHandjass::with_samples(*o, n, seed))
        }
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

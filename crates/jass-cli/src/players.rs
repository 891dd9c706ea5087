//! The players by name, for every game: the computer players `random`, `rule` (the game's rule
//! player) and `sampling` (the game's sampling player, with optional settings after colons:
//! `sampling:samples=48:max_cards=24`), and programs: `cmd:COMMAND` (a bot program speaking
//! docs/protocol.md) and `http://…/jass/players/NAME` (a jass-kit player service). One place for
//! `simulate`, `arena` and `play`.

use anyhow::{anyhow, bail, Result};
use jass_bots::{
    DifferenzlerSettings, MctsSchieber, MctsSettings, RuleSchieber, RuleSidi, SamplingCoiffeur,
    SamplingDifferenzler, SamplingHandjass, SamplingSchieber, SamplingSettings, SamplingSidi,
    SidiBidding,
};
use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::differenzler::{Differenzler, DifferenzlerOptions};
use jass_core::handjass::{Handjass, HandjassOptions};
use jass_core::schieber::{Schieber, SchieberOptions};
use jass_core::sidi::{Sidi, SidiOptions};
use jass_core::Player;
use jass_table::seat_spec;
use jass_table::TableGame;

/// A game whose computer players can be made by name: `random`, `rule` and `sampling` come from
/// `jass_table::bot_seeded`; the game adds its sampling player's settings.
pub trait ByName: TableGame {
    /// The sampling player with the settings `spec` gives after colons.
    fn sampling_with(spec: &Spec, o: &Self::Options, seed: u64) -> Result<Box<dyn Player<Self>>>;

    /// The determinized MCTS player (`mcts`, a yardstick: Schieber only) with the settings
    /// `spec` gives after colons.
    fn mcts_with(_spec: &Spec, _o: &Self::Options, _seed: u64) -> Result<Box<dyn Player<Self>>> {
        bail!("player `mcts` plays Schieber only (the published MCTS bots it stands for do): use random, rule or sampling here")
    }

    /// The rule player with the settings `spec` gives after colons (for comparisons; most
    /// games' rule players take none).
    fn rule_with(spec: &Spec, _o: &Self::Options, _seed: u64) -> Result<Box<dyn Player<Self>>> {
        spec.get(&[], "", 0)?;
        unreachable!("a setting that no rule player knows is refused")
    }
}

/// The computer player `name` (with settings) of game `G`; `seed` fixes its random choices.
fn computer<G: ByName>(name: &str, o: &G::Options, seed: u64) -> Result<Box<dyn Player<G>>> {
    let spec = Spec::parse(name)?;
    if spec.name == "mcts" {
        return G::mcts_with(&spec, o, seed);
    }
    if spec.settings.is_empty() {
        jass_table::bot_seeded::<G>(spec.name, o, seed).map_err(|e| anyhow!(e))
    } else if spec.name == "rule" {
        G::rule_with(&spec, o, seed)
    } else {
        // Only `rule` and `sampling` take settings (Spec::parse says so otherwise).
        G::sampling_with(&spec, o, seed)
    }
}

/// The player `name` of game `G` at `seat`: a computer player, or a program (started now).
pub fn player<G: ByName>(
    name: &str,
    o: &G::Options,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<G>>> {
    if seat_spec::is_program(name) {
        crate::seats::one::<G>(name, o, seat, seed)
    } else {
        computer::<G>(name, o, seed)
    }
}

/// A Schieber player.
pub fn schieber(
    name: &str,
    o: &SchieberOptions,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<Schieber>>> {
    player::<Schieber>(name, o, seat, seed)
}

/// A Sidi Barrani player.
pub fn sidi(name: &str, o: &SidiOptions, seat: usize, seed: u64) -> Result<Box<dyn Player<Sidi>>> {
    player::<Sidi>(name, o, seat, seed)
}

/// A Coiffeur player.
pub fn coiffeur(
    name: &str,
    o: &CoiffeurOptions,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<Coiffeur>>> {
    player::<Coiffeur>(name, o, seat, seed)
}

/// A Differenzler player.
pub fn differenzler(
    name: &str,
    o: &DifferenzlerOptions,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<Differenzler>>> {
    player::<Differenzler>(name, o, seat, seed)
}

/// A Handjass player.
pub fn handjass(
    name: &str,
    o: &HandjassOptions,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<Handjass>>> {
    player::<Handjass>(name, o, seat, seed)
}

/// The computer players every game knows (and `mcts`, Schieber's yardstick).
pub const KNOWN: &str = "random, rule, sampling (Schieber also mcts)";

fn unknown(name: &str) -> anyhow::Error {
    anyhow!("unknown player `{name}`: known players are {KNOWN}")
}

/// The settings of the Coiffeur sampling player.
const COIFFEUR_KNOWN: [&str; 8] = [
    "samples",
    "max_cards",
    "threads",
    "budget_ms",
    "early_samples",
    "game_end",
    "infer",
    "infer_pool",
];

/// The settings of the Sidi Barrani sampling player.
const SIDI_KNOWN: [&str; 13] = [
    "competitive",
    "infer",
    "infer_pool",
    "read_auction",
    "samples",
    "max_cards",
    "threads",
    "budget_ms",
    "early_samples",
    "contract_samples",
    "bid_blend",
    "bid_shift",
    "last_call",
];

/// The settings of the Schieber sampling player.
const SCHIEBER_KNOWN: [&str; 13] = [
    "infer",
    "infer_pool",
    "samples",
    "max_cards",
    "contract_samples",
    "threads",
    "budget_ms",
    "tt_bits",
    "node_limit",
    "decision_nodes",
    "race_nodes",
    "early_samples",
    "early_handoff",
];

/// A player name and its settings (`sampling:samples=48:max_cards=24`).
pub struct Spec<'a> {
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
            let k = k.trim();
            if settings.iter().any(|(seen, _)| *seen == k) {
                bail!("player setting `{k}` is given twice in `{spec}`: give it once");
            }
            settings.push((k, v));
        }
        if !settings.is_empty() && !matches!(name, "sampling" | "rule" | "mcts") {
            bail!("player `{name}` takes no settings (only rule, sampling and mcts do: `{spec}`)");
        }
        Ok(Spec { name, settings })
    }

    /// The value of `key` (checked against `known`, the settings this game's player has, and
    /// against the setting's range).
    fn get(&self, known: &[&str], key: &str, default: usize) -> Result<usize> {
        for (k, v) in &self.settings {
            if !known.contains(k) {
                let name = self.name;
                if known.is_empty() {
                    bail!(
                        "unknown {name} setting `{k}`: this game's {name} player takes no settings"
                    );
                }
                bail!(
                    "unknown {name} setting `{k}`: this game's {name} player knows {}",
                    known.join(", ")
                );
            }
            let (min, max) = match *k {
                // 0: decide like the rule player.
                "announce_samples" | "contract_samples" | "early_samples" | "decision_samples"
                | "bessern_samples" => (0, 10_000),
                "bid_blend" | "bid_shift" => (0, 100),
                // The weight in percent of a world per card it does not explain (100: off).
                "infer" => (0, 100),
                "infer_pool" => (1, 64),
                // Points of an open announcement's distance per unexplained card (0: not read).
                "infer_announcement" => (0, 157),
                // Tricks left from which play-outs are solved exactly (0: rule play to the end).
                // Each trick more multiplies the time by five to ten (docs/players.md): from 5
                // on a game takes hours.
                "exact_tricks" => (0, 4),
                // Tricks left from which the own cards of play-outs are the best reply to the
                // others' rule play (0: off); 5 takes about six times as long as 3.
                "reply_tricks" => (0, 5),
                // 1: double a bid that, made, wins the opponents the game (001); 0: not.
                // 1: give and read 001's discard signals; 0: not.
                // 1: play the last deal of a game for the win (Coiffeur, Differenzler); 0: for
                // its points.
                // 1: Sidi Barrani's competitive auction numbers; 0: the conservative ones.
                // 1: read the others' cards from their auction calls too (Sidi Barrani); 0: not.
                "last_call" | "signals" | "game_end" | "competitive" | "read_auction" => (0, 1),
                "tt_bits" => (10, 26),
                // Cards left when the play-outs hand over to the solver (Schieber).
                "early_handoff" => (0, 36),
                "node_limit" | "decision_nodes" => (1_000, 1_000_000_000),
                "race_nodes" => (0, 1_000_000_000),
                "budget_ms" => (1, 600_000),
                // The MCTS player: tree iterations per world, UCB1's constant in hundredths.
                "iterations" => (1, 10_000_000),
                "exploration" => (1, 1_000),
                "threads" => (1, 256),
                _ => (1, 10_000),
            };
            if *v < min || *v > max {
                bail!("{} setting `{k}={v}`: use {min} .. {max}", self.name);
            }
        }
        Ok(self
            .settings
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, v)| v)
            .unwrap_or(default))
    }

    /// Worlds per card before the solver's cards (Schieber, Sidi Barrani, Coiffeur).
    fn early_samples(&self, known: &[&str], default: usize) -> Result<usize> {
        self.get(known, "early_samples", default)
    }

    /// `threads` and `budget_ms` (0 or left out: no time budget).
    fn threads_and_budget(
        &self,
        known: &[&str],
        default_threads: usize,
    ) -> Result<(usize, Option<std::time::Duration>)> {
        let threads = self.get(known, "threads", default_threads)?;
        let budget = self.get(known, "budget_ms", 0)?;
        let budget = (budget > 0).then(|| std::time::Duration::from_millis(budget as u64));
        Ok((threads, budget))
    }

    fn solver_settings_with(
        &self,
        known: &[&str],
        default: SamplingSettings,
    ) -> Result<SamplingSettings> {
        let (threads, time_budget) = self.threads_and_budget(known, default.threads)?;
        Ok(SamplingSettings {
            samples: self.get(known, "samples", default.samples)?,
            max_cards: self
                .get(known, "max_cards", default.max_cards as usize)?
                .min(36) as u32,
            threads,
            time_budget,
            ..default
        })
    }

    /// Every setting of the Schieber sampling player.
    fn schieber_settings(&self) -> Result<SamplingSettings> {
        let known = SCHIEBER_KNOWN;
        let d = SamplingSettings::default();
        let (threads, time_budget) = self.threads_and_budget(&known, d.threads)?;
        Ok(SamplingSettings {
            samples: self.get(&known, "samples", d.samples)?,
            max_cards: self.get(&known, "max_cards", d.max_cards as usize)?.min(36) as u32,
            contract_samples: self.get(&known, "contract_samples", d.contract_samples)?,
            threads,
            time_budget,
            tt_bits: self.get(&known, "tt_bits", d.tt_bits as usize)? as u32,
            node_limit: self.get(&known, "node_limit", d.node_limit as usize)? as u64,
            decision_nodes: self.get(&known, "decision_nodes", d.decision_nodes as usize)? as u64,
            race_nodes: self.get(&known, "race_nodes", d.race_nodes as usize)? as u64,
        })
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
    match Spec::parse(spec)?.name {
        "random" | "rule" | "sampling" | "mcts" => Ok(()),
        other => Err(unknown(other)),
    }
}

/// The settings of the Schieber MCTS player.
const MCTS_KNOWN: [&str; 3] = ["worlds", "iterations", "exploration"];

impl ByName for Schieber {
    fn mcts_with(spec: &Spec, o: &SchieberOptions, seed: u64) -> Result<Box<dyn Player<Self>>> {
        let d = MctsSettings::default();
        let settings = MctsSettings {
            worlds: spec.get(&MCTS_KNOWN, "worlds", d.worlds)?,
            iterations: spec.get(&MCTS_KNOWN, "iterations", d.iterations)?,
            exploration: spec.get(
                &MCTS_KNOWN,
                "exploration",
                (d.exploration * 100.0).round() as usize,
            )? as f64
                / 100.0,
        };
        Ok(Box::new(MctsSchieber::new(*o, settings, seed)))
    }

    fn sampling_with(spec: &Spec, o: &SchieberOptions, seed: u64) -> Result<Box<dyn Player<Self>>> {
        let known = SCHIEBER_KNOWN;
        Ok(Box::new(
            SamplingSchieber::new(*o, spec.schieber_settings()?, seed)
                .with_early_samples(
                    spec.early_samples(&known, SamplingSchieber::DEFAULT_EARLY)?,
                    spec.get(
                        &known,
                        "early_handoff",
                        SamplingSchieber::DEFAULT_HANDOFF as usize,
                    )? as u32,
                )
                .with_inference(
                    spec.get(&known, "infer", SamplingSchieber::DEFAULT_INFER as usize)? as u32,
                    spec.get(&known, "infer_pool", SamplingSchieber::DEFAULT_INFER_POOL)?,
                ),
        ))
    }

    fn rule_with(spec: &Spec, o: &SchieberOptions, _seed: u64) -> Result<Box<dyn Player<Self>>> {
        let signals = spec.get(&["signals"], "signals", 1)? == 1;
        Ok(Box::new(RuleSchieber::new(*o).with_signals(signals)))
    }
}

/// Sidi Barrani's auction numbers by the setting `competitive` (1, the default: the competitive
/// ones; 0: the conservative ones of before 2026-11-24), for the rule and the sampling player.
fn sidi_bidding(spec: &Spec, known: &[&str]) -> Result<SidiBidding> {
    Ok(if spec.get(known, "competitive", 1)? == 1 {
        SidiBidding::COMPETITIVE
    } else {
        SidiBidding::CONSERVATIVE
    })
}

impl ByName for Sidi {
    fn rule_with(spec: &Spec, o: &SidiOptions, _seed: u64) -> Result<Box<dyn Player<Self>>> {
        let known = ["signals", "last_call", "competitive"];
        let bidding = sidi_bidding(spec, &known)?;
        Ok(Box::new(
            RuleSidi::new(*o)
                .with_signals(spec.get(&known, "signals", 1)? == 1)
                .with_last_call(spec.get(&known, "last_call", 1)? == 1)
                .with_bidding(bidding),
        ))
    }

    fn sampling_with(spec: &Spec, o: &SidiOptions, seed: u64) -> Result<Box<dyn Player<Self>>> {
        let d = SamplingSidi::DEFAULT;
        let settings = SamplingSettings {
            contract_samples: spec.get(&SIDI_KNOWN, "contract_samples", d.contract_samples)?,
            ..spec.solver_settings_with(&SIDI_KNOWN, d)?
        };
        Ok(Box::new(
            SamplingSidi::with_settings(*o, settings, seed)
                .with_early_samples(spec.early_samples(&SIDI_KNOWN, SamplingSidi::DEFAULT_EARLY)?)
                .with_bid_blend(spec.get(
                    &SIDI_KNOWN,
                    "bid_blend",
                    SamplingSidi::DEFAULT_BID_BLEND as usize,
                )? as u32)
                .with_bid_shift(spec.get(
                    &SIDI_KNOWN,
                    "bid_shift",
                    SamplingSidi::DEFAULT_BID_SHIFT as usize,
                )? as u32)
                .with_last_call(spec.get(&SIDI_KNOWN, "last_call", 1)? == 1)
                .with_bidding(sidi_bidding(spec, &SIDI_KNOWN)?)
                .with_auction_reading(spec.get(&SIDI_KNOWN, "read_auction", 1)? == 1)
                .with_inference(
                    spec.get(&SIDI_KNOWN, "infer", SamplingSidi::DEFAULT_INFER as usize)? as u32,
                    spec.get(&SIDI_KNOWN, "infer_pool", SamplingSidi::DEFAULT_INFER_POOL)?,
                ),
        ))
    }
}

impl ByName for Coiffeur {
    fn sampling_with(spec: &Spec, o: &CoiffeurOptions, seed: u64) -> Result<Box<dyn Player<Self>>> {
        Ok(Box::new(
            SamplingCoiffeur::with_settings(
                *o,
                spec.solver_settings_with(&COIFFEUR_KNOWN, SamplingCoiffeur::DEFAULT)?,
                seed,
            )
            .with_early_samples(
                spec.early_samples(&COIFFEUR_KNOWN, SamplingCoiffeur::DEFAULT_EARLY)?,
            )
            .with_game_end(spec.get(&COIFFEUR_KNOWN, "game_end", 1)? == 1)
            .with_inference(
                spec.get(
                    &COIFFEUR_KNOWN,
                    "infer",
                    SamplingSchieber::DEFAULT_INFER as usize,
                )? as u32,
                spec.get(
                    &COIFFEUR_KNOWN,
                    "infer_pool",
                    SamplingSchieber::DEFAULT_INFER_POOL,
                )?,
            ),
        ))
    }
}

impl ByName for Differenzler {
    fn sampling_with(
        spec: &Spec,
        o: &DifferenzlerOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>> {
        let known = [
            "samples",
            "announce_samples",
            "game_end",
            "infer",
            "infer_pool",
            "infer_announcement",
            "exact_tricks",
            "reply_tricks",
            "threads",
            "budget_ms",
        ];
        let d = DifferenzlerSettings::default();
        let (threads, time_budget) = spec.threads_and_budget(&known, d.threads)?;
        let settings = DifferenzlerSettings {
            samples: spec.get(&known, "samples", d.samples)?,
            announce_samples: spec.get(&known, "announce_samples", d.announce_samples)?,
            game_end: spec.get(&known, "game_end", d.game_end as usize)? != 0,
            infer: spec.get(&known, "infer", d.infer as usize)? as u32,
            infer_pool: spec.get(&known, "infer_pool", d.infer_pool)?,
            infer_announcement: spec.get(
                &known,
                "infer_announcement",
                d.infer_announcement as usize,
            )? as u32,
            exact_tricks: spec.get(&known, "exact_tricks", d.exact_tricks as usize)? as u32,
            reply_tricks: spec.get(&known, "reply_tricks", d.reply_tricks as usize)? as u32,
            threads,
            time_budget,
        };
        Ok(Box::new(SamplingDifferenzler::with_settings(
            *o, settings, seed,
        )))
    }
}

impl ByName for Handjass {
    fn sampling_with(spec: &Spec, o: &HandjassOptions, seed: u64) -> Result<Box<dyn Player<Self>>> {
        let known = [
            "samples",
            "decision_samples",
            "bessern_samples",
            "game_end",
            "infer",
            "infer_pool",
            "exact_tricks",
            "reply_tricks",
            "threads",
            "budget_ms",
        ];
        let (threads, budget) = spec.threads_and_budget(&known, 1)?;
        let n = spec.get(&known, "samples", SamplingHandjass::DEFAULT_SAMPLES)?;
        let d = spec.get(
            &known,
            "decision_samples",
            SamplingHandjass::DEFAULT_DECISION_SAMPLES,
        )?;
        let b = spec.get(&known, "bessern_samples", 0)?;
        Ok(Box::new(
            SamplingHandjass::with_samples(*o, n, seed)
                .with_decision_samples(d)
                .with_bessern_samples(b)
                .with_game_end(spec.get(&known, "game_end", 1)? == 1)
                .with_inference(
                    spec.get(&known, "infer", SamplingHandjass::DEFAULT_INFER as usize)? as u32,
                    spec.get(&known, "infer_pool", SamplingHandjass::DEFAULT_INFER_POOL)?,
                )
                .with_exact_tricks(spec.get(&known, "exact_tricks", 0)? as u32)
                .with_reply_tricks(spec.get(
                    &known,
                    "reply_tricks",
                    SamplingHandjass::DEFAULT_REPLY_TRICKS as usize,
                )? as u32)
                .with_threads(threads, budget),
        ))
    }
}

pub use jass_table::splitmix;

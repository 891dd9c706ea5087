//! Any game in `jass arena`, through the registry: each game's entry declares its arena
//! ([`TableGame::arena`]: what a unit is, the seating, how a play goes, the measure, a player
//! only the arena seats); this file seats the players and plays the units, the same for all.

use anyhow::{anyhow, Result};
use jass_core::Player;
use jass_table::arena::{Arena, ArenaReport};
use jass_table::decision_times::{DecisionTime, TimeLog, TimedPlayer};
use jass_table::{GameVisitor, Record, TableGame};
use serde_json::Value;

use crate::players;
use jass_table::GameKind;

/// One unit's figures (per play, read by the game's measure), the times of A's and of B's
/// decisions with a choice, and, if asked, its records.
pub struct Unit {
    pub figures: Vec<Vec<f64>>,
    pub times: [Vec<DecisionTime>; 2],
    pub records: Vec<Record>,
}

/// A game as the arena plays it, its type hidden.
pub trait ArenaGame: Sync {
    /// `deal` or `game`.
    fn unit_name(&self) -> &'static str;
    /// Plays per unit.
    fn plays_per_unit(&self) -> usize;
    /// How the players sit in the plays of a unit.
    fn scheme(&self) -> &str;
    /// Plays unit `i` from `seed`.
    fn play_unit(&self, i: u64, seed: u64, record: bool) -> Result<Unit>;
    /// The summary of all units.
    fn report(&self, units: &[Vec<Vec<f64>>]) -> ArenaReport;
}

/// The arena for `kind` with these options and players (checked here, before any play).
pub fn build(kind: GameKind, opts: &Value, a: &str, b: &str) -> Result<Box<dyn ArenaGame>> {
    kind.visit(Build { opts, a, b })
}

struct Build<'a> {
    opts: &'a Value,
    a: &'a str,
    b: &'a str,
}

impl GameVisitor for Build<'_> {
    type Output = Result<Box<dyn ArenaGame>>;
    fn visit<G: TableGame>(self) -> Self::Output {
        let arena = G::arena(self.opts).map_err(|e| anyhow!(e))?;
        let duplicate = Duplicate {
            arena,
            a: self.a.to_string(),
            b: self.b.to_string(),
        };
        for name in [self.a, self.b] {
            // A player only the arena seats is the game's own; every other name is checked
            // before it is made, a program without being started.
            if !duplicate.seats_seer(name) {
                players::check_name(name).map_err(|e| duplicate.with_seers(e))?;
            }
            duplicate.player(name, 0, 0, 0)?;
        }
        Ok(Box::new(duplicate))
    }
}

/// Game `G`'s arena with its two players.
struct Duplicate<G: TableGame> {
    arena: Arena<G>,
    a: String,
    b: String,
}

impl<G: TableGame> Duplicate<G> {
    /// Whether `name` seats the game's arena-only player (alone, or as either side of a split
    /// seat).
    fn seats_seer(&self, name: &str) -> bool {
        self.arena.seers.iter().any(|seer| {
            name == seer.name
                || jass_table::split_name(name)
                    .is_ok_and(|s| s.is_some_and(|(o, c)| o == seer.name || c == seer.name))
        })
    }

    /// `error` with the arena-only players of this game named too, when it is about a name
    /// no player has (`jass_table`'s "unknown player" message; the arena's CLI test reads both).
    fn with_seers(&self, error: anyhow::Error) -> anyhow::Error {
        if self.arena.seers.is_empty() || !error.to_string().starts_with("unknown player") {
            return error;
        }
        let names: Vec<&str> = self.arena.seers.iter().map(|s| s.name).collect();
        anyhow!(
            "{error:#}; in this game the arena also seats {} (`jass arena --help`, docs/players.md)",
            names.join(", ")
        )
    }

    /// The player `name` at `seat` with `seed`, in a play of the unit seeded `unit_seed`: any
    /// player by name, or the game's arena-only player (`oracle`, or one side of a split seat:
    /// the cards in `sampling+oracle`, the other decisions in `oracle+sampling`), told the unit's
    /// hands.
    fn player(
        &self,
        name: &str,
        seat: usize,
        seed: u64,
        unit_seed: u64,
    ) -> Result<Box<dyn Player<G>>> {
        if let Some(seer) = self.arena.seers.iter().find(|s| s.name == name) {
            return Ok((seer.make)(unit_seed, seed));
        }
        if self.seats_seer(name) {
            if let Some((others, cards)) = jass_table::split_name(name).map_err(|e| anyhow!(e))? {
                return Ok(jass_table::split_player(
                    self.player(others, seat, seed, unit_seed)?,
                    self.player(cards, seat, seed, unit_seed)?,
                ));
            }
        }
        players::player::<G>(name, &self.arena.options, seat, seed)
    }
}

impl<G: TableGame> ArenaGame for Duplicate<G> {
    fn unit_name(&self) -> &'static str {
        self.arena.unit.name()
    }
    fn plays_per_unit(&self) -> usize {
        self.arena.seating.plays()
    }
    fn scheme(&self) -> &str {
        &self.arena.scheme
    }

    fn play_unit(&self, i: u64, seed: u64, record: bool) -> Result<Unit> {
        let logs: [TimeLog; 2] = Default::default();
        let played = self
            .arena
            .play_unit(i, seed, |a, seat, seat_seed| {
                let name = if a { &self.a } else { &self.b };
                let player = self
                    .player(name, seat, seat_seed, seed)
                    .map_err(|e| format!("{e:#}"))?;
                let log = logs[usize::from(!a)].clone();
                Ok(Box::new(TimedPlayer::new(player, log)) as Box<dyn Player<G>>)
            })
            .map_err(|e| anyhow!(e))?;
        let mut unit = Unit {
            figures: Vec::with_capacity(played.len()),
            times: logs.map(|log| log.take()),
            records: Vec::new(),
        };
        for (rec, figures) in played {
            unit.figures.push(figures);
            if record {
                unit.records.push(rec);
            }
        }
        Ok(unit)
    }

    fn report(&self, units: &[Vec<Vec<f64>>]) -> ArenaReport {
        self.arena.measure.report(&self.a, &self.b, units)
    }
}

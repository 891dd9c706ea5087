//! A computer player by name with its settings, as every front end writes it:
//! `sampling:samples=48:max_cards=24`. The name picks the player, the settings after colons are
//! whole numbers checked against what the game's player knows ([`PlayerSpec::get`]); each game
//! reads its own settings in its registry entry (`games/*.rs`).

use std::time::Duration;

use jass_bots::card_play_sampling::CardPlaySettings;
use jass_bots::SamplingSettings;

/// A player name and its settings (`sampling:samples=48:max_cards=24`).
#[derive(Debug)]
pub struct PlayerSpec<'a> {
    /// The player's name (`random`, `rule`, `sampling`, `mcts`).
    pub name: &'a str,
    settings: Vec<(&'a str, usize)>,
}

impl<'a> PlayerSpec<'a> {
    /// Reads `name:key=value:…`; only `rule`, `sampling` and `mcts` take settings.
    pub fn parse(spec: &'a str) -> Result<PlayerSpec<'a>, String> {
        let mut parts = spec.split(':');
        let name = parts.next().unwrap_or("").trim();
        let mut settings = Vec::new();
        for p in parts {
            let Some((k, v)) = p.split_once('=') else {
                return Err(format!("player setting `{p}` in `{spec}` has no value: write it as key=value, e.g. sampling:samples=48"));
            };
            let v: usize = v.trim().parse().map_err(|_| {
                format!("player setting `{p}` in `{spec}`: the value must be a whole number")
            })?;
            let k = k.trim();
            if settings.iter().any(|(seen, _)| *seen == k) {
                return Err(format!(
                    "player setting `{k}` is given twice in `{spec}`: give it once"
                ));
            }
            settings.push((k, v));
        }
        if !settings.is_empty() && !matches!(name, "sampling" | "rule" | "mcts") {
            return Err(format!(
                "player `{name}` takes no settings (only rule, sampling and mcts do: `{spec}`)"
            ));
        }
        Ok(PlayerSpec { name, settings })
    }

    /// True if no setting is given (the player with its defaults).
    pub fn is_plain(&self) -> bool {
        self.settings.is_empty()
    }

    /// The value of `key` (every given setting checked against `known`, the settings this
    /// game's player has, and against the setting's range), or `default`.
    pub fn get(&self, known: &[&str], key: &str, default: usize) -> Result<usize, String> {
        for (k, v) in &self.settings {
            if !known.contains(k) {
                let name = self.name;
                if known.is_empty() {
                    return Err(format!(
                        "unknown {name} setting `{k}`: this game's {name} player takes no settings"
                    ));
                }
                return Err(format!(
                    "unknown {name} setting `{k}`: this game's {name} player knows {}",
                    known.join(", ")
                ));
            }
            let (min, max) = setting_range(k);
            if *v < min || *v > max {
                return Err(format!(
                    "{} setting `{k}={v}`: use {min} .. {max}",
                    self.name
                ));
            }
        }
        Ok(self
            .settings
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, v)| v)
            .unwrap_or(default))
    }

    /// A 0/1 setting as a switch.
    pub fn flag(&self, known: &[&str], key: &str, default: bool) -> Result<bool, String> {
        // A switch missing from `setting_range`'s 0/1 list would refuse its own 0: every
        // player built in the tests reads its switches here, so the slip cannot ship.
        if setting_range(key) != (0, 1) {
            return Err(format!(
                "{} setting `{key}` is a switch but its range is not 0 .. 1 (setting_range)",
                self.name
            ));
        }
        Ok(self.get(known, key, default as usize)? == 1)
    }

    /// `threads` and `budget_ms` (0 or left out: no time budget).
    pub fn threads_and_budget(
        &self,
        known: &[&str],
        default_threads: usize,
    ) -> Result<(usize, Option<Duration>), String> {
        let threads = self.get(known, "threads", default_threads)?;
        let budget = self.get(known, "budget_ms", 0)?;
        let budget = (budget > 0).then(|| Duration::from_millis(budget as u64));
        Ok((threads, budget))
    }

    /// The solver's sampling settings (`samples`, `max_cards`, `contract_samples`, `threads`,
    /// `budget_ms`) over `default` (a game whose player does not know a setting refuses it).
    pub fn solver_settings_with(
        &self,
        known: &[&str],
        default: SamplingSettings,
    ) -> Result<SamplingSettings, String> {
        let (threads, time_budget) = self.threads_and_budget(known, default.threads)?;
        Ok(SamplingSettings {
            samples: self.get(known, "samples", default.samples)?,
            max_cards: self
                .get(known, "max_cards", default.max_cards as usize)?
                .min(36) as u32,
            contract_samples: self.get(known, "contract_samples", default.contract_samples)?,
            threads,
            time_budget,
            ..default
        })
    }

    /// The settings of a card-play game's sampling player ([`CARD_PLAY_KNOWN`]) over `default`.
    pub fn card_play_settings(
        &self,
        default: CardPlaySettings,
    ) -> Result<CardPlaySettings, String> {
        let known = &CARD_PLAY_KNOWN;
        Ok(CardPlaySettings {
            samples: self.get(known, "samples", default.samples)?,
            infer: self.get(known, "infer", default.infer as usize)? as u32,
            infer_pool: self.get(known, "infer_pool", default.infer_pool)?,
            exact_tricks: self.get(known, "exact_tricks", default.exact_tricks as usize)? as u32,
        })
    }
}

/// The settings the sampling player of a card-play game (Hindersi, Schellenjass) knows.
pub const CARD_PLAY_KNOWN: [&str; 4] = ["samples", "infer", "infer_pool", "exact_tricks"];

/// The values a setting may take.
fn setting_range(key: &str) -> (usize, usize) {
    match key {
        // 0: decide like the rule player.
        // first_samples: the Schieber player's first card of a deal (0: as early_samples).
        "announce_samples" | "contract_samples" | "early_samples" | "first_samples"
        | "decision_samples" | "bessern_samples" | "double_samples" => (0, 10_000),
        // Sidi Barrani's auction: the play-outs' share of the estimate (percent), the points
        // added for declaring, and the percentage of play-outs under which a bid is doubled.
        "bid_blend" | "bid_shift" | "double_below" => (0, 100),
        // Sidi Barrani's doubling numbers (`SidiBidding`): the lowest bid doubled, and the
        // points above an average hand in the bidder's denomination a double needs.
        "double_from" => (0, 257),
        "double_support" => (0, 157),
        // The weight in percent of a world per card it does not explain (100: off).
        "infer" | "double_infer" => (0, 100),
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
        // 1: the play-outs play the learned play model's cards (Schieber, Coiffeur,
        // Differenzler, Sidi Barrani); 0: the rule player's.
        // 1: Differenzler's reading and play-outs by the rule card play or the learned model,
        // whichever explains each seat's cards better; 0: as the other settings say.
        // 1: Handjass's decisions before the card play played out by the learned model's
        // cards; 0: the rule card play's.
        // 1: Coiffeur's sampled row choice values the rows left by their outlook on the
        // play-outs' scale; 0: by the rule player's baseline.
        // 1: the Schieber contract's own worlds read forehand's shove and guess the partner's
        // contract by the learned contract model; 0: by the rule player.
        "last_call" | "signals" | "game_end" | "competitive" | "read_auction" | "playout_model"
        | "contract_model" | "adapt" | "decision_model" | "readable" | "bid_model"
        | "row_outlook" | "contract_guess" => (0, 1),
        // The Schieber card play's reading of the others' contract decisions: 0 none, 1 by the
        // rule player's choices, 2 by the learned contract model.
        "contract_evidence" => (0, 2),
        // Cards left when the contract's play-outs hand over to the solver (Schieber; 0: off).
        "contract_handoff" => (0, 36),
        // Redraws of the partner's contract worlds until forehand's hand shoves (0: uniform).
        "contract_read" => (0, 10_000),
        "tt_bits" => (10, 26),
        // Cards left when the play-outs hand over to the solver (Schieber).
        "early_handoff" => (0, 36),
        // The solver's reading of the others' recent cards (Schieber): from how many cards
        // left (0: off), and the points a card may lie below the best and count as explained.
        "read_cards" => (0, 36),
        // The sampling Schieber player's next card chosen once for the worlds alike (issue
        // 42, crates/jass-bots/src/fusion.rs): from how many cards left (0: off).
        "fusion" => (0, 36),
        // The learned play model's weight in the reading of the others' cards, in percent
        // (issue 42: Schieber, Coiffeur, Sidi Barrani by crates/jass-bots/src/play_model.rs,
        // Differenzler by play_model_differenzler.rs; 0: off).
        "belief" => (0, 1_000),
        "read_tol" => (0, 157),
        // The points (averaged over the worlds) a sampling Schieber player's discard signal
        // may cost against the best card (`signals=1`).
        "signal_tol" => (0, 157),
        // The tenths of a point (averaged over the worlds) a sampling Schieber player's
        // readable card may cost against the best card (`readable=1`).
        "readable_tol" => (0, 1_570),
        "node_limit" | "decision_nodes" => (1_000, 1_000_000_000),
        "race_nodes" => (0, 1_000_000_000),
        "budget_ms" => (1, 600_000),
        // The MCTS player: tree iterations per world, UCB1's constant in hundredths.
        "iterations" => (1, 10_000_000),
        "exploration" => (1, 1_000),
        "threads" => (1, 256),
        _ => (1, 10_000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_checked_and_defaulted() {
        let s = PlayerSpec::parse("sampling:samples=48:max_cards=24").unwrap();
        assert_eq!(s.name, "sampling");
        let known = ["samples", "max_cards"];
        assert_eq!(s.get(&known, "samples", 1).unwrap(), 48);
        assert_eq!(s.get(&known, "threads", 3).unwrap(), 3);
        let e = s.get(&["samples"], "samples", 1).unwrap_err();
        assert!(e.contains("unknown sampling setting `max_cards`"), "{e}");
        let e = PlayerSpec::parse("sampling:samples=0")
            .unwrap()
            .get(&known, "samples", 1);
        assert!(e.unwrap_err().contains("use 1 .. 10000"));
        // The switches and the settings whose 0 turns a reading off take 0, and no more than
        // they mean.
        let known = [
            "playout_model",
            "contract_model",
            "contract_read",
            "contract_handoff",
        ];
        for ok in [
            "sampling:playout_model=0:contract_model=0:contract_read=0:contract_handoff=0",
            "sampling:playout_model=1:contract_model=1:contract_read=30:contract_handoff=36",
        ] {
            let s = PlayerSpec::parse(ok).unwrap();
            assert!(s.get(&known, "contract_read", 5).is_ok(), "{ok}");
        }
        let s = PlayerSpec::parse("sampling:playout_model=0").unwrap();
        assert!(!s.flag(&known, "playout_model", true).unwrap());
        // A switch whose range was never declared 0 .. 1 is caught when it is read.
        let e = s.flag(&["samples"], "samples", true).unwrap_err();
        assert!(e.contains("is a switch but its range"), "{e}");
        let s = PlayerSpec::parse("sampling:readable=0").unwrap();
        assert!(!s.flag(&["readable"], "readable", true).unwrap());
        for (bad, range) in [
            ("sampling:playout_model=2", "use 0 .. 1"),
            ("sampling:contract_model=5", "use 0 .. 1"),
            ("sampling:contract_handoff=37", "use 0 .. 36"),
        ] {
            let e = PlayerSpec::parse(bad)
                .unwrap()
                .get(&known, "contract_read", 5);
            assert!(e.unwrap_err().contains(range), "{bad}");
        }
        assert!(PlayerSpec::parse("random:samples=3")
            .unwrap_err()
            .contains("takes no settings"));
        assert!(PlayerSpec::parse("rule:signals")
            .unwrap_err()
            .contains("no value"));
        assert!(PlayerSpec::parse("rule:signals=x")
            .unwrap_err()
            .contains("whole number"));
        assert!(PlayerSpec::parse("rule:signals=1:signals=0")
            .unwrap_err()
            .contains("twice"));
    }
}

//! A computer player by name with its settings, as every front end writes it:
//! `sampling:samples=48:max_cards=24`. The name picks the player, the settings after colons are
//! whole numbers checked against what the game's player knows ([`PlayerSpec::get`]); each game
//! reads its own settings in its registry entry (`games/*.rs`).

use std::cell::RefCell;
use std::time::Duration;

use jass_core::Player;
use serde::Serialize;
use serde_json::{Map, Value};

use jass_bots::card_play_sampling::CardPlaySettings;
use jass_bots::SamplingSettings;

use crate::adapter::TableGame;
use crate::registry::{GameKind, GameVisitor};

/// A player name and its settings (`sampling:samples=48:max_cards=24`).
#[derive(Debug)]
pub struct PlayerSpec<'a> {
    /// The player's name (`random`, `rule`, `sampling`, `mcts`).
    pub name: &'a str,
    settings: Vec<(&'a str, usize)>,
    /// Every key read while the player was built, with the default it was read with (in the
    /// order read): what `jass players` lists, so that its defaults are the ones in use.
    read: RefCell<Vec<(String, usize)>>,
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
        Ok(PlayerSpec {
            name,
            settings,
            read: RefCell::new(Vec::new()),
        })
    }

    /// The value of `key` (every given setting checked against `known`, the settings this
    /// game's player has, and against the setting's range), or `default`.
    pub fn get(&self, known: &[&str], key: &str, default: usize) -> Result<usize, String> {
        if !key.is_empty() {
            let mut read = self.read.borrow_mut();
            if !read.iter().any(|(k, _)| k == key) {
                read.push((key.to_string(), default));
            }
        }
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

    /// The keys read so far with the defaults they were read with.
    pub fn defaults_read(&self) -> Vec<(String, usize)> {
        self.read.borrow().clone()
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
        self.card_play_settings_of(&CARD_PLAY_KNOWN, default)
    }

    /// The card-play settings of a sampling player that knows more (`known`: the keys of
    /// [`CARD_PLAY_KNOWN`] and its own, which its game reads beside) over `default`.
    pub fn card_play_settings_of(
        &self,
        known: &[&str],
        default: CardPlaySettings,
    ) -> Result<CardPlaySettings, String> {
        Ok(CardPlaySettings {
            samples: self.get(known, "samples", default.samples)?,
            infer: self.get(known, "infer", default.infer as usize)? as u32,
            infer_pool: self.get(known, "infer_pool", default.infer_pool)?,
            // (A game whose play-outs are never solved exactly does not know the key.)
            exact_tricks: if known.contains(&"exact_tricks") {
                self.get(known, "exact_tricks", default.exact_tricks as usize)? as u32
            } else {
                default.exact_tricks
            },
        })
    }
}

/// The settings the sampling player of a card-play game (Hindersi, Schellenjass) knows.
pub const CARD_PLAY_KNOWN: [&str; 4] = ["samples", "infer", "infer_pool", "exact_tricks"];

/// A player setting: its key, the values it may take and what it does (`jass players` lists
/// each game's with their defaults, docs/player-settings.md). Where a game's player reads it
/// differently, `meaning` says so.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Setting {
    /// The key after the colon (`samples` in `sampling:samples=48`).
    pub key: &'static str,
    /// The smallest value allowed.
    pub min: usize,
    /// The largest value allowed.
    pub max: usize,
    /// What the setting does, in one sentence.
    pub meaning: &'static str,
}

const fn setting(key: &'static str, min: usize, max: usize, meaning: &'static str) -> Setting {
    Setting {
        key,
        min,
        max,
        meaning,
    }
}

/// Every setting of every game's computer players, with its range and meaning (a key no game
/// knows is refused by [`PlayerSpec::get`] before its range is looked up).
pub const SETTINGS: &[Setting] = &[
    // The worlds and how far they are solved.
    setting("samples", 1, 10_000, "worlds (deals of the hidden cards that agree with what the seat has seen) judged per card decision"),
    setting("max_cards", 1, 36, "the worlds are solved exactly from this many cards left in the hands; earlier cards are judged by play-outs"),
    setting("early_samples", 0, 10_000, "worlds per card decision judged by play-outs before `max_cards` (0: the rule player's card)"),
    setting("first_samples", 0, 10_000, "worlds of play-outs for the seat's first card of a deal (0: as many as `early_samples`)"),
    setting("early_handoff", 0, 36, "the play-outs of the early cards hand over to the solver at the end of the trick that leaves this many cards"),
    setting("contract_samples", 0, 10_000, "worlds per contract decision (trump, schieben, a Coiffeur row, a Sidi Barrani call), each contract played out in each (0: the rule player's choice)"),
    setting("contract_handoff", 0, 36, "the contract's play-outs are solved exactly from this many cards left (0: played out to the end)"),
    setting("contract_read", 0, 10_000, "the partner's worlds after schieben are drawn again up to this many times until forehand's hand is one that shoves (0: drawn uniformly)"),
    setting("announce_samples", 0, 10_000, "worlds for the Differenzler announcement (0: the rule player's announcement)"),
    setting("decision_samples", 0, 10_000, "worlds per Handjass decision before the card play: stay, drop out or take the blind, the six of trumps, agreement (0: the rule player's)"),
    setting("bessern_samples", 0, 10_000, "worlds for the Handjass Bessern choice and each discard (0: the rule player's)"),
    setting("king_share", 50, 200, "Bieter: what the bid counts on a King making in each deal after the first, in percent of a fair share of the deal's points (the rest of the bid from the first deal's estimate)"),
    setting("bid_worlds", 0, 1000, "Palette: worlds of the others' hands in which each bid and trump is played out by the rule card (0: the rule player's bids and trump by its estimate)"),
    setting("exact_tricks", 0, 4, "the last tricks of each play-out solved with all hands open, every seat for its own measure (0: played out by the rules); each trick more costs five to ten times the time"),
    setting("reply_tricks", 0, 5, "the last tricks of each play-out played as the seat's best reply to the others' rule play (0: off)"),
    setting("node_limit", 1_000, 1_000_000_000, "the most search nodes the solver may take for one world (a deterministic cap on the time); a world over it is left out"),
    setting("decision_nodes", 1_000, 1_000_000_000, "the most search nodes of one card decision, all worlds together; once spent, the worlds solved so far decide"),
    setting("race_nodes", 0, 1_000_000_000, "near the end of a game, the most search nodes for the race to the target in all worlds of one decision (0: judged by the deal's points)"),
    setting("tt_bits", 10, 26, "each solver's table holds 2^tt_bits entries of 16 bytes"),
    setting("threads", 1, 256, "threads for the worlds of one decision (the same choices as one thread)"),
    setting("budget_ms", 0, 600_000, "a cap on the time of one decision in milliseconds: the worlds judged by then decide (0: none; with a cap, play depends on the machine)"),
    // Reading the others' cards.
    setting("infer", 0, 100, "a world's weight in percent for each past card of another seat that the rule player would not have played there (100: the cards are not read)"),
    setting("infer_pool", 1, 64, "worlds drawn per world kept, before they are kept in proportion to their weights"),
    setting("belief", 0, 1_000, "the learned play model's weight in percent in reading the others' cards (0: off)"),
    setting("adapt", 0, 1, "1: each other seat read and played out by the rule card play or the learned play model, whichever explains its cards better; 0: as `belief` and `playout_model` say"),
    setting("adapt_odds", 1, 10_000, "how many times better the rule card play must explain a seat's cards for `adapt` to read it as rule-like"),
    setting("playout_model", 0, 1, "1: the play-outs play the learned play model's likeliest card; 0: the rule player's card play"),
    setting("contract_evidence", 0, 2, "the card play reads the others' contract decisions: 0 not, 1 by the rule player's choices, 2 by the learned contract model"),
    setting("contract_model", 0, 1, "1: the contract's worlds read forehand's shove and guess the partner's contract by the learned contract model; 0: by the rule player"),
    setting("contract_guess", 0, 1, "1: after a shove, the card play's worlds are drawn for the contract the learned contract model finds likeliest for the partner's hand; 0: not"),
    setting("infer_announcement", 0, 157, "the others' open Differenzler announcements read: a world counts one unexplained card more for every this many points between a seat's announcement and the rule player's for its hand there (0: not read)"),
    setting("read_auction", 0, 1, "1: the others' cards are read from their auction calls too; 0: from their card play alone"),
    setting("read_cards", 0, 36, "the others' recent cards judged with the solver from this many cards left (0: off)"),
    setting("read_plays", 1, 10_000, "how many of the others' most recent cards the solver judges (`read_cards`)"),
    setting("read_tol", 0, 157, "a card judged by the solver counts as explained within this many points of the seat's best"),
    setting("read_weight", 1, 10_000, "misses counted for each card the solver does not explain (each applies `infer` once more)"),
    // Conventions and choices of the card play.
    setting("talon_margin", 0, 157, "points (by the rules of thumb) the talon must promise above the hand before the player takes it (Schaggi Haas)"),
    setting("signals", 0, 1, "1: give and read 001's discard signals; 0: not"),
    setting("signal_tol", 0, 157, "points (averaged over the worlds) a discard signal may cost against the best card (`signals=1`)"),
    setting("readable", 0, 1, "1: among the cards within `readable_tol` of the best, the one the learned play model finds likeliest for the seat's own hand (a card the partner reads better); 0: off"),
    setting("readable_tol", 0, 1_570, "tenths of a point (averaged over the worlds) a readable card may cost against the best card (`readable=1`)"),
    setting("fusion", 0, 36, "the seat's next card chosen once for the worlds that look alike to it then, from this many cards left (0: off)"),
    setting("game_end", 0, 1, "1: play for the win of the game near its end (Coiffeur and Differenzler: the last deal; Handjass: every deal judged by the chance of a good end of the game); 0: for the deal's points"),
    setting("row_outlook", 0, 1, "1: the Coiffeur row choice values the rows left open by what they bring in the team's deals to come; 0: by the rule player's baseline"),
    setting("decision_model", 0, 1, "1: the Handjass decisions before the card play are played out by the learned play model's cards; 0: by the rule card play"),
    // Sidi Barrani's auction and doubling.
    setting("competitive", 0, 1, "1: the competitive auction numbers; 0: the conservative ones (they also set `double_from` and `double_support`)"),
    setting("bid_blend", 0, 100, "the play-outs' share in percent of the auction's estimates (0: the hand evaluation alone)"),
    setting("bid_shift", 0, 100, "points added to the auction's estimate for declaring"),
    setting("bid_model", 0, 1, "1: the auction's play-outs play the Schieber play model's card for every seat; 0: the rule card play"),
    setting("double_samples", 0, 10_000, "play-outs for a double (0: the rule player's test)"),
    setting("double_below", 0, 100, "a bid is doubled when it is made in fewer than this percentage of the `double_samples` play-outs"),
    setting("double_infer", 0, 100, "the doubling play-outs read the auction calls at this weight in percent per call the rule player would have made otherwise (100: not read)"),
    setting("double_from", 0, 257, "the lowest bid doubled"),
    setting("double_support", 0, 157, "the points above an average hand in the bidder's denomination a double needs"),
    setting("last_call", 0, 1, "1: double a bid that, made, wins the opponents the game (001); 0: not"),
    // The MCTS yardstick.
    setting("worlds", 1, 10_000, "worlds (determinizations) per card decision, each with its own search tree"),
    setting("iterations", 1, 10_000_000, "tree iterations per world"),
    setting("exploration", 1, 1_000, "UCB1's exploration constant in hundredths"),
];

/// One setting of a computer player as `jass players` lists it: the setting and its default.
#[derive(Clone, Debug, Serialize)]
pub struct SettingDefault {
    /// The key, range and meaning.
    #[serde(flatten)]
    pub setting: Setting,
    /// The value the player takes when the setting is left out.
    pub default: usize,
}

/// One of a game's computer players and the settings it takes.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerSettings {
    /// The player's name (`rule`, `sampling`, …).
    pub player: &'static str,
    /// Its settings in the order the game declares them.
    pub settings: Vec<SettingDefault>,
}

/// How a game builds one of its players from a name with settings.
type Build<G> = fn(
    &PlayerSpec,
    &<G as jass_core::record::RecordedGame>::Options,
    u64,
) -> Result<Box<dyn Player<G>>, String>;

impl GameKind {
    /// The game's computer players with every setting each takes: its default as the player
    /// is built (each player is built once with none given, and the defaults its settings were
    /// read with are recorded), its range and its meaning. An error names a setting a player
    /// declares but never reads, reads but does not declare, or one without a meaning.
    pub fn player_settings(self) -> Result<Vec<PlayerSettings>, String> {
        struct List;
        impl GameVisitor for List {
            type Output = Result<Vec<PlayerSettings>, String>;
            fn visit<G: TableGame>(self) -> Self::Output {
                let options = G::read_options(&Value::Object(Map::new())).map_err(|e| e.0)?;
                let players: [(&'static str, &[&'static str], Build<G>); 3] = [
                    ("rule", G::RULE_SETTINGS, G::rule_with),
                    ("sampling", G::SAMPLING_SETTINGS, G::sampling_with),
                    ("mcts", G::MCTS_SETTINGS, G::mcts_with),
                ];
                let mut out = vec![PlayerSettings {
                    player: "random",
                    settings: Vec::new(),
                }];
                for (player, known, build) in players {
                    let spec = PlayerSpec::parse(player)?;
                    match build(&spec, &options, 0) {
                        Ok(_) => {}
                        // The MCTS yardstick plays Schieber only.
                        Err(_) if player == "mcts" && known.is_empty() => continue,
                        Err(e) => return Err(format!("{} {player}: {e}", G::NAME)),
                    }
                    let read = spec.defaults_read();
                    if let Some((key, _)) = read.iter().find(|(k, _)| !known.contains(&k.as_str()))
                    {
                        return Err(format!(
                            "{}'s {player} player reads `{key}` but does not declare it, so it cannot be set",
                            G::NAME
                        ));
                    }
                    let settings = known
                        .iter()
                        .map(|&key| {
                            let default = read.iter().find(|(k, _)| k == key).map(|&(_, d)| d);
                            let default = default.ok_or_else(|| {
                                format!(
                                    "{}'s {player} player declares `{key}` but never reads it",
                                    G::NAME
                                )
                            })?;
                            let setting = *setting_of(key).ok_or_else(|| {
                                format!("setting `{key}` has no row in player_settings::SETTINGS")
                            })?;
                            Ok(SettingDefault { setting, default })
                        })
                        .collect::<Result<Vec<_>, String>>()?;
                    out.push(PlayerSettings { player, settings });
                }
                Ok(out)
            }
        }
        self.visit(List)
    }
}

/// The setting of `key` in [`SETTINGS`].
pub fn setting_of(key: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.key == key)
}

/// The values a setting may take.
fn setting_range(key: &str) -> (usize, usize) {
    setting_of(key).map_or((1, 10_000), |s| (s.min, s.max))
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

    #[test]
    fn every_game_lists_each_players_settings_with_a_default_in_range() {
        let mut used = Vec::new();
        for game in GameKind::ALL {
            let players = game.player_settings().unwrap_or_else(|e| panic!("{e}"));
            let names: Vec<&str> = players.iter().map(|p| p.player).collect();
            assert!(
                names.starts_with(&["random", "rule", "sampling"]),
                "{}: {names:?}",
                game.name()
            );
            for p in &players {
                for s in &p.settings {
                    assert!(
                        (s.setting.min..=s.setting.max).contains(&s.default),
                        "{} {}: `{}` defaults to {}, outside {} .. {}",
                        game.name(),
                        p.player,
                        s.setting.key,
                        s.default,
                        s.setting.min,
                        s.setting.max
                    );
                    // The default is accepted when written out.
                    let written = format!("{}:{}={}", p.player, s.setting.key, s.default);
                    let spec = PlayerSpec::parse(&written).unwrap();
                    let known: Vec<&str> = p.settings.iter().map(|s| s.setting.key).collect();
                    assert_eq!(
                        spec.get(&known, s.setting.key, usize::MAX),
                        Ok(s.default),
                        "{written}"
                    );
                    used.push(s.setting.key);
                }
            }
        }
        // Only Schieber has the MCTS yardstick; the sampling players of the card-play games
        // take four settings, Schieber's many.
        let schieber = GameKind::Schieber.player_settings().unwrap();
        assert_eq!(schieber.len(), 4);
        assert_eq!(schieber[3].player, "mcts");
        let rule = &schieber[1].settings;
        assert_eq!((rule[0].setting.key, rule[0].default), ("signals", 1));
        let sampling = &schieber[2].settings;
        let samples = sampling
            .iter()
            .find(|s| s.setting.key == "samples")
            .unwrap();
        assert_eq!(samples.default, SamplingSettings::default().samples);
        // No row of the table is left that no player takes.
        for s in SETTINGS {
            assert!(
                used.contains(&s.key),
                "`{}` is in SETTINGS but no player takes it",
                s.key
            );
        }
        let keys: Vec<&str> = SETTINGS.iter().map(|s| s.key).collect();
        for (i, k) in keys.iter().enumerate() {
            assert!(!keys[..i].contains(k), "`{k}` is in SETTINGS twice");
        }
    }
}

//! The one adapter each game implements for the table: its options, its actions and views as JSON,
//! its computer players and its recorded play. A new game joins the table, the protocol and the
//! server by implementing [`TableGame`] here.

use jass_bots::{
    RuleCoiffeur, RuleDifferenzler, RuleHandjass, RuleSchieber, RuleSidi, SamplingCoiffeur,
    SamplingDifferenzler, SamplingHandjass, SamplingSchieber, SamplingSettings, SamplingSidi,
};
use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::differenzler::{Differenzler, DifferenzlerOptions, DifferenzlerRecorded};
use jass_core::handjass::{Handjass, HandjassOptions};
use jass_core::record::Record;
use jass_core::schieber::{RecordedAction, Schieber, SchieberOptions};
use jass_core::sidi::{Sidi, SidiOptions, SidiRecorded};
use jass_core::{Game, Player};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::kind::{GameKind, GameSpec, OptionsError};

/// A game as the table sees it.
pub trait TableGame: Game + Send + 'static {
    /// The game's options.
    type Options: Copy + Send + Serialize + DeserializeOwned + 'static;
    /// Which game this is.
    const KIND: GameKind;

    /// The options of `spec` (which must be of this game).
    fn options(spec: &GameSpec) -> Result<Self::Options, OptionsError> {
        if spec.kind != Self::KIND {
            return Err(OptionsError(format!(
                "a {} table cannot take {} options",
                Self::KIND.name(),
                spec.kind.name()
            )));
        }
        serde_json::from_value(spec.options.clone())
            .map_err(|e| OptionsError(format!("bad {} options: {e}", Self::KIND.name())))
    }
    /// An action in record notation (`{"action":"play","card":"HA"}`).
    fn action_json(action: Self::Action) -> Value;
    /// The game's rule-based player (also the fallback for a seat that answers wrongly).
    fn rule_player(options: &Self::Options) -> Box<dyn Player<Self>>;
    /// The game's sampling player, if it has one.
    fn sampling_player(_options: &Self::Options, _seed: u64) -> Option<Box<dyn Player<Self>>> {
        None
    }
    /// Plays a whole game with these players, calling `watch` before every step and at the end.
    fn play(
        options: Self::Options,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String>;
}

fn to_json<T: Serialize>(t: &T) -> Value {
    serde_json::to_value(t).expect("views and actions serialize")
}

impl TableGame for Schieber {
    type Options = SchieberOptions;
    const KIND: GameKind = GameKind::Schieber;
    fn action_json(action: Self::Action) -> Value {
        to_json(&RecordedAction::from(action))
    }
    fn rule_player(options: &Self::Options) -> Box<dyn Player<Self>> {
        Box::new(RuleSchieber::new(*options))
    }
    fn sampling_player(options: &Self::Options, seed: u64) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(SamplingSchieber::new(
            *options,
            SamplingSettings::default(),
            seed,
        )))
    }
    fn play(
        options: Self::Options,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::schieber::play_recorded_watched(options, seed, players, watch)
            .map(Record::Schieber)
    }
}

impl TableGame for Coiffeur {
    type Options = CoiffeurOptions;
    const KIND: GameKind = GameKind::Coiffeur;
    fn action_json(action: Self::Action) -> Value {
        to_json(&RecordedAction::from(action))
    }
    fn rule_player(options: &Self::Options) -> Box<dyn Player<Self>> {
        Box::new(RuleCoiffeur::new(*options))
    }
    fn sampling_player(options: &Self::Options, seed: u64) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(SamplingCoiffeur::new(*options, seed)))
    }
    fn play(
        options: Self::Options,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::coiffeur::play_recorded_watched(options, seed, players, watch)
            .map(Record::Coiffeur)
    }
}

impl TableGame for Handjass {
    type Options = HandjassOptions;
    const KIND: GameKind = GameKind::Handjass;
    fn action_json(action: Self::Action) -> Value {
        to_json(&jass_core::handjass::RecordedAction::from(action))
    }
    fn rule_player(options: &Self::Options) -> Box<dyn Player<Self>> {
        Box::new(RuleHandjass::new(*options))
    }
    fn sampling_player(options: &Self::Options, seed: u64) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(SamplingHandjass::new(*options, seed)))
    }
    fn play(
        options: Self::Options,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::handjass::play_recorded_watched(options, seed, players, watch)
            .map(Record::Handjass)
    }
}

impl TableGame for Sidi {
    type Options = SidiOptions;
    const KIND: GameKind = GameKind::Sidi;
    fn action_json(action: Self::Action) -> Value {
        to_json(&SidiRecorded::from(action))
    }
    fn rule_player(options: &Self::Options) -> Box<dyn Player<Self>> {
        Box::new(RuleSidi::new(*options))
    }
    fn sampling_player(options: &Self::Options, seed: u64) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(SamplingSidi::new(*options, seed)))
    }
    fn play(
        options: Self::Options,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::sidi::play_recorded_watched(options, seed, players, watch).map(Record::Sidi)
    }
}

impl TableGame for Differenzler {
    type Options = DifferenzlerOptions;
    const KIND: GameKind = GameKind::Differenzler;
    fn action_json(action: Self::Action) -> Value {
        to_json(&DifferenzlerRecorded::from(action))
    }
    fn rule_player(options: &Self::Options) -> Box<dyn Player<Self>> {
        Box::new(RuleDifferenzler::new(*options))
    }
    fn sampling_player(options: &Self::Options, seed: u64) -> Option<Box<dyn Player<Self>>> {
        Some(Box::new(SamplingDifferenzler::new(*options, seed)))
    }
    fn play(
        options: Self::Options,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::differenzler::play_recorded_watched(options, seed, players, watch)
            .map(Record::Differenzler)
    }
}

//! The one adapter each game implements for the table: its options, its actions and views as JSON,
//! its computer players and its recorded play. A new game joins the table, the protocol and the
//! server with one `table_game!` line at the end of this file (or its own `impl TableGame`).

use jass_bots::{
    RuleCoiffeur, RuleDifferenzler, RuleHandjass, RuleSchieber, RuleSidi, SamplingCoiffeur,
    SamplingDifferenzler, SamplingHandjass, SamplingSchieber, SamplingSettings, SamplingSidi,
};
use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::deal::seeded_deals;
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

/// One game's adapter: its option type, its name, how an action is written in records, its rule
/// and sampling players, and its recorder (called with the options, the seed, the players and the
/// watcher).
macro_rules! table_game {
    ($game:ty, $options:ty, $kind:expr, $recorded:ty, $rule:ident,
     sampling: |$so:ident, $sseed:ident| $sampling:expr,
     play: |$po:ident, $pseed:ident, $pp:ident, $pw:ident| $play:expr, $variant:path) => {
        impl TableGame for $game {
            type Options = $options;
            const KIND: GameKind = $kind;
            fn action_json(action: Self::Action) -> Value {
                to_json(&<$recorded>::from(action))
            }
            fn rule_player(options: &Self::Options) -> Box<dyn Player<Self>> {
                Box::new($rule::new(*options))
            }
            fn sampling_player(
                options: &Self::Options,
                seed: u64,
            ) -> Option<Box<dyn Player<Self>>> {
                let ($so, $sseed) = (*options, seed);
                Some(Box::new($sampling))
            }
            fn play(
                options: Self::Options,
                seed: u64,
                players: &mut [Box<dyn Player<Self>>],
                watch: &mut dyn FnMut(&Self),
            ) -> Result<Record, String> {
                let ($po, $pseed, $pp, $pw) = (options, seed, players, watch);
                $play.map($variant)
            }
        }
    };
}

table_game!(Schieber, SchieberOptions, GameKind::Schieber, RecordedAction, RuleSchieber,
    sampling: |o, seed| SamplingSchieber::new(o, SamplingSettings::default(), seed),
    play: |o, seed, p, w|
        jass_core::schieber::play_recorded_from(o, Some(seed), p, &mut seeded_deals(seed), w),
    Record::Schieber);
table_game!(Coiffeur, CoiffeurOptions, GameKind::Coiffeur, RecordedAction, RuleCoiffeur,
    sampling: |o, seed| SamplingCoiffeur::new(o, seed),
    play: |o, seed, p, w| jass_core::coiffeur::play_recorded_watched(o, seed, p, w),
    Record::Coiffeur);
table_game!(Handjass, HandjassOptions, GameKind::Handjass,
    jass_core::handjass::RecordedAction, RuleHandjass,
    sampling: |o, seed| SamplingHandjass::new(o, seed),
    play: |o, seed, p, w|
        jass_core::handjass::play_recorded_from(o, Some(seed), p, &mut seeded_deals(seed), w),
    Record::Handjass);
table_game!(Sidi, SidiOptions, GameKind::Sidi, SidiRecorded, RuleSidi,
    sampling: |o, seed| SamplingSidi::new(o, seed),
    play: |o, seed, p, w|
        jass_core::sidi::play_recorded_from(o, Some(seed), p, &mut seeded_deals(seed), w),
    Record::Sidi);
table_game!(Differenzler, DifferenzlerOptions, GameKind::Differenzler,
    DifferenzlerRecorded, RuleDifferenzler,
    sampling: |o, seed| SamplingDifferenzler::new(o, seed),
    play: |o, seed, p, w| jass_core::differenzler::play_recorded_watched(o, seed, p, w),
    Record::Differenzler);

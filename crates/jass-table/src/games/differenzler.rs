//! Differenzler's entry.

use crate::Record;
use jass_bots::{DifferenzlerSettings, RuleDifferenzler, SamplingDifferenzler};
use jass_core::differenzler::{Differenzler, DifferenzlerOptions, DifferenzlerRecorded};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;

/// The settings of the Differenzler sampling player.
const SAMPLING_KNOWN: [&str; 10] = [
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

impl TableGame for Differenzler {
    type Options = DifferenzlerOptions;
    const KIND: GameKind = GameKind::Differenzler;
    const NAME: &'static str = "differenzler";
    const ALIASES: &'static [&'static str] = &[];
    const TITLE: &'static str = "Differenzler";
    const TEAMS: bool = false;
    const OPTIONS_HELP: &'static str = concat!(
        "  deals: number of deals (12; 4 for one round);  trump: turned | random | rotation | chosen\n",
        "  announcements: hidden | open;  obenabe_undenufe (not with turned), weis, stoeck: true | false\n",
        "  trick_rules: weak (003) | strict;  undenufe_eleven: ace | six;  first_dealer: 0 .. 3\n",
        "  miss_penalty, exact_bonus: points (0);  zero_bonus_needs_trick: true | false\n",
        "  See docs/differenzler.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            (
                "open announcements, chosen trump",
                json!({"announcements": "open", "trump": "chosen", "obenabe_undenufe": true, "weis": true, "stoeck": true}),
            ),
            (
                "one round, rotation, strict",
                json!({"deals": 4, "trump": "rotation", "trick_rules": "strict", "miss_penalty": 3, "exact_bonus": 5}),
            ),
        ]
    }
    fn read_options(options: &Value) -> Result<DifferenzlerOptions, OptionsError> {
        read_validated(Self::NAME, options, DifferenzlerOptions::validate)
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&DifferenzlerRecorded::from(action))
    }
    fn rule_player(options: &DifferenzlerOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleDifferenzler::new(*options))
    }
    fn sampling_player(options: &DifferenzlerOptions, seed: u64) -> Box<dyn Player<Self>> {
        Box::new(SamplingDifferenzler::new(*options, seed))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &DifferenzlerOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = SAMPLING_KNOWN;
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
    fn play(
        options: DifferenzlerOptions,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::differenzler::play_recorded_watched(options, seed, players, watch)
            .map(Record::Differenzler)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Differenzler(r) = record else {
            return Verdict::default();
        };
        Verdict {
            // Several seats may share the lowest penalty: then nobody won alone.
            winner: match r.result.winners.as_slice() {
                [w] => Some(usize::from(*w)),
                _ => None,
            },
            totals: totals(&r.result.totals),
            unit: "penalty points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
    }
}

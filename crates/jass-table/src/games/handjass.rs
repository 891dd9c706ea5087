//! Handjass's entry (2 to 5 players).

use crate::Record;
use jass_bots::{RuleHandjass, SamplingHandjass};
use jass_core::deal::seeded_deals;
use jass_core::handjass::{Handjass, HandjassOptions, RecordedAction};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::kind::OptionsError;
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;

/// The settings of the Handjass sampling player.
const SAMPLING_KNOWN: [&str; 10] = [
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

impl TableGame for Handjass {
    type Options = HandjassOptions;
    const KIND: GameKind = GameKind::Handjass;
    const NAME: &'static str = "handjass";
    const ALIASES: &'static [&'static str] = &["sackjass", "butzer", "schlaeger"];
    const TITLE: &'static str = "Handjass";
    const TEAMS: bool = false;
    const OPTIONS_HELP: &'static str = concat!(
        "  preset: 000 (default) | parlett (002) | 004 | 004-twelve | berner | must-play; other keys override the preset\n",
        "  players: 2 .. 5;  target: strokes to retire (7; 5; 9; 27 Berner);  threshold: 26 | 21;  twelve_threshold: null | 31\n",
        "  stroke_above_threshold: false (000: the threshold wins a stroke) | true (004: more than the threshold; 004 preset)\n",
        "  small_deal: blind | bessern | twelve;  drop_out, agreement, sole_takes_all, null_extra_strokes, sack: true | false\n",
        "  six_exchange: after | before | never;  strokes: two | players-minus-one;  tie: draw | draw-always | abeyance | none\n",
        "  sack_window: next-hand | until-cancelled;  last_trick_bonus: card points for the last trick (5; 0 in parlett)\n",
        "  null_stake: stake per null (0 = none);  scoring: last-loser | first-wins\n",
        "  multipliers: none | berner-swiss (bells 4, shields 3, roses 2, acorns 1; berner preset) | berner-french (H 4, D 3, C 2, S 1)\n",
        "  trick_rules: strict | heading;  weis, marriage, weis_height, stoeck, withhold_indicator: true | false\n",
        "  marriage_in_sequence: true (004: the married King and Queen may also serve in a sequence) | false\n",
        "  sequences: natural | trump;  quartets: standard | queens-kings-aces (parlett: 002's values) | above-eight (002: any rank above the 8)\n",
        "  See docs/handjass.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("000, four players", json!({})),
            ("000, two players", json!({"players": 2})),
            ("000, three players", json!({"players": 3})),
            ("000, five players", json!({"players": 5})),
            ("002 (Parlett)", json!({"preset": "parlett"})),
            ("004", json!({"preset": "004"})),
            ("004, twelve cards", json!({"preset": "004-twelve"})),
            ("000 Berner", json!({"preset": "berner"})),
            ("000, everyone plays", json!({"preset": "must-play"})),
        ]
    }
    fn read_options(options: &Value) -> Result<HandjassOptions, OptionsError> {
        // The preset fills in the keys not given (HandjassOptions::from_json).
        HandjassOptions::from_json(options)
            .map_err(|e| OptionsError(format!("{e} (`jass options handjass` lists the options)")))
    }
    fn seat_count(options: &HandjassOptions) -> usize {
        options.players as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&RecordedAction::from(action))
    }
    fn rule_player(options: &HandjassOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleHandjass::new(*options))
    }
    fn sampling_player(options: &HandjassOptions, seed: u64) -> Box<dyn Player<Self>> {
        Box::new(SamplingHandjass::new(*options, seed))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &HandjassOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = SAMPLING_KNOWN;
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
                .with_game_end(spec.flag(&known, "game_end", true)?)
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
    fn play(
        options: HandjassOptions,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::handjass::play_recorded_from(
            options,
            Some(seed),
            players,
            &mut seeded_deals(seed),
            watch,
        )
        .map(Record::Handjass)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Handjass(r) = record else {
            return Verdict::default();
        };
        Verdict {
            winner: r.result.winner.map(usize::from),
            loser: r.result.loser.map(usize::from),
            safe: r.result.retired.iter().map(|&s| usize::from(s)).collect(),
            totals: totals(&r.result.slate),
            unit: "strokes",
            deals: r.deals.len(),
            ..Verdict::default()
        }
    }
}

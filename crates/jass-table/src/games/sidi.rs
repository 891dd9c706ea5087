//! Sidi Barrani's entry.

use crate::Record;
use jass_bots::{RuleSidi, SamplingSettings, SamplingSidi, SidiBidding};
use jass_core::deal::seeded_deals;
use jass_core::sidi::{Sidi, SidiOptions, SidiRecorded};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::games::schieber::per_team;
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{LineRole, ScoreLine};

/// The settings of the Sidi Barrani sampling player.
const SAMPLING_KNOWN: [&str; 13] = [
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

/// Sidi Barrani's auction numbers by the setting `competitive` (1, the default: the competitive
/// ones; 0: the conservative ones of before 2026-11-24), for the rule and the sampling player.
fn bidding(spec: &PlayerSpec, known: &[&str]) -> Result<SidiBidding, String> {
    Ok(if spec.flag(known, "competitive", true)? {
        SidiBidding::COMPETITIVE
    } else {
        SidiBidding::CONSERVATIVE
    })
}

impl TableGame for Sidi {
    type Options = SidiOptions;
    const KIND: GameKind = GameKind::Sidi;
    const NAME: &'static str = "sidi-barrani";
    const ALIASES: &'static [&'static str] = &["sidi"];
    const TITLE: &'static str = "Sidi Barrani";
    const TEAMS: bool = true;
    const OPTIONS_HELP: &'static str = concat!(
        "  target: points to win (2000; 1500, 2500);  double_game: true | false;  double_game_below: 1000 (losers under it: a double game)\n",
        "  min_bid: 40 | 50 | 60;  bid_step: 10 | 5;  obenabe_undenufe, weis, stoeck, four_nines, redouble: true | false\n",
        "  doubling: next-call (001) | first-lead (004) | none;  undenufe_eleven: ace | six;  first_dealer: 0 .. 3\n",
        "  See docs/sidi-barrani.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            (
                "004: double at the first lead, steps of 5",
                json!({"doubling": "first-lead", "bid_step": 5, "min_bid": 40}),
            ),
            (
                "no Weis, no doubling",
                json!({"weis": false, "stoeck": false, "doubling": "none", "obenabe_undenufe": false}),
            ),
        ]
    }
    fn read_options(options: &Value) -> Result<SidiOptions, OptionsError> {
        read_validated(Self::NAME, options, SidiOptions::validate)
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&SidiRecorded::from(action))
    }
    fn rule_player(options: &SidiOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleSidi::new(*options))
    }
    fn sampling_player(options: &SidiOptions, seed: u64) -> Box<dyn Player<Self>> {
        Box::new(SamplingSidi::new(*options, seed))
    }
    fn rule_with(
        spec: &PlayerSpec,
        o: &SidiOptions,
        _seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = ["signals", "last_call", "competitive"];
        Ok(Box::new(
            RuleSidi::new(*o)
                .with_signals(spec.flag(&known, "signals", true)?)
                .with_last_call(spec.flag(&known, "last_call", true)?)
                .with_bidding(bidding(spec, &known)?),
        ))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &SidiOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = SAMPLING_KNOWN;
        let d = SamplingSidi::DEFAULT;
        let settings = SamplingSettings {
            contract_samples: spec.get(&known, "contract_samples", d.contract_samples)?,
            ..spec.solver_settings_with(&known, d)?
        };
        Ok(Box::new(
            SamplingSidi::with_settings(*o, settings, seed)
                .with_early_samples(spec.get(
                    &known,
                    "early_samples",
                    SamplingSidi::DEFAULT_EARLY,
                )?)
                .with_bid_blend(spec.get(
                    &known,
                    "bid_blend",
                    SamplingSidi::DEFAULT_BID_BLEND as usize,
                )? as u32)
                .with_bid_shift(spec.get(
                    &known,
                    "bid_shift",
                    SamplingSidi::DEFAULT_BID_SHIFT as usize,
                )? as u32)
                .with_last_call(spec.flag(&known, "last_call", true)?)
                .with_bidding(bidding(spec, &known)?)
                .with_auction_reading(spec.flag(&known, "read_auction", true)?)
                .with_inference(
                    spec.get(&known, "infer", SamplingSidi::DEFAULT_INFER as usize)? as u32,
                    spec.get(&known, "infer_pool", SamplingSidi::DEFAULT_INFER_POOL)?,
                ),
        ))
    }
    fn play(
        options: SidiOptions,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::sidi::play_recorded_from(
            options,
            Some(seed),
            players,
            &mut seeded_deals(seed),
            watch,
        )
        .map(Record::Sidi)
    }
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let t = self.tally();
        // `made` is known once the deal is scored (a deal thrown in has no contract).
        let (Some(made), Some((bid, _, _))) = (t.made, self.bid()) else {
            return Vec::new();
        };
        let mut lines = vec![ScoreLine::part("card points", per_team(t.card_points))];
        for (label, values) in [
            ("Match", t.match_bonus),
            ("Weis", t.weis),
            ("Stöck", t.stoeck),
        ] {
            if values != [0, 0] {
                lines.push(ScoreLine::part(label, per_team(values)));
            }
        }
        // 001: the bid, times the doubling, goes to the declarers if their card points (with
        // the last trick and Match, without Weis and Stöck) reach it, else to the defenders.
        let factor = match self.factor() {
            1 => String::new(),
            f => format!(" ×{f}"),
        };
        let to = if made {
            "made: to the declarers"
        } else {
            "not made: to the defenders"
        };
        lines.push(ScoreLine::part(
            format!("the bid {bid}{factor} ({to})"),
            per_team(t.bonus),
        ));
        lines.push(ScoreLine {
            label: "deal".into(),
            values: per_team(t.score),
            role: LineRole::Written,
        });
        lines
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Sidi(r) = record else {
            return Verdict::default();
        };
        Verdict {
            winner: r.result.winner.map(usize::from),
            totals: totals(&r.result.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
    }
}

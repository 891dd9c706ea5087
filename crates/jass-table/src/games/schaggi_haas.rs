//! Schaggi Haas's entry (004 "Schaggi Haas", JassWiki "Schaggi-Haas": two players, twelve cards
//! and a talon of four each, the turned card robbed with the six of trumps, the first to 1000
//! wins), with its computer players and phrases beside it (`schaggi_haas/`).

mod players;

use crate::Record;
use jass_core::schaggi_haas::{SchaggiHaas, SchaggiHaasOptions, SchaggiHaasPhase, SEATS};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, TableView};

use players::{RuleSchaggiHaas, SamplingSchaggiHaas, TALON_MARGIN};

/// The rule player's setting: how much more than the hand the talon must promise.
const RULE_KNOWN: [&str; 1] = ["talon_margin"];
/// The sampling player's: its worlds, and the rule player's Bessern.
const SAMPLING_KNOWN: [&str; 5] = ["samples", "infer", "infer_pool", "exact_tricks", "talon_margin"];

impl TableGame for SchaggiHaas {
    const KIND: GameKind = GameKind::SchaggiHaas;
    const COMMAND_ALIASES: &'static [&'static str] = &["schaggihaas", "schaggi_haas"];
    const PHRASES: &'static str = include_str!("schaggi_haas/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const RULE_SETTINGS: &'static [&'static str] = &RULE_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  two players, 12 cards and a talon of 4 each; bessern (the talon for 4 cards of the hand); the trump six robs the turned card\n",
        "  target: the first to reach it wins (1000, 004 and JassWiki)\n",
        "  weis: small (003) | large | none;  four_nines: true (004's table) | false (003)\n",
        "  stoeck: true | false\n",
        "  preset: default (004, JassWiki) | 003 (melds as 003: no four nines); other keys override it\n",
        "  See docs/schaggi-haas.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("003", json!({"four_nines": false})),
        ]
    }
    fn coverage_options() -> Vec<Value> {
        vec![json!({"weis": "large", "stoeck": false, "target": 300})]
    }
    fn read_options(options: &Value) -> Result<SchaggiHaasOptions, OptionsError> {
        read_validated::<Self>(options, SchaggiHaasOptions::validate)
    }
    fn seat_count(_options: &SchaggiHaasOptions) -> usize {
        SEATS
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(options: &SchaggiHaasOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleSchaggiHaas::new(*options, TALON_MARGIN))
    }
    fn rule_with(
        spec: &PlayerSpec,
        options: &SchaggiHaasOptions,
        _seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let margin = spec.get(&RULE_KNOWN, "talon_margin", TALON_MARGIN as usize)?;
        Ok(Box::new(RuleSchaggiHaas::new(*options, margin as u32)))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        options: &SchaggiHaasOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings_of(&SAMPLING_KNOWN, SamplingSchaggiHaas::DEFAULT)?;
        let margin = spec.get(&SAMPLING_KNOWN, "talon_margin", TALON_MARGIN as usize)?;
        Ok(Box::new(SamplingSchaggiHaas::new(
            *options,
            settings,
            margin as u32,
            seed,
        )))
    }
    /// What each player wrote this deal: card points, melds, Stöck (so far, when the game ended
    /// in the deal).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        if !matches!(self.phase(), SchaggiHaasPhase::Deal | SchaggiHaasPhase::Over)
            || self.deals_started() == 0
        {
            return Vec::new();
        }
        let t = self.tally();
        let row = |v: [u32; SEATS]| v.iter().map(|&x| i64::from(x)).collect::<Vec<_>>();
        let mut lines = vec![ScoreLine::new(
            Phrase::new("tricks"),
            t.tricks.iter().map(|&x| i64::from(x)).collect(),
            LineRole::Note,
        )];
        lines.push(ScoreLine::part(Phrase::new("card_points"), row(t.card_points)));
        for (phrase, v) in [
            ("weis", t.melds),
            ("stoeck", t.stoeck),
        ] {
            if v.iter().any(|&x| x != 0) {
                lines.push(ScoreLine::part(Phrase::new(phrase), row(v)));
            }
        }
        lines.push(ScoreLine::new(
            Phrase::new("deal_written"),
            row(t.written),
            LineRole::Written,
        ));
        lines
    }
    /// Each player's card points this deal and points so far; the target.
    fn slate(public: &Value, table: &TableView) -> Slate {
        super::seat_slate(
            public,
            table,
            vec![Phrase::new("schaggi_haas_note_target").with("target", public["target"].clone())],
        )
    }
    /// Who deals (by the cut), the trump and its card, who took his talon, who robbed, whose
    /// melds and Stöck count.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = Vec::new();
        let phase = public["phase"].as_str().unwrap_or("");
        if phase != "deal" {
            if let Some(d) = public["dealer"].as_u64().filter(|_| public["deal_number"] != 0) {
                facts.push(Phrase::new("schaggi_haas_fact_cut").with("seat", d));
            }
        }
        facts.extend(super::trump_facts(public, "trump_card"));
        if let Some(b) = public["bessern"].as_array() {
            let took: Vec<Value> = (0..b.len())
                .filter(|&s| b[s] == true)
                .map(|s| json!(s))
                .collect();
            if !took.is_empty() {
                facts.push(Phrase::new("fact_bessern").with("seats", Value::Array(took)));
            }
        }
        if let Some(r) = public["robbed"].as_u64() {
            facts.push(Phrase::new("fact_six").with("seat", r));
        }
        if let Some(m) = public.get("melds").filter(|m| !m.is_null()) {
            facts.push(Phrase::new("schaggi_haas_fact_melds").with("seat", m["seat"].clone()));
        }
        if let Some(s) = public["stoeck"].as_u64() {
            facts.push(Phrase::new("schaggi_haas_fact_stoeck").with("seat", s));
        }
        facts
    }
    /// The first to reach the target wins.
    fn verdict(record: &Record) -> Verdict {
        let Record::SchaggiHaas(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        Verdict {
            winner: res.winner.map(usize::from),
            totals: totals(&res.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("jass solve has no Schaggi Haas positions: its deals are played from hands changed by Bessern");
}

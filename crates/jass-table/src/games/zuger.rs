//! Zuger's entry (004 "Zuger", JassWiki "Zuger (3 Spieler)": the dealer sits out and writes
//! 10, the others play or fold, a tenth of what each counts is written, under 21 falls into the
//! hole; the game ends when the points written add up to 100), with its computer players and
//! phrases beside it (`zuger/`).

mod players;

use crate::Record;
use jass_core::zuger::{Zuger, ZugerOptions, ZugerPhase};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{sole_winner, to_json, totals, TableGame, Verdict};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::{PlayerSpec, CARD_PLAY_KNOWN};
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, TableView};

use players::{RuleZuger, SamplingZuger};


impl TableGame for Zuger {
    const KIND: GameKind = GameKind::Zuger;
    const COMMAND_ALIASES: &'static [&'static str] = &["zugerjass"];
    const PHRASES: &'static str = include_str!("zuger/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &CARD_PLAY_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  The dealer sits out (10 points); the others play or fold; a tenth of the points counted is written\n",
        "  players: 4 (three play, 004) | 3 (two play, JassWiki)\n",
        "  target: the game ends when all players together have written this (100; JassWiki for three: 150)\n",
        "  rounding: down (127 writes 12) | nearest (125 writes 13) | bauer (down, the dropped tens to the trump Jack's holder)\n",
        "  maybe: true | false (a player may play only if another folds)\n",
        "  force: true | false (near the end the player with the fewest points may force everyone to play)\n",
        "  hole: a player who plays and counts fewer points writes -10 (21)\n",
        "  preset: default (004, four players) | jasswiki (three players, to 150); other keys override it\n",
        "  See docs/zuger.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("jasswiki", json!({"players": 3, "target": 150})),
        ]
    }
    fn coverage_options() -> Vec<Value> {
        vec![json!({"rounding": "bauer", "maybe": false, "target": 40})]
    }
    fn read_options(options: &Value) -> Result<ZugerOptions, OptionsError> {
        read_validated::<Self>(options, ZugerOptions::validate)
    }
    fn seat_count(options: &ZugerOptions) -> usize {
        options.players as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(options: &ZugerOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleZuger::new(*options))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        options: &ZugerOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings(SamplingZuger::DEFAULT)?;
        Ok(Box::new(SamplingZuger::new(*options, settings, seed)))
    }
    /// What each player counted (card points, melds, Stöck) and what it wrote: its tenths or the
    /// hole, a lone player's or a Matsch's 10, the Bauer's, the dealer's 10.
    fn deal_lines(&self) -> Vec<ScoreLine> {
        if !matches!(self.phase(), ZugerPhase::Deal | ZugerPhase::Over) || self.deals_started() == 0
        {
            return Vec::new();
        }
        let n = self.players() as usize;
        let t = self.tally();
        let row = |v: [i64; 4]| v[..n].to_vec();
        let counts = |v: [u32; 4]| v[..n].iter().map(|&x| i64::from(x)).collect::<Vec<_>>();
        let mut lines = Vec::new();
        match self.playing() {
            [] => lines.push(ScoreLine::new(
                Phrase::new("zuger_nobody"),
                vec![0; n],
                LineRole::Note,
            )),
            [alone] => lines.push(ScoreLine::new(
                Phrase::new("zuger_alone").with("seat", *alone),
                vec![0; n],
                LineRole::Note,
            )),
            _ => {
                lines.push(ScoreLine::new(
                    Phrase::new("card_points"),
                    counts(t.card_points),
                    LineRole::Note,
                ));
                lines.push(ScoreLine::new(
                    Phrase::new("zuger_counted"),
                    counts(t.counted),
                    LineRole::Note,
                ));
            }
        }
        let hole = self.options().hole;
        for (phrase, v) in [
            (Phrase::new("zuger_tenths"), t.tenths),
            (Phrase::new("zuger_hole").with("hole", hole), t.hole),
            (Phrase::new("zuger_bonus"), t.bonus),
            (Phrase::new("zuger_bauer"), t.bauer),
            (Phrase::new("zuger_remainder"), t.remainder),
            (Phrase::new("zuger_dealer"), t.dealer),
        ] {
            if v.iter().any(|&x| x != 0) {
                lines.push(ScoreLine::part(phrase, row(v)));
            }
        }
        lines.push(ScoreLine::new(
            Phrase::new("deal_written"),
            row(t.written),
            LineRole::Written,
        ));
        lines
    }
    /// Each player's card points this deal and points written so far; the target.
    fn slate(public: &Value, table: &TableView) -> Slate {
        super::seat_slate(
            public,
            table,
            vec![Phrase::new("zuger_note_target").with("target", public["target"].clone())],
        )
    }
    /// Who deals and sits out, the trump and its card, a force, who plays, whose melds count.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = Vec::new();
        let phase = public["phase"].as_str().unwrap_or("");
        if phase != "deal" && phase != "over" {
            if let Some(d) = public["dealer"].as_u64() {
                facts.push(Phrase::new("zuger_sits_out").with("seat", d));
            }
        }
        facts.extend(super::trump_facts(public, "trump_card"));
        if public["forced"] == true {
            facts.push(Phrase::new("zuger_fact_forced").with("seat", public["forcer"].clone()));
        }
        if let Some(p) = public["playing"].as_array().filter(|p| !p.is_empty()) {
            facts.push(Phrase::new("zuger_fact_playing").with("seats", Value::Array(p.clone())));
        }
        if let Some(m) = public.get("melds").filter(|m| !m.is_null()) {
            facts.push(Phrase::new("zuger_fact_melds").with("seat", m["seat"].clone()));
        }
        facts
    }
    /// The most points win; equal ones share the win.
    fn verdict(record: &Record) -> Verdict {
        let Record::Zuger(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        Verdict {
            winner: sole_winner(&res.winners),
            totals: totals(&res.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Zuger deal is written in tenths when it ends, each player for himself");
}

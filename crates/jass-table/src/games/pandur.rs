//! Pandur's entry (004 "Pandur", JassWiki "Pandur": a 24-card pack, three active players, an
//! auction for the right to play alone; a numerical contract with a trump the soloist names,
//! Misère or Pandur; a player who reaches 15 game points drops out, the last one left loses),
//! with its computer players and phrases beside it (`pandur/`).

mod players;

use crate::Record;
use jass_core::pandur::{Pandur, PandurContract, PandurOptions};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::arena::{Arena, SeatLosses};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::{PlayerSpec, CARD_PLAY_KNOWN};
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, TableView};

use players::{RulePandur, SamplingPandur};

/// A contract in words (`120`, Misère, trump Pandur …).
fn contract_phrase(contract: &Value) -> Phrase {
    match (contract.as_u64(), contract.as_str()) {
        (Some(n), _) => Phrase::new("pandur_points").with("points", n),
        (_, Some("trump-misere")) => Phrase::new("pandur_trump_misere"),
        (_, Some("pandur")) => Phrase::new("pandur_pandur"),
        (_, Some("trump-pandur")) => Phrase::new("pandur_trump_pandur"),
        _ => Phrase::new("pandur_misere"),
    }
}

impl TableGame for Pandur {
    const KIND: GameKind = GameKind::Pandur;
    const COMMAND_ALIASES: &'static [&'static str] = &[];
    const PHRASES: &'static str = include_str!("pandur/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &CARD_PLAY_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  24 cards (the Nines to the Aces), eight to each of three active players; an auction for the right to play alone\n",
        "  players: 4 (the dealer sits out) | 3\n",
        "  target: game points at which a player drops out, safe (15); the last one left loses\n",
        "  dealer_inherits: true | false (with four, the dealer who sits out is credited with a lost contract, unless within two of the target)\n",
        "  preset: default (004, four players) | three-players; other keys override it\n",
        "  See docs/pandur.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("three-players", json!({"players": 3})),
        ]
    }
    fn read_options(options: &Value) -> Result<PandurOptions, OptionsError> {
        read_validated::<Self>(options, PandurOptions::validate)
    }
    fn seat_count(options: &PandurOptions) -> usize {
        options.players as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(_options: &PandurOptions) -> Box<dyn Player<Self>> {
        Box::new(RulePandur::new())
    }
    fn sampling_with(
        spec: &PlayerSpec,
        _o: &PandurOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings(SamplingPandur::DEFAULT)?;
        Ok(Box::new(SamplingPandur::new(settings, seed)))
    }
    /// The soloist's card points (a note where no points count), his melds and marriage, the
    /// contract made or lost and what it wrote to each player.
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let n = self.players() as usize;
        let t = self.tally();
        let per = |v: [u32; 4]| v[..n].iter().map(|&x| i64::from(x)).collect::<Vec<i64>>();
        if self.thrown_in() {
            return vec![
                ScoreLine::new(Phrase::new("pandur_thrown_in"), vec![0; n], LineRole::Note),
                ScoreLine::new(Phrase::new("deal_written"), vec![0; n], LineRole::Written),
            ];
        }
        let (Some(made), Some((contract, soloist))) = (t.made, self.bid()) else {
            return Vec::new();
        };
        let solo = soloist as usize;
        let only_solo = |v: u32| {
            let mut row = vec![0; n];
            row[solo] = i64::from(v);
            row
        };
        let mut lines = vec![
            ScoreLine::new(
                Phrase::new("card_points"),
                per(t.card_points),
                LineRole::Note,
            ),
            ScoreLine::new(
                Phrase::new("pandur_tricks"),
                per(t.tricks.map(u32::from)),
                LineRole::Note,
            ),
        ];
        if let PandurContract::Points(_) = contract {
            for (key, v) in [("pandur_melds", t.melds), ("pandur_marriage", t.stoeck)] {
                if v > 0 {
                    lines.push(ScoreLine::new(
                        Phrase::new(key),
                        only_solo(v),
                        LineRole::Note,
                    ));
                }
            }
            lines.push(ScoreLine::new(
                Phrase::new("pandur_counted"),
                only_solo(t.counted),
                LineRole::Note,
            ));
        }
        let contract_words = contract_phrase(&to_json(&contract));
        lines.push(ScoreLine::part(
            Phrase::new(if made { "pandur_made" } else { "pandur_lost" })
                .with_phrase("contract", contract_words),
            per(t.written),
        ));
        lines.push(ScoreLine::new(
            Phrase::new("deal_written"),
            per(t.written),
            LineRole::Written,
        ));
        lines
    }
    /// Each player's game points and the card points taken this deal; the target.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let target = public["target"].as_u64();
        let notes = target.map(|t| vec![Phrase::new("note_target").with("target", t)]);
        super::seat_slate(public, table, notes.unwrap_or_default())
    }
    /// The contract and its soloist, the trump, who sits out; the melds shown.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = Vec::new();
        let active: Vec<u64> = public["active"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default();
        // While four are in, the dealer sits out.
        if let Some(dealer) = public["dealer"].as_u64().filter(|d| !active.contains(d)) {
            if public["phase"] != "deal" && public["phase"] != "over" {
                facts.push(Phrase::new("pandur_sits_out").with("seat", dealer));
            }
        }
        let safe: Vec<Value> = public["safe"].as_array().cloned().unwrap_or_default();
        if !safe.is_empty() {
            facts.push(Phrase::new("pandur_fact_safe").with("seats", safe));
        }
        if let (Some(contract), Some(seat)) = (
            public.get("contract").filter(|c| !c.is_null()),
            public["soloist"].as_u64(),
        ) {
            let key = if public["phase"] == "auction" {
                "pandur_fact_bid"
            } else {
                "pandur_fact_contract"
            };
            facts.push(
                Phrase::new(key)
                    .with_phrase("contract", contract_phrase(contract))
                    .with("seat", seat),
            );
        }
        if let Some(t) = public["trump"].as_str() {
            facts.push(Phrase::new("fact_trump").with("mode", t));
        }
        if let Some(m) = public.get("melds").filter(|m| !m.is_null()) {
            let key = if m["scored"].as_bool() == Some(true) {
                "pandur_fact_melds"
            } else {
                "pandur_fact_melds_beaten"
            };
            facts.push(Phrase::new(key).with("seat", m["seat"].clone()));
        }
        facts
    }
    /// The default arena (whole games, A in each seat in turn), measured by the games A loses
    /// (004: the last one left in loses) and the game points per deal.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut arena = Arena::new(Self::read_options(given)?);
        arena.measure = Box::new(SeatLosses);
        Ok(arena)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Pandur(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        // 004: the players drop out as they reach the target; the last one left in loses.
        Verdict {
            loser: res.loser.map(usize::from),
            safe: res.safe.iter().map(|&s| usize::from(s)).collect(),
            totals: totals(&res.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Pandur deal is scored when it ends (the contract made or not)");
}

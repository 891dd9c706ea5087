//! Coiffeur's entry.

use crate::Record;
use jass_bots::{RuleCoiffeur, SamplingCoiffeur, SamplingSchieber};
use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::schieber::RecordedAction;
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::arena::{Arena, SeatSeeds, TeamTotals};
use crate::deal_position::{deal_index, DealPoint, DealPosition};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{Cell, LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

/// The settings of the Coiffeur sampling player.
const SAMPLING_KNOWN: [&str; 14] = [
    "samples",
    "contract_samples",
    "row_outlook",
    "max_cards",
    "threads",
    "budget_ms",
    "early_samples",
    "game_end",
    "infer",
    "infer_pool",
    "belief",
    "playout_model",
    "adapt",
    "adapt_odds",
];

impl TableGame for Coiffeur {
    const KIND: GameKind = GameKind::Coiffeur;
    const COMMAND_ALIASES: &'static [&'static str] = &[];
    const TEAMS: bool = true;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const SCHIEBER_CARD_PLAY: bool = true;
    const OPTIONS_HELP: &'static str = concat!(
        "  preset: default | misere-slalom-large-weis | no-weis-zurueckschieben; other keys override it\n",
        "  multipliers: a table, each 1 .. 100 (default {\"D\":4,\"H\":1,\"S\":3,\"C\":2,\"obenabe\":5,\"undenufe\":6,\"misere\":1,\"slalom\":7})\n",
        "  misere, slalom, zurueckschieben, stoeck, four_nines: true | false;  weis: none | small | large\n",
        "  fours_any_rank, undenufe_four_sixes: true | false (003);  large_weis_step: 50 | 20\n",
        "  (misere, slalom: add that row to each list; a Slalom row is played as slalom or slalom-undenufe)\n",
        "  undenufe_eleven: ace | six;  weis_tie: more-cards | list-order;  first_forehand: H7 or seat0 .. seat3\n",
        "  first_lead: forehand (003) | chooser (who chose the row leads: JassWiki \"Ausspiel\")\n",
        "  See docs/coiffeur.md for the source of every option."
    );
    const PHRASES: &'static str = include_str!("coiffeur/phrases.json");

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            (
                "misere-slalom-large-weis",
                json!({"misere": true, "slalom": true, "weis": "large"}),
            ),
            (
                "no-weis-zurueckschieben",
                json!({"weis": "none", "stoeck": false, "zurueckschieben": true}),
            ),
        ]
    }
    /// 003's Weis and forehand leading, as in Schieber.
    fn unwritten_defaults() -> Vec<(&'static str, Value)> {
        vec![
            ("fours_any_rank", json!(false)),
            ("undenufe_four_sixes", json!(false)),
            ("large_weis_step", json!(50)),
            ("first_lead", json!("forehand")),
        ]
    }
    fn read_options(options: &Value) -> Result<CoiffeurOptions, OptionsError> {
        read_validated::<Self>(options, CoiffeurOptions::validate)
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&RecordedAction::from(action))
    }
    fn rule_player(options: &CoiffeurOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleCoiffeur::new(*options))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &CoiffeurOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = SAMPLING_KNOWN;
        let settings = spec.solver_settings_with(&known, SamplingCoiffeur::DEFAULT)?;
        Ok(Box::new(
            SamplingCoiffeur::with_settings(*o, settings, seed)
            .with_early_samples(spec.get(
                &known,
                "early_samples",
                SamplingCoiffeur::DEFAULT_EARLY,
            )?)
            .with_game_end(spec.flag(&known, "game_end", true)?)
            .with_row_outlook(spec.flag(
                &known,
                "row_outlook",
                SamplingCoiffeur::DEFAULT_ROW_OUTLOOK,
            )?)
            .with_playout_model(spec.flag(
                &known,
                "playout_model",
                SamplingCoiffeur::DEFAULT_PLAYOUT_MODEL,
            )?)
            .with_inference(
                spec.get(&known, "infer", SamplingSchieber::DEFAULT_INFER as usize)? as u32,
                spec.get(&known, "infer_pool", SamplingSchieber::DEFAULT_INFER_POOL)?,
            )
            .with_belief(spec.get(
                &known,
                "belief",
                SamplingSchieber::DEFAULT_BELIEF as usize,
            )? as u32)
            .with_adapt(spec.flag(&known, "adapt", SamplingCoiffeur::DEFAULT_ADAPT)?)
            .with_adapt_odds(spec.get(
                &known,
                "adapt_odds",
                SamplingSchieber::DEFAULT_ADAPT_ODDS as usize,
            )? as u32),
        ))
    }
    /// The default arena (a whole game, the teams swapped), measured in the points written.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        Ok(Arena {
            seat_seeds: SeatSeeds {
                per_unit: 8,
                per_play: 0,
                mixed: true,
            },
            measure: Box::new(TeamTotals {
                note: " (points written)",
                per_game: "written",
            }),
            ..Arena::new(Self::read_options(given)?)
        })
    }
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let inner = self.schieber();
        let Some((contract, mut lines)) = super::schieber::deal_lines(inner) else {
            return Vec::new();
        };
        let Some((_, chooser)) = inner.contract() else {
            return Vec::new();
        };
        // 004: "The partnership that determined the type of contract scores the points they
        // achieve", multiplied by the row's factor; the other team writes nothing.
        let m = i64::from(self.options().multipliers.of(contract));
        let team = usize::from(chooser & 1);
        let factors: Vec<i64> = (0..2).map(|t| if t == team { m } else { 0 }).collect();
        let deal = lines.last().map(|l| l.values.clone()).unwrap_or_default();
        let written: Vec<i64> = deal.iter().zip(&factors).map(|(d, f)| d * f).collect();
        lines.push(ScoreLine::new(
            Phrase::new("coiffeur_row")
                .with("factor", m)
                .with("mode", contract.to_string()),
            written.clone(),
            LineRole::Times(factors),
        ));
        lines.push(ScoreLine::new(
            Phrase::new("written"),
            written,
            LineRole::Written,
        ));
        lines
    }
    /// The Coiffeur slate: each row of the two lists with its multiplier and what each team
    /// wrote there, the totals, and the card points of the deal being played.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let c = &public["coiffeur"];
        // The deal being played first: it changes trick by trick.
        let this_deal = SlateRow {
            label: Phrase::new("row_this_deal"),
            side: None,
            cells: table
                .deal_points
                .iter()
                .map(|&p| Cell::Number(i64::from(p)))
                .collect(),
            own: None,
        };
        let mut rows: Vec<SlateRow> = std::iter::once(this_deal)
            .chain(c["rows"].as_array().into_iter().flatten().map(|row| {
                SlateRow {
                    label: Phrase::new("slate_coiffeur_row")
                        .with("mode", row["contract"].clone())
                        .with("factor", row["multiplier"].clone()),
                    side: None,
                    cells: (0..2)
                        .map(|t| super::cell(row["entries"][t].as_i64()))
                        .collect(),
                    own: None,
                }
            }))
            .collect();
        let totals = super::ints(c, "totals");
        rows.push(SlateRow {
            label: Phrase::new("row_total"),
            side: None,
            cells: (0..2)
                .map(|t| super::cell(totals.get(t).copied()))
                .collect(),
            own: None,
        });
        Slate {
            columns: vec![super::side(0), super::side(1)],
            rows,
            notes: Vec::new(),
        }
    }
    fn facts(public: &Value) -> Vec<Phrase> {
        super::contract_facts(public)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Coiffeur(r) = record else {
            return Verdict::default();
        };
        Verdict {
            winner: r.result.winner.map(usize::from),
            totals: totals(&r.result.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Coiffeur deal is scored on its own, its points times the contract's multiplier");
    fn deal_position(record: &Record, at: DealPoint) -> Result<DealPosition, String> {
        let Record::Coiffeur(rec) = record else {
            return Err("not a Coiffeur record".into());
        };
        let d = &rec.deals[deal_index(at, rec.deals.len())?];
        super::schieber::contract_deal(
            at,
            rec.options
                .first_lead
                .leader(d.start.forehand, d.settled.chooser),
            d.hands,
            Some(d.settled.contract),
            &d.actions,
            rec.options.undenufe_eleven,
        )
    }
}

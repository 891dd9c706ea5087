//! Differenzler's entry.

use crate::Record;
use jass_bots::{DifferenzlerSettings, RuleDifferenzler, SamplingDifferenzler};
use jass_core::differenzler::{
    Differenzler, DifferenzlerOptions, DifferenzlerRecord, DifferenzlerRecorded,
};
use jass_core::record::RecordedGame;
use jass_core::mode::LAST_TRICK_BONUS;
use jass_core::{Player, PointTable};
use serde_json::{json, Value};

use crate::adapter::{sole_winner, to_json, totals, TableGame, Verdict};
use crate::arena::{rotating_seat, Arena, ArenaUnit, SeatSeeds, SeatTotals, Seating};
use crate::deal_position::{
    leader_index, replay_to_card, DealPoint, DealPosition, ReplayedTo, SoloAim, SoloDeal,
};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{Cell, LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

/// Per seat, as whole numbers.
fn per_seat<T: Copy + Into<i64>>(values: [T; 4]) -> Vec<i64> {
    values.iter().map(|&v| v.into()).collect()
}

/// The settings of the Differenzler sampling player.
const SAMPLING_KNOWN: [&str; 14] = [
    "samples",
    "announce_samples",
    "game_end",
    "infer",
    "infer_pool",
    "belief",
    "playout_model",
    "adapt",
    "adapt_odds",
    "infer_announcement",
    "exact_tricks",
    "reply_tricks",
    "threads",
    "budget_ms",
];

impl TableGame for Differenzler {
    const KIND: GameKind = GameKind::Differenzler;
    const COMMAND_ALIASES: &'static [&'static str] = &[];
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  preset: default | open-chosen-trump | one-round-rotation-strict; other keys override it\n",
        "  deals: number of deals (16; 12 at some tables, 4 for one round);  trump: turned | random | rotation | chosen\n",
        "  announcements: hidden | open;  obenabe_undenufe (not with turned), weis, stoeck: true | false\n",
        "  trick_rules: weak (003) | strict;  undenufe_eleven: ace | six;  first_dealer: 0 .. 3\n",
        "  miss_penalty: points (0);  exact_bonus: points (10);  zero_bonus (an exact 0): never | with-trick | always\n",
        "  See docs/differenzler.md for the source of every option."
    );
    const PHRASES: &'static str = include_str!("differenzler/phrases.json");

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            (
                "open-chosen-trump",
                json!({"announcements": "open", "trump": "chosen", "obenabe_undenufe": true, "weis": true, "stoeck": true}),
            ),
            (
                "one-round-rotation-strict",
                json!({"deals": 4, "trump": "rotation", "trick_rules": "strict", "miss_penalty": 3, "exact_bonus": 5}),
            ),
        ]
    }
    fn read_options(options: &Value) -> Result<DifferenzlerOptions, OptionsError> {
        read_validated::<Self>(options, DifferenzlerOptions::validate)
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&DifferenzlerRecorded::from(action))
    }
    fn rule_player(options: &DifferenzlerOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleDifferenzler::new(*options))
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
            belief: spec.get(&known, "belief", d.belief as usize)? as u32,
            playout_model: spec.get(&known, "playout_model", d.playout_model as usize)? != 0,
            adapt: spec.get(&known, "adapt", d.adapt as usize)? != 0,
            adapt_odds: (spec.get(&known, "adapt_odds", d.adapt_odds as usize)? as u32).max(1),
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
    /// The deal's penalty from the forecast: the card points taken (with Weis and Stöck where
    /// the options count them) make the points taken, their distance from the forecast the
    /// difference, which the miss penalty raises and the exact bonus lowers (options
    /// `miss_penalty`, `exact_bonus`; docs/differenzler.md).
    /// A unit is a one-deal game (`-o deals=N`: an N-deal game), played with A in each seat in
    /// turn; the dealer rotates with the unit unless `-o first_dealer` is given. Measure: the
    /// penalty per deal of A and of B, and A's share of the games won.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut given = given.clone();
        let Some(map) = given.as_object_mut() else {
            return Err(OptionsError(format!(
                "bad {} options: {given} is not an object of options",
                Self::NAME
            )));
        };
        map.entry("deals").or_insert(json!(1));
        let rotate_dealer = !map.contains_key("first_dealer");
        let options = Self::read_options(&given)?;
        let game = if options.deals == 1 {
            "deal".to_string()
        } else {
            format!("{}-deal game", options.deals)
        };
        Ok(Arena {
            unit: if options.deals == 1 {
                ArenaUnit::Deal
            } else {
                ArenaUnit::Game
            },
            scheme: Seating::EachSeat(4).scheme(&game, "with the same hands in the same seats"),
            seat_seeds: SeatSeeds {
                per_unit: 16,
                per_play: 4,
                mixed: true,
            },
            play: Box::new(move |unit, seed, players| {
                let o = DifferenzlerOptions {
                    first_dealer: rotating_seat(rotate_dealer, unit, options.first_dealer),
                    ..options
                };
                Self::play(o, seed, players, &mut |_| {})
            }),
            measure: Box::new(SeatTotals {
                name: "penalty",
                lower_wins: true,
            }),
            ..Arena::new(options)
        })
    }
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let t = self.tally();
        let forecast = self.announcements();
        if !t.scored || forecast.iter().any(Option::is_none) {
            return Vec::new();
        }
        let forecast: Vec<i64> = forecast.iter().map(|a| i64::from(a.unwrap_or(0))).collect();
        let o = self.options();
        let mut lines = vec![
            ScoreLine::new(Phrase::new("forecast"), forecast.clone(), LineRole::Note),
            ScoreLine::part(Phrase::new("card_points"), per_seat(t.card_points)),
        ];
        if o.weis {
            lines.push(ScoreLine::part(Phrase::new("weis"), per_seat(t.weis)));
        }
        if o.stoeck {
            lines.push(ScoreLine::part(Phrase::new("stoeck"), per_seat(t.stoeck)));
        }
        lines.push(ScoreLine::new(
            Phrase::new("taken"),
            per_seat(t.taken),
            LineRole::Sum,
        ));
        lines.push(ScoreLine::new(
            Phrase::new("difference"),
            per_seat(t.difference),
            LineRole::Distance(forecast),
        ));
        // What the options add to or take from the difference: on a miss, on an exact hit.
        let adjust: Vec<i64> = (0..4)
            .map(|s| i64::from(t.penalty[s]) - i64::from(t.difference[s]))
            .collect();
        if o.miss_penalty > 0 {
            let miss = adjust.iter().map(|&a| a.max(0)).collect();
            lines.push(ScoreLine::part(
                Phrase::new("miss_penalty").with("points", o.miss_penalty),
                miss,
            ));
        }
        if o.exact_bonus > 0 {
            let exact = adjust.iter().map(|&a| a.min(0)).collect();
            lines.push(ScoreLine::part(
                Phrase::new("exact_bonus").with("points", o.exact_bonus),
                exact,
            ));
        }
        lines.push(ScoreLine::new(
            Phrase::new("penalty_written"),
            per_seat(t.penalty),
            LineRole::Written,
        ));
        lines
    }
    /// Each seat's forecast (hidden ones as hidden: the seat's own view holds its own), the
    /// card points it has taken this deal, its penalty so far.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let totals = super::ints(public, "totals");
        let rows = (0..totals.len())
            .map(|s| {
                let said = match public["announcements"][s].as_i64() {
                    Some(points) => Cell::Number(points),
                    None if public["announced"][s] == true => Cell::Hidden,
                    None => Cell::Empty,
                };
                SlateRow {
                    label: super::side(s),
                    side: Some(s),
                    cells: vec![
                        said,
                        super::deal_points_cell(table, s),
                        Cell::Number(totals[s]),
                    ],
                    own: Some("announcements"),
                }
            })
            .collect();
        Slate {
            columns: vec![
                Phrase::new("col_forecast"),
                Phrase::new("col_taken"),
                Phrase::new("col_penalty"),
            ],
            rows,
            notes: Vec::new(),
        }
    }
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = super::trump_facts(public, "trump_card");
        if let (Some(d), Some(n)) = (public["deal_number"].as_u64(), public["deals"].as_u64()) {
            facts.push(Phrase::new("fact_deal_of").with("deal", d).with("deals", n));
        }
        facts
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Differenzler(r) = record else {
            return Verdict::default();
        };
        Verdict {
            // Several seats may share the lowest penalty: then nobody won alone.
            winner: sole_winner(&r.result.winners),
            totals: totals(&r.result.totals),
            unit: "penalty points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Differenzler deal counts each player's miss of his announcement");
    fn deal_position(record: &Record, at: DealPoint) -> Result<DealPosition, String> {
        let Record::Differenzler(rec) = record else {
            return Err("not a Differenzler record".into());
        };
        solo_position(rec, at).map(DealPosition::Solo)
    }
}

/// The position of a Differenzler deal, the record replayed through the engine: every player
/// for himself, aiming at his announcement.
fn solo_position(rec: &DifferenzlerRecord, at: DealPoint) -> Result<SoloDeal, String> {
    let ReplayedTo { now: g, end, mover } = replay_to_card(rec, at)?;
    let d = &rec.deals[at.deal - 1];
    // The Weis and Stöck the deal gives, from its end in the record (they depend on the
    // declarations, not on the cards played; the holder of the Stöck plays both sooner or later).
    let tally = end.tally();
    let mode = g
        .mode()
        .ok_or_else(|| format!("deal {} has no trump", at.deal))?;
    let seats: Vec<u8> = (0..4).collect();
    let now = g.tally();
    let trick = g.current_trick().to_vec();
    let leader = leader_index(&seats, mover, trick.len())?;
    let opts = rec.options;
    Ok(SoloDeal {
        hands: g.hands().to_vec(),
        leader,
        mode,
        points: PointTable::new(mode, opts.undenufe_eleven),
        rules: opts.trick_rules,
        last_bonus: LAST_TRICK_BONUS,
        trick,
        taken: now.card_points.to_vec(),
        tricks: now.tricks.to_vec(),
        extra: (0..4).map(|s| tally.weis[s] + tally.stoeck[s]).collect(),
        legal: g.legal_cards(),
        seats,
        aim: SoloAim::Announced {
            announced: d.settled.announcements.to_vec(),
            penalty: Box::new(move |announced, points, tricks| {
                opts.penalty(announced, points, tricks)
            }),
        },
    })
}

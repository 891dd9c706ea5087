//! Molotow's entry (004 "Molotow": four players, each for himself; the trump set by the first card
//! off suit; the table melds written by the trick's taker; the fewest points win), with its
//! computer players and phrases beside it (`molotow/`).

mod players;

use crate::Record;
use jass_core::molotow::{Molotow, MolotowOptions, TableMelds, PLAYERS};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{sole_winner, to_json, totals, TableGame, Verdict};
use crate::arena::{Arena, SeatTotals};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, TableView};

use players::{RuleMolotow, SamplingMolotow, SAMPLING_KNOWN};

impl TableGame for Molotow {
    const KIND: GameKind = GameKind::Molotow;
    const COMMAND_ALIASES: &'static [&'static str] = &[];
    const PHRASES: &'static str = include_str!("molotow/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  four players, 9 cards each; no trump until the first card off suit sets it; the fewest points win\n",
        "  deals: deals to play (8: each player deals twice; 004 names none)\n",
        "  table_melds: all (004: \"a meld on the table\": three or four in sequence, four of a rank) | sequences\n",
        "  preset: default | sequences (only sequences on the table); other keys override it\n",
        "  See docs/molotow.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("sequences", json!({"table_melds": "sequences"})),
        ]
    }
    fn read_options(options: &Value) -> Result<MolotowOptions, OptionsError> {
        read_validated::<Self>(options, MolotowOptions::validate)
    }
    fn seat_count(_options: &MolotowOptions) -> usize {
        PLAYERS as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(_options: &MolotowOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleMolotow::new())
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &MolotowOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings_of(&SAMPLING_KNOWN, SamplingMolotow::DEFAULT)?;
        Ok(Box::new(SamplingMolotow::new(*o, settings, seed)))
    }
    /// The tricks each player took (a note), his card points and table melds: what the deal
    /// writes to him (docs/molotow.md).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let Some(score) = self.played_deal_score() else {
            return Vec::new();
        };
        let n = PLAYERS as usize;
        let seat = |v: &[u32]| -> Vec<i64> { v[..n].iter().map(|&x| i64::from(x)).collect() };
        let tricks: Vec<u32> = score.tricks.iter().map(|&t| u32::from(t)).collect();
        vec![
            ScoreLine::new(Phrase::new("molotow_tricks"), seat(&tricks), LineRole::Note),
            ScoreLine::part(Phrase::new("card_points"), seat(&score.card_points)),
            ScoreLine::part(
                Phrase::new("molotow_table_melds"),
                seat(&score.table_melds),
            ),
            ScoreLine::new(
                Phrase::new("slate_written"),
                seat(&score.points),
                LineRole::Written,
            ),
        ]
    }
    /// Each player's points this deal and written so far; the deal under way, the fewest win.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let mut notes = Vec::new();
        if let (Some(d), Some(of)) = (public["deal_number"].as_u64(), public["deals"].as_u64()) {
            notes.push(
                Phrase::new("molotow_note_deal")
                    .with("deal", d.max(1))
                    .with("deals", of),
            );
        }
        super::seat_slate(public, table, notes)
    }
    /// The trump once set, or that the first card off suit sets it; the aim and the table melds.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = super::trump_facts(public, "trump_card");
        if facts.is_empty() && public["phase"] == "play" {
            facts.push(Phrase::new("fact_no_trump_yet"));
        }
        let melds = serde_json::from_value::<TableMelds>(public["table_melds"].clone());
        facts.push(Phrase::new(match melds {
            Ok(TableMelds::Sequences) => "molotow_fact_aim_sequences",
            _ => "molotow_fact_aim_all",
        }));
        facts
    }
    /// The default arena (A in each seat in turn), its totals the points written, the fewest
    /// winning.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut arena = Arena::new(Self::read_options(given)?);
        arena.measure = Box::new(SeatTotals {
            name: "points",
            lower_wins: true,
        });
        Ok(arena)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Molotow(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        Verdict {
            // Several seats may share the fewest points: nobody won alone.
            winner: sole_winner(&res.winners),
            totals: totals(&res.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Molotow deal counts each player's own points and table melds, the fewest best");
}

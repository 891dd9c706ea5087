//! Schellenjass's entry (Herzjass with French cards; 2 to 4 players, each for himself), with its
//! computer players beside it (`players.rs`).

mod players;

use crate::Record;
use jass_core::schellenjass::{Schellenjass, SchellenjassOptions, SchellenjassRecord};
use jass_core::{Player, PointTable};
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::arena::{Arena, SeatTotals};
use crate::deal_position::{card_play_point, DealPoint, DealPosition, SoloAim, SoloDeal};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::{PlayerSpec, CARD_PLAY_KNOWN};
use crate::registry::GameKind;
use crate::view::{Cell, LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

use players::{RuleSchellenjass, SamplingSchellenjass};

impl TableGame for Schellenjass {
    const KIND: GameKind = GameKind::Schellenjass;
    const COMMAND_ALIASES: &'static [&'static str] = &["herzjass"];
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &CARD_PLAY_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  players: 2 | 3 | 4 (004; all 36 cards dealt);  suit: D (Schellen) | H (Herzjass, French cards)\n",
        "  preset: default (004, four players) | herzjass | three-players | two-players-to-9; other keys override it\n",
        "  target: lines to win (7);  turi_lines: lines for all nine cards of the suit (3, 004)\n",
        "  See docs/schellenjass.md for the source of every option."
    );
    const PHRASES: &'static str = include_str!("schellenjass/phrases.json");

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("herzjass", json!({"suit": "H"})),
            ("three-players", json!({"players": 3})),
            ("two-players-to-9", json!({"players": 2, "target": 9})),
        ]
    }
    fn read_options(options: &Value) -> Result<SchellenjassOptions, OptionsError> {
        read_validated::<Self>(options, SchellenjassOptions::validate)
    }
    fn seat_count(options: &SchellenjassOptions) -> usize {
        options.players as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(options: &SchellenjassOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleSchellenjass::new(*options))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &SchellenjassOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings(SamplingSchellenjass::DEFAULT)?;
        Ok(Box::new(SamplingSchellenjass::new(*o, settings, seed)))
    }
    /// The cards of the suit each player took (a note), the lines they write: a Turi's to its
    /// maker alone, else a line to every player but the one(s) with the most (docs/schellenjass.md).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let Some(score) = self.played_deal_score() else {
            return Vec::new();
        };
        let n = self.options().players as usize;
        let seat = |v: &[u32]| -> Vec<i64> { v[..n].iter().map(|&x| i64::from(x)).collect() };
        let bells: Vec<u32> = score.bells.iter().map(|&b| u32::from(b)).collect();
        let written = seat(&score.lines);
        vec![
            ScoreLine::new(
                Phrase::new(suit_phrase(self.options().suit.letter(), "taken")),
                seat(&bells),
                LineRole::Note,
            ),
            ScoreLine::part(
                match score.turi {
                    Some(_) => Phrase::new("turi").with("lines", self.options().turi_lines),
                    None => Phrase::new("line_not_most"),
                },
                written.clone(),
            ),
            ScoreLine::new(Phrase::new("slate_written"), written, LineRole::Written),
        ]
    }
    /// Each player's cards of the suit this deal ("this deal") and lines on the slate; the
    /// target.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let lines = super::ints(public, "lines");
        let rows = (0..lines.len())
            .map(|s| SlateRow {
                label: super::side(s),
                side: Some(s),
                cells: vec![
                    super::deal_points_cell(table, s),
                    Cell::Number(lines[s]),
                ],
                own: None,
            })
            .collect();
        Slate {
            columns: vec![
                // The cards of the suit taken this deal: what the tricks' `points` count here.
                Phrase::new("col_this_deal"),
                Phrase::new("col_lines"),
            ],
            rows,
            notes: public["target"]
                .as_u64()
                .map(|t| vec![Phrase::new("note_target_lines").with("target", t)])
                .unwrap_or_default(),
        }
    }
    /// The suit to avoid.
    fn facts(public: &Value) -> Vec<Phrase> {
        vec![Phrase::new(suit_phrase(suit_of(public), "fact"))]
    }
    /// The default arena, its totals called what they are: the lines written (the most win).
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut arena = Arena::new(Self::read_options(given)?);
        arena.measure = Box::new(SeatTotals {
            name: "lines",
            lower_wins: false,
        });
        Ok(arena)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Schellenjass(r) = record else {
            return Verdict::default();
        };
        Verdict {
            winner: r.result.winner.map(usize::from),
            totals: totals(&r.result.totals),
            unit: "lines",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Schellenjass deal writes each player's lines by the cards of one suit taken");
    fn deal_position(record: &Record, at: DealPoint) -> Result<DealPosition, String> {
        let Record::Schellenjass(rec) = record else {
            return Err("not a Schellenjass record".into());
        };
        solo_position(rec, at).map(DealPosition::Solo)
    }
}

/// The position of a Schellenjass deal, the record replayed through the engine: every player
/// for himself, no trump, the points the cards of the suit taken (no last trick), scored in
/// lines as the engine writes them (004; the Turi included).
fn solo_position(rec: &SchellenjassRecord, at: DealPoint) -> Result<SoloDeal, String> {
    let (g, deal) = card_play_point(rec, at)?;
    let opts = *g.options();
    let n = deal.seats.len();
    let lines = move |counts: &[u32]| Schellenjass::lines_of_counts(&opts, counts);
    Ok(SoloDeal {
        mode: players::MODE,
        points: PointTable::cards_of(opts.suit),
        last_bonus: 0,
        taken: g.bells()[..n].iter().map(|&b| u32::from(b)).collect(),
        aim: SoloAim::Lines {
            lines: Box::new(lines),
        },
        ..deal
    })
}

/// The suit to avoid of a public view (`D` or `H`).
fn suit_of(public: &Value) -> char {
    public["suit"]
        .as_str()
        .and_then(|s| s.chars().next())
        .unwrap_or('D')
}

/// The phrase of `what` (`taken`, `fact`) for the suit to avoid: the suit is named in
/// the phrase itself (Schellen, or hearts in Herzjass), not as a trump mode, which it is not.
fn suit_phrase(suit: char, what: &str) -> &'static str {
    match (suit, what) {
        ('H', "taken") => "hearts_taken",
        ('H', _) => "fact_avoid_hearts",
        (_, "taken") => "bells_taken",
        _ => "fact_avoid_bells",
    }
}

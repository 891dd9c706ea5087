//! Mittlere's entry (Mittlerejass: three players, each for himself; the trump set by the first
//! card off suit; the middle score marked down), with its computer players and phrases beside it
//! (`mittlere/`).

pub(crate) mod players;

use crate::Record;
use jass_core::mittlere::{Mittlere, MittlereOptions, Outcome, PLAYERS};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{sole_winner, to_json, totals, TableGame, Verdict};
use crate::arena::{Arena, SeatTotals};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::{PlayerSpec, CARD_PLAY_KNOWN};
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

use players::{RuleMittlere, SamplingMittlere};

impl TableGame for Mittlere {
    const KIND: GameKind = GameKind::Mittlere;
    const COMMAND_ALIASES: &'static [&'static str] = &["mittlerejass"];
    const PHRASES: &'static str = include_str!("mittlere/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &CARD_PLAY_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  three players, 12 cards each; no trump until the first card off suit sets it\n",
        "  deals: deals to play (12: each player deals four times; the sources name none)\n",
        "  hundred: 100-or-more (JassWiki: \"100 und mehr\") | over-100 (004: \"over 100\"): too many points\n",
        "  ranking: net (Striche less Nuller: 004's -2 and +1) | striche (004's game \"without negative points\")\n",
        "  preset: default | 004 (over 100); other keys override it\n",
        "  See docs/mittlere.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("004", json!({"hundred": "over-100"})),
        ]
    }
    fn read_options(options: &Value) -> Result<MittlereOptions, OptionsError> {
        read_validated::<Self>(options, MittlereOptions::validate)
    }
    fn seat_count(_options: &MittlereOptions) -> usize {
        PLAYERS as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(_options: &MittlereOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleMittlere::new())
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &MittlereOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings(SamplingMittlere::DEFAULT)?;
        Ok(Box::new(SamplingMittlere::new(*o, settings, seed)))
    }
    /// The points and tricks each player took (notes), how the deal was marked, its Striche,
    /// less its Nuller under `ranking` `net`: what the slate's ranking gains (docs/mittlere.md).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let Some(score) = self.played_deal_score() else {
            return Vec::new();
        };
        let n = PLAYERS as usize;
        let seat = |v: &[u32]| -> Vec<i64> { v[..n].iter().map(|&x| i64::from(x)).collect() };
        let tricks: Vec<u32> = score.tricks.iter().map(|&t| u32::from(t)).collect();
        let striche = seat(&score.striche);
        let nuller = seat(&score.nuller);
        let marked = match score.outcome {
            Outcome::Annulled => Phrase::new("mittlere_annulled"),
            Outcome::Match { seat } => Phrase::new("mittlere_match").with("seat", seat),
            Outcome::Penalty => Phrase::new("mittlere_penalty"),
            Outcome::Middle => Phrase::new("mittlere_middle"),
        };
        let mut lines = vec![
            ScoreLine::new(
                Phrase::new("mittlere_points"),
                seat(&score.card_points),
                LineRole::Note,
            ),
            ScoreLine::new(Phrase::new("mittlere_tricks"), seat(&tricks), LineRole::Note),
        ];
        let written = super::marks_lines(
            &mut lines,
            marked,
            (striche, nuller),
            self.options().ranking,
            ("mittlere_nuller_minus", "mittlere_nuller_note"),
        );
        lines.push(ScoreLine::new(
            Phrase::new("slate_written"),
            written,
            LineRole::Written,
        ));
        lines
    }
    /// Each player's points this deal, Striche and Nuller; the deal under way, and how the marks
    /// rank.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let striche = super::ints(public, "striche");
        let nuller = super::ints(public, "nuller");
        let rows = (0..striche.len())
            .map(|s| SlateRow {
                label: super::side(s),
                side: Some(s),
                cells: vec![
                    super::deal_points_cell(table, s),
                    super::cell(striche.get(s).copied()),
                    super::cell(nuller.get(s).copied()),
                ],
                own: None,
            })
            .collect();
        let mut notes = Vec::new();
        if let (Some(d), Some(of)) = (public["deal_number"].as_u64(), public["deals"].as_u64()) {
            notes.push(
                Phrase::new("mittlere_note_deal")
                    .with("deal", d.max(1))
                    .with("deals", of),
            );
        }
        notes.push(super::rank_note(public));
        Slate {
            columns: vec![
                Phrase::new("col_this_deal"),
                Phrase::new("col_striche"),
                Phrase::new("col_nuller"),
            ],
            rows,
            notes,
        }
    }
    /// The trump once set, or that the first card off suit sets it; the aim.
    fn facts(public: &Value) -> Vec<Phrase> {
        // (No card is turned for the trump: its card is the first off suit, in the tricks.)
        let mut facts = super::trump_facts(public, "trump_card");
        if facts.is_empty() && public["phase"] == "play" {
            facts.push(Phrase::new("fact_no_trump_yet"));
        }
        facts.push(Phrase::new(match public["hundred"].as_str() {
            Some("over-100") => "mittlere_fact_aim_over",
            _ => "mittlere_fact_aim_or_more",
        }));
        facts
    }
    /// The default arena, its totals called what the verdict calls them: the strokes (Striche,
    /// less Nuller under `ranking` `net`; the most win).
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut arena = Arena::new(Self::read_options(given)?);
        arena.measure = Box::new(SeatTotals {
            name: "strokes",
            lower_wins: false,
        });
        Ok(arena)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Mittlere(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        let mut verdict = Verdict {
            // Several seats may share the best score: nobody won alone.
            winner: sole_winner(&res.winners),
            totals: totals(&res.score),
            unit: "strokes",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS);
        if let Some(w) = verdict.winner {
            verdict.lines.push(
                Phrase::new("verdict_marks")
                    .with("striche", res.striche[w])
                    .with("nuller", res.nuller[w]),
            );
        }
        verdict
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Mittlere deal is marked by the order of three scores, not a race");
}

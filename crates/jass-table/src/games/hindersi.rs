//! Hindersi's entry (Hintersich-Jass, a reverse Jass: the fewest card points; 4 or 3 players,
//! each for himself), with its computer players and phrases beside it (`hindersi/`).

mod players;

use crate::Record;
use jass_core::hindersi::{Hindersi, HindersiOptions, HindersiRecord, DEAL_POINTS};
use jass_core::{Player, PointTable, UndenufeEleven};
use serde_json::{json, Value};

use crate::adapter::{sole_winner, to_json, totals, TableGame, Verdict};
use crate::arena::{Arena, SeatTotals};
use crate::deal_position::{card_play_point, DealPoint, DealPosition, SoloAim, SoloDeal};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::{PlayerSpec, CARD_PLAY_KNOWN};
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

use players::{RuleHindersi, SamplingHindersi};

impl TableGame for Hindersi {
    const KIND: GameKind = GameKind::Hindersi;
    const COMMAND_ALIASES: &'static [&'static str] = &["hintersich"];
    const PHRASES: &'static str = include_str!("hindersi/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &CARD_PLAY_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  players (or seats): 4 | 3 (004, JassWiki; all 36 cards dealt, 9 or 12 each)\n",
        "  parties: Parties of one round of deals each (4; 004: \"4 or 8\")\n",
        "  ranking: net (Striche less Nuller, 004's \"minus mark\") | striche (JassWiki: the most Striche)\n",
        "  preset: default (four players, 4 Parties) | three-players | eight-parties | jasswiki (three players, ranking striche); other keys override it\n",
        "  See docs/hindersi.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("three-players", json!({"players": 3})),
            ("eight-parties", json!({"parties": 8})),
            ("jasswiki", json!({"players": 3, "ranking": "striche"})),
        ]
    }
    fn read_options(options: &Value) -> Result<HindersiOptions, OptionsError> {
        read_validated::<Self>(options, HindersiOptions::validate)
    }
    fn seat_count(options: &HindersiOptions) -> usize {
        options.players as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(_options: &HindersiOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleHindersi::new())
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &HindersiOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings(SamplingHindersi::DEFAULT)?;
        Ok(Box::new(SamplingHindersi::new(*o, settings, seed)))
    }
    /// The card points each player took; to one who took every trick 0 and 157 to each other;
    /// the Partie's totals (a note); at the end of a Partie its Striche, less its Nuller under
    /// `ranking` `net`: what the slate's ranking gains (docs/hindersi.md).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let Some(score) = self.played_deal_score() else {
            return Vec::new();
        };
        let n = self.options().players as usize;
        let seat = |v: &[u32]| -> Vec<i64> { v[..n].iter().map(|&x| i64::from(x)).collect() };
        let cards = seat(&score.card_points);
        let points = seat(&score.points);
        let mut lines = vec![ScoreLine::part(Phrase::new("card_points"), cards.clone())];
        if let Some(t) = score.all_tricks {
            let change = (0..n).map(|s| points[s] - cards[s]).collect();
            lines.push(ScoreLine::part(
                Phrase::new("hindersi_all_tricks").with("seat", t),
                change,
            ));
        }
        lines.push(ScoreLine::new(
            Phrase::new("hindersi_deal_points"),
            points,
            LineRole::Sum,
        ));
        let per = self.options().deals_per_partie();
        lines.push(ScoreLine::new(
            Phrase::new("hindersi_partie_total")
                .with("partie", self.partie_number())
                .with("deal", self.deal_in_partie())
                .with("deals", per),
            seat(&score.partie),
            LineRole::Note,
        ));
        let written: Vec<i64> = match score.marks {
            Some(m) => super::marks_lines(
                &mut lines,
                Phrase::new("hindersi_striche"),
                (seat(&m.striche), seat(&m.nuller)),
                self.options().ranking,
                ("hindersi_nuller_minus", "hindersi_nuller_note"),
            ),
            None => {
                let zeros = vec![0; n];
                lines.push(ScoreLine::new(
                    Phrase::new("hindersi_no_marks_yet").with("deals", per - self.deal_in_partie()),
                    zeros.clone(),
                    LineRole::Start,
                ));
                zeros
            }
        };
        lines.push(ScoreLine::new(
            Phrase::new("slate_written"),
            written,
            LineRole::Written,
        ));
        lines
    }
    /// Each player's card points this deal, the Partie's points, Striche and Nuller; the Partie
    /// and deal under way, and how the marks rank.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let partie = super::ints(public, "partie_totals");
        let striche = super::ints(public, "striche");
        let nuller = super::ints(public, "nuller");
        let rows = (0..partie.len())
            .map(|s| SlateRow {
                label: super::side(s),
                side: Some(s),
                cells: vec![
                    super::deal_points_cell(table, s),
                    super::cell(partie.get(s).copied()),
                    super::cell(striche.get(s).copied()),
                    super::cell(nuller.get(s).copied()),
                ],
                own: None,
            })
            .collect();
        let mut notes = Vec::new();
        if let (Some(p), Some(of)) = (public["partie"].as_u64(), public["parties"].as_u64()) {
            notes.push(
                Phrase::new("hindersi_note_partie")
                    .with("partie", p.max(1))
                    .with("parties", of),
            );
        }
        notes.push(super::rank_note(public));
        Slate {
            columns: vec![
                Phrase::new("col_this_deal"),
                Phrase::new("hindersi_col_partie"),
                Phrase::new("col_striche"),
                Phrase::new("col_nuller"),
            ],
            rows,
            notes,
        }
    }
    /// The trump and the card turned for it; the deal's place in its Partie.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = super::trump_facts(public, "trump_card");
        if let (Some(d), Some(n)) = (public["deal_in_partie"].as_u64(), public["players"].as_u64())
        {
            if d > 0 {
                facts.push(Phrase::new("fact_deal_of").with("deal", d).with("deals", n));
            }
        }
        facts.push(Phrase::new("hindersi_fact_aim"));
        facts
    }
    /// The default arena, its totals called what the verdict calls them: the strokes (the
    /// ranking's score of Striche, less Nuller under `ranking` `net`; the most win).
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut arena = Arena::new(Self::read_options(given)?);
        arena.measure = Box::new(SeatTotals {
            name: "strokes",
            lower_wins: false,
        });
        Ok(arena)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Hindersi(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        let mut verdict = Verdict {
            // Several seats may share the best score and the fewest points: nobody won alone.
            winner: sole_winner(&res.winners),
            totals: totals(&res.score),
            unit: "strokes",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS);
        if let Some(w) = verdict.winner {
            // Then in the game's own words: the winner's Striche and Nuller, and his points when
            // they broke a tie of the marks.
            let tied = (0..res.score.len()).any(|s| s != w && res.score[s] == res.score[w]);
            verdict.lines.push(
                Phrase::new(if tied {
                    "hindersi_verdict_on_points"
                } else {
                    "verdict_marks"
                })
                .with("striche", res.striche[w])
                .with("nuller", res.nuller[w])
                .with("points", res.points[w]),
            );
        }
        verdict
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Hindersi deal counts each player's own points, the fewest best");
    fn deal_position(record: &Record, at: DealPoint) -> Result<DealPosition, String> {
        let Record::Hindersi(rec) = record else {
            return Err("not a Hindersi record".into());
        };
        solo_position(rec, at).map(DealPosition::Solo)
    }
}

/// The position of a Hindersi deal, the record replayed through the engine: every player for
/// himself, aiming at the fewest points, one who takes every trick scoring 0 and the others 157
/// each (004).
fn solo_position(rec: &HindersiRecord, at: DealPoint) -> Result<SoloDeal, String> {
    let (g, deal) = card_play_point(rec, at)?;
    let mode = g
        .mode()
        .ok_or_else(|| format!("deal {} has no trump", at.deal))?;
    let n = deal.seats.len();
    Ok(SoloDeal {
        mode,
        points: PointTable::new(mode, UndenufeEleven::Ace),
        taken: g.card_points()[..n].to_vec(),
        aim: SoloAim::Fewest {
            sweep: Some(DEAL_POINTS),
        },
        ..deal
    })
}

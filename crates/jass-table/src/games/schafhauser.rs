//! Schafhauser's entry (JassWiki "Schafhauser (3 Spieler)"; 004 "Schaffhauserjass": a
//! Königsspiel for three without an auction, the King to 350 before the Bauern reach 1000, a
//! set of three Partien with each player King once), with its computer players and phrases
//! beside it (`schafhauser/`). Its deals are Bieter's later deals: the score lines, the words of
//! the King and his party and the arena's stakes are Bieter's (`super::bieter`).

mod players;

use crate::Record;
use jass_core::bieter::{BieterPhase, KING};
use jass_core::schafhauser::{Schafhauser, SchafhauserOptions};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, TableGame, Verdict};
use crate::arena::Arena;
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{Cell, LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

use super::bieter::{party_lines, per_seat, SeatFigures, SeatStakes};
use players::{RuleSchafhauser, SamplingSchafhauser};

/// The sampling player's settings: the card play's.
const SAMPLING_KNOWN: [&str; 4] = ["samples", "infer", "infer_pool", "exact_tricks"];

impl TableGame for Schafhauser {
    const KIND: GameKind = GameKind::Schafhauser;
    const COMMAND_ALIASES: &'static [&'static str] = &["schaffhauser", "fischenthaler"];
    const PHRASES: &'static str = include_str!("schafhauser/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  A King against the Bauernpartei, three players, no auction; each player King once in a set\n",
        "  king_target: what the King must make (350)\n",
        "  farmers_target: what the Bauern must make together (1000)\n",
        "  partien: Partien in the set, the King passing to the left (3: each player once)\n",
        "  dealer: rotating | king (the King deals the first deal, then the deal passes on; or he deals every deal, the trump card his)\n",
        "  See docs/schafhauser.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("king-deals", json!({"dealer": "king"})),
        ]
    }
    fn read_options(options: &Value) -> Result<SchafhauserOptions, OptionsError> {
        read_validated::<Self>(options, SchafhauserOptions::validate)
    }
    fn seat_count(_options: &SchafhauserOptions) -> usize {
        3
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(options: &SchafhauserOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleSchafhauser::new(options.bieter()))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        options: &SchafhauserOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings =
            spec.card_play_settings_of(&SAMPLING_KNOWN, SamplingSchafhauser::DEFAULT)?;
        Ok(Box::new(SamplingSchafhauser::new(
            options.bieter(),
            settings,
            seed,
        )))
    }
    /// What each party wrote, as in Bieter: card points, melds, Stöck, a Matsch; each figure
    /// under the King's seat or under every Bauer's; then the set's slate, in stakes: what the
    /// deal settled (nothing but in the deal that ends a Partie).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let p = self.partie();
        let over = matches!(p.phase(), BieterPhase::Deal | BieterPhase::Over);
        if !over || p.deals_started() == 0 {
            return Vec::new();
        }
        let mut lines = party_lines(&p.tally(), self.king(), 3);
        if let Some(last) = lines.last_mut() {
            last.role = LineRole::Sum;
        }
        let stakes = p.settlement().unwrap_or_else(|| vec![0; 3]);
        lines.push(ScoreLine::new(
            Phrase::new("schafhauser_stakes"),
            stakes.clone(),
            LineRole::Start,
        ));
        lines.push(ScoreLine::new(
            Phrase::new("slate_written"),
            stakes,
            LineRole::Written,
        ));
        lines
    }
    /// Each seat: the card points it has taken this deal, its party's points and target in the
    /// Partie, its stakes over the set; the Partie and its King in a note.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let (totals, targets, stakes) = (
            super::ints(public, "totals"),
            super::ints(public, "targets"),
            super::ints(public, "stakes"),
        );
        let king = public["king"].as_u64().unwrap_or(0) as usize;
        let of_party = |v: &[i64], s: usize| {
            Cell::Number(v.get(usize::from(s != king)).copied().unwrap_or(0))
        };
        let rows = (0..3)
            .map(|s| SlateRow {
                label: super::side(s),
                side: Some(s),
                cells: vec![
                    super::deal_points_cell(table, s),
                    of_party(&totals, s),
                    of_party(&targets, s),
                    Cell::Number(stakes.get(s).copied().unwrap_or(0)),
                ],
                own: None,
            })
            .collect();
        Slate {
            columns: vec![
                Phrase::new("col_this_deal"),
                Phrase::new("bieter_col_party"),
                Phrase::new("bieter_col_target"),
                Phrase::new("schafhauser_col_stakes"),
            ],
            rows,
            notes: vec![Phrase::new("schafhauser_note_partie")
                .with("partie", public["partie"].clone())
                .with("partien", public["partien"].clone())
                .with("seat", king)],
        }
    }
    /// The King and his target, the trump card, the King leaving the deal, the melds shown,
    /// Stöck; the Partie won.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = vec![Phrase::new("bieter_fact_king")
            .with("seat", public["king"].clone())
            .with("bid", public["targets"][0].clone())];
        if let Some(c) = public["trump_card"].as_str() {
            facts.push(
                Phrase::new("bieter_fact_trump_card")
                    .with("card", c)
                    .with("seat", public["dealer"].clone()),
            );
        }
        if public["stayed"] == false {
            facts.push(Phrase::new("bieter_fact_dropped"));
        }
        let shown: Vec<Value> = public["melds"]
            .as_array()
            .map(|a| a.iter().map(|m| m["seat"].clone()).collect())
            .unwrap_or_default();
        if !shown.is_empty() {
            facts.push(Phrase::new("bieter_fact_melds").with("seats", shown));
        }
        if let Some(s) = public["stoeck"].as_u64() {
            facts.push(Phrase::new("fact_stoeck").with("seat", s));
        }
        match public["winner"].as_u64() {
            Some(w) if w as usize == KING => facts.push(
                Phrase::new("schafhauser_fact_king_won").with("seat", public["king"].clone()),
            ),
            Some(_) => facts.push(Phrase::new("schafhauser_fact_bauern_won")),
            None => {}
        }
        facts
    }
    /// Whole sets, A in each seat in turn (so King once in each), measured by the stakes A wins
    /// or pays.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut arena = Arena::new(Self::read_options(given)?);
        arena.measure = Box::new(SeatStakes {
            of_record: set_stakes,
            words: ("set", "sets"),
        });
        Ok(arena)
    }
    /// The seat with the most stakes over the set wins (none if two share the most).
    fn verdict(record: &Record) -> Verdict {
        let Record::Schafhauser(r) = record else {
            return Verdict::default();
        };
        let totals: Vec<i64> = r
            .result
            .settlement
            .map(|s| s.to_vec())
            .unwrap_or_else(|| vec![0; 3]);
        let best = totals.iter().copied().max().unwrap_or(0);
        let winner = (totals.iter().filter(|&&t| t == best).count() == 1)
            .then(|| totals.iter().position(|&t| t == best))
            .flatten()
            .filter(|_| r.result.settlement.is_some());
        Verdict {
            winner,
            totals,
            unit: "stakes",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Schafhauser Partie is a race of a King against the Bauern to different targets");
}

/// A set's stakes per seat, each seat's party points summed over its Partien, its deals.
fn set_stakes(record: &Record) -> Result<SeatFigures, String> {
    let Record::Schafhauser(r) = record else {
        return Err("not a Schafhauser record".into());
    };
    let stakes = r.result.settlement.ok_or("the set did not end")?;
    let mut points = vec![0; 3];
    for p in &r.result.partien {
        for (t, v) in points.iter_mut().zip(per_seat(p.totals, p.king, 3)) {
            *t += v;
        }
    }
    Ok((stakes.to_vec(), points, r.deals.len()))
}

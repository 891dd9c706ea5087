//! Guggitaler's entry (Serienjass: three or four players, each for himself; a list of deals
//! without trump, each counting other cards; the fewest points win), with its computer players
//! and phrases beside it (`guggitaler/`).

mod players;

use crate::Record;
use jass_core::guggitaler::{Count, Guggitaler, GuggitalerOptions, Round};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{sole_winner, to_json, totals, TableGame, Verdict};
use crate::arena::{Arena, SeatTotals};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::{PlayerSpec, CARD_PLAY_KNOWN};
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, TableView};

use players::{RuleGuggitaler, SamplingGuggitaler};

/// What a deal counts, in words (`value` the points of each trick, card, the King or the last
/// trick).
fn count_phrase(round: &Round) -> Phrase {
    let key = match (round.count, round.suit.map(|s| s.letter())) {
        (Count::Tricks, _) => "gugg_count_tricks",
        (Count::Cards, Some('D')) => "gugg_count_schellen",
        (Count::Cards, _) => "gugg_count_roses",
        (Count::Obers, _) => "gugg_count_obers",
        (Count::King, _) => "gugg_count_king",
        (Count::LastTrick, _) => "gugg_count_last",
        (Count::All, _) => "gugg_count_all",
    };
    Phrase::new(key).with("value", round.value)
}

impl TableGame for Guggitaler {
    const KIND: GameKind = GameKind::Guggitaler;
    const COMMAND_ALIASES: &'static [&'static str] = &["serienjass"];
    const PHRASES: &'static str = include_str!("guggitaler/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &CARD_PLAY_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  no trump; each deal of the list counts other cards; the fewest points win\n",
        "  players: 4 | 3 (all 36 cards dealt: 9 or 12 each)\n",
        "  list: 004 (roses 5, tricks 10, Obers 20, the Rose King 45, all of these; no rose led while holding another suit)\n",
        "        | jasswiki (tricks 1, Schellen 2, Obers 4, the Rosen-König 8, the last trick 10)\n",
        "        | jasswiki-ten (the same five, then five deals that seek them, written as credits)\n",
        "  preset: default (004, four players) | three-players | jasswiki | jasswiki-ten; other keys override it\n",
        "  See docs/guggitaler.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("three-players", json!({"players": 3})),
            ("jasswiki", json!({"list": "jasswiki"})),
            ("jasswiki-ten", json!({"list": "jasswiki-ten"})),
        ]
    }
    fn read_options(options: &Value) -> Result<GuggitalerOptions, OptionsError> {
        read_validated::<Self>(options, GuggitalerOptions::validate)
    }
    fn seat_count(options: &GuggitalerOptions) -> usize {
        options.players as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(_options: &GuggitalerOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleGuggitaler::new())
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &GuggitalerOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings(SamplingGuggitaler::DEFAULT)?;
        Ok(Box::new(SamplingGuggitaler::new(*o, settings, seed)))
    }
    /// The tricks each player took (a note), the points they took by the deal's count, written
    /// as they are or, in a deal that seeks them, less (docs/guggitaler.md).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let Some(score) = self.played_deal_score() else {
            return Vec::new();
        };
        let n = self.options().players as usize;
        let tricks: Vec<i64> = score.tricks[..n].iter().map(|&t| i64::from(t)).collect();
        let written: Vec<i64> = score.written[..n].iter().map(|&w| i64::from(w)).collect();
        let count = count_phrase(&score.round);
        let label = if score.round.seek {
            "gugg_credit"
        } else {
            "gugg_taken"
        };
        vec![
            ScoreLine::new(Phrase::new("gugg_tricks"), tricks, LineRole::Note),
            ScoreLine::part(
                Phrase::new(label).with_phrase("count", count),
                written.clone(),
            ),
            ScoreLine::new(Phrase::new("slate_written"), written, LineRole::Written),
        ]
    }
    /// Each player's points this deal (by its count) and written so far; the deal of the list,
    /// and that the fewest win.
    fn slate(public: &Value, table: &TableView) -> Slate {
        super::seat_slate(public, table, vec![Phrase::new("gugg_note_fewest")])
    }
    /// The deal of the list: what it counts, avoided or sought; the lead kept from the roses.
    fn facts(public: &Value) -> Vec<Phrase> {
        let Ok(round) = serde_json::from_value::<Round>(public["round"].clone()) else {
            return Vec::new();
        };
        let deal = public["deal_number"].as_u64().unwrap_or(0).max(1);
        let deals = public["deals"].as_u64().unwrap_or(0);
        let mut facts = vec![Phrase::new(if round.seek {
            "gugg_fact_seek"
        } else {
            "gugg_fact_avoid"
        })
        .with("deal", deal)
        .with("deals", deals)
        .with_phrase("count", count_phrase(&round))];
        if round.no_lead.is_some() {
            facts.push(Phrase::new("gugg_fact_no_lead"));
        }
        facts
    }
    /// The default arena, its totals called what the verdict calls them: the points written
    /// (the fewest win).
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut arena = Arena::new(Self::read_options(given)?);
        arena.measure = Box::new(SeatTotals {
            name: "points",
            lower_wins: true,
        });
        Ok(arena)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Guggitaler(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        Verdict {
            // Several seats may share the fewest points: nobody won alone.
            winner: sole_winner(&res.winners),
            totals: totals(&res.totals),
            // (Not "penalty points": a game of credits may end below nothing.)
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Guggitaler deal writes each player's points by the deal's count, not a race");
}

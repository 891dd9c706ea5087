//! Palette's entry (004 "Palette Jass", JassWiki "Palette": four players, an auction for the
//! points of the declarer's party, a partner by a called card, each deal written on its own in
//! game points), with its computer players and phrases beside it (`palette/`).

mod players;

use crate::Record;
use jass_core::palette::{Palette, PaletteOptions, PalettePhase};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, TableView};

use jass_bots::card_play_sampling::CardPlaySettings;
use players::{RulePalette, SamplingPalette};

/// The sampling player's settings: its worlds for its cards (it reads no cards: a world's
/// partnership is its own, and solves no tricks) and for its bids and trump.
const SAMPLING_KNOWN: [&str; 2] = ["samples", "bid_worlds"];

impl TableGame for Palette {
    const KIND: GameKind = GameKind::Palette;
    const COMMAND_ALIASES: &'static [&'static str] = &["palette-jass"];
    const PHRASES: &'static str = include_str!("palette/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  Four players; the highest bidder plays with the holder of the card he asks for\n",
        "  deals: deals in a game (8: everyone deals twice, 004; 12 after JassWiki)\n",
        "  scoring: bid | taken (a bid of points made is worth its own level, or the level of the points taken)\n",
        "  undenufe_eleven: six | ace (which card counts 11 in Undenufe; six after JassWiki and 004)\n",
        "  preset: default | jasswiki (twelve deals); other keys override it\n",
        "  See docs/palette.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("jasswiki", json!({"deals": 12})),
        ]
    }
    fn coverage_options() -> Vec<Value> {
        vec![json!({"scoring": "taken", "undenufe_eleven": "ace", "deals": 4})]
    }
    fn read_options(options: &Value) -> Result<PaletteOptions, OptionsError> {
        read_validated::<Self>(options, PaletteOptions::validate)
    }
    fn seat_count(_options: &PaletteOptions) -> usize {
        4
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(options: &PaletteOptions) -> Box<dyn Player<Self>> {
        Box::new(RulePalette::new(*options))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        options: &PaletteOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = CardPlaySettings {
            samples: spec.get(&SAMPLING_KNOWN, "samples", SamplingPalette::DEFAULT.samples)?,
            ..SamplingPalette::DEFAULT
        };
        let bid_worlds =
            spec.get(&SAMPLING_KNOWN, "bid_worlds", SamplingPalette::BID_WORLDS)?;
        Ok(Box::new(SamplingPalette::new(
            *options, settings, bid_worlds, seed,
        )))
    }
    /// The card points each seat took, the declarer's party's against the bid, and the game
    /// points written (the declarer's, half of them the partner's).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let over = matches!(self.phase(), PalettePhase::Deal | PalettePhase::Over);
        if !over || self.deals_started() == 0 {
            return Vec::new();
        }
        let Some(score) = self.deal_score().filter(|_| !self.thrown_in()) else {
            return vec![
                ScoreLine::new(Phrase::new("palette_thrown_in"), vec![0; 4], LineRole::Note),
                ScoreLine::new(Phrase::new("deal_written"), vec![0; 4], LineRole::Written),
            ];
        };
        let taken = self.card_play().taken();
        let (bid, declarer) = self.high_bid().expect("a declarer");
        let mut lines = vec![ScoreLine::new(
            Phrase::new("card_points"),
            taken.iter().map(|&t| i64::from(t)).collect(),
            LineRole::Note,
        )];
        // The game points: the declarer's by his bid, made or missed, the partner's half.
        lines.push(ScoreLine::part(
            Phrase::new(if score.made {
                "palette_made"
            } else {
                "palette_missed"
            })
            .with("bid", bid.to_string())
            .with("points", score.party_points)
            .with("seat", declarer),
            score.written.to_vec(),
        ));
        lines.push(ScoreLine::new(
            Phrase::new("deal_written"),
            score.written.to_vec(),
            LineRole::Written,
        ));
        lines
    }
    /// Each player's card points this deal and game points so far; the deals played.
    fn slate(public: &Value, table: &TableView) -> Slate {
        super::seat_slate(
            public,
            table,
            vec![Phrase::new("palette_note_deals")
                .with("deal", public["deal_number"].clone())
                .with("deals", public["deals"].clone())],
        )
    }
    /// The highest bid or the declarer and his bid; the trump; the card asked for and, once it
    /// is played, the partner.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = Vec::new();
        let bid = |v: &Value| match v {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => String::new(),
        };
        match (public["declarer"].as_u64(), public["bidder"].as_u64()) {
            (Some(d), _) => facts.push(
                Phrase::new("palette_fact_declarer")
                    .with("seat", d)
                    .with("bid", bid(&public["bid"])),
            ),
            (None, Some(s)) if public["phase"] == "auction" => facts.push(
                Phrase::new("palette_fact_bid")
                    .with("seat", s)
                    .with("bid", bid(&public["bid"])),
            ),
            _ => {}
        }
        if let Some(m) = public["trump"].as_str() {
            facts.push(Phrase::new("fact_trump").with("mode", m));
        }
        if let Some(c) = public["called"].as_str() {
            facts.push(Phrase::new("palette_fact_called").with("card", c));
        }
        if let Some(p) = public["partner"].as_u64() {
            facts.push(Phrase::new("palette_fact_partner").with("seat", p));
        }
        facts
    }
    /// The most game points win (004 names the fewest the loser).
    fn verdict(record: &Record) -> Verdict {
        let Record::Palette(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        Verdict {
            winner: res.winner.map(usize::from),
            loser: res.loser.map(usize::from),
            totals: totals(&res.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
}

//! Bieter's entry (JassWiki "Bieter", "Bieter (3 Spieler)", "Bieter (4 Spieler)"; 004: a
//! Königsspiel for three or four: the highest bidder of the first deal plays as King against
//! the others, the Bauernpartei, to his bid before they reach 1000), with its computer players
//! and phrases beside it (`bieter/`).

pub(crate) mod players;

use crate::Record;
use jass_core::bieter::{Bieter, BieterOptions, BieterPhase, BieterTally, KING};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, TableGame, Verdict};
use crate::arena::{mean_se, Arena, ArenaMeasure, ArenaReport};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{Cell, LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

use players::{RuleBieter, SamplingBieter, KING_SHARE};

/// The rule player's settings: what its bids count on a King making later.
const RULE_KNOWN: [&str; 1] = ["king_share"];
/// The sampling player's: the card play's and the rule bids'.
const SAMPLING_KNOWN: [&str; 5] = [
    "samples",
    "infer",
    "infer_pool",
    "exact_tricks",
    "king_share",
];

/// What each party wrote in a deal (`tally`), each figure under the King's seat or under every
/// Bauer's (they write together): the tricks, card points, melds, Stöck, the King's discards, a
/// Matsch, and everything written (Bieter's and Schafhauser's deals).
pub(crate) fn party_lines(t: &BieterTally, king: u8, n: u8) -> Vec<ScoreLine> {
    let seats = |v: [u32; 2]| per_seat(v, king, n);
    let mut lines = vec![ScoreLine::new(
        Phrase::new("bieter_tricks"),
        seats(t.tricks.map(u32::from)),
        LineRole::Note,
    )];
    for (key, v) in [
        ("card_points", t.card_points),
        ("bieter_melds", t.melds),
        ("bieter_stoeck", t.stoeck),
        ("bieter_discards", [t.discards, 0]),
        ("bieter_matsch", t.matsch),
    ] {
        if v != [0, 0] {
            lines.push(ScoreLine::part(Phrase::new(key), seats(v)));
        }
    }
    lines.push(ScoreLine::new(
        Phrase::new("deal_written"),
        seats(t.written),
        LineRole::Written,
    ));
    lines
}

/// A party's figure per seat: the King's under his seat, the Bauern's under each of theirs (the
/// Bauern write together).
pub(crate) fn per_seat(parties: [u32; 2], king: u8, players: u8) -> Vec<i64> {
    (0..players)
        .map(|s| i64::from(parties[usize::from(s != king)]))
        .collect()
}

impl TableGame for Bieter {
    const KIND: GameKind = GameKind::Bieter;
    const COMMAND_ALIASES: &'static [&'static str] = &["steiger"];
    const PHRASES: &'static str = include_str!("bieter/phrases.json");
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const RULE_SETTINGS: &'static [&'static str] = &RULE_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  A King against the Bauernpartei: the first deal's highest bid is his target, the Bauern's 1000\n",
        "  players: 3 | 4\n",
        "  min_bid: the lowest bid (600 with three, 350 with four unless given)\n",
        "  max_bid: the highest bid offered (1000)\n",
        "  farmers_target: what the Bauern must make together (1000)\n",
        "  hindersi: true | false (the King may play Hindersi in the first deal, taking no trick)\n",
        "  show_hidden: true | false (the face-down table cards are shown to the Bauern)\n",
        "  discards: king | nobody (who counts the King's discards)\n",
        "  undenufe_eleven: six | ace (which card counts 11 in Undenufe; six after JassWiki and 004)\n",
        "  preset: default (three players) | four-players; other keys override it\n",
        "  See docs/bieter.md for the source of every option."
    );

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            ("four-players", json!({"players": 4})),
        ]
    }
    fn coverage_options() -> Vec<Value> {
        vec![
            json!({"show_hidden": false, "discards": "nobody", "hindersi": false, "undenufe_eleven": "ace"}),
        ]
    }
    fn read_options(options: &Value) -> Result<BieterOptions, OptionsError> {
        read_validated::<Self>(options, BieterOptions::validate)
    }
    fn seat_count(options: &BieterOptions) -> usize {
        options.players as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&action)
    }
    fn rule_player(options: &BieterOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleBieter::new(*options, KING_SHARE))
    }
    fn rule_with(
        spec: &PlayerSpec,
        options: &BieterOptions,
        _seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let share = spec.get(&RULE_KNOWN, "king_share", KING_SHARE)?;
        Ok(Box::new(RuleBieter::new(*options, share)))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        options: &BieterOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let settings = spec.card_play_settings_of(&SAMPLING_KNOWN, SamplingBieter::DEFAULT)?;
        let share = spec.get(&SAMPLING_KNOWN, "king_share", KING_SHARE)?;
        Ok(Box::new(SamplingBieter::new(
            *options, settings, share, seed,
        )))
    }
    /// What each party wrote: card points, melds, Stöck, the King's discards, a Matsch; each
    /// figure under the King's seat or under every Bauer's (they write together).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        let n = self.players();
        let t = self.tally();
        let over = matches!(self.phase(), BieterPhase::Deal | BieterPhase::Over);
        if !over || self.deals_started() == 0 {
            return Vec::new();
        }
        let Some(king) = self.king().filter(|_| !self.thrown_in()) else {
            return vec![
                ScoreLine::new(
                    Phrase::new("bieter_thrown_in"),
                    vec![0; n as usize],
                    LineRole::Note,
                ),
                ScoreLine::new(
                    Phrase::new("deal_written"),
                    vec![0; n as usize],
                    LineRole::Written,
                ),
            ];
        };
        party_lines(&t, king, n)
    }
    /// Each seat: the card points it has taken this deal, its party's points and target (the
    /// Bauern write together: theirs stand in each Bauer's row); the King is named in a note.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let (totals, targets) = (
            super::ints(public, "totals"),
            super::ints(public, "targets"),
        );
        let players = public["players"].as_u64().unwrap_or(3) as usize;
        let king = public["king"].as_u64().map(|k| k as usize);
        let of_party = |v: &[i64], s: usize| match king {
            Some(k) => Cell::Number(v.get(usize::from(s != k)).copied().unwrap_or(0)),
            None => Cell::Empty,
        };
        let rows = (0..players)
            .map(|s| SlateRow {
                label: super::side(s),
                side: Some(s),
                cells: vec![
                    super::deal_points_cell(table, s),
                    of_party(&totals, s),
                    of_party(&targets, s),
                ],
                own: None,
            })
            .collect();
        let notes = match king {
            Some(k) => vec![Phrase::new("bieter_note_king").with("seat", k)],
            None => vec![Phrase::new("bieter_note_auction")],
        };
        Slate {
            columns: vec![
                Phrase::new("col_this_deal"),
                Phrase::new("bieter_col_party"),
                Phrase::new("bieter_col_target"),
            ],
            rows,
            notes,
        }
    }
    /// The auction's highest bid or the King and his target; the table's cards, the trump card,
    /// the contract; the King leaving the deal; the melds shown.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = Vec::new();
        let bid = public["bid"].as_u64();
        match (public["king"].as_u64(), public["bidder"].as_u64(), bid) {
            (Some(k), _, Some(b)) => facts.push(
                Phrase::new("bieter_fact_king")
                    .with("seat", k)
                    .with("bid", b),
            ),
            (None, Some(s), Some(b)) if public["phase"] == "auction" => facts.push(
                Phrase::new("bieter_fact_bid")
                    .with("seat", s)
                    .with("bid", b),
            ),
            _ => {}
        }
        let cards =
            |key: &str| -> Vec<Value> { public[key].as_array().cloned().unwrap_or_default() };
        let (open, hidden) = (cards("table_open"), cards("table_hidden"));
        if !open.is_empty() {
            facts.push(Phrase::new("bieter_fact_table_open").with("cards", open));
        }
        if !hidden.is_empty() {
            facts.push(Phrase::new("bieter_fact_table_hidden").with("cards", hidden));
        }
        if let Some(c) = public["trump_card"].as_str() {
            facts.push(
                Phrase::new("bieter_fact_trump_card")
                    .with("card", c)
                    .with("seat", public["dealer"].clone()),
            );
        }
        match public["contract"].as_str() {
            Some("hindersi") => facts.push(Phrase::new("bieter_fact_hindersi")),
            Some(m) => facts.push(Phrase::new("fact_trump").with("mode", m)),
            None => {}
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
        facts
    }
    /// Whole Partien, A in each seat in turn, measured by the stakes A wins or pays.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let mut arena = Arena::new(Self::read_options(given)?);
        arena.measure = Box::new(SeatStakes {
            of_record: bieter_stakes,
            words: ("Partie", "Partien"),
        });
        Ok(arena)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Bieter(r) = record else {
            return Verdict::default();
        };
        let res = &r.result;
        let n = r.options.players;
        let king = res.king.unwrap_or(0);
        // Whoever first reaches his target wins: the King alone, or the Bauern against him.
        let (winner, loser) = match res.winner {
            Some(KING) => (Some(usize::from(king)), None),
            Some(_) => (None, Some(usize::from(king))),
            None => (None, None),
        };
        Verdict {
            winner,
            loser,
            schneider: res.schneider,
            totals: per_seat(res.totals, king, n),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Bieter Partie is a race of a King against the Bauern to different targets");
}

/// A Bieter Partie's stakes per seat, its party points per seat and its deals.
fn bieter_stakes(record: &Record) -> Result<SeatFigures, String> {
    let Record::Bieter(r) = record else {
        return Err("not a Bieter record".into());
    };
    let stakes = r
        .result
        .settlement
        .clone()
        .ok_or("the Partie did not end")?;
    let points = per_seat(
        r.result.totals,
        r.result.king.unwrap_or(0),
        r.options.players,
    );
    Ok((stakes, points, r.deals.len()))
}

/// What a King's game's record gives its arena: each seat's stakes, each seat's party points
/// (summed over the game), the deals played.
pub(crate) type SeatFigures = (Vec<i64>, Vec<i64>, usize);

/// The arena's measure of the King's games (Bieter, Schafhauser): the stakes A wins or pays in
/// a game (the King one from or to each Bauer, two when Schneider), and the games A wins.
pub(crate) struct SeatStakes {
    /// The figures of one of the game's records.
    pub(crate) of_record: fn(&Record) -> Result<SeatFigures, String>,
    /// What one game is called in the report, and more than one (`Partie`, `Partien`).
    pub(crate) words: (&'static str, &'static str),
}

impl ArenaMeasure for SeatStakes {
    /// A's stakes, the others', deals played, A on the winning side (1 or 0).
    fn figures(&self, record: &Record, a_seats: &[bool]) -> Result<Vec<f64>, String> {
        let (stakes, points, deals) = (self.of_record)(record)?;
        let (mut a, mut others, mut won, mut a_points, mut b_points, mut bs) =
            (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        for (s, &v) in stakes.iter().enumerate() {
            if a_seats.get(s) == Some(&true) {
                a += v as f64;
                won = f64::from(u8::from(v > 0));
                a_points += points[s] as f64;
            } else {
                others += v as f64;
                b_points += points[s] as f64;
                bs += 1.0;
            }
        }
        let deals = deals as f64;
        Ok(vec![
            a,
            others,
            deals,
            won,
            a_points / deals.max(1.0),
            b_points / (bs * deals).max(1.0),
        ])
    }

    fn report(&self, a: &str, b: &str, units: &[Vec<Vec<f64>>]) -> ArenaReport {
        let mean_of = |i: usize| -> Vec<f64> {
            units
                .iter()
                .map(|u| u.iter().map(|p| p[i]).sum::<f64>() / u.len() as f64)
                .collect()
        };
        let (sm, sse) = mean_se(&mean_of(0));
        let (wm, wse) = mean_se(&mean_of(3));
        let (dm, _) = mean_se(&mean_of(2));
        let (am, ase) = mean_se(&mean_of(4));
        let (bm, bse) = mean_se(&mean_of(5));
        let (one, more) = self.words;
        let mut r = ArenaReport::default();
        r.field("stakes_per_game_a", sm);
        r.field("stakes_per_game_a_standard_error", sse);
        r.field("games_won_a", wm);
        r.field("games_won_a_standard_error", wse);
        r.field("deals_per_game", dm);
        r.field("points_per_deal_a", am);
        r.field("points_per_deal_b", bm);
        r.lines = vec![
            format!(
                "stakes per {one} of {a}: {sm:+.3} ± {:.3} (standard error; what {b} pays it, 0 is even)",
                sse.0
            ),
            format!(
                "{more} won by {a}: {:.1}% ± {:.1}% (on the winning side, King or Bauer)",
                100.0 * wm,
                100.0 * wse.0
            ),
            format!(
                "points per deal of the party of {a}: {am:.1} ± {ase:.1}, of {b}: {bm:.1} ± {bse:.1}"
            ),
            format!("deals per {one}: {dm:.1}"),
        ];
        r
    }
}

//! Handjass's entry (2 to 5 players).

use crate::Record;
use jass_bots::{RuleHandjass, SamplingHandjass};
use jass_core::handjass::{
    Handjass, HandjassOptions, HandjassRecord, Phase, RecordedAction, MAX_SEATS,
};
use jass_core::Player;
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::arena::{first_deal, mean_se, Arena, ArenaMeasure, ArenaReport, ArenaUnit, SeatSeeds};
use crate::deal_position::{
    deal_index, leader_index, replay_to_card, DealPoint, DealPosition, ReplayedTo, SoloAim,
    SoloDeal,
};
use crate::kind::OptionsError;
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{Cell, LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

/// The settings of the Handjass sampling player.
const SAMPLING_KNOWN: [&str; 15] = [
    "samples",
    "decision_samples",
    "decision_model",
    "bessern_samples",
    "game_end",
    "infer",
    "infer_pool",
    "belief",
    "playout_model",
    "adapt",
    "adapt_odds",
    "exact_tricks",
    "reply_tricks",
    "threads",
    "budget_ms",
];

impl TableGame for Handjass {
    const KIND: GameKind = GameKind::Handjass;
    const COMMAND_ALIASES: &'static [&'static str] = &["sackjass", "butzer", "schlaeger"];
    const TEAMS: bool = false;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  preset: 000 (default) | parlett (002) | 004 | 004-twelve | berner | must-play; other keys override the preset\n",
        "  players: 2 .. 5;  target: strokes to retire (7; 5; 9; 27 Berner);  threshold: 26 | 21;  twelve_threshold: null | 31\n",
        "  stroke_above_threshold: false (000: the threshold wins a stroke) | true (004: more than the threshold; 004 preset)\n",
        "  small_deal: blind | bessern | twelve;  drop_out, agreement, sole_takes_all, null_extra_strokes, sack: true | false\n",
        "  lone_player: strokes (000: the one left scores without play) | redeal (JassWiki: fewer than two come, deal again)\n",
        "  six_exchange: after | before | never;  strokes: two | players-minus-one;  tie: draw | draw-always | abeyance | none\n",
        "  sack_window: next-hand | until-cancelled;  last_trick_bonus: card points for the last trick (5; 0 in parlett)\n",
        "  null_stake: stake per null (0 = none);  scoring: last-loser | first-wins\n",
        "  multipliers: none | berner-swiss (bells 4, shields 3, roses 2, acorns 1; berner preset) | berner-french (H 4, D 3, C 2, S 1)\n",
        "  trick_rules: strict | heading;  weis, marriage, weis_height, stoeck, withhold_indicator: true | false\n",
        "  marriage_in_sequence: true (004: the married King and Queen may also serve in a sequence) | false\n",
        "  sequences: natural | trump;  quartets: standard | queens-kings-aces (parlett: 002's values) | above-eight (002: any rank above the 8)\n",
        "    | with-nines (004: four Nines 150; the 004 presets)\n",
        "  See docs/handjass.md for the source of every option."
    );
    const PHRASES: &'static str = include_str!("handjass/phrases.json");

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("000, four players", json!({})),
            ("000, two players", json!({"players": 2})),
            ("000, three players", json!({"players": 3})),
            ("000, five players", json!({"players": 5})),
            ("002 (Parlett)", json!({"preset": "parlett"})),
            ("004", json!({"preset": "004"})),
            ("004, twelve cards", json!({"preset": "004-twelve"})),
            ("000 Berner", json!({"preset": "berner"})),
            ("000, everyone plays", json!({"preset": "must-play"})),
        ]
    }
    /// Every core preset at every seat count, and the rarer deals (Bessern, the six exchanged
    /// before the play, the agreement to play).
    fn coverage_options() -> Vec<Value> {
        let mut sets = Vec::new();
        for players in 2..=5 {
            for preset in ["000", "parlett", "004", "004-twelve", "berner", "must-play"] {
                sets.push(json!({"players": players, "preset": preset}));
            }
            sets.push(json!({"players": players, "small_deal": "bessern"}));
            sets.push(json!({"players": players, "six_exchange": "before"}));
            sets.push(json!({"players": players, "agreement": true}));
        }
        sets
    }
    /// 000's rule for a deal nobody else comes to: the one left scores without play.
    fn unwritten_defaults() -> Vec<(&'static str, Value)> {
        vec![("lone_player", json!("strokes"))]
    }
    fn read_options(options: &Value) -> Result<HandjassOptions, OptionsError> {
        // The preset fills in the keys not given (HandjassOptions::from_json).
        HandjassOptions::from_json(options)
            .map_err(|e| OptionsError(format!("{e} (`jass options handjass` lists the options)")))
    }
    fn seat_count(options: &HandjassOptions) -> usize {
        options.players as usize
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&RecordedAction::from(action))
    }
    fn rule_player(options: &HandjassOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleHandjass::new(*options))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &HandjassOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = SAMPLING_KNOWN;
        let (threads, budget) = spec.threads_and_budget(&known, 1)?;
        let n = spec.get(&known, "samples", SamplingHandjass::DEFAULT_SAMPLES)?;
        let d = spec.get(
            &known,
            "decision_samples",
            SamplingHandjass::DEFAULT_DECISION_SAMPLES,
        )?;
        let b = spec.get(&known, "bessern_samples", 0)?;
        Ok(Box::new(
            SamplingHandjass::with_samples(*o, n, seed)
                .with_decision_samples(d)
                .with_bessern_samples(b)
                .with_decision_model(spec.flag(
                    &known,
                    "decision_model",
                    SamplingHandjass::DEFAULT_DECISION_MODEL,
                )?)
                .with_game_end(spec.flag(&known, "game_end", true)?)
                .with_inference(
                    spec.get(&known, "infer", SamplingHandjass::DEFAULT_INFER as usize)? as u32,
                    spec.get(&known, "infer_pool", SamplingHandjass::DEFAULT_INFER_POOL)?,
                )
                .with_belief(spec.get(&known, "belief", 0)? as u32)
                .with_playout_model(spec.flag(&known, "playout_model", false)?)
                .with_adapt(
                    spec.flag(&known, "adapt", SamplingHandjass::DEFAULT_ADAPT)?,
                    spec.get(&known, "adapt_odds", 1)? as u32,
                )
                .with_exact_tricks(spec.get(&known, "exact_tricks", 0)? as u32)
                .with_reply_tricks(spec.get(
                    &known,
                    "reply_tricks",
                    SamplingHandjass::DEFAULT_REPLY_TRICKS as usize,
                )? as u32)
                .with_threads(threads, budget),
        ))
    }
    /// A unit is the first deal of a game, played with A in each seat in turn. Measures: the
    /// strokes and potatoes per deal of A and of B.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let options = Self::read_options(given)?;
        let n = options.players;
        Ok(Arena {
            unit: ArenaUnit::Deal,
            scheme: format!(
                "the first deal of a {n}-player game {n} times with the same cards in the same seats: A in seat k, B in the other {} seats, k = 0..{}",
                n - 1,
                n - 1
            ),
            seat_seeds: SeatSeeds {
                per_unit: 32,
                per_play: 8,
                mixed: true,
            },
            play: Box::new(move |_, seed, players| {
                jass_core::handjass::play_recorded_from(
                    options,
                    Some(seed),
                    players,
                    &mut first_deal(seed),
                    &mut |_| {},
                )
                .map(Record::Handjass)
            }),
            measure: Box::new(DealStrokes {
                players: usize::from(n),
            }),
            ..Arena::new(options)
        })
    }
    /// The deal in two ledgers: the points (cards, Weis, Stöck) against the threshold, then
    /// the strokes they won (times the trump's multiplier, with strokes held in abeyance), less a
    /// stroke that cancels a sack, less a potato for points under the threshold: what the slate
    /// gains (docs/handjass.md).
    fn deal_lines(&self) -> Vec<ScoreLine> {
        if !matches!(self.phase(), Phase::Deal | Phase::Over) || self.deals_started() == 0 {
            return Vec::new();
        }
        let n = self.players();
        let seat = |a: [u32; jass_core::handjass::MAX_SEATS]| -> Vec<i64> {
            a[..n].iter().map(|&v| i64::from(v)).collect()
        };
        let any = |v: &[i64]| v.iter().any(|&x| x != 0);
        let o = *self.outcome();
        let (cards, weis, stoeck) = (
            seat(self.card_points()),
            seat(self.weis_points()),
            seat(self.stoeck_points()),
        );
        let points: Vec<i64> = (0..n).map(|s| cards[s] + weis[s] + stoeck[s]).collect();
        let mut lines = vec![ScoreLine::part(Phrase::new("card_points"), cards)];
        if any(&weis) {
            lines.push(ScoreLine::part(Phrase::new("weis"), weis));
        }
        if any(&stoeck) {
            lines.push(ScoreLine::part(Phrase::new("stoeck"), stoeck));
        }
        lines.push(ScoreLine::new(
            Phrase::new("points_threshold").with("threshold", self.threshold()),
            points,
            LineRole::Sum,
        ));
        // Deals scored without play: say why the strokes fall as they do.
        if let Some(s) = o.survivor {
            let only: Vec<i64> = (0..n).map(|i| i64::from(i == s as usize)).collect();
            let why = if o.redealt { "redealt" } else { "survivor" };
            lines.push(ScoreLine::new(Phrase::new(why), only, LineRole::Note));
        }
        if o.agreed {
            let playing = self.playing_mask();
            let both: Vec<i64> = (0..n).map(|i| i64::from(playing >> i & 1)).collect();
            lines.push(ScoreLine::new(Phrase::new("agreed"), both, LineRole::Note));
        }
        let (strokes, cancelled, potatoes) =
            (seat(o.strokes), seat(o.sacks_cancelled), seat(o.potatoes));
        let won: Vec<i64> = (0..n).map(|s| strokes[s] + cancelled[s]).collect();
        let won_label = match o.multiplier {
            0 | 1 => Phrase::new("strokes_won"),
            m => Phrase::new("strokes_won_times").with("factor", m),
        };
        lines.push(ScoreLine::new(won_label, won, LineRole::Start));
        let from_abeyance = seat(o.from_abeyance);
        if any(&from_abeyance) {
            lines.push(ScoreLine::new(
                Phrase::new("from_abeyance"),
                from_abeyance,
                LineRole::Note,
            ));
        }
        if any(&cancelled) {
            let minus = cancelled.iter().map(|c| -c).collect();
            lines.push(ScoreLine::part(Phrase::new("sack_cancelled"), minus));
        }
        if any(&potatoes) {
            let minus = potatoes.iter().map(|p| -p).collect();
            lines.push(ScoreLine::part(Phrase::new("potatoes"), minus));
        }
        let sacked: Vec<i64> = (0..n).map(|i| i64::from(o.sacked >> i & 1)).collect();
        if any(&sacked) {
            lines.push(ScoreLine::new(
                Phrase::new("sacked"),
                sacked,
                LineRole::Note,
            ));
        }
        let stakes: Vec<i64> = o.stakes[..n].to_vec();
        if any(&stakes) {
            lines.push(ScoreLine::new(
                Phrase::new("stakes"),
                stakes,
                LineRole::Note,
            ));
        }
        let written = (0..n).map(|s| strokes[s] - potatoes[s]).collect();
        lines.push(ScoreLine::new(
            Phrase::new("slate_written"),
            written,
            LineRole::Written,
        ));
        lines
    }
    /// Each seat's card points this deal, its strokes on the slate and its sacks.
    fn slate(public: &Value, table: &TableView) -> Slate {
        let slate = super::ints(public, "slate");
        let sacks = super::ints(public, "sacks");
        let rows = (0..slate.len())
            .map(|s| SlateRow {
                label: super::side(s),
                side: Some(s),
                cells: vec![
                    super::deal_points_cell(table, s),
                    Cell::Number(slate[s]),
                    super::cell(sacks.get(s).copied()),
                ],
                own: None,
            })
            .collect();
        Slate {
            columns: vec![
                Phrase::new("col_this_deal"),
                Phrase::new("col_strokes"),
                Phrase::new("col_sacks"),
            ],
            rows,
            notes: public["target"]
                .as_i64()
                .map(|t| vec![Phrase::new("note_out_at").with("target", t)])
                .unwrap_or_default(),
        }
    }
    /// The trump, who plays this deal and who dropped out, the blind, the six exchanged, who
    /// bettered.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = super::trump_facts(public, "turned_card");
        let seats = |key: &str| public[key].as_array().filter(|a| !a.is_empty()).cloned();
        if let Some(dropped) = seats("dropped") {
            facts.push(
                Phrase::new("fact_playing").with("seats", seats("playing").unwrap_or_default()),
            );
            facts.push(Phrase::new("fact_dropped").with("seats", dropped));
        }
        if let Some(s) = public["blind_taker"].as_u64() {
            facts.push(Phrase::new("fact_blind").with("seat", s));
        }
        if let Some(s) = public["six_by"].as_u64() {
            facts.push(Phrase::new("fact_six").with("seat", s));
        }
        if let Some(b) = seats("bessern") {
            facts.push(Phrase::new("fact_bessern").with("seats", b));
        }
        facts
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Handjass(r) = record else {
            return Verdict::default();
        };
        Verdict {
            winner: r.result.winner.map(usize::from),
            loser: r.result.loser.map(usize::from),
            safe: r.result.retired.iter().map(|&s| usize::from(s)).collect(),
            totals: totals(&r.result.slate),
            unit: "strokes",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> =
        Some("a Handjass deal gives strokes and potatoes when it ends");
    fn deal_position(record: &Record, at: DealPoint) -> Result<DealPosition, String> {
        let Record::Handjass(rec) = record else {
            return Err("not a Handjass record".into());
        };
        solo_position(rec, at).map(DealPosition::Solo)
    }
}

/// The position of a Handjass deal, the record replayed through the engine: the players who
/// play the cards, each for himself, aiming at the most points (strokes and potatoes as the
/// engine scores the deal).
fn solo_position(rec: &HandjassRecord, at: DealPoint) -> Result<SoloDeal, String> {
    let d = &rec.deals[deal_index(at, rec.deals.len())?];
    if !d
        .actions
        .iter()
        .any(|e| matches!(e.action, RecordedAction::Play { .. }))
    {
        let why = if d.result.agreed {
            "the two players left agreed a stroke each"
        } else if let (true, Some(s)) = (d.result.redealt, d.result.survivor) {
            &format!("everybody but seat {s} dropped out, and the deal was dealt again")
        } else if let Some(s) = d.result.survivor {
            &format!("everybody but seat {s} dropped out")
        } else {
            "the deal ended before the first card"
        };
        return Err(format!(
            "deal {} has no card play ({why}); pick a deal whose cards were played",
            at.deal
        ));
    }
    let ReplayedTo { now: g, end, mover } = replay_to_card(rec, at)?;
    // Only the seats that play the cards are at the solver's table, in playing order.
    let playing = g.playing_mask();
    let seats: Vec<u8> = g
        .table_seats()
        .into_iter()
        .filter(|&s| playing & (1 << s) != 0)
        .collect();
    let trick = g.current_trick().to_vec();
    let leader = leader_index(&seats, mover, trick.len())?;
    let hands_now = g.hands();
    // Tricks so far per seat, from the engine's completed tricks.
    let mut tricks = [0u8; MAX_SEATS];
    for t in 0..g.tricks_done() as usize {
        tricks[g.completed_trick(t).2 as usize] += 1;
    }
    // Weis as declared in the record, Stöck of its holder: from the deal's end in the record.
    let (cards_now, weis, stoeck) = (g.card_points(), end.weis_points(), end.stoeck_points());
    let of_seats = |f: &dyn Fn(usize) -> u32| seats.iter().map(|&s| f(s as usize)).collect();
    let marks_seats = seats.clone();
    Ok(SoloDeal {
        hands: seats.iter().map(|&s| hands_now[s as usize]).collect(),
        leader,
        mode: g.mode(),
        points: g.point_table(),
        rules: rec.options.trick_rules,
        last_bonus: rec.options.last_trick_bonus,
        trick,
        taken: of_seats(&|s| cards_now[s]),
        tricks: seats.iter().map(|&s| tricks[s as usize]).collect(),
        extra: of_seats(&|s| weis[s] + stoeck[s]),
        legal: g.legal_cards(),
        aim: SoloAim::Marks {
            threshold: g.threshold(),
            marks: Box::new(move |points| {
                let mut totals = [0u32; MAX_SEATS];
                for (i, &s) in marks_seats.iter().enumerate() {
                    totals[s as usize] = points[i];
                }
                // The engine stands in card play (a player is to play a card).
                let out = g
                    .outcome_for_points(totals)
                    .expect("the engine stands in card play");
                marks_seats
                    .iter()
                    .map(|&s| (out.strokes[s as usize], out.potatoes[s as usize]))
                    .collect()
            }),
        },
        seats,
    })
}

/// The Handjass arena's measures: the strokes and potatoes per deal of A and of B.
struct DealStrokes {
    players: usize,
}

impl ArenaMeasure for DealStrokes {
    /// A's strokes, A's potatoes, the B seats' strokes and potatoes (summed).
    fn figures(&self, record: &Record, a_seats: &[bool]) -> Result<Vec<f64>, String> {
        let Some(deal) = (match record {
            Record::Handjass(r) => r.deals.first(),
            _ => None,
        }) else {
            return Err("the arena's play recorded no Handjass deal".into());
        };
        let r = &deal.result;
        let (mut a, mut b) = ([0f64; 2], [0f64; 2]);
        for (seat, (&strokes, &potatoes)) in r.strokes.iter().zip(&r.potatoes).enumerate() {
            let side = if a_seats.get(seat) == Some(&true) {
                &mut a
            } else {
                &mut b
            };
            side[0] += f64::from(strokes);
            side[1] += f64::from(potatoes);
        }
        Ok(vec![a[0], a[1], b[0], b[1]])
    }

    fn report(&self, a: &str, b: &str, units: &[Vec<Vec<f64>>]) -> ArenaReport {
        let n = self.players;
        let nf = n as f64;
        let col = |j: usize, div: f64| -> Vec<f64> {
            units
                .iter()
                .map(|u| u.iter().map(|p| p[j]).sum::<f64>() / div)
                .collect()
        };
        let (a_st, a_po) = (col(0, nf), col(1, nf));
        let (b_st, b_po) = (col(2, nf * (nf - 1.0)), col(3, nf * (nf - 1.0)));
        let net: Vec<f64> = (0..units.len())
            .map(|u| (a_st[u] - a_po[u]) - (b_st[u] - b_po[u]))
            .collect();
        let (ast, astse) = mean_se(&a_st);
        let (apo, apose) = mean_se(&a_po);
        let (bst, bstse) = mean_se(&b_st);
        let (bpo, bpose) = mean_se(&b_po);
        let (d, dse) = mean_se(&net);
        let mut r = ArenaReport::default();
        r.field("players", n);
        r.field("strokes_per_deal_a", ast);
        r.field("strokes_per_deal_a_standard_error", astse);
        r.field("potatoes_per_deal_a", apo);
        r.field("potatoes_per_deal_a_standard_error", apose);
        r.field("strokes_per_deal_b", bst);
        r.field("strokes_per_deal_b_standard_error", bstse);
        r.field("potatoes_per_deal_b", bpo);
        r.field("potatoes_per_deal_b_standard_error", bpose);
        r.field("net_difference", d);
        r.field("net_difference_standard_error", dse);
        r.lines = vec![
            format!("per deal: {a} strokes {ast:.3} ± {astse:.3}, potatoes {apo:.3} ± {apose:.3}"),
            format!("per deal: {b} strokes {bst:.3} ± {bstse:.3}, potatoes {bpo:.3} ± {bpose:.3}"),
            format!("strokes − potatoes, {a} minus {b}: {d:+.3} ± {dse:.3} per deal"),
        ];
        r
    }
}

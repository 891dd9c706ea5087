//! Sidi Barrani's entry.

use crate::Record;
use jass_bots::{RuleSidi, SamplingSidi, SidiBidding};
use jass_core::sidi::{Sidi, SidiOptions, SidiRecorded};
use jass_core::{Player, TrickRules};
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::arena::{
    first_deal, mean_se, pct, per_play, rotating_seat, team_points, team_shares, teams_of, Arena,
    ArenaMeasure, ArenaReport, ArenaUnit, SeatSeeds, Seating,
};
use crate::deal_position::{deal_index, first_cards, Bid, DealPoint, DealPosition, TeamDeal};
use crate::games::schieber::per_team;
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, TableView};

/// The settings of the Sidi Barrani sampling player.
const SAMPLING_KNOWN: [&str; 23] = [
    "competitive",
    "infer",
    "infer_pool",
    "read_auction",
    "samples",
    "max_cards",
    "threads",
    "budget_ms",
    "early_samples",
    "contract_samples",
    "bid_blend",
    "bid_shift",
    "bid_model",
    "double_samples",
    "double_below",
    "double_infer",
    "double_from",
    "double_support",
    "last_call",
    "belief",
    "playout_model",
    "adapt",
    "adapt_odds",
];

/// The settings of the Sidi Barrani rule player (for comparisons).
const RULE_KNOWN: [&str; 5] = [
    "signals",
    "last_call",
    "competitive",
    "double_from",
    "double_support",
];

/// Sidi Barrani's auction numbers by the setting `competitive` (1, the default: the competitive
/// ones; 0: the conservative ones of before 2026-11-24), for the rule and the sampling player;
/// `double_from` (the lowest bid doubled) and `double_support` (the points above an average
/// hand in the bidder's denomination a double needs) override those numbers' doubling.
fn bidding(spec: &PlayerSpec, known: &[&str]) -> Result<SidiBidding, String> {
    let numbers = if spec.flag(known, "competitive", true)? {
        SidiBidding::COMPETITIVE
    } else {
        SidiBidding::CONSERVATIVE
    };
    Ok(SidiBidding {
        double_from: spec.get(known, "double_from", numbers.double_from as usize)? as u32,
        double_support: spec.get(known, "double_support", numbers.double_support as usize)?
            as f64,
        ..numbers
    })
}

impl TableGame for Sidi {
    const KIND: GameKind = GameKind::Sidi;
    const COMMAND_ALIASES: &'static [&'static str] = &["sidi"];
    const TEAMS: bool = true;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const RULE_SETTINGS: &'static [&'static str] = &RULE_KNOWN;
    const OPTIONS_HELP: &'static str = concat!(
        "  preset: default | 004-double-at-first-lead | no-weis-no-doubling | jasswiki (min_bid 90, redouble); other keys override it\n",
        "  target: points to win (2000; 1500, 2500);  double_game: true | false;  double_game_below: 1000 (losers under it: a double game)\n",
        "  min_bid: 40 | 50 | 60;  bid_step: 10 | 5;  obenabe_undenufe, weis, stoeck, four_nines, redouble: true | false\n",
        "  undenufe_four_sixes: true | false (003: four sixes 100 in Undenufe in place of four aces)\n",
        "  doubling: next-call (001) | first-lead (004) | none;  undenufe_eleven: ace | six;  first_dealer: 0 .. 3\n",
        "  See docs/sidi-barrani.md for the source of every option."
    );
    const PHRASES: &'static str = include_str!("sidi/phrases.json");

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            (
                "004-double-at-first-lead",
                json!({"doubling": "first-lead", "bid_step": 5, "min_bid": 40}),
            ),
            (
                "no-weis-no-doubling",
                json!({"weis": false, "stoeck": false, "doubling": "none", "obenabe_undenufe": false}),
            ),
            // JassWiki ("Sidi": "Das Mindestgebot beginnt bei 90 Punkten", "Gedoppelte Ansagen
            // können gekontert werden"; "Schneider": half the agreed target, 1000 of 2000 as 001).
            ("jasswiki", json!({"min_bid": 90, "redouble": true})),
        ]
    }
    /// The redouble (with a target long enough for it to come up).
    fn coverage_options() -> Vec<Value> {
        vec![json!({"target": 1000, "redouble": true})]
    }
    /// No Weis of four sixes (001 is silent on it).
    fn unwritten_defaults() -> Vec<(&'static str, Value)> {
        vec![("undenufe_four_sixes", json!(false))]
    }
    fn read_options(options: &Value) -> Result<SidiOptions, OptionsError> {
        read_validated::<Self>(options, SidiOptions::validate)
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&SidiRecorded::from(action))
    }
    fn rule_player(options: &SidiOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleSidi::new(*options))
    }
    fn rule_with(
        spec: &PlayerSpec,
        o: &SidiOptions,
        _seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = RULE_KNOWN;
        Ok(Box::new(
            RuleSidi::new(*o)
                .with_signals(spec.flag(&known, "signals", true)?)
                .with_last_call(spec.flag(&known, "last_call", true)?)
                .with_bidding(bidding(spec, &known)?),
        ))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &SidiOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = SAMPLING_KNOWN;
        let d = SamplingSidi::DEFAULT;
        let settings = spec.solver_settings_with(&known, d)?;
        Ok(Box::new(
            SamplingSidi::with_settings(*o, settings, seed)
                .with_early_samples(spec.get(
                    &known,
                    "early_samples",
                    SamplingSidi::DEFAULT_EARLY,
                )?)
                .with_bid_blend(spec.get(
                    &known,
                    "bid_blend",
                    SamplingSidi::DEFAULT_BID_BLEND as usize,
                )? as u32)
                .with_bid_shift(spec.get(
                    &known,
                    "bid_shift",
                    SamplingSidi::DEFAULT_BID_SHIFT as usize,
                )? as u32)
                .with_bid_model(spec.flag(&known, "bid_model", SamplingSidi::DEFAULT_BID_MODEL)?)
                .with_double_samples(
                    spec.get(&known, "double_samples", SamplingSidi::DEFAULT_DOUBLE_SAMPLES)?,
                    spec.get(
                        &known,
                        "double_below",
                        SamplingSidi::DEFAULT_DOUBLE_BELOW as usize,
                    )? as u32,
                )
                .with_double_infer(spec.get(
                    &known,
                    "double_infer",
                    SamplingSidi::DEFAULT_INFER as usize,
                )? as u32)
                .with_last_call(spec.flag(&known, "last_call", true)?)
                .with_bidding(bidding(spec, &known)?)
                .with_auction_reading(spec.flag(&known, "read_auction", true)?)
                .with_belief(spec.get(&known, "belief", 0)? as u32)
                .with_playout_model(spec.flag(
                    &known,
                    "playout_model",
                    SamplingSidi::DEFAULT_PLAYOUT_MODEL,
                )?)
                .with_adapt(spec.flag(&known, "adapt", SamplingSidi::DEFAULT_ADAPT)?)
                .with_adapt_odds(spec.get(&known, "adapt_odds", 1)? as u32)
                .with_inference(
                    spec.get(&known, "infer", SamplingSidi::DEFAULT_INFER as usize)? as u32,
                    spec.get(&known, "infer_pool", SamplingSidi::DEFAULT_INFER_POOL)?,
                ),
        ))
    }
    /// A unit is one deal (auction and play), played twice with the same hands in the same
    /// seats, the teams swapped; the dealer rotates with the unit unless `-o first_dealer` is
    /// given. Measures: A's share of the points; the contracts each side declared and made.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        let options = Self::read_options(given)?;
        let rotate_dealer = given.get("first_dealer").is_none();
        Ok(Arena {
            unit: ArenaUnit::Deal,
            scheme: format!(
                "{}; the dealer rotates with the deal",
                Seating::Teams.scheme("deal", "with the same hands in the same seats")
            ),
            seat_seeds: SeatSeeds {
                per_unit: 8,
                per_play: 0,
                mixed: true,
            },
            play: Box::new(move |unit, seed, players| {
                let o = SidiOptions {
                    first_dealer: rotating_seat(rotate_dealer, unit, options.first_dealer),
                    ..options
                };
                jass_core::sidi::play_recorded_from(
                    o,
                    Some(seed),
                    players,
                    &mut first_deal(seed),
                    &mut |_| {},
                )
                .map(Record::Sidi)
            }),
            measure: Box::new(DealContracts),
            ..Arena::new(options)
        })
    }
    fn deal_lines(&self) -> Vec<ScoreLine> {
        if self.thrown_in() {
            // 001: four passes, "the cards are thrown in and the next player deals".
            return vec![
                ScoreLine::new(Phrase::new("sidi_thrown_in"), vec![0, 0], LineRole::Note),
                ScoreLine::new(Phrase::new("deal_written"), vec![0, 0], LineRole::Written),
            ];
        }
        let t = self.tally();
        // `made` is known once the deal is scored (a deal thrown in has no contract).
        let (Some(made), Some((bid, _, _))) = (t.made, self.bid()) else {
            return Vec::new();
        };
        let mut lines = vec![ScoreLine::part(
            Phrase::new("card_points"),
            per_team(t.card_points),
        )];
        for (key, values) in [
            ("match", t.match_bonus),
            ("weis", t.weis),
            ("stoeck", t.stoeck),
        ] {
            if values != [0, 0] {
                lines.push(ScoreLine::part(Phrase::new(key), per_team(values)));
            }
        }
        // 001: the bid, times the doubling, goes to the declarers if their card points (with
        // the last trick and Match, without Weis and Stöck) reach it, else to the defenders.
        let key = match (made, self.factor()) {
            (true, 1) => "sidi_bid_made",
            (true, _) => "sidi_bid_made_doubled",
            (false, 1) => "sidi_bid_lost",
            (false, _) => "sidi_bid_lost_doubled",
        };
        lines.push(ScoreLine::part(
            Phrase::new(key)
                .with("bid", bid)
                .with("factor", self.factor()),
            per_team(t.bonus),
        ));
        lines.push(ScoreLine::new(
            Phrase::new("deal_written"),
            per_team(t.score),
            LineRole::Written,
        ));
        lines
    }
    fn slate(public: &Value, table: &TableView) -> Slate {
        super::team_slate(public, table)
    }
    /// The contract (bid, trump, declarer), the doubling, and the auction's last calls.
    fn facts(public: &Value) -> Vec<Phrase> {
        let mut facts = Vec::new();
        if let Some([bid, mode, by]) = public["bid"].as_array().map(Vec::as_slice) {
            facts.push(
                Phrase::new("fact_bid")
                    .with("bid", bid.clone())
                    .with("mode", mode.clone())
                    .with("seat", by.clone()),
            );
        }
        if let Some(f) = public["factor"].as_u64().filter(|&f| f > 1) {
            facts.push(Phrase::new("fact_doubled").with("factor", f));
        }
        let auction = public["auction"].as_array().cloned().unwrap_or_default();
        if !auction.is_empty() {
            let start = auction.len().saturating_sub(6);
            let calls: Vec<Value> = auction[start..]
                .iter()
                .map(|call| {
                    serde_json::to_value(
                        Phrase::new("call")
                            .with("seat", call[0].clone())
                            .with("action", call[1].clone()),
                    )
                    .expect("phrases serialize")
                })
                .collect();
            facts.push(Phrase::new("fact_auction").with("calls", calls));
        }
        facts
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Sidi(r) = record else {
            return Verdict::default();
        };
        Verdict {
            winner: r.result.winner.map(usize::from),
            totals: totals(&r.result.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    const SOLVE_RACE_REFUSED: Option<&'static str> = Some("a Sidi Barrani deal is scored when it ends (the bid made or not; each card shows whether it is made)");
    fn deal_position(record: &Record, at: DealPoint) -> Result<DealPosition, String> {
        let Record::Sidi(rec) = record else {
            return Err("not a Sidi Barrani record".into());
        };
        let d = &rec.deals[deal_index(at, rec.deals.len())?];
        let contract = d.settled.contract.as_ref().ok_or_else(|| {
            format!(
                "deal {} has no contract (everyone passed): no card was played",
                at.deal
            )
        })?;
        let played = d.actions.iter().filter_map(|e| match e.action {
            SidiRecorded::Play { card } => Some(card),
            _ => None,
        });
        Ok(DealPosition::Teams(TeamDeal {
            hands: d.hands,
            // 001: "The final bidder, also known as the declarer, leads to the first trick."
            leader: contract.declarer,
            mode: contract.trump,
            slalom: false,
            misere: false,
            eleven: rec.options.undenufe_eleven,
            rules: TrickRules::Strict,
            played: first_cards(at, played)?,
            bid: Some(Bid {
                team: contract.declarer % 2,
                points: contract.points,
            }),
        }))
    }
}

/// The Sidi Barrani arena's measures: A's share of the points of a deal's two plays, and the
/// contracts each side declared and made. A deal all four pass is thrown in (0:0); a unit thrown
/// in both times carries no share.
struct DealContracts;

impl ArenaMeasure for DealContracts {
    /// A's score, B's score, who declared (0 nobody, 1 A, 2 B), made (0/1), doubled (0/1).
    fn figures(&self, record: &Record, a_seats: &[bool]) -> Result<Vec<f64>, String> {
        let Some(d) = (match record {
            Record::Sidi(r) => r.deals.first(),
            _ => None,
        }) else {
            return Err("the arena's play recorded no Sidi Barrani deal".into());
        };
        let (at, bt) = teams_of(a_seats);
        let (declarer, made, doubled) = match d.settled.contract {
            Some(c) => (
                if a_seats.get(usize::from(c.declarer)) == Some(&true) {
                    1.0
                } else {
                    2.0
                },
                f64::from(u8::from(d.result.made.unwrap_or(false))),
                f64::from(u8::from(c.factor > 1)),
            ),
            None => (0.0, 0.0, 0.0),
        };
        Ok(vec![
            f64::from(d.result.score[at]),
            f64::from(d.result.score[bt]),
            declarer,
            made,
            doubled,
        ])
    }

    fn report(&self, a: &str, b: &str, units: &[Vec<Vec<f64>>]) -> ArenaReport {
        let (mean, se) = mean_se(&team_shares(units, None));
        let a_pts = per_play(units, |u| team_points(u).0);
        let b_pts = per_play(units, |u| team_points(u).1);
        // Contracts: [declared, made, doubled, made doubled] for A and B.
        let mut c = [[0u64; 4]; 2];
        let mut thrown = 0u64;
        for play in units.iter().flatten() {
            match play[2] as u8 {
                0 => thrown += 1,
                side => {
                    let (made, doubled) = (play[3] as u64, play[4] as u64);
                    let side = &mut c[side as usize - 1];
                    side[0] += 1;
                    side[1] += made;
                    side[2] += doubled;
                    side[3] += made * doubled;
                }
            }
        }
        // The share of the declared contracts made ("-" when none was declared).
        let rate = |declared: u64, made: u64| {
            if declared > 0 {
                pct(made as f64 / declared as f64)
            } else {
                "-".to_string()
            }
        };
        let mut r = ArenaReport::default();
        r.field("point_share_a", mean);
        r.field("standard_error", se);
        r.field("points_per_deal_a", a_pts);
        r.field("points_per_deal_b", b_pts);
        r.field("contracts_a", c[0][0]);
        r.field("contracts_made_a", c[0][1]);
        r.field("contracts_b", c[1][0]);
        r.field("contracts_made_b", c[1][1]);
        r.field("contracts_doubled_a", c[0][2]);
        r.field("contracts_doubled_made_a", c[0][3]);
        r.field("contracts_doubled_b", c[1][2]);
        r.field("contracts_doubled_made_b", c[1][3]);
        r.field("thrown_in", thrown);
        r.lines = vec![
            format!(
                "point share of {a}: {} ± {} (standard error)",
                pct(mean),
                pct(se.0)
            ),
            format!("points per deal: {a} {a_pts:.1}, {b} {b_pts:.1}"),
            format!(
                "contracts: {a} declared {} and made {} ({}), {b} declared {} and made {} ({}); thrown in {thrown}",
                c[0][0],
                c[0][1],
                rate(c[0][0], c[0][1]),
                c[1][0],
                c[1][1],
                rate(c[1][0], c[1][1]),
            ),
            format!(
                "doubled: {a}'s contracts {} times, made {} ({}); {b}'s {} times, made {} ({})",
                c[0][2],
                c[0][3],
                rate(c[0][2], c[0][3]),
                c[1][2],
                c[1][3],
                rate(c[1][2], c[1][3]),
            ),
        ];
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The auction numbers by `competitive`, with the doubling numbers overridden one by one.
    #[test]
    fn the_doubling_numbers_override_the_chosen_auction_numbers() {
        let read = |s: &str| bidding(&PlayerSpec::parse(s).unwrap(), &SAMPLING_KNOWN).unwrap();
        assert_eq!(read("sampling"), SidiBidding::COMPETITIVE);
        assert_eq!(read("sampling:competitive=0"), SidiBidding::CONSERVATIVE);
        let b = read("sampling:competitive=0:double_from=70");
        assert_eq!((b.double_from, b.double_support), (70, 26.0));
        assert_eq!(b.reach, SidiBidding::CONSERVATIVE.reach);
        let b = read("sampling:double_support=0");
        assert_eq!((b.double_from, b.double_support), (90, 0.0));
        assert!(PlayerSpec::parse("sampling:double_from=300")
            .unwrap()
            .get(&SAMPLING_KNOWN, "double_from", 90)
            .is_err());
    }
}

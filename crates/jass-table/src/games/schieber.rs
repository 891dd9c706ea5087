//! Schieber's entry.

use crate::Record;
use jass_bots::{
    ContractReading, LateOracle, MctsSchieber, MctsSettings, OracleSchieber, RuleSchieber,
    SamplingSchieber, SamplingSettings, SolverReading,
};
use jass_core::deal::{four_hands, SeededDealer};
use jass_core::schieber::{
    ActionEntry, Contract, FirstForehand, Phase, RecordedAction, Schieber, SchieberOptions,
    MAX_TARGET,
};
use jass_core::{CardSet, Player, TrickRules, UndenufeEleven};
use serde_json::{json, Value};

use crate::adapter::{to_json, totals, TableGame, Verdict};
use crate::arena::{
    mean_se, pct, per_play, team_points, team_shares, teams_of, Arena, ArenaMeasure, ArenaReport,
    ArenaUnit, SeatSeeds, Seating, Seer,
};
use crate::deal_position::{deal_index, first_cards, DealPoint, DealPosition, TeamDeal};
use crate::kind::{read_validated, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{LineRole, Phrase, ScoreLine, Slate, TableView};

/// The settings of the Schieber sampling player.
const SAMPLING_KNOWN: [&str; 32] = [
    "infer",
    "first_samples",
    "contract_evidence",
    "contract_guess",
    "signals",
    "signal_tol",
    "readable",
    "readable_tol",
    "belief",
    "adapt",
    "adapt_odds",
    "fusion",
    "contract_handoff",
    "contract_read",
    "playout_model",
    "contract_model",
    "read_cards",
    "read_plays",
    "read_tol",
    "read_weight",
    "infer_pool",
    "samples",
    "max_cards",
    "contract_samples",
    "threads",
    "budget_ms",
    "tt_bits",
    "node_limit",
    "decision_nodes",
    "race_nodes",
    "early_samples",
    "early_handoff",
];

/// The settings of the Schieber rule player (for comparisons).
const RULE_KNOWN: [&str; 1] = ["signals"];

/// The settings of the Schieber MCTS player.
const MCTS_KNOWN: [&str; 3] = ["worlds", "iterations", "exploration"];

impl TableGame for Schieber {
    const KIND: GameKind = GameKind::Schieber;
    const COMMAND_ALIASES: &'static [&'static str] = &[];
    const TEAMS: bool = true;
    const SAMPLING_SETTINGS: &'static [&'static str] = &SAMPLING_KNOWN;
    const RULE_SETTINGS: &'static [&'static str] = &RULE_KNOWN;
    const MCTS_SETTINGS: &'static [&'static str] = &MCTS_KNOWN;
    const SCHIEBER_CARD_PLAY: bool = true;
    const OPTIONS_HELP: &'static str = concat!(
        "  preset: default | french-large-weis | every-contract | tournament (no Weis, no Stöck, all single, six 11 in Undenufe, target 1000)\n",
        "          | jasswiki (large Weis, any four 100, four nines 150, six 11 in Undenufe, the chooser leads); other keys override it\n",
        "  target: points to win (1000, 1500, 2500, 3000)\n",
        "  multipliers: standard | french-red | french-black | single | {\"D\":2,\"H\":1,...}\n",
        "  obenabe_undenufe, misere, slalom, zurueckschieben, counter_match, stoeck, schneider, bergpreis: true | false\n",
        "  bergpreis_by_tricks: true (half the target by slate and tricks so far) | false (by the slate alone)\n",
        "  schneider_line, bergpreis_line: points (default half the target; JassWiki: a table rule may set them)\n",
        "  bergpreis_stoeck: true (Stöck shown early to take the Bergpreis: JassWiki) | false (003)\n",
        "  match_bonus: true | false (false: no 100-point Match bonus, as jass-kit plays)\n",
        "  (slalom: contracts slalom / slalom-undenufe, no trump, the tricks alternate Obenabe and Undenufe;\n",
        "   its multiplier is \"slalom\" in the table, 1 in every preset)\n",
        "  undenufe_eleven: ace | six;  weis: none | small | large;  weis_tie: more-cards | list-order\n",
        "  four_nines, fours_any_rank, undenufe_four_sixes: true | false;  large_weis_step: 50 | 20\n",
        "  scoring_order: stoeck-weis-stich or another order of the three words\n",
        "  claim_counts_all: true (the winners' trick and Weis due at the deciding moment are written too; 003) | false\n",
        "  first_forehand: a card whose holder is forehand in the first deal (H7) or seat0 .. seat3\n",
        "  first_lead: forehand (003) | chooser (who chose the contract leads: JassWiki \"Ausspiel\")\n",
        "  See docs/schieber.md for the source of every option."
    );
    const PHRASES: &'static str = include_str!("schieber/phrases.json");

    fn presets() -> Vec<(&'static str, Value)> {
        vec![
            ("default", json!({})),
            (
                "french-large-weis",
                json!({"multipliers": "french-red", "weis": "large"}),
            ),
            (
                "every-contract",
                json!({"misere": true, "slalom": true, "zurueckschieben": true, "counter_match": true, "bergpreis": true}),
            ),
            // Tournament rules, as the published bots play (jmr/pgx, JassTheRipper, jass-kit):
            // no Weis, no Stöck, every contract single (003: "Some people play all contracts
            // scoring single, in which case the total needed for game is reduced to 1000"); the
            // six counts 11 in Undenufe as JassWiki's "Kartenwerte" gives it ("Sechser: 11
            // Punkte"; `-o undenufe_eleven=ace` for 003's ace).
            (
                "tournament",
                json!({"multipliers": "single", "weis": "none", "stoeck": false, "undenufe_eleven": "six", "target": 1000}),
            ),
            // The rules as JassWiki publishes them (`jasswiki-regeln.md`, the Swiss associations'
            // rules): sequences of six to nine 150 to 300 and a card in a four and a sequence at
            // once ("Sechsblatt" … "Neunblatt", "Kreuzweis": 003's large Weis), any four 100, four
            // nines 150 ("Vier gleiche Karten"), the six 11 in Undenufe ("Grundregeln"), and the
            // player who chose leads ("Ausspiel"); with the Bergpreis on, Stöck may be shown early
            // to take it ("Stöcke").
            (
                "jasswiki",
                json!({"weis": "large", "fours_any_rank": true, "four_nines": true, "undenufe_eleven": "six", "first_lead": "chooser", "bergpreis_stoeck": true}),
            ),
        ]
    }
    /// 003's game: forehand leads, the Match bonus, the lines at half the target, Stöck not
    /// shown early for the Bergpreis.
    fn unwritten_defaults() -> Vec<(&'static str, Value)> {
        vec![
            ("first_lead", json!("forehand")),
            ("match_bonus", json!(true)),
            ("schneider_line", Value::Null),
            ("bergpreis_line", Value::Null),
            ("bergpreis_stoeck", json!(false)),
        ]
    }
    fn read_options(options: &Value) -> Result<SchieberOptions, OptionsError> {
        read_validated::<Self>(options, SchieberOptions::validate)
    }
    fn action_json(action: Self::Action) -> Value {
        to_json(&RecordedAction::from(action))
    }
    fn rule_player(options: &SchieberOptions) -> Box<dyn Player<Self>> {
        Box::new(RuleSchieber::new(*options))
    }
    fn sampling_with(
        spec: &PlayerSpec,
        o: &SchieberOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let known = SAMPLING_KNOWN;
        let d = SamplingSettings::default();
        let r = SolverReading::OFF;
        let reading = SolverReading {
            cards: spec.get(&known, "read_cards", r.cards as usize)? as u32,
            plays: spec.get(&known, "read_plays", r.plays)?,
            tolerance: spec.get(&known, "read_tol", r.tolerance as usize)? as u32,
            weight: spec.get(&known, "read_weight", r.weight as usize)? as u32,
            ..r
        };
        let settings = SamplingSettings {
            tt_bits: spec.get(&known, "tt_bits", d.tt_bits as usize)? as u32,
            node_limit: spec.get(&known, "node_limit", d.node_limit as usize)? as u64,
            decision_nodes: spec.get(&known, "decision_nodes", d.decision_nodes as usize)? as u64,
            race_nodes: spec.get(&known, "race_nodes", d.race_nodes as usize)? as u64,
            ..spec.solver_settings_with(&known, d)?
        };
        Ok(Box::new(
            SamplingSchieber::new(*o, settings, seed)
                .with_early_samples(
                    spec.get(&known, "early_samples", SamplingSchieber::DEFAULT_EARLY)?,
                    spec.get(
                        &known,
                        "early_handoff",
                        SamplingSchieber::DEFAULT_HANDOFF as usize,
                    )? as u32,
                )
                .with_first_samples(spec.get(&known, "first_samples", 0)?)
                .with_inference(
                    spec.get(&known, "infer", SamplingSchieber::DEFAULT_INFER as usize)? as u32,
                    spec.get(&known, "infer_pool", SamplingSchieber::DEFAULT_INFER_POOL)?,
                )
                .with_belief(spec.get(
                    &known,
                    "belief",
                    SamplingSchieber::DEFAULT_BELIEF as usize,
                )? as u32)
                .with_adapt(spec.flag(&known, "adapt", SamplingSchieber::DEFAULT_ADAPT)?)
                .with_adapt_odds(spec.get(
                    &known,
                    "adapt_odds",
                    SamplingSchieber::DEFAULT_ADAPT_ODDS as usize,
                )? as u32)
                .with_contract_reading(contract_reading(spec, &known)?)
                .with_solver_reading(reading)
                .with_fusion(spec.get(&known, "fusion", 0)? as u32)
                .with_signals(
                    spec.flag(&known, "signals", false)?,
                    spec.get(
                        &known,
                        "signal_tol",
                        SamplingSchieber::DEFAULT_SIGNAL_TOL as usize,
                    )? as u32,
                )
                .with_readable(
                    spec.flag(&known, "readable", false)?,
                    spec.get(
                        &known,
                        "readable_tol",
                        SamplingSchieber::DEFAULT_READABLE_TOL as usize,
                    )? as u32,
                )
                .with_playout_model(spec.flag(
                    &known,
                    "playout_model",
                    SamplingSchieber::DEFAULT_PLAYOUT_MODEL,
                )?)
                .with_contract_model(spec.flag(
                    &known,
                    "contract_model",
                    SamplingSchieber::DEFAULT_CONTRACT_MODEL,
                )?)
                .with_contract_guess(spec.flag(
                    &known,
                    "contract_guess",
                    SamplingSchieber::DEFAULT_CONTRACT_GUESS,
                )?)
                .with_contract_play(
                    spec.get(&known, "contract_handoff", 0)? as u32,
                    spec.get(
                        &known,
                        "contract_read",
                        SamplingSchieber::DEFAULT_CONTRACT_READ,
                    )?,
                ),
        ))
    }
    fn rule_with(
        spec: &PlayerSpec,
        o: &SchieberOptions,
        _seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let signals = spec.flag(&RULE_KNOWN, "signals", true)?;
        Ok(Box::new(RuleSchieber::new(*o).with_signals(signals)))
    }
    fn mcts_with(
        spec: &PlayerSpec,
        o: &SchieberOptions,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        let d = MctsSettings::default();
        let settings = MctsSettings {
            worlds: spec.get(&MCTS_KNOWN, "worlds", d.worlds)?,
            iterations: spec.get(&MCTS_KNOWN, "iterations", d.iterations)?,
            exploration: spec.get(
                &MCTS_KNOWN,
                "exploration",
                (d.exploration * 100.0).round() as usize,
            )? as f64
                / 100.0,
        };
        Ok(Box::new(MctsSchieber::new(*o, settings, seed)))
    }
    /// A unit is one deal, played twice with the same hands in the same seats, the teams
    /// swapped; forehand rotates with the unit unless `-o first_forehand` fixes it. Measure: A's
    /// share of the (multiplied) points. The oracle, told every hand, sits here only.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        if given.get("target").is_some() {
            return Err(OptionsError("-o target does not apply to the Schieber arena: it plays single deals, each to its last card, and compares their points (leave it out; `jass simulate` plays whole games to a target)".into()));
        }
        let options = Self::read_options(given)?;
        let rotate_forehand = given.get("first_forehand").is_none();
        let late_oracle = move |name: &'static str, from: u32| Seer {
            name,
            make: Box::new(move |unit_seed, seed| {
                Box::new(LateOracle::new(
                    SamplingSchieber::new(options, SamplingSettings::default(), seed),
                    options,
                    arena_hands(unit_seed),
                    from,
                ))
            }),
        };
        Ok(Arena {
            unit: ArenaUnit::Deal,
            scheme: format!(
                "{}; {}",
                Seating::Teams.scheme("deal", "with the same hands in the same seats"),
                if rotate_forehand {
                    "forehand rotates with the deal".to_string()
                } else {
                    format!("forehand: {}", options.first_forehand)
                }
            ),
            seat_seeds: SeatSeeds {
                per_unit: 4,
                per_play: 0,
                mixed: false,
            },
            play: Box::new(move |unit, seed, players| {
                let o = SchieberOptions {
                    target: MAX_TARGET,
                    first_forehand: if rotate_forehand {
                        FirstForehand::Seat((unit % 4) as u8)
                    } else {
                        options.first_forehand
                    },
                    ..options
                };
                let mut once = Some(arena_hands(seed));
                jass_core::schieber::play_recorded_from(
                    o,
                    None,
                    players,
                    &mut |_: &Schieber| once.take(),
                    &mut |_| {},
                )
                .map(Record::Schieber)
            }),
            measure: Box::new(DealPoints),
            seers: vec![
                Seer {
                    name: "oracle",
                    make: Box::new(move |unit_seed, _| {
                        Box::new(OracleSchieber::new(options, arena_hands(unit_seed)))
                    }),
                },
                // The sampling player told its partner's hand in the card play: what the
                // partner's hidden cards cost (docs/lab/2026-12-04-partner-hand.md).
                Seer {
                    name: "partner-seer",
                    make: Box::new(move |unit_seed, seed| {
                        Box::new(
                            SamplingSchieber::new(options, SamplingSettings::default(), seed)
                                .with_partner_told(arena_hands(unit_seed)),
                        )
                    }),
                },
                // The sampling player until 32 or 28 cards are left, then the oracle: how much
                // of the oracle's gain lies in the first trick or two
                // (docs/lab/2026-12-06-oracle-by-trick.md).
                late_oracle("oracle-from-32", 32),
                late_oracle("oracle-from-28", 28),
            ],
            ..Arena::new(options)
        })
    }
    fn deal_lines(&self) -> Vec<ScoreLine> {
        deal_lines(self).map(|(_, lines)| lines).unwrap_or_default()
    }
    fn slate(public: &Value, table: &TableView) -> Slate {
        super::team_slate(public, table)
    }
    fn facts(public: &Value) -> Vec<Phrase> {
        super::contract_facts(public)
    }
    fn verdict(record: &Record) -> Verdict {
        let Record::Schieber(r) = record else {
            return Verdict::default();
        };
        Verdict {
            winner: r.result.winner.map(usize::from),
            loser: None,
            schneider: r.result.schneider,
            totals: totals(&r.result.totals),
            unit: "points",
            deals: r.deals.len(),
            ..Verdict::default()
        }
        .worded(Self::TEAMS)
    }
    fn deal_position(record: &Record, at: DealPoint) -> Result<DealPosition, String> {
        let Record::Schieber(rec) = record else {
            return Err("not a Schieber record".into());
        };
        let d = &rec.deals[deal_index(at, rec.deals.len())?];
        let chooser = d.settled.chooser.unwrap_or(d.start.forehand);
        contract_deal(
            at,
            rec.options.first_lead.leader(d.start.forehand, chooser),
            d.hands,
            d.settled.contract,
            &d.actions,
            rec.options.undenufe_eleven,
        )
    }
}

/// The position of a deal played to a Schieber contract (Schieber, Coiffeur: the same entries
/// in both records), `leader` leading the first trick (forehand, or the chooser with
/// `first_lead` `chooser`).
pub(crate) fn contract_deal(
    at: DealPoint,
    leader: u8,
    hands: [CardSet; 4],
    contract: Option<Contract>,
    actions: &[ActionEntry],
    eleven: UndenufeEleven,
) -> Result<DealPosition, String> {
    let contract = contract.ok_or_else(|| format!("deal {} has no contract", at.deal))?;
    let played = actions.iter().filter_map(|e| match e.action {
        RecordedAction::Play { card } => Some(card),
        _ => None,
    });
    Ok(DealPosition::Teams(TeamDeal {
        hands,
        leader,
        mode: contract.mode(),
        slalom: contract.is_slalom(),
        misere: contract == Contract::Misere,
        eleven,
        rules: TrickRules::Strict,
        played: first_cards(at, played)?,
        bid: None,
    }))
}

/// The hands of the arena's unit seeded `seed`: every play of the unit deals them.
fn arena_hands(seed: u64) -> [CardSet; 4] {
    four_hands(&SeededDealer::new(seed).next_pack(), 0)
}

/// The Schieber arena's measure: A's share of the points of a deal's two plays.
struct DealPoints;

impl ArenaMeasure for DealPoints {
    /// A's points, B's points.
    fn figures(&self, record: &Record, a_seats: &[bool]) -> Result<Vec<f64>, String> {
        let Some(deal) = (match record {
            Record::Schieber(r) => r.deals.first(),
            _ => None,
        }) else {
            return Err("the arena's play recorded no Schieber deal".into());
        };
        let (at, bt) = teams_of(a_seats);
        Ok(vec![
            f64::from(deal.result.score[at]),
            f64::from(deal.result.score[bt]),
        ])
    }

    fn report(&self, a: &str, b: &str, units: &[Vec<Vec<f64>>]) -> ArenaReport {
        // A deal where nobody scored is even.
        let (mean, se) = mean_se(&team_shares(units, Some(0.5)));
        let a_pts = per_play(units, |u| team_points(u).0);
        let b_pts = per_play(units, |u| team_points(u).1);
        let mut r = ArenaReport::default();
        r.field("point_share_a", mean);
        r.field("standard_error", se);
        r.field("points_per_deal_a", a_pts);
        r.field("points_per_deal_b", b_pts);
        r.lines = vec![
            format!(
                "point share of {a}: {} ± {} (standard error)",
                pct(mean),
                pct(se.0)
            ),
            format!("points per deal (multiplied): {a} {a_pts:.1}, {b} {b_pts:.1}"),
        ];
        r
    }
}

/// Per team, as whole numbers.
pub(crate) fn per_team(values: [u32; 2]) -> Vec<i64> {
    values.iter().map(|&v| i64::from(v)).collect()
}

/// How a Schieber deal was scored, once it is over (also Coiffeur's, whose deals are Schieber's):
/// the contract, and the lines from the card points to what is written on the slate.
pub(crate) fn deal_lines(s: &Schieber) -> Option<(Contract, Vec<ScoreLine>)> {
    if !matches!(s.phase(), Phase::Deal | Phase::Over) {
        return None;
    }
    let (contract, _) = s.contract()?;
    let t = s.tally();
    let mut lines = Vec::new();
    // 004 Misère: "all points won from Stich are given to the opposite teams".
    if contract == Contract::Misere {
        let credited = [t.card_points[1], t.card_points[0]];
        lines.push(ScoreLine::part(
            Phrase::new("card_points_misere"),
            per_team(credited),
        ));
    } else {
        lines.push(ScoreLine::part(
            Phrase::new("card_points"),
            per_team(t.card_points),
        ));
    }
    let parts = [
        ("match", t.match_bonus),
        ("weis", t.weis),
        ("stoeck", t.stoeck),
    ];
    for (key, values) in parts {
        if values != [0, 0] {
            lines.push(ScoreLine::part(Phrase::new(key), per_team(values)));
        }
    }
    let raw: Vec<i64> = (0..2)
        .map(|i| lines.iter().map(|l| l.values[i]).sum())
        .collect();
    let m = i64::from(s.multiplier());
    let mut expected = raw.clone();
    if m != 1 {
        expected = raw.iter().map(|r| r * m).collect();
        lines.push(ScoreLine::new(
            Phrase::new("times_contract")
                .with("factor", m)
                .with("mode", contract.to_string()),
            expected.clone(),
            LineRole::Times(vec![m, m]),
        ));
    }
    let written = per_team(t.score);
    // Only a game that ended inside the deal leaves points out (elsewhere a difference is a
    // mistake, which the lines' check reports).
    if written != expected && s.phase() == Phase::Over {
        // 003: "When such a claim is made, play ceases, ... and the tricks made by the claiming
        // partnership are counted and scored": the others' tricks of this deal (and, as
        // `claim_counts_all` says, the rest of the claimants') are not written.
        let left_out: Vec<i64> = written.iter().zip(&expected).map(|(w, e)| w - e).collect();
        lines.push(ScoreLine::part(Phrase::new("claim_left_out"), left_out));
    }
    lines.push(ScoreLine::new(
        Phrase::new("deal_written"),
        written,
        LineRole::Written,
    ));
    Some((contract, lines))
}

/// The `contract_evidence` setting (0 none, 1 the rule player's choices, 2 the learned contract
/// model; [`ContractReading`]).
fn contract_reading(spec: &PlayerSpec, known: &[&str]) -> Result<ContractReading, String> {
    let default = SamplingSchieber::DEFAULT_CONTRACT_READING as usize;
    let n = spec.get(known, "contract_evidence", default)?;
    // The range (0 .. 2) is checked by `get`.
    Ok(ContractReading::from_setting(n).unwrap_or(SamplingSchieber::DEFAULT_CONTRACT_READING))
}

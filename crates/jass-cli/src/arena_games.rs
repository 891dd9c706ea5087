//! Each game in `jass arena`: what a duplicate unit is, how the players are seated in its plays,
//! and the measure that counts for the game (see docs/players.md, "The arena").
//!
//! * Schieber: a unit is one deal, played twice with the same hands in the same seats, A's team
//!   in seats 0+2 and then in 1+3; forehand rotates with the unit. Measure: A's share of the
//!   points of the two plays (as before this file existed: the same deals, seeds and figures).
//! * Sidi Barrani: the same scheme; the dealer rotates with the unit (unless `-o first_dealer` is
//!   given). Measures: A's share of the
//!   points, and the contracts each side declared and made. A deal all four pass is thrown in
//!   (0:0); a unit thrown in both times carries no share.
//! * Coiffeur: a unit is a whole game (both lists full, 12 deals by default) from one seed, played
//!   twice with the teams swapped. Measures: A's share of the points written, and games won.
//! * Differenzler: a unit is a one-deal game (`deals=1` unless `-o deals=N` is given; then an
//!   N-deal game), played four times: A in seat k, B in the other three seats, k = 0..3, so that
//!   A plays every hand once and B every hand three times. The dealer rotates with the unit
//!   (unless `-o first_dealer` is given). Measure: penalty per deal of A and of B.
//! * Handjass (n = 2..5 players): a unit is the first deal of a game, played n times: A in seat k,
//!   B in the other n − 1 seats, k = 0..n−1. Measures: strokes and potatoes per deal of A and B.

use anyhow::{anyhow, bail, Result};
use jass_bots::OracleSchieber;
use jass_core::coiffeur::{self, Coiffeur, CoiffeurOptions};
use jass_core::deal::{four_hands, SeededDealer};
use jass_core::differenzler::{self, Differenzler, DifferenzlerOptions};
use jass_core::handjass::{self, Handjass, HandjassOptions};
use jass_core::schieber::{self, FirstForehand, Schieber, SchieberOptions, MAX_TARGET};
use jass_core::sidi::{self, Sidi, SidiOptions};
use jass_core::{CardSet, Game, Player};
use jass_table::Record;
use serde_json::{json, Value};

use crate::arena::{mean_se, Report};
use crate::games::GameKind;
use crate::players::{self, splitmix};

/// One unit's figures (game-specific, read by the game's `report`) and, if asked, its records.
pub struct Unit {
    pub values: Vec<f64>,
    pub records: Vec<Record>,
}

/// A game as the arena plays it.
pub trait ArenaGame: Sync {
    /// `deal` or `game`.
    fn unit_name(&self) -> &'static str;
    /// Plays per unit.
    fn plays_per_unit(&self) -> usize;
    /// How the players sit in the plays of a unit.
    fn scheme(&self) -> String;
    /// Plays unit `i` from `seed`.
    fn play_unit(&self, i: u64, seed: u64, record: bool) -> Result<Unit>;
    /// The summary of all units.
    fn report(&self, units: &[Vec<f64>]) -> Report;
}

/// The arena for `kind` with these options and players (checked here, before any play).
pub fn build(kind: GameKind, opts: &Value, a: &str, b: &str) -> Result<Box<dyn ArenaGame>> {
    let (a, b) = (a.to_string(), b.to_string());
    let game: Box<dyn ArenaGame> = match kind {
        GameKind::Schieber => {
            if opts.get("target").is_some() {
                bail!("-o target does not apply to the Schieber arena: it plays single deals, each to its last card, and compares their points (leave it out; `jass simulate` plays whole games to a target)");
            }
            let options = jass_table::checked_options::<Schieber>(opts)?;
            for n in [&a, &b] {
                schieber_player(n, &options, 0, 0, [CardSet::EMPTY; 4])?;
            }
            let rotate_forehand = opts.get("first_forehand").is_none();
            Box::new(SchieberArena {
                options,
                rotate_forehand,
                a,
                b,
            })
        }
        GameKind::Sidi => {
            let options = jass_table::checked_options::<Sidi>(opts)?;
            for n in [&a, &b] {
                players::player::<Sidi>(n, &options, 0, 0)?;
            }
            let rotate_dealer = opts.get("first_dealer").is_none();
            Box::new(SidiArena {
                options,
                rotate_dealer,
                a,
                b,
            })
        }
        GameKind::Coiffeur => {
            let options = jass_table::checked_options::<Coiffeur>(opts)?;
            for n in [&a, &b] {
                players::player::<Coiffeur>(n, &options, 0, 0)?;
            }
            Box::new(CoiffeurArena { options, a, b })
        }
        GameKind::Differenzler => {
            let mut o = opts.clone();
            let map = o.as_object_mut().expect("options are an object");
            let one_deal = !map.contains_key("deals");
            if one_deal {
                map.insert("deals".into(), json!(1));
            }
            let rotate_dealer = !map.contains_key("first_dealer");
            let options = jass_table::checked_options::<Differenzler>(&o)?;
            for n in [&a, &b] {
                players::player::<Differenzler>(n, &options, 0, 0)?;
            }
            Box::new(DifferenzlerArena {
                options,
                rotate_dealer,
                a,
                b,
            })
        }
        GameKind::Handjass => {
            let options = jass_table::checked_options::<Handjass>(opts)?;
            for n in [&a, &b] {
                players::player::<Handjass>(n, &options, 0, 0)?;
            }
            Box::new(HandjassArena { options, a, b })
        }
        // A game the arena does not know yet (it is being written over `TableGame`).
        other => bail!("jass arena does not play {} yet", other.name()),
    };
    Ok(game)
}

/// The four players of one play of a partnership game: `a` in seats 0+2 when `a_even`, else in
/// 1+3, `b` in the others; `make(name, seat)` makes one.
fn partnership<G>(
    a: &str,
    b: &str,
    a_even: bool,
    make: impl Fn(&str, u64) -> Result<Box<dyn Player<G>>>,
) -> Result<Vec<Box<dyn Player<G>>>> {
    (0..4u64)
        .map(|seat| make(if (seat % 2 == 0) == a_even { a } else { b }, seat))
        .collect()
}

/// A's share of the points in one unit; `None` when nobody scored.
fn share(a: f64, b: f64) -> Option<f64> {
    (a + b > 0.0).then(|| a / (a + b))
}

/// A share in percent ("n/a" for an unknown standard error).
fn pct(x: f64) -> String {
    if x.is_nan() {
        return "n/a".to_string();
    }
    format!("{:.1}%", 100.0 * x)
}

// ---------------------------------------------------------------------------------------------
// Schieber

struct SchieberArena {
    options: SchieberOptions,
    /// Forehand rotates with the deal unless `-o first_forehand` fixes it.
    rotate_forehand: bool,
    a: String,
    b: String,
}

impl ArenaGame for SchieberArena {
    fn unit_name(&self) -> &'static str {
        "deal"
    }
    fn plays_per_unit(&self) -> usize {
        2
    }
    fn scheme(&self) -> String {
        format!(
            "each deal twice with the same hands in the same seats: A in seats 0+2, then in 1+3; {}",
            if self.rotate_forehand {
                "forehand rotates with the deal".to_string()
            } else {
                format!("forehand: {}", self.options.first_forehand)
            }
        )
    }

    fn play_unit(&self, i: u64, seed: u64, record: bool) -> Result<Unit> {
        let mut dealer = SeededDealer::new(seed);
        let pack = dealer.next_pack();
        let hands = four_hands(&pack, 0);
        let o = SchieberOptions {
            target: MAX_TARGET,
            first_forehand: if self.rotate_forehand {
                FirstForehand::Seat((i % 4) as u8)
            } else {
                self.options.first_forehand
            },
            ..self.options
        };
        let mut values = Vec::with_capacity(4);
        let mut records = Vec::new();
        for a_even in [true, false] {
            let mut ps = partnership(&self.a, &self.b, a_even, |name, seat| {
                schieber_player(
                    name,
                    &self.options,
                    seat as usize,
                    seed.wrapping_mul(4).wrapping_add(seat),
                    hands,
                )
            })?;
            let mut once = Some(hands);
            let rec = schieber::play_recorded_from(
                o,
                None,
                &mut ps,
                &mut |_: &Schieber| once.take(),
                &mut |_| {},
            )
            .map_err(|e| anyhow!(e))?;
            jass_table::tell_game_over(&mut ps, || Record::Schieber(rec.clone()));
            let score = rec.deals[0].result.score;
            let (at, bt) = if a_even { (0, 1) } else { (1, 0) };
            values.push(score[at] as f64);
            values.push(score[bt] as f64);
            if record {
                records.push(Record::Schieber(rec));
            }
        }
        Ok(Unit { values, records })
    }

    fn report(&self, units: &[Vec<f64>]) -> Report {
        let shares: Vec<f64> = units
            .iter()
            .map(|v| share(v[0] + v[2], v[1] + v[3]).unwrap_or(0.5))
            .collect();
        let (mean, se) = mean_se(&shares);
        let n = units.len() as f64;
        let a_pts = units.iter().map(|v| v[0] + v[2]).sum::<f64>() / (2.0 * n);
        let b_pts = units.iter().map(|v| v[1] + v[3]).sum::<f64>() / (2.0 * n);
        Report {
            fields: vec![
                ("point_share_a", json!(mean)),
                ("standard_error", json!(se)),
                ("points_per_deal_a", json!(a_pts)),
                ("points_per_deal_b", json!(b_pts)),
            ],
            lines: vec![
                format!(
                    "point share of {}: {} ± {} (standard error)",
                    self.a,
                    pct(mean),
                    pct(se.0)
                ),
                format!(
                    "points per deal (multiplied): {} {a_pts:.1}, {} {b_pts:.1}",
                    self.a, self.b
                ),
            ],
        }
    }
}

/// Whether `name` seats the oracle (`oracle`, or a split seat whose cards it plays).
pub fn is_oracle(name: &str) -> bool {
    name == "oracle"
        || jass_table::split_name(name).is_ok_and(|s| s.is_some_and(|(_, c)| c == "oracle"))
}

/// A Schieber player of the arena: any player by name, and the oracle (`oracle`, or the card
/// player of a split seat, `sampling+oracle`), which the arena alone can seat: it is told the
/// deal's `hands`.
fn schieber_player(
    name: &str,
    options: &SchieberOptions,
    seat: usize,
    seed: u64,
    hands: [CardSet; 4],
) -> Result<Box<dyn Player<Schieber>>> {
    let oracle = || -> Box<dyn Player<Schieber>> { Box::new(OracleSchieber::new(*options, hands)) };
    if name == "oracle" {
        return Ok(oracle());
    }
    match jass_table::split_name(name).map_err(|e| anyhow!(e))? {
        Some((others, "oracle")) => Ok(jass_table::split_player(
            schieber_player(others, options, seat, seed, hands)?,
            oracle(),
        )),
        _ => players::player::<Schieber>(name, options, seat, seed),
    }
}

// ---------------------------------------------------------------------------------------------
// Sidi Barrani

struct SidiArena {
    options: SidiOptions,
    rotate_dealer: bool,
    a: String,
    b: String,
}

impl ArenaGame for SidiArena {
    fn unit_name(&self) -> &'static str {
        "deal"
    }
    fn plays_per_unit(&self) -> usize {
        2
    }
    fn scheme(&self) -> String {
        "each deal twice with the same hands in the same seats: A in seats 0+2, then in 1+3; the dealer rotates with the deal".into()
    }

    /// Per play: A's score, B's score, who declared (0 nobody, 1 A, 2 B), made (0/1).
    fn play_unit(&self, i: u64, seed: u64, record: bool) -> Result<Unit> {
        let o = SidiOptions {
            first_dealer: if self.rotate_dealer {
                (i % 4) as u8
            } else {
                self.options.first_dealer
            },
            ..self.options
        };
        let mut values = Vec::with_capacity(8);
        let mut records = Vec::new();
        for a_even in [true, false] {
            let mut ps = partnership(&self.a, &self.b, a_even, |name, seat| {
                players::player::<Sidi>(
                    name,
                    &self.options,
                    seat as usize,
                    splitmix(seed.wrapping_mul(8).wrapping_add(seat)),
                )
            })?;
            let mut dealer = Some(SeededDealer::new(seed));
            let rec = sidi::play_recorded_from(
                o,
                Some(seed),
                &mut ps,
                &mut |s: &Sidi| dealer.take().map(|mut d| s.deal_from_pack(&d.next_pack())),
                &mut |_| {},
            )
            .map_err(|e| anyhow!(e))?;
            jass_table::tell_game_over(&mut ps, || Record::Sidi(rec.clone()));
            let d = &rec.deals[0];
            let (at, bt) = if a_even { (0, 1) } else { (1, 0) };
            values.push(d.result.score[at] as f64);
            values.push(d.result.score[bt] as f64);
            match d.settled.contract {
                Some(c) => {
                    values.push(if (c.declarer as usize % 2) == at {
                        1.0
                    } else {
                        2.0
                    });
                    values.push(d.result.made.unwrap_or(false) as u8 as f64);
                }
                None => {
                    values.push(0.0);
                    values.push(0.0);
                }
            }
            if record {
                records.push(Record::Sidi(rec));
            }
        }
        Ok(Unit { values, records })
    }

    fn report(&self, units: &[Vec<f64>]) -> Report {
        let shares: Vec<f64> = units
            .iter()
            .filter_map(|v| share(v[0] + v[4], v[1] + v[5]))
            .collect();
        let (mean, se) = mean_se(&shares);
        let n = units.len() as f64;
        let a_pts = units.iter().map(|v| v[0] + v[4]).sum::<f64>() / (2.0 * n);
        let b_pts = units.iter().map(|v| v[1] + v[5]).sum::<f64>() / (2.0 * n);
        // Contracts: [declared, made] for A and B.
        let mut c = [[0u64; 2]; 2];
        let mut thrown = 0u64;
        for v in units {
            for p in [0, 4] {
                match v[p + 2] as u8 {
                    0 => thrown += 1,
                    side => {
                        c[side as usize - 1][0] += 1;
                        c[side as usize - 1][1] += v[p + 3] as u64;
                    }
                }
            }
        }
        // The share of the declared contracts made ("-" when none was declared).
        let rate = |x: [u64; 2]| {
            if x[0] > 0 {
                pct(x[1] as f64 / x[0] as f64)
            } else {
                "-".to_string()
            }
        };
        Report {
            fields: vec![
                ("point_share_a", json!(mean)),
                ("standard_error", json!(se)),
                ("points_per_deal_a", json!(a_pts)),
                ("points_per_deal_b", json!(b_pts)),
                ("contracts_a", json!(c[0][0])),
                ("contracts_made_a", json!(c[0][1])),
                ("contracts_b", json!(c[1][0])),
                ("contracts_made_b", json!(c[1][1])),
                ("thrown_in", json!(thrown)),
            ],
            lines: vec![
                format!(
                    "point share of {}: {} ± {} (standard error)",
                    self.a,
                    pct(mean),
                    pct(se.0)
                ),
                format!(
                    "points per deal: {} {a_pts:.1}, {} {b_pts:.1}",
                    self.a, self.b
                ),
                format!(
                    "contracts: {} declared {} and made {} ({}), {} declared {} and made {} ({}); thrown in {}",
                    self.a,
                    c[0][0],
                    c[0][1],
                    rate(c[0]),
                    self.b,
                    c[1][0],
                    c[1][1],
                    rate(c[1]),
                    thrown
                ),
            ],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Coiffeur

struct CoiffeurArena {
    options: CoiffeurOptions,
    a: String,
    b: String,
}

impl ArenaGame for CoiffeurArena {
    fn unit_name(&self) -> &'static str {
        "game"
    }
    fn plays_per_unit(&self) -> usize {
        2
    }
    fn scheme(&self) -> String {
        "each game twice from the same seed (the same packs in order): A in seats 0+2, then in 1+3"
            .into()
    }

    /// Per play: A's total, B's total, A's win (1, ½ on a tie, 0), deals played.
    fn play_unit(&self, _i: u64, seed: u64, record: bool) -> Result<Unit> {
        let mut values = Vec::with_capacity(8);
        let mut records = Vec::new();
        for a_even in [true, false] {
            let mut ps = partnership(&self.a, &self.b, a_even, |name, seat| {
                players::player::<Coiffeur>(
                    name,
                    &self.options,
                    seat as usize,
                    splitmix(seed.wrapping_mul(8).wrapping_add(seat)),
                )
            })?;
            let rec =
                coiffeur::play_recorded(self.options, seed, &mut ps).map_err(|e| anyhow!(e))?;
            jass_table::tell_game_over(&mut ps, || Record::Coiffeur(rec.clone()));
            let (at, bt) = if a_even { (0, 1) } else { (1, 0) };
            values.push(rec.result.totals[at] as f64);
            values.push(rec.result.totals[bt] as f64);
            values.push(match rec.result.winner {
                Some(w) if w as usize == at => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            });
            values.push(rec.deals.len() as f64);
            if record {
                records.push(Record::Coiffeur(rec));
            }
        }
        Ok(Unit { values, records })
    }

    fn report(&self, units: &[Vec<f64>]) -> Report {
        let shares: Vec<f64> = units
            .iter()
            .filter_map(|v| share(v[0] + v[4], v[1] + v[5]))
            .collect();
        let (mean, se) = mean_se(&shares);
        let wins: Vec<f64> = units.iter().map(|v| (v[2] + v[6]) / 2.0).collect();
        let (w, wse) = mean_se(&wins);
        let n = units.len() as f64;
        let a_pts = units.iter().map(|v| v[0] + v[4]).sum::<f64>() / (2.0 * n);
        let b_pts = units.iter().map(|v| v[1] + v[5]).sum::<f64>() / (2.0 * n);
        let deals = units.iter().map(|v| v[3] + v[7]).sum::<f64>() / (2.0 * n);
        Report {
            fields: vec![
                ("point_share_a", json!(mean)),
                ("standard_error", json!(se)),
                ("game_wins_a", json!(w)),
                ("game_wins_standard_error", json!(wse)),
                ("written_per_game_a", json!(a_pts)),
                ("written_per_game_b", json!(b_pts)),
                ("deals_per_game", json!(deals)),
            ],
            lines: vec![
                format!(
                    "point share of {} (points written): {} ± {} (standard error)",
                    self.a,
                    pct(mean),
                    pct(se.0)
                ),
                format!(
                    "games won by {}: {} ± {} (a tie counts half)",
                    self.a,
                    pct(w),
                    pct(wse.0)
                ),
                format!(
                    "written per game: {} {a_pts:.0}, {} {b_pts:.0} ({deals:.1} deals per game)",
                    self.a, self.b
                ),
            ],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Differenzler

struct DifferenzlerArena {
    options: DifferenzlerOptions,
    rotate_dealer: bool,
    a: String,
    b: String,
}

impl ArenaGame for DifferenzlerArena {
    fn unit_name(&self) -> &'static str {
        if self.options.deals == 1 {
            "deal"
        } else {
            "game"
        }
    }
    fn plays_per_unit(&self) -> usize {
        4
    }
    fn scheme(&self) -> String {
        format!(
            "each {} four times with the same hands in the same seats: A in seat k, B in the other three, k = 0..3",
            if self.options.deals == 1 {
                "deal".to_string()
            } else {
                format!("{}-deal game", self.options.deals)
            }
        )
    }

    /// Per play: A's penalty, the sum of the three B seats' penalties, deals played, A's share
    /// of the game's win (1, or 1/k when k seats tie for the lowest total, else 0).
    fn play_unit(&self, i: u64, seed: u64, record: bool) -> Result<Unit> {
        let o = DifferenzlerOptions {
            first_dealer: if self.rotate_dealer {
                (i % 4) as u8
            } else {
                self.options.first_dealer
            },
            ..self.options
        };
        let mut values = Vec::with_capacity(16);
        let mut records = Vec::new();
        for k in 0..4usize {
            let mut ps: Vec<Box<dyn Player<jass_core::differenzler::Differenzler>>> = (0..4)
                .map(|seat| {
                    players::player::<Differenzler>(
                        if seat == k { &self.a } else { &self.b },
                        &self.options,
                        seat,
                        splitmix(seed.wrapping_mul(16).wrapping_add((k * 4 + seat) as u64)),
                    )
                })
                .collect::<Result<_>>()?;
            let rec = differenzler::play_recorded(o, seed, &mut ps).map_err(|e| anyhow!(e))?;
            jass_table::tell_game_over(&mut ps, || Record::Differenzler(rec.clone()));
            let mut pen = [0f64; 4];
            for d in &rec.deals {
                for (s, p) in pen.iter_mut().enumerate() {
                    *p += d.result.penalty[s] as f64;
                }
            }
            values.push(pen[k]);
            values.push(pen.iter().sum::<f64>() - pen[k]);
            values.push(rec.deals.len() as f64);
            let lowest = pen.iter().cloned().fold(f64::INFINITY, f64::min);
            let tied = pen.iter().filter(|&&p| p == lowest).count() as f64;
            values.push(if pen[k] == lowest { 1.0 / tied } else { 0.0 });
            if record {
                records.push(Record::Differenzler(rec));
            }
        }
        Ok(Unit { values, records })
    }

    fn report(&self, units: &[Vec<f64>]) -> Report {
        let per = |v: &Vec<f64>| {
            let deals: f64 = (0..4).map(|k| v[4 * k + 2]).sum::<f64>() / 4.0;
            let a: f64 = (0..4).map(|k| v[4 * k]).sum::<f64>() / (4.0 * deals);
            let b: f64 = (0..4).map(|k| v[4 * k + 1]).sum::<f64>() / (12.0 * deals);
            (a, b)
        };
        // A's share of the games won (a fair share is a quarter: A sits against three B seats).
        let wins: Vec<f64> = units
            .iter()
            .map(|v| (0..4).map(|k| v[4 * k + 3]).sum::<f64>() / 4.0)
            .collect();
        let (wm, wse) = mean_se(&wins);
        let a: Vec<f64> = units.iter().map(|v| per(v).0).collect();
        let b: Vec<f64> = units.iter().map(|v| per(v).1).collect();
        let d: Vec<f64> = units
            .iter()
            .map(|v| {
                let (a, b) = per(v);
                a - b
            })
            .collect();
        let (am, ase) = mean_se(&a);
        let (bm, bse) = mean_se(&b);
        let (dm, dse) = mean_se(&d);
        Report {
            fields: vec![
                ("penalty_per_deal_a", json!(am)),
                ("penalty_per_deal_a_standard_error", json!(ase)),
                ("penalty_per_deal_b", json!(bm)),
                ("penalty_per_deal_b_standard_error", json!(bse)),
                ("penalty_difference", json!(dm)),
                ("penalty_difference_standard_error", json!(dse)),
                ("games_won_a", json!(wm)),
                ("games_won_a_standard_error", json!(wse)),
            ],
            lines: vec![
                format!(
                    "mean penalty per deal: {} {am:.2} ± {ase:.2}, {} {bm:.2} ± {bse:.2} (standard errors)",
                    self.a, self.b
                ),
                format!(
                    "difference {} − {}: {dm:+.2} ± {dse:.2} (lower is better)",
                    self.a, self.b
                ),
                format!(
                    "games won by {}: {} ± {} (a tie shares the win; a fair share is 25%: one seat against three)",
                    self.a,
                    pct(wm),
                    pct(wse.0)
                ),
            ],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Handjass

struct HandjassArena {
    options: HandjassOptions,
    a: String,
    b: String,
}

impl ArenaGame for HandjassArena {
    fn unit_name(&self) -> &'static str {
        "deal"
    }
    fn plays_per_unit(&self) -> usize {
        self.options.players as usize
    }
    fn scheme(&self) -> String {
        let n = self.options.players;
        format!(
            "the first deal of a {n}-player game {n} times with the same cards in the same seats: A in seat k, B in the other {} seats, k = 0..{}",
            n - 1,
            n - 1
        )
    }

    /// Per play: A's strokes, A's potatoes, the B seats' strokes and potatoes (summed).
    fn play_unit(&self, _i: u64, seed: u64, record: bool) -> Result<Unit> {
        let n = self.options.players as usize;
        let mut values = Vec::with_capacity(4 * n);
        let mut records = Vec::new();
        for k in 0..n {
            let mut ps: Vec<Box<dyn Player<Handjass>>> = (0..n)
                .map(|seat| {
                    players::player::<Handjass>(
                        if seat == k { &self.a } else { &self.b },
                        &self.options,
                        seat,
                        splitmix(seed.wrapping_mul(32).wrapping_add((k * 8 + seat) as u64)),
                    )
                })
                .collect::<Result<_>>()?;
            let mut dealer = Some(SeededDealer::new(seed));
            let rec = handjass::play_recorded_from(
                self.options,
                Some(seed),
                &mut ps,
                &mut |s: &Handjass| dealer.take().map(|mut d| s.deal_from_pack(&d.next_pack())),
                &mut |_| {},
            )
            .map_err(|e| anyhow!(e))?;
            jass_table::tell_game_over(&mut ps, || Record::Handjass(rec.clone()));
            let r = &rec.deals[0].result;
            let (mut st, mut po) = (0f64, 0f64);
            for s in 0..n {
                if s != k {
                    st += r.strokes[s] as f64;
                    po += r.potatoes[s] as f64;
                }
            }
            values.extend([r.strokes[k] as f64, r.potatoes[k] as f64, st, po]);
            if record {
                records.push(Record::Handjass(rec));
            }
        }
        Ok(Unit { values, records })
    }

    fn report(&self, units: &[Vec<f64>]) -> Report {
        let n = self.options.players as usize;
        let nf = n as f64;
        let col = |j: usize, div: f64| -> Vec<f64> {
            units
                .iter()
                .map(|v| (0..n).map(|k| v[4 * k + j]).sum::<f64>() / div)
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
        Report {
            fields: vec![
                ("players", json!(n)),
                ("strokes_per_deal_a", json!(ast)),
                ("strokes_per_deal_a_standard_error", json!(astse)),
                ("potatoes_per_deal_a", json!(apo)),
                ("potatoes_per_deal_a_standard_error", json!(apose)),
                ("strokes_per_deal_b", json!(bst)),
                ("strokes_per_deal_b_standard_error", json!(bstse)),
                ("potatoes_per_deal_b", json!(bpo)),
                ("potatoes_per_deal_b_standard_error", json!(bpose)),
                ("net_difference", json!(d)),
                ("net_difference_standard_error", json!(dse)),
            ],
            lines: vec![
                format!(
                    "per deal: {} strokes {ast:.3} ± {astse:.3}, potatoes {apo:.3} ± {apose:.3}",
                    self.a
                ),
                format!(
                    "per deal: {} strokes {bst:.3} ± {bstse:.3}, potatoes {bpo:.3} ± {bpose:.3}",
                    self.b
                ),
                format!(
                    "strokes − potatoes, {} minus {}: {d:+.3} ± {dse:.3} per deal",
                    self.a, self.b
                ),
            ],
        }
    }
}

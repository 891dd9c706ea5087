//! `jass arena` as each game declares it ([`TableGame::arena`]): what a duplicate unit is (one
//! deal, or a whole game), how the two players are seated in its plays, how one play goes, the
//! measure that counts for the game, and players only the arena can seat (Schieber's oracle). A
//! game that declares nothing gets [`Arena::new`]: whole games from one seed, the teams swapped
//! (a game of teams) or A in each seat in turn (every player for himself), measured by the
//! verdict's totals. `jass arena` (jass-cli) plays any game through this, with no code per game.

use jass_core::deal::SeededDealer;
use jass_core::{Game, Player};
use serde_json::Value;

use crate::adapter::TableGame;
use crate::registry::GameKind;
use crate::splitmix;
use crate::Record;

/// How `jass arena` plays a game on duplicate cards and what it measures.
pub struct Arena<G: TableGame> {
    /// The options the players are made with (and the plays start from).
    pub options: G::Options,
    /// What one duplicate unit is.
    pub unit: ArenaUnit,
    /// How A and B sit in the plays of a unit.
    pub seating: Seating,
    /// The seating in words, for people and `--json` (`scheme`).
    pub scheme: String,
    /// The seed of each seat's player in each play.
    pub seat_seeds: SeatSeeds,
    /// One play of a unit: `(unit index, unit seed, players)` to the play's record. Every play
    /// of a unit gets the same seed, so the same cards.
    pub play: PlayFn<G>,
    /// What the arena counts and reports.
    pub measure: Box<dyn ArenaMeasure>,
    /// Players only the arena can seat, because they are told hands no seat may see (Schieber's
    /// oracle, and its sampling player told the partner's hand).
    pub seers: Vec<Seer<G>>,
}

/// One play of a unit: `(unit index, unit seed, players)` to its record.
pub type PlayFn<G> =
    Box<dyn Fn(u64, u64, &mut [Box<dyn Player<G>>]) -> Result<Record, String> + Send + Sync>;

impl<G: TableGame> Arena<G> {
    /// The default arena: a unit is a whole game from the unit's seed ([`TableGame::play`]),
    /// played twice with the teams swapped in a game of teams, else once with A in each seat;
    /// measured by the verdict's totals ([`TeamTotals`], [`SeatTotals`]).
    pub fn new(options: G::Options) -> Arena<G> {
        let seats = G::seat_count(&options);
        let seating = if G::TEAMS && seats == 4 {
            Seating::Teams
        } else {
            Seating::EachSeat(seats)
        };
        let measure: Box<dyn ArenaMeasure> = match seating {
            Seating::Teams => Box::new(TeamTotals::POINTS),
            Seating::EachSeat(_) => Box::new(SeatTotals::POINTS),
        };
        Arena {
            options,
            unit: ArenaUnit::Game,
            scheme: seating.scheme("game", "from the same seed (the same packs in order)"),
            seating,
            seat_seeds: SeatSeeds::DEFAULT,
            play: Box::new(move |_, seed, players| G::play(options, seed, players, &mut |_| {})),
            measure,
            seers: Vec::new(),
        }
    }

    /// Plays unit `unit` from `seed`: each of its plays with the players `seat(a, seat,
    /// seat_seed)` makes (`a`: the seat is A's), told at the end that the game is over. Gives
    /// the record and the measure's figures of every play.
    pub fn play_unit(
        &self,
        unit: u64,
        seed: u64,
        mut seat: impl FnMut(bool, usize, u64) -> Result<Box<dyn Player<G>>, String>,
    ) -> Result<Vec<(Record, Vec<f64>)>, String> {
        (0..self.seating.plays())
            .map(|play| {
                let a_seats = self.seating.a_seats(play);
                let mut players = a_seats
                    .iter()
                    .enumerate()
                    .map(|(s, &a)| seat(a, s, self.seat_seeds.seed(seed, play, s)))
                    .collect::<Result<Vec<_>, String>>()?;
                let record = (self.play)(unit, seed, &mut players)?;
                crate::tell_game_over(&mut players, || record.clone());
                let figures = self.measure.figures(&record, &a_seats)?;
                Ok((record, figures))
            })
            .collect()
    }
}

/// The deals of a unit that is one deal: the first pack of the unit's seed, then none (the game
/// stops after it).
pub fn first_deal<G: Game>(seed: u64) -> impl FnMut(&G) -> Option<G::Deal> {
    let mut dealer = Some(SeededDealer::new(seed));
    move |state: &G| {
        dealer
            .take()
            .map(|mut d| state.deal_from_pack(&d.next_pack()))
    }
}

/// What one duplicate unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaUnit {
    /// One deal (a game stopped after its first deal, or a one-deal game).
    Deal,
    /// A whole game.
    Game,
}

impl ArenaUnit {
    /// `deal` or `game`.
    pub fn name(self) -> &'static str {
        match self {
            ArenaUnit::Deal => "deal",
            ArenaUnit::Game => "game",
        }
    }
}

/// How A and B sit in the plays of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// Four seats in two teams: A's team in seats 0+2, then in 1+3 (two plays).
    Teams,
    /// Every player for himself at `n` seats: A in seat k and B in the others, k = 0..n−1 (n
    /// plays), so that A plays every hand once and B every hand n − 1 times.
    EachSeat(usize),
}

impl Seating {
    /// The seats at the table.
    pub fn seats(self) -> usize {
        match self {
            Seating::Teams => 4,
            Seating::EachSeat(n) => n,
        }
    }

    /// The plays of a unit.
    pub fn plays(self) -> usize {
        match self {
            Seating::Teams => 2,
            Seating::EachSeat(n) => n,
        }
    }

    /// Which seats A holds in play `play` of a unit.
    pub fn a_seats(self, play: usize) -> Vec<bool> {
        (0..self.seats())
            .map(|seat| match self {
                Seating::Teams => seat % 2 == play % 2,
                Seating::EachSeat(_) => seat == play,
            })
            .collect()
    }

    /// The seating in words: "each `unit` twice `same`: A in seats 0+2, then in 1+3".
    pub fn scheme(self, unit: &str, same: &str) -> String {
        match self {
            Seating::Teams => format!("each {unit} twice {same}: A in seats 0+2, then in 1+3"),
            Seating::EachSeat(n) => format!(
                "each {unit} {} {same}: A in seat k, B in the other {}, k = 0..{}",
                times(n),
                number_word(n.saturating_sub(1)),
                n.saturating_sub(1)
            ),
        }
    }
}

/// `twice`, `three times`, ….
fn times(n: usize) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{} times", number_word(n)),
    }
}

/// A small number in words (`three`), a larger one in digits.
pub fn number_word(n: usize) -> String {
    const WORDS: [&str; 9] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// The seed of each seat's player: `per_unit × unit seed + per_play × play + seat`, mixed by
/// [`splitmix`] when `mixed`. The games keep the scheme they had when the arena learnt them, so
/// that their figures stay the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatSeeds {
    /// The step between units.
    pub per_unit: u64,
    /// The step between the plays of a unit (0: every play seats the same seeds).
    pub per_play: u64,
    /// Whether the sum is mixed.
    pub mixed: bool,
}

impl SeatSeeds {
    /// Distinct seeds for up to eight plays of up to eight seats.
    pub const DEFAULT: SeatSeeds = SeatSeeds {
        per_unit: 64,
        per_play: 8,
        mixed: true,
    };

    /// The seed of `seat`'s player in play `play` of the unit seeded `unit_seed`.
    pub fn seed(self, unit_seed: u64, play: usize, seat: usize) -> u64 {
        let raw = unit_seed
            .wrapping_mul(self.per_unit)
            .wrapping_add(self.per_play.wrapping_mul(play as u64))
            .wrapping_add(seat as u64);
        if self.mixed {
            splitmix(raw)
        } else {
            raw
        }
    }
}

/// A player only the arena can seat, by its name (`oracle`), alone or as the card player of a
/// split seat (`sampling+oracle`): made for each play from the unit's seed (it is told the hands
/// dealt from it).
pub struct Seer<G: TableGame> {
    /// Its name on the command line.
    pub name: &'static str,
    /// The player for a play of the unit seeded `unit_seed`, its own seed `seed` (its draws).
    pub make: SeerMake<G>,
}

/// How a [`Seer`] is made: `(unit_seed, seed)` to the player.
pub type SeerMake<G> = Box<dyn Fn(u64, u64) -> Box<dyn Player<G>> + Send + Sync>;

/// What the arena counts in each play, and its summary.
pub trait ArenaMeasure: Send + Sync {
    /// The figures of one play, from its record; `a_seats[s]` is true where A sits.
    fn figures(&self, record: &Record, a_seats: &[bool]) -> Result<Vec<f64>, String>;
    /// The summary of all units: `units[u][p]` holds the figures of play `p` of unit `u`; `a`
    /// and `b` name the players.
    fn report(&self, a: &str, b: &str, units: &[Vec<Vec<f64>>]) -> ArenaReport;
}

/// What a game's summary says: fields for `--json` and lines of text.
#[derive(Debug, Default)]
pub struct ArenaReport {
    /// The figures by name, for `--json`.
    pub fields: Vec<(String, Value)>,
    /// The figures in words.
    pub lines: Vec<String>,
}

impl ArenaReport {
    /// Adds a figure for `--json`.
    pub fn field(&mut self, name: impl Into<String>, value: impl serde::Serialize) {
        self.fields.push((
            name.into(),
            serde_json::to_value(value).unwrap_or(Value::Null),
        ));
    }
}

/// Mean and standard error of the mean (none from a single value: its spread is unknown).
pub fn mean_se(xs: &[f64]) -> (f64, StdErr) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (f64::NAN, StdErr(f64::NAN));
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, StdErr(f64::NAN));
    }
    let var = xs.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, StdErr((var / n).sqrt()))
}

/// A standard error, unknown (NaN) from fewer than two units: printed "n/a", null in JSON.
#[derive(Clone, Copy, Debug)]
pub struct StdErr(pub f64);

impl std::fmt::Display for StdErr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_nan() {
            f.write_str("n/a")
        } else {
            std::fmt::Display::fmt(&self.0, f)
        }
    }
}

impl serde::Serialize for StdErr {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_nan() {
            s.serialize_none()
        } else {
            s.serialize_f64(self.0)
        }
    }
}

/// A share in percent ("n/a" for an unknown standard error).
pub fn pct(x: f64) -> String {
    if x.is_nan() {
        return "n/a".to_string();
    }
    format!("{:.1}%", 100.0 * x)
}

/// A's share of the points in one unit; `None` when nobody scored.
pub fn share(a: f64, b: f64) -> Option<f64> {
    (a + b > 0.0).then(|| a / (a + b))
}

/// A's and B's points in the two plays of a unit of a game of teams, where figures `0` and `1`
/// of each play are A's and B's.
pub fn team_points(unit: &[Vec<f64>]) -> (f64, f64) {
    (unit[0][0] + unit[1][0], unit[0][1] + unit[1][1])
}

/// A's share of the points of every unit of a game of teams ([`team_points`]); a unit where
/// nobody scored counts `nobody_scored`, or is left out.
pub fn team_shares(units: &[Vec<Vec<f64>>], nobody_scored: Option<f64>) -> Vec<f64> {
    units
        .iter()
        .filter_map(|u| {
            let (a, b) = team_points(u);
            share(a, b).or(nobody_scored)
        })
        .collect()
}

/// The first dealer (or forehand) of unit `unit`: it rotates over the four seats with the unit,
/// unless the options fix it (`rotate` false: `fixed`).
pub fn rotating_seat(rotate: bool, unit: u64, fixed: u8) -> u8 {
    if rotate {
        (unit % 4) as u8
    } else {
        fixed
    }
}

/// The mean per play of a figure over all units of a game of teams ([`team_points`]).
pub fn per_play(units: &[Vec<Vec<f64>>], of: impl Fn(&[Vec<f64>]) -> f64) -> f64 {
    units.iter().map(|u| of(u)).sum::<f64>() / (2.0 * units.len() as f64)
}

/// A's team (0 for seats 0+2, 1 for 1+3) and B's.
pub fn teams_of(a_seats: &[bool]) -> (usize, usize) {
    if a_seats.first() == Some(&true) {
        (0, 1)
    } else {
        (1, 0)
    }
}

/// The verdict of a record, for the measures read from it.
fn verdict(record: &Record) -> crate::Verdict {
    GameKind::verdict(record)
}

/// The default measure of a game of teams: A's share of the totals of the verdict, the games
/// won, the totals and the deals per game (Coiffeur's, with its words).
#[derive(Clone, Copy, Debug)]
pub struct TeamTotals {
    /// After "point share of A", what the totals are (` (points written)`), or nothing.
    pub note: &'static str,
    /// What the totals are called per game (`points`, `written`).
    pub per_game: &'static str,
}

impl TeamTotals {
    /// The totals are points.
    pub const POINTS: TeamTotals = TeamTotals {
        note: "",
        per_game: "points",
    };
}

impl ArenaMeasure for TeamTotals {
    /// A's total, B's total, A's win (1, ½ on a tie, 0), deals played.
    fn figures(&self, record: &Record, a_seats: &[bool]) -> Result<Vec<f64>, String> {
        let v = verdict(record);
        let (at, bt) = teams_of(a_seats);
        let total = |t: usize| v.totals.get(t).copied().unwrap_or(0) as f64;
        Ok(vec![
            total(at),
            total(bt),
            match v.winner {
                Some(w) if w == at => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            v.deals as f64,
        ])
    }

    fn report(&self, a: &str, b: &str, units: &[Vec<Vec<f64>>]) -> ArenaReport {
        let (mean, se) = mean_se(&team_shares(units, None));
        let wins: Vec<f64> = units.iter().map(|u| (u[0][2] + u[1][2]) / 2.0).collect();
        let (w, wse) = mean_se(&wins);
        let a_pts = per_play(units, |u| team_points(u).0);
        let b_pts = per_play(units, |u| team_points(u).1);
        let deals = per_play(units, |u| u[0][3] + u[1][3]);
        let per_game = self.per_game;
        let mut r = ArenaReport::default();
        r.field("point_share_a", mean);
        r.field("standard_error", se);
        r.field("game_wins_a", w);
        r.field("game_wins_standard_error", wse);
        r.field(format!("{per_game}_per_game_a"), a_pts);
        r.field(format!("{per_game}_per_game_b"), b_pts);
        r.field("deals_per_game", deals);
        r.lines = vec![
            format!(
                "point share of {a}{}: {} ± {} (standard error)",
                self.note,
                pct(mean),
                pct(se.0)
            ),
            format!(
                "games won by {a}: {} ± {} (a tie counts half)",
                pct(w),
                pct(wse.0)
            ),
            format!(
                "{per_game} per game: {a} {a_pts:.0}, {b} {b_pts:.0} ({deals:.1} deals per game)"
            ),
        ];
        r
    }
}

/// The default measure of a game of every player for himself, A in one seat against B in the
/// others: the totals of the verdict per deal of A and of B, their difference, and A's share of
/// the games won (the best total; a tie shares the win). Differenzler's, with its words.
#[derive(Clone, Copy, Debug)]
pub struct SeatTotals {
    /// What the totals are called (`points`, `penalty`).
    pub name: &'static str,
    /// Whether the lowest total wins (penalties); else the highest.
    pub lower_wins: bool,
}

impl SeatTotals {
    /// The totals are points, the most win.
    pub const POINTS: SeatTotals = SeatTotals {
        name: "points",
        lower_wins: false,
    };
}

impl ArenaMeasure for SeatTotals {
    /// A's total, the sum of the B seats' totals, deals played, A's share of the game's win (1,
    /// or 1/k when k seats tie for the best total, else 0).
    fn figures(&self, record: &Record, a_seats: &[bool]) -> Result<Vec<f64>, String> {
        let v = verdict(record);
        let totals: Vec<f64> = v.totals.iter().map(|&t| t as f64).collect();
        let (mut a, mut others, mut a_best) = (0.0, 0.0, false);
        let best = if self.lower_wins {
            totals.iter().cloned().fold(f64::INFINITY, f64::min)
        } else {
            totals.iter().cloned().fold(f64::NEG_INFINITY, f64::max)
        };
        for (seat, &t) in totals.iter().enumerate() {
            if a_seats.get(seat) == Some(&true) {
                a += t;
                a_best |= t == best;
            } else {
                others += t;
            }
        }
        let tied = totals.iter().filter(|&&t| t == best).count() as f64;
        Ok(vec![
            a,
            others,
            v.deals as f64,
            if a_best { 1.0 / tied } else { 0.0 },
        ])
    }

    fn report(&self, a: &str, b: &str, units: &[Vec<Vec<f64>>]) -> ArenaReport {
        // Per unit: A's and B's total per deal (B sits in n − 1 seats of each of the n plays).
        let per = |u: &Vec<Vec<f64>>| {
            let n = u.len() as f64;
            let deals: f64 = u.iter().map(|p| p[2]).sum::<f64>() / n;
            let a: f64 = u.iter().map(|p| p[0]).sum::<f64>() / (n * deals);
            let b: f64 = u.iter().map(|p| p[1]).sum::<f64>() / (n * (n - 1.0) * deals);
            (a, b)
        };
        let plays = units.first().map_or(1, Vec::len);
        let wins: Vec<f64> = units
            .iter()
            .map(|u| u.iter().map(|p| p[3]).sum::<f64>() / u.len() as f64)
            .collect();
        let (wm, wse) = mean_se(&wins);
        let a_per: Vec<f64> = units.iter().map(|u| per(u).0).collect();
        let b_per: Vec<f64> = units.iter().map(|u| per(u).1).collect();
        let d: Vec<f64> = units
            .iter()
            .map(|u| {
                let (a, b) = per(u);
                a - b
            })
            .collect();
        let (am, ase) = mean_se(&a_per);
        let (bm, bse) = mean_se(&b_per);
        let (dm, dse) = mean_se(&d);
        let name = self.name;
        let mut r = ArenaReport::default();
        r.field(format!("{name}_per_deal_a"), am);
        r.field(format!("{name}_per_deal_a_standard_error"), ase);
        r.field(format!("{name}_per_deal_b"), bm);
        r.field(format!("{name}_per_deal_b_standard_error"), bse);
        r.field(format!("{name}_difference"), dm);
        r.field(format!("{name}_difference_standard_error"), dse);
        r.field("games_won_a", wm);
        r.field("games_won_a_standard_error", wse);
        // A fair share of the wins: one seat of n (25% at four seats).
        let fair = 100.0 / plays as f64;
        let fair = if fair.fract() == 0.0 {
            format!("{fair}%")
        } else {
            format!("{fair:.1}%")
        };
        r.lines = vec![
            format!("mean {name} per deal: {a} {am:.2} ± {ase:.2}, {b} {bm:.2} ± {bse:.2} (standard errors)"),
            format!(
                "difference {a} − {b}: {dm:+.2} ± {dse:.2} ({} is better)",
                if self.lower_wins { "lower" } else { "higher" }
            ),
            format!(
                "games won by {a}: {} ± {} (a tie shares the win; a fair share is {fair}: one seat against {})",
                pct(wm),
                pct(wse.0),
                number_word(plays.saturating_sub(1))
            ),
        ];
        r
    }
}

/// The measure of a game that names a loser among players each for himself (Pandur: the last
/// one left in): the verdict's totals per deal as [`SeatTotals::POINTS`], and A's share of the
/// games lost in place of the games won.
#[derive(Clone, Copy, Debug)]
pub struct SeatLosses;

impl ArenaMeasure for SeatLosses {
    /// [`SeatTotals`]'s figures, the last 1 where A's seat is the verdict's loser, else 0.
    fn figures(&self, record: &Record, a_seats: &[bool]) -> Result<Vec<f64>, String> {
        let mut f = SeatTotals::POINTS.figures(record, a_seats)?;
        let lost = verdict(record)
            .loser
            .is_some_and(|l| a_seats.get(l) == Some(&true));
        f[3] = if lost { 1.0 } else { 0.0 };
        Ok(f)
    }

    fn report(&self, a: &str, b: &str, units: &[Vec<Vec<f64>>]) -> ArenaReport {
        let mut r = SeatTotals::POINTS.report(a, b, units);
        r.fields.retain(|(name, _)| !name.starts_with("games_won"));
        r.lines.truncate(2);
        let plays = units.first().map_or(1, Vec::len);
        let lost: Vec<f64> = units
            .iter()
            .map(|u| u.iter().map(|p| p[3]).sum::<f64>() / u.len() as f64)
            .collect();
        let (lm, lse) = mean_se(&lost);
        r.field("games_lost_a", lm);
        r.field("games_lost_a_standard_error", lse);
        r.lines.push(format!(
            "games lost by {a}: {} ± {} (lower is better; a fair share is {:.1}%: one seat against {})",
            pct(lm),
            pct(lse.0),
            100.0 / plays as f64,
            number_word(plays.saturating_sub(1))
        ));
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn seats_are_seated_by_the_scheme() {
        assert_eq!(Seating::Teams.a_seats(0), [true, false, true, false]);
        assert_eq!(Seating::Teams.a_seats(1), [false, true, false, true]);
        assert_eq!(Seating::EachSeat(3).a_seats(2), [false, false, true]);
        assert_eq!(Seating::EachSeat(5).plays(), 5);
        assert_eq!(
            Seating::EachSeat(4).scheme("deal", "with the same hands in the same seats"),
            "each deal four times with the same hands in the same seats: A in seat k, B in the other three, k = 0..3"
        );
    }

    /// Plays two units of `arena` with the rule player in every seat and reports them, with the
    /// verdict of the first play.
    fn rule_units<G: TableGame>(arena: &Arena<G>) -> (ArenaReport, crate::Verdict) {
        let mut first = None;
        let units: Vec<Vec<Vec<f64>>> = (0..2)
            .map(|unit| {
                let plays = arena
                    .play_unit(unit, 40 + unit, |_, _, _| {
                        Ok(G::rule_player(&arena.options))
                    })
                    .unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
                assert_eq!(plays.len(), arena.seating.plays(), "{}", G::NAME);
                first.get_or_insert_with(|| verdict(&plays[0].0));
                plays.into_iter().map(|(_, figures)| figures).collect()
            })
            .collect();
        (arena.measure.report("a", "b", &units), first.unwrap())
    }

    /// Every game plays in the arena it declares and in the default one (what a new game that
    /// declares nothing gets): every figure a number, the same player even against itself.
    #[test]
    fn every_game_plays_its_arena_and_the_default_one() {
        struct Check;
        impl crate::GameVisitor for Check {
            type Output = ();
            fn visit<G: TableGame>(self) {
                let given = json!({});
                let declared = G::arena(&given).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
                let default = Arena::<G>::new(G::read_options(&given).unwrap());
                assert_eq!(default.unit, ArenaUnit::Game);
                assert_eq!(
                    default.seating.plays(),
                    if G::TEAMS {
                        2
                    } else {
                        G::seat_count(&default.options)
                    },
                    "{}",
                    G::NAME
                );
                let (report, verdict) = rule_units(&declared);
                // The game's own arena calls its totals what the game's verdict calls them
                // (points, penalty, strokes, lines).
                let unit = verdict.unit.split(' ').next().unwrap();
                assert!(
                    report.lines.iter().any(|l| l.contains(unit)),
                    "{}: the arena's report does not speak of {unit}: {:?}",
                    G::NAME,
                    report.lines
                );
                for arena in [declared, default] {
                    let (report, _) = rule_units(&arena);
                    assert!(!report.lines.is_empty(), "{}: {report:?}", G::NAME);
                    for (name, value) in &report.fields {
                        assert!(value.is_number(), "{}: {name} = {value}", G::NAME);
                    }
                    // The rule player against itself in every seat: A's share of the points
                    // (where the measure has one) is even.
                    if let Some((_, share)) =
                        report.fields.iter().find(|(k, _)| k == "point_share_a")
                    {
                        assert_eq!(share.as_f64(), Some(0.5), "{}", G::NAME);
                    }
                }
            }
        }
        for kind in GameKind::ALL {
            kind.visit(Check);
        }
    }

    #[test]
    fn seat_losses_count_the_games_a_loses() {
        // Figures as SeatTotals' with the last the loss: A lost one play of three in the first
        // unit, none in the second: a sixth of the games, against a fair share of a third.
        let play = |lost: f64| vec![10.0, 20.0, 5.0, lost];
        let units = vec![
            vec![play(1.0), play(0.0), play(0.0)],
            vec![play(0.0), play(0.0), play(0.0)],
        ];
        let r = SeatLosses.report("a", "b", &units);
        let field = |name: &str| {
            r.fields
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        };
        let lost = field("games_lost_a").and_then(|v| v.as_f64()).unwrap();
        assert!((lost - 1.0 / 6.0).abs() < 1e-9, "{lost}");
        assert!(field("games_won_a").is_none());
        assert!(r.lines.last().unwrap().contains("33.3%"), "{:?}", r.lines);
        // From a record: the flag is set exactly where A sits in the verdict's loser's seat.
        use jass_core::pandur::Pandur;
        let o = Pandur::read_options(&json!({})).unwrap();
        let mut players: Vec<_> = (0..4)
            .map(|s| crate::bots::bot::<Pandur>("rule", &o, s, 3).unwrap())
            .collect();
        let record = Pandur::play(o, 3, &mut players, &mut |_| {}).unwrap();
        let loser = verdict(&record).loser.expect("Pandur names a loser");
        for seat in 0..4 {
            let a_seats: Vec<bool> = (0..4).map(|s| s == seat).collect();
            let f = SeatLosses.figures(&record, &a_seats).unwrap();
            assert_eq!(f[3], f64::from(u8::from(seat == loser)), "seat {seat}");
        }
    }

    #[test]
    fn one_unit_has_no_standard_error() {
        let (mean, se) = mean_se(&[0.25]);
        assert_eq!(mean, 0.25);
        assert_eq!(se.to_string(), "n/a");
        assert_eq!(json!(se), Value::Null);
        assert_eq!(pct(se.0), "n/a");
    }
}

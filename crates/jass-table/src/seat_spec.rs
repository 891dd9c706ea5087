//! Who plays a seat, as written on the command line (`--players rule,cmd:python3 bot.py`): a
//! computer player by name, a bot program (`cmd:COMMAND`, the bot protocol of
//! `docs/protocol.md`) or a jass-kit player service (`http://host:port/jass/players/NAME`).
//!
//! A list is comma-separated. A command may contain spaces; a comma inside a command must be
//! quoted (`cmd:python3 bot.py '--weights=a,b'`) or escaped (`\,`).

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::Record;
use jass_core::Player;
use serde_json::Value;

use crate::adapter::TableGame;
use crate::bots::{bot, BOT_NAMES};
use crate::external::{BotLimits, BotLog, ExternalBot, GameInfo};
use crate::jasskit_http::JassKitPlayer;
use crate::request::{JsonPlayer, JsonSeat};
use crate::table::SeatPlayer;

/// One seat's player as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A computer player of the project (`random`, `rule`, `sampling`).
    Bot(String),
    /// A program speaking the bot protocol: its command line.
    Cmd(String),
    /// A jass-kit player service (Schieber): its URL, `http://host:port/jass/players/NAME`.
    JassKit(String),
    /// A program or service with a deadline of its own, in milliseconds
    /// (`deadline_ms=15000:http://…`, `deadline_ms=15000:cmd:…`).
    Timed(u64, Box<SeatSpec>),
}

/// The longest deadline a seat may be given (an hour a decision).
const MAX_DEADLINE_MS: u64 = 3_600_000;

/// Whether `spec` names a program or a service (not one of the project's computer players).
pub fn is_program(spec: &str) -> bool {
    let s = spec.trim();
    ["cmd:", "http://", "https://", "deadline_ms="]
        .iter()
        .any(|p| s.starts_with(p))
}

impl fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatSpec::Bot(n) => write!(f, "{n}"),
            SeatSpec::Cmd(c) => write!(f, "cmd:{c}"),
            SeatSpec::JassKit(u) => write!(f, "{u}"),
            SeatSpec::Timed(ms, inner) => write!(f, "deadline_ms={ms}:{inner}"),
        }
    }
}

/// Reads one seat's spec.
pub fn parse_one(spec: &str) -> Result<SeatSpec, String> {
    let s = spec.trim();
    // The spec names the seat in records and lists: `rule` + U+200B must not pass for `rule`.
    jass_core::text::refuse_unsafe(s).map_err(|e| format!("player {e}"))?;
    if let Some(rest) = s.strip_prefix("deadline_ms=") {
        let (ms, inner) = rest
            .split_once(':')
            .and_then(|(ms, inner)| Some((ms.parse::<u64>().ok()?, inner)))
            .filter(|(ms, _)| (1..=MAX_DEADLINE_MS).contains(ms))
            .ok_or_else(|| {
                format!(
                    "player `{s}`: the deadline must be 1 to {MAX_DEADLINE_MS} milliseconds, \
                     followed by the player: deadline_ms=15000:http://HOST:PORT/NAME or \
                     deadline_ms=15000:cmd:COMMAND"
                )
            })?;
        return match parse_one(inner)? {
            SeatSpec::Bot(name) => Err(format!(
                "player `{s}`: a deadline applies to a program or a service, not to `{name}`"
            )),
            SeatSpec::Timed(..) => Err(format!("player `{s}`: give one deadline")),
            timed => Ok(SeatSpec::Timed(ms, Box::new(timed))),
        };
    }
    if let Some(cmd) = s.strip_prefix("cmd:") {
        crate::external::split_command(cmd).map_err(|e| {
            format!(
                "player `{s}`: {e} (write cmd:COMMAND, e.g. cmd:python3 examples/random_bot.py)"
            )
        })?;
        return Ok(SeatSpec::Cmd(cmd.trim().to_string()));
    }
    if s.starts_with("http://") || s.starts_with("https://") {
        crate::jasskit_http::parse_url(s).map_err(|e| format!("player `{s}`: {e}"))?;
        return Ok(SeatSpec::JassKit(s.to_string()));
    }
    if s.is_empty() {
        return Err("an empty player in the list: write e.g. --players rule,random".into());
    }
    if BOT_NAMES.contains(&s) {
        return Ok(SeatSpec::Bot(s.to_string()));
    }
    Err(format!(
        "unknown player `{s}`: known players are {}, cmd:COMMAND (a bot program, docs/protocol.md) \
         and http://HOST:PORT/jass/players/NAME (a jass-kit player service)",
        BOT_NAMES.join(", ")
    ))
}

/// Splits a comma-separated list of players; commas inside quotes or after a backslash do not
/// split (they stay for the command's own parsing).
pub fn split_list(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut chars = list.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\\') => {
                cur.push('\\');
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            (Some(q), c) if c == q => {
                quote = None;
                cur.push(c);
            }
            (None, '\'' | '"') => {
                quote = Some(c);
                cur.push(c);
            }
            (None, ',') => out.push(std::mem::take(&mut cur)),
            (_, c) => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// Reads a comma-separated list of players.
pub fn parse(list: &str) -> Result<Vec<SeatSpec>, String> {
    split_list(list).iter().map(|s| parse_one(s)).collect()
}

/// Reads a comma-separated list for a table of `seats` seats (the number of entries is checked
/// first) and gives each seat its player (see [`per_seat`]).
pub fn parse_for(list: &str, seats: usize) -> Result<Vec<SeatSpec>, String> {
    let n = split_list(list).len();
    let placeholder = vec![SeatSpec::Bot("rule".into()); n];
    per_seat(&placeholder, seats)?;
    per_seat(&parse(list)?, seats)
}

/// The player of each of `seats` seats from a list: one entry for all seats, one per team (two
/// entries at a four-seat table: seats 0+2, then 1+3), or one per seat.
pub fn per_seat(list: &[SeatSpec], seats: usize) -> Result<Vec<SeatSpec>, String> {
    let n = list.len();
    if n != 1 && n != seats && !(n == 2 && seats == 4) {
        return Err(format!(
            "--players lists {n} players; give one for all seats, {}or one for every seat ({seats})",
            if seats == 4 {
                "one per team (e.g. rule,random), "
            } else {
                ""
            }
        ));
    }
    Ok((0..seats)
        .map(|s| match n {
            1 => list[0].clone(),
            2 if seats == 4 => list[s % 2].clone(),
            _ => list[s].clone(),
        })
        .collect())
}

/// The spec as a seat of [`run_table`](crate::run_table): bots by name, the others as JSON
/// players (started now).
pub fn seat_player(spec: &SeatSpec, limits: BotLimits, log: BotLog) -> Result<SeatPlayer, String> {
    Ok(match spec {
        SeatSpec::Bot(n) => SeatPlayer::Bot(n.clone()),
        SeatSpec::Cmd(c) => SeatPlayer::Json(Box::new(ExternalBot::spawn(c, limits, log)?)),
        SeatSpec::JassKit(u) => {
            SeatPlayer::Json(Box::new(JassKitPlayer::connect(u, limits.deadline_ms)?))
        }
        SeatSpec::Timed(ms, inner) => seat_player(inner, limits.with_deadline(*ms), log)?,
    })
}

/// How the seats of one run report: where notes go, and how many answers were replaced.
#[derive(Clone)]
pub struct SeatReport {
    log: BotLog,
    fallbacks: Arc<AtomicUsize>,
}

impl Default for SeatReport {
    /// Notes go to standard error.
    fn default() -> Self {
        SeatReport::new(Arc::new(|m: &str| eprintln!("{m}")))
    }
}

impl SeatReport {
    /// Notes go to `log`.
    pub fn new(log: BotLog) -> Self {
        SeatReport {
            log,
            fallbacks: Arc::new(AtomicUsize::new(0)),
        }
    }
    /// Answers replaced by the fallback so far (every seat made with this report).
    pub fn fallbacks(&self) -> usize {
        self.fallbacks.load(Ordering::Relaxed)
    }
    /// The log.
    pub fn log(&self) -> BotLog {
        Arc::clone(&self.log)
    }
}

/// One seat's player of game `G` from its spec: a computer player by name, or a JSON seat (a bot
/// program, a jass-kit service) that falls back to the rule player, counting and logging every
/// replaced answer in `report` (a run of the same reason is logged once, with its count at the end).
pub fn typed_player<G: TableGame>(
    spec: &SeatSpec,
    options: &G::Options,
    seat: usize,
    seed: u64,
    limits: BotLimits,
    report: &SeatReport,
) -> Result<Box<dyn Player<G>>, String> {
    let json: Box<dyn JsonPlayer> = match spec {
        SeatSpec::Bot(name) => {
            return bot::<G>(name, options, seat, seed);
        }
        SeatSpec::Cmd(c) => Box::new(ExternalBot::spawn(c, limits, report.log())?.with_game(
            GameInfo::new(
                G::KIND,
                serde_json::to_value(options).unwrap_or(Value::Null),
                seat,
            ),
        )),
        SeatSpec::JassKit(u) => {
            if G::KIND != crate::GameKind::Schieber {
                return Err(format!(
                    "player `{u}`: jass-kit player services play Schieber only, not {}",
                    G::KIND.name()
                ));
            }
            let (opts_ok, why) = crate::jasskit_http::check_options(
                // Only Schieber gets here; its options serialize to Schieber's.
                &serde_json::to_value(options).unwrap_or(Value::Null),
            );
            if !opts_ok {
                return Err(format!("player `{u}`: {why}"));
            }
            Box::new(JassKitPlayer::connect(u, limits.deadline_ms)?)
        }
        SeatSpec::Timed(ms, inner) => {
            let limits = limits.with_deadline(*ms);
            return typed_player::<G>(inner, options, seat, seed, limits, report);
        }
    };
    let count = Arc::clone(&report.fallbacks);
    let mut runs = RunLog {
        log: report.log(),
        last: None,
    };
    let seat_player = JsonSeat::<G>::new(json, options).with_logger(move |m: &str| {
        count.fetch_add(1, Ordering::Relaxed);
        runs.note(m);
    });
    Ok(Box::new(seat_player))
}

/// Logs replaced answers; a run of the same reason (or of a bot that is out) is logged once, with
/// its count when the run ends.
struct RunLog {
    log: BotLog,
    last: Option<(String, usize)>,
}

impl RunLog {
    fn note(&mut self, m: &str) {
        // "seat S (NAME): REASON; played X instead"
        let reason = m.split("; played").next().unwrap_or(m).to_string();
        match self.last.as_mut() {
            Some((r, n)) if *r == reason || reason.contains("the bot is out") => *n += 1,
            _ => {
                self.flush();
                (self.log)(&format!("fallback: {m}"));
                self.last = Some((reason, 0));
            }
        }
    }
    fn flush(&mut self) {
        if let Some((r, n)) = self.last.take() {
            if n > 0 {
                (self.log)(&format!("fallback: {r} (and {n} more time(s) after it)"));
            }
        }
    }
}

impl Drop for RunLog {
    fn drop(&mut self) {
        self.flush();
    }
}

/// The players of a whole table from a `--players` list.
pub struct TypedTable<G: TableGame> {
    /// One player per seat.
    pub players: Vec<Box<dyn Player<G>>>,
}

impl<G: TableGame> TypedTable<G> {
    /// Tells the bot programs the game is over (`game_over` with the record, then `bye`).
    pub fn finish(mut self, record: &Record) -> Vec<Box<dyn Player<G>>> {
        crate::tell_game_over(&mut self.players, || record.clone());
        self.players
    }
}

/// The players of a table of `seats` seats of game `G` from a `--players` list (see
/// [`per_seat`]), with `seed` for the computer players' choices.
pub fn typed_table<G: TableGame>(
    list: &[SeatSpec],
    options: &G::Options,
    seats: usize,
    seed: u64,
    limits: BotLimits,
    report: &SeatReport,
) -> Result<TypedTable<G>, String> {
    typed_table_with(
        list,
        options,
        seats,
        seed,
        limits,
        report,
        &mut |name, seat| bot::<G>(name, options, seat, seed),
    )
}

/// Makes the player of a seat that names one of the game's own players (name, seat).
pub type NativeSeat<'a, G> = dyn FnMut(&str, usize) -> Result<Box<dyn Player<G>>, String> + 'a;

/// Like [`typed_table`], with the computer players made by `native(name, seat)` (a command that
/// seeds its own players its own way).
pub fn typed_table_with<G: TableGame>(
    list: &[SeatSpec],
    options: &G::Options,
    seats: usize,
    seed: u64,
    limits: BotLimits,
    report: &SeatReport,
    native: &mut NativeSeat<'_, G>,
) -> Result<TypedTable<G>, String> {
    let specs = per_seat(list, seats)?;
    let mut players = Vec::with_capacity(seats);
    for (seat, spec) in specs.iter().enumerate() {
        players.push(match spec {
            SeatSpec::Bot(name) => native(name, seat)?,
            _ => typed_player::<G>(spec, options, seat, seed, limits, report)?,
        });
    }
    Ok(TypedTable { players })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_split_on_commas_outside_quotes() {
        let l = parse("rule,cmd:python3 examples/random_bot.py").unwrap();
        assert_eq!(
            l,
            vec![
                SeatSpec::Bot("rule".into()),
                SeatSpec::Cmd("python3 examples/random_bot.py".into())
            ]
        );
        let l = parse(r#"cmd:python3 bot.py '--w=a,b',random,cmd:x\,y"#).unwrap();
        assert_eq!(l.len(), 3);
        assert_eq!(l[0], SeatSpec::Cmd("python3 bot.py '--w=a,b'".into()));
        assert_eq!(l[2], SeatSpec::Cmd(r"x\,y".into()));
        assert_eq!(
            parse("http://127.0.0.1:5000/jass/players/random").unwrap()[0],
            SeatSpec::JassKit("http://127.0.0.1:5000/jass/players/random".into())
        );
        let e = parse("rule,genius").unwrap_err();
        assert!(
            e.contains("unknown player `genius`") && e.contains("cmd:"),
            "{e}"
        );
        assert!(parse("cmd:").unwrap_err().contains("empty"));
        assert!(parse("rule,,random").is_err());
    }

    #[test]
    fn a_program_or_service_may_have_a_deadline_of_its_own() {
        let l = parse("rule,deadline_ms=15000:http://127.0.0.1:5000/mcts").unwrap();
        let url = SeatSpec::JassKit("http://127.0.0.1:5000/mcts".into());
        assert_eq!(l[1], SeatSpec::Timed(15_000, Box::new(url)));
        assert_eq!(
            l[1].to_string(),
            "deadline_ms=15000:http://127.0.0.1:5000/mcts"
        );
        let l = parse("deadline_ms=20:cmd:python3 bot.py").unwrap();
        assert_eq!(
            l[0],
            SeatSpec::Timed(20, Box::new(SeatSpec::Cmd("python3 bot.py".into())))
        );
        assert!(is_program("deadline_ms=20:cmd:x") && !is_program("rule"));
        for bad in [
            "deadline_ms=abc:cmd:x",
            "deadline_ms=0:cmd:x",
            "deadline_ms=5000",
        ] {
            let e = parse_one(bad).unwrap_err();
            assert!(e.contains("1 to 3600000 milliseconds"), "{bad}: {e}");
        }
        let e = parse_one("deadline_ms=10:rule").unwrap_err();
        assert!(e.contains("not to `rule`"), "{e}");
        let e = parse_one("deadline_ms=10:deadline_ms=20:cmd:x").unwrap_err();
        assert!(e.contains("one deadline"), "{e}");
    }

    #[test]
    fn one_per_team_or_seat() {
        let l = parse("rule,random").unwrap();
        let s = per_seat(&l, 4).unwrap();
        assert_eq!(s[2], SeatSpec::Bot("rule".into()));
        assert_eq!(s[3], SeatSpec::Bot("random".into()));
        assert!(per_seat(&l, 3).is_err());
        assert_eq!(per_seat(&parse("rule").unwrap(), 5).unwrap().len(), 5);
    }
}

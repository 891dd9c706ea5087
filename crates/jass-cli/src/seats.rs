//! `--players` on the command line: computer players by name, bot programs (`cmd:COMMAND`, the bot
//! protocol of docs/protocol.md) and jass-kit player services (`http://…/jass/players/NAME`),
//! parsed by `jass_table::seat_spec`. Every answer of a program that had to be replaced is logged
//! on standard error with its reason and counted for the summary.

use std::sync::OnceLock;

use anyhow::{anyhow, Result};
use jass_core::Player;
use jass_table::external::BotLimits;
use jass_table::seat_spec::{self, SeatReport, SeatSpec};
use jass_table::TableGame;

/// The report every seat of this run shares (notes on standard error).
pub fn report() -> &'static SeatReport {
    static REPORT: OnceLock<SeatReport> = OnceLock::new();
    REPORT.get_or_init(SeatReport::default)
}

/// Time limits for bot programs: `JASS_BOT_DEADLINE_MS` (per request, default 5000) and
/// `JASS_BOT_HELLO_MS` (for the greeting, default 10000). A value that is not a whole number of
/// milliseconds is an error (it was silently replaced by the default).
pub fn limits() -> std::result::Result<BotLimits, String> {
    let env = |k: &str, default: u64| match std::env::var(k) {
        Err(_) => Ok(default),
        Ok(v) => v.trim().parse::<u64>().map_err(|_| {
            format!("{k}={v} is not a whole number of milliseconds (e.g. {k}={default})")
        }),
    };
    let d = BotLimits::default();
    Ok(BotLimits {
        hello_ms: env("JASS_BOT_HELLO_MS", d.hello_ms)?,
        deadline_ms: env("JASS_BOT_DEADLINE_MS", d.deadline_ms)?,
    })
}

/// One seat's player from its spec when it is not a computer player's name (the arena).
pub fn one<G: TableGame>(
    spec: &str,
    options: &G::Options,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<G>>> {
    let spec = seat_spec::parse_one(spec).map_err(|e| anyhow!(e))?;
    if let SeatSpec::Bot(name) = &spec {
        return jass_table::bot::<G>(name, options, seat, seed).map_err(|e| anyhow!(e));
    }
    let limits = limits().map_err(|e| anyhow!(e))?;
    seat_spec::typed_player::<G>(&spec, options, seat, seed, limits, report())
        .map_err(|e| anyhow!(e))
}

/// True if the list seats a program (then the summary reports replaced answers).
pub fn has_programs(list: &str) -> bool {
    seat_spec::parse(list)
        .map(|l| l.iter().any(|s| !matches!(s, SeatSpec::Bot(_))))
        .unwrap_or(false)
}

/// The summary line on replaced answers ("" when no program is seated).
pub fn summary(list: &str) -> String {
    if has_programs(list) {
        format!(
            "\nfallbacks: {} answer(s) of bot programs replaced by the rule player (reasons above)",
            report().fallbacks()
        )
    } else {
        String::new()
    }
}

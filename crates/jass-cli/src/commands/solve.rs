//! `jass solve`: the exact value of every legal card in a card-play position with all hands open,
//! given by its hands or taken from a point in a record of any game whose entry gives its
//! positions (`jass_analysis::solve` finds the position and solves it; this file reads the flags
//! and words the result).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use jass_analysis::solve::{
    deal_position, race_refused, solve_team, DealPoint, DealPosition, SoloAim, SoloAnalysis,
    SoloCard, SoloDeal, TeamDeal, TeamPosition,
};
use jass_core::schieber::Contract;
use jass_core::{Card, CardSet, TrickRules, UndenufeEleven};
use jass_table::Record;
use serde_json::{json, Value};

use crate::input::read_input;

#[derive(Args)]
pub struct SolveArgs {
    /// The four hands at the start of the deal, seats 0..3, separated by `|`, e.g.
    /// "HA HK ... | ... | ... | ...".
    #[arg(long, conflicts_with = "record")]
    hands: Option<String>,
    /// The trump mode: D, H, S, C, obenabe (the default) or undenufe; misere (004: Obenabe, the
    /// trick points go to the other team); slalom or slalom-undenufe (no trump, the direction
    /// changes every trick, the first trick Obenabe or Undenufe).
    #[arg(long)]
    trump: Option<String>,
    /// The seat that leads the first trick (default 0).
    #[arg(long)]
    leader: Option<u8>,
    /// Cards already played, in order (from the leader on), e.g. "HA H6 H9 HK".
    #[arg(long)]
    played: Option<String>,
    /// Which card counts 11 in Undenufe: ace (the default) or six.
    #[arg(long)]
    undenufe_eleven: Option<String>,
    /// Trick rules: strict (positive games; the default) or weak (negative games).
    #[arg(long)]
    rules: Option<String>,
    /// A record to take the position from (with --game, --deal and --cards): Schieber, Coiffeur
    /// or Sidi Barrani (there each card also shows whether the declarer's team makes its bid
    /// against the best defence), or Differenzler, Handjass, Hindersi or Schellenjass, where every
    /// player is for himself. There each legal card gets the best the mover can be sure of
    /// against all the others (Differenzler: the smallest miss of the announcement; Handjass:
    /// the most points, and whether that is safe from a potato; Hindersi: the fewest points;
    /// Schellenjass: the fewest cards of the suit) and the end of the deal when every player
    /// plays for himself (max^n; Schellenjass: for his lines). The solo
    /// solver is meant for endgames (about 16 cards or fewer left); earlier positions, above all
    /// whole four-player deals, need --max-nodes to end.
    #[arg(long)]
    record: Option<PathBuf>,
    /// The record in the file (1-based).
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// The deal in the record (1-based).
    #[arg(long, default_value_t = 1)]
    deal: usize,
    /// How many cards of the deal's card play are played before the position (0: before the
    /// first card).
    #[arg(long, default_value_t = 0)]
    cards: usize,
    /// Give up after this many search nodes (about 15 million a second on one core here; a
    /// whole deal takes from a few thousand to hundreds of millions); 0: no limit.
    #[arg(long, default_value_t = 0)]
    max_nodes: u64,
    /// The end of a game: `NEED,OTHER` also shows which cards win the race to the target, that
    /// is take NEED points (from here on, each trick counted once complete) before the other
    /// team takes OTHER, and which lose it (003: a team wins as soon as it has the target).
    #[arg(long, value_name = "NEED,OTHER")]
    race: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// `--race NEED,OTHER`: the two needs.
fn parse_race(text: &str) -> Result<(u32, u32)> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [need, other] = parts[..] else {
        bail!("--race `{text}`: give the points the team to move needs and the points the other team needs, e.g. --race 40,25");
    };
    let num = |t: &str, what: &str| {
        t.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| {
            anyhow!("--race `{text}`: {what} `{t}` is not a positive number of points")
        })
    };
    Ok((num(need, "NEED")?, num(other, "OTHER")?))
}

/// The deal typed in with `--hands` and the options that go with it.
fn deal_from_args(a: &SolveArgs) -> Result<TeamDeal> {
    let hands_text = a
        .hands
        .as_deref()
        .ok_or_else(|| anyhow!("give --hands \"…|…|…|…\" or --record FILE"))?;
    let parts: Vec<&str> = hands_text.split('|').collect();
    if parts.len() != 4 {
        bail!(
            "--hands needs four hands separated by `|` (seats 0, 1, 2, 3), got {}",
            parts.len()
        );
    }
    let mut hands = [CardSet::EMPTY; 4];
    for (i, p) in parts.iter().enumerate() {
        hands[i] = p.parse().map_err(|e| anyhow!("hand of seat {i}: {e}"))?;
    }
    let contract: Contract = a
        .trump
        .as_deref()
        .unwrap_or("obenabe")
        .parse()
        .map_err(|e| anyhow!("--trump: {e}"))?;
    let eleven = match a.undenufe_eleven.as_deref().unwrap_or("ace") {
        "ace" => UndenufeEleven::Ace,
        "six" => UndenufeEleven::Six,
        other => bail!("--undenufe-eleven `{other}`: expected ace or six"),
    };
    let rules = match a.rules.as_deref().unwrap_or("strict") {
        "strict" => TrickRules::Strict,
        "weak" => TrickRules::Weak,
        other => bail!("--rules `{other}`: expected strict or weak"),
    };
    let leader = a.leader.unwrap_or(0);
    if leader > 3 {
        bail!("--leader {leader}: seats are 0 .. 3");
    }
    let played: Vec<Card> = a
        .played
        .as_deref()
        .unwrap_or("")
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<Card>().map_err(|e| anyhow!("--played: {e}")))
        .collect::<Result<_>>()?;
    Ok(TeamDeal {
        hands,
        leader,
        mode: contract.mode(),
        slalom: contract.is_slalom(),
        misere: contract == Contract::Misere,
        eleven,
        rules,
        played,
        bid: None,
    })
}

/// Record `game` (1-based) of the file.
fn read_record(path: &Path, game: usize) -> Result<Record> {
    let records = Record::read_bytes(&read_input(path)?);
    let count = records.len();
    if count == 0 {
        bail!("{} holds no records: nothing to solve", path.display());
    }
    records
        .into_iter()
        .nth(game.saturating_sub(1))
        .filter(|_| game > 0)
        .ok_or_else(|| {
            anyhow!("--game {game}: the file holds {count} record(s); give 1 to {count}")
        })?
        .map_err(|e| anyhow!("{e}"))
}

/// The options that describe a position by hand, which a record's position does not take.
fn refuse_hand_options(a: &SolveArgs, game: &str) -> Result<()> {
    let given = [
        ("--trump", a.trump.is_some()),
        ("--leader", a.leader.is_some()),
        ("--played", a.played.is_some()),
        ("--undenufe-eleven", a.undenufe_eleven.is_some()),
        ("--rules", a.rules.is_some()),
    ];
    let named: Vec<&str> = given.iter().filter(|g| g.1).map(|g| g.0).collect();
    if !named.is_empty() {
        let (verb, pronoun) = if named.len() == 1 {
            ("does", "it")
        } else {
            ("do", "them")
        };
        bail!(
            "{} {verb} not apply to a {game} record: the record gives the trump, the leader, the cards played and the rules; leave {pronoun} out (--deal and --cards pick the position)",
            named.join(" and "),
        );
    }
    Ok(())
}

/// What `jass solve` says when `--max-nodes` cut the search short (exit code 1).
fn gave_up_message(nodes: u64, secs: f64) -> String {
    format!(
        "gave up after {nodes} nodes ({secs:.3} s) without the exact values: raise --max-nodes or \
         leave it out"
    )
}

pub fn run(a: SolveArgs) -> Result<ExitCode> {
    let Some(path) = &a.record else {
        let race = a.race.as_deref().map(parse_race).transpose()?;
        return run_team(&a, &deal_from_args(&a)?, race);
    };
    let rec = read_record(path, a.game)?;
    // Each record is checked as `jass check` checks it, so that replaying it cannot fail half-way
    // and its hands and contract are the ones its auction and play give; the position comes
    // from the record alone.
    refuse_hand_options(&a, rec.kind().info().title)?;
    if let (Some(why), Some(_)) = (race_refused(rec.kind()), &a.race) {
        bail!("--race: {why}, not in a race to a target; leave --race out");
    }
    rec.check()
        .map_err(|e| anyhow!("the record is inconsistent ({e}); `jass check` tells more"))?;
    let race = a.race.as_deref().map(parse_race).transpose()?;
    let at = DealPoint {
        game: a.game,
        deal: a.deal,
        cards: a.cards,
    };
    match deal_position(&rec, at).map_err(anyhow::Error::msg)? {
        DealPosition::Teams(deal) => run_team(&a, &deal, race),
        DealPosition::Solo(_) if race.is_some() => bail!(
            "--race: every player is for himself in a {} deal, not in a race to a target; leave --race out",
            rec.kind().info().title
        ),
        DealPosition::Solo(deal) => run_solo(&a, &rec, deal),
    }
}

// ----- two teams -----

fn run_team(a: &SolveArgs, deal: &TeamDeal, race: Option<(u32, u32)>) -> Result<ExitCode> {
    let mut p = TeamPosition::start(deal).map_err(anyhow::Error::msg)?;
    if deal.misere && race.is_some() {
        bail!("--race: the race to the target counts the points a team takes, not Misère's; leave --race out for a Misère deal");
    }
    p.play(&deal.played).map_err(anyhow::Error::msg)?;
    let pos = &p.pos;
    let left = pos.cards_left();
    if left > 28 && !a.json && a.max_nodes == 0 {
        eprintln!(
            "note: {left} cards left; the exact search may take a while (seconds to minutes; \
             --max-nodes N gives up after N nodes)"
        );
    }
    let solved = solve_team(&p, race, a.max_nodes);
    let (seat, misere, counted) = (p.seat(), p.misere, p.counted_team());
    let (secs, nodes) = (solved.seconds, solved.nodes);
    let Some(values) = solved.values else {
        // Not an error in the input: the search was cut short, as asked.
        if a.json {
            let out = json!({
                "seat": seat, "team": seat % 2, "mode": pos.mode.to_string(), "cards_left": left,
                "values": null, "gave_up": true, "seconds": secs, "nodes": nodes,
            });
            println!("{}", serde_json::to_string_pretty(&out)?);
        } else {
            eprintln!("{}", gave_up_message(nodes, secs));
        }
        return Ok(ExitCode::from(1));
    };
    let team = seat % 2;
    let (made, race) = (solved.bid, solved.race);
    if a.json {
        let cards: Vec<Value> = values
            .iter()
            .map(|(c, v)| json!({"card": c.to_string(), "value": v}))
            .collect();
        let mut out = json!({
            "seat": seat, "team": team, "mode": pos.mode.to_string(), "misere": misere,
            "slalom": pos.slalom, "cards_left": left,
            "values": cards, "best": values.best().map(|(c, v)| json!({"card": c.to_string(), "value": v})),
            "seconds": secs, "nodes": nodes,
        });
        let names = |s: CardSet| s.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        if let Some((b, made)) = made {
            out["bid"] = json!({
                "declarer_team": b.bid.team, "points": b.bid.points, "need": b.need,
                "makes": names(made), "goes_down": names(pos.legal_cards() - made),
            });
        }
        if let Some(r) = race {
            out["race"] = json!({
                "need": r.need, "other_need": r.other, "wins": names(r.wins), "loses": names(r.loses),
            });
        }
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("{pos}");
    if misere {
        println!("seat {seat} to play, Misère; points credited to team {team} from here on (those team {counted} takes, keeping them low) with best play on both sides:");
    } else {
        println!("seat {seat} to play; points team {team} takes from here on with best play on both sides:");
    }
    let mut rows: Vec<(Card, u32)> = values.iter().collect();
    rows.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    for (c, v) in rows {
        match (race, made) {
            (Some(r), _) => {
                let r = if r.wins.contains(c) {
                    "wins the race"
                } else if r.loses.contains(c) {
                    "loses the race"
                } else {
                    "neither team gets there"
                };
                println!("  {c:>4}  {v:>3}  {r}");
            }
            (None, Some((b, made))) => {
                let r = if made.contains(c) {
                    "makes"
                } else {
                    "goes down"
                };
                println!("  {c:>4}  {v:>3}  team {} {r}", b.bid.team)
            }
            (None, None) => println!("  {c:>4}  {v}"),
        }
    }
    if let Some((b, _)) = made {
        println!(
            "(the bid: team {} bid {}, needs {} more from here on; \"makes\": against the best defence)",
            b.bid.team, b.bid.points, b.need
        );
    }
    if let Some(r) = race {
        println!(
            "(the race: team {team} needs {}, the other team {})",
            r.need, r.other
        );
    }
    println!("({secs:.3} s, {nodes} nodes)");
    Ok(ExitCode::SUCCESS)
}

// ----- every player for himself -----

fn run_solo(a: &SolveArgs, rec: &Record, deal: SoloDeal) -> Result<ExitCode> {
    let an = SoloAnalysis::new(deal).map_err(anyhow::Error::msg)?;
    let left = an.pos.cards_left();
    if left > 16 && !a.json && a.max_nodes == 0 {
        eprintln!(
            "note: {left} cards left; the solo solver is meant for endgames (about 16 cards or \
             fewer) and may not finish; --max-nodes N gives up after N nodes"
        );
    }
    let solved = an.solve(a.max_nodes);
    let (secs, nodes) = (solved.seconds, solved.nodes);
    let mut out = position_json(a, rec.game(), &an);
    let Some(results) = solved.cards else {
        // Not an error in the input: the search was cut short, as asked.
        if a.json {
            out["cards"] = Value::Null;
            out["gave_up"] = json!(true);
            out["seconds"] = json!(secs);
            out["nodes"] = json!(nodes);
            println!("{}", serde_json::to_string_pretty(&out)?);
        } else {
            eprintln!("{}", gave_up_message(nodes, secs));
        }
        return Ok(ExitCode::from(1));
    };
    let aim = &an.deal.aim;
    if a.json {
        let cards: Vec<Value> = results.iter().map(|r| card_json(aim, r)).collect();
        out["best"] = cards.first().cloned().unwrap_or(Value::Null);
        out["cards"] = json!(cards);
        out["gave_up"] = json!(false);
        out["seconds"] = json!(secs);
        out["nodes"] = json!(nodes);
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(ExitCode::SUCCESS);
    }
    print_position(a, rec.kind().info().title, &an);
    let seat = an.seat();
    let (what, each) = match aim {
        SoloAim::Announced { announced, .. } => (
            format!(
                "the smallest miss of its announcement ({}) seat {seat} can be sure of",
                announced[an.pos.mover()]
            ),
            "points (penalty)",
        ),
        SoloAim::Marks { threshold, .. } => (
            format!("the most points seat {seat} can be sure of (a potato below {threshold})"),
            "points (strokes − potatoes)",
        ),
        SoloAim::Fewest { .. } => (
            format!("the fewest points seat {seat} can be sure of"),
            "points",
        ),
        SoloAim::Lines { .. } => (
            format!("the fewest cards of the suit seat {seat} can be sure of"),
            "cards of the suit (lines)",
        ),
    };
    println!("card, {what}; then each seat's {each} when every player plays for himself:");
    for r in &results {
        let sure = match aim {
            SoloAim::Announced { .. } => format!("miss ≤ {:>3}", r.guarantee),
            SoloAim::Marks { threshold, .. } => format!(
                "{:>3} {}",
                r.guarantee,
                if r.guarantee >= *threshold {
                    "safe   "
                } else {
                    "at risk"
                }
            ),
            SoloAim::Fewest { .. } | SoloAim::Lines { .. } => format!("{:>3}", r.guarantee),
        };
        let each: Vec<String> = r
            .end
            .iter()
            .map(|e| match aim {
                SoloAim::Announced { .. } => {
                    format!("{}: {:>3} ({:>3})", e.seat, e.points, -e.score)
                }
                SoloAim::Marks { .. } => format!("{}: {:>3} ({:+})", e.seat, e.points, e.score),
                SoloAim::Fewest { .. } => format!("{}: {:>3}", e.seat, e.points),
                SoloAim::Lines { .. } => {
                    format!("{}: {} ({})", e.seat, e.points, e.lines.unwrap_or_default())
                }
            })
            .collect();
        println!("  {:>4}  {sure}   {}", r.card.to_string(), each.join("  "));
    }
    println!("({secs:.3} s, {nodes} nodes)");
    Ok(ExitCode::SUCCESS)
}

/// The position as JSON: the game, the deal, the mover and every player at the table.
fn position_json(a: &SolveArgs, game: &str, an: &SoloAnalysis) -> Value {
    let pos = &an.pos;
    let players: Vec<Value> = an
        .deal
        .seats
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let mut p = json!({
                "seat": s,
                "hand": pos.hands[i].to_string(),
                "card_points": pos.taken[i],
                "tricks": pos.tricks[i],
                "weis_stoeck": an.deal.extra[i],
            });
            match &an.deal.aim {
                SoloAim::Announced { announced, .. } => p["announced"] = json!(announced[i]),
                SoloAim::Lines { .. } => {
                    // What it counts: the cards of the suit, not card points.
                    p["suit_cards"] = p["card_points"].take();
                    p.as_object_mut().map(|o| o.remove("card_points"));
                }
                _ => {}
            }
            p
        })
        .collect();
    let mut out = json!({
        "game": game,
        "deal": a.deal,
        "cards_played": a.cards,
        "seat": an.seat(),
        "mode": pos.mode.to_string(),
        "rules": format!("{:?}", pos.rules).to_lowercase(),
        "cards_left": pos.cards_left(),
        "trick_leader": an.trick_leader(),
        "trick": pos.trick[..pos.trick_len].iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "players": players,
    });
    match &an.deal.aim {
        SoloAim::Marks { threshold, .. } => out["threshold"] = json!(threshold),
        SoloAim::Fewest { sweep } => out["sweep"] = json!(sweep),
        SoloAim::Lines { .. } => out["mode"] = json!("none"),
        SoloAim::Announced { .. } => {}
    }
    out
}

/// One card's values as JSON.
fn card_json(aim: &SoloAim, r: &SoloCard) -> Value {
    let (guarantee, outcome): (Value, Vec<Value>) = match aim {
        SoloAim::Announced { .. } => (
            json!({ "distance": r.guarantee }),
            r.end
                .iter()
                .map(|e| {
                    json!({"seat": e.seat, "points": e.points, "tricks": e.tricks, "penalty": -e.score})
                })
                .collect(),
        ),
        SoloAim::Marks { threshold, .. } => (
            json!({ "points": r.guarantee, "safe": r.guarantee >= *threshold }),
            r.end
                .iter()
                .map(|e| {
                    let (strokes, potatoes) = e.marks.unwrap_or_default();
                    json!({"seat": e.seat, "points": e.points, "tricks": e.tricks,
                           "strokes": strokes, "potatoes": potatoes})
                })
                .collect(),
        ),
        SoloAim::Fewest { .. } => (
            json!({ "points": r.guarantee }),
            r.end
                .iter()
                .map(|e| json!({"seat": e.seat, "points": e.points, "tricks": e.tricks}))
                .collect(),
        ),
        SoloAim::Lines { .. } => (
            json!({ "suit_cards": r.guarantee }),
            r.end
                .iter()
                .map(|e| {
                    json!({"seat": e.seat, "suit_cards": e.points, "tricks": e.tricks,
                           "lines": e.lines.unwrap_or_default()})
                })
                .collect(),
        ),
    };
    json!({ "card": r.card.to_string(), "guarantee": guarantee, "outcome": outcome })
}

/// The position for people.
fn print_position(a: &SolveArgs, title: &str, an: &SoloAnalysis) {
    let pos = &an.pos;
    let tail = match &an.deal.aim {
        SoloAim::Announced { .. } => String::new(),
        SoloAim::Marks { threshold, .. } => format!(", a potato below {threshold} points"),
        SoloAim::Fewest { sweep: None } => ", the fewest points best".into(),
        SoloAim::Fewest { sweep: Some(x) } => format!(
            ", the fewest points best (one who takes every trick scores 0, the others {x} each)"
        ),
        SoloAim::Lines { .. } => {
            ", the cards of one suit counted, scored in lines (every player but the one with the most writes one; all nine: the Turi)".into()
        }
    };
    // Schellenjass has no trump: its suits rank as in Obenabe.
    let (trump, counted) = match &an.deal.aim {
        SoloAim::Lines { .. } => ("no trump".to_string(), "cards of the suit"),
        _ => (format!("trump {}", pos.mode), "card points"),
    };
    println!(
        "{title}, deal {}, {} cards played, {} left; {trump}, {} trick rules{tail}",
        a.deal,
        a.cards,
        pos.cards_left(),
        format!("{:?}", pos.rules).to_lowercase()
    );
    for (i, &s) in an.deal.seats.iter().enumerate() {
        let aim = match &an.deal.aim {
            SoloAim::Announced { announced, .. } => format!("announced {:>3}, ", announced[i]),
            SoloAim::Marks { .. } | SoloAim::Fewest { .. } | SoloAim::Lines { .. } => String::new(),
        };
        let extra = match an.deal.extra[i] {
            0 => String::new(),
            x => format!(" (and {x} Weis/Stöck in this deal)"),
        };
        println!(
            "  seat {s}: {aim}{:>3} {counted} so far{extra}; holds {}",
            pos.taken[i], pos.hands[i]
        );
    }
    if pos.trick_len > 0 {
        let cards: Vec<String> = pos.trick[..pos.trick_len]
            .iter()
            .map(|c| c.to_string())
            .collect();
        println!(
            "  the trick: {} (led by seat {})",
            cards.join(" "),
            an.trick_leader()
        );
    }
    println!("seat {} to play", an.seat());
}

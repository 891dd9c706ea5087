//! `jass solve`: the exact value of every legal card in a card-play position with all hands open,
//! given by its hands or taken from a point in a Schieber, Coiffeur or Sidi Barrani record (the
//! team games); Differenzler and Handjass records go to `solve_solo`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use jass_core::schieber::{ActionEntry, Contract, RecordedAction};
use jass_core::sidi::{SidiDealRecord, SidiRecorded};
use jass_core::{Card, CardSet, TrickRules, UndenufeEleven};
use jass_solver::{race_cards, Objective, Position, Solver, SolverConfig};
use jass_table::Record;

use crate::check::read_input;
use crate::solve_solo;

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
    pub(crate) trump: Option<String>,
    /// The seat that leads the first trick (default 0).
    #[arg(long)]
    pub(crate) leader: Option<u8>,
    /// Cards already played, in order (from the leader on), e.g. "HA H6 H9 HK".
    #[arg(long)]
    pub(crate) played: Option<String>,
    /// Which card counts 11 in Undenufe: ace (the default) or six.
    #[arg(long)]
    pub(crate) undenufe_eleven: Option<String>,
    /// Trick rules: strict (positive games; the default) or weak (negative games).
    #[arg(long)]
    pub(crate) rules: Option<String>,
    /// A record to take the position from (with --game, --deal and --cards): Schieber, Coiffeur
    /// or Sidi Barrani (there each card also shows whether the declarer's team makes its bid
    /// against the best defence), or Differenzler or Handjass, where every player is for himself. There each legal card gets
    /// the best the mover can be sure of against all the others (Differenzler: the smallest
    /// miss of the announcement; Handjass: the most points, and whether that is safe from a
    /// potato) and the end of the deal when every player plays for himself (max^n). The solo
    /// solver is meant for endgames (about 16 cards or fewer left); earlier positions, above all
    /// whole four-player deals, need --max-nodes to end.
    #[arg(long)]
    pub(crate) record: Option<PathBuf>,
    /// The record in the file (1-based).
    #[arg(long, default_value_t = 1)]
    pub(crate) game: usize,
    /// The deal in the record (1-based).
    #[arg(long, default_value_t = 1)]
    pub(crate) deal: usize,
    /// How many cards of the deal's card play are played before the position (0: before the
    /// first card).
    #[arg(long, default_value_t = 0)]
    pub(crate) cards: usize,
    /// Give up after this many search nodes (about 15 million a second on one core here; a
    /// whole deal takes from a few thousand to hundreds of millions); 0: no limit.
    #[arg(long, default_value_t = 0)]
    pub(crate) max_nodes: u64,
    /// The end of a game: `NEED,OTHER` also shows which cards win the race to the target, that
    /// is take NEED points (from here on, each trick counted once complete) before the other
    /// team takes OTHER, and which lose it (003: a team wins as soon as it has the target).
    #[arg(long, value_name = "NEED,OTHER")]
    pub(crate) race: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
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

/// A position to solve: where it stands, the cards to play before it, whether the deal is a
/// Misère (the points of each team's tricks go to the other team), and a Sidi Barrani bid.
struct Setup {
    pos: Position,
    played: Vec<Card>,
    misere: bool,
    bid: Option<Bid>,
}

/// A Sidi Barrani contract: the declarer's team makes it with at least `points` card points in
/// the deal. 001: "The 5 points for the last trick and the 100-point Match bonus for winning all
/// nine tricks count towards fulfilling the bid, but points for Weis and Stöck do not."
#[derive(Clone, Copy)]
struct Bid {
    team: u8,
    points: u32,
}

/// Where a bid stands at the position: the points the declarer's team still needs from here on
/// (the cards of the current trick count once it is complete, as the solver's values do).
#[derive(Clone, Copy)]
struct BidNeed {
    bid: Bid,
    need: u32,
}

/// The first card of a deal of `contract` (`leader` leads) as the solver plays it, and whether
/// it is a Misère.
fn deal_start(
    contract: Contract,
    hands: [CardSet; 4],
    leader: u8,
    eleven: UndenufeEleven,
) -> (Position, bool) {
    let mode = contract.mode();
    let pos = Position::new_deal(hands, leader, mode, eleven);
    let pos = if contract.is_slalom() {
        pos.with_slalom(mode)
    } else {
        pos
    };
    (pos, contract == Contract::Misere)
}

fn position_from_args(a: &SolveArgs) -> Result<Setup> {
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
    let (pos, misere) = deal_start(contract, hands, leader, eleven);
    let pos = pos.with_rules(rules);
    pos.validate().map_err(|e| anyhow!("the hands: {e}"))?;
    Ok(Setup {
        pos,
        played,
        misere,
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

/// The first `--cards` of the cards played in a deal, in order.
fn first_cards(a: &SolveArgs, played: impl Iterator<Item = Card>) -> Result<Vec<Card>> {
    let played: Vec<Card> = played.collect();
    check_cards(a, played.len())?;
    Ok(played[..a.cards].to_vec())
}

/// `--cards K` for a deal with `played` cards of card play: K must leave a card to play.
pub(crate) fn check_cards(a: &SolveArgs, played: usize) -> Result<()> {
    match played {
        0 => bail!("deal {} has no card play (no card was played)", a.deal),
        _ if a.cards >= played => bail!(
            "--cards {}: deal {} has {played} cards of card play; give 0 to {}",
            a.cards,
            a.deal,
            played - 1
        ),
        _ => Ok(()),
    }
}

/// The index of `--deal` among a game's `count` deals.
pub(crate) fn deal_index(a: &SolveArgs, count: usize) -> Result<usize> {
    if count == 0 {
        bail!("record {} has no deals: nothing to solve", a.game);
    }
    a.deal.checked_sub(1).filter(|&i| i < count).ok_or_else(|| {
        anyhow!(
            "--deal {}: the game has {count} deal(s); give 1 to {count}",
            a.deal
        )
    })
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

/// The position of a Schieber or Coiffeur deal (the same entries in both records).
fn schieber_setup(
    a: &SolveArgs,
    forehand: u8,
    hands: [CardSet; 4],
    contract: Option<Contract>,
    actions: &[ActionEntry],
    eleven: UndenufeEleven,
) -> Result<Setup> {
    let contract = contract.ok_or_else(|| anyhow!("deal {} has no contract", a.deal))?;
    let played = actions.iter().filter_map(|e| match e.action {
        RecordedAction::Play { card } => Some(card),
        _ => None,
    });
    let (pos, misere) = deal_start(contract, hands, forehand, eleven);
    Ok(Setup {
        pos,
        played: first_cards(a, played)?,
        misere,
        bid: None,
    })
}

/// The position of a Sidi Barrani deal, with its bid.
fn sidi_setup(a: &SolveArgs, d: &SidiDealRecord, eleven: UndenufeEleven) -> Result<Setup> {
    let contract = d.settled.contract.as_ref().ok_or_else(|| {
        anyhow!(
            "deal {} has no contract (everyone passed): no card was played",
            a.deal
        )
    })?;
    let played = d.actions.iter().filter_map(|e| match e.action {
        SidiRecorded::Play { card } => Some(card),
        _ => None,
    });
    // 001: "The final bidder, also known as the declarer, leads to the first trick."
    let pos = Position::new_deal(d.hands, contract.declarer, contract.trump, eleven);
    Ok(Setup {
        pos,
        played: first_cards(a, played)?,
        misere: false,
        bid: Some(Bid {
            team: contract.declarer % 2,
            points: contract.points,
        }),
    })
}

/// What is left of `--max-nodes` after the solver's work so far (no limit without it).
fn nodes_left(a: &SolveArgs, solver: &Solver) -> u64 {
    match a.max_nodes {
        0 => u64::MAX,
        n => n.saturating_sub(solver.nodes()),
    }
}

/// What `jass solve` says when `--max-nodes` cut the search short (exit code 1).
pub(crate) fn gave_up_message(nodes: u64, secs: f64) -> String {
    format!(
        "gave up after {nodes} nodes ({secs:.3} s) without the exact values: raise --max-nodes or \
         leave it out"
    )
}

pub fn run(a: SolveArgs) -> Result<ExitCode> {
    let record = a
        .record
        .as_deref()
        .map(|p| read_record(p, a.game))
        .transpose()?;
    // Each record is checked as `jass check` checks it, so that replaying it cannot fail half-way
    // and its hands and contract are the ones its auction and play give; the position comes
    // from the record alone.
    if let Some(rec) = &record {
        let (game, race_refused) = match rec {
            Record::Schieber(_) => ("Schieber", None),
            Record::Coiffeur(_) => ("Coiffeur", Some("a Coiffeur deal is scored on its own, its points times the contract's multiplier")),
            Record::Sidi(_) => ("Sidi Barrani", Some("a Sidi Barrani deal is scored when it ends (the bid made or not; each card shows whether it is made)")),
            Record::Differenzler(_) => ("Differenzler", Some("a Differenzler deal counts each player's miss of his announcement")),
            Record::Handjass(_) => ("Handjass", Some("a Handjass deal gives strokes and potatoes when it ends")),
            Record::Schellenjass(_) => ("Schellenjass", None),
        };
        refuse_hand_options(&a, game)?;
        if let (Some(why), Some(_)) = (race_refused, &a.race) {
            bail!("--race: {why}, not in a race to a target; leave --race out");
        }
        rec.check()
            .map_err(|e| anyhow!("the record is inconsistent ({e}); `jass check` tells more"))?;
    }
    let race = match &record {
        Some(Record::Differenzler(_) | Record::Handjass(_)) => None,
        _ => a.race.as_deref().map(parse_race).transpose()?,
    };
    let Setup {
        mut pos,
        played,
        misere,
        bid,
    } = match &record {
        None => position_from_args(&a)?,
        Some(Record::Schieber(rec)) => {
            let d = &rec.deals[deal_index(&a, rec.deals.len())?];
            let eleven = rec.options.undenufe_eleven;
            schieber_setup(
                &a,
                d.start.forehand,
                d.hands,
                d.settled.contract,
                &d.actions,
                eleven,
            )?
        }
        Some(Record::Coiffeur(rec)) => {
            let d = &rec.deals[deal_index(&a, rec.deals.len())?];
            let eleven = rec.options.undenufe_eleven;
            schieber_setup(
                &a,
                d.start.forehand,
                d.hands,
                Some(d.settled.contract),
                &d.actions,
                eleven,
            )?
        }
        Some(Record::Sidi(rec)) => {
            let d = &rec.deals[deal_index(&a, rec.deals.len())?];
            sidi_setup(&a, d, rec.options.undenufe_eleven)?
        }
        Some(Record::Differenzler(rec)) => return solve_solo::run_differenzler(&a, rec),
        Some(Record::Handjass(rec)) => return solve_solo::run_handjass(&a, rec),
        Some(Record::Schellenjass(_)) => {
            bail!("jass solve does not solve Schellenjass deals: they are scored by the cards of one suit each player takes, not by points")
        }
    };
    if misere && race.is_some() {
        bail!("--race: the race to the target counts the points a team takes, not Misère's; leave --race out for a Misère deal");
    }
    // The declarer's team's points of the tricks completed before the position.
    let mut taken = 0u32;
    for (i, &c) in played.iter().enumerate() {
        let done = pos
            .try_play(c)
            .map_err(|e| anyhow!("played card {} ({c}): {e}", i + 1))?;
        if let (Some(t), Some(b)) = (done, bid) {
            if t.winner % 2 == b.team {
                taken += t.points + t.match_bonus;
            }
        }
    }
    let bid = bid.map(|bid| BidNeed {
        bid,
        need: bid.points.saturating_sub(taken),
    });
    if pos.is_over() {
        bail!("every card has been played: nothing to solve");
    }
    let left = pos.cards_left();
    if left > 28 && !a.json && a.max_nodes == 0 {
        eprintln!(
            "note: {left} cards left; the exact search may take a while (seconds to minutes; \
             --max-nodes N gives up after N nodes)"
        );
    }
    // One position at a time, perhaps a whole hard deal: the 16 MiB table, which needs up to a
    // third fewer nodes than the default 2 MiB one on deals of tens of millions of nodes
    // (docs/solver.md, "Figures").
    let mut solver = Solver::new(SolverConfig {
        tt_bits: 20,
        ..SolverConfig::default()
    });
    let start = Instant::now();
    let seat = pos.to_move();
    // Misère (004): the mover's team scores the points the other team takes, and that team
    // keeps them low.
    let counted = (seat % 2) ^ misere as u8;
    if misere {
        solver.set_objective(Objective::FewestPoints);
    }
    let values = if a.max_nodes > 0 {
        solver.try_solve_moves_for(&pos, counted, a.max_nodes)
    } else {
        Some(solver.solve_moves_for(&pos, counted))
    };
    // The race: the cards after which the team to move gets there first, and those after which
    // the other team does, within what is left of --max-nodes (over it, the command gives up).
    let (values, race) = match (values, race) {
        (Some(v), Some((need, other))) => {
            let mut budget = nodes_left(&a, &solver);
            let wins = race_cards(&mut solver, &pos, seat % 2, need, other, &mut budget);
            let loses = race_cards(&mut solver, &pos, 1 - seat % 2, other, need, &mut budget);
            match wins.zip(loses) {
                Some(r) => (Some(v), Some((need, other, r))),
                None => (None, None),
            }
        }
        (values, _) => (values, None),
    };
    // The bid: the cards after which the declarer's team makes it against the best defence.
    let (values, made) = match (values, bid) {
        (Some(v), Some(b)) => {
            let mut budget = nodes_left(&a, &solver);
            match bid_cards(&mut solver, &pos, b, &mut budget) {
                Some(made) => (Some(v), Some((b, made))),
                None => (None, None),
            }
        }
        (values, _) => (values, None),
    };
    let secs = start.elapsed().as_secs_f64();
    let Some(values) = values else {
        // Not an error in the input: the search was cut short, as asked.
        if a.json {
            let out = serde_json::json!({
                "seat": seat, "team": seat % 2, "mode": pos.mode.to_string(), "cards_left": left,
                "values": null, "gave_up": true, "seconds": secs, "nodes": solver.nodes(),
            });
            println!("{}", serde_json::to_string_pretty(&out)?);
        } else {
            eprintln!("{}", gave_up_message(solver.nodes(), secs));
        }
        return Ok(ExitCode::from(1));
    };
    let team = seat % 2;
    if a.json {
        let cards: Vec<serde_json::Value> = values
            .iter()
            .map(|(c, v)| serde_json::json!({"card": c.to_string(), "value": v}))
            .collect();
        let mut out = serde_json::json!({
            "seat": seat, "team": team, "mode": pos.mode.to_string(), "misere": misere,
            "slalom": pos.slalom, "cards_left": left,
            "values": cards, "best": values.best().map(|(c, v)| serde_json::json!({"card": c.to_string(), "value": v})),
            "seconds": secs, "nodes": solver.nodes(),
        });
        if let Some((b, made)) = made {
            let names = |s: CardSet| s.iter().map(|c| c.to_string()).collect::<Vec<_>>();
            out["bid"] = serde_json::json!({
                "declarer_team": b.bid.team, "points": b.bid.points, "need": b.need,
                "makes": names(made), "goes_down": names(pos.legal_cards() - made),
            });
        }
        if let Some((need, other, (wins, loses))) = race {
            let names = |s: CardSet| s.iter().map(|c| c.to_string()).collect::<Vec<_>>();
            out["race"] = serde_json::json!({
                "need": need, "other_need": other, "wins": names(wins), "loses": names(loses),
            });
        }
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        println!("{pos}");
        if misere {
            println!("seat {seat} to play, Misère; points credited to team {team} from here on (those team {counted} takes, keeping them low) with best play on both sides:");
        } else {
            println!("seat {seat} to play; points team {team} takes from here on with best play on both sides:");
        }
        let mut rows: Vec<(Card, u32)> = values.iter().collect();
        rows.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        for (c, v) in rows {
            match race {
                Some((_, _, (wins, loses))) => {
                    let r = if wins.contains(c) {
                        "wins the race"
                    } else if loses.contains(c) {
                        "loses the race"
                    } else {
                        "neither team gets there"
                    };
                    println!("  {c:>4}  {v:>3}  {r}");
                }
                None => match made {
                    Some((b, made)) => {
                        let r = if made.contains(c) {
                            "makes"
                        } else {
                            "goes down"
                        };
                        println!("  {c:>4}  {v:>3}  team {} {r}", b.bid.team)
                    }
                    None => println!("  {c:>4}  {v}"),
                },
            }
        }
        if let Some((b, _)) = made {
            println!(
                "(the bid: team {} bid {}, needs {} more from here on; \"makes\": against the best defence)",
                b.bid.team, b.bid.points, b.need
            );
        }
        if let Some((need, other, _)) = race {
            println!("(the race: team {team} needs {need}, the other team {other})");
        }
        println!("({:.3} s, {} nodes)", secs, solver.nodes());
    }
    Ok(ExitCode::SUCCESS)
}

/// The legal cards of the seat to move after which the declarer's team of `b` takes the points
/// it still needs by the end of the deal, whatever the defence does (one zero-window search per
/// card: a threshold, not the most points). `None` when `budget` (search nodes, what is used is
/// taken off) does not suffice.
fn bid_cards(solver: &mut Solver, pos: &Position, b: BidNeed, budget: &mut u64) -> Option<CardSet> {
    let mut made = CardSet::EMPTY;
    for c in pos.legal_cards().iter() {
        let mut child = *pos;
        let mut need = b.need;
        if let Some(t) = child.play(c) {
            if t.winner % 2 == b.bid.team {
                need = need.saturating_sub(t.points + t.match_bonus);
            }
        }
        let makes = if child.is_over() {
            need == 0
        } else {
            let before = solver.nodes();
            let r = solver.try_reaches(&child, b.bid.team, need, *budget)?;
            *budget = budget.saturating_sub(solver.nodes() - before);
            r
        };
        if makes {
            made.insert(c);
        }
    }
    Some(made)
}

//! `jass solve` on a Differenzler or Handjass record, games where every player is for himself:
//! the position is rebuilt by replaying the record through the engine, and every legal card of
//! the player to move gets two values from `jass_solver::SoloSolver`: what the mover can be
//! sure of against all the others, and how the deal ends when every player plays for himself.

use std::cell::RefCell;
use std::collections::HashMap;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use jass_core::differenzler::{
    Differenzler, DifferenzlerAction, DifferenzlerDeal, DifferenzlerOptions, DifferenzlerRecord,
    DifferenzlerRecorded, TrumpRule,
};
use jass_core::handjass::{Handjass, HandjassRecord, RecordedAction, MAX_SEATS};
use jass_core::{Card, CardSet, Game, Mode, PointTable, ToMove};
use jass_solver::{SoloGoal, SoloOutcome, SoloPosition, SoloSolver, SOLO_SEATS};
use serde_json::{json, Value};

use crate::solve::{check_cards, deal_index, SolveArgs};

/// A solo position taken from a record, with what the engine knows beyond the cards.
struct SoloSetup {
    pos: SoloPosition,
    /// The real seat of each solo player (index in `pos`).
    seats: Vec<u8>,
    /// The engine's legal cards of the mover (in Handjass the blind taker may not lead the
    /// face-up card to the first trick, which `SoloPosition::legal` does not know).
    roots: CardSet,
    /// Weis and Stöck each player scores in this deal beyond his card points: the Weis as
    /// declared in the record (it depends on the declarations, not on the cards played), the
    /// Stöck of its holder (who plays both cards sooner or later).
    extra: [u32; SOLO_SEATS],
    trick_leader: u8,
}

/// How a game measures the end of a deal.
enum Measure {
    /// Each player's announcement (by solo index) and the scoring options.
    Differenzler {
        announced: [u32; SOLO_SEATS],
        opts: DifferenzlerOptions,
    },
    /// The engine at the position, whose own deal scoring rates every way the deal can end.
    Handjass {
        engine: Box<Handjass>,
        threshold: u32,
    },
}

/// Checks `--cards` against the deal's card play, applies to `g` every entry of the deal before
/// its (`--cards` + 1)-th card (the mover's Weis declaration comes before his card), and returns
/// the state at the deal's end in the record and the seat to move.
fn replay_to_card<'a, G: Game, E: 'a>(
    g: &mut G,
    a: &SolveArgs,
    entries: impl Iterator<Item = &'a E> + Clone,
    is_play: impl Fn(&E) -> bool,
    apply: impl Fn(&mut G, &E) -> Result<()>,
) -> Result<(G, usize)> {
    check_cards(a, entries.clone().filter(|e| is_play(e)).count())?;
    let cards = a.cards;
    let mut seen = 0;
    let mut rest = entries.peekable();
    while let Some(e) = rest.peek() {
        if is_play(e) {
            if seen == cards {
                break;
            }
            seen += 1;
        }
        apply(g, e)?;
        rest.next();
    }
    let mut end = g.clone();
    for e in rest {
        apply(&mut end, e)?;
    }
    let ToMove::Seat(mover) = g.to_move() else {
        bail!("deal {}: nobody is to play after {} cards", a.deal, a.cards);
    };
    Ok((end, mover))
}

/// What one legal card gives.
struct CardResult {
    card: Card,
    /// Differenzler: the smallest miss of the announcement the mover can be sure of; Handjass:
    /// the most points (cards, Weis, Stöck) he can be sure of.
    guarantee: u32,
    /// Every player playing for himself (max^n).
    outcome: SoloOutcome,
}

/// The mover and the trick leader's index among `seats` (in playing order).
fn leader_index(seats: &[u8], mover: u8, trick_len: usize) -> Result<usize> {
    let i = seats
        .iter()
        .position(|&s| s == mover)
        .ok_or_else(|| anyhow!("seat {mover} is to play but does not play this deal"))?;
    Ok((i + seats.len() * 2 - trick_len) % seats.len())
}

// ----- Differenzler -----

pub fn run_differenzler(a: &SolveArgs, rec: &DifferenzlerRecord) -> Result<ExitCode> {
    let di = deal_index(a, rec.deals.len())?;
    let mut g = Differenzler::new(rec.options).map_err(|e| anyhow!("options: {e}"))?;
    let apply = |g: &mut Differenzler, e: &DifferenzlerRecorded| -> Result<()> {
        let action = match *e {
            DifferenzlerRecorded::Trump { trump } => DifferenzlerAction::Trump { trump },
            DifferenzlerRecorded::Announce { points } => DifferenzlerAction::Announce { points },
            DifferenzlerRecorded::Weis { weis } => DifferenzlerAction::Weis { weis },
            DifferenzlerRecorded::Play { card } => DifferenzlerAction::Play { card },
            // Counted by the engine itself.
            DifferenzlerRecorded::Stoeck {} => return Ok(()),
        };
        g.apply(action)
            .map_err(|e| anyhow!("replaying the record: {e}"))
    };
    for (i, d) in rec.deals.iter().enumerate().take(di + 1) {
        let trump = (rec.options.trump == TrumpRule::Random).then_some(d.cards.trump);
        g.deal(DifferenzlerDeal {
            hands: d.hands,
            trump_card: d.cards.trump_card,
            trump,
        })
        .map_err(|e| anyhow!("replaying deal {}: {e}", i + 1))?;
        if i < di {
            for e in &d.actions {
                apply(&mut g, &e.action)?;
            }
        }
    }
    let d = &rec.deals[di];
    let is_play = |e: &DifferenzlerRecorded| matches!(e, DifferenzlerRecorded::Play { .. });
    let (end, mover) = replay_to_card(
        &mut g,
        a,
        d.actions.iter().map(|e| &e.action),
        is_play,
        apply,
    )?;
    // The Weis and Stöck the deal gives, from its end in the record.
    let tally = end.tally();
    let mode = g
        .mode()
        .ok_or_else(|| anyhow!("deal {} has no trump", a.deal))?;
    let seats: Vec<u8> = (0..4).collect();
    let now = g.tally();
    let trick = g.current_trick().to_vec();
    let leader = leader_index(&seats, mover as u8, trick.len())?;
    let mut pos = SoloPosition::new_deal(
        &g.hands(),
        leader,
        mode,
        PointTable::new(mode, rec.options.undenufe_eleven),
        rec.options.trick_rules,
    );
    pos.trick[..trick.len()].copy_from_slice(&trick);
    pos.trick_len = trick.len();
    pos.taken[..4].copy_from_slice(&now.card_points);
    pos.tricks[..4].copy_from_slice(&now.tricks);
    let extra: [u32; SOLO_SEATS] = std::array::from_fn(|s| {
        if s < 4 {
            tally.weis[s] + tally.stoeck[s]
        } else {
            0
        }
    });
    let mut announced = [0; SOLO_SEATS];
    announced[..4].copy_from_slice(&d.settled.announcements);
    let setup = SoloSetup {
        pos,
        seats,
        roots: g.legal_cards(),
        extra,
        trick_leader: (mover as u8 + 4 - trick.len() as u8) % 4,
    };
    let measure = Measure::Differenzler {
        announced,
        opts: rec.options,
    };
    solve_and_print(a, "differenzler", &setup, &measure)
}

// ----- Handjass -----

pub fn run_handjass(a: &SolveArgs, rec: &HandjassRecord) -> Result<ExitCode> {
    let di = deal_index(a, rec.deals.len())?;
    let mut g = Handjass::new(rec.options).map_err(|e| anyhow!("options: {e}"))?;
    let apply = |g: &mut Handjass, e: &RecordedAction| -> Result<()> {
        // `None`: the Stöck the engine counts itself.
        match e.action() {
            Some(action) => g
                .apply(action)
                .map_err(|e| anyhow!("replaying the record: {e}")),
            None => Ok(()),
        }
    };
    for (i, d) in rec.deals.iter().enumerate().take(di + 1) {
        g.deal(d.engine_deal())
            .map_err(|e| anyhow!("replaying deal {}: {e}", i + 1))?;
        if i < di {
            for e in &d.actions {
                apply(&mut g, &e.action)?;
            }
        }
    }
    let d = &rec.deals[di];
    let is_play = |e: &RecordedAction| matches!(e, RecordedAction::Play { .. });
    if !d.actions.iter().any(|e| is_play(&e.action)) {
        let why = if d.result.agreed {
            "the two players left agreed a stroke each"
        } else if let Some(s) = d.result.survivor {
            &format!("everybody but seat {s} dropped out")
        } else {
            "the deal ended before the first card"
        };
        bail!(
            "deal {} has no card play ({why}); pick a deal whose cards were played",
            a.deal
        );
    }
    let (end, mover) = replay_to_card(
        &mut g,
        a,
        d.actions.iter().map(|e| &e.action),
        is_play,
        apply,
    )?;
    // Only the seats that play the cards are at the SoloPosition's table, in playing order.
    let playing = g.playing_mask();
    let seats: Vec<u8> = g
        .table_seats()
        .into_iter()
        .filter(|&s| playing & (1 << s) != 0)
        .collect();
    let trick = g.current_trick().to_vec();
    let leader = leader_index(&seats, mover as u8, trick.len())?;
    let hands_now = g.hands();
    let hands: Vec<CardSet> = seats.iter().map(|&s| hands_now[s as usize]).collect();
    let mode: Mode = g.mode();
    let mut pos = SoloPosition::new_deal(
        &hands,
        leader,
        mode,
        g.point_table(),
        rec.options.trick_rules,
    );
    pos.last_bonus = rec.options.last_trick_bonus;
    pos.trick[..trick.len()].copy_from_slice(&trick);
    pos.trick_len = trick.len();
    // Tricks so far per seat, from the engine's completed tricks.
    let mut tricks = [0u8; MAX_SEATS];
    for t in 0..g.tricks_done() as usize {
        tricks[g.completed_trick(t).2 as usize] += 1;
    }
    let (cards_now, weis, stoeck) = (g.card_points(), end.weis_points(), end.stoeck_points());
    let mut extra = [0; SOLO_SEATS];
    for (i, &s) in seats.iter().enumerate() {
        pos.taken[i] = cards_now[s as usize];
        pos.tricks[i] = tricks[s as usize];
        extra[i] = weis[s as usize] + stoeck[s as usize];
    }
    let setup = SoloSetup {
        pos,
        trick_leader: seats[leader],
        seats,
        roots: g.legal_cards(),
        extra,
    };
    let measure = Measure::Handjass {
        threshold: g.threshold(),
        engine: Box::new(g),
    };
    solve_and_print(a, "handjass", &setup, &measure)
}

// ----- solving and printing -----

/// Each player's measure of an outcome (higher is better): Differenzler minus the penalty,
/// Handjass strokes minus potatoes as the engine scores the deal (memoised by the points: the
/// engine's scoring runs on a copy of the state).
struct Utility<'a> {
    setup: &'a SoloSetup,
    measure: &'a Measure,
    cache: RefCell<HashMap<[u32; SOLO_SEATS], [i32; SOLO_SEATS]>>,
}

impl Utility<'_> {
    /// Final points of each player: card points and the deal's Weis and Stöck.
    fn points(&self, o: &SoloOutcome) -> [u32; SOLO_SEATS] {
        std::array::from_fn(|i| o.taken[i] + self.setup.extra[i])
    }

    /// Handjass: the engine's strokes and potatoes of every solo player for these final points.
    fn handjass_marks(&self, engine: &Handjass, points: &[u32; SOLO_SEATS]) -> Vec<(u32, u32)> {
        let mut totals = [0u32; MAX_SEATS];
        for (i, &s) in self.setup.seats.iter().enumerate() {
            totals[s as usize] = points[i];
        }
        let out = engine
            .outcome_for_points(totals)
            .expect("the engine stands in card play");
        self.setup
            .seats
            .iter()
            .map(|&s| (out.strokes[s as usize], out.potatoes[s as usize]))
            .collect()
    }

    fn of(&self, o: &SoloOutcome) -> [i32; SOLO_SEATS] {
        let points = self.points(o);
        match self.measure {
            Measure::Differenzler { announced, opts } => std::array::from_fn(|i| {
                if i < self.setup.pos.n {
                    -opts.penalty(announced[i], points[i], o.tricks[i])
                } else {
                    0
                }
            }),
            Measure::Handjass { engine, .. } => {
                if let Some(u) = self.cache.borrow().get(&o.taken) {
                    return *u;
                }
                let marks = self.handjass_marks(engine, &points);
                let mut u = [0; SOLO_SEATS];
                for (i, &(strokes, potatoes)) in marks.iter().enumerate() {
                    u[i] = strokes as i32 - potatoes as i32;
                }
                self.cache.borrow_mut().insert(o.taken, u);
                u
            }
        }
    }
}

/// The guarantee of the mover after `child`: see [`CardResult::guarantee`].
fn guarantee(
    solver: &mut SoloSolver,
    setup: &SoloSetup,
    measure: &Measure,
    child: &SoloPosition,
) -> Option<u32> {
    let me = setup.pos.mover();
    let extra = setup.extra[me];
    match measure {
        Measure::Differenzler { announced, .. } => {
            let ann = announced[me];
            if ann >= extra {
                // |cards + extra − ann| = |cards − (ann − extra)|.
                let v = solver.guarantee(child, me, SoloGoal::Target(ann - extra))?;
                Some(v.unsigned_abs())
            } else {
                // Weis and Stöck alone pass the announcement: the fewest card points is best,
                // and Target(0) scores exactly minus the card points.
                let v = solver.guarantee(child, me, SoloGoal::Target(0))?;
                Some(v.unsigned_abs() + (extra - ann))
            }
        }
        Measure::Handjass { .. } => {
            let v = solver.guarantee(child, me, SoloGoal::MostPoints)?;
            Some(v as u32 + extra)
        }
    }
}

fn solve_and_print(
    a: &SolveArgs,
    game: &str,
    setup: &SoloSetup,
    measure: &Measure,
) -> Result<ExitCode> {
    let pos = &setup.pos;
    let me = pos.mover();
    let seat = setup.seats[me];
    // The engine's legal cards must be cards the solver can play (a guard, never expected).
    if setup.roots.is_empty() || !(setup.roots - pos.legal()).is_empty() {
        bail!(
            "the solver and the engine disagree on the legal cards of seat {seat} ({} against {})",
            pos.legal(),
            setup.roots
        );
    }
    let left = pos.cards_left();
    if left > 16 && !a.json && a.max_nodes == 0 {
        eprintln!(
            "note: {left} cards left; the solo solver is meant for endgames (about 16 cards or \
             fewer) and may not finish; --max-nodes N gives up after N nodes"
        );
    }
    let mut solver = match a.max_nodes {
        0 => SoloSolver::new(),
        n => SoloSolver::with_node_limit(n),
    };
    let utility = Utility {
        setup,
        measure,
        cache: RefCell::new(HashMap::new()),
    };
    let start = Instant::now();
    let mut results = Some(Vec::new());
    for card in setup.roots {
        let mut child = *pos;
        child.play(card);
        let g = guarantee(&mut solver, setup, measure, &child);
        let o = g.and_then(|_| solver.outcome(&child, &|o: &SoloOutcome| utility.of(o)));
        match (g, o) {
            (Some(guarantee), Some(outcome)) => results.as_mut().expect("some").push(CardResult {
                card,
                guarantee,
                outcome,
            }),
            _ => {
                results = None;
                break;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let summary = position_json(a, game, setup, measure);
    let Some(mut results) = results else {
        // Not an error in the input: the search was cut short, as asked.
        if a.json {
            let mut out = summary;
            out["cards"] = Value::Null;
            out["gave_up"] = json!(true);
            out["seconds"] = json!(secs);
            out["nodes"] = json!(solver.nodes());
            println!("{}", serde_json::to_string_pretty(&out)?);
        } else {
            eprintln!("{}", crate::solve::gave_up_message(solver.nodes(), secs));
        }
        return Ok(ExitCode::from(1));
    };
    // Best first: the smallest sure miss (Differenzler), the most sure points (Handjass).
    match measure {
        Measure::Differenzler { .. } => results.sort_by_key(|r| r.guarantee),
        Measure::Handjass { .. } => results.sort_by_key(|r| std::cmp::Reverse(r.guarantee)),
    }
    let cards: Vec<Value> = results
        .iter()
        .map(|r| card_json(setup, measure, &utility, r))
        .collect();
    if a.json {
        let mut out = summary;
        out["best"] = cards.first().cloned().unwrap_or(Value::Null);
        out["cards"] = json!(cards);
        out["gave_up"] = json!(false);
        out["seconds"] = json!(secs);
        out["nodes"] = json!(solver.nodes());
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(ExitCode::SUCCESS);
    }
    print_position(a, setup, measure);
    let (what, each) = match measure {
        Measure::Differenzler { announced, .. } => (
            format!(
                "the smallest miss of its announcement ({}) seat {seat} can be sure of",
                announced[me]
            ),
            "points (penalty)",
        ),
        Measure::Handjass { threshold, .. } => (
            format!("the most points seat {seat} can be sure of (a potato below {threshold})"),
            "points (strokes − potatoes)",
        ),
    };
    println!("card, {what}; then each seat's {each} when every player plays for himself:");
    for r in &results {
        let sure = match measure {
            Measure::Differenzler { .. } => format!("miss ≤ {:>3}", r.guarantee),
            Measure::Handjass { threshold, .. } => format!(
                "{:>3} {}",
                r.guarantee,
                if r.guarantee >= *threshold {
                    "safe   "
                } else {
                    "at risk"
                }
            ),
        };
        let points = utility.points(&r.outcome);
        let u = utility.of(&r.outcome);
        let each: Vec<String> = setup
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match measure {
                Measure::Differenzler { .. } => format!("{s}: {:>3} ({:>3})", points[i], -u[i]),
                Measure::Handjass { .. } => format!("{s}: {:>3} ({:+})", points[i], u[i]),
            })
            .collect();
        println!("  {:>4}  {sure}   {}", r.card.to_string(), each.join("  "));
    }
    println!("({secs:.3} s, {} nodes)", solver.nodes());
    Ok(ExitCode::SUCCESS)
}

/// The position as JSON: the game, the deal, the mover and every player at the table.
fn position_json(a: &SolveArgs, game: &str, setup: &SoloSetup, measure: &Measure) -> Value {
    let pos = &setup.pos;
    let players: Vec<Value> = setup
        .seats
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let mut p = json!({
                "seat": s,
                "hand": pos.hands[i].to_string(),
                "card_points": pos.taken[i],
                "tricks": pos.tricks[i],
                "weis_stoeck": setup.extra[i],
            });
            if let Measure::Differenzler { announced, .. } = measure {
                p["announced"] = json!(announced[i]);
            }
            p
        })
        .collect();
    let mut out = json!({
        "game": game,
        "deal": a.deal,
        "cards_played": a.cards,
        "seat": setup.seats[pos.mover()],
        "mode": pos.mode.to_string(),
        "rules": format!("{:?}", pos.rules).to_lowercase(),
        "cards_left": pos.cards_left(),
        "trick_leader": setup.trick_leader,
        "trick": pos.trick[..pos.trick_len].iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "players": players,
    });
    if let Measure::Handjass { threshold, .. } = measure {
        out["threshold"] = json!(threshold);
    }
    out
}

/// One card's values as JSON.
fn card_json(setup: &SoloSetup, measure: &Measure, utility: &Utility, r: &CardResult) -> Value {
    let points = utility.points(&r.outcome);
    let (guarantee, outcome): (Value, Vec<Value>) = match measure {
        Measure::Differenzler { announced, opts } => (
            json!({ "distance": r.guarantee }),
            setup
                .seats
                .iter()
                .enumerate()
                .map(|(i, &s)| {
                    let pen = opts.penalty(announced[i], points[i], r.outcome.tricks[i]);
                    json!({"seat": s, "points": points[i], "tricks": r.outcome.tricks[i], "penalty": pen})
                })
                .collect(),
        ),
        Measure::Handjass { engine, threshold } => {
            let marks = utility.handjass_marks(engine, &points);
            (
                json!({ "points": r.guarantee, "safe": r.guarantee >= *threshold }),
                setup
                    .seats
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| {
                        json!({"seat": s, "points": points[i], "tricks": r.outcome.tricks[i],
                               "strokes": marks[i].0, "potatoes": marks[i].1})
                    })
                    .collect(),
            )
        }
    };
    json!({ "card": r.card.to_string(), "guarantee": guarantee, "outcome": outcome })
}

/// The position for people.
fn print_position(a: &SolveArgs, setup: &SoloSetup, measure: &Measure) {
    let pos = &setup.pos;
    let (game, tail) = match measure {
        Measure::Differenzler { .. } => ("Differenzler", String::new()),
        Measure::Handjass { threshold, .. } => {
            ("Handjass", format!(", a potato below {threshold} points"))
        }
    };
    println!(
        "{game}, deal {}, {} cards played, {} left; trump {}, {} trick rules{tail}",
        a.deal,
        a.cards,
        pos.cards_left(),
        pos.mode,
        format!("{:?}", pos.rules).to_lowercase()
    );
    for (i, &s) in setup.seats.iter().enumerate() {
        let aim = match measure {
            Measure::Differenzler { announced, .. } => format!("announced {:>3}, ", announced[i]),
            Measure::Handjass { .. } => String::new(),
        };
        let extra = match setup.extra[i] {
            0 => String::new(),
            x => format!(" (and {x} Weis/Stöck in this deal)"),
        };
        println!(
            "  seat {s}: {aim}{:>3} card points so far{extra}; holds {}",
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
            setup.trick_leader
        );
    }
    println!("seat {} to play", setup.seats[pos.mover()]);
}

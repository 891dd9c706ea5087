//! Handjass game records: play a game into a record, and re-play a record through the engine to
//! find the first illegal action or wrong figure. Documented in `docs/records.md` and
//! `docs/handjass.md`.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{Game, Player, ToMove};
use crate::mode::Mode;
use crate::record::{
    agree, agree_fields, apply_entry, check_deal_start, check_end, check_format, compare_tricks,
    play_deals, seat_records, CheckError, DealEntry, SeatRecord, FORMAT, VERSION,
};

use super::melds::Melds;
use super::options::HandjassOptions;
use super::state::{Handjass, HandjassDeal, Layout, TieDraw, MAX_SEATS};
use super::HandjassAction;

/// One entry of a deal's action list: a player's decision, or the Stöck announcement the engine
/// makes for the holder when the second card is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionEntry {
    /// Who acted.
    pub seat: u8,
    /// What was done.
    #[serde(flatten)]
    pub action: RecordedAction,
    /// Why the action is not the player's own: a bot program's answer that was refused and
    /// replaced by its fallback (the rule player). Absent for the player's own actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

/// What a seat did (`{"seat":0,"action":"play","card":"HA"}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum RecordedAction {
    /// Took part.
    Stay {},
    /// Dropped out.
    Drop {},
    /// Took the blind.
    Blind {},
    /// Gave the six of trumps for the turned card.
    ExchangeSix {},
    /// Kept the six of trumps.
    KeepSix {},
    /// Chose to exchange three cards for the Bessern.
    Bessern {},
    /// Kept the hand (no Bessern).
    KeepHand {},
    /// Discarded a card for the Bessern.
    Discard {
        /// The card.
        card: Card,
    },
    /// Agreed a stroke each (two players left).
    Agree {},
    /// Chose to play the cards (two players left).
    PlayOn {},
    /// Declared Weis (empty: none).
    Weis {
        /// The melds.
        melds: Melds,
    },
    /// Announced Stöck on playing the second of King and Ober of trumps.
    Stoeck {},
    /// Played a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl From<HandjassAction> for RecordedAction {
    fn from(a: HandjassAction) -> Self {
        match a {
            HandjassAction::Stay => RecordedAction::Stay {},
            HandjassAction::Drop => RecordedAction::Drop {},
            HandjassAction::Blind => RecordedAction::Blind {},
            HandjassAction::ExchangeSix => RecordedAction::ExchangeSix {},
            HandjassAction::KeepSix => RecordedAction::KeepSix {},
            HandjassAction::Bessern => RecordedAction::Bessern {},
            HandjassAction::KeepHand => RecordedAction::KeepHand {},
            HandjassAction::Discard { card } => RecordedAction::Discard { card },
            HandjassAction::Agree => RecordedAction::Agree {},
            HandjassAction::PlayOn => RecordedAction::PlayOn {},
            HandjassAction::Weis { melds } => RecordedAction::Weis { melds },
            HandjassAction::Play { card } => RecordedAction::Play { card },
        }
    }
}

impl DealEntry<HandjassAction> for ActionEntry {
    type Recorded = RecordedAction;
    const STOECK: RecordedAction = RecordedAction::Stoeck {};
    fn new(seat: u8, action: RecordedAction, fallback: Option<String>) -> Self {
        ActionEntry {
            seat,
            action,
            fallback,
        }
    }
}

impl RecordedAction {
    /// The player's action, or `None` for the engine's Stöck announcement.
    pub fn action(self) -> Option<HandjassAction> {
        Some(match self {
            RecordedAction::Stay {} => HandjassAction::Stay,
            RecordedAction::Drop {} => HandjassAction::Drop,
            RecordedAction::Blind {} => HandjassAction::Blind,
            RecordedAction::ExchangeSix {} => HandjassAction::ExchangeSix,
            RecordedAction::KeepSix {} => HandjassAction::KeepSix,
            RecordedAction::Bessern {} => HandjassAction::Bessern,
            RecordedAction::KeepHand {} => HandjassAction::KeepHand,
            RecordedAction::Discard { card } => HandjassAction::Discard { card },
            RecordedAction::Agree {} => HandjassAction::Agree,
            RecordedAction::PlayOn {} => HandjassAction::PlayOn,
            RecordedAction::Weis { melds } => HandjassAction::Weis { melds },
            RecordedAction::Play { card } => HandjassAction::Play { card },
            RecordedAction::Stoeck {} => return None,
        })
    }
}

pub use crate::record::TrickRecord;

/// The outcome of one deal. Per-seat lists are indexed by seat number (0 for seats that did not
/// play); strokes and potatoes are multiplied (Berner Handjass), points are not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealResult {
    /// Seats that played, from Vorhand.
    pub playing: Vec<u8>,
    /// Seats that dropped out, from Vorhand.
    pub dropped: Vec<u8>,
    /// Who took the blind.
    pub blind_taker: Option<u8>,
    /// Seats that took their Bessern.
    pub bessern: Vec<u8>,
    /// Who exchanged the six of trumps for the turned card.
    pub six_exchanged_by: Option<u8>,
    /// The one player left when all others dropped out (scored without play).
    pub survivor: Option<u8>,
    /// The two players left agreed a stroke each.
    pub agreed: bool,
    /// Card points taken in tricks (with `last_trick_bonus` for the last trick).
    pub card_points: Vec<u32>,
    /// Weis scored.
    pub weis: Vec<u32>,
    /// The seat whose Weis scored.
    pub weis_seat: Option<u8>,
    /// Stöck scored.
    pub stoeck: Vec<u32>,
    /// Card points + Weis + Stöck.
    pub points: Vec<u32>,
    /// Card points of cards not played (blind, stock, discards, dropped hands) and the bonus of an
    /// unplayed last trick: they count for no one. With `card_points` they make 152 +
    /// `last_trick_bonus` (157).
    pub dead_points: u32,
    /// The potato threshold of this deal.
    pub threshold: u32,
    /// The multiplier of the trump suit (1 unless Berner Handjass).
    pub multiplier: u32,
    /// Strokes scored (multiplied), after any sack was cancelled.
    pub strokes: Vec<u32>,
    /// Potatoes (nulls) scored (multiplied).
    pub potatoes: Vec<u32>,
    /// 002: seats put in the sack.
    pub sacked: Vec<u8>,
    /// 002: sacks cancelled instead of a stroke.
    pub sacks_cancelled: Vec<u32>,
    /// Cards drawn to settle a tie for a stroke, in order (drawn from the pack the deal's
    /// `tie_seed` shuffles).
    pub tie_draws: Vec<TieDraw>,
    /// Strokes put into abeyance.
    pub to_abeyance: u32,
    /// Strokes received from abeyance.
    pub from_abeyance: Vec<u32>,
    /// Stakes for nulls: paid (negative) or received.
    pub stakes: Vec<i64>,
    /// Net strokes of every seat after this deal (the slate).
    pub slate: Vec<i32>,
    /// Seats that retired after this deal.
    pub retired: Vec<u8>,
}

/// One deal of a Handjass record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandjassDealRecord {
    /// 1-based number of the deal.
    pub number: u32,
    /// Who dealt.
    pub dealer: u8,
    /// Vorhand.
    pub vorhand: u8,
    /// Seats at the table (still in the game), from Vorhand.
    pub active: Vec<u8>,
    /// How the deal is laid out.
    pub layout: Layout,
    /// Each seat's hand as dealt (`null` for seats not at the table).
    pub hands: Vec<Option<CardSet>>,
    /// The blind (spare hand), if any.
    pub blind: Option<CardSet>,
    /// The stock or the cards out of play, if any.
    pub stock: Option<CardSet>,
    /// Each seat's Bessern packet (Bessern games only).
    pub bessern: Option<Vec<Option<CardSet>>>,
    /// The turned card.
    pub trump_card: Card,
    /// The trump suit (as a trump mode: `D`, `H`, `S`, `C`).
    pub trump: Mode,
    /// Seed of the pack from which ties are drawn.
    pub tie_seed: u64,
    /// Every action in order with its seat.
    pub actions: Vec<ActionEntry>,
    /// The completed tricks.
    pub tricks: Vec<TrickRecord>,
    /// The scores.
    pub result: DealResult,
}

impl HandjassDealRecord {
    /// The cards of this deal as the engine deals them (hands, blind, stock, Bessern packets,
    /// the turned card and the tie seed); missing hands and packets are empty.
    pub fn engine_deal(&self) -> HandjassDeal {
        let mut deal = HandjassDeal {
            hands: [CardSet::EMPTY; MAX_SEATS],
            blind: self.blind.unwrap_or_default(),
            stock: self.stock.unwrap_or_default(),
            bessern: [CardSet::EMPTY; MAX_SEATS],
            trump_card: self.trump_card,
            tie_seed: self.tie_seed,
        };
        for (i, h) in self.hands.iter().enumerate().take(MAX_SEATS) {
            deal.hands[i] = h.unwrap_or_default();
        }
        if let Some(b) = &self.bessern {
            for (i, h) in b.iter().enumerate().take(MAX_SEATS) {
                deal.bessern[i] = h.unwrap_or_default();
            }
        }
        deal
    }
}

/// How a Handjass game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandjassGameResult {
    /// The loser: the last one left (000, 002).
    pub loser: Option<u8>,
    /// The winner (004's simple scoring).
    pub winner: Option<u8>,
    /// Seats in the order they retired.
    pub retired: Vec<u8>,
    /// Final net strokes.
    pub slate: Vec<i32>,
    /// Stroke marks.
    pub strokes: Vec<u32>,
    /// Potato marks.
    pub potatoes: Vec<u32>,
    /// 002: sacks still open.
    pub sacks: Vec<u32>,
    /// Net stakes for nulls.
    pub stakes: Vec<i64>,
    /// The record stops by choice after its last deal, before the game is over (a deal played on
    /// its own, as `jass arena` does). Absent in the record of a whole game.
    #[serde(default, skip_serializing_if = "crate::record::is_false")]
    pub stopped: bool,
}

/// A whole Handjass game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandjassRecord {
    /// Always `jass-record`.
    pub format: String,
    /// Format version (1).
    pub version: u32,
    /// Every option, explicitly.
    #[serde(deserialize_with = "options_as_played")]
    pub options: HandjassOptions,
    /// Who sat where (one per seat).
    pub seats: Vec<SeatRecord>,
    /// The seed the deals were drawn from, if they were.
    pub seed: Option<u64>,
    /// The deals.
    pub deals: Vec<HandjassDealRecord>,
    /// How the game ended.
    pub result: HandjassGameResult,
}

fn per_seat<T: Copy>(s: &Handjass, v: [T; MAX_SEATS]) -> Vec<T> {
    v[..s.players()].to_vec()
}

/// The seats of `mask` in playing order from the deal's Vorhand `vh`. (Once a deal is over the
/// state already names the next deal's Vorhand, so the deal's own is passed in.)
fn mask_list(s: &Handjass, vh: u8, mask: u8) -> Vec<u8> {
    let n = s.players() as u8;
    (0..n)
        .map(|i| (vh + i) % n)
        .filter(|&x| mask & (1 << x) != 0)
        .collect()
}

fn tricks_of(s: &Handjass) -> Vec<TrickRecord> {
    TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i))
}

/// The result of the deal `s` has just played, whose Vorhand was `vorhand`.
fn deal_result(s: &Handjass, vorhand: u8) -> DealResult {
    let o = s.outcome();
    let (cards, weis, stoeck) = (s.card_points(), s.weis_points(), s.stoeck_points());
    let totals: [u32; MAX_SEATS] = std::array::from_fn(|i| cards[i] + weis[i] + stoeck[i]);
    DealResult {
        playing: mask_list(s, vorhand, s.playing_mask()),
        dropped: mask_list(s, vorhand, s.dropped_mask()),
        blind_taker: s.blind_taker(),
        bessern: mask_list(s, vorhand, s.bessern_mask()),
        six_exchanged_by: s.six_by(),
        survivor: o.survivor,
        agreed: o.agreed,
        card_points: per_seat(s, s.card_points()),
        weis: per_seat(s, s.weis_points()),
        weis_seat: s.weis_winner(),
        stoeck: per_seat(s, s.stoeck_points()),
        points: per_seat(s, totals),
        dead_points: s.dead_points(),
        threshold: s.threshold(),
        multiplier: o.multiplier,
        strokes: per_seat(s, o.strokes),
        potatoes: per_seat(s, o.potatoes),
        sacked: mask_list(s, vorhand, o.sacked),
        sacks_cancelled: per_seat(s, o.sacks_cancelled),
        tie_draws: o.draws.iter().flatten().copied().collect(),
        to_abeyance: o.to_abeyance,
        from_abeyance: per_seat(s, o.from_abeyance),
        stakes: per_seat(s, o.stakes),
        slate: s.slate(),
        retired: mask_list(s, vorhand, o.retired),
    }
}

fn game_result(s: &Handjass) -> HandjassGameResult {
    HandjassGameResult {
        loser: s.loser(),
        winner: s.winner(),
        retired: s.retired(),
        slate: s.slate(),
        strokes: s.stroke_marks(),
        potatoes: s.potato_marks(),
        sacks: s.sacks(),
        stakes: s.stakes(),
        stopped: false,
    }
}

/// The record of the deal `s` has just played: deal `number`, with the dealer, Vorhand and
/// table it started with. (The cards and layout stay as dealt until the next deal.)
fn finish_deal(
    s: &Handjass,
    number: u32,
    (dealer, vorhand, active): (u8, u8, Vec<u8>),
    actions: Vec<ActionEntry>,
) -> HandjassDealRecord {
    let d = s.dealt();
    let n = s.players();
    let layout = s.layout();
    HandjassDealRecord {
        number,
        dealer,
        vorhand,
        hands: (0..n)
            .map(|i| {
                if active.contains(&(i as u8)) {
                    Some(d.hands[i])
                } else {
                    None
                }
            })
            .collect(),
        active,
        layout,
        blind: if layout.has_blind() {
            Some(d.blind)
        } else {
            None
        },
        stock: if d.stock.is_empty() {
            None
        } else {
            Some(d.stock)
        },
        bessern: if layout.bessern() {
            Some(
                (0..n)
                    .map(|i| {
                        if d.bessern[i].is_empty() {
                            None
                        } else {
                            Some(d.bessern[i])
                        }
                    })
                    .collect(),
            )
        } else {
            None
        },
        trump_card: d.trump_card,
        trump: Mode::Trump(d.trump_card.suit()),
        tie_seed: d.tie_seed,
        actions,
        tricks: tricks_of(s),
        result: deal_result(s, vorhand),
    }
}

/// Most deals in one game before `play_recorded` gives up (a safety net; real games take tens).
pub const MAX_DEALS: u32 = 5000;

/// Plays a whole game with these players (one per seat), the deals drawn from `seed`.
pub fn play_recorded(
    opts: HandjassOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Handjass>>],
) -> Result<HandjassRecord, String> {
    play_recorded_from(
        opts,
        Some(seed),
        players,
        &mut crate::deal::seeded_deals(seed),
        &mut |_| {},
    )
}

/// Plays a game with these players, calling `watch` before every step and at the end; each
/// deal's cards come from `next_deal` (asked when the cards are to be dealt; `None` stops the
/// game there, and the record then says it `stopped`). `seed` is written to the record as the
/// seed the deals came from, if they did.
pub fn play_recorded_from(
    opts: HandjassOptions,
    seed: Option<u64>,
    players: &mut [Box<dyn Player<Handjass>>],
    next_deal: &mut dyn FnMut(&Handjass) -> Option<HandjassDeal>,
    watch: &mut dyn FnMut(&Handjass),
) -> Result<HandjassRecord, String> {
    let mut state = Handjass::new(opts)?;
    if players.len() != state.players() {
        return Err(format!(
            "this Handjass has {} players, got {}",
            state.players(),
            players.len()
        ));
    }
    let played = play_deals(
        &mut state,
        players,
        watch,
        // The dealer, Vorhand and table are those of the coming deal: taken before the cards.
        |state| {
            if state.deals_started() >= MAX_DEALS {
                return Err(format!(
                    "the game did not end within {MAX_DEALS} deals: under these options the players rarely reach the target (threshold {}, target {}; the sources' thresholds are 21 to 31)",
                    opts.threshold, opts.target
                ));
            }
            let start = (state.dealer(), state.vorhand(), state.table_seats_coming());
            let Some(d) = next_deal(state) else {
                return Ok(None);
            };
            state.deal(d).map_err(|e| e.to_string())?;
            Ok(Some(start))
        },
        // Stöck is scored by its holder's own card.
        |state, seat| state.stoeck_just_announced().then_some(seat as u8),
        |state, start, actions| finish_deal(state, state.deals_started(), start, actions),
    )?;
    Ok(HandjassRecord {
        format: FORMAT.to_string(),
        version: VERSION,
        options: opts,
        seats: seat_records(players),
        seed,
        deals: played.deals,
        result: HandjassGameResult {
            stopped: played.stopped,
            ..game_result(&state)
        },
    })
}

/// The options of a record: records written before `stroke_above_threshold` and
/// `marriage_in_sequence` were played without them.
fn options_as_played<'de, D: serde::Deserializer<'de>>(d: D) -> Result<HandjassOptions, D::Error> {
    crate::record::options_as_played(
        d,
        &[
            ("stroke_above_threshold", false),
            ("marriage_in_sequence", false),
        ],
    )
}

/// The lists of seats in a deal result that are the engine's seats in another order: the
/// format lists them from Vorhand, and engines before issue 39 began at the seat after it.
fn check_seat_order(recorded: &DealResult, engine: &DealResult, vorhand: u8) -> Result<(), String> {
    let lists = [
        ("playing", &recorded.playing, &engine.playing),
        ("dropped", &recorded.dropped, &engine.dropped),
        ("bessern", &recorded.bessern, &engine.bessern),
        ("sacked", &recorded.sacked, &engine.sacked),
        ("retired", &recorded.retired, &engine.retired),
    ];
    for (field, recorded, engine) in lists {
        let sorted = |v: &Vec<u8>| {
            let mut v = v.clone();
            v.sort_unstable();
            v
        };
        if recorded != engine && sorted(recorded) == sorted(engine) {
            return Err(format!(
                "result.{field} is recorded as {recorded:?}; write {engine:?}: the format lists these seats from Vorhand (seat {vorhand}), and engines before the fix of issue 39 began at the seat after Vorhand"
            ));
        }
    }
    Ok(())
}

/// Re-plays a record through the engine and reports the first illegal action or wrong figure.
pub fn check_record(rec: &HandjassRecord) -> Result<(), CheckError> {
    let top = CheckError::whole;
    let at = CheckError::in_deal;
    check_format(&rec.format, rec.version)?;
    let mut s = Handjass::new(rec.options).map_err(|e| top(format!("options: {e}")))?;
    if rec.seats.len() != s.players() {
        return Err(top(format!(
            "the options say {} players, the record lists {} seats",
            s.players(),
            rec.seats.len()
        )));
    }
    let n = s.players();
    for (di, d) in rec.deals.iter().enumerate() {
        check_deal_start(&s, di, d.number)?;
        if d.dealer != s.dealer() || d.vorhand != s.vorhand() {
            return Err(at(di, None, format!(
                "dealer {} and Vorhand {} are recorded, but by the rotation seat {} deals and seat {} is Vorhand",
                d.dealer, d.vorhand, s.dealer(), s.vorhand()
            )));
        }
        let active = s.table_seats_coming();
        if d.active != active {
            return Err(at(
                di,
                None,
                format!(
                    "active seats are recorded as {:?}, the slate gives {:?}",
                    d.active, active
                ),
            ));
        }
        if d.hands.len() != n {
            return Err(at(
                di,
                None,
                format!("{} hands are listed; the game has {n} seats", d.hands.len()),
            ));
        }
        let deal = d.engine_deal();
        if d.trump != Mode::Trump(d.trump_card.suit()) {
            return Err(at(
                di,
                None,
                format!(
                    "trump is recorded as {}, but the turned card is {}",
                    d.trump, d.trump_card
                ),
            ));
        }
        s.deal(deal)
            .map_err(|e| at(di, None, format!("cards: {e}")))?;
        if d.layout != s.layout() {
            return Err(at(
                di,
                None,
                format!(
                    "layout is recorded as {:?}, the rules give {:?}",
                    d.layout,
                    s.layout()
                ),
            ));
        }
        let mut pending_stoeck: Option<(u8, usize)> = None;
        for (ei, e) in d.actions.iter().enumerate() {
            let Some(action) = e.action.action() else {
                match pending_stoeck.take() {
                    Some((seat, _)) if seat == e.seat => continue,
                    Some((seat, _)) => return Err(at(di, Some(ei + 1), format!("Stöck announced by seat {}, but seat {seat} holds it", e.seat))),
                    None => return Err(at(di, Some(ei + 1), format!("seat {} announces Stöck, but has not just played the second of King and Ober of trumps", e.seat))),
                }
            };
            if let Some((seat, after)) = pending_stoeck {
                return Err(at(di, Some(after + 1), format!("seat {seat} plays the second Stöck card here; the record lacks its Stöck announcement")));
            }
            apply_entry(&mut s, di, ei, e.seat as usize, action)?;
            if s.stoeck_just_announced() {
                pending_stoeck = Some((e.seat, ei));
            }
        }
        if let Some((seat, after)) = pending_stoeck {
            return Err(at(di, Some(after + 1), format!("seat {seat} plays the second Stöck card here; the record lacks its Stöck announcement")));
        }
        if let ToMove::Seat(p) = s.to_move() {
            return Err(at(
                di,
                None,
                format!("the deal stops while seat {p} is still to act"),
            ));
        }
        compare_tricks(&d.tricks, &tricks_of(&s)).map_err(|m| at(di, None, m))?;
        let result = deal_result(&s, d.vorhand);
        check_seat_order(&d.result, &result, d.vorhand).map_err(|m| at(di, None, m))?;
        if d.result.tie_draws != result.tie_draws {
            return Err(at(di, None, format!(
                "result.tie_draws is recorded as {:?}, but the pack of tie_seed {} gives {:?}: the tie_seed or the draws are wrong",
                d.result.tie_draws, d.tie_seed, result.tie_draws
            )));
        }
        agree_fields("result", &d.result, &result).map_err(|m| at(di, None, m))?;
    }
    check_end(
        s.to_move() == ToMove::Over,
        s.to_move() == ToMove::Deal,
        rec.result.stopped,
        rec.deals.len(),
        || {
            format!(
                "the record ends after {} deal(s) but the game is not over (slate {:?})",
                rec.deals.len(),
                s.slate()
            )
        },
    )?;
    let result = HandjassGameResult {
        stopped: rec.result.stopped,
        ..game_result(&s)
    };
    agree("game result", &rec.result, &result).map_err(CheckError::whole)?;
    Ok(())
}

//! Sidi Barrani game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md`.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{Game, Player, ToMove};
use crate::mode::Mode;
use crate::record::{
    agree, apply_entry, check_deal_start, check_end, check_format, compare_tricks, need_four,
    play_deals, seat_records, CheckError, DealEntry, GameResult, SeatRecord, FORMAT, VERSION,
};
use crate::schieber::TrickRecord;
use crate::weis::Declaration;

use super::options::SidiOptions;
use super::state::Sidi;
use super::SidiAction;

/// One entry of a deal's action list (`{"seat":1,"action":"bid","points":120,"trump":"undenufe"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SidiEntry {
    /// Who acted.
    pub seat: u8,
    /// What was done.
    #[serde(flatten)]
    pub action: SidiRecorded,
    /// Why the action is not the player's own: a bot program's answer that was refused and
    /// replaced by its fallback (the rule player). Absent for the player's own actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

/// What a seat did: a decision, or Stöck counted by the engine once both cards were seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum SidiRecorded {
    /// Passed (in the auction), or declined to double or redouble when asked.
    Pass {},
    /// Bid.
    Bid {
        /// The number.
        points: u32,
        /// The denomination.
        trump: Mode,
    },
    /// Doubled.
    Double {},
    /// Redoubled.
    Redouble {},
    /// Declared Weis (an empty list: declined).
    Weis {
        /// The combinations.
        weis: Declaration,
    },
    /// Stöck counted (both cards seen).
    Stoeck {},
    /// Played a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl From<SidiAction> for SidiRecorded {
    fn from(a: SidiAction) -> Self {
        match a {
            SidiAction::Pass => SidiRecorded::Pass {},
            SidiAction::Bid { points, trump } => SidiRecorded::Bid { points, trump },
            SidiAction::Double => SidiRecorded::Double {},
            SidiAction::Redouble => SidiRecorded::Redouble {},
            SidiAction::Weis { weis } => SidiRecorded::Weis { weis },
            SidiAction::Play { card } => SidiRecorded::Play { card },
        }
    }
}

impl DealEntry<SidiAction> for SidiEntry {
    type Recorded = SidiRecorded;
    const STOECK: SidiRecorded = SidiRecorded::Stoeck {};
    fn new(seat: u8, action: SidiRecorded, fallback: Option<String>) -> Self {
        SidiEntry {
            seat,
            action,
            fallback,
        }
    }
}

/// The contract of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidiContract {
    /// The bid number.
    pub points: u32,
    /// The denomination.
    pub trump: Mode,
    /// The final bidder, who leads.
    pub declarer: u8,
    /// 1, 2 (doubled) or 4 (redoubled).
    pub factor: u32,
}

/// The outcome of one deal (nothing is multiplied except `bonus`, the bid times the factor).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidiDealResult {
    /// Card points per team (with the last-trick bonus).
    pub card_points: [u32; 2],
    /// Tricks per team.
    pub tricks: [u8; 2],
    /// Match bonus per team.
    pub match_bonus: [u32; 2],
    /// Weis per team.
    pub weis: [u32; 2],
    /// Stöck per team.
    pub stoeck: [u32; 2],
    /// Whether the contract was made (`null` for a thrown-in deal).
    pub made: Option<bool>,
    /// The bid times the factor, credited to the declarer's team (made) or the opponents.
    pub bonus: [u32; 2],
    /// Credited to each team in this deal.
    pub score: [u32; 2],
    /// Running totals after this deal.
    pub totals: [u32; 2],
}

/// One deal of a Sidi Barrani record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidiDealRecord {
    /// 1-based number.
    pub number: u32,
    /// Who dealt (the player on the dealer's right speaks first).
    pub dealer: u8,
    /// The cards dealt.
    pub hands: [CardSet; 4],
    /// Every action in order.
    pub actions: Vec<SidiEntry>,
    /// The contract (`null`: thrown in after four passes).
    pub contract: Option<SidiContract>,
    /// The team whose Weis counted.
    pub weis_team: Option<u8>,
    /// The completed tricks.
    pub tricks: Vec<TrickRecord>,
    /// The scores.
    pub result: SidiDealResult,
}

/// A whole Sidi Barrani game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidiRecord {
    /// Always `jass-record`.
    pub format: String,
    /// Format version (1).
    pub version: u32,
    /// Every option, explicitly.
    pub options: SidiOptions,
    /// Who sat where.
    pub seats: Vec<SeatRecord>,
    /// The seed of the deals, if drawn from one.
    pub seed: Option<u64>,
    /// The deals.
    pub deals: Vec<SidiDealRecord>,
    /// How the game ended (`schneider`: a double game, the losers under `double_game_below`).
    pub result: GameResult,
}

fn contract_of(s: &Sidi) -> Option<SidiContract> {
    if s.thrown_in() {
        return None;
    }
    s.bid().map(|(points, trump, declarer)| SidiContract {
        points,
        trump,
        declarer,
        factor: s.factor(),
    })
}

fn deal_result(s: &Sidi) -> SidiDealResult {
    let t = s.tally();
    SidiDealResult {
        card_points: t.card_points,
        tricks: t.tricks,
        match_bonus: t.match_bonus,
        weis: t.weis,
        stoeck: t.stoeck,
        made: t.made,
        bonus: t.bonus,
        score: t.score,
        totals: s.totals(),
    }
}

fn tricks_of(s: &Sidi) -> Vec<TrickRecord> {
    TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i))
}

fn game_result(s: &Sidi) -> GameResult {
    GameResult {
        winner: s.winner(),
        totals: s.totals().to_vec(),
        schneider: s.double_game(),
        bergpreis: None,
        games_won: match s.winner() {
            Some(_) if s.double_game() => 2,
            Some(_) => 1,
            None => 0,
        },
        stopped: false,
    }
}

fn finish_deal(s: &Sidi, number: u32, actions: Vec<SidiEntry>) -> SidiDealRecord {
    SidiDealRecord {
        number,
        dealer: s.dealer(),
        hands: s.dealt_hands(),
        actions,
        contract: contract_of(s),
        weis_team: s.weis_team(),
        tricks: tricks_of(s),
        result: deal_result(s),
    }
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: SidiOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Sidi>>],
) -> Result<SidiRecord, String> {
    play_recorded_from(
        options,
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
    options: SidiOptions,
    seed: Option<u64>,
    players: &mut [Box<dyn Player<Sidi>>],
    next_deal: &mut dyn FnMut(&Sidi) -> Option<[CardSet; 4]>,
    watch: &mut dyn FnMut(&Sidi),
) -> Result<SidiRecord, String> {
    need_four("Sidi Barrani", players.len())?;
    let mut state = Sidi::new(options)?;
    let played = play_deals(
        &mut state,
        players,
        watch,
        |state| {
            // Thrown-in deals could go on forever: give up after 10000.
            if state.deals_started() >= 10_000 {
                return Err("no result after 10000 deals".into());
            }
            let Some(hands) = next_deal(state) else {
                return Ok(None);
            };
            state.deal(hands).map_err(|e| e.to_string())?;
            Ok(Some(()))
        },
        |state, _| {
            state
                .stoeck_just_announced()
                .then(|| state.stoeck_holder().expect("a holder"))
        },
        |state, (), actions| finish_deal(state, state.deals_started(), actions),
    )?;
    Ok(SidiRecord {
        format: FORMAT.to_string(),
        version: VERSION,
        options,
        seats: seat_records(players),
        seed,
        deals: played.deals,
        result: GameResult {
            stopped: played.stopped,
            ..game_result(&state)
        },
    })
}

/// Re-plays a record through the engine and reports the first illegal action or wrong figure.
pub fn check_record(rec: &SidiRecord) -> Result<(), CheckError> {
    let at = CheckError::in_deal;
    let top = CheckError::whole;
    check_format(&rec.format, rec.version)?;
    if rec.seats.len() != 4 {
        return Err(top(format!(
            "Sidi Barrani has 4 seats, the record lists {}",
            rec.seats.len()
        )));
    }
    let mut s = Sidi::new(rec.options).map_err(|e| top(format!("options: {e}")))?;
    for (di, d) in rec.deals.iter().enumerate() {
        check_deal_start(&s, di, d.number)?;
        if d.dealer != s.next_dealer() {
            return Err(at(
                di,
                None,
                format!(
                    "dealer is seat {}, but by the rotation seat {} deals",
                    d.dealer,
                    s.next_dealer()
                ),
            ));
        }
        s.deal(d.hands)
            .map_err(|e| at(di, None, format!("hands: {e}")))?;
        let mut pending_stoeck: Option<(u8, usize)> = None;
        for (ei, e) in d.actions.iter().enumerate() {
            if e.action == (SidiRecorded::Stoeck {}) {
                match pending_stoeck.take() {
                    Some((seat, _)) if seat == e.seat => continue,
                    Some((seat, _)) => return Err(at(di, Some(ei + 1), format!("Stöck counted for seat {}, but seat {seat} holds it", e.seat))),
                    None => return Err(at(di, Some(ei + 1), format!("Stöck for seat {}, but the King and Ober of trumps have not both just been seen", e.seat))),
                }
            }
            if let Some((seat, after)) = pending_stoeck {
                return Err(at(
                    di,
                    Some(after + 1),
                    format!("seat {seat}'s Stöck counts here; the record lacks its Stöck entry"),
                ));
            }
            let action = match e.action {
                SidiRecorded::Pass {} => SidiAction::Pass,
                SidiRecorded::Bid { points, trump } => SidiAction::Bid { points, trump },
                SidiRecorded::Double {} => SidiAction::Double,
                SidiRecorded::Redouble {} => SidiAction::Redouble,
                SidiRecorded::Weis { weis } => SidiAction::Weis { weis },
                SidiRecorded::Play { card } => SidiAction::Play { card },
                SidiRecorded::Stoeck {} => unreachable!("handled above"),
            };
            apply_entry(&mut s, di, ei, e.seat as usize, action)?;
            if s.stoeck_just_announced() {
                pending_stoeck = Some((s.stoeck_holder().expect("holder"), ei));
            }
        }
        if let Some((seat, after)) = pending_stoeck {
            return Err(at(
                di,
                Some(after + 1),
                format!("seat {seat}'s Stöck counts here; the record lacks its Stöck entry"),
            ));
        }
        if let ToMove::Seat(p) = s.to_move() {
            return Err(at(
                di,
                None,
                format!("the deal stops while seat {p} is still to act"),
            ));
        }
        if d.contract != contract_of(&s) {
            return Err(at(
                di,
                None,
                format!(
                    "contract is recorded as {:?}, the actions give {:?}",
                    d.contract,
                    contract_of(&s)
                ),
            ));
        }
        agree("weis_team", &d.weis_team, &s.weis_team()).map_err(|m| at(di, None, m))?;
        compare_tricks(&d.tricks, &tricks_of(&s)).map_err(|m| at(di, None, m))?;
        let result = deal_result(&s);
        agree("result", &d.result, &result).map_err(|m| at(di, None, m))?;
    }
    check_end(
        s.to_move() == ToMove::Over,
        s.to_move() == ToMove::Deal,
        rec.result.stopped,
        rec.deals.len(),
        || {
            format!(
                "the record ends after {} deal(s) but the game is not over (totals {:?}, target {})",
                rec.deals.len(),
                s.totals(),
                rec.options.target
            )
        },
    )?;
    let result = GameResult {
        stopped: rec.result.stopped,
        ..game_result(&s)
    };
    agree("game result", &rec.result, &result).map_err(CheckError::whole)?;
    Ok(())
}

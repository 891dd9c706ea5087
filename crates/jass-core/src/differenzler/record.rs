//! Differenzler game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md`.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::SeededDealer;
use crate::game::{Game, Player, ToMove};
use crate::mode::Mode;
use crate::record::{
    agree, apply_entry, check_deal_start, check_dealer, check_format, compare_tricks, need_four,
    play_deals, seat_records, CheckError, DealEntry, SeatRecord, FORMAT, VERSION,
};
use crate::schieber::TrickRecord;
use crate::weis::Declaration;

use super::options::{DifferenzlerOptions, TrumpRule};
use super::state::{Differenzler, DifferenzlerDeal};
use super::DifferenzlerAction;

/// One entry of a deal's action list (`{"seat":1,"action":"announce","points":42}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DifferenzlerEntry {
    /// Who acted.
    pub seat: u8,
    /// What was done.
    #[serde(flatten)]
    pub action: DifferenzlerRecorded,
    /// Why the action is not the player's own: a bot program's answer that was refused and
    /// replaced by its fallback (the rule player). Absent for the player's own actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

/// What a seat did: a decision, or Stöck counted by the engine when its holder played the second
/// card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum DifferenzlerRecorded {
    /// Named the trump (`trump = chosen`).
    Trump {
        /// The trump mode.
        trump: Mode,
    },
    /// Announced.
    Announce {
        /// The announced points.
        points: u32,
    },
    /// Declared Weis (an empty list: declined).
    Weis {
        /// The combinations.
        weis: Declaration,
    },
    /// Stöck counted.
    Stoeck {},
    /// Played a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl From<DifferenzlerAction> for DifferenzlerRecorded {
    fn from(a: DifferenzlerAction) -> Self {
        match a {
            DifferenzlerAction::Trump { trump } => DifferenzlerRecorded::Trump { trump },
            DifferenzlerAction::Announce { points } => DifferenzlerRecorded::Announce { points },
            DifferenzlerAction::Weis { weis } => DifferenzlerRecorded::Weis { weis },
            DifferenzlerAction::Play { card } => DifferenzlerRecorded::Play { card },
        }
    }
}

impl DealEntry<DifferenzlerAction> for DifferenzlerEntry {
    type Recorded = DifferenzlerRecorded;
    const STOECK: DifferenzlerRecorded = DifferenzlerRecorded::Stoeck {};
    fn new(seat: u8, action: DifferenzlerRecorded, fallback: Option<String>) -> Self {
        DifferenzlerEntry {
            seat,
            action,
            fallback,
        }
    }
}

/// The figures of one deal, per seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerDealResult {
    /// Card points taken (with the last-trick bonus); they add up to 157.
    pub card_points: [u32; 4],
    /// Tricks taken.
    pub tricks: [u8; 4],
    /// Weis scored.
    pub weis: [u32; 4],
    /// Stöck scored.
    pub stoeck: [u32; 4],
    /// Card points + Weis + Stöck.
    pub taken: [u32; 4],
    /// |announced − taken|.
    pub difference: [u32; 4],
    /// The penalty of the deal (difference, plus `miss_penalty` on a miss, less `exact_bonus` on
    /// an exact hit).
    pub penalty: [i32; 4],
    /// Total penalties after this deal.
    pub totals: [i32; 4],
}

/// One deal of a Differenzler record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerDealRecord {
    /// 1-based number.
    pub number: u32,
    /// Who dealt.
    pub dealer: u8,
    /// Forehand: names the trump if chosen, announces first, leads.
    pub forehand: u8,
    /// The cards dealt.
    pub hands: [CardSet; 4],
    /// The turned card (`trump = turned`), in the dealer's hand.
    pub trump_card: Option<Card>,
    /// The trump mode of the deal.
    pub trump: Mode,
    /// Every action in order.
    pub actions: Vec<DifferenzlerEntry>,
    /// Each seat's announcement.
    pub announcements: [u32; 4],
    /// The seat whose Weis counted.
    pub weis_seat: Option<u8>,
    /// The completed tricks.
    pub tricks: Vec<TrickRecord>,
    /// The figures.
    pub result: DifferenzlerDealResult,
}

/// How a Differenzler game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerGameResult {
    /// The seats with the lowest total penalty (more than one: a shared win).
    pub winners: Vec<u8>,
    /// Total penalties per seat.
    pub totals: [i32; 4],
}

/// A whole Differenzler game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerRecord {
    /// Always `jass-record`.
    pub format: String,
    /// Format version (1).
    pub version: u32,
    /// Every option, explicitly.
    pub options: DifferenzlerOptions,
    /// Who sat where.
    pub seats: Vec<SeatRecord>,
    /// The seed of the deals, if drawn from one.
    pub seed: Option<u64>,
    /// The deals.
    pub deals: Vec<DifferenzlerDealRecord>,
    /// The winners and totals.
    pub result: DifferenzlerGameResult,
}

fn deal_result(s: &Differenzler) -> DifferenzlerDealResult {
    let t = s.tally();
    DifferenzlerDealResult {
        card_points: t.card_points,
        tricks: t.tricks,
        weis: t.weis,
        stoeck: t.stoeck,
        taken: t.taken,
        difference: t.difference,
        penalty: t.penalty,
        totals: s.totals(),
    }
}

fn tricks_of(s: &Differenzler) -> Vec<TrickRecord> {
    TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i))
}

fn game_result(s: &Differenzler) -> DifferenzlerGameResult {
    DifferenzlerGameResult {
        winners: s.winners(),
        totals: s.totals(),
    }
}

fn finish_deal(s: &Differenzler, actions: Vec<DifferenzlerEntry>) -> DifferenzlerDealRecord {
    DifferenzlerDealRecord {
        number: s.deals_started(),
        dealer: s.dealer(),
        forehand: s.forehand(),
        hands: s.dealt_hands(),
        trump_card: s.trump_card(),
        trump: s.mode().expect("a trump once the deal is played"),
        actions,
        announcements: s.announcements().map(|a| a.expect("every seat announced")),
        weis_seat: s.weis_seat(),
        tricks: tricks_of(s),
        result: deal_result(s),
    }
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: DifferenzlerOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Differenzler>>],
) -> Result<DifferenzlerRecord, String> {
    play_recorded_watched(options, seed, players, &mut |_| {})
}

/// Like [`play_recorded`], calling `watch` with the state before every step (each deal, each
/// action) and once at the end: how a table shows the game as it goes.
pub fn play_recorded_watched(
    options: DifferenzlerOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Differenzler>>],
    watch: &mut dyn FnMut(&Differenzler),
) -> Result<DifferenzlerRecord, String> {
    need_four("Differenzler", players.len())?;
    let mut state = Differenzler::new(options)?;
    let mut dealer = SeededDealer::new(seed);
    let played = play_deals(
        &mut state,
        players,
        watch,
        |state| {
            let d = state.deal_from_pack(&dealer.next_pack());
            state.deal(d).map_err(|e| e.to_string())?;
            Ok(Some(()))
        },
        |state, _| {
            state
                .stoeck_just_announced()
                .then(|| state.stoeck_holder().expect("a holder"))
        },
        |state, (), actions| finish_deal(state, actions),
    )?;
    Ok(DifferenzlerRecord {
        format: FORMAT.to_string(),
        version: VERSION,
        options,
        seats: seat_records(players),
        seed: Some(seed),
        deals: played.deals,
        result: game_result(&state),
    })
}

/// Re-plays a record through the engine and reports the first illegal action or wrong figure.
pub fn check_record(rec: &DifferenzlerRecord) -> Result<(), CheckError> {
    let at = CheckError::in_deal;
    let top = CheckError::whole;
    check_format(&rec.format, rec.version)?;
    if rec.seats.len() != 4 {
        return Err(top(format!(
            "Differenzler has 4 seats, the record lists {}",
            rec.seats.len()
        )));
    }
    let mut s = Differenzler::new(rec.options).map_err(|e| top(format!("options: {e}")))?;
    for (di, d) in rec.deals.iter().enumerate() {
        check_deal_start(&s, di, d.number)?;
        let dealer = s.next_dealer();
        check_dealer(di, (d.dealer, d.forehand), (dealer, (dealer + 1) % 4))?;
        let trump = match rec.options.trump {
            TrumpRule::Random => Some(d.trump),
            _ => None,
        };
        s.deal(DifferenzlerDeal {
            hands: d.hands,
            trump_card: d.trump_card,
            trump,
        })
        .map_err(|e| at(di, None, format!("deal: {e}")))?;
        let mut pending_stoeck: Option<(u8, usize)> = None;
        for (ei, e) in d.actions.iter().enumerate() {
            if e.action == (DifferenzlerRecorded::Stoeck {}) {
                match pending_stoeck.take() {
                    Some((seat, _)) if seat == e.seat => continue,
                    Some((seat, _)) => {
                        return Err(at(
                            di,
                            Some(ei + 1),
                            format!(
                                "Stöck counted for seat {}, but seat {seat} holds it",
                                e.seat
                            ),
                        ))
                    }
                    None => {
                        return Err(at(
                            di,
                            Some(ei + 1),
                            format!(
                            "Stöck for seat {}, but its holder has not just played the second card",
                            e.seat
                        ),
                        ))
                    }
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
                DifferenzlerRecorded::Trump { trump } => DifferenzlerAction::Trump { trump },
                DifferenzlerRecorded::Announce { points } => {
                    DifferenzlerAction::Announce { points }
                }
                DifferenzlerRecorded::Weis { weis } => DifferenzlerAction::Weis { weis },
                DifferenzlerRecorded::Play { card } => DifferenzlerAction::Play { card },
                DifferenzlerRecorded::Stoeck {} => unreachable!("handled above"),
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
        if Some(d.trump) != s.mode() {
            return Err(at(
                di,
                None,
                format!(
                    "trump is recorded as {}, the deal gives {:?}",
                    d.trump,
                    s.mode()
                ),
            ));
        }
        let ann = s.announcements().map(|a| a.unwrap_or(u32::MAX));
        if d.announcements != ann {
            return Err(at(
                di,
                None,
                format!(
                    "announcements are recorded as {:?}, the actions give {:?}",
                    d.announcements, ann
                ),
            ));
        }
        if d.weis_seat != s.weis_seat() {
            return Err(at(
                di,
                None,
                format!(
                    "weis_seat is {:?}, the engine finds {:?}",
                    d.weis_seat,
                    s.weis_seat()
                ),
            ));
        }
        compare_tricks(&d.tricks, &tricks_of(&s)).map_err(|m| at(di, None, m))?;
        let result = deal_result(&s);
        agree("result", &d.result, &result).map_err(|m| at(di, None, m))?;
    }
    if s.to_move() != ToMove::Over {
        return Err(top(format!(
            "the record ends after {} deal(s) but the game has {} (totals {:?})",
            rec.deals.len(),
            rec.options.deals,
            s.totals()
        )));
    }
    let result = game_result(&s);
    agree("game result", &rec.result, &result).map_err(CheckError::whole)?;
    Ok(())
}

//! Schieber game records: play a game into a record, and re-play a record through the engine to
//! find the first illegal action or wrong score. The format is documented in `docs/records.md`.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{Game, Player, ToMove};
use crate::record::{
    agree, apply_entry, check_deal_start, check_dealer, check_end, check_format, compare_tricks,
    need_four, play_deals, seat_records, CheckError, DealEntry, GameResult, SeatRecord,
    TrickRecord, FORMAT, VERSION,
};
use crate::weis::Declaration;

use super::options::SchieberOptions;
use super::state::Schieber;
use super::{Contract, SchieberAction};

/// One entry of a deal's action list: a player's decision, or the Stöck announcement that the
/// engine makes for the holder when the second card is played. (No `deny_unknown_fields` here:
/// serde cannot combine it with `flatten`.)
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
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum RecordedAction {
    /// Shoved the choice to the partner.
    Schieben {},
    /// Chose the contract.
    Contract {
        /// The contract.
        contract: Contract,
    },
    /// Declared Weis (an empty list: declined).
    Weis {
        /// The combinations.
        weis: Declaration,
    },
    /// Stöck (King and Ober of trumps) scored: on the second of the two cards, or claimed with
    /// the game. Made by the engine right after the action that scored it.
    Stoeck {},
    /// Played a card.
    Play {
        /// The card.
        card: Card,
    },
}

impl From<SchieberAction> for RecordedAction {
    fn from(a: SchieberAction) -> Self {
        match a {
            SchieberAction::Schieben => RecordedAction::Schieben {},
            SchieberAction::Contract { contract } => RecordedAction::Contract { contract },
            SchieberAction::Weis { weis } => RecordedAction::Weis { weis },
            SchieberAction::Play { card } => RecordedAction::Play { card },
        }
    }
}

impl DealEntry<SchieberAction> for ActionEntry {
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

/// The outcome of one deal. `card_points`, `match_bonus`, `weis` and `stoeck` are unmultiplied;
/// `score` is what each team was credited, multiplied; `totals` are the running totals after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealResult {
    /// Card points each team took in tricks (with the last-trick bonus), unmultiplied.
    pub card_points: [u32; 2],
    /// Tricks each team took.
    pub tricks: [u8; 2],
    /// The team that took every trick, if one did.
    #[serde(rename = "match")]
    pub match_team: Option<u8>,
    /// Match bonus credited to each team (100; 157 for a counter-match), unmultiplied.
    pub match_bonus: [u32; 2],
    /// Weis scored by each team, unmultiplied.
    pub weis: [u32; 2],
    /// Stöck scored by each team, unmultiplied.
    pub stoeck: [u32; 2],
    /// The contract's multiplier.
    pub multiplier: u32,
    /// What each team was credited in this deal, multiplied.
    pub score: [u32; 2],
    /// Running totals after this deal.
    pub totals: [u32; 2],
    /// False if the game ended in this deal before its last card.
    pub complete: bool,
}

/// One deal of a Schieber record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberDealRecord {
    /// 1-based number of the deal in the game.
    pub number: u32,
    /// Who dealt.
    pub dealer: u8,
    /// Who was forehand (chose or shoved first, led the first trick).
    pub forehand: u8,
    /// The cards dealt to each seat.
    pub hands: [CardSet; 4],
    /// Every action in order with its seat.
    pub actions: Vec<ActionEntry>,
    /// The contract played.
    pub contract: Option<Contract>,
    /// Who chose it.
    pub chooser: Option<u8>,
    /// Forehand shoved.
    pub schoben: bool,
    /// The team whose Weis counted.
    pub weis_team: Option<u8>,
    /// The completed tricks.
    pub tricks: Vec<TrickRecord>,
    /// The scores.
    pub result: DealResult,
}

/// A whole Schieber game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberRecord {
    /// Always `jass-record`.
    pub format: String,
    /// Format version (1).
    pub version: u32,
    /// Every option, explicitly.
    #[serde(deserialize_with = "options_as_played")]
    pub options: SchieberOptions,
    /// Who sat where.
    pub seats: Vec<SeatRecord>,
    /// The seed the deals were drawn from, if they were.
    pub seed: Option<u64>,
    /// The deals.
    pub deals: Vec<SchieberDealRecord>,
    /// How the game ended.
    pub result: GameResult,
}

fn deal_result(s: &Schieber) -> DealResult {
    let t = s.tally();
    DealResult {
        card_points: t.card_points,
        tricks: t.tricks,
        match_team: (0..2u8).find(|&i| t.tricks[i as usize] == 9),
        match_bonus: t.match_bonus,
        weis: t.weis,
        stoeck: t.stoeck,
        multiplier: s.multiplier(),
        score: t.score,
        totals: s.totals(),
        complete: s.tricks_done() == 9,
    }
}

fn tricks_of(s: &Schieber) -> Vec<TrickRecord> {
    TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i))
}

/// The game result of `s` as it stands (a record's `result`).
pub fn game_result(s: &Schieber) -> GameResult {
    GameResult {
        winner: s.winner(),
        totals: s.totals().to_vec(),
        schneider: s.schneider(),
        bergpreis: s.bergpreis(),
        games_won: match s.winner() {
            Some(_) if s.schneider() => 2,
            Some(_) => 1,
            None => 0,
        },
        stopped: false,
    }
}

/// The record of the deal `s` has just played (or is playing): deal `number`, dealt by `dealer`.
pub fn finish_deal(
    s: &Schieber,
    number: u32,
    dealer: u8,
    actions: Vec<ActionEntry>,
) -> SchieberDealRecord {
    let contract = s.contract();
    SchieberDealRecord {
        number,
        dealer,
        forehand: s.forehand(),
        hands: s.dealt_hands(),
        actions,
        contract: contract.map(|(c, _)| c),
        chooser: contract.map(|(_, p)| p),
        schoben: s.schoben(),
        weis_team: s.weis_team(),
        tricks: tricks_of(s),
        result: deal_result(s),
    }
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`, and returns
/// its record.
pub fn play_recorded(
    options: SchieberOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Schieber>>],
) -> Result<SchieberRecord, String> {
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
    options: SchieberOptions,
    seed: Option<u64>,
    players: &mut [Box<dyn Player<Schieber>>],
    next_deal: &mut dyn FnMut(&Schieber) -> Option<[CardSet; 4]>,
    watch: &mut dyn FnMut(&Schieber),
) -> Result<SchieberRecord, String> {
    need_four("Schieber", players.len())?;
    let mut state = Schieber::new(options)?;
    let played = play_deals(
        &mut state,
        players,
        watch,
        // The dealer is remembered once the cards are dealt: the first deal may name it then.
        |state| {
            let Some(hands) = next_deal(state) else {
                return Ok(None);
            };
            state.deal(hands).map_err(|e| e.to_string())?;
            Ok(Some(state.dealer()))
        },
        |state, _| {
            state
                .stoeck_just_announced()
                .then(|| state.stoeck_holder().expect("Stöck has a holder"))
        },
        |state, dealer, actions| finish_deal(state, state.deals_started(), dealer, actions),
    )?;
    Ok(SchieberRecord {
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

/// The options of a record: records written before `claim_counts_all` were played without it.
fn options_as_played<'de, D: serde::Deserializer<'de>>(d: D) -> Result<SchieberOptions, D::Error> {
    crate::record::options_as_played(d, &[("claim_counts_all", false)])
}

/// Re-plays a record through the engine and reports the first illegal action or wrong figure.
pub fn check_record(rec: &SchieberRecord) -> Result<(), CheckError> {
    let at = CheckError::in_deal;
    check_format(&rec.format, rec.version)?;
    if rec.seats.len() != 4 {
        return Err(CheckError {
            deal: None,
            entry: None,
            message: format!("Schieber has 4 seats, the record lists {}", rec.seats.len()),
        });
    }
    let mut s = Schieber::new(rec.options).map_err(|e| CheckError {
        deal: None,
        entry: None,
        message: format!("options: {e}"),
    })?;
    for (di, d) in rec.deals.iter().enumerate() {
        check_deal_start(&s, di, d.number)?;
        s.deal(d.hands)
            .map_err(|e| at(di, None, format!("hands: {e}")))?;
        check_dealer(di, (d.dealer, d.forehand), (s.dealer(), s.forehand()))?;
        let mut pending_stoeck: Option<(u8, usize)> = None;
        for (ei, e) in d.actions.iter().enumerate() {
            if e.action == (RecordedAction::Stoeck {}) {
                match pending_stoeck.take() {
                    Some((seat, _)) if seat == e.seat => continue,
                    Some((seat, _)) => return Err(at(di, Some(ei + 1), format!("Stöck announced by seat {}, but seat {seat} holds it", e.seat))),
                    None => return Err(at(di, Some(ei + 1), format!("seat {} announces Stöck, but Stöck was not scored by the action before", e.seat))),
                }
            }
            if let Some((seat, after)) = pending_stoeck {
                return Err(at(di, Some(after + 1), format!("Stöck of seat {seat} is scored by this action; the record lacks its `stoeck` entry")));
            }
            let action = match e.action {
                RecordedAction::Schieben {} => SchieberAction::Schieben,
                RecordedAction::Contract { contract } => SchieberAction::Contract { contract },
                RecordedAction::Weis { weis } => SchieberAction::Weis { weis },
                RecordedAction::Play { card } => SchieberAction::Play { card },
                RecordedAction::Stoeck {} => unreachable!("handled above"),
            };
            apply_entry(&mut s, di, ei, e.seat as usize, action)?;
            if s.stoeck_just_announced() {
                pending_stoeck = Some((s.stoeck_holder().expect("Stöck has a holder"), ei));
            }
        }
        if let Some((seat, after)) = pending_stoeck {
            return Err(at(di, Some(after + 1), format!("Stöck of seat {seat} is scored by this action; the record lacks its `stoeck` entry")));
        }
        if let ToMove::Seat(p) = s.to_move() {
            return Err(at(
                di,
                None,
                format!("the deal stops while seat {p} is still to act and the game is not over"),
            ));
        }
        let contract = s.contract();
        if d.contract != contract.map(|(c, _)| c)
            || d.chooser != contract.map(|(_, p)| p)
            || d.schoben != s.schoben()
        {
            return Err(at(di, None, format!(
                "contract says {:?} by {:?} (schoben {}), the actions give {:?} by {:?} (schoben {})",
                d.contract, d.chooser, d.schoben, contract.map(|c| c.0), contract.map(|c| c.1), s.schoben()
            )));
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

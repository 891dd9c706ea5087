//! Coiffeur records: Schieber's deal entries, plus each deal's list entry and the final lists.

use serde::{Deserialize, Serialize};

use crate::cardset::CardSet;
use crate::deal::SeededDealer;
use crate::game::{Game, Player, ToMove};
use crate::record::{
    agree, agree_fields, apply_entry, check_deal_start, check_dealer, check_format, need_four,
    play_deals, seat_records, CheckError, GameResult, SeatRecord, FORMAT, VERSION,
};
use crate::schieber::{ActionEntry, Contract, RecordedAction, SchieberAction, TrickRecord};

use super::{Coiffeur, CoiffeurOptions};

/// The outcome of one deal. Everything is unmultiplied except `written`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurDealResult {
    /// Card points each team took in tricks (with the last-trick bonus).
    pub card_points: [u32; 2],
    /// Tricks per team.
    pub tricks: [u8; 2],
    /// Match bonus credited to each team.
    pub match_bonus: [u32; 2],
    /// Weis per team.
    pub weis: [u32; 2],
    /// Stöck per team.
    pub stoeck: [u32; 2],
    /// Each team's points of the deal (Misère: the trick points swapped), unmultiplied.
    pub points: [u32; 2],
    /// The contract's multiplier.
    pub multiplier: u32,
    /// The team that chose the contract.
    pub team: u8,
    /// What that team writes in the contract's row: its points times the multiplier.
    pub written: u32,
    /// The sum of each team's list after this deal.
    pub totals: [u32; 2],
}

/// One deal of a Coiffeur record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurDealRecord {
    /// 1-based number.
    pub number: u32,
    /// Who dealt.
    pub dealer: u8,
    /// Forehand.
    pub forehand: u8,
    /// The cards dealt.
    pub hands: [CardSet; 4],
    /// Every action in order (Schieber's entries).
    pub actions: Vec<ActionEntry>,
    /// The contract played.
    pub contract: Contract,
    /// Who chose it.
    pub chooser: u8,
    /// Forehand shoved.
    pub schoben: bool,
    /// The team whose Weis counted.
    pub weis_team: Option<u8>,
    /// The tricks.
    pub tricks: Vec<TrickRecord>,
    /// The scores.
    pub result: CoiffeurDealResult,
}

/// A whole Coiffeur game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurRecord {
    /// Always `jass-record`.
    pub format: String,
    /// Format version (1).
    pub version: u32,
    /// Every option.
    pub options: CoiffeurOptions,
    /// Who sat where.
    pub seats: Vec<SeatRecord>,
    /// The seed of the deals.
    pub seed: Option<u64>,
    /// The deals.
    pub deals: Vec<CoiffeurDealRecord>,
    /// How the game ended (`winner` null on a tie).
    pub result: GameResult,
}

fn deal_record(
    c: &Coiffeur,
    number: u32,
    dealer: u8,
    actions: Vec<ActionEntry>,
) -> CoiffeurDealRecord {
    let s = c.schieber();
    let t = s.tally();
    let (contract, chooser) = s.contract().expect("a contract");
    let (team, _, written) = c.last_written().expect("a written entry");
    CoiffeurDealRecord {
        number,
        dealer,
        forehand: s.forehand(),
        hands: s.dealt_hands(),
        actions,
        contract,
        chooser,
        schoben: s.schoben(),
        weis_team: s.weis_team(),
        tricks: TrickRecord::first(s.tricks_done(), |i| s.completed_trick(i)),
        result: CoiffeurDealResult {
            card_points: t.card_points,
            tricks: t.tricks,
            match_bonus: t.match_bonus,
            weis: t.weis,
            stoeck: t.stoeck,
            points: t.score,
            multiplier: c.options().multipliers.of(contract),
            team,
            written,
            totals: c.totals(),
        },
    }
}

fn game_result(c: &Coiffeur) -> GameResult {
    GameResult {
        winner: c.winner(),
        totals: c.totals().to_vec(),
        schneider: false,
        bergpreis: None,
        games_won: c.winner().is_some() as u32,
        stopped: false,
    }
}

/// Plays a whole game with these players, the deals drawn from `seed`.
pub fn play_recorded(
    options: CoiffeurOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Coiffeur>>],
) -> Result<CoiffeurRecord, String> {
    play_recorded_watched(options, seed, players, &mut |_| {})
}

/// Like [`play_recorded`], calling `watch` with the state before every step (each deal, each
/// action) and once at the end: how a table shows the game as it goes.
pub fn play_recorded_watched(
    options: CoiffeurOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Coiffeur>>],
    watch: &mut dyn FnMut(&Coiffeur),
) -> Result<CoiffeurRecord, String> {
    need_four("Coiffeur", players.len())?;
    let mut state = Coiffeur::new(options)?;
    let mut dealer = SeededDealer::new(seed);
    let played = play_deals(
        &mut state,
        players,
        watch,
        // The dealer is remembered once the cards are dealt: the first deal names the seat
        // before the holder of `first_forehand`'s card only then.
        |state| {
            let hands = state.deal_from_pack(&dealer.next_pack());
            state.deal(hands).map_err(|e| e.to_string())?;
            Ok(Some(state.schieber().dealer()))
        },
        // Stöck is scored by its holder's own card.
        |state, seat| {
            state
                .schieber()
                .stoeck_just_announced()
                .then_some(seat as u8)
        },
        // Asked when the next deal is due or the game is over: a Coiffeur deal is always played
        // to its last card, so its entry in the lists is written by then.
        |state, deal_dealer, actions| {
            deal_record(
                state,
                state.schieber().deals_started(),
                deal_dealer,
                actions,
            )
        },
    )?;
    Ok(CoiffeurRecord {
        format: FORMAT.to_string(),
        version: VERSION,
        options,
        seats: seat_records(players),
        seed: Some(seed),
        deals: played.deals,
        result: game_result(&state),
    })
}

/// Re-plays a record and reports the first illegal action or wrong figure.
pub fn check_record(rec: &CoiffeurRecord) -> Result<(), CheckError> {
    let at = CheckError::in_deal;
    let top = CheckError::whole;
    check_format(&rec.format, rec.version)?;
    if rec.seats.len() != 4 {
        return Err(top(format!(
            "Coiffeur has 4 seats, the record lists {}",
            rec.seats.len()
        )));
    }
    let mut s = Coiffeur::new(rec.options).map_err(|e| top(format!("options: {e}")))?;
    for (di, d) in rec.deals.iter().enumerate() {
        check_deal_start(&s, di, d.number)?;
        s.deal(d.hands)
            .map_err(|e| at(di, None, format!("hands: {e}")))?;
        let schieber = s.schieber();
        check_dealer(
            di,
            (d.dealer, d.forehand),
            (schieber.dealer(), schieber.forehand()),
        )?;
        let mut stoeck_due: Option<u8> = None;
        for (ei, e) in d.actions.iter().enumerate() {
            if matches!(e.action, RecordedAction::Stoeck {}) {
                if stoeck_due.take() != Some(e.seat) {
                    return Err(at(di, Some(ei + 1), format!("seat {} announces Stöck, but has not just played the second Stöck card", e.seat)));
                }
                continue;
            }
            if let Some(seat) = stoeck_due {
                return Err(at(di, Some(ei), format!("seat {seat} plays the second Stöck card; the record lacks its Stöck announcement")));
            }
            let action = match e.action {
                RecordedAction::Schieben {} => SchieberAction::Schieben,
                RecordedAction::Contract { contract } => SchieberAction::Contract { contract },
                RecordedAction::Weis { weis } => SchieberAction::Weis { weis },
                RecordedAction::Play { card } => SchieberAction::Play { card },
                RecordedAction::Stoeck {} => unreachable!("handled above"),
            };
            apply_entry(&mut s, di, ei, e.seat as usize, action)?;
            if s.schieber().stoeck_just_announced() {
                stoeck_due = Some(e.seat);
            }
        }
        if stoeck_due.is_some() {
            return Err(at(
                di,
                None,
                "the record lacks a Stöck announcement at the end".into(),
            ));
        }
        if s.schieber().phase() != crate::schieber::Phase::Deal {
            return Err(at(di, None, "the deal stops before its last card".into()));
        }
        let want = deal_record(&s, d.number, d.dealer, d.actions.clone());
        agree_fields("deal", d, &want).map_err(|m| at(di, None, m))?;
    }
    if s.to_move() != ToMove::Over {
        return Err(top(format!(
            "the record ends after {} deal(s) but the lists are not full",
            rec.deals.len()
        )));
    }
    agree("game result", &rec.result, &game_result(&s)).map_err(top)?;
    Ok(())
}

//! Handjass game records: play a game into a record, and re-play a record through the engine to
//! find the first illegal action or wrong figure. Documented in `docs/records.md` and
//! `docs/handjass.md` (section "Record").

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Player;
use crate::mode::Mode;
use crate::record::{
    agree_fields, check, play_game, CheckError, DealRecord, GameRecord, NoFields, RecordedGame,
};

use super::melds::Melds;
use super::options::HandjassOptions;
use super::state::{Handjass, HandjassDeal, Layout, TieDraw, MAX_SEATS};
use super::HandjassAction;

/// One entry of a deal's action list: a player's decision, or the Stöck announcement the engine
/// makes for the holder when the second card is played.
pub type ActionEntry = crate::record::ActionEntry<RecordedAction>;

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
    /// With `lone_player` `redeal`: the deal was void (the survivor scored nothing) and the next
    /// dealer dealt. Written only when true.
    #[serde(default, skip_serializing_if = "crate::record::is_false")]
    pub redealt: bool,
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

/// A Handjass deal's start: who was Vorhand, who was at the table, how the cards were laid out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandjassStart {
    /// Vorhand.
    pub vorhand: u8,
    /// Seats at the table (still in the game), from Vorhand.
    pub active: Vec<u8>,
    /// How the deal is laid out.
    pub layout: Layout,
}

/// A Handjass deal's cards beside the hands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandjassCards {
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
}

/// One deal of a Handjass record (`hands`: each seat's hand as dealt, `null` for seats not at
/// the table).
pub type HandjassDealRecord = DealRecord<Handjass>;

impl DealRecord<Handjass> {
    /// The cards of this deal as the engine deals them (hands, blind, stock, Bessern packets,
    /// the turned card and the tie seed); missing hands and packets are empty.
    pub fn engine_deal(&self) -> HandjassDeal {
        let c = &self.cards;
        let mut deal = HandjassDeal {
            hands: [CardSet::EMPTY; MAX_SEATS],
            blind: c.blind.unwrap_or_default(),
            stock: c.stock.unwrap_or_default(),
            bessern: [CardSet::EMPTY; MAX_SEATS],
            trump_card: c.trump_card,
            tie_seed: c.tie_seed,
        };
        for (i, h) in self.hands.iter().enumerate().take(MAX_SEATS) {
            deal.hands[i] = h.unwrap_or_default();
        }
        if let Some(b) = &c.bessern {
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

/// A whole Handjass game (one seat per player, 2 to 5).
pub type HandjassRecord = GameRecord<Handjass>;

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
        redealt: o.redealt,
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

/// The record of the deal `s` has just played: deal `number`, with the dealer and start (Vorhand,
/// table, layout) it started with. (The cards and layout stay as dealt until the next deal.)
fn finish_deal(
    s: &Handjass,
    number: u32,
    dealer: u8,
    start: HandjassStart,
    actions: Vec<ActionEntry>,
) -> HandjassDealRecord {
    let d = s.dealt();
    let n = s.players();
    let layout = start.layout;
    let vorhand = start.vorhand;
    DealRecord {
        number,
        dealer,
        hands: (0..n)
            .map(|i| start.active.contains(&(i as u8)).then_some(d.hands[i]))
            .collect(),
        start,
        cards: HandjassCards {
            blind: layout.has_blind().then_some(d.blind),
            stock: (!d.stock.is_empty()).then_some(d.stock),
            bessern: layout.bessern().then(|| {
                (0..n)
                    .map(|i| (!d.bessern[i].is_empty()).then_some(d.bessern[i]))
                    .collect()
            }),
            trump_card: d.trump_card,
            trump: Mode::Trump(d.trump_card.suit()),
            tie_seed: d.tie_seed,
        },
        actions,
        settled: NoFields {},
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
    let mut deal = |state: &Handjass| {
        if state.deals_started() >= MAX_DEALS {
            return Err(format!(
                "the game did not end within {MAX_DEALS} deals: under these options the players rarely reach the target (threshold {}, target {}; the sources' thresholds are 21 to 31)",
                opts.threshold, opts.target
            ));
        }
        Ok(next_deal(state))
    };
    play_game(opts, seed, players, &mut deal, watch)
}

impl RecordedGame for Handjass {
    const NAME: &'static str = "handjass";
    const TITLE: &'static str = "Handjass";
    // Records written before these options were played without them.
    const OPTIONS_ADDED_LATER: &'static [(&'static str, bool)] = &[
        ("stroke_above_threshold", false),
        ("marriage_in_sequence", false),
    ];
    type Options = HandjassOptions;
    type Recorded = RecordedAction;
    const STOECK: Option<RecordedAction> = Some(RecordedAction::Stoeck {});
    type DealStart = HandjassStart;
    type Hands = Vec<Option<CardSet>>;
    type DealCards = HandjassCards;
    type Settled = NoFields;
    type DealResult = DealResult;
    type GameResult = HandjassGameResult;
    /// The dealer, Vorhand and table of the coming deal: read before its cards.
    type Opening = (u8, u8, Vec<u8>);

    fn new_game(options: HandjassOptions) -> Result<Self, String> {
        Handjass::new(options)
    }
    fn action_of(recorded: RecordedAction) -> Option<HandjassAction> {
        recorded.action()
    }
    fn opening(&self) -> (u8, u8, Vec<u8>) {
        (self.dealer(), self.vorhand(), self.table_seats_coming())
    }
    fn deal_start(&self, (dealer, vorhand, active): (u8, u8, Vec<u8>)) -> (u8, HandjassStart) {
        let layout = self.layout();
        (
            dealer,
            HandjassStart {
                vorhand,
                active,
                layout,
            },
        )
    }
    // Stöck is scored by its holder's own card.
    fn stoeck_scored(&self, seat: usize) -> Option<u8> {
        self.stoeck_just_announced().then_some(seat as u8)
    }
    fn recorded_deal(&self, deal: &HandjassDealRecord) -> Result<HandjassDeal, String> {
        let n = self.players();
        if deal.hands.len() != n {
            return Err(format!(
                "{} hands are listed; the game has {n} seats",
                deal.hands.len()
            ));
        }
        let c = &deal.cards;
        if c.trump != Mode::Trump(c.trump_card.suit()) {
            return Err(format!(
                "trump is recorded as {}, but the turned card is {}",
                c.trump, c.trump_card
            ));
        }
        Ok(deal.engine_deal())
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: HandjassStart,
        actions: Vec<ActionEntry>,
    ) -> HandjassDealRecord {
        finish_deal(self, number, dealer, start, actions)
    }
    fn game_result(&self, stopped: bool) -> HandjassGameResult {
        HandjassGameResult {
            stopped,
            ..game_result(self)
        }
    }
    fn stopped(result: &HandjassGameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but the game is not over (slate {:?})",
            self.slate()
        )
    }
    fn check_start(
        deal: usize,
        recorded: &HandjassDealRecord,
        dealer: u8,
        start: &HandjassStart,
    ) -> Result<(), CheckError> {
        let at = |m| CheckError::in_deal(deal, None, m);
        if (recorded.dealer, recorded.start.vorhand) != (dealer, start.vorhand) {
            return Err(at(format!(
                "dealer {} and Vorhand {} are recorded, but by the rotation seat {dealer} deals and seat {} is Vorhand",
                recorded.dealer, recorded.start.vorhand, start.vorhand
            )));
        }
        agree_fields("", &recorded.start, start).map_err(at)
    }
    fn check_result(recorded: &HandjassDealRecord, engine: &DealResult) -> Result<(), String> {
        let vorhand = recorded.start.vorhand;
        check_seat_order(&recorded.result, engine, vorhand)?;
        if recorded.result.tie_draws != engine.tie_draws {
            return Err(format!(
                "result.tie_draws is recorded as {:?}, but the pack of tie_seed {} gives {:?}: the tie_seed or the draws are wrong",
                recorded.result.tie_draws, recorded.cards.tie_seed, engine.tie_draws
            ));
        }
        agree_fields("result", &recorded.result, engine)
    }
    // Issue 39: the deal result's seat lists began at the seat after Vorhand.
    fn correct(record: &mut HandjassRecord) {
        let n = record.seats.len() as u8;
        for d in &mut record.deals {
            let vorhand = d.start.vorhand % n.max(1);
            let from_vorhand = |s: &u8| (s + n - vorhand) % n;
            let res = &mut d.result;
            for list in [
                &mut res.playing,
                &mut res.dropped,
                &mut res.bessern,
                &mut res.sacked,
                &mut res.retired,
            ] {
                list.sort_by_key(from_vorhand);
            }
        }
    }
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
    check(rec)
}

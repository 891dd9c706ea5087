//! The Handjass state machine: a whole game, deal after deal, until one loser is left (or, with
//! 004's simple scoring, one winner). Copyable; every decision is an action.

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::deal::{deal_in_packets, shuffled_pack};
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove, Visibility};
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::playing_seats::PlayingSeats;
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick::{legal_cards, trick_winner};
use crate::trick_play::{AnyDealPlay, AnyTrickPlay};
use crate::weis::{stoeck_cards, WeisCall};

use super::melds::{best_melds, has_meld, MeldRules, Melds};
use super::options::{
    HandjassOptions, LonePlayer, SackWindow, Scoring, SixExchange, SmallDeal, StrokeCount, TieRule,
};
use super::HandjassAction;

/// Most seats.
pub const MAX_SEATS: usize = 5;
const _: () = assert!(
    MAX_SEATS <= PlayingSeats::CAPACITY,
    "all seats may play a deal"
);
/// Room for the strokes held in abeyance: one place per group of tied seats (each group of two
/// or more seats: 26 of five), strokes held again for the same group added to its place, so a
/// held stroke always has a place.
const ABEYANCE_SLOTS: usize = (1 << MAX_SEATS) - MAX_SEATS - 1;

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// Bessern: each player may discard three cards for the three dealt face down.
    Bessern,
    /// The six of trumps: every eligible seat is asked in turn from Vorhand; the holder may take
    /// the turned card, everyone may pass (`keep-six`), so the phase does not reveal the holder.
    Six,
    /// Each player stays, drops out, or takes the blind.
    Decide,
    /// Two players left may agree a stroke each.
    Agree,
    /// Card play (with Weis during the first trick).
    Play,
    /// The game is over.
    Over,
}

/// How a deal is laid out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Four or five players: everything dealt, the dealer's last card turned.
    Full,
    /// Three players and a blind whose top card is turned.
    Blind3,
    /// Three players, the dealer's last card turned, three Bessern each.
    Bessern3,
    /// Three players with 12 cards, the dealer's last card turned.
    Twelve3,
    /// Two players, a blind and a stock whose top card is turned.
    Blind2,
    /// Two players, one card turned, three Bessern each, 11 cards out of play.
    Bessern2,
    /// Two players with 12 cards; the other 12 are a stock whose top card is turned.
    Twelve2,
}

impl Layout {
    /// The layout for `m` players at the table.
    pub fn of(m: usize, small: SmallDeal) -> Layout {
        match (m, small) {
            (4 | 5, _) => Layout::Full,
            (3, SmallDeal::Blind) => Layout::Blind3,
            (3, SmallDeal::Bessern) => Layout::Bessern3,
            (3, SmallDeal::Twelve) => Layout::Twelve3,
            (_, SmallDeal::Blind) => Layout::Blind2,
            (_, SmallDeal::Bessern) => Layout::Bessern2,
            (_, SmallDeal::Twelve) => Layout::Twelve2,
        }
    }
    /// Cards in each hand.
    pub fn hand_size(self, m: usize) -> usize {
        match self {
            Layout::Full if m == 5 => 7,
            Layout::Twelve3 | Layout::Twelve2 => 12,
            _ => 9,
        }
    }
    /// True if there is a blind to take.
    pub fn has_blind(self) -> bool {
        matches!(self, Layout::Blind3 | Layout::Blind2)
    }
    /// True if the turned card may be taken for the six of trumps (000: not with four players,
    /// not with Bessern for three; 004: not with five; the 12-card game has no blind).
    pub fn six_exchangeable(self) -> bool {
        matches!(self, Layout::Blind3 | Layout::Blind2 | Layout::Bessern2)
    }
    /// True if Bessern are dealt.
    pub fn bessern(self) -> bool {
        matches!(self, Layout::Bessern3 | Layout::Bessern2)
    }
}

/// The cards of one deal, by seat (empty for seats not at the table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandjassDeal {
    /// Each seat's hand as dealt.
    pub hands: [CardSet; MAX_SEATS],
    /// The blind (spare hand), if any.
    pub blind: CardSet,
    /// The stock or the cards out of play, if any.
    pub stock: CardSet,
    /// Each seat's Bessern packet, if any.
    pub bessern: [CardSet; MAX_SEATS],
    /// The turned card: its suit is trump.
    pub trump_card: Card,
    /// Seed of the card draw that settles a tie for a stroke.
    pub tie_seed: u64,
}

/// Where the turned card lies now, as every player knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "place", rename_all = "kebab-case")]
pub enum TurnedCardPlace {
    /// Face up on top of the blind (three players; the blind was not taken).
    Blind,
    /// Face up on top of the stock (two players with a blind, or with 12 cards): out of play.
    Stock,
    /// Face up on the table, out of play (two players with Bessern).
    Table,
    /// Face up in front of the blind taker until the lead to the first trick, then in that hand
    /// (000).
    BlindTaker {
        /// The blind taker.
        seat: u8,
    },
    /// In a seat's hand: the dealer's (four or five players, 12 cards for three), or the hand of
    /// the seat that gave the six of trumps for it (out of play if that seat dropped out).
    Hand {
        /// The holder.
        seat: u8,
    },
    /// The dealer took it up and then took the Bessern: it is in the hand or among the three
    /// cards discarded face down, which the others cannot tell.
    HandOrDiscards {
        /// The dealer.
        seat: u8,
    },
    /// Discarded face down with the hand of a seat that took the blind after exchanging the six
    /// (`six_exchange = before`): out of play.
    Discarded {
        /// The blind taker.
        seat: u8,
    },
    /// Played to a trick.
    Played,
}

/// One card drawn to settle a tie.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TieDraw {
    /// Who drew.
    pub seat: u8,
    /// The card (the higher rank wins; equal ranks draw again).
    pub card: Card,
}

/// What a deal gave each seat.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DealOutcome {
    /// Points per seat (cards + Weis + Stöck).
    pub totals: [u32; MAX_SEATS],
    /// Strokes per seat (multiplied), after sacks were cancelled.
    pub strokes: [u32; MAX_SEATS],
    /// Potatoes (nulls) per seat (multiplied).
    pub potatoes: [u32; MAX_SEATS],
    /// 002: seats put in the sack.
    pub sacked: u8,
    /// 002: sacks cancelled per seat.
    pub sacks_cancelled: [u32; MAX_SEATS],
    /// 002 (`sack_window = next-hand`): sacks that lapsed uncancelled after this deal, per seat.
    pub sacks_lapsed: [u32; MAX_SEATS],
    /// Stakes paid (negative) or received per seat.
    pub stakes: [i64; MAX_SEATS],
    /// Strokes given from abeyance per seat.
    pub from_abeyance: [u32; MAX_SEATS],
    /// Strokes put into abeyance in this deal.
    pub to_abeyance: u32,
    /// The multiplier of the trump suit.
    pub multiplier: u32,
    /// The single player left after the others dropped out (scored without play).
    pub survivor: Option<u8>,
    /// With `lone_player` `redeal`: the survivor scored nothing, the deal was void and the next
    /// dealer deals.
    pub redealt: bool,
    /// The two players agreed a stroke each.
    pub agreed: bool,
    /// Cards drawn for ties, in order.
    pub draws: [Option<TieDraw>; 16],
    /// Seats that retired after this deal (bit mask).
    pub retired: u8,
}

/// A Handjass game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Handjass {
    opts: HandjassOptions,
    rules: MeldRules,
    n: u8,
    phase: Phase,
    // The slate.
    net: [i32; MAX_SEATS],
    stroke_marks: [u32; MAX_SEATS],
    potato_marks: [u32; MAX_SEATS],
    sacks: [u32; MAX_SEATS],
    stakes: [i64; MAX_SEATS],
    in_game: u8,
    retired_order: [u8; MAX_SEATS],
    n_retired: u8,
    abeyance: [(u8, u32); ABEYANCE_SLOTS],
    loser: Option<u8>,
    winner: Option<u8>,
    // The deal.
    deals_started: u32,
    dealer: u8,
    deal_dealer: u8,
    vorhand: u8,
    table: u8,
    layout: Layout,
    dealt: HandjassDealCopy,
    hands: [CardSet; MAX_SEATS],
    blind: CardSet,
    stock: CardSet,
    dead: CardSet,
    mode: Mode,
    points: PointTable,
    to_act: u8,
    decided: u8,
    playing: u8,
    dropped: u8,
    blind_taker: Option<u8>,
    bessern_taken: u8,
    /// The cards each seat has put out of play itself, face down: its Bessern discards, or the
    /// hand it gave up for the blind (000: the taker "discards his or her cards face down"). The
    /// seat knows them; nobody else does.
    laid_away: [CardSet; MAX_SEATS],
    discards_left: u8,
    six_done: bool,
    six_left: u8,
    six_by: Option<u8>,
    agree_votes: u8,
    agree_asked: u8,
    // Card play.
    /// The deal's card play among the playing seats through the one trick-play core, built when
    /// the play starts (before: no tricks): its places are the playing seats in table order
    /// from the lowest (`places`), so that the place after a place is the next seat to play.
    /// The playing seats' hands are the core's from then on.
    play: AnyDealPlay,
    /// The seats at the places of `play`.
    places: PlayingSeats,
    /// Who leads the trick in progress (after a trick: who leads the next), as a seat.
    leader: u8,
    /// Tricks in a full deal.
    n_tricks: u8,
    weis_pending: bool,
    decls: [Melds; MAX_SEATS],
    declared: u8,
    decl_order: [u8; MAX_SEATS],
    n_decl: u8,
    highest_call: u32,
    weis_winner: Option<u8>,
    weis_points: [u32; MAX_SEATS],
    stoeck_holder: Option<u8>,
    stoeck_points: [u32; MAX_SEATS],
    stoeck_just: bool,
    outcome: DealOutcome,
}

/// The dealt cards kept in the (copyable) state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct HandjassDealCopy {
    hands: [CardSet; MAX_SEATS],
    blind: CardSet,
    stock: CardSet,
    bessern: [CardSet; MAX_SEATS],
    trump_card: Card,
    tie_seed: u64,
}

impl From<&HandjassDeal> for HandjassDealCopy {
    fn from(d: &HandjassDeal) -> Self {
        HandjassDealCopy {
            hands: d.hands,
            blind: d.blind,
            stock: d.stock,
            bessern: d.bessern,
            trump_card: d.trump_card,
            tie_seed: d.tie_seed,
        }
    }
}

fn bit(s: u8) -> u8 {
    1 << s
}

/// The card play of a deal before its play starts: no tricks.
fn no_play(opts: &HandjassOptions) -> AnyDealPlay {
    let mode = Mode::Trump(Suit::D);
    AnyDealPlay::new(
        AnyTrickPlay::with_rules(
            &[CardSet::EMPTY; 2],
            mode,
            PointTable::new(mode, UndenufeEleven::Ace),
            opts.trick_rules,
            0,
        )
        .with_tricks(0),
    )
}

/// The full pack for `m` players (004: five players play without the six of shields/spades).
pub fn pack_for(m: usize) -> CardSet {
    if m == 5 {
        CardSet::ALL - CardSet::single(Card::new(Suit::S, Rank::Six))
    } else {
        CardSet::ALL
    }
}

impl Handjass {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: HandjassOptions) -> Result<Handjass, String> {
        opts.validate()?;
        let n = opts.players;
        let p = Card::from_dense(0);
        Ok(Handjass {
            opts,
            rules: opts.meld_rules(),
            n,
            phase: Phase::Deal,
            net: [0; MAX_SEATS],
            stroke_marks: [0; MAX_SEATS],
            potato_marks: [0; MAX_SEATS],
            sacks: [0; MAX_SEATS],
            stakes: [0; MAX_SEATS],
            in_game: ((1u16 << n) - 1) as u8,
            retired_order: [0; MAX_SEATS],
            n_retired: 0,
            abeyance: [(0, 0); ABEYANCE_SLOTS],
            loser: None,
            winner: None,
            deals_started: 0,
            dealer: n - 1,
            deal_dealer: n - 1,
            vorhand: 0,
            table: 0,
            layout: Layout::Full,
            dealt: HandjassDealCopy {
                hands: [CardSet::EMPTY; MAX_SEATS],
                blind: CardSet::EMPTY,
                stock: CardSet::EMPTY,
                bessern: [CardSet::EMPTY; MAX_SEATS],
                trump_card: p,
                tie_seed: 0,
            },
            hands: [CardSet::EMPTY; MAX_SEATS],
            blind: CardSet::EMPTY,
            stock: CardSet::EMPTY,
            dead: CardSet::EMPTY,
            mode: Mode::Trump(Suit::D),
            points: PointTable::new(Mode::Trump(Suit::D), UndenufeEleven::Ace),
            to_act: 0,
            decided: 0,
            playing: 0,
            dropped: 0,
            blind_taker: None,
            bessern_taken: 0,
            laid_away: [CardSet::EMPTY; MAX_SEATS],
            discards_left: 0,
            six_done: false,
            six_left: 0,
            six_by: None,
            agree_votes: 0,
            agree_asked: 0,
            play: no_play(&opts),
            places: PlayingSeats::default(),
            leader: 0,
            n_tricks: 0,
            weis_pending: false,
            decls: [Melds::NONE; MAX_SEATS],
            declared: 0,
            decl_order: [0; MAX_SEATS],
            n_decl: 0,
            highest_call: 0,
            weis_winner: None,
            weis_points: [0; MAX_SEATS],
            stoeck_holder: None,
            stoeck_points: [0; MAX_SEATS],
            stoeck_just: false,
            outcome: DealOutcome::default(),
        })
    }

    // ----- getters -----

    /// The options.
    pub fn options(&self) -> &HandjassOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Number of seats.
    pub fn players(&self) -> usize {
        self.n as usize
    }
    /// Net strokes per seat (strokes minus potatoes).
    pub fn slate(&self) -> Vec<i32> {
        self.net[..self.n as usize].to_vec()
    }
    /// Stroke marks per seat.
    pub fn stroke_marks(&self) -> Vec<u32> {
        self.stroke_marks[..self.n as usize].to_vec()
    }
    /// Potato marks per seat.
    pub fn potato_marks(&self) -> Vec<u32> {
        self.potato_marks[..self.n as usize].to_vec()
    }
    /// 002: sacks each seat is in.
    pub fn sacks(&self) -> Vec<u32> {
        self.sacks[..self.n as usize].to_vec()
    }
    /// Net stakes per seat.
    pub fn stakes(&self) -> Vec<i64> {
        self.stakes[..self.n as usize].to_vec()
    }
    /// Seats still in the game.
    pub fn active_seats(&self) -> Vec<u8> {
        (0..self.n)
            .filter(|&s| self.in_game & bit(s) != 0)
            .collect()
    }
    /// Seats in the order they retired.
    pub fn retired(&self) -> Vec<u8> {
        self.retired_order[..self.n_retired as usize].to_vec()
    }
    /// The loser, once the game is over (last-loser scoring).
    pub fn loser(&self) -> Option<u8> {
        self.loser
    }
    /// The winner, once the game is over (simple scoring).
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }
    /// Deals begun.
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Dealer of the current (or coming) deal.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Vorhand of the current (or coming) deal.
    pub fn vorhand(&self) -> u8 {
        self.vorhand
    }
    /// Seats at the table in this deal, from Vorhand.
    pub fn table_seats(&self) -> Vec<u8> {
        self.order_from(self.vorhand, self.table)
    }
    /// Seats still in the game from the coming (or current) Vorhand: the table of the next deal.
    pub fn table_seats_coming(&self) -> Vec<u8> {
        self.order_from(self.vorhand, self.in_game)
    }
    /// The layout of the current deal.
    pub fn layout(&self) -> Layout {
        self.layout
    }
    /// The trump mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// The point table.
    pub fn point_table(&self) -> PointTable {
        self.points
    }
    /// The cards of this deal as dealt.
    pub fn dealt(&self) -> HandjassDeal {
        let d = self.dealt;
        HandjassDeal {
            hands: d.hands,
            blind: d.blind,
            stock: d.stock,
            bessern: d.bessern,
            trump_card: d.trump_card,
            tie_seed: d.tie_seed,
        }
    }
    /// The cards each seat holds now.
    pub fn hands(&self) -> [CardSet; MAX_SEATS] {
        std::array::from_fn(|s| self.hand(s as u8))
    }
    /// The cards `seat` holds now: during the play a playing seat's are the core's.
    fn hand(&self, seat: u8) -> CardSet {
        if self.play_started() && self.playing & bit(seat) != 0 {
            self.play.hand(self.place_of(seat))
        } else {
            self.hands[seat as usize]
        }
    }
    /// Whether this deal's card play has started (its core built).
    fn play_started(&self) -> bool {
        self.play.tricks_in_deal() > 0
    }
    /// Seats that play this deal (bit mask).
    pub fn playing_mask(&self) -> u8 {
        self.playing
    }
    /// Seats that dropped out (bit mask).
    pub fn dropped_mask(&self) -> u8 {
        self.dropped
    }
    /// Who took the blind.
    pub fn blind_taker(&self) -> Option<u8> {
        self.blind_taker
    }
    /// Who exchanged the six of trumps.
    pub fn six_by(&self) -> Option<u8> {
        self.six_by
    }
    /// Seats that took their Bessern (bit mask).
    pub fn bessern_mask(&self) -> u8 {
        self.bessern_taken
    }
    /// The cards `seat` has put out of play itself in this deal (its Bessern discards, or the
    /// hand it gave up for the blind).
    pub fn laid_away(&self, seat: usize) -> CardSet {
        self.laid_away.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }
    /// Tricks completed in this deal.
    pub fn tricks_done(&self) -> u8 {
        self.play.tricks_done()
    }
    /// Tricks in a full deal.
    pub fn tricks_in_deal(&self) -> u8 {
        self.n_tricks
    }
    /// The trick in progress.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }
    /// A completed trick: leader, cards, winner, points (the last with `last_trick_bonus`).
    pub fn completed_trick(&self, i: usize) -> (u8, Vec<Card>, u8, u32) {
        let (leader, cards, winner, points) = self.play.completed(i);
        (
            self.places.seat_of(leader),
            cards.to_vec(),
            self.places.seat_of(winner),
            points,
        )
    }
    /// The Weis each seat declared.
    pub fn declarations(&self) -> [Melds; MAX_SEATS] {
        self.decls
    }
    /// The seat whose Weis scored.
    pub fn weis_winner(&self) -> Option<u8> {
        self.weis_winner
    }
    /// Weis points per seat in this deal.
    pub fn weis_points(&self) -> [u32; MAX_SEATS] {
        self.weis_points
    }
    /// Stöck points per seat in this deal.
    pub fn stoeck_points(&self) -> [u32; MAX_SEATS] {
        self.stoeck_points
    }
    /// Card points taken per seat in this deal (with the last-trick bonus).
    pub fn card_points(&self) -> [u32; MAX_SEATS] {
        std::array::from_fn(|s| {
            if self.play_started() && self.playing & bit(s as u8) != 0 {
                self.play.taken(self.place_of(s as u8))
            } else {
                0
            }
        })
    }
    /// True if the last action made its seat announce Stöck.
    pub fn stoeck_just_announced(&self) -> bool {
        self.stoeck_just
    }
    /// What the current (last) deal gave.
    pub fn outcome(&self) -> &DealOutcome {
        &self.outcome
    }
    /// What the deal would give if its card play ended with these points per seat (cards, Weis
    /// and Stöck together): the engine's own scoring (strokes, potatoes, ties drawn from the
    /// deal's seed, abeyance, sacks) run on a copy, for solvers that compare ways to end the
    /// deal. `None` outside card play.
    pub fn outcome_for_points(&self, totals: [u32; MAX_SEATS]) -> Option<DealOutcome> {
        if self.phase != Phase::Play {
            return None;
        }
        let mut g = *self;
        g.weis_points = [0; MAX_SEATS];
        g.stoeck_points = [0; MAX_SEATS];
        g.score_play_with(totals);
        Some(g.outcome)
    }
    /// The card points of every card of the deal that was not played to a trick (blind, stock,
    /// discards, dropped hands, unused Bessern), plus the last-trick bonus if no trick was
    /// played to the end: they count for no one.
    pub fn dead_points(&self) -> u32 {
        let d = self.dealt;
        let mut all = d.blind | d.stock | CardSet::single(d.trump_card);
        for s in 0..MAX_SEATS {
            all |= d.hands[s] | d.bessern[s];
        }
        let played: CardSet = self.play.played().iter().copied().collect();
        let bonus = if self.play_started() && self.play.is_over() {
            0
        } else {
            self.opts.last_trick_bonus
        };
        self.points.sum(all - played) + bonus
    }
    /// The threshold for a potato in this deal.
    pub fn threshold(&self) -> u32 {
        match self.layout {
            Layout::Twelve2 | Layout::Twelve3 => {
                self.opts.twelve_threshold.unwrap_or(self.opts.threshold)
            }
            _ => self.opts.threshold,
        }
    }
    /// The fewest points that may win a stroke in this deal: the threshold, or one more with
    /// `stroke_above_threshold` (004: "greater than 21").
    pub fn stroke_minimum(&self) -> u32 {
        self.threshold() + u32::from(self.opts.stroke_above_threshold)
    }
    /// Holds `strokes` for the tied seats of `mask` (000: "held in abeyance until the next deal
    /// in which both the players in question are active"): added to the group's place if it
    /// already holds some (they go to the same player on the same deal), else in a free place.
    fn hold_in_abeyance(&mut self, mask: u8, strokes: u32) {
        let slot = match self.abeyance.iter().position(|x| x.1 > 0 && x.0 == mask) {
            Some(i) => i,
            None => self
                .abeyance
                .iter()
                .position(|x| x.1 == 0)
                .expect("a place for every group of tied seats"),
        };
        self.abeyance[slot] = (mask, self.abeyance[slot].1 + strokes);
    }

    /// Strokes held in abeyance: (seats as a bit mask, strokes).
    pub fn abeyance(&self) -> Vec<(u8, u32)> {
        self.abeyance.iter().copied().filter(|a| a.1 > 0).collect()
    }
    /// Sets the slate (for worked examples and tests): net strokes of each seat; seats at or above
    /// the target are retired at once, as after a deal.
    pub fn set_slate(&mut self, net: &[i32]) -> Result<(), String> {
        if self.phase != Phase::Deal || self.deals_started > 0 || net.len() != self.n as usize {
            return Err(
                "the slate can be set only before the first deal, with one number per seat".into(),
            );
        }
        for (s, &v) in net.iter().enumerate() {
            self.net[s] = v;
        }
        self.end_of_deal_slate();
        Ok(())
    }

    // ----- seat order -----

    /// Seats of `mask` in playing order starting at `from` (or the first after it).
    fn order_from(&self, from: u8, mask: u8) -> Vec<u8> {
        (0..self.n)
            .map(|i| (from + i) % self.n)
            .filter(|&s| mask & bit(s) != 0)
            .collect()
    }

    fn next_in(&self, s: u8, mask: u8) -> u8 {
        (1..=self.n)
            .map(|i| (s + i) % self.n)
            .find(|&x| mask & bit(x) != 0)
            .expect("mask not empty")
    }

    fn prev_in(&self, s: u8, mask: u8) -> u8 {
        (1..=self.n)
            .map(|i| (s + self.n * 2 - i) % self.n)
            .find(|&x| mask & bit(x) != 0)
            .expect("mask not empty")
    }

    /// The seat to play a card.
    fn player(&self) -> u8 {
        self.places.seat_of(self.play.to_play())
    }
    /// The place of a playing `seat` in the deal's card play, once it has started.
    fn place_of(&self, seat: u8) -> u8 {
        self.places.place_of(seat).expect("a playing seat")
    }

    // ----- dealing -----

    /// How the coming deal is dealt from a shuffled pack.
    pub fn deal_pack(&self, pack: &[Card; 36]) -> HandjassDeal {
        let seats = self.order_from(self.vorhand, self.in_game);
        let m = seats.len();
        let layout = Layout::of(m, self.opts.small_deal);
        let cards: Vec<Card> = pack
            .iter()
            .copied()
            .filter(|&c| pack_for(m).contains(c))
            .collect();
        let tie_seed = crate::deal::pack_seed(pack);
        let mut d = HandjassDeal {
            hands: [CardSet::EMPTY; MAX_SEATS],
            blind: CardSet::EMPTY,
            stock: CardSet::EMPTY,
            bessern: [CardSet::EMPTY; MAX_SEATS],
            trump_card: *cards.last().expect("cards"),
            tie_seed,
        };
        let put = |d: &mut HandjassDeal, hands: Vec<CardSet>| {
            for (i, &s) in seats.iter().enumerate() {
                d.hands[s as usize] = hands[i];
            }
        };
        match layout {
            Layout::Full => {
                let (h, _) = deal_in_packets(&cards, m, layout.hand_size(m), 3, 0);
                put(&mut d, h);
            }
            Layout::Blind3 | Layout::Blind2 => {
                let (h, _) = deal_in_packets(&cards, 4, 9, 3, 0);
                put(&mut d, h[..m].to_vec());
                d.blind = h[m];
                if m == 2 {
                    d.stock = h[3];
                }
            }
            Layout::Twelve3 => {
                let (h, _) = deal_in_packets(&cards, 3, 12, 3, 0);
                put(&mut d, h);
            }
            Layout::Twelve2 => {
                let (h, rest) = deal_in_packets(&cards, 2, 12, 3, 0);
                put(&mut d, h);
                d.stock = rest.into_iter().collect();
            }
            Layout::Bessern3 => {
                let (h, _) = deal_in_packets(&cards[..27], 3, 9, 3, 0);
                d.trump_card = cards[26];
                put(&mut d, h);
                let (b, _) = deal_in_packets(&cards[27..], 3, 3, 3, 0);
                for (i, &s) in seats.iter().enumerate() {
                    d.bessern[s as usize] = b[i];
                }
            }
            Layout::Bessern2 => {
                let (h, _) = deal_in_packets(&cards[..18], 2, 9, 3, 0);
                put(&mut d, h);
                d.trump_card = cards[18];
                let (b, rest) = deal_in_packets(&cards[19..], 2, 3, 3, 0);
                for (i, &s) in seats.iter().enumerate() {
                    d.bessern[s as usize] = b[i];
                }
                d.stock = rest.into_iter().collect();
            }
        }
        d
    }

    /// Deals these cards for the next deal, after checking they fit the layout.
    pub fn deal(&mut self, d: HandjassDeal) -> Result<(), IllegalAction> {
        if self.phase != Phase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        let seats = self.order_from(self.vorhand, self.in_game);
        let m = seats.len();
        let layout = Layout::of(m, self.opts.small_deal);
        let size = layout.hand_size(m) as u32;
        let mut all = CardSet::EMPTY;
        let mut add = |set: CardSet, what: String| -> Result<(), IllegalAction> {
            if !(all & set).is_empty() {
                return Err(IllegalAction::new(format!(
                    "card(s) {} dealt twice ({what})",
                    all & set
                )));
            }
            all |= set;
            Ok(())
        };
        for s in 0..MAX_SEATS as u8 {
            let at = self.in_game & bit(s) != 0 && s < self.n;
            let h = d.hands[s as usize];
            if at && h.len() != size {
                return Err(IllegalAction::new(format!(
                    "seat {s} was dealt {} cards; this deal gives {size}",
                    h.len()
                )));
            }
            if !at && !h.is_empty() {
                return Err(IllegalAction::new(format!(
                    "seat {s} is not at the table but was dealt cards"
                )));
            }
            add(h, format!("hand {s}"))?;
            let b = d.bessern[s as usize];
            let want_b = if at && layout.bessern() { 3 } else { 0 };
            if b.len() != want_b {
                return Err(IllegalAction::new(format!(
                    "seat {s} has {} Bessern; this deal gives {want_b}",
                    b.len()
                )));
            }
            add(b, format!("Bessern {s}"))?;
        }
        let want_blind = if layout.has_blind() { 9 } else { 0 };
        if d.blind.len() != want_blind {
            return Err(IllegalAction::new(format!(
                "the blind has {} cards; this deal has {want_blind}",
                d.blind.len()
            )));
        }
        add(d.blind, "blind".into())?;
        let want_stock = match layout {
            Layout::Blind2 => 9,
            Layout::Twelve2 => 12,
            Layout::Bessern2 => 11,
            _ => 0,
        };
        if d.stock.len() != want_stock {
            return Err(IllegalAction::new(format!(
                "the stock has {} cards; this deal has {want_stock}",
                d.stock.len()
            )));
        }
        add(d.stock, "stock".into())?;
        let dealer = *seats.last().expect("seats");
        let t = d.trump_card;
        let where_ok = match layout {
            Layout::Full | Layout::Bessern3 | Layout::Twelve3 => {
                d.hands[dealer as usize].contains(t)
            }
            Layout::Blind3 => d.blind.contains(t),
            Layout::Blind2 | Layout::Twelve2 => d.stock.contains(t),
            Layout::Bessern2 => !all.contains(t),
        };
        if !where_ok {
            return Err(IllegalAction::new(format!(
                "the turned card {t} is not where this deal turns it ({layout:?})"
            )));
        }
        if layout == Layout::Bessern2 {
            all.insert(t);
        }
        if all != pack_for(m) {
            return Err(IllegalAction::new(format!(
                "the deal is not the whole pack: missing {}",
                pack_for(m) - all
            )));
        }
        // Start the deal.
        self.deals_started += 1;
        self.deal_dealer = dealer;
        self.table = self.in_game;
        self.layout = layout;
        self.dealt = (&d).into();
        self.hands = d.hands;
        self.blind = d.blind;
        self.stock = d.stock;
        self.dead = CardSet::EMPTY;
        self.mode = Mode::Trump(t.suit());
        self.points = PointTable::new(self.mode, UndenufeEleven::Ace);
        self.decided = 0;
        self.playing = 0;
        self.dropped = 0;
        self.blind_taker = None;
        self.bessern_taken = 0;
        self.laid_away = [CardSet::EMPTY; MAX_SEATS];
        self.discards_left = 0;
        self.six_done = false;
        self.six_left = 0;
        self.six_by = None;
        self.agree_votes = 0;
        self.agree_asked = 0;
        self.play = no_play(&self.opts);
        self.n_tricks = size as u8;
        self.weis_pending = false;
        self.decls = [Melds::NONE; MAX_SEATS];
        self.declared = 0;
        self.n_decl = 0;
        self.highest_call = 0;
        self.weis_winner = None;
        self.weis_points = [0; MAX_SEATS];
        self.stoeck_holder = None;
        self.stoeck_points = [0; MAX_SEATS];
        self.stoeck_just = false;
        self.outcome = DealOutcome {
            multiplier: self.opts.multipliers.of(t.suit()),
            ..DealOutcome::default()
        };
        if layout.bessern() {
            self.phase = Phase::Bessern;
            self.to_act = self.vorhand;
        } else {
            self.enter_six_before();
        }
        Ok(())
    }

    // ----- the stages before play -----

    fn six_card(&self) -> Card {
        Card::new(self.mode.trump().expect("trump"), Rank::Six)
    }

    /// True if `seat` may give the six of trumps for the turned card now: it holds the six and
    /// not the turned card (a blind taker who found both in the blind has nothing to exchange).
    fn may_exchange_six(&self, seat: u8) -> bool {
        self.phase == Phase::Six
            && self.six_left & bit(seat) != 0
            && self.hands[seat as usize].contains(self.six_card())
            && !self.hands[seat as usize].contains(self.dealt.trump_card)
    }

    /// Opens the six-of-trumps phase for the `eligible` seats if this deal has one. Whether it
    /// is held depends only on public facts (the layout, the options, whether the turned card is
    /// itself the six), never on who holds the six: every eligible seat is asked in turn from
    /// Vorhand, the holder may answer `exchange-six`, everybody may answer `keep-six` (000: "a
    /// player holding the six of trumps is allowed to exchange it"; a silent holder is not
    /// revealed).
    fn open_six(&mut self, eligible: u8) -> bool {
        if !self.layout.six_exchangeable()
            || self.six_done
            || eligible == 0
            || self.dealt.trump_card == self.six_card()
        {
            return false;
        }
        self.phase = Phase::Six;
        self.six_left = eligible;
        self.to_act = self.order_from(self.vorhand, eligible)[0];
        true
    }

    /// Ends the six phase and goes on to the choice (`before`) or the agreement (`after`).
    fn close_six(&mut self) {
        self.six_done = true;
        self.six_left = 0;
        if self.opts.six_exchange == SixExchange::Before {
            self.enter_decide();
        } else {
            self.enter_agree();
        }
    }

    fn enter_six_before(&mut self) {
        if self.opts.six_exchange == SixExchange::Before {
            if self.open_six(self.table) {
                return;
            }
            self.six_done = true;
        }
        self.enter_decide();
    }

    fn may_choose(&self) -> bool {
        self.opts.drop_out || (self.layout.has_blind() && self.blind_taker.is_none())
    }

    fn enter_decide(&mut self) {
        if self.may_choose() {
            self.phase = Phase::Decide;
            self.to_act = self.vorhand;
        } else {
            self.playing = self.table;
            self.decided = self.table;
            self.enter_six_after();
        }
    }

    fn enter_six_after(&mut self) {
        if self.opts.six_exchange == SixExchange::After && self.open_six(self.playing) {
            return;
        }
        self.six_done = true;
        self.enter_agree();
    }

    fn enter_agree(&mut self) {
        let two = self.playing.count_ones() == 2;
        if self.opts.agreement && two && self.table.count_ones() >= 3 {
            self.phase = Phase::Agree;
            self.to_act = self.next_in(self.prev_in(self.vorhand, self.table), self.playing);
            return;
        }
        self.start_play();
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.leader = self.next_in(self.prev_in(self.vorhand, self.table), self.playing);
        self.stoeck_holder = match self.mode.trump() {
            Some(t) if self.opts.stoeck => (0..self.n).find(|&s| {
                self.playing & bit(s) != 0 && self.hands[s as usize].contains_all(stoeck_cards(t))
            }),
            _ => None,
        };
        // The playing seats' hands go to the core, places in table order from the lowest.
        self.places = (0..self.n)
            .filter(|&s| self.playing & bit(s) != 0)
            .collect();
        let hands = self.places.by_place(&self.hands);
        for &s in self.places.seats() {
            self.hands[s as usize] = CardSet::EMPTY;
        }
        self.play = AnyDealPlay::new(
            AnyTrickPlay::with_rules(
                &hands[..self.places.len()],
                self.mode,
                self.points,
                self.opts.trick_rules,
                self.place_of(self.leader),
            )
            .with_tricks(self.n_tricks)
            .with_last_trick_bonus(self.opts.last_trick_bonus),
        );
        self.update_weis_pending();
    }

    fn update_weis_pending(&mut self) {
        let s = self.player();
        self.weis_pending = self.opts.weis
            && self.play.tricks_done() == 0
            && self.declared & bit(s) == 0
            && has_meld(self.hand(s), self.mode, &self.rules);
    }

    /// The card that lies face up in front of the blind taker until the lead to the first trick
    /// (000: "leaving the trump indicator card face up on the table until the lead to the first
    /// trick, after which it is added to their hand"), with the taker: the turned card on top of
    /// the three-player blind, or the six of trumps that replaced it. `None` once the first card
    /// is led, without a blind taker, or with the option `withhold_indicator` off.
    pub fn first_lead_withheld(&self) -> Option<(u8, Card)> {
        if self.layout != Layout::Blind3
            || !self.opts.withhold_indicator
            || self.play.tricks_done() > 0
            || !self.play.current().is_empty()
            || !matches!(
                self.phase,
                Phase::Six | Phase::Agree | Phase::Play | Phase::Decide
            )
        {
            return None;
        }
        let taker = self.blind_taker?;
        let c = if self.six_by.is_some() {
            self.six_card()
        } else {
            self.dealt.trump_card
        };
        if self.hand(taker).contains(c) {
            Some((taker, c))
        } else {
            None
        }
    }

    /// Where the turned card lies now, as everybody knows it.
    pub fn turned_card_place(&self) -> TurnedCardPlace {
        let t = self.dealt.trump_card;
        let played = self.play.played().contains(&t) || self.current_trick().contains(&t);
        if played {
            return TurnedCardPlace::Played;
        }
        let dealer = self.deal_dealer;
        if let Some(s) = (0..self.n).find(|&s| self.hand(s).contains(t)) {
            if matches!(self.first_lead_withheld(), Some((taker, c)) if taker == s && c == t) {
                return TurnedCardPlace::BlindTaker { seat: s };
            }
            if self.layout == Layout::Bessern3
                && s == dealer
                && self.bessern_taken & bit(s) != 0
                && self.six_by != Some(s)
            {
                return TurnedCardPlace::HandOrDiscards { seat: s };
            }
            return TurnedCardPlace::Hand { seat: s };
        }
        if self.dead.contains(t) {
            if self.layout.bessern() {
                return TurnedCardPlace::HandOrDiscards { seat: dealer };
            }
            if let Some(s) = self.blind_taker {
                return TurnedCardPlace::Discarded { seat: s };
            }
        }
        if self.blind.contains(t) {
            TurnedCardPlace::Blind
        } else if self.stock.contains(t) {
            TurnedCardPlace::Stock
        } else {
            TurnedCardPlace::Table
        }
    }

    // ----- actions -----

    fn seat_to_act(&self) -> Option<u8> {
        match self.phase {
            Phase::Deal | Phase::Over => None,
            Phase::Play => Some(self.player()),
            _ => Some(self.to_act),
        }
    }

    /// Legal cards of the seat to play (empty outside card play or while Weis is pending).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Play || self.weis_pending {
            return CardSet::EMPTY;
        }
        let seat = self.player();
        let hand = self.hand(seat);
        if self.play.current().is_empty() {
            // 000: the blind taker's face-up card joins the hand only after the lead to the first
            // trick.
            if let Some((s, c)) = self.first_lead_withheld() {
                if s == seat && hand.len() > 1 {
                    return hand - CardSet::single(c);
                }
            }
            return hand;
        }
        self.play.legal_cards()
    }

    fn list(&self, out: &mut ActionList<HandjassAction>) {
        out.clear();
        let Some(seat) = self.seat_to_act() else {
            return;
        };
        match self.phase {
            Phase::Bessern if self.discards_left > 0 => {
                for c in self.hands[seat as usize] {
                    out.push(HandjassAction::Discard { card: c });
                }
            }
            Phase::Bessern => {
                out.push(HandjassAction::KeepHand);
                out.push(HandjassAction::Bessern);
            }
            Phase::Six => {
                if self.may_exchange_six(seat) {
                    out.push(HandjassAction::ExchangeSix);
                }
                out.push(HandjassAction::KeepSix);
            }
            Phase::Decide => {
                out.push(HandjassAction::Stay);
                if self.opts.drop_out {
                    out.push(HandjassAction::Drop);
                }
                if self.layout.has_blind() && self.blind_taker.is_none() {
                    out.push(HandjassAction::Blind);
                }
            }
            Phase::Agree => {
                out.push(HandjassAction::PlayOn);
                out.push(HandjassAction::Agree);
            }
            Phase::Play if self.weis_pending => {
                out.push(HandjassAction::Weis { melds: Melds::NONE });
                let best = best_melds(self.hand(seat), self.mode, &self.rules);
                if !best.is_empty() && best.best_points(self.mode, &self.rules) >= self.highest_call
                {
                    out.push(HandjassAction::Weis { melds: best });
                }
            }
            Phase::Play => {
                for c in self.legal_cards() {
                    out.push(HandjassAction::Play { card: c });
                }
            }
            _ => {}
        }
    }

    fn check(&self, a: HandjassAction) -> Result<(), IllegalAction> {
        let seat = self.to_move().seat_to_act()?;
        let hand = self.hand(seat);
        match (self.phase, a) {
            (Phase::Bessern, HandjassAction::Discard { card }) if self.discards_left > 0 => {
                if hand.contains(card) {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "seat {seat} does not hold {card}"
                    )))
                }
            }
            (Phase::Bessern, _) if self.discards_left > 0 => Err(IllegalAction::new(format!(
                "seat {seat} chose Bessern and must discard {} more card(s)",
                self.discards_left
            ))),
            (Phase::Bessern, HandjassAction::Bessern | HandjassAction::KeepHand) => Ok(()),
            (Phase::Six, HandjassAction::KeepSix) => Ok(()),
            (Phase::Six, HandjassAction::ExchangeSix) => {
                if self.may_exchange_six(seat) {
                    Ok(())
                } else if hand.contains(self.six_card()) {
                    Err(IllegalAction::new(format!(
                        "seat {seat} holds the turned card {} already: nothing to exchange",
                        self.dealt.trump_card
                    )))
                } else {
                    Err(IllegalAction::new(format!(
                        "seat {seat} does not hold the six of trumps ({})",
                        self.six_card()
                    )))
                }
            }
            (Phase::Decide, HandjassAction::Stay) => Ok(()),
            (Phase::Decide, HandjassAction::Drop) => {
                if self.opts.drop_out {
                    Ok(())
                } else {
                    Err(IllegalAction::new(
                        "nobody may drop out under these options",
                    ))
                }
            }
            (Phase::Decide, HandjassAction::Blind) => {
                if !self.layout.has_blind() {
                    Err(IllegalAction::new("there is no blind in this deal"))
                } else if let Some(t) = self.blind_taker {
                    Err(IllegalAction::new(format!(
                        "seat {t} has already taken the blind; only one player may"
                    )))
                } else {
                    Ok(())
                }
            }
            (Phase::Agree, HandjassAction::Agree | HandjassAction::PlayOn) => Ok(()),
            (Phase::Play, HandjassAction::Weis { melds }) => {
                if !self.weis_pending {
                    return Err(IllegalAction::new(format!(
                        "seat {seat} cannot declare Weis now: only while playing to the first trick, before the card, with a Weis in hand"
                    )));
                }
                melds
                    .validate(hand, self.mode, &self.rules)
                    .map_err(|e| IllegalAction::new(format!("seat {seat}: {e}")))?;
                let best = melds.best_points(self.mode, &self.rules);
                if !melds.is_empty() && best < self.highest_call {
                    return Err(IllegalAction::new(format!(
                        "seat {seat} cannot declare {best}: {} has already been announced (000: no Weis after a higher one)",
                        self.highest_call
                    )));
                }
                Ok(())
            }
            (Phase::Play, HandjassAction::Play { card }) => {
                if self.weis_pending {
                    return Err(IllegalAction::new(format!("seat {seat} must first declare its Weis (or `weis none`) for the first trick")));
                }
                crate::trick::check_play(
                    seat,
                    card,
                    hand,
                    self.legal_cards(),
                    self.current_trick(),
                    format_args!("with {} trump", self.mode),
                )
            }
            (p, a) => Err(IllegalAction::new(format!(
                "`{a}` is not possible in the {p:?} phase"
            ))),
        }
    }

    fn apply_checked(&mut self, a: HandjassAction) {
        self.stoeck_just = false;
        let seat = self.seat_to_act().expect("a seat acts");
        match a {
            HandjassAction::KeepHand => self.next_bessern(seat),
            HandjassAction::Bessern => {
                self.discards_left = 3;
                self.bessern_taken |= bit(seat);
            }
            HandjassAction::Discard { card } => {
                self.hands[seat as usize].remove(card);
                self.dead.insert(card);
                self.laid_away[seat as usize].insert(card);
                self.discards_left -= 1;
                if self.discards_left == 0 {
                    self.hands[seat as usize] |= self.dealt.bessern[seat as usize];
                    self.next_bessern(seat);
                }
            }
            HandjassAction::ExchangeSix => {
                // The exchange is made openly: the phase ends.
                self.exchange_six(seat);
                self.close_six();
            }
            HandjassAction::KeepSix => {
                self.six_left &= !bit(seat);
                if self.six_left == 0 {
                    self.close_six();
                } else {
                    self.to_act = self.order_from(self.vorhand, self.six_left)[0];
                }
            }
            HandjassAction::Stay | HandjassAction::Drop | HandjassAction::Blind => {
                self.decide(seat, a)
            }
            HandjassAction::Agree | HandjassAction::PlayOn => {
                self.agree_asked += 1;
                if a == HandjassAction::PlayOn {
                    self.start_play();
                } else {
                    self.agree_votes += 1;
                    if self.agree_asked == 2 {
                        if self.agreement_holds() {
                            self.outcome.agreed = true;
                            let m = self.outcome.multiplier;
                            let mut strokes = [0u32; MAX_SEATS];
                            for s in 0..self.n {
                                if self.playing & bit(s) != 0 {
                                    strokes[s as usize] = m;
                                }
                            }
                            self.finish_without_play(strokes);
                        } else {
                            // 000: "In case of doubt the cards must be played."
                            self.start_play();
                        }
                    } else {
                        self.to_act = self.next_in(seat, self.playing);
                    }
                }
            }
            HandjassAction::Weis { melds } => {
                self.decls[seat as usize] = melds;
                self.declared |= bit(seat);
                if !melds.is_empty() {
                    self.decl_order[self.n_decl as usize] = seat;
                    self.n_decl += 1;
                    self.highest_call = self
                        .highest_call
                        .max(melds.best_points(self.mode, &self.rules));
                }
                self.weis_pending = false;
            }
            HandjassAction::Play { card } => self.play_card(seat, card),
        }
    }

    fn next_bessern(&mut self, seat: u8) {
        let dealer = self.prev_in(self.vorhand, self.table);
        if seat == dealer {
            self.enter_six_before();
        } else {
            self.to_act = self.next_in(seat, self.table);
        }
    }

    fn exchange_six(&mut self, seat: u8) {
        let six = self.six_card();
        let t = self.dealt.trump_card;
        self.hands[seat as usize].remove(six);
        self.hands[seat as usize].insert(t);
        if let Some(other) = (0..self.n).find(|&s| s != seat && self.hands[s as usize].contains(t))
        {
            self.hands[other as usize].remove(t);
            self.hands[other as usize].insert(six);
        } else if self.blind.contains(t) {
            self.blind.remove(t);
            self.blind.insert(six);
        } else if self.stock.contains(t) {
            self.stock.remove(t);
            self.stock.insert(six);
        } else {
            self.dead.insert(six);
        }
        self.six_by = Some(seat);
    }

    fn decide(&mut self, seat: u8, a: HandjassAction) {
        self.decided |= bit(seat);
        match a {
            HandjassAction::Stay => self.playing |= bit(seat),
            HandjassAction::Drop => self.dropped |= bit(seat),
            _ => {
                // 000: the player discards the hand face down and takes the blind.
                self.playing |= bit(seat);
                self.blind_taker = Some(seat);
                self.dead |= self.hands[seat as usize];
                self.laid_away[seat as usize] = self.hands[seat as usize];
                self.hands[seat as usize] = self.blind;
                self.blind = CardSet::EMPTY;
            }
        }
        let left = self.table & !self.dropped;
        if left.count_ones() == 1 {
            // 000: "If all players except one drop out, that player wins two strokes without play"
            // (two-player game: one stroke).
            let s = left.trailing_zeros() as u8;
            self.playing = left;
            self.outcome.survivor = Some(s);
            let mut strokes = [0u32; MAX_SEATS];
            if self.opts.lone_player == LonePlayer::Redeal {
                // JassWiki, "Handjass": "Kommen nicht mindestens zwei Spieler zusammen, wird das
                // Spiel vom nachfolgenden Spieler neu gegeben": no stroke, no potato.
                self.outcome.redealt = true;
            } else {
                strokes[s as usize] = self.base_strokes() * self.outcome.multiplier;
            }
            self.finish_without_play(strokes);
            return;
        }
        if self.decided == self.table {
            self.enter_six_after();
        } else {
            self.to_act = self.next_in(seat, self.table);
            // With no drop-out, the last players after the blind was taken have no choice left.
            if !self.may_choose() {
                self.playing |= self.table & !self.decided;
                self.decided = self.table;
                self.enter_six_after();
            }
        }
    }

    /// Strokes a deal gives to its best players.
    fn base_strokes(&self) -> u32 {
        let m = self.table.count_ones();
        if m == 2 {
            return 1;
        }
        match self.opts.strokes {
            StrokeCount::Two => 2,
            StrokeCount::PlayersMinusOne => m - 1,
        }
    }

    fn play_card(&mut self, seat: u8, card: Card) {
        debug_assert_eq!(self.player(), seat);
        let end = self.play.play(card);
        if let (Some(h), Some(t)) = (self.stoeck_holder, self.mode.trump()) {
            let sc = stoeck_cards(t);
            if h == seat && sc.contains(card) && (self.hand(seat) & sc).is_empty() {
                self.stoeck_points[seat as usize] = crate::weis::STOECK_POINTS;
                self.stoeck_just = true;
            }
        }
        let Some(end) = end else {
            if self.play.tricks_done() == 0 {
                self.update_weis_pending();
            }
            return;
        };
        // The trick is complete.
        self.leader = self.places.seat_of(end.winner);
        if self.play.tricks_done() == 1 {
            self.resolve_weis();
        }
        self.weis_pending = false;
        if self.play.is_over() {
            self.score_play();
        }
    }

    fn resolve_weis(&mut self) {
        let mut best: Option<(u32, u8)> = None;
        for &s in &self.decl_order[..self.n_decl as usize] {
            let k = self.decls[s as usize].best_key(self.mode, &self.rules);
            // Equal keys: the earlier declarer (000: nearest to the dealer's right; 002: declared
            // first) wins.
            if best.is_none_or(|(bk, _)| k > bk) {
                best = Some((k, s));
            }
        }
        if let Some((_, s)) = best {
            self.weis_winner = Some(s);
            self.weis_points[s as usize] = self.decls[s as usize].points(self.mode, &self.rules);
        }
    }

    /// 000's agreement: both players can surely take a stroke's points (cards played by both to
    /// their best, Weis as their best declarations would score, Stöck).
    fn agreement_holds(&self) -> bool {
        let seats = self.order_from(self.vorhand, self.playing);
        let (a, b) = (seats[0], seats[1]);
        let (ha, hb) = (self.hands[a as usize], self.hands[b as usize]);
        let mut extra = [0u32; 2];
        if self.opts.weis {
            let da = best_melds(ha, self.mode, &self.rules);
            let db = best_melds(hb, self.mode, &self.rules);
            let (ka, kb) = (
                da.best_key(self.mode, &self.rules),
                db.best_key(self.mode, &self.rules),
            );
            if ka > 0 && ka >= kb {
                extra[0] += da.points(self.mode, &self.rules);
            } else if kb > 0 {
                extra[1] += db.points(self.mode, &self.rules);
            }
        }
        if let Some(t) = self.mode.trump() {
            if self.opts.stoeck {
                extra[0] += if ha.contains_all(stoeck_cards(t)) {
                    20
                } else {
                    0
                };
                extra[1] += if hb.contains_all(stoeck_cards(t)) {
                    20
                } else {
                    0
                };
            }
        }
        let bonus = self.opts.last_trick_bonus;
        let total = self.points.sum(ha | hb) + bonus;
        let thr = self.stroke_minimum();
        // A must be able to force thr - extra[0]; B must be able to hold A to total - (thr -
        // extra[1]) (the first seat leads).
        let need_a = thr.saturating_sub(extra[0]);
        let need_b = thr.saturating_sub(extra[1]);
        if need_a + need_b > total {
            return false;
        }
        let no_lead = match self.first_lead_withheld() {
            Some((s, c)) if s == a => CardSet::single(c),
            _ => CardSet::EMPTY,
        };
        let mut p = PlayOut::new(self.mode, self.opts.trick_rules, self.points, bonus);
        p.at_least_but(ha, hb, true, need_a, no_lead)
            && !p.at_least_but(ha, hb, true, total - need_b + 1, no_lead)
    }

    // ----- scoring -----

    fn finish_without_play(&mut self, strokes: [u32; MAX_SEATS]) {
        self.outcome.strokes = strokes;
        self.apply_outcome();
    }

    fn draw_order(
        &mut self,
        members: &[u8],
        pack: &mut (Vec<Card>, usize, ChaCha8Rng),
        draws: &mut Vec<TieDraw>,
    ) -> Vec<u8> {
        if members.len() <= 1 {
            return members.to_vec();
        }
        let mut drawn: Vec<(u8, Card)> = Vec::new();
        for &s in members {
            if pack.1 >= pack.0.len() {
                pack.0 = shuffled_pack(&mut pack.2).to_vec();
                pack.1 = 0;
            }
            let c = pack.0[pack.1];
            pack.1 += 1;
            draws.push(TieDraw { seat: s, card: c });
            drawn.push((s, c));
        }
        let mut out = Vec::new();
        for r in Rank::ALL.iter().rev() {
            let group: Vec<u8> = drawn
                .iter()
                .filter(|(_, c)| c.rank() == *r)
                .map(|(s, _)| *s)
                .collect();
            out.extend(self.draw_order(&group, pack, draws));
        }
        out
    }

    fn score_play(&mut self) {
        self.score_play_with(self.card_points());
    }

    /// Scores the deal's play with these card points per seat (and the Weis and Stöck taken).
    fn score_play_with(&mut self, card_points: [u32; MAX_SEATS]) {
        let thr = self.threshold();
        let min = self.stroke_minimum();
        let mult = self.outcome.multiplier;
        let order = self.order_from(self.vorhand, self.playing);
        let mut totals = [0u32; MAX_SEATS];
        for &s in &order {
            let i = s as usize;
            totals[i] = card_points[i] + self.weis_points[i] + self.stoeck_points[i];
        }
        self.outcome.totals = totals;
        let mut strokes = [0u32; MAX_SEATS];
        // Strokes held in abeyance go to the one who takes more points now (000), but only if
        // that player may win a stroke: "it is not possible to score both a potato and a
        // stroke on the same deal". Otherwise they stay held.
        for slot in self.abeyance.iter_mut() {
            if slot.1 > 0 && slot.0 & !self.playing == 0 {
                let members: Vec<u8> = order
                    .iter()
                    .copied()
                    .filter(|&s| slot.0 & bit(s) != 0)
                    .collect();
                let max = members
                    .iter()
                    .map(|&s| totals[s as usize])
                    .max()
                    .unwrap_or(0);
                let top: Vec<u8> = members
                    .iter()
                    .copied()
                    .filter(|&s| totals[s as usize] == max)
                    .collect();
                if top.len() == 1 && max >= min {
                    strokes[top[0] as usize] += slot.1;
                    self.outcome.from_abeyance[top[0] as usize] += slot.1;
                    *slot = (0, 0);
                }
            }
        }
        let nulls: Vec<u8> = order
            .iter()
            .copied()
            .filter(|&s| totals[s as usize] < thr)
            .collect();
        let mut ok: Vec<u8> = order
            .iter()
            .copied()
            .filter(|&s| totals[s as usize] >= min)
            .collect();
        ok.sort_by_key(|&s| std::cmp::Reverse(totals[s as usize]));
        let k = ok.len();
        let big_s = self.base_strokes() as usize;
        let mut alloc = vec![0u32; k];
        if k > 0 {
            for a in alloc.iter_mut().take(k.min(big_s)) {
                *a = 1;
            }
            if k < big_s && self.opts.sole_takes_all {
                alloc[0] += (big_s - k) as u32;
            }
            if self.opts.null_extra_strokes {
                let e = nulls.len();
                for a in alloc.iter_mut().take(e.min(k)) {
                    *a += 1;
                }
                if e > k {
                    alloc[0] += (e - k) as u32;
                }
            }
        }
        // Ties: a group of equal points whose places carry different strokes.
        let mut pack = (
            Vec::new(),
            0usize,
            ChaCha8Rng::seed_from_u64(self.dealt.tie_seed),
        );
        let mut draws = Vec::new();
        let mut i = 0;
        while i < k {
            let mut j = i + 1;
            while j < k && totals[ok[j] as usize] == totals[ok[i] as usize] {
                j += 1;
            }
            let places = &alloc[i..j];
            let lo = *places.iter().min().expect("group");
            if places.iter().any(|&x| x != lo) {
                // 000 and 004 give the draw for "the second stroke"; with two players at the
                // table a tie for the one stroke gives no stroke unless `draw-always`.
                let rule = match self.opts.tie {
                    TieRule::Draw if self.table.count_ones() == 2 => TieRule::None,
                    r => r,
                };
                match rule {
                    TieRule::Draw | TieRule::DrawAlways => {
                        let group = ok[i..j].to_vec();
                        let ordered = self.draw_order(&group, &mut pack, &mut draws);
                        ok[i..j].copy_from_slice(&ordered);
                    }
                    TieRule::None | TieRule::Abeyance => {
                        let held: u32 = places.iter().map(|&x| x - lo).sum();
                        for a in alloc[i..j].iter_mut() {
                            *a = lo;
                        }
                        if rule == TieRule::Abeyance && held > 0 {
                            let mask = ok[i..j].iter().fold(0u8, |m, &s| m | bit(s));
                            self.hold_in_abeyance(mask, held * mult);
                            self.outcome.to_abeyance += held * mult;
                        }
                    }
                }
            }
            i = j;
        }
        for (d, slot) in draws.iter().zip(self.outcome.draws.iter_mut()) {
            *slot = Some(*d);
        }
        for (idx, &s) in ok.iter().enumerate() {
            strokes[s as usize] += alloc[idx] * mult;
        }
        for &s in &nulls {
            if self.opts.sack {
                self.outcome.sacked |= bit(s);
            } else {
                self.outcome.potatoes[s as usize] = mult;
            }
        }
        if self.opts.null_stake > 0 {
            for &s in &nulls {
                let count = if self.opts.sack { 1 } else { mult } as i64;
                for &o in &order {
                    if o != s {
                        let amount = self.opts.null_stake as i64 * count;
                        self.outcome.stakes[s as usize] -= amount;
                        self.outcome.stakes[o as usize] += amount;
                    }
                }
            }
        }
        self.outcome.strokes = strokes;
        self.apply_outcome();
    }

    /// Writes the deal's outcome on the slate, retires players, ends the game or sets the next
    /// dealer.
    fn apply_outcome(&mut self) {
        // A void deal (`lone_player` `redeal`) writes nothing, and since no hand was played a
        // sack stays open as it was (our reading).
        let seats = if self.outcome.redealt {
            0
        } else {
            self.n as usize
        };
        for s in 0..seats {
            // 002: a stroke to a player in the sack only cancels the sack.
            let c = self.sacks[s].min(self.outcome.strokes[s]);
            self.sacks[s] -= c;
            self.outcome.strokes[s] -= c;
            self.outcome.sacks_cancelled[s] = c;
            // 002: the sack is open for "the next hand" only; not cancelled there, it lapses (it
            // stays on the slate as a 0 mark, which costs nothing).
            if self.opts.sack_window == SackWindow::NextHand {
                self.outcome.sacks_lapsed[s] = self.sacks[s];
                self.sacks[s] = 0;
            }
            if self.outcome.sacked & bit(s as u8) != 0 {
                self.sacks[s] += 1;
            }
            self.stroke_marks[s] += self.outcome.strokes[s];
            self.potato_marks[s] += self.outcome.potatoes[s];
            self.net[s] += self.outcome.strokes[s] as i32 - self.outcome.potatoes[s] as i32;
            self.stakes[s] += self.outcome.stakes[s];
        }
        self.weis_pending = false;
        self.end_of_deal_slate();
    }

    fn end_of_deal_slate(&mut self) {
        let before = self.in_game;
        let order = self.order_from(self.vorhand, self.in_game);
        match self.opts.scoring {
            Scoring::FirstWins => {
                let reached: Vec<u8> = order
                    .iter()
                    .copied()
                    .filter(|&s| self.net[s as usize] >= self.opts.target)
                    .collect();
                if !reached.is_empty() {
                    let max = reached
                        .iter()
                        .map(|&s| self.net[s as usize])
                        .max()
                        .expect("some");
                    self.winner = reached
                        .iter()
                        .copied()
                        .find(|&s| self.net[s as usize] == max);
                    self.phase = Phase::Over;
                    return;
                }
            }
            Scoring::LastLoser => {
                for &s in &order {
                    if self.net[s as usize] >= self.opts.target {
                        self.in_game &= !bit(s);
                        self.retired_order[self.n_retired as usize] = s;
                        self.n_retired += 1;
                        self.outcome.retired |= bit(s);
                    }
                }
                for slot in self.abeyance.iter_mut() {
                    if slot.0 & !self.in_game != 0 {
                        *slot = (0, 0);
                    }
                }
                match self.in_game.count_ones() {
                    1 => {
                        self.loser = Some(self.in_game.trailing_zeros() as u8);
                        self.phase = Phase::Over;
                        return;
                    }
                    0 => {
                        // Everyone left reached the target at once: the lowest of them loses.
                        let min = order
                            .iter()
                            .map(|&s| self.net[s as usize])
                            .min()
                            .expect("some");
                        let low: Vec<u8> = order
                            .iter()
                            .copied()
                            .filter(|&s| self.net[s as usize] == min)
                            .collect();
                        self.loser = if low.len() == 1 { Some(low[0]) } else { None };
                        self.phase = Phase::Over;
                        return;
                    }
                    _ => {}
                }
            }
        }
        // 000: the turn to be Vorhand passes to the right (the next seat still in the game); the
        // dealer is the player to the left of the new Vorhand.
        let _ = before;
        // (Before the first deal only when the first Vorhand is no longer in the game.)
        if self.deals_started > 0 || self.in_game & bit(self.vorhand) == 0 {
            self.vorhand = self.next_in(self.vorhand, self.in_game);
        }
        self.dealer = self.prev_in(self.vorhand, self.in_game);
        self.phase = Phase::Deal;
    }

    // ----- observation -----

    /// What a seat may see now: its own hand and the cards it laid away itself (its Bessern
    /// discards, the hand it gave up for the blind), the turned card and where it lies, who
    /// stayed, dropped, took the blind, took Bessern or exchanged the six, the tricks, Weis
    /// announcements (values) and the scoring Weis once shown, Stöck, the slate and open sacks.
    /// Never another hand, the blind, the stock, Bessern or another seat's discards.
    pub fn observation(&self, seat: usize) -> HandjassObservation {
        self.observation_as(Some(seat))
    }

    /// The observation of `seat`, or of a spectator (`None`: no hand, only the Weis calls heard by
    /// all).
    fn observation_as(&self, seat: Option<usize>) -> HandjassObservation {
        let seat8 = seat.map_or(u8::MAX, |s| s as u8);
        let in_deal = self.deals_started > 0;
        let tricks = TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i));
        let mut calls = Vec::new();
        let mut high = 0;
        for &s in &self.decl_order[..self.n_decl as usize] {
            let p = self.decls[s as usize].best_points(self.mode, &self.rules);
            if p >= high || s == seat8 {
                calls.push(WeisCall { seat: s, points: p });
                high = high.max(p);
            }
        }
        let shown = self.weis_winner.map(|w| (w, self.decls[w as usize]));
        HandjassObservation {
            seat: seat8,
            phase: self.phase,
            hand: match seat {
                Some(_) if in_deal && self.table & bit(seat8) != 0 => self.hand(seat8),
                _ => CardSet::EMPTY,
            },
            laid_away: match seat {
                Some(seat) if in_deal => self.laid_away(seat),
                _ => CardSet::EMPTY,
            },
            dealer: self.dealer,
            vorhand: self.vorhand,
            table: self.table_seats(),
            to_move: self.seat_to_act(),
            trump: if in_deal { Some(self.mode) } else { None },
            turned_card: if in_deal {
                Some(self.dealt.trump_card)
            } else {
                None
            },
            turned_card_at: if in_deal {
                Some(self.turned_card_place())
            } else {
                None
            },
            playing: self.order_from(self.vorhand, self.playing),
            dropped: self.order_from(self.vorhand, self.dropped),
            blind_taker: self.blind_taker,
            six_by: self.six_by,
            bessern: self.order_from(self.vorhand, self.bessern_taken),
            trick_leader: self.leader,
            trick: self.current_trick().to_vec(),
            tricks,
            weis_calls: calls,
            weis_shown: shown,
            stoeck: self
                .stoeck_holder
                .filter(|&h| self.stoeck_points[h as usize] > 0),
            slate: self.slate(),
            sacks: self.sacks(),
            active: self.active_seats(),
            target: self.opts.target,
        }
    }
}

/// The exact two-player play-out behind 000's agreement: with both hands open, can the first
/// player (`a`) force at least `need` card points? A search with a bound per position (the value
/// of a position lies in `[lo, hi]`), so each question only explores what it must; fast enough
/// for two 12-card hands in release builds.
struct PlayOut {
    mode: Mode,
    rules: crate::TrickRules,
    pts: PointTable,
    bonus: u32,
    /// Bounds on what the first player can force, by hands and leader (a fast hash: the keys
    /// are card sets, not input from outside).
    memo: rustc_hash::FxHashMap<(u64, u64, bool), (u32, u32)>,
}

impl PlayOut {
    fn new(mode: Mode, rules: crate::TrickRules, pts: PointTable, bonus: u32) -> PlayOut {
        PlayOut {
            mode,
            rules,
            pts,
            bonus,
            memo: rustc_hash::FxHashMap::with_capacity_and_hasher(4096, Default::default()),
        }
    }

    /// True if `a` (holding `ha`; `a_leads` says who leads) can force at least `need` points.
    fn at_least(&mut self, ha: CardSet, hb: CardSet, a_leads: bool, need: u32) -> bool {
        self.at_least_but(ha, hb, a_leads, need, CardSet::EMPTY)
    }

    /// As `at_least`, the leader not leading any card of `no_lead` to this trick (the blind
    /// taker's face-up card in the first trick).
    fn at_least_but(
        &mut self,
        ha: CardSet,
        hb: CardSet,
        a_leads: bool,
        need: u32,
        no_lead: CardSet,
    ) -> bool {
        if need == 0 {
            return true;
        }
        if ha.is_empty() || hb.is_empty() {
            return false;
        }
        let rest = self.pts.sum(ha | hb) + self.bonus;
        if need > rest {
            return false;
        }
        let key = (ha.0, hb.0, a_leads);
        let (lo, hi) = self.memo.get(&key).copied().unwrap_or((0, rest));
        if lo >= need {
            return true;
        }
        if hi < need {
            return false;
        }
        let last = ha.len() == 1;
        let (lh, fh) = if a_leads { (ha, hb) } else { (hb, ha) };
        let lh = if (lh - no_lead).is_empty() {
            lh
        } else {
            lh - no_lead
        };
        // A leads: some lead such that every answer leaves A at least `need`. B leads: every
        // lead has an answer of A that does.
        let mut result = !a_leads;
        // Leads in order of their trick strength, highest first; answers best for the answering
        // player first (a quick refutation or confirmation cuts the rest).
        // (At most 12 cards a hand: fixed arrays, no allocation per node.)
        let mut leads = [(0u32, Card::from_dense(0)); 12];
        let mut n_leads = 0;
        for c in lh {
            let strength = self.mode.trick_key(c, c.suit()) as u32 * 64 + self.pts.card(c);
            leads[n_leads] = (strength, c);
            n_leads += 1;
        }
        let leads = &mut leads[..n_leads];
        leads.sort_unstable_by_key(|&(k, c)| (std::cmp::Reverse(k), c.index()));
        for &(_, lead) in leads.iter() {
            let mut answers = [(0i64, Card::from_dense(0), false, 0u32); 12];
            let mut n_answers = 0;
            for resp in legal_cards(fh, &[lead], self.mode, self.rules) {
                let first_wins = trick_winner(&[lead, resp], self.mode) == 0;
                let p =
                    self.pts.card(lead) + self.pts.card(resp) + if last { self.bonus } else { 0 };
                // The answer's value to the answering player.
                let v = if first_wins {
                    -(p as i64) * 64 - self.pts.card(resp) as i64
                } else {
                    p as i64 * 64 - self.mode.trick_key(resp, lead.suit()) as i64
                };
                answers[n_answers] = (v, resp, first_wins, p);
                n_answers += 1;
            }
            let answers = &mut answers[..n_answers];
            answers.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
            let mut all = true;
            let mut any = false;
            for &(_, resp, first_wins, p) in answers.iter() {
                let a_wins = first_wins == a_leads;
                let (mut na, mut nb) = (ha, hb);
                if a_leads {
                    na.remove(lead);
                    nb.remove(resp);
                } else {
                    nb.remove(lead);
                    na.remove(resp);
                }
                let gain = if a_wins { p } else { 0 };
                let ok = self.at_least(na, nb, a_wins, need.saturating_sub(gain));
                if a_leads && !ok {
                    all = false;
                    break;
                }
                if !a_leads && ok {
                    any = true;
                    break;
                }
            }
            if a_leads && all {
                result = true;
                break;
            }
            if !a_leads && !any {
                result = false;
                break;
            }
        }
        let (lo, hi) = if result {
            (lo.max(need), hi)
        } else {
            (lo, hi.min(need - 1))
        };
        self.memo.insert(key, (lo, hi));
        result
    }
}

impl Game for Handjass {
    type Action = HandjassAction;
    type Observation = HandjassObservation;
    type Deal = HandjassDeal;

    fn name(&self) -> &'static str {
        "handjass"
    }
    fn seats(&self) -> usize {
        self.n as usize
    }
    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Deal => ToMove::Deal,
            Phase::Over => ToMove::Over,
            _ => ToMove::Seat(self.seat_to_act().expect("a seat acts") as usize),
        }
    }
    fn legal_actions(&self, out: &mut ActionList<HandjassAction>) {
        self.list(out)
    }
    fn apply(&mut self, action: HandjassAction) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_checked(action);
        Ok(())
    }
    fn deal_from_pack(&self, pack: &[Card; 36]) -> HandjassDeal {
        self.deal_pack(pack)
    }
    fn apply_deal(&mut self, deal: HandjassDeal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }
    fn observe(&self, seat: usize) -> HandjassObservation {
        self.observation(seat)
    }
    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }
    /// A Bessern discard: only that a card was laid away; a Weis as [`Visibility::of_weis`].
    fn action_visibility(&self, action: HandjassAction) -> Visibility {
        match action {
            HandjassAction::Discard { .. } => Visibility::KindOnly,
            HandjassAction::Weis { melds } => Visibility::of_weis(!melds.is_empty()),
            _ => Visibility::Public,
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandjassObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: Phase,
    /// The seat's own cards.
    pub hand: CardSet,
    /// The cards the seat put out of play itself, face down, in this deal: its Bessern discards,
    /// or the hand it gave up for the blind (it knows them; the others do not).
    pub laid_away: CardSet,
    /// The dealer.
    pub dealer: u8,
    /// Vorhand.
    pub vorhand: u8,
    /// Seats at the table this deal, from Vorhand.
    pub table: Vec<u8>,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// The trump suit (as a mode).
    pub trump: Option<Mode>,
    /// The card turned for trump (seen by everyone; for the whole deal).
    pub turned_card: Option<Card>,
    /// Where the turned card lies now (after a six exchange: with the seat that gave the six).
    pub turned_card_at: Option<TurnedCardPlace>,
    /// Seats that stayed (so far).
    pub playing: Vec<u8>,
    /// Seats that dropped out.
    pub dropped: Vec<u8>,
    /// Who took the blind.
    pub blind_taker: Option<u8>,
    /// Who exchanged the six of trumps for the turned card (the six then lies where the turned
    /// card lay).
    pub six_by: Option<u8>,
    /// Seats that took their Bessern (the choice is made openly; the discards are face down).
    pub bessern: Vec<u8>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The current trick.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// Weis announcements (values only).
    pub weis_calls: Vec<WeisCall>,
    /// The scoring Weis, shown after the first trick.
    pub weis_shown: Option<(u8, Melds)>,
    /// Who scored Stöck.
    pub stoeck: Option<u8>,
    /// Net strokes per seat.
    pub slate: Vec<i32>,
    /// 002: open sacks per seat.
    pub sacks: Vec<u32>,
    /// Seats still in the game.
    pub active: Vec<u8>,
    /// Strokes to retire (or win).
    pub target: i32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::shuffled_pack;

    #[test]
    fn every_group_of_tied_seats_finds_a_place_in_abeyance() {
        // Each group of two or more of five seats holds strokes at once (a held stroke was
        // dropped once four groups held some); strokes held again for a group join its place.
        let mut s = Handjass::new(HandjassOptions {
            players: 5,
            tie: TieRule::Abeyance,
            ..HandjassOptions::default()
        })
        .unwrap();
        let groups: Vec<u8> = (0u8..32).filter(|m| m.count_ones() >= 2).collect();
        assert_eq!(groups.len(), ABEYANCE_SLOTS);
        for (i, &m) in groups.iter().enumerate() {
            s.hold_in_abeyance(m, 1 + i as u32 % 2);
        }
        s.hold_in_abeyance(groups[3], 2);
        let held = s.abeyance();
        assert_eq!(held.len(), groups.len());
        for (i, &m) in groups.iter().enumerate() {
            let want = 1 + i as u32 % 2 + if i == 3 { 2 } else { 0 };
            assert!(held.contains(&(m, want)), "group {m:05b}: {held:?}");
        }
    }

    /// The plain minimax value (the agreement check before the bounded search).
    #[allow(clippy::too_many_arguments)]
    fn exact(
        ha: CardSet,
        hb: CardSet,
        a_leads: bool,
        mode: Mode,
        rules: crate::TrickRules,
        pts: PointTable,
        bonus: u32,
        memo: &mut std::collections::HashMap<(u64, u64, bool), u32>,
    ) -> u32 {
        if ha.is_empty() || hb.is_empty() {
            return 0;
        }
        if let Some(&v) = memo.get(&(ha.0, hb.0, a_leads)) {
            return v;
        }
        let last = ha.len() == 1;
        let (lh, fh) = if a_leads { (ha, hb) } else { (hb, ha) };
        let mut best: Option<u32> = None;
        for lead in lh {
            let mut worst: Option<u32> = None;
            for resp in legal_cards(fh, &[lead], mode, rules) {
                let a_wins = (trick_winner(&[lead, resp], mode) == 0) == a_leads;
                let p = pts.card(lead) + pts.card(resp) + if last { bonus } else { 0 };
                let (mut na, mut nb) = (ha, hb);
                if a_leads {
                    na.remove(lead);
                    nb.remove(resp);
                } else {
                    nb.remove(lead);
                    na.remove(resp);
                }
                let v = if a_wins { p } else { 0 }
                    + exact(na, nb, a_wins, mode, rules, pts, bonus, memo);
                worst = Some(match worst {
                    None => v,
                    Some(w) if a_leads => w.min(v),
                    Some(w) => w.max(v),
                });
            }
            let v = worst.unwrap_or(0);
            best = Some(match best {
                None => v,
                Some(b) if a_leads => b.max(v),
                Some(b) => b.min(v),
            });
        }
        let v = best.unwrap_or(0);
        memo.insert((ha.0, hb.0, a_leads), v);
        v
    }

    #[test]
    fn bounded_play_out_agrees_with_plain_minimax() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for round in 0..60 {
            let pack = shuffled_pack(&mut rng);
            let k = 5 + round % 3;
            let ha: CardSet = pack[..k].iter().copied().collect();
            let hb: CardSet = pack[k..2 * k].iter().copied().collect();
            let mode = Mode::Trump(pack[35].suit());
            let pts = PointTable::new(mode, UndenufeEleven::Ace);
            for rules in [crate::TrickRules::Strict, crate::TrickRules::Heading] {
                let v = exact(
                    ha,
                    hb,
                    round % 2 == 0,
                    mode,
                    rules,
                    pts,
                    5,
                    &mut std::collections::HashMap::new(),
                );
                let mut p = PlayOut::new(mode, rules, pts, 5);
                for need in [0, v.saturating_sub(7), v.saturating_sub(1), v, v + 1, v + 9] {
                    assert_eq!(
                        p.at_least(ha, hb, round % 2 == 0, need),
                        v >= need,
                        "round {round} need {need} value {v}"
                    );
                }
            }
        }
    }
}

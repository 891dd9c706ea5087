//! The Sidi Barrani state machine: deal after deal (auction, doubling, play, scoring) until a team
//! reaches the target with the higher score. Copyable and allocation-free.

use serde::Serialize;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{check_four_hands, four_hands};
use crate::first_trick_weis::FirstTrickWeis;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove, Visibility};
use crate::mode::{Mode, PointTable, MATCH_BONUS};
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick::TrickRules;
use crate::weis::{
    best_declaration, stoeck_cards, stoeck_holder, Declaration, ShownWeis, WeisCall, STOECK_POINTS,
};

use super::options::{Doubling, SidiOptions};
use super::SidiAction;
use crate::trick_play::{DealPlay, TrickPlay};

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SidiPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// The auction: the seat to speak passes, bids or (right after an opponent's bid) doubles.
    Auction,
    /// An opponent of the bidder is asked whether to double (`double` or `pass`).
    DoubleAsk,
    /// A member of the doubled team is asked whether to redouble (`redouble` or `pass`).
    RedoubleAsk,
    /// Card play (with Weis declarations during the first trick).
    Play,
    /// The game is over.
    Over,
}

/// Tallies of the current (or last) deal. All unmultiplied except `bonus` (the bid times the
/// doubling factor) and `score`, which is what each team was credited.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SidiTally {
    /// Card points in tricks (with the last-trick bonus).
    pub card_points: [u32; 2],
    /// Tricks taken.
    pub tricks: [u8; 2],
    /// Match bonus (100).
    pub match_bonus: [u32; 2],
    /// Weis scored.
    pub weis: [u32; 2],
    /// Stöck scored.
    pub stoeck: [u32; 2],
    /// Whether the contract was made (once the deal is over and there was a contract).
    pub made: Option<bool>,
    /// The bid (times 2 doubled, 4 redoubled) credited to a team.
    pub bonus: [u32; 2],
    /// Everything credited to each team this deal.
    pub score: [u32; 2],
}

/// A deal's score ([`deal_score`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealScore {
    /// The declarers' card points reached the bid.
    pub made: bool,
    /// The bid (times the doubling factor) credited to a team.
    pub bonus: [u32; 2],
    /// Everything credited to each team.
    pub score: [u32; 2],
}

/// A deal's score (001) from each team's card points (tricks, last trick, Match), its Weis and
/// Stöck (`extras`), and the contract (bid, doubling factor, declaring team): the bid times the
/// factor goes to the declarers if their card points reach it, else to the defenders ("The 5
/// points for the last trick and the 100-point Match bonus ... count towards fulfilling the bid,
/// but points for Weis and Stöck do not").
pub fn deal_score(card_points: [u32; 2], extras: [u32; 2], contract: (u32, u32, u8)) -> DealScore {
    let (bid, factor, declarers) = contract;
    let d = declarers as usize & 1;
    let made = card_points[d] >= bid;
    let mut bonus = [0u32; 2];
    bonus[if made { d } else { 1 - d }] = bid * factor;
    DealScore {
        made,
        bonus,
        score: [0, 1].map(|t| card_points[t] + extras[t] + bonus[t]),
    }
}

/// Team of a seat.
#[inline]
const fn team(seat: u8) -> u8 {
    seat & 1
}

/// A Sidi Barrani game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Sidi {
    opts: SidiOptions,
    phase: SidiPhase,
    totals: [u32; 2],
    deals_started: u32,
    dealer: u8,
    dealt: [CardSet; 4],
    // Auction.
    to_act: u8,
    bid: Option<(u32, Mode, u8)>,
    passes: u8,
    asks: [u8; 2],
    n_asks: u8,
    ask_i: u8,
    resume_auction: bool,
    factor: u32,
    thrown_in: bool,
    calls: [(u8, SidiAction); 160],
    n_calls: u8,
    // Play.
    play: DealPlay,
    /// The Weis of the first trick: who is asked, who declared what.
    weis: FirstTrickWeis,
    call_max: u32,
    weis_team: Option<u8>,
    scored_weis: [Declaration; 4],
    stoeck_holder: Option<u8>,
    stoeck_scored: bool,
    stoeck_just: bool,
    tally: SidiTally,
    winner: Option<u8>,
}

impl Sidi {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: SidiOptions) -> Result<Sidi, String> {
        opts.validate()?;
        let mode = Mode::Obenabe;
        Ok(Sidi {
            opts,
            phase: SidiPhase::Deal,
            totals: [0; 2],
            deals_started: 0,
            dealer: opts.first_dealer,
            dealt: [CardSet::EMPTY; 4],
            to_act: 0,
            bid: None,
            passes: 0,
            asks: [0; 2],
            n_asks: 0,
            ask_i: 0,
            resume_auction: false,
            factor: 1,
            thrown_in: false,
            calls: [(0, SidiAction::Pass); 160],
            n_calls: 0,
            play: DealPlay::new(TrickPlay::with_rules(
                [CardSet::EMPTY; 4],
                mode,
                PointTable::new(mode, opts.undenufe_eleven),
                TrickRules::Strict,
                0,
            )),
            weis: FirstTrickWeis::new(opts.weis_rules()),
            call_max: 0,
            weis_team: None,
            scored_weis: [Declaration::NONE; 4],
            stoeck_holder: None,
            stoeck_scored: false,
            stoeck_just: false,
            tally: SidiTally::default(),
            winner: None,
        })
    }

    /// The options.
    pub fn options(&self) -> &SidiOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> SidiPhase {
        self.phase
    }
    /// Running totals.
    pub fn totals(&self) -> [u32; 2] {
        self.totals
    }
    /// The winning team once the game is over.
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }
    /// True if the game is over and the losers have less than `double_game_below` points (001:
    /// "If the losing team has less than 1000 points then the winning team with 2000 or more
    /// points win a double game").
    pub fn double_game(&self) -> bool {
        self.winner
            .is_some_and(|w| self.opts.is_double_game(self.totals, w))
    }
    /// Starts the game at a score: the teams' totals before its first deal, both below the
    /// target. For simulations and tests of a game's end; a record does not carry it, so such a
    /// game cannot be replayed from its record.
    pub fn start_at(&mut self, totals: [u32; 2]) -> Result<(), IllegalAction> {
        let fresh = self.deals_started == 0 && self.phase == SidiPhase::Deal;
        crate::game::may_start_at(fresh, totals, self.opts.target)?;
        self.totals = totals;
        Ok(())
    }
    /// Deals begun (thrown-in deals included).
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Dealer of the current deal.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The dealer of the coming deal: the turn to deal passes to the right (001), i.e. to the next
    /// seat in playing order.
    pub fn next_dealer(&self) -> u8 {
        if self.deals_started == 0 {
            self.opts.first_dealer
        } else {
            (self.dealer + 1) % 4
        }
    }
    /// The hands as dealt.
    pub fn dealt_hands(&self) -> [CardSet; 4] {
        self.dealt
    }
    /// The cards each seat still holds.
    pub fn hands(&self) -> [CardSet; 4] {
        self.play.hands()
    }
    /// The final (or current highest) bid: points, denomination, bidder.
    pub fn bid(&self) -> Option<(u32, Mode, u8)> {
        self.bid
    }
    /// 1, 2 (doubled) or 4 (redoubled).
    pub fn factor(&self) -> u32 {
        self.factor
    }
    /// True if all four passed at their first turn and the cards were thrown in.
    pub fn thrown_in(&self) -> bool {
        self.thrown_in
    }
    /// The auction so far (every call with its seat, double and redouble questions included).
    pub fn auction(&self) -> &[(u8, SidiAction)] {
        &self.calls[..self.n_calls as usize]
    }
    /// Tallies of the current (or last) deal.
    pub fn tally(&self) -> SidiTally {
        self.tally
    }
    /// Tricks completed.
    pub fn tricks_done(&self) -> u8 {
        self.play.tricks_done()
    }
    /// Completed trick `i`: leader, cards, winner, points (with the last-trick bonus).
    pub fn completed_trick(&self, i: usize) -> (u8, [Card; 4], u8, u32) {
        assert!(i < self.play.tricks_done() as usize);
        self.play.completed(i)
    }
    /// The trick in progress.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }
    /// The Weis declared by each seat.
    pub fn declarations(&self) -> [Declaration; 4] {
        *self.weis.declarations()
    }
    /// The team whose Weis scored (after the first trick).
    pub fn weis_team(&self) -> Option<u8> {
        self.weis_team
    }
    /// True if the last action made the Stöck holder's Stöck count (both cards seen).
    pub fn stoeck_just_announced(&self) -> bool {
        self.stoeck_just
    }
    /// The seat holding Stöck this deal.
    pub fn stoeck_holder(&self) -> Option<u8> {
        self.stoeck_holder
    }
    /// The trump mode of the contract (Obenabe before one is made).
    pub fn mode(&self) -> Mode {
        self.play.mode()
    }

    /// Deals these hands (seat-indexed) for the next deal.
    pub fn deal(&mut self, hands: [CardSet; 4]) -> Result<(), IllegalAction> {
        if self.phase != SidiPhase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        check_four_hands(&hands, "Sidi Barrani")?;
        self.dealer = self.next_dealer();
        self.deals_started += 1;
        self.dealt = hands;
        // The auction comes first: the play waits with the first speaker as its leader and
        // no contract's mode yet (the declarer leads once the auction ends).
        self.play = DealPlay::new(TrickPlay::with_rules(
            hands,
            Mode::Obenabe,
            PointTable::new(Mode::Obenabe, self.opts.undenufe_eleven),
            TrickRules::Strict,
            (self.dealer + 1) % 4,
        ));
        self.phase = SidiPhase::Auction;
        // 001: "Players speak in turn beginning with the player to dealer's right".
        self.to_act = (self.dealer + 1) % 4;
        self.bid = None;
        self.passes = 0;
        self.n_asks = 0;
        self.ask_i = 0;
        self.factor = 1;
        self.thrown_in = false;
        self.n_calls = 0;
        self.weis.new_deal();
        self.call_max = 0;
        self.weis_team = None;
        self.scored_weis = [Declaration::NONE; 4];
        self.stoeck_holder = None;
        self.stoeck_scored = false;
        self.stoeck_just = false;
        self.tally = SidiTally::default();
        Ok(())
    }

    fn ask(&mut self, phase: SidiPhase, seats: [u8; 2], resume_auction: bool) {
        self.phase = phase;
        self.asks = seats;
        self.n_asks = 2;
        self.ask_i = 0;
        self.resume_auction = resume_auction;
        if resume_auction {
            self.n_asks = 1;
        }
    }

    /// The auction is over without a double so far.
    fn auction_over(&mut self) {
        let (_, _, bidder) = self.bid.expect("a bid");
        match self.opts.doubling {
            // 004: "The opposing team has the option of doubling until the first card is led."
            Doubling::FirstLead => self.ask(
                SidiPhase::DoubleAsk,
                [(bidder + 1) % 4, (bidder + 3) % 4],
                false,
            ),
            _ => self.start_play(),
        }
    }

    fn doubled(&mut self) {
        self.factor = 2;
        let (_, _, bidder) = self.bid.expect("a bid");
        if self.opts.redouble {
            self.ask(SidiPhase::RedoubleAsk, [bidder, (bidder + 2) % 4], false);
        } else {
            self.start_play();
        }
    }

    fn start_play(&mut self) {
        let (_, mode, declarer) = self.bid.expect("a bid");
        let hands = self.play.hands();
        // 001: "The final bidder, also known as the declarer, leads to the first trick."
        self.play = DealPlay::new(TrickPlay::with_rules(
            hands,
            mode,
            PointTable::new(mode, self.opts.undenufe_eleven),
            TrickRules::Strict,
            declarer,
        ));
        self.phase = SidiPhase::Play;
        self.stoeck_holder = stoeck_holder(&hands, mode, self.opts.stoeck);
        self.update_weis_pending();
    }

    fn update_weis_pending(&mut self) {
        let seat = self.play.to_play();
        let (hand, mode, call_max) = (self.play.hand(seat), self.play.mode(), self.call_max);
        // 001: "An item of Weis may only be declared if it is potentially higher than any Weis
        // declared by earlier players to the trick": asked only if the seat's best item is worth
        // at least the highest call so far.
        self.weis
            .ask(self.play.tricks_done(), seat, hand, mode, |r| {
                best_declaration(hand, mode, r).call_points(mode, r) >= call_max
            });
    }

    /// The end of the first trick: the team with the best declared item scores every Weis held by
    /// both partners (001: "entitled to score all items of Weis held by both partners"): each of
    /// the two with the best declaration of his hand as dealt, whatever he listed himself.
    fn resolve_weis(&mut self) {
        let Some(r) = self.weis.rules() else { return };
        let mode = self.play.mode();
        let (first, _, _, _) = self.play.completed(0);
        let Some(seat) = self.weis.best_declarer(first, mode) else {
            return;
        };
        let t = team(seat);
        self.weis_team = Some(t);
        for s in [t, t + 2] {
            let d = best_declaration(self.dealt[s as usize], mode, &r);
            self.scored_weis[s as usize] = d;
            self.tally.weis[t as usize] += d.points(mode, &r);
        }
    }

    /// 001: Stöck "can only be claimed after both the cards have been seen by all players, having
    /// either been played to tricks or shown as part of a Weis combination".
    fn check_stoeck(&mut self) {
        let Some(h) = self.stoeck_holder else { return };
        if self.stoeck_scored {
            return;
        }
        let t = self.play.mode().trump().expect("stoeck only with trump");
        let seen =
            (self.dealt[h as usize] - self.play.hand(h)) | self.scored_weis[h as usize].cards();
        if seen.contains_all(stoeck_cards(t)) {
            self.stoeck_scored = true;
            self.stoeck_just = true;
            self.tally.stoeck[team(h) as usize] += STOECK_POINTS;
        }
    }

    fn play_card(&mut self, card: Card) {
        let seat = self.play.to_play();
        let done = self.play.play(card);
        if Some(seat) == self.stoeck_holder {
            self.check_stoeck();
        }
        if done.is_some() && self.play.tricks_done() == 1 {
            self.resolve_weis();
            self.check_stoeck();
        }
        if self.play.is_over() {
            self.score_deal();
        } else if self.play.tricks_done() == 0 {
            self.update_weis_pending();
        } else {
            self.weis.stop_asking();
        }
    }

    fn score_deal(&mut self) {
        let (bid, _, declarer) = self.bid.expect("a bid");
        let tl = &mut self.tally;
        for t in 0..2 {
            tl.card_points[t] = self.play.taken()[t] + self.play.taken()[t + 2];
            tl.tricks[t] = self.play.seat_tricks()[t] + self.play.seat_tricks()[t + 2];
            if tl.tricks[t] == 9 {
                tl.match_bonus[t] = MATCH_BONUS;
            }
        }
        let s = deal_score(
            [0, 1].map(|t| tl.card_points[t] + tl.match_bonus[t]),
            [0, 1].map(|t| tl.weis[t] + tl.stoeck[t]),
            (bid, self.factor, team(declarer)),
        );
        tl.made = Some(s.made);
        tl.bonus = s.bonus;
        tl.score = s.score;
        for t in 0..2 {
            self.totals[t] += tl.score[t];
        }
        self.winner = self.opts.game_winner(self.totals);
        self.phase = if self.winner.is_some() {
            SidiPhase::Over
        } else {
            SidiPhase::Deal
        };
    }

    /// Legal cards of the seat to play (empty outside card play or while Weis is asked).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SidiPhase::Play || self.weis.pending() {
            return CardSet::EMPTY;
        }
        self.play.legal_cards()
    }

    fn may_double_in_auction(&self) -> bool {
        match self.bid {
            Some((_, _, bidder)) => {
                self.opts.doubling == Doubling::NextCall
                    && self.passes == 0
                    && self.to_act == (bidder + 1) % 4
            }
            None => false,
        }
    }

    fn check(&self, action: SidiAction) -> Result<(), IllegalAction> {
        let seat = self.to_move().seat_to_act()?;
        match (self.phase, action) {
            (SidiPhase::Auction, SidiAction::Pass) => Ok(()),
            (SidiPhase::Auction, SidiAction::Bid { points, trump }) => {
                if !self.opts.is_bid_number(points) {
                    return Err(IllegalAction::new(format!(
                        "{points} is not a bid: bids are {} (min_bid {}, steps of {}), 157 and 257",
                        self.opts.min_bid, self.opts.min_bid, self.opts.bid_step
                    )));
                }
                if !self.opts.denominations().any(|m| m == trump) {
                    return Err(IllegalAction::new(format!(
                        "{trump} may not be bid under these options"
                    )));
                }
                if let Some((last, m, s)) = self.bid {
                    if points <= last {
                        return Err(IllegalAction::new(format!(
                            "bid {points} is not higher than the last bid {last} {m} by seat {s}"
                        )));
                    }
                }
                Ok(())
            }
            (SidiPhase::Auction, SidiAction::Double) => {
                if self.may_double_in_auction() {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "seat {seat} may not double now: only an opponent of the last bidder, before the next player speaks{}",
                        if self.opts.doubling == Doubling::NextCall { "" } else { " (and doubling in the auction is off)" }
                    )))
                }
            }
            (SidiPhase::DoubleAsk, SidiAction::Double | SidiAction::Pass) => Ok(()),
            (SidiPhase::RedoubleAsk, SidiAction::Redouble | SidiAction::Pass) => Ok(()),
            (SidiPhase::Play, SidiAction::Weis { weis }) => {
                let when = || {
                    format!("only while playing to the first trick, before the card, with an item at least as high as the last call ({})", self.call_max)
                };
                let hand = self.play.hand(seat);
                let r = self
                    .weis
                    .check_declaration(seat, weis, hand, self.play.mode(), when)?;
                // 001: "A player who wishes to score Weis must declare their highest instance of
                // Weis": a declaration must hold the best item of the hand's best declaration
                // (by the comparison key: value, length, height, trump).
                let hand_best = best_declaration(hand, self.play.mode(), &r);
                if !weis.is_empty()
                    && weis.best_key(self.play.mode(), &r)
                        < hand_best.best_key(self.play.mode(), &r)
                {
                    let show = |w: Option<crate::weis::Weis>| {
                        w.map(|w| format!("{w} ({})", w.points(self.play.mode(), &r)))
                            .unwrap_or_default()
                    };
                    return Err(IllegalAction::new(format!(
                        "seat {seat} must declare its highest Weis, {}, not only {} (001: \"must declare their highest instance of Weis\"); declare it or `weis none`",
                        show(hand_best.best(self.play.mode(), &r)),
                        show(weis.best(self.play.mode(), &r))
                    )));
                }
                let best = weis.call_points(self.play.mode(), &r);
                if !weis.is_empty() && best < self.call_max {
                    return Err(IllegalAction::new(format!(
                        "seat {seat} may not declare {best}: {} was already declared in this trick (001: only a potentially higher Weis)",
                        self.call_max
                    )));
                }
                Ok(())
            }
            (SidiPhase::Play, SidiAction::Play { card }) => {
                self.weis.check_card(seat)?;
                self.play.check_card(seat, card)
            }
            (p, a) => Err(IllegalAction::new(format!(
                "{a} is not possible in the {p:?} phase"
            ))),
        }
    }

    /// Applies an action without checking it (the caller guarantees it is legal).
    pub fn apply_unchecked(&mut self, action: SidiAction) {
        self.stoeck_just = false;
        if matches!(
            self.phase,
            SidiPhase::Auction | SidiPhase::DoubleAsk | SidiPhase::RedoubleAsk
        ) {
            let seat = match self.to_move() {
                ToMove::Seat(s) => s as u8,
                _ => 0,
            };
            if (self.n_calls as usize) < self.calls.len() {
                self.calls[self.n_calls as usize] = (seat, action);
                self.n_calls += 1;
            }
        }
        match (self.phase, action) {
            (SidiPhase::Auction, SidiAction::Pass) => {
                self.passes += 1;
                if self.bid.is_none() {
                    if self.passes == 4 {
                        // 001: "All four players pass at their first turn to speak ... the cards
                        // are thrown in and the next player deals."
                        self.thrown_in = true;
                        self.phase = SidiPhase::Deal;
                    } else {
                        self.to_act = (self.to_act + 1) % 4;
                    }
                } else if self.passes == 3 {
                    self.auction_over();
                } else {
                    self.to_act = (self.to_act + 1) % 4;
                }
            }
            (SidiPhase::Auction, SidiAction::Bid { points, trump }) => {
                let seat = self.to_act;
                self.bid = Some((points, trump, seat));
                self.passes = 0;
                self.to_act = (seat + 1) % 4;
                if points == 257 {
                    // 001: no higher bid is possible; either opponent may still double.
                    if self.opts.doubling == Doubling::None {
                        self.start_play();
                    } else {
                        self.ask(
                            SidiPhase::DoubleAsk,
                            [(seat + 1) % 4, (seat + 3) % 4],
                            false,
                        );
                    }
                } else if self.opts.doubling == Doubling::NextCall {
                    // The opponent who is not next to speak is asked first; the next player may
                    // double instead of bidding or passing.
                    self.ask(SidiPhase::DoubleAsk, [(seat + 3) % 4, 0], true);
                }
            }
            (SidiPhase::Auction, SidiAction::Double)
            | (SidiPhase::DoubleAsk, SidiAction::Double) => self.doubled(),
            (SidiPhase::RedoubleAsk, SidiAction::Redouble) => {
                self.factor = 4;
                self.start_play();
            }
            (SidiPhase::DoubleAsk | SidiPhase::RedoubleAsk, SidiAction::Pass) => {
                self.ask_i += 1;
                if self.ask_i >= self.n_asks {
                    if self.resume_auction {
                        self.phase = SidiPhase::Auction;
                    } else {
                        self.start_play();
                    }
                }
            }
            (SidiPhase::Play, SidiAction::Weis { weis }) => {
                self.weis.declare(self.play.to_play(), weis);
                if let (Some(r), false) = (self.weis.rules(), weis.is_empty()) {
                    let best = weis.call_points(self.play.mode(), &r);
                    self.call_max = self.call_max.max(best);
                }
            }
            (SidiPhase::Play, SidiAction::Play { card }) => self.play_card(card),
            _ => {}
        }
    }

    /// What a seat may see now: its own hand, the auction, the Weis calls (values), the scored
    /// Weis after the first trick, the tricks, never another seat's cards.
    pub fn observation(&self, seat: usize) -> SidiObservation {
        let tricks = TrickRecord::first(self.play.tricks_done(), |i| self.play.completed(i));
        let mut weis_calls = Vec::new();
        let mut weis_shown = Vec::new();
        if let (Some(r), SidiPhase::Play | SidiPhase::Deal | SidiPhase::Over) =
            (self.weis.rules(), self.phase)
        {
            for s in 0..4u8 {
                let d = &self.weis.declarations()[s as usize];
                if !d.is_empty() {
                    weis_calls.push(WeisCall {
                        seat: s,
                        points: d.call_points(self.play.mode(), &r),
                    });
                }
                if !self.scored_weis[s as usize].is_empty() {
                    weis_shown.push(ShownWeis {
                        seat: s,
                        weis: self.scored_weis[s as usize],
                    });
                }
            }
        }
        let playing = self.phase == SidiPhase::Play;
        SidiObservation {
            seat: seat as u8,
            phase: self.phase,
            hand: if self.deals_started > 0 {
                self.play.hands()[seat]
            } else {
                CardSet::EMPTY
            },
            dealer: self.dealer,
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            auction: self.auction().iter().map(|&(s, a)| (s, a)).collect(),
            bid: self.bid,
            factor: self.factor,
            trick_leader: self.play.leader(),
            trick: if playing {
                self.current_trick().to_vec()
            } else {
                Vec::new()
            },
            tricks,
            weis_calls,
            weis_shown,
            stoeck: if self.stoeck_scored {
                self.stoeck_holder
            } else {
                None
            },
            deal_tally: self.tally,
            totals: self.totals,
            target: self.opts.target,
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SidiObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: SidiPhase,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// The auction so far.
    pub auction: Vec<(u8, SidiAction)>,
    /// The highest bid: points, denomination, bidder.
    pub bid: Option<(u32, Mode, u8)>,
    /// 1, 2 (doubled) or 4 (redoubled).
    pub factor: u32,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// Weis calls: the value of each declarer's best item.
    pub weis_calls: Vec<WeisCall>,
    /// The scoring team's Weis, shown after the first trick.
    pub weis_shown: Vec<ShownWeis>,
    /// Who scored Stöck.
    pub stoeck: Option<u8>,
    /// This deal's tallies.
    pub deal_tally: SidiTally,
    /// Running totals.
    pub totals: [u32; 2],
    /// The target.
    pub target: u32,
}

impl Game for Sidi {
    type Action = SidiAction;
    type Observation = SidiObservation;
    type Deal = [CardSet; 4];

    fn name(&self) -> &'static str {
        "sidi-barrani"
    }

    fn seats(&self) -> usize {
        4
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            SidiPhase::Deal => ToMove::Deal,
            SidiPhase::Auction => ToMove::Seat(self.to_act as usize),
            SidiPhase::DoubleAsk | SidiPhase::RedoubleAsk => {
                ToMove::Seat(self.asks[self.ask_i as usize] as usize)
            }
            SidiPhase::Play => ToMove::Seat(self.play.to_play() as usize),
            SidiPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<SidiAction>) {
        out.clear();
        match self.phase {
            SidiPhase::Auction => {
                out.push(SidiAction::Pass);
                if self.may_double_in_auction() {
                    out.push(SidiAction::Double);
                }
                let last = self.bid.map(|b| b.0).unwrap_or(0);
                for n in self.opts.bid_numbers().filter(|&n| n > last) {
                    for m in self.opts.denominations() {
                        out.push(SidiAction::Bid {
                            points: n,
                            trump: m,
                        });
                    }
                }
            }
            SidiPhase::DoubleAsk => {
                out.push(SidiAction::Pass);
                out.push(SidiAction::Double);
            }
            SidiPhase::RedoubleAsk => {
                out.push(SidiAction::Pass);
                out.push(SidiAction::Redouble);
            }
            SidiPhase::Play if self.weis.pending() => {
                let hand = self.play.hand(self.play.to_play());
                self.weis.choices(hand, self.play.mode(), |weis| {
                    out.push(SidiAction::Weis { weis })
                });
            }
            SidiPhase::Play => {
                for card in self.play.legal_cards() {
                    out.push(SidiAction::Play { card });
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: SidiAction) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    fn deal_from_pack(&self, pack: &[Card; 36]) -> [CardSet; 4] {
        four_hands(pack, ((self.next_dealer() + 1) % 4) as usize)
    }

    fn apply_deal(&mut self, deal: [CardSet; 4]) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> SidiObservation {
        self.observation(seat)
    }
    /// Only the seat and its hand differ between the seats' observations: everything else (the
    /// auction, the Weis calls, the scored Weis, the tricks) is announced to all.
    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation(0))
    }
    /// A Weis as [`Visibility::of_weis`] (001: only a seat whose best item can still be called is
    /// asked).
    fn action_visibility(&self, action: SidiAction) -> Visibility {
        match action {
            SidiAction::Weis { weis } => Visibility::of_weis(!weis.is_empty()),
            _ => Visibility::Public,
        }
    }
}

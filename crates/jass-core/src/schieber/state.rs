//! The Schieber state machine: a whole game, deal after deal, until a team reaches the target.
//! Copyable and allocation-free on the hot path.

use serde::Serialize;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{check_four_hands, four_hands};
use crate::first_trick_weis::FirstTrickWeis;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove, Visibility};
use crate::mode::{Mode, PointTable, DEAL_POINTS, MATCH_BONUS};
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick::TrickRules;
use crate::trick_play::{DealPlay, TrickEnd, TrickPlay};
use crate::weis::{
    heard_weis_calls, stoeck_cards, stoeck_holder, team_weis_points, weis_call_heard,
    weis_call_values, Declaration, ShownWeis, WeisCall, WeisRules, STOECK_POINTS,
};

use super::options::{FirstForehand, SchieberOptions, ScoreItem};
use super::{Contract, SchieberAction};

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// Forehand (or the partner, after schieben) chooses the contract.
    Contract,
    /// Card play (with Weis declarations during the first trick).
    Play,
    /// A team has reached the target.
    Over,
}

/// Tallies of the current deal.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DealTally {
    /// Card points taken in tricks by each team (with the last-trick bonus), before Match and
    /// multiplier, whoever they are credited to.
    pub card_points: [u32; 2],
    /// Tricks taken by each team.
    pub tricks: [u8; 2],
    /// Match bonus credited to each team (100, or 157 for a counter-match), unmultiplied.
    pub match_bonus: [u32; 2],
    /// Weis points scored by each team, unmultiplied.
    pub weis: [u32; 2],
    /// Stöck points scored by each team, unmultiplied.
    pub stoeck: [u32; 2],
    /// Everything credited to each team this deal, multiplied.
    pub score: [u32; 2],
}

/// A Schieber game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Schieber {
    opts: SchieberOptions,
    phase: Phase,
    totals: [u32; 2],
    deals_started: u32,
    dealer: u8,
    forehand: u8,
    to_act: u8,
    schoben: bool,
    back: bool,
    chooser: u8,
    contract: Contract,
    has_contract: bool,
    points: PointTable,
    multiplier: u32,
    dealt: [CardSet; 4],
    /// The card play: hands, tricks, the mode of the trick in progress (in Slalom it changes).
    play: DealPlay,
    /// The Weis of the first trick: who is asked, who declared what.
    weis: FirstTrickWeis,
    weis_team: Option<u8>,
    weis_resolved: bool,
    stoeck_holder: Option<u8>,
    stoeck_watch: CardSet,
    stoeck_scored: bool,
    pending: [u32; 2],
    stoeck_just_announced: bool,
    tally: DealTally,
    winner: Option<u8>,
    bergpreis: Option<u8>,
}

/// Team of a seat: {0, 2} are team 0, {1, 3} team 1.
#[inline(always)]
pub const fn team(seat: u8) -> u8 {
    seat & 1
}

impl Schieber {
    /// A new game with these options; first the cards must be dealt.
    pub fn new(opts: SchieberOptions) -> Result<Schieber, String> {
        opts.validate()?;
        // With a named card the packets start at seat 0; once the cards are seen, the card's holder
        // is forehand and the seat before it is recorded as the dealer.
        let dealer = match opts.first_forehand {
            FirstForehand::Seat(s) => (s + 3) % 4,
            FirstForehand::Holder(_) => 3,
        };
        Ok(Schieber {
            opts,
            phase: Phase::Deal,
            totals: [0; 2],
            deals_started: 0,
            dealer,
            forehand: (dealer + 1) % 4,
            to_act: 0,
            schoben: false,
            back: false,
            chooser: 0,
            contract: Contract::Mode(Mode::Obenabe),
            has_contract: false,
            points: PointTable::new(Mode::Obenabe, opts.undenufe_eleven),
            multiplier: 1,
            dealt: [CardSet::EMPTY; 4],
            play: DealPlay::new(TrickPlay::with_rules(
                [CardSet::EMPTY; 4],
                Mode::Obenabe,
                PointTable::new(Mode::Obenabe, opts.undenufe_eleven),
                TrickRules::Strict,
                0,
            )),
            weis: FirstTrickWeis::new(opts.weis_rules()),
            weis_team: None,
            weis_resolved: false,
            stoeck_holder: None,
            stoeck_watch: CardSet::EMPTY,
            stoeck_scored: false,
            pending: [0; 2],
            stoeck_just_announced: false,
            tally: DealTally::default(),
            winner: None,
            bergpreis: None,
        })
    }

    /// The options.
    pub fn options(&self) -> &SchieberOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Running totals of the two teams (multiplied).
    pub fn totals(&self) -> [u32; 2] {
        self.totals
    }
    /// The winning team once the game is over.
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }
    /// The team that first reached half the target (or `bergpreis_line`), if the Bergpreis is
    /// played.
    pub fn bergpreis(&self) -> Option<u8> {
        self.bergpreis
    }
    /// True if the game is over and the losers have less than half the target (003 Schneider),
    /// or than `schneider_line`.
    pub fn schneider(&self) -> bool {
        match self.winner {
            Some(w) if self.opts.schneider => {
                self.totals[1 - w as usize] < self.opts.schneider_points()
            }
            _ => false,
        }
    }
    /// Number of deals begun.
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Dealer of the current deal (before the first deal: the seat whose right the packets start at).
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Forehand of the current deal.
    pub fn forehand(&self) -> u8 {
        self.forehand
    }
    /// The contract and who chose it, once chosen in the current (or last) deal.
    pub fn contract(&self) -> Option<(Contract, u8)> {
        if self.has_contract {
            Some((self.contract, self.chooser))
        } else {
            None
        }
    }
    /// Who leads the first trick of the current deal: forehand, or with `first_lead` `chooser`
    /// the player who chose the contract (forehand until a contract is chosen).
    pub fn first_leader(&self) -> u8 {
        if self.has_contract {
            self.opts.first_lead.leader(self.forehand, self.chooser)
        } else {
            self.forehand
        }
    }
    /// True if forehand schob in this deal.
    pub fn schoben(&self) -> bool {
        self.schoben
    }
    /// The multiplier of the current contract.
    pub fn multiplier(&self) -> u32 {
        self.multiplier
    }
    /// The hands as dealt in the current deal.
    pub fn dealt_hands(&self) -> [CardSet; 4] {
        self.dealt
    }
    /// The cards each seat still holds.
    pub fn hands(&self) -> [CardSet; 4] {
        self.play.hands()
    }
    /// Tallies of the current (or last) deal.
    pub fn tally(&self) -> DealTally {
        self.tally
    }
    /// Tricks completed in this deal.
    pub fn tricks_done(&self) -> u8 {
        self.play.tricks_done()
    }
    /// A completed trick of this deal: leader, cards in play order, winner, card points (with the
    /// last-trick bonus).
    pub fn completed_trick(&self, i: usize) -> (u8, [Card; 4], u8, u32) {
        self.play.completed(i)
    }
    /// The cards of the trick in progress.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }
    /// Who led the trick in progress.
    pub fn trick_leader(&self) -> u8 {
        self.play.leader()
    }
    /// The Weis each seat declared in this deal.
    pub fn declarations(&self) -> [Declaration; 4] {
        *self.weis.declarations()
    }
    /// The team whose Weis scored in this deal, once the first trick is complete.
    pub fn weis_team(&self) -> Option<u8> {
        self.weis_team
    }
    /// True if Stöck was scored during the last applied action: on the second of the two cards, or
    /// claimed with the game (then the holder need not be the seat that acted).
    pub fn stoeck_just_announced(&self) -> bool {
        self.stoeck_just_announced
    }
    /// The seat that holds Stöck in this deal (if Stöck is played and someone holds it).
    pub fn stoeck_holder(&self) -> Option<u8> {
        self.stoeck_holder
    }
    /// True if Stöck has been scored in this deal.
    pub fn stoeck_scored(&self) -> bool {
        self.stoeck_scored
    }
    /// The trump mode of the current deal; in Slalom, of the current trick (after the last
    /// trick: the first trick's).
    pub fn mode(&self) -> Mode {
        self.play.mode()
    }
    /// The mode in which Weis is declared and compared: the contract's, in Slalom the first
    /// trick's.
    #[inline]
    fn weis_mode(&self) -> Mode {
        self.contract.mode()
    }
    /// The point table of the current deal (in Slalom, of the current trick).
    pub fn point_table(&self) -> PointTable {
        self.points
    }

    /// The seat to act in the card play.
    #[inline(always)]
    fn player(&self) -> u8 {
        self.play.to_play()
    }

    /// Starts the game at a score: the teams' totals before its first deal, both below the
    /// target. For simulations and tests of a game's end; a record does not carry it, so such a
    /// game cannot be replayed from its record. Not with the Bergpreis (who reached half the
    /// target first is not known).
    pub fn start_at(&mut self, totals: [u32; 2]) -> Result<(), IllegalAction> {
        let fresh = self.deals_started == 0 && self.phase == Phase::Deal;
        crate::game::may_start_at(fresh, totals, self.opts.target)?;
        if self.opts.bergpreis {
            return Err(IllegalAction::new(
                "a game with the Bergpreis cannot start at a score",
            ));
        }
        self.totals = totals;
        Ok(())
    }

    /// Deals these hands (seat-indexed) for the next deal.
    pub fn deal(&mut self, hands: [CardSet; 4]) -> Result<(), IllegalAction> {
        if self.phase != Phase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        check_four_hands(&hands, "Schieber")?;
        if self.deals_started > 0 {
            // 003: the deal rotates; whoever was forehand deals next (also after the first deal,
            // where forehand was the holder of the named card).
            self.dealer = self.forehand;
            self.forehand = (self.dealer + 1) % 4;
        } else if let FirstForehand::Holder(card) = self.opts.first_forehand {
            // "Any player can deal the first hand" (003): we name the seat before the holder as
            // the dealer, so that forehand is the dealer's right in every deal (conventions.md).
            self.forehand = (0..4)
                .find(|&s| hands[s as usize].contains(card))
                .expect("the pack is complete");
            self.dealer = (self.forehand + 3) % 4;
        }
        self.deals_started += 1;
        self.dealt = hands;
        // The play waits for the contract (which rebuilds it in the contract's mode); forehand
        // leads.
        self.play = DealPlay::new(TrickPlay::with_rules(
            hands,
            self.play.mode(),
            self.points,
            TrickRules::Strict,
            self.forehand,
        ));
        self.phase = Phase::Contract;
        self.has_contract = false;
        self.to_act = self.forehand;
        self.schoben = false;
        self.back = false;
        self.weis.new_deal();
        self.weis_team = None;
        self.weis_resolved = false;
        self.stoeck_holder = None;
        self.stoeck_watch = CardSet::EMPTY;
        self.stoeck_scored = false;
        self.stoeck_just_announced = false;
        self.pending = [0; 2];
        self.tally = DealTally::default();
        Ok(())
    }

    fn choose(&mut self, seat: u8, contract: Contract) {
        self.chooser = seat;
        self.contract = contract;
        self.has_contract = true;
        self.points = contract.points(self.opts.undenufe_eleven);
        self.multiplier = self.opts.multipliers.of(contract);
        self.phase = Phase::Play;
        // Forehand leads to the first trick (003), or the chooser (`first_lead`).
        let hands = self.play.hands();
        self.play = DealPlay::new(TrickPlay::with_rules(
            hands,
            contract.mode(),
            self.points,
            TrickRules::Strict,
            self.first_leader(),
        ));
        let trump = contract.mode().trump();
        self.stoeck_holder = stoeck_holder(&hands, contract.mode(), self.opts.stoeck);
        self.stoeck_watch = match (self.stoeck_holder, trump) {
            (Some(_), Some(t)) => stoeck_cards(t),
            _ => CardSet::EMPTY,
        };
        self.update_weis_pending();
        // 003: "Stöck can be claimed and scored at any earlier time if the player thereby gets
        // enough points to win the game."
        self.checkpoint(false, false, None);
    }

    fn update_weis_pending(&mut self) {
        let seat = self.player();
        let hand = self.play.hand(seat);
        self.weis.ask(
            self.play.tricks_done(),
            seat,
            hand,
            self.weis_mode(),
            |_| true,
        );
    }

    /// Writes points on the slate (multiplied).
    fn write(&mut self, team: u8, raw: u32) {
        let add = raw * self.multiplier;
        self.tally.score[team as usize] += add;
        self.totals[team as usize] += add;
        self.check_bergpreis();
    }

    /// A trick's points (unmultiplied) credited to `team`, to be written at the hand's end or at a
    /// claim: what the team could claim grows, so the Bergpreis is looked at too.
    fn add_pending(&mut self, team: u8, raw: u32) {
        self.pending[team as usize] += raw;
        self.check_bergpreis();
    }

    /// Records the Bergpreis once a team has half the target: on the slate and its tricks of the
    /// hand so far (`bergpreis_by_tricks`; called by [`Self::write`] and [`Self::add_pending`],
    /// every change to either), or on the slate alone.
    fn check_bergpreis(&mut self) {
        if !self.opts.bergpreis || self.bergpreis.is_some() {
            return;
        }
        let half = self.opts.bergpreis_points();
        let now = [self.bergpreis_standing(0), self.bergpreis_standing(1)];
        let over = [now[0] >= half, now[1] >= half];
        self.bergpreis = match over {
            [true, true] => Some((now[1] > now[0]) as u8),
            [true, false] => Some(0),
            [false, true] => Some(1),
            _ => None,
        };
    }

    /// What counts toward the Bergpreis for `team` now: the slate and its tricks of the hand so
    /// far (`bergpreis_by_tricks`), or the slate alone.
    fn bergpreis_standing(&self, team: u8) -> u32 {
        if self.opts.bergpreis_by_tricks {
            self.claimable(team)
        } else {
            self.totals[team as usize]
        }
    }

    /// With `bergpreis_stoeck` (JassWiki, "Stöcke": "Gleiches gilt auch bei der Wertung für den
    /// Bergpreis"): the other team would reach the Bergpreis line with what falls due now (its
    /// Weis, its trick), and the 20 of Stöck alone take the holder's team `t` there, so the holder
    /// shows Stöck before it (as the target's claim may, 003).
    fn stoeck_takes_bergpreis(&self, t: u8, weis_due: bool, stich: Option<(u8, u32)>) -> bool {
        if !self.opts.bergpreis || !self.opts.bergpreis_stoeck || self.bergpreis.is_some() {
            return false;
        }
        let line = self.opts.bergpreis_points();
        let standing = |team: u8| self.bergpreis_standing(team);
        let o = 1 - t;
        let mut theirs = 0;
        if weis_due && self.weis_team == Some(o) {
            theirs += self.weis_points(o);
        }
        match stich {
            // A trick counts toward the Bergpreis only when it is judged with the tricks.
            Some((st, p)) if st == o && self.opts.bergpreis_by_tricks => theirs += p,
            _ => {}
        }
        theirs > 0
            && standing(o) + theirs * self.multiplier >= line
            && standing(t) + STOECK_POINTS * self.multiplier >= line
    }

    /// What a team would have on the slate if it claimed now: the slate plus its trick points of
    /// this hand not yet written (003 counts "the tricks made by the claiming partnership").
    #[inline]
    fn claimable(&self, team: u8) -> u32 {
        self.totals[team as usize] + self.pending[team as usize] * self.multiplier
    }

    fn score_stoeck(&mut self) {
        let t = team(
            self.stoeck_holder
                .expect("stoeck scored only with a holder"),
        );
        self.stoeck_scored = true;
        self.stoeck_just_announced = true;
        self.stoeck_watch = CardSet::EMPTY;
        self.tally.stoeck[t as usize] += STOECK_POINTS;
        self.write(t, STOECK_POINTS);
    }

    /// A team claims the game (003 "any player may at any time claim to have won"): its tricks
    /// of this hand are counted, a player who held Stöck may still score it, and play ends.
    fn win(&mut self, team: u8) {
        let p = std::mem::take(&mut self.pending[team as usize]);
        self.write(team, p);
        if self.stoeck_holder.is_some() && !self.stoeck_scored {
            self.score_stoeck();
        }
        self.winner = Some(team);
        self.phase = Phase::Over;
    }

    /// The end of a hand that nobody won during play: both teams' trick points go on the slate.
    fn count_hand(&mut self) {
        for t in 0..2u8 {
            let p = std::mem::take(&mut self.pending[t as usize]);
            let add = p * self.multiplier;
            self.tally.score[t as usize] += add;
            self.totals[t as usize] += add;
        }
        self.check_bergpreis();
        // Nobody can reach the target here without having claimed at the last trick, but keep
        // the rule whole: the higher total wins.
        let reached = [
            self.totals[0] >= self.opts.target,
            self.totals[1] >= self.opts.target,
        ];
        if reached[0] || reached[1] {
            let t = if reached[0] && reached[1] {
                (self.totals[1] > self.totals[0]) as u8
            } else {
                reached[1] as u8
            };
            self.winner = Some(t);
            self.phase = Phase::Over;
        } else {
            self.phase = Phase::Deal;
        }
    }

    fn weis_points(&self, team: u8) -> u32 {
        let Some(r) = self.weis.rules() else {
            return 0;
        };
        team_weis_points(self.weis.declarations(), team, self.weis_mode(), &r)
    }

    /// Scores what falls due at one moment in the configured order and ends the game the moment
    /// a team can claim the target (003 "Stöck-Weis-Stich"; Stöck and Weis go on the slate at
    /// once, trick points at the end of the hand or with a claim). `stich` is (team credited, raw
    /// points of the trick just completed, with last-trick bonus and Match).
    fn checkpoint(&mut self, stoeck_due: bool, weis_due: bool, stich: Option<(u8, u32)>) {
        let mut stoeck_due = stoeck_due;
        if !stoeck_due && !self.stoeck_scored {
            // 003: "Stöck can be claimed and scored at any earlier time if the player thereby gets
            // enough points to win the game." During the first trick, where the other team may
            // counter-claim, only when the house order puts Stöck first.
            if let Some(h) = self.stoeck_holder {
                let t = team(h);
                let mut gain = STOECK_POINTS;
                if weis_due && self.weis_team == Some(t) {
                    gain += self.weis_points(t);
                }
                if let Some((st, p)) = stich {
                    if st == t {
                        gain += p;
                    }
                }
                let first_trick_counter_claim = self.play.tricks_done() == 0
                    && self.opts.scoring_order.0[0] != ScoreItem::Stoeck;
                if !first_trick_counter_claim
                    && (self.claimable(t) + gain * self.multiplier >= self.opts.target
                        || self.stoeck_takes_bergpreis(t, weis_due, stich))
                {
                    stoeck_due = true;
                }
            }
        }
        let order = self.opts.scoring_order.0;
        for (i, item) in order.into_iter().enumerate() {
            let claimant = match item {
                ScoreItem::Stoeck if stoeck_due && !self.stoeck_scored => {
                    self.score_stoeck();
                    Some(team(self.stoeck_holder.expect("holder")))
                }
                ScoreItem::Weis if weis_due => self.weis_team.inspect(|&t| self.score_weis(t)),
                ScoreItem::Stich => stich.map(|(t, p)| {
                    self.add_pending(t, p);
                    t
                }),
                _ => None,
            };
            if let Some(t) = claimant {
                if self.claimable(t) >= self.opts.target {
                    if self.opts.claim_counts_all {
                        // 003: on a claim "the tricks made by the claiming partnership are
                        // counted and scored"; its Weis due now goes on the slate as well.
                        for later in &order[i + 1..] {
                            match later {
                                ScoreItem::Weis if weis_due && self.weis_team == Some(t) => {
                                    self.score_weis(t)
                                }
                                ScoreItem::Stich => match stich {
                                    Some((st, p)) if st == t => self.add_pending(t, p),
                                    _ => {}
                                },
                                _ => {}
                            }
                        }
                    }
                    self.win(t);
                    return;
                }
            }
        }
    }

    /// Writes the Weis of team `t` on the slate.
    fn score_weis(&mut self, t: u8) {
        let p = self.weis_points(t);
        self.tally.weis[t as usize] += p;
        self.write(t, p);
    }

    /// The team with the best single Weis: value, length, height, trump, then the earlier player
    /// from forehand (003, 000): in the order of the first trick, whoever leads it.
    fn resolve_weis(&mut self) {
        self.weis_resolved = true;
        self.weis_team = self
            .weis
            .best_declarer(self.first_leader(), self.weis_mode())
            .map(team);
    }

    #[inline]
    fn play_card(&mut self, seat: u8, card: Card) {
        let done = self.play.play(card);
        // 003: Stöck "as she plays the second of them". `stoeck_watch` holds the two cards while
        // the holder's Stöck is unscored.
        let stoeck_due = self.stoeck_watch.contains(card)
            && (self.play.hand(seat) & self.stoeck_watch).is_empty();
        let Some(end) = done else {
            if stoeck_due || !self.stoeck_watch.is_empty() {
                self.checkpoint(stoeck_due, false, None);
                if self.phase == Phase::Over {
                    return;
                }
            }
            if self.play.tricks_done() == 0 {
                self.update_weis_pending();
            }
            return;
        };
        self.end_trick(end, stoeck_due);
    }

    fn end_trick(&mut self, end: TrickEnd, stoeck_due: bool) {
        let wt = team(end.winner);
        let p = end.points;
        let tricks_done = self.play.tricks_done();
        self.tally.card_points[wt as usize] += p;
        self.tally.tricks[wt as usize] += 1;
        // Misère (004): "all points won from Stich are given to the opposite teams".
        let credited = if self.contract == Contract::Misere {
            1 - wt
        } else {
            wt
        };
        let mut raw = p;
        if self.tally.tricks[wt as usize] == 9 {
            // Match. 004 counter-match: the team that did not choose takes every trick and its
            // Stich is doubled instead.
            let bonus = if self.opts.counter_match && wt != team(self.chooser) {
                DEAL_POINTS
            } else if self.opts.match_bonus {
                MATCH_BONUS
            } else {
                0
            };
            self.tally.match_bonus[credited as usize] += bonus;
            raw += bonus;
        }
        let mut weis_due = false;
        if tricks_done == 1 {
            self.resolve_weis();
            weis_due = self.weis.rules().is_some();
        }
        if self.contract.is_slalom() && tricks_done < 9 {
            // Slalom: the next trick in the other mode (after the ninth the first trick's stays).
            self.play
                .set_mode(self.contract.trick_mode(tricks_done as usize));
        }
        if !stoeck_due && !weis_due && self.stoeck_watch.is_empty() {
            // The common case: only the trick's points fall due.
            self.add_pending(credited, raw);
            if self.claimable(credited) >= self.opts.target {
                self.win(credited);
                return;
            }
        } else {
            self.checkpoint(stoeck_due, weis_due, Some((credited, raw)));
            if self.phase == Phase::Over {
                return;
            }
        }
        if tricks_done == 9 {
            self.count_hand();
        } else {
            self.weis.stop_asking();
        }
    }

    /// Legal cards of the seat to play (empty outside card play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Play || self.weis.pending() {
            return CardSet::EMPTY;
        }
        self.play.legal_cards()
    }

    /// What a seat may see now.
    pub fn observation(&self, seat: usize) -> SchieberObservation {
        self.observation_as(Some(seat))
    }

    /// What everyone at the table sees (no hand, no Weis call that only its caller hears), as
    /// JSON: the observation without `seat` and `hand`.
    pub fn public_view(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }

    /// The observation of `seat`, or of a spectator (`None`: an empty hand, only public calls).
    fn observation_as(&self, seat: Option<usize>) -> SchieberObservation {
        let seat8 = seat.map_or(u8::MAX, |s| s as u8);
        let tricks = TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i));
        let mut calls = Vec::new();
        let mut shown = Vec::new();
        if let Some(r) = &self.weis.rules() {
            let best = self.weis_call_values(r);
            let first = self.first_leader();
            let heard = heard_weis_calls(first, best, seat8);
            for i in 0..4u8 {
                let s = (first + i) % 4;
                if let Some(points) = heard[s as usize] {
                    calls.push(WeisCall { seat: s, points });
                }
                // The scoring team's Weis may be asked to be shown (003), so it is public.
                if best[s as usize].is_some()
                    && self.weis_resolved
                    && self.weis_team == Some(team(s))
                {
                    shown.push(ShownWeis {
                        seat: s,
                        weis: self.weis.declarations()[s as usize],
                    });
                }
            }
        }
        let in_deal = matches!(self.phase, Phase::Contract | Phase::Play) || self.deals_started > 0;
        SchieberObservation {
            seat: seat8,
            phase: self.phase,
            hand: match seat {
                Some(seat) if in_deal => self.play.hand(seat as u8),
                _ => CardSet::EMPTY,
            },
            dealer: self.dealer,
            forehand: self.forehand,
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            schoben: self.schoben,
            contract: self.contract().map(|(c, _)| c),
            chooser: self.contract().map(|(_, s)| s),
            trick_leader: self.play.leader(),
            trick: self.current_trick().to_vec(),
            tricks,
            weis_calls: calls,
            weis_shown: shown,
            stoeck: if self.stoeck_scored {
                self.stoeck_holder
            } else {
                None
            },
            deal_score: self.tally.score,
            totals: self.totals,
            target: self.opts.target,
        }
    }

    /// Plays a card for the seat to play without checking it (the fast simulator's path; the
    /// card must be one of [`Schieber::legal_cards`]).
    #[inline]
    pub fn play_unchecked(&mut self, card: Card) {
        self.stoeck_just_announced = false;
        self.play_card(self.player(), card);
    }

    /// Plays an action without checking it (for the fast simulator; the caller guarantees it is
    /// legal, e.g. drawn from [`Game::legal_actions`]).
    #[inline]
    pub fn apply_unchecked(&mut self, action: SchieberAction) {
        self.stoeck_just_announced = false;
        match action {
            SchieberAction::Schieben => {
                if self.to_act == self.forehand {
                    self.schoben = true;
                } else {
                    self.back = true;
                }
                self.to_act = (self.to_act + 2) % 4;
            }
            SchieberAction::Contract { contract } => self.choose(self.to_act, contract),
            SchieberAction::Weis { weis } => self.weis.declare(self.player(), weis),
            SchieberAction::Play { card } => self.play_card(self.player(), card),
        }
    }

    fn check(&self, action: SchieberAction) -> Result<(), IllegalAction> {
        let seat = self.to_move().seat_to_act()?;
        match (self.phase, action) {
            (Phase::Contract, SchieberAction::Schieben) => {
                // Forehand may shove once; the partner shoves back only with zurückschieben.
                if (seat == self.forehand && !self.schoben)
                    || (seat != self.forehand && self.opts.zurueckschieben && !self.back)
                {
                    Ok(())
                } else if seat == self.forehand {
                    Err(IllegalAction::new(format!(
                        "seat {seat} was shoved back to and must choose a contract"
                    )))
                } else {
                    Err(IllegalAction::new(format!(
                        "seat {seat} was shoved to and must choose a contract (zurückschieben is not allowed)"
                    )))
                }
            }
            (Phase::Contract, SchieberAction::Contract { contract }) => {
                if self.opts.contracts().any(|c| c == contract) {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "contract {contract} is not allowed under these options"
                    )))
                }
            }
            (Phase::Play, SchieberAction::Weis { weis }) => {
                let when = || "only while playing to the first trick, before the card".to_string();
                let hand = self.play.hand(seat);
                self.weis
                    .check_declaration(seat, weis, hand, self.weis_mode(), when)
                    .map(|_| ())
            }
            (Phase::Play, SchieberAction::Play { card }) => {
                self.weis.check_card(seat)?;
                self.play.check_card(seat, card)
            }
            (p, a) => Err(IllegalAction::new(format!(
                "{a} is not possible in the {p:?} phase"
            ))),
        }
    }
}

impl Game for Schieber {
    type Action = SchieberAction;
    type Observation = SchieberObservation;
    type Deal = [CardSet; 4];

    fn name(&self) -> &'static str {
        "schieber"
    }

    fn seats(&self) -> usize {
        4
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Deal => ToMove::Deal,
            Phase::Contract => ToMove::Seat(self.to_act as usize),
            Phase::Play => ToMove::Seat(self.player() as usize),
            Phase::Over => ToMove::Over,
        }
    }

    #[inline]
    fn legal_actions(&self, out: &mut ActionList<SchieberAction>) {
        out.clear();
        match self.phase {
            Phase::Contract => {
                for c in self.opts.contracts() {
                    out.push(SchieberAction::Contract { contract: c });
                }
                let may_shove = if self.to_act == self.forehand {
                    !self.schoben
                } else {
                    self.opts.zurueckschieben && !self.back
                };
                if may_shove {
                    out.push(SchieberAction::Schieben);
                }
            }
            Phase::Play if self.weis.pending() => {
                let hand = self.play.hand(self.player());
                self.weis.choices(hand, self.weis_mode(), |weis| {
                    out.push(SchieberAction::Weis { weis })
                });
            }
            Phase::Play => {
                for card in self.legal_cards() {
                    out.push(SchieberAction::Play { card });
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: SchieberAction) -> Result<(), IllegalAction> {
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

    fn observe(&self, seat: usize) -> SchieberObservation {
        self.observation(seat)
    }
    fn public_view_json(&self) -> serde_json::Value {
        self.public_view()
    }
    /// A Weis as [`Visibility::of_weis`]; everything else is played openly.
    fn action_visibility(&self, action: SchieberAction) -> Visibility {
        match action {
            SchieberAction::Weis { weis } => {
                Visibility::of_weis(self.weis.rules().as_ref().is_some_and(|r| {
                    weis_call_heard(
                        self.first_leader(),
                        self.weis_call_values(r),
                        &weis,
                        self.weis_mode(),
                        r,
                    )
                }))
            }
            _ => Visibility::Public,
        }
    }
}

impl Schieber {
    /// The value of each seat's best declared combination (`None`: nothing declared, or not yet).
    fn weis_call_values(&self, r: &WeisRules) -> [Option<u32>; 4] {
        weis_call_values(self.weis.declarations(), self.weis_mode(), r)
    }

    /// The dealer of the coming deal.
    pub fn next_dealer(&self) -> u8 {
        if self.deals_started == 0 {
            self.dealer
        } else {
            self.forehand
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SchieberObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: Phase,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Forehand of this deal.
    pub forehand: u8,
    /// Who acts next, if a player does.
    pub to_move: Option<u8>,
    /// Forehand schob.
    pub schoben: bool,
    /// The contract, once chosen.
    pub contract: Option<Contract>,
    /// Who chose it.
    pub chooser: Option<u8>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// Cards of the current trick.
    pub trick: Vec<Card>,
    /// Completed tricks of this deal.
    pub tricks: Vec<ObservedTrick>,
    /// Weis announcements (values only).
    pub weis_calls: Vec<WeisCall>,
    /// The scoring team's Weis, shown after the first trick.
    pub weis_shown: Vec<ShownWeis>,
    /// Who announced Stöck.
    pub stoeck: Option<u8>,
    /// Points credited this deal (multiplied).
    pub deal_score: [u32; 2],
    /// Running totals.
    pub totals: [u32; 2],
    /// The target.
    pub target: u32,
}

impl SchieberObservation {
    /// Who led (or leads) the first trick of this deal: forehand, or with `first_lead` `chooser`
    /// the chooser; the order in which the Weis were called. Forehand before the contract.
    pub fn first_leader(&self) -> u8 {
        match (self.tricks.first(), self.chooser) {
            (Some(t), _) => t.leader,
            (None, Some(_)) => self.trick_leader,
            (None, None) => self.forehand,
        }
    }
}

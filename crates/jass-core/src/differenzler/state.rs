//! The Differenzler state machine: deal after deal (trump, announcements, play, scoring) for the
//! number of deals of the options. Copyable and allocation-free.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{check_four_hands, four_hands};
use crate::first_trick_weis::FirstTrickWeis;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove, Visibility};
use crate::mode::{Mode, PointTable};
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick_play::{DealPlay, TrickPlay};
use crate::weis::{
    heard_weis_calls, stoeck_cards, stoeck_holder, weis_call_heard, weis_call_values, Declaration,
    ShownWeis, WeisCall, WeisRules, STOECK_POINTS,
};

use super::options::{Announcements, DifferenzlerOptions, TrumpRule, MAX_ANNOUNCEMENT};
use super::DifferenzlerAction;

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DifferenzlerPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// Forehand names the trump (option `trump = chosen`).
    Trump,
    /// The announcements, from forehand; the dealer last.
    Announce,
    /// Card play (with Weis declarations during the first trick when Weis is on).
    Play,
    /// The game is over.
    Over,
}

/// The cards of one deal and what the deal itself fixes about the trump.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerDeal {
    /// Each seat's nine cards.
    pub hands: [CardSet; 4],
    /// `trump = turned`: the dealer's last card, turned face up (it must be in the dealer's hand).
    pub trump_card: Option<Card>,
    /// `trump = random`: the drawn trump. With `rotation` it may be given and must then match.
    pub trump: Option<Mode>,
}

/// A uniformly random trump mode (one of `modes`, 4 or 6 of them) drawn from a shuffled pack in a
/// way that is independent of how the cards fall into hands: from the order of the three cards
/// within each of the first two packets dealt (each order is one of 6, uniform and independent of
/// the hands, so `p0 + 6·p1` is uniform on 0..36, and 36 is a multiple of 4 and 6).
pub fn random_trump(pack: &[Card; 36], obenabe_undenufe: bool) -> Mode {
    let order = |k: usize| -> usize {
        let (a, b, c) = (
            pack[3 * k].index(),
            pack[3 * k + 1].index(),
            pack[3 * k + 2].index(),
        );
        ((b < a) as usize + (c < a) as usize) * 2 + (c < b) as usize
    };
    let r = order(0) + 6 * order(1);
    let n = if obenabe_undenufe { 6 } else { 4 };
    Mode::ALL[r % n]
}

/// The figures of the current (or last) deal, per seat. `difference` and `penalty` are filled in
/// when the deal is over (`scored`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DifferenzlerTally {
    /// Card points taken in tricks (with the last-trick bonus).
    pub card_points: [u32; 4],
    /// Tricks taken.
    pub tricks: [u8; 4],
    /// Weis scored (option `weis`).
    pub weis: [u32; 4],
    /// Stöck scored (option `stoeck`).
    pub stoeck: [u32; 4],
    /// Points taken: card points + Weis + Stöck.
    pub taken: [u32; 4],
    /// |announced − taken|.
    pub difference: [u32; 4],
    /// The deal's penalty: the difference, plus `miss_penalty` on a miss, less `exact_bonus` on an
    /// exact hit.
    pub penalty: [i32; 4],
    /// True once the deal is over and scored.
    pub scored: bool,
}

/// A Differenzler game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Differenzler {
    opts: DifferenzlerOptions,
    phase: DifferenzlerPhase,
    totals: [i32; 4],
    deals_started: u32,
    dealer: u8,
    dealt: [CardSet; 4],
    trump_card: Option<Card>,
    mode: Option<Mode>,
    to_act: u8,
    announced: [Option<u32>; 4],
    play: DealPlay,
    /// The Weis of the first trick: who is asked, who declared what.
    weis: FirstTrickWeis,
    weis_seat: Option<u8>,
    stoeck_holder: Option<u8>,
    stoeck_scored: bool,
    stoeck_just: bool,
    tally: DifferenzlerTally,
}

impl Differenzler {
    /// The value of each seat's best declared combination (`None`: nothing declared, or not yet).
    fn weis_call_values(&self, r: &WeisRules) -> [Option<u32>; 4] {
        weis_call_values(self.weis.declarations(), self.play.mode(), r)
    }

    /// Who leads the first trick, where the Weis are called in playing order.
    fn first_leader(&self) -> u8 {
        if self.play.tricks_done() > 0 {
            self.play.completed(0).0
        } else {
            self.play.leader()
        }
    }

    /// A new game; first the cards must be dealt.
    pub fn new(opts: DifferenzlerOptions) -> Result<Differenzler, String> {
        opts.validate()?;
        let m = Mode::Obenabe;
        Ok(Differenzler {
            opts,
            phase: DifferenzlerPhase::Deal,
            totals: [0; 4],
            deals_started: 0,
            dealer: opts.first_dealer,
            dealt: [CardSet::EMPTY; 4],
            trump_card: None,
            mode: None,
            to_act: 0,
            announced: [None; 4],
            play: DealPlay::new(TrickPlay::with_rules(
                [CardSet::EMPTY; 4],
                m,
                PointTable::new(m, opts.undenufe_eleven),
                opts.trick_rules,
                0,
            )),
            weis: FirstTrickWeis::new(opts.weis_rules()),
            weis_seat: None,
            stoeck_holder: None,
            stoeck_scored: false,
            stoeck_just: false,
            tally: DifferenzlerTally::default(),
        })
    }

    /// The options.
    pub fn options(&self) -> &DifferenzlerOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> DifferenzlerPhase {
        self.phase
    }
    /// Total penalties per seat.
    pub fn totals(&self) -> [i32; 4] {
        self.totals
    }
    /// Deals begun.
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Dealer of the current deal.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Forehand of the current deal (the dealer's right, the next seat in playing order): names
    /// the trump when it is chosen, announces first and leads to the first trick.
    pub fn forehand(&self) -> u8 {
        (self.dealer + 1) % 4
    }
    /// The dealer of the coming deal: the turn to deal passes to the next seat.
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
    /// The turned card (`trump = turned`).
    pub fn trump_card(&self) -> Option<Card> {
        self.trump_card
    }
    /// The trump mode of the deal, once known.
    pub fn mode(&self) -> Option<Mode> {
        self.mode
    }
    /// The announcements of this deal so far (all of them: the engine's view).
    pub fn announcements(&self) -> [Option<u32>; 4] {
        self.announced
    }
    /// The figures of the current (or last) deal.
    pub fn tally(&self) -> DifferenzlerTally {
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
        if self.phase == DifferenzlerPhase::Play {
            self.play.current()
        } else {
            &[]
        }
    }
    /// The Weis declared by each seat.
    pub fn declarations(&self) -> [Declaration; 4] {
        *self.weis.declarations()
    }
    /// The seat whose Weis scored (after the first trick).
    pub fn weis_seat(&self) -> Option<u8> {
        self.weis_seat
    }
    /// True if the last action made Stöck count (its holder played the second card).
    pub fn stoeck_just_announced(&self) -> bool {
        self.stoeck_just
    }
    /// The seat holding Stöck this deal (with the option on and a trump suit).
    pub fn stoeck_holder(&self) -> Option<u8> {
        self.stoeck_holder
    }
    /// The winners once the game is over: every seat with the lowest total penalty (ties share).
    pub fn winners(&self) -> Vec<u8> {
        if self.phase != DifferenzlerPhase::Over {
            return Vec::new();
        }
        let min = *self.totals.iter().min().expect("four seats");
        (0..4u8)
            .filter(|&s| self.totals[s as usize] == min)
            .collect()
    }

    /// The trump of deal `number` (1-based) under `trump = rotation`.
    pub fn rotation_mode(&self, number: u32) -> Mode {
        let modes: Vec<Mode> = self.opts.modes().collect();
        modes[((number - 1) as usize) % modes.len()]
    }

    /// Deals the next deal.
    pub fn deal(&mut self, d: DifferenzlerDeal) -> Result<(), IllegalAction> {
        if self.phase != DifferenzlerPhase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        check_four_hands(&d.hands, "Differenzler")?;
        let dealer = self.next_dealer();
        let number = self.deals_started + 1;
        let rule = self.opts.trump;
        let mode = match rule {
            TrumpRule::Turned => {
                let Some(c) = d.trump_card else {
                    return Err(IllegalAction::new(
                        "trump = turned: the deal needs the turned card (the dealer's last card)",
                    ));
                };
                if !d.hands[dealer as usize].contains(c) {
                    return Err(IllegalAction::new(format!(
                        "the turned card {c} is not in the dealer's (seat {dealer}) hand"
                    )));
                }
                if d.trump.is_some_and(|m| m != Mode::Trump(c.suit())) {
                    return Err(IllegalAction::new(format!(
                        "the turned card {c} makes {} trump, not {}",
                        c.suit().letter(),
                        d.trump.expect("some")
                    )));
                }
                Some(Mode::Trump(c.suit()))
            }
            TrumpRule::Random => {
                let Some(m) = d.trump else {
                    return Err(IllegalAction::new(
                        "trump = random: the deal needs the drawn trump",
                    ));
                };
                if !self.opts.modes().any(|x| x == m) {
                    return Err(IllegalAction::new(format!(
                        "{m} cannot be drawn under these options"
                    )));
                }
                Some(m)
            }
            TrumpRule::Rotation => {
                let m = self.rotation_mode(number);
                if d.trump.is_some_and(|x| x != m) {
                    return Err(IllegalAction::new(format!(
                        "deal {number} is played in {m} by the rotation, not {}",
                        d.trump.expect("some")
                    )));
                }
                Some(m)
            }
            TrumpRule::Chosen => {
                if d.trump.is_some() {
                    return Err(IllegalAction::new(
                        "trump = chosen: forehand names the trump; the deal must not fix it",
                    ));
                }
                None
            }
        };
        if rule != TrumpRule::Turned && d.trump_card.is_some() {
            return Err(IllegalAction::new(
                "a turned card is only dealt with trump = turned",
            ));
        }
        self.dealer = dealer;
        self.deals_started = number;
        self.dealt = d.hands;
        self.trump_card = d.trump_card;
        self.mode = mode;
        let m = mode.unwrap_or(Mode::Obenabe);
        self.play = DealPlay::new(TrickPlay::with_rules(
            d.hands,
            m,
            PointTable::new(m, self.opts.undenufe_eleven),
            self.opts.trick_rules,
            self.forehand(),
        ));
        self.to_act = self.forehand();
        self.phase = if mode.is_some() {
            DifferenzlerPhase::Announce
        } else {
            DifferenzlerPhase::Trump
        };
        self.announced = [None; 4];
        self.weis.new_deal();
        self.weis_seat = None;
        self.stoeck_holder = None;
        self.stoeck_scored = false;
        self.stoeck_just = false;
        self.tally = DifferenzlerTally::default();
        Ok(())
    }

    fn start_play(&mut self) {
        let mode = self.mode.expect("a trump before play");
        // Forehand leads to the first trick.
        self.play = DealPlay::new(TrickPlay::with_rules(
            self.dealt,
            mode,
            PointTable::new(mode, self.opts.undenufe_eleven),
            self.opts.trick_rules,
            self.forehand(),
        ));
        self.phase = DifferenzlerPhase::Play;
        self.stoeck_holder = stoeck_holder(&self.dealt, mode, self.opts.stoeck);
        self.update_weis_pending();
    }

    fn update_weis_pending(&mut self) {
        let seat = self.play.to_play();
        let hand = self.play.hand(seat);
        self.weis.ask(
            self.play.tricks_done(),
            seat,
            hand,
            self.play.mode(),
            |_| true,
        );
    }

    /// End of the first trick: the player with the best single declared item scores all he
    /// declared; nobody else scores Weis.
    fn resolve_weis(&mut self) {
        let Some(r) = self.weis.rules() else { return };
        let mode = self.play.mode();
        let (first, _, _, _) = self.play.completed(0);
        if let Some(seat) = self.weis.best_declarer(first, mode) {
            self.weis_seat = Some(seat);
            self.tally.weis[seat as usize] =
                self.weis.declarations()[seat as usize].points(mode, &r);
        }
    }

    fn play_card(&mut self, card: Card) {
        let seat = self.play.to_play();
        let done = self.play.play(card);
        if Some(seat) == self.stoeck_holder && !self.stoeck_scored {
            let t = self
                .play
                .mode()
                .trump()
                .expect("stoeck only with a trump suit");
            let played = self.dealt[seat as usize] - self.play.hand(seat);
            if played.contains_all(stoeck_cards(t)) {
                // Announced as the holder plays the second of King and Ober of trumps.
                self.stoeck_scored = true;
                self.stoeck_just = true;
                self.tally.stoeck[seat as usize] = STOECK_POINTS;
            }
        }
        if done.is_some() && self.play.tricks_done() == 1 {
            self.resolve_weis();
        }
        for s in 0..4 {
            self.tally.card_points[s] = self.play.taken()[s];
            self.tally.tricks[s] = self.play.seat_tricks()[s];
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
        let o = self.opts;
        let t = &mut self.tally;
        for s in 0..4 {
            t.taken[s] = t.card_points[s] + t.weis[s] + t.stoeck[s];
            let ann = self.announced[s].expect("every seat announced");
            t.difference[s] = ann.abs_diff(t.taken[s]);
            let p = o.penalty(ann, t.taken[s], t.tricks[s]);
            t.penalty[s] = p;
            self.totals[s] += p;
        }
        t.scored = true;
        self.phase = if self.deals_started >= o.deals {
            DifferenzlerPhase::Over
        } else {
            DifferenzlerPhase::Deal
        };
    }

    /// Legal cards of the seat to play (empty outside card play or while Weis is asked).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != DifferenzlerPhase::Play || self.weis.pending() {
            return CardSet::EMPTY;
        }
        self.play.legal_cards()
    }

    fn check(&self, action: DifferenzlerAction) -> Result<(), IllegalAction> {
        let seat = self.to_move().seat_to_act()?;
        match (self.phase, action) {
            (DifferenzlerPhase::Trump, DifferenzlerAction::Trump { trump }) => {
                if self.opts.modes().any(|m| m == trump) {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "{trump} may not be chosen: obenabe_undenufe is off"
                    )))
                }
            }
            (DifferenzlerPhase::Announce, DifferenzlerAction::Announce { points }) => {
                if points <= MAX_ANNOUNCEMENT {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "seat {seat} announces {points}: announcements are 0 to {MAX_ANNOUNCEMENT}"
                    )))
                }
            }
            (DifferenzlerPhase::Play, DifferenzlerAction::Weis { weis }) => {
                let when = || {
                    "only while playing to the first trick, before the card, holding a Weis"
                        .to_string()
                };
                let hand = self.play.hand(seat);
                self.weis
                    .check_declaration(seat, weis, hand, self.play.mode(), when)
                    .map(|_| ())
            }
            (DifferenzlerPhase::Play, DifferenzlerAction::Play { card }) => {
                self.weis.check_card(seat)?;
                self.play.check_card(seat, card)
            }
            (p, a) => Err(IllegalAction::new(format!(
                "{a} is not possible in the {p:?} phase"
            ))),
        }
    }

    /// Applies an action without checking it (the caller guarantees it is legal).
    pub fn apply_unchecked(&mut self, action: DifferenzlerAction) {
        self.stoeck_just = false;
        match (self.phase, action) {
            (DifferenzlerPhase::Trump, DifferenzlerAction::Trump { trump }) => {
                self.mode = Some(trump);
                self.phase = DifferenzlerPhase::Announce;
                self.to_act = self.forehand();
            }
            (DifferenzlerPhase::Announce, DifferenzlerAction::Announce { points }) => {
                self.announced[self.to_act as usize] = Some(points);
                self.to_act = (self.to_act + 1) % 4;
                if self.to_act == self.forehand() {
                    self.start_play();
                }
            }
            (DifferenzlerPhase::Play, DifferenzlerAction::Weis { weis }) => {
                let seat = self.play.to_play() as usize;
                self.weis.declare(seat as u8, weis);
            }
            (DifferenzlerPhase::Play, DifferenzlerAction::Play { card }) => self.play_card(card),
            _ => {}
        }
    }

    /// What a seat may see now: its own hand, the trump (and the turned card), its own
    /// announcement (the others' only once heard: open announcements, or after the deal), the
    /// Weis calls and the scoring Weis, the tricks; never another seat's cards.
    pub fn observation(&self, seat: usize) -> DifferenzlerObservation {
        self.observation_as(Some(seat))
    }

    /// The observation of `seat`, or of a spectator (`None`: no hand, only the announcements
    /// heard by all).
    fn observation_as(&self, seat: Option<usize>) -> DifferenzlerObservation {
        let tricks = TrickRecord::first(self.play.tricks_done(), |i| self.play.completed(i));
        let mut weis_calls = Vec::new();
        let mut weis_shown = Vec::new();
        if let (Some(r), true) = (
            self.weis.rules(),
            self.phase != DifferenzlerPhase::Announce && self.phase != DifferenzlerPhase::Trump,
        ) {
            let best = self.weis_call_values(&r);
            // The Schieber rule: a call lower than one heard before it in the first trick stays
            // silent (003: announced "if it is at least as great as any which has so far been
            // announced"); here it can never score, since only the best single declarer does.
            let first_leader = self.first_leader();
            let observer = seat.map_or(u8::MAX, |s| s as u8);
            let heard = heard_weis_calls(first_leader, best, observer);
            for i in 0..4u8 {
                let s = (first_leader + i) % 4;
                if let Some(points) = heard[s as usize] {
                    weis_calls.push(WeisCall { seat: s, points });
                }
            }
            if let Some(s) = self.weis_seat {
                weis_shown.push(ShownWeis {
                    seat: s,
                    weis: self.weis.declarations()[s as usize],
                });
            }
        }
        let revealed = self.opts.announcements == Announcements::Open || self.tally.scored;
        let announcements = std::array::from_fn(|s| {
            if Some(s) == seat || revealed {
                self.announced[s]
            } else {
                None
            }
        });
        let started = self.deals_started > 0;
        DifferenzlerObservation {
            seat: seat.map_or(u8::MAX, |s| s as u8),
            phase: self.phase,
            deal_number: self.deals_started,
            deals: self.opts.deals,
            hand: match seat {
                Some(seat) if started => self.play.hands()[seat],
                _ => CardSet::EMPTY,
            },
            dealer: self.dealer,
            forehand: self.forehand(),
            trump: self.mode,
            trump_card: self.trump_card,
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            announcements,
            announced: std::array::from_fn(|s| self.announced[s].is_some()),
            trick_leader: self.play.leader(),
            trick: self.current_trick().to_vec(),
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
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DifferenzlerObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: DifferenzlerPhase,
    /// The current deal (1-based; 0 before the first).
    pub deal_number: u32,
    /// Deals in the game.
    pub deals: u32,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Forehand of this deal.
    pub forehand: u8,
    /// The trump mode, once known.
    pub trump: Option<Mode>,
    /// The turned card (face up for all; the dealer holds it until he plays it).
    pub trump_card: Option<Card>,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// Announcements this seat knows: its own; the others' if open, or once the deal is over.
    pub announcements: [Option<u32>; 4],
    /// Which seats have announced (public even when the numbers are hidden).
    pub announced: [bool; 4],
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// Weis calls: the value of each declarer's best item.
    pub weis_calls: Vec<WeisCall>,
    /// The scoring Weis, shown after the first trick.
    pub weis_shown: Vec<ShownWeis>,
    /// Who scored Stöck.
    pub stoeck: Option<u8>,
    /// This deal's figures (differences and penalties once `scored`).
    pub deal_tally: DifferenzlerTally,
    /// Total penalties.
    pub totals: [i32; 4],
}

impl Game for Differenzler {
    type Action = DifferenzlerAction;
    type Observation = DifferenzlerObservation;
    type Deal = DifferenzlerDeal;

    fn name(&self) -> &'static str {
        "differenzler"
    }

    fn seats(&self) -> usize {
        4
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            DifferenzlerPhase::Deal => ToMove::Deal,
            DifferenzlerPhase::Trump | DifferenzlerPhase::Announce => {
                ToMove::Seat(self.to_act as usize)
            }
            DifferenzlerPhase::Play => ToMove::Seat(self.play.to_play() as usize),
            DifferenzlerPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<DifferenzlerAction>) {
        out.clear();
        match self.phase {
            DifferenzlerPhase::Trump => {
                for m in self.opts.modes() {
                    out.push(DifferenzlerAction::Trump { trump: m });
                }
            }
            DifferenzlerPhase::Announce => {
                for points in 0..=MAX_ANNOUNCEMENT {
                    out.push(DifferenzlerAction::Announce { points });
                }
            }
            DifferenzlerPhase::Play if self.weis.pending() => {
                let hand = self.play.hand(self.play.to_play());
                self.weis.choices(hand, self.play.mode(), |weis| {
                    out.push(DifferenzlerAction::Weis { weis })
                });
            }
            DifferenzlerPhase::Play => {
                for card in self.play.legal_cards() {
                    out.push(DifferenzlerAction::Play { card });
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: DifferenzlerAction) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// Nine cards each in packets of three from forehand, so the last card of the pack is the
    /// dealer's; it is the turned card with `trump = turned`.
    fn deal_from_pack(&self, pack: &[Card; 36]) -> DifferenzlerDeal {
        let forehand = ((self.next_dealer() + 1) % 4) as usize;
        let hands = four_hands(pack, forehand);
        match self.opts.trump {
            TrumpRule::Turned => DifferenzlerDeal {
                hands,
                trump_card: Some(pack[35]),
                trump: None,
            },
            TrumpRule::Random => DifferenzlerDeal {
                hands,
                trump_card: None,
                trump: Some(random_trump(pack, self.opts.obenabe_undenufe)),
            },
            _ => DifferenzlerDeal {
                hands,
                trump_card: None,
                trump: None,
            },
        }
    }

    fn apply_deal(&mut self, deal: DifferenzlerDeal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> DifferenzlerObservation {
        self.observation(seat)
    }
    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }
    /// A hidden announcement: only its kind (open ones are heard); a Weis as
    /// [`Visibility::of_weis`].
    fn action_visibility(&self, action: DifferenzlerAction) -> Visibility {
        match action {
            DifferenzlerAction::Announce { .. }
                if self.opts.announcements != Announcements::Open =>
            {
                Visibility::KindOnly
            }
            // As in Schieber: a call lower than one heard before it reaches no one.
            DifferenzlerAction::Weis { weis } => {
                Visibility::of_weis(self.weis.rules().as_ref().is_some_and(|r| {
                    weis_call_heard(
                        self.first_leader(),
                        self.weis_call_values(r),
                        &weis,
                        self.play.mode(),
                        r,
                    )
                }))
            }
            _ => Visibility::Public,
        }
    }
}

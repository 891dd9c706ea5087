//! The Zuger state machine: deal after deal (the force, the calls, card play among those who
//! play, scoring in tenths) until the points written add up to the target. Copyable and
//! allocation-free per card. The seats who play a deal are the trick-play core's places 0, 1, 2:
//! the first of them after the dealer and those after him.

use serde::Serialize;

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove};
use crate::meld_contest::{meld_contest, no_partners};
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::playing_seats::{place_in, PlayingSeats};
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick::{check_play, TrickRules};
use crate::trick_play::{AnyDealPlay, AnyTrickPlay};
use crate::weis::{
    stoeck_cards, Declaration, ShownWeis, WeisRules, WeisStyle, WeisTie, STOECK_POINTS,
};

use super::options::{Rounding, ZugerOptions};
use super::{ZugerAction, ZugerCall};

/// Cards in each active player's hand (004: "Each player is dealt 12 cards"; JassWiki: "Zwei
/// Spieler erhalten je 12 Karten (3 x 4 Karten)").
pub const HAND: u32 = 12;

/// The most players in a deal: the three beside the dealer.
const PLAYING: usize = 3;

/// The dealer's points each deal (004: "the dealer sits out the round (and receives 10 points
/// in exchange)"; JassWiki: "Erhält immer 10 Schreibpunkte, unabhängig vom Spielausgang").
pub const DEALER_POINTS: i64 = 10;

/// What a player who falls into the hole writes (004: "a −10 point penalty for going 'in the
/// hole'"; JassWiki: "erhält 10 Minuspunkte").
pub const HOLE_PENALTY: i64 = -10;

/// The bonus of a lone player or a Matsch (004: "If all but one player folds or if one player
/// scores a match (takes all tricks) they score a 10-point bonus").
pub const LONE_OR_MATCH_BONUS: i64 = 10;

/// The Bauer's bonus (004: "In a 3 player game, if one player fails to win a trick, the player
/// holding the Bauer scores an 8-point bonus").
pub const BAUER_BONUS: i64 = 8;

/// How near the game's end the force is offered (004: "if another player is within 14 points of
/// winning"): read as the points written by all together within 14 of the target.
pub const FORCE_MARGIN: i64 = 14;

/// The melds: the large Weis (004: "The Groß Weis is standard and kreuzweis is valid":
/// sequences of six 150, seven 200, eight 250, nine 300, a card serving in a four and a
/// sequence), four Nines 150 (004's table), compared by value, length, height, trump, then the
/// first from the leader.
pub const WEIS_RULES: WeisRules = WeisRules {
    style: WeisStyle::Large,
    four_nines: true,
    fours_any_rank: false,
    undenufe_four_sixes: false,
    tie: WeisTie::MoreCards,
    large_step: 50,
};

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ZugerPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// The player with the fewest points forces everyone to play, or not.
    Force,
    /// The active players say, from forehand, whether they play.
    Decide,
    /// Card play.
    Play,
    /// The game is over.
    Over,
}

/// The cards of one deal: the hands by seat (none to the dealer) and the trump card, the last
/// card dealt, which stays in its holder's hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ZugerDeal {
    /// Each seat's hand.
    pub hands: [CardSet; 4],
    /// The card turned for trump (004: "with the last card turned up as trump").
    pub trump_card: Card,
}

/// The figures of the current (or last) deal, by seat: what each counted and wrote.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ZugerTally {
    /// Card points taken (the last trick's 5 included).
    pub card_points: [u32; 4],
    /// Tricks taken.
    pub tricks: [u8; 4],
    /// Melds (the player with the best single meld, all his melds).
    pub melds: [u32; 4],
    /// Stöck (the King and Queen of trumps: 20).
    pub stoeck: [u32; 4],
    /// Card points, melds and Stöck together: what is written in tenths.
    pub counted: [u32; 4],
    /// The tenths written (none for a player in the hole).
    pub tenths: [i64; 4],
    /// The hole: −10 for a player who played and counted under the `hole` option's points.
    pub hole: [i64; 4],
    /// 10 for a lone player (all others folded) or a Matsch.
    pub bonus: [i64; 4],
    /// The Bauer's 8: with three playing, a player took no trick.
    pub bauer: [i64; 4],
    /// With rounding `bauer`, the tens the dropped ones add up to, to the Bauer's holder.
    pub remainder: [i64; 4],
    /// The dealer's 10.
    pub dealer: [i64; 4],
    /// Everything written this deal.
    pub written: [i64; 4],
}

/// A Zuger game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Zuger {
    opts: ZugerOptions,
    phase: ZugerPhase,
    deals_started: u32,
    dealer: u8,
    deal: ZugerDeal,
    /// The seats dealt cards, forehand first (`players - 1` of them).
    active: PlayingSeats,
    forcer: Option<u8>,
    forced: Option<bool>,
    /// The calls in the order made (the active seats from forehand).
    calls: [ZugerCall; PLAYING],
    n_called: u8,
    /// The seats who play the deal, forehand first: the core's places.
    playing: PlayingSeats,
    /// The place holding the best single meld and what it writes (crate::meld_contest).
    melds: Option<(u8, Declaration)>,
    shown: Option<ShownWeis>,
    play: AnyDealPlay,
    tally: ZugerTally,
    totals: [i64; 4],
}

impl Zuger {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: ZugerOptions) -> Result<Zuger, String> {
        opts.validate()?;
        let no_cards = [CardSet::EMPTY; 2];
        let dealer = opts.players - 1;
        let mut z = Zuger {
            opts,
            phase: ZugerPhase::Deal,
            deals_started: 0,
            // Seat 0 is forehand in the first deal.
            dealer,
            deal: ZugerDeal {
                hands: [CardSet::EMPTY; 4],
                trump_card: Card::new(Suit::D, Rank::Six),
            },
            active: PlayingSeats::default(),
            forcer: None,
            forced: None,
            calls: [ZugerCall::Fold; PLAYING],
            n_called: 0,
            playing: PlayingSeats::default(),
            melds: None,
            shown: None,
            play: Self::deal_play(&no_cards, Mode::Obenabe, 0),
            tally: ZugerTally::default(),
            totals: [0; 4],
        };
        z.active = z.active_for(dealer);
        Ok(z)
    }

    fn deal_play(hands: &[CardSet], mode: Mode, leader: u8) -> AnyDealPlay {
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        // 003's rules of a positive game: follow suit or trump, no undertrumping.
        AnyDealPlay::new(
            AnyTrickPlay::with_rules(hands, mode, points, TrickRules::Strict, leader)
                .with_tricks(HAND as u8),
        )
    }

    /// The options.
    pub fn options(&self) -> &ZugerOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> ZugerPhase {
        self.phase
    }
    /// Players at the table.
    pub fn players(&self) -> u8 {
        self.opts.players
    }
    /// Each seat's points written so far.
    pub fn totals(&self) -> [i64; 4] {
        self.totals
    }
    /// The points written by all players together.
    pub fn total_written(&self) -> i64 {
        self.totals.iter().sum()
    }
    /// Deals begun.
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Who dealt the current (or last) deal; he sits out.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Who deals next: the seat after the last dealer; seat `players - 1` first.
    fn next_dealer(&self) -> u8 {
        if self.deals_started == 0 {
            self.dealer
        } else {
            (self.dealer + 1) % self.players()
        }
    }
    /// The seats dealt cards when `dealer` deals, forehand first: every other seat.
    fn active_for(&self, dealer: u8) -> PlayingSeats {
        let n = self.players();
        (1..n).map(|k| (dealer + k) % n).collect()
    }
    /// Forehand: the seat after the dealer, who speaks first.
    pub fn forehand(&self) -> u8 {
        self.active.forehand()
    }
    /// The seats dealt cards this deal, forehand first.
    pub fn active(&self) -> &[u8] {
        self.active.seats()
    }
    /// The seats who play this deal (once the calls are made), forehand first.
    pub fn playing(&self) -> &[u8] {
        self.playing.seats()
    }
    /// The seat of the trick-play core's place `place` (0: the first player after the dealer).
    pub fn seat_of(&self, place: u8) -> u8 {
        self.playing.seat_of(place)
    }
    /// The place of a playing `seat`, `None` for a seat that does not play the deal.
    pub fn place_of(&self, seat: u8) -> Option<u8> {
        self.playing.place_of(seat)
    }
    /// The cards of the deal as dealt.
    pub fn dealt(&self) -> ZugerDeal {
        self.deal
    }
    /// The cards a seat holds now: while it plays, what it has left; else as dealt (a player who
    /// folded keeps his cards face down).
    pub fn hand(&self, seat: u8) -> CardSet {
        if self.deals_started == 0 {
            return CardSet::EMPTY;
        }
        match self.place_of(seat) {
            Some(p)
                if self.was_played() && (self.phase == ZugerPhase::Play || self.play.is_over()) =>
            {
                self.play.hand(p)
            }
            _ => self.deal.hands[seat as usize],
        }
    }
    /// The trump suit of the current (or last) deal.
    pub fn trump(&self) -> Suit {
        self.deal.trump_card.suit()
    }
    /// The trump Jack, the Bauer.
    pub fn bauer(&self) -> Card {
        Card::new(self.trump(), Rank::Jack)
    }
    /// The seat dealt the Bauer, if one was.
    pub fn bauer_seat(&self) -> Option<u8> {
        let b = self.bauer();
        (0..self.players()).find(|&s| self.deal.hands[s as usize].contains(b))
    }
    /// Who may force, in the Force phase (and after it, who was asked).
    pub fn forcer(&self) -> Option<u8> {
        self.forcer
    }
    /// Whether the forcer forced everyone to play (`None`: not asked).
    pub fn forced(&self) -> Option<bool> {
        self.forced
    }
    /// The calls made so far this deal, each with its seat, from forehand.
    pub fn calls(&self) -> Vec<(u8, ZugerCall)> {
        (0..self.n_called as usize)
            .map(|i| (self.active.seat_of(i as u8), self.calls[i]))
            .collect()
    }
    /// The melds shown after the first trick.
    pub fn shown_melds(&self) -> Option<ShownWeis> {
        self.shown
    }
    /// The seat that wrote Stöck this deal (once the deal is scored).
    pub fn stoeck_seat(&self) -> Option<u8> {
        (0..4u8).find(|&s| self.tally.stoeck[s as usize] > 0)
    }
    /// The figures of the current (or last) deal.
    pub fn tally(&self) -> ZugerTally {
        self.tally
    }
    /// The deal's card play, by place.
    pub fn card_play(&self) -> &AnyDealPlay {
        &self.play
    }
    /// Whether the current (or last) deal was played with cards (two or three played).
    pub fn was_played(&self) -> bool {
        self.playing.len() >= 2
    }
    /// The trick in progress.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }
    /// Completed trick `i`, by seat: leader, cards, winner, card points.
    pub fn completed_trick(&self, i: usize) -> (u8, Vec<Card>, u8, u32) {
        let (leader, cards, winner, points) = self.play.completed(i);
        (
            self.seat_of(leader),
            cards.to_vec(),
            self.seat_of(winner),
            points,
        )
    }
    /// The records of this deal's completed tricks.
    pub fn trick_records(&self) -> Vec<TrickRecord> {
        if !self.was_played() {
            return Vec::new();
        }
        TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i))
    }
    /// The seats with the most points, once the game is over (several share a win).
    pub fn winners(&self) -> Vec<u8> {
        if self.phase != ZugerPhase::Over {
            return Vec::new();
        }
        let n = self.players() as usize;
        let best = self.totals[..n].iter().copied().max().unwrap_or(0);
        (0..n as u8)
            .filter(|&s| self.totals[s as usize] == best)
            .collect()
    }

    /// Deals these cards: twelve to each seat but the dealer (the last active seat holding the
    /// trump card), none to the dealer; with three at the table twelve lie aside.
    pub fn deal(&mut self, deal: ZugerDeal) -> Result<(), IllegalAction> {
        if self.phase != ZugerPhase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        let dealer = self.next_dealer();
        let active = self.active_for(dealer);
        let mut all = CardSet::EMPTY;
        for (s, &h) in deal.hands.iter().enumerate() {
            let s = s as u8;
            let want = if active.contains(s) { HAND } else { 0 };
            if h.len() != want {
                let to = if want == HAND {
                    String::new()
                } else if s >= self.players() {
                    " and none to a seat beyond the table's players".into()
                } else {
                    format!(" and none to the dealer, seat {dealer}, who sits out")
                };
                return Err(IllegalAction::new(format!(
                    "seat {s} was dealt {} cards; this deal gives {HAND} to each of seats {:?}{to}",
                    h.len(),
                    active.seats()
                )));
            }
            if !(all & h).is_empty() {
                return Err(IllegalAction::new(format!(
                    "card(s) {} dealt twice",
                    all & h
                )));
            }
            all |= h;
        }
        let last = *active.seats().last().expect("an active seat");
        if !deal.hands[last as usize].contains(deal.trump_card) {
            return Err(IllegalAction::new(format!(
                "the trump card {} is not in the hand of seat {last}, who gets the last card dealt (004: \"the last card turned up as trump\")",
                deal.trump_card
            )));
        }
        self.dealer = dealer;
        self.active = active;
        self.deals_started += 1;
        self.deal = deal;
        self.forcer = None;
        self.forced = None;
        self.n_called = 0;
        self.playing = PlayingSeats::default();
        self.melds = None;
        self.shown = None;
        self.tally = ZugerTally::default();
        self.phase = ZugerPhase::Decide;
        if self.opts.force && self.total_written() + FORCE_MARGIN >= i64::from(self.opts.target) {
            self.forcer = Some(self.fewest());
            self.phase = ZugerPhase::Force;
        }
        Ok(())
    }

    /// The seat with the fewest points; of equals, the first from forehand round the table (the
    /// dealer last).
    fn fewest(&self) -> u8 {
        let n = self.players();
        (1..=n)
            .map(|k| (self.dealer + k) % n)
            .min_by_key(|&s| self.totals[s as usize])
            .expect("a seat")
    }

    /// The calls made: who plays. With a force everyone; else those who stay and, if anyone
    /// folded, those who said maybe.
    fn calls_done(&mut self) {
        let forced = self.forced == Some(true);
        let calls = &self.calls[..self.n_called as usize];
        let someone_folded = calls.contains(&ZugerCall::Fold);
        // With a force no call was made: `calls` is empty then.
        let plays = |i: usize| {
            forced
                || match calls[i] {
                    ZugerCall::Stay => true,
                    ZugerCall::Maybe => someone_folded,
                    ZugerCall::Fold => false,
                }
        };
        self.playing = (self.active.seats().iter().enumerate())
            .filter(|&(i, _)| plays(i))
            .map(|(_, &seat)| seat)
            .collect();
        if self.playing.len() < 2 {
            // Nobody or one alone: no card is played.
            self.score_deal();
        } else {
            self.start_play();
        }
    }

    /// The card play among those who play, the first of them after the dealer leading; their
    /// melds are their best under the large Weis, the best single meld's holder writing all his.
    fn start_play(&mut self) {
        let mode = Mode::Trump(self.trump());
        let n = self.playing.len();
        let hands = self.playing.by_place(&self.deal.hands);
        self.melds = meld_contest(&hands[..n], 0, mode, &WEIS_RULES, no_partners)
            .map(|c| (c.winner, c.written));
        self.play = Self::deal_play(&hands[..n], mode, 0);
        self.phase = ZugerPhase::Play;
    }

    fn play_card(&mut self, card: Card) {
        let done = self.play.play(card);
        if done.is_some() && self.play.tricks_done() == 1 {
            // 003: the melds are shown after the first trick.
            self.shown = self.melds.map(|(p, weis)| ShownWeis {
                seat: self.seat_of(p),
                weis,
            });
        }
        if self.play.is_over() {
            self.score_deal();
        }
    }

    /// The tenths of `counted` under the rounding option.
    fn tenths(&self, counted: u32) -> i64 {
        i64::from(match self.opts.rounding {
            Rounding::Down | Rounding::Bauer => counted / 10,
            Rounding::Nearest => (counted + 5) / 10,
        })
    }

    fn score_deal(&mut self) {
        let mode = Mode::Trump(self.trump());
        let bauer = self.bauer_seat().filter(|&s| self.place_of(s).is_some());
        let mut tl = ZugerTally::default();
        if self.playing.len() == 1 {
            tl.bonus[self.playing.forehand() as usize] = LONE_OR_MATCH_BONUS;
        } else if self.playing.len() >= 2 {
            let stoeck = stoeck_cards(self.trump());
            let mut not_in_hole = 0;
            for (p, &s) in (0..).zip(self.playing.seats()) {
                let s = s as usize;
                tl.card_points[s] = self.play.taken(p);
                tl.tricks[s] = self.play.seat_tricks(p);
                if let Some((_, weis)) = self.melds.filter(|&(place, _)| place == p) {
                    tl.melds[s] = weis.points(mode, &WEIS_RULES);
                }
                if self.deal.hands[s].contains_all(stoeck) {
                    tl.stoeck[s] = STOECK_POINTS;
                }
                tl.counted[s] = tl.card_points[s] + tl.melds[s] + tl.stoeck[s];
                if tl.counted[s] < self.opts.hole {
                    tl.hole[s] = HOLE_PENALTY;
                } else {
                    tl.tenths[s] = self.tenths(tl.counted[s]);
                    not_in_hole += tl.counted[s];
                }
                if u32::from(tl.tricks[s]) == HAND {
                    tl.bonus[s] = LONE_OR_MATCH_BONUS;
                }
            }
            if let Some(b) = bauer {
                let trickless = self.playing().iter().any(|&s| tl.tricks[s as usize] == 0);
                if self.playing.len() == 3 && trickless {
                    tl.bauer[b as usize] = BAUER_BONUS;
                }
                if self.opts.rounding == Rounding::Bauer {
                    tl.remainder[b as usize] =
                        i64::from(not_in_hole / 10) - tl.tenths.iter().sum::<i64>();
                }
            }
        }
        tl.dealer[self.dealer as usize] = DEALER_POINTS;
        for s in 0..4 {
            tl.written[s] = tl.tenths[s]
                + tl.hole[s]
                + tl.bonus[s]
                + tl.bauer[s]
                + tl.remainder[s]
                + tl.dealer[s];
            self.totals[s] += tl.written[s];
        }
        self.tally = tl;
        // 004: "The game is over when the sum of all points equals 100".
        self.phase = if self.total_written() >= i64::from(self.opts.target) {
            ZugerPhase::Over
        } else {
            ZugerPhase::Deal
        };
    }

    /// The cards the seat to play may play (empty outside the card play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != ZugerPhase::Play {
            return CardSet::EMPTY;
        }
        self.play.legal_cards()
    }

    fn check(&self, action: ZugerAction) -> Result<(), IllegalAction> {
        let seat = self.to_move().seat_to_act()?;
        match (self.phase, action) {
            (ZugerPhase::Force, ZugerAction::Force | ZugerAction::NoForce) => Ok(()),
            (ZugerPhase::Decide, ZugerAction::Stay | ZugerAction::Fold) => Ok(()),
            (ZugerPhase::Decide, ZugerAction::Maybe) if self.opts.maybe => Ok(()),
            (ZugerPhase::Decide, ZugerAction::Maybe) => Err(IllegalAction::new(
                "`maybe` is not played at this table (option maybe=false): stay or fold",
            )),
            (ZugerPhase::Play, ZugerAction::Play { card }) => {
                let place = self.place_of(seat).expect("a playing seat");
                check_play(
                    seat,
                    card,
                    self.play.hand(place),
                    self.play.legal_cards(),
                    self.play.current(),
                    format_args!("in {}", self.play.mode()),
                )
            }
            (p, a) => Err(IllegalAction::new(format!(
                "`{a}` is not possible in the {p:?} phase{}",
                match p {
                    ZugerPhase::Force =>
                        ": the player with the fewest points forces everyone to play (force) or not (no-force)",
                    ZugerPhase::Decide if self.opts.maybe => ": stay, fold or maybe",
                    ZugerPhase::Decide => ": stay or fold",
                    ZugerPhase::Play => ": play a card",
                    _ => "",
                }
            ))),
        }
    }

    /// Applies an action without checking it (the caller guarantees it is legal).
    pub fn apply_unchecked(&mut self, action: ZugerAction) {
        match (self.phase, action) {
            (ZugerPhase::Force, _) => {
                self.forced = Some(action == ZugerAction::Force);
                if action == ZugerAction::Force {
                    self.calls_done();
                } else {
                    self.phase = ZugerPhase::Decide;
                }
            }
            (ZugerPhase::Decide, _) => {
                let call = action.call().expect("a call");
                self.calls[self.n_called as usize] = call;
                self.n_called += 1;
                if self.n_called as usize == self.active.len() {
                    self.calls_done();
                }
            }
            (ZugerPhase::Play, ZugerAction::Play { card }) => self.play_card(card),
            _ => {}
        }
    }

    /// What a seat may see: its own cards, the trump card, the calls, who plays, the tricks, the
    /// melds shown after the first trick, never another seat's cards.
    pub fn observation(&self, seat: usize) -> ZugerObservation {
        let playing = self.phase == ZugerPhase::Play;
        ZugerObservation {
            seat: seat as u8,
            phase: self.phase,
            players: self.players(),
            hand: self.hand(seat as u8),
            dealer: self.dealer,
            forehand: self.forehand(),
            active: self.active().to_vec(),
            trump_card: (self.deals_started > 0).then_some(self.deal.trump_card),
            trump: (self.deals_started > 0).then(|| self.trump()),
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            forcer: self.forcer,
            forced: self.forced,
            calls: self.calls(),
            playing: if matches!(self.phase, ZugerPhase::Force | ZugerPhase::Decide) {
                Vec::new()
            } else {
                self.playing().to_vec()
            },
            trick_leader: if self.was_played() {
                self.seat_of(self.play.leader())
            } else {
                self.forehand()
            },
            trick: if playing {
                self.current_trick().to_vec()
            } else {
                Vec::new()
            },
            tricks: self.trick_records(),
            melds: self.shown,
            deal_tally: self.tally,
            totals: self.totals[..self.players() as usize].to_vec(),
            target: self.opts.target,
            deal_number: self.deals_started,
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ZugerObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: ZugerPhase,
    /// Players at the table.
    pub players: u8,
    /// The seat's own cards (none for the dealer, who sits out).
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// The seat after the dealer, who speaks first.
    pub forehand: u8,
    /// The seats dealt cards, forehand first.
    pub active: Vec<u8>,
    /// The card turned for trump, in the hand of the last active seat.
    pub trump_card: Option<Card>,
    /// The trump suit.
    pub trump: Option<Suit>,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// The player with the fewest points, asked whether he forces everyone to play.
    pub forcer: Option<u8>,
    /// His answer (`null`: not asked, or not yet).
    pub forced: Option<bool>,
    /// The calls so far, from forehand.
    pub calls: Vec<(u8, ZugerCall)>,
    /// The seats who play this deal, once the calls are made.
    pub playing: Vec<u8>,
    /// Who led the current trick (before the play, and in a deal not played, forehand).
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// The melds shown after the first trick.
    pub melds: Option<ShownWeis>,
    /// This deal's figures, once it is scored.
    pub deal_tally: ZugerTally,
    /// Each player's points written so far.
    pub totals: Vec<i64>,
    /// The points written by all together that end the game.
    pub target: u32,
    /// The number of the current deal.
    pub deal_number: u32,
}

impl ZugerObservation {
    /// The place of `seat` in this deal's play (0: the first player after the dealer), `None`
    /// for a seat that does not play it.
    pub fn place_of(&self, seat: u8) -> Option<usize> {
        place_in(&self.playing, seat).map(usize::from)
    }

    /// The cards played in this deal so far (the trick in progress included).
    pub fn played_cards(&self) -> CardSet {
        crate::record::TrickRecord::played_cards(&self.tricks, &self.trick)
    }
}

impl Game for Zuger {
    type Action = ZugerAction;
    type Observation = ZugerObservation;
    type Deal = ZugerDeal;

    fn name(&self) -> &'static str {
        "zuger"
    }

    fn seats(&self) -> usize {
        self.players() as usize
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            ZugerPhase::Deal => ToMove::Deal,
            ZugerPhase::Force => ToMove::Seat(self.forcer.expect("a forcer") as usize),
            ZugerPhase::Decide => ToMove::Seat(self.active.seat_of(self.n_called) as usize),
            ZugerPhase::Play => ToMove::Seat(self.seat_of(self.play.to_play()) as usize),
            ZugerPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<ZugerAction>) {
        out.clear();
        match self.phase {
            ZugerPhase::Force => {
                out.push(ZugerAction::NoForce);
                out.push(ZugerAction::Force);
            }
            ZugerPhase::Decide => {
                out.push(ZugerAction::Stay);
                out.push(ZugerAction::Fold);
                if self.opts.maybe {
                    out.push(ZugerAction::Maybe);
                }
            }
            ZugerPhase::Play => {
                for card in self.play.legal_cards() {
                    out.push(ZugerAction::Play { card });
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: ZugerAction) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// The pack as it comes, twelve to each seat but the dealer in packets of four from
    /// forehand (JassWiki: "je 12 Karten (3 x 4 Karten)"); the last card dealt is turned for
    /// trump; with three at the table the last twelve lie aside.
    fn deal_from_pack(&self, pack: &[Card; 36]) -> ZugerDeal {
        let active = self.active_for(self.next_dealer());
        let mut hands = [CardSet::EMPTY; 4];
        let dealt = HAND as usize * active.len();
        for (i, &card) in pack.iter().take(dealt).enumerate() {
            hands[active.seat_of((i / 4) as u8) as usize].insert(card);
        }
        ZugerDeal {
            hands,
            trump_card: pack[dealt - 1],
        }
    }

    fn apply_deal(&mut self, deal: ZugerDeal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> ZugerObservation {
        self.observation(seat)
    }

    /// Only the seat and its hand differ between the seats' observations.
    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation(0))
    }
}

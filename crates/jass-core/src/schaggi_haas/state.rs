//! The Schaggi Haas state machine: deal after deal (the cut, Bessern, the card play with the
//! robbing of the turned card) until a player reaches the target. Copyable and allocation-free
//! per card. The two seats are the trick-play core's places.

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::deal::{pack_seed, shuffled_pack};
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove};
use crate::meld_contest::{meld_contest, no_partners};
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick::{check_play, TrickRules};
use crate::trick_play::{AnyDealPlay, AnyTrickPlay};
use crate::weis::ShownWeis;
use crate::weis::{stoeck_cards, STOECK_POINTS};

use super::options::SchaggiHaasOptions;
use super::SchaggiHaasAction;

/// Players at the table.
pub const SEATS: usize = 2;

/// Cards in each hand (004: "deals 12 cards each in packets of 4"; JassWiki: "je zwölf Karten in
/// drei Runden zu je vier Karten").
pub const HAND: u32 = 12;

/// Cards in each player's talon, the Bessern (004: "one more packet of 4, face down as a personal
/// talon").
pub const TALON: u32 = 4;

/// Cards under the turned card, out of play (004: "The remaining 3 cards are placed face down
/// and half-covering the trump upcard").
pub const STOCK: u32 = 3;

/// The trick rules of a positive game (003): follow suit or trump, undertrump only with nothing
/// but trumps (JassWiki: "Ist mit Trumpf eingestochen worden, darf nur untertrumpft werden, wenn
/// man nur noch Trumpfkarten hat").
pub const RULES: TrickRules = TrickRules::Strict;

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SchaggiHaasPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// A player takes his talon (`bessern`) or keeps his hand, forehand first.
    Bessern,
    /// The player who takes his talon lays four cards of his hand away first.
    Discard,
    /// Card play.
    Play,
    /// The game is over.
    Over,
}

/// The cards of one deal, and the seed of the cut that chose its dealer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SchaggiHaasDeal {
    /// Each seat's twelve cards.
    pub hands: [CardSet; SEATS],
    /// Each seat's talon of four, face down.
    pub talons: [CardSet; SEATS],
    /// The card turned for trump (the 25th card dealt).
    pub trump_card: Card,
    /// The three cards under it.
    pub stock: CardSet,
    /// The seed of the cut for the deal ([`cut`]).
    pub cut_seed: u64,
}

/// The cut for the deal (004: "the two players cut every time for the deal; the player with the
/// lowest card deals"; JassWiki: "Wer die niedrigste Karte aus einem verdeckten Kartenspiel
/// zieht, gibt"): from a pack shuffled from `seed`, seat 0 and seat 1 each draw a card, and the
/// lower rank (Six lowest, Ace highest) deals; equal ranks draw again. The draws (seat 0's card
/// first) and the dealer.
pub fn cut(seed: u64) -> (Vec<[Card; 2]>, u8) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut draws = Vec::new();
    loop {
        let pack = shuffled_pack(&mut rng);
        for pair in pack.chunks_exact(2) {
            draws.push([pair[0], pair[1]]);
            if pair[0].rank() != pair[1].rank() {
                let dealer = u8::from(pair[1].rank() < pair[0].rank());
                return (draws, dealer);
            }
        }
    }
}

/// The cut draws a game keeps (more take equal ranks four times running: about 1 cut in 20,000).
const KEPT_DRAWS: usize = 4;

/// The figures of the current (or last) deal, by seat, as they fall due.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SchaggiHaasTally {
    /// Card points taken (the last trick's 5 included).
    pub card_points: [u32; SEATS],
    /// Tricks taken.
    pub tricks: [u8; SEATS],
    /// Melds (the player with the best single meld, all his), written after the first trick.
    pub melds: [u32; SEATS],
    /// Stöck, written once its holder has played the King and the Queen of trumps.
    pub stoeck: [u32; SEATS],
    /// Everything written this deal so far.
    pub written: [u32; SEATS],
}

/// A Schaggi Haas game in progress.
#[derive(Copy, Clone, Debug)]
pub struct SchaggiHaas {
    opts: SchaggiHaasOptions,
    phase: SchaggiHaasPhase,
    deals_started: u32,
    dealer: u8,
    /// The cut's first draws (`cut_len` in all): the cut is shuffled once a deal, not for every
    /// view; drawn again only in the rare cut of more than [`KEPT_DRAWS`] draws.
    cut_kept: [[Card; 2]; KEPT_DRAWS],
    cut_len: u8,
    deal: SchaggiHaasDeal,
    /// Each seat's answer: took its talon (`Some(true)`) or kept its hand.
    bessern: [Option<bool>; SEATS],
    /// The cards each seat has laid away for its talon.
    discards: [CardSet; SEATS],
    /// The cards each seat plays the deal with: its hand, after Bessern and robbing.
    held: [CardSet; SEATS],
    /// Who robbed the turned card with the six of trumps.
    robbed: Option<u8>,
    shown: Option<ShownWeis>,
    stoeck: Option<u8>,
    play: AnyDealPlay,
    tally: SchaggiHaasTally,
    /// Each seat's points before this deal.
    before: [u32; SEATS],
    winner: Option<u8>,
}

impl SchaggiHaas {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: SchaggiHaasOptions) -> Result<SchaggiHaas, String> {
        opts.validate()?;
        let no_cards = [CardSet::EMPTY; SEATS];
        Ok(SchaggiHaas {
            opts,
            phase: SchaggiHaasPhase::Deal,
            deals_started: 0,
            dealer: 1,
            cut_kept: [[Card::new(Suit::D, Rank::Six); 2]; KEPT_DRAWS],
            cut_len: 0,
            deal: SchaggiHaasDeal {
                hands: no_cards,
                talons: no_cards,
                trump_card: Card::new(Suit::D, Rank::Six),
                stock: CardSet::EMPTY,
                cut_seed: 0,
            },
            bessern: [None; SEATS],
            discards: no_cards,
            held: no_cards,
            robbed: None,
            shown: None,
            stoeck: None,
            play: Self::deal_play(&no_cards, Mode::Obenabe, 0),
            tally: SchaggiHaasTally::default(),
            before: [0; SEATS],
            winner: None,
        })
    }

    fn deal_play(hands: &[CardSet; SEATS], mode: Mode, leader: u8) -> AnyDealPlay {
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        AnyDealPlay::new(
            AnyTrickPlay::with_rules(hands, mode, points, RULES, leader).with_tricks(HAND as u8),
        )
    }

    /// The options.
    pub fn options(&self) -> &SchaggiHaasOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> SchaggiHaasPhase {
        self.phase
    }
    /// Deals begun.
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Who dealt the current (or last) deal.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Forehand: the other player, who decides first and leads the first trick (004: "Forehand
    /// (non-dealer) leads to the first trick").
    pub fn forehand(&self) -> u8 {
        1 - self.dealer
    }
    /// The cards of the deal as dealt.
    pub fn dealt(&self) -> SchaggiHaasDeal {
        self.deal
    }
    /// The trump suit of the current (or last) deal.
    pub fn trump(&self) -> Suit {
        self.deal.trump_card.suit()
    }
    /// The six of trumps, which may rob the turned card.
    pub fn trump_six(&self) -> Card {
        Card::new(self.trump(), Rank::Six)
    }
    /// Each seat's answer to Bessern (`None`: not yet asked).
    pub fn bessern(&self) -> [Option<bool>; SEATS] {
        self.bessern
    }
    /// The cards a seat has laid away for its talon.
    pub fn discards(&self, seat: u8) -> CardSet {
        self.discards[seat as usize]
    }
    /// The four cards of a seat out of play that the seat knows: those it laid away for its
    /// talon, or its talon once it kept its hand and looked at it.
    pub fn laid_away(&self, seat: u8) -> CardSet {
        match self.bessern[seat as usize] {
            Some(true) => self.discards[seat as usize],
            Some(false) => self.deal.talons[seat as usize],
            None => CardSet::EMPTY,
        }
    }
    /// Who robbed the turned card.
    pub fn robbed(&self) -> Option<u8> {
        self.robbed
    }
    /// The melds shown and written after the first trick.
    pub fn shown_melds(&self) -> Option<ShownWeis> {
        self.shown
    }
    /// The seat that has written Stöck this deal.
    pub fn stoeck_seat(&self) -> Option<u8> {
        self.stoeck
    }
    /// This deal's figures so far.
    pub fn tally(&self) -> SchaggiHaasTally {
        self.tally
    }
    /// Each seat's points: those before this deal and what this deal has written so far.
    pub fn totals(&self) -> [u32; SEATS] {
        std::array::from_fn(|s| self.before[s] + self.tally.written[s])
    }
    /// The player who reached the target first, once the game is over.
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }
    /// The deal's card play.
    pub fn card_play(&self) -> &AnyDealPlay {
        &self.play
    }
    /// Whether the deal's card play has begun (Bessern done).
    fn in_play(&self) -> bool {
        self.phase == SchaggiHaasPhase::Play || self.play.tricks_done() > 0
    }
    /// The cards a seat holds now: in the play, what it has left; before, its hand with the
    /// cards laid away so far taken out (the talon joins it after the four discards).
    pub fn hand(&self, seat: u8) -> CardSet {
        if self.deals_started == 0 {
            CardSet::EMPTY
        } else if self.in_play() {
            self.play.hand(seat)
        } else {
            self.held[seat as usize]
        }
    }
    /// The cards a seat plays the deal with, once Bessern is over (the robbed card in, the six
    /// out).
    pub fn playing_hand(&self, seat: u8) -> CardSet {
        self.held[seat as usize]
    }
    /// The trick in progress.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }
    /// Completed trick `i`: leader, cards, winner, card points.
    pub fn completed_trick(&self, i: usize) -> (u8, Vec<Card>, u8, u32) {
        let (leader, cards, winner, points) = self.play.completed(i);
        (leader, cards.to_vec(), winner, points)
    }
    /// The records of this deal's completed tricks.
    pub fn trick_records(&self) -> Vec<TrickRecord> {
        if !self.in_play() {
            return Vec::new();
        }
        TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i))
    }

    /// Deals these cards: twelve and a talon of four to each, the turned card and three under
    /// it; the dealer is the loser of the deal's cut.
    pub fn deal(&mut self, deal: SchaggiHaasDeal) -> Result<(), IllegalAction> {
        if self.phase != SchaggiHaasPhase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        let mut all = CardSet::EMPTY;
        let mut put = |what: String, cards: CardSet, want: u32| {
            if cards.len() != want {
                return Err(IllegalAction::new(format!(
                    "{what} has {} cards; Schaggi Haas deals {want} (004: twelve to each, a talon of four to each, the turned card and three under it)",
                    cards.len()
                )));
            }
            if !(all & cards).is_empty() {
                return Err(IllegalAction::new(format!(
                    "card(s) {} dealt twice",
                    all & cards
                )));
            }
            all |= cards;
            Ok(())
        };
        for s in 0..SEATS {
            put(format!("the hand of seat {s}"), deal.hands[s], HAND)?;
            put(format!("the talon of seat {s}"), deal.talons[s], TALON)?;
        }
        put("the stock".into(), deal.stock, STOCK)?;
        put(
            format!("the turned card {}", deal.trump_card),
            CardSet::single(deal.trump_card),
            1,
        )?;
        let (draws, dealer) = cut(deal.cut_seed);
        self.dealer = dealer;
        self.cut_len = draws.len().min(u8::MAX as usize) as u8;
        for (kept, draw) in self.cut_kept.iter_mut().zip(&draws) {
            *kept = *draw;
        }
        self.deals_started += 1;
        self.deal = deal;
        self.bessern = [None; SEATS];
        self.discards = [CardSet::EMPTY; SEATS];
        self.held = deal.hands;
        self.robbed = None;
        self.shown = None;
        self.stoeck = None;
        self.before = self.totals();
        self.tally = SchaggiHaasTally::default();
        self.play = Self::deal_play(&[CardSet::EMPTY; SEATS], Mode::Trump(self.trump()), 0);
        self.phase = SchaggiHaasPhase::Bessern;
        Ok(())
    }

    /// The seat deciding on Bessern: forehand until he has answered and laid away, then the
    /// dealer.
    fn bessern_seat(&self) -> u8 {
        let fh = self.forehand();
        let fh_done = match self.bessern[fh as usize] {
            None => false,
            Some(false) => true,
            Some(true) => self.discards[fh as usize].len() == TALON,
        };
        if fh_done {
            self.dealer
        } else {
            fh
        }
    }

    /// After a seat's Bessern: the dealer's turn, or the play.
    fn bessern_done(&mut self, seat: u8) {
        if seat == self.forehand() {
            self.phase = SchaggiHaasPhase::Bessern;
        } else {
            self.play = Self::deal_play(&self.held, Mode::Trump(self.trump()), self.forehand());
            self.phase = SchaggiHaasPhase::Play;
            self.claim_stoeck_to_win();
        }
    }

    /// Whether `seat`, to play, may rob the turned card now: it holds the six of trumps, the
    /// turned card is not the six itself, nobody has robbed it, and the seat has not played a
    /// card yet (JassWiki: "muss vor dem eigenen Ausspiel zum ersten Stich erfolgen").
    pub fn may_rob(&self, seat: u8) -> bool {
        self.phase == SchaggiHaasPhase::Play
            && self.play.to_play() == seat
            && self.play.tricks_done() == 0
            && self.robbed.is_none()
            && self.deal.trump_card != self.trump_six()
            && self.held[seat as usize].contains(self.trump_six())
    }

    /// The six of trumps goes under the stock and the turned card into the robber's hand; the
    /// card play starts again from the same cards (before the robber's first card only the
    /// other's lead can have been played).
    fn rob(&mut self, seat: u8) {
        let s = seat as usize;
        self.held[s].remove(self.trump_six());
        self.held[s].insert(self.deal.trump_card);
        self.robbed = Some(seat);
        let led: Vec<Card> = self.play.current().to_vec();
        self.play = Self::deal_play(&self.held, Mode::Trump(self.trump()), self.forehand());
        for c in led {
            self.play.play(c);
        }
        // The turned card may complete Stöck.
        self.claim_stoeck_to_win();
    }

    /// The seat holding King and Queen of trumps (in the hand it plays the deal with) whose
    /// Stöck is not written yet, where Stöck is played.
    fn stoeck_unwritten(&self) -> Option<u8> {
        if !self.opts.stoeck || self.stoeck.is_some() {
            return None;
        }
        let cards = stoeck_cards(self.trump());
        (0..SEATS as u8).find(|&s| self.held[s as usize].contains_all(cards))
    }

    /// 003: "Stöck can be claimed and scored at any earlier time if the player thereby gets
    /// enough points to win the game": between tricks, its holder writes it at once if it takes
    /// him to the target.
    fn claim_stoeck_to_win(&mut self) {
        if let Some(h) = self.stoeck_unwritten() {
            if self.totals()[h as usize] + STOECK_POINTS >= self.opts.target {
                self.stoeck = Some(h);
                self.write(h, |t| t.stoeck[h as usize] = STOECK_POINTS);
            }
        }
    }

    /// What the game has reached the target with after an item fell due: the first to reach it
    /// wins, and the game is over at once.
    fn write(&mut self, seat: u8, item: impl FnOnce(&mut SchaggiHaasTally)) -> bool {
        item(&mut self.tally);
        let s = seat as usize;
        self.tally.written[s] =
            self.tally.card_points[s] + self.tally.melds[s] + self.tally.stoeck[s];
        if self.totals()[s] >= self.opts.target {
            self.winner = Some(seat);
            self.phase = SchaggiHaasPhase::Over;
            true
        } else {
            false
        }
    }

    /// A trick is over: what falls due with it, in the order Stöck, Weis, Stich (003: "Stöck –
    /// Weis – Stich"), each checked against the target.
    fn trick_done(&mut self) {
        if let Some(h) = self.stoeck_unwritten() {
            let played = (self.play.hand(h) & stoeck_cards(self.trump())).is_empty();
            // Stöck, once its holder has played both cards; before, if with this trick's items
            // it wins the game (003: "claimed and scored at any earlier time if the player
            // thereby gets enough points to win the game").
            let mut claimed = *self;
            claimed.stoeck = Some(h);
            if !claimed.write(h, |t| t.stoeck[h as usize] = STOECK_POINTS) {
                claimed.trick_items();
            }
            if played || claimed.winner == Some(h) {
                *self = claimed;
                return;
            }
        }
        self.trick_items();
    }

    /// The items of a trick after Stöck: the melds after the first, then the trick's points.
    fn trick_items(&mut self) {
        let mode = Mode::Trump(self.trump());
        // The melds, after the first trick: the holder of the best single meld writes his
        // (crate::meld_contest: 004's "Only the holder of the best meld may score").
        if self.play.tricks_done() == 1 {
            if let Some(rules) = self.opts.weis_rules() {
                let fh = self.forehand();
                if let Some(c) = meld_contest(&self.held, fh, mode, &rules, no_partners) {
                    let (p, weis) = (c.winner, c.written);
                    self.shown = Some(ShownWeis { seat: p, weis });
                    if self.write(p, |t| t.melds[p as usize] = weis.points(mode, &rules)) {
                        return;
                    }
                }
            }
        }
        // The trick's points (the last one's 5 with them).
        let (_, _, winner, points) = self.play.completed(self.play.tricks_done() as usize - 1);
        if self.write(winner, |t| {
            t.card_points[winner as usize] += points;
            t.tricks[winner as usize] += 1;
        }) {
            return;
        }
        if self.play.is_over() {
            self.phase = SchaggiHaasPhase::Deal;
        }
    }

    /// The cards the seat to play may play (empty outside the card play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != SchaggiHaasPhase::Play {
            return CardSet::EMPTY;
        }
        self.play.legal_cards()
    }

    fn check(&self, action: SchaggiHaasAction) -> Result<(), IllegalAction> {
        use SchaggiHaasAction as A;
        let seat = self.to_move().seat_to_act()?;
        match (self.phase, action) {
            (SchaggiHaasPhase::Bessern, A::Bessern | A::KeepHand) => Ok(()),
            (SchaggiHaasPhase::Discard, A::Discard { card }) => {
                if self.held[seat as usize].contains(card) {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "seat {seat} cannot lay {card} away: it is not in its hand ({})",
                        self.held[seat as usize]
                    )))
                }
            }
            (SchaggiHaasPhase::Play, A::ExchangeSix) => {
                if self.may_rob(seat) {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "seat {seat} cannot rob the turned card {}: only the holder of the six of trumps may, once, before his first card, and not when the six itself is turned",
                        self.deal.trump_card
                    )))
                }
            }
            (SchaggiHaasPhase::Play, A::Play { card }) => check_play(
                seat,
                card,
                self.play.hand(seat),
                self.play.legal_cards(),
                self.play.current(),
                format_args!("in {}", self.play.mode()),
            ),
            (p, a) => Err(IllegalAction::new(format!(
                "`{a}` is not possible in the {p:?} phase{}",
                match p {
                    SchaggiHaasPhase::Bessern =>
                        ": take the talon for four cards of the hand (bessern) or keep the hand (keep-hand)",
                    SchaggiHaasPhase::Discard => ": lay a card of the hand away (discard <card>)",
                    SchaggiHaasPhase::Play => ": play a card",
                    _ => "",
                }
            ))),
        }
    }

    /// Applies an action without checking it (the caller guarantees it is legal).
    pub fn apply_unchecked(&mut self, action: SchaggiHaasAction) {
        use SchaggiHaasAction as A;
        let Ok(seat) = self.to_move().seat_to_act() else {
            return;
        };
        let s = seat as usize;
        match action {
            A::Bessern => {
                self.bessern[s] = Some(true);
                self.phase = SchaggiHaasPhase::Discard;
            }
            A::KeepHand => {
                self.bessern[s] = Some(false);
                self.bessern_done(seat);
            }
            A::Discard { card } => {
                self.held[s].remove(card);
                self.discards[s].insert(card);
                if self.discards[s].len() == TALON {
                    self.held[s] |= self.deal.talons[s];
                    self.bessern_done(seat);
                }
            }
            A::ExchangeSix => self.rob(seat),
            A::Play { card } => {
                if self.play.play(card).is_some() {
                    self.trick_done();
                }
            }
        }
    }

    /// The draws of this deal's cut (seat 0's card first).
    pub fn cut_draws(&self) -> Vec<[Card; 2]> {
        let n = self.cut_len as usize;
        if n <= KEPT_DRAWS {
            self.cut_kept[..n].to_vec()
        } else {
            cut(self.deal.cut_seed).0
        }
    }

    /// What `seat` may see (`None`: a spectator): its own cards and the four it laid away or
    /// looked at, the cut, the turned card, who took his talon and who robbed, the tricks, the
    /// melds shown after the first trick; never the other's hand, talon or discards, nor the
    /// stock.
    pub fn observation_as(&self, seat: Option<u8>) -> SchaggiHaasObservation {
        let dealt = self.deals_started > 0;
        let playing = self.phase == SchaggiHaasPhase::Play;
        SchaggiHaasObservation {
            seat: seat.unwrap_or(0),
            phase: self.phase,
            hand: seat.map_or(CardSet::EMPTY, |s| self.hand(s)),
            laid_away: seat.map_or(CardSet::EMPTY, |s| self.laid_away(s)),
            dealer: self.dealer,
            forehand: self.forehand(),
            cut: if dealt { self.cut_draws() } else { Vec::new() },
            trump_card: dealt.then_some(self.deal.trump_card),
            trump: dealt.then(|| self.trump()),
            bessern: self.bessern.to_vec(),
            robbed: self.robbed,
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            trick_leader: if self.in_play() {
                self.play.leader()
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
            stoeck: self.stoeck,
            deal_tally: self.tally,
            totals: self.totals().to_vec(),
            target: self.opts.target,
            deal_number: self.deals_started,
            winner: self.winner,
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SchaggiHaasObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: SchaggiHaasPhase,
    /// The seat's own cards.
    pub hand: CardSet,
    /// The seat's four cards out of play that it knows: those it laid away for its talon, or its
    /// talon, which it looked at and left.
    pub laid_away: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// The other player, who leads the first trick.
    pub forehand: u8,
    /// The cut that chose the dealer: each draw seat 0's card and seat 1's, the last decides.
    pub cut: Vec<[Card; 2]>,
    /// The card turned for trump.
    pub trump_card: Option<Card>,
    /// The trump suit.
    pub trump: Option<Suit>,
    /// Each seat's answer to Bessern (`true`: took its talon; `null`: not yet).
    pub bessern: Vec<Option<bool>>,
    /// Who robbed the turned card with the six of trumps.
    pub robbed: Option<u8>,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// Who led the current trick (before the play, forehand).
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// The melds shown and written after the first trick.
    pub melds: Option<ShownWeis>,
    /// Who has written Stöck this deal.
    pub stoeck: Option<u8>,
    /// This deal's figures so far.
    pub deal_tally: SchaggiHaasTally,
    /// Each player's points (this deal's so far included).
    pub totals: Vec<u32>,
    /// The points that win.
    pub target: u32,
    /// The number of the current deal.
    pub deal_number: u32,
    /// The player who reached the target first.
    pub winner: Option<u8>,
}

impl SchaggiHaasObservation {
    /// The cards played in this deal so far (the trick in progress included).
    pub fn played_cards(&self) -> CardSet {
        TrickRecord::played_cards(&self.tricks, &self.trick)
    }
}

impl Game for SchaggiHaas {
    type Action = SchaggiHaasAction;
    type Observation = SchaggiHaasObservation;
    type Deal = SchaggiHaasDeal;

    fn name(&self) -> &'static str {
        "schaggi-haas"
    }

    fn seats(&self) -> usize {
        SEATS
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            SchaggiHaasPhase::Deal => ToMove::Deal,
            SchaggiHaasPhase::Bessern | SchaggiHaasPhase::Discard => {
                ToMove::Seat(self.bessern_seat() as usize)
            }
            SchaggiHaasPhase::Play => ToMove::Seat(self.play.to_play() as usize),
            SchaggiHaasPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<SchaggiHaasAction>) {
        out.clear();
        match self.phase {
            SchaggiHaasPhase::Bessern => {
                out.push(SchaggiHaasAction::Bessern);
                out.push(SchaggiHaasAction::KeepHand);
            }
            SchaggiHaasPhase::Discard => {
                for card in self.held[self.bessern_seat() as usize] {
                    out.push(SchaggiHaasAction::Discard { card });
                }
            }
            SchaggiHaasPhase::Play => {
                if self.may_rob(self.play.to_play()) {
                    out.push(SchaggiHaasAction::ExchangeSix);
                }
                for card in self.play.legal_cards() {
                    out.push(SchaggiHaasAction::Play { card });
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: SchaggiHaasAction) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// The cut first (its seed from the pack), then the pack as it comes: twelve to each in
    /// packets of four from forehand (004: "deals 12 cards each in packets of 4"), the 25th card
    /// turned for trump, a packet of four to each as its talon (forehand's first), the last three
    /// under the turned card.
    fn deal_from_pack(&self, pack: &[Card; 36]) -> SchaggiHaasDeal {
        let cut_seed = pack_seed(pack);
        let dealer = cut(cut_seed).1 as usize;
        let order = [1 - dealer, dealer];
        let mut hands = [CardSet::EMPTY; SEATS];
        for (i, &card) in pack[..24].iter().enumerate() {
            hands[order[(i / 4) % 2]].insert(card);
        }
        let mut talons = [CardSet::EMPTY; SEATS];
        for (i, &card) in pack[25..33].iter().enumerate() {
            talons[order[i / 4]].insert(card);
        }
        SchaggiHaasDeal {
            hands,
            talons,
            trump_card: pack[24],
            stock: pack[33..].iter().copied().collect(),
            cut_seed,
        }
    }

    fn apply_deal(&mut self, deal: SchaggiHaasDeal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> SchaggiHaasObservation {
        self.observation_as(Some(seat as u8))
    }

    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }
}

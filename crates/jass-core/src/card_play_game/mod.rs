//! The base of a game whose deals are card play alone (no auction, no Weis, no Stöck): Schellenjass,
//! Hindersi and Mittlere are [`CardPlayGame`]s. The base keeps what every such game does alike: the
//! phase, the deals and the dealer's turn (seat `players - 1` deals first, then round the table,
//! forehand leads), the deal's hands checked and kept as dealt, the cards played through the one
//! trick-play core ([`AnyDealPlay`], two to four seats) and refused with the game's rules in words,
//! the completed tricks, the seat's part of the view, the [`Game`] impl and the record hooks
//! ([`CardPlayRecord`]). A game gives only what is its own through [`CardPlayRules`]: its options,
//! the special cards of its deal (Hindersi's turned trump card), its trump mode (Mittlere's set by
//! a card of the play) and trick rules, its scoring and game end, and its part of the view.
//! Copyable and allocation-free per card.
//!
//! Here the state and its `Game` impl; the seat's view in `view.rs`, the record hooks in
//! `record.rs`.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::card_play_action::CardPlayAction;
use crate::cardset::CardSet;
use crate::deal::check_hands;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove};
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::record::TrickRecord;
use crate::trick::{check_play, TrickRules};
use crate::trick_play::{AnyDealPlay, AnyTrickPlay};

mod record;
mod view;

pub use record::CardPlayRecord;
pub use view::CardPlayObservation;

/// The most players.
pub const MAX_SEATS: usize = 4;

/// Cards in each packet when the whole pack is dealt to `players` in three rounds: three to
/// each of four players, four to each of three (JassWiki deals its games of nine cards "in drei
/// Runden zu je drei Karten", of twelve "3 x 4 Karten").
pub fn packet_for(players: u8) -> usize {
    if players == 3 {
        4
    } else {
        3
    }
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CardPlayPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// Card play.
    Play,
    /// The game is over.
    Over,
}

/// What a card-play game has of its own: its options and what its scoring keeps (the value the
/// [`CardPlayGame`] holds beside the card play), and the hooks the base asks.
pub trait CardPlayRules: Copy + fmt::Debug + Sized {
    /// The game's name in notation (`schellenjass`).
    const NAME: &'static str;
    /// Who must follow suit, trump and may undertrump.
    const TRICK_RULES: TrickRules;
    /// The game's options.
    type Options: Copy + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// The cards of one deal: the hands and any card beside them.
    type Deal: Copy + fmt::Debug;
    /// How the game scored a deal.
    type DealScore: Copy + fmt::Debug;
    /// The game's own part of a seat's view, beside the card play's ([`CardPlayObservation`]).
    type View: Clone + fmt::Debug + PartialEq + Eq + Serialize;

    /// A game under `options` before its first deal, or why they are refused.
    fn new(options: Self::Options) -> Result<Self, String>;
    /// The options.
    fn options(&self) -> &Self::Options;
    /// Players at the table, two to four.
    fn players(&self) -> u8;
    /// Cards in each packet as the pack is dealt round the table from forehand.
    fn packet(&self) -> usize {
        3
    }
    /// The deal of these `hands`, dealt from `pack` (the cards beside them taken from it).
    fn deal_of(&self, hands: [CardSet; MAX_SEATS], pack: &[Card; 36]) -> Self::Deal;
    /// Each seat's cards in `deal` (seats beyond the table's players empty).
    fn hands(deal: &Self::Deal) -> [CardSet; MAX_SEATS];
    /// Refuses a deal whose cards beside the hands break the game's rules (its hands, one of the
    /// right size per player and no card twice, are checked already), `dealer` dealing it.
    fn check_deal(&self, _deal: &Self::Deal, _dealer: u8) -> Result<(), IllegalAction> {
        Ok(())
    }
    /// Takes what the game keeps of `deal` (its turned card), the deal `number` (1-based) about
    /// to be played.
    fn start_deal(&mut self, _deal: &Self::Deal, _number: u32) {}
    /// The trump mode of the deal under way as its first card is played (before the first
    /// deal, of the empty play).
    fn mode(&self) -> Mode;
    /// The mode from `card` on, when playing it changes the deal's mode (Mittlere: the first
    /// card that does not follow suit makes its suit trump, itself a trump already); `play` as
    /// it stands before the card, which is legal. The base sets it in the core before the card
    /// is played. `None` (the default): the mode stays.
    fn mode_change(&mut self, _play: &AnyDealPlay, _card: Card) -> Option<Mode> {
        None
    }
    /// The cards of `legal` (the trick-play core's legal cards of the seat to lead) that may
    /// lead a trick: all of them (the default) unless the game restricts the lead (004's
    /// Guggitaler: no rose led while the hand holds another card).
    fn leads(&self, legal: CardSet) -> CardSet {
        legal
    }
    /// How the cards rank and must be played, in words, for the message that refuses a card
    /// ("in Schellenjass (no trump, follow suit)"); `mode` is the deal's.
    fn play_rules(&self, mode: Mode, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// What a completed trick of these `cards` counts for the game (its `points` in views and
    /// records), given its card points (the last trick's 5 included).
    fn trick_points(&self, cards: &[Card], card_points: u32) -> u32;
    /// Scores the deal just finished, deal `number`, from its card `play`; true when the game is
    /// over.
    fn score_deal(&mut self, play: &AnyDealPlay, number: u32) -> bool;
    /// How the last finished deal was scored.
    fn last_deal(&self) -> Option<&Self::DealScore>;
    /// The game's part of the view of `game`.
    fn view(game: &CardPlayGame<Self>) -> Self::View;
}

/// A game whose deals are card play alone, its own part `R`.
#[derive(Copy, Clone, Debug)]
pub struct CardPlayGame<R> {
    own: R,
    phase: CardPlayPhase,
    deals_started: u32,
    dealer: u8,
    /// The hands as dealt, for the record.
    dealt: [CardSet; MAX_SEATS],
    /// This deal's card play (the last deal's, finished, between deals; before the first, no
    /// cards, seat 0 to lead): the hands, the trick, the completed tricks.
    play: AnyDealPlay,
}

impl<R: CardPlayRules> CardPlayGame<R> {
    /// A new game; first the cards must be dealt.
    pub fn new(options: R::Options) -> Result<Self, String> {
        let own = R::new(options)?;
        let no_cards = [CardSet::EMPTY; MAX_SEATS];
        Ok(CardPlayGame {
            own,
            phase: CardPlayPhase::Deal,
            deals_started: 0,
            // Seat 0 is forehand in the first deal.
            dealer: own.players() - 1,
            dealt: no_cards,
            play: Self::deal_play(&own, &no_cards, 0),
        })
    }

    /// The card play of a deal with these hands (seat-indexed; those of the players are used),
    /// `leader` leading the first trick, one trick per card in a hand, in the game's mode and
    /// trick rules. The core counts card points as in any game of the mode (the Under 20 and the
    /// Nell 14 under a trump), 5 for the last trick; a game may count its tricks otherwise
    /// ([`CardPlayRules::trick_points`]).
    fn deal_play(own: &R, hands: &[CardSet; MAX_SEATS], leader: u8) -> AnyDealPlay {
        let mode = own.mode();
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        let players = own.players() as usize;
        AnyDealPlay::new(
            AnyTrickPlay::with_rules(&hands[..players], mode, points, R::TRICK_RULES, leader)
                .with_tricks((36 / players) as u8),
        )
    }

    /// The options.
    pub fn options(&self) -> &R::Options {
        self.own.options()
    }

    /// The game's own part: its options and what its scoring keeps.
    pub fn own(&self) -> &R {
        &self.own
    }

    /// Players at the table.
    pub fn players(&self) -> u8 {
        self.own.players()
    }

    /// The values of the table's players out of a value per seat.
    pub fn per_seat<T: Copy>(&self, v: [T; MAX_SEATS]) -> Vec<T> {
        v[..self.players() as usize].to_vec()
    }

    /// The phase.
    pub fn phase(&self) -> CardPlayPhase {
        self.phase
    }

    /// Deals started so far (the current deal's number, 1-based).
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }

    /// Who dealt the current (or last) deal.
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

    /// Forehand (Vorhand) of the current deal, the seat after the dealer, who leads its first
    /// trick.
    pub fn forehand(&self) -> u8 {
        (self.dealer + 1) % self.players()
    }

    /// The deal's card play: the hands, the trick, the completed tricks, what each seat took.
    pub fn card_play(&self) -> &AnyDealPlay {
        &self.play
    }

    /// The seat's cards (none for a seat beyond the players).
    pub fn hand(&self, seat: usize) -> CardSet {
        if seat < self.players() as usize {
            self.play.hand(seat as u8)
        } else {
            CardSet::EMPTY
        }
    }

    /// Each seat's cards as dealt in this deal.
    pub fn dealt_hands(&self) -> [CardSet; MAX_SEATS] {
        self.dealt
    }

    /// Tricks completed in this deal.
    pub fn tricks_done(&self) -> usize {
        self.play.tricks_done() as usize
    }

    /// Whether the deal's every trick is played.
    pub fn deal_played(&self) -> bool {
        self.play.is_over()
    }

    /// The score of the last finished deal.
    pub fn last_deal(&self) -> Option<&R::DealScore> {
        self.own.last_deal()
    }

    /// The score of this deal once its every trick is played (a record may stop in a deal only
    /// where the game ends, so before that the last score is another deal's).
    pub fn played_deal_score(&self) -> Option<&R::DealScore> {
        self.last_deal().filter(|_| self.deal_played())
    }

    /// Completed trick `i` of this deal: who led, the cards in play order, who won it and what
    /// it counts for the game ([`CardPlayRules::trick_points`]).
    pub fn completed_trick(&self, i: usize) -> (u8, Vec<Card>, u8, u32) {
        let (leader, cards, winner, points) = self.play.completed(i);
        let points = self.own.trick_points(cards, points);
        (leader, cards.to_vec(), winner, points)
    }

    /// The records of this deal's completed tricks.
    pub fn trick_records(&self) -> Vec<TrickRecord> {
        TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i))
    }

    /// The cards the seat to play may play: the trick-play core's, a lead as the game allows
    /// ([`CardPlayRules::leads`]).
    pub fn legal_cards(&self) -> CardSet {
        let legal = self.play.legal_cards();
        if self.play.current().is_empty() {
            self.own.leads(legal)
        } else {
            legal
        }
    }

    /// The cards of the trick in progress, lead first.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }

    /// Counts a deal as dealt and played without cards and scores it by `write` (given the
    /// game's own part and the deal's number; true when the game is over): the scoring alone,
    /// for tests and worked examples.
    pub(crate) fn score_unplayed_deal(&mut self, write: impl FnOnce(&mut R, u32) -> bool) {
        self.dealer = self.next_dealer();
        self.deals_started += 1;
        let over = write(&mut self.own, self.deals_started);
        self.end_deal(over);
    }

    /// After a deal is scored: the next deal's cards, or the end.
    fn end_deal(&mut self, game_over: bool) {
        self.phase = if game_over {
            CardPlayPhase::Over
        } else {
            CardPlayPhase::Deal
        };
    }

    fn deal(&mut self, deal: R::Deal) -> Result<(), IllegalAction> {
        if self.phase != CardPlayPhase::Deal {
            return Err(IllegalAction::new("the cards are dealt only between deals"));
        }
        let hands = R::hands(&deal);
        check_hands(&hands, self.players() as usize, R::NAME)?;
        let dealer = self.next_dealer();
        self.own.check_deal(&deal, dealer)?;
        self.own.start_deal(&deal, self.deals_started + 1);
        self.dealer = dealer;
        self.deals_started += 1;
        self.dealt = hands;
        self.play = Self::deal_play(&self.own, &hands, self.forehand());
        self.phase = CardPlayPhase::Play;
        Ok(())
    }

    fn play_card(&mut self, card: Card) -> Result<(), IllegalAction> {
        if self.phase != CardPlayPhase::Play {
            return Err(IllegalAction::new("no card may be played now"));
        }
        let seat = self.play.to_play();
        check_play(
            seat,
            card,
            self.play.hand(seat),
            self.legal_cards(),
            self.play.current(),
            format_args!("{}", PlayRules(&self.own, self.play.mode())),
        )?;
        if let Some(mode) = self.own.mode_change(&self.play, card) {
            self.play.set_mode(mode);
        }
        if self.play.play(card).is_some() && self.play.is_over() {
            let over = self.own.score_deal(&self.play, self.deals_started);
            self.end_deal(over);
        }
        Ok(())
    }
}

/// A game's [`CardPlayRules::play_rules`] as text, written only when a card is refused.
struct PlayRules<'a, R>(&'a R, Mode);

impl<R: CardPlayRules> fmt::Display for PlayRules<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.play_rules(self.1, f)
    }
}

impl<R: CardPlayRules> Game for CardPlayGame<R> {
    type Action = CardPlayAction;
    type Observation = CardPlayObservation<R::View>;
    type Deal = R::Deal;

    fn name(&self) -> &'static str {
        R::NAME
    }

    fn seats(&self) -> usize {
        self.players() as usize
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            CardPlayPhase::Deal => ToMove::Deal,
            CardPlayPhase::Play => ToMove::Seat(self.play.to_play() as usize),
            CardPlayPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<CardPlayAction>) {
        out.clear();
        if self.phase == CardPlayPhase::Play {
            for card in self.legal_cards() {
                out.push(CardPlayAction::Play { card });
            }
        }
    }

    fn apply(&mut self, action: CardPlayAction) -> Result<(), IllegalAction> {
        match action {
            CardPlayAction::Play { card } => self.play_card(card),
        }
    }

    /// All 36 cards in packets from forehand, round the table ([`CardPlayRules::packet`]); the
    /// game takes what else it deals from the pack ([`CardPlayRules::deal_of`]).
    fn deal_from_pack(&self, pack: &[Card; 36]) -> R::Deal {
        let n = self.players() as usize;
        let packet = self.own.packet();
        let forehand = ((self.next_dealer() + 1) % self.players()) as usize;
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for (i, &card) in pack.iter().enumerate() {
            hands[(forehand + i / packet) % n].insert(card);
        }
        self.own.deal_of(hands, pack)
    }

    fn apply_deal(&mut self, deal: R::Deal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> CardPlayObservation<R::View> {
        self.observation_as(Some(seat))
    }

    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }
}

/// The deal of a card-play game that deals the hands and nothing beside (Schellenjass's).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandsDeal {
    /// Each seat's cards.
    pub hands: [CardSet; MAX_SEATS],
}

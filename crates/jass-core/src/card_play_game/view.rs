//! What one seat of a card-play game may see: the card play, and the game's own part beside it.

use serde::Serialize;

use super::{CardPlayGame, CardPlayPhase, CardPlayRules};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{Game, ToMove};
use crate::record::TrickRecord;

/// Everything one seat may see (a spectator: no hand): the card play, and the game's own part
/// (its options, its deal's special cards, its scores), whose fields stand beside the others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardPlayObservation<V> {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: CardPlayPhase,
    /// Players at the table.
    pub players: u8,
    /// The current deal (1-based; 0 before the first).
    pub deal_number: u32,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Forehand of this deal.
    pub forehand: u8,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// This deal's completed tricks; a trick's `points` are what it counts for the game
    /// ([`CardPlayRules::trick_points`]).
    pub tricks: Vec<TrickRecord>,
    /// The game's own part.
    #[serde(flatten)]
    pub own: V,
}

impl<V> CardPlayObservation<V> {
    /// Every card played in the deal, the trick in progress included.
    pub fn played_cards(&self) -> CardSet {
        crate::record::TrickRecord::played_cards(&self.tricks, &self.trick)
    }

    /// Whether the seat to play plays the trick's last card.
    pub fn plays_last(&self) -> bool {
        self.trick.len() + 1 == self.players as usize
    }
}

impl<R: CardPlayRules> CardPlayGame<R> {
    /// What `seat` may see; `None`: what every player sees (a spectator: no hand).
    pub(super) fn observation_as(&self, seat: Option<usize>) -> CardPlayObservation<R::View> {
        let to_move = match self.to_move() {
            ToMove::Seat(s) => Some(s as u8),
            _ => None,
        };
        CardPlayObservation {
            seat: seat.map_or(u8::MAX, |s| s as u8),
            phase: self.phase,
            players: self.players(),
            deal_number: self.deals_started,
            hand: seat.map_or(CardSet::EMPTY, |s| self.hand(s)),
            dealer: self.dealer,
            forehand: self.forehand(),
            to_move,
            trick_leader: self.play.leader(),
            trick: self.current_trick().to_vec(),
            tricks: self.trick_records(),
            own: R::view(self),
        }
    }
}

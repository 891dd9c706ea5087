//! The record hooks of every card-play game ([`RecordedGame`]), the game giving its own parts
//! through [`CardPlayRecord`].

use super::{CardPlayGame, CardPlayRules, MAX_SEATS};
use crate::card_play_action::CardPlayAction;
use crate::cardset::CardSet;
use crate::record::{player_hands, ActionEntry, DealRecord, NoFields, RecordPart, RecordedGame};
use crate::schieber::Forehand;

/// What a card-play game's record has of its own (docs/records.md and the game's page, section
/// "Record"): its names, the cards of its deal beside the hands, and its deal's and game's
/// results. Its actions are recorded as they are played (`{"seat":0,"action":"play",...}`), its
/// deals start with `forehand` and list one hand per player.
pub trait CardPlayRecord: CardPlayRules {
    /// Other names a record's `game` field may give.
    const ALIASES: &'static [&'static str];
    /// The game's name for people.
    const TITLE: &'static str;
    /// The deal's cards beside the hands (`NoFields` for none).
    type DealCards: RecordPart;
    /// The deal's `result`.
    type DealResult: RecordPart;
    /// The game's `result`, with its `stopped` flag.
    type GameResult: RecordPart;

    /// The deal of a record's `hands` and `cards`.
    fn recorded_deal(hands: [CardSet; MAX_SEATS], cards: &Self::DealCards) -> Self::Deal;
    /// The cards of `game`'s deal beside the hands.
    fn deal_cards(game: &CardPlayGame<Self>) -> Self::DealCards;
    /// The result of `game`'s deal, `score` its score once its every trick is played
    /// ([`CardPlayGame::played_deal_score`]).
    fn deal_result(game: &CardPlayGame<Self>, score: Option<&Self::DealScore>) -> Self::DealResult;
    /// The game's result as it stands.
    fn game_result(game: &CardPlayGame<Self>, stopped: bool) -> Self::GameResult;
    /// Whether the record says it stopped by choice before the game's end.
    fn stopped(result: &Self::GameResult) -> bool;
    /// Why a record of `deals` deals that ends in `game` is incomplete.
    fn not_over(game: &CardPlayGame<Self>, deals: usize) -> String;
}

impl<R: CardPlayRecord> RecordedGame for CardPlayGame<R> {
    const NAME: &'static str = R::NAME;
    const ALIASES: &'static [&'static str] = R::ALIASES;
    const TITLE: &'static str = R::TITLE;
    type Options = R::Options;
    type Recorded = CardPlayAction;
    type DealStart = Forehand;
    /// One hand per player.
    type Hands = Vec<CardSet>;
    type DealCards = R::DealCards;
    type Settled = NoFields;
    type DealResult = R::DealResult;
    type GameResult = R::GameResult;
    type Opening = ();

    fn new_game(options: R::Options) -> Result<Self, String> {
        Self::new(options)
    }
    fn action_of(recorded: CardPlayAction) -> Option<CardPlayAction> {
        Some(recorded)
    }
    fn opening(&self) {}
    fn deal_start(&self, (): ()) -> (u8, Forehand) {
        let forehand = self.forehand();
        (self.dealer(), Forehand { forehand })
    }
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<R::Deal, String> {
        let hands = player_hands(&deal.hands, self.players() as usize)?;
        Ok(R::recorded_deal(hands, &deal.cards))
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: Forehand,
        actions: Vec<ActionEntry<CardPlayAction>>,
    ) -> DealRecord<Self> {
        DealRecord {
            number,
            dealer,
            start,
            hands: self.per_seat(self.dealt_hands()),
            cards: R::deal_cards(self),
            actions,
            settled: NoFields {},
            tricks: self.trick_records(),
            result: R::deal_result(self, self.played_deal_score()),
        }
    }
    fn game_result(&self, stopped: bool) -> R::GameResult {
        R::game_result(self, stopped)
    }
    fn stopped(result: &R::GameResult) -> bool {
        R::stopped(result)
    }
    fn not_over(&self, deals: usize) -> String {
        R::not_over(self, deals)
    }
}

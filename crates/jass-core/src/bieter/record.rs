//! Bieter records: play a Partie into a record, and re-play a record to find the first illegal
//! action or wrong figure. The format is documented in `docs/records.md` and `docs/bieter.md`
//! (section "Record"): the deals start with `forehand`, list one hand per seat and the deal's
//! own cards (the first deal's table cards, a later deal's trump card); the King's Stöck and
//! melds are written by the engine, shown in what the deal settled and in its result.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{
    is_false, player_hands, ActionEntry, DealRecord, Forehand, GameRecord, RecordedGame,
};

use super::options::BieterOptions;
use super::state::{Bieter, BieterDeal};
use super::{BieterAction, BieterContract};
use crate::weis::ShownWeis;

/// A whole Bieter Partie.
pub type BieterRecord = GameRecord<Bieter>;

/// The cards of a deal beside the hands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BieterCards {
    /// The first deal's face-down table cards.
    #[serde(default, skip_serializing_if = "no_cards")]
    pub table_hidden: CardSet,
    /// The first deal's face-up table cards.
    #[serde(default, skip_serializing_if = "no_cards")]
    pub table_open: CardSet,
    /// A later deal's trump card, the dealer's last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump_card: Option<Card>,
}

/// What a Bieter deal's actions settled before the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BieterSettled {
    /// The King (`null` when every player passed and the cards were thrown in).
    pub king: Option<u8>,
    /// His bid, his target.
    pub bid: Option<u32>,
    /// The cards he laid away (the first deal).
    #[serde(default, skip_serializing_if = "no_cards")]
    pub laid_away: CardSet,
    /// What the deal was played in (`null` for a thrown-in deal).
    pub contract: Option<BieterContract>,
    /// A later deal: whether the King played it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stayed: Option<bool>,
    /// The melds shown after the first trick (the party of the best single meld).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub melds: Vec<ShownWeis>,
    /// The seat that scored Stöck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stoeck: Option<u8>,
}

/// The figures of one deal, by party: `[King, Bauern]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BieterDealResult {
    /// Card points written for the tricks.
    pub card_points: [u32; 2],
    /// Tricks taken.
    pub tricks: [u8; 2],
    /// Melds written.
    pub melds: [u32; 2],
    /// Stöck written.
    pub stoeck: [u32; 2],
    /// The King's discards counted for him.
    pub discards: u32,
    /// A Matsch (100, or 257 for a Hindersi or a deal left to the Bauern).
    pub matsch: [u32; 2],
    /// Everything written this deal.
    pub written: [u32; 2],
    /// Each party's points after this deal.
    pub totals: [u32; 2],
}

/// How a Bieter Partie ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BieterGameResult {
    /// The King.
    pub king: Option<u8>,
    /// His bid, his target.
    pub bid: Option<u32>,
    /// The party that first reached its target: `0` the King, `1` the Bauern; `null` in a
    /// record that stopped early.
    pub winner: Option<usize>,
    /// Whether the losers were short of half their target (a double stake).
    pub schneider: bool,
    /// Each party's points (King, Bauern).
    pub totals: [u32; 2],
    /// What each seat won or paid, in stakes (`null` before the end).
    pub settlement: Option<Vec<i64>>,
    /// The record stops by choice after its last deal, before the Partie is over. Absent in
    /// the record of a whole Partie.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// Plays a whole Partie with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: BieterOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Bieter>>],
) -> Result<BieterRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl RecordedGame for Bieter {
    const NAME: &'static str = "bieter";
    const ALIASES: &'static [&'static str] = &["steiger"];
    const TITLE: &'static str = "Bieter";
    type Options = BieterOptions;
    type Recorded = BieterAction;
    type DealStart = Forehand;
    type Hands = Vec<CardSet>;
    type DealCards = BieterCards;
    type Settled = BieterSettled;
    type DealResult = BieterDealResult;
    type GameResult = BieterGameResult;
    type Opening = ();

    fn new_game(options: BieterOptions) -> Result<Self, String> {
        Bieter::new(options)
    }
    fn action_of(recorded: BieterAction) -> Option<BieterAction> {
        Some(recorded)
    }
    fn opening(&self) {}
    fn deal_start(&self, (): ()) -> (u8, Forehand) {
        (
            self.dealer(),
            Forehand {
                forehand: self.forehand(),
            },
        )
    }
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<BieterDeal, String> {
        Ok(BieterDeal {
            hands: player_hands(&deal.hands, self.players() as usize)?,
            table_hidden: deal.cards.table_hidden,
            table_open: deal.cards.table_open,
            trump_card: deal.cards.trump_card,
        })
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: Forehand,
        actions: Vec<ActionEntry<BieterAction>>,
    ) -> DealRecord<Self> {
        let t = self.tally();
        let d = self.dealt();
        let n = self.players() as usize;
        let first = self.is_first_deal();
        DealRecord {
            number,
            dealer,
            start,
            hands: d.hands[..n].to_vec(),
            cards: BieterCards {
                table_hidden: d.table_hidden,
                table_open: d.table_open,
                trump_card: d.trump_card,
            },
            actions,
            settled: BieterSettled {
                king: self.king().filter(|_| !self.thrown_in()),
                bid: self
                    .high_bid()
                    .map(|(b, _)| b)
                    .filter(|_| !self.thrown_in()),
                laid_away: if first {
                    self.laid_away()
                } else {
                    CardSet::EMPTY
                },
                contract: self.contract(),
                stayed: self.stayed(),
                melds: self.shown_melds(),
                stoeck: self.stoeck_scored(),
            },
            tricks: self.trick_records(),
            result: BieterDealResult {
                card_points: t.card_points,
                tricks: t.tricks,
                melds: t.melds,
                stoeck: t.stoeck,
                discards: t.discards,
                matsch: t.matsch,
                written: t.written,
                totals: self.totals(),
            },
        }
    }
    fn game_result(&self, stopped: bool) -> BieterGameResult {
        BieterGameResult {
            king: self.king(),
            bid: self
                .high_bid()
                .map(|(b, _)| b)
                .filter(|_| self.king().is_some()),
            winner: self.winner(),
            schneider: self.schneider(),
            totals: self.totals(),
            settlement: self.settlement(),
            stopped,
        }
    }
    fn stopped(result: &BieterGameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        let [k, b] = self.targets();
        format!(
            "the record ends after {deals} deal(s) but neither the King has {k} nor the Bauern {b} points"
        )
    }
}

fn no_cards(cards: &CardSet) -> bool {
    cards.is_empty()
}

//! Palette records: play a game into a record, and re-play a record to find the first illegal
//! action or wrong figure. The format is documented in `docs/records.md` and `docs/palette.md`
//! (section "Record"): the deals start with `forehand` and list the four hands; what the
//! auction, the trump and the call settled, and each deal's game points.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::game::Player;
use crate::mode::Mode;
use crate::record::{
    is_false, ActionEntry, DealRecord, Forehand, FourHands, GameRecord, NoFields, RecordedGame,
};

use super::options::PaletteOptions;
use super::state::Palette;
use super::{PaletteAction, PaletteBid};

/// A whole Palette game.
pub type PaletteRecord = GameRecord<Palette>;

/// What a deal's actions settled before the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaletteSettled {
    /// The declarer (`null` when every player passed and the cards were thrown in).
    pub declarer: Option<u8>,
    /// His bid.
    pub bid: Option<PaletteBid>,
    /// The trump he named.
    pub trump: Option<Mode>,
    /// The card he asked for (none for a Matsch alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub called: Option<Card>,
    /// Its holder, his partner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner: Option<u8>,
}

/// A deal's figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaletteDealResult {
    /// Card points the declarer's party took (`null` for a deal thrown in).
    pub party_points: Option<u32>,
    /// Tricks it took.
    pub party_tricks: Option<u8>,
    /// Whether the declarer made his bid.
    pub made: Option<bool>,
    /// The game points each seat wrote.
    pub written: [i64; 4],
    /// Each seat's game points after the deal.
    pub totals: [i64; 4],
}

/// How a Palette game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaletteGameResult {
    /// Each seat's game points.
    pub totals: [i64; 4],
    /// The seat with the most (`null` if two share the most, or before the end).
    pub winner: Option<u8>,
    /// The seat with the fewest (`null` if two share the fewest, or before the end).
    pub loser: Option<u8>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: PaletteOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Palette>>],
) -> Result<PaletteRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl RecordedGame for Palette {
    const NAME: &'static str = "palette";
    const TITLE: &'static str = "Palette";
    type Options = PaletteOptions;
    type Recorded = PaletteAction;
    type DealStart = Forehand;
    type Hands = FourHands;
    type DealCards = NoFields;
    type Settled = PaletteSettled;
    type DealResult = PaletteDealResult;
    type GameResult = PaletteGameResult;
    type Opening = ();

    fn new_game(options: PaletteOptions) -> Result<Self, String> {
        Palette::new(options)
    }
    fn action_of(recorded: PaletteAction) -> Option<PaletteAction> {
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
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<FourHands, String> {
        Ok(deal.hands)
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: Forehand,
        actions: Vec<ActionEntry<PaletteAction>>,
    ) -> DealRecord<Self> {
        let score = self.deal_score();
        DealRecord {
            number,
            dealer,
            start,
            hands: self.dealt(),
            cards: NoFields {},
            actions,
            settled: PaletteSettled {
                declarer: self.declarer(),
                bid: self.high_bid().map(|(b, _)| b),
                trump: self.trump(),
                called: self.called(),
                partner: self.partner(),
            },
            tricks: self.trick_records(),
            result: PaletteDealResult {
                party_points: score.map(|s| s.party_points),
                party_tricks: score.map(|s| s.party_tricks),
                made: score.map(|s| s.made),
                written: score.map_or([0; 4], |s| s.written),
                totals: self.totals(),
            },
        }
    }
    fn game_result(&self, stopped: bool) -> PaletteGameResult {
        PaletteGameResult {
            totals: self.totals(),
            winner: self.winner(),
            loser: self.loser(),
            stopped,
        }
    }
    fn stopped(result: &PaletteGameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s); the game has {}",
            self.options().deals
        )
    }
}

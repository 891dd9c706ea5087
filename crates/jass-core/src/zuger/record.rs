//! Zuger records: play a game into a record, and re-play a record to find the first illegal
//! action or wrong figure. The format is documented in `docs/records.md` and `docs/zuger.md`
//! (section "Record"): the deals start with `forehand`, list one hand per seat (the dealer's
//! empty) and the trump card; what the force and the calls settled, and each deal's figures.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{
    is_false, player_hands, ActionEntry, DealRecord, Forehand, GameRecord, RecordedGame,
};
use crate::weis::Declaration;

use super::options::ZugerOptions;
use super::state::{Zuger, ZugerDeal};
use super::ZugerAction;

/// A whole Zuger game.
pub type ZugerRecord = GameRecord<Zuger>;

/// The card of a deal beside the hands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZugerCards {
    /// The card turned for trump, the last card dealt (it stays in its holder's hand).
    pub trump_card: Card,
}

/// The melds a player showed and wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZugerMelds {
    /// Whose.
    pub seat: u8,
    /// The melds.
    pub weis: Declaration,
}

/// What a Zuger deal's actions settled before the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZugerSettled {
    /// The player with the fewest points, when he was asked to force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forcer: Option<u8>,
    /// Whether he forced everyone to play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced: Option<bool>,
    /// The seats who played, forehand first (one alone: he wrote his 10 without play; none:
    /// only the dealer wrote).
    pub playing: Vec<u8>,
    /// The melds written (the player with the best single meld, all his).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub melds: Option<ZugerMelds>,
    /// The seat that wrote Stöck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stoeck: Option<u8>,
}

/// The figures of one deal, one entry per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZugerDealResult {
    /// Card points taken (the last trick's 5 included).
    pub card_points: Vec<u32>,
    /// Tricks taken.
    pub tricks: Vec<u8>,
    /// Melds written.
    pub melds: Vec<u32>,
    /// Stöck written.
    pub stoeck: Vec<u32>,
    /// Card points, melds and Stöck together.
    pub counted: Vec<u32>,
    /// Their tenths, written (none in the hole).
    pub tenths: Vec<i64>,
    /// −10 in the hole.
    pub hole: Vec<i64>,
    /// 10 for a lone player or a Matsch.
    pub bonus: Vec<i64>,
    /// The Bauer's 8 (three played and one took no trick).
    pub bauer: Vec<i64>,
    /// With rounding `bauer`: the tens of the dropped ones, to the Bauer's holder.
    pub remainder: Vec<i64>,
    /// The dealer's 10.
    pub dealer: Vec<i64>,
    /// Everything written this deal.
    pub written: Vec<i64>,
    /// Each player's points after this deal.
    pub totals: Vec<i64>,
}

/// How a Zuger game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZugerGameResult {
    /// The players with the most points (several share a win; none in a record that stopped
    /// early).
    pub winners: Vec<u8>,
    /// Each player's points.
    pub totals: Vec<i64>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: ZugerOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Zuger>>],
) -> Result<ZugerRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl RecordedGame for Zuger {
    const NAME: &'static str = "zuger";
    const ALIASES: &'static [&'static str] = &["zugerjass"];
    const TITLE: &'static str = "Zuger";
    type Options = ZugerOptions;
    type Recorded = ZugerAction;
    type DealStart = Forehand;
    type Hands = Vec<CardSet>;
    type DealCards = ZugerCards;
    type Settled = ZugerSettled;
    type DealResult = ZugerDealResult;
    type GameResult = ZugerGameResult;
    type Opening = ();

    fn new_game(options: ZugerOptions) -> Result<Self, String> {
        Zuger::new(options)
    }
    fn action_of(recorded: ZugerAction) -> Option<ZugerAction> {
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
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<ZugerDeal, String> {
        Ok(ZugerDeal {
            hands: player_hands(&deal.hands, self.players() as usize)?,
            trump_card: deal.cards.trump_card,
        })
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: Forehand,
        actions: Vec<ActionEntry<ZugerAction>>,
    ) -> DealRecord<Self> {
        let t = self.tally();
        let d = self.dealt();
        let n = self.players() as usize;
        let scored = matches!(
            self.phase(),
            super::ZugerPhase::Deal | super::ZugerPhase::Over
        );
        DealRecord {
            number,
            dealer,
            start,
            hands: d.hands[..n].to_vec(),
            cards: ZugerCards {
                trump_card: d.trump_card,
            },
            actions,
            settled: ZugerSettled {
                forcer: self.forcer(),
                forced: self.forced(),
                playing: if scored || self.phase() == super::ZugerPhase::Play {
                    self.playing().to_vec()
                } else {
                    Vec::new()
                },
                melds: self.shown_melds().map(|m| ZugerMelds {
                    seat: m.seat,
                    weis: m.weis,
                }),
                stoeck: self.stoeck_seat(),
            },
            tricks: self.trick_records(),
            result: ZugerDealResult {
                card_points: t.card_points[..n].to_vec(),
                tricks: t.tricks[..n].to_vec(),
                melds: t.melds[..n].to_vec(),
                stoeck: t.stoeck[..n].to_vec(),
                counted: t.counted[..n].to_vec(),
                tenths: t.tenths[..n].to_vec(),
                hole: t.hole[..n].to_vec(),
                bonus: t.bonus[..n].to_vec(),
                bauer: t.bauer[..n].to_vec(),
                remainder: t.remainder[..n].to_vec(),
                dealer: t.dealer[..n].to_vec(),
                written: t.written[..n].to_vec(),
                totals: self.totals()[..n].to_vec(),
            },
        }
    }
    fn game_result(&self, stopped: bool) -> ZugerGameResult {
        ZugerGameResult {
            winners: self.winners(),
            totals: self.totals()[..self.players() as usize].to_vec(),
            stopped,
        }
    }
    fn stopped(result: &ZugerGameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) with {} points written; the game ends at {}",
            self.total_written(),
            self.options().target
        )
    }
}

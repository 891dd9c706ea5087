//! Schaggi Haas records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/schaggi-haas.md` (section "Record"): each deal starts with `forehand`, lists the two
//! hands, then the talons, the turned card, the stock and the cut; what Bessern, the robbing and
//! the first trick settled; each deal's figures.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{
    is_false, player_hands, ActionEntry, DealRecord, Forehand, GameRecord, RecordedGame,
};
use crate::weis::ShownWeis;

use super::options::SchaggiHaasOptions;
use super::state::{cut, SchaggiHaas, SchaggiHaasDeal, SEATS};
use super::SchaggiHaasAction;

/// A whole Schaggi Haas game.
pub type SchaggiHaasRecord = GameRecord<SchaggiHaas>;

/// The cards of a deal beside the hands, and its cut.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchaggiHaasCards {
    /// Each seat's talon of four.
    pub talons: Vec<CardSet>,
    /// The card turned for trump.
    pub trump_card: Card,
    /// The three cards under it.
    pub stock: CardSet,
    /// The seed of the cut.
    pub cut_seed: u64,
    /// The cut's draws, seat 0's card and seat 1's; the lower rank of the last deals.
    pub cut: Vec<[Card; 2]>,
}

/// What a deal's actions settled beside the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchaggiHaasSettled {
    /// Whether each seat took its talon (for a seat not yet asked, none).
    pub bessern: Vec<Option<bool>>,
    /// Who robbed the turned card with the six of trumps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robbed: Option<u8>,
    /// The melds written after the first trick.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub melds: Option<ShownWeis>,
    /// The seat that wrote Stöck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stoeck: Option<u8>,
}

/// The figures of one deal, one entry per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchaggiHaasDealResult {
    /// Card points taken (the last trick's 5 included).
    pub card_points: Vec<u32>,
    /// Tricks taken.
    pub tricks: Vec<u8>,
    /// Melds written.
    pub melds: Vec<u32>,
    /// Stöck written.
    pub stoeck: Vec<u32>,
    /// Everything written this deal.
    pub written: Vec<u32>,
    /// Each player's points after this deal.
    pub totals: Vec<u32>,
}

/// How a Schaggi Haas game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchaggiHaasGameResult {
    /// The player who reached the target first (none in a record that stopped early).
    pub winner: Option<u8>,
    /// Each player's points.
    pub totals: Vec<u32>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: SchaggiHaasOptions,
    seed: u64,
    players: &mut [Box<dyn Player<SchaggiHaas>>],
) -> Result<SchaggiHaasRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl RecordedGame for SchaggiHaas {
    const NAME: &'static str = "schaggi-haas";
    const ALIASES: &'static [&'static str] = &["schaggihaas", "schaggi_haas"];
    const TITLE: &'static str = "Schaggi Haas";
    type Options = SchaggiHaasOptions;
    type Recorded = SchaggiHaasAction;
    type DealStart = Forehand;
    type Hands = Vec<CardSet>;
    type DealCards = SchaggiHaasCards;
    type Settled = SchaggiHaasSettled;
    type DealResult = SchaggiHaasDealResult;
    type GameResult = SchaggiHaasGameResult;
    type Opening = ();

    fn new_game(options: SchaggiHaasOptions) -> Result<Self, String> {
        SchaggiHaas::new(options)
    }
    fn action_of(recorded: SchaggiHaasAction) -> Option<SchaggiHaasAction> {
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
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<SchaggiHaasDeal, String> {
        let c = &deal.cards;
        let (draws, _) = cut(c.cut_seed);
        if c.cut != draws {
            return Err(format!(
                "the cut is recorded as {:?}, but the pack of cut_seed {} gives {:?}: the cut_seed or the draws are wrong",
                c.cut, c.cut_seed, draws
            ));
        }
        Ok(SchaggiHaasDeal {
            hands: player_hands(&deal.hands, SEATS)?,
            talons: player_hands(&c.talons, SEATS).map_err(|_| {
                format!(
                    "{} talons are listed; each of the 2 players has one",
                    c.talons.len()
                )
            })?,
            trump_card: c.trump_card,
            stock: c.stock,
            cut_seed: c.cut_seed,
        })
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: Forehand,
        actions: Vec<ActionEntry<SchaggiHaasAction>>,
    ) -> DealRecord<Self> {
        let t = self.tally();
        let d = self.dealt();
        DealRecord {
            number,
            dealer,
            start,
            hands: d.hands.to_vec(),
            cards: SchaggiHaasCards {
                talons: d.talons.to_vec(),
                trump_card: d.trump_card,
                stock: d.stock,
                cut_seed: d.cut_seed,
                cut: self.cut_draws(),
            },
            actions,
            settled: SchaggiHaasSettled {
                bessern: self.bessern().to_vec(),
                robbed: self.robbed(),
                melds: self.shown_melds(),
                stoeck: self.stoeck_seat(),
            },
            tricks: self.trick_records(),
            result: SchaggiHaasDealResult {
                card_points: t.card_points.to_vec(),
                tricks: t.tricks.to_vec(),
                melds: t.melds.to_vec(),
                stoeck: t.stoeck.to_vec(),
                written: t.written.to_vec(),
                totals: self.totals().to_vec(),
            },
        }
    }
    fn game_result(&self, stopped: bool) -> SchaggiHaasGameResult {
        SchaggiHaasGameResult {
            winner: self.winner(),
            totals: self.totals().to_vec(),
            stopped,
        }
    }
    fn stopped(result: &SchaggiHaasGameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) at {:?} points; the game ends when a player reaches {}",
            self.totals(),
            self.options().target
        )
    }
}

//! Pandur game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/pandur.md` (section "Record"); Pandur has no Stöck entry (the soloist's marriage is
//! counted at the deal's end, in its result), its deals start with `forehand` and list one hand
//! per seat (none for a dealer who sits out).

use serde::{Deserialize, Serialize};

use crate::card::Suit;
use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{
    is_false, player_hands, ActionEntry, DealRecord, GameRecord, NoFields, RecordedGame,
};
use crate::schieber::Forehand;

use super::contract::PandurContract;
use super::options::PandurOptions;
use super::state::{Pandur, ShownMelds};
use super::PandurAction;

/// A whole Pandur game.
pub type PandurRecord = GameRecord<Pandur>;

/// The contract of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PandurContractRecord {
    /// The contract bid.
    pub bid: PandurContract,
    /// Who bid it and played alone.
    pub soloist: u8,
    /// The trump suit (named, or the suit of the first lead); `null` without trump.
    pub trump: Option<Suit>,
}

/// What a Pandur deal's actions settled before the tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PandurSettled {
    /// The contract (`null`: every active player passed and the cards were thrown in).
    pub contract: Option<PandurContractRecord>,
    /// The melds shown after the first trick of a numerical contract: the soloist's (which
    /// scored) or the opponent's that beat them.
    pub melds: Option<ShownMeldsRecord>,
}

/// The melds shown after the first trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShownMeldsRecord {
    /// Whose.
    pub seat: u8,
    /// The melds.
    pub weis: crate::weis::Declaration,
    /// Whether they scored (the soloist's best beat every opponent's).
    pub scored: bool,
}

impl From<ShownMelds> for ShownMeldsRecord {
    fn from(m: ShownMelds) -> Self {
        ShownMeldsRecord {
            seat: m.seat,
            weis: m.weis,
            scored: m.scored,
        }
    }
}

/// The figures of one deal, one value per seat where there are several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PandurDealResult {
    /// Card points each seat took (the last trick's 5 included).
    pub card_points: Vec<u32>,
    /// Tricks each seat took.
    pub tricks: Vec<u8>,
    /// The soloist's melds that scored.
    pub melds: u32,
    /// The soloist's marriage (the King and Queen of trumps).
    pub stoeck: u32,
    /// What the soloist made of a numerical contract: card points, melds, marriage.
    pub counted: u32,
    /// Whether the contract was made (`null` for a thrown-in deal).
    pub made: Option<bool>,
    /// The game points each seat was written.
    pub written: Vec<u32>,
    /// Each seat's game points after this deal.
    pub totals: Vec<u32>,
}

/// How a Pandur game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PandurGameResult {
    /// The player left in when every other had reached the target: the loser (004); `null` in
    /// a record that stopped early.
    pub loser: Option<u8>,
    /// The players who reached the target and dropped out, safe, in the order they did.
    pub safe: Vec<u8>,
    /// Each player's game points.
    pub totals: Vec<u32>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: PandurOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Pandur>>],
) -> Result<PandurRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

fn per_seat<T: Copy>(g: &Pandur, v: [T; 4]) -> Vec<T> {
    v[..g.players() as usize].to_vec()
}

impl RecordedGame for Pandur {
    const NAME: &'static str = "pandur";
    const TITLE: &'static str = "Pandur";
    type Options = PandurOptions;
    type Recorded = PandurAction;
    type DealStart = Forehand;
    /// One hand per seat (the dealer who sits out: an empty list).
    type Hands = Vec<CardSet>;
    type DealCards = NoFields;
    type Settled = PandurSettled;
    type DealResult = PandurDealResult;
    type GameResult = PandurGameResult;
    type Opening = ();

    fn new_game(options: PandurOptions) -> Result<Self, String> {
        Pandur::new(options)
    }
    fn action_of(recorded: PandurAction) -> Option<PandurAction> {
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
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<[CardSet; 4], String> {
        player_hands(&deal.hands, self.players() as usize)
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: Forehand,
        actions: Vec<ActionEntry<PandurAction>>,
    ) -> DealRecord<Self> {
        let t = self.tally();
        let contract = self
            .bid()
            .filter(|_| !self.thrown_in())
            .map(|(bid, soloist)| PandurContractRecord {
                bid,
                soloist,
                trump: self.trump(),
            });
        DealRecord {
            number,
            dealer,
            start,
            hands: per_seat(self, self.dealt_hands()),
            cards: NoFields {},
            actions,
            settled: PandurSettled {
                contract,
                melds: self.shown_melds().map(ShownMeldsRecord::from),
            },
            tricks: self.trick_records(),
            result: PandurDealResult {
                card_points: per_seat(self, t.card_points),
                tricks: per_seat(self, t.tricks),
                melds: t.melds,
                stoeck: t.stoeck,
                counted: t.counted,
                made: t.made,
                written: per_seat(self, t.written),
                totals: per_seat(self, self.totals()),
            },
        }
    }
    fn game_result(&self, stopped: bool) -> PandurGameResult {
        PandurGameResult {
            loser: self.loser(),
            safe: self.safe().to_vec(),
            totals: per_seat(self, self.totals()),
            stopped,
        }
    }
    fn stopped(result: &PandurGameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but more than one player is still short of {} game points",
            self.options().target
        )
    }
}

//! Schellenjass game records: play a game into a record, and re-play a record to find the first
//! illegal action or wrong figure. The format is documented in `docs/records.md` and
//! `docs/schellenjass.md` (section "Record"); Schellenjass has no Stöck, its actions are recorded
//! as they are played (`{"seat":0,"action":"play",...}`).

use serde::{Deserialize, Serialize};

use crate::cardset::CardSet;
use crate::game::Player;
use crate::record::{is_false, DealRecord, GameRecord, NoFields, RecordedGame};
use crate::schieber::{Forehand, TrickRecord};

use super::options::SchellenjassOptions;
use super::state::{Schellenjass, SchellenjassDeal, MAX_SEATS};
use super::SchellenjassAction;

/// The figures of one deal, one value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchellenjassDealResult {
    /// Cards of the game's suit each player took; they add up to 9.
    pub bells: Vec<u8>,
    /// The player who took all nine (a Turi), if one did.
    pub turi: Option<u8>,
    /// Lines each player wrote for this deal.
    pub lines: Vec<u32>,
    /// Each player's lines after this deal.
    pub totals: Vec<u32>,
}

/// How a Schellenjass game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchellenjassGameResult {
    /// The player alone at the target (none in a record that stopped early).
    pub winner: Option<u8>,
    /// Each player's lines.
    pub totals: Vec<u32>,
    /// The record stops by choice after its last deal, before the game is over. Absent in the
    /// record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

/// A whole Schellenjass game.
pub type SchellenjassRecord = GameRecord<Schellenjass>;

/// Plays a whole game with these players (seat-indexed), the deals drawn from `seed`.
pub fn play_recorded(
    options: SchellenjassOptions,
    seed: u64,
    players: &mut [Box<dyn Player<Schellenjass>>],
) -> Result<SchellenjassRecord, String> {
    crate::record::play_seeded(options, seed, players, &mut |_| {})
}

impl Schellenjass {
    fn per_seat<T: Copy>(&self, v: [T; MAX_SEATS]) -> Vec<T> {
        v[..self.options().players as usize].to_vec()
    }
}

impl RecordedGame for Schellenjass {
    const NAME: &'static str = "schellenjass";
    const ALIASES: &'static [&'static str] = &["herzjass"];
    const TITLE: &'static str = "Schellenjass";
    type Options = SchellenjassOptions;
    type Recorded = SchellenjassAction;
    type DealStart = Forehand;
    /// One hand per player.
    type Hands = Vec<CardSet>;
    type DealCards = NoFields;
    type Settled = NoFields;
    type DealResult = SchellenjassDealResult;
    type GameResult = SchellenjassGameResult;
    type Opening = ();

    fn new_game(options: SchellenjassOptions) -> Result<Self, String> {
        Schellenjass::new(options)
    }
    fn action_of(recorded: SchellenjassAction) -> Option<SchellenjassAction> {
        Some(recorded)
    }
    fn opening(&self) {}
    fn deal_start(&self, (): ()) -> (u8, Forehand) {
        let forehand = self.forehand();
        (self.dealer(), Forehand { forehand })
    }
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<SchellenjassDeal, String> {
        let hands = crate::record::player_hands(&deal.hands, self.options().players as usize)?;
        Ok(SchellenjassDeal { hands })
    }
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: Forehand,
        actions: Vec<crate::record::ActionEntry<SchellenjassAction>>,
    ) -> DealRecord<Self> {
        let over = self.tricks_done() == self.options().hand_size();
        let score = self.last_deal().filter(|_| over);
        DealRecord {
            number,
            dealer,
            start,
            hands: self.per_seat(self.dealt_hands()),
            cards: NoFields {},
            actions,
            settled: NoFields {},
            tricks: TrickRecord::first(self.tricks_done() as u8, |i| self.completed_trick(i)),
            result: SchellenjassDealResult {
                bells: self.per_seat(self.bells()),
                turi: score.and_then(|d| d.turi),
                lines: self.per_seat(score.map_or([0; MAX_SEATS], |d| d.lines)),
                totals: self.per_seat(self.lines()),
            },
        }
    }
    fn game_result(&self, stopped: bool) -> SchellenjassGameResult {
        SchellenjassGameResult {
            winner: self.winner(),
            totals: self.per_seat(self.lines()),
            stopped,
        }
    }
    fn stopped(result: &SchellenjassGameResult) -> bool {
        result.stopped
    }
    fn not_over(&self, deals: usize) -> String {
        format!(
            "the record ends after {deals} deal(s) but nobody is alone at {} lines (lines {:?})",
            self.options().target,
            self.per_seat(self.lines())
        )
    }
}

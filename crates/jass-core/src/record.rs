//! Game records: one JSON document per game, JSON Lines for many. Every game's record has one
//! shape, [`GameRecord`], each game supplying its own parts through [`RecordedGame`]; one
//! checker, [`check`], re-plays any of them, and one writer, [`play_game`], plays any game into
//! one. The record of any game, told apart by its `game` field, is the registry's
//! (`jass_table::Record`). See `docs/records.md`.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::game::{play_turn, ActionList, Game, Player, ToMove};

/// The `format` field of every record.
pub const FORMAT: &str = "jass-record";
/// The version this engine writes and reads.
pub const VERSION: u32 = 1;

/// Who sat in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRecord {
    /// The player's name or kind (`random`, a person's name, a program).
    pub name: String,
}

/// A completed trick (every game records its tricks this way).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrickRecord {
    /// Who led.
    pub leader: u8,
    /// The cards in play order (the first is the lead).
    pub cards: Vec<Card>,
    /// Who won it.
    pub winner: u8,
    /// Its card points, unmultiplied (the last trick with its bonus); in a game that counts a
    /// trick otherwise, what it counts there (each game's page says: Guggitaler's count,
    /// Molotow's table meld added).
    pub points: u32,
}

impl TrickRecord {
    /// Every card played in a deal whose completed tricks are `tricks` and whose trick in
    /// progress is `trick` (what a seat's view shows of the cards gone).
    pub fn played_cards(tricks: &[TrickRecord], trick: &[Card]) -> crate::CardSet {
        tricks
            .iter()
            .flat_map(|t| t.cards.iter().copied())
            .chain(trick.iter().copied())
            .collect()
    }

    /// The records of a deal's first `done` tricks, trick `i` given by `trick(i)` as (leader,
    /// cards in play order, winner, points): what every game's `completed_trick` returns.
    pub fn first<C: Into<Vec<Card>>>(
        done: u8,
        trick: impl Fn(usize) -> (u8, C, u8, u32),
    ) -> Vec<TrickRecord> {
        (0..done as usize)
            .map(|i| {
                let (leader, cards, winner, points) = trick(i);
                TrickRecord {
                    leader,
                    cards: cards.into(),
                    winner,
                    points,
                }
            })
            .collect()
    }
}

/// A completed trick as every seat sees it in an observation: the same four figures as the
/// record's, written the same way.
pub type ObservedTrick = TrickRecord;

/// A deal's forehand (Schieber, Coiffeur, Differenzler): chose or shoved first, led the first
/// trick (in Schieber and Coiffeur with `first_lead` `chooser`, the chooser led it); always the
/// seat after the dealer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forehand {
    /// Who was forehand.
    pub forehand: u8,
}

/// The four hands as dealt (the four-seat games).
pub type FourHands = [crate::CardSet; 4];

/// A forehand game's recorded dealer and forehand against the engine's ([`check_dealer`]): its
/// [`RecordedGame::check_start`].
pub fn check_forehand<G: RecordedGame<DealStart = Forehand>>(
    deal: usize,
    recorded: &DealRecord<G>,
    dealer: u8,
    start: &Forehand,
) -> Result<(), CheckError> {
    let forehand = recorded.start.forehand;
    check_dealer(deal, (recorded.dealer, forehand), (dealer, start.forehand))
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The winning team (partnership games) or seat.
    pub winner: Option<u8>,
    /// Final totals per team (or seat).
    pub totals: Vec<u32>,
    /// The losers stayed below half the target, or the Schneider line (Schneider).
    pub schneider: bool,
    /// The team that first reached half the target (or the Bergpreis line), if the Bergpreis was
    /// played.
    pub bergpreis: Option<u8>,
    /// Games the winners won: 2 with Schneider, else 1.
    pub games_won: u32,
    /// The record stops by choice after its last deal, before the game is over (a deal played on
    /// its own, as `jass arena` does). Absent in the record of a whole game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
}

impl GameResult {
    /// The result of a game between two teams as it stands: the winning team once it is over,
    /// the totals, whether the losers were Schneider (then it counts as two games won), and the
    /// Bergpreis.
    pub fn of_teams(
        winner: Option<u8>,
        totals: [u32; 2],
        schneider: bool,
        bergpreis: Option<u8>,
    ) -> GameResult {
        GameResult {
            winner,
            totals: totals.to_vec(),
            schneider,
            bergpreis,
            games_won: match winner {
                Some(_) if schneider => 2,
                Some(_) => 1,
                None => 0,
            },
            stopped: false,
        }
    }
}

/// Why a record of `deals` deals of a game played to a `target` is incomplete: no team has won
/// ([`RecordedGame::not_over`]).
pub fn target_not_reached(deals: usize, totals: [u32; 2], target: u32) -> String {
    format!(
        "the record ends after {deals} deal(s) but the game is not over (totals {totals:?}, target {target})"
    )
}

/// A record's options, where the options that records written before them lack take the value
/// those records were played under (`absent`: key and value), not today's default.
pub(crate) fn options_as_played<'de, D, T>(d: D, absent: &[(&str, bool)]) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let mut v = serde_json::Value::deserialize(d)?;
    if let serde_json::Value::Object(m) = &mut v {
        for &(key, value) in absent {
            m.entry(key).or_insert(value.into());
        }
    }
    serde_json::from_value(v).map_err(serde::de::Error::custom)
}

/// For `skip_serializing_if`: leave a false flag out of the record.
pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

/// The end of a record's check: the game must be over, unless the record says it `stopped`
/// between two deals (then the game must not be over, and no seat may be left to act).
pub fn check_end(
    over: bool,
    between_deals: bool,
    stopped: bool,
    deals: usize,
    not_over: impl FnOnce() -> String,
) -> Result<(), CheckError> {
    match (over, stopped) {
        (true, true) => Err(CheckError::whole(format!(
            "the record says it stopped early, but the game is over after its {deals} deal(s)"
        ))),
        (false, false) => Err(CheckError::whole(not_over())),
        (false, true) if !between_deals => Err(CheckError::whole(format!(
            "the record stops in the middle of deal {deals}"
        ))),
        _ => Ok(()),
    }
}

/// A recorded field against the engine's: `Err` names the field and both values.
pub fn agree<T: PartialEq + fmt::Debug>(
    field: &str,
    recorded: &T,
    engine: &T,
) -> Result<(), String> {
    if recorded == engine {
        Ok(())
    } else {
        Err(format!(
            "{field} is recorded as {recorded:?}, the engine finds {engine:?}"
        ))
    }
}

/// A recorded value against the engine's, field by field: `Err` names the first field that
/// differs by its path (`result.strokes`) and both values as JSON, rather than dumping both
/// whole.
pub fn agree_fields<T: Serialize>(name: &str, recorded: &T, engine: &T) -> Result<(), String> {
    let to_json = |v: &T| serde_json::to_value(v).expect("records serialize");
    let (mut recorded, mut engine) = (to_json(recorded), to_json(engine));
    let mut path = name.to_string();
    loop {
        if recorded == engine {
            return Ok(());
        }
        let (serde_json::Value::Object(r), serde_json::Value::Object(e)) = (&recorded, &engine)
        else {
            return Err(format!(
                "{path} is recorded as {recorded}, the engine finds {engine}"
            ));
        };
        // A field left out (`skip_serializing_if`) is compared as null.
        let null = serde_json::Value::Null;
        let (key, r, e) = e
            .keys()
            .chain(r.keys())
            .map(|k| (k, r.get(k).unwrap_or(&null), e.get(k).unwrap_or(&null)))
            .find(|(_, r, e)| r != e)
            .expect("unequal objects differ in a field");
        path = if path.is_empty() {
            key.clone()
        } else {
            format!("{path}.{key}")
        };
        (recorded, engine) = (r.clone(), e.clone());
    }
}

/// Plays entry `entry` (0-based) of deal `deal` (0-based), an action of `seat`, on `state`
/// while checking a record: it must be that seat's turn and the action must be legal.
pub fn apply_entry<G: Game>(
    state: &mut G,
    deal: usize,
    entry: usize,
    seat: usize,
    action: G::Action,
) -> Result<(), CheckError> {
    let here = |message: String| CheckError::in_deal(deal, Some(entry + 1), message);
    match state.to_move() {
        ToMove::Seat(p) if p == seat => {}
        ToMove::Seat(p) => {
            return Err(here(format!(
                "entry is by seat {seat}, but seat {p} is to act"
            )))
        }
        _ => {
            return Err(here(
                "an action after the deal (or the game) has ended".into(),
            ))
        }
    }
    state
        .apply(action)
        .map_err(|err| here(format!("illegal action `{action}`: {err}")))
}

/// A record's own part of one game: a type that records write and read as JSON, compare and show.
pub trait RecordPart: Clone + fmt::Debug + Eq + Serialize + DeserializeOwned {}
impl<T: Clone + fmt::Debug + Eq + Serialize + DeserializeOwned> RecordPart for T {}

/// A part of a deal's record that a game does not have (Sidi Barrani has no forehand field, the
/// team games no cards beside the hands): it writes no field and reads none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoFields {}

/// What a game supplies to be recorded and checked: its own types (the parts of its record that
/// differ from game to game) and the hooks that read them from its state. Everything else, the
/// record's shape, playing a game into a record and re-playing a record ([`check`]), is written
/// once, here.
pub trait RecordedGame: Game + fmt::Debug {
    /// The record's `game` field (`sidi-barrani`): the game's name in notation.
    const NAME: &'static str;
    /// Other names a record's `game` field may give (`sidi`); records are written with [`NAME`].
    ///
    /// [`NAME`]: RecordedGame::NAME
    const ALIASES: &'static [&'static str] = &[];
    /// The game's name for people, in messages (`Sidi Barrani`).
    const TITLE: &'static str;
    /// Options that records written before them lack, each with the value those records were
    /// played under (not today's default).
    const OPTIONS_ADDED_LATER: &'static [(&'static str, bool)] = &[];
    /// The game's options, every one written out.
    type Options: Copy + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// What a seat did as the record writes it: the game's actions and, in a game with Stöck,
    /// the engine's Stöck.
    type Recorded: Copy + fmt::Debug + Eq + Serialize + DeserializeOwned + From<Self::Action>;
    /// The Stöck the engine enters for its holder, right after the action that scored it; `None`
    /// in a game without Stöck (whose `stoeck_scored` keeps its default).
    const STOECK: Option<Self::Recorded> = None;
    /// The deal's fields between `dealer` and `hands` (`forehand`; Handjass: `vorhand`,
    /// `active`, `layout`).
    type DealStart: RecordPart;
    /// The dealt hands (four; Handjass: one per seat, `null` for a seat not at the table).
    type Hands: RecordPart;
    /// The deal's other cards, after `hands` (Handjass: the blind, the stock, the Bessern
    /// packets, the turned card and the tie seed; Differenzler: the turned card and the trump).
    type DealCards: RecordPart;
    /// What the actions settled before the tricks, after `actions` (the contract and who chose
    /// it, whose Weis counted; Differenzler: the announcements).
    type Settled: RecordPart;
    /// The deal's `result`.
    type DealResult: RecordPart;
    /// The game's `result`.
    type GameResult: RecordPart;
    /// What a deal's record needs from the state just before its cards are dealt (Handjass: the
    /// table of the coming deal); `()` where the state after the cards tells everything.
    type Opening;

    /// A new game under these options, or why they are refused.
    fn new_game(options: Self::Options) -> Result<Self, String>;
    /// The player's action of a recorded entry, or `None` for the engine's Stöck entry.
    fn action_of(recorded: Self::Recorded) -> Option<Self::Action>;
    /// Read before the cards of a deal are dealt.
    fn opening(&self) -> Self::Opening;
    /// Once the cards are dealt: who dealt, and the deal's start fields.
    fn deal_start(&self, opening: Self::Opening) -> (u8, Self::DealStart);
    /// The seat whose Stöck the action `seat` has just taken scored, if it scored one (never, in
    /// a game without Stöck).
    fn stoeck_scored(&self, _seat: usize) -> Option<u8> {
        None
    }
    /// The cards of a recorded deal as the engine deals them, or what is wrong with them.
    fn recorded_deal(&self, deal: &DealRecord<Self>) -> Result<Self::Deal, String>;
    /// The record of the deal this state has just played (or is playing, if the game ended in
    /// it): the writer's and the checker's one source of every recorded figure.
    fn deal_record(
        &self,
        number: u32,
        dealer: u8,
        start: Self::DealStart,
        actions: Vec<ActionEntry<Self::Recorded>>,
    ) -> DealRecord<Self>;
    /// The game's result as it stands, with the record's `stopped` flag where the game has one.
    fn game_result(&self, stopped: bool) -> Self::GameResult;
    /// Whether the record says it stopped by choice before the game's end (games that can stop).
    fn stopped(_result: &Self::GameResult) -> bool {
        false
    }
    /// Why a record of `deals` deals that ends here is incomplete: the game is not over.
    fn not_over(&self, deals: usize) -> String;
    /// Compares a deal's recorded dealer and start fields with the engine's (`deal` 0-based).
    fn check_start(
        deal: usize,
        recorded: &DealRecord<Self>,
        dealer: u8,
        start: &Self::DealStart,
    ) -> Result<(), CheckError> {
        agree_fields("dealer", &recorded.dealer, &dealer)
            .and_then(|()| agree_fields("", &recorded.start, start))
            .map_err(|m| CheckError::in_deal(deal, None, m))
    }
    /// Compares a deal's recorded result with the engine's; games with corrections within the
    /// version name them here.
    fn check_result(recorded: &DealRecord<Self>, engine: &Self::DealResult) -> Result<(), String> {
        agree_fields("result", &recorded.result, engine)
    }
    /// Puts right in `record` what engines before a correction within the version wrote
    /// otherwise than docs/records.md says (how such a record can still be shown; [`check`]
    /// names those fields). Most games have had none.
    fn correct(_record: &mut GameRecord<Self>) {}
}

/// The `game` field of a record of `G`: written as [`RecordedGame::NAME`], read as it or one of
/// the game's aliases, so that a record of one game is never read as another's.
pub struct GameName<G>(std::marker::PhantomData<fn() -> G>);

impl<G> GameName<G> {
    /// The field (it holds nothing: the type says which game).
    pub const fn new() -> Self {
        GameName(std::marker::PhantomData)
    }
}

impl<G> Default for GameName<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G> Clone for GameName<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for GameName<G> {}

impl<G> PartialEq for GameName<G> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<G> Eq for GameName<G> {}

impl<G: RecordedGame> fmt::Debug for GameName<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(G::NAME)
    }
}

impl<G: RecordedGame> Serialize for GameName<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(G::NAME)
    }
}

impl<'de, G: RecordedGame> Deserialize<'de> for GameName<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        if name == G::NAME || G::ALIASES.contains(&name.as_str()) {
            Ok(GameName::new())
        } else {
            Err(serde::de::Error::custom(format!(
                "`game` is `{name}`, but this is a {} record (`{}`)",
                G::TITLE,
                G::NAME
            )))
        }
    }
}

/// One entry of a deal's action list: a seat's decision, or the Stöck the engine enters for its
/// holder (`{"seat":0,"action":"play","card":"HA"}`). (No `deny_unknown_fields` here: serde
/// cannot combine it with `flatten`; the action's own type refuses unknown fields.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionEntry<A> {
    /// Who acted.
    pub seat: u8,
    /// What was done.
    #[serde(flatten)]
    pub action: A,
    /// Why the action is not the player's own: a bot program's answer that was refused and
    /// replaced by its fallback (the rule player). Absent for the player's own actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

/// One deal of a record of game `G`, its fields in the order they are written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct DealRecord<G: RecordedGame> {
    /// 1-based number of the deal in the game.
    pub number: u32,
    /// Who dealt.
    pub dealer: u8,
    /// The game's fields of the deal's start.
    #[serde(flatten)]
    pub start: G::DealStart,
    /// The cards dealt to each seat.
    pub hands: G::Hands,
    /// The game's other cards of the deal.
    #[serde(flatten)]
    pub cards: G::DealCards,
    /// Every action in order with its seat.
    pub actions: Vec<ActionEntry<G::Recorded>>,
    /// What the actions settled before the tricks.
    #[serde(flatten)]
    pub settled: G::Settled,
    /// The completed tricks.
    pub tricks: Vec<TrickRecord>,
    /// The deal's figures.
    pub result: G::DealResult,
}

/// A whole game of `G`: one record, its fields in the order they are written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct GameRecord<G: RecordedGame> {
    /// The game's name (`schieber`).
    pub game: GameName<G>,
    /// Always `jass-record`.
    pub format: String,
    /// Format version (1).
    pub version: u32,
    /// Every option, explicitly.
    #[serde(deserialize_with = "options_of::<G, _>")]
    pub options: G::Options,
    /// Who sat where (one per seat).
    pub seats: Vec<SeatRecord>,
    /// The seed the deals were drawn from, if they were.
    pub seed: Option<u64>,
    /// The deals.
    pub deals: Vec<DealRecord<G>>,
    /// How the game ended.
    pub result: G::GameResult,
}

/// Clone, Debug and equality field by field (a derive would ask them of the game's state too).
macro_rules! field_by_field {
    ($name:ident { $($field:ident),* }) => {
        impl<G: RecordedGame> Clone for $name<G> {
            fn clone(&self) -> Self {
                $name { $($field: self.$field.clone()),* }
            }
        }
        impl<G: RecordedGame> PartialEq for $name<G> {
            fn eq(&self, other: &Self) -> bool {
                true $(&& self.$field == other.$field)*
            }
        }
        impl<G: RecordedGame> Eq for $name<G> {}
        impl<G: RecordedGame> fmt::Debug for $name<G> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name))
                    $(.field(stringify!($field), &self.$field))*
                    .finish()
            }
        }
    };
}
field_by_field!(DealRecord {
    number,
    dealer,
    start,
    hands,
    cards,
    actions,
    settled,
    tricks,
    result
});
field_by_field!(GameRecord {
    game,
    format,
    version,
    options,
    seats,
    seed,
    deals,
    result
});

/// A record's options, those added since it was written taking the value it was played under.
fn options_of<'de, G: RecordedGame, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<G::Options, D::Error> {
    options_as_played(d, G::OPTIONS_ADDED_LATER)
}

impl<G: RecordedGame> GameRecord<G> {
    /// Re-plays the record through the engine ([`check`]).
    pub fn check(&self) -> Result<(), CheckError> {
        check(self)
    }

    /// The record with what engines before a correction within version 1 wrote otherwise put
    /// right ([`RecordedGame::correct`]), or `None` if nothing needed it.
    pub fn corrected(&self) -> Option<Self> {
        let mut fixed = self.clone();
        G::correct(&mut fixed);
        (fixed != *self).then_some(fixed)
    }

    /// The record as one pretty JSON document.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }

    /// The record as one line of JSON.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("records serialize")
    }

    /// Reads a record of this game from a JSON value, with a clear message for what is wrong.
    pub fn from_value(value: serde_json::Value) -> Result<Self, String> {
        options_are_an_object(&value)?;
        serde_json::from_value(value).map_err(|e| format!("not a valid {} record: {e}", G::NAME))
    }

    /// Reads records of this game: one JSON document or many ([`read_records`]).
    pub fn read_all(text: &str) -> Vec<Result<Self, ReadError>> {
        read_records(text.as_bytes(), false, Self::from_value)
    }
}

/// A record's hands, one per player, in the engine's array of `M` seats (the seats past `players`
/// empty), or what is wrong with their number: the games whose deal is one hand per player.
pub fn player_hands<const M: usize>(
    listed: &[crate::CardSet],
    players: usize,
) -> Result<[crate::CardSet; M], String> {
    if listed.len() != players {
        return Err(format!(
            "{} hands are listed; the game has {players} players",
            listed.len()
        ));
    }
    let mut hands = [crate::CardSet::EMPTY; M];
    hands[..players].copy_from_slice(listed);
    Ok(hands)
}

/// serde would read a struct from a list by position too; the format says `options` is an object.
pub fn options_are_an_object(value: &serde_json::Value) -> Result<(), String> {
    match value.get("options").filter(|o| !o.is_object()) {
        Some(o) => Err(format!(
            "`options` is {o}: it must be an object of option names and values, e.g. {{\"target\": 1000}}"
        )),
        None => Ok(()),
    }
}

/// Where [`play_game`] takes each deal's cards: `Ok(None)` stops the game, `Err` ends it.
pub type NextDeal<'a, G> = dyn FnMut(&G) -> Result<Option<<G as Game>::Deal>, String> + 'a;

/// Plays a whole game of `G` with these players (one per seat) into its record, the deals drawn
/// from `seed` ([`crate::deal::seeded_deals`]), calling `watch` before every step and once at
/// the end.
pub fn play_seeded<G: RecordedGame>(
    options: G::Options,
    seed: u64,
    players: &mut [Box<dyn Player<G>>],
    watch: &mut dyn FnMut(&G),
) -> Result<GameRecord<G>, String> {
    let mut deals = crate::deal::seeded_deals(seed);
    play_game(options, Some(seed), players, &mut |s| Ok(deals(s)), watch)
}

/// Plays a game of `G` with these players (one per seat) into its record, calling `watch` before
/// every step and once at the end. Each deal's cards come from `next_deal`, asked when they are
/// to be dealt: `None` stops the game there (the record then says it `stopped`), an error ends
/// it (a game's guard against endless games). `seed` is written as the seed the deals came from,
/// if they did.
pub fn play_game<G: RecordedGame>(
    options: G::Options,
    seed: Option<u64>,
    players: &mut [Box<dyn Player<G>>],
    next_deal: &mut NextDeal<'_, G>,
    watch: &mut dyn FnMut(&G),
) -> Result<GameRecord<G>, String> {
    let mut state = G::new_game(options)?;
    if players.len() != state.seats() {
        return Err(format!(
            "{} needs {} players, got {}",
            G::TITLE,
            state.seats(),
            players.len()
        ));
    }
    let mut deals = Vec::new();
    let mut actions = Vec::new();
    let mut legal = ActionList::new();
    // The dealer and start fields of the deal in play; `None` before the first deal and after
    // its record was made.
    let mut current: Option<(u8, G::DealStart)> = None;
    let mut stopped = false;
    loop {
        watch(&state);
        match state.to_move() {
            ToMove::Over => break,
            ToMove::Deal => {
                if let Some((dealer, start)) = current.take() {
                    let number = deals.len() as u32 + 1;
                    let entries = std::mem::take(&mut actions);
                    deals.push(state.deal_record(number, dealer, start, entries));
                }
                let opening = state.opening();
                let Some(deal) = next_deal(&state)? else {
                    stopped = true;
                    break;
                };
                state.apply_deal(deal).map_err(|e| e.to_string())?;
                current = Some(state.deal_start(opening));
            }
            ToMove::Seat(seat) => {
                let action = play_turn(&mut state, seat, players[seat].as_mut(), &mut legal)?;
                let fallback = players[seat].take_fallback();
                actions.push(ActionEntry {
                    seat: seat as u8,
                    action: action.into(),
                    fallback,
                });
                if let (Some(holder), Some(stoeck)) = (state.stoeck_scored(seat), G::STOECK) {
                    actions.push(ActionEntry {
                        seat: holder,
                        action: stoeck,
                        fallback: None,
                    });
                }
            }
        }
    }
    if let Some((dealer, start)) = current {
        let number = deals.len() as u32 + 1;
        deals.push(state.deal_record(number, dealer, start, actions));
    }
    Ok(GameRecord {
        game: GameName::new(),
        format: FORMAT.to_string(),
        version: VERSION,
        options,
        seats: players
            .iter()
            .map(|p| SeatRecord { name: p.name() })
            .collect(),
        seed,
        deals,
        result: state.game_result(stopped),
    })
}

/// Re-plays a record of `G` through the engine and reports the first illegal action or wrong
/// figure, with its place: the record's cards are dealt, each entry is applied as its seat's
/// action ([`apply_entry`]; the engine's Stöck entries are matched with the action that scored
/// Stöck), and the game rebuilds every recorded field from its state ([`RecordedGame`]'s
/// hooks), which must agree with the record's: the deal's start, what the actions settled, the
/// tricks, the deal's result, then anything else of the deal; at the end the game's result.
pub fn check<G: RecordedGame>(rec: &GameRecord<G>) -> Result<(), CheckError> {
    let at = CheckError::in_deal;
    check_format(&rec.format, rec.version)?;
    let mut s = G::new_game(rec.options).map_err(|e| CheckError::whole(format!("options: {e}")))?;
    if rec.seats.len() != s.seats() {
        return Err(CheckError::whole(format!(
            "{} is played by {} seats under these options, the record lists {}",
            G::TITLE,
            s.seats(),
            rec.seats.len()
        )));
    }
    for (di, d) in rec.deals.iter().enumerate() {
        check_deal_start(&s, di, d.number)?;
        let opening = s.opening();
        let cards = s.recorded_deal(d).map_err(|m| at(di, None, m))?;
        s.apply_deal(cards)
            .map_err(|e| at(di, None, format!("the cards: {e}")))?;
        let (dealer, start) = s.deal_start(opening);
        G::check_start(di, d, dealer, &start)?;
        check_actions(&mut s, di, &d.actions)?;
        if let ToMove::Seat(p) = s.to_move() {
            return Err(at(
                di,
                None,
                format!("the deal stops while seat {p} is still to act"),
            ));
        }
        let engine = s.deal_record(d.number, dealer, start, d.actions.clone());
        agree_fields("", &d.settled, &engine.settled)
            .and_then(|()| compare_tricks(&d.tricks, &engine.tricks))
            .and_then(|()| G::check_result(d, &engine.result))
            .and_then(|()| agree_fields("", d, &engine))
            .map_err(|m| at(di, None, m))?;
    }
    let stopped = G::stopped(&rec.result);
    check_end(
        s.to_move() == ToMove::Over,
        s.to_move() == ToMove::Deal,
        stopped,
        rec.deals.len(),
        || s.not_over(rec.deals.len()),
    )?;
    agree_fields("game result", &rec.result, &s.game_result(stopped)).map_err(CheckError::whole)
}

/// Applies a deal's entries (deal `deal`, 0-based) to `state`: each must be its seat's legal
/// action, and a Stöck entry must follow, by its holder, exactly the action that scored Stöck.
fn check_actions<G: RecordedGame>(
    state: &mut G,
    deal: usize,
    entries: &[ActionEntry<G::Recorded>],
) -> Result<(), CheckError> {
    let at = CheckError::in_deal;
    let missing = |holder: u8, after: usize| {
        at(
            deal,
            Some(after + 1),
            format!("Stöck of seat {holder} is scored by this action; the record lacks its `stoeck` entry"),
        )
    };
    // The holder of the Stöck the last action scored, and that action's index.
    let mut pending: Option<(u8, usize)> = None;
    for (ei, e) in entries.iter().enumerate() {
        let Some(action) = G::action_of(e.action) else {
            match pending.take() {
                Some((holder, _)) if holder == e.seat => continue,
                Some((holder, _)) => {
                    return Err(at(
                        deal,
                        Some(ei + 1),
                        format!(
                            "Stöck announced by seat {}, but seat {holder} holds it",
                            e.seat
                        ),
                    ))
                }
                None => {
                    return Err(at(
                        deal,
                        Some(ei + 1),
                        format!(
                        "seat {} announces Stöck, but Stöck was not scored by the action before",
                        e.seat
                    ),
                    ))
                }
            }
        };
        if let Some((holder, after)) = pending {
            return Err(missing(holder, after));
        }
        apply_entry(state, deal, ei, e.seat as usize, action)?;
        pending = state
            .stoeck_scored(e.seat as usize)
            .map(|holder| (holder, ei));
    }
    match pending {
        Some((holder, after)) => Err(missing(holder, after)),
        None => Ok(()),
    }
}

/// A record that is not consistent with the rules, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// 1-based deal number, if the problem is in a deal.
    pub deal: Option<usize>,
    /// 1-based action entry within the deal, if the problem is one action.
    pub entry: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.deal, self.entry) {
            (Some(d), Some(e)) => write!(f, "deal {d}, action {e}: {}", self.message),
            (Some(d), None) => write!(f, "deal {d}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for CheckError {}

impl CheckError {
    /// A problem with the record as a whole.
    pub fn whole(message: String) -> Self {
        CheckError {
            deal: None,
            entry: None,
            message,
        }
    }

    /// A problem in the deal with 0-based index `deal`, at the 1-based action `entry` if given.
    pub fn in_deal(deal: usize, entry: Option<usize>, message: String) -> Self {
        CheckError {
            deal: Some(deal + 1),
            entry,
            message,
        }
    }
}

/// The start of deal `deal` (0-based) while checking a record: the game must be waiting for
/// cards (not over), and the deal must carry its 1-based `number`.
pub fn check_deal_start<G: Game>(state: &G, deal: usize, number: u32) -> Result<(), CheckError> {
    if state.to_move() != ToMove::Deal {
        return Err(CheckError::in_deal(
            deal,
            None,
            "the game was already over before this deal".into(),
        ));
    }
    if number as usize != deal + 1 {
        return Err(CheckError::in_deal(
            deal,
            None,
            format!("deal number is {number}, expected {}", deal + 1),
        ));
    }
    Ok(())
}

/// A deal's recorded (dealer, forehand) against the engine's after the cards are dealt (the
/// first deal may name its dealer only then). Forehand is always the seat after the dealer.
pub fn check_dealer(deal: usize, recorded: (u8, u8), engine: (u8, u8)) -> Result<(), CheckError> {
    let ((dealer, forehand), (want_dealer, want_forehand)) = (recorded, engine);
    if recorded == engine {
        return Ok(());
    }
    let why = if forehand != (dealer + 1) % 4 {
        ", and forehand is always the seat after the dealer"
    } else {
        ""
    };
    Err(CheckError::in_deal(
        deal,
        None,
        format!(
            "dealer and forehand are recorded as seats {dealer} and {forehand}, but by the rules seat {want_dealer} deals and seat {want_forehand} is forehand{why}"
        ),
    ))
}

/// Compares a deal's recorded tricks with the engine's and names the first that differs.
pub fn compare_tricks(recorded: &[TrickRecord], engine: &[TrickRecord]) -> Result<(), String> {
    if recorded == engine {
        return Ok(());
    }
    let i = recorded
        .iter()
        .zip(engine)
        .position(|(a, b)| a != b)
        .unwrap_or(recorded.len().min(engine.len()));
    Err(format!(
        "trick {} is recorded as {:?}, the engine finds {:?}",
        i + 1,
        recorded.get(i),
        engine.get(i)
    ))
}

/// Checks the fields every record shares: its `format` and its `version`.
pub fn check_format(format: &str, version: u32) -> Result<(), CheckError> {
    if format != FORMAT {
        return Err(CheckError::whole(format!(
            "format is `{format}`, expected `{FORMAT}`"
        )));
    }
    if version != VERSION {
        return Err(CheckError::whole(format!(
            "version {version} is not supported (this engine reads version {VERSION})"
        )));
    }
    Ok(())
}

/// A record that could not be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("record {index} (line {line}): {message}")]
pub struct ReadError {
    /// 1-based index of the record in the input.
    pub index: usize,
    /// 1-based line where it starts.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads one JSON document or many (JSON Lines, or documents one after another) from `bytes`,
/// which should be UTF-8 text, each by `read` (from its JSON value). Every record that cannot be
/// read is reported with its position and the reason, and the others are read (after a JSON
/// syntax error reading stops); a record holding bytes that are not UTF-8 is reported with the
/// line of the first such byte. With `canonical` it also refuses what readers accept from people
/// but the format does not allow: a card written otherwise than in its canonical form (`d10`,
/// `DT`, `" D10"` for `D10`), for `jass check`.
pub fn read_records<R: Serialize>(
    bytes: &[u8],
    canonical: bool,
    read: impl Fn(serde_json::Value) -> Result<R, String>,
) -> Vec<Result<R, ReadError>> {
    let (text, not_utf8) = utf8_text(bytes);
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(&text).into_iter::<serde_json::Value>();
    let mut index = 0;
    // Lines are counted on from the last record's start, not from the text's (a file of
    // thousands of records is read in linear time).
    let mut lines = LineCounter::default();
    loop {
        let start = stream.byte_offset();
        let Some(item) = stream.next() else { break };
        index += 1;
        let line = lines.line_of(&text, start);
        let error = |message: String| ReadError {
            index,
            line,
            message,
        };
        let bad_byte = not_utf8
            .iter()
            .find(|&&at| (start..stream.byte_offset()).contains(&at));
        match item {
            Ok(_) if bad_byte.is_some() => {
                let at = *bad_byte.expect("a byte that is not UTF-8");
                out.push(Err(error(not_utf8_message(bytes, &text, at))));
            }
            Ok(value) => {
                let record = read(value.clone()).and_then(|record| {
                    if canonical {
                        canonical_cards(&value, &record)?;
                    }
                    Ok(record)
                });
                out.push(record.map_err(error));
            }
            Err(e) => {
                // serde_json counts lines from the start of the whole text.
                let message = match bad_byte {
                    Some(&at) => not_utf8_message(bytes, &text, at),
                    None => format!("not valid JSON: {e}"),
                };
                out.push(Err(ReadError {
                    line: e.line().max(line),
                    ..error(message)
                }));
                break;
            }
        }
    }
    out
}

/// The text of `bytes` with every byte that is not part of valid UTF-8 replaced by `?` (so that
/// offsets and lines stay those of the bytes), and the offsets of those bytes.
fn utf8_text(bytes: &[u8]) -> (String, Vec<usize>) {
    let mut text = String::with_capacity(bytes.len());
    let mut not_utf8 = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                text.push_str(valid);
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                text.push_str(std::str::from_utf8(valid).expect("valid up to here"));
                let bad = e.error_len().unwrap_or(after.len());
                for _ in 0..bad {
                    not_utf8.push(text.len());
                    text.push('?');
                }
                rest = &after[bad..];
            }
        }
    }
    (text, not_utf8)
}

fn not_utf8_message(bytes: &[u8], text: &str, at: usize) -> String {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    format!(
        "not valid UTF-8: byte 0x{:02x} at line {}, byte {} of the line; records are UTF-8 text (save the file as UTF-8)",
        bytes[at],
        line_of(text, at),
        at - line_start + 1
    )
}

/// Every card of `value`, the JSON `record` was read from, in its canonical form: where `value`
/// holds a string other than the one `record` writes there, it must not be a card in another
/// spelling.
fn canonical_cards<R: Serialize>(value: &serde_json::Value, record: &R) -> Result<(), String> {
    use serde_json::Value;
    fn walk(read: &Value, written: &Value, path: &mut Vec<String>) -> Result<(), String> {
        match (read, written) {
            (Value::String(read), Value::String(written)) if read != written => {
                // A hand may be in any order, so the card need not be the one written here.
                let card = read.parse::<Card>().ok().filter(|c| c.to_string() != *read);
                match card {
                    Some(card) => {
                        let deal = match (path.first(), path.get(1)) {
                            (Some(deals), Some(i)) if deals == "deals" => {
                                let i: usize = i.trim_matches(['[', ']']).parse().unwrap_or(0);
                                format!(" (deal {})", i + 1)
                            }
                            _ => String::new(),
                        };
                        Err(format!(
                            "card `{read}` at {}{deal} is not written as the format says: write `{card}` (suit D H S C, then rank 6 7 8 9 10 J Q K A, upper case, nothing else)",
                            path.concat()
                        ))
                    }
                    None => Ok(()),
                }
            }
            (Value::Array(read), Value::Array(written)) => {
                for (i, (r, w)) in read.iter().zip(written).enumerate() {
                    path.push(format!("[{i}]"));
                    walk(r, w, path)?;
                    path.pop();
                }
                Ok(())
            }
            (Value::Object(read), Value::Object(written)) => {
                for (key, r) in read {
                    if let Some(w) = written.get(key) {
                        path.push(if path.is_empty() {
                            key.clone()
                        } else {
                            format!(".{key}")
                        });
                        walk(r, w, path)?;
                        path.pop();
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
    let written = serde_json::to_value(record).expect("records serialize");
    walk(value, &written, &mut Vec::new())
}

fn line_of(text: &str, offset: usize) -> usize {
    LineCounter::default().line_of(text, offset)
}

/// The 1-based lines of offsets that come in increasing order, each counted on from the last.
#[derive(Default)]
struct LineCounter {
    /// The offset up to which newlines are counted, and how many there are before it.
    counted_to: usize,
    newlines: usize,
}

impl LineCounter {
    /// The line of the record that begins at the first non-space character from `offset` on
    /// (`offset` at or after the previous call's).
    fn line_of(&mut self, text: &str, offset: usize) -> usize {
        let skip = text[offset..].len() - text[offset..].trim_start().len();
        let at = offset + skip;
        debug_assert!(at >= self.counted_to, "offsets in increasing order");
        self.newlines += text[self.counted_to..at].matches('\n').count();
        self.counted_to = at;
        self.newlines + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{four_hands, SeededDealer};
    use crate::schieber::{Contract, Schieber, SchieberAction, SchieberOptions};
    use crate::Mode;

    #[test]
    fn lines_counted_on_are_the_lines_counted_from_the_start() {
        let text = "{}\n\n  {\"a\":\n1}\n{}\n\n\n{}";
        let starts: Vec<usize> = text.match_indices('{').map(|(i, _)| i).collect();
        let mut counter = LineCounter::default();
        let lines: Vec<usize> = starts.iter().map(|&at| counter.line_of(text, at)).collect();
        assert_eq!(lines, vec![1, 3, 5, 8]);
        // From an offset before the blanks that precede a record: the record's own line.
        assert_eq!(line_of(text, 2), 3);
        let lines_again: Vec<usize> = starts.iter().map(|&at| line_of(text, at)).collect();
        assert_eq!(lines, lines_again);
    }

    #[test]
    fn an_entry_must_be_the_turn_of_its_seat_and_legal() {
        let mut s = Schieber::new(SchieberOptions::default()).expect("options");
        let hands = four_hands(&SeededDealer::new(3).next_pack(), 0);
        s.deal(hands).expect("deal");
        let ToMove::Seat(fore) = s.to_move() else {
            panic!("a seat chooses the contract")
        };
        let other = (fore + 1) % 4;
        let trump = SchieberAction::Contract {
            contract: Contract::Mode(Mode::ALL[0]),
        };
        let e = apply_entry(&mut s, 0, 4, other, trump).expect_err("not its turn");
        assert_eq!((e.deal, e.entry), (Some(1), Some(5)));
        assert_eq!(
            e.message,
            format!("entry is by seat {other}, but seat {fore} is to act")
        );
        // A card before the contract is illegal, and the state is unchanged.
        let card = hands[fore].iter().next().expect("a card");
        let e = apply_entry(&mut s, 2, 0, fore, SchieberAction::Play { card })
            .expect_err("no card before the contract");
        assert!(e.message.starts_with("illegal action `"), "{}", e.message);
        assert_eq!(s.to_move(), ToMove::Seat(fore));
        assert!(s.contract().is_none());
        apply_entry(&mut s, 2, 1, fore, trump).expect("the forehand's contract");
        assert_eq!(
            s.contract().map(|c| c.0),
            Some(Contract::Mode(Mode::ALL[0]))
        );
    }
}

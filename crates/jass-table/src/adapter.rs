//! What every front end needs to know of a game, declared once per game: its names, seats and
//! teams, its options, its computer players with their settings, its recorded play and how a game
//! of it ended. Each game implements [`TableGame`] in its own file under `games/`; the registry
//! (`registry.rs`) lists them.

use crate::arena::Arena;
use crate::deal_position::{DealPoint, DealPosition};
use crate::registry::IntoRecord;
use crate::Record;
use jass_core::record::RecordedGame;
use jass_core::Player;
use serde::Serialize;
use serde_json::Value;

use crate::kind::{GameSpec, OptionsError};
use crate::player_settings::PlayerSpec;
use crate::registry::GameKind;
use crate::view::{Phrase, ScoreLine, Slate, TableView};

/// A game as the table, the commands and the server see it. Its name in notation (`NAME`,
/// `sidi-barrani`), its name for people (`TITLE`) and its options (`Options`) are its record's
/// ([`RecordedGame`]), declared once in the game's core module.
pub trait TableGame:
    RecordedGame<Options: Send + Sync + 'static> + IntoRecord + Send + 'static
{
    /// Which game this is (its key in the registry).
    const KIND: GameKind;
    /// Other names the command line and the server accept (`sidi`; a record's own other names,
    /// `RecordedGame::ALIASES`, must be among them).
    const COMMAND_ALIASES: &'static [&'static str];
    /// True if seats `s` and `s + 2` play as a team (team `s % 2`); false if every player is for
    /// himself.
    const TEAMS: bool;
    /// What each option's values mean, for `jass options` (one line per group of options, the
    /// last naming the game's doc).
    const OPTIONS_HELP: &'static str;
    /// The game's own phrases (the words of its facts, score lines and slate, and of the actions
    /// only it has), as JSON: `{"en": {key: template, …}, "de": {…}}`, every language with the
    /// same keys and placeholders. Written beside the entry, in `games/<game>/phrases.json`, and
    /// merged into every language's book with the common phrases (`crate::phrases`). By default
    /// none: a game whose every word is common needs nothing.
    const PHRASES: &'static str = "{}";
    /// The settings the game's sampling player takes after colons (`sampling:samples=48`;
    /// `jass players` lists them with their defaults, `crate::player_settings::SETTINGS` says
    /// what each does).
    const SAMPLING_SETTINGS: &'static [&'static str];
    /// The settings the game's rule player takes (for comparisons; most take none).
    const RULE_SETTINGS: &'static [&'static str] = &[];
    /// The settings of the game's MCTS yardstick, where it has one.
    const MCTS_SETTINGS: &'static [&'static str] = &[];

    /// The options from JSON (the keys given; the rest default), checked by the game.
    fn read_options(options: &Value) -> Result<Self::Options, OptionsError>;
    /// Named option sets worth playing (the defaults first, then the variants the sources
    /// describe): for lists, and for the conformance suite, which plays every one. Where the
    /// game reads its options with `kind::read_validated`, `-o preset=NAME` starts from the set
    /// of that name.
    fn presets() -> Vec<(&'static str, Value)>;
    /// Option sets beyond the presets that open the decisions the presets do not reach (as
    /// JSON options): the protocol's documentation test plays them too, so that every phase,
    /// action and view key the game can show is documented. Most games need none.
    fn coverage_options() -> Vec<Value> {
        Vec::new()
    }
    /// The options a record writes only when they are set otherwise (`skip_serializing_if`, so
    /// that the records of the usual game stay as they were), with their defaults: the
    /// defaults as JSON leave them out, so `jass options` and the lobby's form take them from
    /// here to list every option ([`GameKind::listed_options`]).
    fn unwritten_defaults() -> Vec<(&'static str, Value)> {
        Vec::new()
    }
    /// The seats at the table under these options.
    fn seat_count(_options: &Self::Options) -> usize {
        4
    }
    /// The options of `spec` (which must be of this game).
    fn options(spec: &GameSpec) -> Result<Self::Options, OptionsError> {
        if spec.kind != Self::KIND {
            return Err(OptionsError(format!(
                "a {} table cannot take {} options",
                Self::NAME,
                spec.kind.name()
            )));
        }
        serde_json::from_value(spec.options.clone())
            .map_err(|e| OptionsError(format!("bad {} options: {e}", Self::NAME)))
    }
    /// An action in record notation (`{"action":"play","card":"HA"}`).
    fn action_json(action: Self::Action) -> Value;
    /// The game's rule-based player (also the fallback for a seat that answers wrongly).
    fn rule_player(options: &Self::Options) -> Box<dyn Player<Self>>;
    /// The sampling player with the settings `spec` gives after colons (every setting of
    /// [`Self::SAMPLING_SETTINGS`] read with [`PlayerSpec::get`] or [`PlayerSpec::flag`], the
    /// others at their defaults: a plain `sampling` is built here too).
    fn sampling_with(
        spec: &PlayerSpec,
        options: &Self::Options,
        seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String>;
    /// The rule player with the settings `spec` gives after colons (for comparisons; most
    /// games' rule players take none).
    fn rule_with(
        spec: &PlayerSpec,
        options: &Self::Options,
        _seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        spec.get(&[], "", 0)?;
        Ok(Self::rule_player(options))
    }
    /// The determinized MCTS player (`mcts`, a yardstick), where the game has one.
    fn mcts_with(
        _spec: &PlayerSpec,
        _options: &Self::Options,
        _seed: u64,
    ) -> Result<Box<dyn Player<Self>>, String> {
        Err(format!(
            "player `mcts` plays Schieber only (the published MCTS bots it stands for do): use random, rule or sampling in {}",
            Self::NAME
        ))
    }
    /// True if the game's card play is Schieber's (four seats in two teams, one contract of the
    /// six modes, card points and Match to the team) and its public view has Schieber's shape,
    /// so that hints can give the expected points of every card
    /// (`jass_analysis::hint::CardPlayView`). False by default: hints then name the sampling
    /// player's choice only.
    const SCHIEBER_CARD_PLAY: bool = false;
    /// Plays a whole game with these players, the deals drawn from `seed`, calling `watch`
    /// before every step and at the end.
    fn play(
        options: Self::Options,
        seed: u64,
        players: &mut [Box<dyn Player<Self>>],
        watch: &mut dyn FnMut(&Self),
    ) -> Result<Record, String> {
        jass_core::record::play_seeded(options, seed, players, watch).map(Self::into_record)
    }
    /// Once a deal is over, how it was scored, as labelled lines that add up
    /// ([`ScoreLine::check`]); empty during a deal, and where the game gives none.
    fn deal_lines(&self) -> Vec<ScoreLine> {
        Vec::new()
    }
    /// The slate: the running scores as a table, from the public view `public` (so nothing
    /// hidden shows) and the points taken so far in the deal (`table`).
    fn slate(public: &Value, table: &TableView) -> Slate;
    /// What the table says beside the cards (the contract or trump, the auction, the deal's
    /// number), from the public view.
    fn facts(public: &Value) -> Vec<Phrase>;
    /// The table view of this state: what every front end draws beside the cards.
    fn table_view(&self, seats: usize) -> TableView {
        let public = self.public_view_json();
        let mut view = TableView::of(Self::TEAMS, seats, &public);
        view.deal_lines = self.deal_lines();
        view.slate = Box::new(Self::slate(&public, &view));
        view.facts = Self::facts(&public);
        view
    }
    /// How `jass arena` plays this game on duplicate cards and what it measures, from the options
    /// given on its command line (`given`: a game may refuse or add some). The default
    /// ([`Arena::new`]): whole games, the teams swapped or A in each seat in turn, measured by
    /// the verdict's totals.
    fn arena(given: &Value) -> Result<Arena<Self>, OptionsError> {
        Ok(Arena::new(Self::read_options(given)?))
    }
    /// How a game of this kind ended (`record` is one of this game's records), worded by
    /// [`Verdict::worded`].
    fn verdict(record: &Record) -> Verdict;
    /// Why `jass solve --race` (which cards win the race to a target) does not apply to this
    /// game's deals, or `None` if it does.
    const SOLVE_RACE_REFUSED: Option<&'static str> = None;
    /// The position of a deal of `record` (one of this game's records, checked) at `at`, for
    /// the solvers (`jass solve`, `jass_analysis::solve`). The default: the game has no card
    /// play the solvers can value.
    fn deal_position(_record: &Record, _at: DealPoint) -> Result<DealPosition, String> {
        Err(format!(
            "jass solve does not solve {} deals: its entry gives no position to solve",
            Self::TITLE
        ))
    }
}

/// How one game ended: what every front end says at its end (and summaries count).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The side that won: a team (seats `t` and `t + 2`) in a game of teams, else a seat; `None`
    /// when nobody won alone (a tie, or a game that names only a loser).
    pub winner: Option<usize>,
    /// The seat that lost, in a game that names one (Handjass).
    pub loser: Option<usize>,
    /// Whether the loser was made Schneider (Schieber).
    pub schneider: bool,
    /// The seats that got out safe, in the order they did (Handjass).
    pub safe: Vec<usize>,
    /// The final score of every side (team or seat), in `unit`.
    pub totals: Vec<i64>,
    /// What the totals count: `points`, `penalty points` (the fewest win), `strokes`, `stakes`
    /// (Schafhauser's set) or `lines`
    /// (the lines on the slate of a game played to a number of them).
    pub unit: &'static str,
    /// The deals played.
    pub deals: usize,
    /// How it ended, in phrases (filled in by [`Verdict::worded`]): what every front end says.
    pub lines: Vec<Phrase>,
}

impl Verdict {
    /// The verdict with its [`Verdict::lines`]: the winning side and the score, or the loser and
    /// the seats safe, or a shared result; Schneider. Neutral of who reads it: the front ends
    /// name the sides from the viewer's side.
    pub fn worded(mut self, teams: bool) -> Verdict {
        let unit = Phrase::new(match self.unit {
            "penalty points" => "unit_penalty_points",
            "strokes" => "unit_strokes",
            "lines" => "unit_lines",
            "stakes" => "unit_stakes",
            _ => "unit_points",
        });
        let total = |side: usize| self.totals.get(side).copied().unwrap_or(0);
        let mut lines = Vec::new();
        match (self.winner, self.loser) {
            (Some(w), _) if teams => lines.push(
                Phrase::new("verdict_team_won")
                    .with("side", w)
                    .with("total", total(w))
                    .with("other", total(1 - w))
                    .with_phrase("unit", unit),
            ),
            (Some(w), _) => lines.push(
                Phrase::new("verdict_seat_won")
                    .with("side", w)
                    .with("total", total(w))
                    .with_phrase("unit", unit),
            ),
            (None, Some(l)) => {
                lines.push(Phrase::new("verdict_lost").with("side", l));
                if !self.safe.is_empty() {
                    lines.push(Phrase::new("verdict_safe").with("seats", self.safe.clone()));
                }
            }
            (None, None) => lines.push(Phrase::new("verdict_shared")),
        }
        if self.schneider {
            lines.push(Phrase::new("verdict_schneider"));
        }
        self.lines = lines;
        self
    }
}

/// The final totals as whole numbers.
pub(crate) fn totals<T: Copy + Into<i64>>(totals: &[T]) -> Vec<i64> {
    totals.iter().map(|&t| t.into()).collect()
}

/// The one winner of a game whose result lists its winners (several share a win: `None`, nobody
/// won alone).
pub(crate) fn sole_winner(winners: &[u8]) -> Option<usize> {
    match winners {
        [w] => Some(usize::from(*w)),
        _ => None,
    }
}

/// A value as JSON (options, actions, views).
pub(crate) fn to_json<T: Serialize>(t: &T) -> Value {
    serde_json::to_value(t).expect("views and actions serialize")
}

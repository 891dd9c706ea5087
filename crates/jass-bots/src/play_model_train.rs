//! Fitting the play model ([`crate::play_model`]) to the sampling players' own card play
//! (`jass train play-model`): seeded Schieber deals played by four sampling players, every card
//! decision with two or more legal cards (Misère left out: its aim is the other way round) kept
//! as it was seen ([`Sample`]), and the weights fitted by maximum likelihood (full-batch
//! gradient descent with Adam and a small L2 penalty) on four fifths of the deals; the fifth left
//! out measures how well the model predicts the cards played, beside the rule player, whose
//! habits the reading used before. Everything is fixed by the seed, also with several threads.
//!
//! The Differenzler play model ([`crate::play_model_differenzler`]) is fitted the same way to
//! Differenzler deals (each a one-deal game) of four sampling Differenzler players
//! ([`TrainGame::Differenzler`]); its decisions carry the points the seat still needed. The
//! Handjass play model ([`crate::play_model_handjass`]) likewise to first deals of Handjass
//! games of two to five sampling Handjass players in turn ([`TrainGame::Handjass`]); its
//! decisions carry the trick points the seat needed to the threshold, its lead over the best
//! of the others and the seats at the table.

use jass_core::deal::SeededDealer;
use jass_core::differenzler::{Differenzler, DifferenzlerOptions};
use jass_core::game::{ActionList, Game, PlaysCard};
use jass_core::handjass::{Handjass, HandjassOptions};
use jass_core::schieber::{Schieber, SchieberAction, SchieberOptions};
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, UndenufeEleven};

use crate::play_model::{card_features, extended_features, PlaySituation, FEATURES};
use crate::play_model_differenzler::{DifferenzlerSituation, DIFFERENZLER_FEATURES};
use crate::play_model_handjass::{HandjassSituation, HANDJASS_FEATURES};
use crate::sampling_handjass::observed_situation;
use crate::{
    DifferenzlerSettings, RuleHandjass, SamplingDifferenzler, SamplingHandjass, SamplingSchieber,
    SamplingSettings,
};

/// The game whose play model is fitted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrainGame {
    /// Schieber ([`crate::play_model`]).
    Schieber,
    /// Differenzler ([`crate::play_model_differenzler`]).
    Differenzler,
    /// Handjass ([`crate::play_model_handjass`]).
    Handjass,
}

impl TrainGame {
    /// Every game with a play model.
    pub const ALL: [TrainGame; 3] = [
        TrainGame::Schieber,
        TrainGame::Differenzler,
        TrainGame::Handjass,
    ];

    /// Its name on the command line (`--game NAME`).
    pub fn name(self) -> &'static str {
        match self {
            TrainGame::Schieber => "schieber",
            TrainGame::Differenzler => "differenzler",
            TrainGame::Handjass => "handjass",
        }
    }

    /// The game named `name` (see [`Self::name`]).
    pub fn from_name(name: &str) -> Result<TrainGame, String> {
        Self::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| format!("{name:?}: use schieber, differenzler or handjass"))
    }

    /// The `--game` flag that names it in a command (none for the default, Schieber).
    pub fn flag(self) -> String {
        match self {
            TrainGame::Schieber => String::new(),
            other => format!("--game {} ", other.name()),
        }
    }

    /// Whether its deals can be played by today's default sampling player (`--current`); the
    /// other games' training players are fixed to the ones their shipped weights were fitted to.
    pub fn plays_current(self) -> bool {
        self == TrainGame::Schieber
    }

    /// The model's description and the path of its features' constant, for the weights' source.
    fn model_paths(self) -> (&'static str, &'static str) {
        match self {
            TrainGame::Schieber => (
                "Schieber play model ([`crate::play_model`])",
                "play_model::FEATURES",
            ),
            TrainGame::Differenzler => (
                "Differenzler play model ([`crate::play_model_differenzler`])",
                "play_model_differenzler::DIFFERENZLER_FEATURES",
            ),
            TrainGame::Handjass => (
                "Handjass play model ([`crate::play_model_handjass`])",
                "play_model_handjass::HANDJASS_FEATURES",
            ),
        }
    }
}

/// One card decision as it was seen, with the card played and the rule player's card there.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The deciding seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// Its legal cards.
    pub legal: CardSet,
    /// Who led the trick.
    pub leader: u8,
    /// The cards in the trick before.
    pub trick: Vec<Card>,
    /// Every card played before.
    pub gone: CardSet,
    /// The trick's mode.
    pub mode: Mode,
    /// The Undenufe point option.
    pub eleven: UndenufeEleven,
    /// True if the seat's team chose the contract.
    pub choosers: bool,
    /// Tricks completed before.
    pub tricks_done: usize,
    /// The card played.
    pub played: Card,
    /// The rule player's card.
    pub rule: Card,
    /// In Differenzler the points the seat still needed to reach its announcement (negative:
    /// it had too many), in Handjass its trick points still needed to reach the threshold;
    /// `None` in Schieber.
    pub need: Option<i32>,
    /// In Handjass the seat's trick points minus the most another seat at the table had taken;
    /// `None` in the other games.
    pub ahead: Option<i32>,
    /// The seats at the table (4 but in Handjass).
    pub seats: u8,
}

impl Sample {
    /// A card decision of a game without partners as `seat` saw it (holding `hand`, `legal`
    /// of it, the trick so far led by `trick.0`, after the completed `tricks`): `played`, and
    /// the rule player's `rule` card; with the default point table, Schieber's fields for the
    /// rest (the caller fills in its game's).
    #[allow(clippy::too_many_arguments)]
    fn seen(
        seat: u8,
        hand: CardSet,
        legal: CardSet,
        trick: (u8, &[Card]),
        tricks: &[jass_core::record::ObservedTrick],
        mode: Mode,
        played: Card,
        rule: Card,
    ) -> Sample {
        Sample {
            seat,
            hand,
            legal,
            leader: trick.0,
            trick: trick.1.to_vec(),
            gone: tricks
                .iter()
                .flat_map(|t| t.cards.iter().copied())
                .chain(trick.1.iter().copied())
                .collect(),
            mode,
            eleven: UndenufeEleven::Ace,
            choosers: false,
            tricks_done: tricks.len(),
            played,
            rule,
            need: None,
            ahead: None,
            seats: 4,
        }
    }

    /// The decision `s` (its points by `eleven`) to play `played`, where the rule player
    /// would have played `rule`; Schieber's `need` and `ahead` (none).
    fn of_situation(s: &PlaySituation, eleven: UndenufeEleven, played: Card, rule: Card) -> Sample {
        Sample {
            seat: s.seat,
            hand: s.hand,
            legal: s.legal,
            leader: s.leader,
            trick: s.trick.to_vec(),
            gone: s.gone,
            mode: s.mode,
            eleven,
            choosers: s.choosers,
            tricks_done: s.tricks_done,
            played,
            rule,
            need: None,
            ahead: None,
            seats: s.seats,
        }
    }

    /// The game of the decision: Handjass if it has `ahead`, Differenzler if it has only
    /// `need`, else Schieber.
    pub fn game(&self) -> TrainGame {
        match (self.need, self.ahead) {
            (_, Some(_)) => TrainGame::Handjass,
            (Some(_), None) => TrainGame::Differenzler,
            (None, None) => TrainGame::Schieber,
        }
    }

    /// The situation for the model.
    pub fn situation(&self) -> PlaySituation<'_> {
        PlaySituation {
            seat: self.seat,
            hand: self.hand,
            legal: self.legal,
            leader: self.leader,
            trick: &self.trick,
            gone: self.gone,
            mode: self.mode,
            points: PointTable::new(self.mode, self.eleven),
            choosers: self.choosers,
            // Nobody plays with a partner in Differenzler and Handjass.
            partners: self.need.is_none(),
            tricks_done: self.tricks_done,
            seats: self.seats,
        }
    }

    /// One line of text: the fields separated by `|` (card sets as space-separated cards; the
    /// points needed last, in Differenzler and Handjass only, and in Handjass then the lead
    /// over the others and the seats at the table).
    pub fn to_line(&self) -> String {
        let trick: Vec<String> = self.trick.iter().map(|c| c.to_string()).collect();
        let eleven = match self.eleven {
            UndenufeEleven::Ace => "ace",
            UndenufeEleven::Six => "six",
        };
        let mut need = self.need.map_or(String::new(), |n| format!("|{n}"));
        if let Some(a) = self.ahead {
            need.push_str(&format!("|{a}|{}", self.seats));
        }
        format!(
            "{}|{}|{}|{}|{}|{}|{}|{eleven}|{}|{}|{}|{}{need}",
            self.seat,
            self.hand,
            self.legal,
            self.leader,
            trick.join(" "),
            self.gone,
            self.mode,
            self.choosers as u8,
            self.tricks_done,
            self.played,
            self.rule
        )
    }

    /// Reads a line written by [`Self::to_line`].
    pub fn from_line(line: &str) -> Result<Sample, String> {
        let f: Vec<&str> = line.split('|').collect();
        if ![12, 13, 15].contains(&f.len()) {
            return Err(format!(
                "expected 12 fields separated by | (13 in Differenzler, 15 in Handjass), found {}",
                f.len()
            ));
        }
        let set = |s: &str| -> Result<CardSet, String> {
            if s.is_empty() {
                Ok(CardSet::EMPTY)
            } else {
                s.parse().map_err(|e| format!("{s:?}: {e}"))
            }
        };
        let num = |s: &str| s.parse::<usize>().map_err(|e| format!("{s:?}: {e}"));
        let card = |s: &str| s.parse::<Card>().map_err(|e| format!("{s:?}: {e}"));
        Ok(Sample {
            seat: num(f[0])? as u8,
            hand: set(f[1])?,
            legal: set(f[2])?,
            leader: num(f[3])? as u8,
            trick: f[4]
                .split_whitespace()
                .map(card)
                .collect::<Result<_, _>>()?,
            gone: set(f[5])?,
            mode: f[6].parse().map_err(|e| format!("{:?}: {e}", f[6]))?,
            eleven: match f[7] {
                "ace" => UndenufeEleven::Ace,
                "six" => UndenufeEleven::Six,
                other => return Err(format!("{other:?}: expected ace or six")),
            },
            choosers: f[8] == "1",
            tricks_done: num(f[9])?,
            played: card(f[10])?,
            rule: card(f[11])?,
            need: match f.get(12) {
                Some(n) => Some(n.parse().map_err(|e| format!("points needed {n:?}: {e}"))?),
                None => None,
            },
            ahead: match f.get(13) {
                Some(a) => Some(a.parse().map_err(|e| format!("lead {a:?}: {e}"))?),
                None => None,
            },
            seats: match f.get(14) {
                Some(n) => match n.parse::<u8>() {
                    Ok(n) if (2..=5).contains(&n) => n,
                    _ => return Err(format!("seats {n:?}: expected 2 to 5")),
                },
                None => 4,
            },
        })
    }
}

/// One decision's features, for the fit (each legal card's, as many as its game's model has;
/// the contract model's: each open decision's).
pub(crate) struct Example {
    pub(crate) cards: Vec<Vec<f32>>,
    pub(crate) chosen: usize,
    pub(crate) rule_agrees: bool,
}

impl Example {
    fn of(s: &Sample) -> Example {
        let sit = s.situation();
        let mut cards = Vec::with_capacity(s.legal.len() as usize);
        let mut chosen = 0;
        for (k, c) in s.legal.iter().enumerate() {
            cards.push(match (s.need, s.ahead) {
                (None, _) => {
                    let mut f = [0f32; FEATURES];
                    card_features(&sit, c, &mut f);
                    f.to_vec()
                }
                (Some(need), None) => {
                    let mut f = [0f32; DIFFERENZLER_FEATURES];
                    let d = DifferenzlerSituation { play: sit, need };
                    extended_features(&d, c, &mut f);
                    f.to_vec()
                }
                (Some(need), Some(ahead)) => {
                    let mut f = [0f32; HANDJASS_FEATURES];
                    let h = HandjassSituation {
                        play: sit,
                        need,
                        ahead,
                    };
                    extended_features(&h, c, &mut f);
                    f.to_vec()
                }
            });
            if c == s.played {
                chosen = k;
            }
        }
        Example {
            cards,
            chosen,
            rule_agrees: s.rule == s.played,
        }
    }
}

/// What to fit.
#[derive(Copy, Clone, Debug)]
pub struct TrainSettings {
    /// Deals played.
    pub deals: usize,
    /// The seed of the deals and the players.
    pub seed: u64,
    /// Threads playing the deals.
    pub threads: usize,
    /// The players' settings ([`TrainSettings::FITTED_PLAYERS`] for the shipped weights).
    pub players: SamplingSettings,
    /// The players' reading by the shipped play model ([`SamplingSchieber::with_belief`]; the
    /// shipped model was fitted to players with 0, who read by the rule player's habits).
    pub belief: u32,
    /// The game played.
    pub game: TrainGame,
    /// Schieber: the players are today's default sampling player (`players` and `belief`
    /// unused), not the one the shipped weights were fitted to.
    pub current: bool,
}

impl TrainSettings {
    /// The settings of the players the shipped weights were fitted to (2026-12-02: 48 worlds a
    /// card, 900,000 nodes a decision, 24 contract worlds), kept so that `jass train
    /// play-model` reproduces the shipped weights after the player's defaults moved on; the
    /// rest of that day's player is fixed by [`TrainSettings::player`].
    pub const FITTED_PLAYERS: SamplingSettings = SamplingSettings {
        decision_nodes: 900_000,
        ..SamplingSettings::solving(48, 28)
    };

    /// A training player: `players` and `belief`, and what else the sampling player was on
    /// 2026-12-02 whatever its defaults are now: 64 play-out worlds to 12 cards left, the rule
    /// players' play-outs for the cards and the contract, uniform contract worlds.
    fn player(&self, options: SchieberOptions, seed: u64) -> SamplingSchieber {
        if self.current {
            return SamplingSchieber::new(options, SamplingSettings::default(), seed);
        }
        SamplingSchieber::new(options, self.players, seed)
            .with_belief(self.belief)
            .with_early_samples(64, 12)
            .with_playout_model(false)
            .with_contract_model(false)
            .with_contract_play(0, 0)
    }
}

impl TrainSettings {
    /// The Differenzler training players' settings: the sampling Differenzler player of
    /// 2026-12-03 that the shipped Differenzler weights were fitted to (400 worlds a card, 200
    /// for the announcement, the rule card play's reading and play-outs, the best reply in the
    /// last three tricks), spelled out so that `jass train play-model --game differenzler`
    /// reproduces those weights whatever the player's defaults become; `belief` its reading by
    /// the shipped model.
    pub fn differenzler_player(belief: u32) -> DifferenzlerSettings {
        DifferenzlerSettings {
            samples: 400,
            announce_samples: 200,
            game_end: true,
            infer: 10,
            infer_pool: 4,
            belief,
            playout_model: false,
            adapt: false,
            adapt_odds: 1,
            infer_announcement: 10,
            exact_tricks: 0,
            reply_tricks: 3,
            threads: 1,
            time_budget: None,
        }
    }
}

impl TrainSettings {
    /// A Handjass training player: the sampling Handjass player of 2026-12-04 that the shipped
    /// Handjass weights were fitted to (400 worlds a card, 32 before the card play, the rule
    /// card play's reading at 10% a miss from four times the worlds, the rule card play's
    /// play-outs, the best reply in the last three tricks, the chance of a good end of the
    /// game), spelled out so that `jass train play-model --game handjass` reproduces those
    /// weights whatever the player's defaults become; `belief` its reading by the shipped model.
    pub fn handjass_player(options: HandjassOptions, belief: u32, seed: u64) -> SamplingHandjass {
        SamplingHandjass::with_samples(options, 400, seed)
            .with_decision_samples(32)
            .with_bessern_samples(0)
            .with_inference(10, 4)
            .with_belief(belief)
            .with_playout_model(false)
            .with_adapt(false, 1)
            .with_game_end(true)
            .with_exact_tricks(0)
            .with_reply_tricks(3)
    }
}

/// What the fit found.
#[derive(Clone, Debug)]
pub struct TrainReport {
    /// The fitted weights.
    pub weights: Vec<f32>,
    /// Decisions fitted on.
    pub train_decisions: usize,
    /// Decisions held out (every fifth deal).
    pub test_decisions: usize,
    /// Mean log-likelihood of a card played, on the held-out decisions (0 is perfect).
    pub test_log_likelihood: f64,
    /// The same for choosing uniformly among the legal cards.
    pub uniform_log_likelihood: f64,
    /// Held-out decisions where the model's likeliest card was played.
    pub test_top1: f64,
    /// Held-out decisions where the rule player's card was played.
    pub rule_top1: f64,
}

/// The card decisions of `deals` deals of `t.game` played by four sampling players (each deal
/// its own game under the default rules, dealt from `seed` and its index; deal `i`'s players
/// seeded from them and the seat).
pub fn collect(t: &TrainSettings) -> Vec<Vec<Sample>> {
    match t.game {
        TrainGame::Schieber => collect_with(t, |i| play_deal(SchieberOptions::default(), t, i)),
        TrainGame::Differenzler => {
            // Each deal a game of its own, as `jass arena` plays Differenzler.
            let options = DifferenzlerOptions {
                deals: 1,
                ..DifferenzlerOptions::default()
            };
            collect_with(t, |i| play_differenzler_deal(options, t, i))
        }
        TrainGame::Handjass => collect_with(t, |i| play_handjass_deal(t, i)),
    }
}

/// The samples of deals `0..t.deals`, each from `play(i)`, on `t.threads` threads.
fn collect_with(t: &TrainSettings, play: impl Fn(usize) -> Vec<Sample> + Sync) -> Vec<Vec<Sample>> {
    by_deal_on_threads(t.deals, t.threads, play)
}

/// The samples of deals `0..deals`, each from `play(i)`, on `threads` threads (deal `i` on
/// thread `i % threads`: the same result for any number).
pub(crate) fn by_deal_on_threads<T: Clone + Send>(
    deals: usize,
    threads: usize,
    play: impl Fn(usize) -> Vec<T> + Sync,
) -> Vec<Vec<T>> {
    let threads = threads.max(1);
    let play = &play;
    let mut per_deal: Vec<Vec<T>> = vec![Vec::new(); deals];
    std::thread::scope(|scope| {
        let chunks: Vec<_> = (0..threads)
            .map(|k| {
                scope.spawn(move || {
                    (k..deals)
                        .step_by(threads)
                        .map(|i| (i, play(i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for c in chunks {
            for (i, samples) in c.join().expect("a training thread panicked") {
                per_deal[i] = samples;
            }
        }
    });
    per_deal
}

/// Plays deal `i` to its end and returns its card decisions.
fn play_deal(options: SchieberOptions, t: &TrainSettings, i: usize) -> Vec<Sample> {
    let base = t.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i as u64;
    let mut players: Vec<SamplingSchieber> = (0..4)
        .map(|s| t.player(options, base.wrapping_add(1 + s)))
        .collect();
    let mut g = Schieber::new(options).expect("valid options");
    let mut out = Vec::new();
    SeededDealer::new(base).play_one_deal(&mut g, |g, seat, list| {
        let a = players[seat].act(&Decision::new(g, seat, list));
        if let SchieberAction::Play { card } = a {
            out.extend(sample(g, seat, list, card));
        }
        a
    });
    out
}

/// The decision of `seat` to play `card`, if it counts (two or more legal cards, not Misère).
fn sample(
    g: &Schieber,
    seat: usize,
    list: &ActionList<SchieberAction>,
    card: Card,
) -> Option<Sample> {
    let legal: CardSet = list
        .iter()
        .filter_map(|a| match a {
            SchieberAction::Play { card } => Some(card),
            _ => None,
        })
        .collect();
    let eleven = g.options().undenufe_eleven;
    let s = PlaySituation::of_schieber(g, seat, legal)?;
    let obs = g.observe(seat);
    let rule = crate::rule_schieber::schieber_play(&obs, legal, eleven, true);
    Some(Sample::of_situation(&s, eleven, card, rule))
}

/// Plays the Differenzler deal `i` (a game of one deal) to its end and returns its card
/// decisions with two or more legal cards.
fn play_differenzler_deal(
    options: DifferenzlerOptions,
    t: &TrainSettings,
    i: usize,
) -> Vec<Sample> {
    let base = t.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i as u64;
    let settings = TrainSettings::differenzler_player(t.belief);
    let mut players: Vec<SamplingDifferenzler> = (0..4)
        .map(|s| SamplingDifferenzler::with_settings(options, settings, base.wrapping_add(1 + s)))
        .collect();
    let mut rule = crate::RuleDifferenzler::new(options);
    let mut g = Differenzler::new(options).expect("valid options");
    card_decisions(
        &mut g,
        base,
        &mut players,
        &mut rule,
        |decision, legal, card, rule| {
            let obs = decision.observation();
            let mode = obs.trump?;
            Some(Sample {
                eleven: options.undenufe_eleven,
                need: Some(crate::rule_differenzler::need(&obs, &options)),
                ahead: None,
                seats: 4,
                ..Sample::seen(
                    obs.seat,
                    obs.hand,
                    legal,
                    (obs.trick_leader, &obs.trick),
                    &obs.tricks,
                    mode,
                    card,
                    rule,
                )
            })
        },
    )
}

/// The seats at the table in Handjass training deal `i`: two to five in turn, so that every
/// size of table is a quarter of the deals.
pub fn handjass_players(i: usize) -> u8 {
    [4, 3, 5, 2][i % 4]
}

/// Plays the first deal of Handjass game `i` (000's rules, [`handjass_players`] at the table)
/// with the sampling Handjass players of [`TrainSettings::handjass_player`] and returns its card decisions with
/// two or more legal cards.
fn play_handjass_deal(t: &TrainSettings, i: usize) -> Vec<Sample> {
    let base = t.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i as u64;
    let options = HandjassOptions {
        players: handjass_players(i),
        ..HandjassOptions::default()
    };
    let n = options.players as usize;
    let mut players: Vec<SamplingHandjass> = (0..n)
        .map(|s| TrainSettings::handjass_player(options, t.belief, base.wrapping_add(1 + s as u64)))
        .collect();
    let mut rule = RuleHandjass::new(options);
    let mut g = Handjass::new(options).expect("valid options");
    card_decisions(
        &mut g,
        base,
        &mut players,
        &mut rule,
        |decision, legal, card, rule| {
            let obs = decision.observation();
            let mode = obs.trump?;
            // What the sampling player's play-outs show the model ([`observed_situation`]).
            let h = observed_situation(&obs, legal, mode, &options);
            Some(Sample {
                need: Some(h.need),
                ahead: Some(h.ahead),
                ..Sample::of_situation(&h.play, UndenufeEleven::Ace, card, rule)
            })
        },
    )
}

/// Plays the coming deal of `g`, dealt from `base`, with `players`, and returns `sample` of
/// every card they play with two or more legal cards (the decision, the legal cards, the card
/// and the rule player's card there; `None`: not kept).
fn card_decisions<G: Game, P: Player<G>>(
    g: &mut G,
    base: u64,
    players: &mut [P],
    rule: &mut impl Player<G>,
    mut sample: impl FnMut(&Decision<'_, G>, CardSet, Card, Card) -> Option<Sample>,
) -> Vec<Sample>
where
    G::Action: PlaysCard,
{
    let mut out = Vec::new();
    SeededDealer::new(base).play_one_deal(g, |g, seat, list| {
        let decision = Decision::new(g, seat, list);
        let a = players[seat].act(&decision);
        let legal = list.played_cards();
        if let (Some(card), true) = (a.played_card(), legal.len() >= 2) {
            let rule_card = rule
                .act(&decision)
                .played_card()
                .expect("the rule player answers a card decision with a card");
            out.extend(sample(&decision, legal, card, rule_card));
        }
        a
    });
    out
}

/// Fits the weights in `steps` gradient steps on the deals not held out (every fifth deal,
/// from the second, is held out and measures the fit).
pub fn fit(per_deal: &[Vec<Sample>], steps: usize) -> TrainReport {
    let examples = |held_out: bool| -> Vec<Example> {
        per_deal
            .iter()
            .enumerate()
            .filter(|(i, _)| (i % 5 == 1) == held_out)
            .flat_map(|(_, d)| d.iter().map(Example::of))
            .collect()
    };
    fit_examples(&examples(false), &examples(true), FEATURES, steps)
}

/// Fits a softmax over each example's choices to `train` in `steps` gradient steps (Adam, a
/// small L2 penalty; `features` if there is no example) and measures it on `test`.
pub(crate) fn fit_examples(
    train: &[Example],
    test: &[Example],
    features: usize,
    steps: usize,
) -> TrainReport {
    let n_features = train.first().map_or(features, |e| e.cards[0].len());
    let mut w = vec![0f32; n_features];
    let (mut m, mut v) = (vec![0f64; n_features], vec![0f64; n_features]);
    let (rate, beta1, beta2, l2) = (0.05, 0.9, 0.999, 1e-4);
    for step in 1..=steps {
        let mut grad = vec![0f64; n_features];
        for ex in train {
            let probs = softmax(&w, ex);
            for (k, f) in ex.cards.iter().enumerate() {
                let g = probs[k] - (k == ex.chosen) as u8 as f64;
                for (gj, &fj) in grad.iter_mut().zip(f) {
                    *gj += g * fj as f64;
                }
            }
        }
        let n = train.len().max(1) as f64;
        for j in 0..n_features {
            let g = grad[j] / n + l2 * w[j] as f64;
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let mh = m[j] / (1.0 - beta1.powi(step as i32));
            let vh = v[j] / (1.0 - beta2.powi(step as i32));
            w[j] -= (rate * mh / (vh.sqrt() + 1e-8)) as f32;
        }
    }
    let n = test.len().max(1) as f64;
    let (mut ll, mut uniform, mut top1, mut rule) = (0.0, 0.0, 0usize, 0usize);
    for ex in test {
        let probs = softmax(&w, ex);
        ll += probs[ex.chosen].max(1e-300).ln();
        uniform -= (ex.cards.len() as f64).ln();
        let best = (0..probs.len())
            .max_by(|&a, &b| probs[a].total_cmp(&probs[b]))
            .expect("two or more choices");
        top1 += (best == ex.chosen) as usize;
        rule += ex.rule_agrees as usize;
    }
    TrainReport {
        weights: w,
        train_decisions: train.len(),
        test_decisions: test.len(),
        test_log_likelihood: ll / n,
        uniform_log_likelihood: uniform / n,
        test_top1: top1 as f64 / n,
        rule_top1: rule as f64 / n,
    }
}

/// The probability of each legal card of `ex` under the weights `w`.
fn softmax(w: &[f32], ex: &Example) -> Vec<f64> {
    let scores: Vec<f64> = ex
        .cards
        .iter()
        .map(|f| w.iter().zip(f).map(|(a, b)| a * b).sum::<f32>() as f64)
        .collect();
    let max = scores.iter().copied().fold(f64::MIN, f64::max);
    let exps: Vec<f64> = scores.iter().map(|s| (s - max).exp()).collect();
    let sum: f64 = exps.iter().sum();
    exps.into_iter().map(|e| e / sum).collect()
}

/// The Rust source of the weights file of `game`'s model (`play_model_weights.rs`,
/// `play_model_differenzler_weights.rs`) for these weights, with how they were made.
pub fn weights_source(game: TrainGame, r: &TrainReport, command: &str) -> String {
    let (model, features) = game.model_paths();
    let mut s = String::new();
    s.push_str(&format!("//! The weights of the {model}, written by\n"));
    s.push_str(&format!("//! `{command}`.\n"));
    s.push_str(&format!(
        "//! Fitted on {} card decisions of the sampling players; on {} held out: mean log-likelihood\n//! {:.4} a card (uniform among the legal cards {:.4}), the likeliest card played in {:.1}% (the rule\n//! player's card in {:.1}%).\n\n",
        r.train_decisions,
        r.test_decisions,
        r.test_log_likelihood,
        r.uniform_log_likelihood,
        100.0 * r.test_top1,
        100.0 * r.rule_top1
    ));
    s.push_str(&format!(
        "/// One weight per feature ([`crate::{features}`]).\n"
    ));
    s.push_str(&weights_const(&r.weights, 6));
    s
}

/// `pub const WEIGHTS` of a weights file: the weights, `per_row` a line, exactly as fitted.
pub(crate) fn weights_const(weights: &[f32], per_row: usize) -> String {
    let mut s = String::from("#[rustfmt::skip]\n");
    s.push_str(&format!(
        "pub const WEIGHTS: [f32; {}] = [\n",
        weights.len()
    ));
    for row in weights.chunks(per_row) {
        let cells: Vec<String> = row.iter().map(|w| format!("{w:?}")).collect();
        s.push_str(&format!("    {},\n", cells.join(", ")));
    }
    s.push_str("];\n");
    s
}

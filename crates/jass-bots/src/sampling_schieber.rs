//! A sampling Schieber player (perfect-information Monte Carlo).
//!
//! * **Card play**: deal the hidden cards in ways that agree with everything the seat has seen
//!   ([`crate::worlds`]), solve each world exactly with the solver, and play the card with the
//!   best total over the worlds. Before few enough cards are left for the solver to be quick
//!   (`max_cards`), or when the worlds are beyond the node budget, every legal card is judged by
//!   rule play-outs handed over to the solver (`early_samples`). In Misère the points counted are
//!   the other team's, which it wants to keep low (the solver's fewest-points objective); in
//!   Slalom the solver changes the direction after every trick as the rules do.
//! * **Contract and schieben**: for each contract it may choose (and for schieben), deal the 27
//!   unseen cards at random `contract_samples` times and play each deal out with four rule-based
//!   players; choose what brings the best average of its team's score minus the other team's
//!   (multiplied, Weis and Stöck included). With `contract_samples` 0 it chooses like the rule
//!   player.
//! * **Objective**: the deal's points; near the end of a game, when a team can reach the target in
//!   this deal, the worlds in which a card wins the game minus those in which it loses it come
//!   first: the race to the target trick by trick ([`race_cards`]), Stöck still to come
//!   counted.
//!
//! Every choice is fixed by the seed (worlds are drawn in order, results added in order), also
//! with several threads; only the optional time budget makes play depend on the machine.

use std::time::{Duration, Instant};

use jass_core::game::{ActionList, Game, ToMove};
use jass_core::schieber::{
    Contract, FirstForehand, Phase, Schieber, SchieberAction, SchieberObservation, SchieberOptions,
    MAX_TARGET,
};
use jass_core::weis::STOECK_POINTS;
use jass_core::{Card, CardSet, Decision, Player};
use jass_solver::{race_cards, Position, Solver, SolverConfig};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::contract_model::{open_decisions, ContractSituation, CONTRACT_MODEL};
use crate::contract_value::{contract_margin, ContractPlay};
use crate::discard_signals::{signal_instead, PartnerSignal};
use crate::inference::{draw_worlds, unit_random, ContractEvidence, Inference, MoreMisses};
use crate::pimc::{rollout_worlds, PlayState};
use crate::play_model::{PlayModel, PlaySituation};
use crate::rule_schieber::RuleSchieber;
use crate::solver_reading::{PastCards, SolverReading};
use crate::worlds::{deal_unseen, knowledge, played_by_seat, seen_tricks, stoeck_holder};

/// Settings of the sampling player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SamplingSettings {
    /// Worlds per card decision.
    pub samples: usize,
    /// Solve worlds only with at most this many cards left in the hands (the solver's time
    /// grows quickly with the cards left; see docs/solver.md); before, the rule player's card.
    pub max_cards: u32,
    /// Worlds per candidate for the contract and schieben (0: decide like the rule player).
    pub contract_samples: usize,
    /// Threads that solve the worlds of one decision (1: the calling thread only).
    pub threads: usize,
    /// An optional cap on the time of one card decision: once reached, the worlds solved so far
    /// decide. Off by default, since it makes play depend on the machine's speed.
    pub time_budget: Option<Duration>,
    /// Each solver's table holds `2^tt_bits` entries of 16 bytes.
    pub tt_bits: u32,
    /// The most search nodes one world may take (a deterministic cap on the time: 10 to 20
    /// million nodes a second on one core). A world that needs more is left out; when the
    /// first world or half of them are left out, the rule player's card is played.
    pub node_limit: u64,
    /// The most search nodes of one card decision, all worlds together (a deterministic cap on
    /// the time of a decision). The worlds are solved in order, each with at most what is left
    /// of this budget; once it is spent the worlds solved so far decide (the rule player's card
    /// when they are fewer than half).
    pub decision_nodes: u64,
    /// Near the end of a game: the most work (in search nodes) for the race to the target in
    /// all worlds of one card decision together; a world the budget does not reach is judged
    /// by the deal's total instead (0: always so).
    pub race_nodes: u64,
}

impl Default for SamplingSettings {
    /// 48 worlds a card from 28 cards left, at most 900,000 search nodes a decision (2026-12-02,
    /// issue 42: 50.49% ± 0.15% of the points on 2,000 duplicate deals against 16 worlds and
    /// 600,000 nodes, at a p99 of 59 ms a card; docs/players.md); 384 worlds for the contract
    /// and schieben (2026-12-03, issue 42: 50.66% ± 0.22% of the points on 2,000 duplicate
    /// deals against 24, 50.52% ± 0.23% with 96; a contract decision's median 58 ms).
    fn default() -> Self {
        SamplingSettings {
            decision_nodes: 900_000,
            contract_samples: 384,
            ..SamplingSettings::solving(48, 28)
        }
    }
}

impl SamplingSettings {
    /// `samples` worlds per card from `max_cards` cards left; the other settings at their
    /// defaults (24 contract samples, one thread, no time budget, 2^18 table entries, 200,000
    /// nodes per world, 600,000 per decision, 300,000 for the race to the target).
    pub const fn solving(samples: usize, max_cards: u32) -> Self {
        SamplingSettings {
            samples,
            max_cards,
            contract_samples: 24,
            threads: 1,
            time_budget: None,
            tt_bits: 18,
            node_limit: 200_000,
            decision_nodes: 600_000,
            race_nodes: 300_000,
        }
    }
}

/// How a sampling Schieber player's card play reads the others' contract decisions
/// (`sampling:contract_evidence=0|1|2`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ContractReading {
    /// Not at all.
    Off = 0,
    /// Each world a tenth as likely for each decision the rule player, holding that world's
    /// hand, would have made otherwise.
    Rule = 1,
    /// Each world weighs the learned contract model's probability of each decision
    /// ([`crate::contract_model`], fitted to the sampling players' own decisions).
    Model = 2,
}

impl ContractReading {
    /// The reading of a `contract_evidence` setting (0, 1 or 2).
    pub fn from_setting(n: usize) -> Option<ContractReading> {
        [
            ContractReading::Off,
            ContractReading::Rule,
            ContractReading::Model,
        ]
        .get(n)
        .copied()
    }
}

/// The sampling player.
pub struct SamplingSchieber {
    options: SchieberOptions,
    /// How the card play's worlds read the others' contract decisions
    /// ([`Self::with_contract_reading`]).
    contract_reading: ContractReading,
    settings: SamplingSettings,
    /// Worlds per card judged by play-outs where the worlds are not solved from the card on
    /// (0: the rule player's card there).
    early_samples: usize,
    /// Worlds for the seat's first card of the deal, judged the same way (0: `early_samples`;
    /// [`Self::with_first_samples`]).
    first_samples: usize,
    /// The play-outs' hand-off to the solver: cards left at the end of a trick.
    early_handoff: u32,
    /// The contract's worlds: the rule players play until this many cards are left, the solver
    /// the rest (0: rule play-outs to the end, the default; [`Self::with_contract_play`]).
    contract_handoff: u32,
    /// The play-outs of the early cards play the learned play model's likeliest cards instead of
    /// the rule players' ([`Self::with_playout_model`]).
    playout_model: bool,
    /// The contract's play-outs play the learned play model's likeliest cards instead of the
    /// rule players' ([`Self::with_contract_model`]).
    contract_model: bool,
    /// When the partner chooses after schieben: each world drawn again up to this many times
    /// until forehand's hand is one the rule player shoves (0: uniform worlds).
    contract_read: usize,
    /// The contract's own worlds read forehand's shove, and guess the partner's contract after
    /// this seat's shove, by the learned contract model instead of the rule player
    /// ([`Self::with_contract_guess`]).
    contract_guess: bool,
    /// The seat's next card chosen once for the worlds that look alike to it then, from this
    /// many cards left (0: off, plain sums; [`Self::with_fusion`]).
    fusion_cards: u32,
    /// Reading the others' cards from their play ([`crate::inference`]).
    inference: Inference,
    /// 001's discard signal given within this many points of the best card (averaged over the
    /// worlds) and read from the partner ([`crate::discard_signals`]; `None`: neither).
    signals: Option<u32>,
    /// Among the cards within this many tenths of a point of the best (averaged over the
    /// worlds), the learned play model's likeliest, so that the partner's reading by the model
    /// finds the true hand likelier (`None`: the best card; [`Self::with_readable`]).
    readable: Option<u32>,
    /// Reading the others' recent cards with the solver ([`crate::solver_reading`]; off by
    /// default).
    solver_reading: SolverReading,
    rule: RuleSchieber,
    /// The deal's hands as dealt, of which the card play is told the partner's (never at a
    /// table: [`Self::with_partner_told`]).
    partner_told: Option<[CardSet; 4]>,
    solvers: Vec<Solver>,
    rng: Xoshiro256PlusPlus,
    /// Card decisions made from solved worlds, and from play-outs.
    solved: u64,
    rolled_out: u64,
}

/// What one world says about the legal cards: the value of each (by card index) for the
/// player's team.
type WorldValues = [u32; 64];

impl SamplingSchieber {
    /// A sampling player for a game with these options; `seed` fixes its sampled worlds.
    pub fn new(options: SchieberOptions, settings: SamplingSettings, seed: u64) -> Self {
        SamplingSchieber {
            options,
            contract_reading: Self::DEFAULT_CONTRACT_READING,
            settings,
            early_samples: Self::DEFAULT_EARLY,
            first_samples: 0,
            early_handoff: Self::DEFAULT_HANDOFF,
            playout_model: Self::DEFAULT_PLAYOUT_MODEL,
            contract_model: Self::DEFAULT_CONTRACT_MODEL,
            contract_handoff: 0,
            contract_read: Self::DEFAULT_CONTRACT_READ,
            contract_guess: Self::DEFAULT_CONTRACT_GUESS,
            fusion_cards: 0,
            signals: None,
            readable: None,
            inference: Inference {
                percent: Self::DEFAULT_INFER,
                pool: Self::DEFAULT_INFER_POOL,
                eleven: options.undenufe_eleven,
                belief: Self::DEFAULT_BELIEF,
                adapt: Self::DEFAULT_ADAPT,
                adapt_odds: Self::DEFAULT_ADAPT_ODDS,
                model: &crate::inference::PLAY_MODEL,
            },
            solver_reading: SolverReading::OFF,
            rule: RuleSchieber::new(options),
            partner_told: None,
            solvers: Vec::new(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            solved: 0,
            rolled_out: 0,
        }
    }

    /// Reading the others' cards, by default: a world's weight in percent per card of another
    /// seat the rule player would not have chosen in it ([`Self::with_inference`]).
    pub const DEFAULT_INFER: u32 = 10;

    /// Reading the others' cards by the learned play model, by default: the model's
    /// probabilities to the power 100% ([`Self::with_belief`]; 2026-12-02, issue 42: 50.71% ±
    /// 0.16% of the points against the rule player's misses on 2,000 duplicate deals).
    pub const DEFAULT_BELIEF: u32 = 100;

    /// Each other seat read and played out as rule-like or by the learned model, by default
    /// ([`Self::with_adapt`]; 2026-12-04, issue 42: with [`Self::DEFAULT_ADAPT_ODDS`], 62.75% of
    /// the points against the rule player instead of 62.13%, 50.03% ± 0.07% against the player
    /// without it; docs/lab/2026-12-04-schieber-adapt.md).
    pub const DEFAULT_ADAPT: bool = true;

    /// How many times better the rule card play must explain a seat's cards for the seat to be
    /// read as rule-like, by default ([`Self::with_adapt_odds`]; at 1, 49.63% ± 0.19% against
    /// the player without `adapt`: sampling seats read as rule-like lose the model's reading).
    pub const DEFAULT_ADAPT_ODDS: u32 = 10;

    /// The points (averaged over the worlds) the discard signal may cost against the best card,
    /// by default ([`Self::with_signals`]).
    pub const DEFAULT_SIGNAL_TOL: u32 = 2;

    /// The tenths of a point (averaged over the worlds) the readable card may cost against the
    /// best card, by default ([`Self::with_readable`]).
    pub const DEFAULT_READABLE_TOL: u32 = 5;

    /// After schieben, the partner's contract worlds drawn again up to this many times until
    /// forehand's hand is one the rule player shoves, by default ([`Self::with_contract_play`];
    /// 2026-12-03, issue 42: 50.24% ± 0.11% of the points against uniform worlds on 3,500
    /// duplicate deals, docs/lab/2026-12-03-contract-read.md).
    pub const DEFAULT_CONTRACT_READ: usize = 30;

    /// The early cards' play-outs play the learned play model's likeliest cards, by default
    /// ([`Self::with_playout_model`]; 2026-12-03, issue 42: 50.99% ± 0.20% and 50.82% ± 0.23%
    /// of the points against the rule players' play-outs on 2,000 and 1,500 duplicate deals,
    /// docs/lab/2026-12-03-model-playouts.md).
    pub const DEFAULT_PLAYOUT_MODEL: bool = true;

    /// The contract choice's play-outs play the learned play model's likeliest cards, by
    /// default ([`Self::with_contract_model`]; 2026-12-03, issue 42: 50.60% ± 0.22% of the
    /// points against the rule players' play-outs on 2,000 duplicate deals,
    /// docs/lab/2026-12-03-model-playouts.md).
    pub const DEFAULT_CONTRACT_MODEL: bool = true;

    /// How the card play's worlds read the others' contract decisions, by default
    /// ([`Self::with_contract_reading`]): by the learned contract model since 2026-12-05
    /// (issue 42: 50.23% ± 0.09% of the points against the rule player's reading on 4,000
    /// duplicate deals, 63.37% ± 0.37% against rule players; docs/lab/2026-12-05-contract-model.md).
    pub const DEFAULT_CONTRACT_READING: ContractReading = ContractReading::Model;

    /// The contract's own worlds read forehand's shove and guess the partner's contract by the
    /// rule player, by default ([`Self::with_contract_guess`]).
    pub const DEFAULT_CONTRACT_GUESS: bool = false;

    /// Reading the others' cards, by default: worlds drawn per world kept.
    pub const DEFAULT_INFER_POOL: usize = 4;

    /// Worlds per card decision judged by play-outs, by default (192 since 2026-12-03, issue
    /// 42: 50.56% ± 0.17% of the points against 64 on 2,000 duplicate deals, the first two
    /// tricks' cards at most 35 ms; docs/lab/2026-12-03-contract-worlds.md).
    pub const DEFAULT_EARLY: usize = 192;

    /// Cards left when the play-outs hand over to the solver, by default.
    pub const DEFAULT_HANDOFF: u32 = 12;

    /// The same player judging the cards that are not solved from the card on (before
    /// `max_cards` are left, or when the worlds are beyond the node budget) in `n` worlds each:
    /// every legal card is played, the rule players play on for all four seats until `handoff`
    /// cards are left, and the solver gives the rest (0: the rule player's card).
    pub fn with_early_samples(mut self, n: usize, handoff: u32) -> Self {
        self.early_samples = n;
        self.early_handoff = handoff;
        self
    }

    /// The same player judging its first card of the deal in `n` worlds of play-outs (0: as
    /// many as its other early cards, [`Self::with_early_samples`]): the first trick holds the
    /// largest share of what the player gives away against open hands
    /// (docs/lab/2026-12-05-worlds-posterior.md).
    pub fn with_first_samples(mut self, n: usize) -> Self {
        self.first_samples = n;
        self
    }

    /// The same player playing out its early cards' worlds ([`Self::with_early_samples`]) with
    /// the learned play model's likeliest card for every seat ([`crate::pimc::model_card`]) when
    /// `on` (the default), instead of the rule players' card play (Misère keeps the rule
    /// players' ducking).
    pub fn with_playout_model(mut self, on: bool) -> Self {
        self.playout_model = on;
        self
    }

    /// The same player judging the contracts by play-outs ([`Self::sampled_contract`]) in which
    /// every seat plays the learned play model's likeliest card when `on` (the default; Weis
    /// and Misère stay the rule player's), instead of the rule players' card play.
    pub fn with_contract_model(mut self, on: bool) -> Self {
        self.contract_model = on;
        self
    }

    /// The same player choosing the contract (and schieben) in its `contract_samples` worlds
    /// with the solver: in each world every contract is played by the rule players until at most
    /// `handoff` cards are left at the end of a trick (36: none) and solved exactly from there
    /// (Weis and Stöck as the hands hold them); schieben is worth the contract the rule player
    /// would choose for the partner in that world. `handoff` 0: rule play-outs to the end (the
    /// default). With `read` above 0 (with either hand-off), the partner choosing after schieben
    /// draws each world again up to `read` times until forehand's hand is one the rule player
    /// would shove.
    pub fn with_contract_play(mut self, handoff: u32, read: usize) -> Self {
        self.contract_handoff = handoff.min(36);
        self.contract_read = read;
        self
    }

    /// The same player reading, in the contract's own worlds, forehand's shove and the partner's
    /// contract after its own shove by the learned contract model ([`CONTRACT_MODEL`]) when
    /// `on`: a world of the partner choosing after a shove is kept with the model's probability
    /// that forehand shoves its hand there (drawn again up to `contract_read` times), and
    /// schieben is worth the contract the model finds likeliest for the partner. Off (the
    /// default), the rule player's choices: a world is kept when the rule player would shove,
    /// and schieben is worth the rule player's contract.
    pub fn with_contract_guess(mut self, on: bool) -> Self {
        self.contract_guess = on;
        self
    }

    /// The same player reading the others' cards from their play: a world weighs `percent`
    /// percent less for each past card of another seat that the rule player would not have
    /// chosen in it, and `pool` times the worlds needed are drawn to keep those needed by
    /// weight (100: off, every world drawn counts).
    pub fn with_inference(mut self, percent: u32, pool: usize) -> Self {
        self.inference.percent = percent.min(100);
        self.inference.pool = pool.max(1);
        self
    }

    /// The same player reading the others' cards with the learned play model
    /// ([`crate::play_model`]): a world weighs the model's probability of each past card of
    /// another seat to the power `percent` percent, instead of `infer` per card the rule player
    /// would not have chosen (0: off; [`Self::DEFAULT_BELIEF`] by default).
    pub fn with_belief(mut self, percent: u32) -> Self {
        self.inference.belief = percent;
        self
    }

    /// The same player telling rule-like players from the others, seat by seat (the adaptive
    /// reading, as [`crate::DifferenzlerSettings::adapt`]): each other seat's past cards are
    /// explained by the rule player's card play and by the learned play model over the worlds
    /// drawn, and the likelier explanation reads that seat's cards (instead of `belief`) and,
    /// with [`Self::with_playout_model`], plays its early play-out cards. Needs `infer` below
    /// 100.
    pub fn with_adapt(mut self, on: bool) -> Self {
        self.inference.adapt = on;
        self
    }

    /// The same player reading a seat as rule-like in the adaptive reading only when the rule
    /// card play explains its cards `odds` times better than the model (1: whichever explains
    /// them better; [`Self::DEFAULT_ADAPT_ODDS`] by default).
    pub fn with_adapt_odds(mut self, odds: u32) -> Self {
        self.inference.adapt_odds = odds.max(1);
        self
    }

    /// The same player with its card play's worlds reading the others' contract decisions
    /// (forehand's schieben or contract and, after a shove, the partner's choice: [`ContractEvidence`])
    /// as `reading` says ([`Self::DEFAULT_CONTRACT_READING`] by default). Off, the contract
    /// decisions weigh nothing in the card play (the contract's own worlds,
    /// [`Self::with_contract_play`], are not touched).
    pub fn with_contract_reading(mut self, reading: ContractReading) -> Self {
        self.contract_reading = reading;
        self
    }

    /// The same player giving 001's discard signal at its first discard when the worlds value
    /// the signalling card within `tolerance` points of the best, and reading its
    /// partner's first discard as that signal ([`crate::discard_signals`]; off by default). A
    /// convention between two such partners.
    pub fn with_signals(mut self, on: bool, tolerance: u32) -> Self {
        self.signals = on.then_some(tolerance);
        self
    }

    /// The same player playing, among the cards the worlds value within `tenths` tenths of a
    /// point of the best, the one the learned play model finds likeliest for its own hand (off
    /// by default): a card the partner's reading by the model explains better, at a cost of at
    /// most `tenths` tenths of a point. Not in Misère (the model was not fitted to it).
    pub fn with_readable(mut self, on: bool, tenths: u32) -> Self {
        self.readable = on.then_some(tenths);
        self
    }

    /// The same player told its partner's hand in its card play, the hands being `dealt` (a
    /// measuring rod, never a player for a table: the arena's `partner-seer`, which measures
    /// what the partner's hidden hand costs, docs/lab/2026-12-04-partner-hand.md). Its worlds
    /// hold the partner's true hand; every other decision is as without it.
    pub fn with_partner_told(mut self, dealt: [CardSet; 4]) -> Self {
        self.partner_told = Some(dealt);
        self
    }

    /// What the seat knows of the hands in `obs`, the partner's told if it is
    /// ([`Self::with_partner_told`]).
    fn knowledge(&self, obs: &SchieberObservation) -> crate::worlds::Knowledge {
        let mut k = knowledge(obs);
        if let Some(dealt) = self.partner_told {
            let p = (obs.seat as usize + 2) % 4;
            let tricks = crate::worlds::seen_tricks(&obs.tricks, obs.trick_leader, &obs.trick);
            let played = crate::worlds::played_by_seat(tricks);
            let me = obs.seat as usize;
            assert_eq!(
                dealt[me] - played[me],
                obs.hand,
                "the sampling player was told the hands of another deal"
            );
            crate::worlds::tell(&mut k, p, dealt[p] - played[p]);
        }
        k
    }

    /// The same player choosing, from `cards` cards left (0: never), its card by the worlds'
    /// values with its own next card chosen once for the worlds that look alike to it then
    /// ([`crate::fusion`]) instead of the plain sums of the worlds' solved values.
    pub fn with_fusion(mut self, cards: u32) -> Self {
        self.fusion_cards = cards;
        self
    }

    /// The same player also reading the others' recent cards with the solver
    /// ([`crate::solver_reading`]): each of the last `reading.plays` cards of another seat, with
    /// at most `reading.cards` cards left, that was not within `reading.tolerance` points of
    /// that seat's best in a world counts `reading.weight` misses more there.
    pub fn with_solver_reading(mut self, reading: SolverReading) -> Self {
        self.solver_reading = reading;
        self
    }

    /// `n` worlds for a card decision (the hands now), read by [`crate::inference`] (the rule
    /// player's card play, contract decisions and Weis calls) and, if on, by the solver; with
    /// the seats the learned model reads and plays out.
    fn draw_worlds(
        &mut self,
        obs: &SchieberObservation,
        k: &crate::worlds::Knowledge,
        n: usize,
    ) -> crate::pimc::DrawnWorlds {
        let past = PastCards::of(obs, self.solver_reading, self.inference.eleven);
        if past.is_some() {
            self.solvers(1);
        }
        let solver = &mut self.solvers;
        let signal = self
            .signals
            .is_some()
            .then(|| PartnerSignal::of(obs, self.inference.eleven))
            .flatten();
        let contract = match self.contract_reading {
            ContractReading::Off => None,
            ContractReading::Rule => ContractEvidence::of(obs, &self.rule),
            ContractReading::Model => {
                ContractEvidence::of(obs, &self.rule).map(|e| e.learned(&CONTRACT_MODEL))
            }
        };
        // The other evidence's misses: the solver's reading and the partner's signal, if any.
        let any = past.is_some() || signal.is_some();
        let mut read = any.then_some(move |h: &[CardSet; 4]| {
            past.as_ref().map_or(0, |p| p.misses(&mut solver[0], h))
                + signal.as_ref().map_or(0, |s| s.misses(h))
        });
        draw_worlds(
            &mut self.rng,
            k,
            obs,
            n,
            &self.inference,
            contract,
            self.options.weis_rules(),
            read.as_mut().map(|r| r as &mut MoreMisses<'_>),
        )
    }

    /// How many card decisions this player has made from worlds solved from the card on.
    pub fn solved(&self) -> u64 {
        self.solved
    }

    /// How many card decisions this player has made by play-outs (the others, and those with
    /// one legal card, were the rule player's).
    pub fn rolled_out(&self) -> u64 {
        self.rolled_out
    }

    /// The settings.
    pub fn settings(&self) -> &SamplingSettings {
        &self.settings
    }

    fn solvers(&mut self, n: usize) -> &mut [Solver] {
        while self.solvers.len() < n {
            self.solvers.push(Solver::new(SolverConfig {
                tt_bits: self.settings.tt_bits,
                ..SolverConfig::default()
            }));
        }
        &mut self.solvers[..n]
    }

    /// The card with the best total over sampled worlds, if sampling applies here.
    fn sampled_card(&mut self, obs: &SchieberObservation, legal: CardSet) -> Option<Card> {
        let contract = obs.contract?;
        let played: u32 = obs.tricks.len() as u32 * 4 + obs.trick.len() as u32;
        if 36 - played > self.settings.max_cards || legal.len() < 2 {
            return None;
        }
        let k = self.knowledge(obs);
        let (state, team) = self.play_state(obs, contract);
        let positions: Vec<Position> = self
            .draw_worlds(obs, &k, self.settings.samples)
            .0
            .into_iter()
            .map(|hands| state.position(hands))
            .collect();
        if positions.is_empty() {
            return None;
        }
        let deadline = self.settings.time_budget.map(|b| Instant::now() + b);
        let threads = self.settings.threads.max(1).min(positions.len());
        let mut budget = Budget {
            world: self.settings.node_limit,
            left: self.settings.decision_nodes,
        };
        let solvers = self.solvers(threads);
        for s in solvers.iter_mut() {
            s.set_objective(state.objective());
        }
        // The first world on its own: when it is out of reach, so are most others.
        let (first, spent) = solve_world(&mut solvers[0], &positions[0], team, budget.cap());
        let mut results = vec![(0, budget.account(first, spent).ok().flatten()?)];
        results.extend(
            solve_worlds(solvers, &positions[1..], team, deadline, budget)
                .into_iter()
                .map(|(i, v)| (i + 1, v)),
        );
        if 2 * results.len() < positions.len() {
            return None;
        }
        // Near the end of a game the race to the target counts first (won worlds minus lost
        // ones), then the points (not searched in Misère: the race counts a team's own tricks).
        let outcomes = if state.misere {
            None
        } else {
            self.end_of_game(obs, contract, &positions, &results)
        };
        self.solved += 1;
        // Strategy fusion reduced at the seat's next card ([`crate::fusion`]), for the points
        // (not in Misère, nor where the race to the target decides).
        let fused = if outcomes.is_none() && !state.misere && 36 - played <= self.fusion_cards {
            let worlds: Vec<&Position> = results.iter().map(|(i, _)| &positions[*i]).collect();
            let limit = self.settings.node_limit;
            crate::fusion::fused_values(&mut self.solvers[0], &worlds, legal, team, limit)
        } else {
            None
        };
        let key = |c: Card| {
            let total: u64 = match &fused {
                Some(f) => f[c.index()],
                None => results.iter().map(|(_, v)| v[c.index()] as u64).sum(),
            };
            let race = outcomes.as_ref().map_or(0, |o| o[c.index()]);
            (race, total)
        };
        let best = legal.iter().max_by_key(|&c| key(c))?;
        // The signal costs nothing in the race to the target.
        let worlds = results.len() as f64;
        let best_race = key(best).0;
        let value = |c: Card| {
            let (race, total) = key(c);
            if race == best_race {
                total as f64 / worlds
            } else {
                f64::NEG_INFINITY
            }
        };
        Some(self.instead_of_best(obs, legal, best, (state.misere, &positions[0]), value))
    }

    /// The card to play instead of `best` in `obs` (`world`: one of the worlds, which holds the
    /// seat's true hand): 001's discard signal if the setting gives it here ([`signal_instead`]:
    /// the seat's first discard, within the tolerance of `best` by `value`, a card's worth
    /// averaged over the worlds), else the readable card if that setting is on
    /// ([`Self::with_readable`]), else `best`. Neither in Misère.
    fn instead_of_best(
        &self,
        obs: &SchieberObservation,
        legal: CardSet,
        best: Card,
        (misere, world): (bool, &Position),
        value: impl Fn(Card) -> f64,
    ) -> Card {
        if misere {
            return best;
        }
        let eleven = self.inference.eleven;
        if let Some(tolerance) = self.signals {
            if let Some(signal) = signal_instead(obs, legal, best, tolerance, eleven, &value) {
                return signal;
            }
        }
        let (Some(tenths), Some(chooser)) = (self.readable, obs.chooser) else {
            return best;
        };
        let floor = value(best) - tenths as f64 / 10.0;
        let near: CardSet = legal.iter().filter(|&c| value(c) >= floor).collect();
        if near.len() < 2 {
            return best;
        }
        let situation = crate::pimc::model_situation(world, legal, chooser);
        self.inference.model.likeliest_among(&situation, near)
    }

    /// The card play as the solver sees it, and the team whose points count for this seat: its
    /// own, or in Misère the other team's (004: "all points won from Stich are given to the
    /// opposite teams"; that team then plays for the fewest, [`PlayState::misere`]).
    fn play_state(&self, obs: &SchieberObservation, contract: Contract) -> (PlayState, u8) {
        let state = PlayState::of_schieber(obs, contract, self.options.undenufe_eleven);
        (state, state.counted_team(obs.seat % 2))
    }

    /// The card with the most points over `early_samples` worlds of rule play-outs
    /// ([`crate::pimc::rollout_values`]: every legal card played, the rule players' cards for all four seats
    /// until `early_handoff` cards are left, then the solver), for the decisions the worlds are
    /// not solved at. The deal's points decide (the race to the target is left to the solved
    /// cards: tried this early, it did not pay, docs/players.md).
    fn rollout_card(&mut self, obs: &SchieberObservation, legal: CardSet) -> Option<Card> {
        let contract = obs.contract?;
        if self.early_samples == 0 || legal.len() < 2 {
            return None;
        }
        let chooser = obs.chooser?;
        let (state, team) = self.play_state(obs, contract);
        let k = self.knowledge(obs);
        // The seat still holds its nine cards: its first card of the deal.
        let first = obs.hand.len() == 9 && self.first_samples > 0;
        let samples = if first {
            self.first_samples
        } else {
            self.early_samples
        };
        let handoff = self.early_handoff;
        self.solvers(1);
        let mut totals = [0u64; 64];
        let (drawn, model_seats) = self.draw_worlds(obs, &k, samples);
        let worlds = rollout_worlds(
            &mut self.solvers[0],
            &drawn,
            &state,
            legal,
            team,
            chooser,
            handoff,
            self.playout_model.then_some(crate::pimc::ModelPlay {
                model: self.inference.model,
                seats: model_seats,
            }),
            |c, v| totals[c.index()] += v as u64,
        );
        if worlds == 0 {
            return None;
        }
        self.rolled_out += 1;
        let best = legal.iter().max_by_key(|c| totals[c.index()])?;
        let value = |c: Card| totals[c.index()] as f64 / worlds as f64;
        let world = state.position(drawn.first().copied()?);
        Some(self.instead_of_best(obs, legal, best, (state.misere, &world), value))
    }

    /// Near the end of a game (a target both teams may reach in this deal): for each card (by
    /// index), the worlds in which playing it wins the game minus those in which it loses it.
    /// `None` when the target is out of reach for both teams in this deal (or without target).
    ///
    /// A team wins as soon as its written points and the tricks it has taken in this deal
    /// (multiplied) reach the target (003: "any player may at any time claim to have won"), so
    /// the order of the tricks counts, not only the deal's total: [`race_cards`] answers that in
    /// each world. A Stöck not yet scored is worth 20 to its holder's team at any time (003:
    /// "Stöck can be claimed and scored at any earlier time if the player thereby gets enough
    /// points to win the game"). Weis still to be scored after the first trick (only with
    /// `max_cards` above 32) is not counted.
    fn end_of_game(
        &mut self,
        obs: &SchieberObservation,
        contract: Contract,
        positions: &[Position],
        results: &[(usize, WorldValues)],
    ) -> Option<[i64; 64]> {
        if obs.target >= MAX_TARGET {
            return None;
        }
        let team = (obs.seat % 2) as usize;
        let m = self.options.multipliers.of(contract).max(1);
        // The card points each team still needs from here on (the current trick's included).
        let mut taken = [0u32; 2];
        for tr in &obs.tricks {
            taken[tr.winner as usize % 2] += tr.points;
        }
        let base = [0, 1].map(|t| {
            obs.target
                .saturating_sub(obs.totals[t])
                .div_ceil(m)
                .saturating_sub(taken[t])
        });
        let first = positions.first()?;
        let most = first.remaining_points() + first.match_bonus;
        if base[0] > most && base[1] > most {
            return None;
        }
        // Stöck still to come: what each seat held at the start of the deal decides who has it.
        let stoeck_trump = match contract.mode().trump() {
            Some(t) if self.options.stoeck && obs.stoeck.is_none() => Some(t),
            _ => None,
        };
        let played = played_by_seat(seen_tricks(&obs.tricks, obs.trick_leader, &obs.trick));
        let mut budget = self.settings.race_nodes;
        let solver = &mut self.solvers(1)[0];
        let mut out = [0i64; 64];
        for (i, v) in results {
            let pos = &positions[*i];
            let mut need = base;
            let held: [CardSet; 4] = std::array::from_fn(|s| pos.hands[s] | played[s]);
            if let Some(s) = stoeck_trump.and_then(|t| stoeck_holder(&held, t)) {
                need[s % 2] = need[s % 2].saturating_sub(STOECK_POINTS);
            }
            let (a, b) = (need[team], need[1 - team]);
            let left = pos.remaining_points();
            // A real race (both can get there): searched; otherwise the deal's total decides.
            let race = if a + b <= left && a > 0 && b > 0 {
                let won = race_cards(solver, pos, team as u8, a, b, &mut budget);
                let lost = race_cards(solver, pos, 1 - team as u8, b, a, &mut budget);
                won.zip(lost)
            } else {
                None
            };
            let team_has_tricks = pos.tricks_won[team] > 0;
            for c in pos.legal_cards() {
                let (win, lose) = match race {
                    Some((won, lost)) => (won.contains(c), lost.contains(c)),
                    None => {
                        let x = v[c.index()];
                        // The other team's total: the rest, or Match when we take nothing.
                        let theirs = if x >= left {
                            0
                        } else if x == 0 && !team_has_tricks {
                            left + pos.match_bonus
                        } else {
                            left - x
                        };
                        (x >= a, theirs >= b)
                    }
                };
                out[c.index()] += win as i64 - lose as i64;
            }
        }
        Some(out)
    }

    /// The contract (or schieben) with the best average outcome of rule-based play-outs.
    fn sampled_contract(
        &mut self,
        obs: &SchieberObservation,
        legal: &[SchieberAction],
    ) -> Option<SchieberAction> {
        let n = self.settings.contract_samples;
        if n == 0 || legal.len() < 2 {
            return None;
        }
        let me = obs.seat;
        let team = (me % 2) as usize;
        let unseen: Vec<Card> = (CardSet::ALL - obs.hand).iter().collect();
        // (Play-outs from the real score to the real target, counting games won first, were
        // tried near the end of a game and lost more games than they won: docs/players.md.)
        let opts = SchieberOptions {
            target: MAX_TARGET,
            first_forehand: FirstForehand::Seat(obs.forehand),
            ..self.options
        };
        let base = Schieber::new(opts).ok()?;
        if self.contract_handoff > 0 {
            return self.solved_contract(obs, legal, base);
        }
        let mut sums = vec![0i64; legal.len()];
        let mut cards = unseen;
        let mut rule = RuleSchieber::new(self.options);
        let mut list = ActionList::new();
        let model = self.contract_model.then_some(self.inference.model);
        for _ in 0..n {
            // The 27 unseen cards dealt at random, 9 to each other seat.
            let (hands, mut dealt) =
                self.contract_world(obs, base, &mut cards, &mut rule, &mut list)?;
            if obs.schoben {
                // Forehand shoved: we are the partner choosing.
                dealt.apply(SchieberAction::Schieben).ok()?;
            }
            if dealt.to_move() != ToMove::Seat(me as usize) {
                // Shoved back (zurückschieben): left to the rule player.
                return None;
            }
            for (i, &a) in legal.iter().enumerate() {
                let mut s = dealt;
                if s.apply(a).is_err() {
                    return None;
                }
                if a == SchieberAction::Schieben && self.contract_guess {
                    // The partner's contract by the model (the play-out would ask the rule
                    // player).
                    let partner = (me + 2) % 4;
                    let choice = self.partner_choice(
                        &s,
                        partner as usize,
                        hands[partner as usize],
                        &mut rule,
                        &mut list,
                    );
                    if s.apply(choice?).is_err() {
                        return None;
                    }
                }
                let score = play_out(&mut s, &self.options, model);
                sums[i] += score[team] as i64 - score[1 - team] as i64;
            }
        }
        let best = (0..legal.len()).max_by_key(|&i| (sums[i], std::cmp::Reverse(i)))?;
        Some(legal[best])
    }
}

impl SamplingSchieber {
    /// A world of a contract decision, dealt into `base` (a game about to be dealt): the
    /// `unseen` cards dealt at random, 9 to each other seat; when the partner chooses after
    /// schieben, drawn again up to `contract_read` times until forehand's hand is one the rule
    /// player shoves (`None`: a deal the game refuses).
    fn contract_world(
        &mut self,
        obs: &SchieberObservation,
        base: Schieber,
        unseen: &mut [Card],
        rule: &mut RuleSchieber,
        list: &mut ActionList<SchieberAction>,
    ) -> Option<([CardSet; 4], Schieber)> {
        let mut tries = 0;
        loop {
            let hands = deal_unseen(&mut self.rng, unseen, obs.hand, obs.seat);
            let mut dealt = base;
            dealt.deal(hands).ok()?;
            if !obs.schoben || tries == self.contract_read {
                return Some((hands, dealt));
            }
            tries += 1;
            dealt.legal_actions(list);
            let fh = obs.forehand as usize;
            let shoves = if self.contract_guess {
                // Kept with the model's probability of the shove: drawn in proportion to it.
                let (open, n) = open_decisions(list);
                let situation = ContractSituation {
                    options: &self.options,
                    hand: hands[fh],
                    legal: &open[..n],
                    schoben: false,
                };
                let p = CONTRACT_MODEL
                    .log_probability(&situation, SchieberAction::Schieben)
                    .exp();
                unit_random(&mut self.rng) <= p
            } else {
                matches!(
                    rule.act(&Decision::new(&dealt, fh, list)),
                    SchieberAction::Schieben
                )
            };
            if shoves {
                return Some((hands, dealt));
            }
        }
    }

    /// [`Self::sampled_contract`] with the solver ([`Self::with_contract_play`]): `base` is a
    /// game about to be dealt with the real forehand.
    fn solved_contract(
        &mut self,
        obs: &SchieberObservation,
        legal: &[SchieberAction],
        base: Schieber,
    ) -> Option<SchieberAction> {
        let me = obs.seat;
        let team = me % 2;
        let partner = (me + 2) % 4;
        let mut cards: Vec<Card> = (CardSet::ALL - obs.hand).iter().collect();
        let play = ContractPlay {
            handoff: self.contract_handoff,
            node_limit: Self::CONTRACT_NODES,
        };
        let mut sums = vec![0i64; legal.len()];
        let mut rule = RuleSchieber::new(self.options);
        let mut list = ActionList::new();
        self.solvers(1);
        let mut kept = 0;
        for _ in 0..self.settings.contract_samples {
            let (hands, mut dealt) =
                self.contract_world(obs, base, &mut cards, &mut rule, &mut list)?;
            if obs.schoben {
                dealt.apply(SchieberAction::Schieben).ok()?;
            }
            if dealt.to_move() != ToMove::Seat(me as usize) {
                return None;
            }
            let mut world = Vec::with_capacity(legal.len());
            for &a in legal {
                let (contract, chooser) = match a {
                    SchieberAction::Contract { contract } => (contract, me),
                    SchieberAction::Schieben => {
                        // The partner's choice in this world.
                        let mut s = dealt;
                        s.apply(a).ok()?;
                        let hand = hands[partner as usize];
                        match self.partner_choice(&s, partner as usize, hand, &mut rule, &mut list)
                        {
                            Some(SchieberAction::Contract { contract }) => (contract, partner),
                            _ => return None,
                        }
                    }
                    _ => return None,
                };
                let solver = &mut self.solvers[0];
                match contract_margin(
                    solver,
                    hands,
                    obs.forehand,
                    chooser,
                    contract,
                    team,
                    &self.options,
                    play,
                ) {
                    Some(v) => world.push(v),
                    None => break,
                }
            }
            // A world beyond the node cap for some contract counts for none.
            if world.len() == legal.len() {
                kept += 1;
                for (s, v) in sums.iter_mut().zip(world) {
                    *s += v;
                }
            }
        }
        if kept == 0 {
            return None;
        }
        let best = (0..legal.len()).max_by_key(|&i| (sums[i], std::cmp::Reverse(i)))?;
        Some(legal[best])
    }

    /// The partner's decision after this seat's shove in a contract world `s` (the partner to
    /// move, holding `hand`): the learned contract model's likeliest with `contract_guess`, the
    /// rule player's otherwise (`None`: not the partner's decision).
    fn partner_choice(
        &self,
        s: &Schieber,
        partner: usize,
        hand: CardSet,
        rule: &mut RuleSchieber,
        list: &mut ActionList<SchieberAction>,
    ) -> Option<SchieberAction> {
        if s.to_move() != ToMove::Seat(partner) {
            return None;
        }
        s.legal_actions(list);
        if !self.contract_guess {
            return Some(rule.act(&Decision::new(s, partner, list)));
        }
        let (open, n) = open_decisions(list);
        CONTRACT_MODEL.likeliest(&ContractSituation {
            options: &self.options,
            hand,
            legal: &open[..n],
            schoben: true,
        })
    }

    /// The most search nodes of one world's solve for a contract (beyond, the world is left out).
    const CONTRACT_NODES: u64 = 2_000_000;
}

/// Plays a dealt Schieber deal to its end with four rule-based players; the deal's score. With
/// `model`, their cards are the play model's likeliest instead (the seat's own view; Weis and
/// Misère stay the rule player's).
pub(crate) fn play_out(
    s: &mut Schieber,
    options: &SchieberOptions,
    model: Option<&PlayModel>,
) -> [u32; 2] {
    let mut rule = RuleSchieber::new(*options);
    let mut list = ActionList::new();
    while let ToMove::Seat(seat) = s.to_move() {
        if s.phase() == Phase::Deal {
            break;
        }
        s.legal_actions(&mut list);
        let a = model
            .and_then(|m| model_play(m, s, seat, &list))
            .unwrap_or_else(|| rule.act(&Decision::new(s, seat, &list)));
        if s.apply(a).is_err() {
            break;
        }
    }
    s.tally().score
}

/// The play model's likeliest card for `seat`'s card decision in a play-out, read from the
/// deal's state ([`PlaySituation::of_schieber`]: the seat's own view); `None` where the model
/// does not decide (no card play, Misère, a single legal card).
fn model_play(
    model: &PlayModel,
    s: &Schieber,
    seat: usize,
    list: &ActionList<SchieberAction>,
) -> Option<SchieberAction> {
    let situation = PlaySituation::of_schieber(s, seat, list.played_cards())?;
    Some(SchieberAction::Play {
        card: model.likeliest(&situation),
    })
}

/// The node budget of one card decision, as if its worlds were solved one after the other: each
/// world may take at most `world` nodes and what is `left` of the decision's budget.
#[derive(Copy, Clone)]
struct Budget {
    world: u64,
    left: u64,
}

impl Budget {
    /// The most nodes the next world may take (0: the budget is spent).
    fn cap(&self) -> u64 {
        self.world.min(self.left)
    }

    /// Counts the next world, solved with at least [`Budget::cap`] nodes allowed and `spent` of
    /// them used: `Ok(Some)` keeps its values, `Ok(None)` leaves it out (over its own cap),
    /// `Err` ends the decision (cut by the spent budget). A world's result and nodes do not
    /// depend on its cap while it stays under it, so a world solved with a larger cap counts as
    /// it would have with this one.
    fn account(
        &mut self,
        values: Option<WorldValues>,
        spent: u64,
    ) -> Result<Option<WorldValues>, ()> {
        let cap = self.cap();
        match values {
            Some(v) if spent <= cap => {
                self.left -= spent;
                Ok(Some(v))
            }
            _ if cap < self.world => Err(()),
            _ => {
                self.left -= cap;
                Ok(None)
            }
        }
    }
}

/// The legal cards' values for `team` in one world, if the solver finds them within `limit`
/// nodes, and the nodes spent (at most `limit`).
fn solve_world(
    solver: &mut Solver,
    pos: &Position,
    team: u8,
    limit: u64,
) -> (Option<WorldValues>, u64) {
    // From an empty table: the work, and so the cap, does not depend on the worlds solved
    // before on this thread.
    solver.clear();
    solver.reset_nodes();
    let values = solver.try_solve_moves_for(pos, team, limit).map(|mv| {
        let mut v = [0u32; 64];
        for (c, x) in mv.iter() {
            v[c.index()] = x;
        }
        v
    });
    (values, solver.nodes().min(limit))
}

/// The values of the worlds that count (with their index), in order, as [`Budget`] accounts them: a world over its
/// own cap is left out; one cut by the decision's budget ends the list (so do the deadline and
/// the budget spent). Several threads give the same list as one.
fn solve_worlds(
    solvers: &mut [Solver],
    positions: &[Position],
    team: u8,
    deadline: Option<Instant>,
    mut budget: Budget,
) -> Vec<(usize, WorldValues)> {
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let mut out = Vec::new();
    if solvers.len() <= 1 {
        let solver = &mut solvers[0];
        for (i, p) in positions.iter().enumerate() {
            if budget.cap() == 0 || late() {
                break;
            }
            let (v, spent) = solve_world(solver, p, team, budget.cap());
            match budget.account(v, spent) {
                Ok(v) => out.extend(v.map(|v| (i, v))),
                Err(()) => break,
            }
        }
        return out;
    }
    // Several threads: every world with the largest cap any of them can get, then the account
    // in order.
    let first_cap = budget.cap();
    let solved = crate::worlds::on_threads(
        solvers,
        positions.len(),
        |_| late(),
        |solver, i| solve_world(solver, &positions[i], team, first_cap),
    );
    for (i, world) in solved.into_iter().enumerate() {
        let Some((v, spent)) = world else { break };
        if budget.cap() == 0 {
            break;
        }
        match budget.account(v, spent) {
            Ok(v) => out.extend(v.map(|v| (i, v))),
            Err(()) => break,
        }
    }
    out
}

impl Player<Schieber> for SamplingSchieber {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schieber>) -> SchieberAction {
        let legal = decision.legal.to_vec();
        match legal[0] {
            SchieberAction::Play { .. } => {
                let cards: CardSet = decision.legal.played_cards();
                let obs = decision.observation();
                let card = self
                    .sampled_card(&obs, cards)
                    .or_else(|| self.rollout_card(&obs, cards));
                if let Some(card) = card {
                    return SchieberAction::Play { card };
                }
            }
            SchieberAction::Contract { .. } | SchieberAction::Schieben => {
                let obs = decision.observation();
                if let Some(a) = self.sampled_contract(&obs, &legal) {
                    return a;
                }
            }
            SchieberAction::Weis { .. } => {}
        }
        self.rule.act(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inference::PlayHistory;
    use crate::test_games::played_games;
    use crate::worlds::knowledge;

    /// The contract decision in a deal of `hands` (by seat) with seat 0 forehand: seat 0's, or
    /// after schieben (`shoved`) seat 2's.
    fn contract_choice(
        player: &mut SamplingSchieber,
        hands: [&str; 4],
        shoved: bool,
    ) -> SchieberAction {
        let o = SchieberOptions {
            first_forehand: FirstForehand::Seat(0),
            ..SchieberOptions::default()
        };
        let mut g = Schieber::new(o).unwrap();
        g.deal(hands.map(|h| h.parse().unwrap())).unwrap();
        if shoved {
            g.apply(SchieberAction::Schieben).unwrap();
        }
        let seat = if shoved { 2 } else { 0 };
        let mut list = ActionList::new();
        g.legal_actions(&mut list);
        player.act(&Decision::new(&g, seat, &list))
    }

    const HANDS: [&str; 4] = [
        "HJ H9 HA HK HQ H10 H8 SA CA",
        "D6 D7 D8 D9 D10 DJ DQ DK DA",
        "S6 S7 S8 S9 S10 SJ SQ SK H6",
        "C6 C7 C8 C9 C10 CJ CQ CK H7",
    ];

    /// The solved contract choice takes Obenabe with the seven top hearts and two side aces (a
    /// Match from the lead, worth three times one in hearts), whether it
    /// hands over to the solver after four tricks or solves from the first card; the same seed
    /// chooses the same; after schieben the partner chooses a contract (it may not shove back)
    /// and, with eight spades and the six of hearts, not hearts.
    #[test]
    fn the_solved_contract_choice_takes_the_match_a_hand_holds() {
        let o = SchieberOptions::default();
        let settings = SamplingSettings {
            contract_samples: 6,
            ..SamplingSettings::default()
        };
        let hearts = SchieberAction::Contract {
            contract: Contract::Mode(jass_core::Mode::Trump(jass_core::Suit::H)),
        };
        let obenabe = SchieberAction::Contract {
            contract: Contract::Mode(jass_core::Mode::Obenabe),
        };
        for (handoff, read) in [(20, 0), (36, 0), (20, 4)] {
            let mut p = SamplingSchieber::new(o, settings, 5).with_contract_play(handoff, read);
            assert_eq!(contract_choice(&mut p, HANDS, false), obenabe, "{handoff}");
            let partner = contract_choice(&mut p, HANDS, true);
            assert!(
                matches!(partner, SchieberAction::Contract { .. }) && partner != hearts,
                "{handoff}: {partner:?}"
            );
        }
        let choose = |seed| {
            let mut p = SamplingSchieber::new(o, settings, seed).with_contract_play(20, 4);
            contract_choice(&mut p, HANDS, true)
        };
        assert_eq!(choose(9), choose(9));
    }

    /// The contract's play-outs by the play model play whole deals to their end: without Weis
    /// and Stöck the two teams score the deal's 157 card points times the contract's multiplier
    /// (or the Match: 257 to one team), and the model's deals are not all the rule players'.
    #[test]
    fn model_play_outs_of_a_contract_play_whole_deals() {
        use jass_core::deal::{four_hands, SeededDealer};
        let o = SchieberOptions {
            first_forehand: FirstForehand::Seat(0),
            weis: jass_core::schieber::WeisOption::None,
            stoeck: false,
            ..SchieberOptions::default()
        };
        let model = crate::inference::PLAY_MODEL.clone();
        let mut other_than_rule = 0;
        for seed in 0..12u64 {
            let mut g = Schieber::new(o).unwrap();
            let pack = SeededDealer::new(seed).next_pack();
            g.deal(four_hands(&pack, 0)).unwrap();
            let contract = Contract::ALL[seed as usize % 6];
            g.apply(SchieberAction::Contract { contract }).unwrap();
            let score = play_out(&mut g.clone(), &o, Some(&model));
            let m = o.multipliers.of(contract);
            let total = score[0] + score[1];
            assert!(
                total == 157 * m || total == 257 * m,
                "{contract}: {score:?}"
            );
            other_than_rule += u32::from(score != play_out(&mut g.clone(), &o, None));
        }
        assert!(other_than_rule > 0, "the model played as the rule players");
    }

    /// The test deal with seat 0 forehand after its shove: the rules, seat 2's observation (the
    /// partner to choose) and a game about to be dealt with those rules.
    fn shoved_to_partner() -> (SchieberOptions, SchieberObservation, Schieber) {
        let o = SchieberOptions {
            first_forehand: FirstForehand::Seat(0),
            ..SchieberOptions::default()
        };
        let mut g = Schieber::new(o).unwrap();
        g.deal(HANDS.map(|h| h.parse().unwrap())).unwrap();
        g.apply(SchieberAction::Schieben).unwrap();
        (o, g.observation(2), Schieber::new(o).unwrap())
    }

    /// After schieben the partner's contract worlds read forehand's shove with `contract_read`:
    /// drawn again until the rule player would have shoved forehand's hand, far more of them
    /// are such hands than among uniform worlds, and at most `read` redraws are made (every
    /// world still holds the seat's own hand and 27 other cards).
    #[test]
    fn contract_worlds_after_schieben_read_the_shove() {
        let (o, obs, base) = shoved_to_partner();
        let shoving_share = |read: usize| {
            let mut p = SamplingSchieber::new(o, SamplingSettings::default(), 3)
                .with_contract_play(0, read);
            let mut rule = RuleSchieber::new(o);
            let mut list = ActionList::new();
            let mut unseen: Vec<Card> = (CardSet::ALL - obs.hand).iter().collect();
            let mut shoved = 0;
            for _ in 0..200 {
                let (hands, dealt) = p
                    .contract_world(&obs, base, &mut unseen, &mut rule, &mut list)
                    .unwrap();
                assert_eq!(hands[2], obs.hand);
                assert_eq!(hands.iter().map(|h| h.len()).sum::<u32>(), 36);
                dealt.legal_actions(&mut list);
                let a = rule.act(&Decision::new(&dealt, 0, &list));
                shoved += u32::from(a == SchieberAction::Schieben);
            }
            shoved
        };
        let (uniform, read) = (shoving_share(0), shoving_share(30));
        assert!(
            uniform < 180,
            "uniform worlds: {uniform} of 200 shoving hands"
        );
        assert!(
            read >= 196 && read > uniform,
            "read worlds: {read} of 200 (uniform {uniform})"
        );
    }

    /// With `contract_guess` the contract's worlds after a shove read it by the learned contract
    /// model: forehand's hands there shove by the model far likelier than uniform worlds'
    /// hands, and the partner's choice after the seat's own shove is a contract open to it.
    #[test]
    fn contract_worlds_guess_the_shove_by_the_contract_model() {
        let (o, obs, base) = shoved_to_partner();
        // The mean model probability of forehand's shove over 300 worlds.
        let shove_probability = |read: usize| {
            let mut p = SamplingSchieber::new(o, SamplingSettings::default(), 3)
                .with_contract_play(0, read)
                .with_contract_guess(true);
            let mut rule = RuleSchieber::new(o);
            let mut list = ActionList::new();
            let mut unseen: Vec<Card> = (CardSet::ALL - obs.hand).iter().collect();
            let mut sum = 0.0;
            for _ in 0..300 {
                let (hands, dealt) = p
                    .contract_world(&obs, base, &mut unseen, &mut rule, &mut list)
                    .unwrap();
                assert_eq!(hands[2], obs.hand);
                dealt.legal_actions(&mut list);
                let (open, n) = open_decisions(&list);
                let situation = ContractSituation {
                    options: &o,
                    hand: hands[0],
                    legal: &open[..n],
                    schoben: false,
                };
                sum += CONTRACT_MODEL
                    .log_probability(&situation, SchieberAction::Schieben)
                    .exp();
                // Forehand's hand shoved here: the partner (this seat) chooses a contract.
                let mut s = dealt;
                s.apply(SchieberAction::Schieben).unwrap();
                let choice = p.partner_choice(&s, 2, hands[2], &mut rule, &mut list);
                assert!(
                    matches!(choice, Some(SchieberAction::Contract { .. })),
                    "{choice:?}"
                );
                assert!(list.iter().any(|a| Some(a) == choice));
            }
            sum / 300.0
        };
        let (uniform, read) = (shove_probability(0), shove_probability(30));
        assert!(
            read > uniform + 0.1,
            "read worlds' shove probability {read:.3}, uniform {uniform:.3}"
        );
    }

    /// The card play's worlds read the others' contract decisions: at the card decisions of
    /// seeded games of rule players, the worlds drawn with the rule player's reading miss fewer
    /// of its contract decisions, and those drawn with the learned contract model's reading
    /// make the decisions likelier by that model, than the worlds drawn without.
    #[test]
    fn the_card_worlds_read_the_contract_decisions_unless_told_not_to() {
        // Worlds drawn with the contract evidence explain the others' contract decisions
        // (ContractEvidence's misses) better than worlds drawn without it.
        let o = SchieberOptions::default();
        let new = || SamplingSchieber::new(o, SamplingSettings::default(), 1);
        let mut on = new().with_contract_reading(ContractReading::Rule);
        let mut off = new().with_contract_reading(ContractReading::Off);
        let mut learned = new().with_contract_reading(ContractReading::Model);
        let rule = RuleSchieber::new(o);
        let (mut misses_on, mut misses_off, mut decisions) = (0u64, 0u64, 0);
        // The learned contract model's log-likelihood of the decisions in the worlds read by
        // it, and in the worlds drawn without the contract evidence.
        let (mut likely_learned, mut likely_off) = (0.0, 0.0);
        played_games(
            || Schieber::new(o).unwrap(),
            &mut RuleSchieber::new(o),
            5,
            200,
            |g, seat, list| {
                let obs = g.observe(seat);
                if !matches!(list.get(0), SchieberAction::Play { .. }) {
                    return;
                }
                let Some(evidence) = ContractEvidence::of(&obs, &rule) else {
                    return;
                };
                let history = PlayHistory::of(&obs);
                let k = knowledge(&obs);
                let count = |worlds: &[[CardSet; 4]]| -> u64 {
                    worlds
                        .iter()
                        .map(|w| evidence.misses(&history.dealt(w)) as u64)
                        .sum()
                };
                misses_on += count(&on.draw_worlds(&obs, &k, 16).0);
                let off_worlds = off.draw_worlds(&obs, &k, 16).0;
                misses_off += count(&off_worlds);
                let by_model = evidence.learned(&CONTRACT_MODEL);
                let likely = |worlds: &[[CardSet; 4]]| -> f64 {
                    worlds
                        .iter()
                        .map(|w| by_model.log_weight(&history.dealt(w), 0.0))
                        .sum()
                };
                likely_learned += likely(&learned.draw_worlds(&obs, &k, 16).0);
                likely_off += likely(&off_worlds);
                decisions += 1;
            },
        );
        assert!(decisions > 50, "{decisions}");
        // (2,545 against 4,414 misses when written.)
        assert!(
            misses_on * 4 < misses_off * 3,
            "{misses_on} against {misses_off}"
        );
        assert!(
            likely_learned > likely_off,
            "{likely_learned} against {likely_off}"
        );
    }

    /// With inference the worlds kept explain the others' cards better: at the card decisions
    /// of seeded games of rule players, the worlds drawn with a weight of 10% per unexplained card
    /// miss far fewer of the rule player's choices than the worlds drawn without, the worlds read
    /// by the learned model (`belief`) are likelier by that model, and every world kept
    /// still fits what the seat has seen.
    #[test]
    fn inference_keeps_the_worlds_that_explain_the_play() {
        let o = SchieberOptions::default();
        let mut plain =
            SamplingSchieber::new(o, SamplingSettings::default(), 1).with_inference(100, 1);
        let mut reading = SamplingSchieber::new(o, SamplingSettings::default(), 1)
            .with_inference(10, 4)
            .with_belief(0)
            .with_adapt(false);
        let mut learned =
            SamplingSchieber::new(o, SamplingSettings::default(), 1).with_adapt(false);
        let model = crate::play_model::PlayModel::builtin();
        let (mut misses_plain, mut misses_read, mut decisions) = (0u64, 0u64, 0);
        let (mut likely_plain, mut likely_learned) = (0.0, 0.0);
        played_games(
            || Schieber::new(o).unwrap(),
            &mut RuleSchieber::new(o),
            3,
            400,
            |g, seat, list| {
                let obs = g.observe(seat);
                let history = PlayHistory::of(&obs);
                if !matches!(list.get(0), SchieberAction::Play { .. }) || history.is_empty() {
                    return;
                }
                let k = knowledge(&obs);
                let count = |worlds: &[[CardSet; 4]]| -> u64 {
                    worlds
                        .iter()
                        .map(|w| history.schieber_misses(&obs, w, o.undenufe_eleven, true) as u64)
                        .sum()
                };
                let a = plain.draw_worlds(&obs, &k, 16).0;
                let b = reading.draw_worlds(&obs, &k, 16).0;
                let c = learned.draw_worlds(&obs, &k, 16).0;
                assert_eq!(b.len(), a.len());
                assert_eq!(c.len(), a.len());
                let likely = |worlds: &[[CardSet; 4]]| -> f64 {
                    worlds
                        .iter()
                        .map(|w| {
                            history.schieber_log_likelihood(&obs, w, o.undenufe_eleven, &model)
                        })
                        .sum()
                };
                likely_plain += likely(&a);
                likely_learned += likely(&c);
                for w in b.iter().chain(&c) {
                    for (p, &held) in w.iter().enumerate() {
                        assert!(k.possible[p].contains_all(held));
                        assert_eq!(held.len(), k.counts[p]);
                    }
                }
                misses_plain += count(&a);
                misses_read += count(&b);
                decisions += 1;
            },
        );
        assert!(decisions > 50, "{decisions}");
        assert!(
            misses_read * 2 < misses_plain,
            "{misses_read} against {misses_plain}"
        );
        let worlds = decisions as f64 * 16.0;
        assert!(
            likely_learned > likely_plain + 0.5 * worlds,
            "{likely_learned} against {likely_plain} over {worlds} worlds"
        );
    }

    /// With the solver reading the others' recent cards, in games where every seat plays the
    /// solver's best card on the true hands, the worlds kept leave a third fewer of those cards
    /// unexplained than the worlds drawn without it; and the same seed draws the same worlds.
    #[test]
    fn solver_reading_keeps_the_worlds_that_explain_best_cards() {
        let o = SchieberOptions::default();
        let reading = SolverReading {
            cards: 20,
            ..SolverReading::OFF
        };
        let new =
            |r| SamplingSchieber::new(o, SamplingSettings::default(), 7).with_solver_reading(r);
        let (mut plain, mut read, mut again) =
            (new(SolverReading::OFF), new(reading), new(reading));
        let mut judge = Solver::new(SolverConfig::default());
        let (mut misses_plain, mut misses_read, mut decisions) = (0, 0, 0);
        crate::solver_reading::tests::solver_played_games(2, |g, seat| {
            let obs = g.observe(seat);
            let Some(past) = PastCards::of(&obs, reading, o.undenufe_eleven) else {
                return;
            };
            let k = knowledge(&obs);
            let a = plain.draw_worlds(&obs, &k, 16).0;
            let b = read.draw_worlds(&obs, &k, 16).0;
            assert_eq!(b, again.draw_worlds(&obs, &k, 16).0);
            misses_plain += a.iter().map(|w| past.misses(&mut judge, w)).sum::<u32>();
            misses_read += b.iter().map(|w| past.misses(&mut judge, w)).sum::<u32>();
            decisions += 1;
        });
        assert!(decisions > 20, "{decisions}");
        assert!(
            misses_read * 3 < misses_plain * 2,
            "{misses_read} against {misses_plain}"
        );
    }

    /// The adaptive reading tells the seats that play by the rule card play from those that play
    /// the learned model's likeliest card, from the third trick on (in seeded games where seats
    /// 1 and 3 are rule players and seats 0 and 2 play by the model; the other decisions are
    /// the rule player's), and keeps this seat's play-outs the model's. With odds 1 the
    /// likelier explanation decides; the default odds (10) ask more of the rule card play, so
    /// fewer seats are read as rule-like, the model players more often right.
    #[test]
    fn the_adaptive_reading_tells_rule_players_from_model_players() {
        use crate::test_games::games;
        let o = SchieberOptions::default();
        let new = || SamplingSchieber::new(o, SamplingSettings::default(), 0).with_adapt(true);
        let mut players = [new().with_adapt_odds(1), new()];
        let mut rule = RuleSchieber::new(o);
        // Per player: seats judged, judged right, rule players read as rule-like, model
        // players read as the model's.
        let mut counts = [[0u32; 4]; 2];
        games(
            || Schieber::new(o).unwrap(),
            3,
            usize::MAX,
            |g, seat, list, _| {
                let obs = g.observe(seat);
                if seat != 0 || obs.tricks.len() < 2 || list.len() < 2 || obs.contract.is_none() {
                    return;
                }
                if obs.contract == Some(Contract::Misere) {
                    return;
                }
                let k = knowledge(&obs);
                for (player, count) in players.iter_mut().zip(&mut counts) {
                    let (worlds, model_seats) = player.draw_worlds(&obs, &k, 16);
                    assert_eq!(worlds.len(), 16);
                    assert_ne!(model_seats & 1, 0, "this seat's play-outs are the model's");
                    for s in 1..4 {
                        let model = model_seats >> s & 1 == 1;
                        count[0] += 1;
                        count[1] += (model == (s == 2)) as u32;
                        count[2] += (s != 2 && !model) as u32;
                        count[3] += (s == 2 && model) as u32;
                    }
                }
            },
            |g, seat, list| match model_play(&crate::inference::PLAY_MODEL, g, seat, list) {
                Some(a) if seat % 2 == 0 => a,
                _ => rule.act(&Decision::new(g, seat, list)),
            },
        );
        let [even, default] = counts;
        assert!(even[0] > 100, "{even:?}");
        // 464 of 504 (92%) when written; with the default odds 408 (81%).
        assert!(even[1] * 100 > even[0] * 85, "{even:?}");
        assert!(default[1] * 100 > default[0] * 75, "{default:?}");
        assert!(default[2] < even[2], "{default:?} {even:?}");
        assert!(default[3] >= even[3], "{default:?} {even:?}");
    }

    /// The readable card: the model's likeliest among the cards within the tolerance of the
    /// best, never a card beyond it (even the model's favourite), the best card when the
    /// setting is off or in Misère; the model sees the seat's own view of the world.
    #[test]
    fn the_readable_card_is_the_models_likeliest_within_the_tolerance() {
        let o = SchieberOptions {
            first_forehand: FirstForehand::Seat(0),
            weis: jass_core::schieber::WeisOption::None,
            ..SchieberOptions::default()
        };
        let mut g = Schieber::new(o).unwrap();
        g.deal(
            [
                "SA S10 SK HJ H9 HA CA C10 CK",
                "S6 S7 S8 S9 SJ SQ HK HQ H10",
                "D6 D7 DA DK C6 C9 H6 H7 H8",
                "D8 D9 D10 DJ DQ C7 C8 CJ CQ",
            ]
            .map(|h| h.parse().unwrap()),
        )
        .unwrap();
        let contract = Contract::Mode(jass_core::Mode::Trump(jass_core::Suit::H));
        g.apply(SchieberAction::Contract { contract }).unwrap();
        for c in ["SA", "S6"] {
            let card = c.parse().unwrap();
            g.apply(SchieberAction::Play { card }).unwrap();
        }
        let obs = g.observation(2);
        let legal = obs.hand;
        let player =
            |on| SamplingSchieber::new(o, SamplingSettings::default(), 1).with_readable(on, 5);
        let (state, _) = player(true).play_state(&obs, contract);
        let world = state.position(g.hands());
        let situation = crate::pimc::model_situation(&world, legal, 0);
        let seen = PlaySituation::of_schieber(&g, 2, legal).unwrap();
        assert_eq!(
            (
                situation.hand,
                situation.gone,
                situation.trick,
                situation.tricks_done
            ),
            (seen.hand, seen.gone, seen.trick, seen.tricks_done)
        );
        assert_eq!(
            (situation.leader, situation.choosers),
            (seen.leader, seen.choosers)
        );
        let model = &crate::inference::PLAY_MODEL;
        let favourite = model.likeliest(&situation);
        let [best, near] = [0, 1].map(|i| legal.iter().filter(|&c| c != favourite).nth(i).unwrap());
        let value = |c: Card| {
            if c == best {
                10.0
            } else if c == near {
                9.6
            } else {
                9.0
            }
        };
        let chosen = player(true).instead_of_best(&obs, legal, best, (false, &world), value);
        let pair: CardSet = [best, near].into_iter().collect();
        assert_eq!(chosen, model.likeliest_among(&situation, pair));
        assert_ne!(chosen, favourite, "0.6 points too dear");
        let level = |_: Card| 10.0;
        assert_eq!(
            player(true).instead_of_best(&obs, legal, best, (false, &world), level),
            favourite
        );
        assert_eq!(
            player(false).instead_of_best(&obs, legal, best, (false, &world), level),
            best
        );
        assert_eq!(
            player(true).instead_of_best(&obs, legal, best, (true, &world), level),
            best
        );
    }
}

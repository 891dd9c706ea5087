//! Reading the other players' cards from how they played (Schieber, Coiffeur, Sidi Barrani,
//! Differenzler, Handjass): a sampled world in which the rule player, holding that world's hands,
//! would have played the cards the others did is more likely than one in which it would not.
//! Each world is weighted by `eps` for every past card of another seat that the rule player would
//! not have chosen there (with two or more legal cards); the sampling player draws more worlds
//! than it needs and keeps as many as it needs by weight ([`keep_read`]).
//! [`PlayHistory::misses_by`] rebuilds each past decision for any game's rule player;
//! `schieber_misses` and Sidi Barrani's player supply theirs (Differenzler's and Handjass's
//! replay their rollout from the deal's first card, [`crate::rollout::Rollout::replay_each`]).
//! Other decisions count the same way: Schieber's and Coiffeur's contract and schieben
//! ([`ContractEvidence`]), the Weis calls of Schieber and Coiffeur ([`WeisEvidence`]),
//! Differenzler's open announcements.
//!
//! The rule player stands for the others' habits (taking points, smearing on the partner's
//! trick, keeping the Puur, the discard signals), so the weights are a model, not the truth:
//! `eps` keeps every world possible. Schieber's sampling player reads the cards by a learned
//! model instead ([`Inference::belief`], [`crate::play_model`]): each past card weighs with the
//! probability the model gives it in the world. The adaptive reading ([`Inference::adapt`])
//! chooses, seat by seat, whichever of the two explains the seat's cards better
//! ([`adapted_seats`]).

use jass_core::coiffeur::CoiffeurObservation;
use jass_core::schieber::{
    heard_weis_calls, Contract, ObservedTrick, Phase, SchieberAction, SchieberObservation,
};
use jass_core::trick::legal_cards;
use jass_core::weis::{best_declaration, WeisRules};
use jass_core::{Card, CardSet, Mode, PointTable, TrickRules, UndenufeEleven};
use rand_core::RngCore;

use crate::contract_model::{ContractModel, ContractSituation};
use crate::pimc::DrawnWorlds;
use crate::play_model::{PlayModel, PlaySituation};
use crate::rule_coiffeur::RuleCoiffeur;
use crate::rule_schieber::{schieber_play, RuleSchieber};
use crate::worlds::{played_by_seat, sample_world_retry, seen_tricks, Knowledge};

/// How a sampling player reads the others' cards: the weight, in percent, of a world for each
/// past card of another seat the rule player would not have chosen in it (100: no reading), and
/// how many worlds are drawn per world kept.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Inference {
    /// Weight per unexplained card, in percent (100: off).
    pub percent: u32,
    /// Worlds drawn per world kept.
    pub pool: usize,
    /// The Undenufe point option (the rule player's card play depends on the points).
    pub eleven: UndenufeEleven,
    /// Schieber and Coiffeur: the others' cards read by the learned play model
    /// ([`crate::play_model`]) instead of the rule player's choices: a world weighs the model's
    /// probability of each past card of another seat to the power `belief` percent (0: off,
    /// the rule player's misses as above).
    pub belief: u32,
    /// Each other seat read, and played out in the play-outs, by the rule card play or by the
    /// learned model, whichever explains its cards better over the worlds drawn (the adaptive
    /// reading: [`adapted_seats`]; Schieber, Sidi Barrani and Differenzler; instead of `belief`).
    pub adapt: bool,
    /// In the adaptive reading, a seat is read as rule-like only when the rule card play
    /// explains its cards this many times better than the model (1: whichever explains them
    /// better).
    pub adapt_odds: u32,
    /// The learned play model that reads (and plays out) the others in the partnership games
    /// ([`PLAY_MODEL`], the shipped one).
    pub model: &'static PlayModel,
}

impl Inference {
    /// Reading by the rule card play's misses alone (no model): a world weighs `percent` percent
    /// for each unexplained card (100: off), `pool` worlds drawn for each kept.
    pub fn by_rule_misses(percent: u32, pool: usize) -> Inference {
        Inference {
            percent: percent.min(100),
            pool: pool.max(1),
            eleven: UndenufeEleven::Ace,
            belief: 0,
            adapt: false,
            adapt_odds: 1,
            model: &PLAY_MODEL,
        }
    }
}

/// Counts a sampled world's (the hands now) misses by evidence of a player's own.
pub type MoreMisses<'a> = dyn FnMut(&[CardSet; 4]) -> u32 + 'a;

/// `n` worlds for a Schieber (or Coiffeur) card decision seen in `obs` (the hands now),
/// [`draw_read`] with Schieber's rule player for the others' cards and, if given, their contract
/// decisions ([`ContractEvidence`]) and Weis calls under these rules ([`WeisEvidence`]); `more`,
/// if given, counts a world's further misses (evidence of its own, such as
/// [`crate::solver_reading`]'s). With the adaptive reading ([`Inference::adapt`]) the seats read
/// by the model come with the worlds (the others are rule-like), else all four.
#[allow(clippy::too_many_arguments)]
pub fn draw_worlds<R: RngCore>(
    rng: &mut R,
    k: &Knowledge,
    obs: &SchieberObservation,
    n: usize,
    inference: &Inference,
    contract: Option<ContractEvidence<'_>>,
    weis: Option<WeisRules>,
    mut more: Option<&mut MoreMisses<'_>>,
) -> DrawnWorlds {
    let history = PlayHistory::new(obs.seat, &obs.tricks, obs.trick_leader, &obs.trick);
    let weis = weis.and_then(|rules| WeisEvidence::of(obs, rules));
    let evidence = !history.is_empty() || contract.is_some() || weis.is_some() || more.is_some();
    let modelled = obs.contract.is_some_and(|c| c != Contract::Misere);
    let all_model = 0b1111;
    if inference.adapt && modelled && inference.percent < 100 && evidence {
        // Each other seat by its likelier explanation over the pool; the other evidence's
        // misses weigh as before (`percent` each).
        let ln_eps = (inference.percent as f64 / 100.0).ln();
        let pool = draw_pool(rng, n, inference, true, |rng| {
            sample_world_retry(k, rng, 20)
        });
        let mut rules = RuleView::new(obs);
        let fits: Vec<([SeatFit; 4], f64)> = pool
            .iter()
            .map(|h| {
                let dealt = history.dealt(h);
                let misses = weis.as_ref().map_or(0, |w| w.misses(&dealt))
                    + more.as_mut().map_or(0, |m| m(h));
                let contract = contract
                    .as_ref()
                    .map_or(0.0, |c| c.log_weight(&dealt, ln_eps));
                let fit = history.schieber_seat_fits(obs, h, inference, &mut rules);
                (fit, ln_eps * misses as f64 + contract)
            })
            .collect();
        let me = obs.seat as usize;
        return keep_adapted(rng, &pool, &fits, n, me, inference.adapt_odds, ln_eps);
    }
    if inference.belief > 0 && modelled && inference.percent < 100 && evidence {
        // The model's log-probabilities of the cards played, with the other evidence's misses
        // weighing as before (`percent` each).
        let beta = inference.belief as f64 / 100.0;
        let ln_eps = (inference.percent as f64 / 100.0).ln();
        let draw = |rng: &mut R| sample_world_retry(k, rng, 20);
        let worlds = read_worlds_weighed(rng, n, inference, draw, |h| {
            let dealt = history.dealt(h);
            let misses =
                weis.as_ref().map_or(0, |w| w.misses(&dealt)) + more.as_mut().map_or(0, |m| m(h));
            beta * history.schieber_log_likelihood(obs, h, inference.eleven, inference.model)
                + ln_eps * misses as f64
                + contract
                    .as_ref()
                    .map_or(0.0, |c| c.log_weight(&dealt, ln_eps))
        });
        return (worlds, all_model);
    }
    let worlds = draw_read(rng, k, n, inference, evidence, |h| {
        let dealt = history.dealt(h);
        history.schieber_misses(obs, h, inference.eleven, true)
            + contract.as_ref().map_or(0, |c| c.misses(&dealt))
            + weis.as_ref().map_or(0, |w| w.misses(&dealt))
            + more.as_mut().map_or(0, |m| m(h))
    });
    (worlds, all_model)
}

/// The chance, in the adaptive reading (Differenzler's and Sidi Barrani's `adapt`), that a
/// rule-like player plays another card than its rule card play's (shared among the other legal
/// cards).
const RULE_SLIP: f64 = 0.1;

/// How one seat's past cards fit a world, for the adaptive reading: the rule card play's misses,
/// and the log-likelihood of the cards if the seat plays like the rule player (missing at
/// [`RULE_SLIP`]) or by a learned play model.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct SeatFit {
    misses: u32,
    rule_ln: f64,
    model_ln: f64,
}

impl SeatFit {
    /// One more past card of the seat: whether the rule card play chose it, among how many
    /// legal cards (two or more), and its log-probability by the model.
    pub(crate) fn add(&mut self, rule_chose: bool, legal: u32, model_ln: f64) {
        if rule_chose {
            self.rule_ln += (1.0 - RULE_SLIP).ln();
        } else {
            self.misses += 1;
            self.rule_ln += (RULE_SLIP / (legal.max(2) - 1) as f64).ln();
        }
        self.model_ln += model_ln;
    }
}

/// `ln(mean(exp(x)))` of the values, computed without overflow (`-inf` for none).
fn log_mean_exp(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let top = xs.clone().fold(f64::NEG_INFINITY, f64::max);
    if top == f64::NEG_INFINITY {
        return top;
    }
    let (sum, count) = xs.fold((0.0, 0usize), |(s, c), x| (s + (x - top).exp(), c + 1));
    top + (sum / count as f64).ln()
}

/// The seats (a bit each) read and played out by the learned model in the adaptive reading,
/// from every world's fits of the seats (four, or Handjass's five places): `me`, and each other
/// seat whose cards the model
/// explains at least as well as the rule card play on average over the worlds drawn (each
/// world as likely as the next before the cards are read: the marginal likelihood of each
/// explanation), or the rule card play not `odds` times better. A seat without a card yet is
/// the model's.
pub(crate) fn adapted_seats<'a, const N: usize>(
    fits: impl Iterator<Item = &'a [SeatFit; N]> + Clone,
    me: usize,
    odds: u32,
) -> u8 {
    let margin = (odds.max(1) as f64).ln();
    let mut seats = 1u8 << me;
    for s in (0..N).filter(|&s| s != me) {
        let rule = log_mean_exp(fits.clone().map(|f| f[s].rule_ln));
        let model = log_mean_exp(fits.clone().map(|f| f[s].model_ln));
        if model + margin >= rule {
            seats |= 1 << s;
        }
    }
    seats
}

/// The adaptive reading's worlds: `n` of `pool` kept by weight, each world's other seats'
/// cards by their explanation ([`adapted_seats`] at `odds`) and its other evidence's
/// log-weight (`fits[i].1`: `ln_eps` a miss, or a model's log-probabilities); with the seats
/// read by the model.
pub(crate) fn keep_adapted<R: RngCore, W: Copy, const N: usize>(
    rng: &mut R,
    pool: &[W],
    fits: &[([SeatFit; N], f64)],
    n: usize,
    me: usize,
    odds: u32,
    ln_eps: f64,
) -> (Vec<W>, u8) {
    let seats = adapted_seats(fits.iter().map(|f| &f.0), me, odds);
    let weighed: Vec<(usize, f64)> = fits
        .iter()
        .enumerate()
        .map(|(i, (fit, other))| {
            let read = adapted_log_weight(fit, me, seats, ln_eps);
            (i, read + other)
        })
        .collect();
    let kept = keep_by_log_weight(rng, weighed, n, |w| w.1);
    (kept.iter().map(|&(i, _)| pool[i]).collect(), seats)
}

/// A world's log-weight in the adaptive reading: each other seat's cards by its explanation
/// (`model_seats`: the model's probabilities; the others: the rule card play's misses, `ln_eps`
/// each).
pub(crate) fn adapted_log_weight<const N: usize>(
    fits: &[SeatFit; N],
    me: usize,
    model_seats: u8,
    ln_eps: f64,
) -> f64 {
    (0..N)
        .filter(|&s| s != me)
        .map(|s| match model_seats & (1 << s) {
            0 => ln_eps * fits[s].misses as f64,
            _ => fits[s].model_ln,
        })
        .sum()
}

/// The shipped play model.
pub(crate) static PLAY_MODEL: PlayModel = PlayModel::builtin();

/// The Weis calls heard in a Schieber deal's first trick, to judge a world by: each seat
/// declares its best Weis (as the rule and sampling players do; 003 lets a player keep a Weis
/// back or call a lesser one, which the model ignores), and a call is heard as the engine's
/// observation hears it ([`heard_weis_calls`]), so a world in which a seat's best Weis would
/// have been heard otherwise (another value, a call where there was none, silence where there
/// was one) explains the calls less well.
pub struct WeisEvidence {
    rules: WeisRules,
    mode: Mode,
    /// Who led the first trick: the Weis are called in its order.
    first: u8,
    me: u8,
    /// The seats that have declared (played to the first trick), by bit.
    declared: u8,
    /// The call heard from each seat (0: none; the observer's own is always known).
    heard: [u32; 4],
}

impl WeisEvidence {
    /// The calls seen in `obs` under these Weis rules (`None` before the contract).
    pub fn of(obs: &SchieberObservation, rules: WeisRules) -> Option<Self> {
        let contract = obs.contract?;
        let declared = if obs.tricks.is_empty() {
            (0..obs.trick.len()).fold(0u8, |m, i| m | 1 << ((obs.trick_leader as usize + i) % 4))
        } else {
            0b1111
        };
        let mut heard = [0; 4];
        for c in &obs.weis_calls {
            heard[c.seat as usize & 3] = c.points;
        }
        Some(WeisEvidence {
            rules,
            mode: contract.mode(),
            first: obs.first_leader(),
            me: obs.seat,
            declared,
            heard,
        })
    }

    /// How many of the other seats would have been heard otherwise, each declaring the best
    /// Weis of its cards in `dealt` (the hands when the play began).
    pub fn misses(&self, dealt: &[CardSet; 4]) -> u32 {
        let best: [Option<u32>; 4] = std::array::from_fn(|s| {
            if self.declared & 1 << s == 0 {
                None
            } else if s == self.me as usize {
                Some(self.heard[s]).filter(|&p| p > 0)
            } else {
                best_declaration(dealt[s], self.mode, &self.rules)
                    .best(self.mode, &self.rules)
                    .map(|w| w.points(self.mode, &self.rules))
            }
        });
        let predicted = heard_weis_calls(self.first, best, self.me);
        (0..4)
            .filter(|&s| s != self.me as usize && predicted[s].unwrap_or(0) != self.heard[s])
            .count() as u32
    }
}

/// The contract decisions of a Schieber or Coiffeur deal that other seats made (schieben, or the
/// contract), to judge a world by: would the game's rule player, holding that world's hand,
/// have decided the same? Forehand chose; or it shoved and its partner chose; or (003's
/// Zurückschieben) the partner shoved back and forehand had to choose.
pub struct ContractEvidence<'a> {
    rule: ContractRule<'a>,
    /// Each decision: who, the legal actions then, whether it came after a shove, what it did.
    decisions: Vec<(u8, Vec<SchieberAction>, bool, SchieberAction)>,
}

/// The rule player whose contract decisions a world is judged by.
#[derive(Copy, Clone)]
enum ContractRule<'a> {
    Schieber(&'a RuleSchieber),
    /// Coiffeur's: a row of the team's list, or schieben when no open row suits the hand.
    Coiffeur(&'a RuleCoiffeur),
    /// Schieber's learned contract model ([`ContractEvidence::learned`]): each decision weighs
    /// its probability; the rule player only lends the rules.
    Learned(&'a RuleSchieber, &'static ContractModel),
}

impl<'a> ContractEvidence<'a> {
    /// The decisions of the others seen in `obs` (none before the contract or when the observer
    /// made them all).
    pub fn of(obs: &SchieberObservation, rule: &'a RuleSchieber) -> Option<Self> {
        let options = rule.options();
        let contracts = options.contracts().collect();
        Self::from(
            obs,
            contracts,
            options.zurueckschieben,
            ContractRule::Schieber(rule),
        )
    }

    /// The same for a Coiffeur deal: the chooser's team chose among the contracts of its open
    /// rows.
    pub fn of_coiffeur(obs: &CoiffeurObservation, rule: &'a RuleCoiffeur) -> Option<Self> {
        let team = obs.chooser? as usize % 2;
        let contracts = obs.choices[team].clone();
        let zurueck = rule.options().zurueckschieben;
        Self::from(obs, contracts, zurueck, ContractRule::Coiffeur(rule))
    }

    /// The decisions seen in `obs` when `contracts` could be chosen (`zurueck`: the partner
    /// may shove back).
    fn from(
        obs: &SchieberObservation,
        contracts: Vec<Contract>,
        zurueck: bool,
        rule: ContractRule<'a>,
    ) -> Option<Self> {
        let (contract, chooser) = (obs.contract?, obs.chooser?);
        let contracts = || -> Vec<SchieberAction> {
            contracts
                .iter()
                .map(|&contract| SchieberAction::Contract { contract })
                .collect()
        };
        let shoving = || {
            let mut list = contracts();
            list.push(SchieberAction::Schieben);
            list
        };
        let (fh, partner) = (obs.forehand, (obs.forehand + 2) % 4);
        let chosen = SchieberAction::Contract { contract };
        let shove = SchieberAction::Schieben;
        let partner_list = if zurueck { shoving() } else { contracts() };
        let decisions = if !obs.schoben {
            vec![(fh, shoving(), chosen)]
        } else if chooser == partner {
            vec![(fh, shoving(), shove), (partner, partner_list, chosen)]
        } else {
            vec![
                (fh, shoving(), shove),
                (partner, partner_list, shove),
                (fh, contracts(), chosen),
            ]
        };
        // Every decision but forehand's first comes after a shove.
        let decisions: Vec<_> = decisions
            .into_iter()
            .enumerate()
            .map(|(i, (seat, legal, did))| (seat, legal, i > 0, did))
            .filter(|(seat, ..)| *seat != obs.seat)
            .collect();
        (!decisions.is_empty()).then_some(ContractEvidence { rule, decisions })
    }

    /// The same decisions judged by the learned contract model `model` instead of the rule
    /// player's choices (Schieber; Coiffeur's stay the rule player's): a world weighs the
    /// probability of each decision, each seat holding that world's hand ([`Self::log_weight`]).
    pub fn learned(self, model: &'static ContractModel) -> Self {
        let rule = match self.rule {
            ContractRule::Schieber(rule) | ContractRule::Learned(rule, _) => {
                ContractRule::Learned(rule, model)
            }
            coiffeur => coiffeur,
        };
        ContractEvidence { rule, ..self }
    }

    /// How many of these decisions the rule player (the learned model: as its likeliest
    /// decision) would have made otherwise, each seat holding its cards of `dealt` (the hands
    /// when the play began).
    pub fn misses(&self, dealt: &[CardSet; 4]) -> u32 {
        self.decisions
            .iter()
            .filter(|(seat, legal, schoben, did)| {
                let hand = dealt[*seat as usize];
                let would = match self.rule {
                    ContractRule::Schieber(rule) => rule.choose_contract(hand, legal),
                    ContractRule::Coiffeur(rule) => rule.choose_action(hand, *schoben, legal),
                    ContractRule::Learned(rule, model) => {
                        let situation = situation(rule, hand, legal, *schoben);
                        model.likeliest(&situation).unwrap_or(*did)
                    }
                };
                would != *did
            })
            .count() as u32
    }

    /// A world's log-weight by these decisions, each seat holding its cards of `dealt`: the
    /// learned model's log-probabilities of the decisions, or `ln_eps` for each decision the
    /// rule player would have made otherwise.
    pub fn log_weight(&self, dealt: &[CardSet; 4], ln_eps: f64) -> f64 {
        let ContractRule::Learned(rule, model) = self.rule else {
            return ln_eps * self.misses(dealt) as f64;
        };
        self.decisions
            .iter()
            .map(|(seat, legal, schoben, did)| {
                let situation = situation(rule, dealt[*seat as usize], legal, *schoben);
                model.log_probability(&situation, *did)
            })
            .sum()
    }
}

/// The contract model's view of a decision under `rule`'s rules.
fn situation<'b>(
    rule: &'b RuleSchieber,
    hand: CardSet,
    legal: &'b [SchieberAction],
    schoben: bool,
) -> ContractSituation<'b> {
    ContractSituation {
        options: rule.options(),
        hand,
        legal,
        schoben,
    }
}

/// `n` worlds for a card decision (the hands now): drawn at random, or, reading the others'
/// cards (`misses` counts a world's unexplained cards; `evidence` says whether there is anything
/// to read), drawn `pool` times as many and `n` kept by weight ([`keep_read`]).
pub fn draw_read<R: RngCore>(
    rng: &mut R,
    k: &Knowledge,
    n: usize,
    inference: &Inference,
    evidence: bool,
    misses: impl FnMut(&[CardSet; 4]) -> u32,
) -> Vec<[CardSet; 4]> {
    read_worlds(
        rng,
        n,
        inference,
        evidence,
        |rng| sample_world_retry(k, rng, 20),
        misses,
    )
}

/// [`draw_read`] for any kind of world, each drawn by `draw` (`None`: none found).
pub fn read_worlds<R: RngCore, W>(
    rng: &mut R,
    n: usize,
    inference: &Inference,
    evidence: bool,
    draw: impl FnMut(&mut R) -> Option<W>,
    misses: impl FnMut(&W) -> u32,
) -> Vec<W> {
    let reading = inference.percent < 100 && evidence;
    let pool = draw_pool(rng, n, inference, reading, draw);
    if !reading {
        return pool;
    }
    keep_read(rng, pool, n, inference, misses)
}

/// `n` worlds read by weight: `pool` times as many drawn by `draw` (`None`: none found), `n`
/// kept at random in proportion to `exp(log_weight)` ([`keep_by_log_weight`]; the learned
/// reading, [`Inference::belief`]).
pub fn read_worlds_weighed<R: RngCore, W>(
    rng: &mut R,
    n: usize,
    inference: &Inference,
    draw: impl FnMut(&mut R) -> Option<W>,
    log_weight: impl FnMut(&W) -> f64,
) -> Vec<W> {
    let pool = draw_pool(rng, n, inference, true, draw);
    keep_by_log_weight(rng, pool, n, log_weight)
}

/// The worlds drawn for `n` kept: `pool` times as many when reading, else `n` (each by `draw`;
/// `None`: none found).
fn draw_pool<R: RngCore, W>(
    rng: &mut R,
    n: usize,
    inference: &Inference,
    reading: bool,
    mut draw: impl FnMut(&mut R) -> Option<W>,
) -> Vec<W> {
    let drawn = if reading {
        n * inference.pool.max(1)
    } else {
        n
    };
    (0..drawn).filter_map(|_| draw(rng)).collect()
}

/// `n` of the worlds of `pool`, kept at random in proportion to their weights, `percent`
/// percent to the power of the world's unexplained cards (`misses`) (Efraimidis and Spirakis'
/// weighted sampling without replacement).
pub fn keep_read<R: RngCore, W>(
    rng: &mut R,
    pool: Vec<W>,
    n: usize,
    inference: &Inference,
    mut misses: impl FnMut(&W) -> u32,
) -> Vec<W> {
    let eps = inference.percent as f64 / 100.0;
    let weights: Vec<f64> = pool
        .iter()
        .map(|world| eps.powi(misses(world) as i32).max(1e-300))
        .collect();
    keep_by_weight(rng, pool, weights, n)
}

/// `n` of the worlds of `pool`, kept at random in proportion to `exp(log_weight)` (as
/// [`keep_read`], the weights scaled by the largest first so that none overflows).
pub fn keep_by_log_weight<R: RngCore, W>(
    rng: &mut R,
    pool: Vec<W>,
    n: usize,
    mut log_weight: impl FnMut(&W) -> f64,
) -> Vec<W> {
    let logs: Vec<f64> = pool.iter().map(&mut log_weight).collect();
    let top = logs.iter().copied().fold(f64::MIN, f64::max);
    let weights = logs.iter().map(|lw| (lw - top).exp().max(1e-300)).collect();
    keep_by_weight(rng, pool, weights, n)
}

/// A uniform random number in (0, 1] (53 bits).
pub(crate) fn unit_random<R: RngCore>(rng: &mut R) -> f64 {
    ((rng.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
}

/// `n` of the worlds of `pool`, kept at random in proportion to `weights` (one a world)
/// (Efraimidis and Spirakis' weighted sampling without replacement).
fn keep_by_weight<R: RngCore, W>(rng: &mut R, pool: Vec<W>, weights: Vec<f64>, n: usize) -> Vec<W> {
    let mut keyed: Vec<(f64, W)> = pool
        .into_iter()
        .zip(weights)
        .map(|(world, weight)| {
            // The key ln(u) / weight is larger for heavier worlds.
            (unit_random(rng).ln() / weight, world)
        })
        .collect();
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
    keyed.into_iter().take(n).map(|(_, w)| w).collect()
}

/// One past card of another seat, as the rule player would have had to choose it.
pub struct PastDecision<'a> {
    /// Who played.
    pub seat: u8,
    /// Its hand then, in the world judged.
    pub hand: CardSet,
    /// Its legal cards then (two or more).
    pub legal: CardSet,
    /// The tricks completed before (the first `tricks_done` of the observation's).
    pub tricks_done: usize,
    /// Who led the trick.
    pub leader: u8,
    /// The cards already in the trick.
    pub trick: &'a [Card],
    /// The trick's mode.
    pub mode: Mode,
    /// Every card played before this one (the trick's included).
    pub gone: CardSet,
}

impl PastDecision<'_> {
    /// The decision for the learned play model in a deal of two teams (`chooser_team` chose
    /// or declared the contract).
    pub(crate) fn situation(
        &self,
        eleven: UndenufeEleven,
        chooser_team: Option<u8>,
    ) -> PlaySituation<'_> {
        PlaySituation {
            seat: self.seat,
            hand: self.hand,
            legal: self.legal,
            leader: self.leader,
            trick: self.trick,
            gone: self.gone,
            mode: self.mode,
            points: PointTable::new(self.mode, eleven),
            choosers: chooser_team == Some(self.seat % 2),
            partners: true,
            tricks_done: self.tricks_done,
            seats: 4,
        }
    }
}

/// The past cards of the other seats of a deal's card play, each with what the rule player would
/// have needed to choose it: who, which card, how many tricks were done and how many cards lay
/// in the trick.
pub struct PlayHistory {
    plays: Vec<(u8, Card, usize, usize)>,
    /// Each seat's cards played so far (to rebuild its hand at every past decision).
    played: [CardSet; 4],
}

impl PlayHistory {
    /// The history of the card play `seat` has seen: the completed `tricks`, then the one in
    /// progress led by `trick_leader` (the seat's own cards are not judged).
    pub fn new(seat: u8, tricks: &[ObservedTrick], trick_leader: u8, trick: &[Card]) -> Self {
        let mut plays = Vec::new();
        for (t, (leader, cards)) in seen_tricks(tricks, trick_leader, trick).enumerate() {
            for (i, &c) in cards.iter().enumerate() {
                let s = ((leader as usize + i) % 4) as u8;
                if s != seat {
                    plays.push((s, c, t, i));
                }
            }
        }
        PlayHistory {
            plays,
            played: played_by_seat(seen_tricks(tricks, trick_leader, trick)),
        }
    }

    /// The history seen in a Schieber observation.
    #[cfg(test)]
    pub fn of(obs: &SchieberObservation) -> PlayHistory {
        PlayHistory::new(obs.seat, &obs.tricks, obs.trick_leader, &obs.trick)
    }

    /// True if there is nothing to judge.
    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    /// Each seat's hand at the start of the card play in the world `hands` (the hands now).
    pub fn dealt(&self, hands: &[CardSet; 4]) -> [CardSet; 4] {
        std::array::from_fn(|s| hands[s] | self.played[s])
    }

    /// How many of the other seats' past cards `rule` would have chosen differently, holding the
    /// hands of the world `hands` (the hands now; the tricks as seen, trick `t` in `mode_of(t)`,
    /// strict rules). Decisions with one legal card do not count.
    pub fn misses_by(
        &self,
        seen: (&[ObservedTrick], u8, &[Card]),
        hands: &[CardSet; 4],
        mode_of: impl Fn(usize) -> Mode,
        mut rule: impl FnMut(&PastDecision) -> Card,
    ) -> u32 {
        let mut misses = 0;
        self.for_each_decision(seen, hands, mode_of, |d, c| {
            if rule(d) != c {
                misses += 1;
            }
        });
        misses
    }

    /// Calls `f` with each of the other seats' past decisions with two or more legal cards and
    /// the card played there, holding the hands of the world `hands` (the hands now; trick `t`
    /// in `mode_of(t)`, strict rules).
    pub fn for_each_decision(
        &self,
        (tricks, trick_leader, trick): (&[ObservedTrick], u8, &[Card]),
        hands: &[CardSet; 4],
        mode_of: impl Fn(usize) -> Mode,
        mut f: impl FnMut(&PastDecision, Card),
    ) {
        let dealt = self.dealt(hands);
        let mut gone = [CardSet::EMPTY; 4];
        let mut all_gone = CardSet::EMPTY;
        let mut next = 0;
        for (t, (leader, cards)) in seen_tricks(tricks, trick_leader, trick).enumerate() {
            for (i, &c) in cards.iter().enumerate() {
                let seat = (leader as usize + i) % 4;
                if next < self.plays.len() && self.plays[next].2 == t && self.plays[next].3 == i {
                    next += 1;
                    let hand = dealt[seat] - gone[seat];
                    let mode = mode_of(t);
                    let legal = legal_cards(hand, &cards[..i], mode, TrickRules::Strict);
                    if legal.len() >= 2 {
                        let d = PastDecision {
                            seat: seat as u8,
                            hand,
                            legal,
                            tricks_done: t,
                            leader,
                            trick: &cards[..i],
                            mode,
                            gone: all_gone,
                        };
                        f(&d, c);
                    }
                }
                gone[seat].insert(c);
                all_gone.insert(c);
            }
        }
    }

    /// The log-probability, by the learned play `model`, of the other seats' past cards holding
    /// the hands of the world `hands` (the hands now) in a Schieber (or Coiffeur) deal.
    pub fn schieber_log_likelihood(
        &self,
        obs: &SchieberObservation,
        hands: &[CardSet; 4],
        eleven: UndenufeEleven,
        model: &PlayModel,
    ) -> f64 {
        let Some(contract) = obs.contract else {
            return 0.0;
        };
        self.log_likelihood(
            (&obs.tricks, obs.trick_leader, &obs.trick),
            hands,
            |t| contract.trick_mode(t),
            obs.chooser.map(|c| c % 2),
            eleven,
            model,
        )
    }

    /// The log-probability, by the learned play `model`, of the other seats' past cards seen
    /// (`seen`: the completed tricks, the trick's leader and cards) holding the hands of the
    /// world `hands` (the hands now) in a deal of two teams (`chooser_team` chose or declared
    /// the contract; the trick `t`'s mode `mode_of(t)`).
    pub fn log_likelihood(
        &self,
        seen: (&[ObservedTrick], u8, &[Card]),
        hands: &[CardSet; 4],
        mode_of: impl Fn(usize) -> Mode,
        chooser_team: Option<u8>,
        eleven: UndenufeEleven,
        model: &PlayModel,
    ) -> f64 {
        let mut sum = 0.0;
        self.for_each_decision(seen, hands, mode_of, |d, c| {
            sum += model.log_prob(&d.situation(eleven, chooser_team), c);
        });
        sum
    }

    /// [`Self::misses_by`] with Schieber's rule player (with or without 001's discard signals).
    pub fn schieber_misses(
        &self,
        obs: &SchieberObservation,
        hands: &[CardSet; 4],
        eleven: UndenufeEleven,
        signals: bool,
    ) -> u32 {
        let Some(contract) = obs.contract else {
            return 0;
        };
        let mut rules = RuleView::new(obs);
        self.misses_by(
            (&obs.tricks, obs.trick_leader, &obs.trick),
            hands,
            |t| contract.trick_mode(t),
            |d| rules.card(obs, d, eleven, signals),
        )
    }

    /// How each other seat's past cards fit the world `hands` (the hands now) in a Schieber
    /// deal, for the adaptive reading: by Schieber's rule player (with the discard signals) and
    /// by the learned play model.
    fn schieber_seat_fits(
        &self,
        obs: &SchieberObservation,
        hands: &[CardSet; 4],
        inference: &Inference,
        rules: &mut RuleView,
    ) -> [SeatFit; 4] {
        let eleven = inference.eleven;
        let mut fits = [SeatFit::default(); 4];
        let Some(contract) = obs.contract else {
            return fits;
        };
        let chooser_team = obs.chooser.map(|c| c % 2);
        self.for_each_decision(
            (&obs.tricks, obs.trick_leader, &obs.trick),
            hands,
            |t| contract.trick_mode(t),
            |d, c| {
                fits[d.seat as usize & 3].add(
                    rules.card(obs, d, eleven, true) == c,
                    d.legal.len(),
                    inference
                        .model
                        .log_prob(&d.situation(eleven, chooser_team), c),
                );
            },
        );
        fits
    }
}

/// Schieber's rule player's view of the others' past decisions, rebuilt decision by decision
/// from the observation (the completed tricks grow with the history, one clone per trick and
/// not per card, and are cut back for the next world's first decisions).
struct RuleView {
    view: SchieberObservation,
}

impl RuleView {
    fn new(obs: &SchieberObservation) -> Self {
        let mut view = obs.clone();
        view.phase = Phase::Play;
        view.tricks.clear();
        RuleView { view }
    }

    /// The card Schieber's rule player chooses at the past decision `d` of `obs`'s card play.
    fn card(
        &mut self,
        obs: &SchieberObservation,
        d: &PastDecision,
        eleven: UndenufeEleven,
        signals: bool,
    ) -> Card {
        let view = &mut self.view;
        view.seat = d.seat;
        view.hand = d.hand;
        view.tricks.truncate(d.tricks_done);
        while view.tricks.len() < d.tricks_done {
            view.tricks.push(obs.tricks[view.tricks.len()].clone());
        }
        view.trick_leader = d.leader;
        view.trick.clear();
        view.trick.extend_from_slice(d.trick);
        schieber_play(view, d.legal, eleven, signals)
    }
}

#[cfg(test)]
mod tests {
    /// The adaptive reading takes each seat's likelier explanation over the worlds (the mean of
    /// the likelihoods, not of their logarithms), the model's for a seat without a card, and
    /// weighs a world by each seat's own explanation.
    #[test]
    fn the_adaptive_reading_takes_each_seats_likelier_explanation() {
        let fit = |rule_ln, model_ln, misses| SeatFit {
            misses,
            rule_ln,
            model_ln,
        };
        let none = SeatFit::default();
        let worlds = [
            // Seat 1: the rule card play explains its cards well in one world of two (mean
            // likelihood about 0.41 against 0.05); seat 3 the model in one (0.07 against 0.007).
            [none, fit(-0.2, -3.0, 0), none, fit(-5.0, -2.0, 3)],
            [none, fit(-10.0, -3.0, 4), none, fit(-5.0, -8.0, 3)],
        ];
        let seats = adapted_seats(worlds.iter(), 0, 1);
        assert_eq!(seats, 0b1101, "{seats:b}");
        // Seen from seat 1 (its own bit always set), seats 0 and 2 without a card and seat 3
        // are the model's.
        assert_eq!(adapted_seats(worlds.iter(), 1, 1), 0b1111);
        // Seat 1's rule explanation is about 8 times as likely: not enough at odds 10.
        assert_eq!(adapted_seats(worlds.iter(), 0, 8), 0b1101);
        assert_eq!(adapted_seats(worlds.iter(), 0, 10), 0b1111);
        let ln_eps = 0.1f64.ln();
        let w = adapted_log_weight(&worlds[1], 0, seats, ln_eps);
        assert!((w - (4.0 * ln_eps - 8.0)).abs() < 1e-9, "{w}");
        // One card of each kind: the rule card at 0.9, another of four legal at 0.1 / 3.
        let mut f = SeatFit::default();
        f.add(true, 4, -1.0);
        f.add(false, 4, -2.0);
        assert_eq!(f.misses, 1);
        assert!((f.rule_ln - (0.9f64.ln() + (0.1f64 / 3.0).ln())).abs() < 1e-12);
        assert!((f.model_ln + 3.0).abs() < 1e-12);
    }

    use super::*;
    use crate::rule_schieber::RuleSchieber;
    use crate::test_games::{played_games, random_games};
    use jass_core::game::Game;
    use jass_core::schieber::{Schieber, SchieberAction, SchieberOptions};
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// In games where everyone plays like the rule player, the true hands explain every card:
    /// no misses; in random games they do not.
    #[test]
    fn the_rule_players_own_games_have_no_misses() {
        let o = SchieberOptions::default();
        let rule = RuleSchieber::new(o);
        let (mut seen, mut decisions, mut calls) = (0, 0, 0);
        played_games(
            || Schieber::new(o).unwrap(),
            &mut RuleSchieber::new(o),
            6,
            usize::MAX,
            |g, seat, _| {
                let obs = g.observe(seat);
                if obs.phase == Phase::Play && obs.contract.is_some() {
                    let h = PlayHistory::of(&obs);
                    let m = h.schieber_misses(&obs, &g.hands(), o.undenufe_eleven, true);
                    assert_eq!(m, 0);
                    seen += !h.is_empty() as u32;
                    // Nor do their contract decisions (schieben and the contract).
                    // (none when the observer chose without shoving).
                    let dealt = h.dealt(&g.hands());
                    if let Some(c) = ContractEvidence::of(&obs, &rule) {
                        assert_eq!(c.misses(&dealt), 0);
                        decisions += c.decisions.len();
                    }
                    // Nor their Weis calls.
                    let w = WeisEvidence::of(&obs, o.weis_rules().unwrap()).unwrap();
                    assert_eq!(w.misses(&dealt), 0, "{:?}", obs.weis_calls);
                    calls += obs.weis_calls.iter().filter(|c| c.seat != obs.seat).count();
                }
            },
        );
        assert!(seen > 500, "{seen}");
        assert!(decisions > 1_000, "{decisions}");
        assert!(calls > 200, "{calls}");
        // Random play: the rule player would often have chosen otherwise.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let (mut misses, mut contract_misses, mut weis_misses) = (0, 0, 0);
        random_games(
            || Schieber::new(o).unwrap(),
            4,
            2_000,
            &mut rng,
            |g, seat, list, _| {
                if matches!(list.get(0), SchieberAction::Play { .. }) {
                    let obs = g.observe(seat);
                    let h = PlayHistory::of(&obs);
                    misses += h.schieber_misses(&obs, &g.hands(), o.undenufe_eleven, true);
                    let dealt = h.dealt(&g.hands());
                    contract_misses +=
                        ContractEvidence::of(&obs, &rule).map_or(0, |c| c.misses(&dealt));
                    weis_misses += WeisEvidence::of(&obs, o.weis_rules().unwrap())
                        .map_or(0, |w| w.misses(&dealt));
                }
            },
        );
        assert!(misses > 100, "{misses}");
        assert!(contract_misses > 100, "{contract_misses}");
        // Random players declare nothing or any Weis: their calls often differ from the best.
        assert!(weis_misses > 100, "{weis_misses}");
    }
    /// The shipped play model finds the others' cards likelier with the true hands than with
    /// worlds drawn at random that agree with everything seen (in seeded games of rule players,
    /// whose cards the model was not fitted to; with untrained weights every world is alike).
    #[test]
    fn the_learned_model_prefers_the_true_hands() {
        let o = SchieberOptions::default();
        let model = PlayModel::builtin();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let (mut better, mut judged, mut sum_true, mut sum_random) = (0, 0, 0.0, 0.0);
        played_games(
            || Schieber::new(o).unwrap(),
            &mut RuleSchieber::new(o),
            3,
            usize::MAX,
            |g, seat, list| {
                let obs = g.observe(seat);
                let misere = obs.contract == Some(Contract::Misere);
                if obs.phase != Phase::Play || misere || list.len() < 2 {
                    return;
                }
                let h = PlayHistory::of(&obs);
                if h.is_empty() {
                    return;
                }
                let k = crate::worlds::knowledge(&obs);
                let Some(world) = sample_world_retry(&k, &mut rng, 20) else {
                    return;
                };
                let t = h.schieber_log_likelihood(&obs, &g.hands(), o.undenufe_eleven, &model);
                let r = h.schieber_log_likelihood(&obs, &world, o.undenufe_eleven, &model);
                judged += 1;
                better += (t > r) as u32;
                sum_true += t;
                sum_random += r;
            },
        );
        assert!(judged > 300, "{judged}");
        assert!(better * 10 > judged * 6, "{better} of {judged}");
        assert!(
            sum_true > sum_random + judged as f64 * 0.2,
            "{sum_true} {sum_random}"
        );
    }

    /// Worlds kept by their log-weights: the heavy ones first, whatever the order drawn.
    #[test]
    fn keeps_the_heaviest_worlds() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let pool: Vec<u32> = (0..40).collect();
        let kept = keep_by_log_weight(
            &mut rng,
            pool,
            10,
            |&w| if w % 4 == 0 { 0.0 } else { -60.0 },
        );
        assert_eq!(kept.len(), 10);
        assert!(kept.iter().all(|w| w % 4 == 0), "{kept:?}");
    }

    /// Coiffeur's contract decisions (a row of the chooser's team, schieben, shoving back) are
    /// those of its rule player in its own games, and often not in random ones. Shoving back
    /// and the Misère and Slalom rows are allowed, so that every kind of decision occurs.
    #[test]
    fn the_coiffeur_rule_players_own_rows_have_no_misses() {
        use crate::rule_coiffeur::RuleCoiffeur;
        use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
        let o = CoiffeurOptions {
            zurueckschieben: true,
            misere: true,
            slalom: true,
            ..CoiffeurOptions::default()
        };
        let rule = RuleCoiffeur::new(o);
        let in_play = |g: &Coiffeur, seat: usize| {
            let obs = g.observe(seat);
            (obs.phase == Phase::Play && obs.contract.is_some()).then_some(obs)
        };
        let (mut decisions, mut shoved_back) = (0, 0);
        played_games(
            || Coiffeur::new(o).unwrap(),
            &mut RuleCoiffeur::new(o),
            4,
            usize::MAX,
            |g, seat, _| {
                if let Some(obs) = in_play(g, seat) {
                    let dealt = PlayHistory::of(&obs).dealt(&g.schieber().hands());
                    if let Some(c) = ContractEvidence::of_coiffeur(&obs, &rule) {
                        assert_eq!(c.misses(&dealt), 0, "{:?}", c.decisions);
                        decisions += c.decisions.len();
                        shoved_back += (c.decisions.len() == 3) as u32;
                    }
                }
            },
        );
        assert!(decisions > 1_000, "{decisions}");
        assert!(shoved_back > 0, "no shove back seen");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut misses = 0;
        random_games(
            || Coiffeur::new(o).unwrap(),
            4,
            2_000,
            &mut rng,
            |g, seat, _, _| {
                if let Some(obs) = in_play(g, seat) {
                    let dealt = PlayHistory::of(&obs).dealt(&g.schieber().hands());
                    misses +=
                        ContractEvidence::of_coiffeur(&obs, &rule).map_or(0, |c| c.misses(&dealt));
                }
            },
        );
        assert!(misses > 100, "{misses}");
    }
}

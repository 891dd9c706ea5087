//! A sampling Sidi Barrani player (perfect-information Monte Carlo). During card play it deals the
//! hidden cards in ways that agree with what the seat has seen (cards played, voids and
//! undertrumps under the strict rules, the scoring team's Weis shown after the first trick) and
//! solves every legal card exactly in each world for the declaring team. The objective is the
//! deal's point difference between the teams: twice the declarers' points (cards, last trick,
//! Match) plus the bid (times the doubling factor) to whichever side it goes — to the declarers if
//! their points reach the bid in that world (the exact value reaches the bid exactly when the
//! contract can be forced), else to the defenders. The declarers play the card with the best
//! average, the defenders the card with the worst. Bidding, doubling, Weis and the first cards
//! (before `max_cards` are left) are played like [`RuleSidi`].

use jass_core::deal::uniform_below;
use jass_core::sidi::{Sidi, SidiAction, SidiOptions, SidiPhase};
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, TrickRules};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::pimc::{four_seat_knowledge, rule_card, PartnershipSampler, PlayState};
use crate::rule_sidi::{team_estimate, HandJudge, RuleSidi};
use crate::SamplingSettings;

/// The sampling Sidi Barrani player.
pub struct SamplingSidi {
    options: SidiOptions,
    rule: RuleSidi,
    sampler: PartnershipSampler,
    /// Deals of the unseen cards for the bids and doubles.
    bid_rng: Xoshiro256PlusPlus,
    /// The play-out means of the current hand (seat, hand, per denomination).
    bid_cache: Option<(u8, CardSet, Vec<(Mode, f64)>)>,
    /// How much of the bidding estimate comes from the play-outs (the rest: hand evaluation).
    bid_weight: f64,
    bids_sampled: u64,
}

/// Per denomination, the mean card points (cards, last trick, Match) the team of `seat` takes
/// when `seat` declares it (and so leads), over `n` deals of the cards it cannot see, dealt at
/// random to the other three seats and played out by four rule players ([`rule_card`], the rule
/// player's card play); the same deals for every denomination (common random numbers).
pub fn playout_means(
    rng: &mut impl RngCore,
    hand: CardSet,
    seat: u8,
    options: &SidiOptions,
    n: usize,
) -> Vec<(Mode, f64)> {
    let modes: Vec<Mode> = options.denominations().collect();
    let mut sums = vec![0u64; modes.len()];
    let mut cards: Vec<Card> = (CardSet::ALL - hand).iter().collect();
    let team = seat % 2;
    for _ in 0..n {
        for i in (1..cards.len()).rev() {
            let j = uniform_below(rng, i as u32 + 1) as usize;
            cards.swap(i, j);
        }
        let mut hands = [CardSet::EMPTY; 4];
        hands[seat as usize] = hand;
        let mut next = 0;
        for (s, h) in hands.iter_mut().enumerate() {
            if s != seat as usize {
                *h = CardSet::from_cards(cards[next..next + 9].iter().copied());
                next += 9;
            }
        }
        for (i, &m) in modes.iter().enumerate() {
            let points = PointTable::new(m, options.undenufe_eleven);
            let state =
                PlayState::new(m, points, TrickRules::Strict, std::iter::empty(), seat, &[]);
            let mut pos = state.position(hands);
            let mut got = 0u32;
            while !pos.is_over() {
                let c = rule_card(&pos, seat);
                if let Some(r) = pos.play_unchecked(c) {
                    if r.winner % 2 == team {
                        got += r.points + r.match_bonus;
                    }
                }
            }
            sums[i] += got as u64;
        }
    }
    modes
        .iter()
        .zip(sums)
        .map(|(&m, s)| (m, s as f64 / n.max(1) as f64))
        .collect()
}

/// The hand judged by play-outs for the auction ([`HandJudge`]).
struct PlayoutJudge<'a> {
    hand: CardSet,
    means: &'a [(Mode, f64)],
    weight: f64,
}

impl HandJudge for PlayoutJudge<'_> {
    fn estimate(&self, mode: Mode) -> f64 {
        let rule = team_estimate(self.hand, mode);
        let Some(&(_, mean)) = self.means.iter().find(|(m, _)| *m == mode) else {
            return rule;
        };
        self.weight * (mean + PLAYOUT_SHIFT) + (1.0 - self.weight) * rule
    }
    fn support(&self, mode: Mode) -> f64 {
        self.estimate(mode) - crate::rule_sidi::AVERAGE_ESTIMATE
    }
}

/// Added to the play-out means to bring them to the hand evaluation's level.
const PLAYOUT_SHIFT: f64 = 0.0;

impl SamplingSidi {
    /// Default settings: every world solved exactly from 12 cards left, in 24 worlds per card.
    pub const DEFAULT: SamplingSettings = SamplingSettings::solving(24, 12);

    /// A player for a game with these options; `seed` fixes its sampled worlds.
    pub fn new(options: SidiOptions, seed: u64) -> Self {
        Self::with_settings(options, Self::DEFAULT, seed)
    }

    /// A player with other settings.
    pub fn with_settings(options: SidiOptions, settings: SamplingSettings, seed: u64) -> Self {
        SamplingSidi {
            options,
            rule: RuleSidi::new(options),
            sampler: PartnershipSampler::new(settings, Self::DEFAULT_EARLY, seed),
            bid_rng: Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5151_b1d5_0000_0001),
            bid_cache: None,
            bid_weight: std::env::var("JASS_SIDI_BLEND")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(1.0),
            bids_sampled: 0,
        }
    }

    /// Worlds per card decision before `max_cards` are left, by default.
    pub const DEFAULT_EARLY: usize = 64;

    /// The same player judging the cards before `max_cards` are left in `n` worlds each (rule
    /// play to `max_cards` cards, then the solver; 0: the rule player's card).
    pub fn with_early_samples(mut self, n: usize) -> Self {
        self.sampler.early_samples = n;
        self
    }

    /// How many decisions this player has made by sampling (the others were the rule player's):
    /// cards, bids and doubles.
    pub fn sampled(&self) -> u64 {
        self.sampler.sampled() + self.bids_sampled
    }

    /// How many auction, doubling and redoubling decisions were judged by play-outs.
    pub fn sampled_bids(&self) -> u64 {
        self.bids_sampled
    }

    /// The auction, doubling or redoubling decision with the play-outs as the hand's judge.
    fn sampled_bid(&mut self, decision: &Decision<'_, Sidi>) -> Option<SidiAction> {
        let n = self.sampler.settings.contract_samples;
        if n == 0 || decision.legal.len() < 2 {
            return None;
        }
        let obs = decision.observation();
        if !matches!(
            obs.phase,
            SidiPhase::Auction | SidiPhase::DoubleAsk | SidiPhase::RedoubleAsk
        ) {
            return None;
        }
        let fresh = matches!(&self.bid_cache, Some((s, h, _)) if *s == obs.seat && *h == obs.hand);
        if !fresh {
            let means = playout_means(&mut self.bid_rng, obs.hand, obs.seat, &self.options, n);
            self.bid_cache = Some((obs.seat, obs.hand, means));
        }
        let (_, _, means) = self.bid_cache.as_ref()?;
        let judge = PlayoutJudge {
            hand: obs.hand,
            means,
            weight: self.bid_weight,
        };
        let legal = decision.legal.to_vec();
        let a = self.rule.bid_with(&obs, &legal, &judge)?;
        self.bids_sampled += 1;
        Some(a)
    }

    fn sampled_card(&mut self, decision: &Decision<'_, Sidi>, legal: CardSet) -> Option<Card> {
        let obs = decision.observation();
        let (bid, mode, declarer) = obs.bid?;
        let played = obs.tricks.len() as u32 * 4 + obs.trick.len() as u32;
        if !self.sampler.samples_at(played, legal) {
            return None;
        }
        let d_team = declarer % 2;
        // Card points (with Match) the declarers still need to make the bid.
        let taken: u32 = obs
            .tricks
            .iter()
            .filter(|t| t.winner % 2 == d_team)
            .map(|t| t.points)
            .sum();
        let need = bid.saturating_sub(taken);
        let stake = (bid * obs.factor) as i64;
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        let shown: Vec<(u8, CardSet)> = obs
            .weis_shown
            .iter()
            .map(|w| (w.seat, w.weis.cards()))
            .collect();
        let k = four_seat_knowledge(
            obs.seat as usize,
            obs.hand,
            &completed,
            (obs.trick_leader, &obs.trick),
            &shown,
            mode,
            TrickRules::Strict,
        );
        let state = PlayState::new(
            mode,
            PointTable::new(mode, self.options.undenufe_eleven),
            TrickRules::Strict,
            obs.tricks.iter().map(|t| t.winner),
            obs.trick_leader,
            &obs.trick,
        );
        // Twice the points taken, plus or minus the stake as the bid is made or broken.
        let score = |v: u32| 2 * v as i64 + if v >= need { stake } else { -stake };
        self.sampler
            .choose(&k, &state, legal, played, obs.seat, d_team, declarer, score)
    }
}

impl Player<Sidi> for SamplingSidi {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Sidi>) -> SidiAction {
        let cards: CardSet = decision
            .legal
            .iter()
            .filter_map(|a| match a {
                SidiAction::Play { card } => Some(card),
                _ => None,
            })
            .collect();
        if !cards.is_empty() {
            if let Some(card) = self.sampled_card(decision, cards) {
                return SidiAction::Play { card };
            }
        } else if let Some(a) = self.sampled_bid(decision) {
            return a;
        }
        self.rule.act(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::{four_hands, SeededDealer};

    #[test]
    #[ignore]
    fn calibration_print() {
        let o = SidiOptions::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut dealer = SeededDealer::new(11);
        let (mut n, mut se, mut ss, mut see, mut sss, mut ses) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        let (mut bn, mut bse, mut bss) = (0.0, 0.0, 0.0);
        for _ in 0..300 {
            let hands = four_hands(&dealer.next_pack(), 0);
            let means = playout_means(&mut rng, hands[0], 0, &o, 32);
            let mut best = (0.0, 0.0);
            for &(m, s) in &means {
                let e = team_estimate(hands[0], m);
                n += 1.0;
                se += e;
                ss += s;
                see += e * e;
                sss += s * s;
                ses += s * e;
                if e > best.0 {
                    best = (e, s);
                }
            }
            bn += 1.0;
            bse += best.0;
            bss += best.1;
        }
        let (me, ms) = (se / n, ss / n);
        let cov = ses / n - me * ms;
        let ve = see / n - me * me;
        let vs = sss / n - ms * ms;
        println!("all: mean rule {me:.1} playout {ms:.1}; sd rule {:.1} playout {:.1}; corr {:.3}; slope e on s {:.3}", ve.sqrt(), vs.sqrt(), cov / (ve * vs).sqrt(), cov / vs);
        println!(
            "best by rule: mean rule {:.1} playout {:.1}",
            bse / bn,
            bss / bn
        );
    }
}

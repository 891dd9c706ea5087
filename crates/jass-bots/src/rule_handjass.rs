//! A quick rule-based Handjass player. Before the play it estimates the points its hand will take
//! (the Schieber hand value scaled to one player's share) and turns that into the chance of a
//! stroke and of a potato against the players likely to stay: it stays when that is worth more
//! than dropping out (more carefully one stroke from the target), takes the blind when the blind's
//! expected hand is clearly better, exchanges the six of trumps when the turned card improves the
//! hand, always takes the Bessern and discards the cards the hand misses least, agrees a stroke
//! each unless its hand is strong enough to hope for both strokes, declares its best Weis, and plays
//! the cards like the Schieber rule player without a partner (take valuable tricks cheaply, give
//! away as little as possible).

use jass_core::handjass::{
    Handjass, HandjassAction, HandjassObservation, HandjassOptions, Phase, SmallDeal,
    TurnedCardPlace,
};
use jass_core::schieber::Contract;
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, Rank, UndenufeEleven};

use crate::play_common::{order_from, take_points, PlayView};
use crate::rule_schieber::hand_value;

/// The rule-based Handjass player.
#[derive(Clone, Debug)]
pub struct RuleHandjass {
    options: HandjassOptions,
}

impl RuleHandjass {
    /// A player for a game with these options (threshold, target, layout).
    pub fn new(options: HandjassOptions) -> Self {
        RuleHandjass { options }
    }
}

/// Standard deviation of one player's points around the estimate (measured roughly in self-play).
pub const SPREAD: f64 = 15.0;

/// The points one player can expect with this hand: his share of the deal's points for the number
/// of cards held, moved by how much better than average the hand is.
pub fn points_estimate(hand: CardSet, trump: Mode) -> f64 {
    let n = hand.len() as f64;
    (12.5 * n / 9.0 + 1.1 * hand_value(hand, Contract::Mode(trump))).max(0.0)
}

/// The standard normal distribution function (Abramowitz–Stegun 7.1.26, enough for rules of thumb).
pub fn phi(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.3275911 * x.abs() / std::f64::consts::SQRT_2);
    let y = 1.0
        - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
            + 0.254829592)
            * t
            * (-(x * x) / 2.0).exp();
    if x >= 0.0 {
        0.5 * (1.0 + y)
    } else {
        0.5 * (1.0 - y)
    }
}

/// Strokes minus potatoes to expect from playing with `est` points against `k` players in all
/// (including this one), each of the others with `share` points, at this threshold. `caution`
/// weighs a potato more (one stroke from the target a potato costs the way out).
pub fn stay_value(est: f64, share: f64, k: f64, threshold: f64, caution: f64) -> f64 {
    let p_pot = phi((threshold - est) / SPREAD);
    let q = phi((est - share) / (SPREAD * std::f64::consts::SQRT_2)); // beating one other player
    let others = (k - 1.0).max(0.0);
    // Two strokes among k: at most one other above us (k ≤ 2: every player reaching the threshold).
    let top_two = if others <= 1.0 {
        1.0
    } else {
        q.powf(others) + others * (1.0 - q) * q.powf(others - 1.0)
    };
    top_two * (1.0 - p_pot) - caution * p_pot
}

impl RuleHandjass {
    fn threshold(&self, obs: &HandjassObservation) -> f64 {
        let twelve = self.options.small_deal == SmallDeal::Twelve && obs.table.len() <= 3;
        if twelve {
            self.options
                .twelve_threshold
                .unwrap_or(self.options.threshold) as f64
        } else {
            self.options.threshold as f64
        }
    }

    fn trump(obs: &HandjassObservation) -> Mode {
        obs.trump.expect("the trump is known during a deal")
    }

    fn caution(&self, obs: &HandjassObservation) -> f64 {
        let mine = obs.slate.get(obs.seat as usize).copied().unwrap_or(0);
        if mine >= obs.target - 1 {
            1.4
        } else {
            1.0
        }
    }

    /// Expected players in the deal if this seat stays.
    fn expected_players(obs: &HandjassObservation) -> f64 {
        let decided = obs.playing.len() + obs.dropped.len();
        let undecided_after = obs.table.len().saturating_sub(decided + 1);
        obs.playing.len() as f64 + 1.0 + 0.7 * undecided_after as f64
    }

    /// The value of the blind: the average estimate over sampled blinds (the turned card is known
    /// to be in it; the rest is drawn from the cards this seat has not seen).
    fn blind_estimate(&self, obs: &HandjassObservation) -> f64 {
        let trump = Self::trump(obs);
        let turned = obs.turned_card;
        let mut pool: Vec<Card> = (CardSet::ALL - obs.hand)
            .iter()
            .filter(|&c| Some(c) != turned)
            .collect();
        if self.options.players == 5 {
            pool.retain(|&c| c != Card::new(jass_core::Suit::S, Rank::Six));
        }
        let size = obs.hand.len() as usize;
        let known = turned
            .filter(|_| matches!(obs.turned_card_at, Some(TurnedCardPlace::Blind)))
            .map(CardSet::single)
            .unwrap_or_default();
        let draw = size - known.len() as usize;
        // A small deterministic generator seeded by the hand keeps the player reproducible.
        let mut x = obs.hand.0 ^ 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let samples = 24;
        let mut sum = 0.0;
        for _ in 0..samples {
            for i in 0..draw.min(pool.len()) {
                let j = i + (next() % (pool.len() - i) as u64) as usize;
                pool.swap(i, j);
            }
            let blind = known | CardSet::from_cards(pool[..draw.min(pool.len())].iter().copied());
            sum += points_estimate(blind, trump);
        }
        sum / samples as f64
    }

    fn decide(&self, obs: &HandjassObservation, legal: &[HandjassAction]) -> HandjassAction {
        let trump = Self::trump(obs);
        let threshold = self.threshold(obs);
        let share = 157.0 * obs.hand.len() as f64 / 36.0;
        let k = Self::expected_players(obs);
        let caution = self.caution(obs);
        let est = points_estimate(obs.hand, trump);
        let mut stay = stay_value(est, share, k, threshold, caution);
        if obs.table.len() == 2 {
            // Two at the table: dropping out gives the other player a stroke.
            stay += 1.0;
        }
        let mut best = (HandjassAction::Stay, stay);
        if legal.contains(&HandjassAction::Drop) && 0.0 > best.1 {
            best = (HandjassAction::Drop, 0.0);
        }
        if legal.contains(&HandjassAction::Blind) {
            let blind = stay_value(self.blind_estimate(obs), share, k, threshold, caution)
                + if obs.table.len() == 2 { 1.0 } else { 0.0 };
            if blind > best.1 + 0.1 {
                best = (HandjassAction::Blind, blind);
            }
        }
        best.0
    }

    /// The turned card when everyone has seen that it lies out of play (none otherwise).
    pub(crate) fn out_of_play_seen(obs: &HandjassObservation) -> CardSet {
        match (obs.turned_card, obs.turned_card_at) {
            (
                Some(c),
                Some(
                    TurnedCardPlace::Blind
                    | TurnedCardPlace::Stock
                    | TurnedCardPlace::Table
                    | TurnedCardPlace::Discarded { .. },
                ),
            ) => CardSet::from_cards([c]),
            _ => CardSet::EMPTY,
        }
    }

    fn play(&self, obs: &HandjassObservation, legal: CardSet) -> Card {
        let trump = Self::trump(obs);
        let mut seen =
            obs.hand | CardSet::from_cards(obs.trick.iter().copied()) | Self::out_of_play_seen(obs);
        for t in &obs.tricks {
            seen |= CardSet::from_cards(t.cards.iter().copied());
        }
        let order = order_from(obs.trick_leader, &obs.playing);
        let view = PlayView {
            seat: obs.seat,
            partner: None,
            hand: obs.hand,
            legal,
            mode: trump,
            points: PointTable::new(trump, UndenufeEleven::Ace),
            trick: obs.trick.clone(),
            trick_seats: order[..obs.trick.len().min(order.len())].to_vec(),
            after_me: obs.playing.len().saturating_sub(1 + obs.trick.len()),
            seen,
            we_chose: false,
            partner_chose: false,
            partner_discard: None,
            signal: false,
        };
        take_points(&view)
    }
}

impl Player<Handjass> for RuleHandjass {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Handjass>) -> HandjassAction {
        let legal = decision.legal.to_vec();
        let obs = decision.observation();
        match legal[0] {
            HandjassAction::Discard { .. } => {
                // Discard the card the hand misses least.
                let trump = Self::trump(&obs);
                let hand = obs.hand;
                let card = legal
                    .iter()
                    .filter_map(|a| match a {
                        HandjassAction::Discard { card } => Some(*card),
                        _ => None,
                    })
                    .max_by(|a, b| {
                        let (mut ha, mut hb) = (hand, hand);
                        ha.remove(*a);
                        hb.remove(*b);
                        hand_value(ha, Contract::Mode(trump))
                            .total_cmp(&hand_value(hb, Contract::Mode(trump)))
                    })
                    .expect("a card");
                HandjassAction::Discard { card }
            }
            // Three cards to choose from is never worse than none: take the Bessern.
            HandjassAction::KeepHand if legal.contains(&HandjassAction::Bessern) => {
                HandjassAction::Bessern
            }
            HandjassAction::ExchangeSix | HandjassAction::KeepSix => {
                let trump = Self::trump(&obs);
                match (
                    legal.contains(&HandjassAction::ExchangeSix),
                    obs.turned_card,
                    trump.trump(),
                ) {
                    (true, Some(turned), Some(t)) => {
                        let mut after = obs.hand;
                        after.remove(Card::new(t, Rank::Six));
                        after.insert(turned);
                        if hand_value(after, Contract::Mode(trump))
                            > hand_value(obs.hand, Contract::Mode(trump))
                        {
                            HandjassAction::ExchangeSix
                        } else {
                            HandjassAction::KeepSix
                        }
                    }
                    _ => HandjassAction::KeepSix,
                }
            }
            HandjassAction::Stay | HandjassAction::Drop | HandjassAction::Blind => {
                self.decide(&obs, &legal)
            }
            HandjassAction::PlayOn | HandjassAction::Agree => {
                // A stroke each for sure, unless the hand may hold the other below the threshold.
                if obs.phase == Phase::Agree
                    && points_estimate(obs.hand, Self::trump(&obs))
                        < 2.0 * self.threshold(&obs) + 25.0
                {
                    HandjassAction::Agree
                } else {
                    HandjassAction::PlayOn
                }
            }
            HandjassAction::Weis { .. } => *legal.last().expect("legal"),
            HandjassAction::Play { .. } => {
                let cards: CardSet = decision.legal.played_cards();
                HandjassAction::Play {
                    card: self.play(&obs, cards),
                }
            }
            _ => legal[0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::Suit;

    #[test]
    fn strong_hands_are_worth_more_points() {
        let h = Mode::Trump(Suit::H);
        let strong: CardSet = "HJ H9 HA HK H10 SA SK D6 C7".parse().unwrap();
        let weak: CardSet = "H6 H7 SQ S9 D6 D8 C7 C9 C10".parse().unwrap();
        assert!(points_estimate(strong, h) > 60.0);
        assert!(points_estimate(weak, h) < 26.0);
    }

    #[test]
    fn staying_is_worth_it_with_a_good_hand_and_not_with_a_poor_one() {
        assert!(stay_value(60.0, 39.0, 4.0, 26.0, 1.0) > 0.5);
        assert!(stay_value(15.0, 39.0, 4.0, 26.0, 1.0) < 0.0);
        // More careful one stroke from the target.
        assert!(stay_value(30.0, 39.0, 3.0, 26.0, 1.4) < stay_value(30.0, 39.0, 3.0, 26.0, 1.0));
    }

    #[test]
    fn phi_is_a_distribution_function() {
        assert!((phi(0.0) - 0.5).abs() < 1e-6);
        assert!((phi(1.96) - 0.975).abs() < 1e-3);
        assert!(phi(-3.0) < 0.01);
    }
}

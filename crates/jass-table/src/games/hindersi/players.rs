//! Computer players for Hindersi: a rule player (duck under the card that heads the trick with the
//! card worth most, take a trick it cannot duck with the card worth least, lead what others must
//! head) and a sampling player (`jass_bots::card_play_sampling`: every legal card played out in
//! worlds that agree with what the seat has seen, the turned trump card in the dealer's hand,
//! read from the others' cards, everyone by the rule card play and in the last two tricks for
//! its own fewest points, the card with the fewest points of its own against the others' kept).

use jass_core::hindersi::{
    Hindersi, HindersiAction, HindersiObservation, HindersiOptions, RULES,
};
use jass_core::trick::legal_cards;
use jass_core::{Card, CardSet, Decision, Mode, Player};

use jass_bots::card_play_sampling::{CardPlaySampler, CardPlaySettings, Counting, PlayedOut};
use jass_bots::play_common::{heads, higher_out};

/// The rule card: `hand` holds the seat's cards, `trick` the cards played to the trick so far
/// (lead first), `gone` every card played in the deal (the trick's included), `last` whether the
/// seat plays last to the trick, `mode` the deal's trump.
pub fn rule_card(hand: CardSet, trick: &[Card], gone: CardSet, last: bool, mode: Mode) -> Card {
    let legal = legal_cards(hand, trick, mode, RULES);
    // The card points of a Hindersi deal in `mode` (a trump game: the Under 20, the Nell 14).
    let points = Counting::card_points(mode).points;
    let rank = |c: Card| u32::from(mode.trick_key(c, c.suit()));
    let best = |cards: CardSet, key: &dyn Fn(Card) -> (u32, u32)| {
        cards.iter().max_by_key(|&c| key(c)).expect("a card")
    };
    if trick.is_empty() {
        // Lead the card the most cards still out can head; of equals, the one worth least.
        return best(legal, &|c| {
            (higher_out(c, hand, gone, mode), 100 - points.card(c))
        });
    }
    let ducks = CardSet::from_cards(legal.iter().filter(|&c| !heads(trick, c, mode)));
    if !ducks.is_empty() {
        // Stay under and give away the card worth most (the highest of equals).
        return best(ducks, &|c| (points.card(c), rank(c)));
    }
    if last {
        // The trick is ours whatever we play: the card worth least, the highest of equals (it
        // would take a trick later).
        best(legal, &|c| (100 - points.card(c), rank(c)))
    } else {
        // Head it as low as we can, so that the others may still head it.
        best(legal, &|c| (100 - rank(c), 100 - points.card(c)))
    }
}

/// The rule card for the seat to play in `obs`.
fn rule_card_of(obs: &HindersiObservation) -> Card {
    let mode = obs.own.trump.expect("a trump during the play");
    rule_card(obs.hand, &obs.trick, obs.played_cards(), obs.plays_last(), mode)
}

/// The rule player.
#[derive(Clone, Debug, Default)]
pub struct RuleHindersi;

impl RuleHindersi {
    /// A rule player.
    pub fn new() -> Self {
        RuleHindersi
    }
}

impl Player<Hindersi> for RuleHindersi {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Hindersi>) -> HindersiAction {
        HindersiAction::Play {
            card: rule_card_of(&decision.observation()),
        }
    }
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingHindersi {
    sampler: CardPlaySampler,
}

impl SamplingHindersi {
    /// The default settings: 60 worlds a card, read from the others' cards (10% a card the rule
    /// card play does not explain, four drawn for each kept), the last two tricks of each
    /// play-out solved (+0.023 ± 0.003 marks a deal against the settings before, 400 games:
    /// docs/lab/2026-12-05-card-play-games.md).
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 60,
        infer: 10,
        infer_pool: 4,
        exact_tricks: 2,
    };

    /// A sampling player for a game of `options`, its worlds drawn from `seed`.
    pub fn new(_options: HindersiOptions, settings: CardPlaySettings, seed: u64) -> Self {
        SamplingHindersi {
            sampler: CardPlaySampler::new(settings, RULES, seed),
        }
    }
}

impl Player<Hindersi> for SamplingHindersi {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Hindersi>) -> HindersiAction {
        let obs = decision.observation();
        let n = obs.players as usize;
        let seat = obs.seat as usize;
        let mode = obs.own.trump.expect("a trump during the play");
        // The turned trump card is the dealer's until he plays it.
        let shown: Vec<(u8, CardSet)> = obs
            .own
            .trump_card
            .map(|c| (obs.dealer, CardSet::single(c)))
            .into_iter()
            .collect();
        // The points each seat writes for the deal: a seat that took every trick writes 0 and
        // each other 157.
        let written = |card_points: &[u32; 4], tricks: &[u8; 4]| {
            let all_tricks = (0..n).find(|&s| tricks[s] as usize == 36 / n).map(|s| s as u8);
            Hindersi::deal_points(n, card_points, all_tricks)
        };
        // The others' points against mine: the fewest points are best, and every point an other
        // writes counts in the race for the Partie's marks. Scaled by the players so that it
        // stays whole.
        let value = |out: &PlayedOut| {
            let written = written(&out.points, &out.tricks);
            let others: i64 = (0..n)
                .filter(|&s| s != seat)
                .map(|s| i64::from(written[s]))
                .sum();
            others - i64::from(written[seat]) * (n as i64 - 1)
        };
        // In the exact last tricks each seat writes as few points as it can.
        let fewest = |card_points: &[u32; 4], tricks: &[u8; 4]| -> [i32; 4] {
            let written = written(card_points, tricks);
            std::array::from_fn(|s| if s < n { -(written[s] as i32) } else { 0 })
        };
        let rule = |_seat, hand, trick: &[Card], gone, last, _mode| rule_card(hand, trick, gone, last, mode);
        let card = self.sampler.card(
            &obs,
            decision.legal,
            Counting::card_points(mode),
            &shown,
            &[],
            &rule,
            &value,
            Some(&fewest),
        );
        HindersiAction::Play { card }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::card_play_sampling::sum_over_deals;
    use jass_bots::RandomPlayer;

    /// Points each seat wrote over `deals` deals (the game restarted whenever it ends).
    fn points_over(
        players: &mut [Box<dyn Player<Hindersi>>],
        opts: HindersiOptions,
        deals: usize,
        seed: u64,
    ) -> Vec<u32> {
        sum_over_deals(players, opts, deals, seed, |score| score.points).unwrap()
    }

    #[test]
    fn the_rule_player_writes_fewer_points_than_random_players() {
        let opts = HindersiOptions::default();
        let mut players: Vec<Box<dyn Player<Hindersi>>> = vec![
            Box::new(RuleHindersi::new()),
            Box::new(RandomPlayer::new(1)),
            Box::new(RandomPlayer::new(2)),
            Box::new(RandomPlayer::new(3)),
        ];
        let points = points_over(&mut players, opts, 300, 7);
        let random_mean = f64::from(points[1] + points[2] + points[3]) / 3.0;
        assert!(
            f64::from(points[0]) < random_mean * 0.9,
            "rule {} against random {random_mean:.0} points in 300 deals",
            points[0]
        );
    }

    #[test]
    fn the_sampling_player_writes_fewer_points_than_rule_players() {
        for players_at_table in [3u8, 4] {
            let opts = HindersiOptions {
                players: players_at_table,
                ..Default::default()
            };
            let mut players: Vec<Box<dyn Player<Hindersi>>> = vec![Box::new(
                SamplingHindersi::new(
                    opts,
                    CardPlaySettings {
                        samples: 20,
                        ..SamplingHindersi::DEFAULT
                    },
                    5,
                ),
            )];
            for _ in 1..players_at_table {
                players.push(Box::new(RuleHindersi::new()));
            }
            let points = points_over(&mut players, opts, 60, 11);
            let others = f64::from(points[1..].iter().sum::<u32>()) / (points.len() - 1) as f64;
            assert!(
                f64::from(points[0]) < others,
                "{players_at_table} players: sampling {} against rule {others:.0} points",
                points[0]
            );
        }
    }
}

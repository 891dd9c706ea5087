//! Computer players for Mittlere: a rule player (a cheap trick first, then stay under every trick
//! and give its points away: the lowest score is the safest end) and a sampling player
//! (`jass_bots::card_play_sampling`: every legal card played out in worlds that agree with what the
//! seat has seen, read from the others' cards, the others by a rule card that takes cheap tricks
//! and ducks dear ones, the trump set by the first card off suit in the play-outs too, the last
//! three tricks solved once a trump is set, the card with the best marks kept).

use jass_core::mittlere::{
    card_value, Hundred, Mittlere, MittlereAction, MittlereObservation, MittlereOptions, Ranking,
    MAX_SEATS, RULES, UNSET,
};
use jass_core::trick::{legal_cards, mode_after_card};
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, UndenufeEleven};

use jass_bots::card_play_sampling::{CardPlaySampler, CardPlaySettings, Counting, PlayedOut};
use jass_bots::play_common::{heads, higher_out};

/// What a seat plays for in the rest of the deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Take tricks (to be the highest, or to have a trick at all), cheaply where it can.
    Take,
    /// Stay under the trick's best card (to be the lowest, or to stay below 100).
    Duck,
    /// Take a trick worth little, duck one worth much (the others in the play-outs, whose
    /// standing the rule card does not know).
    Cheap,
}

/// The rule card: `hand` holds the seat's cards, `trick` the cards played to the trick so far
/// (lead first), `gone` every card played in the deal (the trick's included), `last` whether the
/// seat plays last to the trick, `mode` the trump as it stands (Obenabe before it is set).
pub fn rule_card(
    hand: CardSet,
    trick: &[Card],
    gone: CardSet,
    last: bool,
    mode: Mode,
    aim: Aim,
) -> Card {
    let legal = legal_cards(hand, trick, mode, RULES);
    let value = |c: Card| card_value(c, mode.trump());
    let rank = |c: Card| u32::from(mode.trick_key(c, c.suit()));
    let pick = |cards: CardSet, key: &dyn Fn(Card) -> (u32, u32)| {
        cards.iter().max_by_key(|&c| key(c)).expect("a card")
    };
    let worth: u32 = trick.iter().map(|&c| value(c)).sum();
    let aim = match aim {
        Aim::Cheap if worth >= 10 => Aim::Duck,
        Aim::Cheap => Aim::Take,
        a => a,
    };
    if trick.is_empty() {
        return match aim {
            // Lead a card nothing still out can head; else the one worth least.
            Aim::Take => pick(legal, &|c| {
                (
                    u32::from(higher_out(c, hand, gone, mode) == 0),
                    100 - value(c),
                )
            }),
            // Lead the card the most cards still out can head; of equals, the one worth least.
            _ => pick(legal, &|c| {
                (higher_out(c, hand, gone, mode), 100 - value(c))
            }),
        };
    }
    // (Before a trump is set, a card off suit is ranked as the trump it makes.)
    let winners = CardSet::from_cards(
        legal
            .iter()
            .filter(|&c| heads(trick, c, mode_after_card(UNSET, mode, trick, c))),
    );
    let ducks = legal - winners;
    match aim {
        Aim::Take if !winners.is_empty() => {
            // Head it with the card worth least; of equals the highest when others follow.
            pick(winners, &|c| (100 - value(c), if last { 100 - rank(c) } else { rank(c) }))
        }
        // Nothing heads it: give the card worth least.
        Aim::Take => pick(legal, &|c| (100 - value(c), 100 - rank(c))),
        _ if !ducks.is_empty() => {
            // Stay under and give away the card worth most (to another seat's score: giving the
            // least measured -0.07 against random players, a throwaway build).
            pick(ducks, &|c| (value(c), rank(c)))
        }
        // The trick is ours whatever we play: the card worth least, the highest of equals.
        _ => pick(legal, &|c| (100 - value(c), rank(c))),
    }
}

/// What the seat that has taken `tricks` so far plays for: a cheap trick first (without one it
/// is marked down), then nothing more, giving its points to the others (the lowest score is
/// the safest end: it needs no other player's help and cannot pass 100). Measured against the
/// standing-driven aim (take while the highest, duck while the lowest, the nearer end from the
/// middle, duck from 80): +0.17 ± 0.01 against +0.06 ± 0.01 marks a deal over random players
/// (`jass arena rule random -g mittlere -n 1000 --seed 1`, a throwaway build with both).
pub fn aim(tricks: u8) -> Aim {
    if tricks == 0 {
        Aim::Cheap
    } else {
        Aim::Duck
    }
}

/// The rule card for the seat to play in `obs`.
fn rule_card_of(obs: &MittlereObservation) -> Card {
    let mode = obs.own.trump.unwrap_or(UNSET);
    let aim = aim(obs.own.tricks_taken[obs.seat as usize]);
    rule_card(obs.hand, &obs.trick, obs.played_cards(), obs.plays_last(), mode, aim)
}

/// The rule player.
#[derive(Clone, Debug, Default)]
pub struct RuleMittlere;

impl RuleMittlere {
    /// A rule player.
    pub fn new() -> Self {
        RuleMittlere
    }
}

impl Player<Mittlere> for RuleMittlere {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Mittlere>) -> MittlereAction {
        MittlereAction::Play {
            card: rule_card_of(&decision.observation()),
        }
    }
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingMittlere {
    options: MittlereOptions,
    sampler: CardPlaySampler,
}

impl SamplingMittlere {
    /// The default settings: 60 worlds a card, read from the others' cards (Hindersi's), the
    /// last three tricks of each play-out solved: +0.13 ± 0.02 marks a deal against two, 2.4 ms
    /// a card on average against 0.9 (`jass arena sampling:exact_tricks=3 sampling -g mittlere -n
    /// 200 --seed 3`; docs/lab/players-history-other-games.md, "Mittlere").
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 60,
        infer: 10,
        infer_pool: 4,
        exact_tricks: 3,
    };

    /// A sampling player for a game of `options`, its worlds drawn from `seed`.
    pub fn new(options: MittlereOptions, settings: CardPlaySettings, seed: u64) -> Self {
        SamplingMittlere {
            options,
            sampler: CardPlaySampler::new(settings, RULES, seed),
        }
    }
}

/// What the deal's marks are worth to each seat under `ranking` and `hundred`, from the points
/// and tricks each took (`None`: no trump was set, nothing written).
fn marks_worth(
    points: &[u32; 4],
    tricks: &[u8; 4],
    trump_set: bool,
    hundred: Hundred,
    ranking: Ranking,
) -> [i32; 4] {
    if !trump_set {
        return [0; 4];
    }
    let mut p = [0; MAX_SEATS];
    let mut t = [0; MAX_SEATS];
    p[..3].copy_from_slice(&points[..3]);
    t[..3].copy_from_slice(&tricks[..3]);
    let (_, striche, nuller) = Mittlere::marks(&p, &t, hundred);
    std::array::from_fn(|s| ranking.score(striche[s], nuller[s]) as i32)
}

impl Player<Mittlere> for SamplingMittlere {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Mittlere>) -> MittlereAction {
        let obs = decision.observation();
        let seat = obs.seat as usize;
        let (hundred, ranking) = (self.options.hundred, self.options.ranking);
        let mode = obs.own.trump.unwrap_or(UNSET);
        let counting = Counting {
            mode,
            until_trump: Some(UNSET),
            points: PointTable::new(mode, UndenufeEleven::Ace),
            last_bonus: jass_core::mode::LAST_TRICK_BONUS,
            trick_bonus: None,
        };
        // My marks against the others': a Strich of mine is worth as much as a Nuller of each
        // other player's (the ranking is a race).
        let value = |out: &PlayedOut| {
            let set = out.mode != UNSET;
            let worth = marks_worth(&out.points, &out.tricks, set, hundred, ranking);
            let others: i64 = (0..3).filter(|&s| s != seat).map(|s| i64::from(worth[s])).sum();
            2 * i64::from(worth[seat]) - others
        };
        // In the exact last tricks (a trump set) each seat plays for its own marks.
        let marks = |points: &[u32; 4], tricks: &[u8; 4]| -> [i32; 4] {
            marks_worth(points, tricks, true, hundred, ranking)
        };
        let rule = |_seat, hand, trick: &[Card], gone, last, mode| {
            rule_card(hand, trick, gone, last, mode, Aim::Cheap)
        };
        let card = self.sampler.card(
            &obs,
            decision.legal,
            counting,
            &[],
            &[],
            &rule,
            &value,
            Some(&marks),
        );
        MittlereAction::Play { card }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::card_play_sampling::sum_over_deals;
    use jass_bots::RandomPlayer;

    /// Net marks (Striche less Nuller) each seat wrote over `deals` deals: summed as Striche
    /// plus two less the Nuller (a deal writes at most two Nuller to a seat), less two a deal.
    fn marks_over(players: &mut [Box<dyn Player<Mittlere>>], deals: usize, seed: u64) -> Vec<i64> {
        let opts = MittlereOptions::default();
        let lifted = sum_over_deals(players, opts, deals, seed, |d| {
            std::array::from_fn(|s| d.striche[s] + 2 - d.nuller[s])
        })
        .unwrap();
        lifted.iter().map(|&x| i64::from(x) - 2 * deals as i64).collect()
    }

    #[test]
    fn the_aim_is_a_trick_then_nothing_more() {
        assert_eq!(aim(0), Aim::Cheap);
        assert_eq!(aim(1), Aim::Duck);
        assert_eq!(aim(7), Aim::Duck);
    }

    #[test]
    fn the_rule_card_sets_the_trump_it_means_to() {
        // No trump yet, hearts led, seat void of hearts: to take it, its cheapest card makes a
        // trump that heads the trick; to duck, it cannot (any card off suit heads it), so it gives
        // the card worth least.
        let hand: CardSet = "SA S6 DK".parse().unwrap();
        let trick: Vec<Card> = vec!["HA".parse().unwrap()];
        let take = rule_card(hand, &trick, CardSet::EMPTY, false, UNSET, Aim::Take);
        assert_eq!(take.to_string(), "S6");
        let duck = rule_card(hand, &trick, CardSet::EMPTY, false, UNSET, Aim::Duck);
        assert_eq!(duck.to_string(), "S6");
    }

    #[test]
    fn the_rule_player_writes_more_marks_than_random_players() {
        let mut players: Vec<Box<dyn Player<Mittlere>>> = vec![
            Box::new(RuleMittlere::new()),
            Box::new(RandomPlayer::new(1)),
            Box::new(RandomPlayer::new(2)),
        ];
        let marks = marks_over(&mut players, 600, 7);
        let random = (marks[1] + marks[2]) as f64 / 2.0;
        assert!(
            marks[0] as f64 > random + 30.0,
            "rule {} against random {random:.0} net marks in 600 deals",
            marks[0]
        );
    }

    #[test]
    fn the_sampling_player_writes_more_marks_than_rule_players() {
        let mut players: Vec<Box<dyn Player<Mittlere>>> = vec![
            Box::new(SamplingMittlere::new(
                MittlereOptions::default(),
                CardPlaySettings {
                    samples: 20,
                    ..SamplingMittlere::DEFAULT
                },
                5,
            )),
            Box::new(RuleMittlere::new()),
            Box::new(RuleMittlere::new()),
        ];
        let marks = marks_over(&mut players, 120, 11);
        let rule = (marks[1] + marks[2]) as f64 / 2.0;
        assert!(
            marks[0] as f64 > rule,
            "sampling {} against rule {rule:.0} net marks in 120 deals",
            marks[0]
        );
    }
}

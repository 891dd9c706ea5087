//! Computer players for Molotow: a rule player (Mittlere's ducking card: stay under every trick
//! and give away the card worth most; last to a trick, the card that costs least once the
//! trick's table meld is counted) and a sampling player (`jass_bots::card_play_sampling`: every
//! legal card played out in worlds that agree with what the seat has seen, read from the others'
//! cards, everyone by the rule card, the trump set by the first card off suit and the table melds
//! written in the play-outs too, the card with the fewest points of its own against the others'
//! kept).

use jass_core::molotow::{
    card_value, table_meld_points, MolotowAction, MolotowObservation, MolotowOptions,
    TableMelds, RULES, UNSET,
};
use jass_core::molotow::Molotow;
use jass_core::trick::{legal_cards, mode_after_card};
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, UndenufeEleven};

use jass_bots::card_play_sampling::{CardPlaySampler, CardPlaySettings, Counting, PlayedOut};
use jass_bots::play_common::heads;

use crate::games::mittlere::players::{rule_card as mittlere_card, Aim};

/// The rule card: `hand` holds the seat's cards, `trick` the cards played to the trick so far
/// (lead first), `gone` every card played in the deal (the trick's included), `last` whether the
/// seat plays last to the trick, `mode` the trump as it stands (Obenabe before it is set),
/// `melds` the table melds that count. Before the last card Mittlere's card that ducks; the last
/// card knows who takes the trick: of the cards that take it, the one that makes it cost least
/// (its points and its table meld), else of those that duck the one that gives most.
pub fn rule_card(
    hand: CardSet,
    trick: &[Card],
    gone: CardSet,
    last: bool,
    mode: Mode,
    melds: TableMelds,
) -> Card {
    if !last || trick.is_empty() {
        return mittlere_card(hand, trick, gone, last, mode, Aim::Duck);
    }
    let legal = legal_cards(hand, trick, mode, RULES);
    // What the trick writes to its taker once `c` is played (the trump `c` may set counted).
    let worth = |c: Card| {
        let now = mode_after_card(UNSET, mode, trick, c);
        let cards = CardSet::from_cards(trick.iter().copied().chain([c]));
        cards.iter().map(|x| card_value(x, now.trump())).sum::<u32>()
            + table_meld_points(cards, melds)
    };
    let takes = |c: Card| heads(trick, c, mode_after_card(UNSET, mode, trick, c));
    let rank = |c: Card| u32::from(mode.trick_key(c, c.suit()));
    let ducks = CardSet::from_cards(legal.iter().filter(|&c| !takes(c)));
    let pick = |cards: CardSet, key: &dyn Fn(Card) -> (u32, u32)| {
        cards.iter().max_by_key(|&c| key(c)).expect("a card")
    };
    if ducks.is_empty() {
        // The trick is ours whatever we play: the cost least, the highest of equals (it would
        // take a trick later).
        pick(legal, &|c| (1000 - worth(c), rank(c)))
    } else {
        // Stay under and give the taker the most.
        pick(ducks, &|c| (worth(c), rank(c)))
    }
}

/// The rule card for the seat to play in `obs`.
fn rule_card_of(obs: &MolotowObservation) -> Card {
    let mode = obs.own.trump.unwrap_or(UNSET);
    rule_card(
        obs.hand,
        &obs.trick,
        obs.played_cards(),
        obs.plays_last(),
        mode,
        obs.own.table_melds,
    )
}

/// The rule player.
#[derive(Clone, Debug, Default)]
pub struct RuleMolotow;

impl RuleMolotow {
    /// A rule player.
    pub fn new() -> Self {
        RuleMolotow
    }
}

impl Player<Molotow> for RuleMolotow {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Molotow>) -> MolotowAction {
        MolotowAction::Play {
            card: rule_card_of(&decision.observation()),
        }
    }
}

/// The keys of the sampling player's settings: its play-outs are played card by card to their
/// end (the solver of the exact last tricks counts points, not table melds), so it takes no
/// `exact_tricks`.
pub const SAMPLING_KNOWN: [&str; 3] = ["samples", "infer", "infer_pool"];

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingMolotow {
    options: MolotowOptions,
    sampler: CardPlaySampler,
}

impl SamplingMolotow {
    /// The default settings: Hindersi's and Mittlere's (60 worlds a card, read from the others'
    /// cards), no exact tricks.
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 60,
        infer: 10,
        infer_pool: 4,
        exact_tricks: 0,
    };

    /// A sampling player for a game of `options`, its worlds drawn from `seed`.
    pub fn new(options: MolotowOptions, settings: CardPlaySettings, seed: u64) -> Self {
        SamplingMolotow {
            options,
            sampler: CardPlaySampler::new(settings, RULES, seed),
        }
    }
}

/// The table melds of a trick's cards, every meld counted.
fn all_melds(cards: CardSet) -> u32 {
    table_meld_points(cards, TableMelds::All)
}

/// The table melds of a trick's cards, sequences alone counted.
fn sequences(cards: CardSet) -> u32 {
    table_meld_points(cards, TableMelds::Sequences)
}

impl Player<Molotow> for SamplingMolotow {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Molotow>) -> MolotowAction {
        let obs = decision.observation();
        let seat = obs.seat as usize;
        let melds = self.options.table_melds;
        let mode = obs.own.trump.unwrap_or(UNSET);
        let counting = Counting {
            mode,
            until_trump: Some(UNSET),
            points: PointTable::new(mode, UndenufeEleven::Ace),
            last_bonus: jass_core::mode::LAST_TRICK_BONUS,
            trick_bonus: Some(match melds {
                TableMelds::All => all_melds,
                TableMelds::Sequences => sequences,
            }),
        };
        // My points against the others' (the fewest win): a point of mine weighs as much as
        // the three others' together.
        let n = obs.players as usize;
        let value = |out: &PlayedOut| {
            let others: i64 = (0..n)
                .filter(|&s| s != seat)
                .map(|s| i64::from(out.points[s]))
                .sum();
            others - (n as i64 - 1) * i64::from(out.points[seat])
        };
        let rule = |_seat, hand, trick: &[Card], gone, last, mode| {
            rule_card(hand, trick, gone, last, mode, melds)
        };
        let card = self
            .sampler
            .card(&obs, decision.legal, counting, &[], &[], &rule, &value, None);
        MolotowAction::Play { card }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::card_play_sampling::sum_over_deals;
    use jass_bots::RandomPlayer;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    /// Points each seat wrote over `deals` deals.
    fn points_over(players: &mut [Box<dyn Player<Molotow>>], deals: usize, seed: u64) -> Vec<u32> {
        sum_over_deals(players, MolotowOptions::default(), deals, seed, |d| d.points).unwrap()
    }

    #[test]
    fn the_last_card_counts_the_table_meld() {
        let hearts = Mode::Trump(jass_core::Suit::H);
        // Clubs led, the CA takes so far: C8 and CQ both stay under; C8 makes 6 7 8 of clubs
        // (20 for the taker, more than the CQ's 3), so it gives the taker the most.
        let hand: CardSet = "C8 CQ".parse().unwrap();
        let card = rule_card(hand, &cards("C6 C7 CA"), CardSet::EMPTY, true, hearts, TableMelds::All);
        assert_eq!(card.to_string(), "C8");
        // Not last: Mittlere's duck, the card worth most.
        let card = rule_card(hand, &cards("C6 CA"), CardSet::EMPTY, false, hearts, TableMelds::All);
        assert_eq!(card.to_string(), "CQ");
        // Both take it: C9 makes 6 7 8 9 (50), CJ no meld (2 points): the CJ.
        let hand: CardSet = "C9 CJ".parse().unwrap();
        let card = rule_card(hand, &cards("C6 C7 C8"), CardSet::EMPTY, true, hearts, TableMelds::All);
        assert_eq!(card.to_string(), "CJ");
    }

    #[test]
    fn the_rule_player_writes_fewer_points_than_random_players() {
        let mut players: Vec<Box<dyn Player<Molotow>>> = vec![
            Box::new(RuleMolotow::new()),
            Box::new(RandomPlayer::new(1)),
            Box::new(RandomPlayer::new(2)),
            Box::new(RandomPlayer::new(3)),
        ];
        let points = points_over(&mut players, 400, 7);
        let random = f64::from(points[1] + points[2] + points[3]) / 3.0;
        assert!(
            f64::from(points[0]) < random * 0.8,
            "rule {} against random {random:.0} points in 400 deals",
            points[0]
        );
    }

    #[test]
    fn the_sampling_player_writes_fewer_points_than_rule_players() {
        let mut players: Vec<Box<dyn Player<Molotow>>> = vec![
            Box::new(SamplingMolotow::new(
                MolotowOptions::default(),
                CardPlaySettings {
                    samples: 20,
                    ..SamplingMolotow::DEFAULT
                },
                5,
            )),
            Box::new(RuleMolotow::new()),
            Box::new(RuleMolotow::new()),
            Box::new(RuleMolotow::new()),
        ];
        let points = points_over(&mut players, 120, 11);
        let rule = f64::from(points[1] + points[2] + points[3]) / 3.0;
        assert!(
            f64::from(points[0]) < rule,
            "sampling {} against rule {rule:.0} points in 120 deals",
            points[0]
        );
    }
}

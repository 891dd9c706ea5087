//! Computer players for Schellenjass: a rule player (duck under the card that heads the trick,
//! throw the game's suit when void, lead what others must head) and a sampling player
//! (`jass_bots::card_play_sampling`: every legal card played out in worlds that agree with what
//! the seat has seen, everyone by the rule card play and in the last three tricks for its own
//! lines, the card with the best lines kept).

use jass_core::schellenjass::{
    Schellenjass, SchellenjassAction, SchellenjassObservation, SchellenjassOptions,
};
use jass_core::trick::{legal_cards, trick_winner};
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, Suit, TrickRules};

use jass_bots::card_play_sampling::{CardPlaySampler, CardPlaySettings, Counting, PlayedOut};

/// Schellenjass is played without trump: every suit ranks as in Obenabe.
pub(super) const MODE: Mode = Mode::Obenabe;

/// Cards of `card`'s suit above it that neither `mine` nor `gone` holds: the cards still out
/// that could head it.
fn higher_out(card: Card, mine: CardSet, gone: CardSet) -> u32 {
    let lane = CardSet::suit(card.suit()).0;
    let above = lane & !((2u64 << card.index()) - 1);
    (above & !mine.0 & !gone.0).count_ones()
}

/// The rule card: `hand` holds the seat's cards, `trick` the cards played to the trick so far
/// (lead first), `gone` every card played in the deal (the trick's included), `last` whether the
/// seat plays last to the trick, `suit` the suit to avoid.
pub fn rule_card(hand: CardSet, trick: &[Card], gone: CardSet, last: bool, suit: Suit) -> Card {
    let legal = legal_cards(hand, trick, MODE, TrickRules::Strict);
    let by = |key: &dyn Fn(Card) -> (u32, u32)| {
        legal.iter().max_by_key(|&c| key(c)).expect("a legal card")
    };
    let Some(&lead) = trick.first() else {
        // Lead the card that most cards still out can head, the lowest of equals.
        return by(&|c| (higher_out(c, hand, gone), 8 - c.index() as u32 % 16));
    };
    let heading = trick[trick_winner(trick, MODE)];
    if legal.of_suit(lead.suit()).is_empty() {
        // Void: throw the game's suit onto another's trick, the highest first; otherwise the
        // card most likely to win a trick later (fewest cards out above it), the highest.
        if !legal.of_suit(suit).is_empty() {
            return by(&|c| (u32::from(c.suit() == suit), c.index() as u32 % 16));
        }
        return by(&|c| (8 - higher_out(c, hand, gone), c.index() as u32 % 16));
    }
    let under = CardSet(legal.0 & ((1u64 << heading.index()) - 1));
    if !under.is_empty() {
        // Duck with the highest card that stays under.
        return under.iter().last().expect("a card");
    }
    // Every card heads the trick: last to play, win with the highest (it cannot be headed); before
    // others, with the lowest, which they may still head.
    if last {
        legal.iter().last().expect("a card")
    } else {
        legal.first().expect("a card")
    }
}

/// The rule card for the seat to play in `obs`.
fn rule_card_of(obs: &SchellenjassObservation, suit: Suit) -> Card {
    rule_card(obs.hand, &obs.trick, obs.played_cards(), obs.plays_last(), suit)
}

/// The rule player.
#[derive(Clone, Debug)]
pub struct RuleSchellenjass {
    options: SchellenjassOptions,
}

impl RuleSchellenjass {
    /// A rule player for a game of `options`.
    pub fn new(options: SchellenjassOptions) -> Self {
        RuleSchellenjass { options }
    }
}

impl Player<Schellenjass> for RuleSchellenjass {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schellenjass>) -> SchellenjassAction {
        let card = rule_card_of(&decision.observation(), self.options.suit);
        SchellenjassAction::Play { card }
    }
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingSchellenjass {
    options: SchellenjassOptions,
    sampler: CardPlaySampler,
}

impl SamplingSchellenjass {
    /// The default settings: 100 worlds a card, drawn alike (reading the others' cards by the
    /// rule card play gained nothing measurable), the last three tricks of each play-out solved
    /// (+0.010 ± 0.003 lines a deal against the rule card play to the end, 2,000 games:
    /// docs/lab/2026-12-05-card-play-games.md).
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 100,
        infer: 100,
        infer_pool: 4,
        exact_tricks: 3,
    };

    /// A sampling player for a game of `options`, its worlds drawn from `seed`.
    pub fn new(options: SchellenjassOptions, settings: CardPlaySettings, seed: u64) -> Self {
        SamplingSchellenjass {
            options,
            sampler: CardPlaySampler::new(settings, TrickRules::Strict, seed),
        }
    }
}

impl Player<Schellenjass> for SamplingSchellenjass {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schellenjass>) -> SchellenjassAction {
        let obs = decision.observation();
        let n = obs.players as usize;
        let seat = obs.seat as usize;
        let suit = self.options.suit;
        // A seat's lines against the others' average, from the bells each took: every line
        // counts in the race to the target. Scaled by the players so that it stays whole.
        let ahead = |bells: &[u32; 4], s: usize| -> i64 {
            let bells: [u8; 4] = std::array::from_fn(|t| bells[t] as u8);
            let lines = Schellenjass::lines_for(&self.options, &bells);
            let others: i64 = (0..n).filter(|&t| t != s).map(|t| lines[t] as i64).sum();
            lines[s] as i64 * (n as i64 - 1) - others
        };
        // The play-outs count the bells as points (no last trick).
        let counting = Counting {
            until_trump: None,
            mode: MODE,
            points: PointTable::cards_of(suit),
            last_bonus: 0,
            trick_bonus: None,
        };
        let value = |out: &PlayedOut| ahead(&out.points, seat);
        // In the exact last tricks each seat plays for its own lines against the others'.
        let lines = |bells: &[u32; 4], _: &[u8; 4]| -> [i32; 4] {
            std::array::from_fn(|s| if s < n { ahead(bells, s) as i32 } else { 0 })
        };
        let rule = |_seat, hand, trick: &[Card], gone, last, _mode| rule_card(hand, trick, gone, last, suit);
        let card = self.sampler.card(
            &obs,
            decision.legal,
            counting,
            &[],
            &[],
            &rule,
            &value,
            Some(&lines),
        );
        SchellenjassAction::Play { card }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::card_play_sampling::sum_over_deals;
    use jass_bots::RandomPlayer;

    /// Lines each seat wrote over `deals` deals (the game restarted whenever it ends).
    fn lines_over(
        players: &mut [Box<dyn Player<Schellenjass>>],
        opts: SchellenjassOptions,
        deals: usize,
        seed: u64,
    ) -> Vec<u32> {
        sum_over_deals(players, opts, deals, seed, |score| score.lines).unwrap()
    }

    #[test]
    fn the_rule_player_writes_more_lines_than_random_players() {
        let opts = SchellenjassOptions::default();
        let mut players: Vec<Box<dyn Player<Schellenjass>>> = vec![
            Box::new(RuleSchellenjass::new(opts)),
            Box::new(RandomPlayer::new(1)),
            Box::new(RandomPlayer::new(2)),
            Box::new(RandomPlayer::new(3)),
        ];
        let lines = lines_over(&mut players, opts, 400, 7);
        let random_mean = (lines[1] + lines[2] + lines[3]) as f64 / 3.0;
        assert!(
            lines[0] as f64 > random_mean * 1.1,
            "rule {} against random {random_mean:.0} lines in 400 deals",
            lines[0]
        );
    }

    #[test]
    fn the_sampling_player_writes_more_lines_than_rule_players() {
        for players_at_table in [3u8, 4] {
            let opts = SchellenjassOptions {
                players: players_at_table,
                ..Default::default()
            };
            let mut players: Vec<Box<dyn Player<Schellenjass>>> = vec![Box::new(
                SamplingSchellenjass::new(
                    opts,
                    CardPlaySettings {
                        samples: 30,
                        ..SamplingSchellenjass::DEFAULT
                    },
                    5,
                ),
            )];
            for _ in 1..players_at_table {
                players.push(Box::new(RuleSchellenjass::new(opts)));
            }
            let lines = lines_over(&mut players, opts, 150, 11);
            let others = lines[1..].iter().sum::<u32>() as f64 / (lines.len() - 1) as f64;
            assert!(
                lines[0] as f64 > others,
                "{players_at_table} players: sampling {} against rule {others:.0} lines",
                lines[0]
            );
        }
    }
}

//! Computer players for Guggitaler: a rule player (in a deal that avoids its cards, stay under
//! every trick and throw the dear and the high cards away; in a deal that seeks them, take the
//! dear tricks) and a sampling player (`jass_bots::card_play_sampling`: every legal card played
//! out in worlds that agree with what the seat has seen, read from the others' cards, the others
//! by the rule card to the end, the card with the fewest points against the others' kept).

use jass_core::guggitaler::{
    Guggitaler, GuggitalerAction, GuggitalerObservation, GuggitalerOptions, Round, MODE, RULES,
};
use jass_core::trick::legal_cards;
use jass_core::{Card, CardSet, Decision, Mode, Player};

use jass_bots::card_play_sampling::{CardPlaySampler, CardPlaySettings, Counting, PlayedOut};
use jass_bots::play_common::{heads, higher_out};

/// The cards of `hand` the seat may play to `trick` in `round`: follow suit, else any card; a
/// lead without the suit `round` keeps from the lead while the hand holds another.
pub fn legal_in(round: &Round, hand: CardSet, trick: &[Card]) -> CardSet {
    let legal = legal_cards(hand, trick, MODE, RULES);
    if trick.is_empty() {
        round.leads(legal)
    } else {
        legal
    }
}

/// The rule card: `hand` holds the seat's cards, `trick` the cards played to the trick so far
/// (lead first), `gone` every card played in the deal (the trick's included), `last` whether the
/// seat plays last to the trick.
pub fn rule_card(round: &Round, hand: CardSet, trick: &[Card], gone: CardSet, last: bool) -> Card {
    let legal = legal_in(round, hand, trick);
    let tally = round.tally();
    // What a card costs in the deal (the tricks' own count aside).
    let cost = |c: Card| tally.per_point * tally.table.card(c);
    let rank = |c: Card| u32::from(MODE.trick_key(c, c.suit()));
    let pick = |cards: CardSet, key: &dyn Fn(Card) -> (u32, u32)| {
        cards.iter().max_by_key(|&c| key(c)).expect("a card")
    };
    if trick.is_empty() {
        return if round.seek {
            // Lead a card nothing still out can head, the dearest; else the cheapest.
            pick(legal, &|c| {
                let sure = higher_out(c, hand, gone, MODE) == 0;
                (u32::from(sure), if sure { cost(c) } else { 1000 - cost(c) })
            })
        } else {
            // Lead the card the most cards still out can head; of equals the cheapest, the lowest.
            pick(legal, &|c| {
                (higher_out(c, hand, gone, MODE), 1000 - cost(c) * 16 - rank(c))
            })
        };
    }
    let winners = CardSet::from_cards(legal.iter().filter(|&c| heads(trick, c, MODE)));
    let ducks = legal - winners;
    if round.seek {
        return if !winners.is_empty() {
            // Head it: last to play with the dearest card, else with the highest.
            pick(winners, &|c| if last { (cost(c), rank(c)) } else { (rank(c), cost(c)) })
        } else {
            // Nothing heads it: give the cheapest card, the lowest.
            pick(legal, &|c| (1000 - cost(c), 100 - rank(c)))
        };
    }
    if !ducks.is_empty() {
        // Stay under it, throwing the dearest card away, the highest of equals.
        pick(ducks, &|c| (cost(c), rank(c)))
    } else if last {
        // Every card takes it: the cheapest, the highest of equals (rid of a high card).
        pick(legal, &|c| (1000 - cost(c), rank(c)))
    } else {
        // Every card heads it so far: the cheapest, the lowest of equals (a later card may
        // head it yet).
        pick(legal, &|c| (1000 - cost(c), 100 - rank(c)))
    }
}

/// The rule card for the seat to play in `obs`.
fn rule_card_of(obs: &GuggitalerObservation) -> Card {
    rule_card(
        &obs.own.round,
        obs.hand,
        &obs.trick,
        obs.played_cards(),
        obs.plays_last(),
    )
}

/// The rule player.
#[derive(Clone, Debug, Default)]
pub struct RuleGuggitaler;

impl RuleGuggitaler {
    /// A rule player.
    pub fn new() -> Self {
        RuleGuggitaler
    }
}

impl Player<Guggitaler> for RuleGuggitaler {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Guggitaler>) -> GuggitalerAction {
        GuggitalerAction::Play {
            card: rule_card_of(&decision.observation()),
        }
    }
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingGuggitaler {
    players: usize,
    sampler: CardPlaySampler,
}

impl SamplingGuggitaler {
    /// The default settings: 60 worlds a card, read from the others' cards (Hindersi's), every
    /// play-out played to the end by the rule card. The last three tricks solved (where the lead
    /// is free) were no better and twice as slow: +0.72 ± 0.38 and +0.05 ± 0.36 penalty points a
    /// deal against none on seeds 1 and 2, two tricks +0.98 ± 0.40 on seed 3 (`jass arena` on 300
    /// games each; docs/lab/players-history-other-games.md, "Guggitaler").
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 60,
        infer: 10,
        infer_pool: 4,
        exact_tricks: 0,
    };

    /// A sampling player for a game of `options`, its worlds drawn from `seed`.
    pub fn new(options: GuggitalerOptions, settings: CardPlaySettings, seed: u64) -> Self {
        SamplingGuggitaler {
            players: usize::from(options.players),
            sampler: CardPlaySampler::new(settings, RULES, seed),
        }
    }
}

/// The cards each other seat cannot hold: in a deal that keeps a suit from the lead while the
/// hand holds another (004's roses), a seat that led the suit held nothing else then, and can
/// hold nothing else since.
fn ruled_out(round: &Round, obs: &GuggitalerObservation) -> Vec<(u8, CardSet)> {
    let Some(suit) = round.no_lead else {
        return Vec::new();
    };
    let leads = obs
        .tricks
        .iter()
        .map(|t| (t.leader, t.cards.first()))
        .chain(std::iter::once((obs.trick_leader, obs.trick.first())));
    leads
        .filter(|&(leader, lead)| leader != obs.seat && lead.is_some_and(|c| c.suit() == suit))
        .map(|(leader, _)| (leader, CardSet::ALL - CardSet::suit(suit)))
        .collect()
}

/// What `round` writes to each seat that took `points` (by its count's table, the last trick's
/// included) in `tricks` tricks.
fn written(round: &Round, points: &[u32; 4], tricks: &[u8; 4]) -> [i32; 4] {
    let tally = round.tally();
    std::array::from_fn(|s| round.written(tally.points(points[s], tricks[s])))
}

impl Player<Guggitaler> for SamplingGuggitaler {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Guggitaler>) -> GuggitalerAction {
        let obs = decision.observation();
        let seat = obs.seat as usize;
        let n = self.players;
        let round = obs.own.round;
        let tally = round.tally();
        let counting = Counting {
            mode: MODE,
            until_trump: None,
            points: tally.table,
            last_bonus: tally.last,
            trick_bonus: None,
        };
        // My points against the others': the fewest win, so a point of mine weighs as much as
        // a point of each other player's together.
        let value = |out: &PlayedOut| {
            let w = written(&round, &out.points, &out.tricks);
            let others: i64 = (0..n).filter(|&s| s != seat).map(|s| i64::from(w[s])).sum();
            others - (n as i64 - 1) * i64::from(w[seat])
        };
        // In the exact last tricks (`exact_tricks`, off by default) each seat plays for its
        // fewest points.
        let fewest = |points: &[u32; 4], tricks: &[u8; 4]| -> [i32; 4] {
            written(&round, points, tricks).map(|w| -w)
        };
        let rule = |_seat, hand, trick: &[Card], gone, last, _mode: Mode| {
            rule_card(&round, hand, trick, gone, last)
        };
        // The solver leads any card: where the lead is restricted, the play-outs play to the
        // end by the rule card.
        let exact = round.no_lead.is_none().then_some(&fewest as _);
        let ruled_out = ruled_out(&round, &obs);
        let card = self.sampler.card(
            &obs,
            decision.legal,
            counting,
            &[],
            &ruled_out,
            &rule,
            &value,
            exact,
        );
        GuggitalerAction::Play { card }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::card_play_sampling::sum_over_deals;
    use jass_bots::RandomPlayer;
    use jass_core::guggitaler::{Count, List};

    /// Points written to each seat over `deals` deals of the list under `opts`, lifted so that
    /// they add up as whole numbers (a credit is less than nothing).
    fn points_over(
        players: &mut [Box<dyn Player<Guggitaler>>],
        opts: GuggitalerOptions,
        deals: usize,
        seed: u64,
    ) -> Vec<i64> {
        const LIFT: i32 = 1000;
        let lifted = sum_over_deals(players, opts, deals, seed, |d| {
            std::array::from_fn(|s| (d.written[s] + LIFT) as u32)
        })
        .unwrap();
        lifted
            .iter()
            .map(|&x| i64::from(x) - i64::from(LIFT) * deals as i64)
            .collect()
    }

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn the_rule_card_ducks_and_throws_the_dear_cards_away() {
        let roses = List::Encyclopedia.round(1);
        assert_eq!(roses.count, Count::Cards);
        // Spades led, the seat holds SK and S6: it stays under the queen with the six.
        let trick: Vec<Card> = vec!["SQ".parse().unwrap()];
        let card = rule_card(&roses, cards("SK S6 HA"), &trick, CardSet::EMPTY, false);
        assert_eq!(card.to_string(), "S6");
        // Void of spades: it throws a rose away, the highest.
        let card = rule_card(&roses, cards("H6 HA DA"), &trick, CardSet::EMPTY, false);
        assert_eq!(card.to_string(), "HA");
        // Leading, no rose while it holds another suit, even the lowest rose.
        let card = rule_card(&roses, cards("H6 DA"), &[], CardSet::EMPTY, false);
        assert_eq!(card.to_string(), "DA");
        // In the deal that seeks the tricks, it heads the trick.
        let seek = List::JassWikiTen.round(6);
        assert!(seek.seek && seek.count == Count::Tricks);
        let card = rule_card(&seek, cards("SK S6 HA"), &trick, CardSet::EMPTY, true);
        assert_eq!(card.to_string(), "SK");
        // In the deal that seeks the Schellen, last to a trick nothing of its own heads (a
        // club ace): it keeps its Schellen card and gives the cheapest, the lowest.
        let schellen = List::JassWikiTen.round(7);
        assert!(schellen.seek && schellen.suit == Some(jass_core::Suit::D));
        let lead: Vec<Card> = vec!["CA".parse().unwrap()];
        let card = rule_card(&schellen, cards("D6 S6 HA"), &lead, CardSet::EMPTY, true);
        assert_eq!(card.to_string(), "S6");
        // Against a low Schellen lead it takes the trick, the dearest winner, the highest.
        let low: Vec<Card> = vec!["D7".parse().unwrap()];
        let card = rule_card(&schellen, cards("D6 DA DK"), &low, CardSet::EMPTY, true);
        assert_eq!(card.to_string(), "DA");
    }

    #[test]
    fn a_rose_led_from_roses_alone_rules_the_other_suits_out() {
        use jass_core::card_play_game::HandsDeal;
        use jass_core::Game;
        let mut g = Guggitaler::new(GuggitalerOptions::default()).unwrap();
        let hands = [
            "H6 H7 S6 S7 S8 D6 D7 D8 C6",
            "HA HK HQ HJ H10 H9 H8 SA SK",
            "SQ SJ S10 S9 DA DK DQ DJ D10",
            "D9 CA CK CQ CJ C10 C9 C8 C7",
        ]
        .map(cards);
        g.apply_deal(HandsDeal { hands }).unwrap();
        let play = |g: &mut Guggitaler, c: &str| {
            for c in c.split_whitespace() {
                g.apply(GuggitalerAction::Play {
                    card: c.parse().unwrap(),
                })
                .unwrap();
            }
        };
        // Seat 1 leads a spade while it holds one: nothing is ruled out.
        play(&mut g, "S6 SK SQ CA SA SJ C7 S7");
        let round = g.round();
        assert_eq!(ruled_out(&round, &g.observe(2)), vec![]);
        // Then a rose: it holds roses alone, for seat 2 and every other seat but itself.
        play(&mut g, "HA");
        let others = CardSet::ALL - CardSet::suit(jass_core::Suit::H);
        assert_eq!(ruled_out(&round, &g.observe(2)), vec![(1, others)]);
        assert_eq!(ruled_out(&round, &g.observe(1)), vec![]);
        // After the trick, still (it was led in a completed trick).
        play(&mut g, "DA CK H6");
        assert_eq!(ruled_out(&round, &g.observe(3)), vec![(1, others)]);
        // In a deal without the rule, nothing.
        assert_eq!(ruled_out(&List::Encyclopedia.round(2), &g.observe(3)), vec![]);
    }

    #[test]
    fn the_rule_player_writes_fewer_points_than_random_players() {
        let mut players: Vec<Box<dyn Player<Guggitaler>>> = vec![
            Box::new(RuleGuggitaler::new()),
            Box::new(RandomPlayer::new(1)),
            Box::new(RandomPlayer::new(2)),
            Box::new(RandomPlayer::new(3)),
        ];
        let points = points_over(&mut players, GuggitalerOptions::default(), 200, 7);
        let random = (points[1] + points[2] + points[3]) as f64 / 3.0;
        assert!(
            (points[0] as f64) < random * 0.8,
            "rule {} against random {random:.0} points in 200 deals",
            points[0]
        );
    }

    #[test]
    fn the_sampling_player_writes_fewer_points_than_rule_players() {
        for list in [List::Encyclopedia, List::JassWikiTen] {
            sampling_beats_rule(GuggitalerOptions { players: 3, list });
        }
    }

    /// The sampling player against two rule players over two games of `opts` (its avoided and,
    /// in JassWiki's ten, its sought deals).
    fn sampling_beats_rule(opts: GuggitalerOptions) {
        let mut players: Vec<Box<dyn Player<Guggitaler>>> = vec![
            Box::new(SamplingGuggitaler::new(
                opts,
                CardPlaySettings {
                    samples: 20,
                    ..SamplingGuggitaler::DEFAULT
                },
                5,
            )),
            Box::new(RuleGuggitaler::new()),
            Box::new(RuleGuggitaler::new()),
        ];
        let deals = 12 * opts.list.deals() as usize;
        let points = points_over(&mut players, opts, deals, 11);
        let rule = (points[1] + points[2]) as f64 / 2.0;
        assert!(
            (points[0] as f64) < rule,
            "{:?}: sampling {} against rule {rule:.0} points in {deals} deals",
            opts.list,
            points[0]
        );
    }
}

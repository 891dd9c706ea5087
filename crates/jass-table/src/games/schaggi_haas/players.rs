//! Computer players for Schaggi Haas: a rule player (it takes its talon when the four cards its
//! hand misses least are worth less than four unseen cards on average, lays those four away,
//! robs the turned card whenever the six lets it, and plays its cards by the point-taking play
//! without a partner, `jass_bots::play_common::solo_take_points`) and a sampling player (the
//! rule player's Bessern and robbing; its cards by play-outs in worlds that agree with what it
//! has seen, both players by the rule card, the card whose play-outs take the most points against
//! the other's kept).

use jass_bots::card_play_sampling::{
    card_worlds, sampled_card, CardPlaySettings, CardPlayView, Counting, Exact, PlayedOut,
};
use jass_bots::play_common::solo_take_points as rule_card;
use jass_bots::hand_value;
use jass_core::schaggi_haas::{
    SchaggiHaas, SchaggiHaasAction, SchaggiHaasObservation, SchaggiHaasOptions, SchaggiHaasPhase,
    HAND, RULES, SEATS, TALON,
};
use jass_core::schieber::Contract;
use jass_core::weis::{best_declaration, stoeck_cards, STOECK_POINTS};
use jass_core::{Card, CardSet, Decision, Mode, Player, Rank};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// What a hand of the play is worth to the rule player with `trump`: its card play by the
/// Schieber rules of thumb, its Stöck, and half its best melds (they count only if they are the
/// better at the table).
fn worth(hand: CardSet, mode: Mode, opts: &SchaggiHaasOptions) -> f64 {
    let mut w = hand_value(hand, Contract::Mode(mode));
    if let Some(rules) = opts.weis_rules() {
        w += 0.5 * f64::from(best_declaration(hand, mode, &rules).points(mode, &rules));
    }
    if let Mode::Trump(t) = mode {
        if opts.stoeck && hand.contains_all(stoeck_cards(t)) {
            w += f64::from(STOECK_POINTS);
        }
    }
    w
}

/// The card of `hand` the hand misses least.
fn least_missed(hand: CardSet, mode: Mode, opts: &SchaggiHaasOptions) -> Card {
    hand.iter()
        .max_by(|&a, &b| {
            let without = |c| worth(hand - CardSet::single(c), mode, opts);
            without(a).total_cmp(&without(b))
        })
        .expect("a card")
}

/// Whether the rule player takes its talon: the hand less the four cards it misses least, with
/// four cards drawn from those it has not seen (each card's gain to the eight kept, on average,
/// four times), is worth more than the hand as it is by `margin` (the rule player's
/// `talon_margin`).
fn takes_talon(
    hand: CardSet,
    unseen: CardSet,
    mode: Mode,
    opts: &SchaggiHaasOptions,
    margin: u32,
) -> bool {
    let mut kept = hand;
    for _ in 0..TALON {
        kept.remove(least_missed(kept, mode, opts));
    }
    let base = worth(kept, mode, opts);
    let n = unseen.len().max(1) as f64;
    let gain: f64 = unseen
        .iter()
        .map(|c| worth(kept | CardSet::single(c), mode, opts) - base)
        .sum::<f64>()
        / n;
    base + f64::from(TALON) * gain > worth(hand, mode, opts) + f64::from(margin)
}

/// How much more than the hand the talon must promise by default: nothing (against a margin of
/// 10: +0.64 ± 0.18 points a deal; lower margins, down to taking the talon always, the same
/// within ±0.1; never taking it: −44.6; `jass arena rule:talon_margin=… rule -g schaggi-haas -n
/// 400 --seed 1`, docs/lab/players-history-other-games.md).
pub const TALON_MARGIN: u32 = 0;

/// The cards no other hand can hold that the seat knows of: those played, the four it laid away
/// or looked at, and the turned card (or, robbed by the other, the six of trumps in its place).
fn known_out(obs: &SchaggiHaasObservation) -> CardSet {
    let mut out = obs.played_cards() | obs.laid_away;
    if let (Some(turned), Some(trump)) = (obs.trump_card, obs.trump) {
        match obs.robbed {
            None => out.insert(turned),
            Some(_) => out.insert(Card::new(trump, Rank::Six)),
        }
    }
    out
}

/// The rule player's action in `obs`, `legal` its legal actions.
fn rule_action(
    obs: &SchaggiHaasObservation,
    legal: &[SchaggiHaasAction],
    opts: &SchaggiHaasOptions,
    margin: u32,
) -> SchaggiHaasAction {
    let trump = obs.trump.expect("the trump card is turned");
    let mode = Mode::Trump(trump);
    match obs.phase {
        SchaggiHaasPhase::Bessern => {
            let unseen = CardSet::ALL - obs.hand - known_out(obs);
            if takes_talon(obs.hand, unseen, mode, opts, margin) {
                SchaggiHaasAction::Bessern
            } else {
                SchaggiHaasAction::KeepHand
            }
        }
        SchaggiHaasPhase::Discard => SchaggiHaasAction::Discard {
            card: least_missed(obs.hand, mode, opts),
        },
        _ => {
            if legal.contains(&SchaggiHaasAction::ExchangeSix) {
                let turned = obs.trump_card.expect("the turned card");
                let robbed = (obs.hand - CardSet::single(Card::new(trump, Rank::Six)))
                    | CardSet::single(turned);
                if worth(robbed, mode, opts) >= worth(obs.hand, mode, opts) {
                    return SchaggiHaasAction::ExchangeSix;
                }
            }
            SchaggiHaasAction::Play {
                card: rule_card(
                    usize::from(obs.seat),
                    SEATS,
                    obs.hand,
                    &obs.trick,
                    known_out(obs),
                    mode,
                ),
            }
        }
    }
}

/// The rule player.
#[derive(Clone, Debug)]
pub struct RuleSchaggiHaas {
    opts: SchaggiHaasOptions,
    margin: u32,
}

impl RuleSchaggiHaas {
    /// A rule player for a game with these options, taking its talon by `margin`.
    pub fn new(opts: SchaggiHaasOptions, margin: u32) -> Self {
        RuleSchaggiHaas { opts, margin }
    }
}

impl Player<SchaggiHaas> for RuleSchaggiHaas {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, SchaggiHaas>) -> SchaggiHaasAction {
        rule_action(
            &decision.observation(),
            &decision.legal.to_vec(),
            &self.opts,
            self.margin,
        )
    }
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingSchaggiHaas {
    opts: SchaggiHaasOptions,
    settings: CardPlaySettings,
    margin: u32,
    rng: Xoshiro256PlusPlus,
}

impl SamplingSchaggiHaas {
    /// The default settings: Zuger's (the other game of twelve-card hands played by the same rule
    /// card: 100 worlds a card, the other's cards read from 100 worlds of 4 cards) with the last
    /// three tricks solved exactly (against none: +2.62 ± 0.46 points a deal, `jass arena
    /// sampling:exact_tricks=3 sampling:exact_tricks=0 -g schaggi-haas -n 200 --seed 1`;
    /// docs/lab/players-history-other-games.md, "Schaggi Haas").
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 100,
        infer: 100,
        infer_pool: 4,
        exact_tricks: 3,
    };
    /// A sampling player with these settings, taking its talon by `margin` as the rule player,
    /// its worlds drawn from `seed`.
    pub fn new(opts: SchaggiHaasOptions, settings: CardPlaySettings, margin: u32, seed: u64) -> Self {
        SamplingSchaggiHaas {
            opts,
            settings,
            margin,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    fn card(&mut self, obs: &SchaggiHaasObservation, legal: CardSet) -> Card {
        let trump = obs.trump.expect("a trump");
        let mode = Mode::Trump(trump);
        let me = usize::from(obs.seat);
        let cards: Vec<Card> = legal.iter().collect();
        if cards.len() < 2 {
            return cards[0];
        }
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        // What the seat has seen of the other's cards: the turned card he robbed, the melds he
        // showed after the first trick.
        let other = 1 - obs.seat;
        let mut shown: Vec<(u8, CardSet)> = obs
            .melds
            .iter()
            .filter(|m| m.seat == other)
            .map(|m| (m.seat, m.weis.cards()))
            .collect();
        if let (Some(r), Some(turned)) = (obs.robbed, obs.trump_card) {
            if r == other {
                shown.push((other, CardSet::single(turned)));
            }
        }
        // The cards out of play that the seat knows are in no hand; the stock and the other's
        // four stay unseen, among the cards the worlds deal.
        let dead = obs.laid_away
            | match (obs.robbed, obs.trump_card) {
                (None, Some(turned)) => CardSet::single(turned),
                _ => CardSet::single(Card::new(trump, Rank::Six)),
            };
        let view = CardPlayView {
            seats: SEATS,
            seat: me,
            hand: obs.hand,
            completed: &completed,
            trick_leader: obs.trick_leader,
            trick: &obs.trick,
            shown: &shown,
            ruled_out: &[],
            counting: Counting::card_points(mode),
            rules: RULES,
            pack: CardSet::ALL - dead,
            per_seat: HAND,
        };
        let gone = dead;
        let rule = |p: usize, h, t: &[Card], g: CardSet, _l, m| rule_card(p, SEATS, h, t, g | gone, m);
        let worlds = card_worlds(&view, &self.settings, &mut self.rng, &rule);
        // Melds and Stöck are fixed by the hands: what a play-out changes is the card points, of
        // each player against the other's.
        let value = |out: &PlayedOut| i64::from(out.points[me]) - i64::from(out.points[1 - me]);
        let utility = |points: &[u32; 4], _tricks: &[u8; 4]| -> [i32; 4] {
            let d = points[0] as i32 - points[1] as i32;
            [d, -d, 0, 0]
        };
        let exact = Exact {
            tricks: self.settings.exact_tricks,
            utility: &utility,
        };
        let exact = (self.settings.exact_tricks > 0).then_some(&exact);
        sampled_card(&view, &cards, &worlds, &rule, &value, exact).unwrap_or(cards[0])
    }
}

impl Player<SchaggiHaas> for SamplingSchaggiHaas {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, SchaggiHaas>) -> SchaggiHaasAction {
        let obs = decision.observation();
        let legal = decision.legal.to_vec();
        match obs.phase {
            SchaggiHaasPhase::Play if !legal.contains(&SchaggiHaasAction::ExchangeSix) => {
                SchaggiHaasAction::Play {
                    card: self.card(&obs, decision.legal.played_cards()),
                }
            }
            _ => rule_action(&obs, &legal, &self.opts, self.margin),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::RandomPlayer;
    use jass_core::record::play_seeded;

    /// Points of `a` and of `b` over `games` whole games to 300, `a` in each seat in turn.
    fn sum_over_games(
        games: u64,
        a: &dyn Fn(u64) -> Box<dyn Player<SchaggiHaas>>,
        b: &dyn Fn(u64) -> Box<dyn Player<SchaggiHaas>>,
    ) -> (i64, i64) {
        let opts = SchaggiHaasOptions {
            target: 300,
            ..SchaggiHaasOptions::default()
        };
        let (mut mine, mut theirs) = (0, 0);
        for g in 0..games {
            let seat = (g % 2) as usize;
            let mut players: Vec<Box<dyn Player<SchaggiHaas>>> = (0..2)
                .map(|s| if s == seat { a(g * 10 + s as u64) } else { b(g * 10 + s as u64) })
                .collect();
            let rec = play_seeded(opts, 1000 + g, &mut players, &mut |_| {}).expect("a game");
            let totals = &rec.result.totals;
            mine += i64::from(totals[seat]);
            theirs += i64::from(totals[1 - seat]);
        }
        (mine, theirs)
    }

    #[test]
    fn the_rule_player_keeps_a_strong_hand_and_betters_a_weak_one() {
        let opts = SchaggiHaasOptions::default();
        let mode = Mode::Trump(jass_core::Suit::H);
        // Hearts trump: nine trumps and three side Aces keep their hand; Sixes, Sevens and Eights
        // of the side suits take their talon.
        let strong: CardSet = "HJ H9 HA HK HQ H10 H8 H7 H6 DA SA CA".parse().unwrap();
        let weak: CardSet = "D6 D7 D8 S6 S7 S8 C6 C7 C8 DJ SJ CJ".parse().unwrap();
        let unseen = |h: CardSet| CardSet::ALL - h - "HQ".parse::<CardSet>().unwrap();
        assert!(!takes_talon(strong, unseen(strong), mode, &opts, TALON_MARGIN));
        assert!(takes_talon(weak, unseen(weak), mode, &opts, TALON_MARGIN));
        // The weak hand lays away four of its own cards.
        let mut kept = weak;
        for _ in 0..TALON {
            let c = least_missed(kept, mode, &opts);
            assert!(kept.contains(c));
            kept.remove(c);
        }
        assert_eq!(kept.len(), HAND - TALON);
    }

    #[test]
    fn the_rule_player_takes_more_points_than_random_players() {
        let rule = |_| -> Box<dyn Player<SchaggiHaas>> {
            Box::new(RuleSchaggiHaas::new(SchaggiHaasOptions::default(), TALON_MARGIN))
        };
        let random = |s| -> Box<dyn Player<SchaggiHaas>> { Box::new(RandomPlayer::new(s)) };
        let (mine, theirs) = sum_over_games(40, &rule, &random);
        assert!(mine > theirs, "rule {mine} against random {theirs}");
    }

    #[test]
    fn the_sampling_player_takes_more_points_than_rule_players() {
        let sampling = |s| -> Box<dyn Player<SchaggiHaas>> {
            Box::new(SamplingSchaggiHaas::new(
                SchaggiHaasOptions::default(),
                CardPlaySettings {
                    samples: 16,
                    ..SamplingSchaggiHaas::DEFAULT
                },
                TALON_MARGIN,
                s,
            ))
        };
        let rule = |_| -> Box<dyn Player<SchaggiHaas>> {
            Box::new(RuleSchaggiHaas::new(SchaggiHaasOptions::default(), TALON_MARGIN))
        };
        let (mine, theirs) = sum_over_games(30, &sampling, &rule);
        assert!(mine > theirs, "sampling {mine} against rule {theirs}");
    }
}

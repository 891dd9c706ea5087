//! Computer players for Zuger: a rule player (it forces whenever it may, plays a hand whose
//! expected points are worth more than the hole costs, else says `maybe` while nobody stays; its cards
//! by the Schieber rule player's point-taking play without a partner,
//! `jass_bots::play_common::take_points`) and a sampling player (the rule player's force and
//! call; its cards by play-outs in worlds that agree with what it has seen, everyone by the rule
//! card, the card whose play-outs write it the most against the others kept).
//!
//! The players see the card play as the trick-play core does: the playing seats as places 0,
//! 1, 2 from the first after the dealer.

use jass_core::weis::{best_declaration, stoeck_cards, STOECK_POINTS};
use jass_core::zuger::{
    Zuger, ZugerAction, ZugerCall, ZugerObservation, ZugerOptions, ZugerPhase, HAND, WEIS_RULES,
};
use jass_core::{Card, CardSet, Decision, Mode, Player, TrickRules};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use jass_bots::card_play_sampling::{
    card_worlds, sampled_card, CardPlaySettings, CardPlayView, Counting, Exact, PlayedOut,
};
use jass_bots::play_common::solo_take_points as rule_card;
use jass_bots::handjass_estimate::{phi, points_estimate, SPREAD};

/// What `hand` may count with trump `trump`: its card points by Handjass's estimate (twelve
/// cards), its Stöck and half its melds (they count only if they are the best at the table).
pub fn counted_estimate(hand: CardSet, trump: jass_core::Suit) -> f64 {
    let mode = Mode::Trump(trump);
    let melds = best_declaration(hand, mode, &WEIS_RULES).points(mode, &WEIS_RULES);
    let stoeck = if hand.contains_all(stoeck_cards(trump)) {
        STOECK_POINTS
    } else {
        0
    };
    points_estimate(hand, mode) + f64::from(stoeck) + 0.5 * f64::from(melds)
}

/// What playing a deal counted at `est` is worth in points written: its tenths out of the hole,
/// the hole's −10 in it.
fn stay_worth(est: f64, hole: u32) -> f64 {
    let p_hole = phi((f64::from(hole) - est) / SPREAD);
    (1.0 - p_hole) * est / 10.0 - 10.0 * p_hole
}

/// The call of a seat whose play is worth `worth` (points written; folding writes 0): the last
/// to speak after everyone else folded plays alone (10 without play); else it stays when
/// playing is worth more than nothing; else, while nobody has stayed, it says `maybe` (should
/// the others fold, it plays alone for 10), and folds otherwise.
fn call_of(obs: &ZugerObservation, worth: f64, maybe: bool) -> ZugerAction {
    let last = obs.calls.len() + 1 == obs.active.len();
    let others_folded = obs.calls.iter().all(|&(_, c)| c == ZugerCall::Fold);
    if last && others_folded {
        return ZugerAction::Stay;
    }
    if worth > 0.0 {
        ZugerAction::Stay
    } else if maybe && obs.calls.iter().all(|&(_, c)| c != ZugerCall::Stay) {
        // Nobody stays yet: if the others fold, a maybe plays alone for 10.
        ZugerAction::Maybe
    } else {
        ZugerAction::Fold
    }
}

/// The cards the seat at `place` has played this deal.
fn played_by(obs: &ZugerObservation, place: usize) -> CardSet {
    let seats = obs.playing.len().max(1);
    let at = |leader: u8, i: usize| (obs.place_of(leader).unwrap_or(0) + i) % seats;
    let done = obs.tricks.iter().flat_map(|t| {
        t.cards
            .iter()
            .enumerate()
            .map(move |(i, &c)| (at(t.leader, i), c))
    });
    let now = obs
        .trick
        .iter()
        .enumerate()
        .map(|(i, &c)| (at(obs.trick_leader, i), c));
    done.chain(now)
        .filter(|&(p, _)| p == place)
        .map(|(_, c)| c)
        .collect()
}

/// The rule player's action in `obs` (also the sampling player's where it plays by rule).
fn rule_action(obs: &ZugerObservation, opts: &ZugerOptions) -> ZugerAction {
    let trump = obs.trump.expect("the trump card is turned");
    match obs.phase {
        // The fewest points want every chance that the others fall into the hole.
        ZugerPhase::Force => ZugerAction::Force,
        ZugerPhase::Decide => {
            let worth = stay_worth(counted_estimate(obs.hand, trump), opts.hole);
            call_of(obs, worth, opts.maybe)
        }
        _ => {
            let place = obs.place_of(obs.seat).expect("a playing seat");
            ZugerAction::Play {
                card: rule_card(
                    place,
                    obs.playing.len(),
                    obs.hand,
                    &obs.trick,
                    obs.played_cards(),
                    Mode::Trump(trump),
                ),
            }
        }
    }
}

/// The rule player.
#[derive(Clone, Debug)]
pub struct RuleZuger {
    opts: ZugerOptions,
}

impl RuleZuger {
    /// A rule player for a game with these options.
    pub fn new(opts: ZugerOptions) -> Self {
        RuleZuger { opts }
    }
}

impl Player<Zuger> for RuleZuger {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Zuger>) -> ZugerAction {
        rule_action(&decision.observation(), &self.opts)
    }
}

/// What a deal counted as `counted` (card points, melds, Stöck) with `tricks` writes, in points
/// (not tenths, so that play-outs tell 58 from 52): the hole's −100 under `hole`, a Matsch 100
/// more.
fn measure(counted: u32, tricks: u8, hole: u32) -> i64 {
    let base = if counted < hole {
        -100
    } else {
        i64::from(counted)
    };
    base + if u32::from(tricks) == HAND { 100 } else { 0 }
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingZuger {
    opts: ZugerOptions,
    settings: CardPlaySettings,
    rng: Xoshiro256PlusPlus,
}

impl SamplingZuger {
    /// The default settings: 100 worlds a card (against 40: +0.12 ± 0.05 points a deal), no
    /// reading of the others' cards (reading them: −0.07 ± 0.06), no exact last tricks (two:
    /// +0.05 ± 0.06) (`jass arena … -g zuger -n 200`; docs/lab/players-history-other-games.md,
    /// "Zuger").
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 100,
        infer: 100,
        infer_pool: 4,
        exact_tricks: 0,
    };
    /// A sampling player with these settings, its worlds drawn from `seed`.
    pub fn new(opts: ZugerOptions, settings: CardPlaySettings, seed: u64) -> Self {
        SamplingZuger {
            opts,
            settings,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    fn card(&mut self, obs: &ZugerObservation, legal: CardSet) -> Card {
        let trump = obs.trump.expect("a trump");
        let mode = Mode::Trump(trump);
        let seats = obs.playing.len();
        let place = obs.place_of(obs.seat).expect("a playing seat");
        let cards: Vec<Card> = legal.iter().collect();
        if cards.len() < 2 {
            return cards[0];
        }
        let place_of = |seat: u8| obs.place_of(seat).unwrap_or(0) as u8;
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (place_of(t.leader), t.cards.as_slice()))
            .collect();
        // What everyone has seen: the melds shown after the first trick and the trump card in
        // its holder's hand; a trump card whose holder folded lies out of play.
        let trump_card = obs.trump_card.expect("a trump card");
        let holder = *obs.active.last().expect("an active seat");
        let mut shown: Vec<(u8, CardSet)> = obs
            .melds
            .iter()
            .map(|m| (place_of(m.seat), m.weis.cards()))
            .collect();
        let mut pack = CardSet::ALL;
        match obs.place_of(holder) {
            Some(p) => shown.push((p as u8, CardSet::single(trump_card))),
            None => pack = pack - CardSet::single(trump_card),
        }
        let view = CardPlayView {
            seats,
            seat: place,
            hand: obs.hand,
            completed: &completed,
            trick_leader: place_of(obs.trick_leader),
            trick: &obs.trick,
            shown: &shown,
            ruled_out: &[],
            counting: Counting::card_points(mode),
            rules: TrickRules::Strict,
            pack,
            per_seat: HAND,
        };
        let rule = |p: usize, h, t: &[Card], g, _l, m| rule_card(p, seats, h, t, g, m);
        let worlds = card_worlds(&view, &self.settings, &mut self.rng, &rule);
        // The melds are written once the first trick is over; before, a seat counts its own.
        let melds_of = |p: usize| -> u32 {
            match obs.melds {
                Some(m) if place_of(m.seat) as usize == p => obs.deal_tally.melds[m.seat as usize]
                    .max(m.weis.points(mode, &WEIS_RULES)),
                _ => 0,
            }
        };
        // Its Stöck: the King and Queen of trumps in its hand as dealt (its cards and those it
        // has played).
        let dealt = obs.hand | played_by(obs, place);
        let stoeck = if dealt.contains_all(stoeck_cards(trump)) {
            STOECK_POINTS
        } else {
            0
        };
        let hole = self.opts.hole;
        // Each place's written points against the others' (every player for himself).
        let against = |points: &[u32; 4], tricks: &[u8; 4], me: usize| -> i64 {
            let of = |p: usize| {
                let extra = melds_of(p) + if p == place { stoeck } else { 0 };
                measure(points[p] + extra, tricks[p], hole)
            };
            let others: i64 = (0..seats).filter(|&p| p != me).map(of).sum();
            of(me) * (seats as i64 - 1) - others
        };
        let value = |out: &PlayedOut| against(&out.points, &out.tricks, place);
        let utility = |points: &[u32; 4], tricks: &[u8; 4]| -> [i32; 4] {
            std::array::from_fn(|p| {
                if p < seats {
                    against(points, tricks, p) as i32
                } else {
                    0
                }
            })
        };
        let exact = Exact {
            tricks: self.settings.exact_tricks,
            utility: &utility,
        };
        let exact = (self.settings.exact_tricks > 0).then_some(&exact);
        sampled_card(&view, &cards, &worlds, &rule, &value, exact).unwrap_or(cards[0])
    }
}

impl Player<Zuger> for SamplingZuger {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Zuger>) -> ZugerAction {
        let obs = decision.observation();
        match obs.phase {
            ZugerPhase::Play => {
                let legal: CardSet = decision.legal.played_cards();
                ZugerAction::Play {
                    card: self.card(&obs, legal),
                }
            }
            _ => rule_action(&obs, &self.opts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::RandomPlayer;
    use jass_core::record::play_seeded;

    fn sum_over_games(
        opts: ZugerOptions,
        games: u64,
        a: &dyn Fn(u64) -> Box<dyn Player<Zuger>>,
        b: &dyn Fn(u64) -> Box<dyn Player<Zuger>>,
    ) -> (i64, i64) {
        let n = opts.players as usize;
        let (mut mine, mut theirs) = (0, 0);
        for g in 0..games {
            let seat = (g % n as u64) as usize;
            let mut players: Vec<Box<dyn Player<Zuger>>> = (0..n)
                .map(|s| if s == seat { a(g * 10 + s as u64) } else { b(g * 10 + s as u64) })
                .collect();
            let rec = play_seeded(opts, 1000 + g, &mut players, &mut |_| {}).expect("a game");
            let totals = &rec.result.totals;
            mine += totals[seat];
            theirs += totals.iter().sum::<i64>() - totals[seat];
        }
        (mine, theirs / (n as i64 - 1))
    }

    #[test]
    fn the_rule_call_weighs_the_hole_and_plays_alone_when_it_may() {
        use jass_core::zuger::ZugerDeal;
        use jass_core::Game;
        // Hearts trump (HJ turned, seat 2's last card). Seat 0: the Nell, four Aces and four
        // Kings, well out of the hole; seat 1: Sixes, Eights and Unders without a meld, short
        // of 21 by its estimate.
        let strong: CardSet = "H9 HA HK DA DK SA SK CA CK D10 S10 C10".parse().unwrap();
        let weak: CardSet = "D6 D8 DJ DQ S6 S8 SJ C6 C8 CJ H6 H8".parse().unwrap();
        let rest = CardSet::ALL - strong - weak;
        let trump_card: Card = "HJ".parse().unwrap();
        assert!(rest.contains(trump_card));
        assert!(stay_worth(counted_estimate(strong, jass_core::Suit::H), 21) > 3.0);
        assert!(stay_worth(counted_estimate(weak, jass_core::Suit::H), 21) < 0.0);
        let opts = ZugerOptions::default();
        let mut g = Zuger::new(opts).unwrap();
        g.deal(ZugerDeal {
            hands: [strong, weak, rest, CardSet::EMPTY],
            trump_card,
        })
        .unwrap();
        let mut rule = RuleZuger::new(opts);
        let mut act = |g: &Zuger| {
            let mut legal = jass_core::ActionList::new();
            g.legal_actions(&mut legal);
            let seat = g.to_move().seat_to_act().unwrap() as usize;
            rule.act(&Decision::new(g, seat, &legal))
        };
        // Seat 0 stays; seat 1, after a stay, folds rather than say maybe.
        assert_eq!(act(&g), ZugerAction::Stay);
        let mut stayed = g;
        stayed.apply(ZugerAction::Stay).unwrap();
        assert_eq!(act(&stayed), ZugerAction::Fold);
        // Had seat 0 folded, seat 1 says maybe: should seat 2 fold too, it plays alone for 10.
        g.apply(ZugerAction::Fold).unwrap();
        assert_eq!(act(&g), ZugerAction::Maybe);
        g.apply(ZugerAction::Fold).unwrap();
        // Seat 2 speaks last after two folds: it plays alone.
        assert_eq!(act(&g), ZugerAction::Stay);
    }

    #[test]
    fn the_rule_card_takes_points_every_player_for_himself() {
        let mode = Mode::Trump(jass_core::Suit::H);
        // A plain Ace led and a Ten on it: the last of three trumps the trick with its lowest
        // trump rather than give its own Ace.
        let trick: Vec<Card> = vec!["DA".parse().unwrap(), "D10".parse().unwrap()];
        let card = rule_card(2, 3, "H6 HJ SA".parse().unwrap(), &trick, CardSet::EMPTY, mode);
        assert_eq!(card.to_string(), "H6");
    }

    #[test]
    fn the_rule_player_writes_more_than_random_players() {
        let opts = ZugerOptions::default();
        let rule = |_| -> Box<dyn Player<Zuger>> { Box::new(RuleZuger::new(opts)) };
        let random = |s| -> Box<dyn Player<Zuger>> {
            Box::new(RandomPlayer::new(s))
        };
        let (mine, theirs) = sum_over_games(opts, 60, &rule, &random);
        assert!(mine > theirs, "rule {mine} against random {theirs}");
    }

    #[test]
    fn the_sampling_player_writes_more_than_rule_players() {
        let opts = ZugerOptions::default();
        let sampling = |s| -> Box<dyn Player<Zuger>> {
            Box::new(SamplingZuger::new(
                opts,
                CardPlaySettings {
                    samples: 16,
                    ..SamplingZuger::DEFAULT
                },
                s,
            ))
        };
        let rule = |_| -> Box<dyn Player<Zuger>> { Box::new(RuleZuger::new(opts)) };
        let (mine, theirs) = sum_over_games(opts, 30, &sampling, &rule);
        assert!(mine > theirs, "sampling {mine} against rule {theirs}");
    }
}

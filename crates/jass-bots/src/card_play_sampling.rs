//! The sampling card choice of a game whose deal is card play alone (no Weis or auction left to
//! read), for two to four seats, written once: every legal card is played out in worlds that
//! agree with what the seat has seen ([`seat_knowledge`]), everyone by the game's rule card, and
//! the card whose play-outs the game values best is kept. A game gives two hooks: its rule card
//! ([`RuleCard`]) and its objective (a value of a [`PlayedOut`] deal for the deciding seat).
//! The sampling players of the card-play games ([`jass_core::card_play_game`]) are a
//! [`CardPlaySampler`] with these hooks: Schellenjass's values its lines, Hindersi's its points.

use jass_core::card_play_action::CardPlayAction;
use jass_core::card_play_game::{CardPlayGame, CardPlayObservation, CardPlayRules};
use jass_core::deal::SeededDealer;
use jass_core::game::{play_turn, ActionList, Game, Player, ToMove};
use jass_core::trick::trick_winner;
use jass_core::trick_play::AnyTrickPlay;
use jass_core::{Card, CardSet, Mode, PointTable, TrickRules, UndenufeEleven};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::pimc::seat_knowledge;
use crate::worlds::sample_world_retry;

/// The card a seat plays by the game's rules of thumb: `(hand, trick so far (lead first), every
/// card played in the deal (the trick's included), whether the seat plays last to the trick)`.
pub type RuleCard<'a> = &'a dyn Fn(CardSet, &[Card], CardSet, bool) -> Card;

/// The card play as the deciding seat sees it.
#[derive(Clone, Copy, Debug)]
pub struct CardPlayView<'a> {
    /// Seats at the table (two to four), `0..seats` in playing order.
    pub seats: usize,
    /// The deciding seat.
    pub seat: usize,
    /// Its hand.
    pub hand: CardSet,
    /// The completed tricks of the deal: leader and cards, in playing order.
    pub completed: &'a [(u8, &'a [Card])],
    /// The seat that led the trick in progress.
    pub trick_leader: u8,
    /// The trick in progress, lead first.
    pub trick: &'a [Card],
    /// Cards of other seats the deciding seat has been shown (the turned card the dealer keeps).
    pub shown: &'a [(u8, CardSet)],
    /// The trump mode.
    pub mode: Mode,
    /// The cards' points.
    pub points: PointTable,
    /// Who must follow, trump and may undertrump.
    pub rules: TrickRules,
}

/// A deal played to its end in one world: what each seat took in the whole deal, the completed
/// tricks before the play-out included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedOut {
    /// The cards each seat took.
    pub taken: [CardSet; 4],
    /// The tricks each seat won.
    pub tricks: [u8; 4],
    /// The seat that won the last trick.
    pub last: u8,
}

/// The card the sampling choice keeps among `legal` (the seat's legal cards), from `samples`
/// worlds drawn with `rng`; `None` when every card is valued alike (the caller then plays its
/// rule card). `value` values a played-out deal for the deciding seat: higher is better.
pub fn sampled_card(
    view: &CardPlayView<'_>,
    legal: &[Card],
    samples: usize,
    rng: &mut impl RngCore,
    rule: RuleCard<'_>,
    value: &dyn Fn(&PlayedOut) -> i64,
) -> Option<Card> {
    match legal {
        [] => return None,
        [only] => return Some(*only),
        _ => {}
    }
    let knowledge = seat_knowledge(
        view.seats,
        view.seat,
        view.hand,
        view.completed,
        (view.trick_leader, view.trick),
        view.shown,
        view.mode,
        view.rules,
    );
    let mut total = vec![0i64; legal.len()];
    for _ in 0..samples {
        let Some(world) = sample_world_retry(&knowledge, rng, 20) else {
            break;
        };
        for (i, &card) in legal.iter().enumerate() {
            total[i] += value(&play_out(view, world, card, rule));
        }
    }
    let best = (0..legal.len())
        .max_by_key(|&i| (total[i], std::cmp::Reverse(i)))
        .expect("a card");
    (!total.iter().all(|&v| v == total[best])).then_some(legal[best])
}

/// Plays the deal out from `view`'s position in the world `world` (the hands still held), the
/// seat's own card `first` played first, everyone else by `rule`, through the one trick-play core.
pub fn play_out(
    view: &CardPlayView<'_>,
    world: [CardSet; 4],
    first: Card,
    rule: RuleCard<'_>,
) -> PlayedOut {
    let n = view.seats;
    let mut out = PlayedOut {
        taken: [CardSet::EMPTY; 4],
        tricks: [0; 4],
        last: 0,
    };
    let mut gone = view.trick.iter().copied().collect::<CardSet>();
    for &(leader, cards) in view.completed {
        let winner = (leader as usize + trick_winner(cards, view.mode)) % n;
        let cards = cards.iter().copied().collect::<CardSet>();
        out.taken[winner] |= cards;
        out.tricks[winner] += 1;
        out.last = winner as u8;
        gone |= cards;
    }
    // The world as the trick in progress began: its cards back in their players' hands, and
    // played again.
    let mut hands = world;
    let leader = view.trick_leader as usize;
    for (i, &c) in view.trick.iter().enumerate() {
        hands[(leader + i) % n].insert(c);
    }
    let mut play = AnyTrickPlay::with_rules(
        &hands[..n],
        view.mode,
        view.points,
        view.rules,
        leader as u8,
    )
    .with_tricks(hands[leader].len() as u8);
    let mut trick = CardSet::EMPTY;
    let take = |out: &mut PlayedOut, trick: &mut CardSet, winner: u8| {
        out.taken[winner as usize] |= *trick;
        out.tricks[winner as usize] += 1;
        out.last = winner;
        *trick = CardSet::EMPTY;
    };
    for c in view.trick.iter().copied().chain(std::iter::once(first)) {
        trick.insert(c);
        // The last of these may complete the trick (the first card is the seat's own).
        if let Some(end) = play.play(c) {
            take(&mut out, &mut trick, end.winner);
        }
    }
    gone.insert(first);
    while !play.is_over() {
        let seat = play.to_play();
        let current = play.current();
        let c = rule(play.hand(seat), current, gone, current.len() + 1 == n);
        gone.insert(c);
        trick.insert(c);
        if let Some(end) = play.play(c) {
            take(&mut out, &mut trick, end.winner);
        }
    }
    out
}

/// The sampling player of a card-play game, written once: its worlds per decision, their random
/// source and the deal's trick rules; the game gives the deal's trump, what the seat was shown,
/// its rule card and its objective at each decision.
#[derive(Clone, Debug)]
pub struct CardPlaySampler {
    samples: usize,
    rules: TrickRules,
    rng: Xoshiro256PlusPlus,
}

impl CardPlaySampler {
    /// `samples` worlds per decision, drawn from `seed`, the cards played under `rules`.
    pub fn new(samples: usize, rules: TrickRules, seed: u64) -> Self {
        CardPlaySampler {
            samples,
            rules,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// The card for the seat to play in `obs` among `legal`, the deal played in `mode` (card
    /// points as in any game of the mode) with the cards of others in `shown`, everyone by
    /// `rule`, each play-out valued by `value` (higher is better); the rule card when every card
    /// is valued alike.
    pub fn card<V>(
        &mut self,
        obs: &CardPlayObservation<V>,
        legal: &ActionList<CardPlayAction>,
        mode: Mode,
        shown: &[(u8, CardSet)],
        rule: RuleCard<'_>,
        value: &dyn Fn(&PlayedOut) -> i64,
    ) -> Card {
        let cards: Vec<Card> = legal
            .iter()
            .map(|a| match a {
                CardPlayAction::Play { card } => card,
            })
            .collect();
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        let view = CardPlayView {
            seats: obs.players as usize,
            seat: obs.seat as usize,
            hand: obs.hand,
            completed: &completed,
            trick_leader: obs.trick_leader,
            trick: &obs.trick,
            shown,
            mode,
            points: PointTable::new(mode, UndenufeEleven::Ace),
            rules: self.rules,
        };
        sampled_card(&view, &cards, self.samples, &mut self.rng, rule, value)
            .unwrap_or_else(|| rule(obs.hand, &obs.trick, obs.played_cards(), obs.plays_last()))
    }
}

/// Plays `deals` deals of a card-play game under `options` with these players (seat-indexed),
/// the packs drawn from `seed`, a new game begun whenever one ends, and sums seat by seat what
/// `figure` reads of each deal (its lines, its points). For measuring players deal by deal; an
/// illegal card is an error.
pub fn sum_over_deals<R: CardPlayRules>(
    players: &mut [Box<dyn Player<CardPlayGame<R>>>],
    options: R::Options,
    deals: usize,
    seed: u64,
    figure: impl Fn(&R::DealScore) -> [u32; 4],
) -> Result<Vec<u32>, String> {
    let mut dealer = SeededDealer::new(seed);
    let mut game = CardPlayGame::<R>::new(options)?;
    let mut total = vec![0; game.seats()];
    let mut legal = ActionList::new();
    for _ in 0..deals {
        if game.to_move() == ToMove::Over {
            game = CardPlayGame::new(options)?;
        }
        game.apply_deal(game.deal_from_pack(&dealer.next_pack()))
            .map_err(|e| e.to_string())?;
        while let ToMove::Seat(seat) = game.to_move() {
            play_turn(&mut game, seat, players[seat].as_mut(), &mut legal)?;
        }
        let score = game.last_deal().ok_or("a played deal is scored")?;
        for (t, x) in total.iter_mut().zip(figure(score)) {
            *t += x;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::trick::legal_cards;
    use jass_core::UndenufeEleven;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace()
            .map(|c| c.parse::<Card>().unwrap())
            .collect()
    }

    /// The lowest legal card.
    fn lowest(hand: CardSet, trick: &[Card], _gone: CardSet, _last: bool) -> Card {
        legal_cards(hand, trick, Mode::Obenabe, TrickRules::Strict)
            .first()
            .unwrap()
    }

    fn view<'a>(
        hand: CardSet,
        completed: &'a [(u8, &'a [Card])],
        trick: &'a [Card],
    ) -> CardPlayView<'a> {
        CardPlayView {
            seats: 3,
            seat: 0,
            hand,
            completed,
            trick_leader: 0,
            trick,
            shown: &[],
            mode: Mode::Obenabe,
            points: PointTable::new(Mode::Obenabe, UndenufeEleven::Ace),
            rules: TrickRules::Strict,
        }
    }

    #[test]
    fn a_play_out_gives_every_card_to_a_trick_winner_and_counts_the_completed_tricks() {
        // Three seats, one trick done (seat 1 led, seat 2 won it with the ace), the rest played
        // out from a world of 11 cards each.
        let done: Vec<Card> = ["H6", "HA", "H7"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let completed = [(1u8, done.as_slice())];
        let pack = CardSet::ALL - done.iter().copied().collect::<CardSet>();
        let mut rest = pack.iter();
        let mut world = [CardSet::EMPTY; 4];
        for hand in world.iter_mut().take(3) {
            *hand = (&mut rest).take(11).collect();
        }
        let mut v = view(world[2], &completed, &[]);
        // Seat 2 won the first trick: it leads the second and decides.
        (v.seat, v.trick_leader) = (2, 2);
        let first = lowest(world[2], &[], CardSet::EMPTY, false);
        let out = play_out(&v, world, first, &lowest);
        let all = out.taken[0] | out.taken[1] | out.taken[2];
        assert_eq!(all, CardSet::ALL, "every card was taken");
        assert_eq!(out.tricks.iter().map(|&t| u32::from(t)).sum::<u32>(), 12);
        assert!(out.taken[2].contains("HA".parse().unwrap()));
        let points: u32 = (0..3).map(|s| v.points.sum(out.taken[s])).sum();
        assert_eq!(
            points + 5,
            157,
            "the deal's card points and the last trick's 5"
        );
        assert!(out.tricks[out.last as usize] > 0);
    }

    #[test]
    fn the_choice_avoids_a_trick_it_can_duck() {
        // Seat 0 plays last to a trick of the hearts 7 and 8 and holds the king and the 6 of
        // hearts; the objective is to take as few card points as possible: ducking with the 6
        // is better in every world.
        let trick: Vec<Card> = vec!["H7".parse().unwrap(), "H8".parse().unwrap()];
        let hand = cards("HK H6 S6 S7 S8 S9 C6 C7 C8 C9 D6 D7");
        let mut v = view(hand, &[], &trick);
        v.trick_leader = 1;
        let legal: Vec<Card> = legal_cards(hand, &trick, Mode::Obenabe, TrickRules::Strict)
            .iter()
            .collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let me = 0usize;
        let chosen = sampled_card(&v, &legal, 20, &mut rng, &lowest, &|out| {
            -(v.points.sum(out.taken[me]) as i64)
        });
        assert_eq!(chosen, Some("H6".parse().unwrap()));
        // With one legal card there is nothing to sample.
        let only: [Card; 1] = ["H6".parse().unwrap()];
        assert_eq!(
            sampled_card(&v, &only, 20, &mut rng, &lowest, &|_| 0),
            Some(only[0])
        );
    }
}

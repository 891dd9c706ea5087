//! Hidden-card worlds for Schieber: deals of the cards a seat cannot see that agree with everything
//! the seat has seen (cards played, suits a player has shown not to hold, Weis shown).

use jass_core::deal::{shuffle, uniform_below};
use jass_core::schieber::{ObservedTrick, SchieberObservation};
use jass_core::{Card, CardSet, Mode, Rank, Suit};
use rand_core::RngCore;

/// What a seat knows about the other hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// The observer.
    pub seat: usize,
    /// Cards each seat holds now, where known (the observer's own hand; shown Weis not yet played).
    pub known: [CardSet; 4],
    /// Cards each seat may hold (everything not excluded by play).
    pub possible: [CardSet; 4],
    /// How many cards each seat holds now.
    pub counts: [u32; 4],
    /// Cards whose holder the observer does not know.
    pub unknown: CardSet,
}

/// The seat with Stöck in a world: the one that held the trump King and Ober at the start of the
/// deal (003: "a player who held the king and ober of trumps at the start of the hand"), from
/// what each seat holds now together with what it has played (`held`, by seat; any number of
/// seats).
pub fn stoeck_holder(held: &[CardSet], trump: Suit) -> Option<usize> {
    jass_core::weis::stoeck_holder(held, Mode::Trump(trump), true).map(usize::from)
}

/// The tricks of a deal as seen (the completed ones, then the one in progress led by
/// `trick_leader`), each as its leader and its cards in playing order.
pub fn seen_tricks<'a>(
    tricks: &'a [ObservedTrick],
    trick_leader: u8,
    trick: &'a [Card],
) -> impl Iterator<Item = (u8, &'a [Card])> {
    tricks
        .iter()
        .map(|t| (t.leader, t.cards.as_slice()))
        .chain([(trick_leader, trick)])
}

/// The cards each of four seats has played in these tricks (each: its leader and its cards in
/// playing order; the trick in progress may be one of them).
pub fn played_by_seat<'a>(tricks: impl IntoIterator<Item = (u8, &'a [Card])>) -> [CardSet; 4] {
    let mut played = [CardSet::EMPTY; 4];
    for (leader, cards) in tricks {
        for (i, &c) in cards.iter().enumerate() {
            played[(leader as usize + i) % 4].insert(c);
        }
    }
    played
}

/// Reads the constraints from an observation during card play.
///
/// A player who neither follows a plain suit nor trumps has none of that suit. On a trump lead a
/// player who plays no trump holds no trump but perhaps the Puur (003: the Puur is never forced).
/// A player who undertrumps under the strict rule holds nothing but trumps (003).
pub fn knowledge(obs: &SchieberObservation) -> Knowledge {
    let seat = obs.seat as usize;
    let mode = obs.contract.map(|c| c.mode()).unwrap_or(Mode::Obenabe);
    let trumps = mode.trumps();
    let mut played = CardSet::EMPTY;
    let mut counts = [9u32; 4];
    let mut possible = [CardSet::ALL; 4];
    let mut tricks: Vec<(u8, Vec<Card>)> = obs
        .tricks
        .iter()
        .map(|t| (t.leader, t.cards.clone()))
        .collect();
    if !obs.trick.is_empty() {
        tricks.push((obs.trick_leader, obs.trick.clone()));
    }
    for (leader, cards) in &tricks {
        let lead = cards[0];
        let mut highest_trump: Option<Card> = None;
        for (i, &c) in cards.iter().enumerate() {
            let p = (*leader as usize + i) % 4;
            played.insert(c);
            counts[p] -= 1;
            if i > 0 {
                let ls = lead.suit();
                if mode.trump() == Some(ls) {
                    if c.suit() != ls {
                        // No trump left, or only the Puur.
                        let puur = CardSet::single(Card::new(ls, Rank::Jack));
                        possible[p] = possible[p] - (trumps - puur);
                    }
                } else if c.suit() != ls && !trumps.contains(c) {
                    possible[p] = possible[p] - CardSet::suit(ls);
                }
                if let Some(h) = highest_trump {
                    if trumps.contains(c)
                        && mode.strength(c) < mode.strength(h)
                        && mode.trump() != Some(ls)
                    {
                        // An undertrump: under the strict rule only from a hand of nothing but trumps.
                        possible[p] &= trumps;
                    }
                }
            }
            if trumps.contains(c)
                && highest_trump.is_none_or(|h| mode.strength(c) > mode.strength(h))
            {
                highest_trump = Some(c);
            }
        }
    }
    let mut known = [CardSet::EMPTY; 4];
    known[seat] = obs.hand;
    for w in &obs.weis_shown {
        known[w.seat as usize] |= w.weis.cards() - played;
    }
    let all_known = known.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    let unknown = CardSet::ALL - played - all_known;
    for p in 0..4 {
        possible[p] = (possible[p] & unknown) | known[p];
    }
    Knowledge {
        seat,
        known,
        possible,
        counts,
        unknown,
    }
}

/// Tells `k`'s observer that seat `p` holds `hand` now (a measuring rod of the arena's: the
/// sampling player told its partner's hand, [`crate::SamplingSchieber::with_partner_told`]).
pub fn tell(k: &mut Knowledge, p: usize, hand: CardSet) {
    k.known[p] = hand;
    k.unknown = k.unknown - hand;
    for (q, possible) in k.possible.iter_mut().enumerate() {
        *possible = if q == p { hand } else { *possible - hand };
    }
}

/// A random deal of the cards a seat has not seen, as the contract and bid play-outs draw it: the
/// `unseen` cards shuffled in place with `rng` (each call shuffles them further), then nine each
/// to the other seats in seat order; `seat` keeps `hand`.
pub fn deal_unseen<R: RngCore>(
    rng: &mut R,
    unseen: &mut [Card],
    hand: CardSet,
    seat: u8,
) -> [CardSet; 4] {
    shuffle(rng, unseen);
    let mut hands = [CardSet::EMPTY; 4];
    hands[seat as usize] = hand;
    let mut next = 0;
    for (s, h) in hands.iter_mut().enumerate() {
        if s != seat as usize {
            *h = CardSet::from_cards(unseen[next..next + 9].iter().copied());
            next += 9;
        }
    }
    hands
}

/// Draws one world: a hand for every seat, the observer's own as it is, the unknown cards dealt
/// among the others within what each may hold. Returns `None` if the draw ran into a dead end
/// (the caller draws again); the constraints themselves always admit the true deal.
pub fn sample_world<R: RngCore>(k: &Knowledge, rng: &mut R) -> Option<[CardSet; 4]> {
    let mut hands = k.known;
    let mut need: [u32; 4] = std::array::from_fn(|p| k.counts[p].saturating_sub(k.known[p].len()));
    // Most constrained cards first: those fewest seats may hold.
    let mut cards: Vec<Card> = k.unknown.iter().collect();
    // Shuffle, then stable-sort by the number of seats that may hold each card.
    shuffle(rng, &mut cards);
    cards.sort_by_key(|&c| {
        (0..4)
            .filter(|&p| need[p] > 0 && k.possible[p].contains(c))
            .count()
    });
    for c in cards {
        let mut choices = [0usize; 4];
        let mut n = 0;
        let mut weight = 0u32;
        for (p, &np) in need.iter().enumerate() {
            if np > 0 && k.possible[p].contains(c) {
                choices[n] = p;
                n += 1;
                weight += np;
            }
        }
        if n == 0 {
            return None;
        }
        // Weighted by the places left, which makes every consistent world about equally likely.
        let mut r = uniform_below(rng, weight);
        let mut pick = choices[0];
        for &p in &choices[..n] {
            if r < need[p] {
                pick = p;
                break;
            }
            r -= need[p];
        }
        hands[pick].insert(c);
        need[pick] -= 1;
    }
    Some(hands)
}

/// Draws a world, retrying dead ends (at most `tries` times).
pub fn sample_world_retry<R: RngCore>(
    k: &Knowledge,
    rng: &mut R,
    tries: u32,
) -> Option<[CardSet; 4]> {
    (0..tries).find_map(|_| sample_world(k, rng))
}

/// The worlds `0..n` of one decision judged by `work(state, i)` on up to `threads` threads
/// (`states` grown by `new_state` to as many as are used, kept for the next decision), the
/// first world always, the others until `budget` has passed since the call: [`on_threads`]
/// with a time budget, as the sampling players of every game use it.
pub fn judge_worlds<S: Send, T: Send>(
    states: &mut Vec<S>,
    new_state: impl FnMut() -> S,
    threads: usize,
    budget: Option<std::time::Duration>,
    n: usize,
    work: impl Fn(&mut S, usize) -> T + Sync,
) -> Vec<Option<T>> {
    let deadline = budget.map(|b| std::time::Instant::now() + b);
    let late = |i: usize| i > 0 && deadline.is_some_and(|d| std::time::Instant::now() >= d);
    let k = threads.clamp(1, n.max(1));
    if states.len() < k {
        states.resize_with(k, new_state);
    }
    on_threads(&mut states[..k], n, late, work)
}

/// [`judge_worlds`] without a state per thread: `judge(i)` for the worlds reached, in world
/// order.
pub fn judge_each<T: Send>(
    threads: usize,
    budget: Option<std::time::Duration>,
    n: usize,
    judge: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let each = |_: &mut (), i: usize| judge(i);
    judge_worlds(&mut Vec::new(), || (), threads, budget, n, each)
        .into_iter()
        .flatten()
        .collect()
}

/// `work(state, i)` for the worlds `0..n` of one decision, on as many threads as there are
/// `states` (one each: a solver, say; the first on the calling thread): world `i` on thread
/// `i % states.len()`, in order on each thread, until `stop(i)` says to give up (a time budget).
/// Returns each world's result in world order (`None`: not reached), so that a caller that
/// reads them in order gets what one thread gives whenever `work` does not depend on the
/// state's past.
pub fn on_threads<S: Send, T: Send>(
    states: &mut [S],
    n: usize,
    stop: impl Fn(usize) -> bool + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
) -> Vec<Option<T>> {
    let k = states.len().max(1);
    let run = |t: usize, state: &mut S| -> Vec<(usize, T)> {
        (t..n)
            .step_by(k)
            .take_while(|&i| !stop(i))
            .map(|i| (i, work(state, i)))
            .collect()
    };
    let results: Vec<Vec<(usize, T)>> = match states {
        [] => Vec::new(),
        [only] => vec![run(0, only)],
        [first, rest @ ..] => {
            let run = &run;
            std::thread::scope(|scope| {
                let others: Vec<_> = rest
                    .iter_mut()
                    .enumerate()
                    .map(|(t, state)| scope.spawn(move || run(t + 1, state)))
                    .collect();
                let mut all = vec![run(0, first)];
                all.extend(
                    others
                        .into_iter()
                        .map(|h| h.join().expect("a worker thread")),
                );
                all
            })
        }
    };
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    for (i, v) in results.into_iter().flatten() {
        out[i] = Some(v);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::SeededDealer;
    use jass_core::game::{ActionList, Game, ToMove};
    use jass_core::schieber::{Schieber, SchieberOptions};
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn sampled_worlds_agree_with_the_observation_and_the_truth_is_possible() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut list = ActionList::new();
        for seed in 0..40u64 {
            let mut s = Schieber::new(SchieberOptions::default()).unwrap();
            let mut dealer = SeededDealer::new(seed);
            let h = s.deal_from_pack(&dealer.next_pack());
            s.deal(h).unwrap();
            while let ToMove::Seat(seat) = s.to_move() {
                s.legal_actions(&mut list);
                let a = list.get(uniform_below(&mut rng, list.len() as u32) as usize);
                s.apply(a).unwrap();
                if s.contract().is_none() {
                    continue;
                }
                let obs = s.observation(seat);
                let k = knowledge(&obs);
                let truth = s.hands();
                for (p, &held) in truth.iter().enumerate() {
                    // The truth satisfies every constraint.
                    assert!(
                        k.possible[p].contains_all(held),
                        "seed {seed} seat {p}: {} not within {}",
                        held,
                        k.possible[p]
                    );
                    assert_eq!(k.counts[p], held.len());
                }
                for _ in 0..5 {
                    let w = sample_world_retry(&k, &mut rng, 50).expect("a world");
                    assert_eq!(w[seat], obs.hand, "own hand unchanged");
                    let mut all = CardSet::EMPTY;
                    for p in 0..4 {
                        assert_eq!(w[p].len(), truth[p].len());
                        assert!(
                            k.possible[p].contains_all(w[p]),
                            "a sampled card a seat cannot hold"
                        );
                        assert!((all & w[p]).is_empty());
                        all |= w[p];
                    }
                    // Exactly the cards not yet played.
                    assert_eq!(all, truth.iter().fold(CardSet::EMPTY, |a, &b| a | b));
                }
                // Told the partner's hand, every world holds it, and the others' cards where
                // they may lie.
                let partner = (seat + 2) % 4;
                let mut told = k.clone();
                tell(&mut told, partner, truth[partner]);
                for _ in 0..3 {
                    let w = sample_world_retry(&told, &mut rng, 50).expect("a world");
                    assert_eq!(w[partner], truth[partner], "the partner's hand as told");
                    assert_eq!(w[seat], obs.hand);
                    for (possible, held) in k.possible.iter().zip(w) {
                        assert!(possible.contains_all(held));
                    }
                    let others = (0..4).filter(|&p| p != seat && p != partner);
                    let held = others.fold(CardSet::EMPTY, |a, p| a | w[p]);
                    let truly = truth[(seat + 1) % 4] | truth[(seat + 3) % 4];
                    assert_eq!(held, truly, "the opponents hold the rest");
                }
                if matches!(s.to_move(), ToMove::Deal | ToMove::Over) {
                    break;
                }
            }
        }
    }
}

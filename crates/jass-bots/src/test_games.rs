//! Seeded games for the unit tests of the sampling players.

use jass_core::deal::{uniform_below, SeededDealer};
use jass_core::game::{ActionList, Game, ToMove};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays a game made by `new_game` for each of the seeds `0..seeds` (its deals from that seed's
/// dealer) with random legal actions drawn from `rng`, calling `at(state, seat, legal, seed)` at
/// every decision before it is taken. A game stops after `max_steps` steps (deals and decisions).
pub(crate) fn random_games<G: Game>(
    new_game: impl Fn() -> G,
    seeds: u64,
    max_steps: usize,
    rng: &mut Xoshiro256PlusPlus,
    at: impl FnMut(&G, usize, &ActionList<G::Action>, u64),
) {
    games(new_game, seeds, max_steps, at, |_, _, list| {
        list.get(uniform_below(rng, list.len() as u32) as usize)
    });
}

/// The same with `player` in every seat; `at(state, seat, legal)`.
pub(crate) fn played_games<G: Game>(
    new_game: impl Fn() -> G,
    player: &mut dyn jass_core::Player<G>,
    seeds: u64,
    max_steps: usize,
    mut at: impl FnMut(&G, usize, &ActionList<G::Action>),
) {
    games(
        new_game,
        seeds,
        max_steps,
        |s, seat, list, _| at(s, seat, list),
        |s, seat, list| player.act(&jass_core::Decision::new(s, seat, list)),
    );
}

/// The loop of both: `choose(state, seat, legal)` takes each decision after `at` has seen it
/// (`at(state, seat, legal, seed)`).
pub(crate) fn games<G: Game>(
    new_game: impl Fn() -> G,
    seeds: u64,
    max_steps: usize,
    mut at: impl FnMut(&G, usize, &ActionList<G::Action>, u64),
    mut choose: impl FnMut(&G, usize, &ActionList<G::Action>) -> G::Action,
) {
    let mut list = ActionList::new();
    for seed in 0..seeds {
        let mut s = new_game();
        let mut dealer = SeededDealer::new(seed);
        for _ in 0..max_steps {
            match s.to_move() {
                ToMove::Over => break,
                ToMove::Deal => {
                    let d = s.deal_from_pack(&dealer.next_pack());
                    s.apply_deal(d).unwrap();
                }
                ToMove::Seat(seat) => {
                    s.legal_actions(&mut list);
                    at(&s, seat, &list, seed);
                    let a = choose(&s, seat, &list);
                    s.apply(a).unwrap();
                }
            }
        }
    }
}

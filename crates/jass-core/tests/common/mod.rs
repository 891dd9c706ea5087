//! Helpers shared by the game tests of jass-core (a module of each test binary, not a binary of
//! its own): seeded random players, hands written as text, the cards a JSON view names, the
//! golden records' files, and for the card-play games (Schellenjass, Hindersi:
//! `jass_core::card_play_game`) cards played by text, simple record players and a whole random
//! game checked step by step; for any game (`games`) actions as text, refusals, a random game
//! driven by the test's checks, records read back and the card values. Each binary uses only
//! some of them.
#![allow(dead_code)]

mod games;
pub use games::*;

use jass_core::card_play_action::CardPlayAction;
use jass_core::card_play_game::{CardPlayGame, CardPlayRules};
use jass_core::deal::uniform_below;
use jass_core::game::{ActionList, Decision, Game, Player};
use jass_core::record::{GameRecord, RecordedGame};
use jass_core::{Card, CardSet};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt::Debug;
use std::str::FromStr;

/// Uniformly random legal actions.
pub struct Rnd(pub Xoshiro256PlusPlus);

impl Rnd {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> Rnd {
        Rnd(Xoshiro256PlusPlus::seed_from_u64(seed))
    }
}

impl<G: Game> Player<G> for Rnd {
    fn name(&self) -> String {
        "random".into()
    }
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        d.legal
            .get(uniform_below(&mut self.0, d.legal.len() as u32) as usize)
    }
}

/// `n` random players, seat `s` seeded with `first_seed + s` (the golden records were played
/// with these seeds).
pub fn random_players<G: Game + 'static>(n: usize, first_seed: u64) -> Vec<Box<dyn Player<G>>> {
    (0..n as u64)
        .map(|s| Box::new(Rnd::new(first_seed + s)) as Box<dyn Player<G>>)
        .collect()
}

/// A card set from text (`"HA HK D6"`).
pub fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}

/// Hands for seats 0..3 from four strings of nine cards; together they must make the pack.
pub fn hands(h: [&str; 4]) -> [CardSet; 4] {
    let hs = h.map(set);
    assert_eq!(
        hs.iter().fold(CardSet::EMPTY, |a, &b| a | b),
        CardSet::ALL,
        "the hands must make the pack"
    );
    hs
}

/// Every card mentioned in a JSON value (strings that parse as cards).
pub fn cards_in(v: &serde_json::Value, out: &mut CardSet) {
    match v {
        serde_json::Value::String(s) => {
            if let Ok(c) = s.parse::<Card>() {
                out.insert(c);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        serde_json::Value::Object(m) => m.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

/// A golden record: the record `rec` must be the file `tests/data/golden/{path}` to the byte (any
/// change in rules, dealing or record format shows here), and the stored record must re-play
/// cleanly. With `UPDATE_GOLDEN` set the file is written first, to accept a deliberate change.
pub fn golden<G: RecordedGame>(path: &str, rec: &GameRecord<G>) {
    let text = rec.to_json_pretty() + "\n";
    let path = format!("{}/tests/data/golden/{path}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing {path}: run with UPDATE_GOLDEN=1"));
    assert!(
        want == text,
        "{path} changed; if deliberate, regenerate with UPDATE_GOLDEN=1"
    );
    GameRecord::<G>::read_all(&want)[0]
        .as_ref()
        .unwrap()
        .check()
        .unwrap_or_else(|e| panic!("{path} does not re-play: {e}"));
}

/// A card from text (`"HA"`).
pub fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// Plays these cards (`"C6 HA"`) in turn, each as `play CARD`; each must be legal.
pub fn play<G: Game>(g: &mut G, cards: &str)
where
    G::Action: FromStr,
    <G::Action as FromStr>::Err: Debug,
{
    for c in cards.split_whitespace() {
        g.apply(format!("play {c}").parse().unwrap())
            .unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

/// Plays the lowest legal card (by index), or a seeded random one: enough to drive records.
pub struct Simple(Option<Xoshiro256PlusPlus>);

impl<G: Game> Player<G> for Simple {
    fn name(&self) -> String {
        "simple".into()
    }
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        let i = match &mut self.0 {
            Some(rng) => uniform_below(rng, d.legal.len() as u32) as usize,
            None => 0,
        };
        d.legal.get(i)
    }
}

/// `n` players: the even seats random (from `seed`), the odd ones the lowest card.
pub fn players<G: Game>(n: u8, seed: u64) -> Vec<Box<dyn Player<G>>> {
    (0..n)
        .map(|s| {
            let rng = (s % 2 == 0).then(|| Xoshiro256PlusPlus::seed_from_u64(seed + u64::from(s)));
            Box::new(Simple(rng)) as Box<dyn Player<G>>
        })
        .collect()
}

/// Plays a whole game with uniformly random legal cards, checking every step: every legal card
/// is in the hand, and no view (a seat's, the spectators') shows another seat's card but those
/// in `shown` (cards all have seen). `after_deal` checks the game after each deal; the number of
/// deals is returned with the game.
pub fn random_game<R: CardPlayRules>(
    opts: R::Options,
    seed: u64,
    shown: impl Fn(&CardPlayGame<R>) -> CardSet,
    after_deal: impl FnMut(&CardPlayGame<R>),
) -> (CardPlayGame<R>, u32) {
    let mut g = CardPlayGame::<R>::new(opts).unwrap();
    let mut checks = CardPlayChecks {
        shown,
        after_deal,
        checked: 0,
    };
    let deals = drive(&mut g, seed, seed, 499, &mut checks);
    assert_eq!(
        checks.checked, deals,
        "every deal was checked when it ended"
    );
    (g, deals)
}

/// The checks of [`random_game`].
struct CardPlayChecks<S, A> {
    shown: S,
    after_deal: A,
    checked: u32,
}

impl<R, S, A> Driver<CardPlayGame<R>> for CardPlayChecks<S, A>
where
    R: CardPlayRules,
    S: Fn(&CardPlayGame<R>) -> CardSet,
    A: FnMut(&CardPlayGame<R>),
{
    fn choose(
        &mut self,
        g: &CardPlayGame<R>,
        seat: usize,
        legal: &ActionList<CardPlayAction>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> CardPlayAction {
        let n = g.seats();
        let not_held = legal.played_cards() - g.hand(seat);
        assert!(not_held.is_empty(), "every legal card is in the hand");
        let public = g.public_view_json().to_string();
        let seen_by_all = (self.shown)(g);
        for s in 0..n {
            let view = g.view_json(s).to_string();
            for other in (0..n).filter(|&o| o != s) {
                for c in g.hand(other) - seen_by_all {
                    let quoted = format!("\"{c}\"");
                    assert!(!view.contains(&quoted), "seat {s} sees {c}");
                    assert!(!public.contains(&quoted), "spectators see {c}");
                }
            }
        }
        legal.get(uniform_below(rng, legal.len() as u32) as usize)
    }

    fn acted(&mut self, _before: &CardPlayGame<R>, g: &CardPlayGame<R>) {
        if g.deal_played() {
            (self.after_deal)(g);
            self.checked += 1;
        }
    }
}

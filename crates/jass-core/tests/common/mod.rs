//! Helpers shared by the game tests of jass-core (a module of each test binary, not a binary of
//! its own): seeded random players, hands written as text, the cards a JSON view names, and the
//! golden records' files. Each binary uses only some of them.
#![allow(dead_code)]

use jass_core::deal::uniform_below;
use jass_core::game::{Decision, Game, Player};
use jass_core::record::{GameRecord, RecordedGame};
use jass_core::{Card, CardSet};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

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

//! The spectators' view (`Game::public_view_json`) shows only what every player at the table sees:
//! no hand, and no card except those played or shown to all; in Differenzler no hidden
//! announcement before the deal is scored.

use std::collections::BTreeSet;

use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::differenzler::{Announcements, Differenzler, DifferenzlerOptions};
use jass_core::handjass::{self, Handjass, HandjassOptions};
use jass_core::schieber::{self, Schieber, SchieberOptions};
use jass_core::sidi::{self, Sidi, SidiOptions};
use jass_core::{Card, Decision, Game, Player};
use serde_json::Value;

/// Plays a pseudo-random legal action (deterministic per seed).
struct Random(u64);
impl<G: Game> Player<G> for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        d.legal.get((self.0 >> 33) as usize % d.legal.len())
    }
}

fn players<G: Game>(n: usize, seed: u64) -> Vec<Box<dyn Player<G>>> {
    (0..n)
        .map(|i| Box::new(Random(seed * 31 + i as u64)) as Box<dyn Player<G>>)
        .collect()
}

/// Every card named anywhere in `v` (strings that parse as cards), skipping the key `skip`.
fn cards(v: &Value, skip: Option<&str>, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) if s.parse::<Card>().is_ok() => {
            out.insert(s.clone());
        }
        Value::Array(a) => a.iter().for_each(|x| cards(x, None, out)),
        Value::Object(m) => {
            for (k, x) in m {
                if Some(k.as_str()) != skip {
                    cards(x, None, out);
                }
            }
        }
        _ => {}
    }
}

/// The public view holds no hand, and every card in it is in every seat's view outside its hand
/// (played or shown to all); returns how many views were checked.
fn check<G: Game>(state: &G, checked: &mut usize) {
    let public = state.public_view_json();
    assert!(public.get("hand").is_none(), "{public}");
    assert!(public.get("seat").is_none(), "{public}");
    let mut shown = BTreeSet::new();
    cards(&public, None, &mut shown);
    for seat in 0..state.seats() {
        let view = state.view_json(seat);
        let mut seen = BTreeSet::new();
        cards(&view, Some("hand"), &mut seen);
        let leaked: Vec<&String> = shown.difference(&seen).collect();
        assert!(
            leaked.is_empty(),
            "{}: the public view shows {leaked:?}, which seat {seat} does not see outside its hand\npublic: {public}\nseat {seat}: {view}",
            state.name()
        );
        // Everything the public view holds, every seat sees (apart from its own seat, hand and
        // the cards it laid away).
        if let (Value::Object(p), Value::Object(v)) = (&public, &view) {
            for (k, x) in p {
                if k != "weis_calls" && k != "announcements" {
                    assert_eq!(Some(x), v.get(k), "{}: field {k}", state.name());
                }
            }
        }
    }
    *checked += 1;
}

#[test]
fn schieber_public_view_hides_every_hand() {
    let mut n = 0;
    for seed in 0..6 {
        let o = SchieberOptions {
            target: 800,
            ..Default::default()
        };
        schieber::play_recorded_from(
            o,
            Some(seed),
            &mut players::<Schieber>(4, seed),
            &mut jass_core::deal::seeded_deals(seed),
            &mut |s| check(s, &mut n),
        )
        .unwrap();
    }
    assert!(n > 500);
}

#[test]
fn coiffeur_public_view_hides_every_hand_and_keeps_the_slate() {
    let mut n = 0;
    jass_core::record::play_seeded(
        CoiffeurOptions::default(),
        3,
        &mut players::<Coiffeur>(4, 3),
        &mut |s: &Coiffeur| {
            check(s, &mut n);
            assert!(s.public_view_json()["coiffeur"]["rows"].is_array());
        },
    )
    .unwrap();
    assert!(n > 100);
}

#[test]
fn sidi_public_view_hides_every_hand() {
    let mut n = 0;
    for seed in 0..4 {
        let o = SidiOptions {
            target: 600,
            ..Default::default()
        };
        sidi::play_recorded_from(
            o,
            Some(seed),
            &mut players::<Sidi>(4, seed),
            &mut jass_core::deal::seeded_deals(seed),
            &mut |s| check(s, &mut n),
        )
        .unwrap();
    }
    assert!(n > 100);
}

#[test]
fn differenzler_public_view_hides_hands_and_hidden_announcements() {
    let mut n = 0;
    let mut hidden_seen = 0;
    for seed in 0..4 {
        let o = DifferenzlerOptions {
            deals: 3,
            ..Default::default()
        };
        assert_eq!(o.announcements, Announcements::Hidden);
        jass_core::record::play_seeded(
            o,
            seed,
            &mut players::<Differenzler>(4, seed),
            &mut |s: &Differenzler| {
                check(s, &mut n);
                let p = s.public_view_json();
                if !p["deal_tally"]["scored"].as_bool().unwrap_or(true) {
                    hidden_seen += 1;
                    assert!(
                        p["announcements"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .all(Value::is_null),
                        "a hidden announcement is public before the deal is scored: {p}"
                    );
                }
            },
        )
        .unwrap();
    }
    assert!(n > 100 && hidden_seen > 100);
}

#[test]
fn handjass_public_view_hides_every_hand() {
    let mut n = 0;
    for players_n in [2u8, 3, 4, 5] {
        let o = HandjassOptions {
            players: players_n,
            ..Default::default()
        };
        handjass::play_recorded_from(
            o,
            Some(players_n as u64),
            &mut players::<Handjass>(players_n as usize, 9),
            &mut jass_core::deal::seeded_deals(players_n as u64),
            &mut |s| check(s, &mut n),
        )
        .unwrap();
    }
    assert!(n > 100);
}

//! What the other seats learn of a Weis decision (`Game::action_visibility`) is exactly what
//! their views show afterwards: a call they hear reaches them by its kind, and a call they do
//! not hear (003: lower than one already announced; Schieber, Coiffeur, Differenzler) or no Weis
//! at all reaches them not at all, not even as "seat N declared a Weis". Checked on every Weis
//! decision of seeded random games of every game with Weis.

use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::deal::{uniform_below, SeededDealer};
use jass_core::differenzler::{Differenzler, DifferenzlerOptions};
use jass_core::game::{ActionList, ToMove, Visibility};
use jass_core::handjass::{Handjass, HandjassOptions};
use jass_core::schieber::{FirstLead, Schieber, SchieberOptions};
use jass_core::sidi::{Sidi, SidiOptions};
use jass_core::Game;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The Weis calls the spectators (and so every seat but the caller) have heard.
fn calls_heard<G: Game>(g: &G) -> usize {
    g.public_view_json()["weis_calls"]
        .as_array()
        .map_or(0, Vec::len)
}

/// Plays `games` seeded random games; returns how many Weis declared were heard and not heard.
fn check<G: Game>(new_game: impl Fn() -> G, games: u64) -> (usize, usize) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut list = ActionList::new();
    let (mut heard, mut silent) = (0, 0);
    for seed in 0..games {
        let mut g = new_game();
        let mut dealer = SeededDealer::new(seed);
        for _ in 0..20_000 {
            match g.to_move() {
                ToMove::Over => break,
                ToMove::Deal => {
                    let d = g.deal_from_pack(&dealer.next_pack());
                    g.apply_deal(d).unwrap();
                }
                ToMove::Seat(_) => {
                    g.legal_actions(&mut list);
                    let action = list.get(uniform_below(&mut rng, list.len() as u32) as usize);
                    let text = action.to_string();
                    let vis = g.action_visibility(action);
                    let before = calls_heard(&g);
                    g.apply(action).unwrap();
                    if !text.starts_with("weis") {
                        continue;
                    }
                    let after = calls_heard(&g);
                    let declared = text != "weis none";
                    match vis {
                        Visibility::KindOnly => {
                            assert!(declared, "{text}: nothing declared, yet heard");
                            assert_eq!(
                                after,
                                before + 1,
                                "{text} reaches the others as a Weis, but they hear no call"
                            );
                            heard += 1;
                        }
                        Visibility::Silent => {
                            assert_eq!(
                                after, before,
                                "{text} is silent, but the others hear a call"
                            );
                            silent += usize::from(declared);
                        }
                        Visibility::Public => {
                            panic!("{text}: a Weis is never public as it is made")
                        }
                    }
                }
            }
        }
    }
    (heard, silent)
}

#[test]
fn schieber_and_coiffeur_and_differenzler_keep_a_call_lower_than_one_heard_silent() {
    let (h, s) = check(|| Schieber::new(SchieberOptions::default()).unwrap(), 60);
    assert!(h > 50 && s > 0, "Schieber: {h} heard, {s} silent");
    // With the chooser leading (JassWiki, "Ausspiel") the calls come in the first trick's order.
    let chooser = SchieberOptions {
        first_lead: FirstLead::Chooser,
        ..SchieberOptions::default()
    };
    let (h, s) = check(|| Schieber::new(chooser).unwrap(), 60);
    assert!(
        h > 50 && s > 0,
        "Schieber, the chooser leading: {h} heard, {s} silent"
    );
    let (h, s) = check(|| Coiffeur::new(CoiffeurOptions::default()).unwrap(), 16);
    assert!(h > 20 && s > 0, "Coiffeur: {h} heard, {s} silent");
    let (h, s) = check(
        || {
            Differenzler::new(DifferenzlerOptions {
                weis: true,
                ..DifferenzlerOptions::default()
            })
            .unwrap()
        },
        10,
    );
    assert!(h > 20 && s > 0, "Differenzler: {h} heard, {s} silent");
}

#[test]
fn sidi_barrani_and_handjass_ask_only_seats_that_can_still_call() {
    let (h, s) = check(|| Sidi::new(SidiOptions::default()).unwrap(), 20);
    assert!(h > 20 && s == 0, "Sidi Barrani: {h} heard, {s} silent");
    let (h, s) = check(|| Handjass::new(HandjassOptions::default()).unwrap(), 20);
    assert!(h > 20 && s == 0, "Handjass: {h} heard, {s} silent");
}

//! Long seeded runs of the sampling players of Sidi Barrani, Coiffeur, Differenzler and Handjass:
//! every action they choose is among the legal actions (checked at each decision, and the engine
//! refuses anything else), they really sample (not only fall back on the rule player), and they
//! beat the random player clearly.

use jass_bots::{
    DifferenzlerSettings, RandomPlayer, RuleSidi, SamplingCoiffeur, SamplingDifferenzler,
    SamplingHandjass, SamplingSettings, SamplingSidi, SidiBidding,
};
use jass_core::coiffeur::{Coiffeur, CoiffeurOptions};
use jass_core::deal::SeededDealer;
use jass_core::differenzler::{Differenzler, DifferenzlerOptions, TrumpRule};
use jass_core::game::{Decision, Game, Player, ToMove};
use jass_core::handjass::{Handjass, HandjassOptions, Scoring, SmallDeal};
use jass_core::sidi::{Sidi, SidiAction, SidiOptions, SidiPhase};
use jass_core::TrickRules;

/// Plays a whole game (at most `max_deals` deals) with these players, checking every action
/// against the legal list; returns the game.
fn play<G: Game>(
    mut state: G,
    seed: u64,
    players: &mut [&mut dyn Player<G>],
    max_deals: usize,
) -> (G, usize) {
    let mut dealer = SeededDealer::new(seed);
    let mut deals = 0;
    while deals < max_deals && state.to_move() != ToMove::Over {
        deals += 1;
        dealer.play_one_deal(&mut state, |g, seat, legal| {
            let a = players[seat].act(&Decision::new(g, seat, legal));
            assert!(
                legal.contains(&a),
                "seed {seed}: {} at seat {seat} chose {a}, not among {legal:?}",
                players[seat].name()
            );
            a
        });
    }
    (state, deals)
}

/// Sidi Barrani with redoubling, doubling at the first lead and bids in steps of 5.
fn doubling_at_first_lead() -> SidiOptions {
    SidiOptions {
        redouble: true,
        doubling: jass_core::sidi::Doubling::FirstLead,
        bid_step: 5,
        ..SidiOptions::default()
    }
}

#[test]
fn sampling_sidi_plays_legally_and_beats_random() {
    let settings = SamplingSettings::solving(8, 16);
    // The second set reads the others' cards by the rule player or the learned play model,
    // seat by seat, and plays the early play-outs by it.
    for (o, model) in [
        (SidiOptions::default(), false),
        (doubling_at_first_lead(), true),
    ] {
        let (mut won, mut sampled) = (0, 0);
        for seed in 0..12u64 {
            let player = |seed| {
                SamplingSidi::with_settings(o, settings, seed)
                    .with_belief(if model { 100 } else { 0 })
                    .with_playout_model(model)
                    .with_adapt(model)
            };
            let (mut s0, mut s2) = (player(seed), player(seed + 100));
            let mut r1 = RandomPlayer::new(seed * 4 + 1);
            let mut r3 = RandomPlayer::new(seed * 4 + 3);
            let (g, _) = play(
                Sidi::new(o).unwrap(),
                seed,
                &mut [&mut s0, &mut r1, &mut s2, &mut r3],
                usize::MAX,
            );
            won += (g.winner() == Some(0)) as u32;
            sampled += s0.sampled() + s2.sampled();
        }
        assert!(won >= 11, "{o:?}: sampling won {won} of 12");
        assert!(sampled > 40, "{sampled}");
    }
}

/// A Sidi Barrani sampling player that counts its auction, doubling and redoubling decisions
/// (with a choice) and how many of them differ from the rule player's.
struct CountingSidi {
    inner: SamplingSidi,
    rule: RuleSidi,
    bids: u64,
    differ: u64,
}

impl Player<Sidi> for CountingSidi {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn act(&mut self, decision: &Decision<'_, Sidi>) -> SidiAction {
        let a = self.inner.act(decision);
        let phase = decision.observation().phase;
        let bidding = matches!(
            phase,
            SidiPhase::Auction | SidiPhase::DoubleAsk | SidiPhase::RedoubleAsk
        );
        if bidding && decision.legal.len() >= 2 {
            self.bids += 1;
            self.differ += (a != self.rule.act(decision)) as u64;
        }
        a
    }
}

#[test]
fn sampling_sidi_bids_by_play_outs_legally_against_rule() {
    // Cheap card play: the auction is what is tested here.
    let settings = SamplingSettings::solving(4, 8);
    for o in [
        SidiOptions::default(),
        SidiOptions {
            min_bid: 60,
            ..doubling_at_first_lead()
        },
        SidiOptions {
            obenabe_undenufe: false,
            ..SidiOptions::default()
        },
    ] {
        for (contract_samples, blend, shift) in [(12, 50, 0), (12, 25, 25), (0, 0, 0)] {
            let (mut bids, mut differ, mut sampled) = (0, 0, 0);
            for seed in 0..3u64 {
                let make = |s: u64| CountingSidi {
                    inner: SamplingSidi::with_settings(
                        o,
                        SamplingSettings {
                            contract_samples,
                            ..settings
                        },
                        s,
                    )
                    .with_early_samples(4)
                    .with_bid_blend(blend)
                    .with_bid_shift(shift),
                    // The auction the sampling player's judged one stands on (the rule
                    // player's competitive numbers, as the sampling player's default).
                    rule: RuleSidi::new(o).with_bidding(SidiBidding::COMPETITIVE),
                    bids: 0,
                    differ: 0,
                };
                let (mut s0, mut s2) = (make(seed), make(seed + 100));
                let mut r1 = RuleSidi::new(o);
                let mut r3 = RuleSidi::new(o);
                play(
                    Sidi::new(o).unwrap(),
                    seed,
                    &mut [&mut s0, &mut r1, &mut s2, &mut r3],
                    8,
                );
                for s in [&s0, &s2] {
                    bids += s.bids;
                    differ += s.differ;
                    sampled += s.inner.sampled_bids();
                }
            }
            let case =
                format!("{o:?}, contract_samples {contract_samples}, blend {blend}, shift {shift}");
            assert!(bids > 40, "{case}: {bids} auction decisions");
            if contract_samples == 0 {
                // Off: the rule player's auction, decision for decision.
                assert_eq!(sampled, 0, "{case}");
                assert_eq!(differ, 0, "{case}");
            } else {
                // Every auction, doubling and redoubling decision is judged by the play-outs,
                // and the play-outs change some of them.
                assert_eq!(sampled, bids, "{case}");
                assert!(
                    differ > 0,
                    "{case}: no decision differs from the rule player's"
                );
            }
        }
    }
}

/// A Sidi Barrani sampling player with a twin without 001's last call (`with_last_call(false)`,
/// the same seed): both are asked at every decision, so they draw the same worlds, and the
/// decisions in which they differ are counted.
struct LastCallTwins {
    on: SamplingSidi,
    off: SamplingSidi,
    cards: u64,
    differ: u64,
    doubles: u64,
}

impl Player<Sidi> for LastCallTwins {
    fn name(&self) -> String {
        self.on.name()
    }
    fn act(&mut self, decision: &Decision<'_, Sidi>) -> SidiAction {
        let a = self.on.act(decision);
        let b = self.off.act(decision);
        if matches!(a, SidiAction::Play { .. }) {
            self.cards += 1;
        }
        self.differ += (a != b) as u64;
        self.doubles += (a == SidiAction::Double && b == SidiAction::Pass) as u64;
        a
    }
}

/// 001: "If they make it they are going to win the game. Therefore we must either double them or
/// bid higher ourselves." Near the end of games (started at a score with `start_at`) the last
/// call doubles where the player would otherwise pass, and that is the only difference; in a
/// game's first deal it never does. Every action is legal and the games end with the higher total
/// at the target.
#[test]
fn sampling_sidi_makes_the_last_call_only_near_the_end() {
    let o = SidiOptions::default();
    let settings = SamplingSettings::solving(6, 12);
    let twins = |seed: u64| LastCallTwins {
        on: SamplingSidi::with_settings(o, settings, seed).with_early_samples(6),
        off: SamplingSidi::with_settings(o, settings, seed)
            .with_early_samples(6)
            .with_last_call(false),
        cards: 0,
        differ: 0,
        doubles: 0,
    };
    let (mut near, mut far, mut doubles, mut cards) = (0, 0, 0, 0);
    for seed in 0..16u64 {
        for (start, max_deals) in [
            (
                [
                    1500 + (seed as u32 * 37) % 450,
                    1550 + (seed as u32 * 53) % 420,
                ],
                usize::MAX,
            ),
            ([0, 0], 1),
        ] {
            let (mut a, mut b) = (twins(seed), twins(seed + 100));
            let mut r1 = RuleSidi::new(o);
            let mut r3 = RuleSidi::new(o);
            let mut g = Sidi::new(o).unwrap();
            g.start_at(start).unwrap();
            let (g, _) = play(g, seed, &mut [&mut a, &mut r1, &mut b, &mut r3], max_deals);
            cards += a.cards + b.cards;
            if max_deals == 1 {
                far += a.differ + b.differ;
                continue;
            }
            near += a.differ + b.differ;
            doubles += a.doubles + b.doubles;
            let w = g.winner().expect("the game ends") as usize;
            let t = g.totals();
            assert!(t[w] >= 2000 && t[w] > t[1 - w], "seed {seed}: {t:?}");
        }
    }
    assert!(cards > 300, "{cards} card decisions");
    assert_eq!(far, 0, "no last call in a game's first deal");
    assert!(doubles > 0, "no last call near the end");
    assert_eq!(near, doubles, "a last-call double is the only difference");
}

#[test]
fn sampling_coiffeur_plays_legally_and_beats_random() {
    let settings = SamplingSettings::solving(8, 16);
    for o in [
        CoiffeurOptions::default(),
        CoiffeurOptions {
            misere: true,
            slalom: true,
            zurueckschieben: true,
            ..CoiffeurOptions::default()
        },
    ] {
        let (mut share, mut sampled) = (0.0, 0);
        for seed in 0..6u64 {
            let mut s1 = SamplingCoiffeur::with_settings(o, settings, seed);
            let mut s3 = SamplingCoiffeur::with_settings(o, settings, seed + 100);
            let mut r0 = RandomPlayer::new(seed * 4);
            let mut r2 = RandomPlayer::new(seed * 4 + 2);
            let (g, _) = play(
                Coiffeur::new(o).unwrap(),
                seed,
                &mut [&mut r0, &mut s1, &mut r2, &mut s3],
                usize::MAX,
            );
            assert!(g.finished());
            let t = g.totals();
            share += t[1] as f64 / (t[0] + t[1]) as f64 / 6.0;
            sampled += s1.sampled() + s3.sampled();
        }
        assert!(share > 0.65, "{share}");
        assert!(sampled > 100, "{sampled}");
    }
}

#[test]
fn sampling_differenzler_plays_legally_and_misses_by_less_than_random() {
    let settings = DifferenzlerSettings {
        samples: 12,
        announce_samples: 40,
        game_end: true,
        infer: 10,
        infer_pool: 4,
        infer_announcement: 10,
        // The exact finish here (the default best reply is played in every other test).
        exact_tricks: 3,
        reply_tricks: 0,
        ..DifferenzlerSettings::default()
    };
    // The second set reads the others' cards by the learned play model (`belief`), the third
    // by the rule card play or the model, seat by seat (`adapt`).
    for (o, belief, adapt) in [
        (DifferenzlerOptions::default(), 0, false),
        (
            DifferenzlerOptions {
                trick_rules: TrickRules::Strict,
                ..DifferenzlerOptions::default()
            },
            0,
            true,
        ),
        (
            DifferenzlerOptions {
                trump: TrumpRule::Chosen,
                obenabe_undenufe: true,
                weis: true,
                stoeck: true,
                trick_rules: TrickRules::Strict,
                announcements: jass_core::differenzler::Announcements::Open,
                exact_bonus: 10,
                ..DifferenzlerOptions::default()
            },
            100,
            false,
        ),
    ] {
        let settings = DifferenzlerSettings {
            belief,
            adapt,
            ..settings
        };
        let (mut mine, mut theirs, mut sampled) = (0i64, 0i64, 0);
        for seed in 0..8u64 {
            let seat = (seed % 4) as usize;
            let mut s = SamplingDifferenzler::with_settings(o, settings, seed);
            let mut r: Vec<RandomPlayer> =
                (0..3).map(|i| RandomPlayer::new(seed * 8 + i)).collect();
            let mut it = r.iter_mut();
            let mut ps: Vec<&mut dyn Player<Differenzler>> = Vec::new();
            let mut me = Some(&mut s);
            for k in 0..4 {
                if k == seat {
                    ps.push(me.take().unwrap());
                } else {
                    ps.push(it.next().unwrap());
                }
            }
            let (g, _) = play(Differenzler::new(o).unwrap(), seed, &mut ps, usize::MAX);
            let t = g.totals();
            mine += t[seat] as i64;
            theirs += t.iter().map(|&x| x as i64).sum::<i64>() - t[seat] as i64;
            sampled += s.sampled();
        }
        // Per seat: the sampling player's total penalty far below a random seat's.
        assert!(
            mine * 3 * 2 < theirs,
            "sampling {mine}, three random {theirs}"
        );
        assert!(sampled > 8 * 12 * 8, "{sampled}");
    }
}

#[test]
fn sampling_handjass_plays_legally_in_every_layout_and_beats_random() {
    let mut variants: Vec<HandjassOptions> = (2..=5u8)
        .map(|players| HandjassOptions {
            players,
            ..HandjassOptions::default()
        })
        .collect();
    for preset in ["parlett", "004-twelve", "must-play", "berner"] {
        variants.push(HandjassOptions::preset(preset).unwrap());
    }
    for players in [2u8, 3] {
        variants.push(HandjassOptions {
            players,
            small_deal: SmallDeal::Bessern,
            ..HandjassOptions::default()
        });
    }
    // 004's simple scoring: the first to the target wins (the end of the game judged so).
    variants.push(HandjassOptions {
        scoring: Scoring::FirstWins,
        ..HandjassOptions::default()
    });
    let (mut mine, mut theirs) = (0.0, 0.0);
    let (mut sampled, mut before_play) = (0, 0);
    for o in variants {
        let n = o.players as usize;
        for seed in 0..6u64 {
            let seat = seed as usize % n;
            // A third of the games with the play-outs' last two tricks solved exactly, a third
            // with their last three tricks played as the seat's best reply.
            let mut s = SamplingHandjass::with_samples(o, 12, seed)
                .with_decision_samples(8)
                .with_exact_tricks([0, 2, 0][seed as usize % 3])
                .with_reply_tricks([0, 0, 3][seed as usize % 3]);
            let mut r: Vec<RandomPlayer> = (0..n - 1)
                .map(|i| RandomPlayer::new(seed * 8 + i as u64))
                .collect();
            let mut it = r.iter_mut();
            let mut ps: Vec<&mut dyn Player<Handjass>> = Vec::new();
            let mut me = Some(&mut s);
            for k in 0..n {
                if k == seat {
                    ps.push(me.take().unwrap());
                } else {
                    ps.push(it.next().unwrap());
                }
            }
            let (g, deals) = play(Handjass::new(o).unwrap(), seed, &mut ps, 40);
            let slate = g.slate();
            mine += slate[seat] as f64 / deals as f64;
            theirs +=
                (slate.iter().sum::<i32>() - slate[seat]) as f64 / deals as f64 / (n - 1) as f64;
            sampled += s.sampled();
            before_play += s.sampled_before_play();
        }
    }
    assert!(
        mine > theirs + 5.0,
        "sampling {mine}, random {theirs} (net strokes per deal, summed)"
    );
    assert!(sampled > 1000, "{sampled}");
    // The decisions before the card play (stay, drop out, the blind, the six, agreement) are
    // sampled too.
    assert!(before_play > 100, "{before_play}");
}

/// Records every action of the inner player.
struct Recorded<'a, G: Game> {
    inner: &'a mut dyn Player<G>,
    actions: Vec<String>,
}

impl<G: Game> Player<G> for Recorded<'_, G> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let a = self.inner.act(decision);
        self.actions.push(format!("{a:?}"));
        a
    }
}

/// The actions of every seat, seat by seat, in three deals of `state` with these players.
fn recorded<G: Game>(state: G, seed: u64, players: [&mut dyn Player<G>; 4]) -> Vec<String> {
    let mut rec = players.map(|inner| Recorded {
        inner,
        actions: Vec::new(),
    });
    {
        let [a, b, c, d] = &mut rec;
        play(state, seed, &mut [a, b, c, d], 3);
    }
    rec.into_iter().flat_map(|r| r.actions).collect()
}

/// The partnership sampling players (Coiffeur, Sidi Barrani) solve the worlds of a card on
/// several threads with the values, and so the cards, of one thread (every value is exact);
/// with a time budget they still play legally.
#[test]
fn partnership_samplers_play_alike_on_one_or_two_threads() {
    fn coiffeur(settings: SamplingSettings, seed: u64) -> (Vec<String>, u64) {
        let o = CoiffeurOptions::default();
        let mut s1 = SamplingCoiffeur::with_settings(o, settings, seed);
        let mut s3 = SamplingCoiffeur::with_settings(o, settings, seed + 100);
        let (mut r0, mut r2) = (RandomPlayer::new(seed), RandomPlayer::new(seed + 2));
        let game = Coiffeur::new(o).unwrap();
        let actions = recorded(game, seed, [&mut r0, &mut s1, &mut r2, &mut s3]);
        (actions, s1.sampled() + s3.sampled())
    }
    fn sidi(settings: SamplingSettings, seed: u64) -> (Vec<String>, u64) {
        let o = SidiOptions::default();
        let mut s0 = SamplingSidi::with_settings(o, settings, seed);
        let mut s2 = SamplingSidi::with_settings(o, settings, seed + 100);
        let (mut r1, mut r3) = (RuleSidi::new(o), RuleSidi::new(o));
        let game = Sidi::new(o).unwrap();
        let actions = recorded(game, seed, [&mut s0, &mut r1, &mut s2, &mut r3]);
        (actions, s0.sampled() + s2.sampled())
    }
    let one = SamplingSettings::solving(6, 12);
    let two = SamplingSettings { threads: 2, ..one };
    let budget = SamplingSettings {
        threads: 2,
        time_budget: Some(std::time::Duration::from_millis(1)),
        ..one
    };
    for seed in 0..2u64 {
        for game in [coiffeur, sidi] {
            let (a, sampled) = game(one, seed);
            assert!(sampled > 10, "seed {seed}: {sampled} sampled decisions");
            assert_eq!(game(two, seed).0, a, "seed {seed}");
            // A budget cuts some decisions short; every action is still checked as legal.
            game(budget, seed);
        }
    }
}

/// The Differenzler and Handjass sampling players play out the worlds of a decision on several
/// threads with the choices of one thread (the worlds' results are added in world order); with
/// a time budget they still play legally.
#[test]
fn differenzler_and_handjass_samplers_play_alike_on_one_or_two_threads() {
    use jass_bots::{RuleDifferenzler, RuleHandjass};
    use std::time::Duration;
    fn differenzler(threads: usize, budget: Option<Duration>, seed: u64) -> (Vec<String>, u64) {
        let o = DifferenzlerOptions::default();
        let settings = DifferenzlerSettings {
            samples: 8,
            announce_samples: 16,
            threads,
            time_budget: budget,
            ..DifferenzlerSettings::default()
        };
        let mut s0 = SamplingDifferenzler::with_settings(o, settings, seed);
        let mut s2 = SamplingDifferenzler::with_settings(o, settings, seed + 100);
        let (mut r1, mut r3) = (RuleDifferenzler::new(o), RuleDifferenzler::new(o));
        let game = Differenzler::new(o).unwrap();
        let actions = recorded(game, seed, [&mut s0, &mut r1, &mut s2, &mut r3]);
        (actions, s0.sampled() + s2.sampled())
    }
    fn handjass(threads: usize, budget: Option<Duration>, seed: u64) -> (Vec<String>, u64) {
        let o = HandjassOptions::default();
        let sampling = |seed| {
            SamplingHandjass::with_samples(o, 8, seed)
                .with_decision_samples(8)
                .with_threads(threads, budget)
        };
        let (mut s0, mut s2) = (sampling(seed), sampling(seed + 100));
        let (mut r1, mut r3) = (RuleHandjass::new(o), RuleHandjass::new(o));
        let game = Handjass::new(o).unwrap();
        let actions = recorded(game, seed, [&mut s0, &mut r1, &mut s2, &mut r3]);
        let sampled = s0.sampled() + s2.sampled();
        (
            actions,
            sampled + s0.sampled_before_play() + s2.sampled_before_play(),
        )
    }
    for seed in 0..2u64 {
        for game in [differenzler, handjass] {
            let (a, sampled) = game(1, None, seed);
            assert!(sampled > 10, "seed {seed}: {sampled} sampled decisions");
            assert_eq!(game(2, None, seed).0, a, "seed {seed}");
            // A budget cuts some decisions short; every action is still checked as legal.
            game(2, Some(Duration::from_millis(1)), seed);
        }
    }
}

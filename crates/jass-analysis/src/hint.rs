//! The hint engine shared by `jass play` (the hint key) and `jass advise`: what to do now, and
//! where it can be computed, the expected points of every legal card.
//!
//! - Schieber and Coiffeur card play in a trump, Obenabe or Undenufe contract, with at most
//!   [`HintSettings::max_cards`] cards left in the hands: deal the hidden cards in ways that agree
//!   with everything the seat has seen ([`jass_bots::worlds`]), solve each world exactly
//!   ([`Solver::solve_moves_for`]) and average. The value of a card is the points (card points, last
//!   trick, Match) the seat's team takes from here on, the cards already in the trick included.
//!   Earlier in the deal ([`HintSettings::early_worlds`]): the same worlds, every legal card
//!   played on by the rule players for all four seats until [`PLAY_OUT_HANDOFF`] cards are left,
//!   then solved exactly (as the sampling player judges those cards).
//! - Everywhere else: the sampling player's choice, without expected points ([`suggestion`]).

use jass_bots::pimc::{partnership_values, rollout_values, PlayState};
use jass_bots::worlds::{knowledge, sample_world_retry};
use jass_core::schieber::{Contract, ObservedTrick, Phase, SchieberObservation};
use jass_core::PlaysCard;
use jass_core::{Card, CardSet, TrickRules, UndenufeEleven};
use jass_solver::{Solver, SolverConfig};
use jass_table::GameSpec;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::Value;

/// How much work a hint may do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HintSettings {
    /// Sampled worlds per hint.
    pub worlds: usize,
    /// Expected points only with at most this many cards left in the four hands (the solver's
    /// time grows quickly with the cards left: 24 cards take milliseconds per world, a full deal
    /// may take minutes).
    pub max_cards: u32,
    /// With more cards left: worlds whose cards are played on by the rule players to
    /// [`PLAY_OUT_HANDOFF`] cards left and then solved (0: no expected points there).
    pub early_worlds: usize,
    /// Seed of the sampled worlds (the same position and seed give the same hint).
    pub seed: u64,
}

impl Default for HintSettings {
    fn default() -> Self {
        HintSettings {
            worlds: 32,
            max_cards: 24,
            early_worlds: 64,
            seed: 1,
        }
    }
}

/// Cards left when the play-outs of an early hint hand over to the solver (the sampling
/// player's default).
pub const PLAY_OUT_HANDOFF: u32 = jass_bots::SamplingSchieber::DEFAULT_HANDOFF;

/// A four-seat partnership card-play position as one seat sees it (Schieber, Coiffeur, or a real
/// table in `jass advise`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardPlayView {
    /// The seat that is to play (the observer).
    pub seat: u8,
    /// Its cards.
    pub hand: CardSet,
    /// The contract.
    pub contract: Contract,
    /// Which card counts 11 in Undenufe.
    pub undenufe_eleven: UndenufeEleven,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The cards of the current trick, in order.
    pub trick: Vec<Card>,
    /// The completed tricks of the deal.
    pub tricks: Vec<ObservedTrick>,
    /// Cards shown in Weis, by seat (known to be in that hand until played).
    pub shown: Vec<(u8, CardSet)>,
    /// Who chose the contract, if known (else the first leader, forehand, whose team chose).
    pub chooser: Option<u8>,
}

/// The expected points of each legal card, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct CardValues {
    /// `(card, average points of the team from here on)`, best first.
    pub values: Vec<(Card, f64)>,
    /// How many worlds were solved.
    pub worlds: usize,
    /// `Some(n)`: the worlds were played on by the rule players to `n` cards left and solved
    /// from there (an early hint); `None`: solved from the card on.
    pub played_out_to: Option<u32>,
}

impl CardValues {
    /// The card with the best average.
    pub fn best(&self) -> Option<Card> {
        self.values.first().map(|&(c, _)| c)
    }
}

impl CardPlayView {
    /// Cards left in the four hands.
    pub fn cards_left(&self) -> u32 {
        36 - (self.tricks.len() * 4 + self.trick.len()) as u32
    }

    /// Reads a Schieber or Coiffeur view (`Game::view_json`) during card play; `None` when the
    /// view is not in card play or not such a game.
    pub fn from_view(view: &Value, undenufe_eleven: UndenufeEleven) -> Option<CardPlayView> {
        if view.get("phase")?.as_str()? != "play" {
            return None;
        }
        let cards = |v: &Value| -> Option<Vec<Card>> {
            v.as_array()?
                .iter()
                .map(|c| c.as_str()?.parse().ok())
                .collect()
        };
        let seat = view.get("seat")?.as_u64()? as u8;
        let hand = CardSet::from_cards(cards(view.get("hand")?)?);
        let contract: Contract = view.get("contract")?.as_str()?.parse().ok()?;
        let chooser = view.get("chooser").and_then(Value::as_u64).map(|c| c as u8);
        let trick_leader = view.get("trick_leader")?.as_u64()? as u8;
        let trick = cards(view.get("trick")?)?;
        let mut tricks = Vec::new();
        for t in view.get("tricks")?.as_array()? {
            tricks.push(ObservedTrick {
                leader: t.get("leader")?.as_u64()? as u8,
                cards: cards(t.get("cards")?)?,
                winner: t.get("winner")?.as_u64()? as u8,
                points: t.get("points")?.as_u64()? as u32,
            });
        }
        let mut shown = Vec::new();
        if let Some(list) = view.get("weis_shown").and_then(Value::as_array) {
            for w in list {
                let s = w.get("seat")?.as_u64()? as u8;
                let mut set = CardSet::EMPTY;
                for meld in w.get("weis")?.as_array()? {
                    set |= CardSet::from_cards(cards(meld)?);
                }
                shown.push((s, set));
            }
        }
        Some(CardPlayView {
            seat,
            hand,
            contract,
            undenufe_eleven,
            trick_leader,
            trick,
            tricks,
            shown,
            chooser,
        })
    }

    /// The cards this seat may play now (strict rules, as in Schieber).
    pub fn legal_cards(&self) -> CardSet {
        let mode = self.contract.trick_mode(self.tricks.len());
        jass_core::trick::legal_cards(self.hand, &self.trick, mode, TrickRules::Strict)
    }

    fn observation(&self) -> SchieberObservation {
        SchieberObservation {
            seat: self.seat,
            phase: Phase::Play,
            hand: self.hand,
            dealer: 0,
            forehand: 0,
            to_move: Some(self.seat),
            schoben: false,
            contract: Some(self.contract),
            chooser: None,
            trick_leader: self.trick_leader,
            trick: self.trick.clone(),
            tricks: self.tricks.clone(),
            weis_calls: Vec::new(),
            weis_shown: Vec::new(),
            stoeck: None,
            deal_score: [0, 0],
            totals: [0, 0],
            target: 0,
        }
    }
}

/// Why no expected points could be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoValues {
    /// Too many cards are left for the solver to be quick.
    TooEarly {
        /// Cards left now.
        left: u32,
        /// The most cards left at which values are computed.
        max: u32,
    },
    /// No world agrees with what was seen (the input contradicts itself).
    NoWorld,
}

impl std::fmt::Display for NoValues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoValues::TooEarly { left, max } => write!(
                f,
                "expected points from {max} cards left on ({left} are left now)"
            ),
            NoValues::NoWorld => f.write_str(
                "no deal of the hidden cards agrees with the cards seen (check the input)",
            ),
        }
    }
}

/// The expected points of every legal card of `view`'s seat, averaged over sampled worlds: solved
/// from the card on with at most `max_cards` cards left, else (with `early_worlds`) played on by
/// the rule players to [`PLAY_OUT_HANDOFF`] cards left and solved from there.
pub fn card_values(view: &CardPlayView, settings: HintSettings) -> Result<CardValues, NoValues> {
    let contract = view.contract;
    let left = view.cards_left();
    let early = left > settings.max_cards;
    if early && settings.early_worlds == 0 {
        return Err(NoValues::TooEarly {
            left,
            max: settings.max_cards,
        });
    }
    let legal = view.legal_cards();
    let k = view_knowledge(view);
    let state = PlayState::of_schieber(&view.observation(), contract, view.undenufe_eleven);
    // Misère: the points credited to the seat's team are those the other team takes, which
    // that team keeps low.
    let team = state.counted_team(view.seat % 2);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    let mut solver = Solver::new(SolverConfig {
        tt_bits: 18,
        ..SolverConfig::default()
    });
    let mut totals = [0u64; 64];
    let worlds = if early {
        // Forehand leads the first trick, and its team chose the contract.
        let chooser = view
            .chooser
            .or(view.tricks.first().map(|t| t.leader))
            .unwrap_or(view.trick_leader);
        rollout_values(
            &mut solver,
            &mut rng,
            &k,
            &state,
            legal,
            team,
            chooser,
            settings.early_worlds,
            PLAY_OUT_HANDOFF,
            |c, v| totals[c.index()] += v as u64,
        )
    } else {
        partnership_values(
            &mut solver,
            &mut rng,
            &k,
            &state,
            team,
            settings.worlds.max(1),
            |values| {
                for (c, v) in values.iter() {
                    totals[c.index()] += v as u64;
                }
            },
        )
    };
    if worlds == 0 {
        return Err(NoValues::NoWorld);
    }
    let mut values: Vec<(Card, f64)> = legal
        .iter()
        .map(|c| (c, totals[c.index()] as f64 / worlds as f64))
        .collect();
    values.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    Ok(CardValues {
        values,
        worlds,
        played_out_to: early.then_some(PLAY_OUT_HANDOFF),
    })
}

/// The rule-based player's card for `view`'s seat, for positions without expected points. The
/// rule player looks only at its own seat's view, so any deal of the hidden cards that agrees with
/// the view serves to build a full Schieber state for it (the first leader as forehand, Weis left
/// out). `None` if no such deal is found.
pub fn rule_card(view: &CardPlayView, seed: u64) -> Option<Card> {
    use jass_bots::RuleSchieber;
    use jass_core::schieber::{
        FirstForehand, Schieber, SchieberAction, SchieberOptions, WeisOption,
    };
    use jass_core::{ActionList, Decision, Game, Player};

    let k = view_knowledge(view);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let world = sample_world_retry(&k, &mut rng, 50)?;
    // Who played which card, to rebuild the hands as dealt.
    let mut dealt = world;
    let mut order: Vec<Card> = Vec::new();
    let mut plays: Vec<(u8, &[Card])> = view
        .tricks
        .iter()
        .map(|t| (t.leader, &t.cards[..]))
        .collect();
    plays.push((view.trick_leader, &view.trick[..]));
    for (leader, cards) in plays {
        for (i, &c) in cards.iter().enumerate() {
            dealt[(leader as usize + i) % 4].insert(c);
            order.push(c);
        }
    }
    // The first leader of the deal is its forehand.
    let forehand = view.tricks.first().map_or(view.trick_leader, |t| t.leader);
    let options = SchieberOptions {
        first_forehand: FirstForehand::Seat(forehand),
        weis: WeisOption::None,
        misere: true,
        slalom: true,
        undenufe_eleven: view.undenufe_eleven,
        ..SchieberOptions::default()
    };
    let mut state = Schieber::new(options).ok()?;
    state.deal(dealt).ok()?;
    state
        .apply(SchieberAction::Contract {
            contract: view.contract,
        })
        .ok()?;
    for card in order {
        state.apply(SchieberAction::Play { card }).ok()?;
    }
    if state.to_move() != jass_core::ToMove::Seat(view.seat as usize) {
        return None;
    }
    let mut legal = ActionList::new();
    state.legal_actions(&mut legal);
    let decision = Decision::new(&state, view.seat as usize, &legal);
    RuleSchieber::new(options).act(&decision).played_card()
}

/// What the seat knows about the hidden hands, with the cards shown in Weis placed.
fn view_knowledge(view: &CardPlayView) -> jass_bots::worlds::Knowledge {
    let mut k = knowledge(&view.observation());
    let mut played = CardSet::EMPTY;
    for t in &view.tricks {
        played |= CardSet::from_cards(t.cards.iter().copied());
    }
    played |= CardSet::from_cards(view.trick.iter().copied());
    for &(s, cards) in &view.shown {
        if s != view.seat {
            let still = cards - played;
            k.known[s as usize] |= still;
            k.unknown = k.unknown - still;
        }
    }
    for p in 0..4 {
        k.possible[p] = (k.possible[p] & k.unknown) | k.known[p];
    }
    k
}

/// What computer player `bot` (`rule`, `sampling`) would do at the decision after `actions` in a
/// game of `spec` dealt from `seed` ([`jass_table::suggest`]: the game rebuilt from its actions,
/// the seat to act asked once), in record notation. `None` if the game is over, the bot unknown
/// or an action not legal where it stands.
pub fn suggestion(spec: &GameSpec, seed: u64, actions: &[Value], bot: &str) -> Option<Value> {
    jass_table::suggest(spec, seed, actions, bot).ok().flatten()
}

/// A hint at a table: the suggested action and, where computed, the expected points of every card.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The suggested action in record notation.
    pub action: Value,
    /// Who suggests it where there are no expected points: `sampling` (the strongest player of
    /// every game) or `rule` (its fallback); `None` with expected points.
    pub by: Option<&'static str>,
    /// Expected points of the legal cards (Schieber and Coiffeur card play), or why there are none.
    pub values: Result<CardValues, String>,
}

/// The hint for the seat to act after `actions` in a game of `spec`, whose view is `view`.
pub fn table_hint(
    spec: &GameSpec,
    seed: u64,
    actions: &[Value],
    view: &Value,
    legal: &[Value],
    settings: HintSettings,
) -> Option<Hint> {
    let card_play = legal
        .iter()
        .all(|a| a.get("action").and_then(Value::as_str) == Some("play"));
    let values = if !card_play {
        Err("expected points only in card play".to_string())
    } else if !spec.kind.info().schieber_card_play {
        Err(format!(
            "expected points only where the card play is Schieber's (Schieber, Coiffeur), not in {}",
            spec.kind.info().title
        ))
    } else {
        let eleven = spec
            .options
            .get("undenufe_eleven")
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default();
        match CardPlayView::from_view(view, eleven) {
            Some(v) => card_values(&v, settings).map_err(|e| e.to_string()),
            None => Err("no card play view".to_string()),
        }
    };
    if let Ok(v) = &values {
        if let Some(best) = v.best() {
            return Some(Hint {
                action: serde_json::json!({"action": "play", "card": best.to_string()}),
                by: None,
                values,
            });
        }
    }
    // The sampling player's choice (every game has one; the rule player's if it has none).
    ["sampling", "rule"].into_iter().find_map(|bot| {
        let action = suggestion(spec, seed, actions, bot)?;
        Some(Hint {
            action,
            by: Some(bot),
            values: values.clone(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::Mode;
    use jass_table::{run_table, Event, GameKind, SeatPlayer};

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    /// A real position from a rule-played game: the view read from JSON, every legal card
    /// valued within the points left, best first, and the same seed gives the same values.
    #[test]
    fn values_of_a_late_position_from_a_real_view() {
        let spec = GameSpec::parse("schieber", &[]).unwrap();
        let seats = (0..4).map(|_| SeatPlayer::Bot("rule".into())).collect();
        let mut found: Option<(Value, Vec<Value>)> = None;
        run_table(&spec, 11, seats, &[], &mut |e| {
            if let Event::Snapshot(s) = e {
                let view = &s.views[0];
                if found.is_none()
                    && s.to_move == Some(0)
                    && s.legal.len() > 1
                    && s.legal.iter().all(|a| a["action"] == "play")
                    && view["tricks"].as_array().map_or(0, |t| t.len()) >= 4
                    && !view["contract"].is_null()
                {
                    found = Some((view.clone(), s.legal.clone()));
                }
            }
        })
        .unwrap();
        let (view_json, legal) = found.expect("a late decision of seat 0");
        let view = CardPlayView::from_view(&view_json, UndenufeEleven::Ace).unwrap();
        assert!(view.cards_left() <= 20);
        let legal_cards: CardSet = legal
            .iter()
            .map(|a| a["card"].as_str().unwrap().parse::<Card>().unwrap())
            .collect();
        assert_eq!(view.legal_cards(), legal_cards, "the engine's legal cards");
        let settings = HintSettings {
            worlds: 8,
            ..HintSettings::default()
        };
        let v = card_values(&view, settings).unwrap();
        assert_eq!(v.worlds, 8);
        assert_eq!(v.values.len() as u32, legal_cards.len());
        for w in v.values.windows(2) {
            assert!(w[0].1 >= w[1].1, "best first");
        }
        for &(c, pts) in &v.values {
            assert!(legal_cards.contains(c));
            assert!((0.0..=257.0).contains(&pts), "{c} {pts}");
        }
        assert_eq!(card_values(&view, settings).unwrap(), v, "repeatable");
        let rule = rule_card(&view, 1).expect("the rule player's card");
        assert!(legal_cards.contains(rule));
    }

    /// At the first lead: values from play-outs (every card of the hand, within the points of
    /// a deal); all nine trumps take every trick, so every card is worth the Match, 257.
    #[test]
    fn early_values_come_from_play_outs() {
        let view = CardPlayView {
            seat: 2,
            hand: CardSet::from_cards(cards("SA SK D6 D7 C8 C9 C10 H6 H7")),
            contract: Contract::Mode(Mode::Trump(jass_core::Suit::S)),
            undenufe_eleven: UndenufeEleven::Ace,
            trick_leader: 2,
            trick: vec![],
            tricks: vec![],
            shown: vec![],
            chooser: Some(2),
        };
        let settings = HintSettings {
            early_worlds: 16,
            ..HintSettings::default()
        };
        let v = card_values(&view, settings).unwrap();
        assert_eq!(v.worlds, 16);
        assert_eq!(v.played_out_to, Some(PLAY_OUT_HANDOFF));
        assert_eq!(v.values.len(), 9);
        for w in v.values.windows(2) {
            assert!(w[0].1 >= w[1].1, "best first");
        }
        for &(c, pts) in &v.values {
            assert!((0.0..=257.0).contains(&pts), "{c} {pts}");
        }
        assert_eq!(card_values(&view, settings).unwrap(), v, "repeatable");
        let all_trumps = CardPlayView {
            hand: CardSet::suit(jass_core::Suit::H),
            contract: Contract::Mode(Mode::Trump(jass_core::Suit::H)),
            ..view
        };
        let v = card_values(&all_trumps, settings).unwrap();
        assert!(v.values.iter().all(|&(_, p)| p == 257.0), "{v:?}");
    }

    #[test]
    fn too_early_misere_and_slalom_are_explained() {
        let view = CardPlayView {
            seat: 0,
            hand: CardSet::from_cards(cards("HA HK HQ HJ H10 H9 H8 H7 H6")),
            contract: Contract::Mode(Mode::Trump(jass_core::Suit::H)),
            undenufe_eleven: UndenufeEleven::Ace,
            trick_leader: 0,
            trick: vec![],
            tricks: vec![],
            shown: vec![],
            chooser: None,
        };
        let no_play_outs = HintSettings {
            early_worlds: 0,
            ..HintSettings::default()
        };
        let e = card_values(&view, no_play_outs).unwrap_err();
        assert_eq!(e, NoValues::TooEarly { left: 36, max: 24 });
        assert!(e.to_string().contains("24 cards left"));
        let rule = rule_card(&view, 1).expect("a card at the first lead");
        assert!(view.hand.contains(rule));
        // Slalom: with all nine Rosen seat 0, on lead, takes every trick in either direction
        // (nobody else can follow): every card is worth the Match, 257.
        for contract in [Contract::Slalom, Contract::SlalomUndenufe] {
            let slalom = CardPlayView {
                contract,
                ..view.clone()
            };
            let v = card_values(&slalom, HintSettings::default()).unwrap();
            assert_eq!(v.values.len(), 9);
            assert!(v.values.iter().all(|&(_, p)| p == 257.0), "{v:?}");
        }
        // Misère: the points credited to seat 0's team are those the other team takes. With
        // all nine Rosen seat 0 takes every trick whatever it plays: nothing for its team.
        let misere = CardPlayView {
            contract: Contract::Misere,
            ..view
        };
        let v = card_values(&misere, HintSettings::default()).unwrap();
        assert_eq!(v.values.len(), 9);
        assert!(v.values.iter().all(|&(_, p)| p == 0.0), "{v:?}");
    }

    #[test]
    fn rule_suggestion_is_a_legal_first_action_and_none_after_the_game() {
        let spec = GameSpec::parse("schieber", &[]).unwrap();
        let a = suggestion(&spec, 5, &[], "rule").unwrap();
        let kind = a["action"].as_str().unwrap();
        assert!(kind == "contract" || kind == "schieben", "{a}");
        let seats = (0..4).map(|_| SeatPlayer::Bot("rule".into())).collect();
        let done = run_table(&spec, 5, seats, &[], &mut |_| {}).unwrap();
        assert_eq!(
            suggestion(&spec, 5, &done.actions, "rule"),
            None,
            "game over"
        );
        assert_eq!(
            suggestion(
                &spec,
                5,
                &[serde_json::json!({"action": "play", "card": "HA"})],
                "rule"
            ),
            None,
            "not a legal first action"
        );
    }

    /// Points of a seeded game of every kind where the seat to act has a choice: `(actions so
    /// far, view, legal actions)`, every `every`-th such decision.
    fn decisions(kind: GameKind, seed: u64, every: usize) -> Vec<(Vec<Value>, Value, Vec<Value>)> {
        let spec = GameSpec::parse(kind.name(), &[]).unwrap();
        let seats = (0..spec.seats())
            .map(|_| SeatPlayer::Bot("rule".into()))
            .collect();
        let mut actions = Vec::new();
        let mut found = Vec::new();
        let mut seen = 0;
        run_table(&spec, seed, seats, &[], &mut |e| match e {
            Event::Snapshot(s) => {
                if let Some(seat) = s.to_move {
                    if s.legal.len() > 1 {
                        if seen % every == 0 {
                            found.push((actions.clone(), s.views[seat].clone(), s.legal.clone()));
                        }
                        seen += 1;
                    }
                }
            }
            Event::Acted { action, .. } => actions.push(action),
            Event::Fallback(_) => {}
        })
        .unwrap();
        found
    }

    /// The hint at decisions all through a game of every kind is legal and the same when asked
    /// again; where there are no expected points it is the sampling player's.
    #[test]
    fn hints_through_every_game_are_legal_and_repeatable() {
        for kind in GameKind::ALL {
            let spec = GameSpec::parse(kind.name(), &[]).unwrap();
            let points = decisions(kind, 3, 23);
            assert!(
                points.len() >= 3,
                "{}: {} decisions",
                kind.name(),
                points.len()
            );
            for (actions, view, legal) in points.iter().take(6) {
                let settings = HintSettings {
                    worlds: 4,
                    early_worlds: 4,
                    ..HintSettings::default()
                };
                let h = table_hint(&spec, 3, actions, view, legal, settings).unwrap();
                assert!(
                    legal.contains(&h.action),
                    "{}: {} is legal",
                    kind.name(),
                    h.action
                );
                assert_eq!(h.by.is_none(), h.values.is_ok(), "{}", kind.name());
                if h.values.is_err() {
                    assert_eq!(h.by, Some("sampling"), "{}", kind.name());
                }
                let again = table_hint(&spec, 3, actions, view, legal, settings).unwrap();
                assert_eq!(again.action, h.action, "{}: repeatable", kind.name());
            }
        }
    }

    /// How long a hint takes (`cargo test --release -p jass-analysis --lib hint_times -- --ignored
    /// --nocapture`): the median and the longest of every game's decisions.
    #[test]
    #[ignore]
    fn hint_times() {
        for kind in GameKind::ALL {
            let spec = GameSpec::parse(kind.name(), &[]).unwrap();
            let mut ms: Vec<f64> = Vec::new();
            for seed in 1..=3 {
                for (actions, view, legal) in decisions(kind, seed, 5) {
                    let t = std::time::Instant::now();
                    let h = table_hint(
                        &spec,
                        seed,
                        &actions,
                        &view,
                        &legal,
                        HintSettings::default(),
                    );
                    ms.push(t.elapsed().as_secs_f64() * 1e3);
                    assert!(h.is_some());
                }
            }
            ms.sort_by(f64::total_cmp);
            println!(
                "{}: {} hints, median {:.1} ms, 90% {:.1} ms, longest {:.1} ms",
                kind.name(),
                ms.len(),
                ms[ms.len() / 2],
                ms[ms.len() * 9 / 10],
                ms[ms.len() - 1]
            );
        }
    }

    /// Every game gets a legal suggestion at its first decision (the sampling player's, with the
    /// reason why there are no expected points).
    #[test]
    fn every_game_gets_a_legal_hint() {
        for kind in GameKind::ALL {
            let spec = GameSpec::parse(kind.name(), &[]).unwrap();
            let seats = (0..spec.seats())
                .map(|_| SeatPlayer::Bot("rule".into()))
                .collect();
            let mut first = None;
            run_table(&spec, 9, seats, &[], &mut |e| {
                if let Event::Snapshot(s) = e {
                    if first.is_none() {
                        if let Some(seat) = s.to_move {
                            first = Some((s.views[seat].clone(), s.legal.clone()));
                        }
                    }
                }
            })
            .unwrap();
            let (view, legal) = first.unwrap();
            let h = table_hint(&spec, 9, &[], &view, &legal, HintSettings::default())
                .unwrap_or_else(|| panic!("{}: a hint", kind.name()));
            assert!(
                legal.contains(&h.action),
                "{}: {} is legal",
                kind.name(),
                h.action
            );
            assert!(h.values.is_err(), "no values before card play");
            assert_eq!(h.by, Some("sampling"), "{}", kind.name());
        }
    }
}

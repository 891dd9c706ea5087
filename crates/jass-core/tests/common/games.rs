//! Helpers for the tests of any game (`jass_core::game::Game`): actions written as text, refusals
//! that must change nothing, the seat to move and its legal actions, a whole game played by
//! seeded random choices with the test's checks at every step, records read back; and what the
//! trump games' tests add up by hand: the card values written out from the rules (not the
//! engine's tables), the Stöck's holder, the legal cards of a trick.

use super::card;
use jass_core::deal::SeededDealer;
use jass_core::game::{ActionList, Game, IllegalAction, PlaysCard, ToMove};
use jass_core::record::{GameRecord, RecordedGame};
use jass_core::trick::legal_cards;
use jass_core::weis::stoeck_cards;
use jass_core::{Card, CardSet, Mode, Rank, TrickRules, UndenufeEleven};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt::Debug;
use std::str::FromStr;

// ---------------------------------------------------------------------------------------------
// Actions.

/// Applies these actions written as text (`pass`, `bid 620`, `play HA`, …) in turn; each must
/// be legal.
pub fn run<G: Game>(g: &mut G, actions: &[&str])
where
    G::Action: FromStr,
    <G::Action as FromStr>::Err: Debug,
{
    for a in actions {
        let action: G::Action = a.parse().unwrap();
        g.apply(action).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

/// The refusal of `step` (an action or a deal: `what`), which must change nothing: neither the
/// state nor any view (a seat's, the spectators').
fn refusal<G: Game + Debug>(
    g: &mut G,
    what: &str,
    step: impl FnOnce(&mut G) -> Result<(), IllegalAction>,
) -> String {
    let before = format!("{g:?}");
    let views: Vec<_> = (0..g.seats()).map(|s| g.view_json(s)).collect();
    let public = g.public_view_json();
    let err = step(g).unwrap_err().to_string();
    assert_eq!(before, format!("{g:?}"), "a refused {what} changes nothing");
    for (s, v) in views.iter().enumerate() {
        assert_eq!(v, &g.view_json(s), "a refused {what} changes no view");
    }
    assert_eq!(
        public,
        g.public_view_json(),
        "a refused {what} changes no view"
    );
    err
}

/// The refusal of `action`, which must change nothing.
pub fn refused_action<G: Game + Debug>(g: &mut G, action: G::Action) -> String {
    refusal(g, "action", |g| g.apply(action))
}

/// The refusal of `action` written as text, which must change nothing.
pub fn refused<G: Game + Debug>(g: &mut G, action: &str) -> String
where
    G::Action: FromStr,
    <G::Action as FromStr>::Err: Debug,
{
    refused_action(g, action.parse().unwrap())
}

/// The refusal of `deal`, which must change nothing.
pub fn refused_deal<G: Game + Debug>(g: &mut G, deal: G::Deal) -> String {
    refusal(g, "deal", |g| g.apply_deal(deal))
}

/// The legal actions of the seat to move.
pub fn legal_actions<G: Game>(g: &G) -> Vec<G::Action> {
    let mut l = ActionList::new();
    g.legal_actions(&mut l);
    l.to_vec()
}

/// The cards among the legal actions of the seat to move.
pub fn legal<G: Game>(g: &G) -> CardSet {
    let mut l = ActionList::new();
    g.legal_actions(&mut l);
    l.played_cards()
}

/// The seat to move; there must be one.
pub fn seat_to_move<G: Game>(g: &G) -> u8 {
    match g.to_move() {
        ToMove::Seat(s) => s as u8,
        t => panic!("no seat to move: {t:?}"),
    }
}

/// Plays on with the first legal action of each seat while a seat is to move (to the end of the
/// deal, in the games that deal again).
pub fn play_first_legal<G: Game>(g: &mut G) {
    let mut l = ActionList::new();
    while let ToMove::Seat(_) = g.to_move() {
        g.legal_actions(&mut l);
        g.apply(l.get(0)).unwrap();
    }
}

/// Plays one trick of `cards` cards written as text (as `play CARD`): each seat `card_of(seat)`,
/// played when the game asks that seat.
pub fn play_trick<'a, G: Game>(g: &mut G, cards: usize, card_of: impl Fn(usize) -> &'a str)
where
    G::Action: FromStr,
    <G::Action as FromStr>::Err: Debug,
{
    for _ in 0..cards {
        let s = seat_to_move(g) as usize;
        let c = card_of(s);
        g.apply(format!("play {c}").parse().unwrap())
            .unwrap_or_else(|e| panic!("seat {s} {c}: {e}"));
    }
}

// ---------------------------------------------------------------------------------------------
// Card values, worked out by hand.

/// A card's points, from the values (not the engine's tables): trumps J 20, 9 14, A 11, 10 10,
/// K 4, Q 3; the other suits A 11, 10 10, K 4, Q 3, J 2; the 8s 8 without trump. In Undenufe
/// the Six counts 11 and the Ace none (`eleven` `Six`: JassWiki and 004), or the Ace 11 and the
/// Six none (`Ace`).
pub fn value_with(c: Card, mode: Mode, eleven: UndenufeEleven) -> u32 {
    let trump = mode.trump() == Some(c.suit());
    let six_eleven = mode == Mode::Undenufe && eleven == UndenufeEleven::Six;
    match c.rank() {
        Rank::Six if six_eleven => 11,
        Rank::Ace if six_eleven => 0,
        Rank::Jack if trump => 20,
        Rank::Nine if trump => 14,
        Rank::Eight if mode.trump().is_none() => 8,
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

/// A card's points as [`value_with`], the Six counting 11 in Undenufe.
pub fn value(c: Card, mode: Mode) -> u32 {
    value_with(c, mode, UndenufeEleven::Six)
}

/// The points of these cards as [`value`].
pub fn points_of(cards: CardSet, mode: Mode) -> u32 {
    cards.iter().map(|c| value(c, mode)).sum()
}

/// Checks the points of a trick (`cards` as text), worked out by hand in a test's comments,
/// against the card values: [`value_with`], and 5 if it is the deal's `last`.
pub fn assert_worked(cards: &[&str], mode: Mode, eleven: UndenufeEleven, last: bool, points: u32) {
    let by_values = cards
        .iter()
        .map(|c| value_with(card(c), mode, eleven))
        .sum::<u32>()
        + if last { 5 } else { 0 };
    assert_eq!(by_values, points, "the figure worked by hand for {cards:?}");
}

/// The seat holding trump King and Queen in `hands`, if any.
pub fn stoeck_holder(hands: &[CardSet], mode: Mode) -> Option<u8> {
    let t = mode.trump()?;
    hands
        .iter()
        .position(|h| h.contains_all(stoeck_cards(t)))
        .map(|s| s as u8)
}

/// The legal actions when a card is to be played: cards only, every one held, and exactly those
/// `trick::legal_cards` allows under the strict rules (`trick` the cards played to it so far).
/// Returns the cards.
pub fn check_legal_cards<A: Copy + PlaysCard>(
    legal: &ActionList<A>,
    hand: CardSet,
    trick: &[Card],
    mode: Mode,
) -> CardSet {
    let cards = legal.played_cards();
    assert_eq!(cards.len() as usize, legal.len(), "only cards are played");
    assert!(hand.contains_all(cards), "every legal card is held");
    assert_eq!(
        cards,
        legal_cards(hand, trick, mode, TrickRules::Strict),
        "{hand} to {trick:?} in {mode}"
    );
    cards
}

/// The cards of `pack` at these index ranges.
pub fn packs(pack: &[Card; 36], ranges: &[std::ops::Range<usize>]) -> CardSet {
    ranges
        .iter()
        .flat_map(|r| pack[r.clone()].iter().copied())
        .collect()
}

/// The cards in a JSON view.
pub fn view_cards(v: &serde_json::Value) -> CardSet {
    let mut out = CardSet::EMPTY;
    super::cards_in(v, &mut out);
    out
}

// ---------------------------------------------------------------------------------------------
// Whole games played at random.

/// A test's part in a game played by [`drive`]: its checks at each step and its choices.
pub trait Driver<G: Game> {
    /// Checks the state before every step, and once at the end.
    fn step(&mut self, _g: &G) {}
    /// Checks the cards about to be dealt (`g` as before them).
    fn dealing(&mut self, _g: &G, _deal: &G::Deal) {}
    /// Checks the state after its `n`th deal.
    fn dealt(&mut self, _g: &G, _n: u32) {}
    /// Checks the legal actions of `seat` (never empty) and chooses one, drawing on `rng`.
    fn choose(
        &mut self,
        g: &G,
        seat: usize,
        legal: &ActionList<G::Action>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> G::Action;
    /// Checks the state `g` after an action taken in `before`.
    fn acted(&mut self, _before: &G, _g: &G) {}
    /// Checks the state after an action that left no seat to move: a deal just over (the cards
    /// are to be dealt again, or the game is over).
    fn deal_over(&mut self, _g: &G) {}
}

/// Plays `g` to its end: the cards from a `SeededDealer` seeded with `deal_seed`, each action
/// the driver's choice with a random source seeded with `seed`; at most `max_deals` deals.
/// Returns the number of deals.
pub fn drive<G: Game>(
    g: &mut G,
    seed: u64,
    deal_seed: u64,
    max_deals: u32,
    driver: &mut impl Driver<G>,
) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut dealer = SeededDealer::new(deal_seed);
    let mut legal = ActionList::new();
    let mut deals = 0;
    loop {
        driver.step(g);
        match g.to_move() {
            ToMove::Over => break,
            ToMove::Deal => {
                let d = g.deal_from_pack(&dealer.next_pack());
                driver.dealing(g, &d);
                g.apply_deal(d).unwrap();
                deals += 1;
                assert!(deals <= max_deals, "the game ends within {max_deals} deals");
                driver.dealt(g, deals);
            }
            ToMove::Seat(seat) => {
                g.legal_actions(&mut legal);
                assert!(!legal.is_empty());
                let action = driver.choose(g, seat, &legal, &mut rng);
                let before = g.clone();
                g.apply(action).unwrap();
                driver.acted(&before, g);
                if !matches!(g.to_move(), ToMove::Seat(_)) {
                    driver.deal_over(g);
                }
            }
        }
    }
    deals
}

// ---------------------------------------------------------------------------------------------
// Records.

/// The record as a JSON line, which must name the game `name`, read back equal and checking
/// cleanly; returns the line.
pub fn read_back<G: RecordedGame>(rec: &GameRecord<G>, name: &str) -> String {
    let json = rec.to_json_line();
    let head = format!(r#"{{"game":"{name}","format":"jass-record""#);
    assert!(json.starts_with(&head), "{json}");
    let back = GameRecord::<G>::from_value(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(&back, rec);
    back.check().unwrap();
    json
}

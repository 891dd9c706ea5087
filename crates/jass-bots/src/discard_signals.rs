//! 001's discard signal between two sampling Schieber partners (setting `signals`, off by
//! default): "a discarded card shows a suit that the discarder does not want their partner to
//! lead ... The weakest suit should be discarded first, so it is especially important to watch
//! for your partner's first discard". Half of what hidden cards cost the sampling player is its
//! partner's hand (docs/lab/2026-12-04-partner-hand.md); the signal is the one message the rules
//! let a partner send.
//!
//! *Giving*: at a seat's first discard (a card of neither the suit led nor trumps), the card the
//! rule player would signal with ([`crate::play_common::signal_discard`]: the fewest points, from the
//! suit whose best card in the hand is lowest) when the worlds value it within the tolerance of
//! the best card. *Reading*: a world in which the partner's first discard is not the card it
//! would have signalled with, holding that world's hand, counts one more miss (weighed as the
//! other evidence's misses, `infer` percent).
//!
//! Measured between two such partners: 50.13% ± 0.13% of the points against the player without
//! it (1,000 deals; a tolerance of 5 points 49.75%), so it is off by default
//! (docs/lab/2026-12-04-partner-hand.md).

use jass_core::schieber::{Contract, SchieberObservation};
use jass_core::{Card, CardSet, Mode, PointTable, UndenufeEleven};

use crate::play_common::{first_discard_at, signal_discard};

/// The signalling discard of a hand `hand` among its `legal` cards in mode `mode`, if the
/// decision is a discard (no card of the suit `led`, a plain card to give): 001's weakest suit,
/// as the rule player gives it.
fn signal_card(
    hand: CardSet,
    legal: CardSet,
    led: jass_core::Suit,
    mode: Mode,
    eleven: UndenufeEleven,
) -> Option<Card> {
    let plain = legal - mode.trumps();
    if plain.is_empty() || !legal.of_suit(led).is_empty() {
        return None;
    }
    Some(signal_discard(
        hand,
        plain,
        mode,
        PointTable::new(mode, eleven),
    ))
}

/// `seat`'s first discard in the tricks seen in `obs` (the completed ones, then the one in
/// progress): the trick's index and the card. (The trumps are the same in every trick of a
/// contract; Slalom's two modes have none.)
fn first_discard(obs: &SchieberObservation, contract: Contract, seat: u8) -> Option<(usize, Card)> {
    let tricks = crate::worlds::seen_tricks(&obs.tricks, obs.trick_leader, &obs.trick);
    first_discard_at(seat, tricks, contract.trick_mode(0))
}

/// The card this seat signals with instead of `best` in `obs`, if it is its first discard and
/// `value` (a card's worth, in points, averaged over the worlds) puts the signal within
/// `tolerance` points of `best`.
pub(crate) fn signal_instead(
    obs: &SchieberObservation,
    legal: CardSet,
    best: Card,
    tolerance: u32,
    eleven: UndenufeEleven,
    value: impl Fn(Card) -> f64,
) -> Option<Card> {
    let contract = obs.contract?;
    let led = obs.trick.first()?.suit();
    if first_discard(obs, contract, obs.seat).is_some() {
        return None;
    }
    let mode = contract.trick_mode(obs.tricks.len());
    let signal = signal_card(obs.hand, legal, led, mode, eleven)?;
    (signal != best && value(signal) + tolerance as f64 >= value(best)).then_some(signal)
}

/// What the partner's first discard says, read against the worlds.
pub(crate) struct PartnerSignal {
    partner: usize,
    /// The discard, the suit led to its trick and that trick's mode.
    card: Card,
    led: jass_core::Suit,
    mode: Mode,
    eleven: UndenufeEleven,
    /// The partner's cards played from that trick on (the discard among them).
    played_since: CardSet,
}

impl PartnerSignal {
    /// The partner's first discard in `obs`, if it has made one.
    pub(crate) fn of(obs: &SchieberObservation, eleven: UndenufeEleven) -> Option<PartnerSignal> {
        let contract = obs.contract?;
        if contract == Contract::Misere {
            return None;
        }
        let partner = (obs.seat + 2) % 4;
        let (t, card) = first_discard(obs, contract, partner)?;
        let tricks: Vec<(u8, &[Card])> =
            crate::worlds::seen_tricks(&obs.tricks, obs.trick_leader, &obs.trick).collect();
        let led = tricks[t].1[0].suit();
        let played_since =
            crate::worlds::played_by_seat(tricks[t..].iter().copied())[partner as usize];
        Some(PartnerSignal {
            partner: partner as usize,
            card,
            led,
            mode: contract.trick_mode(t),
            eleven,
            played_since,
        })
    }

    /// 1 if the partner, holding its cards of the world `hands` (the hands now), would have
    /// signalled with another card, else 0. Its legal cards then are taken as its whole hand
    /// (a discard: no card of the suit led; the trumps are not among the signal's cards).
    pub(crate) fn misses(&self, hands: &[CardSet; 4]) -> u32 {
        let hand = hands[self.partner] | self.played_since;
        let signal = signal_card(hand, hand, self.led, self.mode, self.eleven);
        u32::from(signal.is_some_and(|s| s != self.card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::game::{Game, ToMove};
    use jass_core::schieber::{
        FirstForehand, Schieber, SchieberAction, SchieberOptions, WeisOption,
    };
    use jass_core::Suit;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// Hearts trump, seat 0 leads the ace of spades, seat 1 follows, seat 2 has no spade: its
    /// signal is the six of clubs (no points, and clubs, topped by the nine, are its weakest
    /// suit; diamonds hold the ace).
    fn first_trick() -> Schieber {
        let o = SchieberOptions {
            first_forehand: FirstForehand::Seat(0),
            weis: WeisOption::None,
            stoeck: false,
            ..SchieberOptions::default()
        };
        let mut g = Schieber::new(o).unwrap();
        g.deal([
            set("SA S10 SK HJ H9 HA CA C10 CK"),
            set("S6 S7 S8 S9 SJ SQ HK HQ H10"),
            set("D6 D7 DA DK C6 C9 H6 H7 H8"),
            set("D8 D9 D10 DJ DQ C7 C8 CJ CQ"),
        ])
        .unwrap();
        let contract = Contract::Mode(Mode::Trump(Suit::H));
        g.apply(SchieberAction::Contract { contract }).unwrap();
        for c in ["SA", "S6"] {
            g.apply(SchieberAction::Play { card: card(c) }).unwrap();
        }
        assert_eq!(g.to_move(), ToMove::Seat(2));
        g
    }

    /// The first discard gives the signal when it costs at most the tolerance, not otherwise,
    /// and not at a later discard.
    #[test]
    fn the_first_discard_signals_within_the_tolerance() {
        let g = first_trick();
        let obs = g.observation(2);
        let legal = obs.hand;
        let eleven = UndenufeEleven::Ace;
        let best = card("D6");
        let level = |_: Card| 10.0;
        let signal = signal_instead(&obs, legal, best, 2, eleven, level);
        assert_eq!(signal, Some(card("C6")));
        let dearer = |c: Card| if c == card("C6") { 7.0 } else { 10.0 };
        assert_eq!(signal_instead(&obs, legal, best, 2, eleven, dearer), None);
        let signal = signal_instead(&obs, legal, best, 3, eleven, dearer);
        assert_eq!(signal, Some(card("C6")));
        // Tolerance 0: only a signal worth as much as the best card.
        let signal = signal_instead(&obs, legal, best, 0, eleven, level);
        assert_eq!(signal, Some(card("C6")));
        let cheaper = |c: Card| if c == card("C6") { 9.5 } else { 10.0 };
        assert_eq!(signal_instead(&obs, legal, best, 0, eleven, cheaper), None);
        // Seat 3's signal (the seven of clubs: its clubs and diamonds both topped by the queen,
        // the seven the weakest of its pointless cards) is given unless it is the best already.
        let mut g = first_trick();
        g.apply(SchieberAction::Play { card: card("C6") }).unwrap();
        let obs = g.observation(3);
        let signal = signal_instead(&obs, obs.hand, card("D8"), 2, eleven, level);
        assert_eq!(signal, Some(card("C7")));
        assert_eq!(
            signal_instead(&obs, obs.hand, card("C7"), 2, eleven, level),
            None
        );
        // The next trick: seat 0 leads spades again and seat 2 discards a second time.
        for c in ["C7", "S10", "S7"] {
            g.apply(SchieberAction::Play { card: card(c) }).unwrap();
        }
        assert_eq!(g.to_move(), ToMove::Seat(2));
        let obs = g.observation(2);
        let again = signal_instead(&obs, obs.hand, card("DK"), 2, eleven, level);
        assert_eq!(again, None, "only the first discard signals");
    }

    /// The partner's first discard read against worlds: no miss where its hand signals with
    /// it, one where that hand would have signalled with another card.
    #[test]
    fn the_partners_first_discard_is_read_as_its_signal() {
        let mut g = first_trick();
        g.apply(SchieberAction::Play { card: card("C6") }).unwrap();
        let obs = g.observation(0);
        let read = PartnerSignal::of(&obs, UndenufeEleven::Ace).expect("a discard");
        assert_eq!(read.card, card("C6"));
        assert_eq!(read.misses(&g.hands()), 0, "the true hand signals with it");
        let mut world = g.hands();
        world[2] = set("D6 D7 D8 D9 CA H6 H7 H8");
        assert_eq!(
            read.misses(&world),
            1,
            "diamonds to the nine: it would discard D6"
        );
        // Seat 1's view: its partner (seat 3) has not discarded.
        assert!(PartnerSignal::of(&g.observation(1), UndenufeEleven::Ace).is_none());
    }
}

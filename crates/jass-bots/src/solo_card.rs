//! The rule card of a deal one player plays alone against the others, who play together
//! (Pandur's soloist, Bieter's King), written once: the soloist of a points contract draws trumps
//! with the top trump and cashes his sure cards, takes a trick worth 10 or the last card's
//! cheaply; the soloist who must lose every trick stays under, the one who must take every trick
//! heads every one; the others take the soloist's tricks and smear points on each other's, and
//! against a soloist who must lose make him take.

use jass_core::trick::{legal_cards, trick_winner};
use jass_core::{Card, CardSet, Mode, PointTable, Suit, TrickRules, UndenufeEleven};

use crate::play_common::{heads, higher_out};

/// What the soloist plays for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SoloAim {
    /// Card points (and the tricks that bring them).
    Points,
    /// No trick (Misère, Hindersi).
    LoseAll,
    /// Every trick (Pandur).
    TakeAll,
}

/// A solo deal as the rule card sees it.
#[derive(Copy, Clone, Debug)]
pub struct SoloDeal {
    /// What the soloist plays for.
    pub aim: SoloAim,
    /// The soloist's place (places `0..seats` in playing order).
    pub solo: usize,
    /// The places that play the deal.
    pub seats: usize,
    /// The trick rules.
    pub rules: TrickRules,
    /// The cards in play (the whole pack, or Pandur's 24).
    pub pack: CardSet,
    /// Which card counts 11 in Undenufe.
    pub eleven: UndenufeEleven,
}

/// The sure tricks of `suit` held in `cards` in `mode` among the cards in play (`pack`): the
/// run from the suit's top card down.
pub fn top_run(cards: CardSet, suit: Suit, mode: Mode, pack: CardSet) -> u32 {
    let mut rest = CardSet::suit(suit) & pack;
    let mut run = 0;
    while let Some(top) = rest.iter().max_by_key(|&c| mode.trick_key(c, suit)) {
        if !cards.contains(top) {
            break;
        }
        run += 1;
        rest.remove(top);
    }
    run
}

/// The card the place `seat` plays by rule: its `hand`, the trick so far (lead first), every
/// card played in the deal (`gone`), the mode of play.
pub fn solo_rule_card(
    deal: SoloDeal,
    seat: usize,
    hand: CardSet,
    trick: &[Card],
    gone: CardSet,
    mode: Mode,
) -> Card {
    let legal = legal_cards(hand, trick, mode, deal.rules);
    let points = PointTable::new(mode, deal.eleven);
    let rank = |c: Card| {
        u32::from(mode.trick_key(c, c.suit())) + if mode.trumps().contains(c) { 100 } else { 0 }
    };
    let pick = |cards: CardSet, key: &dyn Fn(Card) -> (i64, i64)| {
        cards.iter().max_by_key(|&c| key(c)).expect("a card")
    };
    let cheapest = |cards: CardSet| pick(cards, &|c| (-(points.card(c) as i64), -(rank(c) as i64)));
    let dearest = |cards: CardSet| pick(cards, &|c| (points.card(c) as i64, -(rank(c) as i64)));
    let highest = |cards: CardSet| pick(cards, &|c| (rank(c) as i64, 0));
    let lowest = |cards: CardSet| pick(cards, &|c| (-(rank(c) as i64), 0));
    let winners: CardSet = legal
        .iter()
        .filter(|&c| trick.is_empty() || heads(trick, c, mode))
        .collect();
    let ducks = legal - winners;
    let solo = seat == deal.solo;
    let n = deal.seats;
    let leader = (seat + n - trick.len()) % n;
    let solo_in_trick = (deal.solo + n - leader) % n;
    let solo_played = solo_in_trick < trick.len();
    let solo_winning =
        solo_played && !trick.is_empty() && trick_winner(trick, mode) == solo_in_trick;
    let sure = |c: Card| {
        higher_out(c, hand, gone, mode) == 0
            && (mode.trumps().contains(c)
                || (mode.trumps() - hand - gone).is_empty()
                || trick.is_empty())
    };
    match deal.aim {
        SoloAim::LoseAll => {
            if solo {
                return if trick.is_empty() {
                    // Lead the card the most cards still out can head, the lowest.
                    pick(legal, &|c| {
                        (higher_out(c, hand, gone, mode) as i64, -(rank(c) as i64))
                    })
                } else if !ducks.is_empty() {
                    highest(ducks)
                } else {
                    highest(legal)
                };
            }
            return if solo_winning && !ducks.is_empty() {
                highest(ducks)
            } else if solo_played {
                // The soloist is under: rid the hand of its high cards.
                highest(legal)
            } else {
                lowest(legal)
            };
        }
        SoloAim::TakeAll => {
            if solo {
                return if !winners.is_empty() {
                    if trick.is_empty() {
                        pick(legal, &|c| (sure(c) as i64, rank(c) as i64))
                    } else {
                        lowest(winners)
                    }
                } else {
                    lowest(legal)
                };
            }
            return if solo_played && !solo_winning {
                lowest(legal)
            } else if !winners.is_empty() {
                highest(winners)
            } else {
                lowest(legal)
            };
        }
        SoloAim::Points => {}
    }
    let worth = trick.iter().map(|&c| points.card(c)).sum::<u32>();
    let last = trick.len() + 1 == n;
    if trick.is_empty() {
        if solo {
            if let Some(t) = mode.trump() {
                let mine = legal.of_suit(t);
                let out = CardSet::suit(t) & (deal.pack - hand - gone);
                if !mine.is_empty() && !out.is_empty() && sure(highest(mine)) {
                    return highest(mine);
                }
            }
        }
        let aces: CardSet = legal
            .iter()
            .filter(|&c| !mode.trumps().contains(c) && sure(c))
            .collect();
        let plain = legal - mode.trumps();
        return if !aces.is_empty() {
            dearest(aces)
        } else {
            cheapest(if plain.is_empty() { legal } else { plain })
        };
    }
    let partner_winning = !solo && !trick.is_empty() && {
        let w = (leader + trick_winner(trick, mode)) % n;
        w != deal.solo && w != seat
    };
    if partner_winning && (solo_played || last) {
        // Smear points on the partner's trick with a card that does not head it.
        return if !ducks.is_empty() {
            dearest(ducks)
        } else {
            cheapest(legal)
        };
    }
    if !winners.is_empty() && (worth >= 10 || last || !solo) {
        // Take it as cheaply as it goes.
        return cheapest(winners);
    }
    cheapest(if ducks.is_empty() { legal } else { ducks })
}

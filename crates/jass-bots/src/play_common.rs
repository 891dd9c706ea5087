//! Card-play rules of thumb shared by the rule-based players of every game: a game-neutral view of
//! one card decision ([`PlayView`]), the classic point-taking play ([`take_points`]: take valuable
//! tricks cheaply, smear points on the partner's sure trick, keep the Puur) and the ducking play
//! ([`duck`]: stay under the winning card, shed high cards), plus small card helpers.

use jass_core::{Card, CardSet, Mode, PointTable, Rank};

/// What a player knows at one card decision, in a form every game can fill.
#[derive(Clone, Debug)]
pub struct PlayView {
    /// The acting seat.
    pub seat: u8,
    /// The partner, in partnership games (`None`: every player for himself).
    pub partner: Option<u8>,
    /// The seat's hand.
    pub hand: CardSet,
    /// The legal cards (a nonempty subset of `hand`).
    pub legal: CardSet,
    /// The trump mode.
    pub mode: Mode,
    /// The card points of the mode.
    pub points: PointTable,
    /// The cards of the trick so far, lead first.
    pub trick: Vec<Card>,
    /// The seat that played each card of `trick`.
    pub trick_seats: Vec<u8>,
    /// How many players still play to this trick after the acting seat.
    pub after_me: usize,
    /// Every card no longer in anyone's hand that this seat has seen: its own hand, the completed
    /// tricks and the current trick (cards out of play that it has not seen count as outstanding).
    pub seen: CardSet,
    /// The acting seat's team (or the seat itself) chose the trump.
    pub we_chose: bool,
    /// The partner chose the trump.
    pub partner_chose: bool,
}

impl PlayView {
    /// Cards that may still be in another hand.
    pub fn outstanding(&self) -> CardSet {
        CardSet::ALL - self.seen
    }

    /// Card points of one card.
    pub fn value(&self, c: Card) -> i32 {
        self.points.card(c) as i32
    }

    /// True if this is the last trick (everybody holds one card).
    pub fn last_trick(&self) -> bool {
        self.hand.len() == 1
    }

    /// A card that no outstanding card can beat, whatever is led (a Bock).
    pub fn is_bock(&self, c: Card) -> bool {
        let outstanding = self.outstanding();
        let mode = self.mode;
        let beaters = mode.beaters_in_suit(c) & outstanding;
        let trump_threat = match mode.trump() {
            Some(t) if c.suit() != t => !(outstanding.of_suit(t)).is_empty(),
            _ => false,
        };
        beaters.is_empty() && !trump_threat
    }

    /// The index in `trick` of the card winning so far, and that card (the trick must be begun).
    pub fn winning(&self) -> (usize, Card) {
        let lead = self.trick[0].suit();
        let (mut win_i, mut win_c) = (0usize, self.trick[0]);
        for (i, &c) in self.trick.iter().enumerate().skip(1) {
            if self.mode.beats(c, win_c, lead) {
                win_i = i;
                win_c = c;
            }
        }
        (win_i, win_c)
    }

    /// The legal cards that would win the trick so far (all legal cards when leading).
    pub fn winners(&self) -> CardSet {
        if self.trick.is_empty() {
            return self.legal;
        }
        let lead = self.trick[0].suit();
        let (_, win_c) = self.winning();
        self.legal
            .iter()
            .filter(|&c| self.mode.beats(c, win_c, lead))
            .collect()
    }

    /// Card points already in the trick.
    pub fn trick_value(&self) -> i32 {
        self.trick.iter().map(|&c| self.value(c)).sum()
    }

    /// The cheapest card of a set: fewest points, then weakest (trumps count as strong).
    pub fn cheapest(&self, set: CardSet) -> Card {
        let mode = self.mode;
        set.iter()
            .min_by_key(|&c| {
                (
                    self.value(c),
                    mode.strength(c) as i32 + if mode.trumps().contains(c) { 20 } else { 0 },
                )
            })
            .expect("nonempty")
    }

    /// The dearest card of a set: most points, then weakest.
    pub fn dearest(&self, set: CardSet) -> Card {
        set.iter()
            .max_by_key(|&c| (self.value(c), -(self.mode.strength(c) as i32)))
            .expect("nonempty")
    }
}

/// The weakest card of a set by strength (trumps above plain cards).
pub fn cheapest_by_strength(set: CardSet, mode: Mode) -> Card {
    set.iter()
        .min_by_key(|&c| mode.strength(c) as i32 + if mode.trumps().contains(c) { 20 } else { 0 })
        .expect("nonempty")
}

/// The strongest card of a set by strength (trumps above plain cards).
pub fn dearest_by_strength(set: CardSet, mode: Mode) -> Card {
    set.iter()
        .max_by_key(|&c| mode.strength(c) as i32 + if mode.trumps().contains(c) { 20 } else { 0 })
        .expect("nonempty")
}

/// The point-taking play of the positive games (Schieber's rules of thumb): lead Bocks and, after
/// our own trump choice, trumps; win valuable tricks as cheaply as possible (keeping the Puur for
/// a valuable one); smear points on the partner's sure trick; otherwise give as little as possible.
pub fn take_points(v: &PlayView) -> Card {
    let mode = v.mode;
    let legal = v.legal;
    let outstanding = v.outstanding();
    if v.trick.is_empty() {
        if let Some(t) = mode.trump() {
            let my_trumps = legal.of_suit(t);
            let their_trumps = outstanding.of_suit(t);
            // 003: "If you shove, and your partner calls a trump suit, lead a trump."
            if v.we_chose && !my_trumps.is_empty() && !their_trumps.is_empty() {
                let top = my_trumps
                    .iter()
                    .max_by_key(|&c| mode.strength(c))
                    .expect("trumps");
                if v.is_bock(top) || my_trumps.len() >= 3 {
                    return top;
                }
                if v.partner_chose {
                    return v.cheapest(my_trumps);
                }
            }
        }
        let bocks: CardSet = legal.iter().filter(|&c| v.is_bock(c)).collect();
        if !bocks.is_empty() {
            return v.dearest(bocks);
        }
        // Lead low from a suit where partner may win, avoiding trumps.
        let plain = legal - mode.trumps();
        return v.cheapest(if plain.is_empty() { legal } else { plain });
    }
    let (win_i, win_c) = v.winning();
    let winner_seat = v.trick_seats[win_i];
    let partner_wins = v.partner == Some(winner_seat);
    let last_to_play = v.after_me == 0;
    let trick_value = v.trick_value();
    let winners = v.winners();
    let partner_sure = partner_wins
        && (last_to_play
            || v.is_bock(win_c)
            || mode.trump().is_some_and(|t| {
                win_c.suit() == t && (mode.trumps_above(win_c) & outstanding).is_empty()
            }));
    if partner_sure {
        // Smear (schmieren): the most valuable card that is not a Bock worth keeping, but not
        // the Puur or the Näll.
        let keep = |c: Card| {
            mode.trump()
                .is_some_and(|t| c.suit() == t && matches!(c.rank(), Rank::Jack | Rank::Nine))
        };
        let smear: CardSet = legal
            .iter()
            .filter(|&c| !keep(c) && (!v.is_bock(c) || v.value(c) >= 10))
            .collect();
        let pool = if smear.is_empty() { legal } else { smear };
        return v.dearest(pool);
    }
    if !winners.is_empty() {
        let worth_it = trick_value >= 10 || last_to_play || v.last_trick();
        if worth_it || !partner_wins && trick_value > 0 {
            // Win as cheaply as possible; keep the Puur for a valuable trick.
            let puur = mode.trump().map(|t| Card::new(t, Rank::Jack));
            let mut pool = winners;
            if let Some(p) = puur {
                if trick_value < 15 && pool.len() > 1 {
                    pool.remove(p);
                }
            }
            // When last, the cheapest winner; otherwise a safe (Bock) winner if there is one.
            if !last_to_play {
                let safe: CardSet = pool.iter().filter(|&c| v.is_bock(c)).collect();
                if !safe.is_empty() {
                    return v.cheapest(safe);
                }
            }
            return v.cheapest(pool);
        }
    }
    // Cannot or need not win: give as little as possible, keep trumps.
    let plain = legal - mode.trumps();
    v.cheapest(if plain.is_empty() { legal } else { plain })
}

/// The ducking play (Misère, or a Differenzler player who has enough): lead the weakest card,
/// stay under the winning card with the strongest card that still loses, and when forced to win,
/// win with the fewest points.
pub fn duck(v: &PlayView) -> Card {
    let mode = v.mode;
    if v.trick.is_empty() {
        return cheapest_by_strength(v.legal, mode);
    }
    let losers = v.legal - v.winners();
    if losers.is_empty() {
        // Forced to win: the card worth least, then the strongest (it may as well go now).
        return v
            .legal
            .iter()
            .min_by_key(|&c| (v.value(c), -(mode.strength(c) as i32)))
            .expect("nonempty");
    }
    // Shed the strongest loser, but prefer cards worth few points when the trick goes elsewhere
    // only if it is not ours; here any loser gives its points away, so weigh both.
    losers
        .iter()
        .max_by_key(|&c| {
            mode.strength(c) as i32 * 2 - v.value(c)
                + if mode.trumps().contains(c) { 20 } else { 0 }
        })
        .expect("nonempty")
}

/// The seats in play order from `leader` among `seats` (seat numbers, in playing order).
pub fn order_from(leader: u8, seats: &[u8]) -> Vec<u8> {
    let i = seats.iter().position(|&s| s == leader).unwrap_or(0);
    seats[i..]
        .iter()
        .chain(seats[..i].iter())
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::{Suit, UndenufeEleven};

    fn view(hand: &str, trick: &[&str], seats: &[u8], partner: Option<u8>) -> PlayView {
        let hand: CardSet = hand.parse().unwrap();
        let trick: Vec<Card> = trick.iter().map(|c| c.parse().unwrap()).collect();
        let mode = Mode::Trump(Suit::H);
        let legal =
            jass_core::trick::legal_cards(hand, &trick, mode, jass_core::TrickRules::Strict);
        let seen = hand | CardSet::from_cards(trick.iter().copied());
        PlayView {
            seat: 0,
            partner,
            hand,
            legal,
            mode,
            points: PointTable::new(mode, UndenufeEleven::Ace),
            after_me: 3 - trick.len(),
            trick,
            trick_seats: seats.to_vec(),
            seen,
            we_chose: false,
            partner_chose: false,
        }
    }

    #[test]
    fn takes_a_valuable_trick_cheaply_when_last() {
        let v = view("SA S6 D7 C8", &["S10", "SK", "S7"], &[1, 2, 3], None);
        assert_eq!(take_points(&v), "SA".parse().unwrap());
    }

    #[test]
    fn smears_on_the_partners_sure_trick() {
        // Partner (seat 2) wins with the Puur; I am last: give the ten.
        let v = view("S10 S6 D7", &["S8", "HJ", "S7"], &[1, 2, 3], Some(2));
        assert_eq!(take_points(&v), "S10".parse().unwrap());
    }

    #[test]
    fn ducks_under_the_winning_card() {
        let v = view("SA SQ S6 D7", &["SK"], &[1], None);
        assert_eq!(duck(&v), "SQ".parse().unwrap());
    }

    #[test]
    fn order_from_rotates() {
        assert_eq!(order_from(3, &[0, 1, 3]), vec![3, 0, 1]);
    }
}

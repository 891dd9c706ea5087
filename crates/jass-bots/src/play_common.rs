//! Card-play rules of thumb shared by the rule-based players of every game: a game-neutral view of
//! one card decision ([`PlayView`]), the classic point-taking play ([`take_points`]: take valuable
//! tricks cheaply, smear points on the partner's sure trick, keep the Puur, give and read 001's
//! discard signals) and the ducking play
//! ([`duck`]: stay under the winning card, shed high cards), plus small card helpers.

use jass_core::schieber::ObservedTrick;
use jass_core::{Card, CardSet, Mode, PointTable, Rank, Suit};

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
    /// The suit of the partner's first discard in this deal (001: "a discarded card shows a suit
    /// that the discarder does not want their partner to lead"); `None` before it, without a
    /// partner, or when signals are not read.
    pub partner_discard: Option<Suit>,
    /// Discard from the weakest suit, so that the first discard tells the partner which suit
    /// not to lead (001: "The weakest suit should be discarded first").
    pub signal: bool,
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

    /// The discard that signals (001): the fewest points, then from the suit this hand is
    /// weakest in (its best card there the lowest), then the weakest card.
    pub fn signal_discard(&self, set: CardSet) -> Card {
        signal_discard(self.hand, set, self.mode, self.points)
    }

    /// The dearest card of a set: most points, then weakest.
    pub fn dearest(&self, set: CardSet) -> Card {
        set.iter()
            .max_by_key(|&c| (self.value(c), -(self.mode.strength(c) as i32)))
            .expect("nonempty")
    }
}

/// The discard of `hand` among `set` (nonempty) that signals (001: "a discarded card shows a
/// suit that the discarder does not want their partner to lead ... The weakest suit should be
/// discarded first"): the fewest points, then from the suit `hand` is weakest in (its best card
/// there the lowest), then the weakest card.
pub fn signal_discard(hand: CardSet, set: CardSet, mode: Mode, points: PointTable) -> Card {
    let best_in = |c: Card| {
        hand.of_suit(c.suit())
            .iter()
            .map(|x| mode.strength(x))
            .max()
            .unwrap_or(0)
    };
    set.iter()
        .min_by_key(|&c| (points.card(c), best_in(c), mode.strength(c)))
        .expect("nonempty")
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

/// The point-taking play of the positive games, every player for himself (Zuger, Schaggi Haas):
/// the card of the seat at `place` of `seats` playing (places in playing order), holding `hand`,
/// the trick so far (lead first), every card it knows to be in no other hand (`gone`: the cards
/// played, the trick's included, and any it has seen laid out of play), in `mode` under the
/// rules of a positive game ([`TrickRules::Strict`](jass_core::TrickRules)).
pub fn solo_take_points(
    place: usize,
    seats: usize,
    hand: CardSet,
    trick: &[Card],
    gone: CardSet,
    mode: Mode,
) -> Card {
    let legal = jass_core::trick::legal_cards(hand, trick, mode, jass_core::TrickRules::Strict);
    let n = trick.len();
    let leader = (place + seats - n) % seats;
    take_points(&PlayView {
        seat: place as u8,
        partner: None,
        hand,
        legal,
        mode,
        points: PointTable::new(mode, jass_core::UndenufeEleven::Ace),
        trick: trick.to_vec(),
        trick_seats: (0..n).map(|i| ((leader + i) % seats) as u8).collect(),
        after_me: seats - 1 - n,
        seen: hand | gone,
        we_chose: false,
        partner_chose: false,
        partner_discard: None,
        signal: false,
    })
}

/// The point-taking play of the positive games (Schieber's rules of thumb): lead Bocks and, after
/// our own trump choice, trumps; win valuable tricks as cheaply as possible (keeping the Puur for
/// a valuable one); smear points on the partner's sure trick; otherwise give as little as possible
/// (with `signal`, a discard from the weakest suit); a low lead avoids `partner_discard`'s suit.
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
        // Lead low from a suit where partner may win, avoiding trumps and the suit the partner
        // asked not to lead by its first discard (001).
        let mut plain = legal - mode.trumps();
        if let Some(s) = v.partner_discard {
            let other = plain - CardSet::suit(s);
            if !other.is_empty() {
                plain = other;
            }
        }
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
    let pool = if plain.is_empty() { legal } else { plain };
    let discarding = legal.of_suit(v.trick[0].suit()).is_empty();
    if discarding && v.signal {
        return v.signal_discard(pool);
    }
    v.cheapest(pool)
}

/// The suit of the first discard of `seat`'s partner in a four-seat deal (the completed tricks
/// as observed, then the trick in progress led by `trick_leader`).
pub fn partner_first_discard(
    seat: u8,
    tricks: &[ObservedTrick],
    trick_leader: u8,
    trick: &[Card],
    mode: Mode,
) -> Option<Suit> {
    first_discard(
        (seat + 2) % 4,
        crate::worlds::seen_tricks(tricks, trick_leader, trick),
        mode,
    )
}

/// The suit of the first discard `seat` made in these tricks (each: its leader and its cards in
/// playing order, four seats): a card of neither the suit led nor the trumps.
pub fn first_discard<'a>(
    seat: u8,
    tricks: impl IntoIterator<Item = (u8, &'a [Card])>,
    mode: Mode,
) -> Option<Suit> {
    first_discard_at(seat, tricks, mode).map(|(_, c)| c.suit())
}

/// [`first_discard`]'s trick (its index among `tricks`) and card.
pub fn first_discard_at<'a>(
    seat: u8,
    tricks: impl IntoIterator<Item = (u8, &'a [Card])>,
    mode: Mode,
) -> Option<(usize, Card)> {
    tricks
        .into_iter()
        .enumerate()
        .find_map(|(t, (leader, cards))| {
            let led = cards.first()?.suit();
            cards
                .iter()
                .enumerate()
                .find(|&(i, c)| {
                    (leader as usize + i) % 4 == seat as usize
                        && c.suit() != led
                        && !mode.trumps().contains(*c)
                })
                .map(|(_, &c)| (t, c))
        })
}

/// The ducking play (a Differenzler player who has enough; Schieber's Misère has its own,
/// simpler card, `rule_schieber::misere_card`): lead the weakest card,
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

/// Cards still out (neither in `mine` nor `gone`) that head `card` when it is led: the higher
/// cards of its suit in `mode`'s order.
pub fn higher_out(card: Card, mine: CardSet, gone: CardSet, mode: Mode) -> u32 {
    let key = mode.trick_key(card, card.suit());
    (CardSet::suit(card.suit()) - mine - gone)
        .iter()
        .filter(|&c| mode.trick_key(c, card.suit()) > key)
        .count() as u32
}

/// Whether `card` played now would head the trick whose cards so far are `trick`, in `mode`.
pub fn heads(trick: &[Card], card: Card, mode: Mode) -> bool {
    // No allocation: this is asked for every card of every play-out. A trick holds at most one
    // card per seat (six at the most).
    let mut cards = [card; 8];
    cards[..trick.len()].copy_from_slice(trick);
    jass_core::trick::trick_winner(&cards[..=trick.len()], mode) == trick.len()
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
            partner_discard: None,
            signal: false,
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

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn the_first_discard_is_a_card_of_neither_the_suit_led_nor_trumps() {
        let h = Mode::Trump(Suit::H);
        // Seat 2 follows, then trumps a spade lead (a ruff, not a discard), then throws D7 on a
        // club lead: diamonds. Seat 3 threw C6 on the first trick (spades led): clubs.
        let t1 = cards("S6 S7 S8 C6");
        let t2 = cards("SA SK H6 S9");
        let t3 = cards("CA D7 CK CQ");
        let tricks = [(0u8, &t1[..]), (0, &t2[..]), (1, &t3[..])];
        assert_eq!(first_discard(2, tricks, h), Some(Suit::D));
        assert_eq!(first_discard(3, tricks, h), Some(Suit::C));
        assert_eq!(first_discard(1, tricks, h), None);
        // Without trumps every card off the suit led is a discard.
        assert_eq!(first_discard(2, tricks, Mode::Obenabe), Some(Suit::H));
    }

    #[test]
    fn a_signalled_suit_is_not_led_low() {
        // 001: avoid leading the suit of partner's first discard. Hearts are trumps; the lowest
        // plain card is S6, but partner (seat 2) discarded a spade.
        let mut v = view("S6 D8 DK", &[], &[], Some(2));
        assert_eq!(take_points(&v), "S6".parse().unwrap());
        v.partner_discard = Some(Suit::S);
        assert_eq!(take_points(&v), "D8".parse().unwrap());
        // With nothing else to lead, the signalled suit all the same.
        let mut only = view("S6 S7", &[], &[], Some(2));
        only.partner_discard = Some(Suit::S);
        assert_eq!(take_points(&only), "S6".parse().unwrap());
    }

    #[test]
    fn the_first_discard_comes_from_the_weakest_suit() {
        // Seat 3 led a club, seat 1 won it with the ace; partner (seat 2) plays after me and I
        // hold no club or trump: S6 is the lowest card, but spades hold my king; diamonds are
        // my weakest suit.
        let mut v = view("SK S6 D8 D7", &["C10", "CA"], &[3, 1], Some(2));
        assert_eq!(take_points(&v), "S6".parse().unwrap());
        v.signal = true;
        assert_eq!(take_points(&v), "D7".parse().unwrap());
        // Points first: a ten is not thrown to signal.
        let mut w = view("SK S6 D10", &["C10", "CA"], &[3, 1], Some(2));
        w.signal = true;
        assert_eq!(take_points(&w), "S6".parse().unwrap());
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

//! Weis (sequences and four of a kind) and Stöck: detection, values, the best declaration of a
//! hand, and the comparison of two Weis (003 "The Weis", 000 "Weis and Stöck", 004 "Melds").

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, ParseError, Rank, Suit};
use crate::cardset::CardSet;
use crate::mode::Mode;

/// Small or large Weis (003).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WeisStyle {
    /// No card in two combinations; five or more in sequence score 100 (a sequence of eight or
    /// nine may be split into five and three or four).
    #[default]
    Small,
    /// Longer sequences score more (6: 150, 7: 200, 8: 250, 9: 300) and a card may serve in a four
    /// and a sequence.
    Large,
    /// No card in two combinations, as the small Weis, but longer sequences score more, as the
    /// large (004's Pandur: "In addition to the usual melds, a player may announce a sequence of
    /// six … counting 150 points"; the usual: "A card may not be used in two melds at once").
    SmallLong,
}

/// How two Weis of equal value compare before height.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WeisTie {
    /// The one with more cards wins (000 rule 2, 004 "value, length, height, trump, position"):
    /// a sequence of five beats four aces.
    #[default]
    MoreCards,
    /// 003's lists ("each weis on a list is better than those above it"): four of a kind beats a
    /// sequence worth 100, but a sequence of six (seven) beats four nines (four unders).
    ListOrder,
}

/// The Weis rules of a game (options as data).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeisRules {
    /// Small or large Weis.
    pub style: WeisStyle,
    /// Four nines count 150 (003: "Some allow four 9s as a Weis, worth 150. Most do not"; 004's
    /// table lists them). Off by default, after 003.
    pub four_nines: bool,
    /// A four of any rank counts (100; 003 "some players now allow"). Off by default.
    pub fours_any_rank: bool,
    /// In Undenufe four sixes count 100 in place of four aces (003: "Some people (usually the same
    /// ones) allow four 6s as a Weis when playing undenufe"). Off by default.
    pub undenufe_four_sixes: bool,
    /// Comparison of equal values.
    pub tie: WeisTie,
    /// Large Weis: points for each card beyond five (003: "20 or 50 more per card"; 50 gives
    /// 6: 150 … 9: 300, the table of 003).
    pub large_step: u32,
}

/// Small Weis, no optional four, equal values compared by length: the rules of the games that
/// vary nothing (Differenzler; Sidi Barrani but for its four nines).
impl Default for WeisRules {
    fn default() -> Self {
        WeisRules::DEFAULT
    }
}

impl WeisRules {
    /// [`WeisRules::default`] as a constant, for the games' constants to vary.
    pub const DEFAULT: WeisRules = WeisRules {
        style: WeisStyle::Small,
        four_nines: false,
        fours_any_rank: false,
        undenufe_four_sixes: false,
        tie: WeisTie::MoreCards,
        large_step: 50,
    };
}

/// One combination.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum Weis {
    /// `len` consecutive cards of `suit` in the natural order, the highest being `top`.
    Sequence {
        /// The suit.
        suit: Suit,
        /// The highest card's rank (natural order A K Q J 10 9 8 7 6, whatever the trump).
        top: Rank,
        /// Number of cards, 3..=9.
        len: u8,
    },
    /// All four cards of one rank.
    Four(Rank),
}

impl Weis {
    /// The cards of the combination.
    pub fn cards(self) -> CardSet {
        match self {
            Weis::Sequence { suit, top, len } => {
                let lane = ((1u64 << len) - 1) << (top as u64 + 1 - len as u64);
                CardSet(lane << (16 * suit as u32))
            }
            Weis::Four(r) => CardSet::from_cards(Suit::ALL.iter().map(|&s| Card::new(s, r))),
        }
    }

    /// Number of cards.
    pub fn len(self) -> u32 {
        match self {
            Weis::Sequence { len, .. } => len as u32,
            Weis::Four(_) => 4,
        }
    }

    /// Never true: a combination has three cards or more.
    pub fn is_empty(self) -> bool {
        false
    }

    /// The combination formed by exactly these cards, if they form one (a run of three or more
    /// in one suit, or the four cards of a rank).
    pub fn from_cards(cards: CardSet) -> Option<Weis> {
        let n = cards.len();
        if n == 4 {
            let r = cards.first()?.rank();
            if cards.iter().all(|c| c.rank() == r) {
                return Some(Weis::Four(r));
            }
        }
        if n < 3 {
            return None;
        }
        let suit = cards.first()?.suit();
        let lane = cards.lane(suit);
        if cards.of_suit(suit) != cards {
            return None;
        }
        let low = lane.trailing_zeros();
        if lane >> low != (1 << n) - 1 {
            return None;
        }
        Some(Weis::Sequence {
            suit,
            top: Rank::from_index((low + n - 1) as usize),
            len: n as u8,
        })
    }

    /// Points under `rules` in `mode`; 0 if this is not a scoring combination there.
    pub fn points(self, mode: Mode, rules: &WeisRules) -> u32 {
        match self {
            Weis::Sequence { len, .. } => match (rules.style, len) {
                (_, 0..=2) => 0,
                (_, 3) => 20,
                (_, 4) => 50,
                (WeisStyle::Small, _) => 100,
                (WeisStyle::Large | WeisStyle::SmallLong, l) => {
                    100 + rules.large_step * (l as u32 - 5)
                }
            },
            Weis::Four(r) => match r {
                Rank::Jack => 200,
                Rank::Nine if rules.four_nines => 150,
                Rank::Ace
                    if mode == Mode::Undenufe
                        && rules.undenufe_four_sixes
                        && !rules.fours_any_rank =>
                {
                    0
                }
                Rank::Six if mode == Mode::Undenufe && rules.undenufe_four_sixes => 100,
                Rank::Ace | Rank::King | Rank::Queen | Rank::Ten => 100,
                _ if rules.fours_any_rank => 100,
                _ => 0,
            },
        }
    }

    /// Comparison key (higher is better) within one deal: value, then length (or 003's list
    /// order), then height (reversed in Undenufe), then trump. Ties are broken by position.
    pub fn key(self, mode: Mode, rules: &WeisRules) -> u32 {
        let value = self.points(mode, rules);
        let is_four = matches!(self, Weis::Four(_));
        let second = match rules.tie {
            WeisTie::MoreCards => self.len(),
            // 003's lists: fours above the 100-sequence, but sequences of six and seven above
            // four nines and four unders.
            WeisTie::ListOrder => {
                let class = if value == 100 { is_four } else { !is_four };
                (class as u32) * 16 + self.len()
            }
        };
        let (low, high) = match self {
            Weis::Sequence { top, len, .. } => (top as u32 + 1 - len as u32, top as u32),
            Weis::Four(r) => (r as u32, r as u32),
        };
        // "In undenufe … the reverse ranking also applies when comparing sequences of equal
        // length, or equal scoring fours of a kind" (003): the lower cards win.
        let height = if mode == Mode::Undenufe {
            8 - low
        } else {
            high
        };
        let trump = match self {
            Weis::Sequence { suit, .. } => (mode.trump() == Some(suit)) as u32,
            Weis::Four(_) => 0,
        };
        (value << 12) | (second << 6) | (height << 1) | trump
    }
}

impl fmt::Display for Weis {
    /// The cards from the highest, e.g. `HK HQ HJ` or `DA HA SA CA`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cards: Vec<Card> = self.cards().iter().collect();
        if matches!(self, Weis::Sequence { .. }) {
            cards.reverse();
        }
        let s: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        f.write_str(&s.join(" "))
    }
}

impl fmt::Debug for Weis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Weis({self})")
    }
}

impl Serialize for Weis {
    /// A list of its cards, e.g. `["HK","HQ","HJ"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut cards: Vec<Card> = self.cards().iter().collect();
        if matches!(self, Weis::Sequence { .. }) {
            cards.reverse();
        }
        s.collect_seq(cards)
    }
}

impl<'de> Deserialize<'de> for Weis {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let set = CardSet::deserialize(d)?;
        Weis::from_cards(set).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "cards [{set}] are no Weis: a Weis is 3 or more consecutive cards of one suit, or the four cards of one rank"
            ))
        })
    }
}

impl std::str::FromStr for Weis {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let set: CardSet = s.parse()?;
        Weis::from_cards(set).ok_or_else(|| ParseError::new(format!("cards [{set}] are no Weis")))
    }
}

/// The most combinations one declaration holds: nine cards hold at most four, twelve under the
/// small Weis four too, twelve under the large Weis seven (three fours and a run of three in
/// every suit: J 10 9 of each, Zuger's "kreuzweis").
pub const MAX_COMBINATIONS: usize = 8;

/// The combinations one player declares (at most [`MAX_COMBINATIONS`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Declaration {
    items: [Option<Weis>; MAX_COMBINATIONS],
}

impl Declaration {
    /// Declaring nothing.
    pub const NONE: Declaration = Declaration {
        items: [None; MAX_COMBINATIONS],
    };

    /// A declaration of these combinations (at most [`MAX_COMBINATIONS`]; more is an error).
    pub fn new(items: &[Weis]) -> Result<Declaration, String> {
        if items.len() > MAX_COMBINATIONS {
            return Err(format!(
                "{} combinations declared; a hand holds at most {MAX_COMBINATIONS}",
                items.len()
            ));
        }
        let mut d = Declaration::NONE;
        for (i, w) in items.iter().enumerate() {
            d.items[i] = Some(*w);
        }
        Ok(d)
    }

    /// The combinations.
    pub fn iter(&self) -> impl Iterator<Item = Weis> + '_ {
        self.items.iter().flatten().copied()
    }

    /// True if nothing is declared.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }

    /// All cards used.
    pub fn cards(&self) -> CardSet {
        self.iter().fold(CardSet::EMPTY, |s, w| s | w.cards())
    }

    /// Total points.
    pub fn points(&self, mode: Mode, rules: &WeisRules) -> u32 {
        self.iter().map(|w| w.points(mode, rules)).sum()
    }

    /// The key of the best single combination (0 if none).
    pub fn best_key(&self, mode: Mode, rules: &WeisRules) -> u32 {
        self.iter().map(|w| w.key(mode, rules)).max().unwrap_or(0)
    }

    /// The best single combination.
    pub fn best(&self, mode: Mode, rules: &WeisRules) -> Option<Weis> {
        self.iter().max_by_key(|w| w.key(mode, rules))
    }

    /// The same combinations with the best first, the others in their order (as Pandur's
    /// records list the soloist's melds: the one that won the contest first).
    pub fn strongest_first(&self, mode: Mode, rules: &WeisRules) -> Declaration {
        let Some(top) = self.best(mode, rules) else {
            return *self;
        };
        let mut d = Declaration::NONE;
        d.items[0] = Some(top);
        for (slot, w) in d.items[1..]
            .iter_mut()
            .zip(self.iter().filter(|&w| w != top))
        {
            *slot = Some(w);
        }
        d
    }

    /// The points of the best single combination (0 if none): what the others hear of the call
    /// (000: "announcing the score for the best single Weis").
    pub fn call_points(&self, mode: Mode, rules: &WeisRules) -> u32 {
        self.best(mode, rules).map_or(0, |w| w.points(mode, rules))
    }

    /// Checks that `hand` holds every combination, each scores under `rules`, and no card serves
    /// twice where the rules forbid it. The error says what is wrong.
    pub fn validate(&self, hand: CardSet, mode: Mode, rules: &WeisRules) -> Result<(), String> {
        let mut used = CardSet::EMPTY;
        let mut used_in_sequences = CardSet::EMPTY;
        for w in self.iter() {
            let cards = w.cards();
            if !hand.contains_all(cards) {
                return Err(format!(
                    "Weis {w} is not in the hand (missing {})",
                    cards - hand
                ));
            }
            if w.points(mode, rules) == 0 {
                return Err(format!("{w} is not a Weis under these rules"));
            }
            let clash = match (rules.style, w) {
                // Large Weis: "the same card may be used in both a set of four and a sequence".
                (WeisStyle::Large, Weis::Sequence { .. }) => cards & used_in_sequences,
                (WeisStyle::Large, Weis::Four(_)) => cards & (used - used_in_sequences),
                (WeisStyle::Small | WeisStyle::SmallLong, _) => cards & used,
            };
            if !clash.is_empty() {
                return Err(format!(
                    "card(s) {clash} serve in two combinations, which these Weis rules forbid"
                ));
            }
            used |= cards;
            if matches!(w, Weis::Sequence { .. }) {
                used_in_sequences |= cards;
            }
        }
        Ok(())
    }
}

/// A Weis action in the notation of every game that declares a [`Declaration`]: `weis none`,
/// or `weis` and the combinations separated by commas (`weis HK HQ HJ, DA HA SA CA`).
impl Declaration {
    /// Writes the action: `weis none`, or `weis ` and the combinations joined by `, `.
    pub fn fmt_action(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("weis none");
        }
        let parts: Vec<String> = self.iter().map(|w| w.to_string()).collect();
        write!(f, "weis {}", parts.join(", "))
    }

    /// Reads what follows `weis` in an action: nothing or `none` (declaring nothing), or
    /// combinations separated by commas.
    pub fn parse_action(rest: &str) -> Result<Declaration, ParseError> {
        if rest.is_empty() || rest.eq_ignore_ascii_case("none") {
            return Ok(Declaration::NONE);
        }
        let items = rest
            .split(',')
            .map(|p| p.parse::<Weis>())
            .collect::<Result<Vec<_>, _>>()?;
        Declaration::new(&items).map_err(ParseError::new)
    }
}

impl fmt::Debug for Declaration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Declaration {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Declaration {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<Weis>::deserialize(d)?;
        Declaration::new(&v).map_err(serde::de::Error::custom)
    }
}

/// The Weis calls heard at the table, by seat: `best[s]` is the value of the best combination
/// seat `s` declared (`None`: nothing declared, or not yet). In playing order from `first`, who
/// leads the first trick (forehand, or in Schieber with `first_lead` `chooser` the chooser), a
/// call is heard only when it is at least as high as every call heard before it (003: "if it is
/// at least as great as any which has so far been announced"; a lower one stays silent, though
/// it can still count for the partner of the best Weis); `observer` always hears its own.
pub fn heard_weis_calls(first: u8, best: [Option<u32>; 4], observer: u8) -> [Option<u32>; 4] {
    let mut heard = [None; 4];
    let mut highest = 0;
    for i in 0..4u8 {
        let s = (first + i) % 4;
        if let Some(points) = best[s as usize] {
            if points >= highest || s == observer {
                heard[s as usize] = Some(points);
                highest = highest.max(points);
            }
        }
    }
    heard
}

/// The value of each seat's best declared combination, what its call says (`None`: nothing
/// declared, or not yet): the `best` of [`heard_weis_calls`].
pub fn weis_call_values(
    declarations: &[Declaration; 4],
    mode: Mode,
    rules: &WeisRules,
) -> [Option<u32>; 4] {
    std::array::from_fn(|s| {
        let d = &declarations[s];
        (!d.is_empty()).then(|| d.call_points(mode, rules))
    })
}

/// Whether the others hear `weis`, declared by the next seat to declare in `mode`, the calls so
/// far being `best` (as for [`heard_weis_calls`]): something is declared, and its call (000: "the
/// score for the best single Weis") is at least as high as every call heard before it (003: "if
/// it is at least as great as any which has so far been announced"). A call not heard must not
/// reach them at all, not even as "a Weis".
pub fn weis_call_heard(
    first: u8,
    best: [Option<u32>; 4],
    weis: &Declaration,
    mode: Mode,
    rules: &WeisRules,
) -> bool {
    let heard = heard_weis_calls(first, best, u8::MAX);
    !weis.is_empty()
        && weis.call_points(mode, rules) >= heard.into_iter().flatten().max().unwrap_or(0)
}

/// A Weis announcement as the other players hear it during the first trick: the value of the
/// declarer's best combination (000: "announcing the score for the best single Weis").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeisCall {
    /// Who announced.
    pub seat: u8,
    /// The value of the best combination.
    pub points: u32,
}

/// A declaration shown after the first trick (views and records of every game with Weis).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShownWeis {
    /// Whose.
    pub seat: u8,
    /// The combinations.
    pub weis: Declaration,
}

/// The seat whose declaration holds the best single Weis, the seats compared in playing order from
/// `first` (the player who played first to the first trick): on equal Weis the earlier wins (000
/// rule 5, 001, 003). `None` if nobody declared a Weis.
pub fn best_declarer(
    declarations: &[Declaration],
    first: u8,
    mode: Mode,
    rules: &WeisRules,
) -> Option<u8> {
    let n = declarations.len() as u8;
    let mut best: Option<(u32, u8)> = None;
    for i in 0..n {
        let seat = (first + i) % n;
        let k = declarations[seat as usize].best_key(mode, rules);
        if k > 0 && best.is_none_or(|(bk, _)| k > bk) {
            best = Some((k, seat));
        }
    }
    best.map(|(_, seat)| seat)
}

/// The Weis points of a partnership, seats `team` and `team + 2` (as [`best_declarer`]'s seat
/// `% 2`): the sum of both partners' declarations, which the team of the best single Weis
/// scores in a four-seat partnership game (003, Schieber: "The partnership with the best single
/// instance of Weis scores points for all their Weis").
pub fn team_weis_points(
    declarations: &[Declaration; 4],
    team: u8,
    mode: Mode,
    rules: &WeisRules,
) -> u32 {
    (0..4u8)
        .filter(|&seat| seat % 2 == team % 2)
        .map(|seat| declarations[seat as usize].points(mode, rules))
        .sum()
}

/// The maximal runs (three or more) in a nine-bit lane, as (lowest index, length).
#[inline]
fn runs(mut lane: u32, mut f: impl FnMut(u32, u32)) {
    while lane != 0 {
        let low = lane.trailing_zeros();
        let len = (lane >> low).trailing_ones();
        if len >= 3 {
            f(low, len);
        }
        lane &= !(((1u32 << len) - 1) << low);
    }
}

/// The ranks of which `hand` holds all four cards.
#[inline]
fn four_ranks(hand: CardSet) -> u32 {
    hand.lane(Suit::D) & hand.lane(Suit::H) & hand.lane(Suit::S) & hand.lane(Suit::C)
}

/// True if the hand holds any scoring Weis under these rules (cheap; no allocation).
#[inline]
pub fn has_weis(hand: CardSet, mode: Mode, rules: &WeisRules) -> bool {
    let mut fours = four_ranks(hand);
    while fours != 0 {
        let r = fours.trailing_zeros();
        fours &= fours - 1;
        if Weis::Four(Rank::from_index(r as usize)).points(mode, rules) > 0 {
            return true;
        }
    }
    Suit::ALL.iter().any(|&s| {
        let l = hand.lane(s);
        l & (l >> 1) & (l >> 2) != 0
    })
}

/// The fours of `hand` that score under `rules` (a hand of twelve holds three at most).
fn scoring_fours(hand: CardSet, mode: Mode, rules: &WeisRules) -> ([Rank; 3], usize) {
    let mut fours: [Rank; 3] = [Rank::Six; 3];
    let mut nf = 0;
    let mut bits = four_ranks(hand);
    while bits != 0 {
        let r = Rank::from_index(bits.trailing_zeros() as usize);
        bits &= bits - 1;
        if Weis::Four(r).points(mode, rules) > 0 && nf < 3 {
            fours[nf] = r;
            nf += 1;
        }
    }
    (fours, nf)
}

/// One way of declaring `hand`: the fours that `mask` picks of `fours` with the sequences of the
/// cards left (of all cards under the large Weis, where a card may serve in a four and a
/// sequence). Under the small Weis a run of eight or nine is split into five and three or four
/// unless `whole` (003: "may be regarded as a sequence of five and a sequence of three (or
/// four)").
fn layout(
    hand: CardSet,
    fours: &[Rank],
    mask: u8,
    mode: Mode,
    rules: &WeisRules,
    whole: bool,
) -> Declaration {
    let mut items: [Option<Weis>; MAX_COMBINATIONS] = [None; MAX_COMBINATIONS];
    let mut n = 0;
    let mut rest = hand;
    for (i, &r) in fours.iter().enumerate() {
        if mask & (1 << i) != 0 {
            items[n] = Some(Weis::Four(r));
            n += 1;
            if rules.style != WeisStyle::Large {
                rest = rest - Weis::Four(r).cards();
            }
        }
    }
    let style = if whole {
        WeisStyle::SmallLong
    } else {
        rules.style
    };
    for s in Suit::ALL {
        runs(rest.lane(s), |low, len| {
            for (lo, l) in split_run(low, len, mode, style) {
                if n < MAX_COMBINATIONS && l >= 3 {
                    items[n] = Some(Weis::Sequence {
                        suit: s,
                        top: Rank::from_index((lo + l - 1) as usize),
                        len: l as u8,
                    });
                    n += 1;
                }
            }
        });
    }
    Declaration { items }
}

/// True if `hand` holds a run of eight or more in one suit.
fn has_long_run(hand: CardSet) -> bool {
    Suit::ALL.iter().any(|&s| {
        let mut l = hand.lane(s);
        for _ in 1..8 {
            l &= l >> 1;
        }
        l != 0
    })
}

/// Every way `hand` can be declared under `rules`, given to `f`: each choice of its fours (all
/// of them under the large Weis) with the sequences of its other cards, and under the small Weis
/// a run of eight or nine split or whole (003: "A sequence of seven cards scores no more than a
/// sequence of five (though it beats it). A sequence of eight (or nine) cards may be regarded as
/// a sequence of five and a sequence of three (or four)").
pub fn each_declaration(
    hand: CardSet,
    mode: Mode,
    rules: &WeisRules,
    mut f: impl FnMut(Declaration),
) {
    let (fours, nf) = scoring_fours(hand, mode, rules);
    let long = rules.style == WeisStyle::Small && has_long_run(hand);
    let all = ((1u32 << nf) - 1) as u8;
    let masks = if rules.style == WeisStyle::Large {
        all..=all
    } else {
        0..=all
    };
    for mask in masks {
        f(layout(hand, &fours[..nf], mask, mode, rules, false));
        if long {
            f(layout(hand, &fours[..nf], mask, mode, rules, true));
        }
    }
}

/// The best declaration of a hand: the most points, then the best single combination.
pub fn best_declaration(hand: CardSet, mode: Mode, rules: &WeisRules) -> Declaration {
    if four_ranks(hand) == 0 {
        // No four of a kind (the common case): the declaration is the runs.
        return layout(hand, &[], 0, mode, rules, false);
    }
    let mut best = Declaration::NONE;
    let mut best_score = (0u32, 0u32);
    each_declaration(hand, mode, rules, |d| {
        let score = (d.points(mode, rules), d.best_key(mode, rules));
        if score > best_score {
            best_score = score;
            best = d;
        }
    });
    best
}

/// The strongest single meld of `hand` under `rules` (value, length, height, trump: [`Weis::key`]):
/// a four that scores, or a run of three or more taken whole. `None` if the hand holds none.
pub fn best_meld(hand: CardSet, mode: Mode, rules: &WeisRules) -> Option<Weis> {
    let (fours, nf) = scoring_fours(hand, mode, rules);
    let mut best: Option<Weis> = None;
    let mut consider = |w: Weis| {
        // Of equal ones the last (the later suit), as `Declaration::best` picks.
        if best.is_none_or(|b| w.key(mode, rules) >= b.key(mode, rules)) {
            best = Some(w);
        }
    };
    for &r in &fours[..nf] {
        consider(Weis::Four(r));
    }
    for s in Suit::ALL {
        runs(hand.lane(s), |low, len| {
            consider(Weis::Sequence {
                suit: s,
                top: Rank::from_index((low + len - 1) as usize),
                len: len as u8,
            })
        });
    }
    best
}

/// How a maximal run is declared: whole, or for the small Weis split so that eight or nine cards
/// score as five and three or four (003). The five goes where it ranks best.
fn split_run(low: u32, len: u32, mode: Mode, style: WeisStyle) -> [(u32, u32); 2] {
    if style != WeisStyle::Small || len <= 7 {
        return [(low, len), (0, 0)];
    }
    let rest = len - 5;
    if mode == Mode::Undenufe {
        [(low, 5), (low + 5, rest)]
    } else {
        [(low + rest, 5), (low, rest)]
    }
}

/// True if `hand` holds the King and Ober (Queen) of trumps: Stöck, worth 20.
#[inline]
pub fn has_stoeck(hand: CardSet, mode: Mode) -> bool {
    match mode.trump() {
        Some(t) => hand.contains_all(stoeck_cards(t)),
        None => false,
    }
}

/// The seat whose hand (of `hands`, as dealt) holds Stöck in `mode`; `None` without a trump suit,
/// or where Stöck is not played (`played` false).
pub fn stoeck_holder(hands: &[CardSet], mode: Mode, played: bool) -> Option<u8> {
    match mode.trump() {
        Some(t) if played => hands
            .iter()
            .position(|h| h.contains_all(stoeck_cards(t)))
            .map(|s| s as u8),
        _ => None,
    }
}

/// The King and Ober of a suit.
#[inline]
pub const fn stoeck_cards(trump: Suit) -> CardSet {
    CardSet(((1 << Rank::King as u64) | (1 << Rank::Queen as u64)) << (16 * trump as u32))
}

/// Points for Stöck.
pub const STOECK_POINTS: u32 = 20;

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }
    const SMALL: WeisRules = WeisRules::DEFAULT;
    const HEARTS: Mode = Mode::Trump(Suit::H);

    #[test]
    fn four_aces_with_king_and_ober_score_100_and_with_the_under_120() {
        // 000: "four Aces plus the King and Ober (Queen) of a suit scores just 100 for the Aces
        // ... If you add the Under of the same suit the Weis score is 120".
        let d = best_declaration(set("DA HA SA CA SK SQ D6 H7 C8"), HEARTS, &SMALL);
        assert_eq!(d.points(HEARTS, &SMALL), 100);
        let d = best_declaration(set("DA HA SA CA SK SQ SJ H7 C8"), HEARTS, &SMALL);
        assert_eq!(d.points(HEARTS, &SMALL), 120);
        assert_eq!(d.iter().count(), 2);
    }

    #[test]
    fn trump_kqj10_is_50_plus_stoeck() {
        // 000: "a hand with K-O-U-B (K-Q-J-10) scores 50 points for the sequence plus 20 for Stöck".
        let hand = set("HK HQ HJ H10 D6 S8 C6 C9 DA");
        assert_eq!(
            best_declaration(hand, HEARTS, &SMALL).points(HEARTS, &SMALL),
            50
        );
        assert!(has_stoeck(hand, HEARTS));
        assert!(!has_stoeck(hand, Mode::Trump(Suit::D)));
        assert!(!has_stoeck(hand, Mode::Obenabe));
    }

    #[test]
    fn four_kings_and_a_sequence_small_versus_large() {
        // 003: all four kings and Ober Under Ten of bells: small = four kings + 3 or a 4-sequence;
        // large = four kings and a sequence of four.
        let hand = set("DK HK SK CK DQ DJ D10 H6 S6");
        assert_eq!(
            best_declaration(hand, HEARTS, &SMALL).points(HEARTS, &SMALL),
            120
        );
        let large = WeisRules {
            style: WeisStyle::Large,
            ..SMALL
        };
        assert_eq!(
            best_declaration(hand, HEARTS, &large).points(HEARTS, &large),
            150
        );
    }

    #[test]
    fn long_sequences() {
        let all_hearts = CardSet::suit(Suit::H);
        // Small: nine in a row = five and four = 150; large: 300.
        assert_eq!(
            best_declaration(all_hearts, HEARTS, &SMALL).points(HEARTS, &SMALL),
            150
        );
        let large = WeisRules {
            style: WeisStyle::Large,
            ..SMALL
        };
        assert_eq!(
            best_declaration(all_hearts, HEARTS, &large).points(HEARTS, &large),
            300
        );
        let large20 = WeisRules {
            large_step: 20,
            ..large
        };
        assert_eq!(
            best_declaration(all_hearts, HEARTS, &large20).points(HEARTS, &large20),
            180
        );
        let seven = set("HA HK HQ HJ H10 H9 H8 S6 D6");
        assert_eq!(
            best_declaration(seven, HEARTS, &SMALL).points(HEARTS, &SMALL),
            100
        );
        assert_eq!(
            best_declaration(seven, HEARTS, &large).points(HEARTS, &large),
            200
        );
    }

    #[test]
    fn comparison_value_length_height_trump() {
        let k = |s: &str, m: Mode| s.parse::<Weis>().unwrap().key(m, &SMALL);
        // Value first.
        assert!(k("DJ HJ SJ CJ", HEARTS) > k("DA DK DQ DJ D10", HEARTS));
        // Equal value: more cards (a five-sequence beats four aces).
        assert!(k("D6 D7 D8 D9 D10", HEARTS) > k("DA HA SA CA", HEARTS));
        // Equal length: height.
        assert!(k("SA SK SQ", HEARTS) > k("DK DQ DJ", HEARTS));
        assert!(k("DA HA SA CA", HEARTS) > k("DK HK SK CK", HEARTS));
        // Undenufe reverses height: 6-7-8 beats 7-8-9.
        assert!(k("S6 S7 S8", Mode::Undenufe) > k("D7 D8 D9", Mode::Undenufe));
        assert!(k("DK HK SK CK", Mode::Undenufe) > k("DA HA SA CA", Mode::Undenufe));
        // Trump beats an equal plain sequence.
        assert!(k("HK HQ HJ H10", HEARTS) > k("SK SQ SJ S10", HEARTS));
        // 003's list order: four of a kind beats the 100-sequence.
        let list = WeisRules {
            tie: WeisTie::ListOrder,
            ..SMALL
        };
        let kl = |s: &str| s.parse::<Weis>().unwrap().key(HEARTS, &list);
        assert!(kl("D10 H10 S10 C10") > kl("DA DK DQ DJ D10"));
    }

    #[test]
    fn the_50_against_50_example_of_000() {
        // A announces 50, C announces 50: both K-O-U-B; C's is in trumps and wins. C also has
        // 8-7-6 elsewhere: 70 for Weis, plus 20 for Stöck = 90.
        let a = set("SK SQ SJ S10 D6 D9 CA C7 H6");
        let c = set("HK HQ HJ H10 D8 D7 D6 CK C10");
        let c = (c - set("D6")) | set("S6"); // keep the hands disjoint: C holds S8-S7-S6
        let c = (c - set("D8 D7")) | set("S8 S7");
        let da = best_declaration(a, HEARTS, &SMALL);
        let dc = best_declaration(c, HEARTS, &SMALL);
        assert_eq!(da.best(HEARTS, &SMALL).unwrap().points(HEARTS, &SMALL), 50);
        assert_eq!(dc.best(HEARTS, &SMALL).unwrap().points(HEARTS, &SMALL), 50);
        assert!(dc.best_key(HEARTS, &SMALL) > da.best_key(HEARTS, &SMALL));
        assert_eq!(
            dc.points(HEARTS, &SMALL)
                + if has_stoeck(c, HEARTS) {
                    STOECK_POINTS
                } else {
                    0
                },
            90
        );
    }

    #[test]
    fn options_for_fours() {
        let nines = "D9 H9 S9 C9".parse::<Weis>().unwrap();
        assert_eq!(nines.points(HEARTS, &SMALL), 0);
        assert_eq!(
            nines.points(
                HEARTS,
                &WeisRules {
                    four_nines: true,
                    ..SMALL
                }
            ),
            150
        );
        let sixes = "D6 H6 S6 C6".parse::<Weis>().unwrap();
        let six_rule = WeisRules {
            undenufe_four_sixes: true,
            ..SMALL
        };
        assert_eq!(sixes.points(Mode::Undenufe, &six_rule), 100);
        assert_eq!(sixes.points(HEARTS, &six_rule), 0);
        assert_eq!(
            "DA HA SA CA"
                .parse::<Weis>()
                .unwrap()
                .points(Mode::Undenufe, &six_rule),
            0
        );
        assert_eq!(
            sixes.points(
                HEARTS,
                &WeisRules {
                    fours_any_rank: true,
                    ..SMALL
                }
            ),
            100
        );
    }

    #[test]
    fn validation_says_why() {
        let hand = set("DK HK SK CK DQ DJ D10 H6 S6");
        let four = "DK HK SK CK".parse::<Weis>().unwrap();
        let seq = "DK DQ DJ D10".parse::<Weis>().unwrap();
        let d = Declaration::new(&[four, seq]).unwrap();
        assert!(d
            .validate(hand, HEARTS, &SMALL)
            .unwrap_err()
            .contains("two combinations"));
        let large = WeisRules {
            style: WeisStyle::Large,
            ..SMALL
        };
        assert!(d.validate(hand, HEARTS, &large).is_ok());
        let missing = Declaration::new(&["CA CK CQ".parse().unwrap()]).unwrap();
        assert!(missing
            .validate(hand, HEARTS, &SMALL)
            .unwrap_err()
            .contains("not in the hand"));
    }

    #[test]
    fn from_cards_rejects_non_weis() {
        assert!(Weis::from_cards(set("HA HK HJ")).is_none());
        assert!(Weis::from_cards(set("HA HK SQ")).is_none());
        assert_eq!(
            Weis::from_cards(set("H6 H7 H8")).unwrap().to_string(),
            "H8 H7 H6"
        );
    }

    #[test]
    fn a_hand_of_twelve_declares_three_fours() {
        // Three players hold twelve cards: four Jacks, four Aces and four Kings, 200 + 100 + 100.
        let hand: CardSet = "DJ HJ SJ CJ DA HA SA CA DK HK SK CK".parse().unwrap();
        for style in [WeisStyle::Small, WeisStyle::Large] {
            let rules = WeisRules {
                style,
                ..WeisRules::default()
            };
            let d = best_declaration(hand, Mode::Trump(Suit::H), &rules);
            assert_eq!(d.points(Mode::Trump(Suit::H), &rules), 400, "{style:?}");
            assert_eq!(d.iter().count(), 3);
        }
    }
}

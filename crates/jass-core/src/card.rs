//! Suits, ranks and cards of the 36-card Jass pack, in the public notation of
//! `shared/conventions.md` (`HA`, `D10`, `SJ`, `C6`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the four suits. The letters are the public notation; the Swiss-German names follow the
/// mapping of the HSLU jass-kit and the Swisslos logs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// `D`: diamonds, Schellen (bells).
    D = 0,
    /// `H`: hearts, Rosen (roses).
    H = 1,
    /// `S`: spades, Schilten (shields).
    S = 2,
    /// `C`: clubs, Eicheln (acorns).
    C = 3,
}

impl Suit {
    /// All suits in notation order.
    pub const ALL: [Suit; 4] = [Suit::D, Suit::H, Suit::S, Suit::C];

    /// The suit with index `i` (0..4).
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    /// Index 0..4.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The public letter.
    pub const fn letter(self) -> char {
        match self {
            Suit::D => 'D',
            Suit::H => 'H',
            Suit::S => 'S',
            Suit::C => 'C',
        }
    }

    /// Name of the suit in the given card style.
    pub fn name(self, style: CardStyle) -> &'static str {
        match (style, self) {
            (CardStyle::Swiss, Suit::D) => "Schellen",
            (CardStyle::Swiss, Suit::H) => "Rosen",
            (CardStyle::Swiss, Suit::S) => "Schilten",
            (CardStyle::Swiss, Suit::C) => "Eicheln",
            (CardStyle::French, Suit::D) => "Karo",
            (CardStyle::French, Suit::H) => "Herz",
            (CardStyle::French, Suit::S) => "Pik",
            (CardStyle::French, Suit::C) => "Kreuz",
        }
    }

    /// Symbol of the suit in the given card style.
    pub fn symbol(self, style: CardStyle) -> &'static str {
        match (style, self) {
            (CardStyle::Swiss, Suit::D) => "🔔",
            (CardStyle::Swiss, Suit::H) => "🌹",
            (CardStyle::Swiss, Suit::S) => "🛡",
            (CardStyle::Swiss, Suit::C) => "🌰",
            (CardStyle::French, Suit::D) => "♦",
            (CardStyle::French, Suit::H) => "♥",
            (CardStyle::French, Suit::S) => "♠",
            (CardStyle::French, Suit::C) => "♣",
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_uppercase().as_str() {
            "D" => Ok(Suit::D),
            "H" => Ok(Suit::H),
            "S" => Ok(Suit::S),
            "C" => Ok(Suit::C),
            _ => Err(ParseError::new(format!(
                "unknown suit `{s}`: expected one of D, H, S, C"
            ))),
        }
    }
}

/// A rank, indexed in the natural order from the six (0) to the ace (8): `6 7 8 9 10 J Q K A`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// Six.
    Six = 0,
    /// Seven.
    Seven = 1,
    /// Eight.
    Eight = 2,
    /// Nine (Näll when trump).
    Nine = 3,
    /// Ten (Banner).
    Ten = 4,
    /// Jack (Under; Puur when trump).
    Jack = 5,
    /// Queen (Ober).
    Queen = 6,
    /// King (König).
    King = 7,
    /// Ace (Ass).
    Ace = 8,
}

impl Rank {
    /// All ranks from the six up to the ace (the natural order, low to high).
    pub const ALL: [Rank; 9] = [
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with natural index `i` (0 = six .. 8 = ace).
    pub const fn from_index(i: usize) -> Rank {
        Rank::ALL[i]
    }

    /// Natural index 0 (six) .. 8 (ace).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Public notation: `A K Q J 10 9 8 7 6`.
    pub const fn notation(self) -> &'static str {
        match self {
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Ace => "A",
        }
    }

    /// Name of the rank in the given card style.
    pub fn name(self, style: CardStyle) -> &'static str {
        match (style, self) {
            (_, Rank::Six) => "6",
            (_, Rank::Seven) => "7",
            (_, Rank::Eight) => "8",
            (_, Rank::Nine) => "9",
            (CardStyle::Swiss, Rank::Ten) => "Banner",
            (CardStyle::Swiss, Rank::Jack) => "Under",
            (CardStyle::Swiss, Rank::Queen) => "Ober",
            (CardStyle::Swiss, Rank::King) => "König",
            (CardStyle::Swiss, Rank::Ace) => "Ass",
            (CardStyle::French, Rank::Ten) => "10",
            (CardStyle::French, Rank::Jack) => "Bube",
            (CardStyle::French, Rank::Queen) => "Dame",
            (CardStyle::French, Rank::King) => "König",
            (CardStyle::French, Rank::Ace) => "Ass",
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl FromStr for Rank {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Input may use the Swiss-German letters O (Ober), U (Under), B/T (Banner).
        match s.trim().to_ascii_uppercase().as_str() {
            "6" => Ok(Rank::Six),
            "7" => Ok(Rank::Seven),
            "8" => Ok(Rank::Eight),
            "9" => Ok(Rank::Nine),
            "10" | "B" | "T" => Ok(Rank::Ten),
            "J" | "U" => Ok(Rank::Jack),
            "Q" | "O" => Ok(Rank::Queen),
            "K" => Ok(Rank::King),
            "A" => Ok(Rank::Ace),
            _ => Err(ParseError::new(format!(
                "unknown rank `{s}`: expected one of A K Q J 10 9 8 7 6 (or O, U, B, T)"
            ))),
        }
    }
}

/// How cards are shown to people. The notation in records never changes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardStyle {
    /// Schellen, Rosen, Schilten, Eicheln; Ober, Under, Banner.
    #[default]
    Swiss,
    /// Karo, Herz, Pik, Kreuz; Dame, Bube, 10.
    French,
}

impl FromStr for CardStyle {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "swiss" | "de" | "swiss-german" => Ok(CardStyle::Swiss),
            "french" | "fr" => Ok(CardStyle::French),
            _ => Err(ParseError::new(format!(
                "unknown card style `{s}`: expected `swiss` or `french`"
            ))),
        }
    }
}

/// A card. Its index (`suit * 16 + rank`) is its bit in a [`crate::CardSet`].
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of the given suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) * 16 + rank as u8)
    }

    /// The card whose bit index is `i`; `None` if no card has that index.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 64 && (i & 15) < 9 {
            Some(Card(i))
        } else {
            None
        }
    }

    /// The card whose bit index is `i`, which must be a card's (a bit of a [`crate::CardSet`]).
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(i: u8) -> Card {
        Card(i)
    }

    /// Bit index in a card set (0..64, with gaps).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    #[inline(always)]
    pub const fn suit(self) -> Suit {
        // SAFETY: a `Card` index is below 64, so `>> 4` is 0..4, and `Suit` is `repr(u8)` with the
        // discriminants 0..4.
        unsafe { std::mem::transmute::<u8, Suit>((self.0 >> 4) & 3) }
    }

    /// The rank.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        // SAFETY: a `Card` is only built with a rank index below 9 (see `new`, `from_index`,
        // `from_dense`), and `Rank` is `repr(u8)` with the discriminants 0..9.
        unsafe { std::mem::transmute::<u8, Rank>(self.0 & 15) }
    }

    /// Index of the card among the 36 (suit * 9 + rank), for dense tables.
    pub const fn dense(self) -> usize {
        ((self.0 >> 4) as usize) * 9 + (self.0 & 15) as usize
    }

    /// The card with dense index `i` (0..36).
    pub const fn from_dense(i: usize) -> Card {
        Card(((i / 9) * 16 + i % 9) as u8)
    }

    /// The card as a person reads it, e.g. `Rosen Ass` or `Herz Ass`.
    pub fn long_name(self, style: CardStyle) -> String {
        format!("{} {}", self.suit().name(style), self.rank().name(style))
    }

    /// A short label with a suit symbol, e.g. `🌹A` or `♥A`.
    pub fn short_name(self, style: CardStyle) -> String {
        let rank = match (style, self.rank()) {
            (CardStyle::Swiss, Rank::Queen) => "O",
            (CardStyle::Swiss, Rank::Jack) => "U",
            (CardStyle::Swiss, Rank::Ten) => "B",
            (_, r) => r.notation(),
        };
        format!("{}{}", self.suit().symbol(style), rank)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit(), self.rank())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let mut chars = t.chars();
        let Some(first) = chars.next() else {
            return Err(ParseError::new(
                "empty card: expected e.g. HA, D10, SJ, C6".into(),
            ));
        };
        let suit: Suit = first
            .to_string()
            .parse()
            .map_err(|_| ParseError::new(format!("unknown card `{t}`: a card is a suit letter (D H S C) and a rank (A K Q J 10 9 8 7 6), e.g. HA, D10")))?;
        let rank: Rank = chars
            .as_str()
            .parse()
            .map_err(|_| ParseError::new(format!("unknown card `{t}`: a card is a suit letter (D H S C) and a rank (A K Q J 10 9 8 7 6), e.g. HA, D10")))?;
        Ok(Card::new(suit, rank))
    }
}

/// A suit in JSON is its notation letter (`"D"`).
impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A notation that could not be read, with what was wrong and how to write it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(String);

impl ParseError {
    /// A parse error with the given message.
    pub fn new(msg: String) -> Self {
        ParseError(msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips() {
        for i in 0..36 {
            let c = Card::from_dense(i);
            assert_eq!(c.dense(), i);
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
    }

    #[test]
    fn swiss_letters_are_accepted() {
        assert_eq!(
            "hO".parse::<Card>().unwrap(),
            Card::new(Suit::H, Rank::Queen)
        );
        assert_eq!(
            "sU".parse::<Card>().unwrap(),
            Card::new(Suit::S, Rank::Jack)
        );
        assert_eq!("dB".parse::<Card>().unwrap(), Card::new(Suit::D, Rank::Ten));
        assert_eq!("DT".parse::<Card>().unwrap().to_string(), "D10");
    }

    #[test]
    fn bad_cards_say_why() {
        let e = "X5".parse::<Card>().unwrap_err().to_string();
        assert!(e.contains("X5") && e.contains("suit letter"), "{e}");
        assert!("H5".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("H".parse::<Card>().is_err());
    }
}

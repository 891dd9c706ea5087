//! Guggitaler's own part of a card-play game ([`CardPlayGame`]): a list of deals played without
//! trump, each counting other cards (the tricks, the roses, the Obers, the Rose King, the last
//! trick), each player for himself, the fewest points winning. The base deals, plays the cards
//! through the one trick-play core and keeps the tricks; this module keeps the options, the deal
//! under way, the points written and how a deal writes them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::card_play_game::{CardPlayGame, CardPlayObservation, CardPlayRules, HandsDeal};
use crate::cardset::CardSet;
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::trick::TrickRules;
use crate::trick_play::AnyDealPlay;

use super::options::{GuggitalerOptions, List};

pub use crate::card_play_game::{CardPlayPhase as GuggitalerPhase, MAX_SEATS};

/// No trump: who holds the suit led follows it, who does not plays any card (004: "It is played
/// without trumps"; JassWiki: "Der Guggitaler wird ohne Trumpf gespielt").
pub const RULES: TrickRules = TrickRules::Weak;
/// Every deal is played without trump, the aces high (the natural order of a game without
/// trump; the sources name no other).
pub const MODE: Mode = Mode::Obenabe;

/// What a deal counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Count {
    /// Each trick.
    Tricks,
    /// Each card of the deal's suit (004: the roses; JassWiki: the Schellen).
    Cards,
    /// Each Ober (Queen).
    Obers,
    /// The King of the deal's suit (the Rose King: `H`).
    King,
    /// The last trick.
    LastTrick,
    /// 004's fifth deal, "all these scores are combined": each rose 5, each trick 10, each Ober
    /// 20, the Rose King 45.
    All,
}

/// One deal of the list: what it counts, how much, and whether it is avoided or sought.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// What the deal counts.
    pub count: Count,
    /// The suit of `cards` and `king` (`null` for the others).
    pub suit: Option<Suit>,
    /// Points for each trick, card, the King or the last trick (`all`: for each trick; its cards
    /// count 5, 20 and 45).
    pub value: u32,
    /// The deal seeks what it counts (JassWiki's sixth to tenth deal): what a player takes is
    /// written as a credit, less.
    pub seek: bool,
    /// No card of this suit may lead a trick while the hand holds another (004: "In deals 1, 4
    /// and 5 no Roses may be led as long as you have other cards in your hand").
    pub no_lead: Option<Suit>,
}

/// How a deal's points are counted from the cards and tricks a player took: `per_point` times
/// the cards' points by `table` (the last trick's `last` included), and `per_trick` for each
/// trick.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// What each card counts.
    pub table: PointTable,
    /// What the last trick counts beside its cards, in the table's points.
    pub last: u32,
    /// Points for each point of the table.
    pub per_point: u32,
    /// Points for each trick.
    pub per_trick: u32,
}

impl Tally {
    /// The points of a player who took cards worth `table_points` by the table (the last
    /// trick's `last` included) in `tricks` tricks.
    pub fn points(&self, table_points: u32, tricks: u8) -> u32 {
        self.per_point * table_points + self.per_trick * u32::from(tricks)
    }

    /// The points of one trick of `cards`, `last` whether it is the deal's last.
    pub fn trick(&self, cards: &[Card], last: bool) -> u32 {
        let bonus = if last { self.last } else { 0 };
        self.points(
            cards.iter().map(|&c| self.table.card(c)).sum::<u32>() + bonus,
            1,
        )
    }
}

impl Round {
    /// An avoided deal that counts `count` at `value`, of `suit` where it names one.
    const fn avoid(count: Count, suit: Option<Suit>, value: u32) -> Round {
        Round {
            count,
            suit,
            value,
            seek: false,
            no_lead: None,
        }
    }

    /// The same deal with no card of `suit` led while the hand holds another.
    const fn no_lead(self, suit: Suit) -> Round {
        Round {
            no_lead: Some(suit),
            ..self
        }
    }

    /// The same deal sought instead of avoided.
    const fn sought(self) -> Round {
        Round { seek: true, ..self }
    }

    /// The cards of `legal` (the legal cards of the seat to lead, its hand) that may lead a trick
    /// in this deal: without its `no_lead` suit while the hand holds another.
    pub fn leads(&self, legal: CardSet) -> CardSet {
        match self.no_lead {
            Some(suit) if !(legal - legal.of_suit(suit)).is_empty() => legal - legal.of_suit(suit),
            _ => legal,
        }
    }

    /// How its points are counted.
    pub fn tally(&self) -> Tally {
        let suit = self.suit.unwrap_or(Suit::H);
        let (table, last, per_point, per_trick) = match self.count {
            Count::Tricks => (PointTable::nothing(), 0, 0, self.value),
            Count::Cards => (PointTable::cards_of(suit), 0, self.value, 0),
            Count::Obers => (PointTable::cards_of_rank(Rank::Queen), 0, self.value, 0),
            Count::King => (
                PointTable::only(Card::new(suit, Rank::King)),
                0,
                self.value,
                0,
            ),
            Count::LastTrick => (PointTable::nothing(), 1, self.value, 0),
            Count::All => (PointTable::guggitaler_all(), 0, 1, self.value),
        };
        Tally {
            table,
            last,
            per_point,
            per_trick,
        }
    }

    /// What a player who took `points` by the count writes: the points, or less them when the
    /// deal seeks what it counts.
    pub fn written(&self, points: u32) -> i32 {
        if self.seek {
            -(points as i32)
        } else {
            points as i32
        }
    }
}

/// 004's five deals, the fewest points each (004: "In the first deal, each rose scores 5
/// points, in the second each trick is worth 10, in the third each Ober scores 20, in the fourth
/// the Rose King scores 45 and in the fifth deal, all these scores are combined. In deals 1, 4
/// and 5 no Roses may be led as long as you have other cards in your hand").
const LIST_004: [Round; 5] = [
    Round::avoid(Count::Cards, Some(Suit::H), 5).no_lead(Suit::H),
    Round::avoid(Count::Tricks, None, 10),
    Round::avoid(Count::Obers, None, 20),
    Round::avoid(Count::King, Some(Suit::H), 45).no_lead(Suit::H),
    Round::avoid(Count::All, None, 10).no_lead(Suit::H),
];

/// JassWiki's five deals, the fewest points each ("Serienjass: Taktiken": "Erstes Spiel:
/// möglichst wenige Stiche zu machen (1 Punkt pro Stich)", "Zweites Spiel: möglichst wenige
/// Schellenkarten … (2 Punkte pro Karte)", "Drittes Spiel: möglichst wenige Ober … (4 Punkte pro
/// Ober/Dame)", "Viertes Spiel: den Rosen-König … nicht zu machen (8 Punkte)", "Fünftes Spiel:
/// den letzten Stich nicht zu machen (10 Punkte)"), then, without the Domino, the same five
/// sought ("Sechstes Spiel: möglichst viele Stiche zu machen" … "Zehntes Spiel: der letzte Stich
/// zu machen").
const LIST_JASSWIKI: [Round; 5] = [
    Round::avoid(Count::Tricks, None, 1),
    Round::avoid(Count::Cards, Some(Suit::D), 2),
    Round::avoid(Count::Obers, None, 4),
    Round::avoid(Count::King, Some(Suit::H), 8),
    Round::avoid(Count::LastTrick, None, 10),
];

impl List {
    /// Deals in the game.
    pub fn deals(self) -> u32 {
        match self {
            List::JassWikiTen => 10,
            _ => 5,
        }
    }

    /// Deal `number` of the list (1-based; past its end, its last).
    pub fn round(self, number: u32) -> Round {
        let i = (number.max(1) - 1) as usize;
        match self {
            List::Encyclopedia => LIST_004[i.min(4)],
            List::JassWiki => LIST_JASSWIKI[i.min(4)],
            List::JassWikiTen if i < 5 => LIST_JASSWIKI[i],
            List::JassWikiTen => LIST_JASSWIKI[(i - 5).min(4)].sought(),
        }
    }
}

/// How a finished deal was scored, per seat (seats beyond the table's players 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealScore {
    /// The deal of the list that was played.
    pub round: Round,
    /// Points each seat took by the deal's count.
    pub points: [u32; MAX_SEATS],
    /// Tricks each seat took.
    pub tricks: [u8; MAX_SEATS],
    /// What the deal wrote to each seat: its points, or less them in a deal that seeks them.
    pub written: [i32; MAX_SEATS],
}

/// How the last finished deal was scored, as every seat sees it: a value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastDeal {
    /// The deal of the list that was played.
    pub round: Round,
    /// Points each player took by the deal's count.
    pub points: Vec<u32>,
    /// Tricks each player took.
    pub tricks: Vec<u8>,
    /// What the deal wrote to each player.
    pub written: Vec<i32>,
}

/// Guggitaler's own part of a game: its options, the deal under way, and the points written.
#[derive(Copy, Clone, Debug)]
pub struct GuggitalerRules {
    opts: GuggitalerOptions,
    /// The deal of the list under way (or the first, before it is dealt).
    round: Round,
    /// Points written so far, per seat.
    totals: [i32; MAX_SEATS],
    last: Option<DealScore>,
}

/// A Guggitaler game in progress.
pub type Guggitaler = CardPlayGame<GuggitalerRules>;

impl GuggitalerRules {
    /// Writes a deal of `round` in which each seat took `points` by its count in `tricks`
    /// tricks; true when the game is over, after deal `number`.
    fn write_deal(
        &mut self,
        round: Round,
        points: [u32; MAX_SEATS],
        tricks: [u8; MAX_SEATS],
        number: u32,
    ) -> bool {
        let written = std::array::from_fn(|s| round.written(points[s]));
        for (total, w) in self.totals.iter_mut().zip(written) {
            *total += w;
        }
        self.last = Some(DealScore {
            round,
            points,
            tricks,
            written,
        });
        number >= self.opts.list.deals()
    }
}

impl CardPlayRules for GuggitalerRules {
    const NAME: &'static str = "guggitaler";
    const TRICK_RULES: TrickRules = RULES;
    type Options = GuggitalerOptions;
    type Deal = HandsDeal;
    type DealScore = DealScore;
    type View = GuggitalerView;

    fn new(opts: GuggitalerOptions) -> Result<Self, String> {
        opts.validate()?;
        Ok(GuggitalerRules {
            opts,
            round: opts.list.round(1),
            totals: [0; MAX_SEATS],
            last: None,
        })
    }
    fn options(&self) -> &GuggitalerOptions {
        &self.opts
    }
    fn players(&self) -> u8 {
        self.opts.players
    }
    /// Three cards a packet with four players, four with three.
    fn packet(&self) -> usize {
        self.opts.packet()
    }
    fn deal_of(&self, hands: [CardSet; MAX_SEATS], _pack: &[Card; 36]) -> HandsDeal {
        HandsDeal { hands }
    }
    fn hands(deal: &HandsDeal) -> [CardSet; MAX_SEATS] {
        deal.hands
    }
    fn start_deal(&mut self, _deal: &HandsDeal, number: u32) {
        self.round = self.opts.list.round(number);
    }
    fn mode(&self) -> Mode {
        MODE
    }
    /// 004: "no Roses may be led as long as you have other cards in your hand" (its first,
    /// fourth and fifth deal).
    fn leads(&self, legal: CardSet) -> CardSet {
        self.round.leads(legal)
    }
    fn play_rules(&self, _mode: Mode, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in Guggitaler (no trump: follow suit, else any card")?;
        if let Some(suit) = self.round.no_lead {
            write!(f, "; no {suit} led while the hand holds another suit")?;
        }
        write!(f, ")")
    }
    /// What the trick counts in the deal under way (its cards, itself, the last trick).
    fn trick_points(&self, cards: &[Card], card_points: u32) -> u32 {
        let plain = PointTable::new(MODE, UndenufeEleven::Ace);
        let last = card_points > cards.iter().map(|&c| plain.card(c)).sum::<u32>();
        self.round.tally().trick(cards, last)
    }
    fn last_deal(&self) -> Option<&DealScore> {
        self.last.as_ref()
    }
    fn score_deal(&mut self, play: &AnyDealPlay, number: u32) -> bool {
        let (points, tricks) = Guggitaler::taken(play, &self.round);
        self.write_deal(self.round, points, tricks, number)
    }
    fn view(g: &Guggitaler) -> GuggitalerView {
        let own = g.own();
        let (points, tricks) = Guggitaler::taken(g.card_play(), &own.round);
        GuggitalerView {
            list: own.opts.list,
            deals: own.opts.list.deals(),
            round: own.round,
            points: g.per_seat(points),
            tricks_taken: g.per_seat(tricks),
            totals: g.per_seat(own.totals),
            last_deal: own.last.map(|d| LastDeal {
                round: d.round,
                points: g.per_seat(d.points),
                tricks: g.per_seat(d.tricks),
                written: g.per_seat(d.written),
            }),
        }
    }
}

impl Guggitaler {
    /// The deal of the list under way (or the first, before it is dealt).
    pub fn round(&self) -> Round {
        self.own().round
    }

    /// Points written so far, per seat (the fewest win).
    pub fn totals(&self) -> [i32; MAX_SEATS] {
        self.own().totals
    }

    /// Points (by the count of `round`) and tricks each seat has taken in this deal so far.
    pub fn taken(play: &AnyDealPlay, round: &Round) -> ([u32; MAX_SEATS], [u8; MAX_SEATS]) {
        let tally = round.tally();
        let mut points = [0; MAX_SEATS];
        let mut tricks = [0; MAX_SEATS];
        let done = play.tricks_done() as usize;
        for i in 0..done {
            let (_, cards, winner, _) = play.completed(i);
            let w = winner as usize;
            points[w] += tally.trick(cards, i + 1 == play.tricks_in_deal() as usize);
            tricks[w] += 1;
        }
        (points, tricks)
    }

    /// The winners once the game is over: every seat with the fewest points written (more than
    /// one share the win: the sources are silent on ties).
    pub fn winners(&self) -> Vec<u8> {
        if self.phase() != GuggitalerPhase::Over {
            return Vec::new();
        }
        let n = self.players() as usize;
        let totals = self.totals();
        let best = totals[..n].iter().copied().min().unwrap_or(0);
        (0..n)
            .filter(|&s| totals[s] == best)
            .map(|s| s as u8)
            .collect()
    }

    /// A game whose deals are given by the points (by each deal's count) and tricks each seat
    /// took: the scoring alone, for tests and worked examples. Each deal is counted as dealt and
    /// played, in the list's order.
    pub fn scored(
        opts: GuggitalerOptions,
        deals: &[([u32; MAX_SEATS], [u8; MAX_SEATS])],
    ) -> Result<Guggitaler, String> {
        let mut g = Guggitaler::new(opts)?;
        for &(points, tricks) in deals {
            if g.phase() != GuggitalerPhase::Deal {
                return Err("the game is over".into());
            }
            g.score_unplayed_deal(|own, number| {
                own.round = own.opts.list.round(number);
                own.write_deal(own.round, points, tricks, number)
            });
        }
        Ok(g)
    }
}

/// Everything one seat may see (a spectator: no hand); a completed trick's `points` are what it
/// counts in the deal under way.
pub type GuggitalerObservation = CardPlayObservation<GuggitalerView>;

/// Guggitaler's part of a seat's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GuggitalerView {
    /// The list of deals.
    pub list: List,
    /// Deals in the game.
    pub deals: u32,
    /// The deal of the list under way: what it counts.
    pub round: Round,
    /// Points each player has taken in this deal by its count.
    pub points: Vec<u32>,
    /// Tricks each player has taken in this deal.
    pub tricks_taken: Vec<u8>,
    /// Points written so far (the fewest win).
    pub totals: Vec<i32>,
    /// How the last finished deal was scored.
    pub last_deal: Option<LastDeal>,
}

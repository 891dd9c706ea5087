//! Mittlere's own part of a card-play game ([`CardPlayGame`]): deals of 12 cards to each of three
//! players, played without trump until the first card that does not follow suit makes its suit
//! trump; each deal marks the player with the middle score down (two Nuller) and the highest and
//! the lowest up (a Strich each), unless someone took too many points or no trick, or every
//! trick. The base deals, plays the cards through the one trick-play core under the rule of the
//! negative and mixed games ([`TrickRules::Weak`]) and keeps the tricks; this module keeps the
//! options, the trump once set, the marks, and how a deal writes them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::card_play_game::{CardPlayGame, CardPlayObservation, CardPlayRules, HandsDeal};
use crate::cardset::CardSet;
use crate::mode::{Mode, PointTable, UndenufeEleven, LAST_TRICK_BONUS};
use crate::trick::{mode_after_card, TrickRules};
use crate::trick_play::AnyDealPlay;

use super::options::{Hundred, MittlereOptions, PLAYERS};
use crate::hindersi::Ranking;

pub use crate::card_play_game::{CardPlayPhase as MittlerePhase, MAX_SEATS};

/// Undertrumping is allowed only to a player who holds no card of the suit led: the rule of the
/// negative and mixed games (003 names Mittlere among them: "the **weaker** undertrumping rule
/// applies"; 004: "If a non-trump is led, and second player plays a trump, third player can only
/// play a lower trump if void of the original suit").
pub const RULES: TrickRules = TrickRules::Weak;
/// The mode of the play before a trump is set: no trump, the aces high (JassWiki: "Vorerst wird
/// ein Obenabe gespielt, d.h. ohne Trumpffarbe").
pub const UNSET: Mode = Mode::Obenabe;

/// What `card` counts once the deal is over, `trump` its trump (JassWiki: "Die Kartenwerte zählen
/// dabei jedoch wie bei einem Trumpfspiel": the Under 20 and the Nell 14 of the trump suit, the
/// other suits as plain suits of a trump game, the eights nothing); before the trump is set
/// (`None`) every card as a plain suit's.
pub fn card_value(card: Card, trump: Option<Suit>) -> u32 {
    let suit = trump.unwrap_or(if card.suit() == Suit::D {
        Suit::H
    } else {
        Suit::D
    });
    PointTable::new(Mode::Trump(suit), UndenufeEleven::Ace).card(card)
}

/// Sets `trump` by `card`, played to `trick` (lead first), if it is the first card that does
/// not follow suit; the deal's new mode when it did (a trump in its own trick already).
pub fn first_off_suit(trump: &mut Option<Suit>, trick: &[Card], card: Card) -> Option<Mode> {
    let before = trump.map_or(UNSET, Mode::Trump);
    let mode = mode_after_card(UNSET, before, trick, card);
    *trump = mode.trump();
    (mode != before).then_some(mode)
}

/// The points of a trick's `cards` under `trump` as it stands ([`card_value`]), from
/// `card_points`, what the core counted for them by the point table the deal began with (no
/// trump yet), whose part beyond the cards (the last trick's 5) is kept.
pub fn points_under(trump: Option<Suit>, cards: &[Card], card_points: u32) -> u32 {
    let unset = PointTable::new(UNSET, UndenufeEleven::Ace);
    let bonus = card_points - cards.iter().map(|&c| unset.card(c)).sum::<u32>();
    cards.iter().map(|&c| card_value(c, trump)).sum::<u32>() + bonus
}

/// How a deal was marked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", deny_unknown_fields)]
pub enum Outcome {
    /// Every card followed suit in every trick, so no trump was set: the deal is annulled
    /// (JassWiki: "wird das Spiel annulliert"), nothing written.
    Annulled,
    /// One player took every trick: two Striche to him (JassWiki: "Ein Matschspiel wird mit 2
    /// Strichen belohnt"), a Nuller to each other (our choice: "Pro Spiel werden immer 2 Striche
    /// und 2 Nuller verteilt").
    Match {
        /// Who took every trick.
        seat: u8,
    },
    /// Players with too many points or without a trick: two Nuller to each of them, a Strich to
    /// each other player (004: "Going over 100 card-pts or getting no tricks will get you -2
    /// (with +1 for the other two players) as well"; JassWiki the same with "100 und mehr").
    Penalty,
    /// Two Nuller to the middle score, a Strich to the highest and to the lowest (004, JassWiki);
    /// two players level with the middle score are both the middle (our choice).
    Middle,
}

/// How a finished deal was scored, per seat (seats beyond the table's players 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealScore {
    /// Points each seat took, counted under the deal's trump, the last trick's 5 included (157
    /// in all; 0 in an annulled deal).
    pub card_points: [u32; MAX_SEATS],
    /// Tricks each seat took.
    pub tricks: [u8; MAX_SEATS],
    /// The deal's trump (none: annulled).
    pub trump: Option<Suit>,
    /// How the deal was marked.
    pub outcome: Outcome,
    /// The Striche the deal wrote.
    pub striche: [u32; MAX_SEATS],
    /// The Nuller the deal wrote.
    pub nuller: [u32; MAX_SEATS],
}

/// How the last finished deal was scored, as every seat sees it: a value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastDeal {
    /// Points each player took.
    pub card_points: Vec<u32>,
    /// Tricks each player took.
    pub tricks: Vec<u8>,
    /// The deal's trump (none: annulled).
    pub trump: Option<Mode>,
    /// How the deal was marked.
    pub outcome: Outcome,
    /// The Striche the deal wrote.
    pub striche: Vec<u32>,
    /// The Nuller the deal wrote.
    pub nuller: Vec<u32>,
}

impl DealScore {
    /// As every seat sees it.
    pub fn view(&self) -> LastDeal {
        let n = PLAYERS as usize;
        LastDeal {
            card_points: self.card_points[..n].to_vec(),
            tricks: self.tricks[..n].to_vec(),
            trump: self.trump.map(Mode::Trump),
            outcome: self.outcome,
            striche: self.striche[..n].to_vec(),
            nuller: self.nuller[..n].to_vec(),
        }
    }
}

/// Mittlere's own part of a game: its options, the trump once set, and the marks.
#[derive(Copy, Clone, Debug)]
pub struct MittlereRules {
    opts: MittlereOptions,
    /// The trump of this deal, once a card has set it.
    trump: Option<Suit>,
    /// Striche and Nuller written so far, per seat.
    striche: [u32; MAX_SEATS],
    nuller: [u32; MAX_SEATS],
    last: Option<DealScore>,
}

/// A Mittlere game in progress.
pub type Mittlere = CardPlayGame<MittlereRules>;

impl MittlereRules {
    /// Writes a deal that ended with these points and tricks under `trump` (none: annulled);
    /// true when the game is over, after deal `number`.
    fn write_deal(
        &mut self,
        card_points: [u32; MAX_SEATS],
        tricks: [u8; MAX_SEATS],
        trump: Option<Suit>,
        number: u32,
    ) -> bool {
        let (outcome, striche, nuller) = match trump {
            Some(_) => Mittlere::marks(&card_points, &tricks, self.opts.hundred),
            None => (Outcome::Annulled, [0; MAX_SEATS], [0; MAX_SEATS]),
        };
        for s in 0..MAX_SEATS {
            self.striche[s] += striche[s];
            self.nuller[s] += nuller[s];
        }
        self.last = Some(DealScore {
            card_points,
            tricks,
            trump,
            outcome,
            striche,
            nuller,
        });
        number >= self.opts.deals
    }
}

impl CardPlayRules for MittlereRules {
    const NAME: &'static str = "mittlere";
    const TRICK_RULES: TrickRules = RULES;
    type Options = MittlereOptions;
    type Deal = HandsDeal;
    type DealScore = DealScore;
    type View = MittlereView;

    fn new(opts: MittlereOptions) -> Result<Self, String> {
        opts.validate()?;
        Ok(MittlereRules {
            opts,
            trump: None,
            striche: [0; MAX_SEATS],
            nuller: [0; MAX_SEATS],
            last: None,
        })
    }
    fn options(&self) -> &MittlereOptions {
        &self.opts
    }
    fn players(&self) -> u8 {
        PLAYERS
    }
    /// Packets of four (12 cards each in three rounds, as JassWiki deals every three-player
    /// game of 12 cards: "3 x 4 Karten").
    fn packet(&self) -> usize {
        4
    }
    fn deal_of(&self, hands: [CardSet; MAX_SEATS], _pack: &[Card; 36]) -> HandsDeal {
        HandsDeal { hands }
    }
    fn hands(deal: &HandsDeal) -> [CardSet; MAX_SEATS] {
        deal.hands
    }
    fn start_deal(&mut self, _deal: &HandsDeal, _number: u32) {
        self.trump = None;
    }
    fn mode(&self) -> Mode {
        self.trump.map_or(UNSET, Mode::Trump)
    }
    /// The first card that does not follow suit makes its suit trump (004: "First card to break
    /// suit sets trump"; JassWiki: "Die erste Fehlfarbe wird somit zur Trumpffarbe, die dann bis
    /// zum Ende des Spiels gilt"), and it is a trump in its own trick already.
    fn mode_change(&mut self, play: &AnyDealPlay, card: Card) -> Option<Mode> {
        first_off_suit(&mut self.trump, play.current(), card)
    }
    fn play_rules(&self, mode: Mode, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match mode {
            Mode::Trump(t) => write!(
                f,
                "in Mittlere (trump {t}: follow suit or trump; undertrump only without the suit led)"
            ),
            _ => write!(
                f,
                "in Mittlere (no trump yet: follow suit; the first card that does not follow makes its suit trump)"
            ),
        }
    }
    /// Its points under the trump as it stands (none yet: every card a plain suit's), the last
    /// trick's 5 included: a trick taken before the trump is set counts its Under and Nell of
    /// the trump suit as the trump's once it is.
    fn trick_points(&self, cards: &[Card], card_points: u32) -> u32 {
        points_under(self.trump, cards, card_points)
    }
    fn last_deal(&self) -> Option<&DealScore> {
        self.last.as_ref()
    }
    fn score_deal(&mut self, play: &AnyDealPlay, number: u32) -> bool {
        let (points, tricks) = Mittlere::taken(play, self.trump);
        let points = if self.trump.is_some() {
            points
        } else {
            [0; MAX_SEATS]
        };
        self.write_deal(points, tricks, self.trump, number)
    }
    fn view(g: &Mittlere) -> MittlereView {
        let own = g.own();
        let (points, tricks) = Mittlere::taken(g.card_play(), own.trump);
        MittlereView {
            deals: own.opts.deals,
            hundred: own.opts.hundred,
            ranking: own.opts.ranking,
            trump: own.trump.map(Mode::Trump),
            card_points: g.per_seat(points),
            tricks_taken: g.per_seat(tricks),
            striche: g.per_seat(own.striche),
            nuller: g.per_seat(own.nuller),
            score: g.per_seat(g.score()),
            last_deal: own.last.map(|d| d.view()),
        }
    }
}

impl Mittlere {
    /// The trump of this deal, once a card has set it.
    pub fn trump(&self) -> Option<Suit> {
        self.own().trump
    }

    /// Striche written so far, per seat.
    pub fn striche(&self) -> [u32; MAX_SEATS] {
        self.own().striche
    }

    /// Nuller written so far, per seat.
    pub fn nuller(&self) -> [u32; MAX_SEATS] {
        self.own().nuller
    }

    /// What ranks each seat at the end under the options' `ranking`: Striche less Nuller, or
    /// Striche alone.
    pub fn score(&self) -> [i64; MAX_SEATS] {
        let own = self.own();
        std::array::from_fn(|s| own.opts.ranking.score(own.striche[s], own.nuller[s]))
    }

    /// Points and tricks each seat has taken in this deal so far, the points counted under
    /// `trump` ([`card_value`]), the last trick's 5 included.
    pub fn taken(play: &AnyDealPlay, trump: Option<Suit>) -> ([u32; MAX_SEATS], [u8; MAX_SEATS]) {
        let mut points = [0; MAX_SEATS];
        let mut tricks = [0; MAX_SEATS];
        let done = play.tricks_done() as usize;
        for i in 0..done {
            let (_, cards, winner, _) = play.completed(i);
            let w = winner as usize;
            points[w] += cards.iter().map(|&c| card_value(c, trump)).sum::<u32>();
            tricks[w] += 1;
            if i + 1 == play.tricks_in_deal() as usize {
                points[w] += LAST_TRICK_BONUS;
            }
        }
        (points, tricks)
    }

    /// The winners once the game is over: every seat with the best [`Mittlere::score`] (more
    /// than one share the win: the sources are silent on ties).
    pub fn winners(&self) -> Vec<u8> {
        if self.phase() != MittlerePhase::Over {
            return Vec::new();
        }
        let n = PLAYERS as usize;
        let score = self.score();
        let best = score[..n].iter().copied().max().unwrap_or(0);
        (0..n)
            .filter(|&s| score[s] == best)
            .map(|s| s as u8)
            .collect()
    }

    /// The marks of a deal of three players with a trump, from the points (the last trick's 5
    /// included) and the tricks each took (see [`Outcome`]): every trick to one player, else
    /// too many points (`hundred`) or no trick, else the middle score.
    pub fn marks(
        points: &[u32; MAX_SEATS],
        tricks: &[u8; MAX_SEATS],
        hundred: Hundred,
    ) -> (Outcome, [u32; MAX_SEATS], [u32; MAX_SEATS]) {
        let n = PLAYERS as usize;
        let mut striche = [0; MAX_SEATS];
        let mut nuller = [0; MAX_SEATS];
        let all = (0..n).map(|s| u32::from(tricks[s])).sum::<u32>();
        if let Some(m) = (0..n).find(|&s| all > 0 && u32::from(tricks[s]) == all) {
            for s in 0..n {
                if s == m {
                    striche[s] = 2;
                } else {
                    nuller[s] = 1;
                }
            }
            return (Outcome::Match { seat: m as u8 }, striche, nuller);
        }
        let penalised = |s: usize| tricks[s] == 0 || hundred.too_many(points[s]);
        if (0..n).any(penalised) {
            for s in 0..n {
                if penalised(s) {
                    nuller[s] = 2;
                } else {
                    striche[s] = 1;
                }
            }
            return (Outcome::Penalty, striche, nuller);
        }
        let mut sorted = [points[0], points[1], points[2]];
        sorted.sort_unstable();
        for s in 0..n {
            if points[s] == sorted[1] {
                nuller[s] = 2;
            } else {
                striche[s] = 1;
            }
        }
        (Outcome::Middle, striche, nuller)
    }

    /// A game whose deals are given by the points and tricks each seat took and the trump (none:
    /// annulled): the scoring alone, for tests and worked examples. Each deal is counted as dealt
    /// and played.
    pub fn scored(
        opts: MittlereOptions,
        deals: &[([u32; MAX_SEATS], [u8; MAX_SEATS], Option<Suit>)],
    ) -> Result<Mittlere, String> {
        let mut g = Mittlere::new(opts)?;
        for &(points, tricks, trump) in deals {
            if g.phase() != MittlerePhase::Deal {
                return Err("the game is over".into());
            }
            g.score_unplayed_deal(|own, number| own.write_deal(points, tricks, trump, number));
        }
        Ok(g)
    }
}

/// Everything one seat may see (a spectator: no hand); a completed trick's `points` are its
/// points under the trump as it stands.
pub type MittlereObservation = CardPlayObservation<MittlereView>;

/// Mittlere's part of a seat's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MittlereView {
    /// Deals in the game.
    pub deals: u32,
    /// When a deal's points are too many.
    pub hundred: Hundred,
    /// How the marks rank the players at the end.
    pub ranking: Ranking,
    /// The trump of this deal, once a card has set it (`null` before).
    pub trump: Option<Mode>,
    /// Points each player has taken in this deal, under the trump as it stands.
    pub card_points: Vec<u32>,
    /// Tricks each player has taken in this deal.
    pub tricks_taken: Vec<u8>,
    /// Striche written so far.
    pub striche: Vec<u32>,
    /// Nuller written so far.
    pub nuller: Vec<u32>,
    /// What ranks the players at the end (Striche less Nuller, or Striche).
    pub score: Vec<i64>,
    /// How the last finished deal was scored.
    pub last_deal: Option<LastDeal>,
}

//! Hindersi's own part of a card-play game ([`CardPlayGame`]): deals of card play with the
//! dealer's last card turned for trump, each player counting his own card points (the fewest are
//! best; one who takes every trick scores nothing and every other player 157), Parties of one
//! round of deals closed by a Strich for the lowest totals and a Nuller for the highest, until
//! the agreed number of Parties is played. The base deals, plays the cards through the one
//! trick-play core under the rule of the negative games ([`TrickRules::Weak`]) and keeps the
//! tricks; this module keeps the options, the turned card, the Parties and their marks.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::card_play_game::{CardPlayGame, CardPlayObservation, CardPlayRules};
use crate::cardset::CardSet;
use crate::game::IllegalAction;
use crate::mode::Mode;
use crate::trick::TrickRules;
use crate::trick_play::AnyDealPlay;

use super::options::{HindersiOptions, Ranking};

pub use crate::card_play_game::{CardPlayPhase as HindersiPhase, MAX_SEATS};

/// The most tricks of a deal (three players, 12 cards each).
pub const MAX_TRICKS: usize = 12;
/// The card points of a deal, the last trick's 5 included: what every other player is charged
/// when one takes every trick (004: "the rest score 157 each").
pub const DEAL_POINTS: u32 = 157;
/// Undertrumping is allowed only to a player who holds no card of the suit led (004: "Undertrumping
/// is only permitted if the led suit is not held (this is the usual rule in reverse Jass
/// games)"): the core's rule for the negative games. A player who holds the suit led follows it
/// or trumps, but not under a trump already in the trick.
pub const RULES: TrickRules = TrickRules::Weak;

/// The cards of one deal: each seat's hand (a seat beyond the table's players empty) and the
/// card turned for trump, the dealer's last (the bottom card of the pack), which he keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HindersiDeal {
    /// Each seat's cards.
    pub hands: [CardSet; MAX_SEATS],
    /// The card turned for trump, in the dealer's hand.
    pub trump_card: Card,
}

/// The marks written at the end of a Partie, per seat (0 or 1 each).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PartieMarks {
    /// A Strich (a mark) for the lowest totals of the Partie.
    pub striche: [u32; MAX_SEATS],
    /// A Nuller (a minus mark) for the highest.
    pub nuller: [u32; MAX_SEATS],
}

/// How a finished deal was scored, per seat (seats beyond the table's players 0).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DealScore {
    /// Card points each seat took, the last trick's 5 included (157 in all).
    pub card_points: [u32; MAX_SEATS],
    /// The seat that took every trick, if one did.
    pub all_tricks: Option<u8>,
    /// The points the deal writes: the card points, or 0 to the seat that took every trick and
    /// 157 to every other.
    pub points: [u32; MAX_SEATS],
    /// The Partie's totals after this deal.
    pub partie: [u32; MAX_SEATS],
    /// The marks, if this deal ended a Partie.
    pub marks: Option<PartieMarks>,
}

/// How the last finished deal was scored, as every seat sees it: a value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastDeal {
    /// Card points each player took.
    pub card_points: Vec<u32>,
    /// The player who took every trick, if one did.
    pub all_tricks: Option<u8>,
    /// The points each player wrote for the deal.
    pub points: Vec<u32>,
    /// Striche written for the Partie this deal ended (none if it ended none).
    pub striche: Option<Vec<u32>>,
    /// Nuller written for the Partie this deal ended (none if it ended none).
    pub nuller: Option<Vec<u32>>,
}

impl DealScore {
    /// As every seat sees it, for `players` players.
    pub fn view(&self, players: usize) -> LastDeal {
        LastDeal {
            card_points: self.card_points[..players].to_vec(),
            all_tricks: self.all_tricks,
            points: self.points[..players].to_vec(),
            striche: self.marks.map(|m| m.striche[..players].to_vec()),
            nuller: self.marks.map(|m| m.nuller[..players].to_vec()),
        }
    }
}

/// Hindersi's own part of a game: its options, the card turned for trump and the Parties'
/// points and marks.
#[derive(Copy, Clone, Debug)]
pub struct HindersiRules {
    opts: HindersiOptions,
    /// The card turned for trump in this deal (none before the first).
    trump_card: Option<Card>,
    /// The points of the Partie under way (or just ended), per seat.
    partie: [u32; MAX_SEATS],
    /// Striche and Nuller written so far, per seat.
    striche: [u32; MAX_SEATS],
    nuller: [u32; MAX_SEATS],
    /// Every point written in the game, per seat (the tie-break of the final ranking).
    points: [u32; MAX_SEATS],
    last: Option<DealScore>,
}

/// A Hindersi game in progress.
pub type Hindersi = CardPlayGame<HindersiRules>;

impl HindersiRules {
    /// The current (or last) deal's place in its Partie, 1-based (0 before the first deal),
    /// `deals` deals started.
    fn deal_in_partie(&self, deals: u32) -> u32 {
        match deals {
            0 => 0,
            d => (d - 1) % self.opts.deals_per_partie() + 1,
        }
    }

    /// Deal `number` begins: a new Partie starts afresh.
    fn start_partie(&mut self, number: u32) {
        if self.deal_in_partie(number - 1) == self.opts.deals_per_partie() {
            self.partie = [0; MAX_SEATS];
        }
    }

    /// Writes deal `number` of these card points (and the seat that took every trick, if one
    /// did); at the end of a Partie its marks; true when the game is over, after the last deal
    /// of the last Partie.
    fn write_deal(
        &mut self,
        card_points: [u32; MAX_SEATS],
        all_tricks: Option<u8>,
        number: u32,
    ) -> bool {
        let n = self.opts.players as usize;
        let points = Hindersi::deal_points(n, &card_points, all_tricks);
        for (s, &p) in points.iter().enumerate().take(n) {
            self.partie[s] += p;
            self.points[s] += p;
        }
        let marks = (self.deal_in_partie(number) == self.opts.deals_per_partie()).then(|| {
            let marks = Hindersi::marks_for(n, &self.partie);
            for (s, (&strich, &nuller)) in marks.striche.iter().zip(&marks.nuller).enumerate() {
                self.striche[s] += strich;
                self.nuller[s] += nuller;
            }
            marks
        });
        self.last = Some(DealScore {
            card_points,
            all_tricks,
            points,
            partie: self.partie,
            marks,
        });
        number >= self.opts.deals()
    }

    /// Card points each seat has taken in `play` so far (the last trick's 5 included).
    fn card_points(&self, play: &AnyDealPlay) -> [u32; MAX_SEATS] {
        let mut p = [0; MAX_SEATS];
        for (s, x) in p.iter_mut().enumerate().take(self.opts.players as usize) {
            *x = play.taken(s as u8);
        }
        p
    }
}

impl CardPlayRules for HindersiRules {
    const NAME: &'static str = "hindersi";
    const TRICK_RULES: TrickRules = RULES;
    type Options = HindersiOptions;
    type Deal = HindersiDeal;
    type DealScore = DealScore;
    type View = HindersiView;

    fn new(opts: HindersiOptions) -> Result<Self, String> {
        opts.validate()?;
        Ok(HindersiRules {
            opts,
            trump_card: None,
            partie: [0; MAX_SEATS],
            striche: [0; MAX_SEATS],
            nuller: [0; MAX_SEATS],
            points: [0; MAX_SEATS],
            last: None,
        })
    }
    fn options(&self) -> &HindersiOptions {
        &self.opts
    }
    fn players(&self) -> u8 {
        self.opts.players
    }
    /// Three cards a packet with four players, four with three.
    fn packet(&self) -> usize {
        self.opts.packet()
    }
    /// The last card, the bottom of the pack, is the dealer's and is turned for trump.
    fn deal_of(&self, hands: [CardSet; MAX_SEATS], pack: &[Card; 36]) -> HindersiDeal {
        HindersiDeal {
            hands,
            trump_card: pack[35],
        }
    }
    fn hands(deal: &HindersiDeal) -> [CardSet; MAX_SEATS] {
        deal.hands
    }
    fn check_deal(&self, deal: &HindersiDeal, dealer: u8) -> Result<(), IllegalAction> {
        if !deal.hands[dealer as usize].contains(deal.trump_card) {
            return Err(IllegalAction::new(format!(
                "the card turned for trump, {}, is not in the dealer's (seat {dealer}) hand: it is the dealer's last card",
                deal.trump_card
            )));
        }
        Ok(())
    }
    fn start_deal(&mut self, deal: &HindersiDeal, number: u32) {
        self.start_partie(number);
        self.trump_card = Some(deal.trump_card);
    }
    /// Follow suit or trump, undertrump only when void of the suit led ([`RULES`]), in the suit
    /// of the card turned (before the first deal, bells: no card is played then).
    fn mode(&self) -> Mode {
        Mode::Trump(self.trump_card.map_or(crate::card::Suit::D, |c| c.suit()))
    }
    fn play_rules(&self, mode: Mode, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "in Hindersi (trump {mode}: follow suit or trump; undertrump only without the suit led)"
        )
    }
    /// Its card points (the last trick's 5 included).
    fn trick_points(&self, _cards: &[Card], card_points: u32) -> u32 {
        card_points
    }
    fn last_deal(&self) -> Option<&DealScore> {
        self.last.as_ref()
    }
    fn score_deal(&mut self, play: &AnyDealPlay, number: u32) -> bool {
        let n = self.opts.players as usize;
        let card_points = self.card_points(play);
        let tricks = self.opts.hand_size() as u8;
        let all_tricks = (0..n as u8).find(|&s| play.seat_tricks(s) == tricks);
        self.write_deal(card_points, all_tricks, number)
    }
    fn view(g: &Hindersi) -> HindersiView {
        let n = g.players() as usize;
        let own = g.own();
        HindersiView {
            parties: own.opts.parties,
            ranking: own.opts.ranking,
            partie: g.partie_number(),
            deal_in_partie: g.deal_in_partie(),
            trump: g.mode(),
            trump_card: own.trump_card,
            card_points: g.per_seat(g.card_points()),
            partie_totals: g.per_seat(own.partie),
            striche: g.per_seat(own.striche),
            nuller: g.per_seat(own.nuller),
            score: g.per_seat(g.score()),
            last_deal: own.last.map(|d| d.view(n)),
        }
    }
}

impl Hindersi {
    /// The Partie of the current (or last) deal, 1-based (0 before the first deal).
    pub fn partie_number(&self) -> u32 {
        self.deals_started()
            .div_ceil(self.options().deals_per_partie())
    }

    /// The current (or last) deal's place in its Partie, 1-based (0 before the first deal).
    pub fn deal_in_partie(&self) -> u32 {
        self.own().deal_in_partie(self.deals_started())
    }

    /// The card turned for trump in this deal.
    pub fn trump_card(&self) -> Option<Card> {
        self.own().trump_card
    }

    /// The trump mode of this deal (the suit of the card turned).
    pub fn mode(&self) -> Option<Mode> {
        self.own().trump_card.map(|c| Mode::Trump(c.suit()))
    }

    /// The points of the Partie under way (or just ended), per seat.
    pub fn partie_totals(&self) -> [u32; MAX_SEATS] {
        self.own().partie
    }

    /// Striche written so far, per seat.
    pub fn striche(&self) -> [u32; MAX_SEATS] {
        self.own().striche
    }

    /// Nuller written so far, per seat.
    pub fn nuller(&self) -> [u32; MAX_SEATS] {
        self.own().nuller
    }

    /// Every point written in the game so far, per seat.
    pub fn game_points(&self) -> [u32; MAX_SEATS] {
        self.own().points
    }

    /// What ranks each seat at the end under the options' `ranking`: Striche less Nuller, or
    /// Striche alone.
    pub fn score(&self) -> [i64; MAX_SEATS] {
        let own = self.own();
        std::array::from_fn(|s| own.opts.ranking.score(own.striche[s], own.nuller[s]))
    }

    /// Card points each seat has taken in this deal so far (the last trick's 5 included).
    pub fn card_points(&self) -> [u32; MAX_SEATS] {
        self.own().card_points(self.card_play())
    }

    /// The winners once the game is over: the seat with the best [`Hindersi::score`]; between
    /// equal scores, the fewest points written over the game; several seats equal in both share
    /// the win (our choice: the sources are silent on ties).
    pub fn winners(&self) -> Vec<u8> {
        if self.phase() != HindersiPhase::Over {
            return Vec::new();
        }
        Self::ranked_first(self.players() as usize, &self.score(), &self.own().points)
    }

    /// The seats first by `score` (the most), then by `points` (the fewest).
    pub fn ranked_first(n: usize, score: &[i64; MAX_SEATS], points: &[u32; MAX_SEATS]) -> Vec<u8> {
        let key = |s: usize| (score[s], std::cmp::Reverse(points[s]));
        let Some(best) = (0..n).map(key).max() else {
            return Vec::new();
        };
        (0..n)
            .filter(|&s| key(s) == best)
            .map(|s| s as u8)
            .collect()
    }

    /// The points a deal writes from the card points each seat took: the card points, or 0 to
    /// a seat that took every trick and 157 to every other (004: "a player taking all tricks wins
    /// the deal, scoring zero, while the rest score 157 each").
    pub fn deal_points(
        players: usize,
        card_points: &[u32; MAX_SEATS],
        all_tricks: Option<u8>,
    ) -> [u32; MAX_SEATS] {
        let mut p = [0; MAX_SEATS];
        for s in 0..players {
            p[s] = match all_tricks {
                Some(t) if t as usize == s => 0,
                Some(_) => DEAL_POINTS,
                None => card_points[s],
            };
        }
        p
    }

    /// The marks of a Partie with these totals: with four players a Strich to the two lowest and
    /// a Nuller to the two highest, with three a Strich to the lowest and a Nuller to the
    /// highest, the middle one nothing (004, JassWiki). In both, a seat gets its Strich when at
    /// least two others have more points, its Nuller when at least two have fewer; so a tie
    /// across the line between the marks gives the tied seats neither (our choice: the sources
    /// are silent on ties). Totals 10, 20, 20, 30 write a Strich to 10, a Nuller to 30 and
    /// nothing to the two 20s; with three players totals 10, 10, 30 write only the Nuller.
    pub fn marks_for(players: usize, totals: &[u32; MAX_SEATS]) -> PartieMarks {
        let mut marks = PartieMarks::default();
        for s in 0..players {
            let higher = (0..players).filter(|&o| totals[o] > totals[s]).count();
            let lower = (0..players).filter(|&o| totals[o] < totals[s]).count();
            marks.striche[s] = u32::from(higher >= 2);
            marks.nuller[s] = u32::from(lower >= 2);
        }
        marks
    }

    /// A game whose deals are given by the card points each seat took (and who took every
    /// trick): the scoring alone, for tests and worked examples. Each deal is counted as dealt
    /// and played.
    pub fn scored(
        opts: HindersiOptions,
        deals: &[([u32; MAX_SEATS], Option<u8>)],
    ) -> Result<Hindersi, String> {
        let mut g = Hindersi::new(opts)?;
        for &(card_points, all_tricks) in deals {
            if g.phase() != HindersiPhase::Deal {
                return Err("the game is over".into());
            }
            g.score_unplayed_deal(|own, number| {
                own.start_partie(number);
                own.write_deal(card_points, all_tricks, number)
            });
        }
        Ok(g)
    }
}

/// Everything one seat may see (a spectator: no hand); a completed trick's `points` are its card
/// points.
pub type HindersiObservation = CardPlayObservation<HindersiView>;

/// Hindersi's part of a seat's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HindersiView {
    /// Parties in the game.
    pub parties: u32,
    /// How the marks rank the players at the end.
    pub ranking: Ranking,
    /// The current Partie (1-based; 0 before the first deal).
    pub partie: u32,
    /// The current deal's place in its Partie (1-based).
    pub deal_in_partie: u32,
    /// The trump of this deal.
    pub trump: Option<Mode>,
    /// The card turned for trump (face up for all; the dealer holds it until he plays it).
    pub trump_card: Option<Card>,
    /// Card points each player has taken in this deal.
    pub card_points: Vec<u32>,
    /// The points of the Partie under way (or just ended).
    pub partie_totals: Vec<u32>,
    /// Striche written so far.
    pub striche: Vec<u32>,
    /// Nuller written so far.
    pub nuller: Vec<u32>,
    /// What ranks the players at the end (Striche less Nuller, or Striche).
    pub score: Vec<i64>,
    /// How the last finished deal was scored.
    pub last_deal: Option<LastDeal>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{four_hands, SeededDealer};
    use crate::game::{ActionList, Game, ToMove};
    use crate::trick::legal_cards;
    use rand_core::{RngCore, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn four_players_are_dealt_as_every_game_deals_four_and_the_dealer_holds_the_trump_card() {
        let pack = SeededDealer::new(5).next_pack();
        let g = Hindersi::new(HindersiOptions::default()).unwrap();
        let deal = g.deal_from_pack(&pack);
        assert_eq!(deal.hands, four_hands(&pack, 0));
        assert_eq!(deal.trump_card, pack[35]);
        assert!(deal.hands[3].contains(pack[35]), "seat 3 deals first");
        let three = Hindersi::new(HindersiOptions {
            players: 3,
            ..Default::default()
        })
        .unwrap();
        let deal = three.deal_from_pack(&pack);
        assert!(deal.hands[..3].iter().all(|h| h.len() == 12));
        assert!(deal.hands[2].contains(pack[35]));
        // Packets of four: forehand (seat 0) has the first four cards.
        assert!(pack[..4].iter().all(|&c| deal.hands[0].contains(c)));
        assert!(deal.hands[1].contains(pack[4]));
    }

    #[test]
    fn random_games_write_157_a_deal_and_the_core_plays_by_the_weak_rule() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for players in [3u8, 4] {
            let opts = HindersiOptions {
                players,
                parties: 2,
                ..Default::default()
            };
            let mut g = Hindersi::new(opts).unwrap();
            let mut dealer = SeededDealer::new(u64::from(players));
            let mut legal = ActionList::new();
            while g.to_move() != ToMove::Over {
                g.apply_deal(g.deal_from_pack(&dealer.next_pack())).unwrap();
                while let ToMove::Seat(seat) = g.to_move() {
                    g.legal_actions(&mut legal);
                    let offered = legal.played_cards();
                    let mode = g.mode().unwrap();
                    assert_eq!(
                        offered,
                        legal_cards(g.hand(seat), g.current_trick(), mode, RULES)
                    );
                    let a = legal.get(rng.next_u32() as usize % legal.len());
                    g.apply(a).unwrap();
                }
                let d = g.last_deal().unwrap();
                assert_eq!(d.card_points.iter().sum::<u32>(), DEAL_POINTS);
            }
            assert_eq!(g.deals_started(), opts.deals());
            let n = players as usize;
            let marks: u32 =
                g.striche()[..n].iter().sum::<u32>() + g.nuller()[..n].iter().sum::<u32>();
            let most = if n == 4 { 4 } else { 2 };
            assert!(marks <= opts.parties * most);
            assert!(!g.winners().is_empty());
        }
    }
}

//! Schellenjass's own part of a card-play game ([`CardPlayGame`]): deal after deal of card play
//! without trump, each scored by the bells (or hearts) every player took, until one player alone
//! has the target of lines. The base deals, plays the cards through the one trick-play core and
//! keeps the tricks; this module keeps the options, the lines and how a deal writes them.

use std::fmt;

use serde::Serialize;

use crate::card::Card;
use crate::card_play_game::{CardPlayGame, CardPlayObservation, CardPlayRules, HandsDeal};
use crate::cardset::CardSet;
use crate::mode::Mode;
use crate::trick::TrickRules;
use crate::trick_play::AnyDealPlay;

use super::options::SchellenjassOptions;

pub use crate::card_play_game::{CardPlayPhase as SchellenjassPhase, MAX_SEATS};

/// The most tricks of a deal (two players, 18 cards each).
pub const MAX_TRICKS: usize = 18;
/// Cards of one suit: a Turi takes them all.
const SUIT_CARDS: u8 = 9;
/// 004: "The game is played without trumps": every suit ranks as in Obenabe, the ace high, and
/// whoever can follow suit must (003's trick rules); without a trump the strict and weak rules
/// are the same: void in the suit led, any card, a bell too (004: "a Bell may only be discarded
/// if a player can no longer follow suit"). The core's legal cards under these rules are exactly the game's.
const MODE: Mode = Mode::Obenabe;
const RULES: TrickRules = TrickRules::Strict;

/// The cards of one deal: each seat's hand (seats beyond the table's players empty).
pub type SchellenjassDeal = HandsDeal;

/// How a finished deal was scored, per seat (seats beyond the table's players 0).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DealScore {
    /// Cards of the game's suit each seat took.
    pub bells: [u8; MAX_SEATS],
    /// The seat that took all nine, if one did.
    pub turi: Option<u8>,
    /// Lines each seat wrote for this deal.
    pub lines: [u32; MAX_SEATS],
}

/// How the last finished deal was scored, as every seat sees it: a value per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastDeal {
    /// Cards of the suit each player took.
    pub bells: Vec<u8>,
    /// The player who took all nine, if one did.
    pub turi: Option<u8>,
    /// Lines each player wrote for this deal.
    pub lines: Vec<u32>,
}

impl DealScore {
    /// As every seat sees it, for `players` players.
    pub fn view(&self, players: usize) -> LastDeal {
        LastDeal {
            bells: self.bells[..players].to_vec(),
            turi: self.turi,
            lines: self.lines[..players].to_vec(),
        }
    }
}

/// Schellenjass's own part of a game: its options and its lines.
#[derive(Copy, Clone, Debug)]
pub struct SchellenjassRules {
    opts: SchellenjassOptions,
    lines: [u32; MAX_SEATS],
    last: Option<DealScore>,
}

/// A Schellenjass game in progress: deal after deal of card play without trump, each scored by
/// the bells (or hearts) every player took, until one player alone has the target of lines.
pub type Schellenjass = CardPlayGame<SchellenjassRules>;

impl SchellenjassRules {
    fn suit_cards(&self, cards: &[Card]) -> u32 {
        cards.iter().filter(|c| c.suit() == self.opts.suit).count() as u32
    }

    /// Cards of the suit each seat has taken in `play` (counted in its completed tricks).
    fn bells(&self, play: &AnyDealPlay) -> [u8; MAX_SEATS] {
        let mut bells = [0; MAX_SEATS];
        for i in 0..play.tricks_done() as usize {
            let (_, cards, winner, _) = play.completed(i);
            bells[winner as usize] += self.suit_cards(cards) as u8;
        }
        bells
    }

    /// The one seat with the most lines, if it has the target and nobody shares its count.
    fn leading_seat(&self) -> Option<u8> {
        let n = self.opts.players as usize;
        let most = self.lines[..n].iter().copied().max()?;
        let mut at_most = (0..n).filter(|&s| self.lines[s] == most);
        let seat = at_most.next()?;
        (most >= self.opts.target && at_most.next().is_none()).then_some(seat as u8)
    }

    /// Writes the deal's lines for the cards of the suit each seat took
    /// ([`Schellenjass::lines_for`]); the game is over once one player alone has the target.
    fn write_deal(&mut self, bells: [u8; MAX_SEATS]) -> bool {
        let n = self.opts.players as usize;
        let score = DealScore {
            bells,
            turi: (0..n as u8).find(|&s| bells[s as usize] == SUIT_CARDS),
            lines: Schellenjass::lines_for(&self.opts, &bells),
        };
        for s in 0..n {
            self.lines[s] += score.lines[s];
        }
        self.last = Some(score);
        self.leading_seat().is_some()
    }
}

impl CardPlayRules for SchellenjassRules {
    const NAME: &'static str = "schellenjass";
    const TRICK_RULES: TrickRules = RULES;
    type Options = SchellenjassOptions;
    type Deal = SchellenjassDeal;
    type DealScore = DealScore;
    type View = SchellenjassView;

    fn new(opts: SchellenjassOptions) -> Result<Self, String> {
        opts.validate()?;
        Ok(SchellenjassRules {
            opts,
            lines: [0; MAX_SEATS],
            last: None,
        })
    }
    fn options(&self) -> &SchellenjassOptions {
        &self.opts
    }
    fn players(&self) -> u8 {
        self.opts.players
    }
    fn deal_of(&self, hands: [CardSet; MAX_SEATS], _pack: &[Card; 36]) -> HandsDeal {
        HandsDeal { hands }
    }
    fn hands(deal: &HandsDeal) -> [CardSet; MAX_SEATS] {
        deal.hands
    }
    fn mode(&self) -> Mode {
        MODE
    }
    fn play_rules(&self, _mode: Mode, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("in Schellenjass (no trump, follow suit)")
    }
    /// The cards of the suit in it: the core counts card points too, the game only these.
    fn trick_points(&self, cards: &[Card], _card_points: u32) -> u32 {
        self.suit_cards(cards)
    }
    fn last_deal(&self) -> Option<&DealScore> {
        self.last.as_ref()
    }
    fn score_deal(&mut self, play: &AnyDealPlay, _number: u32) -> bool {
        self.write_deal(self.bells(play))
    }
    fn view(g: &Schellenjass) -> SchellenjassView {
        let n = g.players() as usize;
        let own = g.own();
        SchellenjassView {
            suit: own.opts.suit.letter().to_string(),
            target: own.opts.target,
            bells: g.per_seat(g.bells()),
            lines: g.per_seat(own.lines),
            last_deal: own.last.map(|d| d.view(n)),
        }
    }
}

impl Schellenjass {
    /// Each seat's lines.
    pub fn lines(&self) -> [u32; MAX_SEATS] {
        self.own().lines
    }

    /// Cards of the suit each seat has taken in this deal (counted in its completed tricks).
    pub fn bells(&self) -> [u8; MAX_SEATS] {
        self.own().bells(self.card_play())
    }

    /// The winner, once the game is over: the first player alone at the target.
    pub fn winner(&self) -> Option<u8> {
        self.own()
            .leading_seat()
            .filter(|_| self.phase() == SchellenjassPhase::Over)
    }

    /// The lines a deal writes by the cards of the suit each seat took (`bells`). A Turi writes
    /// `turi_lines` to its maker alone (004: "he is credited with three lines on the slate,
    /// while the other three players are empty-handed"). Otherwise, since the aim is "to avoid
    /// capturing Bells", every player writes a line but the one who took the most (our reading
    /// of "empty-handed": in an ordinary deal the others are not); players who share the most
    /// write none either.
    pub fn lines_for(opts: &SchellenjassOptions, bells: &[u8; MAX_SEATS]) -> [u32; MAX_SEATS] {
        let n = opts.players as usize;
        let mut lines = [0; MAX_SEATS];
        if let Some(turi) = (0..n).find(|&s| bells[s] == SUIT_CARDS) {
            lines[turi] = opts.turi_lines;
            return lines;
        }
        let most = bells[..n].iter().copied().max().unwrap_or(0);
        for s in 0..n {
            lines[s] = u32::from(bells[s] < most);
        }
        lines
    }

    /// [`Self::lines_for`] of each player's count of the suit's cards as a slice, one line
    /// count per player given (the solver's positions count in `u32`, one per seat playing).
    pub fn lines_of_counts(opts: &SchellenjassOptions, counts: &[u32]) -> Vec<u32> {
        let mut bells = [0u8; MAX_SEATS];
        for (b, &c) in bells.iter_mut().zip(counts) {
            *b = u8::try_from(c).unwrap_or(u8::MAX);
        }
        Self::lines_for(opts, &bells)[..counts.len().min(MAX_SEATS)].to_vec()
    }
}

/// Everything one seat may see (a spectator: no hand); a completed trick's `points` are the
/// cards of the suit in it.
pub type SchellenjassObservation = CardPlayObservation<SchellenjassView>;

/// Schellenjass's part of a seat's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SchellenjassView {
    /// The suit to avoid (`D`, or `H` in Herzjass).
    pub suit: String,
    /// Lines to win.
    pub target: u32,
    /// Cards of the suit each player has taken in this deal.
    pub bells: Vec<u8>,
    /// Each player's lines.
    pub lines: Vec<u32>,
    /// How the last finished deal was scored.
    pub last_deal: Option<LastDeal>,
}

#[cfg(test)]
mod tests {
    use super::super::SchellenjassAction;
    use super::*;
    use crate::card::Suit;
    use crate::deal::{four_hands, SeededDealer};
    use crate::game::{ActionList, Game, ToMove};
    use crate::trick::{legal_cards, trick_winner};
    use rand_core::{RngCore, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn game(opts: SchellenjassOptions) -> Schellenjass {
        Schellenjass::new(opts).unwrap()
    }

    /// Plays one deal with random legal cards; returns the bells each seat took.
    fn random_deal(g: &mut Schellenjass, dealer: &mut SeededDealer, rng: &mut impl RngCore) {
        let deal = g.deal_from_pack(&dealer.next_pack());
        g.apply_deal(deal).unwrap();
        let mut legal = ActionList::new();
        while let ToMove::Seat(seat) = g.to_move() {
            if g.phase() != SchellenjassPhase::Play {
                break;
            }
            g.legal_actions(&mut legal);
            assert!(!legal.is_empty());
            for a in legal.iter() {
                let SchellenjassAction::Play { card } = a;
                assert!(g.hand(seat).contains(card), "a legal card is in the hand");
            }
            // The core's legal cards are those of the trick rules: follow suit, else any card.
            let offered = CardSet::from_cards(legal.iter().map(|a| {
                let SchellenjassAction::Play { card } = a;
                card
            }));
            let hand = g.hand(seat);
            assert_eq!(offered, legal_cards(hand, g.current_trick(), MODE, RULES));
            let a = legal.get(rng.next_u32() as usize % legal.len());
            g.apply(a).unwrap();
        }
        // Every trick's winner is the highest card of the suit led.
        let n = g.players() as usize;
        assert_eq!(g.tricks_done(), g.options().hand_size());
        for i in 0..g.tricks_done() {
            let (leader, cards, winner, _) = g.completed_trick(i);
            assert_eq!(cards.len(), n);
            assert_eq!(
                winner as usize,
                (leader as usize + trick_winner(&cards, MODE)) % n
            );
        }
    }

    #[test]
    fn four_players_are_dealt_as_every_game_deals_four() {
        let pack = SeededDealer::new(5).next_pack();
        let g = game(SchellenjassOptions::default());
        assert_eq!(g.deal_from_pack(&pack).hands, four_hands(&pack, 0));
    }

    #[test]
    fn every_deal_gives_out_the_nine_cards_of_the_suit_and_games_end() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for players in 2..=4u8 {
            {
                for suit in [Suit::D, Suit::H] {
                    let opts = SchellenjassOptions {
                        players,
                        suit,
                        ..Default::default()
                    };
                    let mut g = game(opts);
                    let mut dealer = SeededDealer::new(players as u64);
                    let mut deals = 0;
                    while g.to_move() == ToMove::Deal {
                        random_deal(&mut g, &mut dealer, &mut rng);
                        deals += 1;
                        let score = g.last_deal().unwrap();
                        let taken: u8 = score.bells[..players as usize].iter().sum();
                        assert_eq!(taken, 9, "all nine cards of the suit are taken");
                        assert!((0..MAX_SEATS).all(|s| g.hand(s).is_empty()));
                        assert!(deals < 200, "the game ends");
                    }
                    let winner = g.winner().unwrap() as usize;
                    assert!(g.lines()[winner] >= opts.target);
                    let lines = g.lines();
                    assert!((0..players as usize).all(|s| s == winner || lines[s] < lines[winner]));
                }
            }
        }
    }

    /// A game whose deals are given by `bells` per deal: only the scoring is tested.
    fn scored(opts: SchellenjassOptions, deals: &[[u8; 4]]) -> Schellenjass {
        let mut g = game(opts);
        for bells in deals {
            g.score_unplayed_deal(|own, _| own.write_deal(*bells));
        }
        g
    }

    #[test]
    fn the_player_with_the_most_bells_writes_no_line() {
        // 004 scores only the Turi; an ordinary deal is our reading (docs/schellenjass.md,
        // "Scoring a deal"): a line to every player but the one who took the most bells.
        let g = scored(SchellenjassOptions::default(), &[[3, 2, 2, 2]]);
        assert_eq!(g.lines(), [0, 1, 1, 1]);
        let g = scored(SchellenjassOptions::default(), &[[0, 5, 4, 0]]);
        assert_eq!(g.lines(), [1, 0, 1, 1]);
    }

    #[test]
    fn a_turi_writes_three_lines_for_its_maker_alone() {
        let g = scored(SchellenjassOptions::default(), &[[0, 0, 9, 0]]);
        assert_eq!(g.lines(), [0, 0, 3, 0]);
        assert_eq!(g.last_deal().unwrap().turi, Some(2));
    }

    /// The solver's counts (one per player, `u32`) score as the engine's deals do.
    #[test]
    fn counts_as_a_slice_score_as_the_deal_does() {
        let four = SchellenjassOptions::default();
        assert_eq!(
            Schellenjass::lines_of_counts(&four, &[0, 5, 4, 0]),
            [1, 0, 1, 1]
        );
        assert_eq!(
            Schellenjass::lines_of_counts(&four, &[0, 0, 9, 0]),
            [0, 0, 3, 0]
        );
        let two = SchellenjassOptions {
            players: 2,
            ..Default::default()
        };
        assert_eq!(Schellenjass::lines_of_counts(&two, &[4, 5]), [1, 0]);
    }

    /// Two players, 18 cards each: the one with fewer bells writes a line, a Turi its
    /// `turi_lines` (three by default, 004; five when the table says so) and the other nothing.
    #[test]
    fn two_players_and_other_turi_lines_score_by_the_same_rule() {
        let two = SchellenjassOptions {
            players: 2,
            ..Default::default()
        };
        assert_eq!(scored(two, &[[4, 5, 0, 0]]).lines(), [1, 0, 0, 0]);
        assert_eq!(scored(two, &[[9, 0, 0, 0]]).lines(), [3, 0, 0, 0]);
        let five = SchellenjassOptions {
            turi_lines: 5,
            ..Default::default()
        };
        let g = scored(five, &[[0, 0, 9, 0]]);
        assert_eq!(g.lines(), [0, 0, 5, 0]);
        assert_eq!(g.last_deal().unwrap().turi, Some(2));
    }

    /// Herzjass (004: "Hearts are chosen as the relevant suit"): a trick counts its hearts, not
    /// its bells; the highest club wins the club lead (no trump).
    #[test]
    fn a_herzjass_trick_counts_its_hearts() {
        let opts = SchellenjassOptions {
            suit: Suit::H,
            ..Default::default()
        };
        let mut g = game(opts);
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for (s, h) in [
            "C6 D6 D7 D8 D9 S6 S7 S8 S9",
            "H7 D10 DJ DQ DK DA S10 SJ SQ",
            "CA C7 C8 C9 C10 CJ CQ CK SK",
            "H9 H6 H8 H10 HJ HQ HK HA SA",
        ]
        .into_iter()
        .enumerate()
        {
            hands[s] = h.parse().unwrap();
        }
        g.apply_deal(HandsDeal { hands }).unwrap();
        for c in ["C6", "H7", "CA", "H9"] {
            let card: Card = c.parse().unwrap();
            g.apply(SchellenjassAction::Play { card }).unwrap();
        }
        let (leader, cards, winner, points) = g.completed_trick(0);
        assert_eq!((leader, cards.len(), winner), (0, 4, 2));
        assert_eq!(
            points, 2,
            "H7 and H9; the diamonds would count under suit D"
        );
    }

    #[test]
    fn a_tie_at_the_top_writes_nothing_for_the_tied_players() {
        let g = scored(SchellenjassOptions::default(), &[[4, 4, 1, 0]]);
        assert_eq!(g.lines(), [0, 0, 1, 1]);
        let three = SchellenjassOptions {
            players: 3,
            ..Default::default()
        };
        let g = scored(three, &[[3, 3, 3, 0]]);
        assert_eq!(g.lines(), [0, 0, 0, 0]);
    }

    #[test]
    fn the_game_ends_when_one_player_alone_has_the_target() {
        let opts = SchellenjassOptions {
            target: 2,
            ..Default::default()
        };
        // Seats 1 and 2 reach 2 together: play on.
        let g = scored(opts, &[[3, 2, 2, 2], [1, 1, 2, 5]]);
        assert_eq!(g.lines(), [1, 2, 2, 1]);
        assert_eq!(g.phase(), SchellenjassPhase::Deal);
        assert_eq!(g.winner(), None);
        let g = scored(opts, &[[3, 2, 2, 2], [1, 1, 2, 5], [2, 1, 3, 3]]);
        assert_eq!(g.lines(), [2, 3, 2, 1]);
        assert_eq!(g.winner(), Some(1));
    }

    #[test]
    fn play_must_follow_suit_and_the_highest_card_of_the_suit_led_wins() {
        let mut g = game(SchellenjassOptions::default());
        let pack = SeededDealer::new(11).next_pack();
        g.apply_deal(g.deal_from_pack(&pack)).unwrap();
        let lead = g.hand(0).iter().next().unwrap();
        g.apply(SchellenjassAction::Play { card: lead }).unwrap();
        let hand1 = g.hand(1);
        let follow = hand1.of_suit(lead.suit());
        let mut legal = ActionList::new();
        g.legal_actions(&mut legal);
        let legal: CardSet = CardSet::from_cards(legal.iter().map(|a| {
            let SchellenjassAction::Play { card } = a;
            card
        }));
        if follow.is_empty() {
            assert_eq!(legal, hand1, "void: any card, a bell too");
        } else {
            assert_eq!(legal, follow, "whoever can follow suit must");
            let other = (hand1.0 & !follow.0).trailing_zeros();
            if other < 64 {
                let card = Card::from_index(other as u8).expect("a card index");
                let err = g.apply(SchellenjassAction::Play { card }).unwrap_err();
                assert!(!err.to_string().is_empty());
            }
        }
    }

    #[test]
    fn the_public_view_shows_no_hand_and_a_trick_counts_its_bells() {
        let mut g = game(SchellenjassOptions::default());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut dealer = SeededDealer::new(9);
        random_deal(&mut g, &mut dealer, &mut rng);
        let public = g.public_view_json();
        assert!(public.get("hand").is_none());
        let bells: u64 = public["tricks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["points"].as_u64().unwrap())
            .sum();
        assert_eq!(bells, 9);
        let seat = g.observe(2);
        assert_eq!(seat.own.bells.iter().map(|&b| b as u32).sum::<u32>(), 9);
    }
}

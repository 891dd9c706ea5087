//! The Schellenjass state machine: deal after deal of card play without trump, each scored by the
//! bells (or hearts) every player took, until one player alone has the target of lines. The cards
//! are played through the one trick-play core ([`AnyDealPlay`], two to four seats), which keeps
//! the hands, the trick, the completed tricks, the legal cards and who wins each trick.
//! Copyable and allocation-free.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove};
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::record::TrickRecord;
use crate::trick::{check_play, TrickRules};
use crate::trick_play::{AnyDealPlay, AnyTrickPlay};

use super::options::SchellenjassOptions;
use super::SchellenjassAction;

/// The most players.
pub const MAX_SEATS: usize = 4;
/// The most tricks of a deal (two players, 18 cards each).
pub const MAX_TRICKS: usize = 18;
/// Cards of one suit: a Turi takes them all.
const SUIT_CARDS: u8 = 9;
/// "Ohne Trumpf": every suit ranks as in Obenabe, the ace high, and whoever can follow suit must
/// ("Farbe muss gehalten werden"); without a trump the strict and weak rules are the same: void
/// in the suit led, any card, a bell too (004: "a Bell may only be discarded if a player can no
/// longer follow suit"). The core's legal cards under these rules are exactly the game's.
const MODE: Mode = Mode::Obenabe;
const RULES: TrickRules = TrickRules::Strict;

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SchellenjassPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// Card play.
    Play,
    /// The game is over.
    Over,
}

/// The cards of one deal: each seat's hand (seats beyond the table's players empty).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchellenjassDeal {
    /// Each seat's cards.
    pub hands: [CardSet; MAX_SEATS],
}

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

/// A Schellenjass game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Schellenjass {
    opts: SchellenjassOptions,
    phase: SchellenjassPhase,
    deals_started: u32,
    dealer: u8,
    /// The hands as dealt, for the record.
    dealt: [CardSet; MAX_SEATS],
    /// This deal's card play (the last deal's, finished, between deals; before the first, no
    /// cards, seat 0 to lead): the hands, the trick, the completed tricks.
    play: AnyDealPlay,
    lines: [u32; MAX_SEATS],
    last: Option<DealScore>,
}

impl Schellenjass {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: SchellenjassOptions) -> Result<Schellenjass, String> {
        opts.validate()?;
        let no_cards = [CardSet::EMPTY; MAX_SEATS];
        Ok(Schellenjass {
            opts,
            phase: SchellenjassPhase::Deal,
            deals_started: 0,
            // Seat 0 is forehand in the first deal.
            dealer: opts.players - 1,
            dealt: no_cards,
            play: Self::deal_play(&opts, &no_cards, 0),
            lines: [0; MAX_SEATS],
            last: None,
        })
    }

    /// The card play of a deal with these hands (seat-indexed; those of the players are used),
    /// `leader` leading the first trick: no trump, follow suit, one trick per card in a hand.
    /// The core counts card points too; the game counts only the cards of its suit.
    fn deal_play(
        opts: &SchellenjassOptions,
        hands: &[CardSet; MAX_SEATS],
        leader: u8,
    ) -> AnyDealPlay {
        let points = PointTable::new(MODE, UndenufeEleven::Ace);
        let hands = &hands[..opts.players as usize];
        AnyDealPlay::new(
            AnyTrickPlay::with_rules(hands, MODE, points, RULES, leader)
                .with_tricks(opts.hand_size() as u8),
        )
    }

    /// The options.
    pub fn options(&self) -> &SchellenjassOptions {
        &self.opts
    }

    fn players(&self) -> u8 {
        self.opts.players
    }

    /// The phase.
    pub fn phase(&self) -> SchellenjassPhase {
        self.phase
    }

    /// Deals started so far (the current deal's number, 1-based).
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }

    /// Who dealt the current (or last) deal.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    /// Who deals next: the seat after the last dealer; seat `players - 1` first.
    fn next_dealer(&self) -> u8 {
        if self.deals_started == 0 {
            self.dealer
        } else {
            (self.dealer + 1) % self.players()
        }
    }

    /// Forehand of the current deal, who leads its first trick.
    pub fn forehand(&self) -> u8 {
        (self.dealer + 1) % self.players()
    }

    /// Each seat's lines.
    pub fn lines(&self) -> [u32; MAX_SEATS] {
        self.lines
    }

    /// Cards of the suit each seat has taken in this deal (counted in its completed tricks).
    pub fn bells(&self) -> [u8; MAX_SEATS] {
        let mut bells = [0; MAX_SEATS];
        for i in 0..self.tricks_done() {
            let (_, cards, winner, _) = self.play.completed(i);
            bells[winner as usize] += self.suit_cards(cards) as u8;
        }
        bells
    }

    /// The score of the last finished deal.
    pub fn last_deal(&self) -> Option<&DealScore> {
        self.last.as_ref()
    }

    /// The seat's cards (none for a seat beyond the players).
    pub fn hand(&self, seat: usize) -> CardSet {
        if seat < self.players() as usize {
            self.play.hand(seat as u8)
        } else {
            CardSet::EMPTY
        }
    }

    /// Each seat's cards as dealt in this deal.
    pub fn dealt_hands(&self) -> [CardSet; MAX_SEATS] {
        self.dealt
    }

    /// Tricks completed in this deal.
    pub fn tricks_done(&self) -> usize {
        self.play.tricks_done() as usize
    }

    /// Completed trick `i` of this deal: who led, the cards in play order, who won it and how
    /// many cards of the suit it holds.
    pub fn completed_trick(&self, i: usize) -> (u8, Vec<Card>, u8, u32) {
        let (leader, cards, winner, _) = self.play.completed(i);
        (leader, cards.to_vec(), winner, self.suit_cards(cards))
    }

    /// The cards of the trick in progress, lead first.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }

    /// The winner, once the game is over: the first player alone at the target.
    pub fn winner(&self) -> Option<u8> {
        self.leading_seat()
            .filter(|_| self.phase == SchellenjassPhase::Over)
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

    /// The one seat with the most lines, if it has the target and nobody shares its count.
    fn leading_seat(&self) -> Option<u8> {
        let n = self.players() as usize;
        let most = self.lines[..n].iter().copied().max()?;
        let mut at_most = (0..n).filter(|&s| self.lines[s] == most);
        let seat = at_most.next()?;
        (most >= self.opts.target && at_most.next().is_none()).then_some(seat as u8)
    }

    fn suit_cards(&self, cards: &[Card]) -> u32 {
        cards.iter().filter(|c| c.suit() == self.opts.suit).count() as u32
    }

    fn deal(&mut self, deal: SchellenjassDeal) -> Result<(), IllegalAction> {
        if self.phase != SchellenjassPhase::Deal {
            return Err(IllegalAction::new("the cards are dealt only between deals"));
        }
        let n = self.players() as usize;
        let size = self.opts.hand_size() as u32;
        let mut all = CardSet::EMPTY;
        for (seat, hand) in deal.hands.iter().enumerate() {
            let want = if seat < n { size } else { 0 };
            if hand.len() != want {
                return Err(IllegalAction::new(format!(
                    "seat {seat} is dealt {} cards, not {want}",
                    hand.len()
                )));
            }
            if all.0 & hand.0 != 0 {
                return Err(IllegalAction::new(format!(
                    "seat {seat} is dealt a card another seat holds"
                )));
            }
            all = CardSet(all.0 | hand.0);
        }
        self.dealer = self.next_dealer();
        self.deals_started += 1;
        self.dealt = deal.hands;
        self.play = Self::deal_play(&self.opts, &deal.hands, self.forehand());
        self.phase = SchellenjassPhase::Play;
        Ok(())
    }

    fn play(&mut self, card: Card) -> Result<(), IllegalAction> {
        if self.phase != SchellenjassPhase::Play {
            return Err(IllegalAction::new("no card may be played now"));
        }
        let seat = self.play.to_play();
        check_play(
            seat,
            card,
            self.play.hand(seat),
            self.play.legal_cards(),
            self.play.current(),
            format_args!("in Schellenjass (no trump, follow suit)"),
        )?;
        if self.play.play(card).is_some() && self.play.is_over() {
            self.score_deal(self.bells());
        }
        Ok(())
    }

    /// Writes the deal's lines for the cards of the suit each seat took
    /// ([`Schellenjass::lines_for`]); the game is over once one player alone has the target.
    fn score_deal(&mut self, bells: [u8; MAX_SEATS]) {
        let n = self.players() as usize;
        let score = DealScore {
            bells,
            turi: (0..n as u8).find(|&s| bells[s as usize] == SUIT_CARDS),
            lines: Self::lines_for(&self.opts, &bells),
        };
        for s in 0..n {
            self.lines[s] += score.lines[s];
        }
        self.last = Some(score);
        self.phase = if self.leading_seat().is_some() {
            SchellenjassPhase::Over
        } else {
            SchellenjassPhase::Deal
        };
    }

    fn observation_as(&self, seat: Option<usize>) -> SchellenjassObservation {
        let n = self.players() as usize;
        let tricks = TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i));
        let to_move = match self.to_move() {
            ToMove::Seat(s) => Some(s as u8),
            _ => None,
        };
        SchellenjassObservation {
            seat: seat.map_or(u8::MAX, |s| s as u8),
            phase: self.phase,
            players: self.players(),
            suit: self.opts.suit.letter().to_string(),
            target: self.opts.target,
            deal_number: self.deals_started,
            hand: seat.map_or(CardSet::EMPTY, |s| self.hand(s)),
            dealer: self.dealer,
            forehand: self.forehand(),
            to_move,
            trick_leader: self.play.leader(),
            trick: self.current_trick().to_vec(),
            tricks,
            bells: self.bells()[..n].to_vec(),
            lines: self.lines[..n].to_vec(),
            last_deal: self.last.map(|d| d.view(n)),
        }
    }
}

/// Everything one seat may see (a spectator: no hand).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SchellenjassObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: SchellenjassPhase,
    /// Players at the table.
    pub players: u8,
    /// The suit to avoid (`D`, or `H` in Herzjass).
    pub suit: String,
    /// Lines to win.
    pub target: u32,
    /// The current deal (1-based; 0 before the first).
    pub deal_number: u32,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Forehand of this deal.
    pub forehand: u8,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// This deal's completed tricks; a trick's `points` are the cards of the suit in it.
    pub tricks: Vec<TrickRecord>,
    /// Cards of the suit each player has taken in this deal.
    pub bells: Vec<u8>,
    /// Each player's lines.
    pub lines: Vec<u32>,
    /// How the last finished deal was scored.
    pub last_deal: Option<LastDeal>,
}

impl Game for Schellenjass {
    type Action = SchellenjassAction;
    type Observation = SchellenjassObservation;
    type Deal = SchellenjassDeal;

    fn name(&self) -> &'static str {
        "schellenjass"
    }

    fn seats(&self) -> usize {
        self.players() as usize
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            SchellenjassPhase::Deal => ToMove::Deal,
            SchellenjassPhase::Play => ToMove::Seat(self.play.to_play() as usize),
            SchellenjassPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<SchellenjassAction>) {
        out.clear();
        if self.phase == SchellenjassPhase::Play {
            for card in self.play.legal_cards() {
                out.push(SchellenjassAction::Play { card });
            }
        }
    }

    fn apply(&mut self, action: SchellenjassAction) -> Result<(), IllegalAction> {
        match action {
            SchellenjassAction::Play { card } => self.play(card),
        }
    }

    /// All 36 cards in packets of three from forehand, round the table.
    fn deal_from_pack(&self, pack: &[Card; 36]) -> SchellenjassDeal {
        let n = self.players() as usize;
        let forehand = ((self.next_dealer() + 1) % self.players()) as usize;
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for (i, &card) in pack.iter().enumerate() {
            hands[(forehand + i / 3) % n].insert(card);
        }
        SchellenjassDeal { hands }
    }

    fn apply_deal(&mut self, deal: SchellenjassDeal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> SchellenjassObservation {
        self.observation_as(Some(seat))
    }

    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;
    use crate::deal::{four_hands, SeededDealer};
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
            if g.phase != SchellenjassPhase::Play {
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
            g.deals_started += 1;
            g.score_deal(*bells);
        }
        g
    }

    #[test]
    fn the_player_with_the_most_bells_writes_no_line() {
        // The worked example: "ein Spieler eroberte drei Schellen, die andern nur je deren
        // zwei. Sämtliche drei Spieler mit nur je zwei Schellenkarten erhalten einen Strich; der
        // Spieler mit drei Schellenkarten geht leer aus."
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
        assert_eq!(seat.bells.iter().map(|&b| b as u32).sum::<u32>(), 9);
    }
}

//! The Palette state machine: a game of a fixed number of deals, each with its auction, the
//! declarer's trump and called card, the play with a partner nobody knows until the called card
//! falls, and the deal's game points. Copyable and allocation-free per card.

use serde::Serialize;

use crate::auction::{AuctionTurn, PassFinalAuction};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove};
use crate::mode::Mode;
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick::check_play;
use crate::trick_play::{DealPlay, TrickPlay};

use super::options::{PaletteOptions, PaletteScoring};
use super::{points_level, PaletteAction, PaletteBid, MAX_POINTS, MIN_BID};

/// Players at the table (004: "Variant for 4 players").
pub const PLAYERS: u8 = 4;

/// Entries of the auction kept: every bid of points once, the two Matsch bids and a pass from
/// each seat.
const CALLS: usize = (MAX_POINTS - MIN_BID + 1) as usize + 2 + 4;

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PalettePhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// The auction: the seat to speak bids or passes.
    Auction,
    /// The declarer names the trump.
    Trump,
    /// The declarer asks for a card.
    Ask,
    /// Card play.
    Play,
    /// The game is over.
    Over,
}

/// How a deal played out, once it is over.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PaletteDealScore {
    /// Card points the declarer's party took (the last trick's 5 included).
    pub party_points: u32,
    /// Tricks it took.
    pub party_tricks: u8,
    /// Whether the declarer made his bid.
    pub made: bool,
    /// The game points each seat wrote.
    pub written: [i64; 4],
}

/// A Palette game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Palette {
    opts: PaletteOptions,
    phase: PalettePhase,
    deals_started: u32,
    dealer: u8,
    dealt: [CardSet; 4],
    auction: PassFinalAuction<PaletteBid, CALLS>,
    thrown_in: bool,
    // The contract.
    trump: Option<Mode>,
    called: Option<Card>,
    /// The holder of the called card.
    partner: Option<u8>,
    play: DealPlay<4>,
    score: Option<PaletteDealScore>,
    totals: [i64; 4],
}

impl Palette {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: PaletteOptions) -> Result<Palette, String> {
        opts.validate()?;
        Ok(Palette {
            opts,
            phase: PalettePhase::Deal,
            deals_started: 0,
            // Seat 0 is forehand in the first deal.
            dealer: PLAYERS - 1,
            dealt: [CardSet::EMPTY; 4],
            auction: PassFinalAuction::new(&[0, 1, 2, 3]),
            thrown_in: false,
            trump: None,
            called: None,
            partner: None,
            play: Self::deal_play([CardSet::EMPTY; 4], Mode::Obenabe, &opts, 0),
            score: None,
            totals: [0; 4],
        })
    }

    fn deal_play(
        hands: [CardSet; 4],
        mode: Mode,
        opts: &PaletteOptions,
        leader: u8,
    ) -> DealPlay<4> {
        DealPlay::new(TrickPlay::new(hands, mode, opts.undenufe_eleven, leader))
    }

    /// The options.
    pub fn options(&self) -> &PaletteOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> PalettePhase {
        self.phase
    }
    /// Deals begun (thrown-in deals included).
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Who dealt the current (or last) deal.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Forehand of the current deal, who speaks first.
    pub fn forehand(&self) -> u8 {
        (self.dealer + 1) % PLAYERS
    }
    /// The highest bid and its bidder (the declarer once the auction is over).
    pub fn high_bid(&self) -> Option<(PaletteBid, u8)> {
        self.auction.high().filter(|_| !self.thrown_in)
    }
    /// The declarer, once the auction made one.
    pub fn declarer(&self) -> Option<u8> {
        match self.phase {
            PalettePhase::Auction => None,
            _ => self.high_bid().map(|(_, s)| s),
        }
    }
    /// The trump, once named.
    pub fn trump(&self) -> Option<Mode> {
        self.trump
    }
    /// The card the declarer asked for.
    pub fn called(&self) -> Option<Card> {
        self.called
    }
    /// The declarer's partner (the holder of the called card), known to the engine at the call.
    pub fn partner(&self) -> Option<u8> {
        self.partner
    }
    /// Whether the called card has been played, so that everyone knows the partner.
    pub fn partner_revealed(&self) -> bool {
        self.called
            .is_some_and(|c| self.play.played().contains(&c) || self.play.current().contains(&c))
    }
    /// True if every player passed and the cards were thrown in.
    pub fn thrown_in(&self) -> bool {
        self.thrown_in
    }
    /// The auction so far, each call with its seat.
    pub fn auction(&self) -> Vec<(u8, PaletteAction)> {
        self.auction
            .calls()
            .iter()
            .map(|&(s, b)| (s, b.map_or(PaletteAction::Pass, PaletteAction::of_bid)))
            .collect()
    }
    /// The cards as dealt.
    pub fn dealt(&self) -> [CardSet; 4] {
        self.dealt
    }
    /// The cards a seat holds now.
    pub fn hand(&self, seat: u8) -> CardSet {
        if seat >= PLAYERS {
            return CardSet::EMPTY;
        }
        if self.trump.is_some() {
            self.play.hand(seat)
        } else {
            self.dealt[seat as usize]
        }
    }
    /// The deal's card play.
    pub fn card_play(&self) -> &DealPlay<4> {
        &self.play
    }
    /// How the current (or last) deal was scored, once it is over.
    pub fn deal_score(&self) -> Option<PaletteDealScore> {
        self.score
    }
    /// Each seat's game points.
    pub fn totals(&self) -> [i64; 4] {
        self.totals
    }
    /// The seat with the most game points, once the game is over (none if two share the most).
    pub fn winner(&self) -> Option<u8> {
        self.unique(|t| t)
    }
    /// The seat with the fewest, the loser (004: "the loser is determined based on the lowest
    /// total number of points"), once the game is over (none if two share the fewest).
    pub fn loser(&self) -> Option<u8> {
        self.unique(|t| -t)
    }
    fn unique(&self, key: impl Fn(i64) -> i64) -> Option<u8> {
        if self.phase != PalettePhase::Over {
            return None;
        }
        let best = self.totals.iter().map(|&t| key(t)).max()?;
        let mut seats = (0..PLAYERS).filter(|&s| key(self.totals[s as usize]) == best);
        let first = seats.next();
        if seats.next().is_some() {
            None
        } else {
            first
        }
    }
    /// The lowest bid open now: 110, one above the last bid of points, a Matsch (alone) above a
    /// Matsch; `None` after a Matsch alone.
    pub fn lowest_bid(&self) -> Option<PaletteBid> {
        PaletteBid::lowest_after(self.auction.high().map(|(b, _)| b))
    }
    /// The records of this deal's completed tricks.
    pub fn trick_records(&self) -> Vec<TrickRecord> {
        if self.trump.is_none() {
            return Vec::new();
        }
        TrickRecord::first(self.play.tricks_done(), |i| {
            let (leader, cards, winner, points) = self.play.completed(i);
            (leader, cards.to_vec(), winner, points)
        })
    }

    /// Deals these cards: nine to each seat (004; JassWiki: "je drei Karten in drei Runden").
    pub fn deal(&mut self, hands: [CardSet; 4]) -> Result<(), IllegalAction> {
        if self.phase != PalettePhase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        let mut all = CardSet::EMPTY;
        for (s, &h) in hands.iter().enumerate() {
            if h.len() != 9 {
                return Err(IllegalAction::new(format!(
                    "seat {s} was dealt {} cards; each of the four players gets nine",
                    h.len()
                )));
            }
            if !(all & h).is_empty() {
                return Err(IllegalAction::new(format!(
                    "seat {s} was dealt {}, which another seat holds too",
                    all & h
                )));
            }
            all |= h;
        }
        self.dealer = self.next_dealer();
        self.deals_started += 1;
        self.dealt = hands;
        let f = self.forehand();
        self.auction = PassFinalAuction::new(&[f, (f + 1) % 4, (f + 2) % 4, (f + 3) % 4]);
        self.thrown_in = false;
        self.trump = None;
        self.called = None;
        self.partner = None;
        self.score = None;
        self.play = Self::deal_play(hands, Mode::Obenabe, &self.opts, self.forehand());
        self.phase = PalettePhase::Auction;
        Ok(())
    }

    /// Who deals the next deal: seat 3 first (seat 0 forehand), then the seat to the left.
    pub fn next_dealer(&self) -> u8 {
        if self.deals_started == 0 {
            self.dealer
        } else {
            (self.dealer + 1) % PLAYERS
        }
    }

    /// The deal is over (thrown in or played): the next, or the end after the last deal.
    fn end_deal(&mut self) {
        self.phase = if self.deals_started >= self.opts.deals {
            PalettePhase::Over
        } else {
            PalettePhase::Deal
        };
    }

    /// The end of the card play: the declarer's party's points and tricks against his bid.
    fn score_deal(&mut self) {
        let (bid, declarer) = self.auction.high().expect("a declarer");
        let party = |s: u8| s == declarer || Some(s) == self.partner;
        let taken = self.play.taken();
        let tricks = self.play.seat_tricks();
        let party_points: u32 = (0..PLAYERS)
            .filter(|&s| party(s))
            .map(|s| taken[s as usize])
            .sum();
        let party_tricks: u8 = (0..PLAYERS)
            .filter(|&s| party(s))
            .map(|s| tricks[s as usize])
            .sum();
        let made = match bid {
            PaletteBid::Points(p) => party_points >= p,
            _ => party_tricks == 9,
        };
        let worth = match (bid, self.opts.scoring, made) {
            (PaletteBid::Points(_), PaletteScoring::Taken, true) => points_level(party_points),
            _ => bid.game_points(),
        };
        let signed = if made { worth } else { -worth };
        let mut written = [0i64; 4];
        written[declarer as usize] = signed;
        // "The partner of the declarer receives half of the points" (of a loss too: our reading).
        if let Some(p) = self.partner {
            written[p as usize] = signed / 2;
        }
        for (t, w) in self.totals.iter_mut().zip(written) {
            *t += w;
        }
        self.score = Some(PaletteDealScore {
            party_points,
            party_tricks,
            made,
            written,
        });
        self.end_deal();
    }

    fn check(&self, action: PaletteAction) -> Result<(), IllegalAction> {
        let seat = self.to_move().seat_to_act()?;
        match (self.phase, action) {
            (PalettePhase::Auction, PaletteAction::Pass) => Ok(()),
            (PalettePhase::Auction, a) if a.bid().is_some() => {
                let bid = a.bid().expect("a bid");
                let low = self.lowest_bid();
                let in_range = match bid {
                    PaletteBid::Points(p) => (MIN_BID..=MAX_POINTS).contains(&p),
                    _ => true,
                };
                if in_range && low.is_some_and(|l| bid >= l) {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "{bid} is not a bid now: {}, or pass",
                        match low {
                            Some(PaletteBid::Points(p)) => format!(
                                "bid {p} to {MAX_POINTS} points (one above the last at least), matsch or matsch-alone"
                            ),
                            Some(PaletteBid::Matsch) => "bid matsch or matsch-alone".into(),
                            _ => "bid matsch-alone".into(),
                        }
                    )))
                }
            }
            (PalettePhase::Trump, PaletteAction::Trump { .. }) => Ok(()),
            (PalettePhase::Ask, PaletteAction::Ask { card }) => {
                if self.hand(seat).contains(card) {
                    Err(IllegalAction::new(format!(
                        "the declarer (seat {seat}) holds {card} himself: ask for a card of the others"
                    )))
                } else {
                    Ok(())
                }
            }
            (PalettePhase::Play, PaletteAction::Play { card }) => check_play(
                seat,
                card,
                self.play.hand(seat),
                self.play.legal_cards(),
                self.play.current(),
                format_args!("in {}", self.play.mode()),
            ),
            (p, a) => Err(IllegalAction::new(format!(
                "`{a}` is not possible in the {p:?} phase{}",
                match p {
                    PalettePhase::Auction => ": bid, matsch, matsch-alone or pass",
                    PalettePhase::Trump =>
                        ": the declarer names the trump (trump D, H, S, C, obenabe or undenufe)",
                    PalettePhase::Ask =>
                        ": the declarer asks for a card he does not hold (ask <card>)",
                    PalettePhase::Play => ": play a card",
                    _ => "",
                }
            ))),
        }
    }

    /// Applies an action without checking it (the caller guarantees it is legal).
    pub fn apply_unchecked(&mut self, action: PaletteAction) {
        match (self.phase, action) {
            (PalettePhase::Auction, _) => {
                let bid = action.bid();
                match self.auction.call(bid, bid == Some(PaletteBid::MatschAlone)) {
                    // Everyone passed: the cards are thrown in (docs/palette.md: our choice).
                    AuctionTurn::AllPassed => {
                        self.thrown_in = true;
                        self.end_deal();
                    }
                    AuctionTurn::Won(..) => self.phase = PalettePhase::Trump,
                    AuctionTurn::Next(_) => {}
                }
            }
            (PalettePhase::Trump, PaletteAction::Trump { trump }) => {
                self.trump = Some(trump);
                let (bid, declarer) = self.auction.high().expect("a declarer");
                // "The highest bidder takes over as the declarer and starts the game" (004).
                self.play = Self::deal_play(self.dealt, trump, &self.opts, declarer);
                self.phase = if bid.with_partner() {
                    PalettePhase::Ask
                } else {
                    PalettePhase::Play
                };
            }
            (PalettePhase::Ask, PaletteAction::Ask { card }) => {
                self.called = Some(card);
                self.partner = (0..PLAYERS).find(|&s| self.dealt[s as usize].contains(card));
                self.phase = PalettePhase::Play;
            }
            (PalettePhase::Play, PaletteAction::Play { card }) => {
                self.play.play(card);
                if self.play.is_over() {
                    self.score_deal();
                }
            }
            _ => {}
        }
    }

    /// What a seat may see: its own hand, the auction, the trump and the called card, the
    /// partner once the called card is played (the partner himself knows it from his hand), the
    /// tricks; never another seat's cards.
    pub fn observation(&self, seat: usize) -> PaletteObservation {
        self.observation_as(Some(seat))
    }

    fn observation_as(&self, seat: Option<usize>) -> PaletteObservation {
        let s8 = seat.map_or(u8::MAX, |s| s as u8);
        let playing = self.phase == PalettePhase::Play;
        let known = self.partner_revealed() || (self.partner.is_some() && self.partner == Some(s8));
        let dealt = self.deals_started > 0 && !self.thrown_in;
        PaletteObservation {
            seat: s8,
            phase: self.phase,
            hand: seat.map_or(CardSet::EMPTY, |s| self.hand(s as u8)),
            dealer: self.dealer,
            forehand: self.forehand(),
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            auction: if self.deals_started > 0 {
                self.auction()
            } else {
                Vec::new()
            },
            bid: self.auction.high().map(|(b, _)| b),
            bidder: self.auction.high().map(|(_, s)| s),
            declarer: self.declarer(),
            trump: self.trump,
            called: self.called,
            partner: if known { self.partner } else { None },
            trick_leader: self.play.leader(),
            trick: if playing {
                self.play.current().to_vec()
            } else {
                Vec::new()
            },
            tricks: if dealt {
                self.trick_records()
            } else {
                Vec::new()
            },
            taken: if self.trump.is_some() {
                self.play.taken()
            } else {
                [0; 4]
            },
            deal_score: self.score,
            totals: self.totals,
            deal_number: self.deals_started,
            deals: self.opts.deals,
            winner: self.winner(),
            loser: self.loser(),
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PaletteObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: PalettePhase,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Forehand, who speaks first.
    pub forehand: u8,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// The auction of this deal.
    pub auction: Vec<(u8, PaletteAction)>,
    /// The highest bid so far (the declarer's once the auction is over).
    pub bid: Option<PaletteBid>,
    /// Who bid it.
    pub bidder: Option<u8>,
    /// The declarer, once the auction is over.
    pub declarer: Option<u8>,
    /// The trump, once named.
    pub trump: Option<Mode>,
    /// The card the declarer asked for.
    pub called: Option<Card>,
    /// The declarer's partner: once the called card is played (to the partner himself from the
    /// call on); `null` while unknown to this seat.
    pub partner: Option<u8>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// Card points each seat has taken this deal.
    pub taken: [u32; 4],
    /// How the deal was scored, once it is over.
    pub deal_score: Option<PaletteDealScore>,
    /// Each seat's game points.
    pub totals: [i64; 4],
    /// The number of the current deal.
    pub deal_number: u32,
    /// Deals in the game.
    pub deals: u32,
    /// The seat with the most game points, once the game is over.
    pub winner: Option<u8>,
    /// The seat with the fewest, once the game is over.
    pub loser: Option<u8>,
}

impl PaletteObservation {
    /// The cards played in this deal so far (the trick in progress included).
    pub fn played_cards(&self) -> CardSet {
        crate::record::TrickRecord::played_cards(&self.tricks, &self.trick)
    }
}

impl Game for Palette {
    type Action = PaletteAction;
    type Observation = PaletteObservation;
    type Deal = [CardSet; 4];

    fn name(&self) -> &'static str {
        "palette"
    }

    fn seats(&self) -> usize {
        PLAYERS as usize
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            PalettePhase::Deal => ToMove::Deal,
            PalettePhase::Auction => ToMove::Seat(self.auction.to_act() as usize),
            PalettePhase::Trump | PalettePhase::Ask => {
                ToMove::Seat(self.auction.high().expect("a declarer").1 as usize)
            }
            PalettePhase::Play => ToMove::Seat(self.play.to_play() as usize),
            PalettePhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<PaletteAction>) {
        out.clear();
        match self.phase {
            PalettePhase::Auction => {
                // The bids from the lowest, then pass (a front end offers them in this order).
                if let Some(low) = self.lowest_bid() {
                    if let PaletteBid::Points(from) = low {
                        for points in from..=MAX_POINTS {
                            out.push(PaletteAction::Bid { points });
                        }
                    }
                    if low <= PaletteBid::Matsch {
                        out.push(PaletteAction::Matsch);
                    }
                    out.push(PaletteAction::MatschAlone);
                }
                out.push(PaletteAction::Pass);
            }
            PalettePhase::Trump => {
                for trump in Mode::ALL {
                    out.push(PaletteAction::Trump { trump });
                }
            }
            PalettePhase::Ask => {
                let declarer = self.auction.high().expect("a declarer").1;
                for card in CardSet::ALL - self.hand(declarer) {
                    out.push(PaletteAction::Ask { card });
                }
            }
            PalettePhase::Play => {
                for card in self.play.legal_cards() {
                    out.push(PaletteAction::Play { card });
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: PaletteAction) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// The pack as it comes: nine each in packets of three from forehand (JassWiki: "je drei
    /// Karten in drei Runden").
    fn deal_from_pack(&self, pack: &[Card; 36]) -> [CardSet; 4] {
        let dealer = self.next_dealer();
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in pack.iter().enumerate() {
            let k = (i / 3) as u8 % PLAYERS;
            hands[((dealer + 1 + k) % PLAYERS) as usize].insert(c);
        }
        hands
    }

    fn apply_deal(&mut self, hands: [CardSet; 4]) -> Result<(), IllegalAction> {
        self.deal(hands)
    }

    fn observe(&self, seat: usize) -> PaletteObservation {
        self.observation(seat)
    }

    /// What everyone sees: no hand, the partner only once the called card is played.
    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }
}

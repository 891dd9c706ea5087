//! The Pandur state machine: deal after deal (auction, the trump named, card play with the
//! soloist's melds, scoring); a player who reaches the target drops out, safe, until one is
//! left, who loses (004). Copyable and allocation-free per card. The active seats (three, or two
//! once only two are left) play through the one trick-play core as its places 0, 1, 2: forehand
//! (the first seat still in after the dealer) and those after him.

use serde::Serialize;

use crate::auction::{AuctionTurn, PassFinalAuction};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove};
use crate::meld_contest::{meld_contest, no_partners};
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::playing_seats::{place_in, PlayingSeats};
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick::{check_play, TrickRules};
use crate::trick_play::{AnyDealPlay, AnyTrickPlay};
use crate::weis::{stoeck_cards, Declaration, WeisRules, WeisStyle, WeisTie, STOECK_POINTS};

use super::contract::PandurContract;
use super::options::PandurOptions;
use super::PandurAction;

/// The pack: "a 24-card pack made by stripping out all ranks below Nine" (004), the Nines to
/// the Aces of every suit.
pub const PACK: CardSet = CardSet(0x01F8_01F8_01F8_01F8);

/// The most players in a deal: "only three are active in the game" (004); two once only two
/// are left in.
pub const PLAYING: usize = 3;

/// Cards in each hand (004: "giving 8 cards to each player in batches of 4s").
const HAND: u32 = 8;

/// The melds (004: "In addition to the usual melds, a player may announce a sequence of six or
/// a quartet of Nines, each counting 150 points"): sequences of three 20, four 50, five 100,
/// six 150, four Jacks 200, four Nines 150, four Aces, Kings, Queens or Tens 100, no card in two
/// melds (004: "A card may not be used in two melds at once"), compared by value, then length,
/// height, trump.
pub const WEIS_RULES: WeisRules = WeisRules {
    style: WeisStyle::SmallLong,
    four_nines: true,
    fours_any_rank: false,
    undenufe_four_sixes: false,
    tie: WeisTie::MoreCards,
    large_step: 50,
};

/// The soloist's marriage: 20 if `held` has the King and Queen of `trump` (004's "marriages",
/// read as the Stöck of the trump suit).
pub fn marriage(held: CardSet, trump: Suit) -> u32 {
    if held.contains_all(stoeck_cards(trump)) {
        STOECK_POINTS
    } else {
        0
    }
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PandurPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// The auction: the seat to speak bids or passes.
    Auction,
    /// The soloist of a numerical bid names the trump suit.
    Trump,
    /// Card play.
    Play,
    /// The game is over.
    Over,
}

/// The melds shown after the first trick of a numerical contract: the soloist's, which score,
/// or the opponent's best single meld that beats his and stops them (004: "if an opponent has a
/// better meld, it does not score itself but only prevents the soloist from scoring").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownMelds {
    /// Whose.
    pub seat: u8,
    /// The melds.
    pub weis: Declaration,
    /// Whether they scored (the soloist's).
    pub scored: bool,
}

/// The figures of the current (or last) deal.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PandurTally {
    /// Card points each seat took (the last trick's 5 included).
    pub card_points: [u32; 4],
    /// Tricks each seat took.
    pub tricks: [u8; 4],
    /// The soloist's melds, when they scored.
    pub melds: u32,
    /// The soloist's marriage (the King and Queen of trumps: 20), at the deal's end.
    pub stoeck: u32,
    /// What the soloist made of a numerical contract: card points, melds, marriage.
    pub counted: u32,
    /// Whether the contract was made, once the deal is over.
    pub made: Option<bool>,
    /// The game points each seat was written this deal.
    pub written: [u32; 4],
}

/// A Pandur game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Pandur {
    opts: PandurOptions,
    phase: PandurPhase,
    totals: [u32; 4],
    deals_started: u32,
    dealer: u8,
    dealt: [CardSet; 4],
    auction: PassFinalAuction<PandurContract, 32>,
    bid: Option<(PandurContract, u8)>,
    thrown_in: bool,
    // The play.
    trump: Option<Suit>,
    play: AnyDealPlay,
    shown: Option<ShownMelds>,
    tally: PandurTally,
    /// The seats that play the deal, forehand first: the core's places.
    active: PlayingSeats,
    /// The seats that reached the target and dropped out, in the order they did.
    safe: [u8; 4],
    n_safe: u8,
}

impl Pandur {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: PandurOptions) -> Result<Pandur, String> {
        opts.validate()?;
        let no_cards = [CardSet::EMPTY; PLAYING];
        Ok(Pandur {
            opts,
            phase: PandurPhase::Deal,
            totals: [0; 4],
            deals_started: 0,
            // Seat 0 is forehand in the first deal.
            dealer: opts.players - 1,
            dealt: [CardSet::EMPTY; 4],
            auction: PassFinalAuction::new(&[]),
            bid: None,
            thrown_in: false,
            trump: None,
            play: Self::deal_play(&no_cards, Mode::Obenabe, TrickRules::Strict, 0),
            shown: None,
            tally: PandurTally::default(),
            active: PlayingSeats::new(&[0, 1, 2]),
            safe: [0; 4],
            n_safe: 0,
        })
    }

    fn deal_play(hands: &[CardSet], mode: Mode, rules: TrickRules, leader: u8) -> AnyDealPlay {
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        AnyDealPlay::new(
            AnyTrickPlay::with_rules(hands, mode, points, rules, leader).with_tricks(HAND as u8),
        )
    }

    /// The options.
    pub fn options(&self) -> &PandurOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> PandurPhase {
        self.phase
    }
    /// Players at the table.
    pub fn players(&self) -> u8 {
        self.opts.players
    }
    /// Each seat's game points.
    pub fn totals(&self) -> [u32; 4] {
        self.totals
    }
    /// Deals begun (thrown-in deals included).
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Who dealt the current (or last) deal.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Whether `seat` has reached the target and dropped out.
    pub fn is_safe(&self, seat: u8) -> bool {
        self.safe[..self.n_safe as usize].contains(&seat)
    }
    /// The seats that dropped out, safe, in the order they did.
    pub fn safe(&self) -> &[u8] {
        &self.safe[..self.n_safe as usize]
    }
    /// The seats still in, from the seat after `seat` round the table (`seat` last).
    fn in_after(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        let n = self.players();
        (1..=n)
            .map(move |k| (seat + k) % n)
            .filter(|&s| !self.is_safe(s))
    }
    /// Who deals next: the next seat still in after the last dealer; seat `players - 1` first.
    fn next_dealer(&self) -> u8 {
        if self.deals_started == 0 {
            self.dealer
        } else {
            self.in_after(self.dealer).next().unwrap_or(self.dealer)
        }
    }
    /// The seats that play a deal `dealer` deals, forehand first: of four still in, the three
    /// after the dealer (he sits out); of three or two, all of them.
    fn active_for(&self, dealer: u8) -> PlayingSeats {
        let still_in = self.in_after(dealer).count();
        self.in_after(dealer)
            .filter(|&s| !(still_in > PLAYING && s == dealer))
            .take(PLAYING)
            .collect()
    }
    /// Forehand of the current deal: the first seat still in after the dealer, who speaks first.
    pub fn forehand(&self) -> u8 {
        self.active.forehand()
    }
    /// The seat of the trick-play core's place `place` (0: forehand).
    pub fn seat_of(&self, place: u8) -> u8 {
        self.active.seat_of(place)
    }
    /// The place of an active `seat`, `None` for a seat that does not play the deal.
    pub fn place_of(&self, seat: u8) -> Option<u8> {
        self.active.place_of(seat)
    }
    /// The seats that play the deal, forehand first.
    pub fn active(&self) -> &[u8] {
        self.active.seats()
    }
    /// The hands as dealt, by seat (the dealer who sits out: none).
    pub fn dealt_hands(&self) -> [CardSet; 4] {
        self.dealt
    }
    /// The cards a seat holds now.
    pub fn hand(&self, seat: u8) -> CardSet {
        match self.place_of(seat) {
            Some(p) if self.deals_started > 0 => self.play.hand(p),
            _ => CardSet::EMPTY,
        }
    }
    /// The contract and its soloist, once bid (the highest bid so far during the auction).
    pub fn bid(&self) -> Option<(PandurContract, u8)> {
        self.bid
    }
    /// True if every active player passed and the cards were thrown in.
    pub fn thrown_in(&self) -> bool {
        self.thrown_in
    }
    /// The auction so far, each call with its seat.
    pub fn auction(&self) -> Vec<(u8, PandurAction)> {
        self.auction
            .calls()
            .iter()
            .map(|&(s, c)| {
                (
                    s,
                    c.map_or(PandurAction::Pass, |contract| PandurAction::Call {
                        contract,
                    }),
                )
            })
            .collect()
    }
    /// The trump suit, once named (or set by the soloist's first lead).
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }
    /// The melds shown after the first trick.
    pub fn shown_melds(&self) -> Option<ShownMelds> {
        self.shown
    }
    /// The figures of the current (or last) deal.
    pub fn tally(&self) -> PandurTally {
        self.tally
    }
    /// The deal's card play, by place (forehand 0).
    pub fn card_play(&self) -> &AnyDealPlay {
        &self.play
    }
    /// Tricks completed in this deal.
    pub fn tricks_done(&self) -> u8 {
        self.play.tricks_done()
    }
    /// The trick in progress.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }
    /// Completed trick `i`, by seat: leader, cards, winner, card points.
    pub fn completed_trick(&self, i: usize) -> (u8, Vec<Card>, u8, u32) {
        let (leader, cards, winner, points) = self.play.completed(i);
        (
            self.seat_of(leader),
            cards.to_vec(),
            self.seat_of(winner),
            points,
        )
    }
    /// The records of this deal's completed tricks.
    pub fn trick_records(&self) -> Vec<TrickRecord> {
        TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i))
    }
    /// The player left in once every other has dropped out: the loser (004: "The last one left
    /// in loses the game").
    pub fn loser(&self) -> Option<u8> {
        if self.phase != PandurPhase::Over {
            return None;
        }
        (0..self.players()).find(|&s| !self.is_safe(s))
    }
    /// The trick rules of `contract`'s play: 003's for every contract but the trump Misère, in
    /// which a player void in the suit led must trump (004).
    pub fn trick_rules(contract: PandurContract) -> TrickRules {
        if contract == PandurContract::TrumpMisere {
            TrickRules::MustTrump
        } else {
            TrickRules::Strict
        }
    }

    /// Deals these hands (by seat: eight cards of the 24-card pack to each active seat, none to
    /// a dealer who sits out or a player who dropped out; with two left, eight cards lie aside).
    pub fn deal(&mut self, hands: [CardSet; 4]) -> Result<(), IllegalAction> {
        if self.phase != PandurPhase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        let dealer = self.next_dealer();
        let active = self.active_for(dealer);
        let mut all = CardSet::EMPTY;
        for (s, &h) in hands.iter().enumerate() {
            let s = s as u8;
            let want = if active.contains(s) { HAND } else { 0 };
            if h.len() != want {
                let none_to = if want == HAND {
                    ""
                } else if s >= self.players() {
                    " and none to a seat beyond the table's players"
                } else if self.is_safe(s) {
                    " and none to a player who dropped out"
                } else {
                    " and none to the dealer, who sits out while four are in"
                };
                return Err(IllegalAction::new(format!(
                    "seat {s} was dealt {} cards; this deal gives {HAND} to each of seats {:?}{none_to}",
                    h.len(),
                    active.seats()
                )));
            }
            if !PACK.contains_all(h) {
                return Err(IllegalAction::new(format!(
                    "seat {s} was dealt {}: Pandur's pack has only the Nines to the Aces",
                    h - PACK
                )));
            }
            if !(all & h).is_empty() {
                return Err(IllegalAction::new(format!(
                    "card(s) {} dealt twice",
                    all & h
                )));
            }
            all |= h;
        }
        self.dealer = dealer;
        self.active = active;
        self.deals_started += 1;
        self.dealt = hands;
        let by_place = active.by_place(&hands);
        let by_place = &by_place[..active.len()];
        self.play = Self::deal_play(by_place, Mode::Obenabe, TrickRules::Strict, 0);
        self.phase = PandurPhase::Auction;
        // 004: "Each in turn, starting with eldest, may bid or pass".
        self.auction = PassFinalAuction::new(self.active());
        self.bid = None;
        self.thrown_in = false;
        self.trump = None;
        self.shown = None;
        self.tally = PandurTally::default();
        Ok(())
    }

    fn auction_over(&mut self) {
        let (contract, _) = self.bid.expect("a bid");
        match contract {
            PandurContract::Points(_) => self.phase = PandurPhase::Trump,
            // Misère and Pandur without trump are played in Obenabe's order ("playing at no
            // trump"); the trump contracts wait for the first lead.
            _ => self.start_play(Mode::Obenabe),
        }
    }

    /// The card play, the soloist leading (004: "in return for nominating trumps and leading to
    /// the first trick").
    fn start_play(&mut self, mode: Mode) {
        let (contract, soloist) = self.bid.expect("a bid");
        let n = self.active.len();
        let hands = [0, 1, 2].map(|p| self.play.hand(p % n as u8));
        let hands = &hands[..n];
        let leader = self.place_of(soloist).expect("an active soloist");
        self.play = Self::deal_play(hands, mode, Self::trick_rules(contract), leader);
        self.phase = PandurPhase::Play;
    }

    fn play_card(&mut self, card: Card) {
        let (contract, soloist) = self.bid.expect("a contract");
        if contract.trump_by_lead() && self.trump.is_none() {
            // 004: "the suit of the card he leads is automatically trump".
            self.trump = Some(card.suit());
            self.start_play(Mode::Trump(card.suit()));
        }
        let done = self.play.play(card);
        if done.is_some() && self.play.tricks_done() == 1 {
            if let PandurContract::Points(_) = contract {
                self.resolve_melds(soloist);
            }
        }
        if self.play.is_over() {
            self.score_deal();
        }
    }

    /// The end of the first trick: the soloist scores his melds if his best beats every
    /// opponent's (on equal melds the soloist, who led, wins: 000, 001, 003 "the earlier").
    fn resolve_melds(&mut self, soloist: u8) {
        let mode = self.play.mode();
        let hands = self.active.by_place(&self.dealt);
        let first = self.place_of(soloist).expect("an active soloist");
        // 004: "Only the holder of the best meld may score for it" (crate::meld_contest).
        let Some(c) = meld_contest(
            &hands[..self.active.len()],
            first,
            mode,
            &WEIS_RULES,
            no_partners,
        ) else {
            return;
        };
        let scored = c.winner == first;
        let shown = if scored {
            self.tally.melds = c.written.points(mode, &WEIS_RULES);
            c.written.strongest_first(mode, &WEIS_RULES)
        } else {
            // An opponent shows the meld that beats the soloist's, no more.
            Declaration::new(&[c.best]).expect("one meld")
        };
        self.shown = Some(ShownMelds {
            seat: self.seat_of(c.winner),
            weis: shown,
            scored,
        });
    }

    fn score_deal(&mut self) {
        let (contract, soloist) = self.bid.expect("a contract");
        // The dealer who sits out while four are in (he is not among the active).
        let dealer_out = !self.active.contains(self.dealer) && !self.is_safe(self.dealer);
        let tl = &mut self.tally;
        for (p, &s) in (0..).zip(self.active.seats()) {
            tl.card_points[s as usize] = self.play.taken(p);
            tl.tricks[s as usize] = self.play.seat_tricks(p);
        }
        let solo = soloist as usize;
        let made = match contract {
            PandurContract::Points(n) => {
                // 004: the bid is "the minimum amount the soloist undertakes to make for
                // marriages, melds and tricks".
                tl.stoeck = marriage(self.dealt[solo], self.trump.expect("a named trump"));
                tl.counted = tl.card_points[solo] + tl.melds + tl.stoeck;
                tl.counted >= n
            }
            c if c.is_misere() => tl.tricks[solo] == 0,
            _ => tl.tricks[solo] as u32 == HAND,
        };
        tl.made = Some(made);
        let value = contract.value();
        if made {
            tl.written[solo] = value;
        } else {
            // 004: "For a failed bid, the game value is credited to each opponent. ... If four
            // play, the dealer gets the value of a failed bid, but not if he stands at 13 or 14
            // points" (with another target: within two of it).
            for s in 0..self.opts.players {
                let active = self.active.contains(s);
                let credited = if dealer_out && s == self.dealer {
                    self.opts.dealer_inherits && self.totals[s as usize] + 2 < self.opts.target
                } else {
                    active && s != soloist
                };
                if credited {
                    tl.written[s as usize] = value;
                }
            }
        }
        for s in 0..4 {
            self.totals[s] += tl.written[s];
        }
        // 004: "Each player drops out upon reaching the target, the game being played by three,
        // then two. The last one left in loses the game." (Several at once: in seat order from
        // forehand.)
        let n = self.players();
        for k in 1..=n {
            let s = (self.dealer + k) % n;
            if !self.is_safe(s) && self.totals[s as usize] >= self.opts.target {
                self.safe[self.n_safe as usize] = s;
                self.n_safe += 1;
            }
        }
        let over = self.in_after(self.dealer).count() <= 1;
        self.phase = if over {
            PandurPhase::Over
        } else {
            PandurPhase::Deal
        };
    }

    /// The cards the seat to play may play (empty outside the card play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != PandurPhase::Play {
            return CardSet::EMPTY;
        }
        self.play.legal_cards()
    }

    fn check(&self, action: PandurAction) -> Result<(), IllegalAction> {
        let seat = self.to_move().seat_to_act()?;
        match (self.phase, action) {
            (PandurPhase::Auction, PandurAction::Pass) => Ok(()),
            (PandurPhase::Auction, PandurAction::Call { contract: bid }) => {
                if let PandurContract::Points(n) = bid {
                    PandurContract::points(n).map_err(IllegalAction::new)?;
                }
                match self.bid {
                    Some((last, s)) if bid.level() <= last.level() => {
                        Err(IllegalAction::new(format!(
                            "{bid} is not above the last bid, {last} by seat {s} (004's order: 100 … 200, misere, trump-misere, 210 … 250, pandur, 260 … 300, trump-pandur)"
                        )))
                    }
                    _ => Ok(()),
                }
            }
            (PandurPhase::Trump, PandurAction::Trump { .. }) => Ok(()),
            (PandurPhase::Play, PandurAction::Play { card }) => {
                let place = self.place_of(seat).expect("an active seat");
                let mode = self.play.mode();
                check_play(
                    seat,
                    card,
                    self.play.hand(place),
                    self.play.legal_cards(),
                    self.play.current(),
                    format_args!(
                        "in {mode}{}",
                        if self.play.rules() == TrickRules::MustTrump {
                            " (the trump Misère: a player who cannot follow must trump)"
                        } else {
                            ""
                        }
                    ),
                )
            }
            (p, a) => Err(IllegalAction::new(format!(
                "`{a}` is not possible in the {p:?} phase{}",
                match p {
                    PandurPhase::Auction => ": pass or bid",
                    PandurPhase::Trump => ": the soloist names the trump (trump D, H, S or C)",
                    PandurPhase::Play => ": play a card",
                    _ => "",
                }
            ))),
        }
    }

    /// Applies an action without checking it (the caller guarantees it is legal).
    pub fn apply_unchecked(&mut self, action: PandurAction) {
        match (self.phase, action) {
            (PandurPhase::Auction, _) => {
                let bid = match action {
                    PandurAction::Call { contract } => Some(contract),
                    _ => None,
                };
                if let Some(b) = bid {
                    self.bid = Some((b, self.auction.to_act()));
                }
                // "having passed may not come in again"; nothing tops a trump Pandur.
                match self
                    .auction
                    .call(bid, bid == Some(PandurContract::TrumpPandur))
                {
                    // All three passed: the cards are thrown in (docs/pandur.md: our choice,
                    // the sources are silent) and the next dealer deals.
                    AuctionTurn::AllPassed => {
                        self.thrown_in = true;
                        self.phase = PandurPhase::Deal;
                    }
                    AuctionTurn::Won(..) => self.auction_over(),
                    AuctionTurn::Next(_) => {}
                }
            }
            (PandurPhase::Trump, PandurAction::Trump { trump: suit }) => {
                self.trump = Some(suit);
                self.start_play(Mode::Trump(suit));
            }
            (PandurPhase::Play, PandurAction::Play { card }) => self.play_card(card),
            _ => {}
        }
    }

    /// What a seat may see: its own hand, the auction, the contract and trump, the tricks, the
    /// melds shown after the first trick, never another seat's cards.
    pub fn observation(&self, seat: usize) -> PandurObservation {
        let playing = self.phase == PandurPhase::Play;
        let (contract, soloist) = match self.bid {
            Some((c, s)) if !self.thrown_in => (Some(c), Some(s)),
            _ => (None, None),
        };
        PandurObservation {
            seat: seat as u8,
            phase: self.phase,
            players: self.players(),
            hand: self.hand(seat as u8),
            dealer: self.dealer,
            active: self.active().to_vec(),
            safe: self.safe().to_vec(),
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            auction: self.auction(),
            contract,
            soloist,
            trump: self.trump,
            trick_leader: self.seat_of(self.play.leader()),
            trick: if playing {
                self.current_trick().to_vec()
            } else {
                Vec::new()
            },
            tricks: self.trick_records(),
            melds: self.shown,
            deal_tally: self.tally,
            totals: self.totals[..self.players() as usize].to_vec(),
            target: self.opts.target,
            deal_number: self.deals_started,
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PandurObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: PandurPhase,
    /// Players at the table.
    pub players: u8,
    /// The seat's own cards (none for the dealer who sits out).
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// The seats that play this deal, forehand first (with four in, the dealer sits out).
    pub active: Vec<u8>,
    /// The players who reached the target and dropped out, safe, in the order they did.
    pub safe: Vec<u8>,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// The auction so far.
    pub auction: Vec<(u8, PandurAction)>,
    /// The contract (the highest bid so far during the auction).
    pub contract: Option<PandurContract>,
    /// Who bid it.
    pub soloist: Option<u8>,
    /// The trump suit, once named or led.
    pub trump: Option<Suit>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// The melds shown after the first trick.
    pub melds: Option<ShownMelds>,
    /// This deal's figures.
    pub deal_tally: PandurTally,
    /// Each player's game points.
    pub totals: Vec<u32>,
    /// The game points to win.
    pub target: u32,
    /// The number of the current deal (thrown-in deals included).
    pub deal_number: u32,
}

impl PandurObservation {
    /// The place of `seat` in this deal's play (0: forehand), `None` for a seat that does not
    /// play it.
    pub fn place_of(&self, seat: u8) -> Option<usize> {
        place_in(&self.active, seat).map(usize::from)
    }

    /// The cards played in this deal so far (the trick in progress included).
    pub fn played_cards(&self) -> CardSet {
        crate::record::TrickRecord::played_cards(&self.tricks, &self.trick)
    }
}

impl Game for Pandur {
    type Action = PandurAction;
    type Observation = PandurObservation;
    type Deal = [CardSet; 4];

    fn name(&self) -> &'static str {
        "pandur"
    }

    fn seats(&self) -> usize {
        self.players() as usize
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            PandurPhase::Deal => ToMove::Deal,
            PandurPhase::Auction => ToMove::Seat(self.auction.to_act() as usize),
            PandurPhase::Trump => ToMove::Seat(self.bid.expect("a soloist").1 as usize),
            PandurPhase::Play => ToMove::Seat(self.seat_of(self.play.to_play()) as usize),
            PandurPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<PandurAction>) {
        out.clear();
        match self.phase {
            PandurPhase::Auction => {
                // The calls from the lowest, then pass (a front end offers them in this order).
                let last = self.bid.map_or(0, |(c, _)| c.level());
                for bid in PandurContract::ladder().filter(|c| c.level() > last) {
                    out.push(PandurAction::Call { contract: bid });
                }
                out.push(PandurAction::Pass);
            }
            PandurPhase::Trump => {
                for suit in Suit::ALL {
                    out.push(PandurAction::Trump { trump: suit });
                }
            }
            PandurPhase::Play => {
                for card in self.play.legal_cards() {
                    out.push(PandurAction::Play { card });
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: PandurAction) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// The Nines to the Aces of the pack as they come, eight to each active seat in packets of
    /// four from forehand (004: "giving 8 cards to each player in batches of 4s"); with two
    /// left, the last eight lie aside.
    fn deal_from_pack(&self, pack: &[Card; 36]) -> [CardSet; 4] {
        let active = self.active_for(self.next_dealer());
        let mut hands = [CardSet::EMPTY; 4];
        let cards = pack.iter().filter(|c| PACK.contains(**c));
        for (i, &card) in cards.take(HAND as usize * active.len()).enumerate() {
            hands[active.seat_of((i / 4) as u8) as usize].insert(card);
        }
        hands
    }

    fn apply_deal(&mut self, deal: [CardSet; 4]) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> PandurObservation {
        self.observation(seat)
    }

    /// Only the seat and its hand differ between the seats' observations.
    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation(0))
    }
}

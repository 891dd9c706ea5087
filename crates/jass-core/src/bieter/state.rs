//! The Bieter state machine: a Partie of deals, the first with its auction, the table cards
//! and the King's contract, the later ones with the dealer's last card for trump and the King's
//! choice to play them; every point written as it falls due until one party reaches its target.
//! Copyable and allocation-free per card. Every seat plays every deal: the trick-play core's
//! places are the seats.

use serde::Serialize;

use crate::auction::{AuctionTurn, PassFinalAuction};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove, Visibility};
use crate::meld_contest::meld_contest;
use crate::mode::{Mode, PointTable, UndenufeEleven, DEAL_POINTS, MATCH_BONUS};
use crate::record::{ObservedTrick, TrickRecord};
use crate::trick::{check_play, TrickRules};
use crate::trick_play::{AnyDealPlay, AnyTrickPlay};
use crate::weis::{
    best_declaration, stoeck_cards, Declaration, ShownWeis, WeisRules, STOECK_POINTS,
};

use super::options::{BieterOptions, Discards};
use super::{BieterAction, BieterContract};

/// The King's party, index 0 of the party figures.
pub const KING: usize = 0;
/// The Bauernpartei, index 1.
pub const BAUERN: usize = 1;

/// The melds: the usual small Weis (no card in two, five and more in sequence 100), four Nines
/// 150 (004's table, "Four 9's: scores 150", and JassWiki's "Vier gleiche Karten": "Vier Neuner:
/// 150 Weispunkte" agree), compared by value, length, height ("Ein Dreiblatt von einem König ist
/// besser als ein Dreiblatt von einem Neuner", in Hindersi too), trump, then the earlier from
/// forehand.
pub const WEIS_RULES: WeisRules = WeisRules {
    four_nines: true,
    ..WeisRules::DEFAULT
};

/// Entries of the auction kept for the view: enough for any auction (at most 159 bids, options'
/// `validate`, and a pass from each seat).
const CALLS: usize = 200;

/// Where a Partie stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BieterPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// The auction of the first deal: the seat to speak bids or passes.
    Auction,
    /// The King lays away as many cards as he took from the table.
    Discard,
    /// The King names the first deal's trump (or Obenabe, Undenufe, Hindersi).
    Contract,
    /// A later deal: the King plays it or leaves it to the Bauern.
    Decide,
    /// Card play.
    Play,
    /// The Partie is over.
    Over,
}

/// The cards of one deal: the hands, and in the first deal the table's cards, in a later deal
/// the dealer's last card, turned for trump ("die unterste Karte", which stays in his hand).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BieterDeal {
    /// Each seat's hand.
    pub hands: [CardSet; 4],
    /// The first deal's face-down table cards (else none).
    pub table_hidden: CardSet,
    /// The first deal's face-up table cards (else none).
    pub table_open: CardSet,
    /// A later deal's trump card, in the dealer's hand (none in the first deal).
    pub trump_card: Option<Card>,
}

/// The figures of the current (or last) deal, by party (King, Bauern): what each wrote.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BieterTally {
    /// Card points written for the tricks (the last trick's 5 included; none in Hindersi).
    pub card_points: [u32; 2],
    /// Tricks taken.
    pub tricks: [u8; 2],
    /// Melds written (the party of the best single meld, all its melds).
    pub melds: [u32; 2],
    /// Stöck written.
    pub stoeck: [u32; 2],
    /// The King's discards, counted for him at the deal's end (option `discards`).
    pub discards: u32,
    /// A Matsch: 100 for taking every trick, or a whole Matsch with its bonus (257) for a Hindersi or
    /// a deal the King leaves.
    pub matsch: [u32; 2],
    /// Everything written this deal.
    pub written: [u32; 2],
}

/// A Bieter Partie in progress.
#[derive(Copy, Clone, Debug)]
pub struct Bieter {
    opts: BieterOptions,
    phase: BieterPhase,
    deals_started: u32,
    dealer: u8,
    deal: BieterDeal,
    auction: PassFinalAuction<u32, CALLS>,
    /// The King's target in a Partie without an auction (Schafhauser).
    fixed_target: Option<u32>,
    thrown_in: bool,
    king: Option<u8>,
    // The King's exchange.
    king_hand: CardSet,
    laid_away: CardSet,
    // The deal.
    contract: Option<BieterContract>,
    stayed: Option<bool>,
    start_hands: [CardSet; 4],
    declarations: [Declaration; 4],
    melds_party: Option<usize>,
    stoeck_holder: Option<u8>,
    stoeck_scored: bool,
    play: AnyDealPlay,
    tally: BieterTally,
    totals: [u32; 2],
    winner: Option<usize>,
    /// The same dealer deals every deal (Schafhauser's King, `Bieter::with_king`).
    fixed_dealer: bool,
}

/// The party of `seat` when `king` is King.
fn party(seat: u8, king: u8) -> usize {
    if seat == king {
        KING
    } else {
        BAUERN
    }
}

impl Bieter {
    /// A new Partie; first the cards must be dealt.
    pub fn new(opts: BieterOptions) -> Result<Bieter, String> {
        opts.validate()?;
        let n = opts.players as usize;
        Ok(Bieter {
            opts,
            phase: BieterPhase::Deal,
            deals_started: 0,
            // Seat 0 is forehand in the first deal.
            dealer: opts.players - 1,
            deal: BieterDeal {
                hands: [CardSet::EMPTY; 4],
                table_hidden: CardSet::EMPTY,
                table_open: CardSet::EMPTY,
                trump_card: None,
            },
            auction: PassFinalAuction::new(&[]),
            fixed_target: None,
            thrown_in: false,
            king: None,
            king_hand: CardSet::EMPTY,
            laid_away: CardSet::EMPTY,
            contract: None,
            stayed: None,
            start_hands: [CardSet::EMPTY; 4],
            declarations: [Declaration::NONE; 4],
            melds_party: None,
            stoeck_holder: None,
            stoeck_scored: false,
            play: Self::deal_play(
                &[CardSet::EMPTY; 4][..n],
                Mode::Obenabe,
                opts.undenufe_eleven,
                0,
                1,
            ),
            tally: BieterTally::default(),
            totals: [0; 2],
            winner: None,
            fixed_dealer: false,
        })
    }

    /// A Partie without an auction (Schafhauser, JassWiki "Schafhauser (3 Spieler)": "Im
    /// Unterschied zum Bieter wird das Ziel nicht durch Bieten festgelegt"): `king` plays
    /// every deal as a later deal of Bieter's (the dealer's last card trump, the King plays or
    /// leaves it) to `target`; he deals the first deal, and every deal if `king_deals`, else
    /// the deal passes on.
    pub fn with_king(
        opts: BieterOptions,
        king: u8,
        target: u32,
        king_deals: bool,
    ) -> Result<Bieter, String> {
        let mut b = Bieter::new(opts)?;
        if king >= opts.players {
            return Err(format!("no seat {king} among {} players", opts.players));
        }
        b.king = Some(king);
        b.fixed_target = Some(target);
        b.dealer = king;
        b.fixed_dealer = king_deals;
        Ok(b)
    }

    fn deal_play(
        hands: &[CardSet],
        mode: Mode,
        eleven: UndenufeEleven,
        leader: u8,
        tricks: u8,
    ) -> AnyDealPlay {
        let points = PointTable::new(mode, eleven);
        AnyDealPlay::new(
            AnyTrickPlay::with_rules(hands, mode, points, TrickRules::Strict, leader)
                .with_tricks(tricks),
        )
    }

    /// The options.
    pub fn options(&self) -> &BieterOptions {
        &self.opts
    }
    /// The phase.
    pub fn phase(&self) -> BieterPhase {
        self.phase
    }
    /// Players at the table.
    pub fn players(&self) -> u8 {
        self.opts.players
    }
    /// Deals begun (thrown-in deals included).
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }
    /// Who dealt the current (or last) deal.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Who deals the next deal: the first dealer, then the seat after the last (the same seat
    /// every deal with a fixed dealer).
    pub fn next_dealer(&self) -> u8 {
        if self.deals_started == 0 || self.fixed_dealer {
            self.dealer
        } else {
            (self.dealer + 1) % self.players()
        }
    }
    /// Forehand of the current deal, who speaks first and leads the first trick.
    pub fn forehand(&self) -> u8 {
        (self.dealer + 1) % self.players()
    }
    /// The King, once the auction made one.
    pub fn king(&self) -> Option<u8> {
        self.king
    }
    /// The highest bid and its bidder (the King's target once the auction is over; a
    /// Schafhauser King's fixed target).
    pub fn high_bid(&self) -> Option<(u32, u8)> {
        match (self.fixed_target, self.king) {
            (Some(t), Some(k)) => Some((t, k)),
            _ => self.auction.high(),
        }
    }
    /// What each party must reach: the King his bid, the Bauern theirs (1000).
    pub fn targets(&self) -> [u32; 2] {
        [
            self.high_bid().map_or(0, |(b, _)| b),
            self.opts.farmers_target,
        ]
    }
    /// Each party's points (King, Bauern).
    pub fn totals(&self) -> [u32; 2] {
        self.totals
    }
    /// The party that reached its target first, once the Partie is over.
    pub fn winner(&self) -> Option<usize> {
        self.winner
    }
    /// Whether the losing party is Schneider: short of half its own target ("Wer die Hälfte
    /// seines Ziels nicht erreicht, verliert den doppelten Einsatz").
    pub fn schneider(&self) -> bool {
        self.winner.is_some_and(|w| {
            let loser = 1 - w;
            2 * self.totals[loser] < self.targets()[loser]
        })
    }
    /// What each seat wins or pays at the end of the Partie, in stakes: the King one from each
    /// Bauer (two when they are Schneider) or one to each (two when he is); `None` before the
    /// end (our settlement, docs/bieter.md: the texts name the double stake, not who pays it).
    pub fn settlement(&self) -> Option<Vec<i64>> {
        let (w, king) = (self.winner?, self.king?);
        let stake: i64 = if self.schneider() { 2 } else { 1 };
        let sign = if w == KING { 1 } else { -1 };
        let n = self.players();
        Some(
            (0..n)
                .map(|s| {
                    if s == king {
                        sign * stake * i64::from(n - 1)
                    } else {
                        -sign * stake
                    }
                })
                .collect(),
        )
    }
    /// Whether this deal is a first deal (no King yet): the auction and the table cards.
    pub fn is_first_deal(&self) -> bool {
        self.king.is_none() || self.deal.trump_card.is_none()
    }
    /// The cards as dealt.
    pub fn dealt(&self) -> &BieterDeal {
        &self.deal
    }
    /// The cards each seat held when the play began (the King's after his exchange).
    pub fn start_hands(&self) -> [CardSet; 4] {
        self.start_hands
    }
    /// The cards the King laid away this deal.
    pub fn laid_away(&self) -> CardSet {
        self.laid_away
    }
    /// The cards a seat holds now.
    pub fn hand(&self, seat: u8) -> CardSet {
        if seat >= self.players() {
            return CardSet::EMPTY;
        }
        match self.phase {
            BieterPhase::Play => self.play.hand(seat),
            BieterPhase::Discard | BieterPhase::Contract if Some(seat) == self.king => {
                self.king_hand
            }
            BieterPhase::Over | BieterPhase::Deal if self.deals_started > 0 => {
                if self.contract.is_some() {
                    self.play.hand(seat)
                } else {
                    self.deal.hands[seat as usize]
                }
            }
            _ => self.deal.hands[seat as usize],
        }
    }
    /// True if every player passed and the cards were thrown in.
    pub fn thrown_in(&self) -> bool {
        self.thrown_in
    }
    /// The auction so far, each call with its seat.
    pub fn auction(&self) -> Vec<(u8, BieterAction)> {
        self.auction
            .calls()
            .iter()
            .map(|&(s, b)| {
                (
                    s,
                    b.map_or(BieterAction::Pass, |points| BieterAction::Bid { points }),
                )
            })
            .collect()
    }
    /// What the deal is played in (the first deal's contract, a later deal's trump suit), once
    /// known.
    pub fn contract(&self) -> Option<BieterContract> {
        self.contract
    }
    /// Whether the King plays a later deal (`None` in the first deal and before he says).
    pub fn stayed(&self) -> Option<bool> {
        self.stayed
    }
    /// The melds shown after the first trick: the seats of the party that scored them.
    pub fn shown_melds(&self) -> Vec<ShownWeis> {
        let Some(p) = self.melds_party else {
            return Vec::new();
        };
        let king = self.king.expect("a King");
        (0..self.players())
            .filter(|&s| party(s, king) == p && !self.declarations[s as usize].is_empty())
            .map(|s| ShownWeis {
                seat: s,
                weis: self.declarations[s as usize],
            })
            .collect()
    }
    /// The seat that scored Stöck this deal.
    pub fn stoeck_scored(&self) -> Option<u8> {
        self.stoeck_holder.filter(|_| self.stoeck_scored)
    }
    /// The figures of the current (or last) deal.
    pub fn tally(&self) -> BieterTally {
        self.tally
    }
    /// The deal's card play.
    pub fn card_play(&self) -> &AnyDealPlay {
        &self.play
    }
    /// Completed trick `i`: leader, cards, winner, card points.
    pub fn completed_trick(&self, i: usize) -> (u8, Vec<Card>, u8, u32) {
        let (leader, cards, winner, points) = self.play.completed(i);
        (leader, cards.to_vec(), winner, points)
    }
    /// The records of this deal's completed tricks.
    pub fn trick_records(&self) -> Vec<TrickRecord> {
        if self.contract.is_none() || self.stayed == Some(false) {
            return Vec::new();
        }
        TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i))
    }
    /// Cards in each hand of this deal at the play: a first deal's hands after the exchange (ten
    /// with three players, eight with four), a later deal's (twelve, nine).
    pub fn hand_size(&self, first: bool) -> u32 {
        let n = u32::from(self.players());
        if first {
            (36 - self.opts.table_cards()) / n
        } else {
            36 / n
        }
    }

    /// Deals these cards. A first deal (before a King): the hands and the table's cards (half
    /// face down, half face up); a later deal: twelve cards each (nine with four), the dealer's
    /// last turned for trump.
    pub fn deal(&mut self, deal: BieterDeal) -> Result<(), IllegalAction> {
        if self.phase != BieterPhase::Deal {
            return Err(IllegalAction::new(format!(
                "cannot deal now: the game is in the {:?} phase",
                self.phase
            )));
        }
        let dealer = self.next_dealer();
        let first = self.king.is_none();
        let want = self.hand_size(first);
        let mut all = CardSet::EMPTY;
        for (s, &h) in deal.hands.iter().enumerate() {
            let w = if s < self.players() as usize { want } else { 0 };
            if h.len() != w {
                return Err(IllegalAction::new(format!(
                    "seat {s} was dealt {} cards; this deal gives {want} to each of the {} players{}",
                    h.len(),
                    self.players(),
                    if first {
                        " and lays the rest on the table"
                    } else {
                        ""
                    }
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
        let half = self.opts.table_cards() / 2;
        if first {
            if deal.trump_card.is_some() {
                return Err(IllegalAction::new(
                    "the first deal turns no trump card: the King names the trump",
                ));
            }
            if deal.table_hidden.len() != half || deal.table_open.len() != half {
                return Err(IllegalAction::new(format!(
                    "the first deal lays {half} cards face down and {half} face up on the table, not {} and {}",
                    deal.table_hidden.len(),
                    deal.table_open.len()
                )));
            }
        } else {
            if !(deal.table_hidden | deal.table_open).is_empty() {
                return Err(IllegalAction::new(
                    "only the first deal lays cards on the table",
                ));
            }
            match deal.trump_card {
                Some(c) if deal.hands[dealer as usize].contains(c) => {}
                Some(c) => {
                    return Err(IllegalAction::new(format!(
                        "the trump card {c} is the dealer's last card: seat {dealer} must hold it"
                    )))
                }
                None => {
                    return Err(IllegalAction::new(
                        "a later deal turns the dealer's last card for trump: give trump_card",
                    ))
                }
            }
        }
        let table = deal.table_hidden | deal.table_open;
        if !(all & table).is_empty() || !(deal.table_hidden & deal.table_open).is_empty() {
            return Err(IllegalAction::new(format!(
                "the table's cards {} are in a hand or twice on the table",
                table
            )));
        }
        if all | table != CardSet::ALL {
            return Err(IllegalAction::new(format!(
                "the deal lacks {}: every card of the pack is dealt",
                CardSet::ALL - all - table
            )));
        }
        self.dealer = dealer;
        self.deals_started += 1;
        self.deal = deal;
        self.thrown_in = false;
        self.laid_away = CardSet::EMPTY;
        self.king_hand = CardSet::EMPTY;
        self.contract = None;
        self.stayed = None;
        self.melds_party = None;
        self.stoeck_holder = None;
        self.stoeck_scored = false;
        self.declarations = [Declaration::NONE; 4];
        self.start_hands = deal.hands;
        self.tally = BieterTally::default();
        let forehand = self.forehand();
        self.play = Self::deal_play(
            &deal.hands[..self.players() as usize],
            Mode::Obenabe,
            self.opts.undenufe_eleven,
            forehand,
            want as u8,
        );
        if first {
            let n = self.players();
            let order: Vec<u8> = (0..n).map(|k| (forehand + k) % n).collect();
            self.auction = PassFinalAuction::new(&order);
            self.phase = BieterPhase::Auction;
        } else {
            let trump = deal.trump_card.expect("checked").suit();
            self.contract = Some(BieterContract::Mode(Mode::Trump(trump)));
            self.phase = BieterPhase::Decide;
        }
        Ok(())
    }

    /// The lowest bid open now: the minimum, or ten above the last.
    pub fn lowest_bid(&self) -> u32 {
        self.auction
            .high()
            .map_or(self.opts.min_bid, |(b, _)| b + 10)
    }

    fn auction_over(&mut self, king: u8) {
        self.king = Some(king);
        // "Der König erhält nun die 6 auf dem Tisch liegenden Karten".
        self.king_hand =
            self.deal.hands[king as usize] | self.deal.table_hidden | self.deal.table_open;
        self.phase = BieterPhase::Discard;
    }

    /// The start of the card play in `contract`: each hand's melds, the holder of Stöck.
    fn start_play(&mut self, contract: BieterContract) {
        let mode = contract.mode();
        self.contract = Some(contract);
        let n = self.players() as usize;
        let first = self.is_first_deal();
        let mut hands = self.deal.hands;
        if let Some(k) = self.king.filter(|_| first) {
            hands[k as usize] = self.king_hand;
        }
        self.start_hands = hands;
        for (d, &h) in self.declarations.iter_mut().zip(&hands).take(n) {
            *d = best_declaration(h, mode, &WEIS_RULES);
        }
        self.stoeck_holder = mode
            .trump()
            .and_then(|t| (0..n as u8).find(|&s| hands[s as usize].contains_all(stoeck_cards(t))));
        self.play = Self::deal_play(
            &hands[..n],
            mode,
            self.opts.undenufe_eleven,
            self.forehand(),
            self.hand_size(first) as u8,
        );
        self.phase = BieterPhase::Play;
    }

    /// Writes `points` for `p`; the Partie ends the moment a party reaches its target
    /// ("Gewonnen hat, wer sein Ziel zuerst erreicht"). True if it did.
    fn write(&mut self, p: usize, points: u32) -> bool {
        self.totals[p] += points;
        self.tally.written[p] += points;
        if self.winner.is_none() && points > 0 && self.totals[p] >= self.targets()[p] {
            self.winner = Some(p);
            self.phase = BieterPhase::Over;
        }
        self.phase == BieterPhase::Over
    }

    /// A deal over: the next, or the end.
    fn end_deal(&mut self) {
        if self.phase != BieterPhase::Over {
            self.phase = BieterPhase::Deal;
        }
    }

    fn play_card(&mut self, card: Card) {
        let king = self.king.expect("a King");
        let seat = self.play.to_play();
        let done = self.play.play(card);
        // 003: Stöck "as she plays the second of them".
        if let (Some(h), Some(t)) = (self.stoeck_holder, self.play.mode().trump()) {
            if h == seat
                && !self.stoeck_scored
                && stoeck_cards(t).contains(card)
                && (self.play.hand(seat) & stoeck_cards(t)).is_empty()
            {
                self.stoeck_scored = true;
                let p = party(seat, king);
                self.tally.stoeck[p] += STOECK_POINTS;
                if self.write(p, STOECK_POINTS) {
                    return;
                }
            }
        }
        let Some(end) = done else {
            return;
        };
        if self.play.tricks_done() == 1 && self.score_melds(king) {
            return;
        }
        let p = party(end.winner, king);
        self.tally.tricks[p] += 1;
        if self.contract == Some(BieterContract::Hindersi) {
            // "Beim Hindersi darf der König keinen Stich erzielen, sonst schreibt die
            // Bauernpartei einen Matsch mit Matschprämie"; a King who takes none, the same for
            // him (our reading).
            if p == KING || self.play.is_over() {
                let to = if p == KING { BAUERN } else { KING };
                self.tally.matsch[to] = DEAL_POINTS + MATCH_BONUS;
                self.write(to, DEAL_POINTS + MATCH_BONUS);
                self.end_deal();
            }
            return;
        }
        self.tally.card_points[p] += end.points;
        if self.write(p, end.points) {
            return;
        }
        if !self.play.is_over() {
            return;
        }
        if self.opts.discards == Discards::King && !self.laid_away.is_empty() {
            let points = PointTable::new(self.play.mode(), self.opts.undenufe_eleven);
            let d = points.sum(self.laid_away);
            self.tally.discards = d;
            if self.write(KING, d) {
                return;
            }
        }
        let all = self.play.tricks_in_deal();
        for q in [KING, BAUERN] {
            if self.tally.tricks[q] == all {
                self.tally.matsch[q] = MATCH_BONUS;
                if self.write(q, MATCH_BONUS) {
                    return;
                }
            }
        }
        self.end_deal();
    }

    /// The end of the first trick: the party of the best single meld (value, length, height,
    /// trump, the earlier from forehand: 000, 001, 003, 004) writes all its melds, the holder of
    /// that meld what crate::meld_contest lets him write. True if that ends the Partie.
    fn score_melds(&mut self, king: u8) -> bool {
        let n = self.players() as usize;
        let mode = self.play.mode();
        let Some(c) = meld_contest(
            &self.start_hands[..n],
            self.forehand(),
            mode,
            &WEIS_RULES,
            |a, b| party(a, king) == party(b, king),
        ) else {
            return false;
        };
        self.declarations[c.winner as usize] = c.written;
        let p = party(c.winner, king);
        self.melds_party = Some(p);
        let points: u32 = (0..n as u8)
            .filter(|&s| party(s, king) == p)
            .map(|s| self.declarations[s as usize].points(mode, &WEIS_RULES))
            .sum();
        self.tally.melds[p] = points;
        self.write(p, points)
    }

    /// The cards the seat to play may play (empty outside the card play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != BieterPhase::Play {
            return CardSet::EMPTY;
        }
        self.play.legal_cards()
    }

    fn check(&self, action: BieterAction) -> Result<(), IllegalAction> {
        let seat = self.to_move().seat_to_act()?;
        match (self.phase, action) {
            (BieterPhase::Auction, BieterAction::Pass) => Ok(()),
            (BieterPhase::Auction, BieterAction::Bid { points }) => {
                let low = self.lowest_bid();
                if points < low || points > self.opts.max_bid || !points.is_multiple_of(10) {
                    Err(IllegalAction::new(format!(
                        "{points} is not a bid now: bid {low} to {} in steps of 10 (at least {} and ten above the last), or pass",
                        self.opts.max_bid, self.opts.min_bid
                    )))
                } else {
                    Ok(())
                }
            }
            (BieterPhase::Discard, BieterAction::Discard { card }) => {
                if self.king_hand.contains(card) {
                    Ok(())
                } else {
                    Err(IllegalAction::new(format!(
                        "the King (seat {seat}) does not hold {card}: lay away cards of his hand and the table's"
                    )))
                }
            }
            (BieterPhase::Contract, BieterAction::Contract { contract }) => {
                if contract == BieterContract::Hindersi && !self.opts.hindersi {
                    Err(IllegalAction::new(
                        "Hindersi is not played here (option hindersi false): name a suit, obenabe or undenufe",
                    ))
                } else {
                    Ok(())
                }
            }
            (BieterPhase::Decide, BieterAction::Stay | BieterAction::Drop) => Ok(()),
            (BieterPhase::Play, BieterAction::Play { card }) => check_play(
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
                    BieterPhase::Auction => ": bid or pass",
                    BieterPhase::Discard => ": the King lays away a card (discard <card>)",
                    BieterPhase::Contract =>
                        ": the King names the contract (contract D, H, S, C, obenabe, undenufe or hindersi)",
                    BieterPhase::Decide => ": the King plays the deal (stay) or leaves it to the Bauern (drop)",
                    BieterPhase::Play => ": play a card",
                    _ => "",
                }
            ))),
        }
    }

    /// Applies an action without checking it (the caller guarantees it is legal).
    pub fn apply_unchecked(&mut self, action: BieterAction) {
        match (self.phase, action) {
            (BieterPhase::Auction, _) => {
                let bid = match action {
                    BieterAction::Bid { points } => Some(points),
                    _ => None,
                };
                let closes = bid.is_some_and(|b| b + 10 > self.opts.max_bid);
                match self.auction.call(bid, closes) {
                    // Everyone passed: the cards are thrown in and the next dealer deals
                    // (docs/bieter.md: our choice, the texts are silent).
                    AuctionTurn::AllPassed => {
                        self.thrown_in = true;
                        self.phase = BieterPhase::Deal;
                    }
                    AuctionTurn::Won(_, bidder) => self.auction_over(bidder),
                    AuctionTurn::Next(_) => {}
                }
            }
            (BieterPhase::Discard, BieterAction::Discard { card }) => {
                self.king_hand.remove(card);
                self.laid_away.insert(card);
                if self.laid_away.len() == self.opts.table_cards() {
                    self.phase = BieterPhase::Contract;
                }
            }
            (BieterPhase::Contract, BieterAction::Contract { contract }) => {
                self.start_play(contract)
            }
            (BieterPhase::Decide, BieterAction::Stay) => {
                self.stayed = Some(true);
                self.start_play(self.contract.expect("the trump card's suit"));
            }
            (BieterPhase::Decide, BieterAction::Drop) => {
                // "Falls er verzichtet, schreibt die Bauernpartei einen Matsch mit Matschprämie";
                // Schafhauser: "sowie gegebenenfalls Stöckpunkten" (a Bauer's Stöck).
                self.stayed = Some(false);
                let king = self.king.expect("a King");
                self.tally.matsch[BAUERN] = DEAL_POINTS + MATCH_BONUS;
                if self.write(BAUERN, DEAL_POINTS + MATCH_BONUS) {
                    return;
                }
                let trump = self.deal.trump_card.expect("a later deal").suit();
                let n = self.players();
                if let Some(h) = (0..n).find(|&s| {
                    s != king && self.deal.hands[s as usize].contains_all(stoeck_cards(trump))
                }) {
                    self.stoeck_holder = Some(h);
                    self.stoeck_scored = true;
                    self.tally.stoeck[BAUERN] = STOECK_POINTS;
                    if self.write(BAUERN, STOECK_POINTS) {
                        return;
                    }
                }
                self.end_deal();
            }
            (BieterPhase::Play, BieterAction::Play { card }) => self.play_card(card),
            _ => {}
        }
    }

    /// What a seat may see: its own hand, the auction, the table's face-up cards (and the
    /// face-down ones once the King shows them), the King's discards to him alone, the trump
    /// card, the tricks, the melds shown after the first trick; never another seat's cards.
    pub fn observation(&self, seat: usize) -> BieterObservation {
        self.observation_as(Some(seat))
    }

    pub(crate) fn observation_as(&self, seat: Option<usize>) -> BieterObservation {
        let s8 = seat.map_or(u8::MAX, |s| s as u8);
        let playing = self.phase == BieterPhase::Play;
        let first = self.is_first_deal() && self.deals_started > 0;
        let is_king = self.king == Some(s8);
        let taken = self.king.is_some() && first;
        BieterObservation {
            seat: s8,
            phase: self.phase,
            players: self.players(),
            hand: seat.map_or(CardSet::EMPTY, |s| self.hand(s as u8)),
            dealer: self.dealer,
            forehand: self.forehand(),
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            auction: if first { self.auction() } else { Vec::new() },
            bid: self.high_bid().map(|(b, _)| b),
            bidder: self.high_bid().map(|(_, s)| s),
            king: self.king,
            table_open: if first {
                self.deal.table_open
            } else {
                CardSet::EMPTY
            },
            table_hidden: if taken && (self.opts.show_hidden || is_king) {
                self.deal.table_hidden
            } else {
                CardSet::EMPTY
            },
            laid_away: if is_king && first {
                self.laid_away
            } else {
                CardSet::EMPTY
            },
            discards: if first && self.king.is_some() {
                self.laid_away.len()
            } else {
                0
            },
            trump_card: self.deal.trump_card.filter(|_| !first),
            contract: self.contract,
            stayed: self.stayed,
            trick_leader: self.play.leader(),
            trick: if playing {
                self.play.current().to_vec()
            } else {
                Vec::new()
            },
            tricks: self.trick_records(),
            melds: self.shown_melds(),
            stoeck: self.stoeck_scored(),
            deal_tally: self.tally,
            totals: self.totals,
            targets: self.targets(),
            deal_number: self.deals_started,
            winner: self.winner,
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BieterObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: BieterPhase,
    /// Players at the table.
    pub players: u8,
    /// The seat's own cards (the King's with the table's while he lays away).
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Forehand, who speaks first and leads the first trick.
    pub forehand: u8,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// The first deal's auction.
    pub auction: Vec<(u8, BieterAction)>,
    /// The highest bid: the King's target once the auction is over.
    pub bid: Option<u32>,
    /// Who bid it.
    pub bidder: Option<u8>,
    /// The King.
    pub king: Option<u8>,
    /// The first deal's face-up table cards.
    pub table_open: CardSet,
    /// The first deal's face-down table cards, once the King took and showed them (to the King
    /// alone without `show_hidden`).
    pub table_hidden: CardSet,
    /// The cards the King laid away (his own view only).
    pub laid_away: CardSet,
    /// How many cards the King has laid away.
    pub discards: u32,
    /// A later deal's trump card (the dealer's last, in his hand).
    pub trump_card: Option<Card>,
    /// What the deal is played in.
    pub contract: Option<BieterContract>,
    /// Whether the King plays a later deal.
    pub stayed: Option<bool>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// The melds shown after the first trick (the party that scored them).
    pub melds: Vec<ShownWeis>,
    /// Who scored Stöck this deal.
    pub stoeck: Option<u8>,
    /// This deal's figures, by party (King, Bauern).
    pub deal_tally: BieterTally,
    /// Each party's points (King, Bauern).
    pub totals: [u32; 2],
    /// Each party's target (the King's bid, the Bauern's 1000).
    pub targets: [u32; 2],
    /// The number of the current deal (thrown-in deals included).
    pub deal_number: u32,
    /// The party that won (0 the King, 1 the Bauern).
    pub winner: Option<usize>,
}

impl BieterObservation {
    /// The cards played in this deal so far (the trick in progress included).
    pub fn played_cards(&self) -> CardSet {
        crate::record::TrickRecord::played_cards(&self.tricks, &self.trick)
    }
    /// Whether this is a first deal (the auction, the table cards, the King's contract).
    pub fn is_first_deal(&self) -> bool {
        self.trump_card.is_none()
    }
}

impl Game for Bieter {
    type Action = BieterAction;
    type Observation = BieterObservation;
    type Deal = BieterDeal;

    fn name(&self) -> &'static str {
        "bieter"
    }

    fn seats(&self) -> usize {
        self.players() as usize
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            BieterPhase::Deal => ToMove::Deal,
            BieterPhase::Auction => ToMove::Seat(self.auction.to_act() as usize),
            BieterPhase::Discard | BieterPhase::Contract | BieterPhase::Decide => {
                ToMove::Seat(self.king.expect("a King") as usize)
            }
            BieterPhase::Play => ToMove::Seat(self.play.to_play() as usize),
            BieterPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<BieterAction>) {
        out.clear();
        match self.phase {
            BieterPhase::Auction => {
                // The bids from the lowest, then pass (a front end offers them in this order).
                for points in (self.lowest_bid()..=self.opts.max_bid).step_by(10) {
                    out.push(BieterAction::Bid { points });
                }
                out.push(BieterAction::Pass);
            }
            BieterPhase::Discard => {
                for card in self.king_hand {
                    out.push(BieterAction::Discard { card });
                }
            }
            BieterPhase::Contract => {
                for contract in BieterContract::ALL {
                    if contract != BieterContract::Hindersi || self.opts.hindersi {
                        out.push(BieterAction::Contract { contract });
                    }
                }
            }
            BieterPhase::Decide => {
                out.push(BieterAction::Stay);
                out.push(BieterAction::Drop);
            }
            BieterPhase::Play => {
                for card in self.play.legal_cards() {
                    out.push(BieterAction::Play { card });
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: BieterAction) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// The pack as it comes, from forehand. A first deal (JassWiki): five cards each (four with
    /// four players), three face down and three face up on the table (two and two), five each
    /// again (four). A later deal: twelve each in packets of four (nine in packets of three),
    /// the last card, the dealer's, turned for trump ("die unterste Karte").
    fn deal_from_pack(&self, pack: &[Card; 36]) -> BieterDeal {
        let n = self.players() as usize;
        let dealer = self.next_dealer() as usize;
        let seat_at = |k: usize| (dealer + 1 + k) % n;
        let mut deal = BieterDeal {
            hands: [CardSet::EMPTY; 4],
            table_hidden: CardSet::EMPTY,
            table_open: CardSet::EMPTY,
            trump_card: None,
        };
        let mut cards = pack.iter().copied();
        if self.king.is_none() {
            let packet = self.hand_size(true) as usize / 2;
            let half = self.opts.table_cards() as usize / 2;
            for round in 0..2 {
                for k in 0..n {
                    for c in cards.by_ref().take(packet) {
                        deal.hands[seat_at(k)].insert(c);
                    }
                }
                if round == 0 {
                    deal.table_hidden = cards.by_ref().take(half).collect();
                    deal.table_open = cards.by_ref().take(half).collect();
                }
            }
        } else {
            let packet = self.hand_size(false) as usize / 3;
            for i in 0..36 {
                let c = cards.next().expect("36 cards");
                deal.hands[seat_at((i / packet) % n)].insert(c);
            }
            deal.trump_card = Some(pack[35]);
        }
        deal
    }

    fn apply_deal(&mut self, deal: BieterDeal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> BieterObservation {
        self.observation(seat)
    }

    /// What everyone sees: no hand, no discards, the face-down table cards only once shown.
    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }

    /// The King's discards lie face down: the others learn only that he laid one away.
    fn action_visibility(&self, action: BieterAction) -> Visibility {
        match action {
            BieterAction::Discard { .. } => Visibility::KindOnly,
            _ => Visibility::Public,
        }
    }
}

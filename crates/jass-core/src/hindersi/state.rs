//! The Hindersi state machine: deals of card play with the dealer's last card turned for trump,
//! each player counting his own card points (the fewest are best; one who takes every trick
//! scores nothing and every other player 157), Parties of one round of deals closed by a Strich
//! for the lowest totals and a Nuller for the highest, until the agreed number of Parties is
//! played. The cards are played through the one trick-play core ([`AnyDealPlay`], three or four
//! seats) under the rule of the negative games ([`TrickRules::Weak`]). Copyable and
//! allocation-free.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove};
use crate::mode::{Mode, PointTable, UndenufeEleven};
use crate::record::TrickRecord;
use crate::trick::{check_play, TrickRules};
use crate::trick_play::{AnyDealPlay, AnyTrickPlay};

use super::options::{HindersiOptions, Ranking};
use super::HindersiAction;

/// The most players.
pub const MAX_SEATS: usize = 4;
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

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HindersiPhase {
    /// Waiting for the cards of the next deal.
    Deal,
    /// Card play.
    Play,
    /// The game is over.
    Over,
}

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

/// A Hindersi game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Hindersi {
    opts: HindersiOptions,
    phase: HindersiPhase,
    deals_started: u32,
    dealer: u8,
    /// The hands as dealt, for the record.
    dealt: [CardSet; MAX_SEATS],
    /// The card turned for trump in this deal (none before the first).
    trump_card: Option<Card>,
    /// This deal's card play (the last deal's, finished, between deals; before the first, no
    /// cards, seat 0 to lead).
    play: AnyDealPlay,
    /// The points of the Partie under way (or just ended), per seat.
    partie: [u32; MAX_SEATS],
    /// Striche and Nuller written so far, per seat.
    striche: [u32; MAX_SEATS],
    nuller: [u32; MAX_SEATS],
    /// Every point written in the game, per seat (the tie-break of the final ranking).
    points: [u32; MAX_SEATS],
    last: Option<DealScore>,
}

impl Hindersi {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: HindersiOptions) -> Result<Hindersi, String> {
        opts.validate()?;
        let no_cards = [CardSet::EMPTY; MAX_SEATS];
        let mode = Mode::Trump(crate::card::Suit::D);
        Ok(Hindersi {
            opts,
            phase: HindersiPhase::Deal,
            deals_started: 0,
            // Seat 0 is forehand in the first deal.
            dealer: opts.players - 1,
            dealt: no_cards,
            trump_card: None,
            play: Self::deal_play(&opts, &no_cards, mode, 0),
            partie: [0; MAX_SEATS],
            striche: [0; MAX_SEATS],
            nuller: [0; MAX_SEATS],
            points: [0; MAX_SEATS],
            last: None,
        })
    }

    /// The card play of a deal with these hands (seat-indexed; those of the players are used)
    /// in `mode`, `leader` leading the first trick: follow suit or trump, undertrump only when
    /// void of the suit led, card points as in any trump game, 5 for the last trick.
    fn deal_play(
        opts: &HindersiOptions,
        hands: &[CardSet; MAX_SEATS],
        mode: Mode,
        leader: u8,
    ) -> AnyDealPlay {
        let points = PointTable::new(mode, UndenufeEleven::Ace);
        let hands = &hands[..opts.players as usize];
        AnyDealPlay::new(
            AnyTrickPlay::with_rules(hands, mode, points, RULES, leader)
                .with_tricks(opts.hand_size() as u8),
        )
    }

    /// The options.
    pub fn options(&self) -> &HindersiOptions {
        &self.opts
    }

    fn players(&self) -> u8 {
        self.opts.players
    }

    /// The phase.
    pub fn phase(&self) -> HindersiPhase {
        self.phase
    }

    /// Deals started so far (the current deal's number, 1-based).
    pub fn deals_started(&self) -> u32 {
        self.deals_started
    }

    /// The Partie of the current (or last) deal, 1-based (0 before the first deal).
    pub fn partie_number(&self) -> u32 {
        self.deals_started.div_ceil(self.opts.deals_per_partie())
    }

    /// The current (or last) deal's place in its Partie, 1-based (0 before the first deal).
    pub fn deal_in_partie(&self) -> u32 {
        match self.deals_started {
            0 => 0,
            d => (d - 1) % self.opts.deals_per_partie() + 1,
        }
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

    /// Forehand (Vorhand) of the current deal, the seat after the dealer, who leads its first
    /// trick.
    pub fn forehand(&self) -> u8 {
        (self.dealer + 1) % self.players()
    }

    /// The card turned for trump in this deal.
    pub fn trump_card(&self) -> Option<Card> {
        self.trump_card
    }

    /// The trump mode of this deal (the suit of the card turned).
    pub fn mode(&self) -> Option<Mode> {
        self.trump_card.map(|c| Mode::Trump(c.suit()))
    }

    /// The points of the Partie under way (or just ended), per seat.
    pub fn partie_totals(&self) -> [u32; MAX_SEATS] {
        self.partie
    }

    /// Striche written so far, per seat.
    pub fn striche(&self) -> [u32; MAX_SEATS] {
        self.striche
    }

    /// Nuller written so far, per seat.
    pub fn nuller(&self) -> [u32; MAX_SEATS] {
        self.nuller
    }

    /// Every point written in the game so far, per seat.
    pub fn game_points(&self) -> [u32; MAX_SEATS] {
        self.points
    }

    /// What ranks each seat at the end under the options' `ranking`: Striche less Nuller, or
    /// Striche alone.
    pub fn score(&self) -> [i64; MAX_SEATS] {
        std::array::from_fn(|s| match self.opts.ranking {
            Ranking::Net => i64::from(self.striche[s]) - i64::from(self.nuller[s]),
            Ranking::Striche => i64::from(self.striche[s]),
        })
    }

    /// Card points each seat has taken in this deal so far (the last trick's 5 included).
    pub fn card_points(&self) -> [u32; MAX_SEATS] {
        let mut p = [0; MAX_SEATS];
        for (s, x) in p.iter_mut().enumerate().take(self.players() as usize) {
            *x = self.play.taken(s as u8);
        }
        p
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

    /// Completed trick `i` of this deal: who led, the cards in play order, who won it and its
    /// card points (the last trick's 5 included).
    pub fn completed_trick(&self, i: usize) -> (u8, Vec<Card>, u8, u32) {
        let (leader, cards, winner, points) = self.play.completed(i);
        (leader, cards.to_vec(), winner, points)
    }

    /// The cards of the trick in progress, lead first.
    pub fn current_trick(&self) -> &[Card] {
        self.play.current()
    }

    /// The winners once the game is over: the seat with the best [`Hindersi::score`]; between
    /// equal scores, the fewest points written over the game; several seats equal in both share
    /// the win (our choice: the sources are silent on ties).
    pub fn winners(&self) -> Vec<u8> {
        if self.phase != HindersiPhase::Over {
            return Vec::new();
        }
        Self::ranked_first(self.players() as usize, &self.score(), &self.points)
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

    fn deal(&mut self, deal: HindersiDeal) -> Result<(), IllegalAction> {
        if self.phase != HindersiPhase::Deal {
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
        let dealer = self.next_dealer();
        if !deal.hands[dealer as usize].contains(deal.trump_card) {
            return Err(IllegalAction::new(format!(
                "the card turned for trump, {}, is not in the dealer's (seat {dealer}) hand: it is the dealer's last card",
                deal.trump_card
            )));
        }
        // A new Partie starts afresh.
        if self.deal_in_partie() == self.opts.deals_per_partie() {
            self.partie = [0; MAX_SEATS];
        }
        self.dealer = dealer;
        self.deals_started += 1;
        self.dealt = deal.hands;
        self.trump_card = Some(deal.trump_card);
        let mode = Mode::Trump(deal.trump_card.suit());
        self.play = Self::deal_play(&self.opts, &deal.hands, mode, self.forehand());
        self.phase = HindersiPhase::Play;
        Ok(())
    }

    fn play(&mut self, card: Card) -> Result<(), IllegalAction> {
        if self.phase != HindersiPhase::Play {
            return Err(IllegalAction::new("no card may be played now"));
        }
        let seat = self.play.to_play();
        check_play(
            seat,
            card,
            self.play.hand(seat),
            self.play.legal_cards(),
            self.play.current(),
            format_args!(
                "in Hindersi (trump {}: follow suit or trump; undertrump only without the suit led)",
                self.play.mode()
            ),
        )?;
        if self.play.play(card).is_some() && self.play.is_over() {
            self.score_deal();
        }
        Ok(())
    }

    /// Writes the deal's points; at the end of a Partie its marks; the game is over after the
    /// last deal of the last Partie.
    fn score_deal(&mut self) {
        let n = self.players() as usize;
        let card_points = self.card_points();
        let tricks = self.opts.hand_size() as u8;
        let all_tricks = (0..n as u8).find(|&s| self.play.seat_tricks(s) == tricks);
        self.write_deal(card_points, all_tricks);
    }

    /// Writes a deal of these card points (and the seat that took every trick, if one did).
    fn write_deal(&mut self, card_points: [u32; MAX_SEATS], all_tricks: Option<u8>) {
        let n = self.players() as usize;
        let points = Self::deal_points(n, &card_points, all_tricks);
        for (s, &p) in points.iter().enumerate().take(n) {
            self.partie[s] += p;
            self.points[s] += p;
        }
        let marks = (self.deal_in_partie() == self.opts.deals_per_partie()).then(|| {
            let marks = Self::marks_for(n, &self.partie);
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
        self.phase = if self.deals_started >= self.opts.deals() {
            HindersiPhase::Over
        } else {
            HindersiPhase::Deal
        };
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
            if g.phase != HindersiPhase::Deal {
                return Err("the game is over".into());
            }
            if g.deal_in_partie() == g.opts.deals_per_partie() {
                g.partie = [0; MAX_SEATS];
            }
            g.dealer = g.next_dealer();
            g.deals_started += 1;
            g.write_deal(card_points, all_tricks);
        }
        Ok(g)
    }

    fn observation_as(&self, seat: Option<usize>) -> HindersiObservation {
        let n = self.players() as usize;
        let tricks = TrickRecord::first(self.play.tricks_done(), |i| self.completed_trick(i));
        let to_move = match self.to_move() {
            ToMove::Seat(s) => Some(s as u8),
            _ => None,
        };
        HindersiObservation {
            seat: seat.map_or(u8::MAX, |s| s as u8),
            phase: self.phase,
            players: self.players(),
            parties: self.opts.parties,
            ranking: self.opts.ranking,
            partie: self.partie_number(),
            deal_number: self.deals_started,
            deal_in_partie: self.deal_in_partie(),
            hand: seat.map_or(CardSet::EMPTY, |s| self.hand(s)),
            dealer: self.dealer,
            forehand: self.forehand(),
            trump: self.mode(),
            trump_card: self.trump_card,
            to_move,
            trick_leader: self.play.leader(),
            trick: self.current_trick().to_vec(),
            tricks,
            card_points: self.card_points()[..n].to_vec(),
            partie_totals: self.partie[..n].to_vec(),
            striche: self.striche[..n].to_vec(),
            nuller: self.nuller[..n].to_vec(),
            score: self.score()[..n].to_vec(),
            last_deal: self.last.map(|d| d.view(n)),
        }
    }
}

/// Everything one seat may see (a spectator: no hand).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HindersiObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: HindersiPhase,
    /// Players at the table.
    pub players: u8,
    /// Parties in the game.
    pub parties: u32,
    /// How the marks rank the players at the end.
    pub ranking: Ranking,
    /// The current Partie (1-based; 0 before the first deal).
    pub partie: u32,
    /// The current deal (1-based; 0 before the first).
    pub deal_number: u32,
    /// The current deal's place in its Partie (1-based).
    pub deal_in_partie: u32,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Forehand of this deal.
    pub forehand: u8,
    /// The trump of this deal.
    pub trump: Option<Mode>,
    /// The card turned for trump (face up for all; the dealer holds it until he plays it).
    pub trump_card: Option<Card>,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// This deal's completed tricks (`points`: the trick's card points).
    pub tricks: Vec<TrickRecord>,
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

impl Game for Hindersi {
    type Action = HindersiAction;
    type Observation = HindersiObservation;
    type Deal = HindersiDeal;

    fn name(&self) -> &'static str {
        "hindersi"
    }

    fn seats(&self) -> usize {
        self.players() as usize
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            HindersiPhase::Deal => ToMove::Deal,
            HindersiPhase::Play => ToMove::Seat(self.play.to_play() as usize),
            HindersiPhase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut ActionList<HindersiAction>) {
        out.clear();
        if self.phase == HindersiPhase::Play {
            for card in self.play.legal_cards() {
                out.push(HindersiAction::Play { card });
            }
        }
    }

    fn apply(&mut self, action: HindersiAction) -> Result<(), IllegalAction> {
        match action {
            HindersiAction::Play { card } => self.play(card),
        }
    }

    /// All 36 cards in packets from forehand, round the table (three cards a packet with four
    /// players, four with three); the last card, the bottom of the pack, is the dealer's and is
    /// turned for trump.
    fn deal_from_pack(&self, pack: &[Card; 36]) -> HindersiDeal {
        let n = self.players() as usize;
        let packet = self.opts.packet();
        let forehand = ((self.next_dealer() + 1) % self.players()) as usize;
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for (i, &card) in pack.iter().enumerate() {
            hands[(forehand + i / packet) % n].insert(card);
        }
        HindersiDeal {
            hands,
            trump_card: pack[35],
        }
    }

    fn apply_deal(&mut self, deal: HindersiDeal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> HindersiObservation {
        self.observation_as(Some(seat))
    }

    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{four_hands, SeededDealer};
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

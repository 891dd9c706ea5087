//! The card play of one deal, the one trick-play core: the hands, the trick in progress and who
//! wins it, the card points and tricks each seat has taken, the last trick's bonus. No contract
//! phase, Weis, Stöck or slate: the games keep those around it ([`DealPlay`] adds the completed
//! tricks they show and record), and random play-outs and `jass bench` drive it card by card or a
//! whole deal at a time ([`TrickPlay::play_out`]). A plain `Copy` value; nothing is allocated,
//! every step is a few table look-ups.
//!
//! The seat count `N` (two to five) is a type parameter, so that the four-seat games run the
//! code compiled for exactly four seats (`% 4` is a mask); the games whose count is known only
//! at run time (Handjass, Schellenjass, the play-outs of sampled worlds) hold an [`AnyDealPlay`]
//! or [`AnyTrickPlay`], one of the four. Seats in the core are places at the deal, `0..N` in
//! playing order: a game whose players are not the seats `0..N` of its table maps them.

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::game::IllegalAction;
use crate::mode::{Mode, PointTable, UndenufeEleven, LAST_TRICK_BONUS, MATCH_BONUS};
use crate::trick::{check_play, legal_cards_after, TrickRules};

/// [`Mode::trick_key`] of every card (by index) for each mode (by [`Mode::index`]) and suit led:
/// one load a card instead of matching on the mode.
static TRICK_KEYS: [[[u8; 64]; 4]; 6] = {
    let mut t = [[[0u8; 64]; 4]; 6];
    let mut m = 0;
    while m < 6 {
        let mut lead = 0;
        while lead < 4 {
            let mut d = 0;
            while d < 36 {
                let c = Card::from_dense(d);
                t[m][lead][c.index()] = Mode::ALL[m].trick_key(c, Suit::ALL[lead]);
                d += 1;
            }
            lead += 1;
        }
        m += 1;
    }
    t
};

/// For each mode (by [`Mode::index`]) and card (by index), the trumps that may still be played
/// to a plain-suit lead once that card wins the trick: those above it if it is a trump, every
/// card otherwise (no trump played yet: any trump may go).
static ALLOWED_TRUMPS_AFTER: [[u64; 64]; 6] = {
    let mut t = [[CardSet::ALL.0; 64]; 6];
    let mut m = 0;
    while m < 6 {
        let mut d = 0;
        while d < 36 {
            let c = Card::from_dense(d);
            if let Mode::Trump(s) = Mode::ALL[m] {
                if s as u8 == c.suit() as u8 {
                    t[m][c.index()] = Mode::ALL[m].trumps_above(c).0;
                }
            }
            d += 1;
        }
        m += 1;
    }
    t
};

/// The cards of each suit (by index).
static LANE_OF_SUIT: [u64; 4] = [
    CardSet::suit(Suit::D).0,
    CardSet::suit(Suit::H).0,
    CardSet::suit(Suit::S).0,
    CardSet::suit(Suit::C).0,
];

/// For each mode (by [`Mode::index`]) and suit led, the cards that oblige a player to follow:
/// the suit, without the Puur when it is the trump suit (003: the Puur alone need not follow).
static FOLLOW_LANE: [[u64; 4]; 6] = {
    let mut t = [[0u64; 4]; 6];
    let mut m = 0;
    while m < 6 {
        let mut s = 0;
        while s < 4 {
            let suit = Suit::ALL[s];
            let lane = CardSet::suit(suit).0;
            t[m][s] = match Mode::ALL[m] {
                Mode::Trump(trump) if trump as u8 == suit as u8 => {
                    lane & !CardSet::single(Card::new(suit, Rank::Jack)).0
                }
                _ => lane,
            };
            s += 1;
        }
        m += 1;
    }
    t
};

/// Every bit if `b`, none otherwise.
#[inline(always)]
fn all_if(b: bool) -> u64 {
    0u64.wrapping_sub(u64::from(b))
}

/// One deal's card play among `N` seats (two to five; four by default, teams {0, 2} and {1, 3}
/// there): the hands, the trick in progress and who wins it, the cards and tricks each seat has
/// taken. Every game plays its cards through it (Schieber and Coiffeur, Differenzler, Sidi
/// Barrani, Handjass and Schellenjass, through [`DealPlay`] or [`AnyDealPlay`], which also keep
/// the completed tricks), and so do `jass bench` and the play-outs. The legal cards under
/// [`TrickRules::Strict`] and [`TrickRules::Weak`] come from masks kept up to date as the cards
/// fall; [`TrickRules::Heading`] asks [`legal_cards_after`].
#[derive(Copy, Clone, Debug)]
pub struct TrickPlay<const N: usize = 4> {
    hands: [CardSet; N],
    mode: Mode,
    rules: TrickRules,
    /// [`Mode::index`] of the mode, for the tables.
    mode_index: u8,
    /// The card points of every card (by index) in the deal's point table.
    points: &'static [u8; 64],
    /// The trick keys of the suit led in the trick in progress (set by the lead).
    keys: &'static [u8; 64],
    /// The trump suit's cards (none without trump).
    trump_lane: u64,
    /// The cards of the suit led (none before the lead).
    lead_lane: u64,
    /// The cards that oblige a player to follow suit: the suit led, without the Puur on a trump
    /// lead (003: the Puur alone need not follow).
    follow_lane: u64,
    /// The trumps that may be played now (see `ALLOWED_TRUMPS_AFTER`; all before the lead).
    allowed_trumps: u64,
    /// The cards of the trick in progress, lead first.
    trick: [Card; N],
    /// The key of the card winning the trick in progress, and its seat.
    win_key: u8,
    win_seat: u8,
    leader: u8,
    trick_len: u8,
    /// Card points of the trick in progress.
    trick_points: u32,
    tricks_done: u8,
    /// The tricks of the deal (the cards each seat holds at the start).
    tricks_in_deal: u8,
    /// The last trick's bonus.
    last_trick_bonus: u32,
    /// Card points taken by each seat, with the last trick's bonus.
    taken: [u32; N],
    /// Tricks taken by each seat.
    seat_tricks: [u8; N],
}

/// A trick just completed: who took it and its card points (with the last trick's bonus).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrickEnd {
    /// The seat that took the trick.
    pub winner: u8,
    /// Its card points, with the last trick's bonus on the last.
    pub points: u32,
}

impl TrickPlay<4> {
    /// The play of a four-seat deal with these hands (seat-indexed, nine cards each) in `mode`
    /// under the strict rules, `leader` leading the first trick; `eleven` matters only in
    /// Undenufe.
    pub fn new(hands: [CardSet; 4], mode: Mode, eleven: UndenufeEleven, leader: u8) -> Self {
        Self::with_rules(
            hands,
            mode,
            PointTable::new(mode, eleven),
            TrickRules::Strict,
            leader,
        )
    }

    /// Card points taken by each team, with the last trick's bonus (without Match).
    pub fn card_points(&self) -> [u32; 2] {
        [self.taken[0] + self.taken[2], self.taken[1] + self.taken[3]]
    }

    /// Tricks taken by each team.
    pub fn tricks(&self) -> [u8; 2] {
        [
            self.seat_tricks[0] + self.seat_tricks[2],
            self.seat_tricks[1] + self.seat_tricks[3],
        ]
    }

    /// Each team's points: its card points, and the Match bonus for the team that took every
    /// trick (the score of a Schieber deal with the multiplier 1, no Weis or Stöck).
    pub fn points_with_match(&self) -> [u32; 2] {
        let mut p = self.card_points();
        let tricks = self.tricks();
        for (team, points) in p.iter_mut().enumerate() {
            if tricks[team] == 9 {
                *points += MATCH_BONUS;
            }
        }
        p
    }
}

impl<const N: usize> TrickPlay<N> {
    /// The play of a deal in `mode` counted by `points` (a contract's own table, e.g. Slalom's)
    /// under `rules`, `leader` leading the first trick. The deal has `36 / N` tricks (nine for
    /// four seats) and the last trick's bonus is [`LAST_TRICK_BONUS`]; a game that deals fewer
    /// cards or counts another bonus says so ([`TrickPlay::with_tricks`],
    /// [`TrickPlay::with_last_trick_bonus`]).
    pub fn with_rules(
        hands: [CardSet; N],
        mode: Mode,
        points: PointTable,
        rules: TrickRules,
        leader: u8,
    ) -> Self {
        const { assert!(N >= 2 && N <= 5, "two to five seats") };
        let placeholder = Card::from_dense(0);
        let leader = leader % N as u8;
        TrickPlay {
            hands,
            mode,
            rules,
            mode_index: mode.index() as u8,
            points: points.row(),
            keys: &TRICK_KEYS[mode.index()][0],
            trump_lane: mode.trumps().0,
            lead_lane: 0,
            follow_lane: 0,
            allowed_trumps: CardSet::ALL.0,
            trick: [placeholder; N],
            win_key: 0,
            win_seat: leader,
            leader,
            trick_len: 0,
            trick_points: 0,
            tricks_done: 0,
            tricks_in_deal: (36 / N) as u8,
            last_trick_bonus: LAST_TRICK_BONUS,
            taken: [0; N],
            seat_tricks: [0; N],
        }
    }

    /// The same play with `tricks` tricks in the deal (the cards each seat holds), for the
    /// games that deal fewer than `36 / N` cards a seat.
    pub fn with_tricks(mut self, tricks: u8) -> Self {
        debug_assert!(tricks as usize * N <= 36);
        self.tricks_in_deal = tricks;
        self
    }

    /// The same play with `bonus` points for the last trick.
    pub fn with_last_trick_bonus(mut self, bonus: u32) -> Self {
        self.last_trick_bonus = bonus;
        self
    }

    /// Changes the mode between two tricks (Slalom: every trick in its own direction) or within
    /// one (Mittlere: the first card that does not follow suit makes its suit trump, itself a
    /// trump already); the point table stays the deal's. Within a trick the cards played so far
    /// are ranked anew in `mode`, which must rank the suit led as before (a plain suit ranks the
    /// same in Obenabe and under a trump of another suit).
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
        self.mode_index = mode.index() as u8;
        self.trump_lane = mode.trumps().0;
        let m = mode.index();
        if self.trick_len == 0 {
            self.keys = &TRICK_KEYS[m][0];
            return;
        }
        let lead = self.trick[0];
        self.keys = &TRICK_KEYS[m][lead.suit() as usize];
        self.follow_lane = FOLLOW_LANE[m][lead.suit() as usize];
        let mut best = 0;
        for i in 1..self.trick_len as usize {
            if self.keys[self.trick[i].index()] > self.keys[self.trick[best].index()] {
                best = i;
            }
        }
        let winner = self.trick[best];
        self.win_key = self.keys[winner.index()];
        self.win_seat = ((self.leader as usize + best) % N) as u8;
        self.allowed_trumps = ALLOWED_TRUMPS_AFTER[m][winner.index()];
    }

    /// The seat to play.
    #[inline(always)]
    pub fn to_play(&self) -> u8 {
        ((self.leader + self.trick_len) as usize % N) as u8
    }

    /// True once every trick is played.
    #[inline(always)]
    pub fn is_over(&self) -> bool {
        self.tricks_done == self.tricks_in_deal
    }

    /// The cards each seat still holds.
    #[inline]
    pub fn hands(&self) -> [CardSet; N] {
        self.hands
    }

    /// The cards `seat` still holds.
    #[inline]
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands[seat as usize % N]
    }

    /// The mode of the trick in progress (in Slalom it changes trick by trick).
    #[inline]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The trick rules.
    pub fn rules(&self) -> TrickRules {
        self.rules
    }

    /// Who led the trick in progress (after a trick: who leads the next).
    #[inline]
    pub fn leader(&self) -> u8 {
        self.leader
    }

    /// The cards of the trick in progress, lead first.
    #[inline]
    pub fn current(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// The seat whose card heads the trick in progress (the leader before the lead).
    #[inline]
    pub fn heading_seat(&self) -> u8 {
        self.win_seat
    }

    /// Tricks completed.
    #[inline]
    pub fn tricks_done(&self) -> u8 {
        self.tricks_done
    }

    /// The tricks of the deal.
    #[inline]
    pub fn tricks_in_deal(&self) -> u8 {
        self.tricks_in_deal
    }

    /// Card points taken by each seat, with the last trick's bonus.
    pub fn taken(&self) -> [u32; N] {
        self.taken
    }

    /// Tricks taken by each seat.
    pub fn seat_tricks(&self) -> [u8; N] {
        self.seat_tricks
    }

    /// The cards the seat to play may play (empty once the deal is over): those of
    /// [`crate::trick::legal_cards_after`], from the masks the trick keeps, with no branch on
    /// the lead (before it every card is allowed).
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        let hand = self.hands[self.to_play() as usize].0;
        let trumps = hand & self.trump_lane;
        let allowed = trumps & self.allowed_trumps;
        let following = (hand & self.lead_lane) | allowed;
        let void = match self.rules {
            // Void in the suit led: any card but a low trump, unless holding nothing but trumps.
            TrickRules::Strict => (hand ^ trumps) | allowed | all_if(trumps == hand) & hand,
            // 003's weaker rule: void in the suit led, any card.
            TrickRules::Weak => hand,
            // Pandur's trump Misère: void in a plain suit led, any trump, or any card without
            // one; the lead and a trump lead (the Puur alone, never forced) as the strict rule.
            TrickRules::MustTrump => {
                let free =
                    trumps == 0 || self.trick_len == 0 || self.lead_lane & self.trump_lane != 0;
                trumps | all_if(free) & hand
            }
            TrickRules::Heading => return self.heading_legal(),
        };
        // Masks rather than branches: whether the player can follow is a coin toss in random
        // play, and a mispredicted branch costs more than both sides.
        let follows = all_if(hand & self.follow_lane != 0);
        CardSet((following & follows) | (void & !follows))
    }

    /// [`TrickRules::Heading`]'s legal cards (002), which depend on the trick's best card.
    #[cold]
    fn heading_legal(&self) -> CardSet {
        let hand = self.hands[self.to_play() as usize];
        if self.trick_len == 0 {
            return hand;
        }
        let winner = self.trick[(self.win_seat as usize + N - self.leader as usize) % N];
        legal_cards_after(hand, self.trick[0], winner, self.mode, self.rules)
    }

    /// Whether `seat`, the seat to play, may play `card`: it holds it and the trick allows it
    /// (the reason if not).
    pub fn check_card(&self, seat: u8, card: Card) -> Result<(), IllegalAction> {
        check_play(
            seat,
            card,
            self.hand(seat),
            self.legal_cards(),
            self.current(),
            format_args!("in {}", self.mode),
        )
    }

    /// Plays `card` for the seat to play, unchecked: it must be one of
    /// [`TrickPlay::legal_cards`]. Returns the trick's winner and points when the card completes
    /// a trick.
    #[inline(always)]
    pub fn play(&mut self, card: Card) -> Option<TrickEnd> {
        let seat = self.to_play();
        debug_assert!(self.legal_cards().contains(card), "{card} is not legal");
        self.hands[seat as usize].remove(card);
        let m = self.mode_index as usize;
        if self.trick_len == 0 {
            let lane = CardSet::suit(card.suit()).0;
            self.keys = &TRICK_KEYS[m][card.suit() as usize];
            self.lead_lane = lane;
            self.follow_lane = FOLLOW_LANE[m][card.suit() as usize];
            self.win_key = self.keys[card.index()];
            self.win_seat = seat;
            self.allowed_trumps = ALLOWED_TRUMPS_AFTER[m][card.index()];
            self.trick_points = 0;
        } else {
            let key = self.keys[card.index()];
            // Selects rather than a branch: who heads the trick is a coin toss in random play.
            let heads = key > self.win_key;
            self.win_key = if heads { key } else { self.win_key };
            self.win_seat = if heads { seat } else { self.win_seat };
            self.allowed_trumps = if heads {
                ALLOWED_TRUMPS_AFTER[m][card.index()]
            } else {
                self.allowed_trumps
            };
        }
        self.trick[self.trick_len as usize % N] = card;
        self.trick_points += u32::from(self.points[card.index()]);
        self.trick_len += 1;
        if self.trick_len as usize == N {
            Some(self.end_trick())
        } else {
            None
        }
    }

    /// Plays the deal to its end, each card `choose(legal cards)` for the seat to play (the
    /// same deal as [`TrickPlay::play`] card by card with the same choices), trick by trick: the
    /// lead and the cards that follow it are separate code, so that nothing is asked of the
    /// trick's length, and the hands and the trick stay in registers. The cards of the tricks
    /// are not kept ([`TrickPlay::current`] is empty afterwards).
    #[inline]
    pub fn play_out(&mut self, mut choose: impl FnMut(CardSet) -> Card) {
        // A trick under way is finished card by card, and other rules than the strict ones
        // card by card throughout.
        while self.trick_len != 0 || (self.rules != TrickRules::Strict && !self.is_over()) {
            let card = choose(self.legal_cards());
            self.play(card);
        }
        if self.is_over() {
            return;
        }
        let m = self.mode_index as usize;
        let points = self.points;
        let trump_lane = self.trump_lane;
        let plain = CardSet::ALL.0 & !trump_lane;
        let mut hands = self.hands.map(|h| h.0);
        let mut leader = self.leader as usize;
        let mut taken = self.taken;
        let mut seat_tricks = self.seat_tricks;
        for _ in self.tricks_done..self.tricks_in_deal {
            let lead = choose(CardSet(hands[leader]));
            debug_assert!(hands[leader] & (1 << lead.index()) != 0);
            hands[leader] &= !(1u64 << lead.index());
            let suit = lead.suit() as usize;
            let keys = &TRICK_KEYS[m][suit];
            let lead_lane = LANE_OF_SUIT[suit];
            let follow_lane = FOLLOW_LANE[m][suit];
            let mut win_key = keys[lead.index()];
            let mut win_seat = leader;
            // The trumps that may be played now, as cards of the trump suit.
            let mut allowed = ALLOWED_TRUMPS_AFTER[m][lead.index()] & trump_lane;
            let mut trick_points = u32::from(points[lead.index()]);
            // One card after the lead: as in `legal_cards`, with the lead known. Following,
            // the suit led and the allowed trumps; void, the plain cards and the allowed
            // trumps, or every card if the hand holds nothing but trumps.
            let mut follow = |seat: usize| {
                let hand = hands[seat];
                let follows = hand & follow_lane != 0;
                let only_trumps = hand & plain == 0;
                let void_mask = (plain | allowed) | all_if(only_trumps);
                let mask = if follows {
                    lead_lane | allowed
                } else {
                    void_mask
                };
                let legal = hand & mask;
                let card = choose(CardSet(legal));
                debug_assert!(legal & (1 << card.index()) != 0);
                hands[seat] = hand & !(1u64 << card.index());
                let key = keys[card.index()];
                let heads = key > win_key;
                win_key = if heads { key } else { win_key };
                win_seat = if heads { seat } else { win_seat };
                allowed = if heads {
                    ALLOWED_TRUMPS_AFTER[m][card.index()] & trump_lane
                } else {
                    allowed
                };
                trick_points += u32::from(points[card.index()]);
            };
            // Written out rather than a loop, so that each count compiles to straight code.
            follow((leader + 1) % N);
            if N > 2 {
                follow((leader + 2) % N);
            }
            if N > 3 {
                follow((leader + 3) % N);
            }
            if N > 4 {
                follow((leader + 4) % N);
            }
            taken[win_seat] += trick_points;
            seat_tricks[win_seat] += 1;
            leader = win_seat;
        }
        taken[leader] += self.last_trick_bonus;
        self.hands = hands.map(CardSet);
        self.leader = leader as u8;
        self.win_seat = leader as u8;
        self.tricks_done = self.tricks_in_deal;
        self.taken = taken;
        self.seat_tricks = seat_tricks;
        self.lead_lane = 0;
        self.follow_lane = 0;
        self.allowed_trumps = CardSet::ALL.0;
    }

    fn end_trick(&mut self) -> TrickEnd {
        let winner = self.win_seat;
        self.tricks_done += 1;
        let bonus = if self.tricks_done == self.tricks_in_deal {
            self.last_trick_bonus
        } else {
            0
        };
        let points = self.trick_points + bonus;
        self.taken[winner as usize] += points;
        self.seat_tricks[winner as usize] += 1;
        self.leader = winner;
        self.trick_len = 0;
        // The next lead may be any card.
        self.lead_lane = 0;
        self.follow_lane = 0;
        self.allowed_trumps = CardSet::ALL.0;
        TrickEnd { winner, points }
    }
}

/// The most tricks of a deal: two seats, eighteen cards each.
pub const MAX_TRICKS: usize = 18;

/// A deal's card play as a game keeps it: the [`TrickPlay`] and every completed trick (its
/// cards, leader, winner and points), for the views and the records. Reads through to the
/// [`TrickPlay`].
#[derive(Copy, Clone, Debug)]
pub struct DealPlay<const N: usize = 4> {
    play: TrickPlay<N>,
    /// The cards of the completed tricks in play order, trick after trick.
    played: [Card; 36],
    /// Of each completed trick: its leader, its winner and its card points (with the last
    /// trick's bonus).
    leaders: [u8; MAX_TRICKS],
    winners: [u8; MAX_TRICKS],
    points: [u16; MAX_TRICKS],
}

impl<const N: usize> std::ops::Deref for DealPlay<N> {
    type Target = TrickPlay<N>;
    fn deref(&self) -> &TrickPlay<N> {
        &self.play
    }
}

impl<const N: usize> DealPlay<N> {
    /// The deal's play from its first card (`play` has no card played yet).
    pub fn new(play: TrickPlay<N>) -> Self {
        debug_assert_eq!(play.tricks_done, 0);
        DealPlay {
            play,
            played: [Card::from_dense(0); 36],
            leaders: [0; MAX_TRICKS],
            winners: [0; MAX_TRICKS],
            points: [0; MAX_TRICKS],
        }
    }

    /// As [`TrickPlay::play`], keeping the completed trick.
    #[inline]
    pub fn play(&mut self, card: Card) -> Option<TrickEnd> {
        let leader = self.play.leader;
        let done = self.play.play(card)?;
        let t = self.play.tricks_done as usize - 1;
        self.played[t * N..t * N + N].copy_from_slice(&self.play.trick);
        self.leaders[t] = leader;
        self.winners[t] = done.winner;
        self.points[t] = done.points as u16;
        Some(done)
    }

    /// As [`TrickPlay::set_mode`].
    pub fn set_mode(&mut self, mode: Mode) {
        self.play.set_mode(mode);
    }

    /// Completed trick `i`: leader, cards in play order, winner, card points (with the
    /// last-trick bonus).
    pub fn completed(&self, i: usize) -> (u8, [Card; N], u8, u32) {
        assert!(
            i < self.play.tricks_done as usize,
            "trick {i} is not complete"
        );
        let cards = std::array::from_fn(|k| self.played[i * N + k]);
        (
            self.leaders[i],
            cards,
            self.winners[i],
            u32::from(self.points[i]),
        )
    }

    /// The cards of the completed tricks in play order.
    pub fn played(&self) -> &[Card] {
        &self.played[..self.play.tricks_done as usize * N]
    }

    /// The cards of completed trick `i` in play order.
    pub fn completed_cards(&self, i: usize) -> &[Card] {
        assert!(
            i < self.play.tricks_done as usize,
            "trick {i} is not complete"
        );
        &self.played[i * N..i * N + N]
    }
}

/// Calls `$e` with `$p` bound to the play inside `$any`, whatever its seat count.
macro_rules! on_any {
    ($any:expr, $p:ident => $e:expr) => {
        match $any {
            Self::Two($p) => $e,
            Self::Three($p) => $e,
            Self::Four($p) => $e,
            Self::Five($p) => $e,
        }
    };
}

/// The `$to` of the same seat count as `$from`, holding `$e` with `$p` bound to the play
/// inside `$from` (one of [`AnyTrickPlay`] and [`AnyDealPlay`] to one of them).
macro_rules! map_any {
    ($from:ident => $to:ident, $any:expr, $p:ident => $e:expr) => {
        match $any {
            $from::Two($p) => $to::Two($e),
            $from::Three($p) => $to::Three($e),
            $from::Four($p) => $to::Four($e),
            $from::Five($p) => $to::Five($e),
        }
    };
}

/// The methods [`AnyTrickPlay`] and [`AnyDealPlay`] share: those of the play inside.
macro_rules! any_seats_methods {
    () => {
        /// How many seats play.
        pub fn seats(&self) -> usize {
            match self {
                Self::Two(_) => 2,
                Self::Three(_) => 3,
                Self::Four(_) => 4,
                Self::Five(_) => 5,
            }
        }

        /// As [`TrickPlay::to_play`].
        #[inline]
        pub fn to_play(&self) -> u8 {
            on_any!(self, p => p.to_play())
        }

        /// As [`TrickPlay::is_over`].
        #[inline]
        pub fn is_over(&self) -> bool {
            on_any!(self, p => p.is_over())
        }

        /// As [`TrickPlay::hand`].
        #[inline]
        pub fn hand(&self, seat: u8) -> CardSet {
            on_any!(self, p => p.hand(seat))
        }

        /// As [`TrickPlay::mode`].
        pub fn mode(&self) -> Mode {
            on_any!(self, p => p.mode())
        }

        /// As [`TrickPlay::rules`].
        pub fn rules(&self) -> TrickRules {
            on_any!(self, p => p.rules())
        }

        /// As [`TrickPlay::leader`].
        #[inline]
        pub fn leader(&self) -> u8 {
            on_any!(self, p => p.leader())
        }

        /// As [`TrickPlay::current`].
        #[inline]
        pub fn current(&self) -> &[Card] {
            on_any!(self, p => p.current())
        }

        /// As [`TrickPlay::heading_seat`].
        pub fn heading_seat(&self) -> u8 {
            on_any!(self, p => p.heading_seat())
        }

        /// As [`TrickPlay::tricks_done`].
        #[inline]
        pub fn tricks_done(&self) -> u8 {
            on_any!(self, p => p.tricks_done())
        }

        /// As [`TrickPlay::tricks_in_deal`].
        pub fn tricks_in_deal(&self) -> u8 {
            on_any!(self, p => p.tricks_in_deal())
        }

        /// Card points taken by `seat`, with the last trick's bonus.
        pub fn taken(&self, seat: u8) -> u32 {
            on_any!(self, p => p.taken()[seat as usize])
        }

        /// Tricks taken by `seat`.
        pub fn seat_tricks(&self, seat: u8) -> u8 {
            on_any!(self, p => p.seat_tricks()[seat as usize])
        }

        /// As [`TrickPlay::legal_cards`].
        #[inline]
        pub fn legal_cards(&self) -> CardSet {
            on_any!(self, p => p.legal_cards())
        }

        /// As [`TrickPlay::check_card`].
        pub fn check_card(&self, seat: u8, card: Card) -> Result<(), IllegalAction> {
            on_any!(self, p => p.check_card(seat, card))
        }

        /// As [`TrickPlay::play`] (and [`DealPlay::play`], which keeps the trick).
        #[inline]
        pub fn play(&mut self, card: Card) -> Option<TrickEnd> {
            on_any!(self, p => p.play(card))
        }

        /// As [`TrickPlay::set_mode`].
        pub fn set_mode(&mut self, mode: Mode) {
            on_any!(self, p => p.set_mode(mode))
        }
    };
}

/// A [`TrickPlay`] of two to five seats, the count known at run time (Handjass's players, the
/// play-outs of sampled worlds): one of the four plays compiled for their count.
#[derive(Copy, Clone, Debug)]
pub enum AnyTrickPlay {
    /// Two seats.
    Two(TrickPlay<2>),
    /// Three seats.
    Three(TrickPlay<3>),
    /// Four seats.
    Four(TrickPlay<4>),
    /// Five seats.
    Five(TrickPlay<5>),
}

impl AnyTrickPlay {
    /// As [`TrickPlay::with_rules`], the seats being `hands.len()` (two to five).
    ///
    /// # Panics
    /// If `hands` holds fewer than two or more than five hands.
    pub fn with_rules(
        hands: &[CardSet],
        mode: Mode,
        points: PointTable,
        rules: TrickRules,
        leader: u8,
    ) -> Self {
        fn of<const N: usize>(
            hands: &[CardSet],
            mode: Mode,
            points: PointTable,
            rules: TrickRules,
            leader: u8,
        ) -> TrickPlay<N> {
            TrickPlay::with_rules(
                std::array::from_fn(|s| hands[s]),
                mode,
                points,
                rules,
                leader,
            )
        }
        match hands.len() {
            2 => Self::Two(of(hands, mode, points, rules, leader)),
            3 => Self::Three(of(hands, mode, points, rules, leader)),
            4 => Self::Four(of(hands, mode, points, rules, leader)),
            5 => Self::Five(of(hands, mode, points, rules, leader)),
            n => panic!("a deal's play has two to five seats, not {n}"),
        }
    }

    /// As [`TrickPlay::with_tricks`].
    pub fn with_tricks(self, tricks: u8) -> Self {
        map_any!(Self => Self, self, p => p.with_tricks(tricks))
    }

    /// As [`TrickPlay::with_last_trick_bonus`].
    pub fn with_last_trick_bonus(self, bonus: u32) -> Self {
        map_any!(Self => Self, self, p => p.with_last_trick_bonus(bonus))
    }

    any_seats_methods!();

    /// As [`TrickPlay::play_out`].
    pub fn play_out(&mut self, choose: impl FnMut(CardSet) -> Card) {
        on_any!(self, p => p.play_out(choose))
    }
}

/// A [`DealPlay`] of two to five seats, the count known at run time (Handjass, Schellenjass).
#[derive(Copy, Clone, Debug)]
pub enum AnyDealPlay {
    /// Two seats.
    Two(DealPlay<2>),
    /// Three seats.
    Three(DealPlay<3>),
    /// Four seats.
    Four(DealPlay<4>),
    /// Five seats.
    Five(DealPlay<5>),
}

impl AnyDealPlay {
    /// The deal's play from its first card (`play` has no card played yet).
    pub fn new(play: AnyTrickPlay) -> Self {
        map_any!(AnyTrickPlay => Self, play, p => DealPlay::new(p))
    }

    any_seats_methods!();

    /// Completed trick `i`: leader, cards in play order, winner, card points (with the
    /// last-trick bonus).
    pub fn completed(&self, i: usize) -> (u8, &[Card], u8, u32) {
        on_any!(self, p => {
            let (leader, _, winner, points) = p.completed(i);
            (leader, p.completed_cards(i), winner, points)
        })
    }

    /// As [`DealPlay::played`].
    pub fn played(&self) -> &[Card] {
        on_any!(self, p => p.played())
    }

    /// The trick play inside, for play-outs from here.
    pub fn trick_play(&self) -> AnyTrickPlay {
        map_any!(Self => AnyTrickPlay, self, p => p.play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{four_hands, HalfDraws, SeededDealer};
    use crate::game::{Game, ToMove};
    use crate::schieber::{
        Contract, FirstForehand, Multipliers, Phase, Schieber, SchieberAction, SchieberOptions,
        WeisOption, MAX_TARGET,
    };
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Random deals played side by side here and through [`Schieber`] (no Weis, no Stöck,
    /// multiplier 1): the same legal cards at every step, the same points and tricks at the end.
    #[test]
    fn agrees_with_the_schieber_state_on_random_deals() {
        let options = SchieberOptions {
            target: MAX_TARGET,
            multipliers: Multipliers::SINGLE,
            weis: WeisOption::None,
            stoeck: false,
            first_forehand: FirstForehand::Seat(0),
            ..SchieberOptions::default()
        };
        let mut dealer = SeededDealer::new(11);
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut draws = HalfDraws::new();
        for i in 0..3000u32 {
            let forehand = (i % 4) as usize;
            let hands = four_hands(&dealer.next_pack(), forehand);
            // A fresh game's first forehand is seat 0: rotate the hands so that seat 0 leads.
            let rotated = std::array::from_fn(|s| hands[(s + forehand) % 4]);
            let mode = Mode::ALL[(i % 6) as usize];
            let eleven = if i % 12 < 6 {
                UndenufeEleven::Ace
            } else {
                UndenufeEleven::Six
            };
            let mut game = Schieber::new(SchieberOptions {
                undenufe_eleven: eleven,
                ..options
            })
            .unwrap();
            game.deal(rotated).unwrap();
            game.apply_unchecked(SchieberAction::Contract {
                contract: Contract::Mode(mode),
            });
            let mut lean = TrickPlay::new(rotated, mode, eleven, 0);
            while game.phase() == Phase::Play {
                let legal = game.legal_cards();
                assert_eq!(game.to_move(), ToMove::Seat(lean.to_play() as usize));
                assert_eq!(lean.legal_cards(), legal);
                let card = legal.nth(draws.below(&mut rng, legal.len()));
                game.play_unchecked(card);
                lean.play(card);
                assert_eq!(lean.hands(), game.hands());
            }
            assert!(lean.is_over());
            let t = game.tally();
            assert_eq!(lean.card_points(), t.card_points);
            assert_eq!(lean.tricks(), t.tricks);
            assert_eq!(lean.points_with_match(), t.score);
        }
    }

    /// `play_out` plays the deal `play` plays card by card with the same choices, from the
    /// first card or from any card of the deal (a trick under way finished first).
    #[test]
    fn play_out_agrees_with_card_by_card_play() {
        let mut dealer = SeededDealer::new(21);
        for i in 0..4000u32 {
            let forehand = (i % 4) as u8;
            let hands = four_hands(&dealer.next_pack(), forehand as usize);
            let mode = Mode::ALL[(i % 6) as usize];
            let eleven = if i % 12 < 6 {
                UndenufeEleven::Ace
            } else {
                UndenufeEleven::Six
            };
            let start = TrickPlay::new(hands, mode, eleven, forehand);
            let mut rng = ChaCha8Rng::seed_from_u64(u64::from(i));
            let mut draws = HalfDraws::new();
            // The choices: a sequence of draws, the same for both.
            let picks: Vec<u32> = (0..36).map(|_| draws.below(&mut rng, 1 << 20)).collect();
            let choose = |legal: CardSet, k: usize| legal.nth(picks[k] % legal.len());
            let mut one = start;
            let mut legal_sets = Vec::new();
            while !one.is_over() {
                let legal = one.legal_cards();
                legal_sets.push(legal);
                one.play(choose(legal, legal_sets.len() - 1));
            }
            // Card by card up to card `from`, then `play_out`.
            let from = (i % 37) as usize;
            let mut other = start;
            for k in 0..from.min(36) {
                other.play(choose(other.legal_cards(), k));
            }
            let mut k = from.min(36);
            other.play_out(|legal| {
                assert_eq!(legal, legal_sets[k], "deal {i}, card {k}");
                let c = choose(legal, k);
                k += 1;
                c
            });
            assert_eq!(k, 36);
            assert!(other.is_over());
            assert_eq!(other.hands(), one.hands());
            assert_eq!(other.card_points(), one.card_points());
            assert_eq!(other.tricks(), one.tricks());
            assert_eq!(other.points_with_match(), one.points_with_match());
            assert_eq!(other.to_play(), one.to_play());
        }
    }

    /// Under every rule set and mode, with the mode changed between tricks as Slalom does: the
    /// legal cards are [`crate::trick::legal_cards`]'s for the trick on the table, and every
    /// completed trick [`DealPlay`] keeps has the winner and points that the trick's cards give.
    #[test]
    fn legal_cards_and_tricks_agree_with_the_trick_rules_under_every_rule_set() {
        use crate::trick::{legal_cards, trick_points, trick_winner};
        let mut dealer = SeededDealer::new(31);
        let mut rng = ChaCha8Rng::seed_from_u64(32);
        let mut draws = HalfDraws::new();
        let rule_sets = [
            TrickRules::Strict,
            TrickRules::Weak,
            TrickRules::Heading,
            TrickRules::MustTrump,
        ];
        for i in 0..3000u32 {
            let rules = rule_sets[(i % 4) as usize];
            let mode = Mode::ALL[(i / 3 % 6) as usize];
            // Every seventh deal alternates Obenabe and Undenufe trick by trick.
            let slalom = i % 7 == 0;
            let first_mode = if slalom { Mode::Obenabe } else { mode };
            let points = PointTable::new(first_mode, UndenufeEleven::Ace);
            let leader = (i % 4) as u8;
            let hands = four_hands(&dealer.next_pack(), leader as usize);
            let mut play = DealPlay::new(TrickPlay::with_rules(
                hands, first_mode, points, rules, leader,
            ));
            let mut taken = [0u32; 4];
            while !play.is_over() {
                let seat = play.to_play();
                let legal = play.legal_cards();
                assert_eq!(
                    legal,
                    legal_cards(play.hand(seat), play.current(), play.mode(), rules),
                    "deal {i}, {rules:?}, {}, trick {:?}",
                    play.mode(),
                    play.current()
                );
                let card = legal.nth(draws.below(&mut rng, legal.len()));
                let trick_mode = play.mode();
                if let Some(end) = play.play(card) {
                    let done = play.tricks_done();
                    let (leader, cards, winner, points_taken) = play.completed(done as usize - 1);
                    assert_eq!(
                        winner,
                        (leader + trick_winner(&cards, trick_mode) as u8) % 4
                    );
                    let bonus = if done == 9 { LAST_TRICK_BONUS } else { 0 };
                    assert_eq!(points_taken, trick_points(&cards, points) + bonus);
                    assert_eq!((end.winner, end.points), (winner, points_taken));
                    assert_eq!(play.leader(), winner);
                    taken[winner as usize] += points_taken;
                    if slalom && done < 9 {
                        play.set_mode(if done % 2 == 1 {
                            Mode::Undenufe
                        } else {
                            Mode::Obenabe
                        });
                    }
                }
            }
            assert_eq!(play.taken(), taken);
            assert_eq!(taken.iter().sum::<u32>(), 157);
        }
    }

    /// Two, three and five seats (and four with fewer tricks and another bonus, as Handjass
    /// deals them), card by card through [`AnyDealPlay`]: the legal cards are
    /// [`crate::trick::legal_cards`]'s, every completed trick has the winner and points its
    /// cards give, the seats' points add up to the cards dealt and the last trick's bonus, and
    /// [`AnyTrickPlay::play_out`] from any card plays the same deal with the same choices.
    #[test]
    fn any_seat_count_plays_by_the_trick_rules() {
        use crate::trick::{legal_cards, trick_points, trick_winner};
        let mut dealer = SeededDealer::new(41);
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let mut draws = HalfDraws::new();
        let rule_sets = [
            TrickRules::Strict,
            TrickRules::Weak,
            TrickRules::Heading,
            TrickRules::MustTrump,
        ];
        for i in 0..4000u32 {
            let seats = [2usize, 3, 4, 5][(i % 4) as usize];
            // Four seats as Handjass deals them when one of five drops: seven cards, bonus 10.
            let (tricks, bonus) = if seats == 4 { (7, 10) } else { (36 / seats, 5) };
            let rules = rule_sets[(i / 4 % 4) as usize];
            let mode = Mode::ALL[(i / 12 % 6) as usize];
            let points = PointTable::new(mode, UndenufeEleven::Ace);
            let pack = dealer.next_pack();
            let hands: Vec<CardSet> = (0..seats)
                .map(|s| pack[s * tricks..(s + 1) * tricks].iter().copied().collect())
                .collect();
            let dealt: CardSet = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
            let leader = (i % seats as u32) as u8;
            let start = AnyTrickPlay::with_rules(&hands, mode, points, rules, leader)
                .with_tricks(tricks as u8)
                .with_last_trick_bonus(bonus);
            assert_eq!(start.seats(), seats);
            let mut play = AnyDealPlay::new(start);
            let mut choices = Vec::new();
            let mut taken = vec![0u32; seats];
            while !play.is_over() {
                let seat = play.to_play();
                let legal = play.legal_cards();
                assert_eq!(
                    legal,
                    legal_cards(play.hand(seat), play.current(), mode, rules),
                    "deal {i}, {seats} seats, {rules:?}, {mode}"
                );
                let card = legal.nth(draws.below(&mut rng, legal.len()));
                choices.push(card);
                if let Some(end) = play.play(card) {
                    let done = play.tricks_done() as usize;
                    let (leader, cards, winner, points_taken) = play.completed(done - 1);
                    assert_eq!(cards.len(), seats);
                    assert_eq!(
                        winner as usize,
                        (leader as usize + trick_winner(cards, mode)) % seats
                    );
                    let last = if done == tricks { bonus } else { 0 };
                    assert_eq!(points_taken, trick_points(cards, points) + last);
                    assert_eq!((end.winner, end.points), (winner, points_taken));
                    taken[winner as usize] += points_taken;
                }
            }
            assert_eq!(play.tricks_done() as usize, tricks);
            assert_eq!(play.played(), &choices[..]);
            for (s, &points_taken) in taken.iter().enumerate() {
                assert_eq!(play.taken(s as u8), points_taken);
                assert!(play.hand(s as u8).is_empty());
            }
            assert_eq!(taken.iter().sum::<u32>(), points.sum(dealt) + bonus);
            // The same choices through play_out, from card `from` on.
            let from = (i as usize / 4) % (choices.len() + 1);
            let mut other = start;
            for &c in &choices[..from] {
                other.play(c);
            }
            let mut k = from;
            other.play_out(|legal| {
                assert!(legal.contains(choices[k]), "deal {i}, card {k}");
                k += 1;
                choices[k - 1]
            });
            assert_eq!(k, choices.len());
            assert!(other.is_over());
            for s in 0..seats as u8 {
                assert_eq!(other.taken(s), play.taken(s));
                assert_eq!(other.seat_tricks(s), play.seat_tricks(s));
            }
        }
    }
}

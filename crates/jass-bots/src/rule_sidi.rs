//! A quick rule-based Sidi Barrani player. Bidding by hand evaluation per denomination (the card
//! points the team can expect with an average partner), loosely after 001's conventions: an opening
//! suit bid of 40, 60, 80 or 100 shows the Under, 50, 70 or 90 a suit without it; partner's suit is
//! raised only with strong support, and overbid in another denomination only with a much stronger
//! hand. It competes over the opponents' bids up to a little above its estimate and doubles when
//! its hand is better than average in their denomination (what their bid did not count on), or
//! when, made, their bid would win them the game (001's last call); the numbers are
//! [`SidiBidding`]. Redoubles rarely, always declares its best Weis, and plays the cards like the
//! Schieber rule player.

use jass_core::schieber::Contract;
use jass_core::sidi::{Sidi, SidiAction, SidiObservation, SidiOptions, SidiPhase};
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, Rank};

use crate::play_common::{partner_first_discard, take_points, PlayView};
use crate::rule_schieber::hand_value;
use crate::sidi_game_end::made_bid_wins_them_the_game;

/// The rule-based Sidi Barrani player.
#[derive(Clone, Debug)]
pub struct RuleSidi {
    options: SidiOptions,
    /// Doubles the opponents' bid when, made, it wins them the game (001's last call).
    last_call: bool,
    /// 001's discard signals, given and read.
    signals: bool,
    /// How boldly it bids and doubles.
    bidding: SidiBidding,
}

/// The numbers of the rule player's auction: how far from the hand's estimate (the card points
/// the team can expect when this seat declares, `team_estimate`) it bids, raises and doubles.
/// Options as data: the rule player and the sampling player's judged auction bid with
/// [`SidiBidding::COMPETITIVE`] by default, [`SidiBidding::CONSERVATIVE`] is the auction of before
/// (`competitive=0` on the command line).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SidiBidding {
    /// A bid (competing over the opponents, raising partner, re-opening) goes at most this far
    /// above the estimate (negative: stays that far below it).
    pub reach: f64,
    /// A seat's first opening bid stays this much further below the estimate than `reach`
    /// allows (it shows the hand; partner and later rounds can go on).
    pub opening_reserve: f64,
    /// Doubles the opponents' bid when the hand takes more than this from an average hand in
    /// their denomination (`support`, what their bid did not count on).
    pub double_support: f64,
    /// Raises partner's bid only with at least this much support in partner's denomination.
    pub raise_support: f64,
    /// Bids its own denomination over partner's only when its estimate is this far above
    /// partner's bid.
    pub overcall_partner: f64,
    /// Doubles no bid below this (001: "A double immediately ends the auction", so a double
    /// of a low bid also ends our side's chance to bid).
    pub double_from: u32,
}

impl SidiBidding {
    /// The rule player's auction (2026-11-24): competes over the opponents' bids up to 12 points
    /// above its estimate, doubles a bid of 90 or more with a little support, hardly raises
    /// partner. Tuned by duplicate deals between rule players (docs/players.md): against the
    /// conservative numbers 56.8% and 57.2% of the points (`jass arena rule rule:competitive=0 -g
    /// sidi-barrani -n 10000`, seeds 1 and 20001); the sampling player of before took 71.7%
    /// against it instead of 79.2%.
    pub const COMPETITIVE: SidiBidding = SidiBidding {
        reach: 12.0,
        opening_reserve: 30.0,
        double_support: 5.0,
        raise_support: 30.0,
        overcall_partner: 30.0,
        double_from: 90,
    };
    /// The rule player's auction before 2026-11-24: bids stay 8 points below the estimate, the
    /// first opening 18, doubles only a bid out of reach (support above 26), raises with support
    /// of 10. The sampling player's judged auction stood on these (with a shift of 25) before
    /// 2026-11-24 too.
    pub const CONSERVATIVE: SidiBidding = SidiBidding {
        reach: -8.0,
        opening_reserve: 10.0,
        double_support: 26.0,
        raise_support: 10.0,
        overcall_partner: 30.0,
        double_from: 60,
    };
}

impl RuleSidi {
    /// A player for a game with these options (bid numbers, doubling, Undenufe's eleven).
    pub fn new(options: SidiOptions) -> Self {
        RuleSidi {
            options,
            last_call: true,
            signals: true,
            bidding: SidiBidding::COMPETITIVE,
        }
    }

    /// The same player with these auction numbers ([`SidiBidding::COMPETITIVE`] by default).
    pub fn with_bidding(mut self, bidding: SidiBidding) -> Self {
        self.bidding = bidding;
        self
    }

    /// Whether a bid of `points` is one its support test (or a judge's own verdict) weighs
    /// doubling at all: from `double_from`, below 257 (which has a test of its own).
    pub(crate) fn weighs_double(&self, points: u32) -> bool {
        (self.bidding.double_from..257).contains(&points)
    }

    /// The same player with 001's last call on or off: double, rather than pass, an opponents'
    /// bid that, made, wins them the game (on by default).
    pub fn with_last_call(mut self, on: bool) -> Self {
        self.last_call = on;
        self
    }

    /// The same player with 001's discard signals on or off (on by default): its first discard
    /// comes from its weakest suit, and it does not lead low into the suit of its partner's first
    /// discard.
    pub fn with_signals(mut self, on: bool) -> Self {
        self.signals = on;
        self
    }

    /// 001's last call: the opponents hold a bid that, made, wins them the game, so a double
    /// costs nothing ([`made_bid_wins_them_the_game`]).
    fn last_call(&self, obs: &SidiObservation) -> bool {
        match obs.bid {
            Some((points, mode, bidder)) if self.last_call && bidder % 2 != obs.seat % 2 => {
                made_bid_wins_them_the_game(
                    &self.options,
                    obs.totals,
                    obs.seat % 2,
                    (points, mode),
                    obs.hand,
                )
            }
            _ => false,
        }
    }
}

/// The hand value an average hand has (what partner's bid assumes of ours).
const AVERAGE_VALUE: f64 = 25.0;

/// The team estimate of a hand of this value (before it is kept within 0..157).
const fn estimate_of(value: f64) -> f64 {
    60.0 + 0.8 * value
}

/// The team estimate of an average hand ([`team_estimate`] at [`AVERAGE_VALUE`]): [`support`] is
/// the estimate above it.
pub(crate) const AVERAGE_ESTIMATE: f64 = estimate_of(AVERAGE_VALUE);

/// The card points (of 157) a team can expect in a denomination with this hand and an average
/// partner, when it declares (and so leads first).
pub fn team_estimate(hand: CardSet, mode: Mode) -> f64 {
    estimate_of(hand_value(hand, Contract::Mode(mode))).clamp(0.0, 157.0)
}

/// What this hand adds to partner's bid in `mode` beyond an average hand (negative: less).
pub fn support(hand: CardSet, mode: Mode) -> f64 {
    0.8 * (hand_value(hand, Contract::Mode(mode)) - AVERAGE_VALUE)
}

/// What the auction and the doubling need to know of a hand: the card points the team can expect
/// when this seat declares a denomination (with an average partner), and what the hand adds to
/// partner's bid in a denomination beyond an average hand (also what it takes from the
/// opponents' bid there).
pub(crate) trait HandJudge {
    /// The team's expected card points (of 157, Match counted) when this seat declares `mode`.
    fn estimate(&self, mode: Mode) -> f64;
    /// What the hand adds to a bid in `mode` beyond an average hand (negative: less).
    fn support(&self, mode: Mode) -> f64;
    /// Whether to double the opponents' bid standing now, if this judge has weighed it itself
    /// (the sampling player's play-outs of the bid); `None`: by the support, as the rule player.
    /// Asked only of a bid the rule player would consider doubling (from `double_from`, below
    /// 257).
    fn doubles(&self) -> Option<bool> {
        None
    }
}

/// The rule player's judge: the hand evaluation ([`team_estimate`], [`support`]).
pub(crate) struct HandEvaluation(pub CardSet);

impl HandJudge for HandEvaluation {
    fn estimate(&self, mode: Mode) -> f64 {
        team_estimate(self.0, mode)
    }
    fn support(&self, mode: Mode) -> f64 {
        support(self.0, mode)
    }
}

/// The denomination with the best estimate, and the estimate.
fn best_by(judge: &dyn HandJudge, options: &SidiOptions) -> (Mode, f64) {
    options
        .denominations()
        .map(|m| (m, judge.estimate(m)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("a denomination")
}

/// The opening number for a suit after 001's convention (even tens with the Under, odd tens
/// without), at most `cap` and at least `min`; `None` if no such number fits.
pub fn conventional_opening(
    hand: CardSet,
    mode: Mode,
    cap: u32,
    options: &SidiOptions,
) -> Option<u32> {
    let legal: Vec<u32> = options.bid_numbers().filter(|&n| n <= cap).collect();
    let top = *legal.last()?;
    let Some(t) = mode.trump() else {
        return Some(top);
    };
    if options.bid_step != 10 || top > 100 {
        return Some(top);
    }
    let has_under = hand.contains(Card::new(t, Rank::Jack));
    let want_even = has_under;
    legal
        .iter()
        .rev()
        .copied()
        .find(|&n| ((n / 10) % 2 == 0) == want_even)
        .or(Some(top))
}

impl RuleSidi {
    fn points(&self, mode: Mode) -> PointTable {
        PointTable::new(mode, self.options.undenufe_eleven)
    }

    /// Would we double the opponents' bid?
    fn should_double(&self, obs: &SidiObservation, judge: &dyn HandJudge) -> bool {
        let Some((points, mode, _)) = obs.bid else {
            return false;
        };
        if points == 257 {
            return judge.support(mode) > -20.0; // all nine tricks are rarely made
        }
        if !self.weighs_double(points) {
            return false;
        }
        if let Some(verdict) = judge.doubles() {
            return verdict;
        }
        // The bid assumed an average hand here: the strength of ours in their denomination
        // (their trumps, aces) is what they lose. Double when that puts them short.
        judge.support(mode) > self.bidding.double_support
    }

    fn auction(
        &self,
        obs: &SidiObservation,
        legal: &[SidiAction],
        judge: &dyn HandJudge,
    ) -> SidiAction {
        let me = obs.seat;
        let partner = (me + 2) % 4;
        let may_double = legal.contains(&SidiAction::Double);
        if may_double && self.should_double(obs, judge) {
            return SidiAction::Double;
        }
        let bids: Vec<(u32, Mode)> = legal
            .iter()
            .filter_map(|a| match a {
                SidiAction::Bid { points, trump } => Some((*points, *trump)),
                _ => None,
            })
            .collect();
        if bids.is_empty() {
            return SidiAction::Pass;
        }
        let lowest = bids.iter().map(|b| b.0).min().expect("bids");
        let b = self.bidding;
        // The highest number a bid may take with an expectation of `e` points.
        let reach = |e: f64| e + b.reach;
        let (mode, est) = best_by(judge, &self.options);
        let number_at_most = |cap: f64| -> Option<u32> {
            bids.iter()
                .map(|b| b.0)
                .filter(|&n| (n as f64) <= cap && n < 157)
                .max()
        };
        // Partner's latest bid, if any.
        let partner_bid = obs.auction.iter().rev().find_map(|(s, a)| match a {
            SidiAction::Bid { points, trump } if *s == partner => Some((*points, *trump)),
            _ => None,
        });
        let my_bids = obs
            .auction
            .iter()
            .filter(|(s, a)| *s == me && matches!(a, SidiAction::Bid { .. }))
            .count();
        match obs.bid {
            Some((_, _, bidder)) if bidder == partner => {
                let (pb, pm) = partner_bid.expect("partner bid");
                // Raise partner's denomination with support.
                let sup = judge.support(pm);
                let raised = pb as f64 + sup;
                if sup >= b.raise_support && lowest as f64 <= reach(raised) {
                    if let Some(n) = number_at_most(reach(raised)) {
                        return SidiAction::Bid {
                            points: n,
                            trump: pm,
                        };
                    }
                }
                // Our own denomination only with a much stronger hand.
                if mode != pm
                    && est >= pb as f64 + b.overcall_partner
                    && lowest as f64 <= reach(est)
                {
                    return SidiAction::Bid {
                        points: lowest,
                        trump: mode,
                    };
                }
                SidiAction::Pass
            }
            Some(_) => {
                // Opponents hold the bid: compete with the cheapest bid that we can still make,
                // counting partner's support when he bid before.
                let (m, e) = match partner_bid {
                    Some((pb, pm))
                        if judge.support(pm) >= 0.0 && pb as f64 + judge.support(pm) > est =>
                    {
                        (pm, pb as f64 + judge.support(pm))
                    }
                    _ => (mode, est),
                };
                if lowest < 157 && lowest as f64 <= reach(e) {
                    return SidiAction::Bid {
                        points: lowest,
                        trump: m,
                    };
                }
                SidiAction::Pass
            }
            None => {
                // Opening (or re-opening after passes): say what the hand is worth, by convention.
                let cap = reach(est) - if my_bids == 0 { b.opening_reserve } else { 0.0 };
                match conventional_opening(obs.hand, mode, cap.max(0.0) as u32, &self.options) {
                    Some(n) if n >= lowest => SidiAction::Bid {
                        points: n,
                        trump: mode,
                    },
                    _ => SidiAction::Pass,
                }
            }
        }
    }

    /// A decision of the auction, the doubling or the redoubling (`None` in the other phases),
    /// with this judge of the hand in place of the hand evaluation.
    pub(crate) fn bid_with(
        &self,
        obs: &SidiObservation,
        legal: &[SidiAction],
        judge: &dyn HandJudge,
    ) -> Option<SidiAction> {
        let chosen = match obs.phase {
            SidiPhase::Auction => self.auction(obs, legal, judge),
            SidiPhase::DoubleAsk => {
                if self.should_double(obs, judge) {
                    SidiAction::Double
                } else {
                    SidiAction::Pass
                }
            }
            SidiPhase::RedoubleAsk => {
                let (points, mode, _) = obs.bid.expect("a bid");
                // Redouble rarely: only when our hand alone promises the bid with room to spare.
                if judge.estimate(mode) >= points as f64 + 30.0 {
                    SidiAction::Redouble
                } else {
                    SidiAction::Pass
                }
            }
            _ => return None,
        };
        // Rather than let a bid that wins the opponents the game stand, double it (a bid of our
        // own, if the hand gave one, is kept: 001 "double them or bid higher ourselves").
        if chosen == SidiAction::Pass && legal.contains(&SidiAction::Double) && self.last_call(obs)
        {
            return Some(SidiAction::Double);
        }
        Some(chosen)
    }

    /// The rule player's card (also the model of the others' play when the sampling player reads
    /// their cards).
    pub(crate) fn play(&self, obs: &SidiObservation, legal: CardSet) -> Card {
        let (_, mode, bidder) = obs.bid.expect("card play has a contract");
        let me = obs.seat;
        let partner = (me + 2) % 4;
        let mut seen = obs.hand | CardSet::from_cards(obs.trick.iter().copied());
        for t in &obs.tricks {
            seen |= CardSet::from_cards(t.cards.iter().copied());
        }
        let view = PlayView {
            seat: me,
            partner: Some(partner),
            hand: obs.hand,
            legal,
            mode,
            points: self.points(mode),
            trick: obs.trick.clone(),
            trick_seats: (0..obs.trick.len())
                .map(|i| ((obs.trick_leader as usize + i) % 4) as u8)
                .collect(),
            after_me: 3 - obs.trick.len(),
            seen,
            we_chose: bidder % 2 == me % 2,
            partner_chose: bidder == partner,
            partner_discard: self
                .signals
                .then(|| partner_first_discard(me, &obs.tricks, obs.trick_leader, &obs.trick, mode))
                .flatten(),
            signal: self.signals,
        };
        take_points(&view)
    }
}

impl Player<Sidi> for RuleSidi {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Sidi>) -> SidiAction {
        let legal = decision.legal.to_vec();
        let obs = decision.observation();
        if let Some(a) = self.bid_with(&obs, &legal, &HandEvaluation(obs.hand)) {
            return a;
        }
        match legal[0] {
            SidiAction::Weis { .. } => *legal.last().expect("legal"),
            SidiAction::Play { .. } => {
                let cards: CardSet = decision.legal.played_cards();
                SidiAction::Play {
                    card: self.play(&obs, cards),
                }
            }
            _ => legal[0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::Suit;

    #[test]
    fn a_strong_trump_hand_bids_its_suit() {
        let hand: CardSet = "HJ H9 HA HK H10 SA SK D6 C7".parse().unwrap();
        let o = SidiOptions::default();
        let (m, est) = best_by(&HandEvaluation(hand), &o);
        assert_eq!(m, Mode::Trump(Suit::H));
        assert!(est > 100.0, "{est}");
    }

    #[test]
    fn the_opening_number_follows_the_under_convention() {
        let o = SidiOptions::default();
        let with: CardSet = "HJ H9 HA HK H10 SA SK D6 C7".parse().unwrap();
        let without: CardSet = "H9 HA HK HQ H10 H8 SA D6 C7".parse().unwrap();
        let h = Mode::Trump(Suit::H);
        assert_eq!(conventional_opening(with, h, 95, &o), Some(80));
        assert_eq!(conventional_opening(without, h, 95, &o), Some(90));
        assert_eq!(conventional_opening(without, h, 35, &o), None);
    }

    /// Seat 2's call after seat 1 opened 110 bells, with the game at these totals (team 0 =
    /// seats 0 and 2, whose hand is weak in bells and everywhere).
    fn call_after_110_bells(totals: [u32; 2], last_call: bool) -> SidiAction {
        let mut s = Sidi::new(SidiOptions::default()).unwrap();
        s.start_at(totals).unwrap();
        let hands = [
            "D7 D8 H6 H8 HA S7 S9 C7 C9",
            "DJ D9 DA DK D10 DQ SA HK HQ",
            "S6 S8 H7 H9 C6 C8 D6 SQ CK",
            "SJ S10 SK H10 HJ C10 CJ CQ CA",
        ]
        .map(|h| h.parse::<CardSet>().unwrap());
        let player = RuleSidi::new(SidiOptions::default()).with_last_call(last_call);
        seat_2_call(s, hands, "bid 110 D", false, player)
    }

    /// Seat 2's call by `player` in `s`, dealt `hands`, after seat 0 passed and seat 1 made
    /// `bid` (e.g. "bid 80 D"): whether to double it, or (`bid_over`) after the opponents of the
    /// bid passed on doubling, its call in the auction.
    fn seat_2_call(
        mut s: Sidi,
        hands: [CardSet; 4],
        bid: &str,
        bid_over: bool,
        mut player: RuleSidi,
    ) -> SidiAction {
        use jass_core::{ActionList, Game};
        s.deal(hands).unwrap();
        for a in ["pass", bid] {
            s.apply(a.parse().unwrap()).unwrap();
        }
        let mut legal = ActionList::new();
        s.legal_actions(&mut legal);
        // After a bid each opponent is asked whether to double it.
        let double_ask = [SidiAction::Pass, SidiAction::Double];
        assert_eq!(legal.to_vec(), double_ask, "seat 2 may double");
        while bid_over && legal.to_vec() == double_ask {
            s.apply(SidiAction::Pass).unwrap();
            s.legal_actions(&mut legal);
        }
        player.act(&Decision::new(&s, 2, &legal))
    }

    #[test]
    fn the_last_call_doubles_a_bid_that_would_win_the_game() {
        // 001: "Suppose we are losing by 1710 points to 1790 and the opponents bid 110 bells. If
        // they make it they are going to win the game. Therefore we must either double them or
        // bid higher ourselves." This hand neither bids nor doubles on its strength.
        assert_eq!(call_after_110_bells([1710, 1790], false), SidiAction::Pass);
        assert_eq!(call_after_110_bells([1710, 1790], true), SidiAction::Double);
        // Earlier in the game the same bid decides nothing: pass.
        assert_eq!(call_after_110_bells([710, 790], true), SidiAction::Pass);
    }

    /// [`seat_2_call`] with `hand` for seat 2, the other hands dealt from the rest of the pack
    /// in order, bidding by `bidding`.
    fn call_after(hand: &str, bid: &str, bid_over: bool, bidding: SidiBidding) -> SidiAction {
        let s = Sidi::new(SidiOptions::default()).unwrap();
        let mine: CardSet = hand.parse().unwrap();
        let mut rest = CardSet::ALL.iter().filter(|c| !mine.contains(*c));
        let mut hands = [CardSet::EMPTY; 4];
        for (seat, h) in hands.iter_mut().enumerate() {
            *h = if seat == 2 {
                mine
            } else {
                rest.by_ref().take(9).collect()
            };
        }
        let player = RuleSidi::new(SidiOptions::default()).with_bidding(bidding);
        seat_2_call(s, hands, bid, bid_over, player)
    }

    #[test]
    fn the_competitive_auction_bids_over_the_opponents_up_to_a_little_above_its_estimate() {
        let hand = "HJ H9 HA HK S6 S7 D6 C7 C8";
        let (mode, est) = best_by(
            &HandEvaluation(hand.parse().unwrap()),
            &SidiOptions::default(),
        );
        assert_eq!(mode, Mode::Trump(jass_core::Suit::H));
        // Over the opponents' bid the next number is `lowest`: within the competitive reach
        // (estimate + 12), beyond the conservative one (estimate - 8).
        let lowest = 110;
        let (competitive, conservative) = (SidiBidding::COMPETITIVE, SidiBidding::CONSERVATIVE);
        assert!(
            (est + conservative.reach..=est + competitive.reach).contains(&(lowest as f64)),
            "estimate {est}"
        );
        let bid = "bid 100 D";
        assert_eq!(
            call_after(hand, bid, true, competitive),
            SidiAction::Bid {
                points: lowest,
                trump: mode
            }
        );
        assert_eq!(call_after(hand, bid, true, conservative), SidiAction::Pass);
        // Far above the estimate the competitive auction passes too.
        assert_eq!(
            call_after(hand, "bid 130 D", true, competitive),
            SidiAction::Pass
        );
    }

    #[test]
    fn the_competitive_auction_doubles_a_high_bid_against_a_little_support() {
        // Diamonds: the Nine, the Ace, the King and the Ten, better than average there, and
        // nothing to bid.
        let hand = "D9 DA DK D10 S6 S7 H6 H7 C6";
        let diamonds = Mode::Trump(jass_core::Suit::D);
        let sup = support(hand.parse().unwrap(), diamonds);
        let (competitive, conservative) = (SidiBidding::COMPETITIVE, SidiBidding::CONSERVATIVE);
        assert!(
            sup > competitive.double_support && sup <= conservative.double_support,
            "support {sup}"
        );
        assert_eq!(
            call_after(hand, "bid 100 D", false, competitive),
            SidiAction::Double
        );
        assert_eq!(
            call_after(hand, "bid 100 D", false, conservative),
            SidiAction::Pass
        );
        // A low bid is left standing: the double would end the auction for our side too.
        assert_eq!(
            call_after(hand, "bid 80 D", false, competitive),
            SidiAction::Pass
        );
    }

    #[test]
    fn support_is_positive_only_for_a_useful_hand() {
        let h = Mode::Trump(Suit::H);
        let good: CardSet = "HJ H7 SA SK DA C6 C7 D8 S9".parse().unwrap();
        let poor: CardSet = "H6 S7 S8 D7 D8 D9 C7 C8 C9".parse().unwrap();
        assert!(support(good, h) > 10.0);
        assert!(support(poor, h) < 0.0);
    }
}

//! The end of a Sidi Barrani game, for the players' judgement near it. 001: "When one or both
//! teams' score reaches 2000 points or more, the team with the higher score are the winners"; on
//! equal totals one more deal is played; "If the losing team has less than 1000 points then the
//! winning team ... win a double game"; and no team can end the game in the middle of a deal
//! ("The last deal of the game must be played out to the end and scored"). So the game can only
//! end with a deal's score, and a deal's score follows from the declarers' card points. The rules
//! are the engine's (`SidiOptions::game_winner`, `is_double_game`, `sidi::deal_score`).

use jass_core::sidi::{deal_score, SidiOptions};
use jass_core::weis::{best_declaration, stoeck_cards, STOECK_POINTS};
use jass_core::{CardSet, Mode};

/// The card points of a deal without Match (with the last trick).
const DEAL_POINTS: u32 = 157;

/// The game's result for `team` after a deal that brings the running totals to `totals`: 2 a
/// double game won, 1 won, 0 the game goes on, -1 lost, -2 a double game lost.
pub fn game_result(options: &SidiOptions, totals: [u32; 2], team: u8) -> i32 {
    let Some(winner) = options.game_winner(totals) else {
        return 0;
    };
    let stake = if options.is_double_game(totals, winner) {
        2
    } else {
        1
    };
    if winner == team & 1 {
        stake
    } else {
        -stake
    }
}

/// What a deal in play can still bring: the totals before it, the contract, and the Weis and
/// Stöck each team scores in it.
#[derive(Copy, Clone, Debug)]
pub struct DealStakes {
    /// The running totals before the deal.
    pub totals: [u32; 2],
    /// The declaring team.
    pub declarers: u8,
    /// The bid.
    pub bid: u32,
    /// 1, 2 (doubled) or 4 (redoubled).
    pub factor: u32,
    /// Weis each team scores in this deal.
    pub weis: [u32; 2],
    /// Stöck each team scores in this deal.
    pub stoeck: [u32; 2],
}

impl DealStakes {
    /// Each team's score of the deal when the declarers end it with `points` card points (tricks,
    /// last trick, Match: 0 to 157, or 257). The defenders take the rest of the 157 (a Match of
    /// the defenders, the declarers without a trick, is counted as 157 for them: the declarers'
    /// points do not tell it from a trick without points). 001: the bid (times the doubling
    /// factor) goes to the declarers if their card points reach it, else to the defenders.
    pub fn deal_scores(&self, points: u32) -> [u32; 2] {
        let d = self.declarers as usize & 1;
        let mut card_points = [0u32; 2];
        card_points[d] = points;
        card_points[1 - d] = DEAL_POINTS.saturating_sub(points);
        deal_score(
            card_points,
            [0, 1].map(|t| self.weis[t] + self.stoeck[t]),
            (self.bid, self.factor, self.declarers),
        )
        .score
    }

    /// The game's result for the declarers (as [`game_result`]) when they end the deal with
    /// `points` card points. It never falls as `points` rise: the least points that make the bid
    /// are the declarers' worst case of a made contract.
    pub fn declarers_result(&self, options: &SidiOptions, points: u32) -> i32 {
        let s = self.deal_scores(points);
        game_result(
            options,
            [self.totals[0] + s[0], self.totals[1] + s[1]],
            self.declarers,
        )
    }
}

/// 001's last call ("Suppose we are losing by 1710 points to 1790 and the opponents bid 110
/// bells. If they make it they are going to win the game. Therefore we must either double them
/// or bid higher ourselves"): true if the opponents' bid, made, wins them the game whatever the
/// rest of the deal, counting for us at most the card points they leave and the Weis and Stöck of
/// our own `hand` (our partner's are unknown). Then a double costs nothing: made, the game is
/// lost either way (a double game depends on our total alone), and broken it brings twice the
/// bid.
pub fn made_bid_wins_them_the_game(
    options: &SidiOptions,
    totals: [u32; 2],
    our_team: u8,
    bid: (u32, Mode),
    hand: CardSet,
) -> bool {
    let (points, mode) = bid;
    let us = our_team as usize & 1;
    let mut weis = [0u32; 2];
    let mut stoeck = [0u32; 2];
    if let Some(rules) = options.weis_rules() {
        weis[us] = best_declaration(hand, mode, &rules).points(mode, &rules);
    }
    if let Some(t) = mode.trump() {
        if options.stoeck && hand.contains_all(stoeck_cards(t)) {
            stoeck[us] = STOECK_POINTS;
        }
    }
    let stakes = DealStakes {
        totals,
        declarers: 1 - us as u8,
        bid: points,
        factor: 1,
        weis,
        stoeck,
    };
    // Made with the least points it takes: the least for them, the most for us.
    stakes.declarers_result(options, points) > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::Suit;

    #[test]
    fn the_higher_total_wins_once_one_reaches_the_target() {
        let o = SidiOptions::default();
        assert_eq!(game_result(&o, [1990, 1500], 0), 0);
        assert_eq!(game_result(&o, [2010, 1500], 0), 1);
        assert_eq!(game_result(&o, [2010, 1500], 1), -1);
        // Both over the target: the higher total.
        assert_eq!(game_result(&o, [2010, 2100], 0), -1);
        // Equal at 2000 or more: one more deal (001).
        assert_eq!(game_result(&o, [2050, 2050], 0), 0);
        // The losers under 1000: a double game.
        assert_eq!(game_result(&o, [2010, 999], 0), 2);
        assert_eq!(game_result(&o, [999, 2010], 0), -2);
        let single = SidiOptions {
            double_game: false,
            ..o
        };
        assert_eq!(game_result(&single, [2010, 999], 0), 1);
    }

    #[test]
    fn a_deal_scores_as_the_engine_does() {
        // 120 bid by team 1, doubled; team 1 takes 118 card points: broken, the defenders get
        // 39 + 240; Weis 50 for team 1 and Stöck for team 0 still count.
        let s = DealStakes {
            totals: [0, 0],
            declarers: 1,
            bid: 120,
            factor: 2,
            weis: [0, 50],
            stoeck: [20, 0],
        };
        assert_eq!(s.deal_scores(118), [39 + 240 + 20, 118 + 50]);
        assert_eq!(s.deal_scores(120), [37 + 20, 120 + 240 + 50]);
        assert_eq!(s.deal_scores(257), [20, 257 + 240 + 50]);
    }

    #[test]
    fn the_result_never_falls_as_the_declarers_take_more() {
        let o = SidiOptions::default();
        for totals in [[1710, 1790], [1900, 1950], [900, 1800], [1990, 1990]] {
            for declarers in 0..2 {
                let s = DealStakes {
                    totals,
                    declarers,
                    bid: 110,
                    factor: 2,
                    weis: [20, 0],
                    stoeck: [0, 20],
                };
                let mut last = i32::MIN;
                for p in (0..=157).chain([257]) {
                    let r = s.declarers_result(&o, p);
                    assert!(r >= last, "{totals:?} {declarers} at {p}");
                    last = r;
                }
            }
        }
    }

    #[test]
    fn the_source_example_calls_for_a_double() {
        // 001: we (team 0) lose 1710 to 1790 and the opponents bid 110 bells: made, they win.
        let o = SidiOptions::default();
        let bells = Mode::Trump(Suit::D);
        let hand: CardSet = "S6 S8 H7 H9 C6 C8 D6 SQ CK".parse().unwrap();
        assert!(made_bid_wins_them_the_game(
            &o,
            [1710, 1790],
            0,
            (110, bells),
            hand
        ));
        // Early in the game the same bid decides nothing.
        assert!(!made_bid_wins_them_the_game(
            &o,
            [710, 790],
            0,
            (110, bells),
            hand
        ));
        // Ahead by enough that their 110 + 110 leaves us in front: no.
        assert!(!made_bid_wins_them_the_game(
            &o,
            [1900, 1700],
            0,
            (110, bells),
            hand
        ));
        // Our own Weis (a four-card sequence, 50) counts for us: at 1900 to 1790 their 2010
        // still beats our 1900 + 47 + 50 = 1997; at 1920 to 1790 our 2017 would not lose.
        let with_weis: CardSet = "S6 S7 S8 S9 C6 C8 D6 SQ CK".parse().unwrap();
        assert!(made_bid_wins_them_the_game(
            &o,
            [1900, 1790],
            0,
            (110, bells),
            with_weis
        ));
        assert!(!made_bid_wins_them_the_game(
            &o,
            [1920, 1790],
            0,
            (110, bells),
            with_weis
        ));
    }
}

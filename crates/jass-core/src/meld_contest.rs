//! The meld contest of the games where nobody declares (Zuger, Bieter, Pandur, Schaggi Haas): the
//! engine finds each hand's melds as dealt and writes what the holder of the best meld may score.
//!
//! 004 "Melds": "Only the holder of the best meld may score for it, but he may also score for any
//! other melds he holds involving entirely different cards, and in a partnership game, his
//! partner also scores for those held by his partner"; the contest as the first trick is played:
//! "The leader declares the value of his best meld … the pecking order is: value, length, height,
//! trump, position".
//!
//! Our reading where a hand can be laid out in more than one way (four Aces or the Ace's
//! sequence): the holder wins with his strongest single meld, and he writes the layout of his hand
//! that counts the most among those that still hold a meld beating every opponent's best, as a
//! player announcing his melds one by one would show (a sequence of five beside four Aces: if the
//! other's best is a sequence of three he shows four Aces and the sequence of four left, 150; if
//! it is another sequence of five he must win with his own, and the Aces without their Ace make
//! nothing, 100).

use crate::cardset::CardSet;
use crate::mode::Mode;
use crate::weis::{each_declaration, Declaration, Weis, WeisRules};

/// The most seats a contest compares (the games play with two to five).
const MAX_SEATS: usize = 5;

/// Who won the melds and what he writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MeldContest {
    /// The seat holding the best single meld.
    pub winner: u8,
    /// That meld.
    pub best: Weis,
    /// What he writes: the layout of his hand that counts the most among those holding a meld
    /// that beats every opponent's best.
    pub written: Declaration,
}

/// For [`meld_contest`] in the games where each plays for himself.
pub fn no_partners(a: u8, b: u8) -> bool {
    a == b
}

/// The meld contest of `hands` (by seat, as dealt), the seats compared in playing order from
/// `first` (on equal melds the earlier wins: 004 "position"). `partners(a, b)` says whether two
/// seats play together: a partner's melds are not beaten, they count with the winner's. `None`
/// if no hand holds a meld.
pub fn meld_contest(
    hands: &[CardSet],
    first: u8,
    mode: Mode,
    rules: &WeisRules,
    partners: impl Fn(u8, u8) -> bool,
) -> Option<MeldContest> {
    // Each hand's best meld and its key, found once (no allocation: the samplers call this for
    // every world).
    debug_assert!(hands.len() <= MAX_SEATS, "at most {MAX_SEATS} seats");
    let n = hands.len().min(MAX_SEATS) as u8;
    let mut bests: [Option<Weis>; MAX_SEATS] = [None; MAX_SEATS];
    let mut keys = [0u32; MAX_SEATS];
    for (s, &h) in hands.iter().enumerate().take(MAX_SEATS) {
        bests[s] = crate::weis::best_meld(h, mode, rules);
        keys[s] = bests[s].map_or(0, |w| w.key(mode, rules));
    }
    // The strongest meld, the earlier seat on equal ones.
    let mut winner: Option<(u32, u8, u8)> = None;
    for i in 0..n {
        let seat = (first + i) % n;
        let k = keys[seat as usize];
        if k > 0 && winner.is_none_or(|(bk, _, _)| k > bk) {
            winner = Some((k, seat, i));
        }
    }
    let (_, winner, place) = winner?;
    let hand = hands[winner as usize];
    let best = bests[winner as usize]?;
    // A meld of his beats an opponent who plays before him only if it is stronger, one who plays
    // after him if it is as strong.
    let (mut above, mut reach) = (0u32, 0u32);
    for i in 0..n {
        let seat = (first + i) % n;
        if seat == winner || partners(winner, seat) {
            continue;
        }
        let k = keys[seat as usize];
        if i < place {
            above = above.max(k);
        } else {
            reach = reach.max(k);
        }
    }
    let beats = |w: Weis| {
        let k = w.key(mode, rules);
        k > above && k >= reach
    };
    let mut written = Declaration::new(&[best]).expect("one meld");
    let mut score = (0u32, 0u32);
    each_declaration(hand, mode, rules, |d| {
        if d.iter().any(beats) {
            let s = (d.points(mode, rules), d.best_key(mode, rules));
            if s > score {
                score = s;
                written = d;
            }
        }
    });
    Some(MeldContest {
        winner,
        best,
        written,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }
    const SMALL: WeisRules = WeisRules {
        four_nines: true,
        ..WeisRules::DEFAULT
    };
    const HEARTS: Mode = Mode::Trump(Suit::H);
    fn contest(hands: &[&str], first: u8) -> Option<(u8, u32, String)> {
        let hands: Vec<CardSet> = hands.iter().map(|h| set(h)).collect();
        meld_contest(&hands, first, HEARTS, &SMALL, no_partners).map(|c| {
            let melds: Vec<String> = c.written.iter().map(|w| w.to_string()).collect();
            (
                c.winner,
                c.written.points(HEARTS, &SMALL),
                melds.join(" / "),
            )
        })
    }

    #[test]
    fn four_aces_beside_a_sequence_of_five_win_against_three_and_lose_to_five() {
        let holder = "D10 DJ DQ DK DA HA SA CA";
        // Against a sequence of three any of his melds wins: four Aces and D10-DK count 150.
        assert_eq!(
            contest(&[holder, "S6 S7 S8"], 0),
            Some((0, 150, "DA HA SA CA / DK DQ DJ D10".to_string()))
        );
        // Against S6-S10 (five, 100) four Aces (four cards) lose; his D10-DA wins by height and
        // the Aces left make no meld: 100, from either seat.
        for first in [0, 1] {
            assert_eq!(
                contest(&[holder, "S6 S7 S8 S9 S10"], first),
                Some((0, 100, "DA DK DQ DJ D10".to_string()))
            );
        }
        // A sequence of six beats all his melds, whoever plays first.
        for first in [0, 1] {
            assert_eq!(
                contest(&["S6 S7 S8 S9 S10 SJ", holder], first),
                Some((0, 100, "SJ S10 S9 S8 S7 S6".to_string()))
            );
        }
    }

    #[test]
    fn equal_melds_go_to_the_earlier_seat_and_partners_do_not_beat_each_other() {
        // Two equal sequences of three (other suits, neither trump): the first from `first`.
        assert_eq!(contest(&["D6 D7 D8", "S6 S7 S8"], 1).map(|c| c.0), Some(1));
        assert_eq!(contest(&["D6 D7 D8", "S6 S7 S8"], 0).map(|c| c.0), Some(0));
        // Seat 0's layouts: four Aces + D10-DK (150) or D10-DA (100). Seat 1 (his partner) holds
        // S6-S10: between partners the 150 stands.
        let hands = [set("D10 DJ DQ DK DA HA SA CA"), set("S6 S7 S8 S9 S10")];
        let c = meld_contest(&hands, 0, HEARTS, &SMALL, |_, _| true).unwrap();
        assert_eq!((c.winner, c.written.points(HEARTS, &SMALL)), (0, 150));
        // Nobody holds a meld.
        assert_eq!(contest(&["D6 D8 DA", "S6 S8 SA"], 0), None);
    }

    #[test]
    fn a_run_of_eight_is_written_split_where_its_five_still_wins() {
        // 003: a sequence of seven "scores no more than a sequence of five (though it beats it)";
        // one of eight "may be regarded as a sequence of five and a sequence of three".
        let eight = "S6 S7 S8 S9 S10 SJ SQ SK";
        // Against a sequence of five the split's five (S9-SK) still wins by height: 100 + 20.
        let c = contest(&[eight, "D6 D7 D8 D9 D10"], 1).unwrap();
        assert_eq!((c.0, c.1), (0, 120));
        // Against a sequence of seven only the eight wins, shown whole: 100.
        let c = contest(&[eight, "D6 D7 D8 D9 D10 DJ DQ"], 1).unwrap();
        assert_eq!(
            (c.0, c.1, c.2.as_str()),
            (0, 100, "SK SQ SJ S10 S9 S8 S7 S6")
        );
    }
}

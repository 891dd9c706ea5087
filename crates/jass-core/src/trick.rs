//! Which cards may be played to a trick, and who wins it. Allocation-free: a legal set is a
//! [`CardSet`], a trick is a slice of cards in the order they were played.

use serde::{Deserialize, Serialize};

use std::fmt;

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::game::IllegalAction;
use crate::mode::{Mode, PointTable};

/// The rule set for following to a trick.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TrickRules {
    /// Positive games (Schieber, Handjass; 003 "stricter undertrumping rule"): follow suit or
    /// trump; on a plain-suit lead nobody may play a trump lower than the highest trump already
    /// in the trick unless holding nothing but trumps. The Puur is never forced by a trump lead.
    #[default]
    Strict,
    /// Negative and mixed games (Differenzler, Hindersi …; 003 "weaker undertrumping rule"): as
    /// strict, but a player with no card of the suit led may play any card, undertrumps included.
    Weak,
    /// The rules of 002 (Parlett's Sackjass): follow suit and head the trick if you can; when void
    /// trump, and overtrump any trump already played; only a player who can do neither plays any
    /// card. There is no Puur exception.
    Heading,
    /// 004's Pandur in its trump Misère: "Players are still required to trump when unable to
    /// follow suit, but are not obliged to overtrump": as strict, but a player with no card of
    /// a plain suit led must play a trump if holding one, any trump, a lower one included.
    MustTrump,
}

/// The cards of `hand` that may be played to `trick` (cards already played, lead first).
///
/// `hand` is the player's whole hand. The result is a subset of `hand` and is never empty when
/// `hand` is not empty.
#[inline]
pub fn legal_cards(hand: CardSet, trick: &[Card], mode: Mode, rules: TrickRules) -> CardSet {
    let Some(&lead) = trick.first() else {
        return hand;
    };
    let winner = trick[trick_winner(trick, mode)];
    legal_cards_after(hand, lead, winner, mode, rules)
}

/// Whether `seat` may play `card` to the cards `trick` of the trick in progress: it must hold it
/// (`hand`) and it must be one of the `legal` cards; the reason if not (`rules` says what
/// governs the trick, e.g. "in Obenabe", for the message).
pub fn check_play(
    seat: u8,
    card: Card,
    hand: CardSet,
    legal: CardSet,
    trick: &[Card],
    rules: fmt::Arguments<'_>,
) -> Result<(), IllegalAction> {
    if !hand.contains(card) {
        return Err(IllegalAction::new(format!(
            "seat {seat} does not hold {card}"
        )));
    }
    if !legal.contains(card) {
        return Err(IllegalAction::new(format!(
            "{card} may not be played to the trick [{}] {rules}: legal are {legal}",
            CardSet::from_cards(trick.iter().copied())
        )));
    }
    Ok(())
}

/// As [`legal_cards`], for a trick that has begun with `lead` and is currently won by `winner`
/// (the caller keeps track of it). On a plain-suit lead the winner, if a trump, is the highest
/// trump in the trick.
#[inline]
pub fn legal_cards_after(
    hand: CardSet,
    lead: Card,
    winner: Card,
    mode: Mode,
    rules: TrickRules,
) -> CardSet {
    if rules == TrickRules::Heading {
        return heading_legal(hand, lead, winner, mode);
    }
    let ls = lead.suit();
    let follow = hand.of_suit(ls);
    let Some(t) = mode.trump() else {
        // No trump: follow suit if you can, else anything.
        return if follow.is_empty() { hand } else { follow };
    };
    let trumps = hand.of_suit(t);
    if ls == t {
        // 003: "If trumps are led, you must follow suit with a trump if you can, except when the
        // only trump in your hand is the Under (Puur), in which case you may play anything."
        let puur = CardSet::single(Card::new(t, Rank::Jack));
        return if trumps.is_empty() || trumps == puur {
            hand
        } else {
            trumps
        };
    }
    // A plain suit was led. Trumps that may be played: those above the highest trump in the
    // trick (003: "not allowed to play a lower trump"; 001: "a trump that is not the highest
    // card in the trick"), all of them when no trump has been played yet.
    let allowed_trumps = if winner.suit() == t {
        trumps & mode.trumps_above(winner)
    } else {
        trumps
    };
    if !follow.is_empty() {
        return follow | allowed_trumps;
    }
    match rules {
        // Weak rule: "unless you have no cards of the suit led, in which case you may play any card".
        TrickRules::Weak => hand,
        // Pandur's trump Misère: a trump when void, any of them.
        TrickRules::MustTrump if !trumps.is_empty() => trumps,
        TrickRules::MustTrump => hand,
        // Strict rule: undertrumping only with nothing but trumps in hand.
        _ => {
            if trumps == hand {
                hand
            } else {
                (hand - trumps) | allowed_trumps
            }
        }
    }
}

/// 002: "You must follow suit to the card led, and you must try to win the trick by playing a
/// higher card. If you can't follow suit, then you must trump in; and you must play a higher trump
/// than any previously played. If you can't follow suit, and you can't trump in, only then can you
/// play any card." A void player whose trumps are all lower than one in the trick cannot trump in
/// and so may play any card (our reading; the text is silent on that case).
fn heading_legal(hand: CardSet, lead: Card, winner: Card, mode: Mode) -> CardSet {
    let ls = lead.suit();
    let follow = hand.of_suit(ls);
    let trump = mode.trump();
    let winner_is_trump = trump == Some(winner.suit());
    if !follow.is_empty() {
        // Head the trick with a card of the suit led when that can win it.
        if winner.suit() == ls {
            let higher = follow & mode.beaters_in_suit(winner);
            if !higher.is_empty() {
                return higher;
            }
        }
        return follow;
    }
    let Some(t) = trump else {
        return hand;
    };
    let trumps = hand.of_suit(t);
    let higher = if winner_is_trump {
        trumps & mode.trumps_above(winner)
    } else {
        trumps
    };
    if higher.is_empty() {
        hand
    } else {
        higher
    }
}

/// The mode once `card` is played to `trick` (lead first) in `mode`, in a game whose deal starts
/// in `unset` without trump until the first card that does not follow suit makes its suit trump
/// (Mittlere; 004: "First card to break suit sets trump"); that card is a trump in its own trick
/// already. Any other card, or a trump already set, leaves `mode` as it is.
pub fn mode_after_card(unset: Mode, mode: Mode, trick: &[Card], card: Card) -> Mode {
    match trick.first() {
        Some(lead) if mode == unset && card.suit() != lead.suit() => Mode::Trump(card.suit()),
        _ => mode,
    }
}

/// Index (0-based, in play order) of the card that wins a complete or partial trick.
#[inline]
pub fn trick_winner(trick: &[Card], mode: Mode) -> usize {
    let lead = trick[0].suit();
    let mut best = 0;
    let mut key = mode.trick_key(trick[0], lead);
    for (i, &c) in trick.iter().enumerate().skip(1) {
        let k = mode.trick_key(c, lead);
        if k > key {
            key = k;
            best = i;
        }
    }
    best
}

/// Card points of the cards in a trick (without the last-trick bonus).
#[inline]
pub fn trick_points(trick: &[Card], points: PointTable) -> u32 {
    trick.iter().map(|&c| points.card(c)).sum()
}

/// The suit of the card led, if the trick has begun.
pub fn lead_suit(trick: &[Card]) -> Option<Suit> {
    trick.first().map(|c| c.suit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }
    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }
    const HEARTS: Mode = Mode::Trump(Suit::H);

    #[test]
    fn trump_lead_forces_trumps_but_never_the_puur_alone() {
        let t = cards("H6");
        assert_eq!(
            legal_cards(set("HA S7 D9"), &t, HEARTS, TrickRules::Strict),
            set("HA")
        );
        // 003: the only trump is the Under: "you may play anything".
        assert_eq!(
            legal_cards(set("HJ S7 D9"), &t, HEARTS, TrickRules::Strict),
            set("HJ S7 D9")
        );
        // The Puur with another trump: trumps must be followed, either may go.
        assert_eq!(
            legal_cards(set("HJ H7 D9"), &t, HEARTS, TrickRules::Strict),
            set("HJ H7")
        );
    }

    #[test]
    fn plain_lead_follow_or_trump() {
        let t = cards("S6");
        assert_eq!(
            legal_cards(set("SA H7 D9"), &t, HEARTS, TrickRules::Strict),
            set("SA H7")
        );
        assert_eq!(
            legal_cards(set("C8 H7 D9"), &t, HEARTS, TrickRules::Strict),
            set("C8 H7 D9")
        );
    }

    #[test]
    fn strict_no_undertrumping_unless_only_trumps() {
        // S led, someone trumped with the H ace.
        let t = cards("S6 HA");
        // Can follow: S or an overtrump (HJ, H9), never H7.
        assert_eq!(
            legal_cards(set("S8 H7 H9 D9"), &t, HEARTS, TrickRules::Strict),
            set("S8 H9")
        );
        // Void in spades: anything but a lower trump.
        assert_eq!(
            legal_cards(set("D9 H7 HJ"), &t, HEARTS, TrickRules::Strict),
            set("D9 HJ")
        );
        // Nothing but trumps: any trump, undertrump included.
        assert_eq!(
            legal_cards(set("H7 H8"), &t, HEARTS, TrickRules::Strict),
            set("H7 H8")
        );
        // Weak rule: void in the suit led, so any card.
        assert_eq!(
            legal_cards(set("D9 H7 HJ"), &t, HEARTS, TrickRules::Weak),
            set("D9 H7 HJ")
        );
        // Weak rule still forbids the undertrump to a player who can follow.
        assert_eq!(
            legal_cards(set("S8 H7 D9"), &t, HEARTS, TrickRules::Weak),
            set("S8")
        );
    }

    #[test]
    fn undertrumping_is_judged_against_the_highest_trump_in_the_trick() {
        // 001/003: the highest trump; jass-kit differs here (see tools/jasskit/README.md).
        let t = cards("S6 H9 H7");
        assert_eq!(
            legal_cards(set("S8 H8 HJ"), &t, HEARTS, TrickRules::Strict),
            set("S8 HJ")
        );
    }

    #[test]
    fn no_trump_modes_follow_suit() {
        let t = cards("S6");
        for m in [Mode::Obenabe, Mode::Undenufe] {
            assert_eq!(
                legal_cards(set("SA H7"), &t, m, TrickRules::Strict),
                set("SA")
            );
            assert_eq!(
                legal_cards(set("CA H7"), &t, m, TrickRules::Strict),
                set("CA H7")
            );
        }
    }

    #[test]
    fn heading_rules_of_002() {
        let t = cards("S9");
        assert_eq!(
            legal_cards(set("S6 SK H7"), &t, HEARTS, TrickRules::Heading),
            set("SK")
        );
        assert_eq!(
            legal_cards(set("S6 S7 H7"), &t, HEARTS, TrickRules::Heading),
            set("S6 S7")
        );
        // Void: must trump, and overtrump.
        assert_eq!(
            legal_cards(
                set("C6 H7 HJ"),
                &cards("S9 H8"),
                HEARTS,
                TrickRules::Heading
            ),
            set("HJ")
        );
        assert_eq!(
            legal_cards(set("C6 H7 HA"), &t, HEARTS, TrickRules::Heading),
            set("H7 HA")
        );
        // Trump lead: no Puur exception.
        assert_eq!(
            legal_cards(set("C6 HJ"), &cards("H6"), HEARTS, TrickRules::Heading),
            set("HJ")
        );
    }

    #[test]
    fn winners() {
        assert_eq!(trick_winner(&cards("S6 SA H6 S10"), HEARTS), 2);
        assert_eq!(trick_winner(&cards("S6 SA H6 HJ"), HEARTS), 3);
        assert_eq!(trick_winner(&cards("S6 CA D6 S7"), HEARTS), 3);
        assert_eq!(trick_winner(&cards("S6 CA D6 S7"), Mode::Undenufe), 0);
        assert_eq!(trick_winner(&cards("SA S6 D6 S7"), Mode::Obenabe), 0);
        assert_eq!(trick_winner(&cards("H9 HA HK HJ"), HEARTS), 3);
    }
}

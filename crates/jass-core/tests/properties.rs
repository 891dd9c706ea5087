//! Property tests: the fast legal-card generator against a slow, literal reading of 003's trick
//! rules; notation round trips; seeded dealing.

use jass_core::deal::{four_hands, shuffled_pack};
use jass_core::trick::{legal_cards, trick_winner};
use jass_core::{Card, CardSet, Mode, Rank, TrickRules};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// 003, sentence by sentence, for one card.
fn literally_legal(
    hand: CardSet,
    trick: &[Card],
    mode: Mode,
    rules: TrickRules,
    card: Card,
) -> bool {
    if !hand.contains(card) {
        return false;
    }
    let Some(lead) = trick.first() else {
        return true;
    }; // "Any card may be led to a trick."
    let has_suit = hand.iter().any(|c| c.suit() == lead.suit());
    let Some(t) = mode.trump() else {
        // No trump: "obliged to follow suit when they can do so".
        return !has_suit || card.suit() == lead.suit();
    };
    let is_trump = |c: Card| c.suit() == t;
    if lead.suit() == t {
        // "If trumps are led, you must follow suit with a trump if you can, except when the only
        // trump in your hand is the Under (Puur), in which case you may play anything."
        let trumps: Vec<Card> = hand.iter().filter(|&c| is_trump(c)).collect();
        let only_puur = trumps.len() == 1 && trumps[0].rank() == Rank::Jack;
        return trumps.is_empty() || only_puur || is_trump(card);
    }
    // Plain lead: "either follow suit or play a trump, subject to the undertrumping rule".
    if has_suit && card.suit() != lead.suit() && !is_trump(card) {
        return false;
    }
    // 004's Pandur, trump Misère: "Players are still required to trump when unable to follow
    // suit".
    if rules == TrickRules::MustTrump && !has_suit && hand.iter().any(is_trump) && !is_trump(card) {
        return false;
    }
    // Undertrumping: a trump lower than a trump already played.
    let highest = trick[1..]
        .iter()
        .filter(|&&c| is_trump(c))
        .max_by_key(|&&c| mode.strength(c));
    let undertrump =
        matches!(highest, Some(&h) if is_trump(card) && mode.strength(card) < mode.strength(h));
    if !undertrump {
        return true;
    }
    match rules {
        // "unless you have nothing but trumps left in your hand"
        TrickRules::Strict => hand.iter().all(is_trump),
        // "unless you have no cards of the suit led, in which case you may play any card"
        TrickRules::Weak => !has_suit,
        // "but are not obliged to overtrump": void, any trump.
        TrickRules::MustTrump => !has_suit,
        TrickRules::Heading => unreachable!(),
    }
}

/// A position met in random play: a hand, the trick so far, the mode.
fn position(seed: u64, cards_played: usize, mode_i: usize) -> (CardSet, Vec<Card>, Mode) {
    let mode = Mode::ALL[mode_i % 6];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut hands = four_hands(&shuffled_pack(&mut rng), 0);
    let mut leader = 0;
    let mut trick = Vec::new();
    for k in 0..cards_played {
        if k % 4 == 0 {
            trick.clear();
        }
        let seat = (leader + trick.len()) % 4;
        let legal = legal_cards(hands[seat], &trick, mode, TrickRules::Strict);
        let c = legal.nth((seed as u32 ^ k as u32).wrapping_mul(2654435761) % legal.len());
        hands[seat].remove(c);
        trick.push(c);
        if trick.len() == 4 {
            leader = (leader + trick_winner(&trick, mode)) % 4;
        }
    }
    if trick.len() == 4 {
        trick.clear();
    }
    let seat = (leader + trick.len()) % 4;
    (hands[seat], trick, mode)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn legal_cards_follow_the_text(seed in any::<u64>(), played in 0usize..35, mode_i in 0usize..6) {
        let (hand, trick, mode) = position(seed, played, mode_i);
        for rules in [TrickRules::Strict, TrickRules::Weak, TrickRules::MustTrump] {
            let fast = legal_cards(hand, &trick, mode, rules);
            prop_assert!(hand.contains_all(fast));
            prop_assert!(!fast.is_empty() || hand.is_empty());
            for c in hand {
                prop_assert_eq!(fast.contains(c), literally_legal(hand, &trick, mode, rules, c),
                    "{} with hand {} on trick {:?} in {} ({:?})", c, hand, trick, mode, rules);
            }
        }
    }

    #[test]
    fn card_sets_round_trip(bits in any::<u64>()) {
        let set = CardSet(bits) & CardSet::ALL;
        prop_assert_eq!(set.to_string().parse::<CardSet>().unwrap(), set);
        let json = serde_json::to_string(&set).unwrap();
        prop_assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
    }

    #[test]
    fn seeded_deals_partition_the_pack(seed in any::<u64>(), forehand in 0usize..4) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let hands = four_hands(&shuffled_pack(&mut rng), forehand);
        let mut all = CardSet::EMPTY;
        for h in hands {
            prop_assert_eq!(h.len(), 9);
            prop_assert!((all & h).is_empty());
            all |= h;
        }
        prop_assert_eq!(all, CardSet::ALL);
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(s in "\\PC{0,12}") {
        let _ = s.parse::<Card>();
        let _ = s.parse::<CardSet>();
        let _ = s.parse::<Mode>();
        let _ = s.parse::<jass_core::schieber::SchieberAction>();
    }
}

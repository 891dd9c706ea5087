//! A quick rule-based Differenzler player. The announcement estimates the points the hand will
//! take (trump strength, aces, length; Stöck and Weis when they count); forehand, when he names the
//! trump, picks the mode his hand is strongest in (a strong hand is the easiest to predict). The
//! card play aims at the announcement: it takes points while it is short of the target, ducks once
//! it has enough (the weak undertrumping rule lets a void player discard anything, undertrumps
//! included), and when last to a trick takes it only if that brings it closer to the target.

use jass_core::differenzler::{
    Differenzler, DifferenzlerAction, DifferenzlerObservation, DifferenzlerOptions,
    DifferenzlerPhase,
};
use jass_core::schieber::Contract;
use jass_core::weis::best_declaration;
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, Rank};

use crate::play_common::{dearest_by_strength, duck, take_points, PlayView};
use crate::rule_schieber::hand_value;

/// The rule-based Differenzler player.
#[derive(Clone, Debug)]
pub struct RuleDifferenzler {
    options: DifferenzlerOptions,
}

impl RuleDifferenzler {
    /// A player for a game with these options (Weis, Stöck, Undenufe's eleven).
    pub fn new(options: DifferenzlerOptions) -> Self {
        RuleDifferenzler { options }
    }
}

/// The card points (of 157) one player can expect to take with this hand in a four-player
/// free-for-all, from the Schieber hand value (calibrated on rule-player self-play).
pub fn card_points_estimate(hand: CardSet, mode: Mode) -> f64 {
    (12.5 + 1.16 * hand_value(hand, Contract::Mode(mode))).clamp(0.0, 157.0)
}

/// Stöck held (20 when the option counts it).
fn stoeck(hand: CardSet, mode: Mode, options: &DifferenzlerOptions) -> u32 {
    match mode.trump() {
        Some(t)
            if options.stoeck
                && hand.contains(Card::new(t, Rank::King))
                && hand.contains(Card::new(t, Rank::Queen)) =>
        {
            20
        }
        _ => 0,
    }
}

/// Added to the expected points in the announcement (negative: it stays below them). The card
/// play can duck once the announcement is reached more easily than it can take points it lacks,
/// so against rule and sampling players the penalty is smallest a little below the mean
/// (measured by duplicate deals, docs/players.md).
pub const ANNOUNCE_SHIFT: f64 = -5.0;

/// The announcement for a hand: the card points expected, plus Stöck, plus half the hand's Weis
/// (it counts only if it is the best at the table), plus [`ANNOUNCE_SHIFT`].
pub fn announcement(hand: CardSet, mode: Mode, options: &DifferenzlerOptions) -> u32 {
    let mut est =
        card_points_estimate(hand, mode) + stoeck(hand, mode, options) as f64 + ANNOUNCE_SHIFT;
    if let Some(rules) = options.weis_rules() {
        est += 0.5 * best_declaration(hand, mode, &rules).points(mode, &rules) as f64;
    }
    est.round().clamp(0.0, 157.0) as u32
}

impl RuleDifferenzler {
    fn play(&self, obs: &DifferenzlerObservation, legal: CardSet) -> Card {
        let mode = obs.trump.expect("card play has a trump");
        let points = PointTable::new(mode, self.options.undenufe_eleven);
        let mut seen = obs.hand | CardSet::from_cards(obs.trick.iter().copied());
        for t in &obs.tricks {
            seen |= CardSet::from_cards(t.cards.iter().copied());
        }
        let view = PlayView {
            seat: obs.seat,
            partner: None,
            hand: obs.hand,
            legal,
            mode,
            points,
            trick: obs.trick.clone(),
            trick_seats: (0..obs.trick.len())
                .map(|i| ((obs.trick_leader as usize + i) % 4) as u8)
                .collect(),
            after_me: 3 - obs.trick.len(),
            seen,
            we_chose: false,
            partner_chose: false,
            partner_discard: None,
            signal: false,
        };
        differenzler_card(&view, need(obs, &self.options))
    }
}

/// The points the seat of `obs` still needs to reach its announcement in the card play
/// (negative: it has too many): its announcement less the card points it took, its Weis and
/// Stöck scored, and Stöck it holds still to score.
pub(crate) fn need(obs: &DifferenzlerObservation, options: &DifferenzlerOptions) -> i32 {
    let me = obs.seat as usize;
    let t = &obs.deal_tally;
    let held = match (obs.trump, t.stoeck[me]) {
        (Some(mode), 0) => stoeck(obs.hand, mode, options),
        _ => 0,
    };
    let have = t.card_points[me] + t.weis[me] + t.stoeck[me] + held;
    obs.announcements[me].unwrap_or(0) as i32 - have as i32
}

/// The card play aimed at the announcement, for a seat that still needs `need` points (negative:
/// it has too many already): take points while well short, duck when there, and when last to a
/// trick take it only if that brings the seat closer. Also the rollout policy of the sampling
/// player.
pub(crate) fn differenzler_card(view: &PlayView, need: i32) -> Card {
    let mode = view.mode;
    let legal = view.legal;
    let bonus = if view.last_trick() { 5 } else { 0 };
    if view.after_me == 0 && !view.trick.is_empty() {
        // Last to the trick: its value is known. Take it only if that brings us closer.
        let winners = view.winners();
        let losers = legal - winners;
        let best_take = winners.iter().min_by_key(|&c| {
            let gain = view.trick_value() + view.value(c) + bonus;
            ((need - gain).abs(), -(mode.strength(c) as i32))
        });
        let take_err =
            best_take.map(|c| (need - (view.trick_value() + view.value(c) + bonus)).abs());
        // Losing leaves the need open for the tricks to come (they can still fill it).
        let lose_err = if view.last_trick() || need <= 0 {
            need.abs()
        } else {
            need.abs() / 2
        };
        return match (best_take, take_err) {
            (Some(c), Some(e)) if losers.is_empty() || e < lose_err => c,
            _ => dearest_by_strength(losers, mode),
        };
    }
    if need >= 12 {
        take_points(view)
    } else if need <= 3 {
        duck(view)
    } else {
        // Close to the target: take only cheap tricks.
        if view.trick.is_empty() {
            let cheap_bocks: CardSet = legal
                .iter()
                .filter(|&c| view.is_bock(c) && view.value(c) <= need)
                .collect();
            if !cheap_bocks.is_empty() {
                return view.dearest(cheap_bocks);
            }
            return duck(view);
        }
        if view.trick_value() + 4 <= need {
            take_points(view)
        } else {
            duck(view)
        }
    }
}

impl Player<Differenzler> for RuleDifferenzler {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Differenzler>) -> DifferenzlerAction {
        let legal = decision.legal.to_vec();
        let obs = decision.observation();
        match obs.phase {
            DifferenzlerPhase::Trump => {
                let best = legal
                    .iter()
                    .filter_map(|a| match a {
                        DifferenzlerAction::Trump { trump } => Some(*trump),
                        _ => None,
                    })
                    .max_by(|a, b| {
                        hand_value(obs.hand, Contract::Mode(*a))
                            .total_cmp(&hand_value(obs.hand, Contract::Mode(*b)))
                    })
                    .expect("a trump");
                DifferenzlerAction::Trump { trump: best }
            }
            DifferenzlerPhase::Announce => {
                let mode = obs
                    .trump
                    .expect("the trump is known before the announcements");
                let points = announcement(obs.hand, mode, &self.options);
                let a = DifferenzlerAction::Announce { points };
                if legal.contains(&a) {
                    a
                } else {
                    legal[0]
                }
            }
            _ => match legal[0] {
                DifferenzlerAction::Weis { .. } => *legal.last().expect("legal"),
                DifferenzlerAction::Play { .. } => {
                    let cards: CardSet = decision.legal.played_cards();
                    DifferenzlerAction::Play {
                        card: self.play(&obs, cards),
                    }
                }
                _ => legal[0],
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::Suit;

    #[test]
    fn a_strong_hand_announces_more_than_a_weak_one() {
        let o = DifferenzlerOptions::default();
        let h = Mode::Trump(Suit::H);
        let strong: CardSet = "HJ H9 HA HK H10 SA SK D6 C7".parse().unwrap();
        let weak: CardSet = "H6 H7 SQ S9 D6 D8 C7 C9 C10".parse().unwrap();
        let (a, b) = (announcement(strong, h, &o), announcement(weak, h, &o));
        assert!(a > b + 25, "{a} vs {b}");
        assert!(b < 30);
    }

    #[test]
    fn stoeck_counts_only_with_the_option() {
        let h = Mode::Trump(Suit::H);
        let hand: CardSet = "HK HQ S6 S7 D6 D7 C6 C7 C8".parse().unwrap();
        let off = DifferenzlerOptions::default();
        let on = DifferenzlerOptions {
            stoeck: true,
            ..off
        };
        assert_eq!(announcement(hand, h, &on), announcement(hand, h, &off) + 20);
    }
}

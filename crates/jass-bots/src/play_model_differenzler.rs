//! A learned model of how Differenzler players choose their cards (issue 42: the Schieber
//! method in Differenzler). It is the Schieber play model's conditional logit
//! ([`crate::play_model`]) with what Differenzler adds: each seat plays for itself (no partner's
//! trick), and what a card is worth depends on how far the seat is from its announcement. So the
//! same features of a card within its kind of play have their own weights in each of three zones
//! of the points still needed (as the rule player's card play has: 12 or more, 4 to 11, 3 or
//! fewer, [`crate::rule_differenzler`]), and a few features say how taking the trick would move
//! the seat towards its announcement.
//!
//! The weights are fitted to the sampling Differenzler players' own cards (`jass train
//! play-model --game differenzler`, [`crate::play_model_train`]) and shipped in
//! `play_model_differenzler_weights.rs`. The sampling Differenzler player's reading of the
//! others' cards (setting `belief`) weighs a world by how likely this model finds their cards.

use jass_core::trick::trick_points;
use jass_core::Card;

use crate::play_model::{
    Context, ExtendedPlayModel, ExtendedSituation, PlaySituation, SparseCard, FEATURES, KINDS,
};

/// Zones of the points still needed, each with its own weights.
const ZONES: usize = 3;
/// Features of a card beyond its kind of play's, per kind.
const EXTRA: usize = 4;
/// Features of one legal card.
pub const DIFFERENZLER_FEATURES: usize = ZONES * FEATURES + KINDS * EXTRA;

/// One Differenzler card decision as the player saw it.
#[derive(Copy, Clone, Debug)]
pub struct DifferenzlerSituation<'a> {
    /// The card play as for Schieber (`partners` and `choosers` false).
    pub play: PlaySituation<'a>,
    /// The points the seat still needs to reach its announcement (negative: it has too many).
    pub need: i32,
}

/// The zone of `need`: 0 for 12 or more, 1 for 4 to 11, 2 for 3 or fewer (the rule player's
/// take, take cheaply and duck).
fn zone(need: i32) -> usize {
    if need >= 12 {
        0
    } else if need > 3 {
        1
    } else {
        2
    }
}

impl ExtendedSituation<DIFFERENZLER_FEATURES, EXTRA> for DifferenzlerSituation<'_> {
    fn play(&self) -> &PlaySituation<'_> {
        &self.play
    }

    fn sparse(&self, cx: &Context, card: Card) -> SparseCard<EXTRA> {
        let s = self;
        let pts = s.play.points.card(card) as i32;
        let need = s.need.clamp(-60, 90) as f32 / 30.0;
        let last_card = s.play.trick.len() == 3;
        // Taking the trick as its last card: how far from the announcement that leaves the
        // seat, the last trick's 5 included (the rule player's measure when it plays last).
        let gain = trick_points(s.play.trick, s.play.points) as i32
            + pts
            + if s.play.tricks_done == 8 { 5 } else { 0 };
        let zones = (zone(s.need), ZONES);
        SparseCard::new(&s.play, cx, card, zones, |facts| {
            let w = facts.wins as u8 as f32;
            [
                w * need,
                pts as f32 / 10.0 * need,
                w * last_card as u8 as f32 * (s.need - gain).abs().min(90) as f32 / 30.0,
                (1.0 - w) * last_card as u8 as f32 * s.need.abs().min(90) as f32 / 30.0,
            ]
        })
    }
}

/// A conditional logit over the legal cards of a Differenzler decision.
pub type DifferenzlerPlayModel = ExtendedPlayModel<DIFFERENZLER_FEATURES>;

/// The model shipped with the player (fitted by `jass train play-model --game differenzler`).
pub const fn builtin() -> DifferenzlerPlayModel {
    ExtendedPlayModel {
        weights: crate::play_model_differenzler_weights::WEIGHTS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play_model::{extended_features, PER_KIND};
    use jass_core::{CardSet, Mode, PointTable, Suit, UndenufeEleven};

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    fn situation<'a>(trick: &'a [Card], need: i32) -> DifferenzlerSituation<'a> {
        let mode = Mode::Trump(Suit::H);
        DifferenzlerSituation {
            play: PlaySituation {
                seat: 3,
                hand: set("SA S6 HJ H7 D9"),
                legal: set("SA S6 HJ H7"),
                leader: 0,
                trick,
                gone: set("S10 SK SQ D6 D7 D8 DA C6 C7"),
                mode,
                points: PointTable::new(mode, UndenufeEleven::Ace),
                choosers: false,
                partners: false,
                tricks_done: 1,
                seats: 4,
            },
            need,
        }
    }

    /// The probabilities add up to one; the sparse score is the dense features' weighted sum;
    /// the zone and the extra features follow the points needed.
    #[test]
    fn features_and_probabilities() {
        let trick: Vec<Card> = ["S10", "SK", "SQ"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let mut weights = [0f32; DIFFERENZLER_FEATURES];
        for (i, w) in weights.iter_mut().enumerate() {
            *w = ((i * 37) % 11) as f32 / 5.0 - 1.0;
        }
        let model = DifferenzlerPlayModel { weights };
        for need in [40, 8, -5] {
            let s = situation(&trick, need);
            let total: f64 = s
                .play
                .legal
                .iter()
                .map(|c| model.log_prob(&s, c).exp())
                .sum();
            assert!((total - 1.0).abs() < 1e-5, "{total}");
            for c in s.play.legal {
                let mut f = [0f32; DIFFERENZLER_FEATURES];
                extended_features(&s, c, &mut f);
                let dense: f32 = weights.iter().zip(&f).map(|(w, x)| w * x).sum();
                let sparse_score = model.score(&s, c);
                assert!(
                    (dense - sparse_score).abs() < 1e-4,
                    "{dense} {sparse_score}"
                );
            }
        }
        // The Ace, last to the trick, wins it: 11 + 10 + 4 + 3 = 28 points.
        let ace: Card = "SA".parse().unwrap();
        let mut f = [0f32; DIFFERENZLER_FEATURES];
        extended_features(&situation(&trick, 40), ace, &mut f);
        assert_eq!(f[PER_KIND], 1.0, "zone 0, a card of the suit led");
        assert_eq!(f[PER_KIND + 7], 1.0, "the Ace wins the trick");
        let at = ZONES * FEATURES + EXTRA;
        assert!(
            (f[at + 2] - 12.0 / 30.0).abs() < 1e-6,
            "40 needed, 28 taken"
        );
        extended_features(&situation(&trick, 2), ace, &mut f);
        assert_eq!(f[2 * FEATURES + PER_KIND], 1.0, "zone 2: 3 or fewer needed");
        assert!((f[at + 2] - 26.0 / 30.0).abs() < 1e-6, "2 needed, 28 taken");
        // Seat 1 wins the trick so far with the King: across the table from seat 3, its partner
        // in Schieber; in Differenzler nobody's partner.
        let s = situation(&trick, 40);
        let partnered = PlaySituation {
            partners: true,
            ..s.play
        };
        let mut a = [0f32; FEATURES];
        crate::play_model::card_features(&partnered, ace, &mut a);
        assert_eq!(a[PER_KIND + 10], 1.0, "over the partner's trick");
        crate::play_model::card_features(&s.play, ace, &mut a);
        assert_eq!(a[PER_KIND + 10], 0.0, "no partner");
    }
}

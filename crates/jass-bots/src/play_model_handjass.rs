//! A learned model of how Handjass players choose their cards (issue 42: the Schieber method in
//! Handjass). It is the Schieber play model's conditional logit ([`crate::play_model`]) with
//! what Handjass changes: every player is for himself (no partner's trick), two to five sit at
//! the table (the trick's last card is the `seats`-th), some cards lie out of play unseen (the
//! model's "cards out" are those the seat has not seen, wherever they lie), and the aim is a
//! stroke: reaching the threshold and being among the two best, a potato below it. So the same
//! features of a card within its kind of play have their own weights short of the threshold
//! and past it, and a few features say how taking the trick would move the seat towards the
//! threshold and against the best of the others, and how the number at the table changes that.
//!
//! The weights are fitted to the sampling Handjass players' own cards (`jass train play-model
//! --game handjass`, [`crate::play_model_train`]) and shipped in `play_model_handjass_weights.rs`.
//! The sampling Handjass player ([`crate::SamplingHandjass`]) plays its play-outs by it
//! (`playout_model`) and reads the others' cards by it (`belief`).

use jass_core::Card;

use crate::play_model::{
    Context, ExtendedPlayModel, ExtendedSituation, PlaySituation, SparseCard, FEATURES, KINDS,
};

/// Short of the threshold, and at or past it: each with its own weights.
const ZONES: usize = 2;
/// Features of a card beyond its kind of play's, per kind.
const EXTRA: usize = 6;
/// Features of one legal card.
pub const HANDJASS_FEATURES: usize = ZONES * FEATURES + KINDS * EXTRA;

/// One Handjass card decision as the player saw it.
#[derive(Copy, Clone, Debug)]
pub struct HandjassSituation<'a> {
    /// The card play as for Schieber (`partners` and `choosers` false, `seats` those at the
    /// table).
    pub play: PlaySituation<'a>,
    /// The trick points the seat still needs to reach the deal's threshold (negative: past it).
    pub need: i32,
    /// The seat's trick points minus the most any other seat at the table has taken.
    pub ahead: i32,
}

impl ExtendedSituation<HANDJASS_FEATURES, EXTRA> for HandjassSituation<'_> {
    fn play(&self) -> &PlaySituation<'_> {
        &self.play
    }

    fn sparse(&self, cx: &Context, card: Card) -> SparseCard<EXTRA> {
        let s = self;
        let pts = s.play.points.card(card) as f32 / 10.0;
        let need = s.need.clamp(-60, 90) as f32 / 30.0;
        let ahead = s.ahead.clamp(-90, 90) as f32 / 30.0;
        // 0 with two at the table, 1 with five.
        let crowd = (s.play.seats as f32 - 2.0) / 3.0;
        let zones = (usize::from(s.need <= 0), ZONES);
        SparseCard::new(&s.play, cx, card, zones, |facts| {
            let w = facts.wins as u8 as f32;
            [
                w * need,
                pts * need,
                w * ahead,
                pts * ahead,
                w * crowd,
                pts * crowd,
            ]
        })
    }
}

/// A conditional logit over the legal cards of a Handjass decision.
pub type HandjassPlayModel = ExtendedPlayModel<HANDJASS_FEATURES>;

/// The model shipped with the player (fitted by `jass train play-model --game handjass`).
pub const fn builtin() -> HandjassPlayModel {
    ExtendedPlayModel {
        weights: crate::play_model_handjass_weights::WEIGHTS,
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

    fn situation<'a>(trick: &'a [Card], seats: u8, need: i32) -> HandjassSituation<'a> {
        let mode = Mode::Trump(Suit::H);
        HandjassSituation {
            play: PlaySituation {
                seat: 2,
                hand: set("SA S6 HJ H7 D9"),
                legal: set("SA S6 HJ H7"),
                leader: 0,
                trick,
                gone: set("S10 SK D6 D7 D8 DA"),
                mode,
                points: PointTable::new(mode, UndenufeEleven::Ace),
                choosers: false,
                partners: false,
                tricks_done: 1,
                seats,
            },
            need,
            ahead: -12,
        }
    }

    /// The probabilities add up to one; the sparse score is the dense features' weighted sum;
    /// the zone follows the points needed and the trick's last card the seats at the table.
    #[test]
    fn features_and_probabilities() {
        let trick: Vec<Card> = ["S10", "SK"].iter().map(|c| c.parse().unwrap()).collect();
        let mut weights = [0f32; HANDJASS_FEATURES];
        for (i, w) in weights.iter_mut().enumerate() {
            *w = ((i * 37) % 11) as f32 / 5.0 - 1.0;
        }
        let model = HandjassPlayModel { weights };
        for (seats, need) in [(3, 20), (4, 20), (5, -4), (2, 0)] {
            let s = situation(&trick, seats, need);
            let total: f64 = s
                .play
                .legal
                .iter()
                .map(|c| model.log_prob(&s, c).exp())
                .sum();
            assert!((total - 1.0).abs() < 1e-5, "{total}");
            for c in s.play.legal {
                let mut f = [0f32; HANDJASS_FEATURES];
                extended_features(&s, c, &mut f);
                let dense: f32 = weights.iter().zip(&f).map(|(w, x)| w * x).sum();
                let sparse_score = model.score(&s, c);
                assert!(
                    (dense - sparse_score).abs() < 1e-4,
                    "{dense} {sparse_score}"
                );
            }
            let best = s.play.legal.iter().map(|c| (model.log_prob(&s, c), c));
            let best = best.max_by(|a, b| a.0.total_cmp(&b.0)).unwrap().1;
            assert_eq!(model.likeliest(&s), best);
        }
        let ace: Card = "SA".parse().unwrap();
        let mut f = [0f32; HANDJASS_FEATURES];
        // Three at the table: the Ace is the trick's last card and wins it.
        extended_features(&situation(&trick, 3, 20), ace, &mut f);
        assert_eq!(
            f[PER_KIND], 1.0,
            "short of the threshold, a card of the suit led"
        );
        assert_eq!(f[PER_KIND + 7], 1.0, "the Ace wins the trick");
        assert_eq!(f[PER_KIND + 11], 1.0, "the last card of a three-seat trick");
        let at = ZONES * FEATURES + EXTRA;
        assert!((f[at] - 20.0 / 30.0).abs() < 1e-6, "wins times the need");
        assert!((f[at + 2] + 12.0 / 30.0).abs() < 1e-6, "wins times ahead");
        assert!((f[at + 4] - 1.0 / 3.0).abs() < 1e-6, "three at the table");
        // Four at the table: a card follows.
        extended_features(&situation(&trick, 4, 20), ace, &mut f);
        assert_eq!(f[PER_KIND + 11], 0.0, "not the last card of four");
        // Past the threshold: the second zone's weights.
        extended_features(&situation(&trick, 4, -4), ace, &mut f);
        assert_eq!(f[PER_KIND], 0.0);
        assert_eq!(f[FEATURES + PER_KIND], 1.0, "past the threshold");
    }
}

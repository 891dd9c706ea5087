//! A learned model of how Schieber players choose their cards (issue 42: beliefs learned from
//! the play). For a card decision it gives every legal card a probability, a conditional logit
//! (softmax over the legal cards) of a weighted sum of features that say what the card does
//! there: its points, whether it wins the trick, whether it is the last card of its suit out,
//! whether it is the lowest or highest the hand holds in its suit, and such, each within the kind
//! of play (a lead, following suit, trumping in, a discard).
//!
//! The weights are fitted to the choices of the sampling players in their own games
//! (`jass train play-model`, [`crate::play_model_train`]) and shipped in
//! `play_model_weights.rs`. The sampling player's reading of the others' cards
//! ([`crate::inference`], setting `belief`) weighs a world by how likely this model finds the
//! cards the others played, holding that world's hands, instead of counting the cards the rule
//! player would have played otherwise.

use jass_core::schieber::{Contract, Phase, Schieber};
use jass_core::trick::{trick_points, trick_winner};
use jass_core::{Card, CardSet, Mode, PointTable, Rank};

/// Features per kind of play.
pub(crate) const PER_KIND: usize = 32;
/// The kinds of play: a lead, a card of the suit led, a trump on a plain lead, a discard.
pub(crate) const KINDS: usize = 4;
/// Features of one legal card.
pub const FEATURES: usize = PER_KIND * KINDS;

/// One card decision as the player saw it.
#[derive(Copy, Clone, Debug)]
pub struct PlaySituation<'a> {
    /// The deciding seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// Its legal cards (two or more).
    pub legal: CardSet,
    /// Who led the trick.
    pub leader: u8,
    /// The cards in the trick before this one.
    pub trick: &'a [Card],
    /// Every card played in the deal before this one (the trick's included).
    pub gone: CardSet,
    /// The trick's mode.
    pub mode: Mode,
    /// Its card points.
    pub points: PointTable,
    /// True if the seat's team chose the contract.
    pub choosers: bool,
    /// True if the seat across the table is its partner (Schieber; in Differenzler everyone
    /// plays for himself).
    pub partners: bool,
    /// Tricks completed before.
    pub tricks_done: usize,
    /// The players at the table (4 in Schieber; 2 to 5 in Handjass): the trick's last card is
    /// its `seats`-th.
    pub seats: u8,
}

impl<'a> PlaySituation<'a> {
    /// The card decision of `seat`, the seat to move in the Schieber deal `g`, with these
    /// `legal` cards, as that seat sees it (its own hand and the cards played, never the
    /// others' hands); `None` outside the card play, in Misère (whose aim is the other way
    /// round: the model was not fitted to it) and with fewer than two legal cards. Read from the
    /// state, not an observation: the contract play-outs ask it at every card.
    pub fn of_schieber(g: &'a Schieber, seat: usize, legal: CardSet) -> Option<PlaySituation<'a>> {
        let (contract, chooser) = g.contract()?;
        if g.phase() != Phase::Play || contract == Contract::Misere || legal.len() < 2 {
            return None;
        }
        let hands = g.hands();
        // Every card is dealt, so the cards played are those no hand holds.
        let gone = CardSet::ALL - hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let tricks_done = g.tricks_done() as usize;
        let mode = contract.trick_mode(tricks_done);
        Some(PlaySituation {
            seat: seat as u8,
            hand: hands[seat],
            legal,
            leader: g.trick_leader(),
            trick: g.current_trick(),
            gone,
            mode,
            points: PointTable::new(mode, g.options().undenufe_eleven),
            choosers: chooser % 2 == seat as u8 % 2,
            partners: true,
            tricks_done,
            seats: 4,
        })
    }
}

/// What the features of every legal card of a decision share, computed once per decision.
pub struct Context {
    lead: Option<jass_core::Suit>,
    winner: Option<Card>,
    partner_winning: bool,
    last: bool,
    trick_points: f32,
    trumps_held: f32,
    no_trump: bool,
    /// By suit: the hand's highest and lowest strength there, and the highest of the cards out
    /// in the others' hands (-1: none), and how many are out.
    hand_max: [i8; 4],
    hand_min: [i8; 4],
    out_max: [i8; 4],
    out_len: [u8; 4],
    /// The fewest points of a legal card, and the lowest trick key of a legal card that wins
    /// the trick (`u8::MAX`: none wins, or the trick is empty).
    min_points: u32,
    cheapest_win: u8,
}

impl Context {
    pub(crate) fn of(s: &PlaySituation) -> Context {
        let lead = s.trick.first().map(|c| c.suit());
        let (winner, partner_winning) = if s.trick.is_empty() {
            (None, false)
        } else {
            let w = trick_winner(s.trick, s.mode);
            let by = (s.leader as usize + w) % 4;
            (
                Some(s.trick[w]),
                s.partners && by == (s.seat as usize + 2) % 4,
            )
        };
        let out = !(s.gone | s.hand);
        let (mut hand_max, mut hand_min, mut out_max, mut out_len) =
            ([-1i8; 4], [9i8; 4], [-1i8; 4], [0u8; 4]);
        for suit in jass_core::Suit::ALL {
            let i = suit.index();
            for c in s.hand.of_suit(suit) {
                let st = s.mode.strength(c) as i8;
                hand_max[i] = hand_max[i].max(st);
                hand_min[i] = hand_min[i].min(st);
            }
            let others = out.of_suit(suit);
            out_len[i] = others.len() as u8;
            for c in others {
                out_max[i] = out_max[i].max(s.mode.strength(c) as i8);
            }
        }
        let (mut min_points, mut cheapest_win) = (u32::MAX, u8::MAX);
        for c in s.legal {
            min_points = min_points.min(s.points.card(c));
            if let (Some(w), Some(l)) = (winner, lead) {
                if s.mode.beats(c, w, l) {
                    cheapest_win = cheapest_win.min(s.mode.trick_key(c, l));
                }
            }
        }
        Context {
            min_points,
            cheapest_win,
            lead,
            winner,
            partner_winning,
            last: s.trick.len() + 1 == s.seats as usize,
            trick_points: trick_points(s.trick, s.points) as f32 / 10.0,
            trumps_held: (s.hand & s.mode.trumps()).len() as f32 / 9.0,
            no_trump: s.mode.trump().is_none(),
            hand_max,
            hand_min,
            out_max,
            out_len,
        }
    }
}

/// Writes the features of `card` in situation `s` into `out` (zeroed first).
pub fn card_features(s: &PlaySituation, card: Card, out: &mut [f32; FEATURES]) {
    features_in(s, &Context::of(s), card, out)
}

fn features_in(s: &PlaySituation, cx: &Context, card: Card, out: &mut [f32; FEATURES]) {
    out.fill(0.0);
    let mut block = [0f32; PER_KIND];
    let facts = kind_features(s, cx, card, &mut block);
    out[facts.kind * PER_KIND..(facts.kind + 1) * PER_KIND].copy_from_slice(&block);
}

/// What [`kind_features`] found out about a card beside its features.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CardFacts {
    /// The kind of play (0 a lead, 1 following suit, 2 a trump on a plain lead, 3 a discard).
    pub kind: usize,
    /// True if it wins the trick so far.
    pub wins: bool,
}

/// Writes the [`PER_KIND`] features of `card` within its kind of play into `f` (every one).
pub(crate) fn kind_features(
    s: &PlaySituation,
    cx: &Context,
    card: Card,
    f: &mut [f32; PER_KIND],
) -> CardFacts {
    let mode = s.mode;
    let suit = card.suit();
    let i = suit.index();
    let trump = mode.trump() == Some(suit);
    let kind = match cx.lead {
        None => 0,
        Some(l) if l == suit => 1,
        Some(_) if trump => 2,
        Some(_) => 3,
    };
    let st = mode.strength(card) as i8;
    // No card out in the others' hands beats it.
    let master = st > cx.out_max[i];
    let lowest = st <= cx.hand_min[i];
    let highest = st >= cx.hand_max[i];
    let holds_master = cx.hand_max[i] > cx.out_max[i];
    let wins = match (cx.winner, cx.lead) {
        (Some(w), Some(l)) => mode.beats(card, w, l),
        _ => false,
    };
    let pts = s.points.card(card) as f32 / 10.0;
    let strength = st as f32 / 8.0;
    let b = |x: bool| x as u8 as f32;
    f[0] = 1.0;
    f[1] = pts;
    f[2] = b(master);
    f[3] = b(trump);
    f[4] = b(lowest);
    f[5] = b(highest);
    f[6] = s.hand.of_suit(suit).len() as f32 / 9.0;
    f[7] = b(wins);
    f[8] = b(wins) * pts;
    f[9] = b(cx.partner_winning) * pts;
    f[10] = b(cx.partner_winning && wins);
    f[11] = b(cx.last && wins);
    f[12] = b(wins) * cx.trick_points;
    f[13] = b(trump && card.rank() == Rank::Jack);
    f[14] = b(trump && card.rank() == Rank::Nine);
    f[15] = b(s.choosers && trump);
    f[16] = b(s.choosers && master);
    f[17] = strength;
    f[18] = s.tricks_done as f32 / 8.0 * pts;
    f[19] = b(cx.partner_winning && master);
    f[20] = b(holds_master);
    f[21] = cx.trumps_held * b(trump);
    f[22] = cx.out_len[i] as f32 / 9.0;
    f[23] = b(cx.no_trump) * pts;
    f[24] = b(s.points.card(card) == cx.min_points);
    f[25] = b(wins
        && cx
            .lead
            .is_some_and(|l| mode.trick_key(card, l) == cx.cheapest_win));
    f[26] = b(s.hand.of_suit(suit).len() == 1);
    f[27] = b(s.trick.len() == 1 && wins);
    f[28] = b(trump && master);
    f[29] = b(highest && !master);
    f[30] = b(!wins && !cx.partner_winning && !s.trick.is_empty()) * pts;
    f[31] = b(cx.out_len[i] == 0);
    CardFacts { kind, wins }
}

/// A conditional logit over the legal cards.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayModel {
    /// One weight per feature.
    pub weights: [f32; FEATURES],
}

impl PlayModel {
    /// The model shipped with the player (fitted by `jass train play-model`).
    pub const fn builtin() -> PlayModel {
        PlayModel {
            weights: crate::play_model_weights::WEIGHTS,
        }
    }

    /// The card the model finds likeliest in situation `s` (the first by card order among equals).
    pub fn likeliest(&self, s: &PlaySituation) -> Card {
        self.likeliest_among(s, s.legal)
    }

    /// The card of `among` (legal cards of `s`) that the model finds likeliest in situation `s`,
    /// the features computed over all of `s.legal` as the model was fitted (the first by card
    /// order among equals).
    pub fn likeliest_among(&self, s: &PlaySituation, among: CardSet) -> Card {
        let cx = Context::of(s);
        let mut f = [0f32; FEATURES];
        likeliest_by(among & s.legal, |c| {
            features_in(s, &cx, c, &mut f);
            dot(&self.weights, &f)
        })
    }

    /// The natural log of the probability that a player in situation `s` plays `card` (one of
    /// `s.legal`).
    pub fn log_prob(&self, s: &PlaySituation, card: Card) -> f64 {
        let cx = Context::of(s);
        let mut f = [0f32; FEATURES];
        log_softmax(s.legal, card, |c| {
            features_in(s, &cx, c, &mut f);
            dot(&self.weights, &f)
        })
    }
}

/// A card's features in a model that adds `E` features per kind of play to the Schieber
/// model's block (Differenzler's, Handjass's), sparse: its kind of play's block and where it
/// goes among the weights, and the extra features and where they go.
pub struct SparseCard<const E: usize> {
    pub(crate) block: [f32; PER_KIND],
    pub(crate) block_at: usize,
    pub(crate) extra: [f32; E],
    pub(crate) extra_at: usize,
}

impl<const E: usize> SparseCard<E> {
    /// `card`'s features in situation `play` (context `cx`): its kind of play's block among the
    /// weights of zone `zone` (of `zones`, each a [`FEATURES`]-long copy of the Schieber
    /// model's), then `E` extra features per kind, computed by `extra` from what the card does.
    pub(crate) fn new(
        play: &PlaySituation,
        cx: &Context,
        card: Card,
        (zone, zones): (usize, usize),
        extra: impl FnOnce(CardFacts) -> [f32; E],
    ) -> SparseCard<E> {
        let mut block = [0f32; PER_KIND];
        let facts = kind_features(play, cx, card, &mut block);
        SparseCard {
            block,
            block_at: zone * FEATURES + facts.kind * PER_KIND,
            extra: extra(facts),
            extra_at: zones * FEATURES + facts.kind * E,
        }
    }

    /// The weighted sum of the card's features (only the nonzero ones are read).
    fn score(&self, weights: &[f32]) -> f32 {
        let block = &weights[self.block_at..self.block_at + PER_KIND];
        let extra = &weights[self.extra_at..self.extra_at + E];
        let a: f32 = block.iter().zip(&self.block).map(|(w, x)| w * x).sum();
        a + extra
            .iter()
            .zip(&self.extra)
            .map(|(w, x)| w * x)
            .sum::<f32>()
    }

    /// Writes the features densely into `out` (zeroed first).
    fn write(&self, out: &mut [f32]) {
        out.fill(0.0);
        out[self.block_at..self.block_at + PER_KIND].copy_from_slice(&self.block);
        out[self.extra_at..self.extra_at + E].copy_from_slice(&self.extra);
    }
}

/// A card decision of a game whose model extends the Schieber model's features
/// ([`ExtendedPlayModel`]): `N` features in all, `E` of them beyond the Schieber block per kind
/// of play. The game's own module says which weights a card's features go to.
pub trait ExtendedSituation<const N: usize, const E: usize> {
    /// The card play as for Schieber.
    fn play(&self) -> &PlaySituation<'_>;
    /// The features of `card` (one of the legal cards), sparse; `cx` is the decision's context.
    fn sparse(&self, cx: &Context, card: Card) -> SparseCard<E>;
}

/// Writes the features of `card` in situation `s` densely into `out` (zeroed first): what the
/// training fits the weights of an [`ExtendedPlayModel`] to.
pub fn extended_features<const N: usize, const E: usize>(
    s: &impl ExtendedSituation<N, E>,
    card: Card,
    out: &mut [f32; N],
) {
    s.sparse(&Context::of(s.play()), card).write(out);
}

/// A conditional logit over the legal cards of a game's decision, on the Schieber model's
/// features and the game's own ([`ExtendedSituation`]): the Differenzler and Handjass models.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtendedPlayModel<const N: usize> {
    /// One weight per feature.
    pub weights: [f32; N],
}

impl<const N: usize> ExtendedPlayModel<N> {
    /// The natural log of the probability that a player in situation `s` plays `card` (one of
    /// its legal cards).
    pub fn log_prob<const E: usize>(&self, s: &impl ExtendedSituation<N, E>, card: Card) -> f64 {
        let cx = Context::of(s.play());
        log_softmax(s.play().legal, card, |c| {
            s.sparse(&cx, c).score(&self.weights)
        })
    }

    /// The card the model finds likeliest in situation `s` (the first by card order among
    /// equals).
    pub fn likeliest<const E: usize>(&self, s: &impl ExtendedSituation<N, E>) -> Card {
        let cx = Context::of(s.play());
        likeliest_by(s.play().legal, |c| s.sparse(&cx, c).score(&self.weights))
    }

    /// The weighted sum of `card`'s features in situation `s` (the tests compare it with the
    /// dense features').
    #[cfg(test)]
    pub(crate) fn score<const E: usize>(
        &self,
        s: &impl ExtendedSituation<N, E>,
        card: Card,
    ) -> f32 {
        s.sparse(&Context::of(s.play()), card).score(&self.weights)
    }
}

/// The legal card of the highest `score` (the first by card order among equals).
fn likeliest_by(legal: CardSet, mut score: impl FnMut(Card) -> f32) -> Card {
    let mut best: Option<(f32, Card)> = None;
    for c in legal {
        let v = score(c);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, c));
        }
    }
    best.expect("a situation has legal cards").1
}

/// The natural log of the softmax probability of `card` among `legal` (a hand: at most
/// twelve cards in the games here, room for the whole pack),
/// each scored by `score`.
fn log_softmax(legal: CardSet, card: Card, mut score: impl FnMut(Card) -> f32) -> f64 {
    let mut chosen = 0f32;
    let mut scores = [0f32; 36];
    let mut n = 0;
    for c in legal {
        let v = score(c);
        if c == card {
            chosen = v;
        }
        scores[n] = v;
        n += 1;
    }
    let max = scores[..n].iter().copied().fold(f32::MIN, f32::max);
    let sum: f32 = scores[..n].iter().map(|&v| (v - max).exp()).sum();
    (chosen - max - sum.ln()) as f64
}

/// The weighted sum of one card's features.
pub(crate) fn dot(w: &[f32; FEATURES], f: &[f32; FEATURES]) -> f32 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::Suit;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    /// The probabilities of the legal cards add up to one, whatever the weights.
    #[test]
    fn probabilities_add_up_to_one() {
        let mode = Mode::Trump(Suit::H);
        let trick: Vec<Card> = vec!["S10".parse().unwrap(), "SK".parse().unwrap()];
        let s = PlaySituation {
            seat: 2,
            hand: set("SA S6 HJ H7 D9"),
            legal: set("SA S6 HJ H7"),
            leader: 0,
            trick: &trick,
            gone: set("S10 SK D6 D7 D8 DA"),
            mode,
            points: PointTable::new(mode, jass_core::UndenufeEleven::Ace),
            choosers: false,
            partners: true,
            tricks_done: 1,
            seats: 4,
        };
        let mut weights = [0f32; FEATURES];
        for (i, w) in weights.iter_mut().enumerate() {
            *w = ((i * 37) % 11) as f32 / 5.0 - 1.0;
        }
        for model in [PlayModel { weights }, PlayModel::builtin()] {
            let total: f64 = s.legal.iter().map(|c| model.log_prob(&s, c).exp()).sum();
            assert!((total - 1.0).abs() < 1e-5, "{total}");
        }
        // The likeliest card is the one of the highest probability.
        for model in [PlayModel { weights }, PlayModel::builtin()] {
            let best = s.legal.iter().map(|c| (model.log_prob(&s, c), c));
            let best = best.max_by(|a, b| a.0.total_cmp(&b.0)).unwrap().1;
            assert_eq!(model.likeliest(&s), best);
        }
        // Following suit: the Ace beats the King, and no spade is above it.
        let mut f = [0f32; FEATURES];
        card_features(&s, "SA".parse().unwrap(), &mut f);
        assert_eq!(f[PER_KIND], 1.0, "a card of the suit led");
        assert_eq!(f[PER_KIND + 7], 1.0, "the Ace wins the trick");
        assert_eq!(f[PER_KIND + 2], 1.0, "no spade above the Ace");
        card_features(&s, "HJ".parse().unwrap(), &mut f);
        assert_eq!(f[2 * PER_KIND], 1.0, "a trump on a plain lead");
        assert_eq!(f[2 * PER_KIND + 13], 1.0, "the Puur");
    }
}

//! What a Coiffeur team's open rows are still worth: the points the team can expect to write in
//! them in its deals to come, on the scale of the play-outs that value a row now.
//!
//! A row chosen now is a row no later hand can fill: choosing row `c` with an expected `p` points
//! is worth `m(c) · p + F(S \ c)`, where `S` is the team's open rows and `F(S)` what those rows
//! bring when they are filled later. `F` is found once per set of options by dynamic programming
//! over the sets of open rows, from a sample of deals whose rows were all played out:
//!
//! `F(S) = mean over deals d of max( max_c∈S [m(c) · P_f(d, c) + F(S \ c)], G(S) )`,
//! `G(S) = mean over deals d of max_c∈S [m(c) · P_p(d, c) + F(S \ c)]`, `F(∅) = 0`,
//!
//! where `P_f(d, c)` is what forehand's hand of deal `d` brings its team in `c` (the mean of
//! play-outs with the other three hands dealt anew), `P_p(d, c)` the same for a partner's hand
//! after forehand shoved, and `G(S)` what a shove brings (forehand shoves without seeing its
//! partner's hand). Each team fills one row a deal it chooses in, so `|S|` deals remain.
//! The rule player's fixed baseline ([`crate::rule_coiffeur::row_baseline`]) is on its hand
//! evaluation's scale, which is flatter than the play-outs' (docs/players.md, 2026-11-23); this
//! is the baseline of the play-outs' own scale.

use std::sync::{Arc, Mutex, OnceLock};

use jass_core::coiffeur::{row, CoiffeurOptions, ROWS};
use jass_core::game::Game;
use jass_core::schieber::{Contract, FirstForehand, Schieber, SchieberAction, MAX_TARGET};
use jass_core::{Card, CardSet};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::play_model::PlayModel;
use crate::sampling_schieber::play_out;
use crate::worlds::deal_unseen;
use jass_core::deal::shuffle;

/// The future worth of every set of a team's open rows.
#[derive(Clone, Debug)]
pub(crate) struct RowOutlook {
    /// `F(S)` for every set `S` of open rows, indexed by its bits (bit `i`: the row
    /// [`jass_core::coiffeur::row`] `i`; sets with a row the options have not are left at 0).
    future: Vec<f64>,
    /// The mean play-out points of each sampled hand in each contract (of
    /// [`CoiffeurOptions::contracts`]): forehand's hands (0) and the partner's after a shove (1).
    /// Kept for the tests, which compute `F` from them by its definition.
    #[cfg_attr(not(test), allow(dead_code))]
    points: [Vec<Vec<f64>>; 2],
}

/// Deals sampled for the outlook, and play-outs per hand and contract.
const DEALS: usize = 240;
const COMPLETIONS: usize = 6;

impl RowOutlook {
    /// The outlook for a game with these options, the rows played out by four rule players (by
    /// the play model's likeliest cards with `model`), computed once per process for each
    /// options and model (about a second) and shared.
    pub(crate) fn shared(options: &CoiffeurOptions, model: Option<&PlayModel>) -> Arc<RowOutlook> {
        type Cache = Mutex<Vec<(CoiffeurOptions, bool, Arc<RowOutlook>)>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        let key = (*options, model.is_some());
        if let Some((_, _, o)) = cache
            .lock()
            .expect("the outlook cache")
            .iter()
            .find(|(opts, m, _)| (*opts, *m) == key)
        {
            return o.clone();
        }
        // Computed outside the lock: two threads may both compute it, with the same result.
        let outlook = Arc::new(Self::new(options, model, DEALS, COMPLETIONS, 1));
        let mut c = cache.lock().expect("the outlook cache");
        c.push((key.0, key.1, outlook.clone()));
        outlook
    }

    /// The outlook from `deals` sampled deals, each hand's rows played out `completions` times
    /// (the other hands dealt anew each time); `seed` fixes the deals.
    pub(crate) fn new(
        options: &CoiffeurOptions,
        model: Option<&PlayModel>,
        deals: usize,
        completions: usize,
        seed: u64,
    ) -> RowOutlook {
        let contracts = options.contracts();
        let schieber = jass_core::schieber::SchieberOptions {
            target: MAX_TARGET,
            first_forehand: FirstForehand::Seat(0),
            ..options.schieber()
        };
        let base = Schieber::new(schieber).expect("Coiffeur's Schieber options are valid");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pack: Vec<Card> = CardSet::ALL.iter().collect();
        // points[who][deal][contract]: forehand's hand (0), or the partner's after a shove (1).
        let mut points = [
            vec![vec![0f64; contracts.len()]; deals],
            vec![vec![0f64; contracts.len()]; deals],
        ];
        for d in 0..deals {
            for (who, by_deal) in points.iter_mut().enumerate() {
                shuffle(&mut rng, &mut pack);
                let hand: CardSet = pack[..9].iter().copied().collect();
                let seat = 2 * who as u8;
                let mut unseen: Vec<Card> = (CardSet::ALL - hand).iter().collect();
                for _ in 0..completions {
                    let hands = deal_unseen(&mut rng, &mut unseen, hand, seat);
                    let mut dealt = base;
                    dealt.deal(hands).expect("a whole deal");
                    if who == 1 {
                        dealt
                            .apply(SchieberAction::Schieben)
                            .expect("forehand may shove");
                    }
                    for (i, &contract) in contracts.iter().enumerate() {
                        let mut s = dealt;
                        s.apply(SchieberAction::Contract { contract })
                            .expect("a contract of the list");
                        by_deal[d][i] += play_out(&mut s, &schieber, model)[0] as f64;
                    }
                }
                for v in by_deal[d].iter_mut() {
                    *v /= completions as f64;
                }
            }
        }
        let (bit, mult) = Self::bits_and_multipliers(options);
        let list = bit.iter().fold(0, |set, b| set | 1 << b);
        let mut future = vec![0f64; 1 << ROWS];
        // Sets in order of their number: every smaller set first (S \ c < S as a number).
        for set in (1..future.len()).filter(|set| set & !list == 0) {
            let best = |by_deal: &Vec<f64>| {
                (0..contracts.len())
                    .filter(|&i| set & (1 << bit[i]) != 0)
                    .map(|i| mult[i] * by_deal[i] + future[set & !(1 << bit[i])])
                    .fold(f64::MIN, f64::max)
            };
            let shove = points[1].iter().map(best).sum::<f64>() / deals as f64;
            let worth = points[0].iter().map(|p| best(p).max(shove)).sum::<f64>() / deals as f64;
            future[set] = worth;
        }
        RowOutlook { future, points }
    }

    /// Each contract's (of [`CoiffeurOptions::contracts`]) row bit and multiplier.
    fn bits_and_multipliers(options: &CoiffeurOptions) -> (Vec<usize>, Vec<f64>) {
        let contracts = options.contracts().into_iter();
        contracts
            .map(|c| (row(c), options.multipliers.of(c) as f64))
            .unzip()
    }

    /// What the `open` contracts' rows bring when they are filled in the team's deals to come
    /// (multiplied), without `taken`'s row when it is given (the row chosen now).
    pub(crate) fn future(&self, open: &[Contract], taken: Option<Contract>) -> f64 {
        let mut set = 0usize;
        for &c in open {
            set |= 1 << row(c);
        }
        if let Some(c) = taken {
            set &= !(1 << row(c));
        }
        self.future[set]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `F` by its definition, top down (each set once, remembered in `memo`), from the
    /// play-outs the outlook kept.
    fn by_definition(
        o: &RowOutlook,
        mult: &[f64],
        bit: &[usize],
        set: usize,
        memo: &mut std::collections::HashMap<usize, f64>,
    ) -> f64 {
        if set == 0 {
            return 0.0;
        }
        if let Some(&f) = memo.get(&set) {
            return f;
        }
        let mut later = Vec::new();
        for &b in bit {
            if set & (1 << b) != 0 {
                later.push(by_definition(o, mult, bit, set & !(1 << b), memo));
            } else {
                later.push(0.0);
            }
        }
        let best = |p: &Vec<f64>| {
            (0..bit.len())
                .filter(|&i| set & (1 << bit[i]) != 0)
                .map(|i| mult[i] * p[i] + later[i])
                .fold(f64::MIN, f64::max)
        };
        let n = o.points[0].len() as f64;
        let shove = o.points[1].iter().map(best).sum::<f64>() / n;
        let f = o.points[0].iter().map(|p| best(p).max(shove)).sum::<f64>() / n;
        memo.insert(set, f);
        f
    }

    /// The outlook of a list with the Slalom and Misère rows, from a few deals: every set's
    /// worth is its definition's (each smaller set computed first), nothing is worth more than
    /// its rows at their multipliers times 257 or less than nothing, a row more is never worth
    /// less, and both Slaloms name one row.
    #[test]
    fn the_outlook_is_the_worth_of_each_set_of_open_rows() {
        let o = CoiffeurOptions {
            misere: true,
            slalom: true,
            ..CoiffeurOptions::default()
        };
        let out = RowOutlook::new(&o, None, 6, 2, 7);
        let contracts = o.contracts();
        let rows = o.rows();
        let (bit, mult) = RowOutlook::bits_and_multipliers(&o);
        assert_eq!(out.future.len(), 1 << 8);
        assert_eq!(out.future[0], 0.0);
        let mut memo = std::collections::HashMap::new();
        for set in 0..out.future.len() {
            let f = out.future[set];
            let d = by_definition(&out, &mult, &bit, set, &mut memo);
            assert!((f - d).abs() < 1e-6, "{set}");
            let most: f64 = rows
                .iter()
                .filter(|&&r| set & (1 << row(r)) != 0)
                .map(|&r| 257.0 * o.multipliers.of(r) as f64)
                .sum();
            assert!((0.0..=most).contains(&f), "{set}: {f}");
            for &r in &rows {
                assert!(out.future[set | (1 << row(r))] >= f, "{set} + {r}");
            }
        }
        // Both Slaloms fill the Slalom row: taking either leaves the same rows.
        let slalom = out.future(&contracts, Some(Contract::Slalom));
        assert_eq!(
            slalom,
            out.future(&contracts, Some(Contract::SlalomUndenufe))
        );
        assert!(slalom < out.future(&contracts, None));
        assert_eq!(out.future(&contracts, None), out.future[(1 << 8) - 1]);
    }
}

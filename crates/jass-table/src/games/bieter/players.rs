//! Computer players for Bieter: a rule player (its bid from what its hand and the open table
//! cards promise in the first deal and what a King makes later; the King's discards, the
//! contract his hand makes the most in, the card play of the King and of the Bauern who play
//! together against him, `jass_bots::solo_card`) and a sampling player (the King's contract by
//! play-outs of each in worlds of the Bauern's hands, the card play by
//! `jass_bots::card_play_sampling`: every legal card played out in worlds that agree with what
//! the seat has seen, everyone by the rule card, the card that does best for its party kept).

use jass_core::bieter::{
    BieterAction, BieterContract, BieterObservation, BieterOptions, BieterPhase, WEIS_RULES,
};
use jass_core::weis::{best_declaration, stoeck_cards, STOECK_POINTS};
use jass_core::{Card, CardSet, Decision, Mode, Player, Rank, Suit, TrickRules, UndenufeEleven};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use jass_bots::card_play_sampling::{
    card_worlds, play_out, sampled_card, CardPlaySettings, CardPlayView, Counting, Exact, PlayedOut,
};
use jass_bots::solo_card::{self, solo_rule_card, SoloAim, SoloDeal};

/// The card points of a deal, the last trick's 5 included.
const DEAL_POINTS: u32 = 157;

/// The sure tricks of `suit` held in `cards` in `mode` (from the top card down).
fn top_run(cards: CardSet, suit: Suit, mode: Mode) -> u32 {
    solo_card::top_run(cards, suit, mode, CardSet::ALL)
}

/// The tricks `cards` may take in `mode` leading or following: the trumps from the top and the
/// trumps beyond the others' two; in each plain suit the top run (two at most beside a trump,
/// the whole run without one).
fn sure_tricks(cards: CardSet, mode: Mode) -> u32 {
    let mut tricks = 0;
    for s in Suit::ALL {
        let run = top_run(cards, s, mode);
        match mode.trump() {
            Some(t) if t == s => {
                tricks += run + cards.of_suit(t).len().saturating_sub(run + 3);
            }
            Some(_) => tricks += run.min(2),
            None => tricks += run,
        }
    }
    tricks
}

/// What the King may make in a deal of `tricks` tricks in `mode` with `cards` (the best of
/// them when he holds more): his sure tricks at a fair share of the deal's points each, his
/// melds and Stöck in full.
pub fn points_estimate(cards: CardSet, mode: Mode, tricks: u32) -> u32 {
    let per_trick = DEAL_POINTS / tricks.max(1);
    sure_tricks(cards, mode).min(tricks) * per_trick + melds_and_stoeck(cards, mode)
}

/// The melds and Stöck of `cards` in `mode`.
fn melds_and_stoeck(cards: CardSet, mode: Mode) -> u32 {
    let melds = best_declaration(cards, mode, &WEIS_RULES).points(mode, &WEIS_RULES);
    let stoeck = match mode.trump() {
        Some(t) if cards.contains_all(stoeck_cards(t)) => STOECK_POINTS,
        _ => 0,
    };
    melds + stoeck
}

/// Whether `hand` may hope to take no trick without trump: no Ace, King or Queen, and a Six or
/// Seven in every suit it holds.
fn fair_hindersi(hand: CardSet) -> bool {
    Suit::ALL.into_iter().all(|s| {
        let cards = hand.of_suit(s);
        cards.is_empty()
            || ([Rank::Ace, Rank::King, Rank::Queen]
                .iter()
                .all(|&r| !cards.contains(Card::new(s, r)))
                && (cards.contains(Card::new(s, Rank::Six))
                    || cards.contains(Card::new(s, Rank::Seven))))
    })
}

/// The contract the rule player names for `hand`: Hindersi where the hand may take no trick
/// (if allowed), else the mode it makes the most in.
pub fn best_contract(hand: CardSet, hindersi: bool, tricks: u32) -> BieterContract {
    if hindersi && fair_hindersi(hand) {
        return BieterContract::Hindersi;
    }
    let mode = Mode::ALL
        .into_iter()
        .max_by_key(|&m| points_estimate(hand, m, tricks))
        .expect("a mode");
    BieterContract::Mode(mode)
}

/// What the rule player's bid counts on a King making in a later deal, in percent of a fair
/// share of the deal's points (`king_share`).
pub const KING_SHARE: usize = 90;

/// The highest bid the rule player makes: the first deal's estimate `first` (hand and open
/// table cards, the best mode), then as many later deals as the Bauern need for their target at
/// what a King makes in each (`share` percent of a fair share): the bid he reaches before they
/// do.
pub fn bid_limit(opts: &BieterOptions, first: u32, share: usize) -> u32 {
    let n = u32::from(opts.players);
    let king = (DEAL_POINTS * share as u32 / (100 * n)).min(DEAL_POINTS - 1);
    let bauern = DEAL_POINTS - king;
    let left = opts
        .farmers_target
        .saturating_sub(DEAL_POINTS.saturating_sub(first));
    let limit = first + king * left / bauern;
    limit / 10 * 10
}

/// The rule player's bid: the lowest open bid while it is within its limit, else pass.
pub fn rule_bid(obs: &BieterObservation, opts: &BieterOptions, share: usize) -> BieterAction {
    let cards = obs.hand | obs.table_open;
    let tricks = (36 - opts.table_cards()) / u32::from(opts.players);
    let first = Mode::ALL
        .into_iter()
        .map(|m| points_estimate(cards, m, tricks))
        .max()
        .unwrap_or(0);
    let lowest = obs.bid.map_or(opts.min_bid, |b| b + 10);
    if lowest <= bid_limit(opts, first, share).min(opts.max_bid) {
        BieterAction::Bid { points: lowest }
    } else {
        BieterAction::Pass
    }
}

/// The card the King lays away from `hand`: of the mode his hand makes the most in, the card
/// that helps it least (a plain card low in a short suit); of equals the one worth the most
/// (the discards count for him).
pub fn rule_discard(hand: CardSet, tricks: u32, eleven: UndenufeEleven) -> Card {
    let BieterContract::Mode(mode) = best_contract(hand, false, tricks) else {
        unreachable!("Hindersi not asked for")
    };
    let points = jass_core::PointTable::new(mode, eleven);
    hand.iter()
        .min_by_key(|&c| {
            let trump = mode.trumps().contains(c);
            let sure = top_run(hand, c.suit(), mode) > 0
                && hand
                    .of_suit(c.suit())
                    .iter()
                    .filter(|&o| mode.trick_key(o, c.suit()) >= mode.trick_key(c, c.suit()))
                    .count() as u32
                    <= top_run(hand, c.suit(), mode);
            (
                trump as u32 * 100
                    + sure as u32 * 50
                    + u32::from(mode.trick_key(c, c.suit()))
                    + 4 * hand.of_suit(c.suit()).len(),
                std::cmp::Reverse(points.card(c)),
            )
        })
        .expect("a card")
}

/// The solo deal as the rule card sees it: the King's aim, his seat, the seats.
fn solo_deal(obs: &BieterObservation, eleven: UndenufeEleven) -> Option<SoloDeal> {
    Some(SoloDeal {
        aim: match obs.contract? {
            BieterContract::Hindersi => SoloAim::LoseAll,
            _ => SoloAim::Points,
        },
        solo: obs.king? as usize,
        seats: obs.players as usize,
        rules: TrickRules::Strict,
        pack: CardSet::ALL,
        eleven,
    })
}

/// The rule player.
#[derive(Clone, Debug)]
pub struct RuleBieter {
    opts: BieterOptions,
    king_share: usize,
}

impl RuleBieter {
    /// A rule player for a game of these options, its bids counting on `king_share` percent of
    /// a fair share for the King in the later deals.
    pub fn new(opts: BieterOptions, king_share: usize) -> Self {
        RuleBieter { opts, king_share }
    }
}

/// The tricks of the deal in `obs`.
fn tricks_of(obs: &BieterObservation, opts: &BieterOptions) -> u32 {
    let n = u32::from(opts.players);
    if obs.is_first_deal() {
        (36 - opts.table_cards()) / n
    } else {
        36 / n
    }
}

/// The rule player's action in `obs` (also the sampling player's where it plays by rule).
pub(crate) fn rule_action(obs: &BieterObservation, opts: &BieterOptions, share: usize) -> BieterAction {
    let tricks = tricks_of(obs, opts);
    match obs.phase {
        BieterPhase::Auction => rule_bid(obs, opts, share),
        BieterPhase::Discard => BieterAction::Discard {
            card: rule_discard(obs.hand, tricks, opts.undenufe_eleven),
        },
        BieterPhase::Contract => BieterAction::Contract {
            contract: best_contract(obs.hand, opts.hindersi, tricks),
        },
        // Leaving the deal writes the Bauern a whole Matsch, the most they could make by play.
        BieterPhase::Decide => BieterAction::Stay,
        _ => {
            let deal = solo_deal(obs, opts.undenufe_eleven).expect("a contract and a King");
            let mode = obs.contract.expect("a contract").mode();
            BieterAction::Play {
                card: solo_rule_card(
                    deal,
                    obs.seat as usize,
                    obs.hand,
                    &obs.trick,
                    obs.played_cards(),
                    mode,
                ),
            }
        }
    }
}

impl Player<jass_core::bieter::Bieter> for RuleBieter {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, jass_core::bieter::Bieter>) -> BieterAction {
        rule_action(&decision.observation(), &self.opts, self.king_share)
    }
}

/// What a played-out deal is worth to the King: a Hindersi made or not (a whole Matsch either
/// way), else his card points with a Matsch's 100 less the Bauern's.
fn king_value(hindersi: bool, king: usize, out: &PlayedOut, seats: usize) -> i64 {
    let matsch = i64::from(DEAL_POINTS + 100);
    if hindersi {
        return if out.tricks[king] == 0 {
            matsch
        } else {
            -matsch
        };
    }
    let all: u8 = out.tricks[..seats].iter().sum();
    let mine = i64::from(out.points[king]);
    let bonus = match out.tricks[king] {
        0 => -100,
        t if t == all => 100,
        _ => 0,
    };
    2 * mine - i64::from(DEAL_POINTS) + bonus
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingBieter {
    opts: BieterOptions,
    settings: CardPlaySettings,
    king_share: usize,
    rng: Xoshiro256PlusPlus,
}

impl SamplingBieter {
    /// The default settings: 60 worlds a decision, the others' cards read from their play
    /// (weight 10 for each card the rule card play would have chosen otherwise), the play-outs
    /// by the rule card to the end.
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 60,
        infer: 10,
        infer_pool: 4,
        exact_tricks: 0,
    };

    /// A sampling player for a game of `opts` with `settings`, its bids by the rule player's
    /// with `king_share`, its worlds drawn from `seed`.
    pub fn new(
        opts: BieterOptions,
        settings: CardPlaySettings,
        king_share: usize,
        seed: u64,
    ) -> Self {
        SamplingBieter {
            opts,
            settings,
            king_share,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// Draws `k` of `cards` at random.
    fn draw(&mut self, cards: CardSet, k: u32) -> CardSet {
        let mut all: Vec<Card> = cards.iter().collect();
        let mut out = CardSet::EMPTY;
        for _ in 0..k.min(all.len() as u32) {
            let i = (self.rng.next_u64() % all.len() as u64) as usize;
            out.insert(all.swap_remove(i));
        }
        out
    }

    /// The King's contract: each contract played out from the deal's first card in worlds of
    /// the Bauern's hands, everyone by the rule card; the one worth the most to him kept.
    fn contract(&mut self, obs: &BieterObservation) -> BieterContract {
        let king = obs.seat as usize;
        let n = obs.players as usize;
        let per_seat = obs.hand.len();
        let rest = CardSet::ALL - obs.hand - obs.laid_away;
        let worlds: Vec<[CardSet; 4]> = (0..self.settings.samples)
            .map(|_| {
                let mut world = [CardSet::EMPTY; 4];
                world[king] = obs.hand;
                let mut left = rest;
                for s in (0..n).filter(|&s| s != king) {
                    world[s] = self.draw(left, per_seat);
                    left = left - world[s];
                }
                world
            })
            .collect();
        let mut best = (i64::MIN, BieterContract::Mode(Mode::Obenabe));
        for contract in BieterContract::ALL {
            if contract == BieterContract::Hindersi && !self.opts.hindersi {
                continue;
            }
            let mode = contract.mode();
            let deal = SoloDeal {
                aim: if contract == BieterContract::Hindersi {
                    SoloAim::LoseAll
                } else {
                    SoloAim::Points
                },
                solo: king,
                seats: n,
                rules: TrickRules::Strict,
                pack: CardSet::ALL - obs.laid_away,
                eleven: self.opts.undenufe_eleven,
            };
            let rule =
                |seat: usize, h, t: &[Card], g, _last, m| solo_rule_card(deal, seat, h, t, g, m);
            let leader = obs.forehand as usize;
            let hindersi = contract == BieterContract::Hindersi;
            let melds = if hindersi {
                0
            } else {
                i64::from(melds_and_stoeck(obs.hand, mode))
            };
            let total: i64 = worlds
                .iter()
                .map(|w| {
                    let view = CardPlayView::opening(
                        n,
                        leader,
                        w[leader],
                        Counting::card_points_with(mode, self.opts.undenufe_eleven),
                        TrickRules::Strict,
                        CardSet::ALL - obs.laid_away,
                        per_seat,
                    );
                    let first = solo_rule_card(deal, leader, w[leader], &[], CardSet::EMPTY, mode);
                    king_value(hindersi, king, &play_out(&view, *w, first, &rule, None), n) + melds
                })
                .sum();
            if total > best.0 {
                best = (total, contract);
            }
        }
        best.1
    }

    pub(crate) fn card(&mut self, obs: &BieterObservation, legal: CardSet) -> Card {
        let eleven = self.opts.undenufe_eleven;
        let deal = solo_deal(obs, eleven).expect("a contract and a King");
        let mode = obs.contract.expect("a contract").mode();
        let rule_fallback = || {
            solo_rule_card(
                deal,
                obs.seat as usize,
                obs.hand,
                &obs.trick,
                obs.played_cards(),
                mode,
            )
        };
        if legal.len() < 2 {
            return legal.first().unwrap_or_else(rule_fallback);
        }
        let n = obs.players as usize;
        let king = deal.solo;
        let me = obs.seat as usize;
        let played = obs.played_cards();
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        // Cards the seat has been shown in the others' hands: the trump card the dealer keeps,
        // the melds shown after the first trick; those not played since.
        let mut shown: Vec<(u8, CardSet)> = obs
            .melds
            .iter()
            .filter(|m| m.seat != obs.seat)
            .map(|m| (m.seat, m.weis.cards() - played))
            .collect();
        if let Some(c) = obs
            .trump_card
            .filter(|c| obs.dealer != obs.seat && !played.contains(*c))
        {
            shown.push((obs.dealer, CardSet::single(c)));
        }
        let first = obs.is_first_deal();
        let table = obs.table_open | obs.table_hidden;
        // The table's cards are the King's or laid away: no other Bauer holds one.
        let ruled_out: Vec<(u8, CardSet)> = if first && me != king {
            (0..n as u8)
                .filter(|&s| s as usize != king && s != obs.seat)
                .map(|s| (s, table))
                .collect()
        } else {
            Vec::new()
        };
        let hindersi = obs.contract == Some(BieterContract::Hindersi);
        let sign = if me == king { 1 } else { -1 };
        let value = |out: &PlayedOut| sign * king_value(hindersi, king, out, n);
        let rule = |seat: usize, h, t: &[Card], g, _last, m| solo_rule_card(deal, seat, h, t, g, m);
        let per_seat = tricks_of(obs, &self.opts);
        let discards = if first { self.opts.table_cards() } else { 0 };
        // The King knows his discards; a Bauer draws them, with the others' hands, from the
        // cards he has not seen (four players: a guess per group of worlds, the sampler keeps
        // cards aside only beside three seats).
        let groups: Vec<CardSet> = if me == king || discards == 0 {
            vec![CardSet::ALL - obs.laid_away]
        } else if n < 4 {
            vec![CardSet::ALL]
        } else {
            let unseen = CardSet::ALL - obs.hand - played;
            (0..self.settings.samples.div_ceil(10).max(1))
                .map(|_| CardSet::ALL - self.draw(unseen, discards))
                .collect()
        };
        let samples = self.settings.samples.div_ceil(groups.len()).max(1);
        let view_of = |pack: CardSet| CardPlayView {
            seats: n,
            seat: me,
            hand: obs.hand,
            completed: &completed,
            trick_leader: obs.trick_leader,
            trick: &obs.trick,
            shown: &shown,
            ruled_out: &ruled_out,
            counting: Counting::card_points_with(mode, eleven),
            rules: TrickRules::Strict,
            pack,
            per_seat,
        };
        let mut worlds = Vec::new();
        for pack in groups {
            let settings = CardPlaySettings {
                samples,
                ..self.settings
            };
            worlds.extend(card_worlds(&view_of(pack), &settings, &mut self.rng, &rule));
        }
        let view = view_of(CardSet::ALL);
        let cards: Vec<Card> = legal.iter().collect();
        // In the exact last tricks (`exact_tricks`, off by default) the King plays for his
        // party's points (or his Hindersi) and the Bauern against them.
        let measure = |points: &[u32; 4], tricks: &[u8; 4]| -> [i32; 4] {
            let out = PlayedOut {
                taken: [CardSet::EMPTY; 4],
                points: *points,
                tricks: *tricks,
                mode,
            };
            let v = king_value(hindersi, king, &out, n) as i32;
            std::array::from_fn(|p| if p == king { v } else { -v })
        };
        let exact = (self.settings.exact_tricks > 0).then_some(Exact {
            tricks: self.settings.exact_tricks,
            utility: &measure,
        });
        sampled_card(&view, &cards, &worlds, &rule, &value, exact.as_ref())
            .unwrap_or_else(rule_fallback)
    }
}

impl Player<jass_core::bieter::Bieter> for SamplingBieter {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, jass_core::bieter::Bieter>) -> BieterAction {
        let obs = decision.observation();
        match obs.phase {
            BieterPhase::Contract => {
                let contract = self.contract(&obs);
                let action = BieterAction::Contract { contract };
                if decision.legal.iter().any(|a| a == action) {
                    action
                } else {
                    rule_action(&obs, &self.opts, self.king_share)
                }
            }
            BieterPhase::Play => {
                let legal: CardSet = decision.legal.played_cards();
                BieterAction::Play {
                    card: self.card(&obs, legal),
                }
            }
            _ => rule_action(&obs, &self.opts, self.king_share),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::RandomPlayer;
    use jass_core::bieter::{play_recorded, Bieter};

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    /// The stakes each seat won over `games` whole Partien from `seed` on.
    fn stakes_over(
        make: &dyn Fn(u64) -> Vec<Box<dyn Player<Bieter>>>,
        options: BieterOptions,
        games: u64,
        seed: u64,
    ) -> Vec<i64> {
        let mut sum = vec![0; options.players as usize];
        for g in 0..games {
            let mut players = make(seed + g);
            let record = play_recorded(options, seed + g, &mut players).unwrap();
            let settled = record.result.settlement.expect("the Partie ended");
            for (s, v) in settled.iter().enumerate() {
                sum[s] += v;
            }
        }
        sum
    }

    #[test]
    fn the_rule_player_values_the_hand_for_its_bid_and_contract() {
        // Trumps from the Jack down, Aces beside: hearts, and far more than a poor hand.
        let strong = cards("HJ H9 HA HK H10 DA DK SA CA C10");
        assert_eq!(
            best_contract(strong, true, 10),
            BieterContract::Mode(Mode::Trump(Suit::H))
        );
        let poor = cards("D6 D8 H7 HQ S6 S8 S10 C7 C8 CJ");
        let (s, p) = (
            points_estimate(strong, Mode::Trump(Suit::H), 10),
            points_estimate(poor, Mode::Obenabe, 10),
        );
        assert!(s > 100 && p < 40, "{s} {p}");
        // The bid follows the first deal's promise: a strong hand reaches 600, a poor one not.
        let opts = BieterOptions::default();
        assert!(
            bid_limit(&opts, s, KING_SHARE) >= 600,
            "{}",
            bid_limit(&opts, s, KING_SHARE)
        );
        assert!(
            bid_limit(&opts, p, KING_SHARE) < 600,
            "{}",
            bid_limit(&opts, p, KING_SHARE)
        );
        // Low cards with a Six or Seven in every suit: Hindersi, unless it is not played.
        let low = cards("D6 D7 D9 H6 H8 S7 S8 S10 C6 CJ");
        assert_eq!(best_contract(low, true, 10), BieterContract::Hindersi);
        assert!(matches!(
            best_contract(low, false, 10),
            BieterContract::Mode(_)
        ));
    }

    #[test]
    fn the_king_lays_away_what_helps_his_contract_least() {
        // Sixteen cards, hearts the best trump: the King keeps his trumps and Aces and lays
        // away low plain cards first.
        let mut hand = cards("HJ H9 HA HK H10 H8 DA DK SA CA D6 S7 C6 C8 S9 D8");
        let mut away = CardSet::EMPTY;
        for _ in 0..6 {
            let c = rule_discard(hand, 10, UndenufeEleven::Six);
            hand.remove(c);
            away.insert(c);
        }
        assert!((away & cards("HJ H9 HA DA SA CA")).is_empty(), "{away}");
        assert_eq!(hand.len(), 10);
    }

    #[test]
    fn the_rule_player_beats_random_players() {
        let opts = BieterOptions::default();
        let make = |seed: u64| -> Vec<Box<dyn Player<Bieter>>> {
            vec![
                Box::new(RuleBieter::new(opts, KING_SHARE)),
                Box::new(RandomPlayer::new(seed)),
                Box::new(RandomPlayer::new(seed + 1)),
            ]
        };
        let stakes = stakes_over(&make, opts, 30, 1);
        assert!(stakes[0] > 20, "{stakes:?}");
    }

    #[test]
    fn the_sampling_player_wins_stakes_from_rule_players() {
        for players in [3u8, 4] {
            let opts = BieterOptions {
                players,
                min_bid: BieterOptions::min_bid_for(players),
                ..BieterOptions::default()
            };
            // The sampling player in each seat in turn against rule players, on the same deals.
            let mut won = 0;
            for seat in 0..players as usize {
                let make = |seed: u64| -> Vec<Box<dyn Player<Bieter>>> {
                    (0..players as usize)
                        .map(|s| -> Box<dyn Player<Bieter>> {
                            if s == seat {
                                Box::new(SamplingBieter::new(
                                    opts,
                                    CardPlaySettings {
                                        samples: 20,
                                        ..SamplingBieter::DEFAULT
                                    },
                                    KING_SHARE,
                                    seed,
                                ))
                            } else {
                                Box::new(RuleBieter::new(opts, KING_SHARE))
                            }
                        })
                        .collect()
                };
                won += stakes_over(&make, opts, 8, 5)[seat];
            }
            assert!(
                won > 0,
                "{players} players: the sampling player's stakes {won}"
            );
        }
    }
}

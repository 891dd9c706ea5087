//! A sampling Handjass player (perfect-information Monte Carlo with rollouts). Every player is for
//! himself, and some cards lie out of play (the blind, the stock, discards, dropped hands), so the
//! exact two-team solver does not fit: every legal card is judged by playing the deal out in
//! sampled worlds with the rule player's card play for everyone at the table, and scoring the deal
//! as the engine does (the two best scores at or above the threshold a stroke each, the whole
//! strokes to a sole player above it, a potato below it; equal scores share the strokes they
//! contest). The card with the best average strokes minus potatoes of its own seat is played.
//!
//! The worlds agree with what the seat has seen: the cards played, voids and the other inferences
//! of the trick rules (strict, or 002's heading rules), where the turned card lies, and the scoring
//! Weis shown after the first trick; every card it has not seen is in a hand at the table or out of
//! play, in the right numbers. The choice to play, drop out or take the blind, the six exchange,
//! Bessern, agreement and Weis are the rule player's.

use jass_core::handjass::{
    Handjass, HandjassAction, HandjassObservation, HandjassOptions, Phase, SmallDeal, StrokeCount,
    TurnedCardPlace,
};
use jass_core::weis::stoeck_cards;
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, UndenufeEleven};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::pimc::{deal_unknown, excluded_by_play, MAX_SEATS};
use crate::play_common::take_points;
use crate::rollout::Rollout;
use crate::rule_handjass::RuleHandjass;

/// The sampling Handjass player.
pub struct SamplingHandjass {
    options: HandjassOptions,
    samples: usize,
    rule: RuleHandjass,
    rng: Xoshiro256PlusPlus,
    sampled: u64,
}

/// What a seat knows of the cards it cannot see, in the form the sampler deals from.
struct Hidden {
    /// Seats at the table in playing order.
    order: Vec<u8>,
    /// Cards known to be in each seat's hand (its own hand, shown Weis, the turned card).
    known: [CardSet; MAX_SEATS],
    /// Holders of unknown cards: the other playing seats, then the cards out of play.
    holders: Vec<u8>,
    possible: Vec<CardSet>,
    need: Vec<u32>,
    unknown: CardSet,
}

impl SamplingHandjass {
    /// Worlds per card decision by default.
    pub const DEFAULT_SAMPLES: usize = 48;

    /// A player for a game with these options; `seed` fixes its worlds.
    pub fn new(options: HandjassOptions, seed: u64) -> Self {
        Self::with_samples(options, Self::DEFAULT_SAMPLES, seed)
    }

    /// A player drawing `samples` worlds per card decision.
    pub fn with_samples(options: HandjassOptions, samples: usize, seed: u64) -> Self {
        SamplingHandjass {
            options,
            samples,
            rule: RuleHandjass::new(options),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            sampled: 0,
        }
    }

    /// How many decisions this player has made by sampling (the others were the rule player's).
    pub fn sampled(&self) -> u64 {
        self.sampled
    }

    fn threshold(&self, obs: &HandjassObservation) -> u32 {
        if self.options.small_deal == SmallDeal::Twelve && obs.table.len() <= 3 {
            self.options
                .twelve_threshold
                .unwrap_or(self.options.threshold)
        } else {
            self.options.threshold
        }
    }

    fn strokes(&self, obs: &HandjassObservation) -> u32 {
        let m = obs.table.len() as u32;
        if m == 2 {
            1
        } else {
            match self.options.strokes {
                StrokeCount::Two => 2,
                StrokeCount::PlayersMinusOne => m - 1,
            }
        }
    }

    /// The seat's knowledge, or `None` if the observation does not add up (then the rule player
    /// decides).
    fn hidden(&self, obs: &HandjassObservation, mode: Mode) -> Option<Hidden> {
        let me = obs.seat;
        let order = obs.playing.clone();
        let mut tricks: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        if !obs.trick.is_empty() {
            tricks.push((obs.trick_leader, obs.trick.as_slice()));
        }
        let ex = excluded_by_play(&order, &tricks, mode, self.options.trick_rules);
        let mut played = CardSet::EMPTY;
        let mut played_by = [0u32; MAX_SEATS];
        for &(leader, cards) in &tricks {
            let start = order.iter().position(|&s| s == leader)?;
            for (i, &c) in cards.iter().enumerate() {
                played.insert(c);
                played_by[order[(start + i) % order.len()] as usize] += 1;
            }
        }
        let size = obs.hand.len() + played_by[me as usize];
        let mut known = [CardSet::EMPTY; MAX_SEATS];
        known[me as usize] = obs.hand;
        let mut dead_known = CardSet::EMPTY;
        // The turned card only in the dealer's hand or among his discards.
        let mut only_with: Option<(Card, u8)> = None;
        if let (Some(c), Some(at)) = (obs.turned_card, obs.turned_card_at) {
            if !played.contains(c) && !obs.hand.contains(c) {
                match at {
                    TurnedCardPlace::BlindTaker { seat } | TurnedCardPlace::Hand { seat } => {
                        if order.contains(&seat) {
                            known[seat as usize].insert(c);
                        } else {
                            dead_known.insert(c);
                        }
                    }
                    TurnedCardPlace::HandOrDiscards { seat } => only_with = Some((c, seat)),
                    TurnedCardPlace::Blind
                    | TurnedCardPlace::Stock
                    | TurnedCardPlace::Table
                    | TurnedCardPlace::Discarded { .. } => dead_known.insert(c),
                    TurnedCardPlace::Played => {}
                }
            }
        }
        if let Some((seat, melds)) = obs.weis_shown {
            if seat != me && order.contains(&seat) {
                for m in melds.iter() {
                    known[seat as usize] |= m.0 - played;
                }
            }
        }
        let all_known = known.iter().fold(dead_known, |a, &b| a | b);
        let unknown = CardSet::ALL - played - all_known;
        let mut holders = Vec::new();
        let mut possible = Vec::new();
        let mut need = Vec::new();
        for &s in &order {
            if s == me {
                continue;
            }
            let count = size.checked_sub(played_by[s as usize])?;
            let n = count.checked_sub(known[s as usize].len())?;
            let mut p = (CardSet::ALL - ex[s as usize]) & unknown;
            if let Some((c, holder)) = only_with {
                if holder != s {
                    p.remove(c);
                }
            }
            holders.push(s);
            possible.push(p);
            need.push(n);
        }
        let in_hands: u32 = need.iter().sum();
        let dead = unknown.len().checked_sub(in_hands)?;
        holders.push(u8::MAX);
        possible.push(unknown);
        need.push(dead);
        Some(Hidden {
            order,
            known,
            holders,
            possible,
            need,
            unknown,
        })
    }

    /// Strokes minus potatoes of `me` for these deal totals of the playing seats.
    fn slate_value(&self, obs: &HandjassObservation, totals: &[(u8, u32)], me: u8) -> f64 {
        let thr = self.threshold(obs);
        let mine = totals.iter().find(|t| t.0 == me).map(|t| t.1).unwrap_or(0);
        if mine < thr {
            return -1.0;
        }
        let mut ok: Vec<u32> = totals.iter().map(|t| t.1).filter(|&x| x >= thr).collect();
        ok.sort_unstable_by(|a, b| b.cmp(a));
        let big_s = self.strokes(obs) as usize;
        let mut alloc = vec![0f64; ok.len()];
        for a in alloc.iter_mut().take(big_s) {
            *a = 1.0;
        }
        if ok.len() < big_s && self.options.sole_takes_all {
            alloc[0] += (big_s - ok.len()) as f64;
        }
        // My places: those with my total; equal totals share their strokes.
        let places: Vec<usize> = (0..ok.len()).filter(|&i| ok[i] == mine).collect();
        places.iter().map(|&i| alloc[i]).sum::<f64>() / places.len() as f64
    }

    fn sampled_card(&mut self, obs: &HandjassObservation, legal: CardSet) -> Option<Card> {
        if legal.len() < 2 {
            return legal.iter().next();
        }
        let mode = obs.trump?;
        let me = obs.seat;
        let h = self.hidden(obs, mode)?;
        let n = h.order.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return None;
        }
        let rules = self.options.meld_rules();
        let weis = obs.weis_shown.map(|(s, m)| (s, m.points(mode, &rules)));
        let mut taken = [0u32; MAX_SEATS];
        let mut tricks = [0u8; MAX_SEATS];
        let mut played = CardSet::EMPTY;
        let mut played_by = [CardSet::EMPTY; MAX_SEATS];
        for t in &obs.tricks {
            taken[t.winner as usize] += t.points;
            tricks[t.winner as usize] += 1;
            let start = h.order.iter().position(|&s| s == t.leader)?;
            for (i, &c) in t.cards.iter().enumerate() {
                played.insert(c);
                played_by[h.order[(start + i) % n] as usize].insert(c);
            }
        }
        let mut trick = [Card::from_dense(0); MAX_SEATS];
        let start = h.order.iter().position(|&s| s == obs.trick_leader)?;
        for (i, &c) in obs.trick.iter().enumerate() {
            trick[i] = c;
            played.insert(c);
            played_by[h.order[(start + i) % n] as usize].insert(c);
        }
        let mut order = [0u8; MAX_SEATS];
        order[..n].copy_from_slice(&h.order);
        let mut totals = [0f64; 64];
        let mut worlds = 0;
        for _ in 0..self.samples {
            let Some(got) =
                (0..20).find_map(|_| deal_unknown(h.unknown, &h.possible, &h.need, &mut self.rng))
            else {
                continue;
            };
            let mut hands = h.known;
            for (i, &s) in h.holders.iter().enumerate() {
                if s != u8::MAX {
                    hands[s as usize] |= got[i];
                }
            }
            // Points beyond the tricks: the scoring Weis, and Stöck (scored or held).
            let mut extra = [0u32; MAX_SEATS];
            if let Some((s, p)) = weis {
                extra[s as usize] += p;
            }
            if self.options.stoeck {
                if let Some(s) = obs.stoeck {
                    extra[s as usize] += 20;
                } else if let Some(t) = mode.trump() {
                    if let Some(&s) = h.order.iter().find(|&&s| {
                        (hands[s as usize] | played_by[s as usize]).contains_all(stoeck_cards(t))
                    }) {
                        extra[s as usize] += 20;
                    }
                }
            }
            let base = Rollout {
                order,
                n,
                hands,
                mode,
                points: PointTable::new(mode, UndenufeEleven::Ace),
                rules: self.options.trick_rules,
                leader: obs.trick_leader,
                trick,
                trick_len: obs.trick.len(),
                taken,
                tricks,
                played,
                last_bonus: self.options.last_trick_bonus,
            };
            for c in legal {
                let mut r = base;
                r.play(c);
                while !r.done() {
                    let v = r.view();
                    let card = take_points(&v);
                    r.play(card);
                }
                let finals: Vec<(u8, u32)> = h
                    .order
                    .iter()
                    .map(|&s| (s, r.taken[s as usize] + extra[s as usize]))
                    .collect();
                totals[c.index()] += self.slate_value(obs, &finals, me);
            }
            worlds += 1;
        }
        if worlds == 0 {
            return None;
        }
        legal
            .iter()
            .max_by(|a, b| totals[a.index()].total_cmp(&totals[b.index()]))
    }
}

impl Player<Handjass> for SamplingHandjass {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Handjass>) -> HandjassAction {
        let obs = decision.observation();
        if obs.phase == Phase::Play {
            let cards: CardSet = decision
                .legal
                .iter()
                .filter_map(|a| match a {
                    HandjassAction::Play { card } => Some(card),
                    _ => None,
                })
                .collect();
            if !cards.is_empty() {
                if let Some(card) = self.sampled_card(&obs, cards) {
                    self.sampled += 1;
                    return HandjassAction::Play { card };
                }
            }
        }
        self.rule.act(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::{uniform_below, SeededDealer};
    use jass_core::game::{ActionList, Game, ToMove};

    /// At every card decision of seeded random games, the true hands fit what the seat knows:
    /// the known cards are there, every other card of a seat at the table is possible for it, and
    /// the numbers (in each hand and out of play) are right.
    #[test]
    fn the_truth_is_always_a_possible_world() {
        let mut variants: Vec<HandjassOptions> = Vec::new();
        for players in 2..=5u8 {
            variants.push(HandjassOptions {
                players,
                ..HandjassOptions::default()
            });
        }
        for preset in ["parlett", "004-twelve", "must-play"] {
            variants.push(HandjassOptions::preset(preset).unwrap());
        }
        for players in [2u8, 3] {
            variants.push(HandjassOptions {
                players,
                small_deal: SmallDeal::Bessern,
                ..HandjassOptions::default()
            });
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut list = ActionList::new();
        let mut checked = 0;
        for o in variants {
            let player = SamplingHandjass::new(o, 0);
            for seed in 0..12u64 {
                let mut s = Handjass::new(o).unwrap();
                let mut dealer = SeededDealer::new(seed);
                for _ in 0..3000 {
                    match s.to_move() {
                        ToMove::Over => break,
                        ToMove::Deal => {
                            let d = s.deal_from_pack(&dealer.next_pack());
                            s.deal(d).unwrap();
                        }
                        ToMove::Seat(seat) => {
                            s.legal_actions(&mut list);
                            let obs = s.observe(seat);
                            if obs.phase == Phase::Play
                                && matches!(list.get(0), HandjassAction::Play { .. })
                            {
                                let h = player
                                    .hidden(&obs, obs.trump.unwrap())
                                    .expect("the observation adds up");
                                let truth = s.hands();
                                let mut in_hands = CardSet::EMPTY;
                                for (i, &p) in h.holders.iter().enumerate() {
                                    if p == u8::MAX {
                                        continue;
                                    }
                                    let t = truth[p as usize];
                                    assert!(
                                        t.contains_all(h.known[p as usize]),
                                        "{o:?} seed {seed}"
                                    );
                                    let rest = t - h.known[p as usize];
                                    assert!(
                                        h.possible[i].contains_all(rest),
                                        "{o:?} seed {seed} seat {seat} about {p}: {rest} not within {}",
                                        h.possible[i]
                                    );
                                    assert_eq!(h.need[i], rest.len());
                                    in_hands |= rest;
                                }
                                assert_eq!(
                                    h.unknown.len() - in_hands.len(),
                                    *h.need.last().unwrap()
                                );
                                assert_eq!(truth[seat], obs.hand);
                                checked += 1;
                            }
                            let a = list.get(uniform_below(&mut rng, list.len() as u32) as usize);
                            s.apply(a).unwrap();
                        }
                    }
                }
            }
        }
        assert!(checked > 2000, "{checked}");
    }
}

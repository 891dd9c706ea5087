//! Computer players for Pandur: a rule player (its hand valued by sure tricks, melds and the
//! marriage for a numerical bid, by its low cards for Misère and its top cards for Pandur; the
//! card play of the soloist and of the two opponents who play against him) and a sampling player
//! (the auction by play-outs of the contracts in worlds of the others' hands, the card play by
//! `jass_bots::card_play_sampling`: every legal card played out in worlds that agree with what
//! the seat has seen, everyone by the rule card, the card that does best for its side kept).
//!
//! The players see the deal as the trick-play core does: the three active seats as places 0, 1,
//! 2 from forehand.

use jass_core::meld_contest::{meld_contest, no_partners};
use jass_core::pandur::{
    marriage, Pandur, PandurAction, PandurContract, PandurObservation, PandurPhase,
    PACK, WEIS_RULES,
};
use jass_core::weis::best_declaration;
use jass_core::{Card, CardSet, Decision, Mode, Rank, Suit, UndenufeEleven};
use jass_core::{Player, TrickRules};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use jass_bots::card_play_sampling::{
    card_worlds, play_out, sampled_card, CardPlaySettings, CardPlayView, Counting, Exact, PlayedOut,
};
use jass_bots::solo_card::{self, solo_rule_card, SoloAim, SoloDeal};

/// The cards of a deal as a player reasons about them: the contract, the soloist's place and the
/// mode of play.
#[derive(Clone, Copy, Debug)]
pub struct Deal {
    /// The contract.
    pub contract: PandurContract,
    /// The soloist's place.
    pub solo: usize,
    /// The seats that play the deal (three, or two once only two are left in).
    pub seats: usize,
}

impl Deal {
    /// The trick rules of the deal's play.
    fn rules(self) -> TrickRules {
        Pandur::trick_rules(self.contract)
    }
}

/// The sure tricks of `suit` held in `cards` in `mode` (in Pandur's 24 cards).
fn top_run(cards: CardSet, suit: Suit, mode: Mode) -> u32 {
    solo_card::top_run(cards, suit, mode, PACK)
}

/// What `hand` may make as soloist with `trump` (card points, its melds and the marriage): its
/// sure trump tricks and length, its side Aces and Kings beside them, each trick about a
/// quarter under a fair share of 157 in eight tricks; melds and marriage in full.
pub fn points_estimate(hand: CardSet, trump: Suit) -> u32 {
    let mode = Mode::Trump(trump);
    let trumps = hand.of_suit(trump);
    let run = top_run(hand, trump, mode);
    let mut tricks = run + trumps.len().saturating_sub(run + 2);
    for s in Suit::ALL.into_iter().filter(|&s| s != trump) {
        tricks += top_run(hand, s, mode).min(2);
    }
    let melds = best_declaration(hand, mode, &WEIS_RULES).points(mode, &WEIS_RULES);
    tricks.min(8) * 19 + melds + marriage(hand, trump)
}

/// The trump a soloist names: the suit its hand makes the most in.
pub fn best_trump(hand: CardSet) -> Suit {
    Suit::ALL
        .into_iter()
        .max_by_key(|&s| (points_estimate(hand, s), hand.of_suit(s).len()))
        .expect("a suit")
}

/// Whether `hand` takes every trick without trump, leading first: every suit it holds a run from
/// the Ace down.
fn sure_pandur(hand: CardSet) -> bool {
    Suit::ALL
        .into_iter()
        .all(|s| top_run(hand, s, Mode::Obenabe) == hand.of_suit(s).len())
}

/// Whether `hand` takes every trick with a trump it leads: three or more trumps from the Jack
/// down (which draw the others' six at most), every other suit a run from the Ace down.
fn sure_trump_pandur(hand: CardSet) -> Option<Suit> {
    Suit::ALL.into_iter().find(|&t| {
        let mode = Mode::Trump(t);
        let run = top_run(hand, t, mode);
        run >= 3
            && run == hand.of_suit(t).len()
            && Suit::ALL
                .into_iter()
                .filter(|&s| s != t)
                .all(|s| top_run(hand, s, mode) == hand.of_suit(s).len())
    })
}

/// Whether `hand` may hope to lose every trick without trump: no Ace or King, and a Nine or Ten
/// in every suit it holds.
fn fair_misere(hand: CardSet) -> bool {
    Suit::ALL.into_iter().all(|s| {
        let cards = hand.of_suit(s);
        cards.is_empty()
            || (!cards.contains(Card::new(s, Rank::Ace))
                && !cards.contains(Card::new(s, Rank::King))
                && (cards.contains(Card::new(s, Rank::Nine))
                    || cards.contains(Card::new(s, Rank::Ten))))
    })
}

/// The contracts `hand` would play, by the rule player's values.
fn affordable(hand: CardSet) -> Vec<PandurContract> {
    let best = Suit::ALL
        .into_iter()
        .map(|s| points_estimate(hand, s))
        .max()
        .unwrap_or(0);
    PandurContract::ladder()
        .filter(|c| match *c {
            PandurContract::Points(n) => n <= best,
            PandurContract::Misere => fair_misere(hand),
            PandurContract::TrumpMisere => false,
            PandurContract::Pandur => sure_pandur(hand),
            PandurContract::TrumpPandur => sure_trump_pandur(hand).is_some(),
        })
        .collect()
}

/// The rule player's call: of the contracts above the last bid that the hand affords, the one
/// worth the most (the lowest of equals), else pass.
pub fn rule_call(hand: CardSet, last: Option<PandurContract>) -> PandurAction {
    let above = last.map_or(0, |c| c.level());
    affordable(hand)
        .into_iter()
        .filter(|c| c.level() > above)
        .max_by_key(|c| (c.value(), std::cmp::Reverse(c.level())))
        .map_or(PandurAction::Pass, |contract| PandurAction::Call {
            contract,
        })
}

/// The card the rule player plays: `seat` (its place), `hand`, the trick so far (lead first),
/// every card played in the deal (`gone`), the mode of play; by the rule card of a solo deal
/// (`jass_bots::solo_card`): a numerical contract's soloist plays for points, Misère's to lose
/// every trick, Pandur's to take every one, the opponents against him.
pub fn rule_card(
    deal: Deal,
    seat: usize,
    hand: CardSet,
    trick: &[Card],
    gone: CardSet,
    mode: Mode,
) -> Card {
    let aim = if deal.contract.is_misere() {
        SoloAim::LoseAll
    } else if deal.contract.is_pandur() {
        SoloAim::TakeAll
    } else {
        SoloAim::Points
    };
    let solo = SoloDeal {
        aim,
        solo: deal.solo,
        seats: deal.seats,
        rules: deal.rules(),
        pack: PACK,
        eleven: UndenufeEleven::Ace,
    };
    solo_rule_card(solo, seat, hand, trick, gone, mode)
}

/// A seat's view of the deal in places: the contract and soloist, the seat's place.
fn deal_of(obs: &PandurObservation) -> Option<(Deal, usize)> {
    let place = |seat: u8| obs.place_of(seat);
    let deal = Deal {
        contract: obs.contract?,
        solo: place(obs.soloist?)?,
        seats: obs.active.len(),
    };
    Some((deal, place(obs.seat)?))
}

/// The mode of play as the seat sees it (no trump before a trump is named or led).
fn mode_of(obs: &PandurObservation) -> Mode {
    obs.trump.map_or(Mode::Obenabe, Mode::Trump)
}

/// The rule player.
#[derive(Clone, Debug, Default)]
pub struct RulePandur;

impl RulePandur {
    /// A rule player.
    pub fn new() -> Self {
        RulePandur
    }
}

/// The rule player's action in `obs` (also the sampling player's where it plays by rule).
fn rule_action(obs: &PandurObservation) -> PandurAction {
    match obs.phase {
        PandurPhase::Auction => rule_call(obs.hand, obs.contract),
        PandurPhase::Trump => PandurAction::Trump {
            trump: best_trump(obs.hand),
        },
        _ => {
            let (deal, seat) = deal_of(obs).expect("a contract and an active seat");
            let (hand, mode) = first_lead_mode(deal, obs.hand, obs.trump);
            PandurAction::Play {
                card: rule_card(deal, seat, hand, &obs.trick, obs.played_cards(), mode),
            }
        }
    }
}

/// The cards the seat may choose from and the mode of its card: in the trump contracts the first
/// lead makes its own suit trump, so the rule card leads from the suit it picks for trump
/// ([`lead_suit`]); otherwise the hand in the deal's mode (no trump before one is named).
fn first_lead_mode(deal: Deal, hand: CardSet, trump: Option<Suit>) -> (CardSet, Mode) {
    match trump {
        None if deal.contract.trump_by_lead() => {
            let t = lead_suit(hand, deal.contract);
            (hand.of_suit(t), Mode::Trump(t))
        }
        _ => (hand, trump.map_or(Mode::Obenabe, Mode::Trump)),
    }
}

/// The suit a trump contract's soloist makes trump by his first lead: for trump Pandur the suit
/// that makes it sure, else the longest; for the trump Misère the shortest, of equals the one
/// with the lowest top card (004: "Trump Misère … must be made in a very short suit").
fn lead_suit(hand: CardSet, contract: PandurContract) -> Suit {
    let held = Suit::ALL
        .into_iter()
        .filter(|&s| !hand.of_suit(s).is_empty());
    let top = |s: Suit| {
        hand.of_suit(s)
            .iter()
            .map(|c| Mode::Obenabe.trick_key(c, s))
            .max()
            .unwrap_or(0)
    };
    if contract.is_misere() {
        return held
            .min_by_key(|&s| (hand.of_suit(s).len(), top(s)))
            .unwrap_or(Suit::D);
    }
    sure_trump_pandur(hand).unwrap_or_else(|| {
        held.max_by_key(|&s| (hand.of_suit(s).len(), top_run(hand, s, Mode::Trump(s))))
            .unwrap_or(Suit::D)
    })
}

impl Player<Pandur> for RulePandur {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Pandur>) -> PandurAction {
        rule_action(&decision.observation())
    }
}

/// What a played-out deal is worth to the soloist's side: made or not, then by how much (the
/// soloist's points of a numerical contract, his tricks otherwise); `melds` and `marriage` what
/// he counts beside his card points.
fn solo_value(deal: Deal, out: &PlayedOut, extra: u32) -> i64 {
    let s = deal.solo;
    let tricks = i64::from(out.tricks[s]);
    match deal.contract {
        PandurContract::Points(n) => {
            let total = out.points[s] + extra;
            i64::from(total >= n) * 1000 + i64::from(total)
        }
        c if c.is_misere() => i64::from(out.tricks[s] == 0) * 1000 - tricks,
        _ => i64::from(out.tricks[s] as usize == 8) * 1000 + tricks,
    }
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingPandur {
    settings: CardPlaySettings,
    rng: Xoshiro256PlusPlus,
}

impl SamplingPandur {
    /// The default settings: 100 worlds a decision, the others' cards read from their play
    /// (weight 10 for each card the rule card play would have chosen otherwise), the play-outs
    /// by the rule card to the end. 100 worlds against 40 lost 23.0% ± 1.0% of the games (a
    /// fair share 25%), the last three tricks solved 23.1% ± 1.1% at four times the time (`jass
    /// arena … -g pandur -n 300 --seed 2`; docs/lab/players-history-other-games.md, "Pandur").
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 100,
        infer: 10,
        infer_pool: 4,
        exact_tricks: 0,
    };

    /// A sampling player with `settings`, its worlds drawn from `seed`.
    pub fn new(settings: CardPlaySettings, seed: u64) -> Self {
        SamplingPandur {
            settings,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// Worlds of the deal before its first card: the seat's hand and the others' drawn from the
    /// rest of the pack, eight to each of the other `seats` (by place; with two, the rest aside).
    fn opening_worlds(&mut self, place: usize, hand: CardSet, seats: usize) -> Vec<[CardSet; 4]> {
        let rest: Vec<Card> = (PACK - hand).iter().collect();
        (0..self.settings.samples)
            .map(|_| {
                let mut cards = rest.clone();
                for i in (1..cards.len()).rev() {
                    let j = (self.rng.next_u64() % (i as u64 + 1)) as usize;
                    cards.swap(i, j);
                }
                let mut world = [CardSet::EMPTY; 4];
                world[place] = hand;
                let others: Vec<usize> = (0..seats).filter(|&p| p != place).collect();
                for (k, &c) in cards.iter().take(8 * others.len()).enumerate() {
                    world[others[k / 8]].insert(c);
                }
                world
            })
            .collect()
    }

    /// What the seat at `place`, soloist of `contract` and leading the first trick, makes of
    /// it in each of `worlds` when everyone plays by the rule card: the soloist's points of a
    /// numerical contract in its best trump (its melds counted where they beat the others',
    /// its marriage), his tricks otherwise.
    fn outcomes(
        contract: PandurContract,
        place: usize,
        seats: usize,
        worlds: &[[CardSet; 4]],
    ) -> Vec<u32> {
        let deal = Deal {
            contract,
            solo: place,
            seats,
        };
        let hand = worlds[0][place];
        let mode = match contract {
            PandurContract::Points(_) => Mode::Trump(best_trump(hand)),
            c if c.trump_by_lead() => Mode::Trump(lead_suit(hand, c)),
            _ => Mode::Obenabe,
        };
        let view = CardPlayView::opening(seats, place, hand, Counting::card_points(mode), deal.rules(), PACK, 8);
        let rule = |seat: usize, h, t: &[Card], g, _last, m| rule_card(deal, seat, h, t, g, m);
        let (lead_from, _) = first_lead_mode(
            deal,
            hand,
            mode.trump().filter(|_| !contract.trump_by_lead()),
        );
        let first = rule_card(deal, place, lead_from, &[], CardSet::EMPTY, mode);
        worlds
            .iter()
            .map(|world| {
                let out = play_out(&view, *world, first, &rule, None);
                match (contract, mode.trump()) {
                    (PandurContract::Points(_), Some(t)) => {
                        out.points[place] + melds_of(world, place, mode, seats) + marriage(hand, t)
                    }
                    _ => u32::from(out.tricks[place]),
                }
            })
            .collect()
    }

    /// The call: the contract above the last whose play-outs promise the most, a made contract
    /// writing its value to the soloist and a lost one to each opponent (against the others,
    /// `value × (2 × chance − 1)`); pass where none promises anything.
    fn call(&mut self, obs: &PandurObservation) -> PandurAction {
        let Some(place) = obs.place_of(obs.seat) else {
            return PandurAction::Pass;
        };
        let seats = obs.active.len();
        let worlds = self.opening_worlds(place, obs.hand, seats);
        let above = obs.contract.map_or(0, |c| c.level());
        let n = worlds.len().max(1) as f64;
        let points = Self::outcomes(PandurContract::Points(100), place, seats, &worlds);
        let mut best: Option<(f64, PandurContract)> = None;
        for contract in PandurContract::ladder().filter(|c| c.level() > above) {
            let made = match contract {
                PandurContract::Points(b) => points.iter().filter(|&&p| p >= b).count(),
                c => {
                    let tricks = Self::outcomes(c, place, seats, &worlds);
                    let want = if c.is_misere() { 0 } else { 8 };
                    tricks.iter().filter(|&&t| t == want).count()
                }
            };
            let gain = f64::from(contract.value()) * (2.0 * made as f64 / n - 1.0);
            if gain > 0.0 && best.is_none_or(|(g, _)| gain > g) {
                best = Some((gain, contract));
            }
        }
        best.map_or(PandurAction::Pass, |(_, contract)| PandurAction::Call {
            contract,
        })
    }

    fn card(&mut self, obs: &PandurObservation, legal: CardSet) -> Card {
        let (deal, place) = deal_of(obs).expect("a contract and an active seat");
        let rule_fallback = || {
            let (hand, mode) = first_lead_mode(deal, obs.hand, obs.trump);
            rule_card(deal, place, hand, &obs.trick, obs.played_cards(), mode)
        };
        if legal.len() < 2 {
            return legal.first().unwrap_or_else(rule_fallback);
        }
        let place_of = |seat: u8| obs.place_of(seat).unwrap_or(0) as u8;
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (place_of(t.leader), t.cards.as_slice()))
            .collect();
        let shown: Vec<(u8, CardSet)> = obs
            .melds
            .iter()
            .map(|m| (place_of(m.seat), m.weis.cards()))
            .collect();
        let solo_side = place == deal.solo;
        // What the soloist counts beside his card points: his melds (shown after the first
        // trick), and his marriage, which only he knows of before the deal's end.
        let extra = obs.deal_tally.melds
            + match obs.trump {
                Some(t) if solo_side => marriage(held_by(obs, place, &completed), t),
                _ => 0,
            };
        let sign = if solo_side { 1 } else { -1 };
        let value = |out: &PlayedOut| sign * solo_value(deal, out, extra);
        let rule = |seat: usize, h, t: &[Card], g, _last, m| rule_card(deal, seat, h, t, g, m);
        if deal.contract.trump_by_lead() && obs.trump.is_none() {
            // The first lead names the trump: each card played out under its own suit as trump.
            let worlds = self.opening_worlds(place, obs.hand, deal.seats);
            return legal
                .iter()
                .max_by_key(|&c| {
                    let view = CardPlayView::opening(
                        deal.seats,
                        place,
                        obs.hand,
                        Counting::card_points(Mode::Trump(c.suit())),
                        deal.rules(),
                        PACK,
                        8,
                    );
                    worlds
                        .iter()
                        .map(|&w| value(&play_out(&view, w, c, &rule, None)))
                        .sum::<i64>()
                })
                .expect("a legal card");
        }
        let mode = mode_of(obs);
        let view = CardPlayView {
            seats: deal.seats,
            seat: place,
            hand: obs.hand,
            completed: &completed,
            trick_leader: place_of(obs.trick_leader),
            trick: &obs.trick,
            shown: &shown,
            ruled_out: &[],
            counting: Counting::card_points(mode),
            rules: deal.rules(),
            pack: PACK,
            per_seat: 8,
        };
        let worlds = card_worlds(&view, &self.settings, &mut self.rng, &rule);
        let cards: Vec<Card> = legal.iter().collect();
        // In the exact last tricks (`exact_tricks`, off by default) the soloist plays for his
        // contract and the opponents against it.
        let measure = |points: &[u32; 4], tricks: &[u8; 4]| -> [i32; 4] {
            let out = PlayedOut {
                taken: [CardSet::EMPTY; 4],
                points: *points,
                tricks: *tricks,
                mode,
            };
            let v = solo_value(deal, &out, extra) as i32;
            std::array::from_fn(|p| if p == deal.solo { v } else { -v })
        };
        let exact = (self.settings.exact_tricks > 0).then_some(Exact {
            tricks: self.settings.exact_tricks,
            utility: &measure,
        });
        sampled_card(&view, &cards, &worlds, &rule, &value, exact.as_ref())
            .unwrap_or_else(rule_fallback)
    }
}

/// The cards the seat at `place` held in the deal: its hand and what it played.
fn held_by(obs: &PandurObservation, place: usize, completed: &[(u8, &[Card])]) -> CardSet {
    let mut held = obs.hand;
    let tricks = completed.iter().copied().chain(std::iter::once((
        obs.place_of(obs.trick_leader).unwrap_or(0) as u8,
        obs.trick.as_slice(),
    )));
    for (leader, cards) in tricks {
        for (k, &c) in cards.iter().enumerate() {
            if (leader as usize + k) % obs.active.len() == place {
                held.insert(c);
            }
        }
    }
    held
}

/// The soloist's melds in `world` (by place) if his best beats the others' (he leads, so he wins
/// equal ones).
fn melds_of(world: &[CardSet; 4], solo: usize, mode: Mode, seats: usize) -> u32 {
    match meld_contest(&world[..seats], solo as u8, mode, &WEIS_RULES, no_partners) {
        Some(c) if c.winner as usize == solo => c.written.points(mode, &WEIS_RULES),
        _ => 0,
    }
}

impl Player<Pandur> for SamplingPandur {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Pandur>) -> PandurAction {
        let obs = decision.observation();
        match obs.phase {
            PandurPhase::Auction => {
                let call = self.call(&obs);
                if decision.legal.iter().any(|a| a == call) {
                    call
                } else {
                    PandurAction::Pass
                }
            }
            PandurPhase::Play => {
                let legal: CardSet = decision.legal.played_cards();
                PandurAction::Play {
                    card: self.card(&obs, legal),
                }
            }
            _ => rule_action(&obs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::RandomPlayer;
    use jass_core::pandur::{play_recorded, PandurOptions};

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    /// Each seat's game points summed over `games` whole games from `seed` on.
    fn totals_over(
        make: &dyn Fn(u64) -> Vec<Box<dyn Player<Pandur>>>,
        options: PandurOptions,
        games: u64,
        seed: u64,
    ) -> Vec<u32> {
        let mut sum = vec![0; options.players as usize];
        for g in 0..games {
            let mut players = make(seed + g);
            let record = play_recorded(options, seed + g, &mut players).unwrap();
            for (s, t) in record.result.totals.iter().enumerate() {
                sum[s] += t;
            }
        }
        sum
    }

    #[test]
    fn the_rule_call_values_the_hand() {
        // Every suit a run from the Ace down: Pandur without trump is sure (worth 5, above
        // any number but 250 … 300).
        let top = cards("DA DK DQ HA HK SA SK CA");
        assert!(sure_pandur(top));
        assert_eq!(
            rule_call(top, None),
            PandurAction::Call {
                contract: PandurContract::Pandur
            }
        );
        // Three trumps from the Jack down and Aces beside: trump Pandur (6).
        let trumps = cards("HJ H9 HA DA DK SA CA CK");
        assert_eq!(sure_trump_pandur(trumps), Some(Suit::H));
        assert_eq!(
            rule_call(trumps, None),
            PandurAction::Call {
                contract: PandurContract::TrumpPandur
            }
        );
        // Nothing above trump Pandur.
        assert_eq!(
            rule_call(trumps, Some(PandurContract::TrumpPandur)),
            PandurAction::Pass
        );
        // Low cards with a Nine or Ten in every suit: Misère, never a number.
        let low = cards("D9 D10 DJ H9 H10 S9 SQ C10");
        assert!(fair_misere(low));
        assert_eq!(
            rule_call(low, Some(PandurContract::Points(150))),
            PandurAction::Call {
                contract: PandurContract::Misere
            }
        );
        // A middling hand: a number it can make, its trump the best suit.
        let middling = cards("SJ S9 SA SK D10 HQ C9 CQ");
        assert_eq!(best_trump(middling), Suit::S);
        assert!(points_estimate(middling, Suit::S) > points_estimate(middling, Suit::D));
    }

    #[test]
    fn the_trump_contracts_lead_the_suit_they_were_called_for() {
        // Sure with hearts as trump (Jack, Nine, Ace; the Aces beside): the first lead is a heart,
        // not the longer diamonds.
        let hand = cards("DA DK DQ DJ HJ H9 HA SA");
        assert_eq!(sure_trump_pandur(hand), Some(Suit::H));
        let deal = Deal {
            contract: PandurContract::TrumpPandur,
            solo: 0,
            seats: 3,
        };
        let (from, mode) = first_lead_mode(deal, hand, None);
        assert_eq!((from, mode), (hand.of_suit(Suit::H), Mode::Trump(Suit::H)));
        let card = rule_card(deal, 0, from, &[], CardSet::EMPTY, mode);
        assert_eq!(card.to_string(), "HJ");
        // The trump Misère: the shortest suit, the singleton Queen (004's example).
        let misere = Deal {
            contract: PandurContract::TrumpMisere,
            ..deal
        };
        let low = cards("SQ D9 D10 DJ H9 H10 C9 C10");
        assert_eq!(first_lead_mode(misere, low, None).1, Mode::Trump(Suit::S));
        // Once the trump is set, the whole hand in its mode.
        assert_eq!(
            first_lead_mode(misere, low, Some(Suit::S)),
            (low, Mode::Trump(Suit::S))
        );
    }

    #[test]
    fn the_rule_card_plays_for_its_side() {
        let misere = Deal {
            contract: PandurContract::Misere,
            solo: 0,
            seats: 3,
        };
        // The Misère soloist stays under the King with the Queen, not the Ace.
        let king: Vec<Card> = vec!["DK".parse().unwrap()];
        let card = rule_card(
            misere,
            0,
            cards("DA DQ H9"),
            &king,
            CardSet::EMPTY,
            Mode::Obenabe,
        );
        assert_eq!(card.to_string(), "DQ");
        // An opponent after the soloist's winning card stays under it too.
        let solo_leads: Vec<Card> = vec!["D10".parse().unwrap()];
        let card = rule_card(
            misere,
            1,
            cards("DA D9 HA"),
            &solo_leads,
            CardSet::EMPTY,
            Mode::Obenabe,
        );
        assert_eq!(card.to_string(), "D9");
        // Pandur: an opponent heads the soloist's lead when it can, with its highest.
        let pandur = Deal {
            contract: PandurContract::Pandur,
            solo: 0,
            seats: 3,
        };
        let card = rule_card(
            pandur,
            1,
            cards("DA DJ HA"),
            &solo_leads,
            CardSet::EMPTY,
            Mode::Obenabe,
        );
        assert_eq!(card.to_string(), "DA");
        // A numerical contract: the soloist draws trumps with the Jack.
        let points = Deal {
            contract: PandurContract::Points(120),
            solo: 2,
            seats: 3,
        };
        let card = rule_card(
            points,
            2,
            cards("HJ H10 DA S9"),
            &[],
            CardSet::EMPTY,
            Mode::Trump(Suit::H),
        );
        assert_eq!(card.to_string(), "HJ");
    }

    #[test]
    fn the_rule_player_writes_more_than_random_players() {
        let options = PandurOptions::default();
        let sum = totals_over(
            &|seed| {
                vec![
                    Box::new(RulePandur::new()),
                    Box::new(RandomPlayer::new(seed)),
                    Box::new(RandomPlayer::new(seed + 100)),
                    Box::new(RandomPlayer::new(seed + 200)),
                ]
            },
            options,
            40,
            1,
        );
        let random = f64::from(sum[1] + sum[2] + sum[3]) / 3.0;
        assert!(
            f64::from(sum[0]) > random * 1.2,
            "rule {} against random {random:.0}",
            sum[0]
        );
    }

    #[test]
    fn the_sampling_player_writes_more_than_rule_players() {
        let options = PandurOptions {
            players: 3,
            ..PandurOptions::default()
        };
        let settings = CardPlaySettings {
            samples: 16,
            ..SamplingPandur::DEFAULT
        };
        let sum = totals_over(
            &|seed| {
                vec![
                    Box::new(SamplingPandur::new(settings, seed)),
                    Box::new(RulePandur::new()),
                    Box::new(RulePandur::new()),
                ]
            },
            options,
            12,
            5,
        );
        let rule = f64::from(sum[1] + sum[2]) / 2.0;
        assert!(
            f64::from(sum[0]) > rule,
            "sampling {} against rule {rule:.0}",
            sum[0]
        );
    }
}

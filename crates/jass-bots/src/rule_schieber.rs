//! A quick rule-based Schieber player: hand evaluation for the contract and schieben, always its
//! best Weis, and card play by the classic rules of thumb (take valuable tricks cheaply, smear
//! points on the partner's sure trick, keep the Puur, lead trumps after the partner chose them).

use jass_core::schieber::{Contract, Schieber, SchieberAction, SchieberObservation, SchieberOptions};
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, Rank, Suit};

/// The rule-based player.
#[derive(Clone, Debug)]
pub struct RuleSchieber {
    options: SchieberOptions,
}

impl RuleSchieber {
    /// A player for a game with these options (it needs the multipliers and the point rules).
    pub fn new(options: SchieberOptions) -> Self {
        RuleSchieber { options }
    }
}

/// Expected card points (of 157) a hand is worth for its team in a contract, by rules of thumb.
pub fn hand_value(hand: CardSet, contract: Contract) -> f64 {
    let mode = contract.mode();
    let mut v = 0.0;
    match mode {
        Mode::Trump(t) => {
            let trumps = hand.of_suit(t);
            let n = trumps.len() as f64;
            for c in trumps {
                v += match c.rank() {
                    Rank::Jack => 22.0,
                    Rank::Nine => 15.0,
                    Rank::Ace => 10.0,
                    Rank::King | Rank::Queen => 6.0,
                    Rank::Ten => 6.0,
                    _ => 4.0,
                };
            }
            // Length in trumps controls the game.
            v += (n - 3.0).max(0.0) * 8.0;
            if !trumps.contains(Card::new(t, Rank::Jack)) && !trumps.contains(Card::new(t, Rank::Nine)) {
                v -= 10.0;
            }
            for s in Suit::ALL.iter().filter(|&&s| s != t) {
                let side = hand.of_suit(*s);
                if side.contains(Card::new(*s, Rank::Ace)) {
                    v += 9.0;
                    if side.contains(Card::new(*s, Rank::King)) {
                        v += 5.0;
                    }
                }
                if side.is_empty() {
                    v += 3.0 * (n - 2.0).max(0.0); // a void lets the trumps ruff
                }
            }
        }
        Mode::Obenabe | Mode::Undenufe => {
            let order: [Rank; 4] = if mode == Mode::Obenabe {
                [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack]
            } else {
                [Rank::Six, Rank::Seven, Rank::Eight, Rank::Nine]
            };
            for s in Suit::ALL {
                let side = hand.of_suit(s);
                // Count the top cards in an unbroken row from the top: each is a sure trick.
                let mut sure = 0;
                for r in order {
                    if side.contains(Card::new(s, r)) {
                        sure += 1;
                    } else {
                        break;
                    }
                }
                let len = side.len() as i32;
                v += 11.0 * sure as f64;
                if sure > 0 && len > sure {
                    v += 4.0 * (len - sure) as f64; // long suits run once the top is gone
                }
                if sure == 0 && side.contains(Card::new(s, order[1])) && len >= 2 {
                    v += 4.0;
                }
            }
        }
    }
    if contract == Contract::Misere {
        // Misère wants low cards: the inverse of Obenabe's strength.
        v = 60.0 - v * 0.8;
    }
    v
}

impl RuleSchieber {
    fn choose_contract(&self, obs: &SchieberObservation, legal: &[SchieberAction]) -> SchieberAction {
        let may_shove = legal.contains(&SchieberAction::Schieben);
        let mut best: Option<(f64, Contract)> = None;
        for a in legal {
            if let SchieberAction::Contract { contract } = a {
                let value = hand_value(obs.hand, *contract);
                let m = self.options.multipliers.of(*contract) as f64;
                // The margin over an even split, multiplied: what the contract is worth to us.
                let score = (value - 50.0) * m;
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, *contract));
                }
            }
        }
        let (score, contract) = best.expect("a contract is always legal");
        // Forehand shoves a weak hand (003: "If your partner shoves to you, and your hand is no use
        // for anything, choose a low-valued contract").
        if may_shove && score < 25.0 {
            return SchieberAction::Schieben;
        }
        if !may_shove && score < 0.0 {
            // Forced with a poor hand: the contract that loses least.
            let cheapest = legal
                .iter()
                .filter_map(|a| match a {
                    SchieberAction::Contract { contract } => Some(*contract),
                    _ => None,
                })
                .max_by(|a, b| {
                    let sa = (hand_value(obs.hand, *a) - 78.5) * self.options.multipliers.of(*a) as f64;
                    let sb = (hand_value(obs.hand, *b) - 78.5) * self.options.multipliers.of(*b) as f64;
                    sa.total_cmp(&sb)
                })
                .expect("contracts");
            return SchieberAction::Contract { contract: cheapest };
        }
        SchieberAction::Contract { contract }
    }

    fn play(&self, obs: &SchieberObservation, legal: CardSet) -> Card {
        let contract = obs.contract.expect("card play has a contract");
        let mode = contract.mode();
        let points = PointTable::new(mode, self.options.undenufe_eleven);
        let misere = contract == Contract::Misere;
        let me = obs.seat;
        let partner = (me + 2) % 4;
        // Cards no longer in play: played ones and my own.
        let mut gone = obs.hand;
        for t in &obs.tricks {
            gone |= CardSet::from_cards(t.cards.iter().copied());
        }
        gone |= CardSet::from_cards(obs.trick.iter().copied());
        let outstanding = !gone;
        let value = |c: Card| points.card(c) as i32;
        let cheapest = |set: CardSet| -> Card {
            set.iter()
                .min_by_key(|&c| (value(c), mode.strength(c) as i32 + if mode.trumps().contains(c) { 20 } else { 0 }))
                .expect("nonempty")
        };
        let dearest = |set: CardSet| -> Card { set.iter().max_by_key(|&c| (value(c), -(mode.strength(c) as i32))).expect("nonempty") };
        // A card that no outstanding card can beat, whatever is led (a Bock).
        let is_bock = |c: Card| -> bool {
            let beaters = mode.beaters_in_suit(c) & outstanding;
            let trump_threat = match mode.trump() {
                Some(t) if c.suit() != t => !(outstanding.of_suit(t)).is_empty(),
                _ => false,
            };
            beaters.is_empty() && !trump_threat
        };
        if obs.trick.is_empty() {
            // Leading.
            if misere {
                return cheapest_by_strength(legal, mode);
            }
            if let Some(t) = mode.trump() {
                let my_trumps = legal.of_suit(t);
                let their_trumps = outstanding.of_suit(t);
                let we_chose = obs.chooser.is_some_and(|c| c % 2 == me % 2);
                // 003: "If you shove, and your partner calls a trump suit, lead a trump."
                if we_chose && !my_trumps.is_empty() && !their_trumps.is_empty() {
                    let top = my_trumps.iter().max_by_key(|&c| mode.strength(c)).expect("trumps");
                    if is_bock(top) || my_trumps.len() >= 3 {
                        return top;
                    }
                    if obs.chooser == Some(partner) {
                        return cheapest(my_trumps);
                    }
                }
            }
            let bocks: CardSet = legal.iter().filter(|&c| is_bock(c)).collect();
            if !bocks.is_empty() {
                return dearest(bocks);
            }
            // Lead low from a suit where partner may win, avoiding trumps.
            let plain = legal - mode.trumps();
            return cheapest(if plain.is_empty() { legal } else { plain });
        }
        // Following: who wins so far?
        let lead = obs.trick[0].suit();
        let (mut win_i, mut win_c) = (0usize, obs.trick[0]);
        for (i, &c) in obs.trick.iter().enumerate().skip(1) {
            if mode.beats(c, win_c, lead) {
                win_i = i;
                win_c = c;
            }
        }
        let winner_seat = (obs.trick_leader as usize + win_i) % 4;
        let partner_wins = winner_seat as u8 == partner;
        let last_to_play = obs.trick.len() == 3;
        let trick_value: i32 = obs.trick.iter().map(|&c| value(c)).sum();
        let winners: CardSet = legal.iter().filter(|&c| mode.beats(c, win_c, lead)).collect();
        if misere {
            // Stay under the winning card if possible, else get rid of the highest.
            let losers = legal - winners;
            return if losers.is_empty() { cheapest_by_strength(legal, mode) } else { dearest_by_strength(losers, mode) };
        }
        let partner_sure = partner_wins && (last_to_play || is_bock(win_c) || {
            // The one still to play after me cannot beat it with what is outstanding? Approximate
            // with the trick's winner being a trump higher than every outstanding trump.
            mode.trump().is_some_and(|t| win_c.suit() == t && (mode.trumps_above(win_c) & outstanding).is_empty())
        });
        if partner_sure {
            // Smear (schmieren): the most valuable card that is not a Bock worth keeping, but not
            // the Puur or the Näll.
            let keep = |c: Card| mode.trump().is_some_and(|t| c.suit() == t && matches!(c.rank(), Rank::Jack | Rank::Nine));
            let smear: CardSet = legal.iter().filter(|&c| !keep(c) && (!is_bock(c) || value(c) >= 10)).collect();
            let pool = if smear.is_empty() { legal } else { smear };
            return dearest(pool);
        }
        if !winners.is_empty() {
            let worth_it = trick_value >= 10 || last_to_play || obs.tricks.len() == 8;
            if worth_it || partner_wins == false && trick_value > 0 {
                // Win as cheaply as possible; keep the Puur for a valuable trick.
                let puur = mode.trump().map(|t| Card::new(t, Rank::Jack));
                let mut pool = winners;
                if let Some(p) = puur {
                    if trick_value < 15 && pool.len() > 1 {
                        pool.remove(p);
                    }
                }
                // When last, the cheapest winner; otherwise a safe (Bock) winner if there is one.
                if !last_to_play {
                    let safe: CardSet = pool.iter().filter(|&c| is_bock(c)).collect();
                    if !safe.is_empty() {
                        return cheapest(safe);
                    }
                }
                return cheapest(pool);
            }
        }
        // Cannot or need not win: give as little as possible, keep trumps.
        let plain = legal - mode.trumps();
        cheapest(if plain.is_empty() { legal } else { plain })
    }
}

fn cheapest_by_strength(set: CardSet, mode: Mode) -> Card {
    set.iter().min_by_key(|&c| mode.strength(c) as i32 + if mode.trumps().contains(c) { 20 } else { 0 }).expect("nonempty")
}

fn dearest_by_strength(set: CardSet, mode: Mode) -> Card {
    set.iter().max_by_key(|&c| mode.strength(c) as i32 + if mode.trumps().contains(c) { 20 } else { 0 }).expect("nonempty")
}

impl Player<Schieber> for RuleSchieber {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schieber>) -> SchieberAction {
        let legal = decision.legal.to_vec();
        let obs = decision.observation();
        match legal[0] {
            SchieberAction::Weis { .. } => *legal.last().expect("legal"), // the best declaration
            SchieberAction::Contract { .. } | SchieberAction::Schieben => self.choose_contract(&obs, &legal),
            SchieberAction::Play { .. } => {
                let cards: CardSet = legal
                    .iter()
                    .filter_map(|a| match a {
                        SchieberAction::Play { card } => Some(*card),
                        _ => None,
                    })
                    .collect();
                SchieberAction::Play { card: self.play(&obs, cards) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strong_trump_hand_is_valued_above_a_weak_one() {
        let strong: CardSet = "HJ H9 HA HK H10 SA SK D6 C7".parse().unwrap();
        let weak: CardSet = "H6 H7 SQ S9 D6 D8 C7 C9 C10".parse().unwrap();
        let h = Contract::Mode(Mode::Trump(Suit::H));
        assert!(hand_value(strong, h) > hand_value(weak, h) + 50.0);
        assert!(hand_value(strong, h) > hand_value(strong, Contract::Mode(Mode::Trump(Suit::C))));
    }

    #[test]
    fn obenabe_values_aces() {
        let aces: CardSet = "HA HK SA SK DA DK CA C6 C7".parse().unwrap();
        assert!(hand_value(aces, Contract::Mode(Mode::Obenabe)) > hand_value(aces, Contract::Mode(Mode::Undenufe)));
    }
}

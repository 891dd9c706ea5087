//! A quick rule-based Coiffeur player: the contract among the team's open rows by the hand's value
//! times the row's multiplier, measured against what the row is likely to bring later (so a strong
//! row such as Undenufe ×6 waits for a hand that suits it), schieben with a hand that fits no open
//! row, always its best Weis, and the card play of the Schieber rule player.

use jass_core::coiffeur::{Coiffeur, CoiffeurAction, CoiffeurOptions};
use jass_core::schieber::Contract;
use jass_core::{CardSet, Decision, Mode, Player};

use crate::rule_schieber::{hand_value, schieber_play};

/// The rule-based Coiffeur player.
#[derive(Clone, Debug)]
pub struct RuleCoiffeur {
    options: CoiffeurOptions,
}

impl RuleCoiffeur {
    /// A player for a game with these options (it needs the multipliers).
    pub fn new(options: CoiffeurOptions) -> Self {
        RuleCoiffeur { options }
    }
}

/// The team's expected card points (of 157) in a contract with this hand and an average partner.
pub fn team_points(hand: CardSet, contract: Contract) -> f64 {
    let v = if contract.is_slalom() {
        // Slalom alternates Obenabe and Undenufe: half of each.
        0.5 * (hand_value(hand, Contract::Mode(Mode::Obenabe))
            + hand_value(hand, Contract::Mode(Mode::Undenufe)))
    } else {
        hand_value(hand, contract)
    };
    (50.0 + 0.85 * v).clamp(0.0, 157.0)
}

/// What a row is expected to bring later when `open` rows remain: with many rows left a later
/// hand can be matched to the row, with one left the row must be played whatever the hand.
pub fn row_baseline(open: usize) -> f64 {
    (62.0 + 6.0 * (open.saturating_sub(1)) as f64).min(92.0)
}

/// The contract to choose among the open rows, and its score: the gain over the row's baseline
/// times the multiplier.
pub fn best_row(hand: CardSet, open: &[Contract], options: &CoiffeurOptions) -> (Contract, f64) {
    let base = row_baseline(open.len());
    open.iter()
        .map(|&c| {
            (
                c,
                (team_points(hand, c) - base) * options.multipliers.of(c) as f64,
            )
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("an open row")
}

impl RuleCoiffeur {
    /// The options it plays under.
    pub fn options(&self) -> &CoiffeurOptions {
        &self.options
    }

    /// The contract or schieben with `hand` among the `legal` actions; `schoben`: forehand has
    /// shoved to this seat (it shoves back only with a hopeless hand).
    pub(crate) fn choose_action(
        &self,
        hand: CardSet,
        schoben: bool,
        legal: &[CoiffeurAction],
    ) -> CoiffeurAction {
        let open: Vec<Contract> = legal
            .iter()
            .filter_map(|a| match a {
                CoiffeurAction::Contract { contract } => Some(*contract),
                _ => None,
            })
            .collect();
        let may_shove = legal.contains(&CoiffeurAction::Schieben);
        let (contract, _) = best_row(hand, &open, &self.options);
        if may_shove {
            // The gain over the baseline, unmultiplied: shove when no row suits the hand (forehand),
            // shove back only with a hopeless hand (zurückschieben).
            let gain = team_points(hand, contract) - row_baseline(open.len());
            let limit = if schoben { -25.0 } else { 0.0 };
            if gain < limit {
                return CoiffeurAction::Schieben;
            }
        }
        CoiffeurAction::Contract { contract }
    }
}

impl Player<Coiffeur> for RuleCoiffeur {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Coiffeur>) -> CoiffeurAction {
        let legal = decision.legal.to_vec();
        let obs = decision.observation();
        match legal[0] {
            CoiffeurAction::Weis { .. } => *legal.last().expect("legal"),
            CoiffeurAction::Contract { .. } | CoiffeurAction::Schieben => {
                self.choose_action(obs.hand, obs.schoben, &legal)
            }
            CoiffeurAction::Play { .. } => {
                let cards: CardSet = decision.legal.played_cards();
                CoiffeurAction::Play {
                    card: schieber_play(&obs, cards, self.options.undenufe_eleven, true),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::Suit;

    #[test]
    fn a_strong_undenufe_hand_takes_the_undenufe_row() {
        let hand: CardSet = "H6 H7 H8 S6 S7 D6 D7 C6 C7".parse().unwrap();
        let o = CoiffeurOptions::default();
        let (c, score) = best_row(hand, &o.contracts(), &o);
        assert_eq!(c, Contract::Mode(Mode::Undenufe));
        assert!(score > 0.0);
    }

    #[test]
    fn a_middling_hand_leaves_the_big_rows_for_later() {
        // A fair hearts hand (H ×1): with all rows open, the hearts row, not Undenufe or Obenabe.
        let hand: CardSet = "HJ H9 HA H10 H7 SK D8 C9 C6".parse().unwrap();
        let o = CoiffeurOptions::default();
        let (c, _) = best_row(hand, &o.contracts(), &o);
        assert_eq!(c, Contract::Mode(Mode::Trump(Suit::H)));
    }

    #[test]
    fn a_poor_hand_is_shoved() {
        let hand: CardSet = "H10 H8 SQ S9 D10 D8 C7 C9 CQ".parse().unwrap();
        let o = CoiffeurOptions::default();
        let (c, _) = best_row(hand, &o.contracts(), &o);
        assert!(team_points(hand, c) < row_baseline(o.contracts().len()));
    }
}

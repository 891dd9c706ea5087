//! Computer players for Schafhauser: every deal of a Schafhauser Partie is a later deal of
//! Bieter's (the dealer's last card trump, the King to play it or leave it), so its players are
//! Bieter's playing those deals (`super::super::bieter::players`): the rule player's card play
//! of the King and of the Bauern together (`jass_bots::solo_card`), the sampling player's by
//! play-outs in worlds of the others' hands. Both Kings play every deal: leaving one writes
//! the Bauern 257 and a Bauer's Stöck, at least what they make by play in all but the deals
//! where their melds are worth more (docs/schafhauser.md, "Computer players").

use jass_core::bieter::{BieterAction, BieterOptions, BieterPhase};
use jass_core::schafhauser::{Schafhauser, SchafhauserAction, SchafhauserObservation};
use jass_core::{CardSet, Decision, Player};

use jass_bots::card_play_sampling::CardPlaySettings;

use crate::games::bieter::players::{rule_action, SamplingBieter, KING_SHARE};

/// The Schafhauser action of a Bieter player's (a later deal's: stay, drop or play).
fn schafhauser_action(action: BieterAction) -> SchafhauserAction {
    SchafhauserAction::of_bieter(action).expect("a later deal asks stay, drop or play")
}

/// The rule player.
#[derive(Clone, Debug)]
pub struct RuleSchafhauser {
    opts: BieterOptions,
}

impl RuleSchafhauser {
    /// A rule player for deals of `opts` (`SchafhauserOptions::bieter`).
    pub fn new(opts: BieterOptions) -> Self {
        RuleSchafhauser { opts }
    }

    fn action(&self, obs: &SchafhauserObservation) -> SchafhauserAction {
        schafhauser_action(rule_action(&obs.bieter, &self.opts, KING_SHARE))
    }
}

impl Player<Schafhauser> for RuleSchafhauser {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schafhauser>) -> SchafhauserAction {
        self.action(&decision.observation())
    }
}

/// The sampling player: Bieter's, its cards by play-outs in sampled worlds.
#[derive(Clone, Debug)]
pub struct SamplingSchafhauser {
    rule: RuleSchafhauser,
    cards: SamplingBieter,
}

impl SamplingSchafhauser {
    /// The default settings: Bieter's sampling player's.
    pub const DEFAULT: CardPlaySettings = SamplingBieter::DEFAULT;

    /// A sampling player for deals of `opts` with `settings`, its worlds drawn from `seed`.
    pub fn new(opts: BieterOptions, settings: CardPlaySettings, seed: u64) -> Self {
        SamplingSchafhauser {
            rule: RuleSchafhauser::new(opts),
            cards: SamplingBieter::new(opts, settings, KING_SHARE, seed),
        }
    }
}

impl Player<Schafhauser> for SamplingSchafhauser {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schafhauser>) -> SchafhauserAction {
        let obs = decision.observation();
        if obs.phase != BieterPhase::Play {
            return self.rule.action(&obs);
        }
        let legal: CardSet = decision.legal.played_cards();
        SchafhauserAction::Play {
            card: self.cards.card(&obs.bieter, legal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::RandomPlayer;
    use jass_core::schafhauser::{play_recorded, SchafhauserOptions};

    /// The stakes each seat won over `sets` whole sets from `seed` on.
    fn stakes_over(
        make: &dyn Fn(u64) -> Vec<Box<dyn Player<Schafhauser>>>,
        options: SchafhauserOptions,
        sets: u64,
        seed: u64,
    ) -> [i64; 3] {
        let mut sum = [0; 3];
        for g in 0..sets {
            let mut players = make(seed + g);
            let record = play_recorded(options, seed + g, &mut players).unwrap();
            let settled = record.result.settlement.expect("the set ended");
            for (t, v) in sum.iter_mut().zip(settled) {
                *t += v;
            }
        }
        sum
    }

    #[test]
    fn the_rule_player_beats_random_players() {
        let opts = SchafhauserOptions::default();
        let make = |seed: u64| -> Vec<Box<dyn Player<Schafhauser>>> {
            vec![
                Box::new(RuleSchafhauser::new(opts.bieter())),
                Box::new(RandomPlayer::new(seed)),
                Box::new(RandomPlayer::new(seed + 1)),
            ]
        };
        let stakes = stakes_over(&make, opts, 10, 1);
        assert!(stakes[0] > 10, "{stakes:?}");
    }

    #[test]
    fn the_sampling_player_wins_stakes_from_rule_players() {
        let opts = SchafhauserOptions {
            partien: 3,
            ..SchafhauserOptions::default()
        };
        // The sampling player in each seat in turn against rule players, on the same deals.
        let mut won = 0;
        for seat in 0..3 {
            let make = |seed: u64| -> Vec<Box<dyn Player<Schafhauser>>> {
                (0..3)
                    .map(|s| -> Box<dyn Player<Schafhauser>> {
                        if s == seat {
                            Box::new(SamplingSchafhauser::new(
                                opts.bieter(),
                                CardPlaySettings {
                                    samples: 20,
                                    ..SamplingSchafhauser::DEFAULT
                                },
                                seed,
                            ))
                        } else {
                            Box::new(RuleSchafhauser::new(opts.bieter()))
                        }
                    })
                    .collect()
            };
            won += stakes_over(&make, opts, 3, 5)[seat];
        }
        assert!(won > 0, "the sampling player's stakes {won}");
    }
}

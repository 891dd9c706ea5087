//! The value of a Schieber contract on hands that are known (the true deal, or a sampled world):
//! the team's score of the deal minus the other team's, multiplied, with the card play solved
//! exactly (from the first card, or after rule play-outs of the first tricks) and the Weis and
//! Stöck the hands hold. The oracle's contract choice ([`crate::OracleSchieber`]) and the sampling
//! player's solved contract choice (`contract_handoff`) measure contracts this way.

use jass_core::schieber::{Contract, SchieberOptions};
use jass_core::weis::{
    best_declaration, best_declarer, has_stoeck, team_weis_points, STOECK_POINTS,
};
use jass_core::{CardSet, TrickRules};
use jass_solver::{Position, Solver};

use crate::pimc::{play_on, PlayState};

/// How one contract is valued on known hands.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ContractPlay {
    /// The rule players play all four seats until at most this many cards are left at the end of
    /// a trick; the rest is solved exactly (36: solved from the first card).
    pub handoff: u32,
    /// The most search nodes of the solve; beyond, no value (`None`).
    pub node_limit: u64,
}

/// The solver's position of a deal in `contract` at its first card, `leader` leading.
pub(crate) fn first_card_state(
    contract: Contract,
    leader: u8,
    options: &SchieberOptions,
) -> PlayState {
    let state = PlayState::new(
        contract.trick_mode(0),
        contract.points(options.undenufe_eleven),
        TrickRules::Strict,
        std::iter::empty(),
        leader,
        &[],
    )
    .with_misere(contract == Contract::Misere);
    PlayState {
        slalom: contract.is_slalom(),
        ..state
    }
}

/// Weis and Stöck on the dealt `hands` in `contract`, unmultiplied, by team: every seat declares
/// its best declaration, the team of the best single Weis (compared from `leader` on, who leads
/// the first trick) scores all of its own; the holder of the trump King and Ober scores Stöck.
pub(crate) fn weis_and_stoeck(
    hands: &[CardSet; 4],
    contract: Contract,
    leader: u8,
    options: &SchieberOptions,
) -> [u32; 2] {
    let mode = contract.mode();
    let mut out = [0u32; 2];
    if let Some(rules) = options.weis_rules() {
        let decls = hands.map(|h| best_declaration(h, mode, &rules));
        if let Some(best) = best_declarer(&decls, leader, mode, &rules) {
            let team = best % 2;
            out[team as usize] += team_weis_points(&decls, team, mode, &rules);
        }
    }
    if options.stoeck {
        for (s, &h) in hands.iter().enumerate() {
            if has_stoeck(h, mode) {
                out[s % 2] += STOECK_POINTS;
            }
        }
    }
    out
}

/// The score of `team` minus the other team's (multiplied: cards, last trick, Match, Weis and
/// Stöck) when `contract`, chosen by `chooser`, is played on the dealt `hands` from the first card
/// with forehand (or, with `first_lead` `chooser`, the chooser) leading, the card play as `play`
/// says. `None` when the solve needs more than `play.node_limit` nodes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn contract_margin(
    solver: &mut Solver,
    hands: [CardSet; 4],
    forehand: u8,
    chooser: u8,
    contract: Contract,
    team: u8,
    options: &SchieberOptions,
    play: ContractPlay,
) -> Option<i64> {
    let leader = options.first_lead.leader(forehand, chooser);
    let state = first_card_state(contract, leader, options);
    let mut pos: Position = state.position(hands);
    let total = pos.remaining_points() + pos.match_bonus;
    // The team the solver counts: in Misère the other team's tricks are credited to `team`.
    let counted = state.counted_team(team);
    solver.set_objective(state.objective());
    let early = play_on(&mut pos, counted, chooser, play.handoff, state.misere, None);
    let late = solver.try_solve_for(&pos, counted, play.node_limit)?;
    let ours = early + late;
    // The other team's: the rest, all of it with Match when we take nothing, none after our Match.
    let theirs = if ours >= total {
        0
    } else if ours == 0 {
        total
    } else {
        total - pos.match_bonus - ours
    };
    let extra = weis_and_stoeck(&hands, contract, leader, options);
    let t = team as usize & 1;
    let m = options.multipliers.of(contract) as i64;
    Some(m * (ours as i64 - theirs as i64 + extra[t] as i64 - extra[1 - t] as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::{Card, Mode};

    fn hands_of(s: [&str; 4]) -> [CardSet; 4] {
        s.map(|h| h.parse().expect("a hand"))
    }

    /// A hand with every heart and the other aces against nothing: Match in hearts (257 to 0,
    /// multiplied), its four aces a Weis of 100 and the Stöck 20 on top; in bells (the hand's
    /// shortest suit: none) the other team takes points, so the margin is smaller.
    #[test]
    fn a_hand_with_all_hearts_makes_match_in_hearts() {
        let o = SchieberOptions::default();
        let hands = hands_of([
            "H6 H7 H8 H9 H10 HJ HQ HK HA",
            "D6 D7 D8 D9 D10 DJ DQ DK DA",
            "S6 S7 S8 S9 S10 SJ SQ SK SA",
            "C6 C7 C8 C9 C10 CJ CQ CK CA",
        ]);
        let play = ContractPlay {
            handoff: 36,
            node_limit: u64::MAX,
        };
        let mut solver = Solver::new(Default::default());
        let hearts = Contract::Mode(Mode::Trump(jass_core::Suit::H));
        let m = o.multipliers.of(hearts) as i64;
        let w = weis_and_stoeck(&hands, hearts, 0, &o);
        // Seat 0's nine hearts: a run of nine (the best Weis) and the Stöck.
        assert!(w[0] > STOECK_POINTS && w[1] == 0, "{w:?}");
        let v = contract_margin(&mut solver, hands, 0, 0, hearts, 0, &o, play).unwrap();
        assert_eq!(v, m * (257 + w[0] as i64));
        // The other team's view is the same margin the other way round.
        let v1 = contract_margin(&mut solver, hands, 0, 0, hearts, 1, &o, play).unwrap();
        assert_eq!(v1, -v);
        let bells = Contract::Mode(Mode::Trump(jass_core::Suit::D));
        let b = contract_margin(&mut solver, hands, 0, 0, bells, 0, &o, play).unwrap();
        assert!(b < v, "{b} against {v}");
    }

    /// With `first_lead` `chooser` a shoved contract is played and valued from the chooser (the
    /// first lead and the order of equal Weis): as if the chooser were forehand. Here seats 0 and
    /// 3 hold equal best Weis, so who leads decides which team scores them.
    #[test]
    fn with_the_chooser_leading_a_shoved_contract_is_valued_from_the_chooser() {
        let hands = hands_of([
            "H6 H7 H8 H9 H10 HJ HQ HK HA",
            "D6 D8 D10 DQ DA S7 S9 SJ SK",
            "D7 D9 DJ DK S6 S8 S10 SQ SA",
            "C6 C7 C8 C9 C10 CJ CQ CK CA",
        ]);
        let play = ContractPlay {
            handoff: 36,
            node_limit: u64::MAX,
        };
        let mut solver = Solver::new(Default::default());
        let obenabe = Contract::Mode(Mode::Obenabe);
        let forehand = SchieberOptions::default();
        let chooser = SchieberOptions {
            first_lead: jass_core::schieber::FirstLead::Chooser,
            ..forehand
        };
        let shoved = contract_margin(&mut solver, hands, 0, 2, obenabe, 0, &chooser, play);
        let as_forehand = contract_margin(&mut solver, hands, 2, 2, obenabe, 0, &forehand, play);
        assert_eq!(shoved, as_forehand);
        let forehand_leads = contract_margin(&mut solver, hands, 0, 2, obenabe, 0, &forehand, play);
        assert_ne!(shoved, forehand_leads);
        assert_eq!(weis_and_stoeck(&hands, obenabe, 0, &forehand), [150, 0]);
        assert_eq!(weis_and_stoeck(&hands, obenabe, 2, &forehand), [0, 150]);
    }

    /// On random deals, solved from the first card or after rule play-outs (hand-off at 20
    /// cards, or none left to solve): each team's margin is the other's negated, and within the
    /// most a deal can bring (Match and the better team's Weis and Stöck, multiplied).
    #[test]
    fn handed_off_values_stay_within_the_deal() {
        let o = SchieberOptions::default();
        let mut rng =
            <rand_xoshiro::Xoshiro256PlusPlus as rand_core::SeedableRng>::seed_from_u64(3);
        let all: Vec<Card> = CardSet::ALL.iter().collect();
        let mut solver = Solver::new(Default::default());
        for d in 0..2 {
            let h0 = CardSet::from_cards(all[d * 9..d * 9 + 9].iter().copied());
            let mut cards: Vec<Card> = (CardSet::ALL - h0).iter().collect();
            let hands = crate::worlds::deal_unseen(&mut rng, &mut cards, h0, 0);
            for c in &Contract::ALL[..6] {
                let m = o.multipliers.of(*c) as i64;
                let extra = weis_and_stoeck(&hands, *c, 1, &o);
                let bound = m * (257 + extra[0].max(extra[1]) as i64);
                for handoff in [36, 20, 0] {
                    let play = ContractPlay {
                        handoff,
                        node_limit: u64::MAX,
                    };
                    let v = contract_margin(&mut solver, hands, 1, 1, *c, 0, &o, play).unwrap();
                    assert!(v.abs() <= bound, "{c:?} {handoff}: {v}");
                    let w = contract_margin(&mut solver, hands, 1, 1, *c, 1, &o, play).unwrap();
                    assert_eq!(v, -w, "{c:?} {handoff}: the two teams' margins");
                }
            }
        }
    }
}

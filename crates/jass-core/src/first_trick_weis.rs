//! The Weis of the first trick, as the four-player games that declare it keep it (Schieber and
//! Coiffeur, Sidi Barrani, Differenzler): each player, when he plays to the first trick and
//! before his card, declares his Weis or none, once (000 rule 5, 001, 003); after the trick the
//! best single item decides who scores. The games differ in who is asked (Sidi Barrani: only a
//! player whose best item could still top the last call) and in what the best item scores
//! (a team, one player, the partners' every item), so those stay with each game; the asking,
//! the declarations and their checks are here once.

use crate::cardset::CardSet;
use crate::game::IllegalAction;
use crate::mode::Mode;
use crate::weis::{best_declaration, best_declarer, has_weis, Declaration, WeisRules};

/// Who has declared what in the first trick of a deal, and whether the seat to play is asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FirstTrickWeis {
    rules: Option<WeisRules>,
    declarations: [Declaration; 4],
    declared: [bool; 4],
    pending: bool,
}

impl FirstTrickWeis {
    /// Weis under `rules`, or none at all (`None`).
    pub fn new(rules: Option<WeisRules>) -> FirstTrickWeis {
        FirstTrickWeis {
            rules,
            declarations: [Declaration::NONE; 4],
            declared: [false; 4],
            pending: false,
        }
    }

    /// The rules, if Weis is played.
    #[inline]
    pub fn rules(&self) -> Option<WeisRules> {
        self.rules
    }

    /// Whether the seat to play must declare (or decline) before its card.
    #[inline]
    pub fn pending(&self) -> bool {
        self.pending
    }

    /// Each seat's declaration in this deal (none until it declares).
    #[inline]
    pub fn declarations(&self) -> &[Declaration; 4] {
        &self.declarations
    }

    /// A new deal: nobody has declared.
    #[inline]
    pub fn new_deal(&mut self) {
        *self = FirstTrickWeis::new(self.rules);
    }

    /// Asks `seat`, the seat to play, for its Weis if it plays to the first trick (`tricks_done`
    /// is 0), has not declared yet, Weis is played, its `hand` holds a scoring item in `mode`
    /// and the game's own condition `may_call` holds (Sidi Barrani's: an item as high as the
    /// last call); else asks nobody.
    #[inline]
    pub fn ask(
        &mut self,
        tricks_done: u8,
        seat: u8,
        hand: CardSet,
        mode: Mode,
        may_call: impl FnOnce(&WeisRules) -> bool,
    ) {
        self.pending = tricks_done == 0
            && !self.declared[seat as usize]
            && match &self.rules {
                Some(r) => has_weis(hand, mode, r) && may_call(r),
                None => false,
            };
    }

    /// Asks nobody (the first trick is over).
    #[inline]
    pub fn stop_asking(&mut self) {
        self.pending = false;
    }

    /// `seat` declares `weis` (checked by [`Self::check_declaration`]).
    #[inline]
    pub fn declare(&mut self, seat: u8, weis: Declaration) {
        self.declarations[seat as usize] = weis;
        self.declared[seat as usize] = true;
        self.pending = false;
    }

    /// Whether `seat` (holding `hand`) may declare `weis` now, in `mode`: asked, and every item
    /// held and scoring. `when` says when a seat is asked, for the refusal.
    pub fn check_declaration(
        &self,
        seat: u8,
        weis: Declaration,
        hand: CardSet,
        mode: Mode,
        when: impl FnOnce() -> String,
    ) -> Result<WeisRules, IllegalAction> {
        let Some(r) = self.rules.filter(|_| self.pending) else {
            return Err(IllegalAction::new(if self.rules.is_none() {
                "Weis is not played under these options".to_string()
            } else {
                format!("seat {seat} cannot declare Weis now: {}", when())
            }));
        };
        weis.validate(hand, mode, &r)
            .map_err(|e| IllegalAction::new(format!("seat {seat}: {e}")))?;
        Ok(r)
    }

    /// Whether `seat` may play a card now: not while it is asked for its Weis.
    #[inline]
    pub fn check_card(&self, seat: u8) -> Result<(), IllegalAction> {
        if self.pending {
            return Err(IllegalAction::new(format!(
                "seat {seat} must first declare its Weis (or `weis none`) for the first trick"
            )));
        }
        Ok(())
    }

    /// The useful declarations of the seat asked, holding `hand`, given to `push`: none, then
    /// the hand's best if it has one (any valid declaration is accepted; these are the choices
    /// worth offering).
    pub fn choices(&self, hand: CardSet, mode: Mode, mut push: impl FnMut(Declaration)) {
        let r = self.rules.expect("Weis asked only with Weis rules");
        push(Declaration::NONE);
        let best = best_declaration(hand, mode, &r);
        if !best.is_empty() {
            push(best);
        }
    }

    /// The seat whose declaration holds the best single item, the seats compared in playing
    /// order from `first`, in `mode` (`None`: nobody declared one, or no Weis is played).
    pub fn best_declarer(&self, first: u8, mode: Mode) -> Option<u8> {
        let r = self.rules?;
        best_declarer(&self.declarations, first, mode, &r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weis::WeisRules;

    fn hand(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn a_seat_is_asked_once_in_the_first_trick_and_its_declaration_is_checked() {
        let rules = WeisRules::default();
        let mode = Mode::Obenabe;
        let three = hand("H6 H7 H8 S9 SJ C10 CK DA DQ");
        let mut w = FirstTrickWeis::new(Some(rules));
        let nothing = hand("H6 H8 S9 SJ C10 CK DA DQ D6");
        // Not asked before its card once the first trick is over, nor without an item, nor
        // when the game's own condition says no.
        w.ask(1, 0, three, mode, |_| true);
        assert!(!w.pending());
        w.ask(0, 0, nothing, mode, |_| true);
        assert!(!w.pending());
        w.ask(0, 0, three, mode, |_| false);
        assert!(!w.pending());
        assert!(w.check_card(0).is_ok());
        w.ask(0, 0, three, mode, |_| true);
        assert!(w.pending());
        let err = w.check_card(0).unwrap_err().to_string();
        assert!(err.contains("must first declare its Weis"), "{err}");
        // The choices: none, then the hand's best (the three-card sequence of hearts).
        let mut offered = Vec::new();
        w.choices(three, mode, |d| offered.push(d));
        assert_eq!(offered.len(), 2);
        assert!(offered[0].is_empty() && !offered[1].is_empty());
        // A declaration the hand does not hold is refused; the best is taken, once.
        let other = crate::weis::best_declaration(hand("S6 S7 S8 S9"), mode, &rules);
        assert!(w
            .check_declaration(0, other, three, mode, String::new)
            .is_err());
        assert!(w
            .check_declaration(0, offered[1], three, mode, String::new)
            .is_ok());
        w.declare(0, offered[1]);
        assert!(!w.pending());
        w.ask(0, 0, three, mode, |_| true);
        assert!(!w.pending(), "a seat declares once");
        let err = w
            .check_declaration(0, offered[1], three, mode, || {
                "only in the first trick".into()
            })
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("cannot declare Weis now: only in the first trick"),
            "{err}"
        );
        assert_eq!(w.best_declarer(3, mode), Some(0));
        // A new deal forgets it; without rules nobody is asked.
        w.new_deal();
        assert_eq!(w.best_declarer(3, mode), None);
        let mut none = FirstTrickWeis::new(None);
        none.ask(0, 0, three, mode, |_| true);
        assert!(!none.pending());
        let err = none
            .check_declaration(0, offered[1], three, mode, String::new)
            .unwrap_err()
            .to_string();
        assert!(err.contains("Weis is not played"), "{err}");
    }
}

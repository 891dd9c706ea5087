//! A Schieber deal followed card by card from the outside, as at a real table: one seat's hand,
//! the contract, and every card and Weis as it is seen. It rebuilds the tricks, their winners and
//! points, and gives the seat's view for the hint engine ([`crate::hint::CardPlayView`]) and its
//! observation for inferring the hidden hands (`jass advise`; later the server's analysis).

use jass_core::mode::LAST_TRICK_BONUS;
use jass_core::schieber::{Contract, ObservedTrick, Phase, SchieberObservation};
use jass_core::trick::{trick_points, trick_winner};
use jass_core::{Card, CardSet, PointTable, UndenufeEleven};

use crate::hint::CardPlayView;

/// What was entered, in order (an undo takes back the last one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A card played by the seat to play.
    Play(Card),
    /// Cards a seat showed in its Weis.
    Weis(u8, CardSet),
}

/// The deal as entered so far: whatever is not known yet is `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealTracker {
    /// Which card counts 11 in Undenufe.
    pub eleven: UndenufeEleven,
    /// The seat's nine cards.
    pub hand: Option<CardSet>,
    /// The contract.
    pub contract: Option<Contract>,
    /// The seat followed, counted from the first trick's leader (seat 0).
    pub seat: Option<u8>,
    /// The cards and Weis seen, in order.
    pub entries: Vec<Entry>,
}

/// The deal as it stands after the entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackedDeal {
    /// The seat's cards still in hand.
    pub hand: CardSet,
    /// The tricks complete.
    pub tricks: Vec<ObservedTrick>,
    /// The cards of the trick under way.
    pub trick: Vec<Card>,
    /// Who leads the trick under way.
    pub leader: u8,
    /// Card points of each team (seats `t`, `t + 2`), the last-trick bonus included.
    pub points: [u32; 2],
    /// Every card played.
    pub played: CardSet,
    /// The Weis shown: seat and cards.
    pub shown: Vec<(u8, CardSet)>,
}

impl TrackedDeal {
    /// The seat to play next.
    pub fn to_play(&self) -> u8 {
        (self.leader + self.trick.len() as u8) % 4
    }

    /// True once all nine tricks are played.
    pub fn is_over(&self) -> bool {
        self.tricks.len() == 9
    }
}

impl DealTracker {
    /// An empty deal.
    pub fn new(eleven: UndenufeEleven) -> DealTracker {
        DealTracker {
            eleven,
            hand: None,
            contract: None,
            seat: None,
            entries: Vec::new(),
        }
    }

    /// True once a card was entered (the hand's owner, the contract and the seat are fixed then).
    pub fn has_play(&self) -> bool {
        self.entries.iter().any(|e| matches!(e, Entry::Play(_)))
    }

    /// The deal replayed from the entries, once hand, contract and seat are known.
    pub fn deal(&self) -> Option<TrackedDeal> {
        let contract = self.contract?;
        let me = self.seat?;
        let mut t = TrackedDeal {
            hand: self.hand?,
            tricks: Vec::new(),
            trick: Vec::new(),
            leader: 0,
            points: [0, 0],
            played: CardSet::EMPTY,
            shown: Vec::new(),
        };
        for e in &self.entries {
            match e {
                Entry::Weis(s, cards) => t.shown.push((*s, *cards)),
                Entry::Play(card) => {
                    if t.to_play() == me {
                        t.hand.remove(*card);
                    }
                    t.played.insert(*card);
                    t.trick.push(*card);
                    if t.trick.len() == 4 {
                        let i = t.tricks.len();
                        let mode = contract.trick_mode(i);
                        let w = (t.leader as usize + trick_winner(&t.trick, mode)) % 4;
                        let mut pts = trick_points(&t.trick, PointTable::new(mode, self.eleven));
                        if i == 8 {
                            pts += LAST_TRICK_BONUS;
                        }
                        t.points[w % 2] += pts;
                        t.tricks.push(ObservedTrick {
                            leader: t.leader,
                            cards: std::mem::take(&mut t.trick),
                            winner: w as u8,
                            points: pts,
                        });
                        t.leader = w as u8;
                    }
                }
            }
        }
        Some(t)
    }

    /// The seat's view of `deal` for the hint engine.
    pub fn view(&self, deal: &TrackedDeal) -> Option<CardPlayView> {
        Some(CardPlayView {
            seat: self.seat?,
            hand: deal.hand,
            contract: self.contract?,
            undenufe_eleven: self.eleven,
            trick_leader: deal.leader,
            trick: deal.trick.clone(),
            tricks: deal.tricks.clone(),
            shown: deal.shown.clone(),
            // Not asked: the first leader's team chose.
            chooser: None,
        })
    }

    /// The seat's observation of `deal` (for inferring what the others can hold).
    pub fn observation(&self, deal: &TrackedDeal) -> SchieberObservation {
        SchieberObservation {
            seat: self.seat.unwrap_or(0),
            phase: Phase::Play,
            hand: deal.hand,
            dealer: 3,
            forehand: 0,
            to_move: None,
            schoben: false,
            contract: self.contract,
            chooser: None,
            trick_leader: deal.leader,
            trick: deal.trick.clone(),
            tricks: deal.tricks.clone(),
            weis_calls: Vec::new(),
            weis_shown: Vec::new(),
            stoeck: None,
            deal_score: [0, 0],
            totals: [0, 0],
            target: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trick of Rosen trump entered from seat 1's side: the Under of trumps wins it, the
    /// points count by the trump table, the seat's card leaves its hand, the winner leads next.
    #[test]
    fn a_trick_is_won_scored_and_led_on_from() {
        let mut t = DealTracker::new(UndenufeEleven::Ace);
        assert_eq!(t.deal(), None, "nothing is known yet");
        t.hand = Some("HJ HA S6 S7 S8 C6 C7 C8 D6".parse().unwrap());
        t.contract = Some("H".parse().unwrap());
        t.seat = Some(1);
        for c in "H6 HJ H9 HK".split_whitespace() {
            t.entries.push(Entry::Play(c.parse().unwrap()));
        }
        let d = t.deal().unwrap();
        assert_eq!(d.tricks.len(), 1);
        assert_eq!(d.tricks[0].winner, 1);
        // Trump: 6 = 0, Under 20, Nell 14, King 4.
        assert_eq!(d.points, [0, 38]);
        assert!(!d.hand.contains("HJ".parse().unwrap()));
        assert_eq!(d.hand.len(), 8);
        assert_eq!(d.to_play(), 1);
        assert!(t.has_play());
        let view = t.view(&d).unwrap();
        assert_eq!(view.trick_leader, 1);
        assert_eq!(t.observation(&d).tricks, d.tricks);
    }
}

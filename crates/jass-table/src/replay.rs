//! A record played again through its game, to see each of its deals as the table saw it: the
//! table view at the end of every deal (the deal's score lines, the slate, the facts). `jass
//! show` draws its text from them, the same for every game.
//!
//! The record is read in one place, [`replay`], through its JSON (game, options, seed and
//! each deal's actions), so that a change of the record's shape touches only this function.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use crate::registry::Record;
use jass_core::{Decision, Player};
use serde_json::Value;

use crate::adapter::TableGame;
use crate::registry::GameKind;
use crate::registry::GameVisitor;
use crate::request::match_answer;
use crate::view::TableView;

/// A record played again.
#[derive(Clone, Debug, Default)]
pub struct Replayed {
    /// The table view at the end of each deal, in order: shorter than the record's deals where
    /// the record cannot be replayed (it has no seed, as an imported log; its actions leave the
    /// game's, as a record the engine did not write), empty if nothing can be.
    pub views: Vec<TableView>,
    /// Whether the game ended with the record's last action (`Some(false)`: the record stops
    /// before the game's end, a game left early); `None` if it could not be replayed to its end.
    pub finished: Option<bool>,
}

/// `record` played again through its game: its actions on the cards its seed deals.
pub fn replay(record: &Record) -> Replayed {
    let json = serde_json::to_value(record).expect("records serialize");
    GameKind::of_record(record).visit(Replay { json: &json })
}

struct Replay<'a> {
    json: &'a Value,
}

/// What the replaying seats share: the record's entries still to play, and whether the game has
/// left the record.
#[derive(Default)]
struct Script {
    entries: VecDeque<Value>,
    off_record: bool,
}

impl GameVisitor for Replay<'_> {
    type Output = Replayed;
    fn visit<G: TableGame>(self) -> Replayed {
        let (Ok(options), Some(seed)) = (
            G::read_options(&self.json["options"]),
            self.json["seed"].as_u64(),
        ) else {
            return Replayed::default();
        };
        let deals = self.json["deals"].as_array().cloned().unwrap_or_default();
        let entries: VecDeque<Value> = deals
            .iter()
            .flat_map(|d| d["actions"].as_array().cloned().unwrap_or_default())
            .map(|mut e| {
                // The entry without its seat and a fallback's reason: the action as a seat answers it.
                if let Some(m) = e.as_object_mut() {
                    m.remove("seat");
                    m.remove("fallback");
                }
                e
            })
            .collect();
        let script = Rc::new(RefCell::new(Script {
            entries,
            off_record: false,
        }));
        let seats = G::seat_count(&options);
        let mut players: Vec<Box<dyn Player<G>>> = (0..seats)
            .map(|_| {
                Box::new(Replayer {
                    script: Rc::clone(&script),
                }) as Box<dyn Player<G>>
            })
            .collect();
        let mut views = Vec::new();
        let mut lines_before = false;
        // Whether the game was over when the record's last action had been played.
        let mut over_at_end = None;
        let mut watch = |state: &G| {
            let sc = script.borrow();
            if sc.entries.is_empty() && !sc.off_record && over_at_end.is_none() {
                let waits = matches!(state.to_move(), jass_core::ToMove::Seat(_));
                if waits || state.is_terminal() {
                    over_at_end = Some(state.is_terminal());
                }
            }
            if sc.off_record || views.len() >= deals.len() {
                return;
            }
            drop(sc);
            let view = state.table_view(seats);
            let lines_now = !view.deal_lines.is_empty();
            if lines_now && !lines_before {
                views.push(view);
            }
            lines_before = lines_now;
        };
        // A game that left the record is played on by the first legal actions and ignored.
        let _ = G::play(options, seed, &mut players, &mut watch);
        let diverged = script.borrow().off_record && !script.borrow().entries.is_empty();
        Replayed {
            views,
            finished: if diverged { None } else { over_at_end },
        }
    }
}

/// A seat that plays the record's next action.
struct Replayer {
    script: Rc<RefCell<Script>>,
}

impl<G: TableGame> Player<G> for Replayer {
    fn name(&self) -> String {
        "replay".into()
    }
    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let legal: Vec<G::Action> = decision.legal.iter().collect();
        let written: Vec<Value> = legal.iter().map(|&a| G::action_json(a)).collect();
        let mut script = self.script.borrow_mut();
        while !script.off_record {
            let Some(entry) = script.entries.pop_front() else {
                script.off_record = true;
                break;
            };
            if let Ok(i) = match_answer(&entry, &written) {
                return legal[i];
            }
            // The engine writes a Stöck itself, after the card that makes it: not a decision.
            if entry["action"] != "stoeck" {
                script.off_record = true;
            }
        }
        legal[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::bot;

    struct Played;
    impl GameVisitor for Played {
        type Output = (Record, usize);
        fn visit<G: TableGame>(self) -> (Record, usize) {
            let o = G::read_options(&serde_json::json!({})).unwrap();
            let n = G::seat_count(&o);
            let mut players: Vec<_> = (0..n)
                .map(|s| bot::<G>("rule", &o, s, 9).unwrap())
                .collect();
            let record = G::play(o, 9, &mut players, &mut |_| {}).unwrap();
            let deals = serde_json::to_value(&record).unwrap()["deals"]
                .as_array()
                .unwrap()
                .len();
            (record, deals)
        }
    }

    #[test]
    fn every_deal_of_a_record_is_seen_again_with_its_lines() {
        for kind in GameKind::ALL {
            let (record, deals) = kind.visit(Played);
            let replayed = replay(&record);
            assert_eq!(replayed.views.len(), deals, "{}", kind.name());
            assert!(replayed.views.iter().all(|v| !v.deal_lines.is_empty()));
            assert_eq!(replayed.finished, Some(true), "{}", kind.name());
        }
    }

    #[test]
    fn a_record_without_a_seed_is_not_replayed() {
        let (record, _) = GameKind::Schieber.visit(Played);
        let mut json = serde_json::to_value(&record).unwrap();
        json["seed"] = Value::Null;
        let unseeded = Record::from_value(json).unwrap();
        assert!(replay(&unseeded).views.is_empty());
    }
}

//! Hindersi (Hintersich-Jass; 004 "Hindersi-Jass", JassWiki "Hindersi"): a reverse Jass for four
//! or three players, each for himself, where the aim is "to score the fewest points; however a
//! player taking all tricks wins the deal, scoring zero, while the rest score 157 each". The rules
//! as implemented, with their sources and the choices where the texts are silent, are in
//! `docs/hindersi.md`.

mod options;
mod record;
mod state;

pub use options::{HindersiOptions, Ranking, MAX_PARTIES};
pub use record::{
    play_recorded, HindersiCards, HindersiDealResult, HindersiGameResult, HindersiMarks,
    HindersiRecord,
};
pub use state::{
    DealScore, Hindersi, HindersiDeal, HindersiObservation, HindersiPhase, HindersiRules,
    HindersiView, LastDeal, PartieMarks, DEAL_POINTS, MAX_SEATS, MAX_TRICKS, RULES,
};

/// A decision of a player: the game has only card play (the shared action type).
pub use crate::card_play_action::CardPlayAction as HindersiAction;

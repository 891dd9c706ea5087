//! Schellenjass, and Herzjass with French cards (004 "Schellenjass"): every player for himself,
//! no trump, and the aim "to avoid capturing Bells or to take all nine". The rules as implemented,
//! with their sources and the choices where the texts are silent, are in `docs/schellenjass.md`.

mod options;
mod record;
mod state;

pub use options::{SchellenjassOptions, MAX_TARGET};
pub use record::{
    play_recorded, SchellenjassDealResult, SchellenjassGameResult, SchellenjassRecord,
};
pub use state::{
    DealScore, LastDeal, Schellenjass, SchellenjassDeal, SchellenjassObservation,
    SchellenjassPhase, SchellenjassRules, SchellenjassView, MAX_SEATS, MAX_TRICKS,
};

/// A decision of a player: the game has only card play (the shared action type).
pub use crate::card_play_action::CardPlayAction as SchellenjassAction;

//! Guggitaler (004 "Guggitaler", JassWiki "Serienjass: Taktiken"): three or four players, each
//! for himself, a list of deals played without trump, each counting other cards (the roses, the
//! tricks, the Obers, the Rose King, the last trick), the fewest points winning. The rules as
//! implemented, with their sources and the choices where the texts are silent, are in
//! `docs/guggitaler.md`.

mod options;
mod record;
mod state;

pub use options::{GuggitalerOptions, List};
pub use record::{play_recorded, GuggitalerDealResult, GuggitalerGameResult, GuggitalerRecord};
pub use state::{
    Count, DealScore, Guggitaler, GuggitalerObservation, GuggitalerPhase, GuggitalerRules,
    GuggitalerView, LastDeal, Round, Tally, MAX_SEATS, MODE, RULES,
};

/// A decision of a player: the game has only card play (the shared action type).
pub use crate::card_play_action::CardPlayAction as GuggitalerAction;

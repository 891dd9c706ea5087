//! Molotow (004 "Molotow"): four players, each for himself, nine cards each, no trump until the
//! first card that does not follow suit makes its suit trump; whoever takes a trick writes its
//! card points and the meld its cards make on the table (the table meld), and the fewest points
//! win. The rules as implemented, with their source and the choices where the text is silent,
//! are in `docs/molotow.md`.

mod options;
mod record;
mod state;

pub use options::{MolotowOptions, TableMelds, MAX_DEALS, PLAYERS};
pub use record::{play_recorded, MolotowDealResult, MolotowGameResult, MolotowRecord};
pub use state::{
    table_meld, table_meld_points, DealScore, LastDeal, Molotow, MolotowObservation, MolotowPhase,
    MolotowRules, MolotowView, MAX_SEATS, RULES,
};

/// A decision of a player: the game has only card play (the shared action type).
pub use crate::card_play_action::CardPlayAction as MolotowAction;
/// The mode of the play before a trump is set (Mittlere's: no trump, the aces high) and what a
/// card counts once the deal is over.
pub use crate::mittlere::{card_value, UNSET};

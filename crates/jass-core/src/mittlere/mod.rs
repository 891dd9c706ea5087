//! Mittlere (Mittlerejass; 004 "Mittlerejass", JassWiki "Mittlere"): three players, each for
//! himself, 12 cards each, no trump until the first card that does not follow suit makes its
//! suit trump; whoever ends a deal with the middle score is marked down, the highest and the
//! lowest marked up. The rules as implemented, with their sources and the choices where the
//! texts are silent, are in `docs/mittlere.md`.

mod options;
mod record;
mod state;

pub use options::{Hundred, MittlereOptions, MAX_DEALS, PLAYERS};
pub use record::{play_recorded, MittlereDealResult, MittlereGameResult, MittlereRecord};
pub use state::{
    card_value, first_off_suit, points_under, DealScore, LastDeal, Mittlere, MittlereObservation,
    MittlerePhase, MittlereRules, MittlereView, Outcome, MAX_SEATS, RULES, UNSET,
};

/// A decision of a player: the game has only card play (the shared action type).
pub use crate::card_play_action::CardPlayAction as MittlereAction;
/// How the marks rank the players at the end (Hindersi's: Striche less Nuller, or Striche).
pub use crate::hindersi::Ranking;

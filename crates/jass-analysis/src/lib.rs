//! Analysis of Jass positions as a library, so that every front end can offer it: the hint engine
//! (what to do now and, where it can be computed, the expected points of every legal card), used
//! by `jass play`'s hint key and `jass advise`; a Schieber deal followed card by card from one
//! seat's side, as at a real table (`jass advise`); the exact value of every card at a point of a
//! deal with all hands open, from a record of any game whose entry gives its positions or typed in
//! (`jass solve`).

pub mod hint;
pub mod solve;
pub mod tracker;

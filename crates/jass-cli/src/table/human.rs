//! The person's seat at the table: a [`JsonPlayer`] that hands each request to the screen over a
//! channel and waits for the answer the person gives there.

use std::sync::mpsc::{Receiver, Sender};

use jass_table::{Event, JsonPlayer, Request, Verdict};
use serde_json::Value;

/// What the game thread tells the screen.
pub enum ToScreen {
    /// A table event (snapshot, action, replaced answer).
    Event(Event),
    /// The person must act.
    Request(Request),
    /// A deal ended; the game waits for the person to go on.
    DealOver,
    /// The game ended (or stopped), and how it ended when it was played to its end.
    Finished(Finish, Option<Verdict>),
}

/// How the game thread ended.
pub enum Finish {
    /// The record is saved: what to tell the person (where it is).
    Saved(String),
    /// The game ended, but its record could not be written (why): the journal keeps the game.
    NotWritten(String),
    /// The game stopped before its end, or its record does not re-play (why).
    Failed(String),
}

/// The person's seat.
pub struct HumanSeat {
    /// Requests (and everything else) go to the screen here.
    pub to_screen: Sender<ToScreen>,
    /// Answers (an index into the legal actions) come back here.
    pub answers: Receiver<Value>,
}

impl JsonPlayer for HumanSeat {
    fn name(&self) -> String {
        "person".into()
    }

    fn act(&mut self, request: &Request) -> Result<Value, String> {
        self.to_screen
            .send(ToScreen::Request(request.clone()))
            .map_err(|_| "the screen is closed".to_string())?;
        self.answers
            .recv()
            .map_err(|_| "the person left the table".to_string())
    }
}

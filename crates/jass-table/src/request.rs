//! A seat played through JSON: the request a seat is sent (its view and the legal actions) and the
//! answer it gives. The same messages travel over standard input (bot programs), a WebSocket
//! (browsers, remote bots) or a channel (the terminal table).

use jass_core::{Decision, Player};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::adapter::TableGame;
use crate::external::GameInfo;

/// What a seat is asked when it must act.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// The game (`schieber`, `handjass`, …).
    pub game: String,
    /// The seat that acts.
    pub seat: usize,
    /// Everything that seat may see now (the game's observation as JSON).
    pub view: Value,
    /// The legal actions in record notation; the answer must be one of them.
    pub legal: Vec<Value>,
}

/// A seat played by anything that answers JSON requests.
pub trait JsonPlayer: Send {
    /// A short description for records (`python3 bot.py`, a person's name, …).
    fn name(&self) -> String;
    /// The answer to `request`: one of `request.legal` (or its index). An `Err` says why there is
    /// no usable answer (timeout, closed connection); the table then plays the fallback.
    fn act(&mut self, request: &Request) -> Result<Value, String>;
    /// Told before the first request: the game, all its options, the seat and the number of seats
    /// (a bot program hears it as `new_game`). The default ignores it.
    fn start(&mut self, _game: &GameInfo) {}
    /// What to call with the game's record (as JSON) when the game is over (a bot program hears
    /// `game_over`, then `bye`). The default: nothing.
    fn game_over_hook(&self) -> Option<GameOverHook> {
        None
    }
}

/// Called once with the finished game's record as JSON (see [`JsonPlayer::game_over_hook`]).
pub type GameOverHook = Box<dyn FnOnce(&Value) + Send>;

/// A JSON player as a player of game `G`, usable wherever computer players are (a table, the
/// arena, `simulate`): it sends the seat's view and legal actions, and when the answer is missing
/// or wrong it plays the game's rule player instead and reports why (never an illegal action).
pub struct JsonSeat<G: TableGame> {
    player: Box<dyn JsonPlayer>,
    fallback: Box<dyn Player<G>>,
    on_fallback: Option<FallbackLog>,
    /// Why the last action was the fallback's, until the record takes it.
    replaced: Option<String>,
}

/// Where a seat reports each answer it replaced (the reason).
type FallbackLog = Box<dyn FnMut(&str)>;

impl<G: TableGame> JsonSeat<G> {
    /// `player` at a table of `G` with these options (the fallback is `G`'s rule player).
    pub fn new(player: Box<dyn JsonPlayer>, options: &G::Options) -> Self {
        JsonSeat {
            player,
            fallback: G::rule_player(options),
            on_fallback: None,
            replaced: None,
        }
    }
    /// Calls `log` with the reason each time an answer is replaced (when used as a [`Player`]).
    pub fn with_logger(mut self, log: impl FnMut(&str) + 'static) -> Self {
        self.on_fallback = Some(Box::new(log));
        self
    }
    /// The player's name.
    pub fn name(&self) -> String {
        self.player.name()
    }
    /// The action for `decision`, and the reason if the player's answer was replaced.
    pub fn decide(&mut self, decision: &Decision<'_, G>) -> (G::Action, Option<String>) {
        let legal: Vec<Value> = decision.legal.iter().map(G::action_json).collect();
        let request = Request {
            game: G::KIND.name().to_string(),
            seat: decision.seat,
            view: decision.view_json(),
            legal,
        };
        match self
            .player
            .act(&request)
            .and_then(|a| match_answer(&a, &request.legal))
        {
            Ok(i) => (decision.legal.get(i), None),
            Err(reason) => (self.fallback.act(decision), Some(reason)),
        }
    }
}

impl<G: TableGame> Player<G> for JsonSeat<G> {
    fn name(&self) -> String {
        self.player.name()
    }
    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let (action, replaced) = self.decide(decision);
        if let (Some(reason), Some(log)) = (&replaced, self.on_fallback.as_mut()) {
            log(&format!(
                "seat {} ({}): {reason}; played {} instead",
                decision.seat,
                self.player.name(),
                G::action_json(action)
            ));
        }
        self.replaced = replaced;
        action
    }
    fn take_fallback(&mut self) -> Option<String> {
        self.replaced.take()
    }
    fn game_over(&mut self, record: &Value) {
        if let Some(tell) = self.player.game_over_hook() {
            tell(record);
        }
    }
    fn wants_game_over(&self) -> bool {
        self.player.game_over_hook().is_some()
    }
}

/// Which legal action `answer` names: the action itself (compared as JSON, so key order and
/// spacing do not matter; card names are not case-sensitive), its index in `legal`, or
/// `{"index": n}`. The error says what was wrong and lists what would have been right.
pub fn match_answer(answer: &Value, legal: &[Value]) -> Result<usize, String> {
    let index = match answer {
        Value::Number(n) => n.as_u64(),
        Value::Object(m) if m.len() == 1 && m.contains_key("index") => match m["index"].as_u64() {
            Some(i) => Some(i),
            None => {
                return Err(format!(
                    "index {} is not a whole number from 0 to {}: there are {} legal actions",
                    m["index"],
                    legal.len().saturating_sub(1),
                    legal.len()
                ))
            }
        },
        _ => None,
    };
    if let Some(i) = index {
        return if (i as usize) < legal.len() {
            Ok(i as usize)
        } else {
            Err(format!(
                "index {i} is out of range: there are {} legal actions (0 to {})",
                legal.len(),
                legal.len().saturating_sub(1)
            ))
        };
    }
    let wanted = normalize(answer);
    if let Some(i) = legal.iter().position(|l| normalize(l) == wanted) {
        return Ok(i);
    }
    // The answer as the bot sent it, cut short: it goes into logs and records.
    Err(format!(
        "{} is not a legal action here; legal are: {}",
        clip_to(&answer.to_string(), 200),
        list_legal(legal)
    ))
}

/// `s` cut to its first `max` characters (then marked `…`), for quoting what a bot sent; control
/// and invisible characters (a line break, an escape sequence, U+202E) are written escaped, so
/// that a quote can neither split a log line, drive the terminal of whoever reads it, nor pass
/// for another name.
pub(crate) fn clip_to(s: &str, max: usize) -> String {
    let mut out = jass_core::text::escape_unsafe(&s.chars().take(max).collect::<String>());
    if s.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

/// The legal actions for an error message: all of them, or for a long list (a Differenzler
/// announcement has 158) the first and last few and how many there are.
fn list_legal(legal: &[Value]) -> String {
    const ALL_UP_TO: usize = 12;
    let shown = |xs: &[Value]| {
        xs.iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if legal.len() <= ALL_UP_TO {
        shown(legal)
    } else {
        format!(
            "{}, …, {} ({} in all, as the request's `legal` lists them)",
            shown(&legal[..3]),
            shown(&legal[legal.len() - 2..]),
            legal.len()
        )
    }
}

/// Upper-cases the string values of card fields, so `"ha"` names `HA`.
fn normalize(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| {
                    let x = match (k.as_str(), x) {
                        ("card" | "cards", Value::String(s)) => Value::String(s.to_uppercase()),
                        ("cards", Value::Array(a)) => Value::Array(
                            a.iter()
                                .map(|c| match c {
                                    Value::String(s) => Value::String(s.to_uppercase()),
                                    other => other.clone(),
                                })
                                .collect(),
                        ),
                        _ => normalize(x),
                    };
                    (k.clone(), x)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn quotes_are_clipped_and_control_characters_escaped() {
        assert_eq!(clip_to("short", 10), "short");
        assert_eq!(clip_to("abcdefghijkl", 5), "abcde…");
        // A bot's name with an escape sequence and a line break stays one harmless line.
        let q = clip_to("t-garbage\u{1b}[31mRED\nX", 40);
        assert_eq!(q, "t-garbage\\u{1b}[31mRED\\nX");
        assert!(!q.chars().any(char::is_control));
        assert_eq!(clip_to(&"A".repeat(500_000), 200).chars().count(), 201);
    }

    #[test]
    fn an_index_that_is_not_a_whole_number_says_so() {
        let legal = vec![
            json!({"action": "play", "card": "HA"}),
            json!({"action": "play", "card": "S6"}),
        ];
        for bad in [json!(-1), json!(0.5), json!("0")] {
            let e = match_answer(&json!({ "index": bad }), &legal).unwrap_err();
            assert!(e.contains("not a whole number from 0 to 1"), "{e}");
        }
    }

    #[test]
    fn a_huge_refused_answer_is_cut_short_in_the_message() {
        let legal = vec![json!({"action": "play", "card": "HA"})];
        let huge = json!({"action": "play", "card": "X".repeat(100_000)});
        let e = match_answer(&huge, &legal).unwrap_err();
        assert!(
            e.len() < 1_000 && e.contains("not a legal action") && e.contains("HA"),
            "{e}"
        );
    }

    #[test]
    fn answers_by_action_or_index() {
        let legal = vec![
            json!({"action": "play", "card": "HA"}),
            json!({"action": "play", "card": "S10"}),
        ];
        assert_eq!(
            match_answer(&json!({"card": "S10", "action": "play"}), &legal),
            Ok(1)
        );
        assert_eq!(
            match_answer(&json!({"action": "play", "card": "ha"}), &legal),
            Ok(0)
        );
        assert_eq!(match_answer(&json!(1), &legal), Ok(1));
        assert_eq!(match_answer(&json!({"index": 0}), &legal), Ok(0));
        let e = match_answer(&json!(2), &legal).unwrap_err();
        assert!(e.contains("out of range"), "{e}");
        let e = match_answer(&json!({"action": "play", "card": "C6"}), &legal).unwrap_err();
        assert!(e.contains("not a legal action") && e.contains("S10"), "{e}");
        assert!(match_answer(&json!("garbage"), &legal).is_err());
    }

    #[test]
    fn a_long_list_of_legal_actions_is_shortened_in_the_error() {
        let legal: Vec<Value> = (0..=157)
            .map(|p| json!({"action": "announce", "points": p}))
            .collect();
        let e = match_answer(&json!({"action": "announce", "points": 200}), &legal).unwrap_err();
        assert!(e.contains(r#"{"action":"announce","points":0}"#), "{e}");
        assert!(e.contains(r#"{"action":"announce","points":157}"#), "{e}");
        assert!(!e.contains(r#""points":80"#), "{e}");
        assert!(e.contains("158 in all"), "{e}");
        // Twelve or fewer: every one.
        let e =
            match_answer(&json!({"action": "announce", "points": 200}), &legal[..12]).unwrap_err();
        assert!(
            e.contains(r#""points":11}"#) && !e.contains("in all"),
            "{e}"
        );
    }
}

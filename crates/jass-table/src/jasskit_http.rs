//! A seat played by an HSLU jass-kit player service (`jass.service.PlayerServiceApp` of the PyPI
//! package `jass-kit`): Schieber only. Our view is translated to jass-kit's `GameObservation`
//! JSON and posted to `URL/action_trump` or `URL/action_play_card`; the answer (a trump code or a
//! card name) is translated back. Anything unusable (no service, an HTTP error, a card that is not
//! legal under our rules) is refused with the reason and the table plays the fallback.
//!
//! The mapping (`jass/game/const.py`, `jass/game/game_observation.py`):
//! - seats: jass-kit numbers players clockwise and plays counter-clockwise (`next_player = [3, 0,
//!   1, 2]`), we number in playing order, so our seat `s` is jass-kit player `(4 - s) % 4`
//!   (0↔0, 1↔3, 2↔2, 3↔1; the teams {0,2} and {1,3} stay the same);
//! - cards: the same names (`DA`, `H10`, `C6`), jass-kit index `9 × suit + (A K Q J 10 9 8 7 6)`;
//! - trump: `D=0 H=1 S=2 C=3 obenabe=4 undenufe=5`, schieben = `PUSH = 10` (also 6, `PUSH_ALT`);
//! - `forehand`: `-1` before the choice, `0` after schieben (the partner chooses; also once the
//!   partner chose), `1` when forehand chose.
//!
//! jass-kit plays Schieber without Weis, Stöck, Misère, Slalom or shoving back, and counts the six
//! 11 in Undenufe; [`JASSKIT_OPTIONS`] are our options for that.

use std::sync::Mutex;
use std::time::Duration;

use serde_json::{json, Value};

use crate::request::{clip_to, JsonPlayer, Request};

/// Our Schieber options for jass-kit's rules (as `-o` pairs): no Weis, no Stöck, the six counts 11
/// in Undenufe, no Match bonus. Misère, Slalom and shoving back are off by default.
pub const JASSKIT_OPTIONS: [&str; 4] = [
    "weis=none",
    "stoeck=false",
    "undenufe_eleven=six",
    "match_bonus=false",
];

/// jass-kit's trump code of a contract (`D`, `H`, `S`, `C`, `obenabe`, `undenufe`).
pub fn trump_code(contract: &str) -> Option<i64> {
    Some(match contract {
        "D" => 0,
        "H" => 1,
        "S" => 2,
        "C" => 3,
        "obenabe" => 4,
        "undenufe" => 5,
        _ => return None,
    })
}

/// The contract of a jass-kit trump code (not schieben).
pub fn contract_of(code: i64) -> Option<&'static str> {
    Some(match code {
        0 => "D",
        1 => "H",
        2 => "S",
        3 => "C",
        4 => "obenabe",
        5 => "undenufe",
        _ => return None,
    })
}

/// jass-kit's player number of our seat (and back: the map is its own inverse).
pub fn kit_player(seat: i64) -> i64 {
    (4 - seat.rem_euclid(4)) % 4
}

/// Checks a jass-kit player URL: `http://host:port/jass/players/NAME` (a service that mounts
/// jass-kit's routes under `/jass/players`, as the anchors and the Swisslos server do) or
/// `http://host:port/NAME` (jass-kit 2.0.5's `PlayerServiceApp` as shipped, which registers its
/// blueprint without a prefix). The requests go to `URL/action_trump` and `URL/action_play_card`.
pub fn parse_url(url: &str) -> Result<(), String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or("a jass-kit player is an http:// URL")?;
    let Some((host, path)) = rest.split_once('/') else {
        return Err("the URL has no player: write http://HOST:PORT/jass/players/NAME".into());
    };
    if host.is_empty() {
        return Err("the URL has no host: write http://HOST:PORT/jass/players/NAME".into());
    }
    let path = path.trim_end_matches('/');
    if path.is_empty() || path.contains(['?', '#']) {
        return Err(
            "the URL must end in the player's name: http://HOST:PORT/jass/players/NAME".into(),
        );
    }
    // What the HTTP client would refuse at the first request (an empty host, a space, a port
    // over 65535, a broken IPv6 address): refused now, not by falling back on every decision.
    url::Url::parse(url)
        .map_err(|e| format!("not a valid URL ({e}): write http://HOST:PORT/jass/players/NAME"))?;
    Ok(())
}

/// Whether Schieber options (as JSON) are ones jass-kit can play, and if not, why.
pub fn check_options(options: &Value) -> (bool, String) {
    let mut wrong = Vec::new();
    if options["weis"] != "none" {
        wrong.push("-o weis=none");
    }
    if options["stoeck"] != false {
        wrong.push("-o stoeck=false");
    }
    for key in ["misere", "slalom", "zurueckschieben"] {
        if options[key] == true {
            wrong.push(match key {
                "misere" => "-o misere=false",
                "slalom" => "-o slalom=false",
                _ => "-o zurueckschieben=false",
            });
        }
    }
    if wrong.is_empty() {
        (true, String::new())
    } else {
        (
            false,
            format!(
                "jass-kit plays Schieber without Weis, Stöck, Misère, Slalom or shoving back: add {} \
                 (and -o undenufe_eleven=six to count as jass-kit counts)",
                wrong.join(" ")
            ),
        )
    }
}

/// Our Schieber view (`Game::view_json` of the seat to act) as jass-kit's `GameObservation` JSON.
pub fn observation(view: &Value) -> Result<Value, String> {
    let int = |v: &Value, what: &str| {
        v.as_i64()
            .ok_or_else(|| format!("the view has no `{what}`"))
    };
    let seat = int(&view["seat"], "seat")?;
    let dealer = int(&view["dealer"], "dealer")?;
    let forehand_seat = int(&view["forehand"], "forehand")?;
    let to_move = view["to_move"].as_i64().unwrap_or(-1);
    let (trump, forehand) = match view["contract"].as_str() {
        Some(c) => {
            let t = trump_code(c).ok_or_else(|| {
                format!("jass-kit has no contract `{c}` (only D H S C obenabe undenufe)")
            })?;
            let chooser = int(&view["chooser"], "chooser")?;
            (t, if chooser == forehand_seat { 1 } else { 0 })
        }
        None if view["schoben"] == true => (-1, 0),
        None => (-1, -1),
    };
    let cards = |v: &Value| -> Vec<Value> { v.as_array().cloned().unwrap_or_default() };
    let mut tricks = Vec::new();
    for t in view["tricks"].as_array().into_iter().flatten() {
        tricks.push(json!({
            "cards": cards(&t["cards"]),
            "points": t["points"],
            "win": kit_player(int(&t["winner"], "winner")?),
            "first": kit_player(int(&t["leader"], "leader")?),
        }));
    }
    if view["contract"].is_string() && tricks.len() < 9 {
        let current = cards(&view["trick"]);
        let mut t = json!({ "first": kit_player(int(&view["trick_leader"], "trick_leader")?) });
        if !current.is_empty() {
            t["cards"] = Value::Array(current);
        }
        tricks.push(t);
    }
    let mut players = vec![json!({"hand": []}); 4];
    players[kit_player(seat) as usize] = json!({ "hand": cards(&view["hand"]) });
    Ok(json!({
        "version": "V0.2",
        "trump": trump,
        "dealer": kit_player(dealer),
        "currentPlayer": if to_move >= 0 { kit_player(to_move) } else { -1 },
        "playerView": kit_player(seat),
        "forehand": forehand,
        "tricks": tricks,
        "player": players,
        "jassTyp": "SCHIEBER",
        "gameId": 0,
    }))
}

/// A jass-kit player service as a JSON seat (Schieber only).
pub struct JassKitPlayer {
    url: String,
    agent: ureq::Agent,
}

impl JassKitPlayer {
    /// The service at `url` (`http://host:port/jass/players/NAME`); each request may take
    /// `timeout_ms`.
    pub fn new(url: &str, timeout_ms: u64) -> Result<JassKitPlayer, String> {
        parse_url(url).map_err(|e| format!("player `{url}`: {e}"))?;
        let agent = ureq::AgentBuilder::new()
            .timeout(Duration::from_millis(timeout_ms))
            .build();
        Ok(JassKitPlayer {
            url: url.trim_end_matches('/').to_string(),
            agent,
        })
    }

    /// The service at `url`, checked with one request before the game (a trump choice for a
    /// fixed hand), once per URL and process: a URL that answers with an HTTP error (a wrong path
    /// or player name) would otherwise fall back on every decision of a whole game.
    pub fn connect(url: &str, timeout_ms: u64) -> Result<JassKitPlayer, String> {
        static CHECKED: Mutex<Vec<String>> = Mutex::new(Vec::new());
        let mut player = JassKitPlayer::new(url, timeout_ms)?;
        if CHECKED.lock().is_ok_and(|m| m.contains(&player.url)) {
            return Ok(player);
        }
        let hand = ["D6", "D10", "DK", "H8", "HA", "S9", "SQ", "C7", "CJ"];
        let probe = Request {
            game: "schieber".into(),
            seat: 1,
            view: json!({"seat": 1, "dealer": 0, "forehand": 1, "to_move": 1, "contract": null,
                "schoben": false, "hand": hand, "tricks": [], "trick": [], "trick_leader": 1}),
            legal: vec![json!({"action": "contract", "contract": "D"})],
        };
        if let Err(e) = player.act(&probe) {
            let hint = if e.contains("HTTP 404") || e.contains("HTTP 400") {
                "; check the path and the player's name: jass-kit 2.0.5's PlayerServiceApp as \
                 shipped serves http://HOST:PORT/NAME, a service that mounts its routes under \
                 /jass/players serves http://HOST:PORT/jass/players/NAME"
            } else {
                ""
            };
            return Err(format!(
                "player `{url}`: the first request, before the game (a trump choice), failed: {e}{hint}"
            ));
        }
        if let Ok(mut m) = CHECKED.lock() {
            m.push(player.url.clone());
        }
        Ok(player)
    }

    fn post(&self, route: &str, body: &Value) -> Result<Value, String> {
        let url = format!("{}/{route}", self.url);
        match self.agent.post(&url).send_json(body.clone()) {
            Ok(resp) => resp
                .into_json::<Value>()
                .map_err(|e| format!("{url} answered something that is not JSON: {e}")),
            Err(ureq::Error::Status(code, resp)) => {
                let text = resp.into_string().unwrap_or_default();
                Err(format!(
                    "{url} answered HTTP {code}: {}",
                    clip_to(text.trim(), 200)
                ))
            }
            Err(e) => Err(format!("no answer from {url}: {e}")),
        }
    }
}

/// A server's answer as quoted in a fallback reason (which goes into logs and records): its first
/// 200 characters.
fn quote(answer: &Value) -> String {
    clip_to(&answer.to_string(), 200)
}

impl JsonPlayer for JassKitPlayer {
    fn name(&self) -> String {
        self.url.clone()
    }

    fn act(&mut self, request: &Request) -> Result<Value, String> {
        if request.game != "schieber" {
            return Err(format!(
                "a jass-kit player plays Schieber only, not {}",
                request.game
            ));
        }
        let first = &request.legal[0];
        match first["action"].as_str() {
            // jass-kit has no Weis: decline (with weis=none it is never asked).
            Some("weis") => Ok(json!({"action": "weis", "weis": []})),
            Some("play") => {
                let answer = self.post("action_play_card", &observation(&request.view)?)?;
                let card = answer["card"]
                    .as_str()
                    .ok_or_else(|| format!("the answer {} has no `card`", quote(&answer)))?;
                Ok(json!({"action": "play", "card": card}))
            }
            Some("contract" | "schieben") => {
                let answer = self.post("action_trump", &observation(&request.view)?)?;
                let code = answer["trump"].as_i64().ok_or_else(|| {
                    format!("the answer {} has no integer `trump`", quote(&answer))
                })?;
                if code == 10 || code == 6 {
                    return Ok(json!({"action": "schieben"}));
                }
                let c = contract_of(code).ok_or_else(|| {
                    format!("trump code {code} is not one of 0-5 (D H S C obenabe undenufe), 6 or 10 (push)")
                })?;
                Ok(json!({"action": "contract", "contract": c}))
            }
            other => Err(format!(
                "jass-kit cannot answer a `{}` request",
                other.unwrap_or("?")
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_map_to_jasskit_players_and_back() {
        assert_eq!((0..4).map(kit_player).collect::<Vec<_>>(), [0, 3, 2, 1]);
        for s in 0..4 {
            assert_eq!(kit_player(kit_player(s)), s);
            // The next seat in playing order is jass-kit's next player ([3, 0, 1, 2]).
            let next = [3, 0, 1, 2][kit_player(s) as usize];
            assert_eq!(kit_player((s + 1) % 4), next);
        }
        for c in ["D", "H", "S", "C", "obenabe", "undenufe"] {
            assert_eq!(contract_of(trump_code(c).unwrap()), Some(c));
        }
        assert!(parse_url("http://127.0.0.1:5000/jass/players/rule").is_ok());
        assert!(parse_url("http://127.0.0.1:5000/rule").is_ok());
        assert!(parse_url("http://127.0.0.1:5000/").is_err());
        assert!(parse_url("http://127.0.0.1:5000").is_err());
        assert!(parse_url("https://x/jass/players/a").is_err());
        for bad in [
            "http://:80/jass/players/x",
            "http://exa mple/jass/players/x",
            "http://localhost:99999/jass/players/x",
            "http://[::1/jass/players/x",
        ] {
            let e = parse_url(bad).unwrap_err();
            assert!(
                e.contains("no host") || e.contains("not a valid URL"),
                "{bad}: {e}"
            );
        }
        assert!(parse_url("http://[::1]:5000/jass/players/rule").is_ok());
    }
}

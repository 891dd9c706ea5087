//! A seat played by another program over the bot protocol (`docs/protocol.md`): JSON Lines on the
//! program's standard input and output, in the spirit of UCI.
//!
//! The program is started when the seat is made, greets with `hello` before its first request,
//! is told the game with `new_game`, answers each `request` with an `action` carrying the same id,
//! may send `info` at any time, and gets `error` when an answer is refused, `game_over` with the
//! record at the end, then `bye`. A wrong, late or missing answer never breaks the game: the table
//! plays the fallback (the game's rule player) and says why. A program that never greets, exits,
//! closes its output or floods the engine with lines is out for the rest of the game, with one
//! logged reason. It runs in a process group of its own, which is ended with the seat (children
//! it forked included).

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::kind::GameSpec;
use crate::registry::GameKind;
use crate::request::{clip_to, match_answer, GameOverHook, JsonPlayer, Request};

/// The protocol version this engine speaks.
pub const PROTOCOL_VERSION: u64 = 1;

/// Where a bot's `info` messages, its standard error and the engine's notes about it go.
pub type BotLog = Arc<dyn Fn(&str) + Send + Sync>;

/// Time limits for a bot program.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BotLimits {
    /// How long the program may take to answer `hello` (it may be starting an interpreter).
    pub hello_ms: u64,
    /// How long it may take to answer one request (sent to it as `deadline_ms`).
    pub deadline_ms: u64,
}

impl BotLimits {
    /// These limits with another deadline for each request.
    pub fn with_deadline(self, deadline_ms: u64) -> BotLimits {
        BotLimits {
            deadline_ms,
            ..self
        }
    }
}

impl Default for BotLimits {
    fn default() -> Self {
        BotLimits {
            hello_ms: 10_000,
            deadline_ms: 5_000,
        }
    }
}

/// The game a bot is seated at, told to it with `new_game`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInfo {
    /// The game's name (`schieber`, …).
    pub game: String,
    /// Every option of the game.
    pub options: Value,
    /// The bot's seat.
    pub seat: usize,
    /// Seats at the table.
    pub seats: usize,
}

impl GameInfo {
    /// What a bot at `seat` of a game of `kind` with these options is told: the one place every
    /// command (simulate, arena, play, the server's tables) takes it from, so the seat is the
    /// bot's own and the seat count follows the options (Handjass 2 to 5).
    pub fn new(kind: GameKind, options: Value, seat: usize) -> GameInfo {
        let spec = GameSpec { kind, options };
        GameInfo {
            game: kind.name().to_string(),
            seats: spec.seats(),
            options: spec.options,
            seat,
        }
    }
}

/// Splits a command line into words: spaces separate words, single or double quotes keep spaces
/// (and commas) inside one word, a backslash escapes the next character.
pub fn split_command(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), '\\') | (None, '\\') => {
                word.push(chars.next().ok_or("the command ends in a lone backslash")?);
                in_word = true;
            }
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(format!("the command has an unclosed {q} quote"));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the command is empty".into());
    }
    Ok(words)
}

enum FromBot {
    Line(String),
    Eof,
}

/// The lines a bot wrote that the engine has not read yet: how many bytes they hold (counted by
/// the reader, which stops at [`MAX_QUEUED`] and marks the bot as flooding).
#[derive(Default)]
struct Queue {
    bytes: AtomicUsize,
    flooded: AtomicBool,
}

/// The most a bot may have written ahead of the engine (lines not read yet): four of the longest
/// lines kept. A bot that writes more while nobody asks it floods the engine and is dropped.
const MAX_QUEUED: usize = 4 * MAX_LINE;

/// What a queued line counts beyond its bytes (its allocation), so that a flood of empty lines
/// is bounded too.
const LINE_OVERHEAD: usize = 64;

/// How many lines of a bot's `info` and standard error (and notes on its ignored messages) are
/// logged: a burst of [`LOG_BURST`], then [`LOG_PER_SECOND`] a second; the others are counted.
struct LogLimit {
    tokens: f64,
    last: Instant,
    skipped: usize,
}

const LOG_BURST: f64 = 200.0;
const LOG_PER_SECOND: f64 = 20.0;

impl LogLimit {
    fn new() -> Arc<Mutex<LogLimit>> {
        Arc::new(Mutex::new(LogLimit {
            tokens: LOG_BURST,
            last: Instant::now(),
            skipped: 0,
        }))
    }
}

/// Logs `line` if the bot's rate allows; the first line logged after skipped ones says how many.
fn log_limited(log: &BotLog, limit: &Mutex<LogLimit>, line: &str) {
    let Ok(mut l) = limit.lock() else { return };
    let now = Instant::now();
    let refill = now.duration_since(l.last).as_secs_f64() * LOG_PER_SECOND;
    l.tokens = (l.tokens + refill).min(LOG_BURST);
    l.last = now;
    if l.tokens < 1.0 {
        l.skipped += 1;
        return;
    }
    l.tokens -= 1.0;
    let skipped = std::mem::take(&mut l.skipped);
    drop(l);
    if skipped > 0 {
        log(&format!(
            "{line} ({skipped} line(s) of this bot not logged before it: more than {LOG_PER_SECOND} a second)"
        ));
    } else {
        log(line);
    }
}

/// The running program and what the engine knows about it (shared with the game-over hook).
struct Proc {
    label: String,
    child: Child,
    /// The bot's input, written by a thread of its own: a bot that stops reading (its pipe full)
    /// blocks that thread, never the game, which then meets the deadline of the answer.
    stdin: Option<BotInput>,
    lines: Receiver<FromBot>,
    queue: Arc<Queue>,
    log: BotLog,
    log_limit: Arc<Mutex<LogLimit>>,
    limits: BotLimits,
    name: Option<String>,
    greeted: bool,
    game: Option<GameInfo>,
    game_sent: bool,
    next_id: u64,
    /// Why the program is out for the rest of the game.
    dead: Option<String>,
    said_bye: bool,
}

/// The writing end of a bot's input: lines go to a thread that writes them; the first write that
/// fails is kept as the reason.
struct BotInput {
    lines: mpsc::Sender<Vec<u8>>,
    failed: Arc<Mutex<Option<String>>>,
}

impl BotInput {
    fn start(mut stdin: ChildStdin) -> BotInput {
        let (tx, rx) = mpsc::channel::<Vec<u8>>();
        let failed = Arc::new(Mutex::new(None));
        let why = Arc::clone(&failed);
        thread::spawn(move || {
            for line in rx {
                if let Err(e) = stdin.write_all(&line).and_then(|_| stdin.flush()) {
                    if let Ok(mut w) = why.lock() {
                        *w = Some(format!("cannot write to it ({e})"));
                    }
                    return;
                }
            }
        });
        BotInput { lines: tx, failed }
    }

    fn send(&self, line: Vec<u8>) -> Result<(), String> {
        if let Some(e) = self.failed.lock().ok().and_then(|w| w.clone()) {
            return Err(e);
        }
        self.lines
            .send(line)
            .map_err(|_| "cannot write to it (its input is closed)".to_string())
    }
}

impl Proc {
    fn send(&mut self, msg: &Value) -> Result<(), String> {
        let Some(stdin) = self.stdin.as_ref() else {
            return Err("its input is closed".into());
        };
        let mut line = msg.to_string();
        line.push('\n');
        stdin.send(line.into_bytes())
    }

    /// Marks the program as out for the rest of the game and logs why, once.
    fn kill_with(&mut self, reason: String) -> String {
        if self.dead.is_none() {
            (self.log)(&format!(
                "{}: {reason}; its seat is played by the fallback for the rest of the game",
                self.label
            ));
            self.dead = Some(reason.clone());
            self.end();
            self.stdin = None;
        }
        reason
    }

    /// Ends the bot's process group (the bot and every process it started), then the bot.
    fn end(&mut self) {
        // The group's id is the bot's pid (`process_group(0)`); until the bot is reaped below,
        // that id cannot name anything else.
        if let Ok(pgid) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group; no memory is shared.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Logs a line the bot caused (`info`, an ignored message), within the bot's log rate.
    fn note(&self, line: &str) {
        log_limited(&self.log, &self.log_limit, line);
    }

    /// How the program ended, if it did.
    fn exit_note(&mut self) -> String {
        // The reader sees the end of output a moment before the process is reaped.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("exited ({status})");
            }
            thread::sleep(Duration::from_millis(5));
        }
        "closed its output".into()
    }

    /// The next line before `until`, `info` messages logged on the way.
    fn next_message(&mut self, until: Instant) -> Result<Value, Wait> {
        // A bot that exits while a process it started keeps its output open never closes it: its
        // exit is looked for between lines, and the lines it wrote before are read first.
        const POLL: Duration = Duration::from_millis(25);
        let mut exited = false;
        loop {
            if self.queue.flooded.load(Ordering::Relaxed) {
                return Err(Wait::Flooded);
            }
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(POLL)) {
                Ok(FromBot::Line(line)) => {
                    self.queue
                        .bytes
                        .fetch_sub(line.len() + LINE_OVERHEAD, Ordering::Relaxed);
                    let line = line.trim();
                    if line.is_empty() {
                        continue;
                    }
                    let msg: Value = match serde_json::from_str(line) {
                        Ok(v) => v,
                        Err(e) => return Err(Wait::Garbage(format!("{}: {e}", clip(line)))),
                    };
                    if msg["type"] == "info" {
                        let text = match &msg["message"] {
                            Value::String(s) => clip(s),
                            other => clip(&other.to_string()),
                        };
                        self.note(&format!("{}: info: {text}", self.label));
                        continue;
                    }
                    return Ok(msg);
                }
                Ok(FromBot::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Wait::Closed);
                }
                Err(RecvTimeoutError::Timeout) if exited => return Err(Wait::Closed),
                Err(RecvTimeoutError::Timeout) if Instant::now() >= until => {
                    return Err(Wait::Late)
                }
                Err(RecvTimeoutError::Timeout) => {
                    exited = matches!(self.child.try_wait(), Ok(Some(_)));
                }
            }
        }
    }

    fn greet(&mut self) -> Result<(), String> {
        if self.greeted {
            return Ok(());
        }
        let hello = json!({
            "type": "hello",
            "protocol": "jass-bot",
            "version": PROTOCOL_VERSION,
            "engine": format!("jass {}", env!("CARGO_PKG_VERSION")),
        });
        if let Err(e) = self.send(&hello) {
            let note = self.exit_note();
            return Err(self.kill_with(format!("{note} before hello: {e}")));
        }
        let until = Instant::now() + Duration::from_millis(self.limits.hello_ms);
        let msg = match self.next_message(until) {
            Ok(m) => m,
            Err(Wait::Late) => {
                return Err(self.kill_with(format!(
                    "no hello within {} ms: it does not speak the bot protocol (docs/protocol.md)",
                    self.limits.hello_ms
                )))
            }
            Err(Wait::Closed) => {
                let note = self.exit_note();
                return Err(self.kill_with(format!("{note} before saying hello")));
            }
            Err(Wait::Flooded) => return Err(self.kill_with(flood_reason())),
            Err(Wait::Garbage(g)) => {
                return Err(self.kill_with(format!("its first line is not JSON ({g}); expected {{\"type\":\"hello\",\"name\":…,\"version\":1}}")))
            }
        };
        if msg["type"] != "hello" {
            return Err(self.kill_with(format!(
                "its first message is {}, not a hello: expected {{\"type\":\"hello\",\"name\":…,\"version\":1}}",
                clip(&msg.to_string())
            )));
        }
        if msg["version"].as_u64() != Some(PROTOCOL_VERSION) {
            return Err(self.kill_with(format!(
                "it speaks protocol version {}, this engine speaks version {PROTOCOL_VERSION}",
                msg["version"]
            )));
        }
        // The name goes into logs, records and `jass show`: at most 40 characters, control
        // characters (a line break, an escape sequence) written escaped.
        if let Some(name) = msg["name"].as_str().filter(|n| !n.trim().is_empty()) {
            self.name = Some(clip_to(name.trim(), 40));
        }
        self.greeted = true;
        Ok(())
    }

    fn ask(&mut self, request: &Request) -> Result<Value, String> {
        if let Some(reason) = &self.dead {
            return Err(format!("the bot is out ({reason})"));
        }
        self.greet()?;
        if !self.game_sent {
            // Told by the table before the first request; without it, the game's defaults.
            let info = match (&self.game, request.game.parse::<GameKind>()) {
                (Some(info), _) => info.clone(),
                (None, Ok(kind)) => GameInfo::new(kind, kind.default_options(), request.seat),
                (None, Err(e)) => return Err(e),
            };
            let msg = json!({
                "type": "new_game",
                "game": info.game,
                "options": info.options,
                "seat": info.seat,
                "seats": info.seats,
            });
            if let Err(e) = self.send(&msg) {
                let note = self.exit_note();
                return Err(self.kill_with(format!("{note}: {e}")));
            }
            self.game_sent = true;
        }
        self.next_id += 1;
        let id = self.next_id;
        let msg = json!({
            "type": "request",
            "id": id,
            "game": request.game,
            "seat": request.seat,
            "view": request.view,
            "legal": request.legal,
            "deadline_ms": self.limits.deadline_ms,
        });
        if let Err(e) = self.send(&msg) {
            let note = self.exit_note();
            return Err(self.kill_with(format!("{note} before request {id}: {e}")));
        }
        let until = Instant::now() + Duration::from_millis(self.limits.deadline_ms);
        loop {
            let msg = match self.next_message(until) {
                Ok(m) => m,
                Err(Wait::Late) => {
                    return Err(self.refuse(
                        id,
                        format!(
                            "no answer to request {id} within {} ms",
                            self.limits.deadline_ms
                        ),
                    ))
                }
                Err(Wait::Closed) => {
                    let note = self.exit_note();
                    return Err(self.kill_with(format!("{note} while asked request {id}")));
                }
                Err(Wait::Flooded) => return Err(self.kill_with(flood_reason())),
                Err(Wait::Garbage(g)) => {
                    return Err(
                        self.refuse(id, format!("the answer to request {id} is not JSON: {g}"))
                    )
                }
            };
            match msg["type"].as_str() {
                Some("action") => {}
                other => {
                    self.note(&format!(
                        "{}: ignored a message of type {} while waiting for the answer to request {id}",
                        self.label,
                        other.map(|t| format!("`{t}`")).unwrap_or_else(|| "(none)".into())
                    ));
                    continue;
                }
            }
            match msg["id"].as_u64() {
                Some(got) if got == id => {}
                Some(got) if got < id => {
                    self.note(&format!(
                        "{}: ignored a late answer to request {got} (now at request {id})",
                        self.label
                    ));
                    continue;
                }
                _ => {
                    return Err(self.refuse(
                        id,
                        format!(
                            "the answer has id {}, but request {id} was asked",
                            msg["id"]
                        ),
                    ))
                }
            }
            let answer = if let Some(a) = msg.get("action") {
                a.clone()
            } else if let Some(i) = msg.get("index") {
                json!({ "index": i })
            } else {
                return Err(self.refuse(
                    id,
                    format!("the answer to request {id} has neither `action` nor `index`"),
                ));
            };
            return match match_answer(&answer, &request.legal) {
                Ok(i) => Ok(json!({ "index": i })),
                Err(e) => Err(self.refuse(id, format!("request {id}: {e}"))),
            };
        }
    }

    /// Tells the bot its answer was refused (it is replaced by the fallback) and returns why.
    fn refuse(&mut self, id: u64, reason: String) -> String {
        let _ = self.send(&json!({"type": "error", "id": id, "message": format!("{reason}; the fallback plays instead")}));
        reason
    }

    fn bye(&mut self) {
        if !self.said_bye && self.dead.is_none() && self.greeted {
            let _ = self.send(&json!({"type": "bye"}));
        }
        self.said_bye = true;
    }
}

enum Wait {
    Late,
    Closed,
    Garbage(String),
    Flooded,
}

fn flood_reason() -> String {
    format!(
        "it wrote more than {} MiB of lines that were not asked for (it floods the engine)",
        MAX_QUEUED >> 20
    )
}

/// The longest line kept from a bot (an answer is a few hundred bytes): a longer one is read
/// to its end and dropped, so that a bot cannot fill the engine's memory.
const MAX_LINE: usize = 1 << 20;

/// Reads one line into `buf` (cleared first; its end of line kept), at most `max` bytes of it:
/// `Ok(None)` at the end of the stream, else `Ok(Some(true))` if the line was longer than that
/// (the rest is read and dropped).
fn read_line_capped(
    r: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (n, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = max.saturating_sub(buf.len());
        if n > room {
            too_long = true;
        }
        buf.extend_from_slice(&chunk[..n.min(room)]);
        r.consume(n);
        if done {
            return Ok(Some(too_long));
        }
    }
}

/// A bot's line as quoted in a reason or a log: its first 120 characters.
fn clip(s: &str) -> String {
    clip_to(s, 120)
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.bye();
        self.stdin = None;
        // Give a well-behaved bot a moment to leave on its own, then end it and whatever it
        // started.
        for _ in 0..40 {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.end();
        let skipped = self.log_limit.lock().map(|l| l.skipped).unwrap_or(0);
        if skipped > 0 {
            (self.log)(&format!(
                "{}: {skipped} more line(s) of it not logged (more than {LOG_PER_SECOND} a second)",
                self.label
            ));
        }
    }
}

/// A bot program speaking the bot protocol over standard input and output.
pub struct ExternalBot {
    proc: Arc<Mutex<Proc>>,
    command: String,
}

impl ExternalBot {
    /// Starts `command` (split as by [`split_command`]). Fails only if the program cannot be
    /// started; a program that then does not speak the protocol is reported at its first request.
    /// `log` receives the bot's `info` messages, its standard error and notes about it.
    pub fn spawn(command: &str, limits: BotLimits, log: BotLog) -> Result<ExternalBot, String> {
        let words = split_command(command)?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start bot `{command}`: {e}"))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let stdin = child.stdin.take().map(BotInput::start);
        let label = format!("bot `{command}`");
        let (tx, rx) = mpsc::channel();
        let queue = Arc::new(Queue::default());
        let queued = Arc::clone(&queue);
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                match read_line_capped(&mut reader, &mut buf, MAX_LINE) {
                    Ok(None) | Err(_) => break,
                    Ok(Some(too_long)) => {
                        let line = if too_long {
                            // Not JSON, so the answer is refused with this as the reason.
                            format!("(a line longer than {MAX_LINE} bytes)")
                        } else {
                            String::from_utf8_lossy(&buf).into_owned()
                        };
                        let size = line.len() + LINE_OVERHEAD;
                        if queued.bytes.fetch_add(size, Ordering::Relaxed) + size > MAX_QUEUED {
                            // Stop reading: the bot is dropped at the engine's next look.
                            queued.flooded.store(true, Ordering::Relaxed);
                            return;
                        }
                        if tx.send(FromBot::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(FromBot::Eof);
        });
        let log_limit = LogLimit::new();
        let (err_log, err_limit) = (Arc::clone(&log), Arc::clone(&log_limit));
        let err_label = label.clone();
        thread::spawn(move || {
            // Bytes, decoded leniently: one byte that is not UTF-8 must not stop the reader
            // (the bot's next write to its standard error would then fail).
            let mut reader = BufReader::new(stderr);
            let mut buf = Vec::new();
            while let Ok(Some(too_long)) = read_line_capped(&mut reader, &mut buf, MAX_LINE) {
                let text = String::from_utf8_lossy(&buf);
                let text = clip(text.trim_end());
                let more = if too_long { " (line cut)" } else { "" };
                log_limited(
                    &err_log,
                    &err_limit,
                    &format!("{err_label}: stderr: {text}{more}"),
                );
            }
        });
        Ok(ExternalBot {
            proc: Arc::new(Mutex::new(Proc {
                label,
                child,
                stdin,
                lines: rx,
                queue,
                log,
                log_limit,
                limits,
                name: None,
                greeted: false,
                game: None,
                game_sent: false,
                next_id: 0,
                dead: None,
                said_bye: false,
            })),
            command: command.to_string(),
        })
    }

    /// Sets the game told to the bot in `new_game` (before its first request).
    pub fn with_game(self, game: GameInfo) -> Self {
        self.lock().game = Some(game);
        self
    }

    /// Why the bot is out for the rest of the game, if it is.
    pub fn out_reason(&self) -> Option<String> {
        self.lock().dead.clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Proc> {
        self.proc.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl JsonPlayer for ExternalBot {
    fn name(&self) -> String {
        match &self.lock().name {
            Some(n) => format!("{n} (cmd:{})", self.command),
            None => format!("cmd:{}", self.command),
        }
    }
    fn act(&mut self, request: &Request) -> Result<Value, String> {
        self.lock().ask(request)
    }
    fn start(&mut self, game: &GameInfo) {
        self.lock().game = Some(game.clone());
    }
    fn game_over_hook(&self) -> Option<GameOverHook> {
        let proc = Arc::clone(&self.proc);
        Some(Box::new(move |record: &Value| {
            let mut p = proc.lock().unwrap_or_else(|p| p.into_inner());
            if p.dead.is_none() && p.greeted {
                let msg =
                    json!({"type": "game_over", "result": record["result"], "record": record});
                let _ = p.send(&msg);
            }
            p.bye();
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_lines_are_read_with_a_cap_and_any_bytes() {
        let input: &[u8] = b"ab\ncdefgh\n\xff\xfe\nlast";
        let mut r = BufReader::with_capacity(3, input);
        let mut buf = Vec::new();
        let mut next = || {
            let r = read_line_capped(&mut r, &mut buf, 4).unwrap();
            (r, buf.clone())
        };
        assert_eq!(next(), (Some(false), b"ab\n".to_vec()));
        assert_eq!(
            next(),
            (Some(true), b"cdef".to_vec()),
            "cut at 4 bytes, the rest dropped"
        );
        assert_eq!(
            next(),
            (Some(false), b"\xff\xfe\n".to_vec()),
            "bytes that are not UTF-8"
        );
        assert_eq!(
            next(),
            (Some(false), b"last".to_vec()),
            "a last line without its end"
        );
        assert_eq!(next().0, None);
    }

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command("python3 examples/random_bot.py").unwrap(),
            ["python3", "examples/random_bot.py"]
        );
        assert_eq!(
            split_command(r#"python3 "my bot.py" --x='a, b' c\ d"#).unwrap(),
            ["python3", "my bot.py", "--x=a, b", "c d"]
        );
        assert_eq!(split_command("a ''").unwrap(), ["a", ""]);
        assert!(split_command("  ").unwrap_err().contains("empty"));
        assert!(split_command("a 'b").unwrap_err().contains("unclosed"));
    }
}

//! The bot protocol (docs/protocol.md) with real programs: the shipped random bot plays whole
//! games of every game, and bots that answer illegally, late, with garbage, crash, or never greet
//! still leave a complete game with a consistent record and a reason for every replaced answer.
//! Needs `python3` (the bots are Python scripts in tests/bots/ and examples/).

use std::sync::{Arc, Mutex};

use jass_core::schieber::Schieber;
use jass_table::Record;
use std::time::{Duration, Instant};

use jass_table::external::{BotLimits, BotLog, ExternalBot, GameInfo};
use jass_table::seat_spec::{self, SeatReport, SeatSpec};
use jass_table::{
    run_table, Event, GameKind, GameSpec, JsonPlayer, Request, SeatPlayer, TableOutcome,
};
use serde_json::{json, Value};

fn python() -> &'static str {
    let ok = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    assert!(
        ok,
        "these tests run bot programs with python3, which is not on PATH: install Python 3"
    );
    "python3"
}

fn script(rel: &str) -> String {
    format!("{} {}/{rel}", python(), env!("CARGO_MANIFEST_DIR"))
}

fn random_bot() -> String {
    script("../../examples/random_bot.py 5")
}

fn bot(name: &str) -> String {
    script(&format!("tests/bots/{name}"))
}

fn short_spec(kind: GameKind) -> GameSpec {
    let pairs: Vec<String> = match kind {
        GameKind::Schieber | GameKind::Sidi => vec!["target=1000".into()],
        GameKind::Differenzler => vec!["deals=4".into()],
        _ => vec![],
    };
    GameSpec::parse(kind.name(), &pairs).unwrap()
}

/// A log that keeps every line (and shows it, for a failing test).
fn collecting_log() -> (BotLog, Arc<Mutex<Vec<String>>>) {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&lines);
    let log: BotLog = Arc::new(move |m: &str| {
        eprintln!("{m}");
        keep.lock().unwrap().push(m.to_string());
    });
    (log, lines)
}

fn limits(deadline_ms: u64) -> BotLimits {
    BotLimits {
        hello_ms: 5_000,
        deadline_ms,
    }
}

/// Plays `spec` with the bot `command` at `seat` and rule players elsewhere.
fn table_game(
    spec: &GameSpec,
    seat: usize,
    command: &str,
    lim: BotLimits,
    seed: u64,
) -> (TableOutcome, Vec<String>) {
    let (log, lines) = collecting_log();
    let mut seats: Vec<SeatPlayer> = (0..spec.seats())
        .map(|_| SeatPlayer::Bot("rule".into()))
        .collect();
    seats[seat] =
        seat_spec::seat_player(&SeatSpec::Cmd(command.to_string()), lim, log).expect("bot starts");
    let mut fallback_events = 0;
    let out = run_table(spec, seed, seats, &[], &mut |e| {
        if let Event::Fallback(f) = e {
            assert_eq!(f.seat, seat);
            fallback_events += 1;
        }
    })
    .unwrap_or_else(|e| panic!("{}: {e}", spec.kind.name()));
    out.record
        .check()
        .unwrap_or_else(|e| panic!("{}: the record does not check: {e}", spec.kind.name()));
    assert_eq!(fallback_events, out.fallbacks.len());
    let lines = lines.lock().unwrap().clone();
    (out, lines)
}

fn reasons(out: &TableOutcome) -> Vec<String> {
    out.fallbacks.iter().map(|f| f.reason.clone()).collect()
}

#[test]
fn the_random_bot_plays_every_game_without_fallbacks() {
    for kind in GameKind::ALL {
        let spec = short_spec(kind);
        let (out, log) = table_game(&spec, 1, &random_bot(), limits(5_000), 3);
        assert!(
            out.fallbacks.is_empty(),
            "{}: {:?}",
            kind.name(),
            reasons(&out)
        );
        let rec = serde_json::to_value(&out.record).unwrap();
        assert!(
            rec["seats"][1]["name"]
                .as_str()
                .unwrap()
                .starts_with("random.py (cmd:"),
            "{}",
            rec["seats"][1]
        );
        assert!(
            log.iter().any(|l| l.contains("info: playing")),
            "the bot's info messages are logged: {log:?}"
        );
    }
}

#[test]
fn the_engine_sends_the_documented_messages_in_order() {
    let dir = tempdir();
    let file = dir.join("transcript.jsonl");
    let spec = short_spec(GameKind::Schieber);
    let cmd = format!("{} {}", bot("transcript_bot.py"), file.display());
    let (out, log) = table_game(&spec, 2, &cmd, limits(5_000), 8);
    assert!(out.fallbacks.is_empty(), "{:?}", reasons(&out));
    assert!(log.iter().any(|l| l.contains("info: thinking")));
    // The bot is dropped with the table: its transcript is complete.
    let text = std::fs::read_to_string(&file).unwrap();
    let msgs: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(msgs[0]["type"], "hello");
    assert_eq!(msgs[0]["protocol"], "jass-bot");
    assert_eq!(msgs[0]["version"], 1);
    assert!(msgs[0]["engine"].as_str().unwrap().starts_with("jass "));
    assert_eq!(msgs[1]["type"], "new_game");
    assert_eq!(msgs[1]["game"], "schieber");
    assert_eq!(msgs[1]["seat"], 2);
    assert_eq!(msgs[1]["seats"], 4);
    assert_eq!(msgs[1]["options"], spec.options, "all options, written out");
    let requests: Vec<&Value> = msgs.iter().filter(|m| m["type"] == "request").collect();
    assert!(!requests.is_empty());
    for (i, r) in requests.iter().enumerate() {
        assert_eq!(r["id"], i as u64 + 1, "ids count up from 1");
        assert_eq!(r["seat"], 2);
        assert_eq!(r["game"], "schieber");
        assert_eq!(r["view"]["seat"], 2);
        assert!(!r["legal"].as_array().unwrap().is_empty());
        assert_eq!(r["deadline_ms"], 5_000);
    }
    let n = msgs.len();
    assert_eq!(msgs[n - 2]["type"], "game_over");
    let record = Record::from_value(msgs[n - 2]["record"].clone()).unwrap();
    assert_eq!(record, out.record);
    assert_eq!(msgs[n - 2]["result"], msgs[n - 2]["record"]["result"]);
    assert_eq!(msgs[n - 1]["type"], "bye");
    assert!(msgs.iter().all(|m| m["type"] != "error"));

    // A seat's own deadline (`deadline_ms=N:cmd:…`) is the one its requests carry.
    let file = dir.join("timed.jsonl");
    let spec_text = format!(
        "deadline_ms=7500:cmd:{} {}",
        bot("transcript_bot.py"),
        file.display()
    );
    let (log, _) = collecting_log();
    let mut seats: Vec<SeatPlayer> = (0..4).map(|_| SeatPlayer::Bot("rule".into())).collect();
    seats[1] = seat_spec::seat_player(
        &seat_spec::parse_one(&spec_text).unwrap(),
        limits(5_000),
        log,
    )
    .unwrap();
    run_table(&spec, 8, seats, &[], &mut |_| {}).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let deadlines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|m| m["type"] == "request")
        .map(|m| m["deadline_ms"].clone())
        .collect();
    assert!(
        !deadlines.is_empty() && deadlines.iter().all(|d| *d == 7_500),
        "{deadlines:?}"
    );
}

#[test]
fn illegal_answers_are_refused_and_replaced() {
    let (out, _) = table_game(
        &short_spec(GameKind::Schieber),
        0,
        &bot("illegal_bot.py"),
        limits(5_000),
        4,
    );
    let r = reasons(&out);
    assert!(r.iter().any(|x| x.contains("not a legal action")), "{r:?}");
    assert!(r.iter().any(|x| x.contains("out of range")), "{r:?}");
    // Every third answer is legal: those are played.
    assert!(out.fallbacks.len() < out.actions.len() / 4 * 3);
}

#[test]
fn late_answers_are_replaced_and_then_ignored() {
    let (out, log) = table_game(
        &short_spec(GameKind::Schieber),
        3,
        &bot("slow_bot.py"),
        limits(300),
        6,
    );
    let r = reasons(&out);
    assert!(!r.is_empty());
    assert!(
        r.iter().all(|x| x.contains("within 300 ms")),
        "only the late answers are replaced: {r:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("ignored a late answer")),
        "{log:?}"
    );
}

#[test]
fn garbage_is_refused_with_the_reason() {
    let (out, _) = table_game(
        &short_spec(GameKind::Sidi),
        1,
        &bot("garbage_bot.py"),
        limits(2_000),
        2,
    );
    let r = reasons(&out);
    assert!(r.iter().any(|x| x.contains("is not JSON")), "{r:?}");
    assert!(
        r.iter().any(|x| x.contains("neither `action` nor `index`")),
        "{r:?}"
    );
    assert!(r.iter().any(|x| x.contains("has id")), "{r:?}");
}

#[test]
fn a_bot_that_crashes_is_replaced_for_the_rest_of_the_game() {
    let (out, log) = table_game(
        &short_spec(GameKind::Differenzler),
        2,
        &bot("crash_bot.py"),
        limits(5_000),
        1,
    );
    let r = reasons(&out);
    assert!(
        r[0].contains("exited") && r[0].contains("request 11"),
        "{r:?}"
    );
    assert!(r[1..].iter().all(|x| x.contains("the bot is out")), "{r:?}");
    let out_notes = log
        .iter()
        .filter(|l| l.contains("for the rest of the game"))
        .count();
    assert_eq!(out_notes, 1, "one logged reason: {log:?}");
    assert!(log
        .iter()
        .any(|l| l.contains("stderr: crash_bot: giving up")));
}

#[test]
fn a_bot_that_never_greets_is_replaced_for_the_whole_game() {
    let lim = BotLimits {
        hello_ms: 400,
        deadline_ms: 1_000,
    };
    let (out, _) = table_game(
        &short_spec(GameKind::Coiffeur),
        0,
        &bot("mute_bot.py"),
        lim,
        5,
    );
    let r = reasons(&out);
    assert!(r[0].contains("no hello within 400 ms"), "{r:?}");
    assert!(
        out.fallbacks.len() > 10,
        "every decision of the seat fell back"
    );

    let (out, _) = table_game(
        &short_spec(GameKind::Handjass),
        1,
        &bot("wrong_hello_bot.py"),
        limits(1_000),
        5,
    );
    let r = reasons(&out);
    assert!(r[0].contains("version 99"), "{r:?}");
}

#[test]
fn a_program_that_cannot_start_is_a_clear_error() {
    let e = seat_spec::seat_player(
        &SeatSpec::Cmd("/no/such/bot --x".into()),
        limits(1_000),
        Arc::new(|_: &str| {}),
    )
    .err()
    .expect("an error");
    assert!(e.contains("cannot start bot `/no/such/bot --x`"), "{e}");
}

#[test]
fn typed_players_from_a_players_list_count_fallbacks() {
    // As `jass simulate --players rule,cmd:…` does: typed players, the record from the game's own
    // recorder, the bots told the game is over.
    let list = seat_spec::parse(&format!("rule,cmd:{}", bot("illegal_bot.py"))).unwrap();
    let spec = short_spec(GameKind::Schieber);
    let o = jass_table::checked_options::<jass_core::schieber::Schieber>(&spec.options).unwrap();
    let (log, lines) = collecting_log();
    let report = SeatReport::new(log);
    let mut table =
        seat_spec::typed_table::<Schieber>(&list, &o, 4, 9, limits(5_000), &report).unwrap();
    let rec = jass_core::schieber::play_recorded(o, 9, &mut table.players).unwrap();
    // The record marks every replaced answer with its reason, and only those.
    let marked: Vec<_> = rec
        .deals
        .iter()
        .flat_map(|d| &d.actions)
        .filter_map(|e| e.fallback.as_ref().map(|r| (e.seat, r.clone())))
        .collect();
    assert_eq!(marked.len(), report.fallbacks());
    assert!(marked.iter().all(|(seat, _)| *seat == 1 || *seat == 3));
    assert!(
        marked
            .iter()
            .all(|(_, r)| r.contains("not a legal action") || r.contains("out of range")),
        "{marked:?}"
    );
    let record = Record::Schieber(rec);
    record.check().unwrap();
    // The marks survive the record's JSON.
    let back = Record::read_all(&record.to_json_line());
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].as_ref().unwrap(), &record);
    assert!(record.to_json_line().contains("\"fallback\":"));
    drop(table.finish(&record));
    assert!(report.fallbacks() > 0);
    let lines = lines.lock().unwrap();
    assert!(
        lines.iter().any(|l| l.starts_with("fallback: seat 1")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("fallback: seat 3")));
}

/// A Python bot written into `dir` as `name`: a protocol loop that greets and answers every
/// request with its first legal action, and runs `on_request` (Python, with `msg` the request)
/// before each answer.
fn python_bot(dir: &std::path::Path, name: &str, on_request: &str) -> String {
    let path = dir.join(name);
    let body = format!(
        "import json, os, subprocess, sys\n\
         def send(m):\n    sys.stdout.write(json.dumps(m) + '\\n'); sys.stdout.flush()\n\
         for line in sys.stdin:\n\
         \x20   msg = json.loads(line)\n\
         \x20   if msg['type'] == 'hello':\n        send({{'type': 'hello', 'version': 1}})\n\
         \x20   elif msg['type'] == 'request':\n\
         {}\n\
         \x20       send({{'type': 'action', 'id': msg['id'], 'index': 0}})\n\
         \x20   elif msg['type'] == 'bye':\n        break\n",
        on_request
            .lines()
            .map(|l| format!("        {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    std::fs::write(&path, body).unwrap();
    format!("{} {}", python(), path.display())
}

/// A request for a bot driven directly (not at a table).
fn request(id: usize) -> Request {
    Request {
        game: "schieber".into(),
        seat: 1,
        view: json!({"seat": 1, "n": id}),
        legal: vec![json!({"action": "play", "card": "HA"})],
    }
}

/// Whether process `pid` is gone (or a zombie waiting to be reaped), within `wait`.
fn gone(pid: u32, wait: Duration) -> bool {
    let start = Instant::now();
    loop {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // "PID (COMM) STATE …"
        let state = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .chars()
            .next();
        if matches!(state, None | Some('Z')) {
            return true;
        }
        if start.elapsed() > wait {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_processes_a_bot_started_end_with_it() {
    let dir = tempdir();
    let pid_file = dir.join("child.pid");
    // The child does not hold the bot's output: only the process group can find it.
    let cmd = python_bot(
        &dir,
        "forking_bot.py",
        &format!(
            "if msg['id'] == 1:\n    p = subprocess.Popen(['sleep', '60'], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n    open({:?}, 'w').write(str(p.pid))",
            pid_file.display().to_string()
        ),
    );
    let (out, _) = table_game(&short_spec(GameKind::Schieber), 1, &cmd, limits(5_000), 2);
    assert!(out.fallbacks.is_empty(), "{:?}", reasons(&out));
    let pid: u32 = std::fs::read_to_string(&pid_file).unwrap().parse().unwrap();
    let ended = gone(pid, Duration::from_secs(2));
    if !ended {
        let _ = std::process::Command::new("kill")
            .arg(pid.to_string())
            .status();
    }
    assert!(ended, "the bot's child {pid} outlived the game");
}

#[test]
fn a_bot_that_exits_while_its_child_keeps_its_output_open_is_noticed() {
    let dir = tempdir();
    // The child inherits the bot's output and keeps it open for 8 s after the bot exits.
    let cmd = python_bot(
        &dir,
        "exiting_bot.py",
        "subprocess.Popen(['sleep', '8'])\nsys.exit(3)",
    );
    let start = Instant::now();
    let (out, log) = table_game(&short_spec(GameKind::Sidi), 2, &cmd, limits(5_000), 3);
    let r = reasons(&out);
    assert!(
        r[0].contains("exited (exit status: 3) while asked request 1"),
        "{r:?}"
    );
    assert!(r[1..].iter().all(|x| x.contains("the bot is out")), "{r:?}");
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "the exit was noticed at once, not after the deadline: {:?}, {log:?}",
        start.elapsed()
    );
}

#[test]
fn a_bot_that_floods_the_engine_is_dropped_with_the_reason() {
    let dir = tempdir();
    // After its first answer, 40 MB of info lines that nobody reads while the engine is busy.
    let cmd = python_bot(
        &dir,
        "flooding_bot.py",
        "if msg['id'] == 1:\n    send({'type': 'action', 'id': 1, 'index': 0})\n    line = json.dumps({'type': 'info', 'message': 'x' * 100000}) + '\\n'\n    for _ in range(400): sys.stdout.write(line)\n    sys.stdout.flush()",
    );
    let lines = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&lines);
    let log: BotLog = Arc::new(move |m: &str| keep.lock().unwrap().push(m.to_string()));
    let mut bot = ExternalBot::spawn(&cmd, limits(5_000), log).unwrap();
    bot.start(&GameInfo::new(
        GameKind::Schieber,
        GameKind::Schieber.default_options(),
        1,
    ));
    assert!(bot.act(&request(1)).is_ok());
    // The bot floods right after its answer, while the engine is busy elsewhere.
    std::thread::sleep(Duration::from_millis(1_500));
    let e = bot.act(&request(2)).unwrap_err();
    assert!(e.contains("floods the engine"), "{e}");
    assert_eq!(bot.out_reason().as_deref(), Some(e.as_str()));
    drop(bot);
    let lines = lines.lock().unwrap();
    assert!(
        lines.iter().all(|l| l.len() < 1_000),
        "logged lines are clipped"
    );
}

#[test]
fn a_bots_log_lines_are_rate_limited_and_clipped() {
    let dir = tempdir();
    let cmd = python_bot(
        &dir,
        "chatty_bot.py",
        "for i in range(3000):\n    send({'type': 'info', 'message': f'{i} ' + 'y' * 500})\n    print('e' * 500, file=sys.stderr)\nsys.stderr.flush()",
    );
    let lines = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&lines);
    let log: BotLog = Arc::new(move |m: &str| keep.lock().unwrap().push(m.to_string()));
    let start = Instant::now();
    let mut bot = ExternalBot::spawn(&cmd, limits(5_000), log).unwrap();
    bot.start(&GameInfo::new(
        GameKind::Schieber,
        GameKind::Schieber.default_options(),
        1,
    ));
    assert!(bot.act(&request(1)).is_ok());
    std::thread::sleep(Duration::from_millis(300));
    drop(bot);
    let secs = start.elapsed().as_secs_f64();
    let lines = lines.lock().unwrap();
    let logged = lines
        .iter()
        .filter(|l| l.contains(": info: ") || l.contains(": stderr: "))
        .count();
    // A burst of 200, then 20 a second (of 6000 lines written).
    assert!(
        logged as f64 <= 200.0 + 20.0 * secs + 1.0,
        "{logged} lines logged in {secs} s"
    );
    assert!(logged >= 200, "{logged}");
    assert!(
        lines.iter().all(|l| l.len() < 300),
        "logged lines are clipped"
    );
    assert!(
        lines.iter().any(|l| l.contains("not logged")),
        "the skipped lines are counted: {:?}",
        lines.last()
    );
}

fn tempdir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "jass-protocol-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

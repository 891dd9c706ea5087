//! `jass play` in a real pseudo-terminal, driven with tmux (send-keys, capture-pane): a whole
//! Schieber game to its final summary and saved record, a resize below the minimum and back, and
//! Ctrl-C leaving a usable terminal. Without tmux the tests are skipped, except under CI
//! (`CI=true`), where a missing tmux fails them (`.ci/run` installs it).

use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// One tmux server of its own (`tmux -L NAME`), killed when dropped.
struct Tmux {
    socket: String,
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

fn tmux_present() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("tmux is not installed, and CI=true: .ci/run must install it (apt-get install -y tmux)");
        }
        eprintln!("skipped: tmux is not installed");
    }
    found
}

impl Tmux {
    /// A detached session `width`×`height` running `command` in `dir`.
    fn start(dir: &Path, width: u16, height: u16, command: &str) -> Tmux {
        let socket = format!(
            "jass-play-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        );
        let t = Tmux { socket };
        let out = t.run(&[
            "new-session",
            "-d",
            "-s",
            "play",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "-c",
            dir.to_str().expect("utf-8 path"),
            command,
        ]);
        assert!(out.status.success(), "tmux new-session: {out:?}");
        t
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "play"]).stdout)
            .into_owned()
    }

    /// Waits until the screen contains `text` (panics with the screen after `secs`).
    fn wait_for(&self, text: &str, secs: u64) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            if start.elapsed() > Duration::from_secs(secs) {
                panic!("`{text}` did not appear within {secs} s; the screen:\n{s}");
            }
            sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

fn jass() -> &'static str {
    env!("CARGO_BIN_EXE_jass")
}

/// `jass play ARGS` in a 100×30 tmux window in `dir`, which then prints `EXITED <status>`; in
/// English unless ARGS choose a `--lang` (whatever the machine's locale).
fn play_in(dir: &Path, args: &str) -> Tmux {
    let lang = if args.contains("--lang") {
        ""
    } else {
        "--lang en "
    };
    let cmd = format!("{} play {lang}{args}; echo EXITED $?; sleep 60", jass());
    Tmux::start(dir, 100, 30, &cmd)
}

/// `jass check` accepts the record at `path`.
fn assert_checks(path: &Path) {
    let check = Command::new(jass())
        .arg("check")
        .arg(path)
        .output()
        .unwrap();
    assert!(check.status.success(), "jass check: {check:?}");
}

/// Presses Enter at each of the person's decisions (plays the selected card, confirms the
/// selected choice, goes on after a deal) until the game is over or `decisions` were answered.
/// Enter is sent only when the screen waits for the person, and then the screen must change
/// first, so every Enter answers the screen that was seen. True if a deal summary was shown.
fn answer_with_enter(t: &Tmux, decisions: usize) -> bool {
    let start = Instant::now();
    let mut saw_deal_summary = false;
    let mut answered = 0;
    while answered < decisions {
        let s = t.screen();
        if s.contains("Game over") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the game did not end; the screen:\n{s}"
        );
        let waiting = s.contains("your turn: choose") || s.contains("Deal over");
        if !waiting {
            sleep(Duration::from_millis(30));
            continue;
        }
        saw_deal_summary |= s.contains("Deal over");
        t.keys(&["Enter"]);
        answered += 1;
        let sent = Instant::now();
        while t.screen() == s && sent.elapsed() < Duration::from_secs(2) {
            sleep(Duration::from_millis(20));
        }
    }
    saw_deal_summary
}

#[test]
fn a_whole_schieber_game_to_the_summary_and_a_checked_record() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = play_in(
        dir.path(),
        "--seed 3 --delay-ms 0 -o target=300 --out game.json",
    );
    let first = t.wait_for("your turn: choose", 20);
    assert!(first.contains("Jass · schieber · you are seat"), "{first}");
    assert!(
        !first.contains("seed 3"),
        "the seed would deal every hand: {first}"
    );
    assert!(
        ["Schellen", "Rosen", "Schilten", "Eicheln"]
            .iter()
            .any(|s| first.contains(s)),
        "Swiss card names in the hand:\n{first}"
    );
    let saw_deal_summary = answer_with_enter(&t, usize::MAX);
    let end = t.wait_for("record saved to game.json", 10);
    assert!(
        end.contains("Won by us") || end.contains("Won by them"),
        "{end}"
    );
    assert!(saw_deal_summary, "a summary after each deal");
    t.keys(&["q"]);
    let after = t.wait_for("EXITED 0", 10);
    assert!(after.contains("record saved to game.json"), "{after}");
    let record = dir.path().join("game.json");
    assert!(record.exists());
    assert_checks(&record);
}

#[test]
fn the_table_speaks_german_with_lang_de() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = play_in(
        dir.path(),
        "--lang de --seed 3 --delay-ms 0 --out game.json",
    );
    let s = t.wait_for("du bist dran: wähle", 20);
    for word in ["du bist Platz 0", "Deine Hand", "Tafel", "Züge", "Tipp"] {
        assert!(s.contains(word), "`{word}` on the German table:\n{s}");
    }
    t.keys(&["C-c"]);
    let s = t.wait_for("EXITED 0", 10);
    assert!(s.contains("Spiel verlassen (Seed 3)"), "{s}");
}

#[test]
fn resizing_and_ctrl_c_leave_a_usable_terminal() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cmd = format!(
        "{} play --lang en -g differenzler --seed 5 --delay-ms 0 --cards french; echo EXITED $?; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; sleep 60",
        jass()
    );
    let t = Tmux::start(dir.path(), 100, 30, &cmd);
    // The slate says "announced" from the start; wait for the dealt hand (French suit symbols)
    // before looking for the request.
    let start = Instant::now();
    let s = loop {
        let s = t.screen();
        if ["♦", "♥", "♠", "♣"].iter().any(|x| s.contains(x)) || start.elapsed().as_secs() > 20
        {
            break s;
        }
        sleep(Duration::from_millis(100));
    };
    assert!(
        ["♦", "♥", "♠", "♣"].iter().any(|x| s.contains(x)),
        "French symbols:\n{s}"
    );
    let s = t.wait_for("announce", 20);
    assert!(
        s.contains("announce"),
        "Differenzler asks for an announcement:\n{s}"
    );
    t.run(&["resize-window", "-t", "play", "-x", "60", "-y", "15"]);
    t.wait_for("Window too small", 10);
    t.run(&["resize-window", "-t", "play", "-x", "100", "-y", "30"]);
    t.wait_for("Your hand", 10);
    t.keys(&["C-c"]);
    let s = t.wait_for("EXITED 0", 10);
    assert!(s.contains("left the game"), "{s}");
    assert!(!s.contains("Your hand"), "the full screen is gone:\n{s}");
    // Raw mode is off again: the terminal reads lines and echoes.
    let s = t.wait_for("icanon", 10);
    assert!(s.contains("icanon echo") && !s.contains("-icanon"), "{s}");
    assert!(
        !dir.path().join("jass-differenzler-5.json").exists(),
        "no record when leaving early"
    );
}

#[test]
fn a_game_left_early_goes_on_with_resume() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = play_in(
        dir.path(),
        "--seed 4 --delay-ms 0 -o target=300 --out game.json",
    );
    t.wait_for("your turn: choose", 20);
    answer_with_enter(&t, 5);
    t.wait_for("your turn: choose", 20);
    t.keys(&["q"]);
    t.keys(&["y"]);
    let s = t.wait_for("EXITED 0", 10);
    assert!(
        s.contains("go on with: jass play --resume game.resume.json"),
        "{s}"
    );
    drop(t);
    let journal = dir.path().join("game.resume.json");
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&journal).unwrap()).unwrap();
    let kept = kept["actions"].as_array().unwrap().clone();
    assert!(
        kept.len() >= 5,
        "the five answers and the computer's actions: {kept:?}"
    );
    assert!(!dir.path().join("game.json").exists());

    let t = play_in(dir.path(), "--resume game.resume.json --delay-ms 0");
    let s = t.wait_for("your turn: choose", 20);
    assert!(
        !s.contains("seed 4"),
        "the seed shows once the game is over: {s}"
    );
    answer_with_enter(&t, usize::MAX);
    let s = t.wait_for("record saved to game.json", 10);
    assert!(s.contains("seed 4"), "the same game, resumed: {s}");
    t.keys(&["q"]);
    t.wait_for("EXITED 0", 10);
    assert!(
        !journal.exists(),
        "the journal goes once the record is saved"
    );
    let record = dir.path().join("game.json");
    assert_checks(&record);
    // The actions taken before leaving are in the record, in order (the record adds the seat to
    // each and writes Stöck between them).
    let text = std::fs::read_to_string(&record).unwrap();
    let rec: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut played = rec["deals"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["actions"].as_array().unwrap().iter());
    for k in &kept {
        let same =
            |p: &serde_json::Value| k.as_object().unwrap().iter().all(|(key, v)| &p[key] == v);
        assert!(
            played.any(same),
            "journal action {k} is not in the record in order"
        );
    }
}

/// A record that cannot be written at the end of the game (its place taken by a folder since
/// the start) is an error, not a success: the exit status says so, the journal stays, and
/// resuming it with another --out writes the record.
#[test]
fn a_record_that_cannot_be_written_keeps_the_game() {
    if !tmux_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = play_in(
        dir.path(),
        "--seed 6 --delay-ms 0 -o target=300 --out game.json",
    );
    t.wait_for("your turn: choose", 20);
    std::fs::create_dir(dir.path().join("game.json")).unwrap();
    answer_with_enter(&t, usize::MAX);
    let s = t.wait_for("error: cannot write the record", 10);
    assert!(s.contains("Game over"), "{s}");
    t.keys(&["q"]);
    // An error of the command: exit status 2, as for every other error.
    let s = t.wait_for("EXITED 2", 10);
    assert!(
        s.contains("the game (seed 6) is kept in game.resume.json: jass play --resume game.resume.json --out OTHER.json"),
        "{s}"
    );
    drop(t);
    assert!(dir.path().join("game.resume.json").exists());

    let t = play_in(
        dir.path(),
        "--resume game.resume.json --out saved.json --delay-ms 0",
    );
    t.wait_for("record saved to saved.json", 20);
    t.keys(&["q"]);
    t.wait_for("EXITED 0", 10);
    assert!(!dir.path().join("game.resume.json").exists());
    assert_checks(&dir.path().join("saved.json"));
}

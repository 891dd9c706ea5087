//! The bot protocol documents every phase, action and view field of every game, so that a bot can
//! be written from docs/protocol.md and the game's page alone: seeded games of every registered
//! game (its presets, and the option sets that open its rarer decisions,
//! `TableGame::coverage_options`: Handjass at 2 to 5 seats with each of its core presets, …) are
//! played with rule and random players, and every phase, action kind, action field and view key
//! the engine sends a bot must appear, as `name` or as `"name"` in a documented action, in the text
//! and tables (not the example messages) of the game's section "## Bot protocol" of its page,
//! `docs/<name>.md` (`<name>` being `GameKind::name()`), or of the part common to every game,
//! docs/protocol.md's "## Views and actions of every game" (the keys it describes for all games,
//! such as `tricks` and its `leader`, `cards`, `winner`, `points`, count for each game).

use std::collections::BTreeSet;

use jass_table::{run_table, Event, GameKind, GameSpec, SeatPlayer};
use serde_json::Value;

/// What a bot is sent in one game: phases, action kinds and fields, view keys (at any depth).
#[derive(Default, Debug)]
struct Seen {
    phases: BTreeSet<String>,
    actions: BTreeSet<String>,
    action_fields: BTreeSet<String>,
    view_keys: BTreeSet<String>,
    places: BTreeSet<String>,
}

fn keys(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.insert(k.clone());
                keys(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
        _ => {}
    }
}

fn play(spec: &GameSpec, seed: u64, seen: &mut Seen) {
    let seats = (0..spec.seats())
        .map(|s| {
            SeatPlayer::Bot(
                if (s as u64 + seed).is_multiple_of(2) {
                    "random"
                } else {
                    "rule"
                }
                .into(),
            )
        })
        .collect();
    run_table(spec, seed, seats, &[], &mut |e| {
        let Event::Snapshot(snap) = e else { return };
        let Some(seat) = snap.to_move else { return };
        let view = &snap.views[seat];
        seen.phases
            .insert(view["phase"].as_str().unwrap().to_string());
        keys(view, &mut seen.view_keys);
        if let Some(place) = view["turned_card_at"]["place"].as_str() {
            seen.places.insert(place.to_string());
        }
        for a in &snap.legal {
            seen.actions
                .insert(a["action"].as_str().unwrap().to_string());
            for k in a.as_object().unwrap().keys() {
                seen.action_fields.insert(k.clone());
            }
        }
    })
    .unwrap_or_else(|e| panic!("{} {}: {e}", spec.kind.name(), spec.options));
}

/// The text of the section `## {title}` of `doc` (up to the next `## ` heading), named `file` in
/// the panic when it has none.
fn section<'a>(doc: &'a str, title: &str, file: &str) -> &'a str {
    let heading = format!("\n## {title}\n");
    let start = doc
        .find(&heading)
        .unwrap_or_else(|| panic!("{file} has no section `## {title}`"));
    let rest = &doc[start + heading.len()..];
    match rest.find("\n## ") {
        Some(end) => &rest[..end],
        None => rest,
    }
}

/// The text and tables of a piece of Markdown, without its code blocks (the example messages show
/// only what one game sent).
fn prose(text: &str) -> String {
    text.split("```").step_by(2).collect::<Vec<_>>().join("\n")
}

fn read_doc(file: &str) -> String {
    std::fs::read_to_string(format!("{}/../../docs/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("docs/{file}: {e}"))
}

#[test]
fn the_bot_protocol_documents_every_phase_action_and_view_field() {
    let protocol = read_doc("protocol.md");
    let common = prose(section(
        &protocol,
        "Views and actions of every game",
        "docs/protocol.md",
    ));
    let mut missing = Vec::new();
    for kind in GameKind::ALL {
        let game = kind.name();
        let page = format!("{game}.md");
        let own = prose(section(
            &read_doc(&page),
            "Bot protocol",
            &format!("docs/{page}"),
        ));
        // Every option set the game declares (the conformance suite's), and the options that
        // open its rarer decisions.
        let mut specs: Vec<GameSpec> = kind
            .presets()
            .iter()
            .map(|(name, options)| {
                kind.spec(options)
                    .unwrap_or_else(|e| panic!("{game} `{name}`: {e}"))
            })
            .collect();
        for options in kind.coverage_options() {
            specs.push(
                kind.spec(&options)
                    .unwrap_or_else(|e| panic!("{game} {options}: {e}")),
            );
        }
        let mut seen = Seen::default();
        for spec in &specs {
            for seed in 1..=3 {
                play(spec, seed, &mut seen);
            }
        }
        eprintln!("{game}: {seen:?}");
        // The game's own section, and what protocol.md says of every game.
        let text = format!("{own}\n{common}");
        for (what, names) in [
            ("phase", &seen.phases),
            ("action", &seen.actions),
            ("action field", &seen.action_fields),
            ("view key", &seen.view_keys),
            ("turned card place", &seen.places),
        ] {
            for name in names {
                // Named in text (`name`) or in a documented action or field ("name").
                if !text.contains(&format!("`{name}`")) && !text.contains(&format!("\"{name}\"")) {
                    missing.push(format!("docs/{page} (Bot protocol): {what} `{name}`"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the bot protocol does not document:\n{}",
        missing.join("\n")
    );
}

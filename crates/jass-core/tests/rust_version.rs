//! The minimum Rust the README and the workspace's `rust-version` state is true of the lockfile:
//! no dependency asks for a newer one. (Only the installed toolchain is at hand, so the check
//! reads what every package declares rather than building with the stated version.)

use std::process::Command;

use serde_json::Value;

/// `1.89`, `1.89.0` as numbers, to compare.
fn version(v: &str) -> Vec<u32> {
    let mut parts: Vec<u32> = v.split('.').map(|p| p.parse().expect(v)).collect();
    parts.resize(3, 0);
    parts
}

#[test]
fn the_stated_minimum_rust_is_at_least_every_dependencys() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let members = meta["workspace_members"].as_array().unwrap();
    let (ours, theirs): (Vec<&Value>, Vec<&Value>) = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .partition(|p| members.contains(&p["id"]));
    // Every crate of the workspace states it (`rust-version.workspace = true`), the same.
    let stated: Vec<&str> = ours
        .iter()
        .map(|p| {
            p["rust_version"]
                .as_str()
                .unwrap_or_else(|| panic!("{} states no rust-version", p["name"]))
        })
        .collect();
    assert!(stated.iter().all(|v| *v == stated[0]), "{stated:?}");
    let stated = stated[0];
    let newer: Vec<String> = theirs
        .iter()
        .filter_map(|p| {
            let needs = p["rust_version"].as_str()?;
            (version(needs) > version(stated))
                .then(|| format!("{} {} needs {needs}", p["name"], p["version"]))
        })
        .collect();
    assert!(
        newer.is_empty(),
        "rust-version {stated} is too old for the lockfile: {newer:?}"
    );
    // The README says the same.
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let short = stated.trim_end_matches(".0");
    assert!(
        readme.contains(&format!("Rust {short} or newer")),
        "README.md does not say `Rust {short} or newer`"
    );
}

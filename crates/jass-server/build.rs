//! Embeds the web client (`web/`, written by hand: no build step) into the binary: every file
//! found there becomes an entry of `ASSETS`. Missing files are simply not served.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            walk(&p, base, out);
        } else if let Ok(rel) = p.strip_prefix(base) {
            let rel = rel.to_string_lossy().replace('\\', "/");
            out.push((rel, p.canonicalize().unwrap_or(p.clone())));
        }
    }
}

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let web = root.join("web");
    println!("cargo:rerun-if-changed=web");
    let mut files = Vec::new();
    walk(&web, &web, &mut files);
    for (_, p) in &files {
        println!("cargo:rerun-if-changed={}", p.display());
    }
    let mut code = String::from("/// The web client's files: (path below `web/`, contents).\npub static ASSETS: &[(&str, &[u8])] = &[\n");
    for (rel, p) in &files {
        code.push_str(&format!(
            "    ({rel:?}, include_bytes!({:?})),\n",
            p.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("assets.rs");
    fs::write(out, code).expect("write assets.rs");
}

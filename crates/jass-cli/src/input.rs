//! Where records come from: a file, or standard input for `-`.

use std::path::Path;

use anyhow::{Context, Result};

/// The bytes of a record file (`-`: standard input). They are not required to be UTF-8 here:
/// the readers report each record that is not, and read the others.
pub fn read_input(path: &Path) -> Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .context("cannot read standard input")?;
        Ok(bytes)
    } else {
        std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
    }
}

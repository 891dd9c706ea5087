//! Where records and logs go: a file, or standard output for `-`.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};

/// A buffered writer to `out` (`-`: standard output); the file is created (or emptied) now, so
/// open it only once the input and options have been accepted.
pub fn writer(out: &Path) -> Result<Box<dyn Write>> {
    Ok(if out.as_os_str() == "-" {
        Box::new(std::io::BufWriter::new(std::io::stdout()))
    } else {
        Box::new(std::io::BufWriter::new(
            std::fs::File::create(out)
                .with_context(|| format!("cannot write {}", out.display()))?,
        ))
    })
}

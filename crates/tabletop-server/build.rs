//! Embeds every page file under `web/` in the binary: writes the table of
//! `(path under web/, content type, text)` that `src/http/routes.rs` serves,
//! so that adding a file (a game's drawing under `web/games/`) needs no
//! list kept by hand.

use std::error::Error;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The content type of a page file, by its extension; `None` for a file
/// that is not served.
fn content_type(path: &Path) -> Option<&'static str> {
    match path.extension()?.to_str()? {
        "html" => Some("text/html; charset=utf-8"),
        "css" => Some("text/css; charset=utf-8"),
        "js" => Some("text/javascript; charset=utf-8"),
        _ => None,
    }
}

/// Every file below `dir`, sorted, so the table is the same on every
/// machine.
fn files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Box<dyn Error>> {
    let mut entries = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?).join("web");
    println!("cargo:rerun-if-changed=web");
    let mut found = Vec::new();
    files(&root, &mut found)?;
    let mut table = String::from("&[\n");
    for path in found {
        let Some(kind) = content_type(&path) else {
            continue;
        };
        let name = path
            .strip_prefix(&root)?
            .to_str()
            .ok_or("a page file's name is not UTF-8")?
            .replace('\\', "/");
        let full = path.to_str().ok_or("a page file's path is not UTF-8")?;
        writeln!(table, "    ({name:?}, {kind:?}, include_str!({full:?})),")?;
    }
    table.push_str("]\n");
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("web_assets.rs");
    std::fs::write(out, table)?;
    Ok(())
}

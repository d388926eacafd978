//! The offline table's engines: a built npm package `tabletop-engines`
//! (its directory given with `--offline-table`), served read-only under
//! `/web/engines/` for the page `/offline`, which plays in the browser
//! with no request to the server after it has loaded.
//!
//! The files are the package's own (`files` in its `package.json`, a
//! folder there standing for every file under it), read once at start, so
//! a request can only name one of them: no path reaches the file system.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A package holds a few megabytes; more than this is not a package.
const MAX_BYTES: usize = 64 * 1024 * 1024;

/// What the page must be able to load.
const NEEDED: &[&str] = &[
    "index.js",
    "constants.js",
    "advance.js",
    "pkg/tabletop_engines.js",
    "pkg/tabletop_engines_bg.wasm",
];

/// Why a package cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum OfflineError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// `package.json` is not the package's.
    #[error("{0}")]
    NotThePackage(String),
}

/// One file: its media type and its bytes.
#[derive(Debug)]
pub struct File {
    /// The `Content-Type`.
    pub kind: &'static str,
    /// The contents (a cheap clone per response).
    pub body: axum::body::Bytes,
}

/// The package's files by their path in it (`pkg/tabletop_engines.js`).
#[derive(Debug, Default)]
pub struct Engines {
    files: BTreeMap<String, File>,
}

impl Engines {
    /// Reads the package in `dir`: its `package.json` must name it
    /// `tabletop-engines`, and the built files the page loads must be
    /// there (`bash js/scripts/build.sh` makes them).
    ///
    /// # Errors
    /// A file cannot be read, the package is another one, is not built, or
    /// is larger than a package can be.
    pub fn load(dir: &Path) -> Result<Engines, OfflineError> {
        let manifest = read(&dir.join("package.json"))?;
        let manifest: serde_json::Value = serde_json::from_slice(&manifest)
            .map_err(|e| OfflineError::NotThePackage(format!("package.json: {e}")))?;
        if manifest.get("name").and_then(serde_json::Value::as_str) != Some("tabletop-engines") {
            return Err(OfflineError::NotThePackage(format!(
                "{}: not the package tabletop-engines",
                dir.display()
            )));
        }
        let listed = manifest
            .get("files")
            .and_then(serde_json::Value::as_array)
            .ok_or_else(|| OfflineError::NotThePackage("package.json has no `files`".to_owned()))?;
        let mut engines = Engines::default();
        let mut total = 0usize;
        for entry in listed.iter().filter_map(serde_json::Value::as_str) {
            let name = entry.trim_end_matches('/');
            if !safe(name) {
                return Err(OfflineError::NotThePackage(format!(
                    "package.json lists `{entry}`, outside the package"
                )));
            }
            let path = dir.join(name);
            if path.is_dir() {
                engines.add_dir(&path, name, &mut total)?;
            } else if path.is_file() {
                engines.add(&path, name.to_owned(), &mut total)?;
            }
        }
        if let Some(missing) = NEEDED.iter().find(|n| !engines.files.contains_key(**n)) {
            return Err(OfflineError::NotThePackage(format!(
                "{}: no {missing}; build the package first (bash js/scripts/build.sh)",
                dir.display()
            )));
        }
        Ok(engines)
    }

    fn add_dir(&mut self, dir: &Path, name: &str, total: &mut usize) -> Result<(), OfflineError> {
        let io = |source| OfflineError::Io {
            path: dir.to_owned(),
            source,
        };
        let mut children: Vec<_> = std::fs::read_dir(dir)
            .map_err(io)?
            .collect::<Result<_, _>>()
            .map_err(io)?;
        children.sort_by_key(std::fs::DirEntry::file_name);
        for child in children {
            let Some(file_name) = child.file_name().to_str().map(str::to_owned) else {
                continue;
            };
            let path = child.path();
            let inner = format!("{name}/{file_name}");
            if path.is_dir() {
                self.add_dir(&path, &inner, total)?;
            } else if path.is_file() {
                self.add(&path, inner, total)?;
            }
        }
        Ok(())
    }

    fn add(&mut self, path: &Path, name: String, total: &mut usize) -> Result<(), OfflineError> {
        let body = read(path)?;
        *total = total.saturating_add(body.len());
        if *total > MAX_BYTES {
            return Err(OfflineError::NotThePackage(format!(
                "more than {MAX_BYTES} bytes of files: not a package"
            )));
        }
        let kind = media_type(&name);
        self.files.insert(
            name,
            File {
                kind,
                body: body.into(),
            },
        );
        Ok(())
    }

    /// The file at `path` in the package, if the package has it.
    #[must_use]
    pub fn get(&self, path: &str) -> Option<&File> {
        self.files.get(path)
    }

    /// How many files are served.
    #[must_use]
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no file is served.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

fn read(path: &Path) -> Result<Vec<u8>, OfflineError> {
    std::fs::read(path).map_err(|source| OfflineError::Io {
        path: path.to_owned(),
        source,
    })
}

/// A relative path that stays inside the package: no `..`, no root, no
/// empty or hidden parts.
fn safe(name: &str) -> bool {
    !name.is_empty()
        && !name.contains('\\')
        && name
            .split('/')
            .all(|part| !part.is_empty() && !part.starts_with('.'))
}

/// The `Content-Type` of a package file, by its extension.
#[must_use]
pub fn media_type(name: &str) -> &'static str {
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    match extension {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "md" => "text/markdown; charset=utf-8",
        // The declarations (`.d.ts`), the licence.
        _ => "text/plain; charset=utf-8",
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "a failure is a test failure")]
mod tests {
    use super::{Engines, OfflineError, media_type, safe};

    fn package(name: &str, manifest: &str, files: &[&str]) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tabletop-offline-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("pkg")).unwrap();
        std::fs::write(dir.join("package.json"), manifest).unwrap();
        for file in files {
            std::fs::write(dir.join(file), "x").unwrap();
        }
        dir
    }

    const MANIFEST: &str = r#"{"name": "tabletop-engines", "files": ["index.js", "constants.js", "advance.js", "pkg/"]}"#;
    const BUILT: &[&str] = &[
        "index.js",
        "constants.js",
        "advance.js",
        "pkg/tabletop_engines.js",
        "pkg/tabletop_engines_bg.wasm",
    ];

    #[test]
    fn a_built_package_serves_its_listed_files_only() {
        let dir = package("built", MANIFEST, &[BUILT, &["secret.txt"]].concat());
        let engines = Engines::load(&dir).unwrap();
        assert_eq!(engines.len(), 5);
        assert_eq!(
            engines.get("pkg/tabletop_engines_bg.wasm").unwrap().kind,
            "application/wasm"
        );
        for unlisted in ["secret.txt", "package.json", "../secret.txt", "pkg", ""] {
            assert!(engines.get(unlisted).is_none(), "{unlisted}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn an_unbuilt_or_other_package_is_refused() {
        let unbuilt = package("unbuilt", MANIFEST, &["index.js", "constants.js"]);
        let e = Engines::load(&unbuilt).unwrap_err();
        assert!(e.to_string().contains("build the package first"), "{e}");
        let other = package(
            "other",
            r#"{"name": "left-pad", "files": ["index.js"]}"#,
            BUILT,
        );
        assert!(matches!(
            Engines::load(&other),
            Err(OfflineError::NotThePackage(_))
        ));
        let outside = package(
            "outside",
            r#"{"name": "tabletop-engines", "files": ["../x"]}"#,
            BUILT,
        );
        assert!(matches!(
            Engines::load(&outside),
            Err(OfflineError::NotThePackage(_))
        ));
        let missing = std::env::temp_dir().join("tabletop-offline-no-such-dir");
        assert!(matches!(
            Engines::load(&missing),
            Err(OfflineError::Io { .. })
        ));
        for dir in [unbuilt, other, outside] {
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    #[test]
    fn paths_outside_the_package_are_not_safe() {
        for bad in [
            "",
            "..",
            "../x",
            "a/../b",
            "/etc/passwd",
            ".git",
            "pkg/.hidden",
            "a\\b",
            "a//b",
        ] {
            assert!(!safe(bad), "{bad}");
        }
        for good in ["index.js", "pkg/tabletop_engines.js", "pkg/snippets"] {
            assert!(safe(good), "{good}");
        }
    }

    #[test]
    fn webassembly_is_served_as_application_wasm() {
        assert_eq!(
            media_type("pkg/tabletop_engines_bg.wasm"),
            "application/wasm"
        );
        assert_eq!(media_type("index.js"), "text/javascript; charset=utf-8");
        assert_eq!(media_type("LICENSE"), "text/plain; charset=utf-8");
    }
}

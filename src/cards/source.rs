//! Where card files come from: the embedded defaults or a user folder.

use super::DataError;
use std::path::{Path, PathBuf};

/// The built-in card files a data source falls back to, by path under
/// `card_data/`: `(path, contents)`. The app hands in every game's files
/// (the registry lists them); this layer never looks a game up.
pub type Defaults = &'static [(&'static str, &'static str)];

/// A place card files are read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataSource {
    /// A user folder laid out like `card_data/`; files it lacks fall back to
    /// the embedded defaults.
    pub dir: Option<PathBuf>,
    /// Texts that stand in for files (an editor's unsaved version), by
    /// path relative to the data folder; they win over the folder and the
    /// defaults, and messages still name the file they replace.
    pub overrides: std::collections::BTreeMap<String, String>,
    /// The built-in files, used where the folder has none.
    defaults: Defaults,
}

/// One file's text and the name to show in messages.
#[derive(Clone, Debug)]
pub struct DataFile {
    /// The name to show: the real path, or `card_data/<rel>` for embedded files.
    pub name: String,
    /// Where it is on disk, for user files.
    pub path: Option<PathBuf>,
    /// The contents.
    pub text: String,
}

impl DataSource {
    /// The built-in files `defaults` only (the app's built-in data is
    /// `DataSource::embedded()`, made by the registry).
    pub fn with_defaults(defaults: Defaults) -> Self {
        DataSource {
            dir: None,
            overrides: Default::default(),
            defaults,
        }
    }

    /// A user folder over the built-in files `defaults`.
    pub fn in_dir(dir: impl Into<PathBuf>, defaults: Defaults) -> Self {
        DataSource {
            dir: Some(dir.into()),
            ..DataSource::with_defaults(defaults)
        }
    }

    /// The same built-in files under another user folder (`None`: none).
    pub fn with_dir(&self, dir: Option<PathBuf>) -> Self {
        DataSource {
            dir,
            overrides: Default::default(),
            defaults: self.defaults,
        }
    }

    /// The built-in files this source falls back to.
    pub fn defaults(&self) -> Defaults {
        self.defaults
    }

    /// Reads `rel`, a path under `card_data/` (`<game>/<file>.toml`).
    pub fn read(&self, rel: &str) -> Result<DataFile, DataError> {
        if let Some(text) = self.overrides.get(rel) {
            return Ok(DataFile {
                name: self.display_name(rel),
                path: None,
                text: text.clone(),
            });
        }
        if let Some(dir) = &self.dir {
            let path = dir.join(rel);
            if let Some(problem) = blocked_on_the_way(dir, rel) {
                return Err(DataError::file(path.display().to_string(), problem));
            }
            // A name that is there, even a link that leads nowhere, is the
            // user's file: it is read or refused, never passed over for
            // the built-in one.
            if std::fs::symlink_metadata(&path).is_ok() {
                let bytes =
                    read_file(&path).map_err(|e| DataError::file(path.display().to_string(), e))?;
                let text = String::from_utf8(bytes).map_err(|e| {
                    DataError::file(
                        path.display().to_string(),
                        format!(
                            "is not UTF-8 text (byte {} is invalid)",
                            e.utf8_error().valid_up_to()
                        ),
                    )
                })?;
                return Ok(DataFile {
                    name: path.display().to_string(),
                    path: Some(path),
                    text,
                });
            }
        }
        self.default_text(rel)
            .map(|text| DataFile {
                name: format!("card_data/{rel}"),
                path: None,
                text: text.to_string(),
            })
            .ok_or_else(|| DataError::file(format!("card_data/{rel}"), "no such card file"))
    }

    /// The name messages use for `rel`: its path in the user folder when
    /// it exists there, else `card_data/<rel>`.
    pub fn display_name(&self, rel: &str) -> String {
        match self.user_path(rel) {
            Some(p) if p.exists() => p.display().to_string(),
            _ => format!("card_data/{rel}"),
        }
    }

    /// The built-in text of `rel`, if it is one of the defaults.
    pub fn default_text(&self, rel: &str) -> Option<&'static str> {
        self.defaults
            .iter()
            .find(|(name, _)| *name == rel)
            .map(|(_, text)| *text)
    }

    /// Where `rel` would be written in the user folder.
    pub fn user_path(&self, rel: &str) -> Option<PathBuf> {
        self.dir.as_deref().map(|d: &Path| d.join(rel))
    }
}

impl DataSource {
    /// Why the user folder cannot be used, if it cannot: it is missing or
    /// is not a folder. The embedded defaults are always usable.
    pub fn problem(&self) -> Option<String> {
        let dir = self.dir.as_deref()?;
        match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => None,
            Ok(_) => Some(format!(
                "{}: --data must name a folder laid out like card_data/, not a file",
                dir.display()
            )),
            Err(e) => Some(format!(
                "{}: cannot use this data folder: {e}",
                dir.display()
            )),
        }
    }

    /// Card files (`.toml`) in the user folder that no game reads
    /// (a misspelt name is ignored otherwise): their paths. Files under
    /// `ignored` folders (house-rules presets, pictures) are left out.
    pub fn unknown_files(&self, known: &[&str], ignored: &[&str]) -> Vec<PathBuf> {
        let Some(dir) = self.dir.as_deref() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut stack = vec![(dir.to_path_buf(), String::new(), 0)];
        while let Some((path, rel, depth)) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&path) else {
                continue;
            };
            for e in entries.filter_map(Result::ok) {
                let name = e.file_name().to_string_lossy().to_string();
                let rel = if rel.is_empty() {
                    name.clone()
                } else {
                    format!("{rel}/{name}")
                };
                let p = e.path();
                if p.is_dir() {
                    if depth < 2 && !ignored.iter().any(|i| rel == *i) {
                        stack.push((p, rel, depth + 1));
                    }
                } else if p.extension().is_some_and(|x| x == "toml")
                    && !known.contains(&rel.as_str())
                {
                    out.push(p);
                }
            }
        }
        out.sort();
        out
    }
}

/// The largest file Touchline reads (card files, house rules, scenarios,
/// saves): far above any real one, it keeps a link to an endless device
/// from filling memory.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a user's file: a regular file (a symbolic link is followed to
/// one) of at most [`MAX_FILE_BYTES`]. A folder, a device, a FIFO or a
/// link that leads nowhere is refused with the reason, never waited on or
/// read without end.
pub fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read as _;
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if std::fs::symlink_metadata(path).is_ok() => {
            return Err(format!("is a link that leads to no file ({e})"));
        }
        Err(e) => return Err(format!("cannot read: {e}")),
    };
    if meta.is_dir() {
        return Err("is a folder, not a file".to_string());
    }
    if !meta.is_file() {
        return Err("is not a regular file (a device, a FIFO or a socket)".to_string());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "is {} bytes, more than the {MAX_FILE_BYTES} Touchline reads",
            meta.len()
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "is more than the {MAX_FILE_BYTES} bytes Touchline reads"
        ));
    }
    Ok(bytes)
}

/// Reads a user's text file as [`read_file`] does, refusing text that is
/// not UTF-8.
pub fn read_text(path: &Path) -> Result<String, String> {
    String::from_utf8(read_file(path)?).map_err(|e| {
        format!(
            "is not UTF-8 text (byte {} is invalid)",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Why `rel` cannot be under `dir` at all: a part of its path (`booked`
/// in `booked/nations.toml`) is there but is not a folder.
fn blocked_on_the_way(dir: &Path, rel: &str) -> Option<String> {
    let mut at = dir.to_path_buf();
    let parts: Vec<&str> = rel.split('/').collect();
    for part in parts.iter().take(parts.len().saturating_sub(1)) {
        at.push(part);
        match std::fs::metadata(&at) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return Some(format!("cannot be read: {} is not a folder", at.display()));
            }
            Err(_) if std::fs::symlink_metadata(&at).is_ok() => {
                return Some(format!(
                    "cannot be read: {} is a link that leads nowhere",
                    at.display()
                ));
            }
            Err(_) => return None,
        }
    }
    None
}

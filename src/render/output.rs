//! Where an export's file goes: the checks made before any work starts and
//! the write itself, shared by `touchline export` and the export dialog.
//!
//! The rule (docs/printing.md, "Where the file goes"):
//! - the PDF is written to a temporary file in the target's folder and
//!   renamed over the target only once it is complete, so an existing file
//!   is never left half written and a failed export leaves no file;
//! - a folder, a device, a pipe or a socket is refused: only a regular
//!   file (or a name not yet taken) is replaced;
//! - a symbolic link is followed: the file it points to is replaced (the
//!   link stays a link and keeps pointing at the new file); a link to
//!   nothing, or to something other than a regular file, is refused;
//! - a replaced file keeps its permissions; a new one gets the usual
//!   `rw-r--r--`.
//!
//! This is the only place besides `render::changed` that writes files.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Why the file cannot be written there.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The path is a folder.
    #[error("{}: is a folder; give a file name like cards.pdf", .0.display())]
    Folder(PathBuf),
    /// The path is a device, a pipe or a socket.
    #[error("{}: is not a regular file ({}); give a file name like cards.pdf", .0.display(), .1)]
    NotAFile(PathBuf, &'static str),
    /// The path is a symbolic link to nothing.
    #[error("{}: is a link to {}, which does not exist; give the file itself", .0.display(), .1.display())]
    DanglingLink(PathBuf, PathBuf),
    /// The folder the file would go in does not exist.
    #[error("{}: the folder {} does not exist", .0.display(), .1.display())]
    NoFolder(PathBuf, PathBuf),
    /// The system refused.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

/// A checked place to write a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// The path as given (for messages).
    given: PathBuf,
    /// The file actually replaced: the given path, or what its link
    /// points to.
    target: PathBuf,
}

/// What kind of thing `meta` describes, in words, when it is not a
/// regular file or a folder.
fn kind_of(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_fifo() {
            return Some("a pipe");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    if t.is_file() || t.is_dir() {
        None
    } else {
        Some("not a file")
    }
}

impl Output {
    /// Checks that a file can be written at `path` under the rule above.
    pub fn check(path: &Path) -> Result<Output, OutputError> {
        let given = path.to_path_buf();
        let target = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => match std::fs::canonicalize(path) {
                Ok(real) => real,
                Err(_) => {
                    let to = std::fs::read_link(path).unwrap_or_default();
                    return Err(OutputError::DanglingLink(given, to));
                }
            },
            _ => given.clone(),
        };
        match std::fs::metadata(&target) {
            Ok(meta) if meta.is_dir() => return Err(OutputError::Folder(given)),
            Ok(meta) => {
                if let Some(kind) = kind_of(&meta) {
                    return Err(OutputError::NotAFile(given, kind));
                }
            }
            Err(_) => {}
        }
        let dir = folder_of(&target);
        if !dir.is_dir() {
            return Err(OutputError::NoFolder(given, dir));
        }
        Ok(Output { given, target })
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// The file that is replaced (the link's target for a link).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Writes `bytes` through a temporary file in the target's folder,
    /// then renames it over the target: the old file stays until the new
    /// one is complete. The target is checked again first, in case it
    /// changed while the export ran.
    pub fn write(&self, bytes: &[u8]) -> Result<(), OutputError> {
        let again = Output::check(&self.given)?;
        let target = again.target;
        let io = |source| OutputError::Io {
            path: self.given.clone(),
            source,
        };
        let dir = folder_of(&target);
        let mut tmp = tempfile::Builder::new()
            .prefix(".touchline-export-")
            .suffix(".tmp")
            .tempfile_in(&dir)
            .map_err(io)?;
        tmp.write_all(bytes)
            .and_then(|()| tmp.as_file().sync_all())
            .map_err(io)?;
        // Temporary files are private (0600); a PDF should be readable like
        // any other file, or keep the permissions of the file it replaces.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode =
                std::fs::metadata(&target).map_or(0o644, |m| m.permissions().mode() & 0o7777);
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(mode))
                .map_err(io)?;
        }
        tmp.persist(&target).map_err(|e| io(e.error))?;
        Ok(())
    }
}

fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_a_link_keeps_pointing_at_it() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let real = dir.path().join("real.pdf");
        std::fs::write(&real, b"old").unwrap_or_else(|e| panic!("{e}"));
        let out = Output::check(&real).unwrap_or_else(|e| panic!("{e}"));
        out.write(b"new").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read(&real).unwrap_or_default(), b"new");
        #[cfg(unix)]
        {
            let link = dir.path().join("link.pdf");
            std::os::unix::fs::symlink(&real, &link).unwrap_or_else(|e| panic!("{e}"));
            let out = Output::check(&link).unwrap_or_else(|e| panic!("{e}"));
            out.write(b"newer").unwrap_or_else(|e| panic!("{e}"));
            let meta = std::fs::symlink_metadata(&link).unwrap_or_else(|e| panic!("{e}"));
            assert!(meta.file_type().is_symlink(), "the link is still a link");
            assert_eq!(std::fs::read(&real).unwrap_or_default(), b"newer");
            let dangling = dir.path().join("dangling.pdf");
            std::os::unix::fs::symlink(dir.path().join("nowhere.pdf"), &dangling)
                .unwrap_or_else(|e| panic!("{e}"));
            let e = Output::check(&dangling).err().map(|e| e.to_string());
            assert!(
                e.as_deref()
                    .is_some_and(|e| e.contains("which does not exist")),
                "{e:?}"
            );
        }
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .map(|d| {
                d.filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().to_string())
                    .collect()
            })
            .unwrap_or_default();
        assert!(!names.iter().any(|n| n.contains(".tmp")), "{names:?}");
    }

    #[test]
    fn folders_and_devices_are_refused() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let e = Output::check(dir.path()).err().map(|e| e.to_string());
        assert!(
            e.as_deref().is_some_and(|e| e.contains("is a folder")),
            "{e:?}"
        );
        #[cfg(unix)]
        {
            let e = Output::check(Path::new("/dev/null"))
                .err()
                .map(|e| e.to_string());
            assert!(
                e.as_deref()
                    .is_some_and(|e| e.contains("is not a regular file (a device)")),
                "{e:?}"
            );
        }
        let e = Output::check(&dir.path().join("no/such/x.pdf"))
            .err()
            .map(|e| e.to_string());
        assert!(
            e.as_deref().is_some_and(|e| e.contains("does not exist")),
            "{e:?}"
        );
    }
}

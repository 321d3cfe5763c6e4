//! Touchline on a Linux desktop: its icon, its application entry and the
//! MIME type of its saves, and putting them where a freedesktop desktop
//! (GNOME, KDE, Xfce, ...) finds them for the current user.
//!
//! The files are the ones in `assets/` (the Debian package ships the same
//! ones system-wide); a user's entry differs only in starting the program
//! by its full path, since a desktop session's `PATH` often lacks
//! `~/.cargo/bin`. Installing writes only the files [`files`] lists and
//! uninstalling removes only those: nothing else of the user's is touched.
//! Refreshing the desktop's caches is the command line's business
//! (`touchline desktop`), so this module runs no programs.

use std::borrow::Cow;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The application's id: the entry's file name, the icon's name and the
/// window's app id (which a Wayland desktop matches to the entry).
pub const APP_ID: &str = "touchline";

/// The MIME type of a Touchline save.
pub const SAVE_MIME_TYPE: &str = "application/x-touchline-save";

/// The file extension of a Touchline save (`NAME.touchline`).
pub const SAVE_EXTENSION: &str = "touchline";

/// The icon's source, drawn as SVG (`assets/icon/touchline.svg`).
pub const ICON_SVG: &str = include_str!("../assets/icon/touchline.svg");

/// The application entry as the Debian package installs it
/// (`assets/touchline.desktop`), starting `touchline` from the `PATH`.
pub const DESKTOP_ENTRY: &str = include_str!("../assets/touchline.desktop");

/// The shared-mime-info package that names Touchline saves
/// (`assets/mime/touchline.xml`): the `*.touchline` glob, and the save
/// format's mark near the start for saves with another extension.
pub const MIME_PACKAGE: &str = include_str!("../assets/mime/touchline.xml");

/// One size of the icon, rendered from [`ICON_SVG`] by `scripts/icons.sh`.
#[derive(Clone, Copy, Debug)]
pub struct PngIcon {
    /// The width and height in pixels.
    pub size: u32,
    /// The PNG file.
    pub png: &'static [u8],
}

macro_rules! png_icons {
    ($($size:literal),*) => {
        &[$(PngIcon {
            size: $size,
            png: include_bytes!(concat!(
                "../assets/icon/hicolor/", $size, "x", $size, "/apps/touchline.png"
            )),
        }),*]
    };
}

/// The icon in every size a freedesktop icon theme asks for, smallest
/// first.
pub const PNG_ICONS: &[PngIcon] = png_icons!(16, 22, 24, 32, 48, 64, 128, 256, 512);

/// The window's icon: the 256-pixel PNG, decoded. `None` only if the
/// embedded file were damaged, which a test rules out.
pub fn window_icon() -> Option<egui::IconData> {
    let icon = PNG_ICONS.iter().find(|i| i.size == 256)?;
    let image = image::load_from_memory_with_format(icon.png, image::ImageFormat::Png).ok()?;
    let rgba = image.into_rgba8();
    Some(egui::IconData {
        width: rgba.width(),
        height: rgba.height(),
        rgba: rgba.into_raw(),
    })
}

/// Why the desktop files could not be installed or removed.
#[derive(Debug, thiserror::Error)]
pub enum DesktopError {
    /// Neither `XDG_DATA_HOME` nor `HOME` names an absolute folder.
    #[error(
        "cannot tell where this desktop keeps applications: set HOME (or XDG_DATA_HOME) to an absolute folder"
    )]
    NoDataHome,
    /// The program's path cannot be written in a desktop entry.
    #[error("{path}: {reason}, so no desktop entry can start it")]
    Program {
        /// The program's path.
        path: PathBuf,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// A file could not be removed.
    #[error("cannot remove {path}: {source}")]
    Remove {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

/// Where the current user's desktop data lives, by the XDG base
/// directory rules: `XDG_DATA_HOME` when it is an absolute path, else
/// `~/.local/share` (a relative `XDG_DATA_HOME` is ignored, as the rules
/// say).
pub fn data_home() -> Result<PathBuf, DesktopError> {
    data_home_from(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
}

/// [`data_home`] for the given values of `XDG_DATA_HOME` and `HOME`.
pub fn data_home_from(
    xdg_data_home: Option<OsString>,
    home: Option<OsString>,
) -> Result<PathBuf, DesktopError> {
    let absolute = |v: Option<OsString>| v.map(PathBuf::from).filter(|p| p.is_absolute());
    if let Some(dir) = absolute(xdg_data_home) {
        return Ok(dir);
    }
    absolute(home)
        .map(|h| h.join(".local/share"))
        .ok_or(DesktopError::NoDataHome)
}

/// `program` as the program of a desktop entry's `Exec` key: quoted when
/// it holds a character the entry specification reserves, with the
/// quoting's and the file format's escapes. A path that is not UTF-8 or
/// holds a control character cannot be written and is refused.
pub fn exec_program(program: &Path) -> Result<String, DesktopError> {
    let refuse = |reason| DesktopError::Program {
        path: program.to_path_buf(),
        reason,
    };
    let text = program
        .to_str()
        .ok_or_else(|| refuse("the path is not UTF-8"))?;
    if text.chars().any(char::is_control) {
        return Err(refuse("the path holds a control character"));
    }
    const RESERVED: &[char] = &[
        ' ', '\t', '\n', '"', '\'', '\\', '>', '<', '~', '|', '&', ';', '$', '*', '?', '#', '(',
        ')', '`',
    ];
    let quoted = if text.contains(RESERVED) {
        let mut q = String::from("\"");
        for c in text.chars() {
            if matches!(c, '"' | '`' | '$' | '\\') {
                q.push('\\');
            }
            q.push(c);
        }
        q.push('"');
        q
    } else {
        text.to_string()
    };
    // A desktop file writes a backslash twice in any string, and `Exec`
    // reads `%` as the start of a field code unless it is doubled.
    Ok(quoted.replace('\\', "\\\\").replace('%', "%%"))
}

/// The application entry starting `program` (a path, or a name found on
/// the `PATH`): [`DESKTOP_ENTRY`] with its `Exec` and `TryExec` keys
/// pointed at it.
pub fn desktop_entry(program: &Path) -> Result<String, DesktopError> {
    let exec = exec_program(program)?;
    // TryExec is a plain string: only the file format's escape applies.
    let try_exec = program.to_str().unwrap_or_default().replace('\\', "\\\\");
    Ok(DESKTOP_ENTRY
        .lines()
        .map(|line| {
            if line.starts_with("Exec=") {
                format!("Exec={exec} %f")
            } else if line.starts_with("TryExec=") {
                format!("TryExec={try_exec}")
            } else {
                line.to_string()
            }
        })
        .map(|line| line + "\n")
        .collect())
}

/// A file of the desktop integration: where it goes under the data home,
/// and what it holds.
#[derive(Clone, Debug)]
pub struct DesktopFile {
    /// The path under the data home (`applications/touchline.desktop`).
    pub path: PathBuf,
    /// The contents.
    pub bytes: Cow<'static, [u8]>,
}

/// Every file the desktop integration puts under the data home, with an
/// entry that starts `program`.
pub fn files(program: &Path) -> Result<Vec<DesktopFile>, DesktopError> {
    let mut files = vec![
        DesktopFile {
            path: PathBuf::from(format!("applications/{APP_ID}.desktop")),
            bytes: Cow::Owned(desktop_entry(program)?.into_bytes()),
        },
        DesktopFile {
            path: PathBuf::from(format!("mime/packages/{APP_ID}.xml")),
            bytes: Cow::Borrowed(MIME_PACKAGE.as_bytes()),
        },
        DesktopFile {
            path: PathBuf::from(format!("icons/hicolor/scalable/apps/{APP_ID}.svg")),
            bytes: Cow::Borrowed(ICON_SVG.as_bytes()),
        },
    ];
    files.extend(PNG_ICONS.iter().map(|icon| DesktopFile {
        path: PathBuf::from(format!(
            "icons/hicolor/{0}x{0}/apps/{APP_ID}.png",
            icon.size
        )),
        bytes: Cow::Borrowed(icon.png),
    }));
    Ok(files)
}

/// Writes every file of [`files`] under `data_home`, each replaced in one
/// step so an interrupted install leaves no half-written entry; returns
/// the files written. Installing again overwrites them.
pub fn install(data_home: &Path, program: &Path) -> Result<Vec<PathBuf>, DesktopError> {
    let mut written = Vec::new();
    for file in files(program)? {
        let path = data_home.join(&file.path);
        let write = |path: &Path| {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            crate::cards::write_atomically(path, &file.bytes)
        };
        write(&path).map_err(|source| DesktopError::Write {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}

/// Removes the files [`install`] writes from `data_home`; returns those
/// that were there. Folders are left, since other programs share them.
pub fn uninstall(data_home: &Path) -> Result<Vec<PathBuf>, DesktopError> {
    // The entry's contents do not matter here, only the paths.
    let paths = files(Path::new(APP_ID))?
        .into_iter()
        .map(|f| data_home.join(f.path));
    let mut removed = Vec::new();
    for path in paths {
        match std::fs::remove_file(&path) {
            Ok(()) => removed.push(path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => return Err(DesktopError::Remove { path, source }),
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_icon_is_a_png_of_its_size_and_the_window_icon_decodes() {
        assert_eq!(PNG_ICONS.len(), 9);
        for icon in PNG_ICONS {
            let image = image::load_from_memory_with_format(icon.png, image::ImageFormat::Png)
                .unwrap_or_else(|e| panic!("{}px: {e}", icon.size));
            assert_eq!((image.width(), image.height()), (icon.size, icon.size));
        }
        let window = window_icon().unwrap_or_else(|| panic!("no window icon"));
        assert_eq!((window.width, window.height), (256, 256));
        assert_eq!(window.rgba.len(), 256 * 256 * 4);
        // The corners are transparent (a rounded tile), the middle is not.
        assert_eq!(window.rgba.get(3), Some(&0));
        let middle = (128 * 256 + 128) * 4 + 3;
        assert_eq!(window.rgba.get(middle), Some(&255));
        assert!(ICON_SVG.contains("<svg") && ICON_SVG.contains("viewBox=\"0 0 256 256\""));
    }

    #[test]
    fn the_data_home_follows_the_xdg_rules() {
        let os = |s: &str| Some(OsString::from(s));
        let got = |x, h| data_home_from(x, h).ok();
        assert_eq!(got(os("/x/data"), os("/home/a")), Some("/x/data".into()));
        assert_eq!(
            got(None, os("/home/a")),
            Some("/home/a/.local/share".into())
        );
        // Empty and relative values are ignored, as the rules say.
        assert_eq!(
            got(os(""), os("/home/a")),
            Some("/home/a/.local/share".into())
        );
        assert_eq!(
            got(os("rel/data"), os("/home/a")),
            Some("/home/a/.local/share".into())
        );
        assert!(matches!(
            data_home_from(os("rel"), os("also-rel")),
            Err(DesktopError::NoDataHome)
        ));
        assert!(matches!(
            data_home_from(None, None),
            Err(DesktopError::NoDataHome)
        ));
    }

    #[test]
    fn exec_quotes_and_escapes_what_the_specification_reserves() {
        let exec = |p: &str| exec_program(Path::new(p)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(exec("/usr/bin/touchline"), "/usr/bin/touchline");
        assert_eq!(
            exec("/home/a b/.cargo/bin/touchline"),
            "\"/home/a b/.cargo/bin/touchline\""
        );
        // Inside quotes `"`, `` ` ``, `$` and `\` take a backslash, and
        // the file format then doubles every backslash.
        assert_eq!(exec("/opt/$x/t\"l"), "\"/opt/\\\\$x/t\\\\\"l\"");
        assert_eq!(exec("/opt/a\\b"), "\"/opt/a\\\\\\\\b\"");
        // A percent sign is doubled whether quoted or not.
        assert_eq!(exec("/opt/100%/touchline"), "/opt/100%%/touchline");
        assert!(exec_program(Path::new("/opt/a\nb")).is_err());
    }

    #[test]
    fn the_entry_starts_the_program_it_is_given_and_keeps_everything_else() {
        let entry =
            desktop_entry(Path::new("/home/a b/bin/touchline")).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            entry.contains("\nExec=\"/home/a b/bin/touchline\" %f\n"),
            "{entry}"
        );
        assert!(
            entry.contains("\nTryExec=/home/a b/bin/touchline\n"),
            "{entry}"
        );
        assert!(
            entry.contains(&format!("\nMimeType={SAVE_MIME_TYPE};\n")),
            "{entry}"
        );
        assert!(entry.contains(&format!("\nIcon={APP_ID}\n")), "{entry}");
        // The packaged entry is the same file with the program by name.
        let packaged = desktop_entry(Path::new(APP_ID)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(packaged, DESKTOP_ENTRY);
        assert_eq!(
            entry.lines().count(),
            DESKTOP_ENTRY.lines().count(),
            "only Exec and TryExec change"
        );
    }

    #[test]
    fn the_mime_package_names_the_save_type_and_extension() {
        assert!(MIME_PACKAGE.contains(&format!("type=\"{SAVE_MIME_TYPE}\"")));
        assert!(MIME_PACKAGE.contains(&format!("pattern=\"*.{SAVE_EXTENSION}\"")));
        // The magic is the save format's mark, which every save begins with.
        let header = crate::ui::session::SaveHeader::new("booked");
        let json = serde_json::to_string_pretty(&header).unwrap_or_default();
        let mark = "&quot;touchline-save&quot;";
        assert!(MIME_PACKAGE.contains(mark));
        let at = json.find("\"touchline-save\"").unwrap_or(usize::MAX);
        assert!(at < 64, "the mark is at byte {at} of {json}");
    }

    #[test]
    fn install_writes_every_file_and_uninstall_removes_only_those() {
        let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let other = home.path().join("applications/other.desktop");
        std::fs::create_dir_all(home.path().join("applications")).unwrap_or_default();
        std::fs::write(&other, "[Desktop Entry]\n").unwrap_or_default();
        let written = install(home.path(), Path::new("/opt/touchline/bin/touchline"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(written.len(), 3 + PNG_ICONS.len());
        for path in &written {
            assert!(path.is_file(), "{}", path.display());
        }
        let entry = std::fs::read_to_string(home.path().join("applications/touchline.desktop"))
            .unwrap_or_default();
        assert!(
            entry.contains("Exec=/opt/touchline/bin/touchline %f"),
            "{entry}"
        );
        let icon = std::fs::read(home.path().join("icons/hicolor/48x48/apps/touchline.png"))
            .unwrap_or_default();
        assert_eq!(icon, PNG_ICONS[4].png);
        // Installing twice is harmless.
        assert_eq!(
            install(home.path(), Path::new("/opt/touchline/bin/touchline"))
                .map(|w| w.len())
                .ok(),
            Some(written.len())
        );
        let removed = uninstall(home.path()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(removed, written);
        assert!(written.iter().all(|p| !p.exists()));
        assert!(other.exists(), "another program's entry was removed");
        assert_eq!(uninstall(home.path()).map(|r| r.len()).ok(), Some(0));
    }

    #[test]
    fn a_folder_in_the_way_is_a_clear_error() {
        let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        // A file where the applications folder should be.
        std::fs::write(home.path().join("applications"), "").unwrap_or_default();
        let err = install(home.path(), Path::new("/usr/bin/touchline"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.starts_with("cannot write ") && err.contains("applications/touchline.desktop"),
            "{err}"
        );
    }
}

//! Where templates and card pictures come from: the embedded defaults, a
//! user templates folder and the data folder. This is the only part of the
//! print pipeline that reads files; layout gets their contents as text and
//! picture sizes.
//!
//! Templates follow the card data's rule: a user folder laid out like
//! `templates/` (`<dir>/<game>/<template>.toml`) replaces the embedded file of
//! the same name; files it lacks fall back to the defaults; extra files
//! there (a new base to extend) are added. Pictures named by a card's `art`
//! field or a template's `src` are looked up under the templates folder,
//! then the data folder; a missing one is not an error (layout draws its
//! placeholder), an unreadable one is.

use crate::layout::ImageSizes;
use crate::layout::template::{TemplateErrors, TemplateFile, TemplateSet, embedded_files};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The prefix under which the embedded templates stay reachable when a
/// user folder replaces them.
pub const BUILTIN: &str = "builtin/";

/// Why templates or pictures could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AssetError {
    /// A file exists but cannot be read.
    #[error("{path}: cannot read: {message}")]
    Read {
        /// The file.
        path: String,
        /// The system's reason.
        message: String,
    },
    /// Template files have problems.
    #[error(transparent)]
    Templates(#[from] TemplateErrors),
    /// A picture exists but is not a PNG or JPEG this program can read.
    #[error("{path}: not a readable PNG or JPEG picture ({message})")]
    Image {
        /// The file.
        path: String,
        /// The decoder's reason.
        message: String,
    },
}

/// A place template files are read from: a user folder laid out like
/// `templates/` over the built-in files the caller hands in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TemplateSource {
    /// A user folder laid out like `templates/`.
    pub dir: Option<PathBuf>,
}

/// A game's built-in template files, by path under `templates/`:
/// `(path, contents)`, as the registry lists them.
pub type BuiltinTemplates<'a> = &'a [(&'static str, &'static str)];

impl TemplateSource {
    /// The built-in files only.
    pub fn embedded() -> Self {
        TemplateSource { dir: None }
    }

    /// A user folder over the built-in files.
    pub fn dir(dir: impl Into<PathBuf>) -> Self {
        TemplateSource {
            dir: Some(dir.into()),
        }
    }

    /// The template files of `game`: its built-in ones (`builtin`),
    /// replaced or joined by the user folder's `<dir>/<game>/*.toml`. With
    /// a user folder, every built-in template is also available as
    /// `builtin/<name>`, so a user file can change a few boxes of the
    /// design it replaces (`extends = "builtin/player"`) instead of copying
    /// all of it.
    pub fn files(
        &self,
        game: &str,
        builtin: BuiltinTemplates<'_>,
    ) -> Result<Vec<TemplateFile>, AssetError> {
        let embedded = embedded_files(builtin, game);
        let mut files: BTreeMap<String, TemplateFile> = embedded
            .iter()
            .map(|f| (f.name.clone(), f.clone()))
            .collect();
        if let Some(dir) = &self.dir {
            for f in embedded {
                let name = format!("{BUILTIN}{}", f.name);
                files.insert(
                    name.clone(),
                    TemplateFile {
                        name,
                        display: format!("{} (built-in)", f.display),
                        text: f.text,
                    },
                );
            }
            let folder = dir.join(game);
            if folder.is_dir() {
                let entries = std::fs::read_dir(&folder).map_err(|e| AssetError::Read {
                    path: folder.display().to_string(),
                    message: e.to_string(),
                })?;
                let mut paths: Vec<PathBuf> = entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                    .collect();
                paths.sort();
                for path in paths {
                    let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
                        continue;
                    };
                    let text = read_text(&path)?;
                    files.insert(
                        name.to_string(),
                        TemplateFile {
                            name: name.to_string(),
                            display: path.display().to_string(),
                            text,
                        },
                    );
                }
            }
        }
        Ok(files.into_values().collect())
    }

    /// The templates of `game` (see [`TemplateSource::files`]), parsed.
    pub fn load(
        &self,
        game: &str,
        builtin: BuiltinTemplates<'_>,
    ) -> Result<TemplateSet, AssetError> {
        Ok(TemplateSet::parse(&self.files(game, builtin)?)?)
    }
}

fn read_text(path: &Path) -> Result<String, AssetError> {
    let bytes = std::fs::read(path).map_err(|e| AssetError::Read {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|e| AssetError::Read {
        path: path.display().to_string(),
        message: format!(
            "not UTF-8 text (byte {} is invalid)",
            e.utf8_error().valid_up_to()
        ),
    })
}

/// A picture found on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedImage {
    /// Where it was found.
    pub path: PathBuf,
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Card pictures by id (the path as written in the card or template).
#[derive(Clone, Debug, Default)]
pub struct Images {
    roots: Vec<PathBuf>,
    found: BTreeMap<String, Option<LoadedImage>>,
    /// Missing pictures a user folder was meant to hold: their folder
    /// exists under a root (or the path is absolute).
    expected: BTreeMap<String, bool>,
}

impl Images {
    /// Looks pictures up under these folders, first match wins.
    pub fn new(roots: Vec<PathBuf>) -> Images {
        Images {
            roots,
            found: BTreeMap::new(),
            expected: BTreeMap::new(),
        }
    }

    /// Finds and reads each picture once; missing ones are remembered as
    /// missing, unreadable ones are errors.
    pub fn preload<'a>(
        &mut self,
        ids: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), AssetError> {
        for id in ids {
            if id.trim().is_empty() || self.found.contains_key(id) {
                continue;
            }
            let loaded = self.find(id).map(|p| load_image(&p)).transpose()?;
            if loaded.is_none() {
                let expected = self.folder_exists(id);
                self.expected.insert(id.to_string(), expected);
            }
            self.found.insert(id.to_string(), loaded);
        }
        Ok(())
    }

    fn find(&self, id: &str) -> Option<PathBuf> {
        let p = Path::new(id);
        if p.is_absolute() {
            return p.is_file().then(|| p.to_path_buf());
        }
        self.roots.iter().map(|r| r.join(p)).find(|c| c.is_file())
    }

    /// Whether the folder `id` would be in exists under a root: a user
    /// folder that holds pictures for these cards.
    fn folder_exists(&self, id: &str) -> bool {
        let p = Path::new(id);
        if p.is_absolute() {
            return true;
        }
        let Some(parent) = p.parent().filter(|d| !d.as_os_str().is_empty()) else {
            return false;
        };
        self.roots.iter().any(|r| r.join(parent).is_dir())
    }

    /// Whether a missing picture `id` is worth a warning: a user's data or
    /// templates folder has the folder it belongs in (`booked/art/`), or
    /// the card names it by an absolute path. The built-in decks ship
    /// without pictures and print their placeholders by design, so their
    /// conventional picture paths are not.
    pub fn missing_is_expected(&self, id: &str) -> bool {
        self.expected.get(id).copied().unwrap_or(false)
    }

    /// A picture that was found.
    pub fn get(&self, id: &str) -> Option<&LoadedImage> {
        self.found.get(id).and_then(Option::as_ref)
    }

    /// Every picture found, by id.
    pub fn loaded(&self) -> impl Iterator<Item = (&str, &LoadedImage)> {
        self.found
            .iter()
            .filter_map(|(k, v)| v.as_ref().map(|i| (k.as_str(), i)))
    }
}

impl ImageSizes for Images {
    fn image_size(&self, id: &str) -> Option<(u32, u32)> {
        self.get(id).map(|i| (i.width, i.height))
    }
}

fn load_image(path: &Path) -> Result<LoadedImage, AssetError> {
    let bytes = std::fs::read(path).map_err(|e| AssetError::Read {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    let bad = |message: String| AssetError::Image {
        path: path.display().to_string(),
        message,
    };
    let reader = ::image::ImageReader::new(std::io::Cursor::new(&bytes))
        .with_guessed_format()
        .map_err(|e| bad(e.to_string()))?;
    let (width, height) = reader.into_dimensions().map_err(|e| bad(e.to_string()))?;
    Ok(LoadedImage {
        path: path.to_path_buf(),
        bytes,
        width,
        height,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_found_sized_or_reported() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let img = ::image::RgbImage::from_pixel(4, 2, ::image::Rgb([200, 10, 10]));
        img.save(dir.path().join("a.png"))
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("bad.png"), b"not a picture")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut images = Images::new(vec![dir.path().to_path_buf()]);
        images
            .preload(["a.png", "missing.png"])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(images.image_size("a.png"), Some((4, 2)));
        assert_eq!(images.image_size("missing.png"), None);
        assert!(!images.missing_is_expected("missing.png"));
        std::fs::create_dir(dir.path().join("art")).unwrap_or_else(|e| panic!("{e}"));
        images
            .preload(["art/none.png", "other/none.png"])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(images.missing_is_expected("art/none.png"));
        assert!(!images.missing_is_expected("other/none.png"));
        let e = images
            .preload(["bad.png"])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("bad.png: not a readable PNG or JPEG"), "{e}");
    }
}

//! What the app builds from the registry's built-in files: card data that
//! falls back to every game's embedded card files, each game's embedded
//! templates, and the printable decks. The lower layers (`cards`, `layout`,
//! `render`) are handed these and never look a game up; these
//! constructors, written here beside the registry, are the one place that
//! does.

use super::GAMES;
use crate::cards::DataSource;
use crate::cards::source::Defaults;
use crate::layout::{TemplateErrors, TemplateSet};
use crate::render::options::{ExportOptions, PrintGame};
use std::path::PathBuf;
use std::sync::LazyLock;

/// Every game's embedded card files, in the registry's order.
static DEFAULT_FILES: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    GAMES
        .iter()
        .flat_map(|g| g.data_files.iter().copied())
        .collect()
});

/// Every game's embedded card files, as a data source falls back to them.
pub fn default_files() -> Defaults {
    DEFAULT_FILES.as_slice()
}

impl DataSource {
    /// The built-in card data of every game.
    pub fn embedded() -> Self {
        DataSource::with_defaults(default_files())
    }

    /// A user folder over every game's built-in card data.
    pub fn dir(dir: impl Into<PathBuf>) -> Self {
        DataSource::in_dir(dir, default_files())
    }

    /// The built-in text of the card file at `rel` (a path under
    /// `card_data/`), of any game.
    pub fn embedded_file(rel: &str) -> Option<&'static str> {
        super::embedded_data(rel)
    }
}

/// The built-in template files of the game whose folder is `game`
/// (`flip_duel`), by path under `templates/`; none for an unknown folder.
pub fn template_files(game: &str) -> &'static [(&'static str, &'static str)] {
    GAMES
        .iter()
        .find(|g| g.id.replace('-', "_") == game)
        .map_or(&[][..], |g| g.template_files)
}

impl TemplateSet {
    /// The built-in templates of the game whose folder is `game`.
    pub fn embedded(game: &str) -> Result<TemplateSet, TemplateErrors> {
        TemplateSet::builtin(template_files(game), game)
    }
}

impl PrintGame {
    /// Every game with card data and templates, in the registry's order. A
    /// game's deck becomes printable (on the command line and in the
    /// dialog) by giving its registry entry a print hook.
    pub fn all() -> Vec<PrintGame> {
        GAMES
            .iter()
            .filter_map(|g| PrintGame::from_entry(g))
            .collect()
    }

    /// The printable game with registry id `id`.
    pub fn of(id: &str) -> Option<PrintGame> {
        super::find(id).and_then(PrintGame::from_entry)
    }

    fn from_entry(g: &super::GameEntry) -> Option<PrintGame> {
        let print = g.print?;
        Some(PrintGame::new(g.id, g.name, print, g.template_files))
    }
}

impl Default for ExportOptions {
    /// The registry's first printable deck on A4 with duplex backs and
    /// corner marks: what `touchline export` prints without options.
    fn default() -> Self {
        ExportOptions {
            games: PrintGame::all().into_iter().take(1).collect(),
            selection: crate::layout::Selection::Deck,
            sheet: crate::render::sheet::SheetOptions::default(),
            alignment_test: false,
            templates: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::template::embedded_files;
    #[test]
    fn the_embedded_templates_are_valid() {
        for g in GAMES {
            assert!(!g.template_files.is_empty(), "{} has no templates", g.id);
            for (path, _) in g.template_files {
                let (folder, file) = path.split_once('/').unwrap_or_default();
                let name = file.strip_suffix(".toml").unwrap_or_default();
                let set = TemplateSet::embedded(folder).unwrap_or_else(|e| panic!("{e}"));
                assert!(set.get(name).is_some(), "{path} missing: {:?}", set.names());
            }
        }
    }

    /// A fuzz case: a font written with a line break in it gave an error
    /// whose second line named no file, so it read as if located nowhere
    /// (or at whatever the line before said).
    #[test]
    fn a_value_with_a_line_break_is_reported_on_one_located_line() {
        let builtin = super::super::find("flip-duel").map_or(&[][..], |g| g.template_files);
        let mut files = embedded_files(builtin, "flip_duel");
        let Some(f) = files.iter_mut().find(|f| f.name == "defence") else {
            panic!("no flip_duel/defence.toml")
        };
        let (line, _) = f
            .text
            .lines()
            .enumerate()
            .find(|(_, l)| l.starts_with("font = "))
            .unwrap_or_else(|| panic!("no font line"));
        f.text = f
            .text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i == line {
                    "font = \"se\\nd\\u0007\""
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let e = TemplateSet::parse(&files)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert_eq!(e.lines().count(), 1, "{e}");
        let at = format!("templates/flip_duel/defence.toml:{}:8: box `", line + 1);
        assert!(e.starts_with(&at), "{e}");
        assert!(
            e.ends_with("`se\\nd\\u{7}` is not a font; use regular, bold or condensed"),
            "{e}"
        );
    }
}

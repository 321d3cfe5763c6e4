//! What to print and the one pipeline that prints it.
//!
//! [`ExportOptions`] is the whole choice a user makes: the decks, which of
//! their cards, the sheet (paper, card size, bleed, crop marks, backs,
//! printer offset...), the alignment test and a templates folder.
//! `touchline export` builds it from its arguments and the app's export
//! dialog from its widgets; both hand it to [`export`], which loads the
//! decks, templates and pictures and runs [`document::export_with`], so the
//! two always write the same file for the same choices. Writing the bytes
//! to disk is the caller's job.

use crate::cards::{DataErrors, DataSource};
use crate::layout::{PrintDeck, Selection, TemplateSet};
use crate::render::assets::{AssetError, Images, TemplateSource};
use crate::render::document::{
    self, DeckJob, ExportError, ExportJob, Exported, FirstSheet, PrintWarning,
};
use crate::render::sheet::{self, SheetError, SheetOptions};
use std::ops::ControlFlow;
use std::path::PathBuf;

/// A game's print hook: its deck from a data source, laid out for print.
pub type PrintFn = fn(&DataSource) -> Result<PrintDeck, DataErrors>;

/// A deck the export can print: a game's id, name, how its deck is read
/// and laid out, and its built-in templates. The app makes these from the
/// registry (`PrintGame::all()`, `PrintGame::of(id)`); this layer is only
/// handed them.
#[derive(Clone, Copy)]
pub struct PrintGame {
    id: &'static str,
    name: &'static str,
    print: PrintFn,
    templates: &'static [(&'static str, &'static str)],
}

impl PrintGame {
    /// A printable game: its id, name, print hook and built-in template
    /// files (`(path, text)` under `templates/`).
    pub const fn new(
        id: &'static str,
        name: &'static str,
        print: PrintFn,
        templates: &'static [(&'static str, &'static str)],
    ) -> PrintGame {
        PrintGame {
            id,
            name,
            print,
            templates,
        }
    }

    /// The game's registry id.
    pub fn id(self) -> &'static str {
        self.id
    }

    /// The game's name as printed in messages.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// The game's built-in template files.
    pub fn templates(self) -> &'static [(&'static str, &'static str)] {
        self.templates
    }

    /// Loads the deck from `source`.
    pub fn load(self, source: &DataSource) -> Result<PrintDeck, PrintError> {
        (self.print)(source).map_err(|errors| PrintError::Data {
            game: self.name,
            errors,
        })
    }
}

// A game is its id: two values for one game are the same deck.
impl PartialEq for PrintGame {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for PrintGame {}

impl std::hash::Hash for PrintGame {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl std::fmt::Debug for PrintGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PrintGame({})", self.id)
    }
}

/// Everything that decides the printed file.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportOptions {
    /// The decks, printed one after another (each starts a new sheet).
    pub games: Vec<PrintGame>,
    /// Which cards of them.
    pub selection: Selection,
    /// Paper, card size, bleed, crop marks, backs, printer offset...
    pub sheet: SheetOptions,
    /// Print only the one-sheet alignment test.
    pub alignment_test: bool,
    /// A folder laid out like `templates/` whose files replace the
    /// built-in card layouts (pictures are looked for there too).
    pub templates: Option<PathBuf>,
}

/// How far an export has got, in card sides drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Card sides drawn so far.
    pub done: usize,
    /// Card sides the export draws in all.
    pub total: usize,
}

impl Progress {
    /// The share done, 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.total == 0 {
            0.0
        } else {
            (self.done as f32 / self.total as f32).clamp(0.0, 1.0)
        }
    }
}

/// Why an export failed. Each message says what to fix.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PrintError {
    /// The sheet options do not work (a card that does not fit, a bleed
    /// out of range...).
    #[error(transparent)]
    Sheet(#[from] SheetError),
    /// A deck's card data has problems.
    #[error("the {game} card data has problems:\n{errors}")]
    Data {
        /// The game's name.
        game: &'static str,
        /// Every problem, located.
        errors: DataErrors,
    },
    /// The templates folder does not exist.
    #[error("templates folder {}: no such folder", .0.display())]
    TemplatesFolder(PathBuf),
    /// A deck's templates have problems.
    #[error("the {title} templates have problems: {error}")]
    Templates {
        /// The deck's title.
        title: String,
        /// What is wrong.
        error: AssetError,
    },
    /// A picture exists but cannot be read.
    #[error(transparent)]
    Pictures(AssetError),
    /// Layout, imposition or the PDF failed, or the export was cancelled.
    #[error(transparent)]
    Export(#[from] ExportError),
}

impl PrintError {
    /// Whether the export stopped because it was asked to.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, PrintError::Export(ExportError::Cancelled))
    }
}

/// The decks, templates and pictures an export needs, loaded once (the
/// dialog keeps them while the user changes the sheet).
#[derive(Debug)]
pub struct Prepared {
    decks: Vec<PrintDeck>,
    templates: Vec<TemplateSet>,
    images: Images,
}

impl Prepared {
    /// Loads the decks of `options` from `source`, their templates (the
    /// options' folder over the built-in ones) and every picture they
    /// name (looked up under the templates folder, then the data folder).
    pub fn load(options: &ExportOptions, source: &DataSource) -> Result<Prepared, PrintError> {
        let decks: Vec<PrintDeck> = options
            .games
            .iter()
            .map(|g| g.load(source))
            .collect::<Result<_, _>>()?;
        let template_source = match &options.templates {
            Some(dir) => {
                if !dir.is_dir() {
                    return Err(PrintError::TemplatesFolder(dir.clone()));
                }
                TemplateSource::dir(dir)
            }
            None => TemplateSource::embedded(),
        };
        let templates: Vec<TemplateSet> = decks
            .iter()
            .zip(&options.games)
            .map(|(d, g)| {
                template_source
                    .load(&d.game, g.templates())
                    .map_err(|error| PrintError::Templates {
                        title: d.title.clone(),
                        error,
                    })
            })
            .collect::<Result<_, _>>()?;
        let mut roots = Vec::new();
        roots.extend(options.templates.clone());
        roots.extend(source.dir.clone());
        let mut images = Images::new(roots);
        let jobs: Vec<DeckJob<'_>> = decks
            .iter()
            .zip(&templates)
            .map(|(deck, templates)| DeckJob { deck, templates })
            .collect();
        let ids = document::image_ids(&jobs);
        images
            .preload(ids.iter().map(String::as_str))
            .map_err(PrintError::Pictures)?;
        Ok(Prepared {
            decks,
            templates,
            images,
        })
    }

    /// The loaded decks, in print order.
    pub fn decks(&self) -> &[PrintDeck] {
        &self.decks
    }

    /// The pictures found.
    pub fn images(&self) -> &Images {
        &self.images
    }

    /// The job `options` describe over these decks.
    pub fn job(&self, options: &ExportOptions) -> ExportJob<'_> {
        ExportJob {
            decks: self
                .decks
                .iter()
                .zip(&self.templates)
                .map(|(deck, templates)| DeckJob { deck, templates })
                .collect(),
            selection: options.selection.clone(),
            sheet: options.sheet.clone(),
            images: &self.images,
            alignment_test: options.alignment_test,
        }
    }

    /// What the cards `options` select print less well than designed
    /// (cut text, tiny type, missing pictures or glyphs), card by card.
    pub fn warnings(&self, options: &ExportOptions) -> Result<Vec<PrintWarning>, PrintError> {
        Ok(document::warnings(&self.job(options))?)
    }

    /// The first sheet the export of `options` prints, laid out exactly as
    /// in the PDF.
    pub fn first_sheet(&self, options: &ExportOptions) -> Result<FirstSheet, PrintError> {
        sheet::grid(&options.sheet)?;
        Ok(document::first_sheet(&self.job(options))?)
    }
}

/// The export: checks the sheet, loads everything from `source`, lays out,
/// imposes and draws, and returns the PDF's bytes. `progress` hears how
/// far it has got (often, also while nothing new is drawn) and stops the
/// work by returning `Break` ([`PrintError::is_cancelled`]).
pub fn export(
    options: &ExportOptions,
    source: &DataSource,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Result<Exported, PrintError> {
    // The sheet is checked before anything is loaded: a card that does not
    // fit is the commonest mistake and the cheapest to report.
    sheet::grid(&options.sheet)?;
    let prepared = Prepared::load(options, source)?;
    let job = prepared.job(options);
    let total = document::work_units(&job);
    Ok(document::export_with(&job, &mut |done| {
        progress(Progress { done, total })
    })?)
}

/// What an export wrote, as both the command line and the dialog report
/// it: `44 pages, 198 cards, 278.9 KB` (`2 pages, alignment test, ...`).
pub fn summary(exported: &Exported, alignment_test: bool) -> String {
    let what = if alignment_test {
        "alignment test".to_string()
    } else {
        plural(exported.cards, "card")
    };
    format!(
        "{}, {what}, {}",
        plural(exported.pages, "page"),
        human_size(exported.pdf.len())
    )
}

/// `1 page`, `44 pages`.
pub fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// A file size in KB below a megabyte, in MB above.
pub fn human_size(bytes: usize) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.2} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    }
}

//! `touchline export`: print-and-play PDF sheets of a deck.
//!
//! Parses the options into sheet settings and a selection, loads the decks,
//! templates and pictures, runs `render::export` with a progress bar, then
//! writes the PDF through a temporary file in the same folder, renamed into
//! place only once it is complete, so an existing file is never left half
//! written. No layout or drawing happens here: that is `layout` and
//! `render`'s work.

use anyhow::{Context as _, Result, anyhow, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use touchline::cards::DataSource;
use touchline::cards::booked::BookedDeck;
use touchline::layout::{PrintDeck, Selection, TemplateSet};
use touchline::render::sheet::{
    self, Backs, CardSize, CropStyle, Orientation, Paper, SheetOptions,
};
use touchline::render::{DeckJob, ExportJob, Images, TemplateSource, document};

/// The games `export` can print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportGame {
    /// Booked! (198 cards).
    Booked,
    /// Every deck that has card data.
    All,
}

/// A deck with print support. Cardball and Eleven join this list as their
/// card data lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Printable {
    Booked,
}

const PRINTABLE: [Printable; 1] = [Printable::Booked];

impl ExportGame {
    fn decks(self) -> Vec<Printable> {
        match self {
            ExportGame::Booked => vec![Printable::Booked],
            ExportGame::All => PRINTABLE.to_vec(),
        }
    }
}

impl Printable {
    fn load(self, source: &DataSource) -> Result<PrintDeck> {
        match self {
            Printable::Booked => {
                let deck = BookedDeck::load(source)
                    .map_err(|e| anyhow!("the Booked! card data has problems:\n{e}"))?;
                Ok(touchline::layout::booked::print_deck(&deck))
            }
        }
    }
}

/// Page orientation choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrientationArg {
    /// Whichever fits more cards.
    Auto,
    /// Portrait.
    Portrait,
    /// Landscape.
    Landscape,
}

/// Crop marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CropArg {
    /// Short marks at the card corners.
    Corner,
    /// Lines along every cut to the page edge, for a paper trimmer.
    Extended,
    /// No marks.
    None,
}

/// How backs are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BacksArg {
    /// Fronts only.
    None,
    /// Duplex, flipped on the long edge (the usual printer setting).
    DuplexLong,
    /// Duplex, flipped on the short edge.
    DuplexShort,
    /// Fronts and backs on one page: fold in half, glue, cut.
    Fold,
}

/// Arguments of `touchline export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The deck to print (all = every deck with card data).
    #[arg(long, value_enum, default_value = "booked")]
    pub game: ExportGame,
    /// The PDF file to write (replaced only once the new one is complete).
    #[arg(long, value_name = "FILE.pdf")]
    pub out: PathBuf,
    /// Paper: a4, letter, a3 or WIDTHxHEIGHT in mm.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,
    /// Page orientation.
    #[arg(long, value_enum, default_value = "auto")]
    pub orientation: OrientationArg,
    /// Card size: poker, standard, bridge, euro, mini, tarot or WIDTHxHEIGHT in mm.
    #[arg(long, default_value = "poker", value_parser = parse_card)]
    pub card: CardSize,
    /// Bleed in mm (0-5): backgrounds run this far past the cut line.
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    pub bleed: f32,
    /// Space between neighbouring cards (their bleed edges), in mm.
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    pub gutter: f32,
    /// Page margin in mm (at least 5).
    #[arg(long, value_name = "MM", default_value_t = sheet::MIN_MARGIN)]
    pub margin: f32,
    /// Crop marks.
    #[arg(long, value_enum, default_value = "corner")]
    pub crop_marks: CropArg,
    /// Crop mark line width in mm.
    #[arg(long, value_name = "MM", default_value_t = 0.15)]
    pub crop_width: f32,
    /// Crop mark length in mm (corner marks).
    #[arg(long, value_name = "MM", default_value_t = 4.0)]
    pub crop_length: f32,
    /// Draw a rounded-corner cutting guide on each card (radius in mm, 3 if omitted).
    #[arg(long, value_name = "MM", num_args = 0..=1, default_missing_value = "3")]
    pub corner_guide: Option<f32>,
    /// Backs: none, duplex-long, duplex-short or fold.
    #[arg(long, value_enum, default_value = "duplex-long")]
    pub backs: BacksArg,
    /// Move backs right by this many mm (negative: left) to fix duplex misregistration.
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    pub offset_x: f32,
    /// Move backs down by this many mm (negative: up).
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    pub offset_y: f32,
    /// Which cards: deck, kind:KIND[,KIND...] or id:ID[,ID...] (an id without
    /// its copy number, like var_review, means every copy).
    #[arg(long, default_value = "deck", value_parser = parse_selection)]
    pub select: Selection,
    /// Print only the one-sheet alignment test (ruler and duplex scales).
    #[arg(long)]
    pub alignment_test: bool,
    /// A folder laid out like templates/ whose files replace the built-in card layouts.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}

fn parse_paper(s: &str) -> Result<Paper, String> {
    Paper::parse(s).map_err(|e| e.to_string())
}

fn parse_card(s: &str) -> Result<CardSize, String> {
    CardSize::parse(s).map_err(|e| e.to_string())
}

fn parse_selection(s: &str) -> Result<Selection, String> {
    Selection::parse(s)
}

impl ExportArgs {
    /// The sheet settings these options describe.
    pub fn sheet(&self) -> SheetOptions {
        SheetOptions {
            paper: self.paper,
            orientation: match self.orientation {
                OrientationArg::Auto => None,
                OrientationArg::Portrait => Some(Orientation::Portrait),
                OrientationArg::Landscape => Some(Orientation::Landscape),
            },
            margin: self.margin,
            card: self.card.clone(),
            bleed: self.bleed,
            gutter: self.gutter,
            crop: match self.crop_marks {
                CropArg::Corner => CropStyle::Corner,
                CropArg::Extended => CropStyle::Extended,
                CropArg::None => CropStyle::None,
            },
            crop_width: self.crop_width,
            crop_length: self.crop_length,
            corner_guide: self.corner_guide,
            backs: match self.backs {
                BacksArg::None => Backs::None,
                BacksArg::DuplexLong => Backs::DuplexLong,
                BacksArg::DuplexShort => Backs::DuplexShort,
                BacksArg::Fold => Backs::Fold,
            },
            offset_x: self.offset_x,
            offset_y: self.offset_y,
        }
    }
}

/// Runs the export; `data` is the `--data` folder (pictures live there too).
pub fn run(source: &DataSource, data: Option<&Path>, args: &ExportArgs) -> Result<ExitCode> {
    let start = Instant::now();
    let sheet = args.sheet();
    // Check the sheet before loading anything: a card that does not fit
    // is the commonest mistake and the cheapest to report.
    sheet::grid(&sheet)?;
    let target = OutputTarget::check(&args.out)?;

    let decks: Vec<PrintDeck> = args
        .game
        .decks()
        .into_iter()
        .map(|p| p.load(source))
        .collect::<Result<_>>()?;
    let template_source = match &args.templates {
        Some(dir) => {
            if !dir.is_dir() {
                bail!("--templates {}: no such folder", dir.display());
            }
            TemplateSource::dir(dir)
        }
        None => TemplateSource::embedded(),
    };
    let template_sets: Vec<TemplateSet> = decks
        .iter()
        .map(|d| {
            template_source
                .load(&d.game)
                .with_context(|| format!("the {} templates have problems", d.title))
        })
        .collect::<Result<_>>()?;
    let jobs: Vec<DeckJob<'_>> = decks
        .iter()
        .zip(&template_sets)
        .map(|(deck, templates)| DeckJob { deck, templates })
        .collect();

    let mut roots = Vec::new();
    roots.extend(args.templates.clone());
    roots.extend(data.map(Path::to_path_buf));
    let mut images = Images::new(roots);
    let ids = document::image_ids(&jobs);
    images.preload(ids.iter().map(String::as_str))?;

    let job = ExportJob {
        decks: jobs,
        selection: args.select.clone(),
        sheet,
        images: &images,
        alignment_test: args.alignment_test,
    };
    let total = document::work_units(&job);
    let bar = progress_bar(total);
    let exported = document::export(&job, &mut |n| bar.set_position(n as u64))?;
    bar.finish_and_clear();

    target.write(&exported.pdf)?;
    let what = if args.alignment_test {
        "alignment test".to_string()
    } else {
        plural(exported.cards, "card")
    };
    println!(
        "wrote {}: {}, {what}, {}, {:.2} s",
        args.out.display(),
        plural(exported.pages, "page"),
        human_size(exported.pdf.len()),
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// A bar on the terminal for long exports; nothing when output is piped.
fn progress_bar(total: usize) -> ProgressBar {
    if total < 50 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    let style = ProgressStyle::with_template("{spinner} drawing card sides {bar:30} {pos}/{len}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn human_size(bytes: usize) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.2} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    }
}

/// Where the PDF goes, checked before the work starts.
struct OutputTarget {
    path: PathBuf,
    dir: PathBuf,
}

impl OutputTarget {
    fn check(path: &Path) -> Result<OutputTarget> {
        if path.is_dir() {
            bail!(
                "--out {}: is a folder; give a file name like booked.pdf",
                path.display()
            );
        }
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !dir.is_dir() {
            bail!(
                "--out {}: the folder {} does not exist",
                path.display(),
                dir.display()
            );
        }
        Ok(OutputTarget {
            path: path.to_path_buf(),
            dir,
        })
    }

    /// Writes through a temporary file in the same folder, then renames it
    /// over the target: the old file stays until the new one is complete.
    fn write(&self, bytes: &[u8]) -> Result<()> {
        let mut tmp = tempfile::Builder::new()
            .prefix(".touchline-export-")
            .suffix(".pdf.tmp")
            .tempfile_in(&self.dir)
            .with_context(|| format!("cannot create a file in {}", self.dir.display()))?;
        tmp.write_all(bytes)
            .and_then(|()| tmp.as_file().sync_all())
            .with_context(|| format!("cannot write {}", self.path.display()))?;
        // Temporary files are private (0600); a PDF should be readable like
        // any other file, or keep the permissions of the file it replaces.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&self.path).map_or(0o644, |m| m.permissions().mode());
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(mode))
                .with_context(|| {
                    format!("cannot set the permissions of {}", self.path.display())
                })?;
        }
        tmp.persist(&self.path)
            .map_err(|e| anyhow!("cannot replace {}: {}", self.path.display(), e.error))?;
        Ok(())
    }
}

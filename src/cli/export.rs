//! `touchline export`: print-and-play PDF sheets of a deck.
//!
//! Parses the arguments into `render::options::ExportOptions` (the same
//! options the app's export dialog builds), runs the shared pipeline
//! `render::options::export` with a progress bar, then writes the PDF by
//! the rule of `render::output` (a temporary file renamed into place, no
//! folders or devices, links followed). It says how much paper the file
//! takes and names a setting that takes less. No layout or drawing happens
//! here: that is `layout` and `render`'s work.

use crate::cards::DataSource;
use crate::layout::Selection;
use crate::render::changed;
use crate::render::options::{self, ExportOptions, PrintError, PrintGame};
use crate::render::output::Output;
use crate::render::sheet::{
    self, Backs, CardSize, Change, CropStyle, Cuts, Ink, Orientation, Paper, SheetOptions,
};
use anyhow::{Result, anyhow, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal as _;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The games `export` can print (the registry's games with printed
/// cards) and `all`.
fn export_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = PrintGame::all().iter().map(|g| g.id()).collect();
    names.push("all");
    names
}

/// The decks `--game` names.
fn games_of(name: &str) -> Vec<PrintGame> {
    match name {
        "all" => PrintGame::all(),
        id => PrintGame::of(id).into_iter().collect(),
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

/// How neighbouring cards share cut lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CutsArg {
    /// Whichever fits more cards a sheet with a mark on every cut.
    Auto,
    /// Each card its own bleed and cut lines.
    Separate,
    /// Neighbours touch: one cut between them, the bleed around the block.
    Shared,
}

/// How much ink the cards print with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InkArg {
    /// As designed.
    Full,
    /// Backs as an outline and their name.
    LightBacks,
    /// Light backs, and faces with pale tints for their large areas.
    Light,
}

/// Arguments of `touchline export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The deck to print: a game's registry id, or all of them.
    /// The first game of the registry when absent.
    #[arg(long, default_value = crate::games::GAMES[0].id,
          value_parser = clap::builder::PossibleValuesParser::new(export_names()))]
    pub game: String,
    /// The PDF file to write (replaced only once the new one is complete;
    /// a link is followed; a folder or a device is refused).
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
    /// Bleed in mm (0-5): backgrounds run this far past the cut line (0 for none).
    #[arg(
        long,
        value_name = "MM",
        default_value_t = sheet::DEFAULT_BLEED,
        allow_negative_numbers = true
    )]
    pub bleed: f32,
    /// Space between neighbouring cards (their bleed edges), in mm.
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    pub gutter: f32,
    /// Whether neighbouring cards share their cut lines (auto: whichever
    /// fits more cards a sheet with a mark on every cut).
    #[arg(long, value_enum, default_value = "auto")]
    pub cuts: CutsArg,
    /// Ink: full, light-backs (backs as an outline and their name) or light
    /// (light backs and pale faces).
    #[arg(long, value_enum, default_value = "full")]
    pub ink: InkArg,
    /// Page margin in mm (at least 5).
    #[arg(
        long,
        value_name = "MM",
        default_value_t = sheet::MIN_MARGIN,
        allow_negative_numbers = true
    )]
    pub margin: f32,
    /// Crop marks.
    #[arg(long, value_enum, default_value = "corner")]
    pub crop_marks: CropArg,
    /// Crop mark line width in mm.
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 0.15,
        allow_negative_numbers = true
    )]
    pub crop_width: f32,
    /// Crop mark length in mm (corner marks).
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 4.0,
        allow_negative_numbers = true
    )]
    pub crop_length: f32,
    /// Draw a rounded-corner cutting guide on each card (radius in mm, 3 if omitted).
    #[arg(
        long,
        value_name = "MM",
        num_args = 0..=1,
        default_missing_value = "3",
        allow_negative_numbers = true
    )]
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
    /// Print each selected card this many times (1-20), copies side by side.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub copies: usize,
    /// Which cards: deck, kind:KIND[,KIND...] or id:ID[,ID...] (an id without
    /// its copy number, like var_review, means every copy).
    #[arg(long, default_value = "deck", value_parser = parse_selection)]
    pub select: Selection,
    /// Print only these cards: a deck of the game (a card kind such as
    /// staff or referee) or a Booked! nation code (GER); repeatable.
    #[arg(long, value_name = "SELECTOR", conflicts_with = "select")]
    pub only: Vec<String>,
    /// Print only the cards whose content changed since the last export to
    /// the same --out (their hashes are kept beside it, in FILE.pdf.cards),
    /// to FILE.changed.pdf beside it; FILE.pdf itself is left alone.
    #[arg(long, conflicts_with_all = ["select", "only", "alignment_test"])]
    pub changed: bool,
    /// A grayscale proof: every colour printed as the grey of its
    /// luminance, to check that colour is never the only cue.
    #[arg(long)]
    pub grayscale: bool,
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
    /// The export these arguments describe (everything but `--out`).
    pub fn options(&self) -> ExportOptions {
        ExportOptions {
            games: games_of(&self.game),
            selection: if self.only.is_empty() {
                self.select.clone()
            } else {
                Selection::Only(self.only.clone())
            },
            sheet: self.sheet(),
            alignment_test: self.alignment_test,
            templates: self.templates.clone(),
        }
    }

    /// The sheet settings these options describe.
    fn sheet(&self) -> SheetOptions {
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
            cuts: match self.cuts {
                CutsArg::Auto => Cuts::Auto,
                CutsArg::Separate => Cuts::Separate,
                CutsArg::Shared => Cuts::Shared,
            },
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
            copies: self.copies,
            offset_y: self.offset_y,
            grayscale: self.grayscale,
            ink: match self.ink {
                InkArg::Full => Ink::Full,
                InkArg::LightBacks => Ink::LightBacks,
                InkArg::Light => Ink::Light,
            },
        }
    }
}

/// Runs the export from the card data in `source` (pictures are found in
/// its folder too).
pub fn run(source: &DataSource, args: &ExportArgs) -> Result<ExitCode> {
    let start = Instant::now();
    if let Some(dir) = &args.templates {
        unusable_templates(dir)?;
    }
    let mut options = args.options();
    // Check the sheet before anything else: a card that does not fit is
    // the commonest mistake and the cheapest to report.
    sheet::grid(&options.sheet)?;
    let full = Output::check(&args.out).map_err(|e| anyhow!("--out {e}"))?;
    if !args.alignment_test {
        for w in sheet::warnings(&options.sheet) {
            eprintln!("warning: {w}");
        }
    }

    // The decks as printed, for the card hashes kept beside the PDF.
    let decks = if args.alignment_test {
        None
    } else {
        Some(
            options
                .games
                .iter()
                .map(|g| g.load(source))
                .collect::<Result<Vec<_>, _>>()?,
        )
    };
    // Only the changed cards go to FILE.changed.pdf; FILE.pdf stays.
    let target = if args.changed {
        let Some(decks) = &decks else {
            bail!("--changed cannot be combined with --alignment-test");
        };
        if options.games.len() != 1 {
            bail!("--changed prints one game at a time; give --game");
        }
        let changes = changed::changes(decks, &args.out)?;
        match changes.selection() {
            Some(selection) => {
                super::print(&changes.describe(&args.out));
                options.selection = selection;
            }
            None => {
                super::print(&format!(
                    "nothing changed since the last print to {}; no file written",
                    args.out.display()
                ));
                return Ok(ExitCode::SUCCESS);
            }
        }
        let path = changed::changed_path(&args.out);
        Output::check(&path).map_err(|e| anyhow!("--changed writes {e}"))?
    } else {
        full
    };

    let mut bar: Option<ProgressBar> = None;
    let exported = options::export(&options, source, &mut |p| {
        bar.get_or_insert_with(|| progress_bar(p.total))
            .set_position(p.done as u64);
        ControlFlow::Continue(())
    })
    .map_err(|e| match e {
        PrintError::TemplatesFolder(dir) => anyhow::Error::new(super::Unusable(format!(
            "--templates {}: no such folder",
            dir.display()
        ))),
        e => e.into(),
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }

    for w in crate::render::document::describe_warnings(&exported.warnings) {
        eprintln!("warning: {w}");
    }
    target.write(&exported.pdf)?;
    if let Some(decks) = &decks {
        changed::record(decks, &args.out)?;
    }
    super::print(&format!(
        "wrote {}: {}, {:.2} s",
        target.path().display(),
        options::summary(&exported, args.alignment_test),
        start.elapsed().as_secs_f64()
    ));
    if !args.alignment_test {
        let pct = |v: f32| format!("{:.0}%", v * 100.0);
        super::print(&match exported.ink {
            (front, Some(back)) => format!(
                "ink: about {} of a fronts page, {} of a backs page",
                pct(front),
                pct(back)
            ),
            (front, None) => format!("ink: about {} of a page", pct(front)),
        });
    }
    // A setting that takes less paper, still with every cut marked.
    if let Some(decks) = &decks {
        let counts: Vec<usize> = decks
            .iter()
            .map(|d| {
                d.cards
                    .iter()
                    .filter(|c| options.selection.matches(c))
                    .count()
                    * options.sheet.copies.max(1)
            })
            .filter(|n| *n > 0)
            .collect();
        if let (Ok(now), Some(better)) = (
            sheet::tally(&options.sheet, &counts),
            sheet::cheaper(&options.sheet, &counts),
        ) {
            super::print(&format!("note: {}", better.describe(&now, Change::flag)));
        }
    }
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

/// Refuses a `--templates` folder whose game folders or files cannot be
/// used (exit 2, naming them): a file where a game's folder should be, a
/// link that leads nowhere. Never a silent fall back on the built-in
/// templates.
fn unusable_templates(dir: &std::path::Path) -> Result<()> {
    for g in crate::games::GAMES {
        let folder = dir.join(g.id.replace('-', "_"));
        let named = [folder.clone(), dir.join(g.id)];
        for folder in named.iter().filter(|f| f.symlink_metadata().is_ok()) {
            if !folder.is_dir() {
                return Err(super::Unusable(format!(
                    "--templates: {} is not a folder (a game's templates go in a folder of that name)",
                    folder.display()
                ))
                .into());
            }
            let Ok(entries) = std::fs::read_dir(folder) else {
                return Err(super::Unusable(format!(
                    "--templates: cannot read {}",
                    folder.display()
                ))
                .into());
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.symlink_metadata().is_ok_and(|m| m.is_symlink()) && !path.exists() {
                    return Err(super::Unusable(format!(
                        "--templates: {} is a link that leads nowhere",
                        path.display()
                    ))
                    .into());
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::export::ExportDialog;
    use clap::Parser;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;

    #[derive(Parser)]
    struct Export {
        #[command(flatten)]
        args: ExportArgs,
    }

    fn options(line: &[&str]) -> ExportOptions {
        let words = ["export", "--out", "x.pdf"]
            .into_iter()
            .chain(line.iter().copied());
        Export::try_parse_from(words)
            .unwrap_or_else(|e| panic!("{e}"))
            .args
            .options()
    }

    /// The dialog's options after clicking `clicks` and setting the
    /// numbers in `values`, all found by their labels.
    fn dialog(
        clicks: &[&str],
        values: &[(&str, f64)],
        text: Option<(&str, &str)>,
    ) -> ExportOptions {
        let mut h = Harness::builder()
            .with_size([1280.0, 1600.0])
            .build_ui_state(
                |ui, d: &mut ExportDialog| {
                    let _ = d.show(ui);
                },
                ExportDialog::new(DataSource::embedded()),
            );
        // The decks are read on their own thread: wait for them.
        let start = std::time::Instant::now();
        h.run();
        while h.state().is_laying_out() && start.elapsed().as_secs() < 60 {
            std::thread::sleep(std::time::Duration::from_millis(10));
            h.run();
        }
        for label in clicks {
            h.get_by_label(label).click();
            h.run();
        }
        for (label, v) in values {
            h.get_by_label(label).set_value_accesskit(*v);
            h.run();
        }
        if let Some((label, t)) = text {
            h.get_by_label(label).set_text_value_accesskit(t);
            h.run();
        }
        h.state().options()
    }

    #[test]
    fn the_command_line_and_the_dialog_make_the_same_options_from_the_same_choices() {
        assert_eq!(options(&[]), ExportOptions::default());

        let cli = options(&[
            "--paper",
            "a3",
            "--orientation",
            "landscape",
            "--card",
            "mini",
            "--bleed",
            "2",
            "--gutter",
            "1.5",
            "--margin",
            "8",
            "--crop-marks",
            "extended",
            "--crop-width",
            "0.3",
            "--crop-length",
            "6",
            "--corner-guide",
            "--backs",
            "fold",
            "--offset-x",
            "1.5",
            "--offset-y",
            "-0.5",
            "--select",
            "kind:referee,yellow",
            "--copies",
            "3",
            "--grayscale",
        ]);
        let ui = dialog(
            &[
                "A3",
                "Landscape",
                "Mini (44 × 67 mm)",
                "Extended marks",
                "Rounded-corner guide",
                "Fold in half",
                "By kind",
                "referee",
                "yellow",
                "More sheet options",
                "Grayscale proof (colours as greys of their lightness)",
            ],
            &[
                ("Bleed (mm)", 2.0),
                ("Gutter (mm)", 1.5),
                ("Margin (mm)", 8.0),
                ("Crop mark width (mm)", 0.3),
                ("Crop mark length (mm)", 6.0),
                ("Printer offset x (mm)", 1.5),
                ("Printer offset y (mm)", -0.5),
                ("Copies", 3.0),
            ],
            None,
        );
        assert_eq!(ui, cli);

        // The dialog lists decks before nations, in deck order.
        let cli = options(&["--only", "referee", "--only", "GER"]);
        let ui = dialog(&["Nations and decks", "GER", "referee"], &[], None);
        assert_eq!(ui, cli);

        let cli = options(&[
            "--paper",
            "320x450",
            "--card",
            "60x90",
            "--backs",
            "none",
            "--crop-marks",
            "none",
            "--select",
            "id:BRA-9,var_review",
            "--alignment-test",
            "--orientation",
            "portrait",
        ]);
        let ui = dialog(
            &[
                "Custom paper",
                "Custom card",
                "No backs",
                "No marks",
                "Picked cards",
                "Alignment test only (one sheet to measure the printer offset)",
                "Portrait",
            ],
            &[
                ("Paper width (mm)", 320.0),
                ("Paper height (mm)", 450.0),
                ("Card width (mm)", 60.0),
                ("Card height (mm)", 90.0),
            ],
            Some((
                "Card ids (an id without its copy number means every copy)",
                "BRA-9, var_review",
            )),
        );
        assert_eq!(ui, cli);
    }
}

//! Rendering: Scenes onto paper and screen.
//!
//! - [`sheet`]: imposition (paper, grid, duplex and fold backs, crop marks,
//!   the alignment test), pure geometry in mm.
//! - [`pdf`]: draws Scenes as PDF content streams and writes the file (Y
//!   flipped, mm to points, each card in its own coordinates, the shared
//!   back stored once, fonts embedded as subsets, pictures stored once).
//! - [`subset`]: TrueType subsets of the embedded fonts for the PDF.
//! - [`egui`]: draws the same Scenes with egui shapes for the editor preview
//!   and the table.
//! - [`raster`]: draws the same Scenes into pixels (tiny-skia), for the
//!   cards a table shows small and many at once.
//! - [`assets`]: reads template files and pictures (the only file reading
//!   besides [`changed`]'s card hashes).
//! - [`output`]: where an export's file may go and its atomic write (the
//!   only file writing besides [`changed`]'s card hashes).
//! - [`document`]: the whole export, from decks to PDF bytes.
//! - [`changed`]: the card hashes kept beside a PDF, for printing only the
//!   cards changed since.
//! - [`options`]: what to print ([`ExportOptions`]) and the one pipeline
//!   from options and card data to PDF bytes, shared by the command line
//!   and the export dialog.
//!
//! Nothing here decides how a card looks: that is `layout`'s job, and both
//! backends draw its Scenes as they are.

pub mod assets;
pub mod changed;
pub mod document;
pub mod egui;
pub mod options;
pub mod output;
pub mod pdf;
pub mod raster;
pub mod sheet;
pub mod subset;

pub use assets::{AssetError, Images, TemplateSource};
pub use document::{DeckJob, ExportError, ExportJob, Exported, export, image_ids};
pub use options::{ExportOptions, PrintError, PrintGame, Progress};
pub use sheet::{Backs, CardSize, CropStyle, Cuts, Ink, Orientation, Paper, SheetOptions};

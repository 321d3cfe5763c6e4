//! Rendering: Scenes onto paper and screen.
//!
//! - [`sheet`]: imposition (paper, grid, duplex and fold backs, crop marks,
//!   the alignment test), pure geometry in mm.
//! - [`pdf`]: draws Scenes with printpdf (Y flipped, mm to points, fonts
//!   embedded as subsets, pictures stored once).
//! - [`egui`]: draws the same Scenes with egui shapes for the editor preview
//!   and the table.
//! - [`assets`]: reads template files and pictures (the only file access
//!   besides [`changed`]'s card hashes).
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
pub mod pdf;
pub mod sheet;

pub use assets::{AssetError, Images, TemplateSource};
pub use document::{DeckJob, ExportError, ExportJob, Exported, export, image_ids};
pub use options::{ExportOptions, PrintError, PrintGame, Progress};
pub use sheet::{Backs, CardSize, CropStyle, Orientation, Paper, SheetOptions};

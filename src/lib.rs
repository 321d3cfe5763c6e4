//! Touchline: a desktop companion for football card and board games.
//!
//! - [`engine`]: pure, deterministic rules engines (no I/O).
//! - [`cards`]: card files to validated decks.
//! - [`games`]: every game, one folder each, and the registry.
//! - [`bots`]: computer players that see only their seat's view.
//! - [`sim`]: many bot games in parallel, summarised.
//! - [`lab`]: the balance lab: what a deck or house rule does, measured.
//! - [`soak`]: bot games checked for panics, endless games and lost cards.
//! - [`scenario`]: exact deals and scripted actions, for rules tests.
//! - [`layout`]: card templates to a backend-free Scene in mm.
//! - [`render`]: Scenes to PDF sheets and egui shapes.
//! - [`ui`]: the eframe app.
//! - [`cli`]: the `touchline` command line.
//! - [`desktop`]: the icon, application entry and save type for desktops.

pub mod bots;
pub mod cards;
pub mod cli;
pub mod desktop;
pub mod editor;
pub mod engine;
pub mod games;
pub mod lab;
pub mod layout;
pub mod render;
pub mod scenario;
pub mod sim;
pub mod soak;
pub mod ui;

//! The eframe app: the start screen (the table, editor and export dialog
//! build on it). UI code decides no rules: it shows views and sends actions.

mod start;

pub use start::StartScreen;

use anyhow::Result;
use std::path::PathBuf;

/// The window title.
pub const APP_NAME: &str = "Touchline";

/// The whole app.
pub struct TouchlineApp {
    start: StartScreen,
}

impl TouchlineApp {
    /// The app on the given data folder (embedded defaults for `None`).
    pub fn new(data: Option<PathBuf>) -> Self {
        TouchlineApp {
            start: StartScreen::load(data),
        }
    }

    /// The start screen (for tests).
    pub fn start(&self) -> &StartScreen {
        &self.start
    }

    /// Draws one frame.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.start.show(ui);
    }
}

impl eframe::App for TouchlineApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

/// Opens the app window and runs until it is closed.
pub fn run_app(data: Option<PathBuf>) -> Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(APP_NAME)
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([960.0, 600.0]),
        ..Default::default()
    };
    eframe::run_native(
        APP_NAME,
        options,
        Box::new(move |_cc| Ok(Box::new(TouchlineApp::new(data)))),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}

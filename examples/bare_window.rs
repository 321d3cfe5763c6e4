//! A bare eframe window with 40 buttons and nothing of Touchline: the floor
//! the app's memory is measured against (docs/speed.md, "Memory").
//!
//! ```text
//! cargo build --release --example bare_window
//! /usr/bin/time -v target/release/examples/bare_window   # "Maximum resident set size"
//! ```
//! It closes itself after `SECONDS` (default 10) so that a script can time
//! it; it uses the same eframe build (the glow renderer) as the app.

use std::time::{Duration, Instant};

struct Bare {
    until: Instant,
}

impl eframe::App for Bare {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading("A bare eframe window");
            ui.horizontal_wrapped(|ui| {
                for i in 0..40 {
                    let _ = ui.button(format!("Button {i}"));
                }
            });
        });
        if Instant::now() >= self.until {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
        ui.ctx().request_repaint_after(Duration::from_millis(100));
    }
}

fn main() -> eframe::Result {
    let seconds = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1280.0, 800.0]),
        ..Default::default()
    };
    eframe::run_native(
        "bare window",
        options,
        Box::new(move |_| {
            Ok(Box::new(Bare {
                until: Instant::now() + Duration::from_secs(seconds),
            }))
        }),
    )
}

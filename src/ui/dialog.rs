//! Native file dialogs (rfd) without blocking the UI: each runs on its own
//! thread and the screen polls for the answer.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// What to ask for.
#[derive(Clone, Debug)]
pub enum Ask {
    /// An existing file, with a filter (name and extensions).
    Open(&'static str, &'static [&'static str]),
    /// A file to write, with a filter and a suggested name.
    Save(&'static str, &'static [&'static str], String),
    /// A folder.
    Folder,
}

/// A dialog that is open, and what its answer is for.
pub struct Pending<T> {
    rx: Receiver<Option<PathBuf>>,
    /// What the answer will be used for.
    pub purpose: T,
}

/// Where a dialog is.
pub enum Poll {
    /// Still open.
    Waiting,
    /// Closed with a path, or `None` when cancelled.
    Done(Option<PathBuf>),
}

impl<T> Pending<T> {
    /// Opens the dialog on a thread.
    pub fn open(ask: Ask, purpose: T) -> Pending<T> {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let d = rfd::FileDialog::new();
            let path = match ask {
                Ask::Open(name, ext) => d.add_filter(name, ext).pick_file(),
                Ask::Save(name, ext, file) => {
                    d.add_filter(name, ext).set_file_name(file).save_file()
                }
                Ask::Folder => d.pick_folder(),
            };
            let _ = tx.send(path);
        });
        Pending { rx, purpose }
    }

    /// Checks for the answer; while waiting, asks for another frame soon.
    pub fn poll(&self, ctx: &egui::Context) -> Poll {
        match self.rx.try_recv() {
            Ok(p) => Poll::Done(p),
            Err(TryRecvError::Disconnected) => Poll::Done(None),
            Err(TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
                Poll::Waiting
            }
        }
    }
}

/// A table's Save… and Load… dialogs, at most one open at a time.
#[derive(Default)]
pub struct SaveLoad {
    pending: Option<Pending<bool>>,
}

impl SaveLoad {
    /// Opens the save (`save`) or load dialog of Touchline saves, unless
    /// one is already open; `name` is the file name a save suggests.
    pub fn ask(&mut self, save: bool, name: &str) {
        if self.pending.is_some() {
            return;
        }
        let ask = if save {
            Ask::Save("Touchline save", &["json"], name.to_string())
        } else {
            Ask::Open("Touchline save", &["json"])
        };
        self.pending = Some(Pending::open(ask, save));
    }

    /// Whether a dialog is open.
    pub fn is_open(&self) -> bool {
        self.pending.is_some()
    }

    /// The file chosen and whether it is to be saved (else loaded), once
    /// the dialog closes with one.
    pub fn poll(&mut self, ctx: &egui::Context) -> Option<(PathBuf, bool)> {
        let job = self.pending.as_ref()?;
        let Poll::Done(path) = job.poll(ctx) else {
            return None;
        };
        let save = job.purpose;
        self.pending = None;
        path.map(|p| (p, save))
    }
}

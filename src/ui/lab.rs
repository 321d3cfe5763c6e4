//! The Lab screen: the balance lab in the app, with the options of
//! `touchline lab` as widgets. The run goes on a thread of its own (its
//! games on every core), the screen polls its progress, draws the games
//! so far as they come in, and can cancel it; the finished report can be
//! saved as JSON (and reopened) or exported as CSV.

use super::dialog::{Ask, Pending, Poll};
use crate::cards::DataSource;
use crate::games::{GAMES, GameEntry};
use crate::lab::{
    CardValue, EXPLAINED, LabReport, LabRequest, Live, Measures, RuleSet, Share, Standing,
};
use egui::{Color32, RichText};
use egui_plot::{Bar, BarChart, Legend, Line, Plot, PlotPoints};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::palette::{ALERT as STRONG, GOLD};
const WEAK: Color32 = Color32::from_rgb(0x8A, 0xB4, 0xF8);
const DIFFERS: Color32 = Color32::from_rgb(0xFF, 0xD5, 0x4F);
/// Seat colours of the plots.
const SEATS: [Color32; 6] = [
    Color32::from_rgb(0xE5, 0x73, 0x73),
    Color32::from_rgb(0x64, 0xB5, 0xF6),
    Color32::from_rgb(0x81, 0xC7, 0x84),
    Color32::from_rgb(0xFF, 0xD5, 0x4F),
    Color32::from_rgb(0xBA, 0x68, 0xC8),
    Color32::from_rgb(0x4D, 0xD0, 0xE1),
];
/// How often the live measures are recomputed while a run goes on.
const REFRESH: Duration = Duration::from_millis(300);

/// What the screen asks its owner to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabEvent {
    /// Back to where the Lab was opened from (a running lab is cancelled).
    Close,
}

/// A rules set as the form edits it.
#[derive(Clone, Debug, Default)]
struct SetForm {
    /// Each option's text (empty: the game's default).
    options: BTreeMap<&'static str, String>,
    /// A house-rules file chosen for the set: its path and text.
    rules: Option<(String, String)>,
}

impl SetForm {
    fn rule_set(&self, label: &str) -> RuleSet {
        RuleSet {
            label: label.into(),
            rules: self.rules.clone(),
            options: self
                .options
                .iter()
                .filter(|(_, v)| !v.trim().is_empty())
                .map(|(k, v)| (k.to_string(), v.trim().to_string()))
                .collect(),
        }
    }
}

/// What a file dialog is open for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileJob {
    SaveJson,
    SaveCsv,
    Open,
    Rules(bool),
}

struct Running {
    live: Arc<Live>,
    handle: JoinHandle<Result<LabReport, String>>,
    started: Instant,
    seats: usize,
}

/// The Lab screen.
pub struct LabScreen {
    source: DataSource,
    /// Where the deck came from, in words.
    deck: String,
    game: usize,
    seats: usize,
    bots: Vec<String>,
    games: usize,
    seed: u64,
    a: SetForm,
    b: SetForm,
    compare: bool,
    card_value: bool,
    card_games: usize,
    running: Option<Running>,
    live: Option<(Instant, Measures, Option<Measures>)>,
    report: Option<LabReport>,
    error: Option<String>,
    note: Option<String>,
    pending: Option<Pending<FileJob>>,
}

impl LabScreen {
    /// The Lab on `source`'s cards (the shipped decks, a data folder, or
    /// the editor's unsaved edits), opened on game `game` (a registry id).
    pub fn new(source: DataSource, game: Option<&str>) -> LabScreen {
        let deck = if !source.overrides.is_empty() {
            "the editor's deck, unsaved edits included".to_string()
        } else if let Some(dir) = &source.dir {
            format!("the data folder {}", dir.display())
        } else {
            "the shipped decks".to_string()
        };
        let index = game
            .and_then(|id| GAMES.iter().position(|g| g.id == id))
            .unwrap_or(0);
        let mut screen = LabScreen {
            source,
            deck,
            game: index,
            seats: 2,
            bots: Vec::new(),
            games: 2000,
            seed: 1,
            a: SetForm::default(),
            b: SetForm::default(),
            compare: false,
            card_value: false,
            card_games: 1000,
            running: None,
            live: None,
            report: None,
            error: None,
            note: None,
            pending: None,
        };
        screen.choose_game(index);
        screen
    }

    fn entry(&self) -> &'static GameEntry {
        GAMES[self.game.min(GAMES.len() - 1)]
    }

    fn choose_game(&mut self, index: usize) {
        self.game = index;
        let g = self.entry();
        self.seats = g.default_seats;
        let bot = if g.bots.iter().any(|b| b.key == "heuristic") {
            "heuristic"
        } else {
            g.bots.last().map_or("random", |b| b.key)
        };
        self.bots = vec![bot.to_string(); *g.seats.end()];
        for set in [&mut self.a, &mut self.b] {
            set.options = g.options.iter().map(|o| (o.name, String::new())).collect();
            set.rules = None;
        }
        self.compare = false;
        self.card_value = false;
    }

    /// The request the form describes.
    pub fn request(&self) -> LabRequest {
        LabRequest {
            games: self.games,
            seed: self.seed,
            seats: Some(self.seats),
            bots: self.bots[..self.seats.min(self.bots.len())].to_vec(),
            a: self.a.rule_set("A"),
            b: self.compare.then(|| self.b.rule_set("B")),
            card_value: self.card_value,
            card_games: self.card_games,
            threads: None,
            max_decisions: 100_000,
        }
    }

    /// Starts a run of the form's request.
    pub fn run(&mut self) {
        if self.running.is_some() {
            return;
        }
        let live = Arc::new(Live::default());
        let request = self.request();
        let source = self.source.clone();
        let lab = self.entry().lab;
        let thread_live = Arc::clone(&live);
        let spawned = std::thread::Builder::new()
            .name("lab".into())
            .spawn(move || lab(&source, &request, &thread_live));
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    live,
                    handle,
                    started: Instant::now(),
                    seats: self.seats,
                });
                self.error = None;
                self.note = None;
                self.live = None;
            }
            Err(e) => self.error = Some(format!("cannot start the lab: {e}")),
        }
    }

    /// Sets the games a set (for tests and the editor's quick runs).
    pub fn set_games(&mut self, games: usize) {
        self.games = games.max(1);
    }

    /// Sets set B's option `name` (as typed in its field).
    pub fn set_b_option(&mut self, name: &str, value: &str) {
        if let Some(v) = self.b.options.iter_mut().find(|(k, _)| **k == name) {
            *v.1 = value.to_string();
        }
    }

    /// Whether a run is going on.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The finished report, if any.
    pub fn report(&self) -> Option<&LabReport> {
        self.report.as_ref()
    }

    /// The error of the last run, if it failed.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Stops a run after the games under way.
    pub fn cancel(&mut self) {
        if let Some(r) = &self.running {
            r.live.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Takes a finished run's report; refreshes the live measures.
    fn poll(&mut self) {
        let Some(r) = &self.running else { return };
        if r.handle.is_finished() {
            if let Some(r) = self.running.take() {
                match r.handle.join() {
                    Ok(Ok(report)) => self.report = Some(report),
                    Ok(Err(e)) => self.error = Some(e),
                    Err(_) => self.error = Some("the lab stopped on an internal error".into()),
                }
            }
            self.live = None;
            return;
        }
        if self
            .live
            .as_ref()
            .is_none_or(|(at, _, _)| at.elapsed() >= REFRESH)
        {
            let a = r.live.a.lock().map(|v| Measures::of(&v, r.seats)).ok();
            let b = r
                .live
                .b
                .lock()
                .ok()
                .and_then(|v| (!v.is_empty()).then(|| Measures::of(&v, r.seats)));
            if let Some(a) = a {
                self.live = Some((Instant::now(), a, b));
            }
        }
    }

    fn poll_file(&mut self, ctx: &egui::Context) {
        let Some(p) = &mut self.pending else { return };
        let Poll::Done(path) = p.poll(ctx) else {
            return;
        };
        let job = p.purpose;
        self.pending = None;
        let Some(path) = path else { return };
        self.file_done(job, path);
    }

    fn file_done(&mut self, job: FileJob, path: PathBuf) {
        let shown = path.display().to_string();
        let result: Result<String, String> = match job {
            FileJob::SaveJson | FileJob::SaveCsv => match &self.report {
                Some(report) => {
                    let text = if job == FileJob::SaveJson {
                        serde_json::to_string_pretty(report).map_err(|e| e.to_string())
                    } else {
                        report.csv()
                    };
                    text.and_then(|t| {
                        crate::cards::write_atomically(&path, t.as_bytes())
                            .map_err(|e| format!("cannot write {shown}: {e}"))
                    })
                    .map(|()| format!("Saved {shown}"))
                }
                None => Err("no finished run to save".into()),
            },
            FileJob::Open => crate::cards::source::read_text(&path)
                .map_err(|e| format!("{shown}: {e}"))
                .and_then(|text| {
                    serde_json::from_str::<LabReport>(&text)
                        .map_err(|e| format!("{shown} is not a saved lab run: {e}"))
                })
                .map(|report| {
                    if let Some(i) = GAMES.iter().position(|g| g.id == report.game) {
                        self.game = i;
                    }
                    self.report = Some(report);
                    format!("Opened {shown}")
                }),
            FileJob::Rules(b) => crate::cards::source::read_text(&path)
                .map_err(|e| format!("{shown}: {e}"))
                .map(|text| {
                    let set = if b { &mut self.b } else { &mut self.a };
                    set.rules = Some((shown.clone(), text));
                    format!("House rules of set {}: {shown}", if b { "B" } else { "A" })
                }),
        };
        match result {
            Ok(note) => {
                self.note = Some(note);
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Draws the screen; `Some(Close)` when the user leaves it.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<LabEvent> {
        self.poll();
        self.poll_file(ui.ctx());
        if self.running.is_some() || self.pending.is_some() {
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        let mut event = None;
        egui::Panel::top("lab_top").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Balance lab").size(22.0).color(GOLD).strong());
                ui.label(RichText::new(format!("on {}", self.deck)).weak());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Back").clicked() {
                        self.cancel();
                        event = Some(LabEvent::Close);
                    }
                    let done = self.report.is_some() && self.pending.is_none();
                    if ui
                        .add_enabled(done, egui::Button::new("Export CSV…"))
                        .clicked()
                    {
                        let name = self.file_name("csv");
                        self.pending = Some(Pending::open(
                            Ask::Save("CSV", &["csv"], name),
                            FileJob::SaveCsv,
                        ));
                    }
                    if ui
                        .add_enabled(done, egui::Button::new("Save run…"))
                        .on_hover_text("The whole report as JSON, to reopen here")
                        .clicked()
                    {
                        let name = self.file_name("json");
                        self.pending = Some(Pending::open(
                            Ask::Save("Lab run", &["json"], name),
                            FileJob::SaveJson,
                        ));
                    }
                    if ui
                        .add_enabled(
                            self.pending.is_none() && self.running.is_none(),
                            egui::Button::new("Open run…"),
                        )
                        .clicked()
                    {
                        self.pending = Some(Pending::open(
                            Ask::Open("Lab run", &["json"]),
                            FileJob::Open,
                        ));
                    }
                });
            });
        });
        egui::Panel::left("lab_form")
            .resizable(false)
            .default_size(330.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.form(ui));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| self.results(ui));
        });
        event
    }

    fn file_name(&self, ext: &str) -> String {
        let g = self
            .report
            .as_ref()
            .map_or(self.entry().id, |r| r.game.as_str());
        format!("{g}-lab.{ext}")
    }

    fn form(&mut self, ui: &mut egui::Ui) {
        let idle = self.running.is_none();
        ui.add_enabled_ui(idle, |ui| {
            egui::Grid::new("lab_setup").num_columns(2).show(ui, |ui| {
                let label = ui.label("Game");
                let mut chosen = self.game;
                egui::ComboBox::from_id_salt("lab_game")
                    .selected_text(self.entry().name)
                    .show_ui(ui, |ui| {
                        for (i, g) in GAMES.iter().enumerate() {
                            ui.selectable_value(&mut chosen, i, g.name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                if chosen != self.game {
                    self.choose_game(chosen);
                }
                ui.end_row();
                let g = self.entry();
                let label = ui.label("Seats");
                ui.add(egui::DragValue::new(&mut self.seats).range(g.seats.clone()))
                    .labelled_by(label.id);
                ui.end_row();
                for seat in 0..self.seats {
                    let label = ui.label(format!("Seat {}", seat + 1));
                    let current = self.bots[seat].clone();
                    egui::ComboBox::from_id_salt(("lab_bot", seat))
                        .selected_text(current)
                        .show_ui(ui, |ui| {
                            for b in g.bots {
                                ui.selectable_value(&mut self.bots[seat], b.key.to_string(), b.key)
                                    .on_hover_text(b.about);
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                }
                let label = ui.label("Games a set");
                ui.add(
                    egui::DragValue::new(&mut self.games)
                        .range(1..=1_000_000)
                        .speed(50.0),
                )
                .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Seed");
                ui.add(egui::DragValue::new(&mut self.seed))
                    .labelled_by(label.id);
                ui.end_row();
            });
            ui.separator();
            self.set_form(ui, false);
            ui.checkbox(&mut self.compare, "Compare with set B")
                .on_hover_text("Plays the same seeds under set B and compares game by game");
            if self.compare {
                self.set_form(ui, true);
            }
            ui.separator();
            let g = self.entry();
            if !g.card_value {
                self.card_value = false;
            }
            ui.add_enabled(
                g.card_value,
                egui::Checkbox::new(&mut self.card_value, "Card value by restricted play"),
            )
            .on_hover_text(EXPLAINED.last().map_or("", |e| e.1))
            .on_disabled_hover_text(format!("{} has no card a player chooses to play", g.name));
            if self.card_value {
                ui.horizontal(|ui| {
                    let label = ui.label("Games a card kind");
                    ui.add(
                        egui::DragValue::new(&mut self.card_games)
                            .range(10..=1_000_000)
                            .speed(50.0),
                    )
                    .labelled_by(label.id);
                });
            }
        });
        ui.add_space(8.0);
        match &self.running {
            None => {
                if ui
                    .add_sized(
                        [120.0, 30.0],
                        egui::Button::new(RichText::new("Run").size(16.0)),
                    )
                    .clicked()
                {
                    self.run();
                }
            }
            Some(r) => {
                let fraction = r.live.fraction();
                let elapsed = r.started.elapsed().as_secs_f64();
                let left = if fraction > 0.01 {
                    format!("about {:.0} s left", elapsed * (1.0 - fraction) / fraction)
                } else {
                    "estimating…".into()
                };
                let phase = r.live.phase.lock().map(|p| p.clone()).unwrap_or_default();
                ui.add(egui::ProgressBar::new(fraction as f32).show_percentage());
                ui.label(format!(
                    "{} of {} games · {left}",
                    r.live.done.load(Ordering::Relaxed),
                    r.live.total.load(Ordering::Relaxed)
                ));
                ui.label(RichText::new(phase).weak());
                let cancelling = r.live.cancelled();
                if ui
                    .add_enabled(!cancelling, egui::Button::new("Cancel"))
                    .clicked()
                {
                    self.cancel();
                }
            }
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(STRONG));
        }
        if let Some(n) = &self.note {
            ui.label(RichText::new(n).weak());
        }
    }

    fn set_form(&mut self, ui: &mut egui::Ui, b: bool) {
        let g = self.entry();
        let name = if b { "B" } else { "A" };
        ui.label(RichText::new(format!("Set {name}")).strong());
        let busy = self.pending.is_some();
        let set = if b { &mut self.b } else { &mut self.a };
        let mut choose = false;
        egui::Grid::new(("lab_set", b))
            .num_columns(2)
            .show(ui, |ui| {
                for o in g.options {
                    ui.label(o.name.replace('_', " "));
                    if let Some(text) = set.options.get_mut(o.name) {
                        ui.add(
                            egui::TextEdit::singleline(text)
                                .hint_text(o.values)
                                .desired_width(150.0),
                        )
                        .on_hover_text(o.values);
                    }
                    ui.end_row();
                }
                if g.reads_house_rules {
                    ui.label("house rules");
                    ui.horizontal(|ui| {
                        let shown =
                            set.rules
                                .as_ref()
                                .map_or("the data folder's".to_string(), |r| {
                                    std::path::Path::new(&r.0)
                                        .file_name()
                                        .map_or(r.0.clone(), |f| f.to_string_lossy().into_owned())
                                });
                        ui.label(shown);
                        if ui.add_enabled(!busy, egui::Button::new("File…")).clicked() {
                            choose = true;
                        }
                        if set.rules.is_some() && ui.small_button("✕").clicked() {
                            set.rules = None;
                        }
                    });
                    ui.end_row();
                }
            });
        if g.options.is_empty() && !g.reads_house_rules {
            ui.label(RichText::new("This game's table has no options.").weak());
        }
        if choose {
            self.pending = Some(Pending::open(
                Ask::Open("House rules", &["toml"]),
                FileJob::Rules(b),
            ));
        }
    }

    fn results(&mut self, ui: &mut egui::Ui) {
        let explain = |ui: &mut egui::Ui| {
            egui::CollapsingHeader::new("What the measures mean")
                .default_open(false)
                .show(ui, |ui| {
                    for (name, line) in EXPLAINED {
                        ui.label(RichText::new(format!("{name}: {line}")).small());
                    }
                });
        };
        if self.running.is_some() {
            let Some((_, a, b)) = &self.live else {
                ui.label("The first games are being played…");
                return;
            };
            ui.label(RichText::new(format!("{} games so far", a.games)).strong());
            measures_grid(ui, a, b.as_ref(), None);
            plots(ui, a, b.as_ref());
            explain(ui);
            return;
        }
        let Some(report) = &self.report else {
            ui.add_space(20.0);
            ui.label(
                "Choose a game, the bots and the rules on the left, then Run. The lab plays the \
                 games on every core and measures balance, first-player advantage, completion, \
                 drawishness and duration; set B compares two sets of house rules game by game, \
                 and card value ranks every card by what a seat loses without it.",
            );
            explain(ui);
            return;
        };
        ui.label(
            RichText::new(format!(
                "{}: {} seats ({}), seed {}, {} games in {:.1} s{}",
                report.name,
                report.seats,
                report.bots.join(", "),
                report.seed,
                report.played,
                report.seconds,
                if report.cancelled {
                    " — cancelled"
                } else {
                    ""
                }
            ))
            .strong(),
        );
        if let Some(c) = &report.comparison {
            ui.label(RichText::new(&c.sentence).size(16.0).color(GOLD));
        }
        measures_grid(
            ui,
            &report.a.measures,
            report.b.as_ref().map(|b| &b.measures),
            report.comparison.as_ref(),
        );
        plots(
            ui,
            &report.a.measures,
            report.b.as_ref().map(|b| &b.measures),
        );
        if !report.card_values.is_empty() {
            card_values(ui, &report.card_values, report.card_games);
        }
        explain(ui);
    }
}

fn share(s: &Share) -> String {
    s.percent()
}

/// The measures of A (and B, with B less A) in one grid.
fn measures_grid(
    ui: &mut egui::Ui,
    a: &Measures,
    b: Option<&Measures>,
    comparison: Option<&crate::lab::Comparison>,
) {
    let delta = |name: &str| -> Option<(String, bool)> {
        let d = comparison?.deltas.iter().find(|d| d.measure == name)?;
        Some((d.words(), d.diff.differs()))
    };
    let explained = |name: &str| EXPLAINED.iter().find(|e| e.0 == name).map_or("", |e| e.1);
    egui::Grid::new("lab_measures")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            ui.label(RichText::new("Measure").strong());
            ui.label(RichText::new("A").strong());
            if b.is_some() {
                ui.label(RichText::new("B").strong());
                ui.label(RichText::new("B − A").strong());
            }
            ui.end_row();
            let row = |ui: &mut egui::Ui,
                       name: &str,
                       tip: &str,
                       av: String,
                       bv: Option<String>,
                       d: Option<(String, bool)>| {
                ui.label(name).on_hover_text(tip);
                ui.label(av);
                if let Some(bv) = bv {
                    ui.label(bv);
                    match d {
                        Some((w, true)) => ui.label(RichText::new(w).color(DIFFERS)),
                        Some((w, false)) => {
                            ui.label(RichText::new(format!("{w} (no difference)")).weak())
                        }
                        None => ui.label(""),
                    };
                }
                ui.end_row();
            };
            for (s, w) in a.wins.iter().enumerate() {
                let name = format!("seat {} wins", s + 1);
                row(
                    ui,
                    &name,
                    explained("Balance"),
                    share(w),
                    b.and_then(|b| b.wins.get(s)).map(share),
                    delta(&name),
                );
            }
            row(
                ui,
                "Balance",
                explained("Balance"),
                format!("{:.3}", a.balance),
                b.map(|b| format!("{:.3}", b.balance)),
                None,
            );
            row(
                ui,
                "AdvantageP1",
                explained("AdvantageP1"),
                format!("{} (even {:.1}%)", share(&a.advantage_p1), a.even * 100.0),
                b.map(|b| share(&b.advantage_p1)),
                delta("first-player advantage"),
            );
            row(
                ui,
                "Completion",
                explained("Completion"),
                share(&a.completion),
                b.map(|b| share(&b.completion)),
                delta("completion"),
            );
            row(
                ui,
                "Drawishness",
                explained("Drawishness"),
                share(&a.drawishness),
                b.map(|b| share(&b.drawishness)),
                delta("drawishness"),
            );
            row(
                ui,
                "Timeouts",
                explained("Timeouts"),
                share(&a.timeouts),
                b.map(|b| share(&b.timeouts)),
                None,
            );
            let dur = |m: &Measures| {
                format!(
                    "{:.1} decisions (median {}), {:.1} turns",
                    m.decisions.mean.mean, m.decisions.median, m.turns.mean.mean
                )
            };
            row(
                ui,
                "Duration",
                explained("Duration"),
                dur(a),
                b.map(dur),
                delta("duration (decisions)"),
            );
            row(
                ui,
                "DecisionMoves",
                explained("DecisionMoves"),
                format!("{:.1}%", a.decision_moves * 100.0),
                b.map(|b| format!("{:.1}%", b.decision_moves * 100.0)),
                None,
            );
            for (k, f) in &a.figures {
                row(
                    ui,
                    k,
                    "The game's own figure, a game",
                    format!("{:.2} (±{:.2})", f.mean, f.half()),
                    b.map(|b| {
                        b.figures.get(k).map_or("—".into(), |f| {
                            format!("{:.2} (±{:.2})", f.mean, f.half())
                        })
                    }),
                    delta(k),
                );
            }
            let endings = |m: &Measures| {
                m.endings
                    .iter()
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            row(
                ui,
                "Endings",
                "How the games ended",
                endings(a),
                b.map(endings),
                None,
            );
        });
}

/// Wins by seat with their intervals, the duration histogram and the win
/// rates as games came in.
fn plots(ui: &mut egui::Ui, a: &Measures, b: Option<&Measures>) {
    let height = 190.0;
    let width = ((ui.available_width() - 24.0) / 3.0).max(180.0);
    ui.horizontal_wrapped(|ui| {
        ui.vertical(|ui| {
            ui.label("Wins by seat (95% intervals)");
            Plot::new("lab_wins")
                .width(width)
                .height(height)
                .include_y(0.0)
                .allow_scroll(false)
                .legend(Legend::default())
                .show(ui, |p| {
                    for (set, m, shift) in
                        std::iter::once(("A", a, -0.2)).chain(b.map(|b| ("B", b, 0.2)))
                    {
                        let bars: Vec<Bar> = m
                            .wins
                            .iter()
                            .enumerate()
                            .map(|(s, w)| Bar::new(s as f64 + 1.0 + shift, w.rate).width(0.35))
                            .collect();
                        p.bar_chart(BarChart::new(format!("set {set}"), bars));
                        for (s, w) in m.wins.iter().enumerate() {
                            let x = s as f64 + 1.0 + shift;
                            p.line(
                                Line::new("", PlotPoints::from(vec![[x, w.low], [x, w.high]]))
                                    .color(Color32::WHITE),
                            );
                        }
                    }
                    p.line(
                        Line::new(
                            "even",
                            PlotPoints::from(vec![[0.5, a.even], [a.seats as f64 + 0.5, a.even]]),
                        )
                        .color(GOLD),
                    );
                });
        });
        ui.vertical(|ui| {
            ui.label("Duration (decisions a game)");
            Plot::new("lab_duration")
                .width(width)
                .height(height)
                .allow_scroll(false)
                .legend(Legend::default())
                .show(ui, |p| {
                    for (set, m) in std::iter::once(("A", a)).chain(b.map(|b| ("B", b))) {
                        let bin = m
                            .decisions
                            .histogram
                            .get(1)
                            .zip(m.decisions.histogram.first())
                            .map_or(1.0, |(x, y)| (x.0 - y.0) as f64);
                        let bars: Vec<Bar> = m
                            .decisions
                            .histogram
                            .iter()
                            .map(|(start, n)| {
                                Bar::new(*start as f64 + bin / 2.0, *n as f64).width(bin * 0.9)
                            })
                            .collect();
                        p.bar_chart(BarChart::new(format!("set {set}"), bars));
                    }
                });
        });
        ui.vertical(|ui| {
            ui.label("Win rate as games came in");
            Plot::new("lab_convergence")
                .width(width)
                .height(height)
                .include_y(0.0)
                .allow_scroll(false)
                .show(ui, |p| {
                    for s in 0..a.seats {
                        let points: Vec<[f64; 2]> = a
                            .convergence
                            .iter()
                            .filter_map(|(n, rates)| Some([*n as f64, *rates.get(s)?]))
                            .collect();
                        p.line(
                            Line::new(format!("seat {}", s + 1), PlotPoints::from(points))
                                .color(SEATS[s % SEATS.len()]),
                        );
                    }
                });
        });
    });
}

/// The card-value table, most valuable first.
fn card_values(ui: &mut egui::Ui, values: &[CardValue], games: u64) {
    ui.add_space(10.0);
    ui.label(
        RichText::new(format!(
            "Card value by restricted play ({games} games a kind): what a seat loses when its bot may not play the card"
        ))
        .strong(),
    );
    let any_opening = values.iter().any(|v| v.opening.is_some());
    egui::Grid::new("lab_cards")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for h in ["Card", "Group", "Value", "Peers", "Standing"] {
                ui.label(RichText::new(h).strong());
            }
            if any_opening {
                ui.label(RichText::new("Wins when in opening hand").strong());
            }
            ui.end_row();
            for v in values {
                ui.label(&v.kind.label).on_hover_text(&v.kind.key);
                ui.label(&v.kind.group);
                ui.label(format!(
                    "{:+.1} points (±{:.1})",
                    v.value.diff * 100.0,
                    v.value.half() * 100.0
                ))
                .on_hover_text(format!(
                    "wins {} unrestricted, {} restricted; played when nothing else was legal {} times",
                    v.unrestricted.percent(),
                    v.restricted.percent(),
                    v.forced
                ));
                ui.label(format!("{:+.1}", v.peers * 100.0));
                let by = format!("flagged by {}", v.flagged_by);
                match v.standing {
                    Standing::Strong => ui
                        .label(RichText::new("likely over-powered").color(STRONG))
                        .on_hover_text(by),
                    Standing::Weak => ui
                        .label(RichText::new("likely under-powered").color(WEAK))
                        .on_hover_text(by),
                    Standing::Even => ui.label(RichText::new("with its peers").weak()),
                };
                if any_opening {
                    ui.label(v.opening.map_or("—".into(), |o| o.percent()));
                }
                ui.end_row();
            }
        });
}

//! A Booked! match at the table: who sits where, the bots, the log, undo,
//! save and load. No drawing here and no rules either: the engine decides,
//! the session keeps the record and asks the bots.

use crate::bots::booked::HeuristicBot;
use crate::bots::{Bot, RandomBot, Strength};
use crate::engine::games::booked::group::{GroupStage, NextMatch};
use crate::engine::games::booked::{
    Action, Booked, BookedConfig, BookedError, BookedView, CardSet, Event,
};
use crate::engine::{Game as _, Record, Seat, ToAct};
use crate::ui::seating::{self, Seated};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    /// A person at this device.
    Human,
    /// A computer player of some strength.
    Bot(Strength),
}

/// A seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manager {
    /// The manager's name.
    pub name: String,
    /// Who plays it.
    pub controller: Controller,
}

/// How fast bots play, so a person can follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pace {
    /// No pause between bot decisions.
    Instant,
    /// A short pause.
    Normal,
    /// A long pause.
    Slow,
}

impl Pace {
    /// Seconds between two bot decisions.
    pub fn delay(self) -> f64 {
        match self {
            Pace::Instant => 0.0,
            Pace::Normal => 0.45,
            Pace::Slow => 1.2,
        }
    }

    /// Seconds a card takes to slide into place.
    pub fn animation(self) -> f64 {
        match self {
            Pace::Instant => 0.0,
            Pace::Normal => 0.35,
            Pace::Slow => 0.7,
        }
    }
}

/// One line of the game log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The seat the line is about, if any (for colouring).
    pub seat: Option<Seat>,
    /// The text.
    pub text: String,
}

/// What begins every Touchline save file, whatever the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveHeader {
    /// Always `"touchline-save"`, to recognise foreign files.
    pub format: String,
    /// The save format version.
    pub version: u32,
    /// The game (`"booked"`, `"cardball"`).
    pub game: String,
}

impl SaveHeader {
    /// The header of a save of `game` in this version.
    pub fn new(game: &str) -> SaveHeader {
        SaveHeader {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            game: game.into(),
        }
    }

    /// The game a save file is of, or why it is no Touchline save (`name`
    /// is used in messages).
    pub fn game_of(name: &str, bytes: &[u8]) -> Result<String, SaveError> {
        let value = SaveHeader::parse(name, bytes)?;
        Ok(value
            .get("game")
            .and_then(|g| g.as_str())
            .unwrap_or_default()
            .to_string())
    }

    /// `bytes` as JSON with the Touchline save format mark.
    fn parse(name: &str, bytes: &[u8]) -> Result<serde_json::Value, SaveError> {
        let value: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|_| SaveError::Foreign(name.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(SAVE_FORMAT) {
            return Err(SaveError::Foreign(name.to_string()));
        }
        Ok(value)
    }

    /// Checks that `bytes` are a Touchline save of `game` this version
    /// reads, and returns them parsed.
    pub fn check(name: &str, bytes: &[u8], game: &str) -> Result<serde_json::Value, SaveError> {
        let value = SaveHeader::parse(name, bytes)?;
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if version > u64::from(SAVE_VERSION) {
            return Err(SaveError::Corrupt {
                path: name.to_string(),
                reason: format!("version {version} is newer than this Touchline reads"),
            });
        }
        let found = value
            .get("game")
            .and_then(|g| g.as_str())
            .unwrap_or_default();
        if found != game {
            return Err(SaveError::OtherGame {
                path: name.to_string(),
                game: found.to_string(),
            });
        }
        Ok(value)
    }
}

/// Writes a save as JSON to `path` through a temporary file and a rename,
/// so a failed save leaves any old file intact.
pub fn write_save<T: Serialize>(path: &Path, save: &T) -> Result<(), SaveError> {
    let json = serde_json::to_string_pretty(save).map_err(|e| SaveError::Corrupt {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    crate::cards::write_atomically(path, json.as_bytes()).map_err(|source| SaveError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Reads a save file's bytes, with the name to use in messages.
pub fn read_save(path: &Path) -> Result<(String, Vec<u8>), SaveError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| SaveError::Io {
        path: shown.clone(),
        source,
    })?;
    Ok((shown, bytes))
}

/// What a Booked! save file holds: enough to rebuild the match exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile {
    /// The format, version and game (`"booked"`).
    #[serde(flatten)]
    pub header: SaveHeader,
    /// The managers.
    pub managers: Vec<Manager>,
    /// The group stage so far, if one is being played.
    pub group: Option<GroupStage>,
    /// The current match as configuration, seed and actions.
    pub record: Record<Booked>,
}

/// Why a save could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The file is not a Touchline save.
    #[error("{0}: this is not a Touchline save file")]
    Foreign(String),
    /// The file is a save of another game.
    #[error("{path}: this is a saved {game} match")]
    OtherGame {
        /// The file.
        path: String,
        /// The game it holds.
        game: String,
    },
    /// The file is a save, but damaged or from a newer version.
    #[error("{path}: the save file is damaged: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

const SAVE_FORMAT: &str = "touchline-save";
const SAVE_VERSION: u32 = 1;

/// A match being played at the table.
pub struct Session {
    managers: Vec<Manager>,
    record: Record<Booked>,
    game: Booked,
    bots: Vec<Option<Box<dyn Bot<Booked>>>>,
    log: Vec<LogLine>,
    group: Option<GroupStage>,
    /// For a group-stage decider: the group seat of each match seat.
    seat_map: Vec<Seat>,
    /// Hot-seat privacy: the human whose secrets are on screen, if any.
    revealed: Option<Seat>,
    /// Time of the last bot decision (seconds, the UI's clock).
    last_bot: f64,
    /// How fast bots play.
    pub pace: Pace,
    /// Pass answer windows automatically for humans.
    pub auto_pass: bool,
}

impl Session {
    /// A new single match.
    pub fn new(
        managers: Vec<Manager>,
        config: BookedConfig,
        seed: u64,
    ) -> Result<Session, BookedError> {
        let seat_map = Seat::all(managers.len()).collect();
        Session::start(managers, config, seed, None, seat_map)
    }

    /// A match from an exact position (for tests and worked examples).
    pub fn from_deal(
        managers: Vec<Manager>,
        config: BookedConfig,
        deal: &crate::engine::games::booked::Deal,
        seed: u64,
    ) -> Result<Session, BookedError> {
        let game = Booked::from_deal(&config, deal, seed)?;
        let seat_map = Seat::all(managers.len()).collect();
        let mut s = Session::start(managers, config, seed, None, seat_map)?;
        s.record.start = Some(game.clone());
        s.game = game;
        Ok(s)
    }

    /// A new group stage: its first match starts now.
    pub fn new_group(
        managers: Vec<Manager>,
        base: BookedConfig,
        seed: u64,
    ) -> Result<Session, BookedError> {
        let stage = GroupStage::new(base.clone());
        let Some(next) = stage.next_match() else {
            return Err(BookedError::Config(
                "the group stage has no match to play".into(),
            ));
        };
        Session::start(managers, next.config, seed, Some(stage), next.managers)
    }

    fn start(
        managers: Vec<Manager>,
        config: BookedConfig,
        seed: u64,
        group: Option<GroupStage>,
        seat_map: Vec<Seat>,
    ) -> Result<Session, BookedError> {
        let game = Booked::new(&config, seed)?;
        let mut s = Session::assemble(managers, Record::new(config, seed), game, group, seat_map);
        s.log.push(LogLine {
            seat: None,
            text: format!("Kick-off: {} starts.", s.name(s.game.current())),
        });
        Ok(s)
    }

    /// A session from its parts, with fresh bots, an empty log and the
    /// default pace.
    fn assemble(
        managers: Vec<Manager>,
        record: Record<Booked>,
        game: Booked,
        group: Option<GroupStage>,
        seat_map: Vec<Seat>,
    ) -> Session {
        let mut s = Session {
            managers,
            record,
            game,
            bots: Vec::new(),
            log: Vec::new(),
            group,
            seat_map,
            revealed: None,
            last_bot: f64::NEG_INFINITY,
            pace: Pace::Normal,
            auto_pass: false,
        };
        s.make_bots();
        s
    }

    fn make_bots(&mut self) {
        let seed = self.record.seed;
        self.bots = self
            .seat_map
            .iter()
            .enumerate()
            .map(|(i, m)| -> Option<Box<dyn Bot<Booked>>> {
                let bot_seed = seed.wrapping_mul(7919).wrapping_add(i as u64);
                match self.managers.get(m.index()).map(|x| x.controller) {
                    Some(Controller::Bot(Strength::Random)) => {
                        Some(Box::new(RandomBot::new(bot_seed)))
                    }
                    Some(Controller::Bot(Strength::Heuristic)) => {
                        Some(Box::new(HeuristicBot::new(bot_seed)))
                    }
                    _ => None,
                }
            })
            .collect();
    }

    /// The match.
    pub fn game(&self) -> &Booked {
        &self.game
    }

    /// The card set.
    pub fn cards(&self) -> &CardSet {
        self.game.cards()
    }

    /// The group stage, if one is being played.
    pub fn group(&self) -> Option<&GroupStage> {
        self.group.as_ref()
    }

    /// The log, oldest first.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// The manager at a seat of the current match.
    pub fn manager(&self, seat: Seat) -> Option<&Manager> {
        self.seat_map
            .get(seat.index())
            .and_then(|m| self.managers.get(m.index()))
    }

    /// The name at a seat of the current match.
    pub fn name(&self, seat: Seat) -> String {
        self.manager(seat)
            .map_or_else(|| seat.to_string(), |m| m.name.clone())
    }

    /// All managers (group seats).
    pub fn managers(&self) -> &[Manager] {
        &self.managers
    }

    /// The human at `seat` confirms they hold the device.
    pub fn reveal(&mut self, seat: Seat) {
        self.revealed = Some(seat);
    }

    /// The view the screen shows: the viewer's, or a spectator's (seat 0's
    /// view with the hand removed) when nobody's secrets may be shown.
    pub fn view(&self) -> BookedView {
        match self.viewer() {
            Some(s) => self.game.view(s),
            None => {
                let mut v = self.game.view(Seat(0));
                v.hand.clear();
                v.set_piece.clear();
                v.draft_selected.clear();
                v
            }
        }
    }

    /// The legal actions of the human who must decide now (empty otherwise).
    pub fn human_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if let Some(s) = self.human_actor()
            && self.needs_handover().is_none()
        {
            self.game.legal_actions(s, &mut out);
        }
        out
    }

    /// Applies a human's action.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), BookedError> {
        self.apply(seat, action)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), BookedError> {
        let mut events = Vec::new();
        self.game.apply_logged(seat, &action, &mut events)?;
        self.record.actions.push((seat, action));
        for e in &events {
            self.log_event(e);
        }
        Ok(())
    }

    fn log_event(&mut self, e: &Event) {
        let cards = self.game.cards().clone();
        let viewer = self.viewer();
        // A spectator's log never shows cards drawn face down by others.
        let visible = match viewer {
            Some(v) => e.visible_to(v),
            None => e.visible_to(Seat(u8::MAX)),
        };
        let Some(e) = visible else {
            match e {
                Event::Drew { seat, .. } => {
                    let line = format!("{} draws from the deck", self.name(*seat));
                    self.log.push(LogLine {
                        seat: Some(*seat),
                        text: line,
                    });
                }
                Event::SetPiece {
                    seat, to_bottom, ..
                } => {
                    let line = format!(
                        "{} keeps one card and puts {to_bottom} at the bottom",
                        self.name(*seat)
                    );
                    self.log.push(LogLine {
                        seat: Some(*seat),
                        text: line,
                    });
                }
                _ => {}
            }
            return;
        };
        let mut text = e.describe(&cards);
        // Replace "seat N" with the managers' names.
        for s in (0..self.game.seat_count()).rev() {
            text = text.replace(&format!("seat {s}"), &self.name(Seat(s as u8)));
        }
        let seat = match &e {
            Event::Played { seat, .. }
            | Event::Responded { seat, .. }
            | Event::Drew { seat, .. }
            | Event::TurnStarted { seat }
            | Event::GoalCalled { seat, .. } => Some(*seat),
            _ => None,
        };
        if matches!(e, Event::TurnStarted { .. }) {
            text = format!("— {text} —");
        }
        self.log.push(LogLine { seat, text });
    }

    /// Lets a bot decide if it is a bot's turn and the pace allows; returns
    /// whether anything happened. `now` is the UI clock in seconds.
    pub fn step_bots(&mut self, now: f64) -> bool {
        if self.game.is_over() {
            return false;
        }
        // Humans with auto-pass never see answer prompts.
        if let Some(h) = self.human_actor() {
            if self.auto_pass && self.only_pass(h) {
                return self.apply(h, Action::Pass).is_ok();
            }
            return false;
        }
        let Some(seat) = self.actor() else {
            return false;
        };
        if now - self.last_bot < self.pace.delay() {
            return false;
        }
        let mut legal = Vec::new();
        self.game.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return false;
        }
        let view = self.game.view(seat);
        let Some(Some(bot)) = self.bots.get_mut(seat.index()) else {
            return false;
        };
        let i = bot.choose(Some(&view), &legal).min(legal.len() - 1);
        self.last_bot = now;
        self.apply(seat, legal[i]).is_ok()
    }

    /// Whether the human at `seat` is in an answer window (where passing is
    /// always possible and auto-pass applies).
    fn only_pass(&self, seat: Seat) -> bool {
        let mut legal = Vec::new();
        self.game.legal_actions(seat, &mut legal);
        legal.contains(&Action::Pass)
            && legal
                .iter()
                .all(|a| matches!(a, Action::Pass | Action::Respond { .. }))
    }

    /// Seconds until the next bot decision is due (for scheduling repaints),
    /// `None` when no bot is to act.
    pub fn bot_due_in(&self, now: f64) -> Option<f64> {
        if self.game.is_over() {
            return None;
        }
        let seat = self.actor()?;
        if self.is_human(seat) {
            return (self.auto_pass && self.only_pass(seat)).then_some(0.0);
        }
        Some((self.last_bot + self.pace.delay() - now).max(0.0))
    }

    /// Whether undo has anything to take back (a human decision in a game
    /// against bots).
    pub fn can_undo(&self) -> bool {
        self.can_undo_with(&self.record.actions)
    }

    /// Takes back everything since the human's previous decision (that
    /// decision included), by replaying the record.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some((record, game, events)) = seating::undo(&self.record, |s| self.is_human(s)) else {
            return false;
        };
        self.game = game;
        self.record = record;
        self.log.clear();
        for e in &events {
            self.log_event(e);
        }
        self.log.push(LogLine {
            seat: None,
            text: "Undone.".into(),
        });
        self.make_bots();
        true
    }

    /// After a finished group-stage match: records it and starts the next
    /// one; returns false when the stage is over (or this is no group stage).
    pub fn next_group_match(&mut self) -> Result<bool, BookedError> {
        let Some(mut stage) = self.group.take() else {
            return Ok(false);
        };
        if self.game.is_over() {
            stage.record(&self.game);
        }
        let next: Option<NextMatch> = stage.next_match();
        let seed = self.record.seed.wrapping_add(1);
        self.group = Some(stage);
        let Some(next) = next else { return Ok(false) };
        let game = Booked::new(&next.config, seed)?;
        self.game = game;
        self.record = Record::new(next.config, seed);
        self.seat_map = next.managers;
        self.revealed = None;
        self.make_bots();
        self.log.push(LogLine {
            seat: None,
            text: if next.decider {
                "Sudden death: the first legal 7 wins.".into()
            } else {
                "Next match.".into()
            },
        });
        Ok(true)
    }

    /// The save file of this session.
    pub fn save_file(&self) -> SaveFile {
        SaveFile {
            header: SaveHeader::new("booked"),
            managers: self.managers.clone(),
            group: self.group.clone(),
            record: self.record.clone(),
        }
    }

    /// Writes the session to `path` (a temp file, then a rename, so a failed
    /// save leaves any old file intact).
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        write_save(path, &self.save_file())
    }

    /// Reads a save file; nothing changes unless it is a valid save that
    /// replays exactly.
    pub fn load(path: &Path) -> Result<Session, SaveError> {
        let (shown, bytes) = read_save(path)?;
        Session::from_save_bytes(&shown, &bytes)
    }

    /// Reads a save from bytes (`name` is used in messages).
    pub fn from_save_bytes(name: &str, bytes: &[u8]) -> Result<Session, SaveError> {
        let value = SaveHeader::check(name, bytes, "booked")?;
        let corrupt = |reason: String| SaveError::Corrupt {
            path: name.to_string(),
            reason,
        };
        let save: SaveFile = serde_json::from_value(value).map_err(|e| corrupt(e.to_string()))?;
        let seats = usize::from(save.record.config.seats);
        let (game, events) = save
            .record
            .replay(None)
            .map_err(|e| corrupt(e.to_string()))?;
        let seat_map: Vec<Seat> = match &save.group {
            Some(stage) => match stage.next_match() {
                Some(next) if next.managers.len() == seats => next.managers,
                _ => Seat::all(seats).collect(),
            },
            None => Seat::all(seats).collect(),
        };
        if seat_map.iter().any(|m| m.index() >= save.managers.len()) {
            return Err(corrupt("the managers do not match the match".into()));
        }
        let mut s = Session::assemble(save.managers, save.record, game, save.group, seat_map);
        for e in &events {
            s.log_event(e);
        }
        s.log.push(LogLine {
            seat: None,
            text: "Game loaded.".into(),
        });
        Ok(s)
    }
}

impl Seated for Session {
    fn to_act(&self) -> ToAct {
        self.game.to_act()
    }

    fn seat_count(&self) -> usize {
        self.game.seat_count()
    }

    fn is_human(&self, seat: Seat) -> bool {
        self.manager(seat)
            .is_some_and(|m| m.controller == Controller::Human)
    }

    fn revealed(&self) -> Option<Seat> {
        self.revealed
    }
}

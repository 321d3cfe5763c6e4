//! A Cardball match at the table: who sits where, the bots, the die, the
//! log, undo, save and load. No drawing and no rules here: the engine
//! decides, the session keeps the record, rolls the die when the match
//! waits on it and asks the bots.

use super::narrate::narrate;
use crate::bots::cardball::HeuristicBot;
use crate::bots::{Bot, RandomBot, Strength};
use crate::cards::cardball::CardballDeck;
use crate::engine::games::cardball::{
    Action, Cardball, CardballConfig, CardballError, CardballView, Event, Side, TieBreak,
    Tournament,
};
use crate::engine::{Game as _, Record, Seat, ToAct};
use crate::ui::seating::{self, Seated};
use crate::ui::session::{Controller, LogLine, Manager, Pace, SaveError, SaveHeader};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// The game key in save files.
pub const GAME: &str = "cardball";

/// What a Cardball save file holds: enough to rebuild the match exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CardballSave {
    /// The format, version and game, shared by every Touchline save.
    #[serde(flatten)]
    pub header: SaveHeader,
    /// The managers: by seat, or in a tournament every entrant.
    pub managers: Vec<Manager>,
    /// The tournament so far, if one is being played (the current match
    /// is its next fixture).
    #[serde(default)]
    pub tournament: Option<Tournament>,
    /// The current match as configuration, seed and actions.
    pub record: Record<Cardball>,
}

/// A Cardball match being played at the table.
pub struct CardballSession {
    managers: Vec<Manager>,
    record: Record<Cardball>,
    game: Cardball,
    deck: Arc<CardballDeck>,
    tournament: Option<Tournament>,
    /// The manager (an index of `managers`) at each seat of the match.
    seat_map: Vec<usize>,
    bots: Vec<Option<Box<dyn Bot<Cardball>>>>,
    log: Vec<LogLine>,
    /// Hot-seat privacy: the human whose hand is on screen, if any.
    revealed: Option<Seat>,
    /// Time of the last bot decision or roll (seconds, the UI's clock).
    last_step: f64,
    /// Rolls of the die so far (for the table's animation).
    rolls: u32,
    /// How fast bots play and the die rolls.
    pub pace: Pace,
}

impl CardballSession {
    /// A new match; `deck` names the cards in the log.
    pub fn new(
        managers: Vec<Manager>,
        config: CardballConfig,
        seed: u64,
        deck: Arc<CardballDeck>,
    ) -> Result<CardballSession, CardballError> {
        if managers.len() != config.seats() {
            return Err(CardballError::Config(format!(
                "{} managers for a match of {} seats",
                managers.len(),
                config.seats()
            )));
        }
        let seat_map = (0..managers.len()).collect();
        CardballSession::start(managers, config, seed, deck, None, seat_map)
    }

    /// A tournament: a league in which every manager meets every other
    /// once. Its matches are duels that may end level (the tie-break is
    /// always a draw); the first fixture starts now.
    pub fn new_tournament(
        managers: Vec<Manager>,
        mut config: CardballConfig,
        seed: u64,
        deck: Arc<CardballDeck>,
    ) -> Result<CardballSession, CardballError> {
        let tournament = Tournament::league(managers.len())?;
        config.teams = None;
        config.tie_break = TieBreak::Draw;
        let Some(first) = tournament.next() else {
            return Err(CardballError::Config("the tournament has no match".into()));
        };
        CardballSession::start(
            managers,
            config,
            seed,
            deck,
            Some(tournament),
            first.to_vec(),
        )
    }

    fn start(
        managers: Vec<Manager>,
        config: CardballConfig,
        seed: u64,
        deck: Arc<CardballDeck>,
        tournament: Option<Tournament>,
        seat_map: Vec<usize>,
    ) -> Result<CardballSession, CardballError> {
        let game = Cardball::new(&config, seed)?;
        let mut s = CardballSession::assemble(
            managers,
            Record::new(config, seed),
            game,
            deck,
            tournament,
            seat_map,
        );
        s.log_kick_off();
        Ok(s)
    }

    fn log_kick_off(&mut self) {
        if let Some(t) = &self.tournament {
            let n = t.played().len() + 1;
            let of = t.fixtures().len();
            let text = format!(
                "Tournament match {n} of {of}: {} against {}.",
                self.name(Seat(0)),
                self.name(Seat(1))
            );
            self.log.push(LogLine { seat: None, text });
        }
        self.log.push(LogLine {
            seat: None,
            text: "The cards are dealt: 11 in hand, 7 on the bench. The die decides the kick-off."
                .into(),
        });
    }

    /// A match from an exact position (for tests and worked examples).
    pub fn from_setup(
        managers: Vec<Manager>,
        config: CardballConfig,
        setup: &crate::engine::games::cardball::Setup,
        seed: u64,
        deck: Arc<CardballDeck>,
    ) -> Result<CardballSession, CardballError> {
        let game = Cardball::from_setup(&config, setup, seed)?;
        let mut record = Record::new(config, seed);
        record.start = Some(game.clone());
        let seat_map = (0..managers.len()).collect();
        Ok(CardballSession::assemble(
            managers, record, game, deck, None, seat_map,
        ))
    }

    fn assemble(
        managers: Vec<Manager>,
        record: Record<Cardball>,
        game: Cardball,
        deck: Arc<CardballDeck>,
        tournament: Option<Tournament>,
        seat_map: Vec<usize>,
    ) -> CardballSession {
        let mut s = CardballSession {
            managers,
            record,
            game,
            deck,
            tournament,
            seat_map,
            bots: Vec::new(),
            log: Vec::new(),
            revealed: None,
            last_step: f64::NEG_INFINITY,
            rolls: 0,
            pace: Pace::Normal,
        };
        s.make_bots();
        s
    }

    fn make_bots(&mut self) {
        let seed = self.record.seed;
        self.bots = Seat::all(self.seat_map.len())
            .map(|seat| -> Option<Box<dyn Bot<Cardball>>> {
                let bot_seed = seed.wrapping_mul(7919).wrapping_add(seat.index() as u64);
                match self.manager(seat).map(|m| m.controller) {
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
    pub fn game(&self) -> &Cardball {
        &self.game
    }

    /// The deck the match is played with (names and flavour).
    pub fn deck(&self) -> &Arc<CardballDeck> {
        &self.deck
    }

    /// The log, oldest first.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// How many times the die has been rolled in this session.
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// Every manager: by seat, or in a tournament every entrant.
    pub fn managers(&self) -> &[Manager] {
        &self.managers
    }

    /// The seats of the current match.
    pub fn seats(&self) -> usize {
        self.seat_map.len()
    }

    /// The manager at a seat of the current match.
    pub fn manager(&self, seat: Seat) -> Option<&Manager> {
        self.seat_map
            .get(seat.index())
            .and_then(|m| self.managers.get(*m))
    }

    /// The name at a seat.
    pub fn name(&self, seat: Seat) -> String {
        self.manager(seat)
            .map_or_else(|| seat.to_string(), |m| m.name.clone())
    }

    /// The tournament, if one is being played.
    pub fn tournament(&self) -> Option<&Tournament> {
        self.tournament.as_ref()
    }

    /// The tournament with the current match counted once it is over (for
    /// the table shown between matches).
    pub fn tournament_now(&self) -> Option<Tournament> {
        let mut t = self.tournament.clone()?;
        if self.game.is_over() {
            // The current match is the tournament's next fixture.
            let _ = t.record(self.game.score());
        }
        Some(t)
    }

    /// After a finished tournament match: records it and starts the next
    /// fixture; returns false when the tournament is over (or none is
    /// being played).
    pub fn next_tournament_match(&mut self) -> Result<bool, CardballError> {
        if !self.game.is_over() {
            return Ok(false);
        }
        let Some(mut t) = self.tournament.take() else {
            return Ok(false);
        };
        t.record(self.game.score())?;
        let next = t.next();
        self.tournament = Some(t);
        let Some(next) = next else { return Ok(false) };
        let config = self.record.config.clone();
        let seed = self.record.seed.wrapping_add(1);
        self.game = Cardball::new(&config, seed)?;
        self.record = Record::new(config, seed);
        self.seat_map = next.to_vec();
        self.revealed = None;
        self.rolls = 0;
        self.make_bots();
        self.log_kick_off();
        Ok(true)
    }

    /// A side's name: its manager's, or both managers' in 2v2.
    pub fn side_name(&self, side: Side) -> String {
        let names: Vec<String> = self.game.members(side).map(|s| self.name(s)).collect();
        names.join(" & ")
    }

    /// The human at `seat` confirms they hold the device.
    pub fn reveal(&mut self, seat: Seat) {
        self.revealed = Some(seat);
    }

    /// The view the screen shows: the viewer's, or with nobody's secrets
    /// showable, seat 0's view with its hand and pick removed.
    pub fn view(&self) -> CardballView {
        match self.viewer() {
            Some(s) => self.game.view(s),
            None => {
                let mut v = self.game.view(Seat(0));
                v.hand.clear();
                v.my_pick = None;
                v
            }
        }
    }

    /// The legal actions of the human who must decide now (empty otherwise
    /// and while the device is being passed).
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
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), CardballError> {
        let mut events = Vec::new();
        self.game.apply_logged(seat, &action, &mut events)?;
        self.record.actions.push((seat, action));
        self.log_events(&events);
        Ok(())
    }

    fn log_events(&mut self, events: &[Event]) {
        let viewer = self.viewer();
        for e in events {
            if matches!(e, Event::Rolled { .. }) {
                self.rolls += 1;
            }
            let names: Vec<String> = Seat::all(self.seats()).map(|s| self.name(s)).collect();
            let sides = [self.side_name(Side::Left), self.side_name(Side::Right)];
            if let Some(text) = narrate(e, &self.deck, self.game.cards(), &names, &sides, viewer) {
                let seat = match e {
                    Event::Passed { seat }
                    | Event::UsedManager { seat, .. }
                    | Event::Replaced { seat, .. }
                    | Event::Picked { seat }
                    | Event::BenchDraw { seat, .. } => Some(*seat),
                    _ => None,
                };
                self.log.push(LogLine { seat, text });
            }
        }
    }

    /// Moves the match on by one step if it waits on the die or a bot and
    /// the pace allows; returns whether anything happened. `now` is the UI
    /// clock in seconds.
    pub fn step(&mut self, now: f64) -> bool {
        let Some(due) = self.due_in(now) else {
            return false;
        };
        if due > 0.0 {
            return false;
        }
        self.last_step = now;
        if self.game.to_act() == ToAct::Chance {
            let mut events = Vec::new();
            self.game.resolve_chance(&mut events);
            self.log_events(&events);
            return true;
        }
        let Some(seat) = self.actor() else {
            return false;
        };
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
        self.act(seat, legal[i]).is_ok()
    }

    /// Seconds until the die or a bot is due to move (for scheduling
    /// repaints); `None` when the match waits on a human or is over.
    pub fn due_in(&self, now: f64) -> Option<f64> {
        match self.game.to_act() {
            ToAct::Over => None,
            ToAct::Chance => Some((self.last_step + self.pace.delay() - now).max(0.0)),
            _ => {
                let seat = self.actor()?;
                if self.is_human(seat) {
                    return None;
                }
                Some((self.last_step + self.pace.delay() - now).max(0.0))
            }
        }
    }

    /// Whether undo has anything to take back (a human decision in a match
    /// with one human).
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
        self.rolls = 0;
        self.log_events(&events);
        self.log.push(LogLine {
            seat: None,
            text: "Undone.".into(),
        });
        self.make_bots();
        true
    }

    /// The save file of this match.
    pub fn save_file(&self) -> CardballSave {
        CardballSave {
            header: SaveHeader::new(GAME),
            managers: self.managers.clone(),
            tournament: self.tournament.clone(),
            record: self.record.clone(),
        }
    }

    /// Writes the match to `path` (a temp file, then a rename, so a failed
    /// save leaves any old file intact).
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        crate::ui::session::write_save(path, &self.save_file())
    }

    /// Reads a Cardball save; nothing changes unless it is a valid save
    /// that replays exactly. `deck` names the cards in the log.
    pub fn load(path: &Path, deck: Arc<CardballDeck>) -> Result<CardballSession, SaveError> {
        let (name, bytes) = crate::ui::session::read_save(path)?;
        CardballSession::from_save_bytes(&name, &bytes, deck)
    }

    /// Reads a Cardball save from bytes (`name` is used in messages).
    pub fn from_save_bytes(
        name: &str,
        bytes: &[u8],
        deck: Arc<CardballDeck>,
    ) -> Result<CardballSession, SaveError> {
        let value = SaveHeader::check(name, bytes, GAME)?;
        let corrupt = |reason: String| SaveError::Corrupt {
            path: name.to_string(),
            reason,
        };
        let save: CardballSave =
            serde_json::from_value(value).map_err(|e| corrupt(e.to_string()))?;
        let seat_map: Vec<usize> = match &save.tournament {
            Some(t) => match t.next() {
                Some(f) if t.managers() == save.managers.len() => f.to_vec(),
                _ => return Err(corrupt("the tournament does not match its managers".into())),
            },
            None => (0..save.managers.len()).collect(),
        };
        if seat_map.len() != save.record.config.seats() {
            return Err(corrupt("the managers do not match the match".into()));
        }
        let (game, events) = save
            .record
            .replay(None)
            .map_err(|e| corrupt(e.to_string()))?;
        let mut s = CardballSession::assemble(
            save.managers,
            save.record,
            game,
            deck,
            save.tournament,
            seat_map,
        );
        s.log_events(&events);
        s.log.push(LogLine {
            seat: None,
            text: "Game loaded.".into(),
        });
        Ok(s)
    }
}

impl Seated for CardballSession {
    fn to_act(&self) -> ToAct {
        self.game.to_act()
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    /// Whether a seat is played by a person at this device.
    fn is_human(&self, seat: Seat) -> bool {
        self.manager(seat)
            .is_some_and(|m| m.controller == Controller::Human)
    }

    fn revealed(&self) -> Option<Seat> {
        self.revealed
    }
}

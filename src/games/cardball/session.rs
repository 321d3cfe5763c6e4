//! Cardball at the shared table session: its bots, its events in words for
//! each reader (a card drawn face down is named only to its manager), the
//! spectator's view, and the tournament as a series of matches.

use super::bot::HeuristicBot;
use super::deck::CardballDeck;
use super::narrate::narrate;
use crate::bots::{Bot, Level, RandomBot, Strength};
use crate::engine::{Game as _, Seat};
use crate::games::cardball::{
    Cardball, CardballConfig, CardballError, CardballView, Event, Setup, Side, TieBreak, Tournament,
};
use crate::ui::session::{Fixture, Manager, Narrated, Series, Session, SessionError, TableGame};
use std::sync::Arc;

/// The game key in save files.
pub const GAME: &str = "cardball";

/// A Cardball match at the table.
pub type CardballSession = Session<Cardball>;

/// What a Cardball save file holds.
pub type CardballSave = crate::ui::session::SaveFile<Cardball>;

/// The names of the sides' managers (`Ana & Ben` for a 2v2 team).
fn sides(game: &Cardball, seats: &[String]) -> [String; 2] {
    let side = |s: Side| {
        let names: Vec<String> = game
            .members(s)
            .map(|m| {
                seats
                    .get(m.index())
                    .cloned()
                    .unwrap_or_else(|| m.to_string())
            })
            .collect();
        names.join(" & ")
    };
    [side(Side::Left), side(Side::Right)]
}

impl TableGame for Cardball {
    const ID: &'static str = GAME;
    type Names = Arc<CardballDeck>;
    type Series = Tournament;

    fn bot(strength: Strength, seed: u64) -> Box<dyn Bot<Cardball>> {
        match strength {
            Strength::Random => Box::new(RandomBot::new(seed)),
            Strength::Heuristic | Strength::Hard | Strength::Expert => {
                Box::new(HeuristicBot::new(seed))
            }
        }
    }

    fn search_bot(
        _config: &CardballConfig,
        level: Level,
        seed: u64,
    ) -> Option<Box<dyn Bot<Cardball>>> {
        Some(Box::new(super::search::search_bot(level, seed)))
    }

    fn action_words(
        &self,
        deck: &Arc<CardballDeck>,
        _seats: &[String],
        _seat: Seat,
        action: &super::Action,
    ) -> String {
        use super::narrate::{card_title, icon_name};
        let cards = self.cards();
        match action {
            super::Action::Call { icon } => format!("Call {}", icon_name(deck, cards, *icon)),
            super::Action::UseManager { card } => {
                format!("Use {}", card_title(deck, cards, *card))
            }
            super::Action::Pass => "Use no (more) The Manager cards".into(),
            super::Action::Pick { card, reading } => {
                let title = card_title(deck, cards, *card);
                match reading {
                    Some(class) => format!(
                        "Place {title}, read in {}",
                        class
                            .key()
                            .replace('_', " ")
                            .replace("opp", "the opponent's")
                            .replace("own", "your own")
                    ),
                    None => format!("Place {title}"),
                }
            }
        }
    }

    fn config_seats(config: &CardballConfig) -> usize {
        config.seats()
    }

    fn hidden_draw(event: &Event) -> Option<Seat> {
        match event {
            // A bench card, a replacement and an Action card all come face
            // down off a pile nobody could see.
            Event::BenchDraw { seat, .. }
            | Event::Replaced { seat, .. }
            | Event::UsedManager { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    fn narrate(
        &self,
        deck: &Arc<CardballDeck>,
        seats: &[String],
        event: &Event,
        viewer: Option<Seat>,
    ) -> Option<Narrated> {
        let sides = sides(self, seats);
        let text = narrate(event, deck, self.cards(), seats, &sides, viewer)?;
        let seat = match event {
            Event::Passed { seat }
            | Event::UsedManager { seat, .. }
            | Event::Replaced { seat, .. }
            | Event::Picked { seat }
            | Event::BenchDraw { seat, .. } => Some(*seat),
            _ => None,
        };
        Some(Narrated { seat, text })
    }

    fn opening(&self, _deck: &Arc<CardballDeck>, _seats: &[String]) -> Vec<String> {
        vec![
            "The cards are dealt: 11 in hand, 7 on the bench. The die decides the kick-off.".into(),
        ]
    }

    fn spectator_view(&self) -> CardballView {
        let mut v = self.view(Seat(0));
        v.hand.clear();
        v.my_pick = None;
        v
    }
}

impl Series<Cardball> for Tournament {
    fn seat_map(&self, managers: usize) -> Option<Vec<usize>> {
        match self.next() {
            Some(f) if self.managers() == managers => Some(f.to_vec()),
            _ => None,
        }
    }

    fn advance(
        &mut self,
        game: &Cardball,
        config: &CardballConfig,
    ) -> Result<Option<Fixture<Cardball>>, CardballError> {
        self.record(game.score())?;
        Ok(self.next().map(|f| (config.clone(), f.to_vec())))
    }

    fn announce(&self, seats: &[String], _first: bool) -> Option<String> {
        let n = self.played().len() + 1;
        let of = self.fixtures().len();
        let [a, b] = [0, 1].map(|i| seats.get(i).cloned().unwrap_or_default());
        Some(format!("Tournament match {n} of {of}: {a} against {b}."))
    }
}

impl Session<Cardball> {
    /// A new match; `deck` names the cards in the log.
    pub fn new(
        managers: Vec<Manager>,
        config: CardballConfig,
        seed: u64,
        deck: Arc<CardballDeck>,
    ) -> Result<CardballSession, SessionError<CardballError>> {
        Session::create(managers, config, seed, deck)
    }

    /// A tournament: a league in which every manager meets every other
    /// once. Its matches are duels that may end level (the tie-break is
    /// always a draw); the first fixture starts now.
    pub fn new_tournament(
        managers: Vec<Manager>,
        mut config: CardballConfig,
        seed: u64,
        deck: Arc<CardballDeck>,
    ) -> Result<CardballSession, SessionError<CardballError>> {
        let tournament = Tournament::league(managers.len()).map_err(SessionError::Game)?;
        config.teams = None;
        config.tie_break = TieBreak::Draw;
        Session::create_series(managers, config, seed, deck, tournament)
    }

    /// A match from an exact position (for tests and worked examples).
    pub fn from_setup(
        managers: Vec<Manager>,
        config: CardballConfig,
        setup: &Setup,
        seed: u64,
        deck: Arc<CardballDeck>,
    ) -> Result<CardballSession, SessionError<CardballError>> {
        let game = Cardball::from_setup(&config, setup, seed).map_err(SessionError::Game)?;
        Ok(Session::from_position(managers, config, game, seed, deck))
    }

    /// The deck the match is played with (names and flavour).
    pub fn deck(&self) -> &Arc<CardballDeck> {
        self.names()
    }

    /// How many times the die has been rolled in this match.
    pub fn rolls(&self) -> u32 {
        self.events()
            .iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .count() as u32
    }

    /// The tournament, if one is being played.
    pub fn tournament(&self) -> Option<&Tournament> {
        self.series()
    }

    /// The tournament with the current match counted once it is over (for
    /// the table shown between matches).
    pub fn tournament_now(&self) -> Option<Tournament> {
        let mut t = self.series()?.clone();
        if self.game().is_over() {
            // The current match is the tournament's next fixture.
            let _ = t.record(self.game().score());
        }
        Some(t)
    }

    /// A side's name: its manager's, or both managers' in 2v2.
    pub fn side_name(&self, side: Side) -> String {
        let [l, r] = sides(self.game(), &self.seat_names());
        match side {
            Side::Left => l,
            Side::Right => r,
        }
    }
}

/// The log's privacy probe: a duel with the default box, played by
/// random bots.
pub fn probe(seed: u64) -> Result<Box<dyn crate::ui::probe::LogProbe>, String> {
    let deck = Arc::new(CardballDeck::default_set().map_err(|e| e.to_string())?);
    let cards = Arc::new(deck.card_set());
    let config = CardballConfig::new(cards.clone());
    let game = Cardball::new(&config, seed).map_err(|e| e.to_string())?;
    // A title printed on several cards (The Manager) cannot tell which
    // copy a line is about: only unique titles are checked.
    let printed = crate::ui::probe::Printed::count(
        (0..cards.len()).map(|i| super::narrate::card_title(&deck, &cards, i as super::CardId)),
    );
    crate::ui::probe::Probe::new(game, deck, printed, hidden_from, seed).boxed()
}

/// What `reader` may not see, by title: the draw pile, every bench and
/// the other seats' hands (less any title the reader holds a copy of).
fn hidden_from(
    g: &Cardball,
    deck: &Arc<CardballDeck>,
    printed: &crate::ui::probe::Printed,
    reader: Option<Seat>,
) -> crate::ui::probe::Hidden {
    let title = |c: &super::CardId| super::narrate::card_title(deck, g.cards(), *c);
    let mine: Vec<String> = reader.map_or_else(Vec::new, |r| g.hand(r).iter().map(title).collect());
    let mut supply: Vec<String> = g.pile().iter().map(title).collect();
    let mut hands = Vec::new();
    for seat in Seat::all(g.seat_count()) {
        supply.extend(g.bench(seat).iter().map(title));
        if reader != Some(seat) {
            hands.extend(g.hand(seat).iter().map(title));
        }
    }
    hands.retain(|t| !mine.contains(t));
    supply.retain(|t| printed.once(t));
    crate::ui::probe::Hidden { supply, hands }
}

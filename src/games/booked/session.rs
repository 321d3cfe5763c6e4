//! Booked! at the shared table session: its bots, its events in words for
//! each reader, the spectator's view, auto-pass in answer windows and the
//! group stage as a series of matches.

use super::bot::HeuristicBot;
use super::group::GroupStage;
use super::rules::{Card, CardId, Pile, RefTarget};
use super::{Action, Booked, BookedConfig, BookedError, BookedView, CardSet, Deal, Event};
use crate::bots::{Bot, Level, RandomBot, Strength};
use crate::engine::{Game as _, Seat};
use crate::ui::session::{Fixture, Manager, Narrated, Series, Session, SessionError, TableGame};
use std::sync::Arc;

/// A Booked! match at the table.
pub type BookedSession = Session<Booked>;

impl TableGame for Booked {
    const ID: &'static str = "booked";
    type Names = ();
    type Series = GroupStage;

    fn bot(strength: Strength, seed: u64) -> Box<dyn Bot<Booked>> {
        match strength {
            Strength::Random => Box::new(RandomBot::new(seed)),
            Strength::Heuristic | Strength::Hard | Strength::Expert => {
                Box::new(HeuristicBot::new(seed))
            }
        }
    }

    fn search_bot(config: &BookedConfig, level: Level, seed: u64) -> Option<Box<dyn Bot<Booked>>> {
        Some(Box::new(super::search::search_bot(level, config, seed)))
    }

    fn action_words(&self, _names: &(), seats: &[String], seat: Seat, action: &Action) -> String {
        let name = |s: &Seat| {
            seats
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| s.to_string())
        };
        action_words(seat, action, self.cards(), &name)
    }

    fn config_seats(config: &BookedConfig) -> usize {
        usize::from(config.seats)
    }

    fn narrate(
        &self,
        _names: &(),
        seats: &[String],
        event: &Event,
        viewer: Option<Seat>,
    ) -> Option<Narrated> {
        let name = |s: &Seat| {
            seats
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| s.to_string())
        };
        // A spectator's log never shows cards drawn face down by anyone.
        let visible = event.visible_to(viewer.unwrap_or(Seat(u8::MAX)));
        let Some(e) = visible else {
            return match event {
                Event::Drew { seat, .. } => Some(Narrated {
                    seat: Some(*seat),
                    text: format!("{} draws from the deck", name(seat)),
                }),
                Event::SetPiece {
                    seat, to_bottom, ..
                } => Some(Narrated {
                    seat: Some(*seat),
                    text: format!(
                        "{} keeps one card and puts {to_bottom} at the bottom",
                        name(seat)
                    ),
                }),
                _ => None,
            };
        };
        let text = words(&e, self.cards(), &name);
        let seat = match &e {
            Event::Played { seat, .. }
            | Event::Responded { seat, .. }
            | Event::Drew { seat, .. }
            | Event::TurnStarted { seat }
            | Event::GoalCalled { seat, .. } => Some(*seat),
            _ => None,
        };
        Some(Narrated { seat, text })
    }

    fn hidden_draw(event: &Event) -> Option<Seat> {
        match event {
            Event::Drew {
                seat,
                from: Pile::Deck,
                ..
            }
            | Event::SetPiece { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    fn opening(&self, _names: &(), seats: &[String]) -> Vec<String> {
        let first = seats
            .get(self.current().index())
            .cloned()
            .unwrap_or_else(|| self.current().to_string());
        vec![format!("Kick-off: {first} starts.")]
    }

    fn spectator_view(&self) -> BookedView {
        let mut v = self.view(Seat(0));
        v.hand.clear();
        v.set_piece.clear();
        v.draft_selected.clear();
        v
    }

    fn auto_pass(&self, _seat: Seat, legal: &[Action]) -> Option<usize> {
        let answering = legal
            .iter()
            .all(|a| matches!(a, Action::Pass | Action::Respond { .. }));
        if !answering {
            return None;
        }
        legal.iter().position(|a| *a == Action::Pass)
    }
}

impl Series<Booked> for GroupStage {
    fn seat_map(&self, managers: usize) -> Option<Vec<usize>> {
        match self.next_match() {
            Some(next) => Some(next.managers.iter().map(|s| s.index()).collect()),
            None => Some((0..managers).collect()),
        }
    }

    fn advance(
        &mut self,
        game: &Booked,
        _config: &BookedConfig,
    ) -> Result<Option<Fixture<Booked>>, BookedError> {
        if game.is_over() {
            self.record(game);
        }
        Ok(self
            .next_match()
            .map(|n| (n.config, n.managers.iter().map(|s| s.index()).collect())))
    }

    fn announce(&self, _seats: &[String], first: bool) -> Option<String> {
        if first {
            return None;
        }
        let decider = self.next_match().is_some_and(|n| n.decider);
        Some(if decider {
            "Sudden death: the first legal 7 wins.".into()
        } else {
            "Next match.".into()
        })
    }
}

impl Session<Booked> {
    /// A new single match.
    pub fn new(
        managers: Vec<Manager>,
        config: BookedConfig,
        seed: u64,
    ) -> Result<BookedSession, SessionError<BookedError>> {
        Session::create(managers, config, seed, ())
    }

    /// A match from an exact position (for tests and worked examples).
    pub fn from_deal(
        managers: Vec<Manager>,
        config: BookedConfig,
        deal: &Deal,
        seed: u64,
    ) -> Result<BookedSession, SessionError<BookedError>> {
        let game = Booked::from_deal(&config, deal, seed).map_err(SessionError::Game)?;
        let mut s = Session::from_position(managers, config, game, seed, ());
        let seats = s.seat_names();
        for line in s.game().opening(&(), &seats) {
            s.note(line);
        }
        Ok(s)
    }

    /// A new group stage: its first match starts now.
    pub fn new_group(
        managers: Vec<Manager>,
        base: BookedConfig,
        seed: u64,
    ) -> Result<BookedSession, SessionError<BookedError>> {
        let stage = GroupStage::new(base.clone());
        let Some(next) = stage.next_match() else {
            return Err(SessionError::NoMatch);
        };
        Session::create_series(managers, next.config, seed, (), stage)
    }

    /// The card set.
    pub fn cards(&self) -> &Arc<CardSet> {
        self.game().cards()
    }

    /// The group stage, if one is being played.
    pub fn group(&self) -> Option<&GroupStage> {
        self.series()
    }
}

/// A card as the log names it: a player by nation and shirt number
/// ("Brazil's number 9"), any other card by its printed title.
pub fn card_words(cards: &CardSet, id: CardId) -> String {
    match cards.card(id) {
        Some(Card::Player { nation, .. }) => {
            let nation = cards.nation_name(nation);
            // Player ids end in the shirt number (`BRA-9`).
            match cards.name(id).rsplit_once('-') {
                Some((_, n)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                    format!("{nation}'s number {n}")
                }
                _ => format!("a {nation} player"),
            }
        }
        Some(Card::SuperSub) => "a Super Sub".into(),
        Some(Card::Referee(r)) => title_case(r.title()),
        Some(Card::Yellow) => "a Yellow Card".into(),
        Some(Card::Red) => "a Red Card".into(),
        Some(Card::QuickRules) => "a quick-rules card".into(),
        None => "a card".into(),
    }
}

/// `SET PIECE` reads `Set Piece`.
fn title_case(s: &str) -> String {
    s.split(' ')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f
                    .to_uppercase()
                    .chain(c.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// How a match ended, from the engine's key.
fn ending_words(ending: &str) -> &'static str {
    match ending {
        "goal" => "with a legal Starting 7",
        "sudden_death" => "in sudden death",
        "penalties" => "on penalties: the deck ran dry",
        "stalled" => "on penalties: the match stalled",
        _ => "at full time",
    }
}

/// An event in words, with managers named by `name`.
fn words(e: &Event, cards: &CardSet, name: &dyn Fn(&Seat) -> String) -> String {
    let c = |id: &CardId| card_words(cards, *id);
    let text = match e {
        Event::Claimed { seat, nation } => {
            format!("{} claims {}", name(seat), cards.nation_name(*nation))
        }
        Event::Dealt { seat, count } => format!("{} is dealt {count} cards", name(seat)),
        Event::DraftPassed => "Everyone passes three cards to the left".into(),
        Event::Buried { card } => format!("{} is buried in the deck", c(card)),
        Event::Flipped { card } => format!("{} starts the discard pile", c(card)),
        Event::TurnStarted { seat } => format!("— {}'s turn —", name(seat)),
        Event::TurnSkipped { seat } => format!("{} misses the turn", name(seat)),
        Event::Drew { seat, from, card } => {
            let pile = match from {
                Pile::Deck => "the deck",
                Pile::Discard => "the discard pile",
            };
            format!("{} draws {} from {pile}", name(seat), c(card))
        }
        Event::Played { seat, card, action } => match Action::parse(action, cards) {
            Ok(a) => action_words(*seat, &a, cards, name),
            Err(_) => format!("{} plays {}", name(seat), c(card)),
        },
        Event::Responded { seat, card, to } => match to {
            Some(t) => format!("{} answers {} with {}", name(seat), c(t), c(card)),
            None => format!("{} plays {}", name(seat), c(card)),
        },
        Event::Cancelled { card, by } => format!("{} is cancelled by {}", c(card), c(by)),
        Event::Offside { seat, card } => {
            format!(
                "{} is offside and goes back to {}'s hand",
                c(card),
                name(seat)
            )
        }
        Event::Placed { seat, card } => format!("{} joins {}'s pitch", c(card), name(seat)),
        Event::Booked { seat, card } => format!("{}'s {} is booked", name(seat), c(card)),
        Event::SentOff { seat, card } => format!("{}'s {} is sent off", name(seat), c(card)),
        Event::Bounced { card } => format!("{} bounces off a clean player", c(card)),
        Event::Armband { seat, card } => format!(
            "The captain's armband turns the Yellow on {}'s {} away",
            name(seat),
            c(card)
        ),
        Event::Tackled {
            by,
            victim,
            nation,
            cards: k,
        } => format!(
            "{} tackles {}'s {} players ({k} back to hand)",
            name(by),
            name(victim),
            cards.nation_name(*nation)
        ),
        Event::PickedUp { seat, card } => format!("{} picks up {}", name(seat), c(card)),
        Event::YellowRemoved { seat, card } => {
            format!("The Yellow on {}'s {} is overturned", name(seat), c(card))
        }
        Event::Substituted { seat, out, inn } => {
            format!(
                "{} takes off {} and brings on {}",
                name(seat),
                c(out),
                c(inn)
            )
        }
        Event::ExtraTurn { seat } => format!("{} gets added time", name(seat)),
        Event::Reversed { clockwise } => format!(
            "Play now passes {}",
            if *clockwise { "left" } else { "right" }
        ),
        Event::WillMissTurn { seat } => format!("{} will miss the next turn", name(seat)),
        Event::WallUp { seat } => format!("{} puts up the wall", name(seat)),
        Event::SetPiece {
            seat,
            kept,
            to_bottom,
        } => format!(
            "{} keeps {} and puts {to_bottom} at the bottom",
            name(seat),
            c(kept)
        ),
        Event::Discarded { seat, card } => format!("{} discards {}", name(seat), c(card)),
        Event::Reshuffled { cards: n } => {
            format!("The deck runs dry: {n} cards are reshuffled")
        }
        Event::GoalCalled { seat, nation } => format!(
            "{} calls GOOOAL! with {}",
            name(seat),
            cards.nation_name(*nation)
        ),
        Event::WindowClosed {
            caller,
            still_legal,
        } => {
            if *still_legal {
                format!("The window closes: {}'s 7 stands", name(caller))
            } else {
                format!("The window closes: {}'s 7 is broken", name(caller))
            }
        }
        Event::Penalties { totals } => {
            let each: Vec<String> = totals
                .iter()
                .enumerate()
                .map(|(i, t)| format!("{} {t}", name(&Seat(i as u8))))
                .collect();
            format!("Penalties, by pitch ratings: {}", each.join(", "))
        }
        Event::MatchWon { winners, ending } => {
            let w: Vec<String> = winners.iter().map(name).collect();
            let verb = if w.len() == 1 { "wins" } else { "win" };
            format!("{} {verb} {}", w.join(" and "), ending_words(ending))
        }
    };
    capitalised(text)
}

/// What a manager did, in words.
fn action_words(seat: Seat, a: &Action, cards: &CardSet, name: &dyn Fn(&Seat) -> String) -> String {
    let c = |id: &CardId| card_words(cards, *id);
    let who = name(&seat);
    match a {
        Action::Claim { nation } => format!("{who} claims {}", cards.nation_name(*nation)),
        Action::DraftPass { card } => format!("{who} passes {} on", c(card)),
        Action::DrawDeck => format!("{who} draws from the deck"),
        Action::DrawDiscard => format!("{who} draws from the discard pile"),
        Action::CallGoal => format!("{who} calls GOOOAL!"),
        Action::NoCall => format!("{who} does not call yet"),
        Action::PlayPlayer { card } => format!("{who} plays {}", c(card)),
        Action::PlaySuperSub {
            nation, position, ..
        } => format!(
            "{who} brings on a Super Sub as {}'s {position}",
            cards.nation_name(*nation)
        ),
        Action::PlayReferee { card, target } => match target {
            RefTarget::None => format!("{who} plays {}", c(card)),
            RefTarget::Swap { out, inn } => {
                format!("{who} plays {}: {} off, {} on", c(card), c(out), c(inn))
            }
            RefTarget::Player(p) => format!("{who} plays {} on {}", c(card), c(p)),
        },
        Action::Yellow { target, .. } => format!("{who} shows {} a Yellow Card", c(target)),
        Action::Red { target, .. } => format!("{who} shows {} a Red Card", c(target)),
        Action::Tackle { card, victim } => {
            format!("{who} tackles {} with {}", name(victim), c(card))
        }
        Action::Respond { card } => format!("{who} answers with {}", c(card)),
        Action::Pass => format!("{who} lets it stand"),
        Action::Keep { card } => format!("{who} keeps {}", c(card)),
        Action::PickUp { card } => format!("{who} picks up {}", c(card)),
        Action::Discard { card } => format!("{who} discards {}", c(card)),
    }
}

/// The first letter in upper case ("a Yellow Card is buried" starts "A").
fn capitalised(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(f) if f.is_lowercase() => f.to_uppercase().chain(chars).collect(),
        _ => text,
    }
}

/// The log's privacy probe: a match of 2 to 6 seats (drawn from `seed`)
/// with the core set, played by random bots.
pub fn probe(seed: u64) -> Result<Box<dyn crate::ui::probe::LogProbe>, String> {
    let deck = super::deck::BookedDeck::default_set().map_err(|e| e.to_string())?;
    let cards = Arc::new(deck.card_set());
    let seats = 2 + (seed % 5) as u8;
    let config = BookedConfig::new(cards.clone(), super::HouseRules::default(), seats);
    let game = Booked::new(&config, seed).map_err(|e| e.to_string())?;
    let printed =
        crate::ui::probe::Printed::count((0..cards.len()).map(|i| card_words(&cards, i as CardId)));
    crate::ui::probe::Probe::new(game, (), printed, hidden_from, seed).boxed()
}

/// What `reader` may not see, by the names the log uses: the deck and
/// the other seats' hands. Only a name printed on one card can tell
/// which card a line is about.
fn hidden_from(
    g: &Booked,
    _names: &(),
    printed: &crate::ui::probe::Printed,
    reader: Option<Seat>,
) -> crate::ui::probe::Hidden {
    let name = |c: &CardId| card_words(g.cards(), *c);
    let mut hands = Vec::new();
    for s in Seat::all(g.seat_count()) {
        if reader != Some(s) {
            hands.extend(g.hand(s).iter().map(name));
        }
    }
    let supply: Vec<String> = g.deck().iter().map(name).collect();
    crate::ui::probe::Hidden { supply, hands }.printed_once(printed)
}

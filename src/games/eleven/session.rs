//! The Eleven season at the shared table session: its bots (the season
//! bot, which reads the match's public card data), its events in words for
//! each reader, the spectator's view and the constructors the table and
//! the app shell use.
//!
//! What the log never tells another manager: a card drawn into a hidden
//! hand (the engine's `Private` events), the face of a Kit Sponsor and the
//! effects it gives, and an Objective before it is revealed. Cards are
//! named by their printed names, managers by their names at the table.

use super::deck::ElevenDecks;
use super::league::DiceStep;
use super::season::{
    Action, Event, Phase, Season, SeasonConfig, SeasonError, SeasonView, SoloScenario,
};
use super::vocab::{Colour, Contract};
use crate::bots::{Bot, Level, RandomBot, Strength};
use crate::engine::{Game as _, Seat};
use crate::ui::session::{Manager, Narrated, NoSeries, Session, SessionError, TableGame};
use std::sync::Arc;

/// The game key in save files (the registry id).
pub const GAME: &str = "eleven";

/// An Eleven season at the table.
pub type SeasonSession = Session<Season>;

/// The printed name of the card with `id`, of any deck (the id itself
/// only when no deck has it, which a valid save never gives).
pub fn card_name(decks: &ElevenDecks, id: &str) -> String {
    let found = decks
        .players
        .iter()
        .find(|c| c.id == id)
        .map(|c| c.untrained.name.clone())
        .or_else(|| {
            decks
                .staff
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
        })
        .or_else(|| {
            decks
                .sponsors
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.front.name.clone())
        })
        .or_else(|| {
            decks
                .tactics
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
        })
        .or_else(|| {
            decks
                .objectives
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
        })
        .or_else(|| {
            decks
                .directors
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
        })
        .or_else(|| {
            decks
                .board_meetings
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
        })
        .or_else(|| {
            decks
                .clubs
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
        });
    found.unwrap_or_else(|| id.to_string())
}

/// A Board Meeting decision's colour in words.
pub fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::Green => "green",
        Colour::Blue => "blue",
        Colour::Purple => "purple",
        Colour::Yellow => "yellow",
        Colour::Red => "red",
    }
}

/// A name written as code (`TemporaryStrength(2)`) in words
/// (`Temporary Strength 2`).
pub fn words(code: &str) -> String {
    let mut out = String::new();
    for (i, ch) in code.chars().enumerate() {
        match ch {
            '(' | ')' | '_' => {
                if !out.ends_with(' ') && !out.is_empty() {
                    out.push(' ');
                }
            }
            c if c.is_uppercase() && i > 0 && !out.ends_with(' ') => {
                out.push(' ');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.trim().to_string()
}

/// A twelve-sided die's face as a Jersey number: 12 is the icon face,
/// "12 or more".
fn jersey_face(n: u8) -> String {
    if n >= 12 {
        "the icon (12 or more)".into()
    } else {
        format!("#{n}")
    }
}

/// Resources as `+2 Cash, +1 Fan Base` (the nonzero ones).
fn gains(g: &[u32; 4]) -> String {
    let names = ["Cash", "Fan Base", "Operation", "Fitness"];
    let parts: Vec<String> = g
        .iter()
        .zip(names)
        .filter(|(n, _)| **n > 0)
        .map(|(n, name)| format!("+{n} {name}"))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// The first letter made capital and a full stop unless the line ends in
/// one already.
fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => {
            let mut line: String = c.to_uppercase().chain(chars).collect();
            if !line.ends_with(['!', '.', '?', '—']) {
                line.push('.');
            }
            line
        }
        None => text,
    }
}

impl Season {
    /// Whether the card `id` lies hidden from every seat but `owner`'s: a
    /// Kit Sponsor it holds, a Tactic card, or its Objective before it is
    /// revealed.
    fn hidden_of(&self, owner: Seat, id: &str) -> bool {
        let decks = &self.config.decks;
        let Some(club) = self.clubs.get(owner.index()) else {
            return false;
        };
        let kit = club.sponsors.iter().any(|s| {
            s.contract == Contract::Kit && decks.sponsors.get(s.card).is_some_and(|c| c.id == id)
        });
        let tactic = decks.tactics.iter().any(|t| t.id == id);
        let objective = !club.objective_revealed && decks.objectives.iter().any(|o| o.id == id);
        kit || tactic || objective
    }
}

impl TableGame for Season {
    const ID: &'static str = GAME;
    // The decks travel in the configuration (and the save).
    type Names = ();
    type Series = NoSeries;

    /// A season is six Weeks of Matches, Days and Board Meetings.
    fn log_title() -> &'static str {
        "Season log"
    }

    fn bot(strength: Strength, seed: u64) -> Box<dyn Bot<Season>> {
        // Without the match's decks only the random bot can play; the
        // table always asks `seat_bot`, which has them.
        let _ = strength;
        Box::new(RandomBot::new(seed))
    }

    fn seat_bot(&self, strength: Strength, seed: u64) -> Box<dyn Bot<Season>> {
        match strength {
            Strength::Random => Box::new(RandomBot::new(seed)),
            // The search levels come from `search_bot`.
            Strength::Heuristic | Strength::Hard | Strength::Expert => {
                Box::new(super::season::SeasonBot::new(self.config.decks.clone()))
            }
        }
    }

    /// The Hint's words, read from the deciding manager's own view.
    fn action_words(&self, _names: &(), _seats: &[String], seat: Seat, action: &Action) -> String {
        super::season::words::action_words(&self.view(seat), &self.config.decks, action)
    }

    fn search_bot(config: &SeasonConfig, level: Level, seed: u64) -> Option<Box<dyn Bot<Season>>> {
        Some(Box::new(super::search::search_bot(level, config, seed)))
    }

    fn config_seats(config: &SeasonConfig) -> usize {
        usize::from(config.managers)
    }

    /// Auto-pass ends a Day that has nothing left to do: when *End the
    /// Day* is the only legal action (both actions used, or nothing
    /// affordable).
    fn auto_pass(&self, _seat: Seat, legal: &[Action]) -> Option<usize> {
        (matches!(self.phase, Phase::Day(_)) && matches!(legal, [Action::EndTurn])).then_some(0)
    }

    fn narrate(
        &self,
        _names: &(),
        seats: &[String],
        event: &Event,
        viewer: Option<Seat>,
    ) -> Option<Narrated> {
        let decks = &self.config.decks;
        let who = |s: &Seat| {
            seats
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| format!("Manager {}", s.index() + 1))
        };
        let name = |id: &str| card_name(decks, id);
        let own = |s: &Seat| viewer == Some(*s);
        let (seat, text) = match event {
            Event::SetUp { managers, division } => (
                None,
                format!(
                    "A season of {managers} manager{} in Division {division}: first the Directors are drafted and an Objective kept",
                    if *managers == 1 { "" } else { "s" }
                ),
            ),
            Event::WeekStarted { week, first } => (
                None,
                format!(
                    "— Week {week}, Monday: {} holds the Stage marker —",
                    who(first)
                ),
            ),
            Event::Produced { seat, gained } => (
                Some(*seat),
                format!("{}'s Production: {}", who(seat), gains(gained)),
            ),
            Event::BoardRolled {
                seat,
                card,
                roll,
                votes,
                decision,
                paid,
            } => (
                Some(*seat),
                format!(
                    "{}'s Board Meeting, {}: {}the die shows {roll}; the Directors vote {} yellow, {} blue, {} red: the {} decision",
                    who(seat),
                    name(card),
                    if *paid {
                        "rerolled for 1 Fan Base, "
                    } else {
                        ""
                    },
                    votes[0],
                    votes[1],
                    votes[2],
                    colour_word(*decision)
                ),
            ),
            Event::BoardResolved { seat, decision } => (
                Some(*seat),
                format!(
                    "{}'s board applies the {} decision",
                    who(seat),
                    colour_word(*decision)
                ),
            ),
            Event::Effect { seat, source, text } => {
                if !own(seat) && self.hidden_of(*seat, source) {
                    return None;
                }
                (
                    Some(*seat),
                    format!("{} ({}): {text}", name(source), who(seat)),
                )
            }
            Event::NotResolved {
                seat,
                source,
                reason,
            } => {
                if !own(seat) && self.hidden_of(*seat, source) {
                    return None;
                }
                (
                    Some(*seat),
                    format!(
                        "{} ({}): not resolved, {}",
                        name(source),
                        who(seat),
                        words(reason)
                    ),
                )
            }
            Event::Hired { seat, card, cost } => (
                Some(*seat),
                format!("{} hires {} for {cost} Cash", who(seat), name(card)),
            ),
            Event::Sold { seat, card, cash } => (
                Some(*seat),
                format!("{} sells {} for {cash} Cash", who(seat), name(card)),
            ),
            Event::StaffHired { seat, card, cost } => (
                Some(*seat),
                format!("{} hires {} (Staff) for {cost} Cash", who(seat), name(card)),
            ),
            Event::Contracted {
                seat,
                card,
                contract,
            } => (
                Some(*seat),
                match contract {
                    Contract::OneOff => {
                        format!("{} signs {} for a one-off deal", who(seat), name(card))
                    }
                    Contract::Adboard => {
                        format!("{} signs {} as an Adboard", who(seat), name(card))
                    }
                    Contract::Kit if own(seat) => format!(
                        "{} signs {} as the Kit Sponsor (face down)",
                        who(seat),
                        name(card)
                    ),
                    Contract::Kit => format!("{} signs a Kit Sponsor, face down", who(seat)),
                },
            ),
            Event::Built { seat, what } => (
                Some(*seat),
                format!("{} builds the {}", who(seat), what.title()),
            ),
            Event::OfficeBuilt { seat, level } => (
                Some(*seat),
                format!("{} moves the Office marker up to {level}", who(seat)),
            ),
            Event::CardActed { seat, card, paid } => (
                Some(*seat),
                format!(
                    "{} uses {} as the {} action",
                    who(seat),
                    name(card),
                    if *paid { "Paid" } else { "Basic" }
                ),
            ),
            Event::TurnEnded { seat } => (Some(*seat), format!("{} ends the Day", who(seat))),
            Event::Match {
                seat,
                opponent,
                own: goals,
                against,
                ..
            } => (
                Some(*seat),
                format!(
                    "Full time: {} {goals}, {} {against}",
                    self.clubs
                        .get(seat.index())
                        .map_or_else(|| who(seat), |c| c.name.clone()),
                    name(opponent)
                ),
            ),
            Event::ConsequenceRolled {
                seat,
                roll,
                modifier,
                consequence,
                injuries,
            } => (
                Some(*seat),
                format!(
                    "{} rolls {} for the Match consequence: {}{}",
                    who(seat),
                    // The die, and with modifiers in force the total read.
                    match *modifier {
                        0 => roll.to_string(),
                        m => format!("{roll} {m:+} = {}", i32::from(*roll) + m),
                    },
                    words(consequence),
                    match injuries.as_slice() {
                        [] => String::new(),
                        [n] => format!(" (the twelve-sided die shows {})", jersey_face(*n)),
                        many => format!(
                            " (the twelve-sided dice show {})",
                            many.iter()
                                .map(|n| jersey_face(*n))
                                .collect::<Vec<_>>()
                                .join(" and ")
                        ),
                    }
                ),
            ),
            Event::InjuryRerolled { seat, roll, number } => (
                Some(*seat),
                format!(
                    "{} pays 1 Fan Base to roll Injury die {} again: {}",
                    who(seat),
                    roll + 1,
                    jersey_face(*number)
                ),
            ),
            Event::ConsequenceResolved {
                seat,
                trained,
                tokens,
                prevented,
            } => {
                let mut parts: Vec<String> = Vec::new();
                if let Some(t) = trained {
                    parts.push(format!("{} is Trained", name(t)));
                }
                for (card, token, n) in tokens {
                    let plural = if *n == 1 { "" } else { "s" };
                    parts.push(format!("{n} {token} token{plural} on {}", name(card)));
                }
                if *prevented > 0 {
                    parts.push(format!("{prevented} Injury prevented"));
                }
                if parts.is_empty() {
                    parts.push("nobody is affected".into());
                }
                (
                    Some(*seat),
                    format!("{}'s consequence: {}", who(seat), parts.join(", ")),
                )
            }
            Event::LeagueDice { steps } => {
                let team = |t: &usize| {
                    self.league
                        .teams
                        .get(*t)
                        .map_or_else(|| "a team".to_string(), |x| x.name.clone())
                };
                let parts: Vec<String> = steps
                    .iter()
                    .map(|s| match s {
                        DiceStep::Rolled {
                            team: t,
                            face,
                            points,
                        } => format!("{} rolls {face}, +{points}", team(t)),
                        DiceStep::Reactivated { team: t } => {
                            format!("{} is back in play", team(t))
                        }
                        DiceStep::Deactivated { team: t } => {
                            format!("{} sits the next round out", team(t))
                        }
                    })
                    .collect();
                if parts.is_empty() {
                    return None;
                }
                (
                    None,
                    format!("The League's other Matches: {}", parts.join("; ")),
                )
            }
            Event::Maintenance {
                seat,
                due,
                paid,
                suspensions,
            } => (
                Some(*seat),
                if *suspensions > 0 {
                    format!(
                        "{} pays {paid} of {due} Cash of Maintenance: {suspensions} Suspension tokens on Staff",
                        who(seat)
                    )
                } else {
                    format!("{} pays {due} Cash of Maintenance", who(seat))
                },
            ),
            Event::Wiped { row } => (
                None,
                format!(
                    "The {} row of the Transfer Area is wiped and dealt again",
                    match row {
                        super::season::Row::Players => "Player",
                        super::season::Row::Staff => "Staff",
                        super::season::Row::Sponsors => "Sponsor",
                    }
                ),
            ),
            Event::ObjectiveFulfilled { seat, card, vp } => (
                Some(*seat),
                format!(
                    "{} fulfils the Objective {}: {vp} VP",
                    who(seat),
                    name(card)
                ),
            ),
            Event::Private { seat, text } => {
                if !own(seat) {
                    return None;
                }
                (
                    Some(*seat),
                    format!("{} {text} (only you see this)", who(seat)),
                )
            }
            Event::SeasonOver { totals, winners } => {
                let names: Vec<String> = winners.iter().map(who).collect();
                let best = winners
                    .first()
                    .and_then(|w| totals.get(w.index()))
                    .copied()
                    .unwrap_or(0);
                let text = match names.as_slice() {
                    [] => "The season is over".to_string(),
                    [one] => format!("The season is over: {one} wins with {best} VP"),
                    many => format!(
                        "The season is over: {} share the win with {best} VP",
                        many.join(" and ")
                    ),
                };
                (None, text)
            }
        };
        Some(Narrated {
            seat,
            text: sentence(text),
        })
    }

    fn opening(&self, _names: &(), seats: &[String]) -> Vec<String> {
        let mut lines = vec![format!(
            "Eleven, Division {}: {}.",
            self.config.division,
            seats.join(", ")
        )];
        if let Some(s) = &self.config.scenario {
            lines.push(format!("Solo Scenario: {}.", s.name));
        }
        lines
    }

    fn spectator_view(&self) -> SeasonView {
        self.view_for(None)
    }
}

impl Session<Season> {
    /// A new season for `managers` in `division`; solo with `scenario`.
    /// The clubs take the managers' names.
    pub fn season(
        managers: Vec<Manager>,
        decks: Arc<ElevenDecks>,
        division: u8,
        scenario: Option<SoloScenario>,
        seed: u64,
    ) -> Result<SeasonSession, SessionError<SeasonError>> {
        Session::season_first(managers, decks, division, scenario, 0, seed)
    }

    /// A new season whose Week 1 starts with the manager at seat `first`
    /// (the one who most recently scored a goal).
    pub fn season_first(
        managers: Vec<Manager>,
        decks: Arc<ElevenDecks>,
        division: u8,
        scenario: Option<SoloScenario>,
        first: u8,
        seed: u64,
    ) -> Result<SeasonSession, SessionError<SeasonError>> {
        let n = u8::try_from(managers.len()).unwrap_or(u8::MAX);
        let mut config = SeasonConfig::new(decks, n, division);
        config.scenario = scenario;
        config.first = first;
        Session::season_of(managers, config, seed)
    }

    /// A new season as `config` says, its clubs named after `managers`.
    pub fn season_of(
        managers: Vec<Manager>,
        mut config: SeasonConfig,
        seed: u64,
    ) -> Result<SeasonSession, SessionError<SeasonError>> {
        config.names = managers.iter().map(|m| format!("{} FC", m.name)).collect();
        // At the table each choice is the manager's, asked as it comes.
        config.ask = true;
        Session::create(managers, config, seed, ())
    }
}

/// The log's privacy probe: a season of 1 to 4 managers in Division 1
/// to 3 (drawn from `seed`), played by random bots.
pub fn probe(seed: u64) -> Result<Box<dyn crate::ui::probe::LogProbe>, String> {
    use crate::engine::Game as _;
    let decks = Arc::new(ElevenDecks::default_decks().map_err(|e| e.to_string())?);
    let managers = 1 + (seed % 4) as u8;
    let mut config = SeasonConfig::new(decks, managers, 1 + (seed % 3) as u8);
    // Half the probes ask, so the questions' answers are played too.
    config.ask = seed.is_multiple_of(2);
    let game = Season::new(&config, seed).map_err(|e| e.to_string())?;
    crate::ui::probe::Probe::new(game, (), (), hidden_from, seed).boxed()
}

/// What `reader` may not see: the Tactic, Objective and Director decks,
/// and what other clubs hold in secret (Tactic cards, the Objectives on
/// offer and kept, the Directors in the draft, Kit Sponsors), less any
/// name the reader holds a copy of.
fn hidden_from(
    g: &Season,
    _names: &(),
    _context: &(),
    reader: Option<Seat>,
) -> crate::ui::probe::Hidden {
    let d = &g.config.decks;
    let tactic = |t: &usize| d.tactics.get(*t).map(|c| c.name.clone());
    let objective = |o: &usize| d.objectives.get(*o).map(|c| c.name.clone());
    let director = |x: &usize| d.directors.get(*x).map(|c| c.name.clone());
    let mut supply: Vec<String> = g.decks.tactics.deck.iter().filter_map(tactic).collect();
    supply.extend(g.decks.objectives.deck.iter().filter_map(objective));
    supply.extend(g.decks.directors.deck.iter().filter_map(director));
    let mut mine = Vec::new();
    let mut hands = Vec::new();
    for (c, club) in g.clubs.iter().enumerate() {
        let mut held: Vec<String> = club.tactics.iter().filter_map(tactic).collect();
        held.extend(club.objective_offer.iter().filter_map(objective));
        held.extend(club.director_hand.iter().filter_map(director));
        if !club.objective_revealed {
            held.extend(club.objective.iter().filter_map(objective));
        }
        held.extend(
            club.sponsors
                .iter()
                .filter(|s| s.contract == Contract::Kit)
                .filter_map(|s| d.sponsors.get(s.card).map(|x| x.front.name.clone())),
        );
        if reader == Some(Seat(c as u8)) {
            mine.extend(held);
        } else {
            hands.extend(held);
        }
    }
    hands.retain(|t| !mine.contains(t));
    crate::ui::probe::Hidden { supply, hands }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::session::{Controller, Pace};

    #[test]
    fn code_names_read_as_words() {
        assert_eq!(words("TemporaryStrength(2)"), "Temporary Strength 2");
        assert_eq!(words("FanBaseIncrease"), "Fan Base Increase");
        assert_eq!(sentence("ann ends the Day".into()), "Ann ends the Day.");
        assert_eq!(gains(&[2, 0, 1, 0]), "+2 Cash, +1 Operation");
    }

    fn session(seed: u64, humans: usize) -> SeasonSession {
        let decks = Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")));
        let managers = ["Ann", "Bo"]
            .iter()
            .enumerate()
            .map(|(i, n)| Manager {
                name: (*n).into(),
                controller: if i < humans {
                    Controller::Human
                } else {
                    Controller::Bot(Strength::Heuristic)
                },
            })
            .collect();
        Session::season(managers, decks, 1, None, seed).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Plays a season with both seats deciding by their first legal action
    /// and returns it.
    fn played(seed: u64, decisions: usize) -> SeasonSession {
        let mut s = session(seed, 2);
        for _ in 0..decisions {
            let Some(seat) = s.actor() else { break };
            let legal = s.game().legal(seat);
            // A Day's first legal action is often a Hire: buy, then end.
            let Some(a) = legal.first().cloned() else {
                break;
            };
            if s.act(seat, a).is_err() {
                break;
            }
        }
        s
    }

    use crate::ui::seating::Seated as _;

    #[test]
    fn no_line_names_another_managers_hidden_cards() {
        for seed in [1, 2, 3] {
            let s = played(seed, 400);
            let decks = s.game().config.decks.clone();
            for reader in [None, Some(Seat(0)), Some(Seat(1))] {
                let log: Vec<String> = s.log_for(reader).into_iter().map(|l| l.text).collect();
                assert!(!log.is_empty());
                for (c, club) in s.game().clubs.iter().enumerate() {
                    if reader == Some(Seat(c as u8)) {
                        continue;
                    }
                    let mut hidden: Vec<String> = club
                        .tactics
                        .iter()
                        .filter_map(|t| decks.tactics.get(*t))
                        .map(|t| t.name.clone())
                        .collect();
                    if !club.objective_revealed {
                        hidden.extend(
                            club.objective
                                .and_then(|o| decks.objectives.get(o))
                                .map(|o| o.name.clone()),
                        );
                    }
                    for line in &log {
                        for h in &hidden {
                            assert!(
                                !line.contains(&format!("Tactic card {h}"))
                                    && !line.contains(&format!("Objective {h}")),
                                "{reader:?} reads {h} of club {c}: {line}"
                            );
                        }
                        assert!(!line.contains("Seat("), "{line}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_heuristic_seat_plays_the_season_bot_and_the_log_names_people() {
        let mut s = session(4, 1);
        s.pace = Pace::Instant;
        let mut guard = 0;
        while s.game().to_act() != crate::engine::ToAct::Over && guard < 3000 {
            guard += 1;
            if s.step(f64::MAX) {
                continue;
            }
            let Some(seat) = s.human_actor() else { break };
            let legal = s.game().legal(seat);
            let pick = legal
                .iter()
                .find(|a| matches!(a, super::super::season::Action::EndTurn))
                .or(legal.first())
                .cloned();
            let Some(a) = pick else { break };
            s.act(seat, a).unwrap_or_else(|e| panic!("{e}"));
        }
        assert!(s.game().is_over(), "the season ends");
        let log = s.log_for(Some(Seat(0)));
        assert!(log.iter().any(|l| l.text.starts_with("Bo ")), "bot lines");
        assert!(
            log.iter()
                .any(|l| l.text.contains("wins") || l.text.contains("share"))
        );
    }
}

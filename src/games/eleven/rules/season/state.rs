//! The season's state: the Transfer Area, the decks, the League table,
//! every club, the Week and Day, and whose decision it is.

use super::action::SeasonError;
use super::club::{Club, OwnedCard, OwnedPlayer};
use super::event::Event;
use super::solo::SoloScenario;
use crate::engine::{GameRng, Seat};
use crate::games::eleven::deck::{Division, ElevenDecks};
use crate::games::eleven::league::{League, ScriptedDice};
use crate::games::eleven::matchday::Tokens;
use crate::games::eleven::vocab::{Colour, PlayerKind, Side};
use rand::SeedableRng as _;
use rand::seq::SliceRandom as _;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

/// Weeks in a season.
pub const WEEKS: u8 = 6;
/// Cards in each row of the Transfer Area.
pub const ROW: usize = 5;
/// Production by Stat level 1-5: Cash, Fan Base, Operation, Fitness
/// (decision 3 in `docs/eleven.md` section 11).
pub const PRODUCTION: [[u32; 5]; 4] = [
    [3, 5, 6, 7, 9],
    [1, 2, 3, 4, 5],
    [1, 2, 3, 3, 4],
    [2, 4, 6, 8, 10],
];
/// The first slot a Basic Hire may take (the 3 rightmost: 2, 3, 4).
pub const MARKET_FROM: usize = 2;

/// Everything needed to start a season except the seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeasonConfig {
    /// The validated cards.
    pub decks: Arc<ElevenDecks>,
    /// Managers (1-4).
    pub managers: u8,
    /// The Division played (1-3).
    pub division: u8,
    /// The club names, one a manager (missing ones are "Club N").
    #[serde(default)]
    pub names: Vec<String>,
    /// Solo: the Scenario sheet played, if any.
    #[serde(default)]
    pub scenario: Option<SoloScenario>,
    /// The First player of Week 1, a seat: the manager who most recently
    /// scored a goal (setup step 10). Seat 0 unless the table says.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub first: u8,
    /// The Stadium keeps its spaces for Stands #3 and #4 and Adboard #3
    /// (the rulebook): the other tokens share the 4 spaces left. Saves
    /// from before the field read `false`: one pool of 7 spaces for all.
    #[serde(default)]
    pub reserved_spaces: bool,
    /// The Maintenance track's Infrastructure count starts with the 2
    /// printed Stands and 2 printed Adboards (the rulebook's setup
    /// example: "4 Stadium Infrastructure (2 Stands and 2 Adboards) ...
    /// positions 3, 4, and 1"). `false` is the house rule that counts only
    /// the tokens built; saves from before the field read `false`.
    #[serde(default)]
    pub printed_infrastructure: bool,
    /// The managers answer each choice of an effect as it comes (a
    /// [`super::ask::Question`]): the cards drawn to keep, a failed die to
    /// roll again, the tied Player, the Staff card a Suspension pair goes
    /// on. Off (simulations, saves from before the field), the answers an
    /// action's `picks` leave out take the defaults of decision 46.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ask: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl SeasonConfig {
    /// A season of `managers` in `division` with the default names.
    pub fn new(decks: Arc<ElevenDecks>, managers: u8, division: u8) -> SeasonConfig {
        SeasonConfig {
            decks,
            managers,
            division,
            names: Vec::new(),
            scenario: None,
            first: 0,
            reserved_spaces: true,
            printed_infrastructure: true,
            ask: false,
        }
    }
}

/// A deck and its discard pile (card indexes; the top is the last).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pile {
    /// The deck, face down.
    pub deck: Vec<usize>,
    /// The discard pile.
    pub discard: Vec<usize>,
}

impl Pile {
    /// A shuffled deck of `cards`.
    pub fn shuffled(mut cards: Vec<usize>, rng: &mut GameRng) -> Pile {
        cards.shuffle(rng);
        Pile {
            deck: cards,
            discard: Vec::new(),
        }
    }

    /// The top card; an empty deck is made again from the discard pile.
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<usize> {
        if self.deck.is_empty() && !self.discard.is_empty() {
            self.deck = std::mem::take(&mut self.discard);
            self.deck.shuffle(rng);
        }
        self.deck.pop()
    }

    /// Cards in the deck and the discard pile.
    pub fn len(&self) -> usize {
        self.deck.len() + self.discard.len()
    }

    /// Whether both are empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The Transfer Area: three rows of five (slot 0 leftmost, 4 rightmost;
/// an empty slot when a deck ran dry) and the four decks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransferArea {
    /// The Player row.
    pub players: Vec<Option<usize>>,
    /// The Staff row.
    pub staff: Vec<Option<usize>>,
    /// The Sponsor row.
    pub sponsors: Vec<Option<usize>>,
    /// Regular Players.
    pub player_deck: Pile,
    /// Youngsters.
    pub youngsters: Pile,
    /// Veterans.
    pub veterans: Pile,
    /// Staff.
    pub staff_deck: Pile,
    /// Sponsors.
    pub sponsor_deck: Pile,
}

/// The other decks beside the Transfer Area.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decks {
    /// Board Meeting cards.
    pub board: Pile,
    /// Tactic cards.
    pub tactics: Pile,
    /// Objective cards.
    pub objectives: Pile,
    /// Director cards (the draft deals from it).
    pub directors: Pile,
    /// Opponent cards played and discarded.
    pub opponents_played: Vec<usize>,
}

/// Cards returned to the box (not used this season).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Boxed {
    /// Staff cards (other player counts, unused First Trainers).
    pub staff: Vec<usize>,
    /// Director cards not drafted.
    pub directors: Vec<usize>,
    /// Opponent cards not dealt.
    pub opponents: Vec<usize>,
}

/// Where the Week is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Setup: the Director draft, round 0-2.
    Draft(u8),
    /// Setup: keep one of two Objectives.
    Objective,
    /// Monday: the Board Meeting of each club in turn order.
    BoardMeeting,
    /// Tuesday (0), Wednesday (1), Thursday (2): turns in order.
    Day(u8),
    /// Friday: each club plays its Match in turn order, then rolls its
    /// consequence.
    Matchday,
    /// Solo End of the Week: wipe a row or not.
    Wipe,
    /// The season is over.
    Over,
}

impl Phase {
    /// A name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draft(_) => "the Director draft",
            Phase::Objective => "the Objective choice",
            Phase::BoardMeeting => "Monday's Board Meeting",
            Phase::Day(0) => "Tuesday",
            Phase::Day(1) => "Wednesday",
            Phase::Day(_) => "Thursday",
            Phase::Matchday => "Matchday",
            Phase::Wipe => "the End of the Week",
            Phase::Over => "the end of the season",
        }
    }
}

/// One club's Final Scoring, line by line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonScore {
    /// League position (ties share the higher).
    pub position: u32,
    /// 1. League position VP.
    pub league: i32,
    /// 2. VP tokens (supply, Youngsters, Objective).
    pub tokens: i32,
    /// 3. Staff sets.
    pub staff_sets: i32,
    /// 4. Stadium Infrastructure.
    pub infrastructure: i32,
    /// 5. Office track.
    pub office: i32,
    /// 6. Suspension tokens (negative).
    pub suspensions: i32,
    /// Solo: the Scenario's extra scoring.
    pub scenario: i32,
    /// The sum.
    pub total: i32,
}

/// The state of a season.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Season {
    /// How it was set up.
    pub config: SeasonConfig,
    pub(crate) rng: GameRng,
    /// The Week (1-6).
    pub week: u8,
    /// Where the Week is.
    pub phase: Phase,
    /// The First player (holds the Stage marker).
    pub first: Seat,
    /// Seats still to decide in this phase, the next first.
    pub queue: Vec<Seat>,
    /// Every club, by seat.
    pub clubs: Vec<Club>,
    /// The Transfer Area.
    pub area: TransferArea,
    /// The other decks.
    pub decks: Decks,
    /// Cards in the box.
    pub boxed: Boxed,
    /// The League table: clubs first, then the Division's 8 Opponents.
    pub league: League,
    /// The Opponent cards each League team uses (club id per team; empty
    /// for managers' clubs).
    pub league_clubs: Vec<String>,
    /// Decisions taken.
    pub turns: u32,
    /// The Final Scoring, once the season is over.
    pub scores: Option<Vec<SeasonScore>>,
    /// The winning seats.
    pub winners: Vec<Seat>,
    /// Skip the Match commentary (simulations).
    #[serde(skip)]
    pub quiet: bool,
    /// Faces the season's dice show before the RNG rolls them (a
    /// scenario's `dice`): the Board Meeting die, the Match consequence
    /// and its Injury dice, a card effect's die, a random Player's die
    /// and the Opponent dice, in the order they are rolled; never the
    /// dice inside a Match.
    #[serde(default, skip_serializing_if = "VecDeque::is_empty")]
    pub script_dice: VecDeque<u8>,
    /// The question waiting for a manager's answer (only with
    /// [`SeasonConfig::ask`]); the season stands as before the action
    /// that asked it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Box<super::ask::Question>>,
    /// While an action resolves: the answers given to its questions so
    /// far, and the first question it reached without one.
    #[serde(skip)]
    pub(crate) feed: super::ask::Feed,
}

impl Season {
    /// The season's dice: the scripted faces first, then the RNG.
    pub(crate) fn dice(&mut self) -> ScriptedDice<'_> {
        ScriptedDice {
            faces: &mut self.script_dice,
            rng: &mut self.rng,
        }
    }
}

impl Season {
    /// Checks the configuration and sets the season up: the Transfer Area,
    /// every club's boards and starting cards, the Opponent decks and the
    /// League table, then deals the Directors for the draft.
    pub fn setup(
        config: &SeasonConfig,
        seed: u64,
        events: &mut Vec<Event>,
    ) -> Result<Season, SeasonError> {
        let n = config.managers;
        if !(1..=4).contains(&n) {
            return Err(SeasonError::Managers(n));
        }
        if !(1..=3).contains(&config.division) {
            return Err(SeasonError::Division(config.division));
        }
        if config.first >= n {
            return Err(SeasonError::First(config.first));
        }
        if let Some(s) = &config.scenario {
            if n != 1 {
                return Err(SeasonError::Scenario(format!(
                    "`{}` is a solo Scenario, played by 1 manager",
                    s.id
                )));
            }
            if let Some(d) = s.division
                && d != config.division
            {
                return Err(SeasonError::Scenario(format!(
                    "`{}` is played in Division {d}",
                    s.id
                )));
            }
        }
        let decks = &config.decks;
        let mut rng = GameRng::seed_from_u64(seed);
        let idx = |len: usize| (0..len).collect::<Vec<usize>>();
        let of_kind = |k: PlayerKind| -> Vec<usize> {
            decks
                .players
                .iter()
                .enumerate()
                .filter(|(_, p)| p.kind == k)
                .map(|(i, _)| i)
                .collect()
        };
        let mut area = TransferArea {
            player_deck: Pile::shuffled(of_kind(PlayerKind::Regular), &mut rng),
            youngsters: Pile::shuffled(of_kind(PlayerKind::Youngster), &mut rng),
            veterans: Pile::shuffled(of_kind(PlayerKind::Veteran), &mut rng),
            ..TransferArea::default()
        };
        let mut boxed = Boxed::default();
        // Staff: a First Trainer each, the rest by player count.
        let mut trainers: Vec<usize> = Vec::new();
        let mut staff: Vec<usize> = Vec::new();
        for (i, s) in decks.staff.iter().enumerate() {
            if s.first_trainer {
                trainers.push(i);
            } else if s.min_players <= n {
                staff.push(i);
            } else {
                boxed.staff.push(i);
            }
        }
        trainers.shuffle(&mut rng);
        if trainers.len() < usize::from(n) {
            return Err(SeasonError::Decks(format!(
                "{} First Trainers for {n} managers",
                trainers.len()
            )));
        }
        let my_trainers: Vec<usize> = trainers.drain(..usize::from(n)).collect();
        boxed.staff.extend(trainers);
        area.staff_deck = Pile::shuffled(staff, &mut rng);
        area.sponsor_deck = Pile::shuffled(idx(decks.sponsors.len()), &mut rng);
        for _ in 0..ROW {
            let p = area.player_deck.draw(&mut rng);
            area.players.push(p);
            let s = area.staff_deck.draw(&mut rng);
            area.staff.push(s);
            let s = area.sponsor_deck.draw(&mut rng);
            area.sponsors.push(s);
        }
        // Decks beside the area: a basic Tactic each, the rest shuffled.
        let mut basic: Vec<usize> = Vec::new();
        let mut other_tactics: Vec<usize> = Vec::new();
        for (i, t) in decks.tactics.iter().enumerate() {
            if t.basic {
                basic.push(i);
            } else {
                other_tactics.push(i);
            }
        }
        basic.shuffle(&mut rng);
        if basic.len() < usize::from(n) {
            return Err(SeasonError::Decks(format!(
                "{} basic Tactic cards for {n} managers",
                basic.len()
            )));
        }
        let my_tactics: Vec<usize> = basic.drain(..usize::from(n)).collect();
        other_tactics.extend(basic);
        let mut d = Decks {
            board: Pile::shuffled(idx(decks.board_meetings.len()), &mut rng),
            tactics: Pile::shuffled(other_tactics, &mut rng),
            objectives: Pile::shuffled(idx(decks.objectives.len()), &mut rng),
            directors: Pile::shuffled(idx(decks.directors.len()), &mut rng),
            opponents_played: Vec::new(),
        };
        // The League: the clubs, then the 8 Opponents of the Division.
        let Some((easy, hard)) = Division::decks_for(config.division) else {
            return Err(SeasonError::Division(config.division));
        };
        let names: Vec<String> = (0..usize::from(n))
            .map(|i| {
                config
                    .names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("Club {}", i + 1))
            })
            .collect();
        let opponents = division_clubs(decks, easy, hard);
        let league = League::new(
            &names,
            &opponents
                .iter()
                .map(|(_, name, die)| (name.clone(), *die))
                .collect::<Vec<_>>(),
        );
        let league_clubs = league_clubs(names.len(), &opponents);
        // Opponent cards: 3 different easier clubs on top of 3 different
        // advanced ones, for every club.
        let mut by_club: Vec<(String, Division, Vec<usize>)> = Vec::new();
        for (id, _, _) in &opponents {
            let Some(club) = decks.clubs.iter().find(|c| &c.id == id) else {
                continue;
            };
            let mut cards: Vec<usize> = decks
                .opponents
                .iter()
                .enumerate()
                .filter(|(_, o)| &o.club == id)
                .map(|(i, _)| i)
                .collect();
            cards.shuffle(&mut rng);
            by_club.push((id.clone(), club.division, cards));
        }
        let mut clubs: Vec<Club> = names
            .iter()
            .enumerate()
            .map(|(i, name)| Club::new(name.clone(), i))
            .collect();
        for club in &mut clubs {
            let mut stack: Vec<usize> = Vec::new();
            for division in [hard, easy] {
                let mut choices: Vec<usize> = by_club
                    .iter()
                    .enumerate()
                    .filter(|(_, (_, d, cards))| *d == division && !cards.is_empty())
                    .map(|(i, _)| i)
                    .collect();
                choices.shuffle(&mut rng);
                if choices.len() < 3 {
                    return Err(SeasonError::Decks(format!(
                        "fewer than 3 Opponent clubs left in deck {}",
                        division.label()
                    )));
                }
                for &c in choices.iter().take(3) {
                    if let Some(card) = by_club.get_mut(c).and_then(|(_, _, cards)| cards.pop()) {
                        stack.push(card);
                    }
                }
            }
            club.opponents = stack;
        }
        let mut boxed_opponents: Vec<usize> = (0..decks.opponents.len())
            .filter(|i| !clubs.iter().any(|c| c.opponents.contains(i)))
            .collect();
        boxed_opponents.sort_unstable();
        boxed.opponents = boxed_opponents;
        // Starting cards: a Veteran, a Youngster, the First Trainer and a
        // basic Tactic.
        for (i, club) in clubs.iter_mut().enumerate() {
            for pile in [&mut area.veterans, &mut area.youngsters] {
                if let Some(card) = pile.draw(&mut rng) {
                    club.players.push(new_player(decks, card));
                }
            }
            if let Some(&t) = my_trainers.get(i) {
                club.staff.push(OwnedCard {
                    card: t,
                    exhausted: false,
                    suspension: 0,
                });
            }
            club.tactics.extend(my_tactics.get(i).copied());
        }
        // The draft: 4 Directors each (solo: 4 revealed).
        for club in &mut clubs {
            for _ in 0..4 {
                if let Some(c) = d.directors.draw(&mut rng) {
                    club.director_hand.push(c);
                }
            }
        }
        let mut season = Season {
            config: config.clone(),
            rng,
            week: 1,
            phase: Phase::Draft(0),
            first: Seat(config.first),
            queue: Vec::new(),
            clubs,
            area,
            decks: d,
            boxed,
            league,
            league_clubs,
            turns: 0,
            scores: None,
            winners: Vec::new(),
            quiet: false,
            script_dice: VecDeque::new(),
            question: None,
            feed: super::ask::Feed::default(),
        };
        season.queue = season.all_seats();
        if let Some(s) = config.scenario.clone() {
            season.apply_scenario_setup(&s, events);
        }
        for c in 0..season.clubs.len() {
            let cards = season.jersey_cards(c);
            season.clubs[c].jerseys = Some(super::jersey::Jerseys::kick_off(&cards));
        }
        events.push(Event::SetUp {
            managers: n,
            division: config.division,
        });
        Ok(season)
    }

    /// Seats in turn order from the First player.
    pub fn all_seats(&self) -> Vec<Seat> {
        let n = self.clubs.len();
        (0..n)
            .map(|k| Seat(((self.first.index() + k) % n) as u8))
            .collect()
    }

    /// The club at `seat`.
    pub fn club(&self, seat: Seat) -> Option<&Club> {
        self.clubs.get(seat.index())
    }

    /// Who decides now, if one seat does.
    pub fn current(&self) -> Option<Seat> {
        if self.phase == Phase::Over {
            return None;
        }
        if let Some(seat) = self.question_seat() {
            return Some(seat);
        }
        self.queue.first().copied()
    }
}

impl Season {
    /// Where every card and marker is, counted by kind: each count must
    /// equal the deck's size (no card is created or lost). Keys: players,
    /// staff, sponsors, directors, tactics, objectives, board_meetings,
    /// opponents, league_markers.
    pub fn census(&self) -> Vec<(&'static str, usize, usize)> {
        let d = &self.config.decks;
        let row = |r: &[Option<usize>]| r.iter().flatten().count();
        let clubs = |f: &dyn Fn(&Club) -> usize| self.clubs.iter().map(f).sum::<usize>();
        vec![
            (
                "players",
                row(&self.area.players)
                    + self.area.player_deck.len()
                    + self.area.youngsters.len()
                    + self.area.veterans.len()
                    + clubs(&|c| c.players.len()),
                d.players.len(),
            ),
            (
                "staff",
                row(&self.area.staff)
                    + self.area.staff_deck.len()
                    + self.boxed.staff.len()
                    + clubs(&|c| c.staff.len()),
                d.staff.len(),
            ),
            (
                "sponsors",
                row(&self.area.sponsors)
                    + self.area.sponsor_deck.len()
                    + clubs(&|c| c.sponsors.len()),
                d.sponsors.len(),
            ),
            (
                "directors",
                self.decks.directors.len()
                    + self.boxed.directors.len()
                    + clubs(&|c| c.directors.len() + c.director_hand.len()),
                d.directors.len(),
            ),
            (
                "tactics",
                self.decks.tactics.len() + clubs(&|c| c.tactics.len()),
                d.tactics.len(),
            ),
            (
                "objectives",
                self.decks.objectives.len()
                    + clubs(&|c| usize::from(c.objective.is_some()) + c.objective_offer.len()),
                d.objectives.len(),
            ),
            (
                "board_meetings",
                self.decks.board.len() + clubs(&|c| usize::from(c.board.is_some())),
                d.board_meetings.len(),
            ),
            (
                "opponents",
                self.decks.opponents_played.len()
                    + self.boxed.opponents.len()
                    + clubs(&|c| c.opponents.len()),
                d.opponents.len(),
            ),
            (
                "league_markers",
                self.league.teams.len(),
                self.clubs.len() + 8,
            ),
        ]
    }
}

/// The Opponent clubs of the two decks a Division plays (`easy`, `hard`),
/// in the decks' order: id, name and die.
pub(crate) fn division_clubs(
    decks: &ElevenDecks,
    easy: Division,
    hard: Division,
) -> Vec<(String, String, Colour)> {
    decks
        .clubs
        .iter()
        .filter(|c| c.division == easy || c.division == hard)
        .map(|c| (c.id.clone(), c.name.clone(), c.die))
        .collect()
}

/// The Opponent club id of each League team: none for the `managers`'
/// clubs, then the Division's Opponents.
pub(crate) fn league_clubs(managers: usize, opponents: &[(String, String, Colour)]) -> Vec<String> {
    let mut out = vec![String::new(); managers];
    out.extend(opponents.iter().map(|(id, _, _)| id.clone()));
    out
}

/// A Player card as it comes into play: Untrained, no tokens.
pub fn new_player(decks: &ElevenDecks, card: usize) -> OwnedPlayer {
    let spaces = decks
        .players
        .get(card)
        .map_or(0, |p| p.trained.experience.len());
    OwnedPlayer {
        card,
        side: Side::Untrained,
        tokens: Tokens::default(),
        experience_filled: vec![false; spaces],
    }
}

//! The Stadium Memory game state and its rules.
//!
//! Everything here is pure: no file system, clocks or threads. The deal and
//! the dice come from the seeded RNG kept in the state (dice rolls are
//! chance nodes, resolved by [`Game::resolve_chance`]).

use super::StadiumMemoryError;
use super::action::Action;
use super::cards::{Card, CardSet, MAX_SIDE as MAX_SIDE_CHECK, PlayerId, Pos, Prize, PrizeCounts};
use super::event::{Event, Place};
use super::view::{Spot, StadiumMemoryView, Step};
use crate::engine::{BySeat, Game, GameRng, MAX_SEATS, Outcome, Seat, SeatSet, ToAct, Window};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The fewest seats at a table.
pub const MIN_SEATS: u8 = 2;
/// The most seats at a table.
pub const MAX_PLAYERS_AT_TABLE: u8 = 6;

/// House rules: the grid, the prize cards and how many pairs are dealt.
/// [`HouseRules::official`] gives the rulebook's game with the set's deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseRules {
    /// Rows of the stadium grid (1-26).
    pub rows: u8,
    /// Seats in each row (1-26).
    pub columns: u8,
    /// Player pairs dealt; `None` deals every player of the set, or as many
    /// as fit beside the prize cards when the grid is smaller than the deck.
    pub pairs: Option<u16>,
    /// Whether prize cards are in the deck at all.
    pub prizes: bool,
    /// Copies of each prize card (used when `prizes` is on).
    pub prize_counts: PrizeCounts,
}

impl HouseRules {
    /// The official rules: the set's grid and prize counts, every pair.
    pub fn official(cards: &CardSet) -> HouseRules {
        HouseRules {
            rows: cards.rows,
            columns: cards.columns,
            pairs: None,
            prizes: true,
            prize_counts: cards.prize_counts(),
        }
    }

    /// Seats of the grid.
    pub fn cells(&self) -> usize {
        usize::from(self.rows) * usize::from(self.columns)
    }

    /// The prize cards dealt.
    pub fn dealt_prizes(&self) -> PrizeCounts {
        if self.prizes {
            self.prize_counts
        } else {
            PrizeCounts::default()
        }
    }
}

/// Everything needed to start a game except the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StadiumMemoryConfig {
    /// The validated card set.
    pub cards: Arc<CardSet>,
    /// The house rules.
    pub rules: HouseRules,
    /// Seats at the table (2-6).
    pub seats: u8,
    /// Who moves first, as the table decided (the rulebook advises the last
    /// person to have watched a match in a stadium); `None` rolls for it:
    /// every seat rolls a die, the highest moves first, ties re-roll.
    pub first: Option<Seat>,
    /// Seats passed automatically in response windows from the start.
    pub auto_pass: SeatSet,
    /// Yellow and red cards "at any moment" (decisions 3 and 15, the
    /// default): a window between every two card turns, during a VAR look
    /// and before the extra move after a pair; the mover may play his own
    /// cards in his move; a yellow may name a player who is not moving.
    /// `false` is the earlier, narrower reading (windows only after a card
    /// and at a turn change, a yellow always on the mover), which a save
    /// made before this field existed keeps.
    #[serde(default)]
    pub any_moment: bool,
}

impl StadiumMemoryConfig {
    /// The official rules for `seats` players, first move by a roll.
    pub fn new(cards: Arc<CardSet>, seats: u8) -> Self {
        StadiumMemoryConfig {
            rules: HouseRules::official(&cards),
            cards,
            seats,
            first: None,
            auto_pass: SeatSet::EMPTY,
            any_moment: true,
        }
    }

    /// Player pairs dealt under these rules.
    pub fn pairs_in_play(&self) -> usize {
        let prizes = self.rules.dealt_prizes().total() as usize;
        let room = self.rules.cells().saturating_sub(prizes) / 2;
        match self.rules.pairs {
            Some(n) => usize::from(n),
            None => self.cards.players.len().min(room),
        }
    }

    /// Checks the configuration; the error says what to change.
    pub fn validate(&self) -> Result<(), StadiumMemoryError> {
        let bad = |m: String| Err(StadiumMemoryError::Config(m));
        if !(MIN_SEATS..=MAX_PLAYERS_AT_TABLE).contains(&self.seats) {
            return bad(format!(
                "{} seats: Stadium Memory seats {MIN_SEATS} to {MAX_PLAYERS_AT_TABLE}",
                self.seats
            ));
        }
        let r = &self.rules;
        if !(1..=MAX_SIDE_CHECK).contains(&r.rows) || !(1..=MAX_SIDE_CHECK).contains(&r.columns) {
            return bad(format!(
                "a {} x {} grid: rows and columns must be 1-{MAX_SIDE_CHECK}",
                r.rows, r.columns
            ));
        }
        if let Some(s) = self.first
            && s.index() >= usize::from(self.seats)
        {
            return bad(format!(
                "{s} cannot move first at a table of {}",
                self.seats
            ));
        }
        let pairs = self.pairs_in_play();
        if pairs == 0 {
            return bad(match r.pairs {
                Some(0) => "at least one pair of players must be dealt".into(),
                _ => "the grid has no room for a single pair of players beside the prize cards"
                    .into(),
            });
        }
        if pairs > self.cards.players.len() {
            return bad(format!(
                "{pairs} pairs asked for, but the set has {} players",
                self.cards.players.len()
            ));
        }
        let cards = pairs * 2 + r.dealt_prizes().total() as usize;
        if cards > r.cells() {
            return bad(format!(
                "{cards} cards do not fit {} rows of {} seats",
                r.rows, r.columns
            ));
        }
        Ok(())
    }
}

/// What a seat holds in front of it (all face up, so public).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holding {
    /// The players whose pairs it took, in the order taken.
    pub pairs: Vec<PlayerId>,
    /// Unused prize cards.
    pub prizes: PrizeCounts,
}

impl Holding {
    /// Cards held: two per pair plus unused prizes (the tie-break).
    pub fn cards(&self) -> u32 {
        self.pairs.len() as u32 * 2 + self.prizes.total()
    }

    /// Its most valuable pair by `cards`' points (the last taken of
    /// equals), if it holds any.
    pub fn best_pair(&self, cards: &CardSet) -> Option<PlayerId> {
        self.pairs.iter().copied().max_by_key(|&p| cards.points(p))
    }

    /// The points of its most valuable pair (0 with none).
    pub fn best_points(&self, cards: &CardSet) -> u32 {
        self.best_pair(cards).map_or(0, |p| cards.points(p))
    }
}

/// A card seen face up: where, what, and in which turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// The grid seat.
    pub pos: Pos,
    /// The card.
    pub card: Card,
    /// The turn number ([`Game::turns`]) when it was seen.
    pub turn: u32,
}

/// When a response window opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Moment {
    /// A card was just turned face up.
    Turned,
    /// The turn just passed to a new player, who has not moved yet.
    TurnChange,
    /// The mover just looked at a card with VAR; `first` is that card while
    /// a second look is still to come (`None`: the look is over).
    Peeked {
        /// The card looked at, when a second look follows.
        first: Option<Pos>,
    },
    /// The mover took a pair and is about to move again.
    MovesAgain,
}

/// The step the game is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Rolling for the first move (chance).
    FirstRoll {
        /// Each seat's roll this round (0: not rolled yet).
        rolls: [u8; MAX_SEATS],
        /// Seats still rolling (all at first, then the tied ones).
        contenders: SeatSet,
    },
    /// A response window is open: `window` says who is asked.
    Window(Moment),
    /// The mover turns the first card (or uses VAR or PLAY GAME first).
    Move,
    /// The mover turns the second card.
    Second,
    /// The mover looks at cards with VAR.
    Peek {
        /// The card already looked at, if any.
        first: Option<Pos>,
    },
    /// A PLAY GAME match: the dice are rolling (chance).
    Match {
        /// Who played PLAY GAME.
        challenger: Seat,
        /// Who was challenged.
        opponent: Seat,
        /// The challenger's roll in this round, once rolled.
        first_roll: Option<u8>,
    },
    /// The match's winner picks a pair from the loser.
    Take {
        /// Who played PLAY GAME (the turn passes on from this seat).
        challenger: Seat,
        /// Who won.
        winner: Seat,
        /// Who lost.
        loser: Seat,
    },
    /// The game is over.
    Over,
}

/// An exact position to start from (scenarios, worked examples, tests).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Rows of the grid.
    pub rows: u8,
    /// Seats per row.
    pub columns: u8,
    /// Every seat of the grid in row-major order; `None` is an empty seat.
    pub grid: Vec<Option<Card>>,
    /// Pairs each seat already holds (missing seats hold none).
    pub pairs: Vec<Vec<PlayerId>>,
    /// Prizes each seat holds.
    pub prizes: Vec<PrizeCounts>,
    /// Yellow cards each seat has been shown.
    pub yellows: Vec<u8>,
    /// Used prize cards in the discard pile.
    pub discard: PrizeCounts,
    /// Who moves first; `None` rolls for it.
    pub first: Option<Seat>,
    /// The next dice to roll, before the RNG takes over (each 1-6).
    pub dice: Vec<u8>,
}

/// A Stadium Memory game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StadiumMemory {
    pub(super) cards: Arc<CardSet>,
    pub(super) rules: HouseRules,
    pub(super) seats: u8,
    pub(super) rng: GameRng,
    /// Loaded dice (scenarios), next first; the RNG rolls once they run out.
    pub(super) dice: Vec<u8>,
    /// Row-major; `None` is an empty seat.
    pub(super) grid: Vec<Option<Card>>,
    /// Cards turned face up in the current move, in order.
    pub(super) up: [Option<Pos>; 2],
    /// Cards on the table (face up or down).
    pub(super) on_table: u16,
    pub(super) holdings: BySeat<Holding>,
    pub(super) discard: PrizeCounts,
    pub(super) yellows: BySeat<u8>,
    /// Every card turned face up in public, in order.
    pub(super) reveals: Vec<Reveal>,
    /// Each seat's own VAR looks.
    pub(super) peeks: BySeat<Vec<Reveal>>,
    pub(super) current: Seat,
    pub(super) phase: Phase,
    pub(super) window: Option<Window>,
    pub(super) auto_pass: SeatSet,
    /// VAR was used in the current move.
    pub(super) var_used: bool,
    /// Yellow and red cards at any moment ([`StadiumMemoryConfig::any_moment`]).
    #[serde(default)]
    pub(super) any_moment: bool,
    /// Players booked while not moving, who sit out their next move.
    #[serde(default)]
    pub(super) sits_out: SeatSet,
    pub(super) turns: u32,
    pub(super) prizes_played: [u32; 4],
    pub(super) outcome: Option<Outcome>,
}

/// The engine's event sink for this game's events (a list, or
/// [`NoLog`] on the fast path).
pub(super) trait Sink: crate::engine::Sink<Event> {}

impl<T: crate::engine::Sink<Event>> Sink for T {}

pub(super) use crate::engine::NoLog;

impl StadiumMemory {
    /// Starts from an exact position (validated like a configuration).
    /// The grid's shape replaces the configuration's rows and columns.
    pub fn from_setup(
        config: &StadiumMemoryConfig,
        setup: &Setup,
        seed: u64,
    ) -> Result<StadiumMemory, StadiumMemoryError> {
        let bad = |m: String| Err(StadiumMemoryError::Config(m));
        let mut config = config.clone();
        config.rules.rows = setup.rows;
        config.rules.columns = setup.columns;
        if !(MIN_SEATS..=MAX_PLAYERS_AT_TABLE).contains(&config.seats) {
            return bad(format!("{} seats: the game seats 2 to 6", config.seats));
        }
        if !(1..=MAX_SIDE_CHECK).contains(&setup.rows)
            || !(1..=MAX_SIDE_CHECK).contains(&setup.columns)
        {
            return bad(format!(
                "a {} x {} grid: rows and columns must be 1-{MAX_SIDE_CHECK}",
                setup.rows, setup.columns
            ));
        }
        if setup.grid.len() != config.rules.cells() {
            return bad(format!(
                "the grid lists {} seats, but {} rows of {} make {}",
                setup.grid.len(),
                setup.rows,
                setup.columns,
                config.rules.cells()
            ));
        }
        let n = usize::from(config.seats);
        if setup.pairs.len() > n || setup.prizes.len() > n || setup.yellows.len() > n {
            return bad(format!("more seats listed than the {n} at the table"));
        }
        if let Some(s) = setup.first
            && s.index() >= n
        {
            return bad(format!("{s} cannot move first at a table of {n}"));
        }
        if let Some(d) = setup.dice.iter().find(|d| !(1..=6).contains(*d)) {
            return bad(format!("a die shows 1-6, not {d}"));
        }
        let players = config.cards.players.len();
        let mut count = vec![0u8; players];
        for card in setup.grid.iter().flatten() {
            if let Card::Player(p) = card {
                let Some(c) = count.get_mut(usize::from(*p)) else {
                    return bad(format!("there is no player #{p}"));
                };
                *c = c.saturating_add(1);
            }
        }
        for (i, c) in count.iter().enumerate() {
            if *c != 0 && *c != 2 {
                let name = config.cards.players.get(i).map_or("?", |p| p.id.as_str());
                return bad(format!(
                    "`{name}` is on the grid {c} time(s): a player is on the table as a whole pair or not at all"
                ));
            }
        }
        for held in &setup.pairs {
            for p in held {
                let Some(c) = count.get_mut(usize::from(*p)) else {
                    return bad(format!("there is no player #{p}"));
                };
                if *c != 0 {
                    let name = config
                        .cards
                        .players
                        .get(usize::from(*p))
                        .map_or("?", |p| p.id.as_str());
                    return bad(format!(
                        "`{name}` is both held and on the table, or held twice"
                    ));
                }
                *c = 2;
            }
        }
        let on_table = setup.grid.iter().filter(|c| c.is_some()).count();
        let mut g = StadiumMemory {
            cards: config.cards.clone(),
            rules: config.rules.clone(),
            seats: config.seats,
            rng: GameRng::seed_from_u64(seed),
            dice: setup.dice.clone(),
            grid: setup.grid.clone(),
            up: [None, None],
            on_table: u16::try_from(on_table).unwrap_or(u16::MAX),
            holdings: BySeat::from_fn(n, |s| Holding {
                pairs: setup.pairs.get(s.index()).cloned().unwrap_or_default(),
                prizes: setup.prizes.get(s.index()).copied().unwrap_or_default(),
            }),
            discard: setup.discard,
            yellows: BySeat::from_fn(n, |s| setup.yellows.get(s.index()).copied().unwrap_or(0)),
            reveals: Vec::new(),
            peeks: BySeat::from_fn(n, |_| Vec::new()),
            current: Seat(0),
            phase: Phase::Over,
            window: None,
            auto_pass: config.auto_pass,
            var_used: false,
            any_moment: config.any_moment,
            sits_out: SeatSet::EMPTY,
            turns: 0,
            prizes_played: [0; 4],
            outcome: None,
        };
        g.begin(setup.first, &mut NoLog);
        Ok(g)
    }

    fn deal(config: &StadiumMemoryConfig, seed: u64) -> Result<StadiumMemory, StadiumMemoryError> {
        config.validate()?;
        let mut rng = GameRng::seed_from_u64(seed);
        let mut players: Vec<PlayerId> = (0..config.cards.players.len())
            .filter_map(|i| PlayerId::try_from(i).ok())
            .collect();
        let pairs = config.pairs_in_play();
        if pairs < players.len() {
            players.shuffle(&mut rng);
            players.truncate(pairs);
            players.sort_unstable();
        }
        let mut deck: Vec<Card> = players
            .iter()
            .flat_map(|&p| [Card::Player(p), Card::Player(p)])
            .collect();
        let prizes = config.rules.dealt_prizes();
        for p in Prize::ALL {
            deck.extend(std::iter::repeat_n(
                Card::Prize(p),
                usize::from(prizes.get(p)),
            ));
        }
        deck.shuffle(&mut rng);
        let cells = config.rules.cells();
        let on_table = deck.len();
        let grid: Vec<Option<Card>> = deck
            .into_iter()
            .map(Some)
            .chain(std::iter::repeat(None))
            .take(cells)
            .collect();
        let n = usize::from(config.seats);
        Ok(StadiumMemory {
            cards: config.cards.clone(),
            rules: config.rules.clone(),
            seats: config.seats,
            rng,
            dice: Vec::new(),
            grid,
            up: [None, None],
            on_table: u16::try_from(on_table).unwrap_or(u16::MAX),
            holdings: BySeat::from_fn(n, |_| Holding::default()),
            discard: PrizeCounts::default(),
            yellows: BySeat::from_fn(n, |_| 0),
            reveals: Vec::new(),
            peeks: BySeat::from_fn(n, |_| Vec::new()),
            current: Seat(0),
            phase: Phase::Over,
            window: None,
            auto_pass: config.auto_pass,
            var_used: false,
            any_moment: config.any_moment,
            sits_out: SeatSet::EMPTY,
            turns: 0,
            prizes_played: [0; 4],
            outcome: None,
        })
    }

    // ----- public accessors -----

    /// The card set.
    pub fn cards(&self) -> &Arc<CardSet> {
        &self.cards
    }

    /// The house rules in force.
    pub fn rules(&self) -> &HouseRules {
        &self.rules
    }

    /// The step the game is in.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player whose turn it is (the mover).
    pub fn current(&self) -> Seat {
        self.current
    }

    /// Rows of the grid.
    pub fn rows(&self) -> u8 {
        self.rules.rows
    }

    /// Seats per row.
    pub fn columns(&self) -> u8 {
        self.rules.columns
    }

    /// The grid, row-major: what lies on each seat (face up or down).
    pub fn grid(&self) -> &[Option<Card>] {
        &self.grid
    }

    /// The cards face up in the current move, in the order turned.
    pub fn face_up(&self) -> impl Iterator<Item = Pos> + '_ {
        self.up.iter().flatten().copied()
    }

    /// Cards on the table.
    pub fn on_table(&self) -> usize {
        usize::from(self.on_table)
    }

    /// What `seat` holds.
    pub fn holding(&self, seat: Seat) -> Option<&Holding> {
        self.holdings.get(seat)
    }

    /// Used prize cards.
    pub fn discard(&self) -> PrizeCounts {
        self.discard
    }

    /// Yellow cards shown to `seat` so far.
    pub fn yellows(&self, seat: Seat) -> u8 {
        self.yellows.get(seat).copied().unwrap_or(0)
    }

    /// Seats passed automatically in windows.
    pub fn auto_pass(&self) -> SeatSet {
        self.auto_pass
    }

    /// Every card turned face up in public, in order.
    pub fn reveals(&self) -> &[Reveal] {
        &self.reveals
    }

    /// `seat`'s own VAR looks.
    pub fn peeks(&self, seat: Seat) -> &[Reveal] {
        self.peeks.get(seat).map_or(&[], Vec::as_slice)
    }

    /// Prize cards played so far, by kind ([`Prize::index`]).
    pub fn prizes_played(&self) -> [u32; 4] {
        self.prizes_played
    }

    /// The seat asked in the open response window, if one is open.
    pub fn asking(&self) -> Option<Seat> {
        match self.phase {
            Phase::Window(_) => self.window.as_ref().and_then(Window::asking),
            _ => None,
        }
    }

    /// Points of `seat`: the sum of the pairs it holds.
    pub fn points(&self, seat: Seat) -> u32 {
        self.holdings
            .get(seat)
            .map_or(0, |h| h.pairs.iter().map(|&p| self.cards.points(p)).sum())
    }

    /// Every card of the game wherever it is (grid, holdings, discard
    /// pile), sorted: the same list from the deal to the end.
    pub fn census(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.grid.iter().flatten().copied().collect();
        for h in self.holdings.values() {
            for &p in &h.pairs {
                all.push(Card::Player(p));
                all.push(Card::Player(p));
            }
            for k in Prize::ALL {
                all.extend(std::iter::repeat_n(
                    Card::Prize(k),
                    usize::from(h.prizes.get(k)),
                ));
            }
        }
        for k in Prize::ALL {
            all.extend(std::iter::repeat_n(
                Card::Prize(k),
                usize::from(self.discard.get(k)),
            ));
        }
        all.sort_unstable();
        all
    }

    /// The grid seat `pos` as a printed label (`C7`).
    pub fn place(&self, pos: Pos) -> Place {
        Place::new(pos, self.rules.columns)
    }

    // ----- helpers -----

    fn n(&self) -> usize {
        usize::from(self.seats)
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        seat.step(self.n(), true)
    }

    fn is_up(&self, pos: Pos) -> bool {
        self.up.contains(&Some(pos))
    }

    fn up_count(&self) -> usize {
        self.up.iter().filter(|u| u.is_some()).count()
    }

    /// Cards lying face down.
    pub fn face_down(&self) -> usize {
        usize::from(self.on_table).saturating_sub(self.up_count())
    }

    fn card_at(&self, pos: Pos) -> Option<Card> {
        self.grid.get(pos.index()).copied().flatten()
    }

    fn is_face_down(&self, pos: Pos) -> bool {
        self.card_at(pos).is_some() && !self.is_up(pos)
    }

    fn holds(&self, seat: Seat, prize: Prize) -> bool {
        self.holdings
            .get(seat)
            .is_some_and(|h| h.prizes.get(prize) > 0)
    }

    fn pairs_of(&self, seat: Seat) -> usize {
        self.holdings.get(seat).map_or(0, |h| h.pairs.len())
    }

    /// Whether `seat` is asked in a window now: it is not the mover, it
    /// holds a yellow or a red, and it has not chosen auto-pass.
    pub(super) fn can_respond(&self, seat: Seat) -> bool {
        seat != self.current
            && !self.auto_pass.contains(seat)
            && (self.holds(seat, Prize::Yellow) || self.holds(seat, Prize::Red))
    }

    /// The yellows `seat` may show to players who are not moving (at any
    /// moment only).
    fn bookings(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.any_moment && self.holds(seat, Prize::Yellow) {
            for target in Seat::all(self.n()) {
                if target != seat && target != self.current {
                    out.push(Action::YellowOn { target });
                }
            }
        }
    }

    /// Players booked while not moving, who sit out their next move.
    pub fn sits_out(&self) -> SeatSet {
        self.sits_out
    }

    /// Whether yellow and red cards are played at any moment.
    pub fn any_moment(&self) -> bool {
        self.any_moment
    }

    fn can_use_var(&self, seat: Seat) -> bool {
        !self.var_used && self.holds(seat, Prize::Var) && self.face_down() >= 2
    }

    fn can_challenge(&self, seat: Seat, opponent: Seat) -> bool {
        !self.var_used
            && opponent != seat
            && opponent.index() < self.n()
            && self.holds(seat, Prize::PlayGame)
            && self.pairs_of(seat) > 0
            && self.pairs_of(opponent) > 0
    }

    fn roll(&mut self) -> u8 {
        if self.dice.is_empty() {
            self.rng.random_range(1..=6u8)
        } else {
            self.dice.remove(0)
        }
    }

    fn play_prize(&mut self, seat: Seat, prize: Prize) {
        if let Some(h) = self.holdings.get_mut(seat) {
            h.prizes.take(prize);
        }
        self.discard.add(prize);
        if let Some(c) = self.prizes_played.get_mut(prize.index()) {
            *c += 1;
        }
    }

    // ----- the flow of play -----

    fn begin(&mut self, first: Option<Seat>, log: &mut impl Sink) {
        match first {
            Some(s) => self.start_turn(s, log),
            None => {
                self.phase = Phase::FirstRoll {
                    rolls: [0; MAX_SEATS],
                    contenders: SeatSet::all(self.n()),
                };
            }
        }
    }

    /// The turn passes to `seat` (a new player, or the same after a red):
    /// a window opens before the new mover acts.
    fn start_turn(&mut self, seat: Seat, log: &mut impl Sink) {
        self.current = seat;
        self.turns += 1;
        self.var_used = false;
        log.push(|| Event::TurnStarted { seat });
        self.open_window(Moment::TurnChange, log);
    }

    fn open_window(&mut self, moment: Moment, log: &mut impl Sink) {
        let w = Window::open(self.current, self.n(), true, SeatSet::all(self.n()), |s| {
            self.can_respond(s)
        });
        if w.asking().is_some() {
            self.window = Some(w);
            self.phase = Phase::Window(moment);
        } else {
            self.window = None;
            self.after_window(moment, log);
        }
    }

    fn after_window(&mut self, moment: Moment, log: &mut impl Sink) {
        self.window = None;
        match moment {
            Moment::TurnChange | Moment::MovesAgain => self.phase = Phase::Move,
            Moment::Peeked { first } => {
                self.phase = match first {
                    Some(pos) => Phase::Peek { first: Some(pos) },
                    None => Phase::Move,
                }
            }
            Moment::Turned => {
                if self.up_count() == 1 && self.face_down() > 0 {
                    self.phase = Phase::Second;
                } else {
                    self.resolve_move(log);
                }
            }
        }
    }

    /// Both cards (or the last one) are up and nobody stopped the move.
    fn resolve_move(&mut self, log: &mut impl Sink) {
        let seat = self.current;
        let a = self.up[0].and_then(|p| self.card_at(p).map(|c| (p, c)));
        let b = self.up[1].and_then(|p| self.card_at(p).map(|c| (p, c)));
        self.up = [None, None];
        if let (Some((pa, Card::Player(x))), Some((pb, Card::Player(y)))) = (a, b)
            && x == y
        {
            self.remove_from_grid(pa);
            self.remove_from_grid(pb);
            if let Some(h) = self.holdings.get_mut(seat) {
                h.pairs.push(x);
            }
            let cols = self.rules.columns;
            log.push(|| Event::PairTaken {
                seat,
                player: x,
                at: [Place::new(pa, cols), Place::new(pb, cols)],
            });
            if self.on_table == 0 {
                self.finish(log);
            } else {
                // Another turn for the same player: a new move. Under the
                // earlier reading no window opens (the one after the second
                // card has just closed); at any moment one does.
                self.turns += 1;
                self.var_used = false;
                self.phase = Phase::Move;
                log.push(|| Event::MovesAgain { seat });
                if self.any_moment {
                    self.open_window(Moment::MovesAgain, log);
                }
            }
            return;
        }
        for (pos, card) in [a, b].into_iter().flatten() {
            let at = self.place(pos);
            match card {
                Card::Player(_) => log.push(|| Event::TurnedBack { at }),
                Card::Prize(prize) => {
                    self.remove_from_grid(pos);
                    if let Some(h) = self.holdings.get_mut(seat) {
                        h.prizes.add(prize);
                    }
                    log.push(|| Event::PrizeTaken { seat, prize, at });
                }
            }
        }
        if self.on_table == 0 {
            self.finish(log);
        } else {
            self.pass_turn(seat, log);
        }
    }

    /// The seat asked has answered without ending the moment: the window
    /// asks the next holder, or closes and the game goes on.
    fn next_in_window(&mut self, moment: Moment, log: &mut impl Sink) {
        if let Some(mut w) = self.window.take() {
            w.pass(|s| self.can_respond(s));
            if w.asking().is_some() {
                self.window = Some(w);
                return;
            }
        }
        self.after_window(moment, log);
    }

    /// The turn passes in order from `seat` to the next player, skipping
    /// (once each) the players booked while not moving (decision 15).
    fn pass_turn(&mut self, seat: Seat, log: &mut impl Sink) {
        let mut next = self.next_seat(seat);
        for _ in 0..self.n() {
            if !self.sits_out.contains(next) {
                break;
            }
            self.sits_out = self.sits_out.without(next);
            let skipped = next;
            log.push(|| Event::SatOut { seat: skipped });
            next = self.next_seat(next);
        }
        self.start_turn(next, log);
    }

    /// `by` shows a yellow to `target`: the booking counts; a second one
    /// acts as a red played by `by`. On the player moving it stops the move
    /// and the turn passes; on another player he sits out his next move
    /// and the moment goes on (decisions 4 and 15). True when the turn
    /// changed.
    fn book(&mut self, by: Seat, target: Seat, log: &mut impl Sink) -> bool {
        self.play_prize(by, Prize::Yellow);
        let count = self
            .yellows
            .get(target)
            .copied()
            .unwrap_or(0)
            .saturating_add(1);
        if let Some(y) = self.yellows.get_mut(target) {
            *y = count;
        }
        log.push(|| Event::YellowShown {
            by,
            on: target,
            count,
        });
        if count % 2 == 0 {
            // The second yellow on the same player acts as a red played by
            // whoever showed it.
            log.push(|| Event::SecondYellow { by, on: target });
            self.window = None;
            self.stop_move(log);
            self.start_turn(by, log);
            true
        } else if target == self.current {
            self.window = None;
            self.stop_move(log);
            self.pass_turn(target, log);
            true
        } else {
            self.sits_out = self.sits_out.with(target);
            log.push(|| Event::WillSitOut { seat: target });
            false
        }
    }

    fn remove_from_grid(&mut self, pos: Pos) {
        if let Some(cell) = self.grid.get_mut(pos.index())
            && cell.take().is_some()
        {
            self.on_table = self.on_table.saturating_sub(1);
        }
    }

    /// A yellow or red stops the move: every card it turned up goes back
    /// face down exactly where it was, prizes included.
    fn stop_move(&mut self, log: &mut impl Sink) {
        let seat = self.current;
        let up = std::mem::take(&mut self.up);
        for pos in up.into_iter().flatten() {
            let at = self.place(pos);
            log.push(|| Event::TurnedBack { at });
        }
        log.push(|| Event::Stopped { seat });
    }

    fn finish(&mut self, log: &mut impl Sink) {
        self.window = None;
        self.up = [None, None];
        let points: Vec<u32> = Seat::all(self.n()).map(|s| self.points(s)).collect();
        let cards: Vec<u32> = self.holdings.values().map(Holding::cards).collect();
        let best = points.iter().copied().max().unwrap_or(0);
        let top: Vec<Seat> = Seat::all(self.n())
            .filter(|s| points.get(s.index()) == Some(&best))
            .collect();
        let most = top
            .iter()
            .filter_map(|s| cards.get(s.index()).copied())
            .max()
            .unwrap_or(0);
        let winners: Vec<Seat> = top
            .iter()
            .copied()
            .filter(|s| cards.get(s.index()) == Some(&most))
            .collect();
        let ending = if top.len() == 1 {
            "points"
        } else if winners.len() == 1 {
            "cards"
        } else {
            "shared"
        };
        let outcome = Outcome {
            winners: winners.clone(),
            ending: ending.to_string(),
        };
        log.push(|| Event::GameOver {
            winners,
            points,
            cards,
            ending: ending.to_string(),
        });
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
    }

    fn resolve_first_roll(
        &mut self,
        mut rolls: [u8; MAX_SEATS],
        contenders: SeatSet,
        log: &mut impl Sink,
    ) {
        let next = contenders
            .iter()
            .find(|s| rolls.get(s.index()).is_some_and(|r| *r == 0));
        if let Some(seat) = next {
            let value = self.roll();
            if let Some(r) = rolls.get_mut(seat.index()) {
                *r = value;
            }
            log.push(|| Event::FirstRoll { seat, value });
        }
        let all_rolled = contenders
            .iter()
            .all(|s| rolls.get(s.index()).is_some_and(|r| *r > 0));
        if !all_rolled {
            self.phase = Phase::FirstRoll { rolls, contenders };
            return;
        }
        let best = contenders
            .iter()
            .filter_map(|s| rolls.get(s.index()).copied())
            .max()
            .unwrap_or(0);
        let mut tied = SeatSet::EMPTY;
        for s in contenders.iter() {
            if rolls.get(s.index()) == Some(&best) {
                tied = tied.with(s);
            }
        }
        match tied.iter().next() {
            Some(first) if tied.len() == 1 => {
                log.push(|| Event::FirstMover { seat: first });
                self.start_turn(first, log);
            }
            _ => {
                let seats: Vec<Seat> = tied.iter().collect();
                log.push(|| Event::FirstTie { seats, value: best });
                self.phase = Phase::FirstRoll {
                    rolls: [0; MAX_SEATS],
                    contenders: tied,
                };
            }
        }
    }

    fn resolve_match_roll(
        &mut self,
        challenger: Seat,
        opponent: Seat,
        first_roll: Option<u8>,
        log: &mut impl Sink,
    ) {
        let value = self.roll();
        let Some(first) = first_roll else {
            log.push(|| Event::MatchRoll {
                seat: challenger,
                value,
            });
            self.phase = Phase::Match {
                challenger,
                opponent,
                first_roll: Some(value),
            };
            return;
        };
        log.push(|| Event::MatchRoll {
            seat: opponent,
            value,
        });
        if first == value {
            log.push(|| Event::MatchTied { goals: value });
            self.phase = Phase::Match {
                challenger,
                opponent,
                first_roll: None,
            };
            return;
        }
        let (winner, loser) = if first > value {
            (challenger, opponent)
        } else {
            (opponent, challenger)
        };
        let score = if first > value {
            (first, value)
        } else {
            (value, first)
        };
        log.push(|| Event::MatchWon {
            winner,
            loser,
            score,
        });
        let held = self
            .holdings
            .get(loser)
            .map_or(&[][..], |h| h.pairs.as_slice());
        match held {
            [only] => {
                let player = *only;
                self.move_pair(winner, loser, player, log);
                self.pass_turn(challenger, log);
            }
            _ => {
                self.phase = Phase::Take {
                    challenger,
                    winner,
                    loser,
                };
            }
        }
    }

    fn move_pair(&mut self, winner: Seat, loser: Seat, player: PlayerId, log: &mut impl Sink) {
        if let Some(h) = self.holdings.get_mut(loser)
            && let Some(i) = h.pairs.iter().position(|&p| p == player)
        {
            h.pairs.remove(i);
            if let Some(w) = self.holdings.get_mut(winner) {
                w.pairs.push(player);
            }
            log.push(|| Event::PairWon {
                winner,
                loser,
                player,
            });
        }
    }

    // ----- legality -----

    fn illegal(&self, action: &Action, rule: impl Into<String>) -> StadiumMemoryError {
        StadiumMemoryError::Illegal {
            action: action.notation(&self.cards, self.rules.columns),
            rule: rule.into(),
        }
    }

    fn waiting_for(&self) -> String {
        match self.phase {
            Phase::FirstRoll { .. } => "the dice for the first move are rolling".into(),
            Phase::Window(_) => match self.asking() {
                Some(s) => format!("{s} may answer with a yellow or red card"),
                None => "a response window".into(),
            },
            Phase::Move => format!("{} is to move", self.current),
            Phase::Second => format!("{} is to turn a second card", self.current),
            Phase::Peek { .. } => format!("{} is looking with VAR", self.current),
            Phase::Match { .. } => "the match dice are rolling".into(),
            Phase::Take { winner, .. } => format!("{winner} is taking a pair"),
            Phase::Over => "the game is over".into(),
        }
    }

    /// Checks `action` for `seat` against the rules without changing anything.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), StadiumMemoryError> {
        let cols = self.rules.columns;
        if self.outcome.is_some() {
            return Err(StadiumMemoryError::Over(action.notation(&self.cards, cols)));
        }
        if seat.index() >= self.n() {
            return Err(self.illegal(action, format!("there is no {seat} at this table")));
        }
        let may_act = matches!(self.to_act(), ToAct::One(s) if s == seat);
        if !may_act {
            return Err(StadiumMemoryError::NotYourTurn {
                action: action.notation(&self.cards, cols),
                seat,
                waiting: self.waiting_for(),
            });
        }
        let at = |pos: &Pos| pos.notation(cols);
        let window = matches!(self.phase, Phase::Window(_));
        let moving = matches!(self.phase, Phase::Move | Phase::Second | Phase::Peek { .. });
        match action {
            Action::YellowOn { target } => {
                return if !self.any_moment {
                    Err(self.illegal(
                        action,
                        "this game plays the earlier reading: a yellow books the player moving (`yellow`)",
                    ))
                } else if !window && !moving {
                    Err(self.illegal(action, self.waiting_for()))
                } else if !self.holds(seat, Prize::Yellow) {
                    Err(self.illegal(action, "you hold no yellow card"))
                } else if target.index() >= self.n() {
                    Err(self.illegal(action, format!("there is no {target} at this table")))
                } else if *target == seat {
                    Err(self.illegal(action, "a yellow books another player"))
                } else if *target == self.current {
                    Err(self.illegal(action, "the player moving is booked with `yellow`"))
                } else {
                    Ok(())
                };
            }
            Action::Red if moving && self.any_moment => {
                return if self.holds(seat, Prize::Red) {
                    Ok(())
                } else {
                    Err(self.illegal(action, "you hold no red card"))
                };
            }
            _ => {}
        }
        match (self.phase, action) {
            (Phase::Move | Phase::Second, Action::Turn { pos }) => {
                if self.card_at(*pos).is_none() {
                    Err(self.illegal(action, format!("there is no card on {}", at(pos))))
                } else if self.is_up(*pos) {
                    Err(self.illegal(action, format!("{} is already face up", at(pos))))
                } else {
                    Ok(())
                }
            }
            (Phase::Move, Action::UseVar) => {
                if !self.holds(seat, Prize::Var) {
                    Err(self.illegal(action, "you hold no VAR card"))
                } else if self.var_used {
                    Err(self.illegal(action, "VAR was already used before this move"))
                } else if self.face_down() < 2 {
                    Err(self.illegal(action, "VAR looks at two cards; fewer are left"))
                } else {
                    Ok(())
                }
            }
            (Phase::Peek { first }, Action::Peek { pos }) => {
                if !self.is_face_down(*pos) {
                    Err(self.illegal(action, format!("no face-down card on {}", at(pos))))
                } else if first == Some(*pos) {
                    Err(self.illegal(action, "VAR looks at two different cards"))
                } else {
                    Ok(())
                }
            }
            (Phase::Move, Action::PlayGame { opponent }) => {
                if !self.holds(seat, Prize::PlayGame) {
                    Err(self.illegal(action, "you hold no PLAY GAME card"))
                } else if self.var_used {
                    Err(self.illegal(
                        action,
                        "after VAR the move must be made (PLAY GAME replaces a whole turn)",
                    ))
                } else if *opponent == seat || opponent.index() >= self.n() {
                    Err(self.illegal(action, "challenge another player at the table"))
                } else if self.pairs_of(seat) == 0 || self.pairs_of(*opponent) == 0 {
                    Err(self.illegal(action, "both players must already hold at least one pair"))
                } else {
                    Ok(())
                }
            }
            (Phase::Move, Action::AskAgain) => {
                if self.auto_pass.contains(seat) {
                    Ok(())
                } else {
                    Err(self.illegal(action, "you are already asked in windows"))
                }
            }
            (Phase::Take { loser, .. }, Action::TakePair { player }) => {
                if self
                    .holdings
                    .get(loser)
                    .is_some_and(|h| h.pairs.contains(player))
                {
                    Ok(())
                } else {
                    Err(self.illegal(action, format!("{loser} holds no such pair")))
                }
            }
            (Phase::Window(_), Action::Pass | Action::AutoPass) => Ok(()),
            (Phase::Window(_), Action::Yellow) => {
                if self.holds(seat, Prize::Yellow) {
                    Ok(())
                } else {
                    Err(self.illegal(action, "you hold no yellow card"))
                }
            }
            (Phase::Window(_), Action::Red) => {
                if self.holds(seat, Prize::Red) {
                    Ok(())
                } else {
                    Err(self.illegal(action, "you hold no red card"))
                }
            }
            (Phase::Window(_), _) => Err(self.illegal(
                action,
                "in a response window: yellow, red, pass or autopass",
            )),
            (Phase::Move, _) => Err(self.illegal(
                action,
                "at the start of a move: turn a card, or use VAR or PLAY GAME",
            )),
            (Phase::Second, _) => Err(self.illegal(action, "turn a second card")),
            (Phase::Peek { .. }, _) => Err(self.illegal(action, "look at a card with VAR")),
            (Phase::Take { .. }, _) => Err(self.illegal(action, "take one of the loser's pairs")),
            (Phase::FirstRoll { .. } | Phase::Match { .. } | Phase::Over, _) => {
                Err(self.illegal(action, self.waiting_for()))
            }
        }
    }

    // ----- applying -----

    pub(super) fn apply_inner(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl Sink,
    ) -> Result<(), StadiumMemoryError> {
        self.check(seat, action)?;
        let cols = self.rules.columns;
        match (self.phase, *action) {
            (Phase::Move | Phase::Second, Action::Turn { pos }) => {
                let Some(card) = self.card_at(pos) else {
                    return Ok(());
                };
                if self.up[0].is_none() {
                    self.up[0] = Some(pos);
                } else {
                    self.up[1] = Some(pos);
                }
                let turn = self.turns;
                self.reveals.push(Reveal { pos, card, turn });
                log.push(|| Event::Turned {
                    seat,
                    card,
                    at: Place::new(pos, cols),
                });
                self.open_window(Moment::Turned, log);
            }
            (Phase::Move, Action::UseVar) => {
                self.play_prize(seat, Prize::Var);
                self.var_used = true;
                log.push(|| Event::VarUsed { seat });
                self.phase = Phase::Peek { first: None };
            }
            (Phase::Peek { first }, Action::Peek { pos }) => {
                let Some(card) = self.card_at(pos) else {
                    return Ok(());
                };
                let turn = self.turns;
                if let Some(p) = self.peeks.get_mut(seat) {
                    p.push(Reveal { pos, card, turn });
                }
                log.push(|| Event::Peeked {
                    seat,
                    card,
                    at: Place::new(pos, cols),
                });
                let again = first.is_none() && self.face_down() >= 2;
                if self.any_moment {
                    let first = again.then_some(pos);
                    self.open_window(Moment::Peeked { first }, log);
                } else {
                    self.phase = if again {
                        Phase::Peek { first: Some(pos) }
                    } else {
                        Phase::Move
                    };
                }
            }
            (Phase::Move, Action::PlayGame { opponent }) => {
                self.play_prize(seat, Prize::PlayGame);
                log.push(|| Event::Challenged { seat, opponent });
                self.phase = Phase::Match {
                    challenger: seat,
                    opponent,
                    first_roll: None,
                };
            }
            (Phase::Move, Action::AskAgain) => {
                self.auto_pass = self.auto_pass.without(seat);
                log.push(|| Event::AutoPassSet { seat, on: false });
            }
            (
                Phase::Take {
                    challenger,
                    winner,
                    loser,
                },
                Action::TakePair { player },
            ) => {
                self.move_pair(winner, loser, player, log);
                self.pass_turn(challenger, log);
            }
            (Phase::Window(moment), Action::Pass | Action::AutoPass) => {
                if *action == Action::AutoPass {
                    self.auto_pass = self.auto_pass.with(seat);
                    log.push(|| Event::AutoPassSet { seat, on: true });
                }
                self.next_in_window(moment, log);
            }
            (Phase::Window(_), Action::Yellow) => {
                let target = self.current;
                self.book(seat, target, log);
            }
            (Phase::Window(moment), Action::YellowOn { target }) => {
                let turn_changed = self.book(seat, target, log);
                if !turn_changed {
                    // The moment goes on: the others are still asked.
                    self.next_in_window(moment, log);
                }
            }
            (Phase::Move | Phase::Second | Phase::Peek { .. }, Action::YellowOn { target }) => {
                // The mover books another player and goes on with his move.
                self.book(seat, target, log);
            }
            (Phase::Move | Phase::Second | Phase::Peek { .. }, Action::Red) => {
                // The mover's own red: everyone stops, and the turn comes
                // back to him as a fresh move.
                self.play_prize(seat, Prize::Red);
                log.push(|| Event::RedShown {
                    by: seat,
                    mover: seat,
                });
                self.window = None;
                self.stop_move(log);
                self.start_turn(seat, log);
            }
            (Phase::Window(_), Action::Red) => {
                let mover = self.current;
                self.play_prize(seat, Prize::Red);
                log.push(|| Event::RedShown { by: seat, mover });
                self.window = None;
                self.stop_move(log);
                self.start_turn(seat, log);
            }
            // `check` accepted only the pairs above.
            _ => {}
        }
        Ok(())
    }

    /// A public description of the step, for views.
    pub(super) fn step(&self) -> Step {
        match self.phase {
            Phase::FirstRoll { rolls, contenders } => Step::FirstRoll {
                rolls: Seat::all(self.n())
                    .map(|s| {
                        if contenders.contains(s) {
                            rolls.get(s.index()).copied().filter(|r| *r > 0)
                        } else {
                            None
                        }
                    })
                    .collect(),
            },
            Phase::Window(moment) => Step::Window {
                moment,
                asking: self.asking(),
            },
            Phase::Move => Step::Move,
            Phase::Second => Step::Second,
            Phase::Peek { first } => Step::Peek {
                looked: u8::from(first.is_some()),
            },
            Phase::Match {
                challenger,
                opponent,
                first_roll,
            } => Step::Match {
                challenger,
                opponent,
                challenger_roll: first_roll,
            },
            Phase::Take { winner, loser, .. } => Step::Take { winner, loser },
            Phase::Over => Step::Over,
        }
    }

    /// What lies on grid seat `i` as `viewer`-independent public
    /// information.
    pub(super) fn spot(&self, i: usize) -> Spot {
        match self.grid.get(i).copied().flatten() {
            None => Spot::Empty,
            Some(card) => {
                if self.up.iter().any(|u| u.is_some_and(|p| p.index() == i)) {
                    Spot::FaceUp(card)
                } else {
                    Spot::FaceDown
                }
            }
        }
    }
}

impl Game for StadiumMemory {
    type Config = StadiumMemoryConfig;
    type Action = Action;
    type View = StadiumMemoryView;
    type Event = Event;
    type Error = StadiumMemoryError;

    fn new(config: &StadiumMemoryConfig, seed: u64) -> Result<Self, StadiumMemoryError> {
        let mut g = StadiumMemory::deal(config, seed)?;
        g.begin(config.first, &mut NoLog);
        Ok(g)
    }

    fn seat_count(&self) -> usize {
        self.n()
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Over,
            Phase::FirstRoll { .. } | Phase::Match { .. } => ToAct::Chance,
            Phase::Window(_) => match self.asking() {
                Some(s) => ToAct::One(s),
                None => ToAct::Over,
            },
            Phase::Take { winner, .. } => ToAct::One(winner),
            Phase::Move | Phase::Second | Phase::Peek { .. } => ToAct::One(self.current),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if !matches!(self.to_act(), ToAct::One(s) if s == seat) {
            return;
        }
        let face_down = |out: &mut Vec<Action>, skip: Option<Pos>, make: fn(Pos) -> Action| {
            for (i, cell) in self.grid.iter().enumerate() {
                if cell.is_none() {
                    continue;
                }
                let Ok(raw) = u16::try_from(i) else { break };
                let pos = Pos(raw);
                if !self.is_up(pos) && skip != Some(pos) {
                    out.push(make(pos));
                }
            }
        };
        match self.phase {
            Phase::Window(_) => {
                out.push(Action::Pass);
                out.push(Action::AutoPass);
                if self.holds(seat, Prize::Yellow) {
                    out.push(Action::Yellow);
                }
                if self.holds(seat, Prize::Red) {
                    out.push(Action::Red);
                }
                self.bookings(seat, out);
            }
            Phase::Move => {
                face_down(out, None, |pos| Action::Turn { pos });
                if self.can_use_var(seat) {
                    out.push(Action::UseVar);
                }
                for opponent in Seat::all(self.n()) {
                    if self.can_challenge(seat, opponent) {
                        out.push(Action::PlayGame { opponent });
                    }
                }
                if self.auto_pass.contains(seat) {
                    out.push(Action::AskAgain);
                }
            }
            Phase::Second => face_down(out, None, |pos| Action::Turn { pos }),
            Phase::Peek { first } => face_down(out, first, |pos| Action::Peek { pos }),
            Phase::Take { loser, .. } => {
                if let Some(h) = self.holdings.get(loser) {
                    for &player in &h.pairs {
                        let a = Action::TakePair { player };
                        if !out.contains(&a) {
                            out.push(a);
                        }
                    }
                }
            }
            Phase::FirstRoll { .. } | Phase::Match { .. } | Phase::Over => {}
        }
        // At any moment the mover may play his own cards during his move.
        if self.any_moment && matches!(self.phase, Phase::Move | Phase::Second | Phase::Peek { .. })
        {
            if self.holds(seat, Prize::Red) {
                out.push(Action::Red);
            }
            self.bookings(seat, out);
        }
    }

    fn apply_with(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl crate::engine::Sink<Event>,
    ) -> Result<(), StadiumMemoryError> {
        self.apply_inner(seat, action, log)
    }

    fn resolve_chance(&mut self, events: &mut impl crate::engine::Sink<Event>) {
        match self.phase {
            Phase::FirstRoll { rolls, contenders } => {
                self.resolve_first_roll(rolls, contenders, events)
            }
            Phase::Match {
                challenger,
                opponent,
                first_roll,
            } => self.resolve_match_roll(challenger, opponent, first_roll, events),
            _ => {}
        }
    }

    fn view(&self, seat: Seat) -> StadiumMemoryView {
        StadiumMemoryView::of(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn turns(&self) -> u32 {
        self.turns
    }
}

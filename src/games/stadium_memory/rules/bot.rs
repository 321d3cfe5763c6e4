//! Memory bots for Stadium Memory: from forgetful to perfect recall.
//!
//! A bot sees only its seat's view. The view carries the public history of
//! every card ever turned face up and the seat's own VAR looks, so perfect
//! recall is possible; a bot's *forgetting* is its own choice, drawn from
//! the bot's own RNG: each card it sees turned up is remembered with a
//! chance that depends on its level, and it keeps only its level's span of
//! most recent memories (older ones fade, as a person's do). Without the
//! span, a card turned up five times would be remembered by almost any
//! level, and every level above forgetful would play alike. Its own VAR
//! looks are always remembered (it looks in order to use them at once).
//!
//! | level | name | recall | span |
//! |---|---|---|---|
//! | 0 | forgetful | 0 | 0 |
//! | 1 | casual | 1/4 | 6 |
//! | 2 | fan | 1/2 | 12 |
//! | 3 | pundit | 3/4 | 24 |
//! | 4 | perfect | 1 | all |
//!
//! Play, the same at every level (only memory differs):
//! - turn a pair it knows; else PLAY GAME when the match is worth more than
//!   a turn; else VAR to learn two unknown cards; else an unknown card;
//! - the second card: the match of the first if known; after a prize, a
//!   known prize; else an unknown card;
//! - in a window: when the mover has just turned up a pair, stop them (a red
//!   if it holds one and remembers where the pair lies, so the turn comes to
//!   it and it takes the pair; else a yellow); at a turn change, steal the
//!   turn with a red (or a second yellow, which acts as a red) when it knows
//!   a pair on the table; otherwise pass. It never chooses auto-pass.
//! - after winning a match, take the loser's most valuable pair.

use super::action::Action;
use super::cards::{Card, Pos, Prize};
use super::state::{Moment, StadiumMemory};
use super::view::{Spot, StadiumMemoryView, Step};
use crate::bots::{Bot, RandomBot};
use crate::engine::{GameRng, Seat};
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};

/// How much a bot remembers: level 0 (forgetful) to 4 (perfect recall).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MemoryLevel(u8);

impl MemoryLevel {
    /// The highest level (perfect recall).
    pub const MAX: u8 = 4;
    /// Every level, weakest first.
    pub const ALL: [MemoryLevel; 5] = [
        MemoryLevel(0),
        MemoryLevel(1),
        MemoryLevel(2),
        MemoryLevel(3),
        MemoryLevel(4),
    ];

    /// Level `n`, capped at [`MemoryLevel::MAX`].
    pub fn new(n: u8) -> MemoryLevel {
        MemoryLevel(n.min(Self::MAX))
    }

    /// The level number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The chance of remembering a card seen turned up.
    pub fn recall(self) -> f64 {
        f64::from(self.0) / f64::from(Self::MAX)
    }

    /// How many remembered cards it keeps (the most recent ones).
    pub fn span(self) -> usize {
        match self.0 {
            0 => 0,
            1 => 6,
            2 => 12,
            3 => 24,
            _ => usize::MAX,
        }
    }

    /// The level's name.
    pub fn name(self) -> &'static str {
        match self.0 {
            0 => "forgetful",
            1 => "casual",
            2 => "fan",
            3 => "pundit",
            _ => "perfect",
        }
    }

    /// Parses a name or a number.
    pub fn parse(s: &str) -> Option<MemoryLevel> {
        let s = s.trim().to_ascii_lowercase();
        if let Ok(n) = s.parse::<u8>() {
            return (n <= Self::MAX).then_some(MemoryLevel(n));
        }
        Self::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// A bot that remembers cards with a level-dependent chance.
#[derive(Clone, Debug)]
pub struct MemoryBot {
    level: MemoryLevel,
    name: String,
    rng: GameRng,
    /// What it believes lies face down on each seat of the grid.
    memory: Vec<Option<Card>>,
    /// Public reveals already considered.
    seen: usize,
    /// Own VAR looks already considered.
    peeks_seen: usize,
    /// Remembered seats, oldest first (for the span).
    order: std::collections::VecDeque<Pos>,
}

impl MemoryBot {
    /// A bot of `level`; `seed` drives its forgetting and its tie-breaks.
    pub fn new(level: MemoryLevel, seed: u64) -> Self {
        MemoryBot {
            level,
            name: format!("memory-{} ({})", level.number(), level.name()),
            rng: GameRng::seed_from_u64(seed ^ 0x5EA7_u64.rotate_left(17)),
            memory: Vec::new(),
            seen: 0,
            peeks_seen: 0,
            order: std::collections::VecDeque::new(),
        }
    }

    /// The bot's level.
    pub fn level(&self) -> MemoryLevel {
        self.level
    }

    /// Remembers `card` at `pos` as its newest memory; the oldest fade
    /// past the level's span.
    fn remember(&mut self, pos: Pos, card: Card) {
        let Some(m) = self.memory.get_mut(pos.index()) else {
            return;
        };
        *m = Some(card);
        self.order.retain(|p| *p != pos);
        self.order.push_back(pos);
        while self.order.len() > self.level.span() {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(m) = self.memory.get_mut(old.index()) {
                *m = None;
            }
        }
    }

    /// Brings memory up to date with what the view shows.
    fn update(&mut self, view: &StadiumMemoryView) {
        if self.memory.len() != view.grid.len()
            || view.reveals.len() < self.seen
            || view.peeks.len() < self.peeks_seen
        {
            // A new game (or a different table): start afresh.
            self.memory = vec![None; view.grid.len()];
            self.order.clear();
            self.seen = 0;
            self.peeks_seen = 0;
        }
        let p = self.level.recall();
        let from = self.seen;
        self.seen = view.reveals.len();
        for r in view.reveals.iter().skip(from) {
            let keep = if p >= 1.0 {
                true
            } else if p <= 0.0 {
                false
            } else {
                self.rng.random_range(0.0..1.0) < p
            };
            if keep {
                self.remember(r.pos, r.card);
            }
        }
        let from = self.peeks_seen;
        self.peeks_seen = view.peeks.len();
        for r in view.peeks.iter().skip(from) {
            self.remember(r.pos, r.card);
        }
        for (m, spot) in self.memory.iter_mut().zip(&view.grid) {
            if *spot == Spot::Empty {
                *m = None;
            }
        }
        let memory = &self.memory;
        self.order
            .retain(|p| memory.get(p.index()).is_some_and(Option::is_some));
    }

    /// What it believes is face down at `pos`.
    fn known(&self, view: &StadiumMemoryView, pos: Pos) -> Option<Card> {
        if view.spot(pos) == Spot::FaceDown {
            self.memory.get(pos.index()).copied().flatten()
        } else {
            None
        }
    }

    /// A pair it remembers lying face down.
    fn known_pair(&self, view: &StadiumMemoryView) -> Option<(Pos, Pos)> {
        let mut first: Vec<(Card, Pos)> = Vec::new();
        for pos in view.face_down_positions() {
            if let Some(card @ Card::Player(_)) = self.known(view, pos) {
                if let Some((_, other)) = first.iter().find(|(c, _)| *c == card) {
                    return Some((*other, pos));
                }
                first.push((card, pos));
            }
        }
        None
    }

    /// The face-down seat holding `card`, other than `not`, if remembered.
    fn find(&self, view: &StadiumMemoryView, card: Card, not: Pos) -> Option<Pos> {
        view.face_down_positions()
            .find(|&p| p != not && self.known(view, p) == Some(card))
    }

    /// A random face-down seat it knows nothing about (or any face-down
    /// seat when it knows them all).
    fn unknown(&mut self, view: &StadiumMemoryView, not: Option<Pos>) -> Option<Pos> {
        let unknown: Vec<Pos> = view
            .face_down_positions()
            .filter(|&p| Some(p) != not && self.known(view, p).is_none())
            .collect();
        let pool = if unknown.is_empty() {
            view.face_down_positions()
                .filter(|&p| Some(p) != not)
                .collect()
        } else {
            unknown
        };
        if pool.is_empty() {
            None
        } else {
            let i = self.rng.random_range(0..pool.len());
            pool.get(i).copied()
        }
    }

    fn best_pair_points(view: &StadiumMemoryView, seat: Seat) -> u32 {
        view.holdings
            .get(seat.index())
            .map_or(0, |h| h.best_points(&view.cards))
    }

    fn holds(view: &StadiumMemoryView, prize: Prize) -> bool {
        view.holdings
            .get(view.seat.index())
            .is_some_and(|h| h.prizes.get(prize) > 0)
    }

    fn decide(&mut self, view: &StadiumMemoryView, legal: &[Action]) -> Option<Action> {
        match &view.step {
            Step::Window { moment, .. } => Some(self.respond(view, *moment, legal)),
            Step::Move => {
                if let Some((a, _)) = self.known_pair(view) {
                    return Some(Action::Turn { pos: a });
                }
                let mine = Self::best_pair_points(view, view.seat);
                let challenge = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::PlayGame { opponent } => {
                            Some((Self::best_pair_points(view, *opponent), *a))
                        }
                        _ => None,
                    })
                    .max_by_key(|(p, _)| *p);
                // Even odds: a match is worth half their best pair minus half
                // ours; play it when that beats a blind turn (about a point).
                if let Some((theirs, a)) = challenge
                    && challenge_pays(mine, theirs)
                {
                    return Some(a);
                }
                if legal.contains(&Action::UseVar) {
                    return Some(Action::UseVar);
                }
                self.unknown(view, None).map(|pos| Action::Turn { pos })
            }
            Step::Second => {
                let (first_pos, first) = view.face_up().next()?;
                let target = match first {
                    Card::Player(_) => self.find(view, first, first_pos),
                    Card::Prize(_) => view
                        .face_down_positions()
                        .find(|&p| matches!(self.known(view, p), Some(Card::Prize(_)))),
                };
                target
                    .or_else(|| self.unknown(view, Some(first_pos)))
                    .map(|pos| Action::Turn { pos })
            }
            Step::Peek { .. } => {
                let first = view.peeks.last().map(|r| r.pos);
                self.unknown(view, first).map(|pos| Action::Peek { pos })
            }
            Step::Take { loser, .. } => view
                .holdings
                .get(loser.index())
                .and_then(|h| h.best_pair(&view.cards))
                .map(|player| Action::TakePair { player }),
            _ => None,
        }
    }

    fn respond(&mut self, view: &StadiumMemoryView, moment: Moment, legal: &[Action]) -> Action {
        let booked = |s: Seat| view.yellows.get(s.index()).is_some_and(|y| y % 2 == 1);
        let up: Vec<(Pos, Card)> = view.face_up().collect();
        let exposed = match up.as_slice() {
            [(_, a @ Card::Player(_)), (_, b)] => a == b,
            _ => false,
        };
        window_answer(&WindowSight {
            moment,
            exposed,
            remembered: up
                .iter()
                .all(|(p, c)| self.memory.get(p.index()) == Some(&Some(*c))),
            red: legal.contains(&Action::Red) && Self::holds(view, Prize::Red),
            yellow: legal.contains(&Action::Yellow) && Self::holds(view, Prize::Yellow),
            mover_booked: booked(view.current),
            knows_pair: self.known_pair(view).is_some(),
            book_again: legal.iter().copied().find(|a| match a {
                Action::YellowOn { target } => booked(*target),
                _ => false,
            }),
        })
    }
}

/// Whether a PLAY GAME against a player whose best pair is worth `theirs`
/// beats a blind turn for one whose best pair is worth `mine`: the match
/// is a coin flip worth half their pair minus half one's own, and a turn
/// is worth about a point.
pub fn challenge_pays(mine: u32, theirs: u32) -> bool {
    theirs >= mine + 2
}

/// What a response window shows a seat, as the memory bots weigh it.
#[derive(Clone, Copy, Debug)]
pub struct WindowSight {
    /// When the window opened.
    pub moment: Moment,
    /// The mover's two cards face up are a pair.
    pub exposed: bool,
    /// The seat remembers both of those cards where they lie.
    pub remembered: bool,
    /// The seat may play a red now.
    pub red: bool,
    /// The seat may show the mover a yellow now.
    pub yellow: bool,
    /// The mover has had an odd number of yellows (one more acts as a red).
    pub mover_booked: bool,
    /// The seat knows a pair lying face down.
    pub knows_pair: bool,
    /// A legal yellow on a player, not moving, who has had an odd number.
    pub book_again: Option<Action>,
}

/// The memory bots' answer in a response window: when the mover has just
/// turned up a pair, stop them (a yellow that is their second when the
/// seat remembers the pair; else a red when it remembers the pair or holds
/// no yellow; else a yellow); at a turn change, steal the turn with a
/// second yellow or a red when a pair is known; book a player a second
/// time (it acts as a red) when a pair is known; else pass.
pub fn window_answer(w: &WindowSight) -> Action {
    if w.moment == Moment::Turned && w.exposed {
        if w.yellow && w.mover_booked && w.remembered {
            return Action::Yellow;
        }
        if w.red && (w.remembered || !w.yellow) {
            return Action::Red;
        }
        if w.yellow {
            return Action::Yellow;
        }
    }
    if matches!(w.moment, Moment::TurnChange | Moment::MovesAgain) && w.knows_pair {
        if w.yellow && w.mover_booked {
            return Action::Yellow;
        }
        if w.red {
            return Action::Red;
        }
    }
    // A second yellow on a player who is not moving acts as a red: the
    // turn comes here, worth it when a pair is known.
    match w.book_again {
        Some(a) if w.knows_pair => a,
        _ => Action::Pass,
    }
}

impl Bot<StadiumMemory> for MemoryBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: Option<&StadiumMemoryView>, legal: &[Action]) -> usize {
        let Some(view) = view else {
            return 0;
        };
        self.update(view);
        let wanted = self.decide(view, legal);
        match wanted.and_then(|a| legal.iter().position(|l| *l == a)) {
            Some(i) => i,
            None => {
                // Nothing sensible found: any legal action but auto-pass.
                let ok: Vec<usize> = (0..legal.len())
                    .filter(|&i| legal.get(i) != Some(&Action::AutoPass))
                    .collect();
                if ok.is_empty() {
                    0
                } else {
                    let k = self.rng.random_range(0..ok.len());
                    ok.get(k).copied().unwrap_or(0)
                }
            }
        }
    }
}

/// A kind of bot for a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BotKind {
    /// Uniformly random legal actions.
    Random,
    /// A memory bot of a level.
    Memory(MemoryLevel),
}

impl BotKind {
    /// The name used in summaries and on the command line.
    pub fn key(self) -> String {
        match self {
            BotKind::Random => "random".into(),
            BotKind::Memory(l) => format!("memory-{}", l.number()),
        }
    }

    /// Parses `random`, `memory-3`, `3` or a level name (`perfect`).
    pub fn parse(s: &str) -> Option<BotKind> {
        let s = s.trim().to_ascii_lowercase();
        if s == "random" {
            return Some(BotKind::Random);
        }
        let level = s.strip_prefix("memory-").unwrap_or(&s);
        MemoryLevel::parse(level).map(BotKind::Memory)
    }

    /// A fresh bot of this kind.
    pub fn build(self, seed: u64) -> Box<dyn Bot<StadiumMemory>> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Memory(l) => Box::new(MemoryBot::new(l, seed)),
        }
    }
}

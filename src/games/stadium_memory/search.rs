//! Stadium Memory's search bot: ISMCTS ([`crate::bots::ismcts`]) over games
//! imagined from the bot's own view ([`StadiumMemory::from_view`]), with
//! the perfect-memory bot as the prior at the root and [`RecallPlayout`]
//! finishing each imagined game.

use super::bot::{MemoryBot, MemoryLevel};
use super::{
    Action, Card, HouseRules, Moment, Phase, Pos, Prize, StadiumMemory, StadiumMemoryConfig,
    StadiumMemoryView,
};
use crate::bots::{Bot, Determinizer, Level, Playout, RandomBot, Rung, SearchBot, SearchConfig};
use crate::engine::{GameRng, Seat};
use rand::RngExt as _;

/// Deals Stadium Memory games from a view under the game's public rules.
#[derive(Clone, Debug)]
pub struct StadiumMemoryDeterminizer {
    rules: HouseRules,
}

impl StadiumMemoryDeterminizer {
    /// A determinizer for games set up as `config` says (only its public
    /// house rules are kept).
    pub fn new(config: &StadiumMemoryConfig) -> Self {
        StadiumMemoryDeterminizer {
            rules: config.rules.clone(),
        }
    }
}

impl Determinizer<StadiumMemory> for StadiumMemoryDeterminizer {
    fn seat(&self, view: &StadiumMemoryView) -> Seat {
        view.seat
    }

    fn determinize(
        &self,
        view: &StadiumMemoryView,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<StadiumMemory> {
        StadiumMemory::from_view(view, &self.rules, legal, rng)
    }
}

/// The search of each level for Stadium Memory.
pub fn search_config(level: Level) -> SearchConfig {
    // Left to its visits the search lost every one of 200 games to the
    // perfect-memory bot (docs/bots.md), so the root keeps to that bot's
    // choice, its prior, unless the visits clearly favour another.
    SearchConfig {
        prior_weight: 40.0,
        ..level.config()
    }
}

/// Stadium Memory's search bot of `level` for games set up as `config`
/// says, seeded with `seed`.
pub fn search_bot(
    level: Level,
    config: &StadiumMemoryConfig,
    seed: u64,
) -> SearchBot<StadiumMemory> {
    searcher(level.key(), search_config(level), config, seed)
}

/// The search bot named `name` searching as `search` says (the levels use
/// [`search_config`]).
pub fn searcher(
    name: &str,
    search: SearchConfig,
    config: &StadiumMemoryConfig,
    seed: u64,
) -> SearchBot<StadiumMemory> {
    SearchBot::new(
        name,
        search,
        Box::new(StadiumMemoryDeterminizer::new(config)),
        Box::new(RecallPlayout::default()),
        seed,
    )
    .with_prior(Box::new(MemoryBot::new(
        MemoryLevel::new(MemoryLevel::MAX),
        seed ^ 0x5EA2C4,
    )))
}

/// The bot of `rung` for games set up as `config` says, seeded with
/// `seed`: every rung of Stadium Memory's skill ladder (its heuristic is
/// the perfect-memory bot, the best memory level).
pub fn ladder_bot(
    rung: Rung,
    config: &StadiumMemoryConfig,
    seed: u64,
) -> Box<dyn Bot<StadiumMemory>> {
    match rung {
        Rung::Random => Box::new(RandomBot::new(seed)),
        Rung::Heuristic => Box::new(MemoryBot::new(MemoryLevel::new(MemoryLevel::MAX), seed)),
        Rung::Search(level) => Box::new(search_bot(level, config, seed)),
    }
}

/// Playouts in which every seat plays with perfect recall of what was
/// turned up in public (in the imagined game as in the real one), never
/// reading a face-down card: turn a known pair, else an unknown card; the
/// second card matches the first when its partner is known; stop a mover
/// who has just turned a pair with a red or a yellow. Prizes that bend the
/// turn (VAR, PLAY GAME) are used now and then.
#[derive(Clone, Debug, Default)]
pub struct RecallPlayout {
    /// What was seen on each seat of the grid.
    known: Vec<Option<Card>>,
    /// Public reveals already read.
    read: usize,
    /// Scratch: positions to choose among.
    candidates: Vec<Pos>,
}

impl RecallPlayout {
    fn update(&mut self, g: &StadiumMemory) {
        let grid = g.grid();
        if self.known.len() != grid.len() || g.reveals().len() < self.read {
            self.known = vec![None; grid.len()];
            self.read = 0;
        }
        for r in g.reveals().iter().skip(self.read) {
            if let Some(k) = self.known.get_mut(r.pos.index()) {
                *k = Some(r.card);
            }
        }
        self.read = g.reveals().len();
    }

    /// Whether `pos` still holds a face-down card.
    fn down(g: &StadiumMemory, pos: Pos) -> bool {
        g.grid().get(pos.index()).is_some_and(Option::is_some) && !g.face_up().any(|p| p == pos)
    }

    /// A face-down seat known to hold `card`, other than `not`.
    fn find(&self, g: &StadiumMemory, card: Card, not: Pos) -> Option<Pos> {
        self.known.iter().enumerate().find_map(|(i, k)| {
            let pos = Pos(i as u16);
            (*k == Some(card) && pos != not && Self::down(g, pos)).then_some(pos)
        })
    }

    /// Two face-down seats known to hold the same player.
    fn known_pair(&self, g: &StadiumMemory) -> Option<Pos> {
        for (i, k) in self.known.iter().enumerate() {
            let pos = Pos(i as u16);
            if let Some(c @ Card::Player(_)) = k
                && Self::down(g, pos)
                && self.find(g, *c, pos).is_some()
            {
                return Some(pos);
            }
        }
        None
    }

    /// A face-down seat nobody has seen, at random (any face-down seat when
    /// every one has been seen).
    fn unknown(&mut self, g: &StadiumMemory, rng: &mut GameRng) -> Option<Pos> {
        self.candidates.clear();
        for (i, k) in self.known.iter().enumerate() {
            let pos = Pos(i as u16);
            if k.is_none() && Self::down(g, pos) {
                self.candidates.push(pos);
            }
        }
        if self.candidates.is_empty() {
            for i in 0..g.grid().len() {
                let pos = Pos(i as u16);
                if Self::down(g, pos) {
                    self.candidates.push(pos);
                }
            }
        }
        match self.candidates.len() {
            0 => None,
            n => Some(self.candidates[rng.random_range(0..n)]),
        }
    }

    fn turn(legal: &[Action], pos: Option<Pos>) -> Option<usize> {
        let pos = pos?;
        legal.iter().position(|a| *a == Action::Turn { pos })
    }
}

impl Playout<StadiumMemory> for RecallPlayout {
    fn start(&mut self, g: &StadiumMemory, _rng: &mut GameRng) {
        self.known.clear();
        self.read = 0;
        self.update(g);
    }

    fn choose(
        &mut self,
        g: &StadiumMemory,
        seat: Seat,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> usize {
        if legal.len() <= 1 {
            return 0;
        }
        self.update(g);
        let random = |rng: &mut GameRng| rng.random_range(0..legal.len());
        let holds = |p: Prize| g.holding(seat).is_some_and(|h| h.prizes.get(p) > 0);
        match g.phase() {
            Phase::Window(moment) => {
                // Stop a mover who has just turned up a pair.
                let up: Vec<Option<Card>> = g
                    .face_up()
                    .map(|p| g.grid().get(p.index()).copied().flatten())
                    .collect();
                let pair = moment == Moment::Turned
                    && up.len() == 2
                    && up[0] == up[1]
                    && matches!(up[0], Some(Card::Player(_)));
                let want = if pair && holds(Prize::Red) {
                    Action::Red
                } else if pair && holds(Prize::Yellow) {
                    Action::Yellow
                } else {
                    Action::Pass
                };
                legal.iter().position(|a| *a == want).unwrap_or(0)
            }
            Phase::Move => {
                if let Some(i) = Self::turn(legal, self.known_pair(g)) {
                    return i;
                }
                // Now and then use a prize that changes the move.
                if rng.random_range(0..4) == 0
                    && let Some(i) = legal
                        .iter()
                        .position(|a| matches!(a, Action::PlayGame { .. } | Action::UseVar))
                {
                    return i;
                }
                let pos = self.unknown(g, rng);
                Self::turn(legal, pos).unwrap_or_else(|| random(rng))
            }
            Phase::Second => {
                let first = g.face_up().next();
                let card = first.and_then(|p| g.grid().get(p.index()).copied().flatten());
                let partner = match (card, first) {
                    (Some(c @ Card::Player(_)), Some(f)) => self.find(g, c, f),
                    _ => None,
                };
                let pos = match partner {
                    Some(p) => Some(p),
                    None => self.unknown(g, rng),
                };
                Self::turn(legal, pos).unwrap_or_else(|| random(rng))
            }
            Phase::Peek { .. } => {
                let pos = self.unknown(g, rng);
                pos.and_then(|pos| legal.iter().position(|a| *a == Action::Peek { pos }))
                    .unwrap_or_else(|| random(rng))
            }
            _ => random(rng),
        }
    }
}

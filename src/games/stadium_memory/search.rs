//! Stadium Memory's search bot: ISMCTS ([`crate::bots::ismcts`]) over games
//! imagined from the bot's own view ([`StadiumMemory::from_view`]), with
//! the perfect-memory bot as the prior at the root and [`RecallPlayout`]
//! finishing each imagined game.

use super::bot::{MemoryBot, MemoryLevel};
use super::{
    Action, Card, HouseRules, Moment, Phase, Pos, Prize, Spot, StadiumMemory, StadiumMemoryConfig,
    StadiumMemoryView,
};
use crate::bots::{Bot, Determinizer, Level, Playout, RandomBot, Rung, SearchBot, SearchConfig};
use crate::engine::{Game as _, GameRng, Seat};
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

    /// Turning a card is one of three choices, whichever card it is: a
    /// card nobody has seen (in public or by the seat's own VAR: every
    /// sample deals those seats alike), a seen card that makes a pair (the
    /// known partner of the card up, or on a first turn half of a pair
    /// whose two cards are known), or any other seen card (it shows nothing
    /// new and pairs nothing). The search weighs the three, not a hundred
    /// cards one by one: among a hundred, one of the thirty seen cards
    /// always looked best by luck, and the bot turned seen cards first
    /// where the perfect-memory bot turns an unknown one.
    fn alike(&self, view: &StadiumMemoryView, legal: &[Action]) -> Vec<usize> {
        let mut seen: Vec<Option<Card>> = vec![None; view.grid.len()];
        for r in view.reveals.iter().chain(&view.peeks) {
            if let Some(s) = seen.get_mut(r.pos.index()) {
                *s = Some(r.card);
            }
        }
        let down = |i: usize| matches!(view.grid.get(i), Some(Spot::FaceDown));
        let up: Option<(usize, Card)> = view.grid.iter().enumerate().find_map(|(i, s)| match s {
            Spot::FaceUp(c) => Some((i, *c)),
            _ => None,
        });
        // A face-down seat known to hold `card`, other than `not`.
        let partner = |card: Card, not: usize| {
            (0..seen.len()).any(|j| j != not && down(j) && seen[j] == Some(card))
        };
        let class = |pos: Pos| -> u8 {
            let i = pos.index();
            match seen.get(i).copied().flatten() {
                None => 0,
                Some(c @ Card::Player(_)) => {
                    let pairs = match up {
                        Some((_, first)) => first == c,
                        None => partner(c, i),
                    };
                    if pairs { 1 } else { 2 }
                }
                Some(_) => 2,
            }
        };
        let mut first: [Option<usize>; 3] = [None; 3];
        legal
            .iter()
            .enumerate()
            .map(|(i, a)| match a {
                Action::Turn { pos } => {
                    let k = usize::from(class(*pos));
                    *first[k].get_or_insert(i)
                }
                _ => i,
            })
            .collect()
    }
}

/// The search of each level for Stadium Memory.
pub fn search_config(level: Level) -> SearchConfig {
    // Left to its visits the search still loses to the perfect-memory bot
    // (docs/bots.md), so the root leans on that bot's choice, its prior,
    // and plays another only when its mean is a standard error better.
    SearchConfig {
        prior_weight: 40.0,
        prior_anchor: 1.0,
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
    /// A turn offers up to a hundred cards: below the root the search
    /// turns the card memory would, the others as their turn comes.
    fn guides_tree(&self) -> bool {
        true
    }

    /// Half the win, half the seat's share of the pairs taken: one pair
    /// more or less shows in every playout, not only in the close ones.
    fn reward(&mut self, g: &StadiumMemory, out: &mut [f64]) -> bool {
        let Some(outcome) = g.outcome() else {
            return false;
        };
        crate::bots::ismcts::rewards_of(&outcome, out);
        let pairs: Vec<f64> = (0..out.len())
            .map(|s| {
                g.holding(Seat(s as u8))
                    .map_or(0.0, |h| h.pairs.len() as f64)
            })
            .collect();
        let total: f64 = pairs.iter().sum();
        if total <= 0.0 {
            return true;
        }
        for (r, p) in out.iter_mut().zip(&pairs) {
            *r = 0.5 * *r + 0.5 * p / total;
        }
        true
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ToAct;
    use crate::games::stadium_memory::CardSet;
    use rand::SeedableRng as _;
    use std::sync::Arc;

    /// Positions of real games (two perfect-memory bots, default cards)
    /// where seat 0 is to turn a first card and its memory of the cards
    /// turned so far knows both cards of a pair still face down.
    fn pair_known(config: &StadiumMemoryConfig, want: usize) -> Vec<(StadiumMemory, Pos)> {
        let mut out = Vec::new();
        for seed in 0..40u64 {
            let Ok(mut g) = StadiumMemory::new(config, seed) else {
                continue;
            };
            let mut bots: Vec<MemoryBot> = (0..2)
                .map(|s| MemoryBot::new(MemoryLevel::new(MemoryLevel::MAX), seed ^ s))
                .collect();
            let mut legal = Vec::new();
            for _ in 0..400 {
                let seat = match g.to_act() {
                    ToAct::One(s) => s,
                    ToAct::Chance => {
                        g.resolve_chance(&mut crate::engine::NoLog);
                        continue;
                    }
                    _ => break,
                };
                g.legal_actions(seat, &mut legal);
                if seat == Seat(0) && g.phase() == Phase::Move {
                    let mut recall = RecallPlayout::default();
                    recall.start(&g, &mut GameRng::seed_from_u64(0));
                    if let Some(pos) = recall.known_pair(&g) {
                        out.push((g.clone(), pos));
                        break;
                    }
                }
                let Some(bot) = bots.get_mut(seat.index()) else {
                    break;
                };
                let i = bot.choose(Some(&g.view(seat)), &legal).min(legal.len() - 1);
                if g.apply(seat, &legal[i]).is_err() {
                    break;
                }
            }
            if out.len() >= want {
                break;
            }
        }
        out
    }

    /// With no prior to lean on, the search turns a card of a pair its
    /// seat remembers. It did in none of five such positions while it
    /// weighed each of a hundred cards on its own and tried every reply
    /// below the root at random: a known pair is worth about five points of
    /// winning chance over an unknown card, less than the luck of ten
    /// playouts.
    #[test]
    fn the_search_turns_a_pair_it_remembers() {
        let cards = Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")));
        let config = StadiumMemoryConfig::new(cards, 2);
        let positions = pair_known(&config, 5);
        assert!(positions.len() >= 3, "{} positions", positions.len());
        let mut took = 0;
        for (k, (g, pos)) in positions.iter().enumerate() {
            let search = SearchConfig {
                prior_weight: 0.0,
                ..search_config(Level::Hard)
            };
            let mut bot = searcher("t", search, &config, k as u64);
            let mut legal = Vec::new();
            g.legal_actions(Seat(0), &mut legal);
            let i = bot.choose(Some(&g.view(Seat(0))), &legal);
            let mut recall = RecallPlayout::default();
            recall.start(g, &mut GameRng::seed_from_u64(0));
            let partner = g
                .grid()
                .get(pos.index())
                .copied()
                .flatten()
                .and_then(|c| recall.find(g, c, *pos));
            let known = [Some(*pos), partner];
            if let Some(Action::Turn { pos: p }) = legal.get(i)
                && known.contains(&Some(*p))
            {
                took += 1;
            }
        }
        assert!(
            took * 5 >= positions.len() * 4,
            "a remembered pair turned in {took} of {} positions",
            positions.len()
        );
    }
}

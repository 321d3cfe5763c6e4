//! Stadium Memory's search bot: ISMCTS ([`crate::bots::ismcts`]) over games
//! imagined from the bot's own view ([`StadiumMemory::from_view`]), with
//! the perfect-memory bot as the prior at the root and [`RecallPlayout`]
//! finishing each imagined game.

use super::bot::{MemoryBot, MemoryLevel, WindowSight, challenge_pays, window_answer};
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

/// Playouts in which every seat plays as the perfect-memory bot does
/// ([`MemoryBot`]), from what was turned up in public (in the imagined game
/// as in the real one) and its own VAR looks, never reading another
/// face-down card: turn a known pair; else PLAY GAME when the other's best
/// pair is worth two points more than one's own; else VAR; else an
/// unknown card. The second card matches the first when its partner is
/// known, or after a prize takes a known prize. A window is answered by
/// the memory bots' own rule ([`window_answer`]), and a won match takes
/// the loser's best pair.
#[derive(Clone, Debug, Default)]
pub struct RecallPlayout {
    /// What was seen in public on each seat of the grid.
    known: Vec<Option<Card>>,
    /// Public reveals already read.
    read: usize,
    /// Scratch: positions to choose among.
    candidates: Vec<Pos>,
    /// Scratch: a face-down seat seen holding each player.
    slots: Vec<Option<Pos>>,
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

    /// What `seat` knows lies at `pos` (seen in public or by its own VAR).
    fn card_at(&self, g: &StadiumMemory, seat: Seat, pos: Pos) -> Option<Card> {
        self.known.get(pos.index()).copied().flatten().or_else(|| {
            g.peeks(seat)
                .iter()
                .rev()
                .find(|r| r.pos == pos)
                .map(|r| r.card)
        })
    }

    /// A face-down seat `seat` knows to hold `card`, other than `not`.
    fn find(&self, g: &StadiumMemory, seat: Seat, card: Card, not: Pos) -> Option<Pos> {
        let public = self.known.iter().enumerate().find_map(|(i, k)| {
            let pos = Pos(i as u16);
            (*k == Some(card) && pos != not && Self::down(g, pos)).then_some(pos)
        });
        public.or_else(|| {
            g.peeks(seat)
                .iter()
                .find(|r| r.card == card && r.pos != not && Self::down(g, r.pos))
                .map(|r| r.pos)
        })
    }

    /// A card of two face-down seats `seat` knows to hold the same player.
    fn known_pair(&mut self, g: &StadiumMemory, seat: Seat) -> Option<Pos> {
        // The first face-down seat seen holding each player.
        let slots = &mut self.slots;
        slots.clear();
        slots.resize(g.cards().players.len(), None);
        let seen = self
            .known
            .iter()
            .enumerate()
            .filter_map(|(i, k)| k.map(|c| (Pos(i as u16), c)))
            .chain(g.peeks(seat).iter().map(|r| (r.pos, r.card)));
        for (pos, card) in seen {
            let Card::Player(id) = card else { continue };
            if !Self::down(g, pos) {
                continue;
            }
            match slots.get_mut(usize::from(id)) {
                Some(Some(other)) if *other != pos => return Some(*other),
                Some(slot) => *slot = Some(pos),
                None => {}
            }
        }
        None
    }

    /// A face-down seat `seat` knows nothing about, at random (any
    /// face-down seat when it knows them all), other than `not`.
    fn unknown(
        &mut self,
        g: &StadiumMemory,
        seat: Seat,
        not: Option<Pos>,
        rng: &mut GameRng,
    ) -> Option<Pos> {
        self.candidates.clear();
        for i in 0..self.known.len() {
            let pos = Pos(i as u16);
            if Some(pos) != not && Self::down(g, pos) && self.card_at(g, seat, pos).is_none() {
                self.candidates.push(pos);
            }
        }
        if self.candidates.is_empty() {
            for i in 0..g.grid().len() {
                let pos = Pos(i as u16);
                if Some(pos) != not && Self::down(g, pos) {
                    self.candidates.push(pos);
                }
            }
        }
        match self.candidates.len() {
            0 => None,
            n => Some(self.candidates[rng.random_range(0..n)]),
        }
    }

    /// A face-down seat `seat` knows to hold a prize card.
    fn known_prize(&self, g: &StadiumMemory, seat: Seat) -> Option<Pos> {
        (0..self.known.len()).map(|i| Pos(i as u16)).find(|&pos| {
            Self::down(g, pos) && matches!(self.card_at(g, seat, pos), Some(Card::Prize(_)))
        })
    }

    /// The points of `seat`'s best pair.
    fn best_pair(g: &StadiumMemory, seat: Seat) -> u32 {
        g.holding(seat).map_or(0, |h| h.best_points(g.cards()))
    }

    fn turn(legal: &[Action], pos: Option<Pos>) -> Option<usize> {
        let pos = pos?;
        legal.iter().position(|a| *a == Action::Turn { pos })
    }

    /// The perfect-memory bot's answer in a window at `moment`.
    fn respond(
        &mut self,
        g: &StadiumMemory,
        seat: Seat,
        moment: Moment,
        legal: &[Action],
    ) -> Action {
        let holds = |p: Prize| g.holding(seat).is_some_and(|h| h.prizes.get(p) > 0);
        let booked = |s: Seat| g.yellows(s) % 2 == 1;
        let mut up = g.face_up();
        let (a, b) = (up.next(), up.next());
        let card = |p: Option<Pos>| p.and_then(|p| g.grid().get(p.index()).copied().flatten());
        window_answer(&WindowSight {
            moment,
            exposed: matches!(card(a), Some(Card::Player(_))) && card(a) == card(b),
            // Perfect recall remembers every card turned up.
            remembered: true,
            red: holds(Prize::Red) && legal.contains(&Action::Red),
            yellow: holds(Prize::Yellow) && legal.contains(&Action::Yellow),
            mover_booked: booked(g.current()),
            knows_pair: self.known_pair(g, seat).is_some(),
            book_again: legal.iter().copied().find(|a| match a {
                Action::YellowOn { target } => booked(*target),
                _ => false,
            }),
        })
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
        let at = |want: Action| legal.iter().position(|a| *a == want);
        match g.phase() {
            Phase::Window(moment) => at(self.respond(g, seat, moment, legal)).unwrap_or(0),
            Phase::Move => {
                if let Some(i) = Self::turn(legal, self.known_pair(g, seat)) {
                    return i;
                }
                let mine = Self::best_pair(g, seat);
                let challenge = legal
                    .iter()
                    .enumerate()
                    .filter_map(|(i, a)| match a {
                        Action::PlayGame { opponent } => Some((Self::best_pair(g, *opponent), i)),
                        _ => None,
                    })
                    .max_by_key(|(p, _)| *p);
                if let Some((theirs, i)) = challenge
                    && challenge_pays(mine, theirs)
                {
                    return i;
                }
                if let Some(i) = at(Action::UseVar) {
                    return i;
                }
                let pos = self.unknown(g, seat, None, rng);
                Self::turn(legal, pos).unwrap_or_else(|| random(rng))
            }
            Phase::Second => {
                let first = g.face_up().next();
                let card = first.and_then(|p| g.grid().get(p.index()).copied().flatten());
                let target = match (card, first) {
                    (Some(c @ Card::Player(_)), Some(f)) => self.find(g, seat, c, f),
                    (Some(Card::Prize(_)), Some(_)) => self.known_prize(g, seat),
                    _ => None,
                };
                let pos = target.or_else(|| self.unknown(g, seat, first, rng));
                Self::turn(legal, pos).unwrap_or_else(|| random(rng))
            }
            Phase::Peek { first } => {
                let pos = self.unknown(g, seat, first, rng);
                pos.and_then(|pos| at(Action::Peek { pos }))
                    .unwrap_or_else(|| random(rng))
            }
            Phase::Take { loser, .. } => g
                .holding(loser)
                .and_then(|h| h.best_pair(g.cards()))
                .and_then(|player| at(Action::TakePair { player }))
                .unwrap_or_else(|| random(rng)),
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

    /// Plays game `seed` between two perfect-memory bots, showing `visit`
    /// each position where a seat chooses, with the legal actions and the
    /// bot's choice (played next), until the game ends, `moves` choices
    /// are made or `visit` says stop. Returns the game as it stands.
    fn memory_game(
        config: &StadiumMemoryConfig,
        seed: u64,
        moves: usize,
        mut visit: impl FnMut(&StadiumMemory, Seat, &[Action], usize) -> bool,
    ) -> Option<StadiumMemory> {
        let mut g = StadiumMemory::new(config, seed).ok()?;
        let mut bots: Vec<MemoryBot> = (0..2)
            .map(|s| MemoryBot::new(MemoryLevel::new(MemoryLevel::MAX), seed ^ s))
            .collect();
        let mut legal = Vec::new();
        for _ in 0..moves {
            let seat = match g.to_act() {
                ToAct::One(s) => s,
                ToAct::Chance => {
                    g.resolve_chance(&mut crate::engine::NoLog);
                    continue;
                }
                _ => break,
            };
            g.legal_actions(seat, &mut legal);
            let bot = bots.get_mut(seat.index())?;
            let i = bot.choose(Some(&g.view(seat)), &legal).min(legal.len() - 1);
            if visit(&g, seat, &legal, i) || g.apply(seat, &legal[i]).is_err() {
                break;
            }
        }
        Some(g)
    }

    /// Positions of real games (two perfect-memory bots, default cards)
    /// where seat 0 is to turn a first card and its memory of the cards
    /// turned so far knows both cards of a pair still face down.
    fn pair_known(config: &StadiumMemoryConfig, want: usize) -> Vec<(StadiumMemory, Pos)> {
        let mut out = Vec::new();
        for seed in 0..40u64 {
            memory_game(config, seed, 400, |g, seat, _, _| {
                if seat != Seat(0) || g.phase() != Phase::Move {
                    return false;
                }
                let mut recall = RecallPlayout::default();
                recall.start(g, &mut GameRng::seed_from_u64(0));
                let pair = recall.known_pair(g, Seat(0));
                if let Some(pos) = pair {
                    out.push((g.clone(), pos));
                }
                pair.is_some()
            });
            if out.len() >= want {
                break;
            }
        }
        out
    }

    /// How a choice reads for comparing two bots: the action itself, but
    /// a card nobody has shown the seat as "any unknown card" and a card
    /// of a pair the seat knows as "a known pair" (either bot may pick
    /// another such card).
    fn reading(view: &StadiumMemoryView, action: &Action) -> String {
        let seen = |pos: Pos| {
            view.reveals
                .iter()
                .chain(&view.peeks)
                .rev()
                .find(|r| r.pos == pos)
                .map(|r| r.card)
        };
        match action {
            Action::Turn { pos } | Action::Peek { pos } => match seen(*pos) {
                None => "unknown".into(),
                Some(card @ Card::Player(_))
                    if view
                        .face_down_positions()
                        .any(|p| p != *pos && seen(p) == Some(card)) =>
                {
                    "pair".into()
                }
                Some(_) => format!("{action:?}"),
            },
            _ => format!("{action:?}"),
        }
    }

    /// The playouts play as the perfect-memory bot, the search's opponent
    /// on the ladder, does: at every choice of ten whole games between
    /// two such bots the playout picks what the bot picked (any unknown
    /// card where the bot turned an unknown card).
    #[test]
    fn playouts_play_as_the_perfect_memory_bot() {
        let cards = Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")));
        let config = StadiumMemoryConfig::new(cards, 2);
        let mut rng = GameRng::seed_from_u64(7);
        let (mut choices, mut differ) = (0, Vec::new());
        for seed in 0..10u64 {
            let mut recall = RecallPlayout::default();
            let end = memory_game(&config, seed, 5_000, |g, seat, legal, i| {
                let j = recall.choose(g, seat, legal, &mut rng);
                if legal.len() > 1 {
                    choices += 1;
                    let view = g.view(seat);
                    let (a, b) = (reading(&view, &legal[i]), reading(&view, &legal[j]));
                    if a != b {
                        differ.push(format!(
                            "game {seed}, {:?}: bot {a}, playout {b}",
                            g.phase()
                        ));
                    }
                }
                false
            });
            assert!(
                end.is_some_and(|g| g.outcome().is_some()),
                "game {seed} did not end"
            );
        }
        assert!(choices > 1_000, "{choices} choices");
        assert!(
            differ.is_empty(),
            "{} of {choices}: {:#?}",
            differ.len(),
            &differ[..differ.len().min(10)]
        );
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
                .and_then(|c| recall.find(g, Seat(0), c, *pos));
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

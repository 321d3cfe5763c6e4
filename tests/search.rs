//! The search bots of every game: each determinizer rebuilds exactly the
//! view it was handed (and the same legal actions), and a search bot makes
//! the same decision from the same view and seed whatever the hidden cards
//! of the true state are.

use rand::{RngExt as _, SeedableRng as _};
use std::sync::Arc;
use touchline::bots::{Bot, Level, RandomBot, SearchConfig};
use touchline::engine::{Game, GameRng, Seat, ToAct};
use touchline::games::{booked, cardball, eleven, flip_duel, stadium_memory};

/// Iterations a decision for the bots in these tests: enough to search,
/// few enough to stay quick in a debug build.
const ITERATIONS: u32 = 48;

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| panic!("{e}"))
}

/// A state from a view and the seat's legal actions, as a search bot
/// imagines it.
type Imagine<'a, G> =
    &'a dyn Fn(&<G as Game>::View, &[<G as Game>::Action], &mut GameRng) -> Option<G>;

/// What one game's checks need.
struct Subject<'a, G: Game> {
    name: String,
    /// A state from a view, as the game's search bot makes it.
    determinize: Imagine<'a, G>,
    /// The true state with what `seat` cannot see dealt again.
    permute: &'a dyn Fn(&G, Seat, &mut GameRng) -> G,
    /// A search bot with a seed.
    searcher: &'a dyn Fn(u64) -> Box<dyn Bot<G>>,
    /// A bot that drives the games (so they reach every step).
    driver: &'a dyn Fn(u64) -> Box<dyn Bot<G>>,
}

/// Counts of what the checks saw, so a test can tell it checked something.
#[derive(Default, Debug)]
struct Seen {
    views: usize,
    searched: usize,
    hidden_differed: usize,
}

/// Plays `games` games from `start(seed)`; at every `view_every`-th
/// decision rebuilds the deciding seat's view, and at every
/// `search_every`-th compares a search bot's choice against a permuted
/// true state.
fn check<G: Game>(
    s: &Subject<'_, G>,
    games: u64,
    start: &dyn Fn(u64) -> Option<G>,
    view_every: u64,
    search_every: u64,
) -> Seen {
    let mut seen = Seen::default();
    let mut legal = Vec::new();
    let mut again = Vec::new();
    let mut events = Vec::new();
    for seed in 0..games {
        let Some(mut g) = start(seed) else {
            panic!("{}: seed {seed} does not start", s.name)
        };
        let mut bots: Vec<Box<dyn Bot<G>>> = Seat::all(g.seat_count())
            .map(|x| (s.driver)(seed * 10 + u64::from(x.0)))
            .collect();
        let mut rng = GameRng::seed_from_u64(seed ^ 0xC0FFEE);
        let mut decisions = 0u64;
        while decisions < 20_000 {
            let seat = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    g.resolve_chance(&mut events);
                    continue;
                }
                ToAct::One(x) => x,
                ToAct::Simultaneous(set) => {
                    let all: Vec<Seat> = set.iter().collect();
                    all[rng.random_range(0..all.len())]
                }
            };
            g.legal_actions(seat, &mut legal);
            assert!(!legal.is_empty(), "{}: seed {seed}: stuck", s.name);
            let view = g.view(seat);
            let ctx = format!("{} seed {seed} decision {decisions} {seat}", s.name);
            if decisions.is_multiple_of(view_every) {
                for k in 0..2 {
                    let Some(d) = (s.determinize)(&view, &legal, &mut rng) else {
                        panic!("{ctx}: no state for the view (try {k})")
                    };
                    assert_eq!(
                        json(&d.view(seat)),
                        json(&view),
                        "{ctx}: the imagined state shows a different view"
                    );
                    d.legal_actions(seat, &mut again);
                    assert_eq!(
                        again, legal,
                        "{ctx}: the imagined state allows other actions"
                    );
                    seen.views += 1;
                }
            }
            if legal.len() > 1 && decisions.is_multiple_of(search_every) {
                let other = (s.permute)(&g, seat, &mut rng);
                let other_view = other.view(seat);
                assert_eq!(
                    json(&other_view),
                    json(&view),
                    "{ctx}: permuting changed the view"
                );
                if json(&other) != json(&g) {
                    seen.hidden_differed += 1;
                }
                let a = (s.searcher)(seed).choose(Some(&view), &legal);
                let b = (s.searcher)(seed).choose(Some(&other_view), &legal);
                assert_eq!(a, b, "{ctx}: the decision depends on hidden cards");
                assert!(a < legal.len(), "{ctx}: the choice is not a legal action");
                seen.searched += 1;
            }
            let i = bots[seat.index()]
                .choose(Some(&view), &legal)
                .min(legal.len() - 1);
            let action = legal[i].clone();
            g.apply(seat, &action)
                .unwrap_or_else(|e| panic!("{ctx}: legal action refused: {e}"));
            decisions += 1;
        }
    }
    assert!(
        seen.views > 0 && seen.searched > 0,
        "{}: nothing checked: {seen:?}",
        s.name
    );
    assert!(
        seen.hidden_differed * 2 > seen.searched,
        "{}: permuting rarely changed the hidden cards: {seen:?}",
        s.name
    );
    seen
}

fn small() -> SearchConfig {
    SearchConfig::with_iterations(ITERATIONS)
}

/// A game's Hard search cut down to [`ITERATIONS`], keeping its other
/// settings (the root's ranking and anchor, the playout cut-off).
fn small_as(hard: SearchConfig) -> SearchConfig {
    SearchConfig {
        iterations: ITERATIONS,
        ..hard
    }
}

/// A driver: the heuristic bot with a fifth of its moves random, so games
/// wander into rarer steps.
struct Mixed<G: Game> {
    bot: Box<dyn Bot<G>>,
    random: RandomBot,
    rng: GameRng,
}

impl<G: Game> Bot<G> for Mixed<G> {
    fn name(&self) -> &str {
        "mixed"
    }
    fn choose(&mut self, view: Option<&G::View>, legal: &[G::Action]) -> usize {
        if self.rng.random_range(0..5) == 0 {
            Bot::<G>::choose(&mut self.random, view, legal)
        } else {
            self.bot.choose(view, legal)
        }
    }
}

fn mixed<G: Game>(bot: Box<dyn Bot<G>>, seed: u64) -> Box<dyn Bot<G>> {
    Box::new(Mixed {
        bot,
        random: RandomBot::new(seed),
        rng: GameRng::seed_from_u64(seed),
    })
}

#[test]
fn booked_search_rebuilds_views_and_never_cheats() {
    use booked::{Booked, BookedConfig, HouseRules};
    let deck = booked::deck::BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let cards = Arc::new(deck.card_set());
    let variants: Vec<(u8, HouseRules)> = vec![
        (2, HouseRules::default()),
        (4, HouseRules::default()),
        (3, HouseRules::preset("spicy").unwrap_or_default()),
        (6, HouseRules::preset("gentle").unwrap_or_default()),
        (
            2,
            HouseRules {
                reshuffles_before_penalties: 0,
                hand_limit: 7,
                ..HouseRules::default()
            },
        ),
    ];
    for (seats, rules) in variants {
        let config = BookedConfig::new(cards.clone(), rules.clone(), seats);
        let det = booked::search::BookedDeterminizer::new(&config);
        let subject = Subject::<Booked> {
            name: format!("booked {seats} seats {rules:?}"),
            determinize: &|v, l, r| touchline::bots::Determinizer::determinize(&det, v, l, r),
            permute: &|g, seat, r| g.resample_hidden(seat, r),
            searcher: &|seed| {
                let search = small_as(booked::search::search_config(Level::Hard));
                Box::new(booked::search::searcher("t", search, &config, seed))
            },
            driver: &|seed| mixed(Box::new(booked::bot::HeuristicBot::new(seed)), seed),
        };
        check(&subject, 3, &|seed| Booked::new(&config, seed).ok(), 3, 40);
    }
}

#[test]
fn cardball_search_rebuilds_views_and_never_cheats() {
    use cardball::{Cardball, CardballConfig, TeamPlay, TieBreak};
    let deck = cardball::deck::CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
    let cards = Arc::new(deck.card_set());
    let mut configs = Vec::new();
    let base = CardballConfig::new(cards.clone());
    configs.push(base.clone());
    configs.push(CardballConfig {
        tie_break: TieBreak::GoldenGoal,
        halves: true,
        ask_calls: true,
        ..base.clone()
    });
    configs.push(CardballConfig {
        teams: Some(TeamPlay::Switching),
        ..base.clone()
    });
    configs.push(CardballConfig {
        teams: Some(TeamPlay::OnTheSpot),
        ..base.clone()
    });
    for config in configs {
        let subject = Subject::<Cardball> {
            name: format!("cardball {:?} {:?}", config.teams, config.tie_break),
            determinize: &|v, _l, r| Cardball::from_view(v, r),
            permute: &|g, seat, r| g.resample_hidden(seat, r),
            searcher: &|seed| Box::new(cardball::search::searcher("t", small(), seed)),
            driver: &|seed| mixed(Box::new(cardball::bot::HeuristicBot::new(seed)), seed),
        };
        check(&subject, 4, &|seed| Cardball::new(&config, seed).ok(), 2, 7);
    }
}

#[test]
fn flip_duel_search_rebuilds_views_and_never_cheats() {
    use flip_duel::{CardSet, FlipDuel, FlipDuelConfig};
    let cards = Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")));
    for hand in [0, 3] {
        let mut config = FlipDuelConfig::new(cards.clone());
        config.hand = hand;
        let subject = Subject::<FlipDuel> {
            name: format!("flip duel hand {hand}"),
            determinize: &|v, _l, r| FlipDuel::from_view(v, r),
            // A copy dealt from the seat's own view is the true state with
            // its hidden cards dealt again (the view test above holds it to
            // the view).
            permute: &|g, seat, r| {
                FlipDuel::from_view(&g.view(seat), r).unwrap_or_else(|| g.clone())
            },
            searcher: &|seed| Box::new(flip_duel::search::searcher("t", small(), seed)),
            driver: &|seed| mixed(Box::new(flip_duel::HeuristicBot::new(seed)), seed),
        };
        check(&subject, 2, &|seed| FlipDuel::new(&config, seed).ok(), 3, 9);
    }
}

#[test]
fn stadium_memory_search_rebuilds_views_and_never_cheats() {
    use stadium_memory::bot::{MemoryBot, MemoryLevel};
    use stadium_memory::{CardSet, StadiumMemory, StadiumMemoryConfig};
    let cards = Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")));
    for seats in [2u8, 4] {
        let mut config = StadiumMemoryConfig::new(cards.clone(), seats);
        if seats == 4 {
            config.rules.rows = 6;
            config.rules.columns = 6;
            config.rules.pairs = Some(8);
        }
        let det = stadium_memory::search::StadiumMemoryDeterminizer::new(&config);
        let rules = config.rules.clone();
        let subject = Subject::<StadiumMemory> {
            name: format!("stadium memory {seats} seats"),
            determinize: &|v, l, r| touchline::bots::Determinizer::determinize(&det, v, l, r),
            permute: &|g, seat, r| {
                let mut legal = Vec::new();
                g.legal_actions(seat, &mut legal);
                StadiumMemory::from_view(&g.view(seat), &rules, &legal, r)
                    .unwrap_or_else(|| g.clone())
            },
            searcher: &|seed| {
                Box::new(stadium_memory::search::searcher(
                    "t",
                    small(),
                    &config,
                    seed,
                ))
            },
            driver: &|seed| mixed(Box::new(MemoryBot::new(MemoryLevel::new(3), seed)), seed),
        };
        check(
            &subject,
            2,
            &|seed| StadiumMemory::new(&config, seed).ok(),
            5,
            30,
        );
    }
}

#[test]
fn eleven_search_rebuilds_views_and_never_cheats() {
    use eleven::deck::ElevenDecks;
    use eleven::season::{Season, SeasonBot, SeasonConfig};
    let decks = Arc::new(ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}")));
    let mut configs = Vec::new();
    for (managers, division) in [(1u8, 3u8), (2, 2), (3, 1), (4, 2)] {
        configs.push(SeasonConfig::new(decks.clone(), managers, division));
    }
    // Questions asked as effects resolve.
    configs.push(SeasonConfig {
        ask: true,
        ..SeasonConfig::new(decks.clone(), 2, 2)
    });
    for config in configs {
        let det = eleven::search::ElevenDeterminizer::new(&config);
        let subject = Subject::<Season> {
            name: format!("eleven {} managers, ask {}", config.managers, config.ask),
            determinize: &|v, l, r| touchline::bots::Determinizer::determinize(&det, v, l, r),
            // A copy dealt from the seat's own view is the true season with
            // its hidden cards dealt again (the view test above holds it
            // to the view).
            permute: &|g, seat, r| {
                Season::from_view(&g.view(seat), &config, r).unwrap_or_else(|| g.clone())
            },
            searcher: &|seed| Box::new(eleven::search::searcher("t", small(), &config, seed)),
            driver: &|seed| mixed(Box::new(SeasonBot::new(config.decks.clone())), seed),
        };
        check(&subject, 2, &|seed| Season::new(&config, seed).ok(), 3, 40);
    }
}

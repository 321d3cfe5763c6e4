//! Information-set Monte Carlo tree search (ISMCTS), one search for every
//! game.
//!
//! The search follows single-observer ISMCTS (Cowling, Powley and
//! Whitehouse 2012): each iteration asks the game's [`Determinizer`] for a
//! full state consistent with the searching seat's view, drawn with the
//! bot's own RNG, and walks one shared tree in it. A tree node is reached by
//! a sequence of actions, not by a state, so the statistics gathered in
//! different samples of the hidden cards add up. An edge is an action of
//! one seat; it counts how often it was *available* as well as chosen, and
//! selection weighs it by UCB1 over its availability (the paper's subset
//! armed bandit), so an action that only some samples allow is not starved.
//!
//! What the game says about who acts is followed as it is:
//! - [`ToAct::Chance`]: the sampled state's own RNG (reseeded by the
//!   determinizer from the bot's RNG) resolves it; chance is hidden
//!   information like any other, so it never branches the tree.
//! - [`ToAct::Simultaneous`]: every seat in the set chooses from its own
//!   edges, none seeing what the others chose (decoupled UCT), and the node
//!   below is reached by the whole joint choice. A seat never learns a
//!   simultaneous choice it could not see at the table.
//!
//! A game may hand the search a [`Playout`] policy (its heuristic, on the
//! sampled state, with a cut-off and an evaluation) and a prior: the
//! heuristic bot's choice from the true view, which the root prefers until
//! the statistics say otherwise (progressive bias).
//!
//! The search never sees the game state: [`SearchBot`] implements
//! [`Bot`], so it is handed one view and the legal actions, and it builds
//! every state it searches from that view. This module imports nothing of
//! any game.

use super::Bot;
use crate::engine::{Game, GameRng, MAX_SEATS, NoLog, Outcome, Seat, ToAct};
use rand::{RngExt as _, SeedableRng as _};
use std::collections::HashMap;
use std::hash::{BuildHasher as _, BuildHasherDefault, DefaultHasher, Hash};
use std::time::{Duration, Instant};

/// Samples full states consistent with one seat's view.
///
/// A determinizer reads only the view it is given (and public data it was
/// built with, such as the card set and house rules); it must never keep a
/// game state. Every hidden card is drawn with `rng`, the search bot's own.
pub trait Determinizer<G: Game>: Send {
    /// The seat the view belongs to.
    fn seat(&self, view: &G::View) -> Seat;

    /// A full state whose view for [`Determinizer::seat`] is `view`, with
    /// everything hidden drawn at random from what the view allows, and a
    /// fresh RNG seeded from `rng`. `legal` is what the seat may do now (a
    /// seat knows its own options; a game whose view leaves out something
    /// they tell may read it there). `None` when no such state could be
    /// made (the search then skips the iteration).
    fn determinize(&self, view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Option<G>;

    /// For each of `legal`, the index in `legal` of an action that is the
    /// same choice from this view (turning one never-seen face-down card or
    /// another: every sample deals them alike); the first of each group
    /// stands for it at the root, so the search spends its iterations on
    /// choices that differ. By default every action is its own.
    fn alike(&self, _view: &G::View, legal: &[G::Action]) -> Vec<usize> {
        (0..legal.len()).collect()
    }
}

/// How the search finishes an iteration once it leaves the tree.
pub trait Playout<G: Game>: Send {
    /// Picks the index of one of `legal` (never empty) for `seat` in the
    /// sampled state `game`.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> usize;

    /// Called before each playout from `game` (a policy with memory, such
    /// as a heuristic bot, starts afresh here).
    fn start(&mut self, _game: &G, _rng: &mut GameRng) {}

    /// The expected reward of every seat (each in 0..=1) of an unfinished
    /// game, written to `out`; used when a playout reaches its cut-off.
    /// Returns false to score the game as shared by every seat.
    fn evaluate(&mut self, _game: &G, _out: &mut [f64]) -> bool {
        false
    }

    /// Whether a playout past its cut-off may stop at `game` and be scored
    /// by [`Playout::evaluate`]: a game may ask to play on to a quiet
    /// moment (the start of a turn, not halfway through a GOOOAL! that
    /// may yet be broken), up to twice the cut-off. By default anywhere.
    fn can_stop(&self, _game: &G) -> bool {
        true
    }

    /// Whether the policy's choice also leads the search inside the tree:
    /// at a node below the root, the action the policy would play is tried
    /// first and the others only as their turn comes (each counted as one
    /// even visit), instead of every untried action first at random. For a
    /// policy that knows something (a memory of the cards seen) in a game
    /// with many actions a turn, where untried actions would otherwise
    /// make every reply below the root a random one.
    fn guides_tree(&self) -> bool {
        false
    }

    /// How promising each of `legal` looks to the policy for `seat` in
    /// `game` (higher is better), written to `out` (one a legal action);
    /// the root then searches only the [`SearchConfig::root_width`] most
    /// promising (and the prior's choice). Called at the root with one
    /// sampled state, so a ranking must read only what the seat knows (its
    /// own cards and the public table). Returns false when the policy does
    /// not rank these actions: every one is searched.
    fn rank(&mut self, _game: &G, _seat: Seat, _legal: &[G::Action], _out: &mut Vec<i64>) -> bool {
        false
    }

    /// Each seat's reward (each in 0..=1) for a game the playout finished,
    /// written to `out`, when the game has a finer measure than who won
    /// (a share of the points, which varies less from playout to playout
    /// than a win does). Returns false to score the win alone.
    fn reward(&mut self, _game: &G, _out: &mut [f64]) -> bool {
        false
    }
}

/// Uniformly random playouts.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayout;

impl<G: Game> Playout<G> for RandomPlayout {
    fn choose(&mut self, _game: &G, _seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> usize {
        if legal.len() <= 1 {
            0
        } else {
            rng.random_range(0..legal.len())
        }
    }
}

/// Playouts by a bot at every seat (usually the game's heuristic), each
/// seeing its own seat's view of the sampled state, with a share of
/// uniformly random moves so playouts vary.
pub struct BotPlayout<G: Game> {
    make: Box<dyn Fn(u64) -> Box<dyn Bot<G>> + Send>,
    bots: Vec<Box<dyn Bot<G>>>,
    random_share: f64,
}

impl<G: Game> BotPlayout<G> {
    /// Playouts by bots made with `make(seed)`, a fresh one per seat and
    /// playout; `random_share` of the moves (0..=1) are random instead.
    pub fn new(make: Box<dyn Fn(u64) -> Box<dyn Bot<G>> + Send>, random_share: f64) -> Self {
        BotPlayout {
            make,
            bots: Vec::new(),
            random_share,
        }
    }
}

impl<G: Game> Playout<G> for BotPlayout<G> {
    fn start(&mut self, game: &G, rng: &mut GameRng) {
        self.bots.clear();
        for _ in 0..game.seat_count() {
            self.bots.push((self.make)(rng.random()));
        }
    }

    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut GameRng) -> usize {
        if legal.len() <= 1 {
            return 0;
        }
        if self.random_share > 0.0 && rng.random::<f64>() < self.random_share {
            return rng.random_range(0..legal.len());
        }
        match self.bots.get_mut(seat.index()) {
            Some(bot) => {
                let view = bot.needs_view_for(legal).then(|| game.view(seat));
                bot.choose(view.as_ref(), legal)
            }
            None => rng.random_range(0..legal.len()),
        }
    }
}

/// How hard a search bot thinks: the levels above the heuristic bots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A search that beats the heuristic bot; well under a second a move.
    Hard,
    /// A longer search that beats Hard.
    Expert,
}

impl Level {
    /// Both levels, weakest first.
    pub const ALL: [Level; 2] = [Level::Hard, Level::Expert];

    /// The name used in reports and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// Parses `hard` or `expert` (any case).
    pub fn parse(s: &str) -> Option<Level> {
        match s.trim().to_ascii_lowercase().as_str() {
            "hard" => Some(Level::Hard),
            "expert" => Some(Level::Expert),
            _ => None,
        }
    }

    /// The default search of this level; games tune it to their playouts'
    /// cost (see each game's `search` module).
    pub fn config(self) -> SearchConfig {
        match self {
            Level::Hard => SearchConfig::with_iterations(1_000),
            Level::Expert => SearchConfig::with_iterations(4_000),
        }
    }
}

/// The knobs of one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Iterations (sampled states searched) a decision.
    pub iterations: u32,
    /// A wall-clock cap a decision, on top of the iterations. `None` keeps
    /// the bot deterministic for a given seed; a cap trades that for a
    /// bounded wait.
    pub max_time: Option<Duration>,
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// Playout decisions before the game is scored by
    /// [`Playout::evaluate`].
    pub playout_cap: u32,
    /// How strongly the root prefers the prior's choice (progressive bias:
    /// this much reward, fading with the edge's visits).
    pub prior_weight: f64,
    /// How sure the search must be to overrule the prior at the root: the
    /// most visited action is played instead of the prior's only when its
    /// mean reward beats the prior's by this many standard errors of the
    /// difference (0: the most visited action is played, as in plain
    /// ISMCTS). Where playouts are long and their results vary much (a
    /// game of many seats), a search of a thousand iterations cannot tell
    /// most actions apart; this keeps it from trading a good heuristic
    /// choice for the luckiest of its alternatives.
    pub prior_anchor: f64,
    /// How many root actions are searched when the playout policy ranks
    /// them ([`Playout::rank`]): the most promising this many, and the
    /// prior's choice (0: every one). A game with a hundred actions a turn
    /// would otherwise give each a handful of iterations.
    pub root_width: usize,
}

impl SearchConfig {
    /// A search of `iterations` iterations with the usual settings.
    pub fn with_iterations(iterations: u32) -> SearchConfig {
        SearchConfig {
            iterations,
            max_time: None,
            exploration: 0.7,
            playout_cap: 2_000,
            prior_weight: 1.0,
            prior_anchor: 0.0,
            root_width: 0,
        }
    }
}

/// What a search found at the root, one entry per legal action.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The index of the chosen action.
    pub best: usize,
    /// How often each legal action was searched.
    pub visits: Vec<u32>,
    /// Each legal action's mean reward for the searching seat (0..=1).
    pub values: Vec<f64>,
    /// Iterations run.
    pub iterations: u32,
}

const NONE: u32 = u32::MAX;
const NO_EDGE: u16 = u16::MAX;

/// One seat's action out of a node.
#[derive(Clone, Debug)]
struct Edge<A> {
    seat: Seat,
    action: A,
    visits: u32,
    avail: u32,
    total: f64,
    prior: f64,
    /// The node below (one-seat steps only).
    child: u32,
}

/// A node: the edges of whoever acts there, and (for simultaneous steps)
/// the node below each joint choice.
#[derive(Clone, Debug)]
struct Node<A> {
    edges: Vec<Edge<A>>,
    joint: Vec<([u16; MAX_SEATS], u32)>,
    /// Once the node has [`INDEX_FROM`] edges: each edge's index by the
    /// hash of its seat and action ([`edge_hash`]; on the rare clash the
    /// first edge keeps the entry and the others are found by a scan).
    index: HashMap<u64, u32>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node {
            edges: Vec::new(),
            joint: Vec::new(),
            index: HashMap::new(),
        }
    }
}

/// How many edges a node has before it keeps an index of them. A sampled
/// state deals other hidden cards each iteration, so a node below the
/// root can gather hundreds of actions (Booked!'s late turns); a scan for
/// each legal action then cost more than the playouts.
const INDEX_FROM: usize = 16;

/// The hash of a seat's action, fixed from run to run (the index only
/// finds edges; which edge is chosen never depends on it).
fn edge_hash<A: Hash>(seat: Seat, action: &A) -> u64 {
    BuildHasherDefault::<DefaultHasher>::default().hash_one((seat, action))
}

/// The search tree and its scratch space, kept between decisions so a
/// search allocates little.
struct Tree<G: Game> {
    nodes: Vec<Node<G::Action>>,
    path: Vec<(u32, u32)>,
    legal: Vec<G::Action>,
    candidates: Vec<u32>,
    rewards: Vec<f64>,
    /// The actions searched at the root: one of each group of alike ones.
    root_actions: Vec<G::Action>,
}

impl<G: Game> Tree<G> {
    fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            path: Vec::new(),
            legal: Vec::new(),
            candidates: Vec::new(),
            rewards: Vec::new(),
            root_actions: Vec::new(),
        }
    }

    /// Narrows `self.legal`, the searching seat's actions at the root, to
    /// the ones searched there.
    fn keep_root_actions(&mut self) {
        if self.root_actions.len() < self.legal.len() {
            let keep = &self.root_actions;
            self.legal.retain(|a| keep.contains(a));
        }
    }

    fn add_node(&mut self) -> u32 {
        self.nodes.push(Node::new());
        (self.nodes.len() - 1) as u32
    }

    /// The edge of `seat` playing `action` out of `node`, made if new.
    /// `hint` is where the last lookup matched: legal actions mostly come
    /// in the same order, so the next one is usually right after it.
    fn edge(&mut self, node: u32, seat: Seat, action: &G::Action, hint: &mut usize) -> u32 {
        let Node { edges, index, .. } = &mut self.nodes[node as usize];
        let n = edges.len();
        let is = |e: &Edge<G::Action>| e.seat == seat && e.action == *action;
        if let Some(e) = edges.get(*hint)
            && is(e)
        {
            let i = *hint;
            *hint = i + 1;
            return i as u32;
        }
        let hash = (n >= INDEX_FROM).then(|| edge_hash(seat, action));
        let found = match hash.map(|h| index.get(&h)) {
            // Not in the index: not an edge yet.
            Some(None) => None,
            Some(Some(&i)) if edges.get(i as usize).is_some_and(is) => Some(i as usize),
            // A small node, or a clash in the index: scan from the hint on.
            _ => (*hint..n).chain(0..(*hint).min(n)).find(|&i| is(&edges[i])),
        };
        if let Some(i) = found {
            *hint = i + 1;
            return i as u32;
        }
        edges.push(Edge {
            seat,
            action: action.clone(),
            visits: 0,
            avail: 0,
            total: 0.0,
            prior: 0.0,
            child: NONE,
        });
        match edges.len().cmp(&INDEX_FROM) {
            std::cmp::Ordering::Less => {}
            // The node has just grown to the index's size: index them all.
            std::cmp::Ordering::Equal => {
                for (i, e) in edges.iter().enumerate() {
                    index
                        .entry(edge_hash(e.seat, &e.action))
                        .or_insert(i as u32);
                }
            }
            std::cmp::Ordering::Greater => {
                let h = hash.unwrap_or_else(|| edge_hash(seat, action));
                index.entry(h).or_insert(n as u32);
            }
        }
        *hint = n + 1;
        n as u32
    }

    /// Chooses `seat`'s edge out of `node` among `self.legal`, counting
    /// every legal edge as available. Returns (edge, index in legal).
    /// `hint`, an index in `self.legal`, is the playout policy's choice
    /// when it guides the tree ([`Playout::guides_tree`]).
    fn select(
        &mut self,
        node: u32,
        seat: Seat,
        config: &SearchConfig,
        hint: Option<usize>,
        rng: &mut GameRng,
    ) -> (u32, usize) {
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        let legal = std::mem::take(&mut self.legal);
        let mut at = 0;
        for a in &legal {
            let e = self.edge(node, seat, a, &mut at);
            candidates.push(e);
        }
        self.legal = legal;
        let edges = &mut self.nodes[node as usize].edges;
        for &e in &candidates {
            edges[e as usize].avail += 1;
        }
        // Unvisited edges first, the prior's favourite before the others,
        // ties broken at random; then UCB1 with progressive bias.
        let mut best = 0usize;
        let mut best_score = f64::NEG_INFINITY;
        let mut ties = 0u32;
        for (i, &e) in candidates.iter().enumerate() {
            let edge = &edges[e as usize];
            let score = if edge.visits == 0 {
                match hint {
                    None => 1e9 + edge.prior,
                    Some(h) if h == i => 1e9,
                    // An even result, no bonus for being untried: the
                    // policy's choice holds while it does at least as well.
                    Some(_) => 0.5,
                }
            } else {
                let v = f64::from(edge.visits);
                edge.total / v
                    + config.exploration * (f64::from(edge.avail).ln() / v).sqrt()
                    + config.prior_weight * edge.prior / (v + 1.0)
            };
            if score > best_score + 1e-12 {
                best_score = score;
                best = i;
                ties = 1;
            } else if (score - best_score).abs() <= 1e-12 {
                // Reservoir sampling keeps each tied edge equally likely.
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = i;
                }
            }
        }
        let chosen = candidates[best];
        self.candidates = candidates;
        (chosen, best)
    }
}

/// A search bot: ISMCTS over a game's [`Determinizer`], with a playout
/// policy and an optional prior bot.
pub struct SearchBot<G: Game> {
    name: String,
    config: SearchConfig,
    determinizer: Box<dyn Determinizer<G>>,
    playout: Box<dyn Playout<G>>,
    prior: Option<Box<dyn Bot<G>>>,
    rng: GameRng,
    tree: Tree<G>,
    last: Option<Analysis>,
}

impl<G: Game> SearchBot<G> {
    /// A search bot named `name` (for reports), searching with `config`,
    /// seeded with `seed` (its only source of randomness).
    pub fn new(
        name: impl Into<String>,
        config: SearchConfig,
        determinizer: Box<dyn Determinizer<G>>,
        playout: Box<dyn Playout<G>>,
        seed: u64,
    ) -> Self {
        SearchBot {
            name: name.into(),
            config,
            determinizer,
            playout,
            prior: None,
            rng: GameRng::seed_from_u64(seed),
            tree: Tree::new(),
            last: None,
        }
    }

    /// The same bot, preferring `prior`'s choice at the root (it sees the
    /// same view the search bot is handed).
    pub fn with_prior(mut self, prior: Box<dyn Bot<G>>) -> Self {
        self.prior = Some(prior);
        self
    }

    /// The search's settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// What the last decision's search found (for hints: the visits behind
    /// the choice).
    pub fn last_analysis(&self) -> Option<&Analysis> {
        self.last.as_ref()
    }

    /// Searches `view` and returns what it found about each of `legal`.
    pub fn analyse(&mut self, view: &G::View, legal: &[G::Action]) -> Analysis {
        let seat = self.determinizer.seat(view);
        let tree = &mut self.tree;
        tree.nodes.clear();
        let root = tree.add_node();
        let prior = match (&mut self.prior, legal.len()) {
            (Some(p), 2..) => Some(p.choose(Some(view), legal).min(legal.len() - 1)),
            _ => None,
        };
        // One root edge a group of alike actions (its first); the prior's
        // choice counts for its group.
        let alike = self.determinizer.alike(view, legal);
        let group = |i: usize| {
            alike
                .get(i)
                .copied()
                .filter(|&g| g < legal.len())
                .unwrap_or(i)
        };
        let prior = prior.map(group);
        let width = self.config.root_width;
        let mut keep = vec![true; legal.len()];
        if width > 0 && legal.len() > width + 1 {
            let mut scores = Vec::with_capacity(legal.len());
            let ranked = self
                .determinizer
                .determinize(view, legal, &mut self.rng)
                .is_some_and(|g| {
                    self.playout.rank(&g, seat, legal, &mut scores) && scores.len() == legal.len()
                });
            if ranked {
                let mut order: Vec<usize> = (0..legal.len()).filter(|&i| group(i) == i).collect();
                // The best first; among equals, the first listed.
                order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
                keep.fill(false);
                for &i in order.iter().take(width) {
                    keep[i] = true;
                }
                if let Some(p) = prior {
                    keep[p] = true;
                }
            }
        }
        let tree = &mut self.tree;
        tree.root_actions.clear();
        let mut hint = 0;
        for (i, a) in legal.iter().enumerate() {
            if group(i) != i || !keep[i] {
                continue;
            }
            tree.root_actions.push(a.clone());
            let e = tree.edge(root, seat, a, &mut hint);
            if prior == Some(i) {
                tree.nodes[root as usize].edges[e as usize].prior = 1.0;
            }
        }
        let start = Instant::now();
        let mut done = 0u32;
        let mut failures = 0u32;
        let root_edges = legal.len();
        while done < self.config.iterations {
            if let Some(cap) = self.config.max_time
                && done > 0
                && start.elapsed() >= cap
            {
                break;
            }
            // Stop early once no other action could catch the most visited
            // one in the iterations left: the choice is made.
            if done.is_multiple_of(16) && done > 0 {
                let (mut first, mut second) = (0u32, 0u32);
                for e in self.tree.nodes[root as usize].edges.iter().take(root_edges) {
                    if e.visits > first {
                        second = first;
                        first = e.visits;
                    } else if e.visits > second {
                        second = e.visits;
                    }
                }
                if first > second + (self.config.iterations - done) {
                    break;
                }
            }
            match self.determinizer.determinize(view, legal, &mut self.rng) {
                Some(g) => {
                    self.iterate(g, root, seat);
                    done += 1;
                }
                None => {
                    failures += 1;
                    if failures > self.config.iterations.max(10) {
                        break;
                    }
                }
            }
        }
        let edges = &self.tree.nodes[root as usize].edges;
        let mut visits = Vec::with_capacity(legal.len());
        let mut values = Vec::with_capacity(legal.len());
        let mut hint = 0usize;
        for k in 0..legal.len() {
            // An action stands in its group's place.
            let a = &legal[group(k)];
            let n = edges.len();
            let found = (0..n).map(|k| (hint + k) % n.max(1)).find(|&i| {
                edges
                    .get(i)
                    .is_some_and(|e| e.seat == seat && e.action == *a)
            });
            match found.and_then(|i| edges.get(i).map(|e| (i, e))) {
                Some((i, e)) => {
                    hint = i + 1;
                    visits.push(e.visits);
                    values.push(if e.visits > 0 {
                        e.total / f64::from(e.visits)
                    } else {
                        0.0
                    });
                }
                None => {
                    visits.push(0);
                    values.push(0.0);
                }
            }
        }
        // Most visits wins (the robust child); ties go to the better mean,
        // then to the prior's choice, then to the first listed.
        let mut best = prior.unwrap_or(0);
        for i in 0..legal.len() {
            let better = (visits[i], values[i]) > (visits[best], values[best]);
            if better {
                best = i;
            }
        }
        if let Some(p) = prior
            && !overrules(&visits, &values, best, p, self.config.prior_anchor)
        {
            best = p;
        }
        Analysis {
            best,
            visits,
            values,
            iterations: done,
        }
    }

    /// One iteration: down the tree in sampled state `g`, one new node,
    /// a playout, and the rewards back up the path. `me` is the searching
    /// seat, whose root choices are [`Tree::root_actions`].
    fn iterate(&mut self, mut g: G, root: u32, me: Seat) {
        let config = self.config;
        let tree = &mut self.tree;
        tree.path.clear();
        let mut node = root;
        let mut expanded = false;
        while !expanded {
            match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    g.resolve_chance(&mut NoLog);
                }
                ToAct::One(seat) => {
                    g.legal_actions(seat, &mut tree.legal);
                    if node == root && seat == me {
                        tree.keep_root_actions();
                    }
                    if tree.legal.is_empty() {
                        break;
                    }
                    let hint = (node != root && self.playout.guides_tree()).then(|| {
                        self.playout.start(&g, &mut self.rng);
                        self.playout
                            .choose(&g, seat, &tree.legal, &mut self.rng)
                            .min(tree.legal.len() - 1)
                    });
                    let (e, i) = tree.select(node, seat, &config, hint, &mut self.rng);
                    if g.apply(seat, &tree.legal[i]).is_err() {
                        break;
                    }
                    tree.path.push((node, e));
                    let child = tree.nodes[node as usize].edges[e as usize].child;
                    node = if child == NONE {
                        expanded = true;
                        let c = tree.add_node();
                        tree.nodes[node as usize].edges[e as usize].child = c;
                        c
                    } else {
                        child
                    };
                }
                ToAct::Simultaneous(set) => {
                    let mut key = [NO_EDGE; MAX_SEATS];
                    let mut any = false;
                    for seat in set.iter() {
                        let still = match g.to_act() {
                            ToAct::Simultaneous(now) => now.contains(seat),
                            ToAct::One(s) => s == seat,
                            _ => false,
                        };
                        if !still {
                            continue;
                        }
                        g.legal_actions(seat, &mut tree.legal);
                        if node == root && seat == me {
                            tree.keep_root_actions();
                        }
                        if tree.legal.is_empty() {
                            continue;
                        }
                        let (e, i) = tree.select(node, seat, &config, None, &mut self.rng);
                        if g.apply(seat, &tree.legal[i]).is_err() {
                            continue;
                        }
                        tree.path.push((node, e));
                        if let Some(k) = key.get_mut(seat.index()) {
                            *k = e.min(u32::from(NO_EDGE - 1)) as u16;
                        }
                        any = true;
                    }
                    if !any {
                        break;
                    }
                    let found = tree.nodes[node as usize]
                        .joint
                        .iter()
                        .find(|(k, _)| *k == key)
                        .map(|(_, c)| *c);
                    node = match found {
                        Some(c) => c,
                        None => {
                            expanded = true;
                            let c = tree.add_node();
                            tree.nodes[node as usize].joint.push((key, c));
                            c
                        }
                    };
                }
            }
        }
        self.playout(&mut g);
        let tree = &mut self.tree;
        for &(n, e) in &tree.path {
            let edge = &mut tree.nodes[n as usize].edges[e as usize];
            edge.visits += 1;
            edge.total += tree.rewards.get(edge.seat.index()).copied().unwrap_or(0.0);
        }
    }

    /// Plays `g` on with the playout policy and leaves each seat's reward
    /// in `self.tree.rewards`.
    fn playout(&mut self, g: &mut G) {
        self.playout.start(g, &mut self.rng);
        let tree = &mut self.tree;
        let mut steps = 0u32;
        loop {
            let seat = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    g.resolve_chance(&mut NoLog);
                    continue;
                }
                ToAct::One(s) => s,
                ToAct::Simultaneous(set) => match set.iter().next() {
                    Some(s) => s,
                    None => break,
                },
            };
            if steps >= self.config.playout_cap
                && (self.playout.can_stop(g) || steps >= self.config.playout_cap.saturating_mul(2))
            {
                break;
            }
            g.legal_actions(seat, &mut tree.legal);
            if tree.legal.is_empty() {
                break;
            }
            let i = self
                .playout
                .choose(g, seat, &tree.legal, &mut self.rng)
                .min(tree.legal.len() - 1);
            if g.apply(seat, &tree.legal[i]).is_err() {
                break;
            }
            steps += 1;
        }
        let n = g.seat_count();
        tree.rewards.clear();
        tree.rewards.resize(n, 0.0);
        match g.outcome() {
            Some(o) => {
                if !self.playout.reward(g, &mut tree.rewards) {
                    rewards_of(&o, &mut tree.rewards);
                }
            }
            None => {
                if !self.playout.evaluate(g, &mut tree.rewards) {
                    tree.rewards.fill(1.0 / n.max(1) as f64);
                }
            }
        }
    }
}

/// Whether action `best` overrules the prior's action `prior` at the root:
/// its mean reward is higher by more than `z` standard errors of the
/// difference (each mean's error estimated as a share's, p(1-p)/n, with a
/// floor so a few equal results are not taken for certainty). With `z` 0
/// the most visited action always stands.
fn overrules(visits: &[u32], values: &[f64], best: usize, prior: usize, z: f64) -> bool {
    if best == prior || z <= 0.0 {
        return true;
    }
    let (Some(&nb), Some(&np), Some(&mb), Some(&mp)) = (
        visits.get(best),
        visits.get(prior),
        values.get(best),
        values.get(prior),
    ) else {
        return true;
    };
    if np == 0 {
        return nb > 0;
    }
    let var = |m: f64, n: u32| (m * (1.0 - m)).max(0.05) / f64::from(n.max(1));
    mb - mp > z * (var(mb, nb) + var(mp, np)).sqrt()
}

/// Turns each seat's score in `out` into its share of a win, by a softmax:
/// a lead of `scale` points makes a seat's share e times another's. For a
/// [`Playout::evaluate`] that scores an unfinished game by how far each
/// seat is. Returns false when there is nothing to share.
pub fn softmax_shares(out: &mut [f64], scale: f64) -> bool {
    let top = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() || scale <= 0.0 {
        return false;
    }
    let mut sum = 0.0;
    for x in out.iter_mut() {
        *x = ((*x - top) / scale).exp();
        sum += *x;
    }
    for x in out.iter_mut() {
        *x /= sum;
    }
    true
}

/// Each seat's reward for a finished game: a sole winner 1, a shared win
/// split between the winners, a game nobody won shared by every seat.
pub fn rewards_of(outcome: &Outcome, out: &mut [f64]) {
    out.fill(0.0);
    let winners: Vec<usize> = outcome
        .winners
        .iter()
        .map(|s| s.index())
        .filter(|&i| i < out.len())
        .collect();
    if winners.is_empty() {
        let share = 1.0 / out.len().max(1) as f64;
        out.fill(share);
    } else {
        let share = 1.0 / winners.len() as f64;
        for i in winners {
            out[i] = share;
        }
    }
}

impl<G: Game> Bot<G> for SearchBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: Option<&G::View>, legal: &[G::Action]) -> usize {
        if legal.len() <= 1 {
            return 0;
        }
        let Some(view) = view else {
            return self.rng.random_range(0..legal.len());
        };
        let analysis = self.analyse(view, legal);
        let best = analysis.best.min(legal.len() - 1);
        self.last = Some(analysis);
        best
    }

    fn analysis(&self) -> Option<&Analysis> {
        self.last.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{SeatSet, Sink};
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Debug, PartialEq, Eq)]
    struct ToyError;

    impl std::fmt::Display for ToyError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("illegal")
        }
    }

    impl std::error::Error for ToyError {}

    /// Race to ten: two seats take turns adding 1 or 2; whoever reaches
    /// ten wins. Perfect information: the winning move leaves the other a
    /// total of 1, 4 or 7.
    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct Race {
        total: u8,
        mover: u8,
    }

    impl Game for Race {
        type Config = u8;
        type Action = u8;
        type View = Race;
        type Event = ();
        type Error = ToyError;

        fn new(config: &u8, _seed: u64) -> Result<Self, ToyError> {
            Ok(Race {
                total: *config,
                mover: 0,
            })
        }
        fn seat_count(&self) -> usize {
            2
        }
        fn to_act(&self) -> ToAct {
            if self.total >= 10 {
                ToAct::Over
            } else {
                ToAct::One(Seat(self.mover))
            }
        }
        fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
            out.clear();
            if self.to_act() == ToAct::One(seat) {
                out.extend([1, 2].into_iter().filter(|a| self.total + a <= 10));
            }
        }
        fn apply_with(
            &mut self,
            seat: Seat,
            a: &u8,
            _log: &mut impl Sink<()>,
        ) -> Result<(), ToyError> {
            if self.to_act() != ToAct::One(seat) || !(1..=2).contains(a) {
                return Err(ToyError);
            }
            self.total += a;
            if self.total < 10 {
                self.mover = 1 - self.mover;
            }
            Ok(())
        }
        fn view(&self, _seat: Seat) -> Race {
            self.clone()
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.total >= 10).then(|| Outcome {
                winners: vec![Seat(self.mover)],
                ending: "ten".into(),
            })
        }
        fn turns(&self) -> u32 {
            u32::from(self.total)
        }
    }

    struct Open;

    impl Determinizer<Race> for Open {
        fn seat(&self, view: &Race) -> Seat {
            Seat(view.mover)
        }
        fn determinize(&self, view: &Race, _l: &[u8], _rng: &mut GameRng) -> Option<Race> {
            Some(view.clone())
        }
    }

    fn race_bot(seed: u64) -> SearchBot<Race> {
        SearchBot::new(
            "race",
            SearchConfig::with_iterations(3_000),
            Box::new(Open),
            Box::new(RandomPlayout),
            seed,
        )
    }

    /// A node's edges are found by their seat and action whether it keeps
    /// an index or not: the same edge as a list in the order they were
    /// made, for lookups in any order and from any hint, across the size
    /// where the index starts.
    #[test]
    fn edges_are_found_alike_with_and_without_the_index() {
        let mut rng = GameRng::seed_from_u64(5);
        for kinds in [3u8, 15, 16, 17, 40, 255] {
            let mut tree = Tree::<Race>::new();
            let node = tree.add_node();
            let mut made: Vec<(Seat, u8)> = Vec::new();
            let mut hint = 0usize;
            for _ in 0..2_000 {
                let seat = Seat(rng.random_range(0..3));
                let action = rng.random_range(0..kinds);
                if rng.random_range(0..4) == 0 {
                    hint = rng.random_range(0..made.len() + 3);
                }
                let want = made
                    .iter()
                    .position(|&m| m == (seat, action))
                    .unwrap_or_else(|| {
                        made.push((seat, action));
                        made.len() - 1
                    });
                let got = tree.edge(node, seat, &action, &mut hint);
                assert_eq!(got as usize, want, "{kinds} kinds, {seat} plays {action}");
                assert_eq!(hint, want + 1);
            }
            let edges = &tree.nodes[node as usize].edges;
            assert_eq!(edges.len(), made.len());
            assert_eq!(
                tree.nodes[node as usize].index.is_empty(),
                made.len() < INDEX_FROM
            );
        }
    }

    #[test]
    fn finds_the_winning_move_with_perfect_information() {
        // From 0 add 1 (leaving 9 = 3 x 3 to go), from 2 add 2, from 3 add 1.
        for (total, want) in [(0u8, 1u8), (2, 2), (3, 1), (8, 2), (5, 2)] {
            let g = Race { total, mover: 0 };
            let mut legal = Vec::new();
            g.legal_actions(Seat(0), &mut legal);
            let mut bot = race_bot(7);
            let i = bot.choose(Some(&g), &legal);
            assert_eq!(legal[i], want, "from {total}");
            let a = bot.last_analysis().cloned().unwrap_or_default();
            // The search may stop early once the choice cannot change.
            assert!(a.iterations > 100 && a.iterations <= 3_000, "{a:?}");
            assert_eq!(a.visits.iter().sum::<u32>(), a.iterations);
        }
    }

    #[test]
    fn the_same_view_and_seed_give_the_same_search() {
        let g = Race { total: 1, mover: 0 };
        let legal = vec![1, 2];
        let a = race_bot(3).analyse(&g, &legal);
        let b = race_bot(3).analyse(&g, &legal);
        assert_eq!(a, b);
        let c = race_bot(4).analyse(&g, &legal);
        assert_ne!(a.visits, c.visits, "the seed should matter");
    }

    /// High card: each seat is dealt one hidden card of 1-9. Seat 0 calls
    /// (the higher card wins) or folds (a coin, a chance node, decides).
    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct High {
        cards: [u8; 2],
        folded: bool,
        coin: Option<bool>,
        called: bool,
        rng: GameRng,
    }

    #[derive(Clone, Debug, Serialize)]
    struct HighView {
        mine: u8,
    }

    impl Game for High {
        type Config = [u8; 2];
        type Action = bool;
        type View = HighView;
        type Event = ();
        type Error = ToyError;

        fn new(config: &[u8; 2], seed: u64) -> Result<Self, ToyError> {
            Ok(High {
                cards: *config,
                folded: false,
                coin: None,
                called: false,
                rng: GameRng::seed_from_u64(seed),
            })
        }
        fn seat_count(&self) -> usize {
            2
        }
        fn to_act(&self) -> ToAct {
            match (self.called, self.folded, self.coin) {
                (true, _, _) | (_, true, Some(_)) => ToAct::Over,
                (_, true, None) => ToAct::Chance,
                _ => ToAct::One(Seat(0)),
            }
        }
        fn legal_actions(&self, seat: Seat, out: &mut Vec<bool>) {
            out.clear();
            if self.to_act() == ToAct::One(seat) {
                out.extend([true, false]);
            }
        }
        fn apply_with(
            &mut self,
            seat: Seat,
            call: &bool,
            _log: &mut impl Sink<()>,
        ) -> Result<(), ToyError> {
            if self.to_act() != ToAct::One(seat) {
                return Err(ToyError);
            }
            if *call {
                self.called = true;
            } else {
                self.folded = true;
            }
            Ok(())
        }
        fn resolve_chance(&mut self, _log: &mut impl Sink<()>) {
            self.coin = Some(self.rng.random());
        }
        fn view(&self, seat: Seat) -> HighView {
            HighView {
                mine: self.cards[seat.index() % 2],
            }
        }
        fn outcome(&self) -> Option<Outcome> {
            let zero_wins = match (self.called, self.coin) {
                (true, _) => self.cards[0] > self.cards[1],
                (false, Some(c)) => c,
                _ => return None,
            };
            Some(Outcome {
                winners: vec![Seat(if zero_wins { 0 } else { 1 })],
                ending: "shown".into(),
            })
        }
        fn turns(&self) -> u32 {
            0
        }
    }

    /// Deals the other card from the eight seat 0 does not hold.
    struct Deal;

    impl Determinizer<High> for Deal {
        fn seat(&self, _view: &HighView) -> Seat {
            Seat(0)
        }
        fn determinize(&self, view: &HighView, _l: &[bool], rng: &mut GameRng) -> Option<High> {
            let others: Vec<u8> = (1..=9).filter(|&c| c != view.mine).collect();
            let theirs = others[rng.random_range(0..others.len())];
            High::new(&[view.mine, theirs], rng.random()).ok()
        }
    }

    fn high_bot(seed: u64) -> SearchBot<High> {
        SearchBot::new(
            "high",
            SearchConfig::with_iterations(2_000),
            Box::new(Deal),
            Box::new(RandomPlayout),
            seed,
        )
    }

    #[test]
    fn hidden_cards_and_chance_are_sampled_not_read() {
        let legal = vec![true, false];
        for (mine, call) in [(9u8, true), (8, true), (1, false), (2, false)] {
            let mut choices = Vec::new();
            // The true hidden card differs; the view, and so the choice,
            // must not.
            for theirs in (1..=9).filter(|&c| c != mine) {
                let g = High::new(&[mine, theirs], 5).unwrap_or_else(|e| panic!("{e}"));
                let mut bot = high_bot(11);
                let i = bot.choose(Some(&g.view(Seat(0))), &legal);
                choices.push(legal[i]);
                let a = bot.last_analysis().cloned().unwrap_or_default();
                // Calling wins against the lower of the eight other cards;
                // folding is a coin, near a half whatever is held.
                let call_wins = f64::from(mine - 1) / 8.0;
                if a.visits[0] >= 200 {
                    assert!((a.values[0] - call_wins).abs() < 0.1, "{a:?}");
                }
                if a.visits[1] >= 200 {
                    assert!((a.values[1] - 0.5).abs() < 0.1, "{a:?}");
                }
            }
            assert!(
                choices.iter().all(|&c| c == call),
                "holding {mine}: {choices:?}"
            );
        }
    }

    /// Rock, paper, scissors for two, chosen at once; the winner scores.
    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct Rps {
        picks: [Option<u8>; 2],
    }

    impl Game for Rps {
        type Config = ();
        type Action = u8;
        type View = Rps;
        type Event = ();
        type Error = ToyError;

        fn new(_c: &(), _seed: u64) -> Result<Self, ToyError> {
            Ok(Rps { picks: [None; 2] })
        }
        fn seat_count(&self) -> usize {
            2
        }
        fn to_act(&self) -> ToAct {
            let mut set = SeatSet::EMPTY;
            for s in 0..2u8 {
                if self.picks[usize::from(s)].is_none() {
                    set = set.with(Seat(s));
                }
            }
            if set.is_empty() {
                ToAct::Over
            } else {
                ToAct::Simultaneous(set)
            }
        }
        fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
            out.clear();
            if self.picks.get(seat.index()).is_some_and(Option::is_none) {
                out.extend(0..3);
            }
        }
        fn apply_with(
            &mut self,
            seat: Seat,
            a: &u8,
            _log: &mut impl Sink<()>,
        ) -> Result<(), ToyError> {
            match self.picks.get_mut(seat.index()) {
                Some(p @ None) if *a < 3 => {
                    *p = Some(*a);
                    Ok(())
                }
                _ => Err(ToyError),
            }
        }
        fn view(&self, _seat: Seat) -> Rps {
            self.clone()
        }
        fn outcome(&self) -> Option<Outcome> {
            let [Some(a), Some(b)] = self.picks else {
                return None;
            };
            let winners = if a == b {
                vec![]
            } else if (a + 1) % 3 == b {
                vec![Seat(1)]
            } else {
                vec![Seat(0)]
            };
            Some(Outcome {
                winners,
                ending: "shown".into(),
            })
        }
        fn turns(&self) -> u32 {
            0
        }
    }

    struct Table;

    impl Determinizer<Rps> for Table {
        fn seat(&self, _view: &Rps) -> Seat {
            Seat(0)
        }
        fn determinize(&self, view: &Rps, _l: &[u8], _rng: &mut GameRng) -> Option<Rps> {
            Some(view.clone())
        }
    }

    /// Ranks rock-paper-scissors' picks by their number, highest first.
    struct Ranked;

    impl Playout<Rps> for Ranked {
        fn choose(&mut self, _g: &Rps, _s: Seat, legal: &[u8], rng: &mut GameRng) -> usize {
            rng.random_range(0..legal.len())
        }
        fn rank(&mut self, _g: &Rps, _s: Seat, legal: &[u8], out: &mut Vec<i64>) -> bool {
            out.clear();
            out.extend(legal.iter().map(|&a| i64::from(a)));
            true
        }
    }

    /// Always the first legal action.
    struct First;

    impl Bot<Rps> for First {
        fn name(&self) -> &str {
            "first"
        }
        fn choose(&mut self, _view: Option<&Rps>, _legal: &[u8]) -> usize {
            0
        }
    }

    #[test]
    fn a_narrow_root_searches_the_ranked_best_and_the_prior() {
        let g = Rps { picks: [None; 2] };
        let search = |width: usize, prior: bool| {
            let config = SearchConfig {
                root_width: width,
                ..SearchConfig::with_iterations(300)
            };
            let bot = SearchBot::new("rps", config, Box::new(Table), Box::new(Ranked), 5);
            let mut bot = if prior {
                bot.with_prior(Box::new(First))
            } else {
                bot
            };
            bot.analyse(&g, &[0, 1, 2])
        };
        let wide = search(0, false);
        assert!(wide.visits.iter().all(|&v| v > 0), "{wide:?}");
        // The ranking's best alone.
        let one = search(1, false);
        assert_eq!(one.visits[..2], [0, 0], "{one:?}");
        assert_eq!(one.visits[2], one.iterations);
        assert_eq!(one.best, 2);
        // The ranking's best and the prior's choice.
        let with_prior = search(1, true);
        assert_eq!(with_prior.visits[1], 0, "{with_prior:?}");
        assert!(with_prior.visits[0] > 0 && with_prior.visits[2] > 0);
        // Wide enough for every action: nothing is left out.
        let two = search(2, false);
        assert!(two.visits.iter().all(|&v| v > 0), "{two:?}");
    }

    #[test]
    fn softmax_shares_add_up_and_follow_the_scores() {
        let mut out = [7.0, 4.0, 4.0, 0.0];
        assert!(softmax_shares(&mut out, 1.25));
        assert!((out.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(out[0] > out[1] && out[1] == out[2] && out[2] > out[3]);
        // A lead of one scale is a factor of e.
        let mut two = [1.0, 0.0];
        assert!(softmax_shares(&mut two, 1.0));
        assert!((two[0] / two[1] - std::f64::consts::E).abs() < 1e-9);
        assert!(!softmax_shares(&mut [], 1.0));
    }

    #[test]
    fn the_prior_stands_until_the_search_is_sure() {
        // 0.30 over 40 visits against the prior's 0.25 over 20: within the
        // noise of such counts.
        let visits = [20, 40];
        let values = [0.25, 0.30];
        assert!(!overrules(&visits, &values, 1, 0, 1.0));
        assert!(overrules(&visits, &values, 1, 0, 0.0), "z 0: visits decide");
        // The same means over many visits: sure.
        assert!(overrules(&[2_000, 4_000], &values, 1, 0, 1.0));
        // A far better mean: sure with few visits too.
        assert!(overrules(&visits, &[0.1, 0.9], 1, 0, 2.0));
        // Better by fewer visits but a lower mean: never.
        assert!(!overrules(&[2_000, 4_000], &[0.30, 0.25], 1, 0, 1.0));
        // A prior never searched cannot stand against a searched action.
        assert!(overrules(&[0, 10], &[0.0, 0.2], 1, 0, 3.0));
        assert!(overrules(&visits, &values, 0, 0, 3.0), "the prior itself");
    }

    #[test]
    fn an_anchored_search_keeps_the_prior_between_equal_actions() {
        // Every pick of rock-paper-scissors against a blind pick is worth a
        // half: the visits differ by chance alone, so an anchored search
        // keeps the prior's choice while a plain one follows its visits.
        let g = Rps { picks: [None; 2] };
        let mut plain_left = 0;
        for seed in 0..8 {
            let search = |anchor: f64| {
                let config = SearchConfig {
                    prior_anchor: anchor,
                    ..SearchConfig::with_iterations(600)
                };
                SearchBot::new(
                    "rps",
                    config,
                    Box::new(Table),
                    Box::new(RandomPlayout),
                    seed,
                )
                .with_prior(Box::new(First))
                .analyse(&g, &[0, 1, 2])
            };
            assert_eq!(search(2.0).best, 0, "seed {seed}");
            if search(0.0).best != 0 {
                plain_left += 1;
            }
        }
        assert!(plain_left > 0, "a plain search should follow its visits");
    }

    #[test]
    fn simultaneous_choices_stay_unseen() {
        // If the second seat saw the first's choice, every choice of seat 0
        // would look lost (about 0); chosen blind, each scores about a half.
        let mut bot = SearchBot::new(
            "rps",
            SearchConfig::with_iterations(3_000),
            Box::new(Table),
            Box::new(RandomPlayout),
            2,
        );
        let g = Rps { picks: [None; 2] };
        let a = bot.analyse(&g, &[0, 1, 2]);
        for v in &a.values {
            assert!(*v > 0.3 && *v < 0.7, "{a:?}");
        }
    }
}

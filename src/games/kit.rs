//! What a game gives the registry so that every tool works on it alike:
//! its card data, how a table is set up from a few options, its bots, how
//! its cards are counted and what figures a finished game reports. The
//! registry's `check`, `simulate` and `soak` hooks are the generic
//! functions below, instantiated once per game ([`GameKit`]), so that
//! `touchline simulate` honours the same flags and reports the same fields
//! for every game, and `touchline soak` checks every game the same way.
//! Model: OpenSpiel, where a game registers once and every tool works over
//! any registered game.

use crate::bots::Bot;
use crate::cards::{DataErrors, DataSource};
use crate::engine::{Game, Stop};
use crate::sim::{ABANDONED, GameResult, STALLED, SimRequest, Unit};
use crate::soak::{SoakGame, SoakOne};
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// An option a game's table takes from `simulate` (and the lab): its name
/// (`--tie-break` on the command line is `tie_break`) and the values it
/// takes, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableOption {
    /// The option's name.
    pub name: &'static str,
    /// Its values or range, in words.
    pub values: &'static str,
}

/// A bot a game offers: its key on the command line, the other names it
/// answers to, and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotName {
    /// The key (`random`, `heuristic`, `memory-3`).
    pub key: &'static str,
    /// Other names it answers to (`easy`, `normal`).
    pub aliases: &'static [&'static str],
    /// What it is, in a few words.
    pub about: &'static str,
}

/// The random bot every game has.
pub const RANDOM: BotName = BotName {
    key: "random",
    aliases: &["easy"],
    about: "uniformly random legal actions",
};

/// The heuristic bot, under the name most games give it.
pub const HEURISTIC: BotName = BotName {
    key: "heuristic",
    aliases: &["normal"],
    about: "plays to win with the game's own priorities",
};

/// The search bot at its Hard level ([`crate::bots::Level::Hard`]), for
/// the games that have one.
pub const HARD: BotName = BotName {
    key: "hard",
    aliases: &[],
    about: "searches the game (ISMCTS) from its own view; beats the heuristic",
};

/// The search bot at its Expert level ([`crate::bots::Level::Expert`]):
/// a longer search than Hard.
pub const EXPERT: BotName = BotName {
    key: "expert",
    aliases: &[],
    about: "searches longer than hard",
};

/// A table as a simulation asks for it: seats, a house-rules file and the
/// game's own options by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableSetup {
    /// Seats at the table.
    pub seats: usize,
    /// A house-rules file: its name and text.
    pub rules: Option<(String, String)>,
    /// The game's options ([`GameKit::OPTIONS`]), as text.
    pub options: BTreeMap<String, String>,
}

impl TableSetup {
    /// The option `key`, if given.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }
}

/// A game as every tool sees it. The engine is the [`Game`]; this adds its
/// card data, tables, bots, census and figures.
pub trait GameKit: Game {
    /// The game's registry id.
    const ID: &'static str;
    /// How many seats a table may have.
    const SEATS: RangeInclusive<usize>;
    /// The seats of a simulated table when none are asked for.
    const DEFAULT_SEATS: usize;
    /// The options a table takes besides its seats.
    const OPTIONS: &'static [TableOption] = &[];
    /// Whether a table reads a house-rules file (`--rules`).
    const HOUSE_RULES: bool = false;
    /// The bots, weakest first.
    const BOTS: &'static [BotName] = &[RANDOM, HEURISTIC];
    /// Whether players choose which card to play, so that the balance lab
    /// values card kinds ([`GameKit::card_kinds`] is not empty).
    const CARD_VALUE: bool = false;

    /// The validated card data a table is built from.
    type Data: Send + Sync + 'static;
    /// One card as a soak counts it: every card is somewhere, always.
    type Census: Ord + Debug;

    /// Reads and checks the card data.
    fn load(source: &DataSource) -> Result<Self::Data, DataErrors>;

    /// What `touchline check` says of good data: a line a deck.
    fn summary(source: &DataSource, data: &Self::Data) -> Result<Vec<String>, DataErrors>;

    /// The configuration of a table set up as `setup` asks (seats within
    /// [`GameKit::SEATS`], options within [`GameKit::OPTIONS`], checked by
    /// the caller); why not, in words a user can act on.
    fn table(
        data: &Arc<Self::Data>,
        source: &DataSource,
        setup: &TableSetup,
    ) -> Result<Self::Config, String>;

    /// The bot `key` (one of [`GameKit::BOTS`]) for a seat of a game of
    /// `config`, with its own seed.
    fn bot(config: &Self::Config, key: &str, seed: u64) -> Option<Box<dyn Bot<Self>>>;

    /// A table for `touchline soak`, drawn from `seed` (seats, options and
    /// house rules), and a bot key a seat.
    fn soak_table(data: &Arc<Self::Data>, seed: u64) -> (Self::Config, Vec<&'static str>);

    /// Every card of the game wherever it is now, in any order.
    fn census(&self) -> Vec<Self::Census>;

    /// Figures of a finished game that simulations and the lab average
    /// (goals, Victory Points by line, prizes), by name.
    fn figures(&self) -> Vec<(String, f64)> {
        Vec::new()
    }

    /// The card kinds the balance lab values by restricted play, each with
    /// the group of kinds it is compared with, and the kind of every card;
    /// empty when no card is a player's to play.
    fn card_kinds(_config: &Self::Config) -> crate::lab::Kinds {
        crate::lab::Kinds::default()
    }

    /// The card `action` plays, if it plays one: its index in the card
    /// set, as [`GameKit::card_kinds`] reads it.
    fn played_card(_action: &Self::Action) -> Option<usize> {
        None
    }

    /// Whether a game deals each seat an opening hand the lab reads with
    /// [`GameKit::opening_cards`].
    fn deals_opening_hands() -> bool {
        false
    }

    /// The cards in `seat`'s opening hand (indices as
    /// [`GameKit::played_card`] gives them), read right after [`Game::new`].
    fn opening_cards(&self, _seat: crate::engine::Seat) -> Vec<usize> {
        Vec::new()
    }

    /// Plays one unit of a simulation from `seed`: by default one game of
    /// `config`, a seat a bot. A game whose configuration asks for a
    /// series (Booked!'s group stage) plays the whole series.
    fn play_unit(
        config: &Self::Config,
        bots: &[&'static str],
        seed: u64,
        max_decisions: u64,
    ) -> Option<Unit> {
        let mut game = Self::new(config, seed).ok()?;
        let mut players = seat_bots::<Self>(config, bots, seed)?;
        let played = crate::bots::play_out(&mut game, &mut players, max_decisions, |_| None);
        Some(finished(seed, &game, played))
    }
}

/// The bots `keys` of a game of `config`, one a seat, seeded from `seed`.
pub fn seat_bots<G: GameKit>(
    config: &G::Config,
    keys: &[&'static str],
    seed: u64,
) -> Option<Vec<Box<dyn Bot<G>>>> {
    keys.iter()
        .enumerate()
        .map(|(i, key)| G::bot(config, key, seed.wrapping_mul(31).wrapping_add(i as u64)))
        .collect()
}

/// A game played out as a simulation's unit: how it ended, or why it did
/// not (`abandoned` at the decision limit, `stalled` when the engine could
/// not go on).
pub fn finished<G: GameKit>(seed: u64, game: &G, played: crate::engine::PlayOut) -> Unit {
    let (winners, ending) = match (&played.stop, game.outcome()) {
        (Stop::Over, Some(o)) => (o.winners, o.ending),
        (Stop::Limit, _) => (Vec::new(), ABANDONED.to_string()),
        _ => (Vec::new(), STALLED.to_string()),
    };
    Unit {
        result: GameResult {
            seed,
            winners,
            ending,
            turns: game.turns(),
            decisions: played.decisions,
        },
        figures: game.figures(),
    }
}

/// The bot key that `name` (a key or an alias, any case) names among
/// `G`'s bots.
pub fn bot_key<G: GameKit>(name: &str) -> Option<&'static str> {
    let name = name.trim().to_ascii_lowercase();
    G::BOTS
        .iter()
        .find(|b| b.key == name || b.aliases.contains(&name.as_str()))
        .map(|b| b.key)
}

/// `G`'s bot keys, for messages: `random, heuristic`.
pub fn bot_keys<G: GameKit>() -> String {
    G::BOTS.iter().map(|b| b.key).collect::<Vec<_>>().join(", ")
}

/// The registry's `check` hook for `G`.
pub fn check<G: GameKit>(source: &DataSource) -> Result<Vec<String>, DataErrors> {
    let data = G::load(source)?;
    G::summary(source, &data)
}

/// Checks what a simulation asks of `G`'s table against what the game
/// reads, and sets the table up: the configuration and a bot key a seat.
pub fn sim_table<G: GameKit>(
    name: &str,
    data: &Arc<G::Data>,
    source: &DataSource,
    request: &SimRequest,
) -> Result<(G::Config, Vec<&'static str>), String> {
    let seats = request.players.map_or(G::DEFAULT_SEATS, usize::from);
    if !G::SEATS.contains(&seats) {
        return Err(format!(
            "--players must be {} for {name}, not {seats}",
            range_words(&G::SEATS)
        ));
    }
    if request.rules.is_some() && !G::HOUSE_RULES {
        return Err(format!(
            "{name} has no house-rules file: --rules is not read"
        ));
    }
    check_options::<G>(name, &request.options)?;
    let names: Vec<&str> = request.bots.split(',').collect();
    let mut bots = Vec::with_capacity(seats);
    for i in 0..seats {
        let b = names.get(i % names.len().max(1)).copied().unwrap_or("");
        bots.push(
            bot_key::<G>(b).ok_or_else(|| {
                format!("{name} has no bot `{}`: use {}", b.trim(), bot_keys::<G>())
            })?,
        );
    }
    let setup = TableSetup {
        seats,
        rules: request.rules.clone(),
        options: request.options.clone(),
    };
    let config = G::table(data, source, &setup)?;
    // Fail early, with the rules' own message, on a table that cannot be set up.
    G::new(&config, request.seed).map_err(|e| e.to_string())?;
    Ok((config, bots))
}

/// Refuses an option `G` does not read ([`GameKit::OPTIONS`]), naming
/// those it does; for `simulate` and for a new table (`play --option`).
pub fn check_options<G: GameKit>(
    name: &str,
    options: &BTreeMap<String, String>,
) -> Result<(), String> {
    for key in options.keys() {
        if !G::OPTIONS.iter().any(|o| o.name == key) {
            let takes: Vec<String> = G::OPTIONS
                .iter()
                .map(|o| format!("--{} ({})", o.name.replace('_', "-"), o.values))
                .collect();
            return Err(format!(
                "{name} does not read --{}{}",
                key.replace('_', "-"),
                if takes.is_empty() {
                    String::new()
                } else {
                    format!(": it takes {}", takes.join(", "))
                }
            ));
        }
    }
    Ok(())
}

/// `2-6`, or `2` for a fixed count.
fn range_words(r: &RangeInclusive<usize>) -> String {
    if r.start() == r.end() {
        r.start().to_string()
    } else {
        format!("{}-{}", r.start(), r.end())
    }
}

/// The registry's `simulate` hook for `G`: `request.games` units in
/// parallel on the asked threads, each from seed `seed + i`, reported with
/// the fields every game shares and the game's own figures.
pub fn simulate<G: GameKit>(
    source: &DataSource,
    request: &SimRequest,
) -> Result<crate::sim::Report, String> {
    let name = super::find(G::ID).map_or(G::ID, |g| g.name);
    let data = Arc::new(G::load(source).map_err(|e| e.to_string())?);
    let (config, bots) = sim_table::<G>(name, &data, source, request)?;
    let bar = request.progress(200, "games");
    let pool = request.pool()?;
    let tick = || bar.inc(1);
    let names: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    let report = pool.install(|| {
        crate::sim::run_units(G::ID, request.games, request.seed, names, &tick, |seed| {
            G::play_unit(&config, &bots, seed, request.max_decisions)
        })
    });
    bar.finish_and_clear();
    Ok(crate::sim::Report {
        options: request.options.clone(),
        ..report
    })
}

/// The registry's `soak` hook for `G`: one checked game a seed, on a table
/// and with bots drawn from the seed, failing on a panic (caught by the
/// caller), a game that does not end, an engine that stalls and any card
/// created or lost.
pub fn soak<G: GameKit>(source: &DataSource) -> Result<SoakOne, String> {
    let data = Arc::new(G::load(source).map_err(|e| e.to_string())?);
    Ok(Box::new(move |seed| {
        let (config, keys) = G::soak_table(&data, seed);
        let game = match G::new(&config, seed) {
            Ok(g) => g,
            Err(e) => {
                return SoakGame {
                    decisions: 0,
                    failure: Some(format!("cannot set up the soak's table: {e}")),
                };
            }
        };
        let Some(mut bots) = seat_bots::<G>(&config, &keys, seed) else {
            return SoakGame {
                decisions: 0,
                failure: Some(format!("no bot for one of {keys:?}")),
            };
        };
        crate::soak::play_checked(game, &mut bots, G::census)
    }))
}

/// The registry's `simulate` hook for `G`: [`simulate`], as text or JSON.
pub fn simulate_text<G: GameKit>(
    source: &DataSource,
    request: &SimRequest,
) -> Result<String, String> {
    simulate::<G>(source, request)?.render(request.json)
}

/// A scenario's position, with the expectations of `[expect]` and of each
/// checkpoint in the file's order.
pub type Setup<G> = (
    G,
    <G as ScenarioKit>::Expect,
    Vec<<G as ScenarioKit>::Expect>,
);

/// A game's scenarios: its own keys of the scenario file (the position,
/// its house rules, its own expectations), read after the head every game
/// shares ([`crate::scenario::Head`]). The registry's `scenario` hook is
/// [`scenario`] for the game.
pub trait ScenarioKit: GameKit + crate::engine::script::Scripted {
    /// The file's own part: every key but the head's, including the
    /// game's own keys of `[expect]` (as `expect`) and of each
    /// `[[checkpoint]]` (as `checkpoint`).
    type File: serde::de::DeserializeOwned;
    /// The game's own expectations, of `[expect]` or of one checkpoint.
    type Expect;
    /// An action line as the game's documents show it (`0: draw deck`).
    const EXAMPLE: &'static str;

    /// The position `part` describes, with the expectations of `[expect]`
    /// and of each checkpoint in the file's order; a located error when
    /// the file does not describe one (`text` is the file, whose offsets
    /// the part's spans give).
    fn setup(
        data: &Arc<Self::Data>,
        file: &str,
        text: &str,
        head: &crate::scenario::Head,
        part: Self::File,
    ) -> Result<Setup<Self>, crate::cards::DataError>;

    /// An action in the game's notation, as a scenario writes it.
    fn parse_action(&self, text: &str) -> Result<Self::Action, String>;

    /// Checks the game's own expectations; `events` is everything so far.
    fn check(&self, expect: &Self::Expect, events: &[Self::Event], fails: &mut Vec<String>);

    /// The position in readable form, for `touchline scenario`'s output.
    fn state(&self) -> serde_json::Value;
}

/// The registry's `scenario` hook for `G`: reads the file's head and the
/// game's part, sets the position up, plays the actions with the
/// checkpoints' checks after theirs, and checks `[expect]` at the end.
pub fn scenario<G: ScenarioKit>(
    source: &DataSource,
    name: &str,
    text: &str,
) -> crate::scenario::Ran {
    play_scenario::<G>(source, name, text).0
}

/// [`scenario`], with the run itself when the file could be set up (its
/// events and final position, for tests that look at them).
pub fn play_scenario<G: ScenarioKit>(
    source: &DataSource,
    name: &str,
    text: &str,
) -> (crate::scenario::Ran, Option<crate::engine::script::Run<G>>) {
    use crate::engine::script;
    use crate::scenario::{Head, Ran, game_part};
    let head = match Head::parse(name, text) {
        Ok(h) => h,
        Err(e) => return (Ran::Malformed(e.to_string()), None),
    };
    if let Some(game) = head.game.as_deref().filter(|g| *g != G::ID) {
        return (
            Ran::Malformed(
                crate::cards::DataError::file(
                    name,
                    format!("`{game}` is not this game: write `game = \"{}\"`", G::ID),
                )
                .field("game")
                .to_string(),
            ),
            None,
        );
    }
    let data = match G::load(source) {
        Ok(d) => Arc::new(d),
        Err(e) => return (Ran::Malformed(e.to_string()), None),
    };
    let part: G::File = match game_part(name, text) {
        Ok(p) => p,
        Err(e) => return (Ran::Malformed(e.to_string()), None),
    };
    let (game, expect, checks) = match G::setup(&data, name, text, &head, part) {
        Ok(x) => x,
        Err(e) => return (Ran::Malformed(e.to_string()), None),
    };
    if checks.len() != head.checkpoints.len() {
        return (
            Ran::Malformed(format!(
                "{name}: {} checkpoints, {} of them read",
                head.checkpoints.len(),
                checks.len()
            )),
            None,
        );
    }
    let actions = match head
        .actions
        .iter()
        .enumerate()
        .map(|(i, line)| script::parse_line(i, line, G::EXAMPLE, |a| game.parse_action(a)))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(a) => a,
        Err(m) => {
            let e = crate::cards::DataError::file(name, m).field("actions");
            return (Ran::Malformed(e.to_string()), None);
        }
    };
    let mut fails = Vec::new();
    let mut unexpected: Option<String> = None;
    let run = script::run_with(game, &actions, |i, g, events, refused| {
        let Some(k) = head
            .checkpoints
            .iter()
            .position(|(after, _)| *after == i + 1)
        else {
            return false;
        };
        let (_, expect_head) = &head.checkpoints[k];
        let refused_text = refused.map(|e| e.to_string());
        if refused.is_some() && expect_head.error.is_none() {
            // Not expected here: the run stops and says so below.
            return false;
        }
        let mut here = Vec::new();
        expect_head.check(g, refused_text.as_deref(), events, &mut here);
        if let Some(c) = checks.get(k) {
            g.check(c, events, &mut here);
        }
        fails.extend(
            here.into_iter()
                .map(|f| format!("after action {}: {f}", i + 1)),
        );
        refused.is_some()
    });
    let last = actions.len().checked_sub(1);
    let refused = match &run.error {
        Some((i, _, e)) if Some(*i) == last && head.expect.error.is_some() => Some(e.to_string()),
        Some((i, text, e)) => {
            unexpected = Some(format!("action {} `{text}` is illegal: {e}", i + 1));
            if head.expect.error.is_some() {
                fails.push(format!(
                    "action {} was refused, not the last one: {e}",
                    i + 1
                ));
            }
            None
        }
        None => None,
    };
    head.expect
        .check(&run.game, refused.as_deref(), &run.events, &mut fails);
    run.game.check(&expect, &run.events, &mut fails);
    let events: Vec<String> = run
        .events
        .iter()
        .filter_map(|e| run.game.log_line(e, None))
        .collect();
    let output = serde_json::json!({
        "scenario": name,
        "description": head.description,
        "state": run.game.state(),
        "events": events,
        "error": run.error.as_ref().map(|(i, text, e)| format!("action {} `{text}`: {e}", i + 1)),
        "failures": fails,
    });
    let ran = Ran::Done {
        output,
        failures: fails,
        illegal: unexpected.filter(|_| head.expect.error.is_none()),
    };
    (ran, Some(run))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GAMES;

    fn request(games: usize, threads: usize) -> SimRequest {
        SimRequest {
            games,
            seed: 5,
            players: None,
            bots: "heuristic,random".into(),
            json: true,
            threads: Some(threads),
            max_decisions: 200_000,
            rules: None,
            options: BTreeMap::new(),
        }
    }

    /// The fields every game's `simulate --json` gives, and the same
    /// result for the same seed whatever the thread count.
    #[test]
    fn every_game_simulates_alike_and_by_its_seed() {
        let source = DataSource::embedded();
        let strip = |text: &str| {
            let mut v: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
            for k in [
                "seconds",
                "games_per_second",
                "decisions_per_second",
                "threads",
            ] {
                assert!(v.get(k).is_some(), "{k} missing in {v}");
                v[k] = serde_json::Value::Null;
            }
            v
        };
        for g in GAMES {
            let games = if g.id == "eleven" { 4 } else { 24 };
            let one = (g.simulate)(&source, &request(games, 1)).unwrap_or_else(|e| panic!("{e}"));
            let two = (g.simulate)(&source, &request(games, 2)).unwrap_or_else(|e| panic!("{e}"));
            let (one, two) = (strip(&one), strip(&two));
            assert_eq!(one, two, "{}", g.id);
            for k in [
                "games",
                "decisions",
                "wins_by_seat",
                "win_rate_by_seat",
                "endings",
                "abandoned",
                "stalled",
                "figures",
            ] {
                assert!(one.get(k).is_some(), "{}: {k} missing in {one}", g.id);
            }
            assert_eq!(one["games"], games, "{}", g.id);
            assert_eq!(one["stalled"], 0, "{}", g.id);
            assert!(one["decisions"].as_u64().unwrap_or(0) > 0, "{}", g.id);
        }
    }

    /// Every game offers the search bot's Hard and Expert levels
    /// after its own bots, and `simulate` builds both and lets them decide.
    #[test]
    fn every_game_offers_and_builds_its_search_levels() {
        let source = DataSource::embedded();
        let mut with_search = 0;
        for g in GAMES {
            let keys: Vec<&str> = g.bots.iter().map(|b| b.key).collect();
            with_search += 1;
            assert!(keys.ends_with(&["hard", "expert"]), "{}: {keys:?}", g.id);
            let mut r = request(1, 1);
            r.bots = "hard,expert".into();
            // A few decisions show the bots are made and choose; a whole
            // searched game is for the measuring runs.
            r.max_decisions = 3;
            let out = (g.simulate)(&source, &r).unwrap_or_else(|e| panic!("{}: {e}", g.id));
            let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
            assert_eq!(v["games"], 1, "{}: {v}", g.id);
            assert_eq!(v["stalled"], 0, "{}: {v}", g.id);
            assert!(v["decisions"].as_u64().unwrap_or(0) > 0, "{}: {v}", g.id);
        }
        assert_eq!(with_search, GAMES.len());
    }

    #[test]
    fn a_game_refuses_options_it_does_not_read_and_names_itself() {
        let source = DataSource::embedded();
        let sim = |id: &str, r: &SimRequest| match crate::games::find(id) {
            Some(g) => (g.simulate)(&source, r),
            None => Err(format!("no {id}")),
        };
        let mut r = request(1, 1);
        r.options.insert("tie_break".into(), "draw".into());
        let e = sim("booked", &r).err();
        assert_eq!(e.as_deref(), Some("Booked! does not read --tie-break"));
        let mut r = request(1, 1);
        r.rules = Some(("x.toml".into(), String::new()));
        let e = sim("stadium-memory", &r).err();
        assert_eq!(
            e.as_deref(),
            Some("Stadium Memory has no house-rules file: --rules is not read")
        );
        let mut r = request(1, 1);
        r.bots = "genius".into();
        let e = sim("flip-duel", &r).err();
        assert_eq!(
            e.as_deref(),
            Some("Flip Duel has no bot `genius`: use random, heuristic, hard, expert")
        );
        let mut r = request(1, 1);
        r.max_decisions = 3;
        let text = sim("cardball", &r).unwrap_or_else(|e| panic!("{e}"));
        assert!(text.contains("\"abandoned\": 1"), "{text}");
    }
}

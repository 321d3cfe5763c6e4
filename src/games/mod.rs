//! Every game Touchline plays, one folder each, and the one registry of
//! them. A game's folder holds all that is that game's: its pure rules
//! engine (`rules/`, or the rules files beside `mod.rs`), its card files'
//! loader, bots, printed-card layout, editor schema, scenarios and table.
//! The generic layers (engine core, bots, layout, render, editor, the app
//! shell and the CLI) work off [`GAMES`]: a new game is a new folder, one
//! line in [`GAMES`], and its `card_data/`, `templates/`, `docs/` and
//! `tests/`.

pub mod booked;
pub mod builtin;
pub mod cardball;
pub mod eleven;
pub mod flip_duel;
pub mod kit;
pub mod lab;
pub mod stadium_memory;

use crate::cards::{DataErrors, DataSource};
use std::ops::RangeInclusive;

/// One game in the registry: what every tool needs to know of it.
pub struct GameEntry {
    /// The id used on the command line, in save files and scenario files
    /// (`booked`, `flip-duel`).
    pub id: &'static str,
    /// The name shown to people (`Booked!`).
    pub name: &'static str,
    /// How many managers sit at one table.
    pub seats: RangeInclusive<usize>,
    /// One line on what the game is.
    pub summary: &'static str,
    /// The game's rules as Touchline plays them (Markdown, `docs/`).
    pub rulebook: &'static str,
    /// The card files under `card_data/`, embedded: (path, contents).
    pub data_files: &'static [(&'static str, &'static str)],
    /// The card templates under `templates/`, embedded: (path, contents).
    pub template_files: &'static [(&'static str, &'static str)],
    /// Loads and validates the game's card data; a summary line per deck
    /// (`kit::check`).
    pub check: fn(&DataSource) -> Result<Vec<String>, DataErrors>,
    /// The bots the game offers, weakest first ([`kit::GameKit::BOTS`]).
    pub bots: &'static [kit::BotName],
    /// Whether the game plays under a house-rules file (`--rules`, the
    /// start form's presets).
    pub reads_house_rules: bool,
    /// Runs a scenario file (`name`, `text`; `kit::scenario`).
    pub scenario: fn(&DataSource, &str, &str) -> crate::scenario::Ran,
    /// Plays many bot games and reports them (`kit::simulate_text`).
    pub simulate: SimulateFn,
    /// Runs the balance lab (`lab::run`): every measure of one or two
    /// rules sets, and card values.
    pub lab: LabFn,
    /// The options a table takes besides its seats ([`kit::GameKit::OPTIONS`]).
    pub options: &'static [kit::TableOption],
    /// The seats of a simulated table when none are asked for.
    pub default_seats: usize,
    /// Whether the lab values its card kinds ([`kit::GameKit::CARD_VALUE`]).
    pub card_value: bool,
    /// Sets up `touchline soak` from a data source: one checked bot game per
    /// seed (seats, bots and options drawn from the seed; `kit::soak`).
    pub soak: SoakFn,
    /// Its decks as the deck editor edits them.
    pub decks: &'static [&'static crate::editor::DeckSchema],
    /// Its cards as printed (the same layout the screen draws); `None`
    /// while the game has no printed cards.
    pub print: Option<PrintFn>,
    /// How the app opens its table through the shared shell; `None` while
    /// the game has no table there.
    pub table: Option<crate::ui::table::TableHooks>,
    /// Its house-rules form in the editor's House rules tab; `None` when
    /// its house rules are set at the table or it has none.
    pub house_rules: Option<MakeRulesEditor>,
}

/// A game's house-rules hook: its form in the editor, on a data source.
pub type MakeRulesEditor = fn(DataSource) -> Box<dyn crate::ui::editor::RulesEditor>;

pub use crate::render::options::PrintFn;

/// A game's soak hook: plays one checked game per seed.
pub type SoakFn = fn(&DataSource) -> Result<crate::soak::SoakOne, String>;

/// A game's lab hook: the report, or why the run could not start.
pub type LabFn = fn(
    &DataSource,
    &crate::lab::LabRequest,
    &crate::lab::Live,
) -> Result<crate::lab::LabReport, String>;

/// A game's simulation hook: the report as text or JSON, or why it could
/// not run.
pub type SimulateFn = fn(&DataSource, &crate::sim::SimRequest) -> Result<String, String>;

/// Folders of a data folder that hold no card files (house-rules presets,
/// pictures): `touchline` does not warn about what is in them.
pub const IGNORED_DATA_DIRS: &[&str] =
    &["booked/presets", "booked/art", "cardball/art", "eleven/art"];

/// Every game, in the order menus list them.
pub static GAMES: &[&GameEntry] = &[
    &booked::ENTRY,
    &cardball::ENTRY,
    &eleven::ENTRY,
    &flip_duel::ENTRY,
    &stadium_memory::ENTRY,
];

/// The game with registry id `id` (`_` and `-` alike, any case).
pub fn find(id: &str) -> Option<&'static GameEntry> {
    let want = id.trim().to_ascii_lowercase().replace('_', "-");
    GAMES.iter().copied().find(|g| g.id == want)
}

/// Every game's id, comma-separated (for messages and `--help`).
pub fn ids() -> String {
    GAMES.iter().map(|g| g.id).collect::<Vec<_>>().join(", ")
}

/// The game a scenario file is for: its `game` key, a registry id.
pub fn scenario_game(
    file: &str,
    text: &str,
) -> Result<&'static GameEntry, crate::cards::DataError> {
    use crate::cards::DataError;
    #[derive(serde::Deserialize)]
    struct GameKey {
        game: Option<String>,
    }
    let key: GameKey = crate::cards::parse_toml(file, text)?;
    let Some(id) = key.game else {
        return Err(DataError::file(
            file,
            format!(
                "a scenario names its game: `game = \"booked\"` (one of {})",
                ids()
            ),
        )
        .field("game"));
    };
    GAMES.iter().copied().find(|g| g.id == id).ok_or_else(|| {
        let hint = find(&id).map_or_else(String::new, |g| format!(" (did you mean `{}`?)", g.id));
        DataError::file(file, format!("`{id}`: the game is one of {}{hint}", ids())).field("game")
    })
}

impl GameEntry {
    /// The bot levels its tables offer a seat: Easy and Normal always,
    /// Hard and Expert where the game has a search bot.
    pub fn table_strengths(&self) -> Vec<crate::bots::Strength> {
        crate::bots::Strength::ALL
            .into_iter()
            .filter(|s| s.search().is_none() || self.bots.iter().any(|b| b.key == s.key()))
            .collect()
    }
}

/// Every deck the editor knows: each game's, in the registry's order.
pub fn decks() -> Vec<&'static crate::editor::DeckSchema> {
    GAMES.iter().flat_map(|g| g.decks.iter().copied()).collect()
}

/// The embedded card file at `rel` (a path under `card_data/`), of any game.
pub fn embedded_data(rel: &str) -> Option<&'static str> {
    GAMES
        .iter()
        .flat_map(|g| g.data_files.iter())
        .find(|(name, _)| *name == rel)
        .map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::schema::{FieldKind, FieldSpec, Location};

    #[test]
    fn ids_are_unique_and_found_in_either_spelling() {
        for g in GAMES {
            assert_eq!(find(g.id).map(|f| f.id), Some(g.id));
            assert_eq!(
                find(&g.id.replace('-', "_").to_uppercase()).map(|f| f.id),
                Some(g.id)
            );
            assert_eq!(GAMES.iter().filter(|o| o.id == g.id).count(), 1);
        }
        assert!(find("chess").is_none());
    }

    #[test]
    fn every_game_checks_its_embedded_data() {
        let source = DataSource::embedded();
        for g in GAMES {
            let lines = (g.check)(&source).unwrap_or_else(|e| panic!("{}: {e}", g.id));
            assert!(!lines.is_empty(), "{} says nothing", g.id);
            assert!(!g.data_files.is_empty() && !g.rulebook.is_empty());
        }
    }

    #[test]
    fn every_schema_names_real_fields_in_its_titles_filters_and_cases() {
        for s in decks() {
            for (i, c) in s.collections.iter().enumerate() {
                for k in c.title.iter().chain(c.filters) {
                    assert!(c.field(k).is_some(), "{}: {} has no {k}", s.title, c.kind);
                }
                if let Location::Nested { .. } = c.location {
                    assert!(
                        s.parent_of(i).is_some(),
                        "{}: {} has no parent",
                        s.title,
                        c.kind
                    );
                }
                let Some(v) = c.variant else { continue };
                assert!(c.field(v.tag).is_some(), "{}: no tag", c.kind);
                let children: Vec<&str> = s
                    .children_of(i)
                    .into_iter()
                    .filter_map(|j| match s.collections[j].location {
                        Location::Nested { key, .. } => Some(key),
                        _ => None,
                    })
                    .collect();
                for case in v.cases {
                    for k in case.required.iter().chain(case.optional) {
                        assert!(
                            c.field(k).is_some() || children.contains(k),
                            "{}: {} case {} names {k}",
                            s.title,
                            c.kind,
                            case.tag
                        );
                    }
                }
                if let Some(FieldSpec {
                    kind: FieldKind::Choice(tags),
                    ..
                }) = c.field(v.tag)
                {
                    for t in *tags {
                        assert!(c.case(t).is_some(), "{}: no case for {t}", c.kind);
                    }
                }
            }
            let kinds: Vec<&str> = s.collections.iter().map(|c| c.kind).collect();
            for (i, k) in kinds.iter().enumerate() {
                assert!(!kinds[..i].contains(k), "{}: kind {k} twice", s.title);
            }
        }
    }

    #[test]
    fn every_deck_suggests_its_own_csv_name() {
        let schemas = decks();
        let names: Vec<String> = schemas.iter().map(|s| s.csv_name()).collect();
        for (s, n) in schemas.iter().zip(&names) {
            let stem = n.strip_suffix(".csv").unwrap_or_default();
            assert!(!stem.is_empty(), "{}: {n}", s.title);
            assert!(
                stem.chars()
                    .all(|c| c == '-' || c.is_alphanumeric() && !c.is_uppercase()),
                "{}: {n}",
                s.title
            );
        }
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} twice");
        }
    }

    /// Every `.rs` file under `dir`.
    fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                rust_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }

    /// The layers under the games are handed their data: nothing in the
    /// engine, the card files, layout, rendering, the editor's model or the
    /// bots reaches up to a game, the registry or the app.
    #[test]
    fn lower_layers_never_look_a_game_up() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        for layer in [
            "engine", "cards", "layout", "render", "editor", "bots", "lab",
        ] {
            rust_files(&src.join(layer), &mut files);
        }
        assert!(files.len() > 25, "found only {} files", files.len());
        let upward = [
            "crate::games",
            "crate::ui",
            "crate::cli",
            "touchline::games",
        ];
        let reaching: Vec<String> = files
            .iter()
            .filter_map(|p| {
                let text = std::fs::read_to_string(p).unwrap_or_default();
                let hit = upward.iter().find(|u| text.contains(*u))?;
                Some(format!("{} uses {hit}", p.display()))
            })
            .collect();
        assert!(reaching.is_empty(), "{reaching:#?}");
    }

    /// The layout's promise: only the registry reaches into a game's
    /// folder. No file of `src/` outside `src/games/<game>/` uses the
    /// game's module, except this registry and the game's own folder.
    #[test]
    fn only_the_registry_uses_a_games_module() {
        fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    files(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut all = Vec::new();
        files(&src, &mut all);
        assert!(all.len() > 50, "found only {} files", all.len());
        for g in GAMES {
            let folder = g.id.replace('-', "_");
            let own = src.join("games").join(&folder);
            let uses = [format!("games::{folder}"), format!("{folder}::")];
            let outside: Vec<String> = all
                .iter()
                .filter(|p| !p.starts_with(&own) && **p != src.join("games/mod.rs"))
                .filter(|p| {
                    let text = std::fs::read_to_string(p).unwrap_or_default();
                    uses.iter().any(|u| text.contains(u.as_str()))
                })
                .map(|p| p.display().to_string())
                .collect();
            assert!(outside.is_empty(), "{} is used from {outside:?}", g.id);
        }
    }
}

//! One session for every table: who sits where (people and bots), the
//! log as each seat may read it, undo, save and load, bot pacing and a
//! series of matches (a group stage, a tournament). No drawing here and no
//! rules either: the engine decides, the session keeps the record and asks
//! the bots. A game joins by implementing [`TableGame`]; its table draws
//! from [`Session::view`] and sends [`Session::act`].

use crate::bots::{Analysis, Bot, Level, Strength};
use crate::engine::{Game, Record, Seat, ToAct};
use crate::ui::seating::{self, Seated};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::path::Path;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    /// A person at this device.
    Human,
    /// A computer player of some strength.
    Bot(Strength),
}

/// A seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manager {
    /// The manager's name.
    pub name: String,
    /// Who plays it.
    pub controller: Controller,
}

/// How fast bots play, so a person can follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pace {
    /// No pause between bot decisions.
    Instant,
    /// A glimpse: time to see what moved, not to read it.
    Fast,
    /// A short pause.
    Normal,
    /// A long pause.
    Slow,
}

impl Pace {
    /// Every pace, quickest first (the order of the menu).
    pub const ALL: [Pace; 4] = [Pace::Instant, Pace::Fast, Pace::Normal, Pace::Slow];

    /// Seconds between two bot decisions.
    pub fn delay(self) -> f64 {
        match self {
            Pace::Instant => 0.0,
            Pace::Fast => 0.15,
            Pace::Normal => 0.45,
            Pace::Slow => 1.2,
        }
    }

    /// Seconds a card takes to slide into place.
    pub fn animation(self) -> f64 {
        match self {
            Pace::Instant => 0.0,
            Pace::Fast => 0.15,
            Pace::Normal => 0.35,
            Pace::Slow => 0.7,
        }
    }
}

/// One line of the game log, as one reader sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The seat the line is about, if any (for colouring).
    pub seat: Option<Seat>,
    /// The text.
    pub text: String,
}

/// One entry of the log, written once for each reader: a spectator (the
/// curtain is down, or only bots play) and every seat. A line that names a
/// card drawn face down reads differently for its owner and the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The seat the entry is about, if any.
    pub seat: Option<Seat>,
    /// The place in the match's events of the event it tells, if any.
    event: Option<usize>,
    /// The spectator's text first, then each seat's; one text when every
    /// reader reads the same; `None` where a reader is told nothing.
    texts: Vec<Option<String>>,
}

impl LogEntry {
    /// An entry every reader reads alike.
    pub fn public(seat: Option<Seat>, text: impl Into<String>) -> LogEntry {
        LogEntry {
            seat,
            event: None,
            texts: vec![Some(text.into())],
        }
    }

    /// The entry as `viewer` reads it (`None`: a spectator).
    pub fn text_for(&self, viewer: Option<Seat>) -> Option<&str> {
        let i = match (self.texts.len(), viewer) {
            (1, _) | (_, None) => 0,
            (_, Some(s)) => s.index() + 1,
        };
        self.texts.get(i).and_then(|t| t.as_deref())
    }
}

/// `entries` as `viewer` reads them, those told nothing left out.
fn lines_for(entries: &[LogEntry], viewer: Option<Seat>) -> Vec<LogLine> {
    entries
        .iter()
        .filter_map(|e| {
            e.text_for(viewer).map(|t| LogLine {
                seat: e.seat,
                text: t.to_string(),
            })
        })
        .collect()
}

/// An event in words for one reader: who it is about and what they read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Narrated {
    /// The seat the line is about, if any (for colouring).
    pub seat: Option<Seat>,
    /// The line.
    pub text: String,
}

/// What a game gives the shared session: its save key, its bots, its
/// events in words and what a spectator sees. Everything else (seats,
/// curtain, log, undo, saves, pacing) the session does the same for every
/// game.
pub trait TableGame: Game {
    /// The game's id in the registry and in save files.
    const ID: &'static str;
    /// What the log needs besides the state to name things (the deck's
    /// printed names); `()` when the state knows them.
    type Names: Clone + Send + Sync + 'static;
    /// A series of matches (group stage, tournament); [`NoSeries`] when a
    /// game plays single matches only.
    type Series: Series<Self>;

    /// A bot of `strength` with its own seed (the random and the
    /// heuristic bot; the search levels come from
    /// [`TableGame::search_bot`]).
    fn bot(strength: Strength, seed: u64) -> Box<dyn Bot<Self>>;

    /// The search bot of `level` for matches set up as `config` says;
    /// `None` when the game has none (its tables then offer no Hard or
    /// Expert bot and no Hint).
    fn search_bot(_config: &Self::Config, _level: Level, _seed: u64) -> Option<Box<dyn Bot<Self>>> {
        None
    }

    /// Names `action` of the seat deciding, in a few words (for the Hint):
    /// "Play Messi (ARG) to your pitch".
    fn action_words(
        &self,
        _names: &Self::Names,
        _seats: &[String],
        _seat: Seat,
        action: &Self::Action,
    ) -> String {
        format!("{action:?}")
    }

    /// The bot for a seat of this match: [`TableGame::bot`] unless the
    /// game's bots need the match's public card data.
    fn seat_bot(&self, strength: Strength, seed: u64) -> Box<dyn Bot<Self>> {
        Self::bot(strength, seed)
    }

    /// The number of seats a configuration seats.
    fn config_seats(config: &Self::Config) -> usize;

    /// The heading of the log panel at the table.
    fn log_title() -> &'static str {
        "Match log"
    }

    /// `event` in words for `viewer` (`None`: a spectator), or `None` when
    /// that reader is told nothing of it. `seats` are the names at the
    /// table. The text must never name what `viewer`'s view hides.
    fn narrate(
        &self,
        names: &Self::Names,
        seats: &[String],
        event: &Self::Event,
        viewer: Option<Seat>,
    ) -> Option<Narrated>;

    /// The seat that took a card from a hidden pile with `event` (a deck,
    /// a bench), if one did: undo never goes back past a person's draw, as
    /// that would show them the card and let them choose again.
    fn hidden_draw(_event: &Self::Event) -> Option<Seat> {
        None
    }

    /// Whether `event` turns a hidden card face up for every seat (a
    /// memory game's turn, a duel's simultaneous reveal): with a person at
    /// the table, undo never goes back past it, as they would choose again
    /// knowing the card.
    fn reveals_to_all(&self, _event: &Self::Event) -> bool {
        false
    }

    /// The lines a new match opens with.
    fn opening(&self, _names: &Self::Names, _seats: &[String]) -> Vec<String> {
        Vec::new()
    }

    /// What the screen shows when nobody's secrets may be shown.
    fn spectator_view(&self) -> Self::View;

    /// For auto-pass: the index in `legal` of the pass, when `seat`'s only
    /// decision is whether to answer (an instant window).
    fn auto_pass(&self, _seat: Seat, _legal: &[Self::Action]) -> Option<usize> {
        None
    }
}

/// Several matches played one after another by the same managers.
pub trait Series<G: Game>: Clone + Debug + Serialize + DeserializeOwned + Send + Sync {
    /// Who sits where in the match being played: for each seat, the index
    /// of its manager; `None` when the series does not fit `managers`.
    fn seat_map(&self, managers: usize) -> Option<Vec<usize>>;

    /// Counts the finished match `game` (played with `config`) and returns
    /// the next match's configuration and seat map; `None` when the series
    /// is over.
    fn advance(&mut self, game: &G, config: &G::Config) -> Result<Option<Fixture<G>>, G::Error>;

    /// A line announcing the match being played (`seats`: its names);
    /// `first` for the series' first match.
    fn announce(&self, seats: &[String], first: bool) -> Option<String>;
}

/// The next match of a series: its configuration and, for each seat, the
/// index of its manager.
pub type Fixture<G> = (<G as Game>::Config, Vec<usize>);

/// No series: a game of single matches.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct NoSeries;

impl<G: Game> Series<G> for NoSeries {
    fn seat_map(&self, managers: usize) -> Option<Vec<usize>> {
        Some((0..managers).collect())
    }

    fn advance(&mut self, _game: &G, _config: &G::Config) -> Result<Option<Fixture<G>>, G::Error> {
        Ok(None)
    }

    fn announce(&self, _seats: &[String], _first: bool) -> Option<String> {
        None
    }
}

/// What begins every Touchline save file, whatever the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveHeader {
    /// Always `"touchline-save"`, to recognise foreign files.
    pub format: String,
    /// The save format version.
    pub version: u32,
    /// The game's registry id.
    pub game: String,
}

impl SaveHeader {
    /// The header of a save of `game` in this version.
    pub fn new(game: &str) -> SaveHeader {
        SaveHeader {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            game: game.into(),
        }
    }

    /// The game a save file is of, or why it is no Touchline save (`name`
    /// is used in messages).
    pub fn game_of(name: &str, bytes: &[u8]) -> Result<String, SaveError> {
        let value = SaveHeader::parse(name, bytes)?;
        Ok(value
            .get("game")
            .and_then(|g| g.as_str())
            .unwrap_or_default()
            .to_string())
    }

    /// `bytes` as JSON with the Touchline save format mark. A file that
    /// names the format but does not read as JSON is a damaged save (cut
    /// short, or edited), not a foreign file.
    fn parse(name: &str, bytes: &[u8]) -> Result<serde_json::Value, SaveError> {
        let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
            // A save names its format; one cut short may have lost that
            // line (it need not come first), but still opens as JSON does.
            let marked = bytes
                .windows(SAVE_FORMAT.len())
                .any(|w| w == SAVE_FORMAT.as_bytes());
            let opened = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
            if !(marked || opened && e.is_eof()) {
                return SaveError::Foreign(name.to_string());
            }
            let reason = if e.is_eof() {
                format!(
                    "it is cut short (it ends at line {}, column {})",
                    e.line(),
                    e.column()
                )
            } else {
                format!(
                    "it is not valid JSON at line {}, column {}",
                    e.line(),
                    e.column()
                )
            };
            SaveError::Corrupt {
                path: name.to_string(),
                reason,
            }
        })?;
        if value.get("format").and_then(|f| f.as_str()) != Some(SAVE_FORMAT) {
            return Err(SaveError::Foreign(name.to_string()));
        }
        Ok(value)
    }

    /// Checks that `bytes` are a Touchline save of `game` this version
    /// reads, and returns them parsed.
    pub fn check(name: &str, bytes: &[u8], game: &str) -> Result<serde_json::Value, SaveError> {
        let value = SaveHeader::parse(name, bytes)?;
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if version > u64::from(SAVE_VERSION) {
            return Err(SaveError::Newer {
                path: name.to_string(),
                version,
                reads: SAVE_VERSION,
            });
        }
        let found = value
            .get("game")
            .and_then(|g| g.as_str())
            .unwrap_or_default();
        if found != game {
            return Err(SaveError::OtherGame {
                path: name.to_string(),
                game: found.to_string(),
            });
        }
        Ok(value)
    }
}

/// Writes a save as JSON to `path` through a temporary file and a rename,
/// so a failed save leaves any old file intact.
pub fn write_save<T: Serialize>(path: &Path, save: &T) -> Result<(), SaveError> {
    let json = serde_json::to_string_pretty(save).map_err(|e| SaveError::Corrupt {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    crate::cards::write_atomically(path, json.as_bytes()).map_err(|source| SaveError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// How many autosaves are kept: the game on and the four before it.
pub const AUTOSAVES_KEPT: usize = 5;

/// The autosave slots of `path`, newest first: `path` itself
/// (`last-game.json`), then `last-game.1.json` up to `keep - 1`.
pub fn autosave_slots(path: &Path, keep: usize) -> Vec<std::path::PathBuf> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "last-game".into());
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (0..keep.max(1))
        .map(|i| {
            if i == 0 {
                path.to_path_buf()
            } else {
                path.with_file_name(format!("{stem}.{i}{ext}"))
            }
        })
        .collect()
}

/// The file a game's matches are kept in after every decision, beside
/// `base` (the app's autosave, `last-game.json`): `last-booked.touchline`.
pub fn autosave_for(base: &Path, game: &str) -> std::path::PathBuf {
    base.with_file_name(format!("last-{game}.touchline"))
}

/// What a save file says of itself without being replayed: the game and
/// whether it was finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveSummary {
    /// The game's registry id.
    pub game: String,
    /// Whether the match was over with nothing left to play.
    pub finished: bool,
}

impl SaveSummary {
    /// The summary of the save at `path`; `None` when it cannot be read or
    /// is no Touchline save.
    pub fn read(path: &Path) -> Option<SaveSummary> {
        #[derive(Deserialize)]
        struct Head {
            format: String,
            game: String,
            #[serde(default)]
            finished: bool,
        }
        let bytes = crate::cards::source::read_file(path).ok()?;
        let head: Head = serde_json::from_slice(&bytes).ok()?;
        (head.format == SAVE_FORMAT).then_some(SaveSummary {
            game: head.game,
            finished: head.finished,
        })
    }
}

/// Moves every autosave one slot older, dropping the oldest, so that a new
/// game does not overwrite the last one: its autosave stays as
/// `last-game.1.json`, the one before as `last-game.2.json`, and so on.
///
/// A slot that cannot be read as a save of this version is never dropped
/// or overwritten: it is first kept aside under a name that says why (see
/// [`set_aside`]).
pub fn rotate_autosaves(path: &Path, keep: usize) -> Result<(), SaveError> {
    let slots = autosave_slots(path, keep);
    for slot in &slots {
        if slot.exists()
            && let Err(why) = readable(slot)
        {
            set_aside(slot, &why)?;
        }
    }
    for pair in slots.windows(2).rev() {
        let [newer, older] = pair else { continue };
        if newer.exists() {
            std::fs::rename(newer, older).map_err(|source| SaveError::Io {
                path: newer.display().to_string(),
                source,
            })?;
        }
    }
    Ok(())
}

/// Whether the file at `path` reads as a Touchline save this version can
/// open (its header only: the match itself is checked when it is opened).
pub fn readable(path: &Path) -> Result<(), SaveError> {
    let (name, bytes) = read_save(path)?;
    let value = SaveHeader::parse(&name, &bytes)?;
    let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
    if version > u64::from(SAVE_VERSION) {
        return Err(SaveError::Newer {
            path: name,
            version,
            reads: SAVE_VERSION,
        });
    }
    Ok(())
}

/// Keeps a save that could not be read out of the autosave slots, so that
/// no later autosave overwrites or drops it: `last-booked.touchline`
/// becomes `last-booked.newer-version.touchline` (or `.damaged`,
/// `.unreadable`; `-2`, `-3`… when that name is taken). Returns the new
/// path.
pub fn set_aside(path: &Path, why: &SaveError) -> Result<std::path::PathBuf, SaveError> {
    let label = match why {
        SaveError::Newer { .. } => "newer-version",
        SaveError::Io { .. } => "unreadable",
        SaveError::OtherGame { .. } => "other-game",
        SaveError::Refused(_) => "unopened",
        SaveError::Foreign(_) | SaveError::Corrupt { .. } => "damaged",
    };
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "save".into());
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let target = (1..1000)
        .map(|n| {
            let suffix = if n == 1 {
                String::new()
            } else {
                format!("-{n}")
            };
            path.with_file_name(format!("{stem}.{label}{suffix}{ext}"))
        })
        .find(|p| !p.exists() && p.symlink_metadata().is_err())
        .ok_or_else(|| SaveError::Io {
            path: path.display().to_string(),
            source: std::io::Error::other("no free name to keep it aside under"),
        })?;
    std::fs::rename(path, &target).map_err(|source| SaveError::Io {
        path: path.display().to_string(),
        source,
    })?;
    Ok(target)
}

/// The card files `files` (a game's embedded ones, by path in the data
/// folder) as they read from `source` now: what a save carries so it
/// shows the same cards after the deck is edited. `None` when one cannot
/// be read.
pub fn card_files(
    source: &crate::cards::DataSource,
    files: &[(&str, &str)],
) -> Option<std::collections::BTreeMap<String, String>> {
    files
        .iter()
        .map(|(rel, _)| source.read(rel).ok().map(|f| (rel.to_string(), f.text)))
        .collect()
}

/// `source` with the card files a save carries in place of its own
/// (pictures still come from the data folder).
pub fn with_saved_cards(
    source: &crate::cards::DataSource,
    files: &std::collections::BTreeMap<String, String>,
) -> crate::cards::DataSource {
    let mut source = source.clone();
    source.overrides = files.clone();
    source
}

/// Why a save made without its card files (as older saves are) cannot be
/// shown with the cards of the data folder it is opened with: `saved` are
/// the ids of the cards the match was played with, `here` those of the
/// folder's deck, in deck order; `same` tells whether the two decks play
/// alike. `None` when they are the same deck. The message names the cards
/// the folder lacks, or the first card that differs.
pub fn cards_differ(saved: &[&str], here: &[&str], same: bool) -> Option<String> {
    if same && saved == here {
        return None;
    }
    let have: std::collections::HashSet<&str> = here.iter().copied().collect();
    let mut missing: Vec<&str> = saved
        .iter()
        .copied()
        .filter(|c| !have.contains(c))
        .collect();
    missing.dedup();
    const SHOWN: usize = 8;
    let lead = "it was saved without its card files, and the data folder's deck";
    let advice = "open it with the data folder it was played with";
    if !missing.is_empty() {
        let mut names = missing[..missing.len().min(SHOWN)].join(", ");
        if missing.len() > SHOWN {
            names.push_str(&format!(" and {} more", missing.len() - SHOWN));
        }
        return Some(format!(
            "{lead} lacks {} of the cards it was played with: {names} ({advice})",
            missing.len()
        ));
    }
    let first = saved
        .iter()
        .zip(here)
        .position(|(a, b)| a != b)
        .map_or_else(
            || {
                if saved.len() == here.len() {
                    "the same cards read differently".to_string()
                } else {
                    format!("{} cards, not {}", here.len(), saved.len())
                }
            },
            |i| format!("card {} is {}, not {}", i + 1, here[i], saved[i]),
        );
    Some(format!(
        "{lead} is not the one it was played with ({first}; {advice})"
    ))
}

/// The card files a save carries, if it carries them (saves made before
/// they did, and games whose configuration holds its cards, do not).
pub fn saved_card_files(bytes: &[u8]) -> Option<std::collections::BTreeMap<String, String>> {
    #[derive(Deserialize)]
    struct Cards {
        #[serde(default)]
        cards: Option<std::collections::BTreeMap<String, String>>,
    }
    serde_json::from_slice::<Cards>(bytes).ok()?.cards
}

/// Reads a save file's bytes, with the name to use in messages.
pub fn read_save(path: &Path) -> Result<(String, Vec<u8>), SaveError> {
    let shown = path.display().to_string();
    let bytes = crate::cards::source::read_file(path).map_err(|reason| SaveError::Io {
        path: shown.clone(),
        source: std::io::Error::other(reason),
    })?;
    Ok((shown, bytes))
}

/// Why a save could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The file is not a Touchline save.
    #[error("{0}: this is not a Touchline save file")]
    Foreign(String),
    /// The file is a save of another game.
    #[error("{path}: this is a saved {game} match")]
    OtherGame {
        /// The file.
        path: String,
        /// The game it holds.
        game: String,
    },
    /// The file is a save written by a newer Touchline.
    #[error(
        "{path}: this save was written by a newer version of Touchline (save format {version}; \
         this version reads format {reads}): update Touchline to open it"
    )]
    Newer {
        /// The file.
        path: String,
        /// The save's format version.
        version: u64,
        /// The newest format this version reads.
        reads: u32,
    },
    /// The file is a save its game's table would not open (its message
    /// names the file).
    #[error("{0}")]
    Refused(String),
    /// The file is a save, but damaged.
    #[error("{path}: the save file is damaged: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

const SAVE_FORMAT: &str = "touchline-save";
const SAVE_VERSION: u32 = 1;

/// What a save file holds, for any game: enough to rebuild the match
/// exactly.
#[derive(Clone, Serialize, Deserialize)]
#[serde(bound(
    serialize = "G::Config: Serialize, G::Action: Serialize",
    deserialize = "G::Config: Deserialize<'de>, G::Action: Deserialize<'de>"
))]
pub struct SaveFile<G: TableGame> {
    /// The format, version and game.
    #[serde(flatten)]
    pub header: SaveHeader,
    /// Every manager: by seat, or in a series every entrant.
    pub managers: Vec<Manager>,
    /// The series so far, if one is being played (the current match is
    /// its next).
    #[serde(default, alias = "group", alias = "tournament")]
    pub series: Option<G::Series>,
    /// The current match as configuration, seed and actions.
    pub record: Record<G>,
    /// The card files the match was started with, by path in the data
    /// folder, for games whose table draws faces from the deck rather than
    /// from the configuration: loading uses these, not the deck as it is
    /// now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<std::collections::BTreeMap<String, String>>,
    /// Whether the match was over with nothing left to play when saved:
    /// the start screen offers it as a result to look at, not to continue.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub finished: bool,
    /// A fingerprint of the position the record replays to when saved
    /// ([`position_mark`]): a save whose seed or actions were changed
    /// replays to another position and is refused, never opened as
    /// another match. Older saves have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

/// A fingerprint of a game's position: FNV-1a over its serialised state,
/// in hexadecimal. Stable from run to run and version to version while the
/// state's form is the same.
pub fn position_mark<G: Serialize>(game: &G) -> String {
    let bytes = serde_json::to_vec(game).unwrap_or_default();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// A match being played at a table, for any game.
pub struct Session<G: TableGame> {
    managers: Vec<Manager>,
    record: Record<G>,
    game: G,
    names: G::Names,
    series: Option<G::Series>,
    /// The manager (an index of `managers`) at each seat of the match.
    seat_map: Vec<usize>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    log: Vec<LogEntry>,
    /// Every event of the current match, in order (for animations).
    events: Vec<G::Event>,
    /// Hot-seat privacy: the human whose secrets are on screen, if any.
    revealed: Option<Seat>,
    /// Time of the last bot decision or chance step (the UI's clock, s).
    last_step: f64,
    /// Counts every change of the match, so a table repaints at once.
    generation: u64,
    /// Whether the match on is the first of the session's series.
    first_match: bool,
    /// How fast bots play.
    pub pace: Pace,
    /// Pass answer windows automatically for humans.
    pub auto_pass: bool,
    /// The card files the match was started with (see [`SaveFile::cards`]).
    cards: Option<std::collections::BTreeMap<String, String>>,
    /// How many of the record's actions undo can never take back: up to
    /// and including the last one after which a person drew a hidden card.
    undo_floor: usize,
    /// A search bot's decision being worked out on its own thread.
    thinking: Option<Thinking<G>>,
    /// Counts every new set of bots, so a decision worked out for bots
    /// since replaced (undo, the next match) is dropped.
    bots_made: u64,
}

/// A bot's decision worked out away from the UI thread: a search bot
/// thinks for up to a few seconds, and the table keeps drawing meanwhile.
struct Thinking<G: Game> {
    seat: Seat,
    /// The session's generation when the bot began: any change since (an
    /// undo, a load) makes its answer stale.
    generation: u64,
    bots_made: u64,
    answer: std::sync::mpsc::Receiver<Thought<G>>,
}

/// What a bot decided, and the bot itself (its RNG and memory go on).
pub struct Thought<G: Game> {
    /// The bot, handed back.
    pub bot: Box<dyn Bot<G>>,
    /// The index of its choice among the legal actions it was given.
    pub choice: usize,
    /// What a search weighed, for a search bot.
    pub analysis: Option<Analysis>,
}

/// Has `bot` choose from `view` among `legal` on a thread of its own; the
/// answer comes on the returned channel (none if the bot panicked).
pub fn think<G: Game>(
    mut bot: Box<dyn Bot<G>>,
    view: G::View,
    legal: Vec<G::Action>,
) -> std::sync::mpsc::Receiver<Thought<G>> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("touchline-bot".into())
        .spawn(move || {
            let choice = bot.choose(Some(&view), &legal);
            let analysis = bot.analysis().cloned();
            let _ = tx.send(Thought {
                bot,
                choice,
                analysis,
            });
        });
    // A thread that cannot start leaves the channel closed: the caller
    // sees no answer and plays on without it.
    drop(spawned);
    rx
}

impl<G: TableGame> Session<G> {
    /// A new single match; `names` names the cards in the log.
    pub fn create(
        managers: Vec<Manager>,
        config: G::Config,
        seed: u64,
        names: G::Names,
    ) -> Result<Session<G>, SessionError<G::Error>> {
        let seats = G::config_seats(&config);
        if managers.len() != seats {
            return Err(SessionError::Seats {
                managers: managers.len(),
                seats,
            });
        }
        let seat_map = (0..seats).collect();
        Session::start(managers, config, seed, names, None, seat_map)
    }

    /// A new series: `series` fixes who plays the first match, played with
    /// `config`.
    pub fn create_series(
        managers: Vec<Manager>,
        config: G::Config,
        seed: u64,
        names: G::Names,
        series: G::Series,
    ) -> Result<Session<G>, SessionError<G::Error>> {
        let seat_map = series
            .seat_map(managers.len())
            .ok_or(SessionError::NoMatch)?;
        if seat_map.len() != G::config_seats(&config) {
            return Err(SessionError::Seats {
                managers: seat_map.len(),
                seats: G::config_seats(&config),
            });
        }
        Session::start(managers, config, seed, names, Some(series), seat_map)
    }

    /// A match from an exact position (for tests and worked examples).
    pub fn from_position(
        managers: Vec<Manager>,
        config: G::Config,
        game: G,
        seed: u64,
        names: G::Names,
    ) -> Session<G> {
        let mut record = Record::new(config, seed);
        record.start = Some(game.clone());
        let seat_map = (0..managers.len()).collect();
        Session::assemble(managers, record, game, names, None, seat_map)
    }

    fn start(
        managers: Vec<Manager>,
        config: G::Config,
        seed: u64,
        names: G::Names,
        series: Option<G::Series>,
        seat_map: Vec<usize>,
    ) -> Result<Session<G>, SessionError<G::Error>> {
        let game = G::new(&config, seed).map_err(SessionError::Game)?;
        let mut s = Session::assemble(
            managers,
            Record::new(config, seed),
            game,
            names,
            series,
            seat_map,
        );
        s.open_match();
        Ok(s)
    }

    /// A session from its parts, with fresh bots, an empty log and the
    /// default pace.
    fn assemble(
        managers: Vec<Manager>,
        record: Record<G>,
        game: G,
        names: G::Names,
        series: Option<G::Series>,
        seat_map: Vec<usize>,
    ) -> Session<G> {
        let mut s = Session {
            managers,
            record,
            game,
            names,
            series,
            seat_map,
            bots: Vec::new(),
            log: Vec::new(),
            events: Vec::new(),
            revealed: None,
            last_step: f64::NEG_INFINITY,
            generation: 0,
            first_match: true,
            pace: Pace::Normal,
            auto_pass: false,
            cards: None,
            undo_floor: 0,
            thinking: None,
            bots_made: 0,
        };
        s.make_bots();
        s
    }

    /// Logs the lines a match opens with.
    fn open_match(&mut self) {
        let seats = self.seat_names();
        let first = self.first_match;
        if let Some(line) = self.series.as_ref().and_then(|s| s.announce(&seats, first)) {
            self.log.push(LogEntry::public(None, line));
        }
        for line in self.game.opening(&self.names, &seats) {
            self.log.push(LogEntry::public(None, line));
        }
    }

    fn make_bots(&mut self) {
        let seed = self.record.seed;
        self.bots_made += 1;
        self.thinking = None;
        self.bots = Seat::all(self.seat_map.len())
            .map(|seat| {
                let bot_seed = seed.wrapping_mul(7919).wrapping_add(seat.index() as u64);
                match self.manager(seat).map(|m| m.controller) {
                    Some(Controller::Bot(strength)) => Some(self.bot_of(strength, bot_seed)),
                    _ => None,
                }
            })
            .collect();
    }

    /// A bot of `strength` for this match: the search bot of its level
    /// where the game has one, else the heuristic.
    fn bot_of(&self, strength: Strength, seed: u64) -> Box<dyn Bot<G>> {
        match strength.search() {
            Some(level) => G::search_bot(&self.record.config, level, seed)
                .unwrap_or_else(|| self.game.seat_bot(Strength::Heuristic, seed)),
            None => self.game.seat_bot(strength, seed),
        }
    }

    /// Whether the game has a search bot: its tables offer Hard and Expert
    /// bots and the Hint.
    pub fn searches(&self) -> bool {
        G::search_bot(&self.record.config, Level::Hard, 0).is_some()
    }

    /// The Expert search bot for this match, for a Hint; `None` when the
    /// game has none.
    pub fn hint_bot(&self, seed: u64) -> Option<Box<dyn Bot<G>>> {
        G::search_bot(&self.record.config, Level::Expert, seed)
    }

    /// The seat whose bot is thinking on its own thread, if any.
    pub fn thinking(&self) -> Option<Seat> {
        self.thinking.as_ref().map(|t| t.seat)
    }

    /// `action` of `seat` in words, as the game names it.
    pub fn action_words(&self, seat: Seat, action: &G::Action) -> String {
        self.game
            .action_words(&self.names, &self.seat_names(), seat, action)
    }

    /// The match.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// What names the cards in the log (the deck).
    pub fn names(&self) -> &G::Names {
        &self.names
    }

    /// The match as configuration, seed and actions.
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// The series, if one is being played.
    pub fn series(&self) -> Option<&G::Series> {
        self.series.as_ref()
    }

    /// Every event of the current match so far, oldest first.
    pub fn events(&self) -> &[G::Event] {
        &self.events
    }

    /// A number that changes whenever the match does: a table that saw a
    /// different one last frame repaints at once.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The log as the screen may show it now, oldest first: the viewer's
    /// lines, or a spectator's while nobody's secrets may be shown.
    pub fn log(&self) -> Vec<LogLine> {
        self.log_for(self.viewer())
    }

    /// The log as `viewer` reads it up to the entry that tells the
    /// `event`-th event of the match (left out, with all after it): what a
    /// table that is still showing that event lets the log say.
    pub fn log_before(&self, viewer: Option<Seat>, event: usize) -> Vec<LogLine> {
        let end = self
            .log
            .iter()
            .position(|e| e.event.is_some_and(|i| i >= event))
            .unwrap_or(self.log.len());
        lines_for(&self.log[..end], viewer)
    }

    /// The log as `viewer` reads it (`None`: a spectator).
    pub fn log_for(&self, viewer: Option<Seat>) -> Vec<LogLine> {
        lines_for(&self.log, viewer)
    }

    /// Every manager: by seat, or in a series every entrant.
    pub fn managers(&self) -> &[Manager] {
        &self.managers
    }

    /// The seats of the current match.
    pub fn seats(&self) -> usize {
        self.seat_map.len()
    }

    /// The manager at a seat of the current match.
    pub fn manager(&self, seat: Seat) -> Option<&Manager> {
        self.seat_map
            .get(seat.index())
            .and_then(|m| self.managers.get(*m))
    }

    /// The index in [`Session::managers`] of the manager at `seat`.
    pub fn manager_index(&self, seat: Seat) -> Option<usize> {
        self.seat_map.get(seat.index()).copied()
    }

    /// The name at a seat of the current match.
    pub fn name(&self, seat: Seat) -> String {
        self.manager(seat)
            .map_or_else(|| seat.to_string(), |m| m.name.clone())
    }

    /// The names at every seat of the current match.
    pub fn seat_names(&self) -> Vec<String> {
        Seat::all(self.seats()).map(|s| self.name(s)).collect()
    }

    /// The human at `seat` confirms they hold the device.
    pub fn reveal(&mut self, seat: Seat) {
        self.revealed = Some(seat);
        self.generation += 1;
    }

    /// The view the screen shows: the viewer's, or a spectator's when
    /// nobody's secrets may be shown.
    pub fn view(&self) -> G::View {
        match self.viewer() {
            Some(s) => self.game.view(s),
            None => self.game.spectator_view(),
        }
    }

    /// The legal actions of the human who must decide now (empty otherwise
    /// and while the device is being passed).
    pub fn human_actions(&self) -> Vec<G::Action> {
        let mut out = Vec::new();
        if let Some(s) = self.human_actor()
            && self.needs_handover().is_none()
        {
            self.game.legal_actions(s, &mut out);
        }
        out
    }

    /// Applies a human's action.
    pub fn act(&mut self, seat: Seat, action: G::Action) -> Result<(), G::Error> {
        let mut events = Vec::new();
        self.game.apply_logged(seat, &action, &mut events)?;
        self.record.actions.push((seat, action));
        self.log_events(events);
        Ok(())
    }

    /// Whether undo may not go back past `event`: a person's draw from a
    /// hidden pile, or a card shown to everyone while a person plays.
    fn blocks_undo(&self, event: &G::Event) -> bool {
        G::hidden_draw(event).is_some_and(|s| self.is_human(s))
            || (self.game.reveals_to_all(event)
                && Seat::all(self.seats()).any(|s| self.is_human(s)))
    }

    /// Writes `events` to the log once for every reader, and keeps them.
    fn log_events(&mut self, events: Vec<G::Event>) {
        if events.iter().any(|e| self.blocks_undo(e)) {
            self.undo_floor = self.record.actions.len();
        }
        let seats = self.seat_names();
        let first = self.events.len();
        for (i, e) in events.iter().enumerate() {
            let texts: Vec<Option<Narrated>> = std::iter::once(None)
                .chain(Seat::all(self.seats()).map(Some))
                .map(|viewer| self.game.narrate(&self.names, &seats, e, viewer))
                .collect();
            let seat = texts.iter().flatten().find_map(|n| n.seat);
            let mut texts: Vec<Option<String>> =
                texts.into_iter().map(|n| n.map(|n| n.text)).collect();
            if texts.iter().all(|t| *t == texts[0]) {
                texts.truncate(1);
            }
            if texts.iter().any(Option::is_some) {
                self.log.push(LogEntry {
                    seat,
                    event: Some(first + i),
                    texts,
                });
            }
        }
        self.events.extend(events);
        self.generation += 1;
    }

    /// Adds a line every reader reads alike.
    pub fn note(&mut self, text: impl Into<String>) {
        self.log.push(LogEntry::public(None, text));
        self.generation += 1;
    }

    /// Moves the match on by one step if it waits on chance or a bot (or a
    /// human's automatic pass) and the pace allows; returns whether
    /// anything happened. `now` is the UI clock in seconds.
    pub fn step(&mut self, now: f64) -> bool {
        if self.thinking.is_some() {
            return self.answer();
        }
        let Some(due) = self.due_in(now) else {
            return false;
        };
        if due > 0.0 {
            return false;
        }
        if self.game.to_act() == ToAct::Chance {
            self.last_step = now;
            let mut events = Vec::new();
            self.game.resolve_chance(&mut events);
            self.log_events(events);
            return true;
        }
        let Some(seat) = self.actor() else {
            return false;
        };
        let mut legal = Vec::new();
        self.game.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return false;
        }
        let i = if self.is_human(seat) {
            match self.game.auto_pass(seat, &legal) {
                Some(i) if self.auto_pass => i,
                _ => return false,
            }
        } else {
            let view = self.game.view(seat);
            let searches = self.manager(seat).is_some_and(
                |m| matches!(m.controller, Controller::Bot(s) if s.search().is_some()),
            );
            let Some(slot) = self.bots.get_mut(seat.index()) else {
                return false;
            };
            self.last_step = now;
            if searches {
                // A search thinks on its own thread; a later frame takes
                // its answer.
                let Some(bot) = slot.take() else {
                    return false;
                };
                self.thinking = Some(Thinking {
                    seat,
                    generation: self.generation,
                    bots_made: self.bots_made,
                    answer: think(bot, view, legal),
                });
                return false;
            }
            let Some(bot) = slot else {
                return false;
            };
            bot.choose(Some(&view), &legal)
        };
        let Some(action) = legal.get(i.min(legal.len() - 1)).cloned() else {
            return false;
        };
        self.act(seat, action).is_ok()
    }

    /// Takes a thinking bot's answer if it has come, and plays it; returns
    /// whether anything happened.
    fn answer(&mut self) -> bool {
        let Some(thinking) = &self.thinking else {
            return false;
        };
        let thought = match thinking.answer.try_recv() {
            Ok(thought) => thought,
            Err(std::sync::mpsc::TryRecvError::Empty) => return false,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                // The search failed: the heuristic plays the seat from now.
                let seat = thinking.seat;
                self.thinking = None;
                let bot = self
                    .game
                    .seat_bot(Strength::Heuristic, self.record.seed ^ seat.index() as u64);
                if let Some(slot) = self.bots.get_mut(seat.index()) {
                    *slot = Some(bot);
                }
                return false;
            }
        };
        let Some(thinking) = self.thinking.take() else {
            return false;
        };
        if thinking.bots_made != self.bots_made {
            return false;
        }
        let seat = thinking.seat;
        if let Some(slot) = self.bots.get_mut(seat.index()) {
            *slot = Some(thought.bot);
        }
        if thinking.generation != self.generation || self.actor() != Some(seat) {
            return false;
        }
        let mut legal = Vec::new();
        self.game.legal_actions(seat, &mut legal);
        let Some(action) = legal.get(thought.choice).cloned() else {
            return false;
        };
        self.act(seat, action).is_ok()
    }

    /// Seconds until chance or a bot is due to move, or a human's
    /// automatic pass (0); `None` when the match waits on a human or is
    /// over. For scheduling repaints.
    pub fn due_in(&self, now: f64) -> Option<f64> {
        if self.thinking.is_some() {
            // Look for the answer a few times a second.
            return Some(0.05);
        }
        let wait = (self.last_step + self.pace.delay() - now).max(0.0);
        match self.game.to_act() {
            ToAct::Over => None,
            ToAct::Chance => Some(wait),
            _ => {
                let seat = self.actor()?;
                if self.is_human(seat) {
                    let mut legal = Vec::new();
                    self.game.legal_actions(seat, &mut legal);
                    return (self.auto_pass && self.game.auto_pass(seat, &legal).is_some())
                        .then_some(0.0);
                }
                Some(wait)
            }
        }
    }

    /// Whether undo has anything to take back (a human decision in a match
    /// with one human).
    pub fn can_undo(&self) -> bool {
        self.can_undo_with(&self.record.actions) && !self.undo_stops_at_a_draw()
    }

    /// Whether undo is held back by a card the person drew from a hidden
    /// pile since their last decision (undo stops at a draw).
    pub fn undo_stops_at_a_draw(&self) -> bool {
        let human = |s: Seat| self.is_human(s);
        self.record
            .actions
            .iter()
            .rposition(|(s, _)| human(*s))
            .is_some_and(|last| last < self.undo_floor)
    }

    /// Why undo is greyed, in words (for its tooltip).
    pub fn undo_reason(&self) -> &'static str {
        if self.undo_stops_at_a_draw() {
            "Undo stops at a card you have seen: drawn from a hidden pile or turned face up"
        } else if Seat::all(self.seats())
            .filter(|s| self.is_human(*s))
            .count()
            != 1
        {
            "Undo is for games with one person against bots"
        } else {
            "Nothing to undo yet"
        }
    }

    /// Takes back everything since the human's previous decision (that
    /// decision included), by replaying the record.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some((record, game, events)) = seating::undo(&self.record, |s| self.is_human(s)) else {
            return false;
        };
        self.game = game;
        self.record = record;
        self.log.clear();
        self.events.clear();
        self.open_match();
        // The replay's draws all happened before the floor, which stays.
        let floor = self.undo_floor;
        self.log_events(events);
        self.undo_floor = floor.min(self.record.actions.len());
        self.note("Undone.");
        self.make_bots();
        true
    }

    /// After a finished match of a series: counts it and starts the next
    /// one; returns false when the series is over (or none is played).
    pub fn next_match(&mut self) -> Result<bool, G::Error> {
        if !self.game.is_over() {
            return Ok(false);
        }
        let Some(mut series) = self.series.take() else {
            return Ok(false);
        };
        let next = series.advance(&self.game, &self.record.config);
        self.series = Some(series);
        let Some((config, seat_map)) = next? else {
            return Ok(false);
        };
        let seed = self.record.seed.wrapping_add(1);
        self.game = G::new(&config, seed)?;
        self.record = Record::new(config, seed);
        self.seat_map = seat_map;
        self.revealed = None;
        self.events.clear();
        self.undo_floor = 0;
        self.first_match = false;
        self.make_bots();
        self.open_match();
        self.generation += 1;
        Ok(true)
    }

    /// Whether the match is over with nothing left to play: no series,
    /// or its last match played.
    pub fn is_finished(&self) -> bool {
        if !self.game.is_over() {
            return false;
        }
        let Some(series) = &self.series else {
            return true;
        };
        !matches!(
            series.clone().advance(&self.game, &self.record.config),
            Ok(Some(_))
        )
    }

    /// The fingerprint of the position as a replay of the record reaches
    /// it: with the chance still to resolve resolved (the table shows a
    /// roll in its own time, a replay at once).
    fn position(&self) -> String {
        let mut game = self.game.clone();
        crate::engine::record::settle(&mut game, &mut Vec::new());
        position_mark(&game)
    }

    /// The save file of this session.
    pub fn save_file(&self) -> SaveFile<G> {
        SaveFile {
            header: SaveHeader::new(G::ID),
            managers: self.managers.clone(),
            series: self.series.clone(),
            record: self.record.clone(),
            cards: self.cards.clone(),
            finished: self.is_finished(),
            position: Some(self.position()),
        }
    }

    /// The card files the match was started with, when known.
    pub fn card_files(&self) -> Option<&std::collections::BTreeMap<String, String>> {
        self.cards.as_ref()
    }

    /// Records the card files the match is played with, so its saves carry
    /// them.
    pub fn set_card_files(&mut self, files: Option<std::collections::BTreeMap<String, String>>) {
        self.cards = files;
    }

    /// Writes the session to `path` (a temp file, then a rename, so a failed
    /// save leaves any old file intact).
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        write_save(path, &self.save_file())
    }

    /// Saves to `path` and says how it went, for the table: the message and
    /// whether it is an error.
    pub fn save_report(&self, path: &Path) -> (String, bool) {
        match self.save(path) {
            Ok(()) => (format!("Saved to {}", path.display()), false),
            Err(e) => (e.to_string(), true),
        }
    }

    /// Reads a save; nothing changes unless it is a valid save of this game
    /// that replays exactly. `names` names the cards in the log.
    pub fn load(path: &Path, names: G::Names) -> Result<Session<G>, SaveError> {
        let (shown, bytes) = read_save(path)?;
        Session::from_save_bytes(&shown, &bytes, names)
    }

    /// Reads a save from bytes (`name` is used in messages). Every part is
    /// checked before it is used: the game, the version, who sits where,
    /// every action's seat, and that the actions replay.
    pub fn from_save_bytes(
        name: &str,
        bytes: &[u8],
        names: G::Names,
    ) -> Result<Session<G>, SaveError> {
        let value = SaveHeader::check(name, bytes, G::ID)?;
        let corrupt = |reason: String| SaveError::Corrupt {
            path: name.to_string(),
            reason,
        };
        let save: SaveFile<G> = serde_json::from_value(value).map_err(|e| {
            // Most often a save whose `game` line was changed by hand: say
            // so in words, with the reader's detail cut short.
            let game = G::ID;
            let detail: String = e.to_string().chars().take(160).collect();
            corrupt(format!(
                "it says it is a `{game}` match, but what it holds is not one ({detail})"
            ))
        })?;
        if let Some(m) = save
            .managers
            .iter()
            .find(|m| m.name.chars().any(char::is_control) || m.name.chars().count() > 200)
        {
            return Err(corrupt(format!(
                "the manager name {:?} is not one a table can show",
                m.name.chars().take(40).collect::<String>()
            )));
        }
        let seats = G::config_seats(&save.record.config);
        let seat_map = match &save.series {
            Some(series) => series
                .seat_map(save.managers.len())
                .ok_or_else(|| corrupt("the series does not match its managers".into()))?,
            None => (0..save.managers.len()).collect(),
        };
        if seat_map.len() != seats || seat_map.iter().any(|m| *m >= save.managers.len()) {
            return Err(corrupt(format!(
                "{} managers for a match of {seats} seats",
                save.managers.len()
            )));
        }
        if let Some((i, (seat, _))) = save
            .record
            .actions
            .iter()
            .enumerate()
            .find(|(_, (s, _))| s.index() >= seats)
        {
            return Err(corrupt(format!(
                "action {} is by {seat}, of {seats} seats",
                i + 1
            )));
        }
        if let Some(start) = &save.record.start
            && start.seat_count() != seats
        {
            return Err(corrupt(format!(
                "the starting position has {} seats, the match {seats}",
                start.seat_count()
            )));
        }
        // A crafted starting position may break the engine's own
        // invariants; it must cost the user a message, never the app.
        let record = save.record.clone();
        let replayed =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || record.replay(None)))
                .map_err(|_| corrupt("the saved position is inconsistent".into()))?;
        let (game, events) = replayed.map_err(|e| corrupt(e.to_string()))?;
        if let Some(mark) = &save.position
            && *mark != position_mark(&game)
        {
            return Err(corrupt(
                "it does not replay to the position it was saved at: its seed or actions were changed"
                    .into(),
            ));
        }
        let mut s = Session::assemble(
            save.managers,
            save.record,
            game,
            names,
            save.series,
            seat_map,
        );
        s.cards = save.cards;
        s.open_match();
        s.log_events(events);
        s.undo_floor = s.draw_floor();
        s.note("Game loaded.");
        Ok(s)
    }
}

impl<G: TableGame> Session<G> {
    /// The undo floor of the record as it stands, found by replaying it
    /// one action at a time (for a loaded game); on any trouble, the whole
    /// record (undo then starts at the load).
    fn draw_floor(&self) -> usize {
        let all = self.record.actions.len();
        let mut game = match &self.record.start {
            Some(start) => start.clone(),
            None => match G::new(&self.record.config, self.record.seed) {
                Ok(g) => g,
                Err(_) => return all,
            },
        };
        let human_drew = |events: &[G::Event]| events.iter().any(|e| self.blocks_undo(e));
        let settle = crate::engine::settle::<G>;
        let mut events = Vec::new();
        settle(&mut game, &mut events);
        let mut floor = 0;
        for (i, (seat, action)) in self.record.actions.iter().enumerate() {
            events.clear();
            if game.apply_logged(*seat, action, &mut events).is_err() {
                return all;
            }
            settle(&mut game, &mut events);
            if human_drew(&events) {
                floor = i + 1;
            }
        }
        floor
    }
}

impl<G: TableGame> Seated for Session<G> {
    fn to_act(&self) -> ToAct {
        self.game.to_act()
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    fn is_human(&self, seat: Seat) -> bool {
        self.manager(seat)
            .is_some_and(|m| m.controller == Controller::Human)
    }

    fn revealed(&self) -> Option<Seat> {
        self.revealed
    }
}

/// Why a session could not start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError<E: std::error::Error> {
    /// The rules refused the configuration.
    #[error("{0}")]
    Game(#[source] E),
    /// Managers and seats do not match.
    #[error("{managers} managers for a match of {seats} seats")]
    Seats {
        /// Managers given.
        managers: usize,
        /// Seats of the match.
        seats: usize,
    },
    /// The series has no match to play.
    #[error("the series has no match to play")]
    NoMatch,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pace_is_slower_than_the_one_before() {
        for w in Pace::ALL.windows(2) {
            assert!(w[0].delay() < w[1].delay(), "{:?} {:?}", w[0], w[1]);
            assert!(w[0].animation() < w[1].animation(), "{:?} {:?}", w[0], w[1]);
        }
        assert_eq!(Pace::ALL[0].delay(), 0.0);
    }

    #[test]
    fn autosaves_rotate_and_the_oldest_is_dropped() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("last-game.json");
        for game in 1..=7 {
            rotate_autosaves(&path, 5).unwrap_or_else(|e| panic!("{e}"));
            let save = format!(
                "{{\"format\": \"touchline-save\", \"version\": 1, \"game\": \"g{game}\"}}"
            );
            std::fs::write(&path, save).unwrap_or_else(|e| panic!("{e}"));
        }
        let kept: Vec<String> = autosave_slots(&path, 5)
            .iter()
            .filter_map(|p| SaveSummary::read(p).map(|s| s.game))
            .collect();
        assert_eq!(kept, ["g7", "g6", "g5", "g4", "g3"]);
        assert_eq!(
            std::fs::read_dir(dir.path())
                .map(|d| d.count())
                .unwrap_or(0),
            5
        );
        assert_eq!(
            autosave_slots(&path, 3)[2],
            dir.path().join("last-game.2.json")
        );
    }
}

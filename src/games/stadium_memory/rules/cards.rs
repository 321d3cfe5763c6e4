//! Stadium Memory's cards: the types the rules engine plays with and the
//! loader that turns the two data files into a validated [`CardSet`].
//!
//! `card_data/stadium_memory/` holds two files, described field by field in
//! their header comments and in `docs/stadium-memory.md`:
//! - `players.toml`: the players, each printed on a pair of cards, with a
//!   point value;
//! - `deck.toml`: the card back, the default grid and the prize cards.
//!
//! The loader reads in-memory `(file name, text)` pairs (the caller owns the
//! file system), reports every problem it finds as a located
//! [`DataError`] (file, line, column, card, field) and never panics.

use crate::cards::{DataError, DataErrors, Rgb, parse_toml};
use crate::layout::picture::{BEARDS, FACES, HAIR_COLOURS, HAIRS, SKINS};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use toml::Spanned;

/// The players file, as named in errors.
pub const PLAYERS_FILE: &str = "card_data/stadium_memory/players.toml";
/// The deck file, as named in errors.
pub const DECK_FILE: &str = "card_data/stadium_memory/deck.toml";
/// The embedded default files, `(name, text)`.
pub const EMBEDDED_FILES: [(&str, &str); 2] = [
    (
        PLAYERS_FILE,
        include_str!("../../../../card_data/stadium_memory/players.toml"),
    ),
    (
        DECK_FILE,
        include_str!("../../../../card_data/stadium_memory/deck.toml"),
    ),
];

/// The most rows or columns a grid may have (rows are lettered A-Z).
pub const MAX_SIDE: u8 = 26;
/// The most players a set may hold.
pub const MAX_PLAYERS: usize = 300;
/// The most copies of one prize card.
pub const MAX_PRIZE_COPIES: u8 = 40;

/// The four prize cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prize {
    /// Stops the player moving; two on one player act as a red.
    Yellow,
    /// Stops everyone; the turn passes to whoever played it.
    Red,
    /// A private look at two face-down cards before one's own move.
    Var,
    /// A match instead of a turn; the winner takes a pair from the loser.
    PlayGame,
}

impl Prize {
    /// Every prize, in file order.
    pub const ALL: [Prize; 4] = [Prize::Yellow, Prize::Red, Prize::Var, Prize::PlayGame];

    /// The prize's index in per-kind arrays.
    pub fn index(self) -> usize {
        match self {
            Prize::Yellow => 0,
            Prize::Red => 1,
            Prize::Var => 2,
            Prize::PlayGame => 3,
        }
    }

    /// The key used in files and notation.
    pub fn key(self) -> &'static str {
        match self {
            Prize::Yellow => "yellow",
            Prize::Red => "red",
            Prize::Var => "var",
            Prize::PlayGame => "play_game",
        }
    }

    /// Parses a key (`game` is accepted for `play_game`).
    pub fn parse(s: &str) -> Option<Prize> {
        match s.trim().to_ascii_lowercase().as_str() {
            "yellow" => Some(Prize::Yellow),
            "red" => Some(Prize::Red),
            "var" => Some(Prize::Var),
            "play_game" | "game" | "playgame" => Some(Prize::PlayGame),
            _ => None,
        }
    }

    /// The name printed on the card.
    pub fn title(self) -> &'static str {
        match self {
            Prize::Yellow => "Yellow Card",
            Prize::Red => "Red Card",
            Prize::Var => "VAR",
            Prize::PlayGame => "PLAY GAME",
        }
    }
}

/// One count per prize kind, indexed by [`Prize::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PrizeCounts(pub [u8; 4]);

impl PrizeCounts {
    /// The count of `p`.
    pub fn get(&self, p: Prize) -> u8 {
        self.0[p.index()]
    }

    /// Sets the count of `p`.
    pub fn set(&mut self, p: Prize, n: u8) {
        self.0[p.index()] = n;
    }

    /// Adds one `p`.
    pub fn add(&mut self, p: Prize) {
        let c = &mut self.0[p.index()];
        *c = c.saturating_add(1);
    }

    /// Removes one `p`; false (and no change) when there is none.
    pub fn take(&mut self, p: Prize) -> bool {
        let c = &mut self.0[p.index()];
        if *c == 0 {
            false
        } else {
            *c -= 1;
            true
        }
    }

    /// All prizes counted.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }
}

/// The index of a player in [`CardSet::players`].
pub type PlayerId = u16;

/// What a card shows. Both cards of a pair are the same `Card`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    /// One of the two cards of a player.
    Player(PlayerId),
    /// A prize card.
    Prize(Prize),
}

/// A player, printed on a pair of cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerCard {
    /// Unique id (`ferro`), used in scenarios and logs.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Printed nation (flavour).
    pub nation: String,
    /// Printed club (flavour).
    pub club: String,
    /// What the pair scores at the end.
    pub points: u32,
    /// How the player looks on the cards (older saves have none: a
    /// default look).
    #[serde(default)]
    pub portrait: Portrait,
}

/// How a player looks on their cards: words from the shared portrait
/// vocabulary (`crate::layout::picture`) and the kit's colours. Chosen
/// from the player's id where the file leaves them out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Portrait {
    /// Face shape.
    pub face: String,
    /// Skin tone (a name or `#RRGGBB`).
    pub skin: String,
    /// Hair style.
    pub hair: String,
    /// Hair colour (a name or `#RRGGBB`).
    pub hair_colour: String,
    /// Facial hair.
    pub beard: String,
    /// The shirt.
    pub kit: Rgb,
    /// The collar, cuffs and number.
    pub trim: Rgb,
    /// The shirt number, 1-99.
    pub number: u8,
}

impl Default for Portrait {
    fn default() -> Self {
        Portrait {
            face: "oval".into(),
            skin: "medium".into(),
            hair: "short".into(),
            hair_colour: "brown".into(),
            beard: "none".into(),
            kit: Rgb(0x2F, 0x6F, 0xC0),
            trim: Rgb(0xFF, 0xFF, 0xFF),
            number: 10,
        }
    }
}

impl Portrait {
    /// The features two players are told apart by at a glance.
    fn features(&self) -> [String; 6] {
        [
            self.face.clone(),
            self.skin.clone(),
            self.hair.clone(),
            self.hair_colour.clone(),
            self.beard.clone(),
            self.kit.to_string(),
        ]
    }

    /// In how many of [`Portrait::features`] two portraits differ.
    pub fn difference(&self, other: &Portrait) -> usize {
        self.features()
            .iter()
            .zip(other.features().iter())
            .filter(|(a, b)| a != b)
            .count()
    }
}

/// A prize card design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeCard {
    /// Which prize.
    pub kind: Prize,
    /// Printed name.
    pub name: String,
    /// Copies in the default deck.
    pub copies: u8,
    /// Printed rule text.
    pub text: String,
}

/// The validated Stadium Memory set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSet {
    /// Text on every card's back.
    pub back: String,
    /// Default rows of the grid.
    pub rows: u8,
    /// Default seats per row.
    pub columns: u8,
    /// The players, each a pair of cards.
    pub players: Vec<PlayerCard>,
    /// The four prize designs, in [`Prize::ALL`] order.
    pub prizes: Vec<PrizeCard>,
}

impl CardSet {
    /// Loads and validates a set from `(file name, text)` pairs; the files
    /// are found by name ending in `players.toml` and `deck.toml`. Reports
    /// every problem found, not just the first.
    pub fn load(files: &[(&str, &str)]) -> Result<CardSet, DataErrors> {
        let mut errors = Vec::new();
        let find = |suffix: &str| {
            files
                .iter()
                .find(|(name, _)| name.replace('\\', "/").ends_with(suffix))
                .copied()
        };
        let players = match find("players.toml") {
            None => {
                errors.push(DataError::file(PLAYERS_FILE, "the players file is missing"));
                Vec::new()
            }
            Some((name, text)) => match parse_toml::<RawPlayers>(name, text) {
                Ok(raw) => validate_players(name, text, raw, &mut errors),
                Err(e) => {
                    errors.push(e);
                    Vec::new()
                }
            },
        };
        let deck = match find("deck.toml") {
            None => {
                errors.push(DataError::file(DECK_FILE, "the deck file is missing"));
                None
            }
            Some((name, text)) => match parse_toml::<RawDeck>(name, text) {
                Ok(raw) => validate_deck(name, text, raw, &mut errors).map(|d| (d, name)),
                Err(e) => {
                    errors.push(e);
                    None
                }
            },
        };
        let Some(((back, rows, columns, prizes), deck_name)) = deck else {
            return Err(DataErrors(errors));
        };
        let set = CardSet {
            back,
            rows,
            columns,
            players,
            prizes,
        };
        if errors.is_empty() {
            if set.players.is_empty() {
                errors.push(DataError::file(
                    PLAYERS_FILE,
                    "the set needs at least one [[player]]",
                ));
            }
            let cells = usize::from(set.rows) * usize::from(set.columns);
            if set.card_count() > cells {
                errors.push(
                    DataError::file(
                        deck_name,
                        format!(
                            "{} rows of {} seats hold {cells} cards, but the deck has {} ({} players x 2 + {} prize cards)",
                            set.rows,
                            set.columns,
                            set.card_count(),
                            set.players.len(),
                            set.prize_counts().total()
                        ),
                    )
                    .field("rows"),
                );
            }
        }
        if errors.is_empty() {
            Ok(set)
        } else {
            Err(DataErrors(errors))
        }
    }

    /// The embedded default set (always valid: a test guards it).
    pub fn default_set() -> Result<CardSet, DataErrors> {
        CardSet::load(&EMBEDDED_FILES)
    }

    /// The player with index `id`.
    pub fn player(&self, id: PlayerId) -> Option<&PlayerCard> {
        self.players.get(usize::from(id))
    }

    /// The points of player `id` (0 for an unknown id).
    pub fn points(&self, id: PlayerId) -> u32 {
        self.player(id).map_or(0, |p| p.points)
    }

    /// The player whose id is `id` (case-insensitive).
    pub fn find_player(&self, id: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.id.eq_ignore_ascii_case(id.trim()))
            .and_then(|i| PlayerId::try_from(i).ok())
    }

    /// A card by notation: a player id or a prize key.
    pub fn find_card(&self, s: &str) -> Option<Card> {
        self.find_player(s)
            .map(Card::Player)
            .or_else(|| Prize::parse(s).map(Card::Prize))
    }

    /// A card's id in notation (`ferro`, `yellow`).
    pub fn key(&self, card: Card) -> String {
        match card {
            Card::Player(p) => self
                .player(p)
                .map_or_else(|| format!("#{p}"), |p| p.id.clone()),
            Card::Prize(p) => p.key().to_string(),
        }
    }

    /// A card's printed name (`Tomas Ferro`, `Yellow Card`).
    pub fn name(&self, card: Card) -> String {
        match card {
            Card::Player(p) => self
                .player(p)
                .map_or_else(|| format!("player #{p}"), |p| p.name.clone()),
            Card::Prize(k) => self
                .prizes
                .iter()
                .find(|d| d.kind == k)
                .map_or_else(|| k.title().to_string(), |d| d.name.clone()),
        }
    }

    /// Copies of each prize in the default deck.
    pub fn prize_counts(&self) -> PrizeCounts {
        let mut c = PrizeCounts::default();
        for p in &self.prizes {
            c.set(p.kind, p.copies);
        }
        c
    }

    /// Cards in the default deck.
    pub fn card_count(&self) -> usize {
        self.players.len() * 2 + self.prize_counts().total() as usize
    }
}

/// A seat of the stadium grid, as an index in row-major order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pos(pub u16);

impl Pos {
    /// The index in a row-major grid.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Notation for a grid of `columns` seats per row: row letter and seat
    /// number, `A1` top left, `J10` bottom right of a 10 x 10 grid.
    pub fn notation(self, columns: u8) -> String {
        let cols = u16::from(columns.max(1));
        let row = self.0 / cols;
        let col = self.0 % cols + 1;
        let letter = u8::try_from(row)
            .ok()
            .filter(|r| *r < 26)
            .map(|r| (b'A' + r) as char);
        match letter {
            Some(l) => format!("{l}{col}"),
            None => format!("#{}", self.0),
        }
    }

    /// Parses `C7` against a grid of `rows` x `columns`.
    pub fn parse(s: &str, rows: u8, columns: u8) -> Option<Pos> {
        let s = s.trim();
        let mut chars = s.chars();
        let l = chars.next()?.to_ascii_uppercase();
        if !l.is_ascii_uppercase() {
            return None;
        }
        let row = u16::from(l as u8 - b'A');
        let col: u16 = chars.as_str().parse().ok()?;
        if row >= u16::from(rows) || col == 0 || col > u16::from(columns) {
            return None;
        }
        Some(Pos(row * u16::from(columns) + col - 1))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

// ----- raw file shapes -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayers {
    #[serde(default)]
    player: Vec<Spanned<RawPlayer>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    id: Spanned<String>,
    name: Spanned<String>,
    #[serde(default)]
    nation: String,
    #[serde(default)]
    club: String,
    points: Spanned<i64>,
    face: Option<Spanned<String>>,
    skin: Option<Spanned<String>>,
    hair: Option<Spanned<String>>,
    hair_colour: Option<Spanned<String>>,
    beard: Option<Spanned<String>>,
    kit: Option<Spanned<String>>,
    kit_trim: Option<Spanned<String>>,
    number: Option<Spanned<i64>>,
}

/// Kits a player without one is given: (shirt, trim).
const KITS: [(Rgb, Rgb); 12] = [
    (Rgb(0xC6, 0x28, 0x28), Rgb(0xFF, 0xFF, 0xFF)),
    (Rgb(0x1E, 0x4F, 0xD8), Rgb(0xFF, 0xFF, 0xFF)),
    (Rgb(0xF5, 0xF5, 0xF5), Rgb(0x0D, 0x47, 0xA1)),
    (Rgb(0x2E, 0x7D, 0x32), Rgb(0xFF, 0xEB, 0x3B)),
    (Rgb(0xFD, 0xD8, 0x35), Rgb(0x1A, 0x1A, 0x1A)),
    (Rgb(0x6A, 0x1B, 0x9A), Rgb(0xFF, 0xFF, 0xFF)),
    (Rgb(0x21, 0x21, 0x21), Rgb(0xE5, 0x39, 0x35)),
    (Rgb(0x00, 0x89, 0x7B), Rgb(0xFF, 0xFF, 0xFF)),
    (Rgb(0xEF, 0x6C, 0x00), Rgb(0x1A, 0x1A, 0x1A)),
    (Rgb(0x81, 0xD4, 0xFA), Rgb(0x0D, 0x2B, 0x45)),
    (Rgb(0x7B, 0x1E, 0x3C), Rgb(0x90, 0xCA, 0xF9)),
    (Rgb(0xEC, 0x40, 0x7A), Rgb(0x1A, 0x1A, 0x1A)),
];

/// What the file says of one player's portrait (`None`: left out).
#[derive(Default)]
struct GivenPortrait {
    face: Option<String>,
    skin: Option<String>,
    hair: Option<String>,
    hair_colour: Option<String>,
    beard: Option<String>,
    kit: Option<(Rgb, Option<Rgb>)>,
    number: Option<u8>,
}

/// A number from `id` and `salt`, the same on every machine (FNV-1a).
fn stable_hash(id: &str, salt: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for b in id.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^ (h >> 29)
}

/// One of `list`, picked by `h`.
fn pick<T: Clone>(list: &[T], h: u64) -> T {
    list[(h % list.len() as u64) as usize].clone()
}

/// Portraits for every player: what the file gives, the rest chosen from
/// the id so that each player differs from every earlier one in at least
/// two features where that can be done (the same result every time).
fn portraits(ids: &[String], given: Vec<GivenPortrait>) -> Vec<Portrait> {
    let names = |l: &[(&str, Rgb)]| l.iter().map(|(n, _)| n.to_string()).collect::<Vec<_>>();
    let (skins, hair_colours) = (names(&SKINS), names(&HAIR_COLOURS));
    let mut out: Vec<Portrait> = Vec::new();
    for (id, g) in ids.iter().zip(given) {
        let candidate = |attempt: u64| {
            let h = |n: u64| stable_hash(id, attempt * 16 + n);
            let (kit, trim) = match g.kit {
                Some((kit, trim)) => (kit, trim.unwrap_or(Rgb(0xFF, 0xFF, 0xFF))),
                None => pick(&KITS, h(5)),
            };
            Portrait {
                face: g
                    .face
                    .clone()
                    .unwrap_or_else(|| pick(&FACES, h(0)).to_string()),
                skin: g.skin.clone().unwrap_or_else(|| pick(&skins, h(1))),
                hair: g
                    .hair
                    .clone()
                    .unwrap_or_else(|| pick(&HAIRS, h(2)).to_string()),
                hair_colour: g
                    .hair_colour
                    .clone()
                    .unwrap_or_else(|| pick(&hair_colours, h(3))),
                beard: g
                    .beard
                    .clone()
                    .unwrap_or_else(|| pick(&BEARDS, h(4)).to_string()),
                kit,
                trim,
                number: g.number.unwrap_or_else(|| 1 + (h(6) % 99) as u8),
            }
        };
        let closest = |p: &Portrait| out.iter().map(|o| p.difference(o)).min().unwrap_or(6);
        let mut best = candidate(0);
        for attempt in 1..64 {
            if closest(&best) >= 2 {
                break;
            }
            let next = candidate(attempt);
            if closest(&next) > closest(&best) {
                best = next;
            }
        }
        out.push(best);
    }
    out
}

/// The deck file: the stand's `back`, `rows` and `columns`, in a
/// `[stand]` table (what the editor writes) or at the top of the file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    back: Option<Spanned<String>>,
    rows: Option<Spanned<i64>>,
    columns: Option<Spanned<i64>>,
    stand: Option<Spanned<RawStand>>,
    #[serde(default)]
    prize: Vec<Spanned<RawPrize>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStand {
    back: Spanned<String>,
    rows: Spanned<i64>,
    columns: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrize {
    kind: Spanned<String>,
    name: Spanned<String>,
    copies: Spanned<i64>,
    #[serde(default)]
    text: String,
}

fn id_ok(id: &str) -> bool {
    let mut chars = id.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn validate_players(
    file: &str,
    text: &str,
    raw: RawPlayers,
    errors: &mut Vec<DataError>,
) -> Vec<PlayerCard> {
    let mut out = Vec::new();
    let mut given: Vec<GivenPortrait> = Vec::new();
    let mut spans: Vec<(String, usize)> = Vec::new();
    let mut ids = HashSet::new();
    if raw.player.len() > MAX_PLAYERS {
        errors.push(DataError::file(
            file,
            format!(
                "{} players; a set holds at most {MAX_PLAYERS}",
                raw.player.len()
            ),
        ));
        return out;
    }
    for rp in raw.player {
        let rp = rp.into_inner();
        let label = format!("{} ({})", rp.id.get_ref(), rp.name.get_ref().trim());
        let err = |msg: String, offset: usize, field: &str| {
            DataError::file(file, msg)
                .at(text, offset)
                .card(label.clone())
                .field(field)
        };
        let id = rp.id.get_ref();
        if !id_ok(id) {
            errors.push(err(
                format!(
                    "`{id}` must be lower-case letters, digits and '-', starting with a letter or digit"
                ),
                rp.id.span().start,
                "id",
            ));
        } else if Prize::parse(id).is_some() {
            errors.push(err(
                format!("`{id}` is the name of a prize card; choose another id"),
                rp.id.span().start,
                "id",
            ));
        } else if !ids.insert(id.clone()) {
            errors.push(err(
                format!("id `{id}` is used by another player"),
                rp.id.span().start,
                "id",
            ));
        }
        if rp.name.get_ref().trim().is_empty() {
            errors.push(err(
                "must not be empty".into(),
                rp.name.span().start,
                "name",
            ));
        }
        let points = *rp.points.get_ref();
        if !(1..=99).contains(&points) {
            errors.push(err(
                format!("must be 1-99, found {points}"),
                rp.points.span().start,
                "points",
            ));
        }
        let word = |v: &Option<Spanned<String>>,
                    list: &[&str],
                    field: &str,
                    errors: &mut Vec<DataError>| {
            let v = v.as_ref()?;
            let w = v.get_ref().trim();
            if list.contains(&w) {
                Some(w.to_string())
            } else {
                errors.push(err(
                    format!("`{w}` is not one of {}", list.join(", ")),
                    v.span().start,
                    field,
                ));
                None
            }
        };
        let tone = |v: &Option<Spanned<String>>,
                    list: &[(&str, Rgb)],
                    field: &str,
                    errors: &mut Vec<DataError>| {
            let v = v.as_ref()?;
            let w = v.get_ref().trim();
            if list.iter().any(|(n, _)| *n == w) || (w.starts_with('#') && Rgb::parse(w).is_ok()) {
                Some(w.to_string())
            } else {
                let names: Vec<&str> = list.iter().map(|(n, _)| *n).collect();
                errors.push(err(
                    format!(
                        "`{w}` is not one of {} or a #RRGGBB colour",
                        names.join(", ")
                    ),
                    v.span().start,
                    field,
                ));
                None
            }
        };
        let colour = |v: &Option<Spanned<String>>, field: &str, errors: &mut Vec<DataError>| {
            let v = v.as_ref()?;
            match Rgb::parse(v.get_ref()) {
                Ok(c) => Some(c),
                Err(m) => {
                    errors.push(err(m, v.span().start, field));
                    None
                }
            }
        };
        let number = rp.number.as_ref().and_then(|n| {
            let v = *n.get_ref();
            match u8::try_from(v) {
                Ok(v) if (1..=99).contains(&v) => Some(v),
                _ => {
                    errors.push(err(
                        format!("must be 1-99, found {v}"),
                        n.span().start,
                        "number",
                    ));
                    None
                }
            }
        });
        let trim = colour(&rp.kit_trim, "kit_trim", errors);
        given.push(GivenPortrait {
            face: word(&rp.face, &FACES, "face", errors),
            skin: tone(&rp.skin, &SKINS, "skin", errors),
            hair: word(&rp.hair, &HAIRS, "hair", errors),
            hair_colour: tone(&rp.hair_colour, &HAIR_COLOURS, "hair_colour", errors),
            beard: word(&rp.beard, &BEARDS, "beard", errors),
            kit: colour(&rp.kit, "kit", errors).map(|k| (k, trim)),
            number,
        });
        spans.push((label.clone(), rp.id.span().start));
        out.push(PlayerCard {
            id: id.clone(),
            name: rp.name.get_ref().trim().to_string(),
            nation: rp.nation.trim().to_string(),
            club: rp.club.trim().to_string(),
            points: u32::try_from(points.clamp(1, 99)).unwrap_or(1),
            portrait: Portrait::default(),
        });
    }
    let ids: Vec<String> = out.iter().map(|p| p.id.clone()).collect();
    for (p, look) in out.iter_mut().zip(portraits(&ids, given)) {
        p.portrait = look;
    }
    // Two players who share every feature would be told apart by their
    // names alone: in a memory game that is a mistake in the file.
    for (i, p) in out.iter().enumerate() {
        if let Some(twin) = out
            .iter()
            .take(i)
            .find(|o| o.portrait.difference(&p.portrait) == 0)
            && let Some((label, at)) = spans.get(i)
        {
            errors.push(
                DataError::file(
                    file,
                    format!(
                        "looks exactly like {} ({}): give one of them another face, skin, hair, hair_colour, beard or kit",
                        twin.id, twin.name
                    ),
                )
                .at(text, *at)
                .card(label.clone())
                .field("portrait"),
            );
        }
    }
    out
}

type DeckParts = (String, u8, u8, Vec<PrizeCard>);

fn validate_deck(
    file: &str,
    text: &str,
    raw: RawDeck,
    errors: &mut Vec<DataError>,
) -> Option<DeckParts> {
    let before = errors.len();
    let err = |msg: String, offset: usize, field: &str| {
        DataError::file(file, msg).at(text, offset).field(field)
    };
    let top = raw.back.is_some() || raw.rows.is_some() || raw.columns.is_some();
    let (back, rows, columns) = match (raw.stand, raw.back, raw.rows, raw.columns) {
        (Some(stand), ..) if top => {
            errors.push(err(
                "write back, rows and columns either in [stand] or at the top of the file, not both"
                    .into(),
                stand.span().start,
                "stand",
            ));
            return None;
        }
        (Some(stand), ..) => {
            let stand = stand.into_inner();
            (stand.back, stand.rows, stand.columns)
        }
        (None, Some(back), Some(rows), Some(columns)) => (back, rows, columns),
        (None, back, rows, _) => {
            let missing = if back.is_none() {
                "back"
            } else if rows.is_none() {
                "rows"
            } else {
                "columns"
            };
            errors.push(
                DataError::file(
                    file,
                    format!(
                        "`{missing}` is missing: the [stand] table needs back, rows and columns"
                    ),
                )
                .field(missing),
            );
            return None;
        }
    };
    if back.get_ref().trim().is_empty() {
        errors.push(err(
            "the back label must not be empty".into(),
            back.span().start,
            "back",
        ));
    }
    let mut side = |v: &Spanned<i64>, field: &str| -> u8 {
        let n = *v.get_ref();
        if (1..=i64::from(MAX_SIDE)).contains(&n) {
            n as u8
        } else {
            errors.push(err(
                format!("must be 1-{MAX_SIDE}, found {n}"),
                v.span().start,
                field,
            ));
            1
        }
    };
    let rows = side(&rows, "rows");
    let columns = side(&columns, "columns");
    let mut prizes: Vec<Option<PrizeCard>> = vec![None; 4];
    for rp in raw.prize {
        let rp = rp.into_inner();
        let kind_text = rp.kind.get_ref();
        let label = format!("{kind_text} ({})", rp.name.get_ref().trim());
        let perr = |msg: String, offset: usize, field: &str| {
            DataError::file(file, msg)
                .at(text, offset)
                .card(label.clone())
                .field(field)
        };
        let Some(kind) = Prize::ALL.into_iter().find(|p| p.key() == kind_text) else {
            errors.push(perr(
                format!("`{kind_text}` is not a prize: use yellow, red, var or play_game"),
                rp.kind.span().start,
                "kind",
            ));
            continue;
        };
        if rp.name.get_ref().trim().is_empty() {
            errors.push(perr(
                "must not be empty".into(),
                rp.name.span().start,
                "name",
            ));
        }
        let copies = *rp.copies.get_ref();
        if !(0..=i64::from(MAX_PRIZE_COPIES)).contains(&copies) {
            errors.push(perr(
                format!("must be 0-{MAX_PRIZE_COPIES}, found {copies}"),
                rp.copies.span().start,
                "copies",
            ));
        }
        let Some(slot) = prizes.get_mut(kind.index()) else {
            continue;
        };
        if slot.is_some() {
            errors.push(perr(
                format!("`{kind_text}` is listed twice; list each prize once"),
                rp.kind.span().start,
                "kind",
            ));
            continue;
        }
        *slot = Some(PrizeCard {
            kind,
            name: rp.name.get_ref().trim().to_string(),
            copies: copies.clamp(0, i64::from(MAX_PRIZE_COPIES)) as u8,
            text: rp.text.trim().to_string(),
        });
    }
    let mut out = Vec::new();
    for (kind, slot) in Prize::ALL.into_iter().zip(prizes) {
        match slot {
            Some(p) => out.push(p),
            None => errors.push(DataError::file(
                file,
                format!(
                    "the [[prize]] with kind = \"{}\" is missing (write copies = 0 to leave it out)",
                    kind.key()
                ),
            )),
        }
    }
    (errors.len() == before).then(|| (back.get_ref().trim().to_string(), rows, columns, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_set_loads_with_a_hundred_cards() {
        let set = CardSet::default_set().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(set.card_count(), 100);
        assert_eq!(set.players.len(), 42);
        assert_eq!(set.back, "Rivet");
        assert_eq!((set.rows, set.columns), (10, 10));
        assert_eq!(set.prize_counts(), PrizeCounts([6, 2, 4, 4]));
    }

    #[test]
    fn positions_read_as_row_letter_and_seat_number() {
        assert_eq!(Pos(0).notation(10), "A1");
        assert_eq!(Pos(99).notation(10), "J10");
        assert_eq!(Pos::parse("c7", 10, 10), Some(Pos(26)));
        assert_eq!(Pos::parse("K1", 10, 10), None);
        assert_eq!(Pos::parse("A0", 10, 10), None);
        assert_eq!(Pos::parse("", 10, 10), None);
        assert_eq!(Pos::parse("é1", 10, 10), None);
    }

    fn deck_with(prizes: &str) -> String {
        format!("back = \"Rivet\"\nrows = 2\ncolumns = 3\n{prizes}")
    }

    const PRIZES: &str = "[[prize]]\nkind = \"yellow\"\nname = \"Y\"\ncopies = 1\n[[prize]]\nkind = \"red\"\nname = \"R\"\ncopies = 0\n[[prize]]\nkind = \"var\"\nname = \"V\"\ncopies = 0\n[[prize]]\nkind = \"play_game\"\nname = \"P\"\ncopies = 1\n";

    #[test]
    fn errors_name_file_line_card_and_field() {
        let players = "[[player]]\nid = \"a\"\nname = \"A\"\npoints = 1\n\n[[player]]\nid = \"b\"\nname = \"B\"\npoints = 0\n";
        let deck = deck_with(PRIZES);
        let Err(e) = CardSet::load(&[("p/players.toml", players), ("p/deck.toml", &deck)]) else {
            panic!("points = 0 must be refused");
        };
        let text = e.to_string();
        assert!(
            text.contains("p/players.toml:9:10: card b (B), field `points`: must be 1-99"),
            "{text}"
        );
    }

    #[test]
    fn portraits_are_read_located_or_chosen_from_the_id_and_twins_refused() {
        let deck = deck_with(PRIZES).replace("rows = 2", "rows = 9");
        let load =
            |players: &str| CardSet::load(&[("p/players.toml", players), ("p/deck.toml", &deck)]);
        // Given fields are kept; the rest is chosen from the id, the same
        // on every load, and a second player differs from the first.
        let players = "[[player]]\nid = \"a\"\nname = \"A\"\npoints = 1\nhair = \"afro\"\nkit = \"#112233\"\nnumber = 7\n\n[[player]]\nid = \"b\"\nname = \"B\"\npoints = 1\n";
        let set = load(players).unwrap_or_else(|e| panic!("{e}"));
        let again = load(players).unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = (&set.players[0].portrait, &set.players[1].portrait);
        assert_eq!(
            (a.hair.as_str(), a.kit, a.number),
            ("afro", Rgb(0x11, 0x22, 0x33), 7)
        );
        assert!(FACES.contains(&a.face.as_str()) && BEARDS.contains(&b.beard.as_str()));
        assert_eq!(set, again, "chosen the same every time");
        assert!(a.difference(b) >= 2, "{a:?} {b:?}");
        // A word not in the list is named with its line, card and field.
        let bad =
            "[[player]]\nid = \"a\"\nname = \"A\"\npoints = 1\nface = \"heart\"\nnumber = 0\n";
        let text = load(bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            text.contains(
                "p/players.toml:5:8: card a (A), field `face`: `heart` is not one of oval"
            ),
            "{text}"
        );
        assert!(
            text.contains("field `number`: must be 1-99, found 0"),
            "{text}"
        );
        // Two players alike in every feature are refused, naming both.
        let look = "face = \"round\"\nskin = \"olive\"\nhair = \"curly\"\nhair_colour = \"black\"\nbeard = \"none\"\nkit = \"#C62828\"\n";
        let twins = format!(
            "[[player]]\nid = \"a\"\nname = \"A\"\npoints = 1\n{look}\n[[player]]\nid = \"b\"\nname = \"B\"\npoints = 1\n{look}"
        );
        let text = load(&twins)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            text.contains("card b (B), field `portrait`: looks exactly like a (A)"),
            "{text}"
        );
    }

    #[test]
    fn a_grid_too_small_for_the_deck_is_refused() {
        let players = "[[player]]\nid = \"a\"\nname = \"A\"\npoints = 1\n[[player]]\nid = \"b\"\nname = \"B\"\npoints = 2\n[[player]]\nid = \"c\"\nname = \"C\"\npoints = 2\n";
        let deck = deck_with(PRIZES);
        let Err(e) = CardSet::load(&[("players.toml", players), ("deck.toml", &deck)]) else {
            panic!("8 cards in 6 seats must be refused");
        };
        assert!(e.to_string().contains("hold 6 cards"), "{e}");
    }

    #[test]
    fn missing_prize_kinds_and_unknown_fields_are_reported() {
        let players = "[[player]]\nid = \"a\"\nname = \"A\"\npoints = 1\ncolour = 3\n";
        let deck = deck_with("[[prize]]\nkind = \"blue\"\nname = \"B\"\ncopies = 1\n");
        let Err(e) = CardSet::load(&[("players.toml", players), ("deck.toml", &deck)]) else {
            panic!("must fail");
        };
        let text = e.to_string();
        assert!(text.contains("colour"), "{text}");
        assert!(text.contains("`blue` is not a prize"), "{text}");
        assert!(text.contains("kind = \"red\" is missing"), "{text}");
    }

    #[test]
    fn the_stand_may_be_a_table_but_not_both() {
        let players = "[[player]]\nid = \"a\"\nname = \"A\"\npoints = 1\n";
        let deck = format!("[stand]\nback = \"Lawn\"\nrows = 2\ncolumns = 3\n{PRIZES}");
        let set = CardSet::load(&[("players.toml", players), ("deck.toml", &deck)])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((set.back.as_str(), set.rows, set.columns), ("Lawn", 2, 3));
        let both = format!("rows = 2\n{deck}");
        let Err(e) = CardSet::load(&[("players.toml", players), ("deck.toml", &both)]) else {
            panic!("both forms at once must be refused");
        };
        assert!(e.to_string().contains("not both"), "{e}");
        let none = PRIZES.to_string();
        let Err(e) = CardSet::load(&[("players.toml", players), ("deck.toml", &none)]) else {
            panic!("a deck without its stand must be refused");
        };
        assert!(e.to_string().contains("`back` is missing"), "{e}");
    }

    #[test]
    fn garbage_never_panics() {
        for junk in [
            "",
            "[[player]]",
            "back = 3",
            "rows = -1\ncolumns = 99999999999",
            "\u{0}",
        ] {
            let _ = CardSet::load(&[("players.toml", junk), ("deck.toml", junk)]);
        }
        assert!(CardSet::load(&[]).is_err());
    }
}
